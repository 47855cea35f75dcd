import Testing
import CardDiagnostics
@testable import CardSyntax

/// Token kinds, byte ranges and literal values for every lexical form of docs/language.md §2.
@Suite struct LexerTests {
    /// Tokens (without the end-of-file token) as `kind text` pairs.
    func lex(_ text: String) -> (tokens: [(TokenKind, String)], lexed: LexedFile, file: SourceFile) {
        let file = SourceFile(path: "t.cards", text: text)
        let lexed = Lexer.tokenize(file)
        var result: [(TokenKind, String)] = []
        for t in 0..<(lexed.tokens.count - 1) { result.append((lexed.tokens.kind(t), file.text(lexed.tokens.range(t)))) }
        return (result, lexed, file)
    }

    func kinds(_ text: String) -> [TokenKind] { lex(text).tokens.map(\.0) }
    func texts(_ text: String) -> [String] { lex(text).tokens.map(\.1) }
    func codes(_ text: String) -> [String] { lex(text).lexed.diagnostics.map(\.code.rawValue) }

    @Test func forEachTokenHandsOutWhatTokenizeKeeps() {
        let file = SourceFile(path: "t.cards", text: "card A {\n  x: \"a\" /* c */ y: 1.5e3 @ .b\n}")
        var seen: [Token] = []
        let streamed = Lexer.forEachToken(in: file) { seen.append($0) }
        let lexed = Lexer.tokenize(file)
        #expect(streamed.tokens.count == 0)
        #expect(seen.map(\.kind) == lexed.tokens.kinds)
        #expect(seen.map(\.range) == (0..<lexed.tokens.count).map { lexed.tokens.range($0) })
        #expect(seen.map(\.startsLine) == (0..<lexed.tokens.count).map { lexed.tokens.startsLine($0) })
        #expect(streamed.diagnostics == lexed.diagnostics && streamed.comments == lexed.comments)
    }

    @Test("names, strings, enum cases and bindings that run to the end of the file keep their ends")
    func runsToTheEndOfTheFile() {
        // The last byte decides whether runs are scanned with bounds checks (`runEnd`).
        #expect(texts("a bc") == ["a", "bc"])
        #expect(texts("x .center") == ["x", ".center"])
        #expect(texts("$item.name") == ["$item.name"])
        #expect(texts("\"abc") == ["\"abc"])
        #expect(texts("abc\n\"de") == ["abc", "\"de"])
        #expect(texts("#abc") == ["#abc"])
        #expect(texts("card") == ["card"] && kinds("card") == [.keywordCard])
    }

    @Test("trivia at the end of the file, or making up all of it, ends in the end-of-file token with its line break")
    func trailingTrivia() {
        // `fill` skips trivia unchecked only before the file's trailing trivia (`triviaEnd`).
        for (source, count, startsLine) in [("", 1, false), ("  \t ", 1, false), ("\n\n  ", 1, true),
                                            ("\u{FEFF} \n", 1, true), ("a", 2, false), ("a \r\n  \n", 2, true),
                                            ("a b  ", 3, false), ("{\n  x\n}\n", 4, true), ("x // c\n ", 2, true)] {
            let lexed = lex(source).lexed
            #expect(lexed.tokens.count == count, "\(source.debugDescription)")
            #expect(lexed.tokens.kind(count - 1) == .endOfFile && lexed.tokens.startsLine(count - 1) == startsLine,
                    "\(source.debugDescription)")
            #expect(lexed.tokens.start(count - 1) == source.utf8.count)
        }
        #expect(texts("a\n\n   bc\t d \n") == ["a", "bc", "d"])
        #expect(lex("a\n\n   bc\t d \n").lexed.tokens.startsLine(1))
        // Lexing again from a token's start, as a tree resolves one, finds the same token.
        let file = SourceFile(path: "t.cards", text: "a  .b\n  $c \"d\"  \n")
        let lexed = Lexer.tokenize(file)
        for t in 0..<lexed.tokens.count {
            let token = Lexer.token(at: lexed.tokens.start(t), in: file)
            #expect(token.kind == lexed.tokens.kind(t) && token.range == lexed.tokens.range(t))
        }
    }

    @Test("tokens of 65,535 bytes and more keep their exact ranges, and so do their neighbours")
    func longTokens() {
        var source = "a\n"
        var expected: [Range<Int>] = [0..<1]
        for length in [65_533, 65_534, 65_535, 65_536, 200_000] {
            let start = source.utf8.count
            source += "\"" + String(repeating: "x", count: length - 2) + "\" b\n"
            expected += [start..<start + length, start + length + 1..<start + length + 2]
        }
        let (tokens, lexed, _) = lex(source)
        #expect(tokens.count == expected.count)
        #expect((0..<expected.count).map { lexed.tokens.range($0) } == expected)
        #expect((0..<expected.count).map { lexed.tokens.startsLine($0) } == [false] + (1..<expected.count).map { $0 % 2 == 1 })
        #expect(codes(source) == [])
    }

    // MARK: Identifiers and keywords

    @Test func identifiers() {
        let source = "a _b B9 snake_case camelCase _ __x9"
        #expect(kinds(source) == Array(repeating: .identifier, count: 7))
        #expect(texts(source) == ["a", "_b", "B9", "snake_case", "camelCase", "_", "__x9"])
        #expect(codes(source) == [])
    }

    @Test func contextualKeywordsAreTagged() {
        #expect(kinds("card stack theme state import true false model") == [
            .keywordCard, .keywordStack, .keywordTheme, .keywordState, .keywordImport, .keywordTrue, .keywordFalse,
            .identifier, // `model` is an ordinary identifier
        ])
        // Only the exact spellings are keywords.
        #expect(kinds("cards Card stacks themes stat imports truth falsey _card") == Array(repeating: .identifier, count: 9))
        for kind in kinds("card stack theme state import true false") { #expect(kind.isIdentifierLike) }
        #expect(!TokenKind.string.isIdentifierLike)
    }

    @Test func identifierRangesAreByteRanges() {
        let (_, lexed, _) = lex("  card Café")
        // `Caf` is an identifier; `é` (2 bytes) is an invalid character (identifiers are ASCII).
        #expect(lexed.tokens.range(0) == 2..<6)
        #expect(lexed.tokens.range(1) == 7..<10)
        #expect(lexed.diagnostics.map(\.code) == [.e102])
        #expect(lexed.diagnostics[0].span.range == 10..<12)
    }

    // MARK: Punctuation and separators

    @Test func punctuation() {
        #expect(kinds("{ } ( ) [ ] : , ;") == [.leftBrace, .rightBrace, .leftParen, .rightParen, .leftBracket,
                                               .rightBracket, .colon, .comma, .semicolon])
        let (_, lexed, _) = lex("a:{}")
        #expect((0..<4).map { lexed.tokens.range($0) } == [0..<1, 1..<2, 2..<3, 3..<4])
    }

    @Test func endOfFileTokenAndNewlineFlags() {
        let (_, lexed, _) = lex("a b\n  c\r\n\nd")
        #expect(lexed.tokens.count == 5)
        #expect(lexed.tokens.kind(4) == .endOfFile)
        #expect(lexed.tokens.range(4) == 11..<11)
        #expect((0..<4).map { lexed.tokens.startsLine($0) } == [false, false, true, true])
        #expect(!lexed.tokens.startsLine(4))
        // A line break inside a block comment still separates lines.
        let (_, commented, _) = lex("a /* x\n y */ b")
        #expect(commented.tokens.startsLine(1))
        let (_, empty, _) = lex("")
        #expect(empty.tokens.count == 1 && empty.tokens.kind(0) == .endOfFile)
    }

    @Test func byteOrderMarkIsSkipped() {
        let file = SourceFile(path: "t.cards", bytes: [0xEF, 0xBB, 0xBF] + Array("card A".utf8))
        let lexed = Lexer.tokenize(file)
        #expect(lexed.diagnostics.isEmpty)
        #expect(lexed.tokens.kind(0) == .keywordCard)
        #expect(lexed.tokens.range(0) == 3..<7)
    }

    // MARK: Strings

    @Test func stringTokenIncludesQuotes() {
        let (tokens, lexed, _) = lex(#"x: "hello" "" "a\"b""#)
        #expect(tokens.map(\.0) == [.identifier, .colon, .string, .string, .string])
        #expect(lexed.tokens.range(2) == 3..<10)
        #expect(lexed.tokens.range(3) == 11..<13)
        #expect(tokens[4].1 == #""a\"b""#)
        #expect(lexed.diagnostics.isEmpty)
    }

    @Test func stringEscapes() {
        let cases: [(String, String)] = [
            (#""\n""#, "\n"), (#""\t""#, "\t"), (#""\r""#, "\r"), (#""\"""#, "\""), (#""\\""#, "\\"),
            (#""\0""#, "\0"), (#""\u{1F600}""#, "😀"), (#""\u{41}""#, "A"), (#""\u{e9}""#, "é"),
            (#""\u{0}""#, "\0"), (#""\u{10FFFF}""#, "\u{10FFFF}"), (#""\u{00000041}""#, "A"),
            (#""a\tb\\nc""#, "a\tb\\nc"), (#""plain""#, "plain"), (#""""#, ""), (#""Café 😀""#, "Café 😀"),
        ]
        for (literal, value) in cases {
            let (tokens, lexed, _) = lex(literal)
            #expect(tokens.count == 1 && tokens[0].0 == .string, "\(literal)")
            #expect(lexed.diagnostics.isEmpty, "\(literal)")
            #expect(StringLiteral.value(of: Substring(literal)) == value, "\(literal)")
        }
    }

    @Test func invalidEscapesAreE105AtTheEscape() {
        for literal in [#""\q""#, #""\'""#, #""\u{}""#, #""\u{110000}""#, #""\u{D800}""#, #""\u41""#,
                        #""\u{123456789}""#, #""\u{41""#, #""\x""#] {
            let (tokens, lexed, _) = lex(literal)
            #expect(lexed.diagnostics.map(\.code) == [.e105], "\(literal)")
            #expect(lexed.diagnostics.first?.span.start == 1, "\(literal)")
            #expect(tokens.count == 1 && tokens[0].0 == .string, "the string still ends at its quote: \(literal)")
            #expect(lexed.tokens.isMalformed(0))
        }
        // The value keeps an invalid escape literally (it was already reported).
        #expect(StringLiteral.value(of: #""a\qb""#) == #"a\qb"#)
    }

    @Test func unterminatedStringEndsAtTheEndOfItsLine() {
        let (tokens, lexed, _) = lex("x: \"abc\ny: 1")
        #expect(tokens.map(\.0) == [.identifier, .colon, .string, .identifier, .colon, .integer])
        #expect(lexed.tokens.range(2) == 3..<7)
        #expect(lexed.tokens.isMalformed(2))
        #expect(lexed.diagnostics.map(\.code) == [.e101])
        #expect(lexed.diagnostics[0].span.range == 3..<7)
        #expect(lexed.diagnostics[0].fixIts.first?.replacement == "\"")
        // At the end of the file, and before a CRLF.
        #expect(codes("\"abc") == ["E101"])
        let (_, crlf, _) = lex("\"abc\r\nx")
        #expect(crlf.tokens.range(0) == 0..<4)
        #expect(StringLiteral.value(of: "\"abc") == "abc")
    }

    // MARK: Multi-line strings

    @Test func multilineStringToken() {
        let source = "text(\"\"\"\n  a\n  \"\"\")"
        let (tokens, lexed, _) = lex(source)
        #expect(tokens.map(\.0) == [.identifier, .leftParen, .multilineString, .rightParen])
        #expect(lexed.tokens.range(2) == 5..<(source.utf8.count - 1))
        #expect(lexed.diagnostics.isEmpty)
    }

    @Test func multilineIndentationStripping() {
        func value(_ source: String) -> String {
            let (tokens, lexed, _) = lex(source)
            #expect(lexed.diagnostics.isEmpty, "\(source)")
            return StringLiteral.value(of: Substring(tokens.first?.1 ?? ""))
        }
        #expect(value("\"\"\"\n    Hello\n      World\n    \"\"\"") == "Hello\n  World")
        #expect(value("\"\"\"\n    one\n\n    three\n    \"\"\"") == "one\n\nthree")
        #expect(value("\"\"\"\nflush\n\"\"\"") == "flush")
        #expect(value("\"\"\"\n  \"\"\"") == "")
        #expect(value("\"\"\"\n  a \\\n  b\n  \"\"\"") == "a b")              // line continuation
        #expect(value("\"\"\"\n  tab\\tand \\u{1F600} \\\"q\\\"\n  \"\"\"") == "tab\tand 😀 \"q\"")
        #expect(value("\"\"\"\n  \"quoted\" and \"\"two\"\"\n  \"\"\"") == "\"quoted\" and \"\"two\"\"")
        #expect(value("\"\"\"   \n  trailing spaces after the opener\n  \"\"\"") == "trailing spaces after the opener")
        #expect(value("\"\"\"\n\tTabbed\n\t\"\"\"") == "Tabbed")
        #expect(value("\"\"\"\n    a\n   \n    b\n    \"\"\"") == "a\n\nb") // short whitespace-only line
    }

    /// Swift normalizes every line break inside a multi-line string literal to `\n`.
    @Test func multilineStringNormalizesCRLF() {
        let value = StringLiteral.value(of: "\"\"\"\r\n    one\r\n    two\r\n    \"\"\"")
        #expect(value == "one\ntwo")
    }

    /// A lone CR is a line break too (docs/language.md §2): it ends the opening line and every
    /// content line, and becomes `\n` in the value, as CR LF does.
    @Test func multilineStringTakesALoneCarriageReturnAsALineBreak() {
        #expect(StringLiteral.value(of: "\"\"\"\r    one\r    two\r\r    three\r    \"\"\"") == "one\ntwo\n\nthree")
        #expect(StringLiteral.value(of: "\"\"\"\r  a\\\r  b\r\n  \"\"\"") == "ab")
        #expect(codes("\"\"\"\r  one\r two\r  \"\"\"") == ["E108"])
        #expect(codes("\"\"\"\r  one\r  \"\"\"").isEmpty)
    }

    @Test func multilineStringErrors() {
        #expect(codes("\"\"\"content\n  \"\"\"") == ["E108"])
        #expect(codes("\"\"\"\n  content\"\"\"") == ["E108"])
        #expect(codes("\"\"\"\n    a\n  b\n    \"\"\"") == ["E108"])
        #expect(codes("\"\"\"\n  a\n b\nc\n  \"\"\"") == ["E108", "E108"])
        let (_, lexed, _) = lex("x \"\"\"\n  never closed")
        #expect(lexed.diagnostics.map(\.code) == [.e101])
        #expect(lexed.diagnostics[0].span.range == 2..<5)
        #expect(lexed.unterminatedAtEnd)
        #expect(lexed.tokens.kind(1) == .multilineString && lexed.tokens.range(1) == 2..<20)
        #expect(!lex("\"\"\"\n  a\n  \"\"\"").lexed.unterminatedAtEnd)
    }

    // MARK: Numbers

    @Test func numbers() {
        let source = "42 -3 0.5 1e3 1_000 -0.25 2E10 1.5e-3 1e+3 007 1_000.000_1"
        #expect(kinds(source) == [.integer, .integer, .double, .double, .integer, .double, .double, .double,
                                  .double, .integer, .double])
        #expect(texts(source) == source.split(separator: " ").map(String.init))
        #expect(codes(source) == [])
        #expect(NumberLiteral.integerValue("1_000") == 1000)
        #expect(NumberLiteral.integerValue("-3") == -3)
        #expect(NumberLiteral.doubleValue("1e3") == 1000)
        #expect(NumberLiteral.doubleValue("1_000.000_1") == 1000.0001)
        #expect(NumberLiteral.integerValue("9223372036854775807") == Int.max)
        #expect(NumberLiteral.integerValue("-9223372036854775808") == Int.min)
        #expect(codes("9223372036854775807 -9223372036854775808") == [])
    }

    @Test("plain strings and numbers (lexed in fill) end where the general rules end them")
    func plainLiteralsAndTheirNeighbours() {
        let source = "f(\"a\", \"\", 1,2.5) [123456789012345678, 1234567890123456789, 1.25]"
        #expect(kinds(source) == [.identifier, .leftParen, .string, .comma, .string, .comma, .integer, .comma,
                                  .double, .rightParen, .leftBracket, .integer, .comma, .integer, .comma, .double,
                                  .rightBracket])
        #expect(texts("\"a\"b \"\"\"x") == ["\"a\"", "b", "\"\"\"x"])
        #expect(codes("1_2 3.4_5 \"caf\u{E9}\" \"a\\\"b\"") == [])
        #expect(texts("\"caf\u{E9}\" \"a\\\"b\"") == ["\"caf\u{E9}\"", "\"a\\\"b\""])
        for literal in ["12abc", "1.2.3", "1e3", "3_"] {
            #expect(texts(literal + ")") == [literal, ")"], "\(literal)")
        }
    }

    @Test func minusNeedsADigit() {
        let (tokens, lexed, _) = lex("- 3 -x")
        #expect(tokens.map(\.0) == [.integer, .identifier])
        #expect(lexed.diagnostics.map(\.code) == [.e102, .e102])
        #expect(lexed.diagnostics.map(\.span.range) == [0..<1, 4..<5])
    }

    @Test func malformedNumbersAreOneTokenEach() {
        for literal in ["1.", "1e", "12abc", "1.2.3", "99999999999999999999", "1e400", "0x1F", "1e+", "3px", "1.e3"] {
            let (tokens, lexed, _) = lex(literal)
            #expect(tokens.count == 1, "\(literal)")
            #expect(tokens.first?.1 == literal, "\(literal)")
            #expect(lexed.diagnostics.map(\.code) == [.e103], "\(literal)")
            #expect(lexed.diagnostics.first?.span.range == 0..<literal.utf8.count, "\(literal)")
            #expect(lexed.tokens.isMalformed(0), "\(literal)")
        }
        let (tokens, lexed, _) = lex(".5")
        #expect(tokens.map(\.0) == [.double])
        #expect(lexed.diagnostics.map(\.code) == [.e103])
        #expect(lexed.diagnostics[0].fixIts.first?.replacement == "0")
    }

    // MARK: Colors

    @Test func colors() {
        let source = "#ABC #abc #AABBCC #AABBCCDD #123 #aBc123"
        #expect(kinds(source) == Array(repeating: .color, count: 6))
        #expect(texts(source) == source.split(separator: " ").map(String.init))
        #expect(codes(source) == [])
        #expect(ColorLiteral("#ABC") == ColorLiteral(red: 0xAA, green: 0xBB, blue: 0xCC))
        #expect(ColorLiteral("#abc") == ColorLiteral(red: 0xAA, green: 0xBB, blue: 0xCC))
        #expect(ColorLiteral("#2E7D32") == ColorLiteral(red: 0x2E, green: 0x7D, blue: 0x32, alpha: 255))
        #expect(ColorLiteral("#FFFFFFCC") == ColorLiteral(red: 255, green: 255, blue: 255, alpha: 0xCC))
        #expect(ColorLiteral("#2e7d32")?.hex == "#2E7D32")
        #expect(ColorLiteral("#11223344")?.hex == "#11223344")
        #expect(ColorLiteral("#12") == nil)
        #expect(ColorLiteral("#GGG") == nil)
    }

    @Test func malformedColorIsTheWholeRunOfLettersAndDigits() {
        for literal in ["#", "#12", "#1234", "#12345", "#1234567", "#123456789", "#GGG", "#12345G", "#ABCDEFGHIJ"] {
            let (tokens, lexed, _) = lex(literal + " x")
            #expect(tokens.map(\.0) == [.color, .identifier], "\(literal)")
            #expect(tokens.first?.1 == literal, "\(literal)")
            #expect(lexed.diagnostics.map(\.code) == [.e104], "\(literal)")
            #expect(lexed.diagnostics.first?.span.range == 0..<literal.utf8.count, "\(literal)")
        }
    }

    // MARK: Bindings, paths and enum cases

    @Test func bindingsAndPaths() {
        let source = "$title $item.merchant $a.b.c $_x $a9"
        #expect(kinds(source) == Array(repeating: .binding, count: 5))
        #expect(texts(source) == source.split(separator: " ").map(String.init))
        #expect(codes(source) == [])
        // A trailing dot is not part of the path.
        let (tokens, lexed, _) = lex("$a. $ b")
        #expect(tokens.map(\.0) == [.binding, .identifier])
        #expect(tokens.map(\.1) == ["$a", "b"])
        #expect(lexed.diagnostics.map(\.code) == [.e102, .e102]) // the lone `.` and the lone `$`
        #expect(lexed.diagnostics.map(\.span.range) == [2..<3, 4..<5])
    }

    @Test func enumCases() {
        let (tokens, lexed, _) = lex(".hasData .currency(maxLength: 8) ._x")
        #expect(tokens.map(\.0) == [.enumCase, .enumCase, .leftParen, .identifier, .colon, .integer, .rightParen, .enumCase])
        #expect(tokens.map(\.1)[0] == ".hasData")
        #expect(lexed.tokens.range(1) == 9..<18)
        #expect(lexed.diagnostics.isEmpty)
    }

    // MARK: Comments

    @Test func commentsAreKeptOutOfTheTokenStream() {
        let source = "// line\n/// doc\n//// not doc\n/* block /* nested */ still */ a // trailing\n/**/"
        let (tokens, lexed, file) = lex(source)
        #expect(tokens.map(\.1) == ["a"])
        #expect(lexed.diagnostics.isEmpty)
        #expect(lexed.comments.map(\.kind) == [.line, .doc, .line, .block, .line, .block])
        #expect(lexed.comments.map { file.text($0.start..<$0.end) } == [
            "// line", "/// doc", "//// not doc", "/* block /* nested */ still */", "// trailing", "/**/",
        ])
    }

    @Test func lineCommentExcludesCarriageReturn() {
        let (_, lexed, file) = lex("// crlf\r\na")
        #expect(file.text(lexed.comments[0].start..<lexed.comments[0].end) == "// crlf")
    }

    /// A line comment ends at a lone CR as at a LF: what follows is code, not comment.
    @Test func lineCommentEndsAtALoneCarriageReturn() {
        let (tokens, lexed, file) = lex("// note\rcard A {}\r/// doc\r\ncard B {}")
        #expect(lexed.comments.map { file.text($0.start..<$0.end) } == ["// note", "/// doc"])
        #expect(tokens.map(\.1) == ["card", "A", "{", "}", "card", "B", "{", "}"])
        #expect(lexed.tokens.startsLine(0) && lexed.tokens.startsLine(4))
    }

    /// A message quoting a character shows every scalar no output writes raw as its escape
    /// (`EscapedScalars`, read through `TerminalText.needsEscaping`): the bidi marks and the BOM
    /// too, which reached `--format json` raw.
    @Test func messagesQuoteEscapedScalarsAsEscapes() {
        for (scalar, escape) in [("\u{200E}", "\\u{200E}"), ("\u{200F}", "\\u{200F}"), ("\u{061C}", "\\u{61C}"),
                                 ("\u{FEFF}", "\\u{FEFF}"), ("\u{202E}", "\\u{202E}"), ("\u{1B}", "\\u{1B}")] {
            let (_, lexed, _) = lex("card A { bo\(scalar)gus }")
            let messages = lexed.diagnostics.map(\.message)
            #expect(messages.contains { $0.contains("`\(escape)`") }, "\(messages)")
            #expect(!messages.contains { $0.unicodeScalars.contains(where: TerminalText.needsEscaping) }, "\(messages)")
        }
    }

    @Test func unterminatedBlockComment() {
        let (tokens, lexed, _) = lex("a /* /* */ b")
        #expect(tokens.map(\.1) == ["a"])
        #expect(lexed.diagnostics.map(\.code) == [.e106])
        #expect(lexed.diagnostics[0].span.range == 2..<4)
        #expect(lexed.comments.last?.end == 12)
        #expect(lexed.unterminatedAtEnd)
    }

    // MARK: Invalid input

    @Test func invalidCharactersAreDroppedAndGrouped() {
        let (tokens, lexed, _) = lex("a @@ b ~ c € d")
        #expect(tokens.map(\.1) == ["a", "b", "c", "d"])
        #expect(lexed.diagnostics.map(\.code) == [.e102, .e102, .e102])
        #expect(lexed.diagnostics.map(\.span.range) == [2..<4, 7..<8, 11..<14])
        #expect(lexed.diagnostics[2].message.contains("U+20AC"))
    }

    @Test func controlCharactersAreEscapedInMessages() {
        let (_, lexed, _) = lex("a \u{1B}\u{7} b")
        #expect(lexed.diagnostics.map(\.code) == [.e102])
        #expect(!lexed.diagnostics[0].message.contains("\u{1B}"))
        #expect(lexed.diagnostics[0].message.contains("\\u{1B}"))
    }

    @Test func invalidUTF8IsReportedAtItsByteOffset() {
        let bytes: [UInt8] = Array("a ".utf8) + [0xFF, 0xFE] + Array(" \"x".utf8) + [0xC0, 0x80] + Array("\" // ".utf8) + [0x80]
        let file = SourceFile(path: "t.cards", bytes: bytes)
        let lexed = Lexer.tokenize(file)
        #expect(lexed.diagnostics.map(\.code) == [.e107, .e107, .e107])
        #expect(lexed.diagnostics.map(\.span.range) == [2..<4, 7..<9, 14..<15])
        #expect((0..<lexed.tokens.count).map { lexed.tokens.kind($0) } == [.identifier, .string, .endOfFile])
        #expect(lexed.tokens.isMalformed(1))
        // Each invalid byte counts as one column.
        #expect(file.location(of: 4) == SourceLocation(line: 1, column: 5))
    }

    @Test func errorOffsetsAreAscending() {
        let (_, lexed, _) = lex("@ #1 \"\\q\" 1x ~")
        #expect(lexed.errorOffsets == lexed.errorOffsets.sorted())
        #expect(lexed.errorOffsets.count == lexed.diagnostics.count)
    }
}


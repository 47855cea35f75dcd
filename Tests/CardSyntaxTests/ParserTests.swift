import Testing
import CardDiagnostics
@testable import CardSyntax

/// Tree shapes (via `dump()`) for every construct of docs/language.md §3, node byte ranges, the tree
/// accessors, and the shape of recovery.
@Suite struct ParserTests {
    /// Parses, asserts there are no diagnostics, and returns the dump without the `file` line.
    func shape(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        let tree = parse(source)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnosticSummary)", sourceLocation: sourceLocation)
        #expect(tree.invariantViolations() == [], sourceLocation: sourceLocation)
        return tree.dump().split(separator: "\n").dropFirst().map { String($0.dropFirst(2)) }.joined(separator: "\n")
    }

    // MARK: Declarations

    @Test func emptyFile() {
        let tree = parse("")
        #expect(tree.dump() == "file\n")
        #expect(tree.diagnostics.isEmpty)
        #expect(tree.range(tree.root) == 0..<0)
        #expect(parse("  // only a comment\n").dump() == "file\n")
    }

    @Test func imports() {
        #expect(shape(#"import "theme.cards" import "a/b.cards""#) == """
            importDecl "\\"theme.cards\\""
            importDecl "\\"a/b.cards\\""
            """)
    }

    @Test func declarationsWithConformances() {
        #expect(shape("card A: rounded(radius: 4), shadow, editable(onEdit: edit) {}") == """
            cardDecl "A"
              conformanceList
                call "rounded"
                  argument "radius"
                    number "4"
                call "shadow"
                call "editable"
                  argument "onEdit"
                    reference "edit"
              block
            """)
        #expect(shape("stack S: collapsible(cardOffset: 40) { initial: .collapsed\n A }") == """
            stackDecl "S"
              conformanceList
                call "collapsible"
                  argument "cardOffset"
                    number "40"
              block
                property "initial"
                  enumCase ".collapsed"
                node "A"
            """)
        #expect(shape("theme Dark: Mint { titleColor: #FFF }") == """
            themeDecl "Dark"
              conformanceList
                call "Mint"
              block
                property "titleColor"
                  color "#FFF"
            """)
    }

    @Test func declarationsWithoutBlockOrConformances() {
        #expect(shape("card A\ncard B {}\ntheme T\nstack S: list") == """
            cardDecl "A"
            cardDecl "B"
              block
            themeDecl "T"
            stackDecl "S"
              conformanceList
                call "list"
            """)
    }

    @Test func stateDeclarations() {
        #expect(shape("card A { state loading { text(\"…\") tap: reload } state custom {} }") == """
            cardDecl "A"
              block
                stateDecl "loading"
                  block
                    node "text"
                      string "\\"…\\""
                    property "tap"
                      reference "reload"
                stateDecl "custom"
                  block
            """)
        // A state at file level is not a syntax error (the checker reports E603).
        #expect(shape("state orphan {}") == "stateDecl \"orphan\"\n  block")
    }

    // MARK: Items

    @Test func propertiesAndNodes() {
        #expect(shape("card A {\n model { title: \"x\"; state: .hasData }\n separator\n text(\"a\")\n vstack { pill(\"p\") }\n}") == """
            cardDecl "A"
              block
                node "model"
                  block
                    property "title"
                      string "\\"x\\""
                    property "state"
                      enumCase ".hasData"
                node "separator"
                node "text"
                  string "\\"a\\""
                node "vstack"
                  block
                    node "pill"
                      string "\\"p\\""
            """)
    }

    @Test func nodeWithArgumentsAndBlock() {
        #expect(shape("card A { hstack(spacing: 8, alignment: .center) { text($a) } overlay(.left) {} }") == """
            cardDecl "A"
              block
                node "hstack"
                  argument "spacing"
                    number "8"
                  argument "alignment"
                    enumCase ".center"
                  block
                    node "text"
                      binding "$a"
                node "overlay"
                  enumCase ".left"
                  block
            """)
    }

    @Test func labeledAndUnlabeledArguments() {
        #expect(shape("card A { text(\"t\", style: .title, 3, lines: 2, $b) }") == """
            cardDecl "A"
              block
                node "text"
                  string "\\"t\\""
                  argument "style"
                    enumCase ".title"
                  number "3"
                  argument "lines"
                    number "2"
                  binding "$b"
            """)
    }

    @Test func values() {
        let source = """
            card A { model {
              s: "x"
              m: \"\"\"
                multi
                \"\"\"
              i: -3
              d: 1e3
              c: #AABBCCDD
              t: true
              f: false
              b: $item.field
              e: .name
              ea: .currency(maxLength: 8)
              r: openBudget
              call: size(0, 5)
              empty: now()
              l: [1, "two", .three]
              el: []
              rec: (leftTitle: "Rent", 12)
            } }
            """
        #expect(shape(source) == """
            cardDecl "A"
              block
                node "model"
                  block
                    property "s"
                      string "\\"x\\""
                    property "m"
                      string "\\"\\"\\"\\n    multi\\n    \\"\\"\\""
                    property "i"
                      number "-3"
                    property "d"
                      number "1e3"
                    property "c"
                      color "#AABBCCDD"
                    property "t"
                      boolean "true"
                    property "f"
                      boolean "false"
                    property "b"
                      binding "$item.field"
                    property "e"
                      enumCase ".name"
                    property "ea"
                      enumCase ".currency"
                        argument "maxLength"
                          number "8"
                    property "r"
                      reference "openBudget"
                    property "call"
                      call "size"
                        number "0"
                        number "5"
                    property "empty"
                      call "now"
                    property "l"
                      list
                        number "1"
                        string "\\"two\\""
                        enumCase ".three"
                    property "el"
                      list
                    property "rec"
                      record
                        argument "leftTitle"
                          string "\\"Rent\\""
                        number "12"
            """)
    }

    @Test func nestedListsAndRecords() {
        #expect(shape("card A { rows: [(a: [1], b: (c: .d(e: $f)))] }") == """
            cardDecl "A"
              block
                property "rows"
                  list
                    record
                      argument "a"
                        list
                          number "1"
                      argument "b"
                        record
                          argument "c"
                            enumCase ".d"
                              argument "e"
                                binding "$f"
            """)
    }

    @Test func listsDoNotTakeLabels() {
        let tree = parse("card A { x: [a: 1] }")
        #expect(tree.codes == ["E201"])
    }

    // MARK: Contextual keywords

    @Test func keywordsAsIdentifiers() {
        #expect(shape("card A: theme(state: 1, import: 2) {\n state: .hasData\n theme: Mint\n import: \"x\"\n card: B\n true: false\n text(card)\n theme(x: 1)\n state\n}") == """
            cardDecl "A"
              conformanceList
                call "theme"
                  argument "state"
                    number "1"
                  argument "import"
                    number "2"
              block
                property "state"
                  enumCase ".hasData"
                property "theme"
                  reference "Mint"
                property "import"
                  string "\\"x\\""
                property "card"
                  reference "B"
                property "true"
                  boolean "false"
                node "text"
                  reference "card"
                node "theme"
                  argument "x"
                    number "1"
                node "state"
            """)
        #expect(shape("card card {}\ncard state {}") == "cardDecl \"card\"\n  block\ncardDecl \"state\"\n  block")
    }

    @Test func declarationKeywordFollowedByAnIdentifierStartsADeclaration() {
        let tree = parse("stack S: list {\n theme Mint\n}")
        #expect(tree.diagnosticSummary == ["2:2 E205"])
        #expect(tree.first(.themeDecl).map(tree.name) == "Mint")
    }

    // MARK: Ranges

    @Test func nodeRangesAreByteRanges() {
        let source = "card A: rounded(radius: 4) {\n  text(\"hi\", style: .title)\n  x: [1, 2]\n}\n"
        let tree = parse(source)
        #expect(tree.diagnostics.isEmpty)
        func text(_ kind: NodeKind) -> String? { tree.first(kind).map(tree.sourceText) }
        #expect(tree.range(tree.root) == 0..<(source.utf8.count - 1))
        #expect(text(.cardDecl) == String(source.dropLast()))
        #expect(text(.conformanceList) == "rounded(radius: 4)")
        #expect(text(.call) == "rounded(radius: 4)")
        #expect(text(.block) == "{\n  text(\"hi\", style: .title)\n  x: [1, 2]\n}")
        #expect(text(.node) == "text(\"hi\", style: .title)")
        #expect(text(.argument) == "radius: 4")
        #expect(tree.all(.argument).map(tree.sourceText) == ["radius: 4", "style: .title"])
        #expect(text(.property) == "x: [1, 2]")
        #expect(text(.list) == "[1, 2]")
        #expect(text(.string) == "\"hi\"")
        #expect(text(.enumCase) == ".title")
        let node = tree.first(.node)!
        #expect(tree.range(node) == 31..<56)
        #expect(tree.span(node) == SourceSpan(file: tree.file.id, start: 31, end: 56))
        if let main = tree.mainToken(node) { #expect(tree.span(token: main).range == 31..<35) }
    }

    @Test func missingAndEmptyNodesHaveEmptyRangesInBounds() {
        let tree = parse("card A { x: }")
        #expect(tree.codes == ["E201"])
        let missing = tree.first(.missing)
        #expect(missing != nil)
        if let missing {
            #expect(tree.range(missing).isEmpty)
            #expect(tree.range(missing).lowerBound == 12) // at the `}` where the value was expected
        }
        #expect(tree.invariantViolations() == [])
    }

    // MARK: Accessors

    @Test func literalValues() throws {
        let tree = parse(#"card A { f(s: "a\tb", i: 1_000, d: 0.5, n: -3, c: #2E7D32, t: true, b: $item.amount, e: .center) }"#)
        #expect(tree.diagnostics.isEmpty)
        let args = try #require(tree.first(.node)).index
        let values = tree.arguments(NodeID(args)).compactMap(tree.value)
        #expect(values.count == 8)
        #expect(tree.stringValue(values[0]) == "a\tb")
        #expect(tree.integerValue(values[1]) == 1000)
        #expect(tree.numberValue(values[2]) == 0.5)
        #expect(tree.integerValue(values[3]) == -3)
        #expect(tree.integerValue(values[2]) == nil)
        #expect(tree.colorValue(values[4]) == ColorLiteral(red: 0x2E, green: 0x7D, blue: 0x32))
        #expect(tree.booleanValue(values[5]) == true)
        #expect(tree.bindingPath(values[6]) == ["item", "amount"])
        #expect(tree.enumCaseName(values[7]) == "center")
        #expect(tree.arguments(NodeID(args)).compactMap(tree.label) == ["s", "i", "d", "n", "c", "t", "b", "e"])
    }

    @Test func structureHelpers() throws {
        let tree = parse("card A: rounded(radius: 2), shadow { text() separator hstack { x } }")
        #expect(tree.diagnostics.isEmpty)
        let card = try #require(tree.first(.cardDecl))
        #expect(tree.conformances(card).map(tree.name) == ["rounded", "shadow"])
        let block = try #require(tree.block(card))
        let items = Array(tree.children(block))
        #expect(items.map(tree.name) == ["text", "separator", "hstack"])
        #expect(items.map(tree.hasParentheses) == [true, false, false])
        #expect(tree.parent(items[0]) == block)
        #expect(tree.parent(block) == card)
        #expect(tree.parent(card) == tree.root)
        #expect(tree.parent(tree.root) == nil)
        #expect(tree.block(items[2]) != nil)
        #expect(tree.arguments(items[2]).isEmpty)
        #expect(Array(tree.descendants(items[2])).count == 2) // block, x
        #expect(tree.children(items[1]).isEmpty)
    }

    @Test func docComments() throws {
        let source = """
            // an ordinary comment
            /// Monthly budget summary.
            /// Second line.
            card Budget {
              /// Attached to the text node below.
              text("x")
            }

            /// Separated by a blank line.

            card Loose {}
            //// four slashes
            card Four {}
            ///No space after the slashes.
            stack S: list {}
            """
        let tree = parse(source)
        #expect(tree.diagnostics.isEmpty)
        let decls = Array(tree.children(tree.root))
        #expect(decls.map(tree.name) == ["Budget", "Loose", "Four", "S"])
        #expect(tree.docComment(decls[0]) == "Monthly budget summary.\nSecond line.")
        #expect(tree.docComment(decls[1]) == nil)
        #expect(tree.docComment(decls[2]) == nil)
        #expect(tree.docComment(decls[3]) == "No space after the slashes.")
        #expect(tree.comments.map(\.kind) == [.line, .doc, .doc, .doc, .doc, .line, .doc])
        // A doc comment inside a block attaches to the item after it.
        let text = try #require(tree.first(.node))
        #expect(tree.docComment(text) == "Attached to the text node below.")
    }

    @Test func tokenComparison() throws {
        let tree = parse("card Budget {}")
        let card = try #require(tree.first(.cardDecl))
        let main = try #require(tree.mainToken(card))
        #expect(tree.token(main, is: "Budget"))
        #expect(!tree.token(main, is: "Budge"))
        #expect(!tree.token(main, is: "budget"))
    }

    // MARK: Storage without a token list

    @Test func farAndLongMainTokensKeepTheirRanges() throws {
        let comment = "/* " + String(repeating: "x", count: 600) + " */"
        let body = String(repeating: "y", count: 70_000)
        let tree = parse("card \(comment) Budget {\n  text(\"\(body)\")\n}\n")
        let card = try #require(tree.first(.cardDecl))
        #expect(tree.name(card) == "Budget")
        #expect(tree.firstToken(card).kind == .keywordCard && tree.firstToken(card).range == 0..<4)
        let string = try #require(tree.first(.string))
        #expect(tree.stringValue(string) == body)
        #expect(tree.mainToken(string)?.range == tree.range(string))
        #expect(tree.hasParentheses(try #require(tree.first(.node))))
        #expect(tree.range(card) == 0..<tree.file.bytes.count - 1 && tree.range(tree.root) == tree.range(card))
        #expect(tree.invariantViolations() == [])
    }

    /// A main token's kind and place come from its node's kind and a two-bit form: check each.
    @Test func mainTokensOfEveryFormKeepTheirKinds() throws {
        let tree = parse("card A {\n  state: .on\n  text(\"\"\"\n    hi\n    \"\"\", size: 1.5, bold: false, n: 2)\n}\nstack  B {}\ncard true {}\n")
        #expect(tree.invariantViolations() == [])
        let kinds = (0..<tree.nodes.count).compactMap { tree.mainToken(NodeID(Int32($0)))?.kind }
        #expect(kinds == [.identifier, .keywordState, .enumCase, .identifier, .multilineString, .identifier, .double,
                          .identifier, .keywordFalse, .identifier, .integer, .identifier, .keywordTrue])
        let stack = try #require(tree.first(.stackDecl))
        #expect(tree.name(stack) == "B" && tree.firstToken(stack).kind == .keywordStack)
    }

    /// One node per two bytes, more than the first attempt reserves; and 70,000 children, more
    /// than a 16-bit subtree size holds.
    @Test func denseFilesAreParsedAgainWithRoom() throws {
        let count = 70_000
        let tree = parse("card A {\n  x: [" + Array(repeating: "1", count: count).joined(separator: ",") + "]\n}\n")
        #expect(tree.nodes.count == 5 + count)
        #expect(tree.tokenCount == 6 + (2 * count - 1) + 3)
        #expect(tree.diagnostics.isEmpty)
        let list = try #require(tree.first(.list))
        #expect(Array(tree.children(list)).count == count)
        #expect(Array(tree.children(tree.root)).count == 1)
        #expect(tree.range(list) == 14..<14 + 2 * count + 1)
        #expect(tree.invariantViolations() == [])
    }

    /// Past the lexer's diagnostic limit a syntax error after the last recorded lexical error
    /// stays quiet only if lexical errors were left out, even ones the lexer reaches later.
    @Test func syntaxErrorsPastTheLexicalLimitDependOnTheWholeFile() {
        let flood = String(repeating: "@\n", count: Lexer.diagnosticLimit)
        let broken = "card A { x: ) }\n"
        let quiet = parse(flood + broken + "@\n")
        #expect(quiet.diagnostics.count == Lexer.diagnosticLimit)
        #expect(quiet.omittedDiagnostics == 1, "counted for the note `DiagnosticLimit.finish` adds")
        let reported = parse(flood + broken)
        // `)` is no value, and then no item either.
        #expect(reported.diagnostics.dropFirst(Lexer.diagnosticLimit).map(\.code) == [.e201, .e201])
    }

    // MARK: Diagnostics shape

    @Test func unclosedDelimiterHasASecondLabelWhereTheCloserWasExpected() throws {
        let source = "card A {\n  text(\"a\"\n  text(\"b\")\n}\n"
        let tree = parse(source)
        #expect(tree.diagnosticSummary == ["2:7 E202"])
        let d = try #require(tree.diagnostics.first)
        #expect(d.span.range == 15..<16) // the `(`
        #expect(d.secondary.count == 1)
        #expect(d.secondary.first?.span.range == 19..<19) // just after `"a"`
        #expect(d.fixIts.first?.replacement == ")")
        #expect(d.message == "unclosed `(`")
    }

    @Test func unclosedBlockAtEndOfFile() throws {
        let tree = parse("card A {\n  hstack {\n    text(\"a\")\n")
        #expect(tree.diagnosticSummary == ["2:10 E202"])
        let d = try #require(tree.diagnostics.first)
        #expect(d.secondary.first?.message.contains("`}`") == true)
        #expect(tree.invariantViolations() == [])
    }

    @Test func duplicateLabelNotesTheFirst() throws {
        let tree = parse("card A { text(\"a\", style: .x, style: .y) }")
        #expect(tree.diagnosticSummary == ["1:31 E203"])
        let d = try #require(tree.diagnostics.first)
        #expect(d.notes.first?.span?.range == 19..<24)
    }

    /// Past `ParserState.scannedLabelLimit` labels a list's labels are found through a table: the
    /// same E203s, each noting the first of its spelling, also in a list nested in a long one
    /// and in the long list after it.
    @Test func duplicateLabelsInLongLists() throws {
        let count = ParserState.scannedLabelLimit * 3
        func labels(_ range: Range<Int>) -> String { range.map { "l\($0): 1" }.joined(separator: ", ") }
        // l3 again past the limit, l100 twice, and a nested list whose l3 is its own.
        let source = "card A { text(\"a\", " + labels(0..<count) + ", l3: 2, l100: 2, nested: f(l3: 1, l3: 2), l100: 3) }"
        let tree = parse(source)
        #expect(tree.codes == ["E203", "E203", "E203", "E203"])
        let firsts = tree.diagnostics.sortedAndDeduplicated().compactMap { d in d.notes.first?.span.map { tree.file.text($0.range) } }
        #expect(firsts == ["l3", "l100", "l3", "l100"])
        let noted = tree.diagnostics.sortedAndDeduplicated().compactMap { $0.notes.first?.span?.start }
        let firstL3 = try #require(source.range(of: "l3:"))
        #expect(noted[0] == source.distance(from: source.startIndex, to: firstL3.lowerBound))
        #expect(noted[3] == noted[1], "both repeats of l100 note its first")
        #expect(noted[2] > noted[0], "the nested list's l3 notes the nested first one")
        // The same answers as comparing every label: short lists.
        let short = parse("card A { text(\"a\", " + labels(0..<10) + ", l3: 2) }")
        #expect(short.codes == ["E203"])
    }

    @Test func expectedMessagesNameWhatWasFound() {
        #expect(parse("card A { 42 }").diagnostics.first?.message == "expected a part, property or declaration, found number `42`")
        #expect(parse("card {").diagnostics.first?.message == "expected a name for the `card` declaration, found `{`")
        #expect(parse("card A { x: }").diagnostics.first?.message == "expected a value, found `}`")
        #expect(parse("card A { f(1 2) }").diagnostics.first?.message == "expected `,` or `)`, found number `2`")
    }

    @Test func nestingLimit() {
        func nested(_ levels: Int) -> String {
            "card A {" + String(repeating: " x {", count: levels - 1) + String(repeating: " }", count: levels)
        }
        #expect(parse(nested(Parser.maxDepth)).diagnostics.isEmpty)
        let deep = parse(nested(Parser.maxDepth + 1) + "\ncard B { text(\"after\") }")
        #expect(deep.codes == ["E204"])
        #expect(deep.all(.cardDecl).count == 2)
        #expect(deep.invariantViolations() == [])
    }

    // MARK: Recovery shapes

    @Test func unexpectedTokensAreWrapped() {
        let tree = parse("card A {\n  42 \"x\"\n  text(\"b\")\n}")
        #expect(tree.codes == ["E201"])
        let unexpected = tree.all(.unexpected)
        #expect(unexpected.count == 1)
        #expect(unexpected.first.map(tree.sourceText) == "42 \"x\"")
        #expect(tree.all(.node).map(tree.name) == ["text"])
    }

    @Test func missingCommaIsTreatedAsPresent() {
        let tree = parse("card A { text(\"a\" style: .title) }")
        #expect(tree.codes == ["E201"])
        let node = tree.first(.node)!
        #expect(tree.arguments(node).count == 2)
        #expect(tree.arguments(node).compactMap(tree.label) == ["style"])
    }

    @Test func columnOneDeclarationClosesUnclosedBlocks() {
        let tree = parse("card A {\n  hstack {\n    text(\"a\")\ncard B {\n  text(\"b\")\n}\n")
        #expect(tree.diagnosticSummary == ["2:10 E202"])
        #expect(tree.all(.cardDecl).map(tree.name) == ["A", "B"])
        #expect(Array(tree.children(tree.root)).count == 2)
    }

    @Test func columnOneDeclarationClosesUnclosedArgumentLists() {
        for opener in ["text(\"a\",", "text(\"a\"", "x: [1,", "x: [(a: 1,"] {
            let tree = parse("card A {\n  \(opener)\ncard B {\n  text(\"b\")\n}\n")
            #expect(tree.codes == ["E202"], "\(opener)")
            #expect(Array(tree.children(tree.root)).map(tree.name) == ["A", "B"], "\(opener)")
            #expect(tree.all(.node).map(tree.name).last == "text", "\(opener)")
        }
    }

    @Test func indentedDeclarationInsideABlockIsE205NotAClose() {
        let tree = parse("card A {\n  card B {}\n}\ncard C {}")
        #expect(tree.diagnosticSummary == ["2:3 E205"])
        #expect(Array(tree.children(tree.root)).map(tree.name) == ["A", "C"])
    }

    @Test func brokenImportDoesNotCascade() {
        let tree = parse("import 42 x\ncard A {}")
        #expect(tree.diagnosticSummary == ["1:8 E201"])
        #expect(tree.all(.cardDecl).count == 1)
    }

    @Test func droppedCharacterBelongsToTheItemAfterIt() {
        #expect(parse("card A {\n  title ~ \"x\"\n}").diagnosticSummary == ["2:9 E102"])
        #expect(parse("card A {\n  title ≔ \"x\"\n}").diagnosticSummary == ["2:9 E102"])
        // …but not across lines: the next line starts a new item.
        #expect(parse("card A {\n  text(\"a\") @\n  42\n}").diagnosticSummary == ["2:13 E102", "3:3 E201"])
    }

    @Test func unterminatedCommentOrStringSwallowsTheClosers() {
        #expect(parse("card A {\n  text(\"a\")\n  /* open").diagnosticSummary == ["3:3 E106"])
        #expect(parse("card A {\n  x: \"\"\"\n  open").diagnosticSummary == ["2:6 E101"])
        #expect(parse("card A {\n  \"\"\"\n").diagnosticSummary == ["2:3 E101"])
        // A closed comment does not hide a missing `}`.
        #expect(parse("card A {\n  /* closed */").diagnosticSummary == ["1:8 E202"])
    }
}

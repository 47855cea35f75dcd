import Foundation
import Testing
@testable import CardDiagnostics
import CardJSON

// MARK: - Helpers

private func fileSet(_ text: String, path: String = "deck.cards") -> (FileSet, SourceFile) {
    var files = FileSet()
    let file = files.add(path: path, bytes: Array(text.utf8))
    return (files, file)
}

private func fileSet(bytes: [UInt8], path: String = "deck.cards") -> (FileSet, SourceFile) {
    var files = FileSet()
    let file = files.add(path: path, bytes: bytes)
    return (files, file)
}

/// Byte range of the first occurrence of `needle` in `file`.
private func span(of needle: String, in file: SourceFile, occurrence: Int = 0) -> SourceSpan {
    let n = Array(needle.utf8)
    var seen = 0
    var i = 0
    while i + n.count <= file.bytes.count {
        if Array(file.bytes[i..<(i + n.count)]) == n {
            if seen == occurrence { return SourceSpan(file: file.id, start: i, end: i + n.count) }
            seen += 1
        }
        i += 1
    }
    Issue.record("`\(needle)` not found")
    return SourceSpan(file: file.id, start: 0, end: 0)
}

private func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

/// Display width of rendered (already escaped) text.
private func width(_ text: Substring) -> Int {
    text.unicodeScalars.reduce(0) { $0 + TerminalText.displayWidth(of: $1) }
}

// MARK: - Text renderer

@Suite("Text renderer")
struct TextRendererTests {
    @Test("renders the docs/language.md §10 example exactly")
    func specExample() {
        let prefix = String(repeating: "// filler\n", count: 13)
        let (files, file) = fileSet(prefix + "card Budget: shadow(color: .lightGray, radius: 10) {\n}\n")
        let diagnostic = Diagnostic(
            .e501, "trait `shadow` is missing `opacity` and `offset`",
            at: span(of: "shadow", in: file),
            label: "ShadowCardTrait requires shadowOpacity() and shadowOffset()",
            notes: [.help("add `opacity: 0.5, offset: size(0, 0)`")])
        let expected = """
            deck.cards:14:14: error[E501]: trait `shadow` is missing `opacity` and `offset`
               |
            14 | card Budget: shadow(color: .lightGray, radius: 10) {
               |              ^^^^^^ ShadowCardTrait requires shadowOpacity() and shadowOffset()
               = help: add `opacity: 0.5, offset: size(0, 0)`

            """
        #expect(TextRenderer().render(diagnostic, in: files) == expected)
        #expect(TextRenderer().render([diagnostic], in: files) == expected)
    }

    @Test("several diagnostics are separated by a blank line")
    func severalDiagnostics() {
        let (files, file) = fileSet("card A {}\ncard A {}\n")
        let first = Diagnostic(.w103, "empty", at: span(of: "{}", in: file))
        let second = Diagnostic(.e305, "duplicate", at: span(of: "A", in: file, occurrence: 1),
                                notes: [DiagnosticNote("first declared here", at: span(of: "A", in: file))])
        let text = TextRenderer().render([first, second], in: files)
        #expect(text == """
            deck.cards:1:8: warning[W103]: empty
              |
            1 | card A {}
              |        ^^

            deck.cards:2:6: error[E305]: duplicate
              |
            2 | card A {}
              |      ^
              = note: first declared here
             --> deck.cards:1:6

            """)
    }

    @Test("tabs expand to four columns in the line and under it")
    func tabAlignment() {
        let (files, file) = fileSet("\tcard X:\tshadow\n")
        let text = TextRenderer().render(Diagnostic(.e302, "m", at: span(of: "shadow", in: file)), in: files)
        #expect(lines(text) == [
            "deck.cards:1:10: error[E302]: m",
            "  |",
            "1 |     card X:    shadow",
            "  |                ^^^^^^",
            "",
        ])
        let tabSpan = SourceSpan(file: file.id, start: 8, end: 9)
        let underTab = TextRenderer().render(Diagnostic(.e102, "m", at: tabSpan), in: files)
        #expect(lines(underTab)[3] == "  |            ^^^^")
    }

    @Test("wide and zero-width characters keep carets aligned")
    func wideCharacters() {
        let (files, file) = fileSet("t(\"日本語\") x\na😀b\ne\u{301}x\n")
        let renderer = TextRenderer()
        var text = renderer.render(Diagnostic(.e201, "m", at: span(of: "x", in: file)), in: files)
        #expect(lines(text)[0] == "deck.cards:1:10: error[E201]: m")
        #expect(lines(text)[3] == "  |" + String(repeating: " ", count: 13) + "^")
        text = renderer.render(Diagnostic(.e201, "m", at: span(of: "本語", in: file)), in: files)
        #expect(lines(text)[3] == "  |      ^^^^")
        text = renderer.render(Diagnostic(.e201, "m", at: span(of: "b", in: file)), in: files)
        #expect(lines(text)[2] == "2 | a😀b")
        #expect(lines(text)[3] == "  |    ^")
        text = renderer.render(Diagnostic(.e201, "m", at: span(of: "😀", in: file)), in: files)
        #expect(lines(text)[3] == "  |  ^^")
        text = renderer.render(Diagnostic(.e201, "m", at: span(of: "x", in: file, occurrence: 1)), in: files)
        #expect(lines(text)[0] == "deck.cards:3:3: error[E201]: m")
        #expect(lines(text)[3] == "  |  ^")
        #expect(TerminalText.displayWidth(of: "한" as Unicode.Scalar) == 2)
        #expect(TerminalText.displayWidth(of: "Ａ" as Unicode.Scalar) == 2)
        #expect(TerminalText.displayWidth(of: "\u{200D}" as Unicode.Scalar) == 0)
        #expect(TerminalText.displayWidth(of: "é" as Unicode.Scalar) == 1)
    }

    @Test("control and bidi characters are escaped, never written raw")
    func controlCharacters() {
        let (files, file) = fileSet("a\u{1B}[31mb\u{7F}\u{85}c\u{202E}d\u{2066}e\u{2028}f\rg\n")
        let renderer = TextRenderer()
        let text = renderer.render(Diagnostic(.e102, "m", at: span(of: "b", in: file)), in: files)
        let out = lines(text)
        #expect(out[0] == "deck.cards:1:7: error[E102]: m")
        // A lone CR ends line 1 (docs/language.md §2): it is never shown, raw or escaped.
        #expect(out[2] == "1 | a\\u{1B}[31mb\\u{7F}\\u{85}c\\u{202E}d\\u{2066}e\\u{2028}f")
        #expect(out[3] == "  |" + String(repeating: " ", count: 12) + "^")
        for scalar in text.unicodeScalars {
            let v = scalar.value
            #expect(!(v < 0x20 && v != 0x0A) && !(0x7F...0x9F).contains(v) && !(0x2028...0x202E).contains(v)
                    && !(0x2066...0x2069).contains(v))
        }
        // A span covering the escape underlines all of it.
        let escape = SourceSpan(file: file.id, start: 1, end: 2)
        #expect(lines(renderer.render(Diagnostic(.e102, "m", at: escape), in: files))[3] == "  |  ^^^^^^")
        // Under the bidi override, the caret still lines up.
        let d = lines(renderer.render(Diagnostic(.e102, "m", at: span(of: "d", in: file)), in: files))
        let column = d[2].distance(from: d[2].startIndex, to: d[2].firstIndex(of: "d") ?? d[2].endIndex)
        let caret = d[3].distance(from: d[3].startIndex, to: d[3].firstIndex(of: "^") ?? d[3].startIndex)
        #expect(column == caret)
    }

    @Test("invalid UTF-8 bytes render as \\x{…}")
    func invalidBytes() {
        let (files, file) = fileSet(bytes: [0x61, 0xFF, 0x62, 0xE2, 0x82, 0x63, 0x0A])
        let text = TextRenderer().render(Diagnostic(.e107, "m", at: SourceSpan(file: file.id, start: 2, end: 3)), in: files)
        #expect(lines(text) == [
            "deck.cards:1:3: error[E107]: m",
            "  |",
            "1 | a\\x{FF}b\\x{E2}\\x{82}c",
            "  |        ^",
            "",
        ])
        let bad = TextRenderer().render(Diagnostic(.e107, "m", at: SourceSpan(file: file.id, start: 3, end: 5)), in: files)
        #expect(lines(bad)[3] == "  |         ^^^^^^^^^^^^")
    }

    @Test("user text in messages, labels, notes and paths is escaped")
    func messageEscaping() {
        let (files, file) = fileSet("x\n", path: "evil\u{1B}[2J.cards")
        let diagnostic = Diagnostic(.e301, "unknown part `a\u{1B}]0;title\u{7}\nb`", at: span(of: "x", in: file),
                                    label: "label\u{9B}", notes: [.help("try \u{202E}this")])
        let text = TextRenderer().render(diagnostic, in: files)
        #expect(!text.utf8.contains(0x1B))
        #expect(!text.unicodeScalars.contains("\u{9B}"))
        #expect(!text.unicodeScalars.contains("\u{202E}"))
        #expect(text.hasPrefix("evil\\u{1B}[2J.cards:1:1: error[E301]: unknown part `a\\u{1B}]0;title\\u{7}\\u{A}b`\n"))
        #expect(text.contains("^ label\\u{9B}\n"))
        #expect(text.contains("= help: try \\u{202E}this\n"))
    }

    @Test("multi-line spans underline to the end of the first line; end-of-line spans get one caret")
    func multiLineAndEndOfLine() {
        let (files, file) = fileSet("card A {\n  title(\"x\")\n")
        let start = span(of: "{", in: file).start
        let multi = SourceSpan(file: file.id, start: start - 2, end: file.bytes.count)
        #expect(lines(TextRenderer().render(Diagnostic(.e202, "m", at: multi), in: files))[3] == "  |      ^^^")
        let atEnd = SourceSpan(file: file.id, start: file.bytes.count, end: file.bytes.count)
        let text = lines(TextRenderer().render(Diagnostic(.e202, "unclosed", at: atEnd, label: "expected `}`"), in: files))
        #expect(text[0] == "deck.cards:3:1: error[E202]: unclosed")
        #expect(text[2] == "3 |")
        #expect(text[3] == "  | ^ expected `}`")
        let (noNewlineFiles, noNewline) = fileSet("card A {")
        let eof = SourceSpan(file: noNewline.id, start: 8, end: 8)
        let out = lines(TextRenderer().render(Diagnostic(.e202, "m", at: eof), in: noNewlineFiles))
        #expect(out[0] == "deck.cards:1:9: error[E202]: m")
        #expect(out[3] == "  |         ^")
    }

    @Test("secondary labels: nearby in the snippet, far away with their own arrow")
    func secondaryLabels() {
        let text = "card A {\n  x\n}\n" + String(repeating: "\n", count: 20) + "card B {\n"
        let (files, file) = fileSet(text)
        let opener = span(of: "{", in: file, occurrence: 1)
        let near = Diagnostic(.e202, "unclosed `{`", at: SourceSpan(file: file.id, start: file.bytes.count, end: file.bytes.count),
                              secondary: [DiagnosticLabel(opener, "opened here")])
        #expect(TextRenderer().render(near, in: files) == """
            deck.cards:25:1: error[E202]: unclosed `{`
               |
            24 | card B {
               |        - opened here
            25 |
               | ^

            """)
        let far = Diagnostic(.e305, "duplicate", at: opener, secondary: [DiagnosticLabel(span(of: "A", in: file), "first here")])
        #expect(TextRenderer().render(far, in: files) == """
            deck.cards:24:8: error[E305]: duplicate
               |
            24 | card B {
               |        ^
              --> deck.cards:1:6
               |
             1 | card A {
               |      - first here

            """)
        let same = Diagnostic(.e203, "dup", at: span(of: "B", in: file),
                              secondary: [DiagnosticLabel(span(of: "card", in: file, occurrence: 1), "in here")])
        #expect(lines(TextRenderer().render(same, in: files)).dropFirst(2).prefix(3) == [
            "24 | card B {", "   |      ^", "   | ---- in here",
        ])
    }

    @Test("fix-its become help lines unless a help note exists")
    func fixIts() {
        let (files, file) = fileSet("card A { shadow() }\n")
        let inside = span(of: ")", in: file)
        let insert = FixIt(SourceSpan(file: file.id, start: inside.start, end: inside.start), "opacity: 0.5")
        let replace = FixIt(span(of: "shadow", in: file), "glow")
        let remove = FixIt(span(of: "shadow()", in: file), "")
        let d = Diagnostic(.e501, "m", at: span(of: "shadow", in: file), fixIts: [insert, replace, remove])
        let text = lines(TextRenderer().render(d, in: files))
        #expect(Array(text.suffix(4)) == [
            "  = help: insert `opacity: 0.5`", "  = help: replace with `glow`", "  = help: remove `shadow()`", "",
        ])
        // An inserted line (E703's `title:`) is quoted without its line break and indentation;
        // a break inside the text is still escaped.
        let line = FixIt(SourceSpan(file: file.id, start: 8, end: 8), "\n  title: \"A\"")
        let lines2 = FixIt(SourceSpan(file: file.id, start: 8, end: 8), "\n  a\n  b\n")
        #expect(Array(lines(TextRenderer().render(Diagnostic(.e703, "m", at: span(of: "A", in: file), fixIts: [line, lines2]), in: files)).suffix(3)) == [
            "  = help: insert `title: \"A\"`", "  = help: insert `a\\u{A}  b`", "",
        ])
        var withHelp = d
        withHelp.notes = [.help("add it")]
        #expect(lines(TextRenderer().render(withHelp, in: files)).suffix(2) == ["  = help: add it", ""])
    }

    @Test("a huge line shows a bounded window with ellipses, carets aligned")
    func longLineWindow() {
        let text = String(repeating: "a", count: 500_000) + "TARGET" + String(repeating: "b", count: 500_000) + "\n"
        let (files, file) = fileSet(text)
        let target = span(of: "TARGET", in: file)
        let out = lines(TextRenderer().render(Diagnostic(.e301, "m", at: target, label: "here"), in: files))
        #expect(out[0] == "deck.cards:1:500001: error[E301]: m")
        let source = out[2].dropFirst(4)  // "1 | "
        #expect(source.hasPrefix("…") && source.hasSuffix("…"))
        #expect(width(source) <= 120)
        let column = source.distance(from: source.startIndex, to: source.range(of: "TARGET")?.lowerBound ?? source.startIndex)
        #expect(out[3] == "  | " + String(repeating: " ", count: column) + "^^^^^^ here")

        // Near the start: no leading ellipsis. Near the end: no trailing one.
        let head = lines(TextRenderer().render(Diagnostic(.e301, "m", at: SourceSpan(file: file.id, start: 3, end: 4)), in: files))
        #expect(head[2].hasPrefix("1 | aaa") && head[2].hasSuffix("…"))
        #expect(head[3] == "  |    ^")
        let end = file.bytes.count - 1
        let tail = lines(TextRenderer().render(Diagnostic(.e301, "m", at: SourceSpan(file: file.id, start: end, end: end)), in: files))
        #expect(tail[2].hasPrefix("1 | …") && tail[2].hasSuffix("bbb"))
        #expect(tail[3].hasSuffix(" ^") && tail[3].count == tail[2].count + 1)
    }

    @Test("a long line of wide characters and escapes still fits the window")
    func longMixedLine() {
        let unit = "日\u{1}\tx😀"
        let (files, file) = fileSet(String(repeating: unit, count: 20_000) + "\n")
        let offset = Array(String(repeating: unit, count: 10_000).utf8).count
        let d = Diagnostic(.e102, "m", at: SourceSpan(file: file.id, start: offset, end: offset + 3))
        let out = lines(TextRenderer().render(d, in: files))
        #expect(out[0] == "deck.cards:1:50001: error[E102]: m")
        let source = out[2].dropFirst(4)
        #expect(width(source) <= 120)
        #expect(out[3].hasSuffix("^^"))
        // The caret sits under the `日` at the span: everything before it has the same width.
        let caret = out[3].dropFirst(4).prefix { $0 == " " }.count
        let prefix = source.unicodeScalars.prefix { _ in true }
        var running = 0, found = false
        var scalars = prefix.makeIterator()
        while let s = scalars.next() {
            if running == caret { found = s == "日"; break }
            running += TerminalText.displayWidth(of: s)
        }
        #expect(found)
    }

    @Test("many diagnostics on one huge line render in linear time")
    func manyDiagnosticsOnHugeLine() {
        let (files, file) = fileSet(String(repeating: "é", count: 1_000_000) + "\n")
        let diagnostics = (0..<2_000).map { i in
            Diagnostic(.e102, "m", at: SourceSpan(file: file.id, start: i * 1_000, end: i * 1_000 + 2))
        }
        let text = TextRenderer().render(diagnostics, in: files)
        #expect(text.contains("deck.cards:1:999001: error[E102]: m"))
        #expect(text.split(separator: "\n").count == 2_000 * 4 + 0)
    }

    @Test("LocationCache agrees with SourceFile.location")
    func locationCache() {
        var bytes: [UInt8] = []
        var state: UInt64 = 42
        func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state >> 33 }
        let pieces: [[UInt8]] = [[0x61], [0xC3, 0xA9], [0xE6, 0x97, 0xA5], [0xF0, 0x9F, 0x98, 0x80], [0xFF], [0xE2, 0x82], [0x0A]]
        for _ in 0..<60_000 {
            let r = Int(next() % 100)
            bytes += r < 1 ? pieces[6] : pieces[r % 6]
        }
        let (_, file) = fileSet(bytes: bytes)
        var cache = LocationCache()
        for offset in stride(from: 0, through: bytes.count + 3, by: 7) {
            #expect(cache.location(of: offset, in: file) == file.location(of: offset))
        }
        for _ in 0..<2_000 {
            let offset = Int(next() % UInt64(bytes.count + 1))
            let expected = file.location(of: offset)
            if cache.location(of: offset, in: file) != expected { Issue.record("mismatch at \(offset)"); break }
        }
    }

    @Test("a line search from a hint agrees with the plain one, whatever the hint")
    func lineIndexFromHint() {
        var text = ""
        for i in 0..<3_000 { text += String(repeating: "x", count: i % 37) + "\n" }
        let (_, file) = fileSet(text)
        var mismatches = 0
        for offset in stride(from: 0, through: file.bytes.count + 2, by: 5) {
            let expected = file.lineIndex(of: offset)
            for hint in [0, 1, expected / 2, expected - 1, expected, expected + 1, file.lineCount - 1, file.lineCount, -3] {
                if file.lineIndex(of: offset, from: hint) != expected { mismatches += 1 }
                if file.location(of: offset, fromLine: hint) != file.location(of: offset) { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("the line table lists every line start, for sparse and dense lines and any tail length")
    func lineTable() {
        for lineLength in [0, 1, 7, 15, 16, 17, 40, 300] {
            for tail in 0..<20 {
                var bytes: [UInt8] = []
                for line in 0..<50 { bytes += [UInt8](repeating: UInt8(0x61 + line % 20), count: lineLength) + [0x0A] }
                bytes += [UInt8](repeating: 0xC3, count: tail)
                let file = SourceFile(path: "t.cards", bytes: bytes)
                let expected = [UInt32(0)] + bytes.indices.filter { bytes[$0] == 0x0A }.map { UInt32($0 + 1) }
                #expect(file.lineStarts == expected)
            }
        }
    }

    @Test("colour: none when off; rustc-like when on")
    func colour() {
        let (files, file) = fileSet("card A {}\n")
        let d = Diagnostic(.e305, "m", at: span(of: "A", in: file), label: "l", notes: [.help("h")])
        #expect(!TextRenderer(useColor: false).render(d, in: files).utf8.contains(0x1B))
        let coloured = TextRenderer(useColor: true).render(d, in: files)
        #expect(coloured.contains("\u{1B}[1;31merror[E305]\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[1;34m"))
        let warning = TextRenderer(useColor: true).render(Diagnostic(.w103, "m", at: span(of: "{}", in: file)), in: files)
        #expect(warning.contains("\u{1B}[1;33mwarning[W103]\u{1B}[0m"))
    }

    @Test("colour choice follows --color, the terminal and NO_COLOR")
    func colourChoice() {
        #expect(ColorChoice.auto.resolved(isTerminal: true, environment: [:]))
        #expect(!ColorChoice.auto.resolved(isTerminal: false, environment: [:]))
        #expect(!ColorChoice.auto.resolved(isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(ColorChoice.auto.resolved(isTerminal: true, environment: ["NO_COLOR": ""]))
        #expect(!ColorChoice.auto.resolved(isTerminal: true, environment: ["TERM": "dumb"]))
        #expect(ColorChoice.always.resolved(isTerminal: false, environment: ["NO_COLOR": "1"]))
        #expect(!ColorChoice.never.resolved(isTerminal: true, environment: [:]))
        #expect(ColorChoice(rawValue: "always") == .always)
    }

    @Test("summary line wording")
    func summary() {
        #expect(TextRenderer.summary(errorCount: 2, warningCount: 1, fileCount: 3) == "2 errors, 1 warning in 3 files")
        #expect(TextRenderer.summary(errorCount: 1, warningCount: 0, fileCount: 1) == "1 error, 0 warnings in 1 file")
        #expect(TextRenderer.summary(errorCount: 0, warningCount: 0, fileCount: 1) == "0 errors, 0 warnings in 1 file")
        let (_, file) = fileSet("x")
        let ds = [Diagnostic(.e301, "a", at: SourceSpan(file: file.id, start: 0, end: 1)),
                  Diagnostic(.w101, "b", at: SourceSpan(file: file.id, start: 0, end: 1))]
        #expect(TextRenderer.summary(for: ds, fileCount: 2) == "1 error, 1 warning in 2 files")
    }

    @Test("unknown file ids and out-of-range spans never trap")
    func defensive() {
        let (files, file) = fileSet("abc")
        let wild = Diagnostic(.e301, "m", at: SourceSpan(file: file.id, start: -5, end: 99),
                              secondary: [DiagnosticLabel(SourceSpan(file: FileID(7), start: 0, end: 1), "x")],
                              notes: [DiagnosticNote("n", at: SourceSpan(file: FileID(9), start: 0, end: 0))],
                              fixIts: [FixIt(SourceSpan(file: FileID(3), start: 0, end: 2), "")])
        #expect(TextRenderer().render(wild, in: files).hasPrefix("deck.cards:1:1: error[E301]: m\n"))
        let lost = Diagnostic(.e301, "m", at: SourceSpan(file: FileID(5), start: 0, end: 1))
        #expect(TextRenderer().render(lost, in: files) == "<unknown>: error[E301]: m\n")
        _ = JSONDiagnosticRenderer().render([wild, lost], in: files)
        _ = SARIFRenderer(toolVersion: "0").render([wild, lost], in: files)
        _ = GitHubActionsRenderer().render([wild, lost], in: files)
    }
}

// MARK: - JSON writer

@Suite("JSON writer")
struct JSONWriterTests {
    @Test("escapes strings per RFC 8259 plus U+2028/9 and DEL")
    func escaping() {
        let value: JSONValue = .string("q\"\\/\n\r\t\u{8}\u{C}\u{1}\u{1F}\u{7F}\u{2028}\u{2029}é日😀")
        #expect(value.serialized() == #""q\"\\/\n\r\t\b\f\u0001\u001f\u007f\u2028\u2029é日😀""#)
        var out = JSONWriter()
        out.write("a\u{2028}b\u{2029}\u{E2}\"")
        #expect(out.text == #""a\u2028b\u2029\#u{E2}\"""#)
    }

    @Test("escapes the C1 controls (they reached JSON on stdout raw)")
    func c1Controls() {
        #expect(JSONValue.string("a\u{80}b\u{85}c\u{9B}d\u{9F}e\u{A0}f\u{C2}").serialized()
                == #""a\u0080b\u0085c\u009bd\u009fe\#u{A0}f\#u{C2}""#)
        var out = JSONWriter()
        out.write("x\u{9B}[31my\u{85}")
        #expect(out.text == #""x\u009b[31my\u0085""#)
    }

    @Test("numbers: integers plain, integral doubles as integers, shortest round trip otherwise")
    func numbers() {
        func json(_ d: Double) -> String { JSONValue.double(d).serialized() }
        #expect(JSONValue.int(Int.min).serialized() == "-9223372036854775808")
        #expect(JSONValue.int(Int.max).serialized() == "9223372036854775807")
        #expect(JSONValue.int(0).serialized() == "0")
        #expect(json(200.0) == "200")
        #expect(json(-0.0) == "0")
        #expect(json(0.1) == "0.1")
        #expect(json(-0.5) == "-0.5")
        #expect(json(123456.789) == "123456.789")
        #expect(json(1e-05) == "0.00001")
        #expect(json(1.5e-7) == "0.00000015")
        #expect(json(1.0 / 3.0) == "0.3333333333333333")
        #expect(json(0.1 + 0.2) == "0.30000000000000004")
        #expect(json(1e16) == "10000000000000000")
        #expect(json(1e300) == "1e+300")
        #expect(json(.leastNonzeroMagnitude) == "5e-324")
        #expect(json(.nan) == "null")
        #expect(json(.infinity) == "null")
        #expect(json(-.infinity) == "null")
        // Every form reads back to the same double.
        var state: UInt64 = 7
        for _ in 0..<20_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let d = Double(bitPattern: state)
            guard d.isFinite else { continue }
            let text = json(d)
            #expect(Double(text) == d, "\(d) -> \(text)")
            #expect(!text.contains("e") || d.magnitude >= 1e30 || d.magnitude < 1e-30 || d == 0)
            let scaled = Double(Int64(truncatingIfNeeded: state >> 20)) / 1024
            #expect(Double(json(scaled)) == scaled)
            #expect(json(scaled) == scaled.description.replacingOccurrences(of: ".0", with: "")
                    || scaled.description.contains("e") || !scaled.description.hasSuffix(".0"))
        }
    }

    @Test("objects keep insertion order; pretty output uses 2-space indentation")
    func layout() {
        let value: JSONValue = ["z": 1, "a": [true, nil, 2.5, [:], []], "m": ["k": "v"]]
        #expect(value.serialized() == #"{"z":1,"a":[true,null,2.5,{},[]],"m":{"k":"v"}}"#)
        #expect(value.serialized(pretty: true) == """
            {
              "z": 1,
              "a": [
                true,
                null,
                2.5,
                {},
                []
              ],
              "m": {
                "k": "v"
              }
            }
            """)
        #expect(JSONValue.array([]).serialized(pretty: true) == "[]")
        #expect(value["a"] == [true, nil, 2.5, [:], []])
    }

    @Test("streaming writer output parses back")
    func streaming() throws {
        var out = JSONWriter(pretty: true)
        out.beginObject()
        out.write("cardc", forKey: "name")
        out.writeKey("sizes")
        out.beginArray(); out.write(1); out.write(2.5); out.writeNull(); out.write(false); out.endArray()
        out.write(JSONValue.object([("b", 1), ("a", 2)]), forKey: "nested")
        out.endObject()
        let parsed = try JSONSerialization.jsonObject(with: Data(out.bytes)) as? [String: Any]
        #expect(parsed?["name"] as? String == "cardc")
        #expect((parsed?["sizes"] as? [Any])?.count == 4)
        #expect(out.text.contains("\"nested\": {\n    \"b\": 1,\n    \"a\": 2\n  }"))
    }
}

// MARK: - Machine formats

@Suite("Machine renderers")
struct MachineRendererTests {
    private func sample() -> (FileSet, [Diagnostic]) {
        var files = FileSet()
        let deck = files.add(path: "my deck.cards", bytes: Array("card Budget: shadow(radius: 10) {\n}\ncard Budget {}\n".utf8))
        let other = files.add(path: "sub/ü,x:y.cards", bytes: Array("theme T {}\n".utf8))
        let shadow = span(of: "shadow", in: deck)
        let diagnostics = [
            Diagnostic(.e501, "trait `shadow` is missing `opacity`", at: shadow, label: "requires opacity",
                       secondary: [DiagnosticLabel(span(of: "T", in: other), "theme here")],
                       notes: [.help("add `opacity: 0.5`"), DiagnosticNote("declared here", at: span(of: "Budget", in: deck))],
                       fixIts: [FixIt(SourceSpan(file: deck.id, start: shadow.end + 1, end: shadow.end + 1), "opacity: 0.5, "),
                                FixIt(span(of: "T", in: other), "U")]),
            Diagnostic(.w103, "empty container \"x\"\nline2", at: span(of: "{}", in: deck)),
        ]
        return (files, diagnostics)
    }

    @Test("json: documented shape, sorted, parseable")
    func json() throws {
        let (files, diagnostics) = sample()
        let text = JSONDiagnosticRenderer(pretty: false).render(diagnostics.reversed(), in: files)
        #expect(text.hasSuffix("]\n"))
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        #expect(array[0]["code"] as? String == "E501")
        #expect(array[0]["file"] as? String == "my deck.cards")
        #expect(array[0]["line"] as? Int == 1 && array[0]["column"] as? Int == 14)
        #expect(array[0]["endLine"] as? Int == 1 && array[0]["endColumn"] as? Int == 20)
        #expect(array[0]["severity"] as? String == "error")
        #expect(array[1]["severity"] as? String == "warning")
        #expect(array[1]["message"] as? String == "empty container \"x\"\nline2")
        let notes = try #require(array[0]["notes"] as? [[String: Any]])
        #expect(notes.map { $0["kind"] as? String } == ["label", "label", "help", "note"])
        #expect(notes[1]["file"] as? String == "sub/ü,x:y.cards")
        #expect(notes[2]["file"] == nil)
        let fixes = try #require(array[0]["fixes"] as? [[String: Any]])
        #expect(fixes.count == 2)
        let range = try #require(fixes[0]["range"] as? [String: Any])
        #expect(range["column"] as? Int == 21 && range["endColumn"] as? Int == 21)
        #expect(fixes[0]["replacement"] as? String == "opacity: 0.5, ")
        // Key order as documented.
        #expect(text.hasPrefix(#"[{"file":"my deck.cards","line":1,"column":14,"endLine":1,"endColumn":20,"severity":"error","code":"E501","message":"#))
        #expect(JSONDiagnosticRenderer().render([], in: files) == "[]\n")
    }

    @Test("sarif: 2.1.0 log with every rule, regions, related locations and fixes")
    func sarif() throws {
        let (files, diagnostics) = sample()
        let renderer = SARIFRenderer(toolVersion: "1.2.3", informationURI: "https://example.com/cardc",
                                     explanation: { $0 == .e501 ? "Long E501 text." : nil })
        let text = renderer.render(diagnostics, in: files)
        if let path = ProcessInfo.processInfo.environment["CARDC_SARIF_OUT"] {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        #expect(log["version"] as? String == "2.1.0")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        #expect(runs[0]["columnKind"] as? String == "unicodeCodePoints")
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "cardc")
        #expect(driver["version"] as? String == "1.2.3")
        #expect(driver["informationUri"] as? String == "https://example.com/cardc")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == DiagnosticCode.allCases.map(\.rawValue))
        let e501 = try #require(DiagnosticCode.allCases.firstIndex(of: .e501))
        #expect((rules[e501]["help"] as? [String: Any])?["text"] as? String == "Long E501 text.")
        #expect((rules[0]["fullDescription"] as? [String: Any])?["text"] as? String == DiagnosticCode.e101.title)
        #expect((rules[0]["shortDescription"] as? [String: Any])?["text"] as? String == DiagnosticCode.e101.title)

        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 2)
        #expect(results[0]["ruleId"] as? String == "E501")
        #expect(results[0]["ruleIndex"] as? Int == e501)
        #expect(results[0]["level"] as? String == "error")
        #expect(results[1]["level"] as? String == "warning")
        #expect((results[0]["message"] as? [String: Any])?["text"] as? String
                == "trait `shadow` is missing `opacity`\nhelp: add `opacity: 0.5`")
        let location = try #require((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "my%20deck.cards")
        let region = try #require(location["region"] as? [String: Int])
        #expect(region == ["startLine": 1, "startColumn": 14, "endLine": 1, "endColumn": 20])
        let related = try #require(results[0]["relatedLocations"] as? [[String: Any]])
        #expect(related.count == 2)
        let relatedURI = ((related[0]["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"]
        #expect(relatedURI as? String == "sub/%C3%BC%2Cx%3Ay.cards")
        let fixes = try #require(results[0]["fixes"] as? [[String: Any]])
        let changes = try #require(fixes.first?["artifactChanges"] as? [[String: Any]])
        #expect(changes.count == 2)
        let replacement = try #require((changes[0]["replacements"] as? [[String: Any]])?.first)
        #expect((replacement["insertedContent"] as? [String: Any])?["text"] as? String == "opacity: 0.5, ")
        #expect(replacement["deletedRegion"] as? [String: Int] == ["startLine": 1, "startColumn": 21, "endLine": 1, "endColumn": 21])
    }

    @Test("sarif URIs are percent-encoded relative references")
    func sarifURIs() {
        #expect(SARIFRenderer.uri(forPath: "Samples/deck.cards") == "Samples/deck.cards")
        #expect(SARIFRenderer.uri(forPath: "./a b/#1%.cards") == "a%20b/%231%25.cards")
        #expect(SARIFRenderer.uri(forPath: "c:d.cards") == "c%3Ad.cards")
    }

    @Test("github: workflow commands with GitHub's escaping")
    func github() {
        let (files, diagnostics) = sample()
        let out = lines(GitHubActionsRenderer().render(diagnostics, in: files))
        #expect(out == [
            "::error file=my deck.cards,line=1,col=14,endLine=1,endColumn=20,title=E501::trait `shadow` is missing `opacity`%0Ahelp: add `opacity: 0.5`%0Anote: declared here (my deck.cards:1:6)",
            "::warning file=my deck.cards,line=3,col=13,endLine=3,endColumn=15,title=W103::empty container \"x\"\\u{A}line2",
            "",
        ])
        #expect(GitHubActionsRenderer.escapeProperty("a,b:c%d\r\ne") == "a%2Cb%3Ac%25d%0D%0Ae")
        #expect(GitHubActionsRenderer.escapeData("a,b:c%d\r\ne") == "a,b:c%25d%0D%0Ae")
        var files2 = FileSet()
        let odd = files2.add(path: "we,ird:100%.cards", bytes: Array("x".utf8))
        let line = GitHubActionsRenderer().render([Diagnostic(.e301, "m", at: SourceSpan(file: odd.id, start: 0, end: 1))], in: files2)
        #expect(line == "::error file=we%2Cird%3A100%25.cards,line=1,col=1,endLine=1,endColumn=2,title=E301::m\n")
        #expect(GitHubActionsRenderer().render([], in: files2) == "")
    }
}

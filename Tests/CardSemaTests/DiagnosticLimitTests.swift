import CardPipeline
import CardDiagnostics
import CardSyntax
import Testing
import CardModel
import CardSources
@testable import CardSema

/// At most `DiagnosticLimit.perFile` errors and as many warnings per file, all phases together,
/// then one note counting the rest; each phase stops recording at the limit, so a flood of one
/// mistake costs memory for a thousand diagnostics, not a million.
@Suite struct DiagnosticLimitTests {
    let limit = DiagnosticLimit.perFile

    /// `card A { zz zz … }` with `count` unknown parts.
    func flood(_ count: Int) -> String { "card A { " + String(repeating: "zz ", count: count) + "}\n" }

    @Test("a flood of one checker error keeps the first thousand and counts the rest in one note")
    func checkerFlood() throws {
        let result = checkSource(flood(5000))
        #expect(result.diagnostics.count == limit)
        #expect(result.diagnostics.allSatisfy { $0.code == .e301 })
        // The first ones of the file, in order.
        #expect(result.diagnostics.map { result.location($0.span).column } == (0..<limit).map { 10 + 3 * $0 })
        let notes = result.diagnostics.flatMap(\.notes).map(\.message).filter { $0.contains("not shown") }
        #expect(notes == ["4000 more diagnostics in this file not shown (at most 1000 errors and 1000 warnings are reported per file)"])
        #expect(result.diagnostics.last?.notes.last?.message == notes.first)
        #expect(result.omitted.values.reduce(0, +) == 4000)
        // Within the limit nothing changes: every did-you-mean is still there.
        let small = checkSource(flood(limit))
        #expect(small.diagnostics.count == limit)
        #expect(small.omitted.isEmpty)
        #expect(small.diagnostics.allSatisfy { !$0.notes.contains { $0.message.contains("not shown") } })
    }

    @Test("the checker stops recording at the limit, before the cap: memory stays bounded")
    func checkerStopsRecording() throws {
        let file = SourceFile(path: "flood.cards", text: flood(20_000))
        let tree = Parser.parse(file)
        var checker = DeckChecker(trees: [file.id: tree], order: [file.id])
        _ = checker.check()
        #expect(checker.diagnostics.count == limit)
        #expect(checker.limit.omitted == [file.id: 20_000 - limit])
    }

    @Test("lexer, parser and checker share one limit; the first by position are kept")
    func phasesTogether() throws {
        // 800 lexical errors (`@`) and 800 unknown parts, interleaved line by line.
        let source = "card A {\n" + String(repeating: "  @\n  zz\n", count: 800) + "}\n"
        let result = checkSource(source)
        #expect(result.diagnostics.count == limit)
        #expect(result.diagnostics.map { result.location($0.span).line } == Array(2...(limit + 1)))
        #expect(result.diagnostics.last?.notes.last?.message.hasPrefix("600 more diagnostics in this file not shown") == true)
        // The parser alone: its errors past the limit are counted on the tree.
        // (`)` is no value, and then no item either: two syntax errors a card.)
        let syntax = Parser.parse(SourceFile(path: "s.cards", text: String(repeating: "card A { x: ) }\n", count: 3000)))
        #expect(syntax.diagnostics.count == limit)
        #expect(syntax.omittedDiagnostics == 6000 - limit)
    }

    @Test("errors and warnings are capped apart, so errors past a flood of warnings still fail the run")
    func warningsApart() throws {
        let source = "card A {\n" + String(repeating: "  button(\"x\")\n", count: 1200) + String(repeating: "  zz\n", count: 5) + "}\n"
        let result = checkSource(source)
        #expect(result.diagnostics.filter { $0.severity == .warning }.count == limit)
        #expect(result.diagnostics.filter { $0.severity == .error }.count == 5)
        #expect(result.hasErrors)
        #expect(result.diagnostics.last?.notes.last?.message.hasPrefix("200 more diagnostics in this file not shown") == true)
    }

    @Test("a file flooded with broken imports records a thousand")
    func loaderFlood() throws {
        let result = checkSource(String(repeating: "import \"missing.cards\"\n", count: 3000))
        #expect(result.diagnostics.count == limit)
        #expect(result.diagnostics.last?.notes.last?.message.hasPrefix("2000 more diagnostics") == true)
    }

    @Test("diagnostics added later are capped with the rest, still with one note")
    func addingKeepsOneNote() throws {
        var result = checkSource(flood(1500))
        let file = try #require(result.diagnostics.first?.span.file)
        let more = (0..<700).map { Diagnostic(.w104, "tall \($0)", at: SourceSpan(file: file, start: 9 + 3 * $0, end: 11 + 3 * $0)) }
        result.add(more)
        let notes = result.diagnostics.flatMap(\.notes).filter { $0.message.contains("not shown") }
        #expect(notes.count == 1)
        #expect(notes.first?.message.hasPrefix("500 more diagnostics") == true)
        #expect(result.diagnostics.count == limit + 700)
        result.add(more.map { var d = $0; d.message += "!"; return d } + more.map { var d = $0; d.message += "?"; return d })
        // 1,000 errors and 2,100 warnings, of which 1,100 go.
        #expect(result.diagnostics.count == 2 * limit)
        #expect(result.diagnostics.flatMap(\.notes).filter { $0.message.contains("not shown") }.map(\.message)
                == [DiagnosticLimit.note(omitting: 500 + 1100).message])
    }

    @Test("a file imported by two entries counts what it left out once")
    func sharedImport() throws {
        var memory: [String: String] = [:]
        memory["/deck/a.cards"] = "import \"lib.cards\"\n"
        memory["/deck/b.cards"] = "import \"lib.cards\"\n"
        memory["/deck/lib.cards"] = flood(1500)
        let result = Pipeline.check(paths: ["/deck/a.cards", "/deck/b.cards"], root: "/deck", provider: MemoryFileProvider(memory))
        #expect(result.diagnostics.count == limit)
        #expect(result.diagnostics.last?.notes.last?.message.hasPrefix("500 more diagnostics") == true)
    }
}

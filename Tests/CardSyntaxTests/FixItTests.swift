import Testing
import CardDiagnostics
@testable import CardSyntax

extension SyntaxTree {
    /// The file with every fix-it of the parse applied (identical ones once), or nil when two
    /// overlap: two edits at one point, or one inside another, have no order that means both.
    func applyingFixIts() -> [UInt8]? {
        var fixIts: [FixIt] = []
        for d in diagnostics { for fix in d.fixIts where !fixIts.contains(fix) { fixIts.append(fix) } }
        fixIts.sort { ($0.span.start, $0.span.end) < ($1.span.start, $1.span.end) }
        for (a, b) in zip(fixIts, fixIts.dropFirst()) where a.span.end > b.span.start || a.span.range == b.span.range {
            return nil
        }
        var bytes = file.bytes
        for fix in fixIts.reversed() { bytes.replaceSubrange(fix.span.range, with: Array(fix.replacement.utf8)) }
        return bytes
    }

    /// Nil when the fix-its are safe together, as "fix all" applies them: none overlap, and once
    /// they are applied, every diagnostic that had one is gone and no new one appears (counted
    /// per code). Else what went wrong.
    func fixItProblem() -> String? {
        guard diagnostics.contains(where: { !$0.fixIts.isEmpty }) else { return nil }
        guard let fixed = applyingFixIts() else { return "fix-its overlap: \(diagnostics.flatMap(\.fixIts))" }
        let after = Parser.parse(SourceFile(path: file.path, bytes: fixed))
        func counts(_ diagnostics: [Diagnostic]) -> [DiagnosticCode: Int] {
            diagnostics.reduce(into: [:]) { $0[$1.code, default: 0] += 1 }
        }
        let was = counts(diagnostics), now = counts(after.diagnostics)
        let withFixIts = counts(diagnostics.filter { !$0.fixIts.isEmpty })
        for (code, count) in now where count > (was[code] ?? 0) - (withFixIts[code] ?? 0) {
            return "after the fix-its, \(after.diagnosticSummary) in:\n\(String(decoding: fixed, as: UTF8.self))"
        }
        return nil
    }
}

/// The recovery for `=` where `:` belongs (one E201 with a fix-it, then parsed as with `:`).
@Suite struct EqualsForColonTests {
    /// The tree dump of `source`, which must parse with exactly one diagnostic: E201 at the `=`
    /// with a fix-it whose result is `expected` and parses clean.
    func recovered(_ source: String, fixedTo expected: String,
                   sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        let tree = parse(source)
        #expect(tree.codes == ["E201"], "\(tree.diagnosticSummary)", sourceLocation: sourceLocation)
        guard let d = tree.diagnostics.first else { return "" }
        #expect(tree.file.text(d.span.range) == "=", sourceLocation: sourceLocation)
        #expect(d.message.hasPrefix("expected `:` after `"), sourceLocation: sourceLocation)
        #expect(d.message.hasSuffix("`, found `=`"), sourceLocation: sourceLocation)
        #expect(d.fixIts.count == 1, sourceLocation: sourceLocation)
        let fixed = tree.applyingFixIts().map { String(decoding: $0, as: UTF8.self) }
        #expect(fixed == expected, sourceLocation: sourceLocation)
        #expect(parse(expected).diagnostics.isEmpty, sourceLocation: sourceLocation)
        #expect(tree.invariantViolations() == [], sourceLocation: sourceLocation)
        return tree.dump()
    }

    @Test func propertyInABlock() throws {
        let dump = recovered("card A {\n  title = \"Trip\"\n}", fixedTo: "card A {\n  title: \"Trip\"\n}")
        #expect(dump == parse("card A {\n  title: \"Trip\"\n}").dump())
        let d = try #require(parse("card A {\n  title = \"Trip\"\n}").diagnostics.first)
        #expect(d.notes.map(\.message) == ["replace the `=` with `:`: a property or argument label is written `title: value`"])
        #expect(d.label == "write `:` here")
    }

    @Test func everyPlaceALabelGoes() {
        let places: [(String, String)] = [
            ("card A {\n  model {\n    spent = 0.5\n  }\n}", "card A {\n  model {\n    spent: 0.5\n  }\n}"),
            ("card A { bar(percent = 0.5) }", "card A { bar(percent: 0.5) }"),
            ("card A { text(\"a\", style = .title) }", "card A { text(\"a\", style: .title) }"),
            ("card A { x: [(a = 1, b: 2)] }", "card A { x: [(a: 1, b: 2)] }"),
            ("card A { input(kind: .currency(maxLength = 8)) }", "card A { input(kind: .currency(maxLength: 8)) }"),
            ("card A: shadow(radius = 4) {}", "card A: shadow(radius: 4) {}"),
            ("card A { model { state = .hasData } }", "card A { model { state: .hasData } }"),
            ("stack S: list {\n  theme = Night\n  A\n}", "stack S: list {\n  theme: Night\n  A\n}"),
        ]
        for (source, fixed) in places {
            #expect(recovered(source, fixedTo: fixed) == parse(fixed).dump(), "\(source)")
        }
    }

    @Test func theFixItSpacesTheColonAsWritten() {
        _ = recovered("card A {\n  title=\"Trip\"\n}", fixedTo: "card A {\n  title: \"Trip\"\n}")
        _ = recovered("card A {\n  title =\"Trip\"\n}", fixedTo: "card A {\n  title: \"Trip\"\n}")
        _ = recovered("card A {\n  title\t=  \"Trip\"\n}", fixedTo: "card A {\n  title:  \"Trip\"\n}")
    }

    /// What follows the `=` is checked as it would be after a `:`: its own errors are reported.
    @Test func errorsAfterTheEqualsAreStillReported() {
        let tree = parse("card A { bar(percent = 0.5 color: #FFF) }")
        #expect(tree.diagnosticSummary == ["1:22 E201", "1:28 E201"])
        #expect(tree.diagnostics.last?.message == "expected `,` or `)`, found `color`")
        #expect(parse("card A {\n  title = #12\n}").diagnosticSummary == ["2:9 E201", "2:11 E104"])
        let two = parse("card A {\n  title = \"a\" \"b\"\n}")
        #expect(two.diagnosticSummary == ["2:9 E201", "2:15 E201"])
        #expect(two.diagnostics.last?.message == parse("card A {\n  title: \"a\" \"b\"\n}").diagnostics.first?.message)
    }

    /// Everywhere else a `=` is still the lexer's one E102, with no cascade.
    @Test func nearMissesStayOneE102() {
        let nearMisses = [
            "card A {\n  title == \"x\"\n}",            // not a lone `=`
            "card A {\n  title = /* c */ \"x\"\n}",     // a comment between
            "card A {\n  title\n  = \"x\"\n}",          // not on one line
            "card A { x: [a = 1] }",                    // lists take no labels
            "card A { x: a = 1 }",                      // after a value (not a capitalised type)
            "card A { text(\"a\" = \"b\") }",           // after a value
            "card A {\n  title = }",                    // no value follows
            "card A {\n  hstack = (spacing: 8) {}\n}",  // a part's arguments, in a block
            "card A = shadow(radius: 4) {}",            // at file level
        ]
        for source in nearMisses {
            let tree = parse(source)
            #expect(tree.codes == ["E102"], "\(source): \(tree.diagnosticSummary)")
        }
        // Something else between: two invalid characters, as before.
        #expect(parse("card A {\n  title = ~ \"x\"\n}").codes == ["E102", "E102"])
        // Not on one line: as before, the string on the next line is an item of its own.
        #expect(parse("card A {\n  title =\n  \"x\"\n}").diagnosticSummary == ["2:9 E102", "3:3 E201"])
        // `state = loading` stays a state declaration with a stray `=`.
        let state = parse("card A {\n  state = loading {\n    text(\"…\")\n  }\n}")
        #expect(state.codes == ["E102"])
        #expect(state.first(.stateDecl) != nil)
        // The lexer alone still reports the `=` it drops.
        #expect(Lexer.tokenize(SourceFile(path: "t.cards", text: "title = \"x\"")).diagnostics.map(\.code) == [.e102])
    }
}

/// Fix-its that are safe to apply all at once (an editor's "fix all").
@Suite struct FixItSafetyTests {
    /// Fixes `source` with its fix-its and requires the exact result, parsing clean.
    func fixes(_ source: String, to expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let tree = parse(source)
        let fixed = tree.applyingFixIts().map { String(decoding: $0, as: UTF8.self) }
        #expect(fixed == expected, "\(tree.diagnosticSummary)", sourceLocation: sourceLocation)
        #expect(parse(expected).diagnostics.isEmpty, "\(parse(expected).diagnosticSummary)", sourceLocation: sourceLocation)
    }

    // MARK: E101

    @Test func unterminatedStringClosesBeforeTheClosersItSwallowed() {
        fixes("card A {\n  text(\"Hello)\n}", to: "card A {\n  text(\"Hello\")\n}")
        fixes("card A {\n  text(\"a\", style: .title, \"Hello)   // note\n}",
              to: "card A {\n  text(\"a\", style: .title, \"Hello\")   // note\n}")
        fixes("card A {\n  f(g(\"x))\n  text(\"b\")\n}", to: "card A {\n  f(g(\"x\"))\n  text(\"b\")\n}")
        // An escaped quote stays in the string.
        fixes("card A {\n  text(\"say \\\")\n}", to: "card A {\n  text(\"say \\\"\")\n}")
    }

    @Test func unterminatedStringClosesTheConstructsLeftOpen() {
        // The `)` was never written: the fix-it adds it after the quote.
        fixes("card A {\n  text(\"Hello\n  text(\"b\")\n}", to: "card A {\n  text(\"Hello\")\n  text(\"b\")\n}")
        fixes("card A {\n  f(g(\"x)\n  text(\"b\")\n}", to: "card A {\n  f(g(\"x\"))\n  text(\"b\")\n}")
        fixes("card A {\n  text(\"a\", \"b,   // c\n}", to: "card A {\n  text(\"a\", \"b\",)   // c\n}")
        // At the end of the file, the card's `}` too (the E202 shares the fix-it).
        let tree = parse("card A {\n  title: \"Trip")
        #expect(tree.codes.sorted() == ["E101", "E202"])
        #expect(Set(tree.diagnostics.map(\.fixIts)).count == 1)
        fixes("card A {\n  title: \"Trip", to: "card A {\n  title: \"Trip\"}")
    }

    @Test func unterminatedStringKeepsClosersNothingNeeds() {
        fixes("card A {\n  title: \"Trip)\n}", to: "card A {\n  title: \"Trip)\"\n}")
        fixes("card A {\n  text(\"a))\n}", to: "card A {\n  text(\"a)\")\n}")
        // A comma before the next argument stays outside.
        fixes("card A {\n  text(\"a,\n       style: .title)\n}", to: "card A {\n  text(\"a\",\n       style: .title)\n}")
    }

    /// Only a string where a value goes is closed: elsewhere the quote itself is the mistake.
    @Test func strayUnterminatedStringHasNoFixIt() {
        let tree = parse("card A: \"rounded(radius: 4),\n       shadow(radius: 2) {\n}")
        #expect(tree.codes.contains("E101"))
        #expect(tree.diagnostics.allSatisfy { $0.fixIts.isEmpty }, "\(tree.diagnostics.map(\.fixIts))")
        // Nor one that follows a value without a comma (which its E101 silences).
        let comma = parse("card A {\n  x: [(a: \"Rent\" \"b: 1)]\n}")
        #expect(comma.codes == ["E101"])
        #expect(comma.diagnostics.allSatisfy { $0.fixIts.isEmpty }, "\(comma.diagnosticSummary)")
    }

    @Test func unterminatedStringWithoutASafeSpotHasNoFixIt() {
        // A backslash at the end would escape the quote.
        let tree = parse("card A {\n  text(\"a \\\n  text(\"b\")\n}")
        #expect(tree.codes == ["E101"])
        #expect(tree.diagnostics.allSatisfy { $0.fixIts.isEmpty })
        // A stray quote after a string: two strings would end up side by side.
        let stray = parse("card A {\n  button(\"Save\"\", action: save)\n}")
        #expect(stray.codes == ["E101"])
        #expect(stray.diagnostics.allSatisfy { $0.fixIts.isEmpty })
    }

    // MARK: E202

    @Test func unclosedConstructsGetEveryCloserAtOnce() {
        fixes("card A {\n  vstack {\n    text(\"a\", f(1", to: "card A {\n  vstack {\n    text(\"a\", f(1))}}")
        fixes("card A {\n  text(\"a\",\ncard B {}", to: "card A {\n  text(\"a\",)}\ncard B {}")
        fixes("card A {\n  title(\"t\", menu: [\"a\", \"b\"\n  text(\"c\")\n}",
              to: "card A {\n  title(\"t\", menu: [\"a\", \"b\"])\n  text(\"c\")\n}")
        fixes("card A {\n  text(f(1 }", to: "card A {\n  text(f(1)) }")
        let tree = parse("card A {\n  vstack {\n    text(\"a\", f(1")
        #expect(tree.codes == ["E202"])
        #expect(tree.diagnostics.first?.fixIts.map(\.replacement) == ["))}}"])
        #expect(tree.diagnostics.first?.secondary.map(\.message) == ["expected `)` here"])
    }

    // MARK: E201 missing comma

    @Test func missingCommaFixItOnlyWhereItIsSafe() {
        let unlabeled = parse("card A { text(\"a\" \"b\") }")
        #expect(unlabeled.codes == ["E201"])
        #expect(unlabeled.diagnostics.first?.message == "expected `,` or `)`, found string `\"b\"`")
        #expect(unlabeled.diagnostics.first?.fixIts == [])
        #expect(parse("card A { x: size(0 5) }").diagnostics.first?.fixIts == [])
        fixes("card A { text(\"a\" style: .title) }", to: "card A { text(\"a\", style: .title) }")
        fixes("card A { x: [1 2] }", to: "card A { x: [1, 2] }")
        fixes("card A { x: (a: 1 b: 2) }", to: "card A { x: (a: 1, b: 2) }")
        fixes("card A { x: [(a: 1) (a: 2)] }", to: "card A { x: [(a: 1), (a: 2)] }")
        fixes("card A { text(\"a\" style = .title) }", to: "card A { text(\"a\", style: .title) }")
    }

    // MARK: E108

    @Test func multilineStringFixItsLeaveAValidString() {
        fixes("card A {\n  text(\"\"\"first\n    more\n    \"\"\")\n}",
              to: "card A {\n  text(\"\"\"\n    first\n    more\n    \"\"\")\n}")
        fixes("card A {\n  text(\"\"\"\n    a\n      b\"\"\")\n}",
              to: "card A {\n  text(\"\"\"\n    a\n      b\n    \"\"\")\n}")
        fixes("card A {\n  text(\"\"\"\n  short\n\tTab\n    \"\"\")\n}",
              to: "card A {\n  text(\"\"\"\n    short\n    Tab\n    \"\"\")\n}")
        fixes("card A {\n  text(\"\"\"one\"\"\")\n}", to: "card A {\n  text(\"\"\"\none\n\"\"\")\n}")
        fixes("card A {\n  text(\"\"\"  \"\"\")\n}", to: "card A {\n  text(\"\"\"  \n\"\"\")\n}")
    }

    // MARK: E103

    @Test func leadingZeroOnlyWhereItFixesTheNumber() {
        fixes("card A { x: .5 }", to: "card A { x: 0.5 }")
        for source in ["card A { x: .5.5 }", "card A { x: .5px }"] {
            let tree = parse(source)
            #expect(tree.codes == ["E103"] && tree.diagnostics.allSatisfy { $0.fixIts.isEmpty }, "\(source)")
        }
    }

    // MARK: Fixtures

    /// Every syntax fixture's fix-its are safe together (the parser's share of the fix-all test
    /// in CardSemaTests, which checks the whole pipeline).
    @Test(arguments: FixtureTests.fixtureNames)
    func fixtureFixItsAreSafeTogether(_ name: String) {
        let url = TestPaths.fixtures.appendingPathComponent(name)
        let tree = Parser.parse(SourceFile(path: name, bytes: TestPaths.bytes(of: url)))
        #expect(tree.fixItProblem() == nil, "\(name)")
    }
}

import Testing
@testable import CardDiagnostics

/// `FixAll`, the fix-it choice and application `cardc fix` and the language server share.
@Suite struct FixAllUnitTests {
    let file = FileID(0), other = FileID(1)

    func fix(_ start: Int, _ end: Int, _ text: String, in file: FileID = FileID(0)) -> FixIt {
        FixIt(SourceSpan(file: file, start: start, end: end), text)
    }

    func diagnostic(_ code: DiagnosticCode, at start: Int, _ fixIts: [FixIt], in file: FileID = FileID(0)) -> Diagnostic {
        Diagnostic(code, "m", at: SourceSpan(file: file, start: start, end: start + 1), fixIts: fixIts)
    }

    @Test func overlappingDiagnosticsWaitForTheNextPass() {
        let diagnostics = [
            diagnostic(.e301, at: 0, [fix(0, 3, "text")]),
            diagnostic(.e310, at: 2, [fix(2, 5, "color")]),          // overlaps the first
            diagnostic(.w801, at: 10, [fix(10, 12, "a"), fix(20, 22, "a")]),
            diagnostic(.e303, at: 20, [fix(20, 22, "a")]),            // identical edit: shared
            diagnostic(.e804, at: 30, [fix(30, 30, ",")]),
            diagnostic(.e501, at: 30, [fix(30, 30, ")")]),            // two insertions at one point
        ]
        let selection = FixAll.select(diagnostics)
        #expect(selection.diagnostics == [0, 2, 3, 4])
        #expect(selection.edits == [fix(0, 3, "text"), fix(10, 12, "a"), fix(20, 22, "a"), fix(30, 30, ",")])
    }

    @Test func aFileWithRecoveredSyntaxGetsOnlySyntaxFixIts() {
        let diagnostics = [
            diagnostic(.e102, at: 0, []),
            diagnostic(.e301, at: 5, [fix(5, 8, "text")]),
            diagnostic(.e201, at: 9, [fix(9, 9, ",")]),
            diagnostic(.e301, at: 5, [fix(5, 8, "text", in: other)], in: other),
            // A checker fix-it reaching into the broken file from another is not taken either.
            diagnostic(.e703, at: 0, [fix(2, 2, "title: \"\"")], in: other),
        ]
        #expect(FixAll.select(diagnostics).diagnostics == [2, 3])
    }

    @Test func applyAndMap() {
        let bytes = Array("card A { txt(\"a\") }".utf8)
        let edits = [fix(9, 12, "text"), fix(5, 5, "B")]
        #expect(String(decoding: FixAll.apply(edits, to: bytes), as: UTF8.self) == "card BA { text(\"a\") }")
        let sorted = edits.sorted { $0.span.start < $1.span.start }
        #expect(FixAll.map(5, through: sorted) == 6)     // after the insertion at 5
        #expect(FixAll.map(10, through: sorted) == 10)   // inside the replaced `txt`: its start, moved
        #expect(FixAll.map(13, through: sorted) == 15)
        // An edit past the end is left out, never a trap.
        #expect(FixAll.apply([fix(40, 41, "x")], to: bytes) == bytes)
    }

    @Test func introducedErrorsFollowTheEdits() {
        let edits = [fix(2, 5, "longer")]
        let before = [diagnostic(.e301, at: 2, []), diagnostic(.e801, at: 10, [])]
        // The E801 moved by the edit's growth is the same error; the E802 is new.
        let after = [diagnostic(.e801, at: 13, []), diagnostic(.e802, at: 20, [])]
        #expect(FixAll.introducedErrors(before: before, after: after, edits: edits).map(\.code) == [.e802])
        // Fixing a syntax error may reveal the checker's: only syntax codes count then.
        let broken = [diagnostic(.e201, at: 2, [])]
        #expect(FixAll.introducedErrors(before: broken, after: [diagnostic(.e301, at: 9, [])], edits: []).isEmpty)
        #expect(FixAll.introducedErrors(before: broken, after: [diagnostic(.e202, at: 9, [])], edits: []).map(\.code) == [.e202])
    }
}

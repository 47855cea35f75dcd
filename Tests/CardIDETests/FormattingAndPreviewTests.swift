import CardDiagnostics
import CardIDE
import CardSyntax
import Testing

@Suite struct FormattingTests {
    func apply(_ edits: [FileEdit], to text: String) -> String {
        var bytes = Array(text.utf8)
        for edit in edits.sorted(by: { $0.location.range.lowerBound > $1.location.range.lowerBound }) {
            bytes.replaceSubrange(edit.location.range, with: Array(edit.newText.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func editGivesTheFormattersOutput() throws {
        let text = "// é\ncard A{text(\"x\",style:.title)\n\n\n  bar(percent: 0.5)}\n"
        let snapshot = snapshot(text)
        let edits = try snapshot.formatting()
        #expect(edits.count == 1)
        let expected = try Formatter.format(snapshot.tree)
        #expect(apply(edits, to: text) == expected)
        // The unchanged start (the comment) is not part of the edit.
        #expect(edits[0].location.range.lowerBound > 0)
        #expect(try CardIDETests.snapshot(expected).formatting().isEmpty)
    }

    @Test func syntaxErrorsAreNotFormatted() {
        #expect(throws: FormatError.syntaxErrors(count: 1)) { try snapshot("card A { text(\"x\" }").formatting() }
    }
}
@Suite struct PreviewHoverTests {
    @Test func cardHoverShowsItsPreviewAtTheWidth() throws {
        let text = "/// Says hello.\ncard Hello {\n  model { name: \"World\" }\n  text($name, style: .title)\n}\n"
        let hover = try #require(snapshot(text).hover(at: offset(of: "Hello", in: text), previewWidth: 30))
        #expect(hover.markdown.contains("Says hello."))
        let block = try #require(hover.markdown.split(separator: "```text\n").last)
        let lines = block.split(separator: "\n").dropLast() // the closing fence
        #expect(lines.contains { $0.contains("World") })
        #expect(lines.allSatisfy { TerminalText.displayWidth(of: $0) <= 30 })
    }
}

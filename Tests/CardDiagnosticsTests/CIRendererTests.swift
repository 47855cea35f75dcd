import Foundation
import Testing
@testable import CardDiagnostics
import CardJSON

/// The checkstyle, junit and gitlab formats, exactly; `Tests/EndToEnd/ci-reports.sh` then has
/// their real readers (an XSD with xmllint, junitparser, a JSON schema) read them.
@Suite struct CIRendererTests {
    static func sample() -> (FileSet, [Diagnostic]) {
        var files = FileSet()
        let clean = files.add(path: "clean.cards", bytes: Array("card A {\n  text(\"a\")\n}\n".utf8))
        _ = clean
        let text = "card B {\n  model { odd: 1 }\n  button(\"Go\")\n}\n"
        let deck = files.add(path: "a&b <\"deck\">.cards", bytes: Array(text.utf8))
        let start = text.utf8.count - text.drop { $0 != "{" }.dropFirst().drop { $0 != "{" }.dropFirst(2).utf8.count
        var unused = Diagnostic(.w101, "model field `odd` is never used: \u{1B}[31m<red> & \"quoted\"", at: SourceSpan(file: deck.id, start: start, end: start + 3))
        unused.notes = [.help("bind it\twith `$odd`")]
        let button = Diagnostic(.e501, "trait missing", at: SourceSpan(file: deck.id, start: 30, end: 36))
        return (files, [unused, button])
    }

    @Test func checkstyle() {
        let (files, diagnostics) = Self.sample()
        let xml = CheckstyleRenderer().render(diagnostics, in: files)
        #expect(xml == """
        <?xml version="1.0" encoding="UTF-8"?>
        <checkstyle version="4.3">
          <file name="clean.cards"/>
          <file name="a&amp;b &lt;&quot;deck&quot;&gt;.cards">
            <error line="2" column="11" severity="warning" message="model field `odd` is never used: \\u{1B}[31m&lt;red&gt; &amp; &quot;quoted&quot;&#10;help: bind it&#9;with `$odd`" source="cardc.W101"/>
            <error line="3" column="3" severity="error" message="trait missing" source="cardc.E501"/>
          </file>
        </checkstyle>

        """)
    }

    @Test func junit() {
        let (files, diagnostics) = Self.sample()
        let xml = JUnitRenderer().render(diagnostics, in: files)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"cardc\" tests=\"3\" failures=\"2\" errors=\"0\">\n"))
        #expect(xml.contains("<testsuite name=\"clean.cards\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\">\n    <testcase name=\"no diagnostics\" classname=\"clean.cards\"/>"))
        #expect(xml.contains("<testcase name=\"W101 at 2:11\" classname=\"a&amp;b &lt;&quot;deck&quot;&gt;.cards\" file=\"a&amp;b &lt;&quot;deck&quot;&gt;.cards\" line=\"2\">"))
        // The failure's text keeps its line break and tab; the control character is shown escaped.
        #expect(xml.contains("type=\"warning\">a&amp;b &lt;&quot;deck&quot;&gt;.cards:2:11: warning[W101]: model field `odd` is never used: \\u{1B}[31m&lt;red&gt; &amp; &quot;quoted&quot;\nhelp: bind it\twith `$odd`</failure>"))
        #expect(xml.contains("<failure message=\"trait missing\" type=\"error\">"))
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
    }

    @Test func gitlab() throws {
        let (files, diagnostics) = Self.sample()
        let json = GitLabCodeQualityRenderer(fingerprint: { $0.code.rawValue.lowercased() }).render(diagnostics, in: files)
        let issues = try #require(try JSONParser.parse(json).array)
        #expect(issues.count == 2)
        let first = issues[0]
        #expect(first["type"] == "issue")
        #expect(first["check_name"] == "W101")
        #expect(first["severity"] == "minor")
        #expect(first["categories"] == ["Style"])
        #expect(first["fingerprint"] == "w101")
        #expect(first["location"]?["path"] == "a&b <\"deck\">.cards")
        #expect(first["location"]?["lines"] == ["begin": 2, "end": 2])
        #expect(first["description"]?.string?.hasPrefix("W101: model field `odd` is never used") == true)
        #expect(issues[1]["severity"] == "major")
        #expect(issues[1]["categories"] == ["Bug Risk"])
        #expect(GitLabCodeQualityRenderer(fingerprint: { _ in "" }).render([], in: files) == "[]\n")
    }
}

import CardJSON
import CardServer
import Foundation
import Testing

/// The language server with a project: "ignore this warning" offered as a quick fix with its
/// workspace edit, and a `cardc.json` it cannot use shown once with `window/showMessage`.
@Suite struct ProjectProtocolTests {
    static let deck = "card Budget {\n  model {\n    spent: 0.5\n    label: \"May\"\n  }\n  bar(percent: $spent)\n}\n"

    @Test func ignoreThisWarningIsAQuickFix() throws {
        let session = Session()
        session.initialize()
        let published = session.open(uri, Self.deck)
        let diagnostics = try #require(published.first { $0.method == "textDocument/publishDiagnostics" }?["params"]?["diagnostics"]?.array)
        #expect(diagnostics.map { $0["code"] } == ["W101"])
        let reply = session.send(request(2, "textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)], "range": ["start": position(3, 4), "end": position(3, 4)],
            "context": ["diagnostics": .array(diagnostics)],
        ])).first
        let actions = try #require(reply?["result"]?.array)
        let here = try #require(actions.first { $0["title"] == "Ignore W101 on this line (// cardc:ignore W101)" })
        #expect(here["kind"] == "quickfix")
        let edits = try #require(here["edit"]?["changes"]?[uri]?.array)
        #expect(edits == [["range": ["start": position(3, 0), "end": position(3, 0)], "newText": "    // cardc:ignore W101\n"]])
        #expect(actions.contains { $0["title"] == "Ignore W101 in this file (// cardc:ignore-file W101)" })
    }

    @Test func unusableConfigurationIsShownOnce() throws {
        let directory = NSTemporaryDirectory() + "cardc-lsp-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let root = (directory as NSString).resolvingSymlinksInPath
        try Data(#"{ "flavour": "observation" }"#.utf8).write(to: URL(fileURLWithPath: root + "/cardc.json"))
        let session = Session()
        session.initialize(root: root)
        let first = session.open("file://" + root + "/a.cards", Self.deck)
        let shown = first.filter { $0.method == "window/showMessage" }
        #expect(shown.count == 1)
        #expect(shown.first?["params"]?["type"] == 1)
        #expect(shown.first?["params"]?["message"]?.string?.contains("unknown key \"flavour\" (did you mean \"flavor\"?") == true)
        // The defaults apply meanwhile: the warning is still published.
        #expect(first.contains { $0.method == "textDocument/publishDiagnostics" && $0["params"]?["diagnostics"]?[0]?["code"] == "W101" })
        let second = session.open("file://" + root + "/b.cards", Self.deck)
        #expect(!second.contains { $0.method == "window/showMessage" }, "shown once")
    }
}

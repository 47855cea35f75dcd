import CardIDE
import CardSources
import Foundation
import Testing

/// Imports through links on disk, as an editor meets them: every location names the file that
/// was loaded, where it is (issue 27: `import "link/../x.cards"`).
@Suite struct DiskImportTests {
    @Test("definition, document links and workspace symbols name the real file behind `link/../x.cards`")
    func linkThenDotDot() throws {
        let base = (LocalFiles.realPath(NSTemporaryDirectory()) ?? "/tmp") + "/cardc-ide-links-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/proj/a/b", withIntermediateDirectories: true)
        try Data("card Lib { text(\"lib\") }\n".utf8).write(to: URL(fileURLWithPath: base + "/proj/a/x.cards"))
        try FileManager.default.createSymbolicLink(atPath: base + "/proj/l", withDestinationPath: "a/b")
        let main = "import \"l/../x.cards\"\nstack S: list { Lib }\n"
        let workspace = Workspace(roots: [base + "/proj"], base: DiskFileProvider())
        workspace.open(path: base + "/proj/main.cards", bytes: Array(main.utf8), version: 1)
        let snapshot = try #require(workspace.snapshot(of: base + "/proj/main.cards"))
        #expect(snapshot.diagnostics.isEmpty, "\(snapshot.diagnostics.map(\.message))")
        let real = base + "/proj/a/x.cards"
        #expect(snapshot.documentLinks().map(\.target) == [real])
        let lib = main.utf8.count - " }\n".utf8.count - 1
        #expect(snapshot.definition(at: lib).map(\.path) == [real])
        #expect(Snapshot.workspaceSymbols(matching: "Lib", in: [snapshot]).map(\.location.path) == [real])
        #expect(FileManager.default.fileExists(atPath: real))
    }
}

@testable import CardIDE
import CardSources
import Foundation
import Testing

/// What closed files' checks resolved is kept for the next cross-file question, and dropped
/// as soon as a file those checks read changes (in a buffer or on disk).
@Suite struct ResolvedNamesTests {
    /// `pawtheme.cards` declares `ShelterNote`; `pawpal.cards` (closed) lists it and pushes it.
    func folder() throws -> (base: String, workspace: Workspace, theme: String, pal: String) {
        let base = (LocalFiles.realPath(NSTemporaryDirectory()) ?? "/tmp") + "/cardc-ide-names-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        let theme = base + "/pawtheme.cards", pal = base + "/pawpal.cards"
        try Data("card ShelterNote {\n  title: \"Shelter\"\n  text(\"Adopt\")\n}\n".utf8).write(to: URL(fileURLWithPath: theme))
        try Data(("import \"pawtheme.cards\"\n\ncard PawPal {\n  title: \"Paw pal\"\n  button(\"Note\", action: push(ShelterNote))\n}\n\n"
            + "stack Paws: sheet {\n  PawPal\n  ShelterNote\n}\n").utf8).write(to: URL(fileURLWithPath: pal))
        let workspace = Workspace(roots: [base], base: DiskFileProvider())
        workspace.open(path: theme, bytes: Array((try String(contentsOfFile: theme, encoding: .utf8)).utf8), version: 1)
        return (base, workspace, theme, pal)
    }

    @Test func codeLensesKeepNamesThatTheRenameReuses() throws {
        let (base, workspace, theme, pal) = try folder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let snapshot = try #require(workspace.snapshot(of: theme))
        #expect(workspace.resolvedNames.isEmpty)
        let usages = workspace.cardUsages(in: snapshot).value
        #expect(usages.map(\.name) == ["Paws", "PawPal"])
        let kept = try #require(workspace.resolvedNames[pal])
        #expect(kept.occurrences.filter { $0.id.kind == .card && $0.location.path == pal }.count == 4)
        #expect(workspace.isCurrent(kept))
        // The rename trusts them: the same edits as from a fresh check.
        let renamed = try workspace.rename(at: 6, in: snapshot, to: "RescueNote").get().value
        #expect(renamed.filter { $0.location.path == pal }.count == 2)
        // An edit of the imported buffer makes them stale; so does a change on disk nobody reported.
        workspace.replaceAll(path: theme, with: Array("card ShelterNote {\n  title: \"S\"\n  text(\"Adopt\")\n}\n".utf8), version: 2)
        #expect(!workspace.isCurrent(kept))
        _ = workspace.cardUsages(in: try #require(workspace.snapshot(of: theme)))
        let again = try #require(workspace.resolvedNames[pal])
        #expect(workspace.isCurrent(again))
        try Data("// changed behind the editor\n".utf8).write(to: URL(fileURLWithPath: pal))
        #expect(!workspace.isCurrent(again))
    }
}

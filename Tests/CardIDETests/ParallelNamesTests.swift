@testable import CardIDE
import CardSources
import Foundation
import Testing

/// Closed files checked at once on several threads give exactly what checking them one by one
/// gave: the same kept names, in the same order, and the same rename edits.
@Suite struct ParallelNamesTests {
    /// `shared.cards` declares `Shared`; 24 files import it and list it; a chain
    /// (`chain_a` → `chain_b` → `chain_c` → shared) and a diamond (`top1`, `top2` → `mid` →
    /// shared) import it through other importers.
    func folder() throws -> (base: String, shared: String) {
        let base = (LocalFiles.realPath(NSTemporaryDirectory()) ?? "/tmp") + "/cardc-ide-parallel-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: base + "/" + name)) }
        try write("shared.cards", "card Shared {\n  title: \"Shared\"\n  text(\"Hello\")\n}\n")
        func importer(_ name: String, imports: String) -> String {
            "import \"\(imports)\"\n\ncard \(name) {\n  title: \"\(name)\"\n  button(\"Go\", action: push(Shared))\n}\n\n"
                + "stack \(name)Stack: sheet {\n  \(name)\n  Shared\n}\n"
        }
        for i in 0..<24 { try write("imp\(i).cards", importer("Imp\(i)", imports: "shared.cards")) }
        try write("chain_c.cards", importer("ChainC", imports: "shared.cards"))
        try write("chain_b.cards", importer("ChainB", imports: "chain_c.cards"))
        try write("chain_a.cards", importer("ChainA", imports: "chain_b.cards"))
        try write("mid.cards", importer("Mid", imports: "shared.cards"))
        try write("top1.cards", importer("Top1", imports: "mid.cards"))
        try write("top2.cards", importer("Top2", imports: "mid.cards"))
        return (base, base + "/shared.cards")
    }

    /// The closed files' names as main found them before checks ran at once: one file after
    /// another, in the walk's order (kept as the reference this suite compares with).
    func namesOneByOne(in workspace: Workspace, of candidates: [String], besides snapshot: Snapshot, others: [Snapshot]) -> [ResolvedNames] {
        let index = workspace.currentIndex()
        var covered = Set(snapshot.unitPaths)
        for other in others { covered.formUnion(other.unitPaths) }
        let candidateSet = Set(candidates)
        let imported = Set(candidates.flatMap { index.entries[$0]?.imports ?? [] }).intersection(candidateSet)
        var closed: [ResolvedNames] = []
        for path in candidates.filter({ !imported.contains($0) }) + candidates.filter(imported.contains) where !covered.contains(path) {
            if let kept = workspace.resolvedNames[path], workspace.isCurrent(kept) {
                closed.append(kept)
                covered.insert(path)
                continue
            }
            guard let checked = workspace.snapshot(ofFile: path) else { continue }
            let files = checked.result.fileSet.files
            let fingerprints = checked.dependencies.enumerated().map { i, path in
                i < checked.unitPaths.count && i < files.count
                    ? WorkspaceIndex.fingerprint(of: files[i].bytes) : workspace.fingerprints(of: [path]).first ?? 0
            }
            for kept in ResolvedNames.of(checked, fingerprints: fingerprints) where workspace.document(kept.path) == nil {
                workspace.resolvedNames[kept.path] = kept
                if candidateSet.contains(kept.path) && !covered.contains(kept.path) { closed.append(kept) }
            }
            covered.formUnion(checked.unitPaths)
        }
        return closed
    }

    func described(_ names: [ResolvedNames]) -> [String] {
        names.map { names in
            let occurrences = names.occurrences.map { "\($0.id) \($0.location) \($0.isDeclaration) \(String(describing: $0.usedBy))" }
            return "\(names.path) r\(names.revision) \(names.dependencies) \(names.fingerprints) \(occurrences)"
        }
    }

    func described(_ kept: [String: ResolvedNames]) -> [String] { described(kept.keys.sorted().compactMap { kept[$0] }) }

    /// The files that can see `Shared` and may write it, as a rename asks for them.
    func candidates(_ workspace: Workspace, _ shared: String) -> [String] {
        let index = workspace.currentIndex()
        let mayWrite = index.filesWhoseUnitMayWrite("Shared")
        return ([shared] + index.transitiveImporters(of: shared)).filter(mayWrite.contains)
    }

    @Test func checksAtOnceGiveTheOneByOneAnswer() throws {
        let (base, shared) = try folder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let text = Array(try String(contentsOfFile: shared, encoding: .utf8).utf8)
        // The same history in three workspaces: checks on 4 threads, on 1, and the reference walk.
        let workspaces = (0..<3).map { _ in Workspace(roots: [base], base: DiskFileProvider()) }
        workspaces[0].checkingThreads = 4
        workspaces[1].checkingThreads = 1
        for workspace in workspaces { workspace.open(path: shared, bytes: text, version: 1) }
        let reference = workspaces[2]

        func compare(_ step: String) throws {
            let snapshots = try workspaces.map { try #require($0.snapshot(of: shared)) }
            let expected = namesOneByOne(in: reference, of: candidates(reference, shared), besides: snapshots[2], others: [])
            #expect(expected.count >= 20, "\(step)")
            for (workspace, snapshot) in zip(workspaces.prefix(2), snapshots) {
                #expect(candidates(workspace, shared) == candidates(reference, shared), "\(step)")
                let found = workspace.names(of: candidates(workspace, shared), besides: snapshot, others: [])
                #expect(described(found) == described(expected), "\(step), \(workspace.checkingThreads) threads")
                #expect(described(workspace.resolvedNames) == described(reference.resolvedNames), "\(step), \(workspace.checkingThreads) threads")
            }
            // The rename's edits: those of the reference's names, byte for byte.
            let symbol = try #require(snapshots[2].occurrence(at: 6)).1
            let expectedEdits = Workspace.occurrences(of: symbol.id, in: [snapshots[2]], closed: expected).map { FileEdit(location: $0.location, newText: "Common") }
            #expect(expectedEdits.count >= 60, "\(step)")
            for (workspace, snapshot) in zip(workspaces.prefix(2), snapshots) {
                workspace.resolvedNames = [:] // a cold rename: every importer checked by it
                let edits = try workspace.rename(at: 6, in: snapshot, to: "Common").get().value
                #expect(edits == expectedEdits, "\(step), \(workspace.checkingThreads) threads")
            }
        }

        try compare("cold")
        // Behind the editor (no watcher), `imp3` comes to import `imp20` too, and `chain_a` stops
        // importing `chain_b`: the index is wrong about both, so the checks foretold from it are
        // one too many (`imp20`, which `imp3`'s unit covers) and one too few (`chain_b`).
        func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: base + "/" + name)) }
        try write("imp3.cards", "import \"shared.cards\"\nimport \"imp20.cards\"\n\ncard Imp3 {\n  title: \"Imp3\"\n  button(\"Go\", action: push(Shared))\n}\n\n"
            + "stack Imp3Stack: sheet {\n  Imp3\n  Shared\n  Imp20\n}\n")
        try write("chain_a.cards", "import \"shared.cards\"\n\ncard ChainA {\n  title: \"ChainA\"\n}\n\nstack ChainAStack: sheet {\n  ChainA\n  Shared\n}\n")
        try compare("changed on disk")
        // An edit of the shared buffer: every kept name stale again.
        let edited = Array("card Shared {\n  title: \"Shared!\"\n  text(\"Hello\")\n}\n".utf8)
        for workspace in workspaces { workspace.replaceAll(path: shared, with: edited, version: 2) }
        try compare("after an edit")
    }
}

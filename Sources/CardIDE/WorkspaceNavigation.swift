import CardDiagnostics
import CardProject
import CardSources

/// A cross-file answer, with the snapshots it was found in (their lines convert its ranges).
public struct WorkspaceAnswer<Value> {
    public var value: Value
    public var snapshots: [Snapshot]
}

/// References and rename over every file that can see a declaration, open or not: the
/// workspace index names the files (the declaring file and its importers, transitively, that
/// may write the name), and each of those is checked as `cardc check` would check it — the
/// occurrences come from the checked units, never from matching text.
extension Workspace {
    /// Every place the name at `offset` of `snapshot` is written, in any file of the workspace.
    public func references(at offset: Int, in snapshot: Snapshot, includeDeclaration: Bool) -> WorkspaceAnswer<[Location]> {
        guard let (_, symbol) = snapshot.occurrence(at: offset) else { return WorkspaceAnswer(value: [], snapshots: [snapshot]) }
        let others = snapshots(seeing: symbol, besides: snapshot)
        return WorkspaceAnswer(value: snapshot.references(at: offset, includeDeclaration: includeDeclaration, others: others),
                               snapshots: [snapshot] + others)
    }

    /// What a rename at `offset` would rename, or why it must not be done: a rename of a
    /// declaration whose importers cannot all be found or read would leave them broken.
    public func prepareRename(at offset: Int, in snapshot: Snapshot) -> Result<RenameTarget?, RenameError> {
        guard let (_, symbol) = snapshot.occurrence(at: offset) else { return .success(nil) }
        if symbol.kind == .row {
            return .failure(RenameError(message: "`item` is the row a table or collection shows: its name is part of the language"))
        }
        guard let target = snapshot.prepareRename(at: offset) else { return .success(nil) }
        if let problem = renameHazard(for: symbol, from: snapshot) { return .failure(problem) }
        return .success(target)
    }

    /// The edits renaming the symbol at `offset` of `snapshot` to `newName` in every file that
    /// can see it, or why it cannot be done (a clash in any of their units included).
    public func rename(at offset: Int, in snapshot: Snapshot, to newName: String) -> Result<WorkspaceAnswer<[FileEdit]>, RenameError> {
        switch prepareRename(at: offset, in: snapshot) {
        case .failure(let error): return .failure(error)
        case .success(nil): return .failure(RenameError(message: "there is no card, stack, theme or model field here to rename"))
        case .success(_?): break
        }
        guard let (_, symbol) = snapshot.occurrence(at: offset) else { return .failure(RenameError(message: "nothing to rename here")) }
        let others = snapshots(seeing: symbol, besides: snapshot)
        return snapshot.rename(at: offset, to: newName, others: others).map { WorkspaceAnswer(value: $0, snapshots: [snapshot] + others) }
    }

    /// The snapshots besides `snapshot` in which `symbol` may be written: every open document's,
    /// and for a card, stack, theme or file, those of the files whose unit holds its declaration
    /// and may write its name (checked now when not open).
    func snapshots(seeing symbol: Symbol, besides snapshot: Snapshot) -> [Snapshot] {
        var others = allSnapshots().filter { $0 !== snapshot }
        switch symbol.kind {
        case .modelField, .rowField, .row:
            return others // Written inside their card only: in the declaring file.
        case .card, .stack, .theme, .file:
            break
        }
        let index = currentIndex()
        var candidates: [String]
        if let declaration = symbol.declaration?.path {
            candidates = [declaration] + index.transitiveImporters(of: declaration)
        } else {
            candidates = index.paths // A built-in theme: any file may name it.
        }
        if symbol.kind != .file {
            let mayWrite = index.filesWhoseUnitMayWrite(symbol.name)
            candidates.removeAll { !mayWrite.contains($0) }
        }
        // A file another checked unit loaded is covered by it: its occurrences are that
        // unit's. So the files no other candidate imports are checked first (a chain of
        // importers is one check), then whatever their units did not load.
        var covered = Set(snapshot.unitPaths)
        for other in others { covered.formUnion(other.unitPaths) }
        let candidateSet = Set(candidates)
        let imported = Set(candidates.flatMap { index.entries[$0]?.imports ?? [] }).intersection(candidateSet)
        var locator: ProjectLocator?
        for path in candidates.filter({ !imported.contains($0) }) + candidates.filter(imported.contains) where !covered.contains(path) {
            guard let other = self.snapshot(ofFile: path, using: &locator) else { continue }
            others.append(other)
            covered.formUnion(other.unitPaths)
        }
        return others
    }

    /// Why renaming `symbol` could break a file the server cannot edit, if it could.
    func renameHazard(for symbol: Symbol, from snapshot: Snapshot) -> RenameError? {
        guard symbol.kind == .card || symbol.kind == .stack || symbol.kind == .theme, let declaration = symbol.declaration?.path else { return nil }
        let index = currentIndex()
        let name = "`\(symbol.name)`"
        guard index.entries[declaration] != nil || documents[declaration] != nil else {
            return RenameError(message: "cannot rename \(name): it is declared in \(Self.shown(declaration)), outside the workspace folders, "
                               + "so the files importing it cannot all be found; open its folder as a workspace folder to rename it")
        }
        // A file that cannot be read may import the declaration: a rename would break it.
        let folder = indexedFolders.filter { PathUtilities.isInside(declaration, root: $0) }.max { $0.utf8.count < $1.utf8.count }
        if let folder, let (path, reason) = unreadable.filter({ PathUtilities.isInside($0.key, root: folder) }).min(by: { $0.key < $1.key }) {
            return RenameError(message: "cannot rename \(name): \(Self.shown(path)) \(reason.hasPrefix("cannot") ? reason : "cannot be read: " + reason), "
                               + "and it may use \(name), which the rename would break")
        }
        return nil
    }

    static func shown(_ path: String) -> String { "`" + PathBytes.displayed(path) + "`" }
}

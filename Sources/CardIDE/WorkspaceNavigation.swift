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
/// occurrences come from the checked units, never from matching text (a theme, a stack, a
/// state or a field may share a card's name; only the checker tells them apart).
///
/// What a closed file's check resolved is kept (`ResolvedNames`) until one of the files it
/// came from changes, so the rename that follows references or `prepareRename` checks no file
/// again: it trusts those occurrences and looks only for clashes, in the index's declarations.
extension Workspace {
    /// Every place the name at `offset` of `snapshot` is written, in any file of the workspace.
    public func references(at offset: Int, in snapshot: Snapshot, includeDeclaration: Bool) -> WorkspaceAnswer<[Location]> {
        guard let (_, symbol) = snapshot.occurrence(at: offset) else { return WorkspaceAnswer(value: [], snapshots: [snapshot]) }
        let seeing = names(seeing: symbol, besides: snapshot)
        let found = Self.occurrences(of: symbol.id, in: [snapshot] + seeing.snapshots, closed: seeing.closed)
        return WorkspaceAnswer(value: found.filter { includeDeclaration || !$0.isDeclaration }.map(\.location),
                               snapshots: [snapshot] + seeing.snapshots)
    }

    /// What a rename at `offset` would rename, or why it must not be done: a rename of a
    /// declaration whose importers cannot all be found or read would leave them broken. The
    /// files that can see the declaration are checked now (or their kept names reused), so
    /// that the rename, asked for once the user has typed the new name, checks none.
    public func prepareRename(at offset: Int, in snapshot: Snapshot) -> Result<RenameTarget?, RenameError> {
        let prepared = renameTarget(at: offset, in: snapshot)
        if case .success(_?) = prepared, let (_, symbol) = snapshot.occurrence(at: offset) {
            _ = names(seeing: symbol, besides: snapshot)
        }
        return prepared
    }

    /// `prepareRename`'s answer, without checking the files that can see the symbol.
    func renameTarget(at offset: Int, in snapshot: Snapshot) -> Result<RenameTarget?, RenameError> {
        guard let (_, symbol) = snapshot.occurrence(at: offset) else { return .success(nil) }
        if symbol.kind == .row {
            return .failure(RenameError(message: "`item` is the row a table or collection shows: its name is part of the language"))
        }
        guard let target = snapshot.prepareRename(at: offset) else { return .success(nil) }
        if let problem = renameHazard(for: symbol, from: snapshot) { return .failure(problem) }
        return .success(target)
    }

    /// The edits renaming the symbol at `offset` of `snapshot` to `newName` in every file that
    /// can see it, or why it cannot be done: a clash in the document's deck, in an open
    /// document's, or — for a closed file — with a declaration of its unit in the index.
    public func rename(at offset: Int, in snapshot: Snapshot, to newName: String) -> Result<WorkspaceAnswer<[FileEdit]>, RenameError> {
        switch renameTarget(at: offset, in: snapshot) {
        case .failure(let error): return .failure(error)
        case .success(nil): return .failure(RenameError(message: "there is no card, stack, theme or model field here to rename"))
        case .success(_?): break
        }
        guard let (_, symbol) = snapshot.occurrence(at: offset) else { return .failure(RenameError(message: "nothing to rename here")) }
        let seeing = names(seeing: symbol, besides: snapshot)
        // The document's own checks (a name, a keyword, a clash in its deck), then each open
        // document's deck, then each closed file's unit.
        switch snapshot.rename(at: offset, to: newName, others: seeing.snapshots) {
        case .failure(let error): return .failure(error)
        case .success(let edits) where edits.isEmpty: return .success(WorkspaceAnswer(value: [], snapshots: [snapshot]))
        case .success: break
        }
        if let conflict = closedConflict(renaming: symbol, to: newName, in: seeing.closed) { return .failure(RenameError(message: conflict)) }
        let edits = Self.occurrences(of: symbol.id, in: [snapshot] + seeing.snapshots, closed: seeing.closed)
            .map { FileEdit(location: $0.location, newText: newName) }
        return .success(WorkspaceAnswer(value: edits, snapshots: [snapshot] + seeing.snapshots))
    }

    /// The occurrences of `id` in the snapshots' units and in the closed files' kept names,
    /// each location once, sorted.
    static func occurrences(of id: SymbolID, in snapshots: [Snapshot], closed: [ResolvedNames]) -> [Occurrence] {
        var all = Snapshot.occurrences(of: id, in: snapshots)
        var seen = Set(all.map(\.location))
        for names in closed {
            for occurrence in names.occurrences where occurrence.id == id && seen.insert(occurrence.location).inserted {
                all.append(Occurrence(location: occurrence.location, symbol: -1, isDeclaration: occurrence.isDeclaration))
            }
        }
        return all.sorted { $0.location < $1.location }
    }

    /// Why `newName` would clash in the unit of a closed file that sees `symbol`: a card,
    /// stack or theme of that name declared in the file or in one it imports (the index's
    /// declarations: the same names the unit's deck would hold).
    func closedConflict(renaming symbol: Symbol, to newName: String, in closed: [ResolvedNames]) -> String? {
        let kind: DocumentSymbol.Kind
        switch symbol.kind {
        case .card: kind = .card
        case .stack: kind = .stack
        case .theme: kind = .theme
        case .modelField, .rowField, .row, .file: return nil
        }
        let index = currentIndex()
        for names in closed {
            let unit = [names.path] + index.transitiveImports(of: names.path)
            for path in unit where index.entries[path]?.symbols.contains(where: { $0.kind == kind && $0.name == newName }) == true {
                return "a \(symbol.kind.rawValue) named `\(newName)` already exists in the unit of " + Self.shown(names.path)
            }
        }
        return nil
    }

    /// The open documents' snapshots besides `snapshot` (every one: a model field is written in
    /// its card's file only), and for a card, stack, theme or file, the kept names of the closed
    /// files whose unit holds its declaration and that may write its name — those not kept, or
    /// kept from files that changed since, checked now.
    func names(seeing symbol: Symbol, besides snapshot: Snapshot) -> (snapshots: [Snapshot], closed: [ResolvedNames]) {
        let others = allSnapshots().filter { $0 !== snapshot }
        switch symbol.kind {
        case .modelField, .rowField, .row:
            return (others, []) // Written inside their card only: in the declaring file.
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
        return (others, names(of: candidates, besides: snapshot, others: others))
    }

    /// The kept names of each of the closed `candidates` that no unit of `snapshot` and
    /// `others` loaded — those not kept, or kept from files that changed since, checked now.
    ///
    /// The files to check are independent, so they are checked at once on the machine's cores,
    /// then taken in the order the one-by-one walk would take them: the closed files no other
    /// candidate imports first (a chain of importers is one check, which keeps the names of
    /// each file of the unit), each skipped when a unit taken before covered it. Which files
    /// that walk checks is foretold from the index's imports; a file the index was wrong about
    /// is checked during the walk instead, and a check the walk does not use is dropped, so
    /// the answer and what is kept are the walk's.
    func names(of candidates: [String], besides snapshot: Snapshot, others: [Snapshot]) -> [ResolvedNames] {
        let index = currentIndex()
        // A file an open document's unit loaded is covered by it: its occurrences are that unit's.
        var covered = Set(snapshot.unitPaths)
        for other in others { covered.formUnion(other.unitPaths) }
        let candidateSet = Set(candidates)
        let imported = Set(candidates.flatMap { index.entries[$0]?.imports ?? [] }).intersection(candidateSet)
        let order = candidates.filter { !imported.contains($0) } + candidates.filter(imported.contains)

        // The walk foretold: the kept names still current, and the files it would check.
        var current: [String: Bool] = [:]
        func isKeptCurrent(_ path: String) -> Bool {
            if let known = current[path] { return known }
            let answer = resolvedNames[path].map(isCurrent) ?? false
            current[path] = answer
            return answer
        }
        var locator: ProjectLocator?
        let provider = self.provider
        var foreseen = covered
        var checks: [ClosedFileCheck] = []
        for path in order where !foreseen.contains(path) {
            foreseen.insert(path)
            guard !isKeptCurrent(path), documents[path] == nil else { continue }
            checks.append(closedFileCheck(path, diagnosing: false, provider: provider, using: &locator))
            foreseen.formUnion(index.transitiveImports(of: path))
        }
        // Nil for a file that could not be read.
        var checked: [String: ClosedFileNames?] = [:]
        for (check, outcome) in zip(checks, ParallelMap.map(checks, threads: checkingThreads) { ClosedFileNames.of($0) }) { checked[check.path] = outcome }

        // The walk, in its order, with those checks.
        var closed: [ResolvedNames] = []
        for path in order where !covered.contains(path) {
            if isKeptCurrent(path), let kept = resolvedNames[path] {
                closed.append(kept)
                covered.insert(path)
                continue
            }
            let found: ClosedFileNames?
            if let foreseen = checked[path] {
                found = foreseen
            } else if documents[path] == nil {
                found = ClosedFileNames.of(closedFileCheck(path, diagnosing: false, provider: provider, using: &locator))
            } else {
                found = self.snapshot(ofFile: path, using: &locator).map(ClosedFileNames.init)
            }
            guard let outcome = found else { continue }
            let fingerprints = outcome.unitFingerprints + fingerprints(of: Array(outcome.dependencies.dropFirst(outcome.unitFingerprints.count)))
            for var kept in outcome.names where documents[kept.path] == nil {
                kept.fingerprints = fingerprints
                resolvedNames[kept.path] = kept
                if candidateSet.contains(kept.path) && !covered.contains(kept.path) { closed.append(kept) }
            }
            covered.formUnion(outcome.unitPaths)
        }
        return closed
    }

    /// Whether kept names still describe their file: none of the files they came from changed,
    /// in a buffer or on disk — each is read again and compared, so a file changed behind the
    /// editor's back (no watcher, no save yet) is checked again rather than edited blindly.
    func isCurrent(_ names: ResolvedNames) -> Bool {
        !hasChanged(names.dependencies, since: names.revision) && fingerprints(of: names.dependencies) == names.fingerprints
    }

    /// A hash of each file's bytes as the compiler reads them (open buffers over the disk); 0
    /// for one that cannot be read.
    func fingerprints(of paths: [String]) -> [Int] {
        paths.map { path in (documents[path]?.bytes ?? base.contents(of: path)).map(WorkspaceIndex.fingerprint(of:)) ?? 0 }
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

/// What a closed file's check resolved (`ResolvedNames` of each file of its unit), made on any
/// thread: the snapshot is dropped once its names are taken.
struct ClosedFileNames: Sendable {
    var unitPaths: [String]
    var dependencies: [String]
    /// A hash of the bytes of each of the unit's files as the check read them (the first
    /// `dependencies`); the project's `cardc.json` the workspace reads and hashes itself.
    var unitFingerprints: [Int]
    /// Without fingerprints yet.
    var names: [ResolvedNames]

    /// The names `check` finds; nil when its file cannot be read.
    static func of(_ check: ClosedFileCheck) -> ClosedFileNames? { check.snapshot().map(ClosedFileNames.init) }

    init(_ snapshot: Snapshot) {
        unitPaths = snapshot.unitPaths
        dependencies = snapshot.dependencies
        let files = snapshot.result.fileSet.files
        unitFingerprints = files.prefix(min(snapshot.unitPaths.count, snapshot.dependencies.count)).map { WorkspaceIndex.fingerprint(of: $0.bytes) }
        names = ResolvedNames.of(snapshot, fingerprints: [])
    }
}

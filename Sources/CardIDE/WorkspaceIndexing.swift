import CardDiagnostics
import CardProject
import CardSources

/// Keeping the workspace index: the folders walked once, then each file read again only when
/// it changed — in a buffer (open, edit, close) or on disk (`fileChanged`, `rescan`).
extension Workspace {
    /// The index, brought up to date: the workspace roots walked the first time (the same
    /// walk as `cardc check DIR`: `.cards` files, hidden folders such as `.build` and
    /// `.cardc-out` skipped, links leading outside not followed), then every changed file read
    /// again. Open documents are indexed from their buffers.
    public func currentIndex() -> WorkspaceIndex {
        if !hasIndexed {
            hasIndexed = true
            foldersToIndex += roots
            for path in documents.keys where !roots.contains(where: { PathUtilities.isInside(path, root: $0) }) {
                foldersToIndex.append(project(for: path).root)
            }
        }
        let folders = foldersToIndex
        foldersToIndex = []
        for folder in folders { walk(folder) }
        if !staleEntries.isEmpty {
            let stale = staleEntries
            staleEntries = []
            var locator: ProjectLocator?
            for path in stale.sorted() { reindex(path, locator: &locator) }
        }
        return workspaceIndex
    }

    /// Walks the folders again, for a client that does not report changes on disk: a file
    /// added, removed or whose bytes differ from those indexed is read again and counts as
    /// changed (snapshots that loaded it are checked again). The paths that changed, sorted.
    @discardableResult
    public func rescan() -> [String] {
        _ = currentIndex()
        var changed: [String] = []
        var found = Set<String>()
        var locator: ProjectLocator?
        for folder in indexedFolders {
            for path in files(under: folder) where found.insert(path).inserted && documents[path] == nil {
                guard let bytes = base.contents(of: path) else {
                    unreadable[path] = "cannot be read"
                    continue
                }
                if workspaceIndex.entries[path]?.fingerprint != WorkspaceIndex.fingerprint(of: bytes) {
                    workspaceIndex.update(path: path, bytes: bytes, root: project(for: path, using: &locator).root, provider: base)
                    changed.append(path)
                }
            }
        }
        for path in workspaceIndex.paths where !found.contains(path) && documents[path] == nil {
            workspaceIndex.remove(path: path)
            changed.append(path)
        }
        for path in changed { fileChanged(path) }
        staleEntries.subtract(changed)
        return changed.sorted()
    }

    /// How many directories the index walks under one folder: opened on a folder as large as a
    /// home directory, the server answers soon, and a rename refuses rather than miss a file
    /// below the directories it did not walk (`unreadable`).
    static let indexedDirectoryLimit = 10_000

    /// Whether `path` belongs in the index: open, or a `.cards` file under an indexed folder
    /// and in none of its hidden folders.
    func isIndexable(_ path: String) -> Bool {
        if documents[path] != nil { return true }
        guard path.hasSuffix(".cards") else { return false }
        return indexedFolders.contains { folder in
            guard PathUtilities.isInside(path, root: folder) else { return false }
            let below = path.utf8.dropFirst(folder.utf8.count)
            return !below.split(separator: UInt8(ascii: "/")).contains { $0.first == UInt8(ascii: ".") }
        }
    }

    private func reindex(_ path: String, locator: inout ProjectLocator?) {
        guard isIndexable(path) else { return workspaceIndex.remove(path: path) }
        guard let bytes = documents[path]?.bytes ?? base.contents(of: path) else {
            workspaceIndex.remove(path: path)
            return
        }
        unreadable[path] = nil
        workspaceIndex.update(path: path, bytes: bytes, root: project(for: path, using: &locator).root, provider: base)
    }

    /// Indexes every `.cards` file under `folder` (once; `/` is never walked).
    private func walk(_ folder: String) {
        guard !indexedFolders.contains(where: { PathUtilities.isInside(folder, root: $0) }) else { return }
        indexedFolders.removeAll { PathUtilities.isInside($0, root: folder) }
        indexedFolders.append(folder)
        guard folder != "/" else { return }
        var locator: ProjectLocator?
        for path in files(under: folder) {
            if documents[path] != nil {
                staleEntries.insert(path)
                continue
            }
            guard let bytes = base.contents(of: path) else {
                unreadable[path] = "cannot be read"
                continue
            }
            workspaceIndex.update(path: path, bytes: bytes, root: project(for: path, using: &locator).root, provider: base)
        }
    }

    /// The canonical paths of the `.cards` files under `folder`, as `cardc check DIR` finds
    /// them; folders the walk cannot read are recorded in `unreadable`.
    private func files(under folder: String) -> [String] {
        // The walk reads the disk: a workspace over other files (tests' memory files) indexes
        // its open documents only.
        guard folder != "/", base is DiskFileProvider,
              let walk = DirectoryWalk(folder, directoryLimit: Self.indexedDirectoryLimit) else { return [] }
        // What this walk cannot read replaces what the last walk of the folder could not.
        unreadable = unreadable.filter { !PathUtilities.isInside($0.key, root: folder) }
        for failure in walk.failures { unreadable[failure.path] = failure.reason }
        return walk.files.map { base.canonicalPath($0) }
    }
}

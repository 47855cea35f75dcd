import CardDiagnostics
import CardLayout
import CardModel
import CardPipeline
import CardProject
import CardSources

/// The documents an editor has open, and a checked snapshot of each, made when first asked
/// for and kept until the document or a file it imports changes.
///
/// Every change bumps the workspace's revision and records it against the changed path; a
/// snapshot is current while its document's version is and none of the files it loaded
/// changed after it was made. Files on disk that no buffer covers are read afresh whenever a
/// snapshot is made.
///
/// Beside the snapshots, the workspace keeps an index of every `.cards` file of its folders,
/// open or not (`currentIndex()`, WorkspaceIndexing.swift), from which cross-file references
/// and rename find the files to check (WorkspaceNavigation.swift).
public final class Workspace {
    /// An open document.
    public struct Document {
        public let path: String
        public var version: Int
        public var bytes: [UInt8]
        /// Built when first asked for after each change.
        fileprivate var cachedLineIndex: LineIndex?
    }

    /// The project roots (the client's workspace folders) imports are confined to; a document
    /// in none of them is confined to its own directory. Changed by `changeFolders`.
    public private(set) var roots: [String]
    public let viewport: Viewport
    let base: FileProvider

    public private(set) var documents: [String: Document] = [:]
    private var snapshots: [String: Snapshot] = [:]
    /// The revision at which each path last changed (opened, edited or closed).
    private var changedAt: [String: Int] = [:]
    public private(set) var revision = 0
    /// The revision at which the roots last changed: whatever was worked out before may have
    /// resolved imports against other roots.
    public private(set) var rootsChangedAt = 0

    /// Every `.cards` file under the indexed folders (see `WorkspaceIndex`), and every open
    /// document; entries in `staleEntries` are read again when the index is next asked for.
    var workspaceIndex = WorkspaceIndex()
    var staleEntries = Set<String>()
    /// The folders walked: the workspace roots, and the project root of each document opened
    /// outside them. A folder is listed even when it could not be walked, so its open
    /// documents are still indexed.
    public internal(set) var indexedFolders: [String] = []
    var foldersToIndex: [String] = []
    /// What the walks could not read (a folder or file that may import a declaration), by path.
    public internal(set) var unreadable: [String: String] = [:]
    var hasIndexed = false
    /// The names each closed file's last check resolved (WorkspaceNavigation.swift), by path.
    var resolvedNames: [String: ResolvedNames] = [:]
    /// How many threads check closed files at once (`ParallelMap`): the processors, unless a
    /// test asks for another number.
    var checkingThreads = ParallelMap.processorCount

    /// `roots` should be canonical (`canonicalPath(_:)`).
    public init(roots: [String], viewport: Viewport = .standard, base: FileProvider = DiskFileProvider()) {
        self.roots = roots
        self.viewport = viewport
        self.base = base
    }

    /// The canonical form of `path` (symbolic links resolved where it exists).
    public func canonicalPath(_ path: String) -> String { base.canonicalPath(path) }

    /// The open paths, sorted.
    public var openPaths: [String] { documents.keys.sorted() }

    public func document(_ path: String) -> Document? { documents[path] }

    /// Opens (or replaces) the document at canonical `path`.
    public func open(path: String, bytes: [UInt8], version: Int) {
        documents[path] = Document(path: path, version: version, bytes: bytes)
        touch(path)
        // A document outside every indexed folder brings its project's folder (as `cardc check`
        // would find it): the files that may import it are there.
        if hasIndexed, !indexedFolders.contains(where: { PathUtilities.isInside(path, root: $0) }) {
            foldersToIndex.append(project(for: path).root)
        }
    }

    /// Closes the document; its imports now read the disk again.
    public func close(path: String) {
        guard documents.removeValue(forKey: path) != nil else { return }
        snapshots[path] = nil
        touch(path)
    }

    /// Replaces the whole text of an open document.
    public func replaceAll(path: String, with bytes: [UInt8], version: Int) {
        guard documents[path] != nil else { return }
        documents[path]?.bytes = bytes
        documents[path]?.version = version
        documents[path]?.cachedLineIndex = nil
        touch(path)
    }

    /// Replaces bytes `range` (clamped) of an open document. Positions of an editor's
    /// incremental change are converted with `lineIndex(of:)` before each edit.
    public func replace(path: String, range: Range<Int>, with bytes: [UInt8], version: Int) {
        guard var document = documents[path] else { return }
        documents[path] = nil // keep the bytes uniquely referenced: edit in place
        let count = document.bytes.count
        let lower = min(max(range.lowerBound, 0), count)
        let upper = min(max(range.upperBound, lower), count)
        let previousLines = document.cachedLineIndex
        document.cachedLineIndex = nil
        document.bytes.replaceSubrange(lower..<upper, with: bytes)
        document.version = version
        document.cachedLineIndex = previousLines?.replacing(lower..<upper, withCount: bytes.count, in: document.bytes)
        documents[path] = document
        touch(path)
    }

    /// Replaces the four-byte character at `offset` of an open document — a surrogate pair in
    /// UTF-16 — with two U+FFFD, one per half, as an editor's text holds two lone surrogates
    /// once an edit falls between them; nothing when no such character starts there.
    public func splitSurrogatePair(path: String, at offset: Int) {
        guard let bytes = documents[path]?.bytes, offset >= 0, offset + 4 <= bytes.count,
              bytes[offset] >= 0xF0, let version = documents[path]?.version else { return }
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD]
        replace(path: path, range: offset..<(offset + 4), with: replacement, version: version)
    }

    /// Deletes from between the halves of the four-byte character at `first` to between the
    /// halves of the one at `second` (`first <= second`): an editor's text then holds the first
    /// character's high surrogate beside the second's low one, which form one character — put
    /// in its place. Nothing when either offset starts no four-byte character, or both are one.
    public func joinSurrogateHalves(path: String, from first: Int, to second: Int) {
        guard first < second, let bytes = documents[path]?.bytes, let version = documents[path]?.version,
              first >= 0, second + 4 <= bytes.count, bytes[first] >= 0xF0, bytes[second] >= 0xF0,
              let high = Unicode.Scalar(Self.scalarValue(bytes, at: first)),
              let low = Unicode.Scalar(Self.scalarValue(bytes, at: second)) else { return }
        let highHalf = UTF16.leadSurrogate(high), lowHalf = UTF16.trailSurrogate(low)
        let joined = String(decoding: [highHalf, lowHalf], as: UTF16.self)
        replace(path: path, range: first..<(second + 4), with: Array(joined.utf8), version: version)
    }

    /// The scalar value of the four-byte UTF-8 sequence at `offset`.
    private static func scalarValue(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (UInt32(bytes[offset] & 0x07) << 18) | (UInt32(bytes[offset + 1] & 0x3F) << 12)
            | (UInt32(bytes[offset + 2] & 0x3F) << 6) | UInt32(bytes[offset + 3] & 0x3F)
    }

    /// The lines of the current text of an open document.
    public func lineIndex(of path: String) -> LineIndex? {
        guard let document = documents[path] else { return nil }
        if let index = document.cachedLineIndex { return index }
        let index = LineIndex(document.bytes)
        documents[path]?.cachedLineIndex = index
        return index
    }

    /// The lines of the file at `path` as the editor sees it: the open document's, else the
    /// file on disk's (nil when it cannot be read).
    public func lineIndex(ofFile path: String) -> LineIndex? {
        if documents[path] != nil { return lineIndex(of: path) }
        return base.contents(of: path).map { LineIndex($0) }
    }

    /// Records that a file changed on disk (snapshots that loaded it are checked again), or
    /// appeared: the files the index says import it — a file that was missing when they were
    /// checked (E306), which no snapshot loaded — count as changed too (open or not: a closed
    /// file's pulled diagnostics follow `hasChanged`).
    public func fileChanged(_ path: String) {
        touch(path)
        guard hasIndexed else { return }
        for importer in currentIndex().transitiveImporters(of: path) {
            changedAt[importer] = revision
        }
    }

    /// Whether any of `dependencies` (a snapshot's) changed after `revision`: a result worked
    /// out from them then is stale.
    public func hasChanged(_ dependencies: [String], since revision: Int) -> Bool {
        rootsChangedAt > revision || dependencies.contains { (changedAt[$0] ?? 0) > revision }
    }

    /// The files the index last saw importing `path`, directly or not, without bringing the
    /// index up to date first (an edit of `path` itself does not change who imports it); empty
    /// before the first indexing.
    public func knownImporters(of path: String) -> [String] {
        hasIndexed ? workspaceIndex.transitiveImporters(of: path) : []
    }

    /// Adds and removes workspace folders (`workspace/didChangeWorkspaceFolders`; canonical
    /// paths). The roots decide every document's import confinement, so every snapshot is
    /// checked again, and the index is made afresh at its next use (a folder removed takes its
    /// files with it; one added is walked).
    public func changeFolders(added: [String], removed: [String]) {
        let updated = roots.filter { !removed.contains($0) } + added.filter { !roots.contains($0) }
        guard updated != roots else { return }
        roots = updated
        workspaceIndex = WorkspaceIndex()
        staleEntries = []
        indexedFolders = []
        foldersToIndex = []
        unreadable = [:]
        hasIndexed = false
        resolvedNames = [:]
        revision += 1
        rootsChangedAt = revision
        for path in documents.keys { changedAt[path] = revision }
        snapshots = [:]
    }

    private func touch(_ path: String) {
        revision += 1
        changedAt[path] = revision
        staleEntries.insert(path)
    }

    /// Whether the snapshot still describes its document and every file it loaded.
    public func isCurrent(_ snapshot: Snapshot) -> Bool {
        guard let document = documents[snapshot.path], document.version == snapshot.version else { return false }
        return snapshot.dependencies.allSatisfy { (changedAt[$0] ?? 0) <= snapshot.revision }
    }

    /// The current snapshot of an open document, checked now if need be.
    public func snapshot(of path: String) -> Snapshot? {
        if let cached = snapshots[path], isCurrent(cached) { return cached }
        guard let document = documents[path] else { return nil }
        // Drop the old snapshot first: a large deck's two analyses need not be alive at once.
        snapshots[path] = nil
        let snapshot = makeSnapshot(path: path, bytes: document.bytes, version: document.version, lineIndex: document.cachedLineIndex)
        snapshots[path] = snapshot
        // The next edit's positions are converted with these lines (the same bytes).
        documents[path]?.cachedLineIndex = snapshot.lineIndex
        return snapshot
    }

    /// A snapshot of the file at canonical `path` for its names: the open document's, else
    /// one checked now from the disk without its diagnostics (kept by nobody: a rename over 500
    /// closed files need not hold 500 units). Nil when it is neither open nor readable.
    /// `locator` is kept by a caller making many.
    /// `diagnosing` makes a closed file's snapshot as `cardc check` checks it (laid out, the
    /// project's levels applied), for its diagnostics.
    public func snapshot(ofFile path: String, diagnosing: Bool = false) -> Snapshot? {
        var locator: ProjectLocator?
        return snapshot(ofFile: path, diagnosing: diagnosing, using: &locator)
    }

    func snapshot(ofFile path: String, diagnosing: Bool = false, using locator: inout ProjectLocator?) -> Snapshot? {
        if documents[path] != nil { return snapshot(of: path) }
        return closedFileCheck(path, diagnosing: diagnosing, provider: provider, using: &locator).snapshot()
    }

    /// What checking the closed file at `path` needs, gathered now — its project, the buffers —
    /// so that the check itself (`ClosedFileCheck.snapshot()`) reads nothing of the workspace
    /// and may run on another thread. `provider` is `self.provider`, made once by a caller
    /// gathering many.
    func closedFileCheck(_ path: String, diagnosing: Bool, provider: OverlayFileProvider,
                         using locator: inout ProjectLocator?) -> ClosedFileCheck {
        let project = self.project(for: path, using: &locator)
        return ClosedFileCheck(path: path, root: project.root, viewport: project.viewport, textSize: project.textSize, policy: project.policy,
                               configuration: project.configuration, configurationProblem: project.problem,
                               base: base, provider: provider, revision: revision, diagnosing: diagnosing)
    }

    private func makeSnapshot(path: String, bytes: [UInt8], version: Int, lineIndex: LineIndex?, diagnosing: Bool = true) -> Snapshot {
        var locator: ProjectLocator?
        return makeSnapshot(path: path, bytes: bytes, version: version, lineIndex: lineIndex, diagnosing: diagnosing, locator: &locator)
    }

    private func makeSnapshot(path: String, bytes: [UInt8], version: Int, lineIndex: LineIndex?, diagnosing: Bool,
                              locator: inout ProjectLocator?) -> Snapshot {
        let project = self.project(for: path, using: &locator)
        return Snapshot(path: path, version: version, bytes: bytes, root: project.root, provider: provider, revision: revision,
                        viewport: project.viewport, textSize: project.textSize, lineIndex: lineIndex, policy: project.policy,
                        configuration: project.configuration, configurationProblem: project.problem, diagnosing: diagnosing)
    }

    /// The current snapshots of every open document.
    public func allSnapshots() -> [Snapshot] { openPaths.compactMap { snapshot(of: $0) } }

    /// The files as the compiler sees them: open buffers over the disk.
    public var provider: OverlayFileProvider {
        OverlayFileProvider(buffers: documents.mapValues(\.bytes), base: base)
    }

    /// What a document's project decides, as `cardc check` finds it (`ProjectLocator`): the
    /// nearest `cardc.json` gives the root, the viewport, the text size and the levels; without one, the root
    /// is `root(for:)`. A configuration that cannot be used is reported in `problem`, and the
    /// defaults apply (an editor keeps working while the file is being written). Read afresh for
    /// each snapshot, so an edited `cardc.json` applies at the next check.
    public func project(for path: String) -> (root: String, viewport: Viewport, textSize: ContentSizeCategory, policy: DiagnosticPolicy,
                                               configuration: String?, problem: String?) {
        var locator: ProjectLocator?
        return project(for: path, using: &locator)
    }

    /// `project(for:)` with a locator kept by the caller, so a walk over many files looks at
    /// each folder once (`locator` is made on first use).
    func project(for path: String, using kept: inout ProjectLocator?) -> (root: String, viewport: Viewport, textSize: ContentSizeCategory,
                                                                         policy: DiagnosticPolicy, configuration: String?, problem: String?) {
        do {
            var locator: ProjectLocator
            if let kept { locator = kept } else { locator = try ProjectLocator(provider: base) }
            defer { kept = locator }
            let settings = try locator.settings(forFile: path)
            let configuration = settings.configurationDirectory.map { PathUtilities.appending("cardc.json", to: $0) }
            return (settings.rootSource == .configuration ? settings.root : root(for: path),
                    settings.configuration.viewport ?? viewport, settings.configuration.textSize ?? .default,
                    DiagnosticPolicy(fallback: settings.configuration.levels), configuration, nil)
        } catch {
            return (root(for: path), viewport, .default, DiagnosticPolicy(), nil, error.message)
        }
    }

    /// The root for a document: the innermost workspace root it lies inside (folders may nest),
    /// else the document's directory (as `cardc check FILE` would use). A document directly
    /// under `/` — an unsaved buffer, which the server names `/untitled:…` — is its own root,
    /// even in a workspace folder `/`, so none of its imports reaches the disk (each is E308).
    public func root(for path: String) -> String {
        let directory = PathUtilities.directory(of: path)
        guard directory != "/" else { return path }
        let containing = roots.filter { PathUtilities.isInside(path, root: $0) }
        return containing.max(by: { $0.utf8.count < $1.utf8.count }) ?? directory
    }
}

/// A closed file's check with everything it needs (see `Workspace.closedFileCheck`): values
/// only, so checks of independent files can run at once on several threads.
struct ClosedFileCheck: Sendable {
    var path: String
    var root: String
    var viewport: Viewport
    var textSize: ContentSizeCategory
    var policy: DiagnosticPolicy
    var configuration: String?
    var configurationProblem: String?
    /// The disk, which the file itself is read from (a closed file has no buffer).
    var base: FileProvider
    /// The open buffers over the disk, which its imports are read through.
    var provider: OverlayFileProvider
    var revision: Int
    var diagnosing: Bool

    /// The file read from disk now and checked; nil when it cannot be read.
    func snapshot() -> Snapshot? {
        guard let bytes = base.contents(of: path) else { return nil }
        return Snapshot(path: path, version: 0, bytes: bytes, root: root, provider: provider, revision: revision,
                        viewport: viewport, textSize: textSize, lineIndex: nil, policy: policy, configuration: configuration,
                        configurationProblem: configurationProblem, diagnosing: diagnosing)
    }
}

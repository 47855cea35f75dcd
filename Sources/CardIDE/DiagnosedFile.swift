import CardProject

/// A closed file's diagnostics as `cardc check` reports them (`snapshot(ofFile:diagnosing:)`),
/// with what an editor needs to show them, worked out on any thread: the snapshot itself is
/// dropped where it was made.
public struct DiagnosedFile: Sendable {
    public let path: String
    /// The workspace revision of the check, and the files it read (see `Snapshot`).
    public let revision: Int
    public let dependencies: [String]
    /// Why the project's `cardc.json` could not be used, if so.
    public let configurationProblem: String?
    public let diagnostics: [DocumentDiagnostic]
    /// The file's lines.
    public let lineIndex: LineIndex
    /// The lines of each other file of the unit a diagnostic's related information points into.
    public let relatedLineIndexes: [String: LineIndex]

    init(_ snapshot: Snapshot) {
        path = snapshot.path
        revision = snapshot.revision
        dependencies = snapshot.dependencies
        configurationProblem = snapshot.configurationProblem
        diagnostics = snapshot.documentDiagnostics()
        lineIndex = snapshot.lineIndex
        var lines: [String: LineIndex] = [:]
        for related in diagnostics.flatMap(\.related) where related.location.path != snapshot.path && lines[related.location.path] == nil {
            if let file = snapshot.sourceFile(atPath: related.location.path), let index = snapshot.lineIndex(of: file.id) {
                lines[related.location.path] = index
            }
        }
        relatedLineIndexes = lines
    }
}

extension Workspace {
    /// Each of the closed files at `paths` checked as `snapshot(ofFile:diagnosing: true)` checks
    /// it, the checks run at once on the machine's cores (`ParallelMap`); nil for a file that
    /// cannot be read, or that is open (an open document's snapshot is `snapshot(of:)`'s).
    public func diagnoseClosedFiles(_ paths: [String]) -> [DiagnosedFile?] {
        var locator: ProjectLocator?
        let provider = self.provider
        let checks = paths.map { documents[$0] == nil ? closedFileCheck($0, diagnosing: true, provider: provider, using: &locator) : nil }
        return ParallelMap.map(checks, threads: checkingThreads) { (check: ClosedFileCheck?) in check?.snapshot().map(DiagnosedFile.init) }
    }
}

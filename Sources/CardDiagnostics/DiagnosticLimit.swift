/// The cap on diagnostics per file: at most `perFile` errors and `perFile` warnings of one file
/// are reported, all phases together; the rest are counted, and the last diagnostic shown for
/// that file carries one note saying how many more there were, as rustc and clang stop after
/// their limit. A flood of one mistake (a million unknown parts in a 3 MB file) thus costs time
/// in proportion to the input and memory for a thousand diagnostics, not a million.
///
/// Each phase (loader, lexer, parser, checker) stops recording a file's diagnostics of a
/// severity once it has recorded `perFile` of them (`admits`) and counts the rest, and skips the
/// costly part of a diagnostic it would drop (a did-you-mean search, `hasRoom`). `finish` then
/// applies the cap to what all phases recorded together.
/// Phases report each file roughly in source order, so the diagnostics kept are the first ones
/// of the file; whichever they are, they are the same on every run.
public struct DiagnosticLimit: Sendable {
    /// The most errors, and the most warnings, reported for one file.
    public static let perFile = 1000

    private struct Counts: Sendable {
        var errors = 0
        var warnings = 0
        var omitted = 0
    }

    /// Every file's counts but the current one's.
    private var counts: [FileID: Counts] = [:]
    /// The file of the last diagnostic asked about, whose counts are kept here rather than in
    /// `counts`: phases report a file's diagnostics one after another, so most calls hash nothing.
    private var currentFile = FileID(-1)
    private var current = Counts()

    public init() {}

    /// Makes `file` the current file.
    private mutating func select(_ file: FileID) {
        guard file != currentFile else { return }
        if currentFile.rawValue >= 0 { counts[currentFile] = current }
        current = counts.removeValue(forKey: file) ?? Counts()
        currentFile = file
    }

    /// Whether a diagnostic of `severity` about `file` is to be recorded: true for the first
    /// `perFile` errors and the first `perFile` warnings (notes count as warnings); the others
    /// are counted as left out.
    public mutating func admits(_ severity: Severity, in file: FileID) -> Bool {
        select(file)
        if severity == .error {
            guard current.errors < Self.perFile else { current.omitted += 1; return false }
            current.errors += 1
        } else {
            guard current.warnings < Self.perFile else { current.omitted += 1; return false }
            current.warnings += 1
        }
        return true
    }

    /// Whether `admits` would record a diagnostic of `severity` about `file`: a caller may skip
    /// costly work for one that would be left out.
    public func hasRoom(for severity: Severity, in file: FileID) -> Bool {
        guard let counts = file == currentFile ? current : counts[file] else { return true }
        return (severity == .error ? counts.errors : counts.warnings) < Self.perFile
    }

    /// Diagnostics left out, per file (only files that lost some).
    public var omitted: [FileID: Int] {
        var all = counts
        if currentFile.rawValue >= 0 { all[currentFile] = current }
        return all.compactMapValues { $0.omitted > 0 ? $0.omitted : nil }
    }

    /// Adds `count` diagnostics of `file` left out elsewhere (a phase that counts its own, another
    /// thread's checker).
    public mutating func addOmitted(_ count: Int, in file: FileID) {
        guard count > 0 else { return }
        select(file)
        current.omitted += count
    }

    /// The note on the last diagnostic shown for a file of which `count` were left out.
    public static func note(omitting count: Int) -> DiagnosticNote {
        DiagnosticNote("\(count) more diagnostic\(count == 1 ? "" : "s") in this file not shown "
                       + "(at most \(perFile) errors and \(perFile) warnings are reported per file)")
    }

    /// What every phase recorded, capped: sorted and de-duplicated
    /// (`sortedAndDeduplicated()`), the first `perFile` errors and warnings of each file kept,
    /// and the last one kept of a file that lost some noted with how many, counting those
    /// `omitted` says were left out before. Returns the new left-out counts too.
    ///
    /// Applying it again to its own result plus more diagnostics (`omitted`: what it returned)
    /// first takes its earlier notes off, so a file still has one note, with the new count.
    public static func finish(_ diagnostics: [Diagnostic], omitted: [FileID: Int]) -> (diagnostics: [Diagnostic], omitted: [FileID: Int]) {
        var diagnostics = diagnostics
        if !omitted.isEmpty {
            for index in diagnostics.indices {
                guard let count = omitted[diagnostics[index].span.file], let last = diagnostics[index].notes.last,
                      last == note(omitting: count) else { continue }
                diagnostics[index].notes.removeLast()
            }
        }
        let sorted = diagnostics.sortedAndDeduplicated()
        var limit = DiagnosticLimit()
        for (file, count) in omitted { limit.addOmitted(count, in: file) }
        var kept: [Diagnostic] = []
        kept.reserveCapacity(sorted.count)
        var lastKept: [FileID: Int] = [:]
        for diagnostic in sorted where limit.admits(diagnostic.severity, in: diagnostic.span.file) {
            lastKept[diagnostic.span.file] = kept.count
            kept.append(diagnostic)
        }
        let left = limit.omitted
        for (file, count) in left {
            guard let index = lastKept[file] else { continue }
            kept[index].notes.append(note(omitting: count))
        }
        return (kept, left)
    }
}

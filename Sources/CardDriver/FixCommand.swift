import CardDiagnostics
import CardLayout
import CardProject
import CardModel
import CardPipeline
import CardSources

/// Applies the fix-its of a run to its files in memory, as `cardc fix` (and `cardc check --fix`)
/// does: pass after pass, each pass taking the fix-its that go together (`FixAll.select`, as the
/// language server's "fix all"), then checking the edited files again. A file whose edits would
/// give it an error it did not have is left as it was, and its fix-its are refused for the rest
/// of the run. Nothing is written here: the command writes `changes`.
public struct FixEngine {
    /// A file the fixes change.
    public struct Change: Sendable {
        /// The path as diagnostics show it.
        public var path: String
        public var old: [UInt8]
        public var new: [UInt8]
        /// How many diagnostics of the run were fixed by its edits.
        public var fixed: Int
    }

    /// A diagnostic whose fix-its were not applied because they would introduce an error.
    public struct Refusal: Sendable {
        /// The diagnostic, as `path:line:column: CODE`.
        public var diagnostic: String
        /// The first error its fix-its would introduce, as `path:line:column: CODE message`.
        public var error: String
    }

    /// What a run of fixes did.
    public struct Outcome: Sendable {
        /// The run before any fix.
        public var original: Pipeline.Result
        /// The run over the fixed files: what is left.
        public var final: Pipeline.Result
        /// The files changed, in load order.
        public var changes: [Change]
        public var refusals: [Refusal]
        /// How many diagnostics had their fix-its applied.
        public var fixedCount: Int { changes.reduce(0) { $0 + $1.fixed } }
    }

    /// How many rounds of fix-its a run applies at most. A fix can make room for another (two
    /// edits that overlapped) or reveal one (a syntax error hid the checker's findings).
    public static let maximumPasses = 4

    public let paths: [String]
    public let root: String?
    public let provider: FileProvider
    public let viewport: Viewport
    /// The text size the layout runs at (`--text-size`).
    public let textSize: ContentSizeCategory
    /// Which paths are checked as entries (`cardc fix` checks as `cardc check` does: import roots).
    public let units: Pipeline.Units
    /// The project's levels: a code a file's configuration turns off is not fixed there.
    public var policy = DiagnosticPolicy()

    public init(paths: [String], root: String? = nil, provider: FileProvider = DiskFileProvider(), viewport: Viewport = .standard,
                textSize: ContentSizeCategory = .default, units: Pipeline.Units = .everyPath) {
        self.paths = paths
        self.root = root
        self.provider = provider
        self.viewport = viewport
        self.textSize = textSize
        self.units = units
    }

    /// The run over the files with `buffers` (by canonical path) in place of what is on disk.
    func check(_ buffers: [String: [UInt8]]) -> Pipeline.Result {
        Pipeline.check(paths: paths, root: root, provider: buffers.isEmpty ? provider : OverlayFileProvider(buffers: buffers, base: provider),
                       viewport: viewport, textSize: textSize, units: units, policy: nil)
    }

    /// Runs the fixes; `original` is the run before them when the caller has it already.
    public func run(original: Pipeline.Result? = nil) -> Outcome {
        let original = original ?? check([:])
        var current = original
        // Edited bytes by canonical path, and per canonical path the file as first read.
        var buffers: [String: [UInt8]] = [:]
        var firstRead: [String: (path: String, bytes: [UInt8])] = [:]
        var fixedPerFile: [String: Int] = [:]
        // The fix-its refused (each diagnostic's, by canonical path and as they stand in the
        // current files), and why.
        var refused: [(fixIts: [(path: String, fix: FixIt)], refusal: Refusal)] = []
        for _ in 0..<Self.maximumPasses {
            let fileSet = current.fileSet
            func canonical(_ file: FileID) -> String { provider.canonicalPath(fileSet[file].path) }
            func isRefused(_ diagnostic: Diagnostic) -> Bool {
                refused.contains { entry in
                    entry.fixIts.count == diagnostic.fixIts.count
                        && zip(entry.fixIts, diagnostic.fixIts).allSatisfy { $0.path == canonical($1.span.file) && $0.fix.replacement == $1.replacement
                            && $0.fix.span.range == $1.span.range }
                }
            }
            // Suppressions and levels as the report will have them; a W901 is not a fix-it to take.
            let candidates = policy.apply(to: current.diagnostics, in: fileSet, trees: current.files.mapValues(\.tree), reportUnused: false).filter { $0.fixIts.isEmpty || !isRefused($0) }
            var chosen = FixAll.select(candidates).diagnostics
            guard !chosen.isEmpty else { break }
            var accepted: FixAll.Selection?
            while !chosen.isEmpty {
                let selection = Self.selection(of: chosen, in: candidates)
                let next = check(apply(selection, to: buffers, in: fileSet))
                let problems = introducedErrors(by: selection, before: current, after: next)
                guard !problems.isEmpty else {
                    accepted = selection
                    buffers = apply(selection, to: buffers, in: fileSet)
                    for file in selection.files where firstRead[canonical(file)] == nil {
                        firstRead[canonical(file)] = (fileSet[file].path, fileSet[file].bytes)
                    }
                    // Each diagnostic fixed counts once, for the file of its first edit.
                    for index in chosen {
                        if let first = candidates[index].fixIts.first { fixedPerFile[canonical(first.span.file), default: 0] += 1 }
                    }
                    current = next
                    break
                }
                // The diagnostics whose edits are in a file with a new error (all of them when the
                // error is in a file nothing edited); each is tried alone with the others' edits.
                let blamedFiles = Set(problems.compactMap(\.file))
                let suspects = chosen.filter { index in
                    blamedFiles.isEmpty || candidates[index].fixIts.contains { blamedFiles.contains($0.span.file) }
                }
                let innocent = chosen.filter { !suspects.contains($0) }
                var culprits: [(index: Int, error: String)] = []
                if suspects.count > 1 && suspects.count <= Self.suspectLimit {
                    for suspect in suspects {
                        let alone = Self.selection(of: innocent + [suspect], in: candidates)
                        let errors = introducedErrors(by: alone, before: current, after: check(apply(alone, to: buffers, in: fileSet)))
                        if let error = errors.first?.error { culprits.append((suspect, error)) }
                    }
                }
                // Together but not alone, or too many to try one by one: all are refused.
                if culprits.isEmpty, let error = problems.first?.error { culprits = suspects.map { ($0, error) } }
                for (index, error) in culprits {
                    let diagnostic = candidates[index]
                    let location = fileSet[diagnostic.span.file].location(of: diagnostic.span.start)
                    refused.append((diagnostic.fixIts.map { (canonical($0.span.file), $0) },
                                    Refusal(diagnostic: "\(TerminalText.escaped(fileSet[diagnostic.span.file].path)):\(location.line):\(location.column): "
                                            + diagnostic.code.rawValue, error: error)))
                    chosen.removeAll { $0 == index }
                }
            }
            // The refused fix-its, moved as the accepted edits moved the text around them.
            if let accepted {
                for entry in refused.indices {
                    refused[entry].fixIts = refused[entry].fixIts.map { path, fix in
                        guard let file = fileSet.files.first(where: { canonical($0.id) == path }) else { return (path, fix) }
                        let edits = accepted.edits(in: file.id)
                        var moved = fix
                        moved.span = SourceSpan(file: fix.span.file, start: FixAll.map(fix.span.start, through: edits),
                                                end: FixAll.map(fix.span.end, through: edits))
                        return (path, moved)
                    }
                }
            }
        }
        var changes: [Change] = []
        for file in original.fileSet.files {
            let key = provider.canonicalPath(file.path)
            guard let new = buffers[key], let first = firstRead[key], new != first.bytes else { continue }
            changes.append(Change(path: first.path, old: first.bytes, new: new, fixed: fixedPerFile[key] ?? 0))
        }
        return Outcome(original: original, final: current, changes: changes, refusals: refused.map(\.refusal))
    }

    /// Past this many diagnostics under suspicion, their fix-its are refused together rather
    /// than each tried alone (one check each).
    static let suspectLimit = 32

    /// The fix-its of the diagnostics at `indices` of `diagnostics`, chosen together.
    static func selection(of indices: [Int], in diagnostics: [Diagnostic]) -> FixAll.Selection {
        var selection = FixAll.Selection()
        var edits: [FixIt] = []
        for index in indices.sorted() {
            for fix in diagnostics[index].fixIts where !edits.contains(fix) { edits.append(fix) }
        }
        selection.diagnostics = indices.sorted()
        selection.edits = edits.sorted { ($0.span.file, $0.span.start, $0.span.end) < ($1.span.file, $1.span.start, $1.span.end) }
        return selection
    }

    /// `buffers` with the files `selection` edits replaced by their edited bytes.
    func apply(_ selection: FixAll.Selection, to buffers: [String: [UInt8]], in fileSet: FileSet) -> [String: [UInt8]] {
        var result = buffers
        for file in selection.files {
            result[provider.canonicalPath(fileSet[file].path)] = FixAll.apply(selection.edits(in: file), to: fileSet[file].bytes)
        }
        return result
    }

    /// The errors of `after` that `before` did not have, file by file (`FixAll.introducedErrors`),
    /// each with the file of `before` it is in when `selection` edited that file (nil when it did
    /// not: an edit elsewhere caused it).
    func introducedErrors(by selection: FixAll.Selection, before: Pipeline.Result, after: Pipeline.Result) -> [(file: FileID?, error: String)] {
        var afterIDs: [String: FileID] = [:]
        for file in after.fileSet.files { afterIDs[provider.canonicalPath(file.path)] = file.id }
        let edited = Set(selection.files)
        // A file the edits made load (an import found: E306's fix-it) may declare what the
        // unit's other names were near misses of: while it was missing, unknown cards and themes
        // were reported only with a close name (`namesMayBeMissing`), so E303 and E304 are
        // revealed now, not introduced.
        let beforePaths = Set(before.fileSet.files.map { provider.canonicalPath($0.path) })
        let revealsNames = after.fileSet.files.contains { !beforePaths.contains(provider.canonicalPath($0.path)) }
        var problems: [(file: FileID?, error: String)] = []
        for file in before.fileSet.files {
            // A file the edits no longer load (an import renamed) has no errors to compare.
            guard let afterID = afterIDs[provider.canonicalPath(file.path)] else { continue }
            let introduced = FixAll.introducedErrors(before: before.diagnostics.filter { $0.span.file == file.id },
                                                     after: after.diagnostics.filter {
                                                         $0.span.file == afterID && !(revealsNames && ($0.code == .e303 || $0.code == .e304))
                                                     },
                                                     edits: selection.edits(in: file.id))
            guard let first = introduced.first else { continue }
            let location = after.fileSet[afterID].location(of: first.span.start)
            problems.append((edited.contains(file.id) ? file.id : nil,
                             "\(TerminalText.escaped(file.path)):\(location.line):\(location.column): \(first.code.rawValue) \(TerminalText.escaped(first.message))"))
        }
        return problems
    }
}

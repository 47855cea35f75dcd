import CardDiagnostics
import CardSyntax

/// What a diagnostic's code is reported as: `error`, `warning`, or not at all (`off`). A
/// project chooses it per code in `cardc.json`; an error's code is always `error`.
public enum DiagnosticLevel: String, CaseIterable, Sendable {
    case error, warning, off
}

/// What a project decided about its diagnostics, applied to a run's: each file's levels per
/// code (`cardc.json`'s `diagnostics`, read by `CardProject`) and the suppressions written in its
/// source (`// cardc:ignore W104`, `// cardc:ignore-file W801`), with a W901 for every
/// suppression that suppresses nothing. Diagnostics are filtered and re-graded, never
/// recomputed: the checker runs once and this reads its output.
public struct DiagnosticPolicy: Sendable {
    /// The levels of each file of the run that has its own, by the path it is shown by; files
    /// not listed use `fallback`. A code no table names keeps its own severity.
    public var levels: [String: [DiagnosticCode: DiagnosticLevel]]
    public var fallback: [DiagnosticCode: DiagnosticLevel]

    public init(levels: [String: [DiagnosticCode: DiagnosticLevel]] = [:], fallback: [DiagnosticCode: DiagnosticLevel] = [:]) {
        self.levels = levels
        self.fallback = fallback
    }

    /// The level `code` is reported at in the file shown as `path`, before any suppression.
    public func level(of code: DiagnosticCode, in path: String) -> DiagnosticLevel {
        (levels[path] ?? fallback)[code] ?? (code.severity == .error ? .error : .warning)
    }

    /// `diagnostics` as the project wants them reported:
    ///
    /// 1. each at the level its file's configuration gives its code: dropped when `off`, an
    ///    error (keeping its code) when `error`;
    /// 2. a warning's code named by a suppression covering its line (or its file) is dropped —
    ///    whatever level the configuration gave it; an error's code can never be suppressed;
    /// 3. a W901 for each suppression that names no warning's code, an error's code, or is out
    ///    of place, and — when `reportUnused` — for each code a suppression names that silenced
    ///    nothing. Some warnings are looked for only when a run has no errors (W104), so the
    ///    caller passes `reportUnused` only then.
    ///
    /// `trees` holds the syntax tree of each file (their comments are the suppressions). The
    /// result is in no particular order: pass it through `DiagnosticLimit.finish`.
    public func apply(to diagnostics: [Diagnostic], in files: FileSet, trees: [FileID: SyntaxTree], reportUnused: Bool) -> [Diagnostic] {
        var scans: [FileID: SuppressionScan] = [:]
        for (id, tree) in trees where tree.comments.contains(where: { $0.kind == .line }) {
            let scan = SuppressionScan(tree)
            if !scan.suppressions.isEmpty || !scan.problems.isEmpty { scans[id] = scan }
        }
        let configured = !(levels.values.allSatisfy(\.isEmpty) && fallback.isEmpty)
        guard configured || !scans.isEmpty else { return diagnostics }

        // Which (suppression, code) pairs silenced something, per file.
        var used: [FileID: Set<[Int]>] = [:]
        var result: [Diagnostic] = []
        result.reserveCapacity(diagnostics.count)
        var lineCache: (file: FileID, start: Int, line: Int)? = nil
        for var diagnostic in diagnostics {
            guard let file = files.lookUp(diagnostic.span.file) else { result.append(diagnostic); continue }
            guard leveled(&diagnostic, path: file.path) else { continue }
            if diagnostic.code.severity == .warning, let scan = scans[file.id] {
                let line: Int
                if let cached = lineCache, cached.file == file.id, cached.start == diagnostic.span.start {
                    line = cached.line
                } else {
                    line = file.lineIndex(of: diagnostic.span.start)
                    lineCache = (file.id, diagnostic.span.start, line)
                }
                if let pair = Self.suppressor(of: diagnostic.code, onLine: line, in: scan) {
                    used[file.id, default: []].insert(pair)
                    continue
                }
            }
            result.append(diagnostic)
        }
        for (id, scan) in scans.sorted(by: { $0.key < $1.key }) {
            guard let file = files.lookUp(id) else { continue }
            // The scan names the file by its tree's ID, which is another file's when the trees
            // come from several runs merged into `files` (ProjectRun): `id` is the file here.
            var found = scan.problems.map { problem in
                var problem = problem
                func here(_ span: SourceSpan) -> SourceSpan { SourceSpan(file: id, span.range) }
                problem.span = here(problem.span)
                for i in problem.fixIts.indices { problem.fixIts[i].span = here(problem.fixIts[i].span) }
                for i in problem.notes.indices { problem.notes[i].span = problem.notes[i].span.map(here) }
                return problem
            }
            if reportUnused {
                found += Self.unused(scan, used: used[id] ?? [], in: file)
            }
            for var diagnostic in found where leveled(&diagnostic, path: file.path) { result.append(diagnostic) }
        }
        return result
    }

    /// Sets the diagnostic's severity from its file's configuration; false when it is off.
    private func leveled(_ diagnostic: inout Diagnostic, path: String) -> Bool {
        switch level(of: diagnostic.code, in: path) {
        case .off: return false
        case .error: diagnostic.severity = .error
        case .warning: diagnostic.severity = .warning
        }
        return true
    }

    /// The first (suppression, code) index pair that silences `code` on 0-based `line`.
    static func suppressor(of code: DiagnosticCode, onLine line: Int, in scan: SuppressionScan) -> [Int]? {
        for (s, suppression) in scan.suppressions.enumerated() {
            switch suppression.scope {
            case .file: break
            case .lines(let lines): guard lines.contains(line) else { continue }
            case .nothing: continue
            }
            if let c = suppression.codes.firstIndex(where: { $0.code == code }) { return [s, c] }
        }
        return nil
    }

    /// A W901 for each code of each suppression that silenced nothing, with a fix-it removing
    /// it: the whole comment when none of its codes did, else the code and its separator.
    static func unused(_ scan: SuppressionScan, used: Set<[Int]>, in file: SourceFile) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for (s, suppression) in scan.suppressions.enumerated() {
            let idle = suppression.codes.indices.filter { !used.contains([s, $0]) }
            guard !idle.isEmpty else { continue }
            let whole = idle.count == suppression.codes.count ? removal(of: suppression, in: file) : nil
            for c in idle {
                let (code, range) = suppression.codes[c]
                let place: String
                switch suppression.scope {
                case .file: place = "in this file"
                case .lines(let lines) where lines.count == 1: place = "on line \(lines.lowerBound + 1)"
                case .lines(let lines): place = "on lines \(lines.lowerBound + 1)–\(lines.upperBound + 1)"
                case .nothing: place = "after it (no code follows)"
                }
                var edit: Range<Int>
                if let whole {
                    edit = whole
                } else if c > 0 {
                    edit = suppression.codes[c - 1].range.upperBound..<range.upperBound
                } else {
                    edit = range.lowerBound..<suppression.codes[c + 1].range.lowerBound
                }
                edit = edit.clamped(to: 0..<file.bytes.count)
                found.append(Diagnostic(.w901, "this suppression of \(code.rawValue) suppresses nothing: no \(code.rawValue) is reported \(place)",
                                        at: SourceSpan(file: file.id, range),
                                        notes: [.help(idle.count == suppression.codes.count && suppression.codes.count == 1
                                                      ? "remove the comment" : "remove `\(code.rawValue)` from it")],
                                        fixIts: [FixIt(SourceSpan(file: file.id, edit), "")]))
            }
        }
        return found
    }

    /// The bytes to delete to remove a suppression comment: its whole line when it is alone on
    /// it, else the comment and the blanks before it.
    static func removal(of suppression: Suppression, in file: SourceFile) -> Range<Int> {
        let bytes = file.bytes
        let line = file.lineIndex(of: suppression.comment.lowerBound)
        let lineStart = file.lineStart(line)
        if !suppression.isTrailing {
            let next = line + 1 < file.lineCount ? file.lineStart(line + 1) : bytes.count
            return lineStart..<next
        }
        var start = suppression.comment.lowerBound
        while start > lineStart, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        return start..<suppression.comment.upperBound
    }
}

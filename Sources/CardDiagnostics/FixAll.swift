/// Applying the fix-its of a run all at once: which diagnostics' fix-its go together, the bytes
/// they make, and whether the result has an error the original did not. `cardc fix` (and
/// `cardc check --fix`) and the language server's "fix all" code action share it, so both
/// resolve overlapping edits the same way. It knows no language rule: only spans, codes and
/// bytes.
public enum FixAll {
    /// The fix-its chosen from a run's diagnostics.
    public struct Selection: Sendable {
        /// Indices, in the diagnostics given, of those whose fix-its are all applied.
        public var diagnostics: [Int] = []
        /// Their fix-its, each once, sorted by file and position; no two overlap.
        public var edits: [FixIt] = []

        public init(diagnostics: [Int] = [], edits: [FixIt] = []) {
            self.diagnostics = diagnostics
            self.edits = edits
        }

        /// The edits in one file.
        public func edits(in file: FileID) -> [FixIt] { edits.filter { $0.span.file == file } }

        /// The files the edits change, in order.
        public var files: [FileID] {
            var files: [FileID] = []
            for edit in edits where files.last != edit.span.file { files.append(edit.span.file) }
            return files
        }
    }

    /// Chooses the fix-its to apply together: in the order given, every diagnostic whose
    /// fix-its overlap none already taken — all of a diagnostic's fix-its or none of them, so a
    /// diagnostic is either fixed or left for the next pass. An edit identical to one taken (two
    /// diagnostics with one cause) is shared, not a conflict.
    ///
    /// In a file with an error after which the parser recovered (`DiagnosticCode.isRecoveredSyntax`),
    /// only the lexer's and the parser's fix-its are taken: the checker's there were worked out
    /// from a tree with tokens skipped or assumed, and may not mean what was meant.
    public static func select(_ diagnostics: [Diagnostic]) -> Selection {
        var recovered = Set<FileID>()
        for diagnostic in diagnostics where diagnostic.code.isRecoveredSyntax { recovered.insert(diagnostic.span.file) }
        var selection = Selection()
        var taken: [FixIt] = []
        for (index, diagnostic) in diagnostics.enumerated() where !diagnostic.fixIts.isEmpty {
            let isSyntax = diagnostic.code.isSyntax
            if !isSyntax && diagnostic.fixIts.contains(where: { recovered.contains($0.span.file) }) { continue }
            let own = unique(diagnostic.fixIts)
            // Edits of one diagnostic that overlap each other have no order that means them all.
            guard !own.enumerated().contains(where: { i, a in own[(i + 1)...].contains { overlap(a, $0) } }),
                  !own.contains(where: { fix in taken.contains { overlap($0, fix) } }) else { continue }
            for fix in own where !taken.contains(fix) { taken.append(fix) }
            selection.diagnostics.append(index)
        }
        selection.edits = taken.sorted { ($0.span.file, $0.span.start, $0.span.end) < ($1.span.file, $1.span.start, $1.span.end) }
        return selection
    }

    /// Whether two edits of one file conflict: distinct edits whose ranges intersect, an
    /// insertion counting as one byte wide (two insertions at one point have no order that
    /// means both, and an insertion at the start of a replaced range would be replaced).
    public static func overlap(_ a: FixIt, _ b: FixIt) -> Bool {
        guard a.span.file == b.span.file, a != b else { return false }
        return a.span.start < max(b.span.end, b.span.start + 1) && b.span.start < max(a.span.end, a.span.start + 1)
    }

    static func unique(_ fixIts: [FixIt]) -> [FixIt] {
        var result: [FixIt] = []
        for fix in fixIts where !result.contains(fix) { result.append(fix) }
        return result
    }

    /// `bytes` with `edits` (of its file, none overlapping) applied. An edit outside the bytes
    /// is left out.
    public static func apply(_ edits: [FixIt], to bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.replacement.utf8.count })
        var copied = 0
        for edit in edits.sorted(by: { ($0.span.start, $0.span.end) < ($1.span.start, $1.span.end) })
        where edit.span.start >= copied && edit.span.end <= bytes.count {
            result += bytes[copied..<edit.span.start]
            result += edit.replacement.utf8
            copied = edit.span.end
        }
        result += bytes[copied...]
        return result
    }

    /// Where `offset` of the original file is once `edits` (sorted, none overlapping) are
    /// applied; an offset inside a replaced range goes to where the replacement starts.
    public static func map(_ offset: Int, through edits: [FixIt]) -> Int {
        var shift = 0
        for edit in edits {
            if edit.span.end <= offset && (edit.span.start < offset || edit.span.start == edit.span.end) {
                shift += edit.replacement.utf8.count - (edit.span.end - edit.span.start)
            } else if edit.span.start < offset {
                return edit.span.start + shift
            } else {
                break
            }
        }
        return offset + shift
    }

    /// The errors of `after` that no error of `before` accounts for, both of one file, before
    /// and after `edits` (the file's, as applied): an error accounts for one of the same code
    /// at its place once the edits moved it. When `before` has an error after which the parser
    /// recovered, only the lexer's and the parser's errors are compared: the checker's findings
    /// in a broken file are those of a guessed tree, and fixing its syntax reveals what the
    /// guess hid.
    public static func introducedErrors(before: [Diagnostic], after: [Diagnostic], edits: [FixIt]) -> [Diagnostic] {
        let errors = before.filter { $0.severity == .error }
        let onlySyntax = errors.contains { $0.code.isRecoveredSyntax }
        var accounted: [Key: Int] = [:]
        for error in errors { accounted[Key(code: error.code, start: map(error.span.start, through: edits)), default: 0] += 1 }
        var introduced: [Diagnostic] = []
        for error in after where error.severity == .error && (!onlySyntax || error.code.isSyntax) {
            let key = Key(code: error.code, start: error.span.start)
            if let count = accounted[key], count > 0 {
                accounted[key] = count - 1
            } else {
                introduced.append(error)
            }
        }
        return introduced
    }

    struct Key: Hashable {
        var code: DiagnosticCode
        var start: Int
    }
}

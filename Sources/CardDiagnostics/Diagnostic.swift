/// How bad a diagnostic is. The order matters: sorting puts errors after warnings only within
/// the same position, and `--strict` promotes warnings.
public enum Severity: Int, Comparable, Sendable {
    case note, warning, error

    public var name: String {
        switch self {
        case .note: "note"
        case .warning: "warning"
        case .error: "error"
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A byte range in one file. Lines and columns are derived only when shown.
public struct SourceSpan: Hashable, Comparable, Sendable {
    public var file: FileID
    public var start: Int
    public var end: Int

    public init(file: FileID, start: Int, end: Int) {
        self.file = file
        self.start = start
        self.end = max(start, end)
    }

    public init(file: FileID, _ range: Range<Int>) {
        self.init(file: file, start: range.lowerBound, end: range.upperBound)
    }

    public var range: Range<Int> { start..<end }

    public static func < (lhs: SourceSpan, rhs: SourceSpan) -> Bool {
        (lhs.file, lhs.start, lhs.end) < (rhs.file, rhs.start, rhs.end)
    }
}

/// A secondary range with a short message ("the `{` was opened here").
public struct DiagnosticLabel: Hashable, Sendable {
    public var span: SourceSpan
    public var message: String
    public init(_ span: SourceSpan, _ message: String) { self.span = span; self.message = message }
}

/// A `= note:` or `= help:` line, optionally pointing at another place.
public struct DiagnosticNote: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case note, help }
    public var kind: Kind
    public var message: String
    public var span: SourceSpan?

    public init(_ message: String, at span: SourceSpan? = nil) {
        self.kind = .note; self.message = message; self.span = span
    }

    public static func help(_ message: String) -> DiagnosticNote {
        var note = DiagnosticNote(message)
        note.kind = .help
        return note
    }
}

/// A text edit that fixes the problem: replace `span` with `replacement` (an empty span inserts).
public struct FixIt: Hashable, Sendable {
    public var span: SourceSpan
    public var replacement: String
    public init(_ span: SourceSpan, _ replacement: String) { self.span = span; self.replacement = replacement }
}

/// One problem found in the input: stored as data, rendered to text (or JSON, SARIF…) only when
/// shown.
public struct Diagnostic: Hashable, Sendable {
    public var code: DiagnosticCode
    public var severity: Severity
    public var message: String
    /// The smallest construct at fault.
    public var span: SourceSpan
    /// Text printed under the primary caret.
    public var label: String?
    public var secondary: [DiagnosticLabel]
    public var notes: [DiagnosticNote]
    public var fixIts: [FixIt]

    public init(_ code: DiagnosticCode, _ message: String, at span: SourceSpan, label: String? = nil,
                secondary: [DiagnosticLabel] = [], notes: [DiagnosticNote] = [], fixIts: [FixIt] = []) {
        self.code = code
        self.severity = code.severity
        self.message = message
        self.span = span
        self.label = label
        self.secondary = secondary
        self.notes = notes
        self.fixIts = fixIts
    }

    /// The `= help:` text of the first help note, if any.
    public var help: String? { notes.first { $0.kind == .help }?.message }
}

extension Array where Element == Diagnostic {
    /// Sorted by file, then position, then code, with exact duplicates removed (docs/language.md §10).
    public func sortedAndDeduplicated() -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        var unique: [Diagnostic] = []
        unique.reserveCapacity(count)
        for diagnostic in self where seen.insert(diagnostic).inserted { unique.append(diagnostic) }
        // Stable order for equal keys keeps emission order (the message reads in source order).
        return unique.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.span.file != y.span.file { return x.span.file < y.span.file }
            if x.span.start != y.span.start { return x.span.start < y.span.start }
            if x.code != y.code { return x.code.rawValue < y.code.rawValue }
            return a.offset < b.offset
        }.map(\.element)
    }

    public var errorCount: Int { lazy.filter { $0.severity == .error }.count }
    public var warningCount: Int { lazy.filter { $0.severity == .warning }.count }
}

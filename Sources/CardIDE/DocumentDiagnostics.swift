import CardDiagnostics
import CardModel
import CardSources

/// A replacement of `location`'s bytes with `newText` (an empty range inserts).
public struct FileEdit: Hashable, Sendable {
    public var location: Location
    public var newText: String

    public init(location: Location, newText: String) {
        self.location = location
        self.newText = newText
    }
}

/// A place a diagnostic points at besides its own range (a note's or a label's).
public struct RelatedInformation: Hashable, Sendable {
    public var location: Location
    public var message: String
}

/// A diagnostic of one document, as an editor shows it.
public struct DocumentDiagnostic: Hashable, Sendable {
    /// The bytes at fault in the document.
    public var range: Range<Int>
    public var severity: Severity
    public var code: DiagnosticCode
    /// The message, then the caret label and the notes and help lines that point nowhere.
    public var message: String
    public var related: [RelatedInformation]
    /// Whether it reports something unused (an editor fades it).
    public var isUnnecessary: Bool
    /// The fix-its, as edits.
    public var fixes: [FileEdit]
    /// The diagnostic as the compiler made it.
    public var diagnostic: Diagnostic
}

extension Snapshot {
    /// The diagnostics of the document: its own, and for each import whose files have
    /// errors, one at the import naming them (the imported file shows its own when opened).
    /// Worked out once per snapshot.
    public func documentDiagnostics() -> [DocumentDiagnostic] {
        if let cachedDocumentDiagnostics { return cachedDocumentDiagnostics }
        let computed = computeDocumentDiagnostics()
        cachedDocumentDiagnostics = computed
        return computed
    }

    private func computeDocumentDiagnostics() -> [DocumentDiagnostic] {
        var own: [DocumentDiagnostic] = []
        var foreignErrors: [FileID: [Diagnostic]] = [:]
        for diagnostic in diagnostics {
            if diagnostic.span.file == fileID {
                own.append(documentDiagnostic(diagnostic, at: diagnostic.span.range))
            } else if diagnostic.severity == .error {
                foreignErrors[diagnostic.span.file, default: []].append(diagnostic)
            }
        }
        guard !foreignErrors.isEmpty, let entry = result.files[fileID] else { return own }
        for (node, imported) in entry.imports {
            // Every file this import brings in, directly or not.
            var pending = [imported], reached = Set<FileID>()
            while let next = pending.popLast() {
                guard reached.insert(next).inserted else { continue }
                pending += result.files[next]?.imports.map(\.file) ?? []
            }
            let errors = reached.sorted().flatMap { foreignErrors[$0] ?? [] }
            guard let first = errors.first, let token = tree.mainToken(node) else { continue }
            let files = Set(errors.map(\.span.file)).compactMap { sourceFile($0)?.path }.sorted()
            var diagnostic = Diagnostic(first.code, "imported \(files.count == 1 ? "file" : "files") \(files.map { "`\(Self.lastComponent($0))`" }.joined(separator: ", ")) "
                                        + "\(files.count == 1 ? "has" : "have") \(errors.count == 1 ? "an error" : "\(errors.count) errors"): \(first.message)",
                                        at: SourceSpan(file: fileID, token.range))
            diagnostic.notes = [DiagnosticNote(first.message, at: first.span)]
            own.append(documentDiagnostic(diagnostic, at: token.range))
        }
        return own.sorted { ($0.range.lowerBound, $0.code.rawValue) < ($1.range.lowerBound, $1.code.rawValue) }
    }

    static func lastComponent(_ path: String) -> String { PathUtilities.lastComponent(path) ?? path }

    func documentDiagnostic(_ diagnostic: Diagnostic, at range: Range<Int>) -> DocumentDiagnostic {
        var message = diagnostic.message
        if let label = diagnostic.label, !label.isEmpty { message += "\n" + label }
        var related: [RelatedInformation] = []
        for label in diagnostic.secondary {
            if let location = location(label.span) { related.append(RelatedInformation(location: location, message: label.message)) }
        }
        for note in diagnostic.notes {
            if let span = note.span, let location = location(span) {
                related.append(RelatedInformation(location: location, message: note.message))
            } else {
                message += "\n" + (note.kind == .help ? "help: " : "note: ") + note.message
            }
        }
        let fixes = diagnostic.fixIts.compactMap { fix in location(fix.span).map { FileEdit(location: $0, newText: fix.replacement) } }
        return DocumentDiagnostic(range: range, severity: diagnostic.severity, code: diagnostic.code, message: message,
                                  related: related, isUnnecessary: diagnostic.code == .w101, fixes: fixes, diagnostic: diagnostic)
    }
}

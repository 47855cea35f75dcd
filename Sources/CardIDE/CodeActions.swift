import CardDiagnostics
import CardPipeline

/// A change an editor offers to make.
public struct CodeAction: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// Fixes one diagnostic (or, titled so, all of the file's).
        case quickFix = "quickfix"
        /// Applies every fix-it of the file (an editor's "fix all" on save).
        case sourceFixAll = "source.fixAll"
    }

    public var title: String
    public var kind: Kind
    public var edits: [FileEdit]
    /// The diagnostics it resolves.
    public var diagnostics: [DocumentDiagnostic]
    public var isPreferred: Bool
}

extension Snapshot {
    /// The quick fixes for the diagnostics overlapping `range` (one per diagnostic with
    /// fix-its), and one that applies every fix-it that goes with the others (`combined`) — as
    /// a quick fix too when the file has several; then, for each warning there, the quick fixes
    /// that silence it instead (`suppressionActions(for:)`).
    public func codeActions(in range: Range<Int>) -> [CodeAction] {
        let fixable = documentDiagnostics().filter { !$0.fixes.isEmpty }
        var actions: [CodeAction] = []
        for diagnostic in fixable where diagnostic.range.lowerBound <= range.upperBound && range.lowerBound <= diagnostic.range.upperBound {
            actions.append(CodeAction(title: title(for: diagnostic), kind: .quickFix, edits: diagnostic.fixes,
                                      diagnostics: [diagnostic], isPreferred: fixable.count == 1 || diagnostic.fixes.count == 1))
        }
        let (edits, resolved) = fixable.isEmpty ? ([], []) : combined(fixable)
        if resolved.count >= 2 {
            let title = "Fix all \(resolved.count) problems with fix-its in this file"
            if !actions.isEmpty {
                actions.append(CodeAction(title: title, kind: .quickFix, edits: edits, diagnostics: resolved, isPreferred: false))
            }
            actions.append(CodeAction(title: title, kind: .sourceFixAll, edits: edits, diagnostics: resolved, isPreferred: false))
        } else if let only = resolved.first {
            actions.append(CodeAction(title: title(for: only), kind: .sourceFixAll, edits: only.fixes, diagnostics: [only], isPreferred: false))
        }
        let silenceable = documentDiagnostics().filter {
            $0.code.severity == .warning && $0.code != .w901 && $0.diagnostic.span.file == fileID
                && $0.range.lowerBound <= range.upperBound && range.lowerBound <= $0.range.upperBound
        }
        var offered = Set<String>()
        for diagnostic in silenceable {
            for action in suppressionActions(for: diagnostic) where offered.insert(action.title).inserted { actions.append(action) }
        }
        return actions
    }

    /// "Ignore this warning here" and "… in this file": a `// cardc:ignore CODE` comment on its
    /// own line above the warning's line (or the code added to the one already there), and a
    /// `// cardc:ignore-file CODE` comment at the top (or the code added to it). Offered for
    /// warnings only: errors cannot be suppressed.
    public func suppressionActions(for diagnostic: DocumentDiagnostic) -> [CodeAction] {
        let code = diagnostic.code.rawValue
        let bytes = file.bytes
        let line = file.lineIndex(of: diagnostic.range.lowerBound)
        let scan = SuppressionScan(tree)
        func edit(_ at: Int, _ text: String) -> [FileEdit] { [FileEdit(location: Location(path: path, range: at..<at), newText: text)] }

        let here: [FileEdit]
        if let existing = scan.suppressions.first(where: { suppression in
            guard !suppression.isTrailing, case .lines(let lines) = suppression.scope, lines.lowerBound == line else { return false }
            return true
        }), let last = existing.codes.last {
            here = edit(last.range.upperBound, ", " + code)
        } else {
            let start = file.lineStart(line)
            var indentEnd = start
            while indentEnd < bytes.count, bytes[indentEnd] == 0x20 || bytes[indentEnd] == 0x09 { indentEnd += 1 }
            here = edit(start, file.text(start..<indentEnd) + "// cardc:ignore " + code + "\n")
        }
        let whole: [FileEdit]
        if let existing = scan.suppressions.first(where: { $0.scope == .file }), let last = existing.codes.last {
            whole = edit(last.range.upperBound, ", " + code)
        } else {
            whole = edit(0, "// cardc:ignore-file " + code + "\n")
        }
        return [
            CodeAction(title: "Ignore \(code) on this line (// cardc:ignore \(code))", kind: .quickFix, edits: here,
                       diagnostics: [diagnostic], isPreferred: false),
            CodeAction(title: "Ignore \(code) in this file (// cardc:ignore-file \(code))", kind: .quickFix, edits: whole,
                       diagnostics: [diagnostic], isPreferred: false),
        ]
    }

    /// The fix-its of `fixable` (diagnostics of the document) that can be applied together,
    /// chosen from the document's diagnostics as `cardc fix` chooses them (`FixAll.select`): a
    /// diagnostic whose edits overlap an earlier one's is left for a second pass, and in a file
    /// with a syntax error only syntax fix-its are taken.
    func combined(_ fixable: [DocumentDiagnostic]) -> ([FileEdit], [DocumentDiagnostic]) {
        let own = diagnostics.filter { $0.span.file == fileID }
        let selection = FixAll.select(own)
        let chosen = Set(selection.diagnostics.map { own[$0] })
        let resolved = fixable.filter { chosen.contains($0.diagnostic) }
        var taken: [FileEdit] = []
        for diagnostic in resolved {
            for fix in diagnostic.fixes where !taken.contains(fix) { taken.append(fix) }
        }
        return (taken.sorted { $0.location < $1.location }, resolved)
    }

    /// "Replace `x` with `y`", "Insert `…`", "Remove `…`", or the diagnostic's help.
    func title(for diagnostic: DocumentDiagnostic) -> String {
        guard diagnostic.fixes.count == 1, let fix = diagnostic.fixes.first else {
            return diagnostic.diagnostic.help.map { Self.capitalized($0) } ?? "Fix \(diagnostic.code.rawValue): \(diagnostic.code.title)"
        }
        let old = fix.location.path == path ? file.text(fix.location.range) : ""
        let new = fix.newText
        func quoted(_ text: String) -> String {
            let visible = text.replacingNewlines
            return Markdown.inlineCode(visible.count > 40 ? String(visible.prefix(39)) + "…" : visible)
        }
        if fix.location.range.isEmpty { return new.trimmingNewlines.isEmpty ? "Insert a line break" : "Insert \(quoted(new))" }
        if new.isEmpty { return "Remove \(quoted(old))" }
        return "Replace \(quoted(old)) with \(quoted(new))"
    }

    static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}

extension String {
    var replacingNewlines: String { String(map { $0.isNewline ? " " : $0 }) }
    var trimmingNewlines: String { String(filter { !$0.isNewline }) }
}

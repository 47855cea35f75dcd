import CardDiagnostics

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
    /// a quick fix too when the file has several.
    public func codeActions(in range: Range<Int>) -> [CodeAction] {
        let fixable = documentDiagnostics().filter { !$0.fixes.isEmpty }
        var actions: [CodeAction] = []
        for diagnostic in fixable where diagnostic.range.lowerBound <= range.upperBound && range.lowerBound <= diagnostic.range.upperBound {
            actions.append(CodeAction(title: title(for: diagnostic), kind: .quickFix, edits: diagnostic.fixes,
                                      diagnostics: [diagnostic], isPreferred: fixable.count == 1 || diagnostic.fixes.count == 1))
        }
        guard !fixable.isEmpty else { return actions }
        let (edits, resolved) = combined(fixable)
        if resolved.count >= 2 {
            let title = "Fix all \(resolved.count) problems with fix-its in this file"
            if !actions.isEmpty {
                actions.append(CodeAction(title: title, kind: .quickFix, edits: edits, diagnostics: resolved, isPreferred: false))
            }
            actions.append(CodeAction(title: title, kind: .sourceFixAll, edits: edits, diagnostics: resolved, isPreferred: false))
        } else if let only = resolved.first {
            actions.append(CodeAction(title: title(for: only), kind: .sourceFixAll, edits: only.fixes, diagnostics: [only], isPreferred: false))
        }
        return actions
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

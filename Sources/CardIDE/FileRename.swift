import CardDiagnostics
import CardProject
import CardSources
import CardSyntax
import CardText

/// The import strings to rewrite when files or folders are renamed (an editor's
/// `workspace/willRenameFiles`, sent before it moves them): every import that names a moved
/// file, and every import of a moved file whose target did not move with it, is written as the
/// path from the importer's new folder to the target's new place. The edits apply to the files
/// as they are before the move.
extension Workspace {
    public func importEdits(renaming moves: [(old: String, new: String)]) -> WorkspaceAnswer<[FileEdit]> {
        let index = currentIndex()
        // Each moved file, old path → new path: a folder moves every indexed file below it.
        var moved: [String: String] = [:]
        for (old, new) in moves where old != new {
            if index.entries[old] != nil || old.hasSuffix(".cards") {
                moved[old] = new
            }
            for path in index.paths where path.hasPrefix(old + "/") {
                moved[path] = new + path.dropFirst(old.utf8.count)
            }
        }
        guard !moved.isEmpty else { return WorkspaceAnswer(value: [], snapshots: []) }
        // The files whose imports may change: the moved ones and their importers.
        var affected = Set(moved.keys.filter { index.entries[$0] != nil })
        for path in moved.keys { affected.formUnion(index.importers(of: path)) }
        var edits: [FileEdit] = []
        for importer in affected.sorted() {
            guard let bytes = documents[importer]?.bytes ?? base.contents(of: importer) else { continue }
            let newImporter = moved[importer] ?? importer
            let tree = Parser.parse(SourceFile(path: importer, bytes: bytes))
            let directory = PathUtilities.directory(of: importer)
            let root = project(for: importer).root
            for node in tree.children(tree.root) where tree.kind(node) == .importDecl {
                guard let token = tree.mainToken(node), !token.isMalformed else { continue }
                let spec = StringLiteral.value(of: Substring(tree.text(token)))
                guard !spec.isEmpty, !spec.hasPrefix("/") else { continue }
                let target: String
                switch base.resolve(spec, from: directory, within: root) {
                case .file(let real): target = real
                case .missing(let wouldBe?): target = wouldBe
                default: continue
                }
                let newTarget = moved[target] ?? target
                guard moved[target] != nil || moved[importer] != nil else { continue }
                let newSpec = ProjectLocator.relative(newTarget, from: PathUtilities.directory(of: newImporter))
                // An import written `./a.cards` that still names the same file is left as written.
                guard PathUtilities.join(PathUtilities.directory(of: newImporter), spec) != newTarget else { continue }
                edits.append(FileEdit(location: Location(path: importer, range: token.range), newText: Self.quoted(newSpec)))
            }
        }
        return WorkspaceAnswer(value: edits, snapshots: [])
    }

    /// `text` as a `.cards` string literal.
    static func quoted(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            // A tab too: a path's tab is kept visible in the import string.
            case _ where EscapedScalars.contains(scalar) || scalar == "\t":
                literal += EscapedScalars.escape(scalar.value)
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}

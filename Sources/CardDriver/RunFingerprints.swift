import CardDiagnostics
import CardProject
import CardSyntax

/// Fingerprints of a run's diagnostics, one `FingerprintIndex` per file (built when first asked).
struct RunFingerprints {
    let fileSet: FileSet
    let trees: [FileID: SyntaxTree]
    private var indexes: [FileID: FingerprintIndex] = [:]

    init(fileSet: FileSet, trees: [FileID: SyntaxTree]) {
        self.fileSet = fileSet
        self.trees = trees
    }

    /// A report's fingerprint for each diagnostic (GitLab's `fingerprint`): a hash of its file
    /// as shown, its `Fingerprint` and how many identical ones came before it in the report, so
    /// it is unique in the report and unchanged by edits elsewhere.
    mutating func reportFingerprints(_ diagnostics: [Diagnostic]) -> [Diagnostic: String] {
        var result: [Diagnostic: String] = [:]
        var seen: [String: Int] = [:]
        for diagnostic in diagnostics {
            guard let file = fileSet.lookUp(diagnostic.span.file) else { continue }
            let print = index(of: file).fingerprint(of: diagnostic)
            let key = [file.path, print.code, print.context, print.lineHash].joined(separator: "\u{0}")
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            result[diagnostic] = Fingerprint.hash(Array((key + "\u{0}\(occurrence)").utf8))
        }
        return result
    }

    mutating func index(of file: SourceFile) -> FingerprintIndex {
        if let known = indexes[file.id] { return known }
        let index = FingerprintIndex(file: file, tree: trees[file.id])
        indexes[file.id] = index
        return index
    }
}

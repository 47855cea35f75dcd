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

    mutating func index(of file: SourceFile) -> FingerprintIndex {
        if let known = indexes[file.id] { return known }
        let index = FingerprintIndex(file: file, tree: trees[file.id])
        indexes[file.id] = index
        return index
    }
}

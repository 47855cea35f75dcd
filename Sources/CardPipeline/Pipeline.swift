import CardDiagnostics
import CardLayout
import CardModel
import CardSema
import CardSources
import CardSyntax

/// The whole front half of the compiler, as `cardc check` and `cardc build` run it and the
/// language server runs it for a snapshot: load, lex and parse (`SourceLoader`), check each
/// entry file as a unit (`UnitChecker`), then — for each unit without errors, whatever the other
/// units' errors — the layout pass and the contrast rule, whose W104, W1003, W1001 and W1004 must show wherever
/// checking does (CI included),
/// then the project's levels and the source's suppressions (`DiagnosticPolicy`), and one cap on
/// the diagnostics.
/// The benchmark and the tests call this too, so they measure and verify what users run.
public enum Pipeline {
    public struct Result: Sendable {
        public var fileSet: FileSet
        /// Every diagnostic of every file, sorted and de-duplicated.
        public var diagnostics: [Diagnostic]
        /// One checked unit per entry file, in the order given.
        public var decks: [CheckedUnit]
        /// Entry paths that could not be read.
        public var unreadable: [String]
        /// Every loaded file's syntax tree and resolved imports, for tools that answer questions
        /// about positions (the language server) without parsing again.
        public var files: [FileID: LoadedFile] = [:]
        /// Diagnostics left out of `diagnostics` past the limit, per file (`DiagnosticLimit`).
        public var omitted: [FileID: Int] = [:]
        /// Cards the checker went through, summed over the units checked (a file's cards are
        /// checked once per unit it is in): the work `cardc check` does grows with it, which
        /// tests check stays linear in the files given.
        public var cardChecks = 0
        /// The real path each file was read from (`SourceLoader.canonicalPath(of:)`): where an
        /// editor should go, which the shown path (`SourceFile.path`) need not be.
        public var canonicalPaths: [FileID: String] = [:]
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

        /// Adds diagnostics found after checking (the layout pass's), sorted in, within the limit.
        public mutating func add(_ more: [Diagnostic]) {
            guard !more.isEmpty else { return }
            (diagnostics, omitted) = DiagnosticLimit.finish(diagnostics + more, omitted: omitted)
        }
    }

    /// Which of the files given are checked as the entry of a unit of their own.
    public enum Units: Sendable {
        /// Every file given is an entry, with a unit in `Result.decks` (`cardc build`, editors).
        case everyPath
        /// Only files that no other loaded file imports (`SourceLoader.importRoots(of:)`):
        /// every file is still checked, in the unit of an entry that imports it, and each unit
        /// once (`cardc check`, whose directories make every file an entry).
        case importRoots
    }

    /// Checks each entry file as a compilation unit (the file plus its imports), then lays out
    /// each unit without errors for W104 and W1003 and reads its colours for W1001 and W1004. `sources` supplies the
    /// bytes of paths that are not read from `provider` (open editor buffers). `policy` applies
    /// levels and the source's suppressions (`DiagnosticPolicy.apply`); nil leaves the
    /// diagnostics as the phases found them (for a caller that merges several runs and applies
    /// it once). `layout` false leaves W104, W1003, W1001 and W1004 out (the units are not laid out): for an
    /// editor that wants a unit's names, not its diagnostics. `textSize` is the text size the
    /// units are laid out at (`--text-size`): W104 and W1003 are found at it.
    public static func check(paths: [String], root: String? = nil, provider: FileProvider = DiskFileProvider(),
                             sources: [String: [UInt8]] = [:], viewport: Viewport = .standard,
                             textSize: ContentSizeCategory = .default,
                             units: Units = .everyPath, policy: DiagnosticPolicy? = DiagnosticPolicy(), layout: Bool = true) -> Result {
        let rootPath = root ?? PathUtilities.directory(of: paths.first ?? ".")
        var loader = SourceLoader(provider: provider, root: rootPath)
        var entries: [FileID] = []
        var unreadable: [String] = []
        for path in paths {
            if let bytes = sources[path] {
                entries.append(loader.loadEntry(path: path, bytes: bytes))
            } else if let id = loader.loadEntry(path: path) {
                entries.append(id)
            } else {
                unreadable.append(path)
            }
        }
        var diagnostics = loader.diagnostics
        // Diagnostics the phases left out past the limit: the loader's and the parser's, and
        // the largest count of any unit's checker (a file imported by several units is checked
        // in each, the same way).
        var omitted = loader.limit.omitted
        var checkerOmitted: [FileID: Int] = [:]
        for file in loader.fileSet.files {
            guard let tree = loader.files[file.id]?.tree else { continue }
            diagnostics += tree.diagnostics
            if tree.omittedDiagnostics > 0 { omitted[file.id, default: 0] += tree.omittedDiagnostics }
        }
        var trees: [FileID: SyntaxTree] = [:]
        for (id, loaded) in loader.files { trees[id] = loaded.tree }
        var decks: [CheckedUnit] = []
        // Each deck's files (its entry and everything it imports), for W104 below.
        var deckFiles: [[FileID]] = []
        // Files with an import that was not loaded: names may be missing from their units.
        let filesMissingImports = Set(loader.diagnostics.lazy.filter { $0.code == .e306 || $0.code == .e308 }.map(\.span.file))
        var cardChecks = 0
        if units == .importRoots { entries = loader.importRoots(of: entries) }
        for entry in entries {
            let order = loader.unit(of: entry)
            let checked = UnitChecker.check(trees: trees, order: order, declarationOrder: loader.declarationOrder(of: entry),
                                            namesMayBeMissing: order.contains(where: filesMissingImports.contains))
            if let unit = checked.unit {
                decks.append(unit)
                deckFiles.append(order)
            }
            diagnostics += checked.diagnostics
            cardChecks += checked.cardChecks
            checkerOmitted.merge(checked.omitted, uniquingKeysWith: max)
        }
        omitted.merge(checkerOmitted, uniquingKeysWith: +)
        let (capped, left) = DiagnosticLimit.finish(diagnostics, omitted: omitted)
        var canonicalPaths: [FileID: String] = [:]
        for file in loader.fileSet.files { canonicalPaths[file.id] = loader.canonicalPath(of: file.id) }
        var result = Result(fileSet: loader.fileSet, diagnostics: capped, decks: decks, unreadable: unreadable,
                            files: loader.files, omitted: left, cardChecks: cardChecks, canonicalPaths: canonicalPaths)
        let complete = !result.hasErrors
        // Each entry file is a unit of its own (docs/language.md §4): a unit without errors is
        // laid out whatever the other inputs' errors, so its W104 does not depend on them.
        let filesWithErrors = Set(result.diagnostics.lazy.filter { $0.severity == .error }.map(\.span.file))
        var laidOut: [Diagnostic] = []
        for (deck, files) in zip(decks, deckFiles) where layout && files.allSatisfy({ !filesWithErrors.contains($0) }) {
            laidOut += layoutDiagnostics(for: deck, viewport: viewport, textSize: textSize)
            laidOut += contrastDiagnostics(for: deck)
        }
        result.add(laidOut)
        if let policy {
            // Unused suppressions are reported only when every warning was looked for (W104
            // needs units without errors).
            let applied = policy.apply(to: result.diagnostics, in: result.fileSet, trees: trees, reportUnused: complete)
            (result.diagnostics, result.omitted) = DiagnosticLimit.finish(applied, omitted: result.omitted)
        }
        return result
    }
}

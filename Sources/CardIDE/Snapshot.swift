import CardPipeline
import CardDiagnostics
import CardLayout
import CardModel
import CardSources
import CardSyntax

/// One document's version, checked: the compiled unit (the document and everything it
/// imports, open buffers first), its diagnostics, and — built when first asked for — its
/// tokens and its index of declarations and references. Immutable once made, except for
/// those caches; every feature is a function of a snapshot and a position.
public final class Snapshot {
    /// The document's canonical path.
    public let path: String
    /// The editor's version of the document.
    public let version: Int
    /// The workspace revision the snapshot was made at (see `Workspace`).
    public let revision: Int
    /// What the compiler made of the unit.
    public let result: Pipeline.Result
    /// The deck of the document (nil only when the compiler made none).
    public let deck: CheckedUnit?
    /// The document as checked.
    public let file: SourceFile
    public let tree: SyntaxTree
    /// The document's lines, for position conversion.
    public let lineIndex: LineIndex
    /// Every diagnostic of the unit, W104 included (when there are no errors), sorted.
    public let diagnostics: [Diagnostic]
    /// The canonical path of every file of the unit, in `FileID` order.
    public let unitPaths: [String]
    /// The files the snapshot was made from: the unit's, then the project's `cardc.json`.
    public let dependencies: [String]
    /// The viewport layout diagnostics and previews use.
    public let viewport: Viewport
    /// The Dynamic Type text size they lay out at (the project's `textSize`).
    public let textSize: ContentSizeCategory
    /// Why the project's `cardc.json` could not be used (the defaults apply instead), if so.
    public let configurationProblem: String?

    private var cachedTokens: TokenList?
    private var cachedIndex: SymbolIndex?
    private var cachedLineIndexes: [FileID: LineIndex] = [:]
    /// `documentDiagnostics()`, worked out once: publishing and every code action read it.
    var cachedDocumentDiagnostics: [DocumentDiagnostic]?

    /// Checks `bytes` as the document at `path` (canonical), reading imports through
    /// `provider`, with imports confined to `root`, and applies `policy` (the project's levels
    /// and the source's suppressions) as `cardc check` does.
    /// `lineIndex`, when given, is the lines of `bytes` already worked out. `configuration`
    /// is the canonical path of the project's `cardc.json`, a dependency of the snapshot.
    /// `diagnosing` false makes a snapshot for its names only (a closed file a rename reads):
    /// no layout (W104), no levels or suppressions applied.
    public init(path: String, version: Int, bytes: [UInt8], root: String, provider: FileProvider,
                revision: Int = 0, viewport: Viewport = .standard, textSize: ContentSizeCategory = .default, lineIndex: LineIndex? = nil,
                policy: DiagnosticPolicy = DiagnosticPolicy(), configuration: String? = nil, configurationProblem: String? = nil,
                diagnosing: Bool = true) {
        self.path = path
        self.version = version
        self.revision = revision
        self.viewport = viewport
        self.textSize = textSize
        self.configurationProblem = configurationProblem
        // What `cardc check` runs: W104, the project's levels and suppressions, and the cap.
        let result = Pipeline.check(paths: [path], root: root, provider: provider, sources: [path: bytes], viewport: viewport,
                                    textSize: textSize, policy: diagnosing ? policy : nil, layout: diagnosing)
        let deck = result.decks.first
        self.result = result
        self.deck = deck
        let entry = result.fileSet.files.first ?? SourceFile(path: path, bytes: bytes)
        file = entry
        tree = result.files[entry.id]?.tree ?? Parser.parse(entry)
        self.lineIndex = lineIndex.flatMap { $0.bytes.count == entry.bytes.count ? $0 : nil } ?? LineIndex(entry.bytes)
        diagnostics = result.diagnostics
        // Where each file was read from: the shown path of an import through a link
        // (`link/../x.cards`) may name no file at all.
        unitPaths = result.fileSet.files.map { result.canonicalPaths[$0.id] ?? provider.canonicalPath($0.path) }
        dependencies = unitPaths + (configuration.map { [$0] } ?? [])
    }

    /// The document's file ID (the unit's entry).
    public var fileID: FileID { file.id }

    /// The file of the unit with `id`, if any.
    public func sourceFile(_ id: FileID) -> SourceFile? {
        let files = result.fileSet.files
        let index = Int(id.rawValue)
        return index >= 0 && index < files.count ? files[index] : nil
    }

    /// The file of the unit at canonical `path`, if loaded.
    public func sourceFile(atPath path: String) -> SourceFile? {
        guard let index = unitPaths.firstIndex(of: path), index < result.fileSet.files.count else { return nil }
        return result.fileSet.files[index]
    }

    /// The syntax tree of the unit's file `id`.
    public func tree(of id: FileID) -> SyntaxTree? { id == file.id ? tree : result.files[id]?.tree }

    /// The canonical path of the unit's file `id`.
    public func path(of id: FileID) -> String? {
        let index = Int(id.rawValue)
        return index >= 0 && index < unitPaths.count ? unitPaths[index] : nil
    }

    /// The lines of the unit's file `id` (built once per file).
    public func lineIndex(of id: FileID) -> LineIndex? {
        if id == file.id { return lineIndex }
        if let cached = cachedLineIndexes[id] { return cached }
        guard let source = sourceFile(id) else { return nil }
        let index = LineIndex(source.bytes)
        cachedLineIndexes[id] = index
        return index
    }

    /// Every token of the document (lexed once, when first asked for).
    public var tokens: TokenList {
        if let cachedTokens { return cachedTokens }
        let tokens = Lexer.tokenize(file).tokens
        cachedTokens = tokens
        return tokens
    }

    /// The token of the document at `offset`: the one it is inside, else the one ending there,
    /// else the one starting there (see `SyntaxQuery.tokenIndex(at:in:)`).
    public func token(at offset: Int) -> (kind: TokenKind, range: Range<Int>)? {
        let tokens = self.tokens
        return SyntaxQuery.tokenIndex(at: offset, in: tokens).map { (tokens.kind($0), tokens.range($0)) }
    }

    /// The declarations and references of the unit (built once, when first asked for).
    public var index: SymbolIndex {
        if let cachedIndex { return cachedIndex }
        let index = SymbolIndex(snapshot: self)
        cachedIndex = index
        return index
    }

    /// A location in the unit's file `id`.
    public func location(_ span: SourceSpan) -> Location? {
        path(of: span.file).map { Location(path: $0, range: span.range) }
    }

    /// The model of the card declared by the top-level declaration containing `offset` in the
    /// document, built now.
    public func card(at offset: Int) -> (card: CardView, declaration: NodeID)? {
        guard let declaration = SyntaxQuery(tree: tree).topLevelDeclaration(containing: offset),
              tree.kind(declaration) == .cardDecl else { return nil }
        return card(declaredBy: declaration).map { ($0, declaration) }
    }

    /// The model of the card that `declaration` (a card declaration of the document) declares.
    public func card(declaredBy declaration: NodeID) -> CardView? {
        guard let deck, let name = tree.mainToken(declaration).map(tree.text),
              let position = deck.cards.position(named: name) else { return nil }
        let card = deck.cards[position]
        // A duplicate name (E305) resolves to the first declaration: only that one has a model.
        guard let nameToken = tree.mainToken(declaration), card.span == tree.span(token: nameToken) else { return nil }
        return card
    }
}

/// A byte range in a file named by its canonical path.
public struct Location: Hashable, Sendable, Comparable {
    public var path: String
    public var range: Range<Int>

    public init(path: String, range: Range<Int>) {
        self.path = path
        self.range = range
    }

    public static func < (lhs: Location, rhs: Location) -> Bool {
        (lhs.path, lhs.range.lowerBound, lhs.range.upperBound) < (rhs.path, rhs.range.lowerBound, rhs.range.upperBound)
    }
}

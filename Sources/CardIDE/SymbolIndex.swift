import CardDiagnostics
import CardModel
import CardSources
import CardSyntax

/// What a name in a deck declares or refers to.
public enum SymbolKind: String, Sendable, Hashable {
    case card, stack, theme
    /// A field of a card's `model { … }` (or a binding without a default, which adds one).
    case modelField
    /// A label of the rows of a table or collection (`$item.merchant`).
    case rowField
    /// The current row of a table or collection (the `item` of `$item.merchant`), declared by
    /// its `rows:` (`items:`) binding.
    case row
    /// A `.cards` file, as an import names it.
    case file
}

/// A symbol's identity, the same in every snapshot that sees its declaration: its kind and
/// where it is declared (`path@offset`), or its name when it has no declaration (a built-in
/// theme), scoped by its card for model and row fields.
public struct SymbolID: Hashable, Sendable, CustomStringConvertible {
    public var kind: SymbolKind
    public var key: String
    public var description: String { "\(kind.rawValue) \(key)" }
}

/// A declared (or built-in) thing a deck names.
public struct Symbol: Hashable, Sendable {
    public var id: SymbolID
    public var kind: SymbolKind
    public var name: String
    /// The name in the declaration (nil for built-in themes and fields declared only by use).
    public var declaration: Location?
    /// The card a model or row field belongs to.
    public var container: String?
}

/// One place a name is written: a declaration or a reference of `symbol` (an index into
/// `SymbolIndex.symbols`). The range covers the name only (not a binding's `$`).
public struct Occurrence: Hashable, Sendable {
    public var location: Location
    public var symbol: Int
    public var isDeclaration: Bool
}

/// The declarations and references of one compiled unit, with their ranges, built from the
/// checked model's spans (stacks' card and theme references, `push(…)` targets, bindings and
/// model fields, themes) and the syntax trees for what the model keeps no span of (a theme's
/// parent, the labels of a model list's rows, imports).
public struct SymbolIndex: Sendable {
    public private(set) var symbols: [Symbol] = []
    /// Sorted by path, then start.
    public private(set) var occurrences: [Occurrence] = []
    private var byID: [SymbolID: Int] = [:]

    public init() {}

    init(snapshot: Snapshot) {
        var builder = Builder(snapshot: snapshot)
        builder.build()
        self = builder.finish()
    }

    /// The symbol with `id`, if the unit knows it.
    public func symbol(_ id: SymbolID) -> Symbol? { byID[id].map { symbols[$0] } }

    /// The occurrence whose range holds `offset` (inclusive of its end) in the file at `path`.
    public func occurrence(at offset: Int, inPath path: String) -> Occurrence? {
        var low = 0, high = occurrences.count
        // The first occurrence of `path` that ends at or after `offset`.
        while low < high {
            let mid = (low + high) / 2
            let location = occurrences[mid].location
            if location.path < path || (location.path == path && location.range.upperBound < offset) { low = mid + 1 } else { high = mid }
        }
        var best: Occurrence?
        var i = low
        while i < occurrences.count, occurrences[i].location.path == path, occurrences[i].location.range.lowerBound <= offset {
            let occurrence = occurrences[i]
            if occurrence.location.range.upperBound >= offset {
                // The narrowest wins (a name inside a wider range).
                if best.map({ occurrence.location.range.count < $0.location.range.count }) ?? true { best = occurrence }
            }
            i += 1
        }
        return best
    }

    /// Every occurrence of the symbol with `id`, declarations included, in order.
    public func occurrences(of id: SymbolID) -> [Occurrence] {
        guard let index = byID[id] else { return [] }
        return occurrences.filter { $0.symbol == index }
    }

    /// Builds an index from a snapshot: symbols are named while building and given their
    /// identities once every declaration is known.
    private struct Builder {
        let snapshot: Snapshot
        var symbols: [Symbol] = []
        var occurrences: [Occurrence] = []
        var seen = Set<Location>()
        var cards: [String: Int] = [:]
        var themes: [String: Int] = [:]
        var scoped: [String: Int] = [:]

        init(snapshot: Snapshot) { self.snapshot = snapshot }

        mutating func symbol(_ kind: SymbolKind, _ name: String, container: String? = nil) -> Int {
            symbols.append(Symbol(id: SymbolID(kind: kind, key: ""), kind: kind, name: name, declaration: nil, container: container))
            return symbols.count - 1
        }

        mutating func card(_ name: String) -> Int {
            if let index = cards[name] { return index }
            let index = symbol(.card, name)
            cards[name] = index
            return index
        }

        mutating func theme(_ name: String) -> Int {
            if let index = themes[name] { return index }
            let index = symbol(.theme, name)
            themes[name] = index
            return index
        }

        /// A field symbol scoped by its card (and rows field).
        mutating func scopedSymbol(_ kind: SymbolKind, _ name: String, scope: String, card: String) -> Int {
            let key = "\(kind.rawValue) \(scope) \(name)"
            if let index = scoped[key] { return index }
            let index = symbol(kind, name, container: card)
            symbols[index].id.key = key
            scoped[key] = index
            return index
        }

        mutating func add(_ symbol: Int, _ span: SourceSpan, declaration: Bool = false) {
            guard let location = snapshot.location(span) else { return }
            add(symbol, location, declaration: declaration)
        }

        mutating func add(_ symbol: Int, _ location: Location, declaration: Bool = false) {
            guard seen.insert(location).inserted else { return }
            occurrences.append(Occurrence(location: location, symbol: symbol, isDeclaration: declaration))
            if declaration && symbols[symbol].declaration == nil { symbols[symbol].declaration = location }
        }

        mutating func build() {
            guard let deck = snapshot.deck else { return buildImports() }
            for theme in deck.themes {
                let index = self.theme(theme.name)
                if let span = theme.span { add(index, span, declaration: true) }
            }
            for stack in deck.stacks {
                add(symbol(.stack, stack.name), stack.span, declaration: true)
                if let reference = stack.themeReference { add(theme(reference.name), reference.span) }
                for reference in stack.cards { add(card(reference.name), reference.span) }
            }
            buildThemeParents()
            for checked in deck.cards { buildCard(checked) }
            buildImports()
        }

        /// `theme Evergreen: Mint`: the parent is a name only the syntax keeps.
        mutating func buildThemeParents() {
            for (id, loaded) in snapshot.result.files.sorted(by: { $0.key < $1.key }) {
                let tree = loaded.tree
                for declaration in tree.children(tree.root) where tree.kind(declaration) == .themeDecl {
                    for call in tree.conformances(declaration) {
                        guard let token = tree.mainToken(call) else { continue }
                        let name = tree.text(token)
                        guard themes[name] != nil else { continue }
                        add(theme(name), SourceSpan(file: id, token.range))
                    }
                }
            }
        }

        mutating func buildCard(_ checked: CardView) {
            let cardIndex = card(checked.name)
            add(cardIndex, checked.span, declaration: true)
            guard let declaration = snapshot.location(checked.span) else { return }
            let scope = "\(declaration.path)@\(declaration.range.lowerBound)"
            for field in checked.model where field.name != Catalog.stateFieldName {
                let index = scopedSymbol(.modelField, field.name, scope: scope, card: checked.name)
                if field.defaultValue != nil {
                    add(index, field.span, declaration: true)
                    buildRowLabels(of: field, scope: scope, card: checked.name)
                }
            }
            var uses: [(Binding, Binding?)] = []
            var pushes: [Reference] = []
            var walker = ModelWalker(binding: { uses.append(($0, $1)) }, push: { pushes.append($0) })
            walker.walk(checked)
            for (binding, rows) in uses {
                guard let location = snapshot.location(binding.span), let first = binding.path.first else { continue }
                if binding.isRowField {
                    guard let rowsBinding = rows, let rows = rowsBinding.path.first, binding.path.count == 2 else { continue }
                    // `item` goes to the binding that gives the rows (`rows: $walks`).
                    if let source = snapshot.location(rowsBinding.span) {
                        let item = scopedSymbol(.row, first, scope: scope + " " + rows + "@\(source.range.lowerBound)", card: checked.name)
                        let name = source.range.lowerBound + 1
                        if symbols[item].declaration == nil {
                            symbols[item].declaration = Location(path: source.path, range: name..<name + rows.utf8.count)
                        }
                        let itemStart = location.range.lowerBound + 1
                        add(item, Location(path: location.path, range: itemStart..<itemStart + first.utf8.count))
                    }
                    let label = binding.path[1]
                    let start = location.range.lowerBound + 1 + first.utf8.count + 1
                    let index = scopedSymbol(.rowField, label, scope: scope + " " + rows, card: checked.name)
                    add(index, Location(path: location.path, range: start..<start + label.utf8.count))
                } else if first != Catalog.stateFieldName {
                    let start = location.range.lowerBound + 1
                    let index = scopedSymbol(.modelField, first, scope: scope, card: checked.name)
                    add(index, Location(path: location.path, range: start..<start + first.utf8.count))
                }
            }
            for reference in pushes { add(card(reference.name), reference.span) }
        }

        /// The labels of a list-of-records default, each a declaration of that row field.
        mutating func buildRowLabels(of field: FieldView, scope: String, card: String) {
            guard let tree = snapshot.tree(of: field.span.file) else { return }
            let query = SyntaxQuery(tree: tree)
            let path = query.path(at: field.span.start)
            guard let property = path.last(where: { tree.kind($0) == .property }),
                  tree.mainToken(property)?.start == field.span.start,
                  let list = tree.value(property), tree.kind(list) == .list else { return }
            for row in tree.children(list) where tree.kind(row) == .record {
                for argument in tree.children(row) where tree.kind(argument) == .argument {
                    guard let token = tree.mainToken(argument) else { continue }
                    let index = scopedSymbol(.rowField, tree.text(token), scope: scope + " " + field.name, card: card)
                    add(index, SourceSpan(file: field.span.file, token.range), declaration: true)
                }
            }
        }

        /// Each import's path string refers to the file it loaded.
        mutating func buildImports() {
            var files: [FileID: Int] = [:]
            for (id, loaded) in snapshot.result.files.sorted(by: { $0.key < $1.key }) {
                for (node, imported) in loaded.imports {
                    guard let token = loaded.tree.mainToken(node), let path = snapshot.path(of: imported) else { continue }
                    let index: Int
                    if let known = files[imported] {
                        index = known
                    } else {
                        index = symbol(.file, PathUtilities.lastComponent(path) ?? path)
                        files[imported] = index
                        symbols[index].declaration = Location(path: path, range: 0..<0)
                    }
                    add(index, SourceSpan(file: id, token.range))
                }
            }
        }

        func finish() -> SymbolIndex {
            var index = SymbolIndex()
            index.symbols = symbols
            for i in index.symbols.indices {
                let symbol = index.symbols[i]
                let key: String
                switch symbol.kind {
                case .file:
                    key = symbol.declaration?.path ?? symbol.name
                case .modelField, .rowField, .row:
                    key = symbol.id.key
                default:
                    key = symbol.declaration.map { "\($0.path)@\($0.range.lowerBound)" } ?? symbol.name
                }
                index.symbols[i].id = SymbolID(kind: symbol.kind, key: key)
            }
            for (i, symbol) in index.symbols.enumerated() where index.byID[symbol.id] == nil { index.byID[symbol.id] = i }
            index.occurrences = occurrences.sorted { $0.location < $1.location }
            return index
        }
    }
}

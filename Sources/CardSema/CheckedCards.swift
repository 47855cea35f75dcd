import CardDiagnostics
import CardModel
import CardSyntax

/// The checked model: plain data, fully resolved — the only thing back ends and the IDE layer
/// read (docs/language.md §11). Nothing here refers to syntax except source spans, which every
/// reference carries so that editors can jump to it and rename it.
///
/// A deck holds its themes and stacks; its cards are checked into `CheckedCard`s when read
/// (`cards`), one at a time, so that a back end streaming a deck of 20,000 cards holds one card's
/// model at a time, and a language server asks for just the card under the cursor.
public struct CheckedDeck: Sendable {
    /// The entry file the deck was compiled from.
    public let entry: SourceFile
    /// Themes used by stacks and declared in the deck, fully resolved (built-ins first).
    public let themes: [ResolvedTheme]
    public let stacks: [CheckedStack]
    /// Every card of the entry file and its imports, in load order.
    public let cards: CheckedCards

    public init(entry: SourceFile, themes: [ResolvedTheme], stacks: [CheckedStack], cards: CheckedCards) {
        self.entry = entry
        self.themes = themes
        self.stacks = stacks
        self.cards = cards
    }

    /// The card called `name`, its model built now.
    public func card(named name: String) -> CheckedCard? { cards.card(named: name) }

    /// The stack called `name`.
    public func stack(named name: String) -> CheckedStack? { stacks.first { $0.name == name } }

    /// The parent chain of the theme called `name`, nearest first, ending at a built-in theme
    /// (`[]` for built-ins and unknown names).
    public func parents(ofTheme name: String) -> [String] {
        var byName: [String: String] = [:]
        for theme in themes { if let parent = theme.parent { byName[theme.name] = parent } }
        var chain: [String] = []
        var next = byName[name]
        while let parent = next, chain.count <= themes.count {
            chain.append(parent)
            next = byName[parent]
        }
        return chain
    }

    /// The theme called `name`, if the deck resolved it.
    public func theme(named name: String) -> ResolvedTheme? { themes.first { $0.name == name } }
}


/// A deck's cards, in load order. Their diagnostics were reported when the deck was checked;
/// each card's model — parts, traits, states, bindings — is built by the same checker when it is
/// read, from the card's syntax tree and what the deck knows of it (the deck's card names and
/// the card's stacks). A reader holds one card's model at a time: `cardc build` streams a deck
/// of 20,000 cards through its back ends without the deck's model ever being in memory whole,
/// and an editor asks for the one card under the cursor.
///
/// Iterating (`for card in deck.cards`) reuses one checker for every card; `subscript` and
/// `card(named:)` make a checker for the one card they read.
public struct CheckedCards: RandomAccessCollection, Sendable {
    /// What the deck knows of one card before its model is built.
    struct Declaration: Sendable {
        let name: String
        let file: FileID
        let node: NodeID
        let membership: CardMembership
    }

    let declarations: [Declaration]
    let trees: [FileID: SyntaxTree]
    /// Card name → index of its (first) declaration.
    let index: [String: Int]

    init(declarations: [Declaration], trees: [FileID: SyntaxTree], index: [String: Int]) {
        self.declarations = declarations
        self.trees = trees
        self.index = index
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { declarations.count }

    /// The card at `position`, its model built now.
    public subscript(position: Int) -> CheckedCard {
        var reader = Reader(self)
        return reader.card(at: position)
    }

    /// The cards' names, in load order (no model is built).
    public var names: [String] { declarations.map(\.name) }

    /// The name of the card at `position` (no model is built).
    public func name(at position: Int) -> String { declarations[position].name }

    /// The file that declares the card at `position` (no model is built).
    public func file(at position: Int) -> FileID { declarations[position].file }

    /// The position of the card called `name` (the first declared, for a duplicate name).
    public func position(named name: String) -> Int? { index[name] }

    /// The card called `name`, its model built now.
    public func card(named name: String) -> CheckedCard? { position(named: name).map { self[$0] } }

    public func makeIterator() -> Iterator { Iterator(reader: Reader(self)) }

    /// Builds the cards' models one after another with one checker.
    public struct Iterator: IteratorProtocol {
        var reader: Reader
        var position = 0
        public mutating func next() -> CheckedCard? {
            guard position < reader.cards.count else { return nil }
            defer { position += 1 }
            return reader.card(at: position)
        }
    }

    /// A checker that builds the models of the cards of one deck, its scratch storage reused
    /// from card to card.
    public struct Reader {
        let cards: CheckedCards
        private var checker: CardChecker?

        public init(_ cards: CheckedCards) { self.cards = cards }

        /// The model of the card at `position`.
        public mutating func card(at position: Int) -> CheckedCard {
            let declaration = cards.declarations[position]
            guard let tree = cards.trees[declaration.file] else {
                // Unreachable: a deck's cards come from its trees. A card with no content, not a trap.
                let span = SourceSpan(file: declaration.file, start: 0, end: 0)
                return CheckedCard(name: declaration.name, span: span, location: SourceLocation(line: 1, column: 1),
                                   file: "", initialState: Catalog.defaultStateName)
            }
            if checker == nil {
                checker = CardChecker(values: ValueChecker(tree: tree, cards: cards.index, names: NameInterner()))
            } else {
                checker?.use(tree)
            }
            let card = checker?.check(declaration.node, named: declaration.name, membership: declaration.membership, buildsModel: true)
            // Its diagnostics were reported when the deck was checked.
            _ = checker?.takeDiagnostics()
            return card ?? CheckedCard(name: declaration.name, span: tree.span(declaration.node),
                                       location: tree.file.location(of: tree.range(declaration.node).lowerBound),
                                       file: tree.file.path, initialState: Catalog.defaultStateName)
        }
    }
}

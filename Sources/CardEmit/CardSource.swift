import CardLayout
import CardModel
import CardSema

/// The cards a drawing back end (the terminal preview, the HTML gallery) draws, built and laid
/// out when needed: one checker reused for every card read by position (`CheckedCards.Reader`)
/// and the deck's `DeckLayouter`, so a whole-deck drawing holds one card's model at a time.
/// `theme` (the preview's `--theme`, a gallery column's theme) replaces every stack's theme.
struct CardSource {
    let deck: CheckedDeck
    /// Replaces every stack's theme when set.
    var theme: String?
    var layouter: DeckLayouter
    private var reader: CheckedCards.Reader

    init(deck: CheckedDeck, viewport: Viewport, theme: String?) {
        self.deck = deck
        self.theme = theme
        layouter = DeckLayouter(deck: deck, viewport: viewport)
        reader = CheckedCards.Reader(deck.cards)
    }

    /// The card at `index`, its model built now.
    mutating func card(at index: Int) -> CheckedCard { reader.card(at: index) }

    /// `stack` as the preview draws it: in the `--theme` theme when one is given.
    func drawn(_ stack: CheckedStack) -> CheckedStack {
        guard let theme else { return stack }
        var drawn = stack
        drawn.theme = theme
        return drawn
    }

    /// `card` (the deck's card at `index`) laid out in `stack`, or in its primary context (the
    /// first stack that lists it, else a list in the default theme) when `stack` is nil.
    mutating func layout(_ card: CheckedCard, at index: Int, in stack: CheckedStack?) -> LaidOutCard {
        if let stack { return layouter.layout(card, at: index, in: layouter.context(for: card, in: drawn(stack))) }
        guard let theme else { return layouter.layoutInPrimaryContext(card, at: index) }
        let primary = layouter.primaryContext(for: card, at: index)
        if let name = primary.stack, let stack = deck.stack(named: name) {
            return layouter.layout(card, at: index, in: layouter.context(for: card, in: drawn(stack)))
        }
        var context = primary
        context.theme = theme
        return layouter.layout(card, at: index, in: context)
    }

    /// The resolved theme called `name`: the deck's, else a built-in one, else the default theme.
    func theme(named name: String) -> ResolvedTheme? {
        deck.theme(named: name) ?? ResolvedTheme.builtIn(named: name) ?? deck.theme(named: Catalog.defaultThemeName)
    }

    /// The position a stack starts in: its `initial:` when it is one of its positions, else its first.
    static func initialPosition(of stack: CheckedStack) -> String {
        let positions = stack.spec?.layoutPositions ?? []
        if case .enumCase(let name, _)? = stack.property("initial"), positions.contains(name) { return name }
        return positions.first ?? ""
    }
}

import CardLayout
import CardModel

/// The cards a drawing back end (the terminal preview, the HTML gallery) draws, laid out when
/// needed by the deck's `DeckLayouter`.
/// `theme` (the preview's `--theme`, a gallery column's theme) replaces every stack's theme.
struct CardSource {
    let deck: CheckedUnit
    /// Replaces every stack's theme when set.
    var theme: String?
    var layouter: DeckLayouter
    /// W1001 and W1004 per card and theme drawn, so a drawing marks the failing parts.
    let contrast: ContrastAudit

    init(deck: CheckedUnit, viewport: Viewport, textSize: ContentSizeCategory = .default, theme: String?) {
        self.deck = deck
        self.theme = theme
        layouter = DeckLayouter(deck: deck, viewport: viewport, textSize: textSize)
        contrast = ContrastAudit(deck: deck)
    }

    /// The card at `index`.
    func card(at index: Int) -> CardView { deck.cards[index] }

    /// `stack` as the preview draws it: in the `--theme` theme when one is given.
    func drawn(_ stack: StackView) -> StackView {
        guard let theme else { return stack }
        var drawn = stack
        drawn.theme = theme
        return drawn
    }

    /// `card` (the deck's card at `index`) laid out in `stack`; when `stack` is nil, in its
    /// primary context (the first stack that lists it, else a list in the default theme) — or,
    /// with `theme` set, in the first stack that shows it in `theme`, and only when none does
    /// in its primary context with `theme` replacing the stack's.
    mutating func layout(_ card: CardView, at index: Int, in stack: StackView?) -> LaidOutCard {
        if let stack { return layouter.layout(card, at: index, in: layouter.context(for: card, in: drawn(stack))) }
        guard let theme else { return layouter.layoutInPrimaryContext(card, at: index) }
        if let showing = deck.stacks.first(where: { $0.theme == theme && $0.cards.contains { $0.name == card.name } }) {
            return layouter.layout(card, at: index, in: layouter.context(for: card, in: showing))
        }
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
        deck.theme(named: name)?.resolved ?? ResolvedTheme.builtIn(named: name) ?? deck.theme(named: Catalog.defaultThemeName)?.resolved
    }

    /// The position a card of a `sheet` opens in when pushed (or picked with `--card`): its
    /// `position:` when the sheet has that position, else the sheet's initial position — or
    /// `extended` for a card without a map, which TGCardViewController keeps extended. The
    /// preview and the gallery show a pushed card there.
    static func sheetPosition(of card: CardView, in stack: StackView) -> String {
        if let preferred = card.position, stack.spec.layoutPositions.contains(preferred) { return preferred }
        return SheetGeometry.isDraggable(card) ? initialPosition(of: stack) : SheetGeometry.Position.extended.rawValue
    }

    /// The position a stack starts in: its `initial:` when it is one of its positions, else its first.
    static func initialPosition(of stack: StackView) -> String {
        let positions = stack.spec.layoutPositions
        if case .enumCase(let name, _)? = stack.property("initial"), positions.contains(name) { return name }
        return positions.first ?? ""
    }
}

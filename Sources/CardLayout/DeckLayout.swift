import CardDiagnostics
import CardSema

/// A card's frame in one stack position.
public struct CardFrame: Sendable {
    public var card: String
    public var frame: Frame
    /// Sheet positions only: whether the card can be dragged (it has a `map` part).
    public var draggable: Bool?
}

/// One position of a stack (`collapsed`, `expanded`, `peaking`, `stacked`, `list`…).
public struct StackPosition: Sendable {
    public var name: String
    /// The stack's height in this position: the container height (`collapsible`), the list's
    /// content height (`list`, `fullScreen`) or the viewport's height (`swipe`, `sheet`).
    public var height: Double
    public var frames: [CardFrame]
}

/// A stack laid out: its positions in the catalog's `layoutPositions` order.
public struct LaidOutStack: Sendable {
    public var positions: [StackPosition]
    /// Sheet stacks: the tap transitions between positions.
    public var transitions: [SheetTransition]
    /// List and fullScreen stacks: the margins around each card (`margins:`, else the theme's
    /// `cardCellMargins`), before any `customMargin`.
    public var margins: EdgeInsets?
}

/// A whole deck laid out: every card in its primary context, every stack in every position.
public struct DeckLayout: Sendable {
    public var viewport: Viewport
    /// Parallel to `CheckedDeck.cards`: each card in its *primary* context — the first stack
    /// (in declaration order) that lists it, or for a card in no stack the default theme in a
    /// list with that theme's margins.
    public var cards: [LaidOutCard]
    /// Parallel to `CheckedDeck.stacks`.
    public var stacks: [LaidOutStack]
}

/// Lays out a checked deck (LANGUAGE.md §6.1, §11.1): cards by the intrinsic-size model, stacks
/// by their kind's geometry.
///
/// A card can be laid out one at a time (`layout(cardAt:in:)`, `layoutInPrimaryContext(cardAt:)`),
/// so a back end can write each card and let it go; only the state heights are kept, per (card,
/// theme, width), for the stack geometry and W104 — a card shown by several stacks of the same
/// width and theme is measured once.
public struct DeckLayouter {
    public let deck: CheckedDeck
    public let viewport: Viewport
    private var engines: [String: CardLayoutEngine] = [:]
    private let cardIndex: [String: Int]
    private let themes: [String: ResolvedTheme]
    /// Per card, the index of the first stack that lists it.
    private let primary: [Int?]
    /// The height of every state, in the card's state order, per (card, theme, width).
    private var heights: [CacheKey: [Double]] = [:]

    private struct CacheKey: Hashable {
        var card: Int
        var theme: String
        var width: Double
    }

    public init(deck: CheckedDeck, viewport: Viewport = .standard) {
        self.deck = deck
        self.viewport = viewport
        var index: [String: Int] = [:]
        index.reserveCapacity(deck.cards.count)
        // Index loops, not `for card in`: a `CheckedCard` copy retains a dozen references.
        for i in deck.cards.indices where index[deck.cards[i].name] == nil { index[deck.cards[i].name] = i }
        self.cardIndex = index
        var themes: [String: ResolvedTheme] = [:]
        for theme in deck.themes where themes[theme.name] == nil { themes[theme.name] = theme }
        self.themes = themes
        var primary = [Int?](repeating: nil, count: deck.cards.count)
        for (stackIndex, stack) in deck.stacks.enumerated() {
            for name in stack.cards {
                if let card = index[name], primary[card] == nil { primary[card] = stackIndex }
            }
        }
        self.primary = primary
    }

    /// The engine for a theme name (the default theme's for an unknown name).
    public mutating func engine(theme: String) -> CardLayoutEngine {
        if let engine = engines[theme] { return engine }
        let engine = CardLayoutEngine(theme: themes[theme] ?? themes[Catalog.defaultThemeName])
        engines[theme] = engine
        return engine
    }

    /// The index of the card called `name` in `deck.cards`.
    public func index(ofCard name: String) -> Int? { cardIndex[name] }

    // MARK: Contexts

    /// The margins around every card of a list or fullScreen stack: `margins:`, else the theme's
    /// `cardCellMargins`.
    public mutating func listMargins(for stack: CheckedStack) -> EdgeInsets {
        if case .insets(let t, let l, let b, let r)? = stack.properties.first(where: { $0.name == "margins" })?.value {
            return EdgeInsets(top: Finite.dimension(t), left: Finite.dimension(l),
                              bottom: Finite.dimension(b), right: Finite.dimension(r))
        }
        return engine(theme: stack.theme).metrics.cardCellMargins
    }

    /// The margins of `card` in a list with `margins`: `customMargin` replaces left and right.
    static func margins(of card: CheckedCard, list margins: EdgeInsets) -> EdgeInsets {
        var result = margins
        if let trait = card.trait("customMargin"), let margin = trait.properties.first?.value.number {
            result.left = Finite.dimension(margin)
            result.right = Finite.dimension(margin)
        }
        return result
    }

    /// Where `stack` lays out card `index` of the deck.
    public mutating func context(forCardAt index: Int, in stack: CheckedStack?) -> LayoutContext {
        context(for: deck.cards[index], in: stack)
    }

    /// Where `stack` lays out `card`: its theme and the width it gives the card. `nil` stack: a
    /// card in no stack, in the default theme with that theme's list margins.
    public mutating func context(for card: CheckedCard, in stack: CheckedStack?) -> LayoutContext {
        guard let stack else {
            let margins = Self.margins(of: card, list: engine(theme: Catalog.defaultThemeName).metrics.cardCellMargins)
            return LayoutContext(stack: nil, theme: Catalog.defaultThemeName, width: viewport.width - margins.horizontal)
        }
        let width: Double
        switch stack.kind {
        case "collapsible":
            width = CollapsibleConfiguration(stack).cardWidth(in: viewport)
        case "swipe":
            width = viewport.bounds.inset(by: Self.swipeInsets(stack)).width
        case "sheet":
            width = viewport.width
        default:
            width = viewport.width - Self.margins(of: card, list: listMargins(for: stack)).horizontal
        }
        return LayoutContext(stack: stack.name, theme: stack.theme, width: max(0, width))
    }

    static func swipeInsets(_ stack: CheckedStack) -> EdgeInsets {
        if case .insets(let t, let l, let b, let r)? = stack.configuration.first(where: { $0.name == "insets" })?.value {
            return EdgeInsets(top: Finite.dimension(t), left: Finite.dimension(l),
                              bottom: Finite.dimension(b), right: Finite.dimension(r))
        }
        return EdgeInsets(10)
    }

    /// The context of card `index` in the layout JSON's `cards`: the first stack (in
    /// declaration order) that lists it, else a list in the default theme.
    public mutating func primaryContext(cardAt index: Int) -> LayoutContext {
        context(forCardAt: index, in: primary[index].map { deck.stacks[$0] })
    }

    // MARK: Layout

    /// Card `index` laid out in `context`. Its state heights are remembered for the stacks.
    public mutating func layout(cardAt index: Int, in context: LayoutContext) -> LaidOutCard {
        let laidOut = engine(theme: context.theme).layout(deck.cards[index], in: context)
        heights[CacheKey(card: index, theme: context.theme, width: context.width)] = laidOut.states.map(\.height)
        return laidOut
    }

    /// Card `index` laid out in its primary context.
    public mutating func layoutInPrimaryContext(cardAt index: Int) -> LaidOutCard {
        layout(cardAt: index, in: primaryContext(cardAt: index))
    }

    /// The height of every state of card `index` in `context`, in the card's state order.
    public mutating func stateHeights(cardAt index: Int, in context: LayoutContext) -> [Double] {
        if let known = heights[CacheKey(card: index, theme: context.theme, width: context.width)] { return known }
        return layout(cardAt: index, in: context).states.map(\.height)
    }

    /// The height of card `index` in its initial state in `context`.
    mutating func initialHeight(cardAt index: Int, in context: LayoutContext) -> Double {
        let stateHeights = stateHeights(cardAt: index, in: context)
        let card = deck.cards[index]
        let position = card.states.firstIndex { $0.name == card.initialState } ?? 0
        return position < stateHeights.count ? stateHeights[position] : 0
    }

    /// Lays out the whole deck at once. (A back end that writes as it goes calls
    /// `layoutInPrimaryContext(cardAt:)` per card, then `layout(_:)` per stack, instead.)
    public mutating func layout() -> DeckLayout {
        var cards: [LaidOutCard] = []
        cards.reserveCapacity(deck.cards.count)
        for index in deck.cards.indices { cards.append(layoutInPrimaryContext(cardAt: index)) }
        var stacks: [LaidOutStack] = []
        stacks.reserveCapacity(deck.stacks.count)
        for index in deck.stacks.indices { stacks.append(layout(deck.stacks[index])) }
        return DeckLayout(viewport: viewport, cards: cards, stacks: stacks)
    }

    /// One stack in every position of its kind.
    public mutating func layout(_ stack: CheckedStack) -> LaidOutStack {
        let names = Catalog.stackKind(named: stack.kind)?.layoutPositions ?? []
        var positions: [StackPosition] = []
        var transitions: [SheetTransition] = []
        var margins: EdgeInsets?
        let known = stack.cards.filter { cardIndex[$0] != nil }
        switch stack.kind {
        case "collapsible":
            let configuration = CollapsibleConfiguration(stack)
            for name in names {
                guard let position = CollapsibleGeometry.Position(rawValue: name) else { continue }
                let frames = CollapsibleGeometry.frames(cardCount: known.count, position: position,
                                                        configuration: configuration, viewport: viewport)
                positions.append(StackPosition(name: name, height: CollapsibleGeometry.containerHeight(position, configuration: configuration),
                                               frames: zip(known, frames).map { CardFrame(card: $0, frame: $1) }))
            }
        case "sheet":
            let extendedTop = stack.number("extendedTop") ?? 64
            let engine = engine(theme: stack.theme)
            let indices = known.compactMap { cardIndex[$0] }
            let headers = indices.map { engine.headerHeight(of: deck.cards[$0], width: viewport.width) }
            let draggable = indices.map { SheetGeometry.isDraggable(deck.cards[$0]) }
            for name in names {
                guard let position = SheetGeometry.Position(rawValue: name) else { continue }
                var frames: [CardFrame] = []
                for (i, index) in indices.enumerated() {
                    let frame = SheetGeometry.frame(position, headerHeight: headers[i], extendedTop: extendedTop, viewport: viewport)
                    frames.append(CardFrame(card: deck.cards[index].name, frame: frame, draggable: draggable[i]))
                }
                positions.append(StackPosition(name: name, height: viewport.height, frames: frames))
            }
            transitions = SheetGeometry.transitions
        case "swipe":
            let visible = Int(Finite.clamp(stack.number("visibleCards") ?? 2, 0, 1e9))
            let frames = SwipeGeometry.frames(cardCount: known.count, visibleCards: visible,
                                              insets: Self.swipeInsets(stack), viewport: viewport)
            for name in names {
                positions.append(StackPosition(name: name, height: viewport.height,
                                               frames: zip(known, frames).map { CardFrame(card: $0, frame: $1) }))
            }
        default:  // list, fullScreen
            let listMargins = listMargins(for: stack)
            margins = listMargins
            var cardHeights: [Double] = []
            var cardMargins: [EdgeInsets] = []
            for name in known {
                guard let index = cardIndex[name] else { continue }
                cardHeights.append(initialHeight(cardAt: index, in: context(forCardAt: index, in: stack)))
                cardMargins.append(Self.margins(of: deck.cards[index], list: listMargins))
            }
            let (frames, height) = ListGeometry.frames(heights: cardHeights, margins: cardMargins, viewport: viewport)
            for name in names {
                positions.append(StackPosition(name: name, height: height,
                                               frames: zip(known, frames).map { CardFrame(card: $0, frame: $1) }))
            }
        }
        return LaidOutStack(positions: positions, transitions: transitions, margins: margins)
    }

    // MARK: Diagnostics

    /// W104: every card of a `collapsible` stack whose laid-out content, in any state, is taller
    /// than the stack's `cardHeight`. One diagnostic per card reference, naming the tallest state,
    /// at the reference in the stack (with a note at the card).
    public mutating func diagnostics() -> [Diagnostic] {
        var result: [Diagnostic] = []
        for stackIndex in deck.stacks.indices where deck.stacks[stackIndex].kind == "collapsible" {
            let stack = deck.stacks[stackIndex]
            let configuration = CollapsibleConfiguration(stack)
            for (position, name) in stack.cards.enumerated() {
                guard let index = cardIndex[name] else { continue }
                let stateHeights = stateHeights(cardAt: index, in: context(forCardAt: index, in: stack))
                // The tallest state (`max(by:)` keeps the first of equally tall ones).
                guard let tallest = stateHeights.indices.max(by: { stateHeights[$0] < stateHeights[$1] }),
                      stateHeights[tallest] > configuration.cardHeight else { continue }
                let card = deck.cards[index]
                let span = position < stack.cardSpans.count ? stack.cardSpans[position] : card.span
                let height = Finite.format(stateHeights[tallest])
                let stateName = tallest < card.states.count ? card.states[tallest].name : card.initialState
                var notes: [DiagnosticNote] = []
                if span != card.span { notes.append(DiagnosticNote("card `\(name)` is declared here", at: card.span)) }
                notes.append(.help("raise `cardHeight` to at least \(height), or shorten the card; "
                                   + "heights are estimates (see `cardc explain W104`)"))
                result.append(Diagnostic(
                    .w104,
                    "card `\(name)` is \(height) pt tall in state `\(stateName)`, taller than stack `\(stack.name)`'s cardHeight of \(Finite.format(configuration.cardHeight))",
                    at: span, label: "CardsStack clips every card to cardHeight", notes: notes))
            }
        }
        return result
    }
}

/// The layout pass's diagnostics for `deck` (W104), for `cardc check` and `cardc build`.
/// Run it only on a deck without errors.
public func layoutDiagnostics(for deck: CheckedDeck, viewport: Viewport = .standard) -> [Diagnostic] {
    var layouter = DeckLayouter(deck: deck, viewport: viewport)
    return layouter.diagnostics()
}

/// Lays out `deck` for `viewport`.
public func layoutDeck(_ deck: CheckedDeck, viewport: Viewport = .standard) -> DeckLayout {
    var layouter = DeckLayouter(deck: deck, viewport: viewport)
    return layouter.layout()
}

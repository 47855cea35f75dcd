import CardDiagnostics
import CardModel

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

/// Lays out a checked deck (docs/language.md §6.1, §11.1): cards by the intrinsic-size model, stacks
/// by their kind's geometry.
///
/// Cards are laid out one at a time, as a back end reads them (`layout(_:at:in:)`); what the
/// stacks need of each — its state heights in the context it was laid out in, its
/// `customMargin`, its initial state — is kept, so laying out the stacks afterwards builds no
/// card again that a back end has laid out already in the same theme and width.
public struct DeckLayouter {
    public let deck: CheckedUnit
    public let viewport: Viewport
    /// The text size every card is laid out at (`--text-size`): its fonts are scaled to it.
    public let textSize: ContentSizeCategory
    private var engines: [String: CardLayoutEngine] = [:]
    private let themes: [String: ResolvedTheme]
    /// Per card, the index of the first stack that lists it: worked out on first use.
    private var primary: [Int?]?
    /// Per card, what the stacks need of it in each theme and width it has been laid out in.
    private var known: [[KnownCard]]

    /// What the stack geometry and W104 read of a laid-out card.
    struct KnownCard {
        var theme: String
        var width: Double
        var heights: [Double]
        var stateNames: [String]
        var customMargin: Double?
        /// The position of the initial state among the states.
        var initialPosition: Int
        /// The card's name in its declaration, where W104's note points.
        var span: SourceSpan
    }

    public init(deck: CheckedUnit, viewport: Viewport = .standard, textSize: ContentSizeCategory = .default) {
        self.deck = deck
        self.viewport = viewport
        self.textSize = textSize
        var themes: [String: ResolvedTheme] = [:]
        for theme in deck.themes where themes[theme.name] == nil { themes[theme.name] = theme.resolved }
        self.themes = themes
        known = Array(repeating: [], count: deck.cards.count)
    }

    /// The engine for a theme name: a theme of the deck, else a built-in theme the deck does not
    /// use (a preview may ask for one), else the default theme.
    public mutating func engine(theme: String) -> CardLayoutEngine {
        if let engine = engines[theme] { return engine }
        let engine = CardLayoutEngine(theme: themes[theme] ?? ResolvedTheme.builtIn(named: theme) ?? themes[Catalog.defaultThemeName],
                                      textSize: textSize)
        engines[theme] = engine
        return engine
    }

    // MARK: Contexts

    /// The margins around every card of a list or fullScreen stack: `margins:`, else the theme's
    /// `cardCellMargins`.
    public mutating func listMargins(for stack: StackView) -> EdgeInsets {
        EdgeInsets(stack.property("margins")) ?? engine(theme: stack.theme).metrics.cardCellMargins
    }

    /// The value of the card's `customMargin` trait.
    static func customMargin(_ card: CardView) -> Double? {
        card.trait(.customMargin).flatMap { $0.arguments.first?.value.number }
    }

    /// A list's `margins` with the left and right ones replaced by a card's `customMargin`.
    static func margins(customMargin margin: Double?, list margins: EdgeInsets) -> EdgeInsets {
        var result = margins
        if let margin {
            result.left = Finite.dimension(margin)
            result.right = Finite.dimension(margin)
        }
        return result
    }

    /// Where `stack` lays out `card`: its theme and the width it gives the card. `nil` stack: a
    /// card in no stack, in the default theme with that theme's list margins.
    public mutating func context(for card: CardView, in stack: StackView?) -> LayoutContext {
        context(customMargin: Self.customMargin(card), in: stack)
    }

    private mutating func context(customMargin: Double?, in stack: StackView?) -> LayoutContext {
        guard let stack else {
            let margins = Self.margins(customMargin: customMargin, list: engine(theme: Catalog.defaultThemeName).metrics.cardCellMargins)
            return LayoutContext(stack: nil, theme: Catalog.defaultThemeName, width: max(0, viewport.width - margins.horizontal))
        }
        let width: Double
        switch stack.spec.geometry {
        case .collapsible: width = CollapsibleConfiguration(stack).cardWidth(in: viewport)
        case .swipe: width = viewport.bounds.inset(by: Self.swipeInsets(stack)).width
        case .sheet: width = viewport.width
        case .list where stack.spec.cardCount == .exactly(1):
            // `fullScreen`: the card is the one part, without margins, of a full-screen card.
            width = viewport.width
        case .list: width = viewport.width - Self.margins(customMargin: customMargin, list: listMargins(for: stack)).horizontal
        }
        // Only a `list` is a CardParts `CardsViewController`; `fullScreen` shows its card as
        // the one part of a full-screen card, the other stacks in views of their own.
        let isListCell = stack.spec.geometry == .list && stack.spec.cardCount != .exactly(1)
        return LayoutContext(stack: stack.name, theme: stack.theme, width: max(0, width), isListCell: isListCell)
    }

    static func swipeInsets(_ stack: StackView) -> EdgeInsets {
        EdgeInsets(stack.configuration.value(named: "insets")) ?? EdgeInsets(10)
    }

    /// The context of card `index` in the layout JSON's `cards`: the first stack (in
    /// declaration order) that lists it, else a list in the default theme.
    public mutating func primaryContext(for card: CardView, at index: Int) -> LayoutContext {
        context(for: card, in: primaryStack(ofCardAt: index).map { deck.stacks[$0] })
    }

    /// The index of the first stack that lists card `index`, if any.
    private mutating func primaryStack(ofCardAt index: Int) -> Int? {
        if let primary { return index < primary.count ? primary[index] : nil }
        var primary = [Int?](repeating: nil, count: deck.cards.count)
        for (stackIndex, stack) in deck.stacks.enumerated() {
            for reference in stack.cards {
                if let card = deck.cards.position(named: reference.name), primary[card] == nil { primary[card] = stackIndex }
            }
        }
        self.primary = primary
        return index < primary.count ? primary[index] : nil
    }

    // MARK: Cards

    /// `card`, the deck's card at `index`, laid out in `context`. What the stacks need of it
    /// is remembered.
    public mutating func layout(_ card: CardView, at index: Int, in context: LayoutContext) -> LaidOutCard {
        let laidOut = engine(theme: context.theme).layout(card, in: context)
        remember(card, at: index, laidOut)
        return laidOut
    }

    /// `card`, the deck's card at `index`, laid out in its primary context.
    public mutating func layoutInPrimaryContext(_ card: CardView, at index: Int) -> LaidOutCard {
        let context = primaryContext(for: card, at: index)
        return layout(card, at: index, in: context)
    }

    private mutating func remember(_ card: CardView, at index: Int, _ laidOut: LaidOutCard) {
        guard known.indices.contains(index) else { return }
        let facts = KnownCard(theme: laidOut.context.theme, width: laidOut.context.width, heights: laidOut.states.map(\.height),
                                 stateNames: laidOut.states.map(\.name), customMargin: Self.customMargin(card),
                                 initialPosition: card.states.firstIndex { $0.name == card.initialState } ?? 0, span: card.span)
        if let earlier = known[index].firstIndex(where: { $0.theme == facts.theme && $0.width == facts.width }) {
            known[index][earlier] = facts
        } else {
            known[index].append(facts)
        }
    }

    /// What the stacks need of card `index` laid out in `stack`: from an earlier layout in the
    /// same theme and width, else the card is built and laid out now.
    private mutating func facts(ofCardAt index: Int, in stack: StackView) -> KnownCard? {
        guard known.indices.contains(index) else { return nil }
        if let first = known[index].first {
            let context = context(customMargin: first.customMargin, in: stack)
            if let facts = known[index].first(where: { $0.theme == context.theme && $0.width == context.width }) { return facts }
        }
        let card = deck.cards[index]
        let context = context(for: card, in: stack)
        _ = layout(card, at: index, in: context)
        return known[index].first { $0.theme == context.theme && $0.width == context.width }
    }

    // MARK: Stacks

    /// One stack in every position of its kind.
    public mutating func layout(_ stack: StackView) -> LaidOutStack {
        let names = stack.spec.layoutPositions
        var positions: [StackPosition] = []
        var transitions: [SheetTransition] = []
        var margins: EdgeInsets?
        let cards = stack.cards.compactMap { reference in deck.cards.position(named: reference.name).map { (reference.name, $0) } }
        switch stack.spec.geometry {
        case .collapsible:
            let configuration = CollapsibleConfiguration(stack)
            for name in names {
                guard let position = CollapsibleGeometry.Position(rawValue: name) else { continue }
                let frames = CollapsibleGeometry.frames(cardCount: cards.count, position: position,
                                                        configuration: configuration, viewport: viewport)
                positions.append(StackPosition(name: name, height: CollapsibleGeometry.containerHeight(position, configuration: configuration),
                                               frames: zip(cards, frames).map { CardFrame(card: $0.0, frame: $1) }))
            }
        case .sheet:
            let extendedTop = stack.number("extendedTop") ?? 64
            let engine = engine(theme: stack.theme)
            let sheetCards = cards.map { deck.cards[$0.1] }
            let headers = sheetCards.map { engine.headerHeight(of: $0, width: viewport.width) }
            let draggable = sheetCards.map(SheetGeometry.isDraggable)
            for name in names {
                guard let position = SheetGeometry.Position(rawValue: name) else { continue }
                var frames: [CardFrame] = []
                for (i, card) in sheetCards.enumerated() {
                    let frame = SheetGeometry.frame(position, headerHeight: headers[i], extendedTop: extendedTop, viewport: viewport)
                    frames.append(CardFrame(card: card.name, frame: frame, draggable: draggable[i]))
                }
                positions.append(StackPosition(name: name, height: viewport.height, frames: frames))
            }
            transitions = SheetGeometry.transitions
        case .swipe:
            let visible = Int(Finite.clamp(stack.number("visibleCards") ?? 2, 0, 1e9))
            let frames = SwipeGeometry.frames(cardCount: cards.count, visibleCards: visible,
                                              insets: Self.swipeInsets(stack), viewport: viewport)
            for name in names {
                positions.append(StackPosition(name: name, height: viewport.height,
                                               frames: zip(cards, frames).map { CardFrame(card: $0.0, frame: $1) }))
            }
        case .list:
            let listMargins = listMargins(for: stack)
            margins = listMargins
            var cardHeights: [Double] = []
            var cardMargins: [EdgeInsets] = []
            for (_, index) in cards {
                guard let facts = facts(ofCardAt: index, in: stack) else { continue }
                cardHeights.append(facts.initialPosition < facts.heights.count ? facts.heights[facts.initialPosition] : 0)
                cardMargins.append(Self.margins(customMargin: facts.customMargin, list: listMargins))
            }
            let fullScreen = stack.spec.cardCount == .exactly(1)
            if fullScreen { cardMargins = cardMargins.map { _ in .zero } }
            let (frames, height) = ListGeometry.frames(heights: cardHeights, margins: cardMargins,
                                                       spacing: engine(theme: stack.theme).metrics.cardsLineSpacing, viewport: viewport)
            for name in names {
                positions.append(StackPosition(name: name, height: height,
                                               frames: zip(cards, frames).map { CardFrame(card: $0.0, frame: $1) }))
            }
        }
        return LaidOutStack(positions: positions, transitions: transitions, margins: margins)
    }

    // MARK: Diagnostics

    /// The layout pass's diagnostics, from one layout of each card in each theme and width it is
    /// shown in: W1003 (`TapTargetRule`) for every card with a tap target, then W104 for the
    /// cards of `collapsible` stacks, which reuses those layouts.
    public mutating func diagnostics() -> [Diagnostic] {
        tapTargetDiagnostics() + overflowDiagnostics()
    }

    /// W1003: the tap targets of every card that has one, in each context a stack lays it out
    /// in (a card in no stack: the default one), once per card and theme.
    mutating func tapTargetDiagnostics() -> [Diagnostic] {
        var stacksOfCard = [[Int]](repeating: [], count: deck.cards.count)
        for (stackIndex, stack) in deck.stacks.enumerated() {
            for position in stack.cardPositions where stacksOfCard.indices.contains(position) {
                if stacksOfCard[position].last != stackIndex { stacksOfCard[position].append(stackIndex) }
            }
        }
        var result: [Diagnostic] = []
        for (index, card) in deck.cards.enumerated() {
            let candidates = TapTargetRule.candidates(card)
            guard candidates.tap || candidates.part else { continue }
            // The distinct contexts, each laid out once; whether any of its stacks sizes the card
            // by its content (a list, or no stack).
            var contexts: [(context: LayoutContext, framedByContent: Bool)] = []
            func add(_ context: LayoutContext, framedByContent: Bool) {
                if let earlier = contexts.firstIndex(where: { $0.context.theme == context.theme && $0.context.width == context.width
                                                                 && $0.context.isListCell == context.isListCell }) {
                    contexts[earlier].framedByContent = contexts[earlier].framedByContent || framedByContent
                } else {
                    contexts.append((context, framedByContent))
                }
            }
            if stacksOfCard[index].isEmpty {
                add(context(for: card, in: nil), framedByContent: true)
            } else {
                for stackIndex in stacksOfCard[index] {
                    let stack = deck.stacks[stackIndex]
                    add(context(for: card, in: stack), framedByContent: stack.spec.geometry == .list)
                }
            }
            var byTheme: [TapTargetRule.CardFindings] = []
            for (context, framedByContent) in contexts {
                // Laid out only where a target can be small: a part that can be whatever its
                // width, a `tap:` where the card's height is its content's, any target when the
                // content box itself is narrower than the minimum. The frames are the engine's.
                let themeEngine = engine(theme: context.theme)
                let padding = themeEngine.padding(for: card, isListCell: context.isListCell)
                let contentWidth = context.width - padding.horizontal
                guard candidates.smallPart || (candidates.tap && framedByContent
                                               && !Self.tapsAreLargeEnough(card, padding: padding, engine: themeEngine, width: context.width))
                        || (candidates.part && contentWidth < Catalog.minimumTapTarget) else { continue }
                let laidOut = layout(card, at: index, in: context)
                var found = byTheme.first { $0.theme == context.theme } ?? TapTargetRule.CardFindings(card: card, theme: context.theme)
                TapTargetRule.collect(laidOut, cardIsFramedByContent: framedByContent, into: &found)
                if let earlier = byTheme.firstIndex(where: { $0.theme == context.theme }) { byTheme[earlier] = found } else { byTheme.append(found) }
            }
            for found in byTheme { result += TapTargetRule.diagnostics(found, textSize: textSize) }
        }
        return result
    }

    /// Whether every state of `card` with a `tap:` is at least the minimum tall and wide however
    /// its parts lay out: the card's width, and a lower bound of its height — the padding and
    /// the margins of its parts, which the engine adds whatever the parts are
    /// (docs/language.md §6.1). Such a card need not be laid out for W1003.
    static func tapsAreLargeEnough(_ card: CardView, padding: EdgeInsets, engine: CardLayoutEngine, width: Double) -> Bool {
        let minimum = Catalog.minimumTapTarget
        guard width >= minimum else { return false }
        for state in card.states where state.tap != nil {
            let leastHeight = padding.vertical + engine.marginHeight(of: state.parts)
            if leastHeight < minimum { return false }
        }
        return true
    }

    /// W104: every card of a `collapsible` stack whose laid-out content, in any state, is taller
    /// than the stack's `cardHeight`. One diagnostic per card reference, naming the tallest state
    /// (and the text size, when it is not the default), at the reference in the stack (with a
    /// note at the card).
    mutating func overflowDiagnostics() -> [Diagnostic] {
        var result: [Diagnostic] = []
        for stack in deck.stacks where stack.spec.geometry == .collapsible {
            let configuration = CollapsibleConfiguration(stack)
            for reference in stack.cards {
                guard let index = deck.cards.position(named: reference.name), let facts = facts(ofCardAt: index, in: stack),
                      // The tallest state (`max(by:)` keeps the first of equally tall ones).
                      let tallest = facts.heights.indices.max(by: { facts.heights[$0] < facts.heights[$1] }),
                      facts.heights[tallest] > configuration.cardHeight else { continue }
                // What W104 says of the card was kept when it was laid out: its model is not built again.
                let height = Finite.format(facts.heights[tallest])
                let size = textSize == .default ? "" : " at text size \(textSize.name)"
                var notes: [DiagnosticNote] = []
                if reference.span != facts.span { notes.append(DiagnosticNote("card `\(reference.name)` is declared here", at: facts.span)) }
                notes.append(.help("raise `cardHeight` to at least \(height), or shorten the card; "
                                   + "heights are estimates (see `cardc explain W104`)"))
                result.append(Diagnostic(
                    .w104,
                    "card `\(reference.name)` is \(height) pt tall in state `\(facts.stateNames[tallest])`\(size), taller than stack `\(stack.name)`'s cardHeight of \(Finite.format(configuration.cardHeight))",
                    at: reference.span, label: "CardsStack clips every card to cardHeight", notes: notes))
            }
        }
        return result
    }
}

/// The layout pass's diagnostics for `deck` (W104, W1003) at `textSize`, for `cardc check` and
/// `cardc build`: each card is laid out at most once per theme and width. Run it only on a deck
/// without errors.
public func layoutDiagnostics(for deck: CheckedUnit, viewport: Viewport = .standard,
                              textSize: ContentSizeCategory = .default) -> [Diagnostic] {
    var layouter = DeckLayouter(deck: deck, viewport: viewport, textSize: textSize)
    return layouter.diagnostics()
}

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
    /// Per card, the index of the first stack that lists it: worked out on first use (W104 alone
    /// does not need it).
    private var primary: [Int?]?
    /// Per stack, how wide it makes its cards, worked out on first use.
    private var stackWidths: [StackWidth?]
    /// The engine `engine(theme:)` returned last, and its theme's name: consecutive cards mostly
    /// share a theme, and this saves hashing the name per card.
    private var lastTheme: String?
    private var lastEngine: CardLayoutEngine?
    /// Per card, its state heights in the context it was last laid out in (`heightValues[range]`),
    /// for the stacks and W104. Flat arrays rather than a dictionary keyed by (card, theme,
    /// width): no hashing and no array per card.
    private var heights: [(theme: String, width: Double, range: Range<Int>)?]
    /// Per card, once it has been laid out: what a list stack needs besides its heights (its
    /// `customMargin` and the position of its initial state), so laying out list stacks does
    /// not build every card's contents a second time.
    private var listFacts: [(customMargin: Double?, initialPosition: Int)?]
    private var heightValues: [Double] = []
    /// Reused by `stateHeights` to lay out a card it has not seen.
    private var scratch = CardFrames()

    /// A stack's card width: the same for every card, or (lists) the viewport less the margins,
    /// which a card's `customMargin` changes.
    private enum StackWidth {
        case fixed(Double)
        case list(EdgeInsets)
    }

    /// The kinds of stack whose cards `diagnostics()` lays out (W104): the cards a deck checked
    /// only for diagnostics must keep (`ModelUse.diagnostics(readingCardsOf:)`).
    public static let diagnosedStackKinds: Set<String> = ["collapsible"]

    /// A layouter for a back end: `deck` must have been checked for back ends. A deck checked
    /// for diagnostics only lacks most cards, and laying it out would silently leave them out.
    public init(deck: CheckedDeck, viewport: Viewport = .standard) {
        precondition(deck.modelUse == .backEnds,
                     "DeckLayouter: the deck was checked for diagnostics only and lacks most cards; check it with `modelUse: .backEnds` to lay it out")
        self.init(diagnosing: deck, viewport: viewport)
    }

    /// What layouters of one deck share and never change — the deck, the viewport, the index of
    /// card names, the themes by name, each card's first stack — for a layouter on another
    /// thread (`init(sharing:)`), which then indexes nothing again.
    public struct Shared: Sendable {
        fileprivate let deck: CheckedDeck
        fileprivate let viewport: Viewport
        fileprivate let cardIndex: [String: Int]
        fileprivate let themes: [String: ResolvedTheme]
        fileprivate let primary: [Int?]
    }

    /// What this layouter shares with others of its deck (working out each card's first stack
    /// now if it has not yet).
    public var shared: Shared {
        mutating get {
            _ = primaryStack(ofCardAt: 0)
            return Shared(deck: deck, viewport: viewport, cardIndex: cardIndex, themes: themes, primary: primary ?? [])
        }
    }

    /// A layouter of the deck `shared` comes from, with what it shares and none of its layouts.
    /// With `laidOut` (from a layouter of the same deck), it starts from what that one laid
    /// out, as if it had adopted it, without copying anything until it lays out a card itself.
    public init(sharing shared: Shared, laidOut: LaidOutCards? = nil) {
        deck = shared.deck
        viewport = shared.viewport
        cardIndex = shared.cardIndex
        themes = shared.themes
        primary = shared.primary.count == shared.deck.cards.count ? shared.primary : nil
        stackWidths = Array(repeating: nil, count: deck.stacks.count)
        if let laidOut, laidOut.heights.count == deck.cards.count, laidOut.listFacts.count == deck.cards.count {
            heights = laidOut.heights
            listFacts = laidOut.listFacts
            heightValues = laidOut.heightValues
        } else {
            heights = Array(repeating: nil, count: deck.cards.count)
            listFacts = Array(repeating: nil, count: deck.cards.count)
        }
    }

    /// A layouter for `diagnostics()` alone, which reads only the cards a deck checked for
    /// diagnostics keeps.
    init(diagnosing deck: CheckedDeck, viewport: Viewport) {
        self.deck = deck
        self.viewport = viewport
        if let known = deck.cardIndex {
            self.cardIndex = known  // the checker's: 20,000 names are not hashed again
        } else {
            var index: [String: Int] = [:]
            index.reserveCapacity(deck.cards.count)
            // Backwards, so that the first of equal names wins with one hash per card. Index loops,
            // not `for card in`: a `CheckedCard` copy retains a dozen references.
            for i in deck.cards.indices.reversed() { index[deck.cards[i].name] = i }
            self.cardIndex = index
        }
        var themes: [String: ResolvedTheme] = [:]
        for theme in deck.themes where themes[theme.name] == nil { themes[theme.name] = theme }
        self.themes = themes
        self.stackWidths = Array(repeating: nil, count: deck.stacks.count)
        self.heights = Array(repeating: nil, count: deck.cards.count)
        self.listFacts = Array(repeating: nil, count: deck.cards.count)
    }

    /// The engine for a theme name (the default theme's for an unknown name).
    public mutating func engine(theme: String) -> CardLayoutEngine {
        // The two halves apart: an optional tuple holding the name is copied (and the name
        // retained and released) to be read.
        if let lastEngine, lastTheme == theme { return lastEngine }
        let engine = engines[theme] ?? CardLayoutEngine(theme: themes[theme] ?? themes[Catalog.defaultThemeName])
        engines[theme] = engine
        lastTheme = theme
        lastEngine = engine
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
    static func margins(of card: CardView, list margins: EdgeInsets) -> EdgeInsets {
        Self.margins(customMargin: customMargin(card), list: margins)
    }

    /// The value of the card's `customMargin` trait.
    static func customMargin(_ card: CardView) -> Double? {
        guard let trait = card.firstTrait(LayoutTrait.customMargin) else { return nil }
        let arguments = card.traitArguments(trait)
        for argument in arguments.indices {
            if let value = card.value(ofArgument: argument, in: arguments) { return value.number }
        }
        return nil
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

    /// Where `stack` lays out card `index` of the deck.
    public mutating func context(forCardAt index: Int, in stack: CheckedStack?) -> LayoutContext {
        context(for: deck.cards[index], in: stack)
    }

    /// Where `stack` lays out `card`: its theme and the width it gives the card. `nil` stack: a
    /// card in no stack, in the default theme with that theme's list margins.
    public mutating func context(for card: CheckedCard, in stack: CheckedStack?) -> LayoutContext {
        guard let stack else {
            let margins = Self.margins(of: CardView(card), list: engine(theme: Catalog.defaultThemeName).metrics.cardCellMargins)
            return LayoutContext(stack: nil, theme: Catalog.defaultThemeName, width: viewport.width - margins.horizontal)
        }
        return context(for: CardView(card), in: stack.name, theme: stack.theme, width: stackWidth(stack))
    }

    /// `context(for:in:)` for `card` in stack `stackIndex` of the deck, with the stack's width
    /// worked out once.
    mutating func context(for card: CardView, inStackAt stackIndex: Int) -> LayoutContext {
        let width: StackWidth
        if let known = stackWidths[stackIndex] {
            width = known
        } else {
            width = stackWidth(deck.stacks[stackIndex])
            stackWidths[stackIndex] = width
        }
        // Through a buffer pointer: `deck.stacks[stackIndex].name` would copy the whole stack
        // first, retaining and releasing everything it holds.
        return deck.stacks.withUnsafeBufferPointer { stacks in
            context(for: card, in: stacks[stackIndex].name, theme: stacks[stackIndex].theme, width: width)
        }
    }

    private func context(for card: CardView, in stack: String?, theme: String, width: StackWidth) -> LayoutContext {
        let cardWidth: Double
        switch width {
        case .fixed(let fixed): cardWidth = fixed
        case .list(let margins): cardWidth = viewport.width - Self.margins(of: card, list: margins).horizontal
        }
        return LayoutContext(stack: stack, theme: theme, width: max(0, cardWidth))
    }

    /// How wide `stack` makes its cards (LANGUAGE.md §6.1).
    private mutating func stackWidth(_ stack: CheckedStack) -> StackWidth {
        switch stack.kind {
        case "collapsible": .fixed(CollapsibleConfiguration(stack).cardWidth(in: viewport))
        case "swipe": .fixed(viewport.bounds.inset(by: Self.swipeInsets(stack)).width)
        case "sheet": .fixed(viewport.width)
        default: .list(listMargins(for: stack))
        }
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
        primaryContext(cardAt: index, card: view(ofCardAt: index))
    }

    /// `primaryContext(cardAt:)` for card `index`, read through `card`.
    private mutating func primaryContext(cardAt index: Int, card: CardView) -> LayoutContext {
        if let stackIndex = primaryStack(ofCardAt: index) { return context(for: card, inStackAt: stackIndex) }
        // A card in no stack: the default theme with that theme's list margins.
        let margins = engine(theme: Catalog.defaultThemeName).metrics.cardCellMargins
        return context(for: card, in: nil, theme: Catalog.defaultThemeName, width: .list(margins))
    }

    /// The index of the first stack that lists card `index`, if any.
    private mutating func primaryStack(ofCardAt index: Int) -> Int? {
        if let primary { return index < primary.count ? primary[index] : nil }
        var primary = [Int?](repeating: nil, count: deck.cards.count)
        for (stackIndex, stack) in deck.stacks.enumerated() {
            for name in stack.cards {
                if let card = cardIndex[name], primary[card] == nil { primary[card] = stackIndex }
            }
        }
        self.primary = primary
        return index < primary.count ? primary[index] : nil
    }

    /// A view of `deck.cards[index]`, through a buffer pointer: `deck.cards[index]` would copy
    /// the whole card first, retaining and releasing everything it holds. (Bounds checked as
    /// the array would: a buffer pointer's subscript is not, in release builds.)
    private func view(ofCardAt index: Int) -> CardView {
        deck.cards.withUnsafeBufferPointer { cards in
            precondition(cards.indices.contains(index), "card index out of range")
            return CardView(cards[index])
        }
    }

    // MARK: Layout

    /// Card `index` laid out in `context`, as a tree. Its state heights are remembered for the
    /// stacks.
    public mutating func layout(cardAt index: Int, in context: LayoutContext) -> LaidOutCard {
        let laidOut = engine(theme: context.theme).layout(deck.cards[index], in: context)
        remember(laidOut.states.map(\.height), cardAt: index, in: context)
        return laidOut
    }

    /// Card `index` laid out in `context` into `frames` (replacing what it held). Its state
    /// heights are remembered for the stacks.
    public mutating func layout(cardAt index: Int, in context: LayoutContext, into frames: inout CardFrames) {
        layout(view(ofCardAt: index), cardAt: index, in: context, into: &frames)
    }

    /// `layout(cardAt:in:into:)` for card `index`, read through `card`.
    private mutating func layout(_ card: CardView, cardAt index: Int, in context: LayoutContext,
                                 into frames: inout CardFrames) {
        engine(theme: context.theme).layout(card, in: context, into: &frames)
        remember(frames.states.lazy.map(\.height), cardAt: index, in: context)
        if listFacts[index] == nil { listFacts[index] = listFacts(card, cardAt: index) }
    }

    /// Card `index`'s `customMargin` and the position of its initial state among its states.
    private func listFacts(_ card: CardView, cardAt index: Int) -> (customMargin: Double?, initialPosition: Int) {
        // Through a buffer pointer: `deck.cards[index].initialState` would copy the whole card first.
        let position = deck.cards.withUnsafeBufferPointer { cards in
            (0..<card.stateCount).first { card.stateName($0) == cards[index].initialState } ?? 0
        }
        return (Self.customMargin(card), position)
    }

    private mutating func remember(_ stateHeights: some Collection<Double>, cardAt index: Int, in context: LayoutContext) {
        // Values of earlier contexts of this card are left behind: a card is rarely laid out in
        // more than one.
        let start = heightValues.count
        // One at a time: appending a lazy map goes through the generic sequence path.
        for height in stateHeights { heightValues.append(height) }
        heights[index] = (context.theme, context.width, start..<heightValues.count)
    }

    /// What a layouter has learnt from the cards it laid out, for another layouter of the same
    /// deck (`adopt(_:)`): each card's state heights in the context it was last laid out in,
    /// and the facts list stacks read.
    public struct LaidOutCards: Sendable {
        fileprivate let heights: [(theme: String, width: Double, range: Range<Int>)?]
        fileprivate let listFacts: [(customMargin: Double?, initialPosition: Int)?]
        fileprivate let heightValues: [Double]
    }

    /// What this layouter has learnt from the cards it laid out.
    public var laidOutCards: LaidOutCards {
        LaidOutCards(heights: heights, listFacts: listFacts, heightValues: heightValues)
    }

    /// Takes over what another layouter of the same deck learnt about the cards this one has not
    /// laid out: a back end that writes the cards on several threads, each with a layouter of its
    /// own, lays out the stacks with one of them and lays no card out twice. (Only a cache: the
    /// stacks come out the same without it.)
    public mutating func adopt(_ other: LaidOutCards) {
        guard other.heights.count == heights.count, other.listFacts.count == listFacts.count else { return }
        for index in heights.indices {
            if heights[index] == nil, let known = other.heights[index] {
                let start = heightValues.count
                for height in other.heightValues[known.range] { heightValues.append(height) }
                heights[index] = (known.theme, known.width, start..<heightValues.count)
            }
            if listFacts[index] == nil { listFacts[index] = other.listFacts[index] }
        }
    }

    /// Card `index` laid out in its primary context, as a tree.
    public mutating func layoutInPrimaryContext(cardAt index: Int) -> LaidOutCard {
        layout(cardAt: index, in: primaryContext(cardAt: index))
    }

    /// Card `index` laid out in its primary context into `frames`.
    public mutating func layoutInPrimaryContext(cardAt index: Int, into frames: inout CardFrames) {
        layoutInPrimaryContext(view(ofCardAt: index), cardAt: index, into: &frames)
    }

    /// `layoutInPrimaryContext(cardAt:into:)` for card `index`, read through `card`
    /// (`CardView(deck.cards[index])`), which a back end that reads the card too makes once.
    public mutating func layoutInPrimaryContext(_ card: CardView, cardAt index: Int, into frames: inout CardFrames) {
        layout(card, cardAt: index, in: primaryContext(cardAt: index, card: card), into: &frames)
    }

    /// The height of every state of card `index` in `context`, in the card's state order.
    public mutating func stateHeights(cardAt index: Int, in context: LayoutContext) -> [Double] {
        Array(knownStateHeights(view(ofCardAt: index), cardAt: index, in: context))
    }

    /// `stateHeights`, without copying them out of the cache, for card `index` read through `card`.
    private mutating func knownStateHeights(_ card: CardView, cardAt index: Int,
                                            in context: LayoutContext) -> ArraySlice<Double> {
        if let known = heights[index], known.width == context.width, known.theme == context.theme {
            return heightValues[known.range]
        }
        // Take the scratch buffers out of `self` (a swap, not a copy, so they stay unique).
        var frames = CardFrames()
        swap(&frames, &scratch)
        defer { swap(&frames, &scratch) }
        layout(card, cardAt: index, in: context, into: &frames)
        return heights[index].map { heightValues[$0.range] } ?? []
    }

    /// The height of card `index`, read through `card`, in its initial state in `context`.
    private mutating func initialHeight(_ card: CardView, cardAt index: Int, in context: LayoutContext) -> Double {
        let stateHeights = knownStateHeights(card, cardAt: index, in: context)
        let position = listFacts(card, cardAt: index).initialPosition
        return position < stateHeights.count ? stateHeights[stateHeights.startIndex + position] : 0
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
            let width = StackWidth.list(listMargins)
            var cardHeights: [Double] = []
            var cardMargins: [EdgeInsets] = []
            for name in known {
                guard let index = cardIndex[name] else { continue }
                // A card laid out before (as every card is, when a back end writes the cards
                // first) has its facts and usually its heights cached: no contents needed.
                if let facts = listFacts[index] {
                    let insets = Self.margins(customMargin: facts.customMargin, list: listMargins)
                    let context = LayoutContext(stack: stack.name, theme: stack.theme,
                                                width: max(0, viewport.width - insets.horizontal))
                    if let known = heights[index], known.width == context.width, known.theme == context.theme {
                        let stateHeights = heightValues[known.range]
                        cardHeights.append(facts.initialPosition < stateHeights.count
                                           ? stateHeights[stateHeights.startIndex + facts.initialPosition] : 0)
                        cardMargins.append(insets)
                        continue
                    }
                }
                let card = view(ofCardAt: index)
                let context = context(for: card, in: stack.name, theme: stack.theme, width: width)
                cardHeights.append(initialHeight(card, cardAt: index, in: context))
                cardMargins.append(Self.margins(of: card, list: listMargins))
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
        diagnostics(ofStacks: deck.stacks.indices)
    }

    /// `diagnostics()` for the stacks of `stackIndices` (indices in `deck.stacks`), in order.
    mutating func diagnostics(ofStacks stackIndices: some Sequence<Int>) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for stackIndex in stackIndices where deck.stacks[stackIndex].kind == "collapsible" {
            let stack = deck.stacks[stackIndex]
            let configuration = CollapsibleConfiguration(stack)
            for (position, name) in stack.cards.enumerated() {
                guard let index = cardIndex[name] else { continue }
                let view = view(ofCardAt: index)
                let stateHeights = knownStateHeights(view, cardAt: index, in: context(for: view, inStackAt: stackIndex))
                // The tallest state (`max(by:)` keeps the first of equally tall ones).
                guard let tallest = stateHeights.indices.max(by: { stateHeights[$0] < stateHeights[$1] }),
                      stateHeights[tallest] > configuration.cardHeight else { continue }
                let state = tallest - stateHeights.startIndex  // the slice's indices are the cache's
                let card = deck.cards[index]
                let span = position < stack.cardSpans.count ? stack.cardSpans[position] : card.span
                let height = Finite.format(stateHeights[tallest])
                let stateName = state < view.stateCount ? view.stateName(state) : card.initialState
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
/// Run it only on a deck without errors. The deck may have been checked for diagnostics only,
/// keeping the cards of `DeckLayouter.diagnosedStackKinds`.
///
/// With more than one worker and enough cards in such stacks, the stacks are shared out among
/// that many threads, each with a layouter of its own; the diagnostics are the same, in the same
/// order.
public func layoutDiagnostics(for deck: CheckedDeck, viewport: Viewport = .standard, workers: Int = 1) -> [Diagnostic] {
    // Only `collapsible` stacks have any: without one, the layouter (an index of every card)
    // is not worth building.
    let diagnosed = deck.stacks.indices.filter { DeckLayouter.diagnosedStackKinds.contains(deck.stacks[$0].kind) }
    guard !diagnosed.isEmpty else { return [] }
    let cardCount = diagnosed.reduce(0) { $0 + deck.stacks[$1].cards.count }
    let workers = min(workers, cardCount / 256)
    guard workers > 1 else {
        var layouter = DeckLayouter(diagnosing: deck, viewport: viewport)
        return layouter.diagnostics(ofStacks: diagnosed)
    }
    // Consecutive stacks per worker, about as many cards each.
    var groups: [[Int]] = [[]]
    var cards = 0
    for stack in diagnosed {
        if groups.count < workers && cards >= (groups.count * cardCount + workers - 1) / workers { groups.append([]) }
        groups[groups.count - 1].append(stack)
        cards += deck.stacks[stack].cards.count
    }
    let shares = groups
    var first: [Diagnostic] = []
    let rest = Threads.run(helpers: shares.count - 1, { helper in
        var layouter = DeckLayouter(diagnosing: deck, viewport: viewport)
        return layouter.diagnostics(ofStacks: shares[helper + 1])
    }, while: {
        var layouter = DeckLayouter(diagnosing: deck, viewport: viewport)
        first = layouter.diagnostics(ofStacks: shares[0])
    })
    return first + rest.joined()
}

/// Lays out `deck` for `viewport`.
public func layoutDeck(_ deck: CheckedDeck, viewport: Viewport = .standard) -> DeckLayout {
    var layouter = DeckLayouter(deck: deck, viewport: viewport)
    return layouter.layout()
}

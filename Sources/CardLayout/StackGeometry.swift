import CardModel

// The geometry of each stack kind, exactly as docs/language.md §6.1 states it. The bounds of every
// stack are the whole viewport `(0, 0, width, height)`.

/// The numbers of a `collapsible` stack (CardsStack's `Configuration`).
public struct CollapsibleConfiguration: Hashable, Sendable {
    public var cardOffset: Double
    public var collapsedHeight: Double
    public var expandedHeight: Double
    public var cardHeight: Double
    public var downwardThreshold: Double
    public var upwardThreshold: Double
    public var leftSpacing: Double
    public var rightSpacing: Double
    public var verticalSpacing: Double

    /// The catalog's default for argument `name` of the collapsible stack kind.
    public static func catalogDefault(_ name: String) -> Double {
        Catalog.stackKinds.first { $0.geometry == .collapsible }?.argument(named: name)?.defaultValue?.numericValue ?? 0
    }

    /// A configuration; omitted values are the catalog defaults (40, 200, 500, 200, 20, 20, 8,
    /// 8, 8). Values are clamped to ±1e9 so no input overflows a frame.
    public init(cardOffset: Double = catalogDefault("cardOffset"),
                collapsedHeight: Double = catalogDefault("collapsedHeight"),
                expandedHeight: Double = catalogDefault("expandedHeight"),
                cardHeight: Double = catalogDefault("cardHeight"),
                downwardThreshold: Double = catalogDefault("downwardThreshold"),
                upwardThreshold: Double = catalogDefault("upwardThreshold"),
                leftSpacing: Double = catalogDefault("leftSpacing"),
                rightSpacing: Double = catalogDefault("rightSpacing"),
                verticalSpacing: Double = catalogDefault("verticalSpacing")) {
        self.cardOffset = Finite.coordinate(cardOffset)
        self.collapsedHeight = Finite.coordinate(collapsedHeight)
        self.expandedHeight = Finite.coordinate(expandedHeight)
        self.cardHeight = Finite.coordinate(cardHeight)
        self.downwardThreshold = Finite.coordinate(downwardThreshold)
        self.upwardThreshold = Finite.coordinate(upwardThreshold)
        self.leftSpacing = Finite.coordinate(leftSpacing)
        self.rightSpacing = Finite.coordinate(rightSpacing)
        self.verticalSpacing = Finite.coordinate(verticalSpacing)
    }

    /// The configuration of a checked `collapsible` stack (the defaults of its kind's entry).
    public init(_ stack: StackView) {
        func value(_ name: String) -> Double { stack.number(name) ?? Self.catalogDefault(name) }
        self.init(cardOffset: value("cardOffset"), collapsedHeight: value("collapsedHeight"),
                  expandedHeight: value("expandedHeight"), cardHeight: value("cardHeight"),
                  downwardThreshold: value("downwardThreshold"), upwardThreshold: value("upwardThreshold"),
                  leftSpacing: value("leftSpacing"), rightSpacing: value("rightSpacing"),
                  verticalSpacing: value("verticalSpacing"))
    }

    /// `W = viewport.width − leftSpacing − rightSpacing` (never negative).
    public func cardWidth(in viewport: Viewport) -> Double {
        max(0, viewport.width - leftSpacing - rightSpacing)
    }
}

/// CardsStack's `frameFor(index:cardState:translation:)` (docs/language.md §6.1).
///
/// Every card frame is `x = leftSpacing`, `width = viewport.width − leftSpacing − rightSpacing`,
/// `height = cardHeight`; only `y` depends on the position:
///
/// - expanded: `y = (verticalSpacing + cardHeight) × i`
/// - collapsed: `y = 0` for `i = 0`, else `y = verticalSpacing + cardOffset × i`
/// - in transit with translation `t`: `y = 0` for `i = 0`, else
///   `y = collapsedY + |expandedY − collapsedY| × t / (expandedHeight − collapsedHeight)`.
public enum CollapsibleGeometry {
    public enum Position: String, CaseIterable, Sendable {
        case collapsed, expanded
    }

    /// The `y` of card `index` when collapsed.
    public static func collapsedY(index: Int, configuration c: CollapsibleConfiguration) -> Double {
        index == 0 ? 0 : c.verticalSpacing + c.cardOffset * Double(index)
    }

    /// The `y` of card `index` when expanded.
    public static func expandedY(index: Int, configuration c: CollapsibleConfiguration) -> Double {
        (c.verticalSpacing + c.cardHeight) * Double(index)
    }

    /// The frame of card `index` at rest in `position`.
    public static func frame(index: Int, position: Position, configuration c: CollapsibleConfiguration,
                             viewport: Viewport) -> Frame {
        let y = position == .collapsed ? collapsedY(index: index, configuration: c) : expandedY(index: index, configuration: c)
        return Frame(x: c.leftSpacing, y: y, width: c.cardWidth(in: viewport), height: c.cardHeight)
    }

    /// The frames of `cardCount` cards at rest in `position`.
    public static func frames(cardCount: Int, position: Position, configuration: CollapsibleConfiguration,
                              viewport: Viewport) -> [Frame] {
        (0..<max(0, cardCount)).map { frame(index: $0, position: position, configuration: configuration, viewport: viewport) }
    }

    /// The frames of `cardCount` cards in transit, dragged `translation` points from collapsed
    /// towards expanded. `translation` is clamped to `0 … expandedHeight − collapsedHeight`, so
    /// 0 gives the collapsed frames. (When that range is empty — E705 forbids it — every card
    /// stays collapsed.)
    public static func frames(cardCount: Int, configuration c: CollapsibleConfiguration, viewport: Viewport,
                              translation: Double) -> [Frame] {
        let range = c.expandedHeight - c.collapsedHeight
        let t = range > 0 ? Finite.clamp(translation, 0, range) : 0
        return (0..<max(0, cardCount)).map { index in
            var y = 0.0
            if index > 0 {
                let collapsed = collapsedY(index: index, configuration: c)
                let distance = abs(expandedY(index: index, configuration: c) - collapsed)
                y = range > 0 ? collapsed + distance * t / range : collapsed
            }
            return Frame(x: c.leftSpacing, y: y, width: c.cardWidth(in: viewport), height: c.cardHeight)
        }
    }

    /// The container's height: `collapsedHeight` or `expandedHeight`.
    public static func containerHeight(_ position: Position, configuration c: CollapsibleConfiguration) -> Double {
        position == .collapsed ? c.collapsedHeight : c.expandedHeight
    }
}

/// A sheet transition (TGCardViewController): what a tap does in a position.
public struct SheetTransition: Hashable, Sendable {
    /// `tapTitle` or `tapMap`.
    public var trigger: String
    public var from: SheetGeometry.Position
    public var to: SheetGeometry.Position
}

/// TGCardViewController's card positions (docs/language.md §6.1). Every frame has `x = 0`,
/// `width = viewport.width` and `height = viewport.height − y`; the card top `y` is
/// `viewport.height − headerHeight` collapsed, `viewport.height / 2` peaking and `extendedTop`
/// extended. A card with no `map` part is not draggable (it cannot leave `extended`).
public enum SheetGeometry {
    public enum Position: String, CaseIterable, Sendable {
        case collapsed, peaking, extended
    }

    /// Tap the title: collapsed → peaking → extended → extended; tap the map when extended → peaking.
    public static let transitions: [SheetTransition] = [
        SheetTransition(trigger: "tapTitle", from: .collapsed, to: .peaking),
        SheetTransition(trigger: "tapTitle", from: .peaking, to: .extended),
        SheetTransition(trigger: "tapTitle", from: .extended, to: .extended),
        SheetTransition(trigger: "tapMap", from: .extended, to: .peaking),
    ]

    /// The card top in `position`.
    public static func cardTop(_ position: Position, headerHeight: Double, extendedTop: Double, viewport: Viewport) -> Double {
        switch position {
        case .collapsed: viewport.height - headerHeight
        case .peaking: viewport.height / 2
        case .extended: Finite.coordinate(extendedTop)
        }
    }

    /// The card frame in `position`.
    public static func frame(_ position: Position, headerHeight: Double, extendedTop: Double, viewport: Viewport) -> Frame {
        let y = cardTop(position, headerHeight: headerHeight, extendedTop: extendedTop, viewport: viewport)
        return Frame(x: 0, y: y, width: viewport.width, height: max(0, viewport.height - y))
    }

    /// Whether a card can be dragged between positions: only a card with a `map` part (in any
    /// state, at any depth).
    public static func isDraggable(_ card: CardView) -> Bool {
        func containsMap(_ parts: PartList) -> Bool {
            parts.contains { $0.kind == .map || containsMap($0.children) }
        }
        return card.states.contains { containsMap($0.parts) }
    }
}

/// MGSwipeCards' deck (docs/language.md §6.1): each of the top `visibleCards` cards fills the stack
/// bounds inset by `insets`; index 0 is on top.
public enum SwipeGeometry {
    /// The frames of the cards drawn: `min(visibleCards, cardCount)` of them.
    public static func frames(cardCount: Int, visibleCards: Int, insets: EdgeInsets, viewport: Viewport) -> [Frame] {
        let count = min(max(0, visibleCards), max(0, cardCount))
        let frame = viewport.bounds.inset(by: insets)
        return Array(repeating: frame, count: count)
    }
}

/// CardParts' `CardsViewController` (and `fullScreen`): cards one under another, each inset by
/// its margins, each as tall as its laid-out content.
public enum ListGeometry {
    /// Frames for cards of the given heights and margins, as CardParts' `CardsViewController`
    /// places its cells: each card its margins' left in, the first at the top, each next one
    /// `spacing` (the theme's `cardsLineSpacing`) below the one before — a card's margins' top
    /// and bottom are inside it (`LaidOutCard.padding`). `height` is the last card's bottom.
    public static func frames(heights: [Double], margins: [EdgeInsets], spacing: Double,
                              viewport: Viewport) -> (frames: [Frame], height: Double) {
        var frames: [Frame] = []
        frames.reserveCapacity(heights.count)
        var y = 0.0
        for (index, height) in heights.enumerated() {
            let m = index < margins.count ? margins[index] : .zero
            if index > 0 { y += spacing }
            frames.append(Frame(x: m.left, y: y, width: max(0, viewport.width - m.horizontal), height: height))
            y += height
        }
        return (frames, y)
    }
}

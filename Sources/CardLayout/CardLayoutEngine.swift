import CardSema

/// Where a card is laid out: the theme whose fonts and margins apply and the width of the card's
/// frame, as a stack gives it (LANGUAGE.md §6.1).
public struct LayoutContext: Hashable, Sendable {
    /// The stack that places the card, or `nil` for a card in no stack.
    public var stack: String?
    /// The resolved theme's name.
    public var theme: String
    /// The width of the card's frame.
    public var width: Double

    public init(stack: String?, theme: String, width: Double) {
        self.stack = stack
        self.theme = theme
        self.width = Finite.dimension(width)
    }
}

/// One state of a laid-out card.
public struct LaidOutState: Sendable {
    public var name: String
    /// The state's tap action (its own, else the card's).
    public var tap: Action?
    /// The card's height in this state: content plus the vertical padding.
    public var height: Double
    /// The parts stacked in the content box, frames relative to it.
    public var parts: [LaidOutPart]
}

/// A swipe overlay laid out over the card's content box.
public struct LaidOutOverlay: Sendable {
    public var direction: SwipeDirection
    /// The height of the overlay's parts stacked.
    public var height: Double
    public var parts: [LaidOutPart]
}

/// A swipe footer: `height` tall, pinned to the bottom of the card.
public struct LaidOutFooter: Sendable {
    public var height: Double
    public var transparent: Bool
    public var parts: [LaidOutPart]
}

/// A card laid out in one context: every state, the overlays and footer, the sheet header.
public struct LaidOutCard: Sendable {
    public var context: LayoutContext
    /// The content box's inset from the card's frame (the theme's `cardCellMargins`;
    /// no top and bottom with `noTopBottomMargins`).
    public var padding: EdgeInsets
    /// The content box's width: the card's width minus the horizontal padding.
    public var contentWidth: Double
    /// In the card's state order.
    public var states: [LaidOutState]
    public var overlays: [LaidOutOverlay]
    public var footer: LaidOutFooter?
    /// The sheet header: `title:` and `subtitle:` laid out plus 24 points (LANGUAGE.md §6.1).
    public var headerHeight: Double
    /// The card's initial state (`model { state: … }`, else the first).
    public var initialState: String

    /// The height in `state`, or nil for an unknown state name.
    public func height(inState state: String) -> Double? { states.first { $0.name == state }?.height }

    /// The height in the initial state (the first state's when that one is missing).
    public var initialHeight: Double { height(inState: initialState) ?? states.first?.height ?? padding.vertical }

    /// The tallest state (the first of equally tall ones).
    public var tallestState: LaidOutState? {
        states.reduce(nil) { best, state in
            guard let best else { return state }
            return state.height > best.height ? state : best
        }
    }
}

/// A card laid out in one context as flat lists (the tree form is `LaidOutCard`): every part's
/// node in `nodes`, and per state, overlay and footer its height and the range of its nodes.
/// Laying a card out into a `CardFrames` that earlier cards already grew allocates nothing, which
/// is what the layout JSON back end does for every card of a deck.
public struct CardFrames: Sendable {
    /// A state, an overlay or the footer: a height and the nodes of its parts.
    public struct Group: Sendable {
        /// A state: the card's height in it (content plus the vertical padding). An overlay: the
        /// height of its parts stacked. The footer: its `height:`.
        public var height: Double
        /// The group's nodes: its top-level parts (`parts[node.template]` of the state, overlay
        /// or footer), each followed by its subtree.
        public var nodes: Range<Int>
    }

    public internal(set) var context = LayoutContext(stack: nil, theme: "", width: 0)
    /// The content box's inset from the card's frame (`LaidOutCard.padding`).
    public internal(set) var padding = EdgeInsets.zero
    /// The content box's width: the card's width minus the horizontal padding.
    public internal(set) var contentWidth = 0.0
    /// Every part of the card laid out, group after group.
    public internal(set) var nodes: [LayoutNode] = []
    /// In the card's state order.
    public internal(set) var states: [Group] = []
    public internal(set) var overlays: [Group] = []
    public internal(set) var footer: Group?

    public init() {}

    /// The laid-out parts of `range` (a group's `nodes`, or a node's children `index + 1 ..< end`)
    /// as a tree; `parts` are the checked parts the range's top-level nodes lay out.
    public func tree(_ parts: [CheckedPart], _ range: Range<Int>) -> [LaidOutPart] {
        var result: [LaidOutPart] = []
        var index = range.lowerBound
        while index < range.upperBound && index < nodes.count {
            let node = nodes[index]
            if parts.indices.contains(node.template) {
                let part = parts[node.template]
                result.append(LaidOutPart(part: part, frame: node.frame, children: tree(part.children, (index + 1)..<node.end)))
            }
            index = max(node.end, index + 1)
        }
        return result
    }
}

/// Lays out cards by the intrinsic-size model (`LayoutMetrics`).
public struct CardLayoutEngine: Sendable {
    public let metrics: ThemeMetrics

    /// An engine for `theme` (Mint's metrics when `nil`).
    public init(theme: ResolvedTheme?) {
        self.metrics = ThemeMetrics(theme)
    }

    public init(metrics: ThemeMetrics) {
        self.metrics = metrics
    }

    /// The content inset of `card` in this theme.
    public func padding(for card: CheckedCard) -> EdgeInsets { padding(for: CardView(card)) }

    /// The content inset of `card` in this theme.
    func padding(for card: CardView) -> EdgeInsets {
        var padding = metrics.cardCellMargins
        if card.firstTrait(LayoutTrait.noTopBottomMargins) != nil {
            padding.top = 0
            padding.bottom = 0
        }
        return padding
    }

    /// Lays out every state, overlay and the footer of `card` in `context` (its `theme` must be
    /// this engine's) into `frames`, replacing what it held.
    public func layout(_ card: CheckedCard, in context: LayoutContext, into frames: inout CardFrames) {
        layout(CardView(card), in: context, into: &frames)
    }

    /// `layout(_:in:into:)` for a card read through `card`.
    func layout(_ card: CardView, in context: LayoutContext, into frames: inout CardFrames) {
        let padding = padding(for: card)
        let contentWidth = max(0, context.width - padding.horizontal)
        frames.context = context
        frames.padding = padding
        frames.contentWidth = contentWidth
        // Only when not empty: emptying an array goes through a generic replace-subrange path
        // even when there is nothing to remove (most cards have no overlays).
        if !frames.nodes.isEmpty { frames.nodes.removeAll(keepingCapacity: true) }
        if !frames.states.isEmpty { frames.states.removeAll(keepingCapacity: true) }
        if !frames.overlays.isEmpty { frames.overlays.removeAll(keepingCapacity: true) }
        frames.footer = nil
        let layouter = PartLayouter(metrics: metrics, card: card, row: nil)
        for state in 0..<card.stateCount {
            let start = frames.nodes.count
            let contentHeight = layouter.stackVertically(card.stateParts(state), width: contentWidth,
                                                         spacing: LayoutMetrics.partSpacing, into: &frames.nodes)
            frames.states.append(CardFrames.Group(height: padding.top + contentHeight + padding.bottom,
                                                  nodes: start..<frames.nodes.count))
        }
        for overlay in 0..<card.overlayCount {
            let start = frames.nodes.count
            let height = layouter.stackVertically(card.overlayParts(overlay), width: contentWidth,
                                                  spacing: LayoutMetrics.partSpacing, into: &frames.nodes)
            frames.overlays.append(CardFrames.Group(height: height, nodes: start..<frames.nodes.count))
        }
        if let footer = card.footer {
            let start = frames.nodes.count
            _ = layouter.stackVertically(footer.parts, width: contentWidth, spacing: LayoutMetrics.partSpacing, into: &frames.nodes)
            frames.footer = CardFrames.Group(height: Finite.dimension(footer.height), nodes: start..<frames.nodes.count)
        }
    }

    /// Lays out every state of `card` in `context` (its `theme` must be this engine's), as a tree.
    public func layout(_ card: CheckedCard, in context: LayoutContext) -> LaidOutCard {
        var frames = CardFrames()
        let view = CardView(card)
        layout(view, in: context, into: &frames)
        return LaidOutCard(card, frames, headerHeight: headerHeight(of: card, contentWidth: frames.contentWidth,
                                                                    layouter: PartLayouter(metrics: metrics, card: view, row: nil)))
    }

    /// The sheet header: the title in `titleFont` and the subtitle in `detailTextFont`, wrapped
    /// in the content width, plus 24 points.
    func headerHeight(of card: CheckedCard, contentWidth: Double, layouter: PartLayouter) -> Double {
        var height = LayoutMetrics.sheetHeaderPadding
        if let title = card.title {
            height += layouter.measure(layouter.text(.value(title)), fontSize: metrics.titleSize, width: contentWidth)
        }
        if let subtitle = card.subtitle {
            height += layouter.measure(layouter.text(.value(subtitle)), fontSize: metrics.detailTextSize, width: contentWidth)
        }
        return height
    }

    /// The sheet header height of `card` laid out `width` wide.
    public func headerHeight(of card: CheckedCard, width: Double) -> Double {
        let view = CardView(card)
        let contentWidth = max(0, Finite.dimension(width) - padding(for: view).horizontal)
        return headerHeight(of: card, contentWidth: contentWidth, layouter: PartLayouter(metrics: metrics, card: view, row: nil))
    }
}

extension LaidOutCard {
    /// The tree form of `card` laid out as `frames`.
    init(_ card: CheckedCard, _ frames: CardFrames, headerHeight: Double) {
        let checkedStates = card.states, checkedOverlays = card.overlays
        var states: [LaidOutState] = []
        for (index, group) in frames.states.enumerated() where index < checkedStates.count {
            let state = checkedStates[index]
            states.append(LaidOutState(name: state.name, tap: state.tap, height: group.height,
                                       parts: frames.tree(state.parts, group.nodes)))
        }
        var overlays: [LaidOutOverlay] = []
        for (index, group) in frames.overlays.enumerated() where index < checkedOverlays.count {
            let overlay = checkedOverlays[index]
            overlays.append(LaidOutOverlay(direction: overlay.direction, height: group.height,
                                           parts: frames.tree(overlay.parts, group.nodes)))
        }
        var footer: LaidOutFooter?
        if let group = frames.footer, let checked = card.footer {
            footer = LaidOutFooter(height: group.height, transparent: checked.transparent, parts: frames.tree(checked.parts, group.nodes))
        }
        self.init(context: frames.context, padding: frames.padding, contentWidth: frames.contentWidth, states: states,
                  overlays: overlays, footer: footer, headerHeight: headerHeight, initialState: card.initialState)
    }
}

import CardModel

/// Where a card is laid out: the theme whose fonts and margins apply and the width of the card's
/// frame, as a stack gives it (docs/language.md §6.1).
public struct LayoutContext: Hashable, Sendable {
    /// The stack that places the card, or `nil` for a card in no stack.
    public var stack: String?
    /// The resolved theme's name.
    public var theme: String
    /// The width of the card's frame.
    public var width: Double
    /// Whether the card is a cell of CardParts' `CardsViewController` (a `list` stack, or no
    /// stack), whose `CardCell` insets the card's content by the theme's `cardCellMargins` top
    /// and bottom. Other stacks host the card's view edge to edge.
    public var isListCell: Bool

    public init(stack: String?, theme: String, width: Double, isListCell: Bool = true) {
        self.stack = stack
        self.theme = theme
        self.width = Finite.dimension(width)
        self.isListCell = isListCell
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
    /// The content box's inset from the card's frame: in a list cell the theme's
    /// `cardCellMargins` top and bottom (none with `noTopBottomMargins`), else none. Left and
    /// right are always 0: `cardCellMargins` left and right are outside the card.
    public var padding: EdgeInsets
    /// The content box's width: the card's width minus the horizontal padding. Each top-level
    /// part is inset in it by its margins (`LaidOutPart.margins`).
    public var contentWidth: Double
    /// In the card's state order.
    public var states: [LaidOutState]
    public var overlays: [LaidOutOverlay]
    public var footer: LaidOutFooter?
    /// The sheet header: `title:` and `subtitle:` laid out plus 24 points (docs/language.md §6.1).
    public var headerHeight: Double
    /// The card's initial state (`model { state: … }`, else the first).
    public var initialState: String

    /// The state called `name`, or nil for an unknown state name.
    public func state(named name: String) -> LaidOutState? { states.first { $0.name == name } }

    /// The height in `state`, or nil for an unknown state name.
    public func height(inState state: String) -> Double? { self.state(named: state)?.height }

    /// The initial state as laid out (the first state when that one is missing): what a card
    /// shows unless told otherwise.
    public var initialLaidOutState: LaidOutState? { state(named: initialState) ?? states.first }

    /// The height in the initial state (the first state's when that one is missing).
    public var initialHeight: Double { initialLaidOutState?.height ?? padding.vertical }

    /// The tallest state (the first of equally tall ones).
    public var tallestState: LaidOutState? {
        states.reduce(nil) { best, state in
            guard let best else { return state }
            return state.height > best.height ? state : best
        }
    }
}

/// Lays out cards by the intrinsic-size model (`LayoutMetrics`).
public struct CardLayoutEngine: Sendable {
    public let metrics: ThemeMetrics

    /// An engine for `theme` (Mint's metrics when `nil`) with its fonts at `textSize`.
    public init(theme: ResolvedTheme?, textSize: ContentSizeCategory = .default) {
        self.metrics = ThemeMetrics(theme, textSize: textSize)
    }

    public init(metrics: ThemeMetrics) {
        self.metrics = metrics
    }

    /// The content inset of `card` in this theme: `cardCellMargins` top and bottom in a list
    /// cell (CardParts' `CardCell.requiresNoTopBottomMargins`), else nothing.
    public func padding(for card: CardView, isListCell: Bool = true) -> EdgeInsets {
        guard isListCell, card.trait(.noTopBottomMargins) == nil else { return .zero }
        return EdgeInsets(top: metrics.cardCellMargins.top, left: 0, bottom: metrics.cardCellMargins.bottom, right: 0)
    }

    /// The least height the top-level `parts` take whatever they hold: their vertical margins.
    public func marginHeight(of parts: PartList) -> Double {
        parts.reduce(0) { total, part in total + metrics.margins(of: part).vertical }
    }

    /// Lays out every state, overlay and the footer of `card` in `context` (its `theme` must be
    /// this engine's).
    public func layout(_ card: CardView, in context: LayoutContext) -> LaidOutCard {
        let padding = padding(for: card, isListCell: context.isListCell)
        let contentWidth = max(0, context.width - padding.horizontal)
        let layouter = PartLayouter(metrics: metrics, values: ValueResolver(model: card.model))
        let states = card.states.map { state in
            let content = layouter.stackWithMargins(state.parts, width: contentWidth)
            return LaidOutState(name: state.name, tap: state.tap, height: padding.top + content.height + padding.bottom,
                                parts: content.parts)
        }
        // An overlay or the footer is one vertical `CardPartStackView` (spacing 0) whose own
        // margins, the theme's `cardPartMargins`, the generated code makes its layout margins.
        let inner = metrics.cardPartMargins
        func stackInMargins(_ parts: PartList) -> (parts: [LaidOutPart], height: Double) {
            var content = layouter.stackVertically(parts, width: max(0, contentWidth - inner.horizontal), spacing: 0)
            for index in content.parts.indices {
                content.parts[index].frame.x += inner.left
                content.parts[index].frame.y += inner.top
            }
            return (content.parts, inner.top + content.height + inner.bottom)
        }
        let overlays = card.overlays.map { overlay in
            let content = stackInMargins(overlay.parts)
            return LaidOutOverlay(direction: overlay.direction, height: content.height, parts: content.parts)
        }
        let footer = card.footer.map { footer in
            LaidOutFooter(height: Finite.dimension(footer.height), transparent: footer.transparent, parts: stackInMargins(footer.parts).parts)
        }
        return LaidOutCard(context: context, padding: padding, contentWidth: contentWidth, states: states, overlays: overlays,
                           footer: footer, headerHeight: headerHeight(of: card, contentWidth: contentWidth, layouter: layouter),
                           initialState: card.initialState)
    }

    /// The height of every state of `card` in `context`, in the card's state order.
    public func stateHeights(of card: CardView, in context: LayoutContext) -> [Double] {
        layout(card, in: context).states.map(\.height)
    }

    /// The sheet header: the title in `titleFont` and the subtitle in `detailTextFont`, wrapped
    /// in the content width less the theme's `cardPartMargins` left and right, plus 24 points.
    func headerHeight(of card: CardView, contentWidth: Double, layouter: PartLayouter) -> Double {
        let contentWidth = max(0, contentWidth - metrics.cardPartMargins.horizontal)
        var height = LayoutMetrics.sheetHeaderPadding
        if let title = card.title {
            height += layouter.measure(layouter.values.text(title), fontSize: metrics.titleSize, width: contentWidth)
        }
        if let subtitle = card.subtitle {
            height += layouter.measure(layouter.values.text(subtitle), fontSize: metrics.detailTextSize, width: contentWidth)
        }
        return height
    }

    /// The sheet header height of `card` laid out `width` wide.
    public func headerHeight(of card: CardView, width: Double) -> Double {
        let contentWidth = max(0, Finite.dimension(width))
        return headerHeight(of: card, contentWidth: contentWidth,
                            layouter: PartLayouter(metrics: metrics, values: ValueResolver(model: card.model)))
    }
}

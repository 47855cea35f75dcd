import CardDiagnostics
import CardLayout
import CardModel

/// Draws a stack in one of its positions, each card where the layout's frames put it
/// (`DeckLayouter.layout(_:)`), the stack's viewport as wide as the canvas:
///
/// - `list`, `fullScreen`: the cards one under another, the margins between them as the frames
///   give them; each card as tall as its content in the state drawn.
/// - `collapsible`: every card `cardHeight` tall at its frame's `y`, later cards over earlier
///   ones, so collapsed only each card's top `cardOffset` shows; the container's height cuts
///   the drawing.
/// - `swipe`: the top card, its footer pinned to its bottom; behind it, each further visible
///   card one row lower and one column narrower on each side, so only its bottom edge shows.
/// - `sheet`: the map area above the card's top (the card's `map`, else the root card's),
///   then the card from its frame's `y` to the bottom of the screen with its title and
///   subtitle as the header.
struct StackPainter {
    /// The stack as drawn (`--theme` applied).
    let stack: StackView
    let laidOut: LaidOutStack
    let viewport: Viewport
    /// The state to draw cards in where they have it (else their initial state).
    let state: String?

    /// Draws `position` from row `top` across the canvas; `focus` names the card a sheet shows
    /// (default: the root card). Returns the rows used. `cards` keeps each card built and laid
    /// out for this stack, so that drawing the stack's other positions does not build it again.
    func paint(_ position: StackPosition, top: Int, focus: String?, source: inout CardSource,
               cards: inout [String: (CardPainter, LaidOutState?)], canvas: inout PreviewCanvas) -> Int {
        let mapping = CellMapping(originColumn: 0, columns: canvas.width, points: viewport.width)
        let clip = CellRect(row: top, column: 0, rows: PreviewScale.maximumPanelRows, columns: canvas.width).intersection(canvas.bounds)
        let palette = PreviewPalette(theme: source.theme(named: stack.theme))
        let metrics = source.layouter.engine(theme: stack.theme).metrics
        func painter(for name: String) -> (CardPainter, LaidOutState?)? {
            if let known = cards[name] { return known }
            guard let index = source.deck.cards.position(named: name) else { return nil }
            let card = source.card(at: index)
            let laidOut = source.layout(card, at: index, in: stack)
            let shown = state.flatMap(laidOut.state(named:)) ?? laidOut.initialLaidOutState
            let built = (CardPainter(card: card, laidOut: laidOut, palette: palette, metrics: metrics,
                                     contrast: source.contrast.failures(of: card, inTheme: laidOut.context.theme)), shown)
            cards[name] = built
            return built
        }
        func content(_ state: LaidOutState?) -> CardPainter.Content { state.map { .state($0) } ?? .nothing }
        func columns(of frame: Frame) -> (left: Int, columns: Int) {
            let left = max(0, mapping.column(frame.x))
            return (left, max(0, min(canvas.width, mapping.column(frame.x + frame.width)) - left))
        }

        switch stack.spec.geometry {
        case .list:
            var row = top
            var previousBottom: Double?
            var shadowRows = 0
            for frame in position.frames {
                guard let (card, shown) = painter(for: frame.card) else { continue }
                row += max(previousBottom == nil ? 0 : shadowRows, CellMapping.rows(frame.frame.y - (previousBottom ?? 0)))
                let (left, width) = columns(of: frame.frame)
                let rows = card.paint(content(shown), at: CardPainter.Placement(row: row, column: left, columns: width),
                                      clip: clip, canvas: &canvas)
                row += rows
                previousBottom = frame.frame.maxY
                shadowRows = card.decoration.shadow?.below == true ? 1 : 0
            }
            let end = max(row + shadowRows, row + CellMapping.rows(position.height - (previousBottom ?? 0)))
            return end - top
        case .collapsible:
            let containerRows = max(1, CellMapping.rows(position.height))
            // The container cuts the cards, but a shadow may show on the row below it.
            let container = CellRect(row: top, column: 0, rows: containerRows + 1, columns: canvas.width).intersection(clip)
            for frame in position.frames {
                guard let (card, shown) = painter(for: frame.card) else { continue }
                let (left, width) = columns(of: frame.frame)
                let placement = CardPainter.Placement(row: top + CellMapping.rows(frame.frame.y), column: left, columns: width,
                                                      rows: max(1, CellMapping.rows(frame.frame.height)))
                _ = card.paint(content(shown), at: placement, clip: container, canvas: &canvas)
            }
            return min(containerRows, clip.rows) + (canvas.isBlank(row: top + containerRows, column: 0, count: canvas.width) ? 0 : 1)
        case .swipe:
            let frames = position.frames
            var bottom = top + max(1, CellMapping.rows(viewport.height))
            for depth in frames.indices.reversed() {
                let frame = frames[depth]
                guard let (card, shown) = painter(for: frame.card) else { continue }
                let (left, width) = columns(of: frame.frame)
                let rows = max(1, CellMapping.rows(frame.frame.height))
                // Only the deepest card casts a shadow: others' would cover the edges below them.
                let deepest = depth == frames.count - 1
                let placement = CardPainter.Placement(row: top + CellMapping.rows(frame.frame.y) + depth, column: left + depth,
                                                      columns: max(0, width - 2 * depth), rows: rows, pinsFooter: depth == 0,
                                                      drawsShadow: deepest)
                _ = card.paint(depth == 0 ? content(shown) : .nothing, at: placement, clip: clip, canvas: &canvas)
                bottom = max(bottom, placement.row + rows + (deepest && card.decoration.shadow?.below == true ? 1 : 0))
            }
            return bottom - top
        case .sheet:
            let screenRows = max(1, CellMapping.rows(viewport.height))
            let screen = CellRect(row: top, column: 0, rows: screenRows, columns: canvas.width).intersection(clip)
            let name = focus ?? position.frames.first?.card
            guard let frame = position.frames.first(where: { $0.card == name }) ?? position.frames.first,
                  let (card, shown) = painter(for: frame.card) else { return screenRows }
            let cardTop = min(top + screenRows, top + max(0, CellMapping.rows(frame.frame.y)))
            // The map: the card's own, else the root card's.
            var map: (part: PartView, model: FieldList)?
            if let own = shown.flatMap({ PartArguments.firstMap(in: $0.parts) }) {
                map = (own.part, card.card.model)
            } else if let root = position.frames.first?.card, root != frame.card, let (rootCard, rootState) = painter(for: root),
                      let rootMap = rootState.flatMap({ PartArguments.firstMap(in: $0.parts) }) {
                map = (rootMap.part, rootCard.card.model)
            }
            paintMap(label: map.map { PartArguments.mapLabel($0.part, values: ValueResolver(model: $0.model)) }, part: map?.part,
                     rows: cardTop - top, top: top, screen: screen, canvas: &canvas)
            if cardTop < screen.maxRow {
                let placement = CardPainter.Placement(row: cardTop, column: 0, columns: canvas.width, rows: screen.maxRow - cardTop,
                                                      isSheet: true)
                _ = card.paint(content(shown), at: placement, clip: screen, canvas: &canvas)
            }
            return screenRows
        }
    }

    /// The map area above a sheet card.
    private func paintMap(label: String?, part: PartView?, rows: Int, top: Int, screen: CellRect, canvas: inout PreviewCanvas) {
        guard rows > 0 else { return }
        var type = "standard"
        if case .enumCase(let name, _)? = part?.property("type") { type = name }
        PartPainter.paintMapArea(CellRect(row: top, column: 0, rows: rows, columns: canvas.width),
                                 label: label ?? String(PreviewGlyphs.pin) + " map", type: type, clip: screen, canvas: &canvas)
    }
}

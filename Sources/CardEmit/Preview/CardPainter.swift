#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CardDiagnostics
import CardLayout
import CardModel

/// How a card's frame looks, from its traits (`CardAppearance`): `╭╮╰╯` corners with `rounded`,
/// `┌┐└┘` otherwise, heavy `━┃` edges with `border`, a `▒` shadow edge with `shadow` (right and
/// below, or left/above for negative offsets), a `✎` in the top edge with `editable`; the
/// background is the theme's `cardBackgroundColor`, or the `gradient`'s colours across the frame
/// at its angle (colour output only). A `transparent` card has no background and, unless its
/// border or gradient draws one, no frame; a shadow that falls from its parts (W501) is not
/// drawn: a terminal cell has no shadow of its text.
struct CardDecoration {
    enum Edge { case none, light, heavy }

    var edge: Edge
    var isRounded: Bool
    var edgeColor: RGBColor?
    /// Where the shadow falls, if any.
    var shadow: (right: Bool, below: Bool, color: RGBColor?)?
    var background: RGBColor?
    var gradient: (colors: [RGBColor], angle: Double)?
    var isEditable: Bool

    /// Cells the frame's edge takes on each side.
    var inset: Int { edge == .none ? 0 : 1 }

    init(card: CardView, isListCell: Bool, palette: PreviewPalette) {
        let appearance = CardAppearance(card: card, isListCell: isListCell)
        isRounded = appearance.cornerRadius != nil
        isEditable = appearance.isEditable
        // What a translucent colour of the card is blended over: the screen behind a transparent card.
        let under = appearance.isTransparent ? PreviewPalette.screenBackground : palette.cardBackground
        background = appearance.isTransparent ? nil : palette.cardBackground
        if let border = appearance.border {
            edge = .heavy
            edgeColor = PreviewPalette.rgb(border.color, over: under)
        } else if appearance.isTransparent && appearance.gradient == nil {
            edge = .none
            edgeColor = nil
        } else {
            edge = .light
            edgeColor = PreviewPalette.cardEdge
        }
        shadow = appearance.shadow.flatMap { $0.fallsFromParts ? nil : ($0.offsetX >= 0, $0.offsetY >= 0, PreviewPalette.rgb($0.color)) }
        if let gradient = appearance.gradient {
            let colors = gradient.colors.compactMap { PreviewPalette.rgb($0, over: under) }
            self.gradient = colors.count >= 2 ? (colors, gradient.angle) : nil
        } else {
            gradient = nil
        }
    }
}

/// Draws one laid-out card: its frame (`CardDecoration`), its content box inset by the theme's
/// margins, the parts of one state (or one swipe overlay), and the footer.
struct CardPainter {
    let card: CardView
    let laidOut: LaidOutCard
    let palette: PreviewPalette
    let metrics: ThemeMetrics
    let decoration: CardDecoration
    /// The parts (and the sheet header) that fail W1001 or W1004 in the theme drawn: marked.
    let contrast: (parts: [PartView: [ContrastFailure]], header: [ContrastFailure])

    init(card: CardView, laidOut: LaidOutCard, palette: PreviewPalette, metrics: ThemeMetrics,
         contrast: (parts: [PartView: [ContrastFailure]], header: [ContrastFailure]) = ([:], [])) {
        self.card = card
        self.laidOut = laidOut
        self.palette = palette
        self.metrics = metrics
        self.contrast = contrast
        decoration = CardDecoration(card: card, isListCell: laidOut.context.isListCell, palette: palette)
    }

    /// Where and how a card is drawn.
    struct Placement {
        /// The frame's top-left cell.
        var row: Int
        var column: Int
        /// The frame's width in columns (the shadow falls outside).
        var columns: Int
        /// The frame's height: nil for as tall as the content needs (a card on its own, in a
        /// list); a number for a stack's fixed frame, the content cut at it. A fixed frame first
        /// blanks the cells under it.
        var rows: Int?
        /// A sheet card: the title and subtitle as a header, a grabber in the top edge, and no
        /// bottom edge (the sheet runs on below the screen).
        var isSheet = false
        /// A swipe stack's card: the footer pinned to the bottom of the frame.
        var pinsFooter = false
        /// Whether the card's shadow is drawn (a swipe stack draws only the deepest card's).
        var drawsShadow = true
    }

    /// What fills the content box.
    enum Content {
        case state(LaidOutState)
        case overlay(LaidOutOverlay)
        /// Only the frame (a card behind the top card of a swipe stack).
        case nothing
    }

    /// Draws the card; returns the rows its frame takes (its shadow not counted).
    func paint(_ content: Content, at placement: Placement, clip: CellRect, canvas: inout PreviewCanvas) -> Int {
        // Loops below run to the clip's edges: never past the canvas's.
        let clip = clip.intersection(canvas.bounds)
        let inset = decoration.inset
        let padding = laidOut.padding
        let width = laidOut.context.width
        let mapping = CellMapping(originColumn: placement.column, columns: placement.columns, points: width)
        let frameLimit = CellRect(row: placement.row, column: placement.column,
                                  rows: placement.rows ?? PreviewScale.maximumPanelRows, columns: placement.columns)
        let frameClip = clip.intersection(frameLimit)
        if placement.rows != nil { canvas.erase(frameLimit, clip: clip) }

        let values = ValueResolver(model: card.model)
        // Inside an edge, content keeps one blank column from it however narrow the margins map.
        let gap = inset > 0 ? inset + 1 : 0
        let contentLeft = min(max(placement.column + gap, mapping.column(padding.left)), placement.column + placement.columns - gap)
        let contentRight = max(contentLeft, min(placement.column + placement.columns - gap, mapping.column(width - padding.right)))
        var top = placement.row + max(inset, CellMapping.rows(padding.top))
        if placement.isSheet {
            top = paintHeader(values: values, row: placement.row + inset, left: contentLeft,
                              columns: contentRight - contentLeft, clip: frameClip, canvas: &canvas)
            if contrast.header.contains(where: \.isReported) {
                PartPainter.mark(row: placement.row + inset, column: contentLeft - 1, clip: frameClip, canvas: &canvas)
            }
        }
        let innerBottom = placement.rows.map { placement.row + $0 - (placement.isSheet ? 0 : inset) } ?? frameLimit.maxRow
        let contentClip = frameClip.intersection(CellRect(row: placement.row + inset, column: placement.column + inset,
                                                          rows: innerBottom - placement.row - inset,
                                                          columns: placement.columns - 2 * inset))
        var painter = PartPainter(palette: palette, metrics: metrics, values: values, mapping: mapping, clip: contentClip,
                                  background: decoration.background)
        // A failing contrast is marked in the column left of the content, on the part's first row.
        painter.contrast = contrast.parts
        painter.markColumn = contentLeft - 1
        painter.markClip = contentClip

        var bottom = top
        // Only a card drawn without its parts takes its height from the layout: drawn content
        // decides the rows, as its parts' rows are stacked (`StackedRows`) and rounding the
        // card's height on its own could leave a blank row under them.
        var frameOnlyRows = 0
        switch content {
        case .state(let state):
            let used = painter.paintStacked(state.parts, top: top, left: contentLeft, columns: contentRight - contentLeft,
                                            originX: padding.left, height: max(0, state.height - padding.vertical), canvas: &canvas)
            bottom = top + used
            if let footer = laidOut.footer {
                bottom = paintFooter(footer, after: bottom, placement: placement, painter: painter, left: contentLeft,
                                     columns: contentRight - contentLeft, canvas: &canvas)
            }
        case .overlay(let overlay):
            let used = painter.paintStacked(overlay.parts, top: top, left: contentLeft, columns: contentRight - contentLeft,
                                            originX: padding.left, height: overlay.height, canvas: &canvas)
            bottom = top + used
        case .nothing:
            frameOnlyRows = CellMapping.rows(laidOut.initialHeight)
        }
        let grown = bottom - placement.row + max(inset, CellMapping.rows(padding.bottom))
        let rows = min(placement.rows ?? max(frameOnlyRows, grown, 2 * inset), frameLimit.rows)
        let frame = CellRect(row: placement.row, column: placement.column, rows: rows, columns: placement.columns)
        paintBackground(frame, mapping: mapping, clip: clip, canvas: &canvas)
        paintEdges(frame, isSheet: placement.isSheet, clip: clip, canvas: &canvas)
        if placement.drawsShadow { paintShadow(frame, clip: clip, canvas: &canvas) }
        return rows
    }

    /// Draws the card on its own in `columns` columns from (`row`, `column`), as tall as its
    /// content, leaving room for its shadow; returns the rows taken, shadow included.
    func paintPanel(_ content: Content, row: Int, column: Int, columns: Int, canvas: inout PreviewCanvas) -> Int {
        let shadow = decoration.shadow
        let placement = Placement(row: row + (shadow?.below == false ? 1 : 0), column: column + (shadow?.right == false ? 1 : 0),
                                  columns: max(0, columns - (shadow == nil ? 0 : 1)))
        let clip = CellRect(row: row, column: column, rows: PreviewScale.maximumPanelRows, columns: columns)
        return paint(content, at: placement, clip: clip, canvas: &canvas) + (shadow == nil ? 0 : 1)
    }

    /// The sheet header: the title (bold, `titleFont`'s colour) and subtitle (dim), as many rows
    /// as the layout's `headerHeight`; returns the row the content starts at.
    func paintHeader(values: ValueResolver, row: Int, left: Int, columns: Int, clip: CellRect, canvas: inout PreviewCanvas) -> Int {
        let painter = PartPainter(palette: palette, metrics: metrics, values: values,
                                  mapping: CellMapping(originColumn: left, columns: columns, points: 1), clip: clip,
                                  background: decoration.background)
        var next = row
        if card.title != nil {
            painter.paintLine(values.text(card.title), row: next, left: left, columns: columns,
                              style: TerminalStyle(isBold: true, foreground: palette.title), canvas: &canvas)
            next += 1
        }
        if card.subtitle != nil {
            painter.paintLine(values.text(card.subtitle), row: next, left: left, columns: columns,
                              style: TerminalStyle(isDim: true, foreground: palette.detailText), canvas: &canvas)
            next += 1
        }
        // The header's rows by the layout, counted from the frame's top edge.
        return max(next, row - decoration.inset + CellMapping.rows(laidOut.headerHeight))
    }

    /// The footer: pinned to the bottom of a fixed frame (covering what is under it), else after
    /// the content below a dotted rule. Returns the row after it.
    func paintFooter(_ footer: LaidOutFooter, after bottom: Int, placement: Placement, painter: PartPainter, left: Int, columns: Int,
                     canvas: inout PreviewCanvas) -> Int {
        let footerRows = max(1, CellMapping.rows(footer.height))
        var top = bottom + 1
        if placement.pinsFooter, let rows = placement.rows {
            top = placement.row + rows - decoration.inset - footerRows
            canvas.erase(CellRect(row: top, column: left, rows: footerRows, columns: columns), clip: painter.clip)
        } else {
            let rule = canvas.number(of: TerminalStyle(isDim: true, foreground: palette.separator))
            canvas.fillRow(bottom, from: left, to: left + columns, with: PreviewGlyphs.dottedHorizontal, style: rule, clip: painter.clip)
        }
        _ = painter.paintStacked(footer.parts, top: top, left: left, columns: columns, originX: laidOut.padding.left,
                                 height: footer.height, canvas: &canvas)
        return top + footerRows
    }

    /// The card's background over its frame: a solid colour or the gradient.
    func paintBackground(_ frame: CellRect, mapping: CellMapping, clip: CellRect, canvas: inout PreviewCanvas) {
        guard canvas.isStyled else { return }
        if let gradient = decoration.gradient {
            let radians = gradient.angle * .pi / 180
            let dx = cos(radians), dy = sin(radians)
            let width = laidOut.context.width, height = Double(frame.rows) * PreviewScale.pointsPerRow
            let extent = abs(width * dx) + abs(height * dy)
            let perColumn = mapping.columnsPerPoint > 0 ? 1 / mapping.columnsPerPoint : 0
            canvas.paintBackground(frame, clip: clip) { row, column in
                let x = (Double(column - frame.column) + 0.5) * perColumn - width / 2
                let y = (Double(row - frame.row) + 0.5) * PreviewScale.pointsPerRow - height / 2
                let t = extent > 0 ? (x * dx + y * dy) / extent + 0.5 : 0
                return PreviewPalette.interpolate(gradient.colors, at: t)
            }
        } else {
            canvas.paintBackground(frame, color: decoration.background, clip: clip)
        }
    }

    /// The frame's edges, by the decoration.
    func paintEdges(_ frame: CellRect, isSheet: Bool, clip: CellRect, canvas: inout PreviewCanvas) {
        guard decoration.edge != .none, frame.columns >= 2, frame.rows >= 1 else { return }
        let heavy = decoration.edge == .heavy
        let horizontal = heavy ? PreviewGlyphs.heavyHorizontal : PreviewGlyphs.horizontal
        let vertical = heavy ? PreviewGlyphs.heavyVertical : PreviewGlyphs.vertical
        let corners: (Unicode.Scalar, Unicode.Scalar, Unicode.Scalar, Unicode.Scalar) =
            decoration.isRounded ? (PreviewGlyphs.roundTopLeft, PreviewGlyphs.roundTopRight, PreviewGlyphs.roundBottomLeft, PreviewGlyphs.roundBottomRight)
            : heavy ? (PreviewGlyphs.heavyTopLeft, PreviewGlyphs.heavyTopRight, PreviewGlyphs.heavyBottomLeft, PreviewGlyphs.heavyBottomRight)
            : (PreviewGlyphs.topLeft, PreviewGlyphs.topRight, PreviewGlyphs.bottomLeft, PreviewGlyphs.bottomRight)
        let style = canvas.number(of: TerminalStyle(foreground: decoration.edgeColor))
        let last = frame.maxColumn - 1
        let hasBottom = !isSheet && frame.rows >= 2
        canvas.fillRow(frame.row, from: frame.column + 1, to: last, with: horizontal, style: style, clip: clip)
        if hasBottom { canvas.fillRow(frame.maxRow - 1, from: frame.column + 1, to: last, with: horizontal, style: style, clip: clip) }
        for row in (frame.row + 1)..<max(frame.row + 1, hasBottom ? frame.maxRow - 1 : frame.maxRow) {
            if row >= clip.maxRow { break }
            canvas.put(vertical, row: row, column: frame.column, style: style, clip: clip)
            canvas.put(vertical, row: row, column: last, style: style, clip: clip)
        }
        canvas.put(corners.0, row: frame.row, column: frame.column, style: style, clip: clip)
        canvas.put(corners.1, row: frame.row, column: last, style: style, clip: clip)
        if hasBottom {
            canvas.put(corners.2, row: frame.maxRow - 1, column: frame.column, style: style, clip: clip)
            canvas.put(corners.3, row: frame.maxRow - 1, column: last, style: style, clip: clip)
        }
        if isSheet && frame.columns >= 9 {
            let grabber = canvas.number(of: TerminalStyle(isDim: true))
            let start = frame.column + frame.columns / 2 - 2
            canvas.fillRow(frame.row, from: start, to: start + 4, with: PreviewGlyphs.grabber, style: grabber, clip: clip)
        }
        if decoration.isEditable && frame.columns >= 6 {
            canvas.put(PreviewGlyphs.edit, row: frame.row, column: last - 2, style: style, clip: clip)
        }
    }

    /// A `▒` edge one cell outside the frame, on the shadow's sides.
    func paintShadow(_ frame: CellRect, clip: CellRect, canvas: inout PreviewCanvas) {
        guard let shadow = decoration.shadow, frame.rows >= 1, frame.columns >= 1 else { return }
        let style = canvas.number(of: TerminalStyle(isDim: shadow.color == nil, foreground: shadow.color))
        let sideColumn = shadow.right ? frame.maxColumn : frame.column - 1
        let edgeRow = shadow.below ? frame.maxRow : frame.row - 1
        let rowShift = shadow.below ? 1 : -1, columnShift = shadow.right ? 1 : -1
        for row in frame.row..<frame.maxRow {
            if row + rowShift >= clip.maxRow { break }
            canvas.put(PreviewGlyphs.shadow, row: row + rowShift, column: sideColumn, style: style, clip: clip)
        }
        canvas.fillRow(edgeRow, from: frame.column + columnShift, to: frame.maxColumn + columnShift, with: PreviewGlyphs.shadow,
                       style: style, clip: clip)
    }
}

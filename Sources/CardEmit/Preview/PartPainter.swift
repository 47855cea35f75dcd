import CardDiagnostics
import CardLayout
import CardModel

/// Draws laid-out parts (`LaidOutPart`, frames from the layout engine) as rows of text.
///
/// Rows follow the frames: a part takes `frame.height / 16` rows (`PreviewScale`), rounded, and
/// starts after the part above it by its gap in rows, rounded (`StackedRows`), so equal heights
/// stay equal; a child of a row keeps the row's top, bottom or centre (`CellMapping.row(ofChild:
/// inRowOf:)`), so centred children share their middle row. A part that needs more rows than
/// its frame to show anything — one row for any visible part, a row per line the layout model
/// counts for a text — gets them, and the parts below move down by as many rows; a part never
/// starts above the end of the one before it. Columns follow the frames through `mapping`, each part's rect
/// kept inside its container's.
///
/// Text shown comes from `ValueResolver` (bindings show their model default, a table row's
/// field, or `‹name›`) and is wrapped with `TerminalText`, which escapes anything hostile.
struct PartPainter {
    var palette: PreviewPalette
    var metrics: ThemeMetrics
    var values: ValueResolver
    /// Points of the panel (a card frame, from its left edge) to columns.
    var mapping: CellMapping
    /// Nothing is drawn outside this.
    var clip: CellRect
    /// The background under the parts, for colours with alpha.
    var background: RGBColor?
    /// The parts whose text (W1001) or graphics (W1004) fail in the theme drawn, and the column
    /// their mark goes in (left of the card's content).
    var contrast: [PartView: [ContrastFailure]] = [:]
    var markColumn: Int?
    /// Where a mark may go: the card's content, whatever clip a row's slot narrows `clip` to.
    var markClip: CellRect?

    /// The mark of a failing contrast: `!`, white on red with colour (7.1:1, so the mark passes
    /// what it marks).
    static let markGlyph: Unicode.Scalar = "!"
    static let markStyle = TerminalStyle(isBold: true, foreground: RGBColor(red: 255, green: 255, blue: 255),
                                         background: RGBColor(red: 176, green: 0, blue: 32))

    static func mark(row: Int, column: Int, clip: CellRect, canvas: inout PreviewCanvas) {
        canvas.put(markGlyph, row: row, column: column, style: canvas.number(of: markStyle), clip: clip)
    }

    // MARK: Stacking

    /// Paints `parts` one under another; `top`, `left` and `columns` place the container, whose
    /// left edge is at `originX` points and which is `height` points tall. Returns the rows used:
    /// the container's rows, or more where its parts needed more.
    func paintStacked(_ parts: [LaidOutPart], top: Int, left: Int, columns: Int, originX: Double, height: Double,
                      canvas: inout PreviewCanvas) -> Int {
        var shift = 0
        var end = top
        var stacked = StackedRows()
        for part in parts {
            if end >= clip.maxRow { break }  // nothing below shows
            var start = top + stacked.place(y: part.frame.y, height: part.frame.height).row + shift
            if start < end {
                shift += end - start
                start = end
            }
            let (childLeft, childColumns) = place(part, in: left, columns, originX: originX)
            let used = paint(part, top: start, left: childLeft, columns: childColumns, originX: originX + part.frame.x, canvas: &canvas)
            end = max(end, start + used)
        }
        return max(stacked.rows(toHeight: height) + shift, end - top)
    }

    /// The columns of a child inside a container at `left`…`left + columns` whose frame starts
    /// at `originX` points: the child's mapped edges, relative to the container's, kept inside it.
    func place(_ child: LaidOutPart, in left: Int, _ columns: Int, originX: Double) -> (left: Int, columns: Int) {
        let base = mapping.column(originX)
        let start = min(max(left, left + mapping.column(originX + child.frame.x) - base), left + columns)
        let end = min(max(start, left + mapping.column(originX + child.frame.x + child.frame.width) - base), left + columns)
        return (start, end - start)
    }

    // MARK: Parts

    /// Paints one part with its top at `top`, in `columns` columns from `left`; `originX` is the
    /// x of its frame in points. Returns the rows it takes.
    func paint(_ laidOut: LaidOutPart, top: Int, left: Int, columns: Int, originX: Double, canvas: inout PreviewCanvas) -> Int {
        let rows = paintPart(laidOut, top: top, left: left, columns: columns, originX: originX, canvas: &canvas)
        if let markColumn, contrast[laidOut.part]?.contains(where: \.isReported) == true {
            // The middle of the part's rows: where a large text's line sits.
            Self.mark(row: top + max(0, rows - 1) / 2, column: markColumn, clip: markClip ?? clip, canvas: &canvas)
        }
        return rows
    }

    func paintPart(_ laidOut: LaidOutPart, top: Int, left: Int, columns: Int, originX: Double, canvas: inout PreviewCanvas) -> Int {
        let part = laidOut.part
        let frame = laidOut.frame
        let mapped = max(0, CellMapping.rows(frame.height))
        let rect = CellRect(row: top, column: left, rows: max(1, mapped), columns: columns)
        switch PaintedPart(part.part) {
        case .text:
            let styleName = caseName(part, "style")
            var size = metrics.size(ofTextStyle: styleName)
            if case .font(let font)? = part.property("font") { size = Finite.clamp(font.size, 0.01, 10_000) }
            var style = palette.textStyle(styleName)
            if let color = color(part, "color") { style.foreground = color }
            let text = string(part, "text")
            let cap = Int(Finite.clamp(number(part, "lines") ?? 0, 0, 1e6))
            var lines = LayoutMetrics.lineCount(of: text, fontSize: size, width: frame.width)
            if cap > 0 { lines = min(lines, cap) }
            // Large type takes more rows than lines: the lines sit in the middle of them (the
            // upper middle), as a label centres its text, so a centred row keeps them level.
            let lead = max(0, (mapped - max(1, lines)) / 2)
            let drawn = paintText(text, row: top + lead, left: left, columns: columns, maximumLines: cap, style: style,
                                  alignment: alignment(caseName(part, "alignment")), canvas: &canvas)
            return max(1, mapped, lines, lead + drawn)
        case .title:
            let hasMenu = part.hasArgument("menu")
            let text = string(part, "text")
            let lines = LayoutMetrics.lineCount(of: text, fontSize: metrics.titleSize,
                                                width: frame.width - (hasMenu ? LayoutMetrics.titleMenuButtonWidth : 0))
            let style = TerminalStyle(isBold: true, foreground: palette.title)
            let drawn = paintText(text, row: top, left: left, columns: columns - (hasMenu ? 2 : 0), maximumLines: 0, style: style,
                                  alignment: .leading, canvas: &canvas)
            if hasMenu && columns >= 3 {
                canvas.put(PreviewGlyphs.menu, row: top, column: left + columns - 1, style: canvas.number(of: style), clip: clip)
            }
            return max(1, mapped, lines, drawn)
        case .attributedText:
            let images = paintStacked(laidOut.children, top: top, left: left, columns: columns, originX: originX,
                                      height: laidOut.children.last?.frame.maxY ?? 0, canvas: &canvas)
            let text = string(part, "text")
            let lines = LayoutMetrics.lineCount(of: text, fontSize: metrics.normalTextSize, width: frame.width)
            let drawn = paintText(text, row: top + images, left: left, columns: columns, maximumLines: 0,
                                  style: palette.bodyText, alignment: .leading, canvas: &canvas)
            return max(mapped, images + max(lines, drawn))
        case .image:
            paintImage(string(part, "name"), in: rect, tint: color(part, "tint"), canvas: &canvas)
            return rect.rows
        case .button:
            paintButton(string(part, "title"), in: rect, alignment: caseName(part, "alignment") ?? "left", canvas: &canvas)
            return rect.rows
        case .titleDescription:
            return paintTitleDescription(part, in: rect, frameWidth: frame.width, canvas: &canvas)
        case .pill:
            paintPill(string(part, "text"), in: rect, padding: mapping.columns(number(part, "horizontalPadding") ?? 2), canvas: &canvas)
            return rect.rows
        case .iconLabel:
            return paintIconLabel(part, in: rect, frameWidth: frame.width, canvas: &canvas)
        case .separator:
            let style = canvas.number(of: TerminalStyle(foreground: palette.separator))
            canvas.fillRow(top + (rect.rows - 1) / 2, from: left, to: left + columns, with: PreviewGlyphs.horizontal, style: style, clip: clip)
            return rect.rows
        case .verticalSeparator:
            let style = canvas.number(of: TerminalStyle(foreground: palette.separator))
            for row in top..<max(top, min(rect.maxRow, clip.maxRow)) {
                canvas.put(PreviewGlyphs.vertical, row: row, column: left, style: style, clip: clip)
            }
            return rect.rows
        case .hstack, .centered:
            return paintRow(laidOut, top: top, left: left, columns: columns, originX: originX, canvas: &canvas)
        case .table:
            return paintTable(laidOut, top: top, left: left, columns: columns, originX: originX, canvas: &canvas)
        case .collection:
            return paintCollection(laidOut, top: top, left: left, columns: columns, originX: originX, canvas: &canvas)
        case .bar:
            paintBar(part, in: rect, canvas: &canvas)
            return rect.rows
        case .paged:
            return paintPaged(laidOut, in: rect, originX: originX, canvas: &canvas)
        case .slider:
            paintSlider(part, in: rect, canvas: &canvas)
            return rect.rows
        case .multiSlider:
            paintMultiSlider(part, in: rect, canvas: &canvas)
            return rect.rows
        case .spacer:
            return mapped
        case .textField:
            paintTextField(part, in: rect, canvas: &canvas)
            return rect.rows
        case .confetti:
            paintConfetti(part, in: rect, canvas: &canvas)
            return rect.rows
        case .progressBar:
            return paintProgressBar(part, in: rect, canvas: &canvas)
        case .map:
            paintMap(part, in: rect, canvas: &canvas)
            return rect.rows
        case .radio:
            let selected = bool(part, "selected") ?? false
            let color = color(part, selected ? "innerColor" : "outerColor") ?? PreviewPalette.systemBlue
            canvas.put(selected ? PreviewGlyphs.radioOn : PreviewGlyphs.radioOff, row: top + (rect.rows - 1) / 2, column: left,
                       style: canvas.number(of: TerminalStyle(foreground: color)), clip: clip.intersection(rect))
            return rect.rows
        case .histogram:
            paintHistogram(part, in: rect, canvas: &canvas)
            return rect.rows
        case .cell:
            // A table or collection row: its values are the row's.
            var row = self
            if let fields = laidOut.row { row.values.row = fields }
            return row.paintStacked(laidOut.children, top: top, left: left, columns: columns, originX: originX,
                                    height: frame.height, canvas: &canvas)
        case .stacked:
            // vstack, oriented, and anything else that holds parts.
            let used = paintStacked(laidOut.children, top: top, left: left, columns: columns, originX: originX,
                                    height: frame.height, canvas: &canvas)
            if let background = color(part, "background") {
                canvas.paintBackground(rect.with(rows: used), color: background, clip: clip)
            }
            return used
        }
    }

    // MARK: Arguments

    /// The argument readers and shared decisions (`PartArguments`, one implementation for every
    /// drawing back end).
    var arguments: PartArguments { PartArguments(values: values) }

    /// The text an argument shows (a binding's default, a row's field, or `‹name›`).
    func string(_ part: PartView, _ name: String) -> String { arguments.string(part, name) }

    func number(_ part: PartView, _ name: String) -> Double? { arguments.number(part, name) }

    func bool(_ part: PartView, _ name: String) -> Bool? { arguments.bool(part, name) }

    func color(_ part: PartView, _ name: String) -> RGBColor? {
        PreviewPalette.rgb(arguments.colorValue(part, name), over: background)
    }

    func caseName(_ part: PartView, _ name: String) -> String? { arguments.caseName(part, name) }

    /// The elements of a list argument (a binding's default list).
    func elements(_ part: PartView, _ name: String) -> [Value] { arguments.elements(part, name) }

    func alignment(_ caseName: String?) -> TerminalText.Alignment {
        switch caseName {
        case "center": .center
        case "right", "trailing": .trailing
        default: .leading
        }
    }

    // MARK: Text

    /// `text` wrapped to `columns` columns from (`row`, `left`), each line placed by
    /// `alignment`: as many lines as it takes, or at most `maximumLines` (when above 0), the last
    /// then ending with `…` if the text was cut. Returns the number of lines.
    @discardableResult
    func paintText(_ text: String, row: Int, left: Int, columns: Int, maximumLines: Int, style: TerminalStyle,
                   alignment: TerminalText.Alignment, canvas: inout PreviewCanvas) -> Int {
        guard columns > 0, !text.isEmpty else { return 0 }
        let lines = maximumLines > 0 ? TerminalText.wrap(text, width: columns, maximumLines: maximumLines)
            : TerminalText.wrap(text, width: columns)
        guard row < clip.maxRow else { return lines.count }
        let number = canvas.number(of: style)
        let area = clip.intersection(CellRect(row: row, column: left, rows: lines.count, columns: columns))
        for (index, line) in lines.enumerated() {
            if row + index >= area.maxRow { break }
            canvas.write(line, row: row + index, column: left + offset(of: line, in: columns, alignment), style: number, clip: area)
        }
        return lines.count
    }

    /// Where a line starts in `columns` columns.
    func offset(of line: String, in columns: Int, _ alignment: TerminalText.Alignment) -> Int {
        switch alignment {
        case .leading: return 0
        case .center: return max(0, (columns - TerminalText.displayWidth(of: line)) / 2)
        case .trailing: return max(0, columns - TerminalText.displayWidth(of: line))
        }
    }

    /// One line of text, cut with `…` to `columns`, placed by `alignment` on `row`.
    func paintLine(_ text: String, row: Int, left: Int, columns: Int, style: TerminalStyle,
                   alignment: TerminalText.Alignment = .leading, canvas: inout PreviewCanvas) {
        guard columns > 0 else { return }
        let line = TerminalText.truncate(text, to: columns)
        let area = clip.intersection(CellRect(row: row, column: left, rows: 1, columns: columns))
        canvas.write(line, row: row, column: left + offset(of: line, in: columns, alignment), style: canvas.number(of: style), clip: area)
    }

    // MARK: Leaf parts

    /// A dashed box with `▣ name` in its middle row; on fewer than 3 rows, `[▣ name]`.
    func paintImage(_ name: String, in rect: CellRect, tint: RGBColor?, canvas: inout PreviewCanvas) {
        let style = TerminalStyle(isDim: tint == nil, foreground: tint)
        let number = canvas.number(of: style)
        let label = String(PreviewGlyphs.image) + " " + name
        guard rect.rows >= 3 && rect.columns >= 6 else {
            paintLine("[" + TerminalText.truncate(label, to: max(0, rect.columns - 2)) + "]", row: rect.row, left: rect.column,
                      columns: rect.columns, style: style, canvas: &canvas)
            return
        }
        paintBox(rect, horizontal: PreviewGlyphs.dashedHorizontal, vertical: PreviewGlyphs.dashedVertical, style: number, canvas: &canvas)
        paintLine(label, row: rect.row + (rect.rows - 1) / 2, left: rect.column + 2, columns: rect.columns - 4, style: style,
                  alignment: .center, canvas: &canvas)
    }

    /// A box with square corners and the given edges.
    func paintBox(_ rect: CellRect, horizontal: Unicode.Scalar, vertical: Unicode.Scalar, style: UInt16, canvas: inout PreviewCanvas) {
        guard rect.rows >= 2 && rect.columns >= 2 else { return }
        let area = clip.intersection(rect)
        canvas.fillRow(rect.row, from: rect.column + 1, to: rect.maxColumn - 1, with: horizontal, style: style, clip: area)
        canvas.fillRow(rect.maxRow - 1, from: rect.column + 1, to: rect.maxColumn - 1, with: horizontal, style: style, clip: area)
        for row in (rect.row + 1)..<(rect.maxRow - 1) {
            if row >= area.maxRow { break }
            canvas.put(vertical, row: row, column: rect.column, style: style, clip: area)
            canvas.put(vertical, row: row, column: rect.maxColumn - 1, style: style, clip: area)
        }
        canvas.put(PreviewGlyphs.topLeft, row: rect.row, column: rect.column, style: style, clip: area)
        canvas.put(PreviewGlyphs.topRight, row: rect.row, column: rect.maxColumn - 1, style: style, clip: area)
        canvas.put(PreviewGlyphs.bottomLeft, row: rect.maxRow - 1, column: rect.column, style: style, clip: area)
        canvas.put(PreviewGlyphs.bottomRight, row: rect.maxRow - 1, column: rect.maxColumn - 1, style: style, clip: area)
    }

    /// `[ title ]` on the middle row, placed by the button's alignment; `.fill` spans the width.
    func paintButton(_ title: String, in rect: CellRect, alignment: String, canvas: inout PreviewCanvas) {
        let style = TerminalStyle(foreground: palette.buttonTitle)
        let row = rect.row + (rect.rows - 1) / 2
        guard rect.columns >= 5 else {
            paintLine(title, row: row, left: rect.column, columns: rect.columns, style: style, canvas: &canvas)
            return
        }
        let label: String
        if alignment == "fill" {
            label = "[" + TerminalText.pad(title, to: rect.columns - 2, alignment: .center) + "]"
        } else {
            label = "[ " + TerminalText.truncate(title, to: rect.columns - 4) + " ]"
        }
        paintLine(label, row: row, left: rect.column, columns: rect.columns, style: style, alignment: self.alignment(alignment),
                  canvas: &canvas)
    }

    /// Left and right halves, each a title over its description (`titlePosition: .bottom`
    /// swaps them); the right half is right-aligned, or centred with `secondaryPosition: .center`.
    func paintTitleDescription(_ part: PartView, in rect: CellRect, frameWidth: Double, canvas: inout PreviewCanvas) -> Int {
        let titleFirst = caseName(part, "titlePosition") != "bottom"
        let rightAlignment: TerminalText.Alignment = caseName(part, "secondaryPosition") == "center" ? .center : .trailing
        let leftColumns = rect.columns / 2
        let rightColumns = max(0, rect.columns - leftColumns - 1)
        func side(_ title: String, _ description: String, left: Int, columns: Int, alignment: TerminalText.Alignment) -> Int {
            var pieces: [(String, Double, TerminalStyle)] = []
            if part.hasArgument(title) { pieces.append((string(part, title), metrics.normalTextSize, palette.bodyText)) }
            if part.hasArgument(description) {
                pieces.append((string(part, description), metrics.detailTextSize, palette.textStyle("detail")))
            }
            if !titleFirst { pieces.reverse() }
            var row = rect.row
            for (text, size, style) in pieces {
                let lines = LayoutMetrics.lineCount(of: text, fontSize: size, width: frameWidth / 2)
                let drawn = paintText(text, row: row, left: left, columns: columns, maximumLines: 0, style: style,
                                      alignment: alignment, canvas: &canvas)
                row += max(lines, drawn)
            }
            return row - rect.row
        }
        let leftRows = side("leftTitle", "leftDescription", left: rect.column, columns: leftColumns, alignment: .leading)
        let rightRows = side("rightTitle", "rightDescription", left: rect.maxColumn - rightColumns, columns: rightColumns,
                             alignment: rightAlignment)
        return max(rect.rows, leftRows, rightRows)
    }

    /// `( text )` on the middle row, with the pill's horizontal padding.
    func paintPill(_ text: String, in rect: CellRect, padding: Int, canvas: inout PreviewCanvas) {
        let style = TerminalStyle(foreground: palette.titleText, background: palette.separator)
        let spaces = String(repeating: " ", count: min(max(1, padding), 4))
        let inner = TerminalText.truncate(text, to: max(0, rect.columns - 2 - 2 * spaces.count))
        paintLine("(" + spaces + inner + spaces + ")", row: rect.row + (rect.rows - 1) / 2, left: rect.column,
                  columns: rect.columns, style: style, canvas: &canvas)
    }

    /// `▣ text` (or `text ▣` with `iconPosition: .right`), wrapped, placed by `alignment`.
    func paintIconLabel(_ part: PartView, in rect: CellRect, frameWidth: Double, canvas: inout PreviewCanvas) -> Int {
        let text = string(part, "text")
        let iconRight = caseName(part, "iconPosition") == "right"
        let icon = String(PreviewGlyphs.image)
        let iconWidth = LayoutMetrics.textHeight(lines: 1, fontSize: metrics.normalTextSize) + (number(part, "iconPadding") ?? 0)
        let lines = LayoutMetrics.lineCount(of: text, fontSize: metrics.normalTextSize, width: frameWidth - iconWidth)
        let wrapped = TerminalText.wrap(text, width: max(1, rect.columns - 2))
        let rows = max(rect.rows, lines, wrapped.count)
        let style = palette.bodyText
        let alignment = alignment(caseName(part, "alignment"))
        for (index, line) in wrapped.enumerated() {
            let shown: String
            if iconRight {
                shown = index == 0 ? line + " " + icon : line
            } else {
                shown = (index == 0 ? icon + " " : "  ") + line
            }
            paintLine(shown, row: rect.row + index, left: rect.column, columns: rect.columns, style: style, alignment: alignment,
                      canvas: &canvas)
        }
        return rows
    }

    /// `█████░░░ 62%`: the filled share of the track, and the percentage (or the binding's
    /// `‹name›` when it has no default).
    func paintBar(_ part: PartView, in rect: CellRect, canvas: inout PreviewCanvas) {
        let (percent, label) = arguments.bar(part)
        let color = color(part, "color") ?? palette.accent
        paintTrack(fraction: percent ?? 0, label: label, row: rect.row + (rect.rows - 1) / 2, left: rect.column, columns: rect.columns,
                   fill: color, canvas: &canvas)
    }

    /// A filled track and a label after it.
    func paintTrack(fraction: Double, label: String, row: Int, left: Int, columns: Int, fill: RGBColor?, canvas: inout PreviewCanvas) {
        let labelWidth = TerminalText.displayWidth(of: label)
        let track = columns - labelWidth - 1
        guard track >= 1 else {
            paintLine(label, row: row, left: left, columns: columns, style: .plain, canvas: &canvas)
            return
        }
        let filled = min(track, max(0, Int((fraction * Double(track)).rounded())))
        let area = clip.intersection(CellRect(row: row, column: left, rows: 1, columns: columns))
        let on = canvas.number(of: TerminalStyle(foreground: fill))
        let off = canvas.number(of: TerminalStyle(isDim: true, foreground: palette.separator))
        canvas.fillRow(row, from: left, to: left + filled, with: PreviewGlyphs.fullBlock, style: on, clip: area)
        canvas.fillRow(row, from: left + filled, to: left + track, with: PreviewGlyphs.lightShade, style: off, clip: area)
        canvas.write(TerminalText.truncate(label, to: labelWidth), row: row, column: left + track + 1, clip: area)
    }

    /// `──●────`: the thumb at the value's place between `min` and `max`; a binding without a
    /// default puts the thumb at `min` and its `‹name›` after the track.
    func paintSlider(_ part: PartView, in rect: CellRect, canvas: inout PreviewCanvas) {
        let (low, high, value, label) = arguments.slider(part)
        let row = rect.row + (rect.rows - 1) / 2
        var track = rect.columns
        if value == nil {
            track = max(1, rect.columns - TerminalText.displayWidth(of: label) - 1)
            paintLine(label, row: row, left: rect.column + track + 1, columns: rect.columns - track - 1, style: .plain, canvas: &canvas)
        }
        guard track >= 1 else { return }
        let position = fractionColumn(value ?? low, low, high, track)
        let area = clip.intersection(CellRect(row: row, column: rect.column, rows: 1, columns: track))
        let line = canvas.number(of: TerminalStyle(foreground: palette.separator))
        let thumb = canvas.number(of: TerminalStyle(foreground: PreviewPalette.systemBlue))
        for column in 0..<track {
            canvas.put(column == position ? PreviewGlyphs.thumb : PreviewGlyphs.horizontal, row: row, column: rect.column + column,
                       style: column == position ? thumb : line, clip: area)
        }
    }

    /// The cell (0…cells−1) of `value` between `low` and `high`.
    func fractionColumn(_ value: Double, _ low: Double, _ high: Double, _ cells: Int) -> Int {
        column(ofFraction: PartArguments.fraction(value, low, high), cells)
    }

    /// The cell (0…cells−1) of a fraction 0…1 of `cells`.
    func column(ofFraction fraction: Double, _ cells: Int) -> Int {
        min(cells - 1, max(0, Int((fraction * Double(cells - 1)).rounded())))
    }

    /// Thumbs `●` on a track, the span between the first and last thumb heavy; vertical sliders
    /// run down the middle column.
    func paintMultiSlider(_ part: PartView, in rect: CellRect, canvas: inout PreviewCanvas) {
        let thumbs = arguments.multiSliderThumbs(part)
        let vertical = caseName(part, "orientation") == "vertical"
        let cells = vertical ? rect.rows : rect.columns
        guard cells >= 1 else { return }
        // Vertical sliders have `max` at the top.
        let positions = thumbs.map { column(ofFraction: $0, cells) }.map { vertical ? cells - 1 - $0 : $0 }
        let inner = (positions.min() ?? 0)...(positions.max() ?? 0)
        let tint = canvas.number(of: TerminalStyle(foreground: color(part, "tint") ?? PreviewPalette.systemBlue))
        let outer = canvas.number(of: TerminalStyle(foreground: color(part, "outerTrack") ?? palette.separator))
        let area = clip.intersection(rect)
        for cell in 0..<cells {
            let isThumb = positions.contains(cell)
            let inside = !positions.isEmpty && inner.contains(cell)
            let glyph: Unicode.Scalar = isThumb ? PreviewGlyphs.thumb
                : vertical ? (inside ? PreviewGlyphs.heavyVertical : PreviewGlyphs.vertical)
                : (inside ? PreviewGlyphs.heavyHorizontal : PreviewGlyphs.horizontal)
            let row = vertical ? rect.row + cell : rect.row + (rect.rows - 1) / 2
            let column = vertical ? rect.column + rect.columns / 2 : rect.column + cell
            canvas.put(glyph, row: row, column: column, style: isThumb || inside ? tint : outer, clip: area)
        }
    }

    /// `[text______]`: the text, or the placeholder dimmed, on a field of underscores.
    func paintTextField(_ part: PartView, in rect: CellRect, canvas: inout PreviewCanvas) {
        let row = rect.row + (rect.rows - 1) / 2
        let (content, isPlaceholder) = arguments.textField(part)
        let style = isPlaceholder ? TerminalStyle(isDim: true, foreground: palette.detailText) : palette.bodyText
        guard rect.columns >= 3 else { return }
        let inner = rect.columns - 2
        let shown = TerminalText.truncate(content, to: inner)
        let fill = String(repeating: "_", count: max(0, inner - TerminalText.displayWidth(of: shown)))
        let area = clip.intersection(CellRect(row: row, column: rect.column, rows: 1, columns: rect.columns))
        let frame = canvas.number(of: TerminalStyle(foreground: palette.separator))
        canvas.write("[", row: row, column: rect.column, style: frame, clip: area)
        let written = canvas.write(shown, row: row, column: rect.column + 1, style: canvas.number(of: style), clip: area)
        canvas.write(fill + "]", row: row, column: rect.column + 1 + written, style: frame, clip: area)
    }

    /// Scattered `◆`/`★` (by `type`) in the confetti's colours.
    func paintConfetti(_ part: PartView, in rect: CellRect, canvas: inout PreviewCanvas) {
        let type = caseName(part, "type") ?? "star"
        let colors = elements(part, "colors").compactMap { PreviewPalette.rgb($0, over: background) }
        let area = clip.intersection(rect)
        var index = 0
        for row in rect.row..<rect.maxRow {
            if row >= area.maxRow { break }
            var column = rect.column + ((row - rect.row) * 3) % 6
            while column < rect.maxColumn {
                let glyph: Unicode.Scalar = switch type {
                case "diamond": PreviewGlyphs.diamond
                case "mixed": index % 2 == 0 ? PreviewGlyphs.diamond : PreviewGlyphs.star
                default: PreviewGlyphs.star
                }
                let style = colors.isEmpty ? 0 : canvas.number(of: TerminalStyle(foreground: colors[index % colors.count]))
                canvas.put(glyph, row: row, column: column, style: style, clip: area)
                index += 1
                column += 6
            }
        }
    }

    /// Equal segments, one per colour (alternately `█` and `▓`, so they show apart without
    /// colour); above them `▼ marker` at `current` when given; below them the values when
    /// `showValues`. Each value starts its segment (CardParts' boundaries); `current` sits in the
    /// segment of the last value not above it, placed between that value and the next.
    func paintProgressBar(_ part: PartView, in rect: CellRect, canvas: inout PreviewCanvas) -> Int {
        let values = elements(part, "values").compactMap(\.number)
        let colors = elements(part, "colors").map { PreviewPalette.rgb($0, over: background) }
        let segments = PartArguments.progressSegments(values: values.count, colors: colors.count)
        let hasMarker = part.drawsProgressMarker
        let showValues = bool(part, "showValues") ?? false
        let rows = max(rect.rows, 1 + (hasMarker ? 1 : 0) + (showValues ? 1 : 0))
        var row = rect.row
        let columns = rect.columns
        guard columns >= segments else { return rows }
        func segmentStart(_ index: Int) -> Int { rect.column + index * columns / segments }
        if hasMarker {
            var column = rect.column
            if let (index, fraction) = PartArguments.progressMarker(current: number(part, "current"), values: values) {
                let start = segmentStart(index), end = segmentStart(index + 1)
                column = min(rect.maxColumn - 1, start + Int((fraction * Double(max(0, end - start - 1))).rounded()))
            }
            let label = arguments.progressMarkerLabel(part)
            let area = clip.intersection(CellRect(row: row, column: rect.column, rows: 1, columns: columns))
            canvas.put(PreviewGlyphs.marker, row: row, column: column, clip: area)
            // The label right of the marker, else left of it, else cut short on the right.
            let labelWidth = TerminalText.displayWidth(of: label)
            if column + 2 + labelWidth <= rect.maxColumn {
                canvas.write(label, row: row, column: column + 2, clip: area)
            } else if column - 1 - labelWidth >= rect.column {
                canvas.write(label, row: row, column: column - 1 - labelWidth, clip: area)
            } else {
                canvas.write(TerminalText.truncate(label, to: rect.maxColumn - column - 2), row: row, column: column + 2, clip: area)
            }
            row += 1
        }
        let area = clip.intersection(CellRect(row: row, column: rect.column, rows: 1, columns: columns))
        for index in 0..<segments {
            let color = index < colors.count ? colors[index] : nil
            let style = canvas.number(of: TerminalStyle(foreground: color))
            canvas.fillRow(row, from: segmentStart(index), to: segmentStart(index + 1),
                           with: index % 2 == 0 ? PreviewGlyphs.fullBlock : PreviewGlyphs.darkShade, style: style, clip: area)
        }
        row += 1
        if showValues {
            let area = clip.intersection(CellRect(row: row, column: rect.column, rows: 1, columns: columns))
            let style = canvas.number(of: TerminalStyle(isDim: true, foreground: palette.smallText))
            for (index, value) in values.prefix(segments).enumerated() {
                let start = segmentStart(index)
                canvas.write(TerminalText.truncate(Finite.format(value), to: max(0, segmentStart(index + 1) - start - 1)),
                             row: row, column: start, style: style, clip: area)
            }
        }
        return rows
    }

    /// A shaded block (`░` standard, `▓` satellite, `▒` hybrid) with `⌖ latitude, longitude` in
    /// its middle row.
    func paintMap(_ part: PartView, in rect: CellRect, canvas: inout PreviewCanvas) {
        PartPainter.paintMapArea(rect, label: PartArguments.mapLabel(part, values: values), type: caseName(part, "type") ?? "standard",
                                 clip: clip, canvas: &canvas)
    }


    /// A map's shaded block with a centred label.
    static func paintMapArea(_ rect: CellRect, label: String, type: String, clip: CellRect, canvas: inout PreviewCanvas) {
        let shade: Unicode.Scalar = switch type {
        case "satellite": PreviewGlyphs.darkShade
        case "hybrid": PreviewGlyphs.mediumShade
        default: PreviewGlyphs.lightShade
        }
        let land = canvas.number(of: TerminalStyle(foreground: PreviewPalette.mapInk, background: PreviewPalette.mapLand))
        canvas.fill(rect, with: shade, style: land, clip: clip)
        guard rect.columns >= 3, rect.rows >= 1 else { return }
        let text = " " + TerminalText.truncate(label, to: rect.columns - 2) + " "
        let width = TerminalText.displayWidth(of: text)
        let row = rect.row + (rect.rows - 1) / 2
        canvas.write(text, row: row, column: rect.column + max(0, (rect.columns - width) / 2), style: land,
                     clip: clip.intersection(CellRect(row: row, column: rect.column, rows: 1, columns: rect.columns)))
    }

    /// Bars `▁▃▅▇` scaled to the tallest entry (entries of 0…1 are fractions of the height),
    /// `width` and `spacing` points wide; `.bottom` draws a base line, `.middle` and `.top`
    /// dotted guides.
    func paintHistogram(_ part: PartView, in rect: CellRect, canvas: inout PreviewCanvas) {
        let (entries, scale, lines) = arguments.histogram(part)
        let barColumns = max(1, mapping.columns(number(part, "width") ?? 8))
        let gap = max(1, mapping.columns(number(part, "spacing") ?? 8))
        let area = clip.intersection(rect)
        let guide = canvas.number(of: TerminalStyle(isDim: true, foreground: palette.separator))
        var chartRows = rect.rows
        if lines.contains("bottom") && rect.rows >= 2 {
            chartRows -= 1
            canvas.fillRow(rect.maxRow - 1, from: rect.column, to: rect.maxColumn, with: PreviewGlyphs.horizontal, style: guide, clip: area)
        }
        if lines.contains("middle") && chartRows >= 3 {
            canvas.fillRow(rect.row + chartRows / 2, from: rect.column, to: rect.maxColumn, with: PreviewGlyphs.dottedHorizontal,
                           style: guide, clip: area)
        }
        if lines.contains("top") && chartRows >= 2 {
            canvas.fillRow(rect.row, from: rect.column, to: rect.maxColumn, with: PreviewGlyphs.dottedHorizontal, style: guide, clip: area)
        }
        let bar = canvas.number(of: TerminalStyle(foreground: palette.accent))
        var column = rect.column
        for entry in entries {
            if column >= min(area.maxColumn, rect.maxColumn) { break }
            // Height in eighths of a row, at least one eighth for a non-zero entry.
            var eighths = Int((entry / scale * Double(chartRows * 8)).rounded())
            if entry > 0 { eighths = max(1, eighths) }
            var row = rect.row + chartRows - 1
            while eighths > 0 && row >= rect.row {
                let glyph = PreviewGlyphs.eighths[min(8, eighths) - 1]
                for c in column..<min(column + barColumns, rect.maxColumn) {
                    canvas.put(glyph, row: row, column: c, style: bar, clip: area)
                }
                eighths -= 8
                row -= 1
            }
            column += barColumns + gap
        }
    }

    /// The first page, with a `● ○ ○` page indicator on the last row.
    func paintPaged(_ laidOut: LaidOutPart, in rect: CellRect, originX: Double, canvas: inout PreviewCanvas) -> Int {
        let pages = laidOut.children.count
        if let first = laidOut.children.first, rect.rows >= 2 {
            var page = self
            page.clip = clip.intersection(rect.with(rows: rect.rows - 1))
            _ = page.paint(first, top: rect.row, left: rect.column, columns: rect.columns, originX: originX, canvas: &canvas)
        }
        let dots = (0..<max(1, pages)).map { String($0 == 0 ? PreviewGlyphs.thumb : PreviewGlyphs.emptyDot) }.joined(separator: " ")
        paintLine(dots, row: rect.maxRow - 1, left: rect.column, columns: rect.columns,
                  style: TerminalStyle(isDim: true), alignment: .center, canvas: &canvas)
        return rect.rows
    }

    // MARK: Rows

    /// `hstack` and `centered`: children side by side in the columns their frames give, at the
    /// rows their frames give (the stack's `alignment`), one blank column kept between touching
    /// neighbours. Inside its column a child sits by the stack's `distribution`: at the start
    /// (`.fill`, `.fillEqually`, `.fillProportionally`), centred (`.equalCentering`), or spread
    /// so the gaps are equal (`.equalSpacing`: first at the start, last at the end, others
    /// centred). In `centered`, the left part sits at the start, the centre part in the middle
    /// and the right part at the end.
    func paintRow(_ laidOut: LaidOutPart, top: Int, left: Int, columns: Int, originX: Double, canvas: inout PreviewCanvas) -> Int {
        let children = laidOut.children
        let isCentered = PaintedPart(laidOut.part.part) == .centered
        let distribution = isCentered ? "centered" : caseName(laidOut.part, "distribution") ?? "fill"
        var rows = max(1, CellMapping.rows(laidOut.frame.height))
        var slots: [(left: Int, columns: Int)] = children.map { place($0, in: left, columns, originX: originX) }
        // Separators take a column even when their point is less; neighbours that touch keep a gap.
        var cursor = left
        for index in slots.indices {
            let isSeparator = PaintedPart(children[index].part.part) == .verticalSeparator
            let afterSeparator = index > 0 && PaintedPart(children[index - 1].part.part) == .verticalSeparator
            var start = max(slots[index].left, cursor + (afterSeparator && !isSeparator && cursor > left ? 1 : 0))
            var end = max(start + 1, slots[index].left + slots[index].columns)
            if isSeparator { end = start + 1 }
            if index + 1 < slots.count, !isSeparator, end >= slots[index + 1].left, end - start > 1 {
                end = max(start + 1, min(end, slots[index + 1].left) - 1)
            }
            start = min(start, left + columns)
            end = min(end, left + columns)
            slots[index] = (start, max(0, end - start))
            cursor = end
        }
        // Separators last: they run down the whole row, as tall as the tallest child.
        var separators: [Int] = []
        for (index, child) in children.enumerated() {
            let slot = slots[index]
            guard slot.columns > 0 else { continue }
            if PaintedPart(child.part.part) == .verticalSeparator {
                separators.append(slot.left)
                continue
            }
            let natural = naturalColumns(child, available: slot.columns)
            let room = max(0, slot.columns - natural)
            let shift: Int
            switch distribution {
            case "equalCentering": shift = room / 2
            case "equalSpacing": shift = index == 0 ? 0 : index == children.count - 1 ? room : room / 2
            case "centered": shift = index == 0 ? 0 : index == 1 ? room / 2 : room
            default: shift = 0
            }
            var column = self
            column.clip = clip.intersection(CellRect(row: clip.row, column: slot.left, rows: clip.rows, columns: slot.columns))
            let childTop = top + CellMapping.row(ofChild: child.frame, inRowOf: laidOut.frame.height)
            let used = column.paint(child, top: childTop, left: slot.left + shift, columns: slot.columns - shift,
                                    originX: originX + child.frame.x, canvas: &canvas)
            rows = max(rows, childTop - top + used)
        }
        let line = canvas.number(of: TerminalStyle(foreground: palette.separator))
        for column in separators {
            for row in top..<max(top, min(top + rows, clip.maxRow)) {
                canvas.put(PreviewGlyphs.vertical, row: row, column: column, style: line, clip: clip)
            }
        }
        if let background = color(laidOut.part, "background") {
            canvas.paintBackground(CellRect(row: top, column: left, rows: rows, columns: columns), color: background, clip: clip)
        }
        return rows
    }

    /// The columns a part's content takes when given `available`: text as wrapped, controls by
    /// their label; anything else fills what it is given.
    func naturalColumns(_ laidOut: LaidOutPart, available: Int) -> Int {
        let part = laidOut.part
        func widest(_ text: String, _ room: Int) -> Int {
            TerminalText.wrap(text, width: max(1, room)).reduce(0) { max($0, TerminalText.displayWidth(of: $1)) }
        }
        let natural: Int
        switch PaintedPart(part.part) {
        case .text, .title: natural = widest(string(part, "text"), available) + (part.hasArgument("menu") ? 2 : 0)
        case .pill: natural = TerminalText.displayWidth(of: string(part, "text")) + 4
        case .button: natural = caseName(part, "alignment") == "fill" ? available : TerminalText.displayWidth(of: string(part, "title")) + 4
        case .iconLabel: natural = widest(string(part, "text"), available - 2) + 2
        case .radio, .verticalSeparator: natural = 1
        case .stacked:
            natural = laidOut.children.reduce(0) { max($0, naturalColumns($1, available: available)) }
        default: natural = available
        }
        return min(available, max(0, natural))
    }

    // MARK: Tables and collections

    /// Rows one under another. The default cell shows each row's `leftTitle` over
    /// `leftDescription` and, right-aligned in a column as wide as the widest, `rightTitle` over
    /// `rightDescription`; a `cell { }` template is drawn per row with the row's values. A dotted
    /// line separates rows where a row leaves its last line free.
    func paintTable(_ laidOut: LaidOutPart, top: Int, left: Int, columns: Int, originX: Double, canvas: inout PreviewCanvas) -> Int {
        let part = laidOut.part
        let rule = canvas.number(of: TerminalStyle(isDim: true, foreground: palette.separator))
        func separate(after row: Int) {
            if canvas.isBlank(row: row, column: left, count: columns) {
                canvas.fillRow(row, from: left, to: left + columns, with: PreviewGlyphs.dottedHorizontal, style: rule, clip: clip)
            }
        }
        guard part.children.contains(where: { PaintedPart($0.part) == .cell }) else {
            let records = elements(part, "rows").map { value -> [Argument] in
                if case .record(let fields) = value { return fields }
                return []
            }
            let field = arguments.field
            let rowRows = max(2, CellMapping.rows(metrics.defaultTableRowHeight))
            let right = min(columns / 2, records.reduce(0) { max($0, TerminalText.displayWidth(of: field($1, "rightTitle")),
                                                                    TerminalText.displayWidth(of: field($1, "rightDescription"))) })
            let leftColumns = max(0, columns - right - (right > 0 ? 1 : 0))
            let titleStyle = palette.bodyText, detailStyle = palette.textStyle("detail")
            for (index, record) in records.enumerated() {
                let row = top + index * rowRows
                if row >= clip.maxRow { break }
                paintLine(field(record, "leftTitle"), row: row, left: left, columns: leftColumns, style: titleStyle, canvas: &canvas)
                paintLine(field(record, "leftDescription"), row: row + 1, left: left, columns: leftColumns, style: detailStyle, canvas: &canvas)
                paintLine(field(record, "rightTitle"), row: row, left: left + columns - right, columns: right, style: titleStyle,
                          alignment: .trailing, canvas: &canvas)
                paintLine(field(record, "rightDescription"), row: row + 1, left: left + columns - right, columns: right,
                          style: detailStyle, alignment: .trailing, canvas: &canvas)
                if rowRows >= 3 && index + 1 < records.count { separate(after: row + rowRows - 1) }
            }
            return max(CellMapping.rows(laidOut.frame.height), records.count * rowRows)
        }
        var shift = 0
        var end = top
        var stacked = StackedRows()
        for (index, cell) in laidOut.children.enumerated() {
            if end >= clip.maxRow { break }
            var start = top + stacked.place(y: cell.frame.y, height: cell.frame.height).row + shift
            if start < end {
                shift += end - start
                start = end
            }
            let used = paint(cell, top: start, left: left, columns: columns, originX: originX + cell.frame.x, canvas: &canvas)
            end = start + max(1, used)
            if index + 1 < laidOut.children.count && used >= 2 { separate(after: end - 1) }
        }
        return max(stacked.rows(toHeight: laidOut.frame.height) + shift, end - top)
    }

    /// Items where their frames put them, each its cell drawn with the item's values (the
    /// spacing between frames keeps them apart); a `›` on the right edge when items run past it
    /// (a horizontal collection scrolls).
    func paintCollection(_ laidOut: LaidOutPart, top: Int, left: Int, columns: Int, originX: Double, canvas: inout PreviewCanvas) -> Int {
        // Items on one line share a first row; lines of items are stacked rows (`StackedRows`),
        // so equal items keep equal gaps.
        var lineHeights: [Double: Double] = [:]
        for item in laidOut.children { lineHeights[item.frame.y] = max(lineHeights[item.frame.y] ?? 0, item.frame.height) }
        var lineRows: [Double: Int] = [:]
        var stacked = StackedRows()
        for (y, height) in lineHeights.sorted(by: { $0.key < $1.key }) { lineRows[y] = stacked.place(y: y, height: height).row }
        var rows = max(0, stacked.rows(toHeight: laidOut.frame.height))
        var overflows = false
        for item in laidOut.children {
            let slot = place(item, in: left, Int.max / 4, originX: originX)
            let itemTop = top + (lineRows[item.frame.y] ?? CellMapping.rows(item.frame.y))
            let itemRows = max(1, CellMapping.rows(item.frame.height))
            rows = max(rows, itemTop - top + itemRows)
            if slot.left + slot.columns > left + columns { overflows = true }
            if slot.left >= left + columns || itemTop >= clip.maxRow { continue }
            var inside = self
            inside.clip = clip.intersection(CellRect(row: itemTop, column: slot.left, rows: itemRows,
                                                     columns: min(slot.columns, left + columns - slot.left)))
            _ = inside.paint(item, top: itemTop, left: slot.left, columns: slot.columns, originX: originX + item.frame.x, canvas: &canvas)
        }
        if overflows && columns >= 1 {
            canvas.put(PreviewGlyphs.more, row: top + max(0, rows - 1) / 2, column: left + columns - 1, clip: clip)
        }
        return rows
    }
}

extension CellRect {
    /// The same rectangle with `rows` rows.
    func with(rows: Int) -> CellRect { CellRect(row: row, column: column, rows: rows, columns: columns) }
}

import CardDiagnostics

/// A rectangle of terminal cells: `rows` down from `row`, `columns` across from `column`, counted
/// from the canvas's top left.
struct CellRect: Hashable {
    var row: Int
    var column: Int
    var rows: Int
    var columns: Int

    init(row: Int, column: Int, rows: Int, columns: Int) {
        self.row = row
        self.column = column
        self.rows = max(0, rows)
        self.columns = max(0, columns)
    }

    /// The row below the last one.
    var maxRow: Int { row + rows }
    /// The column right of the last one.
    var maxColumn: Int { column + columns }
    var isEmpty: Bool { rows == 0 || columns == 0 }

    /// The cells in both rectangles (empty when they do not meet).
    func intersection(_ other: CellRect) -> CellRect {
        let top = max(row, other.row), left = max(column, other.column)
        return CellRect(row: top, column: left, rows: min(maxRow, other.maxRow) - top,
                        columns: min(maxColumn, other.maxColumn) - left)
    }

    func contains(row r: Int, column c: Int) -> Bool { r >= row && r < maxRow && c >= column && c < maxColumn }
}

/// A grid of terminal cells, `width` columns wide, that grows downwards as rows are drawn, up to
/// `maximumHeight` rows. Everything the preview draws lands here first, so that the finished
/// lines can be measured: every row is exactly `width` columns, and no cell holds anything that
/// `TerminalText.needsEscaping` (text is escaped on the way in, whoever calls).
///
/// A cell holds one grapheme cluster of display width 1; a cluster of n columns (a wide
/// character or emoji is 2, a letter with a stray skin-tone modifier 3) is its head cell and
/// n − 1 continuation cells. Clusters of width 0 (joiners, stray marks) take no cell and are
/// dropped; overwriting any cell of a cluster blanks the rest of it, so a row's width is always
/// its number of cells.
/// Styles are kept per cell only when the canvas is styled (a colour mode other than `.off`).
struct PreviewCanvas {
    /// Columns per row.
    let width: Int
    /// Rows beyond this are never stored: drawing below it is clipped.
    let maximumHeight: Int
    /// Whether styles are recorded and written out.
    let isStyled: Bool
    /// Rows drawn so far.
    private(set) var height = 0

    /// Row-major cells: a scalar value, `clusterBase + i` for `clusters[i]`, or `continuation`.
    private var cells: [UInt32] = []
    /// Style numbers parallel to `cells` (styled canvases only); 0 is plain.
    private var styles: [UInt16] = []
    private var clusters: [String] = []
    private var clusterNumbers: [String: UInt32] = [:]
    private var styleTable: [TerminalStyle] = [.plain]
    private var styleNumbers: [TerminalStyle: UInt16] = [.plain: 0]

    static let space: UInt32 = 0x20
    /// A cell of a cluster after its first (head) cell.
    static let continuation: UInt32 = 0xFFFF_FFFF
    /// Cell values from here on name a multi-scalar cluster (beyond any Unicode scalar).
    static let clusterBase: UInt32 = 0x11_0000

    init(width: Int, maximumHeight: Int, isStyled: Bool) {
        self.width = max(1, width)
        self.maximumHeight = max(1, maximumHeight)
        self.isStyled = isStyled
    }

    /// Empties the canvas, keeping its storage.
    mutating func clear() {
        height = 0
        cells.removeAll(keepingCapacity: true)
        styles.removeAll(keepingCapacity: true)
        // Clusters and styles are few; the tables are kept (and stay valid) across panels.
    }

    /// The whole canvas as a rectangle, `maximumHeight` rows tall.
    var bounds: CellRect { CellRect(row: 0, column: 0, rows: maximumHeight, columns: width) }

    /// Makes rows up to (not including) `row` exist, blank.
    mutating func extend(to row: Int) {
        let target = min(row, maximumHeight)
        guard target > height else { return }
        cells.append(contentsOf: repeatElement(Self.space, count: (target - height) * width))
        if isStyled { styles.append(contentsOf: repeatElement(0, count: (target - height) * width)) }
        height = target
    }

    // MARK: Styles

    /// The number of `style` in this canvas's table (0 on an unstyled canvas).
    mutating func number(of style: TerminalStyle) -> UInt16 {
        guard isStyled else { return 0 }
        if let number = styleNumbers[style] { return number }
        // More distinct styles than fit in 16 bits (absurdly many colours): plain.
        guard styleTable.count < Int(UInt16.max) else { return 0 }
        let number = UInt16(styleTable.count)
        styleTable.append(style)
        styleNumbers[style] = number
        return number
    }

    // MARK: Cells

    /// Whether `row` is blank from `column` for `count` columns (cells outside the canvas are blank).
    func isBlank(row: Int, column: Int, count: Int) -> Bool {
        guard row >= 0, row < height else { return true }
        var c = max(0, column)
        let end = min(width, column + count)
        while c < end {
            if cells[row * width + c] != Self.space { return false }
            c += 1
        }
        return true
    }

    /// Blanks what remains of clusters that cells `start..<end` of `row` cut into: the cells of a
    /// wide cluster left of `start` whose right part is in the range, and continuation cells
    /// right of it whose head is in the range. (The cells in the range are about to be written.)
    private mutating func breakClusters(row: Int, from start: Int, to end: Int) {
        let base = row * width
        if start > 0 && cells[base + start] == Self.continuation {
            var head = start - 1
            while head > 0 && cells[base + head] == Self.continuation { head -= 1 }
            for column in head..<start { cells[base + column] = Self.space }
        }
        var column = end
        while column < width && cells[base + column] == Self.continuation {
            cells[base + column] = Self.space
            column += 1
        }
    }

    /// Stores one cell value (the caller has broken any cluster it cuts into).
    @inline(__always)
    private mutating func store(_ value: UInt32, style: UInt16, row: Int, column: Int) {
        let index = row * width + column
        cells[index] = value
        if isStyled { styles[index] = merged(style, over: styles[index]) }
    }

    /// `style` drawn over a cell styled `old`: a style without a background keeps the cell's.
    private mutating func merged(_ style: UInt16, over old: UInt16) -> UInt16 {
        if old == 0 || style == old { return style }
        let new = styleTable[Int(style)]
        guard new.background == nil, let background = styleTable[Int(old)].background else { return style }
        var combined = new
        combined.background = background
        return number(of: combined)
    }

    /// Puts one of the preview's own 1-column glyphs (box drawing, blocks, marks) at a cell, if
    /// the cell is inside `clip` and the canvas.
    mutating func put(_ glyph: Unicode.Scalar, row: Int, column: Int, style: UInt16 = 0, clip: CellRect) {
        guard clip.contains(row: row, column: column), row >= 0, row < maximumHeight, column >= 0, column < width else { return }
        // Our glyphs never need escaping; a control character would become a visible `?`.
        let value = TerminalText.needsEscaping(glyph) ? 0x3F : glyph.value
        extend(to: row + 1)
        breakClusters(row: row, from: column, to: column + 1)
        store(value, style: style, row: row, column: column)
    }

    /// Fills a rectangle with one glyph.
    mutating func fill(_ rect: CellRect, with glyph: Unicode.Scalar, style: UInt16 = 0, clip: CellRect) {
        let area = rect.intersection(clip).intersection(bounds)
        guard !area.isEmpty else { return }
        for row in area.row..<area.maxRow { fillRow(row, from: area.column, to: area.maxColumn, with: glyph, style: style, clip: area) }
    }

    /// Puts `glyph` in the cells `start..<end` of `row` that are inside `clip` and the canvas:
    /// `put` for a run, the clusters it cuts broken once.
    mutating func fillRow(_ row: Int, from start: Int, to end: Int, with glyph: Unicode.Scalar, style: UInt16 = 0, clip: CellRect) {
        guard row >= clip.row, row < clip.maxRow, row >= 0, row < maximumHeight else { return }
        let first = max(start, clip.column, 0), last = min(end, clip.maxColumn, width)
        guard first < last else { return }
        let value = TerminalText.needsEscaping(glyph) ? 0x3F : glyph.value
        extend(to: row + 1)
        breakClusters(row: row, from: first, to: last)
        let base = row * width
        cells.replaceSubrange((base + first)..<(base + last), with: repeatElement(value, count: last - first))
        if isStyled {
            for column in first..<last { styles[base + column] = merged(style, over: styles[base + column]) }
        }
    }

    /// Blanks a rectangle: spaces without any style, covering whatever was drawn there.
    mutating func erase(_ rect: CellRect, clip: CellRect) {
        let area = rect.intersection(clip).intersection(bounds)
        guard !area.isEmpty else { return }
        extend(to: area.maxRow)
        for row in area.row..<min(area.maxRow, height) {
            breakClusters(row: row, from: area.column, to: area.maxColumn)
            for column in area.column..<area.maxColumn { store(Self.space, style: 0, row: row, column: column) }
            if isStyled {
                for column in area.column..<area.maxColumn { styles[row * width + column] = 0 }
            }
        }
    }

    /// Gives every cell of `rect` the background `color` where the cell has none yet (colour
    /// mode only).
    mutating func paintBackground(_ rect: CellRect, color: RGBColor?, clip: CellRect) {
        guard isStyled, let color else { return }
        let area = rect.intersection(clip).intersection(bounds)
        guard !area.isEmpty else { return }
        extend(to: area.maxRow)
        for row in area.row..<min(area.maxRow, height) {
            for column in area.column..<area.maxColumn {
                let index = row * width + column
                var style = styleTable[Int(styles[index])]
                guard style.background == nil else { continue }
                style.background = color
                styles[index] = number(of: style)
            }
        }
    }

    /// Gives every cell of `rect` that has no background yet the one `color(row, column)`
    /// returns (colour mode only): gradients.
    mutating func paintBackground(_ rect: CellRect, clip: CellRect, color: (_ row: Int, _ column: Int) -> RGBColor?) {
        guard isStyled else { return }
        let area = rect.intersection(clip).intersection(bounds)
        guard !area.isEmpty else { return }
        extend(to: area.maxRow)
        for row in area.row..<min(area.maxRow, height) {
            for column in area.column..<area.maxColumn {
                let index = row * width + column
                var style = styleTable[Int(styles[index])]
                guard style.background == nil, let background = color(row, column) else { continue }
                style.background = background
                styles[index] = number(of: style)
            }
        }
    }

    /// Writes `text` on one row from `column`, cluster by cluster, stopping before the first
    /// cluster that would cross `clip`'s right edge; returns the columns written. Characters that
    /// need escaping are written as their escapes, tabs as spaces; zero-width clusters are
    /// dropped. Nothing is written outside `clip`; cells left of it are skipped over.
    @discardableResult
    mutating func write(_ text: String, row: Int, column: Int, style: UInt16 = 0, clip: CellRect) -> Int {
        guard row >= clip.row, row < clip.maxRow, row >= 0, row < maximumHeight else { return 0 }
        let limit = min(clip.maxColumn, width)
        var c = column
        // ASCII without controls, the common case: one byte, one cell.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            extend(to: row + 1)
            let first = max(c, clip.column, 0), last = min(limit, c + text.utf8.count)
            if first < last { breakClusters(row: row, from: first, to: last) }
            for byte in text.utf8 {
                if c >= limit { break }
                if c >= clip.column && c >= 0 { store(UInt32(byte), style: style, row: row, column: c) }
                c += 1
            }
            return max(0, c - column)
        }
        // Latin text: a scalar a cell, no grapheme breaking.
        if TerminalText.isSingleColumnText(text) {
            extend(to: row + 1)
            let first = max(c, clip.column, 0), last = min(limit, c + text.unicodeScalars.count)
            if first < last { breakClusters(row: row, from: first, to: last) }
            for scalar in text.unicodeScalars {
                if c >= limit { break }
                if c >= clip.column && c >= 0 { store(scalar.value, style: style, row: row, column: c) }
                c += 1
            }
            return max(0, c - column)
        }
        for character in text {
            if c >= limit { break }
            if character.unicodeScalars.contains(where: { TerminalText.needsEscaping($0) || $0 == "\t" }) {
                // Spelled out by the shared rules (escapes, tabs as spaces), then written as ASCII.
                let safe = TerminalText.truncate(String(character), to: Int.max)
                c += write(safe, row: row, column: c, style: style, clip: clip)
                continue
            }
            let columns = TerminalText.displayWidth(of: character)
            if columns == 0 { continue }
            if c + columns > limit { break }
            if c >= clip.column && c >= 0 {
                // A cluster of n columns is its head and n − 1 continuation cells.
                extend(to: row + 1)
                breakClusters(row: row, from: c, to: c + columns)
                store(value(of: character), style: style, row: row, column: c)
                for next in (c + 1)..<(c + columns) { store(Self.continuation, style: style, row: row, column: next) }
            }
            c += columns
        }
        return max(0, c - column)
    }

    /// The cell value of a cluster: its scalar, or a number for a multi-scalar cluster.
    private mutating func value(of character: Character) -> UInt32 {
        let scalars = character.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first { return scalar.value }
        let text = String(character)
        if let number = clusterNumbers[text] { return number }
        let number = Self.clusterBase + UInt32(clusters.count)
        clusters.append(text)
        clusterNumbers[text] = number
        return number
    }

    // MARK: Output

    /// Appends every row as a line of UTF-8 text, each ended by `\n`: trailing blank cells are
    /// dropped, and on a styled canvas each run of one style is wrapped in its SGR sequence and
    /// a reset, written for `mode`.
    func appendLines(to out: inout [UInt8], mode: TerminalColorMode) {
        let sequences = isStyled && mode != .off ? styleTable.map { $0.startSequence(in: mode) } : []
        for row in 0..<height { appendLine(row, to: &out, mode: mode, sequences: sequences) }
    }

    /// Appends row `row` as a line (see `appendLines(to:mode:)`); `sequences` are the styles'
    /// start sequences in `mode`, by style number.
    func appendLine(_ row: Int, to out: inout [UInt8], mode: TerminalColorMode, sequences: [String]) {
        let start = row * width
        let styled = isStyled && mode != .off && !sequences.isEmpty
        // The line ends after its last cell that shows something: a glyph or a background.
        var end = width
        while end > 0 {
            let index = start + end - 1
            if cells[index] != Self.space { break }
            if styled && styles[index] != 0 && styleTable[Int(styles[index])].background != nil { break }
            end -= 1
        }
        out.reserveRoom(for: end * 3 + 1)
        guard styled else {
            // Encoded into a local buffer first: appending to `out` byte by byte re-checks its
            // capacity and uniqueness every time (a fifth of the emitter's instructions).
            var line = [UInt8](repeating: 0, count: end * 4 + 1)
            var count = 0
            for index in start..<(start + end) {
                let value = cells[index]
                if value < 0x80 {
                    line[count] = UInt8(truncatingIfNeeded: value)
                    count += 1
                } else if value < 0x800 {
                    line[count] = UInt8(truncatingIfNeeded: 0xC0 | (value >> 6))
                    line[count + 1] = UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F))
                    count += 2
                } else if value < 0x10000 {
                    line[count] = UInt8(truncatingIfNeeded: 0xE0 | (value >> 12))
                    line[count + 1] = UInt8(truncatingIfNeeded: 0x80 | ((value >> 6) & 0x3F))
                    line[count + 2] = UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F))
                    count += 3
                } else if value < Self.clusterBase {
                    line[count] = UInt8(truncatingIfNeeded: 0xF0 | ((value >> 18) & 0x07))
                    line[count + 1] = UInt8(truncatingIfNeeded: 0x80 | ((value >> 12) & 0x3F))
                    line[count + 2] = UInt8(truncatingIfNeeded: 0x80 | ((value >> 6) & 0x3F))
                    line[count + 3] = UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F))
                    count += 4
                } else if value != Self.continuation {
                    // A multi-scalar cluster (a ZWJ family is 25 bytes in 2 cells): the buffer
                    // grows by its length, so every cell after it keeps its 4 bytes of room.
                    let number = Int(value - Self.clusterBase)
                    guard number < clusters.count else { continue }
                    let bytes = clusters[number].utf8
                    line.append(contentsOf: repeatElement(0, count: bytes.count))
                    for byte in bytes {
                        line[count] = byte
                        count += 1
                    }
                }
            }
            line[count] = 0x0A
            out.append(contentsOf: line[0...count])
            return
        }
        var current: UInt16 = 0
        for column in 0..<end {
            let index = start + column
            let value = cells[index]
            if value == Self.continuation { continue }
            if styles[index] != current {
                if current != 0 { out.append(contentsOf: TerminalStyle.resetSequence.utf8) }
                current = styles[index]
                if current != 0 { out.append(contentsOf: sequences[Int(current)].utf8) }
            }
            appendGlyph(value, to: &out)
        }
        if current != 0 { out.append(contentsOf: TerminalStyle.resetSequence.utf8) }
        out.append(0x0A)
    }

    /// The UTF-8 of a cell's cluster.
    @inline(__always)
    private func appendGlyph(_ value: UInt32, to out: inout [UInt8]) {
        if value >= Self.clusterBase {
            let number = Int(value - Self.clusterBase)
            if number < clusters.count { out.append(contentsOf: clusters[number].utf8) }
        } else {
            Self.appendUTF8(value, to: &out)
        }
    }

    static func appendUTF8(_ value: UInt32, to out: inout [UInt8]) {
        switch value {
        case 0..<0x80:
            out.append(UInt8(value))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (value >> 6)))
            out.append(UInt8(0x80 | (value & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (value >> 12)))
            out.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (value & 0x3F)))
        default:
            out.append(UInt8(0xF0 | ((value >> 18) & 0x07)))
            out.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (value & 0x3F)))
        }
    }
}

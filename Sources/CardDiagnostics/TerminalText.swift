import CardText

// Text for a terminal: how many columns it takes, how hostile characters are made harmless, and
// how it is wrapped, truncated and padded to a width. Shared by the diagnostic renderer (which
// walks source bytes scalar by scalar) and the terminal preview (which works on Characters).
//
// Width model. Each scalar has a width from the generated table (DisplayWidthTable.swift): 2 for
// East Asian wide/fullwidth and emoji presentation, 0 for marks, variation selectors, joiners and
// other invisible format characters, else 1 (East Asian ambiguous included). A grapheme cluster
// measures the sum of its scalars, except that emoji sequences are one 2-column glyph: a ZWJ
// sequence, a regional-indicator pair (flag), a keycap, an emoji with a skin-tone modifier, and a
// text-presentation emoji followed by U+FE0F. `ScalarWidthMeasure` applies those rules scalar by
// scalar, so both the byte-level renderer and the Character-level functions count the same.

/// How text is shown in a terminal: display widths, escaping of characters that must never be
/// written raw, and wrapping, truncating and padding to a number of columns.
///
/// Everything here counts text as it is printed: a character that `needsEscaping` counts as its
/// `\u{…}` escape, a tab as `tabWidth` spaces.
public enum TerminalText {
    /// Columns a tab expands to (a fixed run of spaces, not a tab stop, so widths do not depend
    /// on the column text starts at).
    public static let tabWidth = 4

    /// The mark for text cut short by `truncate(_:to:)` or for a word broken by `wrap(_:width:)`.
    public static let ellipsis: Character = "…"

    /// How `pad(_:to:alignment:)` places text in its columns.
    public enum Alignment: Sendable {
        /// Text first, spaces after.
        case leading
        /// Spaces split around the text; an odd space goes after it.
        case center
        /// Spaces first, text after.
        case trailing
    }

    // MARK: Width

    /// Columns a scalar occupies when shown on its own: 2 for East Asian wide and fullwidth
    /// characters and emoji presentation, 0 for combining marks, variation selectors and
    /// invisible format characters, the length of its escape for a scalar that `needsEscaping`,
    /// `tabWidth` for a tab, else 1 (East Asian ambiguous characters included).
    ///
    /// Scalars that combine into emoji sequences count differently inside a cluster: measure a
    /// `Character` for that.
    public static func displayWidth(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v >= 0x20 && v < 0x7F { return 1 }
        if needsEscaping(v) { return escapeWidth(v) }
        if v == 0x09 { return tabWidth }
        return tableWidth(v)
    }

    /// Columns a grapheme cluster occupies: the sum of its scalars' widths, except that an emoji
    /// sequence (ZWJ sequence, flag, keycap, emoji with skin tone, text-presentation emoji with
    /// U+FE0F) is 2. Escaped scalars count as their escapes.
    public static func displayWidth(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        guard iterator.next() != nil else { return displayWidth(of: first) }
        var measure = ScalarWidthMeasure()
        var width = 0
        for scalar in scalars { width += measure.width(of: scalar) }
        return width
    }

    /// Columns `text` occupies as printed by this type: the sum over its grapheme clusters, with
    /// escapes measured as their escaped text and tabs as `tabWidth`.
    public static func displayWidth(of text: some StringProtocol) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        if isSingleColumnText(text) { return text.unicodeScalars.count }
        var width = 0
        for character in text { width += displayWidth(of: character) }
        return width
    }

    /// `displayWidth(of:)` for a `String`: not generic, so callers in other modules do not run
    /// the unspecialized generic code.
    public static func displayWidth(of text: String) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        if isSingleColumnText(text) { return text.unicodeScalars.count }
        var width = 0
        for character in text { width += displayWidth(of: character) }
        return width
    }

    /// Table width of a scalar (no escaping, no context); binary search over generated ranges.
    static func tableWidth(_ v: UInt32) -> Int {
        if v < 0x300 { return 1 }
        let firsts = widthRangeFirsts
        var low = 0, high = firsts.count
        while low < high {
            let mid = (low + high) / 2
            if firsts[mid] <= v { low = mid + 1 } else { high = mid }
        }
        // `low` ranges start at or below v; the last of them is the only candidate.
        guard low > 0, v <= widthRangeLasts[low - 1] else { return 1 }
        return Int(widthRangeWidths[low - 1])
    }

    // MARK: Escaping

    /// Whether a scalar is shown as its `\u{…}` escape rather than written raw: the scalars no
    /// output writes raw (`EscapedScalars`: C0 controls but tab, DEL, C1 controls, the line and
    /// paragraph separators, the bidirectional controls and marks, the byte-order mark).
    @inline(__always)
    public static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        EscapedScalars.contains(scalar.value)
    }

    @inline(__always)
    static func needsEscaping(_ v: UInt32) -> Bool { EscapedScalars.contains(v) }

    /// Width of `\u{X…}` for a scalar value.
    static func escapeWidth(_ v: UInt32) -> Int { 4 + hexDigitCount(v) }

    static func hexDigitCount(_ v: UInt32) -> Int {
        var count = 1, rest = v >> 4
        while rest != 0 { count += 1; rest >>= 4 }
        return count
    }

    /// The escape shown for a scalar: `\u{` upper-case hex `}` (`EscapedScalars.escape`).
    public static func escape(_ v: UInt32) -> String { EscapedScalars.escape(v) }

    /// A file path for a terminal: bytes that are not UTF-8 as `\xFF` (`PathBytes.displayed`),
    /// then `escaped`.
    public static func path(_ path: String) -> String { escaped(PathBytes.displayed(path)) }

    /// `text` with every scalar that `needsEscaping` replaced by its `\u{…}` escape; tabs are
    /// kept. Escaping is idempotent: escaped text contains nothing that needs escaping.
    public static func escaped(_ text: String) -> String { EscapedScalars.escaped(text) }

    // MARK: Wrapping, truncating, padding

    /// `text` broken into lines of at most `width` display columns (a width below 1 counts as 1).
    ///
    /// - Line feeds (and CR LF, and a lone CR) end a paragraph; each paragraph gives at least
    ///   one line, so `""` gives `[""]` and `"a\n"` gives `["a", ""]`.
    /// - Lines break at spaces and tabs; a run of them between two words becomes one space, and
    ///   runs at the start or end of a paragraph are dropped.
    /// - A grapheme cluster is never split. A word wider than `width` is broken over lines: each
    ///   piece but the last holds as many clusters as fit in `width - 1` columns followed by `…`,
    ///   the last piece continues the line as a word would. When not even one cluster fits beside
    ///   the `…` (width 1, or a 2-column cluster at width 2), the piece is that cluster alone, and
    ///   a cluster wider than `width` (a 2-column cluster at width 1) is shown as `…`.
    /// - Other control and bidirectional characters are escaped first (`\u{1B}`), and widths
    ///   count the escapes; an escape is ASCII, so it may be broken like a word.
    public static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        if isPrintableASCII(text) {
            if fitsAsOneLine(text.utf8, width: width) { return [text] }
            return wrapSingleColumn(Array(text.utf8), width: width, space: 0x20) { String(decoding: $0, as: UTF8.self) }
        }
        if isSingleColumnText(text) {
            return wrapSingleColumn(Array(text.unicodeScalars), width: width, space: " ") { units in
                var line = ""
                line.unicodeScalars.append(contentsOf: units)
                return line
            }
        }
        return wrapClusters(text, width: width)
    }

    /// Whether printable ASCII `bytes` wrap to themselves: they fit in `width` and have no space
    /// to drop or merge (none leading, trailing or doubled) — most labels, at no allocation.
    static func fitsAsOneLine(_ bytes: String.UTF8View, width: Int) -> Bool {
        guard bytes.count <= width, bytes.first != 0x20, bytes.last != 0x20 else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == 0x20 && previous == 0x20 { return false }
            previous = byte
        }
        return true
    }

    /// Whether `text` is all printable ASCII (space to tilde): a byte a column.
    @inline(__always)
    static func isPrintableASCII(_ text: some StringProtocol) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Whether every scalar of `text` is a grapheme cluster of its own, one column wide, that
    /// needs no escaping: printable ASCII, U+00A0–U+02FF (Latin-1 letters and punctuation,
    /// Latin Extended, IPA, spacing modifiers), U+2010–U+2027 (dashes, quotes, bullets, `…`) and
    /// U+2500–U+25FC (box drawing, blocks, and the geometric shapes the preview draws with) — no
    /// marks, joiners, emoji, wide characters, controls, tabs or line breaks. Such text, the
    /// common case, is measured, wrapped and cut scalar by scalar, with the same results as
    /// cluster by cluster and without grapheme breaking.
    public static func isSingleColumnText(_ text: some StringProtocol) -> Bool {
        if isPrintableASCII(text) { return true }
        for scalar in text.unicodeScalars where !isSingleColumn(scalar) { return false }
        return true
    }

    /// `isSingleColumnText(_:)` for a `String` (not generic: see `displayWidth(of:)`).
    public static func isSingleColumnText(_ text: String) -> Bool {
        if isPrintableASCII(text) { return true }
        for scalar in text.unicodeScalars where !isSingleColumn(scalar) { return false }
        return true
    }

    @inline(__always)
    static func isSingleColumn(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x300 { return v >= 0x20 && (v < 0x7F || v >= 0xA0) }
        return (v >= 0x2010 && v <= 0x2027) || (v >= 0x2500 && v <= 0x25FC)
    }

    /// The ranges above U+02FF that `isSingleColumn` accepts (a test checks their properties).
    static let singleColumnRangesAboveLatin: [ClosedRange<UInt32>] = [0x2010...0x2027, 0x2500...0x25FC]

    /// `wrap(_:width:)` for text of single-column units (`isSingleColumnText`): bytes of ASCII
    /// or scalars; `width` at least 1.
    static func wrapSingleColumn<Unit: Equatable>(_ units: [Unit], width: Int, space: Unit,
                                                  text: (ArraySlice<Unit>) -> String) -> [String] {
        var lines: [String] = []
        var line: [Unit] = []
        var lineOpen = false
        var index = 0
        while index < units.count {
            if units[index] == space { index += 1; continue }
            var end = index
            while end < units.count && units[end] != space { end += 1 }
            if lineOpen && line.count + 1 + (end - index) <= width {
                line.append(space)
                line.append(contentsOf: units[index..<end])
                index = end
                continue
            }
            if lineOpen {
                lines.append(text(line[...]))
                line.removeAll(keepingCapacity: true)
                lineOpen = false
            }
            // An overlong word: pieces of `width - 1` units and `…` (one unit at width 1).
            var start = index
            while end - start > width {
                let piece = max(1, width - 1)
                lines.append(text(units[start..<(start + piece)]) + (width > 1 ? String(ellipsis) : ""))
                start += piece
            }
            line.append(contentsOf: units[start..<end])
            lineOpen = true
            index = end
        }
        if lineOpen || lines.isEmpty { lines.append(text(line[...])) }
        return lines
    }

    /// `wrap(_:width:)` cluster by cluster, for any text.
    static func wrapClusters(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var paragraph: [Cell] = []
        for character in text {
            if character == "\n" || character == "\r\n" || character == "\r" {
                wrapParagraph(paragraph, width: width, into: &lines)
                paragraph.removeAll(keepingCapacity: true)
            } else {
                appendCells(of: character, to: &paragraph)
            }
        }
        wrapParagraph(paragraph, width: width, into: &lines)
        return lines
    }

    /// `text` wrapped as by `wrap(_:width:)`, keeping at most `maximumLines` lines: when more
    /// would follow, the last line kept ends with `…` (clusters are dropped from its end until
    /// the `…` fits), so a reader sees that text was cut. A `maximumLines` below 1 gives `[]`.
    public static func wrap(_ text: String, width: Int, maximumLines: Int) -> [String] {
        guard maximumLines > 0 else { return [] }
        var lines = wrap(text, width: width)
        guard lines.count > maximumLines else { return lines }
        lines.removeLast(lines.count - maximumLines)
        let width = max(1, width)
        let last = lines[maximumLines - 1]
        // `truncate` of a line one column too wide keeps the clusters that fit beside the `…`.
        lines[maximumLines - 1] = displayWidth(of: last) + 1 <= width
            ? last + String(ellipsis)
            : truncate(last + String(ellipsis), to: width)
        return lines
    }

    /// `text` on one line of at most `width` display columns: unchanged when it fits, else as
    /// many whole grapheme clusters as fit in `width - 1` columns followed by `…`. A width of 1
    /// gives `…` for text that does not fit; a width of 0 or less gives `""`.
    ///
    /// Control and bidirectional characters, line feeds included, are escaped (`\u{A}`) and tabs
    /// become `tabWidth` spaces; widths count what is printed.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if isPrintableASCII(text) {
            if text.utf8.count <= width { return text }
            return String(decoding: text.utf8.prefix(width - 1), as: UTF8.self) + String(ellipsis)
        }
        if isSingleColumnText(text) {
            if text.unicodeScalars.count <= width { return text }
            var cut = ""
            cut.unicodeScalars.append(contentsOf: text.unicodeScalars.prefix(width - 1))
            return cut + String(ellipsis)
        }
        return truncateClusters(text, to: width)
    }

    /// `truncate(_:to:)` cluster by cluster, for any text.
    static func truncateClusters(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        var cells: [Cell] = []
        for character in text { appendCells(of: character, to: &cells) }
        return truncated(cells[...], to: width).text
    }

    /// `text` on one line of exactly `width` display columns: truncated as by
    /// `truncate(_:to:)` when wider, then filled with spaces placed by `alignment`.
    /// A width of 0 or less gives `""`; the result has `width` columns, so callers bound it.
    public static func pad(_ text: String, to width: Int, alignment: Alignment = .leading) -> String {
        guard width > 0 else { return "" }
        var cells: [Cell] = []
        for character in text { appendCells(of: character, to: &cells) }
        let (body, bodyWidth) = truncated(cells[...], to: width)
        let room = max(0, width - bodyWidth)
        let before: Int
        switch alignment {
        case .leading: before = 0
        case .center: before = room / 2
        case .trailing: before = room
        }
        return String(repeating: " ", count: before) + body + String(repeating: " ", count: room - before)
    }

    /// One printed grapheme cluster and its width. Text is turned into cells once (escapes
    /// spelled out, tabs expanded) so every layout decision counts exactly what is printed.
    private struct Cell {
        var character: Character
        var width: Int
        var isSpace: Bool
    }

    private static func appendCells(of character: Character, to cells: inout [Cell]) {
        if character == " " {
            cells.append(Cell(character: " ", width: 1, isSpace: true))
            return
        }
        if character == "\t" {
            for _ in 0..<tabWidth { cells.append(Cell(character: " ", width: 1, isSpace: true)) }
            return
        }
        guard character.unicodeScalars.contains(where: needsEscaping) else {
            cells.append(Cell(character: character, width: displayWidth(of: character), isSpace: false))
            return
        }
        // Only CR LF holds more than one scalar here (controls are clusters of their own), but
        // any mix is handled: escapes become ASCII cells, other scalars cells of their own.
        for scalar in character.unicodeScalars {
            if needsEscaping(scalar) {
                for c in escape(scalar.value) { cells.append(Cell(character: c, width: 1, isSpace: false)) }
            } else if scalar == "\t" || scalar == " " {
                appendCells(of: Character(scalar), to: &cells)
            } else {
                cells.append(Cell(character: Character(scalar), width: displayWidth(of: scalar), isSpace: false))
            }
        }
    }

    private static func text(of cells: ArraySlice<Cell>) -> String {
        var result = ""
        for cell in cells { result.append(cell.character) }
        return result
    }

    private static func truncated(_ cells: ArraySlice<Cell>, to width: Int) -> (text: String, width: Int) {
        let total = cells.reduce(0) { $0 + $1.width }
        if total <= width { return (text(of: cells), total) }
        var end = cells.startIndex, used = 0
        while end < cells.endIndex && used + cells[end].width <= width - 1 {
            used += cells[end].width
            end += 1
        }
        return (text(of: cells[cells.startIndex..<end]) + String(ellipsis), used + 1)
    }

    private static func wrapParagraph(_ cells: [Cell], width: Int, into lines: inout [String]) {
        var line = ""
        var lineWidth = 0
        var lineOpen = false  // whether `line` holds a word (or the end of a broken one)
        let linesBefore = lines.count

        var index = cells.startIndex
        while index < cells.endIndex {
            if cells[index].isSpace { index += 1; continue }
            var end = index, wordWidth = 0
            while end < cells.endIndex && !cells[end].isSpace {
                wordWidth += cells[end].width
                end += 1
            }
            let word = cells[index..<end]
            index = end

            if lineOpen && lineWidth + 1 + wordWidth <= width {
                line += " " + text(of: word)
                lineWidth += 1 + wordWidth
                continue
            }
            if lineOpen {
                lines.append(line)
                line = ""; lineWidth = 0; lineOpen = false
            }
            // Break an overlong word; what remains starts the next line.
            var rest = word, restWidth = wordWidth
            while restWidth > width {
                var cut = rest.startIndex, pieceWidth = 0
                while cut < rest.endIndex && pieceWidth + rest[cut].width <= width - 1 {
                    pieceWidth += rest[cut].width
                    cut += 1
                }
                if pieceWidth > 0 {
                    lines.append(text(of: rest[rest.startIndex..<cut]) + String(ellipsis))
                } else {
                    // Nothing visible fits beside the ellipsis (width 1, or a 2-column cluster
                    // at width 2): the next cluster goes alone, or as `…` when wider than the
                    // line. It exists: the rest is wider than the line, so not all zero-width.
                    guard cut < rest.endIndex else { break }
                    let cluster = rest[cut]
                    if cluster.width <= width {
                        lines.append(text(of: rest[rest.startIndex...cut]))
                    } else {
                        lines.append(text(of: rest[rest.startIndex..<cut]) + String(ellipsis))
                    }
                    pieceWidth = cluster.width
                    cut += 1
                }
                restWidth -= pieceWidth
                rest = rest[cut...]
            }
            if !rest.isEmpty {
                line = text(of: rest)
                lineWidth = restWidth
                lineOpen = true
            }
        }
        if lineOpen || lines.count == linesBefore { lines.append(line) }
    }
}

// MARK: - Scalar-by-scalar measure

/// Columns each scalar adds to a run of text, given the scalars before it: the table width,
/// except inside emoji sequences, which together take 2 columns. The width of a grapheme cluster
/// is the sum over its scalars with a fresh measure; the renderer runs one measure along a line.
struct ScalarWidthMeasure {
    /// The scalar that began the current cluster-like run (nil after an escape, tab or start).
    private var base: Unicode.Scalar?
    /// The scalar just measured.
    private var previous: Unicode.Scalar?
    /// Columns the run since `base` has taken so far.
    private var runWidth = 0
    /// Whether `previous` is a regional indicator waiting for its partner.
    private var regionalIndicatorOpen = false
    /// Whether the scalar just measured began a run: its width and everything measured after it
    /// are the same as with a fresh measure started at it.
    private(set) var startsRun = true

    init() {}

    /// Forgets the context, as at the start of a line.
    mutating func reset() { self = ScalarWidthMeasure() }

    /// Columns `scalar` adds after the scalars measured so far.
    mutating func width(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        startsRun = false
        // A flag is two regional indicators in a row; anything between ends the chance.
        let pairsWithPrevious = regionalIndicatorOpen
        regionalIndicatorOpen = false
        if v >= 0x20 && v < 0x7F { return start(scalar, width: 1) }
        if TerminalText.needsEscaping(v) { reset(); return TerminalText.escapeWidth(v) }
        if v == 0x09 { reset(); return TerminalText.tabWidth }

        switch v {
        case 0xFE0F:
            // VS16 asks for emoji presentation of the character right before it.
            defer { previous = scalar }
            guard let base, previous == base, base.properties.isEmoji else { return 0 }
            return widen()
        case 0x20E3:
            // Combining enclosing keycap: 0-9, # and * (with or without VS16) become a key.
            defer { previous = scalar }
            guard let base, base == "#" || base == "*" || ("0"..."9").contains(base) else { return 0 }
            return widen()
        case 0x1F3FB...0x1F3FF:
            // A skin-tone modifier joins the emoji right before it; alone it is a 2-column swatch.
            if let base, previous == base, base.properties.isEmojiModifierBase {
                previous = scalar
                return widen()
            }
            return start(scalar, width: 2)
        case 0x1F1E6...0x1F1FF:
            // Regional indicators pair into flags, in order; each alone is 2 columns.
            if pairsWithPrevious {
                previous = scalar
                return widen()
            }
            let width = start(scalar, width: 2)
            regionalIndicatorOpen = true
            return width
        default:
            break
        }
        if previous == "\u{200D}", let base, Self.isPictographic(base), Self.isPictographic(scalar) {
            // A ZWJ sequence draws as one emoji.
            previous = scalar
            return widen()
        }
        let width = TerminalText.tableWidth(v)
        if width == 0 {
            previous = scalar
            if !Self.extendsCluster(scalar) {
                // An invisible character that grapheme rules do not attach (zero-width space,
                // word joiner, Hangul vowels and finals): no emoji sequence continues past it.
                base = nil
                runWidth = 0
                startsRun = true
            }
            return 0
        }
        return start(scalar, width: width)
    }

    private mutating func start(_ scalar: Unicode.Scalar, width: Int) -> Int {
        base = scalar
        previous = scalar
        runWidth = width
        regionalIndicatorOpen = false
        startsRun = true
        return width
    }

    /// Columns that bring the current run up to one 2-column emoji.
    private mutating func widen() -> Int {
        let added = max(0, 2 - runWidth)
        runWidth += added
        return added
    }

    /// Whether a zero-width scalar stays in the cluster before it (Grapheme_Cluster_Break Extend
    /// or ZWJ): marks, variation selectors, the joiners and tag characters.
    private static func extendsCluster(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200C, 0x200D, 0xE0020...0xE007F: return true
        default: break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Emoji that take part in ZWJ sequences (Extended_Pictographic, near enough): emoji other
    /// than the ASCII keycap bases, regional indicators and skin-tone modifiers.
    private static func isPictographic(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        guard v >= 0x80, !(0x1F1E6...0x1F1FF).contains(v), !(0x1F3FB...0x1F3FF).contains(v) else { return false }
        return scalar.properties.isEmoji
    }
}

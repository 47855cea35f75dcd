// The human-readable diagnostic format (docs/language.md §10), modelled on rustc:
//
//     deck.cards:14:14: error[E501]: trait `shadow` is missing `opacity` and `offset`
//        |
//     14 | card Budget: shadow(color: .lightGray, radius: 10) {
//        |              ^^^^^^ ShadowCardTrait requires shadowOpacity() and shadowOffset()
//        = help: add `opacity: 0.5, offset: size(0, 0)`
//
// Inputs are untrusted: source text is never written raw when it could move the cursor, change
// colours or reorder text (control and bidi characters become `\u{…}`, invalid bytes `\x{…}`),
// and a snippet shows a bounded window of its line, so a 50 MB one-line file renders in time
// proportional to the window, not the line.

// MARK: - Location cache

/// Converts byte offsets to line/column, amortising the column scan on long lines.
///
/// `SourceFile.location(of:)` scans from the line start, which is quadratic when thousands of
/// diagnostics sit on one 50 MB line. The cache remembers, for a few long lines, how far it has
/// scanned and a checkpoint every few KiB, so offsets given in increasing order cost O(distance)
/// and any other offset on a remembered line costs O(checkpoint stride).
public struct LocationCache: Sendable {
    private struct LineEntry: Sendable {
        let file: SourceFile
        let line: Int
        /// Scalar boundaries (offset, scalars before it on the line), increasing.
        var checkpointOffsets: [Int]
        var checkpointCounts: [Int]
        var frontierOffset: Int
        var frontierCount: Int
        var lastUse: Int
    }

    /// Lines shorter than this are scanned directly.
    private static let longLine = 4096
    private static let stride = 2048
    private static let capacity = 4

    private var entries: [LineEntry] = []
    private var clock = 0

    public init() {}

    /// The 1-based line and scalar column of `offset` in `file`; identical to
    /// `file.location(of: offset)`.
    public mutating func location(of offset: Int, in file: SourceFile) -> SourceLocation {
        let clamped = min(max(offset, 0), file.bytes.count)
        let line = file.lineIndex(of: clamped)
        let lineStart = file.lineStart(line)
        if clamped - lineStart < Self.longLine {
            let column = UTF8Scanner.scalarCount(file.bytes, from: lineStart, to: clamped) + 1
            return SourceLocation(line: line + 1, column: column)
        }
        clock += 1
        let index: Int
        if let found = entries.firstIndex(where: { $0.file === file && $0.line == line }) {
            index = found
        } else {
            let entry = LineEntry(file: file, line: line, checkpointOffsets: [lineStart],
                                  checkpointCounts: [0], frontierOffset: lineStart, frontierCount: 0,
                                  lastUse: clock)
            if entries.count < Self.capacity {
                entries.append(entry)
                index = entries.count - 1
            } else {
                var oldest = 0
                for i in entries.indices where entries[i].lastUse < entries[oldest].lastUse { oldest = i }
                entries[oldest] = entry
                index = oldest
            }
        }
        entries[index].lastUse = clock
        let count = Self.scalarsBefore(clamped, entry: &entries[index])
        return SourceLocation(line: line + 1, column: count + 1)
    }

    private static func scalarsBefore(_ target: Int, entry: inout LineEntry) -> Int {
        entry.file.bytes.withUnsafeBufferPointer { p in
            if target >= entry.frontierOffset {
                var i = entry.frontierOffset, count = entry.frontierCount
                var lastCheckpoint = entry.checkpointOffsets.last ?? i
                while i < target {
                    if i - lastCheckpoint >= stride {
                        entry.checkpointOffsets.append(i)
                        entry.checkpointCounts.append(count)
                        lastCheckpoint = i
                    }
                    i += p[i] < 0x80 ? 1 : max(1, UTF8Scanner.sequenceLength(p, at: i))
                    count += 1
                }
                entry.frontierOffset = i
                entry.frontierCount = count
                return count
            }
            // Last checkpoint at or before the target.
            var low = 0, high = entry.checkpointOffsets.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if entry.checkpointOffsets[mid] <= target { low = mid } else { high = mid - 1 }
            }
            var i = entry.checkpointOffsets[low], count = entry.checkpointCounts[low]
            while i < target {
                i += p[i] < 0x80 ? 1 : max(1, UTF8Scanner.sequenceLength(p, at: i))
                count += 1
            }
            return count
        }
    }
}

// MARK: - Renderer

/// Renders diagnostics as text for a terminal or a log (the `text` format; goes to stderr).
public struct TextRenderer: Sendable {
    /// Emit ANSI colours (see `ColorChoice.resolved`). When false the output has no escape bytes.
    public var useColor: Bool
    /// Most display columns of source shown per snippet line; longer lines are windowed with `…`.
    public var maxSnippetWidth: Int
    /// Secondary labels at most this many lines from the primary line share its snippet.
    public var nearbyLineDistance: Int

    /// Columns a tab expands to, in the source line and under it alike.
    public static let tabWidth = TerminalText.tabWidth

    /// A renderer; `maxSnippetWidth` is clamped to at least 16 columns.
    public init(useColor: Bool = false, maxSnippetWidth: Int = 120, nearbyLineDistance: Int = 3) {
        self.useColor = useColor
        self.maxSnippetWidth = max(16, maxSnippetWidth)
        self.nearbyLineDistance = max(0, nearbyLineDistance)
    }

    /// Renders diagnostics (already sorted and deduplicated) separated by blank lines; the result
    /// ends with a newline unless `diagnostics` is empty.
    public func render(_ diagnostics: [Diagnostic], in files: FileSet) -> String {
        var cache = LocationCache()
        var out = ByteBuffer()
        for (index, diagnostic) in diagnostics.enumerated() {
            if index > 0 { out.append("\n") }
            write(diagnostic, in: files, cache: &cache, to: &out)
        }
        return out.string
    }

    /// Renders one diagnostic; the result ends with a newline.
    public func render(_ diagnostic: Diagnostic, in files: FileSet) -> String {
        var cache = LocationCache()
        return render(diagnostic, in: files, cache: &cache)
    }

    /// Renders one diagnostic, reusing `cache` so that many sorted diagnostics on one long line
    /// cost time linear in the line, not quadratic.
    public func render(_ diagnostic: Diagnostic, in files: FileSet, cache: inout LocationCache) -> String {
        var out = ByteBuffer()
        write(diagnostic, in: files, cache: &cache, to: &out)
        return out.string
    }

    /// The summary line printed after the diagnostics, e.g. `2 errors, 1 warning in 3 files`.
    public static func summary(errorCount: Int, warningCount: Int, fileCount: Int) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(plural(errorCount, "error")), \(plural(warningCount, "warning")) in \(plural(fileCount, "file"))"
    }

    /// The summary line for `diagnostics` found in `fileCount` files.
    public static func summary(for diagnostics: [Diagnostic], fileCount: Int) -> String {
        summary(errorCount: diagnostics.errorCount, warningCount: diagnostics.warningCount, fileCount: fileCount)
    }

    // MARK: Styles

    private enum Style {
        static let reset = "\u{1B}[0m"
        static let bold = "\u{1B}[1m"
        static let error = "\u{1B}[1;31m"
        static let warning = "\u{1B}[1;33m"
        static let note = "\u{1B}[1;36m"
        static let gutter = "\u{1B}[1;34m"
    }

    private func severityStyle(_ severity: Severity) -> String {
        switch severity {
        case .error: Style.error
        case .warning: Style.warning
        case .note: Style.note
        }
    }

    private func styled(_ text: String, _ style: String, _ out: inout ByteBuffer) {
        if useColor { out.append(style); out.append(text); out.append(Style.reset) } else { out.append(text) }
    }

    // MARK: Layout

    private struct Marker {
        var start: Int
        var end: Int
        var isPrimary: Bool
        var label: String?
    }

    private struct FarLabel {
        var file: SourceFile
        var marker: Marker
    }

    private func write(_ diagnostic: Diagnostic, in files: FileSet, cache: inout LocationCache,
                       to out: inout ByteBuffer) {
        let file = files.lookUp(diagnostic.span.file)

        // Header: path:line:col: severity[CODE]: message
        let header: String
        if let file {
            let location = cache.location(of: diagnostic.span.start, in: file)
            header = "\(TerminalText.escaped(PathBytes.displayed(file.path))):\(location.line):\(location.column):"
        } else {
            header = "<unknown>:"
        }
        styled(header, Style.bold, &out)
        out.append(" ")
        styled("\(diagnostic.severity.name)[\(diagnostic.code.rawValue)]", severityStyle(diagnostic.severity), &out)
        styled(": " + TerminalText.escaped(diagnostic.message), Style.bold, &out)
        out.append("\n")

        var gutterWidth = 1
        if let file {
            let primaryLine = file.lineIndex(of: clamp(diagnostic.span.start, file))
            var main: [Int: [Marker]] = [
                primaryLine: [Marker(start: diagnostic.span.start, end: diagnostic.span.end,
                                     isPrimary: true, label: diagnostic.label)]
            ]
            var far: [FarLabel] = []
            var maxLine = primaryLine
            for label in diagnostic.secondary {
                guard let labelFile = files.lookUp(label.span.file) else { continue }
                let line = labelFile.lineIndex(of: clamp(label.span.start, labelFile))
                maxLine = max(maxLine, line)
                let marker = Marker(start: label.span.start, end: label.span.end, isPrimary: false,
                                    label: label.message)
                if labelFile === file && abs(line - primaryLine) <= nearbyLineDistance {
                    main[line, default: []].append(marker)
                } else {
                    far.append(FarLabel(file: labelFile, marker: marker))
                }
            }
            gutterWidth = decimalDigits(maxLine + 1)

            out.append(String(repeating: " ", count: gutterWidth + 1))
            styled("|", Style.gutter, &out)
            out.append("\n")
            var previousLine: Int?
            for line in main.keys.sorted() {
                if let previousLine, line > previousLine + 1 {
                    styled("...", Style.gutter, &out)
                    out.append("\n")
                }
                previousLine = line
                let markers = main[line] ?? []
                guard let anchor = markers.first(where: \.isPrimary) ?? markers.first else { continue }
                let window = makeWindow(file: file, line: line, anchorStart: anchor.start)
                var visible: [Marker] = []
                for marker in markers {
                    if marker.isPrimary || window.shows(clampToLine(marker.start, window), marker.end) {
                        visible.append(marker)
                    } else {
                        far.append(FarLabel(file: file, marker: marker))
                    }
                }
                writeSnippet(file: file, line: line, window: window, markers: visible,
                             gutterWidth: gutterWidth, severity: diagnostic.severity, to: &out)
            }
            for label in far {
                let location = cache.location(of: label.marker.start, in: label.file)
                writeArrow(label.file, location, gutterWidth: gutterWidth, to: &out)
                out.append(String(repeating: " ", count: gutterWidth + 1))
                styled("|", Style.gutter, &out)
                out.append("\n")
                let line = location.line - 1
                let window = makeWindow(file: label.file, line: line, anchorStart: label.marker.start)
                writeSnippet(file: label.file, line: line, window: window, markers: [label.marker],
                             gutterWidth: gutterWidth, severity: diagnostic.severity, to: &out)
            }
        }

        // Notes, help, fix-its.
        let pad = String(repeating: " ", count: gutterWidth + 1)
        for note in diagnostic.notes {
            out.append(pad)
            styled("=", Style.gutter, &out)
            out.append(" ")
            styled(note.kind == .help ? "help" : "note", Style.note, &out)
            out.append(": ")
            out.append(TerminalText.escaped(note.message))
            out.append("\n")
            if let span = note.span, let noteFile = files.lookUp(span.file) {
                writeArrow(noteFile, cache.location(of: span.start, in: noteFile), gutterWidth: gutterWidth, to: &out)
            }
        }
        if diagnostic.help == nil {
            for fix in diagnostic.fixIts {
                out.append(pad)
                styled("=", Style.gutter, &out)
                out.append(" ")
                styled("help", Style.note, &out)
                out.append(": ")
                out.append(TerminalText.escaped(fixDescription(fix, files: files)))
                out.append("\n")
            }
        }
    }

    private func writeArrow(_ file: SourceFile, _ location: SourceLocation, gutterWidth: Int,
                            to out: inout ByteBuffer) {
        out.append(String(repeating: " ", count: gutterWidth))
        styled("-->", Style.gutter, &out)
        out.append(" \(TerminalText.escaped(PathBytes.displayed(file.path))):\(location.line):\(location.column)\n")
    }

    /// `replace with `x``, `insert `x`` or `remove `x``, for a fix-it. The line breaks and
    /// indentation around an inserted line (E703's `title:`) are left out of the quote: they
    /// would only show as escapes.
    func fixDescription(_ fix: FixIt, files: FileSet) -> String {
        var shown = Substring(fix.replacement)
        if shown.contains(where: \.isNewline), let first = shown.firstIndex(where: { !$0.isWhitespace }),
           let last = shown.lastIndex(where: { !$0.isWhitespace }) {
            shown = shown[first...last]
        }
        if fix.span.start == fix.span.end { return "insert `\(shown)`" }
        if !fix.replacement.isEmpty { return "replace with `\(shown)`" }
        guard let file = files.lookUp(fix.span.file) else { return "remove this text" }
        let start = clamp(fix.span.start, file)
        var end = clamp(fix.span.end, file)
        let limit = 60
        var truncated = false
        if end - start > limit {
            end = start + limit
            // Back up to a sequence start so the cut does not split a character.
            var steps = 0
            while end > start && steps < 3 && file.bytes[end] & 0xC0 == 0x80 { end -= 1; steps += 1 }
            truncated = true
        }
        return "remove `\(file.text(start..<end))\(truncated ? "…" : "")`"
    }

    // MARK: Snippet windows

    private enum CellKind {
        case raw, tab, escaped(UInt32), invalid(UInt8)
    }

    /// One displayed unit of a source line: a scalar, a tab, an escape or an invalid byte.
    private struct Cell {
        var start: Int
        var end: Int
        var width: Int
        var kind: CellKind
        /// Whether the width is independent of the cells before (see `ScalarWidthMeasure`), so a
        /// window may begin here.
        var startsRun = true
    }

    private struct Window {
        var lineStart: Int
        var lineEnd: Int
        var cells: ArraySlice<Cell>
        var leadingEllipsis: Bool
        var trailingEllipsis: Bool
        var firstStart: Int
        var lastEnd: Int

        /// Whether a marker starting at `start` (clamped to the line) appears in the window.
        func shows(_ start: Int, _ end: Int) -> Bool {
            if start >= firstStart && start < lastEnd { return true }
            if start == lastEnd { return !trailingEllipsis }
            return start < firstStart && end > firstStart
        }

        /// Display column (0-based, after the gutter) where `offset` starts.
        func column(of offset: Int) -> Int {
            var column = leadingEllipsis ? 1 : 0
            for cell in cells {
                if cell.end > offset { break }
                column += cell.width
            }
            return column
        }

        /// Display width of the cells overlapping `start..<end`.
        func width(from start: Int, to end: Int) -> Int {
            var width = 0
            for cell in cells where cell.start < end && cell.end > start { width += cell.width }
            return width
        }
    }

    private func clamp(_ offset: Int, _ file: SourceFile) -> Int { min(max(offset, 0), file.bytes.count) }

    private func clampToLine(_ offset: Int, _ window: Window) -> Int {
        min(max(offset, window.lineStart), window.lineEnd)
    }

    /// The cell starting at byte `i`. `measure` carries the scalars before it, so emoji
    /// sequences (ZWJ, flags, keycaps, skin tones, VS16) take 2 columns in all, as in a terminal.
    private static func cell(_ p: UnsafeBufferPointer<UInt8>, at i: Int,
                             measure: inout ScalarWidthMeasure) -> Cell {
        var cell = Cell(start: i, end: i + 1, width: 0, kind: .raw)
        let b = p[i]
        if b < 0x80 {
            cell.width = measure.width(of: Unicode.Scalar(b))
            if b == 0x09 {
                cell.width = tabWidth
                cell.kind = .tab
            } else if b < 0x20 || b == 0x7F {
                cell.kind = .escaped(UInt32(b))
            }
        } else {
            let length = UTF8Scanner.sequenceLength(p, at: i)
            if length == 0 {
                measure.reset()
                cell.width = 6
                cell.kind = .invalid(b)
                return cell
            }
            let scalar = UTF8Scanner.decode(p, at: i, length: length)
            cell.end = i + length
            cell.width = measure.width(of: scalar)
            if TerminalText.needsEscaping(scalar) { cell.kind = .escaped(scalar.value) }
        }
        cell.startsRun = measure.startsRun
        return cell
    }

    /// Chooses the part of `line` to show: the whole line when it fits in `maxSnippetWidth`
    /// columns, else a window around the anchor. Work is bounded by the window, not the line.
    private func makeWindow(file: SourceFile, line: Int, anchorStart: Int) -> Window {
        let range = file.lineRange(min(max(line, 0), file.lineCount - 1))
        let lineStart = range.lowerBound, lineEnd = range.upperBound
        let width = maxSnippetWidth
        let anchor = min(max(anchorStart, lineStart), lineEnd)

        return file.bytes.withUnsafeBufferPointer { p -> Window in
            func window(_ cells: ArraySlice<Cell>, _ fallback: Int) -> Window {
                let first = cells.first?.start ?? fallback
                let last = cells.last?.end ?? fallback
                return Window(lineStart: lineStart, lineEnd: lineEnd, cells: cells,
                              leadingEllipsis: first > lineStart, trailingEllipsis: last < lineEnd,
                              firstStart: first, lastEnd: last)
            }

            // Short line: show it whole if it fits.
            if lineEnd - lineStart <= 4 * width {
                var cells: [Cell] = []
                var total = 0, i = lineStart
                var measure = ScalarWidthMeasure()
                while i < lineEnd {
                    let c = Self.cell(p, at: i, measure: &measure)
                    cells.append(c)
                    total += c.width
                    i = c.end
                }
                if total <= width { return window(cells[...], lineStart) }
            }

            // Left context: cells ending at or before the anchor, from a bounded distance back.
            var i = max(lineStart, anchor - 4 * width)
            var steps = 0
            while i > lineStart && i < anchor && steps < 3 && p[i] & 0xC0 == 0x80 { i += 1; steps += 1 }
            // The measure starts afresh where printing may start, as the terminal's view does.
            var measure = ScalarWidthMeasure()
            var left: [Cell] = []
            while i < anchor {
                var trial = measure
                let c = Self.cell(p, at: i, measure: &trial)
                if c.end > anchor { break }  // straddles the anchor: it belongs to the span
                measure = trial
                left.append(c)
                i = c.end
            }
            // Right part: from the anchor, until somewhat more than the budget is collected.
            var right: [Cell] = []
            var rightWidth = 0
            let byteLimit = i + 16 * width
            while i < lineEnd && rightWidth <= width && i < byteLimit {
                let c = Self.cell(p, at: i, measure: &measure)
                right.append(c)
                rightWidth += c.width
                i = c.end
            }
            let leftTotal = left.reduce(0) { $0 + $1.width }
            // Reserve one column for each ellipsis that may be needed.
            let budget = width - 2
            let leftBudget = min(leftTotal, max(budget / 3, budget - rightWidth))
            var leftIndex = 0, leftWidth = leftTotal
            while leftWidth > leftBudget && leftIndex < left.count {
                leftWidth -= left[leftIndex].width
                leftIndex += 1
            }
            // Begin at a run start, where the widths measured in context are what the terminal,
            // seeing the text only from there, draws (not inside a flag, ZWJ or skin-tone emoji).
            // If none is left the anchor's cell begins the window, measured in context.
            while leftIndex > 0 && leftIndex < left.count && !left[leftIndex].startsRun {
                leftWidth -= left[leftIndex].width
                leftIndex += 1
            }
            var cells = Array(left[leftIndex...])
            var remaining = budget - leftWidth
            var taken = 0
            for c in right {
                // The cell at the anchor is always shown, so the caret has something to point at.
                if c.width > remaining && taken > 0 { break }
                cells.append(c)
                remaining -= c.width
                taken += 1
            }
            return window(cells[...], anchor)
        }
    }

    private func writeSnippet(file: SourceFile, line: Int, window: Window, markers: [Marker],
                              gutterWidth: Int, severity: Severity, to out: inout ByteBuffer) {
        // Source line.
        let number = String(line + 1)
        var sourceLine = ByteBuffer()
        if window.leadingEllipsis { sourceLine.append("…") }
        file.bytes.withUnsafeBufferPointer { p in
            for cell in window.cells {
                switch cell.kind {
                case .raw:
                    for k in cell.start..<cell.end { sourceLine.bytes.append(p[k]) }
                case .tab:
                    for _ in 0..<Self.tabWidth { sourceLine.bytes.append(0x20) }
                case .escaped(let value):
                    sourceLine.append(TerminalText.escape(value))
                case .invalid(let byte):
                    sourceLine.append("\\x{")
                    sourceLine.appendHexByte(byte)
                    sourceLine.append("}")
                }
            }
        }
        if window.trailingEllipsis { sourceLine.append("…") }
        styled(String(repeating: " ", count: max(0, gutterWidth - number.utf8.count)) + number + " |",
               Style.gutter, &out)
        if !sourceLine.bytes.isEmpty {
            out.append(" ")
            out.bytes.append(contentsOf: sourceLine.bytes)
        }
        out.append("\n")

        // One underline line per marker, primary first then by column.
        let ordered = markers.enumerated().sorted { a, b in
            if a.element.isPrimary != b.element.isPrimary { return a.element.isPrimary }
            if a.element.start != b.element.start { return a.element.start < b.element.start }
            return a.offset < b.offset
        }.map(\.element)
        for marker in ordered {
            let start = clampToLine(marker.start, window)
            let end = min(max(marker.end, start), window.lineEnd)
            let column = window.column(of: start)
            let width = max(1, start == end ? 1 : window.width(from: start, to: end))
            out.append(String(repeating: " ", count: gutterWidth + 1))
            styled("|", Style.gutter, &out)
            out.append(String(repeating: " ", count: column + 1))
            var underline = String(repeating: marker.isPrimary ? "^" : "-", count: width)
            if let label = marker.label, !label.isEmpty { underline += " " + TerminalText.escaped(label) }
            styled(underline, marker.isPrimary ? severityStyle(severity) : Style.gutter, &out)
            out.append("\n")
        }
    }

    private func decimalDigits(_ n: Int) -> Int {
        var digits = 1, rest = n / 10
        while rest > 0 { digits += 1; rest /= 10 }
        return digits
    }
}

// MARK: - Helpers

extension FileSet {
    /// The file with this id, or nil for an id this set never handed out.
    public func lookUp(_ id: FileID) -> SourceFile? {
        let index = Int(id.rawValue)
        return files.indices.contains(index) ? files[index] : nil
    }
}

/// A growable UTF-8 byte buffer for building output without intermediate Strings.
struct ByteBuffer {
    var bytes: [UInt8] = []

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func appendHexByte(_ byte: UInt8) {
        let digits: StaticString = "0123456789ABCDEF"
        digits.withUTF8Buffer { d in
            bytes.append(d[Int(byte >> 4)])
            bytes.append(d[Int(byte & 0x0F)])
        }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}

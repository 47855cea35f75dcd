import CardDiagnostics

/// How an editor counts the columns of a position (LSP 3.17 `PositionEncodingKind`): in UTF-8
/// bytes, UTF-16 code units (the protocol's default) or Unicode scalars.
public enum PositionEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"
}

/// A 0-based line and a 0-based column counted in some `PositionEncoding`'s code units.
public struct LinePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (lhs: LinePosition, rhs: LinePosition) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }

    public var description: String { "\(line):\(character)" }
}

/// The one place byte offsets become editor positions and back: the lines of a text and the
/// column arithmetic of every encoding.
///
/// Lines are the ones `LineBreak` defines, as diagnostics count them: they end at `\n`, `\r\n`
/// or a lone `\r` (the protocol's three terminators too). A column never
/// points inside a terminator or a character: a position past the end of its line means the
/// line's end, a line past the last means the end of the text, and a column inside a
/// character (half a surrogate pair, the middle of a UTF-8 sequence) means that character's
/// start. Bytes that are not valid UTF-8 count as one unit each in every encoding, as the
/// replacement character a client shows for them does in UTF-16. So every input gives an
/// answer, and `offset(of: position(of: o))` is `o` for every offset `o` at a character
/// boundary outside a `\r\n`.
public struct LineIndex: Sendable {
    /// The text's bytes (shared with the document, not copied).
    public let bytes: [UInt8]
    /// Where each line starts; `lineStarts[0] == 0`.
    private let lineStarts: [Int]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts = LineBreak.lineStarts(of: bytes)
    }

    public init(_ text: String) { self.init(Array(text.utf8)) }

    private init(bytes: [UInt8], lineStarts: [Int]) {
        self.bytes = bytes
        self.lineStarts = lineStarts
    }

    /// The lines of `newBytes`, which are this text with `range` replaced by `count` bytes:
    /// only the lines around the edit are scanned again; the starts after it are shifted.
    /// (An editor's keystroke in a 10,000-line deck need not rescan the deck.)
    public func replacing(_ range: Range<Int>, withCount count: Int, in newBytes: [UInt8]) -> LineIndex {
        let lower = min(max(range.lowerBound, 0), bytes.count)
        let upper = min(max(range.upperBound, lower), bytes.count)
        let delta = count - (upper - lower)
        guard newBytes.count == bytes.count + delta else { return LineIndex(newBytes) }
        // From the start of the line before the edit's (a `\r` there may pair with a `\n`
        // inserted), to the start of the second line after it (likewise), in the old text.
        let firstLine = max(0, line(of: lower) - 1)
        let lastLine = line(of: upper) + 2
        let windowStart = lineStarts[firstLine]
        let oldWindowEnd = lastLine < lineStarts.count ? lineStarts[lastLine] : bytes.count
        let newWindowEnd = oldWindowEnd + delta
        var starts = Array(lineStarts[...firstLine])
        starts.reserveCapacity(lineStarts.count + count / 16 + 1)
        newBytes.withUnsafeBufferPointer { p in
            // Up to the first kept line's start: the byte before it is the old text's line
            // break (or its last byte), unchanged, and so is the byte after it.
            let end = lastLine < lineStarts.count ? newWindowEnd : p.count
            LineBreak.forEachLineStart(in: p, windowStart..<end) { starts.append($0) }
        }
        if lastLine < lineStarts.count {
            if starts.last != newWindowEnd { return LineIndex(newBytes) } // the window did not end where expected
            starts += lineStarts[(lastLine + 1)...].lazy.map { $0 + delta }
        }
        return LineIndex(bytes: newBytes, lineStarts: starts)
    }

    /// How many lines the text has (a text ending in a line break has an empty last line).
    public var lineCount: Int { lineStarts.count }

    /// The byte range of 0-based line `line` (clamped to the text's lines), without its
    /// terminator.
    public func lineRange(_ line: Int) -> Range<Int> {
        let line = min(max(line, 0), lineStarts.count - 1)
        let start = lineStarts[line]
        let end = line + 1 < lineStarts.count
            ? LineBreak.contentEnd(bytes, lineStart: start, nextLineStart: lineStarts[line + 1]) : bytes.count
        return start..<end
    }

    /// The 0-based line containing byte `offset` (clamped to the text).
    public func line(of offset: Int) -> Int {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The position of byte `offset` (clamped to the text; inside a terminator, the line's end;
    /// inside a character, that character's start).
    public func position(of offset: Int, in encoding: PositionEncoding) -> LinePosition {
        let offset = min(max(offset, 0), bytes.count)
        let line = line(of: offset)
        let range = lineRange(line)
        let end = min(offset, range.upperBound)
        return LinePosition(line: line, character: units(from: range.lowerBound, to: end, in: encoding))
    }

    /// The byte offset of `position`: its line clamped to the text, its column to its line.
    public func offset(of position: LinePosition, in encoding: PositionEncoding) -> Int {
        if position.line < 0 { return 0 }
        if position.line >= lineStarts.count { return bytes.count }
        let range = lineRange(position.line)
        var remaining = max(position.character, 0)
        return bytes.withUnsafeBufferPointer { p in
            var i = range.lowerBound
            while i < range.upperBound && remaining > 0 {
                let (length, units) = Self.scalar(at: i, in: p, encoding: encoding)
                if units > remaining { break } // inside the character: its start
                remaining -= units
                i += length
            }
            return i
        }
    }

    /// The byte offset of the character `position` falls inside when, in UTF-16, it falls
    /// between the two halves of a surrogate pair; else nil. An editor's text holds two lone
    /// surrogates after an edit there, so the server splits that character first
    /// (`Workspace.splitSurrogatePair`) rather than move the edit to its start.
    public func surrogatePairSplit(at position: LinePosition, in encoding: PositionEncoding) -> Int? {
        guard encoding == .utf16, position.line >= 0, position.line < lineStarts.count else { return nil }
        let range = lineRange(position.line)
        var remaining = max(position.character, 0)
        return bytes.withUnsafeBufferPointer { p in
            var i = range.lowerBound
            while i < range.upperBound && remaining > 0 {
                let (length, units) = Self.scalar(at: i, in: p, encoding: encoding)
                if units > remaining { return length == 4 ? i : nil }
                remaining -= units
                i += length
            }
            return nil
        }
    }

    /// The code units of `encoding` in the bytes `start..<end` (clamped), counting each
    /// character that starts before `end`.
    public func units(from start: Int, to end: Int, in encoding: PositionEncoding) -> Int {
        let start = min(max(start, 0), bytes.count)
        let end = min(max(end, start), bytes.count)
        if encoding == .utf8 { return snappedEnd(start, end) - start }
        return bytes.withUnsafeBufferPointer { p in
            var count = 0
            var i = start
            while i < end {
                let (length, units) = Self.scalar(at: i, in: p, encoding: encoding)
                if i + length > end { break } // `end` inside a character: up to its start
                count += units
                i += length
            }
            return count
        }
    }

    /// `end`, moved back to the start of the character it falls inside (UTF-8 columns count
    /// bytes, but still never split a character).
    private func snappedEnd(_ start: Int, _ end: Int) -> Int {
        var i = end
        // At most three continuation bytes precede a character's last byte.
        var steps = 0
        while i > start && i < bytes.count && bytes[i] & 0xC0 == 0x80 && steps < 3 {
            i -= 1
            steps += 1
        }
        guard i < end else { return end }
        let length = bytes.withUnsafeBufferPointer { Self.scalar(at: i, in: $0, encoding: .utf8).length }
        return i + length > end ? i : end
    }

    /// The byte length of the character at `i` (1 for a byte that starts no valid UTF-8
    /// sequence, as `UTF8Scanner` decides for the lexer) and its code units in `encoding`.
    @inline(__always)
    static func scalar(at i: Int, in p: UnsafeBufferPointer<UInt8>, encoding: PositionEncoding) -> (length: Int, units: Int) {
        let length = UTF8Scanner.sequenceLength(p, at: i)
        guard length > 1 else { return (1, 1) }
        switch encoding {
        case .utf8: return (length, length)
        case .utf16: return (length, length == 4 ? 2 : 1)
        case .utf32: return (length, 1)
        }
    }
}

/// The one definition of a line in `.cards` source (docs/language.md §2), which every table
/// of lines and the lexer share: a line ends at a line feed (LF), at a carriage return followed
/// by a line feed (CR LF, one break), or at a carriage return alone (CR) — the three
/// terminators Swift and the Language Server Protocol count, so a diagnostic's line is the
/// line an editor shows.
///
/// A byte *ends a line* when it is a LF, or a CR not followed by a LF; a line starts after each
/// such byte. Counting those bytes counts line breaks, in either direction, with no state.
public enum LineBreak {
    public static let lineFeed: UInt8 = 0x0A
    public static let carriageReturn: UInt8 = 0x0D

    /// Whether `byte` is a LF or a CR: the first byte of every line break.
    @inlinable @inline(__always)
    public static func isBreakByte(_ byte: UInt8) -> Bool { byte == lineFeed || byte == carriageReturn }

    /// Whether byte `i` of `p` ends a line: a LF, or a CR that no LF follows.
    @inlinable @inline(__always)
    public static func endsLine(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        let b = p[i]
        return b == lineFeed || (b == carriageReturn && (i &+ 1 >= p.count || p[i &+ 1] != lineFeed))
    }

    /// Whether byte `i` of `bytes` ends a line (see `endsLine(_:at:)`).
    @inlinable @inline(__always)
    public static func endsLine(_ bytes: [UInt8], at i: Int) -> Bool {
        let b = bytes[i]
        return b == lineFeed || (b == carriageReturn && (i &+ 1 >= bytes.count || bytes[i &+ 1] != lineFeed))
    }

    /// The length of the line break that starts at `i`: 2 for CR LF, 1 for a LF or a lone CR,
    /// 0 when `i` starts none (or is past the end).
    @inlinable @inline(__always)
    public static func length(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        guard i >= 0 && i < p.count else { return 0 }
        let b = p[i]
        if b == lineFeed { return 1 }
        if b != carriageReturn { return 0 }
        return i &+ 1 < p.count && p[i &+ 1] == lineFeed ? 2 : 1
    }

    /// The length of the line break that starts at `i` of `bytes` (see `length(_:at:)`).
    @inlinable @inline(__always)
    public static func length(_ bytes: [UInt8], at i: Int) -> Int {
        bytes.withUnsafeBufferPointer { length($0, at: i) }
    }

    /// The end of the line that contains `i` (where its break starts, or `end`): the first
    /// LF or CR at or after `i`, before `end`.
    @inlinable
    public static func lineEnd(_ p: UnsafeBufferPointer<UInt8>, from i: Int, to end: Int) -> Int {
        var k = i
        while k < end && !isBreakByte(p[k]) { k &+= 1 }
        return k
    }

    /// Where the content of the line from `start` to `next` (the next line's start) ends: before
    /// its line break.
    @inlinable @inline(__always)
    public static func contentEnd(_ bytes: [UInt8], lineStart start: Int, nextLineStart next: Int) -> Int {
        var end = next - 1 // the break's last byte
        if end > start && bytes[end] == lineFeed && bytes[end - 1] == carriageReturn { end -= 1 }
        return max(start, end)
    }

    /// How many line breaks `bytes[range]` holds (a CR LF is one; a CR at the range's end counts
    /// as the byte after it decides).
    @inlinable
    public static func count(in bytes: [UInt8], _ range: Range<Int>) -> Int {
        let range = range.clamped(to: 0..<bytes.count)
        var count = 0
        for i in range where endsLine(bytes, at: i) { count &+= 1 }
        return count
    }

    /// Whether `bytes[range]` holds a line break.
    @inlinable
    public static func occurs(in bytes: [UInt8], _ range: Range<Int>) -> Bool {
        let range = range.clamped(to: 0..<bytes.count)
        for i in range where isBreakByte(bytes[i]) { return true }
        return false
    }

    /// Calls `body` with the start of every line that a byte of `range` ends (`i + 1` for each
    /// `i` in `range` that `endsLine`), in order. Thirty-two bytes at a time: a vector compare
    /// marks each LF and CR, read out as four words; a word with neither costs a test.
    @inlinable @inline(__always)
    public static func forEachLineStart(in p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ body: (Int) -> Void) {
        let n = min(range.upperBound, p.count)
        var i = max(range.lowerBound, 0)
        if let base = p.baseAddress {
            let feeds = SIMD16<UInt8>(repeating: lineFeed)
            let returns = SIMD16<UInt8>(repeating: carriageReturn)
            while i &+ 32 <= n {
                let first = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
                let second = UnsafeRawPointer(base + (i &+ 16)).loadUnaligned(as: SIMD16<UInt8>.self)
                let low = unsafeBitCast((first .== feeds) .| (first .== returns), to: SIMD2<UInt64>.self)
                let high = unsafeBitCast((second .== feeds) .| (second .== returns), to: SIMD2<UInt64>.self)
                if (low[0] | low[1] | high[0] | high[1]) != 0 {
                    marked(p, low[0], at: i, body)
                    marked(p, low[1], at: i &+ 8, body)
                    marked(p, high[0], at: i &+ 16, body)
                    marked(p, high[1], at: i &+ 24, body)
                }
                i &+= 32
            }
        }
        while i < n {
            if isBreakByte(p[i]) && endsLine(p, at: i) { body(i &+ 1) }
            i &+= 1
        }
    }

    /// `body(k + 1)` for each byte `k` marked in `word` (0xFF bytes, from `offset`) that ends a
    /// line: every LF, and a CR unless a LF follows it.
    @inlinable @inline(__always)
    static func marked(_ p: UnsafeBufferPointer<UInt8>, _ word: UInt64, at offset: Int, _ body: (Int) -> Void) {
        var found = UInt64(littleEndian: word) & 0x8080_8080_8080_8080
        while found != 0 {
            let k = offset &+ ByteWord.firstIndex(found)
            if endsLine(p, at: k) { body(k &+ 1) }
            found &= found &- 1
        }
    }

    /// The start of every line of `bytes`: 0, then one after each byte that ends a line.
    public static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(bytes.count / 24 + 1)
        bytes.withUnsafeBufferPointer { p in forEachLineStart(in: p, 0..<p.count) { starts.append($0) } }
        return starts
    }
}

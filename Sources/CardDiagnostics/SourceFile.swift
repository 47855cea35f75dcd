import Synchronization

/// Identifies a loaded source file inside a `FileSet` (Go's `token.File` idea: positions are plain
/// integers, files are looked up only when a position is shown).
public struct FileID: Hashable, Comparable, Sendable {
    public let rawValue: Int32
    public init(_ rawValue: Int32) { self.rawValue = rawValue }
    public static func < (lhs: FileID, rhs: FileID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A 1-based line and column. Columns count Unicode scalars (an invalid UTF-8 byte counts as one).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public var description: String { "\(line):\(column)" }
}

/// The bytes of one input file plus its line table (lines as `LineBreak` defines them). Immutable (the line table is built once, on
/// first use, under a lock), so it is shared freely.
public final class SourceFile: Sendable {
    public let id: FileID
    /// The path as the user typed it (or as derived from an import), used in every message.
    public let path: String
    public let bytes: [UInt8]
    /// Byte offset at which each line starts; `lineStarts[0] == 0`. 32-bit, as token offsets
    /// are (inputs are under 4 GB): half the memory of a deck's line table.
    ///
    /// Built on first use: only diagnostics and card locations need it, and a clean
    /// `cardc check` asks for neither (a scan of a 12 MB deck costs about 4 ms).
    public var lineStarts: [UInt32] { lineTable.starts { SourceFile.computeLineStarts(bytes) } }
    private let lineTable = LineTable()

    public init(id: FileID = FileID(0), path: String, bytes: [UInt8]) {
        self.id = id
        self.path = path
        self.bytes = bytes
    }

    public convenience init(id: FileID = FileID(0), path: String, text: String) {
        self.init(id: id, path: path, bytes: Array(text.utf8))
    }

    /// Most files' lines average 16 bytes or more: the table is written straight into that much
    /// reserved capacity (capacity nobody writes costs no memory: its pages are never touched);
    /// a denser file is scanned a second time with the exact count.
    private static func computeLineStarts(_ bytes: [UInt8]) -> [UInt32] {
        var capacity = bytes.count / 16 + 2
        while true {
            var needed = 0
            let starts = [UInt32](unsafeUninitializedCapacity: capacity) { buffer, count in
                needed = lineStarts(of: bytes, into: buffer)
                count = min(needed, buffer.count)
            }
            if needed <= capacity { return starts }
            capacity = needed
        }
    }

    /// Writes the start of each line of `bytes` (`LineBreak`'s lines) into `buffer` as far as
    /// it fits; returns how many lines there are.
    private static func lineStarts(of bytes: [UInt8], into buffer: UnsafeMutableBufferPointer<UInt32>) -> Int {
        let capacity = buffer.count
        var count = 0
        @inline(__always) func append(_ start: Int) {
            if count < capacity { buffer[count] = UInt32(truncatingIfNeeded: start) }
            count &+= 1
        }
        append(0)
        bytes.withUnsafeBufferPointer { p in LineBreak.forEachLineStart(in: p, 0..<p.count, append) }
        return count
    }

    public var lineCount: Int { lineStarts.count }

    /// The byte offset at which 0-based line `index` starts.
    public func lineStart(_ index: Int) -> Int { Int(lineStarts[index]) }

    /// 0-based line index containing `offset` (offsets past the end map to the last line).
    public func lineIndex(of offset: Int) -> Int {
        let lineStarts = self.lineStarts
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(lineStarts[mid]) <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// `lineIndex(of:)` for an offset at or after the start of line `hint`: a gallop forward
    /// from the hint, so a caller walking a file in order pays for the distance moved, not
    /// log(lines) cache misses. A bad hint is still answered correctly.
    public func lineIndex(of offset: Int, from hint: Int) -> Int {
        let lineStarts = self.lineStarts
        guard hint >= 0, hint < lineStarts.count, Int(lineStarts[hint]) <= offset else { return lineIndex(of: offset) }
        var low = hint, step = 1
        // Invariant: lineStarts[low] <= offset. Double the step until it overshoots.
        while low + step < lineStarts.count && Int(lineStarts[low + step]) <= offset {
            low += step
            step *= 2
        }
        var high = min(low + step, lineStarts.count) - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(lineStarts[mid]) <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Byte range of a 0-based line, without its line break (`LineBreak`: LF, CR LF or CR).
    public func lineRange(_ index: Int) -> Range<Int> {
        let lineStarts = self.lineStarts
        let start = Int(lineStarts[index])
        guard index + 1 < lineStarts.count else { return start..<max(start, bytes.count) }
        return start..<LineBreak.contentEnd(bytes, lineStart: start, nextLineStart: Int(lineStarts[index + 1]))
    }

    /// Line and scalar column of a byte offset. O(log lines + line length).
    public func location(of offset: Int) -> SourceLocation { location(of: offset, fromLine: 0) }

    /// `location(of:)` searching forward from 0-based line `hint` (see `lineIndex(of:from:)`).
    public func location(of offset: Int, fromLine hint: Int) -> SourceLocation {
        let clamped = min(max(offset, 0), bytes.count)
        let line = hint > 0 ? lineIndex(of: clamped, from: hint) : lineIndex(of: clamped)
        let column = UTF8Scanner.scalarCount(bytes, from: lineStart(line), to: clamped) + 1
        return SourceLocation(line: line + 1, column: column)
    }

    /// The text of a byte range, with invalid UTF-8 repaired.
    public func text(_ range: Range<Int>) -> String {
        let lower = min(max(range.lowerBound, 0), bytes.count)
        let upper = min(max(range.upperBound, lower), bytes.count)
        // Through a buffer pointer: the contiguous fast path, not the generic slice decoder.
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[lower..<upper]), as: UTF8.self) }
    }
}

/// Locations of offsets asked in increasing order within a file, each column counted on from
/// the one before on the same line: asking each card of a one-line deck for its column from the
/// line's start would cost the square of the line's length.
public struct LocationCursor: Sendable {
    private var file: FileID?
    private var offset = 0
    private var location = SourceLocation(line: 1, column: 1)

    public init() {}

    /// `file.location(of: offset)`, counted on from the previous answer when it is earlier on
    /// the same line of the same file.
    public mutating func location(of offset: Int, in file: SourceFile) -> SourceLocation {
        let clamped = min(max(offset, 0), file.bytes.count)
        let onward = self.file == file.id && clamped >= self.offset
        let line = onward ? file.lineIndex(of: clamped, from: location.line - 1) : file.lineIndex(of: clamped)
        let column = onward && line + 1 == location.line
            ? location.column + UTF8Scanner.scalarCount(file.bytes, from: self.offset, to: clamped)
            : UTF8Scanner.scalarCount(file.bytes, from: file.lineStart(line), to: clamped) + 1
        (self.file, self.offset, location) = (file.id, clamped, SourceLocation(line: line + 1, column: column))
        return location
    }
}

/// A file's line table, built once by whichever reader asks first.
private final class LineTable: Sendable {
    private let table = Mutex<[UInt32]?>(nil)

    func starts(_ compute: () -> [UInt32]) -> [UInt32] {
        table.withLock { table in
            if let table { return table }
            let computed = compute()
            table = computed
            return computed
        }
    }
}

/// The files of one compilation, in load order.
public struct FileSet: Sendable {
    public private(set) var files: [SourceFile] = []
    public init() {}

    @discardableResult
    public mutating func add(path: String, bytes: [UInt8]) -> SourceFile {
        let file = SourceFile(id: FileID(Int32(files.count)), path: path, bytes: bytes)
        files.append(file)
        return file
    }

    public subscript(id: FileID) -> SourceFile { files[Int(id.rawValue)] }
}

/// Finding bytes eight at a time, with a few word operations instead of eight compares.
public enum ByteWord {
    /// The eight bytes at `offset`, the first in the lowest bits.
    @inlinable @inline(__always)
    public static func load(_ base: UnsafePointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    /// The high bit of each byte of `word` that equals `byte`, and of no other.
    @inlinable @inline(__always)
    public static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        // Adding 0x7F to a byte's low seven bits sets its high bit unless they are all 0 (no
        // carry crosses bytes), so only bytes of `x` that are 0 end with a clear high bit.
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((x & low) &+ low) | x) & 0x8080_8080_8080_8080
    }

    /// The high bit of each byte of `word` that is not ASCII.
    @inlinable @inline(__always)
    public static func nonASCII(_ word: UInt64) -> UInt64 { word & 0x8080_8080_8080_8080 }

    /// The index of the first byte marked in `found` (nonzero).
    @inlinable @inline(__always)
    public static func firstIndex(_ found: UInt64) -> Int { found.trailingZeroBitCount >> 3 }
}

extension Array {
    /// Makes room for `extra` more elements, growing geometrically. `reserveCapacity(count + k)`
    /// allocates exactly that, so calling it before every small addition reallocates and copies
    /// the whole array each time: quadratic over a long output or a long chain of files.
    @inlinable
    public mutating func reserveRoom(for extra: Int) {
        let needed = count + extra
        if needed > capacity { reserveCapacity(Swift.max(needed, 2 * capacity)) }
    }
}

/// Splits a byte stream into LSP messages: a header block (`Content-Length: N`, optionally
/// `Content-Type`, each line ending in `\r\n`, the block in an empty line) and N bytes of body.
///
/// Every byte sequence is legal input. A header block without a valid length, with a length
/// over `maximumLength`, or too long itself is reported and skipped, and reading resumes at the
/// next `Content-Length:`; so does a body whose declared length ran into the next message
/// (`reread(afterBadBody:)`), and a body that never arrives (`abandonPartialMessage()`).
public struct MessageReader {
    /// What the reader found.
    public enum Event: Equatable, Sendable {
        case message([UInt8])
        /// A header or body that could not be read; the reader has skipped it.
        case malformed(String)
    }

    /// The largest body accepted (64 MiB).
    public static let defaultMaximumLength = 64 << 20
    /// The longest header block accepted.
    static let maximumHeaderLength = 8 << 10

    public let maximumLength: Int
    private var buffer: [UInt8] = []
    /// Where unread bytes start in `buffer` (consumed bytes are dropped in chunks).
    private var start = 0

    public init(maximumLength: Int = MessageReader.defaultMaximumLength) {
        self.maximumLength = maximumLength
    }

    /// Bytes received and not yet returned as a message.
    public var pendingByteCount: Int { buffer.count - start }

    public mutating func append<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
    }

    /// The next message or problem, or nil when more bytes are needed.
    public mutating func next() -> Event? {
        defer { compact() }
        // Blank lines between messages are tolerated.
        while start + 1 < buffer.count, buffer[start] == 0x0D, buffer[start + 1] == 0x0A { start += 2 }
        while start < buffer.count, buffer[start] == 0x0A { start += 1 }
        guard start < buffer.count else { return nil }
        guard let headerEnd = headerEnd() else {
            if buffer.count - start > Self.maximumHeaderLength {
                resynchronize(from: start + 1)
                return .malformed("header longer than \(Self.maximumHeaderLength) bytes")
            }
            return nil
        }
        // Junk before the length (the tail of a body whose length was too short, or a header
        // field we ignore anyway) is dropped.
        if let marker = Self.markerOffset(in: buffer[start..<headerEnd.headerEnd], from: start), marker > start {
            start = marker
        }
        let header = buffer[start..<headerEnd.headerEnd]
        guard let length = Self.contentLength(in: header) else {
            resynchronize(from: start + 1)
            return .malformed("header without a valid Content-Length")
        }
        guard length <= maximumLength else {
            resynchronize(from: start + 1)
            return .malformed("Content-Length \(length) is over the limit of \(maximumLength) bytes")
        }
        guard buffer.count - headerEnd.bodyStart >= length else { return nil }
        let body = Array(buffer[headerEnd.bodyStart..<headerEnd.bodyStart + length])
        start = headerEnd.bodyStart + length
        return .message(body)
    }

    /// Gives up on a message whose body has not fully arrived (its length was wrong, or the
    /// sender stalled): skips to the next `Content-Length:` line after its header, if any.
    /// Returns the problem to report, or nil when nothing was pending.
    public mutating func abandonPartialMessage() -> Event? {
        guard start < buffer.count else { return nil }
        resynchronize(from: start + 1)
        compact()
        return .malformed("incomplete message: its body did not arrive")
    }

    /// A body that turned out not to be a message: the bytes from its first `Content-Length:`
    /// on (a following message its wrong length swallowed) are read again.
    public mutating func reread(afterBadBody body: [UInt8]) {
        if let at = Self.markerOffset(in: body, from: 1) {
            buffer.insert(contentsOf: body[at...], at: start)
        } else {
            // The length was over by less than a header: the body ends in its first bytes.
            guard body.count > 1 else { return }
            let tail = Self.markerPrefixLength(atEndOf: body[1...])
            buffer.insert(contentsOf: body[(body.count - tail)...], at: start)
        }
    }

    /// The length of the longest end of `bytes` that begins `Content-Length:` (any case).
    static func markerPrefixLength(atEndOf bytes: ArraySlice<UInt8>) -> Int {
        var length = min(bytes.count, marker.count - 1)
        while length > 0 {
            let tail = bytes.suffix(length)
            if zip(tail, marker).allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 }) { return length }
            length -= 1
        }
        return 0
    }

    /// The end of the header block at `start` (before its empty line) and where the body starts.
    private func headerEnd() -> (headerEnd: Int, bodyStart: Int)? {
        var i = start
        let limit = min(buffer.count, start + Self.maximumHeaderLength + 4)
        while i + 1 < limit {
            if buffer[i] == 0x0A {
                // `\n\n` or `\n\r\n` ends the block (lenient about bare `\n`).
                if buffer[i + 1] == 0x0A { return (i, i + 2) }
                if i + 2 < buffer.count, buffer[i + 1] == 0x0D, buffer[i + 2] == 0x0A { return (i, i + 3) }
            }
            i += 1
        }
        return nil
    }

    /// Skips to the next `Content-Length:` at or after `from`, or drops all.
    private mutating func resynchronize(from: Int) {
        if let at = Self.markerOffset(in: buffer, from: max(from, start)) {
            start = at
        } else {
            // Keep a tail that may be the start of a `Content-Length:` still arriving.
            start = buffer.count - Self.markerPrefixLength(atEndOf: buffer[min(max(start, from), buffer.count)...])
        }
    }

    private mutating func compact() {
        if start > 0 && (start >= buffer.count || start > 1 << 16) {
            if start >= buffer.count && buffer.capacity > 1 << 20 {
                // Everything read, after a large message: its room (a 10 MB document's) is
                // given back rather than kept for the rest of the session.
                buffer = []
            } else {
                buffer.removeSubrange(0..<start)
            }
            start = 0
        }
    }

    static let marker = Array("content-length:".utf8)

    /// The offset of the first `Content-Length:` (any case) at or after `from` (a message's
    /// header may follow the previous body without a line break).
    static func markerOffset<C: RandomAccessCollection>(in bytes: C, from: Int) -> Int?
        where C.Element == UInt8, C.Index == Int {
        var i = max(from, bytes.startIndex)
        while i + marker.count <= bytes.endIndex {
            if bytes[i] | 0x20 == 0x63 && matchesMarker(bytes, at: i) { return i }
            i += 1
        }
        return nil
    }

    static func matchesMarker<C: RandomAccessCollection>(_ bytes: C, at i: Int) -> Bool where C.Element == UInt8, C.Index == Int {
        for k in 0..<marker.count {
            let b = bytes[i + k]
            let lower = b >= 0x41 && b <= 0x5A ? b | 0x20 : b
            if lower != marker[k] { return false }
        }
        return true
    }

    /// The value of the one `Content-Length` field: decimal digits only (surrounding blanks
    /// allowed), at most 18 of them so it cannot overflow.
    static func contentLength(in header: ArraySlice<UInt8>) -> Int? {
        var length: Int?
        for line in header.split(separator: 0x0A, omittingEmptySubsequences: true) {
            var line = line
            if line.last == 0x0D { line = line.dropLast() }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            let name = line[line.startIndex..<colon]
            guard name.count == marker.count - 1, matchesMarker(Array(name) + [UInt8(ascii: ":")], at: 0) else { continue }
            guard length == nil else { return nil } // two lengths: which one?
            var digits = line[(colon + 1)...]
            while digits.first == 0x20 || digits.first == 0x09 { digits = digits.dropFirst() }
            while digits.last == 0x20 || digits.last == 0x09 { digits = digits.dropLast() }
            guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            length = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        return length
    }
}

/// Frames a body for the wire.
public func framed(_ body: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
}

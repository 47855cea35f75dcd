/// Byte-level UTF-8 helpers shared by the lexer (E107), column computation and the editor's line
/// index, so all agree on what one invalid byte is.
public enum UTF8Scanner {
    /// Length of the valid UTF-8 sequence starting at `i` (1…4), or 0 if the byte at `i` does not
    /// start a valid sequence (then that one byte is invalid). Rejects overlongs and surrogates.
    @inline(__always)
    public static func sequenceLength(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let n = p.count
        let b0 = p[i]
        if b0 < 0x80 { return 1 }
        @inline(__always) func cont(_ k: Int) -> Bool { k < n && p[k] & 0xC0 == 0x80 }
        switch b0 {
        case 0xC2...0xDF:
            return cont(i + 1) ? 2 : 0
        case 0xE0:
            return i + 1 < n && (0xA0...0xBF).contains(p[i + 1]) && cont(i + 2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return cont(i + 1) && cont(i + 2) ? 3 : 0
        case 0xED:
            return i + 1 < n && (0x80...0x9F).contains(p[i + 1]) && cont(i + 2) ? 3 : 0
        case 0xF0:
            return i + 1 < n && (0x90...0xBF).contains(p[i + 1]) && cont(i + 2) && cont(i + 3) ? 4 : 0
        case 0xF1...0xF3:
            return cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0
        case 0xF4:
            return i + 1 < n && (0x80...0x8F).contains(p[i + 1]) && cont(i + 2) && cont(i + 3) ? 4 : 0
        default:
            return 0
        }
    }

    /// Decodes the scalar of a valid sequence of `length` bytes at `i`.
    public static func decode(_ p: UnsafeBufferPointer<UInt8>, at i: Int, length: Int) -> Unicode.Scalar {
        var value: UInt32
        switch length {
        case 1: value = UInt32(p[i])
        case 2: value = UInt32(p[i] & 0x1F) << 6 | UInt32(p[i + 1] & 0x3F)
        case 3: value = UInt32(p[i] & 0x0F) << 12 | UInt32(p[i + 1] & 0x3F) << 6 | UInt32(p[i + 2] & 0x3F)
        default:
            value = UInt32(p[i] & 0x07) << 18 | UInt32(p[i + 1] & 0x3F) << 12
                | UInt32(p[i + 2] & 0x3F) << 6 | UInt32(p[i + 3] & 0x3F)
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// Number of scalars in `bytes[from..<to]`, each invalid byte counting as one.
    public static func scalarCount(_ bytes: [UInt8], from: Int, to: Int) -> Int {
        bytes.withUnsafeBufferPointer { p in
            var i = from, count = 0
            while i < to {
                if p[i] < 0x80 { i += 1 } else { i += max(1, sequenceLength(p, at: i)) }
                count += 1
            }
            return count
        }
    }
}

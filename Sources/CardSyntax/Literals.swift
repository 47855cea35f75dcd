import CardDiagnostics

/// Decoding of literal token text into values. The lexer has already validated the text and
/// reported errors; these functions are total and return their best effort on malformed input.
public enum NumberLiteral {
    /// `1_000` → 1000; nil when it does not fit in `Int`.
    public static func integerValue(_ text: some StringProtocol) -> Int? {
        Int(String(text.filter { $0 != "_" }))
    }

    public static func doubleValue(_ text: some StringProtocol) -> Double? {
        Double(String(text.filter { $0 != "_" }))
    }

    /// The powers of ten a `Double` holds exactly (10^0 … 10^22), written out so the table is
    /// laid out at compile time instead of built on first use.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// A decimal literal as the lexer accepts it, `-?d[d_]*(.d[d_]*)?([eE][+-]?d[d_]*)?`,
    /// read from its bytes in one pass: value = ±significand × 10^scale.
    struct Decimal {
        var negative = false
        /// The digits without the point: exact, as only spellings of up to 19 digits are read.
        var significand: UInt64 = 0
        /// Digits before the exponent, leading zeros included.
        var digitCount = 0
        var scale = 0
        /// No point and no exponent.
        var isInteger = true

        /// Nil for any other spelling, or one of more than 19 digits (leading zeros included).
        @inline(__always)
        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            let n = bytes.count
            var i = 0
            if n > 0 && bytes[0] == 0x2D { negative = true; i = 1 }
            // Digits from `i` (a digit must come first), `_` dropped. Past 19 digits the
            // significand wraps, but such a spelling is turned away below.
            func readDigits() -> Bool {
                guard i < n && bytes[i] &- 0x30 < 10 else { return false }
                repeat {
                    let digit = bytes[i] &- 0x30
                    if digit < 10 {
                        significand = significand &* 10 &+ UInt64(digit)
                        digitCount &+= 1
                    } else if bytes[i] != 0x5F {
                        break
                    }
                    i &+= 1
                } while i < n
                return true
            }
            guard readDigits() else { return nil }
            if i < n && bytes[i] == 0x2E {
                i &+= 1
                isInteger = false
                let integerDigits = digitCount
                guard readDigits() else { return nil }
                scale = integerDigits &- digitCount
            }
            guard digitCount <= 19 else { return nil }
            if i < n && bytes[i] | 0x20 == 0x65 {
                i &+= 1
                isInteger = false
                var negativeExponent = false
                if i < n && (bytes[i] == 0x2B || bytes[i] == 0x2D) { negativeExponent = bytes[i] == 0x2D; i &+= 1 }
                guard i < n && bytes[i] &- 0x30 < 10 else { return nil }
                var exponent = 0
                repeat {
                    let digit = bytes[i] &- 0x30
                    if digit < 10 {
                        // Saturates far beyond the fast path's range, so it cannot overflow.
                        if exponent < 100_000 { exponent = exponent &* 10 &+ Int(digit) }
                    } else if bytes[i] != 0x5F {
                        return nil
                    }
                    i &+= 1
                } while i < n
                scale &+= negativeExponent ? -exponent : exponent
            }
            guard i == n else { return nil }
        }

        /// A plain integer of up to 18 digits (so it fits in `Int`).
        @inline(__always)
        var smallInteger: Int? {
            guard isInteger && digitCount <= 18 else { return nil }
            return negative ? -Int(significand) : Int(significand)
        }

        /// The correctly rounded value when one rounding step gives it, else nil.
        @inline(__always)
        var value: Double? {
            var value = Double(significand) // correctly rounded for any UInt64
            if scale != 0 {
                guard significand < 1 << 53 && scale >= -22 && scale <= 22 else { return nil }
                value = scale < 0 ? value / exactPowersOfTen[-scale] : value * exactPowersOfTen[scale]
            }
            return negative ? -value : value
        }
    }

    /// The value of a plain integer literal of up to 18 digits (`-12`, `1_000`) read from its
    /// bytes, or nil when it needs `integerValue`.
    @inline(__always)
    public static func smallIntegerValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        Decimal(bytes)?.smallInteger
    }

    /// The value of a number literal (`12`, `-12.5`, `2.5e1`, `1_000.25`) read from its bytes,
    /// or nil when it needs `doubleValue`. An integer of up to 18 digits converts from `Int`
    /// (so `-0` is +0.0, as it always was); otherwise the result equals `doubleValue`'s:
    /// a significand that converts exactly, or Clinger's fast path — a significand below 2^53
    /// and a power of ten up to 10^22 are both exact, so one multiplication or division
    /// rounds correctly.
    @inline(__always)
    public static func fastDoubleValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let decimal = Decimal(bytes) else { return nil }
        if let integer = decimal.smallInteger { return Double(integer) }
        return decimal.value
    }
}

/// An RGBA color from a `#RGB`, `#RRGGBB` or `#RRGGBBAA` literal, components 0…255.
public struct ColorLiteral: Hashable, Sendable {
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Parses the literal including its `#`; nil when malformed.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard let color = bytes.withUnsafeBufferPointer({ ColorLiteral(bytes: $0) }) else { return nil }
        self = color
    }

    /// Parses the literal's bytes, including its `#`; nil when malformed.
    public init?(bytes: UnsafeBufferPointer<UInt8>) {
        let digits = UnsafeBufferPointer(rebasing: bytes.dropFirst())
        guard digits.allSatisfy(isHexDigit) else { return nil }
        func value(_ b: UInt8) -> UInt8 { b <= 0x39 ? b - 0x30 : (b | 0x20) - 0x61 + 10 }
        switch digits.count {
        case 3:
            let (r, g, b) = (value(digits[0]), value(digits[1]), value(digits[2]))
            self.init(red: r << 4 | r, green: g << 4 | g, blue: b << 4 | b)
        case 6, 8:
            func pair(_ k: Int) -> UInt8 { value(digits[k]) << 4 | value(digits[k + 1]) }
            self.init(red: pair(0), green: pair(2), blue: pair(4), alpha: digits.count == 8 ? pair(6) : 255)
        default:
            return nil
        }
    }

    /// Canonical `#RRGGBB` or `#RRGGBBAA` (uppercase), as emitted by back ends.
    public var hex: String {
        func h(_ v: UInt8) -> String { (v < 16 ? "0" : "") + String(v, radix: 16, uppercase: true) }
        return "#" + h(red) + h(green) + h(blue) + (alpha == 255 ? "" : h(alpha))
    }
}

/// Decodes string literal tokens, including Swift's multi-line indentation stripping. Works on
/// the token's bytes and writes the value straight into the new `String`: a value is never
/// longer than its literal, so the literal's length is capacity enough.
public enum StringLiteral {
    /// The value of a `"…"` or `"""…"""` token's text.
    public static func value(of text: Substring) -> String {
        var text = text
        return text.withUTF8 { value(of: $0) }
    }

    /// The value of a `"…"` or `"""…"""` token's bytes. Values are those of the text as a
    /// `String` reads it, with broken UTF-8 repaired first: decoding the bytes as they stand
    /// and repairing the value gives the same, save where a line continuation joins two pieces
    /// of broken UTF-8 — then the token is repaired and decoded again.
    public static func value(of bytes: UnsafeBufferPointer<UInt8>) -> String {
        if let value = decoded(bytes) { return value }
        var repaired = String(decoding: bytes, as: UTF8.self)
        return repaired.withUTF8 { decoded($0) } ?? "" // valid UTF-8 never has such a join
    }

    /// The value, or nil when a line continuation joins two pieces of broken UTF-8.
    static func decoded(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let n = bytes.count
        if n >= 3 && bytes[0] == 0x22 && bytes[1] == 0x22 && bytes[2] == 0x22 {
            return multiline(bytes)
        }
        let end = n >= 2 && bytes[n - 1] == 0x22 ? n - 1 : n
        let body = UnsafeBufferPointer(rebasing: bytes[min(1, n)..<end])
        guard containsBackslash(body) else { return String(decoding: body, as: UTF8.self) }
        return resolvingEscapes(capacity: body.count) { _ in body }
    }

    /// A value of at most `capacity` bytes: `text` gives the text to resolve escapes in — the
    /// literal's own bytes, or text it wrote into the value's buffer — and they are resolved
    /// into that buffer. Nil when a line continuation joins two pieces of broken UTF-8.
    static func resolvingEscapes(capacity: Int, in text: (UnsafeMutablePointer<UInt8>) -> UnsafeBufferPointer<UInt8>) -> String? {
        var joinsBrokenUTF8 = false
        let value = String(unsafeUninitializedCapacity: capacity) { buffer in
            let out = buffer.baseAddress!
            guard let count = unescape(text(out), into: out) else { joinsBrokenUTF8 = true; return 0 }
            return count
        }
        return joinsBrokenUTF8 ? nil : value
    }

    /// Whether the bytes hold a `\`, looked for eight bytes at a time.
    @inline(__always)
    public static func containsBackslash(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = bytes.count
        guard n >= 8, let base = bytes.baseAddress else { return bytes.contains(0x5C) }
        var i = 0
        while i < n &- 8 {
            if ByteWord.matches(ByteWord.load(base, at: i), 0x5C) != 0 { return true }
            i &+= 8
        }
        return ByteWord.matches(ByteWord.load(base, at: n &- 8), 0x5C) != 0 // overlaps the word before
    }

    /// Resolves escapes from `source` into `target` and returns the count written; invalid
    /// escapes are kept literally (they were already reported). No escape's value is longer
    /// than the escape, so `target` may be `source` itself. Nil when a line continuation has a
    /// non-ASCII byte before it and a UTF-8 continuation byte after it: joining them could
    /// mend broken UTF-8 that `String` repairs piece by piece.
    static func unescape(_ source: UnsafeBufferPointer<UInt8>, into target: UnsafeMutablePointer<UInt8>) -> Int? {
        let n = source.count
        var i = 0, written = 0
        func put(_ b: UInt8) { target[written] = b; written += 1 }
        while i < n {
            let b = source[i]
            guard b == 0x5C, i + 1 < n else { put(b); i += 1; continue }
            let e = source[i + 1]
            switch e {
            case 0x6E: put(0x0A); i += 2
            case 0x74: put(0x09); i += 2
            case 0x72: put(0x0D); i += 2
            case 0x30: put(0x00); i += 2
            case 0x22, 0x5C: put(e); i += 2
            case 0x0A, 0x0D: // line continuation (multi-line strings)
                i += 2
                if e == 0x0D && i < n && source[i] == 0x0A { i += 1 }
                if written > 0 && target[written - 1] >= 0x80 && i < n && source[i] & 0xC0 == 0x80 { return nil }
            case 0x75:
                var k = i + 2
                var scalarValue: UInt32 = 0
                var digits = 0
                if k < n && source[k] == 0x7B {
                    k += 1
                    while k < n, isHexDigit(source[k]), digits < 8 {
                        let v = source[k] <= 0x39 ? source[k] - 0x30 : (source[k] | 0x20) - 0x61 + 10
                        scalarValue = scalarValue << 4 | UInt32(v)
                        digits += 1
                        k += 1
                    }
                }
                if digits > 0, k < n, source[k] == 0x7D, let scalar = Unicode.Scalar(scalarValue) {
                    UTF8.encode(scalar, into: put)
                    i = k + 1
                } else {
                    put(b); i += 1
                }
            default:
                put(b); i += 1
            }
        }
        return written
    }

    /// Swift's rule: drop the opening line, use the closing line's indentation as the prefix to
    /// strip from every line, and drop the final newline before the closing delimiter. Escapes
    /// are resolved in the stripped text, in place.
    static func multiline(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var end = bytes.count
        let closed = end >= 6 && bytes[end - 1] == 0x22 && bytes[end - 2] == 0x22 && bytes[end - 3] == 0x22
        if closed { end -= 3 }
        // The content starts after the opening line's break (`LineBreak`: LF, CR LF or CR).
        var start = LineBreak.lineEnd(bytes, from: 3, to: end)
        start = min(start + max(1, LineBreak.length(bytes, at: start)), end)
        // Indentation: the whitespace between the last line break and the closing delimiter.
        var indentStart = end
        while indentStart > start && (bytes[indentStart - 1] == 0x20 || bytes[indentStart - 1] == 0x09) { indentStart -= 1 }
        let indentCount = closed ? end - indentStart : 0
        var contentEnd = closed ? indentStart : end
        if contentEnd > start && bytes[contentEnd - 1] == 0x0A { contentEnd -= 1 }
        if contentEnd > start && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        guard contentEnd > start else { return "" }
        return resolvingEscapes(capacity: contentEnd - start) { out in
            var count = 0
            var lineStart = start
            while lineStart <= contentEnd {
                let lineEnd = LineBreak.lineEnd(bytes, from: lineStart, to: contentEnd)
                var k = lineStart
                var m = 0
                while m < indentCount && k < lineEnd && bytes[k] == bytes[indentStart + m] { k += 1; m += 1 }
                (out + count).update(from: bytes.baseAddress! + k, count: lineEnd - k)
                count += lineEnd - k
                // Every line break becomes `\n`, as in Swift.
                if lineEnd < contentEnd { out[count] = 0x0A; count += 1 }
                lineStart = lineEnd + max(1, LineBreak.length(bytes, at: lineEnd))
            }
            return UnsafeBufferPointer(start: out, count: count)
        }
    }
}

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

    /// Exact powers of ten a `Double` holds (10^0 … 10^22).
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The value of a plain decimal literal (`-12.5`, `2.5e1`, `1_000.25`) read from its bytes,
    /// or nil when it needs the general parser. Clinger's fast path: a mantissa below 2^53 and a
    /// power of ten up to 10^22 are both exact, so one multiplication or division rounds
    /// correctly and the result equals `doubleValue`'s.
    public static func fastDoubleValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let negative = i < bytes.count && bytes[i] == 0x2D
        if negative { i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0, fractionDigits = 0
        var seenDot = false
        while i < bytes.count {
            let b = bytes[i]
            if b &- 0x30 < 10 {
                if digits == 0 && b == 0x30 && !seenDot { i += 1; continue } // leading zeros
                guard digits < 19 else { return nil }
                mantissa = mantissa * 10 + UInt64(b &- 0x30)
                digits += 1
                if seenDot { fractionDigits += 1 }
            } else if b == 0x5F {
                // `_` separators are dropped, as `doubleValue` does.
            } else if b == 0x2E && !seenDot {
                seenDot = true
            } else {
                break
            }
            i += 1
        }
        guard i > (negative ? 1 : 0), bytes[negative ? 1 : 0] &- 0x30 < 10, bytes[i - 1] != 0x2E else { return nil }
        var exponent = 0
        if i < bytes.count {
            guard bytes[i] == 0x65 || bytes[i] == 0x45 else { return nil }
            i += 1
            var negativeExponent = false
            if i < bytes.count && (bytes[i] == 0x2B || bytes[i] == 0x2D) { negativeExponent = bytes[i] == 0x2D; i += 1 }
            var exponentDigits = 0
            while i < bytes.count {
                let b = bytes[i]
                if b &- 0x30 < 10 {
                    guard exponentDigits < 4 else { return nil }
                    exponent = exponent * 10 + Int(b &- 0x30)
                    exponentDigits += 1
                } else if b != 0x5F {
                    return nil
                }
                i += 1
            }
            guard exponentDigits > 0 else { return nil }
            if negativeExponent { exponent = -exponent }
        }
        guard mantissa < (1 << 53) else { return nil }
        exponent -= fractionDigits
        guard exponent >= -22 && exponent <= 22 else { return nil }
        var value = Double(mantissa)
        value = exponent < 0 ? value / exactPowersOfTen[-exponent] : value * exactPowersOfTen[exponent]
        return negative ? -value : value
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

/// Decodes string literal tokens, including Swift's multi-line indentation stripping.
public enum StringLiteral {
    /// The value of a `"…"` or `"""…"""` token's text.
    public static func value(of text: Substring) -> String {
        let bytes = Array(text.utf8)
        if bytes.count >= 3 && bytes[0] == 0x22 && bytes[1] == 0x22 && bytes[2] == 0x22 {
            return multiline(bytes)
        }
        var body = bytes.dropFirst()
        if body.last == 0x22 && bytes.count >= 2 { body = body.dropLast() }
        return unescape(Array(body))
    }

    /// Resolves escapes; invalid escapes are kept literally (they were already reported).
    static func unescape(_ bytes: [UInt8]) -> String {
        guard bytes.contains(0x5C) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            guard b == 0x5C, i + 1 < bytes.count else { out.append(b); i += 1; continue }
            let e = bytes[i + 1]
            switch e {
            case 0x6E: out.append(0x0A); i += 2
            case 0x74: out.append(0x09); i += 2
            case 0x72: out.append(0x0D); i += 2
            case 0x30: out.append(0x00); i += 2
            case 0x22, 0x5C: out.append(e); i += 2
            case 0x0A: i += 2 // line continuation (multi-line strings)
            case 0x0D:
                i += 2
                if i < bytes.count && bytes[i] == 0x0A { i += 1 }
            case 0x75:
                var k = i + 2
                var scalarValue: UInt32 = 0
                var digits = 0
                if k < bytes.count && bytes[k] == 0x7B {
                    k += 1
                    while k < bytes.count, isHexDigit(bytes[k]), digits < 8 {
                        let v = bytes[k] <= 0x39 ? bytes[k] - 0x30 : (bytes[k] | 0x20) - 0x61 + 10
                        scalarValue = scalarValue << 4 | UInt32(v)
                        digits += 1
                        k += 1
                    }
                }
                if digits > 0, k < bytes.count, bytes[k] == 0x7D, let scalar = Unicode.Scalar(scalarValue) {
                    out.append(contentsOf: Array(String(scalar).utf8))
                    i = k + 1
                } else {
                    out.append(b); i += 1
                }
            default:
                out.append(b); i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Swift's rule: drop the opening line, use the closing line's indentation as the prefix to
    /// strip from every line, and drop the final newline before the closing delimiter.
    static func multiline(_ bytes: [UInt8]) -> String {
        var end = bytes.count
        let closed = end >= 6 && bytes[end - 1] == 0x22 && bytes[end - 2] == 0x22 && bytes[end - 3] == 0x22
        if closed { end -= 3 }
        var start = 3
        while start < end && bytes[start] != 0x0A { start += 1 }
        start = min(start + 1, end)
        // Indentation: the whitespace between the last newline and the closing delimiter.
        var indentStart = end
        while indentStart > start && (bytes[indentStart - 1] == 0x20 || bytes[indentStart - 1] == 0x09) { indentStart -= 1 }
        let indent = closed ? Array(bytes[indentStart..<end]) : []
        var contentEnd = closed ? indentStart : end
        if contentEnd > start && bytes[contentEnd - 1] == 0x0A { contentEnd -= 1 }
        if contentEnd > start && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        guard contentEnd > start else { return "" }
        var out: [UInt8] = []
        var lineStart = start
        while lineStart <= contentEnd {
            var lineEnd = lineStart
            while lineEnd < contentEnd && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var k = lineStart
            var m = 0
            while m < indent.count && k < lineEnd && bytes[k] == indent[m] { k += 1; m += 1 }
            // CRLF line breaks become `\n`, as in Swift.
            let contentLineEnd = lineEnd > k && bytes[lineEnd - 1] == 0x0D ? lineEnd - 1 : lineEnd
            out.append(contentsOf: bytes[k..<contentLineEnd])
            if lineEnd < contentEnd { out.append(0x0A) }
            lineStart = lineEnd + 1
        }
        return unescape(out)
    }
}

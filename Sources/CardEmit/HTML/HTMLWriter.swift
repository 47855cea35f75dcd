import CardDiagnostics
import CardLayout
import CardModel
import CardText

/// Builds an HTML document as UTF-8 bytes, escaping everything that comes from a source.
///
/// Markup the back end writes itself goes in with `raw`; text from a deck goes in with `text`
/// (element content) or `attribute` (inside a double-quoted attribute value), which replace
/// `& < > " '` with character references, so no source string can open, close or attribute an
/// element. Scalars no output writes raw (`EscapedScalars`: C0 and C1
/// controls, the line and paragraph separators, the bidirectional overrides, isolates and marks,
/// the byte-order mark) are shown as visible `\u{202E}` text — in content inside a
/// `<span class="e">` — so a bidi override cannot reorder what the page shows; a line feed in
/// content stays a line feed (text boxes keep line breaks).
struct HTMLWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    var count: Int { bytes.count }

    /// Hands out what is written so far and starts empty again.
    mutating func takeBytes() -> [UInt8] {
        let taken = bytes
        bytes.removeAll(keepingCapacity: true)
        return taken
    }

    // MARK: Markup

    /// Markup written by the back end from its own pieces (never source text).
    @inline(__always)
    mutating func raw(_ markup: String) { bytes.append(contentsOf: markup.utf8) }

    @inline(__always)
    mutating func byte(_ byte: UInt8) { bytes.append(byte) }

    // MARK: Source text

    /// Source text as element content.
    mutating func text(_ text: String) { escape(text, inAttribute: false) }

    /// Source text inside a double-quoted attribute value.
    mutating func attribute(_ text: String) { escape(text, inAttribute: true) }

    /// Whether a UTF-8 byte may be copied as is: printable ASCII other than `& < > " '`, a tab,
    /// a line feed in content, and the bytes of other scalars that cannot begin one of
    /// `EscapedScalars` (continuation bytes, and lead bytes other than `EscapedScalars.mayStart`'s).
    @inline(__always)
    private static func isPlain(_ byte: UInt8, inAttribute: Bool) -> Bool {
        switch byte {
        case 0x20...0x7E: return byte != 0x26 && byte != 0x3C && byte != 0x3E && byte != 0x22 && byte != 0x27
        case 0x0A: return !inAttribute
        case 0x09: return true
        case 0x80...0xFF: return !EscapedScalars.mayStart(byte)
        default: return false
        }
    }

    private mutating func escape(_ text: String, inAttribute: Bool) {
        // The common case, nothing to escape, in one pass over the bytes and one copy.
        if text.utf8.allSatisfy({ Self.isPlain($0, inAttribute: inAttribute) }) {
            bytes.append(contentsOf: text.utf8)
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": raw("&amp;")
            case "<": raw("&lt;")
            case ">": raw("&gt;")
            case "\"": raw("&quot;")
            case "'": raw("&#39;")
            case "\n" where !inAttribute: byte(0x0A)
            default:
                if EscapedScalars.contains(scalar) {
                    if !inAttribute { raw("<span class=\"e\">") }
                    raw(EscapedScalars.escape(scalar.value))
                    if !inAttribute { raw("</span>") }
                } else {
                    bytes.append(contentsOf: String(scalar).utf8)
                }
            }
        }
    }

    // MARK: Numbers and colours

    /// A length or coordinate as CSS and the hover titles write it: a whole number without a
    /// point, else rounded to two decimals (`12`, `103.33`, `-4.5`); a non-finite or absurd
    /// value (beyond ±10¹⁵) as 0.
    mutating func number(_ value: Double) { _ = writeNumber(value) }

    /// `number` followed by `px` (`0` alone for zero).
    mutating func px(_ value: Double) {
        if writeNumber(value) { raw("px") }
    }

    /// Writes `value` as `number` does; returns whether it was other than zero.
    private mutating func writeNumber(_ value: Double) -> Bool {
        let hundredths = (value * 100).rounded()
        guard hundredths.isFinite, hundredths.magnitude < 1e17, hundredths != 0 else {
            byte(0x30)
            return false
        }
        var units = Int64(hundredths)
        if units < 0 {
            byte(UInt8(ascii: "-"))
            units = -units
        }
        digits(UInt64(units / 100))
        let fraction = units % 100
        if fraction != 0 {
            byte(UInt8(ascii: "."))
            byte(0x30 + UInt8(fraction / 10))
            if fraction % 10 != 0 { byte(0x30 + UInt8(fraction % 10)) }
        }
        return true
    }

    /// An integer.
    mutating func integer(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        digits(UInt64(value.magnitude))
    }

    private mutating func digits(_ value: UInt64) {
        var divisor: UInt64 = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while true {
            byte(0x30 + UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            if divisor == 1 { return }
            divisor /= 10
        }
    }


    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    mutating func color(_ color: ColorValue) {
        byte(UInt8(ascii: "#"))
        hex(color.red)
        hex(color.green)
        hex(color.blue)
        if color.alpha != 255 { hex(color.alpha) }
    }

    /// `color` with its alpha multiplied by `opacity` (0…1).
    mutating func color(_ color: ColorValue, opacity: Double) {
        var faded = color
        faded.alpha = UInt8(Finite.clamp((Double(color.alpha) * opacity).rounded(), 0, 255))
        self.color(faded)
    }

    private mutating func hex(_ value: UInt8) {
        func digit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x37 + nibble }
        bytes.append(digit(value >> 4))
        bytes.append(digit(value & 0x0F))
    }

    /// Source text as a CSS string (`'…'`, which fits in a double-quoted style attribute as in
    /// the style element): every character other than an ASCII letter, digit, space, `-` or `_`
    /// written as a CSS hex escape, so nothing in it can end the string, the declaration, the
    /// attribute or the style element.
    mutating func cssString(_ text: String) {
        byte(UInt8(ascii: "'"))
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let isSafe = (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || v == 0x20 || v == 0x2D || v == 0x5F
            if isSafe {
                byte(UInt8(v))
            } else if v != 0 {
                byte(UInt8(ascii: "\\"))
                raw(String(v, radix: 16))
                byte(0x20)
            }
        }
        byte(UInt8(ascii: "'"))
    }
}


/// The one definition of the scalars that never reach an output raw: a terminal (diagnostics,
/// the preview, `fmt --diff`), a JSON document (`--format json`, SARIF, the layout JSON, the
/// language server), an HTML page, generated Swift and the lexer's messages all escape them,
/// each in its own syntax (`\u{202E}`, `\u202e`, a visible `\u{202E}` in the page).
///
/// They are the scalars that act on what a reader sees rather than showing as themselves:
/// - the C0 controls other than tab (ESC, and with it every terminal escape sequence; CR and
///   LF, which would split a line), DEL and the C1 controls (U+0080–U+009F; U+009B starts a
///   control sequence on some terminals);
/// - the line and paragraph separators U+2028 and U+2029 (line breaks to JavaScript and some
///   editors);
/// - the bidirectional controls: embeddings and overrides U+202A–U+202E, isolates
///   U+2066–U+2069, and the marks U+200E, U+200F and U+061C, which can reorder the text around
///   them ("Trojan Source", CVE-2021-42574);
/// - the byte-order mark U+FEFF (an invisible zero-width no-break space inside text).
///
/// A tab is not one of them: a terminal shows it as spaces and a page keeps it, and a JSON
/// string or a Swift literal escapes it by its own grammar. An output may escape more than
/// this set (generated Swift also escapes private-use and unassigned scalars), never less.
public enum EscapedScalars {
    /// Whether the scalar `value` is never written raw.
    @inlinable @inline(__always)
    public static func contains(_ value: UInt32) -> Bool {
        if value < 0x20 { return value != 0x09 }
        if value < 0x7F { return false }
        if value <= 0x9F { return true }
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// Whether `scalar` is never written raw.
    @inlinable @inline(__always)
    public static func contains(_ scalar: Unicode.Scalar) -> Bool { contains(scalar.value) }

    /// Whether a UTF-8 byte may begin one of these scalars: a C0 control other than tab, DEL,
    /// or the lead byte 0xC2 (U+0080–U+00BF, which holds the C1 controls), 0xD8 (U+0600–U+063F:
    /// U+061C), 0xE2 (U+2000–U+2FFF: the marks, separators and bidi controls) or 0xEF
    /// (U+F000–U+FFFF: U+FEFF). Text none of whose bytes may begin one is copied as it is; a
    /// test checks every scalar of the set against it.
    @inlinable @inline(__always)
    public static func mayStart(_ byte: UInt8) -> Bool {
        if byte < 0x20 { return byte != 0x09 }
        if byte < 0x7F { return false }
        return byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xEF
    }

    /// Whether `text` holds one of these scalars.
    @inlinable
    public static func occurs(in text: String) -> Bool {
        guard text.utf8.contains(where: mayStart) else { return false }
        return text.unicodeScalars.contains(where: contains)
    }

    /// The visible escape of a scalar, `\u{` upper-case hex `}` — Swift's and the `.cards`
    /// language's own spelling, which the terminal, the page, the lexer's messages and generated
    /// Swift show.
    public static func escape(_ value: UInt32) -> String {
        "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    }

    /// `text` with every scalar of the set replaced by `escape(_:)`; everything else, tabs
    /// included, kept. Idempotent: escaped text holds none of the set.
    public static func escaped(_ text: String) -> String {
        guard occurs(in: text) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if contains(scalar) {
                result += escape(scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

import CardDiagnostics
import CardModel
import CardText

/// Writes Swift source: lines indented four spaces per level, blank lines kept single, and the
/// escaping every piece of source text needs before it becomes Swift — exact string literals,
/// identifiers that are keywords in backticks, doc comments whose text cannot end the comment.
///
/// The output is UTF-8 bytes, handed out in pieces (`takeBytes`) so a large deck's file is never
/// held whole.
struct SwiftWriter {
    private(set) var out: [UInt8] = []
    /// The current indentation level.
    private(set) var level = 0
    /// Whether the last line written was blank or opened a block (no blank line may follow).
    private var suppressBlank = true

    init(capacity: Int = 1 << 16) { out.reserveCapacity(capacity) }

    var count: Int { out.count }

    /// The bytes written since the last call.
    mutating func takeBytes() -> [UInt8] {
        defer { out.removeAll(keepingCapacity: true) }
        return out
    }

    /// One line at the current indentation, its pieces written straight into the output.
    mutating func line(_ code: SwiftCode) {
        indent()
        code.write(to: &out)
        endLine()
    }

    /// One line made elsewhere, at the current indentation.
    mutating func line(verbatim text: String) {
        indent()
        out.appendUTF8(text)
        endLine()
    }

    private mutating func indent() {
        let width = level * 4
        if width <= Self.spaces.count {
            out.append(contentsOf: Self.spaces[..<width])
        } else {
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width))
        }
    }

    /// Indentation for up to 16 levels, copied as one piece.
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// Ends the line being written; a line ending in `{` opened a block (no blank line follows).
    private mutating func endLine() {
        // An empty line's last byte is indentation or the previous line break.
        suppressBlank = out.last == UInt8(ascii: "{")
        out.append(0x0A)
    }

    /// Each of `lines` after `prefix`, wrapped as `wrap` wraps a line when it is long.
    mutating func wrap(_ lines: SwiftLines, prefix: String = "", limit: Int = 120) {
        let fixed = prefix.utf8.count + level * 4
        lines.forEach { bytes in
            guard fixed + bytes.count <= limit else {
                var whole: [UInt8] = []
                whole.appendUTF8(prefix)
                whole.append(contentsOf: bytes)
                wrapLong(whole, limit: limit)
                return
            }
            indent()
            if !prefix.isEmpty { out.appendUTF8(prefix) }
            out.append(contentsOf: bytes)
            endLine()
        }
    }

    /// Each of `lines`, as it is.
    mutating func lines(_ lines: SwiftLines) {
        lines.forEach { bytes in
            indent()
            out.append(contentsOf: bytes)
            endLine()
        }
    }

    /// One line, or, when it is longer than `limit` columns, its first argument list (or array
    /// literal) with one element per line. Calls get no trailing comma (Swift before 6.1 rejects
    /// one), array literals do.
    mutating func wrap(_ text: String, limit: Int = 120) {
        // Columns are counted in UTF-8 bytes: cheap, and a line with non-ASCII text at worst
        // wraps a little early.
        guard text.utf8.count + level * 4 > limit else {
            line(verbatim: text)
            return
        }
        wrapLong(Array(text.utf8), limit: limit)
    }

    /// `bytes`, a line longer than `limit` columns, broken as `wrap` breaks it. Brackets,
    /// quotes, commas and spaces are ASCII: the line is split as bytes, at character boundaries.
    private mutating func wrapLong(_ bytes: [UInt8], limit: Int) {
        // `… = { [weak self] a, b in body }`: the closure's body on a line of its own.
        if bytes.count > 3, bytes[bytes.count - 2] == 0x20, bytes[bytes.count - 1] == UInt8(ascii: "}"),
           !bytes.starts(with: "//".utf8),
           let open = Self.find(Array("{ ".utf8), in: bytes, from: 0),
           let inStart = Self.find(Array(" in ".utf8), in: bytes, from: open + 2), inStart + 4 <= bytes.count - 2,
           !bytes[open..<inStart].contains(UInt8(ascii: "\"")) {
            line(bytes: bytes[..<inStart], then: " in")
            level += 1
            let body = Array(bytes[(inStart + 4)..<(bytes.count - 2)])
            if body.count + level * 4 > limit { wrapLong(body, limit: limit) } else { line(bytes: body[...]) }
            level -= 1
            line("}")
            return
        }
        guard let split = Self.splitFirstList(bytes), split.elements.count > 1 else {
            line(bytes: bytes[...])
            return
        }
        line(bytes: bytes[...split.open])
        level += 1
        for (index, element) in split.elements.enumerated() {
            let last = index == split.elements.count - 1
            line(bytes: bytes[element], then: last && bytes[split.close] == UInt8(ascii: ")") ? "" : ",")
        }
        level -= 1
        line(bytes: bytes[split.close...])
    }

    /// One line of `head`, `bytes` and `tail`.
    mutating func line(_ head: SwiftCode, _ bytes: ArraySlice<UInt8>, _ tail: StaticString) {
        indent()
        head.write(to: &out)
        out.append(contentsOf: bytes)
        out.appendUTF8(tail)
        endLine()
    }

    /// One line of `bytes` and `suffix`.
    private mutating func line(bytes: ArraySlice<UInt8>, then suffix: StaticString = "") {
        indent()
        out.append(contentsOf: bytes)
        out.appendUTF8(suffix)
        endLine()
    }

    /// Where `pattern` first occurs in `bytes` at or after `start`.
    static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !pattern.isEmpty, bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
        for index in start...(bytes.count - pattern.count) where bytes[index] == pattern[0]
            && bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
            return index
        }
        return nil
    }

    /// The first bracketed list of `text` outside string literals: what precedes it (with the
    /// opening bracket), its top-level elements, and the closing bracket with what follows.
    static func splitFirstList(_ text: String) -> (head: String, elements: [String], close: Character, tail: String)? {
        let bytes = Array(text.utf8)
        guard let split = splitFirstList(bytes) else { return nil }
        return (String(decoding: bytes[...split.open], as: UTF8.self),
                split.elements.map { String(decoding: bytes[$0], as: UTF8.self) },
                Character(UnicodeScalar(bytes[split.close])),
                String(decoding: bytes[split.close...], as: UTF8.self))
    }

    /// The first bracketed list of `bytes` outside string literals: where its opening bracket
    /// is, its top-level elements without surrounding spaces, and where its closing bracket is;
    /// nil when there is none or an element is empty. Brackets, quotes and commas are ASCII, so
    /// the text is read as UTF-8 bytes.
    static func splitFirstList(_ bytes: [UInt8]) -> (open: Int, elements: [Range<Int>], close: Int)? {
        var inString = false, escaped = false
        var open: Int?
        var depth = 0
        var elements: [Range<Int>] = []
        var elementStart = 0
        func element(_ range: Range<Int>) -> Range<Int> {
            var lower = range.lowerBound, upper = range.upperBound
            while lower < upper, bytes[lower] == 0x20 { lower += 1 }
            while upper > lower, bytes[upper - 1] == 0x20 { upper -= 1 }
            return lower..<upper
        }
        for (index, byte) in bytes.enumerated() {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
                continue
            }
            guard let start = open else {
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                    open = index
                    depth = 1
                    elementStart = index + 1
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
            if depth == 0 {
                elements.append(element(elementStart..<index))
                guard !elements.contains(where: \.isEmpty) else { return nil }
                return (start, elements, index)
            }
            if byte == UInt8(ascii: ","), depth == 1 {
                elements.append(element(elementStart..<index))
                elementStart = index + 1
            }
        }
        return nil
    }

    /// One blank line, unless the previous line was blank or opened a block.
    mutating func blank() {
        guard !suppressBlank else { return }
        out.append(0x0A)
        suppressBlank = true
    }

    /// `header {`, the body one level deeper, `}`.
    mutating func block(_ header: SwiftCode, _ body: (inout SwiftWriter) -> Void) {
        if header.count + 2 + level * 4 <= 120 {
            indent()
            header.write(to: &out)
            out.appendUTF8(" {")
            endLine()
        } else {
            wrap(header.text + " {")
        }
        level += 1
        body(&self)
        level -= 1
        suppressBlank = false
        line("}")
    }

    /// `body` one level deeper, without braces.
    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }

    /// A block whose body may be empty: `header {}` then.
    mutating func block(_ header: SwiftCode, lines: [String]) {
        if lines.isEmpty {
            indent()
            header.write(to: &out)
            out.appendUTF8(" {}")
            endLine()
        } else {
            block(header) { writer in for text in lines { writer.line(verbatim: text) } }
        }
    }

    /// `///` lines for `text` (one per line of it); nothing for nil or empty text. The back
    /// end's own text is wrapped at 100 columns; a source's doc comment is kept as written.
    mutating func doc(_ text: String?, wrapping: Bool = true) {
        guard let text, !text.isEmpty else { return }
        if text.utf8.count <= 100 - level * 4 - 4, text.utf8.last != 0x20, Self.isPlainASCII(text) {
            line("/// \(text)")
            return
        }
        if !wrapping, Self.isPlainASCIILines(text) {
            // A source's doc comment of plain lines, the usual kind: each line as it is.
            for line in Self.plainLines(of: text) {
                indent()
                out.appendUTF8("///")
                if !line.isEmpty {
                    out.append(0x20)
                    out.append(contentsOf: line)
                }
                endLine()
            }
            return
        }
        for line in commentText(text, prefix: "///", width: wrapping ? 100 - level * 4 - 4 : nil) { self.line(verbatim: line) }
    }

    /// The lines of a comment: the text's lines, escaped, wrapped at `width` when given, each
    /// after `prefix`. The back end's own texts repeat from card to card: they are worked out once.
    private mutating func commentText(_ text: String, prefix: String, width: Int?) -> [String] {
        let key = CommentKey(text: text, prefix: prefix, width: width ?? -1)
        if let known = commentCache[key] { return known }
        var lines: [String] = []
        for line in Self.commentLines(text) {
            for piece in width.map({ Self.wrapWords(line, width: $0) }) ?? [line] {
                lines.append(piece.isEmpty ? prefix : prefix + " " + piece)
            }
        }
        // Only the back end's own texts (wrapped) are worth keeping; a source's doc comment is
        // seen once.
        if width != nil, commentCache.count < 4096 { commentCache[key] = lines }
        return lines
    }

    private struct CommentKey: Hashable {
        let text: String
        let prefix: String
        let width: Int
    }

    private var commentCache: [CommentKey: [String]] = [:]

    /// A `//` comment for generator-written text, wrapped at 100 columns.
    mutating func comment(_ text: String) {
        if text.utf8.count <= 100 - level * 4 - 3, text.utf8.last != 0x20, Self.isPlainASCII(text) {
            line("// \(text)")
            return
        }
        for line in commentText(text, prefix: "//", width: 100 - level * 4 - 3) { self.line(verbatim: line) }
    }

    /// `text` broken at spaces into lines of at most `width` characters (a longer word stays whole).
    static func wrapWords(_ text: String, width: Int) -> [String] {
        guard text.count > width else { return [text] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !current.isEmpty && current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    // MARK: Escaping

    /// The Swift string literal whose value is exactly `text`: `"`, `\`, line breaks, tabs,
    /// NUL and every other control, format, separator, private-use or unassigned scalar is
    /// escaped (`\u{…}`), so no text can end the literal, start an interpolation (`\(` is
    /// `\\(`), or hide or reorder characters on screen; a combining mark that would otherwise
    /// follow a quote or an escape is escaped too. `#` needs nothing in a plain literal.
    static func literal(_ text: String) -> String {
        var out: [UInt8] = []
        appendLiteral(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `literal(text)` to `out`, as UTF-8.
    static func appendLiteral(_ text: String, to out: inout [UInt8]) {
        out.reserveRoom(for: text.utf8.count + 2)
        out.append(UInt8(ascii: "\""))
        if needsNoEscaping(text) {
            out.appendUTF8(text)
            out.append(UInt8(ascii: "\""))
            return
        }
        // Whether the last thing written is a quote or an escape, which a combining mark
        // would visually attach to.
        var afterPunctuation = true
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out.appendUTF8("\\\""); afterPunctuation = true
            case "\\": out.appendUTF8("\\\\"); afterPunctuation = true
            case "\n": out.appendUTF8("\\n"); afterPunctuation = true
            case "\r": out.appendUTF8("\\r"); afterPunctuation = true
            case "\t": out.appendUTF8("\\t"); afterPunctuation = true
            case "\0": out.appendUTF8("\\0"); afterPunctuation = true
            default:
                if needsEscape(scalar) || (afterPunctuation && isCombining(scalar)) {
                    out.appendUTF8(EscapedScalars.escape(scalar.value))
                    afterPunctuation = true
                } else {
                    UTF8.encode(scalar) { out.append($0) }
                    afterPunctuation = false
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Whether `text` is printable ASCII without quotes or backslashes, the usual text: its
    /// literal is the text in quotes.
    static func needsNoEscaping(_ text: String) -> Bool {
        func plain(_ byte: UInt8) -> Bool {
            byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
        }
        // The contiguous bytes when there are some, as in `isPlainASCII`: every literal is checked.
        return text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(plain) } ?? text.utf8.allSatisfy(plain)
    }

    /// Whether `text` is printable ASCII only (space to `~`): it needs no escaping but for `"`
    /// and `\\` in a literal, and no line splitting in a comment.
    static func isPlainASCII(_ text: String) -> Bool {
        // Read through the contiguous storage when there is one: iterating `utf8` cost ~30 M
        // instructions per 3,000-card deck (callgrind), the buffer a fraction of that.
        text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
            ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Whether `text` is printable ASCII and line feeds only: its comment lines are its lines.
    static func isPlainASCIILines(_ text: String) -> Bool {
        func plain(_ byte: UInt8) -> Bool { (byte >= 0x20 && byte < 0x7F) || byte == 0x0A }
        // The contiguous bytes when there are some, as in `isPlainASCII`: every doc comment is checked.
        return text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(plain) } ?? text.utf8.allSatisfy(plain)
    }

    /// Scalars a literal or a comment never shows raw: those no output writes raw
    /// (`EscapedScalars`), a tab, and beyond them every other format character (zero-width
    /// joiners and spaces), private-use, surrogate and unassigned code point, which a Swift
    /// reader could not see or a later Unicode could give a meaning.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value == 0x09 || EscapedScalars.contains(scalar) { return true }
        if scalar.isASCII { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: return true
        default: return false
        }
    }

    static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
        guard !scalar.isASCII else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// The lines of `text`, printable ASCII and line feeds (`isPlainASCIILines`), each without
    /// its trailing spaces, as slices of its UTF-8.
    static func plainLines(of text: String) -> [Substring.UTF8View] {
        text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            var end = line.endIndex
            while end > line.startIndex, text.utf8[text.utf8.index(before: end)] == 0x20 { end = text.utf8.index(before: end) }
            return line[line.startIndex..<end]
        }
    }

    /// The lines of comment text: split at every line break Swift or an editor could see
    /// (`\n`, `\r`, VT, FF, NEL, U+2028, U+2029), every other scalar `needsEscape` names shown
    /// as `\u{…}`. A `//` or `///` comment ends only at a line break, so no text can end it early.
    static func commentLines(_ text: String) -> [String] {
        // Printable ASCII and line feeds only (the usual doc comment): split at the line feeds.
        if isPlainASCIILines(text) { return plainLines(of: text).map { String(decoding: $0, as: UTF8.self) } }
        var lines: [String] = []
        var current = ""
        var lastWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where lastWasCR:
                lastWasCR = false
                continue
            case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
                lines.append(current)
                current = ""
                lastWasCR = scalar.value == 0x0D
                continue
            default:
                lastWasCR = false
            }
            if scalar == "\t" {
                current += " "
            } else if needsEscape(scalar) {
                current += EscapedScalars.escape(scalar.value)
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        lines.append(current)
        // Trailing spaces would be stripped by editors and formatters; drop them here.
        return lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// `name` as a Swift identifier: in backticks when it is a keyword. Names come from the
    /// lexer (`[A-Za-z_][A-Za-z0-9_]*`); every one of them is a valid Swift identifier, escaped
    /// or not.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`" + name + "`" : name
    }

    /// `name` as an argument label in a call: bare (Swift warns about escaped keywords there),
    /// except the two that cannot stand bare (`inout`, and `_`, which would mean no label).
    static func argumentLabel(_ name: String) -> String {
        name == "_" || name == "inout" ? "`" + name + "`" : name
    }

    /// Whether `name` must be written in backticks in a declaration or after a dot.
    static func isKeyword(_ name: String) -> Bool { keywords.contains(name) }

    /// The words that need backticks (`SwiftNames.keywords`).
    static let keywords = SwiftNames.keywords

    // MARK: Numbers

    /// A `Double` as a Swift literal that reads back as exactly the same value (`0.62`,
    /// `2000.0`, `1e-05`): Swift's shortest round-trip spelling.
    static func double(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "Double.nan" : (value < 0 ? "-Double.infinity" : "Double.infinity") }
        // A subnormal literal draws an "underflows and loses precision" warning: its bits say
        // the same value without one.
        if value.isSubnormal { return "Double(bitPattern: 0x" + String(value.bitPattern, radix: 16, uppercase: true) + ")" }
        return "\(value)"
    }

    /// A number for a `Float` parameter: a literal when `Float` holds it without overflow or
    /// underflow (which Swift warns about), else the `Double` converted.
    static func float(_ value: Double) -> String {
        let narrowed = Float(value)
        if narrowed.isFinite, value == 0 || (!narrowed.isSubnormal && narrowed != 0) { return number(value) }
        return "Float(\(double(value)))"
    }

    /// A number for a `CGFloat`, `Float` or `Double` parameter, written as a person would:
    /// `10`, `0.5`, `-3` (an integral value without `.0`).
    static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            // `-0.0` keeps its sign.
            return value == 0 && value.sign == .minus ? "-0.0" : String(Int(value))
        }
        return double(value)
    }
}

extension String {
    /// Without leading and trailing spaces.
    func trimmingCharacters() -> String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}

/// Names the back end chooses itself (part properties, cell classes, helpers) inside one Swift
/// scope: each is its base name, or the base name with the first free number, never one of the
/// names taken by the user (actions), inherited or reserved there.
struct NameScope {
    /// Names taken in every scope of a kind (inherited members, framework names): shared, never
    /// copied per card.
    private let reserved: Set<String>
    private var taken: Set<String>
    /// For each base name and first number, the next number to try: every number below it is
    /// taken (names are never released), so a card of 20,000 `text` parts probes each number
    /// once, not from 2 again on every call.
    private var nextNumber: [NumberedBase: Int] = [:]
    /// Names tried by `allocate` (tests check it grows with the names given, not their square).
    private(set) var probes = 0

    private struct NumberedBase: Hashable {
        var base: String
        var first: Int
    }

    init(reserved: Set<String> = [], taken: Set<String> = []) {
        self.reserved = reserved
        self.taken = taken
        // A card's parts take a few dozen names: room for them up front, not a rehash per doubling.
        self.taken.reserveCapacity(32)
    }

    func contains(_ name: String) -> Bool { reserved.contains(name) || taken.contains(name) }

    /// `base` if free, else `base2`, `base3`… (from `first` when the numbering must start at 1).
    mutating func allocate(_ base: String, numberedFrom first: Int? = nil) -> String {
        // `insert` answers whether the name was free in this scope: one hash, not two.
        probes += 1
        if first == nil, !reserved.contains(base), taken.insert(base).inserted { return base }
        let key = NumberedBase(base: base, first: first ?? 2)
        var n = nextNumber[key] ?? key.first
        while true {
            probes += 1
            let name = base + String(n)
            n += 1
            if !reserved.contains(name), taken.insert(name).inserted {
                nextNumber[key] = n
                return name
            }
        }
    }
}

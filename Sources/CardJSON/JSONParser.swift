/// A strict RFC 8259 parser into `JSONValue` (objects keep their key order; numbers without a
/// fraction or exponent that fit an `Int` are `.int`). The language server reads its messages with
/// it, tests the layout JSON; it reports the byte offset of the first error. Nesting is limited
/// (512 levels), so no input overflows the stack. A lone surrogate escape (`"\ud83d"`), which the
/// grammar allows, is read as U+FFFD.
public struct JSONParser {
    public struct Failure: Error, CustomStringConvertible {
        public var offset: Int
        public var message: String
        public var description: String { "JSON error at byte \(offset): \(message)" }
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("trailing characters") }
        return value
    }

    public static func parse(_ text: String) throws -> JSONValue { try parse(Array(text.utf8)) }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func failure(_ message: String) -> Failure { Failure(offset: index, message: message) }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
    }

    private mutating func expect(_ literal: String) throws {
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw failure("expected \(literal)") }
            index += 1
        }
    }

    private mutating func value() throws -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return try number()
        }
    }

    private mutating func object() throws -> JSONValue {
        depth += 1
        defer { depth -= 1 }
        guard depth < 512 else { throw failure("nesting too deep") }
        index += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
            let key = try string()
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            members.append((key, try value()))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw failure("expected , or }")
        }
    }

    private mutating func array() throws -> JSONValue {
        depth += 1
        defer { depth -= 1 }
        guard depth < 512 else { throw failure("nesting too deep") }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try value())
            skipWhitespace()
            guard index < bytes.count else { throw failure("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw failure("expected , or ]")
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case 0x30...0x39: digit = UInt32(b - 0x30)
            case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
            default: throw failure("bad hex digit")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// The low surrogate of a `\uDC00`…`\uDFFF` escape at `start`, if one is there.
    private func lowSurrogate(at start: Int) -> UInt32? {
        guard start + 6 <= bytes.count, bytes[start] == UInt8(ascii: "\\"), bytes[start + 1] == UInt8(ascii: "u") else { return nil }
        var value: UInt32 = 0
        for b in bytes[(start + 2)..<(start + 6)] {
            switch b {
            case 0x30...0x39: value = value << 4 | UInt32(b - 0x30)
            case 0x41...0x46: value = value << 4 | UInt32(b - 0x41 + 10)
            case 0x61...0x66: value = value << 4 | UInt32(b - 0x61 + 10)
            default: return nil
            }
        }
        return (0xDC00...0xDFFF).contains(value) ? value : nil
    }

    private mutating func string() throws -> String {
        index += 1
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw failure("unterminated string") }
            let b = bytes[index]
            index += 1
            switch b {
            case UInt8(ascii: "\""):
                guard let text = String(validating: out, as: UTF8.self) else { throw failure("invalid UTF-8 in string") }
                return text
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw failure("unterminated escape") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar), let low = lowSurrogate(at: index) {
                        index += 6
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xD800...0xDFFF).contains(scalar) {
                        // A lone surrogate (`JSON.stringify` writes one for a JavaScript string
                        // holding half a pair): the grammar allows it (RFC 8259, section 8.2) but no
                        // scalar is one, so it becomes U+FFFD, as other servers read it, and
                        // the message is kept. What follows is read on its own.
                        scalar = 0xFFFD
                    }
                    let unicode = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                    out.append(contentsOf: String(unicode).utf8)
                default: throw failure("invalid escape")
                }
            default:
                guard b >= 0x20 else { throw failure("raw control character in string") }
                out.append(b)
            }
        }
    }

    private mutating func number() throws -> JSONValue {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let s = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            return index - s
        }
        let intStart = index
        guard digits() > 0 else { throw failure("expected a value") }
        if bytes[intStart] == 0x30 && index - intStart > 1 { throw failure("leading zero") }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard digits() > 0 else { throw failure("expected fraction digits") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            isInteger = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("expected exponent digits") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let int = Int(text) { return .int(int) }
        guard let double = Double(text) else { throw failure("bad number") }
        return .double(double)
    }
}


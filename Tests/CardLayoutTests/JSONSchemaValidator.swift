import CardJSON
import CardDiagnostics
import Foundation

/// A strict RFC 8259 parser into `JSONValue` (objects keep their key order; numbers without a
/// fraction or exponent that fit an `Int` are `.int`). Tests use it to read the layout JSON and
/// the schema; it reports the byte offset of the first error.
struct JSONParser {
    struct Failure: Error, CustomStringConvertible {
        var offset: Int
        var message: String
        var description: String { "JSON error at byte \(offset): \(message)" }
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("trailing characters") }
        return value
    }

    static func parse(_ text: String) throws -> JSONValue { try parse(Array(text.utf8)) }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func failure(_ message: String) -> Failure { Failure(offset: index, message: message) }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
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
                    if (0xD800...0xDBFF).contains(scalar) {
                        try expect("\\u")
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw failure("unpaired surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid scalar") }
                    out.append(contentsOf: Array(String(unicode).utf8))
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

/// A JSON Schema (draft 2020-12) validator for the subset `Grammar/layout.schema.json` uses:
/// `type`, `required`, `properties`, `additionalProperties`, `items`, `enum`, `const`, `$ref` to
/// `#/$defs/…` (any local JSON pointer), `minimum`, `minItems`, `pattern`, `oneOf`, `anyOf`.
/// Annotations (`$schema`, `$id`, `$defs`, `title`, `description`, `$comment`) are ignored; any
/// other keyword is reported as an error, so the schema cannot silently rely on more.
struct JSONSchemaValidator {
    let root: JSONValue

    static let supported: Set<String> = ["type", "required", "properties", "additionalProperties", "items", "enum",
                                         "const", "$ref", "minimum", "minItems", "pattern", "oneOf", "anyOf"]
    static let annotations: Set<String> = ["$schema", "$id", "$defs", "title", "description", "$comment"]

    /// Every violation as `path: message`; empty when `instance` is valid.
    func validate(_ instance: JSONValue) -> [String] {
        var errors: [String] = []
        validate(instance, against: root, at: "", errors: &errors)
        return errors
    }

    func isValid(_ instance: JSONValue, against schema: JSONValue) -> Bool {
        var errors: [String] = []
        validate(instance, against: schema, at: "", errors: &errors)
        return errors.isEmpty
    }

    func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#") else { return nil }
        var node = root
        for token in reference.dropFirst().split(separator: "/", omittingEmptySubsequences: true) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let next = node[key] else { return nil }
            node = next
        }
        return node
    }

    static func typeMatches(_ instance: JSONValue, _ type: String) -> Bool {
        switch (type, instance) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object): true
        case ("number", .int), ("number", .double): true
        case ("integer", .int): true
        case ("integer", .double(let d)): d.isFinite && d == d.rounded()
        default: false
        }
    }

    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }

    /// JSON equality with numbers compared by value (`1` equals `1.0`).
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let x = number(a), let y = number(b) { return x == y }
        switch (a, b) {
        case let (.array(x), .array(y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case let (.object(x), .object(y)):
            return x.count == y.count && x.allSatisfy { key, value in y.contains { $0.0 == key && equal($0.1, value) } }
        default: return a == b
        }
    }

    func validate(_ instance: JSONValue, against schema: JSONValue, at path: String, errors: inout [String]) {
        if case .bool(let allowed) = schema {
            if !allowed { errors.append("\(path): no value is allowed here") }
            return
        }
        guard case .object(let keywords) = schema else {
            errors.append("\(path): schema is not an object")
            return
        }
        for (keyword, value) in keywords {
            if Self.annotations.contains(keyword) { continue }
            guard Self.supported.contains(keyword) else {
                errors.append("\(path): unsupported schema keyword \(keyword)")
                continue
            }
            switch keyword {
            case "$ref":
                guard case .string(let reference) = value, let target = resolve(reference) else {
                    errors.append("\(path): unresolvable $ref \(value)")
                    continue
                }
                validate(instance, against: target, at: path, errors: &errors)
            case "type":
                let types: [String]
                switch value {
                case .string(let t): types = [t]
                case .array(let list): types = list.compactMap { if case .string(let t) = $0 { t } else { nil } }
                default: types = []
                }
                if !types.contains(where: { Self.typeMatches(instance, $0) }) {
                    errors.append("\(path): expected \(types.joined(separator: " or ")), found \(Self.describe(instance))")
                }
            case "enum":
                guard case .array(let options) = value else { continue }
                if !options.contains(where: { Self.equal($0, instance) }) {
                    errors.append("\(path): \(Self.describe(instance)) is not one of \(value.serialized())")
                }
            case "const":
                if !Self.equal(value, instance) {
                    errors.append("\(path): expected \(value.serialized()), found \(Self.describe(instance))")
                }
            case "required":
                guard case .object = instance, case .array(let names) = value else { continue }
                for case .string(let name) in names where instance[name] == nil {
                    errors.append("\(path): missing required key \"\(name)\"")
                }
            case "properties":
                guard case .object(let members) = instance, case .object(let properties) = value else { continue }
                for (key, member) in members {
                    if let subschema = properties.first(where: { $0.0 == key })?.1 {
                        validate(member, against: subschema, at: path + "/" + key, errors: &errors)
                    }
                }
            case "additionalProperties":
                guard case .object(let members) = instance else { continue }
                let declared: [String]
                if case .object(let properties)? = schema["properties"] { declared = properties.map(\.0) } else { declared = [] }
                for (key, member) in members where !declared.contains(key) {
                    if case .bool(false) = value {
                        errors.append("\(path): unexpected key \"\(key)\"")
                    } else {
                        validate(member, against: value, at: path + "/" + key, errors: &errors)
                    }
                }
            case "items":
                guard case .array(let elements) = instance else { continue }
                for (index, element) in elements.enumerated() {
                    validate(element, against: value, at: path + "/\(index)", errors: &errors)
                }
            case "minimum":
                if let minimum = Self.number(value), let n = Self.number(instance), n < minimum {
                    errors.append("\(path): \(n) is less than the minimum \(minimum)")
                }
            case "minItems":
                if case .array(let elements) = instance, let minimum = Self.number(value), Double(elements.count) < minimum {
                    errors.append("\(path): fewer than \(minimum) items")
                }
            case "pattern":
                guard case .string(let text) = instance, case .string(let pattern) = value else { continue }
                guard let regex = try? NSRegularExpression(pattern: pattern) else {
                    errors.append("\(path): bad pattern \(pattern)")
                    continue
                }
                let range = NSRange(text.startIndex..., in: text)
                if regex.firstMatch(in: text, range: range) == nil {
                    errors.append("\(path): \"\(text)\" does not match \(pattern)")
                }
            case "oneOf", "anyOf":
                guard case .array(let options) = value else { continue }
                var matches = 0
                var firstErrors: [[String]] = []
                for option in options {
                    var optionErrors: [String] = []
                    validate(instance, against: option, at: path, errors: &optionErrors)
                    if optionErrors.isEmpty { matches += 1 } else { firstErrors.append(optionErrors) }
                }
                if keyword == "oneOf" && matches != 1 || keyword == "anyOf" && matches == 0 {
                    let closest = firstErrors.min { $0.count < $1.count } ?? []
                    errors.append("\(path): \(matches) of \(options.count) \(keyword) alternatives match"
                                  + (closest.isEmpty ? "" : " (closest: \(closest.prefix(3).joined(separator: "; ")))"))
                }
            default:
                break
            }
        }
    }

    static func describe(_ value: JSONValue) -> String {
        let text = value.serialized()
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }
}

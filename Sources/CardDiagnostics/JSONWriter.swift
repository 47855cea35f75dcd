// A small, fast, deterministic JSON writer: keys in insertion order, numbers in one canonical
// form, strings escaped per RFC 8259 (plus U+2028/U+2029 and DEL, so output is also safe to
// embed in JavaScript and to print). Output is built directly into a `[UInt8]`.

/// A JSON document as a value. Objects keep their keys in insertion order.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b || (a.isNaN && b.isNaN)
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The value for `key` of an object (the first, if repeated); nil for other values.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The serialized document: compact, or pretty with 2-space indentation. No trailing newline.
    public func serialized(pretty: Bool = false) -> String {
        String(decoding: serializedBytes(pretty: pretty), as: UTF8.self)
    }

    /// The serialized document as UTF-8 bytes.
    public func serializedBytes(pretty: Bool = false) -> [UInt8] {
        var output = JSONOutput(pretty: pretty)
        output.write(self)
        return output.bytes
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Keeps the literal's key order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }
}

/// A streaming JSON writer appending UTF-8 to `bytes`. Commas, colons and (when `isPretty`)
/// newlines and indentation are inserted automatically:
///
///     var out = JSONOutput(pretty: true)
///     out.beginObject()
///     out.write("cardc", forKey: "name")
///     out.writeKey("sizes"); out.beginArray(); out.write(1); out.write(2.5); out.endArray()
///     out.endObject()
///
/// Misuse (a value where a key is expected, unbalanced `end…`) produces invalid JSON but never
/// traps.
public struct JSONOutput: Sendable {
    /// The output so far.
    public var bytes: [UInt8]
    /// Whether containers are written one member per line with 2-space indentation.
    public let isPretty: Bool

    /// Per open container: whether it already has a member.
    private var hasMembers: [Bool] = []
    /// A key was just written; the next value follows its colon directly.
    private var afterKey = false
    /// Containers at this depth and deeper are written on one line in pretty mode (see
    /// `beginObject(inline:)`); `Int.max` when none is open.
    private var inlineDepth = Int.max

    /// A writer producing compact (or, with `pretty`, indented) output, reserving `capacity` bytes.
    public init(pretty: Bool = false, capacity: Int = 0) {
        self.isPretty = pretty
        self.bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The output decoded as a string.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: Structure

    /// Opens an object (as a value: after a key, in an array, or at the top).
    public mutating func beginObject() { beginObject(inline: false) }

    /// Opens an object; with `inline`, pretty output writes it and everything inside it on one
    /// line (`{"x": 0, "y": 8}`), which keeps small records readable and the output short.
    /// Compact output ignores `inline`.
    public mutating func beginObject(inline: Bool) {
        prepareValue()
        bytes.append(UInt8(ascii: "{"))
        hasMembers.append(false)
        if inline && hasMembers.count < inlineDepth { inlineDepth = hasMembers.count }
    }

    /// Closes the innermost object.
    public mutating func endObject() { close(UInt8(ascii: "}")) }

    /// Opens an array.
    public mutating func beginArray() { beginArray(inline: false) }

    /// Opens an array; `inline` as for `beginObject(inline:)`.
    public mutating func beginArray(inline: Bool) {
        prepareValue()
        bytes.append(UInt8(ascii: "["))
        hasMembers.append(false)
        if inline && hasMembers.count < inlineDepth { inlineDepth = hasMembers.count }
    }

    /// Closes the innermost array.
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Writes an object key; the next value written belongs to it.
    public mutating func writeKey(_ key: String) {
        prepareValue()
        appendQuoted(key)
        bytes.append(UInt8(ascii: ":"))
        if isPretty { bytes.append(0x20) }
        afterKey = true
    }

    /// Writes an object key given as a literal. A key that needs no escaping (the usual case:
    /// letters, digits, `_`) is copied without the escape scan `writeKey(_:)` does; any other is
    /// escaped as usual. For writers that emit many fixed keys.
    public mutating func writeKey(literal key: StaticString) {
        let plain = key.withUTF8Buffer { buffer in
            buffer.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
        }
        guard plain, key.hasPointerRepresentation else {
            writeKey(key.description)
            return
        }
        prepareValue()
        bytes.append(0x22)
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(0x22)
        bytes.append(UInt8(ascii: ":"))
        if isPretty { bytes.append(0x20) }
        afterKey = true
    }

    private mutating func close(_ bracket: UInt8) {
        let depth = hasMembers.count
        let hadMembers = hasMembers.popLast() ?? false
        afterKey = false
        let inline = depth >= inlineDepth
        if depth == inlineDepth { inlineDepth = Int.max }
        if isPretty && hadMembers && !inline { newline() }
        bytes.append(bracket)
    }

    @inline(__always)
    private mutating func prepareValue() {
        if afterKey { afterKey = false; return }
        guard let last = hasMembers.indices.last else { return }
        let inline = hasMembers.count >= inlineDepth
        if hasMembers[last] {
            bytes.append(UInt8(ascii: ","))
            if isPretty && inline { bytes.append(0x20) }
        } else {
            hasMembers[last] = true
        }
        if isPretty && !inline { newline() }
    }

    private static let spaces = [UInt8](repeating: 0x20, count: 128)

    private mutating func newline() {
        bytes.append(0x0A)
        var indent = 2 * hasMembers.count
        while indent > 0 {
            let n = min(indent, Self.spaces.count)
            bytes.append(contentsOf: Self.spaces[0..<n])
            indent -= n
        }
    }

    // MARK: Values

    /// Writes `null`.
    public mutating func writeNull() {
        prepareValue()
        bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])  // null
    }

    /// Writes `true` or `false`.
    public mutating func write(_ value: Bool) {
        prepareValue()
        if value { bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65]) } else {
            bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        }
    }

    /// Writes an integer.
    public mutating func write(_ value: Int) {
        prepareValue()
        appendInteger(value)
    }

    /// Integral values print as integers (`200`), others in the shortest form that reads back
    /// exactly, without an exponent for ordinary magnitudes; NaN and infinities print `null`.
    public mutating func write(_ value: Double) {
        prepareValue()
        appendDouble(value)
    }

    /// Writes an escaped string.
    public mutating func write(_ value: String) {
        prepareValue()
        appendQuoted(value)
    }

    /// Writes possibly invalid UTF-8 as a string; each invalid byte becomes U+FFFD.
    public mutating func write(utf8 value: some Collection<UInt8>) {
        prepareValue()
        let array = Array(value)
        array.withUnsafeBufferPointer { appendQuoted(bytes: $0, validate: true) }
    }

    /// Writes a whole value tree.
    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: writeNull()
        case .bool(let b): write(b)
        case .int(let i): write(i)
        case .double(let d): write(d)
        case .string(let s): write(s)
        case .array(let elements):
            beginArray()
            for element in elements { write(element) }
            endArray()
        case .object(let members):
            beginObject()
            for (key, member) in members {
                writeKey(key)
                write(member)
            }
            endObject()
        }
    }

    // Keyed conveniences: `writeKey(key)` followed by the value.
    /// Writes `"key": value`.
    public mutating func write(_ value: String, forKey key: String) { writeKey(key); write(value) }
    public mutating func write(_ value: Int, forKey key: String) { writeKey(key); write(value) }
    public mutating func write(_ value: Double, forKey key: String) { writeKey(key); write(value) }
    public mutating func write(_ value: Bool, forKey key: String) { writeKey(key); write(value) }
    public mutating func write(_ value: JSONValue, forKey key: String) { writeKey(key); write(value) }

    // MARK: Encoding

    private mutating func appendInteger(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude)
    }

    private mutating func appendDigits(_ magnitude: UInt) {
        if magnitude < 10 { bytes.append(0x30 + UInt8(magnitude)); return }
        // 20 digits hold any UInt64.
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { raw in
            var rest = magnitude, index = raw.count
            while rest > 0 {
                index -= 1
                raw[index] = 0x30 + UInt8(rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: raw[index...])
        }
    }

    private mutating func appendDouble(_ value: Double) {
        guard value.isFinite else {
            bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
            return
        }
        // Integral values within the exact range print as integers. (Integer conversion instead
        // of `rounded()`, which would pull in libm.)
        if value.magnitude < 9.007_199_254_740_992e15 && Double(Int64(value)) == value {
            appendInteger(Int(Int64(value)))
            return
        }
        // Up to six decimals: a decimal with at most 15 significant digits reads back to the one
        // double it came from, and no shorter decimal does, so this is the shortest round-trip form.
        let scaled = value * 1e6
        if scaled.magnitude < 1e15 {
            var units = Int64(scaled)  // toward zero; then round half away from zero
            let rest = scaled - Double(units)
            if rest >= 0.5 { units += 1 } else if rest <= -0.5 { units -= 1 }
            guard Double(units) / 1e6 == value else {
                appendExpanded(value.description)
                return
            }
            if units < 0 { bytes.append(UInt8(ascii: "-")) }
            let magnitude = UInt(units.magnitude)
            appendDigits(magnitude / 1_000_000)
            var fraction = magnitude % 1_000_000
            var digits = 6
            while fraction % 10 == 0 && digits > 0 { fraction /= 10; digits -= 1 }
            if digits > 0 {
                bytes.append(UInt8(ascii: "."))
                var divisor: UInt = 1
                for _ in 1..<digits { divisor *= 10 }
                while divisor > 0 {
                    bytes.append(0x30 + UInt8(fraction / divisor % 10))
                    divisor /= 10
                }
            }
            return
        }
        appendExpanded(value.description)
    }

    /// Writes Swift's shortest round-trip `description`, expanding an exponent into plain
    /// decimal notation when that stays reasonably short.
    private mutating func appendExpanded(_ description: String) {
        let utf8 = Array(description.utf8)
        guard let e = utf8.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }),
              let exponent = Int(String(decoding: utf8[(e + 1)...], as: UTF8.self)),
              (-30...30).contains(exponent)
        else {
            bytes.append(contentsOf: utf8)
            return
        }
        var mantissa = utf8[..<e]
        if mantissa.first == UInt8(ascii: "-") {
            bytes.append(UInt8(ascii: "-"))
            mantissa = mantissa.dropFirst()
        }
        let point = mantissa.firstIndex(of: UInt8(ascii: ".")) ?? mantissa.endIndex
        var digits = Array(mantissa[..<point])
        let position = digits.count + exponent  // digits before the decimal point
        if point < mantissa.endIndex { digits += mantissa[(point + 1)...] }
        while digits.count > max(position, 1) && digits.last == 0x30 { digits.removeLast() }
        if position <= 0 {
            bytes.append(contentsOf: [0x30, UInt8(ascii: ".")])
            for _ in 0..<(-position) { bytes.append(0x30) }
            bytes.append(contentsOf: digits)
        } else if position >= digits.count {
            bytes.append(contentsOf: digits)
            for _ in 0..<(position - digits.count) { bytes.append(0x30) }
        } else {
            bytes.append(contentsOf: digits[..<position])
            bytes.append(UInt8(ascii: "."))
            bytes.append(contentsOf: digits[position...])
        }
    }

    private mutating func appendQuoted(_ string: String) {
        var string = string
        string.withUTF8 { appendQuoted(bytes: $0, validate: false) }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `"…"` with RFC 8259 escaping; with `validate`, invalid UTF-8 becomes U+FFFD.
    private mutating func appendQuoted(bytes p: UnsafeBufferPointer<UInt8>, validate: Bool) {
        bytes.append(0x22)
        var runStart = 0, i = 0
        let n = p.count
        @inline(__always) func flush(_ to: Int) {
            if to > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: p[runStart..<to])) }
        }
        while i < n {
            let b = p[i]
            if b >= 0x20 && b < 0x7F && b != 0x22 && b != 0x5C { i += 1; continue }
            if b >= 0x80 {
                let length = validate ? UTF8Scanner.sequenceLength(p, at: i) : 1
                if length == 0 {
                    flush(i)
                    bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    i += 1
                    runStart = i
                    continue
                }
                // U+2028 / U+2029 are E2 80 A8 / E2 80 A9.
                if b == 0xE2 && i + 2 < n && p[i + 1] == 0x80 && (p[i + 2] == 0xA8 || p[i + 2] == 0xA9) {
                    flush(i)
                    bytes.append(contentsOf: [0x5C, 0x75, 0x32, 0x30, 0x32, p[i + 2] == 0xA8 ? 0x38 : 0x39])
                    i += 3
                    runStart = i
                    continue
                }
                i += validate ? length : 1
                continue
            }
            flush(i)
            switch b {
            case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
            case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            default:
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30,
                                          Self.hexDigits[Int(b >> 4)], Self.hexDigits[Int(b & 0x0F)]])
            }
            i += 1
            runStart = i
        }
        flush(n)
        bytes.append(0x22)
    }
}

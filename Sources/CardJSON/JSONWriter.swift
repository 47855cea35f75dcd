import CardText

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

    /// The element at `index` of an array; nil for other values or out of range.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var int: Int? {
        switch self {
        case .int(let i): i
        case .double(let d) where d == d.rounded() && abs(d) < 9.0e15: Int(d)
        default: nil
        }
    }
    public var double: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }
    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    public var isNull: Bool { self == .null }

    /// The serialized document: compact, or pretty with 2-space indentation. No trailing newline.
    public func serialized(pretty: Bool = false) -> String {
        String(decoding: serializedBytes(pretty: pretty), as: UTF8.self)
    }

    /// The serialized document as UTF-8 bytes.
    public func serializedBytes(pretty: Bool = false) -> [UInt8] {
        var writer = JSONWriter(pretty: pretty)
        writer.write(self)
        return writer.bytes
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

/// A streaming JSON writer appending UTF-8 to a byte buffer. Commas, colons and (when pretty)
/// newlines and indentation are inserted automatically:
///
///     var out = JSONWriter(pretty: true)
///     out.beginObject()
///     out.write("cardc", forKey: "name")
///     out.writeKey("sizes"); out.beginArray(); out.write(1); out.write(2.5); out.endArray()
///     out.endObject()
///
/// Keys come out in the order written; integral numbers without a fraction (`200`), others in
/// the shortest form that reads back exactly; strings escaped per RFC 8259, plus every scalar
/// no output writes raw (`EscapedScalars`: DEL, the C1 controls, U+2028 and U+2029, the bidi
/// controls and marks, the BOM) as `\uXXXX`, so the output is safe to embed in JavaScript and
/// to print, and reads back to the same strings. Pretty output puts one
/// member per line with 2-space indentation, except in containers opened `inline`, which stay
/// on one line (`{"x": 0, "y": 8}`). Misuse (a value where a key is expected, unbalanced
/// `end…`) produces invalid JSON but never traps.
public struct JSONWriter: Sendable {
    /// The output, written through a pointer after one capacity check per token (`Buffer`).
    private var buffer: Buffer
    /// Whether containers are written one member per line with 2-space indentation.
    public let isPretty: Bool
    /// Open containers.
    private var depth = 0
    /// Whether the innermost open container already has a member. (One flag is enough: when a
    /// container closes, its parent has at least that member.)
    private var hasMember = false
    /// A key was just written; the next value follows its colon directly.
    private var afterKey = false
    /// Containers at this depth and deeper are written on one line in pretty mode; `Int.max`
    /// when none is open.
    private var inlineDepth = Int.max

    /// A writer producing compact (or, with `pretty`, indented) output, reserving `capacity` bytes.
    public init(pretty: Bool = false, capacity: Int = 0) {
        isPretty = pretty
        buffer = Buffer(capacity: max(capacity, 256))
    }

    /// The output so far.
    public var bytes: [UInt8] { buffer.bytes }
    /// How many bytes were written so far.
    public var count: Int { buffer.count }

    /// The output decoded as a string.
    public var text: String { String(decoding: buffer.bytes, as: UTF8.self) }

    /// The output so far, handed over; the writer goes on from where it is with an empty buffer
    /// (for a caller that passes a long document on in pieces).
    public mutating func takeBytes() -> [UInt8] {
        unique()
        return buffer.take()
    }

    /// Appends a newline outside any value: the end of a document.
    public mutating func appendNewline() {
        unique()
        buffer.reserve(1)
        buffer.put(0x0A)
    }

    /// Gives this writer a buffer of its own before it writes (copies share one until then).
    private mutating func unique() {
        if !isKnownUniquelyReferenced(&buffer) { buffer = buffer.copy() }
    }

    // MARK: Containers

    /// Opens an object; with `inline`, pretty output writes it and everything inside it on one line.
    public mutating func beginObject(inline: Bool = false) { open(UInt8(ascii: "{"), inline: inline) }
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    /// Opens an array; `inline` as for `beginObject(inline:)`.
    public mutating func beginArray(inline: Bool = false) { open(UInt8(ascii: "["), inline: inline) }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ bracket: UInt8, inline: Bool) {
        prepareValue(room: 1)
        buffer.put(bracket)
        depth += 1
        hasMember = false
        if inline && depth < inlineDepth { inlineDepth = depth }
    }

    private mutating func close(_ bracket: UInt8) {
        unique()
        let closing = depth
        let hadMembers = closing > 0 && hasMember
        afterKey = false
        let inline = closing >= inlineDepth
        if closing == inlineDepth { inlineDepth = Int.max }
        if closing > 0 { depth = closing - 1 }
        hasMember = true  // the parent holds this container
        buffer.reserve(2 * depth + 2)
        if isPretty && hadMembers && !inline { newline(indent: 2 * depth) }
        buffer.put(bracket)
    }

    /// The separator before a value or key — nothing after a key, else a comma unless first,
    /// then (pretty) a space on an inline line or a newline and indentation — with room reserved
    /// for `room` more bytes after it.
    private mutating func prepareValue(room: Int) {
        unique()
        buffer.reserve(2 * depth + 2 + room)
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        let hadMember = hasMember
        hasMember = true
        if hadMember { buffer.put(UInt8(ascii: ",")) }
        guard isPretty else { return }
        if depth >= inlineDepth {
            if hadMember { buffer.put(0x20) }
        } else {
            newline(indent: 2 * depth)
        }
    }

    /// A newline and `indent` spaces, into room reserved.
    private mutating func newline(indent: Int) {
        buffer.put(0x0A)
        buffer.putSpaces(indent)
    }

    // MARK: Keys and values

    /// Writes an object key; the next value written belongs to it.
    public mutating func writeKey(_ key: String) {
        var key = key
        key.withUTF8 { utf8 in
            prepareValue(room: Self.quotedRoom(utf8.count) + 2)
            appendQuoted(utf8)
        }
        finishKey()
    }

    /// Writes an object key given as a literal of letters, digits and `_` (as every key the
    /// project's documents have): copied, not escaped.
    public mutating func writeKey(_ key: StaticString) {
        key.withUTF8Buffer { utf8 in
            prepareValue(room: utf8.count + 4)
            buffer.put(0x22)
            buffer.put(utf8)
            buffer.put(0x22)
        }
        finishKey()
    }

    /// `:` (and a space when pretty) after a key, into room reserved with it.
    private mutating func finishKey() {
        buffer.put(UInt8(ascii: ":"))
        if isPretty { buffer.put(0x20) }
        afterKey = true
    }

    public mutating func writeNull() {
        prepareValue(room: 4)
        buffer.put("null")
    }

    public mutating func write(_ value: Bool) {
        prepareValue(room: 5)
        buffer.put(value ? "true" : "false")
    }

    public mutating func write(_ value: Int) {
        prepareValue(room: 21)
        appendInteger(value)
    }

    /// Integral values print as integers (`200`), others in the shortest form that reads back
    /// exactly, without an exponent for ordinary magnitudes; NaN and infinities print `null`.
    public mutating func write(_ value: Double) {
        prepareValue(room: 32)
        appendDouble(value)
    }

    /// Writes an escaped string.
    public mutating func write(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            prepareValue(room: Self.quotedRoom(utf8.count))
            appendQuoted(utf8)
        }
    }

    /// Writes a value already encoded as JSON by a writer of the same style.
    public mutating func writeEncoded(_ json: [UInt8]) {
        json.withUnsafeBufferPointer { json in
            prepareValue(room: json.count)
            buffer.put(json)
        }
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

    /// Writes `"key": value`.
    public mutating func write(_ value: String, forKey key: StaticString) { writeKey(key); write(value) }
    public mutating func write(_ value: Int, forKey key: StaticString) { writeKey(key); write(value) }
    public mutating func write(_ value: Double, forKey key: StaticString) { writeKey(key); write(value) }
    public mutating func write(_ value: Bool, forKey key: StaticString) { writeKey(key); write(value) }
    public mutating func write(_ value: JSONValue, forKey key: StaticString) { writeKey(key); write(value) }

    // MARK: Encoding (into room reserved)

    /// The most bytes a string of `count` UTF-8 bytes takes quoted: escaping at most sextuples a
    /// byte (`\u001f`).
    private static func quotedRoom(_ count: Int) -> Int { 6 * count + 2 }

    private mutating func appendInteger(_ value: Int) {
        if value < 0 { buffer.put(UInt8(ascii: "-")) }
        appendDigits(value.magnitude)
    }

    private mutating func appendDigits(_ magnitude: UInt) {
        var divisor: UInt = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        var rest = magnitude
        while true {
            buffer.put(0x30 + UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            if divisor == 1 { return }
            divisor /= 10
        }
    }

    /// A finite integral value within ±2⁵³ as an integer; any other finite value with up to six
    /// decimals when that reads back exactly (the shortest form then), else Swift's shortest
    /// round-trip form with any exponent in −30…30 expanded; NaN and infinities as `null`.
    private mutating func appendDouble(_ value: Double) {
        if value.magnitude < 9.007_199_254_740_992e15 {
            let integral = Int64(value)
            if Double(integral) == value {
                appendInteger(Int(integral))
                return
            }
        }
        guard value.isFinite else {
            buffer.put("null")
            return
        }
        let scaled = value * 1e6
        if scaled.magnitude < 1e15 {
            var units = Int64(scaled)  // toward zero; then round half away from zero
            let rest = scaled - Double(units)
            if rest >= 0.5 { units += 1 } else if rest <= -0.5 { units -= 1 }
            if Double(units) / 1e6 == value {
                if units < 0 { buffer.put(UInt8(ascii: "-")) }
                let magnitude = units.magnitude
                appendDigits(UInt(magnitude / 1_000_000))
                var fraction = magnitude % 1_000_000
                var digits = 6
                while fraction % 10 == 0 && digits > 0 { fraction /= 10; digits -= 1 }
                if digits > 0 {
                    buffer.put(UInt8(ascii: "."))
                    var divisor: UInt64 = 1
                    for _ in 1..<digits { divisor *= 10 }
                    while divisor > 0 {
                        buffer.put(0x30 + UInt8(fraction / divisor % 10))
                        divisor /= 10
                    }
                }
                return
            }
        }
        appendExpanded(value.description)
    }

    /// Swift's shortest round-trip `description`, its exponent expanded into plain decimal
    /// notation when that stays reasonably short.
    private mutating func appendExpanded(_ description: String) {
        let utf8 = Array(description.utf8)
        var text: [UInt8] = []
        defer {
            buffer.reserve(text.count)
            text.withUnsafeBufferPointer { buffer.put($0) }
        }
        guard let e = utf8.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }),
              let exponent = Int(String(decoding: utf8[(e + 1)...], as: UTF8.self)),
              (-30...30).contains(exponent)
        else {
            text = utf8
            return
        }
        var mantissa = utf8[..<e]
        if mantissa.first == UInt8(ascii: "-") {
            text.append(UInt8(ascii: "-"))
            mantissa = mantissa.dropFirst()
        }
        let point = mantissa.firstIndex(of: UInt8(ascii: ".")) ?? mantissa.endIndex
        var digits = Array(mantissa[..<point])
        let position = digits.count + exponent  // digits before the decimal point
        if point < mantissa.endIndex { digits += mantissa[(point + 1)...] }
        while digits.count > max(position, 1) && digits.last == 0x30 { digits.removeLast() }
        if position <= 0 {
            text += [0x30, UInt8(ascii: ".")]
            text += repeatElement(0x30, count: -position)
            text += digits
        } else if position >= digits.count {
            text += digits
            text += repeatElement(0x30, count: position - digits.count)
        } else {
            text += digits[..<position]
            text.append(UInt8(ascii: "."))
            text += digits[position...]
        }
    }

    /// `"…"` with RFC 8259 escaping, and every other scalar of `EscapedScalars` as `\uXXXX`
    /// too, into room reserved (`quotedRoom`).
    private mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        buffer.put(0x22)
        var plain = true
        for byte in utf8 where Self.needsEscaping(byte) {
            plain = false
            break
        }
        if plain {
            buffer.put(utf8)
            buffer.put(0x22)
            return
        }
        var i = 0
        while i < utf8.count {
            let byte = utf8[i]
            // A lead byte that may begin an escaped scalar: decode it (the text is valid UTF-8,
            // a `String`'s) and write it as `\uXXXX` when it is one.
            if byte >= 0xC0 && EscapedScalars.mayStart(byte) {
                let (value, length) = Self.scalar(in: utf8, at: i)
                if EscapedScalars.contains(value) {
                    putUnicodeEscape(value)
                } else {
                    for k in i..<(i + length) { buffer.put(utf8[k]) }
                }
                i += length
                continue
            }
            i += 1
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F else {
                buffer.put(byte)
                continue
            }
            buffer.put(0x5C)
            switch byte {
            case 0x22: buffer.put(0x22)
            case 0x5C: buffer.put(0x5C)
            case 0x0A: buffer.put(UInt8(ascii: "n"))
            case 0x0D: buffer.put(UInt8(ascii: "r"))
            case 0x09: buffer.put(UInt8(ascii: "t"))
            case 0x08: buffer.put(UInt8(ascii: "b"))
            case 0x0C: buffer.put(UInt8(ascii: "f"))
            default:
                buffer.put("u00")
                buffer.put(Self.hexDigit(byte >> 4))
                buffer.put(Self.hexDigit(byte & 0x0F))
            }
        }
        buffer.put(0x22)
    }

    /// `\uXXXX` (lower-case hex) for a scalar of the Basic Multilingual Plane, a surrogate pair
    /// beyond it. Six bytes per UTF-16 unit at most, within `quotedRoom`'s six per byte.
    private mutating func putUnicodeEscape(_ value: UInt32) {
        func unit(_ u: UInt32) {
            buffer.put("\\u")
            for shift in stride(from: 12, through: 0, by: -4) { buffer.put(Self.hexDigit(UInt8((u >> UInt32(shift)) & 0x0F))) }
        }
        if value > 0xFFFF {
            let v = value - 0x1_0000
            unit(0xD800 + (v >> 10))
            unit(0xDC00 + (v & 0x3FF))
        } else {
            unit(value)
        }
    }

    /// The scalar whose UTF-8 starts at lead byte `i` (0xC0 or above) of `utf8`, and its length
    /// in bytes; the lead byte alone, length 1, should the sequence be cut short.
    private static func scalar(in utf8: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
        let lead = UInt32(utf8[i])
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard i + length <= utf8.count else { return (lead, 1) }
        var value = lead & (0x7F >> UInt32(length))
        for k in 1..<length {
            let next = utf8[i + k]
            guard next & 0xC0 == 0x80 else { return (lead, 1) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        return (value, length)
    }

    /// Whether a byte of a string's UTF-8 may need escaping: `"`, `\`, a tab (`\t`: RFC 8259
    /// escapes every control character), or a byte that may begin one of `EscapedScalars` (the
    /// other controls, DEL, or the lead byte of one).
    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == 0x22 || byte == 0x5C || byte == 0x09 || EscapedScalars.mayStart(byte)
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x57 + nibble }
}

/// The writer's output: bytes written through a pointer into room reserved beforehand, so a
/// token costs one capacity check rather than one per byte — measured on the 80 MB layout
/// document, appending to an `Array` byte by byte took most of the writer's time.
private final class Buffer: @unchecked Sendable {  // owned by one writer at a time (`JSONWriter.unique()`)
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    func copy() -> Buffer {
        let copy = Buffer(capacity: max(capacity, 256))
        copy.base.update(from: base, count: count)
        copy.count = count
        return copy
    }

    /// The bytes written, handed over; the buffer is empty afterwards.
    func take() -> [UInt8] {
        let taken = bytes
        count = 0
        return taken
    }

    /// Makes room for `n` more bytes: every `put` below is preceded by one.
    @inline(__always)
    func reserve(_ n: Int) {
        if count + n > capacity { grow(n) }
    }

    private func grow(_ n: Int) {
        let newCapacity = max(capacity * 2, count + n)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    @inline(__always)
    func put(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    func put(_ literal: StaticString) {
        literal.withUTF8Buffer { put($0) }
    }

    /// `n` spaces.
    func putSpaces(_ n: Int) {
        (base + count).update(repeating: 0x20, count: n)
        count += n
    }
}

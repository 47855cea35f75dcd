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

/// An object key encoded once — quoted, escaped and followed by `:` — for writers that emit the
/// same keys many times. The encoding is stored in place (no allocation, no reference counting),
/// so `JSONOutput.writeKey(_:)` copies it with four word stores.
public struct JSONKey: Sendable {
    /// The most bytes stored in place: `"` + name + `":` for names of up to 29 ASCII characters.
    public static let capacity = 32

    /// `"name":`, zero-padded; for a longer literal name, its address and length (`count` 0).
    @usableFromInline let words: (UInt64, UInt64, UInt64, UInt64)
    /// The encoding's length; 0 when it does not fit and the literal is escaped when written.
    @usableFromInline let count: Int

    /// The key for a literal name.
    public init(_ name: StaticString) {
        if let key = JSONKey(name: name.description) {
            self = key
        } else {
            // Too long to store: remember where the literal is (it lives as long as the program).
            words = (UInt64(UInt(bitPattern: name.utf8Start)), UInt64(name.utf8CodeUnitCount), 0, 0)
            count = 0
        }
    }

    /// The key for a name known only at run time, or nil when its encoding is longer than
    /// `capacity` bytes.
    public init?(name: String) {
        var out = JSONOutput()  // compact: no space after the colon
        out.writeKey(name)
        guard out.count <= Self.capacity else { return nil }
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            out.withBytes { raw.copyMemory(from: UnsafeRawBufferPointer($0)) }
        }
        self.words = words
        self.count = out.count
    }

    /// A literal name too long to store in place (`count` 0).
    @usableFromInline var literal: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: UnsafePointer(bitPattern: UInt(words.0)), count: Int(words.1))
    }
}

/// Up to 32 bytes of JSON encoded once by a writer of the style they are written with — a whole
/// member such as `"children": []`, or the text before a value of a `JSONNumberObject` — stored
/// in place, so that writing them is four word stores (no allocation, no reference counting, no
/// call to `memmove`).
public struct JSONFragment: Sendable {
    /// The most bytes stored in place.
    public static let capacity = 32

    @usableFromInline let words: (UInt64, UInt64, UInt64, UInt64)
    @usableFromInline let count: Int

    /// The fragment `bytes`, or nil when there are more than `capacity`.
    public init?(_ bytes: [UInt8]) {
        guard bytes.count <= Self.capacity else { return nil }
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyBytes(from: bytes) }
        self.words = words
        self.count = bytes.count
    }
}

/// An inline object whose keys are fixed and whose values are numbers — a frame, insets —
/// encoded once, so that `JSONOutput.write(_:_:_:_:_:)` writes it in one step instead of a key and
/// a value per member. With `key`, it is a whole member: `"frame": {"x": 0, …}`.
public struct JSONNumberObject: Sendable {
    /// What precedes each value: `"frame": {"x": `, then `, "y": `, and so on.
    @usableFromInline let prefixes: [JSONFragment]

    /// The object with `members` for a writer of the given style, as the value of `key` when
    /// given; nil without members, with more than four, or when a key is too long (its text
    /// exceeds `JSONFragment.capacity`).
    public init?(key: String? = nil, members: [String], pretty: Bool) {
        guard (1...4).contains(members.count) else { return nil }
        var out = JSONOutput(pretty: pretty)
        out.beginArray(inline: true)
        if key != nil { out.beginObject(inline: true) }
        var start = out.count
        if let key { out.writeKey(key) }
        var prefixes: [JSONFragment] = []
        for (index, member) in members.enumerated() {
            if index == 0 { out.beginObject(inline: true) }
            out.writeKey(member)
            guard let prefix = out.withBytes({ JSONFragment(Array($0[start...])) }) else { return nil }
            prefixes.append(prefix)
            out.write(0)
            start = out.count
        }
        self.prefixes = prefixes
    }
}

/// A streaming JSON writer appending UTF-8 to an output buffer. Commas, colons and (when
/// `isPretty`) newlines and indentation are inserted automatically:
///
///     var out = JSONOutput(pretty: true)
///     out.beginObject()
///     out.write("cardc", forKey: "name")
///     out.writeKey("sizes"); out.beginArray(); out.write(1); out.write(2.5); out.endArray()
///     out.endObject()
///
/// Misuse (a value where a key is expected, unbalanced `end…`) produces invalid JSON but never
/// traps.
///
/// The writer owns one growable allocation and writes through a pointer after one capacity check
/// per token, so it is non-copyable: an `Array` would check uniqueness and capacity on every
/// byte appended, which dominated the cost of writing the 80 MB layout document. The hot paths
/// are `@inlinable` so writers in other modules get them inlined.
public struct JSONOutput: ~Copyable, @unchecked Sendable {  // @unchecked: owns its buffer exclusively
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    /// Bytes written.
    @usableFromInline var used = 0
    @usableFromInline var capacity: Int
    /// Whether containers are written one member per line with 2-space indentation.
    public let isPretty: Bool

    /// Open containers.
    @usableFromInline var depth = 0
    /// Whether the innermost open container already has a member. (One flag is enough: when a
    /// container closes, its parent has at least that member.)
    @usableFromInline var hasMember = false
    /// A key was just written; the next value follows its colon directly.
    @usableFromInline var afterKey = false
    /// Containers at this depth and deeper are written on one line in pretty mode (see
    /// `beginObject(inline:)`); `Int.max` when none is open.
    @usableFromInline var inlineDepth = Int.max

    /// A writer producing compact (or, with `pretty`, indented) output, reserving `capacity` bytes.
    public init(pretty: Bool = false, capacity: Int = 0) {
        self.isPretty = pretty
        self.capacity = max(capacity, 64)
        self.base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    // MARK: Output

    /// The output so far.
    public var bytes: [UInt8] {
        get { Array(UnsafeBufferPointer(start: base, count: used)) }
        set {
            used = 0
            newValue.withUnsafeBufferPointer { appendRaw($0) }
        }
    }

    /// The output decoded as a string.
    public var text: String { String(decoding: UnsafeBufferPointer(start: base, count: used), as: UTF8.self) }

    /// The number of bytes written so far.
    public var count: Int { used }

    /// Calls `body` with the output so far.
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: used))
    }

    /// Forgets the output so far (keeping the allocation), for a caller that hands the document
    /// on in pieces. The nesting state is kept, so writing continues where it left off.
    public mutating func removeAll() { used = 0 }

    /// Appends a newline outside any value: the end of a document.
    public mutating func appendNewline() { appendByte(0x0A) }

    /// A point in the output to come back to (`rewind(to:)`).
    public struct Mark: Sendable {
        @usableFromInline let used: Int, depth: Int, hasMember: Bool, afterKey: Bool, inlineDepth: Int

        @usableFromInline
        init(used: Int, depth: Int, hasMember: Bool, afterKey: Bool, inlineDepth: Int) {
            self.used = used
            self.depth = depth
            self.hasMember = hasMember
            self.afterKey = afterKey
            self.inlineDepth = inlineDepth
        }
    }

    /// The current point in the output.
    @inlinable
    public var mark: Mark {
        Mark(used: used, depth: depth, hasMember: hasMember, afterKey: afterKey, inlineDepth: inlineDepth)
    }

    /// Drops what was written since `mark` (which must not precede a `removeAll()`), for a writer
    /// that takes a fast path and finds, part-way, that it does not apply.
    @inlinable
    public mutating func rewind(to mark: Mark) {
        used = min(mark.used, used)
        depth = mark.depth
        hasMember = mark.hasMember
        afterKey = mark.afterKey
        inlineDepth = mark.inlineDepth
    }

    /// Empties the buffer and continues from `mark`'s nesting, taken from another writer, as if
    /// its output up to `mark` had been written here: a writer producing a later part of a
    /// document another writer started. `hasMember`: whether the innermost container open at
    /// `mark` has members by then (written by others), so the next one is preceded by a comma.
    public mutating func resume(at mark: Mark, hasMember: Bool) {
        used = 0
        depth = mark.depth
        self.hasMember = hasMember
        afterKey = mark.afterKey
        inlineDepth = mark.inlineDepth
    }

    /// Hands the output so far to `buffer` and continues into `buffer`'s allocation, emptied:
    /// no byte is copied. The nesting state is kept.
    public mutating func exchangeBytes(with buffer: JSONBuffer) {
        swap(&base, &buffer.base)
        swap(&capacity, &buffer.capacity)
        buffer.count = used
        used = 0
    }

    // MARK: Buffer

    /// Makes room for `n` more bytes; every store below is preceded by one.
    @inlinable @inline(__always)
    mutating func reserve(_ n: Int) {
        if capacity &- used < n { grow(n) }
    }

    @usableFromInline @inline(never)  // the rare path: kept out of the many inlined writes
    mutating func grow(_ n: Int) {
        let newCapacity = max(capacity * 2, used + n)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: used)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inlinable @inline(__always)
    mutating func appendByte(_ byte: UInt8) {
        reserve(1)
        base[used] = byte
        used &+= 1
    }

    @inlinable @inline(__always)
    mutating func appendRaw(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        JSONOutput.copy(UnsafeRawPointer(source), to: UnsafeMutableRawPointer(base + used), count: bytes.count)
        used &+= bytes.count
    }

    /// Copies `n` bytes between buffers that do not overlap: 8 to 64 of them (most keys,
    /// members and strings written) as overlapping words rather than through a call to `memmove`.
    @inlinable @inline(__always)
    static func copy(_ source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count n: Int) {
        guard n >= 8 && n <= 64 else {
            target.copyMemory(from: source, byteCount: n)
            return
        }
        if n > 32 {
            // The first 32 bytes and the last 32, overlapping.
            let head = (source.loadUnaligned(as: SIMD4<UInt64>.self), source.loadUnaligned(fromByteOffset: n &- 32, as: SIMD4<UInt64>.self))
            target.storeBytes(of: head.0, as: SIMD4<UInt64>.self)
            target.storeBytes(of: head.1, toByteOffset: n &- 32, as: SIMD4<UInt64>.self)
            return
        }
        let head = source.loadUnaligned(as: UInt64.self)
        let tail = source.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
        if n > 16 {
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: n &- 16, as: UInt64.self), toByteOffset: n &- 16, as: UInt64.self)
        }
        target.storeBytes(of: head, as: UInt64.self)
        target.storeBytes(of: tail, toByteOffset: n &- 8, as: UInt64.self)
    }

    // MARK: Structure

    /// Opens an object (as a value: after a key, in an array, or at the top).
    @inlinable @inline(__always)
    public mutating func beginObject() { beginObject(inline: false) }

    /// Opens an object; with `inline`, pretty output writes it and everything inside it on one
    /// line (`{"x": 0, "y": 8}`), which keeps small records readable and the output short.
    /// Compact output ignores `inline`.
    @inlinable @inline(__always)
    public mutating func beginObject(inline: Bool) { open(UInt8(ascii: "{"), inline: inline) }

    /// Closes the innermost object.
    @inlinable @inline(__always)
    public mutating func endObject() { close(UInt8(ascii: "}")) }

    /// Opens an array.
    @inlinable @inline(__always)
    public mutating func beginArray() { beginArray(inline: false) }

    /// Opens an array; `inline` as for `beginObject(inline:)`.
    @inlinable @inline(__always)
    public mutating func beginArray(inline: Bool) { open(UInt8(ascii: "["), inline: inline) }

    /// Closes the innermost array.
    @inlinable @inline(__always)
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    @inlinable @inline(__always)
    mutating func open(_ bracket: UInt8, inline: Bool) {
        let p = prepare(room: 1)
        base[p] = bracket
        used = p &+ 1
        depth &+= 1
        hasMember = false
        if inline && depth < inlineDepth { inlineDepth = depth }
    }

    @inlinable @inline(__always)
    mutating func close(_ bracket: UInt8) {
        let closing = depth
        let hadMembers = closing > 0 && hasMember
        afterKey = false
        let inline = closing >= inlineDepth
        if closing == inlineDepth { inlineDepth = Int.max }
        if closing > 0 { depth = closing &- 1 }
        hasMember = true  // the parent holds this container
        let indent = 2 &* depth
        reserve(indent &+ JSONOutput.separatorRoom)
        if isPretty && hadMembers && !inline { used = newline(at: used, indent: indent) }
        base[used] = bracket
        used &+= 1
    }

    /// The separator before a value or key: nothing after a key, else a comma unless first, then
    /// (pretty) a space on an inline line or a newline and indentation.
    @inlinable @inline(__always)
    mutating func prepareValue() { used = prepare(room: 0) }

    /// Writes the separator before a value or key (`prepareValue()`) with room for `extra` bytes
    /// after it, reserved with it, and returns where they go: the caller stores them and sets
    /// `used`. (Locals rather than properties: every byte stored through `base` makes the
    /// compiler read the properties again.)
    @inlinable @inline(__always)
    mutating func prepare(room extra: Int) -> Int {
        if afterKey {
            afterKey = false
            reserve(extra)
            return used
        }
        let depth = self.depth
        let indent = 2 &* depth
        reserve(indent &+ JSONOutput.separatorRoom &+ extra)
        var p = used
        guard depth > 0 else { return p }
        let hadMember = hasMember
        hasMember = true
        base[p] = UInt8(ascii: ",")  // overwritten unless a member precedes
        if hadMember { p &+= 1 }
        if isPretty {
            if depth >= inlineDepth {
                base[p] = 0x20
                if hadMember { p &+= 1 }
            } else {
                p = newline(at: p, indent: indent)
            }
        }
        return p
    }

    /// Room a separator or a closing bracket reserves besides its indentation: a comma or bracket,
    /// a newline and the 32 spaces `newline(at:indent:)` stores at least.
    @inlinable static var separatorRoom: Int { 34 }

    /// Writes a newline and `indent` spaces at `p` (room reserved: `separatorRoom` plus the
    /// indentation); returns the end. The spaces are stored 32 at a time, then eight at a time —
    /// most indentation takes the first four stores only, without a loop.
    @inlinable @inline(__always)
    func newline(at p: Int, indent: Int) -> Int {
        base[p] = 0x0A
        let start = UnsafeMutableRawPointer(base + (p &+ 1))
        let spaces: UInt64 = 0x2020_2020_2020_2020
        start.storeBytes(of: spaces, toByteOffset: 0, as: UInt64.self)
        start.storeBytes(of: spaces, toByteOffset: 8, as: UInt64.self)
        start.storeBytes(of: spaces, toByteOffset: 16, as: UInt64.self)
        start.storeBytes(of: spaces, toByteOffset: 24, as: UInt64.self)
        var offset = 32
        while offset < indent {
            start.storeBytes(of: spaces, toByteOffset: offset, as: UInt64.self)
            offset &+= 8
        }
        return p &+ 1 &+ indent
    }

    // MARK: Keys

    /// Writes an object key; the next value written belongs to it.
    public mutating func writeKey(_ key: String) {
        prepareValue()
        appendQuoted(key)
        finishKey()
    }

    /// Writes an object key encoded once beforehand.
    @inlinable @inline(__always)
    public mutating func writeKey(_ key: JSONKey) {
        guard key.count > 0 else {
            writeLongKey(key)
            return
        }
        var p = prepare(room: JSONFragment.capacity &+ 1)
        storeWords(key.words, at: p)
        p &+= key.count
        if isPretty {
            base[p] = 0x20
            p &+= 1
        }
        used = p
        afterKey = true
    }

    /// Stores the 32 bytes of `words` at `p`, into room reserved.
    @inlinable @inline(__always)
    func storeWords(_ words: (UInt64, UInt64, UInt64, UInt64), at p: Int) {
        let target = UnsafeMutableRawPointer(base + p)
        target.storeBytes(of: words.0, toByteOffset: 0, as: UInt64.self)
        target.storeBytes(of: words.1, toByteOffset: 8, as: UInt64.self)
        target.storeBytes(of: words.2, toByteOffset: 16, as: UInt64.self)
        target.storeBytes(of: words.3, toByteOffset: 24, as: UInt64.self)
    }

    /// `writeKey(_:)` for a key too long to be stored in place.
    @usableFromInline @inline(never)
    mutating func writeLongKey(_ key: JSONKey) {
        prepareValue()
        appendQuoted(key.literal, validate: false)
        finishKey()
    }

    /// Writes an object key given as a literal. A key that needs no escaping (the usual case:
    /// letters, digits, `_`) is copied without escaping; any other is escaped as usual.
    public mutating func writeKey(literal key: StaticString) {
        guard key.hasPointerRepresentation else {
            writeKey(key.description)
            return
        }
        prepareValue()
        key.withUTF8Buffer { appendQuoted($0, validate: false) }
        finishKey()
    }

    @inlinable @inline(__always)
    mutating func finishKey() {
        if isPretty {
            reserve(2)
            base[used] = UInt8(ascii: ":")
            base[used &+ 1] = 0x20
            used &+= 2
        } else {
            appendByte(UInt8(ascii: ":"))
        }
        afterKey = true
    }

    // MARK: Values

    /// Writes `null`.
    @inlinable @inline(__always)
    public mutating func writeNull() {
        prepareValue()
        appendNull()
    }

    /// Writes `true` or `false`.
    @inlinable @inline(__always)
    public mutating func write(_ value: Bool) {
        let p = prepare(room: 5)
        // Byte by byte: copying a literal of four or five bytes is a call to `memmove`.
        if value {
            base[p] = UInt8(ascii: "t"); base[p &+ 1] = UInt8(ascii: "r"); base[p &+ 2] = UInt8(ascii: "u")
            base[p &+ 3] = UInt8(ascii: "e")
            used = p &+ 4
        } else {
            base[p] = UInt8(ascii: "f"); base[p &+ 1] = UInt8(ascii: "a"); base[p &+ 2] = UInt8(ascii: "l")
            base[p &+ 3] = UInt8(ascii: "s"); base[p &+ 4] = UInt8(ascii: "e")
            used = p &+ 5
        }
    }

    /// Writes an integer.
    @inlinable @inline(__always)
    public mutating func write(_ value: Int) {
        used = prepare(room: 20)
        appendInteger(value)
    }

    /// Integral values print as integers (`200`), others in the shortest form that reads back
    /// exactly, without an exponent for ordinary magnitudes; NaN and infinities print `null`.
    @inlinable @inline(__always)
    public mutating func write(_ value: Double) {
        used = prepare(room: 20)
        appendDouble(value)
    }

    /// Writes an escaped string.
    @inlinable @inline(__always)
    public mutating func write(_ value: String) {
        prepareValue()
        appendQuoted(value)
    }

    /// Writes `parts` joined by `separator` as one escaped string (`["item", "name"]` and "."
    /// give `"item.name"`), without building the joined string.
    public mutating func write(joining parts: [String], separator: UInt8) {
        beginString()
        for index in parts.indices {
            if index > 0 { appendByte(separator) }
            writeStringPiece(parts[index])
        }
        endString()
    }

    /// Opens a string that is written in pieces (`writeStringPiece`) rather than built first;
    /// `endString()` closes it.
    public mutating func beginString() {
        prepareValue()
        appendByte(0x22)
    }

    /// Appends `piece`, escaped, to the string `beginString()` opened.
    public mutating func writeStringPiece(_ piece: String) {
        // Native and small strings are contiguous; anything else is made so.
        if piece.utf8.withContiguousStorageIfAvailable({ appendEscapedBody($0) }) != nil { return }
        var piece = piece
        piece.withUTF8 { appendEscapedBody($0) }
    }

    /// Appends a literal `piece`, escaped, to the string `beginString()` opened.
    @inlinable
    public mutating func writeStringPiece(literal piece: StaticString) {
        guard piece.hasPointerRepresentation else { return writeStringPiece(piece.description) }
        piece.withUTF8Buffer { appendEscapedBody($0) }
    }

    /// Closes the string `beginString()` opened.
    public mutating func endString() { appendByte(0x22) }

    /// Writes valid UTF-8 as an escaped string, as `write(String(decoding: value, as: UTF8.self))`
    /// would, without building the string.
    @inlinable @inline(__always)
    public mutating func write(validUTF8 value: UnsafeBufferPointer<UInt8>) {
        prepareValue()
        appendQuoted(value, validate: false)
    }

    /// Writes `value` as a string when it is plain — printable ASCII other than `"` and `\`, so
    /// valid UTF-8 that needs no escaping — and returns whether it did; writes nothing otherwise.
    /// Checking is cheaper than validating and escaping, and most text is plain.
    @inlinable @inline(__always)
    public mutating func write(plain value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard JSONOutput.isPlain(value) else { return false }
        prepareValue()
        let n = value.count
        reserve(n &+ 2)
        base[used] = 0x22
        if let source = value.baseAddress {
            JSONOutput.copy(UnsafeRawPointer(source), to: UnsafeMutableRawPointer(base + (used &+ 1)), count: n)
        }
        base[used &+ 1 &+ n] = 0x22
        used &+= n &+ 2
        return true
    }

    /// Writes `prefix`, `value` as a plain string (see `write(plain:)`) and `suffix` as one value —
    /// or, in an object, one member when `prefix` holds its key — and returns whether it did;
    /// writes nothing when `value` is not plain. For a string in text encoded once by a writer of
    /// this style, as a name in `{"binding": "name", "type": "Int"}`.
    @inlinable
    public mutating func write(plain value: UnsafeBufferPointer<UInt8>, between prefix: UnsafeBufferPointer<UInt8>,
                               and suffix: UnsafeBufferPointer<UInt8>) -> Bool {
        guard JSONOutput.isPlain(value) else { return false }
        prepareValue()
        reserve(prefix.count &+ value.count &+ suffix.count &+ 2)
        var p = used
        if let source = prefix.baseAddress {
            JSONOutput.copy(UnsafeRawPointer(source), to: UnsafeMutableRawPointer(base + p), count: prefix.count)
        }
        p &+= prefix.count
        base[p] = 0x22
        if let source = value.baseAddress {
            JSONOutput.copy(UnsafeRawPointer(source), to: UnsafeMutableRawPointer(base + (p &+ 1)), count: value.count)
        }
        p &+= value.count &+ 1
        base[p] = 0x22
        if let source = suffix.baseAddress {
            JSONOutput.copy(UnsafeRawPointer(source), to: UnsafeMutableRawPointer(base + (p &+ 1)), count: suffix.count)
        }
        used = p &+ 1 &+ suffix.count
        return true
    }

    /// Whether no byte of `p` needs escaping (`isPlain(_: UInt64)`): word by word, the last word
    /// overlapping the one before; a string under eight bytes byte by byte.
    @inlinable @inline(__always)
    static func isPlain(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = p.baseAddress else { return true }
        let n = p.count
        guard n >= 8 else { return plainPrefixLength(p) == n }
        let raw = UnsafeRawPointer(start)
        var i = 0
        while i &+ 8 < n {
            guard isPlain(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) else { return false }
            i &+= 8
        }
        return isPlain(raw.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self))
    }

    /// Writes possibly invalid UTF-8 as a string; each invalid byte becomes U+FFFD.
    public mutating func write(utf8 value: some Collection<UInt8>) {
        prepareValue()
        let array = Array(value)
        array.withUnsafeBufferPointer { appendQuoted($0, validate: true) }
    }

    /// Writes a value already encoded as JSON by a writer of the same style (for values that
    /// are written many times and encoded once).
    @inlinable
    public mutating func writeEncoded(_ json: [UInt8]) {
        json.withUnsafeBufferPointer { writeEncoded($0) }
    }

    /// Writes a value already encoded as JSON (see `writeEncoded(_:)`).
    @inlinable
    public mutating func writeEncoded(_ json: UnsafeBufferPointer<UInt8>) {
        prepareValue()
        appendRaw(json)
    }

    /// Writes a value, or in an object a whole member, encoded once by a writer of the same style.
    @inlinable @inline(__always)
    public mutating func writeEncoded(_ fragment: JSONFragment) {
        let p = prepare(room: JSONFragment.capacity)
        storeWords(fragment.words, at: p)
        used = p &+ fragment.count
    }

    /// Writes `object` with the values `a`, `b`, `c`, `d` (as many as it has members) — a value,
    /// or in an object a whole member when `object` has a key. Returns where it starts (after the
    /// separator before it), for a caller that keeps its bytes to write them again.
    @inlinable @discardableResult
    public mutating func write(_ object: JSONNumberObject, _ a: Double, _ b: Double, _ c: Double = 0, _ d: Double = 0) -> Int {
        prepareValue()
        let start = used
        object.prefixes.withUnsafeBufferPointer { prefixes in
            appendMember(prefixes[0], a)  // at least one member (`JSONNumberObject.init`)
            if prefixes.count > 1 { appendMember(prefixes[1], b) }
            if prefixes.count > 2 { appendMember(prefixes[2], c) }
            if prefixes.count > 3 { appendMember(prefixes[3], d) }
        }
        appendByte(UInt8(ascii: "}"))
        return start
    }

    @inlinable @inline(__always)
    mutating func appendMember(_ prefix: JSONFragment, _ value: Double) {
        reserve(JSONFragment.capacity &+ 20)  // the prefix, then an integer (`appendDouble`)
        storeWords(prefix.words, at: used)
        used &+= prefix.count
        appendDouble(value)
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

    @inlinable @inline(__always)
    mutating func appendNull() {
        reserve(4)
        // Byte by byte, as in `write(_: Bool)`.
        base[used] = UInt8(ascii: "n"); base[used &+ 1] = UInt8(ascii: "u"); base[used &+ 2] = UInt8(ascii: "l")
        base[used &+ 3] = UInt8(ascii: "l")
        used &+= 4
    }

    /// An integer, into room reserved (at most 20 bytes).
    @inlinable @inline(__always)
    mutating func appendInteger(_ value: Int) {
        if value < 0 {
            base[used] = UInt8(ascii: "-")
            used &+= 1
        }
        appendDigits(UInt64(value.magnitude))
    }

    /// The decimal digits of `magnitude`, written back to front, two at a time, into room already
    /// reserved (at most 20 bytes).
    @inlinable @inline(__always)
    mutating func appendDigits(_ magnitude: UInt64) {
        // One or two digits (most frame coordinates, sizes and line numbers of short files) without the loops.
        if magnitude < 10 {
            base[used] = 0x30 &+ UInt8(truncatingIfNeeded: magnitude)
            used &+= 1
            return
        }
        if magnitude < 100 {
            let pair = Int(truncatingIfNeeded: magnitude) &* 2
            base[used] = JSONOutput.digitPairs.utf8Start[pair]
            base[used &+ 1] = JSONOutput.digitPairs.utf8Start[pair &+ 1]
            used &+= 2
            return
        }
        // Three digits (widths, most coordinates) without counting them.
        if magnitude < 1000 {
            let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
            base[used] = 0x30 &+ UInt8(truncatingIfNeeded: magnitude / 100)
            base[used &+ 1] = JSONOutput.digitPairs.utf8Start[pair]
            base[used &+ 2] = JSONOutput.digitPairs.utf8Start[pair &+ 1]
            used &+= 3
            return
        }
        var digits = 1
        var power: UInt64 = 10
        while digits < 20 && magnitude >= power {
            digits &+= 1
            power = power &* 10
        }
        let pairs = JSONOutput.digitPairs.utf8Start
        var rest = magnitude
        var index = used &+ digits
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            index &-= 2
            base[index] = pairs[pair]
            base[index &+ 1] = pairs[pair &+ 1]
        }
        if rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest) &* 2
            base[index &- 2] = pairs[pair]
            base[index &- 1] = pairs[pair &+ 1]
        } else {
            base[index &- 1] = 0x30 &+ UInt8(truncatingIfNeeded: rest)
        }
        used &+= digits
    }

    /// "00", "01", … "99" back to back.
    @usableFromInline static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// A number, into room reserved for an integer (20 bytes; a fraction reserves what it needs).
    @inlinable @inline(__always)
    mutating func appendDouble(_ value: Double) {
        // Integral values within the exact range print as integers. (Integer conversion instead
        // of `rounded()`, which would pull in libm.)
        if value.magnitude < 9.007_199_254_740_992e15 {
            let integral = Int64(value)
            if Double(integral) == value {
                appendInteger(Int(integral))
                return
            }
        }
        appendFraction(value)
    }

    /// A finite non-integral value (or anything else `appendDouble` does not print as an integer).
    @usableFromInline
    mutating func appendFraction(_ value: Double) {
        guard value.isFinite else {
            appendNull()
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
            reserve(28)
            if units < 0 {
                base[used] = UInt8(ascii: "-")
                used &+= 1
            }
            let magnitude = units.magnitude
            appendDigits(magnitude / 1_000_000)
            var fraction = magnitude % 1_000_000
            var digits = 6
            while fraction % 10 == 0 && digits > 0 { fraction /= 10; digits -= 1 }
            if digits > 0 {
                base[used] = UInt8(ascii: ".")
                var divisor: UInt64 = 1
                for _ in 1..<digits { divisor *= 10 }
                var index = used &+ 1
                while divisor > 0 {
                    base[index] = 0x30 &+ UInt8(truncatingIfNeeded: fraction / divisor % 10)
                    divisor /= 10
                    index &+= 1
                }
                used = index
            }
            return
        }
        appendExpanded(value.description)
    }

    /// Writes Swift's shortest round-trip `description`, expanding an exponent into plain
    /// decimal notation when that stays reasonably short.
    mutating func appendExpanded(_ description: String) {
        let utf8 = Array(description.utf8)
        guard let e = utf8.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }),
              let exponent = Int(String(decoding: utf8[(e + 1)...], as: UTF8.self)),
              (-30...30).contains(exponent)
        else {
            utf8.withUnsafeBufferPointer { appendRaw($0) }
            return
        }
        var mantissa = utf8[..<e]
        if mantissa.first == UInt8(ascii: "-") {
            appendByte(UInt8(ascii: "-"))
            mantissa = mantissa.dropFirst()
        }
        let point = mantissa.firstIndex(of: UInt8(ascii: ".")) ?? mantissa.endIndex
        var digits = Array(mantissa[..<point])
        let position = digits.count + exponent  // digits before the decimal point
        if point < mantissa.endIndex { digits += mantissa[(point + 1)...] }
        while digits.count > max(position, 1) && digits.last == 0x30 { digits.removeLast() }
        var text: [UInt8] = []
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
        text.withUnsafeBufferPointer { appendRaw($0) }
    }

    @inlinable
    mutating func appendQuoted(_ string: String) {
        // Native and small strings are contiguous; anything else is made so.
        if string.utf8.withContiguousStorageIfAvailable({ appendQuoted($0, validate: false) }) != nil { return }
        var string = string
        string.withUTF8 { appendQuoted($0, validate: false) }
    }

    /// Appends `"…"` with RFC 8259 escaping; with `validate`, invalid UTF-8 becomes U+FFFD.
    @inlinable @inline(__always)
    mutating func appendQuoted(_ p: UnsafeBufferPointer<UInt8>, validate: Bool) {
        // Escaping at most sextuples a byte (`\u001f`); two quotes.
        reserve(6 &* p.count &+ 2)
        base[used] = 0x22
        used &+= 1
        appendEscapedInReservedRoom(p, validate: validate)
        base[used] = 0x22
        used &+= 1
    }

    /// The escaped content of a string, without quotes.
    @inlinable @inline(__always)
    mutating func appendEscapedBody(_ p: UnsafeBufferPointer<UInt8>) {
        reserve(6 &* p.count)
        appendEscapedInReservedRoom(p, validate: false)
    }

    /// Appends `p` escaped into room already reserved. Bytes that need no escaping — usually
    /// the whole string — are checked and copied eight at a time: a string of 4…16 bytes as two
    /// overlapping words, a longer one word by word.
    @inlinable @inline(__always)
    mutating func appendEscapedInReservedRoom(_ p: UnsafeBufferPointer<UInt8>, validate: Bool) {
        let n = p.count
        let target = UnsafeMutableRawPointer(base + used)
        if let start = p.baseAddress, n >= 4 && n <= 16 {
            let source = UnsafeRawPointer(start)
            if n >= 8 {
                let head = source.loadUnaligned(as: UInt64.self)
                let tail = source.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
                if JSONOutput.isPlain(head) && JSONOutput.isPlain(tail) {
                    target.storeBytes(of: head, as: UInt64.self)
                    target.storeBytes(of: tail, toByteOffset: n &- 8, as: UInt64.self)
                    used &+= n
                    return
                }
            } else {
                let head = UInt64(source.loadUnaligned(as: UInt32.self))
                let tail = UInt64(source.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self))
                // The upper halves are zero: made plain spaces (0x20) so only the loaded bytes count.
                if JSONOutput.isPlain(head | 0x2020_2020_0000_0000) && JSONOutput.isPlain(tail | 0x2020_2020_0000_0000) {
                    target.storeBytes(of: UInt32(truncatingIfNeeded: head), as: UInt32.self)
                    target.storeBytes(of: UInt32(truncatingIfNeeded: tail), toByteOffset: n &- 4, as: UInt32.self)
                    used &+= n
                    return
                }
            }
        }
        let plain = JSONOutput.plainPrefixLength(p)
        if let source = p.baseAddress, plain > 0 { target.copyMemory(from: source, byteCount: plain) }
        used &+= plain
        if plain < n { appendEscaped(p, from: plain, validate: validate) }
    }

    /// Whether no byte of `word` needs escaping: none is below 0x20, `"`, `\` or 0x7F and up (the
    /// classic "has less / has zero / has more" bit tricks, exact when no byte qualifies).
    @inlinable @inline(__always)
    static func isPlain(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- 0x2020_2020_2020_2020) & ~word & highs
        let quote = ((word ^ 0x2222_2222_2222_2222) &- ones) & ~(word ^ 0x2222_2222_2222_2222) & highs
        let backslash = ((word ^ 0x5C5C_5C5C_5C5C_5C5C) &- ones) & ~(word ^ 0x5C5C_5C5C_5C5C_5C5C) & highs
        let high = ((word &+ ones) | word) & highs
        return control | quote | backslash | high == 0
    }

    /// How many leading bytes of `p` need no escaping (printable ASCII other than `"` and `\`),
    /// give or take: the count stops at the start of the first eight-byte word with such a byte.
    @inlinable @inline(__always)
    static func plainPrefixLength(_ p: UnsafeBufferPointer<UInt8>) -> Int {
        guard let start = p.baseAddress else { return 0 }
        let n = p.count
        let raw = UnsafeRawPointer(start)
        var i = 0
        while i &+ 8 <= n {
            guard isPlain(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) else { return i }
            i &+= 8
        }
        while i < n {
            let b = start[i]
            guard b >= 0x20 && b < 0x7F && b != 0x22 && b != 0x5C else { return i }
            i &+= 1
        }
        return n
    }

    /// The rest of a string from `start`, escaping byte by byte, into room reserved.
    @usableFromInline
    mutating func appendEscaped(_ p: UnsafeBufferPointer<UInt8>, from start: Int, validate: Bool) {
        var runStart = start, i = start
        let n = p.count
        func put(_ byte: UInt8) {
            base[used] = byte
            used &+= 1
        }
        func flush(_ to: Int) {
            if to > runStart, let source = p.baseAddress {
                (base + used).update(from: source + runStart, count: to - runStart)
                used &+= to - runStart
            }
        }
        while i < n {
            let b = p[i]
            if b >= 0x20 && b < 0x7F && b != 0x22 && b != 0x5C { i += 1; continue }
            if b >= 0x80 {
                let length = validate ? UTF8Scanner.sequenceLength(p, at: i) : 1
                if length == 0 {
                    flush(i)
                    put(0xEF); put(0xBF); put(0xBD)
                    i += 1
                    runStart = i
                    continue
                }
                // U+2028 / U+2029 are E2 80 A8 / E2 80 A9.
                if b == 0xE2 && i + 2 < n && p[i + 1] == 0x80 && (p[i + 2] == 0xA8 || p[i + 2] == 0xA9) {
                    flush(i)
                    put(0x5C); put(UInt8(ascii: "u")); put(0x32); put(0x30); put(0x32)
                    put(p[i + 2] == 0xA8 ? 0x38 : 0x39)
                    i += 3
                    runStart = i
                    continue
                }
                i += validate ? length : 1
                continue
            }
            flush(i)
            put(0x5C)
            switch b {
            case 0x22: put(0x22)
            case 0x5C: put(0x5C)
            case 0x0A: put(UInt8(ascii: "n"))
            case 0x0D: put(UInt8(ascii: "r"))
            case 0x09: put(UInt8(ascii: "t"))
            case 0x08: put(UInt8(ascii: "b"))
            case 0x0C: put(UInt8(ascii: "f"))
            default:
                put(UInt8(ascii: "u")); put(0x30); put(0x30)
                put(Self.hexDigit(b >> 4)); put(Self.hexDigit(b & 0x0F))
            }
            i += 1
            runStart = i
        }
        flush(n)
    }

    static func hexDigit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x57 + nibble }
}

/// Bytes a `JSONOutput` wrote, taken whole from it (`exchangeBytes(with:)`), for a writer on
/// one thread whose output another thread hands on. Used by one thread at a time: a buffer goes
/// from thread to thread only through a lock (`WorkLock`), which orders the accesses.
public final class JSONBuffer: @unchecked Sendable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// How many bytes at `base` are output.
    public internal(set) var count = 0

    /// An empty buffer with room for `capacity` bytes.
    public init(capacity: Int = 64) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The output it holds.
    public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
}

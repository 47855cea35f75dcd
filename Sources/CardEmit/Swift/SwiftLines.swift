/// Lines of Swift collected before they are written — a scope's part declarations, its
/// configuration, its bindings — kept as UTF-8 bytes. A line is written as an interpolated
/// literal (`configure.append("\(name).text = \(value)")`) whose pieces go straight into bytes
/// (`SwiftCode`), not assembled as a `String` first; `SwiftWriter.wrap(_:prefix:)` writes them.
struct SwiftLines {
    /// The lines' bytes, one after another, without line breaks.
    private(set) var bytes: [UInt8] = []
    /// Where each line ends in `bytes`.
    private(set) var ends: [Int] = []

    var isEmpty: Bool { ends.isEmpty }
    var count: Int { ends.count }

    /// Adds one line.
    mutating func append(_ line: SwiftCode) {
        line.write(to: &bytes)
        ends.append(bytes.count)
    }

    /// Adds every line of `other`, in order.
    mutating func append(contentsOf other: SwiftLines) {
        let offset = bytes.count
        bytes.append(contentsOf: other.bytes)
        ends.append(contentsOf: other.ends.map { $0 + offset })
    }

    /// The bytes of each line, in order.
    func forEach(_ body: (ArraySlice<UInt8>) -> Void) {
        var start = 0
        for end in ends {
            body(bytes[start..<end])
            start = end
        }
    }
}

/// One line of Swift as UTF-8 bytes, written as a string literal with interpolations of
/// `String`s, `Int`s and `Bool`s (spelled as `String` interpolation would spell them).
struct SwiftCode: ExpressibleByStringInterpolation {
    /// A literal without interpolations is kept as it is, not copied into an array of its own.
    private enum Storage {
        case literal(StaticString)
        case bytes([UInt8])
    }

    private let storage: Storage

    init(stringLiteral text: StaticString) { storage = .literal(text) }

    init(stringInterpolation: Interpolation) { storage = .bytes(stringInterpolation.bytes) }

    /// A line whose text was made elsewhere.
    init(_ text: String) { storage = .bytes(Array(text.utf8)) }

    /// The length in UTF-8 bytes.
    var count: Int {
        switch storage {
        case .literal(let text): text.utf8CodeUnitCount
        case .bytes(let bytes): bytes.count
        }
    }

    /// Appends the line's bytes to `out`.
    func write(to out: inout [UInt8]) {
        switch storage {
        case .literal(let text): out.appendUTF8(text)
        case .bytes(let bytes): out.append(contentsOf: bytes)
        }
    }

    /// The text, for the rare line that must be rewrapped.
    var text: String {
        switch storage {
        case .literal(let text): text.description
        case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
        }
    }

    struct Interpolation: StringInterpolationProtocol {
        var bytes: [UInt8] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            bytes.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: StaticString) { bytes.appendUTF8(literal) }
        mutating func appendInterpolation(_ text: String) { bytes.appendUTF8(text) }
        mutating func appendInterpolation(_ text: Substring) { bytes.append(contentsOf: text.utf8) }
        mutating func appendInterpolation(_ number: Int) { bytes.appendUTF8(String(number)) }
        mutating func appendInterpolation(_ flag: Bool) { bytes.appendUTF8(flag ? "true" : "false") }
    }
}

extension SwiftCode.Interpolation {
    /// `name` as `SwiftWriter.identifier` spells it: in backticks when it is a keyword.
    mutating func appendInterpolation(identifier name: String) {
        guard SwiftWriter.isKeyword(name) else {
            bytes.appendUTF8(name)
            return
        }
        bytes.append(UInt8(ascii: "`"))
        bytes.appendUTF8(name)
        bytes.append(UInt8(ascii: "`"))
    }
}

extension [UInt8] {
    // Copying through the text's contiguous UTF-8 is a memcpy; `append(contentsOf: text.utf8)`
    // went through String's generic copy, ~190 instructions a piece (callgrind, 3,000-card deck).

    /// Appends the UTF-8 bytes of `text`.
    mutating func appendUTF8(_ text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { append(contentsOf: $0) }
        if copied == nil { append(contentsOf: text.utf8) }
    }

    /// Appends the UTF-8 bytes of a literal.
    mutating func appendUTF8(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}

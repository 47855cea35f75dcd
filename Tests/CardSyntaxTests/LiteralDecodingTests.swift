import CardTestSupport
import Testing
import CardDiagnostics
@testable import CardSyntax

/// The byte-level decoders for literals and line tables must agree with the general ones.
@Suite struct LiteralDecodingTests {
    /// What `SyntaxTree.numberValue` makes of a literal's text.
    func number(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { NumberLiteral.fastDoubleValue($0) } ?? NumberLiteral.doubleValue(text)
    }

    /// The value as it has always been defined: an integer of up to 18 digits through `Int`
    /// (so `-0` is +0.0), anything else through the standard library's correctly rounded parser.
    func expectedNumber(_ text: String) -> Double? {
        let spelled = text.filter { $0 != "_" }
        if !spelled.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }),
           spelled.filter(\.isNumber).count <= 18, let integer = Int(spelled) {
            return Double(integer)
        }
        return Double(spelled)
    }

    func expectSameNumber(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(number(text)?.bitPattern == expectedNumber(text)?.bitPattern, "\(text)", sourceLocation: sourceLocation)
    }

    @Test func numbersMatchTheStandardConversion() {
        let fixed = ["0", "-0", "00", "-000", "0.0", "-0.0", "0e0", "-0e5", "0.000", "-0000000000000000000",
                     "000000000000000000", "-000000000000000000", "0000000000000000001", "123456789012345678",
                     "1234567890123456789", "-1234567890123456789", "9223372036854775807", "-9223372036854775808",
                     "9007199254740991", "9007199254740992", "9007199254740993", "18014398509481985", "0.5", "12.25",
                     "1_000.5", "2.5e1", "1E+05", "3e-3", "0.000001", "123456789012345", "1e22", "1e23", "1e-22",
                     "1e-23", "9007199254740991e22", "9007199254740993e1", "0.1", "0.3", "0.91", "-12.5", "1.7976931348623157e308",
                     "1.8e308", "4.9e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "1e-400", "0e999",
                     "1e0005", "1e0_5", "123456789012345678901234567890", "0.123456789012345678901234567890",
                     "1234567890123456789.5", "12345678901234567890e-5", "000000000000000000000.5", "1_2_3.4_5e1_0",
                     "1.", ".5", "1e", "1e+", "1.2.3", "-", "", "1_", "_1", "1e1_0", "00012.50", "1.e5", "1._5", "+1",
                     "--1", "1-", "1e--5", "0x10", "inf", "nan", "1 ", " 1"]
        for text in fixed { expectSameNumber(text) }
        var rng = SplitMix64(seed: 7)
        func digits(_ count: Int, separators: Bool) -> String {
            var text = ""
            for k in 0..<count {
                if separators && k > 0 && rng.next() % 7 == 0 { text += "_" }
                text += String(rng.next() % 10)
            }
            return text
        }
        for _ in 0..<100_000 {
            let separators = rng.next() % 3 == 0
            var text = rng.next() % 4 == 0 ? "-" : ""
            if rng.next() % 5 == 0 { text += String(repeating: "0", count: Int(rng.next() % 4) + 1) }
            // Mostly short spellings, some past 19 and 53 bits of significand.
            let length = rng.next() % 4 == 0 ? Int(rng.next() % 25) + 1 : Int(rng.next() % 5) + 1
            text += digits(length, separators: separators)
            if rng.next() % 2 == 0 { text += "." + digits(Int(rng.next() % (rng.next() % 4 == 0 ? 25 : 4)) + 1, separators: separators) }
            if rng.next() % 4 == 0 {
                text += (rng.next() % 2 == 0 ? "e" : "E") + ["", "+", "-"][Int(rng.next() % 3)]
                text += digits(Int(rng.next() % 3) + 1, separators: separators)
            }
            expectSameNumber(text)
        }
        // Anything else the fast path meets must be left to the general parser or agree with it.
        let alphabet = Array("0123456789_.eE+-x ")
        for _ in 0..<20_000 {
            let text = String((0..<Int(rng.next() % 8)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            expectSameNumber(text)
        }
    }

    /// The string decoding rules restated plainly over the text as `String` repairs it, to
    /// check the byte-level decoder against.
    func expectedString(_ token: [UInt8]) -> [UInt8] {
        let text = Array(String(decoding: token, as: UTF8.self).utf8)
        let quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        let quotes = [quote, quote, quote]
        guard text.starts(with: quotes) else {
            var body = text.dropFirst()
            if text.count >= 2 && text.last == quote { body.removeLast() }
            return resolvingEscapes(Array(body))
        }
        let closed = text.count >= 6 && text.suffix(3).elementsEqual(quotes)
        // Every line break — LF, CR LF or a lone CR (docs/language.md §2) — as one LF.
        var content: [UInt8] = []
        let raw = Array(text.dropFirst(3).dropLast(closed ? 3 : 0))
        for (i, b) in raw.enumerated() where !(b == cr && i + 1 < raw.count && raw[i + 1] == newline) {
            content.append(b == cr ? newline : b)
        }
        content = content.firstIndex(of: newline).map { Array(content[($0 + 1)...]) } ?? []
        var indent: [UInt8] = []
        if closed {
            indent = Array(content.reversed().prefix { $0 == 0x20 || $0 == 0x09 }.reversed())
            content.removeLast(indent.count)
        }
        if content.last == newline { content.removeLast() }
        if content.isEmpty { return [] }
        let lines = content.split(separator: newline, omittingEmptySubsequences: false).map { line -> [UInt8] in
            let shared = zip(line, indent).prefix { $0 == $1 }.count
            return Array(line.dropFirst(shared))
        }
        return resolvingEscapes(Array(lines.joined(separator: [newline])))
    }

    func resolvingEscapes(_ text: [UInt8]) -> [UInt8] {
        let simple: [UInt8: [UInt8]] = [UInt8(ascii: "n"): [0x0A], UInt8(ascii: "t"): [0x09], UInt8(ascii: "r"): [0x0D],
                                        UInt8(ascii: "0"): [0], UInt8(ascii: "\""): [0x22], UInt8(ascii: "\\"): [0x5C],
                                        0x0A: []]
        var out: [UInt8] = []
        var rest = text[...]
        while let b = rest.popFirst() {
            guard b == 0x5C, let e = rest.first else { out.append(b); continue }
            if e == 0x0D {
                rest.removeFirst()
                if rest.first == 0x0A { rest.removeFirst() }
            } else if let value = simple[e] {
                out += value
                rest.removeFirst()
            } else if e == UInt8(ascii: "u"), rest.dropFirst().first == UInt8(ascii: "{"),
                      case let hex = rest.dropFirst(2).prefix(while: { $0 < 0x80 && Character(Unicode.Scalar($0)).isHexDigit }).prefix(8),
                      !hex.isEmpty, rest.dropFirst(2 + hex.count).first == UInt8(ascii: "}"),
                      let scalar = Unicode.Scalar(UInt32(String(decoding: hex, as: UTF8.self), radix: 16)!) {
                out += Array(String(scalar).utf8)
                rest = rest.dropFirst(3 + hex.count)
            } else {
                out.append(b)
            }
        }
        return Array(String(decoding: out, as: UTF8.self).utf8)
    }

    @Test func stringsMatchThePlainRules() {
        func value(_ token: [UInt8]) -> [UInt8] { Array(token.withUnsafeBufferPointer { StringLiteral.value(of: $0) }.utf8) }
        // Pieces that matter to the rules, and broken UTF-8 around line continuations.
        let pieces: [[UInt8]] = ["\"", "\\", "n", "t", "r", "0", "u", "{", "}", "1F600", "41", "D800", "110000", "e9",
                                 "x", "q", " ", "  ", "\t", "\n", "\r", "\r\n", "é", "😀", "\"\"\""].map { Array($0.utf8) }
            + [[0xE2], [0x82], [0xAC], [0xE2, 0x82], [0xC3], [0xFF], [0xF0, 0x9F], [0x98, 0x80], [0xED, 0xA0, 0x80], [0]]
        var rng = SplitMix64(seed: 13)
        for _ in 0..<60_000 {
            var token: [UInt8] = rng.next() % 3 == 0 ? Array("\"\"\"".utf8) : [0x22]
            for _ in 0..<Int(rng.next() % 24) { token += pieces[Int(rng.next() % UInt64(pieces.count))] }
            if rng.next() % 2 == 0 { token += rng.next() % 2 == 0 ? Array("  \"\"\"".utf8) : [0x22] }
            #expect(value(token) == expectedString(token), "\(token)")
        }
        // A continuation joining two pieces of broken UTF-8: repaired piece by piece first.
        let joined: [UInt8] = Array("\"\"\"\n  ".utf8) + [0xE2] + Array("\\\n  ".utf8) + [0x82, 0xAC] + Array("\n  \"\"\"".utf8)
        #expect(value(joined) == Array("\u{FFFD}\u{FFFD}\u{FFFD}".utf8))
        #expect(expectedString(joined) == value(joined))
    }

    /// Random bytes for testing a word-at-a-time search for `target`: mostly `target`, the bytes
    /// next to it (which can fool the word trick) and its high-bit twin, some ASCII.
    static func bytes(around target: UInt8, count: Int, _ rng: inout SplitMix64) -> [UInt8] {
        (0..<count).map { _ -> UInt8 in
            switch rng.next() % 6 {
            case 0: target
            case 1: target + 1
            case 2: target - 1
            case 3: target | 0x80
            default: UInt8(truncatingIfNeeded: rng.next() % 128)
            }
        }
    }

    @Test func backslashSearchMatchesAByteScan() {
        var rng = SplitMix64(seed: 17)
        for length in 0..<40 {
            for _ in 0..<100 {
                let bytes = Self.bytes(around: 0x5C, count: length, &rng)
                let found = bytes.withUnsafeBufferPointer { StringLiteral.containsBackslash($0) }
                #expect(found == bytes.contains(0x5C), "\(bytes)")
            }
        }
    }

    @Test func integersWithSeparatorsDecode() throws {
        let tree = Parser.parse(SourceFile(path: "t.cards", text: "card A { spacer(height: 1_200) }"))
        let numbers = (0..<Int32(tree.nodes.count)).map(NodeID.init).filter { tree.kind($0) == .number }
        #expect(numbers.map { tree.integerValue($0) } == [1200])
        #expect(numbers.map { tree.numberValue($0) } == [1200])
    }

    /// The line table against the definition read plainly: a line starts after every LF, and
    /// after every CR that no LF follows (docs/language.md §2).
    @Test func lineStartsMatchAByteScan() {
        var rng = SplitMix64(seed: 11)
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 100, 1000] {
            for target: UInt8 in [0x0A, 0x0D] {
                for _ in 0..<20 {
                    var bytes = Self.bytes(around: target, count: length, &rng)
                    // Both breaks mixed: some CR LF pairs, lone CRs and LFs, across word edges.
                    for i in bytes.indices where rng.next() % 5 == 0 { bytes[i] = target == 0x0A ? 0x0D : 0x0A }
                    var expected: [UInt32] = [0]
                    for (i, b) in bytes.enumerated()
                    where b == 0x0A || (b == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) {
                        expected.append(UInt32(i + 1))
                    }
                    let file = SourceFile(path: "t", bytes: bytes)
                    #expect(file.lineStarts == expected, "\(bytes)")
                    #expect(LineBreak.lineStarts(of: bytes).map(UInt32.init) == expected)
                }
            }
        }
    }
}

import Testing
import CardDiagnostics
import CardDriver
@testable import CardSyntax

/// The byte-level fast paths for literals and line tables must agree with the general ones.
@Suite struct LiteralDecodingTests {
    func fast(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { NumberLiteral.fastDoubleValue($0) }
    }

    @Test func fastDoublesMatchTheGeneralParser() {
        let fixed = ["0", "0.5", "-0.0", "12.25", "1_000.5", "2.5e1", "1E+05", "3e-3", "0.000001", "123456789012345",
                     "9007199254740991", "9007199254740993", "1e22", "1e23", "0.1", "0.3", "1.7976931348623157e308",
                     "4.9e-324", "1.", ".5", "1e", "1e+", "1.2.3", "-", "", "1_", "1e1_0", "00012.50"]
        for text in fixed {
            if let value = fast(text) {
                #expect(value.bitPattern == NumberLiteral.doubleValue(text)?.bitPattern, "\(text)")
            }
        }
        var rng = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let digits = Int(rng.next() % 17) + 1
            var text = rng.next() % 4 == 0 ? "-" : ""
            for k in 0..<digits {
                if k > 0 && rng.next() % 11 == 0 { text += "_" }
                text += String(rng.next() % 10)
            }
            if rng.next() % 2 == 0 {
                text += "."
                for _ in 0..<(Int(rng.next() % 8) + 1) { text += String(rng.next() % 10) }
            }
            if rng.next() % 4 == 0 { text += "e" + (rng.next() % 2 == 0 ? "-" : "") + String(rng.next() % 30) }
            if let value = fast(text) {
                #expect(value.bitPattern == NumberLiteral.doubleValue(text)?.bitPattern, "\(text)")
            }
        }
    }

    @Test func integersWithSeparatorsDecode() throws {
        let tree = Parser.parse(SourceFile(path: "t.cards", text: "card A { spacer(height: 1_200) }"))
        let numbers = (0..<Int32(tree.nodes.count)).map(NodeID.init).filter { tree.kind($0) == .number }
        #expect(numbers.map { tree.integerValue($0) } == [1200])
        #expect(numbers.map { tree.numberValue($0) } == [1200])
    }

    @Test func lineStartsMatchAByteScan() {
        var rng = SplitMix64(seed: 11)
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 100, 1000] {
            for _ in 0..<20 {
                // Mostly newlines and the bytes next to them (0x0B is the one that can fool
                // the word trick), some ASCII, some high bytes.
                let bytes = (0..<length).map { _ -> UInt8 in
                    switch rng.next() % 6 {
                    case 0: 0x0A
                    case 1: 0x0B
                    case 2: 0x09
                    case 3: 0xFF
                    default: UInt8(truncatingIfNeeded: rng.next() % 128)
                    }
                }
                var expected: [UInt32] = [0]
                for (i, b) in bytes.enumerated() where b == 0x0A { expected.append(UInt32(i + 1)) }
                #expect(SourceFile(path: "t", bytes: bytes).lineStarts == expected)
            }
        }
    }
}

import CardJSON
import CardDiagnostics
import CardEmit
import CardLayout
import CardModel
import CardSema
import Foundation
import Testing
import CardTestSupport

/// Golden files: the layout JSON of every sample and every `Fixtures/layout-*.cards`, compared
/// byte for byte with `Golden/<name>.layout.json` and validated against
/// `Grammar/layout.schema.json`. Re-bless with `CARDC_UPDATE=1 swift test`, then review the diff.
@Suite struct GoldenTests {
    /// `Samples/x.cards` and `Fixtures/layout-x.cards`, as `directory/name`.
    static let inputs: [String] =
        LayoutTestPaths.cardsFiles(in: LayoutTestPaths.samples).map { "Samples/" + $0 }
        + LayoutTestPaths.cardsFiles(in: LayoutTestPaths.fixtures).filter { $0.hasPrefix("layout-") }.map { "Fixtures/" + $0 }

    static func directory(of input: String) -> URL {
        input.hasPrefix("Samples/") ? LayoutTestPaths.samples : LayoutTestPaths.fixtures
    }

    static func name(of input: String) -> String { String(input.split(separator: "/").last ?? "") }

    static func goldenURL(of input: String) -> URL {
        let base = name(of: input).replacingOccurrences(of: ".cards", with: "")
        return LayoutTestPaths.golden.appendingPathComponent(base + ".layout.json")
    }

    @Test func inputsAreFound() {
        #expect(Self.inputs.filter { $0.hasPrefix("Samples/") }.count >= 5, "samples not found in \(LayoutTestPaths.samples.path)")
        #expect(Self.inputs.filter { $0.hasPrefix("Fixtures/") }.count >= 5, "fixtures not found")
    }

    /// Compact output is the pretty document without the whitespace between tokens (compact
    /// output has no reference files of its own).
    @Test(arguments: inputs)
    func compactIsPrettyWithoutWhitespace(_ input: String) throws {
        let deck = try #require(compileInMemory(Self.name(of: input), in: Self.directory(of: input)).decks.first)
        let pretty = LayoutJSONEmitter().emit(deck, options: BackendOptions())
        var stripped: [UInt8] = []
        var inString = false, escaped = false
        for byte in pretty {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == 0x20 || byte == 0x0A {
                continue
            }
            stripped.append(byte)
        }
        // Both end with one line break.
        #expect(LayoutJSONEmitter(pretty: false).emit(deck, options: BackendOptions()) == stripped + [0x0A], "\(input)")
    }

    @Test(arguments: inputs)
    func golden(_ input: String) throws {
        let result = compileInMemory(Self.name(of: input), in: Self.directory(of: input))
        // The fixtures draw every part at its own size: a `radio` is a 24-point tap target
        // (W1003), which is all they may report.
        let unexpected = result.diagnostics.filter { !($0.code == .w1003 && $0.message.hasPrefix("`radio`")) }
        #expect(unexpected.isEmpty, "\(input) must be clean: \(unexpected.map { "\($0.code.rawValue) \($0.message)" })")
        let deck = try #require(result.decks.first)
        let bytes = LayoutJSONEmitter().emit(deck, options: BackendOptions())

        // Deterministic: a second run is byte-identical.
        #expect(bytes == LayoutJSONEmitter().emit(deck, options: BackendOptions()), "\(input): output differs between runs")
        // Valid UTF-8, integral numbers without `.0`, one trailing newline.
        let text = try #require(String(validating: bytes, as: UTF8.self), "\(input): invalid UTF-8")
        for literal in numberLiterals(in: bytes) where literal.contains(".") {
            #expect(!literal.hasSuffix("0") && !literal.hasSuffix("."), "\(input): number `\(literal)` has a trailing zero")
        }
        #expect(text.hasSuffix("}\n"))

        let document = try JSONParser.parse(bytes)
        let violations = schemaViolations(document)
        #expect(violations.isEmpty, "\(input) violates the schema:\n\(violations.prefix(20).joined(separator: "\n"))")

        if let mismatch = try Golden.mismatch(bytes, golden: Self.goldenURL(of: input)) {
            Issue.record("\(input): \(mismatch)")
        }
    }

    /// Every golden file belongs to an input (no stale goldens).
    @Test func noStaleGoldens() {
        let expected = Set(Self.inputs.map { Self.goldenURL(of: $0).lastPathComponent })
        let present = ((try? FileManager.default.contentsOfDirectory(atPath: LayoutTestPaths.golden.path)) ?? [])
            .filter { $0.hasSuffix(".layout.json") }
        for name in present { #expect(expected.contains(name), "stale golden \(name)") }
    }

    /// The golden files themselves validate (so a hand edit cannot smuggle in a bad shape).
    @Test func goldenFilesValidate() throws {
        for input in Self.inputs {
            guard let data = try? Data(contentsOf: Self.goldenURL(of: input)) else { continue }
            let violations = schemaViolations(try JSONParser.parse([UInt8](data)))
            #expect(violations.isEmpty, "\(input): \(violations.prefix(5))")
        }
    }
}

/// The number literals of a JSON text, outside strings, as written.
func numberLiterals(in bytes: [UInt8]) -> [String] {
    var result: [String] = []
    var index = 0
    var inString = false
    while index < bytes.count {
        let b = bytes[index]
        if inString {
            if b == 0x5C { index += 2; continue }
            if b == 0x22 { inString = false }
            index += 1
            continue
        }
        if b == 0x22 { inString = true; index += 1; continue }
        if b == UInt8(ascii: "-") || (0x30...0x39).contains(b) {
            let start = index
            while index < bytes.count, "-+.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
            result.append(String(decoding: bytes[start..<index], as: UTF8.self))
            continue
        }
        index += 1
    }
    return result
}

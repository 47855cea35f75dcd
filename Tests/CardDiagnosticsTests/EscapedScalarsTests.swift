import Testing
@testable import CardDiagnostics
import CardJSON
import CardText

/// `EscapedScalars` is the one definition of what never reaches an output raw; each output of
/// this module and of `CardJSON` reads it. (The page and generated Swift are tested in
/// CardEmitTests, the lexer's messages in CardSyntaxTests, `cardc check` in CardDriverTests.)
@Suite struct EscapedScalarsTests {
    /// Every scalar value, surrogates excepted.
    static var allScalars: some Sequence<Unicode.Scalar> {
        (0...0x10FFFF as ClosedRange<UInt32>).lazy.compactMap(Unicode.Scalar.init)
    }

    /// The set, listed out.
    static let escaped: [Unicode.Scalar] = allScalars.filter(EscapedScalars.contains)

    /// Text holding each scalar of the set between letters, and characters that are kept raw
    /// (accents, emoji with joiners and skin tones, U+FFFD, whose lead bytes share the set's).
    static let hostile: String = {
        var text = "a"
        for scalar in escaped { text.unicodeScalars.append(scalar); text += "é" }
        return text + "😀👩🏽‍💻\u{FFFD}\u{200D}\u{2030}\u{0600}\t"
    }()

    /// Whether `text` holds a scalar of the set other than the line feeds `allowingLineFeeds`.
    static func holdsEscaped(_ text: String, allowingLineFeeds: Bool = false) -> Bool {
        text.unicodeScalars.contains { EscapedScalars.contains($0) && !(allowingLineFeeds && $0 == "\n") }
    }

    @Test func theSetIsTheDocumentedOne() {
        var expected: [UInt32] = Array(0x00...0x08) + Array(0x0A...0x1F) + Array(0x7F...0x9F)
        expected += [0x061C, 0x200E, 0x200F] + Array(0x2028...0x202E) + Array(0x2066...0x2069) + [0xFEFF]
        #expect(Self.escaped.map(\.value) == expected)
    }

    /// Byte-level fast paths copy text none of whose bytes `mayStart`: no scalar of the set may
    /// begin with another byte.
    @Test func everyScalarOfTheSetBeginsWithAByteThatMayStartOne() {
        for scalar in Self.escaped {
            let lead = String(scalar).utf8.first ?? 0
            #expect(EscapedScalars.mayStart(lead), "U+\(String(scalar.value, radix: 16))")
        }
        #expect(!EscapedScalars.mayStart(0x09) && !EscapedScalars.mayStart(0x41) && !EscapedScalars.mayStart(0x80)
                && !EscapedScalars.mayStart(0xC3) && !EscapedScalars.mayStart(0xF0))
    }

    @Test func escapedTextHoldsNoneOfTheSetAndIsIdempotent() {
        let escaped = EscapedScalars.escaped(Self.hostile)
        #expect(!Self.holdsEscaped(escaped))
        #expect(EscapedScalars.escaped(escaped) == escaped)
        #expect(escaped.contains("\\u{200E}") && escaped.contains("\\u{202E}") && escaped.contains("\\u{1B}"))
        #expect(escaped.hasSuffix("😀👩🏽‍💻\u{FFFD}\u{200D}\u{2030}\u{0600}\t"))
        #expect(TerminalText.escaped(Self.hostile) == escaped)
        for scalar in Self.allScalars where scalar.value < 0x3000 || scalar.value >= 0xFE00 {
            #expect(TerminalText.needsEscaping(scalar) == EscapedScalars.contains(scalar))
        }
    }

    /// JSON writes each scalar of the set as `\uXXXX` (a string reads back the same), and
    /// everything else as before: raw, or RFC 8259's escapes.
    @Test func jsonStringsHoldNoneOfTheSetRaw() throws {
        for pretty in [false, true] {
            let text = JSONValue.object([(Self.hostile, .string(Self.hostile))]).serialized(pretty: pretty)
            #expect(!Self.holdsEscaped(text, allowingLineFeeds: pretty))
            #expect(try JSONParser.parse(text) == .object([(Self.hostile, .string(Self.hostile))]))
        }
        let marks = JSONValue.string("a\u{200E}b\u{202E}c\u{FEFF}d\u{061C}e\u{85}f\u{2028}\t\n\"\\").serialized()
        #expect(marks == #""a\u200eb\u202ec\ufeffd\u061ce\u0085f\u2028\t\n\"\\""#)
        #expect(JSONValue.string("é😀\u{FFFD}\u{2030}").serialized() == "\"é😀\u{FFFD}\u{2030}\"")
    }

    /// `--format json`, SARIF and GitHub annotations carry messages and paths from the source.
    @Test func machineFormatsHoldNoneOfTheSetRaw() throws {
        var files = FileSet()
        let file = files.add(path: "evil\u{202E}sdrac.cards", bytes: Array("card A { bo\u{200E}gus }".utf8))
        let diagnostic = Diagnostic(.e301, "unknown part `bo\u{200E}gus`", at: SourceSpan(file: file.id, start: 9, end: 17),
                                    notes: [.help("did you mean `\u{2066}bogus\u{2069}`?")],
                                    fixIts: [FixIt(SourceSpan(file: file.id, start: 9, end: 17), "b\u{200F}x")])
        let json = JSONDiagnosticRenderer(pretty: false).render([diagnostic], in: files)
        #expect(!Self.holdsEscaped(json, allowingLineFeeds: true))
        let parsed = try JSONParser.parse(json)
        #expect(parsed[0]?["file"]?.string == "evil\u{202E}sdrac.cards")
        #expect(parsed[0]?["message"]?.string == "unknown part `bo\u{200E}gus`")
        #expect(!Self.holdsEscaped(SARIFRenderer(toolVersion: "0").render([diagnostic], in: files), allowingLineFeeds: true))
        #expect(!Self.holdsEscaped(GitHubActionsRenderer().render([diagnostic], in: files), allowingLineFeeds: true))
        #expect(!Self.holdsEscaped(TextRenderer().render([diagnostic], in: files), allowingLineFeeds: true))
    }
}

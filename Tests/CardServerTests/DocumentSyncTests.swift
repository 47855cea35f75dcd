import CardJSON
import CardServer
import Testing

/// A seeded generator (SplitMix64), so a failure repeats.
struct Random {
    var state: UInt64
    mutating func below(_ n: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return n <= 0 ? 0 : Int((z ^ (z >> 31)) % UInt64(n))
    }
}

/// The server's text is the editor's text (issue 27): edits as an editor sends them —
/// `JSON.stringify` of JavaScript strings, so lone surrogates included — applied by the server
/// and by a reference editor give the same document.
@Suite struct DocumentSyncTests {
    static let uri = "file:///nonexistent-cardc-sync/deck.cards"

    /// An editor's document: UTF-16 code units, as VS Code and every JavaScript client hold it,
    /// with each lone surrogate standing as U+FFFD (a scalar of the same UTF-16 length): in the
    /// text an edit inserts, and where an edit leaves half a pair. (So an edit that would join
    /// an inserted half to a half left in the document gives two U+FFFD, not the pair an
    /// editor holding lone surrogates would form: a message cannot carry half a character.)
    struct ReferenceEditor {
        var units: [UInt16]

        /// The offset of an LSP position: lines end at `\n`, `\r\n` or `\r`; a character past
        /// the line's end is its end, a line past the last is the end of the text.
        func offset(line: Int, character: Int) -> Int {
            var start = 0, current = 0
            while current < line {
                guard let end = units[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return units.count }
                start = end + (units[end] == 0x0D && end + 1 < units.count && units[end + 1] == 0x0A ? 2 : 1)
                current += 1
            }
            let lineEnd = units[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? units.count
            return min(start + character, lineEnd)
        }

        mutating func apply(start: (Int, Int), end: (Int, Int), text: [UInt16]) {
            var lower = offset(line: start.0, character: start.1), upper = offset(line: end.0, character: end.1)
            if upper < lower { swap(&lower, &upper) }
            units.replaceSubrange(lower..<upper, with: Self.replacingLoneSurrogates(text))
            units = Self.replacingLoneSurrogates(units)
        }

        static func replacingLoneSurrogates(_ units: [UInt16]) -> [UInt16] {
            var result = units
            var i = 0
            while i < result.count {
                let unit = result[i]
                if (0xD800...0xDBFF).contains(unit), i + 1 < result.count, (0xDC00...0xDFFF).contains(result[i + 1]) {
                    i += 2
                    continue
                }
                if (0xD800...0xDFFF).contains(unit) { result[i] = 0xFFFD }
                i += 1
            }
            return result
        }
    }

    /// A JSON string literal of UTF-16 code units, as `JSON.stringify` writes one: every unit
    /// outside printable ASCII as `\uXXXX`, lone surrogates as they are.
    static func jsonString(_ units: [UInt16]) -> String {
        var out = "\""
        for unit in units {
            switch unit {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default:
                let hex = String(unit, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return out + "\""
    }

    static func change(version: Int, edits: [(start: (Int, Int), end: (Int, Int), text: [UInt16])]) -> [UInt8] {
        let changes = edits.map { edit in
            "{\"range\":{\"start\":{\"line\":\(edit.start.0),\"character\":\(edit.start.1)},"
                + "\"end\":{\"line\":\(edit.end.0),\"character\":\(edit.end.1)}},\"text\":\(jsonString(edit.text))}"
        }
        let body = "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{\"textDocument\":{\"uri\":\"\(uri)\","
            + "\"version\":\(version)},\"contentChanges\":[\(changes.joined(separator: ","))]}}"
        return framed(Array(body.utf8))
    }

    static func serverUnits(_ session: Session) -> [UInt16]? {
        session.server.openDocumentBytes(uri: uri).map { Array(String(decoding: $0, as: UTF8.self).utf16) }
    }

    @Test("a lone surrogate escape in a didChange is U+FFFD, and the change is applied, not dropped")
    func loneSurrogateIsReplaced() throws {
        let session = Session()
        session.initialize()
        session.open(Self.uri, "card A { text(\"x\") }\n")
        // `JSON.stringify("\ud83d")` — half of 😀 — typed at the start.
        let replies = session.send(Self.change(version: 2, edits: [((0, 0), (0, 0), [0xD83D, 0x41])]))
        #expect(!replies.contains { $0.errorCode != nil }, "\(replies)")
        #expect(Self.serverUnits(session) == Array("\u{FFFD}Acard A { text(\"x\") }\n".utf16))
        // The next edit lands where the editor puts it.
        session.send(Self.change(version: 3, edits: [((0, 2), (0, 2), Array("!".utf16))]))
        #expect(Self.serverUnits(session) == Array("\u{FFFD}A!card A { text(\"x\") }\n".utf16))
        #expect(try JSONParser.parse("\"\\udc00x\\ud83d\\ude00\\ud83d\\u0041\"") == .string("\u{FFFD}x😀\u{FFFD}A"))
    }

    @Test("an edit between the halves of a surrogate pair leaves two U+FFFD, as the editor's two lone halves")
    func editInsideAPair() {
        let session = Session()
        session.initialize()
        session.open(Self.uri, "a😀b\n")
        session.send(Self.change(version: 2, edits: [((0, 2), (0, 2), Array("x".utf16))]))
        #expect(Self.serverUnits(session) == Array("a\u{FFFD}x\u{FFFD}b\n".utf16))
    }

    @Test("an empty edit between the halves of a pair changes nothing; a deletion from one pair's middle to another's joins their halves")
    func deletionBetweenPairs() {
        let session = Session()
        session.initialize()
        session.open(Self.uri, "a😀b🎉c\n")
        // (Found by the fuzzer: the server split the pair although the editor's text is unchanged.)
        session.send(Self.change(version: 2, edits: [((0, 2), (0, 2), [])]))
        #expect(Self.serverUnits(session) == Array("a😀b🎉c\n".utf16))
        // From between 😀's halves to between 🎉's: 😀's high half meets 🎉's low half.
        session.send(Self.change(version: 3, edits: [((0, 5), (0, 2), [])]))
        var reference = ReferenceEditor(units: Array("a😀b🎉c\n".utf16))
        reference.apply(start: (0, 5), end: (0, 2), text: [])
        #expect(reference.units == [0x61, 0xD83D, 0xDF89, 0x63, 0x0A])
        #expect(Self.serverUnits(session) == reference.units)
    }

    @Test("random edits, surrogates included, give the server the reference editor's document")
    func randomEditsAgree() throws {
        var random = Random(state: 27)
        let alphabet: [[UInt16]] = [[0x61], [0x7B], [0x20], [0x0A], [0x0D], [0x0D, 0x0A], [0xE9], [0xD83D, 0xDE00], [0xD83C, 0xDF89],
                                    [0xD83D], [0xDE00], [0x22], [0x5C], [0x4E2D]]
        func text(_ count: Int) -> [UInt16] { (0..<count).flatMap { _ in alphabet[random.below(alphabet.count)] } }
        for _ in 0..<40 {
            let initial = ReferenceEditor.replacingLoneSurrogates(text(random.below(30)))
            var reference = ReferenceEditor(units: initial)
            let session = Session()
            session.initialize()
            session.open(Self.uri, String(decoding: initial, as: UTF16.self))
            try #require(Self.serverUnits(session) == reference.units)
            for version in 2..<40 {
                let before = reference.units
                var edits: [(start: (Int, Int), end: (Int, Int), text: [UInt16])] = []
                for _ in 0...random.below(3) {
                    let start = (random.below(6), random.below(12)), end = (random.below(6), random.below(12))
                    let edit = (start: start, end: end, text: text(random.below(4)))
                    reference.apply(start: edit.start, end: edit.end, text: edit.text)
                    edits.append(edit)
                }
                session.send(Self.change(version: version, edits: edits))
                let server = Self.serverUnits(session)
                #expect(server == reference.units, "after version \(version): \(edits) on \(before)")
                if server != reference.units { return }
            }
        }
    }
}

import CardDiagnostics
import CardIDE
import CardSyntax
import Testing

@Suite struct LineIndexTests {
    @Test func asciiLinesWithEveryTerminator() {
        let index = LineIndex("ab\ncd\r\nef\rgh")
        #expect(index.lineCount == 4)
        #expect(index.lineRange(0) == 0..<2)
        #expect(index.lineRange(1) == 3..<5)
        #expect(index.lineRange(2) == 7..<9)
        #expect(index.lineRange(3) == 10..<12)
        for encoding in PositionEncoding.allCases {
            #expect(index.position(of: 4, in: encoding) == LinePosition(line: 1, character: 1))
            #expect(index.offset(of: LinePosition(line: 3, character: 1), in: encoding) == 11)
        }
    }

    @Test func unicodeColumnsPerEncoding() {
        // "é" is 2 bytes, 1 UTF-16 unit; "😀" is 4 bytes, 2 UTF-16 units, 1 scalar.
        let text = "aé😀b"
        let index = LineIndex(text)
        let offsetOfB = 1 + 2 + 4
        #expect(index.position(of: offsetOfB, in: .utf8) == LinePosition(line: 0, character: 7))
        #expect(index.position(of: offsetOfB, in: .utf16) == LinePosition(line: 0, character: 4))
        #expect(index.position(of: offsetOfB, in: .utf32) == LinePosition(line: 0, character: 3))
        #expect(index.offset(of: LinePosition(line: 0, character: 4), in: .utf16) == offsetOfB)
        #expect(index.offset(of: LinePosition(line: 0, character: 3), in: .utf32) == offsetOfB)
        #expect(index.offset(of: LinePosition(line: 0, character: 7), in: .utf8) == offsetOfB)
    }

    @Test func positionsInsideACharacterSnapToItsStart() {
        let index = LineIndex("a😀b")
        // Half a surrogate pair, and the middle of the 4-byte sequence.
        #expect(index.offset(of: LinePosition(line: 0, character: 2), in: .utf16) == 1)
        #expect(index.offset(of: LinePosition(line: 0, character: 3), in: .utf8) == 1)
        #expect(index.position(of: 3, in: .utf16) == LinePosition(line: 0, character: 1))
        #expect(index.position(of: 3, in: .utf8) == LinePosition(line: 0, character: 1))
    }

    @Test func outOfRangeIsClamped() {
        let index = LineIndex("one\ntwo")
        #expect(index.offset(of: LinePosition(line: 0, character: 99), in: .utf16) == 3)
        #expect(index.offset(of: LinePosition(line: 9, character: 0), in: .utf16) == 7)
        #expect(index.offset(of: LinePosition(line: -1, character: -5), in: .utf16) == 0)
        #expect(index.position(of: 99, in: .utf16) == LinePosition(line: 1, character: 3))
        #expect(index.position(of: -3, in: .utf16) == LinePosition(line: 0, character: 0))
        // Inside `\r\n`: the line's end.
        let crlf = LineIndex("ab\r\ncd")
        #expect(crlf.position(of: 3, in: .utf16) == LinePosition(line: 0, character: 2))
    }

    @Test func invalidUTF8CountsOneUnitPerByte() {
        let index = LineIndex([0x61, 0xFF, 0xC3, 0x62, 0x0A, 0xE2, 0x82])
        #expect(index.position(of: 4, in: .utf16) == LinePosition(line: 0, character: 4))
        #expect(index.position(of: 7, in: .utf16) == LinePosition(line: 1, character: 2))
        #expect(index.offset(of: LinePosition(line: 1, character: 1), in: .utf16) == 6)
    }

    /// Overlong forms, surrogates and values past U+10FFFF are invalid, one unit per byte, as
    /// the lexer's `UTF8Scanner` says; the largest valid 4-byte scalar is two UTF-16 units.
    @Test func invalidSequencesAreTheLexersInvalidBytes() {
        for invalid: [UInt8] in [[0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF]] {
            let index = LineIndex(invalid)
            for encoding in PositionEncoding.allCases {
                #expect(index.position(of: invalid.count, in: encoding).character == invalid.count, "\(invalid) \(encoding)")
            }
        }
        let largest = LineIndex([0xF4, 0x8F, 0xBF, 0xBF])
        #expect(largest.position(of: 4, in: .utf16).character == 2)
        #expect(largest.position(of: 4, in: .utf32).character == 1)
        #expect(largest.position(of: 2, in: .utf16).character == 0)
    }

    @Test func roundTripsEveryBoundary() {
        let text = "card A {\r\n  text(\"héllo 😀\")\n\r  // ✓ done\n}"
        let bytes = Array(text.utf8)
        let index = LineIndex(bytes)
        for encoding in PositionEncoding.allCases {
            for offset in 0...bytes.count {
                let isBoundary = offset == bytes.count || bytes[offset] & 0xC0 != 0x80
                let insideCRLF = offset > 0 && offset < bytes.count && bytes[offset - 1] == 0x0D && bytes[offset] == 0x0A
                guard isBoundary, !insideCRLF else { continue }
                let position = index.position(of: offset, in: encoding)
                #expect(index.offset(of: position, in: encoding) == offset, "offset \(offset) in \(encoding)")
            }
        }
    }

    /// Diagnostics (`SourceFile`) and the editor (`LineIndex`) count the same lines: LF, CR LF
    /// and a lone CR each end one (docs/language.md §2). A lone CR once ended a line for the
    /// editor only, so `card A {\r  bogus(1)\r}` put the error on line 1 in `cardc check`.
    @Test func diagnosticsAndTheEditorCountTheSameLines() {
        let example = Array("card A {\r  bogus(1)\r}\n".utf8)
        let file = SourceFile(path: "x.cards", bytes: example)
        let bogus = 11
        #expect(file.location(of: bogus) == SourceLocation(line: 2, column: 3))
        #expect(LineIndex(example).position(of: bogus, in: .utf32) == LinePosition(line: 1, character: 2))
        var random = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [[0x0A], [0x0D], [0x0D, 0x0A], [0x0A, 0x0D], Array("ab".utf8), Array("é😀".utf8), [0x20]]
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0..<60, using: &random)).flatMap { _ in pieces.randomElement(using: &random)! }
            let file = SourceFile(path: "t.cards", bytes: bytes)
            let index = LineIndex(bytes)
            #expect(file.lineStarts.count == index.lineCount, "\(bytes)")
            for line in 0..<min(file.lineStarts.count, index.lineCount) {
                #expect(file.lineRange(line) == index.lineRange(line), "line \(line) of \(bytes)")
            }
            for offset in 0...bytes.count where offset == bytes.count || bytes[offset] & 0xC0 != 0x80 {
                let location = file.location(of: offset)
                let position = index.position(of: offset, in: .utf32)
                #expect(location.line == position.line + 1, "offset \(offset) of \(bytes)")
            }
        }
    }

    @Test func emptyText() {
        let index = LineIndex("")
        #expect(index.lineCount == 1)
        #expect(index.position(of: 0, in: .utf16) == LinePosition(line: 0, character: 0))
        #expect(index.offset(of: LinePosition(line: 3, character: 3), in: .utf16) == 0)
    }

    @Test func incrementalUpdatesMatchARescan() {
        var random = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [[], [0x0A], [0x0D], [0x0D, 0x0A], Array("ab".utf8), Array("x\ny\r\nz".utf8), Array("é😀\r".utf8)]
        for _ in 0..<300 {
            var bytes = (0..<Int.random(in: 0..<40, using: &random)).flatMap { _ in pieces.randomElement(using: &random)! }
            var index = LineIndex(bytes)
            for _ in 0..<10 {
                let lower = Int.random(in: 0...bytes.count, using: &random)
                let upper = Int.random(in: lower...bytes.count, using: &random)
                let inserted = pieces.randomElement(using: &random)!
                bytes.replaceSubrange(lower..<upper, with: inserted)
                index = index.replacing(lower..<upper, withCount: inserted.count, in: bytes)
                let fresh = LineIndex(bytes)
                #expect(index.lineCount == fresh.lineCount)
                for line in 0..<fresh.lineCount { #expect(index.lineRange(line) == fresh.lineRange(line)) }
            }
        }
    }
}

@Suite struct SyntaxQueryTests {
    @Test func tokenAndNodeAtOffset() {
        let text = "card A {\n  text(\"x\", style: .title)\n}"
        let snapshot = snapshot(text)
        let inside = snapshot.token(at: offset(of: "style", in: text, plus: 2))
        #expect(inside?.kind == .identifier)
        #expect(inside?.range == offset(of: "style", in: text)..<offset(of: "style", in: text) + 5)
        // Just after a name: the name; between `(` and a string: the string starting there.
        #expect(snapshot.token(at: offset(of: "(\"x", in: text))?.kind == .identifier)
        #expect(snapshot.token(at: offset(of: "(\"x", in: text, plus: 1))?.kind == .string)
        #expect(snapshot.token(at: offset(of: "title)", in: text, plus: 5))?.kind == .enumCase)
        #expect(snapshot.token(at: 4) != nil)
        #expect(snapshot.token(at: 10_000) == nil)
        let query = SyntaxQuery(tree: snapshot.tree)
        let path = query.path(at: offset(of: ".title", in: text, plus: 1))
        #expect(path.map { snapshot.tree.kind($0) } == [.file, .cardDecl, .block, .node, .argument, .enumCase])
        #expect(query.topLevelDeclaration(containing: 0).map { snapshot.tree.kind($0) } == .cardDecl)
    }
}

import CardDiagnostics
import Testing

/// `LocationCursor` answers as `SourceFile.location(of:)` does, counting on from its previous
/// answer (the checker asks it for every card's name: a one-line deck made that quadratic).
@Suite struct LocationCursorTests {
    @Test("the cursor's locations equal the file's, for offsets in order, out of order and across files")
    func agreesWithTheFile() {
        let texts = ["card A {} card B {} card Ç {}\r\ncard D {}\rcard É {}\n  card F {}", "x", "", "é\u{1F600}z\n\nq"]
        let files = texts.enumerated().map { SourceFile(id: FileID(Int32($0.offset)), path: "f\($0.offset)", text: $0.element) }
        var cursor = LocationCursor()
        var seed: UInt64 = 28
        var next = 0
        for step in 0..<2_000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let file = files[step % 7 == 0 ? Int(seed >> 60) % files.count : 0]
            let boundaries = file.bytes.indices.filter { file.bytes[$0] & 0xC0 != 0x80 } + [file.bytes.count]
            // Mostly the next boundaries in order (as cards come), sometimes a jump anywhere.
            next = seed >> 61 == 0 ? Int(seed >> 33) % boundaries.count : (next + Int(seed >> 62)) % boundaries.count
            let offset = boundaries[next]
            #expect(cursor.location(of: offset, in: file) == file.location(of: offset), "\(file.path) at \(offset)")
        }
    }
}

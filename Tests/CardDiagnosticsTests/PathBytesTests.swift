import Testing
@testable import CardDiagnostics

/// File names as bytes (`PathBytes`), and how the renderers show them.
@Suite struct PathBytesTests {
    @Test("bytes to path to bytes is the identity, for any bytes")
    func roundTrip() {
        var state: UInt64 = 0x2757
        func next() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let samples: [[UInt8]] = [
            Array("plain.cards".utf8), Array("é😀.cards".utf8), [0x62, 0xFF, 0x2E], [0xC3], [0xED, 0xA0, 0x80],
            // A valid encoding of an escape scalar (U+10FF80): its bytes are escaped too.
            [0xF4, 0x8F, 0xBE, 0x80], [0xF4, 0x8F, 0xBF, 0xBF, 0x41],
        ] + (0..<500).map { _ in (0..<Int(next() % 12)).map { _ in max(next(), 1) } }
        for bytes in samples {
            let path = PathBytes.path(fromBytes: bytes)
            #expect(PathBytes.bytes(of: path) == bytes, "\(bytes)")
            #expect(PathBytes.withCString(path) { pointer in
                (0..<bytes.count).allSatisfy { UInt8(bitPattern: pointer[$0]) == bytes[$0] } && pointer[bytes.count] == 0
            })
        }
        #expect(PathBytes.path(fromBytes: Array("é.cards".utf8)) == "é.cards", "valid UTF-8 is itself")
    }

    @Test("a byte that is not UTF-8 is shown as \\xFF, and is %FF in a URI")
    func display() {
        let path = PathBytes.path(fromBytes: Array("a".utf8) + [0xFF, 0xC3] + Array(".cards".utf8))
        #expect(PathBytes.displayed(path) == "a\\xFF\\xC3.cards")
        #expect(SARIFRenderer.uri(forPath: path) == "a%FF%C3.cards")
        var files = FileSet()
        let file = files.add(path: path, bytes: Array("x".utf8))
        let diagnostic = Diagnostic(.e301, "m", at: SourceSpan(file: file.id, start: 0, end: 1))
        #expect(TextRenderer(useColor: false).render([diagnostic], in: files).hasPrefix("a\\xFF\\xC3.cards:1:1: error[E301]: m"))
        #expect(JSONDiagnosticRenderer().render([diagnostic], in: files).contains("\"file\": \"a\\\\xFF\\\\xC3.cards\""))
        #expect(GitHubActionsRenderer().render([diagnostic], in: files).hasPrefix("::error file=a\\xFF\\xC3.cards,"))
    }

    @Test("github: a line break in a file name is the runner's %0A; other controls are escaped, never raw")
    func githubFileNames() {
        var files = FileSet()
        let file = files.add(path: "new\nline\r\u{1B}[31m.cards", bytes: Array("x".utf8))
        let line = GitHubActionsRenderer().render([Diagnostic(.e301, "m", at: SourceSpan(file: file.id, start: 0, end: 1))], in: files)
        #expect(line == "::error file=new%0Aline%0D\\u{1B}[31m.cards,line=1,col=1,endLine=1,endColumn=2,title=E301::m\n")
    }
}

import CardJSON
import CardTestSupport
import CardDiagnostics
import CardEmit
import CardSema
import Foundation
import Testing
@testable import CardDriver

/// `cardc build` through `Driver.run`, in temporary directories (CLI.md "Files it writes").
@Suite struct BuildCommandTests {
    static let deck = """
    import "theme.cards"

    /// A greeting.
    card Hello: rounded(radius: 8) {
      model {
        name: "World"
      }
      text($name, style: .title)
      button("Open", action: open)
    }
    stack Main: list {
      theme: Soft
      Hello
    }
    """
    static let theme = """
    theme Soft: Mint {
      buttonCornerRadius: 6
    }
    """
    static let broken = """
    card Broken {
      text(42)
    }
    stack S: list { Broken }
    """

    static func files(_ extra: [String: String] = [:]) -> [String: String] {
        ["app/deck.cards": deck, "app/theme.cards": theme].merging(extra) { $1 }
    }

    @Test func writesBesideTheFirstInputByDefault() throws {
        let directory = try makeTemporaryDirectory(Self.files())
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = runCardc(["build", directory + "/app/deck.cards"])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.isEmpty)
        let output = directory + "/app/.cardc-out/deck.layout.json"
        let bytes = try #require(FileManager.default.contents(atPath: output))
        let document = try JSONParser.parse([UInt8](bytes))
        #expect(document["format"] == "cardc-layout")
        #expect(schemaViolations(document).isEmpty)
        // Only the artifact: no temporary files left behind, nothing for the imported theme.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/app/.cardc-out") == ["deck.layout.json"])
        #expect(result.err.contains("wrote 1 file to"))
    }

    /// Two builds give byte-identical files, and the second leaves them untouched (same
    /// modification date and inode) because nothing changed.
    @Test func rebuildingIsByteIdenticalAndTouchesNothing() throws {
        let directory = try makeTemporaryDirectory(Self.files(["app/other.cards": "card Other { text(\"x\") }\nstack O: list { Other }\n"]))
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let out = directory + "/out"
        let inputs = [directory + "/app/deck.cards", directory + "/app/other.cards"]
        let first = runCardc(["build"] + inputs + ["-o", out])
        #expect(first.code == 0, "\(first.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["deck.layout.json", "other.layout.json"])
        // Age the files so a rewrite could not hide within the clock's resolution.
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        for name in ["deck.layout.json", "other.layout.json"] {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: out + "/" + name)
        }
        let before = DirectorySnapshot(out)
        let second = runCardc(["build"] + inputs + ["-o", out])
        #expect(second.code == 0)
        #expect(second.err.contains("0 files") && second.err.contains("2 files unchanged"), "\(second.err)")
        let after = DirectorySnapshot(out)
        #expect(before == after)
        #expect(after.entries.allSatisfy { $0.modified == old })

        // A real change rewrites just that file, atomically (a new inode).
        try Data((Self.deck + "\n// changed\ncard Extra { text(\"e\") }\n").utf8).write(to: URL(fileURLWithPath: inputs[0]))
        let third = runCardc(["build"] + inputs + ["-o", out])
        #expect(third.code == 0)
        let changed = DirectorySnapshot(out)
        #expect(changed.entries.first { $0.path == "deck.layout.json" } != before.entries.first { $0.path == "deck.layout.json" })
        #expect(changed.entries.first { $0.path == "other.layout.json" } == before.entries.first { $0.path == "other.layout.json" })
    }

    /// Any input with errors: exit 1, diagnostics on stderr, and the output directory exactly as
    /// it was (an existing one untouched, a missing one not created).
    @Test func errorsWriteNothing() throws {
        let directory = try makeTemporaryDirectory(Self.files(["app/broken.cards": Self.broken]))
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let out = directory + "/out"
        let good = directory + "/app/deck.cards", bad = directory + "/app/broken.cards"
        #expect(runCardc(["build", good, "-o", out]).code == 0)
        try Data("stale".utf8).write(to: URL(fileURLWithPath: out + "/broken.layout.json"))
        let before = DirectorySnapshot(out)
        let result = runCardc(["build", good, bad, "-o", out])
        #expect(result.code == 1)
        #expect(result.err.contains("error[E801]"))
        #expect(!result.err.contains("wrote"))
        #expect(DirectorySnapshot(out) == before)

        let missing = directory + "/never"
        #expect(runCardc(["build", bad, "-o", missing]).code == 1)
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(runCardc(["build", bad]).code == 1)
        #expect(!FileManager.default.fileExists(atPath: directory + "/app/.cardc-out"))
    }

    /// `--strict` makes warnings fail the build, so nothing is written either.
    @Test func strictWarningsWriteNothing() throws {
        let warned = "card Tall { spacer(height: 500) }\nstack W: collapsible { Tall }\n"
        let directory = try makeTemporaryDirectory(["tall.cards": warned])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let out = directory + "/out"
        let strict = runCardc(["build", "--strict", directory + "/tall.cards", "-o", out])
        #expect(strict.code == 1)
        #expect(strict.err.contains("W104"))
        #expect(!FileManager.default.fileExists(atPath: out))
        let lenient = runCardc(["build", directory + "/tall.cards", "-o", out])
        #expect(lenient.code == 0)
        #expect(lenient.err.contains("W104"))
        #expect(FileManager.default.fileExists(atPath: out + "/tall.layout.json"))
    }

    /// `-o -` prints the one artifact to stdout, byte-identical to the file a build writes.
    @Test func dashOWritesToStdout() throws {
        let directory = try makeTemporaryDirectory(Self.files())
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = directory + "/app/deck.cards"
        let result = runCardc(["build", input, "-o", "-", "--quiet"])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.err.isEmpty)
        let document = try JSONParser.parse(result.out)
        #expect(schemaViolations(document).isEmpty)
        #expect(runCardc(["build", input, "-o", directory + "/out"]).code == 0)
        let file = try #require(FileManager.default.contents(atPath: directory + "/out/deck.layout.json"))
        #expect(Array(result.out.utf8) == [UInt8](file))
        // --emit json explicitly, and the viewport reaches the document.
        let wide = runCardc(["build", input, "--emit", "json", "--viewport", "800x600", "-o", "-"])
        #expect(try JSONParser.parse(wide.out)["viewport"] == ["width": 800, "height": 600])
    }

    @Test func usageErrors() throws {
        let directory = try makeTemporaryDirectory(Self.files(["other/deck.cards": "card X { text(\"x\") }\n"]))
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = directory + "/app/deck.cards", other = directory + "/app/theme.cards"
        let cases: [([String], String)] = [
            (["build"], "missing input"),
            (["build", input, "--emit", "pdf"], "unknown back end 'pdf' for '--emit' (available: \(Backends.names.joined(separator: ", ")))"),
            (["build", input, "--emit", "json,pdf"], "available: json"),
            (["build", input, "--emit", ""], "unknown back end"),
            (["build", input, other, "-o", "-"], "'-o -' writes one artifact"),
            (["build", input, "--viewport", "390"], "invalid value '390' for '--viewport'"),
            (["build", input, directory + "/other/deck.cards", "-o", directory + "/out"], "would both write deck.layout.json"),
            (["build", directory + "/nope.cards"], "no such file"),
            (["build", directory + "/app"], "is a directory"),
            (["build", input, "--bogus"], "unknown option"),
        ]
        for (arguments, message) in cases {
            let result = runCardc(arguments)
            #expect(result.code == 2, "\(arguments): \(result.err)")
            #expect(result.err.hasPrefix("cardc: error: "), "\(arguments): \(result.err)")
            #expect(result.err.contains(message), "\(arguments): \(result.err)")
            #expect(result.err.filter { $0 == "\n" }.count == 1, "\(arguments): one line")
        }
        #expect(!FileManager.default.fileExists(atPath: directory + "/out"))
        // The output path exists but is a file.
        try Data().write(to: URL(fileURLWithPath: directory + "/file"))
        let notDirectory = runCardc(["build", input, "-o", directory + "/file"])
        #expect(notDirectory.code == 2)
        #expect(notDirectory.err.contains("not a directory"))
    }

    @Test func helpListsBuild() {
        #expect(runCardc(["--help"]).out.contains("build"))
        let help = runCardc(["help", "build"])
        #expect(help.code == 0)
        for option in ["--emit", "-o", "--viewport", "--root", "--color", "--quiet", "--strict", "json"] {
            #expect(help.out.contains(option), "\(option)")
        }
        #expect(runCardc(["build", "--help"]).out == help.out)
    }

    /// Output names are one plain path component whatever the input is called.
    @Test func outputNamesStayInsideTheDirectory() throws {
        #expect(OutputNames.fileName(forInput: "a/b/deck.cards", extension: "layout.json") == "deck.layout.json")
        #expect(OutputNames.fileName(forInput: "notes.txt", extension: "layout.json") == "notes.txt.layout.json")
        #expect(OutputNames.fileName(forInput: "dir/.cards", extension: "layout.json") == "_.layout.json")
        #expect(OutputNames.fileName(forInput: "x/a\\b\u{1B}c.cards", extension: "layout.json") == "a_b_c.layout.json")
        #expect(OutputNames.fileName(forInput: "../..", extension: "layout.json") == "...layout.json")
        for name in ["", ".", "..", "a/b", "../x", "/etc/passwd"] {
            #expect(!ArtifactWriter.isSafeName(name), "\(name)")
        }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: UsageError.self) { try ArtifactWriter.write([1, 2], named: "../escape", in: directory) }
        #expect(!FileManager.default.fileExists(atPath: (directory as NSString).deletingLastPathComponent + "/escape"))
        // A link at the target is replaced, never followed.
        let outside = directory + "/outside.txt"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: outside))
        try FileManager.default.createDirectory(atPath: directory + "/out", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory + "/out/x.layout.json", withDestinationPath: outside)
        #expect(try ArtifactWriter.write(Array("new".utf8), named: "x.layout.json", in: directory + "/out"))
        #expect(FileManager.default.contents(atPath: outside) == Data("keep".utf8))
        #expect(FileManager.default.contents(atPath: directory + "/out/x.layout.json") == Data("new".utf8))
    }

    /// The registry drives `--emit`: every back end has a unique name and extension.
    @Test func backendRegistry() {
        #expect(Backends.names.first == "json")
        #expect(Backends.named("json")?.fileExtension == "layout.json")
        #expect(Backends.named("preview")?.fileExtension == "preview.txt")
        #expect(Set(Backends.names).count == Backends.all.count)
        #expect(Set(Backends.all.map(\.fileExtension)).count == Backends.all.count)
    }
}

/// The streaming artifact writer: compares pieces with the existing file, and from the first
/// difference writes a temporary file (with the matching prefix copied from the old file).
@Suite struct StreamingArtifactTests {
    static func write(_ pieces: [String], to directory: String) throws -> Bool {
        try ArtifactWriter.write(named: "a.json", in: directory) { sink in
            for piece in pieces { try sink(Array(piece.utf8)) }
        }
    }

    static func content(_ directory: String) -> String? {
        FileManager.default.contents(atPath: directory + "/a.json").map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func everyShapeOfChange() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        func age() throws { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: directory + "/a.json") }
        func modified() -> Date? { try? FileManager.default.attributesOfItem(atPath: directory + "/a.json")[.modificationDate] as? Date }

        #expect(try Self.write(["abc", "def", "ghi"], to: directory))          // new file
        #expect(Self.content(directory) == "abcdefghi")
        try age()
        #expect(try !Self.write(["abcdef", "ghi"], to: directory))             // same bytes, other pieces
        #expect(modified() == old)
        let cases: [[String]] = [
            ["abc", "dXf", "ghi"],      // a change in the middle
            ["abc", "dXf"],             // shorter
            ["abc", "dXf", "ghi", "jk"],  // longer
            ["abc", "dXf", "ghi", "jk", ""],  // an empty piece changes nothing
            [""],                       // empty
            ["Z"],                      // different from the first byte
        ]
        for pieces in cases {
            let expected = pieces.joined()
            let changed = expected != Self.content(directory)
            try age()
            #expect(try Self.write(pieces, to: directory) == changed, "\(pieces)")
            #expect(Self.content(directory) == expected, "\(pieces)")
            #expect(changed ? modified() != old : modified() == old, "\(pieces)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["a.json"], "no temporary files left")
        }
    }

    /// The old file is compared through a mapping: an empty one, one the new content outgrows
    /// within a piece, and pieces far larger than the file.
    @Test func mappedComparisons() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try Self.write([], to: directory))
        #expect(try !Self.write([], to: directory))
        #expect(try !Self.write(["", ""], to: directory))
        #expect(try Self.write(["ab"], to: directory))
        #expect(try Self.write(["abc"], to: directory))
        #expect(Self.content(directory) == "abc")
        let large = String(repeating: "0123456789", count: 300_000)  // several pages, several pieces
        #expect(try Self.write([large, large], to: directory))
        #expect(try !Self.write([large + large], to: directory))
        #expect(try Self.write([large, large, "x"], to: directory))
        #expect(try Self.write([large, "y" + large.dropFirst()], to: directory))
        #expect(Self.content(directory) == large + "y" + large.dropFirst())
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["a.json"])
    }

    /// Another process truncating the old file while it is compared: when the part already
    /// compared is gone, the write fails and writes nothing; when it is still there, the rest is
    /// simply a difference and the new content is written complete.
    @Test func anOldFileTruncatedWhileComparedFailsTheWriteOrWritesItWhole() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let block = String(repeating: "0123456789abcdef", count: 65_536)  // 1 MiB
        #expect(try Self.write([block, block, block], to: directory))
        func writeTruncating(at cut: Int) throws -> Bool {
            try ArtifactWriter.write(named: "a.json", in: directory) { sink in
                try sink(Array(block.utf8))
                #expect(truncate(directory + "/a.json", off_t(cut)) == 0)
                try sink(Array(block.utf8))
                try sink(Array(block.utf8))
            }
        }
        for cut in [0, 4096, (1 << 20) - 1] {
            #expect(throws: UsageError.self, "cut at \(cut)") { try writeTruncating(at: cut) }
            #expect(Self.content(directory)?.utf8.count == cut, "the other process's file stays as it left it")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["a.json"], "no temporary files left")
            #expect(try Self.write([block, block, block], to: directory))
        }
        for cut in [1 << 20, (1 << 20) + 100] {
            #expect(try writeTruncating(at: cut))
            #expect(Self.content(directory) == block + block + block)
        }
        #expect(try !Self.write([block, block, block], to: directory))
    }

    /// A failing producer leaves the old file and no temporary file.
    @Test func aFailingProducerChangesNothing() throws {
        struct Failure: Error {}
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try Self.write(["old content"], to: directory))
        #expect(throws: Failure.self) {
            try ArtifactWriter.write(named: "a.json", in: directory) { sink in
                try sink(Array("new".utf8))
                throw Failure()
            }
        }
        #expect(Self.content(directory) == "old content")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["a.json"])
    }
}

/// A deck large enough to be written in several pieces: the pieces decode on their own and join
/// to exactly the one-piece document, which validates.
@Suite struct LargeDeckTests {
    @Test func piecesAreWholeTokensAndJoinToTheDocument() throws {
        let source = SyntheticDeck.generate(cards: 400)
        let result = Compiler.check(paths: ["synthetic.cards"], root: ".", provider: MemoryFileProvider(["synthetic.cards": source]))
        #expect(!result.hasErrors)
        let deck = try #require(result.decks.first)
        var pieces: [[UInt8]] = []
        LayoutJSONEmitter().emit(deck, options: BackendOptions()) { pieces.append($0) }
        #expect(pieces.count > 1, "expected several pieces, got \(pieces.count)")
        for piece in pieces.dropLast() {
            #expect(piece.count >= LayoutJSONEmitter.pieceSize)
            #expect(String(validating: piece, as: UTF8.self) != nil, "a piece ends inside a UTF-8 sequence")
        }
        let joined = Array(pieces.joined())
        #expect(joined == LayoutJSONEmitter().emit(deck, options: BackendOptions()))
        let document = try JSONParser.parse(joined)
        let violations = schemaViolations(document)
        #expect(violations.isEmpty, "\(violations.prefix(5))")
    }
}

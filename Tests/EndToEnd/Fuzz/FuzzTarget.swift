// libFuzzer entry over the whole pipeline; built and run by `run.sh` (not part of `swift test`).
import CardDiagnostics
import CardDriver
import CardEmit
import CardSema
import CardSyntax

/// One input: the bytes are `deck.cards`, which may import `lib.cards` (fixed, valid). It is
/// checked as `cardc check` does (`Pipeline.check`, every diagnostic renderer) and built as
/// `cardc build` does (its own `Pipeline.check`, then every back end, which builds every card's
/// model), in memory, and formatted as `cardc fmt` does. `check` and `build` share
/// `Pipeline.check`, so comparing their two runs' diagnostics tests that checking is
/// deterministic (no order from a hash seed, no state left from the run before). Any trap is a
/// finding, and so is an output with a raw control character, two runs that disagree about the
/// diagnostics, or a formatter that fails on a file without syntax errors or is not idempotent.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTarget.run(bytes)
    return 0
}

enum FuzzTarget {
    static let library = """
        theme Ocean: Mint { titleColor: #0B5394 }
        card Shared: rounded(radius: 4) { title("Shared") text("from lib") }

        """

    static func run(_ bytes: [UInt8]) {
        let provider = MemoryFileProvider(["lib.cards": library])
        let sources = ["deck.cards": bytes]
        let check = Pipeline.check(paths: ["deck.cards"], root: ".", provider: provider, sources: sources)
        let build = Pipeline.check(paths: ["deck.cards"], root: ".", provider: provider, sources: sources)
        guard check.hasErrors == build.hasErrors, check.diagnostics == build.diagnostics else {
            fatalError("two runs of Pipeline.check disagree: errors \(check.hasErrors) / \(build.hasErrors)")
        }
        let files = check.fileSet, diagnostics = check.diagnostics
        var outputs: [(name: String, text: String)] = [
            ("text", TextRenderer(useColor: false).render(diagnostics, in: files)),
            ("summary", TextRenderer.summary(for: diagnostics, fileCount: files.files.count)),
            ("json", JSONDiagnosticRenderer().render(diagnostics, in: files)),
            ("sarif", SARIFRenderer(toolVersion: Driver.version).render(diagnostics, in: files)),
            ("github", GitHubActionsRenderer().render(diagnostics, in: files)),
        ]
        if !build.hasErrors {
            for deck in build.decks {
                for backend in Backends.all {
                    outputs.append((backend.name, String(decoding: backend.emit(deck, options: BackendOptions()), as: UTF8.self)))
                }
            }
        }
        format(bytes)
        for (name, text) in outputs {
            if let scalar = firstRawControl(in: text, tabAllowed: ["text", "github", "html"].contains(name)) {
                fatalError("raw control character U+\(String(scalar.value, radix: 16, uppercase: true)) in the \(name) output")
            }
        }
    }

    /// `cardc fmt`: a file without syntax errors formats, and its formatted text formats to itself.
    static func format(_ bytes: [UInt8]) {
        let formatted: [UInt8]
        do {
            formatted = try Formatter.formattedBytes(Parser.parse(SourceFile(path: "deck.cards", bytes: bytes)))
        } catch .syntaxErrors {
            return
        } catch {
            fatalError("fmt failed: \(error)")
        }
        guard (try? Formatter.formattedBytes(Parser.parse(SourceFile(path: "deck.cards", bytes: formatted)))) == formatted else {
            fatalError("fmt is not idempotent")
        }
    }

    /// The first control character (C0 but the line feed, DEL, C1) in `text`. Tabs are kept in
    /// the line-oriented formats, text and GitHub commands (`TerminalText.escaped` keeps them:
    /// the text renderer lays them out, and a workflow command has no escape for one), and in
    /// the gallery, which escapes text as `TerminalText` does (a tab is white space to a
    /// browser); JSON, SARIF and Swift escape them, and the preview draws them as spaces. Read as UTF-8 bytes: C1 controls are the sequences C2 80 to C2 9F.
    static func firstRawControl(in text: String, tabAllowed: Bool) -> Unicode.Scalar? {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            defer { previous = byte }
            if byte < 0x20 {
                if byte == 0x0A || (byte == 0x09 && tabAllowed) { continue }
                return Unicode.Scalar(byte)
            }
            if byte == 0x7F { return Unicode.Scalar(byte) }
            if previous == 0xC2 && (0x80...0x9F).contains(byte) { return Unicode.Scalar(byte) }
        }
        return nil
    }
}

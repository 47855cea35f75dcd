// libFuzzer entry over the whole pipeline; built and run by `run.sh` (not part of `swift test`).
import CardPipeline
import CardDiagnostics
import CardDriver
import CardEmit
import CardJSON
import CardModel
import CardSema
import CardServer
import CardSyntax

/// One input: the bytes are `deck.cards`, which may import `lib.cards` (fixed, valid). It is
/// checked as `cardc check` does (`Pipeline.check`, every diagnostic renderer) and built as
/// `cardc build` does (its own `Pipeline.check`, then every back end, which builds every card's
/// model), in memory, and formatted as `cardc fmt` does. `check` and `build` share
/// `Pipeline.check`, so comparing their two runs' diagnostics tests that checking is
/// deterministic (no order from a hash seed, no state left from the run before). Any trap is a
/// finding, and so is an output with a raw control character, two runs that disagree about the
/// diagnostics, or a formatter that fails on a file without syntax errors or is not idempotent.
/// The same bytes then go to the language server (`serve`), raw and as an open document.
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
        serve(bytes)
        for (name, text) in outputs {
            if let scalar = firstRawControl(in: text, tabAllowed: ["text", "github", "html"].contains(name)) {
                fatalError("raw control character U+\(String(scalar.value, radix: 16, uppercase: true)) in the \(name) output")
            }
        }
    }

    /// `cardc lsp`: the bytes as a raw stream (the reader must survive any), then as a document
    /// opened, edited and asked every kind of request at positions the bytes give, in or out of
    /// range. Every message the server writes must be a well-formed JSON-RPC frame.
    static func serve(_ bytes: [UInt8]) {
        let raw = LanguageServer()
        raw.receive(bytes)
        while raw.processNext() {}
        raw.idle()
        expectFrames(raw.takeOutput())

        let server = LanguageServer()
        let uri = "file:///nonexistent-cardc-fuzz/deck.cards"
        let document: JSONValue = ["uri": .string(uri)]
        let text = String(decoding: bytes, as: UTF8.self)
        func position(_ n: Int) -> JSONValue {
            let b = bytes.isEmpty ? 0 : Int(bytes[n % bytes.count])
            return ["line": .int(b % 12), "character": .int((b * 7 + n) % 50)]
        }
        var messages: [JSONValue] = [
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["rootUri": "file:///nonexistent-cardc-fuzz", "capabilities": [:]]],
            ["jsonrpc": "2.0", "method": "initialized", "params": [:]],
            ["jsonrpc": "2.0", "method": "textDocument/didOpen",
             "params": ["textDocument": ["uri": .string(uri), "languageId": "cards", "version": 1, "text": .string(text)]]],
        ]
        let positioned = ["textDocument/hover", "textDocument/completion", "textDocument/signatureHelp", "textDocument/definition",
                          "textDocument/references", "textDocument/prepareRename"]
        for (n, method) in positioned.enumerated() {
            messages.append(["jsonrpc": "2.0", "id": .int(10 + n), "method": .string(method),
                             "params": ["textDocument": document, "position": position(n), "context": ["includeDeclaration": true]]])
        }
        let range: JSONValue = ["start": position(7), "end": position(8)]
        let whole = ["textDocument/documentSymbol", "textDocument/semanticTokens/full", "textDocument/foldingRange",
                     "textDocument/documentLink", "textDocument/formatting"]
        for (n, method) in whole.enumerated() {
            messages.append(["jsonrpc": "2.0", "id": .int(20 + n), "method": .string(method),
                             "params": ["textDocument": document, "options": ["tabSize": 4, "insertSpaces": true]]])
        }
        messages.append(["jsonrpc": "2.0", "id": 30, "method": "textDocument/codeAction",
                         "params": ["textDocument": document, "range": range, "context": ["diagnostics": []]]])
        messages.append(["jsonrpc": "2.0", "id": 31, "method": "textDocument/inlayHint", "params": ["textDocument": document, "range": range]])
        messages.append(["jsonrpc": "2.0", "id": 32, "method": "textDocument/rename",
                         "params": ["textDocument": document, "position": position(9), "newName": "Renamed"]])
        messages.append(["jsonrpc": "2.0", "id": 33, "method": "workspace/symbol", "params": ["query": .string(String(text.prefix(3)))]])
        // An edit that removes the range, then everything again on the edited text.
        messages.append(["jsonrpc": "2.0", "method": "textDocument/didChange",
                         "params": ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["range": range, "text": ""]]]])
        messages.append(["jsonrpc": "2.0", "id": 40, "method": "textDocument/hover", "params": ["textDocument": document, "position": position(10)]])
        messages.append(["jsonrpc": "2.0", "id": 41, "method": "textDocument/completion", "params": ["textDocument": document, "position": position(11)]])
        messages.append(["jsonrpc": "2.0", "id": 42, "method": "textDocument/semanticTokens/full", "params": ["textDocument": document]])
        for message in messages {
            server.receive(framed(message.serializedBytes()))
            while server.processNext() {}
        }
        server.idle()
        expectFrames(server.takeOutput())
    }

    /// Every message in `output` is a frame whose body parses as JSON.
    static func expectFrames(_ output: [UInt8]) {
        var reader = MessageReader()
        reader.append(output)
        while let event = reader.next() {
            guard case .message(let body) = event else { fatalError("the server wrote a malformed frame: \(event)") }
            guard (try? JSONParser.parse(body)) != nil else { fatalError("the server wrote a body that is not JSON") }
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

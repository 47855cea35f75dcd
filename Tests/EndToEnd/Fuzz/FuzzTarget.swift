// libFuzzer entry over the whole pipeline; built and run by `run.sh` (not part of `swift test`).
import CardPipeline
import CardDiagnostics
import CardDriver
import CardEmit
import CardJSON
import CardModel
import CardSources
import CardServer
import CardSyntax
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One input: the bytes are `deck.cards`, which may import `lib.cards` (fixed, valid). It is
/// checked as `cardc check` does (`Pipeline.check`, every diagnostic renderer) and built as
/// `cardc build` does (its own `Pipeline.check`, then every back end, which builds every card's
/// model), in memory, and formatted as `cardc fmt` does. `check` and `build` share
/// `Pipeline.check`, so comparing their two runs' diagnostics tests that checking is
/// deterministic (no order from a hash seed, no state left from the run before). Any trap is a
/// finding, and so is an output with a raw control character, two runs that disagree about the
/// diagnostics, or a formatter that fails on a file without syntax errors or is not idempotent.
/// The same bytes then go to the language server (`serve`), raw and as an open document; drive
/// a stream of edits, lone surrogates included, that the server's copy of the document must
/// follow exactly as a reference editor does (`sync`); and describe a directory tree with links
/// in and out, loops and odd names, which `DirectoryWalk` and the import resolver must walk and
/// check without ever reaching outside it (`walk`).
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
        sync(bytes)
        walk(bytes)
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
            // A client that pulls diagnostics and shows no code lenses (inlay hints carry them).
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["rootUri": "file:///nonexistent-cardc-fuzz", "capabilities": [
                "textDocument": ["diagnostic": [:]], "workspace": ["diagnostics": ["refreshSupport": true]]]]],
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
        messages.append(["jsonrpc": "2.0", "id": 34, "method": "textDocument/diagnostic",
                         "params": ["textDocument": document, "previousResultId": .string(String(text.prefix(8)))]])
        messages.append(["jsonrpc": "2.0", "id": 35, "method": "workspace/diagnostic",
                         "params": ["previousResultIds": [["uri": .string(uri), "value": .string(String(text.prefix(8)))],
                                                          ["uri": .string(String(text.prefix(40))), "value": ""]]]])
        messages.append(["jsonrpc": "2.0", "method": "workspace/didChangeWorkspaceFolders",
                         "params": ["event": ["added": [["uri": .string("file:///nonexistent-cardc-fuzz/" + text.prefix(20)), "name": "fuzz"]],
                                              "removed": [["uri": "file:///nonexistent-cardc-fuzz", "name": "root"]]]]])
        // An edit that removes the range, then everything again on the edited text.
        messages.append(["jsonrpc": "2.0", "method": "textDocument/didChange",
                         "params": ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["range": range, "text": ""]]]])
        messages.append(["jsonrpc": "2.0", "id": 40, "method": "textDocument/hover", "params": ["textDocument": document, "position": position(10)]])
        messages.append(["jsonrpc": "2.0", "id": 41, "method": "textDocument/completion", "params": ["textDocument": document, "position": position(11)]])
        messages.append(["jsonrpc": "2.0", "id": 42, "method": "textDocument/semanticTokens/full", "params": ["textDocument": document]])
        messages.append(["jsonrpc": "2.0", "id": 43, "method": "textDocument/diagnostic", "params": ["textDocument": document]])
        messages.append(["jsonrpc": "2.0", "id": 44, "method": "textDocument/inlayHint", "params": ["textDocument": document, "range": range]])
        for message in messages {
            server.receive(framed(message.serializedBytes()))
            while server.processNext() {}
        }
        server.idle()
        expectFrames(server.takeOutput())
    }

    // MARK: The server's text is the editor's text

    /// UTF-16 pieces the edits are made of: ASCII, line breaks, a BMP letter, pairs, lone halves.
    static let pieces: [[UInt16]] = [[0x61], [0x7B], [0x20], [0x0A], [0x0D], [0x0D, 0x0A], [0xE9], [0xD83D, 0xDE00],
                                     [0xD83C, 0xDF89], [0xD83D], [0xDE00], [0x22], [0x5C], [0x4E2D], [0x09], [0x7D]]

    /// Each lone surrogate as U+FFFD: what the server holds for an editor's text.
    static func replacingLoneSurrogates(_ units: [UInt16]) -> [UInt16] {
        var result = units
        var i = 0
        while i < result.count {
            if (0xD800...0xDBFF).contains(result[i]), i + 1 < result.count, (0xDC00...0xDFFF).contains(result[i + 1]) {
                i += 2
                continue
            }
            if (0xD800...0xDFFF).contains(result[i]) { result[i] = 0xFFFD }
            i += 1
        }
        return result
    }

    /// The UTF-16 offset of an LSP position in `units` (lines end at LF, CRLF or CR; clamped).
    static func offset(_ units: [UInt16], line: Int, character: Int) -> Int {
        var start = 0
        for _ in 0..<line {
            guard let end = units[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return units.count }
            start = end + (units[end] == 0x0D && end + 1 < units.count && units[end + 1] == 0x0A ? 2 : 1)
        }
        let lineEnd = units[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? units.count
        return min(start + character, lineEnd)
    }

    /// A JSON string of UTF-16 units as `JSON.stringify` writes it (lone surrogates as escapes).
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

    /// `cardc lsp`'s document sync: the bytes are read as an initial text and then edits (start
    /// and end positions, each possibly past an end or inside a pair, and the text inserted),
    /// sent as an editor sends them; after every change the server's document must be the
    /// reference editor's.
    static func sync(_ bytes: [UInt8]) {
        var input = bytes[...]
        func next() -> Int { input.popFirst().map(Int.init) ?? 0 }
        let server = LanguageServer()
        let uri = "file:///nonexistent-cardc-fuzz/sync.cards"
        var reference = replacingLoneSurrogates((0..<(next() % 24)).flatMap { _ in pieces[next() % pieces.count] })
        func send(_ body: String) {
            server.receive(framed(Array(body.utf8)))
            while server.processNext() {}
        }
        send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        send(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"cards","version":1,"text":\#(jsonString(reference))}}}"#)
        var version = 1
        while !input.isEmpty && version < 64 {
            version += 1
            var changes: [String] = []
            for _ in 0...(next() % 3) {
                let start = (next() % 8, next() % 16), end = (next() % 8, next() % 16)
                let text = (0..<(next() % 5)).flatMap { _ in pieces[next() % pieces.count] }
                var lower = offset(reference, line: start.0, character: start.1), upper = offset(reference, line: end.0, character: end.1)
                if upper < lower { swap(&lower, &upper) }
                reference.replaceSubrange(lower..<upper, with: replacingLoneSurrogates(text))
                reference = replacingLoneSurrogates(reference)
                changes.append(#"{"range":{"start":{"line":\#(start.0),"character":\#(start.1)},"end":{"line":\#(end.0),"character":\#(end.1)}},"text":\#(jsonString(text))}"#)
            }
            send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[\#(changes.joined(separator: ","))]}}"#)
            let held = server.openDocumentBytes(uri: uri).map { Array(String(decoding: $0, as: UTF8.self).utf16) }
            guard held == reference else { fatalError("the server's document diverged from the editor's at version \(version)") }
        }
        expectFrames(server.takeOutput())
    }

    // MARK: Directory walks never leave the directory

    static let secret = "SECRET-OUTSIDE-THE-WALK"
    static let walkNames: [[UInt8]] = ["a", "b", "c.cards", "d.cards", ".hidden", ".build", "e.cards", "up", "loop"].map { Array($0.utf8) }
        + [Array("bad".utf8) + [0xFF] + Array(".cards".utf8), Array("nl\n.cards".utf8)]
    static let walkTargets = [".", "..", "../..", "/", "a", "b/../c.cards", "c.cards", "d.cards", "loop", "up/outside", "../outside/secret.cards",
                              "OUTSIDE/secret.cards", "OUTSIDE/dir", "ROOT", "ROOT/a", "/proc/self/environ", "nowhere.cards"]
    static let walkContents = ["card W { text(\"w\") }\n", "card X { zz }\n", "import \"up/outside/secret.cards\"\n", "import \"c.cards\"\n",
                               "import \"../outside/secret.cards\"\nimport \"a/c.cards\"\n", "import \"loop/d.cards\"\ncard Y { text(\"y\") }\n"]

    /// A tree described by the bytes — directories, files and links (to `.`, `..`, `/`, files and
    /// directories outside, loops, names that are not UTF-8) — walked as `cardc check DIR` walks
    /// it and checked with its imports: nothing outside may be walked, loaded or shown, and no
    /// directory listed twice.
    static func walk(_ bytes: [UInt8]) {
        var template = Array("/tmp/cardc-fuzz-walk-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else { return }
        let base = String(cString: made)
        defer { removeTree(base) }
        let root = base + "/root", outside = base + "/outside"
        for directory in [root, outside, outside + "/dir"] { mkdir(directory, 0o755) }
        writeFile(outside + "/secret.cards", "card Secret { zz \(secret) }\n")
        writeFile(outside + "/dir/o.cards", "card Other { qq \(secret) }\n")
        var directories = [root]
        var input = bytes[...]
        func next() -> Int { input.popFirst().map(Int.init) ?? 0 }
        while !input.isEmpty && directories.count < 40 {
            let kind = next() % 4, parent = directories[next() % directories.count]
            let name = PathBytes.path(fromBytes: walkNames[next() % walkNames.count])
            let path = parent + "/" + name
            switch kind {
            case 0:
                if PathBytes.withCString(path, { mkdir($0, 0o755) }) == 0 { directories.append(path) }
            case 1:
                var target = walkTargets[next() % walkTargets.count]
                if target.hasPrefix("OUTSIDE") { target = outside + target.dropFirst("OUTSIDE".count) }
                if target.hasPrefix("ROOT") { target = root + target.dropFirst("ROOT".count) }
                _ = PathBytes.withCString(path) { link in symlink(target, link) }
            default:
                writeFile(path, walkContents[next() % walkContents.count])
            }
        }
        guard let walk = DirectoryWalk(root), let realRoot = LocalFiles.realPath(root) else { fatalError("the walk's root cannot be walked") }
        guard walk.directoriesListed <= directories.count else { fatalError("a directory was listed twice") }
        for file in walk.files {
            guard let real = LocalFiles.realPath(file), real.hasPrefix(realRoot + "/") else { fatalError("the walk found a file outside its directory") }
        }
        let files = walk.files.filter { LocalFiles.status(of: $0)?.kind == .regular }
        guard !files.isEmpty else { return }
        let result = Pipeline.check(paths: files, root: root, units: .importRoots)
        for file in result.fileSet.files {
            guard let real = result.canonicalPaths[file.id], real.hasPrefix(realRoot + "/") else { fatalError("a file outside the root was loaded") }
            guard !String(decoding: file.bytes, as: UTF8.self).contains(secret) else { fatalError("a file outside the root was read") }
        }
        let shown = TextRenderer(useColor: false).render(result.diagnostics, in: result.fileSet)
        guard !shown.contains(secret) else { fatalError("text from outside the root was shown") }
    }

    static func writeFile(_ path: String, _ text: String) {
        let fd = PathBytes.withCString(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        guard fd >= 0 else { return }
        var text = text
        _ = text.withUTF8 { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// Removes `path` and everything below it, links not followed.
    static func removeTree(_ path: String) {
        if case .success(let status) = LocalFiles.linkStatus(of: path), status.kind == .directory {
            for name in LocalFiles.entries(of: path) ?? [] { removeTree(path + "/" + name) }
            _ = PathBytes.withCString(path) { rmdir($0) }
        } else {
            _ = PathBytes.withCString(path) { unlink($0) }
        }
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

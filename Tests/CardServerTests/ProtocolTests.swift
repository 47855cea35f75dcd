import CardJSON
import CardServer
import Foundation
import Testing

let uri = "file:///nonexistent-cardc-root/main.cards"
let sample = """
/// A budget.
card Budget {
  model { spent: 0.5 }
  bar(percent: $spent)
  txt("x")
}
"""

@Suite struct LifecycleTests {
    @Test func requestsBeforeInitializeGetServerNotInitialized() {
        let session = Session()
        let replies = session.send(request(7, "textDocument/hover", textPosition(uri, 0, 0)))
        #expect(replies.first?.errorCode == -32002)
        #expect(replies.first?.id == 7)
        // Notifications before `initialize` are dropped.
        #expect(session.open(uri, sample).isEmpty)
    }

    @Test func initializeNegotiatesUTF8WhenOffered() {
        #expect(Session().initialize(encodings: ["utf-16", "utf-8"])?["result"]?["capabilities"]?["positionEncoding"] == "utf-8")
        #expect(Session().initialize(encodings: ["utf-16"])?["result"]?["capabilities"]?["positionEncoding"] == "utf-16")
        #expect(Session().initialize(encodings: nil)?["result"]?["capabilities"]?["positionEncoding"] == "utf-16")
    }

    @Test func unknownMethodsAndSecondInitialize() {
        let session = Session()
        session.initialize()
        #expect(session.send(request(2, "textDocument/frobnicate")).first?.errorCode == -32601)
        #expect(session.send(request(3, "initialize", ["capabilities": [:]])).first?.errorCode == -32600)
        // Unknown notifications are ignored.
        #expect(session.send(notification("$/unknown")).isEmpty)
    }

    @Test func shutdownThenExitIsZero() {
        let session = Session()
        session.initialize()
        #expect(session.send(request(2, "shutdown")).first?["result"] == .null)
        #expect(session.send(request(3, "textDocument/hover", textPosition(uri, 0, 0))).first?.errorCode == -32600)
        session.send(notification("exit"))
        #expect(session.server.exitCode == 0)
    }

    @Test func nullParamsAreNoParams() {
        let session = Session()
        session.initialize()
        #expect(session.send(["jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": .null]).first?["result"] == .null)
        session.send(["jsonrpc": "2.0", "method": "exit", "params": .null])
        #expect(session.server.exitCode == 0)
    }

    @Test func exitWithoutShutdownIsOne() {
        let session = Session()
        session.initialize()
        session.send(notification("exit"))
        #expect(session.server.exitCode == 1)
        let ended = Session()
        ended.initialize()
        ended.server.endOfInput()
        #expect(ended.server.exitCode == 1)
    }

    @Test func cancelDropsAQueuedRequest() {
        let session = Session()
        session.initialize()
        session.open(uri, sample)
        session.server.receive(frame(request(5, "textDocument/hover", textPosition(uri, 1, 6))) + frame(notification("$/cancelRequest", ["id": 5])))
        let cancelled = messages(in: session.server.takeOutput())
        #expect(cancelled.first?.errorCode == -32800)
        #expect(cancelled.first?.id == 5)
        while session.server.processNext() {}
        #expect(messages(in: session.server.takeOutput()).isEmpty)
    }
}

@Suite struct MalformedInputTests {
    func initialized() -> Session {
        let session = Session()
        session.initialize()
        return session
    }

    /// After the bad input, the server still answers.
    func expectAlive(_ session: Session) {
        #expect(session.send(request(99, "shutdown")).first?.id == 99)
    }

    @Test func invalidJSONGetsParseError() {
        let session = initialized()
        let replies = session.send(framed(Array("{not json".utf8)))
        #expect(replies.first?.errorCode == -32700)
        #expect(replies.first?["id"] == .null)
        // (A lone surrogate escape, `"\uD800"`, is valid JSON, read as U+FFFD: not here.)
        for body in ["", "{", "\u{0}", "\"\\uD80\"", "\"\\uD800\\u12\"", String(repeating: "[", count: 600)] {
            #expect(session.send(framed(Array(body.utf8))).first?.errorCode == -32700, "\(body.prefix(10))")
        }
        expectAlive(session)
    }

    @Test func nonRequestsGetInvalidRequest() {
        let session = initialized()
        for body in ["[]", "42", "{\"id\": 3}", "{\"id\": {}, \"method\": \"x\"}", "{\"method\": 5, \"id\": 4}", "{\"jsonrpc\": \"1.0\", \"id\": 6, \"method\": \"shutdown\"}"] {
            #expect(session.send(framed(Array(body.utf8))).first?.errorCode == -32600, "\(body)")
        }
        expectAlive(session)
    }

    @Test func wrongParameterTypesGetInvalidParams() {
        let session = initialized()
        session.open(uri, sample)
        let bad: [JSONValue] = [
            ["textDocument": ["uri": 5], "position": position(0, 0)],
            ["textDocument": ["uri": .string(uri)], "position": ["line": "one", "character": 0]],
            ["textDocument": ["uri": .string(uri)], "position": ["line": -1, "character": 0]],
            ["textDocument": ["uri": .string(uri)]],
            ["textDocument": "nope", "position": position(0, 0)],
        ]
        for (k, params) in bad.enumerated() {
            #expect(session.send(request(10 + k, "textDocument/hover", params)).first?.errorCode == -32602)
        }
        #expect(session.send(request(20, "textDocument/hover", .array([]))).first?.errorCode == -32602)
        // A malformed notification is dropped.
        #expect(session.send(notification("textDocument/didChange", ["textDocument": ["uri": .string(uri)], "contentChanges": "x"])).isEmpty)
        expectAlive(session)
    }

    @Test func positionsPastTheEndAreClamped() {
        let session = initialized()
        session.open(uri, sample)
        for (line, character) in [(0, 10_000), (10_000, 0), (Int(Int32.max), Int(Int32.max))] {
            let reply = session.send(request(30, "textDocument/hover", textPosition(uri, line, character))).first
            #expect(reply?["error"] == nil)
        }
        let hugeDouble = session.send(request(31, "textDocument/completion", ["textDocument": ["uri": .string(uri)], "position": ["line": 1e300, "character": 0]])).first
        #expect(hugeDouble?["error"] == nil)
        expectAlive(session)
    }

    @Test func badFramingIsSkipped() {
        let session = initialized()
        let replies = session.send(Array("Content-Length: nope\r\n\r\n".utf8) + frame(request(40, "shutdown")))
        #expect(replies.map(\.errorCode) == [-32700, nil])
        #expect(replies.last?.id == 40)
    }

    @Test func wrongLengthsRecover() {
        // Too short: the body is cut; the rest is read as the next header.
        let session = initialized()
        let body = request(41, "workspace/symbol", ["query": ""]).serializedBytes()
        var replies = session.send(Array("Content-Length: \(body.count - 5)\r\n\r\n".utf8) + body + frame(request(42, "workspace/symbol", ["query": ""])))
        #expect(replies.contains { $0.id == 42 && $0["error"] == nil })
        #expect(replies.contains { $0.errorCode == -32700 })
        // Too long: the body swallows the next message's start; it is read again.
        let second = initialized()
        replies = second.send(Array("Content-Length: \(body.count + 10)\r\n\r\n".utf8) + body + frame(request(43, "workspace/symbol", ["query": ""])))
        #expect(replies.first?.errorCode == -32700)
        #expect(replies.contains { $0.id == 43 && $0["error"] == nil })
    }

    @Test func hugeLengthIsRefused() {
        let session = initialized()
        let replies = session.send(Array("Content-Length: 999999999999\r\n\r\n".utf8) + frame(request(44, "shutdown")))
        #expect(replies.first?.errorCode == -32700)
        #expect(replies.last?.id == 44)
    }

    @Test func stalledBodyIsDropped() {
        let session = initialized()
        session.server.receive(Array("Content-Length: 100\r\n\r\n{\"jsonrpc\"".utf8))
        #expect(session.server.hasPartialInput)
        session.server.stalled()
        #expect(messages(in: session.server.takeOutput()).first?.errorCode == -32700)
        expectAlive(session)
    }

    @Test func randomBytesNeverStopTheServer() {
        var generator = SystemRandomNumberGenerator()
        let session = initialized()
        session.open(uri, sample)
        for _ in 0..<200 {
            let count = Int.random(in: 0..<200, using: &generator)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if Bool.random(using: &generator) { bytes = Array("Content-Length: \(count / 2)\r\n\r\n".utf8) + bytes }
            session.send(bytes)
            session.server.stalled()
        }
        _ = session.server.takeOutput()
        expectAlive(session)
    }
}

@Suite struct FeatureProtocolTests {
    func opened(encodings: [String]? = nil) -> (Session, [JSONValue]) {
        let session = Session()
        session.initialize(encodings: encodings)
        return (session, session.open(uri, sample))
    }

    @Test func diagnosticsArePublishedWithCodesAndFixes() throws {
        let (_, published) = opened()
        let notification = try #require(published.first { $0.method == "textDocument/publishDiagnostics" })
        let diagnostics = try #require(notification["params"]?["diagnostics"]?.array)
        let unknown = try #require(diagnostics.first { $0["code"] == "E301" })
        #expect(unknown["range"] == ["start": position(4, 2), "end": position(4, 5)])
        #expect(unknown["codeDescription"]?["href"] == "cardc-explain:E301")
        #expect(unknown["severity"] == 1)
        #expect(notification["params"]?["version"] == 1)
    }

    /// Every workspace folder of `initialize` is a project root: a deck deep in the second one
    /// imports from that folder's top (E308, outside the root, when only the first counted).
    @Test func everyWorkspaceFolderIsARoot() throws {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("cardc-folders-\(getpid())")
        defer { try? FileManager.default.removeItem(at: top) }
        let second = top.appendingPathComponent("second")
        try FileManager.default.createDirectory(at: second.appendingPathComponent("deck"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: top.appendingPathComponent("first"), withIntermediateDirectories: true)
        try "theme T: Mint { }\n".write(to: second.appendingPathComponent("theme.cards"), atomically: true, encoding: .utf8)
        let session = Session()
        let folders: JSONValue = .array(["first", "second"].map { name in
            ["uri": .string("file://" + top.appendingPathComponent(name).path), "name": .string(name)]
        })
        session.send(request(1, "initialize", ["workspaceFolders": folders, "capabilities": [:]]))
        session.send(notification("initialized"))
        let main = "file://" + second.appendingPathComponent("deck/main.cards").path
        let published = session.open(main, "import \"../theme.cards\"\ncard A { text(\"a\") }\n")
        let notification = try #require(published.first { $0.method == "textDocument/publishDiagnostics" })
        #expect(notification["params"]?["diagnostics"]?.array?.isEmpty == true)
    }

    @Test func incrementalAndFullChangesRepublish() throws {
        let (session, _) = opened()
        // Fix `txt` → `text` with a range edit.
        var replies = session.send(notification("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 2],
            "contentChanges": [["range": ["start": position(4, 2), "end": position(4, 5)], "text": "text"]],
        ]))
        var diagnostics = try #require(replies.first?["params"]?["diagnostics"]?.array)
        #expect(diagnostics.isEmpty)
        #expect(replies.first?["params"]?["version"] == 2)
        replies = session.send(notification("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 3], "contentChanges": [["text": "card A { nope(1) }"]],
        ]))
        diagnostics = try #require(replies.first?["params"]?["diagnostics"]?.array)
        #expect(diagnostics.map { $0["code"] } == ["E301"])
    }

    @Test func utf8AndUTF16PositionsDiffer() throws {
        let text = "card A { text(\"é😀\", style: .title) }"
        for (encodings, character) in [(["utf-8"], 32), (["utf-16"], 29)] {
            let session = Session()
            session.initialize(encodings: encodings)
            session.open(uri, text)
            let hover = session.send(request(2, "textDocument/hover", textPosition(uri, 0, character))).first
            #expect(hover?["result"]?["contents"]?["value"]?.string?.contains("TextStyle") == true, "\(encodings)")
        }
    }

    @Test func completionUsesSnippetsWhenSupported() throws {
        let (session, _) = opened()
        let reply = session.send(request(2, "textDocument/completion", textPosition(uri, 3, 0))).first
        let items = try #require(reply?["result"]?["items"]?.array)
        let text = try #require(items.first { $0["label"] == "text" })
        #expect(text["insertTextFormat"] == 2)
        #expect(text["textEdit"]?["newText"] == "text(\"${1:text}\")")
    }

    @Test func everyFeatureAnswers() throws {
        let (session, _) = opened()
        let document: JSONValue = ["textDocument": ["uri": .string(uri)]]
        let range: JSONValue = ["start": position(0, 0), "end": position(6, 0)]
        let requests: [(String, JSONValue)] = [
            ("textDocument/hover", textPosition(uri, 3, 17)),
            ("textDocument/signatureHelp", textPosition(uri, 3, 8)),
            ("textDocument/definition", textPosition(uri, 3, 17)),
            ("textDocument/references", ["textDocument": ["uri": .string(uri)], "position": position(2, 11), "context": ["includeDeclaration": true]]),
            ("textDocument/documentSymbol", document),
            ("workspace/symbol", ["query": "bud"]),
            ("textDocument/codeAction", ["textDocument": ["uri": .string(uri)], "range": ["start": position(4, 2), "end": position(4, 2)], "context": ["diagnostics": []]]),
            ("textDocument/prepareRename", textPosition(uri, 3, 17)),
            ("textDocument/rename", ["textDocument": ["uri": .string(uri)], "position": position(3, 17), "newName": "used"]),
            ("textDocument/semanticTokens/full", document),
            ("textDocument/foldingRange", document),
            ("textDocument/documentLink", document),
            ("textDocument/inlayHint", ["textDocument": ["uri": .string(uri)], "range": range]),
            ("textDocument/formatting", ["textDocument": ["uri": .string(uri)], "options": ["tabSize": 2, "insertSpaces": true]]),
        ]
        var results: [String: JSONValue] = [:]
        for (k, (method, params)) in requests.enumerated() {
            let reply = session.send(request(100 + k, method, params)).first
            #expect(reply?["error"] == nil, "\(method)")
            results[method] = reply?["result"]
        }
        #expect(results["textDocument/hover"]?["contents"]?["value"]?.string?.contains("$spent: Double") == true)
        #expect(results["textDocument/signatureHelp"]?["signatures"]?[0]?["label"]?.string?.hasPrefix("bar(") == true)
        #expect(results["textDocument/definition"]?[0]?["range"] == ["start": position(2, 10), "end": position(2, 15)])
        #expect(results["textDocument/references"]?.array?.count == 2)
        #expect(results["textDocument/documentSymbol"]?[0]?["name"] == "Budget")
        #expect(results["workspace/symbol"]?[0]?["name"] == "Budget")
        #expect(results["textDocument/codeAction"]?[0]?["title"] == "Replace `txt` with `text`")
        #expect(results["textDocument/prepareRename"]?["placeholder"] == "spent")
        #expect(results["textDocument/rename"]?["changes"]?[uri]?.array?.count == 2)
        #expect((results["textDocument/semanticTokens/full"]?["data"]?.array?.count ?? 0) % 5 == 0)
        #expect(results["textDocument/foldingRange"]?.array?.isEmpty == false)
        #expect(results["textDocument/inlayHint"]?[0]?["label"] == ": Double")
        // The sample's one-line model block opens onto its own lines.
        #expect(results["textDocument/formatting"]?.array?.count == 1)
    }

    @Test func formattingGivesOneEditAndLeavesBrokenFilesAlone() throws {
        let session = Session()
        #expect(session.initialize()?["result"]?["capabilities"]?["documentFormattingProvider"] == true)
        session.open(uri, "card A{text(\"x\")}\n")
        let options: JSONValue = ["tabSize": 2, "insertSpaces": true]
        let edits = try #require(session.send(request(2, "textDocument/formatting", ["textDocument": ["uri": .string(uri)], "options": options])).first?["result"]?.array)
        #expect(edits.count == 1)
        #expect(edits.first?["newText"]?.string?.contains("text(\"x\")") == true)
        session.send(notification("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["text": "card A { text(\"x\" }"]]]))
        #expect(session.send(request(3, "textDocument/formatting", ["textDocument": ["uri": .string(uri)], "options": options])).first?["result"] == [])
        #expect(session.send(request(4, "textDocument/formatting", ["textDocument": ["uri": .string(uri)], "options": 5])).first?.errorCode == -32602)
    }

    @Test func renameErrorsAreRequestFailed() {
        let (session, _) = opened()
        let reply = session.send(request(2, "textDocument/rename", ["textDocument": ["uri": .string(uri)], "position": position(3, 17), "newName": "1bad"])).first
        #expect(reply?.errorCode == -32803)
    }

    @Test func closingClearsDiagnostics() {
        let (session, _) = opened()
        let replies = session.send(notification("textDocument/didClose", ["textDocument": ["uri": .string(uri)]]))
        #expect(replies.first?["params"]?["diagnostics"] == [])
        #expect(session.send(request(2, "textDocument/hover", textPosition(uri, 1, 6))).first?["result"] == .null)
    }

    @Test func importsResolveFromOpenBuffersFirst() throws {
        let session = Session()
        session.initialize()
        let themeURI = "file:///nonexistent-cardc-root/theme.cards"
        session.open(themeURI, "theme Green: Mint { titleColor: #00FF00 }\n")
        let published = session.open(uri, "import \"theme.cards\"\ncard A { text(\"a\") }\nstack S: list {\n  theme: Green\n  A\n}\n")
        let main = try #require(published.first { $0["params"]?["uri"] == .string(uri) })
        #expect(main["params"]?["diagnostics"] == [])
        // Breaking the theme republishes the file that imports it.
        let replies = session.send(notification("textDocument/didChange", [
            "textDocument": ["uri": .string(themeURI), "version": 2], "contentChanges": [["text": "theme Blue: Mint {}\n"]],
        ]))
        let again = try #require(replies.first { $0["params"]?["uri"] == .string(uri) })
        #expect(again["params"]?["diagnostics"]?[0]?["code"] == "E304")
    }
}

import CardDiagnostics
import CardIDE
import CardJSON
import CardModel
import CardSources

/// The language server's protocol state machine: bytes in, framed JSON-RPC messages out. It
/// knows LSP and JSON only; every answer comes from `CardIDE` (the rust-analyzer split). One
/// thread drives it (`StdioTransport`, or a test): `receive` parses what arrived and queues it
/// (a `$/cancelRequest` drops a queued request at once, answering it as cancelled),
/// `processNext` answers one queued message, and `idle` — when the queue is empty — publishes
/// diagnostics for the documents that changed. No input makes it trap or stop answering.
public final class LanguageServer {
    public struct Options: Sendable {
        /// How long a message may stay incomplete before it is dropped (the transport reads it).
        public var stallTimeoutMilliseconds: Int = 2000
        public var maximumMessageLength: Int = MessageReader.defaultMaximumLength
        /// The version `initialize` reports (`cardc --version`'s).
        public var version = "0"
        public init() {}
    }

    enum State { case uninitialized, running, shutDown }

    public let options: Options
    private var reader: MessageReader
    private var queue: [IncomingMessage] = []
    private var output: [UInt8] = []
    private var state = State.uninitialized
    /// Set by `exit` (0 after `shutdown`, else 1) or by the end of input.
    public private(set) var exitCode: Int32?

    // Negotiated at `initialize`.
    private(set) var encoding = PositionEncoding.utf16
    private var workspace = Workspace(roots: [])
    private var snippetSupport = false
    private var hierarchicalSymbols = false
    private var previewWidth = 48
    private var explainURL = "cardc-explain:{code}"
    /// Whether workspace edits may be `documentChanges` (with each document's version).
    private var documentChangesSupport = false
    /// How many requests the server sent the client (`window/showDocument`), for their ids.
    private var sentRequests = 0
    /// Whether the client reports changes on disk once asked (`client/registerCapability`);
    /// otherwise the workspace folders are walked again at each save.
    private var watchesFiles = false
    /// Whether the client pulls diagnostics: it declares `textDocument.diagnostic`, and
    /// `workspace.diagnostics.refreshSupport` so that it pulls again when an imported file
    /// changes. Then none is pushed (every problem would show twice); a client that pulls but
    /// cannot be asked to pull again is pushed to, so its importers' diagnostics stay current.
    private var pullsDiagnostics = false
    /// Whether the client shows code lenses; without them, inlay hints carry what they say.
    private var showsCodeLenses = false
    /// The diagnostics last pulled for each file, kept while nothing they came from changed.
    private var pulledReports: [String: PulledReport] = [:]
    /// How many distinct reports were made (result ids), after this process's own prefix: a
    /// client holding ids from an earlier server never matches one of this one's.
    private var reportCount = 0
    private let resultIDPrefix = String(UInt32.random(in: 0...UInt32.max), radix: 36)
    /// Documents changed in buffers, and whether files changed on disk, since the last `idle`:
    /// a pulling client is asked to pull again when other files' diagnostics may follow.
    private var changedDocuments = Set<String>()
    private var changedOnDisk = false

    /// The client's URI for each open document's path.
    private var uris: [String: String] = [:]
    /// The (revision, version) of the snapshot whose diagnostics each open document last got.
    private var published: [String: (Int, Int)] = [:]
    /// Configuration problems already shown to the user (`window/showMessage`).
    private var shownProblems = Set<String>()
    private let log: (String) -> Void

    public init(options: Options = Options(), log: @escaping (String) -> Void = { _ in }) {
        self.options = options
        self.log = log
        reader = MessageReader(maximumLength: options.maximumMessageLength)
    }

    // MARK: Transport side

    /// Whether messages wait to be answered.
    public var hasQueuedMessages: Bool { !queue.isEmpty }
    /// Whether part of a message has arrived.
    public var hasPartialInput: Bool { reader.pendingByteCount > 0 }

    /// The framed messages to write, handed over.
    public func takeOutput() -> [UInt8] {
        defer { output = [] }
        return output
    }

    /// The text the server holds for the open document at `uri` (what it checks, formats and
    /// converts positions against), or nil when none is open there.
    public func openDocumentBytes(uri: String) -> [UInt8]? {
        path(ofURI: uri).flatMap { workspace.document($0)?.bytes }
    }

    /// Feeds bytes read from the client.
    public func receive<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        reader.append(bytes)
        while let event = reader.next() {
            switch event {
            case .message(let body): enqueue(body)
            case .malformed(let reason): reject(reason)
            }
        }
    }

    /// A partial message stopped arriving: it is dropped and reading resumes after it.
    public func stalled() {
        if let event = reader.abandonPartialMessage(), case .malformed(let reason) = event { reject(reason) }
        receive([])
    }

    /// The client closed its end: what is queued is answered, and the exit code set (1: the
    /// client never sent `exit`, so it did not mean to stop us; 0 after `shutdown`).
    public func endOfInput() {
        stalled()
        while exitCode == nil && processNext() {}
        if exitCode == nil { exitCode = state == .shutDown ? 0 : 1 }
    }

    private func reject(_ reason: String) {
        log("dropped malformed input: \(reason)")
        send(Outgoing.error(id: .null, ResponseError(.parseError, reason)))
    }

    private func enqueue(_ body: [UInt8]) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(body)
        } catch {
            reject("invalid JSON: \(error)")
            // A wrong Content-Length may have swallowed the next message's header.
            reader.reread(afterBadBody: body)
            return
        }
        let message = IncomingMessage(value)
        if case .notification("$/cancelRequest", let params) = message {
            // Cancel a request still queued: it is answered now, as cancelled.
            if let id = params?["id"], let at = queue.firstIndex(where: { if case .request(id, _, _) = $0 { true } else { false } }) {
                queue.remove(at: at)
                send(Outgoing.error(id: id, ResponseError(.requestCancelled, "cancelled")))
            }
            return
        }
        queue.append(message)
    }

    /// Answers the oldest queued message; false when none is queued.
    @discardableResult
    public func processNext() -> Bool {
        guard exitCode == nil, !queue.isEmpty else { return false }
        let message = queue.removeFirst()
        switch message {
        case .request(let id, let method, let params):
            do {
                if method == "textDocument/semanticTokens/full" && state == .running {
                    send(body: try semanticTokensResponse(id: id, Params(value: params)))
                } else {
                    send(Outgoing.response(id: id, result: try request(method, Params(value: params))))
                }
            } catch let error as ResponseError {
                send(Outgoing.error(id: id, error))
            } catch {
                send(Outgoing.error(id: id, ResponseError(.internalError, "\(error)")))
            }
        case .notification(let method, let params):
            do {
                try notification(method, Params(value: params))
            } catch {
                log("dropped notification \(method): \(error)")
            }
        case .response:
            break
        case .invalid(let id, let reason):
            send(Outgoing.error(id: id, ResponseError(.invalidRequest, reason)))
        }
        return true
    }

    /// Publishes diagnostics for every open document whose snapshot changed since it last got
    /// some (the one edited, and those importing it). Call when the queue is empty, so a burst
    /// of edits is checked once.
    public func idle() {
        guard state == .running else { return }
        if pullsDiagnostics { return refreshIfOthersChanged() }
        for path in workspace.openPaths {
            guard let snapshot = workspace.snapshot(of: path) else { continue }
            if let last = published[path], last == (snapshot.revision, snapshot.version) { continue }
            published[path] = (snapshot.revision, snapshot.version)
            publishDiagnostics(snapshot)
        }
    }

    private func send(_ message: JSONValue) {
        send(body: message.serializedBytes())
    }

    /// Frames a serialized message into the output (the header, then the body: no third copy).
    private func send(body: [UInt8]) {
        output += Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        output += body
    }

    // MARK: Dispatch

    private func request(_ method: String, _ params: Params) throws -> JSONValue {
        switch state {
        case .uninitialized:
            guard method == "initialize" else { throw ResponseError(.serverNotInitialized, "the server is not initialized: send `initialize` first") }
            return try initialize(params)
        case .shutDown:
            throw ResponseError(.invalidRequest, "the server is shut down: only `exit` is accepted")
        case .running:
            break
        }
        switch method {
        case "initialize": throw ResponseError(.invalidRequest, "the server is already initialized")
        case "shutdown":
            state = .shutDown
            return .null
        case "textDocument/completion": return try completion(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/signatureHelp": return try signatureHelp(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/documentSymbol": return try documentSymbols(params)
        case "workspace/symbol": return try workspaceSymbols(params)
        case "textDocument/codeAction": return try codeActions(params)
        case "textDocument/prepareRename": return try prepareRename(params)
        case "textDocument/rename": return try rename(params)
        case "textDocument/foldingRange": return try foldingRanges(params)
        case "textDocument/documentLink": return try documentLinks(params)
        case "textDocument/inlayHint": return try inlayHints(params)
        case "textDocument/formatting": return try formatting(params)
        case "workspace/willRenameFiles": return try willRenameFiles(params)
        case "textDocument/codeLens": return try codeLenses(params)
        case "textDocument/diagnostic": return try documentDiagnosticReport(params)
        case "workspace/diagnostic": return try workspaceDiagnosticReport(params)
        case "workspace/executeCommand": return try executeCommand(params)
        default:
            throw ResponseError(.methodNotFound, "unknown method `\(method)`")
        }
    }

    private func notification(_ method: String, _ params: Params) throws {
        if method == "exit" {
            exitCode = state == .shutDown ? 0 : 1
            return
        }
        guard state == .running else { return } // dropped before `initialize` and after `shutdown`
        switch method {
        case "initialized":
            // The index is made now, after `initialize` is answered: the client is not kept waiting.
            _ = workspace.currentIndex()
            if watchesFiles {
                send(Outgoing.request(id: "cardc-watch", "client/registerCapability", ["registrations": [[
                    "id": "cardc-watch", "method": "workspace/didChangeWatchedFiles",
                    "registerOptions": ["watchers": [["globPattern": "**/*.cards"], ["globPattern": "**/cardc.json"]]],
                ]]]))
            }
        case "textDocument/didSave":
            if !watchesFiles, !workspace.rescan().isEmpty { changedOnDisk = true }
        case "workspace/didRenameFiles":
            // The files moved: the index and the snapshots that loaded them follow the disk.
            workspace.rescan()
            changedOnDisk = true
        case "workspace/didChangeWorkspaceFolders": try didChangeWorkspaceFolders(params)
        case "textDocument/didOpen": try didOpen(params)
        case "textDocument/didChange": try didChange(params)
        case "textDocument/didClose": try didClose(params)
        case "workspace/didChangeWatchedFiles":
            for change in try params.array("changes") {
                if let uri = change["uri"]?.string, let path = path(ofURI: uri) {
                    workspace.fileChanged(path)
                    changedOnDisk = true
                }
            }
        default:
            break // `$/setTrace`, `workspace/didChangeConfiguration`…
        }
    }

    // MARK: Lifecycle

    private func initialize(_ params: Params) throws -> JSONValue {
        let capabilities = params.lookUp("capabilities")
        let offered = capabilities?["general"]?["positionEncodings"]?.array?.compactMap(\.string)
        if let offered {
            if offered.contains(PositionEncoding.utf8.rawValue) { encoding = .utf8 }
            else if offered.contains(PositionEncoding.utf16.rawValue) || offered.isEmpty { encoding = .utf16 }
            else if offered.contains(PositionEncoding.utf32.rawValue) { encoding = .utf32 }
        }
        snippetSupport = capabilities?["textDocument"]?["completion"]?["completionItem"]?["snippetSupport"]?.bool ?? false
        hierarchicalSymbols = capabilities?["textDocument"]?["documentSymbol"]?["hierarchicalDocumentSymbolSupport"]?.bool ?? false
        documentChangesSupport = capabilities?["workspace"]?["workspaceEdit"]?["documentChanges"]?.bool ?? false
        watchesFiles = capabilities?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool ?? false
        if case .object? = capabilities?["textDocument"]?["diagnostic"] {
            pullsDiagnostics = capabilities?["workspace"]?["diagnostics"]?["refreshSupport"]?.bool == true
        }
        if case .object? = capabilities?["textDocument"]?["codeLens"] { showsCodeLenses = true }
        if let options = params.lookUp("initializationOptions") {
            if let width = options["previewWidth"]?.int, width >= 20, width <= 400 { previewWidth = width }
            if let template = options["explainURL"]?.string, template.contains("{code}") { explainURL = template }
        }
        // Every workspace folder is a root; without any, the older `rootUri`, then `rootPath`.
        var rootPaths = (params.lookUp("workspaceFolders")?.array ?? []).compactMap { $0["uri"]?.string.flatMap(DocumentURI.path(of:)) }
        if rootPaths.isEmpty, let uri = params.lookUp("rootUri")?.string, let path = DocumentURI.path(of: uri) { rootPaths = [path] }
        if rootPaths.isEmpty, let path = params.lookUp("rootPath")?.string, path.hasPrefix("/") { rootPaths = [path] }
        let base = DiskFileProvider()
        workspace = Workspace(roots: rootPaths.map { base.canonicalPath($0) }, base: base)
        state = .running
        return [
            "capabilities": capabilitiesJSON(),
            "serverInfo": ["name": "cardc", "version": .string(options.version)],
        ]
    }


    private func capabilitiesJSON() -> JSONValue {
        var capabilities: [(String, JSONValue)] = [
            ("positionEncoding", .string(encoding.rawValue)),
            ("textDocumentSync", ["openClose": true, "change": 2, "save": true]),
            ("completionProvider", ["triggerCharacters": .array(completionTriggerCharacters.map(JSONValue.string)),
                                    "resolveProvider": false]),
            ("hoverProvider", true),
            ("signatureHelpProvider", ["triggerCharacters": ["(", ","], "retriggerCharacters": [":"]]),
            ("definitionProvider", true),
            ("referencesProvider", true),
            ("documentSymbolProvider", true),
            ("workspaceSymbolProvider", true),
            ("codeActionProvider", ["codeActionKinds": [.string(CodeAction.Kind.quickFix.rawValue), .string(CodeAction.Kind.sourceFixAll.rawValue)]]),
            ("renameProvider", ["prepareProvider": true]),
            ("semanticTokensProvider", [
                "legend": ["tokenTypes": .array(SemanticTokenType.allCases.map { .string($0.name) }),
                           "tokenModifiers": .array(SemanticTokenModifiers.names.map(JSONValue.string))],
                "full": true, "range": false,
            ]),
            ("foldingRangeProvider", true),
            ("documentLinkProvider", ["resolveProvider": false]),
            ("inlayHintProvider", true),
            ("codeLensProvider", ["resolveProvider": false]),
            ("executeCommandProvider", ["commands": [.string(Self.openCommand)]]),
        ]
        if pullsDiagnostics {
            // A file's diagnostics depend on the files it imports; every file of the workspace
            // is reported, open or not.
            capabilities.append(("diagnosticProvider", ["identifier": "cardc", "interFileDependencies": true, "workspaceDiagnostics": true]))
        }
        capabilities.append(("documentFormattingProvider", true))
        // Moving `.cards` files, or folders holding them, rewrites the imports that name them.
        let filters: JSONValue = [["pattern": ["glob": "**/*.cards", "matches": "file"]], ["pattern": ["glob": "**", "matches": "folder"]]]
        capabilities.append(("workspace", [
            "workspaceFolders": ["supported": true, "changeNotifications": true],
            "fileOperations": ["willRename": ["filters": filters], "didRename": ["filters": filters]],
        ]))
        return .object(capabilities)
    }


    // MARK: Documents

    /// The canonical path for a URI: a `file:` URI's path; any other URI is kept under `/`
    /// as a name of its own (an unsaved buffer), so it never names a file on disk.
    private func path(ofURI uri: String) -> String? {
        if let path = DocumentURI.path(of: uri) { return workspace.canonicalPath(path) }
        guard !uri.isEmpty, uri.utf8.count < 4096, !uri.utf8.contains(0) else { return nil }
        return "/" + String(uri.map { $0 == "/" ? "∕" : $0 })
    }

    private func uri(ofPath path: String) -> String { uris[path] ?? DocumentURI.uri(forPath: path) }

    /// The path of `textDocument.uri` in the parameters.
    private func documentPath(_ params: Params) throws -> String {
        let uri = try params.object("textDocument").string("uri")
        guard let path = path(ofURI: uri) else { throw ResponseError.invalidParams("`\(uri)` is not a document URI") }
        return path
    }

    private func didOpen(_ params: Params) throws {
        let document = try params.object("textDocument")
        let uri = try document.string("uri")
        let text = try document.string("text")
        let version = try document.optionalInt("version") ?? 0
        guard let path = path(ofURI: uri) else { throw ResponseError.invalidParams("`\(uri)` is not a document URI") }
        uris[path] = uri
        workspace.open(path: path, bytes: Array(text.utf8), version: version)
        published[path] = nil
        changedDocuments.insert(path)
    }

    private func didChange(_ params: Params) throws {
        let path = try documentPath(params)
        let version = try params.object("textDocument").optionalInt("version") ?? 0
        guard workspace.document(path) != nil else { throw ResponseError.invalidParams("`\(path)` is not open") }
        let changes = try params.array("contentChanges")
        changedDocuments.insert(path)
        // Read every change before applying any, so a malformed one changes nothing.
        var edits: [(range: (LinePosition, LinePosition)?, text: String)] = []
        for change in changes {
            let change = Params(value: change)
            let text = try change.string("text")
            if let range = try change.optionalObject("range") {
                edits.append(((try position(range.object("start")), try position(range.object("end"))), text))
            } else {
                edits.append((nil, text))
            }
        }
        for edit in edits {
            if let (start, end) = edit.range, var index = workspace.lineIndex(of: path) {
                // Deleting from between the halves of one pair to between those of another
                // leaves the editor the first's high half beside the second's low half: one
                // character (the same one, when both ends are in one pair).
                if edit.text.isEmpty, let first = index.surrogatePairSplit(at: start, in: encoding),
                   let second = index.surrogatePairSplit(at: end, in: encoding) {
                    workspace.joinSurrogateHalves(path: path, from: min(first, second), to: max(first, second))
                    continue
                }
                // Otherwise an end between the halves of a pair leaves the editor two lone
                // surrogates: the server's text gets U+FFFD for each (one UTF-16 unit, as each
                // half), so the edit lands where the editor made it and the texts stay aligned.
                for position in [start, end] {
                    guard let pair = index.surrogatePairSplit(at: position, in: encoding) else { continue }
                    workspace.splitSurrogatePair(path: path, at: pair)
                    if let updated = workspace.lineIndex(of: path) { index = updated }
                }
                var lower = index.offset(of: start, in: encoding), upper = index.offset(of: end, in: encoding)
                if upper < lower { swap(&lower, &upper) }
                workspace.replace(path: path, range: lower..<upper, with: Array(edit.text.utf8), version: version)
            } else {
                workspace.replaceAll(path: path, with: Array(edit.text.utf8), version: version)
            }
        }
    }

    private func didClose(_ params: Params) throws {
        let path = try documentPath(params)
        let uri = uri(ofPath: path)
        workspace.close(path: path)
        uris[path] = nil
        published[path] = nil
        changedDocuments.insert(path)
        // A pulling client forgets a closed document's diagnostics itself.
        if !pullsDiagnostics {
            send(Outgoing.notification("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []]))
        }
    }

    private func position(_ params: Params) throws -> LinePosition {
        LinePosition(line: try params.unsigned("line"), character: try params.unsigned("character"))
    }

    /// The current snapshot of the document a request names, and the byte offset of its
    /// `position` (clamped to the text); nil for a document that is not open.
    private func snapshotAndOffset(_ params: Params) throws -> (Snapshot, Int)? {
        let path = try documentPath(params)
        let position = try position(params.object("position"))
        guard let snapshot = workspace.snapshot(of: path) else { return nil }
        return (snapshot, snapshot.lineIndex.offset(of: position, in: encoding))
    }

    private func snapshot(_ params: Params) throws -> Snapshot? {
        workspace.snapshot(of: try documentPath(params))
    }

    private func byteRange(_ params: Params, in snapshot: Snapshot) throws -> Range<Int> {
        let start = snapshot.lineIndex.offset(of: try position(params.object("start")), in: encoding)
        let end = snapshot.lineIndex.offset(of: try position(params.object("end")), in: encoding)
        return min(start, end)..<max(start, end)
    }

    // MARK: Conversions

    /// Converts byte ranges of any file the given snapshots loaded into protocol ranges.
    private struct Converter {
        let server: LanguageServer
        let snapshots: [Snapshot]
        var cache: [String: LineIndex] = [:]

        mutating func lineIndex(_ path: String) -> LineIndex? {
            if let cached = cache[path] { return cached }
            var index: LineIndex?
            for snapshot in snapshots {
                if snapshot.path == path { index = snapshot.lineIndex; break }
                if let file = snapshot.sourceFile(atPath: path) { index = snapshot.lineIndex(of: file.id); break }
            }
            if index == nil { index = server.workspace.lineIndex(of: path) ?? server.workspace.lineIndex(ofFile: path) }
            if let index { cache[path] = index }
            return index
        }

        mutating func range(_ range: Range<Int>, in path: String) -> JSONValue {
            guard let index = lineIndex(path) else { return LanguageServer.json(LinePosition(line: 0, character: 0)..<LinePosition(line: 0, character: 0)) }
            return LanguageServer.json(index.position(of: range.lowerBound, in: server.encoding)..<index.position(of: range.upperBound, in: server.encoding))
        }

        mutating func location(_ location: Location) -> JSONValue {
            ["uri": .string(server.uri(ofPath: location.path)), "range": range(location.range, in: location.path)]
        }

        /// The edits by document: as `changes`, or as `documentChanges` naming each
        /// document's version (the open one's, null for a file on disk) so that a client
        /// refuses an edit made for text it no longer holds.
        mutating func workspaceEdit(_ edits: [FileEdit], documentChanges: Bool = false) -> JSONValue {
            var byPath: [(String, [JSONValue])] = []
            var positions: [String: Int] = [:]
            for edit in edits {
                let textEdit: JSONValue = ["range": range(edit.location.range, in: edit.location.path), "newText": .string(edit.newText)]
                if let at = positions[edit.location.path] {
                    byPath[at].1.append(textEdit)
                } else {
                    positions[edit.location.path] = byPath.count
                    byPath.append((edit.location.path, [textEdit]))
                }
            }
            guard documentChanges else { return ["changes": .object(byPath.map { (server.uri(ofPath: $0.0), .array($0.1)) })] }
            return ["documentChanges": .array(byPath.map { path, textEdits in
                let version: JSONValue = server.workspace.document(path).map { .int($0.version) } ?? .null
                return ["textDocument": ["uri": .string(server.uri(ofPath: path)), "version": version], "edits": .array(textEdits)]
            })]
        }
    }

    static func json(_ position: LinePosition) -> JSONValue {
        ["line": .int(position.line), "character": .int(position.character)]
    }

    static func json(_ range: Range<LinePosition>) -> JSONValue {
        ["start": json(range.lowerBound), "end": json(range.upperBound)]
    }

    private func json(_ range: Range<Int>, in snapshot: Snapshot) -> JSONValue {
        Self.json(snapshot.lineIndex.position(of: range.lowerBound, in: encoding)..<snapshot.lineIndex.position(of: range.upperBound, in: encoding))
    }

    // MARK: Diagnostics

    /// A project configuration the server cannot use is shown once per distinct problem (the
    /// defaults apply meanwhile), as `cardc check` would refuse it.
    private func showConfigurationProblem(_ problem: String?) {
        if let problem, shownProblems.insert(problem).inserted {
            send(Outgoing.notification("window/showMessage", ["type": 1, "message": .string("cardc: " + problem)]))
        }
    }

    private func publishDiagnostics(_ snapshot: Snapshot) {
        showConfigurationProblem(snapshot.configurationProblem)
        var converter = Converter(server: self, snapshots: [snapshot])
        let diagnostics = snapshot.documentDiagnostics().map { diagnosticJSON($0, lines: snapshot.lineIndex, converter: &converter) }
        send(Outgoing.notification("textDocument/publishDiagnostics", [
            "uri": .string(uri(ofPath: snapshot.path)), "version": .int(snapshot.version), "diagnostics": .array(diagnostics),
        ]))
    }

    // MARK: Pulled diagnostics

    /// One file's diagnostics as last pulled: the items, the result id naming them, and what
    /// they were worked out from (the snapshot's revision and files, the open document's version).
    struct PulledReport {
        var revision: Int
        var dependencies: [String]
        var version: Int?
        var resultID: String
        var items: JSONValue
    }

    /// The diagnostics of the file at `path` — the open document's, else the file on disk
    /// checked as `cardc check` would — worked out again only when one of the files they came
    /// from changed; the same items keep their result id. Nil when the file cannot be read.
    private func pulledReport(_ path: String) -> PulledReport? {
        if let cached = currentPulledReport(path) { return cached }
        guard let snapshot = workspace.snapshot(of: path) ?? workspace.snapshot(ofFile: path, diagnosing: true) else {
            pulledReports[path] = nil
            return nil
        }
        showConfigurationProblem(snapshot.configurationProblem)
        var converter = Converter(server: self, snapshots: [snapshot])
        let items = JSONValue.array(snapshot.documentDiagnostics().map { diagnosticJSON($0, lines: snapshot.lineIndex, converter: &converter) })
        return storeReport(path, revision: snapshot.revision, dependencies: snapshot.dependencies, items: items)
    }

    /// `pulledReport(_:)` of a closed file from its check made beforehand (`diagnosed`: nil
    /// when the file could not be read).
    private func pulledReport(_ path: String, diagnosed: DiagnosedFile?) -> PulledReport? {
        if let cached = currentPulledReport(path) { return cached }
        guard let file = diagnosed else {
            pulledReports[path] = nil
            return nil
        }
        showConfigurationProblem(file.configurationProblem)
        // The lines of the unit's files the check read, as the snapshot's would give them.
        var converter = Converter(server: self, snapshots: [], cache: file.relatedLineIndexes.merging([path: file.lineIndex]) { $1 })
        let items = JSONValue.array(file.diagnostics.map { diagnosticJSON($0, lines: file.lineIndex, converter: &converter) })
        return storeReport(path, revision: file.revision, dependencies: file.dependencies, items: items)
    }

    /// The report kept for `path`, if it still describes the file.
    private func currentPulledReport(_ path: String) -> PulledReport? {
        guard let cached = pulledReports[path], cached.version == workspace.document(path)?.version,
              !workspace.hasChanged(cached.dependencies, since: cached.revision) else { return nil }
        return cached
    }

    /// Keeps the report of `path` made of `items`, under a new result id when they changed.
    private func storeReport(_ path: String, revision: Int, dependencies: [String], items: JSONValue) -> PulledReport {
        let cached = pulledReports[path]
        var resultID = cached?.resultID ?? ""
        if cached?.items != items {
            reportCount += 1
            resultID = resultIDPrefix + "-" + String(reportCount)
        }
        let report = PulledReport(revision: revision, dependencies: dependencies, version: workspace.document(path)?.version,
                                  resultID: resultID, items: items)
        pulledReports[path] = report
        return report
    }

    /// `textDocument/diagnostic`: `unchanged` when the client's `previousResultId` names the
    /// diagnostics the document has now.
    private func documentDiagnosticReport(_ params: Params) throws -> JSONValue {
        let path = try documentPath(params)
        let previous = try params.optionalString("previousResultId")
        guard let report = pulledReport(path) else { return ["kind": "full", "items": []] }
        if previous == report.resultID { return ["kind": "unchanged", "resultId": .string(report.resultID)] }
        return ["kind": "full", "resultId": .string(report.resultID), "items": report.items]
    }

    /// `workspace/diagnostic`: every file of the workspace index and every open document, open
    /// or not; a file whose diagnostics the client already holds (`previousResultIds`) is
    /// `unchanged`, and one the client holds diagnostics for that is gone gets none.
    private func workspaceDiagnosticReport(_ params: Params) throws -> JSONValue {
        var previous: [String: String] = [:]
        for entry in try params.optionalArray("previousResultIds") ?? [] {
            let entry = Params(value: entry)
            guard let path = path(ofURI: try entry.string("uri")) else { continue }
            previous[path] = try entry.string("value")
        }
        let paths = Set(workspace.currentIndex().paths).union(workspace.openPaths)
        // The closed files without a current report are checked first, at once on the cores.
        let sorted = paths.sorted()
        let stale = sorted.filter { workspace.document($0) == nil && currentPulledReport($0) == nil }
        var diagnosed: [String: DiagnosedFile?] = [:]
        for (path, file) in zip(stale, workspace.diagnoseClosedFiles(stale)) { diagnosed[path] = file }
        var items: [JSONValue] = []
        for path in sorted {
            let found = diagnosed[path].map { pulledReport(path, diagnosed: $0) } ?? pulledReport(path)
            guard let report = found else { continue }
            let version: JSONValue = report.version.map { .int($0) } ?? .null
            if previous[path] == report.resultID {
                items.append(["uri": .string(uri(ofPath: path)), "version": version, "kind": "unchanged", "resultId": .string(report.resultID)])
            } else {
                items.append(["uri": .string(uri(ofPath: path)), "version": version, "kind": "full", "resultId": .string(report.resultID), "items": report.items])
            }
        }
        for path in previous.keys.sorted() where pulledReports[path] == nil || !paths.contains(path) {
            pulledReports[path] = nil
            items.append(["uri": .string(uri(ofPath: path)), "version": .null, "kind": "full", "items": []])
        }
        // Forget the reports of files no longer in the workspace.
        pulledReports = pulledReports.filter { paths.contains($0.key) }
        return ["items": .array(items)]
    }

    /// For a pulling client, at the end of a burst: when a changed document is imported by
    /// other files, or files changed on disk, their diagnostics may have changed too, and the
    /// client is asked to pull again (`workspace/diagnostic/refresh`). The changed document
    /// itself the client pulls on its own.
    private func refreshIfOthersChanged() {
        defer {
            changedDocuments = []
            changedOnDisk = false
        }
        guard changedOnDisk || changedDocuments.contains(where: { !workspace.knownImporters(of: $0).isEmpty }) else { return }
        sentRequests += 1
        send(Outgoing.request(id: .string("cardc-refresh-\(sentRequests)"), "workspace/diagnostic/refresh", .null))
    }

    // MARK: Workspace folders

    /// `workspace/didChangeWorkspaceFolders`: the roots follow, every open document is checked
    /// again and the index is made afresh (the folders added walked, the removed dropped).
    private func didChangeWorkspaceFolders(_ params: Params) throws {
        let event = try params.object("event")
        // An entry without a `file:` URI is skipped: Neovim 0.7 sends `removed: [{}]` with
        // each folder it adds.
        func paths(_ key: String) throws -> [String] {
            try event.array(key).compactMap { $0["uri"]?.string.flatMap(DocumentURI.path(of:)).map(workspace.canonicalPath) }
        }
        let added = try paths("added"), removed = try paths("removed")
        workspace.changeFolders(added: added, removed: removed)
        changedOnDisk = true
    }

    /// `lines`: the document's (the diagnostic's range is in it).
    private func diagnosticJSON(_ diagnostic: DocumentDiagnostic, lines: LineIndex, converter: inout Converter) -> JSONValue {
        let code = diagnostic.code.rawValue
        var members: [(String, JSONValue)] = [
            ("range", Self.json(lines.position(of: diagnostic.range.lowerBound, in: encoding)..<lines.position(of: diagnostic.range.upperBound, in: encoding))),
            ("severity", .int(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3)),
            ("code", .string(code)),
            ("codeDescription", ["href": .string(explainURL.replacingAll("{code}", with: code))]),
            ("source", "cardc"),
            ("message", .string(diagnostic.message)),
        ]
        if !diagnostic.related.isEmpty {
            members.append(("relatedInformation", .array(diagnostic.related.map {
                ["location": converter.location($0.location), "message": .string($0.message)]
            })))
        }
        if diagnostic.isUnnecessary { members.append(("tags", [1])) }
        return .object(members)
    }

    // MARK: Features

    private func completion(_ params: Params) throws -> JSONValue {
        guard let (snapshot, offset) = try snapshotAndOffset(params) else { return .null }
        let items = snapshot.completions(at: offset)
        let width = String(items.count).count
        let entries: [JSONValue] = items.enumerated().map { index, item in
            var members: [(String, JSONValue)] = [
                ("label", .string(item.label)),
                ("kind", .int(Self.completionKind(item.kind))),
                ("sortText", .string(String(repeating: "0", count: width - String(index).count) + String(index))),
                ("filterText", .string(item.label)),
            ]
            if let detail = item.detail { members.append(("detail", .string(detail))) }
            if let doc = item.documentation { members.append(("documentation", ["kind": "markdown", "value": .string(doc)])) }
            let useSnippet = snippetSupport && item.snippet != nil
            let text = useSnippet ? item.snippet ?? item.insertText : item.insertText
            members.append(("textEdit", ["range": json(item.replacing, in: snapshot), "newText": .string(text)]))
            members.append(("insertTextFormat", .int(useSnippet ? 2 : 1)))
            return .object(members)
        }
        return ["isIncomplete": false, "items": .array(entries)]
    }

    static func completionKind(_ kind: CompletionItem.Kind) -> Int {
        switch kind {
        case .keyword, .structuralNode: 14
        case .part, .action: 3
        case .trait: 8
        case .stackKind, .card: 7
        case .argumentLabel, .property: 10
        case .enumCase, .state: 20
        case .color: 16
        case .theme: 9
        case .binding: 6
        case .constructor: 4
        case .value: 12
        }
    }

    private func hover(_ params: Params) throws -> JSONValue {
        guard let (snapshot, offset) = try snapshotAndOffset(params),
              let hover = snapshot.hover(at: offset, previewWidth: previewWidth) else { return .null }
        return ["contents": ["kind": "markdown", "value": .string(hover.markdown)], "range": json(hover.range, in: snapshot)]
    }

    private func signatureHelp(_ params: Params) throws -> JSONValue {
        guard let (snapshot, offset) = try snapshotAndOffset(params), let help = snapshot.signatureHelp(at: offset) else { return .null }
        let signatures: [JSONValue] = help.signatures.map { signature in
            let label = Array(signature.label.utf8)
            var members: [(String, JSONValue)] = [("label", .string(signature.label))]
            if let doc = signature.documentation { members.append(("documentation", ["kind": "markdown", "value": .string(doc)])) }
            members.append(("parameters", .array(signature.parameters.map { parameter in
                // Label offsets count UTF-16 code units of the label.
                let start = String(decoding: label[..<parameter.range.lowerBound], as: UTF8.self).utf16.count
                let end = String(decoding: label[..<parameter.range.upperBound], as: UTF8.self).utf16.count
                return ["label": [.int(start), .int(end)], "documentation": ["kind": "markdown", "value": .string(parameter.documentation)]]
            })))
            return .object(members)
        }
        var result: [(String, JSONValue)] = [("signatures", .array(signatures)), ("activeSignature", .int(help.activeSignature))]
        if let active = help.activeParameter { result.append(("activeParameter", .int(active))) }
        return .object(result)
    }

    private func definition(_ params: Params) throws -> JSONValue {
        guard let (snapshot, offset) = try snapshotAndOffset(params) else { return .null }
        var converter = Converter(server: self, snapshots: [snapshot])
        return .array(snapshot.definition(at: offset).map { converter.location($0) })
    }

    private func references(_ params: Params) throws -> JSONValue {
        guard let (snapshot, offset) = try snapshotAndOffset(params) else { return .null }
        let includeDeclaration = try params.optionalObject("context")?.optionalBool("includeDeclaration") ?? true
        let found = workspace.references(at: offset, in: snapshot, includeDeclaration: includeDeclaration)
        var converter = Converter(server: self, snapshots: found.snapshots)
        return .array(found.value.map { converter.location($0) })
    }

    private func documentSymbols(_ params: Params) throws -> JSONValue {
        guard let snapshot = try snapshot(params) else { return .null }
        let symbols = snapshot.documentSymbols()
        if hierarchicalSymbols {
            func convert(_ symbol: DocumentSymbol) -> JSONValue {
                var members: [(String, JSONValue)] = [("name", .string(symbol.name))]
                if let detail = symbol.detail { members.append(("detail", .string(detail))) }
                members += [("kind", .int(Self.symbolKind(symbol.kind))), ("range", json(symbol.range, in: snapshot)),
                            ("selectionRange", json(symbol.selectionRange, in: snapshot)), ("children", .array(symbol.children.map(convert)))]
                return .object(members)
            }
            return .array(symbols.map(convert))
        }
        let uri = uri(ofPath: snapshot.path)
        var flat: [JSONValue] = []
        for symbol in symbols {
            flat.append(["name": .string(symbol.name), "kind": .int(Self.symbolKind(symbol.kind)),
                         "location": ["uri": .string(uri), "range": json(symbol.range, in: snapshot)]])
            for child in symbol.children {
                flat.append(["name": .string(child.name), "kind": .int(Self.symbolKind(child.kind)), "containerName": .string(symbol.name),
                             "location": ["uri": .string(uri), "range": json(child.range, in: snapshot)]])
            }
        }
        return .array(flat)
    }

    static func symbolKind(_ kind: DocumentSymbol.Kind) -> Int {
        switch kind {
        case .card: 5
        case .stack: 23
        case .theme: 3
        case .state: 22
        case .modelField: 8
        }
    }

    private func workspaceSymbols(_ params: Params) throws -> JSONValue {
        let query = try params.string("query")
        var converter = Converter(server: self, snapshots: [])
        return .array(workspace.currentIndex().symbols(matching: query).map { symbol in
            var members: [(String, JSONValue)] = [("name", .string(symbol.name)), ("kind", .int(Self.symbolKind(symbol.kind))),
                                                  ("location", converter.location(symbol.location))]
            if let container = symbol.container { members.append(("containerName", .string(container))) }
            return .object(members)
        })
    }

    private func codeActions(_ params: Params) throws -> JSONValue {
        guard let snapshot = try snapshot(params) else { return .null }
        let range = try byteRange(params.object("range"), in: snapshot)
        let only = try params.optionalObject("context")?.optionalArray("only")?.compactMap(\.string)
        var converter = Converter(server: self, snapshots: [snapshot])
        let actions = snapshot.codeActions(in: range).filter { action in
            // `only: ["source"]` admits `source.fixAll`; no filter admits quick fixes only
            // (a source action is asked for by kind, as on save).
            guard let only else { return action.kind == .quickFix }
            return only.contains { action.kind.rawValue == $0 || action.kind.rawValue.hasPrefix($0 + ".") }
        }
        return .array(actions.map { action in
            var members: [(String, JSONValue)] = [
                ("title", .string(action.title)), ("kind", .string(action.kind.rawValue)),
                ("diagnostics", .array(action.diagnostics.map { diagnosticJSON($0, lines: snapshot.lineIndex, converter: &converter) })),
                ("edit", converter.workspaceEdit(action.edits)),
            ]
            if action.isPreferred { members.append(("isPreferred", true)) }
            return .object(members)
        })
    }

    private func prepareRename(_ params: Params) throws -> JSONValue {
        guard let (snapshot, offset) = try snapshotAndOffset(params) else { return .null }
        switch workspace.prepareRename(at: offset, in: snapshot) {
        case .success(let target?):
            return ["range": json(target.range, in: snapshot), "placeholder": .string(target.placeholder)]
        case .success(nil):
            return .null
        case .failure(let error):
            throw ResponseError(.requestFailed, error.message)
        }
    }

    private func rename(_ params: Params) throws -> JSONValue {
        let newName = try params.string("newName")
        guard let (snapshot, offset) = try snapshotAndOffset(params) else { return .null }
        switch workspace.rename(at: offset, in: snapshot, to: newName) {
        case .success(let answer):
            var converter = Converter(server: self, snapshots: answer.snapshots)
            return converter.workspaceEdit(answer.value, documentChanges: documentChangesSupport)
        case .failure(let error):
            throw ResponseError(.requestFailed, error.message)
        }
    }

    /// The command of a code lens: shows its location (`window/showDocument`).
    static let openCommand = "cardc.open"

    /// Above each card, a lens per stack that lists it and per card that pushes it, from any
    /// file of the workspace; each opens the reference.
    private func codeLenses(_ params: Params) throws -> JSONValue {
        guard let snapshot = try snapshot(params) else { return .null }
        let usages = workspace.cardUsages(in: snapshot)
        var converter = Converter(server: self, snapshots: usages.snapshots)
        return .array(usages.value.map { usage in
            let title = usage.kind == .stack ? "stack \(usage.name)" : "pushed by \(usage.name)"
            return ["range": json(usage.card, in: snapshot),
                    "command": ["title": .string(title), "command": .string(Self.openCommand), "arguments": [converter.location(usage.location)]]]
        })
    }

    /// `cardc.open` (a code lens): asks the client to show the location given.
    private func executeCommand(_ params: Params) throws -> JSONValue {
        let command = try params.string("command")
        guard command == Self.openCommand else { throw ResponseError.invalidParams("unknown command `\(command)`") }
        guard let location = try params.optionalArray("arguments")?.first, let uri = location["uri"]?.string, let range = location["range"],
              range["start"]?["line"]?.int != nil, range["end"]?["line"]?.int != nil else {
            throw ResponseError.invalidParams("`\(command)` takes a location")
        }
        sentRequests += 1
        send(Outgoing.request(id: .string("cardc-show-\(sentRequests)"), "window/showDocument",
                              ["uri": .string(uri), "selection": range, "takeFocus": true]))
        return .null
    }

    /// The import strings to rewrite before the client moves files or folders.
    private func willRenameFiles(_ params: Params) throws -> JSONValue {
        var moves: [(old: String, new: String)] = []
        for file in try params.array("files") {
            let file = Params(value: file)
            let old = try file.string("oldUri"), new = try file.string("newUri")
            guard let oldPath = DocumentURI.path(of: old), let newPath = DocumentURI.path(of: new) else { continue }
            moves.append((workspace.canonicalPath(oldPath), workspace.canonicalPath(newPath)))
        }
        let edits = workspace.importEdits(renaming: moves).value
        guard !edits.isEmpty else { return .null }
        var converter = Converter(server: self, snapshots: [])
        return converter.workspaceEdit(edits, documentChanges: documentChangesSupport)
    }

    /// The response to `textDocument/semanticTokens/full`, written straight into its bytes: a
    /// 10 MB deck has millions of numbers, which as `JSONValue`s took 150 MB.
    private func semanticTokensResponse(id: JSONValue, _ params: Params) throws -> [UInt8] {
        let snapshot = try snapshot(params)
        var writer = JSONWriter()
        writer.beginObject()
        writer.write("2.0", forKey: "jsonrpc")
        writer.write(id, forKey: "id")
        writer.writeKey("result")
        guard let snapshot else {
            writer.write(JSONValue.null)
            writer.endObject()
            return writer.takeBytes()
        }
        writer.beginObject()
        writer.writeKey("data")
        writer.beginArray()
        let index = snapshot.lineIndex
        var previousLine = 0, previousCharacter = 0
        // Where the last token started, and its column: tokens come in order, so each column
        // is counted on from the one before on the same line, not from the line's start (a
        // deck on one line would otherwise cost the square of its length).
        var cursor = (line: -1, offset: 0, character: 0)
        for token in snapshot.semanticTokens() {
            // Tokens over several lines are sent a line at a time.
            var start = token.range.lowerBound
            let end = min(token.range.upperBound, index.bytes.count)
            while start < end {
                let line = index.line(of: start)
                let lineRange = index.lineRange(line)
                let pieceEnd = min(end, lineRange.upperBound)
                if pieceEnd > start {
                    if cursor.line != line || cursor.offset > start { cursor = (line, lineRange.lowerBound, 0) }
                    cursor.character += index.units(from: cursor.offset, to: start, in: encoding)
                    cursor.offset = start
                    let character = cursor.character
                    let length = index.units(from: start, to: pieceEnd, in: encoding)
                    writer.write(line - previousLine)
                    writer.write(line == previousLine ? character - previousCharacter : character)
                    writer.write(length)
                    writer.write(token.type.rawValue)
                    writer.write(token.modifiers.rawValue)
                    previousLine = line
                    previousCharacter = character
                }
                guard line + 1 < index.lineCount else { break }
                start = index.lineRange(line + 1).lowerBound
            }
        }
        writer.endArray()
        writer.endObject()
        writer.endObject()
        return writer.takeBytes()
    }

    private func foldingRanges(_ params: Params) throws -> JSONValue {
        guard let snapshot = try snapshot(params) else { return .null }
        let index = snapshot.lineIndex
        let bytes = index.bytes
        var ranges: [JSONValue] = []
        for region in snapshot.foldingRanges() {
            let startLine = index.line(of: region.range.lowerBound)
            var endLine = index.line(of: region.range.upperBound)
            // A closer alone on its line stays visible.
            let last = region.range.upperBound - 1
            let lineStart = index.lineRange(endLine).lowerBound
            if region.kind == .region, last >= lineStart, last < bytes.count, [0x7D, 0x29, 0x5D].contains(bytes[last]),
               bytes[lineStart..<last].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                endLine -= 1
            }
            guard endLine > startLine else { continue }
            ranges.append(["startLine": .int(startLine), "endLine": .int(endLine), "kind": .string(region.kind.rawValue)])
        }
        return .array(ranges)
    }

    private func documentLinks(_ params: Params) throws -> JSONValue {
        guard let snapshot = try snapshot(params) else { return .null }
        return .array(snapshot.documentLinks().map { link in
            ["range": json(link.range, in: snapshot), "target": .string(DocumentURI.uri(forPath: link.target))]
        })
    }

    /// `cardc fmt`'s canonical form; a document with syntax errors is left alone (no edits:
    /// its diagnostics already say why), any other formatter failure is an error.
    private func formatting(_ params: Params) throws -> JSONValue {
        guard let snapshot = try snapshot(params) else { return .null }
        _ = try params.object("options")
        do {
            let edits = try snapshot.formatting()
            var converter = Converter(server: self, snapshots: [snapshot])
            return .array(edits.map { ["range": converter.range($0.location.range, in: $0.location.path), "newText": .string($0.newText)] })
        } catch .syntaxErrors {
            return []
        } catch {
            throw ResponseError(.requestFailed, error.description)
        }
    }

    /// Each binding's inferred type; for a client without code lenses, also what they would
    /// say, after each card's name: the stacks that list it and the cards that push it, each
    /// part of the label linked to the reference (`stack Paws, pushed by PawPal`).
    private func inlayHints(_ params: Params) throws -> JSONValue {
        guard let snapshot = try snapshot(params) else { return .null }
        let range = try byteRange(params.object("range"), in: snapshot)
        var hints: [(offset: Int, hint: JSONValue)] = snapshot.inlayHints(in: range).map { hint in
            (hint.offset, ["position": Self.json(snapshot.lineIndex.position(of: hint.offset, in: encoding)), "label": .string(hint.label),
                           "kind": 1, "paddingLeft": false, "paddingRight": false])
        }
        if !showsCodeLenses {
            let usages = workspace.cardUsages(in: snapshot)
            var converter = Converter(server: self, snapshots: usages.snapshots)
            var byCard: [(card: Range<Int>, parts: [JSONValue])] = []
            for usage in usages.value where range.lowerBound <= usage.card.upperBound && usage.card.upperBound <= range.upperBound {
                let title = usage.kind == .stack ? "stack \(usage.name)" : "pushed by \(usage.name)"
                let part: JSONValue = ["value": .string(title), "location": converter.location(usage.location)]
                if let last = byCard.last, last.card == usage.card {
                    byCard[byCard.count - 1].parts += [["value": ", "], part]
                } else {
                    byCard.append((usage.card, [part]))
                }
            }
            for (card, parts) in byCard {
                hints.append((card.upperBound, ["position": Self.json(snapshot.lineIndex.position(of: card.upperBound, in: encoding)),
                                                "label": .array(parts), "paddingLeft": true, "paddingRight": false]))
            }
            hints.sort { $0.offset < $1.offset }
        }
        return .array(hints.map(\.hint))
    }
}

extension String {
    /// Every `target` replaced (no Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

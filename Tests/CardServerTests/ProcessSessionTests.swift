import CardJSON
import CardServer
import Foundation
import Synchronization
import Testing

/// Bytes appended by a pipe's reader while the test reads them.
final class LockedBytes: Sendable {
    private let storage = Mutex<[UInt8]>([])
    func append(_ data: Data) { storage.withLock { $0 += data } }
    var bytes: [UInt8] { storage.withLock { $0 } }
}

/// `cardc lsp` run as a child process over pipes, as an editor runs it.
final class LSPProcess: Sendable {
    let process: Process
    let input: FileHandle
    private let output: FileHandle
    private let errorOutput: FileHandle
    private let received = LockedBytes()
    private let errors = LockedBytes()

    /// The `cardc` built beside the test bundle.
    static var executable: URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent("cardc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        let built = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/cardc")
        return FileManager.default.isExecutableFile(atPath: built.path) ? built : nil
    }

    init(arguments: [String] = ["lsp", "--stall-timeout", "300"]) throws {
        guard let executable = Self.executable else { throw CocoaError(.fileNoSuchFile) }
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading
        errorOutput = stderr.fileHandleForReading
        let received = self.received, errors = self.errors
        stdout.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            received.append(data)
        }
        stderr.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            errors.append(data)
        }
        try process.run()
    }

    func write(_ bytes: [UInt8]) { input.write(Data(bytes)) }
    func send(_ value: JSONValue) { write(frame(value)) }
    func closeInput() { try? input.close() }

    /// Every message received so far (the stream must hold nothing else).
    var messages: [JSONValue] {
        let bytes = received.bytes
        return CardServerTests.messages(in: bytes)
    }

    /// Whether stdout so far is exactly a sequence of `Content-Length` frames of valid JSON.
    var outputIsOnlyProtocolMessages: Bool {
        let bytes = received.bytes
        var i = 0
        while i < bytes.count {
            let prefix = Array("Content-Length: ".utf8)
            guard bytes.count - i > prefix.count, Array(bytes[i..<i + prefix.count]) == prefix else { return false }
            var j = i + prefix.count, length = 0
            while j < bytes.count, bytes[j] >= 0x30, bytes[j] <= 0x39 { length = length * 10 + Int(bytes[j] - 0x30); j += 1 }
            guard j + 4 <= bytes.count, Array(bytes[j..<j + 4]) == Array("\r\n\r\n".utf8), j + 4 + length <= bytes.count,
                  (try? JSONParser.parse(Array(bytes[(j + 4)..<(j + 4 + length)]))) != nil else { return false }
            i = j + 4 + length
        }
        return true
    }

    var standardError: String { String(decoding: errors.bytes, as: UTF8.self) }

    /// Waits (at most `timeout` seconds) for a message matching `predicate`.
    func wait(timeout: Double = 10, for predicate: (JSONValue) -> Bool) -> JSONValue? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let found = messages.first(where: predicate) { return found }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return nil
    }

    func reply(to id: Int, timeout: Double = 10) -> JSONValue? { wait(timeout: timeout) { $0.id == id } }

    /// Waits for the process to end; its exit code, or nil on a timeout (then it is killed).
    func exitCode(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        guard !process.isRunning else { process.terminate(); return nil }
        // What the pipes still hold, read now rather than by their handlers.
        output.readabilityHandler = nil
        errorOutput.readabilityHandler = nil
        received.append(output.readDataToEndOfFile())
        errors.append(errorOutput.readDataToEndOfFile())
        return process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus
    }
}

let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Samples").path

@Suite(.serialized) struct ProcessSessionTests {
    func initialize(_ server: LSPProcess, encodings: [String] = ["utf-16"]) {
        server.send(request(1, "initialize", ["rootUri": .string("file://" + samples), "processId": .null,
                                               "capabilities": ["general": ["positionEncodings": .array(encodings.map(JSONValue.string))]]]))
        server.send(notification("initialized"))
    }

    @Test func wholeSessionEndsWithZero() throws {
        let server = try LSPProcess()
        initialize(server, encodings: ["utf-8", "utf-16"])
        let capabilities = server.reply(to: 1)?["result"]?["capabilities"]
        #expect(capabilities?["positionEncoding"] == "utf-8")
        let uri = "file://" + samples + "/overview.cards"
        let text = try String(contentsOfFile: samples + "/overview.cards", encoding: .utf8)
        server.send(notification("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "cards", "version": 1, "text": .string(text)]]))
        let clean = server.wait { $0.method == "textDocument/publishDiagnostics" && $0["params"]?["version"] == 1 }
        #expect(clean?["params"]?["diagnostics"] == [])
        // `title($title` on line 23 (0-based) of the sample: rename the part to break it.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.hasPrefix("  title($title") })
        server.send(notification("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2],
                                                            "contentChanges": [["range": ["start": position(line, 2), "end": position(line, 7)], "text": "titel"]]]))
        let broken = server.wait { $0.method == "textDocument/publishDiagnostics" && $0["params"]?["version"] == 2 }
        #expect(broken?["params"]?["diagnostics"]?.array?.contains { $0["code"] == "E301" } == true)
        server.send(request(2, "textDocument/hover", textPosition(uri, line + 2, 4)))
        #expect(server.reply(to: 2)?["result"] != nil)
        server.send(request(3, "textDocument/completion", textPosition(uri, line, 4)))
        #expect(server.reply(to: 3)?["result"]?["items"]?.array?.contains { $0["label"] == "title" } == true)
        server.send(request(4, "shutdown"))
        #expect(server.reply(to: 4)?["result"] == .null)
        server.send(notification("exit"))
        #expect(server.exitCode() == 0)
        #expect(server.outputIsOnlyProtocolMessages)
        #expect(server.standardError.isEmpty)
    }

    @Test func malformedInputNeverStopsTheServer() throws {
        let server = try LSPProcess()
        // A request before `initialize`.
        server.send(request(10, "textDocument/hover", textPosition("file:///x.cards", 0, 0)))
        #expect(server.reply(to: 10)?.errorCode == -32002)
        initialize(server)
        _ = server.reply(to: 1)
        let uri = "file:///nonexistent-cardc-root/x.cards"
        server.send(notification("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "cards", "version": 1, "text": "card A { text(\"a\") }\n"]]))
        var errorsExpected = 0
        func parseErrors() -> Int { server.messages.filter { $0.errorCode == -32700 }.count }
        // A bad header, then a request: the request is answered.
        server.write(Array("Content-Length: twelve\r\n\r\n".utf8))
        errorsExpected += 1
        server.send(request(11, "workspace/symbol", ["query": ""]))
        #expect(server.reply(to: 11)?["error"] == nil)
        // Invalid JSON.
        server.write(framed(Array("{\"jsonrpc\": \"2.0\", \"id\": 12, ".utf8)))
        errorsExpected += 1
        // A Content-Length too short, then one too long (swallowing the next header's start).
        let body = request(13, "workspace/symbol", ["query": ""]).serializedBytes()
        server.write(Array("Content-Length: \(body.count - 4)\r\n\r\n".utf8) + body)
        errorsExpected += 1
        server.send(request(14, "workspace/symbol", ["query": ""]))
        #expect(server.reply(to: 14)?["error"] == nil)
        server.write(Array("Content-Length: \(body.count + 7)\r\n\r\n".utf8) + body)
        errorsExpected += 1
        server.send(request(15, "workspace/symbol", ["query": ""]))
        #expect(server.reply(to: 15)?["error"] == nil)
        // A huge Content-Length.
        server.write(Array("Content-Length: 68719476736\r\n\r\n".utf8))
        errorsExpected += 1
        // Wrong parameter types, positions past the end, an unknown method.
        server.send(request(16, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": "zero", "character": 0]]))
        #expect(server.reply(to: 16)?.errorCode == -32602)
        server.send(request(17, "textDocument/hover", textPosition(uri, 5_000_000, 5_000_000)))
        #expect(server.reply(to: 17)?["error"] == nil)
        server.send(request(18, "textDocument/definition", textPosition(uri, 0, 99)))
        #expect(server.reply(to: 18)?["error"] == nil)
        server.send(request(19, "cards/unknown"))
        #expect(server.reply(to: 19)?.errorCode == -32601)
        // The workspace index's notifications with nonsense: dropped, and the index still answers.
        server.send(notification("workspace/didChangeWatchedFiles", ["changes": [["uri": 7], ["uri": "file:///\u{0}.cards", "type": "x"],
                                                                                   ["uri": "untitled:x", "type": 3]]]))
        server.send(notification("workspace/didChangeWatchedFiles", ["changes": "all"]))
        server.send(notification("textDocument/didSave", ["textDocument": ["uri": "file:///nonexistent-cardc-root/never-opened.cards"]]))
        server.send(notification("textDocument/didSave", [:]))
        server.send(request(21, "workspace/symbol", ["query": "\u{0}é😀"]))
        #expect(server.reply(to: 21)?["result"] == [])
        server.send(request(22, "textDocument/prepareRename", textPosition("untitled:nothing-open", 0, 0)))
        #expect(server.reply(to: 22)?["result"] == .null)
        server.send(request(23, "workspace/willRenameFiles", ["files": [["oldUri": "file:///", "newUri": "x"], ["oldUri": 1]]]))
        #expect(server.reply(to: 23)?.errorCode == -32602)
        server.send(request(24, "workspace/willRenameFiles", ["files": [["oldUri": .string(uri), "newUri": "file:///\u{0}/x.cards"]]]))
        #expect(server.reply(to: 24)?["error"] == nil)
        server.send(request(25, "textDocument/codeLens", ["textDocument": ["uri": .string(uri)]]))
        #expect(server.reply(to: 25)?["error"] == nil)
        server.send(request(26, "workspace/executeCommand", ["command": "cardc.open", "arguments": [["uri": 5, "range": "all"]]]))
        #expect(server.reply(to: 26)?.errorCode == -32602)
        // Pulled diagnostics and workspace folders with nonsense.
        server.send(request(27, "textDocument/diagnostic", ["textDocument": ["uri": .string(uri)], "previousResultId": 5]))
        #expect(server.reply(to: 27)?.errorCode == -32602)
        server.send(request(28, "workspace/diagnostic", ["previousResultIds": [["uri": 3, "value": "x"]]]))
        #expect(server.reply(to: 28)?.errorCode == -32602)
        server.send(request(29, "workspace/diagnostic", ["previousResultIds": [["uri": "untitled:\u{0}", "value": "é😀"]]]))
        #expect(server.reply(to: 29)?["result"]?["items"] != nil)
        server.send(request(30, "textDocument/diagnostic", ["textDocument": ["uri": "file:///nonexistent-cardc-root/never-opened.cards"]]))
        #expect(server.reply(to: 30)?["result"] == ["kind": "full", "items": []])
        server.send(notification("workspace/didChangeWorkspaceFolders", ["event": ["added": [["uri": 4]], "removed": "x"]]))
        server.send(notification("workspace/didChangeWorkspaceFolders", ["event": ["added": [["uri": "file:///\u{0}", "name": "z"], ["uri": "untitled:y"]], "removed": []]]))
        server.send(request(31, "textDocument/inlayHint", ["textDocument": ["uri": .string(uri)], "range": ["start": position(0, 0), "end": position(99, 0)]]))
        #expect(server.reply(to: 31)?["error"] == nil)
        // A body that never arrives: dropped after the stall timeout, then the server answers.
        server.write(Array("Content-Length: 500\r\n\r\n{\"jsonrpc\": \"2.0\"".utf8))
        errorsExpected += 1
        Thread.sleep(forTimeInterval: 0.4)
        server.send(request(20, "shutdown"))
        #expect(server.reply(to: 20)?["result"] == .null)
        #expect(parseErrors() == errorsExpected)
        server.send(notification("exit"))
        #expect(server.exitCode() == 0)
        // Everything on stdout was a framed protocol message; logs went to stderr.
        #expect(server.outputIsOnlyProtocolMessages)
        #expect(server.standardError.contains("cardc lsp: dropped malformed input"))
    }

    @Test func exitWithoutShutdownAndEndOfInputAreOne() throws {
        let early = try LSPProcess()
        initialize(early)
        _ = early.reply(to: 1)
        early.send(notification("exit"))
        #expect(early.exitCode() == 1)
        let closed = try LSPProcess()
        initialize(closed)
        _ = closed.reply(to: 1)
        closed.closeInput()
        #expect(closed.exitCode() == 1)
    }

    @Test func usageErrorsExitTwo() throws {
        let server = try LSPProcess(arguments: ["lsp", "extra.cards"])
        #expect(server.exitCode() == 2)
        #expect(server.standardError.hasPrefix("cardc: error: unexpected argument"))
    }
}

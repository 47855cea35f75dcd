import CardJSON
import CardServer
import Foundation

/// Frames a JSON-RPC message for the wire.
func frame(_ value: JSONValue) -> [UInt8] { framed(value.serializedBytes()) }

func request(_ id: Int, _ method: String, _ params: JSONValue = [:]) -> JSONValue {
    ["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params]
}

func notification(_ method: String, _ params: JSONValue = [:]) -> JSONValue {
    ["jsonrpc": "2.0", "method": .string(method), "params": params]
}

/// Splits framed output into messages.
func messages(in bytes: [UInt8]) -> [JSONValue] {
    var reader = MessageReader()
    reader.append(bytes)
    var result: [JSONValue] = []
    while let event = reader.next() {
        if case .message(let body) = event, let value = try? JSONParser.parse(body) { result.append(value) }
    }
    return result
}

/// An in-process session: feeds bytes, answers everything queued, publishes, returns the output.
final class Session {
    let server: LanguageServer

    init(options: LanguageServer.Options = LanguageServer.Options()) {
        server = LanguageServer(options: options)
    }

    @discardableResult
    func send(_ bytes: [UInt8]) -> [JSONValue] {
        server.receive(bytes)
        while server.processNext() {}
        server.idle()
        return messages(in: server.takeOutput())
    }

    @discardableResult
    func send(_ values: JSONValue...) -> [JSONValue] { send(values.flatMap(frame)) }

    /// Initializes with `capabilities` and a workspace root.
    @discardableResult
    func initialize(root: String = "/nonexistent-cardc-root", encodings: [String]? = nil, snippets: Bool = true) -> JSONValue? {
        var general: [(String, JSONValue)] = []
        if let encodings { general.append(("positionEncodings", .array(encodings.map(JSONValue.string)))) }
        let capabilities: JSONValue = [
            "general": .object(general),
            "textDocument": ["completion": ["completionItem": ["snippetSupport": .bool(snippets)]],
                             "documentSymbol": ["hierarchicalDocumentSymbolSupport": true]],
        ]
        let reply = send(request(1, "initialize", ["rootUri": .string("file://" + root), "capabilities": capabilities]))
        send(notification("initialized"))
        return reply.first
    }

    /// Opens a document: the messages the server sent back (its diagnostics), which most tests
    /// leave aside.
    @discardableResult
    func open(_ uri: String, _ text: String, version: Int = 1) -> [JSONValue] {
        send(notification("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "cards", "version": .int(version), "text": .string(text)]]))
    }
}

func position(_ line: Int, _ character: Int) -> JSONValue { ["line": .int(line), "character": .int(character)] }

func textPosition(_ uri: String, _ line: Int, _ character: Int) -> JSONValue {
    ["textDocument": ["uri": .string(uri)], "position": position(line, character)]
}

extension JSONValue {
    var errorCode: Int? { self["error"]?["code"]?.int }
    var id: Int? { self["id"]?.int }
    var method: String? { self["method"]?.string }
}

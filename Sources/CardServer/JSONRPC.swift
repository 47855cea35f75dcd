import CardJSON

/// JSON-RPC 2.0 and LSP error codes.
public enum ErrorCode: Int, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case serverNotInitialized = -32002
    case requestFailed = -32803
    case requestCancelled = -32800
}

/// A failure answered as a JSON-RPC error.
struct ResponseError: Error {
    var code: ErrorCode
    var message: String

    init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    static func invalidParams(_ message: String) -> ResponseError { ResponseError(.invalidParams, message) }
}

/// A message from the client, as JSON-RPC classifies it.
enum IncomingMessage {
    case request(id: JSONValue, method: String, params: JSONValue?)
    case notification(method: String, params: JSONValue?)
    /// A response to a request of ours (`client/registerCapability`): ignored.
    case response
    /// Valid JSON that is no JSON-RPC message; `id` when one could be read.
    case invalid(id: JSONValue, reason: String)

    init(_ value: JSONValue) {
        guard case .object = value else {
            self = .invalid(id: .null, reason: "a message must be a JSON object")
            return
        }
        let id = value["id"]
        if let id {
            switch id {
            case .int, .string, .null: break
            default:
                self = .invalid(id: .null, reason: "`id` must be a number or a string")
                return
            }
        }
        if let version = value["jsonrpc"], version != .string("2.0") {
            self = .invalid(id: id ?? .null, reason: "`jsonrpc` must be \"2.0\"")
            return
        }
        guard let methodValue = value["method"] else {
            if id != nil && (value["result"] != nil || value["error"] != nil) {
                self = .response
            } else {
                self = .invalid(id: id ?? .null, reason: "a request needs a `method`")
            }
            return
        }
        guard case .string(let method) = methodValue else {
            self = .invalid(id: id ?? .null, reason: "`method` must be a string")
            return
        }
        // `"params": null` is read as no parameters (clients send it for `shutdown` and `exit`).
        let params = value["params"] == .null ? nil : value["params"]
        if let params {
            switch params {
            case .object, .array: break
            default:
                self = .invalid(id: id ?? .null, reason: "`params` must be an object or an array")
                return
            }
        }
        if let id {
            self = .request(id: id, method: method, params: params)
        } else {
            self = .notification(method: method, params: params)
        }
    }
}

enum Outgoing {
    static func response(id: JSONValue, result: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    static func error(id: JSONValue, _ error: ResponseError) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .int(error.code.rawValue), "message": .string(error.message)]]
    }

    /// A request to the client; `params` null is left out (a request without parameters).
    static func request(id: JSONValue, _ method: String, _ params: JSONValue) -> JSONValue {
        if params == .null { return ["jsonrpc": "2.0", "id": id, "method": .string(method)] }
        return ["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params]
    }

    static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }
}

/// Typed reads of request parameters: a wrong type is `invalidParams`.
struct Params {
    let value: JSONValue?

    func object(_ key: String) throws -> Params {
        guard let member = value?[key], case .object = member else { throw ResponseError.invalidParams("`\(key)` must be an object") }
        return Params(value: member)
    }

    func optionalObject(_ key: String) throws -> Params? {
        guard let member = value?[key], member != .null else { return nil }
        guard case .object = member else { throw ResponseError.invalidParams("`\(key)` must be an object") }
        return Params(value: member)
    }

    func string(_ key: String) throws -> String {
        guard let string = value?[key]?.string else { throw ResponseError.invalidParams("`\(key)` must be a string") }
        return string
    }

    func optionalString(_ key: String) throws -> String? {
        guard let member = value?[key], member != .null else { return nil }
        guard let string = member.string else { throw ResponseError.invalidParams("`\(key)` must be a string") }
        return string
    }

    /// A non-negative integer (`uinteger`), any size clamped to what positions can use.
    func unsigned(_ key: String) throws -> Int {
        guard let member = value?[key] else { throw ResponseError.invalidParams("`\(key)` is missing") }
        switch member {
        case .int(let n) where n >= 0: return n
        case .double(let d) where d >= 0 && d == d.rounded() && d.isFinite: return d < 1e15 ? Int(d) : Int(1e15)
        default: throw ResponseError.invalidParams("`\(key)` must be a non-negative integer")
        }
    }

    func optionalInt(_ key: String) throws -> Int? {
        guard let member = value?[key], member != .null else { return nil }
        guard let int = member.int else { throw ResponseError.invalidParams("`\(key)` must be an integer") }
        return int
    }

    func optionalBool(_ key: String) throws -> Bool? {
        guard let member = value?[key], member != .null else { return nil }
        guard let bool = member.bool else { throw ResponseError.invalidParams("`\(key)` must be a boolean") }
        return bool
    }

    func array(_ key: String) throws -> [JSONValue] {
        guard let array = value?[key]?.array else { throw ResponseError.invalidParams("`\(key)` must be an array") }
        return array
    }

    func optionalArray(_ key: String) throws -> [JSONValue]? {
        guard let member = value?[key], member != .null else { return nil }
        guard let array = member.array else { throw ResponseError.invalidParams("`\(key)` must be an array") }
        return array
    }

    /// The value at a path of keys, if every step is an object member.
    func lookUp(_ keys: String...) -> JSONValue? {
        var current = value
        for key in keys { current = current?[key] }
        return current
    }
}

import CardJSON
import CardDiagnostics
import Foundation

/// A JSON Schema (draft 2020-12) validator for the subset `Grammar/layout.schema.json` uses:
/// `type`, `required`, `properties`, `additionalProperties`, `items`, `enum`, `const`, `$ref` to
/// `#/$defs/…` (any local JSON pointer), `minimum`, `minItems`, `pattern`, `oneOf`, `anyOf`.
/// Annotations (`$schema`, `$id`, `$defs`, `title`, `description`, `$comment`) are ignored; any
/// other keyword is reported as an error, so the schema cannot silently rely on more.
struct JSONSchemaValidator {
    let root: JSONValue

    static let supported: Set<String> = ["type", "required", "properties", "additionalProperties", "items", "enum",
                                         "const", "$ref", "minimum", "minItems", "pattern", "oneOf", "anyOf"]
    static let annotations: Set<String> = ["$schema", "$id", "$defs", "title", "description", "$comment"]

    /// Every violation as `path: message`; empty when `instance` is valid.
    func validate(_ instance: JSONValue) -> [String] {
        var errors: [String] = []
        validate(instance, against: root, at: "", errors: &errors)
        return errors
    }

    func isValid(_ instance: JSONValue, against schema: JSONValue) -> Bool {
        var errors: [String] = []
        validate(instance, against: schema, at: "", errors: &errors)
        return errors.isEmpty
    }

    func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#") else { return nil }
        var node = root
        for token in reference.dropFirst().split(separator: "/", omittingEmptySubsequences: true) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let next = node[key] else { return nil }
            node = next
        }
        return node
    }

    static func typeMatches(_ instance: JSONValue, _ type: String) -> Bool {
        switch (type, instance) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object): true
        case ("number", .int), ("number", .double): true
        case ("integer", .int): true
        case ("integer", .double(let d)): d.isFinite && d == d.rounded()
        default: false
        }
    }

    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }

    /// JSON equality with numbers compared by value (`1` equals `1.0`).
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let x = number(a), let y = number(b) { return x == y }
        switch (a, b) {
        case let (.array(x), .array(y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case let (.object(x), .object(y)):
            return x.count == y.count && x.allSatisfy { key, value in y.contains { $0.0 == key && equal($0.1, value) } }
        default: return a == b
        }
    }

    func validate(_ instance: JSONValue, against schema: JSONValue, at path: String, errors: inout [String]) {
        if case .bool(let allowed) = schema {
            if !allowed { errors.append("\(path): no value is allowed here") }
            return
        }
        guard case .object(let keywords) = schema else {
            errors.append("\(path): schema is not an object")
            return
        }
        for (keyword, value) in keywords {
            if Self.annotations.contains(keyword) { continue }
            guard Self.supported.contains(keyword) else {
                errors.append("\(path): unsupported schema keyword \(keyword)")
                continue
            }
            switch keyword {
            case "$ref":
                guard case .string(let reference) = value, let target = resolve(reference) else {
                    errors.append("\(path): unresolvable $ref \(value)")
                    continue
                }
                validate(instance, against: target, at: path, errors: &errors)
            case "type":
                let types: [String]
                switch value {
                case .string(let t): types = [t]
                case .array(let list): types = list.compactMap { if case .string(let t) = $0 { t } else { nil } }
                default: types = []
                }
                if !types.contains(where: { Self.typeMatches(instance, $0) }) {
                    errors.append("\(path): expected \(types.joined(separator: " or ")), found \(Self.describe(instance))")
                }
            case "enum":
                guard case .array(let options) = value else { continue }
                if !options.contains(where: { Self.equal($0, instance) }) {
                    errors.append("\(path): \(Self.describe(instance)) is not one of \(value.serialized())")
                }
            case "const":
                if !Self.equal(value, instance) {
                    errors.append("\(path): expected \(value.serialized()), found \(Self.describe(instance))")
                }
            case "required":
                guard case .object = instance, case .array(let names) = value else { continue }
                for case .string(let name) in names where instance[name] == nil {
                    errors.append("\(path): missing required key \"\(name)\"")
                }
            case "properties":
                guard case .object(let members) = instance, case .object(let properties) = value else { continue }
                for (key, member) in members {
                    if let subschema = properties.first(where: { $0.0 == key })?.1 {
                        validate(member, against: subschema, at: path + "/" + key, errors: &errors)
                    }
                }
            case "additionalProperties":
                guard case .object(let members) = instance else { continue }
                let declared: [String]
                if case .object(let properties)? = schema["properties"] { declared = properties.map(\.0) } else { declared = [] }
                for (key, member) in members where !declared.contains(key) {
                    if case .bool(false) = value {
                        errors.append("\(path): unexpected key \"\(key)\"")
                    } else {
                        validate(member, against: value, at: path + "/" + key, errors: &errors)
                    }
                }
            case "items":
                guard case .array(let elements) = instance else { continue }
                for (index, element) in elements.enumerated() {
                    validate(element, against: value, at: path + "/\(index)", errors: &errors)
                }
            case "minimum":
                if let minimum = Self.number(value), let n = Self.number(instance), n < minimum {
                    errors.append("\(path): \(n) is less than the minimum \(minimum)")
                }
            case "minItems":
                if case .array(let elements) = instance, let minimum = Self.number(value), Double(elements.count) < minimum {
                    errors.append("\(path): fewer than \(minimum) items")
                }
            case "pattern":
                guard case .string(let text) = instance, case .string(let pattern) = value else { continue }
                guard let regex = try? NSRegularExpression(pattern: pattern) else {
                    errors.append("\(path): bad pattern \(pattern)")
                    continue
                }
                let range = NSRange(text.startIndex..., in: text)
                if regex.firstMatch(in: text, range: range) == nil {
                    errors.append("\(path): \"\(text)\" does not match \(pattern)")
                }
            case "oneOf", "anyOf":
                guard case .array(let options) = value else { continue }
                var matches = 0
                var firstErrors: [[String]] = []
                for option in options {
                    var optionErrors: [String] = []
                    validate(instance, against: option, at: path, errors: &optionErrors)
                    if optionErrors.isEmpty { matches += 1 } else { firstErrors.append(optionErrors) }
                }
                if keyword == "oneOf" && matches != 1 || keyword == "anyOf" && matches == 0 {
                    let closest = firstErrors.min { $0.count < $1.count } ?? []
                    errors.append("\(path): \(matches) of \(options.count) \(keyword) alternatives match"
                                  + (closest.isEmpty ? "" : " (closest: \(closest.prefix(3).joined(separator: "; ")))"))
                }
            default:
                break
            }
        }
    }

    static func describe(_ value: JSONValue) -> String {
        let text = value.serialized()
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }
}

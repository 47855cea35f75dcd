import CardJSON
import CardDiagnostics
import CardEmit
import CardLayout
import CardModel
import CardSema
import Foundation
import Testing

/// `Grammar/layout.schema.json` against the catalog, and the validator against broken documents
/// (so a passing golden test means something).
@Suite struct SchemaTests {
    static func enumValues(_ definition: String) -> [String] {
        var node = layoutSchema["$defs"]?[definition]
        if definition == "trait" { node = node?["properties"]?["trait"] }
        guard case .array(let values)? = node?["enum"] else { return [] }
        return values.compactMap { if case .string(let s) = $0 { s } else { nil } }
    }

    @Test func schemaParsesAndDeclaresDraft2020() {
        #expect(layoutSchema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        #expect(layoutSchema["$defs"] != nil)
    }

    /// The enums were generated from the catalog once; they must stay in step with it.
    @Test func enumsMatchTheCatalog() {
        #expect(Self.enumValues("partName") == Catalog.parts.map(\.name) + ["cell"])
        #expect(Self.enumValues("trait") == Catalog.traits.map(\.name))
        guard case .object(let themeProperties)? = layoutSchema["$defs"]?["theme"]?["properties"]?["properties"]?["properties"] else {
            Issue.record("no theme properties in the schema")
            return
        }
        #expect(themeProperties.map(\.0) == Catalog.themeProperties.map(\.name))
        var kinds: [String] = []
        for name in ["collapsibleStack", "sheetStack", "swipeStack", "listStack"] {
            let kind = layoutSchema["$defs"]?[name]?["properties"]?["kind"]
            if case .string(let k)? = kind?["const"] { kinds.append(k) }
            if case .array(let ks)? = kind?["enum"] { kinds += ks.compactMap { if case .string(let s) = $0 { s } else { nil } } }
            // Each kind's positions are the catalog's layoutPositions.
            guard case .object(let positions)? = layoutSchema["$defs"]?[name]?["properties"]?["positions"]?["properties"] else { continue }
            for kindName in kinds.suffix(name == "listStack" ? 2 : 1) {
                let expected = Catalog.stackKind(named: kindName)?.layoutPositions ?? []
                #expect(positions.map(\.0).filter { $0 != "transitions" } == expected, "\(kindName)")
            }
            // Config keys are the catalog's arguments.
            if case .object(let config)? = layoutSchema["$defs"]?[name]?["properties"]?["config"]?["properties"],
               let kindName = kinds.last {
                #expect(config.map(\.0) == (Catalog.stackKind(named: kindName)?.arguments.map(\.name) ?? []), "\(kindName)")
            }
        }
        #expect(Set(kinds) == Set(Catalog.stackKinds.map(\.name)))
    }

    static func sampleDocument() throws -> JSONValue {
        let result = compileInMemory("wallet.cards", in: LayoutTestPaths.samples)
        let deck = try #require(result.decks.first)
        return try JSONParser.parse(LayoutJSONEmitter().emit(deck, options: BackendOptions()))
    }

    /// Replaces the value at `path` (object keys and array indices) in `value`.
    static func replacing(_ value: JSONValue, at path: [String], with replacement: JSONValue?) -> JSONValue {
        guard let first = path.first else { return replacement ?? .null }
        switch value {
        case .object(var members):
            guard let index = members.firstIndex(where: { $0.0 == first }) else {
                if let replacement, path.count == 1 { members.append((first, replacement)) }
                return .object(members)
            }
            if path.count == 1 && replacement == nil { members.remove(at: index); return .object(members) }
            members[index].1 = replacing(members[index].1, at: Array(path.dropFirst()), with: replacement)
            return .object(members)
        case .array(var elements):
            guard let index = Int(first), elements.indices.contains(index) else { return value }
            elements[index] = replacing(elements[index], at: Array(path.dropFirst()), with: replacement)
            return .array(elements)
        default:
            return value
        }
    }

    @Test func validatorRejectsBrokenDocuments() throws {
        let document = try Self.sampleDocument()
        #expect(schemaViolations(document).isEmpty)
        let broken: [(String, [String], JSONValue?)] = [
            ("missing key", ["cards", "0", "states"], nil),
            ("extra key", ["cards", "0", "surprise"], .int(1)),
            ("wrong type", ["viewport", "width"], .string("390")),
            ("unknown part", ["cards", "0", "states", "0", "parts", "0", "part"], .string("txt")),
            ("unknown trait", ["cards", "0", "traits", "0", "trait"], .string("glow")),
            ("negative height", ["cards", "0", "states", "0", "height"], .int(-1)),
            ("bad format", ["format"], .string("other")),
            ("bad color", ["themes", "0", "properties", "titleColor"], .string("red")),
            ("stack kind mismatch", ["stacks", "0", "kind"], .string("sheet")),
            ("position of another kind", ["stacks", "0", "positions", "list"], .object([("height", .int(0)), ("frames", .array([]))])),
            ("frame without height", ["stacks", "0", "positions", "collapsed", "frames", "0", "height"], nil),
        ]
        for (description, path, replacement) in broken {
            let mutated = Self.replacing(document, at: path, with: replacement)
            #expect(mutated != document, "\(description): the mutation did not apply")
            #expect(!schemaViolations(mutated).isEmpty, "\(description) was accepted")
        }
        // Keys out of order are caught by the key-order check.
        if case .object(let members) = document {
            #expect(!schemaViolations(.object(members.reversed())).isEmpty)
        }
    }

    @Test func validatorBasics() throws {
        let schema = try JSONParser.parse("""
        {"$defs": {"n": {"type": "integer", "minimum": 1}},
         "type": "object", "required": ["a"], "additionalProperties": false,
         "properties": {"a": {"$ref": "#/$defs/n"}, "b": {"oneOf": [{"const": "x"}, {"enum": ["x", "y"]}]},
                        "c": {"type": "array", "items": {"pattern": "^#[0-9]+$"}}}}
        """)
        let validator = JSONSchemaValidator(root: schema)
        #expect(validator.validate(try JSONParser.parse(##"{"a": 2, "b": "y", "c": ["#1"]}"##)).isEmpty)
        #expect(validator.validate(try JSONParser.parse(#"{"a": 2.0}"#)).isEmpty, "2.0 is an integer")
        #expect(!validator.validate(try JSONParser.parse(#"{"a": 0}"#)).isEmpty)
        #expect(!validator.validate(try JSONParser.parse(#"{"a": 1.5}"#)).isEmpty)
        #expect(!validator.validate(try JSONParser.parse(#"{"a": 1, "b": "x"}"#)).isEmpty, "oneOf: both match")
        #expect(!validator.validate(try JSONParser.parse(##"{"a": 1, "c": ["1"]}"##)).isEmpty)
        #expect(!validator.validate(try JSONParser.parse(#"{"b": "y"}"#)).isEmpty)
        #expect(!validator.validate(try JSONParser.parse(#"{"a": 1, "z": 1}"#)).isEmpty)
        let unsupported = JSONSchemaValidator(root: try JSONParser.parse(#"{"maxLength": 3}"#))
        #expect(!unsupported.validate(.string("abcd")).isEmpty, "unknown keywords are reported, not ignored")
    }

    @Test func parserIsStrict() throws {
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "\"\\x\"", "\"a\nb\"", "[1] 2", "tru", "\"\\ud80\""] {
            #expect(throws: JSONParser.Failure.self, "\(bad)") { try JSONParser.parse(bad) }
        }
        // A lone surrogate escape is what the grammar allows (RFC 8259, section 8.2): read as U+FFFD.
        #expect(try JSONParser.parse("\"\\ud800\"") == .string("\u{FFFD}"))
        #expect(try JSONParser.parse(#"{"a": [1, -2.5e3, "\u00e9\ud83d\ude00", true, null]}"#)
                == ["a": [1, -2500.0, "é😀", true, nil]])
    }
}

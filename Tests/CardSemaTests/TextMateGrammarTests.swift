import Foundation
import Testing
import CardModel
@testable import CardSema
import CardTestSupport

/// `Grammar/cards.tmLanguage.json` is generated here, from the catalog, so its part, trait,
/// stack-kind, enum-case and named-colour lists never drift from the language: the test builds
/// the grammar and compares it with the checked-in file (and with the VS Code extension's
/// copies of it and of `Grammar/language-configuration.json`). To change the grammar, edit
/// `TextMateGrammar` below and run `CARDC_UPDATE=1 swift test --filter TextMateGrammarTests`,
/// which rewrites the file and the copies; then run `Tests/EndToEnd/textmate-grammar.sh`.
@Suite struct TextMateGrammarTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let grammarFile = packageRoot.appendingPathComponent("Grammar/cards.tmLanguage.json")
    static let configurationFile = packageRoot.appendingPathComponent("Grammar/language-configuration.json")
    /// The VS Code extension's copies (an extension may only read files inside its folder).
    static let copies: [(original: URL, copy: URL)] = [
        (grammarFile, packageRoot.appendingPathComponent("Editors/vscode/syntaxes/cards.tmLanguage.json")),
        (configurationFile, packageRoot.appendingPathComponent("Editors/vscode/language-configuration.json")),
    ]
    static var updating: Bool { Golden.isUpdating }

    static func contents(_ url: URL) -> String? { (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) } }

    @Test func grammarFileIsGeneratedFromTheCatalog() throws {
        let expected = TextMateGrammar.json()
        if Self.updating {
            try Data(expected.utf8).write(to: Self.grammarFile)
            return
        }
        let actual = Self.contents(Self.grammarFile)
        #expect(actual == expected, "Grammar/cards.tmLanguage.json is out of date: run CARDC_UPDATE=1 swift test --filter TextMateGrammarTests")
    }

    @Test func editorCopiesMatchTheirOriginals() throws {
        for (original, copy) in Self.copies {
            // When re-blessing, the grammar's copy is written from the generator, not from a
            // file another test may be rewriting.
            let generated = original == Self.grammarFile && Self.updating ? TextMateGrammar.json() : nil
            let text = try #require(generated ?? Self.contents(original), "missing \(original.path)")
            if Self.updating {
                try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: copy)
                continue
            }
            #expect(Self.contents(copy) == text, "\(copy.path) differs from \(original.lastPathComponent): run CARDC_UPDATE=1 swift test --filter TextMateGrammarTests")
        }
    }

    /// Every catalog word is in the grammar, and each is claimed by exactly one list.
    @Test func everyCatalogWordHasAScope() {
        let lists = TextMateGrammar.wordLists
        for (name, words) in lists { #expect(!words.isEmpty, "\(name) is empty") }
        for part in Catalog.nodes { #expect(lists.contains { $0.words.contains(part.name) }, "\(part.name)") }
        for trait in Catalog.traits { #expect(lists.contains { $0.words.contains(trait.name) }, "\(trait.name)") }
        for kind in Catalog.stackKinds { #expect(lists.contains { $0.words.contains(kind.name) }, "\(kind.name)") }
        for color in Catalog.namedColors { #expect(TextMateGrammar.namedColors.contains(color.name), "\(color.name)") }
        for name in ["center", "detail", "hasData", "collapsed", "semibold", "system", "currency"] {
            #expect(TextMateGrammar.enumCases.contains(name), "\(name)")
        }
        var owner: [String: String] = [:]
        for (name, words) in lists {
            for word in words {
                #expect(owner[word] == nil, "\(word) is in \(owner[word] ?? "") and \(name)")
                owner[word] = name
            }
        }
    }

    @Test func languageConfigurationIsValidJSON() throws {
        let data = try #require(Self.contents(Self.configurationFile)).data(using: .utf8) ?? Data()
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let comments = object?["comments"] as? [String: Any]
        #expect(comments?["lineComment"] as? String == "//")
        #expect((comments?["blockComment"] as? [String]) == ["/*", "*/"])
        #expect((object?["brackets"] as? [[String]])?.count == 3)
        let grammar = try JSONSerialization.jsonObject(with: Data(TextMateGrammar.json().utf8)) as? [String: Any]
        #expect(grammar?["scopeName"] as? String == "source.cards")
    }
}

/// The TextMate grammar of `.cards`, as data. Scope names follow the TextMate conventions
/// themes know (`comment.line.double-slash`, `string.quoted.double`, `constant.numeric`,
/// `support.function`, …), each ending in `.cards`.
enum TextMateGrammar {
    // MARK: Words from the catalog

    /// Part names and the structural nodes (`cell`, `overlay`, `footer`, `model`).
    static var parts: [String] { Catalog.nodes.map(\.name).sorted() }
    static var traits: [String] { Catalog.traits.map(\.name).sorted() }
    static var stackKinds: [String] { Catalog.stackKinds.map(\.name).sorted() }
    static var namedColors: [String] { Catalog.namedColors.map(\.name).sorted() }
    static var constructors: [String] { Catalog.valueConstructors.map(\.name).sorted() }
    static var actions: [String] { Catalog.builtInActions.map(\.name).sorted() }
    static var themes: [String] { Catalog.builtInThemes.map(\.name).sorted() }

    /// Every enum case a catalog parameter accepts, and the built-in states (`.hasData`), less
    /// the named colours (scoped as colours).
    static var enumCases: [String] {
        var names = Set(Catalog.builtInStates.map(\.name))
        func collect(_ type: ValueType) {
            switch type {
            case .enumeration(let enumType): names.formUnion(enumType.caseNames)
            case .list(let element): collect(element)
            case .record(let fields): fields.forEach { collect($0.type) }
            default: break
            }
        }
        var parameters: [Parameter] = []
        parameters += Catalog.nodes.flatMap(\.parameters)
        parameters += Catalog.traits.flatMap(\.parameters)
        parameters += Catalog.stackKinds.flatMap { $0.arguments + $0.bodyProperties }
        parameters += Catalog.cardProperties.map(\.parameter)
        parameters += Catalog.builtInActions.flatMap(\.parameters)
        parameters += Catalog.valueConstructors.flatMap { $0.overloads.flatMap { $0 } }
        parameters.forEach { collect($0.type) }
        Catalog.themeProperties.forEach { collect($0.type) }
        return names.subtracting(namedColors).sorted()
    }

    /// The word lists matched as whole words, in the order the grammar tries them (a word in
    /// two lists would take the first one's scope: `everyCatalogWordHasAScope` forbids that).
    static var wordLists: [(name: String, words: [String])] {
        [("parts", parts), ("traits", traits), ("stack-kinds", stackKinds), ("constructors", constructors),
         ("actions", actions), ("themes", themes)]
    }

    // MARK: The grammar

    static let identifier = "[A-Za-z_][A-Za-z0-9_]*"

    static func words(_ list: [String]) -> String { "\\b(" + list.joined(separator: "|") + ")\\b" }

    static func scope(_ name: String) -> JSON { .object([("name", .string(name + ".cards"))]) }

    static func match(_ regex: String, _ name: String? = nil, captures: [String] = []) -> JSON {
        var fields: [(String, JSON)] = [("match", .string(regex))]
        if let name { fields.append(("name", .string(name + ".cards"))) }
        if !captures.isEmpty {
            fields.append(("captures", .object(captures.enumerated().map { ("\($0.offset + 1)", scope($0.element)) })))
        }
        return .object(fields)
    }

    static func include(_ names: [String]) -> JSON { .array(names.map { .object([("include", .string("#" + $0))]) }) }

    /// A repository rule made of other rules.
    static func patterns(_ rules: JSON) -> JSON { .object([("patterns", rules)]) }

    static var grammar: JSON {
        let escapes: [JSON] = [
            match("\\\\(?:[ntr\"\\\\0]|u\\{[0-9A-Fa-f]{1,8}\\})", "constant.character.escape"),
            match("\\\\$", "constant.character.escape.line-continuation"),
            match("\\\\.", "invalid.illegal.escape"),
        ]
        let repository: [(String, JSON)] = [
            ("comments", patterns(include(["doc-comment", "line-comment", "block-comment"]))),
            ("doc-comment", match("(///)(?!/).*", "comment.line.triple-slash.documentation", captures: ["punctuation.definition.comment"])),
            ("line-comment", match("(//).*", "comment.line.double-slash", captures: ["punctuation.definition.comment"])),
            ("block-comment", .object([
                ("name", .string("comment.block.cards")),
                ("begin", .string("/\\*")),
                ("beginCaptures", .object([("0", scope("punctuation.definition.comment.begin"))])),
                ("end", .string("\\*/")),
                ("endCaptures", .object([("0", scope("punctuation.definition.comment.end"))])),
                ("patterns", include(["block-comment"])),
            ])),
            ("strings", patterns(include(["multiline-string", "string"]))),
            ("multiline-string", .object([
                ("name", .string("string.quoted.triple.cards")),
                ("begin", .string("\"\"\"")),
                ("beginCaptures", .object([("0", scope("punctuation.definition.string.begin"))])),
                ("end", .string("\"\"\"")),
                ("endCaptures", .object([("0", scope("punctuation.definition.string.end"))])),
                ("patterns", .array(escapes)),
            ])),
            ("string", .object([
                ("name", .string("string.quoted.double.cards")),
                ("begin", .string("\"")),
                ("beginCaptures", .object([("0", scope("punctuation.definition.string.begin"))])),
                // A string left open ends at the end of its line, as the lexer ends it (E101).
                ("end", .string("\"|$")),
                ("endCaptures", .object([("0", scope("punctuation.definition.string.end"))])),
                ("patterns", .array(escapes.filter { $0 != escapes[1] })),
            ])),
            ("numbers", patterns(.array([
                match("(?<![\\w.])-?[0-9][0-9_]*(?:\\.[0-9][0-9_]*(?:[eE][+-]?[0-9][0-9_]*)?|[eE][+-]?[0-9][0-9_]*)(?![\\w.])",
                      "constant.numeric.float"),
                match("(?<![\\w.])-?[0-9][0-9_]*(?![\\w.])", "constant.numeric.integer"),
                match("-?\\.?[0-9][\\w.]*", "invalid.illegal.number"),
            ]))),
            ("colors", patterns(.array([
                match("#(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})(?![\\w])", "constant.other.color.rgb-value.hex"),
                match("#\\w*", "invalid.illegal.color"),
            ]))),
            ("bindings", .object([
                ("name", .string("meta.binding.cards")),
                ("begin", .string("(\\$)(\(identifier))")),
                ("beginCaptures", .object([("1", scope("punctuation.definition.variable")), ("2", scope("variable.other.binding"))])),
                ("end", .string("(?!\\.[A-Za-z_])")),
                ("patterns", .array([match("(\\.)(\(identifier))", captures: ["punctuation.accessor", "variable.other.property"])])),
            ])),
            ("enum-cases", patterns(.array([
                match("(\\.)" + words(namedColors), captures: ["punctuation.accessor", "support.constant.color"]),
                match("(\\.)" + words(enumCases), captures: ["punctuation.accessor", "support.constant.enum-case"]),
                match("(\\.)(\(identifier))", captures: ["punctuation.accessor", "constant.other.enum-case"]),
            ]))),
            ("keywords", patterns(.array([
                match("\\b(import)\\b(?=\\s*\")", captures: ["keyword.control.import"]),
                match("\\b(card)\\s+(\(identifier))", captures: ["keyword.other.declaration.card", "entity.name.type.card"]),
                match("\\b(stack)\\s+(\(identifier))", captures: ["keyword.other.declaration.stack", "entity.name.type.stack"]),
                match("\\b(theme)\\s+(\(identifier))", captures: ["keyword.other.declaration.theme", "entity.name.type.theme"]),
                match("\\b(state)\\s+(\(identifier))", captures: ["keyword.other.declaration.state", "entity.name.section.state"]),
                match("\\b(true|false)\\b", "constant.language.boolean"),
            ]))),
            // `label:` in a block (a property) or an argument list (an argument label).
            ("labels", match("\\b(\(identifier))\\s*(:)", captures: ["entity.other.attribute-name.label", "punctuation.separator.key-value"])),
            ("catalog", patterns(.array([
                match(words(parts), "support.function.part"),
                match(words(traits), "support.type.trait"),
                match(words(stackKinds), "support.type.stack-kind"),
                match(words(constructors) + "(?=\\s*\\()", "support.function.constructor"),
                match(words(actions), "support.function.action"),
                match(words(themes), "support.class.theme"),
            ]))),
            ("identifiers", patterns(.array([
                // Card and theme references (capitalised by convention), then other names:
                // actions and custom states.
                match("\\b[A-Z][A-Za-z0-9_]*\\b", "entity.name.type.reference"),
                match("\\b[a-z_][A-Za-z0-9_]*\\b", "variable.other.name"),
            ]))),
            ("punctuation", patterns(.array([
                match("\\{", "punctuation.section.block.begin"),
                match("\\}", "punctuation.section.block.end"),
                match("\\(", "punctuation.section.parens.begin"),
                match("\\)", "punctuation.section.parens.end"),
                match("\\[", "punctuation.section.brackets.begin"),
                match("\\]", "punctuation.section.brackets.end"),
                match(":", "punctuation.separator.colon"),
                match(",", "punctuation.separator.comma"),
                match(";", "punctuation.terminator.semicolon"),
            ]))),
            // Anything else is what the lexer rejects (E102).
            ("invalid", match("[^\\s]", "invalid.illegal.character")),
        ]
        return .object([
            ("$schema", .string("https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json")),
            ("name", .string("Cards")),
            ("scopeName", .string("source.cards")),
            ("fileTypes", .array([.string("cards")])),
            ("comment", .string("Generated from the cardc catalog by Tests/CardSemaTests/TextMateGrammarTests.swift: "
                                + "edit that file and run `CARDC_UPDATE=1 swift test --filter TextMateGrammarTests`.")),
            ("patterns", include(["comments", "strings", "numbers", "colors", "bindings", "enum-cases", "keywords",
                                  "labels", "catalog", "identifiers", "punctuation", "invalid"])),
            ("repository", .object(repository)),
        ])
    }

    /// The grammar's file text: two-space indentation, keys in the order above, a final newline.
    static func json() -> String { grammar.text(indent: 0) + "\n" }
}

/// A JSON value with ordered keys, printed deterministically.
indirect enum JSON: Equatable {
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.text(indent: 0) == rhs.text(indent: 0) }

    func text(indent: Int) -> String {
        let pad = String(repeating: "  ", count: indent + 1), closing = String(repeating: "  ", count: indent)
        switch self {
        case .string(let value):
            return JSON.quoted(value)
        case .array(let items):
            if items.allSatisfy({ if case .string = $0 { true } else { false } }) {
                return "[" + items.map { $0.text(indent: indent) }.joined(separator: ", ") + "]"
            }
            return "[\n" + items.map { pad + $0.text(indent: indent + 1) }.joined(separator: ",\n") + "\n" + closing + "]"
        case .object(let fields):
            if fields.count == 1, case .string = fields[0].1 {
                return "{ " + JSON.quoted(fields[0].0) + ": " + fields[0].1.text(indent: indent) + " }"
            }
            return "{\n" + fields.map { pad + JSON.quoted($0.0) + ": " + $0.1.text(indent: indent + 1) }.joined(separator: ",\n")
                + "\n" + closing + "}"
        }
    }

    static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

import Foundation
import Testing
import CardDiagnostics
@testable import CardSyntax

/// `Grammar/cards.ebnf` is the authoritative grammar (docs/language.md §3): every worked example in
/// it must parse cleanly, and so must every sample deck.
@Suite struct GrammarTests {
    /// The text of every `(* example: … *)` block, with the line it starts on.
    static func examples() -> [GrammarExample] {
        guard let data = FileManager.default.contents(atPath: TestPaths.grammar.path),
              let text = String(data: data, encoding: .utf8) else { return [] }
        var result: [GrammarExample] = []
        var rest = text[...]
        while let open = rest.range(of: "(* example:") {
            guard let close = rest.range(of: "*)", range: open.upperBound..<rest.endIndex) else { break }
            let line = text[..<open.lowerBound].filter { $0 == "\n" }.count + 1
            result.append(GrammarExample(line: line, source: String(rest[open.upperBound..<close.lowerBound])))
            rest = rest[close.upperBound...]
        }
        return result
    }

    static let sampleNames: [String] = {
        let root = TestPaths.samples.resolvingSymlinksInPath().path + "/"
        return TestPaths.cardsFiles(under: TestPaths.samples).map { String($0.path.dropFirst(root.count)) }
    }()

    @Test func grammarFileHasExamples() {
        #expect(FileManager.default.fileExists(atPath: TestPaths.grammar.path), "missing \(TestPaths.grammar.path)")
        #expect(Self.examples().count >= 8)
    }

    @Test(arguments: examples())
    func exampleParsesCleanly(_ example: GrammarExample) {
        let tree = parse(example.source, path: "cards.ebnf")
        let found = tree.diagnostics.map { "\(tree.file.location(of: $0.span.start)) \($0.code.rawValue) \($0.message)" }
        #expect(found == [], "example at cards.ebnf:\(example.line)")
        #expect(tree.nodes.count > 1, "example at cards.ebnf:\(example.line) is empty")
    }

    /// Together, the examples exercise every kind of node the parser builds from valid input.
    @Test func examplesCoverEveryNodeKind() {
        var seen = Set<NodeKind>()
        for example in Self.examples() {
            let tree = parse(example.source)
            for i in 0..<tree.nodes.count { seen.insert(tree.nodes.kinds[i]) }
        }
        let all: [NodeKind] = [.file, .importDecl, .cardDecl, .stackDecl, .themeDecl, .stateDecl, .conformanceList,
                               .block, .property, .node, .argument, .string, .number, .color, .boolean, .binding,
                               .reference, .call, .enumCase, .list, .record]
        for kind in all { #expect(seen.contains(kind), "no grammar example produces a `\(kind)` node") }
        #expect(!seen.contains(.unexpected) && !seen.contains(.missing))
    }

    /// The grammar names every token kind of the lexer and every diagnostic of the front end.
    @Test func grammarMentionsEveryTokenAndFrontEndCode() throws {
        let text = try String(contentsOf: TestPaths.grammar, encoding: .utf8)
        for token in ["IDENT", "STRING", "MULTILINE_STRING", "INTEGER", "DOUBLE", "COLOR", "BINDING", "ENUM_CASE",
                      "keyword", "punctuation", "doc_comment", "line_comment", "block_comment"] {
            #expect(text.contains(token + " "), "cards.ebnf does not define \(token)")
        }
        for code in ["E101", "E102", "E103", "E104", "E105", "E106", "E107", "E108",
                     "E201", "E202", "E203", "E204", "E205"] {
            #expect(text.contains(code), "cards.ebnf does not mention \(code)")
        }
        #expect(text.contains(String(Parser.maxDepth)))
    }

    @Test func samplesExist() {
        #expect(!Self.sampleNames.isEmpty, "no samples in \(TestPaths.samples.path)")
    }

    @Test(arguments: sampleNames)
    func sampleHasNoSyntaxDiagnostics(_ name: String) {
        let url = TestPaths.samples.resolvingSymlinksInPath().appendingPathComponent(name)
        let tree = parse(bytes: TestPaths.bytes(of: url), path: name)
        let found = tree.diagnostics.map { "\(tree.file.location(of: $0.span.start)) \($0.code.rawValue) \($0.message)" }
        #expect(found == [], "\(name)")
        #expect(tree.invariantViolations() == [])
        #expect(!tree.children(tree.root).isEmpty)
    }
}

/// One worked example from the grammar file.
struct GrammarExample: Sendable, CustomTestStringConvertible {
    var line: Int
    var source: String
    var testDescription: String { "cards.ebnf:\(line)" }
}

import Foundation
import Testing
import CardPipeline
import CardDiagnostics
import CardModel
import CardSources
import CardSema
@testable import CardSyntax
import CardTestSupport

/// The formatter's promises, over every fixture and sample of the repository, generated decks
/// and mutated decks: formatting succeeds on every file without syntax errors (and refuses the
/// others), is idempotent, gives the same syntax tree (a dump without positions, plus which
/// nodes have parentheses), the same comments (as a multiset of texts) and doc comments, and
/// the same diagnostic codes when checked.
///
/// Sizes, chosen to keep the suite fast on two cores: 200 generated decks of 1 to 8 cards, and
/// 1,200 mutated variants of the fixtures (but the 256-level nesting one, whose output is
/// 500 KB), samples and a few generated decks (1 to 6
/// whitespace, comment and separator mutations each; variants that no longer parse cleanly are
/// skipped and counted).
@Suite struct FormatterPropertyTests {
    /// The deck generator (CardTestSupport), used through this one function.
    static func generatedDeck(cards: Int, seed: UInt64) -> String { SyntheticDeck.generate(cards: cards, seed: seed) }

    /// Directories whose `.cards` files are checked together (imports resolve among them).
    static var corpusDirectories: [URL] {
        let tests = TestPaths.packageRoot.appendingPathComponent("Tests")
        let targets = ((try? FileManager.default.contentsOfDirectory(atPath: tests.path)) ?? []).sorted()
        return [TestPaths.samples] + targets.map { tests.appendingPathComponent($0).appendingPathComponent("Fixtures") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The `.cards` files directly in `directory`, by name.
    static func files(in directory: URL) -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where name.hasSuffix(".cards") {
            result[name] = TestPaths.bytes(of: directory.appendingPathComponent(name))
        }
        return result
    }

    // MARK: The properties

    static func hasErrors(_ tree: SyntaxTree) -> Bool { tree.diagnostics.contains { $0.severity == .error } }

    /// The tree without positions: `dump()` (kinds and main token texts, nested), then which
    /// nodes were written with parentheses.
    static func shape(_ tree: SyntaxTree) -> String {
        var parentheses = ""
        for i in 0..<tree.nodes.count { parentheses += tree.hasParentheses(NodeID(Int32(i))) ? "1" : "0" }
        return tree.dump() + parentheses
    }

    static func commentTexts(_ tree: SyntaxTree) -> [String] {
        tree.comments.map { tree.file.text($0.range) }.sorted()
    }

    static func docComments(_ tree: SyntaxTree) -> [String?] {
        (0..<tree.nodes.count).map { NodeID(Int32($0)) }.filter { tree.kind($0).isDeclaration }.map(tree.docComment)
    }

    /// Formats `bytes` and returns the output (nil when refused) and every broken promise.
    static func check(_ bytes: [UInt8], name: String) -> (output: [UInt8]?, problems: [String]) {
        let tree = parse(bytes: bytes, path: name)
        if hasErrors(tree) {
            do {
                _ = try Formatter.formattedBytes(tree)
                return (nil, ["\(name): has syntax errors but was formatted"])
            } catch {
                guard case .syntaxErrors = error else { return (nil, ["\(name): \(error)"]) }
                return (nil, [])
            }
        }
        let output: [UInt8]
        do { output = try Formatter.formattedBytes(tree) } catch { return (nil, ["\(name): \(error)"]) }
        var problems: [String] = []
        let formatted = parse(bytes: output, path: name)
        if hasErrors(formatted) { problems.append("\(name): the output has errors \(formatted.codes)") }
        // The second pass skips the formatter's own verification: the checks below do it.
        if let again = try? Formatter.print(formatted, placements: CommentAttachment(formatted).placements), again != output {
            problems.append("\(name): not idempotent: \(firstDifferentLine(output, again))")
        }
        if shape(tree) != shape(formatted) { problems.append("\(name): the tree changed") }
        if commentTexts(tree) != commentTexts(formatted) { problems.append("\(name): the comments changed") }
        if docComments(tree) != docComments(formatted) { problems.append("\(name): the doc comments changed") }
        return (output, problems)
    }

    static func firstDifferentLine(_ a: [UInt8], _ b: [UInt8]) -> String {
        let x = String(decoding: a, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let y = String(decoding: b, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for k in 0..<max(x.count, y.count) where k >= x.count || k >= y.count || x[k] != y[k] {
            return "line \(k + 1): \(k < x.count ? String(x[k]).debugDescription : "end") then \(k < y.count ? String(y[k]).debugDescription : "end")"
        }
        return "same lines"
    }

    /// The diagnostic codes of checking `entry` among `files` (sorted, with layout warnings, as
    /// `cardc check` reports them).
    static func codes(_ entry: String, among files: [String: [UInt8]]) -> [String] {
        codes(entry, in: provider(files))
    }

    static func provider(_ files: [String: [UInt8]]) -> MemoryFileProvider {
        MemoryFileProvider(files.mapValues { String(decoding: $0, as: UTF8.self) })
    }

    static func codes(_ entry: String, in provider: MemoryFileProvider) -> [String] {
        Pipeline.check(paths: [entry], root: ".", provider: provider)
            .diagnostics.map(\.code.rawValue).sorted()
    }

    // MARK: Corpus

    @Test func everyFixtureAndSample() {
        var formatted = 0, refused = 0
        for directory in Self.corpusDirectories {
            let originals = Self.files(in: directory)
            var outputs = originals
            for (name, bytes) in originals.sorted(by: { $0.key < $1.key }) {
                let result = Self.check(bytes, name: directory.lastPathComponent + "/" + name)
                for problem in result.problems { Issue.record("\(problem)") }
                if let output = result.output { outputs[name] = output; formatted += 1 } else { refused += 1 }
            }
            // Checked in place of the originals (imports see the formatted files too).
            let before = Self.provider(originals), after = Self.provider(outputs)
            for name in originals.keys.sorted() where outputs[name] != originals[name] {
                let before = Self.codes(name, in: before), after = Self.codes(name, in: after)
                #expect(before == after, "\(directory.lastPathComponent)/\(name): codes \(before) became \(after)")
            }
        }
        #expect(formatted >= 100, "fixtures or samples not found")
        #expect(refused >= 20, "the syntax-error fixtures should be refused")
    }

    @Test func generatedDecks() {
        for seed in 0..<200 as Range<UInt64> {
            let cards = 1 + Int(seed % 8)
            let bytes = Array(Self.generatedDeck(cards: cards, seed: seed).utf8)
            let name = "generated-\(cards)-\(seed).cards"
            let result = Self.check(bytes, name: name)
            if !result.problems.isEmpty { Issue.record("\(result.problems.joined(separator: "; "))"); return }
            guard let output = result.output else { Issue.record("\(name) was refused"); return }
            let before = Self.codes("deck.cards", among: ["deck.cards": bytes])
            let after = Self.codes("deck.cards", among: ["deck.cards": output])
            if before != after { Issue.record("\(name): codes \(before) became \(after)"); return }
        }
    }

    // MARK: Mutated decks

    /// What the mutations insert at a token boundary.
    static let insertions: [String] = [
        " ", "\n", "\n\n\n", "\t", "/* c */", " /* c */ ", "// line\n", "\n// own line\n", "/// doc\n",
        "/* multi\n   line */", "/*/* nested */*/", "\n\n/* block\n*/\n", "// a\n\n// b\n", "  // spaced  \n",
        "//// four\n", "/**/", "\r\n", "/// a\n/// b\n", "\r", "// lone\r", "\r\r\r",
    ]

    /// One mutation that keeps the tokens (so usually the tree): whitespace, comments, block
    /// separators and trailing commas at token boundaries.
    static func mutate(_ bytes: inout [UInt8], _ rng: inout SplitMix64) {
        let tokens = Lexer.tokenize(SourceFile(path: "m.cards", bytes: bytes)).tokens
        let t = rng.below(tokens.count)
        let start = tokens.start(t)
        let gapStart = t > 0 ? tokens.end(t - 1) : 0
        let gapIsBlank = bytes[gapStart..<start].allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
        switch rng.below(6) {
        case 0, 1, 2:
            bytes.insert(contentsOf: Array(insertions[rng.below(insertions.count)].utf8), at: start)
        case 3 where gapIsBlank:
            // Glue the tokens, or join their lines.
            bytes.replaceSubrange(gapStart..<start, with: rng.below(2) == 0 ? [] : [0x20])
        case 4 where t > 0 && (tokens.kind(t) == .rightParen || tokens.kind(t) == .rightBracket):
            let previous = tokens.kind(t - 1)
            if previous != .leftParen && previous != .leftBracket && previous != .comma { bytes.insert(0x2C, at: start) }
        case 5 where t > 0 && tokens.kind(t - 1) == .leftBrace:
            bytes.insert(contentsOf: Array((rng.below(2) == 0 ? " ; " : ",\n").utf8), at: start)
        default:
            bytes.insert(contentsOf: Array(insertions[rng.below(insertions.count)].utf8), at: start)
        }
    }

    @Test func mutatedDecks() {
        var bases: [(name: String, bytes: [UInt8])] = []
        for directory in Self.corpusDirectories {
            for (name, bytes) in Self.files(in: directory).sorted(by: { $0.key < $1.key })
            where !Self.hasErrors(parse(bytes: bytes)) && bytes.count < 10_000 && !name.contains("nesting") {
                bases.append((directory.lastPathComponent + "/" + name, bytes))
            }
        }
        for seed in 1...4 as ClosedRange<UInt64> {
            bases.append(("generated-\(seed)", Array(Self.generatedDeck(cards: 3, seed: seed * 1_000).utf8)))
        }
        var rng = SplitMix64(seed: 0xF0_F0)
        var checked = 0, skipped = 0
        for variant in 0..<1_200 {
            let base = bases[variant % bases.count]
            var bytes = base.bytes
            for _ in 0..<(1 + rng.below(6)) { Self.mutate(&bytes, &rng) }
            if Self.hasErrors(parse(bytes: bytes)) { skipped += 1; continue }
            let name = "\(base.name) variant \(variant)"
            let result = Self.check(bytes, name: name)
            if !result.problems.isEmpty {
                Issue.record("\(result.problems.joined(separator: "; ") + "\n" + String(decoding: bytes, as: UTF8.self))")
                return
            }
            checked += 1
            // Checking is slower than formatting: compare codes for one variant in eight.
            if variant % 8 == 0, let output = result.output {
                let before = Self.codes("deck.cards", among: ["deck.cards": bytes])
                let after = Self.codes("deck.cards", among: ["deck.cards": output])
                if before != after { Issue.record("\(name): codes \(before) became \(after)"); return }
            }
        }
        #expect(checked >= 900, "only \(checked) mutated variants parsed cleanly (\(skipped) skipped)")
    }
}

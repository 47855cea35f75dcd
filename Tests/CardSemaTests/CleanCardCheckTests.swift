import CardDiagnostics
import CardDriver
import CardSyntax
import Foundation
import Testing
@testable import CardSema

/// `CleanCardCheck` lets `cardc check` skip `CardChecker` on a card it finds clean, so it must
/// never find clean a card `CardChecker` reports anything for. Each test here checks decks with
/// both (`Compiler.auditCleanCheck`, which runs the clean check on every card and `CardChecker`
/// on every card too) and fails on any card found clean that `CardChecker` reports on. The
/// corpus: every fixture and sample, every `cardc explain` example, generated decks, and
/// thousands of generated decks with tokens swapped for others of the same language — near
/// misses of every rule, most of them wrong in one small way.
@Suite struct CleanCardCheckTests {
    static func audit(_ text: String, name: String = "audit.cards") -> CleanCheckAudit {
        audit(Array(text.utf8), name: name)
    }

    static func audit(_ bytes: [UInt8], name: String = "audit.cards") -> CleanCheckAudit {
        Compiler.auditCleanCheck(paths: [name], root: ".", provider: MemoryFileProvider([:]), sources: [name: bytes])
    }

    static func describe(_ audit: CleanCheckAudit) -> String {
        audit.misses.prefix(5).map { miss in
            "card \(miss.card): " + miss.diagnostics.map { "\($0.code.rawValue) \($0.message)" }.joined(separator: "; ")
        }.joined(separator: "\n")
    }

    /// Every fixture of every test target and every sample, each file on its own.
    static let fixtureFiles: [URL] = {
        let tests = SemaTestPaths.testsDirectory.deletingLastPathComponent()
        var files: [URL] = []
        for target in ["CardSemaTests", "CardSyntaxTests", "CardLayoutTests"] {
            let directory = tests.appendingPathComponent(target).appendingPathComponent("Fixtures")
            files += SemaTestPaths.cardsFiles(in: directory, recursive: true).map { directory.appendingPathComponent($0) }
        }
        files += SemaTestPaths.cardsFiles(in: SemaTestPaths.samples).map { SemaTestPaths.samples.appendingPathComponent($0) }
        return files
    }()

    @Test func fixturesAndSamples() {
        var cards = 0
        for file in Self.fixtureFiles {
            let audit = Self.audit(SemaTestPaths.bytes(of: file), name: file.lastPathComponent)
            cards += audit.cards
            #expect(audit.misses.isEmpty, "\(file.lastPathComponent):\n\(Self.describe(audit))")
        }
        #expect(cards > 200)
    }

    @Test func explanationExamples() {
        for code in DiagnosticCode.allCases {
            for example in [code.explanation.wrong, code.explanation.corrected] {
                let audit = Self.audit(example)
                #expect(audit.misses.isEmpty, "\(code.rawValue):\n\(example)\n--\n\(Self.describe(audit))")
            }
        }
    }

    /// The clean check covers what decks are made of: every card of the generated deck, which
    /// uses every part, trait and stack kind but `sheet`, and most cards of the samples.
    @Test func coversTheGeneratedDeckAndTheSamples() {
        let generated = Self.audit(SyntheticDeck.generate(cards: 600))
        #expect(generated.misses.isEmpty, "\(Self.describe(generated))")
        #expect(generated.cards == 600 && generated.clean == 600, "found \(generated.clean) of \(generated.cards) clean")
        var samples = (cards: 0, clean: 0)
        for name in SemaTestPaths.cardsFiles(in: SemaTestPaths.samples) {
            let audit = Self.audit(SemaTestPaths.bytes(of: SemaTestPaths.samples.appendingPathComponent(name)), name: name)
            samples.cards += audit.cards
            samples.clean += audit.clean
        }
        #expect(samples.clean * 10 >= samples.cards * 8, "found \(samples.clean) of \(samples.cards) sample cards clean")
    }

    // MARK: Swapped tokens

    /// A generated deck with `count` tokens replaced, each by a token of a kind that may stand
    /// where it stands: another name, label, case, number, string, color or binding from a pool
    /// of the deck's own spellings and of values at the edges of the catalog's ranges.
    static func swapped(_ bytes: [UInt8], tokens: TokenList, pools: [TokenKind: [[UInt8]]], count: Int,
                        _ rng: inout SplitMix) -> [UInt8] {
        var replacements: [(Range<Int>, [UInt8])] = []
        for _ in 0..<count {
            let i = rng.below(tokens.count)
            let kind = tokens.kind(i)
            guard let pool = pools[kind], !pool.isEmpty else { continue }
            var replacement = pool[rng.below(pool.count)]
            // Now and then a token of another kind where a value stands.
            if rng.below(6) == 0, let other = pools[Self.valueKinds[rng.below(Self.valueKinds.count)]], !other.isEmpty {
                replacement = other[rng.below(other.count)]
            }
            replacements.append((tokens.range(i), replacement))
        }
        var result = bytes
        for (range, replacement) in replacements.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            guard range.upperBound <= result.count else { continue }
            result.replaceSubrange(range, with: replacement)
        }
        return result
    }

    static let valueKinds: [TokenKind] = [.string, .integer, .double, .color, .binding, .enumCase, .identifier]

    /// Spellings a swapped token may take: the deck's own, by kind, plus edge values.
    static func pools(of bytes: [UInt8], tokens: TokenList) -> [TokenKind: [[UInt8]]] {
        var pools: [TokenKind: Set<[UInt8]>] = [:]
        for i in 0..<tokens.count {
            let kind = tokens.kind(i)
            guard valueKinds.contains(kind) || kind == .keywordTrue || kind == .keywordFalse else { continue }
            pools[kind, default: []].insert(Array(bytes[tokens.range(i)]))
        }
        let extras: [TokenKind: [String]] = [
            .integer: ["0", "-1", "1", "2", "64", "100", "1_000", "99999999999999999999"],
            .double: ["0.5", "-0.5", "1.5", "1e3", "0.0", "2.5e-3", "1e400"],
            .enumCase: [".custom", ".none", ".hasData", ".loading", ".red", ".left", ".system", ".bold"],
            .binding: ["$item.name", "$item", "$state", "$a.b.c", "$rows", "$item.url", "$missing"],
            .identifier: ["push", "pop", "state", "model", "cell", "item", "tap", "title", "margin", "transparent"],
            .string: ["\"\"", "\"\\u{1F600}\""],
            .color: ["#FFF", "#12345678"],
        ]
        for (kind, spellings) in extras { pools[kind, default: []].formUnion(spellings.map { Array($0.utf8) }) }
        return pools.mapValues { $0.sorted { $0.lexicographicallyPrecedes($1) } }
    }

    @Test(arguments: [1, 2, 3, 4])
    func swappedTokens(_ seed: UInt64) {
        let deck = Array(SyntheticDeck.generate(cards: 90, seed: seed).utf8)
        let tokens = Lexer.tokenize(SourceFile(path: "deck.cards", bytes: deck)).tokens
        let pools = Self.pools(of: deck, tokens: tokens)
        var rng = SplitMix(seed: seed)
        var found = (cards: 0, clean: 0)
        for round in 0..<150 {
            let mutant = Self.swapped(deck, tokens: tokens, pools: pools, count: 1 + rng.below(6), &rng)
            let audit = Self.audit(mutant)
            found.cards += audit.cards
            found.clean += audit.clean
            if !audit.misses.isEmpty {
                Issue.record("seed \(seed), round \(round):\n\(Self.describe(audit))")
                return
            }
        }
        // Most cards of a mutant are untouched: the check must not give up on whole decks.
        #expect(found.clean * 10 >= found.cards * 8, "found \(found.clean) of \(found.cards) clean")
    }

    /// The samples, hand-written decks with every stack kind, with swapped tokens.
    @Test func swappedTokensInSamples() {
        var rng = SplitMix(seed: 7)
        for name in SemaTestPaths.cardsFiles(in: SemaTestPaths.samples) {
            let deck = SemaTestPaths.bytes(of: SemaTestPaths.samples.appendingPathComponent(name))
            let tokens = Lexer.tokenize(SourceFile(path: name, bytes: deck)).tokens
            let pools = Self.pools(of: deck, tokens: tokens)
            for round in 0..<400 {
                let audit = Self.audit(Self.swapped(deck, tokens: tokens, pools: pools, count: 1 + rng.below(4), &rng), name: name)
                if !audit.misses.isEmpty {
                    Issue.record("\(name), round \(round):\n\(Self.describe(audit))")
                    return
                }
            }
        }
    }

    /// Cards written to sit right at the edges of the rules the clean check restates.
    @Test func edgeCases() {
        let decks = [
            // Int and Double uses of one binding unify; a list mixing them is [Double].
            "card A { model { n: 3 } slider(value: $n, min: 0, max: 10) pill(\"x\", verticalPadding: $n) }",
            "card A { model { xs: [1, 2.5] } histogram(entries: $xs) }",
            "card A { model { xs: [1, \"a\"] } histogram(entries: $xs) }",
            "card A { model { n: 3.5 } slider(value: $n) text(\"\", lines: $n) }",
            // Records: default rows with fewer, more or other fields than the cell reads.
            "card A { model { rows: [(a: \"x\", b: 1)] } table(rows: $rows) { cell { text($item.a) } } }",
            "card A { model { rows: [(a: \"x\")] } table(rows: $rows) { cell { text($item.a) text($item.b) } } }",
            "card A { model { rows: [(a: 1)] } table(rows: $rows) { cell { text($item.a) } } }",
            "card A { model { rows: [(a: \"x\"), (b: \"y\")] } table(rows: $rows) { cell { text($item.b) } } }",
            "card A { model { rows: [] } table(rows: $rows) }",
            "card A { model { rows: [(leftTitle: \"x\")] } table(rows: $rows) }",
            "card A { model { rows: [(leftTitle: 1)] } table(rows: $rows) }",
            "card A { model { rows: [(a: \"x\")] } table(rows: $rows) { cell { text($item.a) pill($item.a, verticalPadding: $item.a) } } }",
            "card A { model { rows: [(a: \"x\")] } table(rows: $rows) table(rows: $rows) { cell { text($item.a) } } }",
            "card A { model { rows: [(url: \"x\")] } collection(items: $rows) { cell { image($item.url) } } }",
            "card A { model { rows: [(url: \"x\")] } collection(items: $rows) }",
            // States, the default state and `$state`.
            "card A { model { state: .none } text(\"x\") }",
            "card A { model { state: .none } state loading { text(\"x\") } state hasData { text(\"y\") } }",
            "card A { model { state: .hasData } state hasData { text(\"y\") } state hasData { text(\"z\") } }",
            "card A { state loading { text(\"x\") } }",
            "card A { state custom { text(\"x\") tap: go tap: other } }",
            "card A { model { state: .loading } state loading { text($state) } state hasData { text(\"y\") } }",
            // Traits and their rules.
            "card A: transparent, rounded(radius: 4) { text(\"x\") }",
            "card A: transparent { text(\"x\") }",
            "card A: shadow(color: .red, radius: 1, opacity: 1.5, offset: size(0, 1)) { text(\"x\") }",
            "card A: shadow(color: .red, radius: 1, opacity: 1, offset: size(width: 0, height: 1)) { text(\"x\") }",
            "card A: shadow(color: .nope, radius: 1, opacity: 1, offset: size(0, 1)) { text(\"x\") }",
            "card A: customMargin(12) { text(\"x\") } stack S: swipe { A }",
            "card A: customMargin(margin: 12) { text(\"x\") } stack S: list { A }",
            "card A: hidden(isHidden: $h) { model { h: false } text(\"x\") }",
            "card A: hidden(isHidden: false) { text(\"x\") }",
            // Parts, children and context.
            "card A { verticalSeparator }",
            "card A { hstack { verticalSeparator } centered { text(\"a\") verticalSeparator text(\"b\") } }",
            "card A { centered { text(\"a\") text(\"b\") } }",
            "card A { hstack }",
            "card A { hstack { } }",
            "card A { text(\"x\") { text(\"y\") } }",
            "card A { attributedText(\"x\") { image(\"a\") image(\"b\") } }",
            "card A { attributedText(\"x\") { image(\"a\") } }",
            "card A { paged(height: 10) { vstack { text(\"a\") } text(\"b\") } }",
            "card A { cell { text(\"x\") } }",
            "card A { button(\"x\") }",
            "card A { title(\"x\", menu: [\"a\"]) }",
            "card A { slider(value: 1, min: 5, max: 1) }",
            "card A { progressBar(values: [1, 2], colors: [.red]) }",
            "card A { progressBar(values: [1, 2], colors: [.red, #FFF]) }",
            "card A { text(\"x\", font: font(.system, 0)) }",
            "card A { text(\"x\", font: font(\"Avenir\", 12, weight: .heavy)) text(\"y\", font: font(.mono, 12)) }",
            "card A { text(\"x\", style: .title()) }",
            "card A { titleDescription(secondaryPosition: .center(offset: 4)) }",
            "card A { spacer(height: -1) }",
            "card A { text(text: \"x\") }",
            "card A { text(\"x\", \"y\") }",
            // Card properties and swipe-only nodes.
            "card A { title: \"x\" title: \"y\" text(\"x\") }",
            "card A { position: .peaking text(\"x\") } stack S: sheet { A }",
            "card A { position: .peaking title: \"t\" text(\"x\") } stack S: sheet { A }",
            "card A { swipe: [.left, .up] overlay(.left) { text(\"x\") } overlay(.left) { text(\"y\") } } stack S: swipe { A }",
            "card A { overlay(.right) { text(\"x\") } footer { text(\"y\") } } stack S: swipe { A }",
            "card A { overlay(.right) { } } stack S: swipe { A }",
            "card A { footer(height: 10) { text(\"y\") } footer { text(\"z\") } } stack S: swipe { A }",
            "card A { overlay(.right) { text(\"x\") } } stack S: list { A }",
            "card A { tap: go button(\"b\", action: push(B)) } card B { title: \"b\" text(\"b\") } stack S: sheet { A B }",
            // Bindings and names the check leaves to `CardChecker`.
            "card A { model { averyveryverylongfieldname: \"x\" } text($averyveryverylongfieldname) }",
            "card A { model { x: \"a\" } text($x.y) }",
            "card A { text($item.name) }",
            "card A { model { x: \"a\" y: \"b\" } text($x) }",
            "card A { model { x: \"a\" x: \"b\" } text($x) }",
            "card A { model { x: .red } text(\"a\", color: $x) }",
            "card A { model { x: .hasData } text($x) }",
        ]
        // More record types than a `QuickType` numbers (one per record literal): the last one
        // differs, and an index that wrapped around would compare it with the first.
        let many = "card A { model { rows: [" + String(repeating: "(a: \"x\"), ", count: 65_600)
            + "(a: 1)] } table(rows: $rows) { cell { text($item.a) } } }"
        // More states, fields, uses and record fields than the check scans linearly.
        let wide = "card B { model { " + (0..<300).map { "f\($0): \"x\"" }.joined(separator: " ")
            + " r: [(" + (0..<300).map { "g\($0): 1" }.joined(separator: ", ") + ")] } "
            + (0..<300).map { "state s\($0) { text($f\($0)) }" }.joined(separator: " ") + " histogram(entries: $r) }"
        for deck in decks + [many, wide] {
            let audit = Self.audit(deck)
            #expect(audit.misses.isEmpty, "\(deck.prefix(300))\n--\n\(Self.describe(audit))")
        }
    }
}

/// A small deterministic generator (SplitMix64) for the swapped-token decks.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
}

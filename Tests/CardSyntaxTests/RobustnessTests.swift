import CardTestSupport
import Foundation
import Testing
import CardDiagnostics
@testable import CardSyntax

// Seeded with CardTestSupport's SplitMix64, so every run tests the same inputs and a failure names
// the seed and variant that reproduce it.

/// No input makes the parser crash, hang or produce an ill-formed tree (docs/language.md §12):
/// seeded mutations of every sample, random byte buffers, pathological nesting, a large file and
/// invalid UTF-8 everywhere.
@Suite struct RobustnessTests {
    /// A realistic deck, so the test is meaningful even before `Samples/` is filled.
    static let builtInSource = """
        import "theme.cards"

        /// Monthly budget summary shown at the top of the overview.
        card Budget: rounded(radius: 10),
                     shadow(color: .lightGray, radius: 10, opacity: 0.5, offset: size(0, 5)),
                     editable(onEdit: editBudget) {
          model {
            title: "Monthly budget"
            summary: "$1,240 of $2,000 spent"
            spent: 0.62
            rows: [(leftTitle: "Rent", rightTitle: "$1,200"), (leftTitle: "Food", rightTitle: "$300")]
            state: .hasData
          }

          title($title, menu: ["Hide this card"], onMenu: hideCard)   // shown in every state

          state loading {
            text("Crunching numbers…", style: .detail)
          }
          state empty {
            text(\"\"\"
              No budgets yet.
              Create one to get started.
              \"\"\")
            button("Create a budget", action: createBudget)
          }
          state hasData {
            hstack(spacing: 8, alignment: .center) {
              image("budget-icon")
              text($summary)
            }
            bar(percent: $spent, color: #2E7D32)
            table(rows: $rows) { cell { text($item.leftTitle) } }
            tap: openBudget
          }
          /* a block /* nested */ comment */
          footer(height: 100, transparent: false) { button("Skip", action: skip); separator }
        }

        stack Overview: list {
          theme: Mint
          margins: insets(12, 16)
          Budget
        }

        stack Wallet: collapsible(cardOffset: 40, collapsedHeight: 200, expandedHeight: 500, cardHeight: 200) {
          initial: .collapsed
          Budget
        }

        theme Night: Mint { titleColor: #FFFFFFCC, cardCellMargins: insets(top: 1, left: 2, bottom: 3, right: 4) }
        """

    static func corpus() -> [(name: String, bytes: [UInt8])] {
        var result = [("built-in", Array(builtInSource.utf8))]
        for url in TestPaths.cardsFiles(under: TestPaths.samples) {
            result.append((url.lastPathComponent, TestPaths.bytes(of: url)))
        }
        return result
    }

    /// Fragments that stress the lexer and the recovery paths.
    static let fragments: [[UInt8]] = [
        "{", "}", "(", ")", "[", "]", "\"", "\"\"\"", "\"\"\"\n", "/*", "*/", "//", "///", "#", "$", ".", ":",
        ",", ";", "\\", "\\u{", "-", "1e", "0.", "card ", "stack X: ", "theme ", "state ", "import ", "import \"x\"\n",
        "\n", "\r\n", "\ncard Z {\n", "text(", "x: ", "$a.", "#12", "\u{0}", "é", "😀",
    ].map { Array($0.utf8) } + [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x9F], [0x80], [0xEF, 0xBB, 0xBF]]

    /// One random corruption of `bytes`.
    static func mutate(_ bytes: inout [UInt8], _ rng: inout SplitMix64) {
        let n = bytes.count
        switch rng.below(8) {
        case 0 where n > 0: // flip bits of a byte
            bytes[rng.below(n)] ^= UInt8(truncatingIfNeeded: 1 << rng.below(8))
        case 1 where n > 0: // replace a byte with a random one
            bytes[rng.below(n)] = UInt8(truncatingIfNeeded: rng.next())
        case 2 where n > 0: // delete a range
            let start = rng.below(n)
            let length = 1 + rng.below(min(64, n - start))
            bytes.removeSubrange(start..<(start + length))
        case 3: // insert random bytes
            let count = 1 + rng.below(8)
            let inserted = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            bytes.insert(contentsOf: inserted, at: rng.below(n + 1))
        case 4, 5: // insert a fragment
            bytes.insert(contentsOf: fragments[rng.below(fragments.count)], at: rng.below(n + 1))
        case 6 where n > 0: // truncate
            bytes.removeSubrange(rng.below(n)..<n)
        case 7 where n > 0: // duplicate a range somewhere else
            let start = rng.below(n)
            let length = 1 + rng.below(min(256, n - start))
            let copy = Array(bytes[start..<(start + length)])
            bytes.insert(contentsOf: copy, at: rng.below(n + 1))
        default:
            bytes.insert(contentsOf: fragments[rng.below(fragments.count)], at: rng.below(n + 1))
        }
    }

    /// Parses and checks every structural invariant; returns a failure description or nil.
    static func check(_ bytes: [UInt8]) -> [String] {
        let tree = Parser.parse(SourceFile(path: "fuzz.cards", bytes: bytes))
        return tree.invariantViolations()
    }

    /// Thousands of corrupted variants of every sample and of the built-in deck.
    @Test func mutatedSamplesNeverBreakTheParser() {
        let corpus = Self.corpus()
        // Keep the total near a few seconds in debug builds however many samples there are.
        let budget = 4_800
        let perFile = max(300, budget / corpus.count)
        var checked = 0
        for (fileIndex, entry) in corpus.enumerated() {
            let seed = UInt64(0xC0FFEE + fileIndex)
            var rng = SplitMix64(seed: seed)
            for variant in 0..<perFile {
                var bytes = entry.bytes
                for _ in 0..<(1 + rng.below(4)) { Self.mutate(&bytes, &rng) }
                let problems = Self.check(bytes)
                if !problems.isEmpty {
                    Issue.record("\(entry.name) seed \(seed) variant \(variant): \(problems.prefix(3))")
                    return
                }
                checked += 1
            }
        }
        #expect(checked == perFile * corpus.count && checked >= budget - corpus.count)
    }

    /// Many stacked mutations: inputs far from any valid deck.
    @Test func heavilyMutatedInputs() {
        var rng = SplitMix64(seed: 42)
        let base = Array(Self.builtInSource.utf8)
        for variant in 0..<400 {
            var bytes = base
            for _ in 0..<(10 + rng.below(60)) { Self.mutate(&bytes, &rng) }
            let problems = Self.check(bytes)
            if !problems.isEmpty { Issue.record("seed 42 variant \(variant): \(problems.prefix(3))"); return }
        }
    }

    /// Pure random bytes, and random sequences of fragments (closer to the token level).
    @Test func randomBuffers() {
        var rng = SplitMix64(seed: 7)
        for variant in 0..<1_500 {
            let length = rng.below(600)
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let problems = Self.check(bytes)
            if !problems.isEmpty { Issue.record("random seed 7 variant \(variant): \(problems.prefix(3))"); return }
        }
        let words = Self.fragments + ["a", "b", "x", "1", "2.5", "\"s\"", " ", "  ", "\n", ".c", "$d", "#FFF", "true"].map { Array($0.utf8) }
        for variant in 0..<1_500 {
            var bytes: [UInt8] = []
            for _ in 0..<rng.below(200) { bytes += words[rng.below(words.count)] }
            let problems = Self.check(bytes)
            if !problems.isEmpty { Issue.record("fragments seed 7 variant \(variant): \(problems.prefix(3))"); return }
        }
    }

    /// Every single-byte truncation point of the built-in deck (prefixes are what an editor
    /// sends while the user types).
    @Test func everyPrefixParses() {
        let bytes = Array(Self.builtInSource.utf8)
        for end in stride(from: 0, through: bytes.count, by: 1) {
            let problems = Self.check(Array(bytes[0..<end]))
            if !problems.isEmpty { Issue.record("prefix of \(end) bytes: \(problems.prefix(3))"); return }
        }
    }

    // MARK: Nesting

    /// 100,000 unclosed openers of each kind: exactly one E204 and nothing else, no stack overflow.
    @Test(arguments: ["{", "(", "["])
    func deepUnclosedNesting(_ opener: String) {
        let count = 100_000
        let source: String
        switch opener {
        case "{": source = "card A {" + String(repeating: " x {", count: count)
        case "(": source = "card A {\n x" + String(repeating: "(", count: count)
        default: source = "card A {\n x: " + String(repeating: "[", count: count)
        }
        let tree = parse(source)
        #expect(tree.codes == ["E204"])
        #expect(tree.invariantViolations() == [])
    }

    /// The same, closed: one E204, and the parse continues after the too-deep group.
    @Test(arguments: ["{", "(", "["])
    func deepClosedNesting(_ opener: String) {
        let count = 100_000
        let source: String
        switch opener {
        case "{": source = "card A {" + String(repeating: " x {", count: count) + String(repeating: " }", count: count + 1)
        case "(": source = "card A {\n x" + String(repeating: "(", count: count) + String(repeating: ")", count: count) + "\n}"
        default: source = "card A {\n x: " + String(repeating: "[", count: count) + String(repeating: "]", count: count) + "\n}"
        }
        let tree = parse(source + "\ncard After { text(\"ok\") }")
        #expect(tree.codes == ["E204"])
        #expect(tree.all(.cardDecl).map(tree.name) == ["A", "After"])
        #expect(tree.invariantViolations() == [])
    }

    /// Blocks, then argument lists, then lists, 300 deep: one E204 at the 257th opener.
    @Test func mixedNestingReportsOnce() throws {
        let source = "card A {" + String(repeating: " x {", count: 99) + String(repeating: " f(", count: 100)
            + String(repeating: "[", count: 100)
        let tree = parse(source)
        #expect(tree.codes == ["E204"])
        let d = try #require(tree.diagnostics.first)
        var depth = 0
        var offset = -1
        for (i, b) in source.utf8.enumerated() where b == 0x7B || b == 0x28 || b == 0x5B {
            depth += 1
            if depth == Parser.maxDepth + 1 { offset = i; break }
        }
        #expect(d.span.start == offset)
    }

    // MARK: Size

    /// A 5 MB single line of parts inside one card parses without diagnostics. (Much larger
    /// inputs — 50 MB and up — belong to CardBench, not the test suite.)
    @Test func largeSingleLine() {
        let item = #"text("Lorem ipsum dolor sit amet", style: .detail) "#
        let repeats = 5_000_000 / item.utf8.count
        var source = "card Big { "
        source.reserveCapacity(5_000_100)
        for _ in 0..<repeats { source += item }
        source += "}"
        #expect(source.utf8.count >= 5_000_000)
        let tree = parse(source)
        #expect(tree.diagnostics.isEmpty)
        #expect(tree.all(.node).count == repeats)
        #expect(tree.range(tree.root) == 0..<source.utf8.count)
    }

    // MARK: Invalid UTF-8

    /// Offsets of the bytes that are not part of a valid UTF-8 sequence (the shared definition).
    static func invalidOffsets(_ bytes: [UInt8]) -> Set<Int> {
        bytes.withUnsafeBufferPointer { p in
            var result = Set<Int>()
            var i = 0
            while i < p.count {
                let length = p[i] < 0x80 ? 1 : UTF8Scanner.sequenceLength(p, at: i)
                if length == 0 { result.insert(i); i += 1 } else { i += length }
            }
            return result
        }
    }

    /// Invalid bytes sprinkled everywhere (inside strings, comments, escapes, numbers, names):
    /// every invalid byte is covered by exactly one E107, nothing else is E107, and nothing breaks.
    @Test func invalidUTF8Everywhere() {
        let invalid: [[UInt8]] = [[0xFF], [0xFE], [0x80], [0xC0, 0x80], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80],
                                  [0xF4, 0x90, 0x80, 0x80], [0xF8], [0xBF, 0xBF]]
        let corpus = Self.corpus()
        var rng = SplitMix64(seed: 0xBAD)
        for variant in 0..<300 {
            var bytes = corpus[variant % corpus.count].bytes
            for _ in 0..<(1 + rng.below(40)) {
                bytes.insert(contentsOf: invalid[rng.below(invalid.count)], at: rng.below(bytes.count + 1))
            }
            let tree = parse(bytes: bytes)
            let problems = tree.invariantViolations()
            if !problems.isEmpty { Issue.record("variant \(variant): \(problems.prefix(3))"); return }
            if let problem = Self.e107CoverageProblem(tree) { Issue.record("variant \(variant): \(problem)"); return }
        }
    }

    /// Nil when the E107 spans cover exactly the invalid bytes, each once.
    static func e107CoverageProblem(_ tree: SyntaxTree) -> String? {
        var covered: [Int: Int] = [:]
        for d in tree.diagnostics where d.code == .e107 {
            for offset in d.span.range { covered[offset, default: 0] += 1 }
        }
        let expected = invalidOffsets(tree.file.bytes)
        if Set(covered.keys) == expected && !covered.values.contains(where: { $0 != 1 }) { return nil }
        let extra = Set(covered.keys).subtracting(expected).sorted().prefix(5)
        let missing = expected.subtracting(covered.keys).sorted().prefix(5)
        let twice = covered.filter { $0.value > 1 }.keys.sorted().prefix(5)
        return "E107 spans differ; valid but reported: \(Array(extra)), invalid but not reported: \(Array(missing)), reported twice: \(Array(twice))"
    }

    /// Every byte of a deck followed by an invalid byte (a prefix short enough to stay under the
    /// per-file diagnostic limit, so every run is reported).
    @Test func invalidByteAfterEveryByte() {
        var bytes: [UInt8] = []
        for b in Self.builtInSource.utf8.prefix(700) { bytes.append(b); bytes.append(0xFF) }
        let tree = parse(bytes: bytes)
        #expect(tree.invariantViolations() == [])
        #expect(Self.e107CoverageProblem(tree) == nil)
        #expect(tree.diagnostics.filter { $0.code == .e107 }.count >= 350)
    }

    @Test func onlyInvalidBytes() {
        let tree = parse(bytes: [UInt8](repeating: 0xFF, count: 10_000))
        #expect(tree.codes == ["E107"])
        #expect(tree.diagnostics.first?.span.range == 0..<10_000)
        #expect(tree.invariantViolations() == [])
    }
}


/// "One mistake, one diagnostic" (docs/language.md §3) checked on every sample: a single, local
/// corruption of a valid deck yields exactly one diagnostic.
@Suite struct SingleMistakeTests {
    static let validCorpus: [(name: String, bytes: [UInt8])] = RobustnessTests.corpus().filter { entry in
        parse(bytes: entry.bytes).diagnostics.isEmpty
    }

    /// Token boundaries of a valid file: inserting there leaves the token stream intact.
    static func boundaries(_ bytes: [UInt8]) -> [Int] {
        let tokens = Lexer.tokenize(parse(bytes: bytes).file).tokens
        var result = Set<Int>()
        for t in 0..<tokens.count {
            result.insert(tokens.start(t))
            result.insert(tokens.end(t))
        }
        return result.sorted()
    }

    /// Inserts `inserted` at token boundaries of every valid deck; each time, exactly one
    /// diagnostic must follow, of one of `codes`. Returns how many diagnostics had each code.
    @discardableResult
    func insertEverywhere(_ inserted: [UInt8], expecting codes: Set<DiagnosticCode>) -> [DiagnosticCode: Int] {
        var seen: [DiagnosticCode: Int] = [:]
        for entry in Self.validCorpus {
            let points = Self.boundaries(entry.bytes)
            let step = max(1, points.count / 250)
            for point in stride(from: 0, to: points.count, by: step).map({ points[$0] }) {
                var bytes = entry.bytes
                bytes.insert(contentsOf: inserted, at: point)
                let tree = parse(bytes: bytes)
                let diagnostics = tree.diagnostics.sortedAndDeduplicated()
                guard diagnostics.count == 1, let only = diagnostics.first, codes.contains(only.code) else {
                    Issue.record("\(entry.name): inserting at \(tree.file.location(of: point)) gives \(tree.diagnosticSummary)")
                    return seen
                }
                seen[only.code, default: 0] += 1
            }
        }
        return seen
    }

    /// A stray character between tokens is one E102 and nothing else.
    @Test func strayCharacterIsOneE102() { insertEverywhere(Array("@".utf8), expecting: [.e102]) }

    /// A stray `=` is one E102, or, where it stands for the `:` after a property name or an
    /// argument label, one E201 at the `=` (the item is then parsed with the `:`).
    @Test func strayEqualsIsOneDiagnostic() {
        let seen = insertEverywhere(Array(" = ".utf8), expecting: [.e102, .e201])
        #expect(seen[.e102, default: 0] > 0, "\(seen)")
    }

    /// Writing ` =` for the `:` of any property or argument label is one E201 at the `=`, whose
    /// fix-it gives back the file, and the tree is the one the `:` gives.
    @Test func colonWrittenAsEqualsIsOneE201() {
        var tried = 0
        for entry in Self.validCorpus {
            let tree = parse(bytes: entry.bytes)
            let tokens = Lexer.tokenize(tree.file).tokens
            var open: [TokenKind] = []
            var colons = 0
            for t in 1..<max(1, tokens.count - 1) {
                switch tokens.kind(t) {
                case .leftParen, .leftBracket, .leftBrace: open.append(tokens.kind(t))
                case .rightParen, .rightBracket, .rightBrace: _ = open.popLast()
                default: break
                }
                // A property's or label's colon, with its value on its line (not a conformance
                // list's colon; and in a block, `name = (` stays a stray `=` before a part's
                // arguments). Every third one.
                guard tokens.kind(t) == .colon, tokens.kind(t - 1).isIdentifierLike, !tokens.startsLine(t + 1),
                      open.last == .leftParen || open.last == .leftBrace && tokens.kind(t + 1) != .leftParen,
                      !(t >= 2 && ParserState.isDeclarationKeyword(tokens.kind(t - 2)) && open.last == .leftBrace)
                else { continue }
                colons += 1
                if colons % 3 != 0 { continue }
                var bytes = entry.bytes
                bytes.replaceSubrange(tokens.range(t), with: Array(" =".utf8))
                let mutated = parse(bytes: bytes)
                tried += 1
                let place = tree.file.location(of: tokens.start(t))
                guard mutated.codes == ["E201"], let fixed = mutated.applyingFixIts() else {
                    Issue.record("\(entry.name): `=` for the `:` at \(place) gives \(mutated.diagnosticSummary)")
                    return
                }
                if fixed != entry.bytes || mutated.dump() != tree.dump() {
                    Issue.record("\(entry.name): `=` for the `:` at \(place): the fix-it or the tree differs")
                    return
                }
            }
        }
        #expect(tried > 50)
    }

    /// An invalid byte between tokens is one E107 and nothing else.
    @Test func strayInvalidByteIsOneE107() { insertEverywhere([0xFF], expecting: [.e107]) }

    /// Removing the closing quote of a string (whose line has no other quote or brace after it)
    /// is one E101: the string ends at the end of its line and the parser stays quiet until it
    /// re-synchronises. Its fix-it, when it has one, repairs the file.
    @Test func droppedClosingQuoteIsOneE101() {
        var tried = 0
        for entry in Self.validCorpus {
            let tree = parse(bytes: entry.bytes)
            let tokens = Lexer.tokenize(tree.file).tokens
            for t in 0..<tokens.count where tokens.kind(t) == .string {
                let end = tokens.end(t)
                var lineEnd = end
                while lineEnd < entry.bytes.count && entry.bytes[lineEnd] != 0x0A { lineEnd += 1 }
                let rest = entry.bytes[end..<lineEnd]
                if rest.contains(where: { $0 == 0x22 || $0 == 0x7B || $0 == 0x7D }) { continue }
                if rest.firstRange(of: Array("/*".utf8)) != nil { continue }
                var bytes = entry.bytes
                bytes.remove(at: end - 1)
                let mutated = parse(bytes: bytes)
                tried += 1
                if mutated.codes != ["E101"] {
                    Issue.record("\(entry.name): unterminated string at \(tree.file.location(of: end - 1)) gives \(mutated.diagnosticSummary)")
                    return
                }
                if let problem = mutated.fixItProblem() {
                    Issue.record("\(entry.name): unterminated string at \(tree.file.location(of: end - 1)): \(problem)")
                    return
                }
            }
        }
        #expect(tried > 20)
    }

    /// Deleting one `,` between two arguments or list elements is one E201; its fix-it, when
    /// it has one, repairs the file.
    @Test func droppedCommaIsOneE201() {
        var tried = 0
        for entry in Self.validCorpus {
            let tree = parse(bytes: entry.bytes)
            let tokens = Lexer.tokenize(tree.file).tokens
            var open: [TokenKind] = []
            for t in 0..<max(0, tokens.count - 1) {
                let kind = tokens.kind(t)
                switch kind {
                case .leftParen, .leftBracket, .leftBrace: open.append(kind)
                case .rightParen, .rightBracket, .rightBrace: _ = open.popLast()
                default: break
                }
                // Commas inside `(…)` or `[…]` that separate two things (block separators are
                // optional, and a trailing comma may go).
                guard kind == .comma, open.last == .leftParen || open.last == .leftBracket else { continue }
                let next = tokens.kind(t + 1)
                if next == .rightParen || next == .rightBracket { continue }
                var bytes = entry.bytes
                bytes.remove(at: tokens.start(t))
                let mutated = parse(bytes: bytes)
                tried += 1
                if mutated.codes != ["E201"] {
                    Issue.record("\(entry.name): deleting the `,` at \(tree.file.location(of: tokens.start(t))) gives \(mutated.diagnosticSummary)")
                    return
                }
                if let problem = mutated.fixItProblem() {
                    Issue.record("\(entry.name): deleting the `,` at \(tree.file.location(of: tokens.start(t))): \(problem)")
                    return
                }
            }
        }
        #expect(tried > 50)
    }

    /// Deleting one closing `)`, `]` or `}` is one diagnostic; its fix-it, when it has one,
    /// repairs the file.
    @Test func droppedCloserIsOneDiagnostic() {
        for entry in Self.validCorpus {
            let tree = parse(bytes: entry.bytes)
            let tokens = Lexer.tokenize(tree.file).tokens
            for t in 0..<tokens.count {
                let kind = tokens.kind(t)
                guard kind == .rightParen || kind == .rightBracket || kind == .rightBrace else { continue }
                var bytes = entry.bytes
                bytes.remove(at: tokens.start(t))
                let mutated = parse(bytes: bytes)
                if mutated.diagnostics.count != 1 {
                    Issue.record("\(entry.name): deleting the \(kind.spelling) at \(tree.file.location(of: tokens.start(t))) gives \(mutated.diagnosticSummary)")
                    return
                }
                if let problem = mutated.fixItProblem() {
                    Issue.record("\(entry.name): deleting the \(kind.spelling) at \(tree.file.location(of: tokens.start(t))): \(problem)")
                    return
                }
            }
        }
    }
}

import CardDiagnostics
import CardDriver
import CardEmit
import CardLayout
import CardSema
import CardSyntax
import Foundation
import Testing

/// `cardc build` on several threads (`-j N`, `BackendOptions.workers`, `Compiler.check(workers:)`)
/// produces exactly what one thread does: the same bytes, the same diagnostics in the same order,
/// and nothing written when there are errors.
@Suite struct ParallelBuildTests {
    /// The layout JSON of `deck` written by `workers` threads in chunks of `cardsPerChunk` cards.
    static func emit(_ deck: CheckedDeck, workers: Int, cardsPerChunk: Int = 64, stacksPerChunk: Int = 32, pretty: Bool = true) -> [UInt8] {
        LayoutJSONEmitter(pretty: pretty, cardsPerChunk: cardsPerChunk, stacksPerChunk: stacksPerChunk)
            .emit(deck, options: BackendOptions(workers: workers))
    }

    /// Every sample and layout fixture — list, collapsible, swipe and sheet stacks, cards in
    /// several stacks and in none, imports — written in chunks as small as one card, so that even
    /// these small decks go through the threads: byte for byte the document one thread writes.
    @Test(arguments: GoldenTests.inputs)
    func chunkedEmissionIsByteIdentical(_ input: String) throws {
        let deck = try #require(compileInMemory(GoldenTests.name(of: input), in: GoldenTests.directory(of: input)).decks.first)
        for pretty in [true, false] {
            let serial = Self.emit(deck, workers: 1, pretty: pretty)
            for workers in [2, 3, 5] {
                for cardsPerChunk in [1, 2, 3] {
                    for stacksPerChunk in [1, 2, 100] {
                        #expect(Self.emit(deck, workers: workers, cardsPerChunk: cardsPerChunk, stacksPerChunk: stacksPerChunk,
                                          pretty: pretty) == serial,
                                "\(input): \(workers) workers, \(cardsPerChunk) cards and \(stacksPerChunk) stacks a chunk, pretty: \(pretty)")
                    }
                }
            }
        }
    }

    /// The pieces handed to the sink by several workers are whole chunks: each ends between
    /// tokens, and they join to the document.
    @Test func piecesFromSeveralWorkersJoinToTheDocument() throws {
        let deck = try #require(Self.check(SyntheticDeck.generate(cards: 300), workers: 1).decks.first)
        var pieces: [[UInt8]] = []
        LayoutJSONEmitter(cardsPerChunk: 16, stacksPerChunk: 2).emit(deck, options: BackendOptions(workers: 3)) { pieces.append($0) }
        #expect(pieces.count > 300 / 16 + deck.stacks.count / 2)
        for piece in pieces { #expect(String(validating: piece, as: UTF8.self) != nil) }
        #expect(Array(pieces.joined()) == Self.emit(deck, workers: 1))
    }

    static func check(_ source: String, workers: Int, files: [String: String] = [:]) -> Compiler.Result {
        Compiler.check(paths: ["deck.cards"], root: ".", provider: MemoryFileProvider(files.merging(["deck.cards": source]) { $1 }),
                       modelUse: .backEnds, workers: workers)
    }

    /// A generated deck large enough for the checker's chunks (`DeckChecker.cardsPerChunk`):
    /// checked by several threads, it is the same deck — card for card, model for model, as the
    /// layout JSON shows — and has the same diagnostics.
    @Test func concurrentCheckGivesTheSameDeck() throws {
        let source = SyntheticDeck.generate(cards: 700)
        let serial = Self.check(source, workers: 1)
        let serialDeck = try #require(serial.decks.first)
        #expect(!serial.hasErrors)
        let expected = Self.emit(serialDeck, workers: 1)
        for workers in [2, 3, 4] {
            let parallel = Self.check(source, workers: workers)
            #expect(parallel.diagnostics == serial.diagnostics)
            let deck = try #require(parallel.decks.first)
            #expect(deck.cards.map(\.name) == serialDeck.cards.map(\.name))
            #expect(deck.cards.map(\.location) == serialDeck.cards.map(\.location))
            #expect(deck.cards.map(\.initialState) == serialDeck.cards.map(\.initialState))
            #expect(deck.cards.map(\.states) == serialDeck.cards.map(\.states), "the public model, built from each worker's store")
            #expect(Self.emit(deck, workers: 1) == expected, "\(workers) workers")
            #expect(Self.emit(deck, workers: workers, cardsPerChunk: 50) == expected, "\(workers) workers")
        }
    }

    /// A deck large enough to be parsed in segments (`Parser.parallelMinimum`) gives the deck
    /// and layout JSON one thread gives; with a syntax error in its second half, the same
    /// diagnostics (the segments are dropped and the file parsed again).
    @Test func deckParsedInSegments() throws {
        let source = SyntheticDeck.generate(cards: 1_800)
        #expect(source.utf8.count >= Parser.parallelMinimum)
        let serial = Self.check(source, workers: 1)
        let parallel = Self.check(source, workers: 2)
        #expect(!serial.hasErrors && parallel.diagnostics == serial.diagnostics)
        let serialDeck = try #require(serial.decks.first), deck = try #require(parallel.decks.first)
        #expect(deck.cards.map(\.location) == serialDeck.cards.map(\.location))
        #expect(Self.emit(deck, workers: 2) == Self.emit(serialDeck, workers: 1))

        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let broken = try #require(lines.indices.last { lines[$0].contains("text(") && $0 > lines.count * 3 / 4 })
        lines[broken] = lines[broken].replacingOccurrences(of: "text(", with: "text((")
        let withError = lines.joined(separator: "\n")
        let expected = Self.check(withError, workers: 1).diagnostics
        #expect(expected.contains { $0.code.rawValue.hasPrefix("E2") })
        #expect(Self.check(withError, workers: 2).diagnostics == expected)
    }

    /// The generated deck with mistakes spread over every chunk (unknown parts, misspelt
    /// bindings, missing colons): the diagnostics of a concurrent check are the serial ones, in
    /// the same order.
    @Test func concurrentCheckReportsTheSameDiagnostics() throws {
        var lines = SyntheticDeck.generate(cards: 900).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var generator = SplitMix64(seed: 11)
        for _ in 0..<120 {
            let index = generator.below(lines.count)
            if let range = lines[index].range(of: "text(") {
                lines[index].replaceSubrange(range, with: "txet(")
            } else if let range = lines[index].range(of: "$") {
                lines[index].replaceSubrange(range, with: "$zz")
            } else if let range = lines[index].range(of: ":") {
                lines[index].replaceSubrange(range, with: " ")
            }
        }
        let source = lines.joined(separator: "\n")
        let serial = Self.check(source, workers: 1)
        #expect(serial.hasErrors)
        #expect(serial.diagnostics.count > 50)
        for workers in [2, 3, 4] {
            #expect(Self.check(source, workers: workers).diagnostics == serial.diagnostics, "\(workers) workers")
        }
    }

    /// Cards spread over an entry file and the file it imports (each worker switches between
    /// their trees), with list stacks in both.
    @Test func concurrentCheckAcrossImportedFiles() throws {
        func cards(_ prefix: String, _ count: Int) -> String {
            (0..<count).map { i in
                """
                card \(prefix)\(i)\(i % 7 == 0 ? ": customMargin(\(i % 20))" : "") {
                  model {
                    amount: \(i)
                    label: "\(prefix) \(i) é"
                  }
                  title("\(prefix) \(i)")
                  text($label)
                  \(i % 3 == 0 ? "bar(percent: 0.5)" : "hstack { text(\"a\") text(\"b\") }")
                }

                """
            }.joined()
        }
        let imported = cards("Imported", 300) + "stack Second: list {\n" + (0..<300).filter { $0 % 2 == 1 }.map { "  Imported\($0)\n" }.joined() + "}\n"
        let entry = "import \"more.cards\"\n" + cards("Entry", 300)
            + "stack First: list {\n" + (0..<300).map { "  Entry\($0)\n  Imported\(299 - $0)\n" }.joined() + "}\n"
        let files = ["more.cards": imported]
        let serial = Self.check(entry, workers: 1, files: files)
        #expect(!serial.hasErrors, "\(serial.diagnostics.prefix(3).map(\.message))")
        let expected = Self.emit(try #require(serial.decks.first), workers: 1)
        for workers in [2, 4] {
            let parallel = Self.check(entry, workers: workers, files: files)
            #expect(parallel.diagnostics == serial.diagnostics)
            let deck = try #require(parallel.decks.first)
            #expect(Self.emit(deck, workers: workers, cardsPerChunk: 7, stacksPerChunk: 1) == expected, "\(workers) workers")
        }
    }

    /// `cardc check` checks on one thread whatever the workers say: a diagnostics-only deck is
    /// the same.
    @Test func diagnosticsOnlyCheckIgnoresWorkers() {
        let source = SyntheticDeck.generate(cards: 400)
        let provider = MemoryFileProvider(["deck.cards": source])
        let one = Compiler.check(paths: ["deck.cards"], root: ".", provider: provider, modelUse: .diagnostics(readingCardsOf: ["collapsible"]))
        let four = Compiler.check(paths: ["deck.cards"], root: ".", provider: provider, modelUse: .diagnostics(readingCardsOf: ["collapsible"]),
                                  workers: 4)
        #expect(one.diagnostics == four.diagnostics)
        #expect(one.decks.first?.cards.map(\.name) == four.decks.first?.cards.map(\.name))
    }

    /// `-j N` on the command line: the same file for any N, usage errors for a bad N, and
    /// nothing written when there are errors.
    @Test func jobsOption() throws {
        let directory = try makeTemporaryDirectory(["deck.cards": SyntheticDeck.generate(cards: 600),
                                                    "bad.cards": SyntheticDeck.generate(cards: 600) + "\ncard Broken { text(42) }\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var outputs: [Data] = []
        for jobs in ["1", "2", "3"] {
            let out = directory + "/out" + jobs
            let result = runCardc(["build", "-j", jobs, "-o", out, directory + "/deck.cards"])
            #expect(result.code == 0, "\(result.err)")
            outputs.append(try #require(FileManager.default.contents(atPath: out + "/deck.layout.json")))
        }
        #expect(outputs.count == 3 && outputs.allSatisfy { $0 == outputs[0] })
        // Unchanged on a rebuild with another N.
        let rebuild = runCardc(["build", "--jobs=2", "-o", directory + "/out1", directory + "/deck.cards"])
        #expect(rebuild.err.contains("(1 file unchanged)"), "\(rebuild.err)")
        for bad in ["0", "-1", "x", "257", ""] {
            let result = runCardc(["build", "-j", bad, "-o", directory + "/never", directory + "/deck.cards"])
            #expect(result.code == 2, "-j \(bad)")
            #expect(result.err.contains("--jobs") || result.err.contains("-j"), "\(result.err)")
        }
        let failed = runCardc(["build", "-j", "3", "-o", directory + "/never", directory + "/bad.cards"])
        #expect(failed.code == 1)
        #expect(!FileManager.default.fileExists(atPath: directory + "/never"), "nothing written when there are errors")
        #expect(runCardc(["help", "build"]).out.contains("--jobs"))
    }

    /// W104 on several threads (`layoutDiagnostics(for:viewport:workers:)`, as `cardc build`
    /// runs it): collapsible stacks shared out, the same diagnostics in the same order.
    @Test func layoutDiagnosticsOnSeveralThreads() throws {
        var source = ""
        for i in 0..<1200 {
            source += "card C\(i) {\n  title(\"C\(i)\")\n  spacer(height: \((i * 37) % 260))\n}\n"
        }
        for stack in 0..<300 {
            source += "stack S\(stack): collapsible(cardHeight: \(120 + stack % 90)) {\n"
            for card in 0..<4 { source += "  C\((stack * 4 + card * 7) % 1200)\n" }
            source += "}\n"
        }
        let deck = try #require(Self.check(source, workers: 1).decks.first)
        let serial = layoutDiagnostics(for: deck)
        #expect(serial.count > 100)
        for workers in [2, 3, 8] {
            #expect(layoutDiagnostics(for: deck, workers: workers) == serial, "\(workers) workers")
        }
        let provider = MemoryFileProvider(["deck.cards": source])
        let one = Pipeline.check(paths: ["deck.cards"], root: ".", provider: provider, for: .backEnds, workers: 1)
        let three = Pipeline.check(paths: ["deck.cards"], root: ".", provider: provider, for: .backEnds, workers: 3)
        #expect(one.diagnostics == three.diagnostics)
        #expect(one.diagnostics.filter { $0.code == .w104 }.count == serial.count)
    }

    /// The checker hands its index of card names to the deck, which layouters read instead of
    /// hashing every name again; it is the index they would build, and it goes once the cards
    /// change or when the deck keeps only some cards.
    @Test func decksCarryTheCheckersCardIndex() throws {
        let source = SyntheticDeck.generate(cards: 120)
        var deck = try #require(Self.check(source, workers: 1).decks.first)
        var expected: [String: Int] = [:]
        for index in deck.cards.indices.reversed() { expected[deck.cards[index].name] = index }
        #expect(deck.cardIndex == expected)
        #expect(try #require(Self.check(source, workers: 3).decks.first).cardIndex == expected)
        deck.cards.swapAt(0, 1)
        #expect(deck.cardIndex == nil)
        let lean = Compiler.check(paths: ["deck.cards"], root: ".", provider: MemoryFileProvider(["deck.cards": source]),
                                  modelUse: .diagnostics(readingCardsOf: ["collapsible"]))
        #expect(lean.decks.first?.cardIndex == nil)
    }

    /// A layouter that adopts what layouters of other threads laid out lays the stacks out as
    /// one that laid out every card itself, and as one that laid out none.
    @Test func adoptedLayoutsChangeNoStack() throws {
        let deck = try #require(Self.check(SyntheticDeck.generate(cards: 200), workers: 1).decks.first)
        var fresh = DeckLayouter(deck: deck)
        var whole = DeckLayouter(deck: deck)
        var adopting = DeckLayouter(deck: deck)
        var first = DeckLayouter(deck: deck), second = DeckLayouter(deck: deck)
        var frames = CardFrames()
        for index in deck.cards.indices {
            whole.layoutInPrimaryContext(cardAt: index, into: &frames)
            if index % 3 == 0 { first.layoutInPrimaryContext(cardAt: index, into: &frames) }
            else { second.layoutInPrimaryContext(cardAt: index, into: &frames) }
        }
        adopting.adopt(first.laidOutCards)
        adopting.adopt(second.laidOutCards)
        let starting = DeckLayouter(sharing: adopting.shared, laidOut: adopting.laidOutCards)
        for stack in deck.stacks {
            let expected = fresh.layout(stack)
            for layouter in [whole, adopting, starting] {
                var layouter = layouter
                let laidOut = layouter.layout(stack)
                #expect(laidOut.positions.map(\.height) == expected.positions.map(\.height), "\(stack.name)")
                #expect(laidOut.positions.map { $0.frames.map(\.frame) } == expected.positions.map { $0.frames.map(\.frame) }, "\(stack.name)")
            }
        }
    }
}

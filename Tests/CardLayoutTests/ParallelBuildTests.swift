import CardDiagnostics
import CardDriver
import CardEmit
import CardLayout
import CardSema
import Foundation
import Testing

/// `cardc build` on several threads (`-j N`, `BackendOptions.workers`) produces exactly what one
/// thread does: the same bytes, and nothing written when there are errors.
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
        let deck = try #require(Self.check(SyntheticDeck.generate(cards: 300)).decks.first)
        var pieces: [[UInt8]] = []
        LayoutJSONEmitter(cardsPerChunk: 16, stacksPerChunk: 2).emit(deck, options: BackendOptions(workers: 3)) { pieces.append($0) }
        #expect(pieces.count > 300 / 16 + deck.stacks.count / 2)
        for piece in pieces { #expect(String(validating: piece, as: UTF8.self) != nil) }
        #expect(Array(pieces.joined()) == Self.emit(deck, workers: 1))
    }

    static func check(_ source: String, files: [String: String] = [:]) -> Compiler.Result {
        Compiler.check(paths: ["deck.cards"], root: ".", provider: MemoryFileProvider(files.merging(["deck.cards": source]) { $1 }),
                       modelUse: .backEnds)
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

    /// A layouter that adopts what layouters of other threads laid out lays the stacks out as
    /// one that laid out every card itself, and as one that laid out none.
    @Test func adoptedLayoutsChangeNoStack() throws {
        let deck = try #require(Self.check(SyntheticDeck.generate(cards: 200)).decks.first)
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
        for stack in deck.stacks {
            let expected = fresh.layout(stack)
            for layouter in [whole, adopting] {
                var layouter = layouter
                let laidOut = layouter.layout(stack)
                #expect(laidOut.positions.map(\.height) == expected.positions.map(\.height), "\(stack.name)")
                #expect(laidOut.positions.map { $0.frames.map(\.frame) } == expected.positions.map { $0.frames.map(\.frame) }, "\(stack.name)")
            }
        }
    }
}

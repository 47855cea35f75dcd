import CardPipeline
import CardTestSupport
import CardDiagnostics
import CardModel
import CardSources
import CardSema
import Testing

/// The benchmark's synthetic deck is realistic input too: it must check with no diagnostics,
/// so CardBench measures the checker on valid decks and the generator cannot drift.
@Suite struct GeneratedDeckTests {
    @Test func twentyThousandCardDeckChecksClean() {
        let text = SyntheticDeck.generate(cards: 20_000)
        #expect(text.utf8.count > 10_000_000)
        let path = "generated.cards"
        let result = Pipeline.check(paths: [path], root: ".", provider: MemoryFileProvider([:]),
                                    sources: [path: Array(text.utf8)])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(5).map { "\($0.code): \($0.message)" })")
        #expect(result.decks.first?.cards.count == 20_000)
        #expect(result.decks.first?.stacks.isEmpty == false)
    }

    @Test func generatorIsDeterministic() {
        #expect(SyntheticDeck.generate(cards: 50) == SyntheticDeck.generate(cards: 50))
        #expect(SyntheticDeck.generate(cards: 50, seed: 1) != SyntheticDeck.generate(cards: 50, seed: 2))
    }
}


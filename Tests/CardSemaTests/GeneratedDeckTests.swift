import CardPipeline
import CardTestSupport
import CardDiagnostics
import CardModel
import CardSources
import CardSema
import Testing

/// The benchmark's synthetic deck is realistic input too: it must check with no diagnostics but
/// contrast warnings, so CardBench measures the checker on valid decks and the generator cannot
/// drift. Its gradient cards keep Mint's text colours, and `#888888` text fails 4.5:1 on any
/// gradient (it is 3.54:1 on white): W1001 on those cards, and only those, is expected. Its
/// `radio`s are 24 points tall and some cards with a `tap:` are one short line: W1003 on those
/// (from the layout pass) is expected too, and so is W1004: its bars, progress bars and radios
/// take colours from a fixed list, some of them light (`#FFB300` is 1.79:1 on white), and system
/// blue on a gradient.
@Suite struct GeneratedDeckTests {
    @Test func twentyThousandCardDeckChecksClean() {
        let text = SyntheticDeck.generate(cards: 20_000)
        #expect(text.utf8.count > 10_000_000)
        let path = "generated.cards"
        let result = Pipeline.check(paths: [path], root: ".", provider: MemoryFileProvider([:]),
                                    sources: [path: Array(text.utf8)])
        let others = result.diagnostics.filter {
            !($0.code == .w1001 && $0.notes.contains { $0.message.contains("of the card's `gradient`") })
                && !($0.code == .w1003 && ($0.message.hasPrefix("`radio` is") || $0.message.contains("which `tap:` makes a tap target")))
                && $0.code != .w1004
        }
        #expect(others.isEmpty, "\(others.prefix(5).map { "\($0.code): \($0.message)" })")
        #expect(result.diagnostics.contains { $0.code == .w1001 }, "the gradient cards' contrast is checked")
        #expect(result.diagnostics.contains { $0.code == .w1003 }, "the radios' tap targets are checked")
        #expect(result.diagnostics.contains { $0.code == .w1004 }, "the bars' contrast is checked")
        #expect(result.decks.first?.cards.count == 20_000)
        #expect(result.decks.first?.stacks.isEmpty == false)
    }

    @Test func generatorIsDeterministic() {
        #expect(SyntheticDeck.generate(cards: 50) == SyntheticDeck.generate(cards: 50))
        #expect(SyntheticDeck.generate(cards: 50, seed: 1) != SyntheticDeck.generate(cards: 50, seed: 2))
    }
}


import CardDiagnostics
import CardTestSupport
import Testing
@testable import CardSema

/// `CheckedDeck`'s lookups, built once per deck (issue 27: a back end asked every theme of a
/// 100,000-theme chain for its chain, rebuilt each time).
@Suite struct CheckedDeckTests {
    @Test("a deck's theme table gives every theme's base at once, equal to the end of its chain")
    func baseThemes() throws {
        var random = SplitMix64(seed: 27)
        for _ in 0..<20 {
            // A random forest of themes over the built-ins, and a few unknown parents.
            var themes = [ResolvedTheme(name: "Mint", parent: nil, isBuiltIn: true, properties: [])]
            for index in 0..<random.below(60) {
                let parent = random.below(8) == 0 ? "Unknown\(index)" : random.below(4) == 0 ? "Turbo" : themes[random.below(themes.count)].name
                themes.append(ResolvedTheme(name: "T\(index)", parent: parent, isBuiltIn: false, properties: []))
            }
            let deck = CheckedDeck(entry: SourceFile(path: "d.cards", text: ""), themes: themes, stacks: [],
                                   cards: CheckedCards(declarations: [], trees: [:], index: [:]))
            for theme in themes {
                #expect(deck.baseTheme(ofTheme: theme.name) == deck.parents(ofTheme: theme.name).last, "\(theme.name)")
                #expect(deck.theme(named: theme.name)?.parent == theme.parent)
            }
        }
    }
}

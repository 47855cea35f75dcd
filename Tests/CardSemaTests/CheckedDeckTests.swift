import CardModel
import CardTestSupport
import Testing

/// The checked unit's theme look-ups, built once per unit (issue 27: a back end asked every
/// theme of a 100,000-theme chain for its chain, rebuilt each time).
@Suite struct CheckedDeckTests {
    @Test("a unit gives every theme's base at once, equal to the end of its chain")
    func baseThemes() throws {
        var random = SplitMix64(seed: 27)
        for _ in 0..<20 {
            // A random forest of themes over the built-ins, declared parents first.
            var names = ["Mint", "Turbo"]
            var source = ""
            for index in 0..<random.below(60) {
                let parent = names[random.below(names.count)]
                source += "theme T\(index): \(parent) { titleColor: #102030 }\n"
                names.append("T\(index)")
            }
            // The unit keeps the themes its stacks use (and their parents): one stack per theme.
            source += "card A { text(\"a\") }\n"
            for name in names { source += "stack S\(name): list {\n  theme: \(name)\n  A\n}\n" }
            let result = checkSource(source)
            #expect(!result.hasErrors)
            let unit = try #require(result.decks.first)
            for name in names {
                #expect(unit.baseTheme(ofTheme: name) == unit.parents(ofTheme: name).last, "\(name)")
                if !["Mint", "Turbo"].contains(name) { #expect(unit.baseTheme(ofTheme: name) != nil, "\(name)") }
            }
        }
    }
}

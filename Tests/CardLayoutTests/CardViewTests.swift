import CardEmit
import CardLayout
import CardSema
import Testing

/// Back ends read cards through `CardView`: stored cards from the deck's records, cards whose
/// body was replaced through `CheckedCard`'s setters from a flattened copy of that body. Both
/// must lay out and write alike.
@Suite struct CardViewTests {
    static let fixtures = LayoutTestPaths.cardsFiles(in: LayoutTestPaths.fixtures)

    /// The layout JSON of `deck`.
    static func json(_ deck: CheckedDeck) -> [UInt8] { LayoutJSONEmitter().emit(deck, options: BackendOptions()) }

    @Test(arguments: fixtures)
    func replacedBodiesWriteAsStoredOnes(_ name: String) throws {
        let deck = try #require(compileInMemory(name, in: LayoutTestPaths.fixtures).decks.first)
        var replaced = deck
        for index in replaced.cards.indices {
            replaced.cards[index].states = replaced.cards[index].states  // the whole body, now built
        }
        #expect(Self.json(replaced) == Self.json(deck))
    }

    /// Arguments out of catalog order are matched with their parameters by name: the document
    /// is the same.
    @Test(arguments: fixtures)
    func argumentsInAnyOrderWriteInCatalogOrder(_ name: String) throws {
        let deck = try #require(compileInMemory(name, in: LayoutTestPaths.fixtures).decks.first)
        func reversed(_ parts: [CheckedPart]) -> [CheckedPart] {
            parts.map { part in
                var part = part
                part.properties.reverse()
                part.children = reversed(part.children)
                return part
            }
        }
        var replaced = deck
        for index in replaced.cards.indices {
            replaced.cards[index].states = replaced.cards[index].states.map { state in
                var state = state
                state.parts = reversed(state.parts)
                return state
            }
        }
        #expect(Self.json(replaced) == Self.json(deck))
    }

    /// A replaced text is laid out and written, not the stored one.
    @Test func replacedValuesAreRead() throws {
        let deck = try checkedDeck("""
            card Note {
              text("Hi")
            }
            """)
        var replaced = deck
        var states = replaced.cards[0].states
        states[0].parts[0].properties[0].value = .string(String(repeating: "wide ", count: 40))
        replaced.cards[0].states = states
        var layouter = DeckLayouter(deck: replaced)
        let laidOut = layouter.layoutInPrimaryContext(cardAt: 0)
        #expect(laidOut.states[0].parts[0].frame.height > 17)
        let json = String(decoding: Self.json(replaced), as: UTF8.self)
        #expect(json.contains("wide wide"))
        #expect(!json.contains("\"Hi\""))
    }
}

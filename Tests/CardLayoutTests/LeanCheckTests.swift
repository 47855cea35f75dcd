import CardDiagnostics
import CardDriver
import CardEmit
import CardLayout
import CardSema
import Foundation
import Testing

/// `cardc check` checks for diagnostics only (`Pipeline.Purpose.diagnostics`): the decks keep
/// just the model of the cards the layout pass reads. That must never change a diagnostic, and a
/// deck checked that way must never pass for a full one.
@Suite struct LeanCheckTests {
    /// A deck whose every stack-dependent rule fires without an error, so the layout pass runs:
    /// W104 in a collapsible stack (a card also listed by a sheet stack), W502, W703, W704, and
    /// sheet stacks whose cards push each other; model defaults (lists of records, W101) in a
    /// card that is kept and in one that is not.
    static let stacksDeck = """
        card Tall {
          title: "Tall"
          spacer(height: 180)
          button("Next", action: push(Sheet2))
        }
        card Sheet2 {
          title: "Second"
          text("Two")
          button("Back", action: pop)
        }
        card Short {
          model {
            rows: [(name: "Taxi", amount: "$4"), (name: "Food", amount: "$9")]
            state: .hasData
          }
          state hasData {
            table(rows: $rows) {
              cell { text($item.name) }
            }
          }
        }
        card Swiper: customMargin(16) {
          title: "Swiper"
          text("Only swiped")
        }
        card Lonely {
          model {
            rows: [(name: "Taxi", amount: 4), (name: "Food", amount: 9.5)]
            unused: [1, 2.5]
          }
          table(rows: $rows) {
            cell { text($item.name) }
          }
          position: .extended
          overlay(.left) {
            text("NOPE")
          }
          text("In no stack")
        }
        stack Wallet: collapsible(cardHeight: 200) {
          Tall
          Short
        }
        stack Planner: sheet {
          Tall
          Sheet2
        }
        stack Deck: swipe {
          Swiper
        }
        """

    /// Every deck the comparison runs on: the one above, a synthetic deck, and every fixture and
    /// sample (errors included, where the layout pass does not run).
    static let decks: [(name: String, files: [String: String])] = {
        var decks: [(String, [String: String])] = [
            ("stacks.cards", ["stacks.cards": stacksDeck]),
            ("generated.cards", ["generated.cards": SyntheticDeck.generate(cards: 300)]),
        ]
        let semaFixtures = LayoutTestPaths.testsDirectory.deletingLastPathComponent().appendingPathComponent("CardSemaTests/Fixtures")
        for directory in [LayoutTestPaths.fixtures, semaFixtures, LayoutTestPaths.samples] {
            for name in LayoutTestPaths.cardsFiles(in: directory) {
                decks.append((name, [name: LayoutTestPaths.text(of: directory.appendingPathComponent(name))]))
            }
        }
        return decks
    }()

    static func check(_ deck: (name: String, files: [String: String]), for purpose: Pipeline.Purpose) -> Compiler.Result {
        Pipeline.check(paths: [deck.name], root: ".", provider: MemoryFileProvider(deck.files), for: purpose)
    }

    @Test func leanCheckReportsWhatAFullCheckReports() {
        #expect(Self.decks.count >= 100)
        for deck in Self.decks {
            let full = Self.check(deck, for: .backEnds), lean = Self.check(deck, for: .diagnostics)
            #expect(lean.diagnostics == full.diagnostics, "\(deck.name)")
        }
    }

    @Test func stacksDeckFiresEveryStackRule() throws {
        let result = Self.check(Self.decks[0], for: .diagnostics)
        #expect(!result.hasErrors)
        let codes = Set(result.diagnostics.map(\.code))
        #expect(codes.isSuperset(of: [.w101, .w104, .w502, .w703, .w704]), "\(codes)")
        let w104 = try #require(result.diagnostics.first { $0.code == .w104 })
        #expect(w104.message == "card `Tall` is 253 pt tall in state `none`, taller than stack `Wallet`'s cardHeight of 200")
    }

    /// The lean deck keeps exactly the cards of collapsible stacks, each with its whole model.
    @Test func leanDeckKeepsTheCardsTheLayoutPassReads() throws {
        let full = try #require(Self.check(Self.decks[0], for: .backEnds).decks.first)
        let lean = try #require(Self.check(Self.decks[0], for: .diagnostics).decks.first)
        #expect(full.modelUse == .backEnds)
        #expect(lean.modelUse == .diagnostics(readingCardsOf: DeckLayouter.diagnosedStackKinds))
        #expect(full.cards.map(\.name) == ["Tall", "Sheet2", "Short", "Swiper", "Lonely"])
        #expect(lean.cards.map(\.name) == ["Tall", "Short"])
        #expect(lean.stacks == full.stacks)
        for card in lean.cards {
            let other = try #require(full.card(named: card.name))
            #expect(card.span == other.span && card.location == other.location && card.initialState == other.initialState)
            #expect(card.traits == other.traits && card.model == other.model && card.states == other.states)
            #expect(card.actions == other.actions && card.title == other.title && card.position == other.position)
        }
    }

    /// A generated deck: only the cards of its collapsible stacks stay.
    @Test func leanGeneratedDeckKeepsOnlyCollapsibleCards() throws {
        let lean = try #require(Self.check(Self.decks[1], for: .diagnostics).decks.first)
        let collapsible = Set(lean.stacks.filter { $0.kind == "collapsible" }.flatMap(\.cards))
        #expect(!collapsible.isEmpty)
        #expect(Set(lean.cards.map(\.name)) == collapsible)
        #expect(lean.cards.count < 300)
    }

    /// `cardc build` keeps every card: its output does not depend on what `check` leaves out.
    @Test func buildStillKeepsEveryCard() throws {
        let deck = try #require(Self.check(Self.decks[1], for: .backEnds).decks.first)
        #expect(deck.cards.count == 300)
        #expect(deck.modelUse == .backEnds)
    }

    /// A back end handed a lean deck stops at once instead of writing a layout without most
    /// of its cards; handed the full deck, the same code runs to the end.
    @Test func layingOutALeanDeckStops() async {
        await #expect(processExitsWith: .failure) {
            let deck = LeanCheckTests.check(LeanCheckTests.decks[0], for: .diagnostics).decks[0]
            _ = LayoutJSONEmitter().emit(deck, options: BackendOptions())
        }
        await #expect(processExitsWith: .success) {
            let deck = LeanCheckTests.check(LeanCheckTests.decks[0], for: .backEnds).decks[0]
            _ = LayoutJSONEmitter().emit(deck, options: BackendOptions())
        }
    }
}

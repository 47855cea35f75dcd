import CardDiagnostics
import CardModel
import CardPipeline
import CardSyntax
import Testing

/// Where a property a theme does not set is added (`ThemeView.propertyInsertion`, W1001's
/// fix-it for an inherited colour): the body reads as `cardc fmt` writes it, whatever form it
/// had, and a body on one line with a comment in it has no such place.
@Suite struct ThemeInsertionTests {
    /// `theme` as written, then as it reads with `titleColor: #7D7D7D` added (nil: no place).
    static let cases: [(written: String, added: String?)] = [
        // Written as `cardc fmt` writes it: one more line before the brace.
        ("theme Night: Turbo {\n  cardBackgroundColor: #121212\n}\n",
         "theme Night: Turbo {\n  cardBackgroundColor: #121212\n  titleColor: #7D7D7D\n}\n"),
        // Comments stay where they are; the line goes after them.
        ("theme Night: Turbo {\n  // dark\n  cardBackgroundColor: #121212 // almost black\n  // the rest is Turbo's\n}\n",
         "theme Night: Turbo {\n  // dark\n  cardBackgroundColor: #121212 // almost black\n  // the rest is Turbo's\n  titleColor: #7D7D7D\n}\n"),
        // On one line, or the brace on a property's line: written out one property a line.
        ("theme Night: Turbo { cardBackgroundColor: #121212 }\n",
         "theme Night: Turbo {\n  cardBackgroundColor: #121212\n  titleColor: #7D7D7D\n}\n"),
        ("theme Night: Turbo { cardBackgroundColor: #121212, normalTextColor: #EEEEEE }\n",
         "theme Night: Turbo {\n  cardBackgroundColor: #121212\n  normalTextColor: #EEEEEE\n  titleColor: #7D7D7D\n}\n"),
        ("theme Night: Turbo {\n  cardBackgroundColor: #121212 }\n",
         "theme Night: Turbo {\n  cardBackgroundColor: #121212\n  titleColor: #7D7D7D\n}\n"),
        ("theme Night: Turbo { cardBackgroundColor: #121212\n}\n",
         "theme Night: Turbo {\n  cardBackgroundColor: #121212\n  titleColor: #7D7D7D\n}\n"),
        // An empty body, and none.
        ("theme Night: Turbo {}\n", "theme Night: Turbo {\n  titleColor: #7D7D7D\n}\n"),
        ("theme Night: Turbo {\n}\n", "theme Night: Turbo {\n  titleColor: #7D7D7D\n}\n"),
        ("theme Night: Turbo\n", "theme Night: Turbo {\n  titleColor: #7D7D7D\n}\n"),
        // A comment in a body on one line: rewriting it would move or lose the comment.
        ("theme Night: Turbo { /* dark */ cardBackgroundColor: #121212 }\n", nil),
    ]

    @Test(arguments: cases.indices)
    func aPropertyIsAddedAsFmtWritesIt(_ index: Int) throws {
        let (written, added) = Self.cases[index]
        let result = checkSource(written)
        #expect(!result.hasErrors, "\(result.diagnostics.map(\.message))")
        let deck = try #require(result.decks.first)
        let insertion = deck.theme(named: "Night")?.propertyInsertion
        guard let added else {
            #expect(insertion == nil)
            return
        }
        let fix = try #require(insertion).fixIt("titleColor", "#7D7D7D")
        let bytes = try #require(result.fileSet.files.first).bytes
        let fixed = String(decoding: FixAll.apply([fix], to: bytes), as: UTF8.self)
        #expect(fixed == added)
        // It checks clean, the theme now sets the property, and `cardc fmt` leaves it as it is.
        let again = checkSource(fixed)
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics.map(\.message))")
        #expect(again.decks.first?.theme(named: "Night")?.arguments.ref(named: "titleColor")?.colorSpan != nil)
        let file = try #require(again.fileSet.files.first)
        let tree = try #require(again.files[file.id]?.tree)
        #expect(try Formatter.format(tree) == fixed)
    }

    @Test func builtInThemesHaveNoPlace() throws {
        let deck = try #require(checkSource("card A { text(\"a\") }\nstack S: list {\n  theme: Turbo\n  A\n}\n").decks.first)
        #expect(deck.theme(named: "Turbo")?.propertyInsertion == nil)
        #expect(deck.theme(named: "Mint")?.propertyInsertion == nil)
    }
}

@testable import CardLayout
import CardModel
import CardSema
import Testing

/// The intrinsic-size model (`LayoutMetrics`, Grammar/layout-model.md) on small, hand-checked
/// cases.
@Suite struct IntrinsicSizeTests {
    @Test func textWrapsAtHalfTheFontSizePerCharacter() {
        // 14 pt: a line is 16.8 → 17 points; each character advances 7 points.
        #expect(LayoutMetrics.lineCount(of: "", fontSize: 14, width: 350) == 1)
        #expect(LayoutMetrics.lineCount(of: String(repeating: "a", count: 50), fontSize: 14, width: 350) == 1)
        #expect(LayoutMetrics.lineCount(of: String(repeating: "a", count: 51), fontSize: 14, width: 350) == 2)
        #expect(LayoutMetrics.lineCount(of: String(repeating: "a", count: 100), fontSize: 14, width: 350) == 2)
        // Paragraphs wrap separately; an empty paragraph still takes a line.
        #expect(LayoutMetrics.lineCount(of: "a\n\nb", fontSize: 14, width: 350) == 3)
        // Characters are Unicode scalars, not bytes.
        #expect(LayoutMetrics.lineCount(of: String(repeating: "é", count: 50), fontSize: 14, width: 350) == 1)
        // A width narrower than one glyph still fits one glyph a line; never a division by zero.
        #expect(LayoutMetrics.lineCount(of: "abc", fontSize: 14, width: 0) == 3)
    }

    @Test func textWrapsByWords() {
        // 14 pt in 70 points: ten glyphs a line. "aaaaaa bbbbbb" is 13 glyphs, which fit two
        // lines as characters, but the second word does not fit beside the first: a label
        // moves it whole to the next line.
        #expect(LayoutMetrics.lineCount(of: "aaaaaa bbbbbb", fontSize: 14, width: 70) == 2)
        #expect(LayoutMetrics.lineCount(of: "aaaa bbbb cccc dddd", fontSize: 14, width: 70) == 2)
        #expect(LayoutMetrics.lineCount(of: "aaaaaa bbbbbb cccccc", fontSize: 14, width: 70) == 3)  // 20 glyphs: 2 as characters
        // Exactly full: "aaaa bbbbb" is ten glyphs, one line.
        #expect(LayoutMetrics.lineCount(of: "aaaa bbbbb", fontSize: 14, width: 70) == 1)
        // Spaces between words are drawn, so two of them can push a word to the next line;
        // leading spaces are drawn too; spaces at a break or at the end take no room.
        #expect(LayoutMetrics.lineCount(of: "aaaa bbbbb   ", fontSize: 14, width: 70) == 1)
        #expect(LayoutMetrics.lineCount(of: "aaaa  bbbbb", fontSize: 14, width: 70) == 2)
        #expect(LayoutMetrics.lineCount(of: " aaaa bbbbb", fontSize: 14, width: 70) == 2)
        #expect(LayoutMetrics.lineCount(of: "aaaaaaaaaa     bbbbbbbbbb", fontSize: 14, width: 70) == 2)
        #expect(LayoutMetrics.lineCount(of: "   ", fontSize: 14, width: 70) == 1)
        // A word longer than a line breaks between glyphs, and the next word follows its rest.
        #expect(LayoutMetrics.lineCount(of: String(repeating: "a", count: 25) + " bb", fontSize: 14, width: 70) == 3)
        #expect(LayoutMetrics.lineCount(of: "x " + String(repeating: "a", count: 20), fontSize: 14, width: 70) == 3)
        // A no-break space (U+00A0) joins two words into one.
        #expect(LayoutMetrics.lineCount(of: "aaaa\u{A0}bbbbb", fontSize: 14, width: 70) == 1)
        #expect(LayoutMetrics.lineCount(of: "aaaaaa\u{A0}bbbbbb", fontSize: 14, width: 70) == 2)
    }

    @Test func heightsRoundUpToWholePoints() {
        #expect(LayoutMetrics.textHeight(lines: 1, fontSize: 14) == 17)
        #expect(LayoutMetrics.textHeight(lines: 2, fontSize: 14) == 34)   // 33.6
        #expect(LayoutMetrics.textHeight(lines: 5, fontSize: 12) == 72)   // exactly 72, not 73
        #expect(LayoutMetrics.textHeight(lines: 1, fontSize: 36) == 44)   // 43.2
        #expect(LayoutMetrics.height(of: String(repeating: "a", count: 200), fontSize: 14, width: 350, maximumLines: 2) == 34)
    }

    @Test func partHeights() throws {
        let deck = try checkedDeck("""
        card C {
          model {
            long: "0123456789012345678901234567890123456789012345678901234567890123456789"
          }
          text($long)
          text($long, lines: 1)
          text("x", style: .header)
          text("x", font: font("Georgia", 20))
          title("Title")
          title("Title", menu: ["a"], onMenu: menu)
          button("Go", action: go)
          pill("p", verticalPadding: 5)
          separator
          bar(percent: 0.5)
          slider(value: 0.5)
          spacer(height: 7)
          image("i")
          image("i", height: 33)
          map(latitude: 0, longitude: 0)
          progressBar(values: [1], colors: [.red])
          progressBar(values: [1], colors: [.red], marker: "m", showValues: true)
          textField(placeholder: "x")
          radio
          histogram(entries: [1])
          confetti
        }
        stack S: list { C }
        """)
        var layouter = DeckLayouter(deck: deck)
        let card = try #require(deck.cards.first)
        let context = layouter.context(for: card, in: deck.stacks.first)
        let laidOut = layouter.layout(card, at: 0, in: context)
        // Mint list margins 12 + 12 are outside the card: card and content 366 wide; each part
        // 15 in from either side (`cardPartMargins`): 336.
        #expect(laidOut.context.width == 366)
        #expect(laidOut.contentWidth == 366)
        #expect(laidOut.states[0].parts.allSatisfy { $0.part.kind == .spacer || $0.frame.x == 15 && $0.frame.width == 336 })
        let heights = try #require(laidOut.states.first).parts.map(\.frame.height)
        // 70 characters × 7 = 490 > 336 → 2 lines (34); capped to 1 (17); header 36 → 44;
        // Georgia 20 → 24; title 16 → 20; with a menu at least 24; button max(44, 21 + 16);
        // pill 17 + 10; separator 1; bar 16; slider 31; spacer 7; image 100 / 33; map 300;
        // progress bar 12, then 12 + 2 × (12 + 4); text field 17 + 16; radio 24; histogram 100;
        // confetti 100.
        #expect(heights == [34, 17, 44, 24, 20, 24, 44, 27, 1, 16, 31, 7, 100, 33, 300, 12, 44, 33, 24, 100, 100])
        // Margins add up: 5 + 5 around each part, 5 + 10 around a title, none around a spacer
        // (2 × 15 + 18 × 10 = 210); the list cell adds 9 above and 12 below.
        let margins = try #require(laidOut.states.first).parts.map { $0.margins?.vertical ?? -1 }
        #expect(margins == [10, 10, 10, 10, 15, 15, 10, 10, 10, 10, 10, 0, 10, 10, 10, 10, 10, 10, 10, 10, 10])
        let sum = heights.reduce(0, +) + 210 + 21
        #expect(laidOut.states[0].height == sum)
    }

    @Test func rowsAndColumns() throws {
        let deck = try checkedDeck("""
        card C {
          model {
            rows: [(name: "a"), (name: "b"), (name: "c")]
          }
          hstack(spacing: 10, alignment: .top) {
            spacer(height: 10)
            verticalSeparator
            spacer(height: 30)
          }
          table(rows: $rows) {
            cell {
              text($item.name)
            }
          }
          centered {
            spacer(height: 4)
            spacer(height: 8)
            spacer(height: 4)
          }
        }
        stack S: list { C }
        """)
        var layouter = DeckLayouter(deck: deck)
        let card = deck.cards[0]
        let context = layouter.context(for: card, in: deck.stacks.first)
        let laidOut = layouter.layout(card, at: 0, in: context)
        let parts = laidOut.states[0].parts
        // hstack: 366 − 2 × 15 (its margins) − 2 × 10 − 1 = 315 shared by two → 157.5 each; the
        // separator is 1 wide and stretches to the row's 30 points; `.top` keeps the short
        // spacer at y = 0.
        let row = parts[0]
        #expect(row.frame.height == 30)
        #expect(row.frame.x == 15 && row.frame.y == 5)
        #expect(row.children.map(\.frame) == [Frame(x: 0, y: 0, width: 157.5, height: 10),
                                              Frame(x: 167.5, y: 0, width: 1, height: 30),
                                              Frame(x: 178.5, y: 0, width: 157.5, height: 30)])
        // table: 3 rows of 8 + 17 + 8 = 33, 14 in from either side (`tableViewMargins`), right
        // under the hstack's bottom margin (the table has no top margin).
        let table = parts[1]
        #expect(table.frame.height == 99)
        #expect(table.frame.x == 14 && table.frame.width == 338 && table.frame.y == 5 + 30 + 5)
        #expect(table.children.map(\.frame.y) == [0, 33, 66])
        #expect(table.children.allSatisfy { $0.part.part == "cell" && $0.children.first?.frame.y == 8 })
        // centered (336 wide): a quarter, a half, a quarter; vertically centred.
        let centered = parts[2]
        #expect(centered.children.map(\.frame) == [Frame(x: 0, y: 2, width: 84, height: 4),
                                                   Frame(x: 84, y: 0, width: 168, height: 8),
                                                   Frame(x: 252, y: 2, width: 84, height: 4)])
    }

    /// A binding with no model default measures `‹name›`; a bound number measures its digits.
    @Test func bindingsWithoutDefaults() throws {
        let deck = try checkedDeck("""
        card C {
          text($unknown)
        }
        stack S: list { C }
        """)
        var layouter = DeckLayouter(deck: deck)
        let card = deck.cards[0]
        let context = layouter.context(for: card, in: deck.stacks.first)
        let laidOut = layouter.layout(card, at: 0, in: context)
        #expect(laidOut.states[0].parts[0].frame.height == 17)
        #expect(LayoutMetrics.placeholder(["unknown"]) == "‹unknown›")
    }

    /// A card or a row of many fields finds a binding's field by name: the same heights as
    /// with few fields (a long default wraps).
    @Test func bindingsAmongManyFields() throws {
        let long = String(repeating: "word ", count: 60)
        func heights(fieldCount: Int) throws -> [Double] {
            let fields = (0..<fieldCount).map { "f\($0): \"\($0 == fieldCount - 3 ? long : "x")\"" }
            let deck = try checkedDeck("""
            card C {
              model {
                \(fields.joined(separator: "\n    "))
                rows: [(\(fields.joined(separator: ", ")))]
              }
              text($f\(fieldCount - 3))
              text($f0)
              table(rows: $rows) { cell { text($item.f\(fieldCount - 3)) } }
              \((0..<fieldCount).map { "text($f\($0))" }.joined(separator: " "))
            }
            stack S: list { C }
            """)
            var layouter = DeckLayouter(deck: deck)
            let card = deck.cards[0]
            let context = layouter.context(for: card, in: deck.stacks.first)
            let laidOut = layouter.layout(card, at: 0, in: context)
            return laidOut.states[0].parts.prefix(3).map(\.frame.height)
        }
        let few = try heights(fieldCount: 4), many = try heights(fieldCount: 64)
        #expect(few == many)
        #expect(few[0] > few[1], "the long default wraps")
        #expect(few[2] >= few[0], "so does the row's")
    }

    /// Absurd sizes from the input stay finite.
    @Test func hugeInputsStayFinite() throws {
        let deck = try checkedDeck("""
        card C {
          spacer(height: 1e300)
          spacer(height: 1e300)
          image("x", height: 1e308)
        }
        card D {
          spacer(height: 1e300)
        }
        stack S: collapsible(cardOffset: 1e300, cardHeight: 1e300, expandedHeight: 1e301) { C D }
        """)
        var layouter = DeckLayouter(deck: deck)
        let cards = deck.cards.enumerated().map { layouter.layoutInPrimaryContext($1, at: $0) }
        let stacks = deck.stacks.map { layouter.layout($0) }
        #expect(cards.allSatisfy { $0.states.allSatisfy { $0.height.isFinite } })
        for stack in stacks {
            for position in stack.positions {
                #expect(position.frames.allSatisfy { [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height].allSatisfy(\.isFinite) })
            }
        }
    }
}

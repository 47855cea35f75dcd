import CardDiagnostics
import CardLayout
import CardModel
import Testing

/// W1003 (tap targets under 44 × 44 pt) where the fixtures in CardSemaTests cannot reach: the
/// viewport, and the cards the layout pass need not lay out for it.
@Suite struct TapTargetTests {
    static let deck = """
        card Plan {
          button("Continue", action: next)
        }
        card Row {
          tap: openRow
          text("Open")
          text("Details", style: .small)
          text("More")
        }
        stack Home: list {
          Plan
          Row
        }
        """

    @Test func fullWidthButtonsAndPaddedTapCardsPassOnAPhone() {
        let result = compileWithLayout(paths: ["deck.cards"], files: ["deck.cards": Self.deck])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    }

    @Test func sizesAreShownInTenthsRoundedDown() {
        // Nine buttons share a row 336 points wide (a 366-point card less Mint's part margins,
        // 15 each side) with 4 points between them: 33.77… each, shown as 33.7.
        let buttons = (1...9).map { "    button(\"\($0)\", action: a\($0))" }.joined(separator: "\n")
        let deck = "card Keys {\n  hstack(spacing: 4) {\n" + buttons + "\n  }\n}\nstack Pad: list { Keys }\n"
        let result = compileWithLayout(paths: ["deck.cards"], files: ["deck.cards": deck])
        let messages = result.diagnostics.filter { $0.code == .w1003 }.map(\.message)
        #expect(messages.count == 9, "\(messages)")
        #expect(messages.allSatisfy { $0.hasPrefix("`button` is 33.7 × 44 pt,") }, "\(messages)")
    }

    @Test func aViewportNarrowerThanTheMinimumShrinksEveryTarget() {
        // 60 points wide: the list's margins leave each card 36 points, the button's margins
        // (Mint's `cardPartMargins`, 15 each side) the button 6; the tapped card is too narrow too.
        let result = compileWithLayout(paths: ["deck.cards"], files: ["deck.cards": Self.deck],
                                       viewport: Viewport(width: 60, height: 800))
        let messages = result.diagnostics.filter { $0.code == .w1003 }.map(\.message)
        #expect(messages.count == 2, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("`button` is 6 × 44 pt") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("card `Row`, which `tap:` makes a tap target, is 36 × ") }, "\(messages)")
    }

    @Test func aShortTapCardIsReportedAtItsState() throws {
        let source = """
            card Chip: noTopBottomMargins {
              state idle {
                tap: open
                text("Open")
              }
              state busy {
                text("Opening")
                text("Please wait")
                text("…")
                text("…")
                text("…")
                text("…")
              }
            }
            """
        let result = compileWithLayout(paths: ["deck.cards"], files: ["deck.cards": source])
        let warning = try #require(result.diagnostics.first { $0.code == .w1003 })
        #expect(warning.message.contains("in state `idle`"), "\(warning.message)")
        #expect(result.fileSet[warning.span.file].text(warning.span.range) == "idle")
        #expect(result.diagnostics.count == 1)
    }
}

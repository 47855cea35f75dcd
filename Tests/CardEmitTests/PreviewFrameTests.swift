import CardDiagnostics
@testable import CardEmit
import CardLayout
import CardModel
import CardSema
import Testing

/// Card frames from traits, and stacks in their positions, drawn where the layout puts them.
@Suite struct PreviewFrameTests {
    func lines(_ text: String) -> [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

    @Test func framesFollowTraits() throws {
        let plain = try previewText("card A { text(\"a\") }")
        #expect(plain.contains("┌") && plain.contains("┘") && !plain.contains("╭") && !plain.contains("▒"))
        let rounded = try previewText("card A: rounded(radius: 8) { text(\"a\") }")
        #expect(rounded.contains("╭") && rounded.contains("╯") && !rounded.contains("┌"))
        let transparent = try previewText("card A: transparent { text(\"alone\") }")
        let body = lines(transparent).dropFirst().joined(separator: "\n")
        #expect(body.contains("alone"))
        #expect(!body.contains("│") && !body.contains("┌") && !body.contains("─"), "a transparent card has no frame")
        let shadow = try previewText("card A: shadow(color: .black, radius: 4, opacity: 0.3, offset: size(0, 4)) { text(\"a\") }")
        #expect(shadow.contains("│▒") && shadow.contains(" ▒▒▒"), "shadow right and below")
        let above = try previewText("card A: shadow(color: .black, radius: 4, opacity: 0.3, offset: size(-2, -4)) { text(\"a\") }")
        #expect(above.contains("▒│"), "a negative offset casts the shadow left")
        let border = try previewText("card A: border(width: 2, color: .red) { text(\"a\") }")
        #expect(border.contains("┏") && border.contains("┃") && border.contains("━"))
        let editable = try previewText("card A: editable(onEdit: edit) { text(\"a\") }")
        #expect(editable.contains("✎"))
    }

    /// `CardsViewController` clears a transparent cell, then applies the other traits: the
    /// preview draws its border and its gradient, and leaves out a shadow that falls from the
    /// parts (W501: a terminal cell has no shadow of its text).
    @Test func transparentCardsKeepTheirBorderAndGradient() throws {
        let border = try previewText("card A: transparent, border(width: 1, color: .red) { text(\"edged\") }")
        #expect(border.contains("┏") && border.contains("┃") && border.contains("━"), "the border is drawn")
        let rounded = try previewText("card A: transparent, rounded(radius: 8), border(width: 1, color: .red) { text(\"a\") }")
        #expect(rounded.contains("╭") && rounded.contains("━"))
        let source = "card G: transparent, gradient(colors: [#000000, #FFFFFF], angle: 0) { text(\"g\") }"
        let gradient = try previewText(source, width: 40, colorMode: .trueColor)
        let row = try #require(lines(gradient).first { $0.contains("g") && $0.contains("48;2;") }, "the gradient fills the card")
        let backgrounds = row.components(separatedBy: "48;2;").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
        #expect((backgrounds.first ?? 0) < (backgrounds.last ?? 0), "\(backgrounds)")
        #expect(try previewText(source, width: 40).contains("┌"), "a filled card has its frame")
        let shadow = try previewText("card A: transparent, shadow(color: .black, radius: 4, opacity: 0.3, offset: size(0, 4)) { text(\"a\") }")
        #expect(!shadow.contains("▒") && !shadow.contains("┌"), "the shadow falls from the text, which a terminal cannot draw")
        let filled = try previewText("""
            card A: transparent, gradient(colors: [#000000, #FFFFFF]), shadow(color: .black, radius: 4, opacity: 0.3, offset: size(0, 4)) { text("a") }
            """)
        #expect(filled.contains("│▒") && filled.contains(" ▒▒▒"), "a gradient's frame casts the shadow")
    }

    @Test func gradientIsABackgroundInColour() throws {
        let source = "card G: gradient(colors: [#000000, #FFFFFF], angle: 0) { text(\"g\") }"
        let text = try previewText(source, width: 40, colorMode: .trueColor)
        // Left to right: the backgrounds darken to lighten across a row.
        let row = try #require(lines(text).first { $0.contains("g") && $0.contains("48;2;") })
        let backgrounds = row.components(separatedBy: "48;2;").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
        #expect(backgrounds.count >= 2)
        #expect((backgrounds.first ?? 0) < (backgrounds.last ?? 0), "\(backgrounds)")
        #expect(try !previewText(source, width: 40).contains("\u{1B}"), "no colour, no gradient")
    }

    @Test func rowsFollowTheLayout() throws {
        // A 160-point spacer is 10 rows; a 64-point image 4.
        let text = try previewText("card S: transparent { text(\"top\")\n spacer(height: 160)\n text(\"bottom\") }")
        let all = lines(text)
        let top = try #require(all.firstIndex { $0.contains("top") }), bottom = try #require(all.firstIndex { $0.contains("bottom") })
        // text 17 pt + 8 + 160 + 8: the second text starts 193 points lower, 12 rows.
        #expect(bottom - top == CellMapping.rows(193))
    }

    let stacks = """
    card One: rounded(radius: 8) {
      title("First card")
      text("one")
    }
    card Two: rounded(radius: 8) {
      title("Second card")
      text("two")
    }
    card Three: rounded(radius: 8) {
      title("Third card")
      text("three")
    }
    card Sheet {
      title: "Sheet title"
      subtitle: "Sheet subtitle"
      map(latitude: 10.5, longitude: 20.25, height: 120)
      text("sheet body")
    }
    card Pushed {
      title: "Pushed title"
      text("pushed body")
    }
    stack Listed: list { One Two Three }
    stack Wallet: collapsible(cardOffset: 48, collapsedHeight: 300, expandedHeight: 700, cardHeight: 160) { One Two Three }
    stack Deck: swipe(visibleCards: 3) { One Two Three }
    stack Trip: sheet { Sheet Pushed }
    """

    @Test func listStacksCardsInOrder() throws {
        let text = try previewText(stacks, PreviewRequest(stack: "Listed"))
        let one = try #require(text.range(of: "First card")), two = try #require(text.range(of: "Second card"))
        let three = try #require(text.range(of: "Third card"))
        #expect(one.lowerBound < two.lowerBound && two.lowerBound < three.lowerBound)
        #expect(text.hasPrefix("── Listed · list"))
    }

    @Test func collapsibleOverlapsHeadersAtCardOffset() throws {
        let collapsed = lines(try previewText(stacks, PreviewRequest(stack: "Wallet", position: "collapsed")))
        let tops = collapsed.indices.filter { collapsed[$0].contains("╭") }
        #expect(tops.count == 3)
        // Collapsed: card i at verticalSpacing + cardOffset × i (8 + 48 i).
        #expect(tops.map { $0 - tops[0] } == [0, CellMapping.rows(8 + 48), CellMapping.rows(8 + 96)])
        #expect(collapsed.contains { $0.contains("First card") } && collapsed.contains { $0.contains("Third card") })
        #expect(!collapsed.contains { $0.contains("two") }, "the second card's body is covered")
        let expanded = lines(try previewText(stacks, PreviewRequest(stack: "Wallet", position: "expanded")))
        let expandedTops = expanded.indices.filter { expanded[$0].contains("╭") }
        #expect(expandedTops.map { $0 - expandedTops[0] } == [0, CellMapping.rows(168), CellMapping.rows(336)])
        #expect(expanded.contains { $0.contains("one") })
    }

    @Test func swipeShowsTheTopCardAndTheEdgesBehind() throws {
        let text = try previewText(stacks, PreviewRequest(stack: "Deck"))
        #expect(text.contains("First card") && !text.contains("Second card"))
        let bottoms = lines(text).filter { $0.contains("╰") }
        #expect(bottoms.count == 3, "the top card and two edges behind it")
        // Each edge behind is one column narrower on each side.
        let starts = bottoms.map { line in line.prefix { $0 == " " }.count }
        #expect(starts == [starts[0], starts[0] + 1, starts[0] + 2])
    }

    @Test func sheetPositionsPutTheMapAboveTheCard() throws {
        let deck = try emitDeck(stacks)
        var layouter = DeckLayouter(deck: deck)
        let laidOut = layouter.layout(try #require(deck.stack(named: "Trip")))
        for position in ["collapsed", "peaking", "extended"] {
            let text = lines(try previewText(stacks, PreviewRequest(stack: "Trip", position: position)))
            #expect(text.first?.contains("Trip · sheet · \(position)") == true)
            let cardTop = try #require(text.firstIndex { $0.contains("┌") })
            let frame = try #require(laidOut.positions.first { $0.name == position }?.frames.first)
            #expect(cardTop - 1 == CellMapping.rows(frame.frame.y), "\(position): the card top follows the layout")
            #expect(text[1].contains("░"), "the map area")
            #expect(text.contains { $0.contains("⌖ 10.5, 20.25") })
            #expect(text[cardTop + 1].contains("Sheet title") && text[cardTop + 2].contains("Sheet subtitle"))
            #expect(text.count - 3 == CellMapping.rows(844), "the label, the screen's rows, a blank line")
        }
        // A pushed card is shown in the sheet, over the root card's map.
        let pushed = try previewText(stacks, PreviewRequest(card: "Pushed", stack: "Trip"))
        #expect(pushed.contains("Pushed title") && pushed.contains("⌖ 10.5, 20.25"))
        #expect(pushed.contains("no map: stays extended") == false, "extended by default")
        let peeking = try previewText(stacks, PreviewRequest(card: "Pushed", stack: "Trip", position: "peaking"))
        #expect(peeking.contains("no map: stays extended"))
    }

    @Test func stateMatrixSideBySideOrStacked() throws {
        let source = """
        card M {
          state loading { text("Loading words") }
          state empty { text("Empty words") }
          state hasData { text("Data words") }
        }
        """
        let wide = lines(try previewText(source, PreviewRequest(card: "M", allStates: true), width: 120))
        #expect(wide[0].contains("M · every state"))
        let row = try #require(wide.first { $0.contains("Loading words") })
        #expect(row.contains("Empty words") && row.contains("Data words"), "side by side at 120 columns")
        let narrow = try previewText(source, PreviewRequest(card: "M", allStates: true), width: 60)
        let narrowLines = lines(narrow)
        #expect(!narrowLines.contains { $0.contains("Loading words") && $0.contains("Empty words") })
        #expect(narrow.contains("── M · loading") && narrow.contains("── M · loading (initial)") && narrow.contains("── M · hasData"))
        #expect(PreviewOutput.problems(in: narrow, width: 60).isEmpty)
    }

    @Test func themeOverrideChangesTheLayout() throws {
        let source = "card A { text(\"in a theme\") }\nstack S: list { A }"
        let mint = try previewText(source, PreviewRequest(stack: "S"))
        let turbo = try previewText(source, PreviewRequest(stack: "S", theme: "Turbo"))
        // Turbo has no card margins: the card spans the screen.
        #expect(mint != turbo)
        #expect(lines(turbo).contains { $0.hasPrefix("┌") }, "Turbo's list has no margins")
        #expect(!lines(mint).contains { $0.hasPrefix("┌") })
    }
}

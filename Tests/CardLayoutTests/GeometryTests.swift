import CardJSON
import CardDiagnostics
import CardEmit
import CardLayout
import CardModel
import CardSema
import Foundation
import Testing

/// Stack geometry (docs/language.md §6.1) with non-default configurations, through the public API
/// and through the layout JSON.
@Suite struct GeometryTests {
    static let viewport = Viewport(width: 400, height: 800)

    static func approximately(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    static func frame(_ f: Frame, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Bool {
        approximately(f.x, x) && approximately(f.y, y) && approximately(f.width, w) && approximately(f.height, h)
    }

    // MARK: Collapsible

    /// cardOffset 30, verticalSpacing 12, cardHeight 180, leftSpacing 10, rightSpacing 14 on a
    /// 400 × 800 viewport: x = 10, W = 400 − 10 − 14 = 376, height 180.
    static let wallet = CollapsibleConfiguration(cardOffset: 30, collapsedHeight: 150, expandedHeight: 600, cardHeight: 180,
                                                 leftSpacing: 10, rightSpacing: 14, verticalSpacing: 12)

    @Test func collapsibleAtRest() {
        let collapsed = CollapsibleGeometry.frames(cardCount: 3, position: .collapsed, configuration: Self.wallet, viewport: Self.viewport)
        // y = 0; 12 + 30 × 1 = 42; 12 + 30 × 2 = 72.
        #expect(collapsed.count == 3)
        #expect(Self.frame(collapsed[0], 10, 0, 376, 180))
        #expect(Self.frame(collapsed[1], 10, 42, 376, 180))
        #expect(Self.frame(collapsed[2], 10, 72, 376, 180))
        let expanded = CollapsibleGeometry.frames(cardCount: 3, position: .expanded, configuration: Self.wallet, viewport: Self.viewport)
        // y = (12 + 180) × i = 0, 192, 384.
        #expect(Self.frame(expanded[0], 10, 0, 376, 180))
        #expect(Self.frame(expanded[1], 10, 192, 376, 180))
        #expect(Self.frame(expanded[2], 10, 384, 376, 180))
        #expect(CollapsibleGeometry.containerHeight(.collapsed, configuration: Self.wallet) == 150)
        #expect(CollapsibleGeometry.containerHeight(.expanded, configuration: Self.wallet) == 600)
    }

    /// In transit: y = collapsedY + |expandedY − collapsedY| × t / (expandedHeight − collapsedHeight),
    /// with expandedHeight − collapsedHeight = 450.
    @Test(arguments: [0.0, 90.0, 225.0, 450.0])
    func collapsibleInTransit(_ t: Double) {
        let frames = CollapsibleGeometry.frames(cardCount: 3, configuration: Self.wallet, viewport: Self.viewport, translation: t)
        let fraction = t / 450
        #expect(frames.count == 3)
        #expect(Self.frame(frames[0], 10, 0, 376, 180))
        // Card 1: collapsed 42, expanded 192, distance 150.
        #expect(Self.frame(frames[1], 10, 42 + 150 * fraction, 376, 180), "t = \(t): \(frames[1])")
        // Card 2: collapsed 72, expanded 384, distance 312.
        #expect(Self.frame(frames[2], 10, 72 + 312 * fraction, 376, 180), "t = \(t): \(frames[2])")
    }

    @Test func collapsibleTransitSpotValues() {
        // t = 90 is a fifth of the way: 42 + 30 = 72 and 72 + 62.4 = 134.4.
        let frames = CollapsibleGeometry.frames(cardCount: 3, configuration: Self.wallet, viewport: Self.viewport, translation: 90)
        #expect(Self.approximately(frames[1].y, 72))
        #expect(Self.approximately(frames[2].y, 134.4))
        // The ends match the positions at rest; translation is clamped to 0…450.
        let start = CollapsibleGeometry.frames(cardCount: 3, configuration: Self.wallet, viewport: Self.viewport, translation: -50)
        let end = CollapsibleGeometry.frames(cardCount: 3, configuration: Self.wallet, viewport: Self.viewport, translation: 9_999)
        #expect(start == CollapsibleGeometry.frames(cardCount: 3, position: .collapsed, configuration: Self.wallet, viewport: Self.viewport))
        #expect(end == CollapsibleGeometry.frames(cardCount: 3, position: .expanded, configuration: Self.wallet, viewport: Self.viewport))
    }

    @Test func collapsibleDefaultsComeFromTheCatalog() {
        let defaults = CollapsibleConfiguration()
        #expect(defaults.cardOffset == 40 && defaults.collapsedHeight == 200 && defaults.expandedHeight == 500)
        #expect(defaults.cardHeight == 200 && defaults.leftSpacing == 8 && defaults.rightSpacing == 8 && defaults.verticalSpacing == 8)
        #expect(defaults.downwardThreshold == 20 && defaults.upwardThreshold == 20)
    }

    /// The same configuration written in a deck, through the layout JSON.
    @Test func collapsibleInTheLayoutJSON() throws {
        let deck = try checkedDeck("""
        card A { text("a") }
        card B { text("b") }
        card C { text("c") }
        stack Wallet: collapsible(cardOffset: 30, collapsedHeight: 150, expandedHeight: 600, cardHeight: 180,
                                  leftSpacing: 10, rightSpacing: 14, verticalSpacing: 12) {
          A
          B
          C
        }
        """)
        let document = try JSONParser.parse(LayoutJSONEmitter().emit(deck, options: BackendOptions(viewport: Self.viewport)))
        guard case .array(let stacks)? = document["stacks"], let wallet = stacks.first,
              let positions = wallet["positions"] else {
            Issue.record("no stacks")
            return
        }
        func ys(_ position: String) -> [JSONValue] {
            guard case .array(let frames)? = positions[position]?["frames"] else { return [] }
            return frames.compactMap { $0["y"] }
        }
        #expect(ys("collapsed") == [.int(0), .int(42), .int(72)])
        #expect(ys("expanded") == [.int(0), .int(192), .int(384)])
        #expect(positions["collapsed"]?["height"] == .int(150))
        #expect(positions["expanded"]?["height"] == .int(600))
        guard case .array(let frames)? = positions["collapsed"]?["frames"], let first = frames.first else { return }
        #expect(first == ["card": "A", "x": 10, "y": 0, "width": 376, "height": 180])
        #expect(wallet["config"]?["downwardThreshold"] == .int(20), "defaults are filled in")
    }

    // MARK: Sheet

    static let sheetDeck = """
    card Root {
      title: "Root"
      subtitle: "One line"
      map(latitude: 1, longitude: 2)
      button("Next", action: push(Next))
    }
    card Next {
      title: "A title that is long enough to need two lines in the sheet header at this width"
      text("no map")
      button("Back", action: pop)
    }
    stack Trip: sheet(extendedTop: 100) {
      Root
      Next
    }
    """

    @Test func sheetPositions() throws {
        let deck = try checkedDeck(Self.sheetDeck)
        var layouter = DeckLayouter(deck: deck, viewport: Self.viewport)
        let stack = layouter.layout(try #require(deck.stacks.first))
        #expect(stack.positions.map(\.name) == ["collapsed", "peaking", "extended"])
        // Root: title 16 pt → 20, subtitle 12 pt → 15, plus 24 = 59 → top at 800 − 59 = 741.
        // Next: the title wraps to 2 lines in 400 − 24 = 376 points (80 glyphs × 8 = 640):
        // ceil(2 × 19.2) = 39, no subtitle, + 24 = 63.
        let collapsed = stack.positions[0].frames
        #expect(Self.frame(collapsed[0].frame, 0, 741, 400, 59))
        #expect(Self.frame(collapsed[1].frame, 0, 737, 400, 63))
        #expect(stack.positions[1].frames.allSatisfy { Self.frame($0.frame, 0, 400, 400, 400) })
        #expect(stack.positions[2].frames.allSatisfy { Self.frame($0.frame, 0, 100, 400, 700) })
        // Only the card with a map is draggable, in every position.
        for position in stack.positions {
            #expect(position.frames.map(\.draggable) == [true, false])
            #expect(position.height == 800)
        }
        #expect(stack.transitions.map { "\($0.trigger):\($0.from.rawValue)→\($0.to.rawValue)" }
                == ["tapTitle:collapsed→peaking", "tapTitle:peaking→extended", "tapTitle:extended→extended", "tapMap:extended→peaking"])
    }

    @Test func sheetGeometryFunctions() {
        let viewport = Viewport(width: 390, height: 844)
        #expect(SheetGeometry.frame(.collapsed, headerHeight: 80, extendedTop: 64, viewport: viewport) == Frame(x: 0, y: 764, width: 390, height: 80))
        #expect(SheetGeometry.frame(.peaking, headerHeight: 80, extendedTop: 64, viewport: viewport) == Frame(x: 0, y: 422, width: 390, height: 422))
        #expect(SheetGeometry.frame(.extended, headerHeight: 80, extendedTop: 64, viewport: viewport) == Frame(x: 0, y: 64, width: 390, height: 780))
    }

    // MARK: Swipe

    @Test func swipeShowsTheTopVisibleCards() throws {
        let deck = try checkedDeck("""
        card A { text("a") }
        card B { text("b") }
        stack Deck: swipe(visibleCards: 2, insets: insets(top: 10, left: 20, bottom: 30, right: 40)) {
          A
          B
          A
        }
        """)
        var layouter = DeckLayouter(deck: deck, viewport: Self.viewport)
        let stack = layouter.layout(try #require(deck.stacks.first))
        #expect(stack.positions.map(\.name) == ["stacked"])
        let frames = stack.positions[0].frames
        // Bounds (0, 0, 400, 800) inset by the insets; index 0 (A) on top, only 2 of 3 drawn.
        #expect(frames.map(\.card) == ["A", "B"])
        #expect(frames.allSatisfy { $0.frame == Frame(x: 20, y: 10, width: 340, height: 760) })
        #expect(SwipeGeometry.frames(cardCount: 1, visibleCards: 3, insets: EdgeInsets(10), viewport: Self.viewport).count == 1)
    }

    // MARK: List

    @Test func listStacksCardsByInitialStateHeight() throws {
        let deck = try checkedDeck("""
        card A {
          model {
            state: .second
          }
          state first {
            spacer(height: 100)
          }
          state second {
            spacer(height: 20)
          }
        }
        card B: customMargin(margin: 4) {
          spacer(height: 30)
        }
        stack Home: list {
          margins: insets(top: 5, left: 10, bottom: 7, right: 12)
          A
          B
        }
        """)
        var layouter = DeckLayouter(deck: deck, viewport: Self.viewport)
        let stack = layouter.layout(try #require(deck.stacks.first))
        let list = try #require(stack.positions.first)
        #expect(list.name == "list")
        // A Mint list cell pads its content 9 above and 12 below (the theme's cardCellMargins,
        // inside the card: the list's own top and bottom margins change nothing): A (initial
        // state `second`, a spacer without margins) is 9 + 20 + 12 = 41, B is 9 + 30 + 12 = 51.
        // y: 0; 41 + 12 (cardsLineSpacing) = 53. B's customMargin replaces left/right.
        #expect(list.frames[0].frame == Frame(x: 10, y: 0, width: 378, height: 41))
        #expect(list.frames[1].frame == Frame(x: 4, y: 53, width: 392, height: 51))
        #expect(list.height == 53 + 51)
        #expect(stack.margins == EdgeInsets(top: 5, left: 10, bottom: 7, right: 12))
    }

    // MARK: Viewport

    @Test func viewportParsing() {
        #expect(Viewport(parsing: "390x844") == Viewport(width: 390, height: 844))
        #expect(Viewport(parsing: "1024X768.5") == Viewport(width: 1024, height: 768.5))
        #expect(Viewport(parsing: "320×568") == Viewport(width: 320, height: 568))
        for bad in ["", "390", "390x", "x844", "0x844", "-1x844", "390x844x2", "1e3x5", "nanxinf", "390 x 844", "999999x1"] {
            #expect(Viewport(parsing: bad) == nil, "\(bad)")
        }
        #expect(Viewport.standard.description == "390x844")
    }
}

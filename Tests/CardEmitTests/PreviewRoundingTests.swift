import CardLayout
import CardModel
import CardTestSupport
@testable import CardEmit
import Testing

/// The preview's rounding from the layout's points to rows, as properties checked against the
/// layout over seeded random decks: children centred in a row by the layout share the row the
/// preview draws their single-line content on, and equal-height table rows take equal rows with
/// no blank rows between them (issue 32, "rows one off").
@Suite struct PreviewRoundingTests {
    /// The card's laid-out parts in its initial state, as the preview reads them.
    func laidOutParts(_ deck: CheckedUnit) throws -> [LaidOutPart] {
        var layouter = DeckLayouter(deck: deck)
        let card = deck.cards[0]
        let context = layouter.context(for: card, in: nil)
        let laidOut = layouter.layout(card, at: 0, in: context)
        return try #require(laidOut.initialLaidOutState).parts
    }

    /// The rows of `text` holding `needle`.
    func rows(of needle: String, in text: String) -> [Int] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { $1.contains(needle) ? $0 : nil }
    }

    @Test(arguments: 0..<40)
    func centredChildrenShareTheirMiddleRow(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let size = Int.random(in: 10...44, using: &random)
        let image = Int.random(in: 8...240, using: &random)
        let spacer = Int.random(in: 1...120, using: &random)
        let source = """
        card Row: transparent {
          hstack(spacing: 8, alignment: .center) {
            text("T", font: font(.system, \(size)))
            slider(value: 0.5)
            image("m", height: \(image))
            button("B", action: go)
            vstack { spacer(height: \(spacer)) }
          }
        }
        """
        let deck = try emitDeck(source)
        // The layout centres the children: every centre is the row's.
        let row = try #require(try laidOutParts(deck).first)
        for child in row.children {
            #expect(abs(child.frame.y + child.frame.height / 2 - row.frame.height / 2) < 1e-9, "seed \(seed): \(child.frame)")
        }
        let text = try previewText(deck, width: 100)
        let drawn = [rows(of: "T ", in: text) + rows(of: "T\u{20}", in: text), rows(of: "●", in: text),
                     rows(of: "▣ m", in: text), rows(of: "[ B ]", in: text)].map { Set($0) }
        let firsts = drawn.compactMap { $0.min() }
        #expect(firsts.count == 4, "seed \(seed): every child drawn\n\(text)")
        #expect(Set(firsts).count == 1, "seed \(seed) (text \(size) pt, image \(image) pt): rows \(firsts)\n\(text)")
    }

    @Test(arguments: 0..<40)
    func equalTableRowsTakeEqualRows(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let count = Int.random(in: 2...9, using: &random)
        let gap = Int.random(in: 0...90, using: &random)
        let names = (0..<count).map { "(name: \"R\($0)\")" }.joined(separator: ", ")
        let source = """
        card Table: transparent {
          model { items: [\(names)] }
          text("above")
          table(rows: $items) {
            cell {
              text($item.name)
              spacer(height: \(gap))
            }
          }
          text("below")
        }
        """
        let deck = try emitDeck(source)
        let table = try #require(try laidOutParts(deck).first { $0.part.kind == .table })
        let heights = Set(table.children.map(\.frame.height))
        #expect(heights.count == 1, "the layout gives the rows one height: \(heights)")
        let text = try previewText(deck, width: 60)
        let starts = (0..<count).compactMap { rows(of: "R\($0) ", in: text + " ").first ?? rows(of: "R\($0)", in: text).first }
        #expect(starts.count == count)
        let steps = Set(zip(starts.dropFirst(), starts).map { $0 - $1 })
        let cellRows = CellMapping.rows(table.children[0].frame.height)
        #expect(steps == [max(1, cellRows)], "seed \(seed) (\(count) rows, spacer \(gap) pt): rows start at \(starts)\n\(text)")
    }

    /// The rule on its own: equal frames take equal rows, touching ones are contiguous, and a
    /// run of equal frames at equal gaps has equal steps, whatever their height, gap and start.
    @Test(arguments: 0..<200)
    func stackedRowsKeepEqualHeightsEqual(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let height = Double.random(in: 1...200, using: &random)
        let gap = seed % 2 == 0 ? 0 : Double.random(in: 0...40, using: &random)
        var y = Double.random(in: 0...100, using: &random)
        var rows = StackedRows()
        _ = rows.place(y: 0, height: Double.random(in: 0...y, using: &random))  // something above the run
        var placed: [(row: Int, rows: Int)] = []
        for _ in 0..<Int.random(in: 2...20, using: &random) {
            placed.append(rows.place(y: y, height: height))
            y += height + gap
        }
        #expect(Set(placed.map(\.rows)) == [CellMapping.rows(height)])
        let steps = Set(zip(placed.dropFirst(), placed).map { $0.row - $1.row })
        #expect(steps.count == 1, "seed \(seed): \(height) pt frames \(gap) pt apart at rows \(placed.map(\.row))")
        if gap == 0 { #expect(steps == [CellMapping.rows(height)], "seed \(seed): touching frames stay touching") }
    }

    /// Children centred in a row have the row's middle row; top and bottom ones its edges.
    @Test(arguments: 0..<200)
    func rowChildrenKeepTheirEdgeOrCentre(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let rowHeight = Double.random(in: 1...300, using: &random)
        let height = Double.random(in: 0...rowHeight, using: &random)
        let rowRows = max(1, CellMapping.rows(rowHeight)), rows = max(1, CellMapping.rows(height))
        let centred = CellMapping.row(ofChild: Frame(x: 0, y: (rowHeight - height) / 2, width: 1, height: height), inRowOf: rowHeight)
        #expect(centred + (rows - 1) / 2 == (rowRows - 1) / 2, "seed \(seed): \(height) in \(rowHeight)")
        #expect(CellMapping.row(ofChild: Frame(x: 0, y: 0, width: 1, height: height), inRowOf: rowHeight) == 0)
        let bottom = CellMapping.row(ofChild: Frame(x: 0, y: rowHeight - height, width: 1, height: height), inRowOf: rowHeight)
        #expect(bottom + rows == rowRows || height == rowHeight, "seed \(seed)")
    }
}

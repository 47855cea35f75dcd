import CardDiagnostics
@testable import CardEmit
import CardLayout
import CardModel
import CardSema
import Testing

/// A deck with every part of the catalog, each with values whose drawing is known.
let everyPartDeck = """
card Parts: rounded(radius: 8) {
  model {
    spent: 0.62
    level: 0.5
    picked: true
    note: "12.50"
    daily: [0.25, 0.5, 0.75, 1.0]
    bills: [
      (leftTitle: "Rent", leftDescription: "Due May 31", rightTitle: "$1,850.00", rightDescription: "Autopay"),
      (leftTitle: "Power", rightTitle: "$96.41")
    ]
    people: [(name: "Ada", role: "Engineer"), (name: "Alan", role: "Mathematician")]
    photos: [(caption: "One"), (caption: "Two")]
  }
  title("Every part", menu: ["Hide"], onMenu: hide)
  text("Plain words", style: .title)
  text($missing)
  attributedText("Rich words") {
    image("rich-image", height: 20)
  }
  image("hero-image", height: 64)
  button("See all", action: seeAll, alignment: .center)
  titleDescription(leftTitle: "Assets", leftDescription: "$312", rightTitle: "Debts", rightDescription: "$264")
  pill("Pill label")
  iconLabel("Icon words", icon: "star")
  separator
  hstack(spacing: 8) {
    text("Left column")
    verticalSeparator
    text("Right column")
  }
  vstack(spacing: 2) {
    text("Stacked one")
    text("Stacked two")
  }
  table(rows: $bills, onSelect: openBill)
  table(rows: $people) {
    cell {
      text($item.name)
      text($item.role, style: .detail)
    }
  }
  collection(items: $photos, itemSize: size(120, 40), spacing: 10) {
    cell {
      text($item.caption)
    }
  }
  bar(percent: $spent, color: #2E7D32)
  paged(height: 64) {
    vstack { text("First page") }
    vstack { text("Second page") }
    vstack { text("Third page") }
  }
  slider(value: $level, min: 0, max: 1)
  multiSlider(values: [0.25, 0.75])
  spacer(height: 16)
  textField(text: $draft, placeholder: "Type a note")
  centered {
    text("L")
    text("Middle")
    text("R")
  }
  oriented(.top) {
    text("Oriented words")
  }
  confetti(type: .star)
  progressBar(values: [0, 50, 100], colors: [.red, .yellow, .green], current: 75, marker: "Here", showValues: true)
  map(latitude: 38.7223, longitude: -9.1393, height: 64)
  radio(selected: $picked)
  radio(selected: false)
  histogram(entries: $daily, lines: [.bottom])
  tap: open
}
"""

@Suite struct PreviewPartTests {
    /// Adding a part to the catalog means drawing it: the deck above must use every one.
    @Test func theDeckUsesEveryPartOfTheCatalog() {
        for spec in Catalog.nodes where spec.category == .part {
            #expect(everyPartDeck.contains(spec.name + "(") || everyPartDeck.contains(spec.name + " {")
                    || everyPartDeck.contains("  " + spec.name + "\n"), "part \(spec.name) is not in the test deck")
        }
    }

    /// Every part of the catalog has a drawing of its own, except the plain containers.
    @Test func everyPartHasAPainting() {
        for spec in Catalog.nodes where spec.category == .part {
            #expect(PaintedPart(spec.name) != .stacked || ["vstack", "oriented"].contains(spec.name), "\(spec.name)")
        }
        #expect(PaintedPart("cell") == .cell)
    }

    @Test func everyPartIsDrawn() throws {
        let text = try previewText(everyPartDeck, width: 80)
        #expect(PreviewOutput.problems(in: text, width: 80).isEmpty)
        let expected: [(String, String)] = [
            ("title with its menu", "Every part"), ("menu button", "⋯"),
            ("text", "Plain words"), ("a binding without a default", "‹missing›"),
            ("attributedText", "Rich words"), ("its image", "▣ rich-image"),
            ("image placeholder", "▣ hero-image"), ("image box", "┌╌"),
            ("button", "[ See all ]"),
            ("titleDescription", "Assets"), ("titleDescription, right", "Debts"), ("description", "$312"),
            ("pill", "( Pill label )"), ("iconLabel", "▣ Icon words"),
            ("separator", "────────"), ("hstack columns", "Left column"), ("vertical separator", "│"),
            ("vstack", "Stacked two"),
            ("default-cell table", "Rent"), ("right column", "$1,850.00"), ("description", "Due May 31"),
            ("custom-cell table", "Mathematician"), ("row separator", "┈┈┈"),
            ("collection items", "One"), ("second item", "Two"),
            ("bar", "█"), ("bar percentage", "62%"), ("bar track", "░"),
            ("paged first page", "First page"), ("page indicator", "● ○ ○"),
            ("slider", "●"), ("multiSlider span", "━"),
            ("textField placeholder", "[Type a note___"),
            ("centered", "Middle"), ("oriented", "Oriented words"),
            ("confetti", "★"),
            ("progressBar marker", "▼ Here"), ("progressBar segments", "▓"), ("progressBar values", "50"),
            ("map", "⌖ 38.7223, -9.1393"), ("map shading", "░░░"),
            ("radio on", "◉"), ("radio off", "○"),
            ("histogram", "▂"), ("histogram full bar", "█"),
        ]
        for (what, fragment) in expected {
            #expect(text.contains(fragment), "\(what): `\(fragment)` not drawn")
        }
        #expect(!text.contains("Second page"), "paged shows only the first page")
    }

    /// The columns of a default-cell table line up: right titles end in the same column.
    @Test func tableRowsAreAligned() throws {
        let text = try previewText(everyPartDeck, width: 60)
        let rows = text.split(separator: "\n").filter { $0.contains("$1,850.00") || $0.contains("$96.41") }
        #expect(rows.count == 2)
        let ends = rows.map { row in TerminalText.displayWidth(of: row[..<(row.range(of: ".00") ?? row.range(of: ".41"))!.upperBound]) }
        #expect(Set(ends).count == 1, "right column not aligned: \(rows)")
    }

    /// The bar fills its share of the track.
    @Test func barFillsItsShare() throws {
        let text = try previewText("card B { bar(percent: 0.25) }", width: 44)
        let line = try #require(text.split(separator: "\n").first { $0.contains("%") })
        let filled = line.filter { $0 == "█" }.count, empty = line.filter { $0 == "░" }.count
        #expect(line.contains("25%"))
        #expect(filled > 0 && abs(Double(filled) / Double(filled + empty) - 0.25) < 0.05, "\(line)")
    }

    /// Text is wrapped at word boundaries to the card's width; a long word is cut with `…`.
    @Test func textWrapsAndCuts() throws {
        let text = try previewText("card T { text(\"alpha beta gamma delta epsilon zeta eta theta\")\n text(\"Supercalifragilisticexpialidocious\", lines: 1) }",
                                   width: 24)
        #expect(text.contains("alpha beta gamma"))
        #expect(text.contains("delta epsilon zeta"))
        #expect(text.contains("Supercalifragil"))
        #expect(text.contains("…"))
        #expect(PreviewOutput.problems(in: text, width: 24).isEmpty)
    }

    /// Every glyph the preview places cell by cell is one column wide.
    @Test func glyphsAreOneColumnWide() {
        for glyph in PreviewGlyphs.all {
            #expect(TerminalText.displayWidth(of: glyph) == 1, "U+\(String(glyph.value, radix: 16))")
        }
    }
}

import CardEmit
import CardModel
import Testing

/// What the drawings show of a card's accessibility (docs/gallery.md, docs/preview.md): image
/// labels in the gallery, and a failing contrast marked on its part — in the gallery as data and
/// an outline, in the preview as a `!` — for the pairs `cardc check` reports, not the built-in
/// themes' own.
@Suite struct AccessibilityDrawingTests {
    static let source = """
    card Trip {
      image("route", accessibilityLabel: "Route <Lisbon> to \\"Porto\\"")
      image("wave", decorative: true)
      image("ferry")
      iconLabel("3 h", icon: "clock", accessibilityLabel: "Three hours")
      text("Pale", color: #E0E0E0)
      text("Mint's own grey", style: .detail)
      bar(percent: 0.5, color: #FFF59D)
      text("Readable", color: #333333)
    }
    """

    @Test func galleryLabelsImagesAndMarksFailingContrast() throws {
        let deck = try emitDeck(Self.source)
        let html = String(decoding: HTMLEmitter().emit(deck, options: BackendOptions(themes: ["Mint"])), as: UTF8.self)
        // A label, escaped; a decorative image hidden; an unlabelled one neither.
        #expect(html.contains(#"role="img" aria-label="Route &lt;Lisbon&gt; to &quot;Porto&quot;""#))
        #expect(html.contains(#"aria-hidden="true" title="image"#))
        // The labelled image and the labelled iconLabel, in two widths and the Dynamic Type column.
        #expect(html.components(separatedBy: "role=\"img\"").count - 1 == 2 * 3)
        #expect(html.contains(#"<span class="ic" aria-hidden="true""#))
        // Marks: the pale text (W1001) and the pale bar (W1004), reported; Mint's grey, not.
        #expect(html.contains(#"data-contrast="W1001:text:1.32:1""#))
        #expect(html.contains(#"data-contrast="W1004:fill:1.11:1""#))
        #expect(html.contains(#"data-contrast-builtin="W1001:text:3.54:1""#))
        // Two parts, in two widths and the Dynamic Type column (judged at the default text size).
        #expect(html.components(separatedBy: "data-contrast=").count - 1 == 2 * 3)
        #expect(html.contains("[data-contrast]{outline:2px dashed #E00034"))
    }

    @Test func previewMarksTheFailingParts() throws {
        let text = try previewText(Self.source, width: 60)
        let marked = text.split(separator: "\n").filter { $0.contains("│!") }
        #expect(marked.count == 2, "\(text)")
        #expect(marked.contains { $0.contains("Pale") })
        #expect(!text.contains("│!Mint's own grey"))
        #expect(!text.contains("│!Readable"))
    }
}

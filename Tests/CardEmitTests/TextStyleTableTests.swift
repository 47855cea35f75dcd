import CardDiagnostics
@testable import CardEmit
@testable import CardLayout
import CardModel
import Testing

/// Every reader of a `text(style:)` case — the layout's font sizes, the contrast rule's theme
/// properties, the palette's colours, the preview's look, the gallery's class and Swift's
/// Dynamic Type style — takes it from the catalog's one table (`Catalog.textStyles`): under a
/// theme that gives each style its own font size and colour, each reader yields that style's,
/// and anything that is no case yields the default style's.
@Suite struct TextStyleTableTests {
    /// A size and a colour per style, all different, so a reader that took another style's
    /// property would be caught.
    static let sizes: [String: Double] = ["normal": 11, "title": 13, "detail": 15, "small": 17, "header": 19]
    static let colors: [String: String] = ["normal": "#102030", "title": "#203040", "detail": "#304050", "small": "#405060",
                                           "header": "#506070"]

    static func theme() throws -> ResolvedTheme {
        var lines: [String] = []
        for style in Catalog.textStyles {
            lines.append("  \(style.fontProperty): font(.system, \(Int(sizes[style.name] ?? 0)))")
            lines.append("  \(style.colorProperty): \(colors[style.name] ?? "")")
        }
        let source = "theme Styled {\n" + lines.joined(separator: "\n") + "\n}\ncard Plain { text(\"Hi\") }\nstack Home: list {\n  theme: Styled\n  Plain\n}\n"
        let deck = try emitDeck(source)
        return try #require(deck.theme(named: "Styled")).resolved
    }

    @Test func everyReaderTakesTheStyleFromTheTable() throws {
        let theme = try Self.theme()
        let metrics = ThemeMetrics(theme)
        let palette = ThemePalette(theme: theme)
        let preview = PreviewPalette(theme: theme)
        var themeLine = HTMLWriter()
        GalleryStyle.writeTheme(theme, number: 0, to: &themeLine)
        let css = String(decoding: themeLine.takeBytes(), as: UTF8.self)

        for style in Catalog.textStyles {
            let size = try #require(Self.sizes[style.name])
            let color = try #require(ColorValue(hex: Self.colors[style.name] ?? ""))
            #expect(metrics.size(ofTextStyle: style.name) == size, "\(style.name)")
            #expect(palette.textColor(ofStyle: style.name) == color, "\(style.name)")
            let properties = ContrastRule.styleProperties(style.name)
            #expect(properties.color == Catalog.themePropertyIndex(named: style.colorProperty), "\(style.name)")
            #expect(properties.font == Catalog.themePropertyIndex(named: style.fontProperty), "\(style.name)")
            #expect(ThemeMetrics.dynamicTypeStyle(ofTextStyle: style.name) == style.dynamicTypeStyle, "\(style.name)")

            let look = preview.textStyle(style.name)
            #expect(look.foreground == RGBColor(red: color.red, green: color.green, blue: color.blue), "\(style.name)")
            #expect(look.isBold == (style.prominence == .heading), "\(style.name)")
            #expect(look.isDim == (style.prominence == .secondary), "\(style.name)")

            // The gallery's class draws in the style's own font and colour variables, which the
            // theme's line sets to the style's size and colour.
            let textClass = GalleryStyle.textClass(style.name)
            let key = String(textClass.dropFirst())
            #expect(GalleryStyle.fixed.contains(".\(textClass){font:var(--f\(key));color:var(--c\(key))}"), "\(style.name)")
            #expect(css.contains("--c\(key):\(color.hex);"), "\(style.name): \(css)")
            #expect(css.contains("--f\(key):400 \(Int(size))px/1.2 var(--sys);"), "\(style.name): \(css)")
        }
        #expect(Set(Catalog.textStyles.map { GalleryStyle.textClass($0.name) }).count == Catalog.textStyles.count)

        // No case (bound to the model) or a case the table lacks: the default style, everywhere.
        let fallback = Catalog.defaultTextStyle
        for name in [nil, "bold", ""] as [String?] {
            #expect(metrics.size(ofTextStyle: name) == metrics.size(ofTextStyle: fallback.name))
            #expect(palette.textColor(ofStyle: name) == palette.textColor(ofStyle: fallback.name))
            #expect(ContrastRule.styleProperties(name) == ContrastRule.styleProperties(fallback.name))
            #expect(preview.textStyle(name) == preview.textStyle(fallback.name))
            #expect(GalleryStyle.textClass(name) == GalleryStyle.textClass(fallback.name))
            #expect(ThemeMetrics.dynamicTypeStyle(ofTextStyle: name) == fallback.dynamicTypeStyle)
        }
    }
}

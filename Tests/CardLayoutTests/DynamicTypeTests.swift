import CardDiagnostics
import CardDriver
import CardLayout
import CardModel
import CardTestSupport
import Foundation
import Testing

/// Dynamic Type (docs/language.md §6.1): the content size categories, Apple's point sizes per
/// text style, the scaling of theme fonts, and W104 at a `--text-size`.
@Suite struct DynamicTypeTests {
    /// Apple's Human Interface Guidelines, Typography › Specifications, "iOS, iPadOS Dynamic Type
    /// sizes" and "Larger accessibility type sizes": one table per category, a size per style
    /// in the order Large Title, Title 1, Title 2, Title 3, Headline, Body, Callout, Subhead,
    /// Footnote, Caption 1, Caption 2. Written here as the guidelines lay it out (by category),
    /// the transpose of `DynamicTypeStyle`'s table (by style), so a slip in either shows.
    static let published: [(ContentSizeCategory, [Double])] = [
        (.xSmall, [31, 25, 19, 17, 14, 14, 13, 12, 12, 11, 11]),
        (.small, [32, 26, 20, 18, 15, 15, 14, 13, 12, 11, 11]),
        (.medium, [33, 27, 21, 19, 16, 16, 15, 14, 12, 11, 11]),
        (.large, [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11]),
        (.xLarge, [36, 30, 24, 22, 19, 19, 18, 17, 15, 14, 13]),
        (.xxLarge, [38, 32, 26, 24, 21, 21, 20, 19, 17, 16, 15]),
        (.xxxLarge, [40, 34, 28, 26, 23, 23, 22, 21, 19, 18, 17]),
        (.ax1, [44, 38, 34, 31, 28, 28, 26, 25, 23, 22, 20]),
        (.ax2, [48, 43, 39, 37, 33, 33, 32, 30, 27, 26, 24]),
        (.ax3, [52, 48, 44, 43, 40, 40, 38, 36, 33, 32, 29]),
        (.ax4, [56, 53, 50, 49, 47, 47, 44, 42, 38, 37, 34]),
        (.ax5, [60, 58, 56, 55, 53, 53, 51, 49, 44, 43, 40]),
    ]
    static let publishedStyles: [DynamicTypeStyle] = [.largeTitle, .title1, .title2, .title3, .headline, .body, .callout,
                                                      .subheadline, .footnote, .caption1, .caption2]

    @Test func pointSizesAreApplesPublishedValues() {
        #expect(Self.published.map(\.0) == ContentSizeCategory.allCases)
        #expect(Set(Self.publishedStyles) == Set(DynamicTypeStyle.allCases))
        for (category, sizes) in Self.published {
            for (style, size) in zip(Self.publishedStyles, sizes) {
                #expect(style.pointSize(at: category) == size, "\(style) at \(category)")
            }
        }
        // Every style grows (or stays) from one category to the next.
        for style in DynamicTypeStyle.allCases {
            let sizes = ContentSizeCategory.allCases.map { style.pointSize(at: $0) }
            #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 }, "\(style)")
        }
    }

    @Test func categoriesAreSpelledAsTheGuidelinesDoAndReadInAnyCase() {
        #expect(ContentSizeCategory.names == ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
                                              "AX1", "AX2", "AX3", "AX4", "AX5"])
        #expect(ContentSizeCategory.default == .large)
        #expect(ContentSizeCategory(parsing: "AX3") == .ax3)
        #expect(ContentSizeCategory(parsing: "ax3") == .ax3)
        #expect(ContentSizeCategory(parsing: "XXXLARGE") == .xxxLarge)
        #expect(ContentSizeCategory(parsing: "Large") == .large)
        for bad in ["", "AX6", "ax 3", "accessibility3", "extraLarge", "larger", "large "] {
            #expect(ContentSizeCategory(parsing: bad) == nil, "\(bad)")
        }
        #expect(ContentSizeCategory.ax3.uiKitName == "accessibilityExtraLarge")
        #expect(ContentSizeCategory.ax1.isAccessibilitySize && !ContentSizeCategory.xxxLarge.isAccessibilitySize)
    }

    /// `UIFontMetrics(forTextStyle:).scaledFont(for:)` scales a custom font by the style's ratio.
    @Test func aFixedSizeFontScalesByItsStylesRatio() {
        #expect(DynamicTypeStyle.body.scaled(14, at: .large) == 14)
        #expect(DynamicTypeStyle.body.scaled(17, at: .ax3) == 40)
        #expect(DynamicTypeStyle.body.scaled(14, at: .ax3) == 14.0 * 40 / 17)
        #expect(DynamicTypeStyle.largeTitle.scaled(36, at: .ax5) == 36.0 * 60 / 34)
        #expect(DynamicTypeStyle.caption2.scaled(10, at: .xSmall) == 10)
        #expect(DynamicTypeStyle.footnote.scale(at: .xSmall) == 12.0 / 13)
    }

    /// The catalog names the text style of every theme font; the layout's metrics scale each.
    @Test func themeFontsScaleByTheirCatalogTextStyle() throws {
        let fonts = Catalog.themeProperties.filter { $0.type == .font }
        #expect(!fonts.isEmpty)
        #expect(fonts.allSatisfy { $0.textStyle != nil }, "every theme font scales with a text style")
        #expect(Catalog.themeProperties.filter { $0.type != .font }.allSatisfy { $0.textStyle == nil })
        let mint = ThemeMetrics(nil)
        let ax3 = ThemeMetrics(nil, textSize: .ax3)
        #expect(mint.textSize == .large && ax3.textSize == .ax3)
        #expect(ax3.normalTextSize == DynamicTypeStyle.body.scaled(mint.normalTextSize, at: .ax3))
        #expect(ax3.smallTextSize == DynamicTypeStyle.caption2.scaled(mint.smallTextSize, at: .ax3))
        #expect(ax3.headerTextSize == DynamicTypeStyle.largeTitle.scaled(mint.headerTextSize, at: .ax3))
        #expect(ax3.titleSize == DynamicTypeStyle.headline.scaled(mint.titleSize, at: .ax3))
        #expect(ax3.cardCellMargins == mint.cardCellMargins, "margins do not scale")
        // An explicit `font:` scales as its `style:`'s theme font does; at large it is as written.
        #expect(ax3.scaled(20, textStyle: "detail") == DynamicTypeStyle.caption1.scaled(20, at: .ax3))
        #expect(mint.scaled(20, textStyle: "detail") == 20)
        #expect(ThemeMetrics.dynamicTypeStyle(ofTextStyle: "header") == .largeTitle)
        #expect(ThemeMetrics.dynamicTypeStyle(ofTextStyle: "unknown") == .body)
    }

    @Test func textLaysOutTallerAtLargerSizesAndUnchangedAtLarge() throws {
        let deck = try checkedDeck("""
            card Note {
              text("A sentence long enough to wrap onto a second line at the larger sizes, surely.")
              text("Detail", style: .detail, font: font(.system, 20))
              button("Pay")
            }
            """)
        let card = deck.cards[0]
        let context = LayoutContext(stack: nil, theme: "Mint", width: 366)
        var heights: [Double] = []
        for size in ContentSizeCategory.allCases {
            heights.append(CardLayoutEngine(theme: nil, textSize: size).layout(card, in: context).initialHeight)
        }
        #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 <= $1 }, "\(heights)")
        let large = CardLayoutEngine(theme: nil).layout(card, in: context).initialHeight
        #expect(heights[ContentSizeCategory.large.rawValue] == large)
        #expect(heights[ContentSizeCategory.ax5.rawValue] > 2 * large)
    }

    /// Truncation: `lines:` still caps a text at a larger size, so it grows only by its line height.
    @Test func linesCapsTheTextAtEverySize() throws {
        let deck = try checkedDeck("""
            card Note {
              text("A sentence long enough to wrap onto several lines at the accessibility sizes, and then some more words.", lines: 2)
            }
            """)
        let context = LayoutContext(stack: nil, theme: "Mint", width: 366)
        for size in ContentSizeCategory.allCases {
            let laidOut = CardLayoutEngine(theme: nil, textSize: size).layout(deck.cards[0], in: context)
            let text = try #require(laidOut.states.first?.parts.first)
            let font = DynamicTypeStyle.body.scaled(14, at: size)
            #expect(text.frame.height <= LayoutMetrics.textHeight(lines: 2, fontSize: font), "\(size)")
        }
        let ax5 = CardLayoutEngine(theme: nil, textSize: .ax5).layout(deck.cards[0], in: context)
        #expect(ax5.states.first?.parts.first?.frame.height == LayoutMetrics.textHeight(lines: 2, fontSize: 14.0 * 53 / 17))
    }

    // MARK: W104 at a text size

    /// `Fixtures/text-size-<size>-*.cards` carry their expectations at that size.
    static let fixtures = LayoutTestPaths.cardsFiles(in: LayoutTestPaths.fixtures).filter { $0.hasPrefix("text-size-") }

    static func size(ofFixture name: String) -> ContentSizeCategory? {
        let parts = name.split(separator: "-")
        return parts.count > 2 ? ContentSizeCategory(parsing: String(parts[2])) : nil
    }

    @Test func fixturePairExists() {
        #expect(Self.fixtures.contains { $0.contains("-ok-") }, "a near miss")
        #expect(Self.fixtures.contains { !$0.contains("-ok-") }, "a trigger")
        #expect(Self.fixtures.allSatisfy { Self.size(ofFixture: $0) != nil })
    }

    @Test(arguments: fixtures)
    func fixture(_ name: String) throws {
        let size = try #require(Self.size(ofFixture: name))
        let result = compileInMemory(name, in: LayoutTestPaths.fixtures, textSize: size)
        var expected = 0
        for file in result.fileSet.files { expected += Expectations.parseAll(bytes: file.bytes).count }
        #expect(name.contains("-ok-") ? expected == 0 : expected > 0)
        let report = Expectations.verify(result.fileSet, diagnostics: result.diagnostics)
        #expect(report.isEmpty, "\(name): \(report)")
        // Every card of these fixtures fits at the default size: the size is what overflows.
        let atLarge = compileInMemory(name, in: LayoutTestPaths.fixtures)
        #expect(!atLarge.diagnostics.contains { $0.code == .w104 }, "\(name) at large")
    }

    @Test func w104NamesTheTextSizeOnlyWhenItIsNotTheDefault() throws {
        let name = "text-size-ax3-overflows.cards"
        let ax3 = try #require(compileInMemory(name, in: LayoutTestPaths.fixtures, textSize: .ax3).diagnostics.first { $0.code == .w104 })
        #expect(ax3.message == "card `Statement` is 156 pt tall in state `none` at text size AX3, taller than stack `Wallet`'s cardHeight of 120")
        let text = LayoutTestPaths.text(of: LayoutTestPaths.fixtures.appendingPathComponent(name))
            .replacingOccurrences(of: "cardHeight: 120", with: "cardHeight: 60")
        let large = try #require(compileWithLayout(paths: ["deck.cards"], files: ["deck.cards": text]).diagnostics.first { $0.code == .w104 })
        #expect(large.message == "card `Statement` is 84 pt tall in state `none`, taller than stack `Wallet`'s cardHeight of 60")
    }

    /// W1003 is found at the text size too, and names it when it is not the default: a `tap:`
    /// card of one small line is 17 pt tall at `large` without margins (the card's and the
    /// text's), 40 at AX3.
    @Test func w1003IsFoundAtTheTextSizeAndNamesIt() throws {
        let source = """
            card Row: noTopBottomMargins {
              text("Tap me", margins: insets(0))
              tap: open
            }
            stack List: list { Row }
            """
        let large = compileWithLayout(paths: ["deck.cards"], files: ["deck.cards": source]).diagnostics.filter { $0.code == .w1003 }
        #expect(large.map(\.message) == ["card `Row`, which `tap:` makes a tap target, is 366 × 17 pt, under the 44 × 44 pt minimum tap target, in theme `Mint`"])
        let ax3 = compileWithLayout(paths: ["deck.cards"], files: ["deck.cards": source], textSize: .ax3).diagnostics.filter { $0.code == .w1003 }
        #expect(ax3.map(\.message) == ["card `Row`, which `tap:` makes a tap target, is 366 × 40 pt, under the 44 × 44 pt minimum tap target, in theme `Mint` at text size AX3"])
        let ax5 = compileWithLayout(paths: ["deck.cards"], files: ["deck.cards": source], textSize: .ax5).diagnostics.filter { $0.code == .w1003 }
        #expect(ax5.isEmpty, "53 pt of text makes the card tall enough")
    }

    /// As a user runs it: `cardc check --text-size ax3` (any case), and usage errors.
    @Test func checkCommandTakesTheTextSize() throws {
        let directory = try makeTemporaryDirectory([
            "wallet.cards": LayoutTestPaths.text(of: LayoutTestPaths.fixtures.appendingPathComponent("text-size-ax3-overflows.cards")),
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/wallet.cards"
        let plain = runCardc(["check", path])
        #expect(plain.code == 0 && plain.err.contains("0 errors, 0 warnings"), "\(plain.err)")
        let ax3 = runCardc(["check", "--text-size", "ax3", path])
        #expect(ax3.code == 0)
        #expect(ax3.err.contains("warning[W104]: card `Statement` is 156 pt tall in state `none` at text size AX3"), "\(ax3.err)")
        #expect(runCardc(["check", "--strict", "--text-size=AX3", path]).code == 1)
        #expect(runCardc(["check", "--text-size", "AX3", "--text-size", "ax3", path]).code == 0, "the same size twice")
        let twice = runCardc(["check", "--text-size", "AX3", "--text-size", "large", path])
        #expect(twice.code == 2 && twice.err.contains("one text size"), "\(twice.err)")
        let bad = runCardc(["check", "--text-size", "AX6", path])
        #expect(bad.code == 2)
        #expect(bad.err.contains("invalid value 'AX6' for '--text-size': expected xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1, AX2, AX3, AX4, AX5"), "\(bad.err)")
        #expect(runCardc(["check", "--text-size", "xxxLarg", path]).err.contains("did you mean 'xxxLarge'?"))
        #expect(runCardc(["check", "--help"]).out.contains("--text-size"))
    }
}

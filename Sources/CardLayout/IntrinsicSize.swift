import CardModel

/// The intrinsic-size model: how tall every part is, estimated at compile time without UIKit.
///
/// The layout back end has no fonts, no images and no Auto Layout, so it *estimates*. The model
/// is deliberately simple, deterministic and documented, so that a number in the layout JSON can
/// be recomputed by hand (the same text lives in `Grammar/layout-model.md`). All lengths are in
/// points.
///
/// **Text.** A text's font size comes from the stack's theme (docs/language.md §9) — `text(style:)`
/// picks `smallTextFont`, `normalTextFont`, `titleTextFont`, `headerTextFont` or `detailTextFont`,
/// and an explicit `font:` wins — scaled to the layout's text size (`ContentSizeCategory`,
/// `--text-size`) by the UIKit text style the theme font scales with, as `UIFontMetrics` scales
/// it (an explicit `font:` by its `style:`'s); at `large`, the default, sizes are as written. One line is `1.2 × size` tall (`lineHeightFactor`). Every
/// character (Unicode scalar) advances `0.5 × size` (`glyphAdvanceFactor`); a paragraph (text
/// between `\n`s) of `n` characters in a width `w` takes `max(1, ceil(n × 0.5 × size / w))`
/// lines — word boundaries are ignored. `lines:` caps the total (0 means no cap). A text's height
/// is `ceil(lines × 1.2 × size)`: heights are rounded up to whole points, as UIKit rounds label
/// sizes up.
///
/// **Bindings** stand for their model default (`$summary` measures `"$1,240 of $2,000 spent"`);
/// `$item.field` inside a table or collection cell stands for that field of the row being laid
/// out; a binding with no default measures the placeholder `‹name›`.
///
/// **Widths.** Parts fill the width of their container (CardParts' stack views use `.fill`
/// alignment). An `hstack` gives each `verticalSeparator` 1 point and divides the rest, after
/// `spacing`, equally among its other children whatever its `distribution`; its height is the
/// tallest child's. Children are placed vertically by `alignment`: `.fill` stretches them to the
/// row's height, `.top`/`.leading`/`.firstBaseline` puts them at the top, `.center` centres them,
/// `.bottom`/`.trailing`/`.lastBaseline` puts them at the bottom. `centered` gives its left and
/// right parts a quarter of the width each and the centre part half, centred vertically.
///
/// **Heights per part** (`T(font)` is one line of that theme font, `ceil(1.2 × size)`):
///
/// | Part | Height |
/// | --- | --- |
/// | `text` | wrapped text, as above |
/// | `attributedText` | its `image` children stacked on top, then the text in `normalTextFont` |
/// | `image` | `height:`, else 100 (`defaultImageHeight`: an asset's size is unknown at compile time) |
/// | `button` | `max(44, T(buttonTitleFont) + 16)`: one line plus 8 above and below, at least the 44-point touch target |
/// | `title` | the text wrapped in `titleFont`; with `menu:` the width loses 32 points for the menu button and the height is at least 24 |
/// | `titleDescription` | the taller of the two halves; each half is half the width and holds its title (`normalTextFont`) over its description (`detailTextFont`), wrapped |
/// | `pill` | `T(normalTextFont) + 2 × verticalPadding` |
/// | `iconLabel` | the text in `normalTextFont`, wrapped in the width minus the icon (a square `T(normalTextFont)` wide) and `iconPadding`; at least the icon's height |
/// | `separator` | 1 |
/// | `verticalSeparator` | 1 point wide; as tall as its row in an `hstack`/`centered`, else 0 |
/// | `vstack`, `oriented`, `cell` | the children stacked with `spacing` (`vstack`) or 0 (`oriented`) or 8 (`cell`) between them |
/// | `hstack` | the tallest child |
/// | `table` | one row per element of the model default of `rows:` (0 rows without a default); a row is its `cell` laid out as a vstack with 8-point spacing plus 8 above and below, or without a `cell` the default cell: `T(normalTextFont) + T(detailTextFont) + 16` |
/// | `collection` | items from the model default of `items:`, each `itemSize` (default 100 × 100) apart by `spacing` (default 10): `.horizontal` is one row `itemSize.height` tall; `.vertical` wraps `floor((width + spacing) / (itemWidth + spacing))` items a row |
/// | `bar` | 16 |
/// | `paged` | `height:`; pages sit side by side, each the full width |
/// | `slider` | 31 (`UISlider`'s intrinsic height) |
/// | `multiSlider` | 31 when `.horizontal`, 150 when `.vertical` |
/// | `spacer` | `height:` |
/// | `textField` | `T(normalTextFont) + 16` |
/// | `confetti` | 100 |
/// | `progressBar` | a 12-point bar, plus `T(smallTextFont) + 4` for the marker when `marker:` or `current:` is given, plus `T(smallTextFont) + 4` when `showValues: true` |
/// | `map` | `height:` (default 300) |
/// | `radio` | 24 |
/// | `histogram` | 100 |
///
/// **Cards.** Margins are CardParts'. A list card's content box is its frame inset top and
/// bottom by the theme's `cardCellMargins` (`noTopBottomMargins` removes them; their left and
/// right are outside the card, in the stack's geometry); other stacks' cards have none. Each
/// part directly in a state is inset by its margins (`margins:`, else `ThemeMetrics.defaultMargins`)
/// and vertical margins add up, so the card's height in a state is
/// `top + Σ (part top margin + height + part bottom margin) + bottom`. Parts inside containers
/// have no margins. Part frames are relative to their parent: top-level parts to the content
/// box, children to their container part.
///
/// A card is laid out for a *context*: the theme of a stack and the width the stack gives its
/// cards (docs/language.md §6.1). The sheet header is the `title:` (`titleFont`) and `subtitle:`
/// (`detailTextFont`) wrapped in the content width, plus `sheetHeaderPadding` (24).
public enum LayoutMetrics {
    /// Line height as a multiple of the font size.
    public static let lineHeightFactor = 1.2
    /// Average glyph advance as a multiple of the font size.
    public static let glyphAdvanceFactor = 0.5
    /// Vertical space between consecutive parts of a card, a cell, an overlay or a footer.
    public static let partSpacing = 8.0
    /// Padding added to the laid-out title and subtitle of a sheet card's header.
    public static let sheetHeaderPadding = 24.0
    /// `image` without `height:`.
    public static let defaultImageHeight = 100.0
    /// The smallest `button` height (the touch-target minimum).
    public static let minimumButtonHeight = 44.0
    /// Vertical padding inside a `button`, `textField`, and the default table cell (total).
    public static let controlPadding = 16.0
    /// The menu button of a `title` with `menu:`: its side, and the width it takes from the title.
    public static let titleMenuButtonSide = 24.0
    public static let titleMenuButtonWidth = 32.0
    /// Fixed heights.
    public static let separatorHeight = 1.0
    public static let verticalSeparatorWidth = 1.0
    public static let barHeight = 16.0
    public static let sliderHeight = 31.0
    public static let verticalMultiSliderHeight = 150.0
    public static let confettiHeight = 100.0
    public static let progressBarTrackHeight = 12.0
    public static let progressBarLabelGap = 4.0
    public static let radioHeight = 24.0
    public static let histogramHeight = 100.0
    /// Padding above and below a table cell's content.
    public static let tableCellPadding = 8.0
    /// `collection` without `itemSize:` / `spacing:` (`UICollectionViewFlowLayout`'s spacing).
    public static let defaultItemSize = (width: 100.0, height: 100.0)
    public static let defaultCollectionSpacing = 10.0
    /// The placeholder measured for a binding with no model default: `‹name›`.
    public static func placeholder(_ path: [String]) -> String { "‹" + path.joined(separator: ".") + "›" }

    /// Height of `lines` lines of a `fontSize` font, rounded up to whole points.
    @inline(__always)
    public static func textHeight(lines: Int, fontSize: Double) -> Double {
        // × 6 / 5 rather than × 1.2: exact for whole sizes, so `ceil` never rounds 72 up to 73.
        Finite.roundUp(Double(lines) * fontSize * 6 / 5)
    }

    /// How many lines `text` takes in `width` at `fontSize`, before any `lines:` cap. Each
    /// paragraph (text between `\n`s) wraps as a label wraps by words: a line holds
    /// `max(1, floor(width / advance))` glyphs (a glyph is a scalar, `advance` wide, a space
    /// too); words (runs between spaces) fill a line greedily with the spaces written between
    /// them; spaces where a line breaks take no room (they hang, as in UIKit and a browser's
    /// `pre-wrap`), leading ones do; a word longer than a line breaks between glyphs; an empty
    /// paragraph takes one line.
    public static func lineCount(of text: String, fontSize: Double, width: Double) -> Int {
        let advance = max(fontSize * glyphAdvanceFactor, 1e-6)
        // At least one glyph fits a line, so a zero or tiny width never divides by zero.
        let capacity = Int(Finite.clamp((width / advance + 1e-9).rounded(.down), 1, 1e9))
        var lines = 1  // the paragraph's lines so far
        var used = 0  // glyphs on its last line; 0 before its first word
        var started = false  // whether the paragraph has a word yet
        var gap = 0  // spaces since the last word (or the paragraph's start)
        var word = 0  // glyphs of the word being read
        func place() {
            guard word > 0 else { return }
            if !started {
                word &+= gap  // leading spaces are drawn
            } else if used &+ gap &+ word <= capacity {
                used &+= gap &+ word
                word = 0
                gap = 0
                return
            } else {
                lines &+= 1
            }
            // A word wider than a line takes whole lines and leaves its rest on the last.
            let extra = (word - 1) / capacity
            lines &+= extra
            used = word - extra * capacity
            started = true
            word = 0
            gap = 0
        }
        for byte in text.utf8 {
            switch byte {
            case 0x0A:
                place()
                lines &+= 1
                used = 0
                started = false
                gap = 0
            case 0x20:
                place()
                gap &+= 1
            default:
                if byte & 0xC0 != 0x80 { word &+= 1 }  // the first byte of a scalar
            }
        }
        place()
        return min(lines, 1_000_000_000)
    }

    /// The laid-out height of `text`: wrapped, capped by `maximumLines` (0 = no cap).
    public static func height(of text: String, fontSize: Double, width: Double, maximumLines: Int = 0) -> Double {
        var lines = lineCount(of: text, fontSize: fontSize, width: width)
        if maximumLines > 0 { lines = min(lines, maximumLines) }
        return textHeight(lines: lines, fontSize: fontSize)
    }
}

/// The font sizes and margins of one resolved theme that the intrinsic-size model reads, its
/// fonts scaled to one text size.
public struct ThemeMetrics: Hashable, Sendable {
    /// The text size the font sizes below are scaled to.
    public var textSize: ContentSizeCategory
    public var smallTextSize: Double
    public var normalTextSize: Double
    public var titleTextSize: Double
    public var headerTextSize: Double
    public var detailTextSize: Double
    /// The font size of each `text(style:)` case, in `Catalog.textStyles` order (its font
    /// property's size).
    public private(set) var textStyleSizes: [Double]
    /// `titleFont`: the `title` part and a sheet card's header title.
    public var titleSize: Double
    public var buttonTitleSize: Double
    /// `cardCellMargins`: a list's default margins around its cards, and the top and bottom
    /// inset of a list card's content.
    public var cardCellMargins: EdgeInsets
    /// The default `margins` of parts directly in a card: `cardPartMargins`, and for titles,
    /// tables and collections, and separators their own theme margins.
    public var cardPartMargins: EdgeInsets
    public var titleViewMargins: EdgeInsets
    public var tableViewMargins: EdgeInsets
    public var horizontalSeparatorMargins: EdgeInsets
    /// `cardsLineSpacing`: the space between the cards of a list.
    public var cardsLineSpacing: Double

    /// Reads the theme's values; a missing or ill-typed property falls back to `Mint`'s. Fonts
    /// are scaled to `textSize` by the text style each theme font scales with.
    public init(_ theme: ResolvedTheme?, textSize: ContentSizeCategory = .default) {
        self.textSize = textSize
        func size(_ name: String) -> Double {
            let spec = Catalog.themeProperty(named: name)
            let written: Double
            if case .font(let font)? = theme?.value(name) {
                written = Finite.clamp(font.size, 0.01, 10_000)
            } else if case .font(let font)? = spec?.mintValue {
                written = font.size
            } else {
                written = 14
            }
            guard textSize != .default, let style = spec?.textStyle else { return written }
            return Finite.clamp(style.scaled(written, at: textSize), 0.01, 100_000)
        }
        smallTextSize = size("smallTextFont")
        normalTextSize = size("normalTextFont")
        titleTextSize = size("titleTextFont")
        headerTextSize = size("headerTextFont")
        detailTextSize = size("detailTextFont")
        textStyleSizes = Catalog.textStyles.map { size($0.fontProperty) }
        titleSize = size("titleFont")
        buttonTitleSize = size("buttonTitleFont")
        func insets(_ name: String) -> EdgeInsets {
            if let written = EdgeInsets(theme?.value(name)) { return written }
            if case .insets(let t, let l, let b, let r)? = Catalog.themeProperty(named: name)?.mintValue {
                return EdgeInsets(top: t, left: l, bottom: b, right: r)
            }
            return .zero
        }
        cardCellMargins = insets("cardCellMargins")
        cardPartMargins = insets("cardPartMargins")
        titleViewMargins = insets("titleViewMargins")
        tableViewMargins = insets("tableViewMargins")
        horizontalSeparatorMargins = insets("horizontalSeparatorMargins")
        if let spacing = theme?.value("cardsLineSpacing")?.number {
            cardsLineSpacing = Finite.dimension(spacing)
        } else {
            cardsLineSpacing = Catalog.themeProperty(named: "cardsLineSpacing")?.mintValue.numericValue ?? 12
        }
    }

    /// The margins CardParts gives a part of `kind` directly in a card when it has no
    /// `margins:` of its own (`Catalog.themeMargins(of:)`): zero for a `spacer`.
    public func defaultMargins(of kind: PartKind) -> EdgeInsets {
        switch Catalog.themeMargins(of: kind) {
        case "titleViewMargins": titleViewMargins
        case "tableViewMargins": tableViewMargins
        case "horizontalSeparatorMargins": horizontalSeparatorMargins
        case "cardPartMargins": cardPartMargins
        default: .zero
        }
    }

    /// The margins of `part` directly in a card: its `margins:` (a literal: CardParts reads
    /// them once, in `setupCardParts`), else its kind's theme margins.
    public func margins(of part: PartView) -> EdgeInsets {
        EdgeInsets(part.arguments.value(named: "margins")) ?? defaultMargins(of: part.kind)
    }

    /// The font size of the `text(style:)` case called `style` (nil: the default style).
    public func size(ofTextStyle style: String?) -> Double { textStyleSizes[Catalog.textStyleIndex(named: style)] }

    /// The UIKit text style a `text(style:)` case's font scales with (its theme font's, from the
    /// catalog): what generated Swift hands `UIFontMetrics(forTextStyle:)`.
    public static func dynamicTypeStyle(ofTextStyle style: String?) -> DynamicTypeStyle? {
        Catalog.textStyle(named: style).dynamicTypeStyle
    }

    /// An explicit `font:` of `size` points on a `text(style:)` of case `style`, at this text
    /// size: scaled as the style's theme font is (`UIFontMetrics` of the same text style).
    public func scaled(_ size: Double, textStyle style: String?) -> Double {
        let size = Finite.clamp(size, 0.01, 10_000)
        guard textSize != .default, let dynamic = Self.dynamicTypeStyle(ofTextStyle: style) else { return size }
        return Finite.clamp(dynamic.scaled(size, at: textSize), 0.01, 100_000)
    }

    /// One line of a `size` font: `ceil(1.2 × size)`.
    public func line(_ size: Double) -> Double { LayoutMetrics.textHeight(lines: 1, fontSize: size) }

    /// A row of CardParts' default table cell: a normal line, a detail line and the control
    /// padding (the layout, the preview and the gallery all use it).
    public var defaultTableRowHeight: Double { line(normalTextSize) + line(detailTextSize) + LayoutMetrics.controlPadding }
}

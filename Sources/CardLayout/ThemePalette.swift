import CardModel

/// The colours of one resolved theme that the drawing back ends (the terminal preview, the HTML
/// gallery) paint with, and the fixed colours they share. Each back end turns these into its own
/// form: the preview into opaque terminal colours (alpha blended over the background), the
/// gallery into CSS colours (alpha kept).
///
/// Theme colours come from the theme, else from `Mint` (the catalog's value), so a theme that
/// lacks a property still draws.
public struct ThemePalette: Sendable {
    public var normalText: ColorValue?
    public var smallText: ColorValue?
    public var titleText: ColorValue?
    public var headerText: ColorValue?
    public var detailText: ColorValue?
    /// The colour of each `text(style:)` case, in `Catalog.textStyles` order (its colour
    /// property's).
    public private(set) var textStyleColors: [ColorValue?]
    /// The `title` part and a sheet card's header title.
    public var title: ColorValue?
    public var buttonTitle: ColorValue?
    public var separator: ColorValue?
    public var cardBackground: ColorValue?

    /// The palette of `theme` (Mint's values for anything it lacks).
    public init(theme: ResolvedTheme?) {
        func color(_ name: String) -> ColorValue? {
            if let value = theme?.value(name) { return ThemePalette.color(value) }
            guard let mint = Catalog.themeProperty(named: name)?.mintValue else { return nil }
            return ThemePalette.color(catalog: mint)
        }
        normalText = color("normalTextColor")
        smallText = color("smallTextColor")
        titleText = color("titleTextColor")
        headerText = color("headerTextColor")
        detailText = color("detailTextColor")
        textStyleColors = Catalog.textStyles.map { color($0.colorProperty) }
        title = color("titleColor")
        buttonTitle = color("buttonTitleColor")
        separator = color("separatorColor")
        cardBackground = color("cardBackgroundColor")
    }

    /// The fill of a `bar` or `histogram` without a colour of its own: the catalog's themes have
    /// no bar colour, so the button title colour, the theme's accent, stands in.
    public var accent: ColorValue? { buttonTitle }

    /// The colour of the `text(style:)` case called `style` (nil or any other name: the default
    /// style's).
    public func textColor(ofStyle style: String?) -> ColorValue? { textStyleColors[Catalog.textStyleIndex(named: style)] }

    /// The colour `radio`, `slider` and `multiSlider` use when none is given (UIKit's system
    /// blue, as CardParts does).
    public static let systemBlue = Catalog.systemBlue
    /// The screen behind the cards of a stack — UIKit's grouped background, which a deck cannot
    /// set — and so what a `transparent` card's parts sit on (W1001, W1004, the gallery).
    public static let screenBackground = ColorValue(red: 242, green: 242, blue: 247)
    /// The edge of a card without a `border` trait, where a back end draws one.
    public static let cardEdge = ColorValue(red: 199, green: 199, blue: 204)
    /// The map placeholder's land and ink colours.
    public static let mapLand = ColorValue(red: 214, green: 232, blue: 206)
    public static let mapInk = ColorValue(red: 58, green: 94, blue: 62)

    /// The colour of a checked value: a colour literal or named colour (already resolved to its
    /// components); nil for anything else.
    public static func color(_ value: Value?) -> ColorValue? {
        if case .color(let color, _)? = value { return color }
        return nil
    }

    /// A catalog value's colour (a theme default or a part's default colour list).
    public static func color(catalog value: CatalogValue) -> ColorValue? {
        switch value {
        case .color(let hex):
            return ColorValue(hex: hex)
        case .namedColor(let name):
            return Catalog.namedColor(name).map { ColorValue(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha) }
        default:
            return nil
        }
    }
}

/// How a card's frame looks, from its traits, for every drawing back end: `transparent`,
/// `rounded`, `border`, `shadow`, `gradient` and `editable` — as the app shows it where the card
/// is. CardParts' `CardsViewController` applies them to a list cell, and the generated stacks to
/// the views showing cards elsewhere, in one order: `transparent` first (no background, default
/// edge or shadow), then shadow, corners, border and gradient — so a transparent card still shows
/// its border, its gradient, and a shadow that with nothing filling the card falls from its
/// parts (W501) — the gradient last, which takes the border away (`CardCell.gradientColors`,
/// W503). Only a list has the edit button (W502 where every stack of an `editable` card has none).
public struct CardAppearance: Sendable {
    public struct Shadow: Sendable {
        public var color: ColorValue?
        /// The blur radius in points (CALayer's `shadowRadius`).
        public var radius: Double
        /// 0…1.
        public var opacity: Double
        public var offsetX: Double
        public var offsetY: Double
        /// Whether the shadow falls from the parts' text and images rather than the card's
        /// frame: a layer's shadow follows what the layer draws, and a transparent card with no
        /// gradient draws no background (W501).
        public var fallsFromParts: Bool
    }

    public struct Border: Sendable {
        public var width: Double
        public var color: ColorValue?
    }

    public struct Gradient: Sendable {
        /// At least two.
        public var colors: [ColorValue]
        /// Degrees.
        public var angle: Double
    }

    /// `transparent`: no background (and the default edge and shadow CardParts gives a card are
    /// cleared); a gradient still fills it.
    public var isTransparent: Bool
    /// `rounded(radius:)`.
    public var cornerRadius: Double?
    public var border: Border?
    public var shadow: Shadow?
    public var gradient: Gradient?
    public var isEditable: Bool

    /// `isListCell`: whether the card is a cell of a CardParts list (`LayoutContext.isListCell`).
    public init(card: CardView, isListCell: Bool = true) {
        isEditable = isListCell && card.trait(.editable) != nil
        cornerRadius = card.trait(.rounded).map { Finite.dimension($0.value("radius")?.number ?? 0) }
        isTransparent = card.trait(.transparent) != nil
        border = card.trait(.border).map { trait in
            Border(width: Finite.dimension(trait.value("width")?.number ?? 1), color: ThemePalette.color(trait.value("color")))
        }
        shadow = card.trait(.shadow).map { trait in
            var x = 0.0, y = 0.0
            if case .size(let width, let height)? = trait.value("offset") { (x, y) = (Finite.coordinate(width), Finite.coordinate(height)) }
            return Shadow(color: ThemePalette.color(trait.value("color")), radius: Finite.dimension(trait.value("radius")?.number ?? 0),
                          opacity: Finite.clamp(trait.value("opacity")?.number ?? 0, 0, 1), offsetX: x, offsetY: y,
                          fallsFromParts: false)
        }
        if let trait = card.trait(.gradient), case .list(let items)? = trait.value("colors") {
            let colors = items.compactMap { ThemePalette.color($0) }
            gradient = colors.count >= 2 ? Gradient(colors: colors, angle: Finite.coordinate(trait.value("angle")?.number ?? 0)) : nil
            // `CardCell.gradientColors` clears the layer's border, set before it.
            if gradient != nil { border = nil }
        } else {
            gradient = nil
        }
        if isTransparent, gradient == nil { shadow?.fallsFromParts = true }
    }
}

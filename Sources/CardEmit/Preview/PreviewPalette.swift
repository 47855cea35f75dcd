import CardDiagnostics
import CardLayout
import CardSema

/// The colours and text styles the preview draws with, from one resolved theme: text colours
/// per `text(style:)`, the `title` part's, buttons', separators' and the card background.
/// Colours written in the source (`color: #2E7D32`, `.red`) come resolved in the checked model
/// (named colours with their UIKit values from the catalog).
struct PreviewPalette {
    var normalText: RGBColor?
    var smallText: RGBColor?
    var titleText: RGBColor?
    var headerText: RGBColor?
    var detailText: RGBColor?
    /// The `title` part and a sheet card's header title.
    var title: RGBColor?
    var buttonTitle: RGBColor?
    var separator: RGBColor?
    var cardBackground: RGBColor?

    /// The palette of `theme` (Mint's values for anything it lacks).
    init(theme: ResolvedTheme?) {
        func color(_ name: String) -> RGBColor? {
            if let value = theme?.value(name) { return PreviewPalette.rgb(value) }
            guard let mint = Catalog.themeProperty(named: name)?.mintValue else { return nil }
            return PreviewPalette.rgb(mint)
        }
        normalText = color("normalTextColor")
        smallText = color("smallTextColor")
        titleText = color("titleTextColor")
        headerText = color("headerTextColor")
        detailText = color("detailTextColor")
        title = color("titleColor")
        buttonTitle = color("buttonTitleColor")
        separator = color("separatorColor")
        cardBackground = color("cardBackgroundColor")
    }

    /// The fill of a `bar` or `histogram` without a colour of its own: the catalog's themes have
    /// no bar colour, so the button title colour, the theme's accent, stands in.
    var accent: RGBColor? { buttonTitle }

    /// The colour `radio` uses when none is given (UIKit's system blue, as CardParts does).
    static let systemBlue = RGBColor(red: 0, green: 122, blue: 255)
    /// The border of a card without a `border` trait.
    static let cardEdge = RGBColor(red: 199, green: 199, blue: 204)
    /// The map placeholder's land and label colours.
    static let mapLand = RGBColor(red: 214, green: 232, blue: 206)
    static let mapInk = RGBColor(red: 58, green: 94, blue: 62)

    /// The text style of a `text(style:)` case: `.title` and `.header` bold, `.detail` and
    /// `.small` dim, each in its theme colour.
    func textStyle(_ style: String) -> TerminalStyle {
        switch style {
        case "title": TerminalStyle(isBold: true, foreground: titleText)
        case "header": TerminalStyle(isBold: true, foreground: headerText)
        case "detail": TerminalStyle(isDim: true, foreground: detailText)
        case "small": TerminalStyle(isDim: true, foreground: smallText)
        default: TerminalStyle(foreground: normalText)
        }
    }

    /// The theme font size of a `text(style:)` case.
    static func fontSize(_ style: String, _ metrics: ThemeMetrics) -> Double { metrics.size(ofTextStyle: style) }

    /// An opaque colour from a checked value: a colour literal or named colour, with alpha
    /// blended over `background` (over white when there is none); nil for anything else and for
    /// a fully transparent colour (`.clear`).
    static func rgb(_ value: Value?, over background: RGBColor? = nil) -> RGBColor? {
        guard case .color(let color, _)? = value, color.alpha > 0 else { return nil }
        let rgb = RGBColor(red: color.red, green: color.green, blue: color.blue)
        guard color.alpha < 255 else { return rgb }
        return blend(rgb, alpha: Double(color.alpha) / 255, over: background ?? RGBColor(red: 255, green: 255, blue: 255))
    }

    /// A catalog value's colour (a theme default or a part's default colour list).
    static func rgb(_ value: CatalogValue) -> RGBColor? {
        switch value {
        case .color(let hex):
            return ColorValue(hex: hex).flatMap { rgb(.color($0, name: nil)) }
        case .namedColor(let name):
            return Catalog.namedColor(name).flatMap { rgb(.color(ColorValue(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha), name: name)) }
        default:
            return nil
        }
    }

    /// `color` at `alpha` (0…1) over `background`.
    static func blend(_ color: RGBColor, alpha: Double, over background: RGBColor) -> RGBColor {
        let a = Finite.clamp(alpha, 0, 1)
        func channel(_ c: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(Finite.clamp((Double(c) * a + Double(b) * (1 - a)).rounded(), 0, 255))
        }
        return RGBColor(red: channel(color.red, background.red), green: channel(color.green, background.green),
                        blue: channel(color.blue, background.blue))
    }

    /// The colour at `t` (0…1) along evenly spaced `stops`.
    static func interpolate(_ stops: [RGBColor], at t: Double) -> RGBColor? {
        guard let first = stops.first else { return nil }
        guard stops.count > 1 else { return first }
        let position = Finite.clamp(t, 0, 1) * Double(stops.count - 1)
        let index = min(stops.count - 2, Int(position))
        return blend(stops[index + 1], alpha: position - Double(index), over: stops[index])
    }
}

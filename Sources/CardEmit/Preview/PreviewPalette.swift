import CardDiagnostics
import CardLayout
import CardModel

/// The colours and text styles the preview draws with, from one resolved theme: the theme's
/// colours (`ThemePalette`, shared with the HTML gallery) made opaque for a terminal, and the
/// text style of each `text(style:)` case. Colours written in the source (`color: #2E7D32`,
/// `.red`) come resolved in the checked model (named colours with their UIKit values from the
/// catalog).
struct PreviewPalette {
    /// The theme's colours as they are (alpha kept); the properties below are them, opaque.
    let colors: ThemePalette

    /// The palette of `theme` (Mint's values for anything it lacks).
    init(theme: ResolvedTheme?) {
        colors = ThemePalette(theme: theme)
    }

    var smallText: RGBColor? { Self.rgb(colors.smallText) }
    var titleText: RGBColor? { Self.rgb(colors.titleText) }
    var detailText: RGBColor? { Self.rgb(colors.detailText) }
    /// The `title` part and a sheet card's header title.
    var title: RGBColor? { Self.rgb(colors.title) }
    var buttonTitle: RGBColor? { Self.rgb(colors.buttonTitle) }
    var separator: RGBColor? { Self.rgb(colors.separator) }
    var cardBackground: RGBColor? { Self.rgb(colors.cardBackground) }

    /// The fill of a `bar` or `histogram` without a colour of its own (`ThemePalette.accent`).
    var accent: RGBColor? { buttonTitle }

    /// The shared fixed colours (`ThemePalette`), opaque.
    static let systemBlue = opaque(ThemePalette.systemBlue)
    static let cardEdge = opaque(ThemePalette.cardEdge)
    /// What shows through a transparent card.
    static let screenBackground = opaque(ThemePalette.screenBackground)
    static let mapLand = opaque(ThemePalette.mapLand)
    static let mapInk = opaque(ThemePalette.mapInk)

    static func opaque(_ color: ColorValue) -> RGBColor { RGBColor(red: color.red, green: color.green, blue: color.blue) }

    /// The terminal style of the `text(style:)` case called `style` (nil: the default style):
    /// in its theme colour, headings (`.title`, `.header`) bold and secondary text (`.detail`,
    /// `.small`) dim, as the catalog ranks them.
    func textStyle(_ style: String?) -> TerminalStyle {
        let index = Catalog.textStyleIndex(named: style)
        let color = PreviewPalette.rgb(colors.textStyleColors[index])
        switch Catalog.textStyles[index].prominence {
        case .heading: return TerminalStyle(isBold: true, foreground: color)
        case .secondary: return TerminalStyle(isDim: true, foreground: color)
        case .regular: return TerminalStyle(foreground: color)
        }
    }

    /// The terminal style of body text: the default `text(style:)` case's.
    var bodyText: TerminalStyle { textStyle(nil) }

    /// An opaque colour from a checked value: a colour literal or named colour, with alpha
    /// blended over `background` (over white when there is none); nil for anything else and for
    /// a fully transparent colour (`.clear`).
    static func rgb(_ value: Value?, over background: RGBColor? = nil) -> RGBColor? {
        guard case .color(let color, _)? = value else { return nil }
        return rgb(color, over: background)
    }

    /// `color` made opaque: blended over `background` (over white when there is none); nil for
    /// no colour and for a fully transparent one.
    static func rgb(_ color: ColorValue?, over background: RGBColor? = nil) -> RGBColor? {
        guard let color, color.alpha > 0 else { return nil }
        let rgb = RGBColor(red: color.red, green: color.green, blue: color.blue)
        guard color.alpha < 255 else { return rgb }
        return blend(rgb, alpha: Double(color.alpha) / 255, over: background ?? RGBColor(red: 255, green: 255, blue: 255))
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

import CardDiagnostics
import CardModel

/// WCAG 2 contrast arithmetic (WCAG 2.2 SC 1.4.3 and its definitions of *relative luminance* and
/// *contrast ratio*), on 8-bit sRGB colours.
public enum Contrast {
    /// The relative luminance of an opaque colour: 0 for black, 1 for white.
    public static func luminance(_ color: ColorValue) -> Double {
        let linear = linearComponents
        return 0.2126 * linear[Int(color.red)] + 0.7152 * linear[Int(color.green)] + 0.0722 * linear[Int(color.blue)]
    }

    /// Each 8-bit sRGB component made linear: `c / 12.92` up to 0.04045 (WCAG 2 writes 0.03928,
    /// which differs for no 8-bit value), else `((c + 0.055) / 1.055) ^ 2.4`.
    static let linearComponents: [Double] = (0...255).map { component in
        let c = Double(component) / 255
        guard c > 0.04045 else { return c / 12.92 }
        let x = (c + 0.055) / 1.055
        // x^2.4 = x² · (x²)^(1/5), without Foundation's `pow`: the fifth root by Newton's
        // method from 1, which converges from above for 0 < x² ≤ 1.
        let square = x * x
        var root = 1.0
        for _ in 0..<60 { root -= (root * root * root * root * root - square) / (5 * root * root * root * root) }
        return square * root
    }

    /// The contrast ratio of two colours, 1…21, whichever is lighter (alpha ignored: blend first).
    public static func ratio(_ a: ColorValue, _ b: ColorValue) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `top` painted over the opaque `bottom` (source-over), opaque.
    public static func blend(_ top: ColorValue, over bottom: ColorValue) -> ColorValue {
        let alpha = Double(top.alpha) / 255
        func mix(_ t: UInt8, _ b: UInt8) -> UInt8 { UInt8(clamping: Int((Double(t) * alpha + Double(b) * (1 - alpha)).rounded())) }
        return ColorValue(red: mix(top.red, bottom.red), green: mix(top.green, bottom.green), blue: mix(top.blue, bottom.blue))
    }

    /// Whether text of this size and weight is *large* in WCAG's sense: at least 18 pt, or at
    /// least 14 pt and bold.
    public static func isLarge(size: Double, weight: FontWeight) -> Bool {
        let bold: Bool = switch weight {
        case .bold, .heavy, .black: true
        case .ultraLight, .thin, .light, .regular, .medium, .semibold: false
        }
        return size >= 18 || (bold && size >= 14)
    }

    /// The least ratio WCAG 2.2 SC 1.4.3 accepts: 3:1 for large text, else 4.5:1.
    public static func minimumRatio(size: Double, weight: FontWeight) -> Double {
        isLarge(size: size, weight: weight) ? 3 : 4.5
    }

    /// A ratio as WCAG tools print it, cut (not rounded) to two decimals so a failing ratio
    /// never reads as the minimum: `4.48:1`, `21:1`.
    public static func format(_ ratio: Double) -> String {
        let hundredths = (Finite.clamp(ratio, 0, 100) * 100).rounded(.down)
        return CatalogValue.format(hundredths / 100) + ":1"
    }

    /// The colour nearest to `color` — mixed towards black or towards white, whichever needs
    /// less — for which `passes` holds (opaque); nil when neither black nor white passes.
    public static func nearest(to color: ColorValue, where passes: (ColorValue) -> Bool) -> ColorValue? {
        var best: (amount: Double, color: ColorValue)?
        for target in [ColorValue(red: 0, green: 0, blue: 0), ColorValue(red: 255, green: 255, blue: 255)] {
            guard passes(target) else { continue }
            // Bisect the amount of `target` in the mix, keeping the passing end.
            var (low, high) = (0.0, 1.0)
            for _ in 0..<20 {
                let middle = (low + high) / 2
                if passes(mixed(color, target, middle)) { high = middle } else { low = middle }
            }
            let candidate = mixed(color, target, high)
            if passes(candidate), best.map({ high < $0.amount }) ?? true { best = (high, candidate) }
        }
        return best?.color
    }

    private static func mixed(_ a: ColorValue, _ b: ColorValue, _ amount: Double) -> ColorValue {
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8(clamping: Int((Double(x) * (1 - amount) + Double(y) * amount).rounded())) }
        return ColorValue(red: mix(a.red, b.red), green: mix(a.green, b.green), blue: mix(a.blue, b.blue))
    }
}

/// W1001: every text a card draws, against what it sits on, in every theme the card is shown in
/// and every state (docs/language.md §7.4). It reads the checked unit's colours, fonts and
/// traits once; nothing is laid out.
///
/// Covered: `text` (its `color:` and `font:`, else its style's), `title` and `button` titles,
/// `iconLabel` text (the normal style), inside any container, table or collection cell; backgrounds are the theme's
/// `cardBackgroundColor`, every colour of a `gradient` trait, and a container's `background:`.
/// A `transparent` card (whose background is the app's), overlays, footers, sheet headers,
/// `pill`, `titleDescription` and `attributedText` are not looked at.
struct ContrastRule {
    let deck: CheckedUnit

    /// A colour and where it comes from, for the message (a class: sources are made once per
    /// theme or argument and shared by every finding).
    final class Source {
        let color: ColorValue
        /// Whether the deck chose it: a part's argument, a trait, or a property of a theme it
        /// declares that differs from the built-in theme that theme descends from.
        let chosen: Bool
        /// `theme `Night`'s `titleColor``, `its `color:``…
        let origin: String
        /// The theme property it is, when it comes from a theme the deck declares (which can
        /// set it, whether it does yet or inherits it).
        let themeProperty: String?
        /// Whether the deck can change it where it is: a property of a theme it declares, an
        /// argument, a trait — not a built-in theme's value.
        let editable: Bool
        /// The theme `themeProperty` belongs to.
        let theme: String?

        init(color: ColorValue, chosen: Bool, origin: String, themeProperty: String? = nil, editable: Bool, theme: String? = nil) {
            self.color = color
            self.chosen = chosen
            self.origin = origin
            self.themeProperty = themeProperty
            self.editable = editable
            self.theme = theme
        }

        /// The same source seen as opaque (a translucent background over white).
        var opaque: Source {
            color.alpha == 255 ? self
                : Source(color: ContrastRule.opaque(color), chosen: chosen, origin: origin, themeProperty: themeProperty,
                         editable: editable, theme: theme)
        }

        /// How to give it the colour `hex`, for the help.
        func change(to hex: String) -> String {
            if let themeProperty, let theme { return "set `\(themeProperty): \(hex)` in theme `\(theme)`" }
            return "make \(origin) \(hex)"
        }
    }

    /// One theme the cards are shown in, read once (a class: every part's check reads it, and
    /// passing a reference costs no retain per field).
    final class ThemeFacts {
        /// What the rule reads for every part, worked out once per theme: each text style's colour
        /// and font (in `TextStyle` order), the `title` part's, a button's, the card's background.
        let name: String
        let theme: ResolvedTheme?
        let palette: ThemePalette
        /// The palette of the built-in theme `name` descends from: a colour equal to it was
        /// not chosen by the deck.
        let builtIn: ThemePalette
        let builtInName: String
        let isBuiltIn: Bool
        /// Where a stack shows cards in this theme (its `theme:`), for a note.
        let reference: SourceSpan?

        init(name: String, theme: ResolvedTheme?, palette: ThemePalette, builtIn: ThemePalette, builtInName: String,
             isBuiltIn: Bool, reference: SourceSpan?) {
            self.name = name
            self.theme = theme
            self.palette = palette
            self.builtIn = builtIn
            self.builtInName = builtInName
            self.isBuiltIn = isBuiltIn
            self.reference = reference
            readProperties()
        }

        var styles: [(color: Source?, font: FontValue)] = []
        var title: (color: Source?, font: FontValue)?
        var button: (color: Source?, font: FontValue)?
        var background: Source?

        private func readProperties() {
            styles = [("normalTextColor", "normalTextFont", \ThemePalette.normalText), ("smallTextColor", "smallTextFont", \.smallText),
                      ("titleTextColor", "titleTextFont", \.titleText), ("headerTextColor", "headerTextFont", \.headerText),
                      ("detailTextColor", "detailTextFont", \.detailText)].map { (colorSource($0.0, $0.2), font($0.1)) }
            title = (colorSource("titleColor", \.title), font("titleFont"))
            button = (colorSource("buttonTitleColor", \.buttonTitle), font("buttonTitleFont"))
            background = colorSource("cardBackgroundColor", \.cardBackground)
        }

        /// The colour and font of `text(style:)`'s case (any other case has `normal`'s).
        func style(_ name: String?) -> (color: Source?, font: FontValue)? {
            let index = switch name {
            case "small": 1
            case "title": 2
            case "header": 3
            case "detail": 4
            default: 0
            }
            return styles.indices.contains(index) ? styles[index] : nil
        }

        func colorSource(_ property: String, _ keyPath: KeyPath<ThemePalette, ColorValue?>) -> Source? {
            guard let color = palette[keyPath: keyPath] else { return nil }
            let chosen = !isBuiltIn && builtIn[keyPath: keyPath] != color
            let origin = isBuiltIn || chosen ? "theme `\(name)`'s `\(property)`" : "theme `\(name)`'s `\(property)`, from `\(builtInName)`"
            return Source(color: color, chosen: chosen, origin: origin, themeProperty: isBuiltIn ? nil : property, editable: !isBuiltIn,
                          theme: name)
        }

        /// The font of a theme property (`titleFont`), else `Mint`'s.
        func font(_ property: String) -> FontValue {
            if case .font(let font)? = theme?.value(property) { return font }
            if case .font(let font)? = Catalog.themeProperty(named: property)?.mintValue { return font }
            return FontValue(.system, size: 17)
        }
    }

    private struct ThemeOfCard: Hashable {
        var card: Int
        var theme: String
    }

    /// A failing pair, before it is grouped over states.
    struct Finding {
        var part: PartView
        var text: Source
        var background: Source
        var ratio: Double
        var minimum: Double
        var otherBackgrounds: [ColorValue]
    }

    func diagnostics() -> [Diagnostic] {
        var themeCache: [String: ThemeFacts] = [:]
        var themesOfCard = [[String]](repeating: [], count: deck.cards.count)
        // (card position, theme) pairs already listed: a card in many stacks of many themes is
        // not searched once per stack.
        var listed: Set<ThemeOfCard> = []
        var referenceOfTheme: [String: SourceSpan] = [:]
        for stack in deck.stacks {
            if referenceOfTheme[stack.theme] == nil, let reference = stack.themeReference { referenceOfTheme[stack.theme] = reference.span }
            for position in stack.cardPositions where themesOfCard.indices.contains(position) {
                if listed.insert(ThemeOfCard(card: position, theme: stack.theme)).inserted { themesOfCard[position].append(stack.theme) }
            }
        }
        var result: [Diagnostic] = []
        for (index, card) in deck.cards.enumerated() {
            // A transparent card shows the app's background, which the deck does not say.
            if card.trait(.transparent) != nil { continue }
            let gradient = card.trait(.gradient) == nil ? nil : CardAppearance(card: card).gradient
            let themes = themesOfCard[index].isEmpty ? [Catalog.defaultThemeName] : themesOfCard[index]
            for name in themes {
                let facts: ThemeFacts
                if let known = themeCache[name] { facts = known } else {
                    facts = themeFacts(name, reference: referenceOfTheme[name])
                    themeCache[name] = facts
                }
                result += diagnostics(for: card, gradient: gradient, in: facts)
            }
        }
        return result
    }

    private func themeFacts(_ name: String, reference: SourceSpan?) -> ThemeFacts {
        let view = deck.theme(named: name)
        let theme = view?.resolved ?? ResolvedTheme.builtIn(named: name) ?? ResolvedTheme.builtIn(named: Catalog.defaultThemeName)
        // The built-in ancestor: follow the parents through the deck's declared themes (a checked
        // deck has no cycle; the count bounds the walk anyway). A built-in theme the deck does not
        // list is the catalog's.
        var ancestor = view.map { $0.isBuiltIn ? $0.name : ($0.parent ?? Catalog.defaultThemeName) } ?? name
        var steps = 0
        while let declared = deck.theme(named: ancestor), !declared.isBuiltIn, steps <= deck.themes.count {
            ancestor = declared.parent ?? Catalog.defaultThemeName
            steps += 1
        }
        let builtIn = ResolvedTheme.builtIn(named: ancestor) ?? ResolvedTheme.builtIn(named: Catalog.defaultThemeName)
        return ThemeFacts(name: name, theme: theme, palette: ThemePalette(theme: theme), builtIn: ThemePalette(theme: builtIn),
                          builtInName: builtIn?.name ?? Catalog.defaultThemeName, isBuiltIn: view?.isBuiltIn ?? true, reference: reference)
    }

    private func diagnostics(for card: CardView, gradient: CardAppearance.Gradient?, in theme: ThemeFacts) -> [Diagnostic] {
        let backgrounds: [Source]
        if let gradient {
            backgrounds = gradient.colors.enumerated().map { i, color in
                Source(color: Self.opaque(color), chosen: true, origin: "colour \(i + 1) of the card's `gradient`", editable: true)
            }
        } else if let background = theme.background {
            backgrounds = [background.opaque]
        } else {
            return []
        }
        // Findings per part (by its index in the unit) in state order, with the states each holds
        // in (and the last of them, so a state is added once without searching the list).
        var order: [PartView] = []
        var found: [PartView: (finding: Finding, states: [String], lastState: Int)] = [:]
        let states = card.states
        // A state lists the card's shared parts too: each top-level part is looked at once (by a
        // table, not a search: a card may hold thousands of parts in many states).
        var knownFindings: [PartView: [Finding]] = [:]
        for (stateIndex, state) in states.enumerated() {
            var findings: [Finding] = []
            for part in state.parts {
                if let earlier = knownFindings[part] { findings += earlier; continue }
                var own: [Finding] = []
                collect(part, backgrounds: backgrounds, theme: theme, into: &own)
                if states.count > 1 { knownFindings[part] = own }
                findings += own
            }
            for finding in findings {
                let key = finding.part
                if found[key] == nil { order.append(key); found[key] = (finding, [], -1) }
                if found[key]?.lastState != stateIndex {
                    found[key]?.states.append(state.name)
                    found[key]?.lastState = stateIndex
                }
            }
        }
        let declaresStates = states.contains { $0.span != nil }
        return order.compactMap { key in
            guard let (finding, inStates, _) = found[key] else { return nil }
            return diagnostic(finding, card: card, theme: theme,
                              states: declaresStates ? (inStates.count == states.count && states.count > 1 ? [] : inStates) : nil)
        }
    }

    /// The pairs of `part` and its children that fail, `backgrounds` being what `part` sits on.
    private func collect(_ part: PartView, backgrounds: [Source], theme: ThemeFacts, into findings: inout [Finding]) {
        if let text = textSource(of: part, theme: theme) {
            let font = text.font
            let minimum = Contrast.minimumRatio(size: font.size, weight: font.weight)
            var worst: (ratio: Double, background: Source)?
            for background in backgrounds {
                let ratio = Contrast.ratio(Contrast.blend(text.color.color, over: background.color), background.color)
                if worst.map({ ratio < $0.ratio }) ?? true { worst = (ratio, background) }
            }
            // Only what the deck chose is reported: the built-in themes' own pairs are CardParts'.
            if let worst, worst.ratio < minimum, text.color.chosen || worst.background.chosen {
                findings.append(Finding(part: part, text: text.color, background: worst.background, ratio: worst.ratio,
                                        minimum: minimum, otherBackgrounds: backgrounds.map(\.color)))
            }
        }
        var inner = backgrounds
        if let index = Self.backgroundParameter[part.kind.index], let color = part.arguments.ref(at: index)?.color {
            inner = [Source(color: Self.opaque(Contrast.blend(color, over: backgrounds.first?.color ?? Self.white)), chosen: true,
                            origin: "the `\(part.part)`'s `background:`", editable: true)]
        }
        for child in part.children { collect(child, backgrounds: inner, theme: theme, into: &findings) }
    }

    /// The colour and font of the text `part` draws, when it draws one with a colour known
    /// before the app runs (a `color:` bound to the model is not).
    private func textSource(of part: PartView, theme: ThemeFacts) -> (color: Source, font: FontValue)? {
        switch part.kind {
        case .text:
            let arguments = part.arguments
            guard let style = theme.style(Self.textStyleParameter.flatMap { arguments.ref(at: $0)?.caseName }) else { return nil }
            var font = style.font
            if let index = Self.textFontParameter, let written = arguments.ref(at: index), case .font(let own) = written.decoded { font = own }
            if let index = Self.textColorParameter, let written = arguments.ref(at: index) {
                guard let color = written.color else { return nil }
                return (Source(color: color, chosen: true, origin: "its `color:`", editable: true), font)
            }
            return style.color.map { ($0, font) }
        case .title:
            return theme.title.flatMap { title in title.color.map { ($0, title.font) } }
        case .button:
            return theme.button.flatMap { button in button.color.map { ($0, button.font) } }
        case .iconLabel:
            // CardPartIconLabel draws its text in the normal text style, as the gallery does.
            return theme.style(nil).flatMap { style in style.color.map { ($0, style.font) } }
        case .attributedText, .image, .titleDescription, .pill, .separator, .verticalSeparator, .vstack, .hstack,
             .table, .collection, .bar, .paged, .slider, .multiSlider, .spacer, .textField, .centered, .oriented, .confetti,
             .progressBar, .map, .radio, .histogram, .cell, .overlay, .footer, .model:
            return nil
        }
    }

    /// The indices of the parameters the rule reads, found once.
    static let textStyleParameter = PartKind.text.spec.parameters.firstIndex { $0.name == "style" }
    static let textColorParameter = PartKind.text.spec.parameters.firstIndex { $0.name == "color" }
    static let textFontParameter = PartKind.text.spec.parameters.firstIndex { $0.name == "font" }
    /// Per part kind, its `background:` parameter (containers), if it has one.
    static let backgroundParameter: [Int?] = PartKind.allCases.map { kind in kind.spec.parameters.firstIndex { $0.name == "background" } }

    private func diagnostic(_ finding: Finding, card: CardView, theme: ThemeFacts, states: [String]?) -> Diagnostic {
        let text = finding.text.color, background = finding.background.color
        var message = "`\(finding.part.part)` text \(text.hex) on \(background.hex) has a contrast of \(Contrast.format(finding.ratio)), "
            + "below \(Contrast.format(finding.minimum)), in theme `\(theme.name)`"
        // nil: a card without states; empty: every state of a card with states.
        if let states {
            message += states.isEmpty ? " in every state" : states.count == 1 ? " in state `\(states[0])`" : " in states " + states.map { "`\($0)`" }.joined(separator: ", ")
        }
        var notes: [DiagnosticNote] = [
            DiagnosticNote("the text is \(text.hex), \(finding.text.origin); the background is \(background.hex), \(finding.background.origin)"),
        ]
        if let reference = theme.reference { notes.append(DiagnosticNote("card `\(card.name)` is shown in theme `\(theme.name)` here", at: reference)) }
        notes.append(.help(suggestion(finding)))
        return Diagnostic(.w1001, message, at: finding.part.span,
                          label: finding.minimum == 3 ? "large text needs 3:1 (WCAG 2.2 SC 1.4.3)" : "text needs 4.5:1 (WCAG 2.2 SC 1.4.3)",
                          notes: notes)
    }

    /// What to change: a colour the deck's own theme sets (text first), else the text's `color:`
    /// or the card's background, with the nearest colour that passes.
    private func suggestion(_ finding: Finding) -> String {
        let minimum = Contrast.format(finding.minimum)
        let backgrounds = finding.otherBackgrounds
        let text = finding.text.color
        func passes(_ background: ColorValue) -> Bool { Contrast.ratio(Contrast.blend(text, over: background), background) >= finding.minimum }
        // What only this card uses is changed first: the text's own `color:`, then the card's
        // gradient or a container's `background:`. A theme's colour is shared by every card of
        // the theme, so changing it comes last (and the help says so).
        let textIsLocal = finding.text.editable && finding.text.themeProperty == nil
        let backgroundIsLocal = finding.background.editable && finding.background.themeProperty == nil
        if !textIsLocal && backgroundIsLocal {
            if backgrounds.count > 1 {
                // A gradient: each failing colour's nearest passing one, the others kept.
                let fixed = backgrounds.map { passes($0) ? $0 : Contrast.nearest(to: $0, where: passes) }
                if fixed.allSatisfy({ $0 != nil }) {
                    let list = fixed.compactMap { $0?.hex }.joined(separator: ", ")
                    return "make the card's `gradient` colours [\(list)], or others with at least \(minimum) against \(text.hex)"
                }
            } else if let fixed = Contrast.nearest(to: finding.background.color, where: passes) {
                return "\(finding.background.change(to: fixed.hex)), or another colour with at least \(minimum) against \(text.hex)"
            }
        }
        if finding.text.editable || !finding.background.editable,
           let fixed = Contrast.nearest(to: text, where: { candidate in
               backgrounds.allSatisfy { Contrast.ratio(candidate, $0) >= finding.minimum }
           }) {
            let against = backgrounds.count > 1 ? "every colour of the background" : finding.background.color.hex
            let change = finding.text.editable ? finding.text.change(to: fixed.hex)
                : "give the text (\(finding.text.origin)) \(fixed.hex) in a theme of the deck's own"
            let shared = finding.text.themeProperty.map { " (`\($0)` colours this text in every card of the theme)" } ?? ""
            return "\(change), or another colour with at least \(minimum) against \(against)\(shared)"
        }
        if let fixed = Contrast.nearest(to: finding.background.color, where: passes) {
            return "\(finding.background.change(to: fixed.hex)), or another colour with at least \(minimum) against \(text.hex)"
        }
        return "change the text or the background colour so they differ more in lightness"
    }

    static let white = ColorValue(red: 255, green: 255, blue: 255)

    /// A background colour as seen: a translucent one over white, UIKit's default behind a card.
    static func opaque(_ color: ColorValue) -> ColorValue { color.alpha == 255 ? color : Contrast.blend(color, over: white) }
}

/// The contrast diagnostics (W1001) of a deck without errors, for `cardc check` and `cardc build`.
public func contrastDiagnostics(for deck: CheckedUnit) -> [Diagnostic] {
    ContrastRule(deck: deck).diagnostics()
}

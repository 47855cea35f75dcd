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

    /// The least ratio WCAG 2.2 SC 1.4.11 accepts for a graphic a user must see to understand a
    /// part (a bar's fill, a radio button's ring).
    public static let nonTextMinimum = 3.0

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

/// W1001 and W1004: every text a card draws (WCAG 2.2 SC 1.4.3) and every graphic a user needs
/// to see (SC 1.4.11), against what it sits on, in every theme the card is shown in and every
/// state (docs/language.md §7.4). What each part draws, in which colour and on what, is the
/// catalog's (`PartSpec.texts`, `PartSpec.graphics`); the rule reads the checked unit's colours,
/// fonts and traits once, and nothing is laid out.
///
/// Backgrounds: the theme's `cardBackgroundColor`, every colour of a `gradient` trait (the worst
/// counting), a container's `background:`, a part's own fill (a pill), and for a `transparent`
/// card the screen behind it (`ThemePalette.screenBackground`). Parts in states, swipe overlays
/// and the footer, and a sheet card's header (its title and subtitle) are compared.
///
/// A fix-it changes one colour the deck writes — a text's `color:`, a gradient's stops, a
/// container's `background:`, a property its own theme sets — to the nearest colour that passes
/// against everything that colour is compared with, in every card and theme, so fixing one
/// pair never breaks another; a property the shown theme (one the deck declares) inherits is
/// added to its declaration (`ThemeView.propertyInsertion`) with such a colour. Where no colour
/// does, the help says what to change by hand.
struct ContrastRule {
    let deck: CheckedUnit
    /// Whether a failing pair the deck did not choose (a built-in theme's own) is a finding too:
    /// the drawing back ends tell them apart (`ContrastAudit`); diagnostics never include them.
    var includesUnchosen = false

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
        /// Where the deck writes the colour, when it does (in the theme itself for a theme
        /// property): what a fix-it replaces.
        let span: SourceSpan?
        /// A property of a theme the deck declares, written there or inherited: every comparison
        /// it is in, in that theme (`ContrastRule.themeFix`).
        let themeUses: Uses?

        init(color: ColorValue, chosen: Bool, origin: String, themeProperty: String? = nil, editable: Bool, theme: String? = nil,
             span: SourceSpan? = nil, themeUses: Uses? = nil) {
            self.color = color
            self.chosen = chosen
            self.origin = origin
            self.themeProperty = themeProperty
            self.editable = editable
            self.theme = theme
            self.span = span
            self.themeUses = themeUses
        }

        /// Only this card uses it: an argument or a trait (changed before a theme's colour).
        var isLocal: Bool { editable && themeProperty == nil }

        /// The same source seen as opaque (a translucent background over white).
        var opaque: Source {
            color.alpha == 255 ? self
                : Source(color: ContrastRule.opaque(color), chosen: chosen, origin: origin, themeProperty: themeProperty,
                         editable: editable, theme: theme, span: span, themeUses: themeUses)
        }

        /// How to give it the colour `hex`, for the help.
        func change(to hex: String) -> String {
            if let themeProperty, let theme { return "set `\(themeProperty): \(hex)` in theme `\(theme)`" }
            return "make \(origin) \(hex)"
        }
    }

    /// One theme the cards are shown in, its colours and fonts read once per property (a class:
    /// every part's check reads it).
    final class ThemeFacts {
        let name: String
        let theme: ResolvedTheme?
        /// The deck's declaration of it, for where a property is written.
        let view: ThemeView?
        /// The built-in theme `name` descends from: a colour equal to its own was not chosen by
        /// the deck.
        let builtIn: ResolvedTheme?
        let builtInName: String
        let isBuiltIn: Bool
        /// Where a stack shows cards in this theme (its `theme:`), for a note.
        let reference: SourceSpan?
        /// Sources and fonts by theme property index (`Catalog.themeProperties`), read on first
        /// use: looked up per text, so by index rather than by name.
        private var colors: [Source??]
        private var fonts: [FontValue?]

        init(name: String, theme: ResolvedTheme?, view: ThemeView?, builtIn: ResolvedTheme?, builtInName: String, isBuiltIn: Bool,
             reference: SourceSpan?) {
            self.name = name
            self.theme = theme
            self.view = view
            self.builtIn = builtIn
            self.builtInName = builtInName
            self.isBuiltIn = isBuiltIn
            self.reference = reference
            colors = Array(repeating: nil, count: Catalog.themeProperties.count)
            fonts = Array(repeating: nil, count: Catalog.themeProperties.count)
        }

        var background: Source? { color(at: ContrastRule.cardBackgroundProperty) }

        /// A theme property's colour (else `Mint`'s) as a source; nil when it has none.
        func color(_ property: String) -> Source? { color(at: Catalog.themePropertyIndex(named: property)) }

        func color(at index: Int?) -> Source? {
            guard let index, colors.indices.contains(index) else { return nil }
            if let known = colors[index] { return known }
            let source = makeColor(Catalog.themeProperties[index].name)
            colors[index] = .some(source)
            return source
        }

        private func makeColor(_ property: String) -> Source? {
            guard let color = Self.color(property, of: theme) else { return nil }
            let chosen = !isBuiltIn && Self.color(property, of: builtIn) != color
            let origin = isBuiltIn || chosen ? "theme `\(name)`'s `\(property)`" : "theme `\(name)`'s `\(property)`, from `\(builtInName)`"
            let span = isBuiltIn ? nil : view?.arguments.ref(named: property)?.colorSpan
            return Source(color: color, chosen: chosen, origin: origin, themeProperty: isBuiltIn ? nil : property, editable: !isBuiltIn,
                          theme: name, span: span, themeUses: isBuiltIn ? nil : Uses())
        }

        static func color(_ property: String, of theme: ResolvedTheme?) -> ColorValue? {
            if let value = theme?.value(property) { return ThemePalette.color(value) }
            guard let mint = Catalog.themeProperty(named: property)?.mintValue else { return nil }
            return ThemePalette.color(catalog: mint)
        }

        /// The font of a theme property (`titleFont`), else `Mint`'s.
        func font(_ property: String) -> FontValue { font(at: Catalog.themePropertyIndex(named: property)) }

        func font(at index: Int?) -> FontValue {
            guard let index, fonts.indices.contains(index) else { return FontValue(.system, size: 17) }
            if let known = fonts[index] { return known }
            let property = Catalog.themeProperties[index]
            var font = FontValue(.system, size: 17)
            if case .font(let own)? = theme?.value(property.name) {
                font = own
            } else if case .font(let mint) = property.mintValue {
                font = mint
            }
            fonts[index] = font
            return font
        }
    }

    /// Which text or graphic of which part (or of a card's header) a finding is about, to group
    /// a finding over states.
    struct Subject: Hashable {
        var start: Int
        var end: Int
        var element: String
    }

    /// A failing pair, before it is grouped over states.
    struct Finding {
        var code: DiagnosticCode
        /// The part, nil for a sheet card's header.
        var part: PartView?
        var span: SourceSpan
        var subject: Subject
        /// `` `pill` text``, `` `bar` fill``, `the sheet header's title`.
        var what: String
        var foreground: Source
        var background: Source
        var ratio: Double
        var minimum: Double
        /// Every colour of what it sits on (a gradient's stops).
        var backgrounds: [Source]
        /// Whether the foreground is text (blended over the background before comparing).
        var isText: Bool
    }

    /// Everything a written colour is compared with: a fix-it's colour must pass all of it.
    struct Use: Hashable {
        var other: ColorValue
        var minimum: Double
        /// The written colour is the foreground (text or graphic), else the background.
        var isForeground: Bool
    }

    /// Every comparison a property of one declared theme is in (a class: the theme's source and
    /// its opaque copy share it).
    final class Uses {
        var uses: [Use] = []
    }

    /// What the walk found: every use of every written colour — for the diagnostics, of every
    /// property of a declared theme by theme — and the themes it walked.
    final class Walk {
        var uses: [SourceSpan: [Use]] = [:]
        /// Whether theme properties' uses are recorded by theme (`Source.themeUses`), for their
        /// fix-its: the diagnostics'; the drawing back ends' audit needs none.
        let recordsThemeUses: Bool
        /// The themes the cards are shown in, by name (the diagnostics'), for a theme fix.
        var themes: [String: ThemeFacts] = [:]
        /// Each theme property's fix, by theme and property, worked out once.
        var themeFixes: [ThemeProperty: ColorValue?] = [:]
        /// The declared themes by parent, made when a theme's fix is first worked out.
        var childThemes: [String: [String]]?
        /// Per theme and property, every comparison the property is in there and in the themes
        /// below that take it from there (`ContrastRule.uses(of:at:takenFrom:walk:)`).
        var groupUses: [ThemeProperty: Set<Use>] = [:]

        struct ThemeProperty: Hashable {
            var theme: String
            var property: String
        }

        init(recordsThemeUses: Bool = false) {
            self.recordsThemeUses = recordsThemeUses
        }

        /// The ratio of `foreground` on `background`, recording the pair for both when written
        /// (or a theme property).
        func compare(_ foreground: Source, on background: Source, minimum: Double) -> Double {
            let ratio = Contrast.ratio(Contrast.blend(foreground.color, over: background.color), background.color)
            if recordsThemeUses, let log = foreground.themeUses {
                log.uses.append(Use(other: background.color, minimum: minimum, isForeground: true))
            } else if let span = foreground.span {
                uses[span, default: []].append(Use(other: background.color, minimum: minimum, isForeground: true))
            }
            if recordsThemeUses, let log = background.themeUses {
                log.uses.append(Use(other: foreground.color, minimum: minimum, isForeground: false))
            } else if let span = background.span {
                uses[span, default: []].append(Use(other: foreground.color, minimum: minimum, isForeground: false))
            }
            return ratio
        }

        /// Each written colour's fix, worked out once: a theme's colour may be in thousands of
        /// findings, each with the same answer over the same uses (linear, not quadratic).
        private var fixes: [SourceSpan: ColorValue?] = [:]

        /// The colour nearest to written `source`'s that passes every use of it; nil when it is
        /// not written in the deck or no colour passes them all. (A theme property's is
        /// `ContrastRule.themeFix`.)
        func fix(for source: Source) -> ColorValue? {
            guard let span = source.span else { return nil }
            if let known = fixes[span] { return known }
            let fixed = uses[span].flatMap { Self.nearestPassing(source.color, uses: $0) }
            fixes[span] = .some(fixed)
            return fixed
        }

        /// The colour nearest to `color` that passes every one of `uses` (each pair once).
        static func nearestPassing(_ color: ColorValue, uses: [Use]) -> ColorValue? {
            guard let first = uses.first else { return nil }
            // A text or graphic's own colour made opaque; a background as it is seen.
            var start = color
            if first.isForeground { start.alpha = 255 } else { start = ContrastRule.opaque(start) }
            let distinct = Array(Set(uses))
            return Contrast.nearest(to: start) { candidate in
                distinct.allSatisfy { use in
                    use.isForeground ? Contrast.ratio(candidate, use.other) >= use.minimum
                        : Contrast.ratio(Contrast.blend(use.other, over: candidate), candidate) >= use.minimum
                }
            }
        }
    }

    /// One card in one theme, with where it is shown there.
    private struct Showing: Hashable {
        var card: Int
        var theme: String
    }

    /// A finding with what its diagnostic says about where it holds.
    private struct Pending {
        var finding: Finding
        var card: CardView
        var theme: ThemeFacts
        /// nil: a card without states, or a part outside them; empty: every state.
        var states: [String]?
    }

    func diagnostics() -> [Diagnostic] {
        var themesOfCard = [[String]](repeating: [], count: deck.cards.count)
        // (card, theme) pairs listed already, and those shown in a sheet (with a header).
        var listed: Set<Showing> = []
        var sheets: Set<Showing> = []
        var referenceOfTheme: [String: SourceSpan] = [:]
        for stack in deck.stacks {
            if referenceOfTheme[stack.theme] == nil, let reference = stack.themeReference { referenceOfTheme[stack.theme] = reference.span }
            let isSheet = stack.spec.supportsNavigation
            for position in stack.cardPositions where themesOfCard.indices.contains(position) {
                let showing = Showing(card: position, theme: stack.theme)
                if listed.insert(showing).inserted { themesOfCard[position].append(stack.theme) }
                if isSheet { sheets.insert(showing) }
            }
        }
        let walk = Walk(recordsThemeUses: true)
        var pending: [Pending] = []
        for (index, card) in deck.cards.enumerated() {
            let themes = themesOfCard[index].isEmpty ? [Catalog.defaultThemeName] : themesOfCard[index]
            for name in themes {
                let facts: ThemeFacts
                if let known = walk.themes[name] { facts = known } else {
                    facts = themeFacts(name, reference: referenceOfTheme[name])
                    walk.themes[name] = facts
                }
                pending += findings(for: card, in: facts, isSheet: sheets.contains(Showing(card: index, theme: name)), walk: walk)
            }
        }
        return pending.map { diagnostic($0, walk: walk) }
    }

    fileprivate func themeFacts(_ name: String, reference: SourceSpan?) -> ThemeFacts {
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
        return ThemeFacts(name: name, theme: theme, view: view, builtIn: builtIn, builtInName: builtIn?.name ?? Catalog.defaultThemeName,
                          isBuiltIn: view?.isBuiltIn ?? true, reference: reference)
    }

    /// What a card sits on in a theme: its gradient's colours (which fill a transparent card
    /// too, over the screen behind it), the screen behind a transparent card, else the theme's
    /// card background.
    fileprivate func backgrounds(of card: CardView, in theme: ThemeFacts) -> [Source] {
        let isTransparent = card.trait(.transparent) != nil
        if let trait = card.trait(.gradient), let stops = trait.arguments.ref(named: "colors")?.elements {
            let colors = stops.compactMap { stop in stop.color.map { (stop, $0) } }
            if colors.count >= 2 {
                return colors.enumerated().map { i, pair in
                    Source(color: isTransparent ? Self.opaque(pair.1, over: ThemePalette.screenBackground) : Self.opaque(pair.1),
                           chosen: true, origin: "colour \(i + 1) of the card's `gradient`", editable: true, span: pair.0.colorSpan)
                }
            }
        }
        if isTransparent {
            return [Source(color: ThemePalette.screenBackground, chosen: false, origin: "the screen behind the `transparent` card",
                           editable: false)]
        }
        return theme.background.map { [$0.opaque] } ?? []
    }

    private func findings(for card: CardView, in theme: ThemeFacts, isSheet: Bool, walk: Walk) -> [Pending] {
        let backgrounds = backgrounds(of: card, in: theme)
        guard !backgrounds.isEmpty else { return [] }
        var result: [Pending] = []
        // Findings per subject in state order, with the states each holds in (and the last of
        // them, so a state is added once without searching the list).
        var order: [Subject] = []
        var found: [Subject: (finding: Finding, states: [String], lastState: Int)] = [:]
        let states = card.states
        // A state lists the card's shared parts too: each top-level part is looked at once (by a
        // table, not a search: a card may hold thousands of parts in many states).
        var knownFindings: [PartView: [Finding]] = [:]
        for (stateIndex, state) in states.enumerated() {
            var findings: [Finding] = []
            for part in state.parts {
                if let earlier = knownFindings[part] { findings += earlier; continue }
                var own: [Finding] = []
                collect(part, backgrounds: backgrounds, theme: theme, walk: walk, into: &own)
                if states.count > 1 { knownFindings[part] = own }
                findings += own
            }
            for finding in findings {
                let key = finding.subject
                if found[key] == nil { order.append(key); found[key] = (finding, [], -1) }
                if found[key]?.lastState != stateIndex {
                    found[key]?.states.append(state.name)
                    found[key]?.lastState = stateIndex
                }
            }
        }
        let declaresStates = states.contains { $0.span != nil }
        for key in order {
            guard let (finding, inStates, _) = found[key] else { continue }
            result.append(Pending(finding: finding, card: card, theme: theme,
                                  states: declaresStates ? (inStates.count == states.count && states.count > 1 ? [] : inStates) : nil))
        }
        // Outside the states: swipe overlays (over the card), the footer, a sheet card's header.
        var outside: [Finding] = []
        for overlay in card.overlays {
            for part in overlay.parts { collect(part, backgrounds: backgrounds, theme: theme, walk: walk, into: &outside) }
        }
        if let footer = card.footer {
            for part in footer.parts { collect(part, backgrounds: backgrounds, theme: theme, walk: walk, into: &outside) }
        }
        if isSheet { collectHeader(of: card, backgrounds: backgrounds, theme: theme, walk: walk, into: &outside) }
        result += outside.map { Pending(finding: $0, card: card, theme: theme, states: nil) }
        return result
    }

    /// The failing texts of a sheet card's header: its `title:` in `titleColor` and `titleFont`,
    /// its `subtitle:` in `detailTextColor` and `detailTextFont`.
    fileprivate func collectHeader(of card: CardView, backgrounds: [Source], theme: ThemeFacts, walk: Walk, into findings: inout [Finding]) {
        for (value, what, colorProperty, fontProperty) in [(card.titleValue, "title", "titleColor", "titleFont"),
                                                          (card.subtitleValue, "subtitle", "detailTextColor", "detailTextFont")] {
            guard value != nil, let color = theme.color(colorProperty) else { continue }
            let font = theme.font(fontProperty)
            check(color, on: backgrounds, minimum: Contrast.minimumRatio(size: font.size, weight: font.weight), code: .w1001,
                  part: nil, span: card.span, element: "header-" + what, what: "the sheet header's \(what)", isText: true, walk: walk,
                  into: &findings)
        }
    }

    /// Compares `foreground` with each of `backgrounds` and adds a finding for the worst when it
    /// fails and the deck chose one of the two (the built-in themes' own pairs are CardParts').
    fileprivate func check(_ foreground: Source, on backgrounds: [Source], minimum: Double, code: DiagnosticCode, part: PartView?, span: SourceSpan,
                       element: @autoclosure () -> String, what: @autoclosure () -> String, isText: Bool, walk: Walk,
                       into findings: inout [Finding]) {
        var worst: (ratio: Double, background: Source)?
        for background in backgrounds {
            let ratio = walk.compare(foreground, on: background, minimum: minimum)
            if worst.map({ ratio < $0.ratio }) ?? true { worst = (ratio, background) }
        }
        guard let worst, worst.ratio < minimum, includesUnchosen || foreground.chosen || worst.background.chosen else { return }
        // The names are made only for a finding: most texts pass.
        findings.append(Finding(code: code, part: part, span: span, subject: Subject(start: span.start, end: span.end, element: element()), what: what(),
                                foreground: foreground, background: worst.background, ratio: worst.ratio, minimum: minimum,
                                backgrounds: backgrounds, isText: isText))
    }

    /// The pairs of `part` and its children that fail, `backgrounds` being what `part` sits on.
    fileprivate func collect(_ part: PartView, backgrounds: [Source], theme: ThemeFacts, walk: Walk, into findings: inout [Finding]) {
        let kind = part.kind
        let arguments = part.arguments
        let texts = Self.texts[kind.index]
        for entry in texts where entry.isPresent(in: part, arguments) {
            guard let (color, font) = textSource(entry, of: part, arguments, theme: theme) else { continue }
            var on = backgrounds
            if entry.hasFill,
               let source = colorSource(fixed: nil, parameter: entry.fillParameter, property: entry.fillProperty, of: part, arguments, theme: theme) {
                on = [Source(color: Self.opaque(Contrast.blend(source.color, over: backgrounds.first?.color ?? Self.white)), chosen: source.chosen,
                             origin: "the `\(part.part)`'s fill, " + source.origin, themeProperty: source.themeProperty, editable: source.editable,
                             theme: source.theme, span: source.color.alpha == 255 ? source.span : nil)]
            }
            check(color, on: on, minimum: Contrast.minimumRatio(size: font.size, weight: font.weight), code: .w1001, part: part,
                  span: part.span, element: kind.spec.texts[entry.index].name,
                  what: texts.count > 1 ? "`\(part.part)` `\(kind.spec.texts[entry.index].name)` text" : "`\(part.part)` text",
                  isText: true, walk: walk, into: &findings)
        }
        for entry in Self.graphics[kind.index] where entry.isPresent(in: part, arguments) {
            // A list of colours (a progress bar's segments): each is drawn; the worst is reported.
            var candidates: [Finding] = []
            for (number, source) in graphicSources(entry, of: part, arguments, theme: theme) {
                let name = kind.spec.graphics[entry.index].name
                check(source, on: backgrounds, minimum: Contrast.nonTextMinimum, code: .w1004, part: part, span: part.span,
                      element: name, what: number.map { "`\(part.part)` \(name) \($0)" } ?? "`\(part.part)` \(name)", isText: false,
                      walk: walk, into: &candidates)
            }
            if let worst = candidates.min(by: { $0.ratio < $1.ratio }) { findings.append(worst) }
        }
        var inner = backgrounds
        if let index = Self.backgroundParameter[kind.index], let written = arguments.ref(at: index), let color = written.color {
            inner = [Source(color: Self.opaque(Contrast.blend(color, over: backgrounds.first?.color ?? Self.white)), chosen: true,
                            origin: "the `\(part.part)`'s `background:`", editable: true, span: color.alpha == 255 ? written.colorSpan : nil)]
        }
        for child in part.children { collect(child, backgrounds: inner, theme: theme, walk: walk, into: &findings) }
    }

    /// The colour and font of a text `part` draws, when its colour is known before the app runs
    /// (a `color:` bound to the model is not).
    private func textSource(_ entry: TextEntry, of part: PartView, _ arguments: ArgumentList,
                            theme: ThemeFacts) -> (color: Source, font: FontValue)? {
        var colorProperty = entry.colorProperty
        var fontProperty = entry.fontProperty
        if let index = entry.styleParameter {
            (colorProperty, fontProperty) = Self.styleProperties(arguments.ref(at: index)?.caseName)
        }
        var font = theme.font(at: fontProperty)
        if let index = entry.fontParameter, let written = arguments.ref(at: index), case .font(let own) = written.decoded { font = own }
        return colorSource(fixed: entry.fixed, parameter: entry.colorParameter, property: colorProperty, of: part, arguments, theme: theme)
            .map { ($0, font) }
    }

    /// A drawn colour as a source: the part's argument (nil when bound to the model), else the
    /// theme's property, else the fixed colour.
    private func colorSource(fixed: ColorValue?, parameter: Int?, property: Int?, of part: PartView, _ arguments: ArgumentList,
                             theme: ThemeFacts) -> Source? {
        if let parameter, let written = arguments.ref(at: parameter) {
            guard let color = written.color else { return nil }
            return Source(color: color, chosen: true, origin: "its `\(part.spec.parameters[parameter].name):`", editable: true,
                          span: written.colorSpan)
        }
        if let source = theme.color(at: property) { return source }
        return fixed.map { Source(color: $0, chosen: false, origin: "UIKit's default", editable: false) }
    }

    /// The colours of a graphic, numbered when it has several (a list argument).
    private func graphicSources(_ entry: GraphicEntry, of part: PartView, _ arguments: ArgumentList,
                                theme: ThemeFacts) -> [(Int?, Source)] {
        if let parameter = entry.colorParameter, let written = arguments.ref(at: parameter), let elements = written.elements {
            let name = part.spec.parameters[parameter].name
            return elements.enumerated().compactMap { i, element in
                element.color.map { (i + 1, Source(color: $0, chosen: true, origin: "colour \(i + 1) of its `\(name):`", editable: true,
                                                   span: element.colorSpan)) }
            }
        }
        return colorSource(fixed: entry.fixed, parameter: entry.colorParameter, property: entry.colorProperty, of: part, arguments,
                           theme: theme).map { [(nil, $0)] } ?? []
    }

    // MARK: The catalog's entries, with parameter indices found once

    /// When an entry is drawn, by parameter index.
    enum Presence {
        case always, argument(Int), either(Int, Int), flag(Int), defaultRows, never

        init(_ presence: DrawnPresence, in spec: PartSpec) {
            func index(_ name: String) -> Int? { spec.parameters.firstIndex { $0.name == name } }
            switch presence {
            case .always: self = .always
            case .argument(let name): self = index(name).map { .argument($0) } ?? .never
            case .eitherArgument(let a, let b): self = index(a).flatMap { a in index(b).map { .either(a, $0) } } ?? .never
            case .flag(let name): self = index(name).map { .flag($0) } ?? .never
            case .defaultRows: self = .defaultRows
            }
        }

        func holds(in part: PartView, _ arguments: ArgumentList) -> Bool {
            switch self {
            case .always: true
            case .argument(let index): arguments.ref(at: index) != nil
            case .either(let a, let b): arguments.ref(at: a) != nil || arguments.ref(at: b) != nil
            case .flag(let index): arguments.ref(at: index)?.bool == true
            case .defaultRows: !part.children.contains { $0.kind == .cell }
            case .never: false
            }
        }
    }

    /// A catalog text with what the rule reads, as plain values (iterated per part, so it holds
    /// no reference: copying it retains nothing). `index` is its place in its spec's `texts`.
    struct TextEntry {
        let index: Int
        let fixed: ColorValue?
        let hasFill: Bool
        /// Theme property indices: the colour's, the font's, the fill's.
        let colorProperty: Int?
        let fontProperty: Int?
        let fillProperty: Int?
        let colorParameter: Int?
        let fontParameter: Int?
        let styleParameter: Int?
        let fillParameter: Int?
        let presence: Presence

        func isPresent(in part: PartView, _ arguments: ArgumentList) -> Bool { presence.holds(in: part, arguments) }
    }

    struct GraphicEntry {
        let index: Int
        let fixed: ColorValue?
        let colorProperty: Int?
        let colorParameter: Int?
        let presence: Presence

        func isPresent(in part: PartView, _ arguments: ArgumentList) -> Bool { presence.holds(in: part, arguments) }
    }

    static func parameterIndex(_ name: String?, in spec: PartSpec) -> Int? {
        name.flatMap { name in spec.parameters.firstIndex { $0.name == name } }
    }

    /// Per part kind, its texts and graphics.
    static let texts: [[TextEntry]] = PartKind.allCases.map { kind in
        let spec = kind.spec
        return spec.texts.enumerated().map { index, text in
            TextEntry(index: index, fixed: text.color.fixed, hasFill: text.fill != nil, colorProperty: text.color.themeProperty.flatMap(Catalog.themePropertyIndex(named:)),
                      fontProperty: Catalog.themePropertyIndex(named: text.fontProperty),
                      fillProperty: text.fill?.themeProperty.flatMap(Catalog.themePropertyIndex(named:)),
                      colorParameter: parameterIndex(text.color.parameter, in: spec),
                      fontParameter: parameterIndex(text.fontParameter, in: spec), styleParameter: parameterIndex(text.styleParameter, in: spec),
                      fillParameter: parameterIndex(text.fill?.parameter, in: spec), presence: Presence(text.presence, in: spec))
        }
    }
    static let graphics: [[GraphicEntry]] = PartKind.allCases.map { kind in
        let spec = kind.spec
        return spec.graphics.enumerated().map { index, graphic in
            GraphicEntry(index: index, fixed: graphic.color.fixed, colorProperty: graphic.color.themeProperty.flatMap(Catalog.themePropertyIndex(named:)),
                         colorParameter: parameterIndex(graphic.color.parameter, in: spec),
                         presence: Presence(graphic.presence, in: spec))
        }
    }
    /// Per part kind, its `background:` parameter (containers), if it has one.
    static let backgroundParameter: [Int?] = PartKind.allCases.map { kind in kind.spec.parameters.firstIndex { $0.name == "background" } }
    static let cardBackgroundProperty = Catalog.themePropertyIndex(named: "cardBackgroundColor")

    /// The theme property indices of a `text(style:)` case's colour and font (any other case
    /// has the default style's), from the catalog's table of text styles.
    static func styleProperties(_ style: String?) -> (color: Int?, font: Int?) {
        styleIndices[Catalog.textStyleIndex(named: style)]
    }
    /// By position in `Catalog.textStyles`, found once.
    static let styleIndices: [(color: Int?, font: Int?)] = Catalog.textStyles.map {
        (Catalog.themePropertyIndex(named: $0.colorProperty), Catalog.themePropertyIndex(named: $0.fontProperty))
    }

    // MARK: Diagnostics

    private func diagnostic(_ pending: Pending, walk: Walk) -> Diagnostic {
        let finding = pending.finding, theme = pending.theme
        let foreground = finding.foreground.color, background = finding.background.color
        var message = "\(finding.what) \(foreground.hex) on \(background.hex) has a contrast of \(Contrast.format(finding.ratio)), "
            + "below \(Contrast.format(finding.minimum)), in theme `\(theme.name)`"
        if let states = pending.states {
            message += states.isEmpty ? " in every state" : states.count == 1 ? " in state `\(states[0])`" : " in states " + states.map { "`\($0)`" }.joined(separator: ", ")
        }
        let role = finding.isText ? "the text" : "the \(finding.subject.element)"
        var notes: [DiagnosticNote] = [
            DiagnosticNote("\(role) is \(foreground.hex), \(finding.foreground.origin); the background is \(background.hex), \(finding.background.origin)"),
        ]
        if let reference = theme.reference { notes.append(DiagnosticNote("card `\(pending.card.name)` is shown in theme `\(theme.name)` here", at: reference)) }
        let (help, fixIts) = suggestion(finding, walk: walk)
        notes.append(.help(help))
        let label = finding.isText
            ? (finding.minimum == 3 ? "large text needs 3:1 (WCAG 2.2 SC 1.4.3)" : "text needs 4.5:1 (WCAG 2.2 SC 1.4.3)")
            : "a graphic a user must see needs 3:1 (WCAG 2.2 SC 1.4.11)"
        return Diagnostic(finding.code, message, at: finding.span, label: label, notes: notes, fixIts: fixIts)
    }

    /// What to change, and the fix-it that changes it: what only this card uses first (the
    /// foreground's own colour, then the card's gradient or a container's `background:`), a
    /// theme's colour last (it colours every card of the theme). A fix-it is offered for a
    /// colour the deck writes, with the nearest colour that passes every comparison it is in.
    private func suggestion(_ finding: Finding, walk: Walk) -> (String, [FixIt]) {
        let minimum = Contrast.format(finding.minimum)
        let backgrounds = finding.backgrounds
        let foreground = finding.foreground
        let text = foreground.color
        let subject = finding.isText ? "the text" : "the \(finding.subject.element)"
        func passes(_ background: ColorValue) -> Bool {
            finding.isText ? Contrast.ratio(Contrast.blend(text, over: background), background) >= finding.minimum
                : Contrast.ratio(text, background) >= finding.minimum
        }
        let shared = foreground.themeProperty.map { " (`\($0)` colours this in every card of the theme)" } ?? ""
        // The foreground's own colour, written in the card.
        if foreground.isLocal, let fixed = walk.fix(for: foreground), let span = foreground.span {
            return ("\(foreground.change(to: fixed.hex)), or another colour with at least \(minimum) against "
                    + (backgrounds.count > 1 ? "every colour of the background" : finding.background.color.hex),
                    [FixIt(span, fixed.hex)])
        }
        // The card's gradient (each failing stop) or a container's `background:`.
        let localBackgrounds = backgrounds.allSatisfy(\.isLocal) && finding.background.isLocal
        if localBackgrounds {
            var fixes: [FixIt] = [], colors: [String] = [], complete = true
            for background in backgrounds {
                if passes(background.color) { colors.append(background.color.hex); continue }
                guard let fixed = walk.fix(for: background), let span = background.span else { complete = false; break }
                fixes.append(FixIt(span, fixed.hex))
                colors.append(fixed.hex)
            }
            if complete && !fixes.isEmpty {
                let help = backgrounds.count > 1
                    ? "make the card's `gradient` colours [\(colors.joined(separator: ", "))], or others with at least \(minimum) against \(text.hex)"
                    : "\(finding.background.change(to: colors[0])), or another colour with at least \(minimum) against \(text.hex)"
                return (help, fixes)
            }
        }
        // A theme's colour — the foreground's, then the background's — where the theme sets it,
        // else added to the theme (the one the card is shown in, which the deck declares).
        for source in [foreground, finding.background] {
            guard let property = source.themeProperty, let theme = source.theme, let fixed = themeFix(property, of: theme, walk: walk)
            else { continue }
            let fixIt: FixIt
            if let span = source.span {
                fixIt = FixIt(span, fixed.hex)
            } else if let insertion = deck.theme(named: theme)?.propertyInsertion {
                fixIt = insertion.fixIt(property, fixed.hex)
            } else {
                continue
            }
            let note = source === foreground ? shared : " (`\(source.themeProperty ?? "")` is the background of every card of the theme)"
            return ("\(source.change(to: fixed.hex)), or another colour with at least \(minimum) against every colour it is shown with\(note)",
                    [fixIt])
        }
        // No fix-it: the nearest colours for this pair, to change by hand.
        if !foreground.isLocal && finding.background.isLocal, backgrounds.count == 1,
           let fixed = Contrast.nearest(to: finding.background.color, where: passes) {
            return ("\(finding.background.change(to: fixed.hex)), or another colour with at least \(minimum) against \(text.hex)", [])
        }
        if foreground.editable || !finding.background.editable,
           let fixed = Contrast.nearest(to: Self.opaque(text), where: { candidate in
               backgrounds.allSatisfy { Contrast.ratio(candidate, $0.color) >= finding.minimum }
           }) {
            let against = backgrounds.count > 1 ? "every colour of the background" : finding.background.color.hex
            let change = foreground.editable ? foreground.change(to: fixed.hex)
                : "give \(subject) (\(foreground.origin)) \(fixed.hex) in a theme of the deck's own"
            return ("\(change), or another colour with at least \(minimum) against \(against)\(shared)", [])
        }
        if let fixed = Contrast.nearest(to: finding.background.color, where: passes) {
            return ("\(finding.background.change(to: fixed.hex)), or another colour with at least \(minimum) against \(text.hex)", [])
        }
        return ("change \(subject) or the background colour so they differ more in lightness", [])
    }

    /// The colour nearest to `property`'s in declared theme `theme` that passes every comparison
    /// it is in — in `theme` and in every declared theme that takes the property from it (a
    /// theme below it setting none, nor one between them), whose colour changes with it — so
    /// setting it there, or changing what `theme` writes, breaks no other pair. Worked out once
    /// per theme and property; nil when no colour passes them all.
    func themeFix(_ property: String, of theme: String, walk: Walk) -> ColorValue? {
        let key = Walk.ThemeProperty(theme: theme, property: property)
        if let known = walk.themeFixes[key] { return known }
        var fixed: ColorValue?
        if let index = Catalog.themePropertyIndex(named: property), let own = walk.themes[theme]?.color(at: index) {
            fixed = Walk.nearestPassing(own.color, uses: Array(uses(of: property, at: index, takenFrom: theme, walk: walk)))
        }
        walk.themeFixes[key] = .some(fixed)
        return fixed
    }

    /// Every comparison `property` (at `index`) is in, in `theme` and in the declared themes
    /// below it that take it from it: neither they nor a theme between set it. Each theme's
    /// set is made once, from its own uses and its children's sets (`Walk.groupUses`), children
    /// first and without recursion, so a long chain of themes costs its length.
    private func uses(of property: String, at index: Int, takenFrom theme: String, walk: Walk) -> Set<Use> {
        if walk.childThemes == nil {
            var children: [String: [String]] = [:]
            for other in deck.themes where !other.isBuiltIn {
                if let parent = other.parent { children[parent, default: []].append(other.name) }
            }
            walk.childThemes = children
        }
        func takes(_ child: String) -> Bool { deck.theme(named: child)?.arguments.ref(named: property)?.colorSpan == nil }
        // The themes whose sets are still to make, parents before children.
        var order: [String] = [], pending = [theme], seen: Set<String> = [theme]
        while let next = pending.popLast() {
            guard walk.groupUses[Walk.ThemeProperty(theme: next, property: property)] == nil else { continue }
            order.append(next)
            for child in walk.childThemes?[next] ?? [] where seen.insert(child).inserted && takes(child) { pending.append(child) }
        }
        for name in order.reversed() {
            var set = Set(walk.themes[name]?.color(at: index)?.themeUses?.uses ?? [])
            for child in walk.childThemes?[name] ?? [] where takes(child) {
                set.formUnion(walk.groupUses[Walk.ThemeProperty(theme: child, property: property)] ?? [])
            }
            walk.groupUses[Walk.ThemeProperty(theme: name, property: property)] = set
        }
        return walk.groupUses[Walk.ThemeProperty(theme: theme, property: property)] ?? []
    }

    static let white = ColorValue(red: 255, green: 255, blue: 255)

    /// A background colour as seen: a translucent one over white, UIKit's default behind a card.
    static func opaque(_ color: ColorValue, over background: ColorValue = white) -> ColorValue {
        color.alpha == 255 ? color : Contrast.blend(color, over: background)
    }
}

/// The contrast diagnostics (W1001 text, W1004 graphics) of a deck without errors, for `cardc
/// check` and `cardc build`.
public func contrastDiagnostics(for deck: CheckedUnit) -> [Diagnostic] {
    ContrastRule(deck: deck).diagnostics()
}

/// A failing text or graphic, as the drawing back ends mark it on the part (docs/gallery.md).
public struct ContrastFailure: Sendable, Hashable {
    /// W1001 (text) or W1004 (a graphic).
    public var code: DiagnosticCode
    /// Which text or graphic: `text`, `leftTitle`, `fill`, `segment`, `header title`.
    public var element: String
    public var foreground: ColorValue
    public var background: ColorValue
    public var ratio: Double
    public var minimum: Double
    /// Whether the deck chose one of the colours, so `cardc check` reports it; false for a
    /// built-in theme's own pair (Mint's grey text on white), which is not reported.
    public var isReported: Bool
}

/// W1001 and W1004's verdicts for one card in one theme — in any theme, shown there by a stack
/// or not — for the drawing back ends to mark the failing parts: the same rule, read once per
/// card and theme drawn (theme facts are read once per theme).
public final class ContrastAudit {
    let rule: ContrastRule
    private var themes: [String: ContrastRule.ThemeFacts] = [:]

    public init(deck: CheckedUnit) {
        rule = ContrastRule(deck: deck, includesUnchosen: true)
    }

    /// The failures of `card`'s parts in theme `theme` — states, overlays and the footer — by
    /// part, and of its sheet header.
    public func failures(of card: CardView, inTheme theme: String) -> (parts: [PartView: [ContrastFailure]], header: [ContrastFailure]) {
        let facts: ContrastRule.ThemeFacts
        if let known = themes[theme] { facts = known } else {
            facts = rule.themeFacts(theme, reference: nil)
            themes[theme] = facts
        }
        let backgrounds = rule.backgrounds(of: card, in: facts)
        guard !backgrounds.isEmpty else { return ([:], []) }
        let walk = ContrastRule.Walk()
        var findings: [ContrastRule.Finding] = []
        var seen = Set<PartView>()
        for state in card.states {
            for part in state.parts where seen.insert(part).inserted {
                rule.collect(part, backgrounds: backgrounds, theme: facts, walk: walk, into: &findings)
            }
        }
        for overlay in card.overlays {
            for part in overlay.parts { rule.collect(part, backgrounds: backgrounds, theme: facts, walk: walk, into: &findings) }
        }
        if let footer = card.footer {
            for part in footer.parts { rule.collect(part, backgrounds: backgrounds, theme: facts, walk: walk, into: &findings) }
        }
        var header: [ContrastRule.Finding] = []
        rule.collectHeader(of: card, backgrounds: backgrounds, theme: facts, walk: walk, into: &header)
        var parts: [PartView: [ContrastFailure]] = [:]
        for finding in findings {
            guard let part = finding.part else { continue }
            parts[part, default: []].append(Self.failure(finding))
        }
        return (parts, header.map(Self.failure))
    }

    static func failure(_ finding: ContrastRule.Finding) -> ContrastFailure {
        ContrastFailure(code: finding.code, element: finding.subject.element, foreground: finding.foreground.color,
                        background: finding.background.color, ratio: finding.ratio, minimum: finding.minimum,
                        isReported: finding.foreground.chosen || finding.background.chosen)
    }
}

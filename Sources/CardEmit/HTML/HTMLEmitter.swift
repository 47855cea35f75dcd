import CardLayout
import CardModel

/// The HTML gallery back end (`--emit html`): `<name>.cards.html`, one self-contained page
/// (inline CSS, no script, no external request: its Content-Security-Policy forbids them) that
/// shows every card in every state — and every swipe overlay — in a grid of the gallery's themes
/// at the viewport and at a narrow width, then every stack in every position. Every part is
/// drawn at the frame the layout engine computed (the layout JSON's numbers) in its theme's
/// fonts and colours, with the card traits' look; hovering a part shows its name and frame.
/// docs/gallery.md describes the page.
///
/// **Columns.** One per theme and width. The themes are `--theme`'s (`BackendOptions.themes`),
/// else the themes the deck's stacks use, then the built-in `Mint` and `Turbo`, then any theme
/// the deck declares whose card background is dark; the widths are `--width`'s, else the
/// viewport's and 320 points. Those columns are at the first `--text-size` (`large` without
/// one); then a **Dynamic Type column** per further `--text-size` — `AX3` without any — in the
/// first column's theme and width, its fonts scaled as UIKit scales them. A card is laid out
/// in a column as the first stack showing it in the column's theme shows it, else (no stack
/// of it uses that theme) as its first stack does, in that theme — and the heading names the
/// stack, "in" or "as in". The column headings stay in view as the page scrolls (CSS sticky).
///
/// **Stacks.** Each in every position on the viewport, in its own theme; a `sheet` also with
/// each pushed card (every card after the root) in the position it opens in.
///
/// **Large decks.** A deck of more than `fullGalleryLimit` cards gets the lean gallery: its
/// first `fullGalleryLimit` cards, each only where it is first laid out (the first stack that
/// lists it, else a list in the default theme) at the viewport, in every state; the stacks all
/// of whose cards are among those; and an index naming every card and stack not drawn. Only the
/// cards drawn have their models built, so the page costs little more than checking the deck,
/// and it stays a size a browser opens (docs/gallery.md).
///
/// Cards are read and drawn one at a time and the page is handed out in pieces of about
/// `pieceSize` bytes, ending between cards.
public struct HTMLEmitter: Backend {
    public let name = "html"
    public let fileExtension = "cards.html"
    public let summary = "HTML gallery: every card in every state, theme and width, every stack in every position"

    /// The narrow width of the gallery's second column per theme, in points.
    public static let narrowWidth = 320.0
    /// The screen widths `--width` accepts, in points: from a small phone to a large tablet.
    public static let widthRange = 100...2_000
    /// The most cards a deck may have for the full gallery; larger decks get the lean one.
    public static let defaultFullGalleryLimit = 200

    public var fullGalleryLimit: Int
    public var pieceSize: Int

    public init(fullGalleryLimit: Int = HTMLEmitter.defaultFullGalleryLimit, pieceSize: Int = 1 << 20) {
        self.fullGalleryLimit = max(0, fullGalleryLimit)
        self.pieceSize = max(1, pieceSize)
    }

    public func emit(_ deck: CheckedUnit, options: BackendOptions, to sink: ([UInt8]) throws -> Void) rethrows {
        let lean = deck.cards.count > fullGalleryLimit
        var gallery = Gallery(deck: deck, viewport: options.viewport, drawnCards: lean ? fullGalleryLimit : deck.cards.count,
                              themes: options.themes, widths: options.widths, textSizes: options.textSizes)
        var out = HTMLWriter(capacity: min(pieceSize, 1 << 20) + (1 << 16))
        gallery.writeHead(into: &out)
        for index in 0..<gallery.drawnCards {
            gallery.writeCard(at: index, into: &out)
            if out.count >= pieceSize { try sink(out.takeBytes()) }
        }
        for (index, stack) in deck.stacks.enumerated() where gallery.draws(stack) {
            gallery.writeStack(stack, number: index, into: &out)
            if out.count >= pieceSize { try sink(out.takeBytes()) }
        }
        if lean { gallery.writeIndex(into: &out) }
        out.raw("</main>\n</body>\n</html>\n")
        try sink(out.takeBytes())
    }
}

/// One gallery page being written: the themes and widths it shows and the card sources that
/// build and lay out its cards.
struct Gallery {
    let deck: CheckedUnit
    let viewport: Viewport
    /// The lean gallery (`HTMLEmitter.fullGalleryLimit`): fewer cards drawn than the deck has.
    let isLean: Bool
    /// The cards drawn: the first this many.
    let drawnCards: Int
    /// The themes of the grid's columns (full gallery), in order.
    let columnThemes: [String]
    /// Every theme drawn anywhere, with its CSS class number.
    let themeNumbers: [String: Int]
    let themeOrder: [String]
    /// The card sources: at the viewport first (stacks, the lean gallery), then at each other
    /// column width.
    var sources: [CardSource]
    /// The source of each column width, in order (indices into `sources`).
    let columnSources: [Int]
    /// The text size of every theme × width column and of the stacks.
    let textSize: ContentSizeCategory
    /// The Dynamic Type columns (full gallery): each a text size and its source, in the first
    /// column's theme and width.
    let dynamicTypeColumns: [(size: ContentSizeCategory, source: Int)]

    /// The gallery's Dynamic Type columns without `--text-size`.
    static let defaultDynamicTypeSizes: [ContentSizeCategory] = [.ax3]

    /// The content security policy: nothing may load (no scripts, styles, images, fonts or
    /// frames from anywhere), inline event handlers and scripts are refused; the page's own
    /// style element and style attributes are allowed.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

    /// `themes`, `widths` and `textSizes` choose the columns (`--theme`, `--width`,
    /// `--text-size`); empty, the defaults.
    init(deck: CheckedUnit, viewport: Viewport, drawnCards: Int, themes: [String] = [], widths: [Double] = [],
         textSizes: [ContentSizeCategory] = []) {
        self.deck = deck
        self.viewport = viewport
        let textSize = textSizes.first ?? .default
        self.textSize = textSize
        self.drawnCards = min(max(0, drawnCards), deck.cards.count)
        isLean = self.drawnCards < deck.cards.count
        var order: [String] = []
        func add(_ name: String) { if !order.contains(name) { order.append(name) } }
        if themes.isEmpty {
            for stack in deck.stacks { add(stack.theme) }
            if deck.stacks.isEmpty { add(Catalog.defaultThemeName) }
            for theme in Catalog.builtInThemes { add(theme.name) }
            for theme in deck.themes where !theme.isBuiltIn {
                if let background = ThemePalette(theme: theme.resolved).cardBackground, GalleryStyle.isDark(background) { add(theme.name) }
            }
        } else {
            for theme in themes { add(theme) }
        }
        columnThemes = order
        // Stacks are drawn in their own themes; the lean gallery draws cards in no stack in the
        // default theme.
        for stack in deck.stacks { add(stack.theme) }
        add(Catalog.defaultThemeName)
        themeOrder = order
        themeNumbers = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        sources = [CardSource(deck: deck, viewport: viewport, textSize: textSize, theme: nil)]
        var columnWidths: [Double] = []
        for width in widths.isEmpty ? [viewport.width, HTMLEmitter.narrowWidth] : widths where !columnWidths.contains(width) {
            // Without --width the narrow column is left out when the viewport is already narrow.
            if widths.isEmpty && width > viewport.width { continue }
            columnWidths.append(width)
        }
        var indices: [Int] = []
        for width in isLean ? [] : columnWidths {
            if width == viewport.width {
                indices.append(0)
            } else {
                indices.append(sources.count)
                sources.append(CardSource(deck: deck, viewport: Viewport(width: width, height: viewport.height),
                                          textSize: textSize, theme: nil))
            }
        }
        columnSources = isLean ? [0] : indices
        var dynamicType: [(size: ContentSizeCategory, source: Int)] = []
        // At the first column's width (the viewport's without --width).
        let dynamicTypeViewport = Viewport(width: columnWidths.first ?? viewport.width, height: viewport.height)
        for size in textSizes.isEmpty ? Self.defaultDynamicTypeSizes : Array(textSizes.dropFirst())
        where !isLean && size != textSize && !dynamicType.contains(where: { $0.size == size }) {
            dynamicType.append((size, sources.count))
            sources.append(CardSource(deck: deck, viewport: dynamicTypeViewport, textSize: size, theme: nil))
        }
        dynamicTypeColumns = dynamicType
    }

    func themeNumber(_ name: String) -> Int { themeNumbers[name] ?? 0 }

    /// Whether `stack` is drawn: all its cards are among the cards drawn.
    func draws(_ stack: StackView) -> Bool {
        !isLean || stack.cards.allSatisfy { deck.cards.position(named: $0.name).map { $0 < drawnCards } ?? true }
    }

    // MARK: Page

    mutating func writeHead(into out: inout HTMLWriter) {
        out.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        out.raw("<meta http-equiv=\"Content-Security-Policy\" content=\"" + Self.contentSecurityPolicy + "\">\n")
        out.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        out.raw("<meta name=\"generator\" content=\"cardc build --emit html\">\n<title>")
        out.text(deck.entryPath)
        out.raw(" · cardc gallery</title>\n<style>\n")
        out.raw(GalleryStyle.fixed)
        out.raw("\n")
        for (number, name) in themeOrder.enumerated() {
            GalleryStyle.writeTheme(sources[0].theme(named: name), number: number, textSize: textSize, to: &out)
        }
        if let theme = columnThemes.first {
            for (column, dynamicType) in dynamicTypeColumns.enumerated() {
                GalleryStyle.writeThemeFonts(sources[0].theme(named: theme), number: themeNumber(theme), column: column + 1,
                                             textSize: dynamicType.size, to: &out)
            }
        }
        out.raw("</style>\n</head>\n<body>\n<input type=\"checkbox\" id=\"outline\"><label class=\"tog\" for=\"outline\">outline parts</label>\n<main>\n")
        out.raw("<header class=\"top\"><h1>")
        out.text(deck.entryPath)
        out.raw("</h1>\n<p class=\"meta\">")
        let cards = deck.cards.count, stacks = deck.stacks.count
        out.raw("\(cards) card\(cards == 1 ? "" : "s"), \(stacks) stack\(stacks == 1 ? "" : "s"). ")
        if isLean {
            out.raw("A large deck: the lean gallery draws its first \(drawnCards) cards, each where it is first laid out, on a ")
            out.number(viewport.width)
            out.raw("-point screen, in every state, and the stacks made of them; the index at the end names the rest.")
        } else {
            out.raw("Every card in every state in ")
            for (index, name) in columnThemes.enumerated() {
                if index > 0 { out.raw(index == columnThemes.count - 1 ? " and " : ", ") }
                out.text(name)
            }
            out.raw(", on ")
            for (index, source) in columnSources.enumerated() {
                if index > 0 { out.raw(index == columnSources.count - 1 ? " and " : ", ") }
                out.number(sources[source].layouter.viewport.width)
                out.raw("-point")
            }
            out.raw(columnSources.count == 1 ? " screen" : " screens")
            if textSize != .default {
                out.raw(" at text size ")
                out.text(textSize.name)
            }
            if let theme = columnThemes.first, !dynamicTypeColumns.isEmpty {
                out.raw("; Dynamic Type: at text size ")
                for (index, column) in dynamicTypeColumns.enumerated() {
                    if index > 0 { out.raw(index == dynamicTypeColumns.count - 1 ? " and " : ", ") }
                    out.text(column.size.name)
                }
                out.raw(" in ")
                out.text(theme)
                out.raw(" on a ")
                out.number(sources[dynamicTypeColumns[0].source].layouter.viewport.width)
                out.raw("-point screen, fonts scaled as UIKit's UIFontMetrics scales them")
            }
            out.raw(".")
        }
        out.raw(" Parts sit at the layout engine's frames (the layout JSON's numbers); heights of text are the layout model's estimates. Hover over a part for its name and frame. A dashed red outline marks a part whose text (W1001) or graphics (W1004) contrast too little with what they sit on in that column's theme; its hover says the colours and the ratio. Generated by cardc build --emit html; do not edit.</p>\n")
        out.raw("<nav>")
        for index in 0..<min(drawnCards, HTMLEmitter.defaultFullGalleryLimit) {
            out.raw("<a href=\"#c\(index)\">")
            out.text(deck.cards.name(at: index))
            out.raw("</a>")
        }
        for (index, stack) in deck.stacks.enumerated() where draws(stack) {
            out.raw("<a href=\"#s\(index)\">")
            out.text(stack.name)
            out.raw(" (")
            out.text(stack.kind)
            out.raw(")</a>")
        }
        if isLean { out.raw("<a href=\"#index\">index of the rest</a>") }
        out.raw("</nav></header>\n")
    }

    /// The lean gallery's index: every card and stack not drawn, by name (no model is built).
    func writeIndex(into out: inout HTMLWriter) {
        let cards = deck.cards.count - drawnCards
        out.raw("<section id=\"index\"><h2>Not drawn</h2>\n<p class=\"meta\">\(cards) card\(cards == 1 ? "" : "s"):</p>\n<p class=\"idx\">")
        for index in drawnCards..<deck.cards.count {
            if index > drawnCards { out.raw(", ") }
            out.text(deck.cards.name(at: index))
        }
        out.raw("</p>\n")
        let stacks = deck.stacks.filter { !draws($0) }
        out.raw("<p class=\"meta\">\(stacks.count) stack\(stacks.count == 1 ? "" : "s"):</p>\n<p class=\"idx\">")
        for (index, stack) in stacks.enumerated() {
            if index > 0 { out.raw(", ") }
            out.text(stack.name)
            out.raw(" (")
            out.text(stack.kind)
            out.raw(")")
        }
        out.raw("</p></section>\n")
    }

    // MARK: Cards

    /// One grid column: a theme at one width and text size.
    struct Column {
        var source: Int
        var theme: String?
        /// A Dynamic Type column's number (its CSS class `Z<n>`), else 0.
        var textSizeColumn = 0
    }

    mutating func writeCard(at index: Int, into out: inout HTMLWriter) {
        let card = sources[0].card(at: index)
        var columns: [Column] = []
        if isLean {
            columns = [Column(source: 0, theme: nil)]
        } else {
            for theme in columnThemes {
                for source in columnSources { columns.append(Column(source: source, theme: theme)) }
            }
            if let theme = columnThemes.first {
                for (index, dynamicType) in dynamicTypeColumns.enumerated() {
                    columns.append(Column(source: dynamicType.source, theme: theme, textSizeColumn: index + 1))
                }
            }
        }
        var drawers: [HTMLCardDrawer] = []
        drawers.reserveCapacity(columns.count)
        for column in columns {
            sources[column.source].theme = column.theme
            let laidOut = sources[column.source].layout(card, at: index, in: nil)
            let themeName = laidOut.context.theme
            drawers.append(HTMLCardDrawer(card: card, laidOut: laidOut, themeNumber: themeNumber(themeName),
                                          textSizeColumn: column.textSizeColumn,
                                          metrics: sources[column.source].layouter.engine(theme: themeName).metrics,
                                          contrast: sources[column.source].contrast.failures(of: card, inTheme: themeName)))
        }
        for source in sources.indices { sources[source].theme = nil }
        guard let first = drawers.first else { return }

        out.raw("<section id=\"c\(index)\"><h2>")
        out.text(card.name)
        out.raw("</h2>\n")
        if let documentation = card.documentation {
            out.raw("<p class=\"doc\">")
            out.text(documentation)
            out.raw("</p>\n")
        }
        // The headings row is a `thead` whose cells stick to the top of the window (and the
        // states' headings to its left), so a column stays named however far the page scrolls.
        out.raw("<table class=\"g\"><thead><tr><th></th>")
        for (column, drawer) in zip(columns, drawers) {
            let context = drawer.laidOut.context
            // The stack named is the first that shows the card in the column's theme; when none
            // does (a theme from `--theme` or the built-in ones), the card is laid out as its
            // first stack lays it out, in the column's theme: "as in", and the title says so.
            let showing = context.stack.map { deck.stack(named: $0)?.theme == context.theme } ?? true
            out.raw("<th>")
            out.text(context.theme)
            out.raw(" · ")
            out.number(sources[column.source].layouter.viewport.width)
            out.raw(" pt")
            let size = sources[column.source].layouter.textSize
            if size != .default {
                out.raw(" · ")
                out.text(size.name)
            }
            if showing {
                out.raw("<small>")
            } else {
                out.raw("<small title=\"No stack shows ")
                out.attribute(card.name)
                out.raw(" in ")
                out.attribute(context.theme)
                out.raw(": laid out as ")
                out.attribute(context.stack ?? "")
                out.raw(" lays it out, in ")
                out.attribute(context.theme)
                out.raw("\">")
            }
            if let stack = context.stack {
                out.raw(showing ? "in " : "as in ")
                out.text(stack)
                out.raw(", ")
            }
            out.raw("card ")
            out.number(context.width)
            out.raw(" pt</small></th>")
        }
        out.raw("</tr></thead>\n<tbody>")
        let several = first.laidOut.states.count > 1
        for (stateIndex, state) in first.laidOut.states.enumerated() {
            out.raw("<tr><th class=\"s\">")
            out.text(state.name)
            if several && state.name == first.laidOut.initialState { out.raw("<small>initial</small>") }
            if let tap = state.tap {
                out.raw("<small>tap: ")
                out.text(tap.description)
                out.raw("</small>")
            }
            out.raw("</th>")
            for drawer in drawers {
                out.raw("<td>")
                if stateIndex < drawer.laidOut.states.count {
                    drawer.draw(.state(drawer.laidOut.states[stateIndex]), at: .init(), into: &out)
                }
                out.raw("</td>")
            }
            out.raw("</tr>\n")
        }
        for (overlayIndex, overlay) in first.laidOut.overlays.enumerated() {
            out.raw("<tr><th class=\"s\">overlay(.")
            out.text(overlay.direction.rawValue)
            out.raw(")</th>")
            for drawer in drawers {
                out.raw("<td>")
                if overlayIndex < drawer.laidOut.overlays.count {
                    drawer.draw(.overlay(drawer.laidOut.overlays[overlayIndex]), at: .init(), into: &out)
                }
                out.raw("</td>")
            }
            out.raw("</tr>\n")
        }
        out.raw("</tbody></table></section>\n")
    }

    // MARK: Stacks

    mutating func writeStack(_ stack: StackView, number: Int, into out: inout HTMLWriter) {
        let themeNumber = themeNumber(stack.theme)
        out.raw("<section id=\"s\(number)\"")
        if stack.spec.geometry == .sheet {
            // How many pushed cards the section draws, for the browser check to count.
            out.raw(" data-pushes=\"\(Set(stack.cards.dropFirst().map(\.name)).subtracting([stack.cards.first?.name ?? ""]).count)\"")
        }
        out.raw("><h2>")
        out.text(stack.name)
        out.raw(" <small class=\"meta\">")
        out.text(stack.kind)
        out.raw(" · ")
        out.text(stack.theme)
        out.raw("</small></h2>\n")
        if let documentation = stack.documentation {
            out.raw("<p class=\"doc\">")
            out.text(documentation)
            out.raw("</p>\n")
        }
        let positions = stack.spec.layoutPositions
        let initial = CardSource.initialPosition(of: stack)
        // Each card is built and laid out once per stack, whatever the positions.
        var cards: [String: (HTMLCardDrawer, LaidOutState?)] = [:]
        for reference in stack.cards where cards[reference.name] == nil {
            guard let index = deck.cards.position(named: reference.name) else { continue }
            let card = sources[0].card(at: index)
            let cardLayout = sources[0].layout(card, at: index, in: stack)
            let state = cardLayout.initialLaidOutState
            cards[reference.name] = (HTMLCardDrawer(card: card, laidOut: cardLayout, themeNumber: themeNumber,
                                                    metrics: sources[0].layouter.engine(theme: stack.theme).metrics,
                                                    contrast: sources[0].contrast.failures(of: card, inTheme: cardLayout.context.theme)), state)
        }
        // After the cards: the stack's layout then finds each one laid out in its theme and width.
        let laidOut = sources[0].layouter.layout(stack)
        let drawer = HTMLStackDrawer(stack: stack, laidOut: laidOut, viewport: viewport, themeNumber: themeNumber)
        out.raw("<div class=\"positions\">")
        for position in laidOut.positions {
            out.raw("<figure><figcaption>")
            out.text(position.name)
            if positions.count > 1 && position.name == initial { out.raw(" <small>(initial)</small>") }
            if stack.spec.geometry == .sheet, let root = position.frames.first {
                out.raw(" <small>· ")
                out.text(root.card)
                if position.name != SheetGeometry.Position.extended.rawValue, root.draggable == false {
                    out.raw(" (no map: stays extended)")
                }
                out.raw("</small>")
            }
            out.raw("</figcaption>")
            drawer.draw(position, drawer: { cards[$0] }, into: &out)
            out.raw("</figure>")
        }
        if stack.spec.geometry == .sheet {
            // Every card after the root is pushed onto the sheet: each in the position it opens in.
            var seen: Set<String> = [stack.cards.first?.name ?? ""]
            for reference in stack.cards.dropFirst() where seen.insert(reference.name).inserted {
                guard let index = deck.cards.position(named: reference.name) else { continue }
                let card = sources[0].card(at: index)
                let name = CardSource.sheetPosition(of: card, in: stack)
                guard let position = laidOut.positions.first(where: { $0.name == name }) else { continue }
                out.raw("<figure class=\"push\" data-card=\"")
                out.text(reference.name)
                out.raw("\"><figcaption>push ")
                out.text(reference.name)
                out.raw(" <small>· ")
                out.text(position.name)
                if position.name != SheetGeometry.Position.extended.rawValue,
                   position.frames.first(where: { $0.card == reference.name })?.draggable == false {
                    out.raw(" (no map: stays extended)")
                }
                out.raw("</small></figcaption>")
                drawer.draw(position, focus: reference.name, drawer: { cards[$0] }, into: &out)
                out.raw("</figure>")
            }
        }
        out.raw("</div></section>\n")
    }
}

import CardDiagnostics
import CardLayout
import CardModel

/// The terminal preview of a checked deck: cards as boxes of text, stacks in their positions,
/// every line at most `width` display columns (docs/preview.md describes every drawing).
///
/// It reads only the checked model and the layout (`DeckLayouter`): rows and columns follow the
/// laid-out frames (`PreviewScale`). Output is UTF-8 lines; with a colour mode other than `.off`
/// styles are SGR sequences (theme colours, bold, dim), and nothing from the source reaches the
/// output unescaped. A renderer holds one card's model at a time, so a whole deck can be
/// streamed through it card by card.
public struct PreviewRenderer {
    /// The narrowest and widest `width` accepted.
    public static let widthRange = 20...1_000

    /// Columns of every line.
    public let width: Int
    public let colorMode: TerminalColorMode
    public let viewport: Viewport
    var source: CardSource
    var canvas: PreviewCanvas
    /// Palettes by theme name: a deck has few themes and many cards.
    private var palettes: [String: PreviewPalette] = [:]

    /// A renderer for `deck` at `width` columns (held to `widthRange`), laid out at `textSize`
    /// (`--text-size`); `theme` replaces every stack's theme (and the default theme of cards in
    /// no stack).
    public init(deck: CheckedUnit, width: Int, colorMode: TerminalColorMode = .off, viewport: Viewport = .standard,
                textSize: ContentSizeCategory = .default, theme: String? = nil) {
        self.width = min(max(width, Self.widthRange.lowerBound), Self.widthRange.upperBound)
        self.colorMode = colorMode
        self.viewport = viewport
        source = CardSource(deck: deck, viewport: viewport, textSize: textSize, theme: theme)
        // A label row, a panel, and room for a state matrix's captions and shadows.
        canvas = PreviewCanvas(width: self.width, maximumHeight: PreviewScale.maximumPanelRows + 4, isStyled: colorMode != .off)
    }

    public var deck: CheckedUnit { source.deck }

    /// The text size cards are laid out at.
    public var textSize: ContentSizeCategory { source.layouter.textSize }

    /// A panel's rule: `text`, after the text size when it is not the default (`AX3 · Budget`),
    /// so a drawing at another size never passes for the default one (first, so a long rule
    /// cut to the width keeps it).
    func ruleLabel(_ text: String) -> String {
        textSize == .default ? text : textSize.name + " · " + text
    }

    // MARK: Requests

    /// Draws what `request` asks for (see `cardc help preview`), after checking it against the
    /// deck. Without `--card`/`--stack`: every stack in its initial position, or every card in
    /// its initial state when the deck has no stacks.
    public mutating func render(_ request: PreviewRequest, to out: inout [UInt8]) throws {
        try request.validate(against: deck)
        if let theme = request.theme { source.theme = theme }
        if let name = request.card, let index = deck.cards.position(named: name) {
            let card = source.card(at: index)
            let stack = request.stack.flatMap(deck.stack(named:))
            if let stack, stack.spec.geometry == .sheet, !request.allStates {
                // A card of a sheet is shown in the sheet, in the position it opens in.
                let position = request.position ?? CardSource.sheetPosition(of: card, in: stack)
                appendStack(stack, positions: [position], state: request.state, focus: name, to: &out)
            } else if request.allStates {
                appendStateMatrix(card, at: index, in: stack, to: &out)
            } else {
                appendCard(card, at: index, states: [request.state ?? card.initialState], in: stack, to: &out)
            }
        } else if let name = request.stack, let stack = deck.stack(named: name) {
            if request.allStates {
                for index in Self.uniquePositions(of: stack.cards, in: deck) {
                    appendStateMatrix(source.card(at: index), at: index, in: stack, to: &out)
                }
            } else {
                appendStack(stack, positions: [request.position ?? CardSource.initialPosition(of: stack)], state: request.state, to: &out)
            }
        } else if request.allStates || deck.stacks.isEmpty {
            for (index, card) in deck.cards.enumerated() {
                if request.allStates {
                    appendStateMatrix(card, at: index, in: nil, to: &out)
                } else {
                    let state = request.state.flatMap { card.state(named: $0) != nil ? $0 : nil } ?? card.initialState
                    appendCard(card, at: index, states: [state], in: nil, to: &out)
                }
            }
        } else {
            for stack in deck.stacks {
                if let position = request.position {
                    guard stack.spec.layoutPositions.contains(position) == true else { continue }
                    appendStack(stack, positions: [position], state: request.state, to: &out)
                } else {
                    appendStack(stack, positions: [CardSource.initialPosition(of: stack)], state: request.state, to: &out)
                }
            }
        }
    }


    /// The deck positions of the cards referred to, each once, in order.
    static func uniquePositions(of references: [Reference], in deck: CheckedUnit) -> [Int] {
        var seen = Set<Int>()
        return references.compactMap { deck.cards.position(named: $0.name) }.filter { seen.insert($0).inserted }
    }

    // MARK: Cards

    /// `card` (the deck's card at `index`) laid out in `stack` (its primary context when nil)
    /// and drawn in each of `states` (nil: every state, then every swipe overlay), one panel
    /// under another, each under a rule naming the card and the state.
    public mutating func appendCard(_ card: CardView, at index: Int, states: [String]? = nil, in stack: StackView? = nil,
                                    to out: inout [UInt8]) {
        let laidOut = source.layout(card, at: index, in: stack)
        let painter = cardPainter(card, laidOut)
        for panel in panels(of: laidOut, states: states) {
            canvas.clear()
            PreviewLabel.paintRule(ruleLabel(cardLabel(card, stack: stack) + (panel.caption.isEmpty ? "" : " · " + panel.caption)), row: 0,
                                   column: 0, columns: width, canvas: &canvas)
            _ = painter.paintPanel(panel.content, row: 1, column: 0, columns: width, canvas: &canvas)
            flush(to: &out)
        }
    }

    /// A card's state matrix: every state (and swipe overlay) side by side when they fit the
    /// width (`StateMatrix`), else one under another.
    public mutating func appendStateMatrix(_ card: CardView, at index: Int, in stack: StackView? = nil, to out: inout [UInt8]) {
        let laidOut = source.layout(card, at: index, in: stack)
        let painter = cardPainter(card, laidOut)
        let matrix = StateMatrix(panels: panels(of: laidOut, states: nil))
        guard let columns = StateMatrix.panelColumns(count: matrix.panels.count, width: width) else {
            appendCard(card, at: index, states: nil, in: stack, to: &out)
            return
        }
        canvas.clear()
        PreviewLabel.paintRule(ruleLabel(cardLabel(card, stack: stack) + " · every state"), row: 0, column: 0, columns: width, canvas: &canvas)
        _ = matrix.paintSideBySide(painter, panelColumns: columns, top: 1, canvas: &canvas)
        flush(to: &out)
    }

    /// The panels of a card: the named states (all when nil) and, when all, the overlays.
    func panels(of laidOut: LaidOutCard, states: [String]?) -> [StateMatrix.Panel] {
        var panels: [StateMatrix.Panel] = []
        let several = laidOut.states.count > 1
        for state in laidOut.states where states?.contains(state.name) ?? true {
            // A card without state blocks has one implicit state: it goes unnamed.
            var captions: [String] = []
            if several || state.name != Catalog.defaultStateName {
                captions.append(state.name + (several && state.name == laidOut.initialState ? " (initial)" : ""))
            }
            if let tap = state.tap { captions.append("tap " + tap.description) }
            let caption = captions.joined(separator: " · ")
            panels.append(StateMatrix.Panel(caption: caption, content: .state(state)))
        }
        if states == nil {
            for overlay in laidOut.overlays {
                panels.append(StateMatrix.Panel(caption: "overlay(." + overlay.direction.rawValue + ")", content: .overlay(overlay)))
            }
        }
        return panels
    }

    func cardLabel(_ card: CardView, stack: StackView?) -> String {
        stack.map { card.name + " in " + $0.name } ?? card.name
    }

    mutating func cardPainter(_ card: CardView, _ laidOut: LaidOutCard) -> CardPainter {
        CardPainter(card: card, laidOut: laidOut, palette: palette(ofTheme: laidOut.context.theme),
                    metrics: source.layouter.engine(theme: laidOut.context.theme).metrics,
                    contrast: source.contrast.failures(of: card, inTheme: laidOut.context.theme))
    }

    mutating func palette(ofTheme name: String) -> PreviewPalette {
        if let palette = palettes[name] { return palette }
        let palette = PreviewPalette(theme: source.theme(named: name))
        palettes[name] = palette
        return palette
    }

    // MARK: Stacks

    /// `stack` in each of `positions` (nil: every position of its kind), each under a rule
    /// naming the stack, its kind and the position; cards in `state` where they have it, else
    /// in their initial state; `focus` is the card a sheet shows (its root card when nil).
    public mutating func appendStack(_ stack: StackView, positions: [String]? = nil, state: String? = nil, focus: String? = nil,
                                     to out: inout [UInt8]) {
        let drawn = source.drawn(stack)
        let laidOut = source.layouter.layout(drawn)
        let painter = StackPainter(stack: drawn, laidOut: laidOut, viewport: viewport, state: state)
        let initial = CardSource.initialPosition(of: stack)
        let several = stack.spec.layoutPositions.count > 1
        var cards: [String: (CardPainter, LaidOutState?)] = [:]
        for position in laidOut.positions where positions?.contains(position.name) ?? true {
            var label = stack.name + " · " + stack.kind
            if several { label += " · " + position.name + (position.name == initial ? " (initial)" : "") }
            if stack.spec.geometry == .sheet {
                let shown = focus ?? position.frames.first?.card ?? ""
                label += " · " + shown
                if position.name != SheetGeometry.Position.extended.rawValue,
                   position.frames.first(where: { $0.card == shown })?.draggable == false {
                    label += " (no map: stays extended)"
                }
            }
            if let state { label += " · state " + state }
            canvas.clear()
            PreviewLabel.paintRule(ruleLabel(label), row: 0, column: 0, columns: width, canvas: &canvas)
            _ = painter.paint(position, top: 1, focus: focus, source: &source, cards: &cards, canvas: &canvas)
            flush(to: &out)
        }
    }

    // MARK: Text

    /// Lines of plain text (a file header), wrapped to the width and escaped.
    public mutating func appendText(_ text: String, to out: inout [UInt8]) {
        for line in TerminalText.wrap(text, width: width) {
            out.append(contentsOf: line.utf8)
            out.append(0x0A)
        }
    }

    /// The canvas's lines and a blank line after them.
    private mutating func flush(to out: inout [UInt8]) {
        canvas.appendLines(to: &out, mode: colorMode)
        out.append(0x0A)
    }
}

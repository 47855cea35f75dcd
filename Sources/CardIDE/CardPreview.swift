import CardEmit
import CardModel

extension Snapshot {
    /// The card's terminal preview in its default state, `width` columns wide, plain text: what
    /// `cardc preview --card NAME --color never` draws (laid out in its primary context).
    func cardPreview(_ card: CardView, width: Int) -> String? {
        guard let deck, let index = deck.cards.position(named: card.name) else { return nil }
        var renderer = PreviewRenderer(deck: deck, width: width, colorMode: .off, viewport: viewport, textSize: textSize)
        var out: [UInt8] = []
        renderer.appendCard(card, at: index, states: [card.initialState], to: &out)
        while out.last == 0x0A { out.removeLast() }
        return out.isEmpty ? nil : String(decoding: out, as: UTF8.self)
    }
}

import CardLayout
import CardModel

/// Draws a stack in one of its positions as a screen (`scr`) as wide as the viewport, each card
/// at the frame the layout gives it (`DeckLayouter.layout(_:)`), in its initial state:
///
/// - `list`, `fullScreen`: the screen as tall as the list; each card as tall as its content.
/// - `collapsible`: the container (`collapsedHeight`/`expandedHeight`) clips; every card
///   `cardHeight` tall at its frame, later cards over earlier ones.
/// - `swipe`: the viewport; the top card with its footer pinned to its bottom, the visible cards
///   behind it drawn a little lower and narrower so their edges show.
/// - `sheet`: the viewport over a map placeholder (the card's `map`, else the root card's); the
///   root card — or the pushed card `focus` names — from its frame's top to the bottom of the
///   screen, its title and subtitle as the header.
struct HTMLStackDrawer {
    let stack: StackView
    let laidOut: LaidOutStack
    let viewport: Viewport
    let themeNumber: Int

    /// Draws `position`; `drawer(name)` gives the card drawer and the state shown for a card;
    /// `focus` names the card a sheet shows (its root card when nil).
    func draw(_ position: StackPosition, focus: String? = nil, drawer: (String) -> (HTMLCardDrawer, LaidOutState?)?,
              into out: inout HTMLWriter) {
        let geometry = stack.spec.geometry
        let height: Double = switch geometry {
        case .list, .collapsible: position.height
        case .swipe, .sheet: viewport.height
        }
        // The kind's class tells the browser check which screens clip their cards by design.
        let opening = switch geometry {
        case .list: "<div class=\"scr list T"
        case .collapsible: "<div class=\"scr collapsible T"
        case .swipe: "<div class=\"scr swipe T"
        case .sheet: "<div class=\"scr sheet map T"
        }
        out.raw(opening)
        out.integer(themeNumber)
        out.raw("\" style=\"width:")
        out.px(viewport.width)
        out.raw(";height:")
        out.px(height)
        out.raw("\">")
        func content(_ state: LaidOutState?) -> HTMLCardDrawer.Content { state.map { .state($0) } ?? .nothing }

        switch geometry {
        case .list:
            for frame in position.frames {
                guard let (card, shown) = drawer(frame.card) else { continue }
                card.draw(content(shown), at: .init(frame: listFrame(frame.frame, card: card, shown: shown)), into: &out)
            }
        case .collapsible:
            for frame in position.frames {
                guard let (card, shown) = drawer(frame.card) else { continue }
                card.draw(content(shown), at: .init(frame: frame.frame), into: &out)
            }
        case .swipe:
            let frames = position.frames
            for depth in frames.indices.reversed() {
                guard let (card, shown) = drawer(frames[depth].card) else { continue }
                // Only the deepest card casts a shadow: the others' would darken the cards in front.
                card.draw(depth == 0 ? content(shown) : .nothing,
                          at: .init(frame: frames[depth].frame, pinsFooter: true, drawsShadow: depth == frames.count - 1, depth: depth),
                          into: &out)
            }
        case .sheet:
            let name = focus ?? position.frames.first?.card
            guard let frame = position.frames.first(where: { $0.card == name }) ?? position.frames.first,
                  let (card, shown) = drawer(frame.card) else { break }
            // The sheet's map is the first map part the card shows, else the root card's.
            var map = shown.flatMap { PartArguments.firstMap(in: $0.parts) }.map { ($0.part, card.card.model) }
            if map == nil, let root = position.frames.first?.card, root != frame.card, let (rootCard, rootState) = drawer(root) {
                map = rootState.flatMap { PartArguments.firstMap(in: $0.parts) }.map { ($0.part, rootCard.card.model) }
            }
            out.raw("<div class=\"mp\" style=\"position:absolute;left:0;top:0;width:100%;height:")
            out.px(max(0, frame.frame.y + 24))
            out.raw("\">")
            HTMLPartDrawer.mapLabel(map.map { PartArguments.mapCoordinates($0.0, values: ValueResolver(model: $0.1)) } ?? "map",
                                    into: &out)
            out.raw("</div>")
            card.draw(content(shown), at: .init(frame: frame.frame, isSheet: true), into: &out)
        }
        out.raw("</div>")
    }

    /// A list card's frame: the layout's, as tall as the card's content in the state shown.
    func listFrame(_ frame: Frame, card: HTMLCardDrawer, shown: LaidOutState?) -> Frame {
        var result = frame
        if let shown { result.height = card.naturalHeight(.state(shown)) }
        return result
    }
}

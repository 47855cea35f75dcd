import CardLayout
import CardModel

/// Draws one laid-out card as a positioned element: its frame with the traits' look
/// (`CardAppearance`: corner radius, shadow, border, gradient, transparency, the edit button),
/// the content box inset by the theme's margins with the parts of one state (or a swipe overlay
/// over the initial state), the footer, and for a sheet card the header.
struct HTMLCardDrawer {
    let card: CardView
    let laidOut: LaidOutCard
    /// The number of the theme's CSS class (`T<n>`).
    let themeNumber: Int
    /// The number of a Dynamic Type column's CSS class (`Z<n>`, its fonts at that column's text
    /// size); 0 for the page's own text size.
    let textSizeColumn: Int
    let metrics: ThemeMetrics
    let appearance: CardAppearance
    /// The parts (and the sheet header) that fail W1001 or W1004 in the theme drawn.
    let contrast: (parts: [PartView: [ContrastFailure]], header: [ContrastFailure])

    init(card: CardView, laidOut: LaidOutCard, themeNumber: Int, textSizeColumn: Int = 0, metrics: ThemeMetrics,
         contrast: (parts: [PartView: [ContrastFailure]], header: [ContrastFailure]) = ([:], [])) {
        self.card = card
        self.laidOut = laidOut
        self.themeNumber = themeNumber
        self.textSizeColumn = textSizeColumn
        self.metrics = metrics
        self.contrast = contrast
        appearance = CardAppearance(card: card, isListCell: laidOut.context.isListCell)
    }

    /// What fills the content box.
    enum Content {
        case state(LaidOutState)
        /// A swipe overlay, drawn over the initial state.
        case overlay(LaidOutOverlay)
        /// Only the frame (a card behind the top card of a swipe stack).
        case nothing
    }

    /// Where and how the card is drawn.
    struct Placement {
        /// The frame in a stack's screen; nil for a card on its own (in a grid cell), as tall as
        /// its content.
        var frame: Frame?
        /// A sheet card: the title and subtitle as a header and a grabber.
        var isSheet = false
        /// A swipe stack's card: the footer pinned to the bottom of the frame.
        var pinsFooter = false
        var drawsShadow = true
        /// A swipe stack's card behind the top one, 1 for the first behind it: drawn a little
        /// lower and narrower so it shows.
        var depth = 0
    }

    /// The height of the card on its own showing `content`.
    func naturalHeight(_ content: Content) -> Double {
        let footer = laidOut.footer?.height ?? 0
        switch content {
        case .state(let state): return state.height + footer
        case .overlay(let overlay):
            return max(laidOut.initialHeight + footer, overlay.height + laidOut.padding.vertical)
        case .nothing: return laidOut.initialHeight + footer
        }
    }

    func draw(_ content: Content, at placement: Placement, into out: inout HTMLWriter) {
        let width = placement.frame?.width ?? laidOut.context.width
        let height = placement.frame?.height ?? naturalHeight(content)
        let values = ValueResolver(model: card.model)
        let parts = HTMLPartDrawer(arguments: PartArguments(values: values), metrics: metrics, contrast: contrast.parts)

        out.raw("<div class=\"c T")
        out.integer(themeNumber)
        if textSizeColumn > 0 {
            out.raw(" Z")
            out.integer(textSizeColumn)
        }
        // Marked as showing the screen through it (a dashed edge) unless a gradient fills it.
        if appearance.isTransparent && appearance.gradient == nil { out.raw(" tr") }
        if isHidden(values) { out.raw(" hid") }
        // A card behind a swipe stack's top card, shaded so its edge shows against the one in front.
        if placement.depth > 0 { out.raw(" bh") }
        out.raw("\" style=\"")
        if let frame = placement.frame {
            out.raw("left:")
            out.px(frame.x)
            out.raw(";top:")
            out.px(frame.y)
            out.raw(";")
        }
        out.raw("width:")
        out.px(width)
        out.raw(";height:")
        out.px(height)
        writeDecoration(drawsShadow: placement.drawsShadow, into: &out)
        if placement.depth > 0 {
            out.raw(";transform:translateY(")
            out.integer(8 * placement.depth)
            out.raw("px) scaleX(")
            out.number(1 - 0.05 * Double(placement.depth))
            out.raw(")")
        }
        out.raw("\" title=\"")
        out.attribute(card.name)
        out.raw(" · ")
        out.number(width)
        out.raw(" × ")
        out.number(height)
        out.raw("\">")

        let padding = laidOut.padding
        var contentTop = padding.top
        if placement.isSheet {
            out.raw("<span class=\"grab\"></span>")
            drawHeader(values: values, shadow: placement.drawsShadow, into: &out)
            contentTop = laidOut.headerHeight
        }
        switch content {
        case .state(let state):
            box(top: contentTop, height: max(0, state.height - padding.vertical), classes: "b", shadow: placement.drawsShadow, into: &out)
            parts.draw(state.parts, into: &out)
            out.raw("</div>")
            drawFooter(parts, height: height, top: state.height, placement: placement, dimmed: false, into: &out)
        case .overlay(let overlay):
            // The initial state and the footer faded, the overlay's parts over them.
            let state = laidOut.initialLaidOutState
            if let state {
                box(top: contentTop, height: max(0, state.height - padding.vertical), classes: "b dim", shadow: placement.drawsShadow, into: &out)
                parts.draw(state.parts, into: &out)
                out.raw("</div>")
            }
            drawFooter(parts, height: height, top: laidOut.initialHeight, placement: placement, dimmed: true, into: &out)
            out.raw("<div class=\"ov\"></div>")
            box(top: contentTop, height: overlay.height, classes: "b", shadow: placement.drawsShadow, into: &out)
            parts.draw(overlay.parts, into: &out)
            out.raw("</div>")
        case .nothing:
            break
        }
        if appearance.isEditable { out.raw("<span class=\"ed\">✎</span>") }
        out.raw("</div>")
    }

    /// The footer (a swipe card's): pinned to the bottom of a stack's frame, else below the
    /// content at `top`; not on a card behind the top one.
    func drawFooter(_ parts: HTMLPartDrawer, height: Double, top: Double, placement: Placement, dimmed: Bool,
                    into out: inout HTMLWriter) {
        guard let footer = laidOut.footer, placement.depth == 0 else { return }
        let y = placement.pinsFooter || placement.frame != nil ? height - footer.height : top
        box(top: y, height: footer.height, classes: footer.transparent ? (dimmed ? "f tr dim" : "f tr") : (dimmed ? "f dim" : "f"),
            shadow: placement.drawsShadow, into: &out)
        parts.draw(footer.parts, into: &out)
        out.raw("</div>")
    }

    /// A box across the content width (`b` content, `f` footer) at `top`; with `shadow`, the
    /// card's shadow where it falls from the parts.
    func box(top: Double, height: Double, classes: String, shadow: Bool, into out: inout HTMLWriter) {
        out.raw("<div class=\"")
        out.raw(classes)
        out.raw("\" style=\"")
        HTMLPartDrawer.writeFrame(Frame(x: laidOut.padding.left, y: top, width: laidOut.contentWidth, height: height), into: &out)
        if shadow { writePartShadow(into: &out) }
        out.raw("\">")
    }

    /// A shadow that falls from the parts of a transparent card (W501) as a drop shadow of what
    /// the box draws — CSS `drop-shadow` follows the drawn pixels' alpha, as a layer's shadow
    /// does — where the frame's `box-shadow` would follow the card's edge.
    func writePartShadow(into out: inout HTMLWriter) {
        guard let shadow = appearance.shadow, shadow.fallsFromParts else { return }
        out.raw(";filter:drop-shadow(")
        writeShadowValue(shadow, into: &out)
        out.raw(")")
    }

    /// `x y blur colour`: CALayer's blur radius is about half a CSS blur.
    func writeShadowValue(_ shadow: CardAppearance.Shadow, into out: inout HTMLWriter) {
        out.px(shadow.offsetX)
        out.byte(0x20)
        out.px(shadow.offsetY)
        out.byte(0x20)
        out.px(2 * shadow.radius)
        out.byte(0x20)
        out.color(shadow.color ?? ColorValue(red: 0, green: 0, blue: 0), opacity: shadow.opacity)
    }

    /// The sheet header: the title in `titleFont` and the subtitle in `detailTextFont`, each as
    /// tall as the layout model makes it, 12 points from the top (the header's 24 points of
    /// padding split above and below).
    func drawHeader(values: ValueResolver, shadow: Bool, into out: inout HTMLWriter) {
        let width = laidOut.contentWidth
        var y = LayoutMetrics.sheetHeaderPadding / 2
        out.raw("<div class=\"hd\" style=\"left:")
        out.px(laidOut.padding.left)
        out.raw(";top:0;width:")
        out.px(width)
        out.raw(";height:")
        out.px(laidOut.headerHeight)
        if shadow { writePartShadow(into: &out) }
        out.raw("\"")
        HTMLPartDrawer.writeContrast(contrast.header, into: &out)
        if !contrast.header.isEmpty {
            out.raw(" title=\"header")
            HTMLPartDrawer.writeContrastTitle(contrast.header, into: &out)
            out.raw("\"")
        }
        out.raw(">")
        let drawer = HTMLPartDrawer(arguments: PartArguments(values: values), metrics: metrics)
        for (value, size, classes) in [(card.title, metrics.titleSize, "ti"), (card.subtitle, metrics.detailTextSize, "td")] {
            guard let value else { continue }
            let text = values.text(value)
            let height = drawer.estimate(text, size: size, width: width)
            drawer.textBox(text, Frame(x: 0, y: y, width: width, height: height), classes: classes, into: &out)
            y += height
        }
        out.raw("</div>")
    }

    /// The trait declarations: corner radius, shadow (unless it falls from the parts: then each
    /// box draws it), border (an inner outline, drawn over the content as a layer border is), gradient
    /// along the angle (0° left to right, 90° top to bottom).
    func writeDecoration(drawsShadow: Bool, into out: inout HTMLWriter) {
        if let radius = appearance.cornerRadius {
            out.raw(";border-radius:")
            out.px(radius)
        }
        if drawsShadow, let shadow = appearance.shadow, !shadow.fallsFromParts {
            out.raw(";box-shadow:")
            writeShadowValue(shadow, into: &out)
        }
        if let border = appearance.border {
            out.raw(";outline:")
            out.px(border.width)
            out.raw(" solid ")
            if let color = border.color { out.color(color) } else { out.raw("transparent") }
            out.raw(";outline-offset:-")
            out.px(border.width)
        }
        if let gradient = appearance.gradient {
            out.raw(";background:linear-gradient(")
            out.number(gradient.angle + 90)
            out.raw("deg")
            for color in gradient.colors {
                out.byte(UInt8(ascii: ","))
                out.color(color)
            }
            // Over the card's background, or the screen through a transparent card, as the
            // gradient layer sits over the cell's background colour.
            out.raw("),")
            if appearance.isTransparent { out.raw(ThemePalette.screenBackground.hex) } else { out.raw("var(--bg)") }
        }
    }

    /// Whether a `hidden` trait hides the card by its model default: in a list cell only, as
    /// only CardParts' `CardsViewController` reads it.
    func isHidden(_ values: ValueResolver) -> Bool {
        guard laidOut.context.isListCell, let trait = card.trait(.hidden), case .bool(true)? = values.resolve(trait.value("isHidden")) else { return false }
        return true
    }
}

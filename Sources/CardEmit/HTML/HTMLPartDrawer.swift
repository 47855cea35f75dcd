import CardLayout
import CardModel

/// Draws laid-out parts as absolutely positioned elements at the frames the layout engine
/// computed (each relative to its parent, as in the layout JSON), each with a hover title
/// `name · x, y · width × height`. docs/gallery.md describes each part's look.
///
/// Text from the deck (and bindings, which show their model default, a table row's field, or
/// `‹name›`) goes through `HTMLWriter.text`/`attribute`, never raw. A wrapping text sits in a
/// text box (`x`) whose height is the layout's estimate for that text, so the browser check can
/// compare the two; one-line labels (`l`) are cut with `…`, as UIKit cuts a one-line label.
struct HTMLPartDrawer {
    var arguments: PartArguments
    let metrics: ThemeMetrics
    /// The parts whose text or graphics fail W1001 or W1004 in the theme drawn: marked.
    var contrast: [PartView: [ContrastFailure]] = [:]

    var values: ValueResolver { arguments.values }

    // MARK: Elements

    /// `<div class="p CLASSES" style="left:…;top:…;width:…;height:…` — the caller may add
    /// declarations before `close(_:)`.
    func open(_ frame: Frame, _ classes: String, into out: inout HTMLWriter) {
        out.raw("<div class=\"p ")
        out.raw(classes)
        out.raw("\" style=\"")
        HTMLPartDrawer.writeFrame(frame, into: &out)
    }

    /// Ends the style attribute, writes the hover title (`detail` after the frame) and ends the
    /// start tag.
    func close(_ part: PartView, _ frame: Frame, detail: String = "", accessibility: Accessibility? = nil, into out: inout HTMLWriter) {
        let failures = contrast[part] ?? []
        out.raw("\"")
        switch accessibility {
        case .label(let label)?:
            out.raw(" role=\"img\" aria-label=\"")
            out.attribute(label)
            out.raw("\"")
        case .hidden?:
            out.raw(" aria-hidden=\"true\"")
        case nil:
            break
        }
        HTMLPartDrawer.writeContrast(failures, into: &out)
        out.raw(" title=\"")
        out.attribute(part.part)
        out.raw(" · ")
        out.number(frame.x)
        out.raw(", ")
        out.number(frame.y)
        out.raw(" · ")
        out.number(frame.width)
        out.raw(" × ")
        out.number(frame.height)
        if !detail.isEmpty {
            out.raw(" · ")
            out.attribute(detail)
        }
        HTMLPartDrawer.writeContrastTitle(failures, into: &out)
        out.raw("\">")
    }

    /// The contrast marks of a part (or a sheet header) that fails W1001 or W1004: the failures
    /// `cardc check` reports as `data-contrast` (which the style sheet outlines: an outline
    /// changes no colour under the text, so the mark never alters what it marks), a built-in
    /// theme's own pairs, which it does not report, as `data-contrast-builtin` (not drawn). Each
    /// token is `CODE:element:ratio`.
    static func writeContrast(_ failures: [ContrastFailure], into out: inout HTMLWriter) {
        for reported in [true, false] {
            let chosen = failures.filter { $0.isReported == reported }
            guard !chosen.isEmpty else { continue }
            out.raw(reported ? " data-contrast=\"" : " data-contrast-builtin=\"")
            out.attribute(chosen.map { "\($0.code.rawValue):\($0.element):\(Contrast.format($0.ratio))" }
                .joined(separator: " "))
            out.raw("\"")
        }
    }

    /// The failures in a hover title: ` · W1001 text #FFFFFF on #FFE0B2 1.26:1 < 3:1`.
    static func writeContrastTitle(_ failures: [ContrastFailure], into out: inout HTMLWriter) {
        for failure in failures {
            out.raw(" · ")
            out.attribute("\(failure.code.rawValue) \(failure.element) \(failure.foreground.hex) on \(failure.background.hex) "
                          + "\(Contrast.format(failure.ratio)) < \(Contrast.format(failure.minimum))"
                          + (failure.isReported ? "" : " (the built-in theme's own colours: not reported)"))
        }
    }

    /// What assistive technology is told about a drawn part: an image's `accessibilityLabel:`
    /// (`role="img"` and `aria-label`), or that it only decorates (`aria-hidden`).
    enum Accessibility {
        case label(String)
        case hidden
    }

    static func writeFrame(_ frame: Frame, into out: inout HTMLWriter) {
        out.raw("left:")
        out.px(frame.x)
        out.raw(";top:")
        out.px(frame.y)
        out.raw(";width:")
        out.px(frame.width)
        out.raw(";height:")
        out.px(frame.height)
    }

    /// A text box: `<div class="x CLASSES" style="left;top;width;height[;extra]">text</div>`.
    func textBox(_ text: String, _ frame: Frame, classes: String, style: String = "", into out: inout HTMLWriter) {
        out.raw("<div class=\"x ")
        out.raw(classes)
        out.raw("\" style=\"")
        HTMLPartDrawer.writeFrame(frame, into: &out)
        out.raw(style)
        out.raw("\">")
        out.text(text)
        out.raw("</div>")
    }

    /// A one-line label cut with `…`: `<span class="l CLASSES">text</span>`.
    func label(_ text: String, classes: String = "", into out: inout HTMLWriter) {
        out.raw(classes.isEmpty ? "<span class=\"l\">" : "<span class=\"l " + classes + "\">")
        out.text(text)
        out.raw("</span>")
    }

    /// The height the layout model gives `text` in `width` at `size`.
    func estimate(_ text: String, size: Double, width: Double) -> Double {
        LayoutMetrics.height(of: text, fontSize: size, width: width)
    }

    // MARK: Parts

    func draw(_ parts: [LaidOutPart], into out: inout HTMLWriter) {
        for part in parts { draw(part, into: &out) }
    }

    func draw(_ laidOut: LaidOutPart, into out: inout HTMLWriter) {
        let part = laidOut.part
        let frame = laidOut.frame
        let name = part.part
        switch PaintedPart(name) {
        case .text:
            let style = arguments.caseName(part, "style")
            open(frame, "x " + GalleryStyle.textClass(style), into: &out)
            if case .font(let font)? = part.property("font") {
                out.raw(";font:")
                GalleryStyle.writeFont(font, size: metrics.scaled(font.size, textStyle: style), fallbackSize: 14, to: &out)
            }
            if let color = arguments.color(part, "color") {
                out.raw(";color:")
                out.color(color)
            }
            writeAlignment(arguments.caseName(part, "alignment"), into: &out)
            let lines = Int(Finite.clamp(arguments.number(part, "lines") ?? 0, 0, 1e6))
            if lines > 0 {
                out.raw(";display:-webkit-box;-webkit-box-orient:vertical;overflow:hidden;-webkit-line-clamp:")
                out.integer(lines)
            }
            close(part, frame, into: &out)
            out.text(arguments.string(part, "text"))
            out.raw("</div>")
        case .title:
            let text = arguments.string(part, "text")
            guard part.hasArgument("menu") else {
                open(frame, "x ti", into: &out)
                close(part, frame, into: &out)
                out.text(text)
                out.raw("</div>")
                return
            }
            open(frame, "ti", into: &out)
            close(part, frame, into: &out)
            let width = max(0, frame.width - LayoutMetrics.titleMenuButtonWidth)
            textBox(text, Frame(x: 0, y: 0, width: width, height: estimate(text, size: metrics.titleSize, width: width)),
                    classes: "", into: &out)
            out.raw("<span class=\"mn\">⋯</span></div>")
        case .attributedText:
            open(frame, "at", into: &out)
            close(part, frame, into: &out)
            draw(laidOut.children, into: &out)
            let top = laidOut.children.last?.frame.maxY ?? 0
            textBox(arguments.string(part, "text"), Frame(x: 0, y: top, width: frame.width, height: max(0, frame.height - top)),
                    classes: "tn", into: &out)
            out.raw("</div>")
        case .image:
            open(frame, "im", into: &out)
            if let tint = arguments.color(part, "tint") {
                out.raw(";color:")
                out.color(tint)
                out.raw(";border-color:")
                out.color(tint)
            }
            let accessibility: Accessibility? = arguments.bool(part, "decorative") == true ? .hidden
                : part.hasArgument("accessibilityLabel") ? .label(arguments.string(part, "accessibilityLabel")) : nil
            close(part, frame, accessibility: accessibility, into: &out)
            label("▣ " + arguments.string(part, "name"), into: &out)
            out.raw("</div>")
        case .button:
            let alignment = arguments.caseName(part, "alignment") ?? "left"
            let classes = switch alignment {
            case "center": "bt ac"
            case "right", "trailing": "bt ar"
            case "fill": "bt af"
            default: "bt"
            }
            open(frame, classes, into: &out)
            close(part, frame, into: &out)
            label(arguments.string(part, "title"), classes: "tb", into: &out)
            out.raw("</div>")
        case .titleDescription:
            drawTitleDescription(laidOut, into: &out)
        case .pill:
            open(frame, "pl", into: &out)
            close(part, frame, into: &out)
            out.raw("<span style=\"padding:0 ")
            out.px(Finite.dimension(arguments.number(part, "horizontalPadding") ?? 2))
            out.raw("\"><span>")
            out.text(arguments.string(part, "text"))
            out.raw("</span></span></div>")
        case .iconLabel:
            drawIconLabel(laidOut, into: &out)
        case .separator:
            open(frame, "sp", into: &out)
            close(part, frame, into: &out)
            out.raw("</div>")
        case .verticalSeparator:
            open(frame, "vs", into: &out)
            close(part, frame, into: &out)
            out.raw("</div>")
        case .hstack, .centered, .stacked:
            open(frame, "k", into: &out)
            if let background = arguments.color(part, "background") {
                out.raw(";background:")
                out.color(background)
            }
            if let radius = arguments.number(part, "cornerRadius") {
                out.raw(";border-radius:")
                out.px(Finite.dimension(radius))
            }
            close(part, frame, into: &out)
            draw(laidOut.children, into: &out)
            out.raw("</div>")
        case .cell:
            // A table or collection row: its values are the row's.
            var row = self
            if let fields = laidOut.row { row.arguments.values.row = fields }
            open(frame, "ce", into: &out)
            close(part, frame, into: &out)
            row.draw(laidOut.children, into: &out)
            out.raw("</div>")
        case .table:
            drawTable(laidOut, into: &out)
        case .collection:
            open(frame, "co", into: &out)
            close(part, frame, into: &out)
            draw(laidOut.children, into: &out)
            if laidOut.children.contains(where: { $0.frame.x + $0.frame.width > frame.width + 0.5 }) {
                out.raw("<span class=\"more\">›</span>")
            }
            out.raw("</div>")
        case .bar:
            let (fraction, label) = arguments.bar(part)
            open(frame, "br", into: &out)
            close(part, frame, detail: label, into: &out)
            out.raw("<i style=\"width:")
            out.number((fraction ?? 0) * 100)
            out.raw("%;background:")
            if let color = arguments.color(part, "color") { out.color(color) } else { out.raw("var(--acc)") }
            out.raw("\"></i></div>")
        case .paged:
            open(frame, "pg", into: &out)
            close(part, frame, into: &out)
            draw(laidOut.children, into: &out)
            out.raw("<span class=\"dots\">")
            for index in laidOut.children.indices { out.raw(index == 0 ? "<b>●</b>" : "●") }
            out.raw("</span></div>")
        case .slider:
            drawSlider(laidOut, into: &out)
        case .multiSlider:
            drawMultiSlider(laidOut, into: &out)
        case .spacer:
            open(frame, "spc", into: &out)
            close(part, frame, into: &out)
            out.raw("</div>")
        case .textField:
            let (text, isPlaceholder) = arguments.textField(part)
            open(frame, "tf", into: &out)
            close(part, frame, into: &out)
            label(text, classes: isPlaceholder ? "tn ph" : "tn", into: &out)
            out.raw("</div>")
        case .confetti:
            drawConfetti(laidOut, into: &out)
        case .progressBar:
            drawProgressBar(laidOut, into: &out)
        case .map:
            let type = arguments.caseName(part, "type") ?? "standard"
            open(frame, type == "satellite" ? "mp sat" : type == "hybrid" ? "mp hyb" : "mp", into: &out)
            close(part, frame, into: &out)
            HTMLPartDrawer.mapLabel(PartArguments.mapCoordinates(part, values: values), into: &out)
            out.raw("</div>")
        case .radio:
            let selected = arguments.bool(part, "selected") ?? false
            let side = min(frame.width, frame.height)
            let ring = Finite.clamp(arguments.number(part, "lineWidth") ?? 3, 0, side / 2)
            open(Frame(x: frame.x, y: frame.y, width: side, height: side), "rd", into: &out)
            out.raw(";border-width:")
            out.px(ring)
            out.raw(";border-color:")
            out.color(arguments.color(part, "outerColor") ?? ThemePalette.systemBlue)
            close(part, frame, into: &out)
            if selected {
                out.raw("<i style=\"background:")
                out.color(arguments.color(part, "innerColor") ?? ThemePalette.systemBlue)
                out.raw("\"></i>")
            }
            out.raw("</div>")
        case .histogram:
            drawHistogram(laidOut, into: &out)
        }
    }

    /// A map's label: a pin and the coordinates, on a white chip.
    static func mapLabel(_ coordinates: String, into out: inout HTMLWriter) {
        out.raw("<span class=\"l\"><b class=\"pin\"></b>")
        out.text(coordinates)
        out.raw("</span>")
    }

    func writeAlignment(_ alignment: String?, into out: inout HTMLWriter) {
        switch alignment {
        case "center": out.raw(";text-align:center")
        case "right", "trailing": out.raw(";text-align:right")
        case "justified": out.raw(";text-align:justify")
        default: break
        }
    }

    // MARK: Compound parts

    /// Left and right halves, each a title (`normalTextFont`) over its description
    /// (`detailTextFont`) — swapped with `titlePosition: .bottom` — each text box as tall as the
    /// layout model makes it in half the width; the right half right-aligned, or centred with
    /// `secondaryPosition: .center`.
    func drawTitleDescription(_ laidOut: LaidOutPart, into out: inout HTMLWriter) {
        let part = laidOut.part, frame = laidOut.frame
        open(frame, "tdsc", into: &out)
        close(part, frame, into: &out)
        let half = frame.width / 2
        let titleFirst = arguments.caseName(part, "titlePosition") != "bottom"
        let rightAlignment = arguments.caseName(part, "secondaryPosition") == "center" ? ";text-align:center" : ";text-align:right"
        func side(_ title: String, _ description: String, x: Double, style: String) {
            var pieces: [(String, Double, String)] = []
            if part.hasArgument(title) { pieces.append((arguments.string(part, title), metrics.normalTextSize, "tn")) }
            if part.hasArgument(description) { pieces.append((arguments.string(part, description), metrics.detailTextSize, "td")) }
            if !titleFirst { pieces.reverse() }
            var y = 0.0
            for (text, size, classes) in pieces {
                let height = estimate(text, size: size, width: half)
                textBox(text, Frame(x: x, y: y, width: half, height: height), classes: classes, style: style, into: &out)
                y += height
            }
        }
        side("leftTitle", "leftDescription", x: 0, style: "")
        side("rightTitle", "rightDescription", x: half, style: rightAlignment)
        out.raw("</div>")
    }

    /// The icon (a square as tall as one line of `normalTextFont`) and the text wrapped beside it.
    func drawIconLabel(_ laidOut: LaidOutPart, into out: inout HTMLWriter) {
        let part = laidOut.part, frame = laidOut.frame
        open(frame, "il", into: &out)
        // One label: its `accessibilityLabel:` replaces what is read (the text by default).
        close(part, frame, accessibility: part.hasArgument("accessibilityLabel") ? .label(arguments.string(part, "accessibilityLabel")) : nil,
              into: &out)
        let icon = metrics.line(metrics.normalTextSize)
        let padding = Finite.dimension(arguments.number(part, "iconPadding") ?? 0)
        let iconRight = arguments.caseName(part, "iconPosition") == "right"
        let width = max(0, frame.width - icon - padding)
        let text = arguments.string(part, "text")
        out.raw("<span class=\"ic\" aria-hidden=\"true\" style=\"")
        out.raw(iconRight ? "right:0" : "left:0")
        out.raw(";width:")
        out.px(icon)
        out.raw(";height:")
        out.px(icon)
        out.raw("\"></span>")
        var style = ""
        switch arguments.caseName(part, "alignment") {
        case "center": style = ";text-align:center"
        case "right": style = ";text-align:right"
        default: break
        }
        textBox(text, Frame(x: iconRight ? 0 : icon + padding, y: 0, width: width,
                            height: estimate(text, size: metrics.normalTextSize, width: width)),
                classes: "tn", style: style, into: &out)
        out.raw("</div>")
    }

    /// Rows one under another: a `cell` template per row where there is one (its children with
    /// the row's values), else CardParts' default cell, `leftTitle` over `leftDescription` on the
    /// left and `rightTitle` over `rightDescription` on the right, as tall as the layout model's
    /// default row; a line between rows; `.grouped` on a rounded inset background.
    func drawTable(_ laidOut: LaidOutPart, into out: inout HTMLWriter) {
        let part = laidOut.part, frame = laidOut.frame
        let grouped = arguments.caseName(part, "style") == "grouped"
        open(frame, grouped ? "tb2 gr" : "tb2", into: &out)
        close(part, frame, into: &out)
        if part.children.contains(where: { PaintedPart($0.part) == .cell }) {
            draw(laidOut.children, into: &out)
            out.raw("</div>")
            return
        }
        let rowHeight = metrics.defaultTableRowHeight
        let field = arguments.field
        for (index, element) in arguments.elements(part, "rows").enumerated() {
            guard case .record(let record) = element else { continue }
            out.raw("<div class=\"r\" style=\"top:")
            out.px(Double(index) * rowHeight)
            out.raw(";height:")
            out.px(rowHeight)
            out.raw("\"><div>")
            label(field(record, "leftTitle"), classes: "tn", into: &out)
            label(field(record, "leftDescription"), classes: "td", into: &out)
            out.raw("</div><div class=\"rt\">")
            label(field(record, "rightTitle"), classes: "tn", into: &out)
            label(field(record, "rightDescription"), classes: "td", into: &out)
            out.raw("</div></div>")
        }
        out.raw("</div>")
    }

    /// A track across the middle, filled up to the thumb in system blue; the thumb at the
    /// value's place (at `min`, with the binding's `‹name›` beside it, for a binding without a
    /// default).
    func drawSlider(_ laidOut: LaidOutPart, into out: inout HTMLWriter) {
        let part = laidOut.part, frame = laidOut.frame
        let (low, high, value, label) = arguments.slider(part)
        let fraction = PartArguments.fraction(value ?? low, low, high)
        open(frame, "sl", into: &out)
        close(part, frame, into: &out)
        let inset = 11.0
        let track = max(0, frame.width - 2 * inset - (value == nil ? 60 : 0))
        let middle = frame.height / 2
        out.raw("<i style=\"left:")
        out.px(inset)
        out.raw(";top:")
        out.px(middle - 2)
        out.raw(";height:4px;width:")
        out.px(track)
        out.raw("\"></i><i style=\"left:")
        out.px(inset)
        out.raw(";top:")
        out.px(middle - 2)
        out.raw(";height:4px;background:#007AFF;width:")
        out.px(track * fraction)
        out.raw("\"></i><b style=\"left:")
        out.px(inset + track * fraction)
        out.raw(";top:")
        out.px(middle)
        out.raw("\"></b>")
        if value == nil {
            out.raw("<span class=\"l\" style=\"width:60px\">")
            out.text(label)
            out.raw("</span>")
        }
        out.raw("</div>")
    }

    /// A track (`outerTrack`) with a thumb per value and the span between the first and last
    /// thumb in `tint` (system blue); `.vertical` runs down the middle, `max` at the top.
    func drawMultiSlider(_ laidOut: LaidOutPart, into out: inout HTMLWriter) {
        let part = laidOut.part, frame = laidOut.frame
        let thumbs = arguments.multiSliderThumbs(part)
        let vertical = arguments.caseName(part, "orientation") == "vertical"
        let tint = arguments.color(part, "tint") ?? ThemePalette.systemBlue
        open(frame, "ms", into: &out)
        close(part, frame, into: &out)
        let inset = 11.0
        let length = max(0, (vertical ? frame.height : frame.width) - 2 * inset)
        let across = (vertical ? frame.width : frame.height) / 2
        func segment(from: Double, to: Double, color: ColorValue?) {
            out.raw("<i style=\"")
            if vertical {
                out.raw("left:")
                out.px(across - 2)
                out.raw(";width:4px;top:")
                out.px(inset + (1 - to) * length)
                out.raw(";height:")
                out.px((to - from) * length)
            } else {
                out.raw("top:")
                out.px(across - 2)
                out.raw(";height:4px;left:")
                out.px(inset + from * length)
                out.raw(";width:")
                out.px((to - from) * length)
            }
            if let color {
                out.raw(";background:")
                out.color(color)
            }
            out.raw("\"></i>")
        }
        segment(from: 0, to: 1, color: arguments.color(part, "outerTrack"))
        if let low = thumbs.min(), let high = thumbs.max() { segment(from: low, to: high, color: tint) }
        for thumb in thumbs {
            out.raw("<b style=\"left:")
            out.px(vertical ? across : inset + thumb * length)
            out.raw(";top:")
            out.px(vertical ? inset + (1 - thumb) * length : across)
            out.raw("\"></b>")
        }
        out.raw("</div>")
    }

    /// Stars or diamonds (by `type`; alternating for `.mixed`) scattered in a fixed pattern in
    /// the confetti's colours.
    func drawConfetti(_ laidOut: LaidOutPart, into out: inout HTMLWriter) {
        let part = laidOut.part, frame = laidOut.frame
        let type = arguments.caseName(part, "type") ?? "star"
        var colors = arguments.elements(part, "colors").compactMap { ThemePalette.color($0) }
        if colors.isEmpty { colors = [ThemePalette.systemBlue] }
        open(frame, "cf", into: &out)
        close(part, frame, into: &out)
        let columns = max(1, min(40, Int(frame.width / 28)))
        let rows = max(1, min(20, Int(frame.height / 22)))
        var index = 0
        for row in 0..<rows {
            for column in 0..<columns {
                // A fixed scatter: every other cell, shifted on odd rows.
                guard (row + column) % 2 == 0 else { continue }
                let glyph = switch type {
                case "diamond": "◆"
                case "mixed": index % 2 == 0 ? "◆" : "★"
                default: "★"
                }
                out.raw("<i style=\"left:")
                out.number((Double(column) + 0.2 + 0.5 * Double((row * 7 + column * 3) % 3) / 3) / Double(columns) * 100)
                out.raw("%;top:")
                out.number((Double(row) + 0.15) / Double(rows) * 100)
                out.raw("%;color:")
                out.color(colors[index % colors.count])
                out.raw("\">")
                out.raw(glyph)
                out.raw("</i>")
                index += 1
            }
        }
        out.raw("</div>")
    }

    /// Equal segments, one per colour, in a 12-point bar with the given corner radius; above it
    /// `▼ marker` at `current` (in the segment of the last value not above it); below it the
    /// values when `showValues`.
    func drawProgressBar(_ laidOut: LaidOutPart, into out: inout HTMLWriter) {
        let part = laidOut.part, frame = laidOut.frame
        let values = arguments.elements(part, "values").compactMap(\.number)
        let colors = arguments.elements(part, "colors").map { ThemePalette.color($0) }
        let segments = PartArguments.progressSegments(values: values.count, colors: colors.count)
        let hasMarker = part.drawsProgressMarker
        let labelHeight = metrics.line(metrics.smallTextSize) + LayoutMetrics.progressBarLabelGap
        open(frame, "pb", into: &out)
        close(part, frame, into: &out)
        var top = 0.0
        if hasMarker {
            var left = 0.0
            if let (segment, fraction) = PartArguments.progressMarker(current: arguments.number(part, "current"), values: values) {
                left = (Double(min(segment, segments - 1)) + fraction) / Double(segments)
            }
            out.raw("<span class=\"mk\" style=\"top:0;")
            // The label right of the marker in the left half of the bar, else left of it.
            if left <= 0.5 {
                out.raw("left:calc(")
                out.number(left * 100)
                out.raw("% - 5px)\">▼ ")
            } else {
                out.raw("right:calc(")
                out.number((1 - left) * 100)
                out.raw("% - 5px)\">")
            }
            out.text(arguments.progressMarkerLabel(part))
            out.raw(left <= 0.5 ? "</span>" : " ▼</span>")
            top = labelHeight
        }
        out.raw("<div class=\"bar\" style=\"top:")
        out.px(top)
        out.raw(";height:")
        out.px(LayoutMetrics.progressBarTrackHeight)
        if let radius = arguments.number(part, "cornerRadius") {
            out.raw(";border-radius:")
            out.px(Finite.dimension(radius))
        }
        out.raw("\">")
        for index in 0..<segments {
            out.raw("<i style=\"background:")
            if index < colors.count, let color = colors[index] { out.color(color) } else { out.raw("var(--sep)") }
            out.raw("\"></i>")
        }
        out.raw("</div>")
        if arguments.bool(part, "showValues") ?? false {
            out.raw("<div class=\"vals\" style=\"top:")
            out.px(top + LayoutMetrics.progressBarTrackHeight + LayoutMetrics.progressBarLabelGap)
            out.raw("\">")
            for value in values.prefix(segments) {
                out.raw("<span>")
                out.text(Finite.format(value))
                out.raw("</span>")
            }
            out.raw("</div>")
        }
        out.raw("</div>")
    }

    /// Bars from the bottom, `width` points wide and `spacing` apart, scaled to the tallest
    /// entry (entries of 0…1 are fractions of the height), in the theme's accent; `.bottom` a
    /// base line, `.middle` and `.top` dashed guides.
    func drawHistogram(_ laidOut: LaidOutPart, into out: inout HTMLWriter) {
        let part = laidOut.part, frame = laidOut.frame
        let (entries, scale, lines) = arguments.histogram(part)
        let barWidth = Finite.dimension(arguments.number(part, "width") ?? 8)
        let spacing = Finite.dimension(arguments.number(part, "spacing") ?? 8)
        open(frame, "hi", into: &out)
        close(part, frame, into: &out)
        for (line, y) in [("top", 0.0), ("middle", frame.height / 2)] where lines.contains(line) {
            out.raw("<span class=\"gl\" style=\"top:")
            out.px(y)
            out.raw("\"></span>")
        }
        if lines.contains("bottom") {
            out.raw("<span class=\"gl base\" style=\"bottom:0\"></span>")
        }
        var x = 0.0
        for entry in entries {
            // Bars past the right edge are not drawn (they would not show).
            if x >= frame.width { break }
            out.raw("<i style=\"left:")
            out.px(x)
            out.raw(";width:")
            out.px(min(barWidth, frame.width - x))
            out.raw(";height:")
            out.px(entry / scale * frame.height)
            out.raw(";background:var(--acc)\"></i>")
            x += barWidth + spacing
        }
        out.raw("</div>")
    }
}

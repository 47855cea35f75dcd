/// The preview's own glyphs: box drawing, blocks and marks. Every one is a single scalar one
/// column wide by `TerminalText.displayWidth` (a test checks), so the canvas can place them
/// cell by cell.
enum PreviewGlyphs {
    // Card frames: light square, light rounded, heavy (the `border` trait).
    static let horizontal: Unicode.Scalar = "─"
    static let vertical: Unicode.Scalar = "│"
    static let topLeft: Unicode.Scalar = "┌"
    static let topRight: Unicode.Scalar = "┐"
    static let bottomLeft: Unicode.Scalar = "└"
    static let bottomRight: Unicode.Scalar = "┘"
    static let roundTopLeft: Unicode.Scalar = "╭"
    static let roundTopRight: Unicode.Scalar = "╮"
    static let roundBottomLeft: Unicode.Scalar = "╰"
    static let roundBottomRight: Unicode.Scalar = "╯"
    static let heavyHorizontal: Unicode.Scalar = "━"
    static let heavyVertical: Unicode.Scalar = "┃"
    static let heavyTopLeft: Unicode.Scalar = "┏"
    static let heavyTopRight: Unicode.Scalar = "┓"
    static let heavyBottomLeft: Unicode.Scalar = "┗"
    static let heavyBottomRight: Unicode.Scalar = "┛"
    /// A card's `shadow` edge.
    static let shadow: Unicode.Scalar = "▒"
    /// The `editable` trait's edit button, set in the top edge.
    static let edit: Unicode.Scalar = "✎"
    /// A sheet card's grabber, set in the top edge.
    static let grabber: Unicode.Scalar = "━"

    // Image placeholders and collection items: dashed boxes.
    static let dashedHorizontal: Unicode.Scalar = "╌"
    static let dashedVertical: Unicode.Scalar = "╎"
    static let image: Unicode.Scalar = "▣"
    /// Table row separators and the footer rule.
    static let dottedHorizontal: Unicode.Scalar = "┈"

    // Controls.
    static let fullBlock: Unicode.Scalar = "█"
    static let darkShade: Unicode.Scalar = "▓"
    static let mediumShade: Unicode.Scalar = "▒"
    static let lightShade: Unicode.Scalar = "░"
    static let thumb: Unicode.Scalar = "●"
    static let emptyDot: Unicode.Scalar = "○"
    static let radioOn: Unicode.Scalar = "◉"
    static let radioOff: Unicode.Scalar = "○"
    static let marker: Unicode.Scalar = "▼"
    static let menu: Unicode.Scalar = "⋯"
    static let more: Unicode.Scalar = "›"
    static let pin: Unicode.Scalar = "⌖"
    static let diamond: Unicode.Scalar = "◆"
    static let star: Unicode.Scalar = "★"
    /// Histogram bars by eighths of a cell, from one eighth to a full cell.
    static let eighths: [Unicode.Scalar] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// The vertical line of a vertical `multiSlider`.
    static let heavyTrack: Unicode.Scalar = "━"

    /// Every glyph above, for the width test.
    static let all: [Unicode.Scalar] = [
        horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight, roundTopLeft, roundTopRight,
        roundBottomLeft, roundBottomRight, heavyHorizontal, heavyVertical, heavyTopLeft, heavyTopRight,
        heavyBottomLeft, heavyBottomRight, shadow, edit, grabber, dashedHorizontal, dashedVertical, image,
        dottedHorizontal, fullBlock, darkShade, mediumShade, lightShade, thumb, emptyDot, radioOn, radioOff,
        marker, menu, more, pin, diamond, star, heavyTrack,
    ] + eighths
}

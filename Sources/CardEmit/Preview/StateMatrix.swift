/// A card's states (and swipe overlays) as panels: side by side when each panel gets at least
/// `minimumPanelColumns` columns, `gap` columns apart; otherwise the renderer draws them one
/// under another. Each panel is captioned with its state's name.
struct StateMatrix {
    /// The narrowest panel drawn side by side: below it a card's text would mostly be `…`.
    static let minimumPanelColumns = 30
    /// Columns between panels.
    static let gap = 2

    /// A panel: its caption and what the card shows in it.
    struct Panel {
        var caption: String
        var content: CardPainter.Content
    }

    let panels: [Panel]

    /// The width of each panel when `count` panels fit side by side in `width` columns, else nil.
    static func panelColumns(count: Int, width: Int) -> Int? {
        guard count > 0 else { return nil }
        let columns = (width - gap * (count - 1)) / count
        return columns >= minimumPanelColumns ? columns : nil
    }

    /// Draws the panels side by side from `top`, each `panelColumns` wide with its caption on
    /// the first row; returns the rows used.
    func paintSideBySide(_ card: CardPainter, panelColumns: Int, top: Int, canvas: inout PreviewCanvas) -> Int {
        var rows = 0
        for (index, panel) in panels.enumerated() {
            let column = index * (panelColumns + Self.gap)
            PreviewLabel.paintCaption(panel.caption, row: top, column: column, columns: panelColumns, canvas: &canvas)
            rows = max(rows, 1 + card.paintPanel(panel.content, row: top + 1, column: column, columns: panelColumns, canvas: &canvas))
        }
        return rows
    }
}

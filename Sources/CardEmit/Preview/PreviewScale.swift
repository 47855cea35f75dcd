import CardLayout

/// How the preview maps the layout's points to terminal cells.
///
/// Vertically the ratio is fixed: one row is `pointsPerRow` (16) points, about one line of
/// 14-point text (16.8 points in the layout model), whatever the width. Horizontally, what is
/// drawn spans the output: a stack's viewport (390 points by default) or a card's frame is as
/// wide as the `--width` columns (or the panel's columns, side by side), so at 80 columns one
/// column is 390 / 80 = 4.875 points of a stack. A frame's edges are rounded to the nearest
/// cell edge, so neighbouring frames share their edges and proportions are those of the layout
/// JSON.
public enum PreviewScale {
    /// Points per terminal row.
    public static let pointsPerRow = 16.0
    /// The tallest panel (a card, a state, a stack position), in rows; taller ones are cut there.
    public static let maximumPanelRows = 2_000
}

/// Maps points in one panel's space (a card's frame or a stack's viewport, origin at its top
/// left) to cells of the canvas.
struct CellMapping {
    /// The canvas column of x = 0.
    var originColumn: Int
    /// Columns per point.
    var columnsPerPoint: Double

    /// A mapping that puts `points` across `columns` columns starting at `originColumn`.
    init(originColumn: Int, columns: Int, points: Double) {
        self.originColumn = originColumn
        columnsPerPoint = points > 0 ? Double(max(0, columns)) / points : 0
    }

    /// The column of the cell edge nearest to `x`.
    func column(_ x: Double) -> Int {
        originColumn + CellMapping.rounded(x * columnsPerPoint)
    }

    /// Columns spanned by a length (at least 0).
    func columns(_ length: Double) -> Int { max(0, CellMapping.rounded(length * columnsPerPoint)) }

    /// Rows spanned by a height or an offset: the nearest whole number of `pointsPerRow`.
    static func rows(_ points: Double) -> Int { rounded(points / PreviewScale.pointsPerRow) }

    /// The nearest whole number, half away from zero, held to ±10⁷ so no input makes an
    /// absurd loop or overflows (the canvas clips long before).
    static func rounded(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(min(max(value.rounded(), -10_000_000), 10_000_000))
    }
}

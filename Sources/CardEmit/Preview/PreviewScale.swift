import CardLayout

/// How the preview maps the layout's points to terminal cells.
///
/// Vertically the ratio is fixed: one row is `pointsPerRow` (16) points, about one line of
/// 14-point text (16.8 points in the layout model), whatever the width. Horizontally, what is
/// drawn spans the output: a stack's viewport (390 points by default) or a card's frame is as
/// wide as the `--width` columns (or the panel's columns, side by side), so at 80 columns one
/// column is 390 / 80 = 4.875 points of a stack. A frame's left and right edges are rounded to
/// the nearest cell edge, so neighbouring frames share their edges and proportions are those of
/// the layout JSON; rows are counted so that equal heights stay equal (`StackedRows`) and centred
/// children share a middle row (`CellMapping.row(ofChild:inRowOf:)`).
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

    /// The first row of a child of a row (an `hstack`, a `centered`) `rowHeight` points tall,
    /// relative to the row's first row: a child that shares the row's top keeps it, one that
    /// shares its bottom keeps that, and one centred in it has its middle row — the row
    /// single-line content sits on, the upper one of two — on the row's middle row. So a text
    /// and a slider centred by `alignment: .center` are drawn on one row, whatever their
    /// heights round to; rounding the child's top on its own would put them a row apart.
    static func row(ofChild frame: Frame, inRowOf rowHeight: Double) -> Int {
        let tolerance = 1e-9 * max(1, abs(rowHeight))
        let rows = max(1, Self.rows(frame.height)), rowRows = max(1, Self.rows(rowHeight))
        if abs(frame.y) <= tolerance { return 0 }
        if abs(frame.maxY - rowHeight) <= tolerance { return max(0, rowRows - rows) }
        if abs(frame.y + frame.height / 2 - rowHeight / 2) <= tolerance { return max(0, (rowRows - 1) / 2 - (rows - 1) / 2) }
        return Self.rows(frame.y)
    }

    /// The nearest whole number, half away from zero, held to ±10⁷ so no input makes an
    /// absurd loop or overflows (the canvas clips long before).
    static func rounded(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(min(max(value.rounded(), -10_000_000), 10_000_000))
    }
}

/// Rows for frames one under another — a card's parts, a stack's, a table's cells: each frame
/// takes its own height in rows, rounded, and starts after the frame above it by the gap
/// between them in rows. That gap is the difference of their rounded edges, so that a gap and a
/// height that are each half a row do not both round up and the drawing does not drift from
/// the layout; but after a frame as tall as itself, a frame starts the distance between their
/// tops below it, rounded — a length, not a position — so a run of equal frames at equal gaps
/// (a table's rows, a list of labels, a row of buttons) is drawn at equal steps, and equal
/// frames that touch stay touching. Rounding every top edge on its own, as the preview did,
/// gave equal 20-point table rows now one row apart, now two, with blank rows between.
struct StackedRows {
    /// The last frame placed: its top and height in points, and its first row.
    private var last: (y: Double, height: Double, row: Int)?
    /// The row after the frames placed, and where they end in points.
    private(set) var endRow = 0
    private var endPoints = 0.0

    /// The first row and the rows of a frame from `y` to `y + height` points (rows relative to
    /// the container's first row). Frames come in order, top to bottom.
    mutating func place(y: Double, height: Double) -> (row: Int, rows: Int) {
        let rows = max(0, CellMapping.rows(height))
        let row: Int
        if let last, Self.same(last.height, height) {
            row = last.row + CellMapping.rows(y - last.y)
        } else {
            row = endRow + CellMapping.rows(y) - CellMapping.rows(endPoints)
        }
        last = (y, height, max(0, row))
        endRow = max(endRow, max(0, row) + rows)
        endPoints = max(endPoints, y + height)
        return (max(0, row), rows)
    }

    /// The rows of a container `height` points tall holding the frames placed: its height in
    /// rows, like any frame's, or more when the frames placed end below that.
    func rows(toHeight height: Double) -> Int { max(endRow, CellMapping.rows(height)) }

    /// Equal lengths, give or take the layout's floating-point error.
    static func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }
}

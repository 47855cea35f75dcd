import CardDiagnostics

/// The lines that name what a panel shows: a rule `── Budget · hasData ─────` across the
/// panel's width above a card or stack, and a plain caption above a panel of a state matrix.
/// Names come from the source, so they go through the canvas, which escapes them.
enum PreviewLabel {
    /// `── text ───…` filling `columns` columns: the rule dim, the text bold.
    static func paintRule(_ text: String, row: Int, column: Int, columns: Int, canvas: inout PreviewCanvas) {
        guard columns > 0 else { return }
        let clip = CellRect(row: row, column: column, rows: 1, columns: columns)
        let rule = canvas.number(of: .dim)
        var next = column + canvas.write("── ", row: row, column: column, style: rule, clip: clip)
        next += canvas.write(TerminalText.truncate(text, to: max(0, columns - 5)), row: row, column: next,
                             style: canvas.number(of: .bold), clip: clip)
        next += canvas.write(" ", row: row, column: next, clip: clip)
        canvas.fillRow(row, from: next, to: column + columns, with: PreviewGlyphs.horizontal, style: rule, clip: clip)
    }

    /// `text` in bold, cut to `columns`.
    static func paintCaption(_ text: String, row: Int, column: Int, columns: Int, canvas: inout PreviewCanvas) {
        guard columns > 0 else { return }
        canvas.write(TerminalText.truncate(text, to: columns), row: row, column: column, style: canvas.number(of: .bold),
                     clip: CellRect(row: row, column: column, rows: 1, columns: columns))
    }
}

import CardSema

/// A part with its frame and its laid-out children. The frame is relative to the parent: a
/// top-level part's to the card's content box, a child's to its container part.
public struct LaidOutPart: Sendable {
    /// The checked part (for a table or collection row: its `cell` template).
    public var part: CheckedPart
    public var frame: Frame
    /// The laid-out children. A `table` or `collection` has one `cell` per row or item here,
    /// each laid out with that row's values; a `table` without a `cell` has none.
    public var children: [LaidOutPart]

    public init(part: CheckedPart, frame: Frame, children: [LaidOutPart] = []) {
        self.part = part
        self.frame = frame
        self.children = children
    }
}

/// A part's arguments as the layout reads them: the author's values, else the catalog defaults
/// of the part's spec (looked up once per part rather than once per argument).
struct PartArguments {
    let properties: [Property]
    let spec: PartSpec?

    init(_ part: CheckedPart) {
        properties = part.properties
        spec = Catalog.part(named: part.part)
    }

    /// The value the author wrote.
    func authored(_ name: String) -> Value? {
        for property in properties where property.name == name { return property.value }
        return nil
    }

    /// The catalog's default for argument `name`.
    func catalogDefault(_ name: String) -> CatalogValue? {
        spec?.parameters.first { $0.name == name }?.defaultValue
    }
}

/// Lays out parts by the intrinsic-size model (`LayoutMetrics`), for one card and theme.
struct PartLayouter {
    let metrics: ThemeMetrics
    /// The card's model, for binding defaults.
    let model: [ModelField]
    /// The row record bound to `$item` while laying out a table or collection cell.
    var row: [Argument]?

    // MARK: Values

    /// What a binding stands for: the model default, or the current row's field.
    func resolve(_ value: Value?) -> Value? {
        guard case .binding(let path, _)? = value else { return value }
        if path.count == 1 {
            return model.first { $0.name == path[0] }?.defaultValue
        }
        if path.count == 2, path[0] == Catalog.rowBindingName, let row {
            return row.first { $0.label == path[1] }?.value
        }
        return nil
    }

    /// The text a value shows: a string as is, numbers as written, a binding's default, or the
    /// placeholder `‹name›`.
    func text(_ value: Value?) -> String {
        if let resolved = resolve(value), let text = PartLayouter.display(resolved) { return text }
        if case .binding(let path, _)? = value { return LayoutMetrics.placeholder(path) }
        return ""
    }

    static func display(_ value: Value) -> String? {
        switch value {
        case .string(let s): s
        case .int(let i): String(i)
        case .double(let d): Finite.format(d)
        case .bool(let b): b ? "true" : "false"
        case .reference(let name): name
        default: nil
        }
    }

    /// Argument `name` as a number: the author's value (a binding's default), else the catalog
    /// default.
    func number(_ arguments: PartArguments, _ name: String) -> Double? {
        resolve(arguments.authored(name))?.number ?? arguments.catalogDefault(name)?.numericValue
    }

    /// `number` as a length: 0…1e9.
    func dimension(_ arguments: PartArguments, _ name: String) -> Double? {
        number(arguments, name).map(Finite.dimension)
    }

    /// Argument `name` as an enum case name, else the catalog default's.
    func caseName(_ arguments: PartArguments, _ name: String) -> String? {
        if case .enumCase(let value, _)? = arguments.authored(name) { return value }
        if case .enumCase(let value)? = arguments.catalogDefault(name) { return value }
        return nil
    }

    func bool(_ arguments: PartArguments, _ name: String) -> Bool? {
        if case .bool(let b)? = resolve(arguments.authored(name)) { return b }
        if case .bool(let b)? = arguments.catalogDefault(name) { return b }
        return nil
    }

    /// The elements of a list value (a binding's default list).
    func elements(_ value: Value?) -> [Value] {
        if case .list(let items)? = resolve(value) { return items }
        return []
    }

    static func fontSize(_ value: Value?) -> Double? {
        if case .font(let font)? = value { return Finite.clamp(font.size, 0.01, 10_000) }
        return nil
    }

    // MARK: Parts

    /// Lays out `parts` one under another in `width`, `spacing` apart.
    func stackVertically(_ parts: [CheckedPart], width: Double, spacing: Double) -> (parts: [LaidOutPart], height: Double) {
        var laidOut: [LaidOutPart] = []
        laidOut.reserveCapacity(parts.count)
        var y = 0.0
        for index in parts.indices {
            if index > 0 { y += spacing }
            var child = layout(parts[index], width: width)
            child.frame.y = y
            y += child.frame.height
            laidOut.append(child)
        }
        return (laidOut, y)
    }

    /// Lays out one part at the origin with the given width.
    func layout(_ part: CheckedPart, width: Double) -> LaidOutPart {
        let args = PartArguments(part)
        var children: [LaidOutPart] = []
        let height: Double
        switch part.part {
        case "text":
            var size = metrics.size(ofTextStyle: caseName(args, "style") ?? "normal")
            if let font = Self.fontSize(args.authored("font")) { size = font }
            let cap = number(args, "lines").map { Int(Finite.clamp($0, 0, 1e9)) } ?? 0
            height = LayoutMetrics.height(of: text(args.authored("text")), fontSize: size, width: width, maximumLines: cap)
        case "attributedText":
            var y = 0.0
            for child in part.children {
                var laid = layout(child, width: width)
                laid.frame.y = y
                y += laid.frame.height
                children.append(laid)
            }
            height = y + LayoutMetrics.height(of: text(args.authored("text")), fontSize: metrics.normalTextSize, width: width)
        case "image":
            height = dimension(args, "height") ?? LayoutMetrics.defaultImageHeight
        case "button":
            height = max(LayoutMetrics.minimumButtonHeight, metrics.line(metrics.buttonTitleSize) + LayoutMetrics.controlPadding)
        case "title":
            let hasMenu = args.authored("menu") != nil
            let textWidth = width - (hasMenu ? LayoutMetrics.titleMenuButtonWidth : 0)
            let textHeight = LayoutMetrics.height(of: text(args.authored("text")), fontSize: metrics.titleSize, width: textWidth)
            height = hasMenu ? max(textHeight, LayoutMetrics.titleMenuButtonSide) : textHeight
        case "titleDescription":
            let half = width / 2
            func side(_ title: String, _ description: String) -> Double {
                var h = 0.0
                if let value = args.authored(title) {
                    h += LayoutMetrics.height(of: text(value), fontSize: metrics.normalTextSize, width: half)
                }
                if let value = args.authored(description) {
                    h += LayoutMetrics.height(of: text(value), fontSize: metrics.detailTextSize, width: half)
                }
                return h
            }
            height = max(side("leftTitle", "leftDescription"), side("rightTitle", "rightDescription"))
        case "pill":
            height = metrics.line(metrics.normalTextSize) + 2 * (dimension(args, "verticalPadding") ?? 0)
        case "iconLabel":
            let icon = metrics.line(metrics.normalTextSize)
            let textWidth = width - icon - (dimension(args, "iconPadding") ?? 0)
            height = max(icon, LayoutMetrics.height(of: text(args.authored("text")), fontSize: metrics.normalTextSize, width: textWidth))
        case "separator":
            height = LayoutMetrics.separatorHeight
        case "verticalSeparator":
            height = 0
        case "vstack":
            let result = stackVertically(part.children, width: width, spacing: dimension(args, "spacing") ?? 0)
            children = result.parts
            height = result.height
        case "oriented":
            let result = stackVertically(part.children, width: width, spacing: 0)
            children = result.parts
            height = result.height
        case "cell":
            let result = stackVertically(part.children, width: width, spacing: LayoutMetrics.partSpacing)
            children = result.parts
            height = result.height
        case "hstack":
            (children, height) = layoutRow(part.children, width: width, spacing: dimension(args, "spacing") ?? 0,
                                           widths: nil, alignment: caseName(args, "alignment") ?? "fill")
        case "centered":
            let widths = part.children.count == 3 ? [width / 4, width / 2, width / 4] : nil
            (children, height) = layoutRow(part.children, width: width, spacing: 0, widths: widths, alignment: "center")
        case "table":
            (children, height) = layoutTable(part, width: width)
        case "collection":
            (children, height) = layoutCollection(part, width: width)
        case "bar":
            height = LayoutMetrics.barHeight
        case "paged":
            height = dimension(args, "height") ?? 0
            for (index, page) in part.children.enumerated() {
                var laid = layout(page, width: width)
                laid.frame = Frame(x: Double(index) * width, y: 0, width: width, height: height)
                children.append(laid)
            }
        case "slider":
            height = LayoutMetrics.sliderHeight
        case "multiSlider":
            height = caseName(args, "orientation") == "vertical"
                ? LayoutMetrics.verticalMultiSliderHeight : LayoutMetrics.sliderHeight
        case "spacer":
            height = dimension(args, "height") ?? 0
        case "textField":
            height = metrics.line(metrics.normalTextSize) + LayoutMetrics.controlPadding
        case "confetti":
            height = LayoutMetrics.confettiHeight
        case "progressBar":
            let label = metrics.line(metrics.smallTextSize) + LayoutMetrics.progressBarLabelGap
            var h = LayoutMetrics.progressBarTrackHeight
            if args.authored("marker") != nil || args.authored("current") != nil { h += label }
            if bool(args, "showValues") == true { h += label }
            height = h
        case "map":
            height = dimension(args, "height") ?? 300
        case "radio":
            height = LayoutMetrics.radioHeight
        case "histogram":
            height = LayoutMetrics.histogramHeight
        default:
            // A node the model does not know (a catalog entry added later): its children stacked.
            let result = stackVertically(part.children, width: width, spacing: 0)
            children = result.parts
            height = result.height
        }
        return LaidOutPart(part: part, frame: Frame(x: 0, y: 0, width: max(0, width), height: height), children: children)
    }

    /// Children side by side: `widths` if given, else `verticalSeparator`s 1 point wide and the
    /// rest of the width, after `spacing`, shared equally. Vertical placement by `alignment`.
    func layoutRow(_ parts: [CheckedPart], width: Double, spacing: Double, widths: [Double]?,
                   alignment: String) -> ([LaidOutPart], Double) {
        guard !parts.isEmpty else { return ([], 0) }
        let separators = parts.filter { $0.part == "verticalSeparator" }.count
        let flexible = parts.count - separators
        let available = max(0, width - spacing * Double(parts.count - 1)
                                - LayoutMetrics.verticalSeparatorWidth * Double(separators))
        let share = flexible > 0 ? available / Double(flexible) : 0
        var laidOut: [LaidOutPart] = []
        laidOut.reserveCapacity(parts.count)
        var x = 0.0
        var rowHeight = 0.0
        for index in parts.indices {
            let isSeparator = parts[index].part == "verticalSeparator"
            let childWidth = widths?[index] ?? (isSeparator ? LayoutMetrics.verticalSeparatorWidth : share)
            var child = layout(parts[index], width: childWidth)
            child.frame.x = x
            x += childWidth + spacing
            rowHeight = max(rowHeight, child.frame.height)
            laidOut.append(child)
        }
        for index in laidOut.indices {
            let h = laidOut[index].frame.height
            if laidOut[index].part.part == "verticalSeparator" {
                laidOut[index].frame.height = rowHeight
                continue
            }
            switch alignment {
            case "fill": laidOut[index].frame.height = rowHeight
            case "center": laidOut[index].frame.y = (rowHeight - h) / 2
            case "bottom", "trailing", "lastBaseline": laidOut[index].frame.y = rowHeight - h
            default: break  // top, leading, firstBaseline
            }
        }
        return (laidOut, rowHeight)
    }

    /// The row record of a list element, if it is one.
    static func record(_ value: Value) -> [Argument]? {
        if case .record(let fields) = value { return fields }
        return nil
    }

    /// One row per element of the `rows:` default: the `cell` laid out with the row's values
    /// (plus cell padding), or the default two-line cell.
    func layoutTable(_ part: CheckedPart, width: Double) -> ([LaidOutPart], Double) {
        let args = PartArguments(part)
        let rows = elements(args.authored("rows"))
        let padding = LayoutMetrics.tableCellPadding
        guard let cell = part.children.first(where: { $0.part == "cell" }) else {
            let rowHeight = metrics.line(metrics.normalTextSize) + metrics.line(metrics.detailTextSize) + LayoutMetrics.controlPadding
            return ([], rowHeight * Double(rows.count))
        }
        var cells: [LaidOutPart] = []
        cells.reserveCapacity(rows.count)
        var y = 0.0
        for row in rows {
            var rowLayouter = self
            rowLayouter.row = Self.record(row)
            var (content, contentHeight) = rowLayouter.stackVertically(cell.children, width: width, spacing: LayoutMetrics.partSpacing)
            for index in content.indices { content[index].frame.y += padding }
            let rowHeight = contentHeight + 2 * padding
            cells.append(LaidOutPart(part: cell, frame: Frame(x: 0, y: y, width: max(0, width), height: rowHeight), children: content))
            y += rowHeight
        }
        return (cells, y)
    }

    /// Items from the `items:` default, `itemSize` each, in one row (`.horizontal`) or wrapped.
    func layoutCollection(_ part: CheckedPart, width: Double) -> ([LaidOutPart], Double) {
        let args = PartArguments(part)
        let items = elements(args.authored("items"))
        var itemWidth = LayoutMetrics.defaultItemSize.width, itemHeight = LayoutMetrics.defaultItemSize.height
        if case .size(let w, let h)? = args.authored("itemSize") {
            itemWidth = Finite.dimension(w)
            itemHeight = Finite.dimension(h)
        }
        let spacing = dimension(args, "spacing") ?? LayoutMetrics.defaultCollectionSpacing
        let horizontal = caseName(args, "direction") != "vertical"
        let perRow: Int
        if horizontal {
            perRow = max(1, items.count)
        } else if itemWidth + spacing > 0 {
            perRow = Int(Finite.clamp(((width + spacing) / (itemWidth + spacing)).rounded(.down), 1, 1e9))
        } else {
            perRow = max(1, items.count)
        }
        let rows = items.isEmpty ? 0 : (items.count + perRow - 1) / perRow
        let height = horizontal ? itemHeight : Double(rows) * itemHeight + Double(max(0, rows - 1)) * spacing
        var cells: [LaidOutPart] = []
        guard let cell = part.children.first(where: { $0.part == "cell" }) else { return ([], height) }
        cells.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            var itemLayouter = self
            itemLayouter.row = Self.record(item)
            let content = itemLayouter.stackVertically(cell.children, width: itemWidth, spacing: LayoutMetrics.partSpacing).parts
            let column = index % perRow, line = index / perRow
            let frame = Frame(x: Double(column) * (itemWidth + spacing), y: Double(line) * (itemHeight + spacing),
                              width: itemWidth, height: itemHeight)
            cells.append(LaidOutPart(part: cell, frame: frame, children: content))
        }
        return (cells, height)
    }
}

import CardModel

/// A part with its frame and its laid-out children. The frame is relative to the parent: a
/// top-level part's to the card's content box, a child's to its container part.
public struct LaidOutPart: Sendable {
    /// The checked part (for a table or collection row: its `cell` template).
    public var part: PartView
    public var frame: Frame
    /// The laid-out children. A `table` or `collection` has one `cell` per row or item here,
    /// each laid out with that row's values; a `table` without a `cell` has none.
    public var children: [LaidOutPart]
    /// For a `cell` laid out as a row of a table or collection: the row's values (`$item`).
    public var row: [Argument]?
    /// For a part directly in a card: the space CardParts leaves around it (`margins:`, else
    /// the theme's margins for its kind), outside `frame`. Nil inside a container, whose
    /// stack view ignores its parts' margins.
    public var margins: EdgeInsets?

    public init(part: PartView, frame: Frame, children: [LaidOutPart] = [], row: [Argument]? = nil) {
        self.part = part
        self.frame = frame
        self.children = children
        self.row = row
    }
}

/// What a binding, or a text argument, shows when laid out or previewed: its value with the
/// card's model defaults and the current row's fields in place of bindings.
public struct ValueResolver: Sendable {
    /// The card's model fields.
    public let model: FieldList
    /// The row bound to `$item` in a table or collection cell.
    public var row: [Argument]?

    public init(model: FieldList, row: [Argument]? = nil) {
        self.model = model
        self.row = row
    }

    /// The value a binding stands for: a model field's default, or a field of the current row.
    public func resolve(_ binding: Binding) -> Value? {
        let path = binding.path
        if path.count == 1 { return model.field(named: path[0])?.defaultValue }
        if path.count == 2 && path[0] == Catalog.rowBindingName {
            return row?.first { $0.label == path[1] }?.value
        }
        return nil
    }

    /// `value`, or what it stands for when it is a binding (nil when that has no value).
    public func resolve(_ value: Value?) -> Value? {
        if case .binding(let binding)? = value { return resolve(binding) }
        return value
    }

    /// The text a value shows: a string as is, numbers as written, a binding's value, or the
    /// placeholder `‹name›` for a binding without one; "" for anything else.
    public func text(_ value: Value?) -> String {
        guard let value else { return "" }
        if case .binding(let binding) = value {
            return resolve(binding).flatMap(Self.display) ?? LayoutMetrics.placeholder(binding.path)
        }
        return Self.display(value) ?? ""
    }

    /// The text of a string, number, Boolean or reference.
    public static func display(_ value: Value) -> String? {
        switch value {
        case .string(let s): s
        case .int(let i): String(i)
        case .double(let d): Finite.format(d)
        case .bool(let b): b ? "true" : "false"
        case .reference(let reference): reference.name
        default: nil
        }
    }
}

/// Lays out parts by the intrinsic-size model (`LayoutMetrics`), for one card and theme.
struct PartLayouter {
    let metrics: ThemeMetrics
    var values: ValueResolver

    // MARK: Arguments

    /// The text argument `name` of `part` shows ("" when the author wrote none).
    func text(_ part: PartView, _ name: String) -> String {
        values.text(Self.authored(part, name))
    }

    /// The value the author wrote for `name` (the first, for a repeated label).
    static func authored(_ part: PartView, _ name: String) -> Value? {
        part.properties.first { $0.name == name }?.value
    }

    /// The catalog default of `name` for `part`.
    static func catalogDefault(_ part: PartView, _ name: String) -> CatalogValue? {
        part.spec.parameter(named: name)?.defaultValue
    }

    /// Argument `name` as a number: the author's value (a binding's default), else the catalog default.
    func number(_ part: PartView, _ name: String) -> Double? {
        if let number = values.resolve(Self.authored(part, name))?.number { return number }
        return Self.catalogDefault(part, name)?.numericValue
    }

    /// `number` as a length: 0…1e9.
    func dimension(_ part: PartView, _ name: String) -> Double? {
        number(part, name).map(Finite.dimension)
    }

    /// Argument `name` as an enum case name, else the catalog default's.
    static func caseName(_ part: PartView, _ name: String) -> String? {
        if case .enumCase(let caseName, _)? = authored(part, name) { return caseName }
        if case .enumCase(let caseName)? = catalogDefault(part, name) { return caseName }
        return nil
    }

    func bool(_ part: PartView, _ name: String) -> Bool? {
        if case .bool(let b)? = values.resolve(Self.authored(part, name)) { return b }
        if case .bool(let b)? = Self.catalogDefault(part, name) { return b }
        return nil
    }

    /// The elements of a list argument (a binding's default list).
    func elements(_ part: PartView, _ name: String) -> [Value] {
        if case .list(let items)? = values.resolve(Self.authored(part, name)) { return items }
        return []
    }

    /// The height of `text` wrapped in `width` (see `LayoutMetrics.height(of:fontSize:width:maximumLines:)`).
    func measure(_ text: String, fontSize: Double, width: Double, maximumLines: Int = 0) -> Double {
        LayoutMetrics.height(of: text, fontSize: fontSize, width: width, maximumLines: maximumLines)
    }

    // MARK: Parts

    /// Lays out the top-level `parts` of a card, an overlay or a footer in `width` as CardParts'
    /// `setupCardParts` does: each inset by its margins, the first `top` below the box's top,
    /// each next one the previous one's `bottom` plus its own `top` below it (margins add up,
    /// they never overlap), the last one's `bottom` above the box's bottom. Returns them and
    /// their height.
    func stackWithMargins(_ parts: PartList, width: Double) -> (parts: [LaidOutPart], height: Double) {
        var y = 0.0
        var laidOut: [LaidOutPart] = []
        laidOut.reserveCapacity(parts.count)
        for part in parts {
            let margins = metrics.margins(of: part)
            y += margins.top
            var node = layout(part, width: max(0, width - margins.horizontal))
            node.frame.x = margins.left
            node.frame.y = y
            node.margins = margins
            y += node.frame.height + margins.bottom
            laidOut.append(node)
        }
        return (laidOut, y)
    }

    /// Lays out `parts` one under another in `width`, `spacing` apart; returns them and their height.
    func stackVertically(_ parts: PartList, width: Double, spacing: Double) -> (parts: [LaidOutPart], height: Double) {
        var y = 0.0
        var laidOut: [LaidOutPart] = []
        laidOut.reserveCapacity(parts.count)
        for (index, part) in parts.enumerated() {
            if index > 0 { y += spacing }
            var node = layout(part, width: width)
            node.frame.y = y
            y += node.frame.height
            laidOut.append(node)
        }
        return (laidOut, y)
    }

    /// Lays out `part` at the origin with the given width.
    func layout(_ part: PartView, width: Double) -> LaidOutPart {
        // Containers here, recursively; a leaf's height in `leafHeight`, whose frame (large in a
        // debug build) is then not part of every nesting level's.
        var children: [LaidOutPart] = []
        let height: Double
        switch part.kind {
        case .attributedText:
            let images = stackVertically(part.children, width: width, spacing: 0)
            children = images.parts
            height = images.height + measure(text(part, "text"), fontSize: metrics.normalTextSize, width: width)
        case .vstack:
            let stacked = stackVertically(part.children, width: width, spacing: dimension(part, "spacing") ?? 0)
            (children, height) = stacked
        case .oriented, .overlay, .footer, .model:
            // Structural nodes never stand as parts; were one to, its children stacked.
            (children, height) = stackVertically(part.children, width: width, spacing: 0)
        case .cell:
            (children, height) = stackVertically(part.children, width: width, spacing: LayoutMetrics.partSpacing)
        case .hstack:
            (children, height) = layoutRow(part.children, width: width, spacing: dimension(part, "spacing") ?? 0,
                                           quarterHalfQuarter: false, alignment: Self.caseName(part, "alignment") ?? "fill")
        case .centered:
            (children, height) = layoutRow(part.children, width: width, spacing: 0, quarterHalfQuarter: part.children.count == 3,
                                           alignment: "center")
        case .table:
            (children, height) = layoutTable(part, width: width)
        case .collection:
            (children, height) = layoutCollection(part, width: width)
        case .paged:
            height = dimension(part, "height") ?? 0
            for (page, child) in part.children.enumerated() {
                var node = layout(child, width: width)
                node.frame = Frame(x: Double(page) * width, y: 0, width: width, height: height)
                children.append(node)
            }
        case let kind:
            height = leafHeight(part, kind, width: width)
        }
        return LaidOutPart(part: part, frame: Frame(x: 0, y: 0, width: max(0, width), height: height), children: children)
    }

    /// The height of a part without children, `kind` being its kind, at the given width.
    func leafHeight(_ part: PartView, _ kind: PartKind, width: Double) -> Double {
        switch kind {
        case .text:
            let style = Self.caseName(part, "style")
            var size = metrics.size(ofTextStyle: style)
            if case .font(let font)? = Self.authored(part, "font") { size = metrics.scaled(font.size, textStyle: style) }
            let cap = number(part, "lines").map { Int(Finite.clamp($0, 0, 1e9)) } ?? 0
            return measure(text(part, "text"), fontSize: size, width: width, maximumLines: cap)
        case .image:
            return dimension(part, "height") ?? LayoutMetrics.defaultImageHeight
        case .button:
            return max(LayoutMetrics.minimumButtonHeight, metrics.line(metrics.buttonTitleSize) + LayoutMetrics.controlPadding)
        case .title:
            let hasMenu = part.hasArgument("menu")
            let textWidth = width - (hasMenu ? LayoutMetrics.titleMenuButtonWidth : 0)
            let textHeight = measure(text(part, "text"), fontSize: metrics.titleSize, width: textWidth)
            return hasMenu ? max(textHeight, LayoutMetrics.titleMenuButtonSide) : textHeight
        case .titleDescription:
            let half = width / 2
            func side(_ title: String, _ description: String) -> Double {
                var h = 0.0
                if part.hasArgument(title) { h += measure(text(part, title), fontSize: metrics.normalTextSize, width: half) }
                if part.hasArgument(description) {
                    h += measure(text(part, description), fontSize: metrics.detailTextSize, width: half)
                }
                return h
            }
            return max(side("leftTitle", "leftDescription"), side("rightTitle", "rightDescription"))
        case .pill:
            return metrics.line(metrics.normalTextSize) + 2 * (dimension(part, "verticalPadding") ?? 0)
        case .iconLabel:
            let icon = metrics.line(metrics.normalTextSize)
            let textWidth = width - icon - (dimension(part, "iconPadding") ?? 0)
            return max(icon, measure(text(part, "text"), fontSize: metrics.normalTextSize, width: textWidth))
        case .separator:
            return LayoutMetrics.separatorHeight
        case .verticalSeparator:
            return 0
        case .bar:
            return LayoutMetrics.barHeight
        case .slider:
            return LayoutMetrics.sliderHeight
        case .multiSlider:
            return Self.caseName(part, "orientation") == "vertical" ? LayoutMetrics.verticalMultiSliderHeight : LayoutMetrics.sliderHeight
        case .spacer:
            return dimension(part, "height") ?? 0
        case .textField:
            return metrics.line(metrics.normalTextSize) + LayoutMetrics.controlPadding
        case .confetti:
            return LayoutMetrics.confettiHeight
        case .progressBar:
            let label = metrics.line(metrics.smallTextSize) + LayoutMetrics.progressBarLabelGap
            var h = LayoutMetrics.progressBarTrackHeight
            if part.drawsProgressMarker { h += label }
            if bool(part, "showValues") == true { h += label }
            return h
        case .map:
            return dimension(part, "height") ?? 300
        case .radio:
            return LayoutMetrics.radioHeight
        case .histogram:
            return LayoutMetrics.histogramHeight
        case .attributedText, .vstack, .oriented, .cell, .hstack, .centered, .table, .collection, .paged, .overlay, .footer, .model:
            return 0 // containers: `layout`
        }
    }

    /// Children side by side: with `quarterHalfQuarter` (a `centered` of three) a quarter, a half
    /// and a quarter of the width, else `verticalSeparator`s 1 point wide and the rest of the
    /// width, after `spacing`, shared equally. Vertical placement by `alignment`. Returns the
    /// children and the row's height.
    func layoutRow(_ parts: PartList, width: Double, spacing: Double, quarterHalfQuarter: Bool,
                   alignment: String) -> (parts: [LaidOutPart], height: Double) {
        guard !parts.isEmpty else { return ([], 0) }
        enum Placement { case fill, center, bottom, top }
        let placement: Placement = switch alignment {
        case "fill": .fill
        case "center": .center
        case "bottom", "trailing", "lastBaseline": .bottom
        default: .top  // top, leading, firstBaseline
        }
        let isSeparator = parts.map { $0.kind == .verticalSeparator }
        let separators = isSeparator.filter { $0 }.count
        let flexible = parts.count - separators
        let available = max(0, width - spacing * Double(parts.count - 1) - LayoutMetrics.verticalSeparatorWidth * Double(separators))
        let share = flexible > 0 ? available / Double(flexible) : 0
        var laidOut: [LaidOutPart] = []
        var x = 0.0
        var rowHeight = 0.0
        for (index, part) in parts.enumerated() {
            let childWidth = quarterHalfQuarter ? (index == 1 ? width / 2 : width / 4)
                : isSeparator[index] ? LayoutMetrics.verticalSeparatorWidth : share
            var node = layout(part, width: childWidth)
            node.frame.x = x
            x += childWidth + spacing
            rowHeight = max(rowHeight, node.frame.height)
            laidOut.append(node)
        }
        for index in laidOut.indices {
            let h = laidOut[index].frame.height
            if isSeparator[index] {
                laidOut[index].frame.height = rowHeight
            } else {
                switch placement {
                case .fill: laidOut[index].frame.height = rowHeight
                case .center: laidOut[index].frame.y = (rowHeight - h) / 2
                case .bottom: laidOut[index].frame.y = rowHeight - h
                case .top: break
                }
            }
        }
        return (laidOut, rowHeight)
    }

    /// The row record of a list element, if it is one.
    static func record(_ value: Value) -> [Argument]? {
        if case .record(let fields) = value { return fields }
        return nil
    }

    /// One row per element of the `rows:` default: the table's `cell` laid out with the row's
    /// values (plus cell padding), or the default two-line cell. Returns the rows and the
    /// table's height.
    func layoutTable(_ table: PartView, width: Double) -> (parts: [LaidOutPart], height: Double) {
        let rows = elements(table, "rows")
        let padding = LayoutMetrics.tableCellPadding
        guard let cell = table.children.first(where: { $0.kind == .cell }) else {
            return ([], metrics.defaultTableRowHeight * Double(rows.count))
        }
        var rowLayouter = self
        var laidOut: [LaidOutPart] = []
        var y = 0.0
        for row in rows {
            rowLayouter.values.row = Self.record(row)
            var content = rowLayouter.stackVertically(cell.children, width: width, spacing: LayoutMetrics.partSpacing)
            for index in content.parts.indices { content.parts[index].frame.y += padding }
            let rowHeight = content.height + 2 * padding
            laidOut.append(LaidOutPart(part: cell, frame: Frame(x: 0, y: y, width: max(0, width), height: rowHeight),
                                       children: content.parts, row: rowLayouter.values.row))
            y += rowHeight
        }
        return (laidOut, y)
    }

    /// Items from the `items:` default, `itemSize` each, in one row (`.horizontal`) or wrapped,
    /// each the collection's `cell`. Returns the items and the collection's height.
    func layoutCollection(_ collection: PartView, width: Double) -> (parts: [LaidOutPart], height: Double) {
        let items = elements(collection, "items")
        var itemWidth = LayoutMetrics.defaultItemSize.width, itemHeight = LayoutMetrics.defaultItemSize.height
        if case .size(let w, let h)? = Self.authored(collection, "itemSize") {
            itemWidth = Finite.dimension(w)
            itemHeight = Finite.dimension(h)
        }
        let spacing = dimension(collection, "spacing") ?? LayoutMetrics.defaultCollectionSpacing
        let horizontal = Self.caseName(collection, "direction") != "vertical"
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
        guard let cell = collection.children.first(where: { $0.kind == .cell }) else { return ([], height) }
        var itemLayouter = self
        var laidOut: [LaidOutPart] = []
        for (index, item) in items.enumerated() {
            itemLayouter.values.row = Self.record(item)
            let content = itemLayouter.stackVertically(cell.children, width: itemWidth, spacing: LayoutMetrics.partSpacing)
            let column = index % perRow, line = index / perRow
            laidOut.append(LaidOutPart(part: cell, frame: Frame(x: Double(column) * (itemWidth + spacing), y: Double(line) * (itemHeight + spacing),
                                                                 width: itemWidth, height: itemHeight),
                                       children: content.parts, row: itemLayouter.values.row))
        }
        return (laidOut, height)
    }
}

extension PartView {
    /// Whether a `progressBar` draws its `▼` marker (and so a row for it): the layout makes
    /// room for it, and the back ends draw it.
    public var drawsProgressMarker: Bool { hasArgument("marker") || hasArgument("current") }
}

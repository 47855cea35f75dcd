import CardSema

/// A part with its frame and its laid-out children. The frame is relative to the parent: a
/// top-level part's to the card's content box, a child's to its container part.
///
/// The tree form of a layout, for readers that want one (tests, previews); the layout pass
/// itself produces `LayoutNode`s (`CardFrames`), which the layout JSON back end reads directly.
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

/// One laid-out part in a card's flat list of nodes (`CardFrames.nodes`), in pre-order: a node is
/// followed by its children, each followed by its own subtree, up to `end`.
///
/// A node refers to its checked part by position rather than holding a copy (a `CheckedPart`
/// copy retains its arrays), so a reader walks the checked parts alongside: the part of a
/// top-level node is `parts[template]` of its state, overlay or footer, the part of a child node
/// `parent.children[template]`.
public struct LayoutNode: Sendable {
    /// The frame, relative to the parent's (a top-level part's to the card's content box).
    public var frame: Frame
    /// The position of this node's part among its parent's children (for a table or collection
    /// row: of the `cell` every row lays out).
    public var template: Int
    /// The index just past this node's subtree; its children are the nodes from `index + 1`,
    /// each followed by its subtree.
    public var end: Int
    /// The part's number in `PartTable`, nil for a part the catalog does not know.
    public var number: Int?
    /// Which parameters of the part (`PartTable.specs[number].parameters`) have an argument: bit
    /// `p` for parameter `p`, the arguments being in the same order. Nil when the arguments are
    /// not one per parameter in catalog order (the checker always stores them so), and a reader
    /// matches them with parameters by name.
    public var parameters: UInt64?
}

/// A part's arguments as the layout reads them: the author's values, else the catalog defaults
/// of the part's spec (from `PartTable`, by number, so nothing here retains the spec).
struct PartArguments {
    let properties: [Property]
    let number: Int?
    /// `LayoutNode.parameters`.
    let matched: UInt64?
    let table: PartParameters

    /// The position of the argument the author wrote for `parameter`.
    @inline(__always)
    func authored(_ parameter: LayoutParameter) -> Int? {
        if let number, let matched {
            guard let position = table.position(of: parameter, inPart: number),
                  matched & (1 << UInt64(position)) != 0 else { return nil }
            return (matched & ((1 << UInt64(position)) &- 1)).nonzeroBitCount
        }
        let name = parameter.name
        for index in properties.indices where sameName(properties[index].name, name) { return index }
        return nil
    }

    /// The value the author wrote.
    func value(_ parameter: LayoutParameter) -> Value? { authored(parameter).map { properties[$0].value } }

    /// The catalog's default for `parameter`.
    func catalogDefault(_ parameter: LayoutParameter) -> CatalogValue? {
        guard let number else { return nil }
        return table.catalogDefault(parameter, ofPart: number)
    }
}

/// String equality with the length test first: most names compared differ, and a length
/// mismatch is cheaper to find than what `==` does for unequal strings.
@inline(__always)
func sameName(_ a: String, _ b: String) -> Bool { a.utf8.count == b.utf8.count && a == b }

/// Lays out parts by the intrinsic-size model (`LayoutMetrics`), for one card and theme,
/// appending `LayoutNode`s.
struct PartLayouter {
    let metrics: ThemeMetrics
    /// The card's model, for binding defaults.
    let model: [ModelField]
    /// The row record bound to `$item` while laying out a table or collection cell.
    var row: [Argument]?
    let table = PartTable.parameters

    // MARK: Values

    /// What a binding stands for: the model default, or the current row's field.
    func resolve(_ value: Value?) -> Value? {
        guard case .binding(let path, _)? = value else { return value }
        return resolve(path)
    }

    /// The value of binding `path`: the model default, or the current row's field.
    func resolve(_ path: [String]) -> Value? {
        guard let source = source(of: path) else { return nil }
        return source.row ? row?[source.index].value : model[source.index].defaultValue
    }

    /// Where the value of binding `path` is: field `index` of the model, or of the current row.
    /// (Index loops: `first(where:)` would copy each model field, retaining all it holds.)
    func source(of path: [String]) -> (row: Bool, index: Int)? {
        if path.count == 1 {
            for index in model.indices where sameName(model[index].name, path[0]) { return (false, index) }
            return nil
        }
        if path.count == 2, path[0] == Catalog.rowBindingName, let row {
            for index in row.indices {
                if let label = row[index].label, sameName(label, path[1]) { return (true, index) }
            }
        }
        return nil
    }

    /// The text argument `parameter` shows: a string as is, numbers as written, a binding's
    /// default, or the placeholder `‹name›`; "" when absent.
    func text(_ arguments: PartArguments, _ parameter: LayoutParameter) -> String {
        guard let index = arguments.authored(parameter) else { return "" }
        return text(arguments.properties[index].value)
    }

    /// The text a value shows (see `text(_:_:)`).
    @inline(__always)
    func text(_ value: Value) -> String {
        if case .binding(let path, _) = value { return text(bound: path) }
        return PartLayouter.display(value) ?? ""
    }

    /// The text binding `path` shows: its value's, else the placeholder.
    func text(bound path: [String]) -> String {
        let text: String? = switch source(of: path) {
        case (true, let index)?: row.flatMap { Self.display($0[index].value) }
        case (false, let index)?: model[index].defaultValue.flatMap { Self.display($0) }
        case nil: nil
        }
        return text ?? LayoutMetrics.placeholder(path)
    }

    /// The text of a string, number, Boolean or reference.
    @inline(__always)
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
    func number(_ arguments: PartArguments, _ parameter: LayoutParameter) -> Double? {
        if let index = arguments.authored(parameter) {
            switch arguments.properties[index].value {
            case .int(let i): return Double(i)
            case .double(let d): return d
            case .binding(let path, _): if let number = resolve(path)?.number { return number }
            default: break
            }
        }
        return arguments.catalogDefault(parameter)?.numericValue
    }

    /// `number` as a length: 0…1e9.
    func dimension(_ arguments: PartArguments, _ parameter: LayoutParameter) -> Double? {
        number(arguments, parameter).map(Finite.dimension)
    }

    /// Argument `name` as an enum case name, else the catalog default's.
    func caseName(_ arguments: PartArguments, _ parameter: LayoutParameter) -> String? {
        if let index = arguments.authored(parameter), case .enumCase(let value, _) = arguments.properties[index].value { return value }
        if case .enumCase(let value)? = arguments.catalogDefault(parameter) { return value }
        return nil
    }

    func bool(_ arguments: PartArguments, _ parameter: LayoutParameter) -> Bool? {
        if case .bool(let b)? = resolve(arguments.value(parameter)) { return b }
        if case .bool(let b)? = arguments.catalogDefault(parameter) { return b }
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

    /// Lays out `parts` one under another in `width`, `spacing` apart; returns their height.
    func stackVertically(_ parts: [CheckedPart], width: Double, spacing: Double, into nodes: inout [LayoutNode]) -> Double {
        parts.withUnsafeBufferPointer { parts in
            var y = 0.0
            for index in parts.indices {
                if index > 0 { y += spacing }
                let node = layout(parts, at: index, width: width, into: &nodes)
                nodes[node].frame.y = y
                y += nodes[node].frame.height
            }
            return y
        }
    }

    /// Lays out part `position` of `siblings` at the origin with the given width: appends its
    /// node, then its subtree's, and returns the node's index.
    ///
    /// The part is read field by field in place (`siblings[position].children`), through a buffer
    /// pointer: binding the element, passing it on, or reading a field through an array's
    /// subscript copies the whole part, retaining and releasing everything it holds, which cost
    /// more than laying out most parts.
    func layout(_ siblings: UnsafeBufferPointer<CheckedPart>, at position: Int, width: Double, into nodes: inout [LayoutNode]) -> Int {
        let found = PartTable.lookUp(siblings[position].part)
        let number = found?.number
        let index = nodes.count
        let properties = siblings[position].properties
        let matched = number.flatMap { table.match(properties, ofPart: $0) }
        nodes.append(LayoutNode(frame: Frame(x: 0, y: 0, width: 0, height: 0), template: position, end: index + 1,
                                number: number, parameters: matched))
        let args = PartArguments(properties: properties, number: number, matched: matched, table: table)
        let height: Double
        switch found?.kind ?? .other {
        case .text:
            var size = metrics.size(ofTextStyle: caseName(args, .style) ?? "normal")
            if let font = Self.fontSize(args.value(.font)) { size = font }
            let cap = self.number(args, .lines).map { Int(Finite.clamp($0, 0, 1e9)) } ?? 0
            height = LayoutMetrics.height(of: text(args, .text), fontSize: size, width: width, maximumLines: cap)
        case .attributedText:
            let images = stackVertically(siblings[position].children, width: width, spacing: 0, into: &nodes)
            height = images + LayoutMetrics.height(of: text(args, .text), fontSize: metrics.normalTextSize, width: width)
        case .image:
            height = dimension(args, .height) ?? LayoutMetrics.defaultImageHeight
        case .button:
            height = max(LayoutMetrics.minimumButtonHeight, metrics.line(metrics.buttonTitleSize) + LayoutMetrics.controlPadding)
        case .title:
            let hasMenu = args.authored(.menu) != nil
            let textWidth = width - (hasMenu ? LayoutMetrics.titleMenuButtonWidth : 0)
            let textHeight = LayoutMetrics.height(of: text(args, .text), fontSize: metrics.titleSize, width: textWidth)
            height = hasMenu ? max(textHeight, LayoutMetrics.titleMenuButtonSide) : textHeight
        case .titleDescription:
            let half = width / 2
            func side(_ title: LayoutParameter, _ description: LayoutParameter) -> Double {
                var h = 0.0
                if args.authored(title) != nil {
                    h += LayoutMetrics.height(of: text(args, title), fontSize: metrics.normalTextSize, width: half)
                }
                if args.authored(description) != nil {
                    h += LayoutMetrics.height(of: text(args, description), fontSize: metrics.detailTextSize, width: half)
                }
                return h
            }
            height = max(side(.leftTitle, .leftDescription), side(.rightTitle, .rightDescription))
        case .pill:
            height = metrics.line(metrics.normalTextSize) + 2 * (dimension(args, .verticalPadding) ?? 0)
        case .iconLabel:
            let icon = metrics.line(metrics.normalTextSize)
            let textWidth = width - icon - (dimension(args, .iconPadding) ?? 0)
            height = max(icon, LayoutMetrics.height(of: text(args, .text), fontSize: metrics.normalTextSize, width: textWidth))
        case .separator:
            height = LayoutMetrics.separatorHeight
        case .verticalSeparator:
            height = 0
        case .vstack:
            height = stackVertically(siblings[position].children, width: width, spacing: dimension(args, .spacing) ?? 0, into: &nodes)
        case .oriented, .other:
            // `other`: a node the model does not know (a catalog entry added later): its children stacked.
            height = stackVertically(siblings[position].children, width: width, spacing: 0, into: &nodes)
        case .cell:
            height = stackVertically(siblings[position].children, width: width, spacing: LayoutMetrics.partSpacing, into: &nodes)
        case .hstack:
            height = layoutRow(siblings[position].children, width: width, spacing: dimension(args, .spacing) ?? 0,
                               quarterHalfQuarter: false, alignment: caseName(args, .alignment) ?? "fill", into: &nodes)
        case .centered:
            let children = siblings[position].children
            height = layoutRow(children, width: width, spacing: 0, quarterHalfQuarter: children.count == 3,
                               alignment: "center", into: &nodes)
        case .table:
            height = layoutTable(siblings[position].children, args, width: width, into: &nodes)
        case .collection:
            height = layoutCollection(siblings[position].children, args, width: width, into: &nodes)
        case .bar:
            height = LayoutMetrics.barHeight
        case .paged:
            height = dimension(args, .height) ?? 0
            siblings[position].children.withUnsafeBufferPointer { pages in
                for page in pages.indices {
                    let child = layout(pages, at: page, width: width, into: &nodes)
                    nodes[child].frame = Frame(x: Double(page) * width, y: 0, width: width, height: height)
                }
            }
        case .slider:
            height = LayoutMetrics.sliderHeight
        case .multiSlider:
            height = caseName(args, .orientation) == "vertical"
                ? LayoutMetrics.verticalMultiSliderHeight : LayoutMetrics.sliderHeight
        case .spacer:
            height = dimension(args, .height) ?? 0
        case .textField:
            height = metrics.line(metrics.normalTextSize) + LayoutMetrics.controlPadding
        case .confetti:
            height = LayoutMetrics.confettiHeight
        case .progressBar:
            let label = metrics.line(metrics.smallTextSize) + LayoutMetrics.progressBarLabelGap
            var h = LayoutMetrics.progressBarTrackHeight
            if args.authored(.marker) != nil || args.authored(.current) != nil { h += label }
            if bool(args, .showValues) == true { h += label }
            height = h
        case .map:
            height = dimension(args, .height) ?? 300
        case .radio:
            height = LayoutMetrics.radioHeight
        case .histogram:
            height = LayoutMetrics.histogramHeight
        }
        nodes[index].frame = Frame(x: 0, y: 0, width: max(0, width), height: height)
        nodes[index].end = nodes.count
        return index
    }

    /// Whether `part` is a `verticalSeparator` (1 point wide in a row, as tall as the row).
    static func isVerticalSeparator(_ name: String) -> Bool { sameName(name, "verticalSeparator") }

    /// Children side by side: with `quarterHalfQuarter` (a `centered` of three) a quarter, a half
    /// and a quarter of the width, else `verticalSeparator`s 1 point wide and the rest of the
    /// width, after `spacing`, shared equally. Vertical placement by `alignment`. Returns the
    /// row's height.
    func layoutRow(_ parts: [CheckedPart], width: Double, spacing: Double, quarterHalfQuarter: Bool,
                   alignment: String, into nodes: inout [LayoutNode]) -> Double {
        guard !parts.isEmpty else { return 0 }
        enum Placement { case fill, center, bottom, top }
        let placement: Placement = switch alignment {
        case "fill": .fill
        case "center": .center
        case "bottom", "trailing", "lastBaseline": .bottom
        default: .top  // top, leading, firstBaseline
        }
        return parts.withUnsafeBufferPointer { parts in  // read in place (`layout(_:at:width:into:)`)
            var separators = 0
            for index in parts.indices where Self.isVerticalSeparator(parts[index].part) { separators += 1 }
            let flexible = parts.count - separators
            let available = max(0, width - spacing * Double(parts.count - 1)
                                    - LayoutMetrics.verticalSeparatorWidth * Double(separators))
            let share = flexible > 0 ? available / Double(flexible) : 0
            let first = nodes.count
            var x = 0.0
            var rowHeight = 0.0
            for index in parts.indices {
                let isSeparator = Self.isVerticalSeparator(parts[index].part)
                let childWidth = quarterHalfQuarter ? (index == 1 ? width / 2 : width / 4)
                    : isSeparator ? LayoutMetrics.verticalSeparatorWidth : share
                let child = layout(parts, at: index, width: childWidth, into: &nodes)
                nodes[child].frame.x = x
                x += childWidth + spacing
                rowHeight = max(rowHeight, nodes[child].frame.height)
            }
            var child = first
            while child < nodes.count {
                let h = nodes[child].frame.height
                let template = nodes[child].template
                if template < parts.count && Self.isVerticalSeparator(parts[template].part) {
                    nodes[child].frame.height = rowHeight
                } else {
                    switch placement {
                    case .fill: nodes[child].frame.height = rowHeight
                    case .center: nodes[child].frame.y = (rowHeight - h) / 2
                    case .bottom: nodes[child].frame.y = rowHeight - h
                    case .top: break
                    }
                }
                child = nodes[child].end
            }
            return rowHeight
        }
    }

    /// The row record of a list element, if it is one.
    static func record(_ value: Value) -> [Argument]? {
        if case .record(let fields) = value { return fields }
        return nil
    }

    /// One row per element of the `rows:` default: the `cell` among the table's `children` laid
    /// out with the row's values (plus cell padding), or the default two-line cell. Returns the
    /// table's height.
    func layoutTable(_ children: [CheckedPart], _ args: PartArguments, width: Double, into nodes: inout [LayoutNode]) -> Double {
        let rows = elements(args.value(.rows))
        let padding = LayoutMetrics.tableCellPadding
        guard let cellIndex = children.firstIndex(where: { $0.part == "cell" }) else {
            let rowHeight = metrics.line(metrics.normalTextSize) + metrics.line(metrics.detailTextSize) + LayoutMetrics.controlPadding
            return rowHeight * Double(rows.count)
        }
        let cell = children[cellIndex]
        let cellNumber = PartTable.number(of: cell.part)
        let cellParameters = cellNumber.flatMap { table.match(cell.properties, ofPart: $0) }
        var y = 0.0
        for row in rows {
            var rowLayouter = self
            rowLayouter.row = Self.record(row)
            let node = nodes.count
            nodes.append(LayoutNode(frame: Frame(x: 0, y: 0, width: 0, height: 0), template: cellIndex, end: node + 1,
                                    number: cellNumber, parameters: cellParameters))
            let contentHeight = rowLayouter.stackVertically(cell.children, width: width, spacing: LayoutMetrics.partSpacing, into: &nodes)
            var child = node + 1
            while child < nodes.count {
                nodes[child].frame.y += padding
                child = nodes[child].end
            }
            let rowHeight = contentHeight + 2 * padding
            nodes[node].frame = Frame(x: 0, y: y, width: max(0, width), height: rowHeight)
            nodes[node].end = nodes.count
            y += rowHeight
        }
        return y
    }

    /// Items from the `items:` default, `itemSize` each, in one row (`.horizontal`) or wrapped,
    /// each the `cell` among the collection's `children`. Returns the collection's height.
    func layoutCollection(_ children: [CheckedPart], _ args: PartArguments, width: Double, into nodes: inout [LayoutNode]) -> Double {
        let items = elements(args.value(.items))
        var itemWidth = LayoutMetrics.defaultItemSize.width, itemHeight = LayoutMetrics.defaultItemSize.height
        if case .size(let w, let h)? = args.value(.itemSize) {
            itemWidth = Finite.dimension(w)
            itemHeight = Finite.dimension(h)
        }
        let spacing = dimension(args, .spacing) ?? LayoutMetrics.defaultCollectionSpacing
        let horizontal = caseName(args, .direction) != "vertical"
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
        guard let cellIndex = children.firstIndex(where: { $0.part == "cell" }) else { return height }
        let cell = children[cellIndex]
        let cellNumber = PartTable.number(of: cell.part)
        let cellParameters = cellNumber.flatMap { table.match(cell.properties, ofPart: $0) }
        for (index, item) in items.enumerated() {
            var itemLayouter = self
            itemLayouter.row = Self.record(item)
            let node = nodes.count
            nodes.append(LayoutNode(frame: Frame(x: 0, y: 0, width: 0, height: 0), template: cellIndex, end: node + 1,
                                    number: cellNumber, parameters: cellParameters))
            _ = itemLayouter.stackVertically(cell.children, width: itemWidth, spacing: LayoutMetrics.partSpacing, into: &nodes)
            let column = index % perRow, line = index / perRow
            nodes[node].frame = Frame(x: Double(column) * (itemWidth + spacing), y: Double(line) * (itemHeight + spacing),
                                      width: itemWidth, height: itemHeight)
            nodes[node].end = nodes.count
        }
        return height
    }
}

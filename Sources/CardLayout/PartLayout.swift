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
    let arguments: Arguments
    let number: Int?
    /// `LayoutNode.parameters`.
    let matched: UInt64?
    let table: PartParameters

    /// The argument the author wrote for `parameter`, if any (an index for `card`'s accessors).
    @inline(__always)
    func authored(_ parameter: LayoutParameter, of card: CardView) -> Int? {
        if let number, let matched {
            guard let position = table.position(of: parameter, inPart: number) else { return nil }
            return card.argument(forParameter: position, matched: matched, in: arguments)
        }
        let name = parameter.name
        for argument in arguments.indices where sameName(card.name(ofArgument: argument, in: arguments), name) {
            if card.hasValue(argument: argument, in: arguments) { return argument }
        }
        return nil
    }

    /// The value the author wrote.
    func value(_ parameter: LayoutParameter, of card: CardView) -> ValueView? {
        authored(parameter, of: card).flatMap { card.value(ofArgument: $0, in: arguments) }
    }

    /// The catalog's default for `parameter`, when it is a number.
    func defaultNumber(_ parameter: LayoutParameter) -> Double? {
        number.flatMap { table.defaultNumber(parameter, ofPart: $0) }
    }

    /// The catalog's default for `parameter`, when it is an enumeration case.
    func defaultCaseName(_ parameter: LayoutParameter) -> String? {
        number.flatMap { table.defaultCaseName(parameter, ofPart: $0) }
    }

    /// The catalog's default for `parameter`, when it is a Boolean.
    func defaultBool(_ parameter: LayoutParameter) -> Bool? {
        number.flatMap { table.defaultBool(parameter, ofPart: $0) }
    }
}

/// String equality with the length test first: most names compared differ, and a length
/// mismatch is cheaper to find than what `==` does for unequal strings.
@inline(__always)
func sameName(_ a: String, _ b: String) -> Bool { a.utf8.count == b.utf8.count && a == b }

/// `sameName` for ASCII `bytes`: a non-ASCII name can still equal them (U+212A KELVIN SIGN is `K`).
func sameName(_ name: String, ascii bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // Native and small strings are read in place; anything else through a contiguous copy.
    if let same = name.utf8.withContiguousStorageIfAvailable({ sameName(name, utf8: $0, ascii: bytes) }) { return same }
    var copy = name
    return copy.withUTF8 { sameName(name, utf8: $0, ascii: bytes) }
}

/// `sameName(_:ascii:)` for `name`, whose bytes are `utf8`.
@inline(__always)
private func sameName(_ name: String, utf8: UnsafeBufferPointer<UInt8>, ascii bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    if utf8.count == bytes.count && (0..<bytes.count).allSatisfy({ utf8[$0] == bytes[$0] }) { return true }
    return utf8.contains { $0 >= 0x80 } && name == String(decoding: bytes, as: UTF8.self)
}

/// A catalog trait the layout looks for: its name, and its index in `Catalog.traits`.
struct LayoutTrait {
    let name: String
    let catalogIndex: Int?

    init(_ name: String) {
        self.name = name
        catalogIndex = Catalog.traits.firstIndex { $0.name == name }
    }

    static let customMargin = LayoutTrait("customMargin")
    static let noTopBottomMargins = LayoutTrait("noTopBottomMargins")
}

extension CardView {
    /// The card's first trait that is `trait`: told by its catalog index, without reading (and
    /// retaining) the names of stored traits.
    func firstTrait(_ trait: LayoutTrait) -> Int? {
        if let catalogIndex = trait.catalogIndex { return firstTrait(catalogIndex: catalogIndex) }
        // A trait the catalog lacks: only a trait not read from the store can have its name.
        for index in 0..<traitCount where catalogIndex(ofTrait: index) == nil && sameName(traitName(index), trait.name) {
            return index
        }
        return nil
    }
}

/// What a text argument shows: text of the source, or a string.
enum ShownText {
    case source(SourceText)
    case string(String)
}

/// Lays out parts by the intrinsic-size model (`LayoutMetrics`), for one card and theme,
/// appending `LayoutNode`s.
struct PartLayouter {
    let metrics: ThemeMetrics
    /// The card laid out: its parts, and its model for binding defaults.
    let card: CardView
    /// The row record bound to `$item` while laying out a table or collection cell (set with
    /// `bind(row:)`).
    var row: [Argument]?
    let table = PartTable.parameters
    /// The first field of each label of `row`, for a row of more than `scannedFieldLimit`.
    var rowTable: [String: Int]? = nil

    /// Past this many fields, a row's fields are found by label through `rowTable` (and a
    /// card's model fields through `CardView.firstField(named:)`): comparing every name, a card
    /// of 20,000 fields each bound once took 4.4 s to lay out.
    static let scannedFieldLimit = 32

    /// Binds `$item` to `row`.
    mutating func bind(row: [Argument]?) {
        self.row = row
        rowTable = nil
        guard let row, row.count > Self.scannedFieldLimit else { return }
        var labels: [String: Int] = [:]
        for (index, field) in row.enumerated() {
            if let label = field.label, labels[label] == nil { labels[label] = index }
        }
        rowTable = labels
    }

    // MARK: Values

    /// What a binding stands for: the model default, or the current row's field.
    func resolve(_ value: ValueView?) -> ValueView? {
        switch value {
        case .binding(let text, _)?: resolve(source(ofBinding: text))
        case .value(.binding(let path, _))?: resolve(source(of: path))
        default: value
        }
    }

    /// The value at `source`.
    func resolve(_ source: (row: Bool, index: Int)?) -> ValueView? {
        guard let source else { return nil }
        return source.row ? row.map { .value($0[source.index].value) } : card.fieldDefault(source.index)
    }

    /// Where the value of binding `path` is: field `index` of the model, or of the current row.
    func source(of path: [String]) -> (row: Bool, index: Int)? {
        if path.count == 1 {
            if card.fieldCount > Self.scannedFieldLimit { return card.firstField(named: path[0]).map { (false, $0) } }
            return card.firstField { sameName($0, path[0]) }.map { (false, $0) }
        }
        if path.count == 2, path[0] == Catalog.rowBindingName { return rowSource(path[1]) }
        return nil
    }

    /// The field labelled `label` of the current row.
    func rowSource(_ label: String) -> (row: Bool, index: Int)? {
        guard let row else { return nil }
        if let rowTable { return rowTable[label].map { (true, $0) } }
        for index in row.indices {
            if let fieldLabel = row[index].label, sameName(fieldLabel, label) { return (true, index) }
        }
        return nil
    }

    /// `rowSource` for a label spelled in ASCII.
    func rowSource(ascii label: UnsafeBufferPointer<UInt8>) -> (row: Bool, index: Int)? {
        guard let row else { return nil }
        if let rowTable { return rowTable[String(decoding: label, as: UTF8.self)].map { (true, $0) } }
        for index in row.indices {
            if let fieldLabel = row[index].label, sameName(fieldLabel, ascii: label) { return (true, index) }
        }
        return nil
    }

    /// `source(of:)` for a binding as spelled (`$name`, `$item.name`), read from its bytes.
    func source(ofBinding text: SourceText) -> (row: Bool, index: Int)? {
        guard let (path, dot) = card.simpleBindingPath(text) else { return source(of: card.bindingPath(text)) }
        guard let dot else {
            if card.fieldCount > Self.scannedFieldLimit {
                return card.firstField(named: String(decoding: path, as: UTF8.self)).map { (false, $0) }
            }
            return card.firstField { sameName($0, ascii: path) }.map { (false, $0) }
        }
        guard sameName(Catalog.rowBindingName, ascii: UnsafeBufferPointer(rebasing: path[..<dot])) else { return nil }
        return rowSource(ascii: UnsafeBufferPointer(rebasing: path[(dot + 1)..<path.count]))
    }

    /// The text argument `parameter` shows: a string as is, numbers as written, a binding's
    /// default, or the placeholder `‹name›`; "" when absent.
    func text(_ arguments: PartArguments, _ parameter: LayoutParameter) -> ShownText {
        guard let argument = arguments.authored(parameter, of: card) else { return .string("") }
        // The commonest kinds without making a `ValueView`.
        switch card.scalar(ofArgument: argument, in: arguments.arguments) {
        case .text(let text): return .source(text)
        case .binding(let text): return self.text(ofBinding: text)
        case .int(let i): return text(.int(i))
        case .double(let d): return text(.double(d))
        case .bool(let b): return text(.bool(b))
        case .color, .enumCase, .other:
            guard let value = card.value(ofArgument: argument, in: arguments.arguments) else { return .string("") }
            return text(value)
        }
    }

    /// The text a binding as spelled shows (see `text(_:_:)`).
    func text(ofBinding text: SourceText) -> ShownText {
        self.text(bound: source(ofBinding: text)) ?? .string(LayoutMetrics.placeholder(card.bindingPath(text)))
    }

    /// The text a value shows (see `text(_:_:)`).
    @inline(__always)
    func text(_ value: ValueView) -> ShownText {
        switch value {
        case .binding(let text, _):
            return self.text(ofBinding: text)
        case .value(.binding(let path, _)):
            return text(bound: source(of: path)) ?? .string(LayoutMetrics.placeholder(path))
        default:
            return Self.display(value) ?? .string("")
        }
    }

    /// The text of the value at a binding's `source`, if it has one.
    func text(bound source: (row: Bool, index: Int)?) -> ShownText? {
        resolve(source).flatMap(Self.display)
    }

    /// The text of a string, number, Boolean or reference.
    @inline(__always)
    static func display(_ value: ValueView) -> ShownText? {
        switch value {
        case .text(let text): .source(text)
        case .int(let i): .string(String(i))
        case .double(let d): .string(Finite.format(d))
        case .bool(let b): .string(b ? "true" : "false")
        case .value(.string(let s)): .string(s)
        case .value(.int(let i)): .string(String(i))
        case .value(.double(let d)): .string(Finite.format(d))
        case .value(.bool(let b)): .string(b ? "true" : "false")
        case .value(.reference(let name)): .string(name)
        default: nil
        }
    }

    /// The height of `text` wrapped in `width` (see `LayoutMetrics.height(of:fontSize:width:maximumLines:)`).
    func measure(_ text: ShownText, fontSize: Double, width: Double, maximumLines: Int = 0) -> Double {
        var lines: Int
        switch text {
        case .source(let source):
            // Counted as the bytes are, in one pass; text with a non-ASCII byte is validated
            // after, and invalid UTF-8 counted as `string(_:)` repairs it.
            let counted = LayoutMetrics.lineCount(of: card.bytes(source), fontSize: fontSize, width: width)
            lines = counted.isASCII || card.utf8(source) != nil
                ? counted.lines : LayoutMetrics.lineCount(of: card.string(source), fontSize: fontSize, width: width)
        case .string(let string): lines = LayoutMetrics.lineCount(of: string, fontSize: fontSize, width: width)
        }
        if maximumLines > 0 { lines = min(lines, maximumLines) }
        return LayoutMetrics.textHeight(lines: lines, fontSize: fontSize)
    }

    /// Argument `name` as a number: the author's value (a binding's default), else the catalog
    /// default.
    func number(_ arguments: PartArguments, _ parameter: LayoutParameter) -> Double? {
        if let argument = arguments.authored(parameter, of: card) {
            // The commonest kinds without making a `ValueView`.
            switch card.scalar(ofArgument: argument, in: arguments.arguments) {
            case .int(let i): return Double(i)
            case .double(let d): return d
            case .binding(let text): if let number = resolve(source(ofBinding: text))?.number { return number }
            case .bool, .text, .color, .enumCase: break
            case .other:
                guard let value = card.value(ofArgument: argument, in: arguments.arguments) else { break }
                switch value {
                case .binding, .value(.binding): if let number = resolve(value)?.number { return number }
                default: if let number = value.number { return number }
                }
            }
        }
        return arguments.defaultNumber(parameter)
    }

    /// `number` as a length: 0…1e9.
    func dimension(_ arguments: PartArguments, _ parameter: LayoutParameter) -> Double? {
        number(arguments, parameter).map(Finite.dimension)
    }

    /// Argument `name` as an enum case name, else the catalog default's.
    func caseName(_ arguments: PartArguments, _ parameter: LayoutParameter) -> String? {
        if let argument = arguments.authored(parameter, of: card) {
            // A stored case by its position, without making a `ValueView`.
            switch card.scalar(ofArgument: argument, in: arguments.arguments) {
            case .enumCase(let index):
                if let name = card.caseName(index, ofArgument: argument, in: arguments.arguments) { return name }
            case .other:
                switch card.value(ofArgument: argument, in: arguments.arguments) {
                case .enumCase(let name)?, .value(.enumCase(let name, _))?: return name
                case .state(let text)?: return card.string(stateName: text)
                default: break
                }
            case .int, .double, .bool, .text, .color, .binding: break
            }
        }
        return arguments.defaultCaseName(parameter)
    }

    /// The text style of a `text` part's `style`: a case of the part's parameter (or its default)
    /// by its position, without reading its name; else as `caseName` reads it.
    func textStyle(_ arguments: PartArguments) -> TextStyle {
        if let number = arguments.number {
            guard let argument = arguments.authored(.style, of: card) else {
                // What `caseName` returns: the default's name, and `normal` without one.
                return table.defaultTextStyle(ofPart: number)
            }
            if case .enumCase(let index) = card.scalar(ofArgument: argument, in: arguments.arguments),
               let style = table.textStyle(ofCase: index, inPart: number) {
                return style
            }
        }
        return TextStyle(caseName(arguments, .style) ?? "normal")
    }

    func bool(_ arguments: PartArguments, _ parameter: LayoutParameter) -> Bool? {
        switch resolve(arguments.value(parameter, of: card)) {
        case .bool(let b)?, .value(.bool(let b))?: return b
        default: break
        }
        return arguments.defaultBool(parameter)
    }

    /// The elements of a list value (a binding's default list).
    func elements(_ value: ValueView?) -> [Value] {
        if case .value(.list(let items))? = resolve(value) { return items }
        return []
    }

    static func fontSize(_ value: ValueView?) -> Double? {
        if case .value(.font(let font))? = value { return Finite.clamp(font.size, 0.01, 10_000) }
        return nil
    }

    // MARK: Parts

    /// Lays out `parts` one under another in `width`, `spacing` apart; returns their height.
    func stackVertically(_ parts: PartList, width: Double, spacing: Double, into nodes: inout [LayoutNode]) -> Double {
        var y = 0.0
        for index in 0..<parts.count {
            if index > 0 { y += spacing }
            let node = layout(parts, at: index, width: width, into: &nodes)
            nodes[node].frame.y = y
            y += nodes[node].frame.height
        }
        return y
    }

    /// The number of `part` in `PartTable` and what the layout model does with it.
    func lookUp(_ part: Int) -> (number: Int, kind: PartKind)? {
        lookUp(part, catalogIndex: card.catalogIndex(ofPart: part))
    }

    /// `lookUp` for a part whose `catalogIndex(ofPart:)` is `catalogIndex`.
    @inline(__always)
    func lookUp(_ part: Int, catalogIndex: Int?) -> (number: Int, kind: PartKind)? {
        if let catalogIndex { return table.lookUp(catalogIndex: catalogIndex) }
        return PartTable.lookUp(card.name(ofPart: part))
    }

    /// Part `number`'s arguments matched with its parameters (`LayoutNode.parameters`).
    func match(_ arguments: Arguments, ofPart number: Int?) -> UInt64? {
        number.flatMap { table.match(arguments, of: card, ofPart: $0) }
    }

    /// Lays out part `position` of `siblings` at the origin with the given width: appends its
    /// node, then its subtree's, and returns the node's index.
    func layout(_ siblings: PartList, at position: Int, width: Double, into nodes: inout [LayoutNode]) -> Int {
        let part = card.part(position, of: siblings)
        let (catalogIndex, arguments, children) = card.contents(ofPart: part)
        let found = lookUp(part, catalogIndex: catalogIndex)
        let number = found?.number
        let index = nodes.count
        let matched = match(arguments, ofPart: number)
        nodes.append(LayoutNode(frame: Frame(x: 0, y: 0, width: 0, height: 0), template: position, end: index + 1,
                                number: number, parameters: matched))
        let args = PartArguments(arguments: arguments, number: number, matched: matched, table: table)
        let height: Double
        switch found?.kind ?? .other {
        case .text:
            var size = metrics.size(of: textStyle(args))
            if let font = Self.fontSize(args.value(.font, of: card)) { size = font }
            let cap = self.number(args, .lines).map { Int(Finite.clamp($0, 0, 1e9)) } ?? 0
            height = measure(text(args, .text), fontSize: size, width: width, maximumLines: cap)
        case .attributedText:
            let images = stackVertically(children, width: width, spacing: 0, into: &nodes)
            height = images + measure(text(args, .text), fontSize: metrics.normalTextSize, width: width)
        case .image:
            height = dimension(args, .height) ?? LayoutMetrics.defaultImageHeight
        case .button:
            height = max(LayoutMetrics.minimumButtonHeight, metrics.line(metrics.buttonTitleSize) + LayoutMetrics.controlPadding)
        case .title:
            let hasMenu = args.authored(.menu, of: card) != nil
            let textWidth = width - (hasMenu ? LayoutMetrics.titleMenuButtonWidth : 0)
            let textHeight = measure(text(args, .text), fontSize: metrics.titleSize, width: textWidth)
            height = hasMenu ? max(textHeight, LayoutMetrics.titleMenuButtonSide) : textHeight
        case .titleDescription:
            let half = width / 2
            func side(_ title: LayoutParameter, _ description: LayoutParameter) -> Double {
                var h = 0.0
                if args.authored(title, of: card) != nil {
                    h += measure(text(args, title), fontSize: metrics.normalTextSize, width: half)
                }
                if args.authored(description, of: card) != nil {
                    h += measure(text(args, description), fontSize: metrics.detailTextSize, width: half)
                }
                return h
            }
            height = max(side(.leftTitle, .leftDescription), side(.rightTitle, .rightDescription))
        case .pill:
            height = metrics.line(metrics.normalTextSize) + 2 * (dimension(args, .verticalPadding) ?? 0)
        case .iconLabel:
            let icon = metrics.line(metrics.normalTextSize)
            let textWidth = width - icon - (dimension(args, .iconPadding) ?? 0)
            height = max(icon, measure(text(args, .text), fontSize: metrics.normalTextSize, width: textWidth))
        case .separator:
            height = LayoutMetrics.separatorHeight
        case .verticalSeparator:
            height = 0
        case .vstack:
            height = stackVertically(children, width: width, spacing: dimension(args, .spacing) ?? 0, into: &nodes)
        case .oriented, .other:
            // `other`: a node the model does not know (a catalog entry added later): its children stacked.
            height = stackVertically(children, width: width, spacing: 0, into: &nodes)
        case .cell:
            height = stackVertically(children, width: width, spacing: LayoutMetrics.partSpacing, into: &nodes)
        case .hstack:
            height = layoutRow(children, width: width, spacing: dimension(args, .spacing) ?? 0,
                               quarterHalfQuarter: false, alignment: caseName(args, .alignment) ?? "fill", into: &nodes)
        case .centered:
            height = layoutRow(children, width: width, spacing: 0, quarterHalfQuarter: children.count == 3,
                               alignment: "center", into: &nodes)
        case .table:
            height = layoutTable(children, args, width: width, into: &nodes)
        case .collection:
            height = layoutCollection(children, args, width: width, into: &nodes)
        case .bar:
            height = LayoutMetrics.barHeight
        case .paged:
            height = dimension(args, .height) ?? 0
            for page in 0..<children.count {
                let child = layout(children, at: page, width: width, into: &nodes)
                nodes[child].frame = Frame(x: Double(page) * width, y: 0, width: width, height: height)
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
            if args.authored(.marker, of: card) != nil || args.authored(.current, of: card) != nil { h += label }
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

    /// Whether part `position` of `parts` is a `verticalSeparator` (1 point wide in a row, as
    /// tall as the row).
    func isVerticalSeparator(_ parts: PartList, _ position: Int) -> Bool {
        let part = card.part(position, of: parts)
        // A stored part by its catalog index, without reading (and retaining) its name.
        if let index = card.catalogIndex(ofPart: part) { return table.lookUp(catalogIndex: index)?.kind == .verticalSeparator }
        return sameName(card.name(ofPart: part), "verticalSeparator")
    }

    /// Children side by side: with `quarterHalfQuarter` (a `centered` of three) a quarter, a half
    /// and a quarter of the width, else `verticalSeparator`s 1 point wide and the rest of the
    /// width, after `spacing`, shared equally. Vertical placement by `alignment`. Returns the
    /// row's height.
    func layoutRow(_ parts: PartList, width: Double, spacing: Double, quarterHalfQuarter: Bool,
                   alignment: String, into nodes: inout [LayoutNode]) -> Double {
        guard parts.count > 0 else { return 0 }
        enum Placement { case fill, center, bottom, top }
        let placement: Placement = switch alignment {
        case "fill": .fill
        case "center": .center
        case "bottom", "trailing", "lastBaseline": .bottom
        default: .top  // top, leading, firstBaseline
        }
        // Which of the first 64 children are separators (the rest, if any, are looked up each time).
        var separatorBits: UInt64 = 0
        var separators = 0
        for index in 0..<parts.count where isVerticalSeparator(parts, index) {
            separators += 1
            if index < UInt64.bitWidth { separatorBits |= 1 << UInt64(index) }
        }
        func isSeparator(_ index: Int) -> Bool {
            index < UInt64.bitWidth ? separatorBits >> UInt64(index) & 1 != 0 : isVerticalSeparator(parts, index)
        }
        let flexible = parts.count - separators
        let available = max(0, width - spacing * Double(parts.count - 1)
                                - LayoutMetrics.verticalSeparatorWidth * Double(separators))
        let share = flexible > 0 ? available / Double(flexible) : 0
        let first = nodes.count
        var x = 0.0
        var rowHeight = 0.0
        for index in 0..<parts.count {
            let childWidth = quarterHalfQuarter ? (index == 1 ? width / 2 : width / 4)
                : isSeparator(index) ? LayoutMetrics.verticalSeparatorWidth : share
            let child = layout(parts, at: index, width: childWidth, into: &nodes)
            nodes[child].frame.x = x
            x += childWidth + spacing
            rowHeight = max(rowHeight, nodes[child].frame.height)
        }
        var child = first
        while child < nodes.count {
            let h = nodes[child].frame.height
            let template = nodes[child].template
            if template >= 0 && template < parts.count && isSeparator(template) {
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

    /// The first `cell` among `children`: its position, and the part.
    func cell(among children: PartList) -> (position: Int, part: Int)? {
        for position in 0..<children.count {
            let part = card.part(position, of: children)
            if card.name(ofPart: part) == "cell" { return (position, part) }
        }
        return nil
    }

    /// The row record of a list element, if it is one.
    static func record(_ value: Value) -> [Argument]? {
        if case .record(let fields) = value { return fields }
        return nil
    }

    /// One row per element of the `rows:` default: the `cell` among the table's `children` laid
    /// out with the row's values (plus cell padding), or the default two-line cell. Returns the
    /// table's height.
    func layoutTable(_ children: PartList, _ args: PartArguments, width: Double, into nodes: inout [LayoutNode]) -> Double {
        let rows = elements(args.value(.rows, of: card))
        let padding = LayoutMetrics.tableCellPadding
        guard let (cellIndex, cell) = self.cell(among: children) else {
            let rowHeight = metrics.line(metrics.normalTextSize) + metrics.line(metrics.detailTextSize) + LayoutMetrics.controlPadding
            return rowHeight * Double(rows.count)
        }
        let cellNumber = lookUp(cell)?.number
        let cellParameters = match(card.arguments(ofPart: cell), ofPart: cellNumber)
        let cellChildren = card.children(ofPart: cell)
        // One copy of the layouter for every row: a copy retains and releases all it holds.
        var rowLayouter = self
        var y = 0.0
        for row in rows {
            rowLayouter.bind(row: Self.record(row))
            let node = nodes.count
            nodes.append(LayoutNode(frame: Frame(x: 0, y: 0, width: 0, height: 0), template: cellIndex, end: node + 1,
                                    number: cellNumber, parameters: cellParameters))
            let contentHeight = rowLayouter.stackVertically(cellChildren, width: width, spacing: LayoutMetrics.partSpacing, into: &nodes)
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
    func layoutCollection(_ children: PartList, _ args: PartArguments, width: Double, into nodes: inout [LayoutNode]) -> Double {
        let items = elements(args.value(.items, of: card))
        var itemWidth = LayoutMetrics.defaultItemSize.width, itemHeight = LayoutMetrics.defaultItemSize.height
        if case .value(.size(let w, let h))? = args.value(.itemSize, of: card) {
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
        guard let (cellIndex, cell) = self.cell(among: children) else { return height }
        let cellNumber = lookUp(cell)?.number
        let cellParameters = match(card.arguments(ofPart: cell), ofPart: cellNumber)
        let cellChildren = card.children(ofPart: cell)
        var itemLayouter = self  // one copy for every item, as in `layoutTable`
        for (index, item) in items.enumerated() {
            itemLayouter.bind(row: Self.record(item))
            let node = nodes.count
            nodes.append(LayoutNode(frame: Frame(x: 0, y: 0, width: 0, height: 0), template: cellIndex, end: node + 1,
                                    number: cellNumber, parameters: cellParameters))
            _ = itemLayouter.stackVertically(cellChildren, width: itemWidth, spacing: LayoutMetrics.partSpacing, into: &nodes)
            let column = index % perRow, line = index / perRow
            nodes[node].frame = Frame(x: Double(column) * (itemWidth + spacing), y: Double(line) * (itemHeight + spacing),
                                      width: itemWidth, height: itemHeight)
            nodes[node].end = nodes.count
        }
        return height
    }
}

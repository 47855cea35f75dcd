import CardSema

/// The catalog's parts and structural nodes, numbered once.
///
/// The layout pass looks every part up once, by name, and records the number in its
/// `LayoutNode`; the layout model then switches over a `PartKind` and back ends keep per-part
/// data in arrays indexed by the number, instead of comparing names or hashing them per part (a
/// `[String: …]` lookup costs a few hundred instructions, about as much as laying out a leaf).
public enum PartTable {
    /// Every catalog node: the parts, then the structural nodes (`cell`, …).
    public static let specs: [PartSpec] = Catalog.parts + Catalog.structuralNodes

    /// The number of the part called `name` (`specs[number].name == name`), or nil for a name the
    /// catalog does not know.
    public static func number(of name: String) -> Int? { names.index(of: name)?.number }

    /// The number of the part called `name` and what the layout model does with it.
    static func lookUp(_ name: String) -> (number: Int, kind: PartKind)? { names.index(of: name) }

    /// Every part's parameters, for matching arguments by position instead of by name, and
    /// `lookUp` by index in `Catalog.nodes` (how the store names parts).
    static let parameters = PartParameters(specs, catalogNodes: Catalog.nodes.map { names.index(of: $0.name) })

    private static let names = NameIndex<(number: Int, kind: PartKind)>(specs.enumerated().map { number, spec in
        (spec.name, (number: number, kind: PartKind(rawValue: spec.name) ?? .other))
    })
}

/// The parts whose size the intrinsic-size model computes in its own way (`PartLayouter`).
enum PartKind: String {
    case text, attributedText, image, button, title, titleDescription, pill, iconLabel, separator
    case verticalSeparator, vstack, oriented, cell, hstack, centered, table, collection, bar, paged
    case slider, multiSlider, spacer, textField, confetti, progressBar, map, radio, histogram
    /// Anything else: its children stacked.
    case other
}

/// The arguments the intrinsic-size model reads: the parameters of these names.
enum LayoutParameter: Int, CaseIterable {
    case text, style, font, lines, height, menu, leftTitle, leftDescription, rightTitle, rightDescription
    case verticalPadding, iconPadding, spacing, alignment, rows, items, itemSize, direction, orientation
    case marker, current, showValues

    /// The parameter's name (the case's, spelled out: `String(describing:)` would search the
    /// runtime's conformance tables).
    var name: String {
        switch self {
        case .text: "text"
        case .style: "style"
        case .font: "font"
        case .lines: "lines"
        case .height: "height"
        case .menu: "menu"
        case .leftTitle: "leftTitle"
        case .leftDescription: "leftDescription"
        case .rightTitle: "rightTitle"
        case .rightDescription: "rightDescription"
        case .verticalPadding: "verticalPadding"
        case .iconPadding: "iconPadding"
        case .spacing: "spacing"
        case .alignment: "alignment"
        case .rows: "rows"
        case .items: "items"
        case .itemSize: "itemSize"
        case .direction: "direction"
        case .orientation: "orientation"
        case .marker: "marker"
        case .current: "current"
        case .showValues: "showValues"
        }
    }
}

/// Every catalog part's parameters in flat tables indexed by `PartTable` number and position,
/// so that a part's arguments are matched with its parameters once (`match`) and then read by
/// position: no name is compared or hashed per lookup. The defaults the layout model reads are
/// kept converted, per part and `LayoutParameter`. The tables are allocated once and never freed
/// (`PartTable.parameters` lives as long as the program) and this value is a pointer to them, so
/// a copy of it — one per layouter and per part's arguments — is one word and retains nothing.
struct PartParameters: @unchecked Sendable {  // immutable storage, never freed
    private let tables: UnsafePointer<Tables>
    /// The tables, read in place.
    private var t: Tables { unsafeAddress { tables } }

    private struct Tables {
        /// Part `n`'s parameters are `start[n]..<start[n + 1]` of the tables below, in catalog order.
        let start: UnsafeBufferPointer<Int>
        let names: UnsafeBufferPointer<String>
        /// `names[i].utf8.count`, compared before the names themselves.
        let lengths: UnsafeBufferPointer<Int>
        /// Per part: whether `match` applies (unique names, at most 64 parameters).
        let matchable: UnsafeBufferPointer<Bool>
        /// Per part `n`, at `n * stride + parameter.rawValue`: the position of the first parameter
        /// called `parameter.name`, or -1; and that parameter's catalog default as a number, a case
        /// name and a Boolean, when it is one.
        let positions: UnsafeBufferPointer<Int8>
        let defaultNumbers: UnsafeBufferPointer<Double?>
        let defaultCaseNames: UnsafeBufferPointer<String?>
        let defaultBools: UnsafeBufferPointer<Bool?>
        let stride = LayoutParameter.allCases.count
        /// Per part `n`, the text style of each case of its `style` parameter's enumeration:
        /// `textStyles[textStyleStart[n]..<textStyleStart[n + 1]]`; and of its default (`normal`
        /// without one).
        let textStyleStart: UnsafeBufferPointer<Int>
        let textStyles: UnsafeBufferPointer<TextStyle>
        let defaultTextStyles: UnsafeBufferPointer<TextStyle>
        /// `PartTable.lookUp` of each name of `Catalog.nodes`, in its order.
        let catalogNodes: UnsafeBufferPointer<(number: Int, kind: PartKind)?>
    }

    init(_ specs: [PartSpec], catalogNodes: [(number: Int, kind: PartKind)?]) {
        var start = [0], names: [String] = [], matchable: [Bool] = [], positions: [Int8] = []
        var defaultNumbers: [Double?] = [], defaultCaseNames: [String?] = [], defaultBools: [Bool?] = []
        var textStyleStart = [0], textStyles: [TextStyle] = [], defaultTextStyles: [TextStyle] = []
        let layoutParameters = Dictionary(uniqueKeysWithValues: LayoutParameter.allCases.map { ($0.name, $0) })
        for spec in specs {
            let parameterNames = spec.parameters.map(\.name)
            names += parameterNames
            start.append(names.count)
            matchable.append(parameterNames.count <= UInt64.bitWidth && Set(parameterNames).count == parameterNames.count)
            // The first position of each layout parameter's name, in one pass over the spec's.
            var found = [Int?](repeating: nil, count: LayoutParameter.allCases.count)
            for (position, name) in parameterNames.enumerated() {
                if let parameter = layoutParameters[name], found[parameter.rawValue] == nil { found[parameter.rawValue] = position }
            }
            for parameter in LayoutParameter.allCases {
                let position = found[parameter.rawValue].flatMap { Int8(exactly: $0) }
                positions.append(position ?? -1)
                let value = position.flatMap { spec.parameters[Int($0)].defaultValue }
                defaultNumbers.append(value?.numericValue)
                if case .enumCase(let name)? = value { defaultCaseNames.append(name) } else { defaultCaseNames.append(nil) }
                if case .bool(let b)? = value { defaultBools.append(b) } else { defaultBools.append(nil) }
            }
            let style = found[LayoutParameter.style.rawValue].flatMap { Int8(exactly: $0) }.map { spec.parameters[Int($0)] }
            textStyles += style?.type.enumType?.cases.map { TextStyle($0.name) } ?? []
            textStyleStart.append(textStyles.count)
            if case .enumCase(let name)? = style?.defaultValue { defaultTextStyles.append(TextStyle(name)) } else { defaultTextStyles.append(.normal) }
        }
        func table<Element>(_ elements: [Element]) -> UnsafeBufferPointer<Element> {
            let table = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
            _ = table.initialize(from: elements)
            return UnsafeBufferPointer(table)
        }
        let tables = UnsafeMutablePointer<Tables>.allocate(capacity: 1)
        tables.initialize(to: Tables(start: table(start), names: table(names), lengths: table(names.map(\.utf8.count)),
                                     matchable: table(matchable), positions: table(positions),
                                     defaultNumbers: table(defaultNumbers), defaultCaseNames: table(defaultCaseNames),
                                     defaultBools: table(defaultBools), textStyleStart: table(textStyleStart),
                                     textStyles: table(textStyles), defaultTextStyles: table(defaultTextStyles),
                                     catalogNodes: table(catalogNodes)))
        self.tables = UnsafePointer(tables)
    }

    /// `PartTable.lookUp` for the part at `index` in `Catalog.nodes`.
    @inline(__always)
    func lookUp(catalogIndex index: Int) -> (number: Int, kind: PartKind)? {
        index >= 0 && index < t.catalogNodes.count ? t.catalogNodes[index] : nil
    }

    /// `arguments` of `card`, the arguments of part `number`, matched with its parameters: bit `p`
    /// is set when parameter `p` has an argument. Nil unless every argument has a value and is a
    /// parameter's, one per parameter, in catalog order (as the checker stores them): then parameter
    /// `p`'s argument is the one at `(bits & (1 << p - 1)).nonzeroBitCount`. (Unmatched
    /// arguments are read by name, which finds the same ones.)
    func match(_ arguments: Arguments, of card: CardView, ofPart number: Int) -> UInt64? {
        guard number >= 0 && number < t.matchable.count && t.matchable[number] else { return nil }
        let first = t.start[number], end = t.start[number + 1]
        if card.namesParametersByPosition {
            // With unique names, matching the parameters' names finds the same positions.
            guard let bits = card.parameterBits(of: arguments) else { return nil }
            return end - first >= UInt64.bitWidth || bits >> UInt64(end - first) == 0 ? bits : nil
        }
        var bits: UInt64 = 0
        var p = first
        for argument in arguments.indices {
            let name = card.name(ofArgument: argument, in: arguments)
            let length = name.utf8.count
            while p < end && !(t.lengths[p] == length && t.names[p] == name) { p += 1 }
            guard p < end else { return nil }
            bits |= 1 << UInt64(p - first)
            p += 1
        }
        return bits
    }

    /// Where `parameter` of part `number` is in the tables indexed by part and `LayoutParameter`.
    @inline(__always)
    private func slot(_ parameter: LayoutParameter, inPart number: Int) -> Int? {
        let index = number &* t.stride &+ parameter.rawValue
        return number >= 0 && index < t.positions.count ? index : nil
    }

    /// The position of the first parameter of part `number` called `parameter.name`.
    @inline(__always)
    func position(of parameter: LayoutParameter, inPart number: Int) -> Int? {
        guard let slot = slot(parameter, inPart: number), t.positions[slot] >= 0 else { return nil }
        return Int(t.positions[slot])
    }

    /// The catalog default of `parameter` of part `number`, when it is a number.
    @inline(__always)
    func defaultNumber(_ parameter: LayoutParameter, ofPart number: Int) -> Double? {
        slot(parameter, inPart: number).flatMap { t.defaultNumbers[$0] }
    }

    /// The catalog default of `parameter` of part `number`, when it is an enumeration case.
    @inline(__always)
    func defaultCaseName(_ parameter: LayoutParameter, ofPart number: Int) -> String? {
        slot(parameter, inPart: number).flatMap { t.defaultCaseNames[$0] }
    }

    /// The text style of case `index` of the enumeration of part `number`'s `style` parameter, if
    /// it has that case.
    @inline(__always)
    func textStyle(ofCase index: Int, inPart number: Int) -> TextStyle? {
        guard number >= 0 && number &+ 1 < t.textStyleStart.count else { return nil }
        let first = t.textStyleStart[number]
        return index >= 0 && index < t.textStyleStart[number &+ 1] &- first ? t.textStyles[first &+ index] : nil
    }

    /// The text style of the default of part `number`'s `style` parameter (`normal` without one).
    @inline(__always)
    func defaultTextStyle(ofPart number: Int) -> TextStyle {
        number >= 0 && number < t.defaultTextStyles.count ? t.defaultTextStyles[number] : .normal
    }

    /// The catalog default of `parameter` of part `number`, when it is a Boolean.
    @inline(__always)
    func defaultBool(_ parameter: LayoutParameter, ofPart number: Int) -> Bool? {
        slot(parameter, inPart: number).flatMap { t.defaultBools[$0] }
    }
}

/// Names with a value each, searchable without hashing: names are grouped by length and first
/// byte, so a lookup compares the few names of its group (usually one or two).
struct NameIndex<Value: Sendable>: Sendable {
    /// `entries[groupStart[g]..<groupStart[g + 1]]` is group `g`.
    private let entries: [(name: String, value: Value)]
    private let groupStart: [Int]
    private static var groupCount: Int { 64 }

    init(_ names: [(String, Value)]) {
        var groups = [[(name: String, value: Value)]](repeating: [], count: Self.groupCount)
        for (name, value) in names {
            let group = Self.group(of: name)
            // The first of equal names wins, as in a dictionary built from the list.
            if !groups[group].contains(where: { $0.name == name }) { groups[group].append((name, value)) }
        }
        var entries: [(name: String, value: Value)] = []
        var groupStart: [Int] = []
        for group in groups {
            groupStart.append(entries.count)
            entries += group
        }
        groupStart.append(entries.count)
        self.entries = entries
        self.groupStart = groupStart
    }

    /// A group from the length and the first byte.
    @inline(__always)
    private static func group(of name: String) -> Int {
        // An iterator reads a small string's first byte in place (`utf8.first` goes through
        // the generic `Collection` path).
        var bytes = name.utf8.makeIterator()
        let first = Int(bytes.next() ?? 0)
        return (name.utf8.count &* 7 &+ first) & (groupCount - 1)
    }

    func index(of name: String) -> Value? {
        let group = Self.group(of: name)
        var k = groupStart[group]
        let end = groupStart[group + 1]
        while k < end {
            if entries[k].name == name { return entries[k].value }
            k += 1
        }
        return nil
    }
}

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

    /// `lookUp` for the part at `index` in `Catalog.nodes`.
    static func lookUp(catalogIndex index: Int) -> (number: Int, kind: PartKind)? {
        index >= 0 && index < byCatalogIndex.count ? byCatalogIndex[index] : nil
    }

    /// `lookUp` of each name of `Catalog.nodes`, in its order: the store names parts by that index.
    private static let byCatalogIndex = Catalog.nodes.map { names.index(of: $0.name) }

    /// Every part's parameters, for matching arguments by position instead of by name.
    static let parameters = PartParameters(specs)

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
/// position: no name is compared or hashed per lookup. The tables are allocated once and never
/// freed (`PartTable.parameters` lives as long as the program), so a copy of this value — one
/// per layouter and per part's arguments — retains nothing.
struct PartParameters: @unchecked Sendable {  // immutable storage, never freed
    /// Part `n`'s parameters are `start[n]..<start[n + 1]` of the tables below, in catalog order.
    private let start: UnsafeBufferPointer<Int>
    private let names: UnsafeBufferPointer<String>
    /// `names[i].utf8.count`, compared before the names themselves.
    private let lengths: UnsafeBufferPointer<Int>
    private let defaults: UnsafeBufferPointer<CatalogValue?>
    /// Per part: whether `match` applies (unique names, at most 64 parameters).
    private let matchable: UnsafeBufferPointer<Bool>
    /// Per part `n`, at `n * stride + parameter.rawValue`: the position of the first parameter
    /// called `parameter.name`, or -1.
    private let positions: UnsafeBufferPointer<Int8>
    private let stride = LayoutParameter.allCases.count

    init(_ specs: [PartSpec]) {
        var start = [0], names: [String] = [], defaults: [CatalogValue?] = [], matchable: [Bool] = [], positions: [Int8] = []
        for spec in specs {
            let parameterNames = spec.parameters.map(\.name)
            names += parameterNames
            defaults += spec.parameters.map(\.defaultValue)
            start.append(names.count)
            matchable.append(parameterNames.count <= UInt64.bitWidth && Set(parameterNames).count == parameterNames.count)
            for parameter in LayoutParameter.allCases {
                positions.append(parameterNames.firstIndex(of: parameter.name).flatMap { Int8(exactly: $0) } ?? -1)
            }
        }
        func table<Element>(_ elements: [Element]) -> UnsafeBufferPointer<Element> {
            let table = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
            _ = table.initialize(from: elements)
            return UnsafeBufferPointer(table)
        }
        self.start = table(start)
        self.names = table(names)
        self.lengths = table(names.map(\.utf8.count))
        self.defaults = table(defaults)
        self.matchable = table(matchable)
        self.positions = table(positions)
    }

    /// `arguments` of `card`, the arguments of part `number`, matched with its parameters: bit `p`
    /// is set when parameter `p` has an argument. Nil unless every argument has a value and is a
    /// parameter's, one per parameter, in catalog order (as the checker stores them): then parameter
    /// `p`'s argument is the one at `(bits & (1 << p - 1)).nonzeroBitCount`. (Unmatched
    /// arguments are read by name, which finds the same ones.)
    func match(_ arguments: Arguments, of card: CardView, ofPart number: Int) -> UInt64? {
        guard number >= 0 && number < matchable.count && matchable[number] else { return nil }
        let first = start[number], end = start[number + 1]
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
            while p < end && !(lengths[p] == length && names[p] == name) { p += 1 }
            guard p < end else { return nil }
            bits |= 1 << UInt64(p - first)
            p += 1
        }
        return bits
    }

    /// The position of the first parameter of part `number` called `parameter.name`.
    @inline(__always)
    func position(of parameter: LayoutParameter, inPart number: Int) -> Int? {
        let index = number &* stride &+ parameter.rawValue
        guard number >= 0 && index < positions.count, positions[index] >= 0 else { return nil }
        return Int(positions[index])
    }

    /// The catalog default of `parameter` of part `number`.
    func catalogDefault(_ parameter: LayoutParameter, ofPart number: Int) -> CatalogValue? {
        guard let position = position(of: parameter, inPart: number) else { return nil }
        return defaults[start[number] + position]
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

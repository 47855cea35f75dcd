import CardSyntax

// `cardc check` reads every card but keeps almost none (`ModelUse.diagnostics`), and nearly
// every card of a working deck is clean. For such a card the checker's work is all in finding
// out that there is nothing to say. `CleanCardCheck` finds that out in one pass over the
// card's nodes, building nothing: it answers "clean" only for a card whose every construct it
// understands and whose every rule it sees hold, and "not sure" for anything else — a
// construct it does not cover, or a rule that may fail. `CardChecker` remains the authority:
// it checks every card this answers "not sure" for, every card whose model is kept, and every
// card of `cardc build`, so a diagnostic is always its diagnostic.
//
// The rules below restate `CardChecker`'s on the happy path only, reading the same catalog
// tables. `CleanCardCheckTests` runs both on every fixture, sample and thousands of generated
// and mutated cards: wherever this says clean, `CardChecker` must report nothing.

/// A value type of the subset the clean check infers (LANGUAGE.md §8): a scalar, an open
/// record, a record of scalar fields (`CleanCardCheck.records`), or a list of one of those.
struct QuickType: Equatable {
    let raw: UInt32

    static let string = QuickType(raw: 1), int = QuickType(raw: 2), double = QuickType(raw: 3)
    static let bool = QuickType(raw: 4), color = QuickType(raw: 5), cardState = QuickType(raw: 6)
    static let openRecord = QuickType(raw: 7)
    static let recordBase: UInt32 = 8
    static let listBit: UInt32 = 0x100

    /// How many record types a card may have: a record's index takes the upper 16 bits.
    static let maximumRecords = 1 << 16
    static func record(_ index: Int) -> QuickType { QuickType(raw: recordBase | UInt32(truncatingIfNeeded: index) << 16) }

    var base: UInt32 { raw & 0xFF }
    var isList: Bool { raw & Self.listBit != 0 }
    var isRecord: Bool { base == Self.recordBase }
    /// Index in `CleanCardCheck.records` of a record (or a list of records).
    var recordIndex: Int { Int(raw >> 16) }
    /// A scalar (not a record, not a list).
    var isScalar: Bool { raw >= 1 && raw <= 6 }
    var element: QuickType { QuickType(raw: raw & ~Self.listBit) }
    var list: QuickType { QuickType(raw: raw | Self.listBit) }

    /// The type of a catalog parameter's value as the clean check infers it; nil for types it
    /// leaves to `CardChecker`.
    init?(_ type: ValueType) {
        switch type {
        case .string: self = .string
        case .int: self = .int
        case .double: self = .double
        case .bool: self = .bool
        case .color: self = .color
        case .openRecord: self = .openRecord
        case .list(let element):
            guard let element = QuickType(element), !element.isList, !element.isRecord else { return nil }
            self = element.list
        default: return nil
        }
    }

    private init(raw: UInt32) { self.raw = raw }
}

/// A name's bytes as a key: names of up to sixteen ASCII bytes (longer or non-ASCII names are
/// left to `CardChecker`, whose names compare as `String`s).
struct CleanName: Equatable {
    let word0: UInt64, word1: UInt64, count: Int

    /// No name: names are never empty.
    static let none = CleanName(word0: 0, word1: 0, count: 0)

    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty, bytes.count <= 16 else { return nil }
        for byte in bytes where byte >= 0x80 { return nil }
        let key = NameKey(bytes)
        self.init(word0: key.word0, word1: key.word1, count: key.count)
    }

    init?(_ text: String) {
        var text = text
        guard let name = text.withUTF8({ CleanName($0) }) else { return nil }
        self = name
    }

    private init(word0: UInt64, word1: UInt64, count: Int) {
        self.word0 = word0
        self.word1 = word1
        self.count = count
    }
}

/// What the clean check reads of the catalog (`Catalog.nodes`, `Catalog.traits`,
/// `Catalog.cardProperties`), derived once from it as plain values: the check reads entries by
/// the dozen per card, and none holds a reference to count.
final class CleanCheckTables: Sendable {
    /// One parameter: its `ParameterList.Shape`, and how a value of a type the shape leaves to
    /// `check` is checked.
    struct Parameter: Sendable {
        enum Form: UInt8, Sendable {
            /// The shape's kind says it all.
            case shape
            /// A list literal of `element` values.
            case list
            case size, insets, font
            /// Left to `CardChecker`.
            case unsupported
        }

        let shape: ParameterList.Shape
        let form: Form
        /// A binding's use type (nil: a binding here is left to `CardChecker`).
        let useType: QuickType?
        /// An enumeration's cases, or a list's element enumeration's.
        let cases: Unmanaged<NameTable>?
        /// For a list: its elements' kind, use type and bindability, plain cases (bit i: case i
        /// takes no arguments), the minimum count, and the range every number must lie in.
        let element: ParameterList.Shape.Kind
        let elementUseType: QuickType?
        let elementBindable: Bool
        let elementPlainCases: UInt64
        let minimumCount: Int
        let range: NumericRange?
        /// Whether a cross-parameter rule reads the value (its number, its list's length).
        let readByRules: Bool

        init(_ parameter: CardSema.Parameter, shape: ParameterList.Shape, readByRules: Bool) {
            self.shape = shape
            self.readByRules = readByRules
            useType = QuickType(parameter.type)
            range = parameter.range
            minimumCount = parameter.minimumCount ?? 0
            var element = ParameterList.Shape.Kind.other, elementUseType: QuickType?, elementBindable = false
            var cases: Unmanaged<NameTable>?, elementPlainCases: UInt64 = 0
            switch parameter.type {
            case .enumeration(let type):
                form = .shape
                cases = .passUnretained(type.caseTable)
            case .string, .int, .double, .bool, .color, .cardState, .action: form = .shape
            case .size: form = .size
            case .insets: form = .insets
            case .font: form = .font
            case .list(let type):
                elementUseType = QuickType(type)
                elementBindable = type.isBindable
                (element, elementPlainCases) = ParameterList.Shape.kind(of: type)
                if let enumType = type.enumType { cases = .passUnretained(enumType.caseTable) }
                form = element == .other ? .unsupported : .list
            default: form = .unsupported
            }
            self.element = element
            self.elementUseType = elementUseType
            self.elementBindable = elementBindable
            self.cases = cases
            self.elementPlainCases = elementPlainCases
        }
    }

    /// A cross-parameter rule with its parameters' indices (-1 for none).
    struct Rule: Sendable {
        enum Kind: UInt8, Sendable { case requiredWhenPresent, lessThan, sameCount, warnWhenAbsent }
        let kind: Kind
        let first: Int
        let second: Int
    }

    /// `ChildRule` as plain values.
    enum Children: UInt8, Sendable { case leaf, anyParts, exactlyParts, onlyKinds, cellTemplate, modelFields }

    /// A part, structural node or trait: what its arguments and children are checked against.
    struct Entry: Sendable {
        let role: NodeRole
        /// Its parameters, in `parameters`.
        let parameters: Range<Int>
        /// Its labels (`ParameterList.table`) and required parameters.
        let labels: Unmanaged<NameTable>
        let requiredMask: UInt64
        let isContainer: Bool
        let needsHorizontalContext: Bool
        let providesHorizontalContext: Bool
        let decoratesFrame: Bool
        let children: Children
        /// `anyParts`' and `onlyKinds`' minimum, `exactlyParts`' count.
        let childCount: Int
        /// `anyParts`' `warnIfEmpty`, `cellTemplate`'s `required`.
        let childFlag: Bool
        /// For `onlyKinds`: bit i, `Catalog.nodes[i]` is allowed.
        let allowedKinds: UInt64
        /// Its `childLimits` in `limits`, its rules in `rules`.
        let limits: Range<Int>
        let rules: Range<Int>
        /// Whether a `cell` may sit directly inside it.
        let acceptsCell: Bool
        /// A row container's rows parameter (`CardChecker.rowsParameter(of:)`), else -1.
        let rowsParameter: Int
        /// The default cell's field names, in `rowFieldNames`, when no `cell` is given.
        let defaultRowFields: Range<Int>
        /// A part's `PartSpec.swipeOnly` (W703); a trait's stack kinds it has no effect in (W502).
        let swipeOnly: Bool
        let ineffectiveStackKinds: StackKindSet
    }

    /// The entries, by index in `Catalog.nodes` and `Catalog.traits`, and their parameters, in
    /// memory that lives as long as the program: the check reads single fields of them by the
    /// dozen per card, and reading an array's element copies it whole.
    nonisolated(unsafe) let partBuffer: UnsafeBufferPointer<Entry>
    nonisolated(unsafe) let traitBuffer: UnsafeBufferPointer<Entry>
    nonisolated(unsafe) let parameterBuffer: UnsafeBufferPointer<Parameter>
    nonisolated(unsafe) let limits: UnsafeBufferPointer<(node: Int, maximum: Int)>
    nonisolated(unsafe) let rules: UnsafeBufferPointer<Rule>
    nonisolated(unsafe) let rowFieldNames: UnsafeBufferPointer<CleanName>
    /// The catalog's name tables (they live as long as the program).
    let nodeTable = Unmanaged.passUnretained(Catalog.nodeTable)
    let traitTable = Unmanaged.passUnretained(Catalog.traitTable)
    let cardPropertyTable = Unmanaged.passUnretained(Catalog.cardPropertyTable)
    let namedColorTable = Unmanaged.passUnretained(Catalog.namedColorTable)
    /// The card properties the rules tell apart, by index in `Catalog.cardProperties`, and the
    /// parameters of `position` and `swipe`.
    let tap: Int, title: Int, subtitle: Int, position: Int, swipe: Int
    let positionParameter: Int, swipeParameter: Int
    /// `Catalog.cardPositionStackKinds` and `swipeNodeStackKinds` (W704, W703).
    let cardPositionStackKinds = Catalog.cardPositionStackKinds, swipeNodeStackKinds = Catalog.swipeNodeStackKinds
    /// The trait W501 is about.
    let transparentTrait: Int
    let fontSizeRange: NumericRange?
    /// Spellings and names the rules compare with (instance constants: a static one costs a
    /// `swift_once` per read). `CleanName.none` stands for a name too long to be a key.
    let tapLabel = Array("tap".utf8), item = Array(Catalog.rowBindingName.utf8), pop = Array("pop".utf8)
    /// `Catalog.navigatingStackKinds`: a card in none of them may not `pop` (E704).
    let navigatingStackKinds = Catalog.navigatingStackKinds
    let size = Array("size".utf8), width = Array("width".utf8), height = Array("height".utf8)
    let insets = Array("insets".utf8), top = Array("top".utf8), left = Array("left".utf8)
    let bottom = Array("bottom".utf8), right = Array("right".utf8)
    let font = Array("font".utf8), weight = Array("weight".utf8), system = Array(".system".utf8)
    let state = CleanName(Catalog.stateFieldName) ?? .none
    let loading = CleanName("loading") ?? .none, hasData = CleanName("hasData") ?? .none
    let none = CleanName("none") ?? .none

    static let shared = CleanCheckTables()

    /// A copy of `array` that is never freed (the tables are built once per process).
    private static func permanent<T>(_ array: [T]) -> UnsafeBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
        return UnsafeBufferPointer(rebasing: buffer[..<array.count])
    }

    private init() {
        let nodes = Catalog.nodes
        precondition(nodes.count <= 64, "the clean check keeps a bit per catalog node")
        let cellParents = nodes.first { $0.role == .cell }.map { cell -> [String] in
            if case .directlyInside(let parents) = cell.placement { return parents }
            return []
        } ?? []
        var parameters: [Parameter] = []
        var limits: [(node: Int, maximum: Int)] = []
        var rules: [Rule] = []
        var rowFieldNames: [CleanName] = []
        func entry(role: NodeRole, list: ParameterList, parameterSpecs: [CardSema.Parameter], indexedRules: [IndexedRule],
                   spec: PartSpec?, decoratesFrame: Bool, ineffectiveStackKinds: StackKindSet = StackKindSet()) -> Entry {
            let ruleStart = rules.count
            var readByRules: UInt64 = 0  // bit i: a rule reads parameter i
            for indexed in indexedRules {
                let kind: Rule.Kind
                switch indexed.rule {
                case .requiredWhenPresent: kind = .requiredWhenPresent
                case .lessThan: kind = .lessThan
                case .sameCount: kind = .sameCount
                case .warnWhenAbsent: kind = .warnWhenAbsent
                }
                rules.append(Rule(kind: kind, first: indexed.first ?? -1, second: indexed.second ?? -1))
                if kind == .lessThan || kind == .sameCount {
                    if let first = indexed.first, first < 64 { readByRules |= 1 << UInt64(first) }
                    if let second = indexed.second, second < 64 { readByRules |= 1 << UInt64(second) }
                }
            }
            let parameterStart = parameters.count
            for (index, parameter) in parameterSpecs.enumerated() {
                parameters.append(Parameter(parameter, shape: list.shapes[index], readByRules: index < 64 && readByRules & 1 << UInt64(index) != 0))
            }
            var children = Children.leaf, childCount = 0, childFlag = false, allowed: UInt64 = 0
            let limitStart = limits.count, rowFieldStart = rowFieldNames.count
            var rows = -1
            if let spec {
                switch spec.children {
                case .leaf: children = .leaf
                case .modelFields: children = .modelFields
                case .anyParts(let minimum, let warnIfEmpty): (children, childCount, childFlag) = (.anyParts, minimum, warnIfEmpty)
                case .exactlyParts(let count): (children, childCount) = (.exactlyParts, count)
                case .onlyKinds(let kinds, let minimum):
                    (children, childCount) = (.onlyKinds, minimum)
                    for (index, node) in nodes.enumerated() where kinds.contains(node.name) { allowed |= 1 << UInt64(index) }
                case .cellTemplate(let required):
                    (children, childFlag) = (.cellTemplate, required)
                    if let parameter = CardChecker.rowsParameter(of: spec) {
                        rows = spec.parameters.firstIndex { $0 === parameter } ?? -1
                    }
                }
                for limit in spec.childLimits {
                    // A limit naming no catalog node never applies: such a child is E301 first.
                    if let node = nodes.firstIndex(where: { $0.name == limit.kind }) { limits.append((node, limit.maximum)) }
                }
                // A default field name that is no key leaves the card to `CardChecker`.
                rowFieldNames += spec.defaultRowFields.map { CleanName($0) ?? .none }
            }
            return Entry(role: role, parameters: parameterStart..<parameters.count, labels: .passUnretained(list.table),
                         requiredMask: list.requiredMask, isContainer: spec?.isContainer ?? false,
                         needsHorizontalContext: spec?.needsHorizontalContext ?? false,
                         providesHorizontalContext: spec?.providesHorizontalContext ?? false, decoratesFrame: decoratesFrame,
                         children: children, childCount: childCount, childFlag: childFlag, allowedKinds: allowed,
                         limits: limitStart..<limits.count, rules: ruleStart..<rules.count,
                         acceptsCell: spec.map { cellParents.contains($0.name) } ?? false, rowsParameter: rows,
                         defaultRowFields: rowFieldStart..<rowFieldNames.count, swipeOnly: spec?.swipeOnly ?? false,
                         ineffectiveStackKinds: ineffectiveStackKinds)
        }
        let parts = nodes.map { spec in
            entry(role: spec.role, list: spec.parameterList, parameterSpecs: spec.parameters, indexedRules: spec.indexedRules,
                  spec: spec, decoratesFrame: false)
        }
        let traits = Catalog.traits.indices.map { index in
            let spec = Catalog.traits[index]
            return entry(role: .part, list: spec.parameterList, parameterSpecs: spec.parameters, indexedRules: [], spec: nil,
                         decoratesFrame: spec.decoratesFrame, ineffectiveStackKinds: Catalog.traitIneffectiveStackKinds[index])
        }
        let properties = Catalog.cardProperties
        func property(_ name: String) -> Int { properties.firstIndex { $0.name == name } ?? -1 }
        tap = property("tap")
        title = property("title")
        subtitle = property("subtitle")
        position = property("position")
        swipe = property("swipe")
        func parameter(_ index: Int) -> Parameter {
            let spec = index >= 0 ? properties[index].parameter : CardSema.Parameter("", .action, doc: "")
            return Parameter(spec, shape: ParameterList([spec]).shapes[0], readByRules: false)
        }
        positionParameter = parameters.count
        parameters.append(parameter(position))
        swipeParameter = parameters.count
        parameters.append(parameter(swipe))
        partBuffer = Self.permanent(parts)
        traitBuffer = Self.permanent(traits)
        parameterBuffer = Self.permanent(parameters)
        self.limits = Self.permanent(limits)
        self.rules = Self.permanent(rules)
        self.rowFieldNames = Self.permanent(rowFieldNames)
        transparentTrait = Catalog.traitTable.index(of: "transparent") ?? -1
        fontSizeRange = ValueChecker.fontSizeRange
    }
}

/// Answers whether a card certainly checks clean (see the top of this file). One value serves
/// every card of a deck: its scratch arrays are reused.
struct CleanCardCheck {
    private typealias Entry = CleanCheckTables.Entry
    private typealias Parameter = CleanCheckTables.Parameter

    // The catalog's tables, entries read in place.
    private let tables = CleanCheckTables.shared
    private let parts: UnsafeBufferPointer<Entry>, traits: UnsafeBufferPointer<Entry>
    private let parameters: UnsafeBufferPointer<Parameter>

    /// How many states, model fields, binding uses or record fields a card may have here: they
    /// are matched by linear scans, and a card with more is left to `CardChecker` (whose tables
    /// switch to hashing) rather than take quadratic time.
    private static let linearLimit = 256

    /// The card's binding uses in the order `CardChecker` records them.
    private var uses: [(name: CleanName, type: QuickType)] = []
    /// `$item.field` uses of the row containers being checked, innermost last.
    private var rowUses: [(name: CleanName, type: QuickType)] = []
    private var rowDepth = 0
    /// Record types: each a range of `fields`.
    private var records: [Range<Int>] = []
    private var fields: [(label: CleanName, type: QuickType)] = []
    private var stateNodes: [Int] = []
    private var states: [CleanName] = []
    private var defaults: [(name: CleanName, type: QuickType)] = []
    /// Scratch for merging two record types, and for a row type's fields.
    private var merged: [(label: CleanName, type: QuickType)] = []
    private var rowFields: [(label: CleanName, type: QuickType)] = []

    /// What the argument scan leaves for a part's rules: which parameters were given, and for
    /// those a rule reads, the number or the list's length given (NaN and -1 for none).
    private var given: UInt64 = 0
    private var numbers = [Double](repeating: .nan, count: ParameterList.maximumCount)
    private var counts = [Int](repeating: -1, count: ParameterList.maximumCount)
    /// The owner's first block, met on the way through its children.
    private var block = -1
    /// Whether the card is in a stack that navigates (`pop` is valid there).
    private var navigates = false

    // Every helper is `mutating`, pure ones too: a non-mutating method called from a mutating
    // one gets a copy of the whole checker (168 bytes, a `memcpy` per call).

    /// Entry `i` of a table, read in place (tables are never empty).
    private mutating func entry(_ table: UnsafeBufferPointer<Entry>, _ i: Int) -> UnsafePointer<Entry> {
        table.baseAddress.unsafelyUnwrapped + i
    }

    init() {
        parts = tables.partBuffer
        traits = tables.traitBuffer
        parameters = tables.parameterBuffer
    }

    /// Whether the card declared at node `decl` of `v`'s tree certainly checks clean.
    /// `stackKinds` are the kinds of the card's stacks (`CardMembership.stackKinds`; a card that
    /// pushes, and so needs its sheet stacks' cards, is left to `CardChecker`).
    mutating func isClean(_ decl: Int, stackKinds: StackKindSet, in v: NodeView) -> Bool {
        if v.containsSyntaxError(decl) { return false }
        navigates = !stackKinds.isDisjoint(with: tables.navigatingStackKinds)
        uses.clear()
        rowUses.clear()
        rowDepth = 0
        records.clear()
        fields.clear()
        stateNodes.clear()
        states.clear()
        defaults.clear()
        let end = v.end(decl)
        var child = decl + 1
        var body = -1
        while child < end {
            switch v.kind(child) {
            case .conformanceList: if !traits(child, stackKinds, v) { return false }
            case .block: body = child
            default: return false
            }
            child = v.end(child)
        }
        var model = -1
        if body >= 0, !cardBody(body, stackKinds, &model, v) { return false }
        for state in stateNodes where !self.state(state, v) { return false }
        return self.model(model, v)
    }

    // MARK: Traits and the card body

    private mutating func traits(_ list: Int, _ stackKinds: StackKindSet, _ v: NodeView) -> Bool {
        var seen: UInt64 = 0
        var decorated = false, transparent = false
        var call = list + 1
        let end = v.end(list)
        while call < end {
            defer { call = v.end(call) }
            guard v.kind(call) == .call, let index = lookUp(call, in: tables.traitTable, v), index < 64 else { return false } // E302
            if seen & 1 << UInt64(index) != 0 { return false }                         // E502
            seen |= 1 << UInt64(index)
            let trait = entry(traits, index)
            guard arguments(of: call, trait, v) else { return false }                  // E310, E501…
            if trait.pointee.decoratesFrame { decorated = true }
            if index == tables.transparentTrait { transparent = true }
            let ineffective = trait.pointee.ineffectiveStackKinds
            if !ineffective.isEmpty && !stackKinds.isEmpty && stackKinds.isSubset(of: ineffective) { return false } // W502
        }
        return !(transparent && decorated)                                              // W501
    }

    private mutating func cardBody(_ body: Int, _ stackKinds: StackKindSet, _ model: inout Int, _ v: NodeView) -> Bool {
        var seenProperties: UInt64 = 0
        var overlays: UInt64 = 0
        var footer = false
        var item = body + 1
        let end = v.end(body)
        while item < end {
            defer { item = v.end(item) }
            switch v.kind(item) {
            case .stateDecl:
                stateNodes.append(item)
            case .property:
                guard let index = lookUp(item, in: tables.cardPropertyTable, v), index < 64,
                      seenProperties & 1 << UInt64(index) == 0 else { return false }     // E310, E203
                seenProperties |= 1 << UInt64(index)
                let value = v.value(item)
                guard value >= 0 else { return false }
                switch index {
                case tables.tap:
                    if !action(value, v) { return false }
                case tables.title, tables.subtitle:
                    switch v.kind(value) {
                    case .string: break
                    case .binding: if !bind(value, .string, v) { return false }
                    default: return false
                    }
                case tables.position:
                    let parameter = parameters[tables.positionParameter]
                    guard !stackKinds.isDisjoint(with: tables.cardPositionStackKinds), v.kind(value) == .enumCase, let cases = parameter.cases,
                          plainCase(value, cases, parameter.shape.plainCases, v) else { return false } // W704, E311
                case tables.swipe:
                    guard v.kind(value) == .list, list(value, parameters.baseAddress.unsafelyUnwrapped + tables.swipeParameter, v) >= 0 else { return false }
                default:
                    return false
                }
            case .node:
                guard let index = lookUp(item, in: tables.nodeTable, v) else { return false } // E301
                let part = entry(parts, index)
                switch part.pointee.role {
                case .model:
                    if model >= 0 { return false }                                      // E406
                    model = item
                case .overlay, .footer:
                    if part.pointee.swipeOnly && stackKinds.isDisjoint(with: tables.swipeNodeStackKinds) { return false } // W703
                    guard arguments(of: item, part, v), block >= 0 else { return false } // W103 without a block
                    let block = self.block
                    if part.pointee.role == .overlay {
                        // The direction, the only parameter: a plain case, one overlay per case.
                        guard let direction = firstArgumentCase(of: item, part, v), direction < 64,
                              overlays & 1 << UInt64(direction) == 0 else { return false } // E406
                        overlays |= 1 << UInt64(direction)
                    } else {
                        if footer { return false }                                      // E406
                        footer = true
                    }
                    if v.end(block) == block + 1 { return false }                       // W103
                    guard parts(in: block, context: -1, v) else { return false }
                default:
                    guard partItem(item, index, context: -1, v) else { return false }
                }
            default:
                return false
            }
        }
        return true
    }

    /// The case index of the enum case given first to `node` (an overlay's direction).
    private mutating func firstArgumentCase(of node: Int, _ part: UnsafePointer<Entry>, _ v: NodeView) -> Int? {
        let argument = node + 1
        guard argument < v.end(node), v.kind(argument) == .enumCase, !part.pointee.parameters.isEmpty,
              let cases = parameters[part.pointee.parameters.lowerBound].cases else { return nil }
        return lookUpCase(argument, in: cases, v)
    }

    private mutating func state(_ state: Int, _ v: NodeView) -> Bool {
        guard let name = name(v.mainRange(state), v), !states.contains(name) else { return false } // E601
        guard states.count < Self.linearLimit else { return false }
        states.append(name)
        var item = state + 1
        let end = v.end(state)
        while item < end {
            defer { item = v.end(item) }
            guard v.kind(item) == .block else { return false }                          // E201
            var inner = item + 1
            let blockEnd = v.end(item)
            while inner < blockEnd {
                defer { inner = v.end(inner) }
                if v.kind(inner) == .property {
                    // Only `tap: action` (E310): a method name or `pop`.
                    guard isName(inner, tables.tapLabel, v) else { return false }
                    let value = v.value(inner)
                    guard value >= 0, action(value, v) else { return false }
                } else if !partItem(inner, nil, context: -1, v) {
                    return false
                }
            }
        }
        return true
    }

    // MARK: Parts

    /// The part items of a block that holds parts; `context` is the block owner's index in
    /// `Catalog.nodes`, -1 for a card, state, overlay or footer, -2 for a `cell`.
    private mutating func parts(in block: Int, context: Int, _ v: NodeView) -> Bool {
        var item = block + 1
        let end = v.end(block)
        while item < end {
            defer { item = v.end(item) }
            if !partItem(item, nil, context: context, v) { return false }
        }
        return true
    }

    /// `CardChecker.checkPartItem`: `known` is the item's catalog index when already looked up.
    private mutating func partItem(_ item: Int, _ known: Int?, context: Int, _ v: NodeView) -> Bool {
        guard v.kind(item) == .node, let index = known ?? lookUp(item, in: tables.nodeTable, v) else { return false } // E301…
        let part = entry(parts, index)
        switch part.pointee.role {
        case .cell:
            guard context >= 0, parts[context].acceptsCell else { return false }         // E405
        case .part:
            break
        default:
            return false                                                                  // E405
        }
        if part.pointee.needsHorizontalContext && !(context >= 0 && parts[context].providesHorizontalContext) { return false } // W402
        guard arguments(of: item, part, v) else { return false }
        if !part.pointee.rules.isEmpty && !rules(part) { return false }
        var rows: CleanName?
        if part.pointee.rowsParameter >= 0 {
            let value = argumentValue(of: item, parameter: part.pointee.rowsParameter, part, v)
            if value >= 0, v.kind(value) == .binding, let target = bindingTarget(value, v), !target.isRow { rows = target.name }
        }
        let block = self.block
        guard block >= 0 else {
            // A container without a block: only children that may all be absent.
            if part.pointee.isContainer {
                switch part.pointee.children {
                case .leaf, .modelFields: break
                case .cellTemplate where !part.pointee.childFlag: break
                case .onlyKinds where part.pointee.childCount == 0: break
                default: return false                                                    // W103, E404
                }
                if let rows, !refineRows(part, rows: rows, from: rowUses.count, hasChildren: false) { return false }
            }
            return true
        }
        guard part.pointee.isContainer else { return false }                                     // E401
        let rowStart = rowUses.count
        if part.pointee.rowsParameter >= 0 { rowDepth += 1 }
        guard parts(in: block, context: part.pointee.role == .cell ? -2 : index, v), children(part, block: block, v) else { return false }
        if part.pointee.rowsParameter >= 0 {
            rowDepth -= 1
            if let rows, !refineRows(part, rows: rows, from: rowStart, hasChildren: v.end(block) > block + 1) { return false }
            rowUses.truncate(to: rowStart)
        }
        return true
    }

    /// The value node given for `parameter` of `node` (labelled or in first position), or -1.
    private mutating func argumentValue(of node: Int, parameter: Int, _ part: UnsafePointer<Entry>, _ v: NodeView) -> Int {
        var argument = node + 1
        let end = v.end(node)
        var position = 0
        while argument < end {
            defer { argument = v.end(argument) }
            switch v.kind(argument) {
            case .block: continue
            case .argument:
                if lookUp(argument, in: part.pointee.labels, v) == parameter { return v.value(argument) }
            default:
                if position == 0 && parameter == 0 { return argument }
            }
            position += 1
        }
        return -1
    }

    /// `CardChecker.checkChildren` (E403, E404, E406, W103): true when none applies. The block's
    /// items were checked as parts already, so each is a known part.
    private mutating func children(_ part: UnsafePointer<Entry>, block: Int, _ v: NodeView) -> Bool {
        var count = 0, cells = 0
        let hasLimits = !part.pointee.limits.isEmpty
        var item = block + 1
        let end = v.end(block)
        while item < end {
            defer { item = v.end(item) }
            count += 1
            guard part.pointee.children == .onlyKinds || part.pointee.children == .cellTemplate || hasLimits else { continue }
            guard let index = lookUp(item, in: tables.nodeTable, v) else { return false }
            switch part.pointee.children {
            case .onlyKinds: if part.pointee.allowedKinds & 1 << UInt64(index) == 0 { return false } // E403
            case .cellTemplate:
                guard parts[index].role == .cell else { return false }                  // E403
                cells += 1
            default: break
            }
            if hasLimits {
                for limit in UnsafeBufferPointer(rebasing: tables.limits[part.pointee.limits]) where limit.node == index {
                    // At most `maximum` of this kind (E406): count them in the block.
                    var seen = 0, other = block + 1
                    while other <= item {
                        if lookUp(other, in: tables.nodeTable, v) == index { seen += 1 }
                        other = v.end(other)
                    }
                    if seen > limit.maximum { return false }
                }
            }
        }
        switch part.pointee.children {
        case .leaf, .modelFields: return true
        case .anyParts: return count >= part.pointee.childCount && !(count == 0 && part.pointee.childFlag)
        case .exactlyParts: return count == part.pointee.childCount
        case .onlyKinds: return !(count == 0 && part.pointee.childCount > 0)
        case .cellTemplate: return cells <= 1 && (!part.pointee.childFlag || cells == 1)
        }
    }

    /// A part's cross-parameter rules, from what `arguments` left (E804, E805, E806, W105).
    private mutating func rules(_ part: UnsafePointer<Entry>) -> Bool {
        func has(_ index: Int) -> Bool { index >= 0 && given & 1 << UInt64(index) != 0 }
        for rule in UnsafeBufferPointer(rebasing: tables.rules[part.pointee.rules]) {
            switch rule.kind {
            case .requiredWhenPresent:
                if has(rule.second) && !has(rule.first) { return false }
            case .lessThan:
                // Both given as numbers (NaN stands for a binding).
                guard has(rule.first) && has(rule.second) else { continue }
                let a = numbers[rule.first], b = numbers[rule.second]
                if !a.isNaN && !b.isNaN && !(a < b) { return false }
            case .sameCount:
                guard has(rule.first) && has(rule.second) else { continue }
                let a = counts[rule.first], b = counts[rule.second]
                if a >= 0 && b >= 0 && a != b { return false }
            case .warnWhenAbsent:
                if !has(rule.first) { return false }
            }
        }
        return true
    }

    // MARK: Arguments and values

    /// `ValueChecker.checkArguments` on its happy path: every argument known, in its place, of
    /// the right type and range; every required parameter given. Leaves `given`, `numbers`,
    /// `counts` and `block` for the caller.
    private mutating func arguments(of owner: Int, _ entry: UnsafePointer<Entry>, _ v: NodeView) -> Bool {
        given = 0
        block = -1
        var argument = owner + 1
        let end = v.end(owner)
        var position = 0
        let first = entry.pointee.parameters.lowerBound
        while argument < end {
            defer { argument = v.end(argument) }
            let kind = v.kind(argument)
            if kind == .block {
                if block < 0 { block = argument }
                continue
            }
            defer { position += 1 }
            let index: Int
            let value: Int
            if kind == .argument {
                guard let found = lookUp(argument, in: entry.pointee.labels, v) else { return false } // E310
                let shape = parameters[first + found].shape
                if shape.positional && !shape.labelOptional { return false }                 // E310
                index = found
                value = v.value(argument)
                guard value >= 0 else { return false }
            } else {
                guard position == 0, !entry.pointee.parameters.isEmpty, parameters[first].shape.acceptsPositional,
                      kind.isValue else { return false }                                     // E310
                index = 0
                value = argument
            }
            let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: index)
            if given & bit != 0 { return false }
            given |= bit
            let parameter = parameters.baseAddress.unsafelyUnwrapped + (first + index)
            if parameter.pointee.readByRules {
                numbers[index] = .nan
                counts[index] = -1
            }
            guard self.value(value, index, parameter, v) else { return false }
        }
        return entry.pointee.requiredMask & ~given == 0                                           // E804, E501
    }

    /// `ValueChecker.checkStored` on its happy path, for parameter `index` of an entry.
    private mutating func value(_ node: Int, _ index: Int, _ parameter: UnsafePointer<Parameter>, _ v: NodeView) -> Bool {
        let kind = v.kind(node)
        if kind == .binding {
            guard parameter.pointee.shape.bindable, let type = parameter.pointee.useType else { return false }    // E801
            return bind(node, type, v)
        }
        if parameter.pointee.shape.bindingRequired { return false }                                        // E801
        switch parameter.pointee.form {
        case .shape:
            switch parameter.pointee.shape.kind {
            case .string: return kind == .string
            case .int:
                guard kind == .number, v.mainKind(node) == .integer, let i = smallInteger(node, v) else { return false }
                if parameter.pointee.readByRules { numbers[index] = Double(i) }
                return parameter.pointee.shape.range?.contains(Double(i)) ?? true
            case .double:
                guard kind == .number, let d = number(node, v) else { return false }
                if parameter.pointee.readByRules { numbers[index] = d }
                return parameter.pointee.shape.range?.contains(d) ?? true
            case .bool: return kind == .boolean
            case .color: return color(node, v)
            case .cardState: return kind == .enumCase
            case .action: return action(node, v)
            case .enumeration:
                guard kind == .enumCase, let cases = parameter.pointee.cases else { return false }
                return plainCase(node, cases, parameter.pointee.shape.plainCases, v)
            case .other: return false
            }
        case .list:
            guard kind == .list else { return false }
            let count = list(node, parameter, v)
            if parameter.pointee.readByRules { counts[index] = count }
            return count >= 0
        case .size, .insets, .font:
            return kind == .call && constructor(node, parameter.pointee.form, v)
        case .unsupported:
            return false
        }
    }

    /// A list literal's elements against `parameter` (E801, E311, the minimum count, element
    /// ranges); returns the count, or -1 when a rule may fail.
    private mutating func list(_ node: Int, _ parameter: UnsafePointer<Parameter>, _ v: NodeView) -> Int {
        var element = node + 1
        let end = v.end(node)
        var count = 0
        while element < end {
            defer { element = v.end(element); count += 1 }
            let kind = v.kind(element)
            if kind == .binding {
                guard parameter.pointee.elementBindable, let type = parameter.pointee.elementUseType, bind(element, type, v) else { return -1 }
                continue
            }
            switch parameter.pointee.element {
            case .string: if kind != .string { return -1 }
            case .int:
                guard kind == .number, v.mainKind(element) == .integer, let i = smallInteger(element, v),
                      parameter.pointee.range?.contains(Double(i)) ?? true else { return -1 }
            case .double:
                guard kind == .number, let d = number(element, v), parameter.pointee.range?.contains(d) ?? true else { return -1 }
            case .bool: if kind != .boolean { return -1 }
            case .color: if !color(element, v) { return -1 }
            case .enumeration:
                guard kind == .enumCase, let cases = parameter.pointee.cases,
                      plainCase(element, cases, parameter.pointee.elementPlainCases, v) else { return -1 }
            default: return -1
            }
        }
        return count >= parameter.pointee.minimumCount ? count : -1
    }

    /// `ValueChecker.checkConstructor` on its happy path: `size(w, h)`, `insets(…)` in its three
    /// forms, `font("Name", size)` or `font(.system, size, weight: .w)`, with literal numbers.
    private mutating func constructor(_ node: Int, _ form: Parameter.Form, _ v: NodeView) -> Bool {
        var arguments: (Int, Int, Int, Int) = (-1, -1, -1, -1)
        var count = 0
        var argument = node + 1
        let end = v.end(node)
        while argument < end {
            defer { argument = v.end(argument) }
            guard v.kind(argument) == .argument || v.kind(argument).isValue else { return false }
            switch count {
            case 0: arguments.0 = argument
            case 1: arguments.1 = argument
            case 2: arguments.2 = argument
            case 3: arguments.3 = argument
            default: return false
            }
            count += 1
        }
        func labeled(_ argument: Int) -> Bool { v.kind(argument) == .argument }
        func literal(_ argument: Int) -> Bool {
            let value = v.value(argument)
            return value >= 0 && v.kind(value) == .number && number(value, v) != nil
        }
        func labeled(_ argument: Int, _ label: [UInt8]) -> Bool { labeled(argument) && isName(argument, label, v) }
        switch form {
        case .size:
            guard isName(node, tables.size, v), count == 2 else { return false }
            for argument in [arguments.0, arguments.1] where labeled(argument) {
                guard isName(argument, tables.width, v) || isName(argument, tables.height, v) else { return false }
            }
            return literal(arguments.0) && literal(arguments.1)
        case .insets:
            guard isName(node, tables.insets, v) else { return false }
            switch count {
            case 1: return !labeled(arguments.0) && literal(arguments.0)
            case 2: return !labeled(arguments.0) && !labeled(arguments.1) && literal(arguments.0) && literal(arguments.1)
            case 4:
                return labeled(arguments.0, tables.top) && labeled(arguments.1, tables.left) && labeled(arguments.2, tables.bottom)
                    && labeled(arguments.3, tables.right)
                    && literal(arguments.0) && literal(arguments.1) && literal(arguments.2) && literal(arguments.3)
            default: return false
            }
        default:
            guard isName(node, tables.font, v), count == 2 || count == 3, !labeled(arguments.0), !labeled(arguments.1),
                  literal(arguments.1), let size = number(v.value(arguments.1), v),
                  tables.fontSizeRange?.contains(size) ?? true else { return false }
            if count == 3 {
                guard labeled(arguments.2, tables.weight) else { return false }
                let weight = v.value(arguments.2)
                guard weight >= 0, v.kind(weight) == .enumCase else { return false }
                let range = v.mainRange(weight)
                guard range.count > 1, let text = ascii(range.lowerBound + 1..<range.upperBound, v),
                      FontWeight(rawValue: text) != nil else { return false }
            }
            let family = arguments.0
            switch v.kind(family) {
            case .string: return true
            case .enumCase: return isName(family, tables.system, v)
            default: return false
            }
        }
    }

    // MARK: Bindings and the model

    /// A binding's target: a card field (`$name`) or a row field (`$item.field`); nil for any
    /// other spelling.
    private mutating func bindingTarget(_ node: Int, _ v: NodeView) -> (name: CleanName, isRow: Bool)? {
        let range = v.mainRange(node)
        guard range.count > 1, range.upperBound <= v.bytes.count else { return nil }
        var dot = -1
        for i in range.lowerBound + 1..<range.upperBound {
            let byte = v.bytes[i]
            if byte == 0x2E {
                guard dot < 0 else { return nil }
                dot = i
            } else if !Self.isIdentifierByte(byte) {
                return nil
            }
        }
        guard dot >= 0 else { return name(range.lowerBound + 1..<range.upperBound, v).map { ($0, false) } }
        guard dot + 1 < range.upperBound, bytesEqual(range.lowerBound + 1..<dot, tables.item, v) else { return nil }
        return name(dot + 1..<range.upperBound, v).map { ($0, true) }
    }

    /// Records a binding's use (`ValueChecker.recordBinding`): a row field inside a row
    /// container, else a card field.
    private mutating func bind(_ node: Int, _ type: QuickType, _ v: NodeView) -> Bool {
        guard let target = bindingTarget(node, v) else { return false }                 // E801
        if target.isRow {
            guard rowDepth > 0 else { return false }                                      // E801
            guard rowUses.count < Self.linearLimit else { return false }
            rowUses.append((target.name, type))
        } else {
            guard uses.count < Self.linearLimit else { return false }
            uses.append((target.name, type))
        }
        return true
    }

    /// `CardChecker.refineRowsBinding`: the row type from the `$item.field` uses since `start`,
    /// given to the last open-record use of the card binding `rows`.
    private mutating func refineRows(_ part: UnsafePointer<Entry>, rows: CleanName, from start: Int, hasChildren: Bool) -> Bool {
        rowFields.clear()
        if start == rowUses.count {
            guard !part.pointee.defaultRowFields.isEmpty, !hasChildren else { return true }
            for name in UnsafeBufferPointer(rebasing: tables.rowFieldNames[part.pointee.defaultRowFields]) {
                guard name != .none else { return false }
                rowFields.append((name, .string))
            }
        } else {
            // Fields in first-use order, each unified over its uses (E802); scalars only here.
            for k in start..<rowUses.count {
                let use = rowUses[k]
                guard use.type.isScalar else { return false }
                if let i = rowFields.firstIndex(where: { $0.label == use.name }) {
                    guard let type = unify(rowFields[i].type, use.type) else { return false }
                    rowFields[i].type = type
                } else {
                    rowFields.append((use.name, use.type))
                }
            }
        }
        let recordStart = fields.count
        fields.append(contentsOf: rowFields)
        guard let refined = addRecord(recordStart)?.list else { return false }
        if let last = uses.lastIndex(where: { $0.name == rows && $0.type == QuickType.openRecord.list }) {
            uses[last].type = refined
        }
        return true
    }

    /// The model block and the card's binding uses (`CardChecker.checkModel`): E310, E405,
    /// E203, E602, E801, E802, E803 and W101 on the model, none of which may apply.
    private mutating func model(_ model: Int, _ v: NodeView) -> Bool {
        if model >= 0 {
            if v.hasParentheses(model) { return false }
            var child = model + 1
            let end = v.end(model)
            while child < end {
                defer { child = v.end(child) }
                guard v.kind(child) == .block else { return false }
                var item = child + 1
                let blockEnd = v.end(child)
                while item < blockEnd {
                    defer { item = v.end(item) }
                    guard v.kind(item) == .property, defaults.count < Self.linearLimit, let field = name(v.mainRange(item), v),
                          !defaults.contains(where: { $0.name == field }) else { return false }
                    let value = v.value(item)
                    guard value >= 0 else { return false }
                    if field == tables.state {
                        // The default state: a state of the card, or `none` without states.
                        guard v.kind(value) == .enumCase else { return false }
                        let range = v.mainRange(value)
                        guard range.count > 1, let state = name(range.lowerBound + 1..<range.upperBound, v),
                              states.contains(state) || states.isEmpty && state == tables.none else { return false }
                        defaults.append((field, .cardState))
                        continue
                    }
                    guard let type = infer(value, v) else { return false }
                    defaults.append((field, type))
                }
            }
        }
        // W601: `loading` without `hasData`.
        if states.contains(tables.loading) && !states.contains(tables.hasData) { return false }
        // Each binding name's uses unify (E802); `$state` is not bound (E801); each default is
        // used (W101) and fits its uses (E803).
        // (Index loops: iterating `uses` while `unify` mutates `self` would copy `self`.)
        var used = 0
        var position = 0
        while position < uses.count {
            defer { position += 1 }
            let name = uses[position].name
            if uses[..<position].contains(where: { $0.name == name }) { continue }
            if name == tables.state { return false }
            var type = uses[position].type
            var other = position + 1
            while other < uses.count {
                if uses[other].name == name {
                    guard let unified = unify(type, uses[other].type) else { return false }
                    type = unified
                }
                other += 1
            }
            if let d = defaults.firstIndex(where: { $0.name == name }) {
                guard Self.assignable(defaults[d].type, to: type, fields, records) else { return false }
                used += 1
            }
        }
        // Every default other than `state` (never bound, as checked above) has a use.
        return used + (defaults.contains { $0.name == tables.state } ? 1 : 0) == defaults.count
    }

    /// `ValueChecker.inferStored` and `inferLiteral` on their happy paths: a model default's type.
    private mutating func infer(_ node: Int, _ v: NodeView) -> QuickType? {
        switch v.kind(node) {
        case .string: return .string
        case .number:
            if v.mainKind(node) == .integer { return smallInteger(node, v) != nil ? .int : nil }
            return number(node, v) != nil ? .double : nil
        case .boolean: return .bool
        case .color: return color(node, v) ? .color : nil
        case .enumCase:
            let range = v.mainRange(node)
            guard range.count > 1, range.upperBound <= v.bytes.count, v.bytes[range.lowerBound + 1] < 0x80 else { return nil }
            return lookUpCase(node, in: tables.namedColorTable, v) != nil ? .color : .cardState
        case .list:
            var element: QuickType?
            var child = node + 1
            let end = v.end(node)
            while child < end {
                defer { child = v.end(child) }
                guard let type = v.kind(child) == .record ? record(child, v) : infer(child, v), !type.isList else { return nil }
                guard let current = element else { element = type; continue }
                guard let unified = unify(current, type) else { return nil }           // E801
                // A list mixing Int and Double literals is [Double] (§8).
                element = current == .int && type == .double || current == .double && type == .int ? .double : unified
            }
            return (element ?? .openRecord).list
        case .record:
            return record(node, v)
        default:
            return nil                                                                    // E801
        }
    }

    /// A record literal's type: labelled scalar fields.
    private mutating func record(_ node: Int, _ v: NodeView) -> QuickType? {
        let start = fields.count
        var child = node + 1
        let end = v.end(node)
        while child < end {
            defer { child = v.end(child) }
            guard v.kind(child) == .argument, fields.count - start < Self.linearLimit, let label = name(v.mainRange(child), v),
                  !fields[start...].contains(where: { $0.label == label }) else { return nil }
            let value = v.value(child)
            guard value >= 0, v.kind(value) != .list, v.kind(value) != .record, let type = infer(value, v), type.isScalar else { return nil }
            fields.append((label, type))
        }
        return addRecord(start)
    }

    /// A record type of the fields from `start` on; nil past the types a `QuickType` can number.
    private mutating func addRecord(_ start: Int) -> QuickType? {
        guard records.count < QuickType.maximumRecords else { return nil }
        records.append(start..<fields.count)
        return .record(records.count - 1)
    }

    // MARK: Type rules (`ValueChecker.unify`, `assignable`; `ValueType.accepts`)

    private mutating func recordFields(_ type: QuickType) -> ArraySlice<(label: CleanName, type: QuickType)> {
        fields[records[type.recordIndex]]
    }

    private mutating func same(_ a: QuickType, _ b: QuickType) -> Bool { Self.equal(a, b, fields, records) }

    private mutating func unify(_ a: QuickType, _ b: QuickType) -> QuickType? {
        if same(a, b) { return a }
        if a.isList || b.isList {
            guard a.isList && b.isList, let element = unify(a.element, b.element) else { return nil }
            return element.list
        }
        switch (a.base, b.base) {
        case (QuickType.int.raw, QuickType.double.raw), (QuickType.double.raw, QuickType.int.raw): return .int
        case (QuickType.openRecord.raw, QuickType.recordBase), (QuickType.openRecord.raw, QuickType.openRecord.raw): return b
        case (QuickType.recordBase, QuickType.openRecord.raw): return a
        case (QuickType.recordBase, QuickType.recordBase):
            merged.clear()
            merged.append(contentsOf: recordFields(a))
            for field in recordFields(b) {
                if let i = merged.firstIndex(where: { $0.label == field.label }) {
                    // Record fields are scalars: unifying two adds no record.
                    guard let type = unify(merged[i].type, field.type) else { return nil }
                    merged[i].type = type
                } else {
                    merged.append(field)
                }
            }
            let start = fields.count
            fields.append(contentsOf: merged)
            return addRecord(start)
        default: return nil
        }
    }

    // `equal`, `accepts` and `assignable` read the record tables as arguments: as methods, each
    // call of the recursive ones (not inlined) from a mutating method copied the whole checker.

    /// `ValueType` equality: records compare field by field, in order.
    private static func equal(_ a: QuickType, _ b: QuickType, _ fields: [(label: CleanName, type: QuickType)],
                              _ records: [Range<Int>]) -> Bool {
        if a == b { return true }
        guard a.isList == b.isList, a.isRecord, b.isRecord else { return false }
        let x = fields[records[a.recordIndex]], y = fields[records[b.recordIndex]]
        return x.count == y.count && zip(x, y).allSatisfy { $0.label == $1.label && $0.type == $1.type }
    }

    private static func accepts(_ expected: QuickType, _ found: QuickType, _ fields: [(label: CleanName, type: QuickType)],
                                _ records: [Range<Int>]) -> Bool {
        if equal(expected, found, fields, records) { return true }
        if expected.isList || found.isList {
            return expected.isList && found.isList && accepts(expected.element, found.element, fields, records)
        }
        return expected == .double && found == .int || expected == .openRecord && found.isRecord
    }

    private static func assignable(_ found: QuickType, to used: QuickType, _ fields: [(label: CleanName, type: QuickType)],
                                   _ records: [Range<Int>]) -> Bool {
        if accepts(used, found, fields, records) { return true }
        if used.isList || found.isList {
            guard used.isList && found.isList else { return false }
            return found.element == .openRecord || assignable(found.element, to: used.element, fields, records)
        }
        if used.isRecord && found.isRecord {
            // Every used field is a found field of an assignable type.
            let f = records[found.recordIndex]
            for field in fields[records[used.recordIndex]] {
                var matched = false
                for k in f where fields[k].label == field.label && assignable(fields[k].type, to: field.type, fields, records) {
                    matched = true
                    break
                }
                if !matched { return false }
            }
            return true
        }
        return used == .openRecord && found.isRecord
    }

    /// An action the clean check accepts: a method name, or `pop` in a card of a stack that
    /// navigates (E704 elsewhere). `push(Card)` is a call, left to `CardChecker`.
    private mutating func action(_ node: Int, _ v: NodeView) -> Bool {
        v.kind(node) == .reference && (navigates || !isName(node, tables.pop, v))
    }

    // MARK: Names and literals

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
    }

    private mutating func name(_ range: Range<Int>, _ v: NodeView) -> CleanName? {
        guard range.upperBound <= v.bytes.count else { return nil }
        return CleanName(UnsafeBufferPointer(rebasing: v.bytes[range]))
    }

    private mutating func bytesEqual(_ range: Range<Int>, _ expected: [UInt8], _ v: NodeView) -> Bool {
        guard expected.count == range.count, range.upperBound <= v.bytes.count else { return false }
        for k in 0..<expected.count where v.bytes[range.lowerBound + k] != expected[k] { return false }
        return true
    }

    private mutating func isName(_ node: Int, _ text: [UInt8], _ v: NodeView) -> Bool { bytesEqual(v.mainRange(node), text, v) }

    private mutating func ascii(_ range: Range<Int>, _ v: NodeView) -> String? {
        guard range.upperBound <= v.bytes.count else { return nil }
        let bytes = UnsafeBufferPointer(rebasing: v.bytes[range])
        for byte in bytes where byte >= 0x80 { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func lookUp(_ node: Int, in table: Unmanaged<NameTable>, _ v: NodeView) -> Int? {
        let range = v.mainRange(node)
        guard !range.isEmpty, range.upperBound <= v.bytes.count else { return nil }
        return table._withUnsafeGuaranteedRef {
            $0.index(of: UnsafeBufferPointer(rebasing: v.bytes[range]), readable: v.bytes.count - range.lowerBound)
        }
    }

    /// An enum case's index in `table`, by its ASCII name after the dot.
    private mutating func lookUpCase(_ node: Int, in table: Unmanaged<NameTable>, _ v: NodeView) -> Int? {
        let range = v.mainRange(node)
        guard range.count > 1, range.upperBound <= v.bytes.count, v.bytes[range.lowerBound + 1] < 0x80 else { return nil }
        return table._withUnsafeGuaranteedRef {
            $0.index(of: UnsafeBufferPointer(rebasing: v.bytes[range.lowerBound + 1..<range.upperBound]),
                     readable: v.bytes.count - range.lowerBound - 1)
        }
    }

    /// Whether an enum case node names a case of `table` that takes no arguments, written
    /// without parentheses.
    private mutating func plainCase(_ node: Int, _ table: Unmanaged<NameTable>, _ plainCases: UInt64, _ v: NodeView) -> Bool {
        guard !v.hasParentheses(node), v.end(node) == node + 1, let index = lookUpCase(node, in: table, v), index < 64 else { return false }
        return plainCases & 1 << UInt64(index) != 0
    }

    private mutating func smallInteger(_ node: Int, _ v: NodeView) -> Int? {
        let range = v.mainRange(node)
        guard !v.mainIsMalformed(node), !range.isEmpty, range.upperBound <= v.bytes.count else { return nil }
        return NumberLiteral.smallIntegerValue(UnsafeBufferPointer(rebasing: v.bytes[range]))
    }

    private mutating func number(_ node: Int, _ v: NodeView) -> Double? {
        let range = v.mainRange(node)
        guard !v.mainIsMalformed(node), !range.isEmpty, range.upperBound <= v.bytes.count else { return nil }
        return NumberLiteral.fastDoubleValue(UnsafeBufferPointer(rebasing: v.bytes[range]))
    }

    /// A color literal that parses, or a named color.
    private mutating func color(_ node: Int, _ v: NodeView) -> Bool {
        switch v.kind(node) {
        case .color:
            let range = v.mainRange(node)
            guard !v.mainIsMalformed(node), !range.isEmpty, range.upperBound <= v.bytes.count else { return false }
            return ColorLiteral(bytes: UnsafeBufferPointer(rebasing: v.bytes[range])) != nil
        case .enumCase:
            return lookUpCase(node, in: tables.namedColorTable, v) != nil
        default:
            return false
        }
    }
}

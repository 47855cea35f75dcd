import CardDiagnostics
import CardSyntax

/// The text of a stored value: a byte range of one of the deck's source files, read through
/// `CardView.utf8(_:)` without becoming a `String`.
public struct SourceText: Sendable {
    @usableFromInline let file: FileID
    @usableFromInline let range: Range<Int>

    @usableFromInline init(file: FileID, range: Range<Int>) {
        self.file = file
        self.range = range
    }
}

/// A checked value as a back end reads it from the deck's store: numbers and case names inline,
/// the text of literals, bindings, card states and methods as byte ranges of the source, and
/// anything richer (lists, records, sizes, fonts, catalog defaults — and every value of a card
/// whose body was replaced) as the public `Value`.
public enum ValueView: Sendable {
    case int(Int)
    case double(Double)
    case bool(Bool)
    case color(ColorLiteral, name: String?)
    /// A case without arguments, by its catalog name.
    case enumCase(String)
    /// A string literal's text.
    case text(SourceText)
    /// `$name` or `$item.field` as spelled, with the parameter's type.
    case binding(SourceText, type: ValueType)
    /// A card state, spelled `.name`.
    case state(SourceText)
    /// An action method's name.
    case method(SourceText)
    case value(Value)

    /// The number of an int or double.
    public var number: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        case .value(let value): value.number
        default: nil
        }
    }
}

/// A stored argument's value when it is a number, a Boolean, a string literal, a color, a binding
/// or an enumeration case — the kinds readers meet most — read without making a `ValueView`
/// (`CardView.scalar(ofArgument:in:)`): this enum holds no references, so making, copying and
/// dropping one costs nothing.
public enum ScalarView: Sendable {
    case int(Int)
    case double(Double)
    case bool(Bool)
    /// A string literal's text.
    case text(SourceText)
    /// A color literal or a named color (`ValueView.color` without the name).
    case color(ColorLiteral)
    /// `$name` or `$item.field` as spelled.
    case binding(SourceText)
    /// A case without arguments, by its position in the enumeration of the argument's parameter
    /// (its name: `CardView.caseName(_:ofArgument:in:)`).
    case enumCase(Int)
    /// Any other value, or none: read `CardView.value(ofArgument:in:)`.
    case other
}

/// What decoding a stored value needs to know of the parameter it was checked against.
protocol StoredValueParameter {
    var type: ValueType { get }
    var checkedDefault: Value? { get }
    /// The name of case `index` of the parameter's enumeration.
    func caseName(_ index: Int) -> String?
}

extension Parameter: StoredValueParameter {
    func caseName(_ index: Int) -> String? { type.enumType?.cases[safe: index]?.name }
}

/// Every catalog part's and trait's parameters in flat tables, so that reading a stored argument
/// (by owner and position) neither looks through the catalog's nested arrays nor retains a
/// `Parameter`. Allocated once and never freed (`shared` lives as long as the program).
@usableFromInline struct CatalogParameters: @unchecked Sendable {  // immutable storage, never freed
    /// Readers keep this pointer rather than read the global each time, which checks its
    /// initialization on every read.
    @usableFromInline static let shared = CatalogParametersPointer(CatalogParameters())

    /// The names of `Catalog.nodes` and of `Catalog.traits`, by index.
    @usableFromInline let nodeNames: UnsafeBufferPointer<String>
    @usableFromInline let traitNames: UnsafeBufferPointer<String>
    /// Owner `o`'s parameters are `start[o]..<start[o + 1]` of the tables below; owners are
    /// `Catalog.nodes` by index, then `Catalog.traits`.
    @usableFromInline let start: UnsafeBufferPointer<Int>
    let names: UnsafeBufferPointer<String>
    let types: UnsafeBufferPointer<ValueType>
    let defaults: UnsafeBufferPointer<Value?>
    /// Parameter `i`'s enumeration cases are `caseNames[caseStart[i]..<caseStart[i + 1]]`.
    @usableFromInline let caseStart: UnsafeBufferPointer<Int>
    let caseNames: UnsafeBufferPointer<String>

    private init() {
        var start = [0], names: [String] = [], types: [ValueType] = [], defaults: [Value?] = []
        var caseStart = [0], caseNames: [String] = []
        for parameters in Catalog.nodes.map(\.parameters) + Catalog.traits.map(\.parameters) {
            for parameter in parameters {
                names.append(parameter.name)
                types.append(parameter.type)
                defaults.append(parameter.checkedDefault)
                caseNames += parameter.type.enumType?.cases.map(\.name) ?? []
                caseStart.append(caseNames.count)
            }
            start.append(names.count)
        }
        func table<Element>(_ elements: [Element]) -> UnsafeBufferPointer<Element> {
            let table = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
            _ = table.initialize(from: elements)
            return UnsafeBufferPointer(table)
        }
        nodeNames = table(Catalog.nodes.map(\.name))
        traitNames = table(Catalog.traits.map(\.name))
        self.start = table(start)
        self.names = table(names)
        self.types = table(types)
        self.defaults = table(defaults)
        self.caseStart = table(caseStart)
        self.caseNames = table(caseNames)
    }
}

/// Where `CatalogParameters.shared` is: a plain pointer, so that keeping it retains nothing.
@usableFromInline struct CatalogParametersPointer: @unchecked Sendable {  // immutable storage, never freed
    @usableFromInline let pointer: UnsafePointer<CatalogParameters>

    init(_ tables: CatalogParameters) {
        let storage = UnsafeMutablePointer<CatalogParameters>.allocate(capacity: 1)
        storage.initialize(to: tables)
        pointer = UnsafePointer(storage)
    }

    /// The tables, read in place.
    @inlinable var tables: CatalogParameters { unsafeAddress { pointer } }

    /// Parameter `position` of `owner` (`Arguments.owner`), if it has one.
    @inlinable func parameter(owner: Int32, position: Int) -> CatalogParameter? {
        parameter(position, among: parameters(of: owner))
    }

    /// The indices of `owner`'s parameters (`Arguments.owner`) in the tables; empty for an
    /// unknown owner.
    @inlinable @inline(__always) func parameters(of owner: Int32) -> Range<Int> {
        let start = tables.start
        let key = owner >= 0 ? Int(owner) : tables.nodeNames.count &+ Int(-1 - owner)
        guard key >= 0 && key &+ 1 < start.count else { return 0..<0 }
        return start[key]..<start[key &+ 1]
    }

    /// Parameter `position` of the owner whose parameters are `parameters`, if it has one.
    @inlinable func parameter(_ position: Int, among parameters: Range<Int>) -> CatalogParameter? {
        guard position >= 0 && position < parameters.count else { return nil }
        return CatalogParameter(index: parameters.lowerBound &+ position, table: self)
    }
}

/// One parameter of `CatalogParameters.shared`.
@usableFromInline struct CatalogParameter: StoredValueParameter {
    @usableFromInline let index: Int
    @usableFromInline let table: CatalogParametersPointer

    @usableFromInline init(index: Int, table: CatalogParametersPointer) {
        self.index = index
        self.table = table
    }

    var name: String { table.tables.names[index] }
    var type: ValueType { table.tables.types[index] }
    var checkedDefault: Value? { table.tables.defaults[index] }

    func caseName(_ index: Int) -> String? {
        hasCase(index) ? table.tables.caseNames[table.tables.caseStart[self.index] + index] : nil
    }

    /// Whether the parameter's enumeration has case `index` (`caseName(index) != nil`, without
    /// making the name).
    @inlinable func hasCase(_ index: Int) -> Bool {
        let caseStart = table.tables.caseStart
        return index >= 0 && index < caseStart[self.index &+ 1] &- caseStart[self.index]
    }
}

extension StoredValue {
    /// A `.color` value's color.
    @inlinable var colorLiteral: ColorLiteral {
        ColorLiteral(red: UInt8(truncatingIfNeeded: bits), green: UInt8(truncatingIfNeeded: bits >> 8),
                     blue: UInt8(truncatingIfNeeded: bits >> 16), alpha: UInt8(truncatingIfNeeded: bits >> 24))
    }

    /// A `.namedColor` value's color, if the catalog has it.
    @usableFromInline var namedColor: ColorLiteral? {
        Catalog.namedColors[safe: Int(bits)].map { ColorLiteral(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha) }
    }
}

extension StoredProperties {
    /// The readable form of a stored value checked against `parameter` (nil for a model
    /// default), whose text is in file `file` (nil when the deck does not have it); nil where the
    /// public model has no value either.
    @usableFromInline func view(of stored: StoredValue, parameter: CatalogParameter?, file: FileID?) -> ValueView? {
        view(of: stored, checkedAgainst: parameter, file: file)
    }

    /// `view(of:parameter:file:)` for any kind of parameter.
    func view(of stored: StoredValue, checkedAgainst parameter: (some StoredValueParameter)?, file: FileID?) -> ValueView? {
        switch stored.kind {
        case .int: return .int(Int(truncatingIfNeeded: Int64(bitPattern: stored.bits)))
        case .double: return .double(Double(bitPattern: stored.bits))
        case .bool: return .bool(stored.bits != 0)
        case .color: return .color(stored.colorLiteral, name: nil)
        case .namedColor:
            guard let color = stored.namedColor else { return nil }
            return .color(color, name: Catalog.namedColors[Int(stored.bits)].name)
        case .enumCase: return parameter?.caseName(Int(stored.bits)).map { .enumCase($0) }
        case .text: return file.map { .text(SourceText(file: $0, range: stored.range)) }
        case .binding:
            guard let file, let parameter else { return nil }
            return .binding(SourceText(file: file, range: stored.range), type: parameter.type)
        case .state: return file.map { .state(SourceText(file: $0, range: stored.range)) }
        case .method: return file.map { .method(SourceText(file: $0, range: stored.range)) }
        case .pop: return .value(.action(.pop))
        case .catalogDefault: return parameter?.checkedDefault.map { .value($0) }
        case .boxed: return boxed[safe: Int(stored.bits)].map { .value($0) }
        }
    }

    /// Whether `view(of:parameter:file:)` has a value, without making it.
    @usableFromInline func hasValue(_ stored: StoredValue, parameter: CatalogParameter?, file: FileID?) -> Bool {
        switch stored.kind {
        case .int, .double, .bool, .color, .pop: true
        case .namedColor: Catalog.namedColors.indices.contains(Int(stored.bits))
        case .enumCase: parameter?.hasCase(Int(stored.bits)) ?? false
        case .text, .state, .method: file != nil
        case .binding: file != nil && parameter != nil
        case .catalogDefault: parameter?.checkedDefault != nil
        case .boxed: boxed.indices.contains(Int(stored.bits))
        }
    }
}

/// A card body flattened the way the store keeps one (parts as records, lists of part indices),
/// so a `CardView` reads a card whose body was replaced (`CardContent.built`) by the same indices.
@usableFromInline final class BuiltCard: Sendable {
    @usableFromInline struct Part: Sendable {
        @usableFromInline var name: String
        @usableFromInline var arguments: Range<Int>
        @usableFromInline var children: Range<Int32>
    }

    @usableFromInline let parts: [Part]
    @usableFromInline let arguments: [Property]
    @usableFromInline let partLists: [Int32]
    @usableFromInline let states: [ModelStorage.StateRecord]
    @usableFromInline let overlays: [ModelStorage.OverlayRecord]
    @usableFromInline let footer: ModelStorage.FooterRecord?
    @usableFromInline let traits: [(name: String, arguments: Range<Int>)]
    @usableFromInline let model: [ModelField]

    init(_ body: CardBody) {
        var parts: [Part] = [], arguments: [Property] = [], partLists: [Int32] = []
        /// Appends `list` as one range of `partLists`, then each part's arguments and children.
        func append(_ list: [CheckedPart]) -> Range<Int32> {
            let first = parts.count
            let start = ModelStorage.end(partLists)
            for part in list {
                partLists.append(Int32(truncatingIfNeeded: parts.count))
                parts.append(Part(name: part.part, arguments: 0..<0, children: 0..<0))
            }
            let range = start..<ModelStorage.end(partLists)
            for (offset, part) in list.enumerated() {
                let argumentStart = arguments.count
                arguments += part.properties
                parts[first + offset].arguments = argumentStart..<arguments.count
                parts[first + offset].children = append(part.children)
            }
            return range
        }
        states = body.states.map { ModelStorage.StateRecord(name: $0.name, isBuiltIn: $0.isBuiltIn, tap: $0.tap, parts: append($0.parts)) }
        overlays = body.overlays.map { ModelStorage.OverlayRecord(direction: $0.direction, parts: append($0.parts)) }
        footer = body.footer.map { ModelStorage.FooterRecord(height: $0.height, transparent: $0.transparent, parts: append($0.parts)) }
        traits = body.traits.map { trait in
            let start = arguments.count
            arguments += trait.properties
            return (trait.trait, start..<arguments.count)
        }
        model = body.model
        self.parts = parts
        self.arguments = arguments
        self.partLists = partLists
    }
}

/// The bytes of one of the deck's source files, which never change and live as long as the deck.
@usableFromInline struct FileBytes: @unchecked Sendable {  // immutable, and kept alive by the deck
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>

    @usableFromInline init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
}

/// The parts of a state, overlay, footer or container, in order (`CardView.part(_:of:)`).
public struct PartList: Sendable {
    @usableFromInline let range: Range<Int32>
    /// (`range.count` is the generic `Collection.count`, a call.)
    @inlinable public var count: Int { Int(range.upperBound) &- Int(range.lowerBound) }

    @usableFromInline init(range: Range<Int32>) { self.range = range }
}

/// The arguments of a part or trait: `indices` for `CardView.value(ofArgument:in:)` and its
/// siblings.
public struct Arguments: Sendable {
    public let indices: Range<Int>
    /// Stored arguments: the owner's index in `Catalog.nodes`, or `-1 - i` for `Catalog.traits[i]`.
    @usableFromInline let owner: Int32
    /// Stored arguments: the file holding their text, nil when the deck does not have it.
    @usableFromInline let file: FileID?

    @usableFromInline init(indices: Range<Int>, owner: Int32, file: FileID?) {
        self.indices = indices
        self.owner = owner
        self.file = file
    }
}

/// One card's states, overlays, footer, traits and model, read in place from the deck's compact
/// store — no `CheckedPart`, `Property` or `Value` tree is built, and text stays bytes of the
/// source — for back ends that read each card once. Parts and arguments are addressed by index.
///
/// A card whose body was replaced through `CheckedCard`'s setters is read the same way from a
/// flattened copy of that body, so readers have one code path.
public struct CardView: Sendable {
    /// The store's arrays that every part and argument is read from, held here rather than
    /// reached through the store on each read (which retains and releases it): for a replaced
    /// body, `partLists` is the flattened body's and the others are empty.
    @usableFromInline let parts: [ModelStorage.PartRecord]
    @usableFromInline let properties: StoredProperties
    @usableFromInline let partLists: [Int32]
    @usableFromInline let files: SourceFiles
    /// The card's index in the store (0 for a replaced body). Its record is read from the store
    /// rather than kept here: a view of at most 128 bytes is copied inline, a larger one through
    /// `memcpy` (it is copied as a borrowed argument by many calls).
    @usableFromInline let cardIndex: Int
    /// The catalog's names and parameters (`CatalogParameters.shared`).
    @usableFromInline let catalog: CatalogParametersPointer
    /// The deck's store, nil for a replaced body, which is read from `built` instead.
    @usableFromInline let store: ModelStore?
    @usableFromInline let built: BuiltCard?
    /// The file the card is declared in, which holds nearly all the text it reads, and its bytes
    /// (empty when the deck does not have it): that text is read without looking the file up
    /// (and retaining it).
    @usableFromInline let ownFile: FileID
    @usableFromInline let ownBytes: FileBytes

    public init(_ card: borrowing CheckedCard) {
        catalog = CatalogParameters.shared
        switch card.content {
        case .stored(let store, let index):
            parts = store.storage.parts
            properties = store.storage.properties
            partLists = store.storage.partLists
            files = store.files
            cardIndex = index
            self.store = store
            built = nil
            ownFile = card.span.file
            // A `let` array of a live object: its buffer neither moves nor changes.
            ownBytes = FileBytes(store.files[ownFile]?.bytes.withUnsafeBufferPointer { $0 } ?? UnsafeBufferPointer(start: nil, count: 0))
        case .built(let box):
            let built = BuiltCard(box.body)
            parts = []
            properties = StoredProperties()
            partLists = built.partLists
            files = SourceFiles([])
            cardIndex = 0
            store = nil
            self.built = built
            ownFile = card.span.file
            ownBytes = FileBytes(UnsafeBufferPointer(start: nil, count: 0))  // no text: the body holds values
        }
    }

    /// Whether the card is read from the store (else from `built`).
    @inlinable @inline(__always) var isStored: Bool { built == nil }

    /// The flattened body of a card that is not in the store.
    @inlinable @inline(__always) var body: BuiltCard { built.unsafelyUnwrapped }

    /// The card's record in the store; only for a stored card.
    var record: ModelStorage.CardRecord { store.unsafelyUnwrapped.storage.cards[cardIndex] }

    /// `range.count`, which for a `Range<Int32>` is a call to the generic `Collection.count`.
    static func count(_ range: Range<Int32>) -> Int { Int(range.upperBound) &- Int(range.lowerBound) }


    // MARK: States, overlays, footer

    public var stateCount: Int { isStored ? Self.count(record.states) : body.states.count }

    // Fields are read from the store's records in place: a helper returning the record would
    // copy it, retaining and releasing the strings and types it holds.

    /// The store's index of the card's state `index`.
    func stateIndex(_ index: Int) -> Int { Int(record.states.lowerBound) + index }

    public func stateName(_ index: Int) -> String {
        isStored ? store.unsafelyUnwrapped.storage.states[stateIndex(index)].name : body.states[index].name
    }

    public func stateTap(_ index: Int) -> Action? {
        isStored ? store.unsafelyUnwrapped.storage.states[stateIndex(index)].tap : body.states[index].tap
    }

    public func stateParts(_ index: Int) -> PartList {
        PartList(range: isStored ? store.unsafelyUnwrapped.storage.states[stateIndex(index)].parts : body.states[index].parts)
    }

    public var overlayCount: Int { isStored ? Self.count(record.overlays) : body.overlays.count }

    /// The store's index of the card's overlay `index`.
    func overlayIndex(_ index: Int) -> Int { Int(record.overlays.lowerBound) + index }

    public func overlayDirection(_ index: Int) -> SwipeDirection {
        isStored ? store.unsafelyUnwrapped.storage.overlays[overlayIndex(index)].direction : body.overlays[index].direction
    }

    public func overlayParts(_ index: Int) -> PartList {
        PartList(range: isStored ? store.unsafelyUnwrapped.storage.overlays[overlayIndex(index)].parts : body.overlays[index].parts)
    }

    public var footer: (height: Double, transparent: Bool, parts: PartList)? {
        (isStored ? record.footer : body.footer).map { ($0.height, $0.transparent, PartList(range: $0.parts)) }
    }

    // MARK: Parts

    /// The index of part `position` of `list`, for the accessors below.
    @inlinable public func part(_ position: Int, of list: PartList) -> Int {
        Int(partLists[Int(list.range.lowerBound) + position])
    }

    /// The part's catalog name.
    @inlinable public func name(ofPart part: Int) -> String {
        isStored ? catalog.tables.nodeNames[Int(parts[part].spec)] : body.parts[part].name
    }

    /// The part's index in `Catalog.nodes`, when known without looking its name up.
    @inlinable public func catalogIndex(ofPart part: Int) -> Int? {
        isStored ? Int(parts[part].spec) : nil
    }

    @inlinable public func children(ofPart part: Int) -> PartList {
        PartList(range: isStored ? parts[part].children : body.parts[part].children)
    }

    /// The arguments the author wrote, in catalog parameter order.
    @inlinable public func arguments(ofPart part: Int) -> Arguments { contents(ofPart: part).arguments }

    /// `catalogIndex(ofPart:)`, `arguments(ofPart:)` and `children(ofPart:)` read together, from
    /// one read of the part's record, for a reader that wants them all.
    @inlinable @inline(__always)
    public func contents(ofPart part: Int) -> (catalogIndex: Int?, arguments: Arguments, children: PartList) {
        guard isStored else {
            let part = body.parts[part]
            return (nil, Arguments(indices: part.arguments, owner: 0, file: nil), PartList(range: part.children))
        }
        let record = parts[part]
        let file = FileID(record.file)
        return (Int(record.spec),
                Arguments(indices: Int(record.properties.lowerBound)..<Int(record.properties.upperBound), owner: record.spec,
                          file: files.contains(file) ? file : nil),
                PartList(range: record.children))
    }

    // MARK: Traits and model

    public var traitCount: Int { isStored ? Self.count(record.traits) : body.traits.count }

    /// The store's index of the card's trait `index`.
    func traitIndex(_ index: Int) -> Int { Int(record.traits.lowerBound) + index }

    public func traitName(_ index: Int) -> String {
        isStored ? catalog.tables.traitNames[Int(store.unsafelyUnwrapped.storage.traits[traitIndex(index)].trait)] : body.traits[index].name
    }

    /// The trait's index in `Catalog.traits`, for a card read from the store.
    public func catalogIndex(ofTrait index: Int) -> Int? {
        isStored ? Int(store.unsafelyUnwrapped.storage.traits[traitIndex(index)].trait) : nil
    }

    /// The index (as for `traitName(_:)`) of the card's first trait that is
    /// `Catalog.traits[catalogIndex]`, if it has one. For a stored card one pass over its trait
    /// records, where a loop over `catalogIndex(ofTrait:)` reads the card's record per trait.
    public func firstTrait(catalogIndex: Int) -> Int? {
        guard isStored else {
            guard let name = Catalog.traits[safe: catalogIndex]?.name else { return nil }
            return body.traits.firstIndex { $0.name == name }
        }
        let range = record.traits
        return store.unsafelyUnwrapped.storage.traits.withUnsafeBufferPointer { traits in
            var index = Int(range.lowerBound)
            while index < Int(range.upperBound) {
                if Int(traits[index].trait) == catalogIndex { return index - Int(range.lowerBound) }
                index += 1
            }
            return nil
        }
    }

    /// Every requirement of the trait, author-given or defaulted, in catalog order.
    public func traitArguments(_ index: Int) -> Arguments {
        guard isStored else { return Arguments(indices: body.traits[index].arguments, owner: 0, file: nil) }
        let trait = store.unsafelyUnwrapped.storage.traits[traitIndex(index)]
        return Arguments(indices: Int(trait.properties.lowerBound)..<Int(trait.properties.upperBound), owner: -1 - trait.trait,
                         file: files.contains(trait.span.file) ? trait.span.file : nil)
    }

    public var fieldCount: Int { isStored ? Self.count(record.fields) : body.model.count }

    /// The store's index of the card's model field `index`.
    func fieldIndex(_ index: Int) -> Int { Int(record.fields.lowerBound) + index }

    public func fieldName(_ index: Int) -> String {
        isStored ? store.unsafelyUnwrapped.storage.fields[fieldIndex(index)].name : body.model[index].name
    }

    /// The index (as for `fieldName(_:)`) of the card's first model field named `name` (as
    /// `String`s compare), through a table of the card's fields the store makes on first use: for
    /// a card of many fields, where `firstField(where:)` would compare every one each time.
    public func firstField(named name: String) -> Int? {
        guard isStored, let store else { return body.model.firstIndex { $0.name == name } }
        return store.fieldTable(ofCard: cardIndex) {
            var table: [String: Int] = [:]
            for index in 0..<fieldCount where table[fieldName(index)] == nil { table[fieldName(index)] = index }
            return table
        }[name]
    }

    /// The index (as for `fieldName(_:)`) of the card's first model field whose name satisfies
    /// `predicate`. The names are handed over in place: `fieldName(_:)` copies each one out.
    public func firstField(where predicate: (String) -> Bool) -> Int? {
        guard isStored else { return body.model.firstIndex { predicate($0.name) } }
        let range = record.fields
        return store.unsafelyUnwrapped.storage.fields.withUnsafeBufferPointer { fields in
            var index = Int(range.lowerBound)
            while index < Int(range.upperBound) {
                if predicate(fields[index].name) { return index - Int(range.lowerBound) }
                index += 1
            }
            return nil
        }
    }

    public func fieldType(_ index: Int) -> ValueType {
        isStored ? store.unsafelyUnwrapped.storage.fields[fieldIndex(index)].type : body.model[index].type
    }

    public func fieldIsTwoWay(_ index: Int) -> Bool {
        isStored ? store.unsafelyUnwrapped.storage.fields[fieldIndex(index)].isTwoWay : body.model[index].isTwoWay
    }

    /// The model field's default when it is one of the kinds `ScalarView` holds but a binding or
    /// a case (the same value `fieldDefault(_:)` gives), else `.other`: read `fieldDefault(_:)`.
    public func fieldDefaultScalar(_ index: Int) -> ScalarView {
        guard isStored else { return .other }
        return store.unsafelyUnwrapped.storage.fields.withUnsafeBufferPointer { fields in
            let field = fieldIndex(index)
            guard let value = fields[field].defaultValue else { return .other }
            let file = fields[field].span.file
            return Self.scalar(value, file: files.contains(file) ? file : nil)
        }
    }

    public func fieldDefault(_ index: Int) -> ValueView? {
        guard isStored else { return body.model[index].defaultValue.map { .value($0) } }
        let fields = store.unsafelyUnwrapped.storage.fields
        guard let value = fields[fieldIndex(index)].defaultValue else { return nil }
        let file = fields[fieldIndex(index)].span.file
        return properties.view(of: value, parameter: CatalogParameter?.none, file: files.contains(file) ? file : nil)
    }

    // MARK: Arguments

    /// The parameter of a stored argument (the store keeps its position, not its name).
    @inlinable @inline(__always)
    func parameter(_ stored: StoredProperty, in arguments: Arguments) -> CatalogParameter? {
        catalog.parameter(owner: arguments.owner, position: Int(stored.parameter))
    }

    public func name(ofArgument argument: Int, in arguments: Arguments) -> String {
        isStored ? parameter(properties.records[argument], in: arguments)?.name ?? "" : body.arguments[argument].name
    }

    /// For an argument read from the store, the position of its parameter among its owner's
    /// catalog parameters (`name(ofArgument:in:)` is that parameter's name, "" when there is none).
    @inlinable public func parameterPosition(ofArgument argument: Int) -> Int? {
        isStored ? Int(properties.records[argument].parameter) : nil
    }

    /// The argument's value; nil for one the public model leaves out (it has no value there).
    @inlinable public func value(ofArgument argument: Int, in arguments: Arguments) -> ValueView? {
        guard isStored else { return .value(body.arguments[argument].value) }
        let stored = properties.records[argument]
        // The commonest kinds decoded here, inlined into the reader (the rest, and the same ones
        // for other callers, in `view(of:)`): a call per argument costs about 1 % of a build.
        switch stored.value.kind {
        case .int: return .int(Int(truncatingIfNeeded: Int64(bitPattern: stored.value.bits)))
        case .double: return .double(Double(bitPattern: stored.value.bits))
        case .bool: return .bool(stored.value.bits != 0)
        case .text: return arguments.file.map { .text(SourceText(file: $0, range: stored.value.range)) }
        default: return properties.view(of: stored.value, parameter: parameter(stored, in: arguments), file: arguments.file)
        }
    }

    /// The argument's value when it is one of `ScalarView`'s kinds (the same value
    /// `value(ofArgument:in:)` gives), else `.other`: always for a card that is not in the store.
    @inlinable @inline(__always)
    public func scalar(ofArgument argument: Int, in arguments: Arguments) -> ScalarView {
        guard isStored else { return .other }
        let stored = properties.records[argument]
        switch stored.value.kind {
        case .binding:
            // A binding has a value only with a known parameter, as in `StoredProperties.view(of:)`.
            if let file = arguments.file, parameter(stored, in: arguments) != nil {
                return .binding(SourceText(file: file, range: stored.value.range))
            }
        case .enumCase:
            let index = Int(stored.value.bits)
            if parameter(stored, in: arguments)?.hasCase(index) == true { return .enumCase(index) }
        default: return Self.scalar(stored.value, file: arguments.file)
        }
        return .other
    }

    /// A stored value as a `ScalarView` when it is of a kind that needs no parameter to read (a
    /// number, a Boolean, text, a color; the same value `StoredProperties.view(of:)` gives), else
    /// `.other`. `file` holds its text.
    @inlinable @inline(__always)
    static func scalar(_ value: StoredValue, file: FileID?) -> ScalarView {
        switch value.kind {
        case .int: return .int(Int(truncatingIfNeeded: Int64(bitPattern: value.bits)))
        case .double: return .double(Double(bitPattern: value.bits))
        case .bool: return .bool(value.bits != 0)
        case .text: if let file { return .text(SourceText(file: file, range: value.range)) }
        case .color: return .color(value.colorLiteral)
        case .namedColor: if let color = value.namedColor { return .color(color) }
        default: break
        }
        return .other
    }

    /// The name of case `index` (`ScalarView.enumCase`) of the enumeration of the argument's
    /// parameter, if it has one.
    public func caseName(_ index: Int, ofArgument argument: Int, in arguments: Arguments) -> String? {
        guard isStored else { return nil }
        return parameter(properties.records[argument], in: arguments)?.caseName(index)
    }

    /// `value(ofArgument:in:) != nil`, without making the value.
    @inlinable public func hasValue(argument: Int, in arguments: Arguments) -> Bool {
        guard isStored else { return true }
        let stored = properties.records[argument]
        return hasValue(stored.value, parameter: parameter(stored, in: arguments), file: arguments.file)
    }

    /// `hasValue(argument:in:)` for a stored value checked against `parameter`.
    @inlinable @inline(__always)
    func hasValue(_ stored: StoredValue, parameter: CatalogParameter?, file: FileID?) -> Bool {
        switch stored.kind {  // the common kinds inline, as in `value(ofArgument:in:)`
        case .int, .double, .bool, .color, .pop: return true
        case .text, .state, .method: return file != nil
        case .binding: return file != nil && parameter != nil
        case .enumCase: return parameter?.hasCase(Int(stored.bits)) ?? false
        default: return properties.hasValue(stored, parameter: parameter, file: file)
        }
    }

    /// Which catalog parameters of their owner the arguments are for, as bits (`p` for parameter
    /// `p`), when the store records them, every argument has a value and they are one per
    /// parameter in catalog order (as the checker stores them); nil otherwise.
    @inlinable public func parameterBits(of arguments: Arguments) -> UInt64? {
        guard isStored else { return nil }
        let parameters = catalog.parameters(of: arguments.owner)
        var bits: UInt64 = 0
        var next = 0
        for argument in arguments.indices {
            let stored = properties.records[argument]
            let position = Int(stored.parameter)
            guard position >= next && position < UInt64.bitWidth,
                  hasValue(stored.value, parameter: catalog.parameter(position, among: parameters), file: arguments.file)
            else { return nil }
            bits |= 1 << UInt64(position)
            next = position &+ 1
        }
        return bits
    }

    /// Whether the arguments name their parameters by position (stored ones), rather than by name.
    @inlinable public var namesParametersByPosition: Bool { isStored }

    /// The argument for catalog parameter `position` of a part whose arguments, each with a value,
    /// one per parameter in catalog order, were matched with its parameters as `matched` (bit `p`:
    /// parameter `p` has one).
    @inlinable @inline(__always)
    public func argument(forParameter position: Int, matched: UInt64, in arguments: Arguments) -> Int? {
        guard position < UInt64.bitWidth, matched & (1 << UInt64(position)) != 0 else { return nil }
        let argument = arguments.indices.lowerBound + (matched & ((1 << UInt64(position)) &- 1)).nonzeroBitCount
        return argument < arguments.indices.upperBound ? argument : nil
    }

    // MARK: Text

    /// The text's bytes, when they are valid UTF-8 (else read `string(_:)`, which repairs them).
    /// They stay valid as long as the deck does: its files never change.
    @inlinable public func utf8(_ text: SourceText) -> UnsafeBufferPointer<UInt8>? {
        let bytes = bytes(text)
        return SourceText.isValidUTF8(bytes) ? bytes : nil
    }

    /// A card state's name (`.name` without the dot), when its bytes are valid UTF-8 and the dot is
    /// one character (else read `string(stateName:)`).
    @inlinable public func utf8(stateName text: SourceText) -> UnsafeBufferPointer<UInt8>? {
        guard let spelled = utf8(text) else { return nil }
        return SourceText.stateName(spelled)
    }

    /// The text's bytes as the source has them, valid UTF-8 or not (empty when the deck does not
    /// have the file); `utf8(_:)` validates them. They stay valid as long as the deck does.
    @inlinable public func bytes(_ text: SourceText) -> UnsafeBufferPointer<UInt8> {
        if text.file == ownFile { return text.bytes(in: ownBytes.bytes) }
        guard let file = files[text.file] else { return UnsafeBufferPointer(start: nil, count: 0) }
        return text.bytes(in: file)
    }

    /// The text as a `String` (invalid UTF-8 repaired).
    public func string(_ text: SourceText) -> String { files[text.file]?.text(text.range) ?? "" }

    /// The name of a card state spelled `.name`.
    public func string(stateName text: SourceText) -> String { SyntaxTree.enumCaseName(spelled: string(text)) }

    /// The path of a binding (`$item.name` → ["item", "name"]).
    public func bindingPath(_ text: SourceText) -> [String] { text.bindingPath(in: files[text.file]) }

    /// For a binding spelled in ASCII with one or two pieces (`$name`, `$item.name`): its path as
    /// spelled (the bytes after `$`) and the position of the dot in it, if any; nil for another
    /// binding (read its `bindingPath`). In ASCII each byte is a character, so the pieces are
    /// those `bindingPath` splits.
    @inlinable public func simpleBindingPath(_ text: SourceText) -> (path: UnsafeBufferPointer<UInt8>, dot: Int?)? {
        // Read unvalidated: a non-ASCII byte ends the search anyway, and ASCII is valid UTF-8.
        let spelled = bytes(text)
        guard spelled.count > 1 else { return nil }
        let path = UnsafeBufferPointer(rebasing: spelled[1..<spelled.count])
        var dot: Int?
        for i in path.indices {
            if path[i] >= 0x80 { return nil }
            if path[i] == 0x2E {
                // A second dot, or an empty piece.
                if dot != nil || i == 0 || i == path.count - 1 { return nil }
                dot = i
            }
        }
        return (path, dot)
    }
}

extension SourceText {
    /// The text's bytes in `file`, valid UTF-8 or not; they live as long as `file`.
    @usableFromInline func bytes(in file: SourceFile) -> UnsafeBufferPointer<UInt8> {
        // A `let` array of a live object: its buffer neither moves nor changes.
        file.bytes.withUnsafeBufferPointer { bytes(in: $0) }
    }

    /// The text's bytes among `fileBytes`, the bytes of its file (the range clamped to them).
    @inlinable func bytes(in fileBytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let lower = min(max(range.lowerBound, 0), fileBytes.count)
        let upper = min(max(range.upperBound, lower), fileBytes.count)
        return UnsafeBufferPointer(rebasing: fileBytes[lower..<upper])
    }

    @usableFromInline static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        // Eight ASCII bytes at a time, then the rest byte by byte.
        if let start = bytes.baseAddress {
            while i &+ 8 <= bytes.count
                    && UnsafeRawPointer(start).loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i &+= 8
            }
        }
        while i < bytes.count {
            if bytes[i] < 0x80 {
                i += 1
                continue
            }
            let length = UTF8Scanner.sequenceLength(bytes, at: i)
            if length == 0 { return false }
            i += length
        }
        return true
    }

    /// The name in valid UTF-8 `spelled` (`.name`), as `SyntaxTree.enumCaseName(spelled:)` gives it,
    /// when that drops the first byte only: unless the first two bytes are one grapheme cluster
    /// (CR LF, or a byte followed by a non-ASCII one, which may extend it).
    @usableFromInline static func stateName(_ spelled: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        if spelled.count < 2 { return UnsafeBufferPointer(start: nil, count: 0) }
        guard spelled[0] != 0x0D && spelled[1] < 0x80 else { return nil }
        return UnsafeBufferPointer(rebasing: spelled[1..<spelled.count])
    }

    func bindingPath(in file: SourceFile?) -> [String] {
        guard let file else { return [] }
        let range = range.clamped(to: 0..<file.bytes.count)
        return file.bytes.withUnsafeBufferPointer { SyntaxTree.bindingPath(spelledBy: UnsafeBufferPointer(rebasing: $0[range])) }
    }
}

extension ValueView {
    /// The public form of the value, whose text is in `file`.
    func value(in file: SourceFile?) -> Value {
        switch self {
        case .int(let i): .int(i)
        case .double(let d): .double(d)
        case .bool(let b): .bool(b)
        case .color(let color, let name): .color(color, name: name)
        case .enumCase(let name): .enumCase(name, arguments: [])
        case .text(let text): .string(file?.text(text.range) ?? "")
        case .binding(let text, let type): .binding(path: text.bindingPath(in: file), type: type)
        case .state(let text): .enumCase(SyntaxTree.enumCaseName(spelled: file?.text(text.range) ?? ""), arguments: [])
        case .method(let text): .action(.method(file?.text(text.range) ?? ""))
        case .value(let value): value
        }
    }
}

extension CheckedCard {
    /// `title`, `subtitle`, `position` and `swipeDirections` read together, for back ends that
    /// write them all: each of those properties reads the card's extras anew.
    public var headerFields: (title: Value?, subtitle: Value?, position: String?, swipeDirections: [SwipeDirection]) {
        let extras = content.extras
        return (extras.title, extras.subtitle, extras.position, extras.allowedSwipeDirections)
    }
}

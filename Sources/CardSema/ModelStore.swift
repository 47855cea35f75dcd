import CardDiagnostics
import CardSyntax

/// Every card's traits, model fields, states, parts and actions, in a handful of deck-wide
/// arrays: a part is a record pointing at ranges of `properties` and `partLists`, not three
/// heap objects of its own. The checker appends here; back ends read the records in place
/// (`CardView`), and `CheckedCard` turns a card's ranges into the public model (`CheckedState`,
/// `CheckedPart`, …) only for a reader of that, so neither `cardc check` nor `cardc build` builds it.
///
/// Indices are `Int32` to halve the records: a deck has fewer than 2³¹ parts or properties long
/// before it reaches the lexer's 4 GB limit.
@usableFromInline struct ModelStorage: Sendable {
    @usableFromInline struct PartRecord: Sendable {
        /// Index in `Catalog.nodes`.
        @usableFromInline var spec: Int32
        @usableFromInline var properties: Range<Int32>
        /// Range of `partLists` holding the children.
        @usableFromInline var children: Range<Int32>
        /// The span of the part's name, packed (offsets are 32-bit, as token offsets are).
        @usableFromInline var file: Int32
        var start: UInt32
        var end: UInt32

        init(spec: Int32, properties: Range<Int32>, children: Range<Int32>, span: SourceSpan) {
            self.spec = spec
            self.properties = properties
            self.children = children
            file = span.file.rawValue
            start = UInt32(truncatingIfNeeded: span.start)
            end = UInt32(truncatingIfNeeded: span.end)
        }

        var span: SourceSpan { SourceSpan(file: FileID(file), start: Int(start), end: Int(end)) }
    }

    @usableFromInline struct StateRecord: Sendable {
        @usableFromInline var name: String
        @usableFromInline var isBuiltIn: Bool
        @usableFromInline var tap: Action?
        /// Range of `partLists`.
        @usableFromInline var parts: Range<Int32>
    }

    @usableFromInline struct TraitRecord: Sendable {
        /// Index in `Catalog.traits`.
        @usableFromInline var trait: Int32
        @usableFromInline var properties: Range<Int32>
        @usableFromInline var span: SourceSpan
    }

    @usableFromInline struct OverlayRecord: Sendable {
        @usableFromInline var direction: SwipeDirection
        @usableFromInline var parts: Range<Int32>
    }

    @usableFromInline struct FooterRecord: Sendable {
        @usableFromInline var height: Double
        @usableFromInline var transparent: Bool
        @usableFromInline var parts: Range<Int32>
    }

    /// A model field with its default stored compactly, like argument values.
    @usableFromInline struct FieldRecord: Sendable {
        @usableFromInline var name: String
        @usableFromInline var type: ValueType
        @usableFromInline var defaultValue: StoredValue?
        @usableFromInline var isTwoWay: Bool
        @usableFromInline var span: SourceSpan
    }

    /// What few cards set: title, subtitle, position, swipe directions.
    struct CardExtras: Sendable {
        var title: Value?
        var subtitle: Value?
        var position: String?
        /// nil: every direction.
        var swipeDirections: [SwipeDirection]?

        /// The directions the card may be swiped: every one unless it says otherwise.
        var allowedSwipeDirections: [SwipeDirection] { swipeDirections ?? SwipeDirection.allCases }
    }

    @usableFromInline struct CardRecord: Sendable {
        /// Index in `extras`, or -1 when the card sets none of them.
        var extras: Int32
        @usableFromInline var traits: Range<Int32>
        @usableFromInline var fields: Range<Int32>
        @usableFromInline var states: Range<Int32>
        @usableFromInline var overlays: Range<Int32>
        @usableFromInline var footer: FooterRecord?
        var actions: Range<Int32>
    }

    @usableFromInline var parts: [PartRecord] = []
    /// The properties of parts and traits, each one's contiguous and in catalog order.
    @usableFromInline var properties = StoredProperties()
    /// Part indices: children of parts, and the parts of states, overlays and footers.
    @usableFromInline var partLists: [Int32] = []
    @usableFromInline var states: [StateRecord] = []
    @usableFromInline var traits: [TraitRecord] = []
    @usableFromInline var fields: [FieldRecord] = []
    @usableFromInline var overlays: [OverlayRecord] = []
    var actions: [String] = []
    var extras: [CardExtras] = []
    @usableFromInline var cards: [CardRecord] = []

    /// Reserves room for the model of `trees`, estimated from how many nodes of each kind they
    /// hold, so the deck-wide arrays are allocated once instead of doubling (and copying) their
    /// way up, and advised to use huge pages. Over-estimates cost address space, not memory:
    /// untouched pages are never mapped.
    mutating func reserve(for trees: [SyntaxTree]) {
        reserve(nodeCounts: Self.nodeCounts(trees))
    }

    /// How many nodes of each kind (by raw value) `trees` hold, which `reserve` sizes the arrays from.
    static func nodeCounts(_ trees: [SyntaxTree]) -> [Int] {
        var counts = [Int](repeating: 0, count: 256)
        counts.withUnsafeMutableBufferPointer { counts in
            for tree in trees {
                tree.nodes.kinds.withUnsafeBufferPointer { kinds in
                    // A raw value is below 256, the table's size: no check or uniqueness test per node.
                    for kind in kinds { counts[Int(kind.rawValue)] &+= 1 }
                }
            }
        }
        return counts
    }

    /// `reserve(for:)` from the trees' `nodeCounts`, without huge-page advice when `hugePages`
    /// is false.
    mutating func reserve(nodeCounts counts: [Int], hugePages: Bool = true) {
        func count(_ kind: NodeKind) -> Int { Int(kind.rawValue) < counts.count ? counts[Int(kind.rawValue)] : 0 }
        func reserve<T>(_ array: inout [T], _ capacity: Int) {
            if hugePages { array.reserveLargeCapacity(capacity) } else { array.reserveCapacity(capacity) }
        }
        let nodes = count(.node)
        reserve(&cards, count(.cardDecl))
        reserve(&parts, nodes)
        // Every labelled argument, plus a positional one per part or call.
        reserve(&properties.records, count(.argument) + nodes + count(.call))
        // Lists, records and calls as values (`size(0, 3)`) are boxed; some calls are traits.
        reserve(&properties.boxed, count(.list) + count(.record) + count(.call))
        reserve(&partLists, nodes + nodes / 2)
        reserve(&states, count(.stateDecl) + count(.cardDecl))
        reserve(&traits, count(.call))
        reserve(&fields, count(.property))
        reserve(&actions, count(.reference))
    }

    /// How long each array is: where a card's model starts.
    struct Mark {
        var parts, properties, boxed, partLists, states, traits, fields, overlays, actions, extras, cards: Int
    }

    var mark: Mark {
        Mark(parts: parts.count, properties: properties.records.count, boxed: properties.boxed.count,
             partLists: partLists.count, states: states.count, traits: traits.count, fields: fields.count,
             overlays: overlays.count, actions: actions.count, extras: extras.count, cards: cards.count)
    }

    /// Drops everything appended since `mark`, keeping the arrays' capacity: the model of a card
    /// nobody will read, its storage reused for the next card.
    mutating func truncate(to mark: Mark) {
        parts.truncate(to: mark.parts)
        properties.removeAll(from: mark.properties, boxedFrom: mark.boxed)
        partLists.truncate(to: mark.partLists)
        states.truncate(to: mark.states)
        traits.truncate(to: mark.traits)
        fields.truncate(to: mark.fields)
        overlays.truncate(to: mark.overlays)
        actions.truncate(to: mark.actions)
        extras.truncate(to: mark.extras)
        cards.truncate(to: mark.cards)
    }

    /// The next index of an array, as stored in ranges.
    static func end<T>(_ array: [T]) -> Int32 { Int32(truncatingIfNeeded: array.count) }

    /// Appends part indices as one list and returns its range.
    mutating func appendPartList(_ list: ArraySlice<Int32>) -> Range<Int32> {
        let start = Self.end(partLists)
        appendParts(list)
        return start..<Self.end(partLists)
    }

    /// Appends part indices to the list being built at the end of `partLists`.
    mutating func appendParts(_ parts: ArraySlice<Int32>) {
        // One at a time: a list holds a few parts, and `append(contentsOf:)` cost more than the loop.
        for part in parts { partLists.append(part) }
    }

    // MARK: The public model, built on demand

    func extras(of card: Int) -> CardExtras {
        let index = Int(cards[card].extras)
        return index >= 0 ? extras[index] : CardExtras()
    }

    /// `files`: the deck's source files, which hold the text of stored values.
    func body(of card: Int, files: SourceFiles) -> CardBody {
        let record = cards[card]
        var body = CardBody()
        body.extras = extras(of: card)
        body.traits = record.traits.map { index in
            let trait = traits[Int(index)]
            let spec = Catalog.traits[Int(trait.trait)]
            return CheckedTrait(trait: spec.name, properties: properties(trait.properties, of: spec.parameters, in: files[trait.span.file]),
                                span: trait.span)
        }
        body.model = fields[Int(record.fields.lowerBound)..<Int(record.fields.upperBound)].map { field in
            let file = files[field.span.file]
            return ModelField(name: field.name, type: field.type,
                              defaultValue: field.defaultValue.flatMap { properties.value(of: $0, parameter: nil, in: file) },
                              isTwoWay: field.isTwoWay, span: field.span)
        }
        body.states = record.states.map { index in
            let state = states[Int(index)]
            return CheckedState(name: state.name, isBuiltIn: state.isBuiltIn, tap: state.tap, parts: partList(state.parts, files: files))
        }
        body.overlays = record.overlays.map { index in
            let overlay = overlays[Int(index)]
            return (overlay.direction, partList(overlay.parts, files: files))
        }
        body.footer = record.footer.map { ($0.height, $0.transparent, partList($0.parts, files: files)) }
        body.actions = Array(actions[Int(record.actions.lowerBound)..<Int(record.actions.upperBound)])
        return body
    }

    func properties(_ range: Range<Int32>, of parameters: [Parameter], in file: SourceFile?) -> [Property] {
        properties.records[Int(range.lowerBound)..<Int(range.upperBound)].compactMap { stored in
            let parameter = parameters[Int(stored.parameter)]
            return properties.value(of: stored.value, parameter: parameter, in: file).map { Property(parameter.name, $0) }
        }
    }

    func partList(_ range: Range<Int32>, files: SourceFiles) -> [CheckedPart] {
        range.map { part(Int(partLists[Int($0)]), files: files) }
    }

    func part(_ index: Int, files: SourceFiles) -> CheckedPart {
        let record = parts[index]
        let spec = Catalog.nodes[Int(record.spec)]
        return CheckedPart(part: spec.name, properties: properties(record.properties, of: spec.parameters, in: files[FileID(record.file)]),
                           children: partList(record.children, files: files), span: record.span)
    }
}

/// A checked value as the store keeps it: nine bytes and no references. The text of literals
/// and names stays in the source file (`bits` holds its byte range) and becomes a `String` only
/// when a back end reads the card; the few values with parts of their own (lists, records,
/// sizes, fonts…) are kept whole in a side array.
@usableFromInline struct StoredValue: Sendable {
    @usableFromInline enum Kind: UInt8, Sendable {
        case int, double, bool
        /// `bits` packs the RGBA components.
        case color
        /// `bits` is an index in `Catalog.namedColors`.
        case namedColor
        /// `bits` is an index in the cases of the parameter's enumeration.
        case enumCase
        /// `bits` is a byte range of the file: a string literal's text between the quotes, or the
        /// token of a binding, a card state (`.name`) or an action method.
        case text, binding, state, method
        case pop
        /// The parameter's catalog default.
        case catalogDefault
        /// `bits` is an index in `StoredProperties.boxed`.
        case boxed
    }

    @usableFromInline var bits: UInt64
    @usableFromInline var kind: Kind

    init(_ kind: Kind, bits: UInt64 = 0) {
        self.kind = kind
        self.bits = bits
    }

    init(_ kind: Kind, range: Range<Int>) {
        self.init(kind, bits: UInt64(UInt32(truncatingIfNeeded: range.lowerBound)) | UInt64(UInt32(truncatingIfNeeded: range.upperBound)) << 32)
    }

    static func int(_ value: Int) -> StoredValue { StoredValue(.int, bits: UInt64(bitPattern: Int64(value))) }
    static func double(_ value: Double) -> StoredValue { StoredValue(.double, bits: value.bitPattern) }
    static func bool(_ value: Bool) -> StoredValue { StoredValue(.bool, bits: value ? 1 : 0) }
    static func color(_ c: ColorLiteral) -> StoredValue {
        StoredValue(.color, bits: UInt64(c.red) | UInt64(c.green) << 8 | UInt64(c.blue) << 16 | UInt64(c.alpha) << 24)
    }

    @inlinable var range: Range<Int> {
        let start = Int(UInt32(truncatingIfNeeded: bits)), end = Int(UInt32(truncatingIfNeeded: bits >> 32))
        return start..<max(start, end)
    }

    /// Whether the value is an action (for the card's action list).
    var isAction: Bool { kind == .method || kind == .pop }
}

/// Checked argument values: compact records, plus the side array of the values too rich for one.
@usableFromInline struct StoredProperties: Sendable {
    @usableFromInline var records: [StoredProperty] = []
    @usableFromInline var boxed: [Value] = []

    var count: Int { records.count }

    /// Stores a value the compact form does not cover.
    mutating func box(_ value: consuming Value) -> StoredValue {
        boxed.append(value)
        return StoredValue(.boxed, bits: UInt64(boxed.count - 1))
    }

    /// Removes the records from `start` and the boxed values from `boxedStart` on.
    mutating func removeAll(from start: Int, boxedFrom boxedStart: Int) {
        records.truncate(to: start)
        boxed.truncate(to: boxedStart)
    }

    /// The public form of a stored value checked against `parameter` (nil for a model default);
    /// `file` holds its text.
    func value(of stored: StoredValue, parameter: Parameter?, in file: SourceFile?) -> Value? {
        view(of: stored, checkedAgainst: parameter, file: file?.id)?.value(in: file)
    }
}

/// A property as the store keeps it: the value and which of its owner's parameters it is (the
/// name comes back from the catalog) — 16 bytes where a `Property` takes 56.
@usableFromInline struct StoredProperty: Sendable {
    @usableFromInline var value: StoredValue
    /// Index in the owning part's or trait's parameter list.
    @usableFromInline var parameter: UInt16
}

/// A card's parts, traits, model and actions in their public form.
struct CardBody: Sendable {
    var traits: [CheckedTrait] = []
    var model: [ModelField] = []
    var states: [CheckedState] = []
    var overlays: [(direction: SwipeDirection, parts: [CheckedPart])] = []
    var footer: (height: Double, transparent: Bool, parts: [CheckedPart])?
    var actions: [String] = []
    var extras = ModelStorage.CardExtras()
}

/// The deck's source files by `FileID`, whose bytes hold the text of stored values. An array:
/// ids are load indices, and a lookup per part, trait and field must not hash.
@usableFromInline struct SourceFiles: Sendable {
    @usableFromInline var byID: [SourceFile?] = []

    init(_ files: some Sequence<SourceFile>) {
        for file in files {
            let index = Int(file.id.rawValue)
            guard index >= 0 else { continue }
            if index >= byID.count { byID += repeatElement(nil, count: index - byID.count + 1) }
            byID[index] = file
        }
    }

    @inlinable subscript(id: FileID) -> SourceFile? {
        let index = Int(id.rawValue)
        return index >= 0 && index < byID.count ? byID[index] : nil
    }

    /// Whether the deck has file `id` (`self[id] != nil`, without retaining the file).
    @inlinable func contains(_ id: FileID) -> Bool {
        let index = Int(id.rawValue)
        return index >= 0 && index < byID.count && byID[index] != nil
    }
}

/// A deck's `ModelStorage`, frozen, with each card's public form (and, for a card of many
/// fields, its fields by name) cached once built. Reads may come from several threads (a
/// language server, the build's layout threads), hence the lock; the built values never change.
@usableFromInline final class ModelStore: @unchecked Sendable {
    @usableFromInline let storage: ModelStorage
    /// The deck's files, whose bytes hold the text of stored values.
    @usableFromInline let files: SourceFiles
    private let lock = Lock()
    private var bodies: [Int: CardBody] = [:]
    private var fieldTables: [Int: [String: Int]] = [:]

    init(_ storage: ModelStorage, files: SourceFiles) {
        self.storage = storage
        self.files = files
    }

    /// Card `card`'s model fields by name (`CardView.firstField(named:)`), made by `make` once.
    func fieldTable(ofCard card: Int, _ make: () -> [String: Int]) -> [String: Int] {
        lock.withLock {
            if let table = fieldTables[card] { return table }
            let table = make()
            fieldTables[card] = table
            return table
        }
    }

    func body(of card: Int) -> CardBody {
        lock.withLock {
            if let body = bodies[card] { return body }
            let body = storage.body(of: card, files: files)
            bodies[card] = body
            return body
        }
    }
}

/// Where a `CheckedCard` keeps its heavy fields: in the deck's store until someone assigns one.
enum CardContent: Sendable {
    case stored(ModelStore, Int)
    /// Boxed: a card holding a whole body inline would be three times as large.
    case built(CardBodyBox)

    /// A placeholder until the deck's store exists (one shared box).
    static let empty = CardContent.built(CardBodyBox(CardBody()))

    var body: CardBody {
        switch self {
        case .stored(let store, let index): store.body(of: index)
        case .built(let box): box.body
        }
    }

    /// Title, subtitle, position and swipe directions, without building the rest.
    var extras: ModelStorage.CardExtras {
        switch self {
        case .stored(let store, let index): store.storage.extras(of: index)
        case .built(let box): box.body.extras
        }
    }

    /// Replaces the stored form with a built copy, then changes it (value semantics: other
    /// copies of the card keep reading the store or the old box).
    mutating func update(_ change: (inout CardBody) -> Void) {
        var body = self.body
        change(&body)
        self = .built(CardBodyBox(body))
    }
}

/// An immutable card body on the heap.
final class CardBodyBox: Sendable {
    let body: CardBody
    init(_ body: CardBody) { self.body = body }
}

import CardDiagnostics
import CardSyntax

/// Every card's traits, model fields, states, parts and actions, in a handful of deck-wide
/// arrays: a part is a record pointing at ranges of `properties` and `partLists`, not three
/// heap objects of its own. The checker appends here; `CheckedCard` turns a card's ranges into
/// the public model (`CheckedState`, `CheckedPart`, …) the first time a back end reads them, so
/// `cardc check` — which reads almost none — never builds most of them.
///
/// Indices are `Int32` to halve the records: a deck has fewer than 2³¹ parts or properties long
/// before it reaches the lexer's 4 GB limit.
struct ModelStorage: Sendable {
    struct PartRecord: Sendable {
        /// Index in `Catalog.nodes`.
        var spec: Int32
        var properties: Range<Int32>
        /// Range of `partLists` holding the children.
        var children: Range<Int32>
        /// The span of the part's name, packed (offsets are 32-bit, as token offsets are).
        var file: Int32
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

    struct StateRecord: Sendable {
        var name: String
        var isBuiltIn: Bool
        var tap: Action?
        /// Range of `partLists`.
        var parts: Range<Int32>
    }

    struct TraitRecord: Sendable {
        /// Index in `Catalog.traits`.
        var trait: Int32
        var properties: Range<Int32>
        var span: SourceSpan
    }

    struct OverlayRecord: Sendable {
        var direction: SwipeDirection
        var parts: Range<Int32>
    }

    struct FooterRecord: Sendable {
        var height: Double
        var transparent: Bool
        var parts: Range<Int32>
    }

    /// What few cards set: title, subtitle, position, swipe directions.
    struct CardExtras: Sendable {
        var title: Value?
        var subtitle: Value?
        var position: String?
        /// nil: every direction.
        var swipeDirections: [SwipeDirection]?
    }

    struct CardRecord: Sendable {
        /// Index in `extras`, or -1 when the card sets none of them.
        var extras: Int32
        var traits: Range<Int32>
        var fields: Range<Int32>
        var states: Range<Int32>
        var overlays: Range<Int32>
        var footer: FooterRecord?
        var actions: Range<Int32>
    }

    var parts: [PartRecord] = []
    /// The properties of parts and traits, each one's contiguous and in catalog order.
    var properties: [StoredProperty] = []
    /// Part indices: children of parts, and the parts of states, overlays and footers.
    var partLists: [Int32] = []
    var states: [StateRecord] = []
    var traits: [TraitRecord] = []
    var fields: [ModelField] = []
    var overlays: [OverlayRecord] = []
    var actions: [String] = []
    var extras: [CardExtras] = []
    var cards: [CardRecord] = []

    /// Reserves room for the model of `trees`, estimated from how many nodes of each kind they
    /// hold, so the deck-wide arrays are allocated once instead of doubling (and copying) their
    /// way up. Over-estimates cost address space, not memory: untouched pages are never mapped.
    mutating func reserve(for trees: [SyntaxTree]) {
        var counts = [Int](repeating: 0, count: 256)
        for tree in trees {
            tree.nodes.kinds.withUnsafeBufferPointer { kinds in
                for kind in kinds { counts[Int(kind.rawValue)] += 1 }
            }
        }
        func count(_ kind: NodeKind) -> Int { counts[Int(kind.rawValue)] }
        let nodes = count(.node)
        cards.reserveCapacity(count(.cardDecl))
        parts.reserveCapacity(nodes)
        // Every labelled argument, plus a positional one per part or call.
        properties.reserveCapacity(count(.argument) + nodes + count(.call))
        partLists.reserveCapacity(nodes + nodes / 2)
        states.reserveCapacity(count(.stateDecl) + count(.cardDecl))
        traits.reserveCapacity(count(.call))
        fields.reserveCapacity(count(.property))
        actions.reserveCapacity(count(.reference))
    }

    /// The next index of an array, as stored in ranges.
    static func end<T>(_ array: [T]) -> Int32 { Int32(truncatingIfNeeded: array.count) }

    /// Appends part indices as one list and returns its range.
    mutating func appendPartList(_ list: ArraySlice<Int32>) -> Range<Int32> {
        let start = Self.end(partLists)
        partLists.append(contentsOf: list)
        return start..<Self.end(partLists)
    }

    // MARK: The public model, built on demand

    func extras(of card: Int) -> CardExtras {
        let index = Int(cards[card].extras)
        return index >= 0 ? extras[index] : CardExtras()
    }

    func body(of card: Int) -> CardBody {
        let record = cards[card]
        var body = CardBody()
        body.extras = extras(of: card)
        body.traits = record.traits.map { index in
            let trait = traits[Int(index)]
            let spec = Catalog.traits[Int(trait.trait)]
            return CheckedTrait(trait: spec.name, properties: properties(trait.properties, of: spec.parameters), span: trait.span)
        }
        body.model = Array(fields[Int(record.fields.lowerBound)..<Int(record.fields.upperBound)])
        body.states = record.states.map { index in
            let state = states[Int(index)]
            return CheckedState(name: state.name, isBuiltIn: state.isBuiltIn, tap: state.tap, parts: partList(state.parts))
        }
        body.overlays = record.overlays.map { index in
            let overlay = overlays[Int(index)]
            return (overlay.direction, partList(overlay.parts))
        }
        body.footer = record.footer.map { ($0.height, $0.transparent, partList($0.parts)) }
        body.actions = Array(actions[Int(record.actions.lowerBound)..<Int(record.actions.upperBound)])
        return body
    }

    func properties(_ range: Range<Int32>, of parameters: [Parameter]) -> [Property] {
        properties[Int(range.lowerBound)..<Int(range.upperBound)].map { Property(parameters[Int($0.parameter)].name, $0.value) }
    }

    func partList(_ range: Range<Int32>) -> [CheckedPart] {
        range.map { part(Int(partLists[Int($0)])) }
    }

    func part(_ index: Int) -> CheckedPart {
        let record = parts[index]
        let spec = Catalog.nodes[Int(record.spec)]
        return CheckedPart(part: spec.name, properties: properties(record.properties, of: spec.parameters),
                           children: partList(record.children), span: record.span)
    }
}

/// A property as the store keeps it: the value and which of its owner's parameters it is (the
/// name comes back from the catalog) — 40 bytes where a `Property` takes 56.
struct StoredProperty: Sendable {
    var value: Value
    /// Index in the owning part's or trait's parameter list.
    var parameter: UInt16
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

/// A deck's `ModelStorage`, frozen, with each card's public form cached once built. Reads may
/// come from several threads (a language server), hence the lock; the built values never change.
final class ModelStore: @unchecked Sendable {
    let storage: ModelStorage
    private let lock = Lock()
    private var bodies: [Int: CardBody] = [:]

    init(_ storage: ModelStorage) {
        self.storage = storage
    }

    func body(of card: Int) -> CardBody {
        lock.withLock {
            if let body = bodies[card] { return body }
            let body = storage.body(of: card)
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

import CardDiagnostics
import CardLayout
import CardSema
import CardSyntax

/// The layout JSON back end (`--emit json`, LANGUAGE.md §11.1): one `<name>.layout.json` per
/// input file, describing the file and its imports — resolved themes, every card with every
/// state laid out, every stack in every position. `Grammar/layout.schema.json` is the document's
/// JSON Schema.
///
/// Keys are written in one fixed order, numbers in one canonical form (integral values without
/// `.0`), strings escaped per RFC 8259, straight into a byte buffer (`JSONOutput`). Values:
/// colors `"#RRGGBB"`/`"#RRGGBBAA"`, sizes `{width, height}`, insets `{top, left, bottom, right}`,
/// fonts `{family, size, weight}`, bindings `{binding, type}`, enum cases and actions as strings
/// (`"title"`, `"currency(maxLength: 8)"`, `"push(Details)"`), lists as arrays, records as
/// objects. Pretty output puts small objects (frames, values, traits, model fields, stack frames)
/// on one line. The document is produced card by card and handed out in pieces
/// (`emit(_:options:toBuffer:)`), so a 20,000-card deck never has its layout or its ~80 MB document in
/// memory at once.
public struct LayoutJSONEmitter: Backend {
    public let name = "json"
    public let fileExtension = "layout.json"
    public let summary = "layout JSON: themes, cards with every state laid out, stacks in every position"
    /// Indent with two spaces, one member per line except for small inline objects (the default:
    /// the files are read in diffs); `false` writes compact JSON, about 40% smaller.
    public var pretty: Bool

    /// The `format` value.
    public static let format = "cardc-layout"
    /// The `version` value; bumped on any incompatible change of the document's shape.
    public static let version = 1

    /// With more than one worker (`BackendOptions.workers`), how many cards a thread lays out and
    /// writes at a time: a deck of fewer than two such chunks is written on the caller's thread.
    public var cardsPerChunk: Int
    /// The same for stacks, which are written once every card is laid out.
    public var stacksPerChunk: Int

    public init(pretty: Bool = true, cardsPerChunk: Int = 64, stacksPerChunk: Int = 32) {
        self.pretty = pretty
        self.cardsPerChunk = max(1, cardsPerChunk)
        self.stacksPerChunk = max(1, stacksPerChunk)
    }

    /// The size of the pieces handed to the sink.
    public static let pieceSize = 1 << 20

    /// Lays out and writes one card at a time, handing the sink a piece whenever about
    /// `pieceSize` bytes are ready, so neither the whole layout nor the whole document is held
    /// in memory. With several workers, the cards are laid out and written a chunk at a time
    /// on that many threads, and each chunk is one piece (see `WriterChunks`); so are the stacks.
    public func emit(_ deck: CheckedDeck, options: BackendOptions, toBuffer sink: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        var layouter = DeckLayouter(deck: deck, viewport: options.viewport)
        var writer = LayoutJSONWriter(out: JSONOutput(pretty: pretty, capacity: Self.pieceSize + 65_536))
        let workers = deck.cards.count >= 2 * cardsPerChunk || deck.stacks.count >= 2 * stacksPerChunk ? options.workers : 1
        try writer.document(deck, layouter: &layouter, pieceSize: Self.pieceSize, workers: workers,
                            cardsPerChunk: cardsPerChunk, stacksPerChunk: stacksPerChunk, sink: sink)
    }
}

/// The document's fixed keys, each encoded once per document. (Instance properties, not
/// `static let`s: a global is checked for initialization on every read, and keys are written
/// hundreds of thousands of times.)
struct LayoutKeys {
    let format = JSONKey("format"), version = JSONKey("version"), source = JSONKey("source")
    let viewport = JSONKey("viewport"), themes = JSONKey("themes"), cards = JSONKey("cards")
    let stacks = JSONKey("stacks"), name = JSONKey("name"), parent = JSONKey("parent")
    let builtIn = JSONKey("builtIn"), properties = JSONKey("properties"), file = JSONKey("file")
    let line = JSONKey("line"), column = JSONKey("column"), doc = JSONKey("doc")
    let initialState = JSONKey("initialState"), title = JSONKey("title"), subtitle = JSONKey("subtitle")
    let position = JSONKey("position"), swipe = JSONKey("swipe"), layout = JSONKey("layout")
    let stack = JSONKey("stack"), theme = JSONKey("theme"), width = JSONKey("width")
    let contentWidth = JSONKey("contentWidth"), padding = JSONKey("padding"), traits = JSONKey("traits")
    let trait = JSONKey("trait"), model = JSONKey("model"), type = JSONKey("type")
    let `default` = JSONKey("default"), twoWay = JSONKey("twoWay"), states = JSONKey("states")
    let tap = JSONKey("tap"), height = JSONKey("height"), parts = JSONKey("parts")
    let overlays = JSONKey("overlays"), direction = JSONKey("direction"), footer = JSONKey("footer")
    let transparent = JSONKey("transparent"), part = JSONKey("part"), frame = JSONKey("frame")
    let props = JSONKey("props"), children = JSONKey("children"), kind = JSONKey("kind")
    let config = JSONKey("config"), margins = JSONKey("margins"), positions = JSONKey("positions")
    let frames = JSONKey("frames"), card = JSONKey("card"), x = JSONKey("x"), y = JSONKey("y")
    let draggable = JSONKey("draggable"), transitions = JSONKey("transitions"), trigger = JSONKey("trigger")
    let from = JSONKey("from"), to = JSONKey("to"), top = JSONKey("top"), left = JSONKey("left")
    let bottom = JSONKey("bottom"), right = JSONKey("right"), binding = JSONKey("binding")
    let family = JSONKey("family"), size = JSONKey("size"), weight = JSONKey("weight")
}

/// Members and objects written so often that they are encoded once per document, in the
/// writer's style (`JSONFragment`, `JSONNumberObject`).
struct LayoutFragments {
    /// `"frame": {"x": …, "y": …, "width": …, "height": …}`.
    let frame: JSONNumberObject
    /// `{"top": …, "left": …, "bottom": …, "right": …}`.
    let insets: JSONNumberObject
    /// `{"width": …, "height": …}`.
    let size: JSONNumberObject
    /// `"children": []`.
    let noChildren: JSONFragment
    /// Each `SwipeDirection`'s name, quoted (apart: reading an array's element here retains and
    /// releases the array).
    let left, right, up, down: JSONFragment
    /// The names of the types without parts, quoted, in `typeName(_:)`'s order.
    let typeNames: [JSONFragment]

    init(pretty: Bool) {
        // Short literal keys: every encoding fits its fragments.
        frame = JSONNumberObject(key: "frame", members: ["x", "y", "width", "height"], pretty: pretty)!
        insets = JSONNumberObject(members: ["top", "left", "bottom", "right"], pretty: pretty)!
        size = JSONNumberObject(members: ["width", "height"], pretty: pretty)!
        var out = JSONOutput(pretty: pretty)
        out.beginObject(inline: true)
        out.writeKey("children")
        out.beginArray()
        out.endArray()
        out.endObject()
        noChildren = JSONFragment(Array(out.bytes.dropFirst().dropLast()))!  // the braces
        func quoted(_ name: String) -> JSONFragment {
            var out = JSONOutput(pretty: pretty)
            out.write(name)
            return JSONFragment(out.bytes)!  // short names
        }
        (left, right, up, down) = (quoted(SwipeDirection.left.rawValue), quoted(SwipeDirection.right.rawValue),
                                   quoted(SwipeDirection.up.rawValue), quoted(SwipeDirection.down.rawValue))
        let types: [ValueType] = [.string, .int, .double, .bool, .color, .size, .insets, .font, .cardState, .action,
                                  .cardRef, .themeRef, .openRecord]
        typeNames = types.map { quoted($0.description) }
    }

    /// The name of `type`, quoted, when it is a type without parts (not a list, record or
    /// enumeration).
    func typeName(_ type: ValueType) -> JSONFragment? {
        switch type {
        case .string: typeNames[0]
        case .int: typeNames[1]
        case .double: typeNames[2]
        case .bool: typeNames[3]
        case .color: typeNames[4]
        case .size: typeNames[5]
        case .insets: typeNames[6]
        case .font: typeNames[7]
        case .cardState: typeNames[8]
        case .action: typeNames[9]
        case .cardRef: typeNames[10]
        case .themeRef: typeNames[11]
        case .openRecord: typeNames[12]
        case .list, .record, .enumeration: nil
        }
    }

    /// `direction`'s name, quoted.
    func direction(_ direction: SwipeDirection) -> JSONFragment {
        switch direction {
        case .left: left
        case .right: right
        case .up: up
        case .down: down
        }
    }
}

/// A member encoded once by `PartEncodings`: in place when it fits a fragment (most do, and are
/// written with four stores), else as a range of the bytes `PartEncodings` owns.
enum EncodedMember {
    case short(JSONFragment)
    case long(Range<Int>)
}

/// Every catalog part's name and parameters, encoded once per document for `part` and `props`:
/// the `"part": "name"` member, each parameter's key, and its default as a whole member
/// (`"style": "normal"`) when the catalog has one that is written. Flat arrays indexed by
/// `PartTable` number and a buffer owned here, so the per-part lookups retain nothing.
struct PartEncodings: ~Copyable {
    /// The encoded members too long for a fragment, back to back.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    /// Per part number: its `part` member.
    let partMembers: [EncodedMember]
    /// Per part number `n`: its parameters are `parameterStart[n]..<parameterStart[n + 1]` of the
    /// arrays below, in catalog order.
    let parameterStart: [Int]
    let parameterNames: [String]
    /// Nil for a name too long for a `JSONKey` (it is written from `parameterNames` instead).
    let keys: [JSONKey?]
    /// The default's member, when it is written.
    let defaults: [EncodedMember?]
    /// Where `defaults` has a member: it and the members of the defaults after it, in one piece,
    /// for a part whose parameters left are all defaulted (most parts' last few).
    let defaultRuns: [EncodedMember?]
    /// Per part number: which of its first 64 parameters have a default that is written (bit `p`
    /// for parameter `p`).
    let defaultBits: [UInt64]
    /// Per parameter: the `"type": …` member of a binding to it.
    let bindingTypes: [EncodedMember]
    /// Per parameter: the text of its member holding a binding before and after the binding's
    /// name (`"text": {"binding": ` and `, "type": "String"}`), as ranges of `bytes`.
    let bindingHeads: [Range<Int>]
    let bindingTails: [Range<Int>]
    /// Parameter `i`'s enumeration cases, each as a whole member (`"style": "detail"`), are
    /// `caseMembers[caseStart[i]..<caseStart[i + 1]]`.
    let caseStart: [Int]
    let caseMembers: [EncodedMember]
    /// Per index in `Catalog.traits`: its `trait` member.
    let traitMembers: [EncodedMember]
    /// Per trait index `t`: its parameters' keys are `traitKeys[traitParameterStart[t]..<traitParameterStart[t + 1]]`,
    /// in catalog order, nil for a name too long for a `JSONKey`.
    let traitParameterStart: [Int]
    let traitKeys: [JSONKey?]

    /// No encodings (every part is written as if the catalog did not know it).
    init() {
        bytes = .allocate(capacity: 1)
        partMembers = []
        parameterStart = []
        parameterNames = []
        keys = []
        defaults = []
        defaultRuns = []
        defaultBits = []
        bindingTypes = []
        bindingHeads = []
        bindingTails = []
        caseStart = []
        caseMembers = []
        traitMembers = []
        traitParameterStart = []
        traitKeys = []
    }

    /// The encodings for a writer of the given style.
    init(pretty: Bool) {
        var bytes: [UInt8] = []
        func stored(_ member: [UInt8]) -> EncodedMember {
            if let fragment = JSONFragment(member) { return .short(fragment) }
            bytes += member
            return .long((bytes.count - member.count)..<bytes.count)
        }
        var partMembers: [EncodedMember] = [], parameterStart: [Int] = [], parameterNames: [String] = []
        var keys: [JSONKey?] = [], defaults: [EncodedMember?] = [], defaultRuns: [EncodedMember?] = []
        var defaultBits: [UInt64] = [], bindingTypes: [EncodedMember] = []
        var bindingHeads: [Range<Int>] = [], bindingTails: [Range<Int>] = []
        var caseStart = [0], caseMembers: [EncodedMember] = []
        var writer = LayoutJSONWriter(out: JSONOutput(pretty: pretty), encodeParts: false)  // one for all members
        for spec in PartTable.specs {
            partMembers.append(stored(writer.encodedMember { $0.out.writeKey($0.keys.part); $0.out.write(spec.name) }))
            parameterStart.append(parameterNames.count)
            var bits: UInt64 = 0
            var written: [(name: String, value: CatalogValue)?] = []
            for (position, parameter) in spec.parameters.enumerated() {
                parameterNames.append(parameter.name)
                keys.append(JSONKey(name: parameter.name))
                bindingTypes.append(stored(writer.encodedMember { $0.out.writeKey($0.keys.type); $0.typeName(parameter.type) }))
                var name = 0..<0  // where the binding's name, empty, is in the member
                let member = writer.encodedMember {
                    $0.out.writeKey(parameter.name)
                    $0.out.beginObject(inline: true)
                    $0.out.writeKey($0.keys.binding)
                    let start = $0.out.count
                    $0.out.write("")
                    name = (start - 1)..<($0.out.count - 1)  // `encodedMember` drops the opening brace
                    $0.out.writeKey($0.keys.type)
                    $0.typeName(parameter.type)
                    $0.out.endObject()
                }
                bindingHeads.append(bytes.count..<(bytes.count + name.lowerBound))
                bindingTails.append((bytes.count + name.lowerBound)..<(bytes.count + member.count - name.count))
                bytes += member[..<name.lowerBound] + member[name.upperBound...]
                for name in parameter.type.enumType?.cases.map(\.name) ?? [] {
                    caseMembers.append(stored(writer.encodedMember { $0.out.writeKey(parameter.name); $0.out.write(name) }))
                }
                caseStart.append(caseMembers.count)
                if let value = parameter.defaultValue, LayoutJSONWriter.isWritable(value) {
                    defaults.append(stored(writer.encodedMember { $0.out.writeKey(parameter.name); $0.catalogValue(value) }))
                    written.append((parameter.name, value))
                    if position < UInt64.bitWidth { bits |= 1 << UInt64(position) }
                } else {
                    defaults.append(nil)
                    written.append(nil)
                }
            }
            for position in written.indices {
                guard written[position] != nil else {
                    defaultRuns.append(nil)
                    continue
                }
                defaultRuns.append(stored(writer.encodedMember {
                    for case let (name, value)? in written[position...] {
                        $0.out.writeKey(name)
                        $0.catalogValue(value)
                    }
                }))
            }
            defaultBits.append(bits)
        }
        parameterStart.append(parameterNames.count)
        var traitMembers: [EncodedMember] = [], traitParameterStart: [Int] = [], traitKeys: [JSONKey?] = []
        for trait in Catalog.traits {
            traitMembers.append(stored(writer.encodedMember { $0.out.writeKey($0.keys.trait); $0.out.write(trait.name) }))
            traitParameterStart.append(traitKeys.count)
            traitKeys += trait.parameters.map { JSONKey(name: $0.name) }
        }
        traitParameterStart.append(traitKeys.count)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
        _ = buffer.initialize(from: bytes)
        self.bytes = buffer
        self.partMembers = partMembers
        self.parameterStart = parameterStart
        self.parameterNames = parameterNames
        self.keys = keys
        self.defaults = defaults
        self.defaultRuns = defaultRuns
        self.defaultBits = defaultBits
        self.bindingTypes = bindingTypes
        self.bindingHeads = bindingHeads
        self.bindingTails = bindingTails
        self.caseStart = caseStart
        self.caseMembers = caseMembers
        self.traitMembers = traitMembers
        self.traitParameterStart = traitParameterStart
        self.traitKeys = traitKeys
    }

    /// Case `index` of parameter `parameter`'s enumeration as a whole member, if it has one.
    @inline(__always) func caseMember(_ index: Int, ofParameter parameter: Int) -> EncodedMember? {
        let first = caseStart[parameter]
        return index >= 0 && index < caseStart[parameter &+ 1] &- first ? caseMembers[first &+ index] : nil
    }

    /// The key of parameter `position` of trait `trait` (an index in `Catalog.traits`), when it
    /// has one encoded.
    func traitKey(_ trait: Int, position: Int) -> JSONKey? {
        guard trait + 1 < traitParameterStart.count, position >= 0,
              traitParameterStart[trait] + position < traitParameterStart[trait + 1] else { return nil }
        return traitKeys[traitParameterStart[trait] + position]
    }

    deinit { bytes.deallocate() }

    /// The encoded bytes in `range`.
    func encoded(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[range])
    }
}

/// What the layout object of a card is made of (`LayoutJSONWriter.layoutObject`), the numbers
/// first: comparing them is cheaper, and they mostly tell two cards apart.
struct CardLayoutKey {
    var width, contentWidth, top, left, bottom, right: Double
    var theme: String
    var stack: String?

    /// Whether `layout` is made of the same, compared where it lies (making a key of it to compare
    /// copies and releases its strings).
    func matches(_ layout: CardFrames) -> Bool {
        width == layout.context.width && contentWidth == layout.contentWidth && top == layout.padding.top
            && left == layout.padding.left && bottom == layout.padding.bottom && right == layout.padding.right
            && theme == layout.context.theme && stack == layout.context.stack
    }

    init(_ layout: CardFrames) {
        width = layout.context.width
        contentWidth = layout.contentWidth
        top = layout.padding.top
        left = layout.padding.left
        bottom = layout.padding.bottom
        right = layout.padding.right
        theme = layout.context.theme
        stack = layout.context.stack
    }
}

/// Values written lately with their encodings, for values written again and again that are cheaper
/// to compare than to encode: a few, compared one by one, the oldest replaced first.
struct RecentEncodings<Value> {
    private var values: [Value] = []
    private var encodings: [[UInt8]] = []
    private var next = 0
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The position of the first value remembered that satisfies `predicate`.
    func firstIndex(where predicate: (Value) -> Bool) -> Int? {
        for index in values.indices where predicate(values[index]) { return index }
        return nil
    }

    func withEncoding<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        encodings[index].withUnsafeBufferPointer(body)
    }

    /// Remembers `value`, encoded as `encoding`, in place of the oldest when full.
    mutating func insert(_ value: Value, encoding: [UInt8]) {
        if values.count < capacity {
            values.append(value)
            encodings.append(encoding)
        } else {
            values[next] = value
            encodings[next] = encoding
            next = (next + 1) % capacity
        }
    }
}

/// The `frame` members written before (`"frame": {"x": 0, …}`), by the bits of their numbers, in a
/// direct-mapped table of fixed size: the parts of cards of one kind repeat their frames from
/// card to card, and finding one costs a fraction of writing it. A frame whose slot is taken
/// replaces the one there; one whose member is too long for a slot is written anew each time.
struct RecentFrames: ~Copyable {
    typealias Key = (UInt64, UInt64, UInt64, UInt64)
    static let slotCount = 1024
    /// The room for a member in a slot.
    static let slotSize = 64

    private let keys: UnsafeMutablePointer<Key>
    /// Per slot, the length of its member; 0 for an empty slot.
    private let counts: UnsafeMutablePointer<Int>
    private let members: UnsafeMutablePointer<UInt8>

    init() {
        keys = .allocate(capacity: Self.slotCount)
        keys.initialize(repeating: (0, 0, 0, 0), count: Self.slotCount)
        counts = .allocate(capacity: Self.slotCount)
        counts.initialize(repeating: 0, count: Self.slotCount)
        members = .allocate(capacity: Self.slotCount * Self.slotSize)
    }

    deinit {
        keys.deallocate()
        counts.deallocate()
        members.deallocate()
    }

    static func key(_ frame: Frame) -> Key {
        (frame.x.bitPattern, frame.y.bitPattern, frame.width.bitPattern, frame.height.bitPattern)
    }

    /// The slot of `key`: its words mixed, the top bits of a multiplicative hash.
    static func slot(_ key: Key) -> Int {
        var mixed = key.0 &+ key.1 &* 3 &+ key.2 &* 5 &+ key.3 &* 7
        mixed ^= mixed >> 29
        return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> 54)  // 10 bits: `slotCount`
    }

    /// The member remembered for `key` in `slot`, if any.
    func member(_ key: Key, in slot: Int) -> UnsafeBufferPointer<UInt8>? {
        let count = counts[slot]
        let known = keys[slot]
        guard count > 0, known.0 == key.0, known.1 == key.1, known.2 == key.2, known.3 == key.3 else { return nil }
        return UnsafeBufferPointer(start: members + slot &* Self.slotSize, count: count)
    }

    /// Remembers `member` for `key` in `slot`, when it fits.
    func remember(_ member: UnsafeBufferPointer<UInt8>, for key: Key, in slot: Int) {
        guard let source = member.baseAddress, member.count <= Self.slotSize else { return }
        keys[slot] = key
        counts[slot] = member.count
        (members + slot &* Self.slotSize).update(from: source, count: member.count)
    }
}

/// Writes the document's pieces in their fixed key order.
struct LayoutJSONWriter: ~Copyable {
    var out: JSONOutput
    let keys = LayoutKeys()
    let fragments: LayoutFragments
    /// The layout objects written lately (`layoutObject`).
    var recentLayouts = RecentEncodings<CardLayoutKey>(capacity: 8)
    /// The frames written before (`frame`).
    let recentFrames = RecentFrames()
    /// Empty only in the writer that encodes values for `PartEncodings` itself.
    let encodings: PartEncodings

    init(out: consuming JSONOutput, encodeParts: Bool = true) {
        fragments = LayoutFragments(pretty: out.isPretty)
        encodings = encodeParts ? PartEncodings(pretty: out.isPretty) : PartEncodings()
        self.out = out
    }

    @inline(__always) mutating func field(_ key: JSONKey, _ value: String) { out.writeKey(key); out.write(value) }
    @inline(__always) mutating func field(_ key: JSONKey, _ value: Int) { out.writeKey(key); out.write(value) }
    @inline(__always) mutating func field(_ key: JSONKey, _ value: Double) { out.writeKey(key); out.write(value) }
    @inline(__always) mutating func field(_ key: JSONKey, _ value: Bool) { out.writeKey(key); out.write(value) }

    /// Hands the bytes written so far to `sink` once there are at least `pieceSize` of them
    /// (always at a token boundary: callers flush between cards and stacks).
    mutating func flush(atLeast pieceSize: Int, to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        guard out.count >= pieceSize, out.count > 0 else { return }
        try out.withBytes(sink)
        out.removeAll()
    }

    mutating func document(_ deck: CheckedDeck, layouter: inout DeckLayouter, pieceSize: Int, workers: Int = 1,
                           cardsPerChunk: Int = 64, stacksPerChunk: Int = 32,
                           sink: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        out.beginObject()
        field(keys.format, LayoutJSONEmitter.format)
        field(keys.version, LayoutJSONEmitter.version)
        field(keys.source, deck.entry.path)
        out.writeKey(keys.viewport)
        out.write(fragments.size, layouter.viewport.width, layouter.viewport.height)

        out.writeKey(keys.themes)
        out.beginArray()
        for theme in deck.themes { self.theme(theme) }
        out.endArray()

        // Index loops: copying a `CheckedCard` retains every reference in it.
        out.writeKey(keys.cards)
        out.beginArray()
        if workers > 1 && deck.cards.count >= 2 * cardsPerChunk {
            try flush(atLeast: 1, to: sink)
            let cardsOpen = out.mark
            let shared = layouter.shared
            let laidOut = try inChunks(deck.cards.count, perChunk: cardsPerChunk, workers: workers, after: cardsOpen,
                                       layouter: &layouter, helperLayouter: { DeckLayouter(sharing: shared) },
                                       write: { writer, range, layouter, frames in
                                           deck.cards.withUnsafeBufferPointer { writer.cards(range, of: $0, layouter: &layouter, frames: &frames) }
                                       }, sink: sink)
            for cards in laidOut { layouter.adopt(cards) }
            out.resume(at: cardsOpen, hasMember: !deck.cards.isEmpty)
        } else {
            var frames = CardFrames()  // one set of buffers, reused by every card
            try deck.cards.withUnsafeBufferPointer { cards in  // read in place (see `parts`)
                for index in cards.indices {
                    self.cards(index..<(index + 1), of: cards, layouter: &layouter, frames: &frames)
                    try flush(atLeast: pieceSize, to: sink)
                }
            }
        }
        out.endArray()

        out.writeKey(keys.stacks)
        out.beginArray()
        if workers > 1 && deck.stacks.count >= 2 * stacksPerChunk {
            // Every card is laid out by now: each helper's layouter starts from what they all
            // laid out (the caller's has adopted the helpers'; shared, not copied), so none lays
            // a card out again.
            try flush(atLeast: 1, to: sink)
            let stacksOpen = out.mark
            let shared = layouter.shared, laidOut = layouter.laidOutCards
            _ = try inChunks(deck.stacks.count, perChunk: stacksPerChunk, workers: workers, after: stacksOpen, layouter: &layouter,
                             helperLayouter: { DeckLayouter(sharing: shared, laidOut: laidOut) },
                             write: { writer, range, layouter, _ in
                                 for index in range { writer.stack(deck.stacks[index], layouter.layout(deck.stacks[index])) }
                             }, sink: sink)
            out.resume(at: stacksOpen, hasMember: true)
        } else {
            for index in deck.stacks.indices {
                stack(deck.stacks[index], layouter.layout(deck.stacks[index]))
                try flush(atLeast: pieceSize, to: sink)
            }
        }
        out.endArray()
        out.endObject()
        out.appendNewline()
        try flush(atLeast: 1, to: sink)
    }

    /// Lays out and writes `range` of `cards`, the deck's cards.
    @inline(__always)
    mutating func cards(_ range: Range<Int>, of cards: UnsafeBufferPointer<CheckedCard>, layouter: inout DeckLayouter,
                        frames: inout CardFrames) {
        for index in range {
            // One copy: each computed property read from the array would copy the card.
            let card = cards[index]
            let view = CardView(card)  // made once, for the layout and the writing
            layouter.layoutInPrimaryContext(view, cardAt: index, into: &frames)
            self.card(card, view, frames)
        }
    }

    /// Items `0..<count` of an array of the document — cards or stacks — written by `write` a
    /// chunk of `perChunk` at a time on `workers` threads (the caller's and helpers), each with a
    /// writer and a layouter of its own (a helper's from `helperLayouter`), and handed to `sink`
    /// in order by the caller. `open`: this writer's state inside the array, before its first
    /// item, from which every chunk's writer continues. Returns what the helpers' layouters laid
    /// out, for the caller's to adopt.
    mutating func inChunks(_ count: Int, perChunk: Int, workers: Int, after open: JSONOutput.Mark,
                           layouter: inout DeckLayouter, helperLayouter: @escaping @Sendable () -> DeckLayouter,
                           write: @escaping @Sendable (inout LayoutJSONWriter, Range<Int>, inout DeckLayouter, inout CardFrames) -> Void,
                           sink: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows -> [DeckLayouter.LaidOutCards] {
        let chunks = WriterChunks(itemCount: count, itemsPerChunk: perChunk, workers: workers)
        let pretty = out.isPretty
        return try Threads.run(helpers: workers - 1, { helper in
            // A helper: everything it mutates is its own; the deck is read only.
            var layouter = helperLayouter()
            var writer = LayoutJSONWriter(out: JSONOutput(pretty: pretty))
            var frames = CardFrames()
            while let (chunk, buffer) = chunks.claim(by: helper + 1) {
                writer.out.resume(at: open, hasMember: chunk > 0)
                write(&writer, chunks.items(ofChunk: chunk), &layouter, &frames)
                writer.out.exchangeBytes(with: buffer)
                chunks.deliver(chunk, buffer)
            }
            return layouter.laidOutCards
        }, while: {
            // The caller: passes the chunks on in order, and writes chunks itself while it waits.
            defer { chunks.cancel() }  // on an error, the helpers stop; after the last chunk, nothing is left
            var frames = CardFrames()
            var next = 0
            while let step = chunks.step(passingOn: next) {
                switch step {
                case .passOn(let buffer):
                    try sink(buffer.bytes)
                    chunks.recycle(buffer, ofChunk: next)
                    next += 1
                case .write(let chunk, let buffer):
                    out.resume(at: open, hasMember: chunk > 0)
                    write(&self, chunks.items(ofChunk: chunk), &layouter, &frames)
                    out.exchangeBytes(with: buffer)
                    chunks.deliver(chunk, buffer)
                }
            }
        })
    }

    // MARK: Themes

    mutating func theme(_ theme: ResolvedTheme) {
        out.beginObject()
        field(keys.name, theme.name)
        out.writeKey(keys.parent)
        optionalString(theme.parent)
        field(keys.builtIn, theme.isBuiltIn)
        out.writeKey(keys.properties)
        properties(theme.properties)
        out.endObject()
    }

    // MARK: Cards

    /// `card`, read through `view`, laid out as `layout`.
    mutating func card(_ card: borrowing CheckedCard, _ view: CardView, _ layout: CardFrames) {
        out.beginObject()
        field(keys.name, card.name)
        out.writeKey(keys.source)
        out.beginObject(inline: true)
        field(keys.file, card.file)
        field(keys.line, card.location.line)
        field(keys.column, card.location.column)
        out.endObject()
        out.writeKey(keys.doc)
        optionalString(card.documentation)
        field(keys.initialState, card.initialState)
        let header = card.headerFields
        out.writeKey(keys.title)
        optionalValue(header.title)
        out.writeKey(keys.subtitle)
        optionalValue(header.subtitle)
        out.writeKey(keys.position)
        optionalString(header.position)
        out.writeKey(keys.swipe)
        out.beginArray(inline: true)
        for direction in header.swipeDirections { out.writeEncoded(fragments.direction(direction)) }
        out.endArray()

        out.writeKey(keys.layout)
        layoutObject(layout)

        out.writeKey(keys.traits)
        traits(of: view)
        out.writeKey(keys.model)
        model(of: view)

        out.writeKey(keys.states)
        out.beginArray()
        for state in layout.states.indices where state < view.stateCount {
            let group = layout.states[state]
            out.beginObject()
            field(keys.name, view.stateName(state))
            out.writeKey(keys.tap)
            optionalAction(view.stateTap(state))
            field(keys.height, group.height)
            out.writeKey(keys.parts)
            parts(view.stateParts(state), of: view, layout, group.nodes)
            out.endObject()
        }
        out.endArray()

        out.writeKey(keys.overlays)
        out.beginArray()
        for overlay in layout.overlays.indices where overlay < view.overlayCount {
            let group = layout.overlays[overlay]
            out.beginObject()
            field(keys.direction, view.overlayDirection(overlay).rawValue)
            field(keys.height, group.height)
            out.writeKey(keys.parts)
            parts(view.overlayParts(overlay), of: view, layout, group.nodes)
            out.endObject()
        }
        out.endArray()

        out.writeKey(keys.footer)
        if let group = layout.footer, let footer = view.footer {
            out.beginObject()
            field(keys.height, group.height)
            field(keys.transparent, footer.transparent)
            out.writeKey(keys.parts)
            parts(footer.parts, of: view, layout, group.nodes)
            out.endObject()
        } else {
            out.writeNull()
        }
        out.endObject()
    }

    // (The card's traits and model in functions of their own: in `card`, too large for the
    // compiler to inline the view's reads, each value read came back through memory and was
    // destroyed through a generic call.)

    /// The traits of `view`, a stored trait's name and parameter keys as encoded once
    /// (`PartEncodings`).
    mutating func traits(of view: CardView) {
        out.beginArray()
        for trait in 0..<view.traitCount {
            out.beginObject(inline: true)
            let catalogIndex = view.catalogIndex(ofTrait: trait).flatMap { $0 < encodings.traitMembers.count ? $0 : nil }
            if let catalogIndex {
                write(encodings.traitMembers[catalogIndex])
            } else {
                field(keys.trait, view.traitName(trait))
            }
            let arguments = view.traitArguments(trait)
            for argument in arguments.indices {
                // Numbers, text and colors (most) without a `ValueView`.
                let scalar = view.scalar(ofArgument: argument, in: arguments)
                switch scalar {
                case .int, .double, .bool, .text, .color:
                    writeTraitKey(argument, of: view, arguments, trait: catalogIndex)
                    plain(scalar, of: view)
                case .binding, .enumCase, .other:
                    guard let value = view.value(ofArgument: argument, in: arguments) else { continue }
                    writeTraitKey(argument, of: view, arguments, trait: catalogIndex)
                    self.value(value, of: view)
                }
            }
            out.endObject()
        }
        out.endArray()
    }

    /// The key of trait argument `argument` of `view`, encoded once for a trait of the catalog
    /// (its index in `Catalog.traits`).
    @inline(__always)
    mutating func writeTraitKey(_ argument: Int, of view: CardView, _ arguments: Arguments, trait catalogIndex: Int?) {
        if let catalogIndex, let position = view.parameterPosition(ofArgument: argument),
           let key = encodings.traitKey(catalogIndex, position: position) {
            out.writeKey(key)
        } else {
            out.writeKey(view.name(ofArgument: argument, in: arguments))
        }
    }

    /// The model fields of `view`.
    mutating func model(of view: CardView) {
        out.beginArray()
        for field in 0..<view.fieldCount {
            out.beginObject(inline: true)
            self.field(keys.name, view.fieldName(field))
            out.writeKey(keys.type)
            typeName(view.fieldType(field))
            out.writeKey(keys.default)
            // Numbers, text and colors (most) without a `ValueView`.
            switch view.fieldDefaultScalar(field) {
            case .binding, .enumCase, .other:
                if let value = view.fieldDefault(field) { self.value(value, of: view) } else { out.writeNull() }
            case let scalar: plain(scalar, of: view)
            }
            self.field(keys.twoWay, view.fieldIsTwoWay(field))
            out.endObject()
        }
        out.endArray()
    }

    /// `"stack", "theme", "width", "contentWidth", "padding"` of a card laid out as `layout`: as
    /// for a card written lately (cards of a stack mostly follow one another), else written anew
    /// and remembered.
    mutating func layoutObject(_ layout: CardFrames) {
        if let known = recentLayouts.firstIndex(where: { $0.matches(layout) }) {
            recentLayouts.withEncoding(at: known) { out.writeEncoded($0) }
            return
        }
        out.beginObject(inline: true)  // an inline value: its bytes do not depend on where it is
        let start = out.count
        out.writeKey(keys.stack)
        optionalString(layout.context.stack)
        field(keys.theme, layout.context.theme)
        field(keys.width, layout.context.width)
        field(keys.contentWidth, layout.contentWidth)
        out.writeKey(keys.padding)
        insets(layout.padding)
        out.endObject()
        recentLayouts.insert(CardLayoutKey(layout), encoding: out.withBytes { [UInt8(ascii: "{")] + $0[start...] })
    }

    /// The laid-out parts of `range` (see `CardFrames.tree`, which this walks the same way):
    /// `parts` of `card` are the parts of the range's top-level nodes.
    mutating func parts(_ parts: PartList, of card: CardView, _ layout: CardFrames, _ range: Range<Int>) {
        out.beginArray()
        var index = range.lowerBound
        while index < range.upperBound && index < layout.nodes.count {
            let node = layout.nodes[index]
            if node.template < parts.count { part(card.part(node.template, of: parts), of: card, node, layout, index) }
            index = max(node.end, index + 1)
        }
        out.endArray()
    }

    /// `part` of `card`, laid out as node `index`.
    mutating func part(_ part: Int, of card: CardView, _ node: LayoutNode, _ layout: CardFrames, _ index: Int) {
        out.beginObject()
        if let number = node.number, number < encodings.partMembers.count {
            write(encodings.partMembers[number])
        } else {
            out.writeKey(keys.part)
            out.write(card.name(ofPart: part))
        }
        frame(node.frame)
        out.writeKey(keys.props)
        props(card.arguments(ofPart: part), of: card, number: node.number, matched: node.parameters)
        if node.end > index + 1 {
            out.writeKey(keys.children)
            parts(card.children(ofPart: part), of: card, layout, (index + 1)..<node.end)
        } else {
            out.writeEncoded(fragments.noChildren)
        }
        out.endObject()
    }

    /// The `frame` member of a part: as written before, else written and remembered.
    @inline(__always) mutating func frame(_ frame: Frame) {
        let key = RecentFrames.key(frame)
        let slot = RecentFrames.slot(key)
        if let member = recentFrames.member(key, in: slot) { return out.writeEncoded(member) }
        let start = out.write(fragments.frame, frame.x, frame.y, frame.width, frame.height)
        out.withBytes { recentFrames.remember(UnsafeBufferPointer(rebasing: $0[start...]), for: key, in: slot) }
    }

    // MARK: Stacks

    mutating func stack(_ stack: CheckedStack, _ layout: LaidOutStack) {
        let kind = Catalog.stackKind(named: stack.kind)
        out.beginObject()
        field(keys.name, stack.name)
        field(keys.kind, stack.kind)
        field(keys.theme, stack.theme)
        out.writeKey(keys.doc)
        optionalString(stack.documentation)
        out.writeKey(keys.config)
        properties(stack.configuration)

        // Body properties in catalog order, `margins` filled in from the theme for lists.
        out.writeKey(keys.properties)
        out.beginObject()
        for parameter in kind?.bodyProperties ?? [] where parameter.type != .themeRef {
            if let property = stack.properties.first(where: { $0.name == parameter.name }) {
                out.writeKey(property.name)
                value(property.value)
            } else if parameter.name == "margins", let margins = layout.margins {
                out.writeKey(keys.margins)
                insets(margins)
            }
        }
        out.endObject()

        out.writeKey(keys.cards)
        out.beginArray(inline: true)
        for card in stack.cards { out.write(card) }
        out.endArray()

        out.writeKey(keys.positions)
        out.beginObject()
        for position in layout.positions {
            out.writeKey(position.name)
            out.beginObject()
            field(keys.height, position.height)
            out.writeKey(keys.frames)
            out.beginArray()
            for frame in position.frames {
                out.beginObject(inline: true)
                field(keys.card, frame.card)
                field(keys.x, frame.frame.x)
                field(keys.y, frame.frame.y)
                field(keys.width, frame.frame.width)
                field(keys.height, frame.frame.height)
                if let draggable = frame.draggable { field(keys.draggable, draggable) }
                out.endObject()
            }
            out.endArray()
            out.endObject()
        }
        if stack.kind == "sheet" {
            out.writeKey(keys.transitions)
            out.beginArray()
            for transition in layout.transitions {
                out.beginObject(inline: true)
                field(keys.trigger, transition.trigger)
                field(keys.from, transition.from.rawValue)
                field(keys.to, transition.to.rawValue)
                out.endObject()
            }
            out.endArray()
        }
        out.endObject()
        out.endObject()
    }

    // MARK: Values

    mutating func insets(_ insets: EdgeInsets) {
        out.write(fragments.insets, insets.top, insets.left, insets.bottom, insets.right)
    }

    mutating func properties(_ properties: [Property], inline: Bool = false) {
        out.beginObject(inline: inline)
        for property in properties {
            out.writeKey(property.name)
            value(property.value)
        }
        out.endObject()
    }

    /// A part's arguments in catalog order: the author's value, else the catalog default
    /// (encoded once, `PartEncodings`). `matched` is the node's `parameters`: which parameters
    /// have an argument, the arguments being in their order; without it, each parameter's
    /// argument is found by name.
    mutating func props(_ arguments: Arguments, of card: CardView, number: Int?, matched: UInt64?) {
        out.beginObject(inline: true)
        if let number, number + 1 < encodings.parameterStart.count {
            let parameters = encodings.parameterStart[number]..<encodings.parameterStart[number + 1]
            if let matched, parameters.count <= UInt64.bitWidth {
                propsInCatalogOrder(arguments, of: card, parameters, matched, defaults: encodings.defaultBits[number])
            } else {
                propsInAnyOrder(arguments, of: card, parameters)
            }
        } else {
            for argument in arguments.indices {
                guard let value = card.value(ofArgument: argument, in: arguments) else { continue }
                out.writeKey(card.name(ofArgument: argument, in: arguments))
                self.value(value, of: card)
            }
        }
        out.endObject()
    }

    /// Each parameter's argument, else its default, for arguments matched with `parameters` by
    /// position (`LayoutNode.parameters`). `defaults`: `PartEncodings.defaultBits` of the part;
    /// only the parameters with an argument or a default are visited.
    mutating func propsInCatalogOrder(_ arguments: Arguments, of card: CardView, _ parameters: Range<Int>, _ matched: UInt64,
                                      defaults: UInt64) {
        var argument = arguments.indices.lowerBound
        var written = matched | defaults
        while written != 0 {
            let position = written.trailingZeroBitCount
            written &= written &- 1
            let parameter = parameters.lowerBound + position
            guard parameter < parameters.upperBound else { return }
            if matched & (1 << UInt64(position)) != 0 {
                // The next argument with a value (the others are not matched). Each is bound in
                // its own scope: an optional carried across the loop is destroyed on every turn.
                var found = false
                while !found && argument < arguments.indices.upperBound {
                    let candidate = argument
                    argument += 1
                    found = writeArgument(candidate, of: card, arguments, parameter: parameter)
                }
                guard found else { return }
            } else if matched >> UInt64(position) == 0, let run = encodings.defaultRuns[parameter] {
                return write(run)  // no argument left: every parameter left with a default
            } else if let member = encodings.defaults[parameter] {
                write(member)
            }
        }
    }

    /// The member of argument `argument` of `card`, the argument of part parameter `parameter`
    /// (an index in `PartEncodings`' tables), when it has a value; returns whether it has. The
    /// commonest kinds are read as a `ScalarView` and written from the encodings: no `ValueView`
    /// is made, copied or destroyed.
    @inline(__always)
    mutating func writeArgument(_ argument: Int, of card: CardView, _ arguments: Arguments, parameter: Int) -> Bool {
        let scalar = card.scalar(ofArgument: argument, in: arguments)
        switch scalar {
        case .binding(let text):
            // Mostly one piece: the member's text around the name, encoded once.
            if let (path, _) = card.simpleBindingPath(text),
               out.write(plain: path, between: encodings.encoded(encodings.bindingHeads[parameter]),
                         and: encodings.encoded(encodings.bindingTails[parameter])) {
                break
            }
            writeParameterKey(parameter)
            beginBinding(text, of: card)
            write(encodings.bindingTypes[parameter])
            out.endObject()
        case .enumCase(let index):
            guard let member = encodings.caseMember(index, ofParameter: parameter) else { fallthrough }
            write(member)
        case .other:
            guard let value = card.value(ofArgument: argument, in: arguments) else { return false }
            writeParameterKey(parameter)
            self.value(value, of: card)
        case .int, .double, .bool, .text, .color:
            writeParameterKey(parameter)
            plain(scalar, of: card)
        }
        return true
    }

    /// A number, Boolean, text or color of `card` (nothing for another `ScalarView`, which needs
    /// its parameter or its `ValueView`).
    @inline(__always) mutating func plain(_ scalar: ScalarView, of card: CardView) {
        switch scalar {
        case .int(let i): out.write(i)
        case .double(let d): out.write(d)
        case .bool(let b): out.write(b)
        case .text(let text): self.text(text, of: card)
        case .color(let color): self.color(color)
        case .binding, .enumCase, .other: break
        }
    }

    /// Each parameter's first argument by name, else its default.
    mutating func propsInAnyOrder(_ arguments: Arguments, of card: CardView, _ parameters: Range<Int>) {
        for parameter in parameters {
            let name = encodings.parameterNames[parameter]
            let found = arguments.indices.lazy.compactMap { argument in
                card.name(ofArgument: argument, in: arguments) == name ? card.value(ofArgument: argument, in: arguments) : nil
            }.first
            if let value = found {
                writeParameterKey(parameter)
                self.value(value, of: card)
            } else if let member = encodings.defaults[parameter] {
                write(member)
            }
        }
    }

    /// A member encoded once (`PartEncodings`).
    @inline(__always) mutating func write(_ member: EncodedMember) {
        switch member {
        case .short(let fragment): out.writeEncoded(fragment)
        case .long(let range): out.writeEncoded(encodings.encoded(range))
        }
    }

    @inline(__always) mutating func writeParameterKey(_ parameter: Int) {
        if let key = encodings.keys[parameter] { out.writeKey(key) } else { out.writeKey(encodings.parameterNames[parameter]) }
    }

    /// The bytes `write` produces for one member (a key and its value) of an inline object, in
    /// this writer's style (whose output it replaces).
    mutating func encodedMember(_ write: (inout LayoutJSONWriter) -> Void) -> [UInt8] {
        out.removeAll()
        out.beginObject(inline: true)
        write(&self)
        out.endObject()
        return Array(out.bytes.dropFirst().dropLast())  // the braces
    }

    /// Whether a catalog default has a checked value (a binding placeholder or a malformed color
    /// has none, and is left out as the checked model leaves it out).
    static func isWritable(_ value: CatalogValue) -> Bool {
        switch value {
        case .binding: false
        case .color(let hex): ColorLiteral(hex) != nil
        case .namedColor(let name): Catalog.namedColor(name) != nil
        default: true
        }
    }

    /// A catalog default, in the same form `value(_:)` writes the checked value it stands for.
    mutating func catalogValue(_ value: CatalogValue) {
        switch value {
        case .int(let i): out.write(i)
        case .double(let d): out.write(d)
        case .string(let s): out.write(s)
        case .bool(let b): out.write(b)
        case .enumCase(let name): out.write(name)
        case .color(let hex): out.write(ColorLiteral(hex)?.hex ?? hex)
        case .namedColor(let name): out.write(Catalog.namedColor(name)?.hex ?? name)
        case .size(let width, let height): out.write(fragments.size, width, height)
        case .insets(let top, let left, let bottom, let right): insets(EdgeInsets(top: top, left: left, bottom: bottom, right: right))
        case .font(let font): self.value(.font(font))
        case .list(let items):
            out.beginArray(inline: true)
            for item in items where Self.isWritable(item) { catalogValue(item) }
            out.endArray()
        case .reference(let name): out.write(name)
        case .binding(let name): out.write(name)
        }
    }

    mutating func optionalString(_ string: String?) {
        if let string { out.write(string) } else { out.writeNull() }
    }

    mutating func optionalValue(_ value: borrowing Value?) {
        switch value {
        case .some(let value): self.value(value)
        case .none: out.writeNull()
        }
    }

    mutating func optionalAction(_ action: Action?) {
        if let action { self.action(action) } else { out.writeNull() }
    }

    /// `ValueType.description`, quoted: encoded once for a type without parts, else written in
    /// pieces rather than built. (Remembering list and record types costs as much: comparing
    /// types is no cheaper than writing their names.)
    mutating func typeName(_ type: ValueType) {
        if let simple = fragments.typeName(type) { return out.writeEncoded(simple) }
        if case .enumeration(let enumType) = type { return out.write(enumType.name) }
        out.beginString()
        typeNamePieces(type)
        out.endString()
    }

    /// The pieces of `type.description` inside a string.
    mutating func typeNamePieces(_ type: ValueType) {
        switch type {
        case .list(let element):
            out.writeStringPiece(literal: "[")
            typeNamePieces(element)
            out.writeStringPiece(literal: "]")
        case .record(let fields):
            out.writeStringPiece(literal: "(")
            for index in fields.indices {
                if index > 0 { out.writeStringPiece(literal: ", ") }
                out.writeStringPiece(fields[index].label)
                out.writeStringPiece(literal: ": ")
                typeNamePieces(fields[index].type)
            }
            out.writeStringPiece(literal: ")")
        case .enumeration(let enumType): out.writeStringPiece(enumType.name)
        default: out.writeStringPiece(type.description)  // a literal (`"String"`): nothing is built
        }
    }

    /// `Action.description`, without building a string for the common cases.
    mutating func action(_ action: Action) {
        switch action {
        case .method(let name): out.write(name)
        case .pop: out.write("pop")
        case .push: out.write(action.description)
        }
    }

    mutating func value(_ value: borrowing Value) {
        withUnsafePointer(to: value) { self.value(at: $0) }
    }

    /// A value of `card`, its text written from the source bytes.
    mutating func value(_ value: ValueView, of card: CardView) {
        switch value {
        case .int(let i): out.write(i)
        case .double(let d): out.write(d)
        case .bool(let b): out.write(b)
        case .color(let color, _): self.color(color)
        case .enumCase(let name): out.write(name)
        case .text(let text), .method(let text): self.text(text, of: card)
        case .state(let text):
            if let bytes = card.utf8(stateName: text) { out.write(validUTF8: bytes) } else { out.write(card.string(stateName: text)) }
        case .binding(let text, let type):
            beginBinding(text, of: card)
            out.writeKey(keys.type)
            typeName(type)
            out.endObject()
        case .value(let value): self.value(value)
        }
    }

    /// Text of `card`'s source, as a string.
    @inline(__always) mutating func text(_ text: SourceText, of card: CardView) {
        if out.write(plain: card.bytes(text)) { return }
        if let bytes = card.utf8(text) { out.write(validUTF8: bytes) } else { out.write(card.string(text)) }
    }

    /// `{"binding": "path"` of a binding of `card` as spelled; the caller writes the type and closes it.
    mutating func beginBinding(_ text: SourceText, of card: CardView) {
        out.beginObject(inline: true)
        out.writeKey(keys.binding)
        if let (path, _) = card.simpleBindingPath(text) { out.write(validUTF8: path) } else { binding(card.bindingPath(text)) }
    }

    /// A binding's path, joined with dots.
    mutating func binding(_ path: [String]) {
        if path.count == 1 { out.write(path[0]) } else { out.write(joining: path, separator: UInt8(ascii: ".")) }
    }

    /// The value at `value`, read where it lies: handing a `Value` to a function copies it whole
    /// (through its value witness, ~90 instructions), a switch over it in place copies only the
    /// payload it binds.
    mutating func value(at value: UnsafePointer<Value>) {
        switch value.pointee {
        case .string(let s): out.write(s)
        case .int(let i): out.write(i)
        case .double(let d): out.write(d)
        case .bool(let b): out.write(b)
        case .color(let color, _): self.color(color)
        case .binding(let path, let type):
            out.beginObject(inline: true)
            out.writeKey(keys.binding)
            binding(path)
            out.writeKey(keys.type)
            typeName(type)
            out.endObject()
        case .enumCase(let name, let arguments):
            if arguments.isEmpty { return out.write(name) }
            out.beginString()
            out.writeStringPiece(name)
            argumentPieces(arguments)
            out.endString()
        case .size(let width, let height): out.write(fragments.size, width, height)
        case .insets(let top, let left, let bottom, let right):
            insets(EdgeInsets(top: top, left: left, bottom: bottom, right: right))
        case .font(let font):
            out.beginObject(inline: true)
            switch font.family {
            case .system: field(keys.family, "system")
            case .named(let family): field(keys.family, family)
            }
            field(keys.size, font.size)
            field(keys.weight, font.weight.rawValue)
            out.endObject()
        case .list(let items):
            out.beginArray(inline: true)
            items.withUnsafeBufferPointer { items in
                for index in items.indices { self.value(at: items.baseAddress! + index) }
            }
            out.endArray()
        case .record(let fields):
            out.beginObject(inline: true)
            fields.withUnsafeBufferPointer { fields in
                for index in fields.indices {
                    out.writeKey(fields[index].label ?? "_\(index)")
                    self.value(at: (fields.baseAddress! + index).pointer(to: \.value)!)
                }
            }
            out.endObject()
        case .action(let action): self.action(action)
        case .reference(let name): out.write(name)
        }
    }

    /// `"#RRGGBB"` or `"#RRGGBBAA"`, as `ColorLiteral.hex` spells it, without building a string.
    mutating func color(_ color: ColorLiteral) {
        // Quote, `#`, up to eight digits, quote: eleven bytes, packed into two words.
        var encoded: (UInt64, UInt64) = (0, 0)
        let count = withUnsafeMutableBytes(of: &encoded) { buffer -> Int in
            var n = 0
            func put(_ byte: UInt8) { buffer[n] = byte; n += 1 }
            func hex(_ component: UInt8) {
                let digits: StaticString = "0123456789ABCDEF"
                put(digits.utf8Start[Int(component >> 4)])
                put(digits.utf8Start[Int(component & 0x0F)])
            }
            put(0x22)
            put(UInt8(ascii: "#"))
            hex(color.red)
            hex(color.green)
            hex(color.blue)
            if color.alpha != 255 { hex(color.alpha) }
            put(0x22)
            return n
        }
        withUnsafeBytes(of: &encoded) { buffer in
            out.writeEncoded(UnsafeBufferPointer(start: buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    /// `(label: value, …)` inside an enum case's string form, written in pieces rather than built.
    mutating func argumentPieces(_ arguments: [Argument]) {
        out.writeStringPiece(literal: "(")
        for index in arguments.indices {
            if index > 0 { out.writeStringPiece(literal: ", ") }
            if let label = arguments[index].label {
                out.writeStringPiece(label)
                out.writeStringPiece(literal: ": ")
            }
            switch arguments[index].value {
            case .int(let i): out.writeStringPiece(String(i))
            case .double(let d): out.writeStringPiece(CatalogValue.format(d))
            case .bool(let b): out.writeStringPiece(literal: b ? "true" : "false")
            case .string(let s): out.writeStringPiece(CatalogValue.string(s).description)
            case .enumCase(let name, let arguments):
                out.writeStringPiece(literal: ".")
                out.writeStringPiece(name)
                if !arguments.isEmpty { argumentPieces(arguments) }
            case .binding(let path, _):
                out.writeStringPiece(literal: "$")
                for piece in path.indices {
                    if piece > 0 { out.writeStringPiece(literal: ".") }
                    out.writeStringPiece(path[piece])
                }
            case .color(let color, _): out.writeStringPiece(color.hex)
            case .reference(let name): out.writeStringPiece(name)
            default: out.writeStringPiece(literal: "…")
            }
        }
        out.writeStringPiece(literal: ")")
    }
}

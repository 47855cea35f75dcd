import CardDiagnostics

// The checked unit: what the one checker writes, once, in the pass that reports diagnostics,
// and what layout, every back end and the editor read (docs/language.md §11). It is plain data
// laid out as parallel arrays with integer indices — Zig's ZIR and rust-analyzer's lowered
// bodies are the models — so a 20,000-card deck is a few dozen arrays, not a few hundred
// thousand objects.
//
// Every declaration (a card, a stack, a theme) owns one *segment*: a contiguous run of rows in
// each of the five segment-local tables (parts, arguments, values, extra words, string bytes).
// Every index a segment's rows hold is relative to the segment's bases, and every source span
// relative to the declaration's start in its file, so a segment can be copied whole into
// another unit — the language server keeps the rows of the cards an edit did not touch — with
// no row rewritten. Readers never see any of this: they read through views (`CardView`,
// `PartView`, `ValueRef`, …), each a unit and an index.

// MARK: - Rows

/// A string in a segment's bytes: `start` relative to the segment's string base.
package struct StringRef: Hashable, Sendable {
    package var start: UInt32
    package var count: UInt32
    /// No string (an absent optional).
    package static let none = StringRef(start: 0, count: UInt32.max)
    package var isNone: Bool { count == UInt32.max }
    package init(start: UInt32, count: UInt32) { self.start = start; self.count = count }
}

/// A span relative to its segment's `sourceStart`; `length == UInt32.max` is no span.
package struct RelativeSpan: Hashable, Sendable {
    package var start: UInt32
    package var length: UInt32
    package static let none = RelativeSpan(start: 0, length: UInt32.max)
    package var isNone: Bool { length == UInt32.max }
    package init(start: UInt32, length: UInt32) { self.start = start; self.length = length }
}

/// A run of rows of a segment-local table: `start` relative to the segment's base.
package struct RowRange: Hashable, Sendable {
    package var start: UInt32
    package var count: UInt32
    package static let empty = RowRange(start: 0, count: 0)
    package init(start: UInt32, count: UInt32) { self.start = start; self.count = count }
}

/// Where a declaration's rows start in the segment-local tables.
package struct SegmentRow: Sendable {
    /// The declaration's file; `FileID(-1)` for a built-in theme.
    package var file: FileID
    /// The byte offset spans are relative to.
    package var sourceStart: UInt32
    package var partBase: UInt32
    package var argumentBase: UInt32
    package var valueBase: UInt32
    package var extraBase: UInt32
    package var stringBase: UInt32
}

/// One part, in pre-order: its descendants follow it, `subtreeSize - 1` of them.
package struct PartRow: Sendable {
    package var kind: PartKind
    package var argumentCount: UInt16
    /// This part and its descendants.
    package var subtreeSize: UInt32
    /// Relative to the segment's argument base.
    package var firstArgument: UInt32
    /// The part's name as written.
    package var span: RelativeSpan
}

/// What a value row holds; its 64-bit payload is read according to the tag. Payloads that do
/// not fit are an index of the segment's extra words, laid out as each case says.
package enum ValueTag: UInt8, Sendable {
    /// `StringRef` packed (`start << 32 | count`).
    case string
    /// `Int64` bits.
    case int
    /// `Double` bits.
    case double
    /// 0 or 1.
    case bool
    /// `r << 24 | g << 16 | b << 8 | a`, and the named colour's index + 1 above bit 32 (0: none).
    case color
    /// Extra: type, span start, span length, path count, then a string (start, count) per component.
    case binding
    /// Extra: name start, name count, argument count, then (label start, label count, value) each.
    case enumCase
    /// Extra: width and height as `Double` bits, two words each (low first).
    case size
    /// Extra: top, left, bottom, right as `Double` bits, two words each.
    case insets
    /// Extra: family (0 system, 1 named), name start, name count, weight, size (two words).
    case font
    /// Extra: count, then a value per element.
    case list
    /// Extra: count, then (label start, label count — `UInt32.max` for none — value) per field.
    case record
    /// `StringRef` of the method's name, packed as for `string`.
    case method
    /// Extra: card name start, count, span start, span length.
    case push
    case pop
    /// Extra: name start, count, span start, span length.
    case reference
}

/// A card's rows besides its parts: the checked card (`CardView` reads it).
package struct CardRow: Sendable {
    package var segment: UInt32
    package var name: StringRef
    package var nameSpan: RelativeSpan
    package var line: UInt32
    package var column: UInt32
    package var documentation: StringRef
    /// The index of the initial state among the card's states.
    package var initialState: UInt32
    /// Extra, `CardRow.stateStride` words a state: name start, name count, built-in, tap value + 1
    /// (0: none), span start, span length, part list start, part list count.
    package var states: RowRange
    /// Extra, `traitStride` words a trait: catalog index, span start, span length, first argument, argument count.
    package var traits: RowRange
    /// Extra, `fieldStride` words a field: name start, name count, type, default value + 1, two-way,
    /// span start, span length.
    package var fields: RowRange
    /// Extra, `overlayStride` words an overlay: direction, part list start, part list count.
    package var overlays: RowRange
    /// Extra index + 1 of the footer (0: none): height (two words), transparent, part list start, part list count.
    package var footer: UInt32
    /// Extra, two words (a string) an action method, sorted, each once.
    package var actions: RowRange
    /// Values + 1 (0: none).
    package var title: UInt32
    package var subtitle: UInt32
    package var position: StringRef
    /// Bit i: `SwipeDirection.allCases[i]` is allowed.
    package var swipeDirections: UInt8

    package init(segment: UInt32, name: StringRef, nameSpan: RelativeSpan, line: UInt32, column: UInt32,
                 documentation: StringRef, initialState: UInt32, states: RowRange, traits: RowRange, fields: RowRange,
                 overlays: RowRange, footer: UInt32, actions: RowRange, title: UInt32, subtitle: UInt32,
                 position: StringRef, swipeDirections: UInt8) {
        self.segment = segment; self.name = name; self.nameSpan = nameSpan; self.line = line; self.column = column
        self.documentation = documentation; self.initialState = initialState; self.states = states; self.traits = traits
        self.fields = fields; self.overlays = overlays; self.footer = footer; self.actions = actions; self.title = title
        self.subtitle = subtitle; self.position = position; self.swipeDirections = swipeDirections
    }

    package static let stateStride: UInt32 = 8
    package static let traitStride: UInt32 = 5
    package static let fieldStride: UInt32 = 7
    package static let overlayStride: UInt32 = 3
}

/// A stack (`StackView` reads it).
package struct StackRow: Sendable {
    package var segment: UInt32
    package var name: StringRef
    /// The index of its kind in `Catalog.stackKinds`.
    package var kind: UInt8
    /// The theme's index in the unit's themes.
    package var theme: UInt32
    package var themeReference: RelativeSpan
    /// Arguments whose parameter index is into the kind's `arguments`, defaults filled in.
    package var configuration: RowRange
    /// Arguments whose parameter index is into the kind's `bodyProperties`.
    package var properties: RowRange
    /// Extra, three words a card: the card's index in the unit, span start, span length.
    package var cards: RowRange
    package var span: RelativeSpan
    package var documentation: StringRef

    package init(segment: UInt32, name: StringRef, kind: UInt8, theme: UInt32, themeReference: RelativeSpan,
                 configuration: RowRange, properties: RowRange, cards: RowRange, span: RelativeSpan, documentation: StringRef) {
        self.segment = segment; self.name = name; self.kind = kind; self.theme = theme; self.themeReference = themeReference
        self.configuration = configuration; self.properties = properties; self.cards = cards; self.span = span
        self.documentation = documentation
    }
}

/// A resolved theme (`ThemeView` reads it).
package struct ThemeRow: Sendable {
    package var segment: UInt32
    package var name: StringRef
    /// The parent's name (none for a built-in theme).
    package var parent: StringRef
    package var isBuiltIn: Bool
    package var span: RelativeSpan
    /// Arguments whose parameter index is into `Catalog.themeProperties`: every property, inherited
    /// values filled in, in catalog order.
    package var properties: RowRange
    /// Where a property the theme does not set is written (`ThemeView.propertyInsertion`): the
    /// span replaced, and the text before and after `name: value`; `insertion` none when there
    /// is no such place.
    package var insertion: RelativeSpan
    package var insertionPrefix: StringRef
    package var insertionSuffix: StringRef

    package init(segment: UInt32, name: StringRef, parent: StringRef, isBuiltIn: Bool, span: RelativeSpan, properties: RowRange,
                 insertion: RelativeSpan = .none, insertionPrefix: StringRef = .none, insertionSuffix: StringRef = .none) {
        self.segment = segment; self.name = name; self.parent = parent; self.isBuiltIn = isBuiltIn; self.span = span
        self.properties = properties
        self.insertion = insertion; self.insertionPrefix = insertionPrefix; self.insertionSuffix = insertionSuffix
    }
}

// MARK: - The unit

/// One compilation unit — an entry file and its imports — checked: cards, stacks and themes,
/// with every value the checker accepted, typed as it inferred them. Immutable; read it through
/// `cards`, `stacks`, `themes` and the views they hand out.
public final class CheckedUnit: Sendable {
    /// The entry file.
    public let entry: FileID
    /// The entry file's path, as diagnostics name it.
    public let entryPath: String
    /// The path of every file of the unit.
    package let paths: [FileID: String]

    package let segments: [SegmentRow]
    package let parts: [PartRow]
    package let argumentParameters: [UInt8]
    package let argumentValues: [UInt32]
    package let valueTags: [ValueTag]
    package let valuePayloads: [UInt64]
    package let extra: [UInt32]
    package let strings: [UInt8]
    /// The types values and fields have, each once.
    package let types: [ValueType]

    package let cardRows: [CardRow]
    package let stackRows: [StackRow]
    package let themeRows: [ThemeRow]
    package let cardIndex: [String: Int]
    package let stackIndex: [String: Int]
    package let themeIndex: [String: Int]
    /// The theme each theme with a parent finally inherits from (the last of
    /// `parents(ofTheme:)`), worked out once: a back end asks it of every theme of a long chain.
    package let baseThemes: [String: String]
    /// Each card with more than `FieldList.scanLimit` model fields: its fields' positions by
    /// name (the first of a name), so a card of thousands of bound fields is not searched once
    /// per binding.
    package let fieldPositions: [Int: [String: Int]]

    package init(builder: UnitBuilder, entry: FileID, entryPath: String, paths: [FileID: String]) {
        self.entry = entry
        self.entryPath = entryPath
        self.paths = paths
        segments = builder.segments
        parts = builder.parts
        argumentParameters = builder.argumentParameters
        argumentValues = builder.argumentValues
        valueTags = builder.valueTags
        valuePayloads = builder.valuePayloads
        extra = builder.extra
        strings = builder.strings
        types = builder.types
        cardRows = builder.cardRows
        stackRows = builder.stackRows
        themeRows = builder.themeRows
        var cardIndex: [String: Int] = [:], stackIndex: [String: Int] = [:], themeIndex: [String: Int] = [:]
        cardIndex.reserveCapacity(builder.cardRows.count)
        // The first of a name wins, as the checker's tables do.
        for (index, row) in builder.cardRows.enumerated() {
            let name = Self.text(row.name, segment: builder.segments[Int(row.segment)], in: builder.strings)
            if cardIndex[name] == nil { cardIndex[name] = index }
        }
        for (index, row) in builder.stackRows.enumerated() {
            let name = Self.text(row.name, segment: builder.segments[Int(row.segment)], in: builder.strings)
            if stackIndex[name] == nil { stackIndex[name] = index }
        }
        for (index, row) in builder.themeRows.enumerated() {
            let name = Self.text(row.name, segment: builder.segments[Int(row.segment)], in: builder.strings)
            if themeIndex[name] == nil { themeIndex[name] = index }
        }
        self.cardIndex = cardIndex
        self.stackIndex = stackIndex
        self.themeIndex = themeIndex
        var fieldPositions: [Int: [String: Int]] = [:]
        for (index, row) in builder.cardRows.enumerated() where row.fields.count > FieldList.scanLimit {
            let segment = builder.segments[Int(row.segment)]
            var positions: [String: Int] = [:]
            positions.reserveCapacity(Int(row.fields.count))
            for position in 0..<Int(row.fields.count) {
                let at = Int(segment.extraBase) + Int(row.fields.start) + position * Int(CardRow.fieldStride)
                let name = Self.text(StringRef(start: builder.extra[at], count: builder.extra[at + 1]), segment: segment, in: builder.strings)
                if positions[name] == nil { positions[name] = position }
            }
            fieldPositions[index] = positions
        }
        self.fieldPositions = fieldPositions
        baseThemes = Self.baseThemes(builder.themeRows.count, index: themeIndex) { index in
            let row = builder.themeRows[index]
            return row.parent.isNone ? nil : Self.text(row.parent, segment: builder.segments[Int(row.segment)], in: builder.strings)
        }
    }

    /// Each theme's base, every chain walked once: a theme's base is its parent's, so a walk
    /// stops at the first theme already known and fills in the ones it passed.
    private static func baseThemes(_ count: Int, index: [String: Int], parent: (Int) -> String?) -> [String: String] {
        var bases: [String: String] = [:]
        var path: [String] = []
        for (name, position) in index where bases[name] == nil && parent(position) != nil {
            path.removeAll(keepingCapacity: true)
            var current = name
            // A cycle (a unit with errors, never emitted) ends the walk after every theme.
            while bases[current] == nil, let next = index[current].flatMap(parent), path.count <= count {
                path.append(current)
                current = next
            }
            let base = bases[current] ?? current
            for passed in path { bases[passed] = base }
        }
        return bases
    }

    static func text(_ ref: StringRef, segment: SegmentRow, in strings: [UInt8]) -> String {
        guard !ref.isNone else { return "" }
        let start = Int(segment.stringBase) + Int(ref.start)
        return String(decoding: strings[start..<start + Int(ref.count)], as: UTF8.self)
    }

    // MARK: Declarations

    /// Every card of the entry file and its imports, in load order.
    public var cards: CardList { CardList(unit: self) }
    /// The stacks, in load order.
    public var stacks: StackList { StackList(unit: self) }
    /// The themes stacks use and the deck declares, fully resolved (built-ins first).
    public var themes: ThemeList { ThemeList(unit: self) }

    /// The card called `name` (the first declared, for a duplicate name).
    public func card(named name: String) -> CardView? { cardIndex[name].map { CardView(unit: self, index: $0) } }
    /// The position of the card called `name` among `cards`.
    public func cardPosition(named name: String) -> Int? { cardIndex[name] }
    /// The stack called `name`.
    public func stack(named name: String) -> StackView? { stackIndex[name].map { StackView(unit: self, index: $0) } }
    /// The theme called `name`, if the unit resolved it.
    public func theme(named name: String) -> ThemeView? { themeIndex[name].map { ThemeView(unit: self, index: $0) } }

    /// The parent chain of the theme called `name`, nearest first, ending at a built-in theme
    /// (`[]` for built-ins and unknown names). Each step is a table look-up.
    public func parents(ofTheme name: String) -> [String] {
        var chain: [String] = []
        var next = theme(named: name)?.parent
        while let parent = next, chain.count <= themeRows.count {
            chain.append(parent)
            next = theme(named: parent)?.parent
        }
        return chain
    }

    /// The theme the theme called `name` finally inherits from — a built-in, for a unit without
    /// errors — which is `parents(ofTheme:).last` without walking the chain; nil for a theme
    /// without a parent and for unknown names.
    public func baseTheme(ofTheme name: String) -> String? { baseThemes[name] }

    /// The path of a file of the unit.
    public func path(of file: FileID) -> String { paths[file] ?? "" }

    /// How many bytes each of the unit's tables holds (its element count times its stride), for
    /// the benchmark's memory figures.
    public var tableSizes: [(table: String, bytes: Int)] {
        [("segments", segments.count * MemoryLayout<SegmentRow>.stride), ("parts", parts.count * MemoryLayout<PartRow>.stride),
         ("arguments", argumentParameters.count + argumentValues.count * 4), ("values", valueTags.count + valuePayloads.count * 8),
         ("extra", extra.count * 4), ("strings", strings.count),
         ("declarations", cardRows.count * MemoryLayout<CardRow>.stride + stackRows.count * MemoryLayout<StackRow>.stride
            + themeRows.count * MemoryLayout<ThemeRow>.stride)]
    }

    /// The bytes of all the unit's tables.
    public var tableBytes: Int { tableSizes.reduce(0) { $0 + $1.bytes } }

    // MARK: Reading rows

    @inline(__always) func segment(_ index: UInt32) -> SegmentRow { segments[Int(index)] }

    func text(_ ref: StringRef, in segment: SegmentRow) -> String { Self.text(ref, segment: segment, in: strings) }

    func optionalText(_ ref: StringRef, in segment: SegmentRow) -> String? { ref.isNone ? nil : text(ref, in: segment) }

    func span(_ span: RelativeSpan, in segment: SegmentRow) -> SourceSpan {
        let start = Int(segment.sourceStart) + Int(span.start)
        return SourceSpan(file: segment.file, start: start, end: start + Int(span.isNone ? 0 : span.length))
    }

    func optionalSpan(_ span: RelativeSpan, in segment: SegmentRow) -> SourceSpan? {
        span.isNone ? nil : self.span(span, in: segment)
    }

    @inline(__always) func word(_ index: UInt32, in segment: SegmentRow) -> UInt32 { extra[Int(segment.extraBase + index)] }

    func double(at index: UInt32, in segment: SegmentRow) -> Double {
        Double(bitPattern: UInt64(word(index, in: segment)) | UInt64(word(index + 1, in: segment)) << 32)
    }

    func stringRef(at index: UInt32, in segment: SegmentRow) -> StringRef {
        StringRef(start: word(index, in: segment), count: word(index + 1, in: segment))
    }

    func relativeSpan(at index: UInt32, in segment: SegmentRow) -> RelativeSpan {
        RelativeSpan(start: word(index, in: segment), length: word(index + 1, in: segment))
    }

    /// The parts of a part list in the extra words (a state's, an overlay's, the footer's).
    func partList(start: UInt32, count: UInt32, segment: UInt32) -> PartList {
        PartList(unit: self, segment: segment, storage: .listed(extraStart: start), count: Int(count))
    }
}

// MARK: - Collections of declarations

/// The unit's cards, in load order.
public struct CardList: RandomAccessCollection, Sendable {
    public let unit: CheckedUnit
    public var startIndex: Int { 0 }
    public var endIndex: Int { unit.cardRows.count }
    public subscript(position: Int) -> CardView { CardView(unit: unit, index: position) }
    /// The cards' names, in load order.
    public var names: [String] { map(\.name) }
    /// The position of the card called `name`.
    public func position(named name: String) -> Int? { unit.cardIndex[name] }
    /// The card called `name`.
    public func card(named name: String) -> CardView? { unit.card(named: name) }
    /// The name of the card at `position`.
    public func name(at position: Int) -> String { self[position].name }
    /// The file that declares the card at `position`.
    public func file(at position: Int) -> FileID { self[position].fileID }
}

public struct StackList: RandomAccessCollection, Sendable {
    public let unit: CheckedUnit
    public var startIndex: Int { 0 }
    public var endIndex: Int { unit.stackRows.count }
    public subscript(position: Int) -> StackView { StackView(unit: unit, index: position) }
}

public struct ThemeList: RandomAccessCollection, Sendable {
    public let unit: CheckedUnit
    public var startIndex: Int { 0 }
    public var endIndex: Int { unit.themeRows.count }
    public subscript(position: Int) -> ThemeView { ThemeView(unit: unit, index: position) }
}

// MARK: - Cards

public enum SwipeDirection: String, Hashable, Sendable, CaseIterable {
    case left, right, up, down
}

/// A checked card.
public struct CardView: Sendable, Hashable {
    public let unit: CheckedUnit
    /// The card's position in the unit's cards.
    public let index: Int

    public init(unit: CheckedUnit, index: Int) {
        self.unit = unit
        self.index = index
    }

    public static func == (lhs: CardView, rhs: CardView) -> Bool { lhs.unit === rhs.unit && lhs.index == rhs.index }
    public func hash(into hasher: inout Hasher) { hasher.combine(index) }

    @inline(__always) var row: CardRow { unit.cardRows[index] }
    @inline(__always) var segment: SegmentRow { unit.segments[Int(row.segment)] }

    public var name: String { unit.text(row.name, in: segment) }
    /// The card's name in its declaration.
    public var span: SourceSpan { unit.span(row.nameSpan, in: segment) }
    /// The line and column of the card's name.
    public var location: SourceLocation { SourceLocation(line: Int(row.line), column: Int(row.column)) }
    /// The file that declares the card.
    public var fileID: FileID { segment.file }
    /// The path of the card's file, as diagnostics name it.
    public var file: String { unit.path(of: segment.file) }
    /// The `///` comment above the card.
    public var documentation: String? { unit.optionalText(row.documentation, in: segment) }
    /// The state shown by default (`model { state: .x }`, else the first state).
    public var initialState: String { states.indices.contains(initialStateIndex) ? states[initialStateIndex].name : Catalog.defaultStateName }
    /// The position of the initial state among `states`.
    public var initialStateIndex: Int { Int(row.initialState) }

    public var traits: TraitList { TraitList(card: self, range: row.traits) }
    public var model: FieldList { FieldList(card: self, range: row.fields) }
    /// In declaration order; a card without state blocks has the one state `none`.
    public var states: StateList { StateList(card: self, range: row.states) }
    public var overlays: OverlayList { OverlayList(card: self, range: row.overlays) }
    public var footer: FooterView? {
        row.footer == 0 ? nil : FooterView(card: self, extraIndex: row.footer - 1)
    }
    /// Every action method the card uses, sorted, each once.
    public var actions: [String] {
        let segment = self.segment, range = row.actions
        return (0..<range.count).map { unit.text(unit.stringRef(at: range.start + 2 * $0, in: segment), in: segment) }
    }
    /// The sheet header's `title:` and `subtitle:`.
    public var title: Value? { row.title == 0 ? nil : ValueRef(unit: unit, segment: row.segment, relative: row.title - 1).decoded }
    public var subtitle: Value? { row.subtitle == 0 ? nil : ValueRef(unit: unit, segment: row.segment, relative: row.subtitle - 1).decoded }
    /// The `title:` value, unread.
    public var titleValue: ValueRef? { row.title == 0 ? nil : ValueRef(unit: unit, segment: row.segment, relative: row.title - 1) }
    public var subtitleValue: ValueRef? { row.subtitle == 0 ? nil : ValueRef(unit: unit, segment: row.segment, relative: row.subtitle - 1) }
    /// The preferred sheet `position:`.
    public var position: String? { unit.optionalText(row.position, in: segment) }
    /// The allowed `swipe:` directions (every direction unless the card says otherwise).
    public var swipeDirections: [SwipeDirection] {
        let bits = row.swipeDirections
        return SwipeDirection.allCases.enumerated().filter { bits & 1 << UInt8($0.offset) != 0 }.map(\.element)
    }

    /// The card's trait of kind `kind`, if it has one.
    public func trait(_ kind: TraitKind) -> TraitView? { traits.first { $0.kind == kind } }
    public func state(named name: String) -> StateView? { states.first { $0.name == name } }
    public func field(named name: String) -> FieldView? { model.field(named: name) }
}

/// A card's traits, in the order written.
public struct TraitList: RandomAccessCollection, Sendable {
    let card: CardView
    let range: RowRange
    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(range.count) }
    public subscript(position: Int) -> TraitView {
        TraitView(card: card, extraIndex: range.start + UInt32(position) * CardRow.traitStride)
    }
}

/// A trait of a card: every requirement, author-given or defaulted, in catalog order.
public struct TraitView: Sendable {
    let card: CardView
    let extraIndex: UInt32
    private var unit: CheckedUnit { card.unit }
    private func word(_ offset: UInt32) -> UInt32 { unit.word(extraIndex + offset, in: card.segment) }

    /// The trait's kind.
    public var kind: TraitKind { TraitKind(rawValue: UInt8(truncatingIfNeeded: word(0))) ?? .noTopBottomMargins }
    /// The catalog entry.
    public var spec: TraitSpec { Catalog.traits[Int(word(0))] }
    public var name: String { spec.name }
    /// The trait's name as written.
    public var span: SourceSpan { unit.span(RelativeSpan(start: word(1), length: word(2)), in: card.segment) }
    /// The requirements' values, in catalog order.
    public var arguments: ArgumentList {
        ArgumentList(unit: unit, segment: card.row.segment, range: RowRange(start: word(3), count: word(4)), parameters: spec.parameters)
    }
    /// The requirements as properties, in catalog order.
    public var properties: [Property] { arguments.properties }
    /// The value of requirement `name`.
    public func value(_ name: String) -> Value? { arguments.value(named: name) }
}

/// A card's model fields: the `model { … }` defaults, then bindings without one.
public struct FieldList: RandomAccessCollection, Sendable {
    let card: CardView
    let range: RowRange
    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(range.count) }
    public subscript(position: Int) -> FieldView {
        FieldView(card: card, extraIndex: range.start + UInt32(position) * CardRow.fieldStride)
    }

    /// Up to this many fields a look-up compares names; past it, the unit's table answers.
    static let scanLimit: UInt32 = 8

    /// The field called `name` (the first of a name), in constant time for a card of many.
    public func field(named name: String) -> FieldView? {
        if let positions = card.unit.fieldPositions[card.index] { return positions[name].map { self[$0] } }
        return first { $0.name == name }
    }
}

public struct FieldView: Sendable {
    let card: CardView
    let extraIndex: UInt32
    private var unit: CheckedUnit { card.unit }
    private func word(_ offset: UInt32) -> UInt32 { unit.word(extraIndex + offset, in: card.segment) }

    public var name: String { unit.text(StringRef(start: word(0), count: word(1)), in: card.segment) }
    /// The type the checker inferred for the field.
    public var type: ValueType { unit.types[Int(word(2))] }
    /// The default value, unread.
    public var defaultValueRef: ValueRef? {
        let stored = word(3)
        return stored == 0 ? nil : ValueRef(unit: unit, segment: card.row.segment, relative: stored - 1)
    }
    public var defaultValue: Value? { defaultValueRef?.decoded }
    /// True for `slider.value` / `textField.text` bindings (two-way).
    public var isTwoWay: Bool { word(4) != 0 }
    /// The field's name in `model { … }`, or its first binding when it has no default.
    public var span: SourceSpan { unit.span(RelativeSpan(start: word(5), length: word(6)), in: card.segment) }
}

/// A card's states, in declaration order.
public struct StateList: RandomAccessCollection, Sendable {
    let card: CardView
    let range: RowRange
    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(range.count) }
    public subscript(position: Int) -> StateView {
        StateView(card: card, extraIndex: range.start + UInt32(position) * CardRow.stateStride)
    }
}

public struct StateView: Sendable {
    let card: CardView
    let extraIndex: UInt32
    private var unit: CheckedUnit { card.unit }
    private func word(_ offset: UInt32) -> UInt32 { unit.word(extraIndex + offset, in: card.segment) }

    /// `none`, `loading`, `empty`, `hasData` or a custom name.
    public var name: String { unit.text(StringRef(start: word(0), count: word(1)), in: card.segment) }
    public var isBuiltIn: Bool { word(2) != 0 }
    /// The tap action for this state (the state's own, else the card's).
    public var tap: Action? {
        let stored = word(3)
        return stored == 0 ? nil : ValueRef(unit: unit, segment: card.row.segment, relative: stored - 1).action
    }
    /// Shared parts before the first state, the state's own parts, then the later shared parts:
    /// the shared parts are stored once and listed by every state.
    public var parts: PartList { unit.partList(start: word(6), count: word(7), segment: card.row.segment) }
    /// The state's name in `state NAME { … }`; nil for the implicit `none` of a card without states.
    public var span: SourceSpan? { unit.optionalSpan(RelativeSpan(start: word(4), length: word(5)), in: card.segment) }
}

public struct OverlayList: RandomAccessCollection, Sendable {
    let card: CardView
    let range: RowRange
    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(range.count) }
    public subscript(position: Int) -> OverlayView {
        OverlayView(card: card, extraIndex: range.start + UInt32(position) * CardRow.overlayStride)
    }
}

/// A swipe overlay: the parts shown while the card is dragged towards `direction`.
public struct OverlayView: Sendable {
    let card: CardView
    let extraIndex: UInt32
    private func word(_ offset: UInt32) -> UInt32 { card.unit.word(extraIndex + offset, in: card.segment) }
    public var direction: SwipeDirection { SwipeDirection.allCases[Int(min(word(0), 3))] }
    public var parts: PartList { card.unit.partList(start: word(1), count: word(2), segment: card.row.segment) }
}

/// A swipe card's footer.
public struct FooterView: Sendable {
    let card: CardView
    let extraIndex: UInt32
    private func word(_ offset: UInt32) -> UInt32 { card.unit.word(extraIndex + offset, in: card.segment) }
    public var height: Double { card.unit.double(at: extraIndex, in: card.segment) }
    public var transparent: Bool { word(2) != 0 }
    public var parts: PartList { card.unit.partList(start: word(3), count: word(4), segment: card.row.segment) }
}

// MARK: - Parts

/// Parts: a state's, an overlay's or a footer's (listed in the extra words), or a part's
/// children (its descendants in pre-order, each child's subtree skipped to reach the next).
public struct PartList: Collection, Sendable {
    enum Storage: Sendable {
        case listed(extraStart: UInt32)
        /// The first child's absolute index.
        case children(first: Int)
    }
    let unit: CheckedUnit
    let segment: UInt32
    let storage: Storage
    public let count: Int

    public struct Index: Comparable, Sendable {
        let position: Int
        /// The part's absolute index (unused at the end).
        let part: Int
        public static func < (lhs: Index, rhs: Index) -> Bool { lhs.position < rhs.position }
        public static func == (lhs: Index, rhs: Index) -> Bool { lhs.position == rhs.position }
    }

    private func part(at position: Int, after previous: Int?) -> Int {
        switch storage {
        case .listed(let start):
            let segment = unit.segments[Int(self.segment)]
            return Int(segment.partBase) + Int(unit.word(start + UInt32(position), in: segment))
        case .children(let first):
            guard let previous else { return first }
            return previous + Int(unit.parts[previous].subtreeSize)
        }
    }

    public var startIndex: Index { Index(position: 0, part: count > 0 ? part(at: 0, after: nil) : 0) }
    public var endIndex: Index { Index(position: count, part: 0) }
    public func index(after i: Index) -> Index {
        let next = i.position + 1
        return Index(position: next, part: next < count ? part(at: next, after: i.part) : 0)
    }
    public subscript(position: Index) -> PartView { PartView(unit: unit, segment: segment, index: position.part) }
    public var isEmpty: Bool { count == 0 }
}

/// A checked part: its kind, the arguments its author wrote (by catalog parameter), its children.
public struct PartView: Sendable, Hashable {
    public let unit: CheckedUnit
    let segment: UInt32
    /// The part's absolute row.
    let index: Int

    public static func == (lhs: PartView, rhs: PartView) -> Bool { lhs.unit === rhs.unit && lhs.index == rhs.index }
    public func hash(into hasher: inout Hasher) { hasher.combine(index) }

    @inline(__always) var row: PartRow { unit.parts[index] }

    /// The part's kind: switch over it.
    public var kind: PartKind { row.kind }
    /// The catalog entry.
    public var spec: PartSpec { row.kind.spec }
    /// The catalog name (`text`, `hstack`, `cell`…).
    public var part: String { spec.name }
    /// The part's name as written.
    public var span: SourceSpan { unit.span(row.span, in: unit.segments[Int(segment)]) }
    public var children: PartList {
        var count = 0
        var next = index + 1
        let end = index + Int(row.subtreeSize)
        while next < end { count += 1; next += Int(unit.parts[next].subtreeSize) }
        return PartList(unit: unit, segment: segment, storage: .children(first: index + 1), count: count)
    }
    /// The arguments the author wrote, in catalog parameter order (a repeated label keeps its
    /// place after the first).
    public var arguments: ArgumentList {
        let row = self.row
        return ArgumentList(unit: unit, segment: segment, range: RowRange(start: row.firstArgument, count: UInt32(row.argumentCount)),
                            parameters: row.kind.spec.parameters)
    }
    /// The arguments the author wrote as properties.
    public var properties: [Property] { arguments.properties }

    /// The author's value of parameter `name` (the first, for a repeated label), unread.
    public func argument(_ name: String) -> ValueRef? { arguments.ref(named: name) }
    /// The author's value, else the catalog default.
    public func property(_ name: String) -> Value? {
        arguments.value(named: name) ?? spec.parameter(named: name)?.checkedDefault
    }
    /// Whether the author wrote the argument.
    public func hasArgument(_ name: String) -> Bool { arguments.ref(named: name) != nil }

    /// Every property with a value — written or defaulted — in catalog order.
    public var resolvedProperties: [Property] {
        let arguments = self.arguments
        var resolved: [Property] = []
        resolved.reserveCapacity(spec.parameters.count)
        for (index, parameter) in spec.parameters.enumerated() {
            var found = false
            for argument in arguments where argument.parameterIndex == index {
                resolved.append(Property(parameter.name, argument.value.decoded))
                found = true
                break
            }
            if !found, let value = parameter.checkedDefault { resolved.append(Property(parameter.name, value)) }
        }
        return resolved
    }
}

// MARK: - Arguments

/// Arguments by catalog parameter index.
public struct ArgumentList: RandomAccessCollection, Sendable {
    let unit: CheckedUnit
    let segment: UInt32
    let range: RowRange
    /// The parameter list the indices refer to.
    public let parameters: [Parameter]

    public struct Element: Sendable {
        /// The index of the argument's parameter in `parameters`.
        public let parameterIndex: Int
        /// The argument's parameter (the checker records arguments of known parameters only).
        public let parameter: Parameter?
        public let value: ValueRef
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(range.count) }
    public subscript(position: Int) -> Element {
        let segment = unit.segments[Int(self.segment)]
        let absolute = Int(segment.argumentBase + range.start) + position
        let parameter = Int(unit.argumentParameters[absolute])
        return Element(parameterIndex: parameter, parameter: parameters.indices.contains(parameter) ? parameters[parameter] : nil,
                       value: ValueRef(unit: unit, segment: self.segment, relative: unit.argumentValues[absolute]))
    }

    /// The value of the first argument for parameter `index`, unread.
    public func ref(at parameterIndex: Int) -> ValueRef? {
        let segment = unit.segments[Int(self.segment)]
        let first = Int(segment.argumentBase + range.start)
        for absolute in first..<first + Int(range.count) where Int(unit.argumentParameters[absolute]) == parameterIndex {
            return ValueRef(unit: unit, segment: self.segment, relative: unit.argumentValues[absolute])
        }
        return nil
    }

    /// The value of the first argument for the parameter called `name`, unread.
    public func ref(named name: String) -> ValueRef? {
        guard let index = parameters.firstIndex(where: { $0.name == name }) else { return nil }
        return ref(at: index)
    }

    public func value(named name: String) -> Value? { ref(named: name)?.decoded }

    /// The arguments as properties, in order.
    public var properties: [Property] { map { Property($0.parameter?.name ?? "", $0.value.decoded) } }
}

// MARK: - Stacks and themes

public struct StackView: Sendable {
    public let unit: CheckedUnit
    public let index: Int
    /// A theme a reader draws the stack in instead of its own (the preview's `--theme`).
    private var themeOverride: String?

    public init(unit: CheckedUnit, index: Int) {
        self.unit = unit
        self.index = index
    }

    @inline(__always) var row: StackRow { unit.stackRows[index] }
    @inline(__always) var segment: SegmentRow { unit.segments[Int(row.segment)] }

    public var name: String { unit.text(row.name, in: segment) }
    /// The catalog entry of the kind.
    public var spec: StackKindSpec { Catalog.stackKinds[Int(row.kind)] }
    public var kind: String { spec.name }
    /// The theme's name: `theme:`, else the default theme — or the one a reader set.
    public var theme: String {
        get { themeOverride ?? ThemeView(unit: unit, index: Int(row.theme)).name }
        set { themeOverride = newValue }
    }
    /// The `theme:` value as written, when there is one.
    public var themeReference: Reference? {
        unit.optionalSpan(row.themeReference, in: segment).map { Reference(theme, at: $0) }
    }
    /// Every kind argument, defaults filled in, in catalog order.
    public var configuration: ArgumentList {
        ArgumentList(unit: unit, segment: row.segment, range: row.configuration, parameters: spec.arguments)
    }
    /// Body properties (`initial`, `margins`, `onSwipe`…), defaults filled in where the catalog has one.
    public var properties: ArgumentList {
        ArgumentList(unit: unit, segment: row.segment, range: row.properties, parameters: spec.bodyProperties)
    }
    /// The cards listed, in order, each with the span of its reference.
    public var cards: [Reference] {
        let segment = self.segment, range = row.cards
        return (0..<range.count).map { position in
            let at = range.start + position * 3
            let card = CardView(unit: unit, index: Int(unit.word(at, in: segment)))
            return Reference(card.name, at: unit.span(unit.relativeSpan(at: at + 1, in: segment), in: segment))
        }
    }
    /// The positions in the unit's cards of the cards listed, in order.
    public var cardPositions: [Int] {
        let segment = self.segment, range = row.cards
        return (0..<range.count).map { Int(unit.word(range.start + $0 * 3, in: segment)) }
    }
    public var span: SourceSpan { unit.span(row.span, in: segment) }
    public var documentation: String? { unit.optionalText(row.documentation, in: segment) }

    /// A kind argument as a number (defaults filled in).
    public func number(_ name: String) -> Double? { configuration.ref(named: name)?.number }
    /// A body property's value.
    public func property(_ name: String) -> Value? { properties.value(named: name) }
}

public struct ThemeView: Sendable {
    public let unit: CheckedUnit
    public let index: Int

    @inline(__always) var row: ThemeRow { unit.themeRows[index] }
    @inline(__always) var segment: SegmentRow { unit.segments[Int(row.segment)] }

    public var name: String { unit.text(row.name, in: segment) }
    /// The theme it inherits from (nil for built-ins).
    public var parent: String? { unit.optionalText(row.parent, in: segment) }
    public var isBuiltIn: Bool { row.isBuiltIn }
    /// The declaration's name (nil for built-ins).
    public var span: SourceSpan? { unit.optionalSpan(row.span, in: segment) }
    /// Every theme property, inherited values filled in, in catalog order.
    public var arguments: ArgumentList {
        ArgumentList(unit: unit, segment: row.segment, range: row.properties, parameters: Catalog.themePropertyParameters)
    }
    public var properties: [Property] { arguments.properties }
    public func value(_ name: String) -> Value? { arguments.value(named: name) }
    /// Where a property the theme does not set yet would be written, as `cardc fmt` writes it:
    /// one more line at the end of its body. Nil for a built-in theme, and for a body on one
    /// line with a comment in it, which no insertion keeps canonical.
    public var propertyInsertion: PropertyInsertion? {
        let row = self.row, segment = self.segment
        guard !row.insertion.isNone, let prefix = unit.optionalText(row.insertionPrefix, in: segment),
              let suffix = unit.optionalText(row.insertionSuffix, in: segment) else { return nil }
        return PropertyInsertion(span: unit.span(row.insertion, in: segment), prefix: prefix, suffix: suffix)
    }
    /// The theme as the plain resolved form.
    public var resolved: ResolvedTheme {
        ResolvedTheme(name: name, parent: parent, isBuiltIn: isBuiltIn, properties: properties, span: span)
    }
}

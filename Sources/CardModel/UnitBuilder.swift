import CardDiagnostics
import CardSyntax

/// Writes a `CheckedUnit`: the checker appends each declaration's rows as it checks it, then
/// `CheckedUnit(builder:…)` freezes them. A class, so the card, value and deck checkers share
/// one; its tables are touched by one checker at a time.
package final class UnitBuilder {
    // Every table sits in a stored property that only this class's methods touch, one call at a
    // time (none calls back into the builder), so the runtime's dynamic exclusivity checks on
    // each append are switched off, as `NameInterner` does.
    @exclusivity(unchecked) package private(set) var segments: [SegmentRow] = []
    @exclusivity(unchecked) package private(set) var parts: [PartRow] = []
    @exclusivity(unchecked) package private(set) var argumentParameters: [UInt8] = []
    @exclusivity(unchecked) package private(set) var argumentValues: [UInt32] = []
    @exclusivity(unchecked) package private(set) var valueTags: [ValueTag] = []
    @exclusivity(unchecked) package private(set) var valuePayloads: [UInt64] = []
    @exclusivity(unchecked) package private(set) var extra: [UInt32] = []
    @exclusivity(unchecked) package private(set) var strings: [UInt8] = []
    @exclusivity(unchecked) package private(set) var types: [ValueType] = []
    @exclusivity(unchecked) private var typeIDs: [ValueType: UInt32] = [:]
    @exclusivity(unchecked) package var cardRows: [CardRow] = []
    @exclusivity(unchecked) package var stackRows: [StackRow] = []
    @exclusivity(unchecked) package var themeRows: [ThemeRow] = []
    /// The segment being written.
    @exclusivity(unchecked) package private(set) var current = SegmentRow(file: FileID(-1), sourceStart: 0, partBase: 0, argumentBase: 0,
                                                                         valueBase: 0, extraBase: 0, stringBase: 0)

    package init() {}

    /// Sizes the tables for `bytes` of source, a tenth above the ratios the CardBench deck has
    /// (per 100 bytes of source: 1.2 parts, 2.8 arguments, 4 values, 15 extra words, 38 string
    /// bytes), so a large deck does not regrow them a dozen times, nor hold much unused room.
    package func reserve(sourceBytes bytes: Int) {
        parts.reserveCapacity(bytes / 75)
        argumentParameters.reserveCapacity(bytes / 32)
        argumentValues.reserveCapacity(bytes / 32)
        valueTags.reserveCapacity(bytes / 22)
        valuePayloads.reserveCapacity(bytes / 22)
        extra.reserveCapacity(bytes / 6)
        strings.reserveCapacity(bytes * 2 / 5)
    }

    // MARK: Segments

    /// Starts the rows of a declaration in `file`, whose spans are relative to `sourceStart`;
    /// returns the segment's index.
    @discardableResult
    package func beginSegment(file: FileID, sourceStart: Int) -> UInt32 {
        current = SegmentRow(file: file, sourceStart: UInt32(clamping: max(0, sourceStart)),
                             partBase: UInt32(clamping: parts.count), argumentBase: UInt32(clamping: argumentValues.count),
                             valueBase: UInt32(clamping: valueTags.count), extraBase: UInt32(clamping: extra.count),
                             stringBase: UInt32(clamping: strings.count))
        segments.append(current)
        return UInt32(clamping: segments.count - 1)
    }

    /// `span` relative to the current segment (clamped into it: a span of another file, which a
    /// declaration never holds, becomes an empty one at its start).
    package func relative(_ span: SourceSpan) -> RelativeSpan {
        guard span.file == current.file, span.start >= Int(current.sourceStart) else { return RelativeSpan(start: 0, length: 0) }
        return RelativeSpan(start: UInt32(clamping: span.start - Int(current.sourceStart)), length: UInt32(clamping: span.end - span.start))
    }

    // MARK: Marks

    /// How far every table had been written, to roll a speculative check back.
    package struct Mark {
        let segments: Int, parts: Int, arguments: Int, values: Int, extra: Int, strings: Int
        let current: SegmentRow
    }

    package func mark() -> Mark {
        Mark(segments: segments.count, parts: parts.count, arguments: argumentValues.count, values: valueTags.count, extra: extra.count,
             strings: strings.count, current: current)
    }

    package func rollBack(to mark: Mark) {
        segments.truncate(to: mark.segments)
        current = mark.current
        parts.truncate(to: mark.parts)
        argumentParameters.truncate(to: mark.arguments)
        argumentValues.truncate(to: mark.arguments)
        valueTags.truncate(to: mark.values)
        valuePayloads.truncate(to: mark.values)
        extra.truncate(to: mark.extra)
        strings.truncate(to: mark.strings)
    }

    // MARK: Strings and extra words

    package func string(_ bytes: UnsafeBufferPointer<UInt8>) -> StringRef {
        let start = strings.count - Int(current.stringBase)
        strings.append(contentsOf: bytes)
        return StringRef(start: UInt32(clamping: start), count: UInt32(clamping: bytes.count))
    }

    package func string(_ text: String) -> StringRef {
        var text = text
        return text.withUTF8 { string($0) }
    }

    package func string(_ text: String?) -> StringRef { text.map { string($0) } ?? .none }

    /// Appends words (as separate arguments, not an array: a variadic list allocated one per call).
    package func appendExtra(_ word: UInt32) { extra.append(word) }
    package func appendExtra(_ first: UInt32, _ second: UInt32) { extra.append(first); extra.append(second) }
    package func appendExtra(_ first: UInt32, _ second: UInt32, _ third: UInt32) {
        extra.append(first); extra.append(second); extra.append(third)
    }

    /// The index the next extra word gets, relative to the segment.
    package var nextExtra: UInt32 { UInt32(clamping: extra.count - Int(current.extraBase)) }

    package func appendExtra(_ ref: StringRef) { extra.append(ref.start); extra.append(ref.count) }
    package func appendExtra(_ span: RelativeSpan) { extra.append(span.start); extra.append(span.length) }
    package func appendExtra(_ double: Double) {
        let bits = double.bitPattern
        extra.append(UInt32(truncatingIfNeeded: bits))
        extra.append(UInt32(truncatingIfNeeded: bits >> 32))
    }
    package func appendExtraWords(_ words: [UInt32]) { extra.append(contentsOf: words) }

    // MARK: Types

    /// The types looked up last, newest last: a card's bindings use a handful of types, and
    /// comparing a type is cheaper than hashing it.
    @exclusivity(unchecked) private var recentTypes: [(type: ValueType, id: UInt32)] = []

    /// The type's index in the unit's type table (each type once).
    package func type(_ type: ValueType) -> UInt32 {
        for recent in recentTypes.reversed() where recent.type == type { return recent.id }
        let id: UInt32
        if let known = typeIDs[type] {
            id = known
        } else {
            id = UInt32(clamping: types.count)
            types.append(type)
            typeIDs[type] = id
        }
        if recentTypes.count == 6 { recentTypes.removeFirst() }
        recentTypes.append((type, id))
        return id
    }

    // MARK: Values

    /// Appends a value; returns its index relative to the segment.
    @inline(__always)
    package func value(_ tag: ValueTag, _ payload: UInt64) -> UInt32 {
        let index = UInt32(clamping: valueTags.count - Int(current.valueBase))
        valueTags.append(tag)
        valuePayloads.append(payload)
        return index
    }

    static func pack(_ ref: StringRef) -> UInt64 { UInt64(ref.start) << 32 | UInt64(ref.count) }

    package func int(_ value: Int) -> UInt32 { self.value(.int, UInt64(bitPattern: Int64(value))) }
    package func double(_ value: Double) -> UInt32 { self.value(.double, value.bitPattern) }
    package func bool(_ value: Bool) -> UInt32 { self.value(.bool, value ? 1 : 0) }
    package func string(value bytes: UnsafeBufferPointer<UInt8>) -> UInt32 { value(.string, Self.pack(string(bytes))) }
    package func string(value text: String) -> UInt32 { value(.string, Self.pack(string(text))) }
    package func method(_ name: String) -> UInt32 { value(.method, Self.pack(string(name))) }
    package func pop() -> UInt32 { value(.pop, 0) }

    /// A colour, with the index in `Catalog.namedColors` of its name when it has one, and where
    /// it is written when it is written in the source (a fix-it can then change it: W1001,
    /// W1004). Payload: RGBA in bits 0…31, the name's index + 1 in bits 32…39, and the extra
    /// index + 1 of its span in bits 40…63 (0: none, as for a catalog default or an inherited
    /// theme value, or a segment too large to say).
    package func color(_ color: ColorValue, named: Int? = nil, at span: SourceSpan? = nil) -> UInt32 {
        let rgba = UInt64(color.red) << 24 | UInt64(color.green) << 16 | UInt64(color.blue) << 8 | UInt64(color.alpha)
        var payload = rgba | UInt64(UInt8(clamping: (named ?? -1) + 1)) << 32
        if let span, span.file == current.file, span.start >= Int(current.sourceStart) {
            let at = extra.count - Int(current.extraBase)
            if at + 1 < 1 << 24 {
                appendExtra(relative(span))
                payload |= UInt64(at + 1) << 40
            }
        }
        return value(.color, payload)
    }

    package func push(_ card: String, at span: SourceSpan) -> UInt32 { named(.push, card, at: span) }
    package func reference(_ name: String, at span: SourceSpan) -> UInt32 { named(.reference, name, at: span) }

    private func named(_ tag: ValueTag, _ name: String, at span: SourceSpan) -> UInt32 {
        let name = string(name), span = relative(span)
        let at = nextExtra
        appendExtra(name)
        appendExtra(span)
        return value(tag, UInt64(at))
    }

    package func size(width: Double, height: Double) -> UInt32 {
        let at = nextExtra
        appendExtra(width)
        appendExtra(height)
        return value(.size, UInt64(at))
    }

    package func insets(top: Double, left: Double, bottom: Double, right: Double) -> UInt32 {
        let at = nextExtra
        appendExtra(top); appendExtra(left); appendExtra(bottom); appendExtra(right)
        return value(.insets, UInt64(at))
    }

    package func font(_ font: FontValue) -> UInt32 {
        let name: StringRef
        switch font.family {
        case .system: name = StringRef(start: 0, count: 0)
        case .named(let family): name = string(family)
        }
        let at = nextExtra
        if case .system = font.family { extra.append(0) } else { extra.append(1) }
        appendExtra(name)
        extra.append(UInt32(FontWeight.allCases.firstIndex(of: font.weight) ?? 0))
        appendExtra(font.size)
        return value(.font, UInt64(at))
    }

    package func list(_ elements: [UInt32]) -> UInt32 {
        let at = nextExtra
        extra.append(UInt32(clamping: elements.count))
        extra.append(contentsOf: elements)
        return value(.list, UInt64(at))
    }

    /// A record of labelled (or positional: nil) fields.
    package func record(_ fields: [(label: String?, value: UInt32)]) -> UInt32 {
        let labels = fields.map { string($0.label) }
        let at = nextExtra
        extra.append(UInt32(clamping: fields.count))
        for (label, field) in zip(labels, fields) {
            appendExtra(label)
            extra.append(field.value)
        }
        return value(.record, UInt64(at))
    }

    package func enumCase(_ name: String, arguments: [(label: String?, value: UInt32)] = []) -> UInt32 {
        let name = string(name)
        let labels = arguments.map { string($0.label) }
        let at = nextExtra
        appendExtra(name)
        extra.append(UInt32(clamping: arguments.count))
        for (label, argument) in zip(labels, arguments) {
            appendExtra(label)
            extra.append(argument.value)
        }
        return value(.enumCase, UInt64(at))
    }

    /// A binding: its path's components, the type its use expects, its span.
    package func binding(path: [String], type: ValueType, at span: SourceSpan) -> UInt32 {
        let components = path.map { string($0) }
        return binding(components: components, type: type, at: span)
    }

    /// A binding as its token spells it (`$item.field`), split as `SyntaxTree.bindingPath` splits it.
    package func binding(spelledBy bytes: UnsafeBufferPointer<UInt8>, type: ValueType, at span: SourceSpan) -> UInt32 {
        // Most paths have one or two components: written into the strings as they are met.
        var components: (StringRef, StringRef) = (.none, .none)
        var more: [StringRef] = []
        var count = 0
        SyntaxTree.forEachBindingComponent(spelledBy: bytes) { piece in
            let ref = string(piece)
            switch count {
            case 0: components.0 = ref
            case 1: components.1 = ref
            default: more.append(ref)
            }
            count += 1
        }
        let type = self.type(type), span = relative(span)
        let at = nextExtra
        extra.append(type)
        appendExtra(span)
        extra.append(UInt32(clamping: count))
        if count > 0 { appendExtra(components.0) }
        if count > 1 { appendExtra(components.1) }
        for component in more { appendExtra(component) }
        return value(.binding, UInt64(at))
    }

    private func binding(components: [StringRef], type: ValueType, at span: SourceSpan) -> UInt32 {
        let type = self.type(type), span = relative(span)
        let at = nextExtra
        extra.append(type)
        appendExtra(span)
        extra.append(UInt32(clamping: components.count))
        for component in components { appendExtra(component) }
        return value(.binding, UInt64(at))
    }

    /// Appends a plain value (a catalog default, an inherited theme value), with its parts.
    package func append(_ value: Value) -> UInt32 {
        switch value {
        case .string(let text): return string(value: text)
        case .int(let number): return int(number)
        case .double(let number): return double(number)
        case .bool(let flag): return bool(flag)
        case .color(let color, let name): return self.color(color, named: name.flatMap { Catalog.namedColorTable.index(of: $0) })
        case .binding(let binding): return self.binding(path: binding.path, type: binding.type, at: binding.span)
        case .enumCase(let name, let arguments):
            return enumCase(name, arguments: arguments.map { ($0.label, append($0.value)) })
        case .size(let width, let height): return size(width: width, height: height)
        case .insets(let top, let left, let bottom, let right): return insets(top: top, left: left, bottom: bottom, right: right)
        case .font(let font): return self.font(font)
        case .list(let elements): return list(elements.map { append($0) })
        case .record(let fields): return record(fields.map { ($0.label, append($0.value)) })
        case .action(.method(let name)): return method(name)
        case .action(.push(let card)): return push(card.name, at: card.span)
        case .action(.pop): return pop()
        case .reference(let reference): return self.reference(reference.name, at: reference.span)
        }
    }

    // MARK: Reading the current segment back (for the checker's rules that compare values)

    @inline(__always) private func absolute(_ value: UInt32) -> Int { Int(current.valueBase) + Int(value) }

    package func tag(of value: UInt32) -> ValueTag { valueTags[absolute(value)] }

    /// The numeric value of an int or a double.
    package func number(_ value: UInt32) -> Double? {
        let index = absolute(value)
        switch valueTags[index] {
        case .int: return Double(Int64(bitPattern: valuePayloads[index]))
        case .double: return Double(bitPattern: valuePayloads[index])
        default: return nil
        }
    }

    package func bool(_ value: UInt32) -> Bool? {
        let index = absolute(value)
        return valueTags[index] == .bool ? valuePayloads[index] != 0 : nil
    }

    private func text(_ ref: StringRef) -> String {
        let start = Int(current.stringBase) + Int(ref.start)
        return String(decoding: strings[start..<start + Int(ref.count)], as: UTF8.self)
    }

    private func word(_ index: UInt32) -> UInt32 { extra[Int(current.extraBase) + Int(index)] }

    /// The name of an enum case.
    package func caseName(_ value: UInt32) -> String? {
        let index = absolute(value)
        guard valueTags[index] == .enumCase else { return nil }
        let at = UInt32(truncatingIfNeeded: valuePayloads[index])
        return text(StringRef(start: word(at), count: word(at + 1)))
    }

    /// The elements of a list.
    package func elements(_ value: UInt32) -> [UInt32]? {
        let index = absolute(value)
        guard valueTags[index] == .list else { return nil }
        let at = UInt32(truncatingIfNeeded: valuePayloads[index])
        return (0..<word(at)).map { word(at + 1 + $0) }
    }

    /// The method name of a method action.
    package func method(of value: UInt32) -> String? {
        let index = absolute(value)
        guard valueTags[index] == .method else { return nil }
        return text(ValueRef.unpack(valuePayloads[index]))
    }

    /// The four sides of insets.
    package func insets(_ value: UInt32) -> (top: Double, left: Double, bottom: Double, right: Double)? {
        let index = absolute(value)
        guard valueTags[index] == .insets else { return nil }
        let at = UInt32(truncatingIfNeeded: valuePayloads[index])
        func side(_ offset: UInt32) -> Double {
            Double(bitPattern: UInt64(word(at + offset)) | UInt64(word(at + offset + 1)) << 32)
        }
        return (side(0), side(2), side(4), side(6))
    }

    /// The action an action value does.
    package func action(_ value: UInt32) -> Action? {
        let index = absolute(value)
        switch valueTags[index] {
        case .method: return .method(text(ValueRef.unpack(valuePayloads[index])))
        case .pop: return .pop
        case .push:
            let at = UInt32(truncatingIfNeeded: valuePayloads[index])
            let start = Int(current.sourceStart) + Int(word(at + 2))
            return .push(Reference(text(StringRef(start: word(at), count: word(at + 1))),
                                   at: SourceSpan(file: current.file, start: start, end: start + Int(word(at + 3)))))
        default: return nil
        }
    }

    /// The plain value of `value` in the current segment.
    package func decoded(_ value: UInt32) -> Value { ValueDecoder(tables: self, segment: current).decode(value) }

    // MARK: Parts and arguments

    /// Starts a part (its arguments and children follow); returns its index relative to the segment.
    package func beginPart(_ kind: PartKind, at span: SourceSpan) -> UInt32 {
        let index = UInt32(clamping: parts.count - Int(current.partBase))
        parts.append(PartRow(kind: kind, argumentCount: 0, subtreeSize: 1,
                             firstArgument: UInt32(clamping: argumentValues.count - Int(current.argumentBase)), span: relative(span)))
        return index
    }

    /// Appends an argument to the arguments of the part begun last (or of a trait, stack or theme).
    @inline(__always)
    package func argument(_ parameter: Int, _ value: UInt32) {
        argumentParameters.append(UInt8(truncatingIfNeeded: parameter))
        argumentValues.append(value)
    }

    /// Where the next argument goes, relative to the segment.
    package var nextArgument: UInt32 { UInt32(clamping: argumentValues.count - Int(current.argumentBase)) }

    /// Ends part `part`: its arguments are those appended since it began, up to `arguments`.
    package func setArgumentCount(ofPart part: UInt32, to count: Int) {
        parts[Int(current.partBase) + Int(part)].argumentCount = UInt16(clamping: count)
    }

    /// Ends part `part`: every part appended since it began is its descendant.
    package func endPart(_ part: UInt32) {
        let index = Int(current.partBase) + Int(part)
        parts[index].subtreeSize = UInt32(clamping: parts.count - index)
    }

    /// The number of parts of the current segment.
    package var partCount: Int { parts.count - Int(current.partBase) }
}

extension Array {
    /// Removes the elements after the first `count`, keeping the storage.
    @inline(__always)
    mutating func truncate(to count: Int) {
        if self.count - count > 8 { removeSubrange(count...); return }
        while self.count > count { removeLast() }
    }
}

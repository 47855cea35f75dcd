import CardDiagnostics

/// A value of a checked unit, unread: its tag and payload are read only when asked for. `decoded`
/// builds the plain `Value`; the typed accessors read one kind of value without building one.
public struct ValueRef: Sendable {
    public let unit: CheckedUnit
    let segment: UInt32
    /// The value's absolute row.
    let index: Int

    init(unit: CheckedUnit, segment: UInt32, relative: UInt32) {
        self.unit = unit
        self.segment = segment
        index = Int(unit.segments[Int(segment)].valueBase) + Int(relative)
    }

    @inline(__always) var tag: ValueTag { unit.valueTags[index] }
    @inline(__always) var payload: UInt64 { unit.valuePayloads[index] }
    @inline(__always) var segmentRow: SegmentRow { unit.segments[Int(segment)] }
    /// The extra-word index a payload names.
    @inline(__always) var extraIndex: UInt32 { UInt32(truncatingIfNeeded: payload) }

    private func word(_ offset: UInt32) -> UInt32 { unit.word(extraIndex + offset, in: segmentRow) }
    private func text(at offset: UInt32) -> String { unit.text(unit.stringRef(at: extraIndex + offset, in: segmentRow), in: segmentRow) }
    private func optionalText(at offset: UInt32) -> String? {
        unit.optionalText(unit.stringRef(at: extraIndex + offset, in: segmentRow), in: segmentRow)
    }
    private func span(at offset: UInt32) -> SourceSpan { unit.span(unit.relativeSpan(at: extraIndex + offset, in: segmentRow), in: segmentRow) }
    private func value(at offset: UInt32) -> ValueRef { ValueRef(unit: unit, segment: segment, relative: word(offset)) }

    static func unpack(_ payload: UInt64) -> StringRef {
        StringRef(start: UInt32(truncatingIfNeeded: payload >> 32), count: UInt32(truncatingIfNeeded: payload))
    }

    // MARK: Typed reads

    /// The text of a string value.
    public var string: String? {
        guard tag == .string else { return nil }
        return unit.text(Self.unpack(payload), in: segmentRow)
    }

    /// Calls `body` with the UTF-8 bytes of a string value (nil for any other value).
    public func withStringBytes<R>(_ body: (ArraySlice<UInt8>) -> R) -> R? {
        guard tag == .string else { return nil }
        let ref = Self.unpack(payload)
        let start = Int(segmentRow.stringBase) + Int(ref.start)
        return body(unit.strings[start..<start + Int(ref.count)])
    }

    /// The numeric value of an int or a double.
    public var number: Double? {
        switch tag {
        case .int: Double(Int64(bitPattern: payload))
        case .double: Double(bitPattern: payload)
        default: nil
        }
    }

    public var bool: Bool? { tag == .bool ? payload != 0 : nil }

    public var color: ColorValue? {
        guard tag == .color else { return nil }
        let rgba = UInt32(truncatingIfNeeded: payload)
        return ColorValue(red: UInt8(rgba >> 24), green: UInt8(truncatingIfNeeded: rgba >> 16),
                          blue: UInt8(truncatingIfNeeded: rgba >> 8), alpha: UInt8(truncatingIfNeeded: rgba))
    }

    /// Where a colour is written, when it is written in the source (not a catalog default or a
    /// theme value inherited from another theme): what a fix-it replaces.
    public var colorSpan: SourceSpan? {
        guard tag == .color else { return nil }
        let at = payload >> 40
        guard at > 0 else { return nil }
        return unit.span(unit.relativeSpan(at: UInt32(truncatingIfNeeded: at - 1), in: segmentRow), in: segmentRow)
    }

    /// The name of an enum case (`title` of `.title`).
    public var caseName: String? { tag == .enumCase ? text(at: 0) : nil }

    /// The elements of a list.
    public var elements: [ValueRef]? {
        guard tag == .list else { return nil }
        return (0..<word(0)).map { value(at: 1 + $0) }
    }

    /// The number of elements of a list.
    public var elementCount: Int? { tag == .list ? Int(word(0)) : nil }

    /// Whether the value is a binding (`$name`).
    public var isBinding: Bool { tag == .binding }

    /// A binding's path and type.
    public var binding: Binding? {
        guard tag == .binding else { return nil }
        let count = word(3)
        let path = (0..<count).map { text(at: 4 + 2 * $0) }
        return Binding(path: path, type: unit.types[Int(word(0))], span: span(at: 1))
    }

    /// What a tap, button or menu does.
    public var action: Action? {
        switch tag {
        case .method: .method(unit.text(Self.unpack(payload), in: segmentRow))
        case .push: .push(Reference(text(at: 0), at: span(at: 2)))
        case .pop: .pop
        default: nil
        }
    }

    // MARK: The plain value

    /// The value as the plain enumeration.
    public var decoded: Value { ValueDecoder(tables: unit, segment: segmentRow).decode(UInt32(index - Int(segmentRow.valueBase))) }
}

/// The tables a value is read from: a finished unit's, or a builder's while it writes.
package protocol ValueTables {
    var valueTags: [ValueTag] { get }
    var valuePayloads: [UInt64] { get }
    var extra: [UInt32] { get }
    var strings: [UInt8] { get }
    var types: [ValueType] { get }
}

extension CheckedUnit: ValueTables {}
extension UnitBuilder: ValueTables {}

/// Builds the plain `Value` of a segment's value: the one decoder of the value rows.
package struct ValueDecoder<Tables: ValueTables> {
    let tables: Tables
    let segment: SegmentRow

    package init(tables: Tables, segment: SegmentRow) {
        self.tables = tables
        self.segment = segment
    }

    private func word(_ index: UInt32) -> UInt32 { tables.extra[Int(segment.extraBase) + Int(index)] }
    private func double(_ index: UInt32) -> Double { Double(bitPattern: UInt64(word(index)) | UInt64(word(index + 1)) << 32) }
    private func text(_ ref: StringRef) -> String {
        let start = Int(segment.stringBase) + Int(ref.start)
        return String(decoding: tables.strings[start..<start + Int(ref.count)], as: UTF8.self)
    }
    private func text(at index: UInt32) -> String { text(StringRef(start: word(index), count: word(index + 1))) }
    private func optionalText(at index: UInt32) -> String? {
        let ref = StringRef(start: word(index), count: word(index + 1))
        return ref.isNone ? nil : text(ref)
    }
    private func span(at index: UInt32) -> SourceSpan {
        let start = Int(segment.sourceStart) + Int(word(index))
        return SourceSpan(file: segment.file, start: start, end: start + Int(word(index + 1)))
    }

    /// The value at `value`, relative to the segment.
    package func decode(_ value: UInt32) -> Value {
        let index = Int(segment.valueBase) + Int(value)
        let payload = tables.valuePayloads[index]
        let at = UInt32(truncatingIfNeeded: payload)
        switch tables.valueTags[index] {
        case .string: return .string(text(ValueRef.unpack(payload)))
        case .int: return .int(Int(truncatingIfNeeded: Int64(bitPattern: payload)))
        case .double: return .double(Double(bitPattern: payload))
        case .bool: return .bool(payload != 0)
        case .color:
            let rgba = UInt32(truncatingIfNeeded: payload), named = Int(payload >> 32 & 0xFF)
            let color = ColorValue(red: UInt8(rgba >> 24), green: UInt8(truncatingIfNeeded: rgba >> 16),
                                   blue: UInt8(truncatingIfNeeded: rgba >> 8), alpha: UInt8(truncatingIfNeeded: rgba))
            return .color(color, name: named > 0 && named <= Catalog.namedColors.count ? Catalog.namedColors[named - 1].name : nil)
        case .binding:
            let path = (0..<word(at + 3)).map { text(at: at + 4 + 2 * $0) }
            return .binding(Binding(path: path, type: tables.types[Int(word(at))], span: span(at: at + 1)))
        case .enumCase:
            let arguments = (0..<word(at + 2)).map { Argument(optionalText(at: at + 3 + 3 * $0), decode(word(at + 5 + 3 * $0))) }
            return .enumCase(text(at: at), arguments: arguments)
        case .size: return .size(width: double(at), height: double(at + 2))
        case .insets: return .insets(top: double(at), left: double(at + 2), bottom: double(at + 4), right: double(at + 6))
        case .font:
            let family: FontFamily = word(at) == 0 ? .system : .named(text(at: at + 1))
            let weight = FontWeight.allCases[Int(min(word(at + 3), UInt32(FontWeight.allCases.count - 1)))]
            return .font(FontValue(family, size: double(at + 4), weight: weight))
        case .list: return .list((0..<word(at)).map { decode(word(at + 1 + $0)) })
        case .record: return .record((0..<word(at)).map { Argument(optionalText(at: at + 1 + 3 * $0), decode(word(at + 3 + 3 * $0))) })
        case .method: return .action(.method(text(ValueRef.unpack(payload))))
        case .push: return .action(.push(Reference(text(at: at), at: span(at: at + 2))))
        case .pop: return .action(.pop)
        case .reference: return .reference(Reference(text(at: at), at: span(at: at + 2)))
        }
    }
}

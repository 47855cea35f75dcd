import CardModel

/// How a card's model fields become Swift in one flavor: their types, their default values as
/// Swift expressions, and the row structs their records need.
///
/// | model type | CardParts flavor | Observation flavor |
/// | --- | --- | --- |
/// | String, Int, Double, Bool | the same | the same |
/// | Color | `UIColor` | `String`, the color's `#RRGGBB[AA]` |
/// | Size | `CGSize` | `CGSize` |
/// | Insets, Font | `UIEdgeInsets`, `UIFont` | `String`, the value as written |
/// | a non-`state` field with a `.case` default | `String`, the case name | the same |
/// | `[T]` | `[T]` | `[T]` |
/// | a record | a struct `<Field>Row` in the view model | the same |
///
/// A field with no default (a binding the model does not list) starts at its type's zero:
/// `""`, `0`, `0.0`, `false`, clear (`#00000000`), `.zero`, `[]`, a row of zeros.
struct SwiftModelTypes {
    let flavor: SwiftNames.Flavor
    /// The fields shown by CardParts' default table cell: their rows have the catalog's
    /// default-cell labels, all optional.
    let defaultCellFields: Set<String>

    /// A struct for a record type, nested in the view model (or in its parent row).
    struct RowStruct {
        let name: String
        /// The name as the view model's scope spells it (`TransactionsRow.DetailsRow`).
        let path: String
        let fields: [RecordField]
        /// Default-cell rows: every label `String?`, `nil` by default.
        let optionalLabels: Bool
        let nested: [RowStruct]
    }

    /// The default table cell's labels, from the catalog.
    static let defaultCellLabels: [String] = Catalog.parts.first { !$0.defaultRowFields.isEmpty }?.defaultRowFields ?? []

    // MARK: Row structs

    /// The row structs the card's fields need, with their fields, in field order.
    func rowStructs(_ fields: FieldList) -> [(field: String, row: RowStruct)] {
        fields.compactMap { field in
            guard field.name != Catalog.stateFieldName, Self.holdsRecords(field.type),
                  let row = rowStruct(for: Self.rowFieldType(field), name: SwiftNames.rowType(field.name),
                                      defaultCell: defaultCellFields.contains(field.name)) else { return nil }
            return (field.name, row)
        }
    }

    /// Whether values of `type` are records or lists of them: the types a row struct is made for.
    static func holdsRecords(_ type: ValueType) -> Bool {
        switch type {
        case .list(let element): holdsRecords(element)
        case .record, .openRecord: true
        default: false
        }
    }

    /// A field's type with the labels its default's records give that no binding uses added
    /// (the checker types rows by their uses; the default's other labels are data too).
    static func rowFieldType(_ field: FieldView) -> ValueType {
        guard case .list(.record(var fields)) = field.type, case .list(let rows)? = field.defaultValue else { return field.type }
        for case .record(let arguments) in rows {
            for argument in arguments {
                guard let label = argument.label, !fields.contains(where: { $0.label == label }),
                      let type = valueType(argument.value) else { continue }
                fields.append(RecordField(label, type))
            }
        }
        return .list(.record(fields))
    }

    /// The type of a literal value, for labels no binding types.
    static func valueType(_ value: Value) -> ValueType? {
        switch value {
        case .string: .string
        case .int: .int
        case .double: .double
        case .bool: .bool
        case .color: .color
        case .size: .size
        case .insets: .insets
        case .font: .font
        case .list(let items): items.first.flatMap(valueType).map { .list($0) } ?? .list(.string)
        default: nil
        }
    }

    /// The struct a record (or list of records) type needs, named `name`.
    func rowStruct(for type: ValueType, name: String, parent: String? = nil, defaultCell: Bool = false) -> RowStruct? {
        let path = parent.map { $0 + "." + name } ?? name
        switch type {
        case .list(let element): return rowStruct(for: element, name: name, parent: parent, defaultCell: defaultCell)
        case .openRecord, .record:
            if defaultCell {
                return RowStruct(name: name, path: path, fields: Self.defaultCellLabels.map { RecordField($0, .string) },
                                 optionalLabels: true, nested: [])
            }
            guard case .record(let fields) = type else { return RowStruct(name: name, path: path, fields: [], optionalLabels: false, nested: []) }
            let nested = fields.compactMap { field in
                Self.holdsRecords(field.type) ? rowStruct(for: field.type, name: SwiftNames.rowType(field.label), parent: path) : nil
            }
            return RowStruct(name: name, path: path, fields: fields, optionalLabels: false, nested: nested)
        default: return nil
        }
    }

    // MARK: Types

    /// The Swift type of a value of `type`; `rowName` names the struct of a record.
    func swiftType(_ type: ValueType, rowName: @autoclosure () -> String) -> String {
        switch type {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .color: flavor == .cardParts ? "UIColor" : "String"
        case .size: "CGSize"
        case .insets: flavor == .cardParts ? "UIEdgeInsets" : "String"
        case .font: flavor == .cardParts ? "UIFont" : "String"
        case .list(let element): "[" + swiftType(element, rowName: rowName()) + "]"
        case .record, .openRecord: rowName()
        case .cardState, .action, .cardRef, .themeRef, .enumeration: "String"
        }
    }

    /// The type of a row struct's member.
    func memberType(_ field: RecordField, in row: RowStruct) -> String {
        row.optionalLabels ? swiftType(field.type, rowName: "") + "?"
            : swiftType(field.type, rowName: SwiftNames.rowType(field.label))
    }

    // MARK: Values

    /// `value` as a Swift expression of the type `swiftType(type, rowName:)` gives.
    func expression(_ value: Value, type: ValueType, row: RowStruct?) -> String {
        var out: [UInt8] = []
        write(value, type: type, row: row, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `expression(value, type:, row:)` to `out`: lists and rows are assembled as
    /// bytes, not as a `String` per element.
    func write(_ value: Value, type: ValueType, row: RowStruct?, to out: inout [UInt8]) {
        switch (value, type) {
        case (.list(let items), .list(let element)):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.appendUTF8(", ") }
                write(item, type: element, row: row, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case (.record(let arguments), _):
            guard let row else {
                out.appendUTF8("nil")
                return
            }
            writeRow(arguments, row: row, to: &out)
        default:
            out.appendUTF8(scalar(value, type: type))
        }
    }

    /// A row struct's initializer call with `arguments`, in the struct's member order.
    func rowExpression(_ arguments: [Argument], row: RowStruct) -> String {
        var out: [UInt8] = []
        writeRow(arguments, row: row, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `rowExpression(arguments, row:)` to `out`.
    func writeRow(_ arguments: [Argument], row: RowStruct, to out: inout [UInt8]) {
        out.appendUTF8(row.path)
        out.append(UInt8(ascii: "("))
        var first = true
        for field in row.fields {
            let argument = arguments.first { $0.label == field.label }
            guard argument != nil || !row.optionalLabels else { continue }
            if !first { out.appendUTF8(", ") }
            first = false
            out.appendUTF8(SwiftWriter.argumentLabel(field.label))
            out.appendUTF8(": ")
            // Only a field holding records has a nested row struct.
            let nested = Self.holdsRecords(field.type) ? row.nested.first { $0.name == SwiftNames.rowType(field.label) } : nil
            if let argument {
                write(argument.value, type: field.type, row: nested, to: &out)
            } else {
                out.appendUTF8(zero(field.type, row: nested))
            }
        }
        out.append(UInt8(ascii: ")"))
    }

    /// A scalar value.
    func scalar(_ value: Value, type: ValueType) -> String {
        switch value {
        case .string(let text): return SwiftWriter.literal(text)
        case .int(let number): return type == .double ? SwiftWriter.double(Double(number)) : String(number)
        case .double(let number): return SwiftWriter.double(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .color(let color, let name):
            return flavor == .cardParts ? SwiftValues.color(color, name: name) : SwiftWriter.literal(color.hex)
        case .size(let width, let height):
            return "CGSize(width: \(SwiftWriter.number(width)), height: \(SwiftWriter.number(height)))"
        case .insets(let top, let left, let bottom, let right):
            return flavor == .cardParts ? SwiftValues.insets(top: top, left: left, bottom: bottom, right: right)
                : SwiftWriter.literal(CatalogValue.insets(top: top, left: left, bottom: bottom, right: right).description)
        case .font(let font):
            return flavor == .cardParts ? SwiftValues.font(font) : SwiftWriter.literal(font.description)
        case .enumCase(let name, _): return SwiftWriter.literal(name)
        case .list, .record: return expression(value, type: type, row: nil)
        case .binding, .action, .reference: return zero(type, row: nil)
        }
    }

    /// The zero value of `type`: what a field without a default starts at.
    func zero(_ type: ValueType, row: RowStruct?) -> String {
        switch type {
        case .string, .cardState, .action, .cardRef, .themeRef, .enumeration: return "\"\""
        case .int: return "0"
        case .double: return "0.0"
        case .bool: return "false"
        case .color: return flavor == .cardParts ? "UIColor.clear" : "\"#00000000\""
        case .size: return "CGSize.zero"
        case .insets: return flavor == .cardParts ? "UIEdgeInsets.zero" : "\"\""
        case .font: return flavor == .cardParts ? "UIFont.systemFont(ofSize: 17)" : "\"\""
        case .list: return "[]"
        case .record, .openRecord:
            guard let row else { return "nil" }
            return rowExpression([], row: row)
        }
    }

    /// The default of `field` as an expression of its Swift type, in UTF-8.
    func defaultExpression(_ field: FieldView, row: RowStruct?) -> [UInt8] {
        var out: [UInt8] = []
        if let value = field.defaultValue {
            write(value, type: field.type, row: row, to: &out)
        } else {
            out.appendUTF8(zero(field.type, row: row))
        }
        return out
    }
}

/// CardParts-flavor spellings of colors, fonts and insets.
enum SwiftValues {
    /// `UIColor.red` for a named color, else `UIColor(red: 0x2E / 255.0, …)`.
    static func color(_ color: ColorValue, name: String?) -> String {
        if let name, let named = Catalog.namedColor(name) { return named.swiftName }
        // Built as bytes: colors are the most frequent literal in a deck.
        var text: [UInt8] = []
        text.reserveCapacity(96)
        func component(_ label: StaticString, _ byte: UInt8) {
            text.appendUTF8(label)
            text.appendUTF8("0x")
            text.append(hexDigit(byte >> 4))
            text.append(hexDigit(byte & 0x0F))
            text.appendUTF8(" / 255.0")
        }
        component("UIColor(red: ", color.red)
        component(", green: ", color.green)
        component(", blue: ", color.blue)
        if color.alpha == 255 { text.appendUTF8(", alpha: 1") } else { component(", alpha: ", color.alpha) }
        text.append(UInt8(ascii: ")"))
        return String(decoding: text, as: UTF8.self)
    }

    /// The uppercase hexadecimal digit of `value` (0…15).
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + (value - 10)
    }

    /// `UIFont.systemFont(ofSize: 17, weight: .semibold)`, or a named font with the system font
    /// as the fallback (`UIFont(name:size:)` is failable).
    static func font(_ font: FontValue) -> String {
        let size = SwiftWriter.number(font.size)
        switch font.family {
        case .system:
            return font.weight == .regular ? "UIFont.systemFont(ofSize: \(size))"
                : "UIFont.systemFont(ofSize: \(size), weight: \(font.weight))"
        case .named(let name):
            return "UIFont(name: \(SwiftWriter.literal(name)), size: \(size)) ?? UIFont.systemFont(ofSize: \(size))"
        }
    }

    static func insets(top: Double, left: Double, bottom: Double, right: Double) -> String {
        "UIEdgeInsets(top: \(SwiftWriter.number(top)), left: \(SwiftWriter.number(left)), "
            + "bottom: \(SwiftWriter.number(bottom)), right: \(SwiftWriter.number(right)))"
    }

    /// An enum case as Swift: `.center(amount: 10)` (the catalog's `swiftName`), `.currency(maxLength: 8)`.
    static func enumCase(_ name: String, arguments: [Argument], in type: EnumType?) -> String {
        let spec = type?.enumCase(named: name)
        let swiftName = spec?.swiftName ?? name
        let hasLabels = swiftName.utf8.contains(UInt8(ascii: "("))
        guard !arguments.isEmpty || hasLabels else { return "." + SwiftWriter.identifier(swiftName) }
        // `center(amount:)`: the Swift labels, in order, for the arguments in the catalog's order.
        let base = String(swiftName.prefix { $0 != "(" })
        var labels = hasLabels
            ? swiftName.drop { $0 != "(" }.dropFirst().dropLast().split(separator: ":").map(String.init)
            : (spec?.arguments.map(\.label) ?? arguments.compactMap(\.label))
        if labels.count < arguments.count { labels += arguments.dropFirst(labels.count).compactMap(\.label) }
        let values = arguments.enumerated().map { index, argument in
            (index < labels.count ? labels[index] + ": " : "") + scalarLiteral(argument.value)
        }
        return "." + base + "(" + values.joined(separator: ", ") + ")"
    }

    /// A literal argument of an enum case (numbers and strings).
    static func scalarLiteral(_ value: Value) -> String {
        switch value {
        case .int(let n): String(n)
        case .double(let d): SwiftWriter.number(d)
        case .string(let s): SwiftWriter.literal(s)
        case .bool(let b): b ? "true" : "false"
        default: "0"
        }
    }
}

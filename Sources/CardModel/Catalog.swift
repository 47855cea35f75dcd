// The catalog: the one table of the language's vocabulary (docs/language.md §7).
//
// This file declares the *shape* of the table — plain `Sendable` value types, no classes — and
// the `Catalog` namespace with its O(1) lookups. The entries themselves live in
// `CatalogData.swift`; did-you-mean lives in `CatalogSuggestions.swift` (over CardDiagnostics'
// `NameSuggester`). The checker, the back ends, `cardc explain`, completion and hover all read
// these values, so adding a part, trait, stack kind or theme property means adding one entry to
// `CatalogData.swift` and nothing else.

import CardDiagnostics

// MARK: - Value types

/// The type of a value in a `.cards` source (docs/language.md §8).
///
/// `indirect` is fine here: catalog types are built once and only compared, never on a hot path.
public indirect enum ValueType: Sendable, Hashable, CustomStringConvertible {
    /// A string: the LANGUAGE's `Text` (a string literal or a String binding).
    case string
    /// An integer.
    case int
    /// A "Number": accepts an Int or a Double literal (or binding).
    case double
    /// `true` / `false`.
    case bool
    /// A color literal (`#RRGGBB`), a named color (`.red`) or a binding.
    case color
    /// `size(w, h)`.
    case size
    /// `insets(…)`.
    case insets
    /// `font("Name", size)` / `font(.system, size, weight: …)`.
    case font
    /// A card state name (`.hasData`, `.loading`, a custom state…).
    case cardState
    /// An action: a bare identifier that becomes a controller method, or a built-in action.
    case action
    /// A reference to a declared card.
    case cardRef
    /// A reference to a declared or built-in theme.
    case themeRef
    /// A list `[T]`.
    case list(ValueType)
    /// A record with the given labelled fields, in order.
    case record([RecordField])
    /// A record whose fields are inferred from use (`$item.field`), e.g. a table row.
    case openRecord
    /// One case of an enumeration, `.name` or `.name(args)`.
    case enumeration(EnumType)

    /// The spelling used in diagnostics: `String`, `Double`, `[Color]`, `(title: String)`.
    public var description: String {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .color: "Color"
        case .size: "Size"
        case .insets: "Insets"
        case .font: "Font"
        case .cardState: "CardState"
        case .action: "Action"
        case .cardRef: "Card"
        case .themeRef: "Theme"
        case .list(let element): "[\(element)]"
        case .record(let fields):
            "(" + fields.map { "\($0.label): \($0.type)" }.joined(separator: ", ") + ")"
        case .openRecord: "Record"
        case .enumeration(let enumType): enumType.name
        }
    }

    /// Whether a binding (`$name`) may stand for a value of this type (docs/language.md §8):
    /// Text, Number, Bool, Color, lists and records may be bound; actions, enum cases, sizes,
    /// insets, fonts and references are literal only.
    public var isBindable: Bool {
        switch self {
        case .string, .int, .double, .bool, .color, .record, .openRecord: true
        case .list(let element): element.isBindable
        case .size, .insets, .font, .cardState, .action, .cardRef, .themeRef, .enumeration: false
        }
    }

    /// Whether this is `Int` or `Double`.
    public var isNumeric: Bool { self == .int || self == .double }

    /// Whether a value of type `found` may be used where `self` is expected: equal types, an
    /// `Int` where a `Double` is expected (also element-wise in lists), and any record where an
    /// open record is expected.
    public func accepts(_ found: ValueType) -> Bool {
        if self == found { return true }
        switch (self, found) {
        case (.double, .int): return true
        case (.list(let expected), .list(let element)): return expected.accepts(element)
        case (.openRecord, .record): return true
        default: return false
        }
    }

    /// The element type when this is a list.
    public var elementType: ValueType? {
        if case .list(let element) = self { return element }
        return nil
    }

    /// The enumeration when this is an enum type.
    public var enumType: EnumType? {
        if case .enumeration(let enumType) = self { return enumType }
        return nil
    }
}

/// One labelled field of a record type.
public struct RecordField: Sendable, Hashable {
    /// The field's label.
    public let label: String
    /// The field's type.
    public let type: ValueType

    /// Creates a record field.
    public init(_ label: String, _ type: ValueType) {
        self.label = label
        self.type = type
    }
}

/// An enumeration a parameter accepts: its cases are written `.name` or `.name(label: value)`.
public struct EnumType: Sendable, Hashable, CustomStringConvertible {
    /// The name shown in diagnostics and hover, e.g. `TextStyle`.
    public let name: String
    /// The Swift type the cases map to in generated code, e.g. `CardPartTextType`.
    public let swiftType: String
    /// The cases, in documentation order.
    public let cases: [EnumCase]
    /// The cases by name, for lookups straight from source bytes (derived from `cases`, so it
    /// takes no part in equality).
    package let caseTable: NameTable

    /// Creates an enumeration.
    public init(name: String, swiftType: String, cases: [EnumCase]) {
        self.name = name
        self.swiftType = swiftType
        self.cases = cases
        self.caseTable = NameTable(cases.map(\.name))
    }

    public static func == (lhs: EnumType, rhs: EnumType) -> Bool {
        lhs.name == rhs.name && lhs.swiftType == rhs.swiftType && lhs.cases == rhs.cases
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(swiftType)
        hasher.combine(cases)
    }

    /// Creates an enumeration whose cases take no arguments and keep their Swift names.
    public init(name: String, swiftType: String, simpleCases: [String]) {
        self.init(name: name, swiftType: swiftType, cases: simpleCases.map { EnumCase($0) })
    }

    /// The case called `name` (exact, case-sensitive), if any.
    public func enumCase(named name: String) -> EnumCase? {
        cases.first { $0.name == name }
    }

    /// The case names, in order.
    public var caseNames: [String] { cases.map(\.name) }

    /// `.a | .b | .c(x: Int)`, for messages and hover.
    public var description: String {
        cases.map(\.description).joined(separator: " | ")
    }
}

/// One case of an `EnumType`.
public struct EnumCase: Sendable, Hashable, CustomStringConvertible {
    /// The name written after the dot.
    public let name: String
    /// The labelled arguments the case takes (`.currency(maxLength: 8)`); empty for most cases.
    public let arguments: [EnumCaseArgument]
    /// The Swift spelling in generated code when it differs from the name (`.email` is
    /// `UIKeyboardType.emailAddress`); `nil` means the same name.
    public let swiftName: String?

    /// Creates a case.
    public init(_ name: String, arguments: [EnumCaseArgument] = [], swiftName: String? = nil) {
        self.name = name
        self.arguments = arguments
        self.swiftName = swiftName
    }

    /// `.name` or `.name(label: Type)`.
    public var description: String {
        if arguments.isEmpty { return "." + name }
        return "." + name + "(" + arguments.map { "\($0.label): \($0.type)" }.joined(separator: ", ") + ")"
    }
}

/// A labelled argument of an enum case.
public struct EnumCaseArgument: Sendable, Hashable {
    /// The label (always written).
    public let label: String
    /// The argument's type.
    public let type: ValueType
    /// The allowed numeric range, if constrained.
    public let range: NumericRange?

    /// Creates an enum case argument.
    public init(_ label: String, _ type: ValueType, range: NumericRange? = nil) {
        self.label = label
        self.type = type
        self.range = range
    }
}

// MARK: - Literal values held by the catalog

/// A font family: the system font or a named font.
public enum FontFamily: Sendable, Hashable, CustomStringConvertible {
    /// `UIFont.systemFont(ofSize:weight:)`.
    case system
    /// `UIFont(name:size:)` with the given PostScript/family name.
    case named(String)

    /// `.system` or the quoted name.
    public var description: String {
        switch self {
        case .system: ".system"
        case .named(let name): "\"\(name)\""
        }
    }
}

/// A font weight, as `UIFont.Weight`. docs/language.md §8 names `.regular|.medium|.semibold|.bold`;
/// the other `UIFont.Weight` values are accepted too because the built-in themes need `.black`
/// (CardParts' `turboGenericFontBlack`) and a CardParts user expects the full UIKit set.
public enum FontWeight: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// `.regular` etc.
    public var description: String { "." + rawValue }
}

/// A font value: family, point size and weight.
public struct FontValue: Sendable, Hashable, CustomStringConvertible {
    /// The family.
    public let family: FontFamily
    /// The point size.
    public let size: Double
    /// The weight. For named fonts this records the weight the name implies
    /// (`HelveticaNeue-Medium` is `.medium`); only `.system` fonts pass it to UIKit.
    public let weight: FontWeight

    /// Creates a font value.
    public init(_ family: FontFamily, size: Double, weight: FontWeight = .regular) {
        self.family = family
        self.size = size
        self.weight = weight
    }

    /// The source spelling: `font("HelveticaNeue", 14)` or `font(.system, 16, weight: .medium)`.
    public var description: String {
        switch family {
        case .system:
            "font(.system, \(CatalogValue.format(size)), weight: \(weight))"
        case .named:
            "font(\(family), \(CatalogValue.format(size)))"
        }
    }
}

/// A literal value stored in the catalog: a default, a built-in theme value, a fix-it placeholder.
public enum CatalogValue: Sendable, Hashable, CustomStringConvertible {
    case int(Int)
    case double(Double)
    case string(String)
    case bool(Bool)
    /// An enum case name, without the dot.
    case enumCase(String)
    /// A hex color, `#RRGGBB` or `#RRGGBBAA` (upper case).
    case color(String)
    /// A named UIKit color (`lightGray`), without the dot.
    case namedColor(String)
    case size(width: Double, height: Double)
    case insets(top: Double, left: Double, bottom: Double, right: Double)
    case font(FontValue)
    case list([CatalogValue])
    /// A bare identifier: an action, card or theme name (used for placeholders and theme defaults).
    case reference(String)
    /// A binding `$name` (only as a fix-it placeholder, e.g. for `hidden(isHidden:)`).
    case binding(String)

    /// The numeric value of `.int` and `.double`.
    public var numericValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// Equal insets on all four sides.
    public static func insets(_ all: Double) -> CatalogValue {
        .insets(top: all, left: all, bottom: all, right: all)
    }

    /// The value as it would be written in a `.cards` source (for fix-its, hover and explain).
    public var description: String {
        switch self {
        case .int(let value): String(value)
        case .double(let value): CatalogValue.format(value)
        case .string(let value): "\"" + CatalogValue.escape(value) + "\""
        case .bool(let value): value ? "true" : "false"
        case .enumCase(let name): "." + name
        case .color(let hex): hex
        case .namedColor(let name): "." + name
        case .size(let width, let height): "size(\(CatalogValue.format(width)), \(CatalogValue.format(height)))"
        case .insets(let top, let left, let bottom, let right):
            if top == left && left == bottom && bottom == right {
                "insets(\(CatalogValue.format(top)))"
            } else if top == bottom && left == right {
                "insets(\(CatalogValue.format(top)), \(CatalogValue.format(left)))"
            } else {
                "insets(top: \(CatalogValue.format(top)), left: \(CatalogValue.format(left)), "
                    + "bottom: \(CatalogValue.format(bottom)), right: \(CatalogValue.format(right)))"
            }
        case .font(let font): font.description
        case .list(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .reference(let name): name
        case .binding(let name): "$" + name
        }
    }

    /// Formats a number the way a person writes it: `10`, `0.5`, `-3`.
    public static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int(value))
        }
        return String(value)
    }

    private static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// A numeric range with optional, individually inclusive or exclusive bounds.
public struct NumericRange: Sendable, Hashable, CustomStringConvertible {
    /// The lower bound, if any.
    public let lowerBound: Double?
    /// The upper bound, if any.
    public let upperBound: Double?
    /// Whether the lower bound itself is excluded (`minimumDuration > 0`).
    public let excludesLowerBound: Bool
    /// Whether the upper bound itself is excluded.
    public let excludesUpperBound: Bool

    /// Creates a range.
    public init(lowerBound: Double?, upperBound: Double?,
                excludesLowerBound: Bool = false, excludesUpperBound: Bool = false) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
        self.excludesLowerBound = excludesLowerBound
        self.excludesUpperBound = excludesUpperBound
    }

    /// `lower…upper`, both inclusive.
    public static func closed(_ lower: Double, _ upper: Double) -> NumericRange {
        NumericRange(lowerBound: lower, upperBound: upper)
    }

    /// `≥ lower`.
    public static func atLeast(_ lower: Double) -> NumericRange {
        NumericRange(lowerBound: lower, upperBound: nil)
    }

    /// `> lower`.
    public static func greaterThan(_ lower: Double) -> NumericRange {
        NumericRange(lowerBound: lower, upperBound: nil, excludesLowerBound: true)
    }

    /// `≥ 0`.
    public static let nonNegative = NumericRange.atLeast(0)
    /// `0…1`.
    public static let unitInterval = NumericRange.closed(0, 1)

    /// Whether `value` lies in the range. NaN lies in no range.
    public func contains(_ value: Double) -> Bool {
        if value.isNaN { return false }
        if let lower = lowerBound {
            if excludesLowerBound ? !(value > lower) : !(value >= lower) { return false }
        }
        if let upper = upperBound {
            if excludesUpperBound ? !(value < upper) : !(value <= upper) { return false }
        }
        return true
    }

    /// `0…1`, `≥ 0`, `> 0`, `< 5`, `any value`.
    public var description: String {
        let lower = lowerBound.map(CatalogValue.format)
        let upper = upperBound.map(CatalogValue.format)
        switch (lower, upper) {
        case let (lower?, upper?):
            if !excludesLowerBound && !excludesUpperBound { return "\(lower)…\(upper)" }
            return "\(lower) \(excludesLowerBound ? "<" : "≤") x \(excludesUpperBound ? "<" : "≤") \(upper)"
        case let (lower?, nil): return (excludesLowerBound ? "> " : "≥ ") + lower
        case let (nil, upper?): return (excludesUpperBound ? "< " : "≤ ") + upper
        case (nil, nil): return "any value"
        }
    }
}

// MARK: - Parameters

/// One argument a part, trait, stack kind or structural node takes, or one property it accepts.
public final class Parameter: Sendable, Hashable {
    // A class: parameters are read per argument on the checker's hot path.
    public static func == (lhs: Parameter, rhs: Parameter) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The label. For a positional (`_`) parameter this is a descriptive name used in messages
    /// and hover (`text`, `name`), never written in source.
    public let name: String
    /// The declared type.
    public let type: ValueType
    /// Whether this is the first, unlabelled argument (`text("Hello")`); it must be written
    /// without a label.
    public let positional: Bool
    /// Whether the label may be omitted when this is the first argument
    /// (`customMargin(12)` and `customMargin(margin: 12)` are both valid).
    public let labelOptional: Bool
    /// Whether the argument must be given (E804 for parts, E501 for traits).
    public let required: Bool
    /// The value used when the argument is absent, if any.
    public let defaultValue: CatalogValue?
    /// The allowed numeric range (E805 / E503 / E705 outside), applied to every element of a
    /// numeric list.
    public let range: NumericRange?
    /// The minimum number of elements of a list value (gradient colors: 2).
    public let minimumCount: Int?
    /// Whether a binding may stand for the value (docs/language.md §8).
    public let bindable: Bool
    /// Whether a binding here is two-way (`slider.value`, `textField.text`).
    public let twoWay: Bool
    /// Whether the value must be a binding (`hidden.isHidden`, `table.rows`); a literal is E801.
    public let bindingRequired: Bool
    /// One line for hover, completion and `cardc explain`.
    public let doc: String
    /// `defaultValue` as a checked value, converted once (nil for a placeholder binding).
    public let checkedDefault: Value?
    /// Labels other frameworks use for this parameter (SwiftUI's and UIKit's habits, such as
    /// `onTap` for a button's `action`): an unknown label spelt so is offered this one.
    public let aliases: [String]

    /// Creates a parameter. `bindable` defaults to what the type allows.
    public init(_ name: String, _ type: ValueType, positional: Bool = false, labelOptional: Bool = false,
                required: Bool = false, default defaultValue: CatalogValue? = nil,
                range: NumericRange? = nil, minimumCount: Int? = nil, bindable: Bool? = nil,
                twoWay: Bool = false, bindingRequired: Bool = false, aliases: [String] = [], doc: String) {
        self.name = name
        self.aliases = aliases
        self.type = type
        self.positional = positional
        self.labelOptional = labelOptional
        self.required = required
        self.defaultValue = defaultValue
        self.range = range
        self.minimumCount = minimumCount
        self.bindable = bindable ?? (type.isBindable || bindingRequired)
        self.twoWay = twoWay
        self.bindingRequired = bindingRequired
        self.doc = doc
        self.checkedDefault = defaultValue.flatMap(\.checkedValue)
    }

    /// Whether the argument may be written without a label in first position.
    public var acceptsPositional: Bool { positional || labelOptional }

    /// `_ text: String`, `style: TextStyle = .normal`, for hover and signatures.
    public var signature: String {
        var out = (positional ? "_ " : "") + name + ": " + type.description
        if let defaultValue { out += " = " + defaultValue.description }
        return out
    }
}

extension Array where Element == Parameter {
    /// Whether an unlabelled value at `index` of an argument list is this list's parameter at
    /// `index`: a positional parameter, or the first one when its label may be left out.
    public func takesUnlabelledValue(at index: Int) -> Bool {
        index >= 0 && index < count && (self[index].positional || index == 0 && self[index].labelOptional)
    }
}

/// A rule relating two parameters of one entry, kept as data so the checker applies them
/// uniformly.
public enum CrossParameterRule: Sendable, Hashable {
    /// `required` must be given whenever `trigger` is given (`title`: `onMenu` with `menu`, E804).
    case requiredWhenPresent(required: String, trigger: String)
    /// The value of `lower` must be strictly less than `upper` (`slider`: `min < max`, E805;
    /// `collapsible`: `collapsedHeight < expandedHeight`, E705).
    case lessThan(lower: String, upper: String)
    /// Two list arguments must have the same number of elements (`progressBar`, E806).
    case sameCount(String, String)
    /// A warning when the parameter is absent (`button` without `action`, W105).
    case warnWhenAbsent(String)
    /// A warning when `label` is absent and `decorative` is not `true` (`image` without
    /// `accessibilityLabel:` or `decorative: true`, W1002).
    case warnWhenUnlabelled(label: String, decorative: String)
}

/// A part's cross-parameter rule with the indices in its parameter list of the parameters the
/// rule names (nil for a name the list lacks), in the order the rule names them: every part is
/// checked against its rules, and finding its arguments by index compares no names.
package struct IndexedRule: Sendable {
    package let rule: CrossParameterRule
    package let first: Int?
    package let second: Int?

    package init(_ rule: CrossParameterRule, in parameters: [Parameter]) {
        self.rule = rule
        let names: (String, String?)
        switch rule {
        case .requiredWhenPresent(let required, let trigger): names = (required, trigger)
        case .lessThan(let lower, let upper): names = (lower, upper)
        case .sameCount(let first, let second): names = (first, second)
        case .warnWhenAbsent(let parameter): names = (parameter, nil)
        case .warnWhenUnlabelled(let label, let decorative): names = (label, decorative)
        }
        first = parameters.firstIndex { $0.name == names.0 }
        second = names.1.flatMap { name in parameters.firstIndex { $0.name == name } }
    }
}

// MARK: - Parts and structural nodes

/// Whether a node is a CardParts part or one of the language's structural nodes.
public enum CatalogEntryKind: Sendable, Hashable {
    /// A part from docs/language.md §7.1, backed by a CardParts class.
    case part
    /// `cell`, `overlay`, `footer`, `model`: nodes of the language itself, with their own rules.
    case structural
}

/// What a node accepts in its block.
public enum ChildRule: Sendable, Hashable {
    /// No block at all (E401 when given children).
    case leaf
    /// Any parts; fewer than `minimum` is W103 when `warnIfEmpty`, else an error (E404).
    case anyParts(minimum: Int, warnIfEmpty: Bool)
    /// Exactly `n` parts (E404).
    case exactlyParts(Int)
    /// Only parts of the given kinds (E403), at least `minimum` of them (W103 when fewer;
    /// `minimum: 0` never warns).
    case onlyKinds([String], minimum: Int)
    /// A `cell { parts }` row template: optional (table) or exactly one (collection, E404).
    case cellTemplate(required: Bool)
    /// `field: value` properties, not parts (`model`).
    case modelFields

    /// Whether the node takes a block at all.
    public var acceptsChildren: Bool {
        if case .leaf = self { return false }
        return true
    }

    /// Whether the children are a row template (`cell`): the node is a row container.
    public var isCellTemplate: Bool {
        if case .cellTemplate = self { return true }
        return false
    }
}

/// A cap on how many children of one kind a container accepts (E406 at the excess child).
public struct KindLimit: Sendable, Hashable {
    /// The child node name.
    public let kind: String
    /// The maximum count.
    public let maximum: Int

    /// Creates a limit.
    public init(kind: String, maximum: Int) {
        self.kind = kind
        self.maximum = maximum
    }
}

/// Where a node may be written (E405 elsewhere).
public enum Placement: Sendable, Hashable {
    /// Anywhere a part may sit: a card, a state, a container part, an `overlay` or a `footer`.
    case partContext
    /// Directly in a card body, and also directly in a `state` block when `allowedInState`.
    case cardLevel(allowedInState: Bool)
    /// Only directly inside the given nodes (`cell`: `table`, `collection`).
    case directlyInside([String])
}

/// A catalog parameter list in the form the argument checker reads per argument, derived once
/// from the `Parameter`s: a trivially-copyable shape per parameter, so the hot loop copies no
/// `Parameter` reference and no `ValueType` (each of those cost reference counting per argument).
package final class ParameterList: Sendable {
    /// What the argument checker needs of one parameter on its happy paths.
    package struct Shape {
        /// The declared type, where the checker has a happy path for it; `other` goes to `check`.
        package enum Kind: UInt8 { case string, int, double, bool, color, cardState, action, enumeration, other }

        package let kind: Kind
        package let positional: Bool
        package let labelOptional: Bool
        package let bindingRequired: Bool
        /// The parameter's `bindable` and `twoWay`, for a binding's use.
        package let bindable: Bool
        package let twoWay: Bool
        package let range: NumericRange?
        /// For an enumeration, bit i: case i takes no arguments (later cases take `check`).
        package let plainCases: UInt64

        package var acceptsPositional: Bool { positional || labelOptional }

        /// The kind of a value of `type`, and for an enumeration, bit i: case i takes no arguments.
        static func kind(of type: ValueType) -> (kind: Kind, plainCases: UInt64) {
            switch type {
            case .string: return (.string, 0)
            case .int: return (.int, 0)
            case .double: return (.double, 0)
            case .bool: return (.bool, 0)
            case .color: return (.color, 0)
            case .cardState: return (.cardState, 0)
            case .action: return (.action, 0)
            case .enumeration(let type):
                var plainCases: UInt64 = 0
                for (index, enumCase) in type.cases.prefix(64).enumerated() where enumCase.arguments.isEmpty {
                    plainCases |= 1 << UInt64(index)
                }
                return (.enumeration, plainCases)
            default: return (.other, 0)
            }
        }
    }

    package let parameters: [Parameter]
    /// `parameters` by name, for lookups straight from source bytes.
    package let table: NameTable
    package let shapes: [Shape]
    /// The parameters' declared types, for binding uses: read without retaining a `Parameter`.
    package let types: [ValueType]
    /// An enumeration parameter's case table, by parameter index (nil for other types). Unmanaged,
    /// so a lookup retains no table: each is kept alive by its `EnumType` in `parameters`.
    package let caseTables: [Unmanaged<NameTable>?]
    /// The indices of the required parameters.
    package let required: [Int]
    /// Bit i: `parameters[i]` is required.
    package let requiredMask: UInt64

    /// The most parameters a list has: the checker keeps a bit per parameter.
    package static let maximumCount = 64

    package init(_ parameters: [Parameter]) {
        precondition(parameters.count <= Self.maximumCount, "a catalog parameter list has at most \(Self.maximumCount) entries")
        self.parameters = parameters
        table = NameTable(parameters.map(\.name))
        shapes = parameters.map { parameter in
            let (kind, plainCases) = Shape.kind(of: parameter.type)
            return Shape(kind: kind, positional: parameter.positional, labelOptional: parameter.labelOptional,
                         bindingRequired: parameter.bindingRequired, bindable: parameter.bindable, twoWay: parameter.twoWay,
                         range: parameter.range, plainCases: plainCases)
        }
        types = parameters.map(\.type)
        caseTables = parameters.map { if case .enumeration(let type) = $0.type { Unmanaged.passUnretained(type.caseTable) } else { nil } }
        required = parameters.indices.filter { parameters[$0].required }
        requiredMask = required.reduce(0) { $0 | 1 << UInt64($1) }
    }

    /// The empty list.
    package static let empty = ParameterList([])
}

/// Where a colour a part draws comes from, first that is there: the part's own argument (a colour,
/// or a list of colours, each drawn), else a theme property, else a fixed colour (UIKit's).
public struct DrawnColor: Sendable {
    public let parameter: String?
    public let themeProperty: String?
    public let fixed: ColorValue?

    public init(parameter: String? = nil, themeProperty: String? = nil, fixed: ColorValue? = nil) {
        self.parameter = parameter
        self.themeProperty = themeProperty
        self.fixed = fixed
    }

    /// A theme property's colour.
    public static func theme(_ property: String) -> DrawnColor { DrawnColor(themeProperty: property) }
}

/// When a part draws one of its texts or graphics.
public enum DrawnPresence: Sendable, Hashable {
    case always
    /// When the argument is given.
    case argument(String)
    /// When either argument is given.
    case eitherArgument(String, String)
    /// When the Bool argument is true.
    case flag(String)
    /// A row container without a `cell` template: its default rows (each a record's field).
    case defaultRows
}

/// A text a part draws, in which colour and font, and on what (docs/language.md §7.4): what the
/// contrast rule compares (W1001) and what the drawing back ends paint.
public struct DrawnText: Sendable {
    /// What the text is, for messages: a parameter (`leftTitle`) or a default row's field.
    public let name: String
    /// The text's colour; with `styleParameter`, its theme property is the style's.
    public let color: DrawnColor
    /// The theme's font property, unless `styleParameter` or `fontParameter` says otherwise.
    public let fontProperty: String
    /// The part's own `font:` argument, which overrides.
    public let fontParameter: String?
    /// `text(style:)`: the case `c` draws in `cTextColor` and `cTextFont` (`normal` by default).
    public let styleParameter: String?
    /// The fill it sits on inside the part (`pill`: the theme's separator colour); nil: what the
    /// part sits on.
    public let fill: DrawnColor?
    public let presence: DrawnPresence

    public init(_ name: String, color: DrawnColor, font fontProperty: String, fontParameter: String? = nil,
                styleParameter: String? = nil, on fill: DrawnColor? = nil, when presence: DrawnPresence = .always) {
        self.name = name
        self.color = color
        self.fontProperty = fontProperty
        self.fontParameter = fontParameter
        self.styleParameter = styleParameter
        self.fill = fill
        self.presence = presence
    }
}

/// A graphic a part draws that a user needs to see to understand it — a bar's fill, a radio
/// button's ring — which WCAG 2.2 SC 1.4.11 asks to contrast 3:1 with what is around it (W1004).
/// Decoration (separators, confetti, a slider's empty track) is not listed.
public struct DrawnGraphic: Sendable {
    /// What it is, for messages: `fill`, `segment`, `ring`.
    public let name: String
    public let color: DrawnColor
    public let presence: DrawnPresence

    public init(_ name: String, color: DrawnColor, when presence: DrawnPresence = .always) {
        self.name = name
        self.color = color
        self.presence = presence
    }
}

/// One entry of the node table: a part or a structural node.
public final class PartSpec: Sendable, Hashable {
    // A class: specs are looked up per node, and copying a struct of arrays cost a retain per field.
    public static func == (lhs: PartSpec, rhs: PartSpec) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Which node this is: the one enumeration of the catalog's nodes.
    public let kind: PartKind
    /// The name written in source (`text`, `vstack`, `cell`).
    public let name: String
    /// Part or structural node.
    public let category: CatalogEntryKind
    /// The exact CardParts class (`CardPartTextView`), or for structural nodes the seed type they
    /// map to when there is one (`CardPartTableViewCardPartsCell`); `nil` for `model`, `overlay`
    /// and `footer`.
    public let cardPartsClass: String?
    /// One line for hover, completion and `cardc explain`.
    public let doc: String
    /// The arguments, positional one first.
    public let parameters: [Parameter]
    /// A row container's list parameter (`table.rows`, `collection.items`): the checker, the
    /// back ends and the editor read the rows from it.
    public var rowsParameter: Parameter? {
        children.isCellTemplate ? parameters.first { $0.required && $0.type.elementType != nil } : nil
    }
    /// What the block accepts.
    public let children: ChildRule
    /// Per-kind caps on children (`attributedText`: at most one `image`).
    public let childLimits: [KindLimit]
    /// Names of the children by position when they have fixed roles (`centered`: left, center,
    /// right).
    public let childRoles: [String]
    /// Where the node may be written.
    public let placement: Placement
    /// Whether the node must sit in a horizontal context (`verticalSeparator`, W402 outside).
    public let needsHorizontalContext: Bool
    /// Whether the node's children are laid out horizontally (`hstack`, `centered`).
    public let providesHorizontalContext: Bool
    /// Whether the node only makes sense in a card shown in a swipe stack (W703).
    public let swipeOnly: Bool
    /// At most this many per card (`model`: 1, `footer`: 1); `nil` for no limit.
    public let maximumPerCard: Int?
    /// A parameter whose value must be unique among siblings (`overlay`: one per direction).
    public let uniqueBy: String?
    /// Whether the part is a tap target: what its laid-out frame covers runs an action on tap
    /// (`button`, `radio`), so a frame under `Catalog.minimumTapTarget` is W1003.
    public let isTapTarget: Bool
    /// The texts the part draws (W1001) and the graphics a user must see (W1004), with their
    /// colours, in the order the drawing back ends paint them.
    public let texts: [DrawnText]
    public let graphics: [DrawnGraphic]
    /// Rules between parameters.
    public let rules: [CrossParameterRule]
    /// `rules` with the parameters they name as indices, for the checker.
    package let indexedRules: [IndexedRule]
    /// Whether a rule compares argument values (the others ask only whether one is given).
    package let rulesReadValues: Bool
    /// Fixed CardParts settings implied by the node (`vstack`: `axis = .vertical`), in order,
    /// for the Swift back end.
    public let presets: [Preset]
    /// Field names of the default row record when no `cell` template is given (`table`).
    public let defaultRowFields: [String]
    /// `parameters` in the form the argument checker reads.
    package let parameterList: ParameterList
    /// The index in `parameters` of `id:`, which every part takes (`Catalog.partIDParameter`);
    /// nil for structural nodes.
    package let idParameterIndex: Int?

    /// Creates an entry.
    public init(_ kind: PartKind, category: CatalogEntryKind = .part, cardPartsClass: String?, doc: String,
                parameters: [Parameter] = [], children: ChildRule = .leaf,
                childLimits: [KindLimit] = [], childRoles: [String] = [],
                placement: Placement = .partContext, needsHorizontalContext: Bool = false,
                providesHorizontalContext: Bool = false, swipeOnly: Bool = false,
                maximumPerCard: Int? = nil, uniqueBy: String? = nil, isTapTarget: Bool = false,
                texts: [DrawnText] = [], graphics: [DrawnGraphic] = [],
                rules: [CrossParameterRule] = [], presets: [Preset] = [],
                defaultRowFields: [String] = []) {
        self.kind = kind
        self.name = String(describing: kind)
        self.category = category
        self.cardPartsClass = cardPartsClass
        self.doc = doc
        // Every part also takes the arguments all parts share (`id:`), after its own.
        let parameters = category == .part ? parameters + Catalog.sharedPartParameters : parameters
        self.parameters = parameters
        idParameterIndex = category == .part ? parameters.firstIndex { $0 === Catalog.partIDParameter } : nil
        self.children = children
        self.childLimits = childLimits
        self.childRoles = childRoles
        self.placement = placement
        self.needsHorizontalContext = needsHorizontalContext
        self.providesHorizontalContext = providesHorizontalContext
        self.swipeOnly = swipeOnly
        self.maximumPerCard = maximumPerCard
        self.uniqueBy = uniqueBy
        self.isTapTarget = isTapTarget
        self.texts = texts
        self.graphics = graphics
        self.rules = rules
        indexedRules = rules.map { IndexedRule($0, in: parameters) }
        rulesReadValues = rules.contains { rule in
            switch rule {
            case .lessThan, .sameCount, .warnWhenUnlabelled: true
            case .requiredWhenPresent, .warnWhenAbsent: false
            }
        }
        self.presets = presets
        self.defaultRowFields = defaultRowFields
        self.parameterList = ParameterList(parameters)
    }

    /// Whether this is a container (its Children column is not "leaf").
    public var isContainer: Bool { children.acceptsChildren }

    /// The parameter labelled `name` (or the positional parameter's descriptive name).
    public func parameter(named name: String) -> Parameter? {
        parameters.first { $0.name == name }
    }

    /// The first-position parameter that may be written without a label, if any.
    public var positionalParameter: Parameter? {
        parameters.first.flatMap { $0.acceptsPositional ? $0 : nil }
    }

    /// The required parameters.
    public var requiredParameters: [Parameter] { parameters.filter(\.required) }

    /// `text(_ text: String, style: TextStyle = .normal, …)`.
    public var signature: String {
        name + "(" + parameters.map(\.signature).joined(separator: ", ") + ")"
    }
}

/// A fixed property assignment the Swift back end applies for a node.
public struct Preset: Sendable, Hashable {
    /// The CardParts/UIKit property.
    public let property: String
    /// The Swift expression assigned.
    public let swiftValue: String

    /// Creates a preset.
    public init(_ property: String, _ swiftValue: String) {
        self.property = property
        self.swiftValue = swiftValue
    }
}

// MARK: - Traits

/// A Swift member a CardParts protocol declares.
public struct SwiftMember: Sendable, Hashable {
    /// The member as named in messages: `shadowOpacity()`, `isHidden`, `didLongPress(_:)`.
    public let name: String
    /// The full declaration, e.g. `func shadowOpacity() -> Float`.
    public let declaration: String
    /// The return (or property) type, e.g. `Float`; `Void` for actions.
    public let returnType: String
    /// Whether the protocol (or an extension of it) supplies a default implementation.
    public let hasDefault: Bool
    /// Whether the member is `@objc optional`.
    public let isOptional: Bool

    /// Creates a member description.
    public init(_ name: String, declaration: String, returnType: String,
                hasDefault: Bool = false, isOptional: Bool = false) {
        self.name = name
        self.declaration = declaration
        self.returnType = returnType
        self.hasDefault = hasDefault
        self.isOptional = isOptional
    }
}

/// One requirement of a trait: a language argument and the protocol member that implements it.
public struct TraitRequirement: Sendable, Hashable {
    /// The argument as written in source (`opacity: 0.5`).
    public let parameter: Parameter
    /// The CardParts protocol member generated from it (`shadowOpacity() -> Float`).
    public let member: SwiftMember
    /// A plausible value the E501 fix-it inserts (`0.5`, `size(0, 0)`).
    public let placeholder: CatalogValue

    /// Creates a requirement.
    public init(_ parameter: Parameter, member: SwiftMember, placeholder: CatalogValue) {
        self.parameter = parameter
        self.member = member
        self.placeholder = placeholder
    }
}

/// One trait a card may conform to (docs/language.md §7.2).
public final class TraitSpec: Sendable, Hashable {
    // A class: specs are looked up per node, and copying a struct of arrays cost a retain per field.
    public static func == (lhs: TraitSpec, rhs: TraitSpec) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The name written in source (`shadow`).
    public let name: String
    /// The CardParts protocol (`ShadowCardTrait`).
    public let cardPartsProtocol: String
    /// One line for hover and explain.
    public let doc: String
    /// The requirements, in documentation order.
    public let requirements: [TraitRequirement]
    /// Protocol members with defaults that the language does not expose but generated code may
    /// implement (`requiresTransparentCard() -> Bool`, `isEditable() -> Bool`).
    public let impliedMembers: [SwiftMember]
    /// Whether the trait fills the card's frame (`gradient`): a `transparent` card with it is
    /// still filled, so its layer shadow follows the frame (W501 does not apply).
    public let fillsCard: Bool
    /// Whether the trait is the card layer's shadow (`shadow`). A layer's shadow follows what the
    /// layer draws: on a `transparent` card with no trait that fills it, the text and images of
    /// its parts rather than the card's edge (W501).
    public let isLayerShadow: Bool
    /// Traits this one takes away wherever the card is shown: `CardCell.gradientColors` clears
    /// the border set before it, and the generated stacks do the same (W503).
    public let removes: [String]
    /// Stack kinds in which the trait has no effect (W502 when every stack of the card is one).
    public let ineffectiveInStackKinds: [String]
    /// The language-level parameters (one per requirement, in order).
    public let parameters: [Parameter]
    /// `parameters` in the form the argument checker reads.
    package let parameterList: ParameterList

    /// Creates a trait entry.
    public init(_ name: String, cardPartsProtocol: String, doc: String,
                requirements: [TraitRequirement] = [], impliedMembers: [SwiftMember] = [],
                fillsCard: Bool = false, isLayerShadow: Bool = false, removes: [String] = [],
                ineffectiveInStackKinds: [String] = []) {
        self.name = name
        self.cardPartsProtocol = cardPartsProtocol
        self.doc = doc
        self.requirements = requirements
        self.impliedMembers = impliedMembers
        self.fillsCard = fillsCard
        self.isLayerShadow = isLayerShadow
        self.removes = removes
        self.ineffectiveInStackKinds = ineffectiveInStackKinds
        self.parameters = requirements.map(\.parameter)
        self.parameterList = ParameterList(parameters)
    }

    /// The requirement for argument `name`.
    public func requirement(named name: String) -> TraitRequirement? {
        requirements.first { $0.parameter.name == name }
    }

    /// The requirements that must be written (no default).
    public var requiredRequirements: [TraitRequirement] { requirements.filter(\.parameter.required) }

    /// `shadow(color: Color, radius: Double, …)`.
    public var signature: String {
        requirements.isEmpty
            ? name
            : name + "(" + requirements.map(\.parameter.signature).joined(separator: ", ") + ")"
    }
}

// MARK: - Stack kinds

/// How many card references a stack needs.
public enum CardCountRule: Sendable, Hashable {
    /// At least `n` (E701 when empty).
    case atLeast(Int)
    /// Exactly `n` (`fullScreen`: one, E702).
    case exactly(Int)
}

/// One stack kind (docs/language.md §6).
public final class StackKindSpec: Sendable, Hashable {
    // A class: specs are looked up per node, and copying a struct of arrays cost a retain per field.
    public static func == (lhs: StackKindSpec, rhs: StackKindSpec) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The name written after `stack Name:` (`collapsible`).
    public let name: String
    /// The seed library (`CardParts`, `CardsStack`, `MGSwipeCards`, `TGCardViewController`).
    public let seedSystem: String
    /// The seed class or type the stack maps to (`CardsViewController`, `CardStack`).
    public let seedClass: String
    /// What the Swift back end appends to the stack's name to name the view controller it
    /// generates (`CardsViewController` → `OverviewCardsViewController`). No suffix is a suffix
    /// of another generated type's suffix (`SwiftNames`), so generated names cannot collide.
    public let swiftTypeSuffix: String
    /// One line for hover and explain.
    public let doc: String
    /// The kind's arguments (`cardOffset: 40`), with defaults and ranges (E705 outside).
    public let arguments: [Parameter]
    /// Properties allowed in the stack body besides card references (`theme`, `initial`, …).
    public let bodyProperties: [Parameter]
    /// How many cards the stack needs.
    public let cardCount: CardCountRule
    /// Whether the same card may be listed more than once (`swipe`).
    public let cardsMayRepeat: Bool
    /// Whether cards of this stack may use `overlay`/`footer` (W703 otherwise).
    public let allowsSwipeNodes: Bool
    /// Whether a card's `position:` property means something here (W704 otherwise).
    public let allowsCardPosition: Bool
    /// Whether every card needs `title:` (E703).
    public let requiresCardTitle: Bool
    /// Whether `push(Card)`/`pop` are valid, and `push` targets must be cards of the same stack
    /// (E704).
    public let supportsNavigation: Bool
    /// How the layout places the stack's cards (docs/language.md §6.1).
    public let geometry: StackGeometryKind
    /// The layout positions the layout back end emits for the stack, in order.
    public let layoutPositions: [String]
    /// Rules between arguments (E705).
    public let rules: [CrossParameterRule]
    /// `arguments` in the form the argument checker reads.
    package let argumentList: ParameterList

    /// Creates a stack kind entry.
    public init(_ name: String, seedSystem: String, seedClass: String, swiftTypeSuffix: String, doc: String,
                arguments: [Parameter] = [], bodyProperties: [Parameter] = [],
                cardCount: CardCountRule = .atLeast(1), cardsMayRepeat: Bool = false,
                allowsSwipeNodes: Bool = false, allowsCardPosition: Bool = false,
                requiresCardTitle: Bool = false, supportsNavigation: Bool = false,
                geometry: StackGeometryKind, layoutPositions: [String], rules: [CrossParameterRule] = []) {
        self.name = name
        self.seedSystem = seedSystem
        self.seedClass = seedClass
        self.swiftTypeSuffix = swiftTypeSuffix
        self.doc = doc
        self.arguments = arguments
        self.bodyProperties = bodyProperties
        self.cardCount = cardCount
        self.cardsMayRepeat = cardsMayRepeat
        self.allowsSwipeNodes = allowsSwipeNodes
        self.allowsCardPosition = allowsCardPosition
        self.requiresCardTitle = requiresCardTitle
        self.supportsNavigation = supportsNavigation
        self.geometry = geometry
        self.layoutPositions = layoutPositions
        self.rules = rules
        self.argumentList = ParameterList(arguments)
    }

    /// The argument labelled `name`.
    public func argument(named name: String) -> Parameter? {
        arguments.first { $0.name == name }
    }

    /// The body property called `name`.
    public func bodyProperty(named name: String) -> Parameter? {
        bodyProperties.first { $0.name == name }
    }
}

/// How a stack kind places its cards (docs/language.md §6.1): the layout's geometry for the kind.
public enum StackGeometryKind: Sendable, Hashable {
    /// One under another, each as tall as its content (`CardsViewController`).
    case list
    /// CardsStack's overlapping wallet, collapsed and expanded.
    case collapsible
    /// MGSwipeCards' deck: the top cards over one another.
    case swipe
    /// TGCardViewController's sheet over a map.
    case sheet
}

// MARK: - Themes, colors, card-level vocabulary

/// One `CardPartsTheme` property a theme may set (docs/language.md §9), with the built-in values.
public struct ThemePropertySpec: Sendable, Hashable {
    /// The property name (`normalTextFont`).
    public let name: String
    /// The property's type (`.font`, `.color`, `.double`, `.insets`).
    public let type: ValueType
    /// The Swift type in `CardPartsTheme` (`UIFont`, `UIColor`, `CGFloat`, `UIEdgeInsets`).
    public let swiftType: String
    /// One line for hover and explain.
    public let doc: String
    /// The value in CardParts' `CardPartsMintTheme`.
    public let mintValue: CatalogValue
    /// The value in CardParts' `CardPartsTurboTheme`.
    public let turboValue: CatalogValue
    /// A font property: the UIKit text style it scales with under Dynamic Type (the layout at a
    /// `--text-size`, and `UIFontMetrics(forTextStyle:)` in generated Swift); nil otherwise.
    public let textStyle: DynamicTypeStyle?

    /// Creates a theme property entry.
    public init(_ name: String, _ type: ValueType, swiftType: String, doc: String,
                mint: CatalogValue, turbo: CatalogValue, textStyle: DynamicTypeStyle? = nil) {
        self.name = name
        self.type = type
        self.swiftType = swiftType
        self.doc = doc
        self.mintValue = mint
        self.turboValue = turbo
        self.textStyle = textStyle
    }
}

/// A `text(style:)` case — CardParts' `CardPartTextType` — and what a label of that style draws
/// with: the theme font and colour `CardPartTextView` takes for it. The one table of text styles
/// (`Catalog.textStyles`): the checker's enumeration, the layout's font sizes, the contrast
/// rule's colours and every back end's look of a style read it.
public struct TextStyleSpec: Sendable, Hashable {
    /// The case name (`detail`).
    public let name: String
    /// The theme font property (`detailTextFont`).
    public let fontProperty: String
    /// The theme colour property (`detailTextColor`).
    public let colorProperty: String
    /// How the style stands out, for back ends that cannot show its font (the terminal preview).
    public let prominence: TextProminence
    /// The UIKit text style its font scales with under Dynamic Type: its font property's
    /// (`ThemePropertySpec.textStyle`).
    public let dynamicTypeStyle: DynamicTypeStyle?

    /// Creates a text style entry; its Dynamic Type style is its font property's.
    public init(_ name: String, font fontProperty: String, color colorProperty: String, prominence: TextProminence) {
        self.name = name
        self.fontProperty = fontProperty
        self.colorProperty = colorProperty
        self.prominence = prominence
        dynamicTypeStyle = Catalog.themeProperty(named: fontProperty)?.textStyle
    }
}

/// How a text style stands out beside body text.
public enum TextProminence: Sendable, Hashable {
    /// Body text.
    case regular
    /// A heading: larger or heavier than body text.
    case heading
    /// Secondary text: smaller or lighter than body text.
    case secondary
}

/// A theme that exists without a declaration (`Mint`, `Turbo`).
public struct BuiltInTheme: Sendable, Hashable {
    /// The name used in source (`Mint`).
    public let name: String
    /// The CardParts class (`CardPartsMintTheme`).
    public let cardPartsClass: String
    /// Every theme property's value, by property name.
    public let values: [String: CatalogValue]

    /// Creates a built-in theme.
    public init(name: String, cardPartsClass: String, values: [String: CatalogValue]) {
        self.name = name
        self.cardPartsClass = cardPartsClass
        self.values = values
    }

    /// The value of `property`, if it is a theme property.
    public func value(of property: String) -> CatalogValue? { values[property] }
}

/// A named UIKit color (`.lightGray`) with its sRGB components.
public struct NamedColor: Sendable, Hashable {
    /// The name written after the dot.
    public let name: String
    /// `#RRGGBB` or `#RRGGBBAA` (only `clear` has an alpha), upper case.
    public let hex: String
    /// Red, 0…255.
    public let red: UInt8
    /// Green, 0…255.
    public let green: UInt8
    /// Blue, 0…255.
    public let blue: UInt8
    /// Alpha, 0…255.
    public let alpha: UInt8
    /// The `UIColor` class property (`UIColor.lightGray`).
    public var swiftName: String { "UIColor." + name }

    /// Creates a named color from its components; `hex` is derived.
    public init(_ name: String, red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.name = name
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        hex = ColorValue(red: red, green: green, blue: blue, alpha: alpha).hex
    }
}

/// What a card-level property does, so the checker switches on the role rather than the name.
public enum CardPropertyRole: Sendable, Hashable {
    case tap, title, subtitle, position, swipe
}

/// A property written in a card body or a state block (`tap:`, `title:`, …).
public struct CardPropertySpec: Sendable, Hashable {
    /// The property and its type.
    public let parameter: Parameter
    /// What it does.
    public let role: CardPropertyRole
    /// Whether the property may also be written inside a `state` block.
    public let allowedInState: Bool
    /// The stack kind that gives the property meaning, if only one does (`position`: sheet, W704;
    /// `swipe`: swipe).
    public let meaningfulInStackKind: String?
    /// What the property does there, for W704's help when the card is in no such stack.
    public let effect: String

    /// Creates a card property entry.
    public init(_ parameter: Parameter, role: CardPropertyRole, allowedInState: Bool = false, meaningfulInStackKind: String? = nil,
                effect: String = "") {
        self.parameter = parameter
        self.role = role
        self.effect = effect
        self.allowedInState = allowedInState
        self.meaningfulInStackKind = meaningfulInStackKind
    }

    /// The property name.
    public var name: String { parameter.name }
}

/// A state name with built-in meaning (`none`, `loading`, `empty`, `hasData`).
public struct BuiltInState: Sendable, Hashable {
    /// The name written in source.
    public let name: String
    /// The CardParts `CardState` case (`.hasData`); custom states are `.custom("NAME")`.
    public let swiftCase: String
    /// One line for hover.
    public let doc: String
    /// A state a card declaring this one should declare too (`loading` expects `hasData`: W601).
    public let expects: String?

    /// Creates a built-in state.
    public init(_ name: String, swiftCase: String, doc: String, expects: String? = nil) {
        self.name = name
        self.swiftCase = swiftCase
        self.doc = doc
        self.expects = expects
    }
}

/// What a built-in action does.
public enum BuiltInAction: Sendable, Hashable {
    /// Pushes the card its one argument names.
    case push
    /// Pops the top card.
    case pop
}

/// An action the language defines (`push(Card)`, `pop`).
public struct BuiltInActionSpec: Sendable, Hashable {
    /// The name written in source.
    public let name: String
    /// What it does.
    public let kind: BuiltInAction
    /// The arguments (`push` takes one card reference).
    public let parameters: [Parameter]
    /// The stack kinds in which the action is valid.
    public let validInStackKinds: [String]
    /// One line for hover.
    public let doc: String

    /// Creates a built-in action.
    public init(_ name: String, parameters: [Parameter] = [], kind: BuiltInAction, validInStackKinds: [String], doc: String) {
        self.name = name
        self.kind = kind
        self.parameters = parameters
        self.validInStackKinds = validInStackKinds
        self.doc = doc
    }
}

/// A value constructor call (`size(0, 5)`, `insets(12)`, `font("Avenir", 17)`).
public struct ValueConstructorSpec: Sendable, Hashable {
    /// The name written in source.
    public let name: String
    /// The type of the value built.
    public let result: ValueType
    /// The accepted argument lists; the first whose shape matches the call applies.
    public let overloads: [[Parameter]]
    /// One line for hover.
    public let doc: String

    /// Creates a constructor entry.
    public init(_ name: String, result: ValueType, overloads: [[Parameter]], doc: String) {
        self.name = name
        self.result = result
        self.overloads = overloads
        self.doc = doc
    }
}

// MARK: - The catalog namespace

/// The language's vocabulary: every part, structural node, trait, stack kind, theme property,
/// named color, card property, built-in state, built-in action and value constructor, with O(1)
/// lookup by name. The entries are in `CatalogData.swift`.
public enum Catalog {
    /// The binding name that refers to the current row inside a `cell` (`$item.field`).
    public static let rowBindingName = "item"
    /// The theme a stack uses without `theme:`, and the parent of a theme without one.
    public static let defaultThemeName = "Mint"
    /// The smallest tap target Apple's Human Interface Guidelines accept, in points (W1003).
    public static let minimumTapTarget = 44.0
    /// The reserved model field selecting the default state.
    public static let stateFieldName = "state"
    /// The one state of a card without state blocks.
    public static let defaultStateName = "none"

    /// The theme properties as parameters (numbers at least 0), in catalog order: what a theme's
    /// values are checked against, and what a resolved theme's arguments are indexed by. The
    /// default (Mint's) sizes a font written as a name alone in E801's fix-it.
    public static let themePropertyParameters: [Parameter] = themeProperties.map {
        Parameter($0.name, $0.type, default: $0.mintValue, range: $0.type.isNumeric ? .nonNegative : nil, doc: $0.doc)
    }

    /// Every CardParts part (kind `.part`), in docs/language.md §7.1 order.
    public static let parts: [PartSpec] = nodes.filter { $0.category == .part }
    /// The structural nodes (`cell`, `overlay`, `footer`, `model`).
    public static let structuralNodes: [PartSpec] = nodes.filter { $0.category == .structural }

    package static let nodesByName: [String: PartSpec] = index(nodes, by: \.name)
    package static let nodesByClass: [String: PartSpec] = {
        var table: [String: PartSpec] = [:]
        // First entry wins: `CardPartStackView` maps to `vstack`. Structural nodes with a seed
        // class take part too (`CardPartTableViewCardPartsCell` → `cell`).
        for node in nodes {
            if let cls = node.cardPartsClass, table[cls] == nil { table[cls] = node }
        }
        return table
    }()
    package static let traitsByName: [String: TraitSpec] = index(traits, by: \.name)
    package static let traitsByProtocol: [String: TraitSpec] = index(traits, by: \.cardPartsProtocol)
    package static let stackKindsByName: [String: StackKindSpec] = index(stackKinds, by: \.name)
    package static let stackKindsBySeedClass: [String: StackKindSpec] = index(stackKinds, by: \.seedClass)
    package static let themePropertiesByName: [String: ThemePropertySpec] = index(themeProperties, by: \.name)
    package static let namedColorsByName: [String: NamedColor] = index(namedColors, by: \.name)
    package static let cardPropertiesByName: [String: CardPropertySpec] = index(cardProperties, by: \.name)
    package static let builtInStatesByName: [String: BuiltInState] = index(builtInStates, by: \.name)
    package static let builtInActionsByName: [String: BuiltInActionSpec] = index(builtInActions, by: \.name)
    package static let constructorsByName: [String: ValueConstructorSpec] = index(valueConstructors, by: \.name)
    package static let builtInThemesByName: [String: BuiltInTheme] = index(builtInThemes, by: \.name)

    // The same vocabulary keyed by bytes, for the checker's hot path (`NameTable`). Catalog
    // names are ASCII without `K`, `;` or a backtick (a test checks), the only ASCII characters
    // another character is canonically equivalent to, so byte equality is `String` equality here.
    package static let nodeTable = NameTable(nodes.map(\.name))
    package static let traitTable = NameTable(traits.map(\.name))
    package static let cardPropertyTable = NameTable(cardProperties.map(\.name))
    package static let namedColorTable = NameTable(namedColors.map(\.name))
    package static let builtInStateTable = NameTable(builtInStates.map(\.name))
    package static let builtInActionTable = NameTable(builtInActions.map(\.name))

    // The kinds of stack that give a card's parts, properties, traits and actions their effect,
    // as sets, for the rules that ask which kinds of stack a card is in (W502, W703, W704, E704),
    // and for the messages of the rules that read a kind's flag directly (E705).
    package static let swipeNodeStackKinds = StackKindSet(where: \.allowsSwipeNodes)
    package static let cardPositionStackKinds = StackKindSet(where: \.allowsCardPosition)
    /// Per card property (by index in `cardProperties`), the stack kinds that give it meaning
    /// (empty: every kind), for W704.
    package static let cardPropertyStackKinds: [StackKindSet] = cardProperties.map {
        $0.meaningfulInStackKind.map { StackKindSet(named: [$0]) } ?? StackKindSet()
    }
    /// Per built-in action (by index in `builtInActions`), the stack kinds it is valid in (E704).
    package static let builtInActionStackKinds: [StackKindSet] = builtInActions.map { StackKindSet(named: $0.validInStackKinds) }
    package static let repeatingStackKinds = StackKindSet(where: \.cardsMayRepeat)
    /// Per trait (by index in `traits`), the stack kinds it has no effect in.
    package static let traitIneffectiveStackKinds: [StackKindSet] = traits.map { StackKindSet(named: $0.ineffectiveInStackKinds) }

    /// Builds a lookup table; on a duplicate key the first entry wins (a test checks there are
    /// none), so a data mistake can never trap at start-up.
    package static func index<Entry>(_ entries: [Entry], by key: (Entry) -> String) -> [String: Entry] {
        var table: [String: Entry] = [:]
        table.reserveCapacity(entries.count)
        for entry in entries where table[key(entry)] == nil {
            table[key(entry)] = entry
        }
        return table
    }

    /// The part or structural node called `name` (`text`, `cell`, `model`).
    public static func part(named name: String) -> PartSpec? { nodesByName[name] }

    /// The part whose CardParts class is `className` (`CardPartTextView` → `text`). Shared
    /// classes map to the first entry (`CardPartStackView` → `vstack`).
    public static func partNamed(byCardPartsClass className: String) -> PartSpec? { nodesByClass[className] }

    /// The trait called `name`.
    public static func trait(named name: String) -> TraitSpec? { traitsByName[name] }

    /// The trait whose CardParts protocol is `protocolName` (`ShadowCardTrait` → `shadow`).
    public static func traitNamed(byProtocol protocolName: String) -> TraitSpec? { traitsByProtocol[protocolName] }

    /// The stack kind called `name`.
    public static func stackKind(named name: String) -> StackKindSpec? { stackKindsByName[name] }

    /// The stack kind whose seed class is `className` (`CardsViewController` → `list`).
    public static func stackKindNamed(bySeedClass className: String) -> StackKindSpec? {
        stackKindsBySeedClass[className]
    }

    /// The theme property called `name`.
    public static func themeProperty(named name: String) -> ThemePropertySpec? { themePropertiesByName[name] }

    /// The position of a stack kind in `stackKinds`.
    public static func stackKindIndex(of kind: StackKindSpec) -> Int? { stackKinds.firstIndex { $0 === kind } }

    /// The position of the theme property called `name` in `themeProperties`.
    public static func themePropertyIndex(named name: String) -> Int? { themePropertyIndices[name] }
    package static let themePropertyIndices: [String: Int] = Dictionary(themeProperties.enumerated().map { ($1.name, $0) },
                                                                        uniquingKeysWith: { first, _ in first })

    /// The position in `textStyles` of the `text(style:)` case called `name`; the default
    /// style's (0, `normal`) for nil or any other name, as CardParts' label has. A scan of five
    /// short names: no string is built or hashed per text.
    public static func textStyleIndex(named name: String?) -> Int {
        guard let name else { return 0 }
        return textStyleNames.firstIndex(of: name) ?? 0
    }
    private static let textStyleNames = textStyles.map(\.name)

    /// The `text(style:)` case called `name`; the default style for nil or any other name.
    public static func textStyle(named name: String?) -> TextStyleSpec { textStyles[textStyleIndex(named: name)] }

    /// The style of a `text` without `style:` (`normal`), first in `textStyles`.
    public static var defaultTextStyle: TextStyleSpec { textStyles[0] }

    /// The named UIKit color called `name` (without the dot).
    public static func namedColor(_ name: String) -> NamedColor? { namedColorsByName[name] }

    /// The card-level property called `name` (`tap`, `title`, …).
    public static func cardProperty(named name: String) -> CardPropertySpec? { cardPropertiesByName[name] }

    /// The built-in state called `name`, or `nil` for a custom state.
    public static func builtInState(named name: String) -> BuiltInState? { builtInStatesByName[name] }

    /// The built-in action called `name` (`push`, `pop`).
    public static func builtInAction(named name: String) -> BuiltInActionSpec? { builtInActionsByName[name] }

    /// The value constructor called `name` (`size`, `insets`, `font`).
    public static func valueConstructor(named name: String) -> ValueConstructorSpec? { constructorsByName[name] }

    /// The built-in theme called `name` (`Mint`, `Turbo`).
    public static func builtInTheme(named name: String) -> BuiltInTheme? { builtInThemesByName[name] }
}

/// A set of stack kinds, as bits: bit i for `Catalog.stackKinds[i]`. A card's stacks
/// (`CardMembership.stackKinds`) are compared with the kinds the catalog's flags name.
public struct StackKindSet: Equatable, Sendable {
    public var rawValue: UInt32

    public init() { rawValue = 0 }

    /// The kinds `predicate` holds for.
    package init(where predicate: (StackKindSpec) -> Bool) {
        rawValue = 0
        for (index, kind) in Catalog.stackKinds.enumerated() where index < 32 && predicate(kind) { rawValue |= 1 << UInt32(index) }
    }

    /// The kinds called `names` (a name that is no kind adds nothing; a test checks there are none).
    package init(named names: [String]) {
        self.init { names.contains($0.name) }
    }

    /// The one kind `kind`.
    package init(_ kind: StackKindSpec) {
        self.init { $0 === kind }
    }

    public var isEmpty: Bool { rawValue == 0 }
    public mutating func formUnion(_ other: StackKindSet) { rawValue |= other.rawValue }
    public func isDisjoint(with other: StackKindSet) -> Bool { rawValue & other.rawValue == 0 }
    public func isSubset(of other: StackKindSet) -> Bool { rawValue & ~other.rawValue == 0 }

    /// The kinds' names in catalog order, joined with "or": `swipe or sheet`.
    public var names: String {
        Catalog.stackKinds.indices.filter { $0 < 32 && rawValue & 1 << UInt32($0) != 0 }
            .map { Catalog.stackKinds[$0].name }.joined(separator: " or ")
    }
}

import CardDiagnostics
import CardSyntax

/// A name written in the source that refers to a declaration: a card in a stack or in `push(…)`,
/// a theme. `span` covers the name as written.
public struct Reference: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var span: SourceSpan
    public init(_ name: String, at span: SourceSpan) {
        self.name = name
        self.span = span
    }
    public var description: String { name }
}

/// A value after checking: literals decoded, named colors and references resolved.
public enum Value: Hashable, Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    /// A color literal, or a named UIKit color (`name` set) resolved to its RGBA value.
    case color(ColorValue, name: String?)
    /// `$name` or `$item.field`, with the type inferred for it.
    case binding(Binding)
    case enumCase(String, arguments: [Argument])
    case size(width: Double, height: Double)
    case insets(top: Double, left: Double, bottom: Double, right: Double)
    case font(FontValue)
    case list([Value])
    case record([Argument])
    case action(Action)
    /// A card or theme name.
    case reference(Reference)

    /// The numeric value of int and double literals.
    public var number: Double? {
        switch self {
        case .int(let v): Double(v)
        case .double(let v): v
        default: nil
        }
    }
}

/// A binding as written (`$spent`, `$item.price`), with the type inferred for it there.
public struct Binding: Hashable, Sendable {
    public var path: [String]
    public var type: ValueType
    public var span: SourceSpan
    public init(path: [String], type: ValueType, span: SourceSpan) {
        self.path = path
        self.type = type
        self.span = span
    }
    /// A binding of the current row of a table or collection cell (`$item.field`).
    public var isRowField: Bool { path.count == 2 && path[0] == Catalog.rowBindingName }
    /// `spent`, `item.price`.
    public var name: String { path.joined(separator: ".") }
}

extension NamedColor {
    /// The checked value of `.name`: the color's components, with its name.
    package var value: Value { .color(ColorValue(red: red, green: green, blue: blue, alpha: alpha), name: name) }
}

/// An sRGB color with alpha, 0…255 per component.
public struct ColorValue: Hashable, Sendable {
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`; nil otherwise.
    public init?(hex: String) {
        guard let literal = ColorLiteral(hex) else { return nil }
        self.init(literal)
    }

    package init(_ literal: ColorLiteral) {
        self.init(red: literal.red, green: literal.green, blue: literal.blue, alpha: literal.alpha)
    }

    /// Canonical `#RRGGBB`, or `#RRGGBBAA` when not opaque (upper case).
    public var hex: String {
        let digits: [UInt8] = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for component in alpha == 255 ? [red, green, blue] : [red, green, blue, alpha] {
            bytes.append(digits[Int(component >> 4)])
            bytes.append(digits[Int(component & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The components as fractions 0…1.
    public var fractions: (red: Double, green: Double, blue: Double, alpha: Double) {
        (Double(red) / 255, Double(green) / 255, Double(blue) / 255, Double(alpha) / 255)
    }
}

/// A labelled (or positional, `label == nil`) value.
public struct Argument: Hashable, Sendable {
    public var label: String?
    public var value: Value
    public init(_ label: String?, _ value: Value) { self.label = label; self.value = value }
}

/// What a tap, button or menu does.
public enum Action: Hashable, Sendable, CustomStringConvertible {
    /// A method on the generated controller.
    case method(String)
    /// Pushes the named card onto a sheet stack.
    case push(Reference)
    /// Pops the top card of a sheet stack.
    case pop

    public var description: String {
        switch self {
        case .method(let name): name
        case .push(let card): "push(\(card.name))"
        case .pop: "pop"
        }
    }
}

/// A named property of a part, trait or stack, in catalog order.
public struct Property: Hashable, Sendable {
    public var name: String
    public var value: Value
    public init(_ name: String, _ value: Value) { self.name = name; self.value = value }
}

/// Where a theme property is added to a theme's declaration (`ThemeView.propertyInsertion`):
/// `span` replaced by `prefix`, `name: value` and `suffix` — the body as `cardc fmt` writes it,
/// with the property on a line of its own at the end.
public struct PropertyInsertion: Sendable, Hashable {
    public var span: SourceSpan
    public var prefix: String
    public var suffix: String

    public init(span: SourceSpan, prefix: String, suffix: String) {
        self.span = span
        self.prefix = prefix
        self.suffix = suffix
    }

    /// The fix-it that writes `name: value` into the theme.
    public func fixIt(_ name: String, _ value: String) -> FixIt { FixIt(span, prefix + name + ": " + value + suffix) }
}

public struct ResolvedTheme: Hashable, Sendable {
    public var name: String
    /// The theme it inherits from (nil for built-ins).
    public var parent: String?
    public var isBuiltIn: Bool
    /// Every theme property, inherited values filled in, in catalog order.
    public var properties: [Property]
    /// The declaration's name (nil for built-ins).
    public var span: SourceSpan?

    public init(name: String, parent: String?, isBuiltIn: Bool, properties: [Property], span: SourceSpan? = nil) {
        self.name = name
        self.parent = parent
        self.isBuiltIn = isBuiltIn
        self.properties = properties
        self.span = span
    }

    public func value(_ name: String) -> Value? { properties.first { $0.name == name }?.value }

    /// A built-in theme, resolved: every theme property with the catalog's value.
    public init(_ builtIn: BuiltInTheme) {
        let properties = Catalog.themeProperties.compactMap { spec in
            builtIn.value(of: spec.name).flatMap(\.checkedValue).map { Property(spec.name, $0) }
        }
        self.init(name: builtIn.name, parent: nil, isBuiltIn: true, properties: properties)
    }

    /// The built-in theme called `name` (`Mint`, `Turbo`), resolved, whether or not a deck uses it.
    public static func builtIn(named name: String) -> ResolvedTheme? {
        Catalog.builtInTheme(named: name).map(ResolvedTheme.init)
    }
}

extension CatalogValue {
    /// The catalog value as a checked value (nil for a placeholder binding), as the checker
    /// fills in defaults.
    public var checkedValue: Value? {
        switch self {
        case .int(let v): .int(v)
        case .double(let v): .double(v)
        case .string(let v): .string(v)
        case .bool(let v): .bool(v)
        case .enumCase(let v): .enumCase(v, arguments: [])
        case .color(let hex): ColorValue(hex: hex).map { .color($0, name: nil) }
        case .namedColor(let name): Catalog.namedColor(name)?.value
        case .size(let w, let h): .size(width: w, height: h)
        case .insets(let t, let l, let b, let r): .insets(top: t, left: l, bottom: b, right: r)
        case .font(let f): .font(f)
        case .list(let items): .list(items.compactMap(\.checkedValue))
        case .reference(let name): .reference(Reference(name, at: SourceSpan(file: FileID(-1), start: 0, end: 0)))
        case .binding: nil
        }
    }
}

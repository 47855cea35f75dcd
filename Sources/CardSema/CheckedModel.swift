import CardDiagnostics
import CardSyntax

/// The checked model: plain data, fully resolved — the only thing back ends and the IDE layer
/// read (docs/language.md §11). Nothing here refers to syntax except source spans, which every
/// reference carries so that editors can jump to it and rename it.
///
/// A deck holds its themes and stacks; its cards are checked into `CheckedCard`s when read
/// (`cards`), one at a time, so that a back end streaming a deck of 20,000 cards holds one card's
/// model at a time, and a language server asks for just the card under the cursor.
public struct CheckedDeck: Sendable {
    /// The entry file the deck was compiled from.
    public let entry: SourceFile
    /// Themes used by stacks and declared in the deck, fully resolved (built-ins first).
    public let themes: [ResolvedTheme]
    public let stacks: [CheckedStack]
    /// Every card of the entry file and its imports, in load order.
    public let cards: CheckedCards

    /// Where each theme and stack is in `themes` and `stacks`, by name (the first of a name).
    private let themeIndex: [String: Int]
    private let stackIndex: [String: Int]
    /// The theme each theme with a parent finally inherits from (the last of `parents(ofTheme:)`),
    /// worked out once for the deck: a back end asks it of every theme of a 100,000-theme chain.
    private let baseThemes: [String: String]

    public init(entry: SourceFile, themes: [ResolvedTheme], stacks: [CheckedStack], cards: CheckedCards) {
        self.entry = entry
        self.themes = themes
        self.stacks = stacks
        self.cards = cards
        var themeIndex: [String: Int] = [:], stackIndex: [String: Int] = [:]
        themeIndex.reserveCapacity(themes.count)
        stackIndex.reserveCapacity(stacks.count)
        for (index, theme) in themes.enumerated() where themeIndex[theme.name] == nil { themeIndex[theme.name] = index }
        for (index, stack) in stacks.enumerated() where stackIndex[stack.name] == nil { stackIndex[stack.name] = index }
        self.themeIndex = themeIndex
        self.stackIndex = stackIndex
        baseThemes = Self.baseThemes(themes, index: themeIndex)
    }

    /// Each theme's base, every chain walked once: a theme's base is its parent's, so the walk
    /// stops at the first theme already known and fills in the ones it passed.
    private static func baseThemes(_ themes: [ResolvedTheme], index: [String: Int]) -> [String: String] {
        func parent(of name: String) -> String? { index[name].flatMap { themes[$0].parent } }
        var bases: [String: String] = [:]
        var path: [String] = []
        for theme in themes where theme.parent != nil && bases[theme.name] == nil {
            path.removeAll(keepingCapacity: true)
            var current = theme.name
            // A cycle (a deck with errors, never emitted) ends the walk after every theme.
            while bases[current] == nil, let next = parent(of: current), path.count <= themes.count {
                path.append(current)
                current = next
            }
            let base = bases[current] ?? current
            for name in path { bases[name] = base }
        }
        return bases
    }

    /// The card called `name`, its model built now.
    public func card(named name: String) -> CheckedCard? { cards.card(named: name) }

    /// The stack called `name`.
    public func stack(named name: String) -> CheckedStack? { stackIndex[name].map { stacks[$0] } }

    /// The parent chain of the theme called `name`, nearest first, ending at a built-in theme
    /// (`[]` for built-ins and unknown names).
    public func parents(ofTheme name: String) -> [String] {
        var chain: [String] = []
        var next = themeIndex[name].flatMap { themes[$0].parent }
        while let parent = next, chain.count <= themes.count {
            chain.append(parent)
            next = themeIndex[parent].flatMap { themes[$0].parent }
        }
        return chain
    }

    /// The theme the theme called `name` finally inherits from — a built-in, for a deck without
    /// errors — which is `parents(ofTheme:).last`, without walking the chain; nil for a theme
    /// without a parent and for unknown names.
    public func baseTheme(ofTheme name: String) -> String? { baseThemes[name] }

    /// The theme called `name`, if the deck resolved it.
    public func theme(named name: String) -> ResolvedTheme? { themeIndex[name].map { themes[$0] } }
}

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
    var value: Value { .color(ColorValue(red: red, green: green, blue: blue, alpha: alpha), name: name) }
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

    init(_ literal: ColorLiteral) {
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

/// A part with the arguments its author wrote, and its children.
public struct CheckedPart: Hashable, Sendable {
    /// The catalog name (`text`, `hstack`, `cell`…).
    public var part: String
    /// The arguments the author wrote, in catalog parameter order (a repeated label keeps its
    /// place after the first). Catalog defaults are filled in by `property(_:)` and
    /// `resolvedProperties`.
    public var properties: [Property]
    public var children: [CheckedPart]
    /// The part's name as written.
    public var span: SourceSpan
    /// The catalog entry (nil only for a name the catalog does not have).
    public let spec: PartSpec?

    public init(part: String, properties: [Property], children: [CheckedPart], span: SourceSpan) {
        self.init(spec: Catalog.part(named: part), name: part, properties: properties, children: children, span: span)
    }

    init(spec: PartSpec?, name: String, properties: [Property], children: [CheckedPart], span: SourceSpan) {
        self.part = name
        self.properties = properties
        self.children = children
        self.span = span
        self.spec = spec
    }

    /// The author's value, else the catalog default.
    public func property(_ name: String) -> Value? {
        properties.first { $0.name == name }?.value ?? spec?.parameter(named: name)?.checkedDefault
    }

    /// Whether the author wrote the argument.
    public func hasArgument(_ name: String) -> Bool { properties.contains { $0.name == name } }

    /// Every property with a value — written or defaulted — in catalog order.
    public var resolvedProperties: [Property] {
        guard let spec else { return properties }
        var resolved: [Property] = []
        resolved.reserveCapacity(spec.parameters.count)
        for parameter in spec.parameters {
            if let property = properties.first(where: { $0.name == parameter.name }) {
                resolved.append(property)
            } else if let value = parameter.checkedDefault {
                resolved.append(Property(parameter.name, value))
            }
        }
        return resolved
    }
}

public struct CheckedTrait: Hashable, Sendable {
    public var trait: String
    /// Every requirement, author-given or defaulted, in catalog order.
    public var properties: [Property]
    public var span: SourceSpan

    public var spec: TraitSpec? { Catalog.trait(named: trait) }
    public func value(_ name: String) -> Value? { properties.first { $0.name == name }?.value }
}

public struct ModelField: Hashable, Sendable {
    public var name: String
    public var type: ValueType
    public var defaultValue: Value?
    /// True for `slider.value` / `textField.text` bindings (two-way).
    public var isTwoWay: Bool
    /// The field's name in `model { … }`, or its first binding when it has no default.
    public var span: SourceSpan
}

public struct CheckedState: Hashable, Sendable {
    /// `none`, `loading`, `empty`, `hasData` or a custom name.
    public var name: String
    public var isBuiltIn: Bool
    /// The tap action for this state (the state's own, else the card's).
    public var tap: Action?
    /// Shared parts before the first state, the state's own parts, then the later shared parts.
    public var parts: [CheckedPart]
    /// The state's name in `state NAME { … }`; nil for the implicit `none` of a card without states.
    public var span: SourceSpan?
}

public enum SwipeDirection: String, Hashable, Sendable, CaseIterable {
    case left, right, up, down
}

/// A swipe overlay: the parts shown while the card is dragged towards `direction`.
public struct CheckedOverlay: Hashable, Sendable {
    public var direction: SwipeDirection
    public var parts: [CheckedPart]
}

/// A swipe card's footer.
public struct CheckedFooter: Hashable, Sendable {
    public var height: Double
    public var transparent: Bool
    public var parts: [CheckedPart]
}

public struct CheckedCard: Hashable, Sendable {
    public var name: String
    /// The card's name in its declaration.
    public var span: SourceSpan
    /// The line and column of the card's name.
    public var location: SourceLocation
    /// The path of the card's file, as diagnostics name it.
    public var file: String
    /// The `///` comment above the card.
    public var documentation: String?
    /// The state shown by default (`model { state: .x }`, else the first state).
    public var initialState: String
    public var traits: [CheckedTrait] = []
    public var model: [ModelField] = []
    /// In declaration order; a card without state blocks has the one state `none`.
    public var states: [CheckedState] = []
    public var overlays: [CheckedOverlay] = []
    public var footer: CheckedFooter?
    /// Every action method the card uses, sorted, each once.
    public var actions: [String] = []
    /// The sheet header (`title:`, `subtitle:`), the preferred sheet `position:` and the allowed
    /// `swipe:` directions (every direction unless the card says otherwise).
    public var title: Value?
    public var subtitle: Value?
    public var position: String?
    public var swipeDirections: [SwipeDirection] = SwipeDirection.allCases

    public func trait(_ name: String) -> CheckedTrait? { traits.first { $0.trait == name } }
    public func state(named name: String) -> CheckedState? { states.first { $0.name == name } }
    public func field(named name: String) -> ModelField? { model.first { $0.name == name } }
}

public struct CheckedStack: Hashable, Sendable {
    public var name: String
    public var kind: String
    /// The theme's name: `theme:`, else the default theme.
    public var theme: String
    /// The `theme:` value as written, when there is one.
    public var themeReference: Reference?
    /// Every kind argument, defaults filled in, in catalog order.
    public var configuration: [Property]
    /// Body properties (`initial`, `margins`, `onSwipe`…), defaults filled in where the catalog has one.
    public var properties: [Property]
    /// The cards listed, in order, each with the span of its reference.
    public var cards: [Reference]
    public var span: SourceSpan
    public var documentation: String?

    /// The catalog entry of the kind.
    public var spec: StackKindSpec? { Catalog.stackKind(named: kind) }
    public func number(_ name: String) -> Double? { configuration.first { $0.name == name }?.value.number }
    public func property(_ name: String) -> Value? { properties.first { $0.name == name }?.value }
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
            builtIn.value(of: spec.name).flatMap(CardChecker.value(of:)).map { Property(spec.name, $0) }
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
    public var checkedValue: Value? { CardChecker.value(of: self) }
}

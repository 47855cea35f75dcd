import CardDiagnostics
import CardSyntax

/// The checked model: plain data, fully resolved, the only input back ends read
/// (LANGUAGE.md §11). Nothing here refers back to syntax except source locations.
public struct CheckedDeck: Sendable {
    /// The entry file the deck was compiled from.
    public var entry: SourceFile
    /// Themes used by stacks and declared in the deck, fully resolved (built-ins first).
    public var themes: [ResolvedTheme]
    /// Cards in load order (entry file first, then imports depth-first) — in a deck checked for
    /// diagnostics only, just those whose model it kept (`modelUse`).
    public var cards: [CheckedCard] { didSet { cardIndex = nil } }
    public var stacks: [CheckedStack]
    /// What the deck was checked for. A deck checked for `.diagnostics` lists only the cards
    /// whose model it kept: back ends must not read it (`DeckLayouter` refuses it).
    public internal(set) var modelUse: ModelUse = .backEnds
    /// Each card name's index in `cards` (the first card of the name), as the checker collected
    /// them, so that layouters need not hash every name again; nil when the checker kept only
    /// some cards (`modelUse`), and once `cards` is changed.
    public internal(set) var cardIndex: [String: Int]?

    public func card(named name: String) -> CheckedCard? { cards.first { $0.name == name } }
}

/// What `Compiler.check`'s model is for, which decides how much of it is kept.
///
/// Checking writes every card's parts, traits and model into the deck's compact store (over
/// 30 MB for 20,000 cards). Back ends read all of it; `cardc check` only prints diagnostics,
/// which are all reported while each card is checked — except the layout pass's W104, which
/// lays out the cards of `collapsible` stacks. So `cardc check` keeps the model of just those
/// cards and reuses the store as per-card scratch space for every other one.
public enum ModelUse: Hashable, Sendable {
    /// Back ends read the deck (`cardc build`; the default): every card is kept.
    case backEnds
    /// Only diagnostics are wanted: the deck keeps just the cards that stacks of
    /// `readingCardsOf` kinds list — the ones a later diagnostic pass reads. Every diagnostic of
    /// every card is still reported; the other cards are left out of `CheckedDeck.cards`.
    case diagnostics(readingCardsOf: Set<String>)
}

/// A value after checking: literals decoded, named colors and references resolved.
public enum Value: Hashable, Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    /// A color literal, or a named UIKit color (`name` set) resolved to its RGBA value.
    case color(ColorLiteral, name: String?)
    /// `$name` or `$item.field`, with the type inferred for it.
    case binding(path: [String], type: ValueType)
    case enumCase(String, arguments: [Argument])
    case size(width: Double, height: Double)
    case insets(top: Double, left: Double, bottom: Double, right: Double)
    case font(FontValue)
    case list([Value])
    case record([Argument])
    case action(Action)
    /// A card or theme name.
    case reference(String)

    /// The numeric value of int and double literals.
    public var number: Double? {
        switch self {
        case .int(let v): Double(v)
        case .double(let v): v
        default: nil
        }
    }
}

extension NamedColor {
    /// The checked value of `.name`: the color's components, with its name.
    var value: Value { .color(ColorLiteral(red: red, green: green, blue: blue, alpha: alpha), name: name) }
}

/// A labelled (or positional, `label == nil`) value.
public struct Argument: Hashable, Sendable {
    public var label: String?
    public var value: Value
    public init(_ label: String?, _ value: Value) { self.label = label; self.value = value }
}

/// What a tap, button or menu does.
public enum Action: Hashable, Sendable {
    /// A method on the generated controller.
    case method(String)
    /// Pushes the named card onto a sheet stack.
    case push(String)
    /// Pops the top card of a sheet stack.
    case pop

    public var description: String {
        switch self {
        case .method(let name): name
        case .push(let card): "push(\(card))"
        case .pop: "pop"
        }
    }
}

/// A named, ordered property of a part, trait or stack (every catalog default filled in).
public struct Property: Hashable, Sendable {
    public var name: String
    public var value: Value
    public init(_ name: String, _ value: Value) { self.name = name; self.value = value }
}

/// A part with its arguments and children.
public struct CheckedPart: Hashable, Sendable {
    /// The catalog name (`text`, `hstack`, `cell`…).
    public var part: String
    /// The arguments the author wrote, in catalog parameter order. Catalog defaults are not
    /// stored per part (that doubled the model's size); `property(_:)` and
    /// `resolvedProperties` fill them in.
    public var properties: [Property]
    public var children: [CheckedPart]
    public var span: SourceSpan

    /// The author's value, else the catalog default.
    public func property(_ name: String) -> Value? {
        properties.first { $0.name == name }?.value ?? CatalogDefaults.value(part: part, parameter: name)
    }

    /// Every property with a value — written or defaulted — in catalog order.
    public var resolvedProperties: [Property] {
        guard let spec = Catalog.part(named: part) else { return properties }
        return spec.parameters.compactMap { parameter in
            property(parameter.name).map { Property(parameter.name, $0) }
        }
    }
}

/// Catalog defaults converted to checked values once, on first use.
enum CatalogDefaults {
    static let parts: [String: [String: Value]] = {
        var table: [String: [String: Value]] = [:]
        for spec in Catalog.nodes {
            var values: [String: Value] = [:]
            for parameter in spec.parameters {
                if let fallback = parameter.defaultValue, let value = CardChecker.value(of: fallback) {
                    values[parameter.name] = value
                }
            }
            table[spec.name] = values
        }
        return table
    }()

    static func value(part: String, parameter: String) -> Value? { parts[part]?[parameter] }
}

public struct CheckedTrait: Hashable, Sendable {
    public var trait: String
    /// Every requirement, author-given or defaulted, in catalog order.
    public var properties: [Property]
    public var span: SourceSpan
}

public struct ModelField: Hashable, Sendable {
    public var name: String
    public var type: ValueType
    public var defaultValue: Value?
    /// True for `slider.value` / `textField.text` bindings (two-way).
    public var isTwoWay: Bool
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
}

public enum SwipeDirection: String, Hashable, Sendable, CaseIterable {
    case left, right, up, down
}

public struct CheckedCard: Hashable, Sendable {
    public var name: String
    /// The `///` comment above the card, read from the source file when asked for (`check`
    /// never asks).
    public var documentation: String? {
        get {
            switch documentationSource {
            case .text(let text): text
            case .source(let file, let range): SyntaxTree.docComment(in: file, range: range)
            }
        }
        set { documentationSource = .text(newValue) }
    }
    var documentationSource: DocumentationSource
    public var span: SourceSpan
    /// The line and column of the card's name: worked out when asked for unless the checker
    /// worked it out already (for a build, as it went through the file in order).
    public var location: SourceLocation {
        get {
            switch locationSource {
            case .known(let location): location
            case .offset(let file, let offset): file.location(of: offset)
            }
        }
        set { locationSource = .known(newValue) }
    }
    var locationSource: LocationSource
    public var file: String
    /// The state shown by default (`model { state: .x }`, else the first state).
    public var initialState: String
    /// Traits, model, states, overlays, footer, actions and the rarely set title, subtitle,
    /// position and swipe directions. The checker leaves them in the deck's compact storage;
    /// they become arrays the first time they are read (then stay cached), so checking a deck
    /// does not build a part tree per card that nothing reads.
    var content: CardContent

    public var title: Value? {
        get { content.extras.title }
        set { content.update { $0.extras.title = newValue } }
    }
    public var subtitle: Value? {
        get { content.extras.subtitle }
        set { content.update { $0.extras.subtitle = newValue } }
    }
    public var position: String? {
        get { content.extras.position }
        set { content.update { $0.extras.position = newValue } }
    }
    public var swipeDirections: [SwipeDirection] {
        get { content.extras.allowedSwipeDirections }
        set { content.update { $0.extras.swipeDirections = newValue } }
    }

    public var traits: [CheckedTrait] {
        get { content.body.traits }
        set { content.update { $0.traits = newValue } }
    }
    public var model: [ModelField] {
        get { content.body.model }
        set { content.update { $0.model = newValue } }
    }
    public var states: [CheckedState] {
        get { content.body.states }
        set { content.update { $0.states = newValue } }
    }
    public var overlays: [(direction: SwipeDirection, parts: [CheckedPart])] {
        get { content.body.overlays }
        set { content.update { $0.overlays = newValue } }
    }
    public var footer: (height: Double, transparent: Bool, parts: [CheckedPart])? {
        get { content.body.footer }
        set { content.update { $0.footer = newValue } }
    }
    /// Every action the card uses, sorted, for generated controllers.
    public var actions: [String] {
        get { content.body.actions }
        set { content.update { $0.actions = newValue } }
    }

    public func trait(_ name: String) -> CheckedTrait? { traits.first { $0.trait == name } }

    public static func == (lhs: CheckedCard, rhs: CheckedCard) -> Bool {
        lhs.name == rhs.name && lhs.span == rhs.span
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(name); hasher.combine(span) }
}

/// A card's location: known, or the offset in its file to work it out from.
enum LocationSource: Sendable {
    case known(SourceLocation)
    case offset(SourceFile, Int)
}

/// A card's doc comment: text, or where it lies in its file (`SyntaxTree.docCommentRange`).
enum DocumentationSource: Sendable {
    case text(String?)
    case source(SourceFile, Range<Int>)
}

public struct CheckedStack: Hashable, Sendable {
    public var name: String
    public var kind: String
    public var theme: String
    /// Every kind argument, defaults filled in, in catalog order.
    public var configuration: [Property]
    /// Body properties (`initial`, `margins`, `onSwipe`…), defaults filled in where the catalog has one.
    public var properties: [Property]
    public var cards: [String]
    public var span: SourceSpan
    public var documentation: String?
    /// The span of each card reference in the stack's body, parallel to `cards` (used by
    /// diagnostics about one card of a stack, e.g. W104).
    public var cardSpans: [SourceSpan] = []

    public func number(_ name: String) -> Double? { configuration.first { $0.name == name }?.value.number }
}

public struct ResolvedTheme: Hashable, Sendable {
    public var name: String
    /// The theme it inherits from (nil for built-ins).
    public var parent: String?
    public var isBuiltIn: Bool
    /// Every theme property, inherited values filled in, in catalog order.
    public var properties: [Property]
    /// Every theme's parent, one table for a deck's themes: a theme's chain is walked when asked
    /// for, not stored with it, or a chain of n themes would hold n²/2 names.
    var lineage: ThemeLineage?

    public init(name: String, parent: String?, isBuiltIn: Bool, properties: [Property], lineage: ThemeLineage? = nil) {
        self.name = name
        self.parent = parent
        self.isBuiltIn = isBuiltIn
        self.properties = properties
        self.lineage = lineage
    }

    /// The parent chain, nearest first, ending at a built-in theme (`[]` for built-ins), from
    /// the deck's lineage (just `parent` for a theme made without one).
    public var parents: [String] {
        var chain: [String] = []
        var next = parent
        while let name = next {
            chain.append(name)
            next = lineage?.parents[name]
        }
        return chain
    }

    public func value(_ name: String) -> Value? { properties.first { $0.name == name }?.value }

    // The lineage is the deck's, not the theme's: two themes are equal by what they hold.
    public static func == (a: ResolvedTheme, b: ResolvedTheme) -> Bool {
        a.name == b.name && a.parents == b.parents && a.isBuiltIn == b.isBuiltIn && a.properties == b.properties
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(parent)
        hasher.combine(isBuiltIn)
        hasher.combine(properties)
    }
}

/// Each resolved user theme's parent (the nearest), shared by a deck's `ResolvedTheme`s. Themes
/// in a cycle are not resolved and not in it, so every chain ends at a built-in theme.
public final class ThemeLineage: Sendable {
    let parents: [String: String]
    init(parents: [String: String]) { self.parents = parents }
}

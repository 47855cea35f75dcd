import CardModel
import CardDiagnostics

/// E312: a name the Swift back end spells as written would clash in the generated Swift — with
/// a framework type the generated file uses, with a member the generated class inherits or
/// declares, or with another generated name. The rule reads every name from `SwiftNames` and
/// holds for both flavors: a name is reported when it clashes in either.
///
/// Called by the deck checker for declaration names and swipe-stack actions, and by the card
/// checker for a card's actions and model fields. Each question is one or two hash lookups.
enum GeneratedNameRule {
    /// A clash: what the name collides with, and the generated declaration it lands in.
    struct Clash {
        let message: String
        let help: String
    }

    /// Card name → generated type for the card names whose generated type would be a framework
    /// type (`Card` + `State`), found once by taking each suffix off each framework name that
    /// ends with it.
    private static let clashingCardNames: [String: String] = {
        var table: [String: String] = [:]
        for flavor in SwiftNames.Flavor.allCases {
            for framework in SwiftNames.frameworkNames(flavor) {
                for suffix in SwiftNames.cardSuffixes(flavor) where framework.count > suffix.count && framework.hasSuffix(suffix) {
                    table[String(framework.dropLast(suffix.count))] = framework
                }
            }
        }
        return table
    }()

    /// A card called `name`.
    static func card(_ name: String) -> Clash? {
        guard let type = clashingCardNames[name] else { return nil }
        return Clash(message: "card `\(name)` would generate the Swift type `\(type)`, which is a framework type the generated code uses",
                     help: "rename the card")
    }

    /// A stack called `name` of `kind`. Asked per stack (one or two lookups) rather than
    /// tabulated as card names are: a deck has few stacks, and a table per stack kind cost a
    /// tenth of checking a small deck.
    static func stack(_ name: String, kind: StackKindSpec) -> Clash? {
        guard !name.isEmpty else { return nil }
        for flavor in SwiftNames.Flavor.allCases {
            for suffix in SwiftNames.stackSuffixes(kind, flavor) where SwiftNames.frameworkNames(flavor).contains(name + suffix) {
                return Clash(message: "stack `\(name)` would generate the Swift type `\(name + suffix)`, which is a framework type the generated code uses",
                             help: "rename the stack")
            }
        }
        return nil
    }

    /// An action method of card `card`.
    static func cardAction(_ action: String, card: String) -> Clash? {
        guard let why = SwiftNames.cardControllerReserved[action] ?? frameworkClash(action) else { return nil }
        return Clash(message: "action `\(action)` clashes in the generated Swift with \(why)",
                     help: "rename the action: it becomes a method of `\(SwiftNames.cardController(card))`")
    }

    /// An action method of card `card` whose name is that of the method generated for
    /// `push(target)` in the same card.
    static func pushMethod(_ action: String, target: String, card: String) -> Clash {
        Clash(message: "action `\(action)` clashes in the generated Swift with the method generated for `push(\(target))`",
              help: "rename the action: both become methods of `\(SwiftNames.cardController(card))`")
    }

    /// An action of swipe stack `stack`.
    static func stackAction(_ action: String, stack: String, kind: StackKindSpec) -> Clash? {
        guard let why = SwiftNames.swipeStackReserved[action] ?? frameworkClash(action) else { return nil }
        return Clash(message: "action `\(action)` clashes in the generated Swift with \(why)",
                     help: "rename the action: it becomes a method of `\(stack)\(kind.swiftTypeSuffix)`")
    }

    /// Model field `field` of card `card`, given the card's other field names (needed only when
    /// `field` starts with `_`) and the names of the row types its list-of-record fields generate.
    static func field(_ field: String, card: String, fields: Set<String>, rowTypes: [String: String]) -> Clash? {
        var viewModel: String { SwiftNames.viewModel(card) }
        if let why = frameworkClash(field) {
            return Clash(message: "model field `\(field)` clashes in the generated Swift with \(why)",
                         help: "rename the field: it becomes a property of `\(viewModel)`")
        }
        if !rowTypes.isEmpty, let list = rowTypes[field] {
            return Clash(message: "model field `\(field)` clashes in the generated Swift with the row type of `\(list)`, `\(viewModel).\(field)`",
                         help: "rename the field")
        }
        // `@Observable` keeps a property's value in `_name`.
        if field.hasPrefix("_"), fields.contains(String(field.dropFirst())) {
            return Clash(message: "model field `\(field)` clashes in the generated Swift with the storage `@Observable` generates for `\(field.dropFirst())`",
                         help: "rename the field")
        }
        return nil
    }

    /// Two list fields whose row types have the same name (`items` and `Items`).
    static func rowType(_ row: String, fields first: String, _ second: String, card: String) -> Clash {
        Clash(message: "model fields `\(first)` and `\(second)` would both generate the row type `\(SwiftNames.viewModel(card)).\(row)`",
              help: "rename one of the fields")
    }

    private static func frameworkClash(_ name: String) -> String? {
        SwiftNames.frameworkNames.contains(name) ? "`\(name)`, a framework name the generated code uses" : nil
    }

    /// Whether a field of `type` generates a row type (a record, or a list of records).
    static func generatesRowType(_ type: ValueType) -> Bool {
        switch type {
        case .record, .openRecord: true
        case .list(let element): generatesRowType(element)
        default: false
        }
    }
}

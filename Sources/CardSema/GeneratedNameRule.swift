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

    /// An action of stack `stack` named as the factory method the stack's controller declares
    /// for card `card` (`makeBudget`).
    static func factoryMethod(_ action: String, card: String, stack: String, kind: StackKindSpec) -> Clash {
        Clash(message: "action `\(action)` clashes in the generated Swift with the method that makes `\(card)`'s controller",
              help: "rename the action: both become methods of `\(stack)\(kind.swiftTypeSuffix)`")
    }

    /// Model field `field` of card `card`, given the card's other field names (needed only when
    /// `field` starts with `_`) and the names of the row types its list-of-record fields generate.
    static func field(_ field: String, card: String, fields: Set<String>, rowTypes: [String: String]) -> Clash? {
        var viewModel: String { SwiftNames.viewModel(card) }
        if let why = frameworkClash(field) {
            return Clash(message: "model field `\(field)` clashes in the generated Swift with \(why)",
                         help: "rename the field: it becomes a property of `\(viewModel)`")
        }
        if field == SwiftNames.sheetTitleProperty || field == SwiftNames.sheetSubtitleProperty {
            return Clash(message: "model field `\(field)` clashes in the generated Swift with the property the Observation flavor's `\(viewModel)` declares for the card's `title:`/`subtitle:`",
                         help: "rename the field")
        }
        if field == SwiftNames.accessibilityLabelsProperty || field == SwiftNames.decorativeImagesProperty {
            return Clash(message: "model field `\(field)` clashes in the generated Swift with the member the Observation flavor's `\(viewModel)` declares for the card's image labels",
                         help: "rename the field")
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

    /// A part's `id:` whose property (`property`: the id, or a state's name and the id) is a
    /// member the generated card controller — or, in a `cell` template, the cell class — has.
    static func partID(_ id: String, property: String, inCell: Bool, card: String) -> Clash? {
        let owner = inCell ? "the cell class generated for the part's `cell`" : "`\(SwiftNames.cardController(card))`"
        let why: String?
        if let reason = SwiftNames.cardControllerReserved[property] {
            why = reason
        } else if SwiftNames.frameworkNames.contains(property) {
            why = "`\(property)`, a framework name the generated code uses"
        } else if SwiftNames.cardControllerMembers.contains(property) || inCell && SwiftNames.cellMembers.contains(property) {
            why = "a member \(owner) has"
        } else {
            why = nil
        }
        guard let why else { return nil }
        return Clash(message: "part id `\(id)` names the property `\(property)`, which clashes in the generated Swift with \(why)",
                     help: "rename the id: it names a property of \(owner)")
    }

    /// A part's `id:` whose property has the name of an action method of the card.
    static func partIDAction(_ id: String, property: String, card: String) -> Clash {
        Clash(message: "part id `\(id)` names the property `\(property)`, which clashes in the generated Swift with the card's action `\(property)`",
              help: "rename the id or the action: both become members of `\(SwiftNames.cardController(card))`")
    }

    /// Two part ids that give the same property (`header` in every state gives `loadingHeader`).
    static func partIDs(_ id: String, _ other: String, property: String, card: String) -> Clash {
        Clash(message: "part ids `\(other)` and `\(id)` both name the property `\(property)` of `\(SwiftNames.cardController(card))`",
              help: "a part in every state of a card with state blocks has one property per state, the state's name followed by its id; rename one of the ids")
    }

    /// A state of card `card`: the CardParts flavor names each custom state as a static member of
    /// the view model (`BudgetViewModel.review`), which `Type` and `Protocol` cannot be (after a
    /// type's name they mean its metatype).
    static func customState(_ state: String, card: String) -> Clash? {
        guard state == "Type" || state == "Protocol" else { return nil }
        return Clash(message: "state `\(state)` cannot be named in the generated Swift: `\(SwiftNames.viewModel(card)).\(state)` means a metatype",
                     help: "rename the state")
    }

    /// A custom state named as the row type of a list field of the same card.
    static func stateRowType(_ state: String, field: String, card: String) -> Clash {
        Clash(message: "state `\(state)` clashes in the generated Swift with the row type of `\(field)`, `\(SwiftNames.viewModel(card)).\(state)`",
              help: "rename the state or the field")
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

import CardModel

/// `--swift-flavor observation`: per theme a struct of its resolved values (`EvergreenTheme`); per
/// card with states an enum of them (`BudgetState`), an `@Observable` view model with plain
/// properties initialised to the model defaults (`BudgetViewModel`), and, when it has actions, a
/// protocol of them for the app to implement (`BudgetActions`); per swipe stack an observable deck
/// (`PlacesSwipeDeck`) and, with actions, a protocol of those (`PlacesSwipeDelegate`); per sheet
/// stack an observable navigation (`TripNavigation`). Imports only Foundation and Observation, so
/// it compiles and runs on Linux and in any SwiftUI app.
struct ObservationFlavor {
    let file: SwiftFile
    var access: SwiftAccess { file.access }

    func imports(_ w: inout SwiftWriter) {
        w.line("import Foundation")
        w.line("import Observation")
        w.blank()
    }

    // MARK: Cards

    func card(_ card: CardView, _ w: inout SwiftWriter) {
        let viewModel = SwiftNames.viewModel(card.name)
        let stateType = card.name + SwiftNames.stateSuffix
        let facts = CardFacts(card) { viewModel + "." + SwiftNames.rowType($0) }
        let types = SwiftModelTypes(flavor: .observation, defaultCellFields: facts.defaultCellFields)
        let modifier = access.modifier

        // A card without states (or a `state:` field) has no state to switch: no enum, no property.
        let hasState = card.states.first?.span != nil || card.field(named: Catalog.stateFieldName) != nil

        w.line("// MARK: - Card \(card.name)")
        w.blank()
        if hasState {
            w.doc("The states of \(card.name).")
            w.block("\(modifier)enum \(stateType): Hashable, Sendable") { w in
                for state in card.states { w.line("case \(SwiftWriter.identifier(state.name))") }
            }
            w.blank()
        }

        file.doc(card.documentation, fallback: "The view model of the card \(card.name).", &w)
        w.line("@Observable")
        w.block("\(modifier)final class \(viewModel)") { w in
            let rows = types.rowStructs(card.model)
            for (field, row) in rows {
                Self.rowStruct(row, types: types, access: access, doc: "A row of `\(field)`.", &w)
                w.blank()
            }
            for field in card.model where field.name != Catalog.stateFieldName {
                let row = rows.first { $0.field == field.name }?.row
                let type = types.swiftType(field.type, rowName: SwiftNames.rowType(field.name))
                let value = types.defaultExpression(field, row: row)
                property(field.name, type: type, value: value, &w)
            }
            if hasState {
                property(Catalog.stateFieldName, type: stateType, value: Array(("." + SwiftWriter.identifier(card.initialState)).utf8), &w)
            }
            // The header a sheet stack shows: the card's `title:` and `subtitle:`, literal or bound.
            for (name, value, doc) in [(SwiftNames.sheetTitleProperty, card.title, "`title:`"),
                                       (SwiftNames.sheetSubtitleProperty, card.subtitle, "`subtitle:`")] {
                guard let expression = Self.text(value) else { continue }
                w.doc("The card's \(doc), the header a sheet stack shows.")
                w.block("\(modifier)var \(name): String", lines: [expression])
            }
            accessibility(facts, &w)
            w.blank()
            w.line("\(modifier)init() {}")
        }
        w.blank()

        guard !facts.actions.isEmpty else { return }
        w.doc("The actions of \(card.name), for the app to implement.")
        w.line("@MainActor")
        w.block("\(modifier)protocol \(card.name)\(SwiftNames.actionsSuffix): AnyObject") { w in
            for action in facts.actions {
                var written: [String] = []
                for context in action.contexts {
                    let requirement = Self.requirement(action.name, context)
                    guard !written.contains(requirement) else { continue }
                    written.append(requirement)
                    w.doc(context.event.map { "`\(action.name)`: \($0)." } ?? action.event.map { "`\(action.name)`: \($0.text)." })
                    w.line(verbatim: requirement)
                }
            }
        }
        w.blank()
    }

    /// What VoiceOver needs of the card's images (docs/language.md §7.4): their labels by asset
    /// name — literals, or the model fields they are bound to — and the decorative ones.
    func accessibility(_ facts: CardFacts, _ w: inout SwiftWriter) {
        let modifier = access.modifier
        if !facts.accessibilityLabels.isEmpty {
            w.doc("What VoiceOver reads for the card's images and icon labels (`accessibilityLabel:`), by asset name.")
            w.block("\(modifier)var \(SwiftNames.accessibilityLabelsProperty): [String: String]") { w in
                w.line("[")
                w.indented { w in
                    for (key, value) in facts.accessibilityLabels {
                        guard let expression = Self.text(value) else { continue }
                        w.line(verbatim: SwiftWriter.literal(key) + ": " + expression + ",")
                    }
                }
                w.line("]")
            }
        }
        if !facts.decorativeImages.isEmpty {
            w.doc("The card's decorative images (`decorative: true`), by asset name: VoiceOver skips them.")
            w.line("\(modifier)static let \(SwiftNames.decorativeImagesProperty): Set<String> = [")
            w.indented { w in for key in facts.decorativeImages { w.line(verbatim: SwiftWriter.literal(key) + ",") } }
            w.line("]")
        }
    }

    /// A stored property; a name that needs backticks is stored in `_name` and read through a
    /// computed property calling the `access`/`withMutation` methods `@Observable` generates,
    /// because the macro cannot name its storage after an escaped identifier.
    func property(_ name: String, type: String, value: [UInt8], _ w: inout SwiftWriter) {
        let modifier = access.modifier
        guard SwiftWriter.isKeyword(name) else {
            CardPartsFlavor.assignment("\(modifier)var \(name): \(type) = ", value, "", &w)
            return
        }
        let escaped = SwiftWriter.identifier(name)
        let storage = "_" + name
        CardPartsFlavor.assignment("@ObservationIgnored private var \(storage): \(type) = ", value, "", &w)
        w.block("\(modifier)var \(escaped): \(type)") { w in
            w.line("get { access(keyPath: \\.\(escaped)); return \(storage) }")
            w.line("set { withMutation(keyPath: \\.\(escaped)) { \(storage) = newValue } }")
        }
    }

    /// A card's `title:` or `subtitle:` as a `String` expression: a literal, or the bound field.
    static func text(_ value: Value?) -> String? {
        switch value {
        case .string(let text)?: SwiftWriter.literal(text)
        case .binding(let binding)?: binding.path.map(SwiftWriter.identifier).joined(separator: ".")
        default: nil
        }
    }

    /// One protocol requirement for an action used with `context`; `direction` is the type of a
    /// swipe's direction (a swipe deck's `Direction`).
    static func requirement(_ name: String, _ context: ActionContext, direction: String = "") -> String {
        let method = "func " + SwiftWriter.identifier(name)
        switch context {
        case .plain, .visibility: return method + "()"
        case .menu: return method + "(option: String, index: Int)"
        case .row(let type): return method + "(_ row: \(type))"
        case .page: return method + "(page: Int)"
        case .swipe: return method + "(index: Int, direction: \(direction))"
        case .select: return method + "(index: Int)"
        }
    }

    /// A row struct: `Hashable` and `Sendable`, with an explicit initializer when the rows are
    /// default-cell rows (every label optional) or the declarations are public or package.
    static func rowStruct(_ row: SwiftModelTypes.RowStruct, types: SwiftModelTypes, access: SwiftAccess, doc: String,
                          _ w: inout SwiftWriter) {
        w.doc(doc)
        w.block("\(access.modifier)struct \(row.name): Hashable, Sendable") { w in
            for nested in row.nested {
                rowStruct(nested, types: types, access: access, doc: "A `\(nested.name.dropLast(SwiftNames.rowSuffix.count))` value.", &w)
                w.blank()
            }
            for field in row.fields {
                w.line("\(access.modifier)var \(SwiftWriter.identifier(field.label)): \(types.memberType(field, in: row))")
            }
            rowInitializer(row, types: types, access: access, &w)
        }
    }

    /// The explicit initializer a row struct needs (nothing when the memberwise one will do).
    static func rowInitializer(_ row: SwiftModelTypes.RowStruct, types: SwiftModelTypes, access: SwiftAccess,
                               _ w: inout SwiftWriter) {
        guard row.optionalLabels || access != .internal else { return }
        // Parameter names of their own: a label named `self` would hide `self`.
        let parameters = row.fields.enumerated().map { index, field in
            SwiftWriter.identifier(field.label) + " value\(index): " + types.memberType(field, in: row) + (row.optionalLabels ? " = nil" : "")
        }
        w.blank()
        w.block("\(access.modifier)init(\(parameters.joined(separator: ", ")))") { w in
            for (index, field) in row.fields.enumerated() {
                w.line("self.\(SwiftWriter.identifier(field.label)) = value\(index)")
            }
        }
    }

    // MARK: Themes

    /// Per theme the file declares, a struct of its values with inheritance resolved
    /// (`EvergreenTheme().titleColor`), in the flavor's plain types: colors `#RRGGBB[AA]`, fonts
    /// and insets as written, numbers `Double`.
    func themes(_ w: inout SwiftWriter) {
        let modifier = access.modifier
        for theme in file.deck.themes where !theme.isBuiltIn && theme.span?.file == file.deck.entry {
            w.line("// MARK: - Theme \(theme.name)")
            w.blank()
            w.doc("The theme \(theme.name)\(theme.parent.map { " (from \($0))" } ?? ""), every value resolved: colors `#RRGGBB[AA]`, fonts and insets as written.")
            w.block("\(modifier)struct \(theme.name)\(SwiftNames.themeSuffix): Hashable, Sendable") { w in
                for property in theme.properties {
                    guard let spec = Catalog.themeProperty(named: property.name) else { continue }
                    let type = spec.type == .double ? "Double" : spec.type == .int ? "Int" : "String"
                    let types = SwiftModelTypes(flavor: .observation, defaultCellFields: [])
                    w.doc(spec.doc)
                    w.line("\(modifier)let \(identifier: property.name): \(type) = \(types.scalar(property.value, type: spec.type))")
                }
                w.blank()
                w.line("\(modifier)init() {}")
            }
            w.blank()
        }
    }

    // MARK: Stacks

    /// Per swipe stack, its observable deck (`<Stack>SwipeDeck`) and, when it has actions, the
    /// protocol of those (`<Stack>SwipeDelegate`); per sheet stack, its observable navigation
    /// (`<Stack>Navigation`).
    func stacks(_ w: inout SwiftWriter) {
        for stack in file.stacks {
            let suffixes = SwiftNames.stackSuffixes(stack.spec, .observation)
            guard !suffixes.isEmpty else { continue }
            w.line("// MARK: - Stack \(stack.name)")
            w.blank()
            if suffixes.contains(SwiftNames.swipeDeckSuffix) { swipeDeck(stack, &w) }
            if suffixes.contains(SwiftNames.navigationSuffix) { navigation(stack, &w) }
        }
    }

    /// The cases of a stack's `Card` enum, one per card in first-listed order: the card's name
    /// with a lower-case first letter.
    static func cardCases(_ stack: StackView) -> [(card: String, name: String)] {
        var seen: Set<String> = []
        return CardPartsStacks.destinationCases(stack.cards.map(\.name).filter { seen.insert($0).inserted })
    }

    /// `enum Card: Hashable, Sendable { case … }`.
    func cardEnum(_ cases: [(card: String, name: String)], doc: String, _ w: inout SwiftWriter) {
        w.doc(doc)
        w.block("\(access.modifier)enum Card: Hashable, Sendable") { w in
            for (_, name) in cases { w.line("case \(SwiftWriter.identifier(name))") }
        }
    }

    /// A swipe stack's deck: its cards in order, the one on top, the swipes so far, and the
    /// stack's settings; `swipe(_:)`, `undo()` and `select()` move it as MGSwipeCards would and
    /// tell the delegate, with the direction.
    func swipeDeck(_ stack: StackView, _ w: inout SwiftWriter) {
        let modifier = access.modifier
        let deck = stack.name + SwiftNames.swipeDeckSuffix
        let delegate = stack.name + SwiftNames.swipeDelegateSuffix
        let actions = Self.stackActions(stack)
        let cases = Self.cardCases(stack)
        let caseNames = Dictionary(cases.map { ($0.card, $0.name) }, uniquingKeysWith: { first, _ in first })
        func caseName(_ card: String) -> String { SwiftWriter.identifier(caseNames[card] ?? "") }
        func action(_ property: String) -> String? {
            if case .action(.method(let name))? = stack.property(property) { return SwiftWriter.identifier(name) }
            return nil
        }

        if !actions.isEmpty {
            file.doc(stack.documentation, fallback: "The actions of the swipe stack \(stack.name), for the app to implement.", &w)
            w.line("@MainActor")
            w.block("\(modifier)protocol \(delegate): AnyObject") { w in
                var written: [String] = []
                for (name, context, event) in actions {
                    let requirement = Self.requirement(name, context, direction: deck + ".Direction")
                    guard !written.contains(requirement) else { continue }
                    written.append(requirement)
                    w.doc("`\(name)`: \(event).")
                    w.line(verbatim: requirement)
                }
            }
            w.blank()
        }

        file.doc(stack.documentation, fallback: "The swipe stack \(stack.name).", &w)
        w.line("///")
        let moves = action("onSelect") == nil ? "`swipe(_:)` and `undo()`" : "`swipe(_:)`, `undo()` and `select()`"
        w.doc("Its cards in order, the one on top and the swipes so far, for a view to draw; \(moves) move it as MGSwipeCards would\(actions.isEmpty ? "" : " and tell the delegate").")
        w.line("@MainActor")
        w.line("@Observable")
        w.block("\(modifier)final class \(deck)") { w in
            w.doc("A swipe direction (MGSwipeCards' `SwipeDirection`).")
            w.block("\(modifier)enum Direction: String, Hashable, Sendable, CaseIterable") { w in
                w.line("case left, right, up, down")
            }
            w.blank()
            cardEnum(cases, doc: "A card of the stack.", &w)
            w.blank()
            w.doc("The cards, in order (a card may be listed more than once).")
            CardPartsFlavor.assignment("\(modifier)let cards: [Card] = ", elements: stack.cards.map { "." + caseName($0.name) }, "", &w)
            for (name, doc) in [("visibleCards", "How many cards are drawn at once."),
                                ("minimumSwipeSpeed", "The speed, in points per second, that swipes a dragged card."),
                                ("minimumSwipeMargin", "The drag distance, as a fraction of the card, that swipes it."),
                                ("maximumRotation", "The rotation of a dragged card at most, in degrees.")] {
                guard let value = stack.number(name) else { continue }
                w.doc(doc)
                w.line(name == "visibleCards" ? "\(modifier)let \(name) = \(Int(exactly: value) ?? 0)"
                                              : "\(modifier)let \(name): Double = \(SwiftWriter.double(value))")
            }
            w.doc("The index of the card on top: the cards before it were swiped (`cards.count` once all were).")
            w.line("\(modifier)private(set) var topIndex = 0")
            w.doc("The directions of the swipes so far, oldest first.")
            w.line("\(modifier)private(set) var swipes: [Direction] = []")
            if !actions.isEmpty {
                w.doc("Told about swipes, undos and taps.")
                w.line("\(modifier)weak var delegate: (any \(delegate))?")
            }
            w.blank()
            w.line("\(modifier)init() {}")
            w.blank()
            w.doc("The directions `card` may be swiped in (its `swipe:`).")
            w.block("\(modifier)func directions(of card: Card) -> [Direction]") { w in
                w.line("switch card {")
                for (card, name) in cases {
                    let directions = file.card(named: card)?.swipeDirections ?? SwipeDirection.allCases
                    w.line("case .\(SwiftWriter.identifier(name)): [\(directions.map { "." + $0.rawValue }.joined(separator: ", "))]")
                }
                w.line("}")
            }
            w.blank()
            w.doc("Swipes the top card in `direction`\(action("onSwipe").map { " and tells the delegate (`\($0)`)" } ?? ""); false when no card is left or the card may not be swiped that way.")
            w.line("@discardableResult")
            w.block("\(modifier)func swipe(_ direction: Direction) -> Bool") { w in
                w.line("guard topIndex < cards.count, directions(of: cards[topIndex]).contains(direction) else { return false }")
                w.line("swipes.append(direction)")
                w.line("topIndex += 1")
                if let onSwipe = action("onSwipe") { w.line("delegate?.\(onSwipe)(index: topIndex - 1, direction: direction)") }
                if let onSwipedAll = action("onSwipedAll") {
                    w.block("if topIndex == cards.count", lines: ["delegate?.\(onSwipedAll)()"])
                }
                w.line("return true")
            }
            w.blank()
            w.doc("Brings back the last swiped card\(action("onUndo").map { " and tells the delegate (`\($0)`)" } ?? ""); false when no card was swiped.")
            w.line("@discardableResult")
            w.block("\(modifier)func undo() -> Bool") { w in
                if let onUndo = action("onUndo") {
                    w.line("guard let direction = swipes.popLast() else { return false }")
                    w.line("topIndex -= 1")
                    w.line("delegate?.\(onUndo)(index: topIndex, direction: direction)")
                } else {
                    w.line("guard swipes.popLast() != nil else { return false }")
                    w.line("topIndex -= 1")
                }
                w.line("return true")
            }
            if let onSelect = action("onSelect") {
                w.blank()
                w.doc("The top card was tapped: tells the delegate (`\(onSelect)`).")
                w.block("\(modifier)func select()") { w in
                    w.line("guard topIndex < cards.count else { return }")
                    w.line("delegate?.\(onSelect)(index: topIndex)")
                }
            }
        }
        w.blank()
    }

    /// A sheet stack's navigation: the root card, the cards pushed over it (a `NavigationStack`
    /// path) and where the sheet sits; `push(_:)` and `pop()` are what the cards' `push(…)` and
    /// `pop` do.
    func navigation(_ stack: StackView, _ w: inout SwiftWriter) {
        let modifier = access.modifier
        let cases = Self.cardCases(stack)
        guard let root = cases.first else { return }
        var initial = "peaking"
        if case .enumCase(let name, _)? = stack.property("initial") { initial = name }
        file.doc(stack.documentation, fallback: "The sheet stack \(stack.name).", &w)
        w.line("///")
        w.doc("Its navigation, for a view to draw: the root card, the cards pushed over it and where the sheet sits. `push(_:)` and `pop()` are what the cards' `push(…)` and `pop` do; a card's `title:` and `subtitle:` are its view model's `sheetTitle` and `sheetSubtitle`.")
        w.line("@MainActor")
        w.line("@Observable")
        w.block("\(modifier)final class \(stack.name)\(SwiftNames.navigationSuffix)") { w in
            cardEnum(cases, doc: "A card of the sheet.", &w)
            w.blank()
            w.doc("Where the sheet sits (TGCardViewController's `TGCardPosition`).")
            w.block("\(modifier)enum Position: Hashable, Sendable") { w in
                w.line("case collapsed, peaking, extended")
            }
            w.blank()
            w.doc("The card at the bottom of the sheet.")
            w.line("\(modifier)let root: Card = .\(SwiftWriter.identifier(root.name))")
            w.doc("The cards pushed over the root, bottom first: a `NavigationStack`'s path.")
            w.line("\(modifier)var path: [Card] = []")
            w.doc("Where the sheet sits; pushing a card moves it to the card's `position:`.")
            w.line("\(modifier)var position: Position = .\(SwiftWriter.identifier(initial))")
            w.blank()
            w.line("\(modifier)init() {}")
            w.blank()
            w.doc("The card on top.")
            w.block("\(modifier)var top: Card", lines: ["path.last ?? root"])
            w.blank()
            w.doc("Shows `card` over the top one (`push(…)`), moving the sheet to the card's `position:`.")
            w.block("\(modifier)func push(_ card: Card)") { w in
                w.line("path.append(card)")
                w.block("if let preferred = Self.preferredPosition(of: card)", lines: ["position = preferred"])
            }
            w.blank()
            w.doc("Returns to the card below (`pop`); nothing happens at the root.")
            w.block("\(modifier)func pop()", lines: ["_ = path.popLast()"])
            w.blank()
            w.doc("The position a card opens in when pushed: its `position:`, if it has one.")
            w.block("\(modifier)static func preferredPosition(of card: Card) -> Position?") { w in
                w.line("switch card {")
                for (card, name) in cases {
                    let preferred = file.card(named: card)?.position
                    let position = preferred.map { "." + SwiftWriter.identifier($0) } ?? "nil"
                    w.line("case .\(SwiftWriter.identifier(name)): \(position)")
                }
                w.line("}")
            }
        }
        w.blank()
    }

    /// A stack's action properties: name, context, what happened.
    static func stackActions(_ stack: StackView) -> [(String, ActionContext, String)] {
        var result: [(String, ActionContext, String)] = []
        for property in stack.properties.properties {
            guard case .action(.method(let name)) = property.value else { continue }
            let parameter = stack.spec.bodyProperty(named: property.name)
            let event = parameter.map { $0.doc.prefix(1).lowercased() + $0.doc.dropFirst().dropLast(1) } ?? property.name
            result.append((name, swipeContext(property.name), event))
        }
        return result
    }

    /// The context a swipe stack's action property carries.
    static func swipeContext(_ property: String) -> ActionContext {
        switch property {
        case "onSwipe", "onUndo": .swipe
        case "onSelect": .select
        default: .plain
        }
    }
}

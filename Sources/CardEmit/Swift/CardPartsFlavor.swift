import CardModel

/// `--swift-flavor cardparts` (the default): CardParts 4 view controllers and RxSwift 6 view
/// models, as CardParts' sources spell its API. Per theme a function building its
/// `CardPartsTheme`; per card a `final class <Card>ViewModel` of `BehaviorRelay`s and a
/// `class <Card>CardController: CardPartsViewController` with its parts, bindings, states, taps,
/// actions (overridable methods) and one extension per trait; per stack its controller
/// (`CardsViewController`, `CardPartsFullScreenViewController`, CardsStack, MGSwipeCards,
/// TGCardViewController); then the file's private helpers.
struct CardPartsFlavor {
    let file: SwiftFile
    var access: SwiftAccess { file.access }
    /// The private helpers the file's code uses, written at its end.
    var helpers = Helpers()

    struct Helpers {
        var pagedDelegate = false
        var flowLayout = false
        var progressSegment = false
        var embeddedCard = false
        var hostCell = false
        var decorate = false
        var sheetCard = false
        var mapManager = false
        /// `CardcHelpers.scalingFonts`: every stack applies its theme through it.
        var scalingFonts = false
    }

    /// The cards the file's swipe stacks list, and what those stacks read off each of them,
    /// recorded as the card is written so that a stack builds no card's model a second time.
    let swipeStackCards: Set<String>
    var swipeCards: [String: SwipeCardFacts] = [:]

    /// What a swipe stack reads off one of its cards.
    struct SwipeCardFacts {
        let directions: [SwipeDirection]
        let overlays: [SwipeDirection]
        let footer: (height: Double, transparent: Bool)?

        init(_ card: CardView) {
            directions = card.swipeDirections
            overlays = card.overlays.map(\.direction)
            footer = card.footer.map { ($0.height, $0.transparent) }
        }
    }

    init(file: SwiftFile) {
        self.file = file
        swipeStackCards = Set(file.stacks.filter { $0.spec.geometry == .swipe }.flatMap { $0.cards.map(\.name) })
    }

    // MARK: Imports and themes

    mutating func imports(_ w: inout SwiftWriter) {
        // CardParts predates Swift concurrency: without `@preconcurrency`, Swift 6 code may not
        // read its global `CardParts.theme`. MapKit is always imported: CardParts links it
        // (CardPartMapView), and it re-exports CoreLocation.
        var modules = ["@preconcurrency import CardParts", "import MapKit", "import RxCocoa", "import RxSwift", "import UIKit"]
        let seeds = Set(file.stacks.compactMap { $0.spec.seedSystem })
        for seed in seeds.sorted() where seed != "CardParts" { modules.append("import \(seed)") }
        modules.sort { $0.split(separator: " ").last ?? "" < $1.split(separator: " ").last ?? "" }
        for module in modules { w.line(verbatim: module) }
        w.blank()
    }

    mutating func themes(_ w: inout SwiftWriter) {
        for theme in file.deck.themes where !theme.isBuiltIn && theme.span?.file == file.deck.entry {
            let root = file.deck.baseTheme(ofTheme: theme.name) ?? Catalog.defaultThemeName
            guard let builtIn = Catalog.builtInTheme(named: root) else { continue }
            w.line("// MARK: - Theme \(theme.name)")
            w.blank()
            w.doc("The theme \(theme.name) (\(theme.parent.map { "from \($0)" } ?? "")): CardParts' theme classes are `public`, not `open`, so a theme is a configured instance. Apply it (`apply()`) before creating the cards it draws.")
            w.block("\(access.modifier)func \(SwiftNames.themeFunction(theme.name))() -> CardPartsTheme") { w in
                w.line("let theme = \(builtIn.cardPartsClass)()")
                for property in theme.properties {
                    guard let base = builtIn.value(of: property.name)?.checkedValue, base != property.value else { continue }
                    guard let spec = Catalog.themeProperty(named: property.name) else { continue }
                    if property.name == "cardBackgroundColor" {
                        w.comment("`cardBackgroundColor` is not a `CardPartsTheme` property: each stack using this theme paints its cards with it.")
                        continue
                    }
                    w.line("theme.\(property.name) = \(Self.themeValue(property.value, type: spec.type))")
                }
                w.line("return theme")
            }
            w.blank()
        }
    }

    static func themeValue(_ value: Value, type: ValueType) -> String {
        switch value {
        case .color(let color, let name): SwiftValues.color(color, name: name)
        case .font(let font): SwiftValues.font(font)
        case .insets(let t, let l, let b, let r): SwiftValues.insets(top: t, left: l, bottom: b, right: r)
        case .int(let n): String(n)
        case .double(let d): SwiftWriter.number(d)
        default: "nil"
        }
    }

    /// The resolved value of theme property `property` in the theme called `theme` (a theme of
    /// the deck, else a built-in one).
    func themeValue(_ property: String, ofTheme theme: String) -> Value? {
        let resolved = file.deck.themes.first { $0.name == theme }?.resolved ?? ResolvedTheme.builtIn(named: theme)
        return resolved?.value(property)
    }

    /// A stack's `cardBackgroundColor` as Swift, and whether it is CardParts' own white, which
    /// `CardCell` and `CardPartsFullScreenViewController` already paint. `CardPartsTheme` has no
    /// such property: the stack, which knows its theme, paints the view showing each card.
    func cardBackground(_ stack: StackView) -> (swift: String, isWhite: Bool) {
        guard case .color(let color, let name)? = themeValue("cardBackgroundColor", ofTheme: stack.theme) else {
            return ("UIColor.white", true)
        }
        let isWhite = color.red == 255 && color.green == 255 && color.blue == 255 && color.alpha == 255
        return (SwiftValues.color(color, name: name), isWhite)
    }

    /// The expression applying a stack's theme with its fonts scaling with Dynamic Type:
    /// `CardcHelpers.scalingFonts(makeEvergreenTheme()).apply()`.
    func applyTheme(_ name: String) -> String {
        let theme = Catalog.builtInTheme(named: name).map { "\($0.cardPartsClass)()" } ?? "\(SwiftNames.themeFunction(name))()"
        return "\(CardPartsStacks.helpers).scalingFonts(\(theme)).apply()"
    }

    // MARK: Cards

    mutating func card(_ card: CardView, _ w: inout SwiftWriter) {
        if swipeStackCards.contains(card.name) { swipeCards[card.name] = SwipeCardFacts(card) }
        let viewModel = SwiftNames.viewModel(card.name)
        let controller = SwiftNames.cardController(card.name)
        let facts = CardFacts(card) { viewModel + "." + SwiftNames.rowType($0) }
        let types = SwiftModelTypes(flavor: .cardParts, defaultCellFields: facts.defaultCellFields)
        let rows = types.rowStructs(card.model)
        let hasState = !card.states.isEmpty && (card.states.first?.span != nil || card.field(named: Catalog.stateFieldName) != nil)

        w.line("// MARK: - Card \(card.name)")
        w.blank()

        // The view model.
        file.doc(card.documentation, fallback: "The view model of the card \(card.name).", &w)
        w.block("\(access.modifier)final class \(viewModel)") { w in
            // Custom states: one typed name each, used by the controller and by the app.
            let customStates = card.states.filter { $0.span != nil && !$0.isBuiltIn }
            for state in customStates {
                w.doc("The custom state `\(state.name)`, as CardParts' `CardState`.")
                w.line("\(access.modifier)static var \(identifier: state.name): CardState { .custom(\(SwiftWriter.literal(state.name))) }")
            }
            if !customStates.isEmpty { w.blank() }
            for (field, row) in rows {
                Self.rowStruct(row, types: types, access: access,
                               doc: "A row of `\(field)`" + (row.optionalLabels ? " (shown in CardParts' default table cell)." : "."), &w)
                w.blank()
            }
            for field in card.model where field.name != Catalog.stateFieldName {
                let row = rows.first { $0.field == field.name }?.row
                let type = types.swiftType(field.type, rowName: SwiftNames.rowType(field.name))
                let value = types.defaultExpression(field, row: row)
                Self.assignment("\(access.modifier)let \(identifier: field.name) = BehaviorRelay<\(type)>(value: ", value, ")", &w)
            }
            if hasState {
                w.line("\(access.modifier)let state = BehaviorRelay<CardState>(value: \(Self.cardState(card.initialState, viewModel: viewModel)))")
            }
            w.blank()
            w.line("\(access.modifier)init() {}")
        }
        w.blank()

        // The controller.
        var builder = CardControllerBuilder(flavor: self, card: card, facts: facts, types: types, rows: rows)
        builder.build()
        helpers = builder.flavor.helpers
        builder.write(controller: controller, viewModel: viewModel, hasState: hasState, &w)
    }

    /// A CardParts `CardState`: a built-in case (`.hasData`), or a custom state's constant on the
    /// card's view model (`BudgetViewModel.review`, which is `.custom("review")`).
    static func cardState(_ name: String, viewModel: String) -> String {
        Catalog.builtInState(named: name)?.swiftCase ?? viewModel + "." + SwiftWriter.identifier(name)
    }

    /// `prefix + value + suffix` on one line, or, when that is long and `value` is a list
    /// literal, one element per line.
    static func assignment(_ prefix: SwiftCode, _ value: [UInt8], _ suffix: StaticString, _ w: inout SwiftWriter) {
        let length = prefix.count + value.count + suffix.utf8CodeUnitCount
        guard length + w.level * 4 > 110, value.first == UInt8(ascii: "["),
              let list = SwiftWriter.splitFirstList(value), list.open == 0, list.close == value.count - 1,
              value[list.close] == UInt8(ascii: "]"), list.elements.count > 1 else {
            w.line(prefix, value[...], suffix)
            return
        }
        w.line(prefix, [UInt8(ascii: "[")], "")
        w.indented { w in for element in list.elements { w.line("", value[element], ",") } }
        w.line("]", [], suffix)
    }

    /// `prefix[elements]suffix` on one line, or, when that is long, one element per line: what
    /// `assignment` writes for a list literal of names (no brackets, quotes or commas in them).
    static func assignment(_ prefix: String, elements: [String], _ suffix: String, _ w: inout SwiftWriter) {
        let length = prefix.utf8.count + suffix.utf8.count + 2
            + elements.reduce(0) { $0 + $1.utf8.count } + 2 * max(0, elements.count - 1)
        guard length + w.level * 4 > 110, elements.count > 1 else {
            w.line("\(prefix)[\(elements.joined(separator: ", "))]\(suffix)")
            return
        }
        w.line("\(prefix)[")
        w.indented { w in for element in elements { w.line("\(element),") } }
        w.line("]\(suffix)")
    }

    /// A row struct: `Equatable`, members in declaration order, an explicit initializer when
    /// needed (default-cell rows, public or package declarations).
    static func rowStruct(_ row: SwiftModelTypes.RowStruct, types: SwiftModelTypes, access: SwiftAccess, doc: String,
                          _ w: inout SwiftWriter) {
        w.doc(doc)
        w.block("\(access.modifier)struct \(row.name): Equatable") { w in
            for nested in row.nested {
                rowStruct(nested, types: types, access: access, doc: "A `\(nested.name.dropLast(SwiftNames.rowSuffix.count))` value.", &w)
                w.blank()
            }
            for field in row.fields {
                w.line("\(access.modifier)var \(SwiftWriter.identifier(field.label)): \(types.memberType(field, in: row))")
            }
            ObservationFlavor.rowInitializer(row, types: types, access: access, &w)
        }
    }
}

import CardModel

/// The CardParts flavor's stacks: a `CardsViewController` subclass for `list`, a
/// `CardPartsFullScreenViewController` for `fullScreen`, a view controller driving CardsStack's
/// `CardStack` for `collapsible`, one driving MGSwipeCards' `MGCardStackView` for `swipe`, a
/// `TGCardViewController` for `sheet`; and the private helpers of the file (`Cardc…`).
///
/// Every stack makes its cards' controllers with overridable factory methods, one per card
/// (`makeBudget()`, `makeTartine(at:)` in a swipe stack), so an app subclasses the stack and
/// returns its own subclasses of the card controllers, whose action methods it overrides. A sheet
/// stack also hands each card it shows a closure making the cards that card pushes, from the same
/// factories.
enum CardPartsStacks {
    /// The file helpers (`SwiftNames.fileHelpers`).
    static let helpers = "CardcHelpers"
    static let pagedDelegate = "CardcPagedDelegate"
    static let embeddedCard = "CardcEmbeddedCard"
    static let hostCell = "CardcHostCell"
    static let gradientView = "CardcGradientView"
    static let sheetCard = "CardcSheetCard"
    static let mapManager = "CardcMapManager"

    /// The cases of a card controller's `Destination` enum, one per card it pushes, in the order
    /// of `targets` (first use): the card's name with a lower-case first letter. The card's file and
    /// every sheet stack showing the card spell them with this one function.
    static func destinationCases(_ targets: [String]) -> [(card: String, name: String)] {
        // `self`, `Type` and `Protocol` cannot follow a dot after a type name.
        var scope = NameScope(reserved: ["self", "Type", "Protocol", "init"])
        return targets.map { ($0, scope.allocate(lowercasedFirst($0))) }
    }

    /// `Budget` → `budget`.
    static func lowercasedFirst(_ name: String) -> String { name.prefix(1).lowercased() + name.dropFirst() }
}

extension CardPartsFlavor {
    /// The members a stack controller inherits, which its card properties avoid.
    static let stackControllerInherited: Set<String> = Set(CardControllerBuilder.inheritedProperties)
        .union(["self", "collectionView", "cardCellMargins", "rootCard", "topCard", "cardPosition", "delegate", "cardStack",
                "configuration", "cards", "loadedCards", "coordinator", "shouldListenToKeyboardNotifications",
                "swipeCard", "cardCount", SwiftNames.themedMethod])

    static let stackControllerReserved = stackControllerInherited.union(SwiftNames.frameworkNames)

    mutating func stacks(_ w: inout SwiftWriter) {
        // Every stack applies its theme with its fonts scaling (`applyTheme`).
        if !file.stacks.isEmpty { helpers.scalingFonts = true }
        for stack in file.stacks {
            let kind = stack.spec
            let type = stack.name + kind.swiftTypeSuffix
            w.line("// MARK: - Stack \(stack.name) (\(kind.name))")
            w.blank()
            file.doc(stack.documentation, fallback: "The \(kind.name) stack \(stack.name) (\(kind.seedSystem): `\(kind.seedClass)`).", &w)
            w.line("///")
            w.doc(kind.geometry == .sheet
                  ? "Subclass it and override its factory methods (`make…`) to put your subclasses of the cards' controllers in it, the cards they push included."
                  : "Subclass it and override its factory methods (`make…`) to put your subclasses of the cards' controllers in it.")
            var names = StackNames(stack, reserved: Self.stackControllerReserved.union(ObservationFlavor.stackActions(stack).map(\.0)))
            switch kind.geometry {
            case .list where kind.cardCount == .exactly(1): fullScreen(stack, type: type, kind: kind, names: &names, &w)
            case .list: list(stack, type: type, kind: kind, names: &names, &w)
            case .collapsible: collapsible(stack, type: type, kind: kind, names: &names, &w)
            case .swipe: swipe(stack, type: type, kind: kind, names: &names, &w)
            case .sheet: sheet(stack, type: type, kind: kind, names: &names, &w)
            }
            w.blank()
        }
    }

    /// The names a stack controller declares for its cards: a property (`budget`) and a factory
    /// method (`makeBudget`) per card, in the order the stack first lists them, clear of the
    /// controller's inherited members, its actions and each other.
    struct StackNames {
        var scope: NameScope
        /// Card name, property, factory, in first-listed order.
        let cards: [(card: String, property: String, factory: String)]
        /// The factories by card name (a stack may list thousands of cards).
        private let factories: [String: String]

        init(_ stack: StackView, reserved: Set<String>) {
            var scope = NameScope(reserved: reserved)
            var names: [String] = []
            var seen: Set<String> = []
            for reference in stack.cards where seen.insert(reference.name).inserted { names.append(reference.name) }
            // Factories first: they are the API an app overrides, so they keep their plain names.
            let factories = names.map { scope.allocate(SwiftNames.factoryMethod($0)) }
            cards = zip(names, factories).map { name, factory in
                (name, scope.allocate(CardPartsStacks.lowercasedFirst(name)), factory)
            }
            self.factories = Dictionary(zip(names, factories), uniquingKeysWith: { first, _ in first })
            self.scope = scope
        }

        func factory(of card: String) -> String { factories[card] ?? SwiftNames.factoryMethod(card) }
    }

    func controllerType(_ card: String) -> String { SwiftNames.cardController(card) }

    /// The cards of `names` whose `gradient` has an angle other than 0, with it.
    func gradientAngles(_ names: StackNames) -> [(card: String, angle: Double)] {
        names.cards.compactMap { entry in
            guard let angle = file.card(named: entry.card)?.trait(.gradient)?.value("angle")?.number, angle != 0 else { return nil }
            return (entry.card, angle)
        }
    }

    /// The name of the stack's `gradientAngle(of:)` when a card of it has a gradient angle
    /// (`gradientAngles`), allocated in the stack's names; nil when none has.
    func gradientAngleFunction(_ names: inout StackNames) -> String? {
        gradientAngles(names).isEmpty ? nil : names.scope.allocate("gradientAngle")
    }

    /// `, gradientAngle: Self.gradientAngle(of: card)`, the argument `decorate` takes for `card`
    /// ("" without a function).
    func gradientAngleArgument(_ function: String?, card: String) -> String {
        function.map { ", gradientAngle: Self.\($0)(of: \(card))" } ?? ""
    }

    /// `private static func gradientAngle(of:) -> Float`: each card's `gradient` angle, as
    /// CardParts' own `gradientAngle()` is an optional requirement.
    func writeGradientAngles(_ names: StackNames, function: String?, _ w: inout SwiftWriter) {
        guard let function else { return }
        w.blank()
        w.doc("The `angle:` of each card's `gradient`, which the views showing the cards draw.")
        w.block("private static func \(function)(of card: CardPartsViewController) -> Float") { w in
            for (name, angle) in gradientAngles(names) { w.line("if card is \(controllerType(name)) { return \(SwiftWriter.number(angle)) }") }
            w.line("return 0")
        }
    }

    /// The stack's factories, one per card (`make<Card>(parameters)`, returning the generated
    /// controller), and `themed`, which applies the stack's theme before one runs: parts read
    /// `CardParts.theme` when they are created.
    func writeFactories(_ stack: StackView, names: StackNames, parameters: String = "", _ w: inout SwiftWriter) {
        w.blank()
        w.line("// MARK: Cards (override a factory to put your subclass of a card's controller in the stack)")
        for (card, _, factory) in names.cards {
            w.blank()
            // Short enough to fit on one line for most names: wrapping a comment costs far more.
            w.doc(parameters.isEmpty ? "Makes the controller of \(card); override it to return your subclass."
                                     : "Makes the controller of \(card) at `index` (cards repeat); override it to return your subclass.")
            w.block("\(access.openModifier)func \(SwiftWriter.identifier(factory))(\(parameters)) -> \(controllerType(card))",
                    lines: ["\(controllerType(card))()"])
        }
        w.blank()
        w.doc("Applies the stack's theme, then makes a card's controller: parts read `CardParts.theme` when they are created.")
        w.block("private func \(SwiftNames.themedMethod)<Controller>(_ make: () -> Controller) -> Controller") { w in
            w.line(verbatim: applyTheme(stack.theme))
            w.line("return make()")
        }
    }

    /// `private(set) lazy var budget: BudgetCardController = themed { makeBudget() }`, documented.
    func writeCardProperty(card: String, property: String, factory: String, made when: String, _ w: inout SwiftWriter) {
        w.doc("Made by `\(factory)()` \(when).")
        w.line("\(access.modifier)private(set) lazy var \(SwiftWriter.identifier(property)): \(controllerType(card)) = \(SwiftNames.themedMethod) { \(SwiftWriter.identifier(factory))() }")
    }

    /// `init()` and `init?(coder:)`, each applying the stack's theme before `super` (the stack's
    /// own views read it when they load).
    func writeInitializers(_ stack: StackView, superInit: String = "super.init(nibName: nil, bundle: nil)",
                           coderInit: String = "super.init(coder: coder)", coderComment: String? = nil, _ w: inout SwiftWriter) {
        for (header, call, comment) in [("\(access.modifier)init()", superInit, nil),
                                        ("\(access.modifier)required init?(coder: NSCoder)", coderInit, coderComment)] {
            w.block(SwiftCode(header)) { w in
                if let comment { w.comment(comment) }
                w.line(verbatim: applyTheme(stack.theme))
                w.line(verbatim: call)
            }
            w.blank()
        }
    }

    // MARK: list

    mutating func list(_ stack: StackView, type: String, kind: StackKindSpec, names: inout StackNames, _ w: inout SwiftWriter) {
        w.block("\(access.openModifier)class \(type): \(kind.seedClass)") { w in
            for (card, property, factory) in names.cards {
                writeCardProperty(card: card, property: property, factory: factory, made: "when the list first needs it", &w)
            }
            w.blank()
            writeInitializers(stack, &w)
            w.block("override \(access.openModifier)func viewDidLoad()") { w in
                if case .insets(let t, let l, let b, let r)? = stack.property("margins") {
                    w.comment("`CardsViewController.viewDidLoad()` sizes the cards from the margins.")
                    w.line("cardCellMargins = \(SwiftValues.insets(top: t, left: l, bottom: b, right: r))")
                }
                w.line("super.viewDidLoad()")
                w.line("loadCards(cards: [\(names.cards.map { "self." + SwiftWriter.identifier($0.property) }.joined(separator: ", "))])")
            }
            let background = cardBackground(stack)
            if !background.isWhite {
                helpers.decorate = true
                w.blank()
                w.doc("Paints each card the theme's `cardBackgroundColor`: `CardCell` paints it white when it is made, before the list shows it.")
                // `CardsViewController` is the delegate and leaves this optional method out: the
                // selector is spelled out so UIKit finds it whatever Swift infers for a subclass
                // (Linux, where the generated code is type-checked, has no Objective-C).
                w.line("#if canImport(ObjectiveC)")
                w.line("@objc(collectionView:willDisplayCell:forItemAtIndexPath:)")
                w.line("#endif")
                w.block("\(access.modifier)func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)") { w in
                    w.line("guard let card = getCardControllerForIndexPath(indexPath: indexPath) as? CardPartsViewController else { return }")
                    w.line("\(CardPartsStacks.helpers).paint(cell.contentView, for: card, background: \(background.swift))")
                }
            }
            writeFactories(stack, names: names, &w)
        }
    }

    // MARK: fullScreen

    mutating func fullScreen(_ stack: StackView, type: String, kind: StackKindSpec, names: inout StackNames, _ w: inout SwiftWriter) {
        helpers.embeddedCard = true
        helpers.decorate = true
        guard let (card, property, factory) = names.cards.first else { return }
        w.block("\(access.openModifier)class \(type): \(kind.seedClass)") { w in
            writeCardProperty(card: card, property: property, factory: factory, made: "when the screen first needs it", &w)
            w.blank()
            writeInitializers(stack, &w)
            w.block("override \(access.openModifier)func viewDidLoad()") { w in
                w.line("super.viewDidLoad()")
                w.comment("The card's background (`CardPartsFullScreenViewController.viewDidLoad()` paints it white), corners, border and shadow on the screen.")
                let angle = gradientAngles(names).first.map { ", gradientAngle: \(SwiftWriter.number($0.angle))" } ?? ""
                w.line("\(CardPartsStacks.helpers).decorate(view, for: self.\(SwiftWriter.identifier(property)), background: \(cardBackground(stack).swift)\(angle))")
                w.line("setupCardParts([\(CardPartsStacks.embeddedCard)(self.\(SwiftWriter.identifier(property)))])")
            }
            writeFactories(stack, names: names, &w)
        }
    }

    // MARK: collapsible

    mutating func collapsible(_ stack: StackView, type: String, kind: StackKindSpec, names: inout StackNames, _ w: inout SwiftWriter) {
        helpers.hostCell = true
        helpers.decorate = true
        let modifier = access.modifier
        let configuration = kind.arguments.map { "\($0.name): \(stack.number($0.name).map(SwiftWriter.number) ?? "0")" }
        var initial = ".Collapsed"
        if case .enumCase(let name, let arguments)? = stack.property("initial") {
            initial = SwiftValues.enumCase(name, arguments: arguments, in: kind.bodyProperty(named: "initial")?.type.enumType)
        }
        let factories = stack.cards.map { "\(SwiftNames.themedMethod) { \(SwiftWriter.identifier(names.factory(of: $0.name)))() }" }
        let angleFunction = gradientAngleFunction(&names)
        w.block("\(access.openModifier)class \(type): UIViewController, UICollectionViewDataSource, @preconcurrency CardsManagerDelegate") { w in
            w.doc("CardsStack's settings (`Float`s, as `Configuration` takes them).")
            w.wrap("\(modifier)let configuration = Configuration(\(configuration.joined(separator: ", ")))")
            w.doc("The cards' controllers, in order, made by the factories below when the stack first needs them.")
            CardPartsFlavor.assignment("\(modifier)private(set) lazy var cards: [CardPartsViewController] = ", elements: factories, "", &w)
            w.line("\(modifier)let collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())")
            w.doc("The stack, once the view has loaded.")
            w.line("\(modifier)private(set) var cardStack: CardStack?")
            w.blank()
            writeInitializers(stack, &w)
            w.block("override \(access.openModifier)func viewDidLoad()") { w in
                w.line("super.viewDidLoad()")
                w.block("for card in cards") { w in
                    w.line("addChild(card)")
                    w.line("card.didMove(toParent: self)")
                }
                w.line("collectionView.translatesAutoresizingMaskIntoConstraints = false")
                w.line("collectionView.register(\(CardPartsStacks.hostCell).self, forCellWithReuseIdentifier: \(CardPartsStacks.hostCell).reuseIdentifier)")
                w.line("collectionView.dataSource = self")
                w.line("view.addSubview(collectionView)")
                w.comment("CardStack animates this constraint between collapsedHeight and expandedHeight.")
                w.line("let height = collectionView.heightAnchor.constraint(equalToConstant: CGFloat(\(initial == ".Expanded" ? "configuration.expandedHeight" : "configuration.collapsedHeight")))")
                w.line("NSLayoutConstraint.activate([")
                w.indented { w in
                    w.line("collectionView.leadingAnchor.constraint(equalTo: view.leadingAnchor),")
                    w.line("collectionView.trailingAnchor.constraint(equalTo: view.trailingAnchor),")
                    w.line("collectionView.bottomAnchor.constraint(equalTo: view.bottomAnchor),")
                    w.line("height,")
                }
                w.line("])")
                w.wrap("let stack = CardStack(cardsState: \(initial), configuration: configuration, collectionView: collectionView, collectionViewHeight: height)")
                w.line("stack.delegate = self")
                w.line("cardStack = stack")
            }
            w.blank()
            w.block("\(modifier)func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int",
                    lines: ["cards.count"])
            w.blank()
            w.block("\(modifier)func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell") { w in
                w.line("let cell = collectionView.dequeueReusableCell(withReuseIdentifier: \(CardPartsStacks.hostCell).reuseIdentifier, for: indexPath)")
                w.line("let card = cards[indexPath.item]")
                w.line("(cell as? \(CardPartsStacks.hostCell))?.show(card, background: \(cardBackground(stack).swift)\(gradientAngleArgument(angleFunction, card: "card")))")
                w.line("return cell")
            }
            w.blank()
            w.doc("Expands the stack when its collapsed cards are tapped (CardsStack only reports the tap).")
            w.block("\(modifier)func tappedOnCardsStack(cardsCollectionView: UICollectionView)",
                    lines: ["cardStack?.changeCardsPosition(to: .Expanded)"])
            writeGradientAngles(names, function: angleFunction, &w)
            writeFactories(stack, names: names, &w)
        }
    }

    // MARK: swipe

    mutating func swipe(_ stack: StackView, type: String, kind: StackKindSpec, names: inout StackNames, _ w: inout SwiftWriter) {
        helpers.decorate = true
        let modifier = access.modifier
        let actions = ObservationFlavor.stackActions(stack)
        let coordinator = names.scope.allocate("Coordinator")
        // The indices each card is listed at.
        var indices: [String: [Int]] = [:]
        for (index, reference) in stack.cards.enumerated() { indices[reference.name, default: []].append(index) }
        func number(_ name: String) -> String { stack.number(name).map(SwiftWriter.number) ?? "0" }
        let angleFunction = gradientAngleFunction(&names)
        w.block("\(access.openModifier)class \(type): UIViewController") { w in
            w.doc("The MGSwipeCards stack.")
            w.line("\(modifier)let cardStack = MGCardStackView()")
            w.doc("The controllers of the cards loaded so far, by index: MGSwipeCards asks for cards lazily, and a card may be listed more than once.")
            w.line("\(modifier)private(set) var loadedCards: [Int: CardPartsViewController] = [:]")
            w.comment("The stack holds its data source and delegate strongly; the coordinator holds this controller weakly.")
            w.line("private lazy var coordinator = \(coordinator)(owner: self)")
            w.blank()
            writeInitializers(stack, &w)
            w.block("override \(access.openModifier)func viewDidLoad()") { w in
                w.line("super.viewDidLoad()")
                w.line("cardStack.numberOfVisibleCards = \(number("visibleCards"))")
                if case .insets(let t, let l, let b, let r)? = stack.configuration.value(named: "insets") {
                    w.line("cardStack.cardStackInsets = \(SwiftValues.insets(top: t, left: l, bottom: b, right: r))")
                }
                w.line("cardStack.translatesAutoresizingMaskIntoConstraints = false")
                w.line("view.addSubview(cardStack)")
                Self.pinEdges("cardStack", to: "view", &w)
                if !actions.isEmpty { w.line("cardStack.delegate = coordinator") }
                w.line("cardStack.dataSource = coordinator")
            }
            w.blank()
            w.doc("The number of cards the stack shows, repeats included.")
            w.line("\(modifier)static let cardCount = \(stack.cards.count)")
            w.blank()
            w.doc("Builds the swipe card at `index`: its card's controller from the card's factory as content, the card's overlays, footer and directions, and the stack's thresholds.")
            w.block("fileprivate func swipeCard(at index: Int) -> MGSwipeCard") { w in
                w.line("let card = MGSwipeCard()")
                w.line("let controller: CardPartsViewController")
                w.line("switch index {")
                do {
                    for (name, _, factory) in names.cards {
                        // A card of this file was recorded when it was written; an imported one is built here.
                        let facts = swipeCards[name] ?? file.card(named: name).map(SwipeCardFacts.init)
                        let variable = "card" + SwiftNames.capitalized(name)
                        w.wrap("case " + (indices[name] ?? []).map(String.init).joined(separator: ", ") + ":")
                        w.indented { w in
                            w.line("let \(variable) = \(SwiftNames.themedMethod) { \(SwiftWriter.identifier(factory))(at: index) }")
                            if let facts {
                                let directions = facts.directions.map { "." + $0.rawValue }.joined(separator: ", ")
                                w.line("card.swipeDirections = [\(directions)]")
                                for direction in facts.overlays { w.line("card.\(direction.rawValue)Overlay = \(variable).\(direction.rawValue)Overlay") }
                                if let footer = facts.footer {
                                    w.line("card.footer = \(variable).footer")
                                    w.line("card.footerHeight = \(SwiftWriter.number(footer.height))")
                                    w.line("card.isFooterTransparent = \(footer.transparent)")
                                }
                            }
                            w.line("controller = \(variable)")
                        }
                    }
                    w.line("default:")
                    w.indented { w in w.line("controller = CardPartsViewController()") }
                }
                w.line("}")
                w.line("addChild(controller)")
                w.line("controller.didMove(toParent: self)")
                w.line("loadedCards[index] = controller")
                w.line("card.content = controller.view")
                w.line("card.minimumSwipeSpeed = \(number("minimumSwipeSpeed"))")
                w.line("card.minimumSwipeMargin = \(number("minimumSwipeMargin"))")
                w.comment("`maximumRotation` is in degrees; MGSwipeCards takes radians.")
                w.line("card.maximumRotationAngle = \(number("maximumRotation")) * CGFloat.pi / 180")
                w.line("\(CardPartsStacks.helpers).decorate(card, for: controller, background: \(cardBackground(stack).swift)\(gradientAngleArgument(angleFunction, card: "controller")))")
                w.line("return card")
            }
            if !actions.isEmpty {
                w.blank()
                w.line("// MARK: Actions (override them in a subclass)")
                let method = access.openModifier + "func "
                var plain: [String] = []
                for (name, context, event) in actions {
                    let escaped = SwiftWriter.identifier(name)
                    let call = name == "self" ? "self.`self`()" : "\(escaped)()"
                    switch context {
                    case .swipe:
                        w.blank()
                        w.doc("`\(name)`: \(event).")
                        w.block("\(method)\(escaped)(index: Int, direction: SwipeDirection)", lines: [call])
                    case .select:
                        w.blank()
                        w.doc("`\(name)`: \(event).")
                        w.block("\(method)\(escaped)(index: Int)", lines: [call])
                    default: break
                    }
                    if !plain.contains(name) {
                        plain.append(name)
                        w.blank()
                        w.doc("`\(name)`.")
                        w.line("\(method)\(escaped)() {}")
                    }
                }
            }
            writeGradientAngles(names, function: angleFunction, &w)
            writeFactories(stack, names: names, parameters: "at index: Int", &w)
            w.blank()
            w.line("@MainActor")
            // A delegate only with the stack's actions: `@preconcurrency` on a conformance without
            // a witness is a warning.
            let conformances = actions.isEmpty ? "@preconcurrency MGCardStackViewDataSource"
                : "@preconcurrency MGCardStackViewDataSource, @preconcurrency MGCardStackViewDelegate"
            w.block("private final class \(coordinator): \(conformances)") { w in
                w.line("weak var owner: \(type)?")
                w.blank()
                w.block("init(owner: \(type))", lines: ["self.owner = owner"])
                w.blank()
                w.block("func numberOfCards(in cardStack: MGCardStackView) -> Int", lines: ["\(type).cardCount"])
                w.blank()
                w.block("func cardStack(_ cardStack: MGCardStackView, cardForIndexAt index: Int) -> MGSwipeCard",
                        lines: ["owner?.swipeCard(at: index) ?? MGSwipeCard()"])
                for (property, action) in stack.properties.properties.compactMap({ p -> (String, String)? in
                    if case .action(.method(let name)) = p.value { return (p.name, name) } else { return nil }
                }) {
                    let escaped = SwiftWriter.identifier(action)
                    w.blank()
                    switch ObservationFlavor.swipeContext(property) {
                    case .swipe where property == "onUndo":
                        w.block("func cardStack(_ cardStack: MGCardStackView, didUndoCardAt index: Int, from direction: SwipeDirection)",
                                lines: ["owner?.\(escaped)(index: index, direction: direction)"])
                    case .swipe:
                        w.block("func cardStack(_ cardStack: MGCardStackView, didSwipeCardAt index: Int, with direction: SwipeDirection)",
                                lines: ["owner?.\(escaped)(index: index, direction: direction)"])
                    case .select:
                        w.block("func cardStack(_ cardStack: MGCardStackView, didSelectCardAt index: Int)",
                                lines: ["owner?.\(escaped)(index: index)"])
                    default:
                        w.block("func didSwipeAllCards(_ cardStack: MGCardStackView)", lines: ["owner?.\(escaped)()"])
                    }
                }
            }
        }
    }

    // MARK: sheet

    mutating func sheet(_ stack: StackView, type: String, kind: StackKindSpec, names: inout StackNames, _ w: inout SwiftWriter) {
        helpers.sheetCard = true
        helpers.decorate = true
        guard let root = stack.cards.first?.name else { return }
        var initial = ".peaking"
        if case .enumCase(let name, let arguments)? = stack.property("initial") {
            initial = SwiftValues.enumCase(name, arguments: arguments, in: kind.bodyProperty(named: "initial")?.type.enumType)
        }
        // One private method per card building its sheet card.
        var makers: [String: String] = [:]
        for (card, _, _) in names.cards { makers[card] = names.scope.allocate("sheetCardFor" + SwiftNames.capitalized(card)) }
        let style = names.scope.allocate("cardStyle")
        let nib = "super.init(nibName: \"TGCardViewController\", bundle: TGCardViewController.bundle)"
        w.block("\(access.openModifier)class \(type): \(kind.seedClass)") { w in
            if let extendedTop = stack.number("extendedTop"), extendedTop != kind.argument(named: "extendedTop")?.defaultValue?.numericValue {
                w.comment("`extendedTop: \(SwiftWriter.number(extendedTop))` has no TGCardViewController 2.5 equivalent: it keeps an extended card a fixed, private distance below the status and navigation bars.")
                w.blank()
            }
            writeInitializers(stack, superInit: nib, coderInit: nib, coderComment: "As TGCardViewController asks: its own nib, not the storyboard's.", &w)
            w.block("override \(access.openModifier)func viewDidLoad()") { w in
                w.line("rootCard = \(makers[root] ?? "")(initialPosition: \(initial))")
                w.line("super.viewDidLoad()")
            }
            writeFactories(stack, names: names, &w)
            w.blank()
            w.line("// MARK: Sheet cards")
            w.blank()
            writeSheetStyle(stack, property: style, &w)
            for (card, _, factory) in names.cards {
                w.blank()
                sheetCardMaker(card, method: makers[card] ?? "", factory: factory, makers: makers, styleProperty: style, &w)
            }
        }
    }

    /// The sheet cards' `TGCardStyle` from the stack's theme: the header's title in `titleFont`
    /// and `titleColor`, its subtitle in `detailTextFont` and `detailTextColor`, the card in
    /// `cardBackgroundColor` — as the preview and the gallery draw a sheet card.
    func writeSheetStyle(_ stack: StackView, property: String, _ w: inout SwiftWriter) {
        w.doc("The sheet cards' style, from the theme \(stack.theme): the header and background the preview and the gallery draw.")
        w.block("private static var \(property): TGCardStyle") { w in
            w.line("var style = TGCardStyle.default")
            for (member, theme, type) in [("titleFont", "titleFont", ValueType.font), ("titleTextColor", "titleColor", .color),
                                          ("subtitleFont", "detailTextFont", .font), ("subtitleTextColor", "detailTextColor", .color),
                                          ("backgroundColor", "cardBackgroundColor", .color)] {
                guard let value = themeValue(theme, ofTheme: stack.theme) else { continue }
                w.line("style.\(member) = \(Self.themeValue(value, type: type))")
            }
            w.line("return style")
        }
    }

    /// `private func sheetCardForSight(initialPosition:) -> TGCard`: the sheet card of `name`, its
    /// controller from the stack's factory, its title from the card's `title:`/`subtitle:`, its map
    /// from the card's first `map` part, and the cards it pushes from the stack's factories.
    func sheetCardMaker(_ name: String, method: String, factory: String, makers: [String: String], styleProperty: String,
                        _ w: inout SwiftWriter) {
        guard let card = file.card(named: name) else { return }
        var position = "nil"
        if let preferred = card.position { position = "." + SwiftWriter.identifier(preferred) }
        func text(_ value: Value?) -> String {
            switch value {
            case .string(let s)?: return SwiftWriter.literal(s)
            case .binding(let b)?: return "controller.viewModel.\(b.path.map(SwiftWriter.identifier).joined(separator: ".")).value"
            default: return "\"\""
            }
        }
        let subtitle = card.subtitle.map { text($0) } ?? "nil"
        let facts = CardFacts(card) { $0 }
        w.doc("The sheet card of \(name), from `\(factory)()`.")
        w.block("private func \(method)(initialPosition: TGCardPosition? = \(position)) -> TGCard") { w in
            w.line("let controller = \(SwiftNames.themedMethod) { \(SwiftWriter.identifier(factory))() }")
            var mapManager = "nil"
            if let map = Self.firstMap(in: card) {
                func number(_ parameter: String) -> String {
                    switch map.property(parameter) {
                    case .int(let n)?: return String(n)
                    case .double(let d)?: return SwiftWriter.number(d)
                    case .binding(let b)?: return "controller.viewModel.\(b.path.map(SwiftWriter.identifier).joined(separator: ".")).value"
                    default: return "0"
                    }
                }
                var type = ".standard"
                if case .enumCase(let c, let args)? = map.property("type") {
                    type = SwiftValues.enumCase(c, arguments: args, in: map.spec.parameter(named: "type")?.type.enumType)
                }
                mapManager = "\(CardPartsStacks.mapManager)(type: \(type), latitude: \(number("latitude")), longitude: \(number("longitude")), span: \(number("span")))"
            }
            w.wrap("let card = \(CardPartsStacks.sheetCard)(title: \(text(card.title)), subtitle: \(subtitle), controller: controller, mapManager: \(mapManager), initialPosition: initialPosition)")
            w.line("card.style = Self.\(styleProperty)")
            let angle = card.trait(.gradient)?.value("angle")?.number.flatMap { $0 != 0 ? ", gradientAngle: \(SwiftWriter.number($0))" : nil } ?? ""
            w.line("\(CardPartsStacks.helpers).decorate(controller.view, for: controller, background: Self.\(styleProperty).backgroundColor\(angle))")
            if facts.usesNavigation { w.line("controller.\(SwiftNames.sheetCardProperty) = card") }
            if !facts.pushTargets.isEmpty {
                w.comment("The cards it pushes come from this stack's factories too.")
                w.line("controller.\(SwiftNames.makeSheetCardProperty) = { [weak self] destination in")
                w.indented { w in
                    w.line("switch destination {")
                    for (target, caseName) in CardPartsStacks.destinationCases(facts.pushTargets) {
                        let made = makers[target].map { "self?.\($0)()" } ?? "nil"
                        w.line("case .\(SwiftWriter.identifier(caseName)): return \(made)")
                    }
                    w.line("}")
                }
                w.line("}")
            }
            w.line("return card")
        }
    }

    /// The card's first `map` part (in its initial state, else any), for its sheet map.
    static func firstMap(in card: CardView) -> PartView? {
        func search(_ parts: PartList) -> PartView? {
            for part in parts {
                if part.kind == .map { return part }
                if let found = search(part.children) { return found }
            }
            return nil
        }
        if let state = card.state(named: card.initialState), let found = search(state.parts) { return found }
        for state in card.states { if let found = search(state.parts) { return found } }
        return nil
    }

    // MARK: Helpers

    static func pinEdges(_ view: String, to container: String, _ w: inout SwiftWriter) {
        w.line("NSLayoutConstraint.activate([")
        w.indented { w in
            for edge in ["top", "leading", "trailing", "bottom"] {
                w.line("\(view).\(edge)Anchor.constraint(equalTo: \(container).\(edge)Anchor),")
            }
        }
        w.line("])")
    }

    /// The file's private helpers, those its code uses.
    mutating func helpers(_ w: inout SwiftWriter) {
        let h = helpers
        let needsEnum = h.flowLayout || h.progressSegment || h.decorate || h.scalingFonts
        guard needsEnum || h.pagedDelegate || h.embeddedCard || h.hostCell || h.sheetCard else { return }
        w.line("// MARK: - Helpers")
        w.blank()
        if needsEnum {
            w.doc("Helpers of this file's generated code.")
            w.line("@MainActor")
            w.block("private enum \(CardPartsStacks.helpers)") { w in
                var first = true
                func separate(_ w: inout SwiftWriter) { if !first { w.blank() }; first = false }
                if h.scalingFonts {
                    separate(&w)
                    w.doc("`theme` with its fonts scaling with Dynamic Type: each theme font is `UIFontMetrics(forTextStyle:)` of the text style `cardc` lays it out with (`cardc check --text-size`), so cards follow the user's text size as the layout estimates.")
                    w.block("static func scalingFonts(_ theme: CardPartsTheme) -> CardPartsTheme") { w in
                        w.line("var theme = theme")
                        for property in Catalog.themeProperties {
                            guard let style = property.textStyle else { continue }
                            w.line("theme.\(property.name) = UIFontMetrics(forTextStyle: .\(style.swiftName)).scaledFont(for: theme.\(property.name))")
                        }
                        w.line("return theme")
                    }
                }
                if h.flowLayout {
                    separate(&w)
                    w.doc("A `collection` part's flow layout.")
                    w.block("static func flowLayout(_ direction: UICollectionView.ScrollDirection, itemSize: CGSize? = nil, spacing: CGFloat? = nil) -> UICollectionViewFlowLayout") { w in
                        w.line("let layout = UICollectionViewFlowLayout()")
                        w.line("layout.scrollDirection = direction")
                        w.line("if let itemSize { layout.itemSize = itemSize }")
                        w.block("if let spacing") { w in
                            w.line("layout.minimumInteritemSpacing = spacing")
                            w.line("layout.minimumLineSpacing = spacing")
                        }
                        w.line("return layout")
                    }
                }
                if h.progressSegment {
                    separate(&w)
                    w.doc("CardParts' progress bar marks a segment (1-based) of `count`, not a value: the number of `boundaries` not above `value`, clamped to 1…count.")
                    w.block("nonisolated static func progressSegment(_ value: Double, _ boundaries: [Double], count: Int) -> Int",
                            lines: ["Swift.min(Swift.max(boundaries.filter { $0 <= value }.count, 1), Swift.max(count, 1))"])
                }
                if h.decorate {
                    separate(&w)
                    w.doc("Paints the view showing a card its theme's `cardBackgroundColor`, or nothing for a transparent card (`TransparentCardTrait`), as `CardCell` does with white.")
                    w.block("static func paint(_ host: UIView, for card: CardPartsViewController, background: UIColor)") { w in
                        w.line("let transparent = (card as? TransparentCardTrait)?.requiresTransparentCard() ?? false")
                        w.line("host.backgroundColor = transparent ? UIColor.clear : background")
                    }
                    w.blank()
                    w.doc("Gives a view hosting a card elsewhere what `CardsViewController` gives a list cell: the background, the corners, border and shadow, then the gradient, which takes the border away. `gradientAngle` is the card's `gradient` angle: CardParts' `gradientAngle()` is an optional requirement.")
                    w.block("static func decorate(_ host: UIView, for card: CardPartsViewController, background: UIColor, gradientAngle: Float = 0)") { w in
                        w.line("paint(host, for: card, background: background)")
                        w.block("if let rounded = card as? RoundedCardTrait", lines: ["host.layer.cornerRadius = rounded.cornerRadius()"])
                        w.block("if let border = card as? BorderCardTrait") { w in
                            w.line("host.layer.borderWidth = border.borderWidth()")
                            w.line("host.layer.borderColor = border.borderColor()")
                        }
                        w.block("if let shadow = card as? ShadowCardTrait") { w in
                            w.line("host.layer.shadowColor = shadow.shadowColor()")
                            w.line("host.layer.shadowRadius = shadow.shadowRadius()")
                            w.line("host.layer.shadowOpacity = shadow.shadowOpacity()")
                            w.line("host.layer.shadowOffset = shadow.shadowOffset()")
                        }
                        w.block("if let gradient = card as? GradientCardTrait") { w in
                            w.line("let view = \(CardPartsStacks.gradientView)(colors: gradient.gradientColors(), angle: gradientAngle)")
                            w.line("view.translatesAutoresizingMaskIntoConstraints = false")
                            w.line("host.insertSubview(view, at: 0)")
                            Self.pinEdges("view", to: "host", &w)
                            w.comment("As `CardCell.gradientColors`: a gradient takes the border away.")
                            w.line("host.layer.borderWidth = 0")
                        }
                    }
                }
            }
            w.blank()
        }
        if h.decorate {
            w.doc("A card's gradient (`GradientCardTrait`) behind its content, as CardParts' `CardCell` draws it in a list.")
            w.block("private final class \(CardPartsStacks.gradientView): UIView") { w in
                w.line("private let gradient = CAGradientLayer()")
                w.blank()
                w.block("init(colors: [UIColor], angle: Float)") { w in
                    w.line("super.init(frame: .zero)")
                    w.line("isUserInteractionEnabled = false")
                    w.line("gradient.colors = colors.map(\\.cgColor)")
                    w.comment("`CardCell.gradientAngle`'s start and end points.")
                    w.line("let turn = Double(angle) / 360")
                    w.line("func squaredSine(_ x: Double) -> CGFloat { CGFloat(pow(sin(Double.pi * x), 2)) }")
                    w.line("gradient.startPoint = CGPoint(x: squaredSine(turn + 0.75), y: squaredSine(turn))")
                    w.line("gradient.endPoint = CGPoint(x: squaredSine(turn + 0.25), y: squaredSine(turn + 0.5))")
                    w.line("layer.addSublayer(gradient)")
                }
                w.blank()
                w.block("required init?(coder: NSCoder)", lines: ["return nil"])
                w.blank()
                w.block("override func layoutSubviews()") { w in
                    w.line("super.layoutSubviews()")
                    w.line("gradient.frame = bounds")
                    w.line("gradient.cornerRadius = superview?.layer.cornerRadius ?? 0")
                }
            }
            w.blank()
        }
        if h.pagedDelegate {
            w.doc("Forwards a paged part's page changes to a closure (`CardPartPagedView` holds its delegate strongly).")
            w.line("@MainActor")
            w.block("private final class \(CardPartsStacks.pagedDelegate): @preconcurrency CardPartPagedViewDelegate") { w in
                w.line("let onPage: (Int) -> Void")
                w.blank()
                w.block("init(_ onPage: @escaping (Int) -> Void)", lines: ["self.onPage = onPage"])
                w.blank()
                w.block("func didMoveToPage(page: Int)", lines: ["onPage(page)"])
            }
            w.blank()
        }
        if h.embeddedCard {
            w.doc("Lets a card controller be the one part of a full-screen card: `setupCardParts(_:)` adds a part's `viewController` as a child.")
            w.line("@MainActor")
            w.block("private final class \(CardPartsStacks.embeddedCard): @preconcurrency CardPartView") { w in
                w.line("var margins: UIEdgeInsets = .zero")
                w.line("let card: CardPartsViewController")
                w.blank()
                w.block("init(_ card: CardPartsViewController)", lines: ["self.card = card"])
                w.blank()
                w.block("var view: UIView!", lines: ["card.view"])
                w.blank()
                w.block("var viewController: UIViewController?", lines: ["card"])
            }
            w.blank()
        }
        if h.hostCell {
            w.doc("A collection view cell showing one card controller's view.")
            w.block("private final class \(CardPartsStacks.hostCell): UICollectionViewCell") { w in
                w.line("static let reuseIdentifier = \"\(CardPartsStacks.hostCell)\"")
                w.blank()
                w.block("func show(_ card: CardPartsViewController, background: UIColor, gradientAngle: Float = 0)") { w in
                    w.line("contentView.subviews.forEach { $0.removeFromSuperview() }")
                    w.line("let cardView: UIView = card.view")
                    w.line("cardView.translatesAutoresizingMaskIntoConstraints = false")
                    w.line("contentView.addSubview(cardView)")
                    Self.pinEdges("cardView", to: "contentView", &w)
                    w.line("\(CardPartsStacks.helpers).decorate(contentView, for: card, background: background, gradientAngle: gradientAngle)")
                }
            }
            w.blank()
        }
        if h.sheetCard {
            w.doc("A card on a TGCardViewController sheet: a card controller's view under a title.")
            w.block("private final class \(CardPartsStacks.sheetCard): TGPlainCard") { w in
                w.line("let cardController: CardPartsViewController")
                w.blank()
                w.block("init(title: String, subtitle: String?, controller: CardPartsViewController, mapManager: TGMapManager?, initialPosition: TGCardPosition?)") { w in
                    w.line("cardController = controller")
                    w.wrap("super.init(title: .default(title, subtitle, nil), contentView: controller.view, mapManager: mapManager, initialPosition: initialPosition)")
                }
            }
            w.blank()
            w.doc("The map a sheet card shows behind it: its `map` part's region. A card without one stays extended.")
            w.block("private final class \(CardPartsStacks.mapManager): TGMapManager") { w in
                w.line("let mapType: MKMapType")
                w.line("let center: CLLocationCoordinate2D")
                w.line("let span: Double")
                w.blank()
                w.block("init(type: MKMapType, latitude: Double, longitude: Double, span: Double)") { w in
                    w.line("mapType = type")
                    w.line("center = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)")
                    w.line("self.span = span")
                    w.line("super.init()")
                }
                w.blank()
                w.block("override func takeCharge(of mapView: MKMapView, animated: Bool)") { w in
                    w.line("super.takeCharge(of: mapView, animated: animated)")
                    w.line("mapView.mapType = mapType")
                    w.line("let region = MKCoordinateRegion(center: center, span: MKCoordinateSpan(latitudeDelta: span, longitudeDelta: span))")
                    w.line("mapView.setRegion(region, animated: animated)")
                }
            }
            w.blank()
        }
    }
}

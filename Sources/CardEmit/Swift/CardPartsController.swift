import CardModel

/// Builds one card's `CardPartsViewController` subclass: its parts (one instance per state:
/// a view has one superview, and `setupCardParts(_:forState:)` takes the views of every other
/// state out of the card), their configuration and bindings, `setupCardParts` per state,
/// `cardTapped` per tap, the actions as overridable methods, the nested cell classes, and one
/// extension per trait.
struct CardControllerBuilder {
    var flavor: CardPartsFlavor
    let card: CardView
    let facts: CardFacts
    let types: SwiftModelTypes
    var parts: PartEmitter
    /// The top-level parts of each state.
    var stateParts: [(state: StateView, names: [String])] = []
    /// The containers of the overlays and the footer (fixed names, `SwiftNames`).
    var swipeViews: [String] = []
    var access: SwiftAccess { flavor.access }
    var controller: String { SwiftNames.cardController(card.name) }

    /// Members UIKit and CardParts give every controller, which no part property may take.
    static let inheritedProperties = SwiftNames.cardControllerInheritedProperties

    /// Every name a card controller's generated members avoid besides the card's actions: its
    /// reserved and inherited members, the framework names its code uses, the fixed members.
    static let reservedMembers = SwiftNames.cardControllerMembers

    init(flavor: CardPartsFlavor, card: CardView, facts: CardFacts, types: SwiftModelTypes,
         rows: [(field: String, row: SwiftModelTypes.RowStruct)]) {
        self.flavor = flavor
        self.card = card
        self.facts = facts
        self.types = types
        var taken = Set(facts.actions.map(\.name))
        taken.formUnion(facts.pushTargets.map(SwiftNames.pushMethod))
        // The properties the parts' ids name come first: positional names are numbered around them.
        let ids = PartIDNames(card)
        taken.formUnion(ids.properties)
        parts = PartEmitter(mode: .controller, card: card, facts: facts, types: types,
                            controller: SwiftNames.cardController(card.name),
                            scope: NameScope(reserved: Self.reservedMembers, taken: taken),
                            helpers: flavor.helpers)
        parts.partsInEveryState = ids.partsInEveryState
    }

    mutating func build() {
        let hasStates = card.states.first?.span != nil
        for state in card.states {
            parts.state = hasStates ? state.name : nil
            let names = state.parts.map { parts.emit($0, prefix: hasStates ? state.name : "") }
            stateParts.append((state, names))
        }
        parts.state = nil
        for overlay in card.overlays { swipeView(overlay.direction.rawValue + "Overlay", overlay.parts) }
        if let footer = card.footer { swipeView("footer", footer.parts) }
        flavor.helpers = parts.helpers
    }

    /// An overlay or the footer: a vertical stack of its parts, shown by a swipe stack.
    mutating func swipeView(_ name: String, _ content: PartList) {
        swipeViews.append(name)
        parts.declarations.append("let \(name) = CardPartStackView()")
        parts.configure.append("\(name).axis = .vertical")
        // Its theme margins (`cardPartMargins`, read when it was made) inset its parts, as the
        // layout, the preview and the gallery draw them.
        parts.configure.append("\(name).isLayoutMarginsRelativeArrangement = true")
        parts.configure.append("\(name).layoutMargins = \(name).margins")
        for part in content {
            let child = parts.emit(part, prefix: name)
            parts.configure.append("\(name).addArrangedSubview(\(child))")
        }
    }

    // MARK: Writing

    func write(controller: String, viewModel: String, hasState: Bool, _ w: inout SwiftWriter) {
        let modifier = access.modifier
        var scope = parts.scope
        let configureName = scope.allocate("configureParts")
        let bindName = scope.allocate("bindViewModel")

        flavor.file.doc(card.documentation, fallback: "The card \(card.name).", &w)
        var notes: [String] = []
        if !facts.actions.isEmpty { notes.append("Subclass it and override its action methods.") }
        if !card.traits.isEmpty { notes.append("Its traits are conformances, one extension each, below it.") }
        if !notes.isEmpty {
            w.line("///")
            w.doc(notes.joined(separator: " "))
        }
        w.block("\(access.openModifier)class \(controller): CardPartsViewController") { w in
            w.doc("The view model the parts are bound to.")
            w.line("\(modifier)let \(SwiftNames.viewModelProperty): \(viewModel)")
            if facts.usesNavigation {
                w.doc("The sheet card showing this card, set by the sheet stack: `push` and `pop` go through it.")
                w.line("\(modifier)weak var \(SwiftNames.sheetCardProperty): TGCard?")
            }
            if !facts.pushTargets.isEmpty {
                w.doc("Makes the sheet card of a card this one pushes. The sheet stack showing this card sets it, so the pushed card comes from the stack's factory (`make…`), which a subclass of the stack may override.")
                w.line("\(modifier)var \(SwiftNames.makeSheetCardProperty): ((\(SwiftNames.destinationType)) -> TGCard?)?")
                w.blank()
                w.doc("The cards this card pushes.")
                w.block("\(modifier)enum \(SwiftNames.destinationType)") { w in
                    for (_, name) in CardPartsStacks.destinationCases(facts.pushTargets) { w.line("case \(SwiftWriter.identifier(name))") }
                }
            }
            w.blank()
            if stateParts.count > 1, stateParts.contains(where: { $0.state.parts.count > 0 }) {
                w.comment("One instance of each part per state: `setupCardParts(_:forState:)` takes the views of every state but the shown one out of the card.")
            }
            w.wrap(parts.declarations, prefix: modifier)
            w.blank()

            w.block("\(modifier)init(viewModel: \(viewModel) = \(viewModel)())") { w in
                w.line("self.viewModel = viewModel")
                w.line("super.init(nibName: nil, bundle: nil)")
            }
            w.blank()
            w.block("\(modifier)required init?(coder: NSCoder)") { w in
                w.line("self.viewModel = \(viewModel)()")
                w.line("super.init(coder: coder)")
            }
            w.blank()

            w.block("override \(access.openModifier)func viewDidLoad()") { w in
                w.line("super.viewDidLoad()")
                if !parts.configure.isEmpty { w.line("\(configureName)()") }
                if !parts.bind.isEmpty { w.line("\(bindName)()") }
                let hasStates = card.states.first?.span != nil
                for (state, names) in stateParts {
                    CardPartsFlavor.assignment("setupCardParts(", elements: names,
                                               hasStates ? ", forState: \(CardPartsFlavor.cardState(state.name, viewModel: viewModel)))" : ")", &w)
                }
                for (state, _) in stateParts {
                    guard let tap = state.tap else { continue }
                    let call = parts.call(tap)
                    w.line(hasStates ? "cardTapped(forState: \(CardPartsFlavor.cardState(state.name, viewModel: viewModel))) { [weak self] in \(call) }"
                                     : "cardTapped { [weak self] in \(call) }")
                }
                if hasState { w.line("viewModel.state.bind(to: rx.state).disposed(by: bag)") }
            }
            if !parts.appear.isEmpty {
                w.blank()
                w.block("override \(access.openModifier)func viewDidAppear(_ animated: Bool)") { w in
                    w.line("super.viewDidAppear(animated)")
                    w.lines(parts.appear)
                }
            }
            if !parts.configure.isEmpty {
                w.blank()
                w.block("private func \(configureName)()") { w in w.wrap(parts.configure) }
            }
            if !parts.bind.isEmpty {
                w.blank()
                w.block("private func \(bindName)()") { w in w.wrap(parts.bind) }
            }
            writeActions(&w)
            for cell in parts.cells {
                w.blank()
                writeCell(cell, &w)
            }
        }
        w.blank()
        writeTraits(controller: controller, &w)
    }

    /// Each action as an overridable method, with an overload per context its events carry
    /// that calls the plain one; `push(X)`/`pop` as methods going through the sheet card.
    func writeActions(_ w: inout SwiftWriter) {
        guard !facts.actions.isEmpty || facts.usesNavigation else { return }
        let method = access.openModifier + "func "
        w.blank()
        w.line("// MARK: Actions (override them in a subclass)")
        for action in facts.actions {
            let name = SwiftWriter.identifier(action.name)
            let plainCall = action.name == "self" ? "self.\(name)()" : "\(name)()"
            for context in action.contexts where context != .plain {
                let parameters: String
                switch context {
                case .menu: parameters = "option: String, index: Int"
                case .row(let type): parameters = "_ row: \(type)"
                case .page: parameters = "page: Int"
                case .visibility: parameters = "cardVisibilityRatio: CGFloat, containerCoverageRatio: CGFloat"
                case .swipe: parameters = "index: Int, direction: SwipeDirection"
                case .select: parameters = "index: Int"
                case .plain: parameters = ""
                }
                w.blank()
                w.doc("`\(action.name)`: \(context.event ?? "an event").")
                w.block("\(method)\(name)(\(parameters))", lines: [plainCall])
            }
            w.blank()
            w.doc("`\(action.name)`" + (action.event.map { ": " + $0.text + "." } ?? "."))
            w.line("\(method)\(name)() {}")
        }
        for (target, caseName) in CardPartsStacks.destinationCases(facts.pushTargets) {
            w.blank()
            w.doc("`push(\(target))`: shows \(target) on the sheet, its controller made by the sheet stack.")
            w.block("\(method)\(SwiftWriter.identifier(SwiftNames.pushMethod(target)))()") { w in
                w.line("guard let card = \(SwiftNames.makeSheetCardProperty)?(.\(SwiftWriter.identifier(caseName))) else { return }")
                w.line("\(SwiftNames.sheetCardProperty)?.controller?.push(card)")
            }
        }
        if facts.usesPop {
            w.blank()
            w.doc("`pop`: returns to the card below on the sheet.")
            w.block("\(method)\(SwiftNames.popMethod)()", lines: ["\(SwiftNames.sheetCardProperty)?.controller?.pop()"])
        }
    }

    /// A nested cell class: the template's parts, set up once; `configure(with:)` shows a row.
    func writeCell(_ cell: PartEmitter.CellClass, _ w: inout SwiftWriter) {
        let modifier = access.modifier
        let emitter = cell.emitter
        w.doc("The template of a row of `\(cell.rowType)`.")
        w.block("\(modifier)final class \(cell.name): \(cell.superclass)") { w in
            w.line("\(modifier)static let reuseIdentifier = \(SwiftWriter.literal(controller + "." + cell.name))")
            w.blank()
            if emitter.usesOwner {
                w.doc("The card showing the cell, for its actions and card values.")
                w.line("\(modifier)weak var owner: \(controller)?")
            }
            if emitter.usesBag { w.line("private let bag = DisposeBag()") }
            if emitter.usesRowsBag { w.line("private var rowsBag = DisposeBag()") }
            w.wrap(emitter.declarations, prefix: modifier)
            w.blank()
            let header = cell.isTable ? "override \(modifier)init(style: UITableViewCell.CellStyle, reuseIdentifier: String?)"
                : "override \(modifier)init(frame: CGRect)"
            w.block(SwiftCode(header)) { w in
                w.line(cell.isTable ? "super.init(style: style, reuseIdentifier: reuseIdentifier)" : "super.init(frame: frame)")
                w.wrap(emitter.configure)
                w.line("setupCardParts([\(cell.topLevel.joined(separator: ", "))])")
            }
            w.blank()
            w.doc("CardParts' cells are not decodable (their superclass traps in `init(coder:)`).")
            w.block("\(modifier)required init?(coder aDecoder: NSCoder)", lines: ["return nil"])
            w.blank()
            let ownerParameter = emitter.usesOwner ? ", owner: \(controller)?" : ""
            w.block("\(modifier)func configure(with item: \(cell.rowType)\(ownerParameter))") { w in
                if emitter.usesOwner { w.line("self.owner = owner") }
                if emitter.usesRowsBag { w.line("rowsBag = DisposeBag()") }
                w.wrap(emitter.bind)
                if !emitter.cellFieldBind.isEmpty {
                    w.block("if let viewModel = owner?.viewModel") { w in w.wrap(emitter.cellFieldBind) }
                }
                if emitter.bind.isEmpty && emitter.cellFieldBind.isEmpty && !emitter.usesOwner && !emitter.usesRowsBag {
                    w.line("_ = item")
                }
            }
        }
    }

    // MARK: Traits

    /// One extension per trait: every requirement implemented from the trait's arguments
    /// (CardParts' own defaults for most are internal to CardParts). `@preconcurrency` only
    /// where the extension declares a witness: CardParts' protocols are not main-actor
    /// isolated, the controller is.
    func writeTraits(controller: String, _ w: inout SwiftWriter) {
        for trait in card.traits {
            let spec = trait.spec
            // The requirements the trait's arguments implement, with the values.
            let given = zip(spec.requirements, TraitMemberShape.of(spec)).compactMap { requirement, shape in
                trait.value(requirement.parameter.name).map { (member: requirement.member, shape: shape, value: $0) }
            }
            if given.isEmpty {
                w.line("extension \(controller): \(spec.cardPartsProtocol) {}")
                w.blank()
                continue
            }
            w.block("extension \(controller): @preconcurrency \(spec.cardPartsProtocol)") { w in
                for (index, requirement) in given.enumerated() {
                    if index > 0 { w.blank() }
                    w.block("\(access.modifier)\(requirement.shape.declaration)") { w in
                        writeBody(requirement.member, requirement.shape, value: requirement.value, &w)
                    }
                }
            }
            w.blank()
        }
    }

    /// The body of a trait requirement's member (its declaration is the catalog's), from the
    /// trait's argument.
    func writeBody(_ member: SwiftMember, _ shape: TraitMemberShape, value: Value, _ w: inout SwiftWriter) {
        switch value {
        case .action(let action):
            switch (shape.kind, action) {
            case (.longPress, _):
                w.wrap("if gesture.state == .began {")
                w.wrap("    " + plainCall(action))
                w.wrap("}")
            case (.visibility, .method(let name)):
                w.wrap(SwiftWriter.identifier(name) + "(cardVisibilityRatio: cardVisibilityRatio, containerCoverageRatio: containerCoverageRatio)")
            default:
                w.wrap(plainCall(action))
            }
        case .binding(let binding):
            w.wrap("viewModel." + binding.path.map(SwiftWriter.identifier).joined(separator: "."))
        default:
            w.wrap(expression(value, returnType: member.returnType))
        }
    }

    /// `name()` for an action method called from the controller itself.
    func plainCall(_ action: Action) -> String {
        switch action {
        case .method(let name): name == "self" ? "self.`self`()" : "\(SwiftWriter.identifier(name))()"
        case .push(let card): "\(SwiftNames.pushMethod(card.name))()"
        case .pop: "\(SwiftNames.popMethod)()"
        }
    }

    /// A trait value as the requirement's return type.
    func expression(_ value: Value, returnType: String) -> String {
        switch (value, returnType) {
        case (.color(let color, let name), "CGColor"): return SwiftValues.color(color, name: name) + ".cgColor"
        case (.color(let color, let name), _): return SwiftValues.color(color, name: name)
        case (.list(let items), _):
            let elements = items.map { expression($0, returnType: "UIColor") }
            return "[" + elements.joined(separator: ", ") + "]"
        case (.size(let width, let height), _):
            return "CGSize(width: \(SwiftWriter.number(width)), height: \(SwiftWriter.number(height)))"
        case (.bool(let flag), _): return flag ? "true" : "false"
        default: return value.number.map(SwiftWriter.number) ?? "0"
        }
    }
}

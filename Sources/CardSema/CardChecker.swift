import CardDiagnostics
import CardModel
import CardSyntax

/// Where a block's items sit, for placement rules (E405, E603, W402).
enum PartContext: Equatable {
    case card, state, overlay, footer, cell
    case part(PartSpec)
}

/// Facts about a card's stacks that card-level rules need (W502, W703, W704, E704). The rules
/// compare `stackKinds` with the kinds the catalog's flags name (`Catalog.swipeNodeStackKinds`…).
struct CardMembership: Sendable {
    /// The kinds of the stacks the card is in.
    var stackKinds = StackKindSet()
    /// The cards of each navigating stack this card is in (valid `push` targets): one set per
    /// stack, shared by all its cards, so a stack of n cards costs n names, not n² (a copy per card).
    var sheetStacks: [StackCards] = []
    /// The navigating stacks whose root (first) card this card is: nothing lies below it there.
    var rootOf: [String] = []
    /// Whether a stack whose kind is missing or unknown (E309) lists the card: then what its
    /// stacks make of it is unknown, and no rule concludes from the kinds it is in (one cause,
    /// one diagnostic).
    var inStackOfUnknownKind = false

    var isInAnyStack: Bool { !stackKinds.isEmpty }

    /// Whether the card is known to be in no stack of `kinds` (false when a stack of unknown
    /// kind lists it).
    func isInNone(of kinds: StackKindSet) -> Bool { !inStackOfUnknownKind && stackKinds.isDisjoint(with: kinds) }

    /// Whether `card` is in one of this card's navigating stacks.
    func sharesSheetStack(with card: String) -> Bool { sheetStacks.contains { $0.names.contains(card) } }
}

/// The names of the cards a stack lists.
final class StackCards: Sendable {
    let names: Set<String>
    init(_ names: Set<String>) { self.names = names }
}

/// Checks card declarations (docs/language.md §5, §7, §8): each card's diagnostics are
/// reported and its rows written to the unit in the same pass — what the rules accept is the
/// checked card. One checker serves many cards, so its scratch storage (binding tables,
/// argument lists) is reused.
struct CardChecker {
    private(set) var values: ValueChecker
    // `values`' tree and interner, stored again: read through a computed property, a debug
    // build copied the whole checker at every use, and the recursive part checks' frames grew
    // too large for 256 nesting levels to fit a thread's stack.
    private(set) var tree: SyntaxTree
    let names: NameInterner
    /// The card being checked.
    private(set) var decl = NodeID(0)
    private(set) var membership = CardMembership()
    /// The card's action methods, in use order (sorted and de-duplicated at the end).
    private var actions: [String] = []
    /// The card's name, for messages.
    private var cardName = ""
    /// E312 scratch: the card's `push(…)` targets and its action methods that start with
    /// `push`, compared at the end of the card; the names already reported.
    private var pushTargets: [String] = []
    private var pushLikeActions: [(name: String, node: NodeID)] = []
    private var clashReported: [String] = []
    /// E312/E313 scratch: the card's part ids, each with its value node, whether its part is in
    /// every state (written in the card's body: one instance per state) and whether it sits in
    /// a `cell` template (a property of the cell class); compared at the end of the card.
    private var partIDs: [(id: String, node: NodeID, shared: Bool, inCell: Bool)] = []
    /// Where the parts being checked sit, for their ids: in the card's body, and how many
    /// `cell` templates deep.
    private var checkingSharedParts = false
    private var cellDepth = 0

    // Scratch storage reused from card to card.
    /// The card's records, written to the unit's extra words once its values are: traits (five
    /// words each) and part lists.
    private var traitRecords: [UInt32] = []
    private var stateNodes: [NodeID] = []
    /// The card's states, their names interned: compared by identity, spelled once per deck.
    private var declaredStates: [(name: InternedName, node: NodeID)] = []
    private var seenProperties: [(InternedName, NodeID)] = []
    /// The card's overlays so far, by direction (E406).
    private var overlayNodes: [(SwipeDirection, NodeID)] = []
    /// Cards' name locations, each counted on from the card before (cards come in source order).
    private var locations = LocationCursor()
    /// The card's accepted traits, for the rules between them (W501, W503).
    private var appliedTraits: [(trait: Int, call: NodeID)] = []
    private var defaults = FieldDefaults()
    /// Per binding name of the card: its unified use (nil on a conflict or for `$state`), and
    /// whether its uses conflict.
    private var usedTypes: [(type: ValueType, twoWay: Bool, span: SourceSpan)?] = []
    private var conflicting: [Bool] = []
    /// Row binding tables of finished row containers, for the next one.
    private var rowTables: [BindingTable] = []
    /// The fields of the row type being inferred (`refineRowsBinding`), their labels interned.
    private var rowFields: [RowField] = []
    private typealias RowField = (spelling: Int, type: ValueType)
    /// Row types inferred for earlier row containers, newest last, with their fields: a deck
    /// repeats a handful.
    private var rowTypes: [(fields: [RowField], type: ValueType)] = []
    /// The card's row bindings drawn by a default cell (by identity), with the cell's labels:
    /// their rows may give any of them (`inferDefaultCellRows`).
    private var defaultCellRows: [(identity: Int, labels: [String])] = []
    /// The `$item.field` uses of the card's row containers, by the identity of their rows
    /// binding: where a did-you-mean for a misspelt field goes (`reportMissingRowLabels`).
    private var rowFieldUses: [(rows: Int, label: String, spans: [SourceSpan])] = []
    /// The card's row containers with a block, by their bytes, with the identity of their rows
    /// binding: a binding with no field used in one may be meant as a row's (`reportMisspeltBinding`).
    private var rowContainers: [(range: Range<Int>, rows: Int)] = []
    /// The card's row containers given a literal list for their rows (E801, a binding is
    /// required): the list's node, and the default cell's labels when they draw with it.
    private var literalRows: [(list: NodeID, defaultCellLabels: [String]?)] = []
    private static let rowTypeLimit = 8

    /// The identity of `state`, the reserved model field.
    let stateIdentity: Int
    /// The identity of the state of a card without state blocks.
    private let defaultStateIdentity: Int
    /// The index in `Catalog.traits` of `transparent`, which W501 is about.
    private let transparentTrait = Catalog.traitTable.index(of: "transparent")

    init(values: ValueChecker) {
        self.values = values
        tree = values.tree
        names = values.names
        stateIdentity = values.names.intern(Catalog.stateFieldName).identity
        defaultStateIdentity = values.names.intern(Catalog.defaultStateName).identity
    }

    mutating func report(_ code: DiagnosticCode, _ message: String, at span: SourceSpan, label: String? = nil,
                         notes: [DiagnosticNote] = [], fixIts: [FixIt] = []) {
        values.report(code, message, at: span, label: label, notes: notes, fixIts: fixIts)
    }

    // MARK: Card

    /// Checks card `decl`, called `name` (as read when the deck's declarations were collected),
    /// and writes it to the unit as one segment and a card row; the diagnostics go to
    /// `values.diagnostics`.
    mutating func check(_ decl: NodeID, named name: String, membership: CardMembership) {
        let tree = self.tree, names = self.names
        let unit = values.unit
        self.decl = decl
        self.membership = membership
        let segment = unit.beginSegment(file: tree.file.id, sourceStart: tree.range(decl).lowerBound)
        actions.clear()
        defaultCellRows.clear()
        rowFieldUses.clear()
        rowContainers.clear()
        literalRows.clear()
        cardName = name
        pushTargets.clear()
        pushLikeActions.clear()
        clashReported.clear()
        partIDs.clear()
        checkingSharedParts = false
        cellDepth = 0
        values.scope.isActive = true
        values.scope.card.removeAll()
        values.scope.rows = nil
        values.scope.unchecked.clear()
        let nameSpan = values.nameSpan(decl)
        checkTraits()
        // Card-level parts: those before the first state, then the others.
        var sharedBefore: [UInt32] = [], sharedAfter: [UInt32] = []

        var modelNode: NodeID?
        stateNodes.clear()
        seenProperties.clear()
        /// The card's `tap:` value.
        var cardTap: UInt32?
        var title: UInt32?, subtitle: UInt32?, position: String?
        var swipe: [SwipeDirection]?
        /// The `swipe:` property, where W705 points.
        var swipeProperty: NodeID?
        overlayNodes.clear()
        var overlays: [(direction: SwipeDirection, parts: [UInt32])] = []
        var footer: (height: Double, transparent: Bool, parts: [UInt32])?
        var footerNode: NodeID?

        for item in tree.blockItems(decl) {
            switch tree.kind(item) {
            case .stateDecl:
                stateNodes.append(item)
            case .property:
                let label = tree.mainToken(item).map { names.intern($0, in: tree) } ?? names.intern("")
                if let earlier = seenProperties.first(where: { $0.0.identity == label.identity }) {
                    report(.e203, "duplicate property `\(names.text(label))`", at: values.nameSpan(item),
                           notes: [DiagnosticNote("first set here", at: values.nameSpan(earlier.1))])
                    continue
                }
                seenProperties.append((label, item))
                guard let index = tree.lookUp(item, in: Catalog.cardPropertyTable) else {
                    reportUnknownCardProperty(item, named: names.text(label))
                    continue
                }
                let spec = Catalog.cardProperties[index]
                let meaningful = Catalog.cardPropertyStackKinds[index]
                if !meaningful.isEmpty && membership.isInNone(of: meaningful) {
                    report(.w704, "`\(spec.name)` has no effect: card `\(name)` is in no \(meaningful.names) stack",
                           at: values.nameSpan(item), notes: [.help(spec.effect)])
                }
                guard let valueNode = tree.value(item),
                      let value = values.check(valueNode, as: spec.parameter.type, parameter: spec.parameter) else { continue }
                switch spec.role {
                case .tap:
                    if let action = unit.action(value) { cardTap = value; noteAction(action, at: valueNode) }
                case .title: title = value
                case .subtitle: subtitle = value
                case .position:
                    if let p = unit.caseName(value) { position = p }
                case .swipe:
                    if let directions = unit.elements(value) {
                        swipe = directions.compactMap { unit.caseName($0).flatMap(SwipeDirection.init(rawValue:)) }
                        swipeProperty = item
                    }
                }
            case .node:
                let specIndex = tree.lookUp(item, in: Catalog.nodeTable)
                let spec = specIndex.map { Catalog.nodes[$0] }
                switch spec?.role {
                case .model?:
                    if let earlier = modelNode {
                        report(.e406, "a card has at most one `model` block", at: values.nameSpan(item),
                               notes: [DiagnosticNote("the first `model` is here", at: values.nameSpan(earlier))])
                    } else {
                        modelNode = item
                    }
                case .overlay?, .footer?:
                    guard let spec else { continue }
                    let nodeName = spec.name
                    if spec.swipeOnly && membership.isInNone(of: Catalog.swipeNodeStackKinds) {
                        report(.w703, "`\(nodeName)` only shows in \(Catalog.swipeNodeStackKinds.names) stacks, and card `\(name)` is in none",
                               at: values.nameSpan(item))
                    }
                    values.checkArguments(of: item, parameters: spec.parameterList, ownerName: nodeName, ownerKind: .part)
                    reportMissing(values.arguments.missing, of: item, description: "`\(nodeName)`")
                    // Read before the block's parts reuse the argument storage.
                    let args = values.arguments
                    let direction = args.value(spec.parameters.first?.name ?? "direction").flatMap { unit.caseName($0) }
                    let height = args.value("height").flatMap { unit.number($0) } ?? Self.defaultNumber(spec, "height") ?? 100
                    let transparent = args.value("transparent").flatMap { unit.bool($0) } ?? false
                    let parts = checkBlock(of: item, context: spec.role == .overlay ? .overlay : .footer).parts
                    // Empty means no items at all: rejected items (E603, E405…) were reported.
                    if tree.block(item).map({ tree.children($0).isEmpty }) ?? true {
                        report(.w103, "`\(nodeName)` has no parts", at: values.nameSpan(item))
                    }
                    if spec.role == .overlay {
                        guard let d = direction, let direction = SwipeDirection(rawValue: d) else { continue }
                        if let earlier = overlayNodes.first(where: { $0.0 == direction }) {
                            report(.e406, "a card has one `overlay(.\(d))`", at: values.nameSpan(item),
                                   notes: [DiagnosticNote("the first one is here", at: values.nameSpan(earlier.1))])
                            continue
                        }
                        overlayNodes.append((direction, item))
                        overlays.append((direction, parts))
                    } else {
                        if let earlier = footerNode {
                            report(.e406, "a card has at most one `footer`", at: values.nameSpan(item),
                                   notes: [DiagnosticNote("the first one is here", at: values.nameSpan(earlier))])
                            continue
                        }
                        footerNode = item
                        footer = (height, transparent, parts)
                    }
                default:
                    checkingSharedParts = true
                    if stateNodes.isEmpty {
                        checkPartItem(item, spec: specIndex, context: .card, into: &sharedBefore)
                    } else {
                        checkPartItem(item, spec: specIndex, context: .card, into: &sharedAfter)
                    }
                    checkingSharedParts = false
                }
            default:
                break // declarations nested in cards and unexpected tokens were reported by the parser
            }
        }

        checkOverlayDirections(allowed: swipe, swipeProperty: swipeProperty, cardName: name)

        // States: each lists the shared parts before the first state, its own, then the others.
        var states: [(name: String, isBuiltIn: Bool, tap: UInt32?, parts: [UInt32], span: SourceSpan?)] = []
        declaredStates.clear()
        for stateNode in stateNodes {
            guard let state = tree.mainToken(stateNode).map({ names.intern($0, in: tree) }) else { continue }
            let stateName = names.text(state)
            if stateName.isEmpty { continue }
            if let earlier = declaredStates.first(where: { $0.name.identity == state.identity }) {
                report(.e601, "state `\(stateName)` is declared twice", at: values.nameSpan(stateNode),
                       notes: [DiagnosticNote("first declared here", at: values.nameSpan(earlier.node))])
                continue
            }
            declaredStates.append((state, stateNode))
            if let clash = GeneratedNameRule.customState(stateName, card: name) {
                reportClash(clash, name: stateName, at: values.nameSpan(stateNode))
            }
            if let conformances = tree.child(stateNode, .conformanceList) {
                report(.e201, "a state takes no conformances", at: tree.span(conformances))
            }
            var tap: UInt32?
            var own: [UInt32] = []
            for item in tree.blockItems(stateNode) {
                if tree.kind(item) == .property {
                    guard let index = tree.lookUp(item, in: Catalog.cardPropertyTable),
                          Catalog.cardProperties[index].allowedInState else {
                        report(.e310, "a state block takes parts and \(Self.stateProperties), not `\(tree.name(item)):`", at: values.nameSpan(item))
                        continue
                    }
                    if let valueNode = tree.value(item), let action = values.checkAction(valueNode) {
                        tap = values.value(of: action)
                        noteAction(action, at: valueNode)
                    } else if let valueNode = tree.value(item), tree.kind(valueNode) != .missing,
                              tree.kind(valueNode) != .reference, tree.kind(valueNode) != .call {
                        values.mismatch(valueNode, expected: .action)
                    }
                } else {
                    checkPartItem(item, context: .state, into: &own)
                }
            }
            states.append((stateName, tree.lookUp(stateNode, in: Catalog.builtInStateTable) != nil,
                           tap ?? cardTap, sharedBefore + own + sharedAfter, values.nameSpan(stateNode)))
        }
        if declaredStates.isEmpty {
            states.append((Catalog.defaultStateName, true, cardTap, sharedBefore + sharedAfter, nil))
        }
        checkExpectedStates(cardName: name)
        checkPushMethodClashes()
        checkPartIDs()

        // Model and bindings.
        let (fields, initialState) = checkModel(modelNode, cardName: name)

        // The card's records, after every value they refer to: part lists first, then the
        // fixed-size records that point at them.
        func partList(_ parts: [UInt32]) -> (start: UInt32, count: UInt32) {
            let start = unit.nextExtra
            unit.appendExtraWords(parts)
            return (start, UInt32(clamping: parts.count))
        }
        let stateLists = states.map { partList($0.parts) }
        let overlayLists = overlays.map { partList($0.parts) }
        let footerList = footer.map { partList($0.parts) }
        let stateNames = states.map { unit.string($0.name) }
        let sortedActions = Self.sortedUnique(actions).map { unit.string($0) }
        let nameRef = unit.string(name)
        let documentation = unit.string(tree.docComment(decl))
        let positionRef = unit.string(position)

        let stateRecords = RowRange(start: unit.nextExtra, count: UInt32(clamping: states.count))
        for (index, state) in states.enumerated() {
            unit.appendExtra(stateNames[index])
            unit.appendExtra(state.isBuiltIn ? 1 : 0, state.tap.map { $0 + 1 } ?? 0)
            unit.appendExtra(state.span.map { unit.relative($0) } ?? .none)
            unit.appendExtra(stateLists[index].start, stateLists[index].count)
        }
        let traitRange = RowRange(start: unit.nextExtra, count: UInt32(traitRecords.count) / CardRow.traitStride)
        unit.appendExtraWords(traitRecords)
        let fieldRange = RowRange(start: unit.nextExtra, count: UInt32(clamping: fields.count))
        for field in fields {
            unit.appendExtra(field.name)
            unit.appendExtra(unit.type(field.type), field.defaultValue.map { $0 + 1 } ?? 0, field.isTwoWay ? 1 : 0)
            unit.appendExtra(unit.relative(field.span))
        }
        let overlayRange = RowRange(start: unit.nextExtra, count: UInt32(clamping: overlays.count))
        for (index, overlay) in overlays.enumerated() {
            unit.appendExtra(UInt32(SwipeDirection.allCases.firstIndex(of: overlay.direction) ?? 0),
                             overlayLists[index].start, overlayLists[index].count)
        }
        var footerIndex: UInt32 = 0
        if let footer, let footerList {
            footerIndex = unit.nextExtra + 1
            unit.appendExtra(footer.height)
            unit.appendExtra(footer.transparent ? 1 : 0, footerList.start, footerList.count)
        }
        let actionRange = RowRange(start: unit.nextExtra, count: UInt32(clamping: sortedActions.count))
        for action in sortedActions { unit.appendExtra(action) }

        var swipeBits: UInt8 = 0
        for (bit, direction) in SwipeDirection.allCases.enumerated() where swipe?.contains(direction) ?? true { swipeBits |= 1 << UInt8(bit) }
        let location = locations.location(of: nameSpan.start, in: tree.file)
        unit.cardRows.append(CardRow(
            segment: segment, name: nameRef, nameSpan: unit.relative(nameSpan),
            line: UInt32(clamping: location.line), column: UInt32(clamping: location.column), documentation: documentation,
            initialState: UInt32(clamping: states.firstIndex { $0.name == initialState } ?? 0),
            states: stateRecords, traits: traitRange, fields: fieldRange, overlays: overlayRange, footer: footerIndex,
            actions: actionRange, title: title.map { $0 + 1 } ?? 0, subtitle: subtitle.map { $0 + 1 } ?? 0,
            position: positionRef, swipeDirections: swipeBits))
    }

    /// W705: an overlay for a direction the card's `swipe:` does not allow can never show.
    /// E310 for an unknown property of the card's body. Its did-you-mean names a property the
    /// body does not set (E203 otherwise) whose type the value has, so that applying it leaves
    /// no error.
    mutating func reportUnknownCardProperty(_ item: NodeID, named label: String) {
        var notes: [DiagnosticNote] = [], fixIts: [FixIt] = []
        // A stack's property written in a card (`theme: Dark`): where it belongs.
        let kinds = Catalog.stackKinds.filter { $0.bodyProperties.contains { $0.name == label } }
        if let property = kinds.first?.bodyProperties.first(where: { $0.name == label }) {
            let whose = kinds.count == Catalog.stackKinds.count ? "a stack's property"
                : "a property of " + Self.list(kinds.map { "`\($0.name)`" }, conjunction: "and") + " stacks"
            let doc = property.doc.prefix(1).lowercased() + property.doc.dropFirst().prefix { $0 != "." }
            notes = [.help("`\(label):` is \(whose) (\(doc)): set it in the stack that shows this card")]
        } else if let suggested = Catalog.suggestCardProperty(for: label),
           let index = Catalog.cardPropertyTable.index(of: suggested),
           !tree.blockItems(decl).contains(where: { tree.kind($0) == .property && tree.lookUp($0, in: Catalog.cardPropertyTable) == index }),
           let valueNode = tree.value(item) {
            let parameter = Catalog.cardProperties[index].parameter
            if values.checksClean({ _ = $0.check(valueNode, as: parameter.type, parameter: parameter) }) {
                (notes, fixIts) = values.suggestion(suggested, replacing: values.nameSpan(item))
            }
        }
        report(.e310, "unknown card property `\(label)`", at: values.nameSpan(item),
               label: "cards take " + Catalog.cardProperties.map { "`\($0.name):`" }.joined(separator: ", "),
               notes: notes, fixIts: fixIts)
    }

    mutating func checkOverlayDirections(allowed: [SwipeDirection]?, swipeProperty: NodeID?, cardName: String) {
        guard let allowed, let swipeProperty else { return }
        for (direction, node) in overlayNodes where !allowed.contains(direction) {
            report(.w705, "`overlay(.\(direction.rawValue))` never shows: card `\(cardName)` cannot be swiped `.\(direction.rawValue)`",
                   at: values.nameSpan(node),
                   notes: [DiagnosticNote("its `swipe:` directions are set here", at: values.nameSpan(swipeProperty)),
                           .help("add `.\(direction.rawValue)` to `swipe:`, or remove the overlay")])
        }
    }

    /// The properties a state block takes, for E310's message: "`tap:`".
    static let stateProperties = Catalog.cardProperties.filter(\.allowedInState).map { "`\($0.name):`" }.joined(separator: ", ")

    /// W601: a built-in state that expects another (`loading` expects `hasData`) without it.
    mutating func checkExpectedStates(cardName: String) {
        for (index, state) in Catalog.builtInStates.enumerated() {
            guard let expected = state.expects,
                  let declared = declaredStates.first(where: { tree.lookUp($0.node, in: Catalog.builtInStateTable) == index }),
                  !declaredStates.contains(where: { names.text($0.name) == expected }) else { continue }
            report(.w601, "card `\(cardName)` has a `\(state.name)` state but no `\(expected)` state", at: values.nameSpan(declared.node),
                   notes: [.help("add `state \(expected) { … }` for what the card shows once loaded")])
        }
    }

    /// The names sorted, each once.
    static func sortedUnique(_ names: [String]) -> [String] {
        var unique: [String] = []
        for name in names.sorted() where unique.last != name { unique.append(name) }
        return unique
    }

    static func defaultNumber(_ spec: PartSpec, _ name: String) -> Double? {
        spec.parameter(named: name)?.defaultValue?.numericValue
    }

    mutating func noteAction(_ action: Action, at node: NodeID) {
        switch action {
        case .method(let method):
            actions.append(method)
            if let clash = GeneratedNameRule.cardAction(method, card: cardName) { reportClash(clash, name: method, at: tree.span(node)) }
            if method.hasPrefix("push") { pushLikeActions.append((method, node)) }
        case .push(let target):
            pushTargets.append(target.name)
            let kinds = Self.stackKinds(of: .push)
            if membership.inStackOfUnknownKind {
                break
            } else if membership.isInNone(of: kinds) {
                report(.e704, "`push(\(target.name))` needs a \(kinds.names) stack, and this card is in none", at: tree.span(node))
            } else if !membership.sharesSheetStack(with: target.name) {
                report(.e704, "`push(\(target.name))`: card `\(target.name)` is not in the same sheet stack", at: tree.span(node),
                       notes: [.help("add `\(target.name)` to the sheet stack, or push a card of that stack")])
            }
        case .pop:
            let kinds = Self.stackKinds(of: .pop)
            if membership.inStackOfUnknownKind {
                break
            } else if membership.isInNone(of: kinds) {
                report(.e704, "`pop` needs a \(kinds.names) stack, and this card is in none", at: tree.span(node),
                       notes: [.help("`pop` returns to the card below in a sheet stack; list this card in one")])
            } else if !membership.rootOf.isEmpty && membership.rootOf.count == membership.sheetStacks.count {
                report(.e704, "`pop` in card `\(tree.name(decl))`, the root of \(Self.list(membership.rootOf.map { "`\($0)`" })): no card lies below it",
                       at: tree.span(node),
                       notes: [.help("a sheet stack's first card is its root; `pop` belongs in the cards pushed onto it")])
            }
        }
    }

    /// E312, once per name and card.
    mutating func reportClash(_ clash: GeneratedNameRule.Clash, name: String, at span: SourceSpan) {
        guard !clashReported.contains(name) else { return }
        clashReported.append(name)
        report(.e312, clash.message, at: span, notes: [.help(clash.help)])
    }

    /// E313 for a part id that is not an identifier; the others are kept for `checkPartIDs`.
    mutating func notePartID(_ node: NodeID) {
        guard let id = tree.stringValue(node) else { return }
        let bytes = Array(id.utf8)
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_") }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard let first = bytes.first, isLetter(first), bytes.allSatisfy({ isLetter($0) || isDigit($0) }) else {
            report(.e313, id.isEmpty ? "a part id cannot be empty" : "part id `\(id)` is not an identifier", at: tree.span(node),
                   label: "an id is an ASCII letter or `_`, then letters, digits or `_`")
            return
        }
        if SwiftNames.keywords.contains(id) {
            report(.e313, "part id `\(id)` is a Swift keyword", at: tree.span(node), notes: [.help("rename the id")])
            return
        }
        partIDs.append((id, node, checkingSharedParts, cellDepth > 0))
    }

    /// E313 for an id used twice in the card; E312 for an id whose property would clash in the
    /// generated Swift: with a member the controller (or the cell class) has, with an action of
    /// the card, or with the property of another id (a part in every state of a card with state
    /// blocks has one per state, `loadingHeader`).
    mutating func checkPartIDs() {
        guard !partIDs.isEmpty else { return }
        let states = declaredStates.map { names.text($0.name) }
        let methods = Set(actions).union(pushTargets.map(SwiftNames.pushMethod))
        var properties: [String: String] = [:]  // property → the id that generates it
        var firstUse: [String: NodeID] = [:]
        for entry in partIDs {
            if let first = firstUse[entry.id] {
                report(.e313, "part id `\(entry.id)` is used twice in card `\(cardName)`", at: tree.span(entry.node),
                       notes: [DiagnosticNote("first used here", at: tree.span(first))])
                continue
            }
            firstUse[entry.id] = entry.node
            // A part in the body of a card with two or more state blocks is in every state: one
            // instance, and property, per state.
            let generated = entry.shared && states.count > 1
                ? states.map { SwiftNames.partProperty(id: entry.id, state: $0) } : [entry.id]
            for property in generated {
                let clash = GeneratedNameRule.partID(entry.id, property: property, inCell: entry.inCell, card: cardName)
                    ?? (methods.contains(property) ? GeneratedNameRule.partIDAction(entry.id, property: property, card: cardName) : nil)
                    ?? properties[property].map { GeneratedNameRule.partIDs(entry.id, $0, property: property, card: cardName) }
                if let clash {
                    report(.e312, clash.message, at: tree.span(entry.node), notes: [.help(clash.help)])
                    break
                }
                properties[property] = entry.id
            }
        }
    }

    /// E312 for an action method named as the method generated for one of the card's `push(…)`.
    mutating func checkPushMethodClashes() {
        guard !pushTargets.isEmpty, !pushLikeActions.isEmpty else { return }
        for (name, node) in pushLikeActions {
            guard let target = pushTargets.first(where: { SwiftNames.pushMethod($0) == name }) else { continue }
            reportClash(GeneratedNameRule.pushMethod(name, target: target, card: cardName), name: name, at: tree.span(node))
        }
    }

    /// The stack kinds a built-in action is valid in (its catalog entry's `validInStackKinds`).
    static func stackKinds(of action: BuiltInAction) -> StackKindSet {
        Catalog.builtInActions.firstIndex { $0.kind == action }.map { Catalog.builtInActionStackKinds[$0] } ?? StackKindSet()
    }

    /// Notes the actions among the last checked arguments.
    mutating func noteActions() {
        guard !values.arguments.actions.isEmpty else { return }
        for (action, node) in values.arguments.actions { noteAction(action, at: node) }
    }

    // MARK: Traits

    /// Checks the card's traits; their records are left in `traitRecords`.
    mutating func checkTraits() {
        let tree = self.tree
        traitRecords.clear()
        guard let list = tree.child(decl, .conformanceList) else { return }
        // Bit i: `Catalog.traits[i]` was applied (a catalog of more than 64 traits falls back to
        // scanning the earlier conformances).
        var seen: UInt64 = 0
        var transparent: NodeID?
        appliedTraits.clear()
        // Traits offered to earlier unknown ones (by index in `Catalog.traits`).
        var offered: [Int] = []
        for call in tree.children(list) {
            guard let index = tree.lookUp(call, in: Catalog.traitTable) else {
                reportUnknownTrait(call, in: list, offered: &offered)
                continue
            }
            let spec = Catalog.traits[index]
            let name = spec.name
            let earlier = index < 64 ? (seen & (1 << UInt64(index)) != 0 ? firstCall(of: index, in: list) : nil)
                                     : firstCall(of: index, in: list, before: call)
            if let earlier, earlier != call {
                report(.e502, "trait `\(name)` is applied twice", at: values.nameSpan(call),
                       notes: [DiagnosticNote("first applied here", at: values.nameSpan(earlier))])
                continue
            }
            if index < 64 { seen |= 1 << UInt64(index) }
            values.checkArguments(of: call, parameters: spec.parameterList, ownerName: name, ownerKind: .trait)
            if !values.arguments.missing.isEmpty { reportMissingRequirements(values.arguments.missing, trait: spec, call: call) }
            noteActions()
            appliedTraits.append((index, call))
            let span = values.unit.relative(values.nameSpan(call))
            let first = values.unit.nextArgument
            let count = writeTraitArguments(spec)
            traitRecords.append(UInt32(index))
            traitRecords.append(span.start)
            traitRecords.append(span.length)
            traitRecords.append(first)
            traitRecords.append(UInt32(clamping: count))
            if index == transparentTrait { transparent = call }
            let ineffective = Catalog.traitIneffectiveStackKinds[index]
            if !ineffective.isEmpty, membership.isInAnyStack, !membership.inStackOfUnknownKind, membership.stackKinds.isSubset(of: ineffective) {
                report(.w502, "`\(spec.name)` has no effect: card `\(tree.name(decl))` is only in \(membership.stackKinds.names) stacks", at: values.nameSpan(call),
                       notes: [.help("remove the trait, or list the card in a stack of another kind as well")])
            }
        }
        reportTraitInteractions(transparent: transparent, in: list)
    }

    /// The rules between a card's traits, as `CardsViewController` applies them to a cell (and
    /// the generated stacks to a card's host): clear a `transparent` card, then shadow, corners,
    /// border, gradient. W501: with nothing filling a transparent card, its layer shadow falls
    /// from its parts. W503: a trait another one takes away (the gradient clears the border).
    mutating func reportTraitInteractions(transparent: NodeID?, in list: NodeID) {
        guard appliedTraits.count > 1 else { return }
        if let transparent, !appliedTraits.contains(where: { Catalog.traits[$0.trait].fillsCard }) {
            let fillers = Catalog.traits.filter(\.fillsCard).map { "`\($0.name)`" }
            for (trait, call) in appliedTraits where Catalog.traits[trait].isLayerShadow {
                report(.w501, "`\(Catalog.traits[trait].name)` on a transparent card falls from its parts, not from the card's edge",
                       at: values.nameSpan(call),
                       label: "the layer's shadow follows what it draws: with no background, the text and images of the parts",
                       notes: [DiagnosticNote("the card is made transparent here", at: values.nameSpan(transparent)),
                               .help("for a shadow under the card give it \(Self.list(fillers, conjunction: "or")) or remove `transparent`; otherwise remove the shadow")])
            }
        }
        for (remover, removerCall) in appliedTraits {
            for removed in Catalog.traits[remover].removes {
                for (trait, call) in appliedTraits where Catalog.traits[trait].name == removed {
                    let name = Catalog.traits[remover].name
                    report(.w503, "`\(removed)` has no effect on a card with `\(name)`", at: values.nameSpan(call),
                           label: "`\(name)` takes the \(removed) away, whatever the order",
                           notes: [DiagnosticNote("`\(name)` is applied here", at: values.nameSpan(removerCall)),
                                   .help("remove `\(removed)`, or `\(name)` if the card should have the \(removed)")],
                           fixIts: traitRemoval(call, in: list))
                }
            }
        }
    }

    /// Edits deleting the trait `call` from the conformance `list` with a comma that separates
    /// it: the one right after it (and the blanks after that on its line), else the one before
    /// it (with the blanks up to it on its line), else that comma and the call apart, so that a
    /// comment between them stays.
    func traitRemoval(_ call: NodeID, in list: NodeID) -> [FixIt] {
        let siblings = Array(tree.children(list))
        guard let position = siblings.firstIndex(of: call), siblings.count > 1 else { return [] }
        let bytes = tree.file.bytes, file = tree.file.id
        let range = tree.range(call)
        guard range.upperBound <= bytes.count else { return [] }
        let isBlank = { (i: Int) in bytes[i] == 0x20 || bytes[i] == 0x09 }
        if position + 1 < siblings.count {
            let next = tree.range(siblings[position + 1]).lowerBound
            if range.upperBound <= next, next <= bytes.count, let comma = separatorComma(in: range.upperBound..<next),
               (range.upperBound..<comma).allSatisfy(isBlank) {
                var end = comma + 1
                while end < next, isBlank(end) { end += 1 }
                return [FixIt(SourceSpan(file: file, start: range.lowerBound, end: end), "")]
            }
        }
        guard position > 0 else { return [] }
        let previous = tree.range(siblings[position - 1]).upperBound
        guard previous <= range.lowerBound, let comma = separatorComma(in: previous..<range.lowerBound) else { return [] }
        if (comma + 1..<range.lowerBound).allSatisfy(isBlank) {
            return [FixIt(SourceSpan(file: file, start: comma, end: range.upperBound), "")]
        }
        return [FixIt(SourceSpan(file: file, start: comma, end: comma + 1), ""),
                FixIt(SourceSpan(file: file, start: range.lowerBound, end: range.upperBound), "")]
    }

    /// The offset of the first comma in `gap` that is not in a comment (the tree's, as the
    /// lexer found them), or nil.
    func separatorComma(in gap: Range<Int>) -> Int? {
        let bytes = tree.file.bytes, comments = tree.comments
        var next = tree.firstComment(startingAtOrAfter: gap.lowerBound)
        var i = gap.lowerBound
        while i < gap.upperBound {
            if next < comments.count, comments[next].start <= i {
                i = max(i + 1, comments[next].end)
                next += 1
            } else if bytes[i] == 0x2C {
                return i
            } else {
                i += 1
            }
        }
        return nil
    }

    /// Writes every requirement of the trait just checked, author-given or defaulted, in
    /// catalog order, as arguments; returns how many.
    func writeTraitArguments(_ spec: TraitSpec) -> Int {
        let args = values.arguments, unit = values.unit
        if args.isCompleteInOrder { return args.write(to: unit) }
        var count = 0
        for (index, requirement) in spec.requirements.enumerated() {
            if let value = args.value(at: index) ?? requirement.parameter.checkedDefault.map({ unit.append($0) }) {
                unit.argument(index, value)
                count += 1
            }
        }
        return count
    }

    /// The first conformance in `list` (before `limit`, if given) naming `Catalog.traits[index]`.
    func firstCall(of index: Int, in list: NodeID, before limit: NodeID? = nil) -> NodeID? {
        for call in tree.children(list) {
            if let limit, call >= limit { return nil }
            if tree.lookUp(call, in: Catalog.traitTable) == index { return call }
        }
        return nil
    }

    /// E302 for an unknown trait. Its did-you-mean names a trait not applied to the card (nor
    /// offered for an earlier unknown one): applying both would be E502. The fix-it renames the
    /// call and, as E501's would, adds the requirements it lacks; it is offered only when the
    /// call's arguments check as the suggested trait's, so that applying it leaves no error.
    mutating func reportUnknownTrait(_ call: NodeID, in list: NodeID, offered: inout [Int]) {
        let name = tree.name(call), span = values.nameSpan(call)
        guard let suggested = Catalog.suggestTrait(for: name), let index = Catalog.traitTable.index(of: suggested),
              !offered.contains(index), firstCall(of: index, in: list) == nil else {
            report(.e302, "unknown trait `\(name)`", at: span)
            return
        }
        offered.append(index)
        let spec = Catalog.traits[index]
        let checksClean = values.checksClean {
            $0.checkArguments(of: call, parameters: spec.parameterList, ownerName: spec.name, ownerKind: .trait)
        }
        var fixIts: [FixIt] = []
        if checksClean {
            fixIts = [FixIt(span, spec.name)]
            let missing = values.arguments.missing
            if !missing.isEmpty { fixIts.append(requirementsInsertion(missing, trait: spec, call: call).fixIt) }
        }
        report(.e302, "unknown trait `\(name)`", at: span, notes: [.help("did you mean `\(spec.name)`?")], fixIts: fixIts)
    }

    /// `missing` written out with placeholder values (`radius: 10, opacity: 0.5`), and the fix-it
    /// inserting them into `call`'s arguments.
    func requirementsInsertion(_ missing: [Parameter], trait: TraitSpec, call: NodeID) -> (placeholders: String, fixIt: FixIt) {
        let placeholders = missing.map { p in "\(p.name): \(trait.requirement(named: p.name)?.placeholder.description ?? "…")" }
            .joined(separator: ", ")
        if tree.hasParentheses(call) {
            let closeEnd = tree.range(call).upperBound
            let hasArgs = tree.children(call).contains { tree.kind($0) != .block }
            return (placeholders, FixIt(SourceSpan(file: tree.file.id, start: closeEnd - 1, end: closeEnd - 1),
                                        (hasArgs ? ", " : "") + placeholders))
        }
        let end = tree.range(call).upperBound
        return (placeholders, FixIt(SourceSpan(file: tree.file.id, start: end, end: end), "(\(placeholders))"))
    }

    /// One E501 per trait listing every missing requirement, with a fix-it inserting them.
    mutating func reportMissingRequirements(_ missing: [Parameter], trait: TraitSpec, call: NodeID) {
        let names = missing.map(\.name)
        let members = missing.compactMap { p in trait.requirement(named: p.name)?.member.name }
        let (placeholders, insertion) = requirementsInsertion(missing, trait: trait, call: call)
        report(.e501, "trait `\(trait.name)` is missing \(Self.list(names.map { "`\($0)`" }))", at: values.nameSpan(call),
               label: "\(trait.cardPartsProtocol) requires \(Self.list(members))",
               notes: [.help("add `\(placeholders)`")], fixIts: [insertion])
    }

    /// `a`, `a and b`, `a, b and c` (or `or`).
    static func list(_ items: [String], conjunction: String = "and") -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " \(conjunction) " + (items.last ?? "")
        }
    }

    // MARK: Parts

    /// Checks the items of a part-holding block (state, container, overlay, footer, cell); returns
    /// their parts (none without the model) and how many were accepted.
    /// Checks the next cards in `tree`.
    mutating func use(_ tree: SyntaxTree) {
        guard tree !== self.tree else { return }
        self.tree = tree
        values.tree = tree
    }

    /// Takes the diagnostics reported so far.
    mutating func takeDiagnostics() -> [Diagnostic] {
        guard !values.diagnostics.isEmpty else { return [] }
        defer { values.diagnostics = [] }
        return values.diagnostics
    }

    mutating func checkBlock(of owner: NodeID, context: PartContext) -> (parts: [UInt32], count: Int) {
        var parts: [UInt32] = []
        var count = 0
        for item in values.tree.blockItems(owner) where checkPartItem(item, context: context, into: &parts) {
            count += 1
        }
        return (parts, count)
    }

    /// Checks one block item where a part is expected; appends the part's index to `parts`, and
    /// returns whether it is one. `known` is the item's index in `Catalog.nodes` when the caller
    /// has looked it up already.
    @discardableResult
    mutating func checkPartItem(_ item: NodeID, spec known: Int? = nil, context: PartContext, into parts: inout [UInt32]) -> Bool {
        // Recursive through `checkPart`: what is not needed on the way down stays in
        // `partSpec(of:)`'s frame, not in every nesting level's.
        guard let spec = partSpec(of: item, known: known, context: context) else { return false }
        checkPart(item, spec: spec, context: context, into: &parts)
        return true
    }

    /// The part block item `item` names, or nil after reporting why it is none here.
    mutating func partSpec(of item: NodeID, known: Int?, context: PartContext) -> PartSpec? {
        switch tree.kind(item) {
        case .stateDecl:
            report(.e603, "a `state` block must sit directly inside a card", at: values.nameSpan(item).start == values.nameSpan(item).end
                   ? tree.span(item) : tree.span(token: tree.firstToken(item)),
                   notes: [.help("move `state \(tree.name(item))` to the card's body")])
            return nil
        case .property:
            let label = tree.name(item)
            let isCardProperty = tree.lookUp(item, in: Catalog.cardPropertyTable).map { Catalog.cardProperties[$0].allowedInState } ?? false
            report(.e310, isCardProperty ? "`\(label):` belongs to a card or a state, not inside a part"
                                         : "`\(label):` is not a property here; parts take their settings as arguments",
                   at: values.nameSpan(item))
            return nil
        case .node:
            break
        default:
            return nil
        }
        guard let specIndex = known ?? values.tree.lookUp(item, in: Catalog.nodeTable) else {
            let name = tree.name(item)
            let hint = values.suggestion(Catalog.suggestPart(for: name), replacing: values.nameSpan(item))
            report(.e301, "unknown part `\(name)`", at: values.nameSpan(item), notes: hint.notes, fixIts: hint.fixIts)
            values.noteUncheckedBindings(in: item)
            return nil
        }
        let spec = Catalog.nodes[specIndex]
        // Structural nodes in the wrong place.
        switch spec.role {
        case .cell:
            if case .part(let parent) = context, case .directlyInside(let parents) = spec.placement, parents.contains(parent.name) { return spec }
            let parents: [String]
            if case .directlyInside(let names) = spec.placement { parents = names } else { parents = [] }
            report(.e405, "`\(spec.name)` is only allowed directly inside \(Self.list(parents.map { "`\($0)`" }, conjunction: "or"))",
                   at: values.nameSpan(item))
            return nil
        case .model, .overlay, .footer:
            report(.e405, "`\(spec.name)` is only allowed directly in a card's body", at: values.nameSpan(item))
            return nil
        case .part:
            return spec
        }
    }

    /// Checks a part and writes it (its row, its arguments, then its children); appends its index to `parts`.
    mutating func checkPart(_ node: NodeID, spec: PartSpec, context: PartContext, into parts: inout [UInt32]) {
        let name = spec.name
        if spec.needsHorizontalContext {
            var horizontal = false
            if case .part(let parent) = context { horizontal = parent.providesHorizontalContext }
            if !horizontal {
                report(.w402, "`\(name)` outside an `hstack` or `centered` draws nothing useful", at: values.nameSpan(node),
                       notes: [.help("use `separator` between stacked parts")])
            }
        }
        let isRowContainer = spec.children.isCellTemplate
        let unit = values.unit
        let partIndex = unit.beginPart(spec.kind, at: values.nameSpan(node))
        values.checkArguments(of: node, parameters: spec.parameterList, ownerName: name, ownerKind: .part)
        if !values.arguments.missing.isEmpty { reportMissing(values.arguments.missing, of: node, description: "`\(name)`") }
        if !spec.indexedRules.isEmpty { checkCrossRules(spec, node: node) }
        noteActions()
        if let idIndex = spec.idParameterIndex, let idNode = values.arguments.node(at: idIndex) { notePartID(idNode) }
        // Read before the children reuse the argument storage.
        let rowsParameter = spec.rowsParameter
        let rows = rowsParameter.flatMap { values.arguments.node($0.name) }.flatMap { node -> InternedName? in
            guard tree.kind(node) == .binding, case .card(let name) = values.bindingTarget(node) else { return nil }
            return name
        }
        unit.setArgumentCount(ofPart: partIndex, to: values.arguments.write(to: unit))
        let block = values.arguments.block
        let nameSpan = values.nameSpan(node)
        if let rowsParameter, rows == nil { noteLiteralRows(of: node, parameter: rowsParameter, spec: spec, block: block) }

        if let block {
            if !spec.isContainer {
                report(.e401, "`\(name)` is a leaf part and takes no children", at: nameSpan,
                       label: "remove this block", fixIts: [FixIt(tree.span(block), "")])
            } else {
                // Row containers collect `$item.field` uses of their cell in a table of their
                // own, swapped in and out.
                var outerRows: BindingTable?
                if isRowContainer {
                    var table: BindingTable? = rowTables.popLast() ?? BindingTable()
                    table?.removeAll()
                    swap(&table, &values.scope.rows)
                    outerRows = table
                }
                if spec.role == .cell { cellDepth += 1 }
                let checked = checkBlock(of: node, context: spec.role == .cell ? .cell : .part(spec))
                if spec.role == .cell { cellDepth -= 1 }
                checkChildren(spec, node: node, block: block, childCount: checked.count)
                if isRowContainer {
                    var table = outerRows
                    swap(&table, &values.scope.rows)
                    let fields = table ?? BindingTable()
                    refineRowsBinding(spec, rowsParameter: rowsParameter, rows: rows, fields: fields,
                                      hasChildren: !tree.children(block).isEmpty)
                    rowTables.append(fields)
                    if let rows { rowContainers.append((tree.range(block), rows.identity)) }
                }
            }
        } else if spec.isContainer {
            checkChildren(spec, node: node, block: nil, childCount: 0)
            if isRowContainer {
                refineRowsBinding(spec, rowsParameter: rowsParameter, rows: rows, fields: BindingTable(), hasChildren: false)
            }
        }
        unit.endPart(partIndex)
        parts.append(partIndex)
    }

    /// Notes a row container's rows given as a literal list (`table(rows: [(…)])`, E801): a model
    /// list no binding reads is most likely the one meant (`checkModel`).
    mutating func noteLiteralRows(of node: NodeID, parameter: Parameter, spec: PartSpec, block: NodeID?) {
        for argument in tree.children(node) where tree.kind(argument) != .block && values.label(of: argument) == parameter.name {
            guard let list = tree.value(argument), tree.kind(list) == .list else { continue }
            let drawsDefaultCell = !spec.defaultRowFields.isEmpty && (block.map { tree.children($0).isEmpty } ?? true)
            literalRows.append((list, drawsDefaultCell ? spec.defaultRowFields : nil))
        }
    }

    /// A table's `rows: $x` binding gets the row record type inferred from its cell's
    /// `$item.field` uses (or the default cell's four text fields).
    /// `rows` is the name of the card binding given for the rows, if one is.
    mutating func refineRowsBinding(_ spec: PartSpec, rowsParameter: Parameter?, rows: InternedName?, fields: BindingTable,
                                   hasChildren: Bool) {
        guard let rowsParameter, let rows else { return }
        rowFields.clear()
        if fields.isEmpty {
            // Only a row container with no children at all uses the default cell. A `cell` that
            // reads no `$item` field, or children that are not a `cell` (E403/E404, already
            // reported), say nothing about the rows: their type stays open.
            guard !spec.defaultRowFields.isEmpty, !hasChildren else { return }
            for label in spec.defaultRowFields { rowFields.append((names.intern(label).spelling, .string)) }
            defaultCellRows.append((rows.identity, spec.defaultRowFields))
        }
        for (position, field) in fields.names.enumerated() {
            let fieldName = names.text(spelling: field.spelling)
            rowFieldUses.append((rows.identity, fieldName, fields.uses(at: position).map(\.span)))
            var uses = fields.uses(at: position)
            var type = uses.next()?.type ?? .string
            while let use = uses.next() {
                guard let unified = ValueChecker.unify(type, use.type) else {
                    report(.e802, "row field `$item.\(fieldName)` is used as \(type) and as \(use.type)", at: use.span,
                           notes: fields.uses(at: position).map { DiagnosticNote("used as \($0.type) here", at: $0.span) })
                    break
                }
                type = unified
            }
            rowFields.append((field.spelling, type))
        }
        // Replace the placeholder use of the rows binding with the refined list type.
        if let position = values.scope.card.position(of: rows.identity) {
            values.scope.card.refineLastUse(at: position, of: rowsParameter.type, to: rowType())
        }
    }

    /// `[(rowFields)]`: an earlier row type when one has these fields, else a new one.
    mutating func rowType() -> ValueType {
        search: for cached in rowTypes.reversed() where cached.fields.count == rowFields.count {
            for index in rowFields.indices where cached.fields[index].spelling != rowFields[index].spelling
                || cached.fields[index].type != rowFields[index].type { continue search }
            return cached.type
        }
        let type = ValueType.list(.record(rowFields.map { RecordField(names.text(spelling: $0.spelling), $0.type) }))
        if rowTypes.count == Self.rowTypeLimit { rowTypes.removeFirst() }
        rowTypes.append((rowFields, type))
        return type
    }

    mutating func reportMissing(_ missing: [Parameter], of node: NodeID, description: @autoclosure () -> String) {
        guard !missing.isEmpty else { return }
        let insert = missing.map { p in
            "\(p.positional ? "" : p.name + ": ")\(Self.placeholder(for: p.type))"
        }.joined(separator: ", ")
        report(.e804, "\(description()) is missing required \(missing.count == 1 ? "argument" : "arguments") "
               + Self.list(missing.map { $0.positional ? "`_ \($0.name)`" : "`\($0.name):`" }),
               at: values.nameSpan(node), notes: [.help("add `\(insert)`")])
    }

    static func placeholder(for type: ValueType) -> String {
        switch type {
        case .string: "\"\""
        case .int, .double: "0"
        case .bool: "false"
        case .color: ".black"
        case .size: "size(0, 0)"
        case .insets: "insets(0)"
        case .font: "font(.system, 17)"
        case .action: "action"
        case .list: "[]"
        case .enumeration(let e): "." + (e.caseNames.first ?? "")
        default: "…"
        }
    }

    /// Rules between the arguments just checked (`values.arguments`).
    mutating func checkCrossRules(_ spec: PartSpec, node: NodeID) {
        for indexed in spec.indexedRules {
            let (first, second) = (indexed.first, indexed.second)
            switch indexed.rule {
            case .requiredWhenPresent(let required, let trigger):
                if values.arguments.has(at: second) && !values.arguments.has(at: first) {
                    report(.e804, "`\(spec.name)` has `\(trigger):` but no `\(required):`", at: values.nameSpan(node),
                           notes: [.help("add `\(required): …` to handle it")])
                }
            case .lessThan(let lower, let upper):
                let args = values.arguments
                if let a = args.value(at: first).flatMap({ values.unit.number($0) }), let b = args.value(at: second).flatMap({ values.unit.number($0) }), !(a < b),
                   let at = args.node(at: first) {
                    report(.e805, "`\(lower)` (\(CatalogValue.format(a))) must be less than `\(upper)` (\(CatalogValue.format(b)))", at: tree.span(at))
                }
            case .sameCount(let firstName, let secondName):
                let args = values.arguments
                if let a = args.value(at: first).flatMap({ values.unit.elements($0) }), let b = args.value(at: second).flatMap({ values.unit.elements($0) }),
                   a.count != b.count,
                   let at = args.node(at: second) {
                    report(.e806, "`\(secondName)` has \(b.count) entries but `\(firstName)` has \(a.count)", at: tree.span(at),
                           notes: [.help("give one \(secondName == "colors" ? "color" : "entry") per entry of `\(firstName)`")])
                }
            case .warnWhenAbsent(let parameter):
                if !values.arguments.has(at: first) && !values.arguments.missing.contains(where: { $0.name == parameter }) {
                    let given = tree.children(node).contains { tree.kind($0) != .block && tree.label($0) == parameter }
                    if !given {
                        report(.w105, "`\(spec.name)` has no `\(parameter):`, so tapping it does nothing", at: values.nameSpan(node),
                               notes: [.help("add `\(parameter): methodName`")])
                    }
                }
            case .warnWhenUnlabelled(let label, let decorative):
                let args = values.arguments
                // A label given — even one of the wrong type, reported already — is not missing.
                if args.has(at: first) || first.map(args.isGiven) == true { break }
                if let second, args.isGiven(second) {
                    // `decorative: true`, a binding (true or not at run time) or a rejected value.
                    guard let value = args.value(at: second), values.unit.bool(value) == false else { break }
                }
                // No fix-it: only the deck's author knows what the image shows.
                report(.w1002, "`\(spec.name)` has no `\(label):`, so VoiceOver cannot say what it shows", at: values.nameSpan(node),
                       notes: [.help("add `\(label): \"…\"` saying what it shows, or `\(decorative): true` if it only decorates")])
            }
        }
    }

    /// Child count and kind rules (E403, E404, E406, W103).
    /// `block` is the node's block (`tree.block(node)`).
    mutating func checkChildren(_ spec: PartSpec, node: NodeID, block: NodeID?, childCount: Int) {
        let tree = self.tree
        if tree.containsSyntaxError(node) { return } // counts are meaningless in a broken block
        let items = block.map { tree.children($0) } ?? tree.blockItems(node)
        let isEmpty = items.isEmpty
        var childNodeCount = 0
        for item in items where tree.kind(item) == .node { childNodeCount += 1 }
        switch spec.children {
        case .leaf, .modelFields:
            break
        case .anyParts(let minimum, let warnIfEmpty):
            if childNodeCount == 0 {
                // A block whose only items were rejected (a misplaced `state`, a property) was
                // reported for those; it is not also empty.
                if isEmpty && warnIfEmpty {
                    report(.w103, "`\(spec.name)` has no parts", at: values.nameSpan(node))
                } else if isEmpty && minimum > 0 {
                    report(.e404, "`\(spec.name)` needs at least \(minimum) parts, found 0", at: values.nameSpan(node))
                }
            } else if childCount < minimum && childNodeCount < minimum {
                report(.e404, "`\(spec.name)` needs at least \(minimum) parts, found \(childCount)", at: values.nameSpan(node))
            }
        case .exactlyParts(let count):
            if childNodeCount != count {
                report(.e404, "`\(spec.name)` needs exactly \(count) parts, found \(childNodeCount)", at: values.nameSpan(node),
                       label: spec.childRoles.isEmpty ? nil : spec.childRoles.joined(separator: ", "))
            }
        case .onlyKinds(let kinds, let minimum):
            for child in items where tree.kind(child) == .node {
                if let index = tree.lookUp(child, in: Catalog.nodeTable), !kinds.contains(Catalog.nodes[index].name) {
                    report(.e403, "`\(spec.name)` takes only \(Self.list(kinds.map { "`\($0)`" })) children, found `\(Catalog.nodes[index].name)`",
                           at: values.nameSpan(child))
                }
            }
            if childNodeCount == 0 && isEmpty && minimum > 0 {
                report(.w103, "`\(spec.name)` has no parts", at: values.nameSpan(node))
            }
        case .cellTemplate(let required):
            var cells = 0
            for child in items where tree.kind(child) == .node {
                guard let index = tree.lookUp(child, in: Catalog.nodeTable) else { continue }
                if Catalog.nodes[index].role == .cell {
                    cells += 1
                    if cells > 1 {
                        report(required ? .e404 : .e406, "`\(spec.name)` takes one `cell`; this is another", at: values.nameSpan(child))
                    }
                } else {
                    report(.e403, "`\(spec.name)` takes one `cell { … }` template, found `\(Catalog.nodes[index].name)`", at: values.nameSpan(child))
                }
            }
            if required && cells == 0 {
                report(.e404, "`\(spec.name)` needs exactly one `cell { … }`", at: values.nameSpan(node))
            }
        }
        for limit in spec.childLimits {
            var first: NodeID?, count = 0
            for child in items where tree.kind(child) == .node && tree.name(child) == limit.kind {
                count += 1
                if count == 1 { first = child }
                if count > limit.maximum, let first {
                    report(.e406, "`\(spec.name)` takes at most \(limit.maximum) `\(limit.kind)`", at: values.nameSpan(child),
                           notes: [DiagnosticNote("the allowed one is here", at: values.nameSpan(first))])
                }
            }
        }
    }

    // MARK: Model and bindings

    /// Checks the model block and the card's binding uses; returns the fields (when building
    /// the model) and the initial state (the first declared state, else the default state).
    mutating func checkModel(_ modelNode: NodeID?, cardName: String) -> ([FieldRecord], String) {
        let tree = self.tree, names = self.names
        var fields: [FieldRecord] = []
        defaults.removeAll()
        var initialState = declaredStates.first.map { names.text($0.name) } ?? Catalog.defaultStateName
        var rowsCandidates: [InternedName] = []
        if let modelNode {
            if tree.hasParentheses(modelNode) { report(.e310, "`model` takes no arguments", at: values.nameSpan(modelNode)) }
            for item in tree.blockItems(modelNode) {
                guard tree.kind(item) == .property else {
                    if tree.kind(item) == .node || tree.kind(item).isDeclaration {
                        report(.e405, "a `model` block holds only `field: value` entries", at: tree.span(token: tree.firstToken(item)))
                    }
                    continue
                }
                let fieldName = tree.mainToken(item).map { names.intern($0, in: tree) } ?? names.intern("")
                if let earlier = defaults.index(of: fieldName.identity) {
                    report(.e203, "duplicate model field `\(names.text(fieldName))`", at: values.nameSpan(item),
                           notes: [DiagnosticNote("first declared here", at: values.nameSpan(defaults.entries[earlier].item))])
                    continue
                }
                guard let valueNode = tree.value(item) else { continue }
                if fieldName.identity == stateIdentity {
                    guard tree.kind(valueNode) == .enumCase else {
                        if tree.kind(valueNode) != .missing { values.mismatch(valueNode, expected: .cardState) }
                        continue
                    }
                    let state = tree.mainToken(valueNode).flatMap { names.intern(afterSigilOf: $0, in: tree) }
                        ?? names.intern(tree.enumCaseName(valueNode))
                    let stateName = names.text(state)
                    let valid = declaredStates.contains { $0.name.identity == state.identity }
                        || (declaredStates.isEmpty && state.identity == defaultStateIdentity)
                    if !valid {
                        let declared = declaredStates.map { names.text($0.name) }
                        let hint = values.suggestion(NameSuggester.suggestion(for: stateName, among: declared).map { "." + $0 },
                                                     replacing: tree.span(valueNode))
                        report(.e602, "card `\(cardName)` has no state `\(stateName)`", at: tree.span(valueNode),
                               label: declaredStates.isEmpty ? "this card declares no states"
                                   : "declared: " + declared.map { "`\($0)`" }.joined(separator: ", "),
                               notes: hint.notes, fixIts: hint.fixIts)
                    } else {
                        initialState = stateName
                    }
                    defaults.append(FieldDefault(name: fieldName, type: .cardState, value: values.unit.enumCase(stateName),
                                                 node: valueNode, item: item))
                    continue
                }
                var labels = defaultCellRows.first { $0.identity == fieldName.identity }?.labels
                if !literalRows.isEmpty && tree.kind(valueNode) == .list && values.scope.card.position(of: fieldName.identity) == nil {
                    // A list no binding reads, beside rows written as a literal: the rows meant
                    // (`offerRowsFields`), read as the container would read them.
                    rowsCandidates.append(fieldName)
                    // As the default cell's rows only when that is how they read cleanly: an
                    // unrelated list keeps its own rules.
                    if labels == nil, let cell = literalRows.lazy.compactMap(\.defaultCellLabels).first,
                       values.checksClean({ _ = $0.inferDefaultCellRows(valueNode, labels: cell) }) {
                        labels = cell
                    }
                }
                guard let (type, value) = labels.map({ values.inferDefaultCellRows(valueNode, labels: $0) }) ?? values.inferLiteral(valueNode)
                else { continue }
                defaults.append(FieldDefault(name: fieldName, type: type, value: value, node: valueNode, item: item))
            }
        }
        let scope = values.scope.card
        // Per binding name (parallel to `scope.names`): its unified use, or nil (conflict, or `$state`).
        usedTypes.clear()
        conflicting.clear()
        for (position, binding) in scope.names.enumerated() {
            var uses = scope.uses(at: position)
            guard let first = uses.next() else { usedTypes.append(nil); conflicting.append(false); continue }
            var type = first.type
            var twoWay = first.twoWay
            var conflict = false
            while let use = uses.next() {
                twoWay = twoWay || use.twoWay
                if let unified = ValueChecker.unify(type, use.type) { type = unified; continue }
                report(.e802, "binding `$\(names.text(spelling: binding.spelling))` is used as \(type) and as \(use.type)", at: use.span,
                       notes: scope.uses(at: position).map { DiagnosticNote("used as \($0.type) here", at: $0.span) })
                conflict = true
                break
            }
            conflicting.append(conflict)
            if conflict || binding.identity == stateIdentity {
                if !conflict { report(.e801, "`$state` is the card's state, not a value to bind", at: first.span) }
                usedTypes.append(nil)
                continue
            }
            usedTypes.append((type, twoWay, first.span))
        }
        // Bindings with no field whose names are near misses of a field's: W801, and that field
        // is not also W101 (one root cause); nor are the lists offered for literal rows.
        var offeredFields = offerRowsFields(rowsCandidates)
        if !defaults.entries.isEmpty {
            for (position, binding) in scope.names.enumerated()
            where binding.identity != stateIdentity && defaults.index(of: binding.identity) == nil {
                if let field = reportMisspeltBinding(binding, uses: scope.uses(at: position), usedType: usedTypes[position]?.type) {
                    offeredFields.append(field)
                }
            }
        }
        let unit = values.unit
        for index in defaults.entries.indices {
            let d = defaults.entries[index]
            func field(_ type: ValueType, twoWay: Bool) -> FieldRecord {
                FieldRecord(name: unit.string(names.text(d.name)), type: type, defaultValue: d.value, isTwoWay: twoWay,
                            span: ValueChecker.nameSpan(d.item, in: tree))
            }
            if d.name.identity == stateIdentity {
                fields.append(field(.cardState, twoWay: false))
                continue
            }
            let position = scope.position(of: d.name.identity)
            guard let position, let used = usedTypes[position] else {
                if let position, conflicting[position] { // used, inconsistently: E802 says so, not W101/E803
                    fields.append(field(d.type, twoWay: false))
                    continue
                }
                let name = names.text(d.name)
                if !offeredFields.contains(d.name.identity) && !values.scope.unchecked.contains(d.name.identity) {
                    report(.w101, "model field `\(name)` is never used", at: values.nameSpan(d.item),
                           notes: [.help("bind it with `$\(name)`, or remove it")])
                }
                fields.append(field(d.type, twoWay: false))
                continue
            }
            if !ValueChecker.assignable(d.type, to: used.type) && !reportMissingRowLabels(of: d, usedType: used.type) {
                let name = names.text(d.name)
                report(.e803, "model default for `\(name)` is \(d.type), but `$\(name)` is used as \(used.type)", at: tree.span(d.node),
                       notes: scope.uses(at: position).map { DiagnosticNote("used as \($0.type) here", at: $0.span) })
            }
            fields.append(field(Self.fieldType(used: used.type, default: d.type), twoWay: used.twoWay))
        }
        // The bindings without a default only add fields (no diagnostics).
        for (position, binding) in scope.names.enumerated() where defaults.index(of: binding.identity) == nil {
            guard let used = usedTypes[position] else { continue }
            fields.append(FieldRecord(name: unit.string(names.text(spelling: binding.spelling)), type: used.type, defaultValue: nil,
                                      isTwoWay: used.twoWay, span: used.span))
        }
        checkFieldNameClashes()
        return (fields, initialState)
    }

    /// The E801s of rows written as a literal list get a help naming the model's lists no
    /// binding reads (`candidates`), the rows most likely meant; returns their identities (they
    /// are then not also W101, one mistake being one diagnostic).
    mutating func offerRowsFields(_ candidates: [InternedName]) -> [Int] {
        guard !candidates.isEmpty else { return [] }
        let bindings = candidates.map { "`$\(names.text($0))`" }
        let help = DiagnosticNote.help(candidates.count == 1
            ? "write \(bindings[0]), the model's list no binding reads"
            : "write the binding of the model's list meant: \(Self.list(bindings, conjunction: "or"))")
        for (list, _) in literalRows {
            let span = tree.span(list)
            for index in values.diagnostics.indices where values.diagnostics[index].code == .e801 && values.diagnostics[index].span == span {
                values.diagnostics[index].notes = [help]
            }
        }
        return candidates.map(\.identity)
    }

    /// W801 for the binding `binding` (its `uses`, unified as `usedType`), which names no model
    /// field, when its name is a near miss of a field's; returns that field's identity. The
    /// did-you-mean's fix-it must leave no error: inside a `cell` the rows' labels come first
    /// (`$walker` for `$item.walker`), and a field or label is offered only when the uses can
    /// take its default's type and its own uses agree with them.
    mutating func reportMisspeltBinding(_ binding: BindingTable.Name, uses: BindingTable.Uses, usedType: ValueType?) -> Int? {
        let name = names.text(spelling: binding.spelling)
        let spans = uses.map(\.span)
        guard let first = spans.first else { return nil }
        // The name follows the `$`; a path's later components stay.
        func renaming(to replacement: String) -> [FixIt] {
            spans.map { FixIt(SourceSpan(file: $0.file, start: $0.start + 1, end: $0.start + 1 + name.utf8.count), replacement) }
        }
        func fits(_ type: ValueType, uses identity: Int?) -> Bool {
            guard let usedType else { return false }
            guard ValueChecker.assignable(type, to: usedType) else { return false }
            guard let identity, let position = values.scope.card.position(of: identity) else { return true }
            return usedTypes[position].map { ValueChecker.unify($0.type, usedType) != nil } ?? false
        }
        if let row = rowLabelSuggestion(for: name, at: spans, usedType: usedType) {
            report(.w801, "`$\(name)` names no model field; did you mean the row's `$item.\(row.label)`?", at: first,
                   notes: [DiagnosticNote("the rows of `$\(row.rows)` have `\(row.label)`", at: row.declared),
                           .help("inside a `cell`, `$item.\(row.label)` reads the current row's `\(row.label)`")],
                   fixIts: renaming(to: "item." + row.label))
            return nil
        }
        let fields = defaults.entries.filter { $0.name.identity != stateIdentity && fits($0.type, uses: $0.name.identity) }
        guard let suggested = NameSuggester.suggestion(for: name, among: fields.map { names.text($0.name) }),
              let field = fields.first(where: { names.text($0.name) == suggested }) else { return nil }
        report(.w801, "`$\(name)` names no model field; did you mean `$\(suggested)`?", at: first,
               notes: [DiagnosticNote("`\(suggested)` is declared here", at: values.nameSpan(field.item)),
                       .help("a binding without a field is allowed, but has no initial value")],
               fixIts: renaming(to: suggested))
        return field.name.identity
    }

    /// For a binding with no field whose every use (`spans`) is inside the cell of one row
    /// container: the label of that container's rows (as their default gives them) that the name
    /// is, or nearly is, when its type fits the uses and the label's other `$item` uses.
    func rowLabelSuggestion(for name: String, at spans: [SourceSpan], usedType: ValueType?)
        -> (label: String, rows: String, declared: SourceSpan)? {
        guard let usedType, let first = spans.first,
              let container = rowContainers.last(where: { $0.range.contains(first.start) }),
              spans.allSatisfy({ span in rowContainers.last(where: { $0.range.contains(span.start) })?.rows == container.rows }),
              let rowsDefault = defaults.index(of: container.rows).map({ defaults.entries[$0] }),
              case .list(.record(let fields)) = rowsDefault.type else { return nil }
        let labels = fields.map(\.label)
        guard let label = labels.contains(name) ? name : NameSuggester.suggestion(for: name, among: labels),
              let field = fields.first(where: { $0.label == label }), ValueChecker.assignable(field.type, to: usedType) else { return nil }
        // The label's own `$item` uses (in the rows binding's type) must take the same type.
        if let position = values.scope.card.position(of: container.rows), let rowsUse = usedTypes[position],
           case .list(.record(let used)) = rowsUse.type, let other = used.first(where: { $0.label == label }),
           ValueChecker.unify(other.type, usedType) == nil {
            return nil
        }
        return (label, names.text(rowsDefault.name), tree.span(rowsDefault.node))
    }

    /// E803 between a row list's default and its `$item` uses when the uses read labels the
    /// default's records lack, and agree with it otherwise: one at the first `$item.label` of
    /// each such label (where the mistake most likely is), with a note at the default and, when
    /// the label is a near miss of one of the rows' unused labels, a did-you-mean and fix-its at
    /// its uses (`$item.rout` for `route`). Returns false, reporting nothing, in any other case.
    mutating func reportMissingRowLabels(of field: FieldDefault, usedType: ValueType) -> Bool {
        guard case .list(.record(let used)) = usedType, case .list(.record(let given)) = field.type else { return false }
        let missing = used.filter { label in !given.contains { $0.label == label.label } }
        let agreeing = used.allSatisfy { label in
            given.first { $0.label == label.label }.map { ValueChecker.assignable($0.type, to: label.type) } ?? true
        }
        let rows = field.name.identity
        let uses = missing.map { label in
            rowFieldUses.filter { $0.rows == rows && $0.label == label.label }.flatMap(\.spans).filter { $0.file == tree.file.id }
        }
        guard !missing.isEmpty, agreeing, uses.allSatisfy({ !$0.isEmpty }) else { return false }
        let name = names.text(field.name)
        let unused = given.map(\.label).filter { label in !used.contains { $0.label == label } }
        let labels = given.map { "`\($0.label)`" }.joined(separator: ", ")
        for (label, spans) in zip(missing, uses) {
            guard let first = spans.first else { continue }
            var notes = [DiagnosticNote("the rows of `\(name)` are declared here, with \(labels)", at: tree.span(field.node))]
            var fixIts: [FixIt] = []
            if let suggested = NameSuggester.suggestion(for: label.label, among: unused) {
                notes.append(.help("did you mean `$item.\(suggested)`?"))
                // Where the label is the path's last component (`$item.rout`, not `$item.rout.x`).
                for span in spans {
                    let labelSpan = SourceSpan(file: span.file, start: span.end - label.label.utf8.count, end: span.end)
                    if labelSpan.start > span.start, tree.file.text(labelSpan.range) == label.label { fixIts.append(FixIt(labelSpan, suggested)) }
                }
            } else {
                notes.append(.help("add `\(label.label):` to the rows of `\(name)`, or read one of their labels"))
            }
            report(.e803, "the rows of `$\(name)` have no `\(label.label)`", at: first, label: "read here", notes: notes, fixIts: fixIts)
        }
        return true
    }

    /// E312 for model fields whose Swift names clash: with a framework name, with another
    /// field's row type, or with `@Observable`'s storage of another field. Fields are the
    /// defaults and the bindings without one (`$item` rows are not fields).
    mutating func checkFieldNameClashes() {
        let tree = self.tree, names = self.names
        let scope = values.scope.card
        // Names are deduplicated by identity (equal spellings share one), and the field names
        // are gathered as strings only when a name starts with `_`, the one rule that needs them.
        var seen = Set<Int>()
        var underscored = false
        var candidates: [(name: String, type: ValueType?, span: SourceSpan)] = []
        func add(_ identity: Int, _ name: String, _ type: ValueType?, _ span: @autoclosure () -> SourceSpan) {
            guard seen.insert(identity).inserted else { return }
            if name.utf8.first == UInt8(ascii: "_") { underscored = true }
            candidates.append((name, type, span()))
        }
        for entry in defaults.entries where entry.name.identity != stateIdentity {
            let position = scope.position(of: entry.name.identity)
            let type = position.flatMap { usedTypes[$0]?.type } ?? entry.type
            add(entry.name.identity, names.text(entry.name), type, ValueChecker.nameSpan(entry.item, in: tree))
        }
        for (position, binding) in scope.names.enumerated() where binding.identity != stateIdentity
            && defaults.index(of: binding.identity) == nil {
            guard let used = usedTypes[position] else { continue }
            add(binding.identity, names.text(spelling: binding.spelling), used.type, used.span)
        }
        guard !candidates.isEmpty else { return }
        var rowTypes: [String: String] = [:]
        for candidate in candidates {
            guard let type = candidate.type, GeneratedNameRule.generatesRowType(type) else { continue }
            let row = SwiftNames.rowType(candidate.name)
            if let other = rowTypes[row] {
                reportClash(GeneratedNameRule.rowType(row, fields: other, candidate.name, card: cardName),
                            name: candidate.name, at: candidate.span)
            } else {
                rowTypes[row] = candidate.name
            }
        }
        // A custom state is a static member of the view model, beside its row structs.
        for (state, node) in declaredStates {
            let stateName = names.text(state)
            if let field = rowTypes[stateName] {
                reportClash(GeneratedNameRule.stateRowType(stateName, field: field, card: cardName), name: stateName,
                            at: values.nameSpan(node))
            }
        }
        let fieldNames = underscored ? Set(candidates.map(\.name)) : []
        for candidate in candidates {
            if let clash = GeneratedNameRule.field(candidate.name, card: cardName, fields: fieldNames, rowTypes: rowTypes) {
                reportClash(clash, name: candidate.name, at: candidate.span)
            }
        }
    }

    /// The field's declared type: the uses' type, made concrete by the default where the uses
    /// leave it open (an open record row type).
    static func fieldType(used: ValueType, default found: ValueType) -> ValueType {
        switch (used, found) {
        case (.double, .int): return .double
        case (.list(.openRecord), .list): return found
        default: return used
        }
    }
}

/// A model field as written to the unit: its name (in the segment's strings), type, default
/// value (in the segment's values), whether a binding of it is two-way, and where it is named.
struct FieldRecord {
    var name: StringRef
    var type: ValueType
    var defaultValue: UInt32?
    var isTwoWay: Bool
    var span: SourceSpan
}

/// A model field's default value, as read from the `model` block.
struct FieldDefault {
    var name: InternedName
    var type: ValueType
    var value: UInt32
    var node: NodeID
    /// The `field: value` entry.
    var item: NodeID
}

/// The model defaults of one card in declaration order, found by name identity (a linear scan
/// for the usual handful, a dictionary for many).
struct FieldDefaults {
    private(set) var entries: [FieldDefault] = []
    private var positions: [Int: Int] = [:]
    private static let linearLimit = 16

    func index(of identity: Int) -> Int? {
        if entries.count > Self.linearLimit { return positions[identity] }
        return entries.firstIndex { $0.name.identity == identity }
    }

    mutating func removeAll() {
        entries.clear()
        if !positions.isEmpty { positions.removeAll() }
    }

    mutating func append(_ entry: FieldDefault) {
        let identity = entry.name.identity
        entries.append(entry)
        if entries.count == Self.linearLimit + 1 {
            for (index, known) in entries.enumerated() where positions[known.name.identity] == nil { positions[known.name.identity] = index }
        } else if entries.count > Self.linearLimit + 1 {
            positions[identity] = entries.count - 1
        }
    }
}

/// The structural nodes the checker treats specially; every other node is a part.
enum NodeRole {
    case part, model, overlay, footer, cell
}

extension PartSpec {
    /// Which structural node this is, so the checker tests an enum instead of comparing names.
    var role: NodeRole {
        switch kind {
        case .cell: .cell
        case .overlay: .overlay
        case .footer: .footer
        case .model: .model
        default: .part
        }
    }
}

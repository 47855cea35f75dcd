import CardDiagnostics
import CardSyntax

/// Where a block's items sit, for placement rules (E405, E603, W402).
enum PartContext: Equatable {
    case card, state, overlay, footer, cell
    case part(String)
}

/// Facts about a card's stacks that card-level rules need (W502, W703, W704, E704).
struct CardMembership {
    var stackKinds: Set<String> = []
    /// Cards of the sheet stacks this card is in (valid `push` targets).
    var sheetCards: Set<String> = []
}

/// Checks one card declaration (LANGUAGE.md §5, §7, §8) into a `CheckedCard`.
struct CardChecker {
    var values: ValueChecker
    let decl: NodeID
    let membership: CardMembership
    var tree: SyntaxTree { values.tree }
    var actions = Set<String>()

    init(values: ValueChecker, decl: NodeID, membership: CardMembership) {
        self.values = values
        self.decl = decl
        self.membership = membership
    }

    mutating func report(_ code: DiagnosticCode, _ message: String, at span: SourceSpan, label: String? = nil,
                         notes: [DiagnosticNote] = [], fixIts: [FixIt] = []) {
        values.report(code, message, at: span, label: label, notes: notes, fixIts: fixIts)
    }

    // MARK: Card

    mutating func check() -> CheckedCard {
        let name = tree.name(decl)
        let nameSpan = values.nameSpan(decl)
        values.scope = BindingScope()
        let traits = checkTraits()

        var modelNode: NodeID?
        var stateNodes: [NodeID] = []
        var sharedBefore: [CheckedPart] = []
        var sharedAfter: [CheckedPart] = []
        var cardTap: Action?
        var title: Value?, subtitle: Value?, position: String?
        var swipe: [SwipeDirection] = SwipeDirection.allCases
        var overlays: [(direction: SwipeDirection, parts: [CheckedPart])] = []
        var overlayNodes: [SwipeDirection: NodeID] = [:]
        var footer: (height: Double, transparent: Bool, parts: [CheckedPart])?
        var footerNode: NodeID?
        var seenProperties: [String: NodeID] = [:]

        for item in tree.block(decl).map({ Array(tree.children($0)) }) ?? [] {
            switch tree.kind(item) {
            case .stateDecl:
                stateNodes.append(item)
            case .property:
                let label = tree.name(item)
                if let earlier = seenProperties[label] {
                    report(.e203, "duplicate property `\(label)`", at: values.nameSpan(item),
                           notes: [DiagnosticNote("first set here", at: values.nameSpan(earlier))])
                    continue
                }
                seenProperties[label] = item
                guard let spec = Catalog.cardProperty(named: label) else {
                    let hint = values.suggestion(NameSuggester.suggestion(for: label, among: Catalog.cardProperties.map(\.name)),
                                                 replacing: values.nameSpan(item))
                    report(.e310, "unknown card property `\(label)`", at: values.nameSpan(item),
                           label: "cards take " + Catalog.cardProperties.map { "`\($0.name):`" }.joined(separator: ", "),
                           notes: hint.notes, fixIts: hint.fixIts)
                    continue
                }
                guard let valueNode = tree.value(item),
                      let value = values.check(valueNode, as: spec.parameter.type, parameter: spec.parameter) else { continue }
                switch label {
                case "tap":
                    if case .action(let action) = value { cardTap = action; noteAction(action, at: valueNode) }
                case "title": title = value
                case "subtitle": subtitle = value
                case "position":
                    if case .enumCase(let p, _) = value {
                        position = p
                        if !membership.stackKinds.contains("sheet") {
                            report(.w704, "`position` has no effect: card `\(name)` is in no sheet stack", at: values.nameSpan(item),
                                   notes: [.help("`position` picks where a card opens when pushed onto a sheet stack")])
                        }
                    }
                case "swipe":
                    if case .list(let directions) = value {
                        swipe = directions.compactMap { if case .enumCase(let d, _) = $0 { SwipeDirection(rawValue: d) } else { nil } }
                    }
                default: break
                }
            case .node:
                let nodeName = tree.name(item)
                switch nodeName {
                case "model":
                    if let earlier = modelNode {
                        report(.e406, "a card has at most one `model` block", at: values.nameSpan(item),
                               notes: [DiagnosticNote("the first `model` is here", at: values.nameSpan(earlier))])
                    } else {
                        modelNode = item
                    }
                case "overlay", "footer":
                    guard let spec = Catalog.part(named: nodeName) else { continue }
                    if !membership.stackKinds.contains("swipe") {
                        report(.w703, "`\(nodeName)` only shows in swipe stacks, and card `\(name)` is in none", at: values.nameSpan(item))
                    }
                    let args = values.checkArguments(of: item, parameters: spec.parameters, ownerDescription: "`\(nodeName)`", ownerKind: .part)
                    reportMissing(args.missing, of: item, description: "`\(nodeName)`")
                    let parts = checkBlock(of: item, context: nodeName == "overlay" ? .overlay : .footer)
                    // Empty means no items at all: rejected items (E603, E405…) were reported.
                    if tree.block(item).map({ tree.children($0).isEmpty }) ?? true {
                        report(.w103, "`\(nodeName)` has no parts", at: values.nameSpan(item))
                    }
                    if nodeName == "overlay" {
                        guard case .enumCase(let d, _)? = args.value(spec.parameters.first?.name ?? "direction"),
                              let direction = SwipeDirection(rawValue: d) else { continue }
                        if let earlier = overlayNodes[direction] {
                            report(.e406, "a card has one `overlay(.\(d))`", at: values.nameSpan(item),
                                   notes: [DiagnosticNote("the first one is here", at: values.nameSpan(earlier))])
                            continue
                        }
                        overlayNodes[direction] = item
                        overlays.append((direction, parts))
                    } else {
                        if let earlier = footerNode {
                            report(.e406, "a card has at most one `footer`", at: values.nameSpan(item),
                                   notes: [DiagnosticNote("the first one is here", at: values.nameSpan(earlier))])
                            continue
                        }
                        footerNode = item
                        let height = args.value("height")?.number ?? Self.defaultNumber(spec, "height") ?? 100
                        var transparent = false
                        if case .bool(let t)? = args.value("transparent") { transparent = t }
                        footer = (height, transparent, parts)
                    }
                default:
                    if let part = checkPartItem(item, context: .card) {
                        if stateNodes.isEmpty { sharedBefore.append(part) } else { sharedAfter.append(part) }
                    }
                }
            default:
                break // declarations nested in cards and unexpected tokens were reported by the parser
            }
        }

        // States.
        var states: [CheckedState] = []
        var declaredStates: [String: NodeID] = [:]
        for stateNode in stateNodes {
            let stateName = tree.name(stateNode)
            if stateName.isEmpty { continue }
            if let earlier = declaredStates[stateName] {
                report(.e601, "state `\(stateName)` is declared twice", at: values.nameSpan(stateNode),
                       notes: [DiagnosticNote("first declared here", at: values.nameSpan(earlier))])
                continue
            }
            declaredStates[stateName] = stateNode
            if tree.child(stateNode, .conformanceList) != nil {
                report(.e201, "a state takes no conformances", at: tree.span(tree.child(stateNode, .conformanceList) ?? stateNode))
            }
            var tap: Action?
            var own: [CheckedPart] = []
            for item in tree.block(stateNode).map({ Array(tree.children($0)) }) ?? [] {
                if tree.kind(item) == .property {
                    let label = tree.name(item)
                    guard label == "tap" else {
                        report(.e310, "a state block takes parts and `tap:`, not `\(label):`", at: values.nameSpan(item))
                        continue
                    }
                    if let valueNode = tree.value(item), let action = values.checkAction(valueNode) {
                        tap = action
                        noteAction(action, at: valueNode)
                    } else if let valueNode = tree.value(item), tree.kind(valueNode) != .missing,
                              tree.kind(valueNode) != .reference, tree.kind(valueNode) != .call {
                        values.mismatch(valueNode, expected: .action)
                    }
                } else if let part = checkPartItem(item, context: .state) {
                    own.append(part)
                }
            }
            states.append(CheckedState(name: stateName, isBuiltIn: Catalog.builtInState(named: stateName) != nil,
                                       tap: tap ?? cardTap, parts: sharedBefore + own + sharedAfter))
        }
        if states.isEmpty {
            states = [CheckedState(name: "none", isBuiltIn: true, tap: cardTap, parts: sharedBefore + sharedAfter)]
        }
        if let loading = declaredStates["loading"], declaredStates["hasData"] == nil {
            report(.w601, "card `\(name)` has a `loading` state but no `hasData` state", at: values.nameSpan(loading),
                   notes: [.help("add `state hasData { … }` for what the card shows once loaded")])
        }

        // Model and bindings.
        let (model, initialState) = checkModel(modelNode, states: states, declaredStates: declaredStates, cardName: name)

        let location = tree.file.location(of: nameSpan.start)
        return CheckedCard(name: name, documentation: tree.docComment(decl), span: nameSpan, location: location,
                           file: tree.file.path, traits: traits, model: model, states: states,
                           initialState: initialState, title: title, subtitle: subtitle, position: position,
                           swipeDirections: swipe, overlays: overlays, footer: footer, actions: actions.sorted())
    }

    static func defaultNumber(_ spec: PartSpec, _ name: String) -> Double? {
        spec.parameter(named: name)?.defaultValue?.numericValue
    }

    mutating func noteAction(_ action: Action, at node: NodeID) {
        switch action {
        case .method(let method): actions.insert(method)
        case .push(let target):
            if !membership.stackKinds.contains("sheet") {
                report(.e704, "`push(\(target))` needs a sheet stack, and this card is in none", at: tree.span(node))
            } else if !membership.sheetCards.contains(target) {
                report(.e704, "`push(\(target))`: card `\(target)` is not in the same sheet stack", at: tree.span(node),
                       notes: [.help("add `\(target)` to the sheet stack, or push a card of that stack")])
            }
        case .pop: break
        }
    }

    // MARK: Traits

    mutating func checkTraits() -> [CheckedTrait] {
        var result: [CheckedTrait] = []
        var seen: [String: NodeID] = [:]
        var transparent: NodeID?
        var decorating: [(String, NodeID)] = []
        for call in tree.conformances(decl) {
            let name = tree.name(call)
            let span = values.nameSpan(call)
            guard let spec = Catalog.trait(named: name) else {
                let suggestion = Catalog.traitNamed(byProtocol: name)?.name
                    ?? NameSuggester.suggestion(for: name, among: Catalog.traits.map(\.name))
                let hint = values.suggestion(suggestion, replacing: span)
                report(.e302, "unknown trait `\(name)`", at: span, notes: hint.notes, fixIts: hint.fixIts)
                continue
            }
            if let earlier = seen[name] {
                report(.e502, "trait `\(name)` is applied twice", at: span,
                       notes: [DiagnosticNote("first applied here", at: values.nameSpan(earlier))])
                continue
            }
            seen[name] = call
            let args = values.checkArguments(of: call, parameters: spec.parameters, ownerDescription: "trait `\(name)`", ownerKind: .trait)
            if !args.missing.isEmpty { reportMissingRequirements(args.missing, trait: spec, call: call) }
            for (_, value, node) in args.values { if case .action(let a) = value { noteAction(a, at: node) } }
            var properties: [Property] = []
            for requirement in spec.requirements {
                let parameter = requirement.parameter
                if let value = args.value(parameter.name) {
                    properties.append(Property(parameter.name, value))
                } else if let fallback = parameter.defaultValue, let value = Self.value(of: fallback) {
                    properties.append(Property(parameter.name, value))
                }
            }
            result.append(CheckedTrait(trait: name, properties: properties, span: span))
            if name == "transparent" { transparent = call }
            if spec.decoratesFrame { decorating.append((name, call)) }
            if name == "customMargin", !membership.stackKinds.isEmpty,
               membership.stackKinds.isSubset(of: ["swipe", "sheet"]) {
                report(.w502, "`customMargin` has no effect: card `\(tree.name(decl))` is only in swipe or sheet stacks", at: span,
                       notes: [.help("those stacks size cards themselves; remove the trait")])
            }
        }
        if let transparent {
            for (name, call) in decorating {
                report(.w501, "`\(name)` has no effect on a transparent card", at: values.nameSpan(call),
                       label: "this decorates the card's frame, which `transparent` does not draw",
                       notes: [DiagnosticNote("the card is made transparent here", at: values.nameSpan(transparent))])
            }
        }
        return result
    }

    /// One E501 per trait listing every missing requirement, with a fix-it inserting them.
    mutating func reportMissingRequirements(_ missing: [Parameter], trait: TraitSpec, call: NodeID) {
        let names = missing.map(\.name)
        let members = missing.compactMap { p in trait.requirement(named: p.name)?.member.name }
        let placeholders = missing.map { p in "\(p.name): \(trait.requirement(named: p.name)?.placeholder.description ?? "…")" }
            .joined(separator: ", ")
        let insertion: FixIt
        if tree.hasParentheses(call) {
            let closeEnd = tree.range(call).upperBound
            let hasArgs = !tree.arguments(call).isEmpty
            insertion = FixIt(SourceSpan(file: tree.file.id, start: closeEnd - 1, end: closeEnd - 1),
                              (hasArgs ? ", " : "") + placeholders)
        } else {
            let end = tree.range(call).upperBound
            insertion = FixIt(SourceSpan(file: tree.file.id, start: end, end: end), "(\(placeholders))")
        }
        report(.e501, "trait `\(trait.name)` is missing \(Self.list(names.map { "`\($0)`" }))", at: values.nameSpan(call),
               label: "\(trait.cardPartsProtocol) requires \(Self.list(members))",
               notes: [.help("add `\(placeholders)`")], fixIts: [insertion])
    }

    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
        }
    }

    /// A catalog default as a checked value.
    static func value(of catalogValue: CatalogValue) -> Value? {
        switch catalogValue {
        case .int(let v): return .int(v)
        case .double(let v): return .double(v)
        case .string(let v): return .string(v)
        case .bool(let v): return .bool(v)
        case .enumCase(let v): return .enumCase(v, arguments: [])
        case .color(let hex): return ColorLiteral(hex).map { .color($0, name: nil) }
        case .namedColor(let name):
            guard let c = Catalog.namedColor(name) else { return nil }
            return .color(ColorLiteral(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha), name: name)
        case .size(let w, let h): return .size(width: w, height: h)
        case .insets(let t, let l, let b, let r): return .insets(top: t, left: l, bottom: b, right: r)
        case .font(let f): return .font(f)
        case .list(let items): return .list(items.compactMap(value(of:)))
        case .reference(let name): return .reference(name)
        case .binding: return nil
        }
    }

    // MARK: Parts

    /// Checks the items of a part-holding block (state, container, overlay, footer, cell).
    mutating func checkBlock(of owner: NodeID, context: PartContext) -> [CheckedPart] {
        var parts: [CheckedPart] = []
        for item in tree.block(owner).map({ Array(tree.children($0)) }) ?? [] {
            if let part = checkPartItem(item, context: context) { parts.append(part) }
        }
        return parts
    }

    /// Checks one block item where a part is expected.
    mutating func checkPartItem(_ item: NodeID, context: PartContext) -> CheckedPart? {
        switch tree.kind(item) {
        case .stateDecl:
            report(.e603, "a `state` block must sit directly inside a card", at: values.nameSpan(item).start == values.nameSpan(item).end
                   ? tree.span(item) : tree.span(token: tree.firstToken(item)),
                   notes: [.help("move `state \(tree.name(item))` to the card's body")])
            return nil
        case .property:
            let label = tree.name(item)
            report(.e310, label == "tap" ? "`tap:` belongs to a card or a state, not inside a part"
                                         : "`\(label):` is not a property here; parts take their settings as arguments",
                   at: values.nameSpan(item))
            return nil
        case .node:
            break
        default:
            return nil
        }
        let name = tree.name(item)
        guard let spec = Catalog.part(named: name) else {
            let suggestion = Catalog.partNamed(byCardPartsClass: name)?.name
                ?? NameSuggester.suggestion(for: name, among: Catalog.parts.map(\.name))
            let hint = values.suggestion(suggestion, replacing: values.nameSpan(item))
            report(.e301, "unknown part `\(name)`", at: values.nameSpan(item), notes: hint.notes, fixIts: hint.fixIts)
            return nil
        }
        // Structural nodes in the wrong place.
        switch name {
        case "cell":
            if case .part(let parent) = context, parent == "table" || parent == "collection" { break }
            report(.e405, "`cell` is only allowed directly inside `table` or `collection`", at: values.nameSpan(item))
            return nil
        case "model", "overlay", "footer":
            report(.e405, "`\(name)` is only allowed directly in a card's body", at: values.nameSpan(item))
            return nil
        default:
            break
        }
        return checkPart(item, spec: spec, context: context)
    }

    mutating func checkPart(_ node: NodeID, spec: PartSpec, context: PartContext) -> CheckedPart? {
        let name = spec.name
        let description = "`\(name)`"
        if spec.needsHorizontalContext {
            var horizontal = false
            if case .part(let parent) = context, let parentSpec = Catalog.part(named: parent) { horizontal = parentSpec.providesHorizontalContext }
            if !horizontal {
                report(.w402, "`\(name)` outside an `hstack` or `centered` draws nothing useful", at: values.nameSpan(node),
                       notes: [.help("use `separator` between stacked parts")])
            }
        }
        let isRowContainer: Bool
        if case .cellTemplate = spec.children { isRowContainer = true } else { isRowContainer = false }
        let args = values.checkArguments(of: node, parameters: spec.parameters, ownerDescription: description, ownerKind: .part)
        reportMissing(args.missing, of: node, description: description)
        checkCrossRules(spec, args: args, node: node)
        for (_, value, valueNode) in args.values { if case .action(let a) = value { noteAction(a, at: valueNode) } }

        var properties = args.values.map { Property($0.name, $0.value) }
        if properties.count > 1 {
            properties.sort { a, b in
                (spec.parameters.firstIndex { $0.name == a.name } ?? 0) < (spec.parameters.firstIndex { $0.name == b.name } ?? 0)
            }
        }

        var children: [CheckedPart] = []
        if let block = tree.block(node) {
            if !spec.isContainer {
                report(.e401, "`\(name)` is a leaf part and takes no children", at: values.nameSpan(node),
                       label: "remove this block", fixIts: [FixIt(tree.span(block), "")])
            } else {
                // Row containers collect `$item.field` uses of their cell.
                let outerRows = values.scope?.rowFields
                let outerOrder = values.scope?.rowOrder ?? []
                if isRowContainer { values.scope?.rowFields = [:]; values.scope?.rowOrder = [] }
                let childContext: PartContext = name == "cell" ? .cell : .part(name)
                children = checkBlock(of: node, context: childContext)
                checkChildren(spec, node: node, children: children)
                if isRowContainer {
                    let fields = values.scope?.rowFields ?? [:]
                    let order = values.scope?.rowOrder ?? []
                    values.scope?.rowFields = outerRows
                    values.scope?.rowOrder = outerOrder
                    refineRowsBinding(spec, args: args, fields: fields, order: order,
                                      hasChildren: tree.block(node).map { !tree.children($0).isEmpty } ?? false)
                }
            }
        } else if spec.isContainer {
            checkChildren(spec, node: node, children: [])
            if isRowContainer { refineRowsBinding(spec, args: args, fields: [:], order: [], hasChildren: false) }
        }
        return CheckedPart(part: name, properties: properties, children: children, span: values.nameSpan(node))
    }

    /// A table's `rows: $x` binding gets the row record type inferred from its cell's
    /// `$item.field` uses (or the default cell's four text fields).
    mutating func refineRowsBinding(_ spec: PartSpec, args: CheckedArguments, fields: [String: [BindingUse]], order: [String],
                                   hasChildren: Bool) {
        guard let rowsParameter = spec.parameters.first(where: { $0.required && $0.type.elementType != nil }),
              case .binding(let path, _)? = args.value(rowsParameter.name), path.count == 1 else { return }
        var recordFields: [RecordField] = []
        if order.isEmpty {
            // Only a row container with no children at all uses the default cell. A `cell` that
            // reads no `$item` field, or children that are not a `cell` (E403/E404, already
            // reported), say nothing about the rows: their type stays open.
            guard !spec.defaultRowFields.isEmpty, !hasChildren else { return }
            recordFields = spec.defaultRowFields.map { RecordField($0, .string) }
        }
        for field in order {
            let uses = fields[field] ?? []
            var type = uses.first?.type ?? .string
            for use in uses.dropFirst() {
                guard let unified = ValueChecker.unify(type, use.type) else {
                    report(.e802, "row field `$item.\(field)` is used as \(type) and as \(use.type)", at: use.span,
                           notes: uses.map { DiagnosticNote("used as \($0.type) here", at: $0.span) })
                    break
                }
                type = unified
            }
            recordFields.append(RecordField(field, type))
        }
        // Replace the placeholder use of the rows binding with the refined list type.
        let refined = ValueType.list(.record(recordFields))
        if var uses = values.scope?.uses[path[0]], let index = uses.lastIndex(where: { $0.type == rowsParameter.type }) {
            uses[index].type = refined
            values.scope?.uses[path[0]] = uses
        }
    }

    mutating func reportMissing(_ missing: [Parameter], of node: NodeID, description: String) {
        guard !missing.isEmpty else { return }
        let insert = missing.map { p in
            "\(p.positional ? "" : p.name + ": ")\(Self.placeholder(for: p.type))"
        }.joined(separator: ", ")
        report(.e804, "\(description) is missing required \(missing.count == 1 ? "argument" : "arguments") "
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

    mutating func checkCrossRules(_ spec: PartSpec, args: CheckedArguments, node: NodeID) {
        for rule in spec.rules {
            switch rule {
            case .requiredWhenPresent(let required, let trigger):
                if args.has(trigger) && !args.has(required) {
                    report(.e804, "`\(spec.name)` has `\(trigger):` but no `\(required):`", at: values.nameSpan(node),
                           notes: [.help("add `\(required): …` to handle it")])
                }
            case .lessThan(let lower, let upper):
                if let a = args.value(lower)?.number, let b = args.value(upper)?.number, !(a < b), let at = args.node(lower) {
                    report(.e805, "`\(lower)` (\(CatalogValue.format(a))) must be less than `\(upper)` (\(CatalogValue.format(b)))", at: tree.span(at))
                }
            case .sameCount(let first, let second):
                if case .list(let a)? = args.value(first), case .list(let b)? = args.value(second), a.count != b.count,
                   let at = args.node(second) {
                    report(.e806, "`\(second)` has \(b.count) entries but `\(first)` has \(a.count)", at: tree.span(at),
                           notes: [.help("give one \(second == "colors" ? "color" : "entry") per entry of `\(first)`")])
                }
            case .warnWhenAbsent(let parameter):
                if !args.has(parameter) && !args.missing.contains(where: { $0.name == parameter }) && args.node(parameter) == nil {
                    let given = tree.arguments(node).contains { tree.label($0) == parameter }
                    if !given {
                        report(.w105, "`\(spec.name)` has no `\(parameter):`, so tapping it does nothing", at: values.nameSpan(node),
                               notes: [.help("add `\(parameter): methodName`")])
                    }
                }
            }
        }
    }

    /// Child count and kind rules (E403, E404, E406, W103).
    mutating func checkChildren(_ spec: PartSpec, node: NodeID, children: [CheckedPart]) {
        if tree.containsSyntaxError(node) { return } // counts are meaningless in a broken block
        let items = tree.block(node).map { Array(tree.children($0)) } ?? []
        let childNodes = items.filter { tree.kind($0) == .node }
        let isEmpty = items.isEmpty
        func childNode(_ index: Int) -> NodeID { childNodes[safe: index] ?? node }
        switch spec.children {
        case .leaf, .modelFields:
            break
        case .anyParts(let minimum, let warnIfEmpty):
            if childNodes.isEmpty {
                // A block whose only items were rejected (a misplaced `state`, a property) was
                // reported for those; it is not also empty.
                if isEmpty && warnIfEmpty {
                    report(.w103, "`\(spec.name)` has no parts", at: values.nameSpan(node))
                } else if isEmpty && minimum > 0 {
                    report(.e404, "`\(spec.name)` needs at least \(minimum) parts, found 0", at: values.nameSpan(node))
                }
            } else if children.count < minimum && childNodes.count < minimum {
                report(.e404, "`\(spec.name)` needs at least \(minimum) parts, found \(children.count)", at: values.nameSpan(node))
            }
        case .exactlyParts(let count):
            if childNodes.count != count {
                report(.e404, "`\(spec.name)` needs exactly \(count) parts, found \(childNodes.count)", at: values.nameSpan(node),
                       label: spec.childRoles.isEmpty ? nil : spec.childRoles.joined(separator: ", "))
            }
        case .onlyKinds(let kinds, let minimum):
            for (index, child) in childNodes.enumerated() {
                let childName = tree.name(child)
                if !kinds.contains(childName) && Catalog.part(named: childName) != nil {
                    report(.e403, "`\(spec.name)` takes only \(Self.list(kinds.map { "`\($0)`" })) children, found `\(childName)`",
                           at: values.nameSpan(childNode(index)))
                }
            }
            if childNodes.isEmpty && isEmpty && minimum > 0 {
                report(.w103, "`\(spec.name)` has no parts", at: values.nameSpan(node))
            }
        case .cellTemplate(let required):
            var cells: [NodeID] = []
            for child in childNodes {
                if tree.name(child) == "cell" { cells.append(child) } else if Catalog.part(named: tree.name(child)) != nil {
                    report(.e403, "`\(spec.name)` takes one `cell { … }` template, found `\(tree.name(child))`", at: values.nameSpan(child))
                }
            }
            if required && cells.isEmpty {
                report(.e404, "`\(spec.name)` needs exactly one `cell { … }`", at: values.nameSpan(node))
            }
            for extra in cells.dropFirst() {
                report(required ? .e404 : .e406, "`\(spec.name)` takes one `cell`; this is another", at: values.nameSpan(extra))
            }
        }
        for limit in spec.childLimits {
            let matching = childNodes.filter { tree.name($0) == limit.kind }
            for extra in matching.dropFirst(limit.maximum) {
                report(.e406, "`\(spec.name)` takes at most \(limit.maximum) `\(limit.kind)`", at: values.nameSpan(extra),
                       notes: [DiagnosticNote("the allowed one is here", at: values.nameSpan(matching[0]))])
            }
            if case .leaf = spec.children {} else if case .anyParts = spec.children {} else { continue }
        }
    }

    // MARK: Model and bindings

    mutating func checkModel(_ modelNode: NodeID?, states: [CheckedState], declaredStates: [String: NodeID],
                             cardName: String) -> ([ModelField], String) {
        var fields: [ModelField] = []
        var defaults: [String: (type: ValueType, value: Value, node: NodeID, nameSpan: SourceSpan)] = [:]
        var defaultOrder: [String] = []
        var initialState = states.first?.name ?? "none"
        if let modelNode {
            if tree.hasParentheses(modelNode) { report(.e310, "`model` takes no arguments", at: values.nameSpan(modelNode)) }
            for item in tree.block(modelNode).map({ Array(tree.children($0)) }) ?? [] {
                guard tree.kind(item) == .property else {
                    if tree.kind(item) == .node || tree.kind(item).isDeclaration {
                        report(.e405, "a `model` block holds only `field: value` entries", at: tree.span(token: tree.firstToken(item)))
                    }
                    continue
                }
                let fieldName = tree.name(item)
                if let earlier = defaults[fieldName] {
                    report(.e203, "duplicate model field `\(fieldName)`", at: values.nameSpan(item),
                           notes: [DiagnosticNote("first declared here", at: earlier.nameSpan)])
                    continue
                }
                guard let valueNode = tree.value(item) else { continue }
                if fieldName == Catalog.stateFieldName {
                    guard tree.kind(valueNode) == .enumCase else {
                        if tree.kind(valueNode) != .missing { values.mismatch(valueNode, expected: .cardState) }
                        continue
                    }
                    let stateName = tree.enumCaseName(valueNode)
                    let valid = declaredStates[stateName] != nil || (declaredStates.isEmpty && stateName == "none")
                    if !valid {
                        let hint = values.suggestion(NameSuggester.suggestion(for: stateName, among: declaredStates.keys).map { "." + $0 },
                                                     replacing: tree.span(valueNode))
                        report(.e602, "card `\(cardName)` has no state `\(stateName)`", at: tree.span(valueNode),
                               label: declaredStates.isEmpty ? "this card declares no states"
                                   : "declared: " + states.map { "`\($0.name)`" }.joined(separator: ", "),
                               notes: hint.notes, fixIts: hint.fixIts)
                    } else {
                        initialState = stateName
                    }
                    defaults[fieldName] = (.cardState, .enumCase(stateName, arguments: []), valueNode, values.nameSpan(item))
                    defaultOrder.append(fieldName)
                    continue
                }
                guard let (type, value) = values.inferLiteral(valueNode) else { continue }
                defaults[fieldName] = (type, value, valueNode, values.nameSpan(item))
                defaultOrder.append(fieldName)
            }
        }
        let scope = values.scope ?? BindingScope()
        var usedTypes: [String: (type: ValueType, twoWay: Bool, span: SourceSpan)] = [:]
        var conflicting = Set<String>()
        for name in scope.order {
            guard let uses = scope.uses[name], let first = uses.first else { continue }
            var type = first.type
            var conflict = false
            for use in uses.dropFirst() {
                if let unified = ValueChecker.unify(type, use.type) { type = unified; continue }
                report(.e802, "binding `$\(name)` is used as \(type) and as \(use.type)", at: use.span,
                       notes: uses.map { DiagnosticNote("used as \($0.type) here", at: $0.span) })
                conflict = true
                break
            }
            if conflict { conflicting.insert(name); continue }
            if name == Catalog.stateFieldName {
                report(.e801, "`$state` is the card's state, not a value to bind", at: first.span)
                continue
            }
            usedTypes[name] = (type, uses.contains { $0.twoWay }, first.span)
        }
        for name in defaultOrder {
            guard let d = defaults[name] else { continue }
            if name == Catalog.stateFieldName {
                fields.append(ModelField(name: name, type: .cardState, defaultValue: d.value, isTwoWay: false, span: d.nameSpan))
                continue
            }
            guard let used = usedTypes[name] else {
                if conflicting.contains(name) { // used, inconsistently: E802 says so, not W101/E803
                    fields.append(ModelField(name: name, type: d.type, defaultValue: d.value, isTwoWay: false, span: d.nameSpan))
                    continue
                }
                report(.w101, "model field `\(name)` is never used", at: d.nameSpan,
                       notes: [.help("bind it with `$\(name)`, or remove it")])
                fields.append(ModelField(name: name, type: d.type, defaultValue: d.value, isTwoWay: false, span: d.nameSpan))
                continue
            }
            if !ValueChecker.assignable(d.type, to: used.type) {
                let uses = scope.uses[name] ?? []
                report(.e803, "model default for `\(name)` is \(d.type), but `$\(name)` is used as \(used.type)", at: tree.span(d.node),
                       notes: uses.map { DiagnosticNote("used as \($0.type) here", at: $0.span) })
            }
            let type = Self.fieldType(used: used.type, default: d.type)
            fields.append(ModelField(name: name, type: type, defaultValue: d.value, isTwoWay: used.twoWay, span: d.nameSpan))
        }
        for name in scope.order where defaults[name] == nil {
            guard let used = usedTypes[name] else { continue }
            fields.append(ModelField(name: name, type: used.type, defaultValue: nil, isTwoWay: used.twoWay, span: used.span))
        }
        return (fields, initialState)
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

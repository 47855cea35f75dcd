import CardDiagnostics
import CardModel
import CardSyntax

/// One completion proposal.
public struct CompletionItem: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case keyword, part, structuralNode, trait, stackKind, argumentLabel, property
        case enumCase, color, card, theme, binding, state, action, constructor, value
    }

    public var label: String
    public var kind: Kind
    /// A one-line signature or type.
    public var detail: String?
    /// The catalog's documentation.
    public var documentation: String?
    /// The text to insert, plain.
    public var insertText: String
    /// The same with tab stops (`${1:text}`), when it has any.
    public var snippet: String?
    /// The bytes the insertion replaces (the name typed so far).
    public var replacing: Range<Int>
}

/// The characters after which an editor should ask for completion unprompted.
public let completionTriggerCharacters = [".", "$", "(", ",", ":"]

extension Snapshot {
    /// The completions at `offset` of the document, best first: the catalog's vocabulary
    /// where the grammar allows it (parts with their required arguments, traits, stack kinds,
    /// argument labels not yet written, the cases of the parameter's enumeration, named
    /// colors) and the deck's names (cards, themes, the card's bindings and states).
    public func completions(at offset: Int) -> [CompletionItem] {
        let context = CursorContext(snapshot: self, offset: offset)
        var builder = CompletionBuilder(snapshot: self, context: context, offset: offset)
        builder.build()
        return builder.items
    }
}

struct CompletionBuilder {
    let snapshot: Snapshot
    let context: CursorContext
    let offset: Int
    private(set) var items: [CompletionItem] = []
    private var labels = Set<String>()
    /// The card around the cursor, built when first needed.
    private var card: CardView??

    init(snapshot: Snapshot, context: CursorContext, offset: Int) {
        self.snapshot = snapshot
        self.context = context
        self.offset = offset
    }

    private var prefix: String { context.prefix }

    mutating func add(_ label: String, _ kind: CompletionItem.Kind, detail: String? = nil, doc: String? = nil,
                      insert: String? = nil, snippet: String? = nil) {
        // A `$` or `.` typed so far admits only names that start with it.
        if prefix.hasPrefix("$") && !label.hasPrefix("$") { return }
        if prefix.hasPrefix(".") && !label.hasPrefix(".") { return }
        guard labels.insert(label).inserted else { return }
        let insertText = insert ?? label
        items.append(CompletionItem(label: label, kind: kind, detail: detail, documentation: doc?.isEmpty == true ? nil : doc,
                                    insertText: insertText, snippet: snippet == insertText ? nil : snippet, replacing: context.replacing))
    }

    mutating func currentCard() -> CardView? {
        if let card { return card }
        let found = snapshot.card(at: offset)?.card
        card = .some(found)
        return found
    }

    mutating func build() {
        switch context.site {
        case .none:
            return
        case .topLevel:
            addKeyword("card", snippet: "card ${1:Name} {\n\t$0\n}")
            addKeyword("stack", snippet: "stack ${1:Name}: ${2:list} {\n\t$0\n}")
            addKeyword("theme", snippet: "theme ${1:Name}: ${2:\(Catalog.defaultThemeName)} {\n\t$0\n}")
            addKeyword("import", snippet: "import \"${1:file.cards}\"")
        case .conformance(let declaration):
            switch declaration {
            case .card: for trait in Catalog.traits { addTrait(trait) }
            case .stack: for kind in Catalog.stackKinds { addStackKind(kind) }
            case .theme: addThemes()
            case .state: break
            }
        case .blockItem(let block):
            addBlockItems(block)
        case .argument(let call):
            addArguments(call)
        case .argumentValue(let call, let label, let inList):
            guard let (type, parameter) = parameter(of: call, label: label) else { return }
            addValues(for: inList ? (type.elementType ?? type) : type, bindable: parameter?.bindable ?? type.isBindable)
        case .stateName:
            // The built-in states the card does not declare yet.
            let declared = Set(currentCard()?.states.filter { $0.span != nil }.map(\.name) ?? [])
            for state in Catalog.builtInStates where state.name != Catalog.defaultStateName && !declared.contains(state.name) {
                add(state.name, .state, detail: "built-in state \(state.swiftCase)", doc: state.doc, insert: state.name,
                    snippet: state.name + " {\n\t$0\n}")
            }
        case .propertyValue(let block, let label, let inList):
            guard let (type, parameter) = property(label, in: block) else { return }
            addValues(for: inList ? (type.elementType ?? type) : type, bindable: parameter?.bindable ?? false)
        }
    }

    // MARK: Vocabulary

    mutating func addKeyword(_ keyword: String, snippet: String) {
        add(keyword, .keyword, insert: keyword, snippet: snippet)
    }

    mutating func addPart(_ spec: PartSpec) {
        let required = spec.parameters.filter(\.required)
        var snippet = spec.name
        var stop = 1
        if !required.isEmpty {
            snippet += "(" + required.map { Self.argumentSnippet($0, stop: &stop) }.joined(separator: ", ") + ")"
        }
        if spec.isContainer || spec.children == .modelFields {
            snippet += " {\n\t$0\n}"
        }
        add(spec.name, spec.category == .structural ? .structuralNode : .part, detail: spec.signature, doc: spec.doc,
            insert: spec.name, snippet: snippet)
    }

    mutating func addTrait(_ trait: TraitSpec) {
        let required = trait.parameters.filter(\.required)
        var stop = 1
        let snippet = required.isEmpty ? trait.name
            : trait.name + "(" + required.map { Self.argumentSnippet($0, stop: &stop) }.joined(separator: ", ") + ")"
        add(trait.name, .trait, detail: trait.signature, doc: trait.doc, insert: trait.name, snippet: snippet)
    }

    mutating func addStackKind(_ kind: StackKindSpec) {
        let required = kind.arguments.filter(\.required)
        var stop = 1
        let snippet = required.isEmpty ? kind.name
            : kind.name + "(" + required.map { Self.argumentSnippet($0, stop: &stop) }.joined(separator: ", ") + ")"
        add(kind.name, .stackKind, detail: "\(kind.seedSystem) \(kind.seedClass)", doc: kind.doc, insert: kind.name, snippet: snippet)
    }

    mutating func addThemes() {
        for theme in Catalog.builtInThemes { add(theme.name, .theme, detail: "built-in theme (\(theme.cardPartsClass))") }
        for theme in snapshot.deck.map({ Array($0.themes) }) ?? [] where !theme.isBuiltIn {
            add(theme.name, .theme, detail: theme.parent.map { "theme \(theme.name): \($0)" } ?? "theme")
        }
    }

    mutating func addCards() {
        for name in snapshot.deck?.cards.names ?? [] { add(name, .card, detail: "card") }
    }

    /// `label: placeholder` (or the placeholder alone for a positional parameter), with tab
    /// stops numbered from `stop`.
    static func argumentSnippet(_ parameter: Parameter, stop: inout Int) -> String {
        let value = placeholder(parameter.type, name: parameter.name, bindingRequired: parameter.bindingRequired, stop: stop)
        stop += 1
        return parameter.positional ? value : parameter.name + ": " + value
    }

    static func placeholder(_ type: ValueType, name: String, bindingRequired: Bool, stop: Int) -> String {
        if bindingRequired { return "\\$${\(stop):\(name)}" }
        switch type {
        case .string: return "\"${\(stop):\(name)}\""
        case .enumeration(let enumType): return ".${\(stop):\(enumType.caseNames.first ?? name)}"
        case .list: return "[${\(stop)}]"
        default: return "${\(stop):\(name)}"
        }
    }

    // MARK: Blocks

    mutating func addBlockItems(_ block: CursorContext.Block) {
        switch block {
        case .declaration(.card):
            addParts(in: nil, cardLevel: true, inState: false)
            for property in Catalog.cardProperties { addProperty(property.parameter) }
            add("state", .keyword, detail: "a state of the card", insert: "state", snippet: "state ${1:name} {\n\t$0\n}")
        case .declaration(.state):
            addParts(in: nil, cardLevel: true, inState: true)
            for property in Catalog.cardProperties where property.allowedInState { addProperty(property.parameter) }
        case .declaration(.stack(_, let kind)):
            addCards()
            if let spec = kind.flatMap(Catalog.stackKind(named:)) {
                for property in spec.bodyProperties { addProperty(property) }
            }
        case .declaration(.theme):
            for property in Catalog.themeProperties {
                add(property.name + ":", .property, detail: property.type.description, doc: property.doc, insert: property.name + ": ")
            }
        case .node(let name):
            guard let spec = Catalog.part(named: name) else { return }
            switch spec.children {
            case .anyParts:
                addParts(in: name, cardLevel: false, inState: false)
            case .onlyKinds(let kinds, _):
                for kind in kinds { if let child = Catalog.part(named: kind) { addPart(child) } }
            case .cellTemplate:
                addStructural(inside: name)
            case .exactlyParts:
                addParts(in: name, cardLevel: false, inState: false)
            case .leaf, .modelFields:
                break
            }
        }
    }

    mutating func addParts(in container: String?, cardLevel: Bool, inState: Bool) {
        for spec in Catalog.parts where spec.placement == .partContext { addPart(spec) }
        for spec in Catalog.structuralNodes {
            switch spec.placement {
            case .cardLevel(let allowedInState) where cardLevel && (!inState || allowedInState): addPart(spec)
            default: break
            }
        }
        if let container { addStructural(inside: container) }
    }

    mutating func addStructural(inside container: String) {
        for spec in Catalog.structuralNodes {
            if case .directlyInside(let parents) = spec.placement, parents.contains(container) { addPart(spec) }
        }
    }

    mutating func addProperty(_ parameter: Parameter) {
        add(parameter.name + ":", .property, detail: parameter.type.description, doc: parameter.doc, insert: parameter.name + ": ")
    }

    // MARK: Arguments

    /// The parameters of the call's callee, as the grammar reads them.
    func parameters(of call: CursorContext.Call) -> [[Parameter]] { call.role.overloads(ofCallNamed: call.name) }

    mutating func addArguments(_ call: CursorContext.Call) {
        let overloads = parameters(of: call)
        // The first argument may be a positional value.
        if call.argumentIndex == 0 {
            for parameters in overloads {
                if let first = parameters.first, first.acceptsPositional {
                    addValues(for: first.type, bindable: first.bindable)
                }
            }
        }
        for parameters in overloads {
            for parameter in parameters where !parameter.positional && !call.givenLabels.contains(parameter.name) {
                add(parameter.name + ":", .argumentLabel, detail: parameter.signature, doc: parameter.doc, insert: parameter.name + ": ")
            }
        }
    }

    /// The type and parameter of `label` (or of the positional argument) in a call.
    func parameter(of call: CursorContext.Call, label: String?) -> (ValueType, Parameter?)? {
        for parameters in parameters(of: call) {
            if let label, let parameter = parameters.first(where: { $0.name == label }) { return (parameter.type, parameter) }
            if label == nil {
                if parameters.takesUnlabelledValue(at: call.argumentIndex) {
                    return (parameters[call.argumentIndex].type, parameters[call.argumentIndex])
                }
            }
        }
        return nil
    }

    /// The type and parameter of property `label` in a block.
    func property(_ label: String, in block: CursorContext.Block) -> (ValueType, Parameter?)? {
        switch block {
        case .declaration(.card), .declaration(.state):
            return Catalog.cardProperty(named: label).map { ($0.parameter.type, $0.parameter) }
        case .declaration(.stack(_, let kind)):
            guard let parameter = kind.flatMap(Catalog.stackKind(named:))?.bodyProperty(named: label) else { return nil }
            return (parameter.type, parameter)
        case .declaration(.theme):
            return Catalog.themeProperty(named: label).map { ($0.type, nil) }
        case .node(let name):
            if name == "model" && label == Catalog.stateFieldName { return (.cardState, nil) }
            return nil
        }
    }

    // MARK: Values

    mutating func addValues(for type: ValueType, bindable: Bool) {
        switch type {
        case .enumeration(let enumType):
            for enumCase in enumType.cases {
                var stop = 1
                let snippet = enumCase.arguments.isEmpty ? nil
                    : ".\(enumCase.name)(" + enumCase.arguments.map { argument -> String in
                        defer { stop += 1 }
                        return "\(argument.label): ${\(stop):\(argument.label)}"
                    }.joined(separator: ", ") + ")"
                add("." + enumCase.name, .enumCase, detail: enumType.name, insert: "." + enumCase.name, snippet: snippet)
            }
        case .color:
            for color in Catalog.namedColors { add("." + color.name, .color, detail: color.hex, doc: color.swiftName) }
        case .cardState:
            for state in currentCard().map({ Array($0.states) }) ?? [] where !(state.isBuiltIn && state.name == Catalog.defaultStateName) {
                add("." + state.name, .state, detail: state.isBuiltIn ? "built-in state" : "custom state",
                    doc: Catalog.builtInState(named: state.name)?.doc)
            }
        case .action:
            for action in Catalog.builtInActions {
                var stop = 1
                let snippet = action.parameters.isEmpty ? nil
                    : action.name + "(" + action.parameters.map { Self.argumentSnippet($0, stop: &stop) }.joined(separator: ", ") + ")"
                add(action.name, .action, detail: "built-in action", doc: action.doc, insert: action.name, snippet: snippet)
            }
            for method in currentCard()?.actions ?? [] { add(method, .action, detail: "controller method") }
        case .cardRef:
            addCards()
        case .themeRef:
            addThemes()
        case .bool:
            add("true", .value, detail: "Bool")
            add("false", .value, detail: "Bool")
        case .size, .insets, .font:
            for constructor in Catalog.valueConstructors where constructor.result == type {
                for overload in constructor.overloads.prefix(1) {
                    var stop = 1
                    let snippet = constructor.name + "(" + overload.map { Self.argumentSnippet($0, stop: &stop) }.joined(separator: ", ") + ")"
                    add(constructor.name, .constructor, detail: type.description, doc: constructor.doc, insert: constructor.name, snippet: snippet)
                }
            }
        default:
            break
        }
        if bindable { addBindings(preferring: type) }
    }

    /// The card's bindings (`$spent`), and inside a row template the row's fields
    /// (`$item.amount`); those whose type fits first.
    mutating func addBindings(preferring type: ValueType) {
        guard let card = currentCard() else { return }
        var fitting: [(String, String)] = [], others: [(String, String)] = []
        if let rows = context.rowsField, let field = card.field(named: rows) {
            for (label, fieldType) in Self.rowFields(of: field) {
                let name = "$\(Catalog.rowBindingName).\(label)"
                (type.accepts(fieldType) ? { fitting.append((name, fieldType.description)) } : { others.append((name, fieldType.description)) })()
            }
        }
        if !prefix.hasPrefix("$\(Catalog.rowBindingName).") {
            for field in card.model where field.name != Catalog.stateFieldName {
                let name = "$" + field.name
                (type.accepts(field.type) ? { fitting.append((name, field.type.description)) } : { others.append((name, field.type.description)) })()
            }
        }
        for (name, detail) in fitting + others { add(name, .binding, detail: detail, insert: name) }
    }

    /// The labels and types of a rows field's records: from its inferred type, else from its
    /// default's first row.
    static func rowFields(of field: FieldView) -> [(String, ValueType)] {
        if case .list(.record(let fields)) = field.type { return fields.map { ($0.label, $0.type) } }
        if case .list(let rows)? = field.defaultValue, case .record(let arguments)? = rows.first {
            return arguments.compactMap { argument in argument.label.map { ($0, Self.type(of: argument.value)) } }
        }
        return []
    }

    static func type(of value: Value) -> ValueType {
        switch value {
        case .string: .string
        case .int: .int
        case .double: .double
        case .bool: .bool
        case .color: .color
        case .list(let values): .list(values.first.map(type(of:)) ?? .string)
        default: .openRecord
        }
    }
}

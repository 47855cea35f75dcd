import CardModel
import CardSyntax

/// What a named node of the tree stands for, read from where it sits: the catalog entry a part,
/// trait, stack kind or argument label names, or the deck's declaration a name refers to.
/// Hover, signature help and semantic tokens share it.
enum NodeMeaning {
    case card(String, declaration: Bool)
    case stack(String)
    case theme(String, declaration: Bool)
    case state(String)
    case part(PartSpec)
    case trait(TraitSpec)
    case stackKind(StackKindSpec)
    case parameter(Parameter, owner: String)
    case cardProperty(CardPropertySpec)
    case themeProperty(ThemePropertySpec)
    case modelField(String)
    case binding
    case enumCase(String, EnumType?)
    case namedColor(NamedColor)
    case builtInAction(BuiltInActionSpec)
    case constructor(ValueConstructorSpec)
    case actionMethod(String)
    case importPath
    case unknown
}

/// Resolves nodes of one tree to their meanings.
struct NodeResolver {
    let tree: SyntaxTree

    /// The meaning of `path.last` (a path from the root, as `SyntaxQuery.path(at:)` gives).
    func meaning(of path: [NodeID]) -> NodeMeaning {
        guard let node = path.last else { return .unknown }
        let parent = path.count >= 2 ? path[path.count - 2] : nil
        let name = tree.name(node)
        switch tree.kind(node) {
        case .cardDecl: return .card(name, declaration: true)
        case .stackDecl: return .stack(name)
        case .themeDecl: return .theme(name, declaration: true)
        case .stateDecl: return .state(name)
        case .importDecl: return .importPath
        case .call:
            guard let parent else { return .unknown }
            if tree.kind(parent) == .conformanceList, path.count >= 3 {
                switch tree.kind(path[path.count - 3]) {
                case .cardDecl: return Catalog.trait(named: name).map(NodeMeaning.trait) ?? .unknown
                case .stackDecl: return Catalog.stackKind(named: name).map(NodeMeaning.stackKind) ?? .unknown
                case .themeDecl: return .theme(name, declaration: false)
                default: return .unknown
                }
            }
            if let action = Catalog.builtInAction(named: name) { return .builtInAction(action) }
            if let constructor = Catalog.valueConstructor(named: name) { return .constructor(constructor) }
            return .unknown
        case .node:
            if path.count >= 3, tree.kind(path[path.count - 3]) == .stackDecl { return .card(name, declaration: false) }
            return Catalog.part(named: name).map(NodeMeaning.part) ?? .unknown
        case .argument:
            return parameter(labelled: name, in: Array(path.dropLast())).map { .parameter($0.0, owner: $0.1) } ?? .unknown
        case .property:
            return property(labelled: name, in: Array(path.dropLast()))
        case .binding:
            return .binding
        case .enumCase:
            let caseName = tree.enumCaseName(node)
            let type = expectedType(of: path)
            if type == .color, let color = Catalog.namedColor(caseName) { return .namedColor(color) }
            if type == .cardState { return .state(caseName) }
            return .enumCase(caseName, type?.enumType)
        case .reference:
            switch expectedType(of: path) {
            case .themeRef?: return .theme(name, declaration: false)
            case .cardRef?: return .card(name, declaration: false)
            case .action?:
                if let action = Catalog.builtInAction(named: name) { return .builtInAction(action) }
                return .actionMethod(name)
            default: return .unknown
            }
        default:
            return .unknown
        }
    }

    /// The parameter labelled `label` of the call or node ending `ownerPath`, and its owner's name.
    func parameter(labelled label: String, in ownerPath: [NodeID]) -> (Parameter, String)? {
        guard let owner = ownerPath.last else { return nil }
        let parameters = self.parameters(ofCallAt: ownerPath)
        return parameters.first { $0.name == label }.map { ($0, tree.name(owner)) }
    }

    /// Every parameter list the call or node at the end of `path` may take (constructors have
    /// several), flattened.
    func parameters(ofCallAt path: [NodeID]) -> [Parameter] {
        overloads(ofCallAt: path).flatMap { $0 }
    }

    func overloads(ofCallAt path: [NodeID]) -> [[Parameter]] {
        guard let owner = path.last, let role = callRole(at: path) else { return [] }
        return role.overloads(ofCallNamed: tree.name(owner))
    }

    /// The role of the call or node at the end of `path` (as completion names the call around
    /// the cursor); nil for what takes no arguments, such as a card listed in a stack's body.
    func callRole(at path: [NodeID]) -> CursorContext.CallRole? {
        guard let owner = path.last else { return nil }
        switch tree.kind(owner) {
        case .node:
            if path.count >= 3, tree.kind(path[path.count - 3]) == .stackDecl { return nil }
            return .part
        case .call:
            guard path.count >= 3, tree.kind(path[path.count - 2]) == .conformanceList else { return .value(enumCase: false) }
            switch tree.kind(path[path.count - 3]) {
            case .cardDecl: return .trait
            case .stackDecl: return .stackKind
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The meaning of a `label: value` property in the block ending `blockPath`.
    func property(labelled label: String, in blockPath: [NodeID]) -> NodeMeaning {
        guard blockPath.count >= 2 else { return .unknown }
        let owner = blockPath[blockPath.count - 2]
        switch tree.kind(owner) {
        case .cardDecl, .stateDecl:
            return Catalog.cardProperty(named: label).map(NodeMeaning.cardProperty) ?? .unknown
        case .stackDecl:
            guard let kind = stackKind(of: owner), let parameter = kind.bodyProperty(named: label) else { return .unknown }
            return .parameter(parameter, owner: kind.name)
        case .themeDecl:
            return Catalog.themeProperty(named: label).map(NodeMeaning.themeProperty) ?? .unknown
        case .node where tree.name(owner) == "model":
            return .modelField(label)
        default:
            return .unknown
        }
    }

    /// The kind a stack declaration names.
    func stackKind(of stack: NodeID) -> StackKindSpec? {
        tree.conformances(stack).first.flatMap { Catalog.stackKind(named: tree.name($0)) }
    }

    /// The type a value node at the end of `path` is expected to have, from the parameter or
    /// property it is the value of (the element type inside a list).
    func expectedType(of path: [NodeID]) -> ValueType? {
        guard path.count >= 2 else { return nil }
        var index = path.count - 1
        var inList = 0
        // Climb out of lists.
        while index >= 1, tree.kind(path[index - 1]) == .list {
            inList += 1
            index -= 1
        }
        guard index >= 1 else { return nil }
        let value = path[index]
        let parent = path[index - 1]
        var type: ValueType?
        switch tree.kind(parent) {
        case .argument:
            let label = tree.name(parent)
            type = parameter(labelled: label, in: Array(path[..<(index - 1)]))?.0.type
        case .property:
            switch property(labelled: tree.name(parent), in: Array(path[..<(index - 1)])) {
            case .cardProperty(let spec): type = spec.parameter.type
            case .parameter(let parameter, _): type = parameter.type
            case .themeProperty(let spec): type = spec.type
            case .modelField(let field): type = field == Catalog.stateFieldName ? .cardState : nil
            default: type = nil
            }
        case .node, .call:
            // A bare argument: the positional parameter at its place.
            let arguments = tree.arguments(parent)
            guard let position = arguments.firstIndex(of: value) else { return nil }
            for parameters in overloads(ofCallAt: Array(path[..<index])) where parameters.takesUnlabelledValue(at: position) {
                type = parameters[position].type
                break
            }
        default:
            type = nil
        }
        while inList > 0, let element = type?.elementType {
            type = element
            inList -= 1
        }
        return type
    }
}

import CardDiagnostics
import CardSyntax

/// One use of a binding inside a card, for inference (LANGUAGE.md §8).
struct BindingUse {
    var type: ValueType
    var span: SourceSpan
    var twoWay: Bool
}

/// The binding uses of one card (and of `$item` inside the current cell).
struct BindingScope {
    var uses: [String: [BindingUse]] = [:]
    var order: [String] = []
    /// `$item.field` uses of the innermost cell, when inside one.
    var rowFields: [String: [BindingUse]]?
    var rowOrder: [String] = []

    mutating func record(_ name: String, _ use: BindingUse) {
        if uses[name] == nil { order.append(name) }
        uses[name, default: []].append(use)
    }

    mutating func recordRow(_ field: String, _ use: BindingUse) {
        if rowFields?[field] == nil { rowOrder.append(field) }
        rowFields?[field, default: []].append(use)
    }
}

/// Which diagnostic a range or count violation gets, by where the argument sits.
enum ArgumentOwner {
    case part, trait, stack, theme, constructor

    var rangeCode: DiagnosticCode {
        switch self {
        case .trait: .e503
        case .stack: .e705
        default: .e805
        }
    }
}

/// Result of checking one argument list against catalog parameters.
struct CheckedArguments {
    /// Parameter name → (value, the value's node), in the order written.
    var values: [(name: String, value: Value, node: NodeID)] = []
    /// Required parameters not given.
    var missing: [Parameter] = []
    func value(_ name: String) -> Value? { values.first { $0.name == name }?.value }
    func node(_ name: String) -> NodeID? { values.first { $0.name == name }?.node }
    func has(_ name: String) -> Bool { values.contains { $0.name == name } }
}

/// Types values against the catalog (E801, E311, E805…) and records binding uses. Shared by
/// the card, stack and theme passes; holds the per-file tree and the diagnostics sink.
struct ValueChecker {
    let tree: SyntaxTree
    var diagnostics: [Diagnostic] = []
    /// Known card names of the unit, for `push(…)` and stack references.
    let cardNames: Set<String>
    /// Binding uses of the card being checked; nil outside cards (bindings are then E801).
    var scope: BindingScope?

    init(tree: SyntaxTree, cardNames: Set<String>) {
        self.tree = tree
        self.cardNames = cardNames
    }

    mutating func report(_ code: DiagnosticCode, _ message: String, at node: NodeID, label: String? = nil,
                         notes: [DiagnosticNote] = [], fixIts: [FixIt] = []) {
        diagnostics.append(Diagnostic(code, message, at: tree.span(node), label: label, notes: notes, fixIts: fixIts))
    }

    mutating func report(_ code: DiagnosticCode, _ message: String, at span: SourceSpan, label: String? = nil,
                         notes: [DiagnosticNote] = [], fixIts: [FixIt] = []) {
        diagnostics.append(Diagnostic(code, message, at: span, label: label, notes: notes, fixIts: fixIts))
    }

    /// The span of a node's main token (its name), or the whole node.
    func nameSpan(_ node: NodeID) -> SourceSpan {
        tree.mainToken(node).map { tree.span(token: $0) } ?? tree.span(node)
    }

    /// A did-you-mean help note plus a rename fix-it, when there is a suggestion.
    func suggestion(_ suggested: String?, replacing span: SourceSpan) -> (notes: [DiagnosticNote], fixIts: [FixIt]) {
        guard let suggested else { return ([], []) }
        return ([.help("did you mean `\(suggested)`?")], [FixIt(span, suggested)])
    }

    // MARK: Literal types

    /// How a value node reads in "found X" messages.
    func describe(_ node: NodeID) -> String {
        switch tree.kind(node) {
        case .string: return "String"
        case .number:
            if let t = tree.mainToken(node), tree.tokens.kind(t) == .integer { return "Int" }
            return "Double"
        case .color: return "Color"
        case .boolean: return "Bool"
        case .binding: return "binding `\(tree.name(node))`"
        case .reference: return "`\(tree.name(node))`"
        case .call: return "`\(tree.name(node))(…)`"
        case .enumCase: return "`\(tree.name(node))`"
        case .list: return "a list"
        case .record: return "a record"
        default: return "nothing"
        }
    }

    mutating func mismatch(_ node: NodeID, expected: ValueType) {
        report(.e801, "expected \(expected), found \(describe(node))", at: node)
    }

    /// Infers a literal's type and value with no expected type (model defaults, open records).
    mutating func inferLiteral(_ node: NodeID) -> (ValueType, Value)? {
        switch tree.kind(node) {
        case .string: return (.string, .string(tree.stringValue(node) ?? ""))
        case .number:
            if let i = tree.integerValue(node) { return (.int, .int(i)) }
            if let d = tree.numberValue(node) { return (.double, .double(d)) }
            return nil
        case .boolean: return (.bool, .bool(tree.booleanValue(node) ?? false))
        case .color:
            guard let c = tree.colorValue(node) else { return nil }
            return (.color, .color(c, name: nil))
        case .enumCase:
            let name = tree.enumCaseName(node)
            if let named = Catalog.namedColor(name) {
                return (.color, .color(ColorLiteral(red: named.red, green: named.green, blue: named.blue, alpha: named.alpha), name: name))
            }
            return (.cardState, .enumCase(name, arguments: []))
        case .list:
            var element: ValueType?
            var values: [Value] = []
            for child in tree.children(node) {
                guard let (type, value) = inferLiteral(child) else { continue }
                values.append(value)
                if let current = element {
                    guard let unified = Self.unify(current, type) else {
                        report(.e801, "list mixes \(current) and \(type) elements", at: child)
                        return nil
                    }
                    // A list mixing Int and Double literals is [Double] (§8).
                    element = (current == .int && type == .double) || (current == .double && type == .int) ? .double : unified
                } else {
                    element = type
                }
            }
            return (.list(element ?? .openRecord), .list(values))
        case .record:
            var fields: [RecordField] = []
            var arguments: [Argument] = []
            for child in tree.children(node) {
                let label = tree.label(child)
                guard let valueNode = tree.value(child), let (type, value) = inferLiteral(valueNode) else { continue }
                fields.append(RecordField(label ?? "_\(fields.count)", type))
                arguments.append(Argument(label, value))
            }
            return (.record(fields), .record(arguments))
        case .call:
            let name = tree.name(node)
            if let constructor = Catalog.valueConstructor(named: name), let value = check(node, as: constructor.result, parameter: nil) {
                return (constructor.result, value)
            }
            report(.e801, "cannot infer a model type from `\(name)(…)`", at: node)
            return nil
        case .binding:
            report(.e801, "a model default must be a literal, found \(describe(node))", at: node)
            return nil
        case .reference:
            report(.e801, "a model default must be a literal, found \(describe(node))", at: node,
                   notes: [.help("write text in quotes: \"\(tree.name(node))\"")])
            return nil
        default:
            return nil
        }
    }

    /// The common type of two uses: equal types, Int with Double (Int wins: an Int is accepted
    /// where a Double is expected), lists element-wise, records field-wise.
    static func unify(_ a: ValueType, _ b: ValueType) -> ValueType? {
        if a == b { return a }
        switch (a, b) {
        case (.int, .double), (.double, .int): return .int
        case (.list(let x), .list(let y)): return unify(x, y).map { .list($0) }
        case (.openRecord, .record), (.openRecord, .openRecord): return b
        case (.record, .openRecord): return a
        case (.record(let x), .record(let y)):
            var fields = x
            for field in y {
                if let index = fields.firstIndex(where: { $0.label == field.label }) {
                    guard let merged = unify(fields[index].type, field.type) else { return nil }
                    fields[index] = RecordField(field.label, merged)
                } else {
                    fields.append(field)
                }
            }
            return .record(fields)
        default: return nil
        }
    }

    /// Whether a model default of type `found` can initialise a field used as `used`.
    static func assignable(_ found: ValueType, to used: ValueType) -> Bool {
        if used.accepts(found) { return true }
        switch (used, found) {
        case (.list(let u), .list(let f)):
            return f == .openRecord || assignable(f, to: u) // `[]` fits any list
        case (.record(let u), .record(let f)):
            return u.allSatisfy { field in f.contains { $0.label == field.label && assignable($0.type, to: field.type) } }
        case (.openRecord, .record): return true
        default: return false
        }
    }

    // MARK: Checking against an expected type

    /// Checks a value node against `type`; nil when it does not type-check (already reported)
    /// or is missing. Records binding uses into `scope`.
    mutating func check(_ node: NodeID, as type: ValueType, parameter: Parameter?,
                        owner: ArgumentOwner = .part) -> Value? {
        let kind = tree.kind(node)
        if kind == .missing { return nil }
        if kind == .binding { return checkBinding(node, as: type, parameter: parameter) }
        switch type {
        case .string:
            if kind == .string { return .string(tree.stringValue(node) ?? "") }
            if kind == .reference {
                report(.e801, "expected String, found \(describe(node))", at: node,
                       notes: [.help("write text in quotes")], fixIts: [FixIt(tree.span(node), "\"\(tree.name(node))\"")])
                return nil
            }
        case .int:
            if kind == .number {
                if let i = tree.integerValue(node) { return .int(i) }
                if tree.numberValue(node) != nil { break }
                return nil // malformed, already reported
            }
        case .double:
            if kind == .number { return tree.numberValue(node).map { .double($0) } }
        case .bool:
            if kind == .boolean { return .bool(tree.booleanValue(node) ?? false) }
        case .color:
            if kind == .color { return tree.colorValue(node).map { .color($0, name: nil) } }
            if kind == .enumCase {
                let name = tree.enumCaseName(node)
                if let named = Catalog.namedColor(name) {
                    return .color(ColorLiteral(red: named.red, green: named.green, blue: named.blue, alpha: named.alpha), name: name)
                }
                let hint = suggestion(NameSuggester.suggestion(for: name, among: Catalog.namedColors.map(\.name)).map { "." + $0 },
                                      replacing: tree.span(node))
                report(.e311, "unknown color `.\(name)`", at: node, notes: hint.notes, fixIts: hint.fixIts)
                return nil
            }
        case .cardState:
            if kind == .enumCase { return .enumCase(tree.enumCaseName(node), arguments: []) }
        case .action:
            if let action = checkAction(node) { return .action(action) }
            if kind == .reference || kind == .call { return nil }
        case .cardRef:
            if kind == .reference {
                let name = tree.name(node)
                if !cardNames.contains(name) { reportUnknownCard(name, at: node) ; return nil }
                return .reference(name)
            }
        case .themeRef:
            if kind == .reference { return .reference(tree.name(node)) } // resolved by the caller
        case .size, .insets, .font:
            if kind == .call { return checkConstructor(node, as: type) }
        case .list(let element):
            if kind == .list {
                var values: [Value] = []
                var ok = true
                for child in tree.children(node) {
                    if let v = check(child, as: element, parameter: nil, owner: owner) { values.append(v) } else { ok = false }
                }
                if let minimum = parameter?.minimumCount, values.count < minimum, ok {
                    report(owner.rangeCode, "`\(parameter?.name ?? "")` needs at least \(minimum) entries, found \(values.count)", at: node)
                    return nil
                }
                return ok ? .list(values) : nil
            }
        case .record, .openRecord:
            if kind == .record, let (_, value) = inferLiteral(node) { return value }
        case .enumeration(let enumType):
            if kind == .enumCase { return checkEnumCase(node, enumType) }
        }
        mismatch(node, expected: type)
        return nil
    }

    mutating func reportUnknownCard(_ name: String, at node: NodeID) {
        let hint = suggestion(NameSuggester.suggestion(for: name, among: cardNames), replacing: nameSpan(node))
        report(.e303, "unknown card `\(name)`", at: nameSpan(node), notes: hint.notes, fixIts: hint.fixIts)
    }

    mutating func checkBinding(_ node: NodeID, as type: ValueType, parameter: Parameter?) -> Value? {
        let bindable = parameter?.bindable ?? type.isBindable
        guard bindable else {
            report(.e801, "expected \(type), found \(describe(node)): \(type) values cannot be bound", at: node,
                   notes: [.help("bindings stand for Text, Number, Bool, Color, list or record values; write a literal here")])
            return nil
        }
        guard scope != nil else {
            report(.e801, "bindings are only available inside cards", at: node)
            return nil
        }
        let path = tree.bindingPath(node)
        let use = BindingUse(type: type, span: tree.span(node), twoWay: parameter?.twoWay ?? false)
        let inCell = scope?.rowFields != nil
        if path.count == 2 && path[0] == Catalog.rowBindingName && inCell {
            scope?.recordRow(path[1], use)
        } else if path.count == 1 {
            scope?.record(path[0], use)
        } else {
            report(.e801, inCell ? "a row binding is written `$item.field`"
                                 : "`$\(path.joined(separator: "."))` refers to a row, which exists only inside a `cell`", at: node)
            return nil
        }
        return .binding(path: path, type: type)
    }

    /// `name`, `pop`, `push(Card)`.
    mutating func checkAction(_ node: NodeID) -> Action? {
        switch tree.kind(node) {
        case .reference:
            let name = tree.name(node)
            return name == "pop" ? .pop : .method(name)
        case .call where tree.name(node) == "push":
            let args = tree.arguments(node)
            guard args.count == 1, let target = tree.value(args[0]), tree.kind(target) == .reference, tree.label(args[0]) == nil else {
                report(.e801, "`push` takes one card name: `push(Details)`", at: node)
                return nil
            }
            let name = tree.name(target)
            guard cardNames.contains(name) else { reportUnknownCard(name, at: target); return nil }
            return .push(name)
        case .call:
            report(.e801, "expected Action, found \(describe(node)): an action is a method name, `push(Card)` or `pop`", at: node)
            return nil
        default:
            return nil
        }
    }

    mutating func checkEnumCase(_ node: NodeID, _ enumType: EnumType) -> Value? {
        let name = tree.enumCaseName(node)
        guard let enumCase = enumType.enumCase(named: name) else {
            let hint = suggestion(NameSuggester.suggestion(for: name, among: enumType.caseNames).map { "." + $0 },
                                  replacing: tree.span(node))
            report(.e311, "unknown case `.\(name)` for \(enumType.name); expected \(enumType)", at: tree.span(token: tree.mainToken(node) ?? tree.firstToken(node)),
                   notes: hint.notes, fixIts: hint.fixIts)
            return nil
        }
        var arguments: [Argument] = []
        let given = tree.arguments(node)
        if enumCase.arguments.isEmpty {
            if tree.hasParentheses(node) { report(.e310, "`.\(name)` takes no arguments", at: node) }
            return .enumCase(name, arguments: [])
        }
        var seen = Set<String>()
        var rejected = false
        for arg in given {
            let label = tree.label(arg)
            guard let label, let spec = enumCase.arguments.first(where: { $0.label == label }), let valueNode = tree.value(arg) else {
                let hint = suggestion(label.flatMap { NameSuggester.suggestion(for: $0, among: enumCase.arguments.map(\.label)) },
                                      replacing: nameSpan(arg))
                report(.e310, "`.\(name)` takes \(enumCase.arguments.map { "`\($0.label):`" }.joined(separator: ", "))", at: arg,
                       notes: hint.notes, fixIts: hint.fixIts)
                rejected = true
                continue
            }
            seen.insert(label)
            let parameter = Parameter(label, spec.type, range: spec.range, doc: "")
            if let v = check(valueNode, as: spec.type, parameter: parameter) {
                checkRange(v, parameter: parameter, at: valueNode, owner: .part)
                arguments.append(Argument(label, v))
            }
        }
        let missing = enumCase.arguments.filter { !seen.contains($0.label) }
        if !missing.isEmpty && !rejected { // a rejected argument (E310) is the missing one, mislabeled
            report(.e804, "`.\(name)` needs \(missing.map { "`\($0.label):`" }.joined(separator: ", "))", at: node)
        }
        return .enumCase(name, arguments: arguments)
    }

    /// `size(w, h)`, `insets(all)`, `insets(v, h)`, `insets(top:left:bottom:right:)`,
    /// `font("Name", size)`, `font(.system, size, weight: .bold)`.
    mutating func checkConstructor(_ node: NodeID, as type: ValueType) -> Value? {
        let name = tree.name(node)
        let expectedName: String
        switch type {
        case .size: expectedName = "size"
        case .insets: expectedName = "insets"
        default: expectedName = "font"
        }
        guard name == expectedName else {
            mismatch(node, expected: type)
            return nil
        }
        let args = tree.arguments(node)
        func number(_ arg: NodeID) -> Double? {
            guard let v = tree.value(arg) else { return nil }
            if tree.kind(v) == .binding {
                report(.e801, "`\(name)(…)` takes literal numbers, found \(describe(v))", at: v)
                return nil
            }
            guard tree.kind(v) == .number else { mismatch(v, expected: .double); return nil }
            return tree.numberValue(v)
        }
        let labels = args.map { tree.label($0) }
        switch type {
        case .size:
            guard args.count == 2, labels.allSatisfy({ $0 == nil || $0 == "width" || $0 == "height" }) else {
                report(.e801, "`size` takes two numbers: `size(width, height)`", at: node); return nil
            }
            guard let w = number(args[0]), let h = number(args[1]) else { return nil }
            return .size(width: w, height: h)
        case .insets:
            if labels.allSatisfy({ $0 == nil }) && (args.count == 1 || args.count == 2) {
                let values = args.compactMap(number)
                guard values.count == args.count else { return nil }
                return args.count == 1 ? .insets(top: values[0], left: values[0], bottom: values[0], right: values[0])
                                       : .insets(top: values[0], left: values[1], bottom: values[0], right: values[1])
            }
            if labels == ["top", "left", "bottom", "right"] {
                let values = args.compactMap(number)
                guard values.count == 4 else { return nil }
                return .insets(top: values[0], left: values[1], bottom: values[2], right: values[3])
            }
            report(.e801, "`insets` takes `insets(all)`, `insets(vertical, horizontal)` or `insets(top:left:bottom:right:)`", at: node)
            return nil
        default:
            guard args.count >= 2, labels[0] == nil, labels[1] == nil, let familyNode = tree.value(args[0]) else {
                report(.e801, "`font` takes `font(\"Name\", size)` or `font(.system, size, weight: .bold)`", at: node); return nil
            }
            guard let size = number(args[1]) else { return nil }
            // The catalog's range for the point size (> 0).
            if let sizeParameter = Catalog.valueConstructor(named: "font")?.overloads.lazy.compactMap({ $0.first { $0.name == "size" } }).first,
               let range = sizeParameter.range, !range.contains(size), let sizeNode = tree.value(args[1]) {
                report(.e805, "the font size must be \(range), found \(CatalogValue.format(size))", at: sizeNode)
                return nil
            }
            var weight = FontWeight.regular
            if args.count == 3, labels[2] == "weight", let w = tree.value(args[2]) {
                guard tree.kind(w) == .enumCase, let parsed = FontWeight(rawValue: tree.enumCaseName(w)) else {
                    report(.e311, "unknown font weight \(describe(w)); expected \(FontWeight.allCases.map(\.description).joined(separator: " | "))", at: w)
                    return nil
                }
                weight = parsed
            } else if args.count != 2 {
                report(.e801, "`font` takes `font(\"Name\", size)` or `font(.system, size, weight: .bold)`", at: node); return nil
            }
            if tree.kind(familyNode) == .enumCase && tree.enumCaseName(familyNode) == "system" {
                return .font(FontValue(.system, size: size, weight: weight))
            }
            guard let family = tree.stringValue(familyNode) else {
                mismatch(familyNode, expected: .string); return nil
            }
            return .font(FontValue(.named(family), size: size, weight: weight))
        }
    }

    /// Reports a numeric value outside the parameter's range (E805/E503/E705 by owner).
    mutating func checkRange(_ value: Value, parameter: Parameter, at node: NodeID, owner: ArgumentOwner) {
        guard let range = parameter.range else { return }
        switch value {
        case .int, .double:
            if let number = value.number, !range.contains(number) {
                report(owner.rangeCode, "`\(parameter.name)` must be \(range), found \(CatalogValue.format(number))", at: node)
            }
        case .list(let values):
            for (index, element) in values.enumerated() {
                if let number = element.number, !range.contains(number) {
                    let child = Array(tree.children(node))[safe: index] ?? node
                    report(owner.rangeCode, "`\(parameter.name)` entries must be \(range), found \(CatalogValue.format(number))", at: child)
                }
            }
        default:
            break
        }
    }

    // MARK: Argument lists

    /// Checks the arguments of `owner` (a node, call or conformance) against `parameters`:
    /// E310 for unknown labels and stray positional values, types and ranges. Missing required
    /// parameters are returned for the caller to report with its own code.
    mutating func checkArguments(of owner: NodeID, parameters: [Parameter], ownerDescription: String,
                                 ownerKind: ArgumentOwner) -> CheckedArguments {
        var result = CheckedArguments()
        let args = tree.arguments(owner)
        // A syntax error inside the list already explains what is wrong with it.
        let broken = tree.containsSyntaxError(owner)
        for (index, arg) in args.enumerated() {
            guard let valueNode = tree.value(arg) else { continue }
            let parameter: Parameter
            if let label = tree.label(arg) {
                guard let found = parameters.first(where: { $0.name == label }) else {
                    if broken { continue }
                    let labelSpan = nameSpan(arg)
                    let hint = suggestion(NameSuggester.suggestion(for: label, among: parameters.map(\.name)), replacing: labelSpan)
                    let takes = parameters.isEmpty ? "takes no arguments" : "takes " + parameters.map { $0.positional ? "_ \($0.name)" : "`\($0.name):`" }.joined(separator: ", ")
                    report(.e310, "\(ownerDescription) has no argument `\(label)`", at: labelSpan, label: takes,
                           notes: hint.notes, fixIts: hint.fixIts)
                    continue
                }
                if found.positional && !found.labelOptional {
                    report(.e310, "the first argument of \(ownerDescription) is unlabeled: write it without `\(label):`", at: nameSpan(arg),
                           fixIts: [FixIt(SourceSpan(file: tree.file.id, start: tree.range(arg).lowerBound, end: tree.range(valueNode).lowerBound), "")])
                }
                parameter = found
            } else {
                guard index == 0, let first = parameters.first, first.acceptsPositional else {
                    if broken { continue }
                    var fixIts: [FixIt] = []
                    // The parameter the value was probably meant for: the only one not given
                    // (by label anywhere in the list), else the only such required one.
                    let givenLabels = Set(args.compactMap { tree.label($0) })
                    let unlabeled = parameters.filter { !result.has($0.name) && !givenLabels.contains($0.name) && !$0.acceptsPositional }
                    let required = unlabeled.filter(\.required)
                    let intended = unlabeled.count == 1 ? unlabeled.first : required.count == 1 ? required.first : nil
                    if let intended {
                        fixIts = [FixIt(SourceSpan(file: tree.file.id, start: tree.range(arg).lowerBound, end: tree.range(arg).lowerBound), "\(intended.name): ")]
                    }
                    report(.e310, parameters.isEmpty ? "\(ownerDescription) takes no arguments"
                                                     : "unexpected unlabeled argument to \(ownerDescription)",
                           at: arg, label: parameters.isEmpty ? nil : "expected " + parameters.map { "`\($0.name):`" }.joined(separator: ", "),
                           fixIts: fixIts)
                    // The value is there, only its label is missing: not also E501/E804.
                    if let intended { result.values.append((intended.name, .reference("<error>"), valueNode)) }
                    continue
                }
                parameter = first
            }
            if parameter.bindingRequired && tree.kind(valueNode) != .binding && tree.kind(valueNode) != .missing {
                report(.e801, "`\(parameter.name)` must be a binding so the card can observe it, found \(describe(valueNode))", at: valueNode,
                       notes: [.help("declare a model field and write `$\(parameter.name)`")])
                // Given, though wrong: not also missing (one root cause, one diagnostic).
                result.values.append((parameter.name, .reference("<error>"), valueNode))
                continue
            }
            guard let value = check(valueNode, as: parameter.type, parameter: parameter, owner: ownerKind) else {
                result.values.append((parameter.name, .reference("<error>"), valueNode))
                continue
            }
            checkRange(value, parameter: parameter, at: valueNode, owner: ownerKind)
            result.values.append((parameter.name, value, valueNode))
        }
        result.missing = broken ? [] : parameters.filter { $0.required && !result.has($0.name) }
        // Drop placeholders for values that failed to check: they were reported.
        result.values.removeAll { if case .reference("<error>") = $0.value { return true } else { return false } }
        return result
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

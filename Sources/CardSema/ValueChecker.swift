import CardDiagnostics
import CardModel
import CardSyntax

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

    /// How the owner called `name` reads in messages: "trait `shadow`", "`text`".
    func describe(_ name: String) -> String { self == .trait ? "trait `\(name)`" : "`\(name)`" }
}

/// Result of checking one argument list against catalog parameters: the accepted values in the
/// order written, each with its parameter's index, and what else is known of an argument as a
/// bit per parameter (catalog lists have at most 64).
struct CheckedArguments {
    /// The parameter list checked against. Unowned: every list belongs to a catalog entry, which
    /// lives as long as the program, and the checker switches lists at nearly every call.
    fileprivate(set) unowned(unsafe) var list = ParameterList.empty  // measured: a retained list cost a retain/release pair per argument
    var parameters: [Parameter] { list.parameters }
    /// Bit i: `parameters[i]` was given, accepted or not. A value given but rejected (and
    /// reported) counts as given, so the parameter is not also reported missing.
    fileprivate(set) var given: UInt64 = 0
    /// Bit i: `parameters[i]` has an accepted value.
    fileprivate(set) var accepted: UInt64 = 0
    /// The accepted values in the order written: the parameter's index, the value node, the
    /// value (its index in the unit's current segment).
    fileprivate(set) var values: [(parameter: Int, node: NodeID, value: UInt32)] = []
    /// By parameter index, the value node of its first accepted value (where `accepted` says so).
    fileprivate var nodes = [NodeID](repeating: NodeID(0), count: ParameterList.maximumCount)
    /// How many arguments were noted, and whether each was accepted and the i-th for `parameters[i]`.
    fileprivate var givenCount = 0
    fileprivate var givenInOrder = true
    /// The accepted actions in the order written, with their value nodes (for the card's action list).
    fileprivate(set) var actions: [(Action, NodeID)] = []
    /// Required parameters not given.
    var missing: [Parameter] = []
    /// The owner's block (`tree.block(owner)`), met on the way through its children.
    fileprivate(set) var block: NodeID?

    func index(of name: String) -> Int? { parameters.firstIndex { $0.name == name } }

    /// Notes an argument for `parameters[index]`, with its value when it was accepted.
    fileprivate mutating func note(_ index: Int, accepting value: UInt32?, at node: NodeID) {
        let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: index)
        if index != givenCount || value == nil { givenInOrder = false }
        givenCount += 1
        given |= bit
        guard let value else { return }
        if accepted & bit == 0 { nodes[index] = node }
        accepted |= bit
        values.append((index, node, value))
    }

    /// Whether `parameters[index]` has an accepted value.
    func has(at index: Int?) -> Bool { index.map { accepted & (1 &<< UInt64(truncatingIfNeeded: $0)) != 0 } ?? false }

    /// Whether `parameters[index]` was given, accepted or not.
    func isGiven(_ index: Int) -> Bool { given & (1 &<< UInt64(truncatingIfNeeded: index)) != 0 }

    /// The first accepted value of `parameters[index]`.
    func value(at index: Int?) -> UInt32? {
        guard let index, has(at: index) else { return nil }
        return values.first { $0.parameter == index }?.value
    }

    /// The first accepted value of the parameter called `name`.
    func value(_ name: String) -> UInt32? { value(at: index(of: name)) }

    /// The value node of the first accepted value of `parameters[index]`.
    func node(at index: Int?) -> NodeID? {
        guard let index, has(at: index) else { return nil }
        return nodes[index]
    }
    func node(_ name: String) -> NodeID? { node(at: index(of: name)) }

    /// Whether every parameter was given once, accepted, in order.
    var isCompleteInOrder: Bool { givenInOrder && givenCount == parameters.count }

    /// Writes the accepted values to `unit` as arguments, in parameter order (repeated labels
    /// stay in written order); returns how many.
    func write(to unit: UnitBuilder) -> Int {
        if givenInOrder || values.count < 2 {
            for entry in values { unit.argument(entry.parameter, entry.value) }
            return values.count
        }
        for index in parameters.indices where has(at: index) {
            for entry in values where entry.parameter == index { unit.argument(index, entry.value) }
        }
        return values.count
    }
}

/// Types values against the catalog (E801, E311, E805…) and records binding uses. Shared by
/// the card, stack and theme passes; holds the per-file tree and the diagnostics sink.
struct ValueChecker {
    /// The file being checked (the card checker moves on to the next file's tree).
    var tree: SyntaxTree
    var diagnostics: [Diagnostic] = []
    /// How many diagnostics each file has had (the deck checker's, carried from checker to
    /// checker), so that past the limit nothing more is built.
    var limit = DiagnosticLimit()
    /// The unit's cards, for `push(…)` and stack references.
    let cards: [String: Int]
    /// Names read from source (bindings, actions, model fields), interned deck-wide.
    let names: NameInterner
    /// Binding uses of the card being checked.
    var scope = BindingScope()
    /// Where accepted values are written: the unit's current segment.
    let unit: UnitBuilder
    /// The last `checkArguments` result. Its storage is reused from call to call: read it
    /// before checking another list.
    var arguments = CheckedArguments()

    init(tree: SyntaxTree, cards: [String: Int], names: NameInterner, unit: UnitBuilder) {
        self.tree = tree
        self.cards = cards
        self.names = names
        self.unit = unit
    }

    /// Records a diagnostic, unless its file has had its share (`DiagnosticLimit`): then it is
    /// only counted, so memory stays bounded however many the input makes.
    mutating func report(_ code: DiagnosticCode, _ message: String, at node: NodeID, label: String? = nil,
                         notes: [DiagnosticNote] = [], fixIts: [FixIt] = []) {
        guard limit.admits(code.severity, in: tree.file.id) else { return }
        diagnostics.append(Diagnostic(code, message, at: tree.span(node), label: label, notes: notes, fixIts: fixIts))
    }

    mutating func report(_ code: DiagnosticCode, _ message: String, at span: SourceSpan, label: String? = nil,
                         notes: [DiagnosticNote] = [], fixIts: [FixIt] = []) {
        guard limit.admits(code.severity, in: span.file) else { return }
        diagnostics.append(Diagnostic(code, message, at: span, label: label, notes: notes, fixIts: fixIts))
    }

    /// The span of a node's main token (its name), or the whole node.
    func nameSpan(_ node: NodeID) -> SourceSpan { Self.nameSpan(node, in: tree) }

    static func nameSpan(_ node: NodeID, in tree: SyntaxTree) -> SourceSpan {
        tree.mainToken(node).map { tree.span(token: $0) } ?? tree.span(node)
    }

    /// A did-you-mean help note plus a rename fix-it, when there is a suggestion.
    ///
    /// `suggested` is worked out only while the file can take more errors (the diagnostics that
    /// carry a did-you-mean are errors): past the limit the error is dropped anyway, and
    /// comparing a name with a catalog's names is most of an unknown name's cost.
    func suggestion(_ suggested: @autoclosure () -> String?, replacing span: SourceSpan) -> (notes: [DiagnosticNote], fixIts: [FixIt]) {
        guard limit.hasRoom(for: .error, in: span.file) else { return ([], []) }
        return Self.suggestion(suggested(), replacing: span)
    }

    /// Whether `body` reports nothing. What it reported and the binding uses it recorded are
    /// forgotten: for a did-you-mean whose fix-it must leave no error, checked as if applied.
    mutating func checksClean(_ body: (inout ValueChecker) -> Void) -> Bool {
        let (reported, scope, written) = (diagnostics.count, self.scope, unit.mark())
        body(&self)
        defer {
            diagnostics.truncate(to: reported)
            self.scope = scope
            unit.rollBack(to: written)
        }
        return diagnostics.count == reported
    }

    /// `suggestion(_:replacing:)` for callers without a `ValueChecker` (`DeckChecker.suggestDeckNames`).
    static func suggestion(_ suggested: String?, replacing span: SourceSpan) -> (notes: [DiagnosticNote], fixIts: [FixIt]) {
        guard let suggested else { return ([], []) }
        return ([.help("did you mean `\(suggested)`?")], [FixIt(span, suggested)])
    }

    // MARK: Literal types

    /// How a value node reads in "found X" messages.
    func describe(_ node: NodeID) -> String {
        switch tree.kind(node) {
        case .string: return "String"
        case .number:
            if tree.mainToken(node)?.kind == .integer { return "Int" }
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

    /// E801 for a value of the wrong type, with the fix where the mistake is a known habit: an
    /// action in quotes (`action: "bookVet"`), a font named by a string alone
    /// (`titleFont: "Avenir-Heavy"`, sized as `fontSize` or 17).
    mutating func mismatch(_ node: NodeID, expected: ValueType, fontSize: Double? = nil) {
        var notes: [DiagnosticNote] = [], fixIts: [FixIt] = []
        if tree.kind(node) == .string, let body = tree.plainStringBody(node) {
            let text = tree.file.text(body)
            switch expected {
            case .action where Self.isName(text):
                notes = [.help("an action is a method name, written without quotes: `\(text)`")]
                fixIts = [FixIt(tree.span(node), text)]
            case .font where !text.isEmpty:
                let written = "font(\(tree.file.text(tree.range(node))), \(CatalogValue.format(fontSize ?? 17)))"
                notes = [.help("a font is a name and a size: `\(written)`")]
                fixIts = [FixIt(tree.span(node), written)]
            default:
                break
            }
        }
        report(.e801, "expected \(expected), found \(describe(node))", at: node, notes: notes, fixIts: fixIts)
    }

    /// Whether `text` is a name as the lexer reads one (`[A-Za-z_][A-Za-z0-9_]*`).
    static func isName(_ text: String) -> Bool {
        guard let first = text.utf8.first, first == 0x5F || (first | 0x20) &- 0x61 < 26 else { return false }
        return text.utf8.allSatisfy { $0 == 0x5F || ($0 | 0x20) &- 0x61 < 26 || $0 &- 0x30 < 10 }
    }

    /// Infers a literal's type and writes its value, with no expected type (model defaults,
    /// open records).
    mutating func inferLiteral(_ node: NodeID) -> (ValueType, UInt32)? {
        switch tree.kind(node) {
        case .string: return (.string, stringValue(node))
        case .number:
            if let i = tree.integerValue(node) { return (.int, unit.int(i)) }
            if let d = tree.numberValue(node) { return (.double, unit.double(d)) }
            return nil
        case .boolean: return (.bool, unit.bool(tree.booleanValue(node) ?? false))
        case .color:
            guard let c = tree.colorValue(node) else { return nil }
            return (.color, unit.color(ColorValue(c), at: tree.span(node)))
        case .enumCase:
            if let named = namedColor(node) { return (.color, named) }
            return (.cardState, unit.enumCase(tree.enumCaseName(node)))
        case .list:
            var element: ValueType?
            var values: [UInt32] = []
            values.reserveCapacity(childCount(node))
            var position = 0
            for child in tree.children(node) {
                position += 1
                let type: ValueType, value: UInt32
                if case .record(let like)? = element, tree.kind(child) == .record {
                    // Records in a list usually repeat the first one's fields: matched in place,
                    // no type is built for them.
                    let record = inferRecord(child, like: like)
                    guard let fields = record.fields else {
                        values.append(record.value)
                        continue
                    }
                    (type, value) = (.record(fields), record.value)
                } else {
                    guard let inferred = inferLiteral(child) else { continue }
                    (type, value) = inferred
                }
                values.append(value)
                if case .record(let first)? = element, case .record(let fields) = type {
                    // Every record of a list has the first one's labels, with the same types.
                    switch Self.agreement(of: fields, with: first) {
                    case .agrees(let merged): element = .record(merged)
                    case .disagrees(let problem):
                        report(.e801, "record \(position) of the list \(problem)", at: child,
                               notes: [.help("every record of a list has the same labels, with the same types")])
                        return nil
                    }
                    continue
                }
                if let current = element {
                    // A list mixing Int and Double literals is [Double] (§8).
                    guard let agreeing = Self.agreeingType(current, type) else {
                        report(.e801, "list mixes \(current) and \(type) elements", at: child)
                        return nil
                    }
                    element = agreeing
                } else {
                    element = type
                }
            }
            return (.list(element ?? .openRecord), unit.list(values))
        case .record:
            let record = inferRecord(node, like: [])
            return (.record(record.fields ?? []), record.value)
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
            let name = tree.name(node)
            if let type = Self.literalTypes.first(where: { $0.description == name }) {
                // `name: String`, a Swift declaration: quoting the type is no fix. Nor is a
                // placeholder value a certain one (the uses may want another type): a help only.
                report(.e801, "a model default must be a literal, found the type `\(name)`", at: node,
                       label: "a field's type is inferred from its default",
                       notes: [.help("write a default value of that type, as in `\(CardChecker.placeholder(for: type))`")])
                return nil
            }
            report(.e801, "a model default must be a literal, found \(describe(node))", at: node,
                   notes: [.help("write text in quotes: \"\(name)\"")])
            return nil
        default:
            return nil
        }
    }

    /// A record literal's field types and value, for `inferLiteral`. `fields` is nil when they
    /// are exactly `like` (the same labels and types in the same order): then no list is built.
    mutating func inferRecord(_ node: NodeID, like: [RecordField]) -> (fields: [RecordField]?, value: UInt32) {
        // Nil while the fields so far are the first `matched` of `like`.
        var fields: [RecordField]?
        var matched = 0
        var arguments: [(label: String?, value: UInt32)] = []
        arguments.reserveCapacity(childCount(node))
        for child in tree.children(node) {
            guard let valueNode = tree.value(child), let (type, value) = inferLiteral(valueNode) else { continue }
            // `like`'s next field again, its label compared by bytes: nothing is interned or built.
            // (A label equal only as a `String` is not matched; the fields built then equal `like`.)
            if fields == nil && matched < like.count && like[matched].type == type && label(of: child, isSpelled: like[matched].label) {
                arguments.append((like[matched].label, value))
                matched += 1
                continue
            }
            if fields == nil {
                fields = Array(like.prefix(matched))
                fields!.reserveCapacity(childCount(node))
            }
            let label = label(of: child)
            fields!.append(RecordField(label ?? "_\(fields!.count)", type))
            arguments.append((label, value))
        }
        if fields == nil && matched < like.count { fields = Array(like.prefix(matched)) }
        return (fields, unit.record(arguments))
    }

    /// The rows of a table drawn by its default cell (`labels`: CardParts' four labels, each
    /// optional): a list of records each giving some of them as text. The rows written have
    /// every label, in `labels`' order, those not given empty, so that they have the type the
    /// cell uses. Anything but a list literal is inferred as any default.
    mutating func inferDefaultCellRows(_ node: NodeID, labels: [String]) -> (ValueType, UInt32)? {
        guard tree.kind(node) == .list else { return inferLiteral(node) }
        let rowType = ValueType.record(labels.map { RecordField($0, .string) })
        var rows: [UInt32] = []
        var valid = true
        for row in tree.children(node) {
            guard tree.kind(row) == .record else {
                if tree.kind(row) != .missing { mismatch(row, expected: rowType) }
                valid = false
                continue
            }
            var texts = [UInt32?](repeating: nil, count: labels.count)
            var rowIsValid = true
            defer { valid = valid && rowIsValid }
            for field in tree.children(row) {
                guard let valueNode = tree.value(field) else { continue }
                let label = self.label(of: field)
                guard let label, let index = labels.firstIndex(of: label) else {
                    let given = Set(tree.children(row).compactMap { self.label(of: $0) })
                    let suggested = label.flatMap { NameSuggester.suggestion(for: $0, among: labels.filter { !given.contains($0) }) }
                    let hint = suggestion(suggested, replacing: label == nil ? tree.span(valueNode) : nameSpan(field))
                    report(.e310, label.map { "the default table cell has no label `\($0)`" } ?? "a row's text needs a label",
                           at: label == nil ? tree.span(valueNode) : nameSpan(field),
                           label: "it has " + labels.map { "`\($0):`" }.joined(separator: ", "),
                           notes: hint.notes, fixIts: label == nil ? [] : hint.fixIts)
                    rowIsValid = false
                    continue
                }
                guard let (type, value) = inferLiteral(valueNode) else { rowIsValid = false; continue }
                guard type == .string else {
                    mismatch(valueNode, expected: .string)
                    rowIsValid = false
                    continue
                }
                texts[index] = value
            }
            if rowIsValid && texts.allSatisfy({ $0 == nil }) {
                report(.e801, "a row of the default table cell gives at least one of " + labels.map { "`\($0):`" }.joined(separator: ", "),
                       at: row)
                rowIsValid = false
            }
            if rowIsValid {
                // A label the row leaves out stays out: the cell shows nothing there, and the
                // Swift row struct's optional field is nil, not "".
                var fields: [(label: String?, value: UInt32)] = []
                for index in labels.indices { if let text = texts[index] { fields.append((labels[index], text)) } }
                rows.append(unit.record(fields))
            }
        }
        guard valid else { return nil }
        return (.list(rowType), unit.list(rows))
    }

    /// A string literal's value, written: a plain literal's bytes as they stand, else decoded.
    mutating func stringValue(_ node: NodeID) -> UInt32 {
        if let body = tree.plainStringBody(node) {
            return tree.file.bytes.withUnsafeBufferPointer { unit.string(value: UnsafeBufferPointer(rebasing: $0[body])) }
        }
        return unit.string(value: tree.stringValue(node) ?? "")
    }

    /// How a list's record compares with its first.
    enum RecordAgreement {
        /// The same labels with the same types: the first record's fields, a field's type made
        /// Double where one record has an Int and the other a Double.
        case agrees([RecordField])
        /// Why not, said of the later record (`has no \`price\`, which the first record has`).
        case disagrees(String)
    }

    /// Whether a list's record with `fields` agrees with its first record's, `first`.
    static func agreement(of fields: [RecordField], with first: [RecordField]) -> RecordAgreement {
        var merged = first
        for (index, field) in first.enumerated() {
            guard let other = fields.first(where: { $0.label == field.label }) else {
                return .disagrees("has no `\(field.label)`, which the first record has")
            }
            guard let type = agreeingType(field.type, other.type) else {
                return .disagrees("has `\(field.label)` of type \(other.type), but the first record's is \(field.type)")
            }
            merged[index] = RecordField(field.label, type)
        }
        if let extra = fields.first(where: { field in !first.contains { $0.label == field.label } }) {
            return .disagrees("has `\(extra.label)`, which the first record does not")
        }
        return .agrees(merged)
    }

    /// The type of two literals of one list (or of one label of its records): equal types, Int
    /// with Double (Double, as §8 types `[1, 2.5]`), `[]` with any list, agreeing records.
    static func agreeingType(_ a: ValueType, _ b: ValueType) -> ValueType? {
        if a == b { return a }
        switch (a, b) {
        case (.int, .double), (.double, .int): return .double
        case (.list(.openRecord), .list): return b
        case (.list, .list(.openRecord)): return a
        case (.list(let x), .list(let y)): return agreeingType(x, y).map { .list($0) }
        case (.record(let x), .record(let y)):
            if case .agrees(let fields) = agreement(of: y, with: x) { return .record(fields) }
            return nil
        default: return nil
        }
    }

    /// The types a model default's literal can have on its own, by the names §8 spells them.
    static let literalTypes: [ValueType] = [.string, .int, .double, .bool, .color, .size, .insets, .font]

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
                        owner: ArgumentOwner = .part) -> UInt32? {
        let kind = tree.kind(node)
        if kind == .missing { return nil }
        if kind == .binding { return checkBinding(node, as: type, parameter: parameter) }
        switch type {
        case .string:
            if kind == .string { return stringValue(node) }
            if kind == .reference {
                report(.e801, "expected String, found \(describe(node))", at: node,
                       notes: [.help("write text in quotes")], fixIts: [FixIt(tree.span(node), "\"\(tree.name(node))\"")])
                return nil
            }
        case .int:
            if kind == .number {
                if let i = tree.integerValue(node) { return unit.int(i) }
                if tree.numberValue(node) != nil { break }
                return nil // malformed, already reported
            }
        case .double:
            if kind == .number { return tree.numberValue(node).map { unit.double($0) } }
        case .bool:
            if kind == .boolean { return unit.bool(tree.booleanValue(node) ?? false) }
        case .color:
            if kind == .color { return tree.colorValue(node).map { unit.color(ColorValue($0), at: tree.span(node)) } }
            if kind == .enumCase {
                if let named = namedColor(node) { return named }
                let name = tree.enumCaseName(node)
                let hint = suggestion(Catalog.suggestNamedColor(for: name).map { "." + $0 },
                                      replacing: tree.span(node))
                report(.e311, "unknown color `.\(name)`", at: node, notes: hint.notes, fixIts: hint.fixIts)
                return nil
            }
        case .cardState:
            if kind == .enumCase { return unit.enumCase(tree.enumCaseName(node)) }
        case .action:
            if let action = checkAction(node) { return value(of: action) }
            if kind == .reference || kind == .call { return nil }
        case .cardRef:
            if kind == .reference {
                let name = tree.name(node)
                if cards[name] == nil { reportUnknownCard(name, at: node) ; return nil }
                return unit.reference(name, at: nameSpan(node))
            }
        case .themeRef:
            if kind == .reference { return unit.reference(tree.name(node), at: nameSpan(node)) } // resolved by the caller
        case .size, .insets, .font:
            if kind == .call { return checkConstructor(node, as: type) }
            if case .font = type, case .font(let font)? = parameter?.defaultValue {
                mismatch(node, expected: type, fontSize: font.size)
                return nil
            }
        case .list(let element):
            if kind == .list {
                var values: [UInt32] = []
                values.reserveCapacity(childCount(node))
                var ok = true
                for child in tree.children(node) {
                    if let v = check(child, as: element, parameter: nil, owner: owner) { values.append(v) } else { ok = false }
                }
                if let minimum = parameter?.minimumCount, values.count < minimum, ok {
                    report(owner.rangeCode, "`\(parameter?.name ?? "")` needs at least \(minimum) entries, found \(values.count)", at: node)
                    return nil
                }
                return ok ? unit.list(values) : nil
            }
        case .record, .openRecord:
            if kind == .record, let (_, value) = inferLiteral(node) { return value }
        case .enumeration(let enumType):
            if kind == .enumCase { return checkEnumCase(node, enumType) }
        }
        mismatch(node, expected: type)
        return nil
    }

    /// `.red` → the named UIKit color, resolved and written; nil when the case names no color.
    func namedColor(_ node: NodeID) -> UInt32? {
        tree.lookUpCase(node, in: Catalog.namedColorTable).map { index in
            let color = Catalog.namedColors[index]
            return unit.color(ColorValue(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha), named: index,
                              at: tree.span(node))
        }
    }

    /// Writes an action as a value.
    func value(of action: Action) -> UInt32 {
        switch action {
        case .method(let name): unit.method(name)
        case .push(let card): unit.push(card.name, at: card.span)
        case .pop: unit.pop()
        }
    }

    /// The number of children of a node, counted without allocating.
    func childCount(_ node: NodeID) -> Int {
        var count = 0
        for _ in tree.children(node) { count += 1 }
        return count
    }

    /// E303. Its did-you-mean is the deck's to add (`DeckChecker.suggestDeckNames`).
    mutating func reportUnknownCard(_ name: String, at node: NodeID) {
        report(.e303, "unknown card `\(name)`", at: nameSpan(node))
    }

    mutating func checkBinding(_ node: NodeID, as type: ValueType, parameter: Parameter?) -> UInt32? {
        guard recordBinding(node, as: type, bindable: parameter?.bindable ?? type.isBindable, twoWay: parameter?.twoWay ?? false) else {
            return nil
        }
        return bindingValue(node, type: type)
    }

    /// Writes a binding node's value: its path read from its token, with the type its use expects.
    func bindingValue(_ node: NodeID, type: ValueType) -> UInt32 {
        guard let token = tree.mainToken(node) else { return unit.binding(path: [], type: type, at: tree.span(node)) }
        return tree.withNameBytes(of: token) { bytes, _ in unit.binding(spelledBy: bytes, type: type, at: tree.span(node)) }
    }

    /// Records a binding's use in `scope`; false when the binding is not allowed here (reported).
    /// `bindable` and `twoWay` are the parameter's, passed as flags so that the argument checker
    /// reads them from its shapes instead of retaining the `Parameter`; `type` is consumed, moved
    /// into the use rather than copied again.
    mutating func recordBinding(_ node: NodeID, as type: consuming ValueType, bindable: Bool, twoWay: Bool) -> Bool {
        guard bindable else {
            report(.e801, "expected \(type), found \(describe(node)): \(type) values cannot be bound", at: node,
                   notes: [.help("bindings stand for Text, Number, Bool, Color, list or record values; write a literal here")])
            return false
        }
        guard scope.isActive else {
            report(.e801, "bindings are only available inside cards", at: node)
            return false
        }
        let use = BindingUse(type: type, span: tree.span(node), twoWay: twoWay)
        switch tree.bindingTarget(node, in: names) {
        case .row(let field) where scope.rows != nil:
            scope.rows?.record(field, use)
        case .card(let name):
            scope.card.record(name, use)
        default:
            report(.e801, scope.rows != nil ? "a row binding is written `$item.field`"
                   : "`$\(tree.bindingPath(node).joined(separator: "."))` refers to a row, which exists only inside a `cell`", at: node)
            return false
        }
        return true
    }

    /// What a binding node names.
    func bindingTarget(_ node: NodeID) -> BindingTarget { tree.bindingTarget(node, in: names) }

    /// Notes the card bindings in `node`'s subtree, which nothing checks (an unknown part or
    /// argument), in `scope.unchecked`.
    mutating func noteUncheckedBindings(in node: NodeID) {
        guard scope.isActive else { return }
        var next = node
        let end = tree.next(after: node)
        while next < end {
            if tree.kind(next) == .binding, case .card(let name) = tree.bindingTarget(next, in: names) {
                scope.unchecked.append(name.identity)
            }
            next = NodeID(next.index + 1)
        }
    }

    /// `name`, `pop`, `push(Card)`.
    mutating func checkAction(_ node: NodeID) -> Action? {
        switch tree.kind(node) {
        case .reference:
            // A built-in action without arguments (`pop`); any other name is a method.
            if builtInAction(node) == .pop { return .pop }
            guard let token = tree.mainToken(node) else { return .method("") }
            return .method(names.text(names.intern(token, in: tree)))
        case .call where builtInAction(node) == .push:
            var onlyArgument: NodeID?
            var count = 0
            for arg in tree.children(node) where tree.kind(arg) != .block {
                onlyArgument = arg
                count += 1
            }
            guard count == 1, let arg = onlyArgument, let target = tree.value(arg), tree.kind(target) == .reference,
                  !isLabeled(arg) else {
                report(.e801, "`push` takes one card name: `push(Details)`", at: node)
                return nil
            }
            let name = tree.name(target)
            guard cards[name] != nil else { reportUnknownCard(name, at: target); return nil }
            return .push(Reference(name, at: nameSpan(target)))
        case .call:
            report(.e801, "expected Action, found \(describe(node)): an action is a method name, `push(Card)` or `pop`", at: node)
            return nil
        default:
            return nil
        }
    }

    /// The built-in action a reference or call names, if any.
    func builtInAction(_ node: NodeID) -> BuiltInAction? {
        tree.lookUp(node, in: Catalog.builtInActionTable).map { Catalog.builtInActions[$0].kind }
    }

    mutating func checkEnumCase(_ node: NodeID, _ enumType: EnumType) -> UInt32? {
        guard let index = tree.lookUpCase(node, in: enumType.caseTable) else {
            let name = tree.enumCaseName(node)
            let hint = suggestion(enumType.suggestCase(for: name).map { "." + $0 },
                                  replacing: tree.span(node))
            report(.e311, "unknown case `.\(name)` for \(enumType.name); expected \(enumType)", at: tree.span(token: tree.mainToken(node) ?? tree.firstToken(node)),
                   notes: hint.notes, fixIts: hint.fixIts)
            return nil
        }
        let enumCase = enumType.cases[index]
        // The catalog's string: equal to the source spelling, and shared.
        let name = enumCase.name
        if enumCase.arguments.isEmpty {
            if tree.hasParentheses(node) { report(.e310, "`.\(name)` takes no arguments", at: node) }
            return unit.enumCase(name)
        }
        var arguments: [(label: String?, value: UInt32)] = []
        var seen = Set<String>()
        var rejected = false
        for arg in tree.children(node) where tree.kind(arg) != .block {
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
                arguments.append((label, v))
            }
        }
        let missing = enumCase.arguments.filter { !seen.contains($0.label) }
        if !missing.isEmpty && !rejected { // a rejected argument (E310) is the missing one, mislabeled
            report(.e804, "`.\(name)` needs \(missing.map { "`\($0.label):`" }.joined(separator: ", "))", at: node)
        }
        return unit.enumCase(name, arguments: arguments)
    }

    /// Whether an argument is written with a label (`argument`, `property`).
    func isLabeled(_ arg: NodeID) -> Bool {
        let kind = tree.kind(arg)
        return kind == .argument || kind == .property
    }

    /// An argument's label (nil for an unlabeled one), shared with every other use of the name.
    func label(of arg: NodeID) -> String? {
        guard isLabeled(arg) else { return nil }
        guard let token = tree.mainToken(arg) else { return "" }
        return names.text(names.intern(token, in: tree))
    }

    /// Whether an argument's label is spelled exactly `text`, byte for byte (false for an
    /// unlabeled one).
    func label(of arg: NodeID, isSpelled text: String) -> Bool {
        guard isLabeled(arg), let token = tree.mainToken(arg) else { return false }
        var text = text
        return text.withUTF8 { expected in
            tree.withNameBytes(of: token) { bytes, _ in
                // A plain loop: `elementsEqual` is not specialised here and costs ~170 instructions.
                guard bytes.count == expected.count else { return false }
                for index in bytes.indices where bytes[index] != expected[index] { return false }
                return true
            }
        }
    }

    /// Whether an argument's label is `text` (false for an unlabeled one).
    func label(of arg: NodeID, is text: StaticString) -> Bool { isLabeled(arg) && tree.nameIs(arg, text) }

    /// The catalog's range for a font's point size (> 0).
    static let fontSizeRange: NumericRange? = Catalog.valueConstructor(named: "font")?.overloads.lazy
        .compactMap { $0.first { $0.name == "size" } }.first?.range

    /// `size(w, h)`, `insets(all)`, `insets(v, h)`, `insets(top:left:bottom:right:)`,
    /// `font("Name", size)`, `font(.system, size, weight: .bold)`.
    mutating func checkConstructor(_ node: NodeID, as type: ValueType) -> UInt32? {
        let expectedName: StaticString
        switch type {
        case .size: expectedName = "size"
        case .insets: expectedName = "insets"
        default: expectedName = "font"
        }
        guard tree.nameIs(node, expectedName) else {
            mismatch(node, expected: type)
            return nil
        }
        // The first four arguments (no constructor takes more), without an array.
        var args: (NodeID, NodeID, NodeID, NodeID) = (node, node, node, node)
        var count = 0
        var next = NodeID(node.index + 1)
        let end = tree.next(after: node)
        while next < end {
            let arg = next
            next = tree.next(after: arg)
            if tree.kind(arg) == .block { continue }
            switch count {
            case 0: args.0 = arg
            case 1: args.1 = arg
            case 2: args.2 = arg
            case 3: args.3 = arg
            default: break
            }
            count += 1
        }
        // (`constructorNumber` is a method, not a nested function: a nested function here
        // captured a copy of `self`, hundreds of instructions a call.)
        switch type {
        case .size:
            guard count == 2, isSizeLabel(args.0), isSizeLabel(args.1) else {
                report(.e801, "`size` takes two numbers: `size(width, height)`", at: node); return nil
            }
            guard let w = constructorNumber(args.0, of: expectedName), let h = constructorNumber(args.1, of: expectedName) else { return nil }
            return unit.size(width: w, height: h)
        case .insets:
            if count == 1 && !isLabeled(args.0) {
                guard let all = constructorNumber(args.0, of: expectedName) else { return nil }
                return unit.insets(top: all, left: all, bottom: all, right: all)
            }
            if count == 2 && !isLabeled(args.0) && !isLabeled(args.1) {
                let vertical = constructorNumber(args.0, of: expectedName), horizontal = constructorNumber(args.1, of: expectedName)
                guard let vertical, let horizontal else { return nil }
                return unit.insets(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
            }
            if count == 4 && label(of: args.0, is: "top") && label(of: args.1, is: "left")
                && label(of: args.2, is: "bottom") && label(of: args.3, is: "right") {
                let top = constructorNumber(args.0, of: expectedName), left = constructorNumber(args.1, of: expectedName)
                let bottom = constructorNumber(args.2, of: expectedName), right = constructorNumber(args.3, of: expectedName)
                guard let top, let left, let bottom, let right else { return nil }
                return unit.insets(top: top, left: left, bottom: bottom, right: right)
            }
            report(.e801, "`insets` takes `insets(all)`, `insets(vertical, horizontal)` or `insets(top:left:bottom:right:)`", at: node)
            return nil
        default:
            guard count >= 2, !isLabeled(args.0), !isLabeled(args.1), let familyNode = tree.value(args.0) else {
                report(.e801, "`font` takes `font(\"Name\", size)` or `font(.system, size, weight: .bold)`", at: node); return nil
            }
            guard let size = constructorNumber(args.1, of: expectedName) else { return nil }
            if let range = Self.fontSizeRange, !range.contains(size), let sizeNode = tree.value(args.1) {
                report(.e805, "the font size must be \(range), found \(CatalogValue.format(size))", at: sizeNode)
                return nil
            }
            var weight = FontWeight.regular
            if count == 3, label(of: args.2, is: "weight"), let w = tree.value(args.2) {
                guard tree.kind(w) == .enumCase, let parsed = FontWeight(rawValue: tree.enumCaseName(w)) else {
                    report(.e311, "unknown font weight \(describe(w)); expected \(FontWeight.allCases.map(\.description).joined(separator: " | "))", at: w)
                    return nil
                }
                weight = parsed
            } else if count != 2 {
                report(.e801, "`font` takes `font(\"Name\", size)` or `font(.system, size, weight: .bold)`", at: node); return nil
            }
            if tree.kind(familyNode) == .enumCase {
                let name = tree.enumCaseName(familyNode)
                if name == "system" { return unit.font(FontValue(.system, size: size, weight: weight)) }
                // `.system` is the one family written as a case: any other reads as a misspelling
                // of it, or as a font meant by name.
                let hint = suggestion(NameSuggester.suggestion(for: name, among: ["system"]).map { "." + $0 },
                                      replacing: tree.span(familyNode))
                report(.e311, "unknown font family `.\(name)`; expected `.system` or a font name in quotes",
                       at: tree.span(familyNode), notes: hint.notes + [.help("name a font as a string, e.g. `font(\"Menlo\", 12)`")],
                       fixIts: hint.fixIts)
                return nil
            }
            guard let family = tree.stringValue(familyNode) else {
                mismatch(familyNode, expected: .string); return nil
            }
            return unit.font(FontValue(.named(family), size: size, weight: weight))
        }
    }

    /// A `size` argument's label: none, `width` or `height`.
    func isSizeLabel(_ arg: NodeID) -> Bool { !isLabeled(arg) || label(of: arg, is: "width") || label(of: arg, is: "height") }

    /// A constructor argument's literal number (a binding or another value is E801).
    mutating func constructorNumber(_ arg: NodeID, of constructor: StaticString) -> Double? {
        guard let v = tree.value(arg) else { return nil }
        if tree.kind(v) == .binding {
            report(.e801, "`\(constructor)(…)` takes literal numbers, found \(describe(v))", at: v)
            return nil
        }
        guard tree.kind(v) == .number else { mismatch(v, expected: .double); return nil }
        return tree.numberValue(v)
    }

    /// Reports a numeric value outside the parameter's range (E805/E503/E705 by owner).
    mutating func checkRange(_ value: UInt32, parameter: Parameter, at node: NodeID, owner: ArgumentOwner) {
        guard let range = parameter.range else { return }
        switch unit.tag(of: value) {
        case .int, .double:
            if let number = unit.number(value) { checkRange(number, range, parameter: parameter, at: node, owner: owner) }
        case .list:
            for (index, element) in (unit.elements(value) ?? []).enumerated() {
                if let number = unit.number(element), !range.contains(number) {
                    let child = Array(tree.children(node))[safe: index] ?? node
                    report(owner.rangeCode, "`\(parameter.name)` entries must be \(range), found \(CatalogValue.format(number))", at: child)
                }
            }
        case .insets:
            let (top, left, bottom, right) = unit.insets(value) ?? (0, 0, 0, 0)
            // Each side of insets with a range (margins, a swipe stack's insets) is in it: one
            // diagnostic naming the sides that are not.
            let outside = [("top", top), ("left", left), ("bottom", bottom), ("right", right)].filter { !range.contains($0.1) }
            if !outside.isEmpty {
                report(owner.rangeCode, "`\(parameter.name)` must be \(range) on every side, found "
                       + CardChecker.list(outside.map { "\($0.0) \(CatalogValue.format($0.1))" }), at: node)
            }
        default:
            break
        }
    }

    mutating func checkRange(_ number: Double, _ range: NumericRange, parameter: Parameter, at node: NodeID, owner: ArgumentOwner) {
        if !range.contains(number) {
            report(owner.rangeCode, "`\(parameter.name)` must be \(range), found \(CatalogValue.format(number))", at: node)
        }
    }

    // MARK: Argument lists

    /// Checks the arguments of `owner` (a node, call or conformance) against `list`
    /// (looked up by label in its table): E310 for unknown labels and stray positional values,
    /// types and ranges. The accepted values, and the rest of the result, are left in
    /// `arguments`, including the missing required parameters for the caller to report with its
    /// own code. `ownerName` is only turned into message text when something is reported.
    mutating func checkArguments(of owner: NodeID, parameters list: ParameterList, ownerName: String,
                                 ownerKind: ArgumentOwner) {
        arguments.list = list
        arguments.given = 0
        arguments.accepted = 0
        arguments.givenCount = 0
        arguments.givenInOrder = true
        arguments.values.clear()
        if !arguments.missing.isEmpty { arguments.missing = [] }
        arguments.actions.clear()
        arguments.block = nil
        let shapes = list.shapes
        // A syntax error inside the list already explains what is wrong with it: nothing is
        // reported for a list that contains one, but that is asked only when there is something.
        var index = -1
        var next = NodeID(owner.index + 1)
        let end = tree.next(after: owner)
        while next < end {
            let arg = next
            next = tree.next(after: arg)
            if tree.kind(arg) == .block {
                if arguments.block == nil { arguments.block = arg } // the first, as `tree.block(_:)`
                continue
            }
            index += 1
            guard let valueNode = tree.value(arg) else { continue }
            let parameterIndex: Int
            if isLabeled(arg) {
                guard let found = tree.lookUp(arg, in: list.table) else {
                    if !tree.containsSyntaxError(owner),
                       let meant = reportUnknownLabel(arg, value: valueNode, isFirst: index == 0, of: list, in: owner,
                                                      ownerName: ownerName, ownerKind: ownerKind) {
                        // The misspelt label stands for `meant`: its value is checked as that
                        // parameter's, which is then not also missing (E501, E804).
                        arguments.note(meant, accepting: checkArgument(valueNode, parameter: meant, of: list, owner: ownerKind), at: valueNode)
                    } else {
                        noteUncheckedBindings(in: valueNode)
                    }
                    continue
                }
                if shapes[found].positional && !shapes[found].labelOptional {
                    reportLabeledPositional(arg, value: valueNode, ownerName: ownerName, ownerKind: ownerKind)
                }
                parameterIndex = found
            } else {
                guard index == 0, let first = shapes.first, first.acceptsPositional else {
                    if tree.containsSyntaxError(owner) { continue }
                    reportStrayPositional(arg, of: owner, parameters: list.parameters, ownerName: ownerName, ownerKind: ownerKind)
                    continue
                }
                parameterIndex = 0
            }
            if shapes[parameterIndex].bindingRequired && tree.kind(valueNode) != .binding && tree.kind(valueNode) != .missing {
                reportBindingRequired(valueNode, parameter: list.parameters[parameterIndex])
                // Given, though wrong: not also missing (one root cause, one diagnostic).
                arguments.note(parameterIndex, accepting: nil, at: valueNode)
                continue
            }
            let value = checkArgument(valueNode, parameter: parameterIndex, of: list, owner: ownerKind)
            arguments.note(parameterIndex, accepting: value, at: valueNode)
            if value == nil && tree.kind(valueNode) == .enumCase && isLabeled(arg) {
                offerParameter(takingCaseOf: valueNode, label: arg, of: list, in: owner)
            }
        }
        if list.requiredMask & ~arguments.given != 0 && !tree.containsSyntaxError(owner) {
            for index in list.required where !arguments.isGiven(index) {
                arguments.missing.append(list.parameters[index])
            }
        }
    }

    // The argument checker's diagnostics, out of line: inlined, their message building made the
    // hot loop's frame large and its registers scarce.

    /// E310 for a label `list` does not have, in `owner`'s arguments. Its did-you-mean names a
    /// parameter that takes a label and is given by none of the arguments (renaming to one that is
    /// would be a duplicate), close in spelling or one of its `aliases` (`onTap` for `action`);
    /// or, for the first argument, the unlabeled first parameter whose name the label nearly is
    /// (`image(named: "dog")`), with a fix-it removing the label. Returns the parameter's index
    /// in `list`.
    @inline(never)
    mutating func reportUnknownLabel(_ arg: NodeID, value valueNode: NodeID, isFirst: Bool, of list: ParameterList, in owner: NodeID,
                                     ownerName: String, ownerKind: ArgumentOwner) -> Int? {
        let parameters = list.parameters
        let label = tree.name(arg)
        let labelSpan = nameSpan(arg)
        let takes = parameters.isEmpty ? "takes no arguments" : "takes " + Self.describe(parameters)
        if isFirst, let first = parameters.first, first.positional, !first.labelOptional, !arguments.isGiven(0),
           NameSuggester.suggestion(for: label, among: [first.name]) != nil {
            report(.e310, "the first argument of \(ownerKind.describe(ownerName)) is unlabeled: write it without `\(label):`",
                   at: labelSpan, label: "`_ \(first.name)` takes no label",
                   fixIts: [FixIt(SourceSpan(file: tree.file.id, start: tree.range(arg).lowerBound, end: tree.range(valueNode).lowerBound), "")])
            return 0
        }
        let labels = writtenLabels(of: owner)
        let candidates = parameters.indices.filter { index in
            !arguments.isGiven(index) && !labels.contains(parameters[index].name)
                && !(parameters[index].positional && !parameters[index].labelOptional)
        }
        let lowered = label.lowercased()
        let suggested = NameSuggester.suggestion(for: label, among: candidates.map { parameters[$0].name })
            ?? candidates.first { index in parameters[index].aliases.contains { $0.lowercased() == lowered } }.map { parameters[$0].name }
        let hint = suggestion(suggested, replacing: labelSpan)
        report(.e310, "\(ownerKind.describe(ownerName)) has no argument `\(label)`", at: labelSpan, label: takes,
               notes: hint.notes, fixIts: hint.fixIts)
        return suggested.flatMap { name in candidates.first { parameters[$0].name == name } }
    }

    /// `` `_ text`, `style:`, `color:` ``: parameters as E310's labels list them.
    static func describe(_ parameters: [Parameter]) -> String {
        parameters.map { $0.positional ? "`_ \($0.name)`" : "`\($0.name):`" }.joined(separator: ", ")
    }

    /// After an enum case a parameter could not take (`text("Hi", font: .title)`): when one other
    /// parameter, not given, takes it (`style:`), the diagnostic just reported at the case (E801
    /// or E311, without a fix of its own) offers that label, with a fix-it renaming it.
    @inline(never)
    mutating func offerParameter(takingCaseOf valueNode: NodeID, label arg: NodeID, of list: ParameterList, in owner: NodeID) {
        guard let index = diagnostics.indices.last, diagnostics[index].fixIts.isEmpty,
              diagnostics[index].code == .e801 || diagnostics[index].code == .e311,
              tree.span(valueNode).range.contains(diagnostics[index].span.start) else { return }
        let written = writtenLabels(of: owner)
        let takers = list.parameters.indices.filter { index in
            guard !arguments.isGiven(index), !written.contains(list.parameters[index].name),
                  let enumType = list.parameters[index].type.enumType else { return false }
            return tree.lookUpCase(valueNode, in: enumType.caseTable) != nil
        }
        guard takers.count == 1, let taker = takers.first else { return }
        let name = list.parameters[taker].name, value = tree.file.text(tree.range(valueNode))
        diagnostics[index].notes.append(.help("`\(value)` is a `\(name):` value: write `\(name): \(value)`"))
        diagnostics[index].fixIts = [FixIt(nameSpan(arg), name)]
    }

    /// E310 for a label written on the positional parameter, with a fix-it removing it.
    @inline(never)
    mutating func reportLabeledPositional(_ arg: NodeID, value valueNode: NodeID, ownerName: String, ownerKind: ArgumentOwner) {
        report(.e310, "the first argument of \(ownerKind.describe(ownerName)) is unlabeled: write it without `\(tree.name(arg)):`", at: nameSpan(arg),
               fixIts: [FixIt(SourceSpan(file: tree.file.id, start: tree.range(arg).lowerBound, end: tree.range(valueNode).lowerBound), "")])
    }

    /// E801 for a literal where `parameter` takes only a binding.
    @inline(never)
    mutating func reportBindingRequired(_ valueNode: NodeID, parameter: Parameter) {
        let name = parameter.name
        report(.e801, "`\(name)` must be a binding so the card can observe it, found \(describe(valueNode))", at: valueNode,
               notes: [.help("declare a model field and write `$\(name)`")])
    }

    /// Checks an argument's value against `list.parameters[index]` as `check` does, range
    /// included. The common shapes are decided here from the parameter's `Shape`, without
    /// retaining the `Parameter`; everything else (diagnostics, values with parts of their own)
    /// goes through `check`.
    mutating func checkArgument(_ node: NodeID, parameter index: Int, of list: ParameterList, owner: ArgumentOwner) -> UInt32? {
        let kind = tree.kind(node)
        if kind == .missing { return nil }
        let shape = list.shapes[index]
        if kind == .binding {
            guard recordBinding(node, as: list.types[index], bindable: shape.bindable, twoWay: shape.twoWay) else { return nil }
            return bindingValue(node, type: list.types[index])
        }
        switch shape.kind {
        case .int:
            if kind == .number, let i = tree.integerValue(node) {
                checkRange(Double(i), shape.range, parameter: index, of: list, at: node, owner: owner)
                return unit.int(i)
            }
        case .double:
            if kind == .number, let d = tree.numberValue(node) {
                checkRange(d, shape.range, parameter: index, of: list, at: node, owner: owner)
                return unit.double(d)
            }
        case .action:
            if kind == .reference, let action = checkAction(node) {
                arguments.actions.append((action, node))
                return value(of: action)
            }
        case .enumeration:
            if kind == .enumCase, let table = list.caseTables[index],
               let caseIndex = table._withUnsafeGuaranteedRef({ tree.lookUpCase(node, in: $0) }),
               caseIndex < 64, shape.plainCases & (1 << UInt64(caseIndex)) != 0, !tree.hasParentheses(node),
               let name = list.parameters[index].type.enumType?.cases[caseIndex].name {
                return unit.enumCase(name)
            }
        case .string, .bool, .color, .cardState, .other:
            break
        }
        let parameter = list.parameters[index]
        guard let value = check(node, as: parameter.type, parameter: parameter, owner: owner) else { return nil }
        checkRange(value, parameter: parameter, at: node, owner: owner)
        if let action = unit.action(value) { arguments.actions.append((action, node)) }
        return value
    }

    /// Reports a number outside `range`, the range of `list.parameters[index]` (E805/E503/E705 by owner).
    mutating func checkRange(_ number: Double, _ range: NumericRange?, parameter index: Int, of list: ParameterList,
                             at node: NodeID, owner: ArgumentOwner) {
        guard let range, !range.contains(number) else { return }
        checkRange(number, range, parameter: list.parameters[index], at: node, owner: owner)
    }

    /// The labels written in `owner`'s argument list (its block aside).
    func writtenLabels(of owner: NodeID) -> Set<String> {
        var labels = Set<String>()
        for other in tree.children(owner) where tree.kind(other) != .block && isLabeled(other) { labels.insert(tree.name(other)) }
        return labels
    }

    /// E310 for an unlabeled value where none is accepted, with a fix-it adding the label of the
    /// parameter it was probably meant for. That parameter then counts as given.
    mutating func reportStrayPositional(_ arg: NodeID, of owner: NodeID, parameters: [Parameter], ownerName: String,
                                        ownerKind: ArgumentOwner) {
        var fixIts: [FixIt] = []
        // The parameter the value was probably meant for: the only one not given (by label
        // anywhere in the list), else the only such required one.
        let givenLabels = writtenLabels(of: owner)
        let unlabeled = parameters.indices.filter { index in
            !arguments.isGiven(index) && !givenLabels.contains(parameters[index].name)
                && !parameters[index].acceptsPositional
        }
        let required = unlabeled.filter { parameters[$0].required }
        let intended = unlabeled.count == 1 ? unlabeled.first : required.count == 1 ? required.first : nil
        if let intended {
            fixIts = [FixIt(SourceSpan(file: tree.file.id, start: tree.range(arg).lowerBound, end: tree.range(arg).lowerBound), "\(parameters[intended].name): ")]
        }
        let description = ownerKind.describe(ownerName)
        report(.e310, parameters.isEmpty ? "\(description) takes no arguments" : "unexpected unlabeled argument to \(description)",
               at: arg, label: parameters.isEmpty ? nil : "expected " + parameters.map { "`\($0.name):`" }.joined(separator: ", "),
               fixIts: fixIts)
        // The value is there, only its label is missing: not also E501/E804.
        if let intended, let value = tree.value(arg) { arguments.note(intended, accepting: nil, at: value) }
    }
}

extension SyntaxTree {
    /// Looks up an enum case's name (`.left` → `left`) in `table`, from its bytes. A method of the
    /// tree: as one of the checker, each call copied the checker.
    func lookUpCase(_ node: NodeID, in table: NameTable) -> Int? {
        guard let token = mainToken(node) else { return nil }
        // The outer optional is nil only when the name must be read as a `String`.
        return withBytesAfterSigil(of: token) { table.index(of: $0, readable: $1) } ?? table.index(of: enumCaseName(node))
    }

    /// What a binding node names: its name after the `$`, interned, or else its path. A method of
    /// the tree, as `lookUpCase`: as one of the checker, each call copied the checker.
    func bindingTarget(_ node: NodeID, in names: NameInterner) -> BindingTarget {
        if kind(node) == .binding, let token = mainToken(node), let spelled = names.intern(afterSigilOf: token, in: self) {
            return names.bindingTarget(spelled)
        }
        return names.bindingTarget(path: bindingPath(node))
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }

    /// Empties a scratch array, keeping its storage. (`removeAll(keepingCapacity:)` goes through
    /// a generic replace-subrange path that cost hundreds of instructions for a few elements.)
    /// Inlined: most calls find the array empty or nearly so, and the call cost more than the loop.
    @inline(__always)
    mutating func clear() {
        while !isEmpty { removeLast() }
    }

    /// Removes the elements after the first `count`, keeping the storage (as `clear()`): a few
    /// one at a time, as `removeSubrange` costs a hundred instructions or more however few.
    @inline(__always)
    mutating func truncate(to count: Int) {
        if self.count - count > 8 { removeSubrange(count...); return }
        while self.count > count { removeLast() }
    }
}

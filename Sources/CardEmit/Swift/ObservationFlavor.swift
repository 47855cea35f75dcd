import CardModel

/// `--swift-flavor observation`: per card an enum of its states (`BudgetState`), an `@Observable`
/// view model with plain properties initialised to the model defaults (`BudgetViewModel`), and,
/// when it has actions, a protocol of them for the app to implement (`BudgetActions`); per swipe
/// stack with actions, a protocol of those (`PlacesSwipeDelegate`). Imports only Foundation and
/// Observation, so it compiles and runs on Linux and in any SwiftUI app.
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

        w.line("// MARK: - Card \(card.name)")
        w.blank()
        w.doc("The states of \(card.name).")
        w.block("\(modifier)enum \(stateType): Hashable, Sendable") { w in
            for state in card.states { w.line("case \(SwiftWriter.identifier(state.name))") }
        }
        w.blank()

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
            property(Catalog.stateFieldName, type: stateType, value: Array(("." + SwiftWriter.identifier(card.initialState)).utf8), &w)
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

    /// One protocol requirement for an action used with `context`.
    static func requirement(_ name: String, _ context: ActionContext) -> String {
        let method = "func " + SwiftWriter.identifier(name)
        switch context {
        case .plain, .visibility: return method + "()"
        case .menu: return method + "(option: String, index: Int)"
        case .row(let type): return method + "(_ row: \(type))"
        case .page: return method + "(page: Int)"
        case .swipe, .select: return method + "(index: Int)"
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

    // MARK: Stacks

    func stacks(_ w: inout SwiftWriter) {
        for stack in file.stacks {
            let kind = stack.spec
            guard SwiftNames.stackSuffixes(kind, .observation).contains(SwiftNames.swipeDelegateSuffix) else { continue }
            let actions = Self.stackActions(stack)
            guard !actions.isEmpty else { continue }
            w.line("// MARK: - Stack \(stack.name)")
            w.blank()
            file.doc(stack.documentation, fallback: "The actions of the swipe stack \(stack.name), for the app to implement.", &w)
            w.line("@MainActor")
            w.block("\(access.modifier)protocol \(stack.name)\(SwiftNames.swipeDelegateSuffix): AnyObject") { w in
                var written: [String] = []
                for (name, context, event) in actions {
                    let requirement = Self.requirement(name, context)
                    guard !written.contains(requirement) else { continue }
                    written.append(requirement)
                    w.doc("`\(name)`: \(event).")
                    w.line(verbatim: requirement)
                }
            }
            w.blank()
        }
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

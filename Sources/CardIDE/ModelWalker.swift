import CardModel

/// Visits what a checked card refers to: every binding (with the row container it reads, for
/// `$item.field`) and every `push(…)` target, in its traits, header, parts, states, overlays
/// and footer. Shared parts appear in every state of the model; each is visited once.
struct ModelWalker {
    /// A binding as written, and for a row field, the binding giving the rows (`rows: $walks`).
    var binding: (Binding, _ rows: Binding?) -> Void
    var push: (Reference) -> Void

    private var seen = Set<Int>()

    init(binding: @escaping (Binding, Binding?) -> Void, push: @escaping (Reference) -> Void) {
        self.binding = binding
        self.push = push
    }

    mutating func walk(_ card: CardView) {
        for trait in card.traits { for property in trait.properties { visit(property.value, rows: nil) } }
        if let title = card.title { visit(title, rows: nil) }
        if let subtitle = card.subtitle { visit(subtitle, rows: nil) }
        for state in card.states {
            if let tap = state.tap { visit(.action(tap), rows: nil) }
            walk(state.parts, rows: nil)
        }
        for overlay in card.overlays { walk(overlay.parts, rows: nil) }
        if let footer = card.footer { walk(footer.parts, rows: nil) }
    }

    private mutating func walk(_ parts: PartList, rows: Binding?) {
        for part in parts {
            // Shared parts repeat in every state: the name's position identifies a part.
            guard seen.insert(part.span.start).inserted else { continue }
            var childRows = rows
            if let rowsParameter = part.spec.rowsParameter?.name {
                for property in part.properties where property.name == rowsParameter {
                    if case .binding(let rowsBinding) = property.value, !rowsBinding.isRowField, !rowsBinding.path.isEmpty {
                        childRows = rowsBinding
                    }
                }
            }
            for property in part.properties { visit(property.value, rows: rows) }
            walk(part.children, rows: childRows)
        }
    }

    private func visit(_ value: Value, rows: Binding?) {
        switch value {
        case .binding(let b):
            binding(b, b.isRowField ? rows : nil)
        case .action(.push(let reference)):
            push(reference)
        case .list(let values):
            for v in values { visit(v, rows: rows) }
        case .record(let arguments), .enumCase(_, let arguments):
            for argument in arguments { visit(argument.value, rows: rows) }
        default:
            break
        }
    }
}

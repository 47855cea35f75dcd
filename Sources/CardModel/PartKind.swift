/// Every node a card body may hold — the CardParts parts in docs/language.md §7.1 order, then the
/// structural nodes — as one exhaustive enumeration. `Catalog.nodes[kind.index]` is the kind's
/// entry (a test checks the two agree), and the checked model stores a part's kind as this
/// one byte. Layout, the back ends and the editor `switch` over it, so a part added to the
/// catalog is a compile error wherever it is not yet handled.
public enum PartKind: UInt8, CaseIterable, Sendable, Hashable {
    case text, attributedText, image, button, title, titleDescription, pill, iconLabel, separator
    case verticalSeparator, vstack, hstack, table, collection, bar, paged, slider, multiSlider, spacer
    case textField, centered, oriented, confetti, progressBar, map, radio, histogram
    // Structural nodes.
    case cell, overlay, footer, model

    /// The position of the kind's entry in `Catalog.nodes`.
    @inline(__always) public var index: Int { Int(rawValue) }

    /// The kind's catalog entry.
    @inline(__always) public var spec: PartSpec { Catalog.nodes[index] }

    /// The name written in source (`text`, `vstack`, `cell`).
    public var name: String { spec.name }

    /// The kind whose entry is `Catalog.nodes[index]`.
    public init?(index: Int) {
        guard index >= 0, index < PartKind.allCases.count, let kind = PartKind(rawValue: UInt8(index)) else { return nil }
        self = kind
    }
}

/// Every trait a card may conform to (docs/language.md §7.2), in catalog order, as one
/// exhaustive enumeration: `Catalog.traits[kind.index]` is the kind's entry (a test checks the
/// two agree). Readers ask a card for a trait by kind, never by its name.
public enum TraitKind: UInt8, CaseIterable, Sendable, Hashable {
    case noTopBottomMargins, transparent, editable, hidden, shadow, rounded, gradient, border, customMargin, longPress, visibility

    /// The position of the kind's entry in `Catalog.traits`.
    @inline(__always) public var index: Int { Int(rawValue) }

    /// The kind's catalog entry.
    @inline(__always) public var spec: TraitSpec { Catalog.traits[index] }

    /// The name written in source (`shadow`).
    public var name: String { spec.name }
}

// Did-you-mean for the catalog's names (`NameSuggester` over the catalog's tables).

import CardDiagnostics

extension Catalog {
    package static let nodeNames: [String] = nodes.map(\.name)
    package static let partClassNames: [String] = Array(nodesByClass.keys).sorted()
    package static let traitNames: [String] = traits.map(\.name)
    package static let traitProtocolNames: [String] = traits.map(\.cardPartsProtocol)
    package static let stackKindNames: [String] = stackKinds.map(\.name)
    package static let stackSeedClassNames: [String] = stackKinds.map(\.seedClass)
    package static let themePropertyNames: [String] = themeProperties.map(\.name)
    package static let namedColorNames: [String] = namedColors.map(\.name)
    package static let cardPropertyNames: [String] = cardProperties.map(\.name)

    /// A known part or structural node for an unknown node name (E301): a CardParts class name
    /// maps to its part (`CardPartTextView` → `text`), otherwise the closest node name (`txt` →
    /// `text`), otherwise the part whose class name is closest (`CardPartTextVeiw` → `text`).
    public static func suggestPart(for name: String) -> String? {
        if let part = partNamed(byCardPartsClass: name) { return part.name }
        if let close = NameSuggester.suggestion(for: name, among: nodeNames) { return close }
        if let className = NameSuggester.suggestion(for: name, among: partClassNames) {
            return partNamed(byCardPartsClass: className)?.name
        }
        return nil
    }

    /// A known trait for an unknown trait name (E302): a CardParts protocol maps to its trait
    /// (`ShadowCardTrait` → `shadow`), otherwise the closest trait or protocol name.
    public static func suggestTrait(for name: String) -> String? {
        if let trait = traitNamed(byProtocol: name) { return trait.name }
        if let close = NameSuggester.suggestion(for: name, among: traitNames) { return close }
        if let protocolName = NameSuggester.suggestion(for: name, among: traitProtocolNames) {
            return traitNamed(byProtocol: protocolName)?.name
        }
        return nil
    }

    /// A known stack kind for an unknown one (E309): a seed class maps to its kind
    /// (`CardsViewController` → `list`), otherwise the closest kind (`collapsable` →
    /// `collapsible`) or seed class name.
    public static func suggestStackKind(for name: String) -> String? {
        if let kind = stackKindNamed(bySeedClass: name) { return kind.name }
        if let close = NameSuggester.suggestion(for: name, among: stackKindNames) { return close }
        if let className = NameSuggester.suggestion(for: name, among: stackSeedClassNames) {
            return stackKindNamed(bySeedClass: className)?.name
        }
        return nil
    }

    /// The closest theme property (E310 in a theme body).
    public static func suggestThemeProperty(for name: String) -> String? {
        NameSuggester.suggestion(for: name, among: themePropertyNames)
    }

    /// The closest named color (for an unknown `.name` where a Color is expected).
    public static func suggestNamedColor(for name: String) -> String? {
        NameSuggester.suggestion(for: name, among: namedColorNames)
    }

    /// The closest card-level property (E310 in a card body).
    public static func suggestCardProperty(for name: String) -> String? {
        NameSuggester.suggestion(for: name, among: cardPropertyNames)
    }
}

extension PartSpec {
    /// The closest argument label of this node (E310).
    public func suggestParameter(for name: String) -> String? {
        NameSuggester.suggestion(for: name, among: parameters.lazy.filter { !$0.positional }.map(\.name))
    }
}

extension TraitSpec {
    /// The closest argument label of this trait (E310).
    public func suggestParameter(for name: String) -> String? {
        NameSuggester.suggestion(for: name, among: requirements.lazy.map(\.parameter.name))
    }
}

extension StackKindSpec {
    /// The closest argument label of this stack kind (E310).
    public func suggestArgument(for name: String) -> String? {
        NameSuggester.suggestion(for: name, among: arguments.lazy.map(\.name))
    }

    /// The closest body property of this stack kind (E310).
    public func suggestBodyProperty(for name: String) -> String? {
        NameSuggester.suggestion(for: name, among: bodyProperties.lazy.map(\.name))
    }
}

extension EnumType {
    /// The closest case name (E311).
    public func suggestCase(for name: String) -> String? {
        NameSuggester.suggestion(for: name, among: cases.lazy.map(\.name))
    }
}

import CardSema

extension Snapshot {
    /// The card's terminal preview in its default state, `width` columns wide: nil until the
    /// preview renderer is part of CardEmit.
    func cardPreview(_ card: CheckedCard, width: Int) -> String? { nil }

    /// Whether hovering a card shows its preview.
    public static var previewsCards: Bool { false }
}

extension CheckedCard {
    /// The card's traits, model, states, overlays and footer, fetched together.
    ///
    /// Each read of one of those properties finds the card's body in the deck's store again (a
    /// lock and a hash lookup); a back end that reads them all, card after card, fetches
    /// `contents` once per card and reads them from it.
    public struct Contents: Sendable {
        let body: CardBody

        public var traits: [CheckedTrait] { body.traits }
        public var model: [ModelField] { body.model }
        public var states: [CheckedState] { body.states }
        public var overlays: [(direction: SwipeDirection, parts: [CheckedPart])] { body.overlays }
        public var footer: (height: Double, transparent: Bool, parts: [CheckedPart])? { body.footer }
    }

    /// `traits`, `model`, `states`, `overlays` and `footer`, for one fetch of the card's body.
    /// Built for the caller and not cached: a back end reads each card once, and caching would
    /// keep the whole deck's public model alive until the end.
    public var contents: Contents { Contents(body: content.uncachedBody) }
}

extension CardView {
    /// The text's bytes as spelled, valid UTF-8 or not, for a writer that checks them as it
    /// copies them (and reads `utf8(_:)` or `string(_:)` for any that are not plain ASCII). Empty
    /// when the deck has no such file, as `utf8(_:)` gives. They live as long as the deck.
    @inlinable public func spelling(_ text: SourceText) -> UnsafeBufferPointer<UInt8> {
        guard let file = files[text.file] else { return UnsafeBufferPointer(start: nil, count: 0) }
        return text.bytes(in: file)
    }
}

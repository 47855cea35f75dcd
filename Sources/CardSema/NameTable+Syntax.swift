import CardModel
import CardSyntax

// The checker's look-ups of a node's name in a catalog table, straight from the source bytes.
// They live beside the checker, not with `NameTable` in CardModel: they are generic over their
// closure's result, and only inside one module does each call get a specialised copy (across
// modules every call looked up generic metadata at run time: 16 M instructions a 3,000-card deck).

extension SyntaxTree {
    /// Looks up a node's main token (its name or label) in `table`.
    func lookUp(_ node: NodeID, in table: NameTable) -> Int? {
        guard let token = mainToken(node) else { return nil }
        // Not through `withNameBytes`: its closure stayed a call of its own, around the probe.
        return file.bytes.withUnsafeBufferPointer { all in
            table.index(of: UnsafeBufferPointer(rebasing: all[token.range]), readable: all.count - token.start)
        }
    }

    /// Calls `body` with a token's bytes and how many bytes from their start the file holds (for
    /// `NameKey`). A token always lies within the file: no clamping as in `withBytes`.
    func withNameBytes<R>(of token: Token, _ body: (UnsafeBufferPointer<UInt8>, Int) -> R) -> R {
        file.bytes.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[token.range]), all.count - token.start)
        }
    }

    /// Calls `body` with a `.case` or `$binding` token's bytes after the sigil (as
    /// `withNameBytes`); nil when dropping the first byte would not drop the first character: a
    /// combining mark right after the sigil joins them into one (the `String` paths,
    /// `enumCaseName` and `bindingPath`, drop that character whole).
    func withBytesAfterSigil<R>(of token: Token, _ body: (UnsafeBufferPointer<UInt8>, Int) -> R) -> R? {
        withNameBytes(of: token) { bytes, readable in
            guard bytes.count < 2 || bytes[1] < 0x80 else { return nil }
            return body(UnsafeBufferPointer(rebasing: bytes.dropFirst()), readable - (bytes.isEmpty ? 0 : 1))
        }
    }

    /// Whether a node's main token is spelled `text` (false when it has none).
    func nameIs(_ node: NodeID, _ text: StaticString) -> Bool {
        guard let token = mainToken(node) else { return false }
        return self.token(token, is: text)
    }
}

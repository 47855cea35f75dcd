import CardSyntax

/// Positional questions about a syntax tree: which nodes and which token lie at a byte offset.
public struct SyntaxQuery {
    public let tree: SyntaxTree

    public init(tree: SyntaxTree) { self.tree = tree }

    /// The nodes whose range holds `offset`, from the file down to the innermost. An offset at
    /// a node's end counts as inside it (a cursor just after `text` is on `text`).
    public func path(at offset: Int) -> [NodeID] {
        var path = [tree.root]
        var current = tree.root
        descending: while true {
            for child in tree.children(current) {
                let range = tree.range(child)
                if range.lowerBound > offset { break }
                if offset <= range.upperBound && (range.lowerBound < range.upperBound || range.lowerBound == offset) {
                    path.append(child)
                    current = child
                    continue descending
                }
            }
            return path
        }
    }

    /// The innermost node whose range holds `offset`.
    public func node(at offset: Int) -> NodeID { path(at: offset).last ?? tree.root }

    /// The top-level declaration (a child of the file) whose range holds `offset`.
    public func topLevelDeclaration(containing offset: Int) -> NodeID? {
        let path = path(at: offset)
        guard path.count > 1 else { return nil }
        return tree.kind(path[1]).isDeclaration ? path[1] : nil
    }

    /// The main token of the innermost node on `path` whose main token holds `offset` (at its
    /// start, inside, or at its end), with that node.
    public func namedToken(on path: [NodeID], at offset: Int) -> (node: NodeID, token: Token)? {
        for node in path.reversed() {
            if let token = tree.mainToken(node), token.start <= offset, offset <= token.end { return (node, token) }
        }
        return nil
    }

    /// The token holding `offset` in `tokens` (the document's tokens): the one it is inside; at
    /// the boundary of two, the one starting there, unless a name ends there and punctuation
    /// starts there (a cursor just after a name is on the name); else the one ending there.
    public static func tokenIndex(at offset: Int, in tokens: TokenList) -> Int? {
        // The last token starting at or before the offset.
        var low = 0, high = tokens.count
        while low < high {
            let mid = (low + high) / 2
            if tokens.start(mid) <= offset { low = mid + 1 } else { high = mid }
        }
        let found = low - 1
        guard found >= 0, tokens.kind(found) != .endOfFile else { return nil }
        func isName(_ i: Int) -> Bool {
            let kind = tokens.kind(i)
            return kind.isIdentifierLike || kind == .binding || kind == .enumCase
        }
        let range = tokens.range(found)
        if range.lowerBound == offset {
            // A name ending here wins over punctuation starting here (`.title|)`).
            if found >= 1, tokens.end(found - 1) == offset, isName(found - 1), !isName(found) { return found - 1 }
            return found
        }
        return offset <= range.upperBound ? found : nil
    }
}

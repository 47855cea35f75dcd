import CardDiagnostics

// Accessors for the checker's hot loops.

extension SyntaxTree {
    /// The node just past `node`'s subtree (its next sibling, when it has one). Walking a node's
    /// children from `node.index + 1` to `next(after: node)` needs no `Children` value, which
    /// holds the tree and so costs a retain and a release per walk.
    @inlinable
    public func next(after node: NodeID) -> NodeID {
        NodeID(Int32(truncatingIfNeeded: subtreeEnd(Int(node.index))))
    }
}

/// A read-only view of a tree's node arrays and its file's bytes, for a pass that reads every
/// node of a region in order (the clean-card check): each read is a pointer load, with no
/// reference to retain and no array to open per node. Valid only inside
/// `SyntaxTree.withNodeView(_:)`; node indices come from the tree's own structure.
public struct NodeView {
    @usableFromInline let kinds: UnsafeBufferPointer<NodeKind>
    @usableFromInline let starts: UnsafeBufferPointer<UInt32>
    @usableFromInline let sizes: UnsafeBufferPointer<UInt16>
    @usableFromInline let mains: UnsafeBufferPointer<UInt16>
    /// The file's bytes.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// For the rare nodes whose sizes or main token live in side tables.
    @usableFromInline unowned(unsafe) let tree: SyntaxTree

    @inlinable
    init(tree: SyntaxTree, kinds: UnsafeBufferPointer<NodeKind>, starts: UnsafeBufferPointer<UInt32>,
         sizes: UnsafeBufferPointer<UInt16>, mains: UnsafeBufferPointer<UInt16>, bytes: UnsafeBufferPointer<UInt8>) {
        self.tree = tree
        self.kinds = kinds
        self.starts = starts
        self.sizes = sizes
        self.mains = mains
        self.bytes = bytes
    }

    @inlinable @inline(__always)
    public func kind(_ i: Int) -> NodeKind { kinds[i] }

    /// The index just past node `i`'s subtree (its next sibling, when it has one).
    @inlinable @inline(__always)
    public func end(_ i: Int) -> Int {
        let size = sizes[i]
        return _fastPath(size != NodeList.outlying) ? i &+ Int(size) : tree.largeSubtreeEnd(i)
    }

    /// The byte range of node `i`'s main token; an empty range at 0 when it has none.
    @inlinable @inline(__always)
    public func mainRange(_ i: Int) -> Range<Int> {
        let main = mains[i]
        let length = Int(main & NodeList.lengthMask)
        if length == 0 { return 0..<0 }
        let form = main >> NodeList.formShift
        if _slowPath(form & 1 != 0) { return tree.unusualMainToken(i).range }
        var start = Int(starts[i])
        if form == NodeList.afterKeywordForm { start &+= NodeList.keywordLength(kinds[i]) &+ 1 }
        return start..<start &+ length
    }

    /// The kind of node `i`'s main token (meaningful only when it has one): `.integer` or
    /// `.double` for a number, `.string` or `.multilineString` for a string, and so on.
    @inlinable @inline(__always)
    public func mainKind(_ i: Int) -> TokenKind {
        if _fastPath(mains[i] >> NodeList.formShift & 1 == 0) { return NodeList.usualMainKind(kinds[i]) }
        return tree.unusualMainToken(i).kind
    }

    /// Whether node `i`'s main token had a lexical error.
    @inlinable @inline(__always)
    public func mainIsMalformed(_ i: Int) -> Bool { mains[i] & NodeList.malformedBit != 0 }

    /// Whether node `i` was written with parentheses, even empty ones.
    @inlinable @inline(__always)
    public func hasParentheses(_ i: Int) -> Bool { mains[i] & NodeList.parenthesesBit != 0 }

    /// Whether a lexical or syntax error lies inside node `i` (`SyntaxTree.containsSyntaxError`).
    public func containsSyntaxError(_ i: Int) -> Bool { tree.containsSyntaxError(NodeID(Int32(truncatingIfNeeded: i))) }

    /// The value of an `argument` or `property` (its first child), or the node itself when it
    /// is a bare value; -1 for neither.
    @inlinable @inline(__always)
    public func value(_ i: Int) -> Int {
        let kind = kinds[i]
        if kind == .argument || kind == .property { return sizes[i] > 1 ? i &+ 1 : -1 }
        return kind.isValue ? i : -1
    }
}

extension SyntaxTree {
    /// Calls `body` with a view of the node arrays and the file's bytes.
    @inlinable
    public func withNodeView<R>(_ body: (NodeView) throws -> R) rethrows -> R {
        try nodes.kinds.withUnsafeBufferPointer { kinds in
            try nodes.starts.withUnsafeBufferPointer { starts in
                try nodes.subtreeSizes.withUnsafeBufferPointer { sizes in
                    try nodes.mains.withUnsafeBufferPointer { mains in
                        try file.bytes.withUnsafeBufferPointer { bytes in
                            try body(NodeView(tree: self, kinds: kinds, starts: starts, sizes: sizes, mains: mains, bytes: bytes))
                        }
                    }
                }
            }
        }
    }
}

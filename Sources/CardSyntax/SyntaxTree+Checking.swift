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

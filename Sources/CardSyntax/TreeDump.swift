/// A compact, indented rendering of a tree for tests and debugging:
/// `node text` lines, one per node, children indented by two spaces.
extension SyntaxTree {
    public func dump(_ node: NodeID? = nil) -> String {
        var out = ""
        dump(node ?? root, indent: 0, into: &out)
        return out
    }

    private func dump(_ node: NodeID, indent: Int, into out: inout String) {
        out += String(repeating: "  ", count: indent) + "\(kind(node))"
        if let t = mainToken(node) { out += " " + text(t).debugDescription }
        out += "\n"
        for child in children(node) { dump(child, indent: indent + 1, into: &out) }
    }
}

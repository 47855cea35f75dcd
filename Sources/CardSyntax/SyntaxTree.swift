import CardDiagnostics

/// The kinds of syntax node. Every construct of LANGUAGE.md §3 maps to one of a handful of
/// kinds, so the checker, formatter and language server walk one uniform tree.
///
/// Child layout per kind (children are in source order):
/// - `file`: `importDecl` and declaration nodes (and `unexpected` nodes).
/// - `importDecl`: main token = the path string; no children.
/// - `cardDecl`/`stackDecl`/`themeDecl`/`stateDecl`: main token = the name (or none when
///   missing); children: optional `conformanceList`, optional `block`.
/// - `conformanceList`: `call` nodes.
/// - `block`: items — `property`, declaration, `node` (and `unexpected`).
/// - `property`: main token = the label; one value child.
/// - `node`: main token = the name; children: arguments (values, or `argument` when labeled),
///   then an optional `block`.
/// - `argument`: main token = the label; one value child. Unlabeled arguments are bare values.
/// - value kinds: `string`, `number`, `color`, `boolean`, `binding`, `reference` (main token only);
///   `call` and `enumCase` (main token = name, children = arguments); `list` (values);
///   `record` (arguments/values); `missing` (a value the parser expected but did not find).
/// - `unexpected`: tokens skipped during error recovery.
public enum NodeKind: UInt8, Sendable {
    case file, importDecl
    case cardDecl, stackDecl, themeDecl, stateDecl
    case conformanceList, block, property, node, argument
    case string, number, color, boolean, binding, reference, call, enumCase, list, record, missing
    case unexpected

    public var isDeclaration: Bool { self == .cardDecl || self == .stackDecl || self == .themeDecl || self == .stateDecl }
    public var isValue: Bool { rawValue >= NodeKind.string.rawValue && rawValue <= NodeKind.missing.rawValue }
}

/// A node's index in its tree.
public struct NodeID: Hashable, Comparable, Sendable {
    public let index: Int32
    public init(_ index: Int32) { self.index = index }
    public static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.index < rhs.index }
}

/// Nodes stored pre-order as parallel arrays: a node's children follow it, and
/// `subtreeEnds[n]` is the index just past its last descendant. 17 bytes a node, no pointers.
public struct NodeList: Sendable {
    public internal(set) var kinds: [NodeKind] = []
    /// The token that names the node (-1: none).
    public internal(set) var mainTokens: [Int32] = []
    public internal(set) var firstTokens: [Int32] = []
    /// Last token included (inclusive); `lastToken < firstToken` for an empty node.
    public internal(set) var lastTokens: [Int32] = []
    public internal(set) var subtreeEnds: [Int32] = []

    public var count: Int { kinds.count }
}

/// A parsed file: tokens, comments, nodes and the lexical and syntax diagnostics. Parsing
/// never fails; a tree with errors is still complete enough to check.
///
/// A class, immutable after parsing: passes share one reference instead of copying a dozen
/// array references (measured: struct copies were the checker's top cost in retain/release).
public final class SyntaxTree: Sendable {
    public let file: SourceFile
    public let tokens: TokenList
    public let comments: [Comment]
    public let nodes: NodeList
    public let diagnostics: [Diagnostic]
    /// Start offsets of the lexical and syntax errors, ascending: the checker stays quiet about
    /// constructs that contain one, so a broken construct yields no cascade.
    public let errorOffsets: [Int]

    public init(file: SourceFile, tokens: TokenList, comments: [Comment], nodes: NodeList, diagnostics: [Diagnostic]) {
        self.file = file
        self.tokens = tokens
        self.comments = comments
        self.nodes = nodes
        self.diagnostics = diagnostics
        self.errorOffsets = diagnostics.filter { $0.severity == .error }.map(\.span.start).sorted()
    }

    /// True when a lexical or syntax error lies inside the node's range.
    public func containsSyntaxError(_ node: NodeID) -> Bool {
        guard !errorOffsets.isEmpty else { return false }
        let r = range(node)
        var low = 0, high = errorOffsets.count
        while low < high {
            let mid = (low + high) / 2
            if errorOffsets[mid] < r.lowerBound { low = mid + 1 } else { high = mid }
        }
        return low < errorOffsets.count && errorOffsets[low] <= r.upperBound
    }

    public var root: NodeID { NodeID(0) }

    public func kind(_ node: NodeID) -> NodeKind { nodes.kinds[Int(node.index)] }

    public func mainToken(_ node: NodeID) -> TokenIndex? {
        let t = nodes.mainTokens[Int(node.index)]
        return t < 0 ? nil : Int(t)
    }

    /// Byte range covered by the node's tokens.
    public func range(_ node: NodeID) -> Range<Int> {
        let i = Int(node.index)
        let first = Int(nodes.firstTokens[i]), last = Int(nodes.lastTokens[i])
        guard first < tokens.count else { return file.bytes.count..<file.bytes.count }
        if last < first { return tokens.start(first)..<tokens.start(first) }
        return tokens.start(first)..<tokens.end(min(last, tokens.count - 1))
    }

    public func span(_ node: NodeID) -> SourceSpan { SourceSpan(file: file.id, range(node)) }
    public func span(token: TokenIndex) -> SourceSpan { SourceSpan(file: file.id, tokens.range(token)) }

    public func firstToken(_ node: NodeID) -> TokenIndex { Int(nodes.firstTokens[Int(node.index)]) }
    public func lastToken(_ node: NodeID) -> TokenIndex { Int(nodes.lastTokens[Int(node.index)]) }

    /// The direct children, in source order.
    public func children(_ node: NodeID) -> Children {
        Children(subtreeEnds: nodes.subtreeEnds, first: node.index + 1, end: nodes.subtreeEnds[Int(node.index)])
    }

    /// All descendants in pre-order (not including `node`).
    public func descendants(_ node: NodeID) -> some Sequence<NodeID> {
        (Int(node.index) + 1..<Int(nodes.subtreeEnds[Int(node.index)])).lazy.map { NodeID(Int32($0)) }
    }

    /// The first child of the given kind.
    public func child(_ node: NodeID, _ kind: NodeKind) -> NodeID? {
        children(node).first { self.kind($0) == kind }
    }

    /// The parent of a node (a walk over the preceding nodes; fine outside hot paths).
    public func parent(_ node: NodeID) -> NodeID? {
        var i = Int(node.index) - 1
        while i >= 0 {
            if nodes.subtreeEnds[i] > node.index { return NodeID(Int32(i)) }
            i -= 1
        }
        return nil
    }

    // MARK: Token text

    /// The token's text as raw bytes decoded to a string.
    public func text(_ token: TokenIndex) -> String { file.text(tokens.range(token)) }

    /// The node's main token text ("" when missing).
    public func name(_ node: NodeID) -> String { mainToken(node).map(text) ?? "" }

    /// Compares a token's bytes with ASCII text without allocating.
    public func token(_ token: TokenIndex, is text: StaticString) -> Bool {
        let range = tokens.range(token)
        guard range.count == text.utf8CodeUnitCount else { return false }
        return file.bytes.withUnsafeBufferPointer { p in
            text.withUTF8Buffer { t in
                for k in 0..<t.count where p[range.lowerBound + k] != t[k] { return false }
                return true
            }
        }
    }

    // MARK: Structure helpers

    /// A declaration's or node's `block` child.
    public func block(_ node: NodeID) -> NodeID? { child(node, .block) }

    /// A declaration's conformance calls (traits, stack kind, parent theme).
    public func conformances(_ decl: NodeID) -> [NodeID] {
        guard let list = child(decl, .conformanceList) else { return [] }
        return Array(children(list))
    }

    /// A node's, call's or enum case's arguments (bare values and `argument` nodes).
    public func arguments(_ node: NodeID) -> [NodeID] {
        children(node).filter { kind($0) != .block }
    }

    /// True when the node was written with parentheses, even empty ones: `text()`.
    public func hasParentheses(_ node: NodeID) -> Bool {
        guard let main = mainToken(node), main + 1 < tokens.count else { return false }
        return tokens.kind(main + 1) == .leftParen
    }

    /// The label of an `argument` or `property` (nil for a bare value).
    public func label(_ node: NodeID) -> String? {
        let k = kind(node)
        return k == .argument || k == .property ? name(node) : nil
    }

    /// The value of an `argument` or `property`, or the node itself when it is a bare value.
    public func value(_ node: NodeID) -> NodeID? {
        let k = kind(node)
        if k == .argument || k == .property { return children(node).first { _ in true } }
        return k.isValue ? node : nil
    }

    /// The doc comment (`///` lines) directly above the node, without the slashes.
    public func docComment(_ node: NodeID) -> String? {
        let start = tokens.start(firstToken(node))
        // Comments are in source order: binary search the last one before `start`.
        var low = 0, high = comments.count
        while low < high {
            let mid = (low + high) / 2
            if comments[mid].start < start { low = mid + 1 } else { high = mid }
        }
        var lines: [String] = []
        var k = low - 1
        var boundary = start
        let previousTokenEnd = firstToken(node) > 0 ? tokens.end(firstToken(node) - 1) : 0
        while k >= 0, comments[k].kind == .doc, comments[k].end <= boundary, comments[k].start >= previousTokenEnd {
            // Only whitespace (and at most one line break) may separate consecutive doc lines.
            let gap = file.bytes[comments[k].end..<boundary]
            guard gap.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }),
                  gap.filter({ $0 == 0x0A }).count <= 1 else { break }
            var line = file.text(comments[k].start + 3..<comments[k].end)
            if line.hasPrefix(" ") { line.removeFirst() }
            lines.append(line)
            boundary = comments[k].start
            k -= 1
        }
        return lines.isEmpty ? nil : lines.reversed().joined(separator: "\n")
    }

    // MARK: Literal values

    public func stringValue(_ node: NodeID) -> String? {
        guard kind(node) == .string, let t = mainToken(node) else { return nil }
        let range = tokens.range(t)
        // Fast path: a closed single-line string without escapes is its bytes between the quotes.
        if tokens.kind(t) == .string && !tokens.isMalformed(t) && range.count >= 2 {
            let plain: String? = file.bytes.withUnsafeBufferPointer { p in
                let body = UnsafeBufferPointer(rebasing: p[(range.lowerBound + 1)..<(range.upperBound - 1)])
                return body.contains(0x5C) ? nil : String(decoding: body, as: UTF8.self)
            }
            if let plain { return plain }
        }
        return StringLiteral.value(of: Substring(text(t)))
    }

    public func integerValue(_ node: NodeID) -> Int? {
        guard kind(node) == .number, let t = mainToken(node), tokens.kind(t) == .integer else { return nil }
        return smallInteger(t) ?? NumberLiteral.integerValue(text(t))
    }

    /// The value of an integer or double literal as a Double.
    public func numberValue(_ node: NodeID) -> Double? {
        guard kind(node) == .number, let t = mainToken(node), !tokens.isMalformed(t) else { return nil }
        if tokens.kind(t) == .integer, let small = smallInteger(t) { return Double(small) }
        return NumberLiteral.doubleValue(text(t))
    }

    /// Plain decimal integers of up to 15 digits, parsed from the bytes without a String.
    private func smallInteger(_ t: TokenIndex) -> Int? {
        let range = tokens.range(t)
        return file.bytes.withUnsafeBufferPointer { p -> Int? in
            var i = range.lowerBound
            let negative = i < range.upperBound && p[i] == 0x2D
            if negative { i += 1 }
            guard range.upperBound - i >= 1 && range.upperBound - i <= 15 else { return nil }
            var value = 0
            while i < range.upperBound {
                let digit = p[i] &- 0x30
                guard digit < 10 else { return nil } // `_` separators take the slow path
                value = value * 10 + Int(digit)
                i += 1
            }
            return negative ? -value : value
        }
    }

    public func booleanValue(_ node: NodeID) -> Bool? {
        guard kind(node) == .boolean, let t = mainToken(node) else { return nil }
        return tokens.kind(t) == .keywordTrue
    }

    public func colorValue(_ node: NodeID) -> ColorLiteral? {
        guard kind(node) == .color, let t = mainToken(node) else { return nil }
        return ColorLiteral(text(t))
    }

    /// `$item.field` → ["item", "field"].
    public func bindingPath(_ node: NodeID) -> [String] {
        guard kind(node) == .binding, let t = mainToken(node) else { return [] }
        return text(t).dropFirst().split(separator: ".").map(String.init)
    }

    /// `.center` → "center".
    public func enumCaseName(_ node: NodeID) -> String {
        guard kind(node) == .enumCase, let t = mainToken(node) else { return "" }
        return String(text(t).dropFirst())
    }
}

/// The direct children of a node: hop from child to child over each child's subtree.
public struct Children: Sequence, Sendable {
    let subtreeEnds: [Int32]
    let first: Int32
    let end: Int32

    public struct Iterator: IteratorProtocol {
        let subtreeEnds: [Int32]
        var current: Int32
        let end: Int32
        public mutating func next() -> NodeID? {
            guard current < end else { return nil }
            let node = NodeID(current)
            current = subtreeEnds[Int(current)]
            return node
        }
    }

    public func makeIterator() -> Iterator { Iterator(subtreeEnds: subtreeEnds, current: first, end: end) }
    public var isEmpty: Bool { first >= end }
}

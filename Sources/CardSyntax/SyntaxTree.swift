import CardDiagnostics

/// The kinds of syntax node. Every construct of docs/language.md §3 maps to one of a handful of
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

/// Nodes stored pre-order as parallel arrays: a node's children follow it, and its subtree
/// size says where its descendants end. No token list stays behind: a node records in bytes
/// what later passes read — where it starts, its byte length, and its main token (the one that
/// names it): 11 bytes a node, no pointers.
public struct NodeList: Sendable {
    public internal(set) var kinds: [NodeKind] = []
    /// Where the node's first token starts (for an empty node, the token after it).
    public internal(set) var starts: [UInt32] = []
    /// The node's byte length, from its first token's start to its last token's end (0 for an
    /// empty node), or `outlying` for a large node (see `NodeSideTables`).
    public internal(set) var lengths: [UInt16] = []
    /// How many nodes the node's subtree holds, itself included, or `outlying` for a large node.
    @usableFromInline var subtreeSizes: [UInt16] = []
    /// The main token (the one that names the node) in 16 bits: its byte length (bits 0–11; 0
    /// for none, as no token is empty but the end of file, which names nothing), `malformed`
    /// (bit 12), a `(` right after it (bit 13, `hasParentheses`), and its form (bits 14–15):
    /// where it starts and which kind it has, given the node's kind.
    @usableFromInline var mains: [UInt16] = []
    var sideTables = NodeSideTables()

    @usableFromInline static let outlying = UInt16.max
    @usableFromInline static let lengthMask: UInt16 = 0xFFF
    @usableFromInline static let malformedBit: UInt16 = 1 << 12
    @usableFromInline static let parenthesesBit: UInt16 = 1 << 13
    @usableFromInline static let formShift: UInt16 = 14
    // The forms. Odd ones are rare and resolved out of line.
    /// It starts the node and has the node's usual kind (`usualMainKind`).
    @usableFromInline static let usualForm: UInt16 = 0
    /// It starts the node and has the other kind: a multi-line string, a double, `false`, or
    /// a keyword used as a name (which one, its bytes tell).
    static let otherForm: UInt16 = 1
    /// It has the usual kind and follows the node's keyword after one byte: `card Name`.
    @usableFromInline static let afterKeywordForm: UInt16 = 2
    /// Anything else (a token of 4,096 bytes or more, another gap after the keyword): its
    /// start, end and kind are in `NodeSideTables`.
    static let outlyingForm: UInt16 = 3

    /// The kind a node's main token usually has.
    @inlinable
    static func usualMainKind(_ node: NodeKind) -> TokenKind {
        switch node {
        case .string, .importDecl: .string
        case .number: .integer
        case .boolean: .keywordTrue
        case .color: .color
        case .binding: .binding
        case .enumCase: .enumCase
        default: .identifier
        }
    }

    /// The other kind a literal's main token may have (names may be keywords instead).
    static func otherMainKind(_ node: NodeKind) -> TokenKind? {
        switch node {
        case .string: .multilineString
        case .number: .double
        case .boolean: .keywordFalse
        default: nil
        }
    }

    /// The length of a declaration's or import's keyword (the node's first token).
    @inlinable
    static func keywordLength(_ node: NodeKind) -> Int {
        switch node {
        case .cardDecl: 4
        case .importDecl: 6
        default: 5 // stack, theme, state
        }
    }

    /// Packs a main token that starts `offset` bytes into a node of kind `node`; nil when it
    /// takes the side table.
    @inline(__always)
    static func main(_ token: Token, of node: NodeKind, offset: Int) -> UInt16? {
        let length = token.end - token.start
        let flags = UInt16(truncatingIfNeeded: length) | (token.isMalformed ? malformedBit : 0)
        if offset == 0 && length <= Int(lengthMask) && token.kind == usualMainKind(node) { return flags }
        return unusualMain(token, of: node, offset: offset).map { flags | $0 << formShift }
    }

    /// The form of a main token that is not of the usual form; nil when it takes the side table.
    static func unusualMain(_ token: Token, of node: NodeKind, offset: Int) -> UInt16? {
        guard token.end - token.start <= Int(lengthMask) else { return nil }
        let usual = usualMainKind(node)
        if offset == 0 && (token.kind == otherMainKind(node) || usual == .identifier && token.kind.isIdentifierLike) {
            return otherForm
        }
        if node.isDeclaration || node == .importDecl, offset == keywordLength(node) + 1, token.kind == usual {
            return afterKeywordForm
        }
        return nil
    }

    public var count: Int { kinds.count }
}

/// The few nodes whose sizes do not fit `NodeList`'s 16-bit fields.
struct NodeSideTables: Sendable {
    /// Nodes (ascending) whose main token has the outlying form (see `NodeList.mains`), with
    /// that token's start, end and kind.
    var outlyingMains: [Int32] = []
    var outlyingStarts: [UInt32] = []
    var outlyingEnds: [UInt32] = []
    var outlyingKinds: [TokenKind] = []
    /// Large nodes (ascending): 65,535 bytes long or more, or 65,535 nodes in their subtree or
    /// more (the file, huge cards), with their ends and subtree ends.
    var largeNodes: [Int32] = []
    var largeNodeEnds: [UInt32] = []
    var largeSubtreeEnds: [Int32] = []

    /// Nodes close innermost first: puts the large ones in index order.
    mutating func sortLargeNodes() {
        let order = largeNodes.indices.sorted { largeNodes[$0] < largeNodes[$1] }
        largeNodes = order.map { largeNodes[$0] }
        largeNodeEnds = order.map { largeNodeEnds[$0] }
        largeSubtreeEnds = order.map { largeSubtreeEnds[$0] }
    }

    /// Where node `i` is in a side table's ascending node indices (binary search).
    static func position(of i: Int, in nodes: [Int32]) -> Int {
        var low = 0, high = nodes.count
        while low < high {
            let mid = (low + high) / 2
            if Int(nodes[mid]) < i { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// A parsed file: comments, nodes and the lexical and syntax diagnostics. Parsing never fails;
/// a tree with errors is still complete enough to check.
///
/// A class, immutable after parsing: passes share one reference instead of copying a dozen
/// array references (measured: struct copies were the checker's top cost in retain/release).
public final class SyntaxTree: Sendable {
    public let file: SourceFile
    public let comments: [Comment]
    public let nodes: NodeList
    public let diagnostics: [Diagnostic]
    /// How many tokens the file has, the end of file included (the tokens themselves are gone).
    public let tokenCount: Int
    /// Start offsets of the lexical and syntax errors, ascending: the checker stays quiet about
    /// constructs that contain one, so a broken construct yields no cascade.
    public let errorOffsets: [Int]
    /// Lexical and syntax errors past `Lexer.diagnosticLimit`, counted but not in `diagnostics`.
    public let omittedDiagnostics: Int

    public init(file: SourceFile, comments: [Comment], nodes: NodeList, diagnostics: [Diagnostic], tokenCount: Int,
                omittedDiagnostics: Int = 0) {
        self.file = file
        self.comments = comments
        self.nodes = nodes
        self.diagnostics = diagnostics
        self.tokenCount = tokenCount
        self.omittedDiagnostics = omittedDiagnostics
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

    // The accessors the checker calls per node are `@inlinable`: across the module boundary a
    // call cost more than the array read it wraps.
    @inlinable
    public func kind(_ node: NodeID) -> NodeKind { nodes.kinds[Int(node.index)] }

    /// The token that names the node, if any.
    @inlinable @inline(__always)
    public func mainToken(_ node: NodeID) -> Token? {
        let i = Int(node.index)
        let main = nodes.mains[i]
        let length = Int(main & NodeList.lengthMask)
        if length == 0 { return nil }
        let form = main >> NodeList.formShift
        if _slowPath(form & 1 != 0) { return unusualMainToken(i) }
        let kind = nodes.kinds[i]
        var start = Int(nodes.starts[i])
        if form == NodeList.afterKeywordForm { start += NodeList.keywordLength(kind) + 1 }
        return Token(NodeList.usualMainKind(kind), start, start + length,
                     flags: main & NodeList.malformedBit != 0 ? TokenFlags.malformed : 0)
    }

    /// The node's first token: its main token when that starts the node, else lexed again from
    /// the node's start (a declaration's keyword, an opening bracket; rare outside diagnostics).
    public func firstToken(_ node: NodeID) -> Token {
        let start = Int(nodes.starts[Int(node.index)])
        if let main = mainToken(node), main.start == start { return main }
        return Lexer.token(at: start, in: file)
    }

    /// The node just past `node`'s subtree (its next sibling, when it has one): a node's
    /// children are the nodes from `node.index + 1` up to it, each followed by its subtree.
    @inlinable
    public func next(after node: NodeID) -> NodeID {
        NodeID(Int32(truncatingIfNeeded: subtreeEnd(Int(node.index))))
    }

    /// Byte range covered by the node's tokens.
    public func range(_ node: NodeID) -> Range<Int> {
        let i = Int(node.index)
        let start = Int(nodes.starts[i]), length = nodes.lengths[i]
        guard length == NodeList.outlying else { return start..<start + Int(length) }
        return start..<Int(nodes.sideTables.largeNodeEnds[NodeSideTables.position(of: i, in: nodes.sideTables.largeNodes)])
    }

    // The rare cases below are methods of the tree, not of `NodeList`: calling a method of the
    // struct copies its dozen array references first, even on the fast path.

    /// Node `i`'s main token of the other or the outlying form.
    @usableFromInline func unusualMainToken(_ i: Int) -> Token {
        let main = nodes.mains[i]
        let flags = main & NodeList.malformedBit != 0 ? TokenFlags.malformed : 0
        guard main >> NodeList.formShift == NodeList.otherForm else {
            let tables = nodes.sideTables
            let k = NodeSideTables.position(of: i, in: tables.outlyingMains)
            return Token(tables.outlyingKinds[k], Int(tables.outlyingStarts[k]), Int(tables.outlyingEnds[k]), flags: flags)
        }
        let start = Int(nodes.starts[i]), length = Int(main & NodeList.lengthMask)
        let kind = NodeList.otherMainKind(nodes.kinds[i])
            ?? file.bytes.withUnsafeBufferPointer { LexerState.keywordKind($0, start, length) }
        return Token(kind, start, start + length, flags: flags)
    }

    /// The index just past node `i`'s last descendant.
    @inlinable
    func subtreeEnd(_ i: Int) -> Int {
        let size = nodes.subtreeSizes[i]
        return _fastPath(size != NodeList.outlying) ? i + Int(size) : largeSubtreeEnd(i)
    }

    @usableFromInline func largeSubtreeEnd(_ i: Int) -> Int {
        Int(nodes.sideTables.largeSubtreeEnds[NodeSideTables.position(of: i, in: nodes.sideTables.largeNodes)])
    }

    public func span(_ node: NodeID) -> SourceSpan { SourceSpan(file: file.id, range(node)) }
    @inlinable public func span(token: Token) -> SourceSpan { SourceSpan(file: file.id, token.range) }
    /// A token's byte range (the same as `token.range`).
    @inlinable public func range(token: Token) -> Range<Int> { token.range }

    /// The direct children, in source order.
    @inlinable
    public func children(_ node: NodeID) -> Children {
        Children(tree: self, first: node.index + 1, end: Int32(truncatingIfNeeded: subtreeEnd(Int(node.index))))
    }

    /// All descendants in pre-order (not including `node`).
    public func descendants(_ node: NodeID) -> some Sequence<NodeID> {
        (Int(node.index) + 1..<subtreeEnd(Int(node.index))).lazy.map { NodeID(Int32($0)) }
    }

    /// The first child of the given kind.
    @inlinable
    public func child(_ node: NodeID, _ kind: NodeKind) -> NodeID? {
        // A plain walk: no `Children` value, so no reference to the tree to retain.
        let end = subtreeEnd(Int(node.index))
        var c = Int(node.index) + 1
        while c < end {
            if nodes.kinds[c] == kind { return NodeID(Int32(truncatingIfNeeded: c)) }
            c = subtreeEnd(c)
        }
        return nil
    }

    /// The parent of a node (a walk over the preceding nodes; fine outside hot paths).
    public func parent(_ node: NodeID) -> NodeID? {
        var i = Int(node.index) - 1
        while i >= 0 {
            if subtreeEnd(i) > Int(node.index) { return NodeID(Int32(i)) }
            i -= 1
        }
        return nil
    }

    // MARK: Token text

    /// The token's text as raw bytes decoded to a string.
    public func text(_ token: Token) -> String { file.text(token.range) }

    /// The node's main token text ("" when missing).
    public func name(_ node: NodeID) -> String { mainToken(node).map(text) ?? "" }

    /// Compares a token's bytes with ASCII text without allocating.
    public func token(_ token: Token, is text: StaticString) -> Bool {
        let range = token.range
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
    @inlinable
    public func block(_ node: NodeID) -> NodeID? { child(node, .block) }

    /// The items of a declaration's or node's block (none without a block).
    public func blockItems(_ node: NodeID) -> Children {
        guard let block = block(node) else { return Children(tree: self, first: 0, end: 0) }
        return children(block)
    }

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
        nodes.mains[Int(node.index)] & NodeList.parenthesesBit != 0
    }

    /// The label of an `argument` or `property` (nil for a bare value).
    public func label(_ node: NodeID) -> String? {
        let k = kind(node)
        return k == .argument || k == .property ? name(node) : nil
    }

    /// The value of an `argument` or `property`, or the node itself when it is a bare value.
    @inlinable
    public func value(_ node: NodeID) -> NodeID? {
        let k = kind(node)
        // The first child, if any, directly follows (`outlying` is more than 1 too).
        if k == .argument || k == .property { return nodes.subtreeSizes[Int(node.index)] > 1 ? NodeID(node.index + 1) : nil }
        return k.isValue ? node : nil
    }

    /// The index in `comments` of the first comment starting at or after byte `offset`
    /// (`comments.count` when none): comments are in source order, so found by bisection.
    public func firstComment(startingAtOrAfter offset: Int) -> Int {
        var low = 0, high = comments.count
        while low < high {
            let mid = (low + high) / 2
            if comments[mid].start < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The doc comment (`///` lines) directly above the node, without the slashes.
    public func docComment(_ node: NodeID) -> String? {
        docCommentRange(node).map { Self.docComment(in: file, range: $0) }
    }

    /// Where the doc comment directly above the node lies: from its first line's `///` to the
    /// end of its last line. Cheap to find and to keep; `docComment(in:range:)` reads the text.
    public func docCommentRange(_ node: NodeID) -> Range<Int>? {
        let start = Int(nodes.starts[Int(node.index)])
        let low = firstComment(startingAtOrAfter: start)
        let last = low - 1
        var first = low
        var boundary = start
        // Only whitespace may separate the lines and the node, so no token lies between them.
        while first > 0 {
            let comment = comments[first - 1]
            guard comment.kind == .doc, comment.end <= boundary,
                  Self.isDocCommentGap(file.bytes, comment.end..<boundary) else { break }
            boundary = comment.start
            first -= 1
        }
        guard first <= last else { return nil }
        return comments[first].start..<comments[last].end
    }

    /// The text of the doc comment lines at `range` of `file` (a `docCommentRange`): each line
    /// without its `///` and one leading space, joined with line breaks.
    public static func docComment(in file: SourceFile, range: Range<Int>) -> String {
        let bytes = file.bytes
        let range = range.clamped(to: 0..<bytes.count)
        // The lines are split again as the lexer split its comments: a line ends at a line
        // break (`LineBreak`), and only whitespace separates one line from the next `///`.
        var lines: [Range<Int>] = []
        var start = range.lowerBound
        while start < range.upperBound {
            let end = bytes.withUnsafeBufferPointer { LineBreak.lineEnd($0, from: start, to: range.upperBound) }
            var next = end
            lines.append(start..<end)
            while next < range.upperBound && bytes[next] != 0x2F { next += 1 }
            start = next
        }
        if lines.count == 1, let line = plainDocLine(lines[0], in: file) { return line }
        // The lines' bytes joined with `\n`, decoded once.
        var text: [UInt8] = []
        for (k, line) in lines.enumerated() {
            if k > 0 { text.append(0x0A) }
            var lineStart = line.lowerBound + 3
            let lineEnd = line.upperBound
            if lineStart < lineEnd && bytes[lineStart] == 0x20 {
                // One leading space goes, unless it starts a grapheme with a combining mark,
                // which `String.hasPrefix(" ")` would not match.
                if lineStart + 1 < lineEnd && bytes[lineStart + 1] >= 0x80 {
                    var line = file.text(lineStart..<lineEnd)
                    if line.hasPrefix(" ") { line.removeFirst() }
                    text.append(contentsOf: line.utf8)
                    continue
                }
                lineStart += 1
            }
            text.append(contentsOf: bytes[min(lineStart, lineEnd)..<lineEnd])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A one-line doc comment's text, decoded straight from the file when its leading space is
    /// plain (nil otherwise: `docComment` then takes the general path).
    private static func plainDocLine(_ line: Range<Int>, in file: SourceFile) -> String? {
        var start = line.lowerBound + 3
        let end = line.upperBound
        guard start <= end else { return nil }
        if start < end && file.bytes[start] == 0x20 {
            guard start + 1 == end || file.bytes[start + 1] < 0x80 else { return nil }
            start += 1
        }
        return file.text(start..<end)
    }

    /// Only whitespace, with at most one line break, may separate consecutive doc lines.
    private static func isDocCommentGap(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        var lineBreaks = 0
        for i in range {
            let b = bytes[i]
            if LineBreak.isBreakByte(b) {
                if LineBreak.endsLine(bytes, at: i) { lineBreaks += 1 }
            } else if b != 0x20 && b != 0x09 {
                return false
            }
        }
        return lineBreaks <= 1
    }

    // MARK: Literal values

    public func stringValue(_ node: NodeID) -> String? {
        guard kind(node) == .string, let t = mainToken(node) else { return nil }
        return withBytes(of: t, StringLiteral.value)
    }

    /// The bytes between the quotes of a closed single-line string literal without escapes,
    /// which are its value as they stand; nil when `stringValue` has to decode the literal.
    public func plainStringBody(_ node: NodeID) -> Range<Int>? {
        guard kind(node) == .string, let t = mainToken(node), t.kind == .string, !t.isMalformed else { return nil }
        let range = t.range
        guard range.count >= 2 else { return nil }
        let body = (range.lowerBound + 1)..<(range.upperBound - 1)
        let hasEscape = file.bytes.withUnsafeBufferPointer { StringLiteral.containsBackslash(UnsafeBufferPointer(rebasing: $0[body])) }
        return hasEscape ? nil : body
    }

    // Number values read the token's bytes in place (a token lies within its file): through
    // `withBytes`, the decoder would stay a separate closure.

    public func integerValue(_ node: NodeID) -> Int? {
        guard kind(node) == .number, let t = mainToken(node), t.kind == .integer else { return nil }
        let range = t.range
        return file.bytes.withUnsafeBufferPointer { NumberLiteral.smallIntegerValue(UnsafeBufferPointer(rebasing: $0[range])) }
            ?? NumberLiteral.integerValue(text(t))
    }

    /// The value of an integer or double literal as a Double.
    public func numberValue(_ node: NodeID) -> Double? {
        guard kind(node) == .number, let t = mainToken(node), !t.isMalformed else { return nil }
        let range = t.range
        return file.bytes.withUnsafeBufferPointer { NumberLiteral.fastDoubleValue(UnsafeBufferPointer(rebasing: $0[range])) }
            ?? NumberLiteral.doubleValue(text(t))
    }

    /// Calls `body` with a token's bytes (no `String` is made).
    @inlinable
    public func withBytes<R>(of token: Token, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let range = token.range
        return file.bytes.withUnsafeBufferPointer { all in
            let lower = min(max(range.lowerBound, 0), all.count)
            let upper = min(max(range.upperBound, lower), all.count)
            return body(UnsafeBufferPointer(rebasing: all[lower..<upper]))
        }
    }

    public func booleanValue(_ node: NodeID) -> Bool? {
        guard kind(node) == .boolean, let t = mainToken(node) else { return nil }
        return t.kind == .keywordTrue
    }

    public func colorValue(_ node: NodeID) -> ColorLiteral? {
        guard kind(node) == .color, let t = mainToken(node) else { return nil }
        return withBytes(of: t) { ColorLiteral(bytes: $0) }
    }

    /// `$item.field` → ["item", "field"].
    public func bindingPath(_ node: NodeID) -> [String] {
        guard kind(node) == .binding, let t = mainToken(node) else { return [] }
        return withBytes(of: t) { Self.bindingPath(spelledBy: $0) }
    }

    /// A binding token's bytes, `$item.field`, as its path ["item", "field"]: the text after the
    /// first character, split at dots, empty pieces omitted.
    public static func bindingPath(spelledBy bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var path: [String] = []
        forEachBindingComponent(spelledBy: bytes) { path.append(String(decoding: $0, as: UTF8.self)) }
        return path
    }

    /// Calls `body` with the UTF-8 bytes of each component of the path a binding token's bytes
    /// spell (`bindingPath(spelledBy:)`'s pieces), without building the path.
    public static func forEachBindingComponent(spelledBy bytes: UnsafeBufferPointer<UInt8>,
                                               _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard bytes.count > 1 else { return }
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            for piece in String(decoding: bytes, as: UTF8.self).dropFirst().split(separator: ".") {
                var piece = String(piece)
                piece.withUTF8 { body($0) }
            }
            return
        }
        // In ASCII every byte is a character: splitting the bytes gives the same pieces, without
        // the grapheme-breaking `String` path.
        var start = 1
        for i in 1...bytes.count where i == bytes.count || bytes[i] == 0x2E {
            if i > start { body(UnsafeBufferPointer(rebasing: bytes[start..<i])) }
            start = i + 1
        }
    }

    /// `.center` → "center".
    public func enumCaseName(_ node: NodeID) -> String {
        guard kind(node) == .enumCase, let t = mainToken(node) else { return "" }
        return Self.enumCaseName(spelled: text(t))
    }

    /// An enum case token's text, `.center`, as its name "center".
    public static func enumCaseName(spelled text: String) -> String { String(text.dropFirst()) }
}

/// The direct children of a node: hop from child to child over each child's subtree.
public struct Children: Sequence, Sendable {
    @usableFromInline let tree: SyntaxTree
    @usableFromInline let first: Int32
    @usableFromInline let end: Int32

    @inlinable
    init(tree: SyntaxTree, first: Int32, end: Int32) {
        self.tree = tree
        self.first = first
        self.end = end
    }

    public struct Iterator: IteratorProtocol {
        @usableFromInline let tree: SyntaxTree
        @usableFromInline var current: Int32
        @usableFromInline let end: Int32

        @inlinable
        init(tree: SyntaxTree, current: Int32, end: Int32) {
            self.tree = tree
            self.current = current
            self.end = end
        }

        @inlinable
        public mutating func next() -> NodeID? {
            guard current < end else { return nil }
            let node = NodeID(current)
            current = Int32(truncatingIfNeeded: tree.subtreeEnd(Int(current)))
            return node
        }
    }

    @inlinable
    public func makeIterator() -> Iterator { Iterator(tree: tree, current: first, end: end) }
    @inlinable
    public var isEmpty: Bool { first >= end }
}

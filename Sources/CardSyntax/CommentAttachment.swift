import CardDiagnostics

/// Where the formatter prints one comment: the node it belongs to and its place in that node.
///
/// Comments are attached as prettier attaches them, with the gaps between a node's own tokens
/// as places of their own:
/// - In a list of elements (a file's imports and declarations, a block's items, the arguments
///   of a call, the elements of a list or record, a declaration's conformances), a comment
///   between two elements on the line where the first ends is `trailing` that element; one on a
///   later line is `leading` the next. Comments after the opener belong to the first element,
///   those before the closer to the last; in an empty list they are `dangling` in its owner.
/// - A comment between two tokens of one node that no element separates (`card /*c*/ Name`,
///   `label: /*c*/ value`, `name(…) /*c*/ {`) stays in that gap: `afterKeyword`, `beforeColon`,
///   `afterColon`, `beforeArguments` or `beforeBlock`.
///
/// So a comment never moves to another construct, and comments keep their order.
public struct CommentPlacement: Sendable, Equatable {
    public enum Slot: UInt8, Sendable {
        /// Before an element of a list.
        case leading
        /// After an element: on its line, or, after the last element, on lines of its own.
        case trailing
        /// Inside an empty block, argument list, list or record (the node owning the brackets),
        /// or an empty file.
        case dangling
        /// `card /*here*/ Name`, `import /*here*/ "path"`.
        case afterKeyword
        /// `Name /*here*/: traits`, `label /*here*/: value`.
        case beforeColon
        /// `Name: /*here*/ traits`, `label: /*here*/ value`.
        case afterColon
        /// `name /*here*/(arguments)`.
        case beforeArguments
        /// `name(arguments) /*here*/ {`, `card Name: trait /*here*/ {`.
        case beforeBlock

        /// Whether the slot lies between the elements of a list (leading, trailing, dangling),
        /// where the comment keeps its own line breaks; in the other slots a block comment is
        /// printed inline.
        public var isBetweenElements: Bool { rawValue <= Slot.dangling.rawValue }
    }

    /// The element (`leading`, `trailing`), the owner of the empty brackets (`dangling`), or the
    /// node whose tokens the comment lies between.
    public let node: NodeID
    public let slot: Slot
    /// Line breaks between the comment and the token or comment before it: 0, 1, or 2 for a
    /// blank line or more. Separators (`,` `;`) count as spaces.
    public let lineBreaksBefore: UInt8
    /// Line breaks between the comment and what follows it, counted the same way; at least 1
    /// after a line comment.
    public let lineBreaksAfter: UInt8

    public init(node: NodeID, slot: Slot, lineBreaksBefore: UInt8, lineBreaksAfter: UInt8) {
        self.node = node
        self.slot = slot
        self.lineBreaksBefore = lineBreaksBefore
        self.lineBreaksAfter = lineBreaksAfter
    }
}

/// Every comment of a tree attached to a node (`CommentPlacement`), computed in one walk in
/// source order that enters only the subtrees holding comments.
public struct CommentAttachment: Sendable {
    /// One placement per comment, in the order of `SyntaxTree.comments` (which is the order
    /// the formatter prints them in).
    public let placements: [CommentPlacement]

    /// Attaches the comments of `tree`, which should have no syntax errors (comments inside
    /// tokens the parser skipped are then attached to the node around them).
    public init(_ tree: SyntaxTree) {
        var attacher = Attacher(tree: tree)
        attacher.attachAll()
        placements = attacher.placements
    }
}

/// The walk behind `CommentAttachment`. It mirrors the formatter's printing order: at every gap
/// it takes the comments that start before the gap's end.
private struct Attacher {
    let tree: SyntaxTree
    let bytes: [UInt8]
    let comments: [Comment]
    var placements: [CommentPlacement] = []
    /// The first comment not yet placed.
    var cursor = 0

    init(tree: SyntaxTree) {
        self.tree = tree
        bytes = tree.file.bytes
        comments = tree.comments
        placements.reserveCapacity(comments.count)
    }

    mutating func attachAll() {
        let root = tree.root
        guard !comments.isEmpty else { return }
        list(Array(tree.children(root)), owner: root, closer: .at(bytes.count))
        // Anything left (only possible after syntax errors) goes to the file.
        while cursor < comments.count { place(root, .dangling) }
    }

    // MARK: Placing

    /// Whether a comment not yet placed starts before `offset`.
    func hasComment(before offset: Int) -> Bool { cursor < comments.count && comments[cursor].start < offset }

    mutating func place(_ node: NodeID, _ slot: CommentPlacement.Slot) {
        let comment = comments[cursor]
        let after = lineBreaks(after: comment.end)
        let isLine = comment.kind != .block
        placements.append(CommentPlacement(node: node, slot: slot, lineBreaksBefore: lineBreaks(before: comment.start),
                                           lineBreaksAfter: isLine ? max(1, after) : after))
        cursor += 1
    }

    /// Places every comment that starts before `offset` in `slot` of `node`.
    mutating func place(before offset: Int, _ node: NodeID, _ slot: CommentPlacement.Slot) {
        while hasComment(before: offset) { place(node, slot) }
    }

    // MARK: Bytes

    static func isSpaceOrSeparator(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A || b == 0x2C || b == 0x3B
    }

    /// Line breaks (at most 2) in the spaces and separators that end at `offset`.
    func lineBreaks(before offset: Int) -> UInt8 {
        var i = min(offset, bytes.count) - 1
        var count: UInt8 = 0
        while i >= 0 && Self.isSpaceOrSeparator(bytes[i]) {
            if LineBreak.endsLine(bytes, at: i) { count += 1; if count == 2 { break } }
            i -= 1
        }
        return count
    }

    /// Line breaks (at most 2) in the spaces and separators that start at `offset`.
    func lineBreaks(after offset: Int) -> UInt8 {
        var i = max(offset, 0)
        var count: UInt8 = 0
        while i < bytes.count && Self.isSpaceOrSeparator(bytes[i]) {
            if LineBreak.endsLine(bytes, at: i) { count += 1; if count == 2 { break } }
            i += 1
        }
        return count
    }

    /// Where the next token at or after `offset` starts, skipping spaces and the comments not
    /// yet placed (which are the ones in between).
    func nextToken(from offset: Int) -> Int {
        var i = offset
        var probe = cursor
        while true {
            while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D || bytes[i] == 0x0A) { i += 1 }
            while probe < comments.count && comments[probe].start < i { probe += 1 }
            guard probe < comments.count && comments[probe].start == i else { return i }
            i = comments[probe].end
            probe += 1
        }
    }

    // MARK: Walking

    /// Where a list's closer is: known, or the first token after the last element (or the
    /// opener) that is not a `,`.
    enum Closer {
        case at(Int)
        case afterSeparator(from: Int)
    }

    /// A list of elements between an opener (already passed) and a closer; `owner` receives the
    /// dangling comments of an empty list.
    mutating func list(_ elements: [NodeID], owner: NodeID, closer: Closer) {
        func closerOffset(_ attacher: Attacher) -> Int {
            switch closer {
            case .at(let offset): return offset
            case .afterSeparator(let from):
                let next = attacher.nextToken(from: from)
                if next < attacher.bytes.count && attacher.bytes[next] == 0x2C { return attacher.nextToken(from: next + 1) }
                return next
            }
        }
        guard let last = elements.last else {
            place(before: closerOffset(self), owner, .dangling)
            return
        }
        for (i, element) in elements.enumerated() {
            let start = tree.range(element).lowerBound
            if i > 0 {
                // On the previous element's line: trailing it; from the first line break on:
                // leading this one.
                let previous = elements[i - 1]
                while hasComment(before: start) && lineBreaks(before: comments[cursor].start) == 0 { place(previous, .trailing) }
            }
            place(before: start, element, .leading)
            walk(element)
        }
        place(before: closerOffset(self), last, .trailing)
    }

    /// Places the comments inside `node`'s own gaps and its descendants.
    mutating func walk(_ node: NodeID) {
        let range = tree.range(node)
        guard hasComment(before: range.upperBound) else { return }
        switch tree.kind(node) {
        case .importDecl:
            place(before: tree.mainToken(node)?.start ?? range.upperBound, node, .afterKeyword)
        case .cardDecl, .stackDecl, .themeDecl, .stateDecl:
            declaration(node, range)
        case .property, .argument:
            guard let name = tree.mainToken(node) else { break }
            let colon = nextToken(from: name.end)
            place(before: colon, node, .beforeColon)
            if let value = tree.value(node) {
                place(before: tree.range(value).lowerBound, node, .afterColon)
                walk(value)
            }
        case .node, .call, .enumCase:
            call(node, range)
        case .list, .record:
            list(Array(tree.children(node)), owner: node, closer: .at(range.upperBound - 1))
        default:
            break
        }
        // After syntax errors (skipped tokens) some may be left inside: they stay with the node.
        place(before: range.upperBound, node, .beforeBlock)
    }

    mutating func declaration(_ node: NodeID, _ range: Range<Int>) {
        guard let name = tree.mainToken(node) else { return }
        place(before: name.start, node, .afterKeyword)
        let block = tree.block(node)
        let blockStart = block.map { tree.range($0).lowerBound } ?? range.upperBound
        if let conformances = tree.child(node, .conformanceList) {
            let colon = nextToken(from: name.end)
            place(before: colon, node, .beforeColon)
            let calls = Array(tree.children(conformances))
            if let first = calls.first {
                place(before: tree.range(first).lowerBound, node, .afterColon)
                for (i, call) in calls.enumerated() {
                    if i > 0 {
                        let start = tree.range(call).lowerBound
                        while hasComment(before: start) && lineBreaks(before: comments[cursor].start) == 0 {
                            place(calls[i - 1], .trailing)
                        }
                        place(before: start, call, .leading)
                    }
                    walk(call)
                }
            }
        }
        place(before: blockStart, node, .beforeBlock)
        if let block { self.block(block) }
    }

    mutating func block(_ block: NodeID) {
        let range = tree.range(block)
        guard hasComment(before: range.upperBound) else { return }
        list(Array(tree.children(block)), owner: block, closer: .at(range.upperBound - 1))
    }

    mutating func call(_ node: NodeID, _ range: Range<Int>) {
        let block = tree.block(node)
        if tree.hasParentheses(node), let name = tree.mainToken(node) {
            let opener = nextToken(from: name.end)
            place(before: opener, node, .beforeArguments)
            let arguments = tree.arguments(node)
            let afterLast = arguments.last.map { tree.range($0).upperBound } ?? opener + 1
            list(arguments, owner: node, closer: .afterSeparator(from: afterLast))
        }
        place(before: block.map { tree.range($0).lowerBound } ?? range.upperBound, node, .beforeBlock)
        if let block { self.block(block) }
    }
}

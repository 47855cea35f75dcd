import CardDiagnostics

/// The canonical formatter behind `cardc fmt` and the language server's formatting:
/// one style, no options, in the spirit of gofmt.
///
/// - Two spaces of indentation; one item per line (`;` and `,` between items become line
///   breaks); non-empty blocks always open onto their own lines, an empty one is `{}`.
/// - Argument lists, lists and records stay on one line when they fit in `lineWidth` columns,
///   else take one element per line with a trailing comma. A declaration's conformances stay on
///   its line when they fit, else go one per line aligned under the first (a single one keeps
///   its place and breaks its own arguments).
/// - At most one blank line is kept between items, none after `{` or before `}`.
/// - Strings, numbers, colors and comments are printed exactly as written.
/// - Comments stay attached where they were (`CommentAttachment`); one space separates code
///   from a comment on its line.
///
/// Formatting never changes the syntax tree, and never loses or reorders a comment: the printer
/// checks it printed every comment, and the output is parsed again and compared with the input
/// tree, node by node and comment by comment. Any difference is a `FormatError`, so callers
/// never write a result that lost something.
public enum Formatter {
    /// The column limit lists must fit in to stay on one line.
    public static let lineWidth = 100
    /// Spaces per indentation level.
    public static let indentWidth = 2

    /// The canonical text of `tree`'s file.
    ///
    /// Throws `FormatError.syntaxErrors` when the tree has lexical or syntax errors (callers
    /// should report those and leave the file alone), and another `FormatError` when
    /// formatting would lose or move a comment or change the tree (an internal error).
    public static func format(_ tree: SyntaxTree) throws(FormatError) -> String {
        String(decoding: try formattedBytes(tree), as: UTF8.self)
    }

    /// `format(_:)` as UTF-8 bytes (the input's bytes are UTF-8 too: invalid UTF-8 is a
    /// lexical error).
    public static func formattedBytes(_ tree: SyntaxTree) throws(FormatError) -> [UInt8] {
        let errors = tree.diagnostics.filter { $0.severity == .error }.count
        guard errors == 0 else { throw .syntaxErrors(count: errors) }
        let output = try print(tree, placements: CommentAttachment(tree).placements)
        try verify(output, against: tree)
        return output
    }

    /// Prints `tree` with its comments where `placements` put them. The guard: a comment left
    /// unprinted (a placement the printer never reached) is an error, never a silent loss.
    static func print(_ tree: SyntaxTree, placements: [CommentPlacement]) throws(FormatError) -> [UInt8] {
        guard placements.count == tree.comments.count else {
            throw .changedTree("\(placements.count) comment placements for \(tree.comments.count) comments")
        }
        let (output, printed) = tree.file.bytes.withUnsafeBufferPointer { source in
            var printer = FormatPrinter(tree: tree, source: source, placements: placements)
            printer.printFile()
            return (printer.out, printer.next)
        }
        guard printed >= tree.comments.count else {
            let comment = tree.comments[printed]
            throw .commentNotPrinted(comment, text: tree.file.text(comment.range))
        }
        return output
    }

    /// Parses `output` and compares it with `tree`: no errors, the same nodes (kinds, main
    /// tokens, parentheses) and the same comments in the same order.
    static func verify(_ output: [UInt8], against tree: SyntaxTree) throws(FormatError) {
        let formatted = Parser.parse(SourceFile(id: tree.file.id, path: tree.file.path, bytes: output))
        if let error = formatted.diagnostics.first(where: { $0.severity == .error }) {
            throw .changedTree("the output has an error: [\(error.code.rawValue)] \(error.message)")
        }
        guard formatted.comments.count == tree.comments.count else {
            throw .changedTree("the output has \(formatted.comments.count) comments, the input \(tree.comments.count)")
        }
        for (a, b) in zip(tree.comments, formatted.comments) {
            guard a.kind == b.kind, tree.file.bytes[a.range] == formatted.file.bytes[b.range] else {
                throw .commentNotPrinted(a, text: tree.file.text(a.range))
            }
        }
        if let difference = firstDifference(tree, formatted) {
            throw .changedTree(difference)
        }
    }

    /// Where two trees differ (kinds, structure, parentheses, main token text: tokens are
    /// context-free, so equal text is an equal kind), or nil when they do not.
    static func firstDifference(_ a: SyntaxTree, _ b: SyntaxTree) -> String? {
        guard a.nodes.count == b.nodes.count else { return "the output has \(b.nodes.count) nodes, the input \(a.nodes.count)" }
        // Kinds are compared whole, then subtree sizes (a large node's size is in a side table,
        // and a node may be large in one tree only: its byte length changed).
        guard a.nodes.kinds == b.nodes.kinds else { return "the output's nodes are of other kinds" }
        if a.nodes.subtreeSizes != b.nodes.subtreeSizes {
            for i in 0..<a.nodes.count where a.nodes.subtreeSizes[i] != b.nodes.subtreeSizes[i] {
                guard a.subtreeEnd(i) == b.subtreeEnd(i) else { return "node \(i) (\(a.kind(NodeID(Int32(i))))) nests otherwise" }
            }
        }
        let differing: Int? = a.file.bytes.withUnsafeBufferPointer { x in
            b.file.bytes.withUnsafeBufferPointer { y in
                for i in 0..<a.nodes.count {
                    let node = NodeID(Int32(truncatingIfNeeded: i))
                    guard a.hasParentheses(node) == b.hasParentheses(node) else { return i }
                    switch (a.mainToken(node), b.mainToken(node)) {
                    case (nil, nil):
                        continue
                    case let (s?, t?) where s.end - s.start == t.end - t.start:
                        for k in 0..<(s.end - s.start) where x[s.start &+ k] != y[t.start &+ k] { return i }
                    default:
                        return i
                    }
                }
                return nil
            }
        }
        guard let i = differing else { return nil }
        let node = NodeID(Int32(truncatingIfNeeded: i))
        return "node \(i) (\(a.kind(node)) \(a.name(node).debugDescription)) changed"
    }
}

/// Why a file was not formatted.
public enum FormatError: Error, Equatable, CustomStringConvertible {
    /// The file has lexical or syntax errors; it must be fixed first.
    case syntaxErrors(count: Int)
    /// A comment would have been lost or moved (an internal error: the formatter's own bug).
    case commentNotPrinted(Comment, text: String)
    /// The formatted text would not parse to the same tree (an internal error).
    case changedTree(String)

    public var description: String {
        switch self {
        case .syntaxErrors(let count):
            "the file has \(count) syntax error\(count == 1 ? "" : "s")"
        case .commentNotPrinted(let comment, let text):
            "formatting would lose the comment at byte \(comment.start) (\(text.prefix(40).debugDescription))"
        case .changedTree(let detail):
            "formatting would change the syntax tree: \(detail)"
        }
    }
}

extension Comment {
    /// The comment's bytes in its file.
    public var range: Range<Int> { start..<end }
}

/// Prints a tree in the canonical style into `out`, consuming the comment placements in order.
struct FormatPrinter {
    let tree: SyntaxTree
    /// The file's bytes: a buffer pointer, valid while `Formatter.print` runs, because slicing
    /// the array retained and released it at every token (measured: a tenth of the printing).
    let bytes: UnsafeBufferPointer<UInt8>
    let comments: [Comment]
    let placements: [CommentPlacement]
    /// The next placement (and comment) to print.
    var next = 0
    var out: [UInt8] = []

    /// Display columns on the current line so far (valid when `atLineStart` is false).
    var column = 0
    /// The indentation of the current line, written with its first text.
    var lineIndent = 0
    /// Nothing written on the current line yet.
    var atLineStart = true
    /// A space is due before the next text on this line.
    var pendingSpace = false
    /// The current line ends in a line comment: the next text must go on a new line.
    var lineCommentOpen = false
    /// Where the file's content starts in `out` (after a byte order mark).
    var contentStart = 0

    static let lineWidth = Formatter.lineWidth
    static let indentWidth = Formatter.indentWidth

    init(tree: SyntaxTree, source: UnsafeBufferPointer<UInt8>, placements: [CommentPlacement]) {
        self.tree = tree
        bytes = source
        comments = tree.comments
        self.placements = placements
        out.reserveCapacity(bytes.count + bytes.count / 8 + 16)
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<3]))
            contentStart = 3
        }
    }

    // MARK: Output primitives

    /// The column the next text would start at.
    var effectiveColumn: Int { atLineStart ? lineIndent : column + (pendingSpace ? 1 : 0) }

    /// Ends the current line (if anything is on it) and starts one indented by `indent`; with
    /// `blank`, leaves one empty line in between (never two, and none at the start of the file).
    mutating func newline(_ indent: Int, blank: Bool = false) {
        lineIndent = indent
        pendingSpace = false
        lineCommentOpen = false
        guard out.count > contentStart else { return }
        if !atLineStart { out.append(0x0A) }
        atLineStart = true
        if blank && !(out.count >= contentStart + 2 && out[out.count - 2] == 0x0A) { out.append(0x0A) }
    }

    /// A space before the next text, unless it starts a line.
    mutating func space() {
        if !atLineStart { pendingSpace = true }
    }

    /// Writes what is due before text: the indentation, or a space; a new line when the line
    /// ends in a line comment (a continuation line, indented one level more).
    @inline(__always)
    mutating func prepareText() {
        if lineCommentOpen { newline(lineIndent + Self.indentWidth) }
        if atLineStart {
            for _ in 0..<lineIndent { out.append(0x20) }
            column = lineIndent
            atLineStart = false
        } else if pendingSpace {
            out.append(0x20)
            column += 1
        }
        pendingSpace = false
    }

    /// Writes ASCII punctuation or a keyword.
    mutating func write(_ text: StaticString) {
        prepareText()
        text.withUTF8Buffer { out.append(contentsOf: $0) }
        column += text.utf8CodeUnitCount
    }

    /// Writes source bytes that are ASCII on one line: a name, keyword, number, color, binding
    /// or enum case (the lexer makes them of ASCII letters, digits and `_ . # $ - +` only).
    mutating func writeName(_ range: Range<Int>) {
        prepareText()
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        column += range.count
    }

    /// Writes source bytes as they are.
    mutating func write(_ range: Range<Int>) {
        prepareText()
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        column = Self.column(after: bytes, range, startingAt: column)
    }

    /// The column after writing `bytes[range]` from `column`, which restarts after a line
    /// break (in a multi-line string or block comment).
    static func column(after p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, startingAt column: Int) -> Int {
        var i = range.upperBound
        while i > range.lowerBound {
            i -= 1
            if LineBreak.isBreakByte(p[i]) { return width(p, i + 1..<range.upperBound) }
        }
        return column + width(p, range)
    }

    /// Display width of `p[range]` (no line breaks), as `TerminalText` counts columns: a byte
    /// each for printable ASCII, grapheme clusters (wide characters, emoji sequences) otherwise.
    static func width(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        for i in range where p[i] < 0x20 || p[i] >= 0x7F {
            return TerminalText.displayWidth(of: String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self))
        }
        return range.count
    }

    /// Display width of `bytes[range]` on one line, or nil when it contains a line break.
    func width(_ range: Range<Int>) -> Int? {
        for i in range where LineBreak.isBreakByte(bytes[i]) { return nil }
        return Self.width(bytes, range)
    }

    // MARK: Comments

    /// The next placement when it is `slot` of `node`.
    @inline(__always)
    func peek(_ node: NodeID, _ slot: CommentPlacement.Slot) -> CommentPlacement? {
        guard next < placements.count else { return nil }
        let placement = placements[next]
        return placement.node == node && placement.slot == slot ? placement : nil
    }

    /// Writes the next comment as it is written in the source.
    mutating func writeComment() {
        let comment = comments[next]
        write(comment.range)
        if comment.kind != .block { lineCommentOpen = true }
        next += 1
    }

    /// Comments in a gap between a node's own tokens: inline, one space before each. A line
    /// comment ends its line; the code goes on on a line indented by `continuation`.
    mutating func printInner(_ node: NodeID, _ slot: CommentPlacement.Slot, continuation: Int) {
        while peek(node, slot) != nil {
            space()
            writeComment()
            if lineCommentOpen { newline(continuation) } else { space() }
        }
    }

    /// Whether a comment inside `range`, not yet printed, needs a line break: a line comment,
    /// a block comment over several lines, or one between elements written on its own line.
    /// Those keep any list around them from staying on one line. Also returns the width the
    /// comments add on one line.
    /// Comments of `owner`'s `beforeBlock` slot (after its closing parenthesis) do not count.
    func commentsInside(_ range: Range<Int>, owner: NodeID? = nil) -> (forcesBreak: Bool, width: Int) {
        var k = next
        var width = 0
        while k < comments.count && comments[k].start < range.upperBound {
            let comment = comments[k], placement = placements[k]
            if placement.node == owner && placement.slot == .beforeBlock { break }
            guard comment.kind == .block, let w = self.width(comment.range),
                  !placement.slot.isBetweenElements || (placement.lineBreaksBefore == 0 && placement.lineBreaksAfter == 0)
            else { return (true, 0) }
            width += w + 1
            k += 1
        }
        return (false, width)
    }

    // MARK: One-line widths

    /// The width of `node` printed on one line without its comments, or nil when it cannot be
    /// (a multi-line string) or is wider than `limit`.
    func flatWidth(_ node: NodeID, limit: Int) -> Int? {
        let width: Int
        switch tree.kind(node) {
        case .string:
            guard let token = tree.mainToken(node), token.kind == .string, let w = self.width(token.range) else { return nil }
            width = w
        case .number, .color, .boolean, .binding, .reference:
            width = tree.mainToken(node)?.range.count ?? 0
        case .argument, .property:
            let label = tree.mainToken(node)?.range.count ?? 0
            guard let value = tree.value(node), let w = flatWidth(value, limit: limit - label - 2) else { return nil }
            width = label + 2 + w
        case .call, .enumCase:
            let name = tree.mainToken(node)?.range.count ?? 0
            guard tree.hasParentheses(node) else { width = name; break }
            guard let w = flatWidth(elements: children(node), limit: limit - name) else { return nil }
            width = name + w
        case .list, .record:
            guard let w = flatWidth(elements: children(node), limit: limit) else { return nil }
            width = w
        default:
            return nil
        }
        return width <= limit ? width : nil
    }

    /// The width of bracketed elements on one line: `(a, b)`.
    func flatWidth(elements: Siblings, limit: Int) -> Int? {
        var width = 2
        var element = elements.firstNode
        while element.index < elements.end {
            if element.index != elements.first { width += 2 }
            guard width <= limit, let w = flatWidth(element, limit: limit - width) else { return nil }
            width += w
            element = tree.next(after: element)
        }
        return width <= limit ? width : nil
    }

    /// Whether `range`, whose code is `codeWidth` wide on one line (nil: it cannot be), fits on
    /// the current line with `suffix` more columns after it, comments included.
    func fits(_ range: Range<Int>, owner: NodeID? = nil, codeWidth: Int?, suffix: Int) -> Bool {
        guard let codeWidth else { return false }
        let comments = commentsInside(range, owner: owner)
        return !comments.forcesBreak && effectiveColumn + codeWidth + comments.width + suffix <= Self.lineWidth
    }

    // MARK: Lists of elements

    /// Prints elements one per line at `indent`, each with its leading and trailing comments;
    /// `comma`: a `,` after each (`commaAfterLast`: after the last one too). With `firstInline`
    /// the first element continues the current line (a declaration's first conformance).
    mutating func printElements(_ elements: Siblings, indent: Int, comma: Bool, commaAfterLast: Bool = true,
                                firstInline: Bool = false, _ printElement: (inout FormatPrinter, NodeID, _ isLast: Bool) -> Void) {
        var element = elements.firstNode
        while element.index < elements.end {
            let next = tree.next(after: element)
            defer { element = next }
            let isFirst = element.index == elements.first, isLast = next.index >= elements.end
            var lastLeading: CommentPlacement?
            while let placement = peek(element, .leading) {
                if lastLeading == nil {
                    newline(indent, blank: !isFirst && placement.lineBreaksBefore >= 2)
                } else if placement.lineBreaksBefore > 0 {
                    newline(indent, blank: placement.lineBreaksBefore >= 2)
                } else {
                    space()
                }
                writeComment()
                lastLeading = placement
            }
            if let lastLeading {
                if lastLeading.lineBreaksAfter > 0 { newline(indent, blank: lastLeading.lineBreaksAfter >= 2) } else { space() }
            } else if !(isFirst && firstInline) {
                newline(indent, blank: !isFirst && lineBreaks(before: tree.range(element).lowerBound) >= 2)
            }
            printElement(&self, element, isLast)
            if comma && (!isLast || commaAfterLast) { write(",") }
            while let placement = peek(element, .trailing) {
                if placement.lineBreaksBefore > 0 { newline(indent, blank: placement.lineBreaksBefore >= 2) } else { space() }
                writeComment()
            }
        }
    }

    /// Line breaks (at most 2) in the spaces and separators before `offset`.
    func lineBreaks(before offset: Int) -> Int {
        var i = offset - 1
        var count = 0
        while i >= 0 {
            let b = bytes[i]
            guard b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A || b == 0x2C || b == 0x3B else { break }
            if LineBreak.endsLine(bytes, at: i) { count += 1; if count == 2 { break } }
            i -= 1
        }
        return count
    }

    /// Dangling comments of `owner` (an empty block, list or file) on lines of their own at
    /// `indent`, keeping blank lines between them (none before the first).
    mutating func printDanglingLines(_ owner: NodeID, indent: Int) {
        var first = true
        while let placement = peek(owner, .dangling) {
            if first || placement.lineBreaksBefore > 0 {
                newline(indent, blank: !first && placement.lineBreaksBefore >= 2)
            } else {
                space()
            }
            writeComment()
            first = false
        }
    }

    // MARK: File, declarations, blocks

    mutating func printFile() {
        let root = tree.root
        let elements = children(root)
        if elements.isEmpty {
            printDanglingLines(root, indent: 0)
        } else {
            printElements(elements, indent: 0, comma: false) { printer, element, _ in printer.printItem(element, indent: 0) }
        }
        if out.count > contentStart && !atLineStart { out.append(0x0A) }
    }

    /// A file-level declaration or import, or a block item.
    mutating func printItem(_ item: NodeID, indent: Int) {
        switch tree.kind(item) {
        case .importDecl:
            write("import")
            printInner(item, .afterKeyword, continuation: indent + Self.indentWidth)
            space()
            if let path = tree.mainToken(item) { write(path.range) }
        case .cardDecl, .stackDecl, .themeDecl, .stateDecl:
            printDeclaration(item, indent: indent)
        case .property:
            printValue(item, base: indent, suffix: 0, flat: false)
        case .node:
            printNode(item, indent: indent)
        default:
            // Only in trees with syntax errors, which are not formatted: keep the text.
            write(tree.range(item))
        }
    }

    mutating func printDeclaration(_ decl: NodeID, indent: Int) {
        let continuation = indent + Self.indentWidth
        // The keyword starts the node (read in place: lexing it again would cost a lexer).
        let start = tree.range(decl).lowerBound
        writeName(start..<start + NodeList.keywordLength(tree.kind(decl)))
        printInner(decl, .afterKeyword, continuation: continuation)
        space()
        if let name = tree.mainToken(decl) { writeName(name.range) }
        let block = tree.block(decl)
        if let list = tree.child(decl, .conformanceList) {
            printInner(decl, .beforeColon, continuation: continuation)
            write(":")
            printInner(decl, .afterColon, continuation: continuation)
            space()
            printConformances(children(list), range: tree.range(list), indent: indent, suffix: block == nil ? 0 : 2)
        }
        printInner(decl, .beforeBlock, continuation: indent)
        if let block { printBlock(block, indent: indent) }
    }

    /// A declaration's conformances: on its line when they fit; else one per line aligned under
    /// the first, or, when there is only one, with its own arguments broken.
    mutating func printConformances(_ calls: Siblings, range: Range<Int>, indent: Int, suffix: Int) {
        var codeWidth: Int? = 0
        var call = calls.firstNode
        while call.index < calls.end {
            guard let total = codeWidth, let w = flatWidth(call, limit: Self.lineWidth) else { codeWidth = nil; break }
            codeWidth = total + w + (total > 0 ? 2 : 0)
            call = tree.next(after: call)
        }
        if fits(range, codeWidth: codeWidth, suffix: suffix) {
            printFlatElements(calls)
        } else if tree.next(after: calls.firstNode).index >= calls.end {
            printValue(calls.firstNode, base: indent, suffix: suffix, flat: false)
        } else {
            let align = effectiveColumn
            printElements(calls, indent: align, comma: true, commaAfterLast: false, firstInline: true) { printer, call, isLast in
                printer.printValue(call, base: align, suffix: isLast ? suffix : 1, flat: false)
            }
        }
    }

    /// `{ items }` at `indent`: items one per line, one level deeper; `{}` when empty.
    mutating func printBlock(_ block: NodeID, indent: Int) {
        space()
        write("{")
        let items = children(block)
        if items.isEmpty {
            guard peek(block, .dangling) != nil else { write("}"); return }
            printDanglingLines(block, indent: indent + Self.indentWidth)
        } else {
            printElements(items, indent: indent + Self.indentWidth, comma: false) { printer, item, _ in
                printer.printItem(item, indent: indent + Self.indentWidth)
            }
        }
        newline(indent)
        write("}")
    }

    /// A part, model, cell, overlay, footer or card reference in a block.
    mutating func printNode(_ node: NodeID, indent: Int) {
        if let name = tree.mainToken(node) { writeName(name.range) }
        let block = tree.block(node)
        if tree.hasParentheses(node) {
            printInner(node, .beforeArguments, continuation: indent + Self.indentWidth)
            printBracketed(node, argumentList(node, block: block), opener: "(", closer: ")", block: block, base: indent,
                           suffix: block == nil ? 0 : 2, flat: false)
        }
        printInner(node, .beforeBlock, continuation: indent)
        if let block { printBlock(block, indent: indent) }
    }

    // MARK: Values

    /// A value, argument or property. `base` is the indentation of the line the construct
    /// starts on (a broken list indents its elements one level more and puts its closer there);
    /// `suffix`, the columns that follow it on its line; `flat`: print on one line, already
    /// known to fit.
    mutating func printValue(_ node: NodeID, base: Int, suffix: Int, flat: Bool) {
        switch tree.kind(node) {
        case .argument, .property:
            if let label = tree.mainToken(node) { writeName(label.range) }
            printInner(node, .beforeColon, continuation: base + Self.indentWidth)
            write(":")
            printInner(node, .afterColon, continuation: base + Self.indentWidth)
            space()
            if let value = tree.value(node) { printValue(value, base: base, suffix: suffix, flat: flat) }
        case .call, .enumCase:
            if let name = tree.mainToken(node) { writeName(name.range) }
            if tree.hasParentheses(node) {
                printInner(node, .beforeArguments, continuation: base + Self.indentWidth)
                printBracketed(node, children(node), opener: "(", closer: ")", base: base, suffix: suffix, flat: flat)
            }
        case .list:
            printBracketed(node, children(node), opener: "[", closer: "]", base: base, suffix: suffix, flat: flat)
        case .record:
            printBracketed(node, children(node), opener: "(", closer: ")", base: base, suffix: suffix, flat: flat)
        default:
            // Only strings may hold non-ASCII text or line breaks.
            if let token = tree.mainToken(node) {
                if tree.kind(node) == .string { write(token.range) } else { writeName(token.range) }
            }
        }
    }

    /// `opener elements closer`: on one line when `flat` or when it fits, else one element per
    /// line with a trailing comma. `owner` holds the dangling comments of an empty list.
    mutating func printBracketed(_ owner: NodeID, _ elements: Siblings, opener: StaticString, closer: StaticString,
                                 block: NodeID? = nil, base: Int, suffix: Int, flat: Bool) {
        let range = bracketRange(owner, block: block)
        if elements.isEmpty {
            write(opener)
            if peek(owner, .dangling) != nil {
                if !flat && commentsInside(range, owner: owner).forcesBreak {
                    printDanglingLines(owner, indent: base + Self.indentWidth)
                    newline(base)
                } else {
                    var first = true
                    while peek(owner, .dangling) != nil {
                        if !first { space() }
                        writeComment()
                        first = false
                    }
                }
            }
            write(closer)
            return
        }
        if flat || fits(range, owner: owner, codeWidth: flatWidth(elements: elements, limit: Self.lineWidth), suffix: suffix) {
            write(opener)
            printFlatElements(elements)
            write(closer)
            return
        }
        write(opener)
        printElements(elements, indent: base + Self.indentWidth, comma: true) { printer, element, _ in
            printer.printValue(element, base: base + Self.indentWidth, suffix: 1, flat: false)
        }
        newline(base)
        write(closer)
    }

    /// A node's arguments: its children before its block (always its last child). Calls and
    /// enum cases have no block.
    func argumentList(_ node: NodeID, block: NodeID?) -> Siblings {
        let all = children(node)
        guard let block else { return all }
        return Siblings(first: all.first, end: block.index)
    }

    /// A node's children.
    @inline(__always)
    func children(_ node: NodeID) -> Siblings {
        Siblings(first: node.index + 1, end: tree.next(after: node).index)
    }

    /// The bytes from a node's opening bracket to its end: where its list's comments lie.
    func bracketRange(_ owner: NodeID, block: NodeID?) -> Range<Int> {
        let range = tree.range(owner)
        switch tree.kind(owner) {
        case .list, .record: return range
        default:
            let start = tree.mainToken(owner)?.end ?? range.lowerBound
            let end = block.map { tree.range($0).lowerBound } ?? range.upperBound
            return start..<max(start, end)
        }
    }

    /// Elements on the current line: `a, /*c*/ b`.
    mutating func printFlatElements(_ elements: Siblings) {
        var element = elements.firstNode
        while element.index < elements.end {
            let next = tree.next(after: element)
            defer { element = next }
            let isLast = next.index >= elements.end
            while peek(element, .leading) != nil {
                writeComment()
                space()
            }
            printValue(element, base: lineIndent, suffix: 0, flat: true)
            if !isLast { write(",") }
            while peek(element, .trailing) != nil {
                space()
                writeComment()
            }
            if !isLast { space() }
        }
    }
}

/// Sibling nodes `first..<end` (pre-order indices), walked from one to the next with
/// `SyntaxTree.next(after:)`. Unlike `Children` it holds no reference to the tree, so the
/// printer retains and releases nothing per list.
struct Siblings {
    let first: Int32
    let end: Int32
    var isEmpty: Bool { first >= end }
    var firstNode: NodeID { NodeID(first) }
}

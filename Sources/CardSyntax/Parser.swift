import CardDiagnostics

/// Recursive-descent parser for the uniform node grammar (Grammar/cards.ebnf). It never fails:
/// it always returns a complete tree plus diagnostics.
///
/// Recovery (LANGUAGE.md §3):
/// - The parser re-synchronises at the start of every block item and top-level declaration.
///   Between two sync points it reports at most one syntax error, and none at all after a
///   lexical error, so one mistake gives one diagnostic. A lexical error between the previous
///   token and an item's first token on the same line (a dropped `=` in `x = 3`) belongs to that
///   item.
/// - An unexpected token inside a block is wrapped in an `unexpected` node together with the
///   tokens up to the next item on a new line, or the block's `}`.
/// - A missing `,` between arguments or list elements is reported and treated as present.
/// - An unclosed `{`/`(`/`[` is one E202 at the opener with a label where the closer was
///   expected; a `card`/`stack`/`theme`/`import` at column 1 inside a block or argument list
///   ends the unclosed constructs around it (one E202, for the innermost), so the next
///   declaration parses normally. A closer swallowed by an
///   unterminated block comment or multi-line string (E106/E101) is not reported missing.
/// - A declaration keyword starts a declaration only when an identifier follows, and `import`
///   only when a string follows (LANGUAGE.md §3); otherwise they are ordinary identifiers.
/// - Nesting deeper than `maxDepth` is one E204; the too-deep group is skipped without recursion.
public enum Parser {
    public static let maxDepth = 256

    public static func parse(_ file: SourceFile) -> SyntaxTree {
        let lexed = Lexer.tokenize(file)
        // Nearly every node starts at a token of its own, so `tokens + 16` nodes almost always
        // fit; a file that needs more is parsed a second time with the exact count.
        var capacity = lexed.tokens.count + 16
        while true {
            let (nodes, needed, diagnostics) = parse(file, lexed, capacity: capacity)
            if needed <= capacity {
                return SyntaxTree(file: file, tokens: lexed.tokens, comments: lexed.comments,
                                  nodes: nodes, diagnostics: capped(lexed.diagnostics, omitted: lexed.omitted) + diagnostics)
            }
            capacity = needed
        }
    }

    /// Notes on the last recorded lexical diagnostic how many more were found.
    static func capped(_ diagnostics: [Diagnostic], omitted: Int) -> [Diagnostic] {
        guard omitted > 0, var last = diagnostics.last else { return diagnostics }
        last.notes.append(DiagnosticNote("\(omitted) more lexical errors in this file are not shown"))
        return diagnostics.dropLast() + [last]
    }

    /// Parses straight into the storage of the five `NodeList` arrays (no per-node uniqueness
    /// or capacity checks, no copy). Returns the nodes, how many the file needs, and the syntax
    /// diagnostics; when `needed > capacity` the result is incomplete and must be discarded.
    private static func parse(_ file: SourceFile, _ lexed: LexedFile,
                              capacity: Int) -> (NodeList, needed: Int, [Diagnostic]) {
        var written = 0, needed = 0
        var diagnostics: [Diagnostic] = []
        var mainTokens: [Int32] = [], firstTokens: [Int32] = [], lastTokens: [Int32] = [], subtreeEnds: [Int32] = []
        let kinds = [NodeKind](unsafeUninitializedCapacity: capacity) { kindBuffer, kindCount in
            mainTokens = [Int32](unsafeUninitializedCapacity: capacity) { mainBuffer, mainCount in
                firstTokens = [Int32](unsafeUninitializedCapacity: capacity) { firstBuffer, firstCount in
                    lastTokens = [Int32](unsafeUninitializedCapacity: capacity) { lastBuffer, lastCount in
                        subtreeEnds = [Int32](unsafeUninitializedCapacity: capacity) { endBuffer, endCount in
                            let sink = NodeSink(kinds: kindBuffer, mainTokens: mainBuffer, firstTokens: firstBuffer,
                                                lastTokens: lastBuffer, subtreeEnds: endBuffer)
                            var state = ParserState(file: file, lexed: lexed, nodes: sink)
                            state.parseFile()
                            needed = state.nodes.count
                            written = min(needed, state.nodes.capacity)
                            diagnostics = state.diagnostics
                            endCount = written
                        }
                        lastCount = written
                    }
                    firstCount = written
                }
                mainCount = written
            }
            kindCount = written
        }
        let nodes = NodeList(kinds: kinds, mainTokens: mainTokens, firstTokens: firstTokens,
                             lastTokens: lastTokens, subtreeEnds: subtreeEnds)
        return (nodes, needed, diagnostics)
    }
}

/// Where the parser writes nodes: the uninitialised storage of the `NodeList` arrays. Nodes
/// past `capacity` are counted but not stored.
struct NodeSink {
    let kinds: UnsafeMutableBufferPointer<NodeKind>
    let mainTokens: UnsafeMutableBufferPointer<Int32>
    let firstTokens: UnsafeMutableBufferPointer<Int32>
    let lastTokens: UnsafeMutableBufferPointer<Int32>
    let subtreeEnds: UnsafeMutableBufferPointer<Int32>
    /// How many nodes fit in all five buffers.
    let capacity: Int
    /// Nodes opened so far, including any that did not fit.
    var count = 0

    init(kinds: UnsafeMutableBufferPointer<NodeKind>, mainTokens: UnsafeMutableBufferPointer<Int32>,
         firstTokens: UnsafeMutableBufferPointer<Int32>, lastTokens: UnsafeMutableBufferPointer<Int32>,
         subtreeEnds: UnsafeMutableBufferPointer<Int32>) {
        self.kinds = kinds
        self.mainTokens = mainTokens
        self.firstTokens = firstTokens
        self.lastTokens = lastTokens
        self.subtreeEnds = subtreeEnds
        capacity = min(kinds.count, mainTokens.count, firstTokens.count, lastTokens.count, subtreeEnds.count)
    }

    /// Appends a node whose subtree end is not known yet; returns its index.
    @inline(__always)
    mutating func open(_ kind: NodeKind, main: Int32, first: Int32, last: Int32) -> Int {
        let n = count
        if n < capacity {
            // Trivial types: assigning to uninitialised memory is initialisation.
            kinds[n] = kind
            mainTokens[n] = main
            firstTokens[n] = first
            lastTokens[n] = last
            subtreeEnds[n] = 0
        }
        count = n + 1
        return n
    }

    /// Ends node `n`: its last token and, as its subtree end, the current node count.
    @inline(__always)
    mutating func close(_ n: Int, last: Int32) {
        guard n >= 0 && n < capacity else { return }
        lastTokens[n] = last
        subtreeEnds[n] = Int32(count)
    }

    @inline(__always)
    mutating func setMainToken(_ n: Int, _ token: Int) {
        guard n >= 0 && n < capacity else { return }
        mainTokens[n] = Int32(token)
    }
}

struct ParserState {
    let file: SourceFile
    let tokens: TokenList
    let kinds: [TokenKind]
    let errorOffsets: [Int]
    /// An unterminated comment or multi-line string ran to the end of the file.
    let unterminatedAtEnd: Bool
    var pos = 0
    var nodes: NodeSink
    var diagnostics: [Diagnostic] = []
    /// The token at the last sync point.
    var syncToken = 0
    /// Byte offset of the last sync point. Computed only when a syntax error is about to be
    /// reported (`gapStart` searches the line table, too slow to run at every item).
    var syncOffset: Int { gapStart(syncToken) }
    var reportedSinceSync = false
    /// Syntax errors past `Lexer.diagnosticLimit`, not recorded.
    var omitted = 0
    /// Lexical errors the lexer did not record, and the offset after which they may lie.
    let lexerOmitted: Int
    let lastLexicalOffset: Int
    var depth = 0
    /// Labels of the argument lists being parsed, innermost last (see `checkDuplicateLabel`).
    var labelStack: [Int] = []
    /// Entries of `labelStack` in use; the rest is spare capacity, reused without reallocation.
    var labelCount = 0
    /// Set when an unclosed construct ran into end of file or a column-1 declaration: the
    /// enclosing constructs close silently instead of reporting the same problem again.
    var abandoned = false

    init(file: SourceFile, lexed: LexedFile, nodes: NodeSink) {
        self.file = file
        self.tokens = lexed.tokens
        self.kinds = lexed.tokens.kinds
        self.errorOffsets = lexed.errorOffsets
        self.lexerOmitted = lexed.omitted
        self.lastLexicalOffset = lexed.errorOffsets.last ?? 0
        self.unterminatedAtEnd = lexed.unterminatedAtEnd
        self.nodes = nodes
    }

    // MARK: Tokens

    @inline(__always) var current: TokenKind { kinds[pos] }
    @inline(__always) func peek(_ k: Int = 1) -> TokenKind {
        pos + k < kinds.count ? kinds[pos + k] : .endOfFile
    }
    @inline(__always) mutating func advance() {
        if kinds[pos] != .endOfFile { pos += 1 }
    }

    func span(token: Int) -> SourceSpan { SourceSpan(file: file.id, tokens.range(token)) }

    /// An empty span just after the previous token: where a missing closer belongs.
    func spanAfterPrevious() -> SourceSpan {
        let offset = pos > 0 ? tokens.end(pos - 1) : 0
        return SourceSpan(file: file.id, start: offset, end: offset)
    }

    func describeCurrent() -> String {
        switch current {
        case .identifier: return "`\(file.text(tokens.range(pos)))`"
        case .endOfFile: return "end of file"
        case .leftBrace, .rightBrace, .leftParen, .rightParen, .leftBracket, .rightBracket, .colon, .comma, .semicolon:
            return current.spelling // already shows the character: "`{`"
        default:
            let text = file.text(tokens.range(pos))
            return text.utf8.count <= 24 && !text.contains("\n") ? "\(current.spelling) `\(text)`" : current.spelling
        }
    }

    // The three checks below run at every item and argument. Inlined, they do not copy the
    // parser state the way a call to a non-mutating method of this large struct does.
    @inline(__always) func isAtColumnOne(_ t: Int) -> Bool {
        let start = tokens.start(t)
        return start == 0 || file.bytes[start - 1] == 0x0A
    }

    /// `card|stack|theme NAME` or `import "…"`: the start of a top-level declaration.
    @inline(__always) func isTopLevelStart(_ t: Int) -> Bool {
        let next = t + 1 < kinds.count ? kinds[t + 1] : .endOfFile
        switch kinds[t] {
        case .keywordCard, .keywordStack, .keywordTheme: return next.isIdentifierLike
        case .keywordImport: return next == .string
        default: return false
        }
    }

    /// A file-level declaration or import at column 1 of a new line: it ends every unclosed
    /// construct around it.
    @inline(__always) func isColumnOneDeclaration(_ t: Int) -> Bool {
        tokens.startsLine(t) && isAtColumnOne(t) && isTopLevelStart(t)
    }

    static func isDeclarationKeyword(_ k: TokenKind) -> Bool {
        k == .keywordCard || k == .keywordStack || k == .keywordTheme || k == .keywordState
    }

    // MARK: Nodes

    @inline(__always)
    mutating func open(_ kind: NodeKind, main: Int = -1) -> Int {
        nodes.open(kind, main: Int32(main), first: Int32(pos), last: Int32(pos - 1))
    }

    @inline(__always)
    mutating func close(_ n: Int) {
        nodes.close(n, last: Int32(pos - 1))
    }

    /// A node holding just the current token.
    mutating func leaf(_ kind: NodeKind) {
        let n = open(kind, main: pos)
        advance()
        close(n)
    }

    // MARK: Diagnostics

    mutating func sync() {
        syncToken = pos
        reportedSinceSync = false
    }

    /// Where the gap before token `t` starts on its line: characters dropped there (E102, E107)
    /// belong to the item that `t` starts, so they silence its syntax errors (`x = 3`).
    func gapStart(_ t: Int) -> Int {
        let start = tokens.start(t)
        guard t > 0, kinds[t] != .endOfFile else { return start }
        let lineStart = file.lineStart(file.lineIndex(of: start))
        return min(start, max(tokens.end(t - 1), lineStart))
    }

    func lexicalErrorSinceSync(upTo end: Int) -> Bool {
        if errorOffsets.isEmpty { return false }
        let syncOffset = self.syncOffset
        var low = 0, high = errorOffsets.count
        while low < high {
            let mid = (low + high) / 2
            if errorOffsets[mid] < syncOffset { low = mid + 1 } else { high = mid }
        }
        return low < errorOffsets.count && errorOffsets[low] < end
    }

    mutating func syntaxError(_ code: DiagnosticCode, _ message: String, at span: SourceSpan, label: String? = nil,
                              secondary: [DiagnosticLabel] = [], notes: [DiagnosticNote] = [], fixIts: [FixIt] = []) {
        defer { reportedSinceSync = true }
        if reportedSinceSync || lexicalErrorSinceSync(upTo: max(span.end, tokens.end(pos))) { return }
        // Past the lexer's limit, offsets stop being recorded: stay quiet rather than guess.
        if lexerOmitted > 0 && span.start >= lastLexicalOffset { return }
        guard diagnostics.count < Lexer.diagnosticLimit else { omitted += 1; return }
        diagnostics.append(Diagnostic(code, message, at: span, label: label, secondary: secondary,
                                      notes: notes, fixIts: fixIts))
    }

    mutating func expected(_ what: String) {
        syntaxError(.e201, "expected \(what), found \(describeCurrent())", at: span(token: pos))
    }

    mutating func reportUnclosed(opener: Int, closer: String) {
        if abandoned { return }
        // The closer may be inside the comment or string that swallowed the rest of the file.
        if current == .endOfFile && unterminatedAtEnd { return }
        let open = file.text(tokens.range(opener))
        let place = spanAfterPrevious()
        syntaxError(.e202, "unclosed `\(open)`", at: span(token: opener), label: "this `\(open)` is never closed",
                    secondary: [DiagnosticLabel(place, "expected `\(closer)` here")],
                    fixIts: [FixIt(place, closer)])
    }

    /// Enters one nesting level at an opener; past the limit reports E204 and skips the group.
    mutating func enterNesting() -> Bool {
        depth += 1
        if depth <= Parser.maxDepth { return true }
        diagnostics.append(Diagnostic(.e204, "nesting is deeper than the limit of \(Parser.maxDepth) levels",
                                      at: span(token: pos), label: "too deeply nested",
                                      notes: [.help("split the deck into smaller parts")]))
        skipBalanced()
        if current == .endOfFile { abandoned = true }
        depth -= 1
        return false
    }

    /// Skips one token, or a whole bracketed group when it is an opener (iteratively).
    mutating func skipBalanced() {
        var level = 0
        repeat {
            switch current {
            case .leftBrace, .leftParen, .leftBracket: level += 1
            case .rightBrace, .rightParen, .rightBracket: level -= 1
            case .endOfFile: return
            default: break
            }
            advance()
        } while level > 0
    }

    // MARK: File level

    mutating func parseFile() {
        let file = open(.file)
        var seenDeclaration = false
        while current != .endOfFile {
            sync()
            abandoned = false
            switch current {
            case .keywordImport:
                if seenDeclaration {
                    syntaxError(.e205, "imports must come before declarations", at: span(token: pos))
                }
                parseImport()
            case .keywordCard, .keywordStack, .keywordTheme, .keywordState:
                seenDeclaration = true
                parseDeclaration(topLevel: true)
            default:
                expected("a declaration (`card`, `stack`, `theme`) or `import`")
                let u = open(.unexpected)
                skipBalanced()
                while current != .endOfFile && !(tokens.startsLine(pos)
                        && (isTopLevelStart(pos) || Self.isDeclarationKeyword(current) || current == .keywordImport)) {
                    skipBalanced()
                }
                close(u)
            }
        }
        close(file)
    }

    mutating func parseImport() {
        let n = open(.importDecl)
        advance()
        if current == .string {
            nodes.setMainToken(n, pos)
            advance()
        } else {
            expected("a file path string after `import`")
            // The rest of the line belongs to the broken import (no second error at its tokens).
            while current != .endOfFile && !tokens.startsLine(pos) { skipBalanced() }
        }
        close(n)
    }

    static func declarationKind(_ k: TokenKind) -> NodeKind {
        switch k {
        case .keywordCard: .cardDecl
        case .keywordStack: .stackDecl
        case .keywordTheme: .themeDecl
        default: .stateDecl
        }
    }

    mutating func parseDeclaration(topLevel: Bool) {
        let keyword = current
        let keywordToken = pos
        // Only needed for error messages: not built for every declaration.
        var keywordText: String { file.text(tokens.range(keywordToken)) }
        let n = open(Self.declarationKind(keyword))
        if !topLevel && keyword != .keywordState {
            syntaxError(.e205, "`\(keywordText)` declarations are only allowed at file level", at: span(token: pos))
        }
        advance()
        if current.isIdentifierLike {
            nodes.setMainToken(n, pos)
            advance()
        } else {
            expected("a name for the `\(keywordText)` declaration")
        }
        if current == .colon {
            advance()
            parseConformances()
        }
        if current != .leftBrace && current != .endOfFile && !tokens.startsLine(pos) && !abandoned {
            expected("`{` or `,`")
            while current != .endOfFile && current != .leftBrace && !tokens.startsLine(pos) { skipBalanced() }
        }
        if current == .leftBrace { parseBlock() }
        close(n)
    }

    mutating func parseConformances() {
        let list = open(.conformanceList)
        while true {
            guard current.isIdentifierLike else {
                expected("a trait, stack kind or theme name")
                break
            }
            parseCall(.call)
            guard current == .comma else { break }
            advance()
        }
        close(list)
    }

    // MARK: Blocks and items

    mutating func parseBlock() {
        let b = open(.block)
        let opener = pos
        guard enterNesting() else { close(b); return }
        advance()
        while true {
            sync()
            switch current {
            case .rightBrace:
                advance()
            case .endOfFile:
                reportUnclosed(opener: opener, closer: "}")
                abandoned = true
            case .semicolon, .comma:
                advance()
                continue
            default:
                if isColumnOneDeclaration(pos) {
                    reportUnclosed(opener: opener, closer: "}")
                    abandoned = true
                } else {
                    parseItem()
                    if !abandoned { continue }
                }
            }
            break
        }
        depth -= 1
        close(b)
    }

    mutating func parseItem() {
        let k = current
        if Self.isDeclarationKeyword(k) && peek().isIdentifierLike {
            parseDeclaration(topLevel: false)
        } else if k == .keywordImport && peek() == .string {
            syntaxError(.e205, "`import` is only allowed at the top of a file", at: span(token: pos))
            parseImport()
        } else if k.isIdentifierLike && peek() == .colon {
            let n = open(.property, main: pos)
            advance()
            advance()
            parseValue()
            close(n)
        } else if k.isIdentifierLike {
            let n = open(.node, main: pos)
            advance()
            if current == .leftParen { parseArguments(closer: .rightParen) }
            if current == .leftBrace { parseBlock() }
            close(n)
        } else {
            expected("a part, property or declaration")
            let u = open(.unexpected)
            skipBalanced()
            while current != .endOfFile && current != .rightBrace && !(tokens.startsLine(pos) && Self.canStartItem(current)) {
                skipBalanced()
            }
            close(u)
        }
    }

    static func canStartItem(_ k: TokenKind) -> Bool { k.isIdentifierLike }

    /// `IDENT [ "(" args ")" ]`: a call value (`size(0, 5)`) or a conformance.
    mutating func parseCall(_ kind: NodeKind) {
        let n = open(kind, main: pos)
        advance()
        if current == .leftParen { parseArguments(closer: .rightParen) }
        close(n)
    }

    // MARK: Arguments and values

    /// Parses `( args )`, `[ values ]` or `( record )` contents as children of the open node.
    /// `closer` tells which; labels are allowed except in lists.
    mutating func parseArguments(closer: TokenKind) {
        let opener = pos
        guard enterNesting() else { return }
        advance()
        let closerText = closer == .rightParen ? ")" : "]"
        let allowsLabels = closer == .rightParen
        // This list's labels live on top of the shared `labelStack` (no array per call).
        let labelBase = labelCount
        defer { labelCount = labelBase }
        while true {
            let k = current
            if k == closer { advance(); break }
            let endsAll = k == .endOfFile || isColumnOneDeclaration(pos)
            if endsAll || k == .leftBrace || k == .rightBrace {
                reportUnclosed(opener: opener, closer: closerText)
                if endsAll { abandoned = true }
                break
            }
            if allowsLabels && k.isIdentifierLike && peek() == .colon {
                let a = open(.argument, main: pos)
                checkDuplicateLabel(pos, since: labelBase)
                advance()
                advance()
                parseValue()
                close(a)
            } else {
                if !Self.canStartValue(k) {
                    expected("a value")
                    if skipToSeparator(closer) { continue }
                    break
                }
                parseValue()
            }
            if current == .comma { advance(); continue }
            if current == closer { advance(); break }
            // Neither `,` nor the closer.
            let k2 = current
            // `name(` or `name {` starting a line is the next item (the list was left open); on
            // the same line it is the next argument after a missing comma: `f($a size(0, 5))`.
            let looksLikeItem = k2.isIdentifierLike && (peek() == .leftParen || peek() == .leftBrace) && tokens.startsLine(pos)
                || Self.isDeclarationKeyword(k2) || k2 == .endOfFile || k2 == .leftBrace || k2 == .rightBrace
            if looksLikeItem || (tokens.startsLine(pos) && !Self.canStartValue(k2)) {
                reportUnclosed(opener: opener, closer: closerText)
                if k2 == .endOfFile || isColumnOneDeclaration(pos) { abandoned = true }
                break
            }
            if Self.canStartValue(k2) {
                // Treat a missing comma as present.
                syntaxError(.e201, "expected `,` or `\(closerText)`, found \(describeCurrent())", at: span(token: pos),
                            fixIts: [FixIt(spanAfterPrevious(), ",")])
                continue
            }
            expected("`,` or `\(closerText)`")
            if skipToSeparator(closer) { continue }
            break
        }
        depth -= 1
    }

    /// Reports E203 when the label at `token` repeats one in `labelStack[base..<labelCount]` (the
    /// labels of the argument list being parsed), then pushes it.
    /// After a bad argument: skips to the next `,` or `closer` on this line and consumes it.
    /// Returns true when a `,` was found and the list goes on.
    mutating func skipToSeparator(_ closer: TokenKind) -> Bool {
        while current != .endOfFile && current != .comma && current != closer && !tokens.startsLine(pos)
                && current != .leftBrace && current != .rightBrace {
            skipBalanced()
        }
        if current == .comma { advance(); return true }
        if current == closer { advance() }
        return false
    }

    mutating func checkDuplicateLabel(_ token: Int, since base: Int) {
        let range = tokens.range(token)
        var earlier: Int?
        if base < labelCount {
            file.bytes.withUnsafeBufferPointer { bytes in
                for index in base..<labelCount {
                    let other = labelStack[index]
                    let r = tokens.range(other)
                    guard r.count == range.count else { continue }
                    var same = true
                    for k in 0..<r.count where bytes[r.lowerBound + k] != bytes[range.lowerBound + k] { same = false; break }
                    if same { earlier = other; break }
                }
            }
        }
        if let earlier {
            let name = file.text(range)
            diagnostics.append(Diagnostic(.e203, "duplicate argument label `\(name)`", at: span(token: token),
                                          label: "`\(name)` is given again here",
                                          notes: [DiagnosticNote("`\(name)` was first given here", at: span(token: earlier))]))
        }
        if labelCount < labelStack.count { labelStack[labelCount] = token } else { labelStack.append(token) }
        labelCount += 1
    }

    static func canStartValue(_ k: TokenKind) -> Bool {
        switch k {
        case .string, .multilineString, .integer, .double, .color, .binding, .enumCase, .leftBracket, .leftParen:
            return true
        default:
            return k.isIdentifierLike
        }
    }

    mutating func parseValue() {
        switch current {
        case .string, .multilineString: leaf(.string)
        case .integer, .double: leaf(.number)
        case .color: leaf(.color)
        case .keywordTrue, .keywordFalse: leaf(.boolean)
        case .binding: leaf(.binding)
        case .enumCase:
            let n = open(.enumCase, main: pos)
            advance()
            if current == .leftParen { parseArguments(closer: .rightParen) }
            close(n)
        case .leftBracket:
            let n = open(.list)
            parseArguments(closer: .rightBracket)
            close(n)
        case .leftParen:
            let n = open(.record)
            parseArguments(closer: .rightParen)
            close(n)
        default:
            if current.isIdentifierLike {
                if peek() == .leftParen { parseCall(.call) } else { leaf(.reference) }
            } else {
                expected("a value")
                let n = open(.missing)
                close(n)
            }
        }
    }
}

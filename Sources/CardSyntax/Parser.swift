import CardDiagnostics

/// Recursive-descent parser for the uniform node grammar (Grammar/cards.ebnf). It never fails:
/// it always returns a complete tree plus diagnostics. It drains tokens from a small batch the
/// lexer refills as it goes, so no whole-file token list is ever built; the nodes keep what
/// later passes need in bytes (`NodeList`).
///
/// Recovery (docs/language.md §3):
/// - The parser re-synchronises at the start of every block item and top-level declaration.
///   Between two sync points it reports at most one syntax error, and none at all after a
///   lexical error, so one mistake gives one diagnostic. A lexical error between the previous
///   token and an item's first token on the same line (a dropped `~` in `x ~ 3`) belongs to that
///   item.
/// - `IDENT = value` where a property or argument label belongs (`title = "Trip"`,
///   `bar(percent = 0.5)`, a record or enum-case argument) is one E201 at the `=`, with a fix-it
///   writing `:`, instead of the lexer's E102; it is then parsed as if written with `:`.
/// - An unexpected token inside a block is wrapped in an `unexpected` node together with the
///   tokens up to the next item on a new line, or the block's `}`.
/// - A missing `,` between arguments or list elements is reported and treated as present.
/// - An unclosed `{`/`(`/`[` is one E202 at the opener with a label where the closer was
///   expected; a `card`/`stack`/`theme`/`import` at column 1 inside a block or argument list
///   ends the unclosed constructs around it (one E202, for the innermost), so the next
///   declaration parses normally. A closer swallowed by an
///   unterminated block comment or multi-line string (E106/E101) is not reported missing.
/// - An unterminated string (E101) ends the argument lists whose closers it swallowed
///   (`text("Hello)`): the next line is not more arguments.
///
/// Fix-its are safe to apply all at once ("fix all"): none overlap, and applying them removes
/// the diagnostics they belong to without causing new ones. So an E202's fix-it inserts every
/// closer missing at its point, innermost first; an E101's puts the quote before the closers
/// the string swallowed and adds those it lacks (none when the quote would be escaped); the
/// fix-it of a missing `,` is offered in lists and records and before a labeled argument only
/// (before an unlabeled one the comma may not be the fix: `text("a" "b")`), and becomes the
/// list's closer when the list then runs into the block around it.
/// - A declaration keyword starts a declaration only when an identifier follows, and `import`
///   only when a string follows (docs/language.md §3); otherwise they are ordinary identifiers.
/// - Nesting deeper than `maxDepth` is one E204; the too-deep group is skipped without recursion.
public enum Parser {
    public static let maxDepth = 256

    public static func parse(_ file: SourceFile) -> SyntaxTree {
        // Generated decks have about one node per 10 bytes. Capacity nobody writes costs no
        // memory (its pages are never touched), so the first attempt reserves for 2½ times that;
        // a denser file is lexed and parsed a second time with the exact count.
        var capacity = file.bytes.count / 4 + 64
        while true {
            let (nodes, needed, lexed, diagnostics, tokenCount) = parse(file, capacity: capacity)
            if needed <= capacity {
                return SyntaxTree(file: file, comments: lexed.comments, nodes: nodes,
                                  diagnostics: lexed.diagnostics + diagnostics, tokenCount: tokenCount,
                                  omittedDiagnostics: lexed.omitted)
            }
            capacity = needed
        }
    }

    /// Lexes and parses in one go, straight into the
    /// storage of the five `NodeList` arrays (no per-node uniqueness or capacity checks, no
    /// copy). Returns the nodes, how many the file needs, what the lexer left besides tokens,
    /// the syntax diagnostics and the token count; when `needed > capacity` the result is
    /// incomplete and must be discarded.
    static func parse(_ file: SourceFile, capacity: Int)
        -> (NodeList, needed: Int, LexedFile, [Diagnostic], tokenCount: Int) {
        var written = 0, needed = 0, tokenCount = 0
        var diagnostics: [Diagnostic] = []
        var lexed = LexedFile(tokens: TokenList(), comments: [], diagnostics: [], errorOffsets: [])
        var sideTables = NodeSideTables()
        var starts: [UInt32] = [], lengths: [UInt16] = [], subtreeSizes: [UInt16] = [], mains: [UInt16] = []
        let kinds = [NodeKind](unsafeUninitializedCapacity: capacity) { kindBuffer, kindCount in
            starts = [UInt32](unsafeUninitializedCapacity: capacity) { startBuffer, startCount in
                lengths = [UInt16](unsafeUninitializedCapacity: capacity) { lengthBuffer, lengthCount in
                    subtreeSizes = [UInt16](unsafeUninitializedCapacity: capacity) { subtreeBuffer, subtreeCount in
                        mains = [UInt16](unsafeUninitializedCapacity: capacity) { mainBuffer, mainCount in
                            var sink = NodeSink(kinds: kindBuffer, starts: startBuffer, lengths: lengthBuffer,
                                                subtreeSizes: subtreeBuffer, mains: mainBuffer)
                            (lexed, diagnostics, tokenCount) = ParserState.run(file, into: &sink)
                            needed = sink.count
                            written = min(needed, sink.capacity)
                            sideTables = sink.sideTables
                            sideTables.sortLargeNodes()
                            mainCount = written
                        }
                        subtreeCount = written
                    }
                    lengthCount = written
                }
                startCount = written
            }
            kindCount = written
        }
        var nodes = NodeList()
        nodes.sideTables = sideTables
        nodes.kinds = kinds
        nodes.starts = starts
        nodes.lengths = lengths
        nodes.subtreeSizes = subtreeSizes
        nodes.mains = mains
        return (nodes, needed, lexed, diagnostics, tokenCount)
    }
}

/// Where the parser writes nodes: the uninitialised storage of the `NodeList` arrays. Nodes
/// past `capacity` are counted but not stored.
struct NodeSink {
    let kinds: UnsafeMutableBufferPointer<NodeKind>
    let starts: UnsafeMutableBufferPointer<UInt32>
    let lengths: UnsafeMutableBufferPointer<UInt16>
    let subtreeSizes: UnsafeMutableBufferPointer<UInt16>
    let mains: UnsafeMutableBufferPointer<UInt16>
    var sideTables = NodeSideTables()
    /// How many nodes fit in all five buffers.
    let capacity: Int
    /// Nodes opened so far, including any that did not fit.
    var count = 0

    init(kinds: UnsafeMutableBufferPointer<NodeKind>, starts: UnsafeMutableBufferPointer<UInt32>,
         lengths: UnsafeMutableBufferPointer<UInt16>, subtreeSizes: UnsafeMutableBufferPointer<UInt16>,
         mains: UnsafeMutableBufferPointer<UInt16>) {
        self.kinds = kinds
        self.starts = starts
        self.lengths = lengths
        self.subtreeSizes = subtreeSizes
        self.mains = mains
        capacity = min(kinds.count, starts.count, lengths.count, subtreeSizes.count, mains.count)
    }

    /// Appends a node starting at `start` with a packed main token (`NodeList.mains`); returns
    /// its index. Its byte length and subtree size are those of a leaf of `length` bytes until
    /// `close` sets them (a leaf needs no `close`).
    @inline(__always)
    mutating func open(_ kind: NodeKind, start: Int, main: UInt16 = 0, length: Int = 0) -> Int {
        let n = count
        if n < capacity {
            // Trivial types: assigning to uninitialised memory is initialisation.
            kinds[n] = kind
            starts[n] = UInt32(truncatingIfNeeded: start)
            lengths[n] = UInt16(truncatingIfNeeded: length)
            subtreeSizes[n] = 1
            mains[n] = main
        }
        count = n &+ 1
        return n
    }

    /// Ends node `n` at `end` (the end of the last token read, unless that lies before the
    /// node: then it is empty); its subtree ends at the current node count.
    @inline(__always)
    mutating func close(_ n: Int, end: Int) {
        guard UInt(bitPattern: n) < UInt(bitPattern: capacity) else { return }
        let start = Int(starts[n])
        let length = max(end &- start, 0), size = count &- n
        // Both are at least 0: one compare tests that both fit.
        if length | size < Int(NodeList.outlying) {
            lengths[n] = UInt16(truncatingIfNeeded: length)
            subtreeSizes[n] = UInt16(truncatingIfNeeded: size)
        } else {
            lengths[n] = NodeList.outlying
            subtreeSizes[n] = NodeList.outlying
            sideTables.largeNodes.append(Int32(truncatingIfNeeded: n))
            sideTables.largeNodeEnds.append(UInt32(truncatingIfNeeded: start + length))
            sideTables.largeSubtreeEnds.append(Int32(truncatingIfNeeded: count))
        }
    }

    /// Records `token` as node `n`'s main token (the last node opened).
    @inline(__always)
    mutating func setMainToken(_ n: Int, _ token: Token) {
        guard n >= 0 && n < capacity else { return }
        if let main = NodeList.main(token, of: kinds[n], offset: token.start - Int(starts[n])) {
            mains[n] = main
        } else {
            mains[n] = NodeList.lengthMask | (token.isMalformed ? NodeList.malformedBit : 0)
                | NodeList.outlyingForm << NodeList.formShift
            sideTables.outlyingMains.append(Int32(truncatingIfNeeded: n))
            sideTables.outlyingStarts.append(UInt32(truncatingIfNeeded: token.start))
            sideTables.outlyingEnds.append(UInt32(truncatingIfNeeded: token.end))
            sideTables.outlyingKinds.append(token.kind)
        }
    }

    /// Notes that a `(` follows node `n`'s main token.
    @inline(__always)
    mutating func setParentheses(_ n: Int) {
        guard n >= 0 && n < capacity else { return }
        mains[n] |= NodeList.parenthesesBit
    }
}

/// The parser's place in its token batch: `token` is the current token, `previous` the one
/// before (before the first, a stand-in ending at 0) and `nextToken` the one after, always
/// there: a batch is refilled, after the previous and current tokens, before its last token
/// becomes current. At the end of the file the end-of-file token repeats. A pointer rather than
/// an index into the batch: reading the current token is one load less, and the parser reads it
/// several times per token.
///
/// The parser reads tokens through this small struct rather than computed members of
/// `ParserState`: in a debug build every such call copies the whole state into the caller's
/// frame, and the recursive `parse…` frames grew too large for 256 nesting levels to fit a
/// thread's stack.
struct TokenCursor {
    var pointer: UnsafeMutablePointer<Token>

    init(_ pointer: UnsafeMutablePointer<Token>) { self.pointer = pointer }

    @inline(__always) var token: Token { pointer.pointee }
    @inline(__always) var kind: TokenKind { pointer.pointee.kind }
    @inline(__always) var previous: Token { pointer[-1] }
    @inline(__always) var nextToken: Token { pointer[1] }
    /// The next token's kind.
    @inline(__always) var next: TokenKind { pointer[1].kind }
    /// Where the previous token ends (0 at the start).
    @inline(__always) var previousEnd: Int { pointer[-1].end }
    /// True when a lone `=` the lexer dropped (E102) lies between the current token and the
    /// next: a cheap test, done before `ParserState.takeEqualsAsColon`.
    @inline(__always) var equalsFollows: Bool { pointer[1].flags & TokenFlags.equalsBefore != 0 }

    /// `card|stack|theme NAME` or `import "…"`: the start of a top-level declaration.
    @inline(__always) var isTopLevelStart: Bool {
        switch kind {
        case .keywordCard, .keywordStack, .keywordTheme: return next.isIdentifierLike
        case .keywordImport: return next == .string
        default: return false
        }
    }

    /// A file-level declaration or import at column 1 of a new line: it ends every unclosed
    /// construct around it.
    @inline(__always) func isColumnOneDeclaration(in file: SourceFile) -> Bool {
        // The kind test first: it rules out almost every token without reading the source.
        guard isTopLevelStart && token.startsLine else { return false }
        let start = token.start
        return start == 0 || LineBreak.isBreakByte(file.bytes[start - 1])
    }
}

struct ParserState {
    let file: SourceFile
    /// Lexes on demand, a batch of tokens at a time, into `batch`.
    var lexer: LexerState
    let batch: UnsafeMutableBufferPointer<Token>
    /// The current token in `batch`.
    var cursor: TokenCursor
    /// Just past the last token in `batch`.
    var batchEnd: UnsafeMutablePointer<Token>
    /// How many tokens of the file came before `batch[1]`.
    var batchStart = 0
    var nodes: NodeSink
    var diagnostics: [Diagnostic] = []
    /// The token at the last sync point, and where the token before it ends (-1: none).
    var syncToken = Token(.endOfFile, 0, 0, flags: 0)
    var syncPreviousEnd = -1
    /// Byte offset of the last sync point. Computed only when a syntax error is about to be
    /// reported (`gapStart` searches the line table, too slow to run at every item).
    var syncOffset: Int { gapStart(syncToken, previousEnd: syncPreviousEnd) }
    var reportedSinceSync = false
    /// Syntax errors past `Lexer.diagnosticLimit`, not recorded.
    var omitted = 0
    /// Whether the lexer leaves out errors past its limit, once it is known (see
    /// `lexerOmitsErrors(from:)`).
    var lexerWillOmit: Bool?
    var depth = 0
    /// Labels of the argument lists being parsed, innermost last (see `pushLabel`): the first
    /// `labelCount` entries of a buffer that only grows, so pushing a label is a store; `run`
    /// frees it.
    var labels = UnsafeMutableBufferPointer<Token>(start: nil, count: 0)
    var labelCount = 0
    /// For each argument list being parsed with more than `scannedLabelLimit` labels (by where
    /// its labels start in `labels`), the first label of each spelling.
    var longListLabels: [Int: [[UInt8]: Token]] = [:]
    /// Whether `longListLabels` may hold a list's entry: one flag to test as each list closes.
    var hasLongLists = false
    /// Set when an unclosed construct ran into end of file or a column-1 declaration: the
    /// enclosing constructs close silently instead of reporting the same problem again.
    var abandoned = false
    /// The constructs last found unclosed, all at one point (see `reportUnclosed`).
    var closing: Closing?
    /// Starts of the malformed `"…"` strings parsed as values (or import paths), ascending: an
    /// unterminated one elsewhere (`card A: "rounded(radius: 4)`) is no string the author
    /// meant, so closing it is no fix (`dropFixItsOfStrayStrings`).
    var malformedValueStrings: [Int] = []
    /// Set when the next value, a malformed string, follows the previous one without a comma.
    var strayStringAhead = false

    /// Constructs found unclosed at one point, and the diagnostics whose one fix-it closes them.
    struct Closing {
        /// Where the closers belong: the end of the token before the point where they were missed.
        var point: Int
        /// The start of an unterminated string ending at `point`, whose closing quote comes first.
        var string: Int?
        /// The closers, innermost first (`")]}"`).
        var closers = ""
        /// Indices in `diagnostics` of the E202s reported for them.
        var reported: [Int] = []

        init(point: Int, string: Int?) {
            self.point = point
            self.string = string
        }
    }

    /// Lexes and parses `file` into `nodes`. Returns what the lexer left besides tokens, the
    /// syntax diagnostics and the number of tokens.
    static func run(_ file: SourceFile, into nodes: inout NodeSink) -> (LexedFile, [Diagnostic], Int) {
        func parse(_ lexer: inout LexerState) -> (LexedFile, [Diagnostic], Int) {
            withUnsafeTemporaryAllocation(of: Token.self, capacity: Lexer.batchSize) { batch in
                var state = ParserState(file: file, lexer: lexer, batch: batch, nodes: nodes)
                defer { state.labels.deallocate() }
                state.parseFile()
                nodes = state.nodes
                var lexed = state.lexer.output
                lexed.omitted += state.omitted
                return (lexed, state.diagnostics, state.pos + 1)
            }
        }
        return Lexer.withLexer(for: file, parse)
    }

    init(file: SourceFile, lexer: LexerState, batch: UnsafeMutableBufferPointer<Token>, nodes: NodeSink) {
        self.file = file
        self.lexer = lexer
        self.batch = batch
        self.nodes = nodes
        batch[0] = Token(.endOfFile, 0, 0, flags: 0)
        var count = 1 + self.lexer.fill(UnsafeMutableBufferPointer(rebasing: batch[1...]))
        // Only the end of file: lex it again, so a next token is there (`refill` without moving).
        if count == 2 { count += self.lexer.fill(UnsafeMutableBufferPointer(rebasing: batch[2...])) }
        let base = batch.baseAddress.unsafelyUnwrapped
        cursor = TokenCursor(base + 1)
        batchEnd = base + count
        syncToken = cursor.token
    }

    // MARK: Tokens

    /// How many tokens have been consumed.
    var pos: Int { batchStart &+ (cursor.pointer - batch.baseAddress.unsafelyUnwrapped) &- 1 }

    /// Moves to the next token; at the end of the file, stays there.
    @inline(__always) mutating func advance() {
        cursor.pointer += 1
        if cursor.pointer + 1 == batchEnd { refill() }
    }

    /// Moves the previous and current tokens to the front of the batch and lexes more after them.
    /// The lexer ends each batch at the end-of-file token, so the end of the file is current
    /// only just before a refill: an `advance` from it lands here and is undone.
    @inline(never) mutating func refill() {
        if cursor.previous.kind == .endOfFile {
            cursor.pointer -= 1
            return
        }
        let base = batch.baseAddress.unsafelyUnwrapped
        batchStart += cursor.pointer - base - 1
        base[0] = cursor.previous
        base[1] = cursor.token
        cursor = TokenCursor(base + 1)
        batchEnd = base + 2 + lexer.fill(UnsafeMutableBufferPointer(rebasing: batch[2...]))
    }

    func span(token: Token) -> SourceSpan { SourceSpan(file: file.id, token.range) }

    /// An empty span just after the previous token: where a missing closer belongs.
    func spanAfterPrevious() -> SourceSpan { SourceSpan(file: file.id, start: cursor.previousEnd, end: cursor.previousEnd) }

    func describeCurrent() -> String {
        switch cursor.kind {
        case .identifier: return "`\(file.text(cursor.token.range))`"
        case .endOfFile: return "end of file"
        case .leftBrace, .rightBrace, .leftParen, .rightParen, .leftBracket, .rightBracket, .colon, .comma, .semicolon:
            return cursor.kind.spelling // already shows the character: "`{`"
        default:
            let text = file.text(cursor.token.range)
            return text.utf8.count <= 24 && !text.contains("\n") ? "\(cursor.kind.spelling) `\(text)`" : cursor.kind.spelling
        }
    }

    static func isDeclarationKeyword(_ k: TokenKind) -> Bool {
        k == .keywordCard || k == .keywordStack || k == .keywordTheme || k == .keywordState
    }

    // MARK: Nodes

    @inline(__always)
    mutating func open(_ kind: NodeKind) -> Int {
        nodes.open(kind, start: cursor.token.start)
    }

    /// Opens a node named by the current token.
    @inline(__always)
    mutating func openNamed(_ kind: NodeKind) -> Int {
        guard let main = NodeList.main(cursor.token, of: kind, offset: 0) else {
            let n = nodes.open(kind, start: cursor.token.start)
            nodes.setMainToken(n, cursor.token)
            return n
        }
        return nodes.open(kind, start: cursor.token.start, main: main)
    }

    @inline(__always)
    mutating func close(_ n: Int) {
        nodes.close(n, end: cursor.previousEnd)
    }

    /// Consumes node `n`'s main token, noting whether a `(` follows it.
    @inline(__always)
    mutating func advancePastMain(_ n: Int) {
        advance()
        if cursor.kind == .leftParen { nodes.setParentheses(n) }
    }

    /// A node holding just the current token.
    @inline(__always)
    mutating func leaf(_ kind: NodeKind) {
        let token = cursor.token
        // A leaf is its main token: it is complete once opened, unless that token is long.
        if let main = NodeList.main(token, of: kind, offset: 0) {
            advancePastMain(nodes.open(kind, start: token.start, main: main, length: token.end - token.start))
        } else {
            let n = openNamed(kind)
            advancePastMain(n)
            close(n)
        }
    }

    // MARK: Diagnostics

    mutating func sync() {
        syncToken = cursor.token
        // `pos > 0`, without dividing the cursor's offset by the token size.
        let atFirstToken = batchStart == 0 && cursor.pointer == batch.baseAddress.unsafelyUnwrapped + 1
        syncPreviousEnd = atFirstToken ? -1 : cursor.previousEnd
        reportedSinceSync = false
    }

    /// Where the gap before `token` starts on its line: characters dropped there (E102, E107)
    /// belong to the item that `token` starts, so they silence its syntax errors (`x ~ 3`).
    /// `previousEnd` is where the token before it ends (-1: none).
    func gapStart(_ token: Token, previousEnd: Int) -> Int {
        let start = token.start
        guard previousEnd >= 0, token.kind != .endOfFile else { return start }
        let lineStart = file.lineStart(file.lineIndex(of: start))
        return min(start, max(previousEnd, lineStart))
    }

    func lexicalErrorSinceSync(upTo end: Int) -> Bool {
        let errorOffsets = lexer.errorOffsets
        if errorOffsets.isEmpty { return false }
        let syncOffset = self.syncOffset
        var low = 0, high = errorOffsets.count
        while low < high {
            let mid = (low + high) / 2
            if errorOffsets[mid] < syncOffset { low = mid + 1 } else { high = mid }
        }
        return low < errorOffsets.count && errorOffsets[low] < end
    }

    /// Records a syntax error unless it is one too many (see the type's recovery rules), or past
    /// the file's limit (`Lexer.diagnosticLimit`, `DiagnosticLimit`): then it is only counted.
    /// (At most one per sync point reaches here, so building its message costs little.)
    mutating func syntaxError(_ code: DiagnosticCode, _ message: String, at span: SourceSpan, label: String? = nil,
                              secondary: [DiagnosticLabel] = [], notes: [DiagnosticNote] = [], fixIts: [FixIt] = []) {
        defer { reportedSinceSync = true }
        if reportedSinceSync || lexicalErrorSinceSync(upTo: max(span.end, cursor.token.end)) { return }
        // Past the lexer's limit, offsets stop being recorded: stay quiet rather than guess.
        if lexerOmitsErrors(from: span.start) { return }
        guard diagnostics.count < Lexer.diagnosticLimit else { omitted += 1; return }
        diagnostics.append(Diagnostic(code, message, at: span, label: label, secondary: secondary,
                                      notes: notes, fixIts: fixIts))
    }

    /// True when the lexer recorded `Lexer.diagnosticLimit` errors, the last at or before
    /// `offset`, and leaves some out: then errors past `offset` may be unrecorded. The lexer may
    /// not have got that far yet; a copy of it finds out, once.
    mutating func lexerOmitsErrors(from offset: Int) -> Bool {
        guard lexer.diagnostics.count >= Lexer.diagnosticLimit, let last = lexer.errorOffsets.last, offset >= last else {
            return false
        }
        if let lexerWillOmit { return lexerWillOmit }
        var probe = lexer
        while probe.omitted == 0 && probe.i < probe.n { _ = probe.next() }
        lexerWillOmit = probe.omitted > 0
        return probe.omitted > 0
    }

    /// `IDENT = value` where `IDENT: value` belongs (a property or an argument label): when
    /// only blanks surround the `=` on one line and a value follows it, takes it for the `:`. The
    /// lexer's E102 for it is withdrawn (so nothing after it is silenced) and one E201 at the
    /// `=` replaces it, with a fix-it writing `:` in its place; the caller then parses the
    /// property or argument exactly as if written with `:`. Returns false, changing nothing,
    /// when the `=` is not alone (`title == x`, `title = ~ x`, a comment between) or no value
    /// follows it.
    @inline(never) mutating func takeEqualsAsColon() -> Bool {
        guard let equalsOffset = equalsStandingForColon() else { return false }
        let name = cursor.token, value = cursor.nextToken
        let bytes = file.bytes
        guard withdrawEquals(at: equalsOffset) else { return false }
        let equalsSpan = SourceSpan(file: file.id, start: equalsOffset, end: equalsOffset + 1)
        // `title = "Trip"` becomes `title: "Trip"`: the blanks before the `=` go, and a space
        // follows the `:`.
        var fixStart = equalsOffset
        while fixStart > name.end && (bytes[fixStart - 1] == 0x20 || bytes[fixStart - 1] == 0x09) { fixStart -= 1 }
        let spaced = equalsOffset + 1 < value.start
        let fix = FixIt(SourceSpan(file: file.id, start: fixStart, end: equalsOffset + 1), spaced ? ":" : ": ")
        let label = file.text(name.range)
        guard diagnostics.count < Lexer.diagnosticLimit else { omitted += 1; return true }
        diagnostics.append(Diagnostic(.e201, "expected `:` after `\(label)`, found `=`", at: equalsSpan,
                                      label: "write `:` here",
                                      notes: [.help("replace the `=` with `:`: a property or argument label is written `\(label): value`")],
                                      fixIts: [fix]))
        return true
    }

    /// Withdraws the lexer's E102 for the `=` at `equalsOffset` (the lexer has lexed past it: the
    /// token after it is lexed), so that nothing after it is silenced; false when there is none.
    mutating func withdrawEquals(at equalsOffset: Int) -> Bool {
        var low = 0, high = lexer.errorOffsets.count
        while low < high {
            let mid = (low + high) / 2
            if lexer.errorOffsets[mid] < equalsOffset { low = mid + 1 } else { high = mid }
        }
        guard low < lexer.errorOffsets.count, lexer.errorOffsets[low] == equalsOffset,
              let index = lexicalDiagnostic(.e102, at: equalsOffset)
        else { return false }
        lexer.errorOffsets.remove(at: low)
        lexer.diagnostics.remove(at: index)
        return true
    }

    /// Whether a name starts with an ASCII capital, as Swift's type names do (`String`), where
    /// the language's own values and names are lower camel case.
    func startsUppercase(_ token: Token) -> Bool {
        token.start < file.bytes.count && file.bytes[token.start] &- 0x41 < 26
    }

    /// `name: String = "Biscuit"` (a Swift-style type before a default): the current token is
    /// the type (a capitalised name), and a lone `=` and a value follow it on its line (as `equalsStandingForColon`
    /// finds). One E201 at the type and the `=`, with a fix-it removing them and keeping the
    /// value, instead of the lexer's E102 and a checker's error at the type; the current token
    /// is then the value, and the property is parsed and checked as `name: "Biscuit"`. `name`
    /// is the property's name token.
    @inline(never) mutating func skipTypeAnnotation(of name: Token) -> Bool {
        guard let equalsOffset = equalsStandingForColon(), withdrawEquals(at: equalsOffset) else { return false }
        let type = cursor.token, value = cursor.nextToken
        let nameText = file.text(name.range), typeText = file.text(type.range)
        let valueText = file.text(value.range)
        let shown = valueText.utf8.count <= 24 && !valueText.contains("\n") ? valueText : "…"
        let fix = FixIt(SourceSpan(file: file.id, start: type.start, end: value.start), "")
        guard diagnostics.count < Lexer.diagnosticLimit else { omitted += 1; advance(); return true }
        diagnostics.append(Diagnostic(.e201, "expected a value after `\(nameText):`, found the type `\(typeText)`",
                                      at: SourceSpan(file: file.id, start: type.start, end: equalsOffset + 1),
                                      label: "types are not written here",
                                      notes: [.help("write `\(nameText): \(shown)`: a property is `name: value`, and a model field's type is inferred from its default value")],
                                      fixIts: [fix]))
        reportedSinceSync = true
        advance()
        return true
    }

    /// The offset of the lone `=` between the current token and the next when only spaces and
    /// tabs surround it (one line) and the next token can start a value (see
    /// `takeEqualsAsColon`), else nil.
    @inline(never) func equalsStandingForColon() -> Int? {
        let name = cursor.token, value = cursor.nextToken
        guard Self.canStartValue(value.kind), name.end < value.start else { return nil }
        var equalsOffset: Int?
        let bytes = file.bytes
        for j in name.end..<min(value.start, bytes.count) {
            switch bytes[j] {
            case 0x20, 0x09: continue
            case 0x3D where equalsOffset == nil: equalsOffset = j
            default: return nil
            }
        }
        return equalsOffset
    }

    mutating func expected(_ what: String) {
        syntaxError(.e201, "expected \(what), found \(describeCurrent())", at: span(token: cursor.token))
    }

    /// Reports the construct opened by `opener` unclosed (E202) where its `closer` was expected,
    /// just after the previous token. Enclosing constructs found unclosed at the same point (as
    /// the parser unwinds at the end of the file or a column-1 declaration, or an argument list
    /// around an unclosed list) are silent, but their closers join the fix-it, innermost first,
    /// so that applying it balances the file. When an unterminated string ends there, its
    /// closing quote goes first: the E101's fix-it closes the string and the constructs.
    mutating func reportUnclosed(opener: Token, closer: String) {
        let point = cursor.previousEnd
        if closing?.point != point {
            closing = Closing(point: point, string: unterminatedStringBeforePoint())
        }
        closing?.closers += closer
        defer { updateClosingFixIts() }
        if abandoned { return }
        // The closer may be inside the comment or string that swallowed the rest of the file.
        if cursor.kind == .endOfFile && lexer.unterminatedAtEnd { return }
        let open = file.text(opener.range)
        let place = spanAfterPrevious()
        let count = diagnostics.count
        // The fix-it is `closing`'s, set by `updateClosingFixIts`.
        syntaxError(.e202, "unclosed `\(open)`", at: span(token: opener), label: "this `\(open)` is never closed",
                    secondary: [DiagnosticLabel(place, "expected `\(closer)` here")])
        if diagnostics.count > count { closing?.reported.append(count) }
    }

    /// An argument list or list found unclosed (see `reportUnclosed`) after this list reported a
    /// missing `,` with a fix-it, the E201 at `missingComma` in `diagnostics`. Running into the
    /// block around it, the list most likely ended where the `,` was expected (the closer, not
    /// the comma, was left out: `action: go` then `tap: x` on the next line and `}`), so the
    /// E201's fix-it inserts the closer there instead. At the end of the file or a column-1
    /// declaration both are likely missing, and the E202 is reported too, with its own fix-it.
    mutating func reportUnclosedList(opener: Token, closer: String, endsAll: Bool, missingComma: Int?) {
        guard let missingComma, !abandoned, missingComma < diagnostics.count,
              let point = diagnostics[missingComma].fixIts.first?.span else {
            reportUnclosed(opener: opener, closer: closer)
            return
        }
        if endsAll {
            reportedSinceSync = false
            reportUnclosed(opener: opener, closer: closer)
        } else {
            // Enclosing lists found unclosed here start a closing of their own (a rare case:
            // their closers are not added).
            diagnostics[missingComma].fixIts = [FixIt(point, closer)]
        }
    }

    /// True when the previous token is an unterminated string whose line ends in closers (before
    /// any comment) that did not close lists yet: it swallowed them, so as many lists end with
    /// it (`f(g("x))` ends both, `[(a: "x),` the record only).
    func unterminatedStringSwallowedClosers() -> Bool {
        guard let start = unterminatedStringBeforePoint() else { return false }
        let end = cursor.previousEnd
        let swallowed = file.bytes.withUnsafeBufferPointer { bytes in
            LexerState.trailingRun(in: bytes, string: start, end: end).closers.count
        }
        let closed = closing.map { $0.point == end && $0.string == start ? $0.closers.utf8.count : 0 } ?? 0
        return swallowed > closed
    }

    @inline(never) mutating func noteMalformedValueString() {
        if cursor.token.kind == .string && !strayStringAhead { malformedValueStrings.append(cursor.token.start) }
        strayStringAhead = false
    }

    /// Removes the E101 fix-its of unterminated strings that were not values: only where a
    /// string belongs does closing it fix anything.
    mutating func dropFixItsOfStrayStrings() {
        for i in lexer.diagnostics.indices where lexer.diagnostics[i].code == .e101 && !lexer.diagnostics[i].fixIts.isEmpty {
            let start = lexer.diagnostics[i].span.start
            if !isMalformedValueString(at: start) { lexer.diagnostics[i].fixIts = [] }
        }
    }

    func isMalformedValueString(at start: Int) -> Bool {
        var low = 0, high = malformedValueStrings.count
        while low < high {
            let mid = (low + high) / 2
            if malformedValueStrings[mid] < start { low = mid + 1 } else { high = mid }
        }
        return low < malformedValueStrings.count && malformedValueStrings[low] == start
    }

    /// The start of the unterminated single-line string (E101) that the previous token is, or nil.
    func unterminatedStringBeforePoint() -> Int? {
        let previous = cursor.previous
        guard previous.kind == .string && previous.isMalformed else { return nil }
        // Malformed by a bad escape or byte only, it was closed: then it has no E101.
        let start = previous.start
        return lexicalDiagnostic(.e101, at: start) == nil ? nil : start
    }

    /// The index in the lexer's diagnostics of its `code` diagnostic starting at `offset`, a
    /// token the parser has reached: the lexer is at most a batch ahead, and its diagnostics
    /// are in source order, so the search from the end stops soon.
    func lexicalDiagnostic(_ code: DiagnosticCode, at offset: Int) -> Int? {
        var i = lexer.diagnostics.count
        while i > 0 {
            i -= 1
            let d = lexer.diagnostics[i]
            if d.span.start < offset { return nil }
            if d.span.start == offset && d.code == code { return i }
        }
        return nil
    }

    /// Gives the diagnostics of `closing` its fix-it: the closers at its point, or the closing
    /// quote of its string followed by them (no fix-it when the quote has no safe spot).
    mutating func updateClosingFixIts() {
        guard let closing else { return }
        let fixIts: [FixIt]
        if let start = closing.string, !isMalformedValueString(at: start) {
            // A stray string runs to the end of the line: a closer there would be inside it.
            fixIts = []
        } else if let start = closing.string {
            let end = cursor.previousEnd
            let fix = file.bytes.withUnsafeBufferPointer { bytes in
                LexerState.closingQuote(in: bytes, string: start, end: end, closers: Array(closing.closers.utf8))
            }
            fixIts = fix.map { [FixIt(SourceSpan(file: file.id, $0.range), $0.replacement)] } ?? []
            if let e101 = lexicalDiagnostic(.e101, at: start) {
                lexer.diagnostics[e101].fixIts = fixIts
            }
        } else {
            fixIts = [FixIt(SourceSpan(file: file.id, start: closing.point, end: closing.point), closing.closers)]
        }
        for index in closing.reported where index < diagnostics.count { diagnostics[index].fixIts = fixIts }
    }

    /// Enters one nesting level at an opener; past the limit reports E204 and skips the group.
    @inline(__always) mutating func enterNesting() -> Bool {
        depth &+= 1
        return depth <= Parser.maxDepth || nestingTooDeep()
    }

    /// `enterNesting` past the limit: returns false.
    mutating func nestingTooDeep() -> Bool {
        diagnostics.append(Diagnostic(.e204, "nesting is deeper than the limit of \(Parser.maxDepth) levels",
                                      at: span(token: cursor.token), label: "too deeply nested",
                                      notes: [.help("split the deck into smaller parts")]))
        skipBalanced()
        if cursor.kind == .endOfFile { abandoned = true }
        depth -= 1
        return false
    }

    /// Skips one token, or a whole bracketed group when it is an opener (iteratively).
    mutating func skipBalanced() {
        var level = 0
        repeat {
            switch cursor.kind {
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
        while cursor.kind != .endOfFile {
            sync()
            abandoned = false
            switch cursor.kind {
            case .keywordImport:
                if seenDeclaration {
                    syntaxError(.e205, "imports must come before declarations", at: span(token: cursor.token))
                }
                parseImport()
            case .keywordCard, .keywordStack, .keywordTheme, .keywordState:
                seenDeclaration = true
                parseDeclaration(topLevel: true)
            default:
                expected("a declaration (`card`, `stack`, `theme`) or `import`")
                let u = open(.unexpected)
                skipBalanced()
                while cursor.kind != .endOfFile && !(cursor.token.startsLine
                        && (cursor.isTopLevelStart || Self.isDeclarationKeyword(cursor.kind) || cursor.kind == .keywordImport)) {
                    skipBalanced()
                }
                close(u)
            }
        }
        close(file)
        dropFixItsOfStrayStrings()
    }

    mutating func parseImport() {
        let n = open(.importDecl)
        advance()
        if cursor.kind == .string {
            if cursor.token.isMalformed { noteMalformedValueString() }
            nodes.setMainToken(n, cursor.token)
            advancePastMain(n)
        } else {
            expected("a file path string after `import`")
            // The rest of the line belongs to the broken import (no second error at its tokens).
            while cursor.kind != .endOfFile && !cursor.token.startsLine { skipBalanced() }
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
        let keyword = cursor.kind
        let keywordToken = cursor.token
        // Only needed for error messages: not built for every declaration.
        var keywordText: String { file.text(keywordToken.range) }
        let n = open(Self.declarationKind(keyword))
        if !topLevel && keyword != .keywordState {
            syntaxError(.e205, "`\(keywordText)` declarations are only allowed at file level", at: span(token: cursor.token))
        }
        advance()
        var name: Token?
        if cursor.kind.isIdentifierLike {
            name = cursor.token
            nodes.setMainToken(n, cursor.token)
            advancePastMain(n)
        } else if cursor.kind == .string && !cursor.token.isMalformed && !cursor.token.startsLine {
            name = nameInQuotes(n, keyword: keywordText)
        } else {
            expected("a name for the `\(keywordText)` declaration")
        }
        var hasConformances = false
        if cursor.kind == .colon {
            advance()
            parseConformances()
            hasConformances = true
        } else if keyword != .keywordState, let name, colonIsMissing(after: keyword, name: name) {
            parseConformances()
            hasConformances = true
        }
        if cursor.kind != .leftBrace && cursor.kind != .endOfFile && !cursor.token.startsLine && !abandoned {
            expected(hasConformances ? "`{` or `,`" : "`:` or `{`")
            while cursor.kind != .endOfFile && cursor.kind != .leftBrace && !cursor.token.startsLine { skipBalanced() }
        }
        if cursor.kind == .leftBrace { parseBlock() }
        close(n)
    }

    /// What follows a declaration's `:` — a card's traits, a stack's kind, a theme's parent —
    /// in messages.
    static func conformanceDescription(_ keyword: TokenKind) -> String {
        switch keyword {
        case .keywordCard: "a card's traits follow"
        case .keywordStack: "a stack's kind follows"
        default: "a theme's parent follows"
        }
    }

    /// A name after a declaration's name on its line (`card Vaccines rounded(radius: 12) {`,
    /// `stack Home list {`), or a `,` and a name (`card Vaccines, rounded(…) {`): the `:` before
    /// the conformances is missing. Reports one E201 with a fix-it writing it (in place of the
    /// `,`), and returns true, past the `,`: the caller parses the conformances as if the `:`
    /// were there. Whether they are traits, kinds or themes is the checker's to say, as after
    /// a `:` (`card My Card {` is then also an unknown trait).
    @inline(never) mutating func colonIsMissing(after keyword: TokenKind, name: Token) -> Bool {
        let token = cursor.token
        guard !token.startsLine else { return false }
        let fix: FixIt, first: Token
        if token.kind.isIdentifierLike && !Self.isDeclarationKeyword(token.kind) && token.kind != .keywordImport {
            fix = FixIt(SourceSpan(file: file.id, start: name.end, end: name.end), ":")
            first = token
        } else if token.kind == .comma && cursor.next.isIdentifierLike && !cursor.nextToken.startsLine
                    && !Self.isDeclarationKeyword(cursor.next) {
            fix = FixIt(span(token: token), ":")
            first = cursor.nextToken
        } else {
            return false
        }
        let nameText = file.text(name.range)
        let keywordText = keyword == .keywordCard ? "card" : keyword == .keywordStack ? "stack" : "theme"
        let call = file.text(first.range) + (first.end < file.bytes.count && file.bytes[first.end] == 0x28 ? "(…)" : "")
        syntaxError(.e201, "expected `:` after `\(nameText)`: \(Self.conformanceDescription(keyword)) a `:`",
                    at: span(token: token), label: token.kind == .comma ? "write `:` here" : "`:` expected before this",
                    notes: [.help("write `\(keywordText) \(nameText): \(call)`")], fixIts: [fix])
        if token.kind == .comma { advance() }
        return true
    }

    /// `state "restDay" {`: a declaration named by a string. One E201 at the string; when its text
    /// is a name (`[A-Za-z_][A-Za-z0-9_]*`) it is the declaration's name, as if written without
    /// quotes, with a fix-it removing them. Returns the name (within the quotes), if it is one.
    @inline(never) mutating func nameInQuotes(_ n: Int, keyword: String) -> Token? {
        let string = cursor.token
        // A closed string has both quotes: at least two bytes.
        let body = (string.start + 1)..<max(string.start + 1, string.end - 1)
        let bytes = file.bytes
        let isName = !body.isEmpty && body.upperBound <= bytes.count && isIdentifierStart(bytes[body.lowerBound])
            && bytes[body].allSatisfy(isIdentifierContinue)
        let message = "a \(keyword)'s name is an identifier, not a string"
        var token: Token?
        if isName {
            let name = file.text(body)
            syntaxError(.e201, message, at: span(token: string), label: "write `\(keyword) \(name)`",
                        notes: [.help("the names of cards, stacks, themes and states are written without quotes")],
                        fixIts: [FixIt(span(token: string), name)])
            // The one main token that is not the lexer's: the name between the quotes, so the
            // checker, rename and go-to-definition see the name the fix-it leaves.
            token = Token(.identifier, body.lowerBound, body.upperBound, flags: 0)
            nodes.setMainToken(n, Token(.identifier, body.lowerBound, body.upperBound, flags: 0))
        } else {
            syntaxError(.e201, message, at: span(token: string),
                        notes: [.help("a name is letters, digits and `_`, starting with a letter or `_`, as in `\(keyword) restDay`")])
        }
        advance()
        return token
    }

    mutating func parseConformances() {
        let list = open(.conformanceList)
        while true {
            guard cursor.kind.isIdentifierLike else {
                expected("a trait, stack kind or theme name")
                break
            }
            parseCall(.call)
            guard cursor.kind == .comma else { break }
            advance()
        }
        close(list)
    }

    // MARK: Blocks and items

    mutating func parseBlock() {
        let b = open(.block)
        let opener = cursor.token
        guard enterNesting() else { close(b); return }
        advance()
        while true {
            sync()
            switch cursor.kind {
            case .rightBrace:
                advance()
            case .endOfFile:
                reportUnclosed(opener: opener, closer: "}")
                abandoned = true
            case .semicolon, .comma:
                advance()
                continue
            default:
                if cursor.isColumnOneDeclaration(in: file) {
                    reportUnclosed(opener: opener, closer: "}")
                    abandoned = true
                } else {
                    parseItem()
                    if !abandoned { continue }
                    // Silent (an inner construct was reported), but its `}` joins the fix-it.
                    reportUnclosed(opener: opener, closer: "}")
                }
            }
            break
        }
        depth -= 1
        close(b)
    }

    mutating func parseItem() {
        let k = cursor.kind
        if cursor.equalsFollows && k.isIdentifierLike && cursor.next != .leftParen && !(k == .keywordState && cursor.next.isIdentifierLike)
            && takeEqualsAsColon() {
            // `title = "Trip"`: the property `title: "Trip"` (a keyword too: `state = .hasData`).
            // A stray `=` stays E102 where it more likely is: before a part's arguments
            // (`hstack = (spacing: 8) {`) or a state's name (`state = loading {`).
            let n = openNamed(.property)
            advance()
            parseValue()
            close(n)
        } else if Self.isDeclarationKeyword(k) && (cursor.next.isIdentifierLike || k == .keywordState && stringNameFollows()) {
            parseDeclaration(topLevel: false)
        } else if k == .keywordImport && cursor.next == .string {
            syntaxError(.e205, "`import` is only allowed at the top of a file", at: span(token: cursor.token))
            parseImport()
        } else if k.isIdentifierLike && cursor.next == .colon {
            let n = openNamed(.property)
            let name = cursor.token
            advancePastMain(n)
            advance()
            if cursor.equalsFollows && cursor.kind == .identifier && cursor.next != .leftParen && startsUppercase(cursor.token) {
                _ = skipTypeAnnotation(of: name)
            }
            parseValue()
            close(n)
        } else if k.isIdentifierLike {
            let n = openNamed(.node)
            advancePastMain(n)
            if cursor.kind == .leftParen { parseArguments(closer: .rightParen) }
            if cursor.kind == .leftBrace { parseBlock() }
            close(n)
        } else {
            let u = open(.unexpected)
            if k == .enumCase && cursor.next == .leftParen && !cursor.token.startsLine && cursor.previous.kind == .rightParen {
                modifiersAfterPart()
                // The rest of the line, if anything follows the modifiers on it.
                if !cursor.token.startsLine { skipBalanced() }
            } else {
                expected("a part, property or declaration")
                skipBalanced()
            }
            while cursor.kind != .endOfFile && cursor.kind != .rightBrace && !(cursor.token.startsLine && Self.canStartItem(cursor.kind)) {
                skipBalanced()
            }
            close(u)
        }
    }

    static func canStartItem(_ k: TokenKind) -> Bool { k.isIdentifierLike }

    /// `text("Hi").font(.title)`: SwiftUI-style modifiers after a part's arguments, on its line.
    /// One E201 at the first, saying a part's settings are its arguments; when each modifier has
    /// one unlabeled argument, a fix-it moves them into the part's argument list as labeled
    /// arguments (`text("Hi", font: .title)`) — whether the part takes that label is the
    /// checker's to say, which offers the right one. Consumes the modifiers.
    @inline(never) mutating func modifiersAfterPart() {
        let closer = cursor.previous
        let first = cursor.token
        var arguments: [String] = []
        var movable = true
        var end = first.start
        while cursor.kind == .enumCase && cursor.next == .leftParen && !cursor.token.startsLine {
            let name = file.text((cursor.token.start + 1)..<cursor.token.end)
            advance()
            let open = cursor.token
            advance()
            // The argument: tokens up to the matching `)`, one value with no label or comma.
            var depth = 1, count = 0, close: Token?
            while cursor.kind != .endOfFile && !cursor.token.startsLine {
                let kind = cursor.kind
                if kind == .leftParen || kind == .leftBracket || kind == .leftBrace { depth += 1 }
                if kind == .rightParen || kind == .rightBracket || kind == .rightBrace { depth -= 1 }
                if depth == 0 { close = cursor.token; advance(); break }
                if depth == 1 && (kind == .comma || kind == .colon) { movable = false }
                count += 1
                advance()
            }
            guard let close else { movable = false; break }
            if count == 0 { movable = false }
            var (from, to) = (open.end, close.start)
            while from < to && (file.bytes[from] == 0x20 || file.bytes[from] == 0x09) { from += 1 }
            while to > from && (file.bytes[to - 1] == 0x20 || file.bytes[to - 1] == 0x09) { to -= 1 }
            arguments.append(name + ": " + file.text(from..<to))
            end = close.end
        }
        let bytes = file.bytes
        var before = closer.start
        while before > 0 && (bytes[before - 1] == 0x20 || bytes[before - 1] == 0x09) { before -= 1 }
        let emptyList = before > 0 && bytes[before - 1] == 0x28
        let inserted = (emptyList ? "" : ", ") + arguments.joined(separator: ", ")
        let fixIts = movable && !arguments.isEmpty
            ? [FixIt(SourceSpan(file: file.id, start: closer.start, end: closer.start), inserted),
               FixIt(SourceSpan(file: file.id, start: closer.end, end: end), "")]
            : []
        let example = movable ? arguments.first.map { "`\($0)`" } ?? "`label: value`" : "`label: value`"
        syntaxError(.e201, "expected a part, property or declaration, found the modifier `\(file.text(first.range))`",
                    at: span(token: first), label: "a part's settings are arguments, not modifiers",
                    notes: [.help("write \(example) inside the part's parentheses")], fixIts: fixIts)
    }

    /// `state "restDay" {`: a closed string on the line of `state` (a state named by a string,
    /// `nameInQuotes`), rather than a part called `state`.
    func stringNameFollows() -> Bool {
        let next = cursor.nextToken
        return next.kind == .string && !next.isMalformed && !next.startsLine
    }

    /// `IDENT [ "(" args ")" ]`: a call value (`size(0, 5)`) or a conformance.
    mutating func parseCall(_ kind: NodeKind) {
        let n = openNamed(kind)
        advancePastMain(n)
        if cursor.kind == .leftParen { parseArguments(closer: .rightParen) }
        close(n)
    }

    // MARK: Arguments and values

    /// Parses `( args )`, `[ values ]` or `( record )` contents as children of the open node.
    /// `closer` tells which (labels are allowed except in lists), and `isRecord` a record from
    /// an argument list.
    mutating func parseArguments(closer: TokenKind, isRecord: Bool = false) {
        let opener = cursor.token
        guard enterNesting() else { return }
        advance()
        // Only needed for error messages: not built for every list.
        var closerText: String { closer == .rightParen ? ")" : "]" }
        let allowsLabels = closer == .rightParen
        // This list's labels live on top of the shared `labels` (no array per call).
        let labelBase = labelCount
        defer {
            labelCount = labelBase
            if hasLongLists { closeLongList(at: labelBase) }
        }
        // This list's last E201 for a missing `,` that has a fix-it: its index in `diagnostics`.
        var missingComma: Int?
        while true {
            let k = cursor.kind
            if k == closer { advance(); break }
            let endsAll = k == .endOfFile || cursor.isColumnOneDeclaration(in: file)
            if endsAll || k == .leftBrace || k == .rightBrace {
                reportUnclosedList(opener: opener, closer: closerText, endsAll: endsAll, missingComma: missingComma)
                if endsAll { abandoned = true }
                break
            }
            if allowsLabels && k.isIdentifierLike && (cursor.next == .colon || cursor.equalsFollows && takeEqualsAsColon()) {
                let a = openNamed(.argument)
                pushLabel(cursor.token, since: labelBase)
                advance()
                if cursor.kind == .colon { advance() } // else an `=` stood for it
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
            if cursor.kind == .comma { advance(); continue }
            if cursor.kind == closer { advance(); break }
            // Neither `,` nor the closer.
            let k2 = cursor.kind
            if listEndsAtItem(allowsLabels: allowsLabels) || (cursor.token.startsLine && !Self.canStartValue(k2)) {
                let endsAll = k2 == .endOfFile || cursor.isColumnOneDeclaration(in: file)
                reportUnclosedList(opener: opener, closer: closerText, endsAll: endsAll, missingComma: missingComma)
                if endsAll { abandoned = true }
                break
            }
            if Self.canStartValue(k2) {
                if let index = reportMissingComma(closer: closer, isRecord: isRecord, closerText: closerText) { missingComma = index }
                continue
            }
            expected("`,` or `\(closerText)`")
            if skipToSeparator(closer) { continue }
            break
        }
        depth -= 1
    }

    // The argument list's rarer decisions, out of line: inlined in `parseArguments`, which
    // recurses once per nesting level, their temporaries made its frame several times larger.

    /// Whether the token after an argument starts the next item rather than another argument:
    /// `name(` or `name {` starting a line (the list was left open; on the same line it is the
    /// next argument after a missing comma: `f($a size(0, 5))`), an unterminated string that
    /// swallowed closers (`text("Hello)`), or in a `[…]` list a `name:` starting a line.
    @inline(never)
    mutating func listEndsAtItem(allowsLabels: Bool) -> Bool {
        let k2 = cursor.kind
        return k2.isIdentifierLike && cursor.token.startsLine
                && (cursor.next == .leftParen || cursor.next == .leftBrace || !allowsLabels && cursor.next == .colon)
            || Self.isDeclarationKeyword(k2) || k2 == .endOfFile || k2 == .leftBrace || k2 == .rightBrace
            || cursor.previous.kind == .string && cursor.previous.isMalformed && unterminatedStringSwallowedClosers()
    }

    /// E201 for a missing `,` before the current value, which is then treated as present.
    /// Inserting it is a safe fix-it in a list or a record, and before a labeled argument;
    /// before an unlabeled one it may not be (`text("a" "b")` was not meant as two arguments).
    /// Returns the diagnostic's index when it was reported with a fix-it.
    @inline(never)
    mutating func reportMissingComma(closer: TokenKind, isRecord: Bool, closerText: String) -> Int? {
        let k2 = cursor.kind
        let safe = closer == .rightBracket || isRecord
            || k2.isIdentifierLike && (cursor.next == .colon || cursor.equalsFollows && equalsStandingForColon() != nil)
        // An unterminated string here silences this E201, and closing it would leave the
        // comma missing: its E101 gets no fix-it either.
        if k2 == .string && cursor.token.isMalformed { strayStringAhead = true }
        let count = diagnostics.count
        syntaxError(.e201, "expected `,` or `\(closerText)`, found \(describeCurrent())", at: span(token: cursor.token),
                    fixIts: safe ? [FixIt(spanAfterPrevious(), ",")] : [])
        return safe && diagnostics.count > count ? count : nil
    }

    /// After a bad argument: skips to the next `,` or `closer` on this line and consumes it.
    /// Returns true when a `,` was found and the list goes on.
    mutating func skipToSeparator(_ closer: TokenKind) -> Bool {
        while cursor.kind != .endOfFile && cursor.kind != .comma && cursor.kind != closer && !cursor.token.startsLine
                && cursor.kind != .leftBrace && cursor.kind != .rightBrace {
            skipBalanced()
        }
        if cursor.kind == .comma { advance(); return true }
        if cursor.kind == closer { advance() }
        return false
    }

    /// Pushes the label `token` onto `labels`, first reporting E203 when it repeats one of
    /// `labels[base..<labelCount]` (those of the argument list being parsed).
    @inline(__always)
    mutating func pushLabel(_ token: Token, since base: Int) {
        if base < labelCount { checkDuplicateLabel(token, since: base) }
        if labelCount == labels.count { growLabels() }
        labels[labelCount] = token
        labelCount &+= 1
    }

    /// Past this many labels, an argument list's labels are looked up in `longListLabels`
    /// instead of compared one by one: a list of n labels would take n²/2 comparisons (80,000
    /// labels took 6.7 s to parse).
    static let scannedLabelLimit = 64

    mutating func checkDuplicateLabel(_ token: Token, since base: Int) {
        let range = token.range
        var earlier: Token?
        if labelCount - base > Self.scannedLabelLimit {
            earlier = earlierLabel(token, since: base)
        } else {
            for other in labels[base..<labelCount] where other.end - other.start == range.count {
                // Only a label of the same length is compared byte by byte.
                let same = file.bytes.withUnsafeBufferPointer { bytes in
                    (0..<range.count).allSatisfy { bytes[other.start + $0] == bytes[range.lowerBound + $0] }
                }
                if same {
                    earlier = other
                    break
                }
            }
        }
        if let earlier {
            let name = file.text(range)
            diagnostics.append(Diagnostic(.e203, "duplicate argument label `\(name)`", at: span(token: token),
                                          label: "`\(name)` is given again here",
                                          notes: [DiagnosticNote("`\(name)` was first given here", at: span(token: earlier))]))
        }
    }

    /// The first of `labels[base..<labelCount]` spelled as `token`, through the list's entry in
    /// `longListLabels` (made from the labels so far on first use); records `token` when new.
    @inline(never) mutating func earlierLabel(_ token: Token, since base: Int) -> Token? {
        func bytes(_ label: Token) -> [UInt8] { Array(file.bytes[label.range]) }
        if longListLabels[base] == nil {
            hasLongLists = true
            var firsts: [[UInt8]: Token] = [:]
            for label in labels[base..<labelCount] where firsts[bytes(label)] == nil { firsts[bytes(label)] = label }
            longListLabels[base] = firsts
        }
        let key = bytes(cursor.token)
        if let earlier = longListLabels[base]?[key] { return earlier }
        longListLabels[base]?[key] = cursor.token
        return nil
    }

    /// Forgets the labels of the list whose labels started at `base`, which has closed.
    @inline(never) mutating func closeLongList(at base: Int) {
        longListLabels[base] = nil
        hasLongLists = !longListLabels.isEmpty
    }

    @inline(never) mutating func growLabels() {
        let grown = UnsafeMutableBufferPointer<Token>.allocate(capacity: max(32, 2 * labels.count))
        if let old = labels.baseAddress {
            grown.baseAddress.unsafelyUnwrapped.initialize(from: old, count: labelCount)
            labels.deallocate()
        }
        labels = grown
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
        // Every leaf goes through one `leaf` call: inlined once, not six times.
        let kind: NodeKind
        switch cursor.kind {
        case .string, .multilineString:
            if cursor.token.isMalformed { noteMalformedValueString() }
            kind = .string
        case .integer, .double: kind = .number
        case .color: kind = .color
        case .keywordTrue, .keywordFalse: kind = .boolean
        case .binding: kind = .binding
        case .enumCase:
            let n = openNamed(.enumCase)
            advancePastMain(n)
            if cursor.kind == .leftParen { parseArguments(closer: .rightParen) }
            close(n)
            return
        case .leftBracket:
            let n = open(.list)
            parseArguments(closer: .rightBracket)
            close(n)
            return
        case .leftParen:
            let n = open(.record)
            parseArguments(closer: .rightParen, isRecord: true)
            close(n)
            return
        default:
            guard cursor.kind.isIdentifierLike else {
                expected("a value")
                let n = open(.missing)
                close(n)
                return
            }
            if cursor.next == .leftParen {
                parseCall(.call)
                return
            }
            kind = .reference
        }
        leaf(kind)
    }
}

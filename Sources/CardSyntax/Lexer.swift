import CardDiagnostics
import CardText

/// The output of lexing one file.
public struct LexedFile: Sendable {
    /// Every token, ending in `.endOfFile` (empty from `Lexer.forEachToken`, which keeps none).
    public var tokens: TokenList
    public var comments: [Comment]
    public var diagnostics: [Diagnostic]
    /// Start offsets of lexical errors, ascending; the parser stays quiet after one until it
    /// re-synchronises (docs/language.md §3).
    public var errorOffsets: [Int]
    /// True when an unterminated block comment or multi-line string ran to the end of the file:
    /// it swallowed any closers after it, so the parser does not report them missing (E202).
    public var unterminatedAtEnd = false
    /// Lexical errors found past `Lexer.diagnosticLimit` and not recorded (from the parser, the
    /// syntax errors past it too).
    public var omitted = 0
}

/// Turns UTF-8 bytes into tokens (docs/language.md §2), a small batch at a time: the parser pulls
/// them as it needs them, so no whole-file token list is ever built on the way to a tree. Never
/// fails: every byte sequence yields tokens ending in `.endOfFile`, plus E1xx diagnostics.
public enum Lexer {
    /// At most this many lexical diagnostics are recorded per file (and as many syntax ones);
    /// the rest are counted (`LexedFile.omitted`, `SyntaxTree.omittedDiagnostics`) for the
    /// note `DiagnosticLimit.finish` adds.
    public static let diagnosticLimit = DiagnosticLimit.perFile

    /// Lexes the whole file into a `TokenList` (for tests and tools).
    public static func tokenize(_ file: SourceFile) -> LexedFile {
        var tokens = TokenList()
        var lexed = forEachToken(in: file) { tokens.append($0) }
        lexed.tokens = tokens
        return lexed
    }

    /// Lexes the whole file as the parser does, handing each token (the last is `.endOfFile`)
    /// to `body` and keeping none.
    public static func forEachToken(in file: SourceFile, _ body: (Token) -> Void) -> LexedFile {
        withLexer(for: file) { lexer in
            withUnsafeTemporaryAllocation(of: Token.self, capacity: batchSize) { batch in
                while true {
                    let count = lexer.fill(batch)
                    for k in 0..<count { body(batch[k]) }
                    if batch[count - 1].kind == .endOfFile { return lexer.output }
                }
            }
        }
    }

    /// How many tokens the lexer produces at a time for the parser: 6 KB, well inside L1.
    static let batchSize = 512

    /// Calls `body` with a lexer positioned at the start of `file`.
    static func withLexer<R>(for file: SourceFile, at offset: Int = 0, _ body: (inout LexerState) -> R) -> R {
        file.bytes.withUnsafeBufferPointer { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ByteClass.tableSize) { classes in
                ByteClass.fill(classes)
                var lexer = LexerState(p: bytes, file: file.id, classes: UnsafeBufferPointer(classes), at: offset,
                                       toTheEnd: offset == 0)
                return body(&lexer)
            }
        }
    }

    /// The token that starts at `offset`, which must be where some token of `file` starts.
    /// Tokens are context-free, so lexing from there finds it again (its diagnostics are
    /// dropped: they were reported the first time).
    static func token(at offset: Int, in file: SourceFile) -> Token {
        withLexer(for: file, at: offset) { $0.next() }
    }
}

/// Byte classes for the hot scanning loops: one table load instead of several comparisons.
/// The table's first 256 entries hold class bits, the next 256 what each byte starts.
enum ByteClass {
    /// `[A-Za-z0-9_]`.
    static let identifierContinue: UInt8 = 2
    /// ASCII that needs no attention inside a `"…"` string (not `"`, `\`, CR or LF).
    static let plainStringByte: UInt8 = 4
    /// Space, tab, carriage return, line feed: skipped between tokens.
    static let trivia: UInt8 = 8

    // What a byte starts (the table's second half): a one-byte token's kind, by its raw
    // value (`{` and the other punctuation, all above these codes), or one of these.
    /// Nothing: an invalid character or UTF-8.
    static let startsNothing: UInt8 = 0
    static let startsIdentifier: UInt8 = 1
    static let startsNumber: UInt8 = 2
    static let startsMinus: UInt8 = 3
    static let startsString: UInt8 = 4
    static let startsColor: UInt8 = 5
    static let startsBinding: UInt8 = 6
    static let startsDot: UInt8 = 7
    static let startsSlash: UInt8 = 8
    /// Trivia, the two highest codes so one compare finds both: a space or tab, and a line
    /// feed or carriage return (each starts a line break, `LineBreak`), whose low bit is
    /// `TokenFlags.newlineBefore` so skipping it sets that flag without a branch.
    static let startsBlank: UInt8 = 0xFE
    static let startsLineBreak: UInt8 = startsBlank | TokenFlags.newlineBefore

    static let tableSize = 512

    static func fill(_ table: UnsafeMutableBufferPointer<UInt8>) {
        for b in 0..<min(256, table.count) {
            let byte = UInt8(b)
            var bits: UInt8 = 0
            if isIdentifierContinue(byte) { bits |= identifierContinue }
            if byte == 0x0A || byte == 0x20 || byte == 0x09 || byte == 0x0D { bits |= trivia }
            if byte < 0x80 && byte != 0x22 && byte != 0x5C && byte != 0x0A && byte != 0x0D { bits |= plainStringByte }
            table[b] = bits
            if 256 + b < table.count { table[256 + b] = start(byte, bits: bits) }
        }
    }

    private static func start(_ byte: UInt8, bits: UInt8) -> UInt8 {
        if LineBreak.isBreakByte(byte) { return startsLineBreak }
        if bits & trivia != 0 { return startsBlank }
        if isIdentifierStart(byte) { return startsIdentifier }
        if isDigit(byte) { return startsNumber }
        let kind: TokenKind
        switch byte {
        case 0x2D: return startsMinus
        case 0x22: return startsString
        case 0x23: return startsColor
        case 0x24: return startsBinding
        case 0x2E: return startsDot
        case 0x2F: return startsSlash
        case 0x7B: kind = .leftBrace
        case 0x7D: kind = .rightBrace
        case 0x28: kind = .leftParen
        case 0x29: kind = .rightParen
        case 0x5B: kind = .leftBracket
        case 0x5D: kind = .rightBracket
        case 0x3A: kind = .colon
        case 0x2C: kind = .comma
        case 0x3B: kind = .semicolon
        default: return startsNothing
        }
        return kind.rawValue
    }
}

// Byte constants keep the scanning code readable.
private let quote: UInt8 = 0x22, backslash: UInt8 = 0x5C, newline: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D
private let space: UInt8 = 0x20, tab: UInt8 = 0x09, slash: UInt8 = 0x2F, star: UInt8 = 0x2A
private let dot: UInt8 = 0x2E, minus: UInt8 = 0x2D, underscore: UInt8 = 0x5F, equals: UInt8 = 0x3D

@inline(__always) func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
@inline(__always) func isIdentifierStart(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 || b == underscore }
@inline(__always) func isIdentifierContinue(_ b: UInt8) -> Bool {
    (b | 0x20) &- 0x61 < 26 || b &- 0x30 < 10 || b == underscore
}
@inline(__always) func isHexDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 || (b | 0x20) &- 0x61 < 6 }

struct LexerState {
    let p: UnsafeBufferPointer<UInt8>
    let n: Int
    let file: FileID
    /// `ByteClass` bits of every byte value.
    let classes: UnsafeBufferPointer<UInt8>
    /// Where the next token starts, or trivia before it.
    var i: Int
    var comments: [Comment] = []
    var diagnostics: [Diagnostic] = []
    var errorOffsets: [Int] = []
    /// Flags for the next token (a line break was seen), when `fill` stopped before it.
    var pending: UInt8 = 0
    /// Errors past `Lexer.diagnosticLimit`, counted but not recorded.
    var omitted = 0
    /// See `LexedFile.unterminatedAtEnd`.
    var unterminatedAtEnd = false
    /// `ByteClass` bits of the file's last byte (all of them for an empty file): a run of a
    /// class it is not in ends before the end of the file, so `runEnd` scans it unchecked.
    let lastByteClasses: UInt8
    /// Where the trivia that ends the file starts, so the byte before it is no trivia (0, none
    /// known, when lexing from a token's offset): `fill` skips trivia before it unchecked.
    let triviaEnd: Int

    /// A lexer that starts at byte `offset` (a token's start, or 0). `toTheEnd`: it will lex
    /// everything up to the end of `p`, not just a token or two.
    init(p: UnsafeBufferPointer<UInt8>, file: FileID, classes: UnsafeBufferPointer<UInt8>, at offset: Int, toTheEnd: Bool) {
        self.p = p
        self.n = p.count
        self.file = file
        self.classes = classes
        // A UTF-8 byte order mark at the very start is not content.
        let bom = offset == 0 && p.count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF
        self.i = bom ? 3 : offset
        // Decks average a comment per ≈ 500 bytes; reserving for twice that spares the
        // doubling copies and their page faults (only the pages written are touched).
        if toTheEnd { comments.reserveCapacity(max(0, p.count - offset) / 256) }
        lastByteClasses = p.count > 0 ? classes[Int(p[p.count - 1])] : 0xFF
        var end = toTheEnd ? p.count : 0
        while end > i && classes[Int(p[end - 1])] & ByteClass.trivia != 0 { end -= 1 }
        triviaEnd = end
    }

    /// What the file's lexing left besides tokens.
    var output: LexedFile {
        LexedFile(tokens: TokenList(), comments: comments, diagnostics: diagnostics, errorOffsets: errorOffsets,
                  unterminatedAtEnd: unterminatedAtEnd, omitted: omitted)
    }

    /// The end of the run of bytes with class bits `bits` that starts at `j`.
    @inline(__always)
    func runEnd(of bits: UInt8, from j: Int) -> Int {
        var k = j
        if k < n && lastByteClasses & bits == 0 {
            // The last byte would end the run, so it ends before `n`: no bounds check.
            while classes[Int(p[k])] & bits != 0 { k &+= 1 }
        } else {
            while k < n && classes[Int(p[k])] & bits != 0 { k &+= 1 }
        }
        return k
    }

    /// The end of the name whose bytes (`[A-Za-z0-9_]`, `isIdentifierContinue`) continue at `j`.
    @inline(__always)
    func nameEnd(from j: Int) -> Int { runEnd(of: ByteClass.identifierContinue, from: j) }

    // MARK: Driver

    /// The next token; at the end of the file, `.endOfFile` (again on every further call).
    mutating func next() -> Token {
        withUnsafeTemporaryAllocation(of: Token.self, capacity: 1) { one in
            _ = fill(one)
            return one[0]
        }
    }

    /// Lexes tokens into `buffer` until it is full or the file ends, then ending it with
    /// `.endOfFile` (again on every further call); returns how many it wrote. Filling a small
    /// buffer in one tight loop is cheaper than a call per token, and its memory stays in cache.
    ///
    /// Trivia, identifiers, enum cases, punctuation, plain strings and plain numbers (most
    /// tokens) are lexed right here, with the position, output pointer and flags in locals;
    /// every other token by its own method, which returns a `Lexeme`.
    mutating func fill(_ buffer: UnsafeMutableBufferPointer<Token>) -> Int {
        guard let first = buffer.baseAddress, buffer.count > 0 else { return 0 }
        // A pointer, not an index: one register less in the loop, where they run short.
        var out = first
        let outEnd = first + buffer.count
        var i = self.i, pending = self.pending
        filling: while true {
            // Locals, not `nameEnd`: loads from `self` are repeated after every call that may
            // write it. Taken again after each `lex`, so they need no callee-saved registers;
            // `self.n`, needed on rare paths only, stays in `self`.
            let p = self.p, classes = self.classes, triviaEnd = self.triviaEnd
            let namesEndEarly = lastByteClasses & ByteClass.identifierContinue == 0
            var start = 0, action: UInt8 = 0
            // The common tokens, in a loop without calls, so its values stay in registers.
            while true {
                if _fastPath(i < triviaEnd) {
                    // The byte before `triviaEnd` is no trivia, so this run ends before it: no
                    // bounds check.
                    action = classes[256 &+ Int(p[i])]
                    while action >= ByteClass.startsBlank {
                        pending |= action & TokenFlags.newlineBefore
                        i &+= 1
                        action = classes[256 &+ Int(p[i])]
                    }
                } else {
                    while i < self.n && classes[Int(p[i])] & ByteClass.trivia != 0 {
                        pending |= classes[256 &+ Int(p[i])] & TokenFlags.newlineBefore
                        i &+= 1
                    }
                    if i >= self.n { break filling }
                    action = classes[256 &+ Int(p[i])]
                }
                start = i
                let kind: TokenKind
                if action >= TokenKind.leftBrace.rawValue {
                    // A one-byte token. The table holds its kind's raw value (`ByteClass.fill`),
                    // which is its tag (see `TokenKind`), so the cast is safe; `init(rawValue:)`
                    // is a call here, and this path is the hottest.
                    i &+= 1
                    kind = unsafeBitCast(action, to: TokenKind.self)
                } else if _fastPath(action == ByteClass.startsIdentifier) {
                    // Hinted: else the compiler dispatches these cases with a jump table.
                    i = Self.nameEnd(p, classes, from: i &+ 1, self.n, endsEarly: namesEndEarly)
                    kind = Self.keywordKind(p, start, i &- start)
                } else if action == ByteClass.startsString, let end = plainStringEnd(from: i) {
                    i = end
                    kind = .string
                } else if action == ByteClass.startsNumber, let number = plainNumber(from: i) {
                    i = number.end
                    kind = number.kind
                } else if action == ByteClass.startsDot && i &+ 1 < self.n
                            && classes[256 &+ Int(p[i &+ 1])] == ByteClass.startsIdentifier {
                    // `.name`: an enum case (`lexDot` takes every other dot).
                    i = Self.nameEnd(p, classes, from: i &+ 2, self.n, endsEarly: namesEndEarly)
                    kind = .enumCase
                } else {
                    break
                }
                out.initialize(to: Token(kind, start, i, flags: pending))
                out += 1
                pending = 0
                if out == outEnd { break filling }
            }
            let lexeme = lex(action, at: start)
            i = lexeme.end
            pending |= lexeme.flags
            guard let kind = lexeme.kind else { continue }
            out.initialize(to: Token(kind, start, i, flags: pending))
            out += 1
            pending = 0
            if out == outEnd { break }
        }
        self.i = i
        self.pending = pending
        if i >= self.n && out < outEnd {
            out.initialize(to: Token(.endOfFile, self.n, self.n, flags: pending))
            out += 1
        }
        return out - first
    }

    /// The end of the name whose bytes continue at `j`, which is after a name byte (so at most
    /// `n`, and below it when the name `endsEarly`, before the end of the file).
    @inline(__always)
    static func nameEnd(_ p: UnsafeBufferPointer<UInt8>, _ classes: UnsafeBufferPointer<UInt8>, from j: Int, _ n: Int,
                        endsEarly: Bool) -> Int {
        var k = j
        if endsEarly {
            while classes[Int(p[k])] & ByteClass.identifierContinue != 0 { k &+= 1 }
        } else {
            while k < n && classes[Int(p[k])] & ByteClass.identifierContinue != 0 { k &+= 1 }
        }
        return k
    }

    /// The end of the string at `start` when it is `"…"` of plain ASCII (most are), else nil:
    /// `lexString` takes escapes, non-ASCII, errors, `""` and `"""`.
    @inline(__always)
    func plainStringEnd(from start: Int) -> Int? {
        let j = runEnd(of: ByteClass.plainStringByte, from: start &+ 1)
        return j < n && p[j] == quote && j != start &+ 1 ? j &+ 1 : nil
    }

    /// The kind and end of the number at `start` (a digit) when it is digits with an optional
    /// fraction, nothing glued to it and too short to overflow (most are), else nil: `lexNumber`
    /// takes exponents and errors.
    @inline(__always)
    func plainNumber(from start: Int) -> (kind: TokenKind, end: Int)? {
        var j = scanDigits(start &+ 1)
        var kind = TokenKind.integer
        if j &+ 1 < n && p[j] == dot && isDigit(p[j &+ 1]) {
            kind = .double
            j = scanDigits(j &+ 2)
        }
        if j &- start > 18 || j < n && (classes[Int(p[j])] & ByteClass.identifierContinue != 0 || p[j] == dot) {
            return nil
        }
        return (kind, j)
    }

    /// What one of the methods below lexed at its start: a token's kind, or nil for a comment
    /// or dropped characters; where it ends; and `TokenFlags` for the next token (`malformed`
    /// for this one, `newlineBefore` from a comment spanning lines, or `equalsBefore` from a
    /// dropped `=`).
    struct Lexeme {
        var kind: TokenKind?
        var end: Int
        var flags: UInt8 = 0

        init(_ kind: TokenKind?, end: Int, malformed: Bool = false) {
            self.kind = kind
            self.end = end
            flags = malformed ? TokenFlags.malformed : 0
        }
    }

    /// Lexes what starts at `start` other than trivia, identifiers and punctuation, given what
    /// its first byte starts (`ByteClass`). The common literals' methods are inlined here: one
    /// call per token, not two.
    mutating func lex(_ action: UInt8, at start: Int) -> Lexeme {
        switch action {
        case ByteClass.startsNumber:
            return lexNumber(at: start)
        case ByteClass.startsMinus:
            return start + 1 < n && isDigit(p[start + 1]) ? lexNumber(at: start) : lexInvalidCharacters(at: start)
        case ByteClass.startsString:
            let isMultiline = start + 2 < n && p[start + 1] == quote && p[start + 2] == quote
            return isMultiline ? lexMultilineString(at: start) : lexString(at: start)
        case ByteClass.startsColor:
            return lexColor(at: start)
        case ByteClass.startsBinding:
            return lexBinding(at: start)
        case ByteClass.startsDot:
            return lexDot(at: start)
        case ByteClass.startsSlash:
            if start + 1 < n && p[start + 1] == slash { return lexLineComment(at: start) }
            if start + 1 < n && p[start + 1] == star { return lexBlockComment(at: start) }
            return lexInvalidCharacters(at: start)
        default:
            if p[start] >= 0x80 && UTF8Scanner.sequenceLength(p, at: start) == 0 { return lexInvalidUTF8(at: start) }
            return lexInvalidCharacters(at: start)
        }
    }

    mutating func report(_ code: DiagnosticCode, _ message: String, _ range: Range<Int>, label: String? = nil,
                         notes: [DiagnosticNote] = [], fixIts: [FixIt] = []) {
        // Past the limit (random bytes…) nothing more is recorded: memory and output stay bounded,
        // and the parser reports nothing after the first unrecorded error either.
        guard diagnostics.count < Lexer.diagnosticLimit else {
            omitted += 1
            return
        }
        errorOffsets.append(range.lowerBound)
        diagnostics.append(Diagnostic(code, message, at: SourceSpan(file: file, range), label: label,
                                      notes: notes, fixIts: fixIts))
    }

    func span(_ range: Range<Int>) -> SourceSpan { SourceSpan(file: file, range) }

    func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self) }

    // MARK: Identifiers and keywords

    /// The four bytes at `start` as one little-endian word (`word(_:_:_:_:)` spells constants).
    @inline(__always)
    static func word(_ p: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(p.baseAddress.unsafelyUnwrapped + start).loadUnaligned(as: UInt32.self))
    }

    @inline(__always)
    static func word(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8, _ b3: UInt8) -> UInt32 {
        UInt32(b0) | UInt32(b1) << 8 | UInt32(b2) << 16 | UInt32(b3) << 24
    }

    /// Classifies contextual keywords by length and bytes (no string allocation): one compare
    /// for most identifiers, as only lengths 4 to 6 can be keywords, then their first four
    /// bytes as one word. Static, so the call does not copy the lexer state.
    @inline(__always)
    static func keywordKind(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ length: Int) -> TokenKind {
        guard UInt(bitPattern: length &- 4) <= 2 else { return .identifier }
        let head = word(p, at: s)
        switch length {
        case 4:
            if head == word(0x63, 0x61, 0x72, 0x64) { return .keywordCard }   // card
            if head == word(0x74, 0x72, 0x75, 0x65) { return .keywordTrue }   // true
        case 5:
            let last = p[s + 4]
            if last == 0x6B && head == word(0x73, 0x74, 0x61, 0x63) { return .keywordStack } // stack
            if last == 0x65 && head == word(0x74, 0x68, 0x65, 0x6D) { return .keywordTheme } // theme
            if last == 0x65 && head == word(0x73, 0x74, 0x61, 0x74) { return .keywordState } // state
            if last == 0x65 && head == word(0x66, 0x61, 0x6C, 0x73) { return .keywordFalse } // false
        default:
            if head == word(0x69, 0x6D, 0x70, 0x6F) && p[s + 4] == 0x72 && p[s + 5] == 0x74 { return .keywordImport }
        }
        return .identifier
    }

    // MARK: Numbers

    /// Scans `digit (digit | _)*` from `j`; returns the end.
    @inline(__always)
    func scanDigits(_ j: Int) -> Int {
        var k = j
        while k < n && (isDigit(p[k]) || p[k] == underscore) { k += 1 }
        return k
    }

    /// Why a number is malformed: the message is only built for one that is.
    enum NumberProblem {
        case noFractionDigits, noExponentDigits
        /// A letter or dot glued to the number, at this offset.
        case unexpected(at: Int)
    }

    @inline(__always)
    mutating func lexNumber(at start: Int) -> Lexeme {
        var j = start
        if p[j] == minus { j += 1 }
        j = scanDigits(j)
        var isDouble = false
        var exponentDigits = 0
        var problem: NumberProblem?
        if j < n && p[j] == dot {
            if j + 1 < n && isDigit(p[j + 1]) {
                isDouble = true
                j = scanDigits(j + 1)
            } else {
                problem = .noFractionDigits
                j += 1
            }
        }
        if problem == nil && j < n && (p[j] | 0x20) == 0x65 { // e or E
            var k = j + 1
            if k < n && (p[k] == 0x2B || p[k] == minus) { k += 1 }
            if k < n && isDigit(p[k]) {
                isDouble = true
                j = scanDigits(k)
                exponentDigits = j - k
            } else {
                problem = .noExponentDigits
                j = k
            }
        }
        // Letters or dots glued to a number make the whole run one malformed token.
        if j < n && (isIdentifierContinue(p[j]) || p[j] == dot) {
            if problem == nil { problem = .unexpected(at: j) }
            while j < n && (isIdentifierContinue(p[j]) || p[j] == dot) { j += 1 }
        }
        if let problem {
            let detail = switch problem {
            case .noFractionDigits: "expected digits after `.` in a number"
            case .noExponentDigits: "expected digits in the exponent of a number"
            case .unexpected(let offset): "unexpected `\(escapedCharacter(at: offset))` in number"
            }
            report(.e103, "malformed number `\(text(start..<j))`: \(detail)", start..<j)
            return Lexeme(isDouble ? .double : .integer, end: j, malformed: true)
        }
        // Range checks only for literals long enough to overflow (rare path).
        if !isDouble && j - start > 18, NumberLiteral.integerValue(text(start..<j)) == nil {
            report(.e103, "integer literal `\(text(start..<j))` does not fit in 64 bits", start..<j)
            return Lexeme(.integer, end: j, malformed: true)
        }
        // Only a long literal or one with a 3+ digit exponent can overflow a Double (below
        // 10^200 × 10^99 every value is finite), so the common case skips the String round trip.
        if isDouble && (j - start > 200 || exponentDigits > 2),
           let value = NumberLiteral.doubleValue(text(start..<j)), !value.isFinite {
            report(.e103, "number `\(text(start..<j))` is too large", start..<j)
            return Lexeme(.double, end: j, malformed: true)
        }
        return Lexeme(isDouble ? .double : .integer, end: j)
    }

    // MARK: Strings

    /// Validates the escape at `j` (a backslash) and returns the index after it.
    /// Reports E105 for anything but `\n \t \r \" \\ \0 \u{…}`.
    mutating func lexEscape(_ j: Int) -> (end: Int, ok: Bool) {
        guard j + 1 < n else { return (j + 1, true) } // EOF: the caller reports the unterminated string
        let e = p[j + 1]
        switch e {
        case 0x6E, 0x74, 0x72, quote, backslash, 0x30: // n t r " \ 0
            return (j + 2, true)
        case newline, carriageReturn:
            // A line continuation in a multi-line string (single-line strings stop before it).
            return (j + 1, true)
        case 0x75: // u
            var k = j + 2
            guard k < n && p[k] == 0x7B else {
                report(.e105, "invalid escape `\\u`: expected `{` after `\\u`", j..<k,
                       notes: [.help("write a Unicode scalar as `\\u{1F600}`")])
                return (k, false)
            }
            k += 1
            let digitsStart = k
            while k < n && isHexDigit(p[k]) { k += 1 }
            let digits = k - digitsStart
            let closed = k < n && p[k] == 0x7D
            if closed { k += 1 }
            var message: String?
            if !closed {
                message = "invalid escape: `\\u{` needs a closing `}`"
            } else if digits == 0 || digits > 8 {
                message = "invalid escape `\(text(j..<k))`: expected 1 to 8 hex digits"
            } else if let value = UInt32(text(digitsStart..<(digitsStart + digits)), radix: 16),
                      Unicode.Scalar(value) != nil {
                return (k, true)
            } else {
                message = "invalid escape `\(text(j..<k))`: not a Unicode scalar value"
            }
            report(.e105, message ?? "invalid escape", j..<k)
            return (k, false)
        default:
            if e >= 0x80 && UTF8Scanner.sequenceLength(p, at: j + 1) == 0 {
                // `\` then invalid UTF-8: the bytes are the problem (E107), reported once.
                return (skipNonASCII(j + 1).end, false)
            }
            var k = j + 1
            k += e < 0x80 ? 1 : max(1, UTF8Scanner.sequenceLength(p, at: k))
            report(.e105, "invalid escape sequence `\(text(j..<min(k, n)))`", j..<min(k, n),
                   notes: [.help(e == 0x28 ? interpolationHelp(after: k) : "valid escapes are \\n \\t \\r \\\" \\\\ \\0 and \\u{…}")])
            return (min(k, n), false)
        }
    }

    /// E105's help for `\(` (Swift's interpolation, `"\(name)"`): strings are not interpolated;
    /// a model field is shown by binding it. `k` is just past the `(`; a name and `)` after it
    /// are the field meant.
    func interpolationHelp(after k: Int) -> String {
        var end = k
        if k < n && isIdentifierStart(p[k]) {
            end += 1
            while end < n && isIdentifierContinue(p[end]) { end += 1 }
        }
        let binding = end > k && end < n && p[end] == 0x29 ? "$" + text(k..<end) : "$name"
        return "strings are not interpolated: write the binding `\(binding)` in place of the string, its model field holding the whole text"
    }

    /// Steps over one non-ASCII sequence inside a string or comment, reporting E107 for invalid bytes.
    @inline(__always)
    mutating func skipNonASCII(_ j: Int) -> (end: Int, ok: Bool) {
        let length = UTF8Scanner.sequenceLength(p, at: j)
        if length > 0 { return (j + length, true) }
        var k = j + 1
        while k < n && p[k] >= 0x80 && UTF8Scanner.sequenceLength(p, at: k) == 0 { k += 1 }
        reportInvalidUTF8(j..<k)
        return (k, false)
    }

    mutating func reportInvalidUTF8(_ range: Range<Int>) {
        let bytes = p[range].prefix(8).map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
        let more = range.count > 8 ? " …" : ""
        report(.e107, range.count == 1 ? "invalid UTF-8 byte \(bytes)" : "invalid UTF-8 bytes \(bytes)\(more)", range)
    }

    @inline(__always)
    mutating func lexString(at start: Int) -> Lexeme {
        var j = start + 1
        var malformed = false
        while true {
            j = runEnd(of: ByteClass.plainStringByte, from: j) // ordinary ASCII content
            if j >= n || p[j] == newline || p[j] == carriageReturn {
                // The parser adds the closers of constructs it then finds unclosed (`reportUnclosed`).
                let fixIts = Self.closingQuote(in: p, string: start, end: j, closers: []).map {
                    [FixIt(span($0.range), $0.replacement)]
                } ?? []
                report(.e101, "unterminated string literal", start..<j, label: "this string is never closed",
                       fixIts: fixIts)
                return Lexeme(.string, end: j, malformed: true)
            }
            let b = p[j]
            if b == quote { j += 1; break }
            if b == backslash && j + 1 < n && (p[j + 1] == newline || p[j + 1] == carriageReturn) {
                j += 1 // the newline ends the string: E101 above
                continue
            }
            let (end, ok) = stepInString(j)
            malformed = malformed || !ok
            j = end
        }
        return Lexeme(.string, end: j, malformed: malformed)
    }

    /// Where to close the unterminated single-line string `start..<end` (it runs to the end of
    /// its line), and what to insert: the fix-it of its E101. `closers` are those of the
    /// constructs found unclosed right after it, innermost first (`")}"`).
    ///
    /// The string most likely swallowed what followed its intended end: a comment (`//` after a
    /// blank), blanks, and a run of closers and commas. The quote goes before the last closers
    /// of that run when they are the first ones `closers` needs (any before them stay in the
    /// string: `title: "Trip)` becomes `title: "Trip)"`), and before the commas and blanks after
    /// them; the closers the run lacks follow it. Nil when there is no safe spot: the quote
    /// would land after an odd run of backslashes, which would escape it, or the string opens
    /// right after another one (`"Save"", action: save)`: a stray quote, and wherever the
    /// closing one goes, two strings end up side by side).
    static func closingQuote(in p: UnsafeBufferPointer<UInt8>, string start: Int, end: Int, closers: [UInt8])
        -> (range: Range<Int>, replacement: String)? {
        let contentStart = start + 1
        guard contentStart <= end, end <= p.count, start < p.count, !(start > 0 && p[start - 1] == quote) else { return nil }
        let (contentEnd, runStart, runClosers) = trailingRun(in: p, string: start, end: end)
        // The most closers at the end of the run that are the first ones needed, in order.
        var used = min(closers.count, runClosers.count)
        while used > 0 && !runClosers.suffix(used).lazy.map({ p[$0] }).elementsEqual(closers.prefix(used)) { used -= 1 }
        let quote = used == runClosers.count ? runStart : runClosers[runClosers.count - used - 1] + 1
        var backslashes = 0
        while quote - backslashes > contentStart && p[quote - backslashes - 1] == backslash { backslashes += 1 }
        if backslashes % 2 == 1 { return nil }
        let missing = String(decoding: closers.dropFirst(used), as: UTF8.self)
        if missing.isEmpty { return (quote..<quote, "\"") }
        let kept = String(decoding: UnsafeBufferPointer(rebasing: p[quote..<contentEnd]), as: UTF8.self)
        return (quote..<contentEnd, "\"" + kept + missing)
    }

    /// What the unterminated single-line string `start..<end` most likely swallowed: where its
    /// content ends before a comment (`//` after a blank) and blanks, where the run of closers,
    /// commas and blanks before that starts, and the offsets of that run's closers.
    static func trailingRun(in p: UnsafeBufferPointer<UInt8>, string start: Int, end: Int)
        -> (contentEnd: Int, runStart: Int, closers: [Int]) {
        let contentStart = start + 1
        guard contentStart <= end, end <= p.count else { return (end, end, []) }
        func isBlank(_ b: UInt8) -> Bool { b == space || b == tab }
        var contentEnd = end
        var j = contentStart + 1
        while j + 1 < end {
            if p[j] == slash && p[j + 1] == slash && isBlank(p[j - 1]) { contentEnd = j; break }
            j += 1
        }
        while contentEnd > contentStart && isBlank(p[contentEnd - 1]) { contentEnd -= 1 }
        var runStart = contentEnd
        var closers: [Int] = []
        while runStart > contentStart {
            let b = p[runStart - 1]
            if b == 0x29 || b == 0x5D || b == 0x7D {
                closers.append(runStart - 1)
            } else if b != 0x2C && !isBlank(b) {
                break
            }
            runStart -= 1
        }
        return (contentEnd, runStart, closers.reversed())
    }

    /// One step inside a string body: an escape (E105), a non-ASCII sequence (E107) or a byte.
    @inline(__always)
    mutating func stepInString(_ j: Int) -> (end: Int, ok: Bool) {
        let b = p[j]
        if b == backslash { return lexEscape(j) }
        if b >= 0x80 { return skipNonASCII(j) }
        return (j + 1, true)
    }

    mutating func lexMultilineString(at start: Int) -> Lexeme {
        var j = start + 3
        var malformed = false
        // Content must start on the next line (Swift's rule). The fix-it, a line break and the
        // indentation, is known once the closing delimiter is.
        var openingLineContent: (offset: Int, diagnostic: Int?)?
        var k = j
        while k < n && (p[k] == space || p[k] == tab) { k += 1 }
        if k < n && p[k] != newline && p[k] != carriageReturn {
            let lineEnd = LineBreak.lineEnd(p, from: k, to: n)
            let count = diagnostics.count
            report(.e108, "multi-line string content must start on the line after `\"\"\"`", k..<lineEnd)
            openingLineContent = (k, diagnostics.count > count ? count : nil)
            malformed = true
        }
        var lineStart = -1 // start of the current content line (after the first newline)
        var onlyWhitespaceSoFar = false
        while true {
            if j >= n {
                report(.e101, "unterminated multi-line string literal", start..<(start + 3),
                       label: "this string is never closed", notes: [.help("close it with `\"\"\"` on a line of its own")])
                unterminatedAtEnd = true
                return Lexeme(.multilineString, end: n, malformed: true)
            }
            let b = p[j]
            if b == newline || b == carriageReturn {
                j += LineBreak.length(p, at: j)
                lineStart = j
                onlyWhitespaceSoFar = true
                continue
            }
            if b == quote && j + 2 < n && p[j + 1] == quote && p[j + 2] == quote {
                let indentation: Range<Int>
                if lineStart < 0 || !onlyWhitespaceSoFar {
                    // Moved to a line of its own, it takes the indentation the content lines share.
                    indentation = commonIndentation(from: start + 3, to: j)
                    report(.e108, "closing `\"\"\"` of a multi-line string must be on a line of its own", j..<(j + 3),
                           fixIts: [FixIt(span(j..<j), "\n" + text(indentation))])
                    malformed = true
                } else {
                    indentation = lineStart..<j
                    if !checkIndentation(openEnd: start + 3, closingLineStart: lineStart, closing: j) { malformed = true }
                }
                // (`"""  """`: the closing delimiter's own fix-it puts it on the next line.)
                if let (offset, diagnostic) = openingLineContent, let diagnostic, offset < j {
                    diagnostics[diagnostic].fixIts = [FixIt(span(offset..<offset), "\n" + text(indentation))]
                }
                j += 3
                break
            }
            if b != space && b != tab { onlyWhitespaceSoFar = false }
            let (end, ok) = stepInString(j)
            malformed = malformed || !ok
            j = end
        }
        return Lexeme(.multilineString, end: j, malformed: malformed)
    }

    /// The longest run of blanks that starts every non-blank content line of the multi-line
    /// string whose opening delimiter ends at `openEnd`, up to `end` (a closing delimiter that
    /// is not on a line of its own): a range of the first such line (empty when there is none).
    func commonIndentation(from openEnd: Int, to end: Int) -> Range<Int> {
        var j = LineBreak.lineEnd(p, from: openEnd, to: end)
        j += max(1, LineBreak.length(p, at: j))
        var common: Range<Int>?
        while j < end {
            let lineEnd = LineBreak.lineEnd(p, from: j, to: end)
            var blanks = j
            while blanks < lineEnd && (p[blanks] == space || p[blanks] == tab) { blanks += 1 }
            if blanks != lineEnd {
                if let shared = common {
                    var matched = 0
                    while matched < shared.count && j + matched < blanks && p[j + matched] == p[shared.lowerBound + matched] {
                        matched += 1
                    }
                    common = shared.lowerBound..<(shared.lowerBound + matched)
                } else {
                    common = j..<blanks
                }
            }
            j = lineEnd + max(1, LineBreak.length(p, at: lineEnd))
        }
        return common ?? end..<end
    }

    /// Every content line must start with the closing delimiter's indentation (blank lines
    /// excepted). Reports one E108 per offending line, with a fix-it giving the line that
    /// indentation in place of its own blanks.
    mutating func checkIndentation(openEnd: Int, closingLineStart: Int, closing: Int) -> Bool {
        let indent = closingLineStart..<closing
        var ok = true
        var j = LineBreak.lineEnd(p, from: openEnd, to: n)
        j += max(1, LineBreak.length(p, at: j))
        while j < closingLineStart {
            let lineEnd = LineBreak.lineEnd(p, from: j, to: n)
            var blank = true
            for k in j..<lineEnd where p[k] != space && p[k] != tab { blank = false; break }
            if !blank {
                var matched = 0
                while matched < indent.count && j + matched < lineEnd && p[j + matched] == p[indent.lowerBound + matched] {
                    matched += 1
                }
                if matched < indent.count {
                    var blanks = j
                    while blanks < lineEnd && (p[blanks] == space || p[blanks] == tab) { blanks += 1 }
                    report(.e108, "insufficient indentation of line in multi-line string", j..<(j + matched),
                           notes: [DiagnosticNote("the closing `\"\"\"` sets the indentation to strip",
                                                  at: span(closing..<(closing + 3)))],
                           fixIts: [FixIt(span(j..<blanks), text(indent))])
                    ok = false
                }
            }
            j = lineEnd + max(1, LineBreak.length(p, at: lineEnd))
        }
        return ok
    }

    // MARK: Colors, bindings, enum cases

    mutating func lexColor(at start: Int) -> Lexeme {
        let j = nameEnd(from: start + 1)
        let digits = j - start - 1
        var problem: String?
        if digits == 0 {
            problem = "expected hex digits after `#`"
        } else if let bad = (start + 1..<j).first(where: { !isHexDigit(p[$0]) }) {
            problem = "`\(escapedCharacter(at: bad))` is not a hex digit"
        } else if digits != 3 && digits != 6 && digits != 8 {
            problem = "a color needs 3, 6 or 8 hex digits, found \(digits)"
        }
        if let problem {
            report(.e104, "malformed color literal `\(text(start..<j))`: \(problem)", start..<j,
                   notes: [.help("write colors as #RGB, #RRGGBB or #RRGGBBAA")])
            return Lexeme(.color, end: j, malformed: true)
        }
        return Lexeme(.color, end: j)
    }

    @inline(__always)
    mutating func lexBinding(at start: Int) -> Lexeme {
        guard start + 1 < n && isIdentifierStart(p[start + 1]) else {
            report(.e102, "`$` must be followed by a binding name", start..<(start + 1),
                   notes: [.help("write a binding as `$name` or `$item.field`")])
            return Lexeme(nil, end: start + 1)
        }
        var j = nameEnd(from: start + 2)
        while j + 1 < n && p[j] == dot && isIdentifierStart(p[j + 1]) {
            j = nameEnd(from: j + 2)
        }
        return Lexeme(.binding, end: j)
    }

    /// A dot that starts no enum case (`fill` lexes `.name`): a number without its leading
    /// digit, or a stray dot.
    mutating func lexDot(at start: Int) -> Lexeme {
        if start + 1 < n && isDigit(p[start + 1]) {
            let digitsEnd = scanDigits(start + 1)
            var j = digitsEnd
            while j < n && (isIdentifierContinue(p[j]) || p[j] == dot) { j += 1 }
            // The leading `0` fixes `.5`, not `.5.5` or `.5x`.
            report(.e103, "malformed number `\(text(start..<j))`: a number must start with a digit", start..<j,
                   fixIts: j == digitsEnd ? [FixIt(span(start..<start), "0")] : [])
            return Lexeme(.double, end: j, malformed: true)
        }
        report(.e102, "unexpected `.`: an enum case needs a name, as in `.center`", start..<(start + 1))
        return Lexeme(nil, end: start + 1)
    }

    // MARK: Comments

    mutating func lexLineComment(at start: Int) -> Lexeme {
        let isDoc = start + 2 < n && p[start + 2] == slash && !(start + 3 < n && p[start + 3] == slash)
        var j = lineBreakOrNonASCII(from: start + 2)
        while j < n && p[j] >= 0x80 {
            j = lineBreakOrNonASCII(from: skipNonASCII(j).end)
        }
        // The comment ends before its line break (`LineBreak`: LF, CR LF or a lone CR).
        comments.append(Comment(kind: isDoc ? .doc : .line, start: start, end: j))
        return Lexeme(nil, end: j)
    }

    /// The first LF, CR or non-ASCII byte at or after `j` (`n` if none): eight bytes at a
    /// time, as comments run long.
    func lineBreakOrNonASCII(from j: Int) -> Int {
        var k = j
        if let base = p.baseAddress {
            while k + 8 <= n {
                let word = ByteWord.load(base, at: k)
                let found = ByteWord.matches(word, newline) | ByteWord.matches(word, carriageReturn) | ByteWord.nonASCII(word)
                if found != 0 { return k + ByteWord.firstIndex(found) }
                k += 8
            }
        }
        while k < n && p[k] != newline && p[k] != carriageReturn && p[k] < 0x80 { k += 1 }
        return k
    }

    mutating func lexBlockComment(at start: Int) -> Lexeme {
        var depth = 1
        var spansLines = false
        var j = start + 2
        while j < n {
            let b = p[j]
            if b == star && j + 1 < n && p[j + 1] == slash {
                depth -= 1
                j += 2
                if depth == 0 { break }
            } else if b == slash && j + 1 < n && p[j + 1] == star {
                depth += 1
                j += 2
            } else if b >= 0x80 {
                j = skipNonASCII(j).end
            } else {
                if b == newline || b == carriageReturn { spansLines = true }
                j += 1
            }
        }
        if depth > 0 {
            unterminatedAtEnd = true
            report(.e106, "unterminated block comment", start..<(start + 2), label: "this comment is never closed",
                   notes: [.help("block comments nest: every `/*` needs its own `*/`")])
        }
        comments.append(Comment(kind: .block, start: start, end: j))
        var lexeme = Lexeme(nil, end: j)
        if spansLines { lexeme.flags = TokenFlags.newlineBefore }
        return lexeme
    }

    // MARK: Invalid input

    /// Drops a run of characters that cannot start a token (E102), reported once per run.
    mutating func lexInvalidCharacters(at start: Int) -> Lexeme {
        var j = start
        var count = 0
        while j < n {
            let b = p[j]
            let length: Int
            if b < 0x80 {
                if !Self.isInvalidASCII(b, next: j + 1 < n ? p[j + 1] : 0) { break }
                length = 1
            } else {
                length = UTF8Scanner.sequenceLength(p, at: j)
                if length == 0 { break }
            }
            j += length
            count += 1
        }
        if j == start { j = start + 1; count = 1 } // defensive: always make progress
        let first = escapedCharacter(at: start)
        let scalar = firstScalar(at: start)
        var message = count == 1 ? "invalid character `\(first)`" : "invalid characters `\(escapedText(start..<j))`"
        if let scalar, scalar.value >= 0x80 {
            message += " (U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)))"
            if scalar.properties.isWhitespace { message += ": only ASCII spaces, tabs and newlines separate tokens" }
        }
        report(.e102, message, start..<j)
        var lexeme = Lexeme(nil, end: j)
        // `title = "Trip"`: the parser may take a lone `=` for a `:` (`ParserState.takeEqualsAsColon`).
        if j == start + 1 && p[start] == equals { lexeme.flags = TokenFlags.equalsBefore }
        return lexeme
    }

    /// ASCII bytes that never start a token, for grouping runs of invalid characters.
    static func isInvalidASCII(_ b: UInt8, next: UInt8) -> Bool {
        switch b {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, underscore, space, tab, newline, carriageReturn,
             quote, 0x23, 0x24, dot, 0x7B, 0x7D, 0x28, 0x29, 0x5B, 0x5D, 0x3A, 0x2C, 0x3B:
            return false
        case minus:
            return !isDigit(next)
        case slash:
            return next != slash && next != star
        default:
            return true
        }
    }

    mutating func lexInvalidUTF8(at start: Int) -> Lexeme {
        var j = start + 1
        while j < n && p[j] >= 0x80 && UTF8Scanner.sequenceLength(p, at: j) == 0 { j += 1 }
        reportInvalidUTF8(start..<j)
        return Lexeme(nil, end: j)
    }

    func firstScalar(at j: Int) -> Unicode.Scalar? {
        let length = UTF8Scanner.sequenceLength(p, at: j)
        return length == 0 ? nil : UTF8Scanner.decode(p, at: j, length: length)
    }

    /// The character at `j`, with control characters escaped so they never reach a terminal raw.
    func escapedCharacter(at j: Int) -> String {
        guard let scalar = firstScalar(at: j) else { return "\\x{\(String(p[j], radix: 16, uppercase: true))}" }
        return Self.escape(scalar)
    }

    func escapedText(_ range: Range<Int>) -> String {
        var out = ""
        var j = range.lowerBound
        while j < range.upperBound {
            let length = max(1, UTF8Scanner.sequenceLength(p, at: j))
            out += escapedCharacter(at: j)
            j += length
        }
        return out
    }

    /// A character as a message quotes it: escaped when no output may write it raw
    /// (`EscapedScalars`), and a tab too, so the quote shows which blank it is.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        scalar == "\t" || EscapedScalars.contains(scalar) ? EscapedScalars.escape(scalar.value) : String(scalar)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

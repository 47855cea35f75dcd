import CardDiagnostics

/// The output of lexing one file.
public struct LexedFile: Sendable {
    /// Every token, ending in `.endOfFile` (empty from `Lexer.forEachToken`, which keeps none).
    public var tokens: TokenList
    public var comments: [Comment]
    public var diagnostics: [Diagnostic]
    /// Start offsets of lexical errors, ascending; the parser stays quiet after one until it
    /// re-synchronises (LANGUAGE.md §3).
    public var errorOffsets: [Int]
    /// True when an unterminated block comment or multi-line string ran to the end of the file:
    /// it swallowed any closers after it, so the parser does not report them missing (E202).
    public var unterminatedAtEnd = false
    /// Lexical errors found past `Lexer.diagnosticLimit` and not recorded.
    public var omitted = 0
}

/// Turns UTF-8 bytes into tokens (LANGUAGE.md §2), a small batch at a time: the parser pulls
/// them as it needs them, so no whole-file token list is ever built on the way to a tree. Never
/// fails: every byte sequence yields tokens ending in `.endOfFile`, plus E1xx diagnostics.
public enum Lexer {
    /// At most this many lexical diagnostics are recorded per file (and as many syntax ones);
    /// the last recorded one carries a note with the number left out.
    public static let diagnosticLimit = 1000

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
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { classes in
                ByteClass.fill(classes)
                var lexer = LexerState(p: bytes, file: file.id, classes: UnsafeBufferPointer(classes), at: offset)
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
enum ByteClass {
    /// `[A-Za-z0-9_]`.
    static let identifierContinue: UInt8 = 1
    /// ASCII that needs no attention inside a `"…"` string (not `"`, `\`, CR or LF).
    static let plainStringByte: UInt8 = 2
    /// Space, tab, carriage return: skipped between tokens.
    static let blank: UInt8 = 4

    static func fill(_ table: UnsafeMutableBufferPointer<UInt8>) {
        for b in 0..<min(256, table.count) {
            let byte = UInt8(b)
            var bits: UInt8 = 0
            if isIdentifierContinue(byte) { bits |= identifierContinue }
            if byte == 0x20 || byte == 0x09 || byte == 0x0D { bits |= blank }
            if byte < 0x80 && byte != 0x22 && byte != 0x5C && byte != 0x0A && byte != 0x0D { bits |= plainStringByte }
            table[b] = bits
        }
    }
}

// Byte constants keep the scanning code readable.
private let quote: UInt8 = 0x22, backslash: UInt8 = 0x5C, newline: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D
private let space: UInt8 = 0x20, tab: UInt8 = 0x09, slash: UInt8 = 0x2F, star: UInt8 = 0x2A
private let dot: UInt8 = 0x2E, minus: UInt8 = 0x2D, underscore: UInt8 = 0x5F

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
    var i: Int
    /// Where `emit` puts tokens (see `fill`), and how many it has put there.
    var sink = UnsafeMutableBufferPointer<Token>(start: nil, count: 0)
    var sinkCount = 0
    var comments: [Comment] = []
    var diagnostics: [Diagnostic] = []
    var errorOffsets: [Int] = []
    /// Flags for the next token (a line break was seen).
    var pending: UInt8 = 0
    /// Errors past `Lexer.diagnosticLimit`, counted but not recorded.
    var omitted = 0
    /// See `LexedFile.unterminatedAtEnd`.
    var unterminatedAtEnd = false

    /// A lexer that starts at byte `offset` (a token's start, or 0).
    init(p: UnsafeBufferPointer<UInt8>, file: FileID, classes: UnsafeBufferPointer<UInt8>, at offset: Int) {
        self.p = p
        self.n = p.count
        self.file = file
        self.classes = classes
        // A UTF-8 byte order mark at the very start is not content.
        let bom = offset == 0 && p.count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF
        self.i = bom ? 3 : offset
    }

    /// What the file's lexing left besides tokens.
    var output: LexedFile {
        LexedFile(tokens: TokenList(), comments: comments, diagnostics: diagnostics, errorOffsets: errorOffsets,
                  unterminatedAtEnd: unterminatedAtEnd, omitted: omitted)
    }

    /// True for `[A-Za-z0-9_]` (the table form of `isIdentifierContinue`).
    @inline(__always)
    func continuesIdentifier(_ j: Int) -> Bool { classes[Int(p[j])] & ByteClass.identifierContinue != 0 }

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
    mutating func fill(_ buffer: UnsafeMutableBufferPointer<Token>) -> Int {
        sink = buffer
        sinkCount = 0
        while i < n && sinkCount < buffer.count {
            let b = p[i]
            switch b {
            case space, tab, carriageReturn:
                i += 1
                skipBlanks()
            case newline:
                pending |= TokenFlags.newlineBefore
                i += 1
                skipBlanks() // the next line's indentation
            case 0x41...0x5A, 0x61...0x7A, underscore:
                lexIdentifier()
            case 0x30...0x39:
                lexNumber()
            case minus:
                if i + 1 < n && isDigit(p[i + 1]) { lexNumber() } else { lexInvalidCharacters() }
            case quote:
                if i + 2 < n && p[i + 1] == quote && p[i + 2] == quote { lexMultilineString() } else { lexString() }
            case 0x23: // #
                lexColor()
            case 0x24: // $
                lexBinding()
            case dot:
                lexDot()
            case slash:
                if i + 1 < n && p[i + 1] == slash {
                    lexLineComment()
                } else if i + 1 < n && p[i + 1] == star {
                    lexBlockComment()
                } else {
                    lexInvalidCharacters()
                }
            case 0x7B: punctuation(.leftBrace)
            case 0x7D: punctuation(.rightBrace)
            case 0x28: punctuation(.leftParen)
            case 0x29: punctuation(.rightParen)
            case 0x5B: punctuation(.leftBracket)
            case 0x5D: punctuation(.rightBracket)
            case 0x3A: punctuation(.colon)
            case 0x2C: punctuation(.comma)
            case 0x3B: punctuation(.semicolon)
            default:
                if b >= 0x80 && UTF8Scanner.sequenceLength(p, at: i) == 0 {
                    lexInvalidUTF8()
                } else {
                    lexInvalidCharacters()
                }
            }
        }
        if i >= n && sinkCount < buffer.count {
            buffer[sinkCount] = Token(.endOfFile, n, n, flags: pending)
            sinkCount += 1
        }
        return sinkCount
    }

    /// Skips spaces, tabs and carriage returns without going back through the dispatch.
    @inline(__always)
    mutating func skipBlanks() {
        var j = i
        while j < n && classes[Int(p[j])] & ByteClass.blank != 0 { j += 1 }
        i = j
    }

    @inline(__always)
    mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int, malformed: Bool = false) {
        // A trivial type: assigning to uninitialised memory is initialisation.
        sink[sinkCount] = Token(kind, start, end, flags: pending | (malformed ? TokenFlags.malformed : 0))
        sinkCount += 1
        pending = 0
    }

    @inline(__always)
    mutating func punctuation(_ kind: TokenKind) {
        emit(kind, i, i + 1)
        i += 1
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

    mutating func lexIdentifier() {
        let start = i
        var j = i + 1
        while j < n && continuesIdentifier(j) { j += 1 }
        i = j
        emit(Self.keywordKind(p, start, j - start), start, j)
    }

    @inline(__always)
    static func matches(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ bytes: (UInt8, UInt8, UInt8, UInt8)) -> Bool {
        p[start] == bytes.0 && p[start + 1] == bytes.1 && p[start + 2] == bytes.2 && p[start + 3] == bytes.3
    }

    /// Classifies contextual keywords by length and bytes (no string allocation). Static, so the
    /// call does not copy the lexer state.
    static func keywordKind(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ length: Int) -> TokenKind {
        switch length {
        case 4:
            if matches(p, s, (0x63, 0x61, 0x72, 0x64)) { return .keywordCard }   // card
            if matches(p, s, (0x74, 0x72, 0x75, 0x65)) { return .keywordTrue }   // true
        case 5:
            let last = p[s + 4]
            if last == 0x6B && matches(p, s, (0x73, 0x74, 0x61, 0x63)) { return .keywordStack } // stack
            if last == 0x65 && matches(p, s, (0x74, 0x68, 0x65, 0x6D)) { return .keywordTheme } // theme
            if last == 0x65 && matches(p, s, (0x73, 0x74, 0x61, 0x74)) { return .keywordState } // state
            if last == 0x65 && matches(p, s, (0x66, 0x61, 0x6C, 0x73)) { return .keywordFalse } // false
        case 6:
            if matches(p, s, (0x69, 0x6D, 0x70, 0x6F)) && p[s + 4] == 0x72 && p[s + 5] == 0x74 { return .keywordImport }
        default:
            break
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

    mutating func lexNumber() {
        let start = i
        var j = i
        if p[j] == minus { j += 1 }
        j = scanDigits(j)
        var isDouble = false
        var exponentDigits = 0
        var problem: String?
        if j < n && p[j] == dot {
            if j + 1 < n && isDigit(p[j + 1]) {
                isDouble = true
                j = scanDigits(j + 1)
            } else {
                problem = "expected digits after `.` in a number"
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
                problem = "expected digits in the exponent of a number"
                j = k
            }
        }
        // Letters or dots glued to a number make the whole run one malformed token.
        if j < n && (isIdentifierContinue(p[j]) || p[j] == dot) {
            if problem == nil { problem = "unexpected `\(escapedCharacter(at: j))` in number" }
            while j < n && (isIdentifierContinue(p[j]) || p[j] == dot) { j += 1 }
        }
        i = j
        if let problem {
            report(.e103, "malformed number `\(text(start..<j))`: \(problem)", start..<j)
            emit(isDouble ? .double : .integer, start, j, malformed: true)
            return
        }
        // Range checks only for literals long enough to overflow (rare path).
        if !isDouble && j - start > 18, NumberLiteral.integerValue(text(start..<j)) == nil {
            report(.e103, "integer literal `\(text(start..<j))` does not fit in 64 bits", start..<j)
            emit(.integer, start, j, malformed: true)
            return
        }
        // Only a long literal or one with a 3+ digit exponent can overflow a Double (below
        // 10^200 × 10^99 every value is finite), so the common case skips the String round trip.
        if isDouble && (j - start > 200 || exponentDigits > 2),
           let value = NumberLiteral.doubleValue(text(start..<j)), !value.isFinite {
            report(.e103, "number `\(text(start..<j))` is too large", start..<j)
            emit(.double, start, j, malformed: true)
            return
        }
        emit(isDouble ? .double : .integer, start, j)
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
                   notes: [.help("valid escapes are \\n \\t \\r \\\" \\\\ \\0 and \\u{…}")])
            return (min(k, n), false)
        }
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

    mutating func lexString() {
        let start = i
        var j = i + 1
        var malformed = false
        while true {
            // Fast path: ordinary ASCII content.
            if j < n && classes[Int(p[j])] & ByteClass.plainStringByte != 0 { j += 1; continue }
            if j >= n || p[j] == newline || p[j] == carriageReturn {
                report(.e101, "unterminated string literal", start..<j, label: "this string is never closed",
                       fixIts: [FixIt(span(j..<j), "\"")])
                i = j
                emit(.string, start, j, malformed: true)
                return
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
        i = j
        emit(.string, start, j, malformed: malformed)
    }

    /// One step inside a string body: an escape (E105), a non-ASCII sequence (E107) or a byte.
    @inline(__always)
    mutating func stepInString(_ j: Int) -> (end: Int, ok: Bool) {
        let b = p[j]
        if b == backslash { return lexEscape(j) }
        if b >= 0x80 { return skipNonASCII(j) }
        return (j + 1, true)
    }

    mutating func lexMultilineString() {
        let start = i
        var j = i + 3
        var malformed = false
        // Content must start on the next line (Swift's rule).
        var k = j
        while k < n && (p[k] == space || p[k] == tab) { k += 1 }
        if k < n && p[k] != newline && p[k] != carriageReturn {
            var lineEnd = k
            while lineEnd < n && p[lineEnd] != newline { lineEnd += 1 }
            report(.e108, "multi-line string content must start on the line after `\"\"\"`", k..<lineEnd,
                   fixIts: [FixIt(span(k..<k), "\n")])
            malformed = true
        }
        var lineStart = -1 // start of the current content line (after the first newline)
        var onlyWhitespaceSoFar = false
        while true {
            if j >= n {
                report(.e101, "unterminated multi-line string literal", start..<(start + 3),
                       label: "this string is never closed", notes: [.help("close it with `\"\"\"` on a line of its own")])
                unterminatedAtEnd = true
                i = n
                emit(.multilineString, start, n, malformed: true)
                return
            }
            let b = p[j]
            if b == newline {
                j += 1
                lineStart = j
                onlyWhitespaceSoFar = true
                continue
            }
            if b == quote && j + 2 < n && p[j + 1] == quote && p[j + 2] == quote {
                if lineStart < 0 || !onlyWhitespaceSoFar {
                    report(.e108, "closing `\"\"\"` of a multi-line string must be on a line of its own", j..<(j + 3),
                           fixIts: [FixIt(span(j..<j), "\n")])
                    malformed = true
                } else if !checkIndentation(openEnd: start + 3, closingLineStart: lineStart, closing: j) {
                    malformed = true
                }
                j += 3
                break
            }
            if b != space && b != tab { onlyWhitespaceSoFar = false }
            let (end, ok) = stepInString(j)
            malformed = malformed || !ok
            j = end
        }
        i = j
        emit(.multilineString, start, j, malformed: malformed)
    }

    /// Every content line must start with the closing delimiter's indentation (blank lines
    /// excepted). Reports one E108 per offending line.
    mutating func checkIndentation(openEnd: Int, closingLineStart: Int, closing: Int) -> Bool {
        let indent = closingLineStart..<closing
        var ok = true
        var j = openEnd
        while j < n && p[j] != newline { j += 1 }
        j += 1
        while j < closingLineStart {
            var lineEnd = j
            while lineEnd < n && p[lineEnd] != newline { lineEnd += 1 }
            var blank = true
            for k in j..<lineEnd where p[k] != space && p[k] != tab && p[k] != carriageReturn { blank = false; break }
            if !blank {
                var matched = 0
                while matched < indent.count && j + matched < lineEnd && p[j + matched] == p[indent.lowerBound + matched] {
                    matched += 1
                }
                if matched < indent.count {
                    report(.e108, "insufficient indentation of line in multi-line string", j..<(j + matched),
                           notes: [DiagnosticNote("the closing `\"\"\"` sets the indentation to strip",
                                                  at: span(closing..<(closing + 3)))])
                    ok = false
                }
            }
            j = lineEnd + 1
        }
        return ok
    }

    // MARK: Colors, bindings, enum cases

    mutating func lexColor() {
        let start = i
        var j = i + 1
        while j < n && isIdentifierContinue(p[j]) { j += 1 }
        i = j
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
            emit(.color, start, j, malformed: true)
        } else {
            emit(.color, start, j)
        }
    }

    mutating func lexBinding() {
        let start = i
        guard i + 1 < n && isIdentifierStart(p[i + 1]) else {
            report(.e102, "`$` must be followed by a binding name", i..<(i + 1),
                   notes: [.help("write a binding as `$name` or `$item.field`")])
            i += 1
            return
        }
        var j = i + 2
        while j < n && continuesIdentifier(j) { j += 1 }
        while j + 1 < n && p[j] == dot && isIdentifierStart(p[j + 1]) {
            j += 2
            while j < n && continuesIdentifier(j) { j += 1 }
        }
        i = j
        emit(.binding, start, j)
    }

    mutating func lexDot() {
        let start = i
        if i + 1 < n && isIdentifierStart(p[i + 1]) {
            var j = i + 2
            while j < n && continuesIdentifier(j) { j += 1 }
            i = j
            emit(.enumCase, start, j)
        } else if i + 1 < n && isDigit(p[i + 1]) {
            var j = scanDigits(i + 1)
            while j < n && (isIdentifierContinue(p[j]) || p[j] == dot) { j += 1 }
            i = j
            report(.e103, "malformed number `\(text(start..<j))`: a number must start with a digit", start..<j,
                   fixIts: [FixIt(span(start..<start), "0")])
            emit(.double, start, j, malformed: true)
        } else {
            report(.e102, "unexpected `.`: an enum case needs a name, as in `.center`", i..<(i + 1))
            i += 1
        }
    }

    // MARK: Comments

    mutating func lexLineComment() {
        let start = i
        let isDoc = i + 2 < n && p[i + 2] == slash && !(i + 3 < n && p[i + 3] == slash)
        var j = i + 2
        while j < n && p[j] != newline {
            if p[j] >= 0x80 { j = skipNonASCII(j).end } else { j += 1 }
        }
        var end = j
        if end > start && p[end - 1] == carriageReturn { end -= 1 }
        comments.append(Comment(kind: isDoc ? .doc : .line, start: start, end: end))
        i = j
    }

    mutating func lexBlockComment() {
        let start = i
        var depth = 1
        var j = i + 2
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
                if b == newline { pending |= TokenFlags.newlineBefore }
                j += 1
            }
        }
        if depth > 0 {
            unterminatedAtEnd = true
            report(.e106, "unterminated block comment", start..<(start + 2), label: "this comment is never closed",
                   notes: [.help("block comments nest: every `/*` needs its own `*/`")])
        }
        comments.append(Comment(kind: .block, start: start, end: j))
        i = j
    }

    // MARK: Invalid input

    /// Drops a run of characters that cannot start a token (E102), reported once per run.
    mutating func lexInvalidCharacters() {
        let start = i
        var j = i
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
        i = j
        let first = escapedCharacter(at: start)
        let scalar = firstScalar(at: start)
        var message = count == 1 ? "invalid character `\(first)`" : "invalid characters `\(escapedText(start..<j))`"
        if let scalar, scalar.value >= 0x80 {
            message += " (U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)))"
            if scalar.properties.isWhitespace { message += ": only ASCII spaces, tabs and newlines separate tokens" }
        }
        report(.e102, message, start..<j)
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

    mutating func lexInvalidUTF8() {
        let start = i
        var j = i + 1
        while j < n && p[j] >= 0x80 && UTF8Scanner.sequenceLength(p, at: j) == 0 { j += 1 }
        reportInvalidUTF8(start..<j)
        i = j
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

    static func escape(_ scalar: Unicode.Scalar) -> String {
        let v = scalar.value
        if v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || v == 0x2028 || v == 0x2029
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) {
            return "\\u{\(String(v, radix: 16, uppercase: true))}"
        }
        return String(scalar)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// The kinds of token. Keywords are contextual (docs/language.md §2): the lexer tags them so the
/// parser can test one byte, and the parser accepts them wherever an identifier is expected.
/// The raw values stay the implicit 0, 1, 2…, equal to the cases' in-memory tags: the lexer
/// turns a one-byte token's raw value into its kind with a bit cast (`LexerState.fill`).
public enum TokenKind: UInt8, Sendable {
    case endOfFile
    case identifier
    case keywordCard, keywordStack, keywordTheme, keywordState, keywordImport, keywordTrue, keywordFalse
    /// `"…"`; may be unterminated (then flagged `malformed`).
    case string
    /// `"""…"""`.
    case multilineString
    case integer
    case double
    /// `#RGB`, `#RRGGBB`, `#RRGGBBAA` (or a malformed `#…`).
    case color
    /// `$name` or `$item.field`.
    case binding
    /// `.name`.
    case enumCase
    case leftBrace, rightBrace, leftParen, rightParen, leftBracket, rightBracket
    case colon, comma, semicolon

    /// True for identifiers and contextual keywords.
    @inline(__always)
    public var isIdentifierLike: Bool { self.rawValue >= TokenKind.identifier.rawValue && self.rawValue <= TokenKind.keywordFalse.rawValue }

    /// How the token is named in "expected X, found Y" messages.
    public var spelling: String {
        switch self {
        case .endOfFile: "end of file"
        case .identifier: "identifier"
        case .keywordCard: "`card`"
        case .keywordStack: "`stack`"
        case .keywordTheme: "`theme`"
        case .keywordState: "`state`"
        case .keywordImport: "`import`"
        case .keywordTrue: "`true`"
        case .keywordFalse: "`false`"
        case .string, .multilineString: "string"
        case .integer, .double: "number"
        case .color: "color"
        case .binding: "binding"
        case .enumCase: "enum case"
        case .leftBrace: "`{`"
        case .rightBrace: "`}`"
        case .leftParen: "`(`"
        case .rightParen: "`)`"
        case .leftBracket: "`[`"
        case .rightBracket: "`]`"
        case .colon: "`:`"
        case .comma: "`,`"
        case .semicolon: "`;`"
        }
    }
}

/// One token: its kind, where it lies, and whether the lexer reported an error inside it.
///
/// The lexer hands tokens out in small batches that the parser drains, and a `SyntaxTree`
/// keeps no token list: it resolves a node's main or first token from the node on demand. So
/// a `Token` is a value, not an index into anything.
public struct Token: Hashable, Sendable {
    public let kind: TokenKind
    /// `TokenFlags` bits. A token resolved from a tree carries only `malformed`.
    @usableFromInline let flags: UInt8
    // 32-bit offsets, as everywhere in the front end: a token is 12 bytes, passed in registers.
    @usableFromInline let startOffset: UInt32
    @usableFromInline let endOffset: UInt32

    @inlinable
    init(_ kind: TokenKind, _ start: Int, _ end: Int, flags: UInt8) {
        self.kind = kind
        self.flags = flags
        startOffset = UInt32(truncatingIfNeeded: start)
        endOffset = UInt32(truncatingIfNeeded: end)
    }

    @inlinable public var start: Int { Int(startOffset) }
    @inlinable public var end: Int { Int(endOffset) }
    @inlinable public var range: Range<Int> { start..<end }
    /// True if the lexer reported an error inside this token.
    @inlinable public var isMalformed: Bool { flags & TokenFlags.malformed != 0 }
    /// True if a line break separates this token from the previous one (lexer tokens only).
    @inlinable var startsLine: Bool { flags & TokenFlags.newlineBefore != 0 }
}

/// A whole file's tokens, as `Lexer.tokenize` returns them for tests and tools; parsing never
/// builds one. Parallel arrays (Zig's struct-of-arrays layout): about 7¼ bytes a token (kind,
/// start, 16-bit length, two flag bits), no per-token object, cheap to scan.
public struct TokenList: Sendable {
    public internal(set) var kinds: [TokenKind] = []
    public internal(set) var starts: [UInt32] = []
    /// Byte length, or `TokenList.longLength` for a token of 65,535 bytes or more, whose end is
    /// in `longEnds`.
    var lengths: [UInt16] = []
    /// Indices (ascending) and ends of the tokens too long for `lengths`: rare, huge strings.
    var longTokens: [Int32] = []
    var longEnds: [UInt32] = []
    /// `TokenFlags` bits, two per token (32 tokens a word).
    var flagWords: [UInt64] = []

    static let longLength = UInt16.max

    public var count: Int { kinds.count }

    mutating func append(_ token: Token) {
        let i = kinds.count
        kinds.append(token.kind)
        starts.append(UInt32(truncatingIfNeeded: token.start))
        let length = token.end - token.start
        if length < Int(Self.longLength) {
            lengths.append(UInt16(truncatingIfNeeded: length))
        } else {
            lengths.append(Self.longLength)
            longTokens.append(Int32(truncatingIfNeeded: i))
            longEnds.append(UInt32(truncatingIfNeeded: token.end))
        }
        if i & 31 == 0 { flagWords.append(0) }
        flagWords[i >> 5] |= UInt64(token.flags & TokenFlags.listed) << UInt64((i & 31) << 1)
    }

    public func kind(_ i: Int) -> TokenKind { kinds[i] }
    public func range(_ i: Int) -> Range<Int> { start(i)..<end(i) }
    public func start(_ i: Int) -> Int { Int(starts[i]) }

    public func end(_ i: Int) -> Int {
        let length = lengths[i]
        guard length == Self.longLength else { return Int(starts[i]) + Int(length) }
        var low = 0, high = longTokens.count
        while low < high {
            let mid = (low + high) / 2
            if Int(longTokens[mid]) < i { low = mid + 1 } else { high = mid }
        }
        return low < longTokens.count && Int(longTokens[low]) == i ? Int(longEnds[low]) : Int(starts[i]) + Int(length)
    }

    func flags(_ i: Int) -> UInt8 { UInt8(truncatingIfNeeded: flagWords[i >> 5] >> UInt64((i & 31) << 1)) & 3 }

    /// True if a line break separates this token from the previous one.
    public func startsLine(_ i: Int) -> Bool { flags(i) & TokenFlags.newlineBefore != 0 }
    /// True if the lexer reported an error inside this token.
    public func isMalformed(_ i: Int) -> Bool { flags(i) & TokenFlags.malformed != 0 }
}

/// Token flag bits. `TokenList` packs the first two 32 to a word; a tree keeps `malformed` per
/// main token.
public enum TokenFlags {
    public static let newlineBefore: UInt8 = 1
    public static let malformed: UInt8 = 2
    /// The bits a `TokenList` keeps.
    static let listed: UInt8 = newlineBefore | malformed
    /// A lone `=` (dropped with E102) comes before this token: the parser may take it for the
    /// `:` of a property or argument label (`title = "Trip"`). Only the parser sees it.
    static let equalsBefore: UInt8 = 4
}

/// A comment, kept out of the token stream but reachable by position (formatter, hover, docs).
public struct Comment: Sendable, Hashable {
    public enum Kind: UInt8, Sendable { case line, block, doc }
    public var kind: Kind
    public var start: Int
    public var end: Int
}

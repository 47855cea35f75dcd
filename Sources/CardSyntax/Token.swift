/// The kinds of token. Keywords are contextual (LANGUAGE.md §2): the lexer tags them so the
/// parser can test one byte, and the parser accepts them wherever an identifier is expected.
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

/// Index of a token in a `TokenList`.
public typealias TokenIndex = Int

/// Tokens as parallel arrays (Zig's struct-of-arrays layout): about 7¼ bytes a token (kind,
/// start, 16-bit length, two flag bits), no per-token object, cheap to scan. Fresh memory costs
/// page faults, so every byte per token shows in the time of a whole run.
public struct TokenList: Sendable {
    public internal(set) var kinds: [TokenKind] = []
    public internal(set) var starts: [UInt32] = []
    /// Byte length, or `TokenList.longLength` for a token of 65,535 bytes or more, whose end is
    /// in `longEnds`.
    @usableFromInline var lengths: [UInt16] = []
    /// Indices (ascending) and ends of the tokens too long for `lengths`: rare, huge strings.
    var longTokens: [Int32] = []
    var longEnds: [UInt32] = []
    /// `TokenFlags` bits, two per token (32 tokens a word).
    @usableFromInline var flagWords: [UInt64] = []

    @usableFromInline static let longLength = UInt16.max

    public var count: Int { kinds.count }

    // Inlinable: the checker asks for token ranges across the module boundary on its hot path.
    @inlinable public func kind(_ i: TokenIndex) -> TokenKind { kinds[i] }
    @inlinable public func range(_ i: TokenIndex) -> Range<Int> { start(i)..<end(i) }
    @inlinable public func start(_ i: TokenIndex) -> Int { Int(starts[i]) }

    @inlinable public func end(_ i: TokenIndex) -> Int {
        let length = lengths[i]
        return length != Self.longLength ? Int(starts[i]) + Int(length) : longEnd(i)
    }

    @usableFromInline func longEnd(_ i: TokenIndex) -> Int {
        let length = lengths[i]
        var low = 0, high = longTokens.count
        while low < high {
            let mid = (low + high) / 2
            if Int(longTokens[mid]) < i { low = mid + 1 } else { high = mid }
        }
        return low < longTokens.count && Int(longTokens[low]) == i ? Int(longEnds[low]) : Int(starts[i]) + Int(length)
    }

    @inlinable func flags(_ i: TokenIndex) -> UInt8 { UInt8(truncatingIfNeeded: flagWords[i >> 5] >> UInt64((i & 31) << 1)) & 3 }

    /// True if a line break separates this token from the previous one.
    @inlinable public func startsLine(_ i: TokenIndex) -> Bool { flags(i) & TokenFlags.newlineBefore != 0 }
    /// True if the lexer reported an error inside this token.
    @inlinable public func isMalformed(_ i: TokenIndex) -> Bool { flags(i) & TokenFlags.malformed != 0 }
}

/// Two bits: `TokenList` packs them 32 to a word.
public enum TokenFlags {
    public static let newlineBefore: UInt8 = 1
    public static let malformed: UInt8 = 2
}

/// A comment, kept out of the token stream but reachable by position (formatter, hover, docs).
public struct Comment: Sendable, Hashable {
    public enum Kind: UInt8, Sendable { case line, block, doc }
    public var kind: Kind
    public var start: Int
    public var end: Int
}

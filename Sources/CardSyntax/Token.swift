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

/// Tokens as parallel arrays (Zig's struct-of-arrays layout): 10 bytes a token, no per-token
/// object, cheap to scan.
public struct TokenList: Sendable {
    public internal(set) var kinds: [TokenKind] = []
    public internal(set) var starts: [UInt32] = []
    public internal(set) var ends: [UInt32] = []
    /// `TokenFlags` bits.
    public internal(set) var flags: [UInt8] = []

    public var count: Int { kinds.count }

    public func kind(_ i: TokenIndex) -> TokenKind { kinds[i] }
    public func range(_ i: TokenIndex) -> Range<Int> { Int(starts[i])..<Int(ends[i]) }
    public func start(_ i: TokenIndex) -> Int { Int(starts[i]) }
    public func end(_ i: TokenIndex) -> Int { Int(ends[i]) }
    /// True if a line break separates this token from the previous one.
    public func startsLine(_ i: TokenIndex) -> Bool { flags[i] & TokenFlags.newlineBefore != 0 }
    /// True if the lexer reported an error inside this token.
    public func isMalformed(_ i: TokenIndex) -> Bool { flags[i] & TokenFlags.malformed != 0 }
}

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

/// Every diagnostic code `cardc` can report: the one table of codes. A code's letter gives its
/// severity (`E` error, `W` warning); the digits before the last two its area (docs/language.md §10).
/// Long explanations with a wrong and a corrected example live in `Explanations.swift`.
public enum DiagnosticCode: String, CaseIterable, Hashable, Comparable, Sendable {
    // E1xx lexical
    case e101 = "E101", e102 = "E102", e103 = "E103", e104 = "E104", e105 = "E105", e106 = "E106"
    case e107 = "E107", e108 = "E108"
    // E2xx syntax
    case e201 = "E201", e202 = "E202", e203 = "E203", e204 = "E204", e205 = "E205"
    // E3xx names and imports
    case e301 = "E301", e302 = "E302", e303 = "E303", e304 = "E304", e305 = "E305", e306 = "E306"
    case e307 = "E307", e308 = "E308", e309 = "E309", e310 = "E310", e311 = "E311", e312 = "E312", e313 = "E313"
    // E4xx nesting
    case e401 = "E401", e403 = "E403", e404 = "E404", e405 = "E405", e406 = "E406"
    case w103 = "W103", w402 = "W402"
    // E5xx traits
    case e501 = "E501", e502 = "E502", e503 = "E503", w501 = "W501", w502 = "W502", w503 = "W503"
    // E6xx states
    case e601 = "E601", e602 = "E602", e603 = "E603", w601 = "W601"
    // E7xx stacks
    case e701 = "E701", e702 = "E702", e703 = "E703", e704 = "E704", e705 = "E705"
    case w703 = "W703", w704 = "W704", w705 = "W705", w706 = "W706", w104 = "W104"
    // E8xx types and bindings
    case e801 = "E801", e802 = "E802", e803 = "E803", e804 = "E804", e805 = "E805", e806 = "E806"
    case w801 = "W801", w101 = "W101", w105 = "W105"
    // W9xx suppressions
    case w901 = "W901"
    // W10xx accessibility
    case w1001 = "W1001", w1002 = "W1002", w1003 = "W1003", w1004 = "W1004"

    public var severity: Severity { rawValue.hasPrefix("W") ? .warning : .error }

    /// A lexical or syntax code (E1xx, E2xx): reported by the lexer or the parser (E203 also
    /// by the checker, for properties).
    public var isSyntax: Bool { rawValue.hasPrefix("E1") || rawValue.hasPrefix("E2") }

    /// An error after which the parser recovered, with tokens dropped, skipped or assumed (E1xx,
    /// E201, E202, E204): what the checker found around it is a guess. `FixAll` applies only
    /// syntax fix-its to such a file.
    public var isRecoveredSyntax: Bool { rawValue.hasPrefix("E1") || self == .e201 || self == .e202 || self == .e204 }

    public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Accepts `E101`, `e101` or `101`-style input from the command line.
    public init?(parsing text: String) {
        let upper = text.uppercased()
        if let code = DiagnosticCode(rawValue: upper) { self = code; return }
        if let code = DiagnosticCode(rawValue: "E" + upper) ?? DiagnosticCode(rawValue: "W" + upper) {
            self = code; return
        }
        return nil
    }

    /// One-line summary, used by SARIF rules and `cardc explain`'s heading.
    public var title: String {
        switch self {
        case .e101: "unterminated string literal"
        case .e102: "invalid character"
        case .e103: "malformed number"
        case .e104: "malformed color literal"
        case .e105: "invalid escape sequence"
        case .e106: "unterminated block comment"
        case .e107: "invalid UTF-8"
        case .e108: "malformed multi-line string"
        case .e201: "unexpected token"
        case .e202: "unclosed delimiter"
        case .e203: "duplicate argument label"
        case .e204: "nesting too deep"
        case .e205: "declaration not allowed here"
        case .e301: "unknown part"
        case .e302: "unknown trait"
        case .e303: "unknown card"
        case .e304: "unknown theme"
        case .e305: "duplicate declaration"
        case .e306: "import not found"
        case .e307: "cycle in imports or themes"
        case .e308: "import outside the project root"
        case .e309: "unknown stack kind"
        case .e310: "unknown argument or property"
        case .e311: "unknown enum case"
        case .e312: "name clashes in generated Swift"
        case .e313: "invalid part id"
        case .e401: "leaf part given children"
        case .e403: "wrong kind of child"
        case .e404: "wrong number of children"
        case .e405: "part not allowed here"
        case .e406: "too many children of a kind"
        case .w103: "empty container"
        case .w402: "vertical separator outside a horizontal context"
        case .e501: "missing trait requirement"
        case .e502: "duplicate trait"
        case .e503: "trait value out of range"
        case .w501: "shadow on a transparent card falls from its parts"
        case .w502: "trait has no effect outside a list stack"
        case .w503: "trait taken away by another trait"
        case .e601: "duplicate state"
        case .e602: "unknown state"
        case .e603: "misplaced state"
        case .w601: "loading state without hasData"
        case .e701: "empty stack"
        case .e702: "fullScreen stack needs exactly one card"
        case .e703: "sheet card without title"
        case .e704: "push target outside the sheet"
        case .e705: "bad stack configuration"
        case .w703: "swipe-only node outside swipe stacks"
        case .w704: "card property with no effect outside its stack kind"
        case .w705: "overlay for a direction the card cannot be swiped"
        case .w706: "list margins above and below the cards have no effect"
        case .w104: "content taller than cardHeight"
        case .e801: "type mismatch"
        case .e802: "conflicting binding uses"
        case .e803: "model default does not match its uses"
        case .e804: "missing required argument"
        case .e805: "value out of range"
        case .e806: "list lengths differ"
        case .w801: "binding close to a model field's name"
        case .w101: "unused model field"
        case .w105: "button without action"
        case .w901: "suppression that suppresses nothing"
        case .w1001: "text contrast too low"
        case .w1002: "image without accessibility label"
        case .w1003: "tap target smaller than 44 × 44 pt"
        case .w1004: "graphic contrast too low"
        }
    }
}

import CardDiagnostics
import CardModel
import CardSyntax

/// One `// cardc:ignore CODES` or `// cardc:ignore-file CODES` comment (docs/cli.md,
/// "Suppressions"): warnings it silences on one line, or in the whole file.
public struct Suppression: Sendable, Equatable {
    public enum Scope: Sendable, Equatable {
        /// The warnings of these lines (0-based). Written after code: the comment's line — and
        /// when the construct ending there (one without a `{ }` block) began on an earlier line,
        /// its lines too. Written alone: the next line with code — and the rest of the construct
        /// that starts there, up to its `{` if it has a block. So a suppression keeps silencing
        /// the same warnings when the formatter wraps a long call over several lines.
        case lines(ClosedRange<Int>)
        /// Nothing: no code follows the comment.
        case nothing
        /// Every line of the file (`cardc:ignore-file`, before the first declaration).
        case file
    }

    public var scope: Scope
    /// The whole comment's bytes, `//` to the end of its line.
    public var comment: Range<Int>
    /// Whether code precedes the comment on its line.
    public var isTrailing: Bool
    /// The codes it names, each with its bytes in the comment.
    public var codes: [(code: DiagnosticCode, range: Range<Int>)]

    public static func == (lhs: Suppression, rhs: Suppression) -> Bool {
        lhs.scope == rhs.scope && lhs.comment == rhs.comment && lhs.isTrailing == rhs.isTrailing
            && lhs.codes.map(\.code) == rhs.codes.map(\.code) && lhs.codes.map(\.range) == rhs.codes.map(\.range)
    }
}

/// The suppressions of one file, read from its syntax tree's comments, and the W901s their
/// own mistakes earn (an unknown code, an error's code, no code, `ignore-file` below code).
public struct SuppressionScan: Sendable {
    public private(set) var suppressions: [Suppression] = []
    public private(set) var problems: [Diagnostic] = []

    static let directive = Array("cardc:ignore".utf8)

    /// Where a suppression's lines are anchored until the syntax tree has been read: the end
    /// of the code it trails, or the start of the code it precedes.
    private enum Anchor {
        case file
        case trailing(Int)
        case leading(Int?)
    }

    /// Scans the line comments of `tree` (`///` doc comments and block comments are never
    /// suppressions).
    public init(_ tree: SyntaxTree) {
        let file = tree.file
        let firstCode = Self.nextCode(in: file.bytes, from: 0)
        var found: [(Suppression, Anchor)] = []
        for comment in tree.comments where comment.kind == .line {
            if let suppression = scan(comment.start..<comment.end, in: file, firstCode: firstCode) { found.append(suppression) }
        }
        guard !found.isEmpty else { return }
        // One pass over the nodes for every anchor: the construct each suppression covers.
        var starts = Set<Int>(), ends = Set<Int>()
        for (_, anchor) in found {
            switch anchor {
            case .trailing(let end): ends.insert(end)
            case .leading(let start?): starts.insert(start)
            default: break
            }
        }
        var headEnd: [Int: Int] = [:], headStart: [Int: Int] = [:]
        for index in 1..<max(1, tree.nodes.count) {
            let node = NodeID(Int32(truncatingIfNeeded: index))
            let kind = tree.kind(node)
            guard kind != .block && kind != .file else { continue }
            let range = tree.range(node)
            let startsHere = starts.contains(range.lowerBound), endsHere = ends.contains(range.upperBound)
            guard startsHere || endsHere else { continue }
            let block = tree.block(node)
            if startsHere {
                let end = block.map { tree.range($0).lowerBound + 1 } ?? range.upperBound
                headEnd[range.lowerBound] = max(headEnd[range.lowerBound] ?? end, end)
            }
            if endsHere && block == nil {
                headStart[range.upperBound] = min(headStart[range.upperBound] ?? range.lowerBound, range.lowerBound)
            }
        }
        for (var suppression, anchor) in found {
            switch anchor {
            case .file:
                suppression.scope = .file
            case .leading(nil):
                suppression.scope = .nothing
            case .leading(let start?):
                let first = file.lineIndex(of: start)
                let last = file.lineIndex(of: max(start, (headEnd[start] ?? start + 1) - 1))
                suppression.scope = .lines(first...max(first, last))
            case .trailing(let end):
                let last = file.lineIndex(of: suppression.comment.lowerBound)
                let first = min(last, file.lineIndex(of: headStart[end] ?? suppression.comment.lowerBound))
                suppression.scope = .lines(first...last)
            }
            suppressions.append(suppression)
        }
    }

    /// Reads one comment: nil when it is no suppression (or a broken one, reported).
    private mutating func scan(_ comment: Range<Int>, in file: SourceFile, firstCode: Int?) -> (Suppression, Anchor)? {
        let bytes = file.bytes
        var i = comment.lowerBound + 2 // after `//`
        while i < comment.upperBound, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        let directive = Self.directive
        guard comment.upperBound - i >= directive.count, bytes[i..<(i + directive.count)].elementsEqual(directive) else { return nil }
        let start = i
        i += directive.count
        var isFile = false
        if i < comment.upperBound, bytes[i] == UInt8(ascii: "-") {
            var end = i + 1
            while end < comment.upperBound, Self.isWordByte(bytes[end]) || bytes[end] == UInt8(ascii: "-") { end += 1 }
            let suffix = file.text(i..<end)
            guard suffix == "-file" else {
                report(SourceSpan(file: file.id, start..<end),
                       "`cardc:ignore\(suffix)` is not a suppression: write `cardc:ignore CODE` (this line or the next) or `cardc:ignore-file CODE`")
                return nil
            }
            isFile = true
            i = end
        }
        // `cardc:ignored …` is prose, not a directive.
        if i < comment.upperBound, bytes[i] != 0x20 && bytes[i] != 0x09 && bytes[i] != UInt8(ascii: ",") { return nil }
        let directiveSpan = SourceSpan(file: file.id, start..<i)
        let lineStart = file.lineStart(file.lineIndex(of: comment.lowerBound))
        var codeEnd = comment.lowerBound
        while codeEnd > lineStart, bytes[codeEnd - 1] == 0x20 || bytes[codeEnd - 1] == 0x09 { codeEnd -= 1 }
        let isTrailing = codeEnd > lineStart
        let anchor: Anchor
        if isFile {
            if let firstCode, firstCode < comment.lowerBound {
                report(directiveSpan, "`cardc:ignore-file` must come before the file's first declaration: it is ignored here")
                return nil
            }
            anchor = .file
        } else if isTrailing {
            anchor = .trailing(codeEnd)
        } else {
            anchor = .leading(Self.nextCode(in: bytes, from: comment.upperBound))
        }
        // The codes, separated by spaces or commas.
        var codes: [(code: DiagnosticCode, range: Range<Int>)] = []
        let problemsBefore = problems.count
        while i < comment.upperBound {
            while i < comment.upperBound, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == UInt8(ascii: ",") { i += 1 }
            guard i < comment.upperBound else { break }
            var end = i
            while end < comment.upperBound, bytes[end] != 0x20 && bytes[end] != 0x09 && bytes[end] != UInt8(ascii: ",") { end += 1 }
            let word = file.text(i..<end)
            // A reason (`-- why`) or another comment (`// expect: …`) ends the codes.
            if word.hasPrefix("--") || word.hasPrefix("//") { break }
            let span = SourceSpan(file: file.id, i..<end)
            if let code = DiagnosticCode(rawValue: word) {
                if code.severity == .error {
                    report(span, "\(code.rawValue) is an error, and errors cannot be suppressed: fix it")
                } else if code == .w901 {
                    report(span, "W901 cannot be suppressed in the source; turn it off in cardc.json (`\"diagnostics\": { \"W901\": \"off\" }`)")
                } else {
                    codes.append((code, i..<end))
                }
            } else {
                let warnings = DiagnosticCode.allCases.filter { $0.severity == .warning && $0 != .w901 }.map(\.rawValue)
                var diagnostic = Diagnostic(.w901, "`\(word)` is not a warning's code, so it suppresses nothing", at: span)
                if let suggestion = NameSuggester.suggestion(for: word, among: warnings) {
                    diagnostic.notes = [.help("did you mean `\(suggestion)`?")]
                    diagnostic.fixIts = [FixIt(span, suggestion)]
                } else {
                    diagnostic.notes = [.help("name a warning's code, such as `W104` (`cardc explain --list` lists them)")]
                }
                problems.append(diagnostic)
            }
            i = end
        }
        guard !codes.isEmpty else {
            if problems.count == problemsBefore { report(directiveSpan, "a suppression names the warnings it silences: `// cardc:ignore W104`") }
            return nil
        }
        return (Suppression(scope: .nothing, comment: comment, isTrailing: isTrailing, codes: codes), anchor)
    }

    private mutating func report(_ span: SourceSpan, _ message: String) {
        problems.append(Diagnostic(.w901, message, at: span))
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F
    }

    /// The offset of the first byte of code at or after `offset`: not white space, not in a
    /// `//` comment or a `/* */` comment (nested, as the lexer reads them). Nil at the end.
    static func nextCode(in bytes: [UInt8], from offset: Int) -> Int? {
        var i = offset
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                i += 1
            } else if byte == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
            } else if byte == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                var depth = 0
                while i < bytes.count {
                    if bytes[i] == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                        depth += 1; i += 2
                    } else if bytes[i] == UInt8(ascii: "*"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                        depth -= 1; i += 2
                        if depth == 0 { break }
                    } else {
                        i += 1
                    }
                }
            } else {
                return i
            }
        }
        return nil
    }
}

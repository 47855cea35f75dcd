import CardDiagnostics
import CardModel
import CardSyntax

/// Where a cursor stands in the construct being typed, worked out from the tokens before it —
/// not from the syntax tree, which half-typed text (`text(style: .`) leaves broken. The
/// enclosing top-level declaration's text up to the cursor is lexed, its brackets matched,
/// and each open bracket classified by the tokens before it (`card Name: traits {`,
/// `hstack(…) {`, `label: [`). Completion and signature help read it.
public struct CursorContext {
    /// What declares a block.
    public enum Declaration: Equatable, Sendable {
        case card(String)
        case stack(name: String, kind: String?)
        case theme(String)
        case state(String)
    }

    /// What an open `{` belongs to.
    public enum Block: Equatable, Sendable {
        case declaration(Declaration)
        /// A part's or structural node's block (`hstack { … }`, `model { … }`, `cell { … }`).
        case node(String)
    }

    /// The call whose argument list holds the cursor.
    public struct Call: Equatable, Sendable {
        /// The name before `(`, without a leading dot for an enum case with arguments.
        public var name: String
        public var role: CallRole
        /// The labels written before the cursor.
        public var givenLabels: [String]
        /// The cursor's argument: its index, and its label when one is written before it.
        public var argumentIndex: Int
        public var label: String?
        /// The byte offset of the name and of the `(`.
        public var nameStart: Int
        public var openParen: Int
    }

    public enum CallRole: Equatable, Sendable {
        /// A part or structural node in a block.
        case part
        /// A trait in a card's conformance list.
        case trait
        /// A stack kind in a stack's conformance list.
        case stackKind
        /// A call inside a value: a constructor (`size(…)`), an action (`push(…)`), an enum
        /// case with arguments (`.custom(…)`), or a record (`(…)`, empty name).
        case value(enumCase: Bool)

        /// The parameter lists a call in this role named `name` may take, from the catalog (a
        /// value constructor has several; an enum case's arguments are not the catalog's).
        public func overloads(ofCallNamed name: String) -> [[Parameter]] {
            switch self {
            case .part: return [Catalog.part(named: name)?.parameters ?? []]
            case .trait: return [Catalog.trait(named: name)?.parameters ?? []]
            case .stackKind: return [Catalog.stackKind(named: name)?.arguments ?? []]
            case .value(let enumCase):
                if enumCase { return [] }
                if let action = Catalog.builtInAction(named: name) { return [action.parameters] }
                return Catalog.valueConstructor(named: name)?.overloads ?? []
            }
        }
    }

    /// What is being completed.
    public enum Site: Equatable, Sendable {
        /// Inside a comment, a string or a number, or after something complete.
        case none
        /// At the start of a top-level item.
        case topLevel
        /// A conformance of `declaration`: after `card Name:` or a comma.
        case conformance(Declaration)
        /// At the start of an item in a block.
        case blockItem(Block)
        /// A label (or the first, positional, value) in the argument list of `call`.
        case argument(Call)
        /// The value of `label:` in `call`'s arguments (`inList`: an element of a list there).
        case argumentValue(Call, label: String?, inList: Bool)
        /// The value of `label:` written as a property in a block.
        case propertyValue(Block, label: String, inList: Bool)
        /// The name after `state` in a card.
        case stateName
    }

    public var site: Site
    /// The bytes the completion replaces: the name (with its `$` or `.`) being typed.
    public var replacing: Range<Int>
    /// The text typed so far in `replacing`.
    public var prefix: String
    /// The blocks around the cursor, outermost first.
    public var blocks: [Block]
    /// The rows field of the innermost table or collection whose `cell` holds the cursor
    /// (`table(rows: $transactions)` → `transactions`).
    public var rowsField: String?
    /// The call whose arguments hold the cursor, innermost, even where `site` is a value.
    public var call: Call?

    /// The card whose declaration holds the cursor, if any.
    public var cardName: String? {
        for case .declaration(.card(let name)) in blocks { return name }
        return nil
    }

    /// The innermost block.
    public var block: Block? { blocks.last }

    /// Works out the context at `offset` in `file`, lexing from `windowStart` (a top-level
    /// declaration's start, or any earlier token start).
    public init(file: SourceFile, windowStart: Int, offset: Int) {
        let offset = min(max(offset, 0), file.bytes.count)
        let start = min(max(windowStart, 0), offset)
        let window = SourceFile(id: file.id, path: file.path, bytes: Array(file.bytes[start..<offset]))
        let lexed = Lexer.tokenize(window)
        self.init(lexed: lexed, bytes: window.bytes, base: start)
    }

    /// The context at `offset` of a snapshot's document.
    public init(snapshot: Snapshot, offset: Int) {
        // From the last top-level item starting before the cursor: the declaration around it,
        // or the one it follows (`card A: ` with the cursor past the colon lies outside it).
        let tree = snapshot.tree
        var windowStart = offset
        for item in tree.children(tree.root) {
            let start = tree.range(item).lowerBound
            if start > offset { break }
            windowStart = start
        }
        self.init(file: snapshot.file, windowStart: windowStart, offset: offset)
    }

    private init(lexed: LexedFile, bytes: [UInt8], base: Int) {
        let tokens = lexed.tokens
        let end = bytes.count
        var count = tokens.count
        if count > 0 && tokens.kind(count - 1) == .endOfFile { count -= 1 }
        site = .none
        replacing = base + end..<base + end
        prefix = ""
        blocks = []
        rowsField = nil
        call = nil

        // Inside a comment, or an unterminated string or comment running to the cursor.
        if let last = lexed.comments.last, last.end >= end, last.start < end { return }
        if lexed.unterminatedAtEnd { return }

        // The name being typed: a token ending at the cursor, or a lone `$` or `.` before it.
        var prefixIndex: Int?
        if count > 0, tokens.end(count - 1) == end {
            let kind = tokens.kind(count - 1)
            if kind == .string || kind == .multilineString || kind == .integer || kind == .double || kind == .color { return }
            if kind.isIdentifierLike || kind == .binding || kind == .enumCase {
                prefixIndex = count - 1
            }
        }
        var scanEnd = count
        if let prefixIndex {
            scanEnd = prefixIndex
            let range = tokens.range(prefixIndex)
            replacing = base + range.lowerBound..<base + end
            prefix = String(decoding: bytes[range], as: UTF8.self)
        } else if end > 0, bytes[end - 1] == UInt8(ascii: "$") || bytes[end - 1] == UInt8(ascii: ".") {
            var start = end - 1
            // `$item.`: the binding before the dot is part of the name.
            if bytes[end - 1] == UInt8(ascii: "."), count > 0, tokens.end(count - 1) == end - 1, tokens.kind(count - 1) == .binding {
                start = tokens.start(count - 1)
                scanEnd = count - 1
            }
            replacing = base + start..<base + end
            prefix = String(decoding: bytes[start..<end], as: UTF8.self)
        }

        // Match brackets up to the name being typed.
        var open: [Int] = []
        var matching: [Int: Int] = [:] // a closer's index → its opener's
        var closers: [Int: Int] = [:] // an opener's index → its closer's
        for i in 0..<scanEnd {
            switch tokens.kind(i) {
            case .leftBrace, .leftParen, .leftBracket:
                open.append(i)
            case .rightBrace, .rightParen, .rightBracket:
                let opener = Self.opener(of: tokens.kind(i))
                // A stray closer closes up to its own kind (recovery, as the parser does).
                if let at = open.lastIndex(where: { tokens.kind($0) == opener }) {
                    matching[i] = open[at]
                    closers[open[at]] = i
                    open.removeSubrange(at...)
                }
            default:
                break
            }
        }
        let reader = TokenReader(tokens: tokens, bytes: bytes, matching: matching, closers: closers)

        // Classify the open brackets, outermost first.
        var blocks: [Block] = []
        var calls: [(Call, Int)] = [] // with the index of its `(`
        var rowsField: String?
        for (depth, i) in open.enumerated() {
            switch tokens.kind(i) {
            case .leftBrace:
                guard let block = reader.block(openedAt: i) else { continue }
                blocks.append(block)
                if case .node(let name) = block, name == "cell" || Catalog.part(named: name)?.children.isCellTemplate == true {
                    // `cell` inside `table(rows: $x) { cell { … } }`: the table's rows.
                    if name != "cell", let rows = reader.rowsField(ofNodeBlockAt: i) { rowsField = rows }
                }
            case .leftParen:
                let parentIsBlock = depth == 0 || tokens.kind(open[depth - 1]) == .leftBrace
                let closeIndex = depth + 1 < open.count ? open[depth + 1] : scanEnd
                if let call = reader.call(openedAt: i, parentIsBlock: parentIsBlock, until: closeIndex, base: base) {
                    calls.append((call, i))
                }
            default:
                break
            }
        }
        self.blocks = blocks
        self.rowsField = rowsField
        self.call = calls.last?.0

        // The innermost bracket decides the site.
        let innermost = open.last
        let segmentStart = innermost.map { $0 + 1 } ?? 0
        // The tokens of the current item or argument, at the innermost depth.
        var segment: [Int] = []
        var k = segmentStart
        while k < scanEnd {
            if let close = closers[k], close < scanEnd {
                segment.append(k)
                k = close + 1
                continue
            }
            segment.append(k)
            k += 1
        }
        // The cursor's item starts after the last separator at this depth.
        func lastItem(separators: Set<TokenKind>, lineBreaks: Bool) -> [Int] {
            var item: [Int] = []
            for index in segment {
                if separators.contains(tokens.kind(index)) { item = []; continue }
                if lineBreaks && tokens.startsLine(index) { item = [] }
                item.append(index)
            }
            return item
        }
        let cursorStartsLine: Bool = {
            // A line break between the last token and the cursor (or the name being typed).
            let from = scanEnd > 0 ? tokens.end(scanEnd - 1) : 0
            let to = prefixIndex.map { tokens.start($0) } ?? (replacing.lowerBound - base)
            return from < to && LineBreak.occurs(in: bytes, from..<to) || scanEnd == 0
        }()

        guard let innermost else {
            // Top level: `card Name: a, b` before the `{`, or the start of a declaration.
            let item = lastItem(separators: [.semicolon, .rightBrace], lineBreaks: false)
            if let declaration = reader.conformanceDeclaration(item: item), !cursorStartsLine || item.last.map({ tokens.kind($0) == .comma || tokens.kind($0) == .colon }) == true {
                site = .conformance(declaration)
            } else if item.isEmpty || cursorStartsLine {
                site = .topLevel
            }
            return
        }
        switch tokens.kind(innermost) {
        case .leftBrace:
            guard let block = blocks.last else { return }
            let item = lastItem(separators: [.semicolon], lineBreaks: true)
            if item.isEmpty || cursorStartsLine {
                site = .blockItem(block)
            } else if item.count >= 2, tokens.kind(item[1]) == .colon, tokens.kind(item[0]).isIdentifierLike {
                if item.count == 2 {
                    site = .propertyValue(block, label: reader.text(item[0]), inList: false)
                }
            } else if item.count == 1, tokens.kind(item[0]) == .keywordState, case .declaration(.card) = block {
                site = .stateName
            }
        case .leftParen:
            guard let current = calls.last, calls.last?.1 == innermost else { return }
            let item = lastItem(separators: [.comma], lineBreaks: false)
            if item.isEmpty {
                site = .argument(current.0)
            } else if item.count == 2, tokens.kind(item[1]) == .colon, tokens.kind(item[0]).isIdentifierLike {
                site = .argumentValue(current.0, label: reader.text(item[0]), inList: false)
            }
        case .leftBracket:
            // A list: its label is the one before `[` in the enclosing call or block.
            guard innermost >= 2, tokens.kind(innermost - 1) == .colon, tokens.kind(innermost - 2).isIdentifierLike else { return }
            let item = lastItem(separators: [.comma], lineBreaks: false)
            guard item.isEmpty else { return }
            let label = reader.text(innermost - 2)
            let parent = open.count >= 2 ? open[open.count - 2] : nil
            if let parent, tokens.kind(parent) == .leftParen, let current = calls.last, current.1 == parent {
                site = .argumentValue(current.0, label: label, inList: true)
            } else if let parent, tokens.kind(parent) == .leftBrace, let block = blocks.last {
                site = .propertyValue(block, label: label, inList: true)
            }
        default:
            break
        }
    }

    static func opener(of closer: TokenKind) -> TokenKind {
        switch closer {
        case .rightBrace: .leftBrace
        case .rightParen: .leftParen
        default: .leftBracket
        }
    }
}


/// Reads declarations and calls backwards from brackets in a window's tokens.
private struct TokenReader {
    let tokens: TokenList
    let bytes: [UInt8]
    /// A closer's index → its opener's, and back.
    let matching: [Int: Int]
    let closers: [Int: Int]

    func text(_ i: Int) -> String { String(decoding: bytes[tokens.range(i)], as: UTF8.self) }

    func isKeyword(_ i: Int) -> Bool {
        switch tokens.kind(i) {
        case .keywordCard, .keywordStack, .keywordTheme, .keywordState: true
        default: false
        }
    }

    /// The start of the item ending at `end` (a name, or a name and its argument list), or nil.
    func itemStart(endingAt end: Int) -> Int? {
        guard end >= 0 else { return nil }
        if tokens.kind(end) == .rightParen, let opener = matching[end] {
            return opener >= 1 && tokens.kind(opener - 1).isIdentifierLike ? opener - 1 : nil
        }
        return tokens.kind(end).isIdentifierLike ? end : nil
    }

    /// The declaration whose conformance list ends at `end` (`card A: x, y(…)`), if any.
    /// Returns the declaration and the index of the first conformance.
    func declarationBefore(conformancesEndingAt end: Int) -> (Declaration: CursorContext.Declaration, first: Int)? {
        var k = end
        var first = end + 1
        while k >= 0 {
            if tokens.kind(k) == .colon {
                guard k >= 2, isKeyword(k - 2), tokens.kind(k - 1).isIdentifierLike else { return nil }
                let name = text(k - 1)
                let kind = first < tokens.count && first <= end ? text(first) : nil
                return (declaration(keyword: k - 2, name: name, kind: kind), first)
            }
            guard let start = itemStart(endingAt: k) else { return nil }
            first = start
            k = start - 1
            if k >= 0 && tokens.kind(k) == .comma { k -= 1; continue }
            guard k >= 0, tokens.kind(k) == .colon else { return nil }
        }
        return nil
    }

    func declaration(keyword: Int, name: String, kind: String?) -> CursorContext.Declaration {
        switch tokens.kind(keyword) {
        case .keywordCard: .card(name)
        case .keywordStack: .stack(name: name, kind: kind)
        case .keywordTheme: .theme(name)
        default: .state(name)
        }
    }

    /// The block an `{` at `i` opens.
    func block(openedAt i: Int) -> CursorContext.Block? {
        guard i >= 1 else { return nil }
        let before = i - 1
        // `card Name {`, `state name {`
        if tokens.kind(before).isIdentifierLike, before >= 1, isKeyword(before - 1) {
            return .declaration(declaration(keyword: before - 1, name: text(before), kind: nil))
        }
        if let (declaration, _) = declarationBefore(conformancesEndingAt: before) { return .declaration(declaration) }
        guard let start = itemStart(endingAt: before) else { return nil }
        return .node(text(start))
    }

    /// For `table(rows: $x) {` with its `{` at `i`: `x`.
    func rowsField(ofNodeBlockAt i: Int) -> String? {
        guard i >= 1, tokens.kind(i - 1) == .rightParen, let opener = matching[i - 1] else { return nil }
        for k in opener + 1..<(i - 1) where tokens.kind(k) == .binding {
            let path = text(k).dropFirst().split(separator: ".")
            if path.count == 1 { return String(path[0]) }
        }
        return nil
    }

    /// The declaration a top-level item's conformance list belongs to, when the item is one
    /// (`card A:` or `card A: x,` … with the cursor after the colon or a comma).
    func conformanceDeclaration(item: [Int]) -> CursorContext.Declaration? {
        guard let last = item.last else { return nil }
        if tokens.kind(last) == .colon {
            guard last >= 2, isKeyword(last - 2) else { return nil }
            return declaration(keyword: last - 2, name: text(last - 1), kind: nil)
        }
        if tokens.kind(last) == .comma {
            return declarationBefore(conformancesEndingAt: last - 1)?.0
        }
        return nil
    }

    /// The call a `(` at `i` opens, with the labels written in it before `limit`.
    func call(openedAt i: Int, parentIsBlock: Bool, until limit: Int, base: Int) -> CursorContext.Call? {
        var name = ""
        var nameStart = base + tokens.start(i)
        var enumCase = false
        var role: CursorContext.CallRole = .value(enumCase: false)
        if i >= 1 {
            let before = i - 1
            if tokens.kind(before).isIdentifierLike {
                name = text(before)
                nameStart = base + tokens.start(before)
                if before >= 1, tokens.kind(before - 1) == .colon || tokens.kind(before - 1) == .comma,
                   let (declaration, _) = declarationBefore(conformancesEndingAt: before) {
                    switch declaration {
                    case .card: role = .trait
                    case .stack: role = .stackKind
                    default: role = .value(enumCase: false)
                    }
                } else if parentIsBlock && !(before >= 1 && tokens.kind(before - 1) == .colon) {
                    role = .part
                }
            } else if tokens.kind(before) == .enumCase {
                name = String(text(before).dropFirst())
                nameStart = base + tokens.start(before)
                enumCase = true
                role = .value(enumCase: true)
            }
        }
        if case .value = role { role = .value(enumCase: enumCase) }
        // The labels and the cursor's argument.
        var labels: [String] = []
        var index = 0
        var currentLabel: String?
        var k = i + 1
        var itemStart = true
        while k < limit {
            let kind = tokens.kind(k)
            if kind == .comma { index += 1; currentLabel = nil; itemStart = true; k += 1; continue }
            if itemStart, kind.isIdentifierLike, k + 1 < limit, tokens.kind(k + 1) == .colon {
                labels.append(text(k))
                currentLabel = text(k)
            }
            itemStart = false
            if let close = closers[k], close < limit { k = close + 1; continue }
            k += 1
        }
        return CursorContext.Call(name: name, role: role, givenLabels: labels, argumentIndex: index, label: currentLabel,
                                  nameStart: nameStart, openParen: base + tokens.start(i))
    }
}

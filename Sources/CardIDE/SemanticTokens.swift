import CardDiagnostics
import CardModel
import CardSyntax

/// The token types semantic highlighting uses, in the order of the legend an editor gets.
public enum SemanticTokenType: Int, CaseIterable, Sendable {
    case namespace, type, `class`, `enum`, interface, `struct`, parameter, variable, property, enumMember
    case function, method, keyword, comment, string, number

    /// The protocol's name for the type.
    public var name: String {
        switch self {
        case .class: "class"
        case .enum: "enum"
        case .struct: "struct"
        default: String(describing: self)
        }
    }
}

/// Modifiers, as bits in legend order.
public struct SemanticTokenModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let declaration = SemanticTokenModifiers(rawValue: 1)
    public static let documentation = SemanticTokenModifiers(rawValue: 2)
    /// A name the language's catalog defines (parts, traits, stack kinds, named colors…).
    public static let defaultLibrary = SemanticTokenModifiers(rawValue: 4)
    public static let names = ["declaration", "documentation", "defaultLibrary"]
}

/// One highlighted range (possibly over several lines: a multi-line string or comment).
/// Stored in 12 bytes (a 10 MB deck has over a million tokens): offsets as `UInt32` (clamped:
/// 4 GiB is far past any document an editor sends), the type and modifiers as bytes.
public struct SemanticToken: Hashable, Sendable {
    private var start: UInt32
    private var end: UInt32
    private var typeCode: UInt8
    private var modifierBits: UInt8

    public init(range: Range<Int>, type: SemanticTokenType, modifiers: SemanticTokenModifiers) {
        start = UInt32(clamping: range.lowerBound)
        end = UInt32(clamping: range.upperBound)
        typeCode = UInt8(truncatingIfNeeded: type.rawValue)
        modifierBits = UInt8(truncatingIfNeeded: modifiers.rawValue)
    }

    public var range: Range<Int> { Int(start)..<Int(end) }
    public var type: SemanticTokenType { SemanticTokenType(rawValue: Int(typeCode)) ?? .variable }
    public var modifiers: SemanticTokenModifiers { SemanticTokenModifiers(rawValue: Int(modifierBits)) }
}

extension Snapshot {
    /// Every name, literal, keyword and comment of the document, classified by what it means
    /// where it stands (a part, a trait, a card reference, an argument label…), in order.
    public func semanticTokens() -> [SemanticToken] {
        var tokens: [SemanticToken] = []
        let resolver = NodeResolver(tree: tree)
        for comment in tree.comments {
            tokens.append(SemanticToken(range: comment.start..<comment.end, type: .comment,
                                        modifiers: comment.kind == .doc ? .documentation : []))
        }
        // A pre-order walk keeping the path from the root, for the resolver.
        var path: [NodeID] = []
        var ends: [Int] = [] // each path node's subtree end index
        let count = tree.nodes.count
        var index = 0
        while index < count {
            let node = NodeID(Int32(truncatingIfNeeded: index))
            while let end = ends.last, end <= index { ends.removeLast(); path.removeLast() }
            path.append(node)
            ends.append(Int(tree.next(after: node).index))
            index += 1
            let kind = tree.kind(node)
            if kind.isDeclaration || kind == .importDecl {
                let keyword = tree.firstToken(node)
                if keyword.kind != .identifier && keyword.kind.isIdentifierLike {
                    tokens.append(SemanticToken(range: keyword.range, type: .keyword, modifiers: []))
                }
            }
            guard let token = tree.mainToken(node) else { continue }
            if let (type, modifiers) = classify(node, kind: kind, path: path, resolver: resolver) {
                tokens.append(SemanticToken(range: token.range, type: type, modifiers: modifiers))
            }
        }
        // In place: a copy of a 10 MB deck's tokens is tens of megabytes.
        tokens.sort { $0.range.lowerBound < $1.range.lowerBound }
        return tokens
    }

    private func classify(_ node: NodeID, kind: NodeKind, path: [NodeID], resolver: NodeResolver)
        -> (SemanticTokenType, SemanticTokenModifiers)? {
        switch kind {
        case .importDecl, .string: return (.string, [])
        case .number, .color: return (.number, [])
        case .boolean: return (.keyword, [])
        case .binding: return (.variable, [])
        case .argument: return (.parameter, [])
        default: break
        }
        switch resolver.meaning(of: path) {
        case .card(_, let declaration): return (.class, declaration ? .declaration : [])
        case .stack: return (.struct, .declaration)
        case .theme(_, let declaration): return (.namespace, declaration ? .declaration : [])
        case .state: return (.enumMember, kind == .stateDecl ? .declaration : [])
        case .part(let spec): return spec.category == .structural ? (.keyword, []) : (.function, .defaultLibrary)
        case .trait: return (.interface, .defaultLibrary)
        case .stackKind: return (.type, .defaultLibrary)
        case .parameter, .cardProperty, .themeProperty: return (.property, [])
        case .modelField: return (.property, .declaration)
        case .enumCase: return (.enumMember, [])
        case .namedColor: return (.enumMember, .defaultLibrary)
        case .builtInAction, .constructor: return (.function, .defaultLibrary)
        case .actionMethod: return (.method, [])
        case .binding: return (.variable, [])
        case .importPath: return (.string, [])
        case .unknown: return nil
        }
    }
}

/// A range an editor can fold.
public struct FoldingRegion: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case region, comment, imports }
    public var range: Range<Int>
    public var kind: Kind
}

extension Snapshot {
    /// Blocks, lists, records and argument lists over several lines, runs of comments and of
    /// imports, and multi-line strings.
    public func foldingRanges() -> [FoldingRegion] {
        var regions: [FoldingRegion] = []
        let bytes = file.bytes
        func spansLines(_ range: Range<Int>) -> Bool {
            let upper = min(range.upperBound, bytes.count)
            let lower = min(range.lowerBound, upper)
            return LineBreak.occurs(in: bytes, lower..<upper)
        }
        var imports: Range<Int>?
        for top in tree.children(tree.root) where tree.kind(top) == .importDecl {
            let range = tree.range(top)
            imports = imports.map { $0.lowerBound..<range.upperBound } ?? range
        }
        if let imports, spansLines(imports) { regions.append(FoldingRegion(range: imports, kind: .imports)) }
        for node in tree.descendants(tree.root) {
            switch tree.kind(node) {
            case .block, .list, .record:
                let range = tree.range(node)
                if spansLines(range) { regions.append(FoldingRegion(range: range, kind: .region)) }
            case .node, .call, .conformanceList:
                // The argument list: from the first argument to the last.
                let arguments = tree.kind(node) == .conformanceList ? Array(tree.children(node)) : tree.arguments(node)
                if let first = arguments.first, let last = arguments.last {
                    let range = tree.range(first).lowerBound..<tree.range(last).upperBound
                    if spansLines(range) { regions.append(FoldingRegion(range: range, kind: .region)) }
                }
            case .string:
                let range = tree.range(node)
                if spansLines(range) { regions.append(FoldingRegion(range: range, kind: .region)) }
            default:
                break
            }
        }
        // Comments: a block comment over several lines, or consecutive line comments.
        var run: Range<Int>?
        var lastLineComment: Comment?
        func flush() {
            if let current = run, spansLines(current) { regions.append(FoldingRegion(range: current, kind: .comment)) }
            run = nil
        }
        for comment in tree.comments {
            let range = comment.start..<comment.end
            if comment.kind == .block {
                flush()
                if spansLines(range) { regions.append(FoldingRegion(range: range, kind: .comment)) }
                lastLineComment = nil
                continue
            }
            if let previous = lastLineComment, let current = run,
               Self.onlyBlanks(bytes, previous.end..<comment.start), LineBreak.count(in: bytes, previous.end..<comment.start) == 1 {
                run = current.lowerBound..<comment.end
            } else {
                flush()
                run = range
            }
            lastLineComment = comment
        }
        flush()
        return regions.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
    }

    static func onlyBlanks(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        bytes[range].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
    }
}

/// An import's path, linked to the file it loads.
public struct DocumentLink: Hashable, Sendable {
    /// The path's text between the quotes.
    public var range: Range<Int>
    /// The canonical path of the file.
    public var target: String
}

/// A type shown after a binding.
public struct InlayHint: Hashable, Sendable {
    /// Where it goes (just after the binding).
    public var offset: Int
    /// `: Double`.
    public var label: String
}

extension Snapshot {
    /// The imports of the document that loaded a file.
    public func documentLinks() -> [DocumentLink] {
        guard let entry = result.files[fileID] else { return [] }
        return entry.imports.compactMap { node, imported in
            guard let token = tree.mainToken(node), let target = path(of: imported) else { return nil }
            let range = token.range
            let inner = range.count >= 2 ? range.lowerBound + 1..<range.upperBound - 1 : range
            return DocumentLink(range: inner, target: target)
        }
    }

    /// The inferred type of every binding in `range` of the document (`$spent` → `: Double`):
    /// a model field's type as its uses and default settle it, a row field's from its use.
    public func inlayHints(in range: Range<Int>) -> [InlayHint] {
        var hints: [InlayHint] = []
        var seen = Set<Int>()
        for declaration in tree.children(tree.root) where tree.kind(declaration) == .cardDecl {
            let declared = tree.range(declaration)
            guard declared.lowerBound <= range.upperBound && range.lowerBound <= declared.upperBound,
                  let card = card(declaredBy: declaration) else { continue }
            var bindings: [Binding] = []
            var walker = ModelWalker(binding: { binding, _ in bindings.append(binding) }, push: { _ in })
            walker.walk(card)
            for binding in bindings where binding.span.file == fileID && range.contains(binding.span.start) {
                guard seen.insert(binding.span.start).inserted else { continue }
                var type = binding.type
                if !binding.isRowField, binding.path.count == 1, let field = card.field(named: binding.path[0]) { type = field.type }
                hints.append(InlayHint(offset: binding.span.end, label: ": \(type)"))
            }
        }
        return hints.sorted { $0.offset < $1.offset }
    }
}

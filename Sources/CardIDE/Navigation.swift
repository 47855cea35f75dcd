import CardModel
import CardSyntax

/// Why a rename cannot be done.
public struct RenameError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// A symbol that can be renamed at a position: the range of its name there and the name.
public struct RenameTarget: Hashable, Sendable {
    public var range: Range<Int>
    public var placeholder: String
    public var symbol: SymbolID
}

extension Snapshot {
    /// The occurrence of a name at `offset` in the document.
    public func occurrence(at offset: Int) -> (Occurrence, Symbol)? {
        guard let occurrence = index.occurrence(at: offset, inPath: path) else { return nil }
        return (occurrence, index.symbols[occurrence.symbol])
    }

    /// Where the name at `offset` is declared: a card, stack or theme declaration, a model
    /// field (or the row label of `$item.field`), the file an import names.
    public func definition(at offset: Int) -> [Location] {
        guard let (_, symbol) = occurrence(at: offset), let declaration = symbol.declaration else { return [] }
        return [declaration]
    }

    /// Every place the name at `offset` is written, in this unit and in `others` (the other
    /// open documents' snapshots), sorted, each once.
    public func references(at offset: Int, includeDeclaration: Bool, others: [Snapshot] = []) -> [Location] {
        guard let (_, symbol) = occurrence(at: offset) else { return [] }
        return Self.occurrences(of: symbol.id, in: [self] + others)
            .filter { includeDeclaration || !$0.isDeclaration }
            .map(\.location)
    }

    /// The occurrences of `id` in every snapshot, each location once, sorted.
    static func occurrences(of id: SymbolID, in snapshots: [Snapshot]) -> [Occurrence] {
        var seen = Set<Location>()
        var all: [Occurrence] = []
        for snapshot in snapshots {
            for occurrence in snapshot.index.occurrences(of: id) where seen.insert(occurrence.location).inserted {
                all.append(occurrence)
            }
        }
        return all.sorted { $0.location < $1.location }
    }

    /// What a rename at `offset` would rename: a card, stack, theme, model field or row field
    /// with a declaration in the deck (built-in themes cannot be renamed).
    public func prepareRename(at offset: Int) -> RenameTarget? {
        guard let (occurrence, symbol) = occurrence(at: offset), symbol.kind != .file, symbol.kind != .row else { return nil }
        if symbol.kind == .theme && symbol.declaration == nil { return nil }
        return RenameTarget(range: occurrence.location.range, placeholder: symbol.name, symbol: symbol.id)
    }

    /// The edits renaming the symbol at `offset` to `newName`, in this unit and in `others`.
    public func rename(at offset: Int, to newName: String, others: [Snapshot] = []) -> Result<[FileEdit], RenameError> {
        guard let target = prepareRename(at: offset), let symbol = index.symbol(target.symbol) else {
            return .failure(RenameError(message: "there is no card, stack, theme or model field here to rename"))
        }
        guard Self.isIdentifier(newName) else {
            return .failure(RenameError(message: "`\(newName)` is not a name: use letters, digits and `_`, not starting with a digit"))
        }
        if Self.keywords.contains(newName) {
            return .failure(RenameError(message: "`\(newName)` is a keyword"))
        }
        if newName == symbol.name { return .success([]) }
        if let conflict = conflict(renaming: symbol, to: newName) { return .failure(RenameError(message: conflict)) }
        // Every unit that sees the symbol must take the new name: an importer may declare it.
        for other in others {
            guard let seen = other.index.symbol(symbol.id), let conflict = other.conflict(renaming: seen, to: newName) else { continue }
            return .failure(RenameError(message: conflict + " in the unit of " + Workspace.shown(other.path)))
        }
        let edits = Self.occurrences(of: symbol.id, in: [self] + others).map { FileEdit(location: $0.location, newText: newName) }
        return .success(edits)
    }

    /// Why `newName` would clash with an existing name of the same kind, if it would.
    func conflict(renaming symbol: Symbol, to newName: String) -> String? {
        guard let deck else { return nil }
        switch symbol.kind {
        case .card:
            if deck.cards.position(named: newName) != nil { return "a card named `\(newName)` already exists" }
            if Catalog.part(named: newName) != nil { return "`\(newName)` is a part: a stack would read it as one" }
        case .theme:
            if deck.theme(named: newName) != nil || Catalog.builtInTheme(named: newName) != nil { return "a theme named `\(newName)` already exists" }
        case .stack:
            if deck.stack(named: newName) != nil { return "a stack named `\(newName)` already exists" }
        case .modelField:
            if newName == Catalog.stateFieldName { return "`\(newName)` is the card's state field" }
            if let card = symbol.container.flatMap(deck.card(named:)), card.field(named: newName) != nil {
                return "card `\(card.name)` already has a field `\(newName)`"
            }
        case .rowField, .row, .file:
            break
        }
        return nil
    }

    static let keywords: Set<String> = ["card", "stack", "theme", "state", "import", "true", "false"]

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "_") || (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z") else { return false }
        return text.utf8.allSatisfy { b in b == UInt8(ascii: "_") || (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") || b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    }
}

/// An outline entry of a document.
public struct DocumentSymbol: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case card, stack, theme, state, modelField }
    public var name: String
    public var detail: String?
    public var kind: Kind
    /// The whole declaration, and its name.
    public var range: Range<Int>
    public var selectionRange: Range<Int>
    public var children: [DocumentSymbol]
}

/// A declaration found by a workspace-wide search.
public struct WorkspaceSymbol: Hashable, Sendable {
    public var name: String
    public var kind: DocumentSymbol.Kind
    public var location: Location
    /// The file's name, or the card of a model field.
    public var container: String?
}

extension Snapshot {
    /// The document's outline: cards (with their states and model fields), stacks and themes.
    public func documentSymbols() -> [DocumentSymbol] {
        Self.symbols(of: tree)
    }

    static func symbols(of tree: SyntaxTree) -> [DocumentSymbol] {
        var symbols: [DocumentSymbol] = []
        for declaration in tree.children(tree.root) {
            guard let name = tree.mainToken(declaration) else { continue }
            let conformances = tree.conformances(declaration).map { tree.name($0) }
            let detail = conformances.isEmpty ? nil : conformances.joined(separator: ", ")
            let range = tree.range(declaration)
            switch tree.kind(declaration) {
            case .cardDecl:
                var children: [DocumentSymbol] = []
                for item in tree.blockItems(declaration) {
                    switch tree.kind(item) {
                    case .stateDecl:
                        if let token = tree.mainToken(item) {
                            children.append(DocumentSymbol(name: tree.text(token), detail: nil, kind: .state, range: tree.range(item),
                                                           selectionRange: token.range, children: []))
                        }
                    case .node where tree.name(item) == "model":
                        for field in tree.blockItems(item) where tree.kind(field) == .property {
                            guard let token = tree.mainToken(field) else { continue }
                            let value = tree.value(field).map { tree.file.text(tree.range($0)) }
                            children.append(DocumentSymbol(name: tree.text(token), detail: value.map { Self.shortened($0) }, kind: .modelField,
                                                           range: tree.range(field), selectionRange: token.range, children: []))
                        }
                    default:
                        break
                    }
                }
                symbols.append(DocumentSymbol(name: tree.text(name), detail: detail, kind: .card, range: range,
                                              selectionRange: name.range, children: children))
            case .stackDecl:
                symbols.append(DocumentSymbol(name: tree.text(name), detail: detail, kind: .stack, range: range,
                                              selectionRange: name.range, children: []))
            case .themeDecl:
                symbols.append(DocumentSymbol(name: tree.text(name), detail: detail, kind: .theme, range: range,
                                              selectionRange: name.range, children: []))
            default:
                break
            }
        }
        return symbols
    }

    static func shortened(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
        return line.count > 40 ? String(line.prefix(39)) + "…" : line + (line.count < text.count ? " …" : "")
    }

    /// The declarations of every file of these snapshots whose name matches `query` (its
    /// characters in order, ignoring case; everything for an empty query), each once.
    public static func workspaceSymbols(matching query: String, in snapshots: [Snapshot], limit: Int = 500) -> [WorkspaceSymbol] {
        var seen = Set<Location>()
        var found: [WorkspaceSymbol] = []
        var visited = Set<String>()
        let needle = Array(query.lowercased().unicodeScalars)
        for snapshot in snapshots {
            for file in snapshot.result.fileSet.files {
                guard let path = snapshot.path(of: file.id), visited.insert(path).inserted, let tree = snapshot.tree(of: file.id) else { continue }
                let fileName = lastComponent(path)
                for symbol in symbols(of: tree) {
                    let entries = [(symbol, fileName)] + symbol.children.filter { $0.kind == .modelField }.map { ($0, symbol.name) }
                    for (entry, container) in entries where matches(entry.name, needle) {
                        let location = Location(path: path, range: entry.selectionRange)
                        guard seen.insert(location).inserted else { continue }
                        found.append(WorkspaceSymbol(name: entry.name, kind: entry.kind, location: location, container: container))
                        if found.count >= limit { return found }
                    }
                }
            }
        }
        return found
    }

    static func matches(_ name: String, _ needle: [Unicode.Scalar]) -> Bool {
        var k = 0
        for scalar in name.lowercased().unicodeScalars where k < needle.count && scalar == needle[k] { k += 1 }
        return k == needle.count
    }
}

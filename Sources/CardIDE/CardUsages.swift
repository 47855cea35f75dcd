import CardSyntax

/// Where a card is shown and from where it is reached: the stacks that list it and the cards
/// whose `push(…)` opens it, in any file of the workspace (an editor's code lens above the card).
public struct CardUsage: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A stack lists the card.
        case stack
        /// A card pushes it.
        case push
    }

    /// The card's name in its declaration, in the document.
    public var card: Range<Int>
    public var kind: Kind
    /// The stack or the pushing card.
    public var name: String
    /// The reference (the card's name in the stack, or in `push(…)`).
    public var location: Location
}

extension Workspace {
    /// The usages of every card `snapshot`'s document declares, ordered by card, then stacks
    /// before pushes, then by place. The files read are those that can see the document's
    /// declarations and may write one of the names, once for all the cards: open documents'
    /// units, and closed files' kept names (checked now when not kept or stale), which a rename
    /// then reuses.
    public func cardUsages(in snapshot: Snapshot) -> WorkspaceAnswer<[CardUsage]> {
        let cards = snapshot.index.symbols.filter { $0.kind == .card && $0.declaration?.path == snapshot.path }
        guard !cards.isEmpty else { return WorkspaceAnswer(value: [], snapshots: [snapshot]) }
        let index = currentIndex()
        let others = allSnapshots().filter { $0 !== snapshot }
        var mayWrite = Set<String>()
        for card in cards { mayWrite.formUnion(index.filesWhoseUnitMayWrite(card.name)) }
        let closed = names(of: index.transitiveImporters(of: snapshot.path).filter(mayWrite.contains), besides: snapshot, others: others)
        let all = [snapshot] + others
        var usages: [CardUsage] = []
        for card in cards {
            guard let declaration = card.declaration else { continue }
            var found: [CardUsage] = []
            var seen = Set<Location>()
            for occurrence in Snapshot.occurrences(of: card.id, in: all) where !occurrence.isDeclaration {
                guard seen.insert(occurrence.location).inserted, let (kind, name) = Self.container(of: occurrence.location, in: all) else { continue }
                found.append(CardUsage(card: declaration.range, kind: kind, name: name, location: occurrence.location))
            }
            for names in closed {
                for occurrence in names.occurrences where occurrence.id == card.id && seen.insert(occurrence.location).inserted {
                    guard let (kind, name) = occurrence.usedBy else { continue }
                    found.append(CardUsage(card: declaration.range, kind: kind, name: name, location: occurrence.location))
                }
            }
            usages += found.sorted { a, b in
                a.kind != b.kind ? a.kind == .stack : a.location < b.location
            }
        }
        return WorkspaceAnswer(value: usages, snapshots: all)
    }

    /// The stack or card declaration around `location`, read from the tree of whichever
    /// snapshot loaded its file.
    static func container(of location: Location, in snapshots: [Snapshot]) -> (kind: CardUsage.Kind, name: String)? {
        for snapshot in snapshots {
            guard let file = snapshot.sourceFile(atPath: location.path), let tree = snapshot.tree(of: file.id) else { continue }
            guard let declaration = SyntaxQuery(tree: tree).topLevelDeclaration(containing: location.range.lowerBound),
                  let name = tree.mainToken(declaration).map(tree.text) else { return nil }
            switch tree.kind(declaration) {
            case .stackDecl: return (.stack, name)
            case .cardDecl: return (.push, name)
            default: return nil
            }
        }
        return nil
    }
}

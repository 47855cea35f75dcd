/// What one closed file's checked unit resolved the names written in that file to: the
/// occurrences of cards, stacks, themes and imported files located in it (model and row fields
/// never leave their card's file, which a rename has open). The workspace keeps them per file
/// from the check that references, `prepareRename` or a rename made, while none of the files
/// they came from changed, so the next question over the same files checks none again.
struct ResolvedNames: Sendable {
    struct NameOccurrence: Sendable {
        var id: SymbolID
        var location: Location
        var isDeclaration: Bool
        /// For a reference to a card, the stack listing it or the card pushing it (a code lens).
        var usedBy: (kind: CardUsage.Kind, name: String)?
    }

    /// The file (canonical path).
    var path: String
    var occurrences: [NameOccurrence]
    /// The workspace revision of the check, the files it read (the checked unit's and the
    /// project's `cardc.json`) and a hash of each one's bytes then (0: unreadable).
    var revision: Int
    var dependencies: [String]
    var fingerprints: [Int]

    /// The names of every file of `snapshot`'s unit, one entry per file.
    static func of(_ snapshot: Snapshot, fingerprints: [Int]) -> [ResolvedNames] {
        let index = snapshot.index
        var byPath: [String: [NameOccurrence]] = [:]
        for path in snapshot.unitPaths { byPath[path] = [] }
        for occurrence in index.occurrences {
            let symbol = index.symbols[occurrence.symbol]
            switch symbol.kind {
            case .card, .stack, .theme, .file: break
            case .modelField, .rowField, .row: continue
            }
            let usedBy = symbol.kind == .card && !occurrence.isDeclaration ? Workspace.container(of: occurrence.location, in: [snapshot]) : nil
            byPath[occurrence.location.path, default: []].append(NameOccurrence(id: symbol.id, location: occurrence.location,
                                                                                isDeclaration: occurrence.isDeclaration, usedBy: usedBy))
        }
        return byPath.keys.sorted().map { path in
            ResolvedNames(path: path, occurrences: byPath[path] ?? [], revision: snapshot.revision,
                          dependencies: snapshot.dependencies, fingerprints: fingerprints)
        }
    }
}

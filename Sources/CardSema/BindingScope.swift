import CardModel
import CardDiagnostics

/// One use of a binding inside a card, for inference (docs/language.md §8).
struct BindingUse {
    var type: ValueType
    var span: SourceSpan
    var twoWay: Bool
}

/// The uses of binding names in one scope (a card, or the rows of a table), grouped by name in
/// first-use order. Flat arrays with a linked list per name, reused from card to card: a card
/// has a handful of names, so a linear scan finds one faster than hashing, and nothing is
/// allocated per card.
struct BindingTable {
    struct Name {
        /// The `NameInterner` identity: spellings that are equal `String`s share it.
        let identity: Int
        /// The spelling of the first use, which names the field in messages and the model.
        let spelling: Int
        fileprivate(set) var first: Int
        fileprivate(set) var last: Int
    }

    fileprivate struct Entry {
        var use: BindingUse
        var next: Int
    }

    /// Distinct names in first-use order.
    private(set) var names: [Name] = []
    fileprivate var entries: [Entry] = []
    /// Identity → index in `names`, kept once there are more names than a linear scan suits.
    private var positions: [Int: Int] = [:]
    private static let linearLimit = 16

    mutating func removeAll() {
        names.clear()
        entries.clear()
        if !positions.isEmpty { positions.removeAll() }
    }

    /// The index in `names` of a name, by identity.
    func position(of identity: Int) -> Int? {
        if names.count > Self.linearLimit { return positions[identity] }
        for index in names.indices where names[index].identity == identity { return index }
        return nil
    }

    /// `use` is consumed: moved into the table, its type not copied (a retain) and released.
    mutating func record(_ name: InternedName, _ use: consuming BindingUse) {
        let entry = entries.count
        entries.append(Entry(use: use, next: -1))
        if let position = position(of: name.identity) {
            entries[names[position].last].next = entry
            names[position].last = entry
            return
        }
        names.append(Name(identity: name.identity, spelling: name.spelling, first: entry, last: entry))
        if names.count == Self.linearLimit + 1 {
            for (index, known) in names.enumerated() { positions[known.identity] = index }
        } else if names.count > Self.linearLimit + 1 {
            positions[name.identity] = names.count - 1
        }
    }

    var isEmpty: Bool { names.isEmpty }

    /// The uses of the name at `position` in `names`, in recording order.
    func uses(at position: Int) -> Uses { Uses(entries: entries, current: names[position].first) }

    /// The uses of one name: a walk along its list.
    struct Uses: Sequence, IteratorProtocol {
        fileprivate let entries: [Entry]
        fileprivate var current: Int

        mutating func next() -> BindingUse? {
            guard current >= 0 else { return nil }
            let entry = entries[current]
            current = entry.next
            return entry.use
        }
    }

    /// Gives the last use of the name at `position` whose type is `type` the type `refined`.
    mutating func refineLastUse(at position: Int, of type: ValueType, to refined: ValueType) {
        var index = names[position].first, match = -1
        while index >= 0 {
            if entries[index].use.type == type { match = index }
            index = entries[index].next
        }
        if match >= 0 { entries[match].use.type = refined }
    }
}

/// The binding uses of one card (and of `$item` inside the current row container).
struct BindingScope {
    /// False outside cards (themes, stacks), where bindings are E801.
    var isActive = false
    var card = BindingTable()
    /// `$item.field` uses of the innermost row container, when inside one.
    var rows: BindingTable?
    /// The identities of card bindings written where nothing was checked (an unknown part's
    /// arguments and block, an unknown argument's value): their fields are not reported unused
    /// (W101), as that would be the same mistake again.
    var unchecked: [Int] = []
}

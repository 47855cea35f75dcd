import CardModel
import CardSyntax

/// A name read from source: its exact spelling, and its identity for comparisons.
struct InternedName: Equatable {
    /// Spellings that are equal `String`s (canonically equivalent) share an identity.
    let identity: Int
    /// The exact bytes, as an index into the interner's spellings.
    let spelling: Int
}

/// What a binding's path names: a field of the card's model (`$name`), a field of the current
/// row (`$item.field`, valid only inside a `cell`), or neither.
enum BindingTarget {
    case card(InternedName)
    case row(InternedName)
    case invalid
}

/// Deck-wide interning of names read from source: binding paths, model fields, states, actions.
/// The same name read a thousand times becomes one `String` shared by every use (and, for a
/// binding, what its path names, worked out once), and a small integer that compares in one
/// instruction.
///
/// Identities follow `String` equality, which is canonical equivalence rather than byte equality:
/// once a non-ASCII spelling shows up, new spellings also go through a `[String: Int]`, so a
/// decomposed `é` and a precomposed one are one name, as they were in the dictionaries keyed by
/// `String` this replaces. Each spelling keeps its own `String` for the model.
final class NameInterner {
    // All state sits in one private struct that only this class's methods touch, one access at
    // a time (none calls back into the interner), so the runtime's dynamic exclusivity check —
    // about 150 instructions per lookup, a tenth of a binding's checking — is switched off.
    @exclusivity(unchecked) private var storage = Storage()

    /// The name spelled by `bytes` (interned on first sight).
    func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> InternedName { storage.intern(bytes) }

    /// See `Storage.probeDistance`.
    var probeDistance: Int { storage.probeDistance }

    /// A token's text.
    func intern(_ token: Token, in tree: SyntaxTree) -> InternedName {
        tree.withNameBytes(of: token) { storage.intern($0, readable: $1) }
    }

    func intern(_ text: String) -> InternedName { storage.intern(text) }

    /// The text after a `.case` or `$binding` token's sigil; nil when `withBytesAfterSigil` is.
    func intern(afterSigilOf token: Token, in tree: SyntaxTree) -> InternedName? {
        tree.withBytesAfterSigil(of: token) { storage.intern($0, readable: $1) }
    }

    /// The text of a spelling.
    func text(_ name: InternedName) -> String { storage.spellings[name.spelling] }
    func text(spelling: Int) -> String { storage.spellings[spelling] }

    /// What the binding spelled `$name` names, worked out once per spelling.
    func bindingTarget(_ name: InternedName) -> BindingTarget { storage.bindingTarget(name.spelling) }

    /// What a binding with the path `path` names (for spellings the interner does not split).
    func bindingTarget(path: [String]) -> BindingTarget { storage.bindingTarget(path: path, spelling: nil) }

    private struct Storage {
        /// Per spelling: its key, and where its bytes are in `keyBytes` (for names longer
        /// than a key holds).
        var keys: [NameKey] = []
        var keyStarts: [Int] = []
        var keyBytes: [UInt8] = []
        /// Per spelling: its text, its identity, and what it names as a binding once asked.
        var spellings: [String] = []
        var identities: [Int] = []
        var targets: [BindingTarget?] = []
        var identityCount = 0
        /// A power of two, at least twice the spelling count. Each slot holds what a lookup
        /// compares and returns, so a hit reads one slot and nothing per spelling.
        var slots = [Slot](repeating: .empty, count: 256)
        /// This table's own: the names are the input's (see `NameKey`).
        let seed = NameKey.Seed.random()
        /// 64 minus log2 of the slot count.
        var shift: UInt64 = 56
        /// Identity by `String`, kept only once a non-ASCII spelling has been seen.
        var canonical: [String: Int]?

        struct Slot {
            /// The spelling's key words and length (-1 in an empty slot, which no key matches).
            let word0: UInt64, word1: UInt64, count: Int
            let name: InternedName

            static let empty = Slot(word0: 0, word1: 0, count: -1, name: InternedName(identity: -1, spelling: -1))
        }

        /// `readable`: see `NameKey`.
        mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>, readable: Int = 0) -> InternedName {
            let key = NameKey(bytes, readable: readable, seed: seed)
            let mask = slots.count - 1
            var slot = key.slot(shift: shift)
            while true {
                let candidate = slots[slot]
                if candidate.word0 == key.word0 && candidate.word1 == key.word1 && candidate.count == key.count
                    && (key.count <= 16 || longNameMatches(candidate.name.spelling, bytes)) {
                    return candidate.name
                }
                if candidate.count < 0 { return add(bytes, key: key) }
                slot = (slot + 1) & mask
            }
        }

        /// Interns a new spelling: a new identity, unless it is canonically equal to a known
        /// name. Out of line, so that a lookup (nearly every call) saves no registers for it.
        @inline(never)
        mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, key: NameKey) -> InternedName {
            let text = String(decoding: bytes, as: UTF8.self)
            if canonical == nil && bytes.contains(where: { $0 >= 0x80 }) {
                var table: [String: Int] = [:]
                for (spelling, known) in spellings.enumerated() where table[known] == nil { table[known] = identities[spelling] }
                canonical = table
            }
            let identity: Int
            if let existing = canonical?[text] {
                identity = existing
            } else {
                identity = identityCount
                identityCount += 1
                canonical?[text] = identity
            }
            let spelling = spellings.count
            spellings.append(text)
            identities.append(identity)
            targets.append(nil)
            keys.append(key)
            keyStarts.append(keyBytes.count)
            if key.count > 16 { keyBytes.append(contentsOf: bytes) }
            if keys.count * 2 > slots.count {
                slots = [Slot](repeating: .empty, count: slots.count * 2)
                shift -= 1
                for index in keys.indices { place(index) }
            } else {
                place(spelling)
            }
            return InternedName(identity: identity, spelling: spelling)
        }

        func longNameMatches(_ spelling: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            let start = keyStarts[spelling]
            return keyBytes[start..<(start + bytes.count)].elementsEqual(bytes)
        }

        /// The spelling split at dots, omitting empty pieces, as `SyntaxTree.bindingPath` does.
        func path(_ spelling: Int) -> [String] { spellings[spelling].split(separator: ".").map(String.init) }

        mutating func bindingTarget(_ spelling: Int) -> BindingTarget {
            if let target = targets[spelling] { return target }
            let target = bindingTarget(path: path(spelling), spelling: spelling)
            targets[spelling] = target
            return target
        }

        /// `spelling`: the binding's interned name after the `$`, when the path was split from it.
        mutating func bindingTarget(path: [String], spelling: Int?) -> BindingTarget {
            if path.count == 2 && path[0] == Catalog.rowBindingName { return .row(intern(path[1])) }
            guard path.count == 1 else { return .invalid }
            // The whole spelling is the name unless dots were dropped around it.
            if let spelling, spellings[spelling].utf8.count == path[0].utf8.count {
                return .card(InternedName(identity: identities[spelling], spelling: spelling))
            }
            return .card(intern(path[0]))
        }

        mutating func intern(_ text: String) -> InternedName {
            var text = text
            return text.withUTF8 { intern($0) }
        }

        /// How far, in all, the spellings sit from the slots their hashes pick: what lookups
        /// pay beyond one probe each (for tests).
        var probeDistance: Int {
            let mask = slots.count - 1
            var total = 0
            for (slot, entry) in slots.enumerated() where entry.count >= 0 {
                total += (slot - keys[entry.name.spelling].slot(shift: shift)) & mask
            }
            return total
        }

        mutating func place(_ index: Int) {
            let mask = slots.count - 1
            let key = keys[index]
            var slot = key.slot(shift: shift)
            while slots[slot].count >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Slot(word0: key.word0, word1: key.word1, count: key.count,
                               name: InternedName(identity: identities[index], spelling: index))
        }
    }
}

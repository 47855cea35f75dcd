// Name lookups by raw bytes. The checker meets every name as a token — a byte range of the
// source — and used to turn each into a `String` just to hash it (SipHash) into a dictionary.
// These tables hash the token bytes directly, a word at a time, and confirm a hit by comparing
// words, so looking up a part, parameter, enum case or trait name allocates nothing.

import CardSyntax

/// A name's bytes boiled down for table lookups: a hash, and the first sixteen bytes as two
/// words, so comparing a short name (nearly every identifier) is three integer compares, with no
/// byte loop and no second buffer to open. Hashing a short name is one full-width multiply:
/// every name is hashed on the checker's hot path, and the tables are small.
///
/// The hash takes a seed. The names a deck declares fill `NameInterner`'s table, which probes
/// linearly; with a fixed hash, names crafted to share one hash (easy to find for a
/// multiplicative one) would make every insertion walk one long run of slots, quadratic time in
/// the number of names: 20,000 such model fields took 0.87 s against 0.26 s for ordinary ones,
/// and a large file could hang. So each interner draws a random seed. `NameTable`s hold the
/// catalog's names, which no input adds to, and keep the fixed seed. Nothing a table yields
/// depends on where its names land, so the output is the same for every seed.
package struct NameKey {
    /// Top bits well mixed (`slot(shift:)`).
    package let hash: UInt64
    package let word0: UInt64
    package let word1: UInt64
    package let count: Int

    /// `readable`: how many bytes from the name's start may be read (its buffer may go on). With
    /// sixteen, the name's words are loaded whole and the bytes past it masked off, instead of
    /// being assembled from up to three smaller loads each.
    @inline(__always)
    package init(_ bytes: UnsafeBufferPointer<UInt8>, readable: Int = 0, seed: Seed = .fixed) {
        count = bytes.count
        guard count > 0, let raw = UnsafeRawPointer(bytes.baseAddress) else {
            hash = 0; word0 = 0; word1 = 0
            return
        }
        if readable >= 16 {
            let first = raw.loadUnaligned(as: UInt64.self), second = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            word0 = count >= 8 ? first : first & ~(UInt64.max << (UInt64(count) &* 8))
            word1 = count >= 16 ? second : count > 8 ? second & ~(UInt64.max << (UInt64(count - 8) &* 8)) : 0
        } else {
            word0 = count >= 8 ? raw.loadUnaligned(as: UInt64.self) : Self.tail(raw, 0, count)
            word1 = count >= 16 ? raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                : count > 8 ? Self.tail(raw, 8, count - 8) : 0
        }
        // The high and low halves of the 128-bit product of the seeded words (wyhash's "mum").
        let product = (word0 ^ seed.first).multipliedFullWidth(by: word1 ^ seed.second ^ UInt64(truncatingIfNeeded: count))
        var hash = product.high ^ product.low
        var i = 16
        while i < count {
            let word = i + 8 <= count ? raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) : Self.tail(raw, i, count - i)
            hash = (hash ^ (hash >> 29) ^ word) &* Self.multiplier
            i += 8
        }
        self.hash = hash
    }

    private static let multiplier: UInt64 = 0x9e37_79b9_7f4a_7c15

    /// What the hash mixes into a name's words first (see above).
    package struct Seed {
        package let first: UInt64
        package let second: UInt64

        /// For tables of names no input chooses. Odd constants with mixed bits (wyhash's), so
        /// short names, whose second word is 0, still hash well.
        package static var fixed: Seed { Seed(first: 0xa076_1d64_78bd_642f, second: 0xe703_7ed1_a0b4_28db) }

        /// From the system's random source.
        package static func random() -> Seed {
            var generator = SystemRandomNumberGenerator()
            return Seed(first: generator.next(), second: generator.next())
        }
    }

    /// The slot in a table of 2^(64 - shift) slots (`shift` < 64: no check for a larger one).
    @inline(__always)
    package func slot(shift: UInt64) -> Int { Int(truncatingIfNeeded: hash &>> shift) }

    /// The bytes `offset..<offset + count` (count < 8) as one word, in at most three loads.
    @inline(__always)
    private static func tail(_ raw: UnsafeRawPointer, _ offset: Int, _ count: Int) -> UInt64 {
        var word: UInt64 = 0, shift: UInt64 = 0, i = offset
        if count & 4 != 0 { word = UInt64(raw.loadUnaligned(fromByteOffset: i, as: UInt32.self)); i += 4; shift = 32 }
        if count & 2 != 0 { word |= UInt64(raw.loadUnaligned(fromByteOffset: i, as: UInt16.self)) << shift; i += 2; shift += 16 }
        if count & 1 != 0 { word |= UInt64(raw.load(fromByteOffset: i, as: UInt8.self)) << shift }
        return word
    }
}

/// An immutable open-addressing table from names to their index in the list it was built from
/// (the first occurrence wins on a duplicate).
package final class NameTable: Sendable {
    /// A name's words and length, and its index in the list: a probe compares the words straight
    /// away (the hash only picks the first slot).
    private struct Slot {
        package let word0: UInt64
        package let word1: UInt64
        /// -1 for an empty slot, which no name's key matches.
        package let count: Int
        package let index: Int
    }

    /// A power of two, at least four times the name count, so most probes end at the first slot.
    private let slots: [Slot]
    /// 64 minus log2 of the slot count.
    private let shift: UInt64
    /// The names longer than sixteen bytes, whose tails the key does not hold.
    private let names: [[UInt8]]

    package init(_ names: [String]) {
        var capacity = 8, shift: UInt64 = 61
        while capacity < names.count * 4 { capacity *= 2; shift -= 1 }
        var slots = [Slot](repeating: Slot(word0: 0, word1: 0, count: -1, index: -1), count: capacity)
        for (index, name) in names.enumerated() {
            var name = name
            let key = name.withUTF8 { NameKey($0) }
            var slot = key.slot(shift: shift)
            var duplicate = false
            while slots[slot].index >= 0 {
                if names[slots[slot].index] == name { duplicate = true; break }
                slot = (slot + 1) & (capacity - 1)
            }
            if !duplicate { slots[slot] = Slot(word0: key.word0, word1: key.word1, count: key.count, index: index) }
        }
        self.slots = slots
        self.shift = shift
        self.names = names.map { Array($0.utf8) }
    }

    /// The index of the name spelled by `name`, if it is in the table. `readable`: see `NameKey`.
    /// Inlined into `lookUp`, the checker's per-node call: for a name of up to sixteen bytes (nearly
    /// every one) it is a key and a probe of a dozen instructions, with no call to spill around.
    @inline(__always)
    package func index(of name: UnsafeBufferPointer<UInt8>, readable: Int = 0) -> Int? {
        guard name.count <= 16 else { return index(ofLong: name) }
        let key = NameKey(name, readable: readable)
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = key.slot(shift: shift)
            while true {
                // In bounds: `slot` is masked, and the table is never empty.
                let candidate = slots.baseAddress.unsafelyUnwrapped[slot]
                if candidate.word0 == key.word0 && candidate.word1 == key.word1 && candidate.count == key.count {
                    return candidate.index
                }
                if candidate.index < 0 { return nil }
                slot = (slot + 1) & mask
            }
        }
    }

    /// `index(of:)` for a name longer than sixteen bytes, whose tail the key does not hold.
    @inline(never)
    private func index(ofLong name: UnsafeBufferPointer<UInt8>) -> Int? {
        let key = NameKey(name)
        var slot = key.slot(shift: shift)
        while slots[slot].index >= 0 {
            let candidate = slots[slot]
            if candidate.word0 == key.word0 && candidate.word1 == key.word1 && candidate.count == key.count
                && names[candidate.index].elementsEqual(name) {
                return candidate.index
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    package func index(of name: String) -> Int? {
        var name = name
        return name.withUTF8 { index(of: $0) }
    }
}

import CardSema

/// The catalog's parts and structural nodes, numbered once.
///
/// The layout pass looks every part up once, by name, and records the number in its
/// `LayoutNode`; the layout model then switches over a `PartKind` and back ends keep per-part
/// data in arrays indexed by the number, instead of comparing names or hashing them per part (a
/// `[String: …]` lookup costs a few hundred instructions, about as much as laying out a leaf).
public enum PartTable {
    /// Every catalog node: the parts, then the structural nodes (`cell`, …).
    public static let specs: [PartSpec] = Catalog.parts + Catalog.structuralNodes

    /// The number of the part called `name` (`specs[number].name == name`), or nil for a name the
    /// catalog does not know.
    public static func number(of name: String) -> Int? { names.index(of: name)?.number }

    /// The number of the part called `name` and what the layout model does with it.
    static func lookUp(_ name: String) -> (number: Int, kind: PartKind)? { names.index(of: name) }

    /// The catalog default of argument `name` of part `number` (the first parameter of that name).
    static func catalogDefault(_ name: String, ofPart number: Int) -> CatalogValue? {
        guard number + 1 < defaultStart.count else { return nil }
        for index in defaultStart[number]..<defaultStart[number + 1] where sameName(defaults[index].name, name) {
            return defaults[index].value
        }
        return nil
    }

    /// Every parameter's default (nil when it has none), part after part:
    /// `defaults[defaultStart[n]..<defaultStart[n + 1]]` are part `n`'s, in catalog order. Plain
    /// values in one array, so a lookup retains no spec or parameter object.
    private static let defaults: [(name: String, value: CatalogValue?)] =
        specs.flatMap { spec in spec.parameters.map { ($0.name, $0.defaultValue) } }
    private static let defaultStart: [Int] = specs.reduce(into: [0]) { starts, spec in
        starts.append((starts.last ?? 0) + spec.parameters.count)
    }

    private static let names = NameIndex<(number: Int, kind: PartKind)>(specs.enumerated().map { number, spec in
        (spec.name, (number: number, kind: PartKind(rawValue: spec.name) ?? .other))
    })
}

/// The parts whose size the intrinsic-size model computes in its own way (`PartLayouter`).
enum PartKind: String {
    case text, attributedText, image, button, title, titleDescription, pill, iconLabel, separator
    case verticalSeparator, vstack, oriented, cell, hstack, centered, table, collection, bar, paged
    case slider, multiSlider, spacer, textField, confetti, progressBar, map, radio, histogram
    /// Anything else: its children stacked.
    case other
}

/// Names with a value each, searchable without hashing: names are grouped by length and first
/// byte, so a lookup compares the few names of its group (usually one or two).
struct NameIndex<Value: Sendable>: Sendable {
    /// `entries[groupStart[g]..<groupStart[g + 1]]` is group `g`.
    private let entries: [(name: String, value: Value)]
    private let groupStart: [Int]
    private static var groupCount: Int { 64 }

    init(_ names: [(String, Value)]) {
        var groups = [[(name: String, value: Value)]](repeating: [], count: Self.groupCount)
        for (name, value) in names {
            let group = Self.group(of: name)
            // The first of equal names wins, as in a dictionary built from the list.
            if !groups[group].contains(where: { $0.name == name }) { groups[group].append((name, value)) }
        }
        var entries: [(name: String, value: Value)] = []
        var groupStart: [Int] = []
        for group in groups {
            groupStart.append(entries.count)
            entries += group
        }
        groupStart.append(entries.count)
        self.entries = entries
        self.groupStart = groupStart
    }

    /// A group from the length and the first byte.
    @inline(__always)
    private static func group(of name: String) -> Int {
        let utf8 = name.utf8
        let first = Int(utf8.first ?? 0)
        return (utf8.count &* 7 &+ first) & (groupCount - 1)
    }

    func index(of name: String) -> Value? {
        let group = Self.group(of: name)
        var k = groupStart[group]
        let end = groupStart[group + 1]
        while k < end {
            if entries[k].name == name { return entries[k].value }
            k += 1
        }
        return nil
    }
}

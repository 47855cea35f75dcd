// Did-you-mean: edit-distance suggestions for unknown names (E301, E302, E306, E309, E310, E311,
// command-line names, …). The catalog's own suggestions are in CardModel's CatalogSuggestions.swift.

/// Suggests a known name for a misspelt one.
///
/// Distances are optimal-string-alignment Damerau–Levenshtein (insertions, deletions,
/// substitutions and transpositions of adjacent characters each cost 1), compared
/// case-insensitively over Unicode scalars. A candidate is suggested when its distance is at most
/// 2 — at most 1 for names of one or two characters, which are too short for a distance of 2 to
/// mean anything. The closest candidate wins; ties go to the alphabetically first.
public enum NameSuggester {
    /// The largest distance at which a candidate is still suggested.
    public static let maximumDistance = 2

    /// The closest candidate to `name`, or `nil` when none is close enough.
    public static func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
        suggestion(for: name, among: Candidates(candidates))
    }

    /// Candidates lowercased once, for many searches among the same names: a search among them
    /// lowercases none of them again and allocates nothing per candidate.
    public struct Candidates {
        package let names: [String]
        package let scalars: [[Unicode.Scalar]]

        public init(_ names: some Sequence<String>) {
            self.names = Array(names)
            scalars = self.names.map { Array($0.lowercased().unicodeScalars) }
        }
    }

    /// The closest of `candidates` to `name` that `isAllowed` accepts, or `nil` when none is
    /// close enough.
    public static func suggestion(for name: String, among candidates: Candidates,
                                  where isAllowed: (String) -> Bool = { _ in true }) -> String? {
        let needle = Array(name.lowercased().unicodeScalars)
        if needle.isEmpty { return nil }
        let limit = needle.count <= 2 ? 1 : maximumDistance
        var best: (index: Int, distance: Int)?
        var rows = Rows()
        for (index, target) in candidates.scalars.enumerated() where abs(target.count - needle.count) <= limit {
            let bound = min(limit, best?.distance ?? limit)
            guard let found = distance(needle, target, limit: bound, rows: &rows), isAllowed(candidates.names[index]) else { continue }
            if let current = best {
                if found < current.distance || (found == current.distance && candidates.names[index] < candidates.names[current.index]) {
                    best = (index, found)
                }
            } else {
                best = (index, found)
            }
        }
        return best.map { candidates.names[$0.index] }
    }

    /// The case-insensitive optimal-string-alignment distance between `a` and `b`.
    public static func distance(_ a: String, _ b: String) -> Int {
        let left = Array(a.lowercased().unicodeScalars)
        let right = Array(b.lowercased().unicodeScalars)
        return distance(left, right, limit: max(left.count, right.count)) ?? max(left.count, right.count)
    }

    /// The three rolling rows of `distance`: two back (for transpositions), previous, current;
    /// reused from one candidate to the next.
    package struct Rows {
        package var twoBack: [Int] = []
        package var previous: [Int] = []
        package var current: [Int] = []
    }

    /// The distance between two scalar arrays if it is at most `limit`, else `nil`.
    package static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        var rows = Rows()
        return distance(a, b, limit: limit, rows: &rows)
    }

    package static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int, rows: inout Rows) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty { return b.count <= limit ? b.count : nil }
        if b.isEmpty { return a.count <= limit ? a.count : nil }
        let width = b.count + 1
        var twoBack = rows.twoBack, previous = rows.previous, current = rows.current
        rows = Rows()  // the arrays are ours now: no copy on write
        defer { rows = Rows(twoBack: twoBack, previous: previous, current: current) }
        twoBack.removeAll(keepingCapacity: true)
        twoBack.append(contentsOf: repeatElement(0, count: width))
        previous.removeAll(keepingCapacity: true)
        previous.append(contentsOf: 0...b.count)
        current.removeAll(keepingCapacity: true)
        current.append(contentsOf: repeatElement(0, count: width))
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, twoBack[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            // Every later row is at least this row's minimum: stop once it exceeds the limit.
            if rowMinimum > limit { return nil }
            swap(&twoBack, &previous)
            swap(&previous, &current)
        }
        let result = previous[b.count]
        return result <= limit ? result : nil
    }
}

import CardDiagnostics

/// Line diffs in the unified format `diff -u` prints (`cardc fmt --diff`), our own: the project
/// takes no dependencies.
///
/// Lines are compared whole, line break included, so a last line without one differs from the
/// same text with one (and is marked `\ No newline at end of file`). The edit script comes from
/// patience diffing (lines that occur once on each side, in the longest common order, anchor
/// the rest) with Myers' O(ND) algorithm between anchors, so a large file with scattered
/// changes is diffed in about linear time; a region with no anchor whose differences exceed
/// `myersLimit` is reported as replaced whole rather than searched further.
enum UnifiedDiff {
    /// Lines of context around each change, as `diff -u`.
    static let context = 3
    /// The most differences Myers' search explores in one region without anchors.
    static let myersLimit = 1_000

    enum Edit: Equatable {
        /// The line `old[i]`, which is also `new[j]`.
        case same(Int, Int)
        case delete(Int)
        case insert(Int)
    }

    /// `diff -u` output turning `old` into `new` (empty when they are equal): `---`/`+++`
    /// headers naming the files, then `@@ -l,s +l,s @@` hunks with `context` lines around each
    /// change. Control characters in names and lines are escaped, as everywhere `cardc` echoes
    /// source text.
    static func render(old: [UInt8], new: [UInt8], oldName: String, newName: String) -> String {
        let a = lines(of: old), b = lines(of: new)
        let (aIDs, bIDs) = intern(a, b)
        let script = edits(aIDs, bIDs)
        guard script.contains(where: { if case .same = $0 { false } else { true } }) else { return "" }
        var text = "--- \(TerminalText.escaped(oldName))\n+++ \(TerminalText.escaped(newName))\n"
        // Lines of each side before the current hunk, counted as the hunks go by.
        var counted = 0, oldBefore = 0, newBefore = 0
        for hunk in hunks(script) {
            for edit in script[counted..<hunk.lowerBound] {
                switch edit {
                case .same: oldBefore += 1; newBefore += 1
                case .delete: oldBefore += 1
                case .insert: newBefore += 1
                }
            }
            counted = hunk.lowerBound
            text += header(hunk, script, oldBefore: oldBefore, newBefore: newBefore)
            for edit in script[hunk] {
                switch edit {
                case .same(let i, _): text += line(" ", a[i])
                case .delete(let i): text += line("-", a[i])
                case .insert(let j): text += line("+", b[j])
                }
            }
        }
        return text
    }

    // MARK: Lines

    /// The lines of `bytes` (`LineBreak`'s: ending at LF, CR LF or a lone CR), each with its
    /// line break (the last may have none).
    static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        bytes.withUnsafeBufferPointer { p in
            LineBreak.forEachLineStart(in: p, 0..<p.count) { next in
                result.append(bytes[start..<next])
                start = next
            }
        }
        if start < bytes.count { result.append(bytes[start...]) }
        return result
    }

    /// One output line: the marker, the text without its line feed (a carriage return before
    /// it, or alone, shows as `\u{D}`: the line endings differ), and the `\ No newline` note
    /// when it had no line break.
    static func line(_ marker: String, _ bytes: ArraySlice<UInt8>) -> String {
        let hasBreak = bytes.last.map(LineBreak.isBreakByte) ?? false
        let text = String(decoding: bytes.last == LineBreak.lineFeed ? bytes.dropLast() : bytes, as: UTF8.self)
        return marker + TerminalText.escaped(text) + (hasBreak ? "\n" : "\n\\ No newline at end of file\n")
    }

    /// Numbers the distinct lines of both sides, so they compare as integers.
    static func intern(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> ([Int], [Int]) {
        var table = LineTable(lines: a.count + b.count)
        var aIDs: [Int] = [], bIDs: [Int] = []
        aIDs.reserveCapacity(a.count)
        bIDs.reserveCapacity(b.count)
        for line in a { aIDs.append(table.id(of: line)) }
        for line in b { bIDs.append(table.id(of: line)) }
        return (aIDs, bIDs)
    }

    /// An open-addressing table of distinct lines keyed by an FNV-1a hash of their bytes (the
    /// standard `Hasher`, fed byte by byte, took most of the time of diffing a large file).
    struct LineTable {
        var slots: [Int]
        let mask: Int
        var hashes: [UInt64] = []
        var representatives: [ArraySlice<UInt8>] = []

        init(lines: Int) {
            var capacity = 16
            while capacity < 2 * lines { capacity *= 2 }
            slots = [Int](repeating: -1, count: capacity)
            mask = capacity - 1
        }

        /// The line's id: the same for equal lines, consecutive from 0.
        mutating func id(of line: ArraySlice<UInt8>) -> Int {
            let hash = line.withUnsafeBufferPointer { bytes in
                var hash: UInt64 = 0xCBF2_9CE4_8422_2325
                for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3 }
                return hash
            }
            var slot = Int(truncatingIfNeeded: hash ^ hash >> 32) & mask
            while slots[slot] >= 0 {
                let known = slots[slot]
                if hashes[known] == hash && representatives[known].elementsEqual(line) { return known }
                slot = (slot + 1) & mask
            }
            slots[slot] = hashes.count
            hashes.append(hash)
            representatives.append(line)
            return hashes.count - 1
        }
    }

    // MARK: Edit script

    /// The edits turning `a` into `b` (line ids), in order.
    static func edits(_ a: [Int], _ b: [Int]) -> [Edit] {
        var differ = Differ(a: a, b: b)
        differ.diff(0..<a.count, 0..<b.count)
        return differ.script
    }

    /// The state of one diff: the two sides, the script so far, and per line id the scratch
    /// counts of `uniqueAnchors` (reset after each use, so a call costs its range's size).
    struct Differ {
        let a: [Int], b: [Int]
        var script: [Edit] = []
        var countA: [Int32], countB: [Int32], indexB: [Int]

        init(a: [Int], b: [Int]) {
            self.a = a
            self.b = b
            let ids = max(a.max() ?? -1, b.max() ?? -1) + 1
            countA = [Int32](repeating: 0, count: ids)
            countB = [Int32](repeating: 0, count: ids)
            indexB = [Int](repeating: 0, count: ids)
            script.reserveCapacity(max(a.count, b.count))
        }

        /// Appends the edits turning `a[ra]` into `b[rb]`.
        mutating func diff(_ ra: Range<Int>, _ rb: Range<Int>) {
            // Common prefix and suffix.
            var lowA = ra.lowerBound, lowB = rb.lowerBound
            while lowA < ra.upperBound && lowB < rb.upperBound && a[lowA] == b[lowB] {
                script.append(.same(lowA, lowB))
                lowA += 1
                lowB += 1
            }
            var highA = ra.upperBound, highB = rb.upperBound
            while highA > lowA && highB > lowB && a[highA - 1] == b[highB - 1] {
                highA -= 1
                highB -= 1
            }
            defer { for i in highA..<ra.upperBound { script.append(.same(i, highB + i - highA)) } }
            if lowA == highA {
                for j in lowB..<highB { script.append(.insert(j)) }
                return
            }
            if lowB == highB {
                for i in lowA..<highA { script.append(.delete(i)) }
                return
            }
            let anchors = uniqueAnchors(lowA..<highA, lowB..<highB)
            guard !anchors.isEmpty else {
                UnifiedDiff.myers(a, lowA..<highA, b, lowB..<highB, into: &script)
                return
            }
            var i = lowA, j = lowB
            for (ai, bj) in anchors {
                diff(i..<ai, j..<bj)
                script.append(.same(ai, bj))
                i = ai + 1
                j = bj + 1
            }
            diff(i..<highA, j..<highB)
        }

        /// Lines that occur exactly once in `a[ra]` and once in `b[rb]`, as (index in a, index
        /// in b) pairs forming the longest sequence increasing on both sides (patience sorting).
        mutating func uniqueAnchors(_ ra: Range<Int>, _ rb: Range<Int>) -> [(Int, Int)] {
            for i in ra { countA[a[i]] += 1 }
            for j in rb {
                countB[b[j]] += 1
                indexB[b[j]] = j
            }
            var pairs: [(Int, Int)] = []
            for i in ra where countA[a[i]] == 1 && countB[a[i]] == 1 { pairs.append((i, indexB[a[i]])) }
            for i in ra { countA[a[i]] = 0 }
            for j in rb { countB[b[j]] = 0 }
            guard !pairs.isEmpty else { return [] }
            // Longest increasing subsequence of the b indices (pairs are in a order).
            var tails: [Int] = []            // index into pairs of the smallest tail of each length
            var previous = [Int](repeating: -1, count: pairs.count)
            for (k, pair) in pairs.enumerated() {
                var low = 0, high = tails.count
                while low < high {
                    let mid = (low + high) / 2
                    if pairs[tails[mid]].1 < pair.1 { low = mid + 1 } else { high = mid }
                }
                if low > 0 { previous[k] = tails[low - 1] }
                if low == tails.count { tails.append(k) } else { tails[low] = k }
            }
            var result: [(Int, Int)] = []
            var k = tails.last ?? -1
            while k >= 0 {
                result.append(pairs[k])
                k = previous[k]
            }
            return result.reversed()
        }
    }

    /// Myers' greedy O(ND) search (Myers 1986, "An O(ND) difference algorithm and its
    /// variations"), keeping each round's furthest-reaching paths to trace the script back.
    /// Past `myersLimit` differences the region is reported as deleted and inserted whole.
    static func myers(_ a: [Int], _ ra: Range<Int>, _ b: [Int], _ rb: Range<Int>, into script: inout [Edit]) {
        let n = ra.count, m = rb.count
        let maxD = min(n + m, myersLimit)
        let offset = maxD + 1
        var v = [Int](repeating: 0, count: 2 * maxD + 3)
        var trace: [[Int]] = []
        var found = false
        search: for d in 0...maxD {
            // The paths round d starts from, diagonals -d-1 ... d+1 (what the walk back reads).
            trace.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n && y < m && a[ra.lowerBound + x] == b[rb.lowerBound + y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m {
                    found = true
                    break search
                }
            }
        }
        guard found else {
            for i in ra { script.append(.delete(i)) }
            for j in rb { script.append(.insert(j)) }
            return
        }
        // Walk back through the rounds; `trace[d]` holds the paths before round d.
        var reversed: [Edit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d], base = d + 1
            let k = x - y
            let previousK: Int
            if d == 0 {
                previousK = 0
            } else if k == -d || (k != d && v[base + k - 1] < v[base + k + 1]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = d == 0 ? 0 : v[base + previousK]
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                x -= 1
                y -= 1
                reversed.append(.same(ra.lowerBound + x, rb.lowerBound + y))
            }
            if d > 0 {
                if x == previousX {
                    reversed.append(.insert(rb.lowerBound + previousY))
                } else {
                    reversed.append(.delete(ra.lowerBound + previousX))
                }
            }
            x = previousX
            y = previousY
        }
        script += reversed.reversed()
    }

    // MARK: Hunks

    /// Ranges of `script` to print: each change with up to `context` unchanged lines on either
    /// side, neighbouring changes merged when their contexts touch.
    static func hunks(_ script: [Edit]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var k = 0
        while k < script.count {
            guard case .same = script[k] else {
                // A change starts at k: extend over changes separated by at most 2×context
                // unchanged lines.
                let start = max(0, k - context)
                var end = k
                var sameRun = 0
                var scan = k
                while scan < script.count {
                    if case .same = script[scan] {
                        sameRun += 1
                        if sameRun > 2 * context { break }
                    } else {
                        sameRun = 0
                        end = scan + 1
                    }
                    scan += 1
                }
                let stop = min(script.count, end + context)
                if let last = result.last, last.upperBound >= start {
                    result[result.count - 1] = last.lowerBound..<stop
                } else {
                    result.append(start..<stop)
                }
                k = stop
                continue
            }
            k += 1
        }
        return result
    }

    /// `@@ -start,count +start,count @@` for a hunk, as `diff -u` numbers it: 1-based first
    /// lines, a count of 1 left out, and for an empty side the line before it.
    /// `oldBefore`/`newBefore`: the lines of each side before the hunk.
    static func header(_ hunk: Range<Int>, _ script: [Edit], oldBefore: Int, newBefore: Int) -> String {
        var oldStart: Int?, newStart: Int?
        var oldCount = 0, newCount = 0
        for edit in script[hunk] {
            switch edit {
            case .same(let i, let j):
                oldStart = oldStart ?? i
                newStart = newStart ?? j
                oldCount += 1
                newCount += 1
            case .delete(let i):
                oldStart = oldStart ?? i
                oldCount += 1
            case .insert(let j):
                newStart = newStart ?? j
                newCount += 1
            }
        }
        func range(_ start: Int?, _ count: Int, before: Int) -> String {
            if count == 0 { return "\(before),0" }
            let first = (start ?? before) + 1
            return count == 1 ? "\(first)" : "\(first),\(count)"
        }
        return "@@ -\(range(oldStart, oldCount, before: oldBefore)) +\(range(newStart, newCount, before: newBefore)) @@\n"
    }
}

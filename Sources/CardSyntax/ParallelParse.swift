import CardDiagnostics

/// Parsing one large file on several threads (`cardc build -j N`), with the tree, comments and
/// token count the one-thread parse gives, node for node.
///
/// The file is cut into segments at top-level declarations: a `card`, `stack` or `theme` keyword
/// at column 1, a space and a name, near equal fractions of the file. Each segment is lexed and
/// parsed on its own thread as if it were a whole file; then the segments' top-level nodes are
/// put one after another under one `file` node.
///
/// A cut is only a guess: the keyword may lie inside a block comment or a multi-line string, or
/// inside an unclosed block. Tokens are context-free except for those two, and the parser is
/// back at the top level exactly when it finished the previous segment without reporting an
/// unclosed construct, so a segment that lexes and parses without a single diagnostic ended
/// where the one-thread parse has it end, in the same state. When any segment reports
/// anything, the segments are dropped and the file is parsed again on one thread: recovery and
/// diagnostics stay the one-thread parser's alone, and a file with mistakes pays for a second
/// parse (its checking costs far more).
extension Parser {
    /// The smallest file `parse(_:threads:)` cuts into segments: below it, starting a thread
    /// costs more than it saves.
    public static let parallelMinimum = 1 << 20

    /// Parses `file`, on up to `threads` threads when it is at least `parallelMinimum` bytes.
    public static func parse(_ file: SourceFile, threads: Int) -> SyntaxTree {
        guard threads > 1, file.bytes.count >= parallelMinimum else { return parse(file) }
        return parse(file, cuttingAt: segmentStarts(in: file, parts: threads))
    }

    /// Where the second and later segments start when `file` is cut into about `parts` equal
    /// ones: a declaration keyword at column 1 at or after each fraction of the file, ascending,
    /// fewer when the file has too few.
    static func segmentStarts(in file: SourceFile, parts: Int) -> [Int] {
        file.bytes.withUnsafeBufferPointer { p in
            var starts: [Int] = []
            for k in 1..<max(1, parts) {
                var i = max(p.count / parts * k, (starts.last ?? 0) + 1)
                while i < p.count {
                    if p[i - 1] == 0x0A && startsDeclaration(p, at: i) { starts.append(i); break }
                    // On to the next line.
                    while i < p.count && p[i] != 0x0A { i += 1 }
                    i += 1
                }
            }
            return starts
        }
    }

    /// `card `, `stack ` or `theme ` and the first letter of a name at `i`.
    static func startsDeclaration(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        func matches(_ keyword: StaticString) -> Bool {
            let count = keyword.utf8CodeUnitCount
            guard i + count + 1 < p.count, p[i + count] == 0x20, isIdentifierStart(p[i + count + 1]) else { return false }
            let k = keyword.utf8Start
            for j in 0..<count where p[i + j] != k[j] { return false }
            return true
        }
        switch p[i] {
        case UInt8(ascii: "c"): return matches("card")
        case UInt8(ascii: "s"): return matches("stack")
        case UInt8(ascii: "t"): return matches("theme")
        default: return false
        }
    }

    /// One segment, lexed and parsed as a file of its own.
    struct Segment: Sendable {
        var nodes: NodeList
        var comments: [Comment]
        var tokenCount: Int
        /// False when it reported anything, has no top-level node, or did not fit its nodes'
        /// capacity.
        var isClean: Bool
    }

    /// Parses `file` cut at `starts` (ascending offsets where a line starts, inside the file),
    /// the first segment on the calling thread and each other on a helper, and joins the
    /// segments when every one is clean; else parses the whole file on this thread.
    static func parse(_ file: SourceFile, cuttingAt starts: [Int]) -> SyntaxTree {
        // A separate call, so the segments are freed before a second parse.
        guard let joined = joinedSegments(file, cuttingAt: starts) else { return parse(file) }
        return SyntaxTree(file: file, comments: joined.comments, nodes: joined.nodes, diagnostics: [],
                          tokenCount: joined.tokenCount)
    }

    /// The segments of `file` cut at `starts`, parsed and joined; nil unless every one is clean.
    static func joinedSegments(_ file: SourceFile, cuttingAt starts: [Int]) -> Segment? {
        guard !starts.isEmpty else { return nil }
        let bounds = [0] + starts + [file.bytes.count]
        let ranges = (0..<bounds.count - 1).map { bounds[$0]..<bounds[$0 + 1] }
        // The first segment's arrays get the one-thread parse's capacity: room for the others.
        let capacity = file.bytes.count / 4 + 64
        var first: Segment?
        let others = Threads.run(helpers: ranges.count - 1, { segment(file, ranges[$0 + 1]) },
                                 while: { first = segment(file, ranges[0], capacity: capacity) })
        guard var joined = first, joined.isClean, others.allSatisfy(\.isClean) else { return nil }
        first = nil  // else appending copies the arrays `first` shares
        for other in others { joined.append(other) }
        return joined
    }

    /// Parses the bytes `range` of `file`, with room for `capacity` nodes (by default the
    /// one-thread parse's guess, retried with the exact count as it does).
    static func segment(_ file: SourceFile, _ range: Range<Int>, capacity: Int? = nil) -> Segment {
        var room = capacity ?? range.count / 4 + 64
        while true {
            let (nodes, needed, lexed, diagnostics, tokenCount) = parse(file, capacity: room, segment: range)
            if needed > room && capacity == nil {
                room = needed
                continue
            }
            // A segment of comments alone has a `file` node that starts at its end, not at the
            // next segment's first token: not clean either.
            let clean = needed <= room && needed > 1 && diagnostics.isEmpty && lexed.diagnostics.isEmpty
                && lexed.omitted == 0 && !lexed.unterminatedAtEnd
            return Segment(nodes: nodes, comments: lexed.comments, tokenCount: tokenCount, isClean: clean)
        }
    }
}

extension Parser.Segment {
    /// Appends the next segment: its top-level nodes after these, under this segment's `file`
    /// node, which then ends where the next one does.
    mutating func append(_ next: Parser.Segment) {
        let shift = nodes.count - 1  // where its node 1 lands, less 1
        let end = next.nodes.end(of: 0)
        nodes.kinds.append(contentsOf: next.nodes.kinds[1...])
        nodes.starts.append(contentsOf: next.nodes.starts[1...])
        nodes.lengths.append(contentsOf: next.nodes.lengths[1...])
        nodes.subtreeSizes.append(contentsOf: next.nodes.subtreeSizes[1...])
        nodes.mains.append(contentsOf: next.nodes.mains[1...])
        let theirs = next.nodes.sideTables
        for (k, node) in theirs.outlyingMains.enumerated() where node > 0 {
            nodes.sideTables.outlyingMains.append(node + Int32(shift))
            nodes.sideTables.outlyingStarts.append(theirs.outlyingStarts[k])
            nodes.sideTables.outlyingEnds.append(theirs.outlyingEnds[k])
            nodes.sideTables.outlyingKinds.append(theirs.outlyingKinds[k])
        }
        // Their `file` node is dropped (it is the first, as large nodes are in index order).
        for (k, node) in theirs.largeNodes.enumerated() where node > 0 {
            nodes.sideTables.largeNodes.append(node + Int32(shift))
            nodes.sideTables.largeNodeEnds.append(theirs.largeNodeEnds[k])
            nodes.sideTables.largeSubtreeEnds.append(theirs.largeSubtreeEnds[k] + Int32(shift))
        }
        nodes.setRootEnd(end)
        comments += next.comments
        tokenCount += next.tokenCount - 1  // one end of file only
    }
}

extension NodeList {
    /// Where node `i` ends in the source.
    func end(of i: Int) -> Int {
        let length = lengths[i]
        guard length == Self.outlying else { return Int(starts[i]) + Int(length) }
        return Int(sideTables.largeNodeEnds[NodeSideTables.position(of: i, in: sideTables.largeNodes)])
    }

    /// Makes node 0, the `file` node, end at byte `end` and hold every node, as
    /// `NodeSink.close` would.
    mutating func setRootEnd(_ end: Int) {
        if sideTables.largeNodes.first == 0 {
            sideTables.largeNodes.removeFirst()
            sideTables.largeNodeEnds.removeFirst()
            sideTables.largeSubtreeEnds.removeFirst()
        }
        let length = max(end - Int(starts[0]), 0), size = count
        if length | size < Int(Self.outlying) {
            lengths[0] = UInt16(truncatingIfNeeded: length)
            subtreeSizes[0] = UInt16(truncatingIfNeeded: size)
        } else {
            lengths[0] = Self.outlying
            subtreeSizes[0] = Self.outlying
            sideTables.largeNodes.insert(0, at: 0)
            sideTables.largeNodeEnds.insert(UInt32(truncatingIfNeeded: end), at: 0)
            sideTables.largeSubtreeEnds.insert(Int32(truncatingIfNeeded: size), at: 0)
        }
    }
}

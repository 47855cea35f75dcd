import Foundation
import Testing
import CardDiagnostics
@testable import CardSyntax
import CardDriver

/// `Parser.parse(_:threads:)` cuts a large file into segments parsed on threads of their own. It
/// must give the one-thread tree node for node, whatever the cut: at a declaration of a clean
/// file (the segments are joined), or anywhere else, in a file with mistakes, inside a comment
/// or a string (the segments are dropped and the file parsed again). The tests cut small files
/// at every line that starts a declaration, and at lines that do not.
@Suite struct ParallelParseTests {
    /// What differs between two trees of the same file, or nil when they are the same.
    static func difference(_ a: SyntaxTree, _ b: SyntaxTree) -> String? {
        let x = a.nodes, y = b.nodes
        if x.count != y.count { return "node counts \(x.count) and \(y.count)" }
        for i in 0..<x.count {
            if x.kinds[i] != y.kinds[i] || x.starts[i] != y.starts[i] || x.lengths[i] != y.lengths[i]
                || x.subtreeSizes[i] != y.subtreeSizes[i] || x.mains[i] != y.mains[i] {
                return "node \(i): \(x.kinds[i]) at \(x.starts[i]) and \(y.kinds[i]) at \(y.starts[i])"
            }
        }
        let s = x.sideTables, t = y.sideTables
        if s.outlyingMains != t.outlyingMains || s.outlyingStarts != t.outlyingStarts || s.outlyingEnds != t.outlyingEnds
            || s.outlyingKinds != t.outlyingKinds {
            return "outlying main tokens \(s.outlyingMains) and \(t.outlyingMains)"
        }
        if s.largeNodes != t.largeNodes || s.largeNodeEnds != t.largeNodeEnds || s.largeSubtreeEnds != t.largeSubtreeEnds {
            return "large nodes \(s.largeNodes) \(s.largeNodeEnds) \(s.largeSubtreeEnds) and \(t.largeNodes) \(t.largeNodeEnds) \(t.largeSubtreeEnds)"
        }
        if a.comments != b.comments { return "comments \(a.comments.count) and \(b.comments.count)" }
        if a.diagnostics != b.diagnostics { return "diagnostics \(a.diagnostics.count) and \(b.diagnostics.count)" }
        if a.tokenCount != b.tokenCount { return "token counts \(a.tokenCount) and \(b.tokenCount)" }
        if a.errorOffsets != b.errorOffsets { return "error offsets" }
        return nil
    }

    /// Offsets of the lines that start with `card`, `stack` or `theme`, a space and a name.
    static func declarationLines(_ bytes: [UInt8]) -> [Int] {
        bytes.withUnsafeBufferPointer { p in
            (1..<max(1, p.count)).filter { p[$0 - 1] == 0x0A && Parser.startsDeclaration(p, at: $0) }
        }
    }

    /// Offsets of every line start but the first.
    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        (1..<max(1, bytes.count)).filter { bytes[$0 - 1] == 0x0A }
    }

    /// Cuts `bytes` at each of `cuts` alone and at all of them at once; records any cut whose
    /// tree differs from the one-thread parse. Returns how many cuts were joined, not parsed again.
    @discardableResult
    static func expectSameTrees(_ name: String, _ bytes: [UInt8], cuts: [Int]) -> Int {
        let file = SourceFile(path: name, bytes: bytes)
        let serial = Parser.parse(file)
        var joined = 0
        for cut in [cuts] + cuts.map({ [$0] }) where !cut.isEmpty {
            let tree = Parser.parse(file, cuttingAt: cut)
            if let difference = difference(serial, tree) {
                Issue.record("\(name) cut at \(cut.prefix(8)): \(difference)")
                return joined
            }
            if Parser.joinedSegments(file, cuttingAt: cut) != nil { joined += 1 }
        }
        return joined
    }

    static func corpus() -> [(name: String, bytes: [UInt8])] {
        var result = RobustnessTests.corpus()
        for url in TestPaths.cardsFiles(under: TestPaths.fixtures) {
            result.append((url.lastPathComponent, TestPaths.bytes(of: url)))
        }
        result.append(("generated", Array(SyntheticDeck.generate(cards: 120, seed: 3).utf8)))
        return result
    }

    /// Clean files cut at their declarations are joined, into the one-thread tree.
    @Test func cutsAtDeclarationsOfCleanFilesAreJoined() {
        var joined = 0
        for (name, bytes) in Self.corpus() {
            // Not before the first token: a first segment without one is parsed again.
            let cuts = Self.declarationLines(bytes).filter {
                Parser.parse(SourceFile(path: name, bytes: Array(bytes[..<$0]))).nodes.count > 1
            }
            let clean = Parser.parse(SourceFile(path: name, bytes: bytes)).diagnostics.isEmpty
            let count = Self.expectSameTrees(name, bytes, cuts: cuts)
            // Every cut of a clean file at a declaration is joined (the test would otherwise pass
            // through the second parse alone).
            if clean && !cuts.isEmpty { #expect(count == cuts.count + 1, "\(name)") }
            joined += count
        }
        #expect(joined > 150)
    }

    /// Cuts anywhere else — inside blocks, comments, strings, argument lists — and cuts of files
    /// with mistakes still give the one-thread tree.
    @Test func cutsAnywhereGiveTheSameTree() {
        for (name, bytes) in Self.corpus() {
            // About 60 lines a file, spread over it.
            let lines = Self.lineStarts(bytes)
            let cuts = stride(from: 0, to: lines.count, by: max(1, lines.count / 60)).map { lines[$0] }
            Self.expectSameTrees(name, bytes, cuts: cuts)
        }
    }

    /// Declarations hidden where a cut would break them: in a block comment, a multi-line
    /// string, an unclosed block. The cut falls back to the one-thread parse.
    @Test func cutsInsideCommentsStringsAndUnclosedBlocks() {
        let sources = [
            "card A {\n  text(\"a\")\n}\n/* a comment\ncard B {\n  text(\"b\")\n}\n*/\ncard C { text(\"c\") }\n",
            "card A {\n  text(\"\"\"\n    x\ncard B {\n    \"\"\")\n}\ncard C { text(\"c\") }\n",
            "card A {\n  text(\"a\")\n\ncard B {\n  text(\"b\")\n}\n",
            "card A {\n  text(\"a\"\n}\ncard B {\n  text(\"b\")\n}\n",
            "card A: shadow\ncard B: rounded\nstack S: list { A B }\n",
            "import \"x.cards\"\ncard A {}\nimport \"y.cards\"\ncard B {}\n",
            "card A { text(\"a\") }\ncard B {}\n}\ncard C {}\n",
        ]
        for (index, source) in sources.enumerated() {
            let bytes = Array(source.utf8)
            let cuts = Self.declarationLines(bytes)
            #expect(!cuts.isEmpty)
            Self.expectSameTrees("source \(index)", bytes, cuts: cuts)
        }
    }

    /// Mutated samples (RobustnessTests' corruptions), cut at their declarations.
    @Test func mutatedFilesGiveTheSameTree() {
        var rng = SplitMix64(seed: 0x5E6)
        for (name, original) in RobustnessTests.corpus() {
            for variant in 0..<60 {
                var bytes = original
                for _ in 0..<(1 + rng.below(3)) { RobustnessTests.mutate(&bytes, &rng) }
                Self.expectSameTrees("\(name) variant \(variant)", bytes, cuts: Self.declarationLines(bytes))
            }
        }
    }

    /// The side tables move with their nodes: a main token of 4,096 bytes or more and a card of
    /// more than 65,535 bytes after the cut, a file node that only the joined file makes large.
    @Test func sideTablesAreJoined() {
        let long = String(repeating: "x", count: 5_000)
        let huge = (0..<4_000).map { "  text(\"line \($0)\")\n" }.joined()
        let source = "card A { text(\"a\") }\ncard \(long) { text(\"\(long)\") }\ncard C {\n\(huge)}\ncard D {}\n"
        let bytes = Array(source.utf8)
        let file = SourceFile(path: "large.cards", bytes: bytes)
        #expect(Parser.parse(file).diagnostics.isEmpty)
        let cuts = Self.declarationLines(bytes)
        #expect(cuts.count == 3)
        #expect(Self.expectSameTrees("large", bytes, cuts: cuts) == cuts.count + 1)
        // A file node small in each segment and large when joined.
        let small = (0..<2).map { "card C\($0) {\n" + String(repeating: "  text(\"abcdefghij\")\n", count: 1_700) + "}\n" }.joined()
        let smallBytes = Array(small.utf8)
        #expect(Self.expectSameTrees("two halves", smallBytes, cuts: Self.declarationLines(smallBytes)) == 2)
    }

    /// The cuts of a large file: at declarations, near equal parts, ascending; and
    /// `parse(_:threads:)` gives the one-thread tree.
    @Test func largeFileOnThreads() {
        let bytes = Array(SyntheticDeck.generate(cards: 1_800, seed: 11).utf8)
        #expect(bytes.count >= Parser.parallelMinimum)
        let file = SourceFile(path: "large.cards", bytes: bytes)
        let declarations = Set(Self.declarationLines(bytes))
        for parts in [2, 3, 4] {
            let starts = Parser.segmentStarts(in: file, parts: parts)
            #expect(starts.count == parts - 1)
            #expect(starts == starts.sorted() && Set(starts).count == starts.count)
            #expect(starts.allSatisfy { declarations.contains($0) })
            for (k, start) in starts.enumerated() {
                #expect(abs(start - bytes.count * (k + 1) / parts) < 4_096)
            }
            #expect(Self.difference(Parser.parse(file), Parser.parse(file, threads: parts)) == nil)
        }
    }
}

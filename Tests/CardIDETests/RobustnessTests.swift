import CardIDE
import CardTestSupport
import Foundation
import Testing

/// Every feature at many offsets of seeded mutations of the samples: nothing may trap, and
/// every range handed back must lie inside the document.
@Suite struct IDERobustnessTests {
    static let samplesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples")

    static let fragments: [[UInt8]] = ["{", "}", "(", ")", "[", "]", ",", ":", "$", ".", "\"", "\"\"\"", "/*", "//", "\n", "\r\n",
                                       "card ", "state ", "stack S: list {", "theme T: Mint {", "text(", "$item.", "push(", "é", "😀",
                                       "#FF", "\u{0}"].map { Array($0.utf8) } + [[0xFF], [0xC3]]

    @Test func featuresNeverTrapOnMutatedSamples() throws {
        var random = SplitMix64(seed: 20)
        let names = ["overview.cards", "trip.cards", "swipe.cards", "wallet.cards", "theme.cards"]
        for name in names {
            let original = try Array(Data(contentsOf: Self.samplesDirectory.appendingPathComponent(name)))
            for _ in 0..<6 {
                var bytes = original
                for _ in 0..<(1 + random.below(4)) {
                    let at = random.below(bytes.count + 1)
                    let end = min(bytes.count, at + random.below(12))
                    if random.below(2) == 0 {
                        bytes.replaceSubrange(at..<end, with: [])
                    } else {
                        bytes.insert(contentsOf: Self.fragments[random.below(Self.fragments.count)], at: at)
                    }
                }
                exercise(bytes, random: &random)
            }
        }
    }

    func exercise(_ bytes: [UInt8], random: inout SplitMix64) {
        let workspace = memoryWorkspace(files: ["theme.cards": (try? String(contentsOf: Self.samplesDirectory.appendingPathComponent("theme.cards"), encoding: .utf8)) ?? ""])
        workspace.open(path: "/p/main.cards", bytes: bytes, version: 1)
        guard let snapshot = workspace.snapshot(of: "/p/main.cards") else { Issue.record("no snapshot"); return }
        let count = bytes.count
        func inside(_ range: Range<Int>) -> Bool { range.lowerBound >= 0 && range.upperBound <= count }
        for diagnostic in snapshot.documentDiagnostics() { #expect(inside(diagnostic.range)) }
        for token in snapshot.semanticTokens() { #expect(inside(token.range)) }
        for region in snapshot.foldingRanges() { #expect(inside(region.range)) }
        for symbol in snapshot.documentSymbols() { #expect(inside(symbol.range) && inside(symbol.selectionRange)) }
        for hint in snapshot.inlayHints(in: 0..<count) { #expect(hint.offset >= 0 && hint.offset <= count) }
        for link in snapshot.documentLinks() { #expect(inside(link.range)) }
        _ = snapshot.codeActions(in: 0..<count)
        for usage in workspace.cardUsages(in: snapshot).value where usage.location.path == "/p/main.cards" {
            #expect(inside(usage.card) && inside(usage.location.range))
        }
        _ = workspace.importEdits(renaming: [("/p/theme.cards", "/p/sub/theme.cards"), ("/p", "/q")])
        for symbol in workspace.currentIndex().symbols(matching: String(decoding: bytes.prefix(3), as: UTF8.self)) {
            #expect(symbol.location.path != "/p/main.cards" || inside(symbol.location.range))
        }
        for _ in 0..<25 {
            let offset = random.below(count + 1)
            for item in snapshot.completions(at: offset) { #expect(inside(item.replacing) && item.replacing.upperBound == offset) }
            if let hover = snapshot.hover(at: offset) { #expect(inside(hover.range)) }
            _ = snapshot.signatureHelp(at: offset)
            _ = snapshot.definition(at: offset)
            _ = snapshot.references(at: offset, includeDeclaration: true)
            if let target = snapshot.prepareRename(at: offset) {
                #expect(inside(target.range))
                _ = snapshot.rename(at: offset, to: "renamed")
            }
            // The same questions across the workspace (its index built from the mutated buffer).
            _ = workspace.references(at: offset, in: snapshot, includeDeclaration: true)
            if case .success(let target?) = workspace.prepareRename(at: offset, in: snapshot) {
                #expect(inside(target.range))
                _ = workspace.rename(at: offset, in: snapshot, to: "renamed")
            }
            _ = snapshot.token(at: offset)
        }
        // A pulled report of a closed file, then the folders changed under the open document.
        for diagnostic in workspace.snapshot(ofFile: "/p/theme.cards", diagnosing: true)?.documentDiagnostics() ?? [] {
            #expect(diagnostic.range.upperBound <= (workspace.lineIndex(ofFile: "/p/theme.cards")?.bytes.count ?? 0))
        }
        workspace.changeFolders(added: ["/q"], removed: ["/p"])
        guard let moved = workspace.snapshot(of: "/p/main.cards") else { Issue.record("no snapshot after the folders changed"); return }
        #expect(moved !== snapshot)
        for diagnostic in moved.documentDiagnostics() { #expect(inside(diagnostic.range)) }
        _ = workspace.currentIndex()
    }
}

@testable import CardEmit
import CardSema
import Testing

/// Work that must grow with its input, not its square (issue 27): counted, not timed.
@Suite struct LinearGrowthTests {
    @Test("naming n same-kind parts probes O(n) names (20,000 `text` parts took 22.6 s)")
    func nameScopeProbes() {
        func probes(_ count: Int) -> Int {
            var scope = NameScope(reserved: ["text3"])
            var names = Set<String>()
            for index in 0..<count {
                // Two bases interleaved, and cells numbered from 1, as a card's parts are.
                names.insert(scope.allocate("text"))
                if index % 3 == 0 { names.insert(scope.allocate("Cell", numberedFrom: 1)) }
            }
            #expect(names.count == count + (count + 2) / 3, "every name distinct")
            #expect(!names.contains("text3"), "a reserved name is never given")
            return scope.probes
        }
        let small = probes(2_000), large = probes(4_000)
        #expect(large <= 2 * small + 16, "probes: \(small) for 2,000 names, \(large) for 4,000")
        var scope = NameScope()
        #expect((0..<4).map { _ in scope.allocate("text") } == ["text", "text2", "text3", "text4"])
        #expect((0..<2).map { _ in scope.allocate("Cell", numberedFrom: 1) } == ["Cell1", "Cell2"])
        #expect(scope.allocate("text", numberedFrom: 1) == "text1", "the numbering from 1 is its own")
    }
}

import CardEmit
import CardModel
import CardSema
import Testing

/// Every back end `--emit` accepts: named once, writing distinct files, deterministic.
@Suite struct BackendRegistryTests {
    @Test func namesAndExtensionsAreUnique() {
        #expect(Set(Backends.names).count == Backends.all.count)
        #expect(Set(Backends.all.map(\.fileExtension)).count == Backends.all.count)
        for backend in Backends.all { #expect(Backends.named(backend.name)?.name == backend.name) }
    }

    @Test(arguments: EmitTestPaths.cardsFiles(in: EmitTestPaths.samples))
    func everyBackEndIsDeterministicOnTheSamples(_ sample: String) throws {
        let result = checkInMemory(sample, in: EmitTestPaths.samples)
        let deck = try #require(result.decks.first)
        #expect(!result.hasErrors)
        for backend in Backends.all {
            let first = backend.emit(deck, options: BackendOptions())
            #expect(!first.isEmpty, "\(backend.name)")
            #expect(backend.emit(deck, options: BackendOptions()) == first, "\(backend.name) differs between runs")
        }
    }
}

import CardDiagnostics
import CardDriver
import CardEmit
import CardLayout
import CardSema
import Foundation
import Testing

/// Paths of the package files back-end tests read.
enum EmitTestPaths {
    /// `Tests/CardEmitTests`.
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let samples = packageRoot.appendingPathComponent("Samples")

    /// The `.cards` file names directly in `directory`, sorted.
    static func cardsFiles(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".cards") }.sorted()
    }

    static func text(of url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
}

/// Checks `name` from `directory` through an in-memory provider holding every `.cards` file of
/// that directory under its bare name, so paths in the output do not depend on where the package
/// is checked out; W104 is added as `cardc check` adds it.
func checkInMemory(_ name: String, in directory: URL) -> Compiler.Result {
    var files: [String: String] = [:]
    for file in EmitTestPaths.cardsFiles(in: directory) {
        files[file] = EmitTestPaths.text(of: directory.appendingPathComponent(file))
    }
    return Pipeline.check(paths: [name], root: ".", provider: MemoryFileProvider(files))
}

/// The checked deck of one source text, as `deck.cards` (failing the test on errors).
func emitDeck(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> CheckedDeck {
    let result = Pipeline.check(paths: ["deck.cards"], root: ".", provider: MemoryFileProvider(["deck.cards": source]))
    let errors = result.diagnostics.filter { $0.severity == .error }.map(\.message)
    #expect(errors.isEmpty, "unexpected errors: \(errors)", sourceLocation: sourceLocation)
    return try #require(result.decks.first, sourceLocation: sourceLocation)
}

import CardPipeline
import CardDiagnostics
import CardDriver
import Foundation
import Testing
import CardModel
import CardSources
import CardTestSupport

/// "Fix all", as `cardc fix` applies it (`FixEngine`, sharing `FixAll` with the language
/// server's code action): for every fixture, every sample and every multi-mistake deck, all
/// fix-its are applied pass after pass; none may be refused for introducing an error, none may
/// be left (a fixed diagnostic that comes back), no error may appear that was not there, and
/// each `// fixed:` line must read as it says.
@Suite struct FixAllTests {
    /// An entry file and the project root it is checked with.
    struct Input: CustomStringConvertible, Sendable {
        var path: String
        var root: String
        var description: String {
            let base = FixTestPaths.packageRoot.path + "/"
            return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
        }
    }

    /// Every single-file fixture of the checker and of the syntax tests, every import case and
    /// multi-mistake deck (`Fixtures/decks/<name>/main.cards`), and every sample.
    static let inputs: [Input] = {
        var inputs: [Input] = []
        let syntaxFixtures = FixTestPaths.packageRoot.appendingPathComponent("Tests/CardSyntaxTests/Fixtures")
        for directory in [FixTestPaths.fixtures, syntaxFixtures, FixTestPaths.samples] {
            for name in FixTestPaths.cardsFiles(in: directory) {
                inputs.append(Input(path: directory.appendingPathComponent(name).path, root: directory.path))
            }
        }
        for parent in [FixTestPaths.imports, FixTestPaths.decks] {
            for name in FixtureDirectories.subdirectories(of: parent) {
                let directory = parent.appendingPathComponent(name)
                inputs.append(Input(path: directory.appendingPathComponent("main.cards").path, root: directory.path))
            }
        }
        return inputs
    }()

    @Test func inputsAreFound() {
        #expect(Self.inputs.count >= 150)
        #expect(Self.inputs.filter { $0.path.contains("/decks/") }.count >= 3, "multi-mistake decks not found")
    }

    @Test(arguments: inputs)
    func fixAll(_ input: Input) throws {
        let outcome = FixEngine(paths: [input.path], root: input.root).run()
        let (original, final) = (outcome.original, outcome.final)
        #expect(outcome.refusals.isEmpty, "\(input): fix-its that would introduce an error: \(outcome.refusals.map { "\($0.diagnostic) → \($0.error)" })")
        // Every fixable diagnostic was fixed: none is left with a fix-it `cardc fix` would apply.
        let left = FixAll.select(final.diagnostics).diagnostics.map { final.diagnostics[$0] }
        #expect(left.isEmpty, "\(input): still fixable after \(FixEngine.maximumPasses) passes: \(left.map { "\($0.code.rawValue) \($0.message)" })\n\(Self.text(of: final))")
        // No error the original did not have, counted by file and code (independently of the
        // engine's own check). A file with a syntax error may reveal the checker's errors.
        for file in original.fileSet.files {
            let before = original.diagnostics.filter { $0.span.file == file.id && $0.severity == .error }
            let onlySyntax = before.contains { $0.code.isRecoveredSyntax }
            guard let after = final.fileSet.files.first(where: { $0.path == file.path }) else { continue }
            var counts: [DiagnosticCode: Int] = [:]
            for error in before { counts[error.code, default: 0] += 1 }
            for error in final.diagnostics where error.span.file == after.id && error.severity == .error && (!onlySyntax || error.code.isSyntax) {
                counts[error.code, default: 0] -= 1
                #expect(counts[error.code, default: 0] >= 0, "\(input): fixing introduced \(error.code.rawValue) \(error.message)\n\(Self.text(of: final))")
            }
        }
        for file in final.fileSet.files {
            let problems = Expectations.verifyFixes(in: file.bytes)
            #expect(problems.isEmpty, "\(input): \((file.path as NSString).lastPathComponent): \(problems)\n\(Self.text(of: final))")
        }
    }

    /// The issue's new user, end to end: `cardc fix` mends every mistake with a fix-it, what is
    /// left is what the messages say to do by hand, and doing it leaves a clean deck.
    @Test func newUserDeckEndsClean() throws {
        let directory = FixTestPaths.decks.appendingPathComponent("new-user")
        let main = directory.appendingPathComponent("main.cards").path
        let outcome = FixEngine(paths: [main], root: directory.path).run()
        #expect(outcome.original.diagnostics.filter { $0.severity == .error }.count == 18)
        #expect(outcome.final.diagnostics.map(\.code) == [.e301, .e305, .e309], "\(outcome.final.diagnostics.map(\.message))")
        #expect(outcome.fixedCount == 17)
        // What the three messages say: a part that exists, another name, a stack kind that exists.
        let disk = DiskFileProvider()
        var files: [String: [UInt8]] = [:]
        for change in outcome.changes { files[disk.canonicalPath(change.path)] = change.new }
        var text = String(decoding: try #require(files[disk.canonicalPath(main)]), as: UTF8.self)
        text = text.replacingOccurrences(of: "sparkle($bio)", with: "text($bio)")
            .replacingOccurrences(of: "card Walker {", with: "card Sam {")
            .replacingOccurrences(of: "  Walker\n", with: "  Sam\n")
            .replacingOccurrences(of: "tinder(visibleCards: 3)", with: "swipe(visibleCards: 3)")
        files[disk.canonicalPath(main)] = Array(text.utf8)
        let clean = Pipeline.check(paths: [main], root: directory.path, provider: OverlayFileProvider(buffers: files, base: disk))
        // Without errors the contrast rule runs: the swipe overlay's `.green` header on white is
        // W1001, with a fix-it the next `cardc fix` applies.
        #expect(clean.diagnostics.map(\.code) == [.w1001], "\(clean.diagnostics.map { "\($0.code.rawValue) \($0.message)" })")
        #expect(clean.diagnostics.first?.fixIts.map(\.replacement) == ["#00AD00"])
    }

    /// The files of a run, for failure messages.
    static func text(of result: Pipeline.Result) -> String {
        result.fileSet.files.map { "--- \(($0.path as NSString).lastPathComponent)\n" + String(decoding: $0.bytes, as: UTF8.self) }
            .joined(separator: "\n")
    }
}

/// The checker's and the syntax tests' fixtures and the samples, from this file's location.
private enum FixTestPaths {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("Tests/CardSemaTests/Fixtures")
    static let imports = fixtures.appendingPathComponent("imports")
    static let decks = fixtures.appendingPathComponent("decks")
    static let samples = packageRoot.appendingPathComponent("Samples")

    /// Names of the `.cards` files in `directory`, sorted.
    static func cardsFiles(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".cards") }.sorted()
    }
}

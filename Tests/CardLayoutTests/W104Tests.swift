import CardDiagnostics
import CardDriver
import CardLayout
import CardModel
import CardSema
import CardTestSupport
import Foundation
import Testing

/// W104 (content taller than `cardHeight`): the fixture pair in `Fixtures/w104-*.cards` carries
/// its expectations inline; the exact set of (line, code) pairs must match.
@Suite struct W104Tests {
    static let fixtures = LayoutTestPaths.cardsFiles(in: LayoutTestPaths.fixtures).filter { $0.hasPrefix("w104-") }

    @Test func fixturePairExists() {
        #expect(Self.fixtures.contains { $0.contains("-ok-") }, "a near miss")
        #expect(Self.fixtures.contains { !$0.contains("-ok-") }, "a trigger")
    }

    @Test(arguments: fixtures)
    func fixture(_ name: String) {
        let result = compileInMemory(name, in: LayoutTestPaths.fixtures)
        var expected = 0
        for file in result.fileSet.files { expected += Expectations.parseAll(bytes: file.bytes).count }
        #expect(name.contains("-ok-") ? expected == 0 : expected > 0)
        let report = Expectations.verify(result.fileSet, diagnostics: result.diagnostics)
        #expect(report.isEmpty, "\(name): \(report)")
    }

    @Test func messageNamesTheTallestStateAndTheReference() throws {
        let result = compileInMemory("w104-taller-than-card-height.cards", in: LayoutTestPaths.fixtures)
        let warnings = result.diagnostics.filter { $0.code == .w104 }
        #expect(warnings.count == 3)
        let wordy = try #require(warnings.first { $0.message.contains("Wordy") })
        #expect(wordy.message == "card `Wordy` is 94 pt tall in state `hasData`, taller than stack `Narrow`'s cardHeight of 90")
        #expect(wordy.severity == .warning)
        // At the reference in the stack, with a note at the card's declaration.
        let file = result.fileSet[wordy.span.file]
        #expect(file.text(wordy.span.range) == "Wordy")
        #expect(wordy.notes.contains { $0.span != nil && $0.message.contains("declared here") })
        let tall = try #require(warnings.first { $0.message.contains("Tall") && $0.message.contains("Wallet") })
        #expect(tall.message == "card `Tall` is 201 pt tall in state `none`, taller than stack `Wallet`'s cardHeight of 200")
    }

    /// `cardc check` runs the layout pass, so CI sees W104 — and `--strict` fails on it.
    @Test func checkCommandReportsW104() throws {
        let directory = try makeTemporaryDirectory([
            "wallet.cards": LayoutTestPaths.text(of: LayoutTestPaths.fixtures.appendingPathComponent("w104-taller-than-card-height.cards")),
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/wallet.cards"
        let plain = runCardc(["check", path])
        #expect(plain.code == 0)
        #expect(plain.err.contains("warning[W104]: card `Tall` is 201 pt tall"))
        #expect(plain.err.contains("0 errors, 3 warnings"))
        #expect(runCardc(["check", "--strict", path]).code == 1)
        let json = runCardc(["check", "--format", "json", path])
        #expect(json.out.contains("\"code\": \"W104\"") || json.out.contains("\"code\":\"W104\""))
        // A wider viewport gives the card more room: the wordy card then fits in fewer lines.
        let wide = runCardc(["check", "--viewport", "2000x844", path])
        #expect(!wide.err.contains("`Wordy`"))
        #expect(runCardc(["check", "--viewport", "wide", path]).code == 2)
    }

    /// Each entry file is a unit of its own (docs/language.md §4): another input's error does not
    /// hide its W104, and a unit that imports a file with an error gets none.
    @Test func w104PerUnit() {
        let directory = LayoutTestPaths.fixtures.appendingPathComponent("w104-units")
        var files: [String: String] = [:]
        for name in LayoutTestPaths.cardsFiles(in: directory) { files[name] = LayoutTestPaths.text(of: directory.appendingPathComponent(name)) }
        // Every order of the inputs: the warning of `tall.cards` never depends on where the error is.
        for paths in [["tall.cards", "broken.cards", "uses-broken.cards"], ["broken.cards", "uses-broken.cards", "tall.cards"]] {
            let result = compileWithLayout(paths: paths, files: files)
            let report = Expectations.verify(result.fileSet, diagnostics: result.diagnostics)
            #expect(report.isEmpty, "\(paths): \(report)")
        }
    }

    /// `cardc check DIR`: CI sees the warning before every other file's errors are fixed.
    @Test func w104InDirectoryModeDespiteAnotherFilesError() throws {
        let source = LayoutTestPaths.fixtures.appendingPathComponent("w104-units")
        var files: [String: String] = [:]
        for name in LayoutTestPaths.cardsFiles(in: source) { files[name] = LayoutTestPaths.text(of: source.appendingPathComponent(name)) }
        let directory = try makeTemporaryDirectory(files)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = runCardc(["check", "--color", "never", directory])
        #expect(run.code == 1)
        #expect(run.err.contains("tall.cards:7:3: warning[W104]: card `Statement` is 277 pt tall"), "\(run.err)")
        #expect(!run.err.contains("`Receipt`"))
    }

    /// No layout pass on a deck with errors (its model may be incomplete).
    @Test func noLayoutDiagnosticsWithErrors() {
        let result = compileWithLayout(paths: ["deck.cards"], files: ["deck.cards": """
        card Tall { spacer(height: 500) }
        card Broken { text(42) }
        stack S: collapsible { Tall Broken }
        """])
        #expect(result.hasErrors)
        #expect(!result.diagnostics.contains { $0.code == .w104 })
    }
}

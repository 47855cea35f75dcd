import CardPipeline
import CardDiagnostics
import Foundation
import Testing
import CardModel
@testable import CardSema
import CardTestSupport

/// Checker fixtures in `Fixtures/` carry their expected diagnostics inline (`// expect: E501`,
/// `// expect@+1: W101`); each is checked with `Pipeline.check` and the exact multiset of
/// (line, code) pairs is compared — a missing or an extra diagnostic fails.
///
/// - `Fixtures/<code>-*.cards` trigger a code; `Fixtures/<code>-ok-*.cards` are its near misses
///   and must produce no diagnostic at all. Other names (`recovery-*`) are one-root-cause cases.
/// - `Fixtures/imports/<case>/main.cards` are multi-file cases, checked with the case directory
///   as the project root; expectations may sit in any file the case loads.
@Suite struct CheckerFixtureTests {
    static let singleFileFixtures: [String] = SemaTestPaths.cardsFiles(in: SemaTestPaths.fixtures)
    static let importCases: [String] = FixtureDirectories.subdirectories(of: SemaTestPaths.imports)
    static let decks: [String] = FixtureDirectories.subdirectories(of: SemaTestPaths.decks)

    /// Codes this suite must cover with a triggering fixture and a near miss (docs/language.md §10,
    /// E3xx–E8xx plus the checker's warnings; W104 belongs to the layout pass, W901 to the
    /// suppressions, `Tests/CardProjectTests/SuppressionTests.swift`).
    static let checkerCodes: [DiagnosticCode] = DiagnosticCode.allCases.filter { code in
        guard code != .w104 && code != .w901 else { return false }
        guard code.severity == .error else { return true }
        let hundreds = code.rawValue.dropFirst().first ?? "0"
        return "345678".contains(hundreds)
    }

    @Test(arguments: singleFileFixtures)
    func singleFileFixture(_ name: String) throws {
        let path = SemaTestPaths.fixtures.appendingPathComponent(name).path
        let result = Pipeline.check(paths: [path], root: SemaTestPaths.fixtures.path)
        #expect(result.unreadable.isEmpty, "cannot read \(name)")
        try verify(result, name: name, isNearMiss: name.contains("-ok-"))
    }

    @Test(arguments: importCases)
    func importFixture(_ caseName: String) throws {
        let directory = SemaTestPaths.imports.appendingPathComponent(caseName)
        let path = directory.appendingPathComponent("main.cards").path
        let result = Pipeline.check(paths: [path], root: directory.path)
        #expect(result.unreadable.isEmpty, "cannot read \(caseName)/main.cards")
        try verify(result, name: "imports/\(caseName)", isNearMiss: caseName.contains("-ok-"))
    }

    /// A deck with several mistakes, as a new user writes them: every file's expectations hold
    /// as `cardc check` reports them (W104 included).
    @Test(arguments: decks)
    func deck(_ name: String) throws {
        let directory = SemaTestPaths.decks.appendingPathComponent(name)
        let result = Pipeline.check(paths: [directory.appendingPathComponent("main.cards").path], root: directory.path)
        #expect(result.unreadable.isEmpty, "cannot read decks/\(name)/main.cards")
        try verify(result, name: "decks/\(name)", isNearMiss: false)
    }

    /// Compares every loaded file's expectations with the diagnostics reported in it.
    func verify(_ result: Pipeline.Result, name: String, isNearMiss: Bool) throws {
        var expectedCount = 0
        for file in result.fileSet.files { expectedCount += Expectations.parseAll(bytes: file.bytes).count }
        if isNearMiss {
            #expect(expectedCount == 0, "\(name): a near-miss fixture must not expect diagnostics")
        } else {
            #expect(expectedCount > 0, "\(name): a fixture must expect at least one diagnostic")
        }
        let report = Expectations.verify(result.fileSet, diagnostics: result.diagnostics)
        #expect(report.isEmpty, "\(name): \(report)\n\(Self.describe(result))")
    }

    /// Every diagnostic as `file:line:col CODE message` plus its notes, for mismatch messages.
    static func describe(_ result: Pipeline.Result) -> String {
        guard !result.diagnostics.isEmpty else { return "  (no diagnostics)" }
        return result.diagnostics.map { d in
            let file = result.fileSet[d.span.file]
            var line = "  \((file.path as NSString).lastPathComponent):\(file.location(of: d.span.start)) \(d.code.rawValue) \(d.message)"
            for note in d.notes {
                let at = note.span.map { " @\(result.fileSet[$0.file].location(of: $0.start))" } ?? ""
                line += "\n      \(note.kind == .help ? "help" : "note"): \(note.message)\(at)"
            }
            return line
        }.joined(separator: "\n")
    }

    @Test func fixturesAreFound() {
        #expect(Self.singleFileFixtures.count >= 60, "fixtures not found in \(SemaTestPaths.fixtures.path)")
        #expect(Self.importCases.count >= 8, "import cases not found in \(SemaTestPaths.imports.path)")
    }

    /// Every checker code has a fixture that triggers it (by expectation) and a near miss named
    /// after it.
    @Test func everyCheckerCodeHasAFixtureAndANearMiss() {
        var triggered = Set<String>()
        var nearMisses = Set<String>()
        var names: [(name: String, files: [URL])] = Self.singleFileFixtures.map { ($0, [SemaTestPaths.fixtures.appendingPathComponent($0)]) }
        for caseName in Self.importCases {
            names.append((caseName, SemaTestPaths.cardsFiles(in: SemaTestPaths.imports.appendingPathComponent(caseName), recursive: true)
                .map { SemaTestPaths.imports.appendingPathComponent(caseName).appendingPathComponent($0) }))
        }
        for (name, files) in names {
            let prefix = String(name.prefix { $0 != "-" }).uppercased()
            if name.contains("-ok-") { nearMisses.insert(prefix); continue }
            for file in files {
                for expectation in Expectations.parse(bytes: SemaTestPaths.bytes(of: file)) { triggered.insert(expectation.code) }
            }
        }
        for code in Self.checkerCodes {
            #expect(triggered.contains(code.rawValue), "no fixture triggers \(code.rawValue)")
            #expect(nearMisses.contains(code.rawValue), "no near-miss fixture \(code.rawValue.lowercased())-ok-*.cards")
        }
    }
}

/// Paths of this test target, found from `#filePath` (no resource bundles).
enum SemaTestPaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = testsDirectory.appendingPathComponent("Fixtures")
    static let imports = fixtures.appendingPathComponent("imports")
    /// Decks with several mistakes each (`<name>/main.cards` and its imports), checked as the
    /// import cases are and fixed by `FixAllTests` (CardDriverTests, beside `cardc fix`).
    static let decks = fixtures.appendingPathComponent("decks")
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let samples = packageRoot.appendingPathComponent("Samples")

    /// Names of the `.cards` files in `directory` (relative paths when `recursive`), sorted.
    static func cardsFiles(in directory: URL, recursive: Bool = false) -> [String] {
        let manager = FileManager.default
        let names: [String]
        if recursive {
            names = (manager.enumerator(atPath: directory.path)?.compactMap { $0 as? String }) ?? []
        } else {
            names = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
        }
        return names.filter { $0.hasSuffix(".cards") }.sorted()
    }

    static func bytes(of url: URL) -> [UInt8] {
        (try? Data(contentsOf: url)).map { [UInt8]($0) } ?? []
    }
}

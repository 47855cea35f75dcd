import CardDiagnostics
import CardDriver
import CardJSON
import CardPipeline
import CardSources
import CardSyntax
import CardTestSupport
import Foundation
import Testing
@testable import CardProject

/// Suppressions in the source (`// cardc:ignore W104`, `// cardc:ignore-file W801`) and W901:
/// the fixtures in `Fixtures/suppressions/` carry their expectations inline and are checked as
/// `cardc check` checks (`Pipeline.check`); `w901-*` trigger W901 and `w901-ok-*` are its near
/// misses. Also: the formatter keeps every suppression silencing the same warnings, W901's
/// fix-its remove what is unused, and a project's levels meet suppressions as documented.
@Suite struct SuppressionTests {
    static let directory = ProjectTestPaths.fixtures.appendingPathComponent("suppressions")
    static let fixtures = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        .filter { $0.hasSuffix(".cards") }.sorted()

    static func check(_ name: String, policy: DiagnosticPolicy = DiagnosticPolicy()) -> Pipeline.Result {
        Pipeline.check(paths: [directory.appendingPathComponent(name).path], root: directory.path, policy: policy)
    }

    static func check(text: String, policy: DiagnosticPolicy = DiagnosticPolicy()) -> Pipeline.Result {
        Pipeline.check(paths: ["/deck.cards"], root: "/", provider: MemoryFileProvider(["/deck.cards": text]), policy: policy)
    }

    static func describe(_ result: Pipeline.Result) -> String {
        result.diagnostics.map { "\(result.fileSet[$0.span.file].location(of: $0.span.start)) \($0.code.rawValue) \($0.message)" }
            .joined(separator: "\n")
    }

    @Test func fixturesAreFound() {
        #expect(Self.fixtures.contains { $0.hasPrefix("w901-ok-") }, "a near miss")
        #expect(Self.fixtures.filter { $0.hasPrefix("w901-") && !$0.contains("-ok-") }.count >= 3, "triggers")
    }

    @Test(arguments: fixtures)
    func fixture(_ name: String) {
        let result = Self.check(name)
        let expected = result.fileSet.files.reduce(0) { $0 + Expectations.parseAll(bytes: $1.bytes).count }
        #expect(name.contains("-ok-") ? expected == 0 : expected > 0)
        let report = Expectations.verify(result.fileSet, diagnostics: result.diagnostics)
        #expect(report.isEmpty, "\(name): \(report)\n\(Self.describe(result))")
        if name.hasPrefix("w901-") && !name.contains("-ok-") {
            #expect(result.diagnostics.contains { $0.code == .w901 }, "\(name) must trigger W901")
        }
    }

    /// `cardc fmt` moves no suppression off the warnings it silences: a wrapped call keeps its
    /// trailing comment's reach, and a comment above a construct still covers all of it. The
    /// checked diagnostics of the formatted file are those of the original (compared as codes
    /// and messages, since lines move).
    @Test(arguments: fixtures)
    func formattingKeepsSuppressionsInPlace(_ name: String) throws {
        let original = Self.check(name)
        guard let file = original.fileSet.files.first, let tree = original.files[file.id]?.tree, tree.diagnostics.isEmpty else { return }
        let formatted = try Formatter.format(tree)
        let again = Self.check(text: formatted)
        func summary(_ result: Pipeline.Result) -> [String] {
            result.diagnostics.map { "\($0.code.rawValue) \($0.message.replacingOccurrences(of: #"line[s]? [0-9–]+"#, with: "line", options: .regularExpression))" }.sorted()
        }
        #expect(summary(again) == summary(original), "\(name) formatted:\n\(formatted)\n\(Self.describe(again))")
    }

    /// The fixture with every form is long enough that the formatter wraps its calls: the test
    /// above then covers wrapped suppressions for real.
    @Test func theEveryFormFixtureIsWrappedByTheFormatter() throws {
        let result = Self.check("w901-ok-every-form.cards")
        let tree = try #require(result.files.values.first?.tree)
        let formatted = try Formatter.format(tree)
        #expect(formatted.contains("  title(\n"))
        #expect(formatted.contains("  ) // cardc:ignore W801\n"))
    }

    @Test func fixItsRemoveUnusedSuppressions() throws {
        let text = """
        card Budget {
          model {
            spent: 0.62
            // cardc:ignore W101
            label: "May"
          }
          bar(percent: $spent) // cardc:ignore W801
          text($label) // cardc:ignore W801, W105, W103
          button("Go") // cardc:ignore W105, W801
        }

        """
        let result = Self.check(text: text)
        let unused = result.diagnostics.filter { $0.code == .w901 }
        #expect(unused.count == 6, "\(Self.describe(result))")
        // Applied as an editor's "fix all" would, one pass per overlapping group.
        var bytes = Array(text.utf8)
        var pending = unused.flatMap(\.fixIts)
        while !pending.isEmpty {
            var taken: [FixIt] = []
            for fix in pending where !taken.contains(where: { $0.span.range.overlaps(fix.span.range) || $0 == fix }) { taken.append(fix) }
            for fix in taken.sorted(by: { $0.span.start > $1.span.start }) {
                bytes.replaceSubrange(fix.span.range, with: Array(fix.replacement.utf8))
            }
            let again = Self.check(text: String(decoding: bytes, as: UTF8.self))
            pending = again.diagnostics.filter { $0.code == .w901 }.flatMap(\.fixIts)
        }
        #expect(String(decoding: bytes, as: UTF8.self) == """
        card Budget {
          model {
            spent: 0.62
            label: "May"
          }
          bar(percent: $spent)
          text($label)
          button("Go") // cardc:ignore W105
        }

        """)
    }

    @Test func levelsAndSuppressions() throws {
        let text = """
        card Budget {
          model {
            unused: 1 // cardc:ignore W101
          }
          text("x")
        }

        """
        func policy(_ json: String) throws -> DiagnosticPolicy {
            DiagnosticPolicy(fallback: try ProjectConfiguration(parsing: Array(json.utf8), path: "cardc.json").levels)
        }
        // A warning made an error is still a warning's code: a suppression silences it.
        #expect(Self.check(text: text, policy: try policy(#"{ "diagnostics": { "W101": "error" } }"#)).diagnostics.isEmpty)
        // A code turned off leaves its suppressions with nothing to do.
        let off = Self.check(text: text, policy: try policy(#"{ "diagnostics": { "W101": "off" } }"#))
        #expect(off.diagnostics.map(\.code) == [.w901])
        // W901 has a level of its own.
        let quiet = Self.check(text: text, policy: try policy(#"{ "diagnostics": { "W101": "off", "W901": "off" } }"#))
        #expect(quiet.diagnostics.isEmpty)
        let loud = Self.check(text: text, policy: try policy(#"{ "diagnostics": { "W101": "off", "W901": "error" } }"#))
        #expect(loud.diagnostics.map(\.severity) == [.error])
        #expect(loud.hasErrors)
    }

    /// The command line: suppressions apply to every format, and `--strict` counts what is left.
    @Test func checkCommandHonoursSuppressions() throws {
        let directory = try makeTemporaryDirectory([
            "deck.cards": "card Budget {\n  model {\n    unused: 1 // cardc:ignore W101\n  }\n  text(\"x\")\n}\n",
            "stale.cards": "card Stale {\n  text(\"x\") // cardc:ignore W105\n}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(runCardc(["check", "--strict", directory + "/deck.cards"]).code == 0)
        let stale = runCardc(["check", "--strict", "--format", "json", directory + "/stale.cards"])
        #expect(stale.code == 1)
        #expect(stale.out.contains("\"code\": \"W901\""))
        #expect(stale.out.contains("\"replacement\": \"\""))
    }

    /// Files of two projects are checked in two groups and their diagnostics merged into one
    /// file set: a W901 about a suppression's own mistake stays on the file that has it (it
    /// was reported on the first group's file with the same ID).
    @Test func suppressionProblemsKeepTheirFileAcrossGroups() throws {
        let directory = try makeTemporaryDirectory([
            "a/cardc.json": "{}",
            "a/deck.cards": "// one\n// two\ncard Budget {\n  text(\"x\")\n}\n",
            "b/cardc.json": "{}",
            "b/bad.cards": "card Broken {\n  text(\"x\") // cardc:ignore E301, W10\n}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = [directory + "/a/deck.cards", directory + "/b/bad.cards"]
        let run = runCardc(["check", "--format", "github"] + paths)
        let w901 = run.out.split(separator: "\n").filter { $0.contains("title=W901") }
        #expect(w901.count == 2)
        #expect(w901.allSatisfy { $0.contains("file=\(directory)/b/bad.cards,line=2,") }, "\(w901)")
        // The fix-it of a mistyped code ("did you mean …") edits the same file.
        let json = runCardc(["check", "--format", "json"] + paths).out
        guard case .array(let diagnostics) = try JSONParser.parse(json) else { Issue.record("not an array: \(json)"); return }
        var fixes = 0
        for diagnostic in diagnostics {
            guard case .array(let edits)? = diagnostic["fixes"] else { continue }
            for edit in edits {
                fixes += 1
                #expect(edit["range"]?["file"]?.string == diagnostic["file"]?.string)
                #expect(edit["range"]?["file"]?.string == directory + "/b/bad.cards")
            }
        }
        #expect(fixes == 1)
    }
}

/// Suppressions read from any bytes: seeded random files mixing directives, codes, separators,
/// comments of every kind, unterminated ones and invalid UTF-8 go through `Pipeline.check` (and
/// the formatter where they parse) without a trap, and every W901 points inside its file.
@Suite struct SuppressionRobustnessTests {
    static let pieces: [[UInt8]] = [
        "// cardc:ignore", "// cardc:ignore-file", "//cardc:ignore", " W104", " W801,", ",W101", " E501", " W901", " -- why",
        " // expect: W901", "/* cardc:ignore W105 */", "/*", "*/", "/// cardc:ignore W105", "\n", "\r\n", "card A {", "}",
        "  text(\"x\")", "  button(\"Go\")", "  model { unused: 1 }", " cardc:ignore-", "\u{1B}", "é", "\"", "{", "(",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0x00]]

    @Test func randomFilesNeverTrap() throws {
        var random = SplitMix64(seed: 0x5EED_C1A5)
        for round in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<random.below(60) { bytes += Self.pieces[random.below(Self.pieces.count)] }
            let result = Pipeline.check(paths: ["/r.cards"], root: "/", provider: MemoryFileProvider([:]), sources: ["/r.cards": bytes])
            for diagnostic in result.diagnostics where diagnostic.code == .w901 {
                #expect(diagnostic.span.end <= bytes.count, "round \(round)")
                for fix in diagnostic.fixIts { #expect(fix.span.end <= bytes.count && fix.span.start >= 0, "round \(round)") }
            }
            if let tree = result.files.values.first?.tree, tree.diagnostics.isEmpty {
                _ = try? Formatter.format(tree)
            }
        }
    }
}

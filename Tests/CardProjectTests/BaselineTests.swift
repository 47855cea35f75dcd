import Foundation
import Testing

/// `cardc check --write-baseline FILE` and `--baseline FILE` (or cardc.json's `baseline`), as a
/// team adopting `cardc` uses them: record today's warnings, then see only new ones — through
/// edits above them, with a new warning, and after fixing one.
@Suite struct BaselineTests {
    static let deck = """
    card Budget {
      model {
        spent: 0.62
        unused: "x"
        other: 1
      }
      bar(percent: $spent)
      button("Go")
    }

    card Second {
      button("Again")
    }

    """

    func project(_ extra: [String: String] = [:]) throws -> String {
        try makeTemporaryDirectory(["proj/.git/HEAD": "ref: refs/heads/main\n", "proj/Cards/deck.cards": Self.deck].merging(extra) { $1 })
    }

    @Test func writeThenCheckAgainstIt() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let proj = directory + "/proj", baseline = proj + "/cardc-baseline.json"
        let written = runCardc(["check", "--write-baseline", baseline, proj + "/Cards"])
        #expect(written.code == 0)
        #expect(written.err == "wrote baseline \(baseline): 4 warnings in 1 file\n", "only the summary: the warnings are recorded, not shown")
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"format\": \"cardc-baseline\",\n  \"version\": 1,\n  \"warnings\": [\n"))
        #expect(text.contains("\"file\": \"Cards/deck.cards\""), "relative to the baseline's folder")
        #expect(text.contains("\"context\": \"card Second\""))
        #expect(!text.contains("\"line\""), "no line numbers")
        // Written again unchanged: kept as it is.
        #expect(runCardc(["check", "--write-baseline", baseline, proj + "/Cards"]).err.hasPrefix("kept baseline"))

        let clean = runCardc(["check", "--strict", "--baseline", baseline, proj + "/Cards"])
        #expect(clean.code == 0, "\(clean.err)")
        #expect(clean.err.contains("0 errors, 0 warnings in 1 file\nnote: 4 warnings recorded in the baseline not shown\n"))

        // Lines added above, a warning fixed (`other` removed) and a new one (`button("New")`).
        var edited = "// A header comment.\n\n" + Self.deck
        edited = edited.replacingOccurrences(of: "    other: 1\n", with: "")
        edited = edited.replacingOccurrences(of: "  button(\"Go\")\n", with: "  button(\"Go\")\n  button(\"New\")\n")
        try Data(edited.utf8).write(to: URL(fileURLWithPath: proj + "/Cards/deck.cards"))
        let after = runCardc(["check", "--strict", "--format", "json", "--baseline", baseline, proj + "/Cards"])
        #expect(after.code == 1)
        #expect(after.out.components(separatedBy: "\"code\":").count == 2, "only the new warning: \(after.out)")
        #expect(after.out.contains("\"line\": 10"))
        let notes = runCardc(["check", "--baseline", baseline, proj + "/Cards/deck.cards"]).err
        #expect(notes.contains("note: 3 warnings recorded in the baseline not shown"))
        #expect(notes.contains("note: 1 warning recorded in the baseline \(baseline) is no longer found"))
        // A second identical line is a second warning: one recorded hides one found.
        let twice = edited.replacingOccurrences(of: "  button(\"Again\")\n", with: "  button(\"Again\")\n  button(\"Again\")\n")
        try Data(twice.utf8).write(to: URL(fileURLWithPath: proj + "/Cards/deck.cards"))
        let doubled = runCardc(["check", "--format", "json", "--baseline", baseline, proj + "/Cards"])
        #expect(doubled.out.components(separatedBy: "\"code\": \"W105\"").count == 3, "the new button and one of the two `Again`s")
    }

    @Test func configurationNamesTheBaseline() throws {
        let directory = try project(["proj/cardc.json": #"{ "baseline": "cardc-baseline.json" }"#])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let proj = directory + "/proj"
        let missing = runCardc(["check", proj + "/Cards"])
        #expect(missing.code == 2)
        #expect(missing.err.contains("baseline \(proj)/cardc-baseline.json not found (cardc check --write-baseline"))
        #expect(runCardc(["check", "--write-baseline", proj + "/cardc-baseline.json", proj + "/Cards"]).code == 0)
        let checked = runCardc(["check", "--strict", proj + "/Cards/deck.cards"])
        #expect(checked.code == 0, "\(checked.err)")
        #expect(runCardc(["check", "--print-config", proj + "/Cards/deck.cards"]).out.contains("baseline       \(proj)/cardc-baseline.json (\(proj)/cardc.json)"))
        // --baseline overrides it.
        try Data(#"{ "format": "cardc-baseline", "version": 1, "warnings": [] }"#.utf8).write(to: URL(fileURLWithPath: directory + "/empty.json"))
        #expect(runCardc(["check", "--strict", "--baseline", directory + "/empty.json", proj + "/Cards"]).code == 1)
    }

    @Test func mistakesAreUsageErrors() throws {
        let directory = try project(["proj/bad.json": #"{ "format": "something", "version": 1, "warnings": [] }"#,
                                     "proj/broken.cards": "card {\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let proj = directory + "/proj"
        let bad = runCardc(["check", "--baseline", proj + "/bad.json", proj + "/Cards"])
        #expect(bad.code == 2)
        #expect(bad.err.contains("not a cardc baseline"))
        #expect(runCardc(["check", "--baseline", proj + "/Cards", proj + "/Cards"]).code == 2, "a directory")
        let both = runCardc(["check", "--baseline", proj + "/bad.json", "--write-baseline", proj + "/b.json", proj + "/Cards"])
        #expect(both.code == 2)
        // With errors, nothing is written.
        let errors = runCardc(["check", "--write-baseline", proj + "/b.json", proj])
        #expect(errors.code == 1)
        #expect(errors.err.contains("baseline \(proj)/b.json not written: fix the errors first"))
        #expect(!errors.err.contains("W105"), "only the errors are shown")
        #expect(!FileManager.default.fileExists(atPath: proj + "/b.json"))
        #expect(runCardc(["check", "--write-baseline", proj + "/nope/b.json", proj + "/Cards"]).code == 2)
    }
}

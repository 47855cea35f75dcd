import CardPipeline
import Foundation
import Testing
@testable import CardDriver

/// `cardc check` checks each file once, in the unit of a file that imports it (issue 27: a
/// directory of 10,000 files forming one import chain made 10,000 units of up to 10,000 files).
@Suite struct CheckUnitTests {
    /// `count` files, each importing the next, each with a card.
    func chain(_ count: Int) throws -> String {
        var files: [String: String] = [:]
        for index in 0..<count {
            let head = index + 1 < count ? "import \"f\(index + 1).cards\"\n" : ""
            files["f\(index).cards"] = head + "card C\(index) { text(\"\(index)\") }\n"
        }
        return try temporaryDirectory(files)
    }

    @Test("an import chain given as a directory is one unit: the cards checked grow with the files, not their square")
    func chainIsOneUnit() throws {
        func cardChecks(_ count: Int) throws -> Int {
            let directory = try chain(count)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let files = try InputFiles.expand([directory], allowDirectories: true, sizeLimit: 1 << 20).files
            let result = Pipeline.check(paths: files, root: directory, units: .importRoots)
            #expect(result.decks.count == 1)
            #expect(result.fileSet.files.count == count, "each file loaded once")
            #expect(!result.hasErrors)
            return result.cardChecks
        }
        let small = try cardChecks(40), large = try cardChecks(80)
        #expect(small == 40 && large == 80, "cards checked: \(small) for 40 files, \(large) for 80")
    }

    @Test("a file imported by another is checked in the importer's unit; named alone, in its own")
    func importedFileUsesTheImportersNames() throws {
        // lib.cards lists a card that only main.cards declares: fine in main's unit, E303 alone.
        let directory = try temporaryDirectory([
            "main.cards": "import \"lib.cards\"\ncard Main { text(\"m\") }\n",
            "lib.cards": "stack Lib: list { Main }\ncard Broken { zz }\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let all = runCardc(["check", directory, "--format", "json"])
        #expect(all.code == 1)
        #expect(all.out.contains("\"code\": \"E301\""), "lib's own error is reported")
        #expect(!all.out.contains("\"code\": \"E303\""), "\(all.out)")
        let alone = runCardc(["check", directory + "/lib.cards", "--format", "json"])
        #expect(alone.out.contains("\"code\": \"E303\""))
        // A cycle given whole: each file is still checked.
        let cycle = try temporaryDirectory(["a.cards": "import \"b.cards\"\ncard A { zz }\n", "b.cards": "import \"a.cards\"\ncard B { qq }\n"])
        defer { try? FileManager.default.removeItem(atPath: cycle) }
        let both = runCardc(["check", cycle, "--format", "json"])
        #expect(both.out.components(separatedBy: "\"code\": \"E301\"").count - 1 == 2, "\(both.out)")
        #expect(both.out.contains("\"code\": \"E307\""))
    }
}

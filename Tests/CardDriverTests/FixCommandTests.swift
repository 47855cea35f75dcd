import CardDiagnostics
import Foundation
import Testing
@testable import CardDriver

/// `cardc fix` and `cardc check --fix`: which files they rewrite (atomically, only on change),
/// what they report, `--diff`, imports, syntax errors and symbolic links.
@Suite struct FixCommandTests {
    /// Two fixable mistakes (a misspelt part, a misspelt label) and one that is not (an action
    /// without a name to guess).
    static let deck = """
    card Walk {
      txt("Morning walk")
      text("Park", colour: .blue)
      button("Go")
    }

    """
    static let fixed = """
    card Walk {
      text("Morning walk")
      text("Park", color: .blue)
      button("Go")
    }

    """

    static func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    static func inodeAndModification(_ path: String) -> (UInt64, Date)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let inode = attributes[.systemFileNumber] as? UInt64, let date = attributes[.modificationDate] as? Date
        else { return nil }
        return (inode, date)
    }

    @Test func fixesTheFileAndReportsWhatIsLeft() throws {
        let directory = try temporaryDirectory(["deck.cards": Self.deck])
        let path = directory + "/deck.cards"
        let result = runCardc(["fix", "--color", "never", path])
        #expect(result.code == 0, "\(result.err)")
        #expect(Self.read(path) == Self.fixed)
        #expect(result.out.isEmpty)
        // What is left (the button's warning), the summary, then what was fixed.
        #expect(result.err.contains("\(path):4:3: warning[W105]"))
        #expect(!result.err.contains("E301") && !result.err.contains("E310"))
        #expect(result.err.hasSuffix("0 errors, 1 warning in 1 file\nfixed 2 problems in \(path)\n"), "\(result.err)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
        // A second run has nothing to fix and writes nothing.
        let before = try #require(Self.inodeAndModification(path))
        let again = runCardc(["fix", "--color", "never", path])
        #expect(again.code == 0)
        #expect(again.err.hasSuffix("nothing to fix\n"))
        let after = try #require(Self.inodeAndModification(path))
        #expect(before.0 == after.0 && before.1 == after.1)
    }

    @Test func checkFixIsTheSameCommandWithTheMachineFormats() throws {
        let directory = try temporaryDirectory(["deck.cards": Self.deck])
        let path = directory + "/deck.cards"
        let result = runCardc(["check", "--fix", "--format", "json", "--quiet", path])
        #expect(result.code == 0)
        #expect(Self.read(path) == Self.fixed)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
        #expect(json.map { $0["code"] as? String } == ["W105"])
        #expect(result.err.isEmpty, "--quiet leaves out the fixed lines")
        // Errors left fail the run, as `check` does.
        try Data("card A { txt(\"a\") text(42) }\n".utf8).write(to: URL(fileURLWithPath: path))
        let failing = runCardc(["check", "--fix", "--color", "never", path])
        #expect(failing.code == 1)
        #expect(Self.read(path) == "card A { text(\"a\") text(42) }\n")
        #expect(failing.err.contains("error[E801]"))
    }

    @Test func diffPrintsTheEditsAndWritesNothing() throws {
        let directory = try temporaryDirectory(["deck.cards": Self.deck])
        let path = directory + "/deck.cards"
        let before = try #require(Self.inodeAndModification(path))
        let result = runCardc(["fix", "--diff", "--color", "never", path])
        #expect(result.code == 0)
        #expect(result.out == """
            --- \(path)
            +++ \(path)
            @@ -1,5 +1,5 @@
             card Walk {
            -  txt("Morning walk")
            -  text("Park", colour: .blue)
            +  text("Morning walk")
            +  text("Park", color: .blue)
               button("Go")
             }

            """)
        #expect(result.err.hasSuffix("would fix 2 problems in \(path)\n"))
        #expect(Self.read(path) == Self.deck)
        let after = try #require(Self.inodeAndModification(path))
        #expect(before.0 == after.0 && before.1 == after.1)
        // `check --diff` is `check --fix --diff`; the diff needs stdout to itself.
        #expect(runCardc(["check", "--diff", path]).out == result.out)
        let json = runCardc(["fix", "--diff", "--format", "json", path])
        #expect(json.code == 2 && json.err.hasPrefix("cardc: error: --diff"))
    }

    @Test func fixesImportsAndFollowsLinks() throws {
        let directory = try temporaryDirectory([
            "main.cards": "import \"theme.cards\"\ncard A { text(\"a\") }\nstack S: list {\n  theme: Brand\n  A\n}\n",
            "real/theme.cards": "theme Brand: Turbo { titelColor: #112233 }\n",
        ])
        try FileManager.default.createSymbolicLink(atPath: directory + "/theme.cards", withDestinationPath: "real/theme.cards")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: directory + "/real/theme.cards")
        let result = runCardc(["fix", "--color", "never", directory + "/main.cards"])
        #expect(result.code == 0, "\(result.err)")
        #expect(Self.read(directory + "/real/theme.cards") == "theme Brand: Turbo { titleColor: #112233 }\n")
        // The link stays a link, and the file keeps its permissions.
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/theme.cards")) == "real/theme.cards")
        let permissions = try FileManager.default.attributesOfItem(atPath: directory + "/real/theme.cards")[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(result.err.contains("fixed 1 problem in \(directory)/theme.cards"))
    }

    /// A file with a syntax error gets the parser's certain fix-its only; the checker's are
    /// worked out from a guessed tree.
    @Test func aFileWithSyntaxErrorsGetsOnlySyntaxFixIts() throws {
        let source = """
        card A {
          model { rows: [(leftTitle: "a") (leftTitle: "b")] }
          txt("a")
          table(rows: $rows)
          text("b" ~)
        }

        """
        let directory = try temporaryDirectory(["deck.cards": source])
        let path = directory + "/deck.cards"
        let result = runCardc(["fix", "--color", "never", path])
        #expect(result.code == 1)
        // The comma the list misses is certain; `txt` → `text` waits until the syntax is right.
        #expect(Self.read(path) == source.replacingOccurrences(of: "(leftTitle: \"a\") (", with: "(leftTitle: \"a\"), ("))
        #expect(result.err.contains("error[E102]"))
        #expect(result.err.contains("error[E301]: unknown part `txt`"))
    }
}

import CardDiagnostics
import Foundation
import Testing
@testable import CardDriver

/// `cardc fmt`: which files it rewrites (atomically, only on change), `--check`, `--diff`,
/// stdin, syntax errors and directories.
@Suite struct FmtCommandTests {
    static let messy = "card A {text(\"a\") ;  text(\"b\")}\n"
    static let canonical = "card A {\n  text(\"a\")\n  text(\"b\")\n}\n"

    static func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    static func inodeAndModification(_ path: String) -> (UInt64, Date)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let inode = attributes[.systemFileNumber] as? UInt64, let date = attributes[.modificationDate] as? Date
        else { return nil }
        return (inode, date)
    }

    @Test func rewritesChangedFilesAndLeavesTheOthersAlone() throws {
        let directory = try temporaryDirectory(["a.cards": Self.messy, "b.cards": Self.canonical, "sub/d.cards": Self.messy,
                                                ".hidden/c.cards": Self.messy, "notes.txt": Self.messy])
        let before = try #require(Self.inodeAndModification(directory + "/b.cards"))
        let result = runCardc(["fmt", directory])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.isEmpty)
        #expect(Self.read(directory + "/a.cards") == Self.canonical)
        #expect(Self.read(directory + "/sub/d.cards") == Self.canonical)
        // Hidden directories and other files are skipped, as `cardc check` skips them.
        #expect(Self.read(directory + "/.hidden/c.cards") == Self.messy)
        #expect(Self.read(directory + "/notes.txt") == Self.messy)
        // An unchanged file is not written: same inode, same modification time.
        let after = try #require(Self.inodeAndModification(directory + "/b.cards"))
        #expect(before.0 == after.0 && before.1 == after.1)
        // No temporary file is left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
        // A second run changes nothing.
        #expect(runCardc(["fmt", "--check", directory]).code == 0)
    }

    @Test func checkListsWhatWouldChangeAndChangesNothing() throws {
        let directory = try temporaryDirectory(["a.cards": Self.messy, "b.cards": Self.canonical, "c.cards": Self.messy])
        let result = runCardc(["fmt", "--check", directory])
        #expect(result.code == 1)
        #expect(result.out == "\(directory)/a.cards\n\(directory)/c.cards\n")
        #expect(Self.read(directory + "/a.cards") == Self.messy)
        let clean = runCardc(["fmt", "--check", directory + "/b.cards"])
        #expect(clean.code == 0 && clean.out.isEmpty && clean.err.isEmpty)
    }

    @Test func diffPrintsAUnifiedDiffAndChangesNothing() throws {
        let directory = try temporaryDirectory(["a.cards": Self.messy])
        let path = directory + "/a.cards"
        let result = runCardc(["fmt", "--diff", path])
        #expect(result.code == 1)
        #expect(result.out == """
            --- \(path)
            +++ \(path)
            @@ -1 +1,4 @@
            -card A {text("a") ;  text("b")}
            +card A {
            +  text("a")
            +  text("b")
            +}

            """)
        #expect(Self.read(path) == Self.messy)
        #expect(runCardc(["fmt", "--diff", path]).out == result.out)
        let formatted = try temporaryDirectory(["b.cards": Self.canonical])
        let none = runCardc(["fmt", "--diff", formatted + "/b.cards"])
        #expect(none.code == 0 && none.out.isEmpty)
    }

    @Test func aFileWithSyntaxErrorsIsReportedAndLeftUntouched() throws {
        let broken = "card A {\n  text(\"a\"\n}\n"
        let directory = try temporaryDirectory(["broken.cards": broken, "fine.cards": Self.messy])
        let result = runCardc(["fmt", directory])
        #expect(result.code == 1)
        #expect(result.err.contains("broken.cards:2:7: error[E202]"))
        #expect(result.err.contains("1 file has syntax errors and was left unchanged"))
        #expect(Self.read(directory + "/broken.cards") == broken)
        // The other files are formatted all the same.
        #expect(Self.read(directory + "/fine.cards") == Self.canonical)
        #expect(runCardc(["fmt", "--check", directory]).code == 1)
    }

    @Test func standardInputToStandardOutput() throws {
        var output = CapturedOutput()
        let code = try FmtCommand.run(["-"], standardInput: Array(Self.messy.utf8), output: &output)
        #expect(code == 0)
        #expect(output.out == Self.canonical)
        #expect(output.error.isEmpty)

        var unchanged = CapturedOutput()
        #expect(try FmtCommand.run(["-", "--check"], standardInput: Array(Self.canonical.utf8), output: &unchanged) == 0)
        #expect(unchanged.out.isEmpty)
        var changed = CapturedOutput()
        #expect(try FmtCommand.run(["--check", "-"], standardInput: Array(Self.messy.utf8), output: &changed) == 1)
        #expect(changed.out == "<stdin>\n")
        var diff = CapturedOutput()
        #expect(try FmtCommand.run(["-", "--diff"], standardInput: Array(Self.messy.utf8), output: &diff) == 1)
        #expect(diff.out.hasPrefix("--- <stdin>\n+++ <stdin>\n@@ -1 +1,4 @@\n"))

        // With errors: diagnostics on stderr, nothing on stdout (an editor keeps its buffer).
        var broken = CapturedOutput()
        #expect(try FmtCommand.run(["-"], standardInput: Array("card A { text( }".utf8), output: &broken) == 1)
        #expect(broken.out.isEmpty)
        #expect(broken.error.contains("<stdin>:1:14: error[E202]"))

        let mixed = runCardc(["fmt", "-", "x.cards"])
        #expect(mixed.code == 2 && mixed.err == "cardc: error: '-' (stdin) cannot be combined with other paths\n")
    }

    @Test func permissionsAndSymbolicLinksSurviveARewrite() throws {
        let directory = try temporaryDirectory(["real.cards": Self.messy])
        let real = directory + "/real.cards", link = directory + "/link.cards"
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: real)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.cards")
        #expect(runCardc(["fmt", link]).code == 0)
        #expect(Self.read(real) == Self.canonical)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "real.cards")
        let permissions = try FileManager.default.attributesOfItem(atPath: real)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func usageAndHelp() {
        #expect(runCardc(["fmt"]).code == 2)
        #expect(runCardc(["fmt", "--nope", "x"]).code == 2)
        #expect(runCardc(["fmt", "/no/such/file.cards"]).err == "cardc: error: no such file or directory: /no/such/file.cards\n")
        let help = runCardc(["help", "fmt"])
        #expect(help.code == 0 && help.out.contains("USAGE: cardc fmt PATH..."))
        #expect(runCardc(["--help"]).out.contains("  fmt "))
    }
}

/// `UnifiedDiff` against hand-checked `diff -u` output, and applied back (by a small patcher
/// here) to random edits: applying the hunks to the old text gives the new one.
@Suite struct UnifiedDiffTests {
    static func diff(_ old: String, _ new: String) -> String {
        UnifiedDiff.render(old: Array(old.utf8), new: Array(new.utf8), oldName: "a", newName: "b")
    }

    @Test func formatAsDiffPrintsIt() {
        #expect(Self.diff("same\n", "same\n") == "")
        // `diff -u` output for these inputs (GNU diffutils 3.8).
        let old = (1...12).map { "line \($0)\n" }.joined()
        var lines = (1...12).map { "line \($0)\n" }
        lines[1] = "changed 2\n"
        lines.remove(at: 10)
        lines.append("added\n")
        #expect(Self.diff(old, lines.joined()) == """
            --- a
            +++ b
            @@ -1,5 +1,5 @@
             line 1
            -line 2
            +changed 2
             line 3
             line 4
             line 5
            @@ -8,5 +8,5 @@
             line 8
             line 9
             line 10
            -line 11
             line 12
            +added

            """)
        #expect(Self.diff("a\nb", "a\nb\n") == "--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n")
        #expect(Self.diff("", "x\n") == "--- a\n+++ b\n@@ -0,0 +1 @@\n+x\n")
        #expect(Self.diff("x\n", "") == "--- a\n+++ b\n@@ -1 +0,0 @@\n-x\n")
        // Control characters are escaped, as everywhere source text is shown.
        #expect(Self.diff("a\u{1B}[2J\n", "b\n").contains("-a\\u{1B}[2J\n"))
    }

    /// A diff counts the lines diagnostics and editors count (docs/language.md §2): a lone CR
    /// ends one, shown as `\u{D}` where line endings differ.
    @Test func aLoneCarriageReturnEndsADiffLine() {
        #expect(Self.diff("x\ry\rz\n", "x\ry\rZ\n") == "--- a\n+++ b\n@@ -1,3 +1,3 @@\n x\\u{D}\n y\\u{D}\n-z\n+Z\n")
        #expect(Self.diff("a\rb\r\n", "a\nb\n") == "--- a\n+++ b\n@@ -1,2 +1,2 @@\n-a\\u{D}\n-b\\u{D}\n+a\n+b\n")
        #expect(Self.diff("a\r", "a") == "--- a\n+++ b\n@@ -1 +1 @@\n-a\\u{D}\n+a\n\\ No newline at end of file\n")
    }

    /// Applies a unified diff to `old` (lines with their line breaks); nil when a hunk does
    /// not match.
    static func apply(_ diff: String, to old: [String]) -> [String]? {
        var result: [String] = []
        var next = 0
        var lines = diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var k = 2
        while k < lines.count {
            let header = lines[k]
            guard header.hasPrefix("@@ -") else { return nil }
            let oldRange = header.dropFirst(4).prefix { $0 != " " }.split(separator: ",")
            var start = Int(oldRange[0]) ?? 0
            let count = oldRange.count > 1 ? Int(oldRange[1]) ?? 0 : 1
            if count > 0 { start -= 1 }
            while next < start { result.append(old[next]); next += 1 }
            k += 1
            while k < lines.count && !lines[k].hasPrefix("@@") {
                let line = lines[k]
                let text = String(line.dropFirst()) + (k + 1 < lines.count && lines[k + 1].hasPrefix("\\") ? "" : "\n")
                switch line.first {
                case " ":
                    guard next < old.count, old[next] == text else { return nil }
                    result.append(text)
                    next += 1
                case "-":
                    guard next < old.count, old[next] == text else { return nil }
                    next += 1
                case "+": result.append(text)
                case "\\": break
                default: return nil
                }
                k += 1
            }
        }
        while next < old.count { result.append(old[next]); next += 1 }
        return result
    }

    /// A small deterministic generator (xorshift64*), so every run tests the same edits.
    struct Random {
        var state: UInt64
        mutating func below(_ n: Int) -> Int {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return n <= 0 ? 0 : Int((state &* 0x2545_F491_4F6C_DD1D) >> 33) % n
        }
    }

    @Test func randomEditsApplyBack() throws {
        var rng = Random(state: 99)
        let vocabulary = ["card A {\n", "}\n", "  text(\"a\")\n", "  x: 1\n", "\n", "// c\n", "  title(\"t\")\n"]
        for round in 0..<300 {
            let old = (0..<rng.below(40)).map { _ in vocabulary[rng.below(vocabulary.count)] }
            var new = old
            for _ in 0..<rng.below(8) {
                switch rng.below(3) {
                case 0: new.insert(vocabulary[rng.below(vocabulary.count)], at: rng.below(new.count + 1))
                case 1 where !new.isEmpty: new.remove(at: rng.below(new.count))
                default: if !new.isEmpty { new[rng.below(new.count)] = vocabulary[rng.below(vocabulary.count)] }
                }
            }
            let diff = Self.diff(old.joined(), new.joined())
            if old == new { #expect(diff.isEmpty); continue }
            let applied = try #require(Self.apply(diff, to: old), "round \(round): the diff does not apply\n\(diff)")
            #expect(applied == new, "round \(round)\n\(diff)")
            // Minimal: no more changed lines than a replace of the whole differing middle.
            let changed = diff.split(separator: "\n").filter { ($0.hasPrefix("-") || $0.hasPrefix("+")) && !$0.hasPrefix("---") && !$0.hasPrefix("+++") }
            #expect(changed.count <= old.count + new.count)
        }
    }

    /// A large file with scattered changes diffs in about linear time (anchored by unique
    /// lines), with small hunks.
    @Test func largeInputsStayLocal() {
        let old = (0..<20_000).map { "line \($0)\n" }
        var new = old
        for k in stride(from: 100, to: 20_000, by: 1_000) { new[k] = "changed \(k)\n" }
        let diff = Self.diff(old.joined(), new.joined())
        #expect(diff.components(separatedBy: "\n@@ ").count == 21)
        #expect(Self.apply(diff, to: old) == new)
    }
}

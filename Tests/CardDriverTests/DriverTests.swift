import CardDiagnostics
import Foundation
import Testing
@testable import CardDriver

/// Runs `cardc` in-process with captured streams.
func runCardc(_ arguments: [String], environment: [String: String] = [:], terminal: Bool = false) -> (code: Int32, out: String, err: String) {
    CapturedOutput.run(arguments, environment: environment, terminal: terminal)
}

/// A fresh temporary directory holding the given files.
func temporaryDirectory(_ files: [String: String] = [:]) throws -> String {
    let directory = NSTemporaryDirectory() + "cardc-driver-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for (name, text) in files {
        let path = directory + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
    return directory
}

let cleanDeck = """
card Hello: rounded(radius: 8) {
  text("Hello")
  button("Open", action: open)
}
stack Main: list { Hello }
"""

@Suite struct DriverTests {
    @Test func versionAndHelp() {
        let version = runCardc(["--version"])
        #expect(version.code == 0)
        #expect(version.out == "cardc \(Driver.version)\n")
        for command in ["check", "lint", "explain", "help", "lsp"] {
            let help = runCardc(["help", command])
            #expect(help.code == 0, "help \(command)")
            #expect(help.out.contains("USAGE: cardc"))
        }
        let checkHelp = runCardc(["check", "--help"])
        #expect(checkHelp.code == 0)
        #expect(checkHelp.out.contains("--format"))
        #expect(checkHelp.out.contains("--strict"))
        #expect(runCardc(["-h"]).out.contains("COMMANDS"))
        #expect(runCardc(["explain", "--help"]).code == 0)
        #expect(runCardc(["lsp", "--help"]).out.contains("--stall-timeout"))
    }

    /// `cardc check DIR`: the directory is the project root, so a nested folder's file found
    /// first does not shut the others' imports out (`Samples/` holds a sample package).
    @Test func checkingADirectoryRootsImportsAtIt() throws {
        let directory = try temporaryDirectory([
            "deck.cards": "import \"theme.cards\"\ncard A { text(\"a\") }\nstack S: list { theme: T  A }\n",
            "theme.cards": "theme T: Mint { titleColor: #112233 }\n",
            "App/Sources/Cards/b.cards": "import \"../../../theme.cards\"\ncard B { text(\"b\") }\nstack R: list { theme: T  B }\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = runCardc(["check", directory])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.err.contains("0 errors, 0 warnings in 3 files"), "\(result.err)")
        // An explicit root still wins.
        let rooted = runCardc(["check", directory, "--root", directory + "/App"])
        #expect(rooted.code == 1)
        #expect(rooted.err.contains("E308"))
    }

    /// A walked file and its import are named the same way: no `./`, no doubled `/`.
    @Test func walkedGivenAndImportedPathsAreSpeltAlike() throws {
        let directory = try temporaryDirectory(["imports/main.cards": "import \"missing.cards\"\ncard A { text(\"a\") }\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for operand in [directory + "/./", directory + "/./imports//main.cards"] {
            let result = runCardc(["check", operand, "--root", directory])
            #expect(result.code == 1)
            #expect(result.err.contains("\(directory)/imports/main.cards:1:8: error[E306]: cannot find imported file `\(directory)/imports/missing.cards`"),
                    "\(result.err)")
            #expect(!result.err.contains("/./") && !result.err.contains("//"), "\(result.err)")
        }
    }

    @Test func usageErrorsExitTwoWithOneLine() throws {
        let cases: [[String]] = [[], ["frobnicate"], ["check"], ["check", "--format", "xml", "a.cards"],
                                 ["check", "--bogus", "a.cards"], ["explain", "E999"], ["explain"],
                                 ["lsp", "a.cards"], ["lsp", "--stall-timeout", "0"], ["lsp", "--stdio-please"]]
        for arguments in cases {
            let result = runCardc(arguments)
            #expect(result.code == 2, "\(arguments)")
            if !arguments.isEmpty {
                #expect(result.err.hasPrefix("cardc: error: "), "\(arguments): \(result.err)")
                #expect(result.err.filter { $0 == "\n" }.count == 1, "\(arguments): one line")
            }
        }
    }

    /// A mistyped command, option or choice gets a did-you-mean, as git and cargo give; one that
    /// is far from every name gets none (and one-letter options never, being near one another).
    @Test func mistypedCommandsAndOptionsGetADidYouMean() {
        let cases: [([String], String)] = [
            (["chek", "a.cards"], "cardc: error: unknown command 'chek'; did you mean 'check'? (see 'cardc help')\n"),
            (["fxi", "a.cards"], "cardc: error: unknown command 'fxi'; did you mean 'fix'? (see 'cardc help')\n"),
            (["help", "biuld"], "cardc: error: no such command 'biuld'; did you mean 'build'? (see 'cardc help')\n"),
            (["check", "--stric", "a.cards"],
             "cardc: error: unknown option '--stric' for 'cardc check'; did you mean '--strict'? (see 'cardc help check')\n"),
            (["build", "a.cards", "--emti", "json"],
             "cardc: error: unknown option '--emti' for 'cardc build'; did you mean '--emit'? (see 'cardc help build')\n"),
            (["check", "--format", "jsn", "a.cards"],
             "cardc: error: invalid value 'jsn' for '--format': expected text, json, sarif, github, checkstyle, junit, gitlab; did you mean 'json'?\n"),
            // Near misses: nothing close, and short options.
            (["frobnicate"], "cardc: error: unknown command 'frobnicate' (see 'cardc help')\n"),
            (["check", "--bogus", "a.cards"], "cardc: error: unknown option '--bogus' for 'cardc check' (see 'cardc help check')\n"),
            (["check", "-v", "a.cards"], "cardc: error: unknown option '-v' for 'cardc check' (see 'cardc help check')\n"),
        ]
        for (arguments, message) in cases {
            let result = runCardc(arguments)
            #expect(result.code == 2, "\(arguments)")
            #expect(result.err == message, "\(arguments)")
        }
    }

    @Test func missingFileDirectoryAndSizeLimit() throws {
        let directory = try temporaryDirectory(["deck.cards": cleanDeck, "empty/readme.txt": "x"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let missing = runCardc(["check", directory + "/nope.cards"])
        #expect(missing.code == 2)
        #expect(missing.err == "cardc: error: no such file or directory: \(directory)/nope.cards\n")
        let noCards = runCardc(["check", directory + "/empty"])
        #expect(noCards.code == 2)
        #expect(noCards.err.contains("no .cards files found"))
        let tooBig = runCardc(["check", "--max-size", "10", directory + "/deck.cards"])
        #expect(tooBig.code == 2)
        #expect(tooBig.err.contains("over the size limit"))
        let whole = runCardc(["check", directory])
        #expect(whole.code == 0, "\(whole.err)")
        #expect(whole.err == "0 errors, 0 warnings in 1 file\n")
    }

    @Test func cleanFileIsSilentButForSummary() throws {
        let directory = try temporaryDirectory(["deck.cards": cleanDeck])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = runCardc(["check", directory + "/deck.cards"])
        #expect(result.code == 0)
        #expect(result.out.isEmpty)
        #expect(result.err == "0 errors, 0 warnings in 1 file\n")
        #expect(runCardc(["check", "--quiet", directory + "/deck.cards"]).err.isEmpty)
    }

    @Test func threeIndependentSyntaxErrorsGiveThreeDiagnostics() throws {
        let deck = """
        card A {
          text("one" "two")
        }
        card B {
          hstack(spacing: ) { text("x") }
        }
        card C {
          ) text("y")
        }
        """
        let directory = try temporaryDirectory(["deck.cards": deck])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/deck.cards"
        let result = runCardc(["check", "--color", "never", path])
        #expect(result.code == 1)
        let firstLines = result.err.split(separator: "\n").filter { $0.hasPrefix(path + ":") }
        #expect(firstLines.count == 3, "\(result.err)")
        #expect(firstLines.count == 3 && firstLines[0].hasPrefix("\(path):2:14: error[E201]: "))
        #expect(firstLines.count == 3 && firstLines[1].hasPrefix("\(path):5:19: error[E201]: "))
        #expect(firstLines.count == 3 && firstLines[2].hasPrefix("\(path):8:3: error[E201]: "))
        #expect(result.err.hasSuffix("3 errors, 0 warnings in 1 file\n"))
    }

    @Test func strictMakesWarningsFail() throws {
        let deck = "card A {\n  button(\"Go\")\n}\n"
        let directory = try temporaryDirectory(["deck.cards": deck])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/deck.cards"
        let lenient = runCardc(["check", path])
        #expect(lenient.code == 0)
        #expect(lenient.err.contains("warning[W105]"))
        #expect(runCardc(["check", "--strict", path]).code == 1)
        #expect(runCardc(["check", "-W", "error", path]).code == 1)
    }

    @Test func colorOnlyWhenAskedOrOnATerminalWithoutNoColor() throws {
        let directory = try temporaryDirectory(["deck.cards": "card A { txt(\"x\") }\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/deck.cards"
        #expect(!runCardc(["check", path]).err.contains("\u{1B}["))
        #expect(runCardc(["check", "--color", "always", path]).err.contains("\u{1B}["))
        #expect(runCardc(["check", path], terminal: true).err.contains("\u{1B}["))
        #expect(!runCardc(["check", path], environment: ["NO_COLOR": "1"], terminal: true).err.contains("\u{1B}["))
        #expect(!runCardc(["check", "--color", "never", path], terminal: true).err.contains("\u{1B}["))
    }

    @Test func controlCharactersFromTheInputAreNeverWrittenRaw() throws {
        let deck = "card A {\n  text(\"a\u{1B}[31mred\") \u{1B}\u{07}\n}\n"
        let directory = try temporaryDirectory(["deck.cards": deck])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = runCardc(["check", "--color", "never", directory + "/deck.cards"])
        #expect(result.code == 1)
        #expect(!result.err.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(result.err.contains("E102"))
    }

    /// A lone CR ends a line in every output, as in an editor (docs/language.md §2): issue 28's
    /// `printf 'card A {\r  bogus(1)\r}\n'` gave line 1 in diagnostics and line 2 in the editor.
    @Test func aLoneCarriageReturnEndsALineInEveryFormat() throws {
        let directory = try temporaryDirectory(["x.cards": "card A {\r  bogus(1)\r}\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/x.cards"
        let text = runCardc(["check", "--color", "never", path])
        #expect(text.code == 1)
        #expect(text.err.hasPrefix("\(path):2:3: error[E301]"), "\(text.err)")
        #expect(text.err.contains("2 |   bogus(1)\n"))
        let json = try JSONSerialization.jsonObject(with: Data(runCardc(["check", "--format", "json", path]).out.utf8)) as? [[String: Any]]
        #expect(json?.first?["line"] as? Int == 2 && json?.first?["column"] as? Int == 3)
        #expect(json?.first?["endLine"] as? Int == 2 && json?.first?["endColumn"] as? Int == 8)
        #expect(runCardc(["check", "--format", "github", path]).out.hasPrefix("::error file=\(path),line=2,col=3"))
    }

    /// Issue 28: a raw U+200E reached `--format json`. No scalar that no output writes raw
    /// (`TerminalText.needsEscaping`: bidi controls and marks, controls, the BOM) is written
    /// raw by any format, from a message or from a file's name.
    @Test func bidiMarksFromTheInputAreNeverWrittenRawInAnyFormat() throws {
        let name = "e\u{202E}vil\u{2066}.cards"
        let directory = try temporaryDirectory([name: "card A {\n  bo\u{200E}gus(1)\n  te\u{FEFF}xt(\"\u{061C}\")\n}\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/" + name
        for format in ["text", "json", "sarif", "github"] {
            let result = runCardc(["check", "--color", "never", "--format", format, path])
            #expect(result.code == 1, "\(format)")
            let raw = (result.out + result.err).unicodeScalars.filter { TerminalText.needsEscaping($0) && $0 != "\n" }
            #expect(raw.isEmpty, "\(format): \(raw.map { String($0.value, radix: 16) })")
        }
        let json = try JSONSerialization.jsonObject(with: Data(runCardc(["check", "--format", "json", path]).out.utf8)) as? [[String: Any]]
        #expect(json?.first?["file"] as? String == path)
        #expect(json?.contains { ($0["message"] as? String)?.contains("`\\u{200E}`") == true } == true)
    }

    @Test func machineFormatsGoToStdout() throws {
        let directory = try temporaryDirectory(["deck.cards": "card A {\n  txt(\"x\")\n}\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/deck.cards"
        let json = runCardc(["check", "--format", "json", path])
        #expect(json.code == 1)
        #expect(json.err.isEmpty)
        let array = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]]
        #expect(array?.count == 1)
        #expect(array?.first?["code"] as? String == "E301")
        #expect(array?.first?["line"] as? Int == 2)
        for key in ["file", "line", "column", "endLine", "endColumn", "severity", "code", "message", "notes", "fixes"] {
            #expect(array?.first?[key] != nil, "json key \(key)")
        }
        let sarif = runCardc(["check", "--format", "sarif", path])
        let document = try JSONSerialization.jsonObject(with: Data(sarif.out.utf8)) as? [String: Any]
        #expect(document?["version"] as? String == "2.1.0")
        let github = runCardc(["check", "--format", "github", path])
        #expect(github.out.hasPrefix("::error file="))
        #expect(github.out.contains("title=E301::"))
    }

    @Test func explainPrintsEveryCode() {
        for code in DiagnosticCode.allCases {
            let result = runCardc(["explain", code.rawValue])
            #expect(result.code == 0)
            #expect(result.out.contains(code.rawValue))
            #expect(result.out.contains("Wrong"))
        }
        #expect(runCardc(["explain", "e501"]).code == 0)
        #expect(runCardc(["explain", "--list"]).out.split(separator: "\n").count == DiagnosticCode.allCases.count)
    }
}

/// `cardc build --emit html --theme T --width W`: the gallery's columns, read by the options
/// `cardc preview` reads (issue 32 item 5).
@Suite struct GalleryOptionTests {
    @Test func themesAndWidthsChooseTheGalleryColumns() throws {
        let directory = try temporaryDirectory(["deck.cards": cleanDeck + "\ntheme Night: Turbo { cardBackgroundColor: #1C1C1E }\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let out = directory + "/out"
        let built = runCardc(["build", directory + "/deck.cards", "--emit", "html", "-o", out, "--quiet",
                              "--theme", "Turbo", "--theme", "Night", "--width", "428", "--width", "320"])
        #expect(built.code == 0, "\(built.err)")
        let page = try String(contentsOfFile: out + "/deck.cards.html", encoding: .utf8)
        let headings = page.components(separatedBy: "<th>").dropFirst().map { String($0.prefix { $0 != "<" }) }
            .filter { $0.hasSuffix(" pt") }
        #expect(headings == ["Turbo · 428 pt", "Turbo · 320 pt", "Night · 428 pt", "Night · 320 pt"])
        #expect(page.contains("on 428-point and 320-point screens;"))
        // Then the Dynamic Type column: the first theme and width at AX3 (docs/gallery.md).
        #expect(page.contains("<th>Turbo · 428 pt · AX3<small title=\"No stack shows "), "no stack shows the card in Turbo: its heading says so on hover")
        #expect(page.contains("Dynamic Type: at text size AX3 in Turbo on a 428-point screen"))
        #expect(page.contains("<section id=\"s0\""), "the stack is still drawn")
    }

    @Test func galleryOptionsAreCheckedAsThePreviewChecksThem() throws {
        let directory = try temporaryDirectory(["deck.cards": cleanDeck])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let out = directory + "/out"
        let unknown = runCardc(["build", directory + "/deck.cards", "--emit", "html", "-o", out, "--theme", "Mnt"])
        #expect(unknown.code == 2)
        #expect(unknown.err.contains("no theme named 'Mnt' (did you mean 'Mint'?)"), "\(unknown.err)")
        #expect(!FileManager.default.fileExists(atPath: out), "nothing written")
        let preview = runCardc(["preview", directory + "/deck.cards", "--theme", "Mnt"])
        #expect(preview.code == 2 && preview.err.contains("no theme named 'Mnt' (did you mean 'Mint'?)"))
        let narrow = runCardc(["build", directory + "/deck.cards", "--emit", "html", "-o", out, "--width", "50"])
        #expect(narrow.code == 2 && narrow.err.contains("expected a number of points from 100 to 2000"), "\(narrow.err)")
        let columns = runCardc(["preview", directory + "/deck.cards", "--width", "5"])
        #expect(columns.code == 2 && columns.err.contains("expected a number of columns from 20 to 1000"))
        let withoutGallery = runCardc(["build", directory + "/deck.cards", "--emit", "json", "-o", out, "--theme", "Mint"])
        #expect(withoutGallery.code == 2 && withoutGallery.err.contains("use them with '--emit html'"))
        // The preview draws one width: the last --width given counts.
        let last = runCardc(["preview", directory + "/deck.cards", "--width", "30", "--width", "44", "--color", "never"])
        #expect(last.code == 0)
        #expect(last.out.split(separator: "\n").map { TerminalText.displayWidth(of: String($0)) }.max() == 44)
    }
}

import CardPipeline
import CardDiagnostics
@testable import CardDriver
import CardEmit
import CardModel
import CardSema
import Foundation
import Testing

/// `cardc preview` and `cardc build --emit preview` from the command line, in-process.
@Suite struct PreviewCommandTests {
    static let deck = """
    card Budget: rounded(radius: 8) {
      model { state: .hasData }
      title("Monthly budget")
      state loading { text("Crunching") }
      state hasData { text("On track") }
    }
    card Other { text("Other words") }
    stack Overview: list { Budget Other }
    stack Wallet: collapsible { Budget Other }
    """

    /// A fresh directory holding `files`.
    func directory(_ files: [String: String]) throws -> String {
        let path = NSTemporaryDirectory() + "cardc-preview-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name)) }
        return path
    }

    @Test func drawsEveryStackByDefault() throws {
        let dir = try directory(["deck.cards": Self.deck])
        let result = CapturedOutput.run(["preview", dir + "/deck.cards"])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.err.isEmpty)
        #expect(result.out.contains("── Overview · list") && result.out.contains("── Wallet · collapsible · collapsed (initial)"))
        #expect(result.out.contains("On track"), "cards in their initial state")
        #expect(!result.out.contains("\u{1B}"), "not a terminal: no colour")
        #expect(PreviewOutput.problems(in: result.out, width: 80).isEmpty, "80 columns when stdout is not a terminal")
    }

    @Test func optionsSelectWhatIsDrawn() throws {
        let dir = try directory(["deck.cards": Self.deck])
        let file = dir + "/deck.cards"
        let state = CapturedOutput.run(["preview", file, "--card", "Budget", "--state", "loading", "--width", "40"])
        #expect(state.code == 0)
        #expect(state.out.contains("Crunching") && !state.out.contains("On track"))
        #expect(PreviewOutput.problems(in: state.out, width: 40).isEmpty)
        let all = CapturedOutput.run(["preview", file, "--card", "Budget", "--all-states", "--width=100"])
        #expect(all.out.contains("Budget · every state"))
        let row = all.out.split(separator: "\n").first { $0.contains("Crunching") }
        #expect(row?.contains("On track") == true, "states side by side")
        let position = CapturedOutput.run(["preview", file, "--stack", "Wallet", "--position", "expanded"])
        #expect(position.out.contains("Wallet · collapsible · expanded") && !position.out.contains("Overview"))
        let theme = CapturedOutput.run(["preview", file, "--stack", "Overview", "--theme", "Turbo"])
        #expect(theme.code == 0 && theme.out != CapturedOutput.run(["preview", file, "--stack", "Overview"]).out)
    }

    @Test func terminalWidthAndColour() throws {
        let dir = try directory(["deck.cards": Self.deck])
        let file = dir + "/deck.cards"
        let narrow = CapturedOutput.run(["preview", file], terminal: true, columns: 44)
        #expect(narrow.out.contains("\u{1B}["), "a terminal is coloured")
        #expect(PreviewOutput.problems(in: narrow.out, width: 44).isEmpty, "the terminal's width")
        #expect(narrow.out.contains("38;5;"), "256 colours without COLORTERM")
        let trueColor = CapturedOutput.run(["preview", file], environment: ["COLORTERM": "truecolor"], terminal: true, columns: 60)
        #expect(trueColor.out.contains("38;2;"))
        let noColor = CapturedOutput.run(["preview", file], environment: ["NO_COLOR": "1"], terminal: true, columns: 60)
        #expect(!noColor.out.contains("\u{1B}"))
        let forced = CapturedOutput.run(["preview", file, "--color", "always"], environment: ["NO_COLOR": "1"])
        #expect(forced.out.contains("\u{1B}["), "--color always wins over NO_COLOR")
        let never = CapturedOutput.run(["preview", file, "--color", "never"], terminal: true, columns: 60)
        #expect(!never.out.contains("\u{1B}"))
        let tiny = CapturedOutput.run(["preview", file], terminal: true, columns: 5)
        #expect(tiny.code == 0 && PreviewOutput.problems(in: tiny.out, width: PreviewRenderer.widthRange.lowerBound).isEmpty)
    }

    @Test(arguments: [
        (["--card", "Budgte"], "no card named 'Budgte' (did you mean 'Budget'?)"),
        (["--stack", "Overveiw"], "no stack named 'Overveiw' (did you mean 'Overview'?)"),
        (["--card", "Budget", "--state", "hasDta"], "did you mean 'hasData'?"),
        (["--stack", "Wallet", "--position", "colapsed"], "did you mean 'collapsed'?"),
        (["--theme", "Mnt"], "no theme named 'Mnt' (did you mean 'Mint'?)"),
        (["--card", "Other", "--stack", "Nowhere"], "no stack named 'Nowhere'"),
        (["--card", "Budget", "--position", "expanded"], "give '--stack' too"),
        (["--state", "loading", "--all-states"], "cannot be used together"),
        (["--width", "5"], "expected a number of columns from 20 to 1000"),
        (["--width", "wide"], "invalid value 'wide' for '--width'"),
        (["--width", "99999999999999999999"], "invalid value"),
        (["--bogus"], "unknown option '--bogus'"),
    ])
    func usageErrorsAreOneLineWithExitTwo(_ options: [String], _ message: String) throws {
        let dir = try directory(["deck.cards": Self.deck])
        let result = CapturedOutput.run(["preview", dir + "/deck.cards"] + options)
        #expect(result.code == 2, "\(options): \(result.err)")
        #expect(result.err.hasPrefix("cardc: error: ") && result.err.contains(message), "\(result.err)")
        #expect(result.err.filter { $0 == "\n" }.count == 1, "one line")
        #expect(result.out.isEmpty)
    }

    @Test func inputProblems() throws {
        let dir = try directory(["deck.cards": Self.deck, "other.cards": "card X { text(\"x\") }"])
        #expect(CapturedOutput.run(["preview"]).code == 2)
        #expect(CapturedOutput.run(["preview", dir + "/missing.cards"]).code == 2)
        #expect(CapturedOutput.run(["preview", dir + "/deck.cards", dir + "/other.cards"]).code == 2)
        #expect(CapturedOutput.run(["preview", dir]).code == 2)
        let help = CapturedOutput.run(["help", "preview"])
        #expect(help.code == 0 && help.out.contains("--all-states") && help.out.contains("--watch"))
        #expect(CapturedOutput.run(["--help"]).out.contains("preview"))
    }

    @Test func aDeckWithErrorsPrintsDiagnosticsAndNoPreview() throws {
        let dir = try directory(["bad.cards": "card Bad { txet(\"oops\") }\nstack S: list { Bad }"])
        let result = CapturedOutput.run(["preview", dir + "/bad.cards"])
        #expect(result.code == 1)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("E301") && result.err.contains("did you mean `text`?"))
        let warned = try directory(["warn.cards": "card W { model { unused: 1 } text(\"fine\") }"])
        let warning = CapturedOutput.run(["preview", warned + "/warn.cards"])
        #expect(warning.code == 0 && warning.err.contains("W101") && warning.out.contains("fine"), "warnings, then the preview")
    }

    @Test func buildEmitsThePreviewFile() throws {
        let dir = try directory(["deck.cards": Self.deck])
        let out = dir + "/out"
        let first = CapturedOutput.run(["build", dir + "/deck.cards", "--emit", "preview", "-o", out])
        #expect(first.code == 0, "\(first.err)")
        let path = out + "/deck.preview.txt"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("Generated by `cardc build --emit preview`"))
        #expect(text.contains("── Budget · loading") && text.contains("── Budget · hasData (initial)"), "every state")
        #expect(text.contains("Wallet · collapsible · collapsed") && text.contains("Wallet · collapsible · expanded"), "every position")
        #expect(!text.contains("\u{1B}") && PreviewOutput.problems(in: text, width: 80).isEmpty)
        let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        let second = CapturedOutput.run(["build", dir + "/deck.cards", "--emit", "preview", "-o", out])
        #expect(second.err.contains("1 file unchanged"))
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == before)
        // Not a default back end.
        let defaults = CapturedOutput.run(["build", dir + "/deck.cards", "-o", dir + "/plain"])
        #expect(defaults.code == 0 && !FileManager.default.fileExists(atPath: dir + "/plain/deck.preview.txt"))
        let stdout = CapturedOutput.run(["build", dir + "/deck.cards", "--emit", "preview", "-o", "-"])
        #expect(stdout.out == text)
    }

    /// The emitter hands out pieces that end between panels and add up to the document.
    @Test func emitterStreamsInPieces() throws {
        let deck = try emitDeck(Self.deck)
        let whole = PreviewEmitter().emit(deck, options: BackendOptions())
        var pieces: [[UInt8]] = []
        PreviewEmitter(pieceSize: 1).emit(deck, options: BackendOptions(), to: { pieces.append($0) })
        #expect(pieces.count > 3)
        #expect(pieces.flatMap { $0 } == whole)
        for piece in pieces { #expect(String(validating: piece, as: UTF8.self)?.hasSuffix("\n") == true) }
    }
}

/// `--watch`: redraws when a watched file changes, with an injected clock.
@Suite struct PreviewWatchTests {
    /// The test's world: a version per path that edits bump, and sleeps that make the edits.
    final class World: @unchecked Sendable {
        var versions: [String: Int] = [:]
        var sleeps = 0
        var edits: [Int: () -> Void] = [:]
    }

    @Test func redrawsOnlyWhenAWatchedFileChanges() throws {
        let dir = NSTemporaryDirectory() + "cardc-watch-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let file = dir + "/deck.cards", theme = dir + "/theme.cards"
        try Data("theme Ink: Mint { normalTextColor: #123456 }".utf8).write(to: URL(fileURLWithPath: theme))
        try Data("import \"theme.cards\"\ncard A { text(\"first draft\") }\nstack S: list { theme: Ink  A }".utf8)
            .write(to: URL(fileURLWithPath: file))
        let world = World()
        // After the 2nd sleep the card changes; after the 4th, the imported theme; after the
        // 6th, the card loses its name mid-edit (an unknown --card: reported, still watched).
        world.edits[2] = {
            try? Data("import \"theme.cards\"\ncard A { text(\"second draft\") }\nstack S: list { theme: Ink  A }".utf8)
                .write(to: URL(fileURLWithPath: file))
            world.versions[file, default: 0] += 1
        }
        world.edits[4] = { world.versions[theme, default: 0] += 1 }
        world.edits[6] = {
            try? Data("card B { text(\"renamed\") }".utf8).write(to: URL(fileURLWithPath: file))
            world.versions[file, default: 0] += 1
        }
        let watch = PreviewWatch(sleep: { _ in
            world.sleeps += 1
            world.edits[world.sleeps]?()
        }, stamp: { path in
            FileStamp(seconds: world.versions[path, default: 0], nanoseconds: 0, size: 0, inode: 0)
        }, maximumPolls: 8)
        let settings = PreviewCommand.Settings(file: file, root: nil, sizeLimit: 1 << 20, viewport: .standard,
                                               request: .init(card: "A"), width: 50, color: .never)
        var output = CapturedOutput()
        var compiled: Pipeline.Result?
        #expect(watch.run(settings, output: &output, compiled: &compiled) == 0)
        #expect(world.sleeps == 8, "polled until the limit")
        let frames = output.out.components(separatedBy: PreviewWatch.clearScreen).dropFirst()
        #expect(frames.count == 4, "a first frame and one per change: \(frames.count)")
        let list = Array(frames)
        if list.count == 4 {
            #expect(list[0].contains("first draft"))
            #expect(list[1].contains("second draft"))
            #expect(list[2].contains("second draft"), "the import changed: drawn again")
            #expect(!list[3].contains("draft"))
        }
        #expect(output.error.contains("no card named 'A'"), "a lost name is reported, and watching goes on")
        #expect(output.error.contains("watching \(file) and 1 import"))
    }

    @Test func watchFlagRunsTheLoop() throws {
        let dir = NSTemporaryDirectory() + "cardc-watch-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let file = dir + "/deck.cards"
        try Data("card A { text(\"watched\") }".utf8).write(to: URL(fileURLWithPath: file))
        let world = World()
        let watch = PreviewWatch(sleep: { _ in world.sleeps += 1 }, stamp: { _ in nil }, maximumPolls: 3)
        var output = CapturedOutput()
        var compiled: Pipeline.Result?
        let code = try PreviewCommand.run([file, "--watch", "--width", "40"], output: &output, compiled: &compiled, watch: watch)
        #expect(code == 0)
        #expect(world.sleeps == 3)
        #expect(output.out.hasPrefix(PreviewWatch.clearScreen) && output.out.contains("watched"))
        #expect(output.out.components(separatedBy: PreviewWatch.clearScreen).count == 2, "nothing changed: one frame")
    }

    /// A resize (SIGWINCH's occasion) redraws at the new width, without `--width`; with it,
    /// the drawing keeps its width and a resize draws nothing.
    @Test func redrawsWhenTheTerminalIsResized() throws {
        let dir = NSTemporaryDirectory() + "cardc-watch-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let file = dir + "/deck.cards"
        try Data("card A { text(\"resized\") }".utf8).write(to: URL(fileURLWithPath: file))
        final class Terminal: @unchecked Sendable { var columns = 60; var sleeps = 0 }
        for width in [nil, 50] as [Int?] {
            let terminal = Terminal()
            let watch = PreviewWatch(sleep: { _ in
                terminal.sleeps += 1
                if terminal.sleeps == 2 { terminal.columns = 40 }
            }, stamp: { _ in nil }, maximumPolls: 4, terminalColumns: { terminal.columns })
            let settings = PreviewCommand.Settings(file: file, root: nil, sizeLimit: 1 << 20, viewport: .standard,
                                                   request: .init(), width: width, color: .never)
            var output = CapturedOutput()
            var compiled: Pipeline.Result?
            #expect(watch.run(settings, output: &output, compiled: &compiled) == 0)
            let frames = Array(output.out.components(separatedBy: PreviewWatch.clearScreen).dropFirst())
            // Each frame's first line is the rule naming the card, as wide as the drawing.
            let widths = frames.map { TerminalText.displayWidth(of: $0.split(separator: "\n").first.map(String.init) ?? "") }
            if width == nil {
                #expect(widths == [60, 40], "drawn at 60 columns, then again at 40 after the resize: \(widths)")
            } else {
                #expect(widths == [50], "--width 50 ignores the terminal: \(widths)")
            }
        }
    }

    @Test func stampsSeeEdits() throws {
        let path = NSTemporaryDirectory() + "cardc-stamp-" + UUID().uuidString
        #expect(FileStamp(path: path) == nil)
        try Data("a".utf8).write(to: URL(fileURLWithPath: path))
        let first = try #require(FileStamp(path: path))
        try Data("ab".utf8).write(to: URL(fileURLWithPath: path))
        #expect(FileStamp(path: path) != first, "size and time change")
    }
}

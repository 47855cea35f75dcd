#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CardPipeline
import CardDiagnostics
import CardEmit
import CardLayout
import CardModel
import CardProject
import CardSources

/// `cardc preview FILE [--card C] [--stack S] [--state X | --all-states] [--position P]
/// [--theme T] [--width N] [--color WHEN] [--watch]`: draws the file's cards and stacks
/// in the terminal (`PreviewRenderer`; docs/preview.md).
///
/// A deck with errors prints its diagnostics and no preview (exit 1); warnings are printed
/// before the preview. Unknown names are usage errors with a did-you-mean (exit 2).
enum PreviewCommand {
    /// The width without `--width` when stdout is not a terminal (or its size is unknown).
    static let defaultWidth = 80

    static let options: [OptionSpec] = [
        OptionSpec(names: ["--card"], value: "NAME", help: "draw this card (in --stack's context when given)"),
        OptionSpec(names: ["--stack"], value: "NAME", help: "draw this stack (default: every stack, else every card)"),
        OptionSpec(names: ["--state"], value: "NAME", help: "draw cards in this state (default: each card's initial state)"),
        OptionSpec(names: ["--all-states"], value: nil, help: "draw each card's states side by side (one under another when they do not fit)"),
        OptionSpec(names: ["--position"], value: "NAME", help: "draw stacks in this position (default: each stack's initial position)"),
        OptionSpec(names: ["--theme"], value: "NAME", help: "draw everything in this theme"),
        OptionSpec(names: ["--width"], value: "N",
                   help: "columns, \(PreviewRenderer.widthRange.lowerBound)…\(PreviewRenderer.widthRange.upperBound) (default: the terminal's width, else \(defaultWidth))"),
        OptionSpec(names: ["--color"], value: "WHEN", help: "colour the preview (default: auto)", choices: ColorChoice.allCases.map(\.rawValue)),
        OptionSpec(names: ["--watch"], value: nil, help: "redraw whenever the file or one of its imports changes, until interrupted"),
        OptionSpec(names: ["--viewport"], value: "WxH", help: "screen size for the layout, in points (default: 390x844)"),
        CommonOptions.textSizeOption(help: "Dynamic Type text size to lay out and draw at: \(CommonOptions.textSizeNames), any case (default: large)"),
        CommonOptions.configOption,
        CommonOptions.noConfigOption,
        OptionSpec(names: ["--root"], value: "DIR", help: "project root for imports (default: the folder of cardc.json, else the top of the Git work tree, else the input's directory)"),
        CommonOptions.maxSizeOption,
        OptionSpec(names: ["-h", "--help"], value: nil, help: "show this help"),
    ]

    static var usage: String {
        """
        USAGE: cardc preview FILE [options]

        Draws the cards of a .cards file as text: every stack in its initial position (every
        card in its initial state when the file has no stacks), each under a line naming it.
        Frames follow the layout: one row is \(Int(PreviewScale.pointsPerRow)) points, and the stack's screen or the
        card's frame spans the width. With colour (a terminal, or --color always) the theme's
        colours, bold and dim are used: 24-bit when COLORTERM is truecolor or 24bit, else the
        256-colour palette; NO_COLOR turns colour off unless --color always.
        Diagnostics go to stderr; a file with errors is not drawn. Exit status: 0 drawn,
        1 errors in the file, 2 usage problem (an unknown name, a bad option).

        OPTIONS:
        \(ArgumentParser.usage(options))

        """
    }

    /// What the command draws and how, from the arguments.
    struct Settings {
        var file: String
        var root: String?
        var sizeLimit: Int
        var viewport: Viewport
        /// `--text-size`: the text size the deck is laid out (and W104 found) at.
        var textSize: ContentSizeCategory = .default
        var request: PreviewRequest
        /// `--width`, when given.
        var width: Int?
        var color: ColorChoice
    }

    static func run(_ arguments: [String], output: inout some DriverOutput, compiled: inout Pipeline.Result?,
                    watch: PreviewWatch = .live) throws -> Int32 {
        let parsed = try ArgumentParser.parse(arguments, options: options, command: "preview")
        if parsed.flag("-h") { output.writeOut(usage); return 0 }
        guard parsed.operands.count == 1, let file = parsed.operands.first else {
            throw UsageError(parsed.operands.isEmpty ? "missing input: cardc preview FILE"
                             : "expected one input file, got \(parsed.operands.count): cardc preview FILE")
        }
        // Given more than once, the last --width and --theme count (one drawing, one width).
        let width = try CommonOptions.widths(parsed, range: PreviewRenderer.widthRange, unit: "columns").last
        let request = PreviewRequest(card: parsed.value("--card"), stack: parsed.value("--stack"), state: parsed.value("--state"),
                                     allStates: parsed.flag("--all-states"), position: parsed.value("--position"),
                                     theme: parsed.value("--theme"))
        if let conflict = request.conflict { throw UsageError(conflict) }
        let sizeLimit = try CommonOptions.sizeLimit(parsed)
        _ = try InputFiles.expand([file], allowDirectories: false, sizeLimit: sizeLimit)
        // The project's root, viewport and text size, as `check` and `build` find them.
        var locator = try CommonOptions.locator(parsed, provider: DiskFileProvider(sizeLimit: sizeLimit))
        let project = try configured { try locator.settings(forFile: file) }
        let settings = Settings(file: file, root: project.root, sizeLimit: sizeLimit,
                                viewport: try CommonOptions.viewportOption(parsed) ?? project.configuration.viewport ?? .standard,
                                textSize: try CommonOptions.textSize(parsed, command: "preview") ?? project.configuration.textSize ?? .default,
                                request: request, width: width, color: CommonOptions.color(parsed))
        if parsed.flag("--watch") {
            return watch.run(settings, output: &output, compiled: &compiled)
        }
        return try draw(settings, terminalColumns: output.terminalColumns, output: &output, compiled: &compiled).status
    }

    /// The columns drawn: `--width`, else the terminal's width held to `widthRange`, else 80.
    static func width(_ settings: Settings, terminalColumns: Int?) -> Int {
        settings.width ?? terminalColumns.map {
            min(max($0, PreviewRenderer.widthRange.lowerBound), PreviewRenderer.widthRange.upperBound)
        } ?? defaultWidth
    }

    /// Checks the file and draws it once, `terminalColumns` wide without `--width`. Returns the
    /// exit status and the paths of the files the deck was read from (the input and its imports).
    static func draw(_ settings: Settings, terminalColumns: Int?, output: inout some DriverOutput,
                     compiled: inout Pipeline.Result?) throws -> (status: Int32, files: [String]) {
        let result = Pipeline.check(paths: [settings.file], root: settings.root,
                                    provider: DiskFileProvider(sizeLimit: settings.sizeLimit), viewport: settings.viewport,
                                    textSize: settings.textSize)
        compiled = result
        let files = [settings.file] + result.fileSet.files.map(\.path).filter { $0 != settings.file }
        if let unreadable = result.unreadable.first { throw UsageError("cannot read \(unreadable)") }
        guard let deck = result.decks.first else { throw UsageError("cannot compile \(settings.file)") }
        if !result.diagnostics.isEmpty {
            _ = DiagnosticOutput.emit(result, format: "text", color: settings.color, strict: false, quiet: false,
                                      fileCount: result.fileSet.files.count, output: &output)
        }
        if result.hasErrors { return (1, files) }
        let width = width(settings, terminalColumns: terminalColumns)
        let mode = TerminalColorMode(choice: settings.color, isTerminal: output.outputIsTerminal, environment: output.environment)
        var renderer = PreviewRenderer(deck: deck, width: width, colorMode: mode, viewport: settings.viewport,
                                       textSize: settings.textSize, theme: settings.request.theme)
        var bytes: [UInt8] = []
        do {
            try renderer.render(settings.request, to: &bytes)
        } catch let error as PreviewRequestError {
            throw UsageError(error.message)
        }
        output.writeOut(String(decoding: bytes, as: UTF8.self))
        return (0, files)
    }
}

/// `cardc preview --watch`: draw, then poll the modification stamps of the files drawn from
/// (the input and its imports) and the terminal's width, and draw again, after clearing the
/// screen, whenever a file changes or — without `--width` — the terminal is resized, until the
/// process is interrupted (the default SIGINT action ends it; there is no handler).
///
/// A resize is seen by reading the width (`TIOCGWINSZ`) at every poll rather than by catching
/// SIGWINCH: a handler could only set a global flag, and the loop polls anyway, so the drawing
/// follows the new width within one interval with no signal handler and no global state.
/// What it needs from the world is injected, so a test runs a few rounds with a fake clock.
struct PreviewWatch {
    /// Waits between polls.
    var sleep: (_ milliseconds: Int) -> Void
    /// A file's modification stamp, nil when it cannot be read.
    var stamp: (_ path: String) -> FileStamp?
    /// Polls before giving up (tests); nil: until interrupted.
    var maximumPolls: Int?
    /// The terminal's width now, in columns (tests); nil: the output's (`terminalColumns`).
    var terminalColumns: (() -> Int?)? = nil
    /// Milliseconds between polls.
    var interval = 250

    /// The real clock, file system and terminal.
    static var live: PreviewWatch {
        PreviewWatch(sleep: { milliseconds in usleep(useconds_t(milliseconds) * 1000) }, stamp: FileStamp.init(path:), maximumPolls: nil)
    }

    /// Home the cursor and clear the screen: the terminal shows one frame at a time.
    static let clearScreen = "\u{1B}[H\u{1B}[2J"

    /// Draws and redraws; returns 0 when `maximumPolls` runs out (a live watch never returns).
    func run(_ settings: PreviewCommand.Settings, output: inout some DriverOutput, compiled: inout Pipeline.Result?) -> Int32 {
        var polls = 0
        // With `--width` the drawing does not follow the terminal: its size is not even read.
        func columns() -> Int? {
            settings.width != nil ? nil : terminalColumns.map { $0() } ?? output.terminalColumns
        }
        while true {
            output.writeOut(Self.clearScreen)
            let drawnColumns = columns()
            var files = [settings.file]
            do {
                files = try PreviewCommand.draw(settings, terminalColumns: drawnColumns, output: &output, compiled: &compiled).files
            } catch let error as UsageError {
                // A name the file lost while being edited: say so and keep watching.
                output.writeError("cardc: error: \(TerminalText.escaped(error.message))\n")
            } catch {
                output.writeError("cardc: error: \(TerminalText.escaped(String(describing: error)))\n")
            }
            // Nobody reads the frames any more (or they cannot be written): `Driver.run` says which.
            if output.failedWrite != nil { return 0 }
            let others = files.count - 1
            output.writeError("cardc: watching \(TerminalText.escaped(settings.file))"
                              + (others > 0 ? " and \(others) import\(others == 1 ? "" : "s")" : "") + "; press Ctrl-C to stop\n")
            let stamps = files.map(stamp)
            repeat {
                if let maximumPolls, polls >= maximumPolls { return 0 }
                sleep(interval)
                polls += 1
            } while files.map(stamp) == stamps && columns() == drawnColumns
        }
    }
}

/// What tells a file changed: its modification time, size and inode (an editor that saves by
/// renaming a new file over the old one changes the inode).
struct FileStamp: Equatable {
    var seconds: Int
    var nanoseconds: Int
    var size: Int
    var inode: UInt64

    init(seconds: Int, nanoseconds: Int, size: Int, inode: UInt64) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
        self.size = size
        self.inode = inode
    }

    /// The stamp of the file at `path`, nil when it cannot be read.
    init?(path: String) {
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else { return nil }
        #if canImport(Darwin)
        self.init(seconds: Int(info.st_mtimespec.tv_sec), nanoseconds: Int(info.st_mtimespec.tv_nsec), size: Int(info.st_size),
                  inode: UInt64(info.st_ino))
        #else
        self.init(seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec), size: Int(info.st_size),
                  inode: UInt64(info.st_ino))
        #endif
    }
}

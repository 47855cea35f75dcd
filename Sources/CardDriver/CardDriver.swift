import CardPipeline
import CardDiagnostics
import CardModel
import CardSources
import CardSyntax
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command's output goes. The real process writes to stdout/stderr; tests capture.
public protocol DriverOutput {
    mutating func writeOut(_ text: String)
    mutating func writeError(_ text: String)
    /// Whether stderr is a terminal (for `--color auto`).
    var errorIsTerminal: Bool { get }
    var environment: [String: String] { get }
    /// Whether stdout is a terminal (for `cardc preview`'s `--color auto`).
    var outputIsTerminal: Bool { get }
    /// The width of the terminal stdout is, in columns, when it is one and its size is known.
    var terminalColumns: Int? { get }
    /// The first write that failed, if any: from then on the output is dropped, and
    /// `Driver.run` ends the run accordingly (`FailedWrite`). Nil unless the output can fail.
    var failedWrite: FailedWrite? { get }
}

extension DriverOutput {
    public var outputIsTerminal: Bool { false }
    public var terminalColumns: Int? { nil }
    public var failedWrite: FailedWrite? { nil }
}

/// A write to stdout or stderr that failed, and why (`errno`).
public struct FailedWrite: Equatable, Sendable {
    public enum Stream: Sendable { case output, error }
    public var stream: Stream
    public var errorNumber: Int32

    public init(stream: Stream, errorNumber: Int32) {
        self.stream = stream
        self.errorNumber = errorNumber
    }

    /// The reader went away (`EPIPE`: `cardc … | head`). Not an error: the run stops quietly,
    /// as git and ripgrep do, and exits as it would have (0, or 1 when errors were found).
    public var readerGone: Bool { errorNumber == EPIPE }

    /// `cardc: error: cannot write to standard output: No space left on device`.
    public var message: String {
        "cannot write to standard \(stream == .output ? "output" : "error"): \(String(cString: strerror(errorNumber)))"
    }
}

/// The process's own streams (or any two descriptors). A write that fails is remembered
/// (`failedWrite`) and nothing more is written to that stream. SIGPIPE must be ignored for a
/// closed pipe to come back as `EPIPE` rather than end the process: `cardc`'s `main` does.
public struct ProcessOutput: DriverOutput {
    let outputDescriptor: Int32
    let errorDescriptor: Int32
    public private(set) var failedWrite: FailedWrite?
    private var outputFailed = false
    private var errorFailed = false

    public init(outputDescriptor: Int32 = 1, errorDescriptor: Int32 = 2) {
        self.outputDescriptor = outputDescriptor
        self.errorDescriptor = errorDescriptor
    }

    public mutating func writeOut(_ text: String) {
        guard !outputFailed else { return }
        if let error = Self.write(text, to: outputDescriptor) {
            outputFailed = true
            if failedWrite == nil { failedWrite = FailedWrite(stream: .output, errorNumber: error) }
        }
    }

    public mutating func writeError(_ text: String) {
        guard !errorFailed else { return }
        if let error = Self.write(text, to: errorDescriptor) {
            errorFailed = true
            if failedWrite == nil { failedWrite = FailedWrite(stream: .error, errorNumber: error) }
        }
    }

    public var errorIsTerminal: Bool { isatty(errorDescriptor) != 0 }
    public var environment: [String: String] { LocalFiles.environment() }
    public var outputIsTerminal: Bool { isatty(outputDescriptor) != 0 }
    public var terminalColumns: Int? {
        guard isatty(outputDescriptor) != 0 else { return nil }
        var size = winsize()
        let status = withUnsafeMutablePointer(to: &size) { ioctl(outputDescriptor, UInt(TIOCGWINSZ), $0) }
        return status == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
    }

    /// Writes all of `text`; the `errno` of a failed write, else nil.
    static func write(_ text: String, to fd: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { LocalFiles.writeAll(fd, UnsafeRawBufferPointer($0)) ? nil : errno }
    }
}

/// Captured output, for tests and embedding: `CapturedOutput.run([...])` runs a command
/// in-process and returns its exit code and both streams.
public struct CapturedOutput: DriverOutput {
    /// `terminal` makes both streams terminals, `columns` wide when given.
    public static func run(_ arguments: [String], environment: [String: String] = [:],
                           terminal: Bool = false, columns: Int? = nil) -> (code: Int32, out: String, err: String) {
        var output = CapturedOutput(environment: environment)
        output.errorIsTerminal = terminal
        output.outputIsTerminal = terminal
        output.terminalColumns = terminal ? columns : nil
        let code = Driver.run(arguments, output: &output)
        return (code, output.out, output.error)
    }

    public var out = ""
    public var error = ""
    public var errorIsTerminal = false
    public var outputIsTerminal = false
    public var terminalColumns: Int?
    public var environment: [String: String] = [:]
    public init(environment: [String: String] = [:]) { self.environment = environment }
    public mutating func writeOut(_ text: String) { out += text }
    public mutating func writeError(_ text: String) { error += text }
}

/// The `cardc` command line (docs/cli.md): thin — it parses arguments, reads files, calls the
/// compiler and maps results to exit codes 0 (success), 1 (input errors), 2 (usage).
public enum Driver {
    public static let version = "0.1.0"

    public static func main() -> Never {
        var output = ProcessOutput()
        var compiled: Pipeline.Result?
        let code = run(Array(processArguments().dropFirst()), output: &output, compiled: &compiled)
        // Exit with the compiled decks still alive: the system reclaims the process's memory at
        // once, where freeing a large deck object by object takes tens of milliseconds (~40 ms for
        // 20,000 cards). Only here: in-process callers (`run(_:output:)`, tests) free everything.
        withExtendedLifetime(compiled) { exit(code) }
    }

    /// The process's arguments, each read as `PathBytes` maps its bytes: a file name that is not
    /// UTF-8 stays the name it is (`CommandLine.arguments` replaces such bytes with U+FFFD, and
    /// names a file that does not exist).
    static func processArguments() -> [String] {
        (0..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { PathBytes.path(fromCString: $0) }
        }
    }

    static let commands: [(name: String, summary: String)] = [
        ("build", "check .cards files, then write their layout JSON and Swift (--emit json,swift,preview,html)"),
        ("check", "report diagnostics for .cards files and directories (alias: lint)"),
        ("fix", "apply the fix-its of every diagnostic to .cards files, then report what is left (--diff)"),
        ("fmt", "rewrite .cards files in the canonical style (--check, --diff, - for stdin)"),
        ("explain", "explain a diagnostic code, with a wrong and a corrected example"),
        ("preview", "draw a .cards file's cards and stacks in the terminal"),
        ("help", "show help for a command"),
        ("lsp", "run the language server for editors (Language Server Protocol over stdio)"),
    ]

    public static func run(_ arguments: [String], output: inout some DriverOutput) -> Int32 {
        var compiled: Pipeline.Result?
        return run(arguments, output: &output, compiled: &compiled)
    }

    /// Runs a command, handing the decks it compiled (if any) to the caller in `compiled`, so
    /// that the caller decides when they are freed.
    static func run(_ arguments: [String], output: inout some DriverOutput, compiled: inout Pipeline.Result?) -> Int32 {
        let code = runCommand(arguments, output: &output, compiled: &compiled)
        // One place for every command and format: an output that could not be written is
        // exit 2 with one line (on stderr, if that still works); a reader gone is no error.
        guard let failed = output.failedWrite, !failed.readerGone else { return code }
        if failed.stream == .output { output.writeError("cardc: error: \(failed.message)\n") }
        return 2
    }

    private static func runCommand(_ arguments: [String], output: inout some DriverOutput, compiled: inout Pipeline.Result?) -> Int32 {
        guard let first = arguments.first else {
            output.writeError(mainUsage())
            return 2
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch first {
            case "--version", "-V", "version":
                output.writeOut("cardc \(version)\n")
                return 0
            case "-h", "--help":
                output.writeOut(mainUsage())
                return 0
            case "help":
                guard let topic = rest.first else { output.writeOut(mainUsage()); return 0 }
                guard let text = help(for: topic) else {
                    throw UsageError("no such command '\(topic)'" + ArgumentParser.didYouMean(topic, among: commands.map(\.name) + ["lint"])
                                     + " (see 'cardc help')")
                }
                output.writeOut(text)
                return 0
            case "build":
                return try BuildCommand.run(rest, output: &output, compiled: &compiled)
            case "check", "lint":
                return try CheckCommand.run(rest, output: &output, compiled: &compiled)
            case "fix":
                return try CheckCommand.run(rest, fixing: true, output: &output, compiled: &compiled)
            case "explain":
                return try ExplainCommand.run(rest, output: &output)
            case "lsp":
                return try LSPCommand.run(rest, output: &output)
            case "fmt":
                return try FmtCommand.run(rest, output: &output)
            case "preview":
                return try PreviewCommand.run(rest, output: &output, compiled: &compiled)
            default:
                throw UsageError("unknown command '\(first)'" + ArgumentParser.didYouMean(first, among: commands.map(\.name) + ["lint"])
                                 + " (see 'cardc help')")
            }
        } catch let error as UsageError {
            output.writeError("cardc: error: \(TerminalText.escaped(PathBytes.displayed(error.message)))\n")
            return 2
        } catch {
            output.writeError("cardc: error: \(error)\n")
            return 2
        }
    }

    static func mainUsage() -> String {
        var text = "cardc \(version) — compiler for .cards UI card decks\n\nUSAGE: cardc <command> [options]\n\nCOMMANDS:\n"
        let width = (commands.map(\.name.count).max() ?? 0) + 2
        for command in commands { text += "  " + command.name.padded(to: width) + command.summary + "\n" }
        text += "\nOPTIONS:\n  -h, --help     show help\n  --version      show the version\n\nSee 'cardc help <command>' for a command's options.\n"
        return text
    }

    static func help(for command: String) -> String? {
        switch command {
        case "build": BuildCommand.usage
        case "check", "lint": CheckCommand.usage
        case "fix": CheckCommand.fixUsage
        case "explain": ExplainCommand.usage
        case "lsp": LSPCommand.usage
        case "fmt": FmtCommand.usage
        case "preview": PreviewCommand.usage
        case "help": "USAGE: cardc help [COMMAND]\n\nShows the usage of COMMAND, or the list of commands.\n"
        default: nil
        }
    }
}

/// Expands operands into `.cards` files (directories by `DirectoryWalk`: recursively, never
/// leaving the directory, skipping hidden directories and `.build`), checking each is a
/// readable regular file within the size limit.
enum InputFiles {
    /// The files, and what the walks skipped (each reported as a warning by the caller).
    struct Expansion {
        var files: [String] = []
        var skipped: [DirectoryWalk.Skipped] = []
    }

    static func expand(_ operands: [String], allowDirectories: Bool, sizeLimit: Int) throws -> Expansion {
        var expansion = Expansion()
        for operand in operands {
            guard let status = LocalFiles.status(of: operand) else {
                throw UsageError("no such file or directory: \(operand)")
            }
            if status.kind == .directory {
                guard allowDirectories else { throw UsageError("\(operand) is a directory, expected a .cards file") }
                guard let walk = DirectoryWalk(operand) else { throw UsageError("cannot read directory \(operand)") }
                // A directory that cannot be read may hold files with errors: never a silent gap.
                if let failure = walk.failures.first { throw UsageError("\(failure.path): \(failure.reason)") }
                if walk.files.isEmpty { throw UsageError("no .cards files found under \(operand)") }
                // Each as if named on the command line: a FIFO named `x.cards` is refused here,
                // not opened (which would wait for a writer forever).
                for file in walk.files { try validate(file, sizeLimit: sizeLimit) }
                expansion.files += walk.files
                expansion.skipped += walk.skipped
                continue
            }
            try validate(operand, sizeLimit: sizeLimit)
            expansion.files.append(operand)
        }
        return expansion
    }

    static func validate(_ path: String, sizeLimit: Int) throws {
        guard let status = LocalFiles.status(of: path) else { throw UsageError("cannot read \(path)") }
        if status.kind != .regular { throw UsageError("\(path) is \(status.kind.description), not a regular file") }
        if status.size > sizeLimit {
            throw UsageError("\(path) is \(status.size) bytes, over the size limit of \(sizeLimit) bytes")
        }
        guard LocalFiles.isReadable(path) else { throw UsageError("cannot read \(path): permission denied") }
    }

    /// `cardc: warning: skipped DIR/x.cards: a symbolic link leading outside DIR`, one line each.
    static func report(_ skipped: [DirectoryWalk.Skipped], output: inout some DriverOutput) {
        for skip in skipped {
            output.writeError("cardc: warning: skipped \(TerminalText.escaped(PathBytes.displayed(PathUtilities.normalize(skip.path)))): "
                              + TerminalText.escaped(PathBytes.displayed(skip.reason)) + "\n")
        }
    }
}

/// Renders diagnostics in the chosen format and computes the exit code.
enum DiagnosticOutput {
    static func emit(_ result: Pipeline.Result, format: String, color: ColorChoice, strict: Bool, quiet: Bool,
                     fileCount: Int, output: inout some DriverOutput) -> Int32 {
        emit(result.diagnostics, in: result.fileSet, format: format, color: color, strict: strict, quiet: quiet,
             fileCount: fileCount, output: &output)
    }

    static func emit(_ diagnostics: [Diagnostic], in fileSet: FileSet, format: String, color: ColorChoice, strict: Bool, quiet: Bool,
                     fileCount: Int, output: inout some DriverOutput) -> Int32 {
        // Under --strict, warnings keep their W codes and severity in the output but fail the run.
        switch format {
        case "json":
            output.writeOut(JSONDiagnosticRenderer().render(diagnostics, in: fileSet) + "\n")
        case "sarif":
            let renderer = SARIFRenderer(toolVersion: Driver.version, explanation: { $0.explanation.summary })
            output.writeOut(renderer.render(diagnostics, in: fileSet) + "\n")
        case "github":
            output.writeOut(GitHubActionsRenderer().render(diagnostics, in: fileSet))
        default:
            let useColor = color.resolved(isTerminal: output.errorIsTerminal, environment: output.environment)
            output.writeError(TextRenderer(useColor: useColor).render(diagnostics, in: fileSet))
            if !quiet {
                output.writeError(TextRenderer.summary(for: diagnostics, fileCount: fileCount) + "\n")
            }
        }
        let failing = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        return failing ? 1 : 0
    }
}

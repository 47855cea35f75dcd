import CardDiagnostics
import CardModel
import CardProject
import CardSources
import CardSyntax
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `cardc fmt PATH... [--check] [--diff]` and `cardc fmt -` (stdin to stdout): rewrites files
/// in the canonical style (`Formatter`).
///
/// A file with syntax errors is reported and left alone (exit 1). A file whose formatting
/// would lose a comment or change its tree is an internal error (exit 2), also left alone.
/// Files are replaced atomically, and only when their content changes.
enum FmtCommand {
    static let options: [OptionSpec] = [
        OptionSpec(names: ["--check"], value: nil, help: "change nothing; list the files that would change, exit 1 if any"),
        OptionSpec(names: ["--diff"], value: nil, help: "change nothing; print a unified diff of the changes, exit 1 if any"),
        OptionSpec(names: ["--color"], value: "WHEN", help: "colour diagnostics (default: auto)", choices: ColorChoice.allCases.map(\.rawValue)),
        CommonOptions.maxSizeOption,
        CommonOptions.configOption,
        OptionSpec(names: ["-h", "--help"], value: nil, help: "show this help"),
    ]

    static var usage: String {
        """
        USAGE: cardc fmt PATH... [--check] [--diff]
               cardc fmt - [--check] [--diff]

        Rewrites .cards files in the one canonical style: two-space indentation, one item per
        line, argument lists on one line when they fit in 100 columns (else one argument per
        line with a trailing comma), literals and comments exactly as written. A directory
        means every *.cards file below it, skipping hidden directories and .build, and files
        the project's cardc.json excludes (named or found) are left alone. Files are
        replaced atomically and only when their content changes. `-` formats stdin to stdout.

        A file with syntax errors is reported and left unchanged. Formatting never loses or
        moves a comment: if it would, that is an internal error and nothing is written.
        Exit status: 0 done (or nothing to change), 1 syntax errors, or changes found with
        --check or --diff, 2 usage problem or internal error.

        OPTIONS:
        \(ArgumentParser.usage(options))

        """
    }

    /// What the run found.
    struct Tally {
        var changed = 0
        var withErrors = 0
        /// Directories written into so far, each cleared of stale temporaries before the first
        /// write (`ArtifactWriter.removeStaleTemporaries`), once.
        var directoriesWritten: Set<String> = []
    }

    static func run(_ arguments: [String], output: inout some DriverOutput) throws -> Int32 {
        try run(arguments, standardInput: nil, output: &output)
    }

    /// Runs the command; `standardInput` stands for stdin when given (tests).
    static func run(_ arguments: [String], standardInput: [UInt8]?, output: inout some DriverOutput) throws -> Int32 {
        let parsed = try ArgumentParser.parse(arguments, options: options, command: "fmt")
        if parsed.flag("-h") { output.writeOut(usage); return 0 }
        guard !parsed.operands.isEmpty else { throw UsageError("missing input: cardc fmt PATH... (or - for stdin)") }
        let sizeLimit = try CommonOptions.sizeLimit(parsed)
        let mode = Mode(check: parsed.flag("--check"), diff: parsed.flag("--diff"))
        let color = CommonOptions.color(parsed).resolved(isTerminal: output.errorIsTerminal, environment: output.environment)
        var tally = Tally()
        if parsed.operands.contains("-") {
            guard parsed.operands == ["-"] else { throw UsageError("'-' (stdin) cannot be combined with other paths") }
            guard let bytes = standardInput ?? readStandardInput(limit: sizeLimit) else {
                throw UsageError("cannot read stdin, or it is over the size limit of \(sizeLimit) bytes")
            }
            try formatStandardInput(bytes, mode: mode, color: color, tally: &tally, output: &output)
        } else {
            let expansion = try InputFiles.expand(parsed.operands, allowDirectories: true, sizeLimit: sizeLimit)
            InputFiles.report(expansion.skipped, output: &output)
            let files = expansion.files
            let locator = try CommonOptions.locator(parsed, provider: DiskFileProvider(sizeLimit: sizeLimit))
            let run = try ProjectRun(files: files, operands: parsed.operands, locator: locator, viewport: nil, honoringExclude: true)
            for path in run.inputs.map(\.path) {
                // Listing or diffing for a reader that has gone (or a full disk): stop. Rewriting
                // goes on, whatever becomes of the messages.
                if !mode.writes, output.failedWrite != nil { break }
                guard let bytes = LocalFiles.contents(of: path, sizeLimit: sizeLimit) else { throw UsageError("cannot read \(path)") }
                try formatFile(path, bytes, mode: mode, color: color, tally: &tally, output: &output)
            }
        }
        if tally.withErrors > 0 {
            let files = tally.withErrors == 1 ? "1 file has syntax errors and was" : "\(tally.withErrors) files have syntax errors and were"
            output.writeError("cardc fmt: \(files) left unchanged\n")
            return 1
        }
        return (mode.check || mode.diff) && tally.changed > 0 ? 1 : 0
    }

    struct Mode {
        var check: Bool
        var diff: Bool
        /// Whether files are rewritten (neither flag).
        var writes: Bool { !check && !diff }
    }

    /// Formats one file: reports its syntax errors, or lists, diffs or rewrites it.
    static func formatFile(_ path: String, _ bytes: [UInt8], mode: Mode, color: Bool, tally: inout Tally,
                           output: inout some DriverOutput) throws {
        guard let formatted = try formatted(path, bytes, color: color, tally: &tally, output: &output) else { return }
        guard formatted != bytes else { return }
        tally.changed += 1
        if mode.diff {
            let shown = PathBytes.displayed(path)
            output.writeOut(UnifiedDiff.render(old: bytes, new: formatted, oldName: shown, newName: shown))
        } else if mode.check {
            output.writeOut(TerminalText.path(path) + "\n")
        } else {
            try rewrite(path, with: formatted, directoriesWritten: &tally.directoriesWritten)
        }
    }

    /// `cardc fmt -`: the formatted text on stdout (nothing there when the input has errors).
    static func formatStandardInput(_ bytes: [UInt8], mode: Mode, color: Bool, tally: inout Tally,
                                    output: inout some DriverOutput) throws {
        let name = "<stdin>"
        guard let formatted = try formatted(name, bytes, color: color, tally: &tally, output: &output) else { return }
        if formatted != bytes { tally.changed += 1 }
        if mode.diff {
            output.writeOut(UnifiedDiff.render(old: bytes, new: formatted, oldName: name, newName: name))
        } else if mode.check {
            if formatted != bytes { output.writeOut(name + "\n") }
        } else {
            output.writeOut(String(decoding: formatted, as: UTF8.self))
        }
    }

    /// The canonical bytes of a file, or nil after reporting its syntax errors. An internal
    /// formatter error is a usage-level error (exit 2): nothing is written.
    static func formatted(_ path: String, _ bytes: [UInt8], color: Bool, tally: inout Tally,
                          output: inout some DriverOutput) throws -> [UInt8]? {
        var files = FileSet()
        let tree = Parser.parse(files.add(path: path, bytes: bytes))
        let errors = tree.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            output.writeError(TextRenderer(useColor: color).render(errors.sortedAndDeduplicated(), in: files))
            tally.withErrors += 1
            return nil
        }
        do {
            return try Formatter.formattedBytes(tree)
        } catch {
            throw UsageError("internal error: \(path) was left unchanged: \(error)")
        }
    }

    /// Replaces the file at `path` (through any symbolic link: the link stays) with `bytes`,
    /// atomically, keeping its permissions.
    static func rewrite(_ path: String, with bytes: [UInt8], directoriesWritten: inout Set<String>) throws {
        let target = LocalFiles.realPath(path) ?? path
        var info = stat()
        let mode = PathBytes.withCString(target, { stat($0, &info) }) == 0 ? info.st_mode & 0o7777 : nil
        let directory = PathUtilities.directory(of: target)
        let name = PathUtilities.lastComponent(target) ?? target
        if directoriesWritten.insert(directory).inserted { ArtifactWriter.removeStaleTemporaries(in: directory) }
        try ArtifactWriter.write(bytes, named: name, in: directory)
        // The new file was created 0644; give it the old one's permissions back.
        if let mode { _ = PathBytes.withCString(target) { chmod($0, mode) } }
    }

    /// All of stdin, or nil when it cannot be read or holds more than `limit` bytes.
    static func readStandardInput(limit: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        return LocalFiles.readRemaining(0, into: &bytes, limit: limit) ? bytes : nil
    }
}

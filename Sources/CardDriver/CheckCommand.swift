import CardDiagnostics
import CardLayout
import CardSema

/// `cardc check PATH… [--format text|json|sarif|github] [--strict] [--fix] [--diff]` (alias
/// `lint`), and `cardc fix PATH…`, which is `cardc check --fix`.
enum CheckCommand {
    /// The options `check` and `fix` share.
    static let commonOptions: [OptionSpec] = [
        OptionSpec(names: ["--format"], value: "FORMAT", help: "diagnostic format (default: text)",
                   choices: ["text", "json", "sarif", "github"]),
        OptionSpec(names: ["--strict", "-W"], value: nil, help: "warnings fail the run (exit 1); `-W error` is accepted too"),
        OptionSpec(names: ["--diff"], value: nil, help: "apply no fix-it to the files: print them as a unified diff on stdout"),
        OptionSpec(names: ["--root"], value: "DIR", help: "project root for imports (default: the first PATH when it is a directory, else the directory of the first input)"),
        OptionSpec(names: ["--color"], value: "WHEN", help: "colour text diagnostics (default: auto)", choices: ColorChoice.allCases.map(\.rawValue)),
        OptionSpec(names: ["--quiet", "-q"], value: nil, help: "omit the summary lines"),
        CommonOptions.maxSizeOption,
        OptionSpec(names: ["--viewport"], value: "WxH", help: "screen size for the layout checks (W104), in points (default: 390x844)"),
        OptionSpec(names: ["-h", "--help"], value: nil, help: "show this help"),
    ]

    static let options: [OptionSpec] = [
        OptionSpec(names: ["--fix"], value: nil, help: "apply every fix-it to the files first, then report what is left (as `cardc fix`)"),
    ] + commonOptions

    static var usage: String {
        """
        USAGE: cardc check PATH... [options]

        Checks .cards files (a directory means every *.cards file below it, skipping hidden
        directories and .build) and reports every lexical, syntax and semantic problem.
        Text diagnostics and the summary go to stderr; json, sarif and github go to stdout.
        With --fix, applies every fix-it first, as `cardc fix` does.
        Exit status: 0 no errors, 1 errors (or warnings with --strict), 2 usage problem.

        OPTIONS:
        \(ArgumentParser.usage(options))

        """
    }

    static var fixUsage: String {
        """
        USAGE: cardc fix PATH... [options]

        Applies the fix-its of every diagnostic to the files checked (the inputs and the files
        they import), then checks them again and reports what is left, as `cardc check` does.
        Fix-its that overlap are applied in later passes; a file with syntax errors gets only
        the syntax fix-its. A file is written atomically, only when it changes, and never when
        its fix-its would give it an error it did not have. --diff writes nothing and prints
        the edits as a unified diff on stdout instead.
        Exit status: 0 no errors left, 1 errors left (or warnings with --strict), 2 usage problem.

        OPTIONS:
        \(ArgumentParser.usage(commonOptions))

        """
    }

    /// Runs the command (`fixing`: as `cardc fix`); `compiled` receives the checked decks (see
    /// `Driver.run(_:output:compiled:)`).
    static func run(_ arguments: [String], fixing: Bool = false, output: inout some DriverOutput,
                    compiled: inout Compiler.Result?) throws -> Int32 {
        let command = fixing ? "fix" : "check"
        let parsed = try ArgumentParser.parse(CommonOptions.normalizingStrict(arguments), options: fixing ? commonOptions : options,
                                              command: command)
        if parsed.flag("-h") { output.writeOut(fixing ? fixUsage : usage); return 0 }
        guard !parsed.operands.isEmpty else { throw UsageError("missing input: cardc \(command) PATH...") }
        let format = parsed.value("--format") ?? "text"
        let diff = parsed.flag("--diff")
        if diff && format != "text" {
            throw UsageError("--diff prints the diff on standard output: it cannot be combined with --format \(format)")
        }
        let sizeLimit = try CommonOptions.sizeLimit(parsed)
        let files = try InputFiles.expand(parsed.operands, allowDirectories: true, sizeLimit: sizeLimit)
        // A directory named first is the project: its files may import one another, wherever
        // the walk happens to find its first file (`cardc check Samples/` with a nested package).
        let root = try CommonOptions.root(parsed)
            ?? parsed.operands.first.flatMap { LocalFiles.isDirectory($0) ? $0 : nil }
        let viewport = try CommonOptions.viewport(parsed)
        let provider = DiskFileProvider(sizeLimit: sizeLimit)
        var result = Pipeline.check(paths: files, root: root, provider: provider, viewport: viewport)
        if let unreadable = result.unreadable.first { throw UsageError("cannot read \(unreadable)") }
        var report: [String] = []
        if fixing || diff || parsed.flag("--fix") {
            let outcome = FixEngine(paths: files, root: root, provider: provider, viewport: viewport).run(original: result)
            try apply(outcome, diff: diff, output: &output)
            report = Self.report(outcome, diff: diff, quiet: parsed.flag("--quiet"))
            result = outcome.final
        }
        compiled = result
        let code = DiagnosticOutput.emit(result, format: format, color: CommonOptions.color(parsed),
                                         strict: parsed.flag("--strict"), quiet: parsed.flag("--quiet"),
                                         fileCount: result.fileSet.files.count, output: &output)
        for line in report { output.writeError(line + "\n") }
        return code
    }

    /// Writes the changed files (atomically, keeping their permissions), or prints their diff.
    static func apply(_ outcome: FixEngine.Outcome, diff: Bool, output: inout some DriverOutput) throws {
        var directoriesWritten = Set<String>()
        for change in outcome.changes {
            if diff {
                output.writeOut(UnifiedDiff.render(old: change.old, new: change.new, oldName: change.path, newName: change.path))
            } else {
                try FmtCommand.rewrite(change.path, with: change.new, directoriesWritten: &directoriesWritten)
            }
        }
    }

    /// The lines saying what the fixes did: a file's fixes, or why a file's were not applied.
    static func report(_ outcome: FixEngine.Outcome, diff: Bool, quiet: Bool) -> [String] {
        var lines: [String] = []
        if !quiet {
            for change in outcome.changes {
                let problems = change.fixed == 1 ? "1 problem" : "\(change.fixed) problems"
                lines.append("\(diff ? "would fix" : "fixed") \(problems) in \(TerminalText.escaped(change.path))")
            }
            if outcome.changes.isEmpty && outcome.refusals.isEmpty { lines.append("nothing to fix") }
        }
        for refusal in outcome.refusals {
            lines.append("cardc fix: did not apply the fix-it of \(refusal.diagnostic): it would introduce \(refusal.error)")
        }
        return lines
    }
}

/// `cardc explain CODE`.
enum ExplainCommand {
    static var usage: String {
        """
        USAGE: cardc explain CODE

        Prints the long explanation of a diagnostic code (E101, W104…), with a wrong and a
        corrected example. `cardc explain --list` lists every code.

        """
    }

    static func run(_ arguments: [String], output: inout some DriverOutput) throws -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { output.writeOut(usage); return 0 }
        if arguments == ["--list"] {
            for code in DiagnosticCode.allCases { output.writeOut("\(code.rawValue)  \(code.title)\n") }
            return 0
        }
        guard arguments.count == 1 else { throw UsageError("expected one diagnostic code: cardc explain CODE") }
        guard let code = DiagnosticCode(parsing: arguments[0]) else {
            throw UsageError("unknown diagnostic code '\(arguments[0])' (see 'cardc explain --list')")
        }
        output.writeOut(code.explanationText)
        return 0
    }
}

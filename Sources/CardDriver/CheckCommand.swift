import CardPipeline
import CardDiagnostics
import CardLayout
import CardModel
import CardProject
import CardSources

/// `cardc check PATH… [--format text|json|sarif|github] [--strict] [--fix] [--diff]` (alias
/// `lint`), and `cardc fix PATH…`, which is `cardc check --fix`.
enum CheckCommand {
    /// The options `check` and `fix` share.
    static let commonOptions: [OptionSpec] = [
        OptionSpec(names: ["--format"], value: "FORMAT", help: "diagnostic format (default: text)",
                   choices: ["text", "json", "sarif", "github"]),
        OptionSpec(names: ["--strict", "-W"], value: nil, help: "warnings fail the run (exit 1); `-W error` is accepted too"),
        OptionSpec(names: ["--diff"], value: nil, help: "apply no fix-it to the files: print them as a unified diff on stdout"),
        CommonOptions.configOption,
        OptionSpec(names: ["--root"], value: "DIR", help: "project root for imports (default: the folder of cardc.json, else the top of the Git work tree, else the directory given, else the file's)"),
        OptionSpec(names: ["--color"], value: "WHEN", help: "colour text diagnostics (default: auto)", choices: ColorChoice.allCases.map(\.rawValue)),
        OptionSpec(names: ["--quiet", "-q"], value: nil, help: "omit the summary lines"),
        CommonOptions.maxSizeOption,
        OptionSpec(names: ["--viewport"], value: "WxH", help: "screen size for the layout checks (W104), in points (default: 390x844)"),
        OptionSpec(names: ["-h", "--help"], value: nil, help: "show this help"),
    ]

    static let options: [OptionSpec] = [
        OptionSpec(names: ["--fix"], value: nil, help: "apply every fix-it to the files first, then report what is left (as `cardc fix`)"),
        OptionSpec(names: ["--print-config"], value: nil, help: "print the settings that apply to each PATH and where they come from; check nothing"),
    ] + commonOptions

    static var usage: String {
        """
        USAGE: cardc check PATH... [options]

        Checks .cards files (a directory means every *.cards file below it, skipping hidden
        directories and .build) and reports every lexical, syntax and semantic problem.
        Settings come from the nearest cardc.json (or --config FILE); options override them.
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
        the edits as a unified diff on stdout instead. Codes cardc.json turns off are not fixed.
        Exit status: 0 no errors left, 1 errors left (or warnings with --strict), 2 usage problem.

        OPTIONS:
        \(ArgumentParser.usage(commonOptions))

        """
    }

    /// Runs the command (`fixing`: as `cardc fix`); `compiled` receives the checked decks (see
    /// `Driver.run(_:output:compiled:)`).
    static func run(_ arguments: [String], fixing: Bool = false, output: inout some DriverOutput,
                    compiled: inout Pipeline.Result?) throws -> Int32 {
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
        let provider = DiskFileProvider(sizeLimit: sizeLimit)
        let locator = try CommonOptions.locator(parsed, provider: provider)
        let viewport = try CommonOptions.viewportOption(parsed)
        if parsed.flag("--print-config") {
            var printer = ConfigurationPrinter(locator: locator, viewport: viewport)
            output.writeOut(try printer.describe(parsed.operands))
            return 0
        }
        let expansion = try InputFiles.expand(parsed.operands, allowDirectories: true, sizeLimit: sizeLimit)
        InputFiles.report(expansion.skipped, output: &output)
        let files = expansion.files
        var run = try ProjectRun(files: files, operands: parsed.operands, locator: locator, viewport: viewport, honoringExclude: true)
        // Each file is checked once, in the unit of a file that imports it when there is one.
        let outcome: ProjectRun.Outcome
        var report: [String] = []
        if fixing || diff || parsed.flag("--fix") {
            let fixed = try run.fix(provider: provider, units: .importRoots)
            if let unreadable = fixed.outcome.unreadable.first { throw UsageError("cannot read \(unreadable)") }
            try apply(fixed.changes, diff: diff, output: &output)
            report = Self.report(fixed.changes, refusals: fixed.refusals, diff: diff, quiet: parsed.flag("--quiet"))
            outcome = fixed.outcome
        } else {
            outcome = try run.check(provider: provider, units: .importRoots)
        }
        // The largest group's decks are freed by the process's exit (see `Driver.main`).
        compiled = outcome.groups.max { $0.inputs.count < $1.inputs.count }?.result
        if let unreadable = outcome.unreadable.first { throw UsageError("cannot read \(unreadable)") }
        let code = DiagnosticOutput.emit(outcome.diagnostics, in: outcome.fileSet, format: format,
                                         color: CommonOptions.color(parsed), strict: parsed.flag("--strict"), quiet: parsed.flag("--quiet"),
                                         fileCount: outcome.fileSet.files.count, output: &output)
        for line in report { output.writeError(line + "\n") }
        return code
    }

    /// Writes the changed files (atomically, keeping their permissions), or prints their diff.
    static func apply(_ changes: [FixEngine.Change], diff: Bool, output: inout some DriverOutput) throws {
        var directoriesWritten = Set<String>()
        for change in changes {
            if diff {
                output.writeOut(UnifiedDiff.render(old: change.old, new: change.new, oldName: change.path, newName: change.path))
            } else {
                try FmtCommand.rewrite(change.path, with: change.new, directoriesWritten: &directoriesWritten)
            }
        }
    }

    /// The lines saying what the fixes did: a file's fixes, or why a fix-it was not applied.
    static func report(_ changes: [FixEngine.Change], refusals: [FixEngine.Refusal], diff: Bool, quiet: Bool) -> [String] {
        var lines: [String] = []
        if !quiet {
            for change in changes {
                let problems = change.fixed == 1 ? "1 problem" : "\(change.fixed) problems"
                lines.append("\(diff ? "would fix" : "fixed") \(problems) in \(TerminalText.escaped(change.path))")
            }
            if changes.isEmpty && refusals.isEmpty { lines.append("nothing to fix") }
        }
        for refusal in refusals {
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

import CardPipeline
import CardDiagnostics
import CardLayout
import CardModel
import CardProject
import CardSources

/// `cardc check PATH… [--format text|json|sarif|github] [--strict]` (alias `lint`).
enum CheckCommand {
    static let options: [OptionSpec] = [
        OptionSpec(names: ["--format"], value: "FORMAT", help: "diagnostic format (default: text)",
                   choices: ["text", "json", "sarif", "github"]),
        OptionSpec(names: ["--strict", "-W"], value: nil, help: "warnings fail the run (exit 1); `-W error` is accepted too"),
        CommonOptions.configOption,
        CommonOptions.noConfigOption,
        OptionSpec(names: ["--print-config"], value: nil, help: "print the settings that apply to each PATH and where they come from; check nothing"),
        OptionSpec(names: ["--root"], value: "DIR", help: "project root for imports (default: the folder of cardc.json, else the top of the Git work tree, else the directory given, else the file's)"),
        OptionSpec(names: ["--color"], value: "WHEN", help: "colour text diagnostics (default: auto)", choices: ColorChoice.allCases.map(\.rawValue)),
        OptionSpec(names: ["--quiet", "-q"], value: nil, help: "omit the summary line"),
        CommonOptions.maxSizeOption,
        OptionSpec(names: ["--viewport"], value: "WxH", help: "screen size for the layout checks (W104), in points (default: 390x844)"),
        OptionSpec(names: ["-h", "--help"], value: nil, help: "show this help"),
    ]

    static var usage: String {
        """
        USAGE: cardc check PATH... [options]

        Checks .cards files (a directory means every *.cards file below it, skipping hidden
        directories and .build) and reports every lexical, syntax and semantic problem.
        Settings come from the nearest cardc.json (or --config FILE); options override them.
        Text diagnostics and the summary go to stderr; json, sarif and github go to stdout.
        Exit status: 0 no errors, 1 errors (or warnings with --strict), 2 usage problem.

        OPTIONS:
        \(ArgumentParser.usage(options))

        """
    }

    /// Runs the command; `compiled` receives the checked decks (see `Driver.run(_:output:compiled:)`).
    static func run(_ arguments: [String], output: inout some DriverOutput, compiled: inout Pipeline.Result?) throws -> Int32 {
        let parsed = try ArgumentParser.parse(CommonOptions.normalizingStrict(arguments), options: options, command: "check")
        if parsed.flag("-h") { output.writeOut(usage); return 0 }
        guard !parsed.operands.isEmpty else { throw UsageError("missing input: cardc check PATH...") }
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
        let outcome = try run.check(provider: provider, units: .importRoots)
        // The largest group's decks are freed by the process's exit (see `Driver.main`).
        compiled = outcome.groups.max { $0.inputs.count < $1.inputs.count }?.result
        if let unreadable = outcome.unreadable.first { throw UsageError("cannot read \(unreadable)") }
        return DiagnosticOutput.emit(outcome.diagnostics, in: outcome.fileSet, format: parsed.value("--format") ?? "text",
                                     color: CommonOptions.color(parsed), strict: parsed.flag("--strict"), quiet: parsed.flag("--quiet"),
                                     fileCount: outcome.fileSet.files.count, output: &output)
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

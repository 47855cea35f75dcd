import CardPipeline
import CardDiagnostics
import CardLayout
import CardModel
import CardProject
import CardSources

/// `cardc check PATH… [--format text|json|sarif|github|checkstyle|junit|gitlab] [--strict]
/// [--fix] [--diff] [--baseline FILE | --write-baseline FILE] [--print-config]` (alias `lint`),
/// and `cardc fix PATH…`, which is `cardc check --fix`.
enum CheckCommand {
    /// The options `check` and `fix` share.
    static let commonOptions: [OptionSpec] = [
        OptionSpec(names: ["--format"], value: "FORMAT", help: "diagnostic format (default: text)",
                   choices: ["text", "json", "sarif", "github", "checkstyle", "junit", "gitlab"]),
        OptionSpec(names: ["--strict", "-W"], value: nil, help: "warnings fail the run (exit 1); `-W error` is accepted too"),
        OptionSpec(names: ["--diff"], value: nil, help: "apply no fix-it to the files: print them as a unified diff on stdout"),
        CommonOptions.configOption,
        CommonOptions.noConfigOption,
        OptionSpec(names: ["--baseline"], value: "FILE", help: "leave out the warnings recorded in this baseline (default: cardc.json's \"baseline\")"),
        OptionSpec(names: ["--root"], value: "DIR", help: "project root for imports (default: the folder of cardc.json, else the top of the Git work tree, else the directory given, else the file's)"),
        OptionSpec(names: ["--color"], value: "WHEN", help: "colour text diagnostics (default: auto)", choices: ColorChoice.allCases.map(\.rawValue)),
        OptionSpec(names: ["--quiet", "-q"], value: nil, help: "omit the summary lines"),
        CommonOptions.maxSizeOption,
        OptionSpec(names: ["--viewport"], value: "WxH", help: "screen size for the layout checks (W104), in points (default: 390x844)"),
        CommonOptions.textSizeOption(help: "Dynamic Type text size for the layout checks (W104, W1003): \(CommonOptions.textSizeNames), any case (default: large)"),
        OptionSpec(names: ["-h", "--help"], value: nil, help: "show this help"),
    ]

    static let options: [OptionSpec] = [
        OptionSpec(names: ["--fix"], value: nil, help: "apply every fix-it to the files first, then report what is left (as `cardc fix`)"),
        OptionSpec(names: ["--write-baseline"], value: "FILE", help: "record every warning found in FILE (report only errors); later runs with --baseline FILE show new ones"),
        OptionSpec(names: ["--print-config"], value: nil, help: "print the settings that apply to each PATH and where they come from; check nothing"),
    ] + commonOptions

    static var usage: String {
        """
        USAGE: cardc check PATH... [options]

        Checks .cards files (a directory means every *.cards file below it, skipping hidden
        directories and .build) and reports every lexical, syntax and semantic problem.
        Settings come from the nearest cardc.json (or --config FILE); options override them.
        Text diagnostics and the summary go to stderr; json, sarif, github, checkstyle, junit
        and gitlab (GitLab Code Quality) go to stdout. With --fix, applies every fix-it first,
        as `cardc fix` does.
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
        let textSize = try CommonOptions.textSize(parsed, command: command)
        if parsed.flag("--print-config") {
            var printer = ConfigurationPrinter(locator: locator, viewport: viewport, textSize: textSize)
            output.writeOut(try printer.describe(parsed.operands))
            return 0
        }
        let expansion = try InputFiles.expand(parsed.operands, allowDirectories: true, sizeLimit: sizeLimit)
        InputFiles.report(expansion.skipped, output: &output)
        let files = expansion.files
        var run = try ProjectRun(files: files, operands: parsed.operands, locator: locator, viewport: viewport,
                                 textSizes: textSize.map { [$0] } ?? [], honoringExclude: true)
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
        let color = CommonOptions.color(parsed), strict = parsed.flag("--strict"), quiet = parsed.flag("--quiet")
        var fingerprints = RunFingerprints(fileSet: outcome.fileSet, trees: outcome.trees)
        if let target = parsed.value("--write-baseline") {
            guard parsed.value("--baseline") == nil else {
                throw UsageError("--baseline and --write-baseline cannot be combined: --write-baseline records every warning found")
            }
            return try writeBaseline(target, outcome: outcome, fingerprints: &fingerprints, format: format, color: color, quiet: quiet, output: &output)
        }
        var baselines = BaselineFilter(option: parsed.value("--baseline"))
        let diagnostics = try baselines.filter(outcome.diagnostics, in: outcome.fileSet, fingerprints: &fingerprints, run: &run)
        let fingerprint = format == "gitlab" ? fingerprints.reportFingerprints(diagnostics) : [:]
        let code = DiagnosticOutput.emit(diagnostics, in: outcome.fileSet, format: format, color: color, strict: strict, quiet: quiet,
                                         fileCount: outcome.fileSet.files.count, notes: baselines.notes,
                                         fingerprint: { fingerprint[$0] ?? "" }, output: &output)
        for line in report { output.writeError(line + "\n") }
        return code
    }

    /// Writes the changed files (atomically, keeping their permissions), or prints their diff.
    static func apply(_ changes: [FixEngine.Change], diff: Bool, output: inout some DriverOutput) throws {
        var directoriesWritten = Set<String>()
        for change in changes {
            if diff {
                output.writeOut(UnifiedDiff.render(old: change.old, new: change.new, oldName: PathBytes.displayed(change.path), newName: PathBytes.displayed(change.path)))
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
                lines.append("\(diff ? "would fix" : "fixed") \(problems) in \(TerminalText.path(change.path))")
            }
            if changes.isEmpty && refusals.isEmpty { lines.append("nothing to fix") }
        }
        for refusal in refusals {
            lines.append("cardc fix: did not apply the fix-it of \(refusal.diagnostic): it would introduce \(refusal.error)")
        }
        return lines
    }

    /// `--write-baseline FILE`: records every warning's code (whatever level the project gives
    /// it) and reports only the errors. With errors nothing is written — some warnings (W104)
    /// are looked for only in a deck without errors, so the baseline would miss them.
    static func writeBaseline(_ target: String, outcome: ProjectRun.Outcome, fingerprints: inout RunFingerprints,
                              format: String, color: ColorChoice, quiet: Bool, output: inout some DriverOutput) throws -> Int32 {
        let errors = outcome.diagnostics.filter { $0.code.severity == .error }
        guard errors.isEmpty else {
            _ = DiagnosticOutput.emit(errors, in: outcome.fileSet, format: format, color: color, strict: false, quiet: quiet,
                                      fileCount: outcome.fileSet.files.count, output: &output)
            output.writeError("cardc: baseline \(TerminalText.escaped(target)) not written: fix the errors first (a baseline records warnings)\n")
            return 1
        }
        let directory = PathUtilities.directory(of: target)
        guard let name = PathUtilities.lastComponent(target), LocalFiles.isDirectory(directory) else {
            throw UsageError("cannot write baseline \(target): \(directory) is not a directory")
        }
        let folder = LocalFiles.canonicalPath(directory)
        var warnings: [(key: Baseline.Key, message: String)] = []
        for diagnostic in outcome.diagnostics {
            guard let file = outcome.fileSet.lookUp(diagnostic.span.file) else { continue }
            warnings.append((Baseline.key(of: diagnostic, in: file, index: fingerprints.index(of: file), relativeTo: folder), diagnostic.message))
        }
        let wrote = try ArtifactWriter.write(Baseline.document(warnings), named: name, in: directory)
        if format == "json" || format == "sarif" {
            _ = DiagnosticOutput.emit([], in: outcome.fileSet, format: format, color: color, strict: false, quiet: true, fileCount: 0, output: &output)
        }
        func count(_ n: Int) -> String { "\(n) warning\(n == 1 ? "" : "s")" }
        output.writeError("\(wrote ? "wrote" : "kept") baseline \(TerminalText.escaped(target)): \(count(warnings.count)) in "
                          + "\(outcome.fileSet.files.count) file\(outcome.fileSet.files.count == 1 ? "" : "s")\(wrote ? "" : " (unchanged)")\n")
        return 0
    }
}

/// The baselines of a run (`--baseline FILE` for every file, else each file's configuration's
/// `baseline`), each read once, and what they left out.
struct BaselineFilter {
    let option: String?
    private var loaded: [String: (baseline: Baseline, folder: String)] = [:]
    private(set) var hidden = 0
    private(set) var notes: [String] = []

    init(option: String?) { self.option = option }

    /// The warnings of `diagnostics` no baseline records, in order. A recorded warning hides one
    /// found with the same key.
    mutating func filter(_ diagnostics: [Diagnostic], in fileSet: FileSet, fingerprints: inout RunFingerprints,
                         run: inout ProjectRun) throws -> [Diagnostic] {
        var pathFor: [FileID: String?] = [:]
        var kept: [Diagnostic] = []
        kept.reserveCapacity(diagnostics.count)
        for diagnostic in diagnostics {
            guard diagnostic.code.severity == .warning, let file = fileSet.lookUp(diagnostic.span.file) else { kept.append(diagnostic); continue }
            if pathFor[file.id] == nil { pathFor[file.id] = .some(try baselinePath(for: file.path, run: &run)) }
            guard let path = pathFor[file.id] ?? nil else { kept.append(diagnostic); continue }
            if loaded[path] == nil {
                loaded[path] = (try configured { try Baseline(reading: path) }, LocalFiles.canonicalPath(PathUtilities.directory(of: path)))
            }
            guard let entry = loaded[path] else { kept.append(diagnostic); continue }
            let key = Baseline.key(of: diagnostic, in: file, index: fingerprints.index(of: file), relativeTo: entry.folder)
            if let count = entry.baseline.counts[key], count > 0 {
                loaded[path]?.baseline.counts[key] = count - 1
                hidden += 1
                continue
            }
            kept.append(diagnostic)
        }
        for path in loaded.keys.sorted() {
            guard let entry = loaded[path] else { continue }
            let gone = entry.baseline.total
            if gone > 0 {
                notes.append("\(gone) warning\(gone == 1 ? "" : "s") recorded in the baseline \(path) \(gone == 1 ? "is" : "are") no longer found: "
                             + "cardc check --write-baseline \(path) … drops \(gone == 1 ? "it" : "them")")
            }
        }
        if hidden > 0 { notes.insert("\(hidden) warning\(hidden == 1 ? "" : "s") recorded in the baseline not shown", at: 0) }
        return kept
    }

    /// The baseline that applies to the file shown as `path`, as a path to read.
    private func baselinePath(for path: String, run: inout ProjectRun) throws -> String? {
        if let option { return option }
        let settings = try run.settings(forFile: path)
        guard let baseline = settings.configuration.baseline, let configuration = settings.configurationPath else { return nil }
        return PathUtilities.join(PathUtilities.directory(of: configuration), baseline)
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

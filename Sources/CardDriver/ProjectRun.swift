import CardPipeline
import CardDiagnostics
import CardLayout
import CardProject
import CardModel
import CardSources
import CardSyntax

/// The inputs of one `check` or `build` run, each with the settings its project gives it
/// (`cardc.json`, found per file by `ProjectLocator`, under the command line's options), checked
/// in groups that share a project root, a viewport and a text size (usually one group).
struct ProjectRun {
    struct Input {
        var path: String
        var settings: ProjectSettings
        var viewport: Viewport
        /// The text sizes it is laid out at: `--text-size`'s (the first is the layout's, the
        /// gallery adds a column for each further one), else its configuration's `textSize`;
        /// empty for the default.
        var textSizes: [ContentSizeCategory]
        /// The text size the layout runs at.
        var textSize: ContentSizeCategory { textSizes.first ?? .default }
    }

    private(set) var inputs: [Input] = []
    /// Inputs a configuration's `exclude` left out, with the pattern that did.
    private(set) var excluded: [(path: String, pattern: ExcludePattern)] = []
    private(set) var locator: ProjectLocator

    /// Settles the settings of `files` (the operands expanded), leaving out excluded files when
    /// `honoringExclude`. `viewport` is `--viewport` and `textSizes` `--text-size`, which
    /// override every configuration's `viewport` and `textSize`.
    init(files: [String], operands: [String], locator: ProjectLocator, viewport: Viewport?,
         textSizes: [ContentSizeCategory] = [], honoringExclude: Bool) throws {
        self.locator = locator
        let directories = operands.filter { LocalFiles.isDirectory($0) }
        for file in files {
            let operand = directories.first { file.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
            let settings = try configured { try self.locator.settings(forFile: file, operandDirectory: operand) }
            if honoringExclude, let pattern = self.locator.exclusion(of: file, in: settings) {
                excluded.append((file, pattern))
                continue
            }
            inputs.append(Input(path: file, settings: settings, viewport: viewport ?? settings.configuration.viewport ?? .standard,
                                textSizes: textSizes.isEmpty ? settings.configuration.textSize.map { [$0] } ?? [] : textSizes))
        }
    }

    /// The settings of a file of the run (an input or a file it imports).
    mutating func settings(forFile path: String) throws -> ProjectSettings {
        try configured { try locator.settings(forFile: path) }
    }

    /// What checking the inputs found: every group's result, and their diagnostics in one file
    /// set, at the levels each file's configuration gives.
    struct Outcome {
        /// Each group's input indices and compiled result, in the order of their first input.
        var groups: [(inputs: [Int], result: Pipeline.Result)]
        var fileSet: FileSet
        var diagnostics: [Diagnostic]
        /// The syntax tree of each file of `fileSet`.
        var trees: [FileID: SyntaxTree]
        var unreadable: [String] { groups.flatMap(\.result.unreadable) }
        var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Checks every input (`Pipeline.check` once per group, its entries chosen by `units`) and
    /// applies the project's levels.
    mutating func check(provider: FileProvider, units: Pipeline.Units = .everyPath) throws -> Outcome {
        let groups = groupedInputs().map { indices -> (inputs: [Int], result: Pipeline.Result) in
            let first = inputs[indices[0]]
            // The policy is applied once, in `outcome(of:)`, to every group's diagnostics together.
            let result = Pipeline.check(paths: indices.map { inputs[$0].path }, root: first.settings.root,
                                        provider: provider, viewport: first.viewport, textSize: first.textSize,
                                        units: units, policy: nil)
            return (indices, result)
        }
        return try outcome(of: groups)
    }

    /// What `cardc fix` did: the outcome over the fixed files, the files it changed and the
    /// fix-its it refused.
    struct FixOutcome {
        var outcome: Outcome
        var changes: [FixEngine.Change]
        var refusals: [FixEngine.Refusal]
    }

    /// Applies the fix-its of every group (`FixEngine`), in memory: a group sees the files the
    /// groups before it fixed. Codes a file's configuration turns off are not fixed.
    mutating func fix(provider: FileProvider, units: Pipeline.Units = .everyPath) throws -> FixOutcome {
        var buffers: [String: [UInt8]] = [:]
        var changes: [FixEngine.Change] = []
        var refusals: [FixEngine.Refusal] = []
        var groups: [(inputs: [Int], result: Pipeline.Result)] = []
        for indices in groupedInputs() {
            let first = inputs[indices[0]]
            let base = buffers.isEmpty ? provider : OverlayFileProvider(buffers: buffers, base: provider)
            var engine = FixEngine(paths: indices.map { inputs[$0].path }, root: first.settings.root, provider: base, viewport: first.viewport,
                                   textSize: first.textSize, units: units)
            let original = engine.check([:])
            engine.policy = try policy(for: original.fileSet)
            let fixed = engine.run(original: original)
            for change in fixed.changes {
                buffers[provider.canonicalPath(change.path)] = change.new
                if let earlier = changes.firstIndex(where: { $0.path == change.path }) {
                    changes[earlier].new = change.new
                    changes[earlier].fixed += change.fixed
                } else {
                    changes.append(change)
                }
            }
            refusals += fixed.refusals
            groups.append((indices, fixed.final))
        }
        return FixOutcome(outcome: try outcome(of: groups), changes: changes, refusals: refusals)
    }

    /// The inputs' indices in groups that share a project root and a viewport, in the order of
    /// their first input.
    func groupedInputs() -> [[Int]] {
        var order: [String] = []
        var members: [String: [Int]] = [:]
        for (index, input) in inputs.enumerated() {
            let key = input.settings.root + "\u{0}" + input.viewport.description + "\u{0}" + input.textSize.name
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(index)
        }
        return order.map { members[$0] ?? [] }
    }

    /// The configured levels and suppressions of the files of `fileSet`, by path.
    mutating func policy(for fileSet: FileSet) throws -> DiagnosticPolicy {
        var configurations: [String: ProjectConfiguration] = [:]
        for file in fileSet.files where configurations[file.path] == nil {
            let path = file.path
            configurations[path] = try configured { try locator.settings(forFile: path).configuration }
        }
        return DiagnosticPolicy(configurations: configurations)
    }

    /// The groups' results merged, at the project's levels and with the sources' suppressions:
    /// the policy is applied once, here, to every group's diagnostics together.
    mutating func outcome(of groups: [(inputs: [Int], result: Pipeline.Result)]) throws -> Outcome {
        let merged = Self.merge(groups.map(\.result))
        let policy = try policy(for: merged.fileSet)
        // Unused suppressions only when every group was free of errors, as `Pipeline.check` does.
        let complete = groups.allSatisfy { !$0.result.hasErrors }
        let applied = policy.apply(to: merged.diagnostics, in: merged.fileSet, trees: merged.trees, reportUnused: complete)
        let diagnostics = DiagnosticLimit.finish(applied, omitted: [:]).diagnostics
        return Outcome(groups: groups, fileSet: merged.fileSet, diagnostics: diagnostics, trees: merged.trees)
    }

    /// The diagnostics and syntax trees of several results in one file set: a file two groups
    /// loaded (same path, same bytes) is one file, and diagnostics both reported are reported once.
    static func merge(_ results: [Pipeline.Result]) -> (fileSet: FileSet, diagnostics: [Diagnostic], trees: [FileID: SyntaxTree]) {
        if results.count == 1, let only = results.first { return (only.fileSet, only.diagnostics, only.files.mapValues(\.tree)) }
        var fileSet = FileSet()
        var byPath: [String: FileID] = [:]
        var diagnostics: [Diagnostic] = []
        var trees: [FileID: SyntaxTree] = [:]
        for result in results {
            var moved: [FileID: FileID] = [:]
            for file in result.fileSet.files {
                if let existing = byPath[file.path], fileSet[existing].bytes == file.bytes {
                    moved[file.id] = existing
                } else {
                    let added = fileSet.add(path: file.path, bytes: file.bytes)
                    if byPath[file.path] == nil { byPath[file.path] = added.id }
                    moved[file.id] = added.id
                    // Its comments are at the same offsets in the same bytes.
                    trees[added.id] = result.files[file.id]?.tree
                }
            }
            func move(_ span: SourceSpan) -> SourceSpan {
                SourceSpan(file: moved[span.file] ?? span.file, span.range)
            }
            for var diagnostic in result.diagnostics {
                diagnostic.span = move(diagnostic.span)
                for i in diagnostic.secondary.indices { diagnostic.secondary[i].span = move(diagnostic.secondary[i].span) }
                for i in diagnostic.notes.indices { diagnostic.notes[i].span = diagnostic.notes[i].span.map(move) }
                for i in diagnostic.fixIts.indices { diagnostic.fixIts[i].span = move(diagnostic.fixIts[i].span) }
                diagnostics.append(diagnostic)
            }
        }
        return (fileSet, diagnostics.sortedAndDeduplicated(), trees)
    }
}

/// Runs `body`, turning a configuration problem into a usage error (exit 2).
func configured<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ConfigurationError {
        throw UsageError(error.message)
    }
}

extension CommonOptions {
    /// `--config FILE`, as every command that reads a project takes it.
    static let configOption = OptionSpec(names: ["--config"], value: "FILE",
                                         help: "the project configuration to use instead of the nearest cardc.json")

    /// `--no-config`: no project configuration at all, only the defaults and the options.
    static let noConfigOption = OptionSpec(names: ["--no-config"], value: nil,
                                           help: "use no cardc.json: the defaults and the options only")

    /// The locator for `--config`, `--no-config` and `--root`.
    static func locator(_ parsed: ParsedArguments, provider: FileProvider) throws -> ProjectLocator {
        let root = try CommonOptions.root(parsed)
        let searches = !parsed.flag("--no-config")
        if !searches, parsed.value("--config") != nil { throw UsageError("--config and --no-config cannot be used together") }
        return try configured {
            try ProjectLocator(provider: provider, configurationPath: parsed.value("--config"), root: root, searches: searches)
        }
    }

    /// `--viewport` when given.
    static func viewportOption(_ parsed: ParsedArguments) throws -> Viewport? {
        parsed.value("--viewport") == nil ? nil : try viewport(parsed)
    }
}

import CardDiagnostics
import CardLayout
import CardProject
import CardSema

/// What `cardc check` and `cardc build` run before any back end: load, lex, parse and check
/// (`Compiler.check`), then — when there are no errors — the layout pass, whose W104 must show
/// wherever checking does (CI included), then the project's levels and the source's
/// suppressions (`DiagnosticPolicy`). The benchmark and tests call this too, so they measure
/// and verify exactly what users run.
public enum Pipeline {
    /// `policy` applies levels and the source's suppressions (`DiagnosticPolicy.apply`) to the
    /// result; nil leaves the diagnostics as the phases found them (for a caller that merges
    /// several runs and applies the policy once).
    public static func check(paths: [String], root: String? = nil, provider: FileProvider = DiskFileProvider(),
                             sources: [String: [UInt8]] = [:], viewport: Viewport = .standard,
                             policy: DiagnosticPolicy? = DiagnosticPolicy()) -> Compiler.Result {
        var result = Compiler.check(paths: paths, root: root, provider: provider, sources: sources)
        let complete = !result.hasErrors
        if complete {
            result.add(result.decks.flatMap { layoutDiagnostics(for: $0, viewport: viewport) })
        }
        if let policy {
            let applied = policy.apply(to: result.diagnostics, in: result.fileSet, trees: result.files.mapValues(\.tree),
                                       reportUnused: complete)
            (result.diagnostics, result.omitted) = DiagnosticLimit.finish(applied, omitted: result.omitted)
        }
        return result
    }
}

/// Options `check` and `build` share, read the same way by both.
enum CommonOptions {
    /// `-W error` is the compiler-style spelling of `--strict`.
    static func normalizingStrict(_ arguments: [String]) -> [String] {
        var arguments = arguments
        if let w = arguments.firstIndex(of: "-W"), w + 1 < arguments.count, arguments[w + 1] == "error" {
            arguments.remove(at: w + 1)
        }
        return arguments
    }

    /// `--max-size`, as every command that reads files offers it.
    static let maxSizeOption = OptionSpec(names: ["--max-size"], value: "BYTES",
                                          help: "refuse input files larger than this (default: \(DiskFileProvider.defaultSizeLimit))")

    static func sizeLimit(_ parsed: ParsedArguments) throws -> Int {
        guard let text = parsed.value("--max-size") else { return DiskFileProvider.defaultSizeLimit }
        guard let limit = Int(text), limit > 0 else { throw UsageError("invalid value '\(text)' for '--max-size'") }
        return limit
    }

    static func viewport(_ parsed: ParsedArguments) throws -> Viewport {
        guard let text = parsed.value("--viewport") else { return .standard }
        guard let viewport = Viewport(parsing: text) else {
            throw UsageError("invalid value '\(text)' for '--viewport': expected WxH in points, e.g. 390x844")
        }
        return viewport
    }

    static func root(_ parsed: ParsedArguments) throws -> String? {
        guard let root = parsed.value("--root") else { return nil }
        guard LocalFiles.isDirectory(root) else { throw UsageError("--root \(root) is not a directory") }
        return root
    }

    static func color(_ parsed: ParsedArguments) -> ColorChoice {
        ColorChoice(rawValue: parsed.value("--color") ?? "auto") ?? .auto
    }
}

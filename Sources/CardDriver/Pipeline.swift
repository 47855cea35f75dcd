import CardDiagnostics
import CardLayout
import CardSema

/// What `cardc check` and `cardc build` run before any back end: load, lex, parse and check
/// (`Compiler.check`), then — when there are no errors — the layout pass, whose W104 must show
/// wherever checking does (CI included). The benchmark and tests call this too, so they measure
/// and verify exactly what users run.
public enum Pipeline {
    /// What a run wants besides diagnostics.
    public enum Purpose: Sendable {
        /// Diagnostics only (`cardc check`): the decks keep just the cards the layout pass
        /// reads, and must not reach a back end.
        case diagnostics
        /// Back ends read the decks (`cardc build`): every card's model is kept.
        case backEnds
    }

    public static func check(paths: [String], root: String? = nil, provider: FileProvider = DiskFileProvider(),
                             sources: [String: [UInt8]] = [:], viewport: Viewport = .standard,
                             for purpose: Purpose = .backEnds, workers: Int = 1) -> Compiler.Result {
        let modelUse: ModelUse = switch purpose {
        case .diagnostics: .diagnostics(readingCardsOf: DeckLayouter.diagnosedStackKinds)
        case .backEnds: .backEnds
        }
        // Only a build checks on several threads: `cardc check` stays on one.
        let workers = purpose == .backEnds ? workers : 1
        var result = Compiler.check(paths: paths, root: root, provider: provider, sources: sources, modelUse: modelUse,
                                    workers: workers)
        if !result.hasErrors {
            var diagnostics = result.diagnostics
            for deck in result.decks { diagnostics += layoutDiagnostics(for: deck, viewport: viewport, workers: workers) }
            result.diagnostics = diagnostics.sortedAndDeduplicated()
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

    static func sizeLimit(_ parsed: ParsedArguments) throws -> Int {
        guard let text = parsed.value("--max-size") else { return InputFiles.defaultSizeLimit }
        guard let limit = Int(text), limit > 0 else { throw UsageError("invalid value '\(text)' for '--max-size'") }
        return limit
    }

    /// The most threads `cardc build` uses unless `-j` asks for more. (Measured on two CPUs
    /// only; with more, the parts that stay on one thread soon dominate.)
    static let defaultJobLimit = 4

    /// `-j N` (1 to 256), else the CPUs this process may use, up to `defaultJobLimit`.
    static func jobs(_ parsed: ParsedArguments) throws -> Int {
        guard let text = parsed.value("--jobs") else { return min(Threads.availableCPUs, defaultJobLimit) }
        guard let jobs = Int(text), jobs >= 1, jobs <= 256 else {
            throw UsageError("invalid value '\(text)' for '--jobs': expected a number of threads from 1 to 256")
        }
        return jobs
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
        guard InputFiles.isDirectory(root) else { throw UsageError("--root \(root) is not a directory") }
        return root
    }

    static func color(_ parsed: ParsedArguments) -> ColorChoice {
        ColorChoice(rawValue: parsed.value("--color") ?? "auto") ?? .auto
    }
}

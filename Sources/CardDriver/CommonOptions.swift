import CardDiagnostics
import CardLayout
import CardModel
import CardSources

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

    /// Every `--width` given, in order, each a whole number of `unit` in `range`: `cardc
    /// preview`'s columns (the last one counts) and the gallery's screen widths in points (each
    /// one a column) are read by this one rule.
    static func widths(_ parsed: ParsedArguments, range: ClosedRange<Int>, unit: String) throws -> [Int] {
        try parsed.values("--width").map { text in
            guard let value = Int(text), range.contains(value) else {
                throw UsageError("invalid value '\(text)' for '--width': expected a number of \(unit) from "
                                 + "\(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }
    }

    /// Every `--theme` given, in order, each once. Whether a deck has it is the back end's
    /// question (`ThemeChoice.problem(with:in:)`), asked once the deck is checked.
    static func themes(_ parsed: ParsedArguments) -> [String] {
        var seen = Set<String>()
        return parsed.values("--theme").filter { seen.insert($0).inserted }
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

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

    /// `--text-size SIZE`: the Dynamic Type text size the layout runs at, as `check`, `build`
    /// and `preview` take it; `help` says what it does for the command.
    static func textSizeOption(help: String) -> OptionSpec {
        OptionSpec(names: ["--text-size"], value: "SIZE", help: help)
    }

    /// The sizes `--text-size` takes, for usage text: `xSmall|…|AX5`.
    static var textSizeNames: String { ContentSizeCategory.names.joined(separator: ", ") }

    /// Every `--text-size` given, in order, each once, read without regard to case (`ax3` is
    /// `AX3`). An unknown size is a usage error naming the sizes there are.
    static func textSizes(_ parsed: ParsedArguments) throws -> [ContentSizeCategory] {
        var result: [ContentSizeCategory] = []
        for text in parsed.values("--text-size") {
            guard let size = ContentSizeCategory(parsing: text) else {
                throw UsageError("invalid value '\(text)' for '--text-size': expected \(textSizeNames)"
                                 + ArgumentParser.didYouMean(text, among: ContentSizeCategory.names))
            }
            if !result.contains(size) { result.append(size) }
        }
        return result
    }

    /// The one text size of a command that lays out at one size (`check`, `preview`): the
    /// `--text-size` given, else nil (the project's `textSize`, else `large`). Two different
    /// sizes are a usage error.
    static func textSize(_ parsed: ParsedArguments, command: String) throws -> ContentSizeCategory? {
        let sizes = try textSizes(parsed)
        guard sizes.count <= 1 else {
            throw UsageError("'cardc \(command)' lays out at one text size: give '--text-size' once")
        }
        return sizes.first
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

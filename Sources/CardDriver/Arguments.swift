import CardDiagnostics

/// A usage problem: printed as one `cardc: error: …` line, exit code 2.
public struct UsageError: Error, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// One option a command accepts.
struct OptionSpec {
    var names: [String]
    /// The value's placeholder (`DIR`), or nil for a flag.
    var value: String?
    var help: String
    /// Accepted values, checked while parsing.
    var choices: [String]? = nil
}

/// Parsed arguments: positional operands and option values (`value`: the last one given, flags
/// map to ""; `values`: every one, in order, for an option that may be repeated).
struct ParsedArguments {
    var operands: [String] = []
    var options: [String: String] = [:]
    var repeated: [String: [String]] = [:]

    func flag(_ name: String) -> Bool { options[name] != nil }
    func value(_ name: String) -> String? { options[name] }
    func values(_ name: String) -> [String] { repeated[name] ?? [] }
}

/// A small getopt-style parser: `--name value`, `--name=value`, `-o value`, `--` ends options,
/// a lone `-` is an operand (stdin).
enum ArgumentParser {
    static func parse(_ arguments: [String], options: [OptionSpec], command: String) throws -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var onlyOperands = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyOperands || argument == "-" || !argument.hasPrefix("-") {
                result.operands.append(argument)
                continue
            }
            if argument == "--" { onlyOperands = true; continue }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let spec = options.first(where: { $0.names.contains(name) }) else {
                // Long names only: every one-letter option is a near miss of every other.
                let long = name.hasPrefix("--") ? options.flatMap(\.names).filter { $0.hasPrefix("--") } : []
                throw UsageError("unknown option '\(name)' for 'cardc \(command)'" + didYouMean(name, among: long)
                                 + " (see 'cardc help \(command)')")
            }
            let key = spec.names[0]
            if let placeholder = spec.value {
                guard let value = inlineValue ?? (index < arguments.count ? arguments[index] : nil) else {
                    throw UsageError("option '\(name)' needs a value \(placeholder)")
                }
                if inlineValue == nil { index += 1 }
                if let choices = spec.choices, !choices.contains(value) {
                    throw UsageError("invalid value '\(value)' for '\(name)': expected \(choices.joined(separator: ", "))"
                                     + didYouMean(value, among: choices))
                }
                result.options[key] = value
                result.repeated[key, default: []].append(value)
            } else {
                if inlineValue != nil { throw UsageError("option '\(name)' takes no value") }
                result.options[key] = ""
            }
        }
        return result
    }

    /// `; did you mean '--strict'?` when one of `candidates` is a near miss of `written` (as git
    /// and cargo answer a mistyped command or option), else "".
    static func didYouMean(_ written: String, among candidates: [String]) -> String {
        NameSuggester.suggestion(for: written, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    static func usage(_ options: [OptionSpec]) -> String {
        let rows = options.map { spec -> (String, String) in
            var names = spec.names.joined(separator: ", ")
            if let value = spec.value { names += " " + (spec.choices?.joined(separator: "|") ?? value) }
            return (names, spec.help)
        }
        let width = (rows.map(\.0.count).max() ?? 0) + 2
        return rows.map { "  " + $0.0.padded(to: width) + $0.1 }.joined(separator: "\n")
    }
}

extension StringProtocol {
    /// The text with spaces appended up to `width` characters (as Foundation's `padding`, for
    /// help tables; longer text is cut).
    func padded(to width: Int) -> String {
        count >= width ? String(prefix(width)) : String(self) + String(repeating: " ", count: width - count)
    }

    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

import CardDiagnostics
import CardEmit
import CardJSON
import CardLayout
import CardModel
import CardPipeline
import CardSources

/// What a project decides in its `cardc.json` (docs/cli.md, "Project configuration"; schema
/// `Grammar/cardc.schema.json`): the Swift flavor and access level, the viewport, the text size, per-code
/// severities, the files to leave out and the baseline. Every key is optional; an unknown key or
/// a bad value is an error, never ignored.
public struct ProjectConfiguration: Equatable, Sendable {
    /// What a code's diagnostics become.
    public typealias Level = DiagnosticLevel

    public var flavor: SwiftNames.Flavor?
    public var access: SwiftAccess?
    public var viewport: Viewport?
    /// The Dynamic Type text size the layout runs at (`--text-size`'s default).
    public var textSize: ContentSizeCategory?
    /// Per-code levels, in the order written.
    public var diagnostics: [(code: DiagnosticCode, level: Level)] = []
    /// Patterns of paths (relative to the configuration's folder) `check` and `fmt` leave out.
    public var exclude: [ExcludePattern] = []
    /// The baseline file (`cardc check --write-baseline`), relative to the configuration's folder.
    public var baseline: String?

    public init() {}

    /// The keys `cardc.json` takes, in the schema's order. `$schema` names the schema for editors.
    public static let keys = ["$schema", "flavor", "access", "viewport", "textSize", "diagnostics", "exclude", "baseline"]

    /// The level `code` is reported at, before any suppression: the configured one, else its own.
    public func level(of code: DiagnosticCode) -> Level {
        diagnostics.last { $0.code == code }?.level ?? (code.severity == .error ? .error : .warning)
    }

    /// The configured levels, by code.
    public var levels: [DiagnosticCode: Level] {
        Dictionary(diagnostics.map { ($0.code, $0.level) }, uniquingKeysWith: { $1 })
    }

    public static func == (lhs: ProjectConfiguration, rhs: ProjectConfiguration) -> Bool {
        lhs.flavor == rhs.flavor && lhs.access == rhs.access && lhs.viewport == rhs.viewport && lhs.textSize == rhs.textSize
            && lhs.diagnostics.map(\.code) == rhs.diagnostics.map(\.code)
            && lhs.diagnostics.map(\.level) == rhs.diagnostics.map(\.level)
            && lhs.exclude == rhs.exclude && lhs.baseline == rhs.baseline
    }

    /// Reads `bytes`, the contents of the configuration at `path` (which names it in errors).
    public init(parsing bytes: [UInt8], path: String) throws(ConfigurationError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch let failure as JSONParser.Failure {
            let location = SourceFile(path: path, bytes: bytes).location(of: failure.offset)
            throw ConfigurationError("\(path):\(location): not valid JSON: \(failure.message)")
        } catch {
            throw ConfigurationError("\(path): not valid JSON")
        }
        guard case .object(let members) = value else {
            throw ConfigurationError("\(path): expected a JSON object such as {\"flavor\": \"observation\", \"diagnostics\": {\"W104\": \"error\"}}")
        }
        var seen = Set<String>()
        for (key, value) in members {
            guard seen.insert(key).inserted else { throw ConfigurationError("\(path): \"\(key)\" is given twice") }
            func fail(_ message: String) -> ConfigurationError { ConfigurationError("\(path): \"\(key)\" \(message)") }
            switch key {
            case "$schema":
                guard value.string != nil else { throw fail("must be a string (the schema's address)") }
            case "flavor":
                guard let text = value.string, let flavor = SwiftNames.Flavor(rawValue: text) else {
                    throw fail("must be \(Self.choices(SwiftNames.Flavor.allCases.map(\.rawValue))), found \(Self.shown(value))")
                }
                self.flavor = flavor
            case "access":
                guard let text = value.string, let access = SwiftAccess(rawValue: text) else {
                    throw fail("must be \(Self.choices(SwiftAccess.allCases.map(\.rawValue))), found \(Self.shown(value))")
                }
                self.access = access
            case "viewport":
                guard let text = value.string, let viewport = Viewport(parsing: text) else {
                    throw fail("must be \"WxH\" in points, such as \"390x844\", found \(Self.shown(value))")
                }
                self.viewport = viewport
            case "textSize":
                // Spelled exactly, as the schema's list has it (`--text-size` takes any case).
                guard let text = value.string, let size = ContentSizeCategory.allCases.first(where: { $0.name == text }) else {
                    let hint = value.string.flatMap { ContentSizeCategory(parsing: $0)?.name ?? NameSuggester.suggestion(for: $0, among: ContentSizeCategory.names) }
                        .map { " (did you mean \"\($0)\"?)" } ?? ""
                    throw fail("must be \(Self.choices(ContentSizeCategory.names)), found \(Self.shown(value))\(hint)")
                }
                textSize = size
            case "diagnostics":
                guard case .object(let levels) = value else {
                    throw fail("must be an object of codes and levels, such as {\"W104\": \"error\", \"W801\": \"off\"}")
                }
                var codes = Set<String>()
                for (name, level) in levels {
                    guard codes.insert(name).inserted else { throw ConfigurationError("\(path): \"diagnostics\": \"\(name)\" is given twice") }
                    guard let code = DiagnosticCode(rawValue: name) else {
                        let hint = NameSuggester.suggestion(for: name, among: DiagnosticCode.allCases.map(\.rawValue))
                            .map { " (did you mean \"\($0)\"?)" } ?? " (see 'cardc explain --list')"
                        throw ConfigurationError("\(path): \"diagnostics\": unknown diagnostic code \"\(name)\"\(hint)")
                    }
                    guard let text = level.string, let parsed = Level(rawValue: text) else {
                        throw ConfigurationError("\(path): \"diagnostics\": \"\(name)\" must be \(Self.choices(Level.allCases.map(\.rawValue))), found \(Self.shown(level))")
                    }
                    if code.severity == .error && parsed != .error {
                        throw ConfigurationError("\(path): \"diagnostics\": \"\(name)\" is an error, and errors cannot be made warnings or turned off")
                    }
                    diagnostics.append((code, parsed))
                }
            case "exclude":
                guard let items = value.array else { throw fail("must be a list of path patterns, such as [\"Generated/**\"]") }
                for item in items {
                    guard let text = item.string else { throw fail("must be a list of strings, found \(Self.shown(item))") }
                    do {
                        exclude.append(try ExcludePattern(text))
                    } catch {
                        throw ConfigurationError("\(path): \"exclude\": \(error.message)")
                    }
                }
            case "baseline":
                guard let text = value.string, !text.isEmpty, !text.utf8.contains(0) else {
                    throw fail("must be the baseline file's path, relative to the folder of cardc.json")
                }
                baseline = text
            default:
                let hint = NameSuggester.suggestion(for: key, among: Self.keys).map { "did you mean \"\($0)\"? " } ?? ""
                throw ConfigurationError("\(path): unknown key \"\(key)\" (\(hint)cardc.json takes \(Self.keys.map { "\"\($0)\"" }.joined(separator: ", ")))")
            }
        }
    }

    /// `"a", "b" or "c"`.
    static func choices(_ names: [String]) -> String {
        let quoted = names.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")
    }

    /// A JSON value as written, short, for a message.
    static func shown(_ value: JSONValue) -> String {
        let text = value.serialized()
        let short = text.count > 40 ? String(text.prefix(39)) + "…" : text
        return short
    }
}

/// A problem with a project configuration: a usage error (exit 2) on the command line.
public struct ConfigurationError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

extension DiagnosticPolicy {
    /// The policy of a run whose files have these configurations (by the path each is shown
    /// by); files not listed have `fallback`'s.
    public init(configurations: [String: ProjectConfiguration], fallback: ProjectConfiguration = ProjectConfiguration()) {
        self.init(levels: configurations.mapValues(\.levels), fallback: fallback.levels)
    }
}

import CardDiagnostics
import CardModel
import CardSources

/// The settings that apply to one input file, and where each came from (`cardc check
/// --print-config` shows them).
public struct ProjectSettings: Sendable {
    /// What decided the project root.
    public enum RootSource: String, Sendable {
        case option = "--root"
        case configuration = "the folder of the configuration"
        case gitWorkTree = "the top of the Git work tree"
        case directoryOperand = "the directory given on the command line"
        case fileDirectory = "the file's directory"
    }

    /// The configuration that applies (empty when there is none).
    public var configuration = ProjectConfiguration()
    /// The configuration file as shown, nil when none applies.
    public var configurationPath: String?
    /// Whether `--config` named it (rather than the search finding it).
    public var configurationGiven = false
    /// The configuration's folder, by its real path (patterns and the baseline are relative to it).
    public var configurationDirectory: String?
    /// The project root as shown; imports may not leave it.
    public var root: String
    public var rootSource: RootSource
}

/// Finds the configuration and project root of input files, as formatters and linters find
/// theirs: `--config FILE` when given; else the nearest `cardc.json` in the file's folder or one
/// above it, up to the top of the Git work tree the file is in (a configuration outside the
/// repository never applies). The project root is `--root` when given, else the folder of the
/// configuration, else the top of the Git work tree, else the directory named on the command
/// line that the file was found in, else the file's own directory.
///
/// Each folder is looked at once per run; each configuration is read once.
public struct ProjectLocator {
    public let provider: FileProvider
    private let rootOption: String?
    private let given: (shown: String, real: String, configuration: ProjectConfiguration)?
    /// The real current directory: roots found by the search are shown relative to it.
    private let workingDirectory: String
    /// What a folder (by real path) sees: the configuration at or above it, and the Git top.
    private var folders: [String: Lookup] = [:]
    /// Configurations read, by real path.
    private var configurations: [String: ProjectConfiguration] = [:]

    private struct Lookup {
        var configuration: String?
        var workTreeTop: String?
    }

    /// The largest `cardc.json` read (a configuration is a few hundred bytes).
    public static let sizeLimit = 1 << 20

    /// Reads `--config` (`configurationPath`) at once, so a missing or invalid one is an error
    /// before anything runs. `root` is `--root`, already checked to be a directory.
    public init(provider: FileProvider = DiskFileProvider(), configurationPath: String? = nil, root: String? = nil) throws(ConfigurationError) {
        self.provider = provider
        rootOption = root
        workingDirectory = provider.canonicalPath(".")
        if let configurationPath {
            let real: String
            switch Self.resolve(configurationPath, provider: provider, from: workingDirectory) {
            case .file(let path): real = path
            case .missing, .outside: throw ConfigurationError("--config \(configurationPath): no such file")
            case .unreachable(let reason): throw ConfigurationError("--config \(configurationPath): \(reason)")
            case .notRegular(_, let kind): throw ConfigurationError("--config \(configurationPath) is \(kind), not a regular file")
            }
            given = (configurationPath, real, try Self.read(real, shown: configurationPath, provider: provider))
        } else {
            given = nil
        }
    }

    /// The settings of the input `path` (as given or found), found in `operandDirectory` when a
    /// directory named on the command line was walked to find it.
    public mutating func settings(forFile path: String, operandDirectory: String? = nil) throws(ConfigurationError) -> ProjectSettings {
        let directory = PathUtilities.directory(of: path)
        let absolute = path.hasPrefix("/")
        let lookup = try look(at: provider.canonicalPath(directory), absolute: absolute)
        var settings = ProjectSettings(root: directory, rootSource: .fileDirectory)
        if let given {
            settings.configuration = given.configuration
            settings.configurationPath = given.shown
            settings.configurationGiven = true
            settings.configurationDirectory = PathUtilities.directory(of: given.real)
            settings.root = PathUtilities.directory(of: given.shown)
            settings.rootSource = .configuration
        } else if let found = lookup.configuration {
            settings.configuration = configurations[found] ?? ProjectConfiguration()
            settings.configurationPath = shown(found, absolute: absolute)
            let folder = PathUtilities.directory(of: found)
            settings.configurationDirectory = folder
            settings.root = shown(folder, absolute: absolute)
            settings.rootSource = .configuration
        } else if let top = lookup.workTreeTop {
            settings.root = shown(top, absolute: absolute)
            settings.rootSource = .gitWorkTree
        } else if let operandDirectory {
            settings.root = operandDirectory
            settings.rootSource = .directoryOperand
        }
        if let rootOption {
            settings.root = rootOption
            settings.rootSource = .option
        }
        return settings
    }

    /// The pattern of the configuration in `settings` that leaves out the file at `path`, if any.
    public func exclusion(of path: String, in settings: ProjectSettings) -> ExcludePattern? {
        guard let folder = settings.configurationDirectory, !settings.configuration.exclude.isEmpty else { return nil }
        let real = provider.canonicalPath(path)
        guard PathUtilities.isInside(real, root: folder), real != folder else { return nil }
        let relative = String(real.dropFirst(folder == "/" ? 1 : folder.utf8.count + 1))
        return settings.configuration.exclude.first { $0.matches(relative) }
    }

    /// What is at `path` (absolute, or relative to `directory`), links followed anywhere: a
    /// project's configuration and Git top are looked for above the files, as Git looks.
    private static func resolve(_ path: String, provider: FileProvider, from directory: String) -> ResolvedPath {
        provider.resolve(path, from: directory, within: "/")
    }

    /// The configuration at or above the real folder `directory`, and the Git top above it.
    private mutating func look(at directory: String, absolute: Bool) throws(ConfigurationError) -> Lookup {
        if let known = folders[directory] { return known }
        var here = Lookup()
        let candidate = PathUtilities.appending("cardc.json", to: directory)
        switch Self.resolve(candidate, provider: provider, from: workingDirectory) {
        case .file(let real):
            if configurations[real] == nil { configurations[real] = try Self.read(real, shown: shown(candidate, absolute: absolute), provider: provider) }
            here.configuration = real
        case .notRegular(_, let kind):
            throw ConfigurationError("\(shown(candidate, absolute: absolute)) is \(kind), not a regular file")
        case .missing, .outside, .unreachable:
            break
        }
        // `.git` is a folder in a clone and a file in a linked work tree or a submodule.
        let git = Self.resolve(PathUtilities.appending(".git", to: directory), provider: provider, from: workingDirectory)
        if case .file = git {
            here.workTreeTop = directory
        } else if case .notRegular = git {
            here.workTreeTop = directory
        } else {
            let parent = PathUtilities.directory(of: directory)
            if parent != directory && directory.hasPrefix("/") {
                let above = try look(at: parent, absolute: absolute)
                here.workTreeTop = above.workTreeTop
                if here.configuration == nil { here.configuration = above.configuration }
            }
        }
        folders[directory] = here
        return here
    }

    private static func read(_ real: String, shown: String, provider: FileProvider) throws(ConfigurationError) -> ProjectConfiguration {
        guard let bytes = provider.contents(of: real) else { throw ConfigurationError("cannot read \(shown)") }
        guard bytes.count <= sizeLimit else { throw ConfigurationError("\(shown) is over \(sizeLimit) bytes") }
        return try ProjectConfiguration(parsing: bytes, path: shown)
    }

    /// A real path as the user would write it: relative to the current directory, unless the
    /// input was named by an absolute path.
    func shown(_ real: String, absolute: Bool) -> String {
        absolute || !real.hasPrefix("/") || !workingDirectory.hasPrefix("/") ? real : ProjectLocator.relative(real, from: workingDirectory)
    }

    /// `path` relative to `base` (both absolute and normalised): `a/b`, `.`, `../c`.
    public static func relative(_ path: String, from base: String) -> String {
        let target = path.split(separator: "/"), origin = base.split(separator: "/")
        var common = 0
        while common < target.count && common < origin.count && target[common] == origin[common] { common += 1 }
        let parts = Array(repeating: Substring(".."), count: origin.count - common) + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}

import CardDiagnostics
import CardLayout
import CardProject
import CardModel
import CardSources

/// `cardc check --print-config PATH…`: for each path, the settings that apply to it and where
/// each comes from (the command line, a configuration file, or the default).
struct ConfigurationPrinter {
    var locator: ProjectLocator
    /// `--viewport`, when given.
    var viewport: Viewport?
    /// `--text-size`, when given.
    var textSize: ContentSizeCategory?

    func row(_ name: String, _ value: String) -> String {
        "  " + name.padded(to: 15) + TerminalText.escaped(value) + "\n"
    }

    mutating func describe(_ operands: [String]) throws -> String {
        var text = ""
        for operand in operands {
            guard let status = LocalFiles.status(of: operand) else { throw UsageError("no such file or directory: \(operand)") }
            // A directory: what applies to the files directly in it.
            let isDirectory = status.kind == .directory
            let file = isDirectory ? PathUtilities.appending("*.cards", to: operand) : operand
            let settings = try configured { try locator.settings(forFile: file, operandDirectory: isDirectory ? operand : nil) }
            let configuration = settings.configuration
            let source = settings.configurationPath ?? ""
            text += TerminalText.escaped(isDirectory ? "files in \(operand)" : operand) + "\n"
            if let path = settings.configurationPath {
                text += row("configuration", path + (settings.configurationGiven ? " (--config)" : " (the nearest cardc.json)"))
            } else {
                text += row("configuration", "none: every setting is its default")
            }
            text += row("root", settings.root + " (\(settings.rootSource.rawValue))")
            if let viewport {
                text += row("viewport", "\(viewport) (--viewport)")
            } else {
                text += row("viewport", configuration.viewport.map { "\($0) (\(source))" } ?? "\(Viewport.standard) (default)")
            }
            if let textSize {
                text += row("text size", "\(textSize) (--text-size)")
            } else {
                text += row("text size", configuration.textSize.map { "\($0) (\(source))" } ?? "\(ContentSizeCategory.default) (default)")
            }
            text += row("flavor", configuration.flavor.map { "\($0.rawValue) (\(source))" } ?? "\(SwiftNames.Flavor.cardParts.rawValue) (default)")
            text += row("access", configuration.access.map { "\($0.rawValue) (\(source))" } ?? "internal (default)")
            if configuration.diagnostics.isEmpty {
                text += row("diagnostics", "every code at its own severity (default)")
            } else {
                text += row("diagnostics", configuration.diagnostics.map { "\($0.code.rawValue) \($0.level.rawValue)" }.joined(separator: ", ") + " (\(source))")
            }
            if configuration.exclude.isEmpty {
                text += row("exclude", "nothing (default)")
            } else {
                text += row("exclude", configuration.exclude.map(\.text).joined(separator: ", ") + " (\(source))")
                if !isDirectory {
                    text += row("excluded", locator.exclusion(of: operand, in: settings).map { "yes, by \($0.text)" } ?? "no")
                }
            }
            if let baseline = configuration.baseline, let path = settings.configurationPath {
                text += row("baseline", PathUtilities.join(PathUtilities.directory(of: path), baseline) + " (\(source))")
            } else {
                text += row("baseline", "none (default)")
            }
        }
        return text
    }
}

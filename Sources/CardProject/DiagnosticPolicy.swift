import CardDiagnostics
import CardSyntax

/// What a project decided about its diagnostics, applied to a run's: each file's configured
/// levels (`cardc.json`'s `diagnostics`). Diagnostics are filtered, never recomputed: the
/// checker runs once and this reads its output.
public struct DiagnosticPolicy: Sendable {
    /// The configuration of each file of the run, by the path it is shown by; files not listed
    /// use `fallback`.
    public var configurations: [String: ProjectConfiguration]
    public var fallback: ProjectConfiguration

    public init(configurations: [String: ProjectConfiguration] = [:], fallback: ProjectConfiguration = ProjectConfiguration()) {
        self.configurations = configurations
        self.fallback = fallback
    }

    /// The configuration of the file shown as `path`.
    public func configuration(of path: String) -> ProjectConfiguration { configurations[path] ?? fallback }

    /// `diagnostics` (of the files in `files`) at their configured levels: a code turned off is
    /// dropped, a warning made an error keeps its code and becomes an error.
    public func apply(to diagnostics: [Diagnostic], in files: FileSet) -> [Diagnostic] {
        guard !(configurations.isEmpty && fallback.diagnostics.isEmpty) else { return diagnostics }
        var result: [Diagnostic] = []
        result.reserveCapacity(diagnostics.count)
        for var diagnostic in diagnostics {
            let path = files.lookUp(diagnostic.span.file)?.path ?? ""
            switch configuration(of: path).level(of: diagnostic.code) {
            case .off: continue
            case .error: diagnostic.severity = .error
            case .warning: diagnostic.severity = .warning
            }
            result.append(diagnostic)
        }
        return result
    }
}

import CardDiagnostics
import CardModel

/// A theme named on the command line — `cardc preview --theme`, the gallery's `--theme`
/// columns: one the deck declares, or a built-in one. Both commands ask this one question.
public enum ThemeChoice {
    /// Why `name` cannot be drawn for `deck` — "no theme named 'Mnt' (did you mean 'Mint'?)" —
    /// or nil when it can.
    public static func problem(with name: String, in deck: CheckedUnit) -> String? {
        guard deck.theme(named: name) == nil && ResolvedTheme.builtIn(named: name) == nil else { return nil }
        let names = deck.themes.map(\.name) + Catalog.builtInThemes.map(\.name)
        var message = "no theme named '\(name)'"
        if let suggestion = NameSuggester.suggestion(for: name, among: names) { message += " (did you mean '\(suggestion)'?)" }
        return message
    }
}

import CardDiagnostics
import CardModel

/// What `cardc preview` is asked to draw (its `--card`, `--stack`, `--state`, `--all-states`,
/// `--position` and `--theme` options). Every name is checked against the deck by
/// `validated(against:)` before anything is drawn.
public struct PreviewRequest: Hashable, Sendable {
    public var card: String?
    public var stack: String?
    public var state: String?
    public var allStates: Bool
    public var position: String?
    public var theme: String?

    public init(card: String? = nil, stack: String? = nil, state: String? = nil, allStates: Bool = false,
                position: String? = nil, theme: String? = nil) {
        self.card = card
        self.stack = stack
        self.state = state
        self.allStates = allStates
        self.position = position
        self.theme = theme
    }

    /// Why the options cannot be used together, if they cannot (no deck needed to tell).
    public var conflict: String? {
        if state != nil && allStates { return "'--state' and '--all-states' cannot be used together" }
        if position != nil && allStates { return "'--all-states' draws cards and '--position' draws stacks: give one of them" }
        return nil
    }

    /// Checks the request against `deck`; throws a `PreviewRequestError` for a name the deck
    /// does not have (with a did-you-mean when one is close) or options that do not go together.
    public func validate(against deck: CheckedUnit) throws {
        func fail(_ message: String, _ name: String, among candidates: [String]) -> PreviewRequestError {
            var text = message
            if let suggestion = NameSuggester.suggestion(for: name, among: candidates) { text += " (did you mean '\(suggestion)'?)" }
            return PreviewRequestError(text)
        }
        if let conflict { throw PreviewRequestError(conflict) }
        if let theme, let problem = ThemeChoice.problem(with: theme, in: deck) { throw PreviewRequestError(problem) }
        var stackFound: StackView?
        if let stack {
            guard let found = deck.stack(named: stack) else {
                throw fail("no stack named '\(stack)'", stack, among: deck.stacks.map(\.name))
            }
            stackFound = found
        }
        if let card {
            guard deck.cards.position(named: card) != nil else {
                throw fail("no card named '\(card)'", card, among: deck.cards.names)
            }
            if let stackFound, !stackFound.cards.contains(where: { $0.name == card }) {
                throw fail("card '\(card)' is not in stack '\(stackFound.name)'", card, among: stackFound.cards.map(\.name))
            }
        }
        if let position {
            if card != nil && stackFound == nil { throw PreviewRequestError("'--position' places a card in a stack: give '--stack' too") }
            let stacks = stackFound.map { [$0] } ?? Array(deck.stacks)
            let positions = PreviewRequest.unique(stacks.flatMap { $0.spec.layoutPositions })
            if !positions.contains(position) {
                let place = stackFound.map { "stack '\($0.name)'" } ?? (deck.stacks.isEmpty ? "this deck (it has no stacks)" : "any stack")
                throw fail("no position '\(position)' in \(place)" + (positions.isEmpty ? "" : " (positions: \(positions.joined(separator: ", ")))"),
                           position, among: positions)
            }
        }
        if let state {
            let names = stateNames(in: deck, stack: stackFound)
            if !names.contains(state) {
                let place = card.map { "card '\($0)'" } ?? stackFound.map { "the cards of stack '\($0.name)'" } ?? "any card"
                throw fail("no state '\(state)' in \(place) (states: \(names.joined(separator: ", ")))", state, among: names)
            }
        }
    }

    /// The state names of the cards the request draws, each once, in order.
    func stateNames(in deck: CheckedUnit, stack: StackView?) -> [String] {
        var positions: [Int]
        if let card, let index = deck.cards.position(named: card) {
            positions = [index]
        } else if let stack {
            positions = stack.cards.compactMap { deck.cards.position(named: $0.name) }
        } else if !deck.stacks.isEmpty {
            positions = deck.stacks.flatMap { $0.cards.compactMap { deck.cards.position(named: $0.name) } }
        } else {
            positions = Array(deck.cards.indices)
        }
        var seen = Set<Int>()
        positions = positions.filter { seen.insert($0).inserted }
        return PreviewRequest.unique(positions.flatMap { deck.cards[$0].states.map(\.name) })
    }

    static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}

/// A preview request the deck cannot satisfy: one line, naming what was not found.
public struct PreviewRequestError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

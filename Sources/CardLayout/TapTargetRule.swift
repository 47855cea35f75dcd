import CardDiagnostics
import CardModel

/// W1003: a tap target whose laid-out frame is under `Catalog.minimumTapTarget` (44 points,
/// Apple's Human Interface Guidelines) in either direction (docs/language.md §7.4). It reads the
/// frames of a card the layout pass has laid out already (`DeckLayouter.diagnostics()`); it lays
/// out nothing itself.
///
/// Targets: every part the catalog marks `isTapTarget` (`button`, `radio`) in a state or the
/// footer, inside any container, table or collection cell; and a `tap:` (the card's or a
/// state's), whose target is the whole card — checked where the card's own height is its frame's
/// (a list or fullScreen stack, or no stack), since a collapsible, swipe or sheet stack gives the
/// card its frame. Findings are collected per card and theme, each part once with the states it
/// fails in. `candidates(_:)` says which cards can have a small target at all, so the layout
/// pass lays out only those (and the cards W104 needs).
struct TapTargetRule {
    /// A target found too small, before it is grouped over states.
    struct Finding {
        /// The part, or nil for the card's `tap:`.
        var part: PartView?
        var width: Double
        var height: Double
        var states: [String]
        /// `states` as a set, so a state is added once in linear time.
        var stateSet: Set<String>
    }

    /// The findings of one card in one theme, in the order found, merged over its contexts.
    struct CardFindings {
        var card: CardView
        var theme: String
        var findings: [Finding] = []
        /// Each finding's index in `findings`, by part (nil: the card's `tap:`): a card with
        /// thousands of small targets is grouped in linear time.
        private var indexOfPart: [PartView?: Int] = [:]

        init(card: CardView, theme: String) {
            self.card = card
            self.theme = theme
        }

        mutating func add(part: PartView?, width: Double, height: Double, state: String) {
            if let index = indexOfPart[part] {
                // States are visited in order, and a part again only in the same state (a table
                // row, a shared part seen in another context): the last one is the one to compare.
                if findings[index].states.last != state, findings[index].stateSet.insert(state).inserted {
                    findings[index].states.append(state)
                }
            } else {
                indexOfPart[part] = findings.count
                findings.append(Finding(part: part, width: width, height: height, states: [state], stateSet: [state]))
            }
        }
    }

    /// What of `card` may need its frames: a `tap:`, and a tap-target part that can be laid out
    /// under the minimum. A card with neither is not laid out for W1003.
    struct Candidates {
        /// A `tap:`, the card's or a state's.
        var tap = false
        /// A tap-target part that can be small whatever the width it is given: one not tall
        /// enough by itself (a `radio`), or one whose width a row or a collection cell shares
        /// out (a `button` in an `hstack`).
        var smallPart = false
        /// A tap-target part at all: small only if the content box itself is narrower than the
        /// minimum (a tiny viewport).
        var part = false
    }

    static func candidates(_ card: CardView) -> Candidates {
        var found = Candidates()
        for state in card.states {
            if state.tap != nil { found.tap = true }
            for part in state.parts { scan(part, inRow: false, into: &found) }
        }
        if let footer = card.footer {
            for part in footer.parts { scan(part, inRow: false, into: &found) }
        }
        return found
    }

    /// `inRow`: an ancestor shares its width out (`hstack`, `centered`, a collection's cells).
    private static func scan(_ part: PartView, inRow: Bool, into found: inout Candidates) {
        if part.spec.isTapTarget {
            found.part = true
            if inRow || !isTallEnoughAlone(part.kind) { found.smallPart = true }
        }
        let rowBelow = inRow || part.spec.providesHorizontalContext || part.kind == .collection
        for child in part.children { scan(child, inRow: rowBelow, into: &found) }
    }

    /// Whether a part of this kind is always at least the minimum tall, whatever it shows: a
    /// `button` (`LayoutMetrics.minimumButtonHeight`).
    private static func isTallEnoughAlone(_ kind: PartKind) -> Bool {
        kind == .button && LayoutMetrics.minimumButtonHeight >= Catalog.minimumTapTarget
    }

    /// Adds what is too small in `laidOut` to `findings`. `cardIsFramedByContent`: the card's
    /// height is its content's, so a `tap:` on it is checked.
    static func collect(_ laidOut: LaidOutCard, cardIsFramedByContent: Bool, into findings: inout CardFindings) {
        let minimum = Catalog.minimumTapTarget
        for state in laidOut.states {
            if state.tap != nil, cardIsFramedByContent, laidOut.context.width < minimum || state.height < minimum {
                findings.add(part: nil, width: laidOut.context.width, height: state.height, state: state.name)
            }
            for part in state.parts { collect(part, state: state.name, into: &findings) }
        }
        if let footer = laidOut.footer {
            // The footer is shown in every state.
            for part in footer.parts {
                for state in laidOut.states { collect(part, state: state.name, into: &findings) }
            }
        }
    }

    private static func collect(_ part: LaidOutPart, state: String, into findings: inout CardFindings) {
        let minimum = Catalog.minimumTapTarget
        if part.part.spec.isTapTarget, part.frame.width < minimum || part.frame.height < minimum {
            findings.add(part: part.part, width: part.frame.width, height: part.frame.height, state: state)
        }
        for child in part.children { collect(child, state: state, into: &findings) }
    }

    /// One diagnostic per finding of a card in a theme, laid out at `textSize` (named in the
    /// message when it is not the default: a size changes the frames).
    static func diagnostics(_ found: CardFindings, textSize: ContentSizeCategory = .default) -> [Diagnostic] {
        let card = found.card
        let states = card.states
        let declaresStates = states.contains { $0.span != nil }
        let minimum = Finite.format(Catalog.minimumTapTarget)
        return found.findings.map { finding in
            // Tenths, rounded down, so a side just under the minimum never reads as the minimum.
            func shown(_ points: Double) -> String { Finite.format((points * 10).rounded(.down) / 10) }
            let size = "\(shown(finding.width)) × \(shown(finding.height)) pt"
            let what = finding.part.map { "`\($0.part)`" } ?? "card `\(card.name)`, which `tap:` makes a tap target,"
            var message = "\(what) is \(size), under the \(minimum) × \(minimum) pt minimum tap target, in theme `\(found.theme)`"
                + (textSize == .default ? "" : " at text size \(textSize.name)")
            if declaresStates {
                let inStates = finding.states
                message += inStates.count == states.count && states.count > 1 ? " in every state"
                    : inStates.count == 1 ? " in state `\(inStates[0])`" : " in states " + inStates.map { "`\($0)`" }.joined(separator: ", ")
            }
            let span: SourceSpan
            if let part = finding.part {
                span = part.span
            } else {
                // A state's own `tap:` is at its state; the card's at the card.
                span = (finding.states.count == 1 ? card.state(named: finding.states[0])?.span : nil) ?? card.span
            }
            return Diagnostic(.w1003, message, at: span, label: "Apple's Human Interface Guidelines ask for \(minimum) × \(minimum) pt",
                              notes: [.help(help(finding, card: card))])
        }
    }

    /// How to make the target larger: in the direction it is short.
    private static func help(_ finding: Finding, card: CardView) -> String {
        let minimum = Catalog.minimumTapTarget
        let side = Finite.format(minimum)
        var ways: [String] = []
        guard let part = finding.part else {
            if finding.height < minimum {
                ways.append(card.trait(.noTopBottomMargins) != nil
                            ? "drop `noTopBottomMargins` (the theme's margins pad the card), or add a `spacer(height: …)` until the card is \(side) pt tall"
                            : "add content or a `spacer(height: …)` until the card is \(side) pt tall")
            }
            if finding.width < minimum { ways.append("give the stack's cards at least \(side) pt of width (`margins:`, `customMargin`)") }
            return ways.joined(separator: "; ")
        }
        if finding.height < minimum {
            if part.spec.parameter(named: "height") != nil {
                ways.append("set `height: \(side)` or more")
            } else {
                ways.append("put it in an `hstack` beside a `spacer(height: \(side))`: the row's `.fill` alignment stretches it to \(side) pt")
            }
        }
        if finding.width < minimum {
            ways.append("give it at least \(side) pt of width: fewer parts beside it in its row, or a wider cell (`itemSize:`)")
        }
        return ways.joined(separator: "; ")
    }
}

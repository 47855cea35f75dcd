/// A deterministic generator of large, valid `.cards` decks for benchmarks and stress tests.
///
/// The output is a realistic mix of what the samples contain — cards with traits, models, states,
/// nested parts, tables with cells, menus, doc and line comments — about 600 bytes a card on
/// average, plus, for every group of 50 cards, a `list`, a `collapsible` and a `swipe` stack over
/// cards of that group, and one `theme` declaration at the top.
///
/// Every generated deck is meant to be clean for the checker (docs/language.md §5–§9): every model
/// field is used by a binding, each binding name has one type across the whole generator (so one
/// per card), `state:` defaults name declared states, every button has an action, a card with
/// `loading` also has `hasData`, containers are never empty, ranges hold, cards in collapsible
/// stacks are small (a title and one text), overlays and footers appear only on cards of swipe
/// stacks, which never carry `customMargin`, and every name is unique.
///
/// Randomness comes from a private SplitMix64 so the same `(cards, seed)` yields the same bytes
/// on every platform and toolchain.
public enum SyntheticDeck {
    /// Cards per group; every group ends with its three stacks.
    public static let groupSize = 50

    /// Returns the text of a deck with exactly `cards` cards.
    public static func generate(cards: Int, seed: UInt64 = 42) -> String {
        var generator = DeckGenerator(seed: seed)
        return generator.deck(cards: max(0, cards))
    }
}

/// SplitMix64 (Steele, Lea & Flood 2014): tiny, fast, and good enough for test data; shared by
/// the generator and the seeded robustness tests so a seed means the same everywhere.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    /// Uniform in `0..<n` (0 when `n <= 0`; the modulo bias is irrelevant here).
    public mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

    /// True with probability `percent`/100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// The kinds of card the generator writes.
private enum CardRole { case regular, wallet, swipe }

/// Builds one deck. Binding names map to one type each, across the whole generator:
/// Text — title, summary, detail, note, badge, balance, name, bio, caption;
/// Number — spent (0…1), level, goal; Color — accent; Bool — hidden;
/// lists of records — rows (name, amount), photos (url); list of numbers — daily.
private struct DeckGenerator {
    var rng: SplitMix64
    var out = ""

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    // MARK: Vocabulary

    static let nouns = ["Budget", "Spending", "Savings", "Invoice", "Trip", "Weather", "Workout", "Order",
                        "Payment", "Account", "Goal", "Reminder", "Subscription", "Bill", "Portfolio", "Loan",
                        "Receipt", "Transfer", "Credit", "Insight", "Offer", "Profile", "Task", "Event",
                        "Delivery", "Forecast", "Habit", "Playlist", "Ticket", "Booking"]
    static let verbs = ["open", "show", "edit", "refresh", "review", "share", "archive", "pay", "track", "plan"]
    static let sentences = [
        "Crunching your numbers…", "Nothing here yet.", "Updated a moment ago", "Tap to see the details",
        "You are on track this month", "3 items need your attention", "Synced with your bank",
        "Pull down to refresh", "All caught up!", "Tomorrow: light rain, 14 °C",
        "Spent €42.50 at the café", "Say \\\"hello\\\" to your new dashboard", "Résumé updated · 2 days ago",
        "Your streak: 12 days \\u{1F525}", "Next payment due in 5 days", "Weekly summary is ready",
    ]
    static let labels = ["Rent", "Food", "Travel", "Gym", "Music", "Books", "Coffee", "Taxi", "Phone", "Power"]
    static let amounts = ["$1,200.00", "$430.15", "$86.90", "$12.99", "$5.75", "$249.00", "€19.90", "$64.20"]
    static let colors = ["#2E7D32", "#00A86B", "#D0021B", "#F5A623", "#1B5E20", "#0B6E4F", "#3F51B5", "#FFB300"]
    static let namedColors = [".lightGray", ".darkGray", ".black", ".gray", ".blue", ".green", ".orange"]
    static let customStates = ["archived", "offline", "locked", "overBudget", "syncing"]

    // MARK: Output helpers

    mutating func line(_ indent: Int, _ text: String) {
        out += String(repeating: "  ", count: indent)
        out += text
        out += "\n"
    }

    /// "0.01"…"0.99": a Double in 0…1 without relying on floating-point formatting.
    mutating func fraction() -> String {
        let v = rng.int(1...99)
        return v < 10 ? "0.0\(v)" : "0.\(v)"
    }

    mutating func color() -> String { rng.pick(Self.colors) }
    mutating func anyColor() -> String { rng.chance(50) ? rng.pick(Self.colors) : rng.pick(Self.namedColors) }
    mutating func sentence() -> String { "\"" + rng.pick(Self.sentences) + "\"" }
    mutating func action(_ noun: String) -> String { rng.pick(Self.verbs) + noun }

    // MARK: Deck

    mutating func deck(cards: Int) -> String {
        out.reserveCapacity(cards * 640 + 1024)
        line(0, "// Synthetic deck generated by SyntheticDeck (\(cards) cards). Do not edit by hand.")
        line(0, "")
        line(0, "/// The generated theme used by some list stacks.")
        line(0, "theme Gen: Mint {")
        line(1, "titleFont: font(.system, 17, weight: .semibold)")
        line(1, "titleColor: #1B5E20")
        line(1, "normalTextFont: font(\"Avenir\", 15)")
        line(1, "buttonCornerRadius: 8")
        line(1, "cardCellMargins: insets(12, 16)")
        line(1, "separatorColor: .lightGray")
        line(0, "}")
        line(0, "")

        var group = 0
        var regular: [String] = [], wallet: [String] = [], swipe: [String] = []
        for index in 0..<cards {
            let slot = index % SyntheticDeck.groupSize
            let role: CardRole = slot < 3 ? .wallet : slot < 6 ? .swipe : .regular
            let name: String
            switch role {
            case .wallet: name = walletCard(index); wallet.append(name)
            case .swipe: name = swipeCard(index); swipe.append(name)
            case .regular: name = regularCard(index); regular.append(name)
            }
            if slot == SyntheticDeck.groupSize - 1 || index == cards - 1 {
                stacks(group, regular: regular, wallet: wallet, swipe: swipe)
                group += 1
                regular.removeAll(keepingCapacity: true)
                wallet.removeAll(keepingCapacity: true)
                swipe.removeAll(keepingCapacity: true)
            }
        }
        return out
    }

    mutating func stacks(_ group: Int, regular: [String], wallet: [String], swipe: [String]) {
        if !regular.isEmpty {
            line(0, "/// Overview \(group): a list of this group's cards.")
            line(0, "stack Overview\(group): list {")
            line(1, "theme: \(rng.chance(50) ? "Mint" : "Gen")")
            if rng.chance(50) { line(1, "margins: insets(0, 16)") }
            // Ten cards of the group, in order (a card may be in several stacks; here each once).
            var step = max(1, regular.count / 10)
            if regular.count < 10 { step = 1 }
            var k = 0
            var listed = 0
            while k < regular.count && listed < 10 {
                line(1, regular[k])
                k += step
                listed += 1
            }
            line(0, "}")
            line(0, "")
        }
        if !wallet.isEmpty {
            line(0, "stack Wallet\(group): collapsible(cardOffset: 40, collapsedHeight: 200, expandedHeight: 500, cardHeight: 240) {")
            line(1, "initial: .collapsed")
            for name in wallet { line(1, name) }
            line(0, "}")
            line(0, "")
        }
        if !swipe.isEmpty {
            line(0, "stack Deck\(group): swipe(visibleCards: 2, insets: insets(16), minimumSwipeMargin: 0.4) {")
            line(1, "onSwipe: recordSwipe")
            if rng.chance(50) { line(1, "onSwipedAll: showNoMore") }
            for name in swipe { line(1, name) }
            line(0, "}")
            line(0, "")
        }
    }

    // MARK: Small cards for collapsible stacks

    /// A title and one text: content far below the stack's `cardHeight`.
    mutating func walletCard(_ index: Int) -> String {
        let brand = rng.pick(["Visa", "Amex", "Mastercard", "Discover", "GiftCard"])
        let name = "\(brand)\(index)"
        line(0, "/// Payment card \(index) in a collapsible wallet.")
        line(0, "card \(name): rounded(radius: 12), shadow(color: \(rng.pick(Self.namedColors)), radius: 6, opacity: \(fraction()), offset: size(0, 3)) {")
        line(1, "model {")
        line(2, "balance: \"$\(rng.int(1...9)),\(rng.int(100...999)).\(rng.int(10...99))\"")
        line(1, "}")
        line(1, "title(\"\(brand) •••• \(rng.int(1000...9999))\")")
        line(1, "text($balance, style: .detail)")
        if rng.chance(50) { line(1, "tap: openCard") }
        line(0, "}")
        line(0, "")
        return name
    }

    // MARK: Swipe cards

    mutating func swipeCard(_ index: Int) -> String {
        let name = "Match\(index)"
        line(0, "/// Profile \(index): swipe right to save, left to skip.")
        line(0, "card \(name): rounded(radius: 16),")
        line(0, "    shadow(color: .black, radius: 10, opacity: 0.2, offset: size(0, 6)) {")
        line(1, "model {")
        line(2, "name: \"\(rng.pick(["Alex", "Sam", "Kim", "Noor", "Léa", "Jo"])), \(rng.int(20...60))\"")
        line(2, "bio: \(sentence())")
        line(1, "}")
        line(1, "swipe: [.left, .right]")
        line(1, "image(\"photo-\(index)\", height: 300, accessibilityLabel: \"Photo \(index)\")")
        line(1, "text($name, style: .title)")
        line(1, "text($bio, lines: 2)")
        line(1, "overlay(.left) {")
        line(2, "text(\"NOPE\", style: .header, color: .red, alignment: .center)")
        line(1, "}")
        line(1, "overlay(.right) {")
        line(2, "text(\"SAVE\", style: .header, color: #00A86B, alignment: .center)")
        line(1, "}")
        if rng.chance(50) {
            line(1, "footer(height: 100, transparent: false) {")
            line(2, "hstack(spacing: 16, distribution: .fillEqually) {")
            line(3, "button(\"Skip\", action: skipProfile, alignment: .fill)")
            line(3, "button(\"Save\", action: saveProfile, alignment: .fill)")
            line(2, "}")
            line(1, "}")
        }
        line(1, "tap: openProfile")
        line(0, "}")
        line(0, "")
        return name
    }

    // MARK: Regular cards

    mutating func regularCard(_ index: Int) -> String {
        let noun = rng.pick(Self.nouns)
        let name = "\(noun)\(index)"
        var fields = ModelFields()

        // Doc comment.
        if rng.chance(70) {
            line(0, "/// \(noun) card number \(index): \(rng.pick(["a summary of this month", "what changed since yesterday", "the latest activity", "a quick status at a glance"])).")
            if rng.chance(30) { line(0, "/// Tapping it opens the full \(noun.lowercased()) screen.") }
        } else if rng.chance(20) {
            line(0, "// \(noun) \(index)")
        }

        // Traits.
        var traits: [String] = []
        if rng.chance(70) { traits.append("rounded(radius: \(rng.pick(["8", "10", "12", "16"])))") }
        if rng.chance(40) {
            traits.append("shadow(color: \(rng.pick(Self.namedColors)), radius: \(rng.int(2...12)), opacity: \(fraction()), offset: size(0, \(rng.int(1...6))))")
        }
        // Drawn here, kept only without a gradient (which takes it away, W503): the random
        // draws, and so the rest of the deck, stay as they were.
        let border = rng.chance(25) ? (index: traits.count, trait: "border(width: 1, color: \(color()))") : nil
        if rng.chance(30) { traits.append("editable(onEdit: edit\(noun))") }
        if rng.chance(15) { traits.append("customMargin(margin: \(rng.pick(["8", "12", "16"])))") }
        if rng.chance(15) { traits.append("longPress(action: showActions\(rng.chance(50) ? ", minimumDuration: 0.6" : ""))") }
        if rng.chance(4) { traits.append("gradient(colors: [\(color()), \(color())], angle: 135)") }
        if let border, !traits.contains(where: { $0.hasPrefix("gradient(") }) { traits.insert(border.trait, at: border.index) }
        if rng.chance(4) {
            traits.append("hidden(isHidden: $hidden)")
            fields.add("hidden", "false")
        }
        var header = "card \(name)"
        if !traits.isEmpty {
            header += ": " + traits.joined(separator: traits.count > 2 ? ",\n    " : ", ")
        }
        header += " {"

        // Body, written to a side buffer first so the model lists exactly the fields used.
        // Swap buffers rather than copy: a second reference to `out` would make every append
        // below copy the whole deck so far (quadratic in debug builds).
        var body = ""
        swap(&out, &body)
        if rng.chance(90) { titlePart(noun, &fields) }
        var defaultState: String?
        if rng.chance(65) {
            var states = ["hasData"]
            if rng.chance(60) { states.insert("loading", at: 0) }
            if rng.chance(40) { states.insert("empty", at: states.count - 1) }
            if rng.chance(20) { states.append(rng.pick(Self.customStates)) }
            if rng.chance(70) { defaultState = rng.chance(70) ? "hasData" : rng.pick(states) }
            for state in states {
                line(1, "state \(state) {")
                switch state {
                case "loading":
                    line(2, "text(\"Loading…\", style: .detail)")
                case "empty":
                    line(2, "text(\(sentence()))")
                    line(2, "button(\"Get started\", action: start\(noun), alignment: .left)")
                default:
                    for _ in 0..<rng.int(1...4) { part(2, noun, &fields) }
                    if rng.chance(40) { line(2, "tap: \(action(noun))") }
                }
                line(1, "}")
            }
            if rng.chance(20) { line(1, "text(\"Updated daily\", style: .small)   // shown in every state") }
        } else {
            for _ in 0..<rng.int(2...4) { part(1, noun, &fields) }
            if rng.chance(30) { line(1, "tap: \(action(noun))") }
        }
        swap(&out, &body)

        line(0, header)
        if !fields.isEmpty || defaultState != nil {
            line(1, "model {")
            for (field, value) in fields.entries { line(2, "\(field): \(value)") }
            if let defaultState { line(2, "state: .\(defaultState)") }
            line(1, "}")
            line(0, "")
        }
        out += body
        line(0, "}")
        line(0, "")
        return name
    }

    mutating func titlePart(_ noun: String, _ fields: inout ModelFields) {
        var text: String
        if rng.chance(50) {
            text = "title($title"
            fields.add("title", "\"\(noun) overview\"")
        } else {
            text = "title(\"\(noun)\""
        }
        if rng.chance(40) { text += ", menu: [\"Hide this card\", \"Settings\"], onMenu: \(rng.pick(["hideCard", "cardMenu"]))" }
        text += ")"
        if rng.chance(15) { text += "   // header" }
        line(1, text)
    }

    /// One part (sometimes a container with children) at `indent`.
    mutating func part(_ indent: Int, _ noun: String, _ fields: inout ModelFields) {
        switch rng.below(24) {
        case 0, 1:
            line(indent, "hstack(spacing: 8, alignment: .center) {")
            line(indent + 1, "image(\"\(noun.lowercased())-icon\", decorative: true)")
            line(indent + 1, "text($summary)")
            line(indent, "}")
            fields.add("summary", "\"\(rng.pick(Self.amounts)) of $2,000 spent\"")
        case 2, 3:
            if rng.chance(50) {
                line(indent, "bar(percent: $spent, color: \(color()))")
            } else {
                line(indent, "bar(percent: $spent, color: $accent)")
                fields.add("accent", color())
            }
            fields.add("spent", fraction())
        case 4, 5:
            line(indent, "text(\(sentence()), style: \(rng.pick([".normal", ".detail", ".small", ".title"])))")
        case 6:
            line(indent, "button(\"See all\", action: \(action(noun)))")
        case 7:
            if rng.chance(50) {
                line(indent, "pill($badge, verticalPadding: 4, horizontalPadding: 10)")
                fields.add("badge", "\"New\"")
            } else {
                line(indent, "pill(\"\(rng.pick(["New", "Beta", "3 left", "Paid"]))\")")
            }
        case 8:
            line(indent, "titleDescription(leftTitle: \"\(rng.pick(Self.labels))\", leftDescription: \"Due May \(rng.int(1...28))\",")
            line(indent, "                 rightTitle: \"\(rng.pick(Self.amounts))\", rightDescription: \"Monthly\")")
        case 9:
            line(indent, "separator")
        case 10:
            line(indent, "spacer(height: \(rng.pick(["4", "8", "12", "16"])))")
        case 11, 12:
            line(indent, "table(rows: $rows, style: .plain) {")
            line(indent + 1, "cell {")
            line(indent + 2, "hstack(spacing: 12) {")
            line(indent + 3, "text($item.name)")
            line(indent + 3, "text($item.amount, alignment: .right)")
            line(indent + 2, "}")
            line(indent + 1, "}")
            line(indent, "}")
            var rows: [String] = []
            for _ in 0..<rng.int(2...4) {
                rows.append("(name: \"\(rng.pick(Self.labels))\", amount: \"\(rng.pick(Self.amounts))\")")
            }
            fields.add("rows", "[" + rows.joined(separator: ", ") + "]")
        case 13:
            line(indent, "vstack(spacing: 4, alignment: .leading) {")
            line(indent + 1, "text($detail)")
            line(indent + 1, "text(\(sentence()), style: .small)")
            line(indent, "}")
            fields.add("detail", sentence())
        case 14:
            line(indent, "slider(value: $level, min: 0, max: 100)")
            fields.add("level", "\(rng.int(0...100))")
        case 15:
            line(indent, "textField(text: $note, placeholder: \"Add a note\", keyboard: .default)")
            fields.add("note", "\"\"")
        case 16:
            line(indent, "iconLabel(\"Due soon\", icon: \"clock\", iconPosition: .left, iconPadding: 6)")
        case 17:
            line(indent, "histogram(entries: $daily, width: 8, lines: [.bottom])")
            fields.add("daily", "[\(rng.int(1...99)), 1_200, \(fraction()), 2.5e1, \(rng.int(1...99))]")
        case 18:
            line(indent, "progressBar(values: [30, 50, 20], colors: [.red, .orange, .green], current: $goal)")
            fields.add("goal", "\(rng.int(0...100))")
        case 19:
            line(indent, "centered {")
            line(indent + 1, "text(\"Mon\", style: .small)")
            line(indent + 1, "text($caption, alignment: .center)")
            line(indent + 1, "text(\"Sun\", style: .small)")
            line(indent, "}")
            fields.add("caption", "\"Week \(rng.int(1...52))\"")
        case 20:
            line(indent, "collection(items: $photos, direction: .horizontal, itemSize: size(80, 80)) {")
            line(indent + 1, "cell { image($item.url, decorative: true) }")
            line(indent, "}")
            fields.add("photos", "[(url: \"photo-\(rng.int(1...999))\"), (url: \"photo-\(rng.int(1...999))\")]")
        case 21:
            line(indent, "hstack(distribution: .fillEqually) {")
            line(indent + 1, "text(\"\(rng.pick(Self.labels))\")")
            line(indent + 1, "verticalSeparator")
            line(indent + 1, "text(\"\(rng.pick(Self.amounts))\", alignment: .right)")
            line(indent, "}")
        case 22:
            line(indent, "image(\"\(noun.lowercased())-banner\", tint: \(anyColor()), height: \(rng.pick(["48", "64", "120"])), decorative: true)")
        default:
            line(indent, "radio(selected: \(rng.chance(50) ? "true" : "false"), action: \(action(noun)))")
        }
    }
}

/// Model fields in first-use order; a field added twice keeps its first default.
private struct ModelFields {
    var entries: [(String, String)] = []
    var isEmpty: Bool { entries.isEmpty }

    mutating func add(_ name: String, _ value: String) {
        if entries.contains(where: { $0.0 == name }) { return }
        entries.append((name, value))
    }
}

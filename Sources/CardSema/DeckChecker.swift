import CardDiagnostics
import CardModel
import CardSources
import CardSyntax

/// A top-level declaration: which file's tree, which node.
struct DeclarationRef {
    var file: FileID
    var node: NodeID
}

/// Checks one compilation unit — an entry file and everything it imports — into a
/// `CheckedUnit`: names (E3xx), themes (§9), stacks (§6) and cards (§5), then the rules that
/// span cards and stacks (W502, W703, W704, E703, E704). Each declaration is written to the
/// unit in the pass that reports its diagnostics.
struct DeckChecker {
    let trees: [FileID: SyntaxTree]
    let order: [FileID]
    var diagnostics: [Diagnostic] = []
    /// The diagnostics each file has had: handed to every `ValueChecker` and taken back, so
    /// that the limit holds across cards, stacks and themes (`record`, `ValueChecker.report`).
    var limit = DiagnosticLimit()
    /// Card name → index in `cardDecls`.
    var cards: [String: Int] = [:]
    /// Cards in load order.
    var cardDecls: [(name: String, ref: DeclarationRef)] = []
    var stacks: [String: DeclarationRef] = [:]
    var themes: [String: DeclarationRef] = [:]
    var stackOrder: [String] = []
    var themeOrder: [String] = []
    /// Where each declared theme writes its colour properties (theme, property): the unit keeps
    /// the span with the value, so a contrast fix-it can change it there (W1001, W1004).
    var themeColorSpans: [String: [String: SourceSpan]] = [:]
    /// Names read from source, interned once for the whole unit.
    let names = NameInterner()
    /// Each file's place in declaration order (`SourceLoader.declarationOrder(of:)`): which of
    /// two duplicate declarations is the later one (E305).
    let declarationRank: [FileID: Int]
    /// Whether an import of the unit was not loaded (E306, E308): a card or theme no file
    /// declares may be declared there, so it is reported unknown (E303, E304) only when a
    /// declared name is close enough to suggest.
    let namesMayBeMissing: Bool
    /// What the checker writes: the checked unit.
    let unit = UnitBuilder()

    init(trees: [FileID: SyntaxTree], order: [FileID], declarationOrder: [FileID]? = nil, namesMayBeMissing: Bool = false) {
        self.trees = trees
        self.order = order
        var rank: [FileID: Int] = [:]
        for (index, file) in (declarationOrder ?? order).enumerated() { rank[file] = index }
        declarationRank = rank
        self.namesMayBeMissing = namesMayBeMissing
    }

    func tree(_ ref: DeclarationRef) -> SyntaxTree? { trees[ref.file] }

    func nameSpan(_ ref: DeclarationRef) -> SourceSpan? {
        tree(ref).map { ValueChecker.nameSpan(ref.node, in: $0) }
    }

    func valueChecker(for tree: SyntaxTree) -> ValueChecker {
        var values = ValueChecker(tree: tree, cards: cards, names: names, unit: unit)
        values.limit = limit
        return values
    }

    /// Records a diagnostic of the deck's own passes, within the file's limit.
    mutating func record(_ diagnostic: Diagnostic) {
        if limit.admits(diagnostic.severity, in: diagnostic.span.file) { diagnostics.append(diagnostic) }
    }

    mutating func check() -> CheckedUnit? {
        guard let entry = order.first, let entryTree = trees[entry] else { return nil }
        unit.reserve(sourceBytes: order.reduce(0) { $0 + (trees[$1]?.file.bytes.count ?? 0) })
        collectDeclarations()
        let resolvedThemes = checkThemes()
        let (checkedStacks, membership, sheetReferences) = checkStacks(themeNames: Set(resolvedThemes.map(\.name)))
        // One checker for every card, its scratch storage reused; each card written as it is checked.
        var checker: CardChecker?
        for (index, (name, ref)) in cardDecls.enumerated() {
            guard let tree = tree(ref) else { continue }
            if checker == nil { checker = CardChecker(values: valueChecker(for: tree)) }
            // Mutated in place through the optional: copying the checker would copy its scratch.
            checker?.use(tree)
            checker?.check(ref.node, named: name, membership: membership[index])
            diagnostics += checker?.takeDiagnostics() ?? []
        }
        if let checker { limit = checker.values.limit }
        checkSheetTitles(checkedStacks, references: sheetReferences)
        suggestDeckNames(stacks: checkedStacks, membership: membership)
        let usedThemes = Set(checkedStacks.map(\.theme))
        let themesOut = resolvedThemes.filter { !$0.theme.isBuiltIn || usedThemes.contains($0.name) || $0.name == Catalog.defaultThemeName }
        writeThemes(themesOut, stacks: checkedStacks)
        var paths: [FileID: String] = [:]
        for file in order { paths[file] = trees[file]?.file.path }
        return CheckedUnit(builder: unit, entry: entry, entryPath: entryTree.file.path, paths: paths)
    }

    /// Where a property theme `decl` does not set goes so that its body reads as `cardc fmt`
    /// writes it, one property a line (W1001's fix-it adds one): before the closing brace of a
    /// body already written so; in an empty body, or without one, a body of that one line; a
    /// body written on fewer lines is written out again, one item a line, its values as they
    /// are — unless a comment is in it, which leaves no place (nil).
    static func propertyInsertion(in decl: NodeID, of tree: SyntaxTree) -> (range: Range<Int>, prefix: String, suffix: String)? {
        let bytes = tree.file.bytes
        let indent = String(repeating: " ", count: Formatter.indentWidth)
        guard let block = tree.block(decl) else {
            let end = tree.range(decl).upperBound
            return (end..<end, " {\n" + indent, "\n}")
        }
        let range = tree.range(block)
        guard range.count >= 2, range.upperBound <= bytes.count, bytes[range.lowerBound] == UInt8(ascii: "{"),
              bytes[range.upperBound - 1] == UInt8(ascii: "}") else { return nil }
        let open = range.lowerBound + 1, close = range.upperBound - 1
        let items = Array(tree.children(block))
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        // The brace alone on its line, and nothing after the opening one on its line: a new line before the closing one.
        var lineStart = close
        while lineStart > open && isBlank(bytes[lineStart - 1]) { lineStart -= 1 }
        var afterOpen = open
        while afterOpen < close && isBlank(bytes[afterOpen]) { afterOpen += 1 }
        let newline: (UInt8) -> Bool = { $0 == 0x0A || $0 == 0x0D }
        // The first comment at or after the brace (a file may hold thousands of themes and comments).
        let low = tree.firstComment(startingAtOrAfter: open)
        let hasComment = low < tree.comments.count && tree.comments[low].end <= close
        if !items.isEmpty || hasComment, lineStart > open, newline(bytes[lineStart - 1]),
           newline(bytes[afterOpen]) || bytes[afterOpen...].starts(with: "//".utf8) {
            return (lineStart..<lineStart, indent, "\n")
        }
        if hasComment { return nil }
        var prefix = "\n"
        for item in items {
            guard tree.kind(item) == .property, let value = tree.value(item), tree.range(value).upperBound <= bytes.count else { return nil }
            prefix += indent + tree.name(item) + ": " + String(decoding: bytes[tree.range(value)], as: UTF8.self) + "\n"
        }
        return (open..<close, prefix + indent, "\n")
    }

    /// Writes the themes, each a segment of its own, and points every stack at its theme's row.
    mutating func writeThemes(_ themes: [(name: String, theme: ResolvedTheme, node: DeclarationRef?)], stacks: [StackSummary]) {
        var rows: [String: UInt32] = [:]
        for (name, theme, ref) in themes {
            let start = ref.flatMap { ref in tree(ref).map { $0.range(ref.node).lowerBound } } ?? 0
            let segment = unit.beginSegment(file: ref?.file ?? FileID(-1), sourceStart: start)
            let first = unit.nextArgument
            var count: UInt32 = 0
            for property in theme.properties {
                guard let index = Catalog.themePropertyIndex(named: property.name) else { continue }
                // A colour the theme writes itself keeps where it is written; an inherited one does not.
                if case .color(let color, let colorName) = property.value, let span = themeColorSpans[name]?[property.name] {
                    unit.argument(index, unit.color(color, named: colorName.flatMap { Catalog.namedColorTable.index(of: $0) }, at: span))
                } else {
                    unit.argument(index, unit.append(property.value))
                }
                count += 1
            }
            var insertion = RelativeSpan.none, prefix = StringRef.none, suffix = StringRef.none
            if let ref, let tree = tree(ref), let place = Self.propertyInsertion(in: ref.node, of: tree) {
                insertion = unit.relative(SourceSpan(file: ref.file, start: place.range.lowerBound, end: place.range.upperBound))
                prefix = unit.string(place.prefix)
                suffix = unit.string(place.suffix)
            }
            rows[name] = UInt32(clamping: unit.themeRows.count)
            unit.themeRows.append(ThemeRow(segment: segment, name: unit.string(name), parent: unit.string(theme.parent),
                                           isBuiltIn: theme.isBuiltIn, span: theme.span.map { unit.relative($0) } ?? .none,
                                           properties: RowRange(start: first, count: count),
                                           insertion: insertion, insertionPrefix: prefix, insertionSuffix: suffix))
        }
        for (index, stack) in stacks.enumerated() {
            unit.stackRows[index].theme = rows[stack.theme] ?? rows[Catalog.defaultThemeName] ?? 0
        }
    }

    /// How many unknown cards and themes get a did-you-mean (`suggestDeckNames`), as Clang
    /// limits its spelling corrections.
    static let suggestedDeckNameLimit = 100

    /// Did-you-mean for unknown cards (E303) and themes (E304), found after checking, for the
    /// first `suggestedDeckNameLimit` of them in source order. Their candidates are the deck's
    /// own names: a deck of thousands of cards and as many misspelt references would otherwise
    /// compare each with every card (5,000 of each took 18 s).
    ///
    /// A suggestion is one whose fix-it introduces no error: in a stack whose cards may not
    /// repeat, no card it lists already (or that an earlier misspelling in it was offered); in a
    /// card (a `push` target), only a card of one of its sheet stacks when it is in any.
    mutating func suggestDeckNames(stacks checkedStacks: [StackSummary], membership: [CardMembership]) {
        var unknown = diagnostics.indices.filter { diagnostics[$0].code == .e303 || diagnostics[$0].code == .e304 }
        guard !unknown.isEmpty else { return }
        unknown.sort { diagnostics[$0].span < diagnostics[$1].span }
        // With an import missing, an unknown name without a suggestion may be the missing file's:
        // not reported (nor are those past the suggestion limit, which get none).
        var dropped = namesMayBeMissing ? Set(unknown.dropFirst(Self.suggestedDeckNameLimit)) : []
        defer {
            if !dropped.isEmpty { diagnostics = diagnostics.indices.filter { !dropped.contains($0) }.map { diagnostics[$0] } }
        }
        unknown = Array(unknown.prefix(Self.suggestedDeckNameLimit))
        lazy var cardNames = NameSuggester.Candidates(cardDecls.map(\.name))
        lazy var themeNames = NameSuggester.Candidates(themeOrder + Catalog.builtInThemes.map(\.name))
        lazy var enclosing = EnclosingDeclarations(self, stacks: checkedStacks)
        // Per stack, the names listed or already offered in it.
        var taken: [Int: Set<String>] = [:]
        for index in unknown {
            let span = diagnostics[index].span
            guard let file = trees[span.file]?.file, span.end <= file.bytes.count else { continue }
            let name = file.text(span.range)
            let suggested: String?
            if diagnostics[index].code == .e304 {
                suggested = NameSuggester.suggestion(for: name, among: themeNames)
            } else {
                switch enclosing.declaration(around: span) {
                case .stack(let position):
                    let stack = checkedStacks[position]
                    if stack.kind.cardsMayRepeat {
                        suggested = NameSuggester.suggestion(for: name, among: cardNames)
                    } else {
                        let listed = taken[position] ?? Set(stack.cards)
                        suggested = NameSuggester.suggestion(for: name, among: cardNames) { !listed.contains($0) }
                        if let suggested { taken[position, default: listed].insert(suggested) }
                    }
                case .card(let position) where !membership[position].sheetStacks.isEmpty:
                    suggested = NameSuggester.suggestion(for: name, among: cardNames) { membership[position].sharesSheetStack(with: $0) }
                case .card, nil:
                    suggested = NameSuggester.suggestion(for: name, among: cardNames)
                }
            }
            if suggested == nil && namesMayBeMissing {
                dropped.insert(index)
                continue
            }
            let hint = ValueChecker.suggestion(suggested, replacing: span)
            diagnostics[index].notes += hint.notes
            diagnostics[index].fixIts += hint.fixIts
        }
    }

    /// The card or stack declaration around a span, by position in `cardDecls` or the checked
    /// stacks: each file's declarations sorted by where they start.
    struct EnclosingDeclarations {
        enum Declaration { case card(Int), stack(Int) }
        var byFile: [FileID: [(range: Range<Int>, declaration: Declaration)]] = [:]

        init(_ checker: DeckChecker, stacks: [StackSummary]) {
            for (position, decl) in checker.cardDecls.enumerated() {
                guard let tree = checker.tree(decl.ref) else { continue }
                byFile[decl.ref.file, default: []].append((tree.range(decl.ref.node), .card(position)))
            }
            for (position, stack) in stacks.enumerated() {
                guard let ref = checker.stacks[stack.name], let tree = checker.tree(ref) else { continue }
                byFile[ref.file, default: []].append((tree.range(ref.node), .stack(position)))
            }
            for file in byFile.keys { byFile[file]?.sort { $0.range.lowerBound < $1.range.lowerBound } }
        }

        func declaration(around span: SourceSpan) -> Declaration? {
            guard let declarations = byFile[span.file] else { return nil }
            // The last declaration starting at or before the span.
            var low = 0, high = declarations.count
            while low < high {
                let middle = (low + high) / 2
                if declarations[middle].range.lowerBound <= span.start { low = middle + 1 } else { high = middle }
            }
            guard low > 0, declarations[low - 1].range.upperBound >= span.end else { return nil }
            return declarations[low - 1].declaration
        }
    }

    // MARK: Declarations

    mutating func collectDeclarations() {
        for file in order {
            guard let tree = trees[file] else { continue }
            // Each table sized once: a deck's hundred stacks otherwise regrow theirs eight times.
            var cardCount = 0, stackCount = 0, themeCount = 0
            for node in tree.children(tree.root) {
                switch tree.kind(node) {
                case .cardDecl: cardCount += 1
                case .stackDecl: stackCount += 1
                case .themeDecl: themeCount += 1
                default: break
                }
            }
            cards.reserveCapacity(cards.count + cardCount)
            cardDecls.reserveRoom(for: cardCount)
            stacks.reserveCapacity(stacks.count + stackCount)
            stackOrder.reserveRoom(for: stackCount)
            themes.reserveCapacity(themes.count + themeCount)
            themeOrder.reserveRoom(for: themeCount)
            for node in tree.children(tree.root) {
                let kind = tree.kind(node)
                guard kind.isDeclaration, let token = tree.mainToken(node) else { continue }
                let name = tree.text(token)
                let ref = DeclarationRef(file: file, node: node)
                switch kind {
                case .cardDecl:
                    // One hash in the usual case: insert, and put the earlier one back on a clash.
                    if let earlier = cards.updateValue(cardDecls.count, forKey: name) {
                        cards[name] = earlier
                        reportDuplicate(name, "card", ref, cardDecls[earlier].ref)
                    } else {
                        cardDecls.append((name, ref))
                        if let clash = GeneratedNameRule.card(name) { reportClash(clash, tree: tree, token: token) }
                    }
                case .stackDecl:
                    if let earlier = Self.register(name, ref, in: &stacks, order: &stackOrder) { reportDuplicate(name, "stack", ref, earlier) }
                case .themeDecl:
                    if Catalog.builtInTheme(named: name) != nil {
                        record(Diagnostic(.e305, "theme `\(name)` is built in and cannot be redeclared",
                                                      at: tree.span(token: token),
                                                      notes: [.help("give your theme another name and inherit: `theme My\(name): \(name) { … }`")]))
                    } else {
                        if let earlier = Self.register(name, ref, in: &themes, order: &themeOrder) { reportDuplicate(name, "theme", ref, earlier) }
                    }
                case .stateDecl:
                    record(Diagnostic(.e603, "a `state` block must sit directly inside a card",
                                                  at: tree.span(token: tree.firstToken(node))))
                default: break
                }
            }
        }
    }

    /// Adds a declaration; returns the earlier one when the name is taken.
    static func register(_ name: String, _ ref: DeclarationRef, in table: inout [String: DeclarationRef],
                         order: inout [String]) -> DeclarationRef? {
        // One hash in the usual case, as for cards: insert, and put the earlier one back on a clash.
        if let earlier = table.updateValue(ref, forKey: name) {
            table[name] = earlier
            return earlier
        }
        order.append(name)
        return nil
    }

    /// E312 at a declaration's name (within the per-file limit, as every other diagnostic).
    mutating func reportClash(_ clash: GeneratedNameRule.Clash, tree: SyntaxTree, token: Token) {
        record(Diagnostic(.e312, clash.message, at: tree.span(token: token), notes: [.help(clash.help)]))
    }

    /// E305 at the later declaration, with a note at the earlier one. `ref` was collected after
    /// `earlier` (in load order); the later one is the one later in declaration order: an
    /// imported file's declarations come before those of the file importing it, where the user
    /// most likely just wrote the duplicate.
    mutating func reportDuplicate(_ name: String, _ kind: String, _ ref: DeclarationRef, _ earlier: DeclarationRef) {
        let swapped = ref.file != earlier.file && (declarationRank[ref.file] ?? 0) < (declarationRank[earlier.file] ?? 0)
        let (later, first) = swapped ? (earlier, ref) : (ref, earlier)
        guard let span = nameSpan(later), let earlierSpan = nameSpan(first) else { return }
        record(Diagnostic(.e305, "\(kind) `\(name)` is declared twice", at: span,
                                      notes: [DiagnosticNote("first declared here", at: earlierSpan)]))
    }

    // MARK: Themes

    /// E304's label: the themes there are, built in and declared (the first dozen).
    var themesLabel: String {
        let names = Catalog.builtInThemes.map(\.name) + themeOrder
        let shown = names.prefix(12).map { "`\($0)`" }.joined(separator: ", ")
        return "themes: " + shown + (names.count > 12 ? ", … (\(names.count - 12) more)" : "")
    }

    /// The themes resolved, built-ins first: each with its declaration (none for a built-in).
    /// Values are checked in a scratch segment and resolved as plain values; `writeThemes`
    /// writes the themes the unit keeps.
    mutating func checkThemes() -> [(name: String, theme: ResolvedTheme, node: DeclarationRef?)] {
        var resolved: [String: ResolvedTheme] = [:]
        var result: [(name: String, theme: ResolvedTheme, node: DeclarationRef?)] = []
        for builtIn in Catalog.builtInThemes {
            let theme = ResolvedTheme(builtIn)
            resolved[builtIn.name] = theme
            result.append((builtIn.name, theme, nil))
        }
        let scratch = unit.mark()
        defer { unit.rollBack(to: scratch) }
        // Parents first, cycles reported once at the first theme of the cycle in load order.
        var parentOf: [String: String] = [:]
        var overrides: [String: [Property]] = [:]
        for name in themeOrder {
            guard let ref = themes[name], let tree = tree(ref) else { continue }
            var values = valueChecker(for: tree)
            unit.beginSegment(file: ref.file, sourceStart: 0)
            let conformances = tree.conformances(ref.node)
            var parent = Catalog.defaultThemeName
            if let first = conformances.first {
                let parentName = tree.name(first)
                if themes[parentName] != nil || Catalog.builtInTheme(named: parentName) != nil {
                    parent = parentName
                } else {
                    // Its did-you-mean comes from `suggestDeckNames`.
                    values.report(.e304, "unknown theme `\(parentName)`", at: values.nameSpan(first), label: themesLabel)
                }
                if tree.hasParentheses(first) { values.report(.e310, "a parent theme takes no arguments", at: tree.span(first)) }
                for extra in conformances.dropFirst() {
                    values.report(.e310, "a theme inherits from one theme; remove `\(tree.name(extra))`", at: values.nameSpan(extra))
                }
            }
            parentOf[name] = parent
            var props: [Property] = []
            var seen: [String: NodeID] = [:]
            for item in tree.block(ref.node).map({ Array(tree.children($0)) }) ?? [] {
                guard tree.kind(item) == .property else {
                    if tree.kind(item) == .node {
                        values.report(.e310, "a theme holds `property: value` entries, found `\(tree.name(item))`", at: values.nameSpan(item))
                    }
                    continue
                }
                let label = tree.name(item)
                guard let spec = Catalog.themeProperty(named: label) else {
                    let hint = values.suggestion(Catalog.suggestThemeProperty(for: label),
                                                 replacing: values.nameSpan(item))
                    values.report(.e310, "unknown theme property `\(label)`", at: values.nameSpan(item), notes: hint.notes, fixIts: hint.fixIts)
                    continue
                }
                if let earlier = seen[label] {
                    values.report(.e203, "duplicate theme property `\(label)`", at: values.nameSpan(item),
                                  notes: [DiagnosticNote("first set here", at: values.nameSpan(earlier))])
                    continue
                }
                seen[label] = item
                guard let parameter = Catalog.themePropertyIndex(named: spec.name).map({ Catalog.themePropertyParameters[$0] }) else { continue }
                if let valueNode = tree.value(item), let value = values.check(valueNode, as: spec.type, parameter: parameter, owner: .theme) {
                    values.checkRange(value, parameter: parameter, at: valueNode, owner: .theme)
                    props.append(Property(label, unit.decoded(value)))
                    if spec.type == .color { themeColorSpans[name, default: [:]][spec.name] = tree.span(valueNode) }
                }
            }
            overrides[name] = props
            diagnostics += values.diagnostics
            limit = values.limit
        }
        // Each theme is resolved from its parent's properties, after its parent: a walk up the
        // chain to the first theme resolved or built in, then back down, so every theme is
        // resolved once (a chain of thousands of themes is not walked again for each member). A
        // walk that meets a theme of its own path has found a cycle, reported once at the first
        // theme of the cycle in load order; the themes on it and those leading into it stay
        // unresolved.
        var unresolvable = Set<String>()
        for name in themeOrder where resolved[name] == nil && !unresolvable.contains(name) {
            var path: [String] = []
            var onPath: [String: Int] = [:]
            var current = name
            var cyclic = false
            while themes[current] != nil && resolved[current] == nil {
                if unresolvable.contains(current) { cyclic = true; break }
                if let start = onPath[current] {
                    // New: the themes of a cycle found before are unresolvable, met above.
                    reportThemeCycle(Array(path[start...]))
                    cyclic = true
                    break
                }
                onPath[current] = path.count
                path.append(current)
                current = parentOf[current] ?? Catalog.defaultThemeName
            }
            if cyclic {
                unresolvable.formUnion(path)
                continue
            }
            // Down from the first theme resolved or built in (`current`).
            var properties = resolved[current]?.properties ?? resolved[Catalog.defaultThemeName]?.properties ?? []
            for member in path.reversed() {
                for override in overrides[member] ?? [] {
                    if let index = properties.firstIndex(where: { $0.name == override.name }) { properties[index] = override }
                }
                resolved[member] = ResolvedTheme(name: member, parent: parentOf[member] ?? Catalog.defaultThemeName,
                                                 isBuiltIn: false, properties: properties, span: themes[member].flatMap(nameSpan))
            }
        }
        // In load order, as the declarations are; every chain through the same table.
        for name in themeOrder {
            if let theme = resolved[name] { result.append((name, theme, themes[name])) }
        }
        return result
    }

    mutating func reportThemeCycle(_ cycle: [String]) {
        // The cycle's theme declared first: its members' places in the load order, once.
        let members = Set(cycle)
        guard let first = themeOrder.first(where: { members.contains($0) }), let start = cycle.firstIndex(of: first) else { return }
        let rotated = Array(cycle[start...] + cycle[..<start])
        func parentSpan(_ name: String) -> SourceSpan? {
            guard let ref = themes[name], let tree = tree(ref), let call = tree.conformances(ref.node).first else { return nil }
            return tree.mainToken(call).map { tree.span(token: $0) }
        }
        guard let span = parentSpan(first) else { return }
        record(Diagnostic(.e307, "theme inheritance cycle: " + (rotated + [first]).joined(separator: " → "), at: span,
                                      notes: rotated.dropFirst().compactMap { name in
                                          parentSpan(name).map { DiagnosticNote("`\(name)` continues the cycle here", at: $0) }
                                      }))
    }

    // MARK: Stacks

    /// The checked stacks, each card's membership (parallel to `cardDecls`), and the card
    /// references of the stacks whose cards need a title (by stack name, for `checkSheetTitles`).
    mutating func checkStacks(themeNames: Set<String>) -> ([StackSummary], [CardMembership], [String: [SheetReference]]) {
        var result: [StackSummary] = []
        var sheetReferences: [String: [SheetReference]] = [:]
        var membership = [CardMembership](repeating: CardMembership(), count: cardDecls.count)
        // Per card, the last stack that listed it (by position in `stackOrder`) and where: a
        // card listed twice in a stack whose cards may not repeat is E705. Two deck-wide
        // arrays rather than a set per stack.
        var lastListedIn = [Int32](repeating: -1, count: cardDecls.count)
        var listedAt = [NodeID](repeating: NodeID(0), count: cardDecls.count)
        for (stackIndex, name) in stackOrder.enumerated() {
            guard let ref = stacks[name], let tree = tree(ref) else { continue }
            var values = valueChecker(for: tree)
            defer {
                diagnostics += values.diagnostics
                limit = values.limit
            }
            let stackSpan = values.nameSpan(ref.node)
            let conformances = tree.conformances(ref.node)
            guard let kindCall = conformances.first else {
                values.report(.e309, "stack `\(name)` needs a kind: `stack \(name): list { … }`", at: stackSpan,
                              notes: [.help("kinds: " + Catalog.stackKinds.map { "`\($0.name)`" }.joined(separator: ", "))])
                markCardsOfStackOfUnknownKind(ref, in: &membership)
                continue
            }
            let kindName = tree.name(kindCall)
            guard let kind = Catalog.stackKind(named: kindName) else {
                let hint = values.suggestion(Catalog.suggestStackKind(for: kindName), replacing: values.nameSpan(kindCall))
                values.report(.e309, "unknown stack kind `\(kindName)`", at: values.nameSpan(kindCall),
                              label: "kinds: " + Catalog.stackKinds.map(\.name).joined(separator: ", "),
                              notes: hint.notes, fixIts: hint.fixIts)
                markCardsOfStackOfUnknownKind(ref, in: &membership)
                continue
            }
            for extra in conformances.dropFirst() {
                values.report(.e310, "a stack has one kind; remove `\(tree.name(extra))`", at: values.nameSpan(extra))
            }
            let segment = unit.beginSegment(file: ref.file, sourceStart: tree.range(ref.node).lowerBound)
            if let clash = GeneratedNameRule.stack(name, kind: kind) {
                values.report(.e312, clash.message, at: stackSpan, notes: [.help(clash.help)])
            }
            values.checkArguments(of: kindCall, parameters: kind.argumentList, ownerName: kindName, ownerKind: .stack)
            let args = values.arguments
            for rule in kind.rules {
                if case .lessThan(let lower, let upper) = rule {
                    let a = args.value(lower).flatMap { unit.number($0) } ?? kind.argument(named: lower)?.defaultValue?.numericValue
                    let b = args.value(upper).flatMap { unit.number($0) } ?? kind.argument(named: upper)?.defaultValue?.numericValue
                    if let a, let b, !(a < b) {
                        let at = args.node(lower).map { tree.span($0) } ?? args.node(upper).map { tree.span($0) } ?? stackSpan
                        values.report(.e705, "`\(lower)` (\(CatalogValue.format(a))) must be less than `\(upper)` (\(CatalogValue.format(b)))", at: at)
                    }
                }
            }
            // Every argument, defaults filled in, by index: `argumentList` lists `arguments` in order.
            let configuration = RowRange(start: unit.nextArgument, count: 0)
            var configurationCount: UInt32 = 0
            for (index, parameter) in kind.arguments.enumerated() {
                if let v = args.value(at: index) ?? parameter.checkedDefault.map({ unit.append($0) }) {
                    unit.argument(index, v)
                    configurationCount += 1
                }
            }

            var theme = Catalog.defaultThemeName
            var themeReference: SourceSpan?
            var properties: [(parameter: Int, value: UInt32)] = []
            /// The cards listed: name, reference node, index in `cardDecls`.
            let items = tree.blockItems(ref.node)
            var cardRefs: [(String, NodeID, Int)] = []
            cardRefs.reserveCapacity(items.reduce(0) { count, _ in count + 1 })
            properties.reserveCapacity(kind.bodyProperties.count)
            var unresolvedReferences = 0
            /// Action methods starting with `make`, which may clash with a card's factory method.
            var factoryLikeActions: [(name: String, node: NodeID)] = []
            // Where each of the kind's properties is set; unknown labels (errors) by name. No
            // dictionary to build and hash into for the usual handful of known ones.
            var seen = [NodeID?](repeating: nil, count: kind.bodyProperties.count)
            var seenUnknown: [String: NodeID] = [:]
            for item in items {
                switch tree.kind(item) {
                case .property:
                    let label = tree.name(item)
                    let known = kind.bodyProperties.firstIndex { $0.name == label }
                    let earlier: NodeID? = if let known { seen[known] } else { seenUnknown[label] }
                    if let earlier {
                        values.report(.e203, "duplicate property `\(label)`", at: values.nameSpan(item),
                                      notes: [DiagnosticNote("first set here", at: values.nameSpan(earlier))])
                        continue
                    }
                    guard let known else {
                        seenUnknown[label] = item
                        let hint = values.suggestion(kind.suggestBodyProperty(for: label),
                                                     replacing: values.nameSpan(item))
                        values.report(.e310, "a `\(kindName)` stack has no property `\(label)`", at: values.nameSpan(item),
                                      label: kind.bodyProperties.isEmpty ? nil : "it takes " + kind.bodyProperties.map { "`\($0.name):`" }.joined(separator: ", "),
                                      notes: hint.notes, fixIts: hint.fixIts)
                        continue
                    }
                    seen[known] = item
                    let spec = kind.bodyProperties[known]
                    guard let valueNode = tree.value(item), let value = values.check(valueNode, as: spec.type, parameter: spec, owner: .stack) else { continue }
                    if spec.type == .themeRef, case .reference(let reference) = unit.decoded(value) {
                        let themeName = reference.name
                        if themeNames.contains(themeName) || themes[themeName] != nil {
                            theme = themeName
                            themeReference = reference.span
                        } else {
                            // Its did-you-mean comes from `suggestDeckNames`.
                            values.report(.e304, "unknown theme `\(themeName)`", at: tree.span(valueNode), label: themesLabel)
                        }
                        continue
                    }
                    values.checkRange(value, parameter: spec, at: valueNode, owner: .stack)
                    if kind.name == "list", spec.name == "margins", let margins = unit.insets(value),
                       margins.top != 0 || margins.bottom != 0, min(margins.top, margins.left, margins.bottom, margins.right) >= 0 {
                        // W706: `CardsViewController` reads only the left and right (`CardCell`
                        // takes the top and bottom from its theme).
                        let horizontal = margins.left == margins.right ? "insets(0, \(CatalogValue.format(margins.left)))"
                            : "insets(top: 0, left: \(CatalogValue.format(margins.left)), bottom: 0, right: \(CatalogValue.format(margins.right)))"
                        values.report(.w706, "a list's `margins:` top and bottom have no effect", at: tree.span(valueNode),
                                      label: "CardParts insets each card by its theme's `cardCellMargins` top and bottom",
                                      notes: [.help("give them as 0; set the theme's `cardCellMargins` or `cardsLineSpacing` for the space above, below and between cards")],
                                      fixIts: [FixIt(tree.span(valueNode), horizontal)])
                    }
                    if let action = unit.method(of: value) {
                        if let clash = GeneratedNameRule.stackAction(action, stack: name, kind: kind) {
                            values.report(.e312, clash.message, at: tree.span(valueNode), notes: [.help(clash.help)])
                        } else if action.hasPrefix("make") {
                            // Compared with the stack's factories once its cards are known.
                            factoryLikeActions.append((action, valueNode))
                        }
                    }
                    properties.append((known, value))
                case .node:
                    let cardName = tree.name(item)
                    guard let index = cards[cardName] else {
                        unresolvedReferences += 1
                        if Catalog.part(named: cardName) != nil {
                            values.report(.e405, "`\(cardName)` is a part; a stack lists cards by name", at: values.nameSpan(item),
                                          notes: [.help("put parts inside a `card` and list the card here")])
                        } else {
                            values.reportUnknownCard(cardName, at: item)
                        }
                        continue
                    }
                    if tree.hasParentheses(item) || tree.block(item) != nil {
                        values.report(.e310, "a card reference takes no arguments or block", at: values.nameSpan(item))
                    }
                    if !kind.cardsMayRepeat {
                        if lastListedIn[index] == Int32(stackIndex) {
                            // Left out of the stack, so that a count rule (E702) does not report it again.
                            values.report(.e705, "card `\(cardName)` is listed twice in stack `\(name)`; only \(Catalog.repeatingStackKinds.names) stacks repeat cards",
                                          at: values.nameSpan(item), notes: [DiagnosticNote("first listed here", at: values.nameSpan(listedAt[index]))])
                            continue
                        }
                        lastListedIn[index] = Int32(stackIndex)
                        listedAt[index] = item
                    }
                    cardRefs.append((cardName, item, index))
                default:
                    if tree.kind(item).isDeclaration && tree.kind(item) == .stateDecl {
                        values.report(.e603, "a `state` block must sit directly inside a card", at: tree.span(token: tree.firstToken(item)))
                    }
                }
            }
            for (index, parameter) in kind.bodyProperties.enumerated() where seen[index] == nil && parameter.type != .themeRef {
                if let v = parameter.checkedDefault { properties.append((index, unit.append(v))) }
            }
            switch kind.cardCount {
            case .exactly(let count) where cardRefs.count != count && unresolvedReferences == 0:
                let at = cardRefs.count > count ? values.nameSpan(cardRefs[count].1) : stackSpan
                values.report(.e702,
                              "a `\(kindName)` stack shows exactly \(count) card\(count == 1 ? "" : "s"), found \(cardRefs.count)", at: at)
            case .atLeast(let minimum) where cardRefs.count + unresolvedReferences < minimum:
                values.report(.e701, "stack `\(name)` has no cards", at: stackSpan, notes: [.help("list cards by name inside the stack's braces")])
            default:
                break
            }
            for (action, node) in factoryLikeActions {
                if let card = cardRefs.first(where: { SwiftNames.factoryMethod($0.0) == action })?.0 {
                    let clash = GeneratedNameRule.factoryMethod(action, card: card, stack: name, kind: kind)
                    values.report(.e312, clash.message, at: tree.span(node), notes: [.help(clash.help)])
                }
            }
            let names = cardRefs.map(\.0)
            let stackCards = kind.supportsNavigation ? StackCards(Set(names)) : nil
            let kindSet = StackKindSet(kind)
            if kind.supportsNavigation, let root = cardRefs.first { membership[root.2].rootOf.append(name) }
            for (_, _, index) in cardRefs {
                membership[index].stackKinds.formUnion(kindSet)
                // Once per stack, however often the stack lists the card (only a kind whose
                // cards may repeat keeps a repeat, and none of those navigates today).
                if let stackCards, membership[index].sheetStacks.last !== stackCards {
                    membership[index].sheetStacks.append(stackCards)
                }
            }
            // The stack's rows: its body properties as arguments, its cards, its name and comment.
            let propertyRange = RowRange(start: unit.nextArgument, count: UInt32(clamping: properties.count))
            for property in properties { unit.argument(property.parameter, property.value) }
            let cardRange = RowRange(start: unit.nextExtra, count: UInt32(clamping: cardRefs.count))
            for (_, node, index) in cardRefs {
                let span = unit.relative(values.nameSpan(node))
                unit.appendExtra(UInt32(clamping: index), span.start, span.length)
            }
            unit.stackRows.append(StackRow(
                segment: segment, name: unit.string(name), kind: UInt8(clamping: Catalog.stackKindIndex(of: kind) ?? 0), theme: 0,
                themeReference: themeReference.map { unit.relative($0) } ?? .none,
                configuration: RowRange(start: configuration.start, count: configurationCount), properties: propertyRange,
                cards: cardRange, span: unit.relative(stackSpan), documentation: unit.string(tree.docComment(ref.node))))
            result.append(StackSummary(name: name, kind: kind, theme: theme, cards: names))
            if kind.requiresCardTitle { sheetReferences[name] = cardRefs.map { ($0.0, $0.1, ref.file) } }
        }
        return (result, membership, sheetReferences)
    }

    /// The cards a stack whose kind is missing or unknown lists: no rule may conclude from their
    /// stacks' kinds (`CardMembership.inStackOfUnknownKind`). Its body is not checked further.
    func markCardsOfStackOfUnknownKind(_ ref: DeclarationRef, in membership: inout [CardMembership]) {
        guard let tree = tree(ref) else { return }
        for item in tree.blockItems(ref.node) where tree.kind(item) == .node {
            if let index = cards[tree.name(item)] { membership[index].inStackOfUnknownKind = true }
        }
    }

    /// E703's fix-it: `title: "Name"` (the card's name, to be worded) as the first item of the
    /// card's block — on a line of its own, indented as the block's first item, when the block
    /// spans lines. Nil for a card without a block.
    static func titleInsertion(_ name: String, declaration: NodeID, in tree: SyntaxTree) -> FixIt? {
        guard let block = tree.block(declaration) else { return nil }
        let bytes = tree.file.bytes
        let open = tree.range(block).lowerBound + 1
        let property = "title: \"\(name)\""
        // The first byte after the `{` that is not a space or tab (or a line comment): a line
        // break means the block spans lines, and the title goes on the next line.
        var next = open
        while next < bytes.count && (bytes[next] == 0x20 || bytes[next] == 0x09) { next += 1 }
        if next + 1 < bytes.count && bytes[next] == 0x2F && bytes[next + 1] == 0x2F {
            while next < bytes.count && bytes[next] != 0x0A && bytes[next] != 0x0D { next += 1 }
        }
        guard next < bytes.count, bytes[next] == 0x0A || bytes[next] == 0x0D else {
            return FixIt(SourceSpan(file: tree.file.id, start: open, end: open), " " + property)
        }
        var items = tree.blockItems(declaration).makeIterator()
        let firstItem = items.next()
        let indent = firstItem.map { item -> String in
            let start = tree.range(item).lowerBound
            var lineStart = start
            while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            return String(decoding: bytes[lineStart..<start].prefix { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)
        } ?? "  "
        return FixIt(SourceSpan(file: tree.file.id, start: next, end: next), "\n" + indent + property)
    }

    /// A card named in a stack's body: the name, its node and the stack's file.
    typealias SheetReference = (card: String, node: NodeID, file: FileID)

    /// What the rules spanning stacks and cards read of a checked stack.
    struct StackSummary {
        var name: String
        var kind: StackKindSpec
        /// The theme's name: `theme:`, else the default theme.
        var theme: String
        /// The names of the cards listed, in order.
        var cards: [String]
    }

    /// E703: every card of a sheet stack needs `title:` (reported at the card reference).
    mutating func checkSheetTitles(_ checkedStacks: [StackSummary], references: [String: [SheetReference]]) {
        for stack in checkedStacks where stack.kind.requiresCardTitle {
            for (cardName, refNode, file) in references[stack.name] ?? [] {
                guard let cardIndex = cards[cardName], let tree = trees[file] else { continue }
                let cardRef = cardDecls[cardIndex].ref
                guard let cardTree = self.tree(cardRef) else { continue }
                let hasTitle = cardTree.block(cardRef.node).map { block in
                    cardTree.children(block).contains { item in
                        cardTree.kind(item) == .property
                            && cardTree.lookUp(item, in: Catalog.cardPropertyTable).map { Catalog.cardProperties[$0].role == .title } == true
                    }
                } ?? false
                if !hasTitle, let cardSpan = nameSpan(cardRef) {
                    let refSpan = tree.mainToken(refNode).map { tree.span(token: $0) } ?? tree.span(refNode)
                    record(Diagnostic(.e703, "card `\(cardName)` in sheet stack `\(stack.name)` has no `title:`", at: refSpan,
                                                  label: "TGCardViewController shows every sheet card's title in its header",
                                                  notes: [DiagnosticNote("add `title: \"…\"` to this card", at: cardSpan)],
                                                  fixIts: Self.titleInsertion(cardName, declaration: cardRef.node, in: cardTree).map { [$0] } ?? []))
                }
            }
        }
    }
}

/// The checker's one entry point: a unit's files, parsed, checked into a `CheckedUnit`.
public enum UnitChecker {
    /// What checking one unit gives: the unit (nil only without an entry file), its diagnostics
    /// (within the per-file limit), and how many each file had past the limit.
    public struct Output {
        public var unit: CheckedUnit?
        public var diagnostics: [Diagnostic]
        public var omitted: [FileID: Int]
        /// The card declarations checked (the unit's own and its imports'): the work a run
        /// does grows with their sum, which tests check stays linear in the files given.
        public var cardChecks: Int
    }

    /// Checks the unit whose files, in load order (the entry first), are `order`.
    /// `declarationOrder` (imports' files before the importer's, `SourceLoader.declarationOrder(of:)`)
    /// decides which of two duplicate declarations is the later one (E305); `namesMayBeMissing`
    /// says an import of the unit was not loaded (E306, E308), so names it would have declared
    /// are reported unknown only with a close declared name to suggest.
    public static func check(trees: [FileID: SyntaxTree], order: [FileID], declarationOrder: [FileID]? = nil,
                             namesMayBeMissing: Bool = false) -> Output {
        var checker = DeckChecker(trees: trees, order: order, declarationOrder: declarationOrder,
                                  namesMayBeMissing: namesMayBeMissing)
        let unit = checker.check()
        return Output(unit: unit, diagnostics: checker.diagnostics, omitted: checker.limit.omitted, cardChecks: checker.cardDecls.count)
    }
}

import CardDiagnostics
import CardSyntax

/// A top-level declaration: which file's tree, which node.
struct DeclarationRef {
    var file: FileID
    var node: NodeID
}

/// Checks one compilation unit — an entry file and everything it imports — into a
/// `CheckedDeck`: names (E3xx), themes (§9), stacks (§6) and cards (§5), then the rules that
/// span cards and stacks (W502, W703, W704, E703, E704). Every card is checked for its
/// diagnostics here; its model is built when a reader asks for it (`CheckedCards`).
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
    /// Names read from source, interned once for the whole unit.
    let names = NameInterner()
    /// Each file's place in declaration order (`SourceLoader.declarationOrder(of:)`): which of
    /// two duplicate declarations is the later one (E305).
    let declarationRank: [FileID: Int]
    /// Whether an import of the unit was not loaded (E306, E308): a card or theme no file
    /// declares may be declared there, so it is reported unknown (E303, E304) only when a
    /// declared name is close enough to suggest.
    let namesMayBeMissing: Bool

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
        var values = ValueChecker(tree: tree, cards: cards, names: names)
        values.limit = limit
        return values
    }

    /// Records a diagnostic of the deck's own passes, within the file's limit.
    mutating func record(_ diagnostic: Diagnostic) {
        if limit.admits(diagnostic.severity, in: diagnostic.span.file) { diagnostics.append(diagnostic) }
    }

    mutating func check() -> CheckedDeck? {
        collectDeclarations()
        let resolvedThemes = checkThemes()
        let (checkedStacks, membership, sheetReferences) = checkStacks(themeNames: Set(resolvedThemes.map(\.name)))
        // One checker for every card, its scratch storage reused; no card's model is built.
        var checker: CardChecker?
        for (index, (name, ref)) in cardDecls.enumerated() {
            guard let tree = tree(ref) else { continue }
            if checker == nil { checker = CardChecker(values: valueChecker(for: tree)) }
            // Mutated in place through the optional: copying the checker would copy its scratch.
            checker?.use(tree)
            _ = checker?.check(ref.node, named: name, membership: membership[index], buildsModel: false)
            diagnostics += checker?.takeDiagnostics() ?? []
        }
        if let checker { limit = checker.values.limit }
        checkSheetTitles(checkedStacks, references: sheetReferences)
        suggestDeckNames(stacks: checkedStacks, membership: membership)
        guard let entry = order.first, let entryTree = trees[entry] else { return nil }
        let usedThemes = Set(checkedStacks.map(\.theme))
        let themesOut = resolvedThemes.filter { !$0.isBuiltIn || usedThemes.contains($0.name) || $0.name == Catalog.defaultThemeName }
        let declarations = cardDecls.enumerated().map { index, decl in
            CheckedCards.Declaration(name: decl.name, file: decl.ref.file, node: decl.ref.node, membership: membership[index])
        }
        return CheckedDeck(entry: entryTree.file, themes: themesOut, stacks: checkedStacks,
                           cards: CheckedCards(declarations: declarations, trees: trees, index: cards))
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
    mutating func suggestDeckNames(stacks checkedStacks: [CheckedStack], membership: [CardMembership]) {
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
                    if stack.spec?.cardsMayRepeat == true {
                        suggested = NameSuggester.suggestion(for: name, among: cardNames)
                    } else {
                        let listed = taken[position] ?? Set(stack.cards.map(\.name))
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

        init(_ checker: DeckChecker, stacks: [CheckedStack]) {
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
            cardDecls.reserveCapacity(cardDecls.count + cardCount)
            stacks.reserveCapacity(stacks.count + stackCount)
            stackOrder.reserveCapacity(stackOrder.count + stackCount)
            themes.reserveCapacity(themes.count + themeCount)
            themeOrder.reserveCapacity(themeOrder.count + themeCount)
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

    mutating func checkThemes() -> [ResolvedTheme] {
        var resolved: [String: ResolvedTheme] = [:]
        var result: [ResolvedTheme] = []
        for builtIn in Catalog.builtInThemes {
            let theme = ResolvedTheme(builtIn)
            resolved[builtIn.name] = theme
            result.append(theme)
        }
        // Parents first, cycles reported once at the first theme of the cycle in load order.
        var parentOf: [String: String] = [:]
        var overrides: [String: [Property]] = [:]
        for name in themeOrder {
            guard let ref = themes[name], let tree = tree(ref) else { continue }
            var values = valueChecker(for: tree)
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
                // The default (Mint's) sizes a font written as a name alone (`mismatch`).
                let parameter = Parameter(spec.name, spec.type, default: spec.mintValue, range: spec.type.isNumeric ? .nonNegative : nil,
                                          doc: spec.doc)
                if let valueNode = tree.value(item), let value = values.check(valueNode, as: spec.type, parameter: parameter, owner: .theme) {
                    values.checkRange(value, parameter: parameter, at: valueNode, owner: .theme)
                    props.append(Property(label, value))
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
            if let theme = resolved[name] { result.append(theme) }
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
    mutating func checkStacks(themeNames: Set<String>) -> ([CheckedStack], [CardMembership], [String: [SheetReference]]) {
        var result: [CheckedStack] = []
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
            if let clash = GeneratedNameRule.stack(name, kind: kind) {
                values.report(.e312, clash.message, at: stackSpan, notes: [.help(clash.help)])
            }
            values.checkArguments(of: kindCall, parameters: kind.argumentList, ownerName: kindName, ownerKind: .stack)
            let args = values.arguments
            for rule in kind.rules {
                if case .lessThan(let lower, let upper) = rule {
                    let a = args.value(lower)?.number ?? kind.argument(named: lower)?.defaultValue?.numericValue
                    let b = args.value(upper)?.number ?? kind.argument(named: upper)?.defaultValue?.numericValue
                    if let a, let b, !(a < b) {
                        let at = args.node(lower).map { tree.span($0) } ?? args.node(upper).map { tree.span($0) } ?? stackSpan
                        values.report(.e705, "`\(lower)` (\(CatalogValue.format(a))) must be less than `\(upper)` (\(CatalogValue.format(b)))", at: at)
                    }
                }
            }
            var configuration: [Property] = []
            configuration.reserveCapacity(kind.arguments.count) // one allocation, not one per doubling
            // By index: `argumentList` lists `arguments` in order.
            for (index, parameter) in kind.arguments.enumerated() {
                if let v = args.value(at: index) ?? parameter.checkedDefault {
                    configuration.append(Property(parameter.name, v))
                }
            }

            var theme = Catalog.defaultThemeName
            var themeReference: Reference?
            var properties: [Property] = []
            /// The cards listed: name, reference node, index in `cardDecls`.
            let items = tree.blockItems(ref.node)
            var cardRefs: [(String, NodeID, Int)] = []
            cardRefs.reserveCapacity(items.reduce(0) { count, _ in count + 1 })
            properties.reserveCapacity(kind.bodyProperties.count)
            var unresolvedReferences = 0
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
                    if spec.type == .themeRef, case .reference(let reference) = value {
                        let themeName = reference.name
                        if themeNames.contains(themeName) || themes[themeName] != nil {
                            theme = themeName
                            themeReference = reference
                        } else {
                            // Its did-you-mean comes from `suggestDeckNames`.
                            values.report(.e304, "unknown theme `\(themeName)`", at: tree.span(valueNode), label: themesLabel)
                        }
                        continue
                    }
                    values.checkRange(value, parameter: spec, at: valueNode, owner: .stack)
                    if case .action(.method(let action)) = value, let clash = GeneratedNameRule.stackAction(action, stack: name, kind: kind) {
                        values.report(.e312, clash.message, at: tree.span(valueNode), notes: [.help(clash.help)])
                    }
                    properties.append(Property(label, value))
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
                if let v = parameter.checkedDefault { properties.append(Property(parameter.name, v)) }
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
            let stack = CheckedStack(name: name, kind: kind.name, theme: theme, themeReference: themeReference,
                                     configuration: configuration, properties: properties,
                                     cards: cardRefs.map { Reference($0.0, at: values.nameSpan($0.1)) }, span: stackSpan,
                                     documentation: tree.docComment(ref.node))
            result.append(stack)
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

    /// E703: every card of a sheet stack needs `title:` (reported at the card reference).
    mutating func checkSheetTitles(_ checkedStacks: [CheckedStack], references: [String: [SheetReference]]) {
        for stack in checkedStacks where Catalog.stackKind(named: stack.kind)?.requiresCardTitle == true {
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

/// The whole front half of the compiler: load, parse, check. The one entry point the command
/// line, the benchmark and the language server call.
public enum Compiler {
    public struct Result: Sendable {
        public var fileSet: FileSet
        /// Every diagnostic of every file, sorted and de-duplicated.
        public var diagnostics: [Diagnostic]
        /// One checked deck per entry file, in the order given.
        public var decks: [CheckedDeck]
        /// Entry paths that could not be read.
        public var unreadable: [String]
        /// Every loaded file's syntax tree and resolved imports, for tools that answer questions
        /// about positions (the language server) without parsing again.
        public var files: [FileID: LoadedFile] = [:]
        /// Diagnostics left out of `diagnostics` past the limit, per file (`DiagnosticLimit`).
        public var omitted: [FileID: Int] = [:]
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

        /// The files of the compilation unit whose entry is `entry`: the entry and every file it
        /// imports, directly or not.
        public func unit(of entry: FileID) -> Set<FileID> {
            var reached = Set<FileID>(), pending = [entry]
            while let next = pending.popLast() {
                guard reached.insert(next).inserted else { continue }
                pending += files[next]?.imports.map(\.file) ?? []
            }
            return reached
        }

        /// Adds diagnostics found after checking (the layout pass's), sorted in, within the limit.
        public mutating func add(_ more: [Diagnostic]) {
            guard !more.isEmpty else { return }
            (diagnostics, omitted) = DiagnosticLimit.finish(diagnostics + more, omitted: omitted)
        }
    }

    /// Checks each entry file as a compilation unit (the file plus its imports). `sources`
    /// supplies the bytes of paths that are not read from `provider` (open editor buffers).
    public static func check(paths: [String], root: String? = nil, provider: FileProvider = DiskFileProvider(),
                             sources: [String: [UInt8]] = [:]) -> Result {
        let rootPath = root ?? PathUtilities.directory(of: paths.first ?? ".")
        var loader = SourceLoader(provider: provider, root: rootPath)
        var entries: [FileID] = []
        var unreadable: [String] = []
        for path in paths {
            if let bytes = sources[path] {
                entries.append(loader.loadEntry(path: path, bytes: bytes))
            } else if let id = loader.loadEntry(path: path) {
                entries.append(id)
            } else {
                unreadable.append(path)
            }
        }
        var diagnostics = loader.diagnostics
        // Diagnostics the phases left out past the limit: the loader's and the parser's, and
        // the largest count of any unit's checker (a file imported by several units is checked
        // in each, the same way).
        var omitted = loader.limit.omitted
        var checkerOmitted: [FileID: Int] = [:]
        for file in loader.fileSet.files {
            guard let tree = loader.files[file.id]?.tree else { continue }
            diagnostics += tree.diagnostics
            if tree.omittedDiagnostics > 0 { omitted[file.id, default: 0] += tree.omittedDiagnostics }
        }
        var trees: [FileID: SyntaxTree] = [:]
        for (id, loaded) in loader.files { trees[id] = loaded.tree }
        var decks: [CheckedDeck] = []
        // Files with an import that was not loaded: names may be missing from their units.
        let filesMissingImports = Set(loader.diagnostics.lazy.filter { $0.code == .e306 || $0.code == .e308 }.map(\.span.file))
        for entry in entries {
            let unit = loader.unit(of: entry)
            var checker = DeckChecker(trees: trees, order: unit, declarationOrder: loader.declarationOrder(of: entry),
                                      namesMayBeMissing: unit.contains(where: filesMissingImports.contains))
            if let deck = checker.check() { decks.append(deck) }
            diagnostics += checker.diagnostics
            checkerOmitted.merge(checker.limit.omitted, uniquingKeysWith: max)
        }
        omitted.merge(checkerOmitted, uniquingKeysWith: +)
        let (capped, left) = DiagnosticLimit.finish(diagnostics, omitted: omitted)
        return Result(fileSet: loader.fileSet, diagnostics: capped, decks: decks, unreadable: unreadable,
                      files: loader.files, omitted: left)
    }
}

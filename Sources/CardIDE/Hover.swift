import CardDiagnostics
import CardModel
import CardSyntax

/// What hovering shows: Markdown, and the range of the name it describes.
public struct HoverInfo: Hashable, Sendable {
    public var markdown: String
    public var range: Range<Int>
}

extension Snapshot {
    /// The hover at `offset`: the catalog's documentation for parts, traits, stack kinds,
    /// arguments and properties; a binding's inferred type; a card's doc comment and its
    /// terminal preview, `previewWidth` columns wide; themes, stacks and states.
    public func hover(at offset: Int, previewWidth: Int = 48) -> HoverInfo? {
        let query = SyntaxQuery(tree: tree)
        let path = query.path(at: offset)
        guard let (node, token) = query.namedToken(on: path, at: offset),
              let nodeIndex = path.lastIndex(of: node) else { return nil }
        let nodePath = Array(path[...nodeIndex])
        let resolver = NodeResolver(tree: tree)
        let range = token.range
        var sections: [String] = []
        switch resolver.meaning(of: nodePath) {
        case .card(let name, _):
            guard let section = cardHover(named: name, previewWidth: previewWidth) else { return nil }
            sections = section
        case .stack(let name):
            guard let stack = deck?.stack(named: name) else { return nil }
            sections.append(Markdown.code("stack \(stack.name): \(stack.kind)"))
            if let doc = stack.documentation { sections.append(doc) }
            sections.append("\(stack.cards.count) card\(stack.cards.count == 1 ? "" : "s") · theme `\(stack.theme)`")
        case .theme(let name, _):
            sections = themeHover(named: name)
        case .state(let name):
            sections.append(Markdown.code("state \(name)"))
            if let builtIn = Catalog.builtInState(named: name) {
                sections.append(builtIn.doc + " CardParts: `CardState\(builtIn.swiftCase)`.")
            } else {
                sections.append("A custom state: CardParts `.custom(\"\(name)\")`.")
            }
        case .part(let spec):
            sections.append(Markdown.code(spec.signature))
            sections.append(spec.doc)
            if let cardPartsClass = spec.cardPartsClass { sections.append("CardParts: `\(cardPartsClass)`") }
        case .trait(let spec):
            sections.append(Markdown.code(spec.signature))
            sections.append(spec.doc)
            sections.append("CardParts: `\(spec.cardPartsProtocol)`")
        case .stackKind(let spec):
            sections.append(Markdown.code(spec.name + (spec.arguments.isEmpty ? "" : "(" + spec.arguments.map(\.signature).joined(separator: ", ") + ")")))
            sections.append(spec.doc)
            sections.append("\(spec.seedSystem): `\(spec.seedClass)`")
        case .parameter(let parameter, let owner):
            sections.append(Markdown.code("\(owner)(\(parameter.signature))"))
            sections.append(parameter.doc + Self.rangeNote(parameter))
        case .cardProperty(let spec):
            sections.append(Markdown.code(spec.parameter.signature))
            sections.append(spec.parameter.doc)
        case .themeProperty(let spec):
            sections.append(Markdown.code("\(spec.name): \(spec.type)"))
            sections.append(spec.doc)
            sections.append("CardParts: `\(spec.swiftType)`; Mint `\(spec.mintValue)`, Turbo `\(spec.turboValue)`")
        case .modelField(let name):
            guard let (card, _) = card(at: offset), let field = card.field(named: name) else { return nil }
            sections = fieldHover(field, card: card)
        case .binding:
            guard let section = bindingHover(at: token) else { return nil }
            sections = section
        case .enumCase(let name, let type):
            sections.append(Markdown.code("." + name + (type.map { ": " + $0.name } ?? "")))
            if let type { sections.append("Swift: `\(type.swiftType)`; cases: " + type.caseNames.map { "`.\($0)`" }.joined(separator: ", ")) }
        case .namedColor(let color):
            sections.append(Markdown.code(".\(color.name): Color"))
            sections.append("`\(color.swiftName)` — `\(color.hex)`")
        case .builtInAction(let action):
            sections.append(Markdown.code(action.name + (action.parameters.isEmpty ? "" : "(" + action.parameters.map(\.signature).joined(separator: ", ") + ")")))
            sections.append(action.doc)
        case .constructor(let constructor):
            sections.append(Markdown.code(constructor.overloads.map { constructor.name + "(" + $0.map(\.signature).joined(separator: ", ") + ")" }.joined(separator: "\n")))
            sections.append(constructor.doc)
        case .actionMethod(let name):
            sections.append(Markdown.code("func \(name)()"))
            sections.append("An action: a method of the generated card controller.")
        case .importPath:
            guard let imported = result.files[fileID]?.imports.first(where: { $0.node == node }), let importedPath = self.path(of: imported.file) else { return nil }
            sections.append(Markdown.code("import " + importedPath))
        case .unknown:
            return nil
        }
        return HoverInfo(markdown: sections.joined(separator: "\n\n---\n\n"), range: range)
    }

    static func rangeNote(_ parameter: Parameter) -> String {
        var notes: [String] = []
        if let range = parameter.range { notes.append("range \(range)") }
        if parameter.required { notes.append("required") }
        if parameter.bindingRequired { notes.append("a binding") } else if parameter.bindable { notes.append("bindable") }
        if parameter.twoWay { notes.append("two-way") }
        return notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")"
    }

    /// A card: its declaration line, doc comment, states and fields, and its preview.
    func cardHover(named name: String, previewWidth: Int) -> [String]? {
        guard let card = deck?.card(named: name) else { return nil }
        var sections: [String] = []
        let traits = card.traits.map(\.name)
        sections.append(Markdown.code("card \(card.name)" + (traits.isEmpty ? "" : ": " + traits.joined(separator: ", "))))
        if let doc = card.documentation { sections.append(doc) }
        let states = card.states.map(\.name)
        var facts = "\(states.count == 1 ? "state" : "states") " + states.map { "`\($0)`" }.joined(separator: ", ")
        if !card.model.isEmpty { facts += " · model " + card.model.map { "`\($0.name): \($0.type)`" }.joined(separator: ", ") }
        sections.append(facts)
        if let preview = cardPreview(card, width: previewWidth) { sections.append(Markdown.code(preview, language: "text")) }
        return sections
    }

    func themeHover(named name: String) -> [String] {
        var sections: [String] = []
        if let builtIn = Catalog.builtInTheme(named: name) {
            sections.append(Markdown.code("theme \(name)"))
            sections.append("A built-in theme: CardParts `\(builtIn.cardPartsClass)`.")
            return sections
        }
        guard let theme = deck?.theme(named: name) else { return [Markdown.code("theme \(name)")] }
        sections.append(Markdown.code("theme \(theme.name)" + (theme.parent.map { ": " + $0 } ?? "")))
        if let span = theme.span, let tree = self.tree(of: span.file),
           let declaration = tree.children(tree.root).first(where: { tree.mainToken($0)?.start == span.start }),
           let doc = tree.docComment(declaration) {
            sections.append(doc)
        }
        let chain = deck?.parents(ofTheme: name) ?? []
        if !chain.isEmpty { sections.append("inherits " + chain.map { "`\($0)`" }.joined(separator: " → ")) }
        return sections
    }

    /// A binding: its inferred type, and the field it reads.
    func bindingHover(at token: Token) -> [String]? {
        guard let (card, _) = card(at: token.start) else { return nil }
        var found: Binding?
        var walker = ModelWalker(binding: { binding, _ in if binding.span.start == token.start { found = binding } }, push: { _ in })
        walker.walk(card)
        let text = tree.text(token)
        let path = text.dropFirst().split(separator: ".").map(String.init)
        if path.count == 2 && path[0] == Catalog.rowBindingName {
            guard let binding = found else { return [Markdown.code("\(text)")] }
            return [Markdown.code("\(text): \(binding.type)"), "A field of the current row."]
        }
        guard let name = path.first, let field = card.field(named: name) else {
            return found.map { [Markdown.code("\(text): \($0.type)")] }
        }
        return fieldHover(field, card: card, spelled: text)
    }

    func fieldHover(_ field: FieldView, card: CardView, spelled: String? = nil) -> [String] {
        var sections = [Markdown.code("\(spelled ?? "$" + field.name): \(field.type)")]
        var line = "Model field `\(field.name)` of card `\(card.name)`"
        if field.defaultValue != nil, let text = defaultText(of: field) {
            line += ", default " + Markdown.inlineCode(text)
        } else if field.defaultValue == nil {
            line += ", no default"
        }
        if field.isTwoWay { line += "; two-way" }
        sections.append(line + ".")
        return sections
    }

    /// The source text of a model field's default (shortened).
    func defaultText(of field: FieldView) -> String? {
        guard let tree = tree(of: field.span.file) else { return nil }
        let path = SyntaxQuery(tree: tree).path(at: field.span.start)
        guard let property = path.last(where: { tree.kind($0) == .property }), let value = tree.value(property) else { return nil }
        var text = tree.file.text(tree.range(value))
        if text.count > 60 { text = String(text.prefix(57)) + "…" }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }.joined(separator: " ")
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return s
    }
}

/// Markdown fragments with source text kept literal.
enum Markdown {
    /// A fenced code block; the fence is longer than any run of backticks in `text`.
    static func code(_ text: String, language: String = "cards") -> String {
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(text) + 1))
        return fence + language + "\n" + text + "\n" + fence
    }

    /// An inline code span that survives backticks in `text`.
    static func inlineCode(_ text: String) -> String {
        let ticks = String(repeating: "`", count: longestBacktickRun(text) + 1)
        let pad = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return ticks + pad + text + pad + ticks
    }

    static func longestBacktickRun(_ text: String) -> Int {
        var longest = 0, run = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "`") { run += 1; longest = max(longest, run) } else { run = 0 }
        }
        return longest
    }
}

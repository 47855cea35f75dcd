import CardDiagnostics
import CardLayout
import CardSema
import CardSyntax

/// The layout JSON back end (`--emit json`, LANGUAGE.md §11.1): one `<name>.layout.json` per
/// input file, describing the file and its imports — resolved themes, every card with every
/// state laid out, every stack in every position. `Grammar/layout.schema.json` is the document's
/// JSON Schema.
///
/// Keys are written in one fixed order, numbers in one canonical form (integral values without
/// `.0`), strings escaped per RFC 8259, straight into a byte buffer (`JSONOutput`). Values:
/// colors `"#RRGGBB"`/`"#RRGGBBAA"`, sizes `{width, height}`, insets `{top, left, bottom, right}`,
/// fonts `{family, size, weight}`, bindings `{binding, type}`, enum cases and actions as strings
/// (`"title"`, `"currency(maxLength: 8)"`, `"push(Details)"`), lists as arrays, records as
/// objects.
public struct LayoutJSONEmitter: Backend {
    public let name = "json"
    public let fileExtension = "layout.json"
    public let summary = "layout JSON: themes, cards with every state laid out, stacks in every position"
    /// Indent with two spaces, one member per line (the default: the files are read in diffs).
    public var pretty: Bool

    /// The `format` value.
    public static let format = "cardc-layout"
    /// The `version` value; bumped on any incompatible change of the document's shape.
    public static let version = 1

    public init(pretty: Bool = true) {
        self.pretty = pretty
    }

    public func emit(_ deck: CheckedDeck, options: BackendOptions) -> [UInt8] {
        let layout = layoutDeck(deck, viewport: options.viewport)
        return emit(deck, layout: layout)
    }

    /// Writes the document for `deck` laid out as `layout`.
    public func emit(_ deck: CheckedDeck, layout: DeckLayout) -> [UInt8] {
        // About 1 KB of output per source line of cards is typical; start generously.
        var writer = LayoutJSONWriter(out: JSONOutput(pretty: pretty, capacity: deck.entry.bytes.count * 6 + 4096))
        writer.document(deck, layout: layout)
        writer.out.bytes.append(0x0A)
        return writer.out.bytes
    }
}

/// Writes the document's pieces in their fixed key order.
struct LayoutJSONWriter {
    var out: JSONOutput

    mutating func document(_ deck: CheckedDeck, layout: DeckLayout) {
        out.beginObject()
        out.write(LayoutJSONEmitter.format, forKey: "format")
        out.write(LayoutJSONEmitter.version, forKey: "version")
        out.write(deck.entry.path, forKey: "source")
        out.writeKey("viewport")
        out.beginObject(inline: true)
        out.write(layout.viewport.width, forKey: "width")
        out.write(layout.viewport.height, forKey: "height")
        out.endObject()

        out.writeKey("themes")
        out.beginArray()
        for theme in deck.themes { self.theme(theme) }
        out.endArray()

        out.writeKey("cards")
        out.beginArray()
        for (index, card) in deck.cards.enumerated() where index < layout.cards.count {
            self.card(card, layout.cards[index])
        }
        out.endArray()

        out.writeKey("stacks")
        out.beginArray()
        for (index, stack) in deck.stacks.enumerated() where index < layout.stacks.count {
            self.stack(stack, layout.stacks[index])
        }
        out.endArray()
        out.endObject()
    }

    // MARK: Themes

    mutating func theme(_ theme: ResolvedTheme) {
        out.beginObject()
        out.write(theme.name, forKey: "name")
        out.writeKey("parent")
        optionalString(theme.parents.first)
        out.write(theme.isBuiltIn, forKey: "builtIn")
        out.writeKey("properties")
        properties(theme.properties)
        out.endObject()
    }

    // MARK: Cards

    mutating func card(_ card: CheckedCard, _ layout: LaidOutCard) {
        out.beginObject()
        out.write(card.name, forKey: "name")
        out.writeKey("source")
        out.beginObject(inline: true)
        out.write(card.file, forKey: "file")
        out.write(card.location.line, forKey: "line")
        out.write(card.location.column, forKey: "column")
        out.endObject()
        out.writeKey("doc")
        optionalString(card.documentation)
        out.write(card.initialState, forKey: "initialState")
        out.writeKey("title")
        optionalValue(card.title)
        out.writeKey("subtitle")
        optionalValue(card.subtitle)
        out.writeKey("position")
        optionalString(card.position)
        out.writeKey("swipe")
        out.beginArray(inline: true)
        for direction in card.swipeDirections { out.write(direction.rawValue) }
        out.endArray()

        out.writeKey("layout")
        out.beginObject(inline: true)
        out.writeKey("stack")
        optionalString(layout.context.stack)
        out.write(layout.context.theme, forKey: "theme")
        out.write(layout.context.width, forKey: "width")
        out.write(layout.contentWidth, forKey: "contentWidth")
        out.writeKey("padding")
        insets(layout.padding)
        out.endObject()

        out.writeKey("traits")
        out.beginArray()
        for trait in card.traits {
            out.beginObject(inline: true)
            out.write(trait.trait, forKey: "trait")
            for property in trait.properties {
                out.writeKey(property.name)
                value(property.value)
            }
            out.endObject()
        }
        out.endArray()

        out.writeKey("model")
        out.beginArray()
        for field in card.model {
            out.beginObject(inline: true)
            out.write(field.name, forKey: "name")
            out.write(field.type.description, forKey: "type")
            out.writeKey("default")
            optionalValue(field.defaultValue)
            out.write(field.isTwoWay, forKey: "twoWay")
            out.endObject()
        }
        out.endArray()

        out.writeKey("states")
        out.beginArray()
        for state in layout.states {
            out.beginObject()
            out.write(state.name, forKey: "name")
            out.writeKey("tap")
            optionalString(state.tap?.description)
            out.write(state.height, forKey: "height")
            out.writeKey("parts")
            parts(state.parts)
            out.endObject()
        }
        out.endArray()

        out.writeKey("overlays")
        out.beginArray()
        for overlay in layout.overlays {
            out.beginObject()
            out.write(overlay.direction.rawValue, forKey: "direction")
            out.write(overlay.height, forKey: "height")
            out.writeKey("parts")
            parts(overlay.parts)
            out.endObject()
        }
        out.endArray()

        out.writeKey("footer")
        if let footer = layout.footer {
            out.beginObject()
            out.write(footer.height, forKey: "height")
            out.write(footer.transparent, forKey: "transparent")
            out.writeKey("parts")
            parts(footer.parts)
            out.endObject()
        } else {
            out.writeNull()
        }
        out.endObject()
    }

    mutating func parts(_ parts: [LaidOutPart]) {
        out.beginArray()
        for part in parts { self.part(part) }
        out.endArray()
    }

    mutating func part(_ part: LaidOutPart) {
        out.beginObject()
        out.write(part.part.part, forKey: "part")
        out.writeKey("frame")
        frame(part.frame)
        out.writeKey("props")
        properties(part.part.resolvedProperties, inline: true)
        out.writeKey("children")
        parts(part.children)
        out.endObject()
    }

    // MARK: Stacks

    mutating func stack(_ stack: CheckedStack, _ layout: LaidOutStack) {
        let kind = Catalog.stackKind(named: stack.kind)
        out.beginObject()
        out.write(stack.name, forKey: "name")
        out.write(stack.kind, forKey: "kind")
        out.write(stack.theme, forKey: "theme")
        out.writeKey("doc")
        optionalString(stack.documentation)
        out.writeKey("config")
        properties(stack.configuration)

        // Body properties in catalog order, `margins` filled in from the theme for lists.
        out.writeKey("properties")
        out.beginObject()
        for parameter in kind?.bodyProperties ?? [] where parameter.type != .themeRef {
            if let property = stack.properties.first(where: { $0.name == parameter.name }) {
                out.writeKey(property.name)
                value(property.value)
            } else if parameter.name == "margins", let margins = layout.margins {
                out.writeKey("margins")
                insets(margins)
            }
        }
        out.endObject()

        out.writeKey("cards")
        out.beginArray(inline: true)
        for card in stack.cards { out.write(card) }
        out.endArray()

        out.writeKey("positions")
        out.beginObject()
        for position in layout.positions {
            out.writeKey(position.name)
            out.beginObject()
            out.write(position.height, forKey: "height")
            out.writeKey("frames")
            out.beginArray()
            for frame in position.frames {
                out.beginObject(inline: true)
                out.write(frame.card, forKey: "card")
                out.write(frame.frame.x, forKey: "x")
                out.write(frame.frame.y, forKey: "y")
                out.write(frame.frame.width, forKey: "width")
                out.write(frame.frame.height, forKey: "height")
                if let draggable = frame.draggable { out.write(draggable, forKey: "draggable") }
                out.endObject()
            }
            out.endArray()
            out.endObject()
        }
        if stack.kind == "sheet" {
            out.writeKey("transitions")
            out.beginArray()
            for transition in layout.transitions {
                out.beginObject(inline: true)
                out.write(transition.trigger, forKey: "trigger")
                out.write(transition.from.rawValue, forKey: "from")
                out.write(transition.to.rawValue, forKey: "to")
                out.endObject()
            }
            out.endArray()
        }
        out.endObject()
        out.endObject()
    }

    // MARK: Values

    mutating func frame(_ frame: Frame) {
        out.beginObject(inline: true)
        out.write(frame.x, forKey: "x")
        out.write(frame.y, forKey: "y")
        out.write(frame.width, forKey: "width")
        out.write(frame.height, forKey: "height")
        out.endObject()
    }

    mutating func insets(_ insets: EdgeInsets) {
        out.beginObject(inline: true)
        out.write(insets.top, forKey: "top")
        out.write(insets.left, forKey: "left")
        out.write(insets.bottom, forKey: "bottom")
        out.write(insets.right, forKey: "right")
        out.endObject()
    }

    mutating func properties(_ properties: [Property], inline: Bool = false) {
        out.beginObject(inline: inline)
        for property in properties {
            out.writeKey(property.name)
            value(property.value)
        }
        out.endObject()
    }

    mutating func optionalString(_ string: String?) {
        if let string { out.write(string) } else { out.writeNull() }
    }

    mutating func optionalValue(_ value: Value?) {
        if let value { self.value(value) } else { out.writeNull() }
    }

    mutating func value(_ value: Value) {
        switch value {
        case .string(let s): out.write(s)
        case .int(let i): out.write(i)
        case .double(let d): out.write(d)
        case .bool(let b): out.write(b)
        case .color(let color, _): out.write(color.hex)
        case .binding(let path, let type):
            out.beginObject(inline: true)
            out.write(path.joined(separator: "."), forKey: "binding")
            out.write(type.description, forKey: "type")
            out.endObject()
        case .enumCase(let name, let arguments):
            out.write(arguments.isEmpty ? name : name + "(" + arguments.map(Self.argumentText).joined(separator: ", ") + ")")
        case .size(let width, let height):
            out.beginObject(inline: true)
            out.write(width, forKey: "width")
            out.write(height, forKey: "height")
            out.endObject()
        case .insets(let top, let left, let bottom, let right):
            insets(EdgeInsets(top: top, left: left, bottom: bottom, right: right))
        case .font(let font):
            out.beginObject(inline: true)
            switch font.family {
            case .system: out.write("system", forKey: "family")
            case .named(let family): out.write(family, forKey: "family")
            }
            out.write(font.size, forKey: "size")
            out.write(font.weight.rawValue, forKey: "weight")
            out.endObject()
        case .list(let items):
            out.beginArray(inline: true)
            for item in items { self.value(item) }
            out.endArray()
        case .record(let fields):
            out.beginObject(inline: true)
            for (index, field) in fields.enumerated() {
                out.writeKey(field.label ?? "_\(index)")
                self.value(field.value)
            }
            out.endObject()
        case .action(let action): out.write(action.description)
        case .reference(let name): out.write(name)
        }
    }

    /// `label: value` inside an enum case's string form.
    static func argumentText(_ argument: Argument) -> String {
        let text: String
        switch argument.value {
        case .int(let i): text = String(i)
        case .double(let d): text = CatalogValue.format(d)
        case .bool(let b): text = b ? "true" : "false"
        case .string(let s): text = CatalogValue.string(s).description
        case .enumCase(let name, let arguments):
            text = "." + name + (arguments.isEmpty ? "" : "(" + arguments.map(argumentText).joined(separator: ", ") + ")")
        case .binding(let path, _): text = "$" + path.joined(separator: ".")
        case .color(let color, _): text = color.hex
        case .reference(let name): text = name
        default: text = "…"
        }
        return argument.label.map { $0 + ": " + text } ?? text
    }
}

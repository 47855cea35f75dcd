import CardJSON
import CardLayout
import CardModel

/// The layout JSON back end (`--emit json`, docs/language.md §11.1): one `<name>.layout.json` per
/// input file, describing the file and its imports — resolved themes, every card with every
/// state laid out, every stack in every position. `Grammar/layout.schema.json` is the document's
/// JSON Schema.
///
/// Keys are written in one fixed order, numbers in one canonical form (integral values without
/// `.0`), strings escaped per RFC 8259. Values: colors `"#RRGGBB"`/`"#RRGGBBAA"`, sizes
/// `{width, height}`, insets `{top, left, bottom, right}`, fonts `{family, size, weight}`,
/// bindings `{binding, type}`, enum cases and actions as strings (`"title"`,
/// `"currency(maxLength: 8)"`, `"push(Details)"`), lists as arrays, records as objects. Small
/// objects (frames, values, traits, model fields, stack frames) stay on one line. The document
/// is written card by card and handed out in pieces of about `pieceSize` bytes, so a large deck
/// never has its model, its layout or its document in memory whole.
public struct LayoutJSONEmitter: Backend {
    public let name = "json"
    public let fileExtension = "layout.json"
    public let summary = "layout JSON: themes, cards with every state laid out, stacks in every position"

    /// The `format` value.
    public static let format = "cardc-layout"
    /// The `version` value; bumped on any incompatible change of the document's shape or
    /// geometry (the changelog is in `Grammar/layout-model.md`).
    public static let version = 2
    /// The size of the pieces handed to the sink.
    public static let pieceSize = 1 << 20

    /// Indent with two spaces, one member per line except for small inline objects (the default:
    /// the files are read in diffs); `false` writes compact JSON, about 40% smaller.
    public var pretty: Bool

    public init(pretty: Bool = true) { self.pretty = pretty }

    public func emit(_ deck: CheckedUnit, options: BackendOptions, to sink: ([UInt8]) throws -> Void) rethrows {
        var writer = LayoutJSONWriter(out: JSONWriter(pretty: pretty, capacity: Self.pieceSize + (1 << 16)))
        var layouter = DeckLayouter(deck: deck, viewport: options.viewport, textSize: options.textSize)
        writer.open(deck, viewport: options.viewport, textSize: options.textSize)
        // A piece is handed on as soon as it is large enough, inside a card too: a card of a
        // million parts is tens of megabytes of JSON, never held whole.
        for (index, card) in deck.cards.enumerated() {
            try writer.card(card, layouter.layoutInPrimaryContext(card, at: index), flush: { out in
                if out.count >= Self.pieceSize { try sink(out.takeBytes()) }
            })
            if writer.out.count >= Self.pieceSize { try sink(writer.out.takeBytes()) }
        }
        writer.out.endArray()
        writer.out.writeKey("stacks")
        writer.out.beginArray()
        for stack in deck.stacks {
            writer.stack(stack, layouter.layout(stack))
            if writer.out.count >= Self.pieceSize { try sink(writer.out.takeBytes()) }
        }
        writer.out.endArray()
        writer.out.endObject()
        writer.out.appendNewline()
        try sink(writer.out.takeBytes())
    }
}

/// Writes the layout JSON document's pieces.
struct LayoutJSONWriter {
    var out: JSONWriter

    /// The document up to the opening of `cards`.
    mutating func open(_ deck: CheckedUnit, viewport: Viewport, textSize: ContentSizeCategory = .default) {
        out.beginObject()
        out.write(LayoutJSONEmitter.format, forKey: "format")
        out.write(LayoutJSONEmitter.version, forKey: "version")
        out.write(deck.entryPath, forKey: "source")
        out.writeKey("viewport")
        size(width: viewport.width, height: viewport.height)
        out.write(textSize.name, forKey: "textSize")
        out.writeKey("themes")
        out.beginArray()
        for theme in deck.themes {
            out.beginObject()
            out.write(theme.name, forKey: "name")
            out.writeKey("parent")
            optional(theme.parent)
            out.write(theme.isBuiltIn, forKey: "builtIn")
            out.writeKey("properties")
            properties(theme.properties)
            out.endObject()
        }
        out.endArray()
        out.writeKey("cards")
        out.beginArray()
    }

    // MARK: Cards

    /// Writes a card; `flush` is offered the writer after each part.
    mutating func card(_ card: CardView, _ layout: LaidOutCard, flush: (inout JSONWriter) throws -> Void = { _ in }) rethrows {
        out.beginObject()
        out.write(card.name, forKey: "name")
        out.writeKey("source")
        out.beginObject(inline: true)
        out.write(card.file, forKey: "file")
        out.write(card.location.line, forKey: "line")
        out.write(card.location.column, forKey: "column")
        out.endObject()
        out.writeKey("doc")
        optional(card.documentation)
        out.write(card.initialState, forKey: "initialState")
        out.writeKey("title")
        optional(card.title)
        out.writeKey("subtitle")
        optional(card.subtitle)
        out.writeKey("position")
        optional(card.position)
        out.writeKey("swipe")
        out.beginArray(inline: true)
        for direction in card.swipeDirections { out.write(direction.rawValue) }
        out.endArray()

        out.writeKey("layout")
        out.beginObject(inline: true)
        out.writeKey("stack")
        optional(layout.context.stack)
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
            out.write(trait.name, forKey: "trait")
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
            optional(field.defaultValue)
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
            if let tap = state.tap { out.write(tap.description) } else { out.writeNull() }
            out.write(state.height, forKey: "height")
            out.writeKey("parts")
            try parts(state.parts, flush: flush)
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
            try parts(overlay.parts, flush: flush)
            out.endObject()
        }
        out.endArray()

        out.writeKey("footer")
        if let footer = layout.footer {
            out.beginObject()
            out.write(footer.height, forKey: "height")
            out.write(footer.transparent, forKey: "transparent")
            out.writeKey("parts")
            try parts(footer.parts, flush: flush)
            out.endObject()
        } else {
            out.writeNull()
        }
        out.endObject()
    }

    mutating func parts(_ parts: [LaidOutPart], flush: (inout JSONWriter) throws -> Void = { _ in }) rethrows {
        out.beginArray()
        for part in parts {
            out.beginObject()
            out.write(part.part.part, forKey: "part")
            out.writeKey("frame")
            out.beginObject(inline: true)
            out.write(part.frame.x, forKey: "x")
            out.write(part.frame.y, forKey: "y")
            out.write(part.frame.width, forKey: "width")
            out.write(part.frame.height, forKey: "height")
            out.endObject()
            out.writeKey("margins")
            if let margins = part.margins { insets(margins) } else { out.writeNull() }
            out.writeKey("props")
            props(part.part)
            out.writeKey("children")
            try self.parts(part.children, flush: flush)
            out.endObject()
            try flush(&out)
        }
        out.endArray()
    }

    // MARK: Stacks

    mutating func stack(_ stack: StackView, _ layout: LaidOutStack) {
        out.beginObject()
        out.write(stack.name, forKey: "name")
        out.write(stack.kind, forKey: "kind")
        out.write(stack.theme, forKey: "theme")
        out.writeKey("doc")
        optional(stack.documentation)
        out.writeKey("config")
        properties(stack.configuration.properties)

        // Body properties in catalog order, `margins` filled in from the theme for lists.
        out.writeKey("properties")
        out.beginObject()
        let properties = stack.properties
        for (index, parameter) in stack.spec.bodyProperties.enumerated() where parameter.type != .themeRef {
            if let property = properties.ref(at: index) {
                out.writeKey(parameter.name)
                value(property.decoded)
            } else if parameter.name == "margins", let margins = layout.margins {
                out.writeKey("margins")
                insets(margins)
            }
        }
        out.endObject()

        out.writeKey("cards")
        out.beginArray(inline: true)
        for card in stack.cards { out.write(card.name) }
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
        if stack.spec.geometry == .sheet {
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

    mutating func optional(_ string: String?) {
        if let string { out.write(string) } else { out.writeNull() }
    }

    mutating func optional(_ value: Value?) {
        if let value { self.value(value) } else { out.writeNull() }
    }

    mutating func size(width: Double, height: Double) {
        out.beginObject(inline: true)
        out.write(width, forKey: "width")
        out.write(height, forKey: "height")
        out.endObject()
    }

    mutating func insets(_ edges: EdgeInsets) {
        insets(top: edges.top, left: edges.left, bottom: edges.bottom, right: edges.right)
    }

    mutating func insets(top: Double, left: Double, bottom: Double, right: Double) {
        out.beginObject(inline: true)
        out.write(top, forKey: "top")
        out.write(left, forKey: "left")
        out.write(bottom, forKey: "bottom")
        out.write(right, forKey: "right")
        out.endObject()
    }

    /// A part's arguments in catalog order: the author's value, else the catalog default.
    mutating func props(_ part: PartView) {
        out.beginObject(inline: true)
        let arguments = part.arguments
        for (index, parameter) in part.spec.parameters.enumerated() {
            if let argument = arguments.ref(at: index) {
                out.writeKey(parameter.name)
                value(argument.decoded)
            } else if let value = parameter.checkedDefault {
                out.writeKey(parameter.name)
                self.value(value)
            }
        }
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

    mutating func value(_ value: Value) {
        switch value {
        case .string(let s): out.write(s)
        case .int(let i): out.write(i)
        case .double(let d): out.write(d)
        case .bool(let b): out.write(b)
        case .color(let color, _): out.write(color.hex)
        case .binding(let binding):
            out.beginObject(inline: true)
            out.write(binding.name, forKey: "binding")
            out.write(binding.type.description, forKey: "type")
            out.endObject()
        case .enumCase(let name, let arguments):
            out.write(arguments.isEmpty ? name : name + Self.argumentText(arguments))
        case .size(let width, let height): size(width: width, height: height)
        case .insets(let top, let left, let bottom, let right): insets(top: top, left: left, bottom: bottom, right: right)
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
        case .reference(let reference): out.write(reference.name)
        }
    }

    /// `(label: value, …)` of an enum case's string form.
    static func argumentText(_ arguments: [Argument]) -> String {
        "(" + arguments.map { argument in
            let value: String = switch argument.value {
            case .int(let i): String(i)
            case .double(let d): CatalogValue.format(d)
            case .bool(let b): b ? "true" : "false"
            case .string(let s): CatalogValue.string(s).description
            case .enumCase(let name, let arguments): "." + name + (arguments.isEmpty ? "" : argumentText(arguments))
            case .binding(let binding): "$" + binding.name
            case .color(let color, _): color.hex
            case .reference(let reference): reference.name
            default: "…"
            }
            return (argument.label.map { $0 + ": " } ?? "") + value
        }.joined(separator: ", ") + ")"
    }
}

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
/// objects. Pretty output puts small objects (frames, values, traits, model fields, stack frames)
/// on one line. The document is produced card by card and handed out in pieces
/// (`emit(_:options:to:)`), so a 20,000-card deck never has its layout or its ~80 MB document in
/// memory at once.
public struct LayoutJSONEmitter: Backend {
    public let name = "json"
    public let fileExtension = "layout.json"
    public let summary = "layout JSON: themes, cards with every state laid out, stacks in every position"
    /// Indent with two spaces, one member per line except for small inline objects (the default:
    /// the files are read in diffs); `false` writes compact JSON, about 40% smaller.
    public var pretty: Bool

    /// The `format` value.
    public static let format = "cardc-layout"
    /// The `version` value; bumped on any incompatible change of the document's shape.
    public static let version = 1

    public init(pretty: Bool = true) {
        self.pretty = pretty
    }

    /// The size of the pieces handed to the sink.
    public static let pieceSize = 1 << 20

    /// Lays out and writes one card at a time, handing the sink a piece whenever about
    /// `pieceSize` bytes are ready, so neither the whole layout nor the whole document is held
    /// in memory.
    public func emit(_ deck: CheckedDeck, options: BackendOptions, to sink: ([UInt8]) throws -> Void) rethrows {
        var layouter = DeckLayouter(deck: deck, viewport: options.viewport)
        var writer = LayoutJSONWriter(out: JSONOutput(pretty: pretty, capacity: Self.pieceSize + 65_536))
        try writer.document(deck, layouter: &layouter, pieceSize: Self.pieceSize, sink: sink)
    }
}

/// Writes the document's pieces in their fixed key order.
struct LayoutJSONWriter {
    var out: JSONOutput

    // Fixed keys go through `writeKey(literal:)`, which skips the escape scan.
    @inline(__always) mutating func key(_ name: StaticString) { out.writeKey(literal: name) }
    @inline(__always) mutating func field(_ name: StaticString, _ value: String) { key(name); out.write(value) }
    @inline(__always) mutating func field(_ name: StaticString, _ value: Int) { key(name); out.write(value) }
    @inline(__always) mutating func field(_ name: StaticString, _ value: Double) { key(name); out.write(value) }
    @inline(__always) mutating func field(_ name: StaticString, _ value: Bool) { key(name); out.write(value) }

    /// Hands the bytes written so far to `sink` once there are at least `pieceSize` of them
    /// (always at a token boundary: callers flush between cards and stacks).
    mutating func flush(atLeast pieceSize: Int, to sink: ([UInt8]) throws -> Void) rethrows {
        guard out.bytes.count >= pieceSize, !out.bytes.isEmpty else { return }
        try sink(out.bytes)
        out.bytes.removeAll(keepingCapacity: true)
    }

    mutating func document(_ deck: CheckedDeck, layouter: inout DeckLayouter, pieceSize: Int,
                           sink: ([UInt8]) throws -> Void) rethrows {
        out.beginObject()
        field("format", LayoutJSONEmitter.format)
        field("version", LayoutJSONEmitter.version)
        field("source", deck.entry.path)
        key("viewport")
        out.beginObject(inline: true)
        field("width", layouter.viewport.width)
        field("height", layouter.viewport.height)
        out.endObject()

        key("themes")
        out.beginArray()
        for theme in deck.themes { self.theme(theme) }
        out.endArray()

        // Index loops: copying a `CheckedCard` retains every reference in it.
        key("cards")
        out.beginArray()
        for index in deck.cards.indices {
            card(deck.cards[index], layouter.layoutInPrimaryContext(cardAt: index))
            try flush(atLeast: pieceSize, to: sink)
        }
        out.endArray()

        key("stacks")
        out.beginArray()
        for index in deck.stacks.indices {
            stack(deck.stacks[index], layouter.layout(deck.stacks[index]))
            try flush(atLeast: pieceSize, to: sink)
        }
        out.endArray()
        out.endObject()
        out.bytes.append(0x0A)
        try flush(atLeast: 1, to: sink)
    }

    // MARK: Themes

    mutating func theme(_ theme: ResolvedTheme) {
        out.beginObject()
        field("name", theme.name)
        key("parent")
        optionalString(theme.parents.first)
        field("builtIn", theme.isBuiltIn)
        key("properties")
        properties(theme.properties)
        out.endObject()
    }

    // MARK: Cards

    mutating func card(_ card: CheckedCard, _ layout: LaidOutCard) {
        out.beginObject()
        field("name", card.name)
        key("source")
        out.beginObject(inline: true)
        field("file", card.file)
        field("line", card.location.line)
        field("column", card.location.column)
        out.endObject()
        key("doc")
        optionalString(card.documentation)
        field("initialState", card.initialState)
        key("title")
        optionalValue(card.title)
        key("subtitle")
        optionalValue(card.subtitle)
        key("position")
        optionalString(card.position)
        key("swipe")
        out.beginArray(inline: true)
        for direction in card.swipeDirections { out.write(direction.rawValue) }
        out.endArray()

        key("layout")
        out.beginObject(inline: true)
        key("stack")
        optionalString(layout.context.stack)
        field("theme", layout.context.theme)
        field("width", layout.context.width)
        field("contentWidth", layout.contentWidth)
        key("padding")
        insets(layout.padding)
        out.endObject()

        key("traits")
        out.beginArray()
        for trait in card.traits {
            out.beginObject(inline: true)
            field("trait", trait.trait)
            for property in trait.properties {
                out.writeKey(property.name)
                value(property.value)
            }
            out.endObject()
        }
        out.endArray()

        key("model")
        out.beginArray()
        for modelField in card.model {
            out.beginObject(inline: true)
            field("name", modelField.name)
            field("type", modelField.type.description)
            key("default")
            optionalValue(modelField.defaultValue)
            field("twoWay", modelField.isTwoWay)
            out.endObject()
        }
        out.endArray()

        key("states")
        out.beginArray()
        for state in layout.states {
            out.beginObject()
            field("name", state.name)
            key("tap")
            optionalString(state.tap?.description)
            field("height", state.height)
            key("parts")
            parts(state.parts)
            out.endObject()
        }
        out.endArray()

        key("overlays")
        out.beginArray()
        for overlay in layout.overlays {
            out.beginObject()
            field("direction", overlay.direction.rawValue)
            field("height", overlay.height)
            key("parts")
            parts(overlay.parts)
            out.endObject()
        }
        out.endArray()

        key("footer")
        if let footer = layout.footer {
            out.beginObject()
            field("height", footer.height)
            field("transparent", footer.transparent)
            key("parts")
            parts(footer.parts)
            out.endObject()
        } else {
            out.writeNull()
        }
        out.endObject()
    }

    mutating func parts(_ parts: [LaidOutPart]) {
        out.beginArray()
        for index in parts.indices { part(parts[index]) }
        out.endArray()
    }

    mutating func part(_ part: LaidOutPart) {
        out.beginObject()
        field("part", part.part.part)
        key("frame")
        frame(part.frame)
        key("props")
        props(part.part)
        key("children")
        parts(part.children)
        out.endObject()
    }

    // MARK: Stacks

    mutating func stack(_ stack: CheckedStack, _ layout: LaidOutStack) {
        let kind = Catalog.stackKind(named: stack.kind)
        out.beginObject()
        field("name", stack.name)
        field("kind", stack.kind)
        field("theme", stack.theme)
        key("doc")
        optionalString(stack.documentation)
        key("config")
        properties(stack.configuration)

        // Body properties in catalog order, `margins` filled in from the theme for lists.
        key("properties")
        out.beginObject()
        for parameter in kind?.bodyProperties ?? [] where parameter.type != .themeRef {
            if let property = stack.properties.first(where: { $0.name == parameter.name }) {
                out.writeKey(property.name)
                value(property.value)
            } else if parameter.name == "margins", let margins = layout.margins {
                key("margins")
                insets(margins)
            }
        }
        out.endObject()

        key("cards")
        out.beginArray(inline: true)
        for card in stack.cards { out.write(card) }
        out.endArray()

        key("positions")
        out.beginObject()
        for position in layout.positions {
            out.writeKey(position.name)
            out.beginObject()
            field("height", position.height)
            key("frames")
            out.beginArray()
            for frame in position.frames {
                out.beginObject(inline: true)
                field("card", frame.card)
                field("x", frame.frame.x)
                field("y", frame.frame.y)
                field("width", frame.frame.width)
                field("height", frame.frame.height)
                if let draggable = frame.draggable { field("draggable", draggable) }
                out.endObject()
            }
            out.endArray()
            out.endObject()
        }
        if stack.kind == "sheet" {
            key("transitions")
            out.beginArray()
            for transition in layout.transitions {
                out.beginObject(inline: true)
                field("trigger", transition.trigger)
                field("from", transition.from.rawValue)
                field("to", transition.to.rawValue)
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
        field("x", frame.x)
        field("y", frame.y)
        field("width", frame.width)
        field("height", frame.height)
        out.endObject()
    }

    mutating func insets(_ insets: EdgeInsets) {
        out.beginObject(inline: true)
        field("top", insets.top)
        field("left", insets.left)
        field("bottom", insets.bottom)
        field("right", insets.right)
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

    /// A part's arguments in catalog order: the author's value, else the catalog default
    /// (written straight from the catalog, without building a property list per part).
    mutating func props(_ part: CheckedPart) {
        out.beginObject(inline: true)
        if let spec = Catalog.part(named: part.part) {
            for parameter in spec.parameters {
                if let property = part.properties.first(where: { $0.name == parameter.name }) {
                    out.writeKey(parameter.name)
                    value(property.value)
                } else if let fallback = parameter.defaultValue, Self.isWritable(fallback) {
                    out.writeKey(parameter.name)
                    catalogValue(fallback)
                }
            }
        } else {
            for property in part.properties {
                out.writeKey(property.name)
                value(property.value)
            }
        }
        out.endObject()
    }

    /// Whether a catalog default has a checked value (a binding placeholder or a malformed color
    /// has none, and is left out as the checked model leaves it out).
    static func isWritable(_ value: CatalogValue) -> Bool {
        switch value {
        case .binding: false
        case .color(let hex): ColorLiteral(hex) != nil
        case .namedColor(let name): Catalog.namedColor(name) != nil
        default: true
        }
    }

    /// A catalog default, in the same form `value(_:)` writes the checked value it stands for.
    mutating func catalogValue(_ value: CatalogValue) {
        switch value {
        case .int(let i): out.write(i)
        case .double(let d): out.write(d)
        case .string(let s): out.write(s)
        case .bool(let b): out.write(b)
        case .enumCase(let name): out.write(name)
        case .color(let hex): out.write(ColorLiteral(hex)?.hex ?? hex)
        case .namedColor(let name): out.write(Catalog.namedColor(name)?.hex ?? name)
        case .size(let width, let height): self.value(.size(width: width, height: height))
        case .insets(let top, let left, let bottom, let right): insets(EdgeInsets(top: top, left: left, bottom: bottom, right: right))
        case .font(let font): self.value(.font(font))
        case .list(let items):
            out.beginArray(inline: true)
            for item in items where Self.isWritable(item) { catalogValue(item) }
            out.endArray()
        case .reference(let name): out.write(name)
        case .binding(let name): out.write(name)
        }
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
            field("binding", path.joined(separator: "."))
            field("type", type.description)
            out.endObject()
        case .enumCase(let name, let arguments):
            out.write(arguments.isEmpty ? name : name + "(" + arguments.map(Self.argumentText).joined(separator: ", ") + ")")
        case .size(let width, let height):
            out.beginObject(inline: true)
            field("width", width)
            field("height", height)
            out.endObject()
        case .insets(let top, let left, let bottom, let right):
            insets(EdgeInsets(top: top, left: left, bottom: bottom, right: right))
        case .font(let font):
            out.beginObject(inline: true)
            switch font.family {
            case .system: field("family", "system")
            case .named(let family): field("family", family)
            }
            field("size", font.size)
            field("weight", font.weight.rawValue)
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

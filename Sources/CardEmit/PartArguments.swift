import CardLayout
import CardModel

/// What a part shows, read from its arguments the same way by every drawing back end (the
/// terminal preview and the HTML gallery): the author's value, else the catalog default, with
/// bindings standing for the card's model defaults or the current table row (`ValueResolver`).
/// The decisions both drawings make — where a slider's thumb sits, which segment a progress
/// bar's marker points at, what a text field or a bar shows — live here once.
struct PartArguments {
    var values: ValueResolver

    /// The text of field `label` of a default-cell row's record ("" when it has none).
    func field(_ record: [Argument], _ label: String) -> String {
        record.first { $0.label == label }.flatMap { values.resolve($0.value) }.flatMap(ValueResolver.display) ?? ""
    }

    /// The text an argument shows (a binding's default, a row's field, or `‹name›`).
    func string(_ part: PartView, _ name: String) -> String { values.text(part.property(name)) }

    func number(_ part: PartView, _ name: String) -> Double? { values.resolve(part.property(name))?.number }

    func bool(_ part: PartView, _ name: String) -> Bool? {
        if case .bool(let value)? = values.resolve(part.property(name)) { return value }
        return nil
    }

    /// A colour argument (a bound colour's default), alpha kept.
    func color(_ part: PartView, _ name: String) -> ColorValue? { ThemePalette.color(values.resolve(part.property(name))) }

    /// The colour argument as the resolved value (for back ends that convert it themselves).
    func colorValue(_ part: PartView, _ name: String) -> Value? { values.resolve(part.property(name)) }

    func caseName(_ part: PartView, _ name: String) -> String? {
        if case .enumCase(let caseName, _)? = part.property(name) { return caseName }
        return nil
    }

    /// The elements of a list argument (a binding's default list).
    func elements(_ part: PartView, _ name: String) -> [Value] {
        if case .list(let items)? = values.resolve(part.property(name)) { return items }
        return []
    }

    // MARK: Shared decisions

    /// Where `value` sits between `low` and `high`, 0…1 (0 for an empty or absurd range).
    static func fraction(_ value: Double, _ low: Double, _ high: Double) -> Double {
        let span = high - low
        return span > 0 && span.isFinite ? Finite.clamp((value - low) / span, 0, 1) : 0
    }

    /// A `slider`: its range, and the value's place in it (nil when the value is a binding
    /// without a default: the thumb then sits at `min` and the binding's `‹name›` is shown).
    func slider(_ part: PartView) -> (low: Double, high: Double, value: Double?, label: String) {
        let value = number(part, "value")
        return (number(part, "min") ?? 0, number(part, "max") ?? 1, value, value == nil ? string(part, "value") : "")
    }

    /// A `multiSlider`'s thumbs as fractions 0…1 of its track (from `min`).
    func multiSliderThumbs(_ part: PartView) -> [Double] {
        let low = number(part, "min") ?? 0, high = number(part, "max") ?? 1
        return elements(part, "values").compactMap(\.number).map { Self.fraction($0, low, high) }
    }

    /// A `bar`: how full (0…1; nil for a binding without a default) and its label, the
    /// percentage (`62%`) or the binding's `‹name›`.
    func bar(_ part: PartView) -> (fraction: Double?, label: String) {
        let percent = number(part, "percent").map { Finite.clamp($0, 0, 1) }
        return (percent, percent.map { String(Int(($0 * 100).rounded())) + "%" } ?? string(part, "percent"))
    }

    /// What a `textField` shows: its text, else its placeholder (`isPlaceholder`), else for a
    /// binding without a default its `‹name›`.
    func textField(_ part: PartView) -> (text: String, isPlaceholder: Bool) {
        let text = values.resolve(part.property("text")).flatMap(ValueResolver.display) ?? ""
        guard text.isEmpty else { return (text, false) }
        let placeholder = part.hasArgument("placeholder") ? string(part, "placeholder") : ""
        if !placeholder.isEmpty { return (placeholder, true) }
        if case .binding? = part.property("text") { return (string(part, "text"), false) }
        return ("", false)
    }

    /// A `histogram`'s entries (negative and non-finite ones as 0) and the value drawn full
    /// height: the tallest entry, at least 1 (so entries of 0…1 are fractions of the height).
    func histogram(_ part: PartView) -> (entries: [Double], scale: Double, lines: Set<String>) {
        let entries = elements(part, "entries").compactMap(\.number).map { $0.isFinite ? max(0, $0) : 0 }
        let lines = Set(elements(part, "lines").compactMap { value -> String? in
            if case .enumCase(let name, _) = value { return name }
            return nil
        })
        return (entries, max(1, entries.max() ?? 1), lines)
    }

    /// A `progressBar`'s equal segments: one per value that has a colour (one per value when
    /// no colours are given), at least one.
    static func progressSegments(values: Int, colors: Int) -> Int {
        max(1, min(values, colors) == 0 ? values : min(values, colors))
    }

    /// A `progressBar`'s marker: the segment it points into (the last value not above
    /// `current`) and where in that segment, 0…1 — CardParts' values are segment boundaries, so
    /// `current` sits between its value and the next. Nil without a `current` value.
    static func progressMarker(current: Double?, values: [Double]) -> (segment: Int, fraction: Double)? {
        guard let current, !values.isEmpty else { return nil }
        let index = values.lastIndex { $0 <= current } ?? 0
        let fraction: Double
        if current < values[0] {
            fraction = 0
        } else if index + 1 < values.count, values[index + 1] > values[index] {
            fraction = (current - values[index]) / (values[index + 1] - values[index])
        } else {
            fraction = 0.5
        }
        return (index, Finite.clamp(fraction, 0, 1))
    }

    /// The label of a `progressBar`'s marker: `marker:`, else the current value, else (a
    /// binding without a default) its `‹name›`.
    func progressMarkerLabel(_ part: PartView) -> String {
        part.hasArgument("marker") ? string(part, "marker") : number(part, "current").map(Finite.format) ?? string(part, "current")
    }

    /// `⌖ 38.7223, -9.1393` (with the map type unless standard): the pin glyph, then
    /// `mapCoordinates`.
    static func mapLabel(_ part: PartView, values: ValueResolver) -> String {
        "\u{2316} " + mapCoordinates(part, values: values)
    }

    /// `38.7223, -9.1393`, with ` · satellite` or ` · hybrid` for those map types.
    static func mapCoordinates(_ part: PartView, values: ValueResolver) -> String {
        let latitude = values.text(part.property("latitude")), longitude = values.text(part.property("longitude"))
        var label = latitude + ", " + longitude
        if case .enumCase(let type, _)? = part.property("type"), type != "standard" { label += " · " + type }
        return label
    }

    /// The first `map` part among `parts` and their children, depth first: a sheet's map area
    /// shows it.
    static func firstMap(in parts: [LaidOutPart]) -> LaidOutPart? {
        for part in parts {
            if part.part.part == SheetMapPart.name { return part }
            if let found = firstMap(in: part.children) { return found }
        }
        return nil
    }
}

/// The part whose presence lets a sheet card be dragged, and whose coordinates label the map.
enum SheetMapPart {
    static let name = "map"
}

/// How the drawing back ends draw a part, by catalog name: a drawing of its own, or `stacked`
/// (its children one under another: `vstack`, `oriented`, and any part they do not know).
/// A test checks every part of the catalog has a case or is a container.
enum PaintedPart: String, CaseIterable {
    case text, title, attributedText, image, button, titleDescription, pill, iconLabel, separator, verticalSeparator
    case hstack, centered, table, collection, bar, paged, slider, multiSlider, spacer, textField, confetti, progressBar
    case map, radio, histogram, cell, stacked

    /// The case for a part name (a hash lookup rather than a string compare per case).
    init(_ name: String) { self = PaintedPart.byName[name] ?? .stacked }

    private static let byName: [String: PaintedPart] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}

import CardDiagnostics
import CardLayout
import CardModel

/// The kind of a CardParts member an argument sets, which decides how a literal is spelled and
/// how a model value is converted (`Double` → `CGFloat`…).
enum MemberKind {
    /// `String?` (or `String`).
    case text
    case int, cgFloat, float, double, bool
    case color
    case colorList, cgFloatList, stringList
    case enumeration(EnumType?)
}

/// Turns parts into CardParts code for one scope — a card controller or a cell template:
/// property declarations, configuration (literal arguments), bindings (model values), and the
/// nested types and file helpers they need. Every name it declares comes from its `NameScope`.
struct PartEmitter {
    enum Mode {
        /// In a card controller: model values come from `viewModel`'s relays.
        case controller
        /// In a cell class: row values come from `item`, card values from the owner's view model.
        case cell(rowType: String)
    }

    let mode: Mode
    let card: CardView
    let facts: CardFacts
    let types: SwiftModelTypes
    /// The controller's type name (cells call actions through `owner`).
    let controller: String
    var scope: NameScope
    var declarations = SwiftLines()
    var configure = SwiftLines()
    var bind = SwiftLines()
    /// Card-field reads in a cell, run with `viewModel` bound to the owner's view model.
    var cellFieldBind = SwiftLines()
    var appear = SwiftLines()
    /// Nested cell classes, written into the controller.
    var cells: [CellClass] = []
    /// Whether a cell's code calls its owner (actions, card fields).
    var usesOwner = false
    /// Whether a cell's code disposes of subscriptions (`bag`), or of row bindings renewed on
    /// every `configure` (`rowsBag`).
    var usesBag = false
    var usesRowsBag = false
    /// Whether the comment on `menuTitle` was written.
    var notedMenu = false
    /// The state whose parts are being declared, in a card with state blocks; and the parts
    /// that are in several states (one instance per state), whose ids name a property per state.
    var state: String?
    var partsInEveryState: Set<SourceSpan> = []
    var helpers: CardPartsFlavor.Helpers

    struct CellClass {
        let name: String
        let superclass: String
        let isTable: Bool
        let rowType: String
        let emitter: PartEmitter
        let topLevel: [String]
    }

    var isCell: Bool { if case .cell = mode { true } else { false } }

    /// The members a cell class declares besides its parts.
    static let cellReserved = SwiftNames.cellMembers

    // MARK: Values

    /// Where a value comes from.
    enum Source {
        case literal(Value)
        /// A card model field and its type.
        case field(String, ValueType)
        /// A row field path after `item`, and its type.
        case row([String], ValueType)
    }

    func source(_ value: Value) -> Source {
        guard case .binding(let binding) = value else { return .literal(value) }
        if binding.isRowField { return .row(Array(binding.path.dropFirst()), binding.type) }
        let name = binding.path.first ?? ""
        return .field(name, card.field(named: name)?.type ?? binding.type)
    }

    /// A literal as Swift for a member of `kind`.
    func literal(_ value: Value, _ kind: MemberKind) -> String {
        switch (kind, value) {
        case (.text, .string(let s)): return SwiftWriter.literal(s)
        case (.int, _): return value.number.map { String(Int(exactly: $0) ?? 0) } ?? "0"
        case (.float, _): return value.number.map(SwiftWriter.float) ?? "0"
        case (.cgFloat, _), (.double, _): return value.number.map(SwiftWriter.number) ?? "0"
        case (.bool, .bool(let b)): return b ? "true" : "false"
        case (.color, .color(let c, let name)): return SwiftValues.color(c, name: name)
        case (.colorList, .list(let items)), (.cgFloatList, .list(let items)), (.stringList, .list(let items)):
            let element: MemberKind = switch kind { case .colorList: .color; case .cgFloatList: .cgFloat; default: .text }
            return "[" + items.map { literal($0, element) }.joined(separator: ", ") + "]"
        case (.enumeration(let type), .enumCase(let name, let arguments)):
            return SwiftValues.enumCase(name, arguments: arguments, in: type)
        default:
            return types.scalar(value, type: .string)
        }
    }

    /// `expression` (of model type `type`) converted for a member of `kind`; `$0`-based for maps.
    static func convert(_ expression: String, from type: ValueType, to kind: MemberKind) -> String {
        switch (kind, type) {
        case (.cgFloat, .double), (.cgFloat, .int): "CGFloat(\(expression))"
        case (.float, .double), (.float, .int): "Float(\(expression))"
        case (.double, .int): "Double(\(expression))"
        case (.int, .double): "Int(\(expression))"
        case (.cgFloatList, _): "\(expression).map { CGFloat($0) }"
        default: expression
        }
    }

    /// Sets `target.member` from `value`: a literal is configured once, a field is bound (kept
    /// in step), a row field is set when the cell is configured.
    mutating func set(_ target: String, _ member: String, _ value: Value?, _ kind: MemberKind) {
        guard let value else { return }
        switch source(value) {
        case .literal(let v):
            configure.append("\(target).\(member) = \(literal(v, kind))")
        case .field(let name, let type):
            if isCell {
                usesOwner = true
                cellFieldBind.append("\(target).\(member) = \(Self.convert("viewModel.\(SwiftWriter.identifier(name)).value", from: type, to: kind))")
            } else {
                bind.append("\(relay: name, from: type, to: kind).bind(to: \(binder: target, member)).disposed(by: bag)")
            }
        case .row(let path, let type):
            bind.append("\(target).\(member) = \(Self.convert("item." + path.map(SwiftWriter.identifier).joined(separator: "."), from: type, to: kind))")
        }
    }

    /// An image's VoiceOver settings (docs/language.md §7.4). A `UIImageView` is not an
    /// accessibility element by default, so a label makes it one; `decorative: true` hides it
    /// (and wins over a label); a bound `decorative:` hides it while the field is true.
    mutating func accessibility(_ target: String, label: Value?, decorative: Value?) {
        if case .bool(true)? = decorative {
            configure.append("\(target).isAccessibilityElement = false")
            configure.append("\(target).accessibilityElementsHidden = true")
            return
        }
        if label != nil {
            configure.append("\(target).isAccessibilityElement = true")
            set(target, "accessibilityLabel", label, .text)
        }
        if case .binding? = decorative { set(target, "accessibilityElementsHidden", decorative, .bool) }
    }

    /// Like `set`, with the value turned into the member's value by `transform` (`$0` → …).
    mutating func setMapped(_ target: String, _ member: String, _ value: Value?, literal: (Value) -> String,
                            transform: (String) -> String) {
        guard let value else { return }
        switch source(value) {
        case .literal(let v):
            configure.append("\(target).\(member) = \(literal(v))")
        case .field(let name, _):
            if isCell {
                usesOwner = true
                cellFieldBind.append("\(target).\(member) = \(transform("viewModel.\(SwiftWriter.identifier(name)).value"))")
            } else {
                bind.append("viewModel.\(identifier: name).map { \(transform("$0")) }.bind(to: \(binder: target, member)).disposed(by: bag)")
            }
        case .row(let path, _):
            bind.append("\(target).\(member) = \(transform("item." + path.map(SwiftWriter.identifier).joined(separator: ".")))")
        }
    }

    /// The value an init-only argument has when the part is created: a literal, a model field's
    /// current value (the part becomes `lazy`), or the row type's zero in a cell.
    mutating func initial(_ value: Value?, _ kind: MemberKind, lazy: inout Bool, zero: String) -> String {
        guard let value else { return zero }
        switch source(value) {
        case .literal(let v): return literal(v, kind)
        case .field(let name, let type):
            if isCell { return zero }
            lazy = true
            return Self.convert("viewModel.\(SwiftWriter.identifier(name)).value", from: type, to: kind)
        case .row: return zero
        }
    }

    // MARK: Actions

    /// The call running `action` from a closure capturing `self` weakly, with context arguments.
    func call(_ action: Action, arguments: String = "") -> String {
        let target = isCell ? "self?.owner?" : "self?"
        switch action {
        case .method(let name): return "\(target).\(SwiftWriter.identifier(name))(\(arguments))"
        case .push(let card): return "\(target).\(SwiftWriter.identifier(SwiftNames.pushMethod(card.name)))()"
        case .pop: return "\(target).\(SwiftNames.popMethod)()"
        }
    }

    /// Runs `action` when `control` is tapped (RxCocoa's `rx.tap`).
    mutating func onTap(_ control: String, _ value: Value?) {
        guard case .action(let action)? = value else { return }
        if isCell { usesOwner = true; usesBag = true }
        configure.append("\(control).rx.tap.bind(onNext: { [weak self] in \(call(action)) }).disposed(by: bag)")
    }

    // MARK: Parts

    /// Declares `part` (and its children) in this scope; returns its property name.
    @discardableResult
    mutating func emit(_ part: PartView, prefix: String) -> String {
        let kind = Self.kinds[part.part]
        let name: String
        if let id = part.id {
            // Taken in the scope already (`PartIDNames`), before any positional name.
            name = SwiftNames.partProperty(id: id, state: partsInEveryState.contains(part.span) ? state : nil)
        } else {
            let base = prefix.isEmpty ? part.part : prefix + (kind?.capitalizedName ?? SwiftNames.capitalized(part.part))
            name = isCell ? scope.allocate(base, numberedFrom: 1) : scope.allocate(base)
        }
        // Parts nest as deep as the parser allows (256 levels), so the recursion into children
        // goes through small frames only: the leaves' switch holds a slot for every case's
        // values (about 35 KB a frame in a debug build, where 250 nested stacks overflowed an
        // 8 MB stack), and it is never on the stack below a child.
        switch kind?.recipe ?? .other {
        case .attributedText, .stack, .table, .collection, .paged, .centered, .oriented:
            declareContainer(part, name: name, kind: kind)
        default:
            declareLeaf(part, name: name, kind: kind)
        }
        // `CardPartView.margins`, read by `setupCardParts` (after `configureParts()`); without
        // it the part keeps the theme's margins for its kind, read when it is created.
        if case .insets(let t, let l, let b, let r)? = GivenArguments(part: part).given("margins") {
            configure.append("\(name).margins = \(SwiftValues.insets(top: t, left: l, bottom: b, right: r))")
        }
        return name
    }

    /// Declares a part that holds parts, its children first.
    private mutating func declareContainer(_ part: PartView, name: String, kind: Kind?) {
        let cls = part.spec.cardPartsClass ?? "CardPartTextView"
        let reader = GivenArguments(part: part)

        switch kind?.recipe ?? .other {
        case .attributedText:
            declarations.append("let \(name) = \(cls)(type: .normal)")
            set(name, "text", reader.given("text"), .text)
            set(name, "isEditable", reader.given("editable"), .bool)
            setMapped(name, "dataDetectorTypes", reader.given("links"), literal: { v in v == .bool(true) ? ".all" : "[]" },
                      transform: { "\($0) ? UIDataDetectorTypes.all : []" })
            for child in part.children {
                let image = emit(child, prefix: name)
                configure.append("// CardParts only reserves room for `textViewImage`; the image must be added to the part.")
                configure.append("\(name).addSubview(\(image))")
                configure.append("\(name).textViewImage = \(image)")
                configure.append("\(name).exclusionPath?.append(UIBezierPath(rect: \(image).frame))")
            }

        case .stack:
            declarations.append("let \(name) = \(cls)()")
            for preset in part.spec.presets { configure.append("\(name).\(preset.property) = \(preset.swiftValue)") }
            set(name, "spacing", reader.given("spacing"), .cgFloat)
            set(name, "alignment", reader.given("alignment"), .enumeration(reader.enumType("alignment")))
            set(name, "distribution", reader.given("distribution"), .enumeration(reader.enumType("distribution")))
            for child in part.children {
                let childName = emit(child, prefix: name)
                configure.append("\(name).addArrangedSubview(\(childName))")
            }
            if reader.given("background") != nil {
                set(name + ".backgroundView", "backgroundColor", reader.given("background"), .color)
                set(name, "cornerRadius", reader.given("cornerRadius"), .cgFloat)
                configure.append("\(name).pinBackground(\(name).backgroundView, to: \(name))")
            }

        case .table:
            declarations.append("let \(name) = \(cls)()")
            if case .enumCase(let style, _)? = reader.given("style"), style != "plain" {
                configure.append("// `style: .\(style)` has no CardParts 4.0 equivalent: CardPartTableView's table is always plain.")
            }
            rows(of: part, name: name, isTable: true)

        case .collection:
            helpers.flowLayout = true
            var arguments = reader.enumLiteral("direction")
            if case .size(let w, let h)? = reader.given("itemSize") {
                arguments += ", itemSize: CGSize(width: \(SwiftWriter.number(w)), height: \(SwiftWriter.number(h)))"
            }
            if let spacing = reader.given("spacing")?.number { arguments += ", spacing: \(SwiftWriter.number(spacing))" }
            declarations.append("let \(name) = \(cls)(collectionViewLayout: \(CardPartsStacks.helpers).flowLayout(\(arguments)))")
            if case .size(_, let h)? = reader.given("itemSize"), case .enumCase("horizontal", _)? = reader.resolved("direction") {
                configure.append("// A collection's intrinsic height is its collection view's frame height: one row of items.")
                configure.append("\(name).heightAnchor.constraint(equalToConstant: \(SwiftWriter.number(h))).isActive = true")
            }
            rows(of: part, name: name, isTable: false)

        case .paged:
            var pages: [String] = []
            for child in part.children { pages.append(emit(child, prefix: name)) }
            var isLazy = !pages.isEmpty
            let height = initial(reader.resolved("height"), .cgFloat, lazy: &isLazy, zero: "0")
            declarations.append("\(isLazy ? "lazy var" : "let") \(name) = \(cls)(withPages: [\(pages.joined(separator: ", "))], andHeight: \(height))")
            if case .action(let action)? = reader.given("onPage") {
                helpers.pagedDelegate = true
                if isCell { usesOwner = true }
                configure.append("// CardPartPagedView holds its delegate strongly: this one holds the card weakly.")
                configure.append("\(name).delegate = \(CardPartsStacks.pagedDelegate) { [weak self] page in \(call(action, arguments: pageArgument(action))) }")
            }

        case .centered:
            let children = part.children.map { emit($0, prefix: name) }
            let views = children + Array(repeating: "CardPartSpacerView(height: 0)", count: max(0, 3 - children.count))
            declarations.append("lazy var \(name) = \(cls)(leftView: \(views[0]), centeredView: \(views[1]), rightView: \(views[2]))")

        case .oriented:
            let children = part.children.map { emit($0, prefix: name) }
            declarations.append("lazy var \(name) = \(cls)(cardParts: [\(children.joined(separator: ", "))], orientation: \(reader.enumLiteral("orientation")))")

        default:
            break
        }
    }

    /// Declares a part without children.
    private mutating func declareLeaf(_ part: PartView, name: String, kind: Kind?) {
        let cls = part.spec.cardPartsClass ?? "CardPartTextView"
        let reader = GivenArguments(part: part)

        switch kind?.recipe ?? .other {
        case .text:
            declarations.append("let \(name) = \(cls)(type: \(reader.enumLiteral("style")))")
            set(name, "text", reader.given("text"), .text)
            set(name, "textColor", reader.given("color"), .color)
            if case .font(let font)? = reader.given("font") {
                // Scaled as the style's theme font is (`CardcHelpers.scalingFonts`), so it follows Dynamic Type too.
                var style: String?
                if case .enumCase(let name, _)? = reader.resolved("style") { style = name }
                let dynamic = ThemeMetrics.dynamicTypeStyle(ofTextStyle: style) ?? .body
                configure.append("\(name).font = UIFontMetrics(forTextStyle: .\(dynamic.swiftName)).scaledFont(for: \(SwiftValues.font(font)))")
            }
            // The label's font follows the user's text size while the card is shown.
            configure.append("\(name).label.adjustsFontForContentSizeCategory = true")
            set(name, "textAlignment", reader.given("alignment"), .enumeration(reader.enumType("alignment")))
            set(name, "label.numberOfLines", reader.given("lines"), .int)

        case .image:
            declarations.append("let \(name) = \(cls)()")
            if reader.given("tint") != nil {
                let imageName = reader.given("name").map { literal($0, .text) } ?? "\"\""
                setMapped(name, "image", reader.given("name"), literal: { _ in
                    "UIImage(named: \(imageName))?.withRenderingMode(.alwaysTemplate)"
                }, transform: { "UIImage(named: \($0))?.withRenderingMode(.alwaysTemplate)" })
                set(name, "tintColor", reader.given("tint"), .color)
            } else {
                set(name, "imageName", reader.given("name"), .text)
            }
            height(name, reader.given("height"))
            accessibility(name, label: reader.given("accessibilityLabel"), decorative: reader.given("decorative"))

        case .button:
            declarations.append("let \(name) = \(cls)()")
            if let title = reader.given("title") {
                switch source(title) {
                case .literal(let v): configure.append("\(name).setTitle(\(literal(v, .text)), for: .normal)")
                case .field(let field, _):
                    if isCell {
                        usesOwner = true
                        cellFieldBind.append("\(name).setTitle(viewModel.\(identifier: field).value, for: .normal)")
                    } else {
                        bind.append("viewModel.\(identifier: field).bind(to: \(name).rx.buttonTitle).disposed(by: bag)")
                    }
                case .row(let path, _):
                    bind.append("\(name).setTitle(item.\(path.map(SwiftWriter.identifier).joined(separator: ".")), for: .normal)")
                }
            }
            set(name, "contentHorizontalAlignment", reader.given("alignment"), .enumeration(reader.enumType("alignment")))
            configure.append("\(name).titleLabel?.adjustsFontForContentSizeCategory = true")
            onTap(name, reader.given("action"))

        case .title:
            let hasMenu = reader.given("menu") != nil
            declarations.append("let \(name) = \(cls)(type: \(hasMenu ? ".titleWithMenu" : ".titleOnly"))")
            set(name, "title", reader.given("text"), .text)
            configure.append("\(name).label.adjustsFontForContentSizeCategory = true")
            if hasMenu {
                if !notedMenu {
                    notedMenu = true
                    configure.append("// A menu opens only when `menuTitle` is set; it is the title's text.")
                }
                set(name, "menuTitle", reader.given("text"), .text)
                set(name, "menuOptions", reader.given("menu"), .stringList)
            }
            if case .action(let action)? = reader.given("onMenu") {
                if isCell { usesOwner = true }
                configure.append("\(name).menuOptionObserver = { [weak self] option, index in \(menuCall(action)) }")
            }

        case .titleDescription:
            var arguments = "titlePosition: \(reader.enumLiteral("titlePosition"))"
            if reader.given("secondaryPosition") != nil { arguments += ", secondaryPosition: \(reader.enumLiteral("secondaryPosition"))" }
            declarations.append("let \(name) = \(cls)(\(arguments))")
            for label in ["leftTitle", "leftDescription", "rightTitle", "rightDescription"] {
                set(name, label + "Text", reader.given(label), .text)
                configure.append("\(name).\(label)Label.adjustsFontForContentSizeCategory = true")
            }

        case .pill:
            declarations.append("let \(name) = \(cls)()")
            set(name, "labelText", reader.given("text"), .text)
            configure.append("\(name).adjustsFontForContentSizeCategory = true")
            set(name, "verticalPadding", reader.given("verticalPadding"), .cgFloat)
            set(name, "horizontalPadding", reader.given("horizontalPadding"), .cgFloat)

        case .iconLabel:
            declarations.append("let \(name) = \(cls)()")
            set(name, "labelText", reader.given("text"), .text)
            configure.append("\(name).adjustsFontForContentSizeCategory = true")
            let iconName = reader.given("icon").map { literal($0, .text) } ?? "\"\""
            setMapped(name, "icon", reader.given("icon"), literal: { _ in "UIImage(named: \(iconName))" },
                      transform: { "UIImage(named: \($0))" })
            if case .enumCase(let position, _)? = reader.given("iconPosition") {
                configure.append("\(name).iconPosition = (.\(identifier: position), .top)")
            }
            set(name, "textAlignment", reader.given("alignment"), .enumeration(reader.enumType("alignment")))
            set(name, "iconPadding", reader.given("iconPadding"), .cgFloat)
            // A label reads as a label already: only what VoiceOver says changes.
            set(name, "accessibilityLabel", reader.given("accessibilityLabel"), .text)

        case .bar:
            declarations.append("let \(name) = \(cls)()")
            set(name, "percent", reader.given("percent"), .double)
            set(name, "barColor", reader.given("color"), .color)

        case .slider:
            declarations.append("let \(name) = \(cls)()")
            set(name, "minimumValue", reader.given("min"), .float)
            set(name, "maximumValue", reader.given("max"), .float)
            if let value = reader.given("value"), case .field(let field, let type) = source(value), !isCell {
                bind.append("// Two-way: the model drives the slider, and the user's changes (not the initial value) drive the model.")
                bind.append("\(relay: field, from: type, to: .float).bind(to: \(name).rx.value).disposed(by: bag)")
                let back = type == .int ? "Int($0)" : "Double($0)"
                bind.append("\(name).rx.value.changed.map { \(back) }.bind(to: viewModel.\(identifier: field)).disposed(by: bag)")
            } else {
                set(name, "value", reader.given("value"), .float)
            }

        case .multiSlider:
            declarations.append("let \(name) = \(cls)()")
            set(name, "value", reader.given("values"), .cgFloatList)
            set(name, "minimumValue", reader.given("min"), .cgFloat)
            set(name, "maximumValue", reader.given("max"), .cgFloat)
            set(name, "trackWidth", reader.given("trackWidth"), .cgFloat)
            set(name, "tintColor", reader.given("tint"), .color)
            set(name, "outerTrackColor", reader.given("outerTrack"), .color)
            // CardParts' default orientation is vertical; the language's is horizontal.
            set(name, "orientation", reader.resolved("orientation"), .enumeration(reader.enumType("orientation")))

        case .spacer:
            var isLazy = false
            let height = initial(reader.resolved("height"), .cgFloat, lazy: &isLazy, zero: "0")
            declarations.append("\(isLazy ? "lazy var" : "let") \(name) = \(cls)(height: \(height))")

        case .textField:
            declarations.append("let \(name) = \(cls)(format: \(reader.enumLiteral("format")))")
            set(name, "placeholder", reader.given("placeholder"), .text)
            configure.append("\(name).adjustsFontForContentSizeCategory = true")
            set(name, "keyboardType", reader.given("keyboard"), .enumeration(reader.enumType("keyboard")))
            if let value = reader.given("text"), case .field(let field, _) = source(value), !isCell {
                bind.append("// Two-way: the model drives the text field, and the user's edits drive the model.")
                bind.append("viewModel.\(identifier: field).bind(to: \(name).rx.text).disposed(by: bag)")
                bind.append("\(name).rx.text.orEmpty.changed.bind(to: viewModel.\(identifier: field)).disposed(by: bag)")
            } else {
                set(name, "text", reader.given("text"), .text)
            }

        case .confetti:
            declarations.append("let \(name) = \(cls)()")
            // The language's defaults, which need not be CardParts' own.
            set(name, "type", reader.resolved("type"), .enumeration(reader.enumType("type")))
            set(name, "colors", reader.resolved("colors"), .colorList)
            set(name, "intensity", reader.resolved("intensity"), .float)
            appear.append("\(name).beginConfetti()")

        case .progressBar:
            progressBar(part, name: name, cls: cls)

        case .map:
            map(part, name: name, cls: cls)

        case .radio:
            declarations.append("let \(name) = \(cls)()")
            if let selected = reader.given("selected"), case .field(let field, _) = source(selected), !isCell {
                bind.append("viewModel.\(identifier: field).bind(to: \(name).rx.radioButtonValue).disposed(by: bag)")
            } else {
                set(name, "isSelected", reader.given("selected"), .bool)
            }
            set(name, "outerCircleColor", reader.given("outerColor"), .color)
            set(name, "innerCircleColor", reader.given("innerColor"), .color)
            set(name, "outerCircleLineWidth", reader.given("lineWidth"), .cgFloat)
            onTap(name, reader.given("action"))

        case .histogram:
            declarations.append("let \(name) = \(cls)()")
            // The language's defaults (8, 8, every line), which are not CardParts' own.
            set(name, "width", reader.resolved("width"), .cgFloat)
            set(name, "spacing", reader.resolved("spacing"), .cgFloat)
            var lines: [String] = []
            if case .list(let items)? = reader.resolved("lines") {
                lines = items.compactMap { if case .enumCase(let n, _) = $0 { n } else { nil } }
            }
            configure.append("\(name).shouldShowHorizontalLines = \(lines.isEmpty ? "false" : "true")")
            configure.append("\(name).histogramLines = .lines(bottom: \(lines.contains("bottom")), middle: \(lines.contains("middle")), top: \(lines.contains("top")))")
            let entry = "DataEntry(color: CardParts.theme.barColor, height: Float($0), textValue: \"\", title: \"\")"
            if let entries = reader.given("entries") {
                switch source(entries) {
                case .literal(let v):
                    configure.append("\(name).updateDataEntries(dataEntries: \(literal(v, .cgFloatList)).map { \(entry) }, animated: false)")
                case .field(let field, _):
                    if isCell {
                        usesOwner = true
                        cellFieldBind.append("\(name).updateDataEntries(dataEntries: viewModel.\(identifier: field).value.map { \(entry) }, animated: false)")
                    } else {
                        bind.append("viewModel.\(identifier: field)")
                        bind.append("    .map { entries in entries.map { \(entry) } }")
                        bind.append("    .bind(onNext: { [weak self] entries in self?.\(name).updateDataEntries(dataEntries: entries, animated: false) })")
                        bind.append("    .disposed(by: bag)")
                    }
                case .row(let path, _):
                    bind.append("\(name).updateDataEntries(dataEntries: item.\(path.map(SwiftWriter.identifier).joined(separator: ".")).map { \(entry) }, animated: false)")
                }
            }

        default:
            declarations.append("let \(name) = \(cls)()")
        }
    }

    /// How each part is written: one case per part (or group of parts) `emit` spells.
    enum Recipe {
        case text, attributedText, image, button, title, titleDescription, pill, iconLabel, stack, table, collection, bar
        case paged, slider, multiSlider, spacer, textField, centered, oriented, confetti, progressBar, map, radio, histogram
        case other
    }

    /// What `emit` reads off a part kind, decided once per catalog entry.
    struct Kind {
        let recipe: Recipe
        /// The part's name as the second word of a nested part's name (`reviewVstack` → `reviewVstackText`).
        let capitalizedName: String
    }

    /// Each catalog part's kind, by part name: one dictionary lookup per part.
    static let kinds: [String: Kind] = Dictionary(
        Catalog.parts.map { ($0.name, Kind(recipe: recipes[$0.name] ?? .other, capitalizedName: SwiftNames.capitalized($0.name))) },
        uniquingKeysWith: { first, _ in first })

    private static let recipes: [String: Recipe] = [
        "text": .text, "attributedText": .attributedText, "image": .image, "button": .button, "title": .title,
        "titleDescription": .titleDescription, "pill": .pill, "iconLabel": .iconLabel, "vstack": .stack, "hstack": .stack,
        "table": .table, "collection": .collection, "bar": .bar, "paged": .paged, "slider": .slider,
        "multiSlider": .multiSlider, "spacer": .spacer, "textField": .textField, "centered": .centered,
        "oriented": .oriented, "confetti": .confetti, "progressBar": .progressBar, "map": .map, "radio": .radio,
        "histogram": .histogram,
    ]

    /// `(option: option, index: index)` for an action method, nothing for push and pop.
    func menuCall(_ action: Action) -> String {
        if case .method = action { return call(action, arguments: "option: option, index: index") }
        return call(action)
    }

    func pageArgument(_ action: Action) -> String {
        if case .method = action { return "page: page" }
        return ""
    }

    /// A fixed height: a literal, or a stored constraint kept in step with a model value.
    mutating func height(_ name: String, _ value: Value?) {
        guard let value else { return }
        if case .literal(let v) = source(value) {
            configure.append("\(name).heightAnchor.constraint(equalToConstant: \(literal(v, .cgFloat))).isActive = true")
            return
        }
        let constraint = scope.allocate(name + "Height")
        declarations.append("lazy var \(constraint) = \(name).heightAnchor.constraint(equalToConstant: 0)")
        configure.append("\(constraint).isActive = true")
        set(constraint, "constant", value, .cgFloat)
    }

    // MARK: Tables and collections

    /// Binds a table's or collection's rows: CardParts' default cell for a table without a
    /// `cell`, else a nested cell class made of the template's parts.
    mutating func rows(of part: PartView, name: String, isTable: Bool) {
        guard let rowsParameter = part.spec.rowsParameter?.name, let rowsValue = part.property(rowsParameter) else { return }
        let rowsSource = source(rowsValue)
        let observable: String
        let rowType: String
        switch rowsSource {
        case .field(let field, _):
            observable = "viewModel.\(SwiftWriter.identifier(field))"
            rowType = SwiftNames.viewModel(card.name) + "." + SwiftNames.rowType(field)
        case .row(let path, _):
            usesRowsBag = true
            observable = "Observable.just(item.\(path.map(SwiftWriter.identifier).joined(separator: ".")))"
            rowType = "Any"
        case .literal:
            return
        }
        let container = isTable ? "tableView" : "collectionView"
        let disposal = isCell ? "rowsBag" : "bag"
        let template = part.children.first { $0.spec.name == "cell" }
        if let template, case .field = rowsSource {
            let cellName = scope.allocate(SwiftNames.capitalized(rowsValue.bindingPath?.last ?? "row") + "Cell")
            var cell = PartEmitter(mode: .cell(rowType: rowType), card: card, facts: facts, types: types, controller: controller,
                                   scope: NameScope(reserved: Self.cellReserved, taken: PartIDNames.ids(in: template.children)),
                                   helpers: helpers)
            let topLevel = template.children.map { cell.emit($0, prefix: "") }
            helpers = cell.helpers
            cells.append(CellClass(name: cellName, superclass: isTable ? "CardPartTableViewCardPartsCell" : "CardPartCollectionViewCardPartsCell",
                                   isTable: isTable, rowType: rowType, emitter: cell, topLevel: topLevel))
            let register = isTable ? "register(\(cellName).self, forCellReuseIdentifier: \(cellName).reuseIdentifier)"
                : "register(\(cellName).self, forCellWithReuseIdentifier: \(cellName).reuseIdentifier)"
            configure.append("\(name).\(container).\(register)")
            let ownerArgument = cell.usesOwner ? ", owner: self" : ""
            bind.append("\(observable)")
            bind.append("    .bind(to: \(name).\(container).rx.items(cellIdentifier: \(cellName).reuseIdentifier, cellType: \(cellName).self)) { \(cell.usesOwner ? "[weak self] " : "")_, item, cell in")
            bind.append("        cell.configure(with: item\(ownerArgument))")
            bind.append("    }")
            bind.append("    .disposed(by: \(disposal))")
        } else if isTable, template == nil {
            // CardParts' default cell, registered as "CellId" (an internal constant in CardParts).
            let labels = SwiftModelTypes.defaultCellLabels
            bind.append("\(observable)")
            bind.append("    .bind(to: \(name).tableView.rx.items(cellIdentifier: \"CellId\", cellType: CardPartTableViewCell.self)) { _, row, cell in")
            switch rowsSource {
            case .field:
                for label in labels { bind.append("        cell.\(label)Label.text = row.\(identifier: label)") }
            case .row(_, let type):
                var present: [String] = []
                if case .list(.record(let fields)) = type { present = labels.filter { label in fields.contains { $0.label == label } } }
                for label in present { bind.append("        cell.\(label)Label.text = row.\(identifier: label)") }
                if present.isEmpty { bind.append("        _ = (row, cell)") }
            case .literal:
                break
            }
            bind.append("    }")
            bind.append("    .disposed(by: \(disposal))")
        } else {
            bind.append("// Rows bound to a row of an enclosing cell are not shown: a nested cell template needs a card field.")
        }

        if case .action(let action)? = part.property("onSelect"), isTable, case .field = rowsSource {
            if isCell { usesOwner = true }
            let argument: String
            if case .method = action { argument = "row" } else { argument = "" }
            bind.append("\(name).tableView.rx.modelSelected(\(rowType).self)")
            bind.append("    .bind(onNext: { [weak self] row in \(call(action, arguments: argument))\(argument.isEmpty ? "; _ = row" : "") })")
            bind.append("    .disposed(by: \(disposal))")
        }
    }

    // MARK: Progress bar and map

    mutating func progressBar(_ part: PartView, name: String, cls: String) {
        var isLazy = false
        let colors = initial(part.property("colors"), .colorList, lazy: &isLazy, zero: "[]")
        var boundaries: [Double] = []
        if case .list(let values)? = part.property("values") { boundaries = values.compactMap(\.number) }
        else if let values = part.property("values"), case .field(let field, _) = source(values),
                case .list(let defaults)? = card.field(named: field)?.defaultValue {
            boundaries = defaults.compactMap(\.number)
        }
        var colorCount = boundaries.count
        if case .list(let items)? = part.property("colors") { colorCount = items.count }
        let boundaryList = "[" + boundaries.map(SwiftWriter.number).joined(separator: ", ") + "]"
        helpers.progressSegment = true
        var current = "1"
        if let value = part.hasArgument("current") ? part.property("current") : nil {
            switch source(value) {
            case .literal(let v):
                current = String(Self.segment(v.number ?? 0, boundaries, count: colorCount))
            case .field(let field, let type):
                if let d = card.field(named: field)?.defaultValue?.number {
                    current = String(Self.segment(d, boundaries, count: colorCount))
                }
                if isCell {
                    usesOwner = true
                    cellFieldBind.append("\(name).currentValue = \(CardPartsStacks.helpers).progressSegment(\(Self.convert("viewModel.\(SwiftWriter.identifier(field)).value", from: type, to: .double)), \(boundaryList), count: \(colorCount))")
                } else {
                    bind.append("\(relay: field, from: type, to: .double).map { \(CardPartsStacks.helpers).progressSegment($0, \(boundaryList), count: \(colorCount)) }.bind(to: \(name).rx.currentValue).disposed(by: bag)")
                }
            case .row(let path, let type):
                bind.append("\(name).currentValue = \(CardPartsStacks.helpers).progressSegment(\(Self.convert("item." + path.map(SwiftWriter.identifier).joined(separator: "."), from: type, to: .double)), \(boundaryList), count: \(colorCount))")
            }
        }
        var arguments = "barColors: \(colors)"
        if let marker = part.hasArgument("marker") ? part.property("marker") : nil {
            arguments += ", markerLabelTitle: \(initial(marker, .text, lazy: &isLazy, zero: "nil"))"
        }
        arguments += ", currentValue: \(current)"
        arguments += ", showShowBarValues: \(initial(part.property("showValues"), .bool, lazy: &isLazy, zero: "false"))"
        declarations.append("\(isLazy ? "lazy var" : "let") \(name) = \(cls)(\(arguments))")
        if part.hasArgument("cornerRadius") { set(name, "barCornerRadius", part.property("cornerRadius"), .cgFloat) }
    }

    /// CardParts' progress bar marks a segment (1-based) of `count`: the number of boundaries
    /// not above `value`, clamped to 1…count.
    static func segment(_ value: Double, _ boundaries: [Double], count: Int) -> Int {
        min(max(boundaries.filter { $0 <= value }.count, 1), max(count, 1))
    }

    mutating func map(_ part: PartView, name: String, cls: String) {
        var isLazy = false
        let latitude = initial(part.property("latitude"), .double, lazy: &isLazy, zero: "0")
        let longitude = initial(part.property("longitude"), .double, lazy: &isLazy, zero: "0")
        let span = initial(part.property("span"), .double, lazy: &isLazy, zero: "1")
        let type: String
        if case .enumCase(let c, let args)? = part.property("type") {
            type = SwiftValues.enumCase(c, arguments: args, in: part.spec.parameter(named: "type")?.type.enumType)
        } else {
            type = ".standard"
        }
        declarations.append("\(isLazy ? "lazy var" : "let") \(name) = \(cls)(type: \(type), location: CLLocation(latitude: \(latitude), longitude: \(longitude)), span: MKCoordinateSpan(latitudeDelta: \(span), longitudeDelta: \(span)))")
        if part.hasArgument("height") { set(name, "intrensicHeight", part.property("height"), .cgFloat) }
        // Bound coordinates move the map.
        let lat = part.property("latitude").map(source), long = part.property("longitude").map(source)
        func field(_ s: Source?) -> (String, ValueType)? { if case .field(let n, let t)? = s { (n, t) } else { nil } }
        func expression(_ s: Source?, _ fallback: String) -> String {
            switch s {
            case .literal(let v)?: literal(v, .double)
            case .row(let path, let t)?: Self.convert("item." + path.map(SwiftWriter.identifier).joined(separator: "."), from: t, to: .double)
            default: fallback
            }
        }
        if !isCell, let a = field(lat), let b = field(long) {
            bind.append("Observable.combineLatest(viewModel.\(identifier: a.0), viewModel.\(identifier: b.0)) { CLLocation(latitude: \(Self.convert("$0", from: a.1, to: .double)), longitude: \(Self.convert("$1", from: b.1, to: .double))) }")
            bind.append("    .bind(to: \(name).rx.location).disposed(by: bag)")
        } else if !isCell, let a = field(lat) {
            let mapping = "CLLocation(latitude: \(Self.convert("$0", from: a.1, to: .double)), longitude: \(expression(long, "0")))"
            bind.append("\(relay: a.0, mapping: mapping).bind(to: \(name).rx.location).disposed(by: bag)")
        } else if !isCell, let b = field(long) {
            let mapping = "CLLocation(latitude: \(expression(lat, "0")), longitude: \(Self.convert("$0", from: b.1, to: .double)))"
            bind.append("\(relay: b.0, mapping: mapping).bind(to: \(name).rx.location).disposed(by: bag)")
        } else if isCell, case .row? = lat ?? long {
            bind.append("\(name).location = CLLocation(latitude: \(expression(lat, "0")), longitude: \(expression(long, "0")))")
        }
        if let spanValue = part.property("span"), case .field(let f, let t) = source(spanValue), !isCell {
            let delta = Self.convert("$0", from: t, to: .double)
            bind.append("\(relay: f, mapping: "MKCoordinateSpan(latitudeDelta: \(delta), longitudeDelta: \(delta))").bind(to: \(name).rx.span).disposed(by: bag)")
        }
    }
}

/// The properties a card controller's parts take from their `id:`s, and the parts that are in
/// several states: a part written in the body of a card with two or more state blocks has one
/// instance per state, and its id names one property per state (`loadingHeader`). The checker
/// (E312, E313) derives the same names with `SwiftNames.partProperty(id:state:)`. Parts in `cell`
/// templates are the cell classes' (`ids(in:)`).
struct PartIDNames {
    private(set) var properties: Set<String> = []
    private(set) var partsInEveryState: Set<SourceSpan> = []

    init(_ card: CardView) {
        // Most cards have no id: one look at each part settles that.
        guard card.states.contains(where: { Self.containsID($0.parts) }) || card.overlays.contains(where: { Self.containsID($0.parts) })
                || card.footer.map({ Self.containsID($0.parts) }) == true else { return }
        var ids: [(span: SourceSpan, id: String, states: [String])] = []
        var index: [SourceSpan: Int] = [:]  // a part is the same part in every state it is in
        let hasStates = card.states.first?.span != nil
        func visit(_ part: PartView, state: String?) {
            if let id = part.id {
                if let known = index[part.span] {
                    if let state { ids[known].states.append(state) }
                } else {
                    index[part.span] = ids.count
                    ids.append((part.span, id, state.map { [$0] } ?? []))
                }
            }
            for child in part.children where child.kind != .cell { visit(child, state: state) }
        }
        for state in card.states { for part in state.parts { visit(part, state: hasStates ? state.name : nil) } }
        for overlay in card.overlays { for part in overlay.parts { visit(part, state: nil) } }
        if let footer = card.footer { for part in footer.parts { visit(part, state: nil) } }
        for (span, id, states) in ids {
            if states.count > 1 {
                partsInEveryState.insert(span)
                for state in states { properties.insert(SwiftNames.partProperty(id: id, state: state)) }
            } else {
                properties.insert(id)
            }
        }
    }

    /// Whether a part among `parts` or below them (cell templates included) has an id.
    private static func containsID(_ parts: PartList) -> Bool {
        parts.contains { $0.id != nil || containsID($0.children) }
    }

    /// The ids of the parts of a cell template, nested ones included.
    static func ids(in parts: PartList) -> Set<String> {
        var ids: Set<String> = []
        func visit(_ part: PartView) {
            if let id = part.id { ids.insert(id) }
            part.children.forEach(visit)
        }
        parts.forEach(visit)
        return ids
    }
}

extension PartView {
    /// The part's `id:`, when its author gave one (every part takes `id:` after its own
    /// parameters: `Catalog.partIDParameter`).
    var id: String? {
        guard let index = spec.idParameterIndex else { return nil }
        return arguments.ref(at: index)?.string
    }
}

extension SwiftCode.Interpolation {
    /// `viewModel.f` with a `.map { … }` converting a value of `type` for a member of `kind`
    /// when needed.
    mutating func appendInterpolation(relay name: String, from type: ValueType, to kind: MemberKind) {
        appendInterpolation(relay: name, mapping: PartEmitter.convert("$0", from: type, to: kind))
    }

    /// `viewModel.f.map { mapping }` (no map when `mapping` is `$0`).
    mutating func appendInterpolation(relay name: String, mapping: String) {
        appendLiteral("viewModel.")
        appendInterpolation(identifier: name)
        guard mapping != "$0" else { return }
        appendLiteral(".map { ")
        appendInterpolation(mapping)
        appendLiteral(" }")
    }

    /// `target.rx.member`, or for a nested member `target.label.rx.numberOfLines`.
    mutating func appendInterpolation(binder target: String, _ member: String) {
        appendInterpolation(target)
        guard let dot = member.utf8.lastIndex(of: UInt8(ascii: ".")) else {
            appendLiteral(".rx.")
            appendInterpolation(member)
            return
        }
        appendLiteral(".")
        appendInterpolation(member[..<dot])
        appendLiteral(".rx.")
        appendInterpolation(member[member.utf8.index(after: dot)...])
    }
}

/// A part's arguments as the Swift back end reads them.
private struct GivenArguments {
    let part: PartView

    /// The value the author wrote (nil when the catalog's default applies).
    func given(_ parameter: String) -> Value? { part.hasArgument(parameter) ? part.property(parameter) : nil }
    /// The value, written or defaulted.
    func resolved(_ parameter: String) -> Value? { part.property(parameter) }
    func enumType(_ parameter: String) -> EnumType? { part.spec.parameter(named: parameter)?.type.enumType }
    /// The value as a Swift enum case (`.none` when it is not a case).
    func enumLiteral(_ parameter: String) -> String {
        guard case .enumCase(let c, let args)? = resolved(parameter) else { return ".none" }
        return SwiftValues.enumCase(c, arguments: args, in: enumType(parameter))
    }
}

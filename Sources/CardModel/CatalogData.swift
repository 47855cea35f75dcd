// The catalog's entries: the language's vocabulary as data (docs/language.md §5–§9).
//
// Every name, type, enum case, default and range below follows docs/language.md. CardParts class,
// protocol and member names were checked against the CardParts sources
// (github.com/intuit/CardParts, `CardParts/src/Classes/`); where the two disagree, or where
// docs/language.md leaves a detail open, a comment says which way we went and why.
//
// To add a part: append one `PartSpec` to `nodes`. To add a trait, stack kind or theme property:
// append one entry to the matching array. Nothing else needs to change.

// MARK: - Enumerations used by parameters

extension EnumType {
    /// `text(style:)` — CardParts `CardPartTextType`.
    public static let textStyle = EnumType(
        name: "TextStyle", swiftType: "CardPartTextType",
        simpleCases: Catalog.textStyles.map(\.name))

    /// `text(alignment:)` — `NSTextAlignment`.
    public static let textAlignment = EnumType(
        name: "TextAlignment", swiftType: "NSTextAlignment",
        simpleCases: ["left", "center", "right", "justified"])

    /// `iconLabel(alignment:)` — the label's `NSTextAlignment`. docs/language.md does not list the
    /// cases; `CardPartIconLabel.drawText(in:)` only lays the icon out for left, right and center.
    public static let iconLabelAlignment = EnumType(
        name: "IconLabelAlignment", swiftType: "NSTextAlignment",
        simpleCases: ["left", "center", "right"])

    /// `iconLabel(iconPosition:)` — `CardPartIconLabel.HorizontalPosition`.
    public static let iconPosition = EnumType(
        name: "IconPosition", swiftType: "CardPartIconLabel.HorizontalPosition",
        simpleCases: ["left", "right"])

    /// `button(alignment:)` — `UIControl.ContentHorizontalAlignment`.
    public static let buttonAlignment = EnumType(
        name: "ButtonAlignment", swiftType: "UIControl.ContentHorizontalAlignment",
        simpleCases: ["center", "left", "right", "fill", "leading", "trailing"])

    /// `titleDescription(titlePosition:)` — `CardPartTitlePosition`.
    public static let titlePosition = EnumType(
        name: "TitlePosition", swiftType: "CardPartTitlePosition",
        simpleCases: ["top", "bottom"])

    /// `titleDescription(secondaryPosition:)` — `CardPartSecondaryTitleDescPosition`, whose
    /// centered case is spelled `.center(amount:)` in CardParts.
    public static let secondaryPosition = EnumType(
        name: "SecondaryPosition", swiftType: "CardPartSecondaryTitleDescPosition",
        cases: [
            EnumCase("right"),
            EnumCase("center", arguments: [EnumCaseArgument("offset", .double)], swiftName: "center(amount:)"),
        ])

    /// `vstack`/`hstack(alignment:)` — `UIStackView.Alignment`.
    public static let stackAlignment = EnumType(
        name: "StackAlignment", swiftType: "UIStackView.Alignment",
        simpleCases: ["fill", "leading", "top", "center", "trailing", "bottom", "firstBaseline", "lastBaseline"])

    /// `vstack`/`hstack(distribution:)` — `UIStackView.Distribution`.
    public static let stackDistribution = EnumType(
        name: "StackDistribution", swiftType: "UIStackView.Distribution",
        simpleCases: ["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering"])

    /// `table(style:)` — `UITableView.Style`.
    public static let tableStyle = EnumType(
        name: "TableStyle", swiftType: "UITableView.Style",
        simpleCases: ["plain", "grouped"])

    /// `collection(direction:)` — `UICollectionView.ScrollDirection`.
    public static let scrollDirection = EnumType(
        name: "ScrollDirection", swiftType: "UICollectionView.ScrollDirection",
        simpleCases: ["horizontal", "vertical"])

    /// `multiSlider(orientation:)` — `NSLayoutConstraint.Axis`, the type of
    /// `CardPartMultiSlider.orientation`.
    public static let axis = EnumType(
        name: "Axis", swiftType: "NSLayoutConstraint.Axis",
        simpleCases: ["horizontal", "vertical"])

    /// `textField(format:)` — `CardPartTextFieldFormat`.
    public static let textFieldFormat = EnumType(
        name: "TextFieldFormat", swiftType: "CardPartTextFieldFormat",
        cases: [
            EnumCase("none"),
            EnumCase("currency", arguments: [EnumCaseArgument("maxLength", .int, range: .atLeast(1))]),
            EnumCase("zipcode"),
            EnumCase("phone"),
            EnumCase("ssn"),
        ])

    /// `textField(keyboard:)` — `UIKeyboardType`; `.email` and `.phone` are the short spellings
    /// of `.emailAddress` and `.phonePad`.
    public static let keyboard = EnumType(
        name: "Keyboard", swiftType: "UIKeyboardType",
        cases: [
            EnumCase("default"),
            EnumCase("numberPad"),
            EnumCase("decimalPad"),
            EnumCase("email", swiftName: "emailAddress"),
            EnumCase("phone", swiftName: "phonePad"),
        ])

    /// `oriented(_:)` — CardParts `Orientation`.
    public static let orientation = EnumType(
        name: "Orientation", swiftType: "Orientation",
        simpleCases: ["top", "bottom"])

    /// `confetti(type:)` — CardParts `ConfettiType`. CardParts also has `.confetti` and
    /// `.image(UIImage)`; docs/language.md exposes only these three.
    public static let confettiType = EnumType(
        name: "ConfettiType", swiftType: "ConfettiType",
        simpleCases: ["diamond", "star", "mixed"])

    /// `map(type:)` — `MKMapType`.
    public static let mapType = EnumType(
        name: "MapType", swiftType: "MKMapType",
        simpleCases: ["standard", "satellite", "hybrid"])

    /// One element of `histogram(lines:)`; CardParts folds the list into
    /// `HistogramLine.lines(bottom:middle:top:)`.
    public static let histogramLine = EnumType(
        name: "HistogramLine", swiftType: "HistogramLine",
        simpleCases: ["bottom", "middle", "top"])

    /// A swipe direction: `overlay(_:)` and the card-level `swipe:` list — MGSwipeCards'
    /// `SwipeDirection`.
    public static let swipeDirection = EnumType(
        name: "SwipeDirection", swiftType: "SwipeDirection",
        simpleCases: ["left", "right", "up", "down"])

    /// A sheet position: `sheet` stack `initial:` and card `position:` — TGCardViewController's
    /// `TGCardPosition`.
    public static let sheetPosition = EnumType(
        name: "SheetPosition", swiftType: "TGCardPosition",
        simpleCases: ["collapsed", "peaking", "extended"])

    /// A collapsible stack's `initial:` — CardsStack's `CardsPosition` (`.Collapsed`, `.Expanded`).
    public static let collapsiblePosition = EnumType(
        name: "CollapsiblePosition", swiftType: "CardsPosition",
        cases: [EnumCase("collapsed", swiftName: "Collapsed"), EnumCase("expanded", swiftName: "Expanded")])

    /// `font(_:size:weight:)`'s weight — `UIFont.Weight`.
    public static let fontWeight = EnumType(
        name: "FontWeight", swiftType: "UIFont.Weight",
        simpleCases: FontWeight.allCases.map(\.rawValue))

    /// The family argument of `font(.system, …)`.
    public static let fontFamily = EnumType(
        name: "FontFamily", swiftType: "UIFont",
        simpleCases: ["system"])
}

// MARK: - Text styles (docs/language.md §7.1 `text(style:)`, §9)

extension Catalog {
    /// The `text(style:)` cases, in docs/language.md order, the default first: for each, the
    /// theme font and colour `CardPartTextView.setDefaultsForType` gives a label of that type.
    /// `title` and `header` are headings (`titleTextFont` is medium, `headerTextFont` black);
    /// `detail` and `small` are secondary (smaller than body text).
    public static let textStyles: [TextStyleSpec] = [
        TextStyleSpec("normal", font: "normalTextFont", color: "normalTextColor", prominence: .regular),
        TextStyleSpec("title", font: "titleTextFont", color: "titleTextColor", prominence: .heading),
        TextStyleSpec("detail", font: "detailTextFont", color: "detailTextColor", prominence: .secondary),
        TextStyleSpec("small", font: "smallTextFont", color: "smallTextColor", prominence: .secondary),
        TextStyleSpec("header", font: "headerTextFont", color: "headerTextColor", prominence: .heading),
    ]
}

// MARK: - Parts and structural nodes (docs/language.md §7.1, §5)

extension Catalog {
    /// Every node that may appear in a card body: the CardParts parts in docs/language.md §7.1 order,
    /// then the structural nodes. `cell` is listed with the parts' table in docs/language.md but is a
    /// structural node here: it has no class of its own and only lives inside `table`/`collection`.
    public static let nodes: [PartSpec] = [
        PartSpec(
            .text, cardPartsClass: "CardPartTextView",
            doc: "A single text string that wraps to multiple lines, styled by the theme.",
            parameters: [
                Parameter("text", .string, positional: true, required: true, doc: "The text shown."),
                Parameter("style", .enumeration(.textStyle), default: .enumCase(Catalog.defaultTextStyle.name),
                          doc: "The theme text style that sets the default font and color."),
                Parameter("color", .color, aliases: ["foregroundColor", "foregroundStyle", "textColor"],
                          doc: "The text color; overrides the style's color."),
                Parameter("font", .font, doc: "The font; overrides the style's font."),
                Parameter("alignment", .enumeration(.textAlignment), default: .enumCase("left"),
                          doc: "The horizontal text alignment."),
                // `lines` maps to the label's `numberOfLines`, where 0 means unlimited (the
                // CardParts default).
                Parameter("lines", .int, default: .int(0), range: .nonNegative,
                          doc: "The maximum number of lines; 0 means no limit."),
            ],
            texts: [DrawnText("text", color: DrawnColor(parameter: "color"), font: "normalTextFont", fontParameter: "font",
                              styleParameter: "style")]),
        PartSpec(
            .attributedText, cardPartsClass: "CardPartAttributedTextView",
            doc: "Rich text with optional links and one embedded image the text wraps around.",
            parameters: [
                Parameter("text", .string, positional: true, required: true, doc: "The text shown."),
                Parameter("editable", .bool, default: .bool(false), doc: "Whether the user may edit the text."),
                Parameter("links", .bool, default: .bool(false),
                          doc: "Whether URLs, phone numbers and the like are detected as links."),
            ],
            // The only child CardParts supports is `textViewImage`, the image the text wraps
            // around; so children are images, at most one (E406 at the second).
            children: .onlyKinds(["image"], minimum: 0),
            childLimits: [KindLimit(kind: "image", maximum: 1)],
            texts: [DrawnText("text", color: .theme("normalTextColor"), font: "normalTextFont")]),
        PartSpec(
            .image, cardPartsClass: "CardPartImageView",
            doc: "An image from the app's asset catalog.",
            parameters: [
                Parameter("name", .string, positional: true, required: true, doc: "The asset name of the image."),
                Parameter("tint", .color, doc: "The tint color applied to a template image."),
                Parameter("height", .double, range: .nonNegative, doc: "A fixed height in points."),
                Parameter("accessibilityLabel", .string,
                          doc: "What VoiceOver reads for the image (docs/language.md §7.4)."),
                Parameter("decorative", .bool, default: .bool(false),
                          doc: "Whether the image only decorates: VoiceOver skips it."),
            ],
            // VoiceOver reads an image only through its label: one without a label that is not
            // marked decorative is W1002.
            rules: [.warnWhenUnlabelled(label: "accessibilityLabel", decorative: "decorative")]),
        PartSpec(
            .button, cardPartsClass: "CardPartButtonView",
            doc: "A button with a title that runs an action when tapped.",
            parameters: [
                Parameter("title", .string, positional: true, required: true, doc: "The button title."),
                Parameter("action", .action, aliases: ["onTap", "onPress", "onClick", "tap", "tapAction", "handler"],
                          doc: "The action run on tap."),
                // CardPartButtonView sets `contentHorizontalAlignment = .left` in its initializer.
                Parameter("alignment", .enumeration(.buttonAlignment), default: .enumCase("left"),
                          doc: "The horizontal alignment of the title."),
            ],
            // Its whole frame takes the tap: under 44 × 44 points laid out it is W1003.
            isTapTarget: true,
            // CardPartButtonView is its title: no frame is drawn, so the title is what W1001 reads.
            texts: [DrawnText("title", color: .theme("buttonTitleColor"), font: "buttonTitleFont")],
            rules: [.warnWhenAbsent("action")]),
        PartSpec(
            .title, cardPartsClass: "CardPartTitleView",
            doc: "The card's title line, optionally with a menu button.",
            parameters: [
                Parameter("text", .string, positional: true, required: true, doc: "The title text."),
                Parameter("menu", .list(.string), doc: "Menu options shown when the menu button is tapped."),
                Parameter("onMenu", .action, doc: "The action run with the chosen menu option."),
            ],
            // `CardPartTitleView(type: .titleWithMenu)` when `menu` is given, else `.titleOnly`.
            texts: [DrawnText("text", color: .theme("titleColor"), font: "titleFont")],
            rules: [.requiredWhenPresent(required: "onMenu", trigger: "menu")]),
        PartSpec(
            .titleDescription, cardPartsClass: "CardPartTitleDescriptionView",
            doc: "Left and right title/description pairs on one row.",
            parameters: [
                Parameter("leftTitle", .string, doc: "The left title."),
                Parameter("leftDescription", .string, doc: "The left description."),
                Parameter("rightTitle", .string, doc: "The right title."),
                Parameter("rightDescription", .string, doc: "The right description."),
                Parameter("titlePosition", .enumeration(.titlePosition), default: .enumCase("top"),
                          doc: "Whether titles sit above or below their descriptions."),
                // No default: CardParts takes the theme's `secondaryTitlePosition`
                // (Mint `.right`, Turbo `.center(amount: 0)`).
                Parameter("secondaryPosition", .enumeration(.secondaryPosition),
                          doc: "Where the right pair sits: right-aligned, or centered with an offset (theme default)."),
            ],
            // Titles in the normal text style, descriptions in the detail style.
            texts: [
                DrawnText("leftTitle", color: .theme("normalTextColor"), font: "normalTextFont", when: .argument("leftTitle")),
                DrawnText("leftDescription", color: .theme("detailTextColor"), font: "detailTextFont", when: .argument("leftDescription")),
                DrawnText("rightTitle", color: .theme("normalTextColor"), font: "normalTextFont", when: .argument("rightTitle")),
                DrawnText("rightDescription", color: .theme("detailTextColor"), font: "detailTextFont", when: .argument("rightDescription")),
            ]),
        PartSpec(
            .pill, cardPartsClass: "CardPartPillLabel",
            doc: "A short label in a rounded pill.",
            parameters: [
                Parameter("text", .string, positional: true, required: true, doc: "The label text."),
                Parameter("verticalPadding", .double, default: .double(2), range: .nonNegative,
                          doc: "Padding above and below the text."),
                Parameter("horizontalPadding", .double, default: .double(2), range: .nonNegative,
                          doc: "Padding left and right of the text."),
            ],
            // The title text colour in the normal font, on a pill of the separator colour.
            texts: [DrawnText("text", color: .theme("titleTextColor"), font: "normalTextFont", on: .theme("separatorColor"))]),
        PartSpec(
            .iconLabel, cardPartsClass: "CardPartIconLabel",
            doc: "A label with an icon beside its text.",
            parameters: [
                Parameter("text", .string, positional: true, required: true, doc: "The label text."),
                Parameter("icon", .string, required: true, doc: "The asset name of the icon."),
                // CardParts' `iconPosition` is a (horizontal, vertical) pair; the language
                // exposes the horizontal half, the vertical half stays `.top`.
                Parameter("iconPosition", .enumeration(.iconPosition), default: .enumCase("left"),
                          doc: "Which side of the text the icon sits on."),
                Parameter("alignment", .enumeration(.iconLabelAlignment), default: .enumCase("left"),
                          doc: "The text alignment, which also places the icon."),
                Parameter("iconPadding", .double, default: .double(0), range: .nonNegative,
                          doc: "Extra space between the icon and the text, in points."),
                // CardPartIconLabel is one label: its icon is never read on its own, so it takes
                // no `decorative:`; a label replaces what VoiceOver reads, by default the text.
                Parameter("accessibilityLabel", .string,
                          doc: "What VoiceOver reads for the icon and text together; the text by default (docs/language.md §7.4)."),
            ],
            texts: [DrawnText("text", color: .theme("normalTextColor"), font: "normalTextFont")]),
        PartSpec(
            .separator, cardPartsClass: "CardPartSeparatorView",
            doc: "A thin horizontal line in the theme's separator color."),
        PartSpec(
            .verticalSeparator, cardPartsClass: "CardPartVerticalSeparatorView",
            doc: "A thin vertical line, for use between parts laid out horizontally.",
            needsHorizontalContext: true),
        PartSpec(
            .vstack, cardPartsClass: "CardPartStackView",
            doc: "Parts stacked vertically.",
            parameters: stackParameters,
            children: .anyParts(minimum: 1, warnIfEmpty: true),
            presets: [Preset("axis", ".vertical")]),
        PartSpec(
            .hstack, cardPartsClass: "CardPartStackView",
            doc: "Parts laid out side by side.",
            parameters: stackParameters,
            children: .anyParts(minimum: 1, warnIfEmpty: true),
            providesHorizontalContext: true,
            presets: [Preset("axis", ".horizontal")]),
        PartSpec(
            .table, cardPartsClass: "CardPartTableView",
            doc: "A list of rows bound to a model list, with an optional cell template.",
            parameters: [
                Parameter("rows", .list(.openRecord), required: true, bindingRequired: true,
                          doc: "The rows: a binding to a model list of records."),
                Parameter("style", .enumeration(.tableStyle), default: .enumCase("plain"),
                          doc: "The table style."),
                Parameter("onSelect", .action, doc: "The action run when a row is selected."),
            ],
            children: .cellTemplate(required: false),
            // CardPartTableViewCell: titles in the normal text style, descriptions in the detail style.
            texts: [
                DrawnText("leftTitle", color: .theme("normalTextColor"), font: "normalTextFont", when: .defaultRows),
                DrawnText("leftDescription", color: .theme("detailTextColor"), font: "detailTextFont", when: .defaultRows),
                DrawnText("rightTitle", color: .theme("normalTextColor"), font: "normalTextFont", when: .defaultRows),
                DrawnText("rightDescription", color: .theme("detailTextColor"), font: "detailTextFont", when: .defaultRows),
            ],
            // Without a `cell`, rows render in CardParts' `CardPartTableViewCell`.
            defaultRowFields: ["leftTitle", "leftDescription", "rightTitle", "rightDescription"]),
        PartSpec(
            .collection, cardPartsClass: "CardPartCollectionView",
            doc: "A scrolling grid of items bound to a model list, drawn with one cell template.",
            parameters: [
                Parameter("items", .list(.openRecord), required: true, bindingRequired: true,
                          doc: "The items: a binding to a model list of records."),
                Parameter("direction", .enumeration(.scrollDirection), default: .enumCase("horizontal"),
                          doc: "The scroll direction of the flow layout."),
                Parameter("itemSize", .size, doc: "The size of every item."),
                Parameter("spacing", .double, range: .nonNegative, doc: "Spacing between items and lines."),
            ],
            children: .cellTemplate(required: true)),
        PartSpec(
            .bar, cardPartsClass: "CardPartBarView",
            doc: "A horizontal bar filled to a percentage.",
            parameters: [
                Parameter("percent", .double, required: true, range: .unitInterval,
                          doc: "How full the bar is, from 0 to 1."),
                Parameter("color", .color, doc: "The fill color (theme `barColor` by default)."),
            ],
            // The catalog's themes have no bar colour: the button title colour, the accent, stands in.
            graphics: [DrawnGraphic("fill", color: DrawnColor(parameter: "color", themeProperty: "buttonTitleColor"))]),
        PartSpec(
            .paged, cardPartsClass: "CardPartPagedView",
            doc: "Horizontally paged stacks with a page control.",
            parameters: [
                Parameter("height", .double, required: true, range: .nonNegative, doc: "The height of each page."),
                Parameter("onPage", .action, doc: "The action run when the page changes."),
            ],
            // `CardPartPagedView(withPages: [CardPartStackView], andHeight:)`.
            children: .onlyKinds(["vstack", "hstack"], minimum: 1)),
        PartSpec(
            .slider, cardPartsClass: "CardPartSliderView",
            doc: "A slider whose value may be bound two-way.",
            parameters: [
                Parameter("value", .double, required: true, twoWay: true,
                          doc: "The current value; a binding is updated as the user drags."),
                Parameter("min", .double, default: .double(0), doc: "The minimum value."),
                Parameter("max", .double, default: .double(1), doc: "The maximum value."),
            ],
            // UISlider's filled track, in the system tint.
            graphics: [DrawnGraphic("track", color: DrawnColor(fixed: Catalog.systemBlue))],
            rules: [.lessThan(lower: "min", upper: "max")]),
        PartSpec(
            .multiSlider, cardPartsClass: "CardPartMultiSliderView",
            doc: "A slider with several thumbs.",
            parameters: [
                Parameter("values", .list(.double), required: true, doc: "The thumb values."),
                Parameter("min", .double, default: .double(0), doc: "The minimum value."),
                Parameter("max", .double, default: .double(1), doc: "The maximum value."),
                Parameter("trackWidth", .double, default: .double(2), range: .nonNegative,
                          doc: "The width of the track."),
                Parameter("tint", .color, doc: "The track and thumb tint."),
                Parameter("outerTrack", .color, doc: "The track color outside the first and last thumbs."),
                // CardParts' own default is `.vertical`; a slider across a card is what a card
                // author means, so the language defaults to `.horizontal` and the Swift back end
                // always sets `orientation` explicitly.
                Parameter("orientation", .enumeration(.axis), default: .enumCase("horizontal"),
                          doc: "The slider's axis."),
            ],
            graphics: [DrawnGraphic("tint", color: DrawnColor(parameter: "tint", fixed: Catalog.systemBlue))],
            // Not stated for multiSlider in docs/language.md, but the same rule as `slider` applies.
            rules: [.lessThan(lower: "min", upper: "max")]),
        PartSpec(
            .spacer, cardPartsClass: "CardPartSpacerView",
            doc: "Empty vertical space of a fixed height.",
            parameters: [
                Parameter("height", .double, required: true, range: .nonNegative, doc: "The height in points."),
            ]),
        PartSpec(
            .textField, cardPartsClass: "CardPartTextField",
            doc: "A text field whose text may be bound two-way, with optional formatting.",
            parameters: [
                Parameter("text", .string, twoWay: true, doc: "The text; a binding is updated as the user types."),
                Parameter("format", .enumeration(.textFieldFormat), default: .enumCase("none"),
                          doc: "The input format."),
                Parameter("placeholder", .string, doc: "The placeholder shown when empty."),
                Parameter("keyboard", .enumeration(.keyboard), default: .enumCase("default"),
                          doc: "The keyboard type."),
            ]),
        PartSpec(
            .centered, cardPartsClass: "CardPartCenteredView",
            doc: "A centered part with a left and a right part that scale around it.",
            children: .exactlyParts(3),
            childRoles: ["left", "center", "right"],
            providesHorizontalContext: true),
        PartSpec(
            .oriented, cardPartsClass: "CardPartOrientedView",
            doc: "Parts pushed towards the top or the bottom of the available space.",
            parameters: [
                Parameter("orientation", .enumeration(.orientation), positional: true, required: true,
                          doc: "Whether the parts gather at the top or the bottom."),
            ],
            children: .anyParts(minimum: 1, warnIfEmpty: true)),
        PartSpec(
            .confetti, cardPartsClass: "CardPartConfettiView",
            doc: "A confetti particle animation.",
            parameters: [
                Parameter("type", .enumeration(.confettiType), default: .enumCase("star"),
                          doc: "The particle shape."),
                Parameter("colors", .list(.color),
                          default: .list([.namedColor("red"), .namedColor("green"), .namedColor("blue")]),
                          doc: "The particle colors."),
                Parameter("intensity", .double, default: .double(0.5), range: .unitInterval,
                          doc: "The emission intensity, from 0 to 1."),
            ]),
        PartSpec(
            .progressBar, cardPartsClass: "CardPartProgressBarView",
            doc: "A segmented progress bar with a marker at the current value.",
            parameters: [
                Parameter("values", .list(.double), required: true, doc: "The segment values."),
                // docs/language.md requires as many colors as values (E806). CardParts itself asserts
                // `barValues.count == barColors.count + 1` (values are segment boundaries); the
                // Swift back end reconciles the two.
                Parameter("colors", .list(.color), required: true, doc: "One color per value."),
                Parameter("current", .double, doc: "The value the marker points at."),
                Parameter("marker", .string, doc: "The marker's label."),
                Parameter("showValues", .bool, default: .bool(false), doc: "Whether values are shown under the bar."),
                Parameter("cornerRadius", .double, range: .nonNegative, doc: "The bar's corner radius."),
            ],
            // The marker's label in the small font and the normal text colour, the values in the small style.
            texts: [
                DrawnText("marker", color: .theme("normalTextColor"), font: "smallTextFont", when: .eitherArgument("marker", "current")),
                DrawnText("values", color: .theme("smallTextColor"), font: "smallTextFont", when: .flag("showValues")),
            ],
            graphics: [DrawnGraphic("segment", color: DrawnColor(parameter: "colors"))],
            rules: [.sameCount("values", "colors")]),
        PartSpec(
            .map, cardPartsClass: "CardPartMapView",
            doc: "A map centred on a coordinate.",
            parameters: [
                Parameter("latitude", .double, required: true, range: .closed(-90, 90), doc: "The latitude in degrees."),
                Parameter("longitude", .double, required: true, range: .closed(-180, 180),
                          doc: "The longitude in degrees."),
                Parameter("type", .enumeration(.mapType), default: .enumCase("standard"), doc: "The map type."),
                // CardPartMapView's default span is 1° in both directions.
                Parameter("span", .double, default: .double(1), doc: "The visible span in degrees."),
                Parameter("height", .double, default: .double(300), range: .nonNegative, doc: "The map height."),
            ]),
        PartSpec(
            .radio, cardPartsClass: "CardPartRadioButton",
            doc: "A radio button.",
            parameters: [
                Parameter("selected", .bool, default: .bool(false), doc: "Whether the button is selected."),
                Parameter("outerColor", .color, doc: "The ring color (system blue by default)."),
                Parameter("innerColor", .color, doc: "The fill color when selected (system blue by default)."),
                Parameter("lineWidth", .double, default: .double(3), range: .nonNegative,
                          doc: "The ring's line width."),
                Parameter("action", .action, doc: "The action run on tap."),
            ],
            isTapTarget: true,
            // The ring is the button's frame: what shows where it is.
            graphics: [DrawnGraphic("ring", color: DrawnColor(parameter: "outerColor", fixed: Catalog.systemBlue))]),
        PartSpec(
            .histogram, cardPartsClass: "CardPartHistogramView",
            doc: "A bar chart of values.",
            parameters: [
                Parameter("entries", .list(.double), required: true, doc: "The bar heights, from 0 to 1."),
                // the language reference's defaults (CardParts' own are 20 and 10).
                Parameter("width", .double, default: .double(8), range: .nonNegative, doc: "The width of each bar."),
                Parameter("spacing", .double, default: .double(8), range: .nonNegative, doc: "The space between bars."),
                Parameter("lines", .list(.enumeration(.histogramLine)),
                          default: .list([.enumCase("bottom"), .enumCase("middle"), .enumCase("top")]),
                          doc: "Which horizontal guide lines to draw."),
            ],
            graphics: [DrawnGraphic("bars", color: .theme("buttonTitleColor"))]),

        // Structural nodes: not parts, but checked by the same machinery.
        PartSpec(
            .cell, category: .structural, cardPartsClass: "CardPartTableViewCardPartsCell",
            doc: "The row template of a table or collection; `$item.field` refers to the row.",
            // In a `collection` the cell is a `CardPartCollectionViewCardPartsCell`.
            children: .anyParts(minimum: 1, warnIfEmpty: true),
            placement: .directlyInside(["table", "collection"])),
        PartSpec(
            .overlay, category: .structural, cardPartsClass: nil,
            doc: "Parts shown over a swipe card while it is dragged in one direction (MGSwipeCard overlay).",
            parameters: [
                Parameter("direction", .enumeration(.swipeDirection), positional: true, required: true,
                          doc: "The swipe direction that reveals the overlay."),
            ],
            children: .anyParts(minimum: 1, warnIfEmpty: true),
            placement: .cardLevel(allowedInState: false),
            swipeOnly: true,
            uniqueBy: "direction"),
        PartSpec(
            .footer, category: .structural, cardPartsClass: nil,
            doc: "Parts pinned to the bottom of a swipe card (MGSwipeCard footer).",
            parameters: [
                Parameter("height", .double, default: .double(100), range: .nonNegative, doc: "The footer height."),
                Parameter("transparent", .bool, default: .bool(false),
                          doc: "Whether the card content shows through the footer."),
            ],
            children: .anyParts(minimum: 1, warnIfEmpty: true),
            placement: .cardLevel(allowedInState: false),
            swipeOnly: true,
            maximumPerCard: 1),
        PartSpec(
            .model, category: .structural, cardPartsClass: nil,
            doc: "The card's view-model fields and their default values.",
            children: .modelFields,
            placement: .cardLevel(allowedInState: false),
            maximumPerCard: 1),
    ]

    /// `id:`, which every part takes: a stable name for the part in the code generated from it
    /// (the Swift back end names the part's property after it). Checked by the card checker:
    /// an identifier (E313), unique in its card (E313), clear of the generated code's names (E312).
    public static let partIDParameter = Parameter(
        "id", .string, bindable: false,
        doc: "A stable name for the part: the generated Swift names the part's property after it.")

    /// `margins:`, which every part takes: CardParts' `CardPartView.margins`, the space
    /// `setupCardParts` leaves around a part directly in a card. Without it a part has its
    /// kind's theme margins (`Catalog.themeMargins(of:)`); inside a stack it has no effect, as
    /// a `UIStackView` ignores its arranged views' margins.
    public static let partMarginsParameter = Parameter(
        "margins", .insets, range: .nonNegative, bindable: false,
        doc: "The space around the part when it is directly in a card (the theme's margins for its kind by default).")

    /// The arguments every part takes after its own, in order.
    public static let sharedPartParameters: [Parameter] = [partIDParameter, partMarginsParameter]

    /// The theme property holding the default `margins` of a part of `kind`, or nil for a part
    /// CardParts gives no margins (`spacer`: `UIEdgeInsets.zero`) and for structural nodes.
    /// From each part view's `margins` initial value in CardParts 4.0.
    public static func themeMargins(of kind: PartKind) -> String? {
        switch kind {
        case .title: "titleViewMargins"
        case .table, .collection: "tableViewMargins"
        case .separator: "horizontalSeparatorMargins"
        case .spacer, .cell, .overlay, .footer, .model: nil
        default: "cardPartMargins"
        }
    }

    /// The arguments shared by `vstack` and `hstack` (`CardPartStackView`).
    package static let stackParameters: [Parameter] = [
        Parameter("spacing", .double, default: .double(0), range: .nonNegative, doc: "Space between the parts."),
        Parameter("alignment", .enumeration(.stackAlignment), default: .enumCase("fill"),
                  doc: "How parts are aligned across the stack's axis."),
        Parameter("distribution", .enumeration(.stackDistribution), default: .enumCase("fill"),
                  doc: "How parts share the space along the axis."),
        // CardPartStackView's default `cornerRadius` is 4; it only shows with a `background`.
        Parameter("cornerRadius", .double, default: .double(4), range: .nonNegative,
                  doc: "The corner radius of the background."),
        Parameter("background", .color, doc: "A background color behind the parts."),
    ]
}

// MARK: - Traits (docs/language.md §7.2)

extension Catalog {
    /// The stack kinds that do not show their cards as cells of CardParts' `CardsViewController`,
    /// where the traits only `CardsViewController` and `CardCell` read have no effect.
    private static let nonListStackKinds = ["fullScreen", "collapsible", "swipe", "sheet"]

    /// Every trait. Protocol member names and return types are copied from CardParts'
    /// `CardController.swift` and `CardVisibilityDelegate.swift`.
    public static let traits: [TraitSpec] = [
        TraitSpec(
            "noTopBottomMargins", cardPartsProtocol: "NoTopBottomMarginsCardTrait",
            doc: "Removes the card cell's top and bottom margins.",
            impliedMembers: [
                SwiftMember("requiresNoTopBottomMargins()", declaration: "func requiresNoTopBottomMargins() -> Bool",
                            returnType: "Bool", hasDefault: true),
            ],
            // Only CardParts' list cells have top and bottom margins (`CardCell`).
            ineffectiveInStackKinds: nonListStackKinds),
        TraitSpec(
            "transparent", cardPartsProtocol: "TransparentCardTrait",
            doc: "Clears the card's background and its default edge and shadow; `border`, `shadow` and `gradient` still draw on it.",
            impliedMembers: [
                SwiftMember("requiresTransparentCard()", declaration: "func requiresTransparentCard() -> Bool",
                            returnType: "Bool", hasDefault: true),
            ]),
        TraitSpec(
            "editable", cardPartsProtocol: "EditableCardTrait",
            doc: "Shows an edit button on the card that runs an action.",
            requirements: [
                TraitRequirement(
                    Parameter("onEdit", .action, required: true, doc: "The action run when the edit button is tapped."),
                    member: SwiftMember("onEditButtonTap()", declaration: "func onEditButtonTap()", returnType: "Void"),
                    placeholder: .reference("editCard")),
            ],
            impliedMembers: [
                SwiftMember("isEditable()", declaration: "func isEditable() -> Bool", returnType: "Bool", hasDefault: true),
            ],
            // `CardsViewController` adds the edit button; the other stacks have none.
            ineffectiveInStackKinds: nonListStackKinds),
        TraitSpec(
            "hidden", cardPartsProtocol: "HiddenCardTrait",
            doc: "Hides or shows the card as an observable Bool changes.",
            requirements: [
                TraitRequirement(
                    Parameter("isHidden", .bool, required: true, bindingRequired: true,
                              doc: "A binding to a model Bool; the card is hidden while it is true."),
                    member: SwiftMember("isHidden", declaration: "var isHidden: BehaviorRelay<Bool> { get }",
                                        returnType: "BehaviorRelay<Bool>"),
                    placeholder: .binding("isHidden")),
            ],
            // `CardsViewController` hides the cell; the other stacks show the card.
            ineffectiveInStackKinds: nonListStackKinds),
        TraitSpec(
            "shadow", cardPartsProtocol: "ShadowCardTrait",
            doc: "Draws a shadow under the card.",
            requirements: [
                TraitRequirement(
                    Parameter("color", .color, required: true, doc: "The shadow color."),
                    member: SwiftMember("shadowColor()", declaration: "func shadowColor() -> CGColor",
                                        returnType: "CGColor", hasDefault: true),
                    placeholder: .namedColor("lightGray")),
                TraitRequirement(
                    Parameter("radius", .double, required: true, range: .nonNegative, doc: "The blur radius."),
                    member: SwiftMember("shadowRadius()", declaration: "func shadowRadius() -> CGFloat",
                                        returnType: "CGFloat", hasDefault: true),
                    placeholder: .int(10)),
                TraitRequirement(
                    Parameter("opacity", .double, required: true, range: .unitInterval, doc: "The opacity, from 0 to 1."),
                    member: SwiftMember("shadowOpacity()", declaration: "func shadowOpacity() -> Float",
                                        returnType: "Float", hasDefault: true),
                    placeholder: .double(0.5)),
                TraitRequirement(
                    Parameter("offset", .size, required: true, doc: "The shadow's offset."),
                    member: SwiftMember("shadowOffset()", declaration: "func shadowOffset() -> CGSize",
                                        returnType: "CGSize", hasDefault: true),
                    placeholder: .size(width: 0, height: 0)),
            ],
            isLayerShadow: true),
        TraitSpec(
            "rounded", cardPartsProtocol: "RoundedCardTrait",
            doc: "Rounds the card's corners.",
            requirements: [
                TraitRequirement(
                    Parameter("radius", .double, required: true, range: .nonNegative, doc: "The corner radius."),
                    member: SwiftMember("cornerRadius()", declaration: "func cornerRadius() -> CGFloat",
                                        returnType: "CGFloat", hasDefault: true),
                    placeholder: .int(10)),
            ]),
        TraitSpec(
            "gradient", cardPartsProtocol: "GradientCardTrait",
            doc: "Fills the card background with a linear gradient.",
            requirements: [
                TraitRequirement(
                    Parameter("colors", .list(.color), required: true, minimumCount: 2,
                              doc: "The gradient colors, at least two."),
                    member: SwiftMember("gradientColors()", declaration: "func gradientColors() -> [UIColor]",
                                        returnType: "[UIColor]"),
                    placeholder: .list([.namedColor("white"), .namedColor("lightGray")])),
                TraitRequirement(
                    Parameter("angle", .double, default: .double(0), doc: "The gradient angle in degrees."),
                    member: SwiftMember("gradientAngle()", declaration: "@objc optional func gradientAngle() -> Float",
                                        returnType: "Float", isOptional: true),
                    placeholder: .int(0)),
            ],
            fillsCard: true, removes: ["border"]),
        TraitSpec(
            "border", cardPartsProtocol: "BorderCardTrait",
            doc: "Draws a border around the card.",
            requirements: [
                TraitRequirement(
                    Parameter("width", .double, required: true, range: .nonNegative, doc: "The border width."),
                    member: SwiftMember("borderWidth()", declaration: "func borderWidth() -> CGFloat",
                                        returnType: "CGFloat", hasDefault: true),
                    placeholder: .double(0.5)),
                TraitRequirement(
                    Parameter("color", .color, required: true, doc: "The border color."),
                    member: SwiftMember("borderColor()", declaration: "func borderColor() -> CGColor",
                                        returnType: "CGColor", hasDefault: true),
                    placeholder: .namedColor("lightGray")),
            ]),
        TraitSpec(
            "customMargin", cardPartsProtocol: "CustomMarginCardTrait",
            doc: "Overrides the card's horizontal margin in a list.",
            requirements: [
                TraitRequirement(
                    Parameter("margin", .double, labelOptional: true, required: true, range: .nonNegative,
                              doc: "The margin in points; the label may be omitted."),
                    member: SwiftMember("customMargin()", declaration: "func customMargin() -> CGFloat",
                                        returnType: "CGFloat"),
                    placeholder: .int(12)),
            ],
            // Only `CardsViewController` reads it: a full-screen card is the screen's width, the
            // other stacks size their cards themselves.
            ineffectiveInStackKinds: nonListStackKinds),
        TraitSpec(
            "longPress", cardPartsProtocol: "CardPartsLongPressGestureRecognizerDelegate",
            doc: "Runs an action when the card is long-pressed.",
            requirements: [
                TraitRequirement(
                    Parameter("action", .action, required: true, doc: "The action run on a long press."),
                    member: SwiftMember("didLongPress(_:)",
                                        declaration: "@objc func didLongPress(_ gesture: UILongPressGestureRecognizer) -> Void",
                                        returnType: "Void"),
                    placeholder: .reference("longPressed")),
                TraitRequirement(
                    Parameter("minimumDuration", .double, default: .double(1.0), range: .greaterThan(0),
                              doc: "How long the press must last, in seconds."),
                    member: SwiftMember("minimumPressDuration",
                                        declaration: "var minimumPressDuration: CFTimeInterval { get }",
                                        returnType: "CFTimeInterval", hasDefault: true),
                    placeholder: .double(1.0)),
            ]),
        TraitSpec(
            "visibility", cardPartsProtocol: "CardVisibilityDelegate",
            doc: "Runs an action as the card's visible ratio changes while scrolling.",
            requirements: [
                TraitRequirement(
                    Parameter("action", .action, required: true, doc: "The action run when visibility changes."),
                    // The current CardParts signature; older releases had `cardVisibility(percentVisible:)`.
                    member: SwiftMember("cardVisibility(cardVisibilityRatio:containerCoverageRatio:)",
                                        declaration: "@objc optional func cardVisibility(cardVisibilityRatio: CGFloat, containerCoverageRatio: CGFloat)",
                                        returnType: "Void", isOptional: true),
                    placeholder: .reference("visibilityChanged")),
            ]),
    ]
}

// MARK: - Stack kinds (docs/language.md §6)

extension Catalog {
    /// `theme: Name`, accepted by every stack kind.
    package static let themeBodyProperty = Parameter(
        "theme", .themeRef, default: .reference(defaultThemeName), doc: "The theme the stack's cards use.")

    /// Every stack kind.
    public static let stackKinds: [StackKindSpec] = [
        StackKindSpec(
            "list", seedSystem: "CardParts", seedClass: "CardsViewController", swiftTypeSuffix: "CardsViewController",
            doc: "Cards one under another in a scrolling list.",
            bodyProperties: [
                themeBodyProperty,
                // No literal default: the theme's `cardCellMargins`.
                Parameter("margins", .insets, range: .nonNegative, doc: "The margins around each card (theme `cardCellMargins` by default)."),
            ],
            geometry: .list, layoutPositions: ["list"]),
        StackKindSpec(
            "fullScreen", seedSystem: "CardParts", seedClass: "CardPartsFullScreenViewController", swiftTypeSuffix: "FullScreenViewController",
            doc: "One card filling the screen.",
            bodyProperties: [themeBodyProperty],
            cardCount: .exactly(1),
            geometry: .list, layoutPositions: ["list"]),
        StackKindSpec(
            // CardsStack's `CardStack`, configured with its `Configuration` struct.
            "collapsible", seedSystem: "CardsStack", seedClass: "CardStack", swiftTypeSuffix: "StackViewController",
            doc: "A wallet-style stack that collapses cards into overlapping headers.",
            arguments: [
                Parameter("cardOffset", .double, default: .int(40), range: .nonNegative, doc: "The visible part of each card when collapsed."),
                Parameter("collapsedHeight", .double, default: .int(200), range: .nonNegative,
                          doc: "The stack's height when collapsed."),
                Parameter("expandedHeight", .double, default: .int(500), range: .nonNegative,
                          doc: "The stack's height when expanded."),
                Parameter("cardHeight", .double, default: .int(200), range: .nonNegative, doc: "The height of every card."),
                Parameter("downwardThreshold", .double, default: .int(20), range: .nonNegative, doc: "The drag distance that expands the stack."),
                Parameter("upwardThreshold", .double, default: .int(20), range: .nonNegative, doc: "The drag distance that collapses the stack."),
                Parameter("leftSpacing", .double, default: .int(8), range: .nonNegative, doc: "Space left of the cards."),
                Parameter("rightSpacing", .double, default: .int(8), range: .nonNegative, doc: "Space right of the cards."),
                Parameter("verticalSpacing", .double, default: .int(8), range: .nonNegative,
                          doc: "Space between expanded cards."),
            ],
            bodyProperties: [
                themeBodyProperty,
                Parameter("initial", .enumeration(.collapsiblePosition), default: .enumCase("collapsed"),
                          doc: "The position the stack starts in."),
            ],
            geometry: .collapsible, layoutPositions: ["collapsed", "expanded"],
            rules: [.lessThan(lower: "collapsedHeight", upper: "expandedHeight")]),
        StackKindSpec(
            "swipe", seedSystem: "MGSwipeCards", seedClass: "MGCardStackView", swiftTypeSuffix: "SwipeViewController",
            doc: "A Tinder-style deck of cards swiped away one at a time.",
            arguments: [
                Parameter("visibleCards", .int, default: .int(2), range: .atLeast(1),
                          doc: "How many cards are drawn at once."),
                Parameter("insets", .insets, default: .insets(10), range: .nonNegative, doc: "The insets of the cards within the stack."),
                Parameter("minimumSwipeSpeed", .double, default: .int(1100), range: .nonNegative,
                          doc: "The speed, in points per second, that triggers a swipe."),
                Parameter("minimumSwipeMargin", .double, default: .double(0.5), range: .unitInterval,
                          doc: "The drag distance, as a fraction of the card, that triggers a swipe."),
                Parameter("maximumRotation", .double, default: .int(18), range: .closed(0, 180), doc: "The maximum card rotation in degrees."),
            ],
            bodyProperties: [
                themeBodyProperty,
                Parameter("onSwipe", .action, doc: "The action run when a card is swiped."),
                Parameter("onSwipedAll", .action, doc: "The action run when the last card is swiped."),
                Parameter("onUndo", .action, doc: "The action run when a swipe is undone."),
                Parameter("onSelect", .action,
                          doc: "The action run when the top card is tapped (MGSwipeCards' `cardStack(_:didSelectCardAt:)`)."),
            ],
            cardsMayRepeat: true,
            allowsSwipeNodes: true,
            geometry: .swipe, layoutPositions: ["stacked"]),
        StackKindSpec(
            "sheet", seedSystem: "TGCardViewController", seedClass: "TGCardViewController", swiftTypeSuffix: "SheetViewController",
            doc: "Cards in a draggable sheet over a map; the first is the root, others are pushed.",
            arguments: [
                Parameter("extendedTop", .double, default: .int(64), range: .nonNegative, doc: "The card top when extended."),
            ],
            bodyProperties: [
                themeBodyProperty,
                Parameter("initial", .enumeration(.sheetPosition), default: .enumCase("peaking"),
                          doc: "The position the root card starts in."),
            ],
            allowsCardPosition: true,
            requiresCardTitle: true,
            supportsNavigation: true,
            geometry: .sheet, layoutPositions: ["collapsed", "peaking", "extended"]),
    ]
}

// MARK: - Themes (docs/language.md §9)

extension Catalog {
    // Values are CardParts' `CardPartsMintTheme` and `CardPartsTurboTheme`. Colors written there
    // as `UIColor.color(r, green:, blue:)` or `turbo…Color` are resolved to hex; Turbo's fonts
    // (`turboGenericFont…`) and the header font of both are `UIFont.systemFont(ofSize:weight:)` in
    // current CardParts (older releases named ".SFUIDisplay" fonts). Neither theme class has
    // `cardBackgroundColor` (a later addition to the protocol): in the Mint/Turbo era `CardCell`
    // hard-codes `UIColor.white`, which is the value used for both.
    private static let mintText = CatalogValue.color("#888888")
    private static let titleInk = CatalogValue.color("#111111")
    private static let turboBlue = CatalogValue.color("#45CAE6")
    private static let separatorGray = CatalogValue.color("#DDDDDD")
    private static let headerFont = CatalogValue.font(FontValue(.system, size: 36, weight: .black))

    private static func helvetica(_ size: Double) -> CatalogValue {
        .font(FontValue(.named("HelveticaNeue"), size: size))
    }

    private static func helveticaMedium(_ size: Double) -> CatalogValue {
        .font(FontValue(.named("HelveticaNeue-Medium"), size: size, weight: .medium))
    }

    private static func system(_ size: Double, _ weight: FontWeight = .regular) -> CatalogValue {
        .font(FontValue(.system, size: size, weight: weight))
    }

    /// Every theme property, in docs/language.md §9 order.
    public static let themeProperties: [ThemePropertySpec] = [
        ThemePropertySpec("smallTextFont", .font, swiftType: "UIFont", doc: "Font of `text(style: .small)`.",
                          mint: helvetica(10), turbo: system(10), textStyle: .caption2),
        ThemePropertySpec("smallTextColor", .color, swiftType: "UIColor", doc: "Color of `text(style: .small)`.",
                          mint: mintText, turbo: mintText),
        ThemePropertySpec("normalTextFont", .font, swiftType: "UIFont", doc: "Font of `text(style: .normal)`.",
                          mint: helvetica(14), turbo: system(14), textStyle: .body),
        ThemePropertySpec("normalTextColor", .color, swiftType: "UIColor", doc: "Color of `text(style: .normal)`.",
                          mint: mintText, turbo: mintText),
        ThemePropertySpec("titleTextFont", .font, swiftType: "UIFont", doc: "Font of `text(style: .title)`.",
                          mint: helveticaMedium(16), turbo: system(16, .medium), textStyle: .headline),
        ThemePropertySpec("titleTextColor", .color, swiftType: "UIColor", doc: "Color of `text(style: .title)`.",
                          mint: titleInk, turbo: titleInk),
        ThemePropertySpec("headerTextFont", .font, swiftType: "UIFont", doc: "Font of `text(style: .header)`.",
                          mint: headerFont, turbo: headerFont, textStyle: .largeTitle),
        ThemePropertySpec("headerTextColor", .color, swiftType: "UIColor", doc: "Color of `text(style: .header)`.",
                          mint: titleInk, turbo: titleInk),
        ThemePropertySpec("detailTextFont", .font, swiftType: "UIFont", doc: "Font of `text(style: .detail)`.",
                          mint: helvetica(12), turbo: system(12), textStyle: .caption1),
        ThemePropertySpec("detailTextColor", .color, swiftType: "UIColor", doc: "Color of `text(style: .detail)`.",
                          mint: mintText, turbo: mintText),
        ThemePropertySpec("titleFont", .font, swiftType: "UIFont", doc: "Font of the `title` part.",
                          mint: helveticaMedium(16), turbo: system(16, .medium), textStyle: .headline),
        ThemePropertySpec("titleColor", .color, swiftType: "UIColor", doc: "Color of the `title` part.",
                          mint: titleInk, turbo: titleInk),
        ThemePropertySpec("buttonTitleFont", .font, swiftType: "UIFont", doc: "Font of `button` titles.",
                          mint: helvetica(17), turbo: system(17), textStyle: .body),
        ThemePropertySpec("buttonTitleColor", .color, swiftType: "UIColor", doc: "Color of `button` titles.",
                          mint: turboBlue, turbo: turboBlue),
        ThemePropertySpec("buttonCornerRadius", .double, swiftType: "CGFloat", doc: "Corner radius of buttons.",
                          mint: .double(0), turbo: .double(0)),
        // CardParts' `CardsViewController` makes each card the view's width minus these left and
        // right margins, and `CardCell` insets the card's content by their top and bottom.
        ThemePropertySpec("cardCellMargins", .insets, swiftType: "UIEdgeInsets",
                          doc: "Space around each card in a list: left and right outside the card, top and bottom inside it.",
                          mint: .insets(top: 9, left: 12, bottom: 12, right: 12), turbo: .insets(0)),
        // The four part margins: the default `margins` of CardParts' part views, which
        // `setupCardParts` adds around each top-level part (vertical ones add up, never overlap).
        ThemePropertySpec("cardPartMargins", .insets, swiftType: "UIEdgeInsets",
                          doc: "Margins around each part directly in a card, unless the part has its own (`margins:`).",
                          mint: .insets(top: 5, left: 15, bottom: 5, right: 15), turbo: .insets(top: 5, left: 28, bottom: 5, right: 28)),
        ThemePropertySpec("titleViewMargins", .insets, swiftType: "UIEdgeInsets",
                          doc: "Margins around a `title` part directly in a card.",
                          mint: .insets(top: 5, left: 15, bottom: 10, right: 15), turbo: .insets(top: 5, left: 28, bottom: 10, right: 28)),
        ThemePropertySpec("tableViewMargins", .insets, swiftType: "UIEdgeInsets",
                          doc: "Margins around a `table` or `collection` part directly in a card.",
                          mint: .insets(top: 0, left: 14, bottom: 0, right: 14), turbo: .insets(top: 0, left: 28, bottom: 0, right: 28)),
        ThemePropertySpec("horizontalSeparatorMargins", .insets, swiftType: "UIEdgeInsets",
                          doc: "Margins around a `separator` part directly in a card.",
                          mint: .insets(top: 5, left: 15, bottom: 5, right: 15), turbo: .insets(top: 5, left: 0, bottom: 5, right: 0)),
        // `CardsViewController` sets its layout's `minimumLineSpacing` to it: the space between
        // two cards of a list (a cell's `cardCellMargins` top and bottom are inside the card).
        ThemePropertySpec("cardsLineSpacing", .double, swiftType: "CGFloat", doc: "Space between the cards of a list.",
                          mint: .double(12), turbo: .double(12)),
        ThemePropertySpec("separatorColor", .color, swiftType: "UIColor", doc: "Color of separators.",
                          mint: separatorGray, turbo: separatorGray),
        ThemePropertySpec("cardBackgroundColor", .color, swiftType: "UIColor", doc: "Background of every card.",
                          mint: .color("#FFFFFF"), turbo: .color("#FFFFFF")),
    ]

    /// The built-in themes, `Mint` first (the default).
    public static let builtInThemes: [BuiltInTheme] = [
        BuiltInTheme(name: "Mint", cardPartsClass: "CardPartsMintTheme",
                     values: index(themeProperties, by: \.name).mapValues(\.mintValue)),
        BuiltInTheme(name: "Turbo", cardPartsClass: "CardPartsTurboTheme",
                     values: index(themeProperties, by: \.name).mapValues(\.turboValue)),
    ]
}

// MARK: - Named colors, card properties, states, actions, constructors (docs/language.md §5, §8)

extension Catalog {
    /// UIKit's system blue, the tint of a radio button, a slider and a multi-slider without one.
    public static let systemBlue = ColorValue(red: 0, green: 122, blue: 255)

    /// The UIKit named colors, with the sRGB values of their `UIColor` class properties
    /// (`darkGray` is white 1/3, `lightGray` 2/3, `gray` 1/2, `orange` (1, 0.5, 0),
    /// `purple` (0.5, 0, 0.5), `brown` (0.6, 0.4, 0.2); halves round up).
    public static let namedColors: [NamedColor] = [
        NamedColor("black", red: 0, green: 0, blue: 0),
        NamedColor("darkGray", red: 85, green: 85, blue: 85),
        NamedColor("lightGray", red: 170, green: 170, blue: 170),
        NamedColor("white", red: 255, green: 255, blue: 255),
        NamedColor("gray", red: 128, green: 128, blue: 128),
        NamedColor("red", red: 255, green: 0, blue: 0),
        NamedColor("green", red: 0, green: 255, blue: 0),
        NamedColor("blue", red: 0, green: 0, blue: 255),
        NamedColor("cyan", red: 0, green: 255, blue: 255),
        NamedColor("yellow", red: 255, green: 255, blue: 0),
        NamedColor("magenta", red: 255, green: 0, blue: 255),
        NamedColor("orange", red: 255, green: 128, blue: 0),
        NamedColor("purple", red: 128, green: 0, blue: 128),
        NamedColor("brown", red: 153, green: 102, blue: 51),
        NamedColor("clear", red: 0, green: 0, blue: 0, alpha: 0),
    ]

    /// The properties a card body accepts (`tap` also inside `state` blocks).
    public static let cardProperties: [CardPropertySpec] = [
        CardPropertySpec(
            Parameter("tap", .action, doc: "The action run when the card is tapped (per state inside a state block)."),
            role: .tap, allowedInState: true),
        CardPropertySpec(
            Parameter("title", .string, doc: "The header title shown by sheet stacks (required there)."),
            role: .title, meaningfulInStackKind: "sheet",
            effect: "a sheet stack shows a card's `title:` and `subtitle:` in its header; list the card in one, or remove the property"),
        CardPropertySpec(
            Parameter("subtitle", .string, doc: "The header subtitle shown by sheet stacks."),
            role: .subtitle, meaningfulInStackKind: "sheet",
            effect: "a sheet stack shows a card's `title:` and `subtitle:` in its header; list the card in one, or remove the property"),
        CardPropertySpec(
            Parameter("position", .enumeration(.sheetPosition),
                      doc: "The preferred position when the card is pushed in a sheet (W704 elsewhere)."),
            role: .position, meaningfulInStackKind: "sheet",
            effect: "`position` picks where a card opens when pushed onto a sheet stack"),
        CardPropertySpec(
            Parameter("swipe", .list(.enumeration(.swipeDirection)),
                      default: .list([.enumCase("left"), .enumCase("right"), .enumCase("up"), .enumCase("down")]),
                      doc: "The directions the card may be swiped in a swipe stack."),
            role: .swipe, meaningfulInStackKind: "swipe",
            effect: "`swipe:` sets the directions a card can be swiped in a swipe stack; list the card in one, or remove the property"),
    ]

    /// The built-in states (CardParts `CardState`); any other name is `.custom("NAME")`.
    public static let builtInStates: [BuiltInState] = [
        BuiltInState("none", swiftCase: ".none", doc: "The only state of a card without state blocks."),
        BuiltInState("loading", swiftCase: ".loading", doc: "Shown while the card's data loads.", expects: "hasData"),
        BuiltInState("empty", swiftCase: ".empty", doc: "Shown when there is no data."),
        BuiltInState("hasData", swiftCase: ".hasData", doc: "Shown once the data is available."),
    ]

    /// The built-in actions.
    public static let builtInActions: [BuiltInActionSpec] = [
        BuiltInActionSpec(
            "push", parameters: [Parameter("card", .cardRef, positional: true, required: true,
                                           doc: "A card of the same sheet stack.")],
            kind: .push, validInStackKinds: ["sheet"], doc: "Pushes a card of the same sheet onto the sheet."),
        BuiltInActionSpec("pop", kind: .pop, validInStackKinds: ["sheet"], doc: "Pops the top card of the sheet."),
    ]

    /// The value constructors of docs/language.md §8.
    public static let valueConstructors: [ValueConstructorSpec] = [
        ValueConstructorSpec(
            "size", result: .size,
            overloads: [[
                Parameter("width", .double, positional: true, required: true, doc: "The width."),
                Parameter("height", .double, positional: true, required: true, doc: "The height."),
            ]],
            doc: "A size: `size(w, h)`."),
        ValueConstructorSpec(
            "insets", result: .insets,
            overloads: [
                [Parameter("all", .double, positional: true, required: true, doc: "All four insets.")],
                [
                    Parameter("vertical", .double, positional: true, required: true, doc: "Top and bottom."),
                    Parameter("horizontal", .double, positional: true, required: true, doc: "Left and right."),
                ],
                [
                    Parameter("top", .double, required: true, doc: "The top inset."),
                    Parameter("left", .double, required: true, doc: "The left inset."),
                    Parameter("bottom", .double, required: true, doc: "The bottom inset."),
                    Parameter("right", .double, required: true, doc: "The right inset."),
                ],
            ],
            doc: "Edge insets: `insets(all)`, `insets(vertical, horizontal)` or `insets(top:left:bottom:right:)`."),
        ValueConstructorSpec(
            "font", result: .font,
            overloads: [
                [
                    Parameter("name", .string, positional: true, required: true, doc: "The font name."),
                    Parameter("size", .double, positional: true, required: true, range: .greaterThan(0),
                              doc: "The point size."),
                ],
                [
                    Parameter("family", .enumeration(.fontFamily), positional: true, required: true,
                              doc: "`.system` for the system font."),
                    Parameter("size", .double, positional: true, required: true, range: .greaterThan(0),
                              doc: "The point size."),
                    Parameter("weight", .enumeration(.fontWeight), default: .enumCase("regular"), doc: "The weight."),
                ],
            ],
            doc: "A font: `font(\"Name\", size)` or `font(.system, size, weight: .bold)`."),
    ]
}

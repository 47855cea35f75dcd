import CardDiagnostics
import Testing
import CardModel
@testable import CardSema

/// The catalog against docs/language.md §6, §7 and §9, and did-you-mean.
@Suite struct CatalogTests {
    /// docs/language.md §7.1: part → CardParts class.
    static let languagePartTable: [(part: String, cardPartsClass: String)] = [
        ("text", "CardPartTextView"),
        ("attributedText", "CardPartAttributedTextView"),
        ("image", "CardPartImageView"),
        ("button", "CardPartButtonView"),
        ("title", "CardPartTitleView"),
        ("titleDescription", "CardPartTitleDescriptionView"),
        ("pill", "CardPartPillLabel"),
        ("iconLabel", "CardPartIconLabel"),
        ("separator", "CardPartSeparatorView"),
        ("verticalSeparator", "CardPartVerticalSeparatorView"),
        ("vstack", "CardPartStackView"),
        ("hstack", "CardPartStackView"),
        ("table", "CardPartTableView"),
        ("collection", "CardPartCollectionView"),
        ("bar", "CardPartBarView"),
        ("paged", "CardPartPagedView"),
        ("slider", "CardPartSliderView"),
        ("multiSlider", "CardPartMultiSliderView"),
        ("spacer", "CardPartSpacerView"),
        ("textField", "CardPartTextField"),
        ("centered", "CardPartCenteredView"),
        ("oriented", "CardPartOrientedView"),
        ("confetti", "CardPartConfettiView"),
        ("progressBar", "CardPartProgressBarView"),
        ("map", "CardPartMapView"),
        ("radio", "CardPartRadioButton"),
        ("histogram", "CardPartHistogramView"),
    ]

    /// docs/language.md §7.2: trait → CardParts protocol.
    static let languageTraitTable: [(trait: String, cardPartsProtocol: String)] = [
        ("noTopBottomMargins", "NoTopBottomMarginsCardTrait"),
        ("transparent", "TransparentCardTrait"),
        ("editable", "EditableCardTrait"),
        ("hidden", "HiddenCardTrait"),
        ("shadow", "ShadowCardTrait"),
        ("rounded", "RoundedCardTrait"),
        ("gradient", "GradientCardTrait"),
        ("border", "BorderCardTrait"),
        ("customMargin", "CustomMarginCardTrait"),
        ("longPress", "CardPartsLongPressGestureRecognizerDelegate"),
        ("visibility", "CardVisibilityDelegate"),
    ]

    // MARK: Presence and lookups

    /// Every row container names its rows parameter, a bound list, which the checker, the
    /// back ends and the editor all read through `PartSpec.rowsParameter`.
    @Test func everyRowContainerHasItsRowsParameter() {
        let containers = Catalog.nodes.filter(\.children.isCellTemplate)
        #expect(containers.map(\.name).sorted() == ["collection", "table"])
        for spec in containers {
            let rows = spec.rowsParameter
            #expect(rows?.bindingRequired == true && rows?.type.elementType != nil, "\(spec.name)")
        }
        #expect(Catalog.nodes.filter { !$0.children.isCellTemplate }.allSatisfy { $0.rowsParameter == nil })
    }

    @Test func everyLanguagePartIsPresentWithItsClass() {
        for (name, cardPartsClass) in Self.languagePartTable {
            let part = Catalog.part(named: name)
            #expect(part != nil, "missing part \(name)")
            #expect(part?.cardPartsClass == cardPartsClass, "\(name)")
            #expect(part?.category == .part, "\(name)")
        }
        #expect(Catalog.parts.count == Self.languagePartTable.count)
    }

    @Test func structuralNodesArePresent() {
        for name in ["cell", "overlay", "footer", "model"] {
            #expect(Catalog.part(named: name)?.category == .structural, "\(name)")
        }
        #expect(Catalog.part(named: "cell")?.placement == .directlyInside(["table", "collection"]))
        #expect(Catalog.part(named: "overlay")?.swipeOnly == true)
        #expect(Catalog.part(named: "overlay")?.uniqueBy == "direction")
        #expect(Catalog.part(named: "footer")?.parameter(named: "height")?.defaultValue == .double(100))
        #expect(Catalog.part(named: "model")?.maximumPerCard == 1)
    }

    @Test func everyLanguageTraitIsPresentWithItsProtocol() {
        for (name, cardPartsProtocol) in Self.languageTraitTable {
            #expect(Catalog.trait(named: name)?.cardPartsProtocol == cardPartsProtocol, "\(name)")
            #expect(Catalog.traitNamed(byProtocol: cardPartsProtocol)?.name == name, "\(name)")
        }
        #expect(Catalog.traits.count == Self.languageTraitTable.count)
    }

    @Test func lookupByCardPartsClass() {
        #expect(Catalog.partNamed(byCardPartsClass: "CardPartTextView")?.name == "text")
        #expect(Catalog.partNamed(byCardPartsClass: "CardPartStackView")?.name == "vstack")
        #expect(Catalog.partNamed(byCardPartsClass: "CardPartRadioButton")?.name == "radio")
        #expect(Catalog.partNamed(byCardPartsClass: "UILabel") == nil)
        #expect(Catalog.part(named: "Text") == nil)  // names are case-sensitive
    }

    @Test func namesAreUnique() {
        #expect(Set(Catalog.nodes.map(\.name)).count == Catalog.nodes.count)
        #expect(Set(Catalog.traits.map(\.name)).count == Catalog.traits.count)
        #expect(Set(Catalog.traits.map(\.cardPartsProtocol)).count == Catalog.traits.count)
        #expect(Set(Catalog.stackKinds.map(\.name)).count == Catalog.stackKinds.count)
        #expect(Set(Catalog.themeProperties.map(\.name)).count == Catalog.themeProperties.count)
        #expect(Set(Catalog.namedColors.map(\.name)).count == Catalog.namedColors.count)
        for node in Catalog.nodes {
            #expect(Set(node.parameters.map(\.name)).count == node.parameters.count, "\(node.name)")
        }
    }

    @Test func positionalParametersComeFirst() {
        for node in Catalog.nodes {
            for (index, parameter) in node.parameters.enumerated() where parameter.positional {
                #expect(index == 0, "\(node.name).\(parameter.name)")
            }
        }
        #expect(Catalog.part(named: "text")?.positionalParameter?.name == "text")
        #expect(Catalog.part(named: "oriented")?.positionalParameter?.required == true)
        #expect(Catalog.part(named: "separator")?.positionalParameter == nil)
        let margin = Catalog.trait(named: "customMargin")?.requirement(named: "margin")?.parameter
        #expect(margin?.acceptsPositional == true)
        #expect(margin?.positional == false)
    }

    // MARK: Parameters, types, ranges

    @Test func everyDefaultLiesWithinItsRange() {
        var parameters: [(String, Parameter)] = []
        for node in Catalog.nodes { parameters += node.parameters.map { (node.name, $0) } }
        for trait in Catalog.traits { parameters += trait.parameters.map { (trait.name, $0) } }
        for kind in Catalog.stackKinds {
            parameters += kind.arguments.map { (kind.name, $0) }
            parameters += kind.bodyProperties.map { (kind.name, $0) }
        }
        for property in Catalog.cardProperties { parameters.append(("card", property.parameter)) }
        for (owner, parameter) in parameters {
            guard let value = parameter.defaultValue else { continue }
            #expect(!parameter.required, "\(owner).\(parameter.name) is required but has a default")
            if let range = parameter.range, let number = value.numericValue {
                #expect(range.contains(number), "\(owner).\(parameter.name) = \(value) outside \(range)")
            }
            if case .enumeration(let enumType) = parameter.type, case .enumCase(let name) = value {
                #expect(enumType.enumCase(named: name) != nil, "\(owner).\(parameter.name) = .\(name)")
            }
            if parameter.type.isNumeric {
                #expect(value.numericValue != nil, "\(owner).\(parameter.name) default is not a number")
            }
        }
    }

    @Test func traitPlaceholdersSatisfyTheirRequirements() {
        for trait in Catalog.traits {
            for requirement in trait.requirements {
                if let range = requirement.parameter.range, let number = requirement.placeholder.numericValue {
                    #expect(range.contains(number), "\(trait.name).\(requirement.parameter.name)")
                }
            }
        }
    }

    @Test func rangesAndRulesFromTheLanguage() {
        let bar = Catalog.part(named: "bar")?.parameter(named: "percent")
        #expect(bar?.required == true)
        #expect(bar?.range?.contains(0) == true)
        #expect(bar?.range?.contains(1) == true)
        #expect(bar?.range?.contains(1.01) == false)
        let latitude = Catalog.part(named: "map")?.parameter(named: "latitude")?.range
        #expect(latitude?.contains(-90) == true)
        #expect(latitude?.contains(90.5) == false)
        let duration = Catalog.trait(named: "longPress")?.requirement(named: "minimumDuration")?.parameter
        #expect(duration?.range?.contains(0) == false)
        #expect(duration?.range?.contains(0.1) == true)
        #expect(duration?.defaultValue == .double(1.0))
        #expect(duration?.required == false)
        #expect(Catalog.trait(named: "gradient")?.requirement(named: "colors")?.parameter.minimumCount == 2)
        #expect(Catalog.part(named: "title")?.rules == [.requiredWhenPresent(required: "onMenu", trigger: "menu")])
        #expect(Catalog.part(named: "slider")?.rules == [.lessThan(lower: "min", upper: "max")])
        #expect(Catalog.part(named: "progressBar")?.rules == [.sameCount("values", "colors")])
        #expect(Catalog.part(named: "button")?.rules == [.warnWhenAbsent("action")])
        #expect(Catalog.part(named: "image")?.rules == [.warnWhenUnlabelled(label: "accessibilityLabel", decorative: "decorative")])
    }

    @Test func bindingsFollowTheLanguage() {
        #expect(Catalog.part(named: "slider")?.parameter(named: "value")?.twoWay == true)
        #expect(Catalog.part(named: "textField")?.parameter(named: "text")?.twoWay == true)
        #expect(Catalog.part(named: "text")?.parameter(named: "text")?.twoWay == false)
        #expect(Catalog.part(named: "text")?.parameter(named: "text")?.bindable == true)
        #expect(Catalog.part(named: "text")?.parameter(named: "style")?.bindable == false)
        #expect(Catalog.part(named: "text")?.parameter(named: "font")?.bindable == false)
        #expect(Catalog.part(named: "button")?.parameter(named: "action")?.bindable == false)
        #expect(Catalog.part(named: "collection")?.parameter(named: "itemSize")?.bindable == false)
        let isHidden = Catalog.trait(named: "hidden")?.requirement(named: "isHidden")?.parameter
        #expect(isHidden?.bindingRequired == true)
        #expect(isHidden?.bindable == true)
        #expect(Catalog.part(named: "table")?.parameter(named: "rows")?.bindingRequired == true)
    }

    @Test func childRules() {
        #expect(Catalog.part(named: "text")?.children == .leaf)
        #expect(Catalog.part(named: "text")?.isContainer == false)
        #expect(Catalog.part(named: "vstack")?.children == .anyParts(minimum: 1, warnIfEmpty: true))
        #expect(Catalog.part(named: "centered")?.children == .exactlyParts(3))
        #expect(Catalog.part(named: "paged")?.children == .onlyKinds(["vstack", "hstack"], minimum: 1))
        #expect(Catalog.part(named: "table")?.children == .cellTemplate(required: false))
        #expect(Catalog.part(named: "collection")?.children == .cellTemplate(required: true))
        #expect(Catalog.part(named: "attributedText")?.childLimits == [KindLimit(kind: "image", maximum: 1)])
        #expect(Catalog.part(named: "verticalSeparator")?.needsHorizontalContext == true)
        #expect(Catalog.part(named: "hstack")?.providesHorizontalContext == true)
        #expect(Catalog.part(named: "centered")?.providesHorizontalContext == true)
        #expect(Catalog.part(named: "vstack")?.providesHorizontalContext == false)
    }

    @Test func enumCasesWithArguments() {
        let format = EnumType.textFieldFormat
        #expect(format.enumCase(named: "currency")?.arguments.first?.label == "maxLength")
        #expect(format.enumCase(named: "currency")?.arguments.first?.type == .int)
        #expect(EnumType.secondaryPosition.enumCase(named: "center")?.arguments.first?.type == .double)
        #expect(EnumType.secondaryPosition.enumCase(named: "center")?.description == ".center(offset: Double)")
        #expect(EnumType.keyboard.enumCase(named: "email")?.swiftName == "emailAddress")
    }

    @Test func valueTypeDescriptionsAndAcceptance() {
        #expect(ValueType.string.description == "String")
        #expect(ValueType.double.description == "Double")
        #expect(ValueType.bool.description == "Bool")
        #expect(ValueType.list(.color).description == "[Color]")
        #expect(ValueType.record([RecordField("title", .string)]).description == "(title: String)")
        #expect(ValueType.enumeration(.textStyle).description == "TextStyle")
        #expect(ValueType.double.accepts(.int))
        #expect(!ValueType.int.accepts(.double))
        #expect(ValueType.list(.double).accepts(.list(.int)))
        #expect(ValueType.openRecord.accepts(.record([RecordField("a", .string)])))
        #expect(!ValueType.color.accepts(.string))
    }

    @Test func catalogValueSpellings() {
        #expect(CatalogValue.double(0.5).description == "0.5")
        #expect(CatalogValue.double(10).description == "10")
        #expect(CatalogValue.size(width: 0, height: 5).description == "size(0, 5)")
        #expect(CatalogValue.insets(10).description == "insets(10)")
        #expect(CatalogValue.insets(top: 9, left: 12, bottom: 12, right: 12).description
                == "insets(top: 9, left: 12, bottom: 12, right: 12)")
        #expect(CatalogValue.enumCase("normal").description == ".normal")
        #expect(CatalogValue.string("a\"b").description == "\"a\\\"b\"")
        #expect(CatalogValue.font(FontValue(.system, size: 16, weight: .medium)).description
                == "font(.system, 16, weight: .medium)")
        #expect(NumericRange.unitInterval.description == "0…1")
        #expect(NumericRange.greaterThan(0).description == "> 0")
        #expect(NumericRange.nonNegative.description == "≥ 0")
        #expect(!NumericRange.nonNegative.contains(.nan))
    }

    // MARK: Traits

    @Test func traitRequirementsMatchCardParts() {
        let shadow = Catalog.trait(named: "shadow")
        #expect(shadow?.requirements.map(\.parameter.name) == ["color", "radius", "opacity", "offset"])
        #expect(shadow?.requirements.map(\.member.name)
                == ["shadowColor()", "shadowRadius()", "shadowOpacity()", "shadowOffset()"])
        #expect(shadow?.requirements.map(\.member.returnType) == ["CGColor", "CGFloat", "Float", "CGSize"])
        // As `CardsViewController.cellForItemAt` applies them: the shadow is the cell's layer
        // shadow, the gradient fills the cell and clears its border.
        #expect(shadow?.isLayerShadow == true)
        #expect(Catalog.traits.filter(\.isLayerShadow).map(\.name) == ["shadow"])
        #expect(Catalog.traits.filter(\.fillsCard).map(\.name) == ["gradient"])
        #expect(Catalog.traits.filter { !$0.removes.isEmpty }.map { "\($0.name) \($0.removes)" } == ["gradient [\"border\"]"])
        // Every trait named by `removes` is in the catalog.
        #expect(Catalog.traits.flatMap(\.removes).allSatisfy { Catalog.trait(named: $0) != nil })
        #expect(Catalog.trait(named: "rounded")?.requirements.first?.member.declaration
                == "func cornerRadius() -> CGFloat")
        #expect(Catalog.trait(named: "border")?.requirements.map(\.member.name) == ["borderWidth()", "borderColor()"])
        // Read only by CardParts' `CardsViewController` and its cells.
        for trait in ["customMargin", "noTopBottomMargins", "editable", "hidden"] {
            #expect(Catalog.trait(named: trait)?.ineffectiveInStackKinds == ["fullScreen", "collapsible", "swipe", "sheet"], "\(trait)")
        }
        #expect(Catalog.trait(named: "noTopBottomMargins")?.requirements.isEmpty == true)
        #expect(Catalog.trait(named: "transparent")?.requirements.isEmpty == true)
        #expect(Catalog.trait(named: "transparent")?.isLayerShadow == false)
    }

    // MARK: Stack kinds

    @Test func stackKindsFollowTheLanguage() {
        #expect(Catalog.stackKinds.map(\.name) == ["list", "fullScreen", "collapsible", "swipe", "sheet"])
        #expect(Catalog.stackKind(named: "fullScreen")?.cardCount == .exactly(1))
        #expect(Catalog.stackKind(named: "list")?.cardCount == .atLeast(1))
        let collapsible = Catalog.stackKind(named: "collapsible")
        let expected: [(String, Double)] = [
            ("cardOffset", 40), ("collapsedHeight", 200), ("expandedHeight", 500), ("cardHeight", 200),
            ("downwardThreshold", 20), ("upwardThreshold", 20), ("leftSpacing", 8), ("rightSpacing", 8),
            ("verticalSpacing", 8),
        ]
        #expect(collapsible?.arguments.map(\.name) == expected.map(\.0))
        for (name, value) in expected {
            #expect(collapsible?.argument(named: name)?.defaultValue?.numericValue == value, "\(name)")
        }
        #expect(collapsible?.bodyProperty(named: "initial")?.defaultValue == .enumCase("collapsed"))
        #expect(collapsible?.rules == [.lessThan(lower: "collapsedHeight", upper: "expandedHeight")])
        let swipe = Catalog.stackKind(named: "swipe")
        #expect(swipe?.cardsMayRepeat == true)
        #expect(swipe?.allowsSwipeNodes == true)
        #expect(swipe?.argument(named: "visibleCards")?.range?.contains(0) == false)
        #expect(swipe?.argument(named: "insets")?.defaultValue == .insets(10))
        #expect(swipe?.argument(named: "minimumSwipeMargin")?.range == .unitInterval)
        #expect(swipe?.bodyProperties.map(\.name) == ["theme", "onSwipe", "onSwipedAll", "onUndo", "onSelect"])
        let sheet = Catalog.stackKind(named: "sheet")
        #expect(sheet?.argument(named: "extendedTop")?.defaultValue?.numericValue == 64)
        #expect(sheet?.bodyProperty(named: "initial")?.defaultValue == .enumCase("peaking"))
        #expect(sheet?.requiresCardTitle == true)
        #expect(sheet?.supportsNavigation == true)
        #expect(sheet?.allowsCardPosition == true)
        #expect(Catalog.stackKind(named: "list")?.bodyProperty(named: "margins")?.type == .insets)
    }

    // MARK: Themes, colors, states, actions

    @Test func builtInThemesDefineEveryProperty() {
        let languageProperties = [
            "smallTextFont", "smallTextColor", "normalTextFont", "normalTextColor", "titleTextFont",
            "titleTextColor", "headerTextFont", "headerTextColor", "detailTextFont", "detailTextColor",
            "titleFont", "titleColor", "buttonTitleFont", "buttonTitleColor", "buttonCornerRadius",
            "cardCellMargins", "cardPartMargins", "titleViewMargins", "tableViewMargins", "horizontalSeparatorMargins",
            "cardsLineSpacing", "separatorColor", "cardBackgroundColor",
        ]
        #expect(Catalog.themeProperties.map(\.name) == languageProperties)
        for themeName in ["Mint", "Turbo"] {
            let theme = Catalog.builtInTheme(named: themeName)
            #expect(theme != nil)
            for property in Catalog.themeProperties {
                let value = theme?.value(of: property.name)
                #expect(value != nil, "\(themeName).\(property.name)")
                if let value { #expect(Self.value(value, fits: property.type), "\(themeName).\(property.name)") }
            }
        }
        #expect(Catalog.builtInTheme(named: "Mint")?.value(of: "cardCellMargins")
                == .insets(top: 9, left: 12, bottom: 12, right: 12))
        // CardParts 4.0's `CardPartsMintTheme` and `CardPartsTurboTheme`.
        #expect(Catalog.builtInTheme(named: "Mint")?.value(of: "cardPartMargins") == .insets(top: 5, left: 15, bottom: 5, right: 15))
        #expect(Catalog.builtInTheme(named: "Turbo")?.value(of: "cardPartMargins") == .insets(top: 5, left: 28, bottom: 5, right: 28))
        #expect(Catalog.builtInTheme(named: "Mint")?.value(of: "titleViewMargins") == .insets(top: 5, left: 15, bottom: 10, right: 15))
        #expect(Catalog.builtInTheme(named: "Turbo")?.value(of: "tableViewMargins") == .insets(top: 0, left: 28, bottom: 0, right: 28))
        #expect(Catalog.builtInTheme(named: "Turbo")?.value(of: "horizontalSeparatorMargins") == .insets(top: 5, left: 0, bottom: 5, right: 0))
        #expect(Catalog.builtInTheme(named: "Turbo")?.value(of: "titleFont")
                == .font(FontValue(.system, size: 16, weight: .medium)))
        #expect(Catalog.themeProperty(named: "buttonTitleColor")?.mintValue == .color("#45CAE6"))
    }

    /// The one table of text styles against CardParts' `CardPartTextView.setDefaultsForType`,
    /// which gives `CardPartTextType.<case>` the theme's `<case>TextFont` and `<case>TextColor`;
    /// the checker's enumeration and the `style:` default are the table's.
    @Test func textStylesFollowCardParts() {
        let cardParts: [(name: String, prominence: TextProminence)] = [
            ("normal", .regular), ("title", .heading), ("detail", .secondary), ("small", .secondary), ("header", .heading),
        ]
        #expect(Catalog.textStyles.map(\.name) == cardParts.map(\.name))
        #expect(Catalog.textStyles.map(\.prominence) == cardParts.map(\.prominence))
        #expect(EnumType.textStyle.caseNames == Catalog.textStyles.map(\.name))
        #expect(Catalog.part(named: "text")?.parameter(named: "style")?.defaultValue == .enumCase("normal"))
        #expect(Catalog.defaultTextStyle.name == "normal")
        for (index, style) in Catalog.textStyles.enumerated() {
            #expect(style.fontProperty == style.name + "TextFont")
            #expect(style.colorProperty == style.name + "TextColor")
            #expect(Catalog.themeProperty(named: style.fontProperty)?.type == .font)
            #expect(Catalog.themeProperty(named: style.colorProperty)?.type == .color)
            // Its Dynamic Type style is its font's (docs/language.md §9).
            #expect(style.dynamicTypeStyle != nil)
            #expect(style.dynamicTypeStyle == Catalog.themeProperty(named: style.fontProperty)?.textStyle)
            #expect(Catalog.textStyleIndex(named: style.name) == index)
            #expect(Catalog.textStyle(named: style.name) == style)
        }
        // What is no case (a `style:` bound to the model, a case CardParts lacks) draws as the default.
        #expect(Catalog.textStyleIndex(named: nil) == 0)
        #expect(Catalog.textStyleIndex(named: "bold") == 0)
        #expect(Catalog.textStyleIndex(named: "") == 0)
        #expect(Catalog.textStyle(named: "Title") == Catalog.defaultTextStyle)
    }

    static func value(_ value: CatalogValue, fits type: ValueType) -> Bool {
        switch (value, type) {
        case (.font, .font), (.color, .color), (.namedColor, .color), (.insets, .insets): true
        case (.int, .double), (.double, .double), (.int, .int): true
        default: false
        }
    }

    @Test func namedColors() {
        #expect(Catalog.namedColors.count == 15)
        #expect(Catalog.namedColor("lightGray")?.hex == "#AAAAAA")
        #expect(Catalog.namedColor("orange")?.hex == "#FF8000")
        #expect(Catalog.namedColor("clear")?.hex == "#00000000")
        #expect(Catalog.namedColor("black")?.hex == "#000000")
        #expect(Catalog.namedColor("pink") == nil)
    }

    @Test func cardVocabulary() {
        #expect(Catalog.cardProperties.map(\.name) == ["tap", "title", "subtitle", "position", "swipe"])
        #expect(Catalog.cardProperty(named: "tap")?.allowedInState == true)
        #expect(Catalog.cardProperty(named: "position")?.meaningfulInStackKind == "sheet")
        #expect(Catalog.builtInStates.map(\.name) == ["none", "loading", "empty", "hasData"])
        #expect(Catalog.builtInState(named: "busy") == nil)
        #expect(Catalog.builtInAction(named: "push")?.parameters.first?.type == .cardRef)
        #expect(Catalog.builtInAction(named: "pop")?.validInStackKinds == ["sheet"])
        #expect(Catalog.valueConstructor(named: "insets")?.overloads.count == 3)
    }

    // MARK: Suggestions

    @Test func suggestions() {
        #expect(Catalog.suggestPart(for: "txt") == "text")
        #expect(Catalog.suggestPart(for: "CardPartTextView") == "text")
        #expect(Catalog.suggestPart(for: "CardPartTextVeiw") == "text")
        #expect(Catalog.suggestPart(for: "button") == "button")
        #expect(Catalog.suggestPart(for: "zzzzzz") == nil)
        #expect(Catalog.suggestTrait(for: "ShadowCardTrait") == "shadow")
        #expect(Catalog.suggestTrait(for: "shadw") == "shadow")
        #expect(Catalog.suggestTrait(for: "zzzzzz") == nil)
        #expect(Catalog.suggestStackKind(for: "collapsable") == "collapsible")
        #expect(Catalog.suggestStackKind(for: "CardsViewController") == "list")
        #expect(Catalog.suggestStackKind(for: "zzzzzz") == nil)
        #expect(Catalog.suggestThemeProperty(for: "titelFont") == "titleFont")
        #expect(Catalog.suggestNamedColor(for: "lightGrey") == "lightGray")
        #expect(Catalog.part(named: "text")?.suggestParameter(for: "styel") == "style")
        #expect(EnumType.textStyle.suggestCase(for: "Title") == "title")
    }

    @Test func suggesterRules() {
        #expect(NameSuggester.distance("ab", "ba") == 1)  // a transposition costs 1
        #expect(NameSuggester.distance("kitten", "sitting") == 3)
        #expect(NameSuggester.distance("Text", "text") == 0)
        // Ties are broken alphabetically.
        #expect(NameSuggester.suggestion(for: "bat", among: ["cat", "bar"]) == "bar")
        // The smallest distance wins.
        #expect(NameSuggester.suggestion(for: "txt", among: ["tax", "text"]) == "text")
        // Short names need distance 1.
        #expect(NameSuggester.suggestion(for: "ab", among: ["abcd"]) == nil)
        #expect(NameSuggester.suggestion(for: "ab", among: ["abc"]) == "abc")
        #expect(NameSuggester.suggestion(for: "", among: ["a"]) == nil)
        #expect(NameSuggester.suggestion(for: "abcdef", among: ["uvwxyz"]) == nil)
        let huge = String(repeating: "x", count: 100_000)
        #expect(NameSuggester.suggestion(for: huge, among: Catalog.nodeNames) == nil)
    }

    /// Prepared candidates (lowercased once, rows reused, bounds tightened as it goes) suggest
    /// what the rules say: the closest within the limit, ties to the alphabetically first, as
    /// found by measuring every candidate.
    @Test func preparedCandidatesSuggestTheClosest() {
        let names = Catalog.nodeNames + Catalog.traitNames + ["Card1", "card2", "Crad3", "Überblick", "ab", "bar", "cat", "Tax", "text"]
        let prepared = NameSuggester.Candidates(names)
        let queries = ["txet", "TEXT", "bat", "ab", "a", "", "card3", "uberblick", "Überblik", "shadwo", "xyzzy", "Card12", "titel"]
            + names.map { String($0.reversed()) } + names.map { $0 + "s" } + names.map { String($0.dropFirst()) }
        for query in queries {
            let limit = query.unicodeScalars.count <= 2 ? 1 : NameSuggester.maximumDistance
            let measured = names.map { (name: $0, distance: NameSuggester.distance(query, $0)) }.filter { $0.distance <= limit }
            let closest = query.isEmpty ? nil : measured.min { ($0.distance, $0.name) < ($1.distance, $1.name) }?.name
            #expect(NameSuggester.suggestion(for: query, among: prepared) == closest, "\(query)")
        }
    }

    /// The stack kinds the catalog's flags name, as the rules read them: every name is a kind,
    /// and the sets say what the language reference's rules say (W502, W703, W704, E704).
    @Test func stackKindSetsFromTheCatalog() {
        #expect(Catalog.stackKinds.count <= 32, "a StackKindSet has 32 bits")
        let kinds = Set(Catalog.stackKinds.map(\.name))
        for trait in Catalog.traits { #expect(Set(trait.ineffectiveInStackKinds).isSubset(of: kinds), "\(trait.name)") }
        for action in Catalog.builtInActions { #expect(Set(action.validInStackKinds).isSubset(of: kinds), "\(action.name)") }
        for property in Catalog.cardProperties {
            if let kind = property.meaningfulInStackKind { #expect(kinds.contains(kind), "\(property.parameter.name)") }
        }
        #expect(Catalog.swipeNodeStackKinds.names == "swipe")
        #expect(Catalog.cardPositionStackKinds.names == "sheet")
        #expect(StackKindSet(where: \.supportsNavigation).names == "sheet")
        #expect(Catalog.repeatingStackKinds.names == "swipe")
        let customMargin = Catalog.traits.firstIndex { $0.name == "customMargin" }
        #expect(customMargin.map { Catalog.traitIneffectiveStackKinds[$0].names } == "fullScreen or collapsible or swipe or sheet")
        #expect(Catalog.nodes.filter(\.swipeOnly).map(\.name) == ["overlay", "footer"])
        var set = StackKindSet()
        #expect(set.isEmpty && set.isSubset(of: Catalog.swipeNodeStackKinds))
        set.formUnion(Catalog.swipeNodeStackKinds)
        #expect(!set.isDisjoint(with: Catalog.swipeNodeStackKinds) && set.isDisjoint(with: StackKindSet(where: \.supportsNavigation)))
        set.formUnion(StackKindSet(where: \.supportsNavigation))
        #expect(set.names == "swipe or sheet" && customMargin.map { set.isSubset(of: Catalog.traitIneffectiveStackKinds[$0]) } == true)
    }
}

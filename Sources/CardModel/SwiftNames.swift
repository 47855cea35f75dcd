// The Swift names `cardc build --emit swift` derives from a deck, and the names the generated code
// reserves: the one table that the checker's E312 rule (`GeneratedNameRule`) and the Swift back end
// both read, so what the checker accepts is exactly what the back end can spell.
//
// How collisions are ruled out:
//
// - A declaration's top-level types are its name plus a fixed suffix (`BudgetViewModel`,
//   `OverviewCardsViewController`), and no suffix is a suffix of another (a test checks), so two
//   declarations cannot produce the same type name: a card `Budget` beside a card
//   `BudgetViewModel` gives `BudgetViewModel` and `BudgetViewModelViewModel`. Only a name equal to
//   a framework type the file uses can collide (`stack CardParts: fullScreen` would declare
//   `CardPartsFullScreenViewController`, CardParts' own class): E312.
// - Names a user chooses that the generated code spells as they are — actions (methods), model
//   fields (properties), row types derived from list fields — must not be a member the generated
//   class inherits or declares, nor a framework type its code names: E312.
// - Every other name (part properties, cell classes, private helpers) is chosen by the back end
//   around the user's names, so it never collides.

/// The Swift names of generated code: suffixes, fixed members and reserved names.
public enum SwiftNames {
    /// The two kinds of Swift `--emit swift` writes.
    public enum Flavor: String, CaseIterable, Sendable {
        /// CardParts 4 + RxSwift 6 view controllers and `BehaviorRelay` view models (the default).
        case cardParts = "cardparts"
        /// `@Observable` view models, state enums and action protocols; Foundation and Observation only.
        case observation
    }

    // MARK: Derived type names

    /// `Budget` → `BudgetViewModel` (both flavors).
    public static let viewModelSuffix = "ViewModel"
    /// `Budget` → `BudgetCardController` (CardParts flavor).
    public static let cardControllerSuffix = "CardController"
    /// `Budget` → `BudgetState`, the enum of the card's states (Observation flavor).
    public static let stateSuffix = "State"
    /// `Budget` → `BudgetActions`, the protocol of the card's actions (Observation flavor).
    public static let actionsSuffix = "Actions"
    /// `Places` → `PlacesSwipeDelegate`, the protocol of a swipe stack's actions (Observation flavor).
    public static let swipeDelegateSuffix = "SwipeDelegate"
    /// `Places` → `PlacesSwipeDeck`, the observable model of a swipe stack (Observation flavor).
    public static let swipeDeckSuffix = "SwipeDeck"
    /// `Trip` → `TripNavigation`, the observable navigation of a sheet stack (Observation flavor).
    public static let navigationSuffix = "Navigation"
    /// `Evergreen` → `EvergreenTheme`, a theme's resolved values as a struct (Observation flavor).
    public static let themeSuffix = "Theme"
    /// The view-model properties of a card's `title:` and `subtitle:` (Observation flavor).
    public static let sheetTitleProperty = "sheetTitle"
    public static let sheetSubtitleProperty = "sheetSubtitle"
    /// The view-model members holding a card's image labels and decorative images (Observation
    /// flavor, docs/language.md §7.4).
    public static let accessibilityLabelsProperty = "accessibilityLabels"
    public static let decorativeImagesProperty = "decorativeImages"
    /// Card `card`'s view model type: `Budget` → `BudgetViewModel`.
    public static func viewModel(_ card: String) -> String { card + viewModelSuffix }
    /// Card `card`'s controller class (CardParts flavor): `Budget` → `BudgetCardController`.
    public static func cardController(_ card: String) -> String { card + cardControllerSuffix }
    /// A list field's row struct: `transactions` → `TransactionsRow`, nested in the view model.
    public static let rowSuffix = "Row"
    /// A theme's function: `Evergreen` → `makeEvergreenTheme()` (CardParts flavor).
    public static func themeFunction(_ theme: String) -> String { "make" + capitalized(theme) + "Theme" }

    /// The suffixes of the top-level types a card declares, per flavor.
    public static func cardSuffixes(_ flavor: Flavor) -> [String] {
        switch flavor {
        case .cardParts: [viewModelSuffix, cardControllerSuffix]
        case .observation: [stateSuffix, viewModelSuffix, actionsSuffix]
        }
    }

    /// The suffixes of the top-level types a stack of `kind` declares, per flavor.
    public static func stackSuffixes(_ kind: StackKindSpec, _ flavor: Flavor) -> [String] {
        switch flavor {
        case .cardParts: [kind.swiftTypeSuffix]
        case .observation:
            kind.cardsMayRepeat ? [swipeDelegateSuffix, swipeDeckSuffix] : kind.supportsNavigation ? [navigationSuffix] : []
        }
    }

    /// Every suffix of a generated top-level type, for the test that no suffix ends another.
    public static var allTypeSuffixes: [String] {
        var suffixes = Flavor.allCases.flatMap(cardSuffixes)
        for kind in Catalog.stackKinds { suffixes += Flavor.allCases.flatMap { stackSuffixes(kind, $0) } }
        suffixes.append(themeSuffix)
        var unique: [String] = []
        for suffix in suffixes where !unique.contains(suffix) { unique.append(suffix) }
        return unique
    }

    /// The name of the row struct of list field `field` (`transactions` → `TransactionsRow`).
    public static func rowType(_ field: String) -> String { capitalized(field) + rowSuffix }

    /// `name` with its first letter upper-cased (`_x` stays `_x`).
    public static func capitalized(_ name: String) -> String {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return name }
        return String(Character(first)).uppercased() + String(name.unicodeScalars.dropFirst())
    }

    // MARK: Fixed members of generated classes

    /// A card controller's view model (`let viewModel: BudgetViewModel`).
    public static let viewModelProperty = "viewModel"
    /// A card controller's sheet card, when the card is in a sheet stack (`weak var sheetCard`).
    public static let sheetCardProperty = "sheetCard"
    /// The nested classes a card controller declares for the stacks it is in.
    public static let swipeCardType = "SwipeCard"
    public static let sheetCardType = "SheetCard"
    public static let mapManagerType = "MapManager"
    /// The method a card controller implements `push(Target)` with: `pushTarget()`.
    public static func pushMethod(_ target: String) -> String { "push" + capitalized(target) }
    /// The method a card controller implements `pop` with.
    public static let popMethod = "pop"
    /// The overridable method a stack controller makes card `card`'s controller with:
    /// `Budget` → `makeBudget` (`makeBudget(at:)` in a swipe stack).
    public static func factoryMethod(_ card: String) -> String { "make" + capitalized(card) }
    /// The closure a card controller that pushes cards makes their sheet cards with; the sheet
    /// stack showing the card sets it to its factories.
    public static let makeSheetCardProperty = "makeSheetCard"
    /// The enum of the cards a card controller pushes, nested in the controller.
    public static let destinationType = "Destination"
    /// A stack controller's private method applying the stack's theme before it makes a card.
    public static let themedMethod = "themed"
    /// A swipe stack controller's members.
    public static let swipeStackMembers: [String: String] = [
        "cardStack": "the swipe stack controller's `MGCardStackView`",
        "cards": "the swipe stack controller's card list",
        "loadedCards": "the swipe stack controller's loaded cards",
        "coordinator": "the swipe stack controller's data source",
        "themed": "the stack controller's method applying its theme",
    ]

    // MARK: Reserved names

    /// The words that cannot be a property, case, parameter or method name without backticks,
    /// or be read after a dot (`.Type`, `.self`), in Swift 5 and 6 (found by compiling each).
    /// The Swift back end writes them in backticks; a part's `id:` may not be one (E313).
    public static let keywords: Set<String> = [
        "Any", "Protocol", "Self", "Type", "_", "as", "associatedtype", "break", "case", "catch", "class",
        "continue", "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough", "false",
        "fileprivate", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "nil",
        "operator", "precedencegroup", "private", "protocol", "public", "repeat", "rethrows", "return", "self",
        "static", "struct", "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var",
        "where", "while",
    ]

    /// The framework types, modules and functions generated code names unqualified (besides
    /// the catalog's classes, protocols and enum types, added by `frameworkNames`). A member of
    /// a generated class with one of these names would hide it from the class's own code
    /// (`func UIColor()` breaks `UIColor(red:…)`), and a generated type with one would replace it.
    package static let otherFrameworkNames: [String] = [
        // Modules.
        "Swift", "Foundation", "Observation", "UIKit", "RxSwift", "RxRelay", "RxCocoa", "CardParts", "CardsStack",
        "MGSwipeCards", "TGCardViewController", "MapKit", "CoreLocation",
        // The standard library and Foundation.
        "String", "Int", "Double", "Float", "Bool", "Array", "Optional", "Equatable", "Hashable", "Sendable",
        "AnyObject", "Any", "Void", "Never", "NSCoder", "NSObject", "IndexPath", "MainActor", "CGFloat", "CGSize",
        "CGRect", "CGColor", "CFTimeInterval",
        // Observation.
        "Observable", "ObservationIgnored", "ObservationTracked", "ObservationRegistrar",
        // UIKit.
        "UIColor", "UIFont", "UIImage", "UIView", "UIViewController", "UIEdgeInsets", "UIBezierPath",
        "UICollectionView", "UICollectionViewCell", "UICollectionViewFlowLayout", "UICollectionViewDataSource",
        "UITableViewCell", "NSLayoutConstraint", "UILongPressGestureRecognizer", "UIControl", "UITableView",
        "UIStackView", "UIFontWeight",
        // RxSwift, RxRelay, RxCocoa.
        "BehaviorRelay", "DisposeBag", "Binder", "Observable", "Reactive",
        // CardParts.
        "CardState", "CardController", "CardPartView", "CardPartsTheme", "CardPartsViewController",
        "CardPartTableViewCell", "CardPartTableViewCardPartsCell", "CardPartCollectionViewCardPartsCell",
        "CardPartPagedViewDelegate", "CardsViewController", "CardPartsFullScreenViewController", "DataEntry",
        "CardPartTitleType",
        // MapKit and CoreLocation.
        "MKMapView", "MKCoordinateSpan", "MKCoordinateRegion", "CLLocation", "CLLocationCoordinate2D",
        // The private helpers a generated file declares.
        "CardcHelpers", "CardcPagedDelegate", "CardcEmbeddedCard", "CardcHostCell", "CardcSheetCard", "CardcMapManager",
        // CardsStack, MGSwipeCards, TGCardViewController.
        "CardStack", "Configuration", "CardsManagerDelegate", "MGCardStackView", "MGSwipeCard",
        "MGCardStackViewDataSource", "MGCardStackViewDelegate", "TGCard", "TGPlainCard", "TGMapManager",
    ]

    /// Every framework name generated code names unqualified: `otherFrameworkNames` and the
    /// catalog's part classes, trait protocols, enum types, stack seed classes and theme classes.
    public static let frameworkNames: Set<String> = {
        var names = Set(otherFrameworkNames)
        for part in Catalog.nodes { if let cls = part.cardPartsClass { names.insert(cls) } }
        for trait in Catalog.traits { names.insert(trait.cardPartsProtocol) }
        for kind in Catalog.stackKinds { names.insert(kind.seedClass) }
        for theme in Catalog.builtInThemes { names.insert(theme.cardPartsClass) }
        for parameter in Catalog.nodes.flatMap(\.parameters) + Catalog.stackKinds.flatMap({ $0.arguments + $0.bodyProperties })
            + Catalog.cardProperties.map(\.parameter) {
            var type = parameter.type
            while case .list(let element) = type { type = element }
            if let enumType = type.enumType, let outer = enumType.swiftType.split(separator: ".").first {
                names.insert(String(outer))
            }
        }
        return names
    }()

    /// Members a card controller inherits that an action method (`func name()`) would clash
    /// with, with where they come from: the zero-argument methods of `NSObject`, `UIResponder`,
    /// `UIViewController` and `CardPartsViewController` (a method of the same name and no
    /// arguments needs `override`, or makes the call ambiguous). Properties are not listed: a
    /// method beside an inherited property of the same name is legal Swift.
    package static let inheritedControllerMethods: [(owner: String, names: [String])] = [
        ("NSObject", ["copy", "mutableCopy", "self", "isProxy", "awakeFromNib", "prepareForInterfaceBuilder",
                      "accessibilityActivate", "accessibilityIncrement", "accessibilityDecrement",
                      "accessibilityPerformEscape", "accessibilityPerformMagicTap",
                      "accessibilityElementDidBecomeFocused", "accessibilityElementDidLoseFocus",
                      "accessibilityElementIsFocused", "accessibilityElementCount",
                      "accessibilityAssistiveTechnologyFocusedIdentifiers", "retain", "release", "autorelease",
                      "retainCount", "zone", "superclass", "classForCoder"]),
        ("UIResponder", ["becomeFirstResponder", "resignFirstResponder", "reloadInputViews"]),
        ("UIViewController", ["loadView", "loadViewIfNeeded", "viewDidLoad", "viewWillLayoutSubviews",
                              "viewDidLayoutSubviews", "viewLayoutMarginsDidChange", "viewSafeAreaInsetsDidChange",
                              "updateViewConstraints", "didReceiveMemoryWarning", "removeFromParent",
                              "setNeedsStatusBarAppearanceUpdate", "setNeedsUpdateOfHomeIndicatorAutoHidden",
                              "setNeedsUpdateOfScreenEdgesDeferringSystemGestures",
                              "setNeedsUpdateOfPrefersPointerLocked", "setNeedsUpdateOfSupportedInterfaceOrientations",
                              "setNeedsUpdateContentUnavailableConfiguration", "setNeedsFocusUpdate",
                              "updateFocusIfNeeded", "applicationFinishedRestoringState", "endAppearanceTransition",
                              "attemptRotationToDeviceOrientation", "dismiss"]),
        ("CardPartsViewController", ["invalidateLayout", "viewController"]),
    ]

    /// Every name an action of a card may not have, with why: the inherited methods above, the
    /// members the generated controller declares (`viewModel`, `sheetCard`, the nested
    /// `SwipeCard`/`SheetCard`/`MapManager`), and the trait members from the catalog
    /// (`cornerRadius`, `isHidden`…), which the controller implements.
    public static let cardControllerReserved: [String: String] = {
        var table: [String: String] = [:]
        for (owner, names) in inheritedControllerMethods {
            for name in names { table[name] = "`\(owner).\(name)()`, which the generated controller inherits" }
        }
        for name in [viewModelProperty, sheetCardProperty, makeSheetCardProperty, destinationType, swipeCardType, sheetCardType,
                     mapManagerType] {
            table[name] = "a member the generated card controller declares"
        }
        for trait in Catalog.traits {
            for member in trait.requirements.map(\.member) + trait.impliedMembers {
                let base = String(member.name.prefix { $0 != "(" })
                table[base] = table[base] ?? "`\(trait.cardPartsProtocol).\(member.name)`, which the controller implements"
            }
        }
        return table
    }()

    /// Members UIKit and CardParts give every card controller, which no part property may take.
    public static let cardControllerInheritedProperties: [String] = [
        "view", "viewIfLoaded", "title", "parent", "children", "navigationItem", "navigationController", "tabBarItem",
        "tabBarController", "splitViewController", "toolbarItems", "editButtonItem", "isEditing", "storyboard", "nibName",
        "nibBundle", "restorationIdentifier", "preferredContentSize", "presentedViewController", "presentingViewController",
        "presentationController", "popoverPresentationController", "sheetPresentationController", "traitCollection",
        "undoManager", "userActivity", "isViewLoaded", "next", "inputView", "inputAccessoryView", "description", "hash",
        "debugDescription", "modalPresentationStyle", "modalTransitionStyle", "additionalSafeAreaInsets", "keyCommands",
        "overrideUserInterfaceStyle", "state", "bag", "isEditable", "rx", "margins",
    ]

    /// The containers of a card's overlays and footer, which the controller declares.
    public static let swipeViewProperties: [String] = SwipeDirection.allCases.map { $0.rawValue + "Overlay" } + ["footer"]

    /// Every name a card controller's part properties avoid besides the card's actions: its
    /// reserved, inherited and fixed members and the framework names its code uses. A part's
    /// `id:` may not be one of them (E312); positional names are numbered around them.
    public static let cardControllerMembers: Set<String> = Set(cardControllerReserved.keys).union(frameworkNames)
        .union(cardControllerInheritedProperties).union([popMethod, "viewDidAppear", "init"]).union(swipeViewProperties)

    /// The members of a cell class generated for a `cell { … }` template (its own, and those
    /// `UITableViewCell`, `UICollectionViewCell`, `UIView` and CardParts' cells give it), which
    /// the parts of the template avoid.
    public static let cellMembers: Set<String> = [
        "reuseIdentifier", "configure", "owner", "bag", "rowsBag", "viewModel",
        "contentView", "textLabel", "detailTextLabel", "imageView", "backgroundView", "selectedBackgroundView",
        "accessoryView", "accessoryType", "selectionStyle", "separatorInset", "isSelected", "isHighlighted",
        "frame", "bounds", "center", "transform", "layer", "tag", "alpha", "isHidden", "isOpaque", "backgroundColor",
        "tintColor", "subviews", "superview", "window", "constraints", "gestureRecognizers", "contentMode",
        "clipsToBounds", "isUserInteractionEnabled", "intrinsicContentSize", "accessibilityIdentifier",
        "translatesAutoresizingMaskIntoConstraints", "topAnchor", "bottomAnchor", "leadingAnchor", "trailingAnchor",
        "leftAnchor", "rightAnchor", "widthAnchor", "heightAnchor", "centerXAnchor", "centerYAnchor",
        "description", "hash", "debugDescription", "next", "traitCollection", "margins", "cornerRadius",
        "setupCardParts", "prepareForReuse", "layoutSubviews", "updateConstraints", "init", "self",
    ]

    /// The Swift property of a part written with `id: id`: the id, or, for a part in every state
    /// of a card with two or more state blocks (one instance per state), the state's name
    /// followed by the id (`loadingHeader`).
    public static func partProperty(id: String, state: String?) -> String {
        guard let state else { return id }
        return state + capitalized(id)
    }

    /// Every name an action of a swipe stack may not have, with why.
    public static let swipeStackReserved: [String: String] = {
        var table: [String: String] = [:]
        for (owner, names) in inheritedControllerMethods where owner != "CardPartsViewController" {
            for name in names { table[name] = "`\(owner).\(name)()`, which the generated controller inherits" }
        }
        for (name, why) in swipeStackMembers { table[name] = why }
        return table
    }()

    /// The names the Observation flavor's code names unqualified: it imports only Foundation and
    /// Observation.
    public static let observationFrameworkNames: Set<String> = [
        "Swift", "Foundation", "Observation", "String", "Int", "Double", "Bool", "Array", "Optional", "Hashable",
        "Sendable", "AnyObject", "MainActor", "CGSize", "CGFloat", "Observable", "ObservationIgnored",
        "ObservationTracked", "ObservationRegistrar",
    ]

    /// The framework names a flavor's code names unqualified.
    public static func frameworkNames(_ flavor: Flavor) -> Set<String> {
        flavor == .cardParts ? frameworkNames : observationFrameworkNames
    }
}

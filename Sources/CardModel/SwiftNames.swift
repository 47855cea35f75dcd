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
        case .observation: kind.cardsMayRepeat ? [swipeDelegateSuffix] : []
        }
    }

    /// Every suffix of a generated top-level type, for the test that no suffix ends another.
    public static var allTypeSuffixes: [String] {
        var suffixes = Flavor.allCases.flatMap(cardSuffixes)
        for kind in Catalog.stackKinds { suffixes += Flavor.allCases.flatMap { stackSuffixes(kind, $0) } }
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
    /// A swipe stack controller's members.
    public static let swipeStackMembers: [String: String] = [
        "cardStack": "the swipe stack controller's `MGCardStackView`",
        "cards": "the swipe stack controller's card list",
        "loadedCards": "the swipe stack controller's loaded cards",
        "coordinator": "the swipe stack controller's data source",
    ]

    // MARK: Reserved names

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
        for name in [viewModelProperty, sheetCardProperty, swipeCardType, sheetCardType, mapManagerType] {
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

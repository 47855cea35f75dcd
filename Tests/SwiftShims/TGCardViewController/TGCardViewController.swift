// Signature-only subset of TGCardViewController 2.5.x (skedgo/TGCardViewController,
// `Sources/TGCardViewController/`), for type-checking generated code on Linux. Bodies trap.
//
// Left out: `TGCard.CardTitle.customExtended(any View)` (it needs SwiftUI), the card style kit's
// images, table/collection/page/hosting cards, and `awakeFromNib()` (an `NSObject` extension
// method in UIKit that this shim's UIKit cannot declare).

import MapKit
import UIKit

func shimOnly<T>(_ function: StaticString = #function) -> T {
    fatalError("TGCardViewController shim: \(function) has no implementation")
}

func shimTrap(_ function: StaticString = #function) -> Never {
    fatalError("TGCardViewController shim: \(function) has no implementation")
}

// MARK: - TGCardPosition.swift, TGButtonPosition.swift

/// Where the top card sits.
public enum TGCardPosition: String, Codable {
    case extended
    case peaking
    case collapsed
}

public enum TGButtonPosition {
    case top
    case bottom
}

public struct TGButtonStyle {
    public enum Shape {
        case roundedRect
        case circle
        case none
    }

    public init(shape: TGButtonStyle.Shape = .roundedRect, tintColor: UIColor? = nil, trackingColor: UIColor? = nil,
                isTranslucent: Bool = true) {
        self.shape = shape
        self.tintColor = tintColor
        self.trackingColor = trackingColor
        self.isTranslucent = isTranslucent
    }

    public let shape: Shape
    public let tintColor: UIColor?
    public let trackingColor: UIColor?
    public let isTranslucent: Bool
}

// MARK: - TGMapManager.swift, TGCompatibleMapBuilder.swift

/// Puts a card's content on the shared map view while the card is on top.
@MainActor
public protocol TGCompatibleMapManager: AnyObject {
    func takeCharge(of mapView: UIView, edgePadding: UIEdgeInsets, animated: Bool)
    func cleanUp(_ mapView: UIView, animated: Bool)
    var edgePadding: UIEdgeInsets { get set }
}

/// A MapKit map manager, meant to be subclassed.
@MainActor
open class TGMapManager: NSObject, TGCompatibleMapManager {
    public enum Zoom: Double {
        case road = 5
        case city = 10
        case country = 15
    }

    public var annotations: [MKAnnotation] { get { shimOnly() } set {} }
    open var annotationsToZoomToOnTakingCharge: [MKAnnotation] { shimOnly() }
    open func edgePaddingDidUpdate(_ edgePadding: UIEdgeInsets) { shimTrap() }
    public var preferredZoomLevel: Zoom { get { shimOnly() } set {} }
    public var edgePadding: UIEdgeInsets { get { shimOnly() } set {} }
    public var restoreMapRect: Bool { get { shimOnly() } set {} }
    public var mapView: MKMapView? { shimOnly() }
    public var isActive: Bool { shimOnly() }
    public override init() {}
    public func takeCharge(of mapView: UIView, edgePadding: UIEdgeInsets, animated: Bool) { shimTrap() }
    open func takeCharge(of mapView: MKMapView, animated: Bool) { shimTrap() }
    public func cleanUp(_ mapView: UIView, animated: Bool) { shimTrap() }
    open func cleanUp(_ mapView: MKMapView, animated: Bool) { shimTrap() }
    public func zoom(to annotations: [MKAnnotation], animated: Bool) { shimTrap() }
    public func zoom(to mapRect: MKMapRect, animated: Bool) { shimTrap() }
    public var centerCoordinate: CLLocationCoordinate2D? { shimOnly() }
    public func setCenter(_ coordinate: CLLocationCoordinate2D, animated: Bool) { shimTrap() }
}

extension TGMapManager: MKMapViewDelegate {}

/// Builds the map view a `TGCardViewController` shows.
public protocol TGCompatibleMapBuilder {
    func buildMapView() -> UIView
    func buildUserTrackingButton(for mapView: UIView) -> UIView?
    func buildCompassButton(for mapView: UIView) -> UIView?
    var askForLocationPermissions: ((_ completion: @escaping (Bool) -> Void) -> Void)? { get set }
}

extension TGCompatibleMapBuilder {
    public func buildUserTrackingButton(for mapView: UIView) -> UIView? { shimOnly() }
    public func buildCompassButton(for mapView: UIView) -> UIView? { shimOnly() }
}

/// The default builder: an `MKMapView`.
public class TGMapKitBuilder: TGCompatibleMapBuilder {
    public init(askForLocationPermissions: ((_ completion: @escaping (Bool) -> Void) -> Void)? = nil) {}
    public var askForLocationPermissions: ((_ completion: @escaping (Bool) -> Void) -> Void)? { get { shimOnly() } set {} }
    public var startOnMapRect: MKMapRect { get { shimOnly() } set {} }
    public func buildMapView() -> UIView { shimOnly() }
    public func buildCompassButton(for mapView: UIView) -> UIView? { shimOnly() }
    public func buildUserTrackingButton(for mapView: UIView) -> UIView? { shimOnly() }
}

// MARK: - cards/TGCardView.swift, TGHeaderView.swift, TGCardStyle.swift

public protocol TGPreferrableView {
    var preferredView: UIView? { get }
}

public class TGCornerView: UIView {}

/// The view of a card (not subclassable).
public class TGCardView: TGCornerView, TGPreferrableView {
    public var preferredView: UIView? { shimOnly() }
    public func updateDefaultTitle(title: String, subtitle: String?) { shimTrap() }
    public override var canBecomeFirstResponder: Bool { shimOnly() }
    public override var next: UIResponder? { shimOnly() }
}

open class TGHeaderView: UIView {
    public weak var closeButton: UIButton? { get { shimOnly() } set {} }
    public weak var rightButton: UIButton? { get { shimOnly() } set {} }
    open var cornerRadius: CGFloat { get { shimOnly() } set {} }
    open var preferredStatusBarStyle: UIStatusBarStyle? { get { shimOnly() } set {} }
}

public struct TGCardStyle {
    public static let `default` = TGCardStyle()
    public var titleFont: UIFont { get { shimOnly() } set {} }
    public var titleTextColor: UIColor { get { shimOnly() } set {} }
    public var subtitleFont: UIFont { get { shimOnly() } set {} }
    public var subtitleTextColor: UIColor { get { shimOnly() } set {} }
    public var backgroundColor: UIColor { get { shimOnly() } set {} }
    public var grabHandleColor: UIColor { get { shimOnly() } set {} }
    public var closeButtonCrossColor: UIColor { get { shimOnly() } set {} }
    public var closeButtonBackgroundColor: UIColor { get { shimOnly() } set {} }
}

// MARK: - cards/TGCard.swift, TGPlainCard.swift, TGNoCard.swift

/// Told when a card's map manager or scroll view changes.
@MainActor
public protocol TGCardDelegate: AnyObject {
    func mapManagerDidChange(old: TGCompatibleMapManager?, for card: TGCard)
    func contentScrollViewDidChange(old: UIScrollView?, for card: TGCard)
}

/// A card on a `TGCardViewController`'s stack. Without a map manager a card always starts
/// `.extended` (its `initialPosition` is forced to `.extended`).
open class TGCard: UIResponder, TGPreferrableView {
    /// What goes at the top of the card.
    public enum CardTitle {
        /// Title, optional subtitle, optional accessory view.
        case `default`(String, String? = nil, UIView? = nil)
        case custom(UIView, dismissButton: UIButton? = nil)
        case none
    }

    public enum FloatingCardToolBarAlignment {
        case leading, center, trailing, fill
    }

    public static func configureCloseButton(_ button: UIButton, style: TGCardStyle = .default) { shimTrap() }

    public weak var controller: TGCardViewController? { get { shimOnly() } set {} }
    public weak var delegate: TGCardDelegate? { get { shimOnly() } set {} }
    public let title: CardTitle
    open var preferredView: UIView? { shimOnly() }
    public var mapManager: TGCompatibleMapManager? { get { shimOnly() } set {} }
    public var initialPosition: TGCardPosition? { get { shimOnly() } set {} }
    public var showCloseButton: Bool { get { shimOnly() } set {} }

    public init(title: CardTitle, mapManager: TGCompatibleMapManager? = nil, initialPosition: TGCardPosition? = nil) {
        self.title = title
    }

    open override var canBecomeFirstResponder: Bool { shimOnly() }
    open override var keyCommands: [UIKeyCommand]? { shimOnly() }
    open override var next: UIResponder? { shimOnly() }

    public var topMapToolBarItems: [UIView]? { get { shimOnly() } set {} }
    public var bottomMapToolBarItems: [UIView]? { get { shimOnly() } set {} }
    public var floatingCardToolBarItems: [UIView]? { get { shimOnly() } set {} }
    public var floatingCardToolBarAlignment: FloatingCardToolBarAlignment { get { shimOnly() } set {} }

    open func buildHeaderView() -> TGHeaderView? { shimOnly() }
    open func buildCardView() -> TGCardView? { shimOnly() }
    open func didBuild(cardView: TGCardView?, headerView: TGHeaderView?) { shimTrap() }
    public var autoIgnoreContentInset: Bool { get { shimOnly() } set {} }
    public var viewIsVisible: Bool { shimOnly() }
    public var style: TGCardStyle { get { shimOnly() } set {} }
    open func copyStyling(to card: TGCard) { shimTrap() }
    open func willAdjustContentAlpha(_ value: CGFloat) { shimTrap() }
    open func shouldToggleSeparator(show: Bool, offset: CGFloat) -> Bool { shimOnly() }
    open func willAppear(animated: Bool) { shimTrap() }
    open func didAppear(animated: Bool) { shimTrap() }
    open func willDisappear(animated: Bool) { shimTrap() }
    open func didDisappear(animated: Bool) { shimTrap() }
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) { shimTrap() }
    /// Called when the card moved to a new position.
    open func didMove(to position: TGCardPosition, animated: Bool) { shimTrap() }
}

/// A card showing a plain (non-scrolling) content view.
open class TGPlainCard: TGCard {
    public let contentView: UIView?

    public init(title: CardTitle, contentView: UIView? = nil, mapManager: TGCompatibleMapManager? = nil,
                initialPosition: TGCardPosition? = nil) {
        self.contentView = contentView
        super.init(title: title, mapManager: mapManager, initialPosition: initialPosition)
    }

    public convenience init(title: String, subtitle: String? = nil, contentView: UIView? = nil,
                            accessoryView: UIView? = nil, mapManager: TGCompatibleMapManager? = nil,
                            initialPosition: TGCardPosition? = nil) {
        self.init(title: .default(title, subtitle, accessoryView), contentView: contentView, mapManager: mapManager,
                  initialPosition: initialPosition)
    }

    open override func buildCardView() -> TGCardView? { shimOnly() }
}

/// A card with no content: just a title over the map, collapsed.
open class TGNoCard: TGCard {
    public init(title: String, mapManager: TGCompatibleMapManager) {
        super.init(title: .default(title, nil, nil), mapManager: mapManager, initialPosition: .collapsed)
    }

    public override func buildCardView() -> TGCardView? { shimOnly() }
}

// MARK: - TGCardViewController.swift

@MainActor
public protocol TGCardViewControllerDelegate: AnyObject {
    func requestsDismissal(for controller: TGCardViewController)
}

/// The root controller: one map and a stack of cards over it. Subclass it and create it with
/// `init(nibName: "TGCardViewController", bundle: TGCardViewController.bundle)`; set `rootCard`
/// (or `initialCards`) in `viewDidLoad` before calling `super.viewDidLoad()`.
@MainActor
open class TGCardViewController: UIViewController {
    public enum Mode {
        case floating
        case sidebar
    }

    public static var bundle: Bundle { get { shimOnly() } set {} }

    open weak var delegate: TGCardViewControllerDelegate? { get { shimOnly() } set {} }
    public var mode: Mode { get { shimOnly() } set {} }
    public var navigationButtonsAreSpringLoaded: Bool { get { shimOnly() } set {} }
    public var headerBackgroundColor: UIColor? { get { shimOnly() } set {} }
    public var mapView: UIView! { shimOnly() }
    public var builder: TGCompatibleMapBuilder { get { shimOnly() } set {} }
    public var rootCard: TGCard? { get { shimOnly() } set {} }
    public var initialCards: [TGCard] { get { shimOnly() } set {} }
    public var buttonStyle: TGButtonStyle { get { shimOnly() } set {} }
    public var showDefaultButtons: Bool { get { shimOnly() } set {} }
    public var locationButtonPosition: TGButtonPosition { get { shimOnly() } set {} }
    public var persistentTopMapToolBarItems: [UIView] { get { shimOnly() } set {} }
    public var persistentBottomMapToolBarItems: [UIView] { get { shimOnly() } set {} }
    public var draggingCardEnabled: Bool { get { shimOnly() } set {} }

    open override var preferredStatusBarStyle: UIStatusBarStyle { shimOnly() }
    override open func viewDidLoad() { shimTrap() }
    override open func viewWillAppear(_ animated: Bool) { shimTrap() }
    override open func viewDidAppear(_ animated: Bool) { shimTrap() }
    override open func viewWillDisappear(_ animated: Bool) { shimTrap() }
    override open func viewDidDisappear(_ animated: Bool) { shimTrap() }
    open override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) { shimTrap() }
    override open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) { shimTrap() }
    open override func viewDidLayoutSubviews() { shimTrap() }

    /// The current position, inferred from where the top card is.
    public var cardPosition: TGCardPosition { shimOnly() }
    public func didUpdateToolbarVisibility(animated: Bool = true) { shimTrap() }
    public var topCard: TGCard? { shimOnly() }
    public func push(_ top: TGCard, animated: Bool = true, copyStyle: Bool = true,
                     completionHandler: (() -> Void)? = nil) { shimTrap() }
    /// `@objc public` in TGCardViewController. Popping the last card asks the delegate to dismiss.
    public func pop(animated: Bool = true, completionHandler: (() -> Void)? = nil) { shimTrap() }
    public func swap(for newCard: TGCard, animated: Bool = true, onCompletion handler: (() -> Void)? = nil) { shimTrap() }
    public func cardTitleHeightDidChanged() { shimTrap() }
    /// `.peaking` becomes `.extended` where the traits do not allow peaking.
    public func moveCard(to position: TGCardPosition, animated: Bool, onCompletion handler: (() -> Void)? = nil) {
        shimTrap()
    }
    public var topInfoView: UIView? { shimOnly() }
    public func showInfoView(_ view: UIView, animated: Bool) { shimTrap() }
    public func hideInfoView(animated: Bool) { shimTrap() }
    public func toggleMapOverlays(show: Bool, animated: Bool = true, completion: ((Bool) -> Void)? = nil) { shimTrap() }
    public func updateMapToolbarItems() { shimTrap() }
}

extension TGCardViewController: TGCardDelegate {
    public func mapManagerDidChange(old: TGCompatibleMapManager?, for card: TGCard) { shimTrap() }
    public func contentScrollViewDidChange(old: UIScrollView?, for card: TGCard) { shimTrap() }
}

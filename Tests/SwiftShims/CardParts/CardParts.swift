// Signature-only subset of CardParts 4.0.0 (intuit/CardParts, `CardParts/src/`), for
// type-checking generated code on Linux. Declarations follow the sources, not the README: RxSwift
// 6 relays, `shadowOpacity() -> Float`, `setupCardParts(_:forState:)`,
// `cardTapped(forState:action:)`. Access levels are kept, including the ones that matter to
// generated code:
//
// - Most part classes are `public`, not `open`: they cannot be subclassed outside CardParts.
// - The default implementations of `ShadowCardTrait`, `RoundedCardTrait`, `BorderCardTrait` and
//   `CardPartsLongPressGestureRecognizerDelegate.minimumPressDuration` are internal, so a card
//   outside CardParts must implement every one of those requirements itself. Only
//   `NoTopBottomMarginsCardTrait`, `TransparentCardTrait` and `EditableCardTrait.isEditable()`
//   have public defaults.
// - `CardPartPillLabel`, `CardPartIconLabel`, `CardPartHistogramView` and `CardPartSliderView`
//   have internal initializers; the public way to make the first three is the inherited `init()`.
//
// CardParts' `@objc` protocols (`GradientCardTrait`, `CardPartsLongPressGestureRecognizerDelegate`,
// `CardVisibilityDelegate`, `CardPartTableViewDelegate`, `CardPartCollectionViewDelegte`) are
// class-bound plain protocols here, since Linux has no Objective-C runtime; each `optional`
// requirement is a requirement with a public default implementation. Bodies trap.

import Foundation
import MapKit
import RxCocoa
import RxSwift
import UIKit

func shimOnly<T>(_ function: StaticString = #function) -> T {
    fatalError("CardParts shim: \(function) has no implementation")
}

func shimTrap(_ function: StaticString = #function) -> Never {
    fatalError("CardParts shim: \(function) has no implementation")
}

// MARK: - CardParts.swift, CardPartsTheme.swift

/// The global theme (`CardParts.theme`); set it with `CardPartsTheme.apply()`.
public class CardParts {
    public static var theme: CardPartsTheme = CardPartsTurboTheme()
}

/// `CardPartsTheme`: every themeable font, color and margin.
public protocol CardPartsTheme {
    var cardsViewContentInsetTop: CGFloat { get set }
    var cardsLineSpacing: CGFloat { get set }
    var cardShadow: Bool { get set }
    var cardCellMargins: UIEdgeInsets { get set }
    var cardPartMargins: UIEdgeInsets { get set }
    var separatorColor: UIColor { get set }
    var horizontalSeparatorMargins: UIEdgeInsets { get set }
    var smallTextFont: UIFont { get set }
    var smallTextColor: UIColor { get set }
    var normalTextFont: UIFont { get set }
    var normalTextColor: UIColor { get set }
    var titleTextFont: UIFont { get set }
    var titleTextColor: UIColor { get set }
    var headerTextFont: UIFont { get set }
    var headerTextColor: UIColor { get set }
    var detailTextFont: UIFont { get set }
    var detailTextColor: UIColor { get set }
    var smallAttributedTextFont: UIFont { get set }
    var smallAttributedTextColor: UIColor { get set }
    var normalAttributedTextFont: UIFont { get set }
    var normalAttributedTextColor: UIColor { get set }
    var titleAttributedTextFont: UIFont { get set }
    var titleAttributedTextColor: UIColor { get set }
    var headerAttributedTextFont: UIFont { get set }
    var headerAttributedTextColor: UIColor { get set }
    var detailAttributedTextFont: UIFont { get set }
    var detailAttributedTextColor: UIColor { get set }
    var titleFont: UIFont { get set }
    var titleColor: UIColor { get set }
    var titleViewMargins: UIEdgeInsets { get set }
    var buttonTitleFont: UIFont { get set }
    var buttonTitleColor: UIColor { get set }
    var buttonCornerRadius: CGFloat { get set }
    var barBackgroundColor: UIColor { get set }
    var barHeight: CGFloat { get set }
    var barColor: UIColor { get set }
    var todayLineColor: UIColor { get set }
    var roundedCorners: Bool { get set }
    var showTodayLine: Bool { get set }
    var barCornerRadius: CGFloat? { get set }
    var tableViewMargins: UIEdgeInsets { get set }
    var leftTitleFont: UIFont { get set }
    var leftDescriptionFont: UIFont { get set }
    var rightTitleFont: UIFont { get set }
    var rightDescriptionFont: UIFont { get set }
    var leftTitleColor: UIColor { get set }
    var leftDescriptionColor: UIColor { get set }
    var rightTitleColor: UIColor { get set }
    var rightDescriptionColor: UIColor { get set }
    var secondaryTitlePosition : CardPartSecondaryTitleDescPosition { get set }
}

extension CardPartsTheme {
    /// Makes this theme `CardParts.theme`.
    public func apply() { shimTrap() }
}

/// The Mint theme (`public`, not `open`: configure an instance rather than subclassing).
public class CardPartsMintTheme: CardPartsTheme {
    public var cardsViewContentInsetTop: CGFloat { get { shimOnly() } set {} }
    public var cardsLineSpacing: CGFloat { get { shimOnly() } set {} }
    public var cardShadow: Bool { get { shimOnly() } set {} }
    public var cardCellMargins: UIEdgeInsets { get { shimOnly() } set {} }
    public var cardPartMargins: UIEdgeInsets { get { shimOnly() } set {} }
    public var separatorColor: UIColor { get { shimOnly() } set {} }
    public var horizontalSeparatorMargins: UIEdgeInsets { get { shimOnly() } set {} }
    public var smallTextFont: UIFont { get { shimOnly() } set {} }
    public var smallTextColor: UIColor { get { shimOnly() } set {} }
    public var normalTextFont: UIFont { get { shimOnly() } set {} }
    public var normalTextColor: UIColor { get { shimOnly() } set {} }
    public var titleTextFont: UIFont { get { shimOnly() } set {} }
    public var titleTextColor: UIColor { get { shimOnly() } set {} }
    public var headerTextFont: UIFont { get { shimOnly() } set {} }
    public var headerTextColor: UIColor { get { shimOnly() } set {} }
    public var detailTextFont: UIFont { get { shimOnly() } set {} }
    public var detailTextColor: UIColor { get { shimOnly() } set {} }
    public var smallAttributedTextFont: UIFont { get { shimOnly() } set {} }
    public var smallAttributedTextColor: UIColor { get { shimOnly() } set {} }
    public var normalAttributedTextFont: UIFont { get { shimOnly() } set {} }
    public var normalAttributedTextColor: UIColor { get { shimOnly() } set {} }
    public var titleAttributedTextFont: UIFont { get { shimOnly() } set {} }
    public var titleAttributedTextColor: UIColor { get { shimOnly() } set {} }
    public var headerAttributedTextFont: UIFont { get { shimOnly() } set {} }
    public var headerAttributedTextColor: UIColor { get { shimOnly() } set {} }
    public var detailAttributedTextFont: UIFont { get { shimOnly() } set {} }
    public var detailAttributedTextColor: UIColor { get { shimOnly() } set {} }
    public var titleFont: UIFont { get { shimOnly() } set {} }
    public var titleColor: UIColor { get { shimOnly() } set {} }
    public var titleViewMargins: UIEdgeInsets { get { shimOnly() } set {} }
    public var buttonTitleFont: UIFont { get { shimOnly() } set {} }
    public var buttonTitleColor: UIColor { get { shimOnly() } set {} }
    public var buttonCornerRadius: CGFloat { get { shimOnly() } set {} }
    public var barBackgroundColor: UIColor { get { shimOnly() } set {} }
    public var barHeight: CGFloat { get { shimOnly() } set {} }
    public var barColor: UIColor { get { shimOnly() } set {} }
    public var todayLineColor: UIColor { get { shimOnly() } set {} }
    public var roundedCorners: Bool { get { shimOnly() } set {} }
    public var showTodayLine: Bool { get { shimOnly() } set {} }
    public var barCornerRadius: CGFloat? { get { shimOnly() } set {} }
    public var tableViewMargins: UIEdgeInsets { get { shimOnly() } set {} }
    public var leftTitleFont: UIFont { get { shimOnly() } set {} }
    public var leftDescriptionFont: UIFont { get { shimOnly() } set {} }
    public var rightTitleFont: UIFont { get { shimOnly() } set {} }
    public var rightDescriptionFont: UIFont { get { shimOnly() } set {} }
    public var leftTitleColor: UIColor { get { shimOnly() } set {} }
    public var leftDescriptionColor: UIColor { get { shimOnly() } set {} }
    public var rightTitleColor: UIColor { get { shimOnly() } set {} }
    public var rightDescriptionColor: UIColor { get { shimOnly() } set {} }
    public var secondaryTitlePosition : CardPartSecondaryTitleDescPosition { get { shimOnly() } set {} }
    public init() {}
}

/// The Turbo theme, CardParts' default.
public class CardPartsTurboTheme: CardPartsTheme {
    public var cardsViewContentInsetTop: CGFloat { get { shimOnly() } set {} }
    public var cardsLineSpacing: CGFloat { get { shimOnly() } set {} }
    public var cardShadow: Bool { get { shimOnly() } set {} }
    public var cardCellMargins: UIEdgeInsets { get { shimOnly() } set {} }
    public var cardPartMargins: UIEdgeInsets { get { shimOnly() } set {} }
    public var separatorColor: UIColor { get { shimOnly() } set {} }
    public var horizontalSeparatorMargins: UIEdgeInsets { get { shimOnly() } set {} }
    public var smallTextFont: UIFont { get { shimOnly() } set {} }
    public var smallTextColor: UIColor { get { shimOnly() } set {} }
    public var normalTextFont: UIFont { get { shimOnly() } set {} }
    public var normalTextColor: UIColor { get { shimOnly() } set {} }
    public var titleTextFont: UIFont { get { shimOnly() } set {} }
    public var titleTextColor: UIColor { get { shimOnly() } set {} }
    public var headerTextFont: UIFont { get { shimOnly() } set {} }
    public var headerTextColor: UIColor { get { shimOnly() } set {} }
    public var detailTextFont: UIFont { get { shimOnly() } set {} }
    public var detailTextColor: UIColor { get { shimOnly() } set {} }
    public var smallAttributedTextFont: UIFont { get { shimOnly() } set {} }
    public var smallAttributedTextColor: UIColor { get { shimOnly() } set {} }
    public var normalAttributedTextFont: UIFont { get { shimOnly() } set {} }
    public var normalAttributedTextColor: UIColor { get { shimOnly() } set {} }
    public var titleAttributedTextFont: UIFont { get { shimOnly() } set {} }
    public var titleAttributedTextColor: UIColor { get { shimOnly() } set {} }
    public var headerAttributedTextFont: UIFont { get { shimOnly() } set {} }
    public var headerAttributedTextColor: UIColor { get { shimOnly() } set {} }
    public var detailAttributedTextFont: UIFont { get { shimOnly() } set {} }
    public var detailAttributedTextColor: UIColor { get { shimOnly() } set {} }
    public var titleFont: UIFont { get { shimOnly() } set {} }
    public var titleColor: UIColor { get { shimOnly() } set {} }
    public var titleViewMargins: UIEdgeInsets { get { shimOnly() } set {} }
    public var buttonTitleFont: UIFont { get { shimOnly() } set {} }
    public var buttonTitleColor: UIColor { get { shimOnly() } set {} }
    public var buttonCornerRadius: CGFloat { get { shimOnly() } set {} }
    public var barBackgroundColor: UIColor { get { shimOnly() } set {} }
    public var barHeight: CGFloat { get { shimOnly() } set {} }
    public var barColor: UIColor { get { shimOnly() } set {} }
    public var todayLineColor: UIColor { get { shimOnly() } set {} }
    public var roundedCorners: Bool { get { shimOnly() } set {} }
    public var showTodayLine: Bool { get { shimOnly() } set {} }
    public var barCornerRadius: CGFloat? { get { shimOnly() } set {} }
    public var tableViewMargins: UIEdgeInsets { get { shimOnly() } set {} }
    public var leftTitleFont: UIFont { get { shimOnly() } set {} }
    public var leftDescriptionFont: UIFont { get { shimOnly() } set {} }
    public var rightTitleFont: UIFont { get { shimOnly() } set {} }
    public var rightDescriptionFont: UIFont { get { shimOnly() } set {} }
    public var leftTitleColor: UIColor { get { shimOnly() } set {} }
    public var leftDescriptionColor: UIColor { get { shimOnly() } set {} }
    public var rightTitleColor: UIColor { get { shimOnly() } set {} }
    public var rightDescriptionColor: UIColor { get { shimOnly() } set {} }
    public var secondaryTitlePosition : CardPartSecondaryTitleDescPosition { get { shimOnly() } set {} }
    public init() {}
}

// MARK: - CardController.swift (traits), CardVisibilityDelegate.swift

/// Anything a `CardsViewController` can show.
public protocol CardController: NSObjectProtocol {
    func viewController() -> UIViewController
}

public protocol NoTopBottomMarginsCardTrait {
    func requiresNoTopBottomMargins() -> Bool
}

extension NoTopBottomMarginsCardTrait {
    public func requiresNoTopBottomMargins() -> Bool { true }
}

public protocol TransparentCardTrait {
    func requiresTransparentCard() -> Bool
}

extension TransparentCardTrait {
    public func requiresTransparentCard() -> Bool { true }
}

public protocol EditableCardTrait {
    func isEditable() -> Bool
    func onEditButtonTap()
}

extension EditableCardTrait {
    public func isEditable() -> Bool { true }
}

public protocol HiddenCardTrait {
    var isHidden: BehaviorRelay<Bool> { get }
}

public protocol ShadowCardTrait {
    func shadowColor() -> CGColor
    func shadowRadius() -> CGFloat
    func shadowOpacity() -> Float
    func shadowOffset() -> CGSize
}

// Internal in CardParts: invisible to (and no witness for) conformances in other modules.
extension ShadowCardTrait {
    func shadowColor() -> CGColor { shimOnly() }
    func shadowRadius() -> CGFloat { 8.0 }
    func shadowOpacity() -> Float { 0.7 }
    func shadowOffset() -> CGSize { CGSize(width: 0, height: 5) }
}

public protocol RoundedCardTrait {
    func cornerRadius() -> CGFloat
}

// Internal in CardParts.
extension RoundedCardTrait {
    func cornerRadius() -> CGFloat { 10.0 }
}

/// `@objc public protocol GradientCardTrait` in CardParts.
public protocol GradientCardTrait: AnyObject {
    func gradientColors() -> [UIColor]
    /// `@objc optional` in CardParts (read as `gradientAngle?() ?? 0`).
    func gradientAngle() -> Float
}

extension GradientCardTrait {
    public func gradientAngle() -> Float { 0 }
}

/// `@objc public protocol CardPartsLongPressGestureRecognizerDelegate: AnyObject` in CardParts.
public protocol CardPartsLongPressGestureRecognizerDelegate: AnyObject {
    func didLongPress(_ gesture: UILongPressGestureRecognizer) -> Void
    var minimumPressDuration: CFTimeInterval { get }
}

// Internal in CardParts.
extension CardPartsLongPressGestureRecognizerDelegate {
    var minimumPressDuration: CFTimeInterval { 1.0 }
}

public protocol BorderCardTrait {
    func borderWidth() -> CGFloat
    func borderColor() -> CGColor
}

// Internal in CardParts.
extension BorderCardTrait {
    func borderWidth() -> CGFloat { 0.5 }
    func borderColor() -> CGColor { shimOnly() }
}

public protocol CustomMarginCardTrait {
    func customMargin() -> CGFloat
}

/// `@objc public protocol CardVisibilityDelegate` in CardParts: told how much of the card is visible
/// as a `CardsViewController` scrolls.
public protocol CardVisibilityDelegate: AnyObject {
    /// `@objc optional` in CardParts.
    func cardVisibility(cardVisibilityRatio: CGFloat, containerCoverageRatio: CGFloat)
}

extension CardVisibilityDelegate {
    public func cardVisibility(cardVisibilityRatio: CGFloat, containerCoverageRatio: CGFloat) {}
}

// MARK: - CardPartsViewController.swift

/// A card's state; `setupCardParts(_:forState:)` registers parts per state.
public enum CardState: Hashable {
    case none
    case loading
    case empty
    case hasData
    case custom(String)
}

/// The base class of every card.
open class CardPartsViewController: UIViewController, CardController {
    public var isEditable: Bool { get { shimOnly() } set {} }
    public var state: CardState { get { shimOnly() } set {} }
    public let bag = DisposeBag()

    override open func viewDidLoad() { shimTrap() }
    public func setupCardParts(_ cardParts: [CardPartView], forState: CardState = .none) { shimTrap() }
    public func viewController() -> UIViewController { shimOnly() }
    public func invalidateLayout() { shimTrap() }
    public func invalidateLayout<T>(onChanges variables: [BehaviorRelay<T>]) { shimTrap() }
    public func cardTapped(forState state: CardState = .none, action: @escaping (() -> ())) { shimTrap() }
}

extension Reactive where Base: CardPartsViewController {
    public var state: Binder<CardState> { shimOnly() }
}

// MARK: - CardsViewController.swift, CardPartsFullScreenViewController.swift

/// A scrolling list of cards.
open class CardsViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate,
    UIScrollViewDelegate {
    /// Per-controller card margins; defaults to the theme's `cardCellMargins`.
    public var cardCellMargins: UIEdgeInsets { get { shimOnly() } set {} }
    public var collectionView: UICollectionView! { get { shimOnly() } set {} }
    public var shouldListenToKeyboardNotifications: Bool { get { shimOnly() } set {} }

    open override func viewDidLoad() { shimTrap() }
    open override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) { shimTrap() }
    open override func viewDidAppear(_ animated: Bool) { shimTrap() }
    open override func viewWillAppear(_ animated: Bool) { shimTrap() }
    open override func viewWillDisappear(_ animated: Bool) { shimTrap() }

    public func invalidateLayout() { shimTrap() }
    public func loadCards(cards: [CardController]) { shimTrap() }
    public func loadSpecificCards(cards: [CardController], indexPaths: [IndexPath]) { shimTrap() }
    public func registerCells(cards: [CardController]) { shimTrap() }
    public func reload(cards: [CardController]) { shimTrap() }

    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { shimOnly() }
    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        shimOnly()
    }
    open func getCardControllerCount() -> Int { shimOnly() }
    open func getCardControllerForIndexPath(indexPath: IndexPath) -> CardController { shimOnly() }
    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { shimTrap() }
    public func scrollViewDidScroll(_ scrollView: UIScrollView) { shimTrap() }
    /// `@objc open` in CardParts.
    open func keyboardWillShow(notification: Notification) { shimTrap() }
    /// `@objc open` in CardParts.
    open func keyboardWillHide(notification: Notification) { shimTrap() }
}

/// A card shown full screen (a `CardPartsViewController` with a white background).
open class CardPartsFullScreenViewController: CardPartsViewController {
    open override func viewDidLoad() { shimTrap() }
}

// MARK: - Card Parts/CardPartView.swift

/// What every part is: a view (or a view controller) with margins.
public protocol CardPartView {
    var margins: UIEdgeInsets { get set }
    var view: UIView! { get }
    var viewController: UIViewController? { get }
}

extension CardPartView {
    public var view: UIView! { shimOnly() }
    public var viewController: UIViewController? { shimOnly() }
}

// MARK: - CardPartTextView.swift

public enum CardPartLabelVerticalAlignment {
    case top, center, bottom
}

/// The label inside a `CardPartTextView`.
public class CardPartLabel: UILabel {
    public var textInsets: UIEdgeInsets { get { shimOnly() } set {} }
    override public func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect { shimOnly() }
    override public func drawText(in rect: CGRect) { shimTrap() }
}

public enum CardPartTextType {
    case small
    case normal
    case title
    case header
    case detail
}

/// `text`: one string, styled by the theme for its `CardPartTextType`.
public class CardPartTextView: UIView, CardPartView {
    public var text: String? { get { shimOnly() } set {} }
    public var attributedText: NSAttributedString? { get { shimOnly() } set {} }
    public var font: UIFont! { get { shimOnly() } set {} }
    public var textColor: UIColor! { get { shimOnly() } set {} }
    public var textAlignment: NSTextAlignment { get { shimOnly() } set {} }
    public var verticalAlignment: CardPartLabelVerticalAlignment { get { shimOnly() } set {} }
    public var lineSpacing: CGFloat { get { shimOnly() } set {} }
    public var lineHeightMultiple: CGFloat { get { shimOnly() } set {} }
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public var label: CardPartLabel { get { shimOnly() } set {} }

    public init(type: CardPartTextType) { super.init(frame: .zero) }
    required public init?(coder aDecoder: NSCoder) { shimTrap() }
    override public func updateConstraints() { shimTrap() }
}

extension Reactive where Base: CardPartTextView {
    public var text: Binder<String?> { shimOnly() }
    public var attributedText: Binder<NSAttributedString?> { shimOnly() }
    public var font: Binder<UIFont> { shimOnly() }
    public var textColor: Binder<UIColor> { shimOnly() }
    public var textAlignment: Binder<NSTextAlignment> { shimOnly() }
    public var verticalAlignment: Binder<CardPartLabelVerticalAlignment> { shimOnly() }
    public var lineSpacing: Binder<CGFloat> { shimOnly() }
    public var lineHeightMultiple: Binder<CGFloat> { shimOnly() }
}

// MARK: - CardPartAttributedTextView.swift

/// The text view inside a `CardPartAttributedTextView`.
public class CardPartUITextView: UITextView {
    public var textInsets: UIEdgeInsets { get { shimOnly() } set {} }
}

public enum CardPartAttributedTextType {
    case small
    case normal
    case title
    case header
    case detail
}

/// `attributedText`: rich text with links and an image the text flows around.
public class CardPartAttributedTextView: UIView, CardPartView {
    public var text: String? { get { shimOnly() } set {} }
    public var attributedText: NSMutableAttributedString? { get { shimOnly() } set {} }
    public var font: UIFont? { get { shimOnly() } set {} }
    public var textColor: UIColor? { get { shimOnly() } set {} }
    public var isEditable: Bool { get { shimOnly() } set {} }
    public var dataDetectorTypes: UIDataDetectorTypes { get { shimOnly() } set {} }
    public var textAlignment: NSTextAlignment { get { shimOnly() } set {} }
    public var linkTextAttributes: [NSAttributedString.Key: Any] { get { shimOnly() } set {} }
    public var exclusionPath: [UIBezierPath]? { get { shimOnly() } set {} }
    public var lineSpacing: CGFloat { get { shimOnly() } set {} }
    public var lineHeightMultiple: CGFloat { get { shimOnly() } set {} }
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public var textView: CardPartUITextView { get { shimOnly() } set {} }
    public var textViewImage: CardPartImageView? { get { shimOnly() } set {} }

    public init(type: CardPartAttributedTextType) { super.init(frame: .zero) }
    required public init?(coder: NSCoder) { shimTrap() }
    override public func updateConstraints() { shimTrap() }
}

extension Reactive where Base: CardPartAttributedTextView {
    public var text: Binder<String?> { shimOnly() }
    public var attributedText: Binder<NSMutableAttributedString?> { shimOnly() }
    public var font: Binder<UIFont> { shimOnly() }
    public var textColor: Binder<UIColor> { shimOnly() }
    public var isEditable: Binder<Bool> { shimOnly() }
    public var dataDetectorTypes: Binder<UIDataDetectorTypes> { shimOnly() }
    public var textAlignment: Binder<NSTextAlignment> { shimOnly() }
    public var exclusionPath: Binder<[UIBezierPath]?> { shimOnly() }
    public var lineSpacing: Binder<CGFloat> { shimOnly() }
    public var lineHeightMultiple: Binder<CGFloat> { shimOnly() }
}

// MARK: - CardPartImageView.swift

/// `image`: a `UIImageView` (all of `UIImageView`'s initializers are inherited).
public class CardPartImageView: UIImageView, CardPartView {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    /// Setting it loads `UIImage(named:)`.
    public var imageName: String? { get { shimOnly() } set {} }
}

extension Reactive where Base: CardPartImageView {
    public var imageName: Binder<String?> { shimOnly() }
    public var contentMode: Binder<UIView.ContentMode> { shimOnly() }
}

// MARK: - CardPartButtonView.swift

/// `button`: a themed `UIButton` (left-aligned by default).
public class CardPartButtonView: UIButton, CardPartView {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public init() { super.init(frame: .zero) }
    required public init?(coder aDecoder: NSCoder) { shimTrap() }
}

extension Reactive where Base: CardPartButtonView {
    public var buttonTitle: Binder<String> { shimOnly() }
    public var contentHorizontalAlignment: Binder<UIControl.ContentHorizontalAlignment> { shimOnly() }
}

// MARK: - CardPartTitleView.swift

public enum CardPartTitleType {
    case titleOnly
    case titleWithMenu
    case titleWithActionableButton
}

/// `title`: the card's title, optionally with a menu button.
public class CardPartTitleView: UIView, CardPartView {
    public var title: String? { get { shimOnly() } set {} }
    public var titleFont: UIFont { get { shimOnly() } set {} }
    public var titleColor: UIColor { get { shimOnly() } set {} }
    /// The alert's title; the menu shows only when both this and `menuOptions` are set.
    public var menuTitle: String? { get { shimOnly() } set {} }
    public var menuOptions: [String]? { get { shimOnly() } set {} }
    public var menuButtonImage: UIImage? { get { shimOnly() } set {} }
    public var menuButtonImageName: String { get { shimOnly() } set {} }
    /// Called with the chosen option and its index.
    public var menuOptionObserver: ((String, Int) -> Void)? { get { shimOnly() } set {} }
    public var menuActionableCallback: (() -> ())? { get { shimOnly() } set {} }
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public var label: UILabel { get { shimOnly() } set {} }
    public var button: UIButton? { get { shimOnly() } set {} }

    public init(type: CardPartTitleType) { super.init(frame: .zero) }
    required public init?(coder aDecoder: NSCoder) { shimTrap() }
    override public func updateConstraints() { shimTrap() }
}

extension Reactive where Base: CardPartTitleView {
    public var title: Binder<String?> { shimOnly() }
    public var titleFont: Binder<UIFont> { shimOnly() }
    public var titleColor: Binder<UIColor> { shimOnly() }
    public var menuTitle: Binder<String?> { shimOnly() }
    public var menuOptions: Binder<[String]?> { shimOnly() }
    public var menuButtonImageName: Binder<String> { shimOnly() }
    public var menuButtonImage: Binder<UIImage?> { shimOnly() }
}

// MARK: - CardPartTitleDescriptionView.swift

public enum CardPartTitlePosition {
    case top
    case bottom
}

public enum CardPartTitleCompression {
    case left
    case right
}

public enum CardPartSecondaryTitleDescPosition {
    case center(amount: CGFloat)
    case right
}

/// `titleDescription`: left and right title/description pairs.
public class CardPartTitleDescriptionView: UIView, CardPartView {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public var leftTitleLabel: UILabel { get { shimOnly() } set {} }
    public var leftDescriptionLabel: UILabel { get { shimOnly() } set {} }
    public var rightTitleLabel: UILabel { get { shimOnly() } set {} }
    public var rightDescriptionLabel: UILabel { get { shimOnly() } set {} }
    public var leftTitleText: String? { get { shimOnly() } set {} }
    public var leftDescriptionText: String? { get { shimOnly() } set {} }
    public var leftDescriptionAttributedText: NSAttributedString? { get { shimOnly() } set {} }
    public var leftTitleAttributedText: NSAttributedString? { get { shimOnly() } set {} }
    public var rightTitleText: String? { get { shimOnly() } set {} }
    public var rightDescriptionText: String? { get { shimOnly() } set {} }
    public var rightDescriptionAttributedText: NSAttributedString? { get { shimOnly() } set {} }
    public var rightTitleAttributedText: NSAttributedString? { get { shimOnly() } set {} }
    public var leftTitleFont: UIFont { get { shimOnly() } set {} }
    public var leftDescriptionFont: UIFont { get { shimOnly() } set {} }
    public var rightTitleFont: UIFont { get { shimOnly() } set {} }
    public var rightDescriptionFont: UIFont { get { shimOnly() } set {} }
    public var leftTitleColor: UIColor { get { shimOnly() } set {} }
    public var leftDescriptionColor: UIColor { get { shimOnly() } set {} }
    public var rightTitleColor: UIColor { get { shimOnly() } set {} }
    public var rightDescriptionColor: UIColor { get { shimOnly() } set {} }
    public var titleCompression: CardPartTitleCompression { get { shimOnly() } set {} }

    public init(titlePosition: CardPartTitlePosition = .top,
                secondaryPosition: CardPartSecondaryTitleDescPosition = CardParts.theme.secondaryTitlePosition) {
        super.init(frame: .zero)
    }
    required public init?(coder aDecoder: NSCoder) { shimTrap() }
    override public func updateConstraints() { shimTrap() }
}

extension Reactive where Base: CardPartTitleDescriptionView {
    public var leftTitleText: Binder<String?> { shimOnly() }
    public var leftDescriptionText: Binder<String?> { shimOnly() }
    public var leftDescriptionAttributedText: Binder<NSAttributedString?> { shimOnly() }
    public var leftTitleAttributedText: Binder<NSAttributedString?> { shimOnly() }
    public var rightDescriptionAttributedText: Binder<NSAttributedString?> { shimOnly() }
    public var rightTitleAttributedText: Binder<NSAttributedString?> { shimOnly() }
    public var rightTitleText: Binder<String?> { shimOnly() }
    public var rightDescriptionText: Binder<String?> { shimOnly() }
    public var leftTitleFont: Binder<UIFont> { shimOnly() }
    public var leftDescriptionFont: Binder<UIFont> { shimOnly() }
    public var rightTitleFont: Binder<UIFont> { shimOnly() }
    public var rightDescriptionFont: Binder<UIFont> { shimOnly() }
    public var leftTitleColor: Binder<UIColor> { shimOnly() }
    public var leftDescriptionColor: Binder<UIColor> { shimOnly() }
    public var rightTitleColor: Binder<UIColor> { shimOnly() }
    public var rightDescriptionColor: Binder<UIColor> { shimOnly() }
}

// MARK: - CardPartPillLabel.swift

/// `pill`: a label in a rounded pill. Its `init(frame:)` is internal: make one with `init()`.
public class CardPartPillLabel: UILabel, CardPartView {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public var labelText: String? { get { shimOnly() } set {} }
    public var verticalPadding: CGFloat { get { shimOnly() } set {} }
    public var horizontalPadding: CGFloat { get { shimOnly() } set {} }
    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder aDecoder: NSCoder) { shimTrap() }
    public override var intrinsicContentSize: CGSize { shimOnly() }
    public override func layoutSubviews() { shimTrap() }
}

extension Reactive where Base: CardPartPillLabel {
    public var labelText: Binder<String?> { shimOnly() }
    public var verticalPadding: Binder<CGFloat> { shimOnly() }
    public var horizontalPadding: Binder<CGFloat> { shimOnly() }
}

// MARK: - CardPartIconLabel.swift

/// `iconLabel`: a label with an icon. Its `init(frame:)` is internal: make one with `init()`.
public class CardPartIconLabel: UILabel, CardPartView {
    public enum HorizontalPosition {
        case left
        case right
    }

    public enum VerticalPosition {
        case top
        case center
        case bottom
    }

    public typealias Position = (horizontal: CardPartIconLabel.HorizontalPosition, vertical: CardPartIconLabel.VerticalPosition)

    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public var verticalPadding: CGFloat { get { shimOnly() } set {} }
    public var horizontalPadding: CGFloat { get { shimOnly() } set {} }
    public var padding: CGFloat { get { shimOnly() } set {} }
    public var iconView: UIImageView? { get { shimOnly() } set {} }
    /// `open var` in CardParts (in a `public` class, so effectively public).
    public var iconPosition: Position { get { shimOnly() } set {} }
    public var iconPadding: CGFloat { get { shimOnly() } set {} }
    public var icon: UIImage? { get { shimOnly() } set {} }
    public var labelText: String? { get { shimOnly() } set {} }
    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder aDecoder: NSCoder) { shimTrap() }
    public override func drawText(in rect: CGRect) { shimTrap() }
    public override var intrinsicContentSize: CGSize { shimOnly() }
    public func tapIconGestureRecognizer(action: (() -> Void)?) { shimTrap() }
}

extension Reactive where Base: CardPartIconLabel {
    public var labelText: Binder<String?> { shimOnly() }
    public var verticalPadding: Binder<CGFloat> { shimOnly() }
    public var horizontalPadding: Binder<CGFloat> { shimOnly() }
    public var iconView: Binder<UIImageView> { shimOnly() }
    public var icon: Binder<UIImage?> { shimOnly() }
}

// MARK: - CardPartSeparatorView.swift, CardPartVerticalSeparatorView.swift, CardPartSpacerView.swift

/// `separator`.
public class CardPartSeparatorView: UIView, CardPartView {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public init() { super.init(frame: .zero) }
    required public init?(coder aDecoder: NSCoder) { shimTrap() }
    override public var intrinsicContentSize: CGSize { shimOnly() }
}

/// `verticalSeparator`.
public class CardPartVerticalSeparatorView: UIView, CardPartView {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public init() { super.init(frame: .zero) }
    required public init?(coder aDecoder: NSCoder) { shimTrap() }
}

/// `spacer`.
public class CardPartSpacerView: UIView, CardPartView {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public init(height: CGFloat) { super.init(frame: .zero) }
    required public init?(coder aDecoder: NSCoder) { shimTrap() }
    override public var intrinsicContentSize: CGSize { shimOnly() }
}

// MARK: - CardPartStackView.swift

/// `vstack`/`hstack`: a `UIStackView` (all of its initializers are inherited) with an optional
/// rounded background view, installed with `pinBackground(_:to:)`.
public class CardPartStackView: UIStackView, CardPartView {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public var backgroundView: UIView { get { shimOnly() } set {} }
    /// Applied to the background view by `pinBackground(_:to:)`; default 4.
    public var cornerRadius: CGFloat { get { shimOnly() } set {} }
    public func pinBackground(_ view: UIView, to stackView: UIStackView) { shimTrap() }
}

// MARK: - CardPartTableView.swift, CardPartTableViewCell.swift, CardPartTableViewCardPartsCell.swift

/// `@objc public protocol CardPartTableViewDelegate` in CardParts.
public protocol CardPartTableViewDelegate: AnyObject {
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    /// `@objc optional` in CardParts.
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
}

extension CardPartTableViewDelegate {
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { shimOnly() }
}

/// `table`: a non-scrolling, self-sizing plain `UITableView` (its style cannot be changed), which
/// registers `CardPartTableViewCell` under the identifier `"CellId"`.
public class CardPartTableView: UIView, CardPartView, UITableViewDelegate {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public var tableView: UITableView { get { shimOnly() } set {} }
    /// Default 60.
    public var rowHeight: CGFloat { get { shimOnly() } set {} }
    /// Strong, not weak.
    public var delegate: CardPartTableViewDelegate? { get { shimOnly() } set {} }
    public init() { super.init(frame: .zero) }
    required public init?(coder aDecoder: NSCoder) { shimTrap() }
    override public var intrinsicContentSize: CGSize { shimOnly() }
    override public func updateConstraints() { shimTrap() }
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { shimOnly() }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { shimTrap() }
}

/// The default table cell: left/right title and description labels.
public class CardPartTableViewCell: UITableViewCell {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public var leftTitleLabel: UILabel { get { shimOnly() } set {} }
    public var leftDescriptionLabel: UILabel { get { shimOnly() } set {} }
    public var rightTitleLabel: UILabel { get { shimOnly() } set {} }
    public var rightDescriptionLabel: UILabel { get { shimOnly() } set {} }
    public var rightTopButton: UIButton { get { shimOnly() } set {} }
    public var shouldCenterRightLabel: Bool { get { shimOnly() } set {} }
    public var leftTitleFont: UIFont { get { shimOnly() } set {} }
    public var leftDescriptionFont: UIFont { get { shimOnly() } set {} }
    public var rightTitleFont: UIFont { get { shimOnly() } set {} }
    public var rightDescriptionFont: UIFont { get { shimOnly() } set {} }
    public var leftTitleColor: UIColor { get { shimOnly() } set {} }
    public var leftDescriptionColor: UIColor { get { shimOnly() } set {} }
    public var rightTitleColor: UIColor { get { shimOnly() } set {} }
    public var rightDescriptionColor: UIColor { get { shimOnly() } set {} }
    public var displayAsHidden: Bool { get { shimOnly() } set {} }
    public var titleCompression: CardPartTitleCompression { get { shimOnly() } set {} }
    override public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
    }
    required public init?(coder aDecoder: NSCoder) { shimTrap() }
    override public func updateConstraints() { shimTrap() }
}

/// A table cell made of parts: subclass it, build the parts in `init(style:reuseIdentifier:)` and
/// pass them to `setupCardParts(_:)`.
open class CardPartTableViewCardPartsCell: UITableViewCell {
    override public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
    }
    public required init?(coder aDecoder: NSCoder) { shimTrap() }
    open override func updateConstraints() { shimTrap() }
    public func setupCardParts(_ cardParts: [CardPartView]) { shimTrap() }
}

// MARK: - CardPartCollectionView.swift, CardPartCollectionViewCardPartsCell.swift

/// `@objc public protocol CardPartCollectionViewDelegte` (sic) in CardParts.
public protocol CardPartCollectionViewDelegte: AnyObject {
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
}

/// `collection`: a `UICollectionView` with the given layout.
public class CardPartCollectionView: UIView, CardPartView, UICollectionViewDelegate {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public var collectionView: UICollectionView { get { shimOnly() } set {} }
    /// Strong, not weak.
    public var delegate: CardPartCollectionViewDelegte? { get { shimOnly() } set {} }
    public init(collectionViewLayout: UICollectionViewLayout? = nil) { super.init(frame: .zero) }
    required public init?(coder aDecoder: NSCoder) { shimTrap() }
    override public var intrinsicContentSize: CGSize { shimOnly() }
    override public func updateConstraints() { shimTrap() }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { shimTrap() }
}

/// A collection cell made of parts: subclass it and call `setupCardParts(_:)`.
open class CardPartCollectionViewCardPartsCell: UICollectionViewCell {
    override public init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder aDecoder: NSCoder) { shimTrap() }
    public func setupCardParts(_ cardParts: [CardPartView]) { shimTrap() }
}

// MARK: - CardPartBarView.swift

/// `bar`.
public class CardPartBarView: UIView, CardPartView {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public var cornerRadius: CGFloat? { get { shimOnly() } set {} }
    public var backgroundLayer: CALayer! { get { shimOnly() } set {} }
    public var barLayer: CALayer! { get { shimOnly() } set {} }
    public var verticalLine: CALayer! { get { shimOnly() } set {} }
    public init() { super.init(frame: .zero) }
    /// From 0 to 1.
    public var percent: Double { get { shimOnly() } set {} }
    public var barHeight: CGFloat? { get { shimOnly() } set {} }
    public var barColor: UIColor { get { shimOnly() } set {} }
    override public func layoutSubviews() { shimTrap() }
    required public init?(coder aDecoder: NSCoder) { shimTrap() }
    override public var intrinsicContentSize: CGSize { shimOnly() }
}

extension Reactive where Base: CardPartBarView {
    public var percent: Binder<Double> { shimOnly() }
    public var barColor: Binder<UIColor> { shimOnly() }
}

// MARK: - CardPartPagedView.swift

/// Told when a `CardPartPagedView` settles on a page (not class-bound; held strongly).
public protocol CardPartPagedViewDelegate {
    func didMoveToPage(page: Int)
}

/// `paged`.
public class CardPartPagedView: UIView, CardPartView, UIScrollViewDelegate {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public var pages: [CardPartView]! { get { shimOnly() } set {} }
    public var currentPage: Int { get { shimOnly() } set {} }
    public var height: CGFloat { get { shimOnly() } set {} }
    public var delegate: CardPartPagedViewDelegate? { get { shimOnly() } set {} }
    public init(withPages pages: [CardPartStackView], andHeight height: CGFloat) { super.init(frame: .zero) }
    required public init?(coder aDecoder: NSCoder) { shimTrap() }
    public override func layoutSubviews() { shimTrap() }
    override public func updateConstraints() { shimTrap() }
    public func moveToPage(_ page: Int) { shimTrap() }
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { shimTrap() }
}

// MARK: - CardPartSliderView.swift

/// `slider`: a `UISlider` (bind its value with RxCocoa's `rx.value`, a `ControlProperty<Float>`).
public class CardPartSliderView: UISlider, CardPartView {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    /// The track height.
    public var height: CGFloat { get { shimOnly() } set {} }
    public init(height: CGFloat = 3.0) { super.init(frame: .zero) }
    required init?(coder: NSCoder) { shimTrap() }
    override public func trackRect(forBounds bounds: CGRect) -> CGRect { shimOnly() }
}

extension Reactive where Base: CardPartSliderView {
    public var minimumValue: Binder<Float> { shimOnly() }
    public var maximumValue: Binder<Float> { shimOnly() }
    public var minimumTrackTintColor: Binder<UIColor> { shimOnly() }
    public var maximumTrackTintColor: Binder<UIColor> { shimOnly() }
}

// MARK: - CardPartMultiSlider.swift, CardPartMultiSliderView.swift

/// A slider with several thumbs (a `UIControl`; `.valueChanged` fires as thumbs move).
open class CardPartMultiSlider: UIControl {
    open var value: [CGFloat] { get { shimOnly() } set {} }
    public internal(set) var draggedThumbIndex: Int {
        get { shimOnly() }
        set {}
    }
    open var minimumValue: CGFloat { get { shimOnly() } set {} }
    open var maximumValue: CGFloat { get { shimOnly() } set {} }
    open var isContinuous: Bool { get { shimOnly() } set {} }
    open var snapStepSize: CGFloat { get { shimOnly() } set {} }
    open var isHapticSnap: Bool { get { shimOnly() } set {} }
    open var thumbCount: Int { get { shimOnly() } set {} }
    open var disabledThumbIndices: Set<Int> { get { shimOnly() } set {} }
    open var valueLabelPosition: NSLayoutConstraint.Attribute { get { shimOnly() } set {} }
    open var isValueLabelRelative: Bool { get { shimOnly() } set {} }
    open var isVertical: Bool { shimOnly() }
    /// Default `.vertical`.
    open var orientation: NSLayoutConstraint.Axis { get { shimOnly() } set {} }
    open var outerTrackColor: UIColor? { get { shimOnly() } set {} }
    open var thumbImage: UIImage? { get { shimOnly() } set {} }
    public var thumbShadowColor: UIColor { get { shimOnly() } set {} }
    public var thumbShadowOpacity: Float { get { shimOnly() } set {} }
    public var thumbShadowOffset: CGSize { get { shimOnly() } set {} }
    public var thumbShadowRadius: CGFloat { get { shimOnly() } set {} }
    public var showsThumbImageShadow: Bool { get { shimOnly() } set {} }
    open var minimumImage: UIImage? { get { shimOnly() } set {} }
    open var maximumImage: UIImage? { get { shimOnly() } set {} }
    /// Default 2.
    open var trackWidth: CGFloat { get { shimOnly() } set {} }
    public var hasRoundTrackEnds: Bool { get { shimOnly() } set {} }
    public var keepsDistanceBetweenThumbs: Bool { get { shimOnly() } set {} }
    open var valueLabelFormatter: NumberFormatter { get { shimOnly() } set {} }
    open var thumbViews: [UIImageView] { get { shimOnly() } set {} }
    open var valueLabels: [UITextField] { get { shimOnly() } set {} }
    open var trackView: UIView { get { shimOnly() } set {} }
    open var outerTrackViews: [UIView] { get { shimOnly() } set {} }
    open var minimumView: UIImageView { get { shimOnly() } set {} }
    open var maximumView: UIImageView { get { shimOnly() } set {} }
    open override var intrinsicContentSize: CGSize { shimOnly() }
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { shimTrap() }
}

/// `multiSlider`.
public class CardPartMultiSliderView: CardPartMultiSlider, CardPartView {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
}

// MARK: - CardPartTextField.swift

public enum CardPartTextFieldFormat {
    case none
    case currency(maxLength: Int)
    case zipcode
    case phone
    case ssn
}

/// `textField` (bind its text two-way with RxCocoa's `rx.text`, a `ControlProperty<String?>`).
public class CardPartTextField: UITextField, CardPartView {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public var format: CardPartTextFieldFormat { get { shimOnly() } set {} }
    public var maxLength: Int { get { shimOnly() } set {} }
    public var unformattedString: String? { shimOnly() }
    override public var text: String? { get { shimOnly() } set {} }
    public init(format: CardPartTextFieldFormat = .none) { super.init(frame: .zero) }
    required public init?(coder aDecoder: NSCoder) { shimTrap() }
    /// `@objc public` in CardParts.
    public func textChangeNotifcation(notification: NSNotification) { shimTrap() }
}

// MARK: - CardPartCenteredView.swift, CardPartOrientedView.swift

/// `centered`: a center part with a left and a right part beside it.
public class CardPartCenteredView: UIView, CardPartView {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public init(leftView: CardPartView, centeredView: CardPartView, rightView: CardPartView) { super.init(frame: .zero) }
    public required init?(coder aDecoder: NSCoder) { shimTrap() }
}

public enum Orientation {
    case top
    case bottom
}

/// `oriented`: parts pushed to the top or bottom.
public class CardPartOrientedView: UIView, CardPartView {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public init(cardParts: [CardPartView], orientation: Orientation) { super.init(frame: .zero) }
    public required init?(coder aDecoder: NSCoder) { shimTrap() }
}

// MARK: - CardPartConfettiView.swift

public enum ConfettiType {
    case confetti
    case diamond
    case star
    case mixed
    case image(UIImage)
}

/// `confetti`: `beginConfetti()` starts the animation.
public class CardPartConfettiView: UIView, CardPartView {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public var colors: [UIColor] { get { shimOnly() } set {} }
    public var type: ConfettiType { get { shimOnly() } set {} }
    /// From 0 to 1.
    public var intensity: Float { get { shimOnly() } set {} }
    public var shape: CAEmitterLayerEmitterShape { get { shimOnly() } set {} }
    public var confettiImages: [UIImage?] { get { shimOnly() } set {} }
    public override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder aDecoder: NSCoder) { shimTrap() }
    public func beginConfetti() { shimTrap() }
    public func endConfetti() { shimTrap() }
}

// MARK: - CardPartProgressBarView.swift

/// `progressBar`: equal-width colored segments and a marker over segment `currentValue`.
public class CardPartProgressBarView: UIView, CardPartView {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public var animatable: Bool { get { shimOnly() } set {} }
    public init(barColors: [UIColor], marker: UIView? = nil, markerLabelTitle: String? = nil, currentValue: Int,
                showShowBarValues: Bool, progressBarWidth: CGFloat = 120) {
        super.init(frame: .zero)
    }
    public override func layoutSubviews() { shimTrap() }
    public var markerTitleFont: UIFont { get { shimOnly() } set {} }
    public var colorsBarOffset: CGFloat { get { shimOnly() } set {} }
    public var markerToColorsBarCushion: CGFloat { get { shimOnly() } set {} }
    public var colorsBarToValuesBarCushion: CGFloat { get { shimOnly() } set {} }
    public var labelToMarkerCushion: CGFloat { get { shimOnly() } set {} }
    public var bgColor: UIColor { get { shimOnly() } set {} }
    public var markerColor: UIColor? { get { shimOnly() } set {} }
    public var barCornerRadius: CGFloat? { get { shimOnly() } set {} }
    public var viewCornerRadius: CGFloat? { get { shimOnly() } set {} }
    public var barHeight: CGFloat? { get { shimOnly() } set {} }
    public var buttomValuesContainerHeight: CGFloat? { get { shimOnly() } set {} }
    public var markerViewHeight: CGFloat? { get { shimOnly() } set {} }
    public var markerLabelHeight: CGFloat? { get { shimOnly() } set {} }
    public override func updateConstraints() { shimTrap() }
    required public init?(coder aDecoder: NSCoder) { shimTrap() }
}

extension Reactive where Base: CardPartProgressBarView {
    public var currentValue: Binder<Int> { shimOnly() }
    public var bgColor: Binder<UIColor> { shimOnly() }
    public var barCornerRadius: Binder<CGFloat> { shimOnly() }
    public var markerColor: Binder<UIColor> { shimOnly() }
}

// MARK: - CardPartMapView.swift

/// `map`.
public class CardPartMapView: UIView, CardPartView {
    public var mapType: MKMapType { get { shimOnly() } set {} }
    public var location: CLLocation { get { shimOnly() } set {} }
    /// Default 1° × 1°.
    public var span: MKCoordinateSpan { get { shimOnly() } set {} }
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public var mapView: MKMapView { get { shimOnly() } set {} }
    /// The height (sic); default 300. `open var` in CardParts.
    public var intrensicHeight: CGFloat { get { shimOnly() } set {} }
    public init(type: MKMapType, location: CLLocation, span: MKCoordinateSpan?) { super.init(frame: .zero) }
    required init?(coder: NSCoder) { shimTrap() }
    public override func updateConstraints() { shimTrap() }
}

extension Reactive where Base: CardPartMapView {
    public var location: Binder<CLLocation> { shimOnly() }
    public var mapType: Binder<MKMapType> { shimOnly() }
    public var span: Binder<MKCoordinateSpan> { shimOnly() }
}

// MARK: - CardPartRadioButton.swift

/// `radio`: a `UIButton`; `isSelected` fills it. Taps are RxCocoa's `rx.tap`.
public class CardPartRadioButton: UIButton, CardPartView {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    public var outerCircleColor: UIColor { get { shimOnly() } set {} }
    public var innerCircleColor: UIColor { get { shimOnly() } set {} }
    public var outerCircleLineWidth: CGFloat { get { shimOnly() } set {} }
    public var innerCircleGap: CGFloat { get { shimOnly() } set {} }
    override public var isSelected: Bool { get { shimOnly() } set {} }
    public var circleRadius: CGFloat { shimOnly() }
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder aDecoder: NSCoder) { shimTrap() }
    override public func layoutSubviews() { shimTrap() }
}

extension Reactive where Base: CardPartRadioButton {
    public var radioButtonValue: Binder<Bool> { shimOnly() }
}

// MARK: - CardPartHistogramView.swift

public enum HistogramLine {
    case lines(bottom: Bool, middle: Bool, top: Bool)
}

public enum Distribution {
    case fill
    case equalSpacing
}

/// One bar of a histogram; `height` is a fraction of the chart height.
public struct DataEntry {
    public let color: UIColor
    public let height: Float
    public let textValue: String
    public let title: String
    public init(color: UIColor, height: Float, textValue: String, title: String) {
        self.color = color
        self.height = height
        self.textValue = textValue
        self.title = title
    }
}

/// `histogram`. Its `init(frame:)` is internal: make one with `init()`; set the bars with
/// `updateDataEntries(dataEntries:animated:)`.
public class CardPartHistogramView: UIView, CardPartView {
    public var margins: UIEdgeInsets { get { shimOnly() } set {} }
    /// Bar width; default 20.
    public var width: CGFloat { get { shimOnly() } set {} }
    /// Default 10.
    public var spacing: CGFloat { get { shimOnly() } set {} }
    public var topSpace: CGFloat { get { shimOnly() } set {} }
    public var bottomSpace: CGFloat { get { shimOnly() } set {} }
    public var cornerRadius: CGFloat { get { shimOnly() } set {} }
    public var distribution: Distribution { get { shimOnly() } set {} }
    /// Default `false`: `histogramLines` is only drawn when this is set.
    public var shouldShowHorizontalLines: Bool { get { shimOnly() } set {} }
    public var isScrollEnabled: Bool { get { shimOnly() } set {} }
    public var histogramLines: HistogramLine { get { shimOnly() } set {} }
    /// Default 450.
    public var intrinsicHeight: CGFloat { get { shimOnly() } set {} }
    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder: NSCoder) { shimTrap() }
    override public func layoutSubviews() { shimTrap() }
    public func updateDataEntries(dataEntries: [DataEntry], animated: Bool) { shimTrap() }
}

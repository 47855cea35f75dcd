// Signature-only copy of MGSwipeCards 2.2.6's public API (mac-gallagher/MGSwipeCards at a590d08,
// `MGSwipeCards/Classes/`), for type-checking generated code on Linux. Bodies trap.
//
// The stack is `MGCardStackView` and a card `MGSwipeCard` (the later `SwipeCardStack` and
// `SwipeCard` names belong to the renamed successor, Shuffle). The data source and delegate are
// not class-bound and are held strongly; every delegate method has a public default.
// Swipe thresholds, rotation and allowed directions are properties of each card, not the stack.

import UIKit

/// A swipe direction.
public enum SwipeDirection: Int {
    case left, right, up, down

    public static var allDirections: [SwipeDirection] { [.left, .right, .up, .down] }
    public var point: CGPoint { fatalError("MGSwipeCards shim") }
}

/// Animation timings shared by cards.
public class CardAnimationOptions: NSObject {
    public static var defaultOptions = CardAnimationOptions()
    public var cardSwipeAnimationDuration: TimeInterval { get { fatalError("MGSwipeCards shim") } set {} }
    public var overlayFadeAnimationDuration: TimeInterval { get { fatalError("MGSwipeCards shim") } set {} }
    public var reverseSwipeAnimationDuration: TimeInterval { get { fatalError("MGSwipeCards shim") } set {} }
    public var resetAnimationSpringBounciness: CGFloat { get { fatalError("MGSwipeCards shim") } set {} }
    public var resetAnimationSpringSpeed: CGFloat { get { fatalError("MGSwipeCards shim") } set {} }
}

/// The library's `UIView` base class.
open class UIViewHelper: UIView {
    public init() { super.init(frame: .zero) }
    override public init(frame: CGRect) { super.init(frame: frame) }
    required public init?(coder aDecoder: NSCoder) { super.init(coder: aDecoder) }
}

/// A view that can be dragged and swiped.
open class DraggableSwipeView: UIViewHelper {
    /// Default: all four directions.
    public var swipeDirections: [SwipeDirection] { get { fatalError("MGSwipeCards shim") } set {} }
    /// Points per second; default 1100.
    public var minimumSwipeSpeed: CGFloat { get { fatalError("MGSwipeCards shim") } set {} }
    /// A fraction of the card's size; default 0.5.
    public var minimumSwipeMargin: CGFloat { get { fatalError("MGSwipeCards shim") } set {} }
    /// Radians; default `CGFloat.pi / 10` (18°).
    public var maximumRotationAngle: CGFloat { get { fatalError("MGSwipeCards shim") } set {} }
    public var panGestureRecognizer: UIPanGestureRecognizer { fatalError("MGSwipeCards shim") }
    public var tapGestureRecognizer: UITapGestureRecognizer { fatalError("MGSwipeCards shim") }
    open func rasterizedSubviews() -> [UIView?] { fatalError("MGSwipeCards shim") }
}

/// A swipeable card: `content` above an optional `footer`, with one overlay per direction.
open class MGSwipeCard: DraggableSwipeView {
    public var animationOptions: CardAnimationOptions { get { fatalError("MGSwipeCards shim") } set {} }
    public var isFooterTransparent: Bool { get { fatalError("MGSwipeCards shim") } set {} }
    /// Default 100.
    public var footerHeight: CGFloat { get { fatalError("MGSwipeCards shim") } set {} }
    public var content: UIView? { get { fatalError("MGSwipeCards shim") } set {} }
    public var footer: UIView? { get { fatalError("MGSwipeCards shim") } set {} }
    public var leftOverlay: UIView? { get { fatalError("MGSwipeCards shim") } set {} }
    public var upOverlay: UIView? { get { fatalError("MGSwipeCards shim") } set {} }
    public var rightOverlay: UIView? { get { fatalError("MGSwipeCards shim") } set {} }
    public var downOverlay: UIView? { get { fatalError("MGSwipeCards shim") } set {} }
    open override func layoutSubviews() { fatalError("MGSwipeCards shim") }
    open override func rasterizedSubviews() -> [UIView?] { fatalError("MGSwipeCards shim") }
    public func swipe(direction: SwipeDirection) { fatalError("MGSwipeCards shim") }
    public func undoSwipe(from direction: SwipeDirection) { fatalError("MGSwipeCards shim") }
}

/// Supplies the cards of an `MGCardStackView`.
public protocol MGCardStackViewDataSource {
    func numberOfCards(in cardStack: MGCardStackView) -> Int
    func cardStack(_ cardStack: MGCardStackView, cardForIndexAt index: Int) -> MGSwipeCard
}

/// Told about swipes, undos and taps (every method has a default).
public protocol MGCardStackViewDelegate {
    func didSwipeAllCards(_ cardStack: MGCardStackView)
    func cardStack(_ cardStack: MGCardStackView, didSwipeCardAt index: Int, with direction: SwipeDirection)
    func cardStack(_ cardStack: MGCardStackView, didUndoCardAt index: Int, from direction: SwipeDirection)
    func cardStack(_ cardStack: MGCardStackView, didSelectCardAt index: Int)
    func cardStack(_ cardStack: MGCardStackView, didSelectCardAt index: Int, tapCorner: UIRectCorner)
}

extension MGCardStackViewDelegate {
    public func didSwipeAllCards(_ cardStack: MGCardStackView) {}
    public func cardStack(_ cardStack: MGCardStackView, didSwipeCardAt index: Int, with direction: SwipeDirection) {}
    public func cardStack(_ cardStack: MGCardStackView, didUndoCardAt index: Int, from direction: SwipeDirection) {}
    public func cardStack(_ cardStack: MGCardStackView, didSelectCardAt index: Int) {}
    public func cardStack(_ cardStack: MGCardStackView, didSelectCardAt index: Int, tapCorner: UIRectCorner) {}
}

/// The swipe deck.
open class MGCardStackView: UIViewHelper {
    /// Default 2.
    public var numberOfVisibleCards: Int { get { fatalError("MGSwipeCards shim") } set {} }
    /// Default 10 on every side.
    public var cardStackInsets: UIEdgeInsets { get { fatalError("MGSwipeCards shim") } set {} }
    /// Strong.
    public var delegate: MGCardStackViewDelegate? { get { fatalError("MGSwipeCards shim") } set {} }
    /// Strong; setting it reloads the stack.
    public var dataSource: MGCardStackViewDataSource? { get { fatalError("MGSwipeCards shim") } set {} }
    public var topCardIndex: Int { fatalError("MGSwipeCards shim") }
    open override func layoutSubviews() { fatalError("MGSwipeCards shim") }
    open func transformForCard(at index: Int) -> CGAffineTransform { fatalError("MGSwipeCards shim") }
    public func swipe(_ direction: SwipeDirection) { fatalError("MGSwipeCards shim") }
    public func undoLastSwipe() { fatalError("MGSwipeCards shim") }
    public func shift(withDistance distance: Int = 1, animated: Bool) { fatalError("MGSwipeCards shim") }
    public func reloadData() { fatalError("MGSwipeCards shim") }
}

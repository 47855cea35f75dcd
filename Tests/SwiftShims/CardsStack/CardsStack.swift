// Signature-only copy of CardsStack 0.2.1's public API (priteshrnandgaonkar/CardsStack,
// `CardsStack/CardStack.swift`), for type-checking generated code on Linux. Bodies trap.
//
// `CardsPosition` is `@objc public enum … : Int` and `CardsManagerDelegate` an `@objc` protocol
// with only optional requirements in CardsStack; here they are a plain enum and a class-bound
// protocol whose requirements have public default implementations (Linux has no Objective-C
// runtime). The library itself is Swift 3 (its `.swift-version` says 3.0).

import UIKit

/// The geometry of a collapsible stack. All values are `Float`.
public struct Configuration {
    public let cardOffset: Float
    public let collapsedHeight: Float
    public let expandedHeight: Float
    public let cardHeight: Float
    public let downwardThreshold: Float
    public let upwardThreshold: Float
    public let verticalSpacing: Float
    public let leftSpacing: Float
    public let rightSpacing: Float

    public init(cardOffset: Float, collapsedHeight: Float, expandedHeight: Float, cardHeight: Float,
                downwardThreshold: Float = 20, upwardThreshold: Float = 20, leftSpacing: Float = 8.0,
                rightSpacing: Float = 8.0, verticalSpacing: Float = 8.0) {
        self.cardOffset = cardOffset
        self.collapsedHeight = collapsedHeight
        self.expandedHeight = expandedHeight
        self.downwardThreshold = downwardThreshold
        self.upwardThreshold = upwardThreshold
        self.cardHeight = cardHeight
        self.verticalSpacing = verticalSpacing
        self.leftSpacing = leftSpacing
        self.rightSpacing = rightSpacing
    }
}

/// Whether the cards are collapsed or expanded (`@objc` in CardsStack).
public enum CardsPosition: Int {
    case Collapsed
    case Expanded
}

/// Hooks into the stack (`@objc` in CardsStack; every requirement is `@objc optional`).
public protocol CardsManagerDelegate: AnyObject {
    func cardsPositionChangedTo(position: CardsPosition)
    func tappedOnCardsStack(cardsCollectionView: UICollectionView)
    func cardsCollectionView(_ cardsCollectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func cardsCollectionView(_ cardsCollectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
                             forItemAt indexPath: IndexPath)
}

extension CardsManagerDelegate {
    public func cardsPositionChangedTo(position: CardsPosition) {}
    public func tappedOnCardsStack(cardsCollectionView: UICollectionView) {}
    public func cardsCollectionView(_ cardsCollectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func cardsCollectionView(_ cardsCollectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
                                    forItemAt indexPath: IndexPath) {}
}

/// Drives a `UICollectionView` (whose data source the app provides) and its height constraint:
/// it installs its own layout and delegate on the collection view.
public class CardStack {
    public weak var delegate: CardsManagerDelegate? {
        get { fatalError("CardsStack shim") }
        set {}
    }

    /// The default configuration (40, 200, 500, 200, 20, 20), collapsed, with no collection view.
    public convenience init() {
        fatalError("CardsStack shim")
    }

    public init(cardsState: CardsPosition, configuration: Configuration, collectionView: UICollectionView?,
                collectionViewHeight: NSLayoutConstraint?) {}

    public func changeCardsPosition(to position: CardsPosition) { fatalError("CardsStack shim") }
}

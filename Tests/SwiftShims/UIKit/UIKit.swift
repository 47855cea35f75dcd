// Signature-only subset of UIKit (with the bits of CoreGraphics, QuartzCore and CoreFoundation
// that UIKit re-exports), for type-checking generated code on Linux.
//
// Declarations follow the iOS SDK's Swift interface: class hierarchy, `open`/`public`, labels,
// optionality, implicitly unwrapped optionals and `@MainActor` on the responder and view classes
// and their delegate protocols. Only what the CardParts-family shims and the generated code use
// is here. Every body traps: nothing in this module is meant to run.
//
// Linux has no Objective-C runtime, so `@objc`, `@objc optional` and `#selector` cannot be
// checked here. UIKit's `@objc` protocols are plain protocols; each `optional` requirement is a
// requirement with a default implementation in a public extension (so conformers may omit it, as
// on iOS, and a near-miss spelling draws Swift's "nearly matches defaulted requirement" warning).
// Target–action APIs taking a `Selector` are left out: generated code uses RxCocoa's events.
//
// Linux Foundation already provides `CGFloat`, `CGPoint`, `CGSize`, `CGRect`, `NSObject`,
// `NSCoder`, `IndexPath`, `NSAttributedString` and `Bundle`; they are re-exported, not redeclared.

@_exported import Foundation

func shimOnly<T>(_ function: StaticString = #function) -> T {
    fatalError("UIKit shim: \(function) has no implementation")
}

func shimTrap(_ function: StaticString = #function) -> Never {
    fatalError("UIKit shim: \(function) has no implementation")
}

// MARK: - CoreFoundation / CoreGraphics / QuartzCore (re-exported by UIKit)

/// CoreFoundation's `CFTimeInterval`.
public typealias CFTimeInterval = Double

/// CoreGraphics' color (a CF type on Apple platforms).
public final class CGColor: @unchecked Sendable {
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    public init(gray: CGFloat, alpha: CGFloat) {}
    public var alpha: CGFloat { shimOnly() }
}

/// CoreGraphics' affine transform.
public struct CGAffineTransform: Equatable, Sendable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
    public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public init(translationX tx: CGFloat, y ty: CGFloat) { fatalError("UIKit shim") }
    public init(scaleX sx: CGFloat, y sy: CGFloat) { fatalError("UIKit shim") }
    public init(rotationAngle angle: CGFloat) { fatalError("UIKit shim") }
    public static var identity: CGAffineTransform { CGAffineTransform() }
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform { shimOnly() }
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform { shimOnly() }
    public func rotated(by angle: CGFloat) -> CGAffineTransform { shimOnly() }
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform { shimOnly() }
}

/// QuartzCore's layer.
open class CALayer: NSObject {
    public override init() { super.init() }
    open var frame: CGRect { get { shimOnly() } set {} }
    open var bounds: CGRect { get { shimOnly() } set {} }
    open var cornerRadius: CGFloat { get { shimOnly() } set {} }
    open var masksToBounds: Bool { get { shimOnly() } set {} }
    open var borderWidth: CGFloat { get { shimOnly() } set {} }
    open var borderColor: CGColor? { get { shimOnly() } set {} }
    open var shadowColor: CGColor? { get { shimOnly() } set {} }
    open var shadowOpacity: Float { get { shimOnly() } set {} }
    open var shadowOffset: CGSize { get { shimOnly() } set {} }
    open var shadowRadius: CGFloat { get { shimOnly() } set {} }
    open var opacity: Float { get { shimOnly() } set {} }
    open var backgroundColor: CGColor? { get { shimOnly() } set {} }
    open func addSublayer(_ layer: CALayer) { shimTrap() }
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) { shimTrap() }
    open func removeFromSuperlayer() { shimTrap() }
    open func setAffineTransform(_ m: CGAffineTransform) { shimTrap() }
}

/// QuartzCore's `CAEmitterLayerEmitterShape`.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// QuartzCore's gradient layer.
open class CAGradientLayer: CALayer {
    open var colors: [Any]? { get { shimOnly() } set {} }
    open var locations: [NSNumber]? { get { shimOnly() } set {} }
    open var startPoint: CGPoint { get { shimOnly() } set {} }
    open var endPoint: CGPoint { get { shimOnly() } set {} }
}

// MARK: - Geometry and text enums

/// `UIEdgeInsets`.
public struct UIEdgeInsets: Equatable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = UIEdgeInsets()
}

/// `NSTextAlignment` (UIKit's raw values).
public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    case natural = 4
}

/// `NSLineBreakMode`.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// `UIRectCorner`.
public struct UIRectCorner: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners = UIRectCorner(rawValue: ~0)
}

/// `UIDataDetectorTypes`.
public struct UIDataDetectorTypes: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let phoneNumber = UIDataDetectorTypes(rawValue: 1 << 0)
    public static let link = UIDataDetectorTypes(rawValue: 1 << 1)
    public static let address = UIDataDetectorTypes(rawValue: 1 << 2)
    public static let calendarEvent = UIDataDetectorTypes(rawValue: 1 << 3)
    public static let shipmentTrackingNumber = UIDataDetectorTypes(rawValue: 1 << 4)
    public static let flightNumber = UIDataDetectorTypes(rawValue: 1 << 5)
    public static let lookupSuggestion = UIDataDetectorTypes(rawValue: 1 << 6)
    public static let all = UIDataDetectorTypes(rawValue: ~0)
}

/// `UIKeyboardType`.
public enum UIKeyboardType: Int, Sendable {
    case `default` = 0
    case asciiCapable = 1
    case numbersAndPunctuation = 2
    case URL = 3
    case numberPad = 4
    case phonePad = 5
    case namePhonePad = 6
    case emailAddress = 7
    case decimalPad = 8
    case twitter = 9
    case webSearch = 10
    case asciiCapableNumberPad = 11
}

/// `UIStatusBarStyle`.
public enum UIStatusBarStyle: Int, Sendable {
    case `default` = 0, lightContent = 1, darkContent = 3
}

// MARK: - Colors, fonts, images

/// `UIColor`.
open class UIColor: NSObject, @unchecked Sendable {
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { super.init() }
    public init(white: CGFloat, alpha: CGFloat) { super.init() }
    public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) { super.init() }
    public init(cgColor: CGColor) { super.init() }
    open var cgColor: CGColor { shimOnly() }
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor { shimOnly() }

    open class var black: UIColor { shimOnly() }
    open class var darkGray: UIColor { shimOnly() }
    open class var lightGray: UIColor { shimOnly() }
    open class var white: UIColor { shimOnly() }
    open class var gray: UIColor { shimOnly() }
    open class var red: UIColor { shimOnly() }
    open class var green: UIColor { shimOnly() }
    open class var blue: UIColor { shimOnly() }
    open class var cyan: UIColor { shimOnly() }
    open class var yellow: UIColor { shimOnly() }
    open class var magenta: UIColor { shimOnly() }
    open class var orange: UIColor { shimOnly() }
    open class var purple: UIColor { shimOnly() }
    open class var brown: UIColor { shimOnly() }
    open class var clear: UIColor { shimOnly() }
    open class var systemBlue: UIColor { shimOnly() }
    open class var label: UIColor { shimOnly() }
    open class var secondaryLabel: UIColor { shimOnly() }
}

/// `UIFont`.
open class UIFont: NSObject, @unchecked Sendable {
    /// `UIFont.Weight`.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)
    }

    /// `UIFont.TextStyle`: the Dynamic Type text styles.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")
    }

    public init?(name fontName: String, size fontSize: CGFloat) { super.init() }
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont { shimOnly() }
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { shimOnly() }
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont { shimOnly() }
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { shimOnly() }
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont { shimOnly() }
    open func withSize(_ fontSize: CGFloat) -> UIFont { shimOnly() }
    open var pointSize: CGFloat { shimOnly() }
    open var fontName: String { shimOnly() }
}

/// `UITraitCollection`.
open class UITraitCollection: NSObject, @unchecked Sendable {}

/// `UIFontMetrics` (iOS 11): scales custom fonts with Dynamic Type. Not main-actor isolated.
open class UIFontMetrics: NSObject, @unchecked Sendable {
    open class var `default`: UIFontMetrics { shimOnly() }
    public init(forTextStyle textStyle: UIFont.TextStyle) { super.init() }
    open func scaledFont(for font: UIFont) -> UIFont { shimOnly() }
    open func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont { shimOnly() }
    open func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont { shimOnly() }
    open func scaledValue(for value: CGFloat) -> CGFloat { shimOnly() }
}

/// `UIImage`.
open class UIImage: NSObject, @unchecked Sendable {
    /// `UIImage.RenderingMode`.
    public enum RenderingMode: Int, Sendable {
        case automatic = 0, alwaysOriginal = 1, alwaysTemplate = 2
    }

    public init?(named name: String) { super.init() }
    public init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) { super.init() }
    public init?(systemName name: String) { super.init() }
    public init(imageLiteralResourceName name: String) { super.init() }
    open var size: CGSize { shimOnly() }
    open func withRenderingMode(_ renderingMode: UIImage.RenderingMode) -> UIImage { shimOnly() }
    open func withTintColor(_ color: UIColor) -> UIImage { shimOnly() }
}

/// `UIBezierPath`.
open class UIBezierPath: NSObject {
    public override init() { super.init() }
    public convenience init(rect: CGRect) { self.init() }
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) { self.init() }
}

// MARK: - Responders and views

/// `UIEvent`.
@MainActor open class UIEvent: NSObject {}

/// `UITouch`.
@MainActor open class UITouch: NSObject {
    open func location(in view: UIView?) -> CGPoint { shimOnly() }
}

/// `UIKeyCommand`.
@MainActor open class UIKeyCommand: NSObject {}

/// `UIResponder`.
@MainActor open class UIResponder: NSObject {
    public override init() { super.init() }
    open var next: UIResponder? { shimOnly() }
    open var canBecomeFirstResponder: Bool { shimOnly() }
    open func becomeFirstResponder() -> Bool { shimOnly() }
    open var canResignFirstResponder: Bool { shimOnly() }
    open func resignFirstResponder() -> Bool { shimOnly() }
    open var isFirstResponder: Bool { shimOnly() }
    open var keyCommands: [UIKeyCommand]? { shimOnly() }
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { shimTrap() }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { shimTrap() }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { shimTrap() }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { shimTrap() }
}

/// `NSLayoutConstraint`.
open class NSLayoutConstraint: NSObject {
    /// `NSLayoutConstraint.Axis`.
    public enum Axis: Int, Sendable {
        case horizontal = 0, vertical = 1
    }

    /// `NSLayoutConstraint.Attribute`.
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case lastBaseline, firstBaseline, leftMargin, rightMargin, topMargin, bottomMargin
        case leadingMargin, trailingMargin, centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0
    }

    /// `NSLayoutConstraint.Relation`.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    /// `NSLayoutConstraint.FormatOptions`.
    public struct FormatOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }

    public convenience init(item view1: Any, attribute attr1: NSLayoutConstraint.Attribute,
                            relatedBy relation: NSLayoutConstraint.Relation, toItem view2: Any?,
                            attribute attr2: NSLayoutConstraint.Attribute, multiplier: CGFloat,
                            constant c: CGFloat) {
        self.init()
    }

    open class func constraints(withVisualFormat format: String, options opts: NSLayoutConstraint.FormatOptions = [],
                                metrics: [String: Any]?, views: [String: Any]) -> [NSLayoutConstraint] {
        shimOnly()
    }

    open class func activate(_ constraints: [NSLayoutConstraint]) { shimTrap() }
    open class func deactivate(_ constraints: [NSLayoutConstraint]) { shimTrap() }
    open var constant: CGFloat { get { shimOnly() } set {} }
    open var isActive: Bool { get { shimOnly() } set {} }
    open var priority: Float { get { shimOnly() } set {} }
}

/// `NSLayoutAnchor`.
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { shimOnly() }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { shimOnly() }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { shimOnly() }
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint { shimOnly() }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint { shimOnly() }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint { shimOnly() }
}

/// `NSLayoutXAxisAnchor`.
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}

/// `NSLayoutYAxisAnchor`.
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

/// `NSLayoutDimension`.
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { shimOnly() }
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { shimOnly() }
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { shimOnly() }
}

/// `UIView`.
@MainActor open class UIView: UIResponder {
    /// `UIView.ContentMode`.
    public enum ContentMode: Int, Sendable {
        case scaleToFill = 0, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }

    /// `UIView.noIntrinsicMetric`.
    public class var noIntrinsicMetric: CGFloat { -1 }

    public init(frame: CGRect) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    /// Objective-C's inherited `-init`, which calls `init(frame: .zero)`.
    public override convenience init() { self.init(frame: .zero) }

    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) { shimTrap() }
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                            completion: ((Bool) -> Void)? = nil) { shimTrap() }

    open var frame: CGRect { get { shimOnly() } set {} }
    open var bounds: CGRect { get { shimOnly() } set {} }
    open var center: CGPoint { get { shimOnly() } set {} }
    open var transform: CGAffineTransform { get { shimOnly() } set {} }
    open var layer: CALayer { shimOnly() }
    open var backgroundColor: UIColor? { get { shimOnly() } set {} }
    open var tintColor: UIColor! { get { shimOnly() } set {} }
    open var alpha: CGFloat { get { shimOnly() } set {} }
    open var isHidden: Bool { get { shimOnly() } set {} }
    open var isOpaque: Bool { get { shimOnly() } set {} }
    open var clipsToBounds: Bool { get { shimOnly() } set {} }
    open var layoutMargins: UIEdgeInsets { get { shimOnly() } set {} }
    open var contentMode: UIView.ContentMode { get { shimOnly() } set {} }
    open var isUserInteractionEnabled: Bool { get { shimOnly() } set {} }
    open var tag: Int { get { shimOnly() } set {} }
    open var translatesAutoresizingMaskIntoConstraints: Bool { get { shimOnly() } set {} }
    open var accessibilityIdentifier: String? { get { shimOnly() } set {} }
    // UIKit declares these on NSObject (the UIAccessibility informal protocol); generated code
    // sets them only on views.
    open var isAccessibilityElement: Bool { get { shimOnly() } set {} }
    open var accessibilityLabel: String? { get { shimOnly() } set {} }
    open var accessibilityElementsHidden: Bool { get { shimOnly() } set {} }

    open var superview: UIView? { shimOnly() }
    open var subviews: [UIView] { shimOnly() }
    open func addSubview(_ view: UIView) { shimTrap() }
    open func insertSubview(_ view: UIView, at index: Int) { shimTrap() }
    open func removeFromSuperview() { shimTrap() }
    open func bringSubviewToFront(_ view: UIView) { shimTrap() }
    open func sendSubviewToBack(_ view: UIView) { shimTrap() }

    open func layoutSubviews() { shimTrap() }
    open func setNeedsLayout() { shimTrap() }
    open func layoutIfNeeded() { shimTrap() }
    open func sizeThatFits(_ size: CGSize) -> CGSize { shimOnly() }
    open func sizeToFit() { shimTrap() }
    open var intrinsicContentSize: CGSize { shimOnly() }
    open func invalidateIntrinsicContentSize() { shimTrap() }
    open func updateConstraints() { shimTrap() }
    open func setNeedsUpdateConstraints() { shimTrap() }
    open func draw(_ rect: CGRect) { shimTrap() }

    open var constraints: [NSLayoutConstraint] { shimOnly() }
    open func addConstraint(_ constraint: NSLayoutConstraint) { shimTrap() }
    open func addConstraints(_ constraints: [NSLayoutConstraint]) { shimTrap() }
    open func removeConstraint(_ constraint: NSLayoutConstraint) { shimTrap() }
    open func removeConstraints(_ constraints: [NSLayoutConstraint]) { shimTrap() }

    open var leadingAnchor: NSLayoutXAxisAnchor { shimOnly() }
    open var trailingAnchor: NSLayoutXAxisAnchor { shimOnly() }
    open var leftAnchor: NSLayoutXAxisAnchor { shimOnly() }
    open var rightAnchor: NSLayoutXAxisAnchor { shimOnly() }
    open var centerXAnchor: NSLayoutXAxisAnchor { shimOnly() }
    open var topAnchor: NSLayoutYAxisAnchor { shimOnly() }
    open var bottomAnchor: NSLayoutYAxisAnchor { shimOnly() }
    open var centerYAnchor: NSLayoutYAxisAnchor { shimOnly() }
    open var widthAnchor: NSLayoutDimension { shimOnly() }
    open var heightAnchor: NSLayoutDimension { shimOnly() }

    open var gestureRecognizers: [UIGestureRecognizer]? { get { shimOnly() } set {} }
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) { shimTrap() }
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) { shimTrap() }
}

/// `UIScreen`.
@MainActor open class UIScreen: NSObject {
    open class var main: UIScreen { shimOnly() }
    open var bounds: CGRect { shimOnly() }
    open var scale: CGFloat { shimOnly() }
}

// MARK: - Gesture recognizers

/// `UIGestureRecognizer`.
@MainActor open class UIGestureRecognizer: NSObject {
    /// `UIGestureRecognizer.State`.
    public enum State: Int, Sendable {
        case possible = 0, began, changed, ended, cancelled, failed
        public static var recognized: State { .ended }
    }

    public override init() { super.init() }
    open var state: UIGestureRecognizer.State { get { shimOnly() } set {} }
    open var isEnabled: Bool { get { shimOnly() } set {} }
    open var cancelsTouchesInView: Bool { get { shimOnly() } set {} }
    open var view: UIView? { shimOnly() }
    open func location(in view: UIView?) -> CGPoint { shimOnly() }
}

/// `UITapGestureRecognizer`.
@MainActor open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired: Int { get { shimOnly() } set {} }
    open var numberOfTouchesRequired: Int { get { shimOnly() } set {} }
}

/// `UILongPressGestureRecognizer`.
@MainActor open class UILongPressGestureRecognizer: UIGestureRecognizer {
    open var minimumPressDuration: TimeInterval { get { shimOnly() } set {} }
    open var allowableMovement: CGFloat { get { shimOnly() } set {} }
}

/// `UIPanGestureRecognizer`.
@MainActor open class UIPanGestureRecognizer: UIGestureRecognizer {
    open func translation(in view: UIView?) -> CGPoint { shimOnly() }
    open func setTranslation(_ translation: CGPoint, in view: UIView?) { shimTrap() }
    open func velocity(in view: UIView?) -> CGPoint { shimOnly() }
}

// MARK: - Controls

/// `UIControl`.
@MainActor open class UIControl: UIView {
    /// `UIControl.State`.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }

    /// `UIControl.Event`.
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// `UIControl.ContentHorizontalAlignment`.
    public enum ContentHorizontalAlignment: Int, Sendable {
        case center = 0, left = 1, right = 2, fill = 3, leading = 4, trailing = 5
    }

    /// `UIControl.ContentVerticalAlignment`.
    public enum ContentVerticalAlignment: Int, Sendable {
        case center = 0, top = 1, bottom = 2, fill = 3
    }

    open var isEnabled: Bool { get { shimOnly() } set {} }
    open var isSelected: Bool { get { shimOnly() } set {} }
    open var isHighlighted: Bool { get { shimOnly() } set {} }
    open var contentHorizontalAlignment: UIControl.ContentHorizontalAlignment { get { shimOnly() } set {} }
    open var contentVerticalAlignment: UIControl.ContentVerticalAlignment { get { shimOnly() } set {} }
    open func sendActions(for controlEvents: UIControl.Event) { shimTrap() }
}

/// `UILabel`.
@MainActor open class UILabel: UIView {
    open var text: String? { get { shimOnly() } set {} }
    open var attributedText: NSAttributedString? { get { shimOnly() } set {} }
    open var font: UIFont! { get { shimOnly() } set {} }
    open var textColor: UIColor! { get { shimOnly() } set {} }
    open var textAlignment: NSTextAlignment { get { shimOnly() } set {} }
    open var lineBreakMode: NSLineBreakMode { get { shimOnly() } set {} }
    open var numberOfLines: Int { get { shimOnly() } set {} }
    open var adjustsFontSizeToFitWidth: Bool { get { shimOnly() } set {} }
    /// From `UIContentSizeCategoryAdjusting`.
    open var adjustsFontForContentSizeCategory: Bool { get { shimOnly() } set {} }
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect { shimOnly() }
    open func drawText(in rect: CGRect) { shimTrap() }
}

/// `UIButton`.
@MainActor open class UIButton: UIControl {
    /// `UIButton.ButtonType`.
    public enum ButtonType: Int, Sendable {
        case custom = 0, system = 1, detailDisclosure = 2, infoLight = 3, infoDark = 4, contactAdd = 5, close = 7
    }

    public convenience init(type buttonType: UIButton.ButtonType) { self.init(frame: .zero) }
    open var titleLabel: UILabel? { shimOnly() }
    open var imageView: UIImageView? { shimOnly() }
    open var buttonType: UIButton.ButtonType { shimOnly() }
    open func setTitle(_ title: String?, for state: UIControl.State) { shimTrap() }
    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) { shimTrap() }
    open func setAttributedTitle(_ title: NSAttributedString?, for state: UIControl.State) { shimTrap() }
    open func setImage(_ image: UIImage?, for state: UIControl.State) { shimTrap() }
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) { shimTrap() }
    open func title(for state: UIControl.State) -> String? { shimOnly() }
}

/// `UIImageView`.
@MainActor open class UIImageView: UIView {
    public override init(frame: CGRect) { super.init(frame: frame) }
    public init(image: UIImage?) { super.init(frame: .zero) }
    public init(image: UIImage?, highlightedImage: UIImage?) { super.init(frame: .zero) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open var image: UIImage? { get { shimOnly() } set {} }
    open var highlightedImage: UIImage? { get { shimOnly() } set {} }
}

/// `UISlider`.
@MainActor open class UISlider: UIControl {
    open var value: Float { get { shimOnly() } set {} }
    open var minimumValue: Float { get { shimOnly() } set {} }
    open var maximumValue: Float { get { shimOnly() } set {} }
    open var isContinuous: Bool { get { shimOnly() } set {} }
    open var minimumTrackTintColor: UIColor? { get { shimOnly() } set {} }
    open var maximumTrackTintColor: UIColor? { get { shimOnly() } set {} }
    open var thumbTintColor: UIColor? { get { shimOnly() } set {} }
    open func setValue(_ value: Float, animated: Bool) { shimTrap() }
    open func trackRect(forBounds bounds: CGRect) -> CGRect { shimOnly() }
}

/// `UITextField`.
@MainActor open class UITextField: UIControl {
    /// `UITextField.BorderStyle`.
    public enum BorderStyle: Int, Sendable {
        case none = 0, line, bezel, roundedRect
    }

    open var text: String? { get { shimOnly() } set {} }
    open var attributedText: NSAttributedString? { get { shimOnly() } set {} }
    open var placeholder: String? { get { shimOnly() } set {} }
    open var font: UIFont? { get { shimOnly() } set {} }
    open var textColor: UIColor? { get { shimOnly() } set {} }
    open var textAlignment: NSTextAlignment { get { shimOnly() } set {} }
    open var borderStyle: UITextField.BorderStyle { get { shimOnly() } set {} }
    /// From `UIContentSizeCategoryAdjusting`.
    open var adjustsFontForContentSizeCategory: Bool { get { shimOnly() } set {} }
    /// From `UITextInputTraits`.
    open var keyboardType: UIKeyboardType { get { shimOnly() } set {} }
    open var isSecureTextEntry: Bool { get { shimOnly() } set {} }
}

/// `UIStackView`.
@MainActor open class UIStackView: UIView {
    /// `UIStackView.Alignment`.
    public enum Alignment: Int, Sendable {
        case fill = 0
        case leading = 1
        public static var top: UIStackView.Alignment { .leading }
        case firstBaseline = 2
        case center = 3
        case trailing = 4
        public static var bottom: UIStackView.Alignment { .trailing }
        case lastBaseline = 5
    }

    /// `UIStackView.Distribution`.
    public enum Distribution: Int, Sendable {
        case fill = 0, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init(coder: NSCoder) { super.init(frame: .zero) }
    public convenience init(arrangedSubviews views: [UIView]) { self.init(frame: .zero) }

    open var arrangedSubviews: [UIView] { shimOnly() }
    open func addArrangedSubview(_ view: UIView) { shimTrap() }
    open func removeArrangedSubview(_ view: UIView) { shimTrap() }
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) { shimTrap() }
    open var axis: NSLayoutConstraint.Axis { get { shimOnly() } set {} }
    open var distribution: UIStackView.Distribution { get { shimOnly() } set {} }
    open var alignment: UIStackView.Alignment { get { shimOnly() } set {} }
    open var spacing: CGFloat { get { shimOnly() } set {} }
    open var isLayoutMarginsRelativeArrangement: Bool { get { shimOnly() } set {} }
}

// MARK: - Scroll, table and collection views

/// `UIScrollViewDelegate`.
@MainActor public protocol UIScrollViewDelegate: NSObjectProtocol {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
}

/// `UIScrollView`. Its `delegate` is left out: UIKit's table and collection views redeclare it
/// with narrower types, which Swift source cannot express; they declare their own here.
@MainActor open class UIScrollView: UIView {
    open var contentOffset: CGPoint { get { shimOnly() } set {} }
    open var contentSize: CGSize { get { shimOnly() } set {} }
    open var contentInset: UIEdgeInsets { get { shimOnly() } set {} }
    open var scrollIndicatorInsets: UIEdgeInsets { get { shimOnly() } set {} }
    open var isScrollEnabled: Bool { get { shimOnly() } set {} }
    open var isPagingEnabled: Bool { get { shimOnly() } set {} }
    open var bounces: Bool { get { shimOnly() } set {} }
    open var alwaysBounceVertical: Bool { get { shimOnly() } set {} }
    open var alwaysBounceHorizontal: Bool { get { shimOnly() } set {} }
    open var showsHorizontalScrollIndicator: Bool { get { shimOnly() } set {} }
    open var showsVerticalScrollIndicator: Bool { get { shimOnly() } set {} }
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) { shimTrap() }
}

/// `UITextView`. Its `delegate` is left out, as for `UIScrollView`.
@MainActor open class UITextView: UIScrollView {
    public init(frame: CGRect, textContainer: NSObject?) { super.init(frame: frame) }
    public override convenience init(frame: CGRect) { self.init(frame: frame, textContainer: nil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open var text: String! { get { shimOnly() } set {} }
    open var attributedText: NSAttributedString! { get { shimOnly() } set {} }
    open var font: UIFont? { get { shimOnly() } set {} }
    open var textColor: UIColor? { get { shimOnly() } set {} }
    open var textAlignment: NSTextAlignment { get { shimOnly() } set {} }
    open var isEditable: Bool { get { shimOnly() } set {} }
    open var isSelectable: Bool { get { shimOnly() } set {} }
    open var dataDetectorTypes: UIDataDetectorTypes { get { shimOnly() } set {} }
    open var linkTextAttributes: [NSAttributedString.Key: Any]! { get { shimOnly() } set {} }
    /// From `UITextInputTraits`.
    open var keyboardType: UIKeyboardType { get { shimOnly() } set {} }
}

/// `UITableViewDataSource`.
@MainActor public protocol UITableViewDataSource: NSObjectProtocol {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    func numberOfSections(in tableView: UITableView) -> Int
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { shimOnly() }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { shimOnly() }
}

/// `UITableViewDelegate`.
@MainActor public protocol UITableViewDelegate: UIScrollViewDelegate {
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { shimOnly() }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
}

/// `UITableView`.
@MainActor open class UITableView: UIScrollView {
    /// `UITableView.Style`.
    public enum Style: Int, Sendable {
        case plain = 0, grouped = 1, insetGrouped = 2
    }

    /// `UITableView.automaticDimension`.
    public class var automaticDimension: CGFloat { -1 }

    public init(frame: CGRect, style: UITableView.Style) { super.init(frame: frame) }
    public override convenience init(frame: CGRect) { self.init(frame: frame, style: .plain) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open var style: UITableView.Style { shimOnly() }
    weak open var dataSource: UITableViewDataSource? { get { shimOnly() } set {} }
    weak open var delegate: UITableViewDelegate? { get { shimOnly() } set {} }
    open var rowHeight: CGFloat { get { shimOnly() } set {} }
    open var estimatedRowHeight: CGFloat { get { shimOnly() } set {} }
    open var separatorColor: UIColor? { get { shimOnly() } set {} }
    open var separatorInset: UIEdgeInsets { get { shimOnly() } set {} }
    open var tableHeaderView: UIView? { get { shimOnly() } set {} }
    open var tableFooterView: UIView? { get { shimOnly() } set {} }
    open var allowsSelection: Bool { get { shimOnly() } set {} }
    open var indexPathForSelectedRow: IndexPath? { shimOnly() }
    open var visibleCells: [UITableViewCell] { shimOnly() }
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) { shimTrap() }
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? { shimOnly() }
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell { shimOnly() }
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { shimOnly() }
    open func indexPath(for cell: UITableViewCell) -> IndexPath? { shimOnly() }
    open func reloadData() { shimTrap() }
    open func deselectRow(at indexPath: IndexPath, animated: Bool) { shimTrap() }
}

/// `UITableViewCell`.
@MainActor open class UITableViewCell: UIView {
    /// `UITableViewCell.CellStyle`.
    public enum CellStyle: Int, Sendable {
        case `default` = 0, value1, value2, subtitle
    }

    /// `UITableViewCell.SelectionStyle`.
    public enum SelectionStyle: Int, Sendable {
        case none = 0, blue, gray, `default`
    }

    public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) { super.init(frame: .zero) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open var contentView: UIView { shimOnly() }
    open var textLabel: UILabel? { shimOnly() }
    open var detailTextLabel: UILabel? { shimOnly() }
    open var imageView: UIImageView? { shimOnly() }
    open var reuseIdentifier: String? { shimOnly() }
    open var selectionStyle: UITableViewCell.SelectionStyle { get { shimOnly() } set {} }
    open var separatorInset: UIEdgeInsets { get { shimOnly() } set {} }
    open func prepareForReuse() { shimTrap() }
}

/// `UICollectionViewLayout`.
@MainActor open class UICollectionViewLayout: NSObject {
    public override init() { super.init() }
    open func invalidateLayout() { shimTrap() }
    open var collectionView: UICollectionView? { shimOnly() }
}

/// `UICollectionViewFlowLayout`.
@MainActor open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// `UICollectionViewFlowLayout.automaticSize`.
    public class var automaticSize: CGSize { CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude) }
    open var scrollDirection: UICollectionView.ScrollDirection { get { shimOnly() } set {} }
    open var itemSize: CGSize { get { shimOnly() } set {} }
    open var estimatedItemSize: CGSize { get { shimOnly() } set {} }
    open var minimumLineSpacing: CGFloat { get { shimOnly() } set {} }
    open var minimumInteritemSpacing: CGFloat { get { shimOnly() } set {} }
    open var sectionInset: UIEdgeInsets { get { shimOnly() } set {} }
}

/// `UICollectionViewDataSource`.
@MainActor public protocol UICollectionViewDataSource: NSObjectProtocol {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    func numberOfSections(in collectionView: UICollectionView) -> Int
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { shimOnly() }
}

/// `UICollectionViewDelegate`.
@MainActor public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
                                       forItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
                               forItemAt indexPath: IndexPath) {}
}

/// `UICollectionView`.
@MainActor open class UICollectionView: UIScrollView {
    /// `UICollectionView.ScrollDirection`.
    public enum ScrollDirection: Int, Sendable {
        case vertical = 0, horizontal = 1
    }

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open var collectionViewLayout: UICollectionViewLayout { get { shimOnly() } set {} }
    weak open var dataSource: UICollectionViewDataSource? { get { shimOnly() } set {} }
    weak open var delegate: UICollectionViewDelegate? { get { shimOnly() } set {} }
    open var visibleCells: [UICollectionViewCell] { shimOnly() }
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) { shimTrap() }
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell { shimOnly() }
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { shimOnly() }
    open func reloadData() { shimTrap() }
    open func reloadItems(at indexPaths: [IndexPath]) { shimTrap() }
}

/// `UICollectionViewCell`.
@MainActor open class UICollectionViewCell: UIView {
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open var contentView: UIView { shimOnly() }
    open var reuseIdentifier: String? { shimOnly() }
    open func prepareForReuse() { shimTrap() }
}

// MARK: - View controllers

/// `UIViewControllerTransitionCoordinator`.
@MainActor public protocol UIViewControllerTransitionCoordinator: NSObjectProtocol {}

/// `UIViewController`.
@MainActor open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    /// Objective-C's inherited `-init`, which calls `init(nibName: nil, bundle: nil)`.
    public override convenience init() { self.init(nibName: nil, bundle: nil) }

    open var view: UIView! { get { shimOnly() } set {} }
    open var isViewLoaded: Bool { shimOnly() }
    open var title: String? { get { shimOnly() } set {} }
    open var parent: UIViewController? { shimOnly() }
    open var children: [UIViewController] { shimOnly() }
    open var navigationController: UINavigationController? { shimOnly() }
    open var presentingViewController: UIViewController? { shimOnly() }
    open var preferredStatusBarStyle: UIStatusBarStyle { shimOnly() }

    open func loadView() { shimTrap() }
    /// Loads the view (running `viewDidLoad`) when it has not loaded yet.
    open func loadViewIfNeeded() { shimTrap() }
    open func viewDidLoad() { shimTrap() }
    open func viewWillAppear(_ animated: Bool) { shimTrap() }
    open func viewDidAppear(_ animated: Bool) { shimTrap() }
    open func viewWillDisappear(_ animated: Bool) { shimTrap() }
    open func viewDidDisappear(_ animated: Bool) { shimTrap() }
    open func viewWillLayoutSubviews() { shimTrap() }
    open func viewDidLayoutSubviews() { shimTrap() }
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) { shimTrap() }
    /// From `UITraitEnvironment`.
    open var traitCollection: UITraitCollection { shimOnly() }
    /// From `UITraitEnvironment`.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) { shimTrap() }

    open func addChild(_ childController: UIViewController) { shimTrap() }
    open func removeFromParent() { shimTrap() }
    open func willMove(toParent parent: UIViewController?) { shimTrap() }
    open func didMove(toParent parent: UIViewController?) { shimTrap() }

    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) { shimTrap() }
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) { shimTrap() }
}

/// `UINavigationController`.
@MainActor open class UINavigationController: UIViewController {
    open func pushViewController(_ viewController: UIViewController, animated: Bool) { shimTrap() }
    open func popViewController(animated: Bool) -> UIViewController? { shimOnly() }
}

// MARK: - IndexPath conveniences (UIKit's extension on Foundation's IndexPath)

extension IndexPath {
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    public var section: Int { shimOnly() }
    public var row: Int { shimOnly() }
    public var item: Int { shimOnly() }
}

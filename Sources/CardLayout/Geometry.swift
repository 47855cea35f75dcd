// Plain geometry values shared by the layout model and the stack geometry: a viewport, frames
// and edge insets, all in points. Everything here is a `Double`; values that come from the input
// are passed through `Finite.dimension`/`Finite.coordinate` first, so no input can turn a frame
// into infinity or NaN.

import CardModel

/// The screen the layout is computed for (`--viewport WxH`, docs/language.md §6.1).
public struct Viewport: Hashable, Sendable, CustomStringConvertible {
    /// The width in points.
    public var width: Double
    /// The height in points.
    public var height: Double

    /// The default viewport, an iPhone 14/15 screen: 390 × 844 points.
    public static let standard = Viewport(width: 390, height: 844)

    /// The largest side `init(parsing:)` accepts.
    public static let maximumSide: Double = 100_000

    /// Creates a viewport; sides are clamped to 0…`maximumSide`.
    public init(width: Double, height: Double) {
        self.width = Finite.clamp(width, 0, Viewport.maximumSide)
        self.height = Finite.clamp(height, 0, Viewport.maximumSide)
    }

    /// Parses `WxH` (`390x844`, also `390X844` and `390×844`; decimals allowed). Both sides must
    /// be positive and at most `maximumSide`; anything else is `nil`.
    public init?(parsing text: String) {
        let separators: Set<Character> = ["x", "X", "×"]
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { separators.contains($0) })
        guard parts.count == 2,
              let width = Viewport.side(parts[0]), let height = Viewport.side(parts[1]) else { return nil }
        self.init(width: width, height: height)
    }

    private static func side(_ text: Substring) -> Double? {
        // Digits and at most one point: no signs, exponents, `inf` or `nan`.
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              text.filter({ $0 == "." }).count <= 1, let value = Double(text),
              value > 0, value <= maximumSide else { return nil }
        return value
    }

    /// `390x844`.
    public var description: String { Finite.format(width) + "x" + Finite.format(height) }

    /// The stack bounds: the whole viewport, `(0, 0, width, height)` (docs/language.md §6.1).
    public var bounds: Frame { Frame(x: 0, y: 0, width: width, height: height) }
}

/// A rectangle in points: origin at the top left, y growing downwards (UIKit's convention).
public struct Frame: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The frame inset by `insets` (never narrower or shorter than zero).
    public func inset(by insets: EdgeInsets) -> Frame {
        Frame(x: x + insets.left, y: y + insets.top,
              width: max(0, width - insets.left - insets.right),
              height: max(0, height - insets.top - insets.bottom))
    }

    /// The bottom edge, `y + height`.
    public var maxY: Double { y + height }

    public var description: String {
        "(\(Finite.format(x)), \(Finite.format(y)), \(Finite.format(width)), \(Finite.format(height)))"
    }
}

/// Edge insets in points (`UIEdgeInsets`).
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Equal insets on all four sides.
    public init(_ all: Double) { self.init(top: all, left: all, bottom: all, right: all) }

    /// An `insets(…)` value from the input, each side a `Finite.dimension`; nil for any other value.
    public init?(_ value: Value?) {
        guard case .insets(let t, let l, let b, let r)? = value else { return nil }
        self.init(top: Finite.dimension(t), left: Finite.dimension(l), bottom: Finite.dimension(b), right: Finite.dimension(r))
    }

    public static let zero = EdgeInsets(0)

    /// `left + right`.
    public var horizontal: Double { left + right }
    /// `top + bottom`.
    public var vertical: Double { top + bottom }
}

/// Guards against values from the input that would make a frame infinite, NaN or absurd.
public enum Finite {
    /// The largest magnitude any computed length or coordinate may have: a billion points.
    public static let limit: Double = 1e9

    /// `value` clamped to `lower…upper`; NaN becomes `lower`.
    @inline(__always)
    public static func clamp(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
        if value.isNaN { return lower }
        return min(max(value, lower), upper)
    }

    /// A length from the input: 0…`limit`.
    @inline(__always)
    public static func dimension(_ value: Double) -> Double { clamp(value, 0, limit) }

    /// A coordinate or signed offset from the input: −`limit`…`limit`.
    @inline(__always)
    public static func coordinate(_ value: Double) -> Double { clamp(value, -limit, limit) }

    /// `ceil`, forgiving the last-bit error of products such as `3 × 14 × 1.2` so an exact whole
    /// number is not rounded up to the next one.
    @inline(__always)
    public static func roundUp(_ value: Double) -> Double {
        // Lengths (0 ≤ value < 2⁵²) without libm: the integer conversion truncates exactly and
        // `value - whole` is the exact fraction; the same results as the general case below.
        if value >= 0 && value < 4.503_599_627_370_496e15 {
            let whole = Double(Int64(value))
            let fraction = value - whole
            if fraction == 0 { return value }
            let nearest = fraction >= 0.5 ? whole + 1 : whole
            if value - nearest > -1e-9 && value - nearest < 1e-9 { return nearest }
            return whole + 1
        }
        let nearest = value.rounded()
        if abs(value - nearest) < 1e-9 { return nearest }
        return value.rounded(.up)
    }

    /// A number as a person writes it: `200`, `0.5`.
    public static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}

// Dynamic Type: the text sizes a user can choose on iOS (content size categories) and the point
// size of each UIKit text style at each of them, so the layout can be computed at any of them
// and generated Swift can scale its fonts the way UIKit does.
//
// The table is Apple's, from the Human Interface Guidelines, Typography, "Specifications" →
// "iOS, iPadOS Dynamic Type sizes" and "Larger accessibility type sizes"
// (https://developer.apple.com/design/human-interface-guidelines/typography#Specifications):
// the point size of every text style in each of the seven standard and five accessibility
// categories. `DynamicTypeTests` checks it against those published values.

/// A content size category: the text size a user picks in Settings › Accessibility › Display &
/// Text Size (UIKit's `UIContentSizeCategory`, SwiftUI's `DynamicTypeSize`). `cardc` spells
/// them as the Human Interface Guidelines do — `xSmall` … `xxxLarge`, then `AX1` … `AX5` — and
/// reads them without regard to case (`--text-size ax3`).
public enum ContentSizeCategory: Int, CaseIterable, Sendable, Hashable, Comparable, CustomStringConvertible {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case ax1, ax2, ax3, ax4, ax5

    /// iOS's default text size, at which every font is the size the source gives it.
    public static let `default` = ContentSizeCategory.large

    /// The spelling `--text-size` takes and messages show: `large`, `xxxLarge`, `AX3`.
    public var name: String {
        switch self {
        case .xSmall: "xSmall"
        case .small: "small"
        case .medium: "medium"
        case .large: "large"
        case .xLarge: "xLarge"
        case .xxLarge: "xxLarge"
        case .xxxLarge: "xxxLarge"
        case .ax1: "AX1"
        case .ax2: "AX2"
        case .ax3: "AX3"
        case .ax4: "AX4"
        case .ax5: "AX5"
        }
    }

    public var description: String { name }

    /// UIKit's name of the category (`UIContentSizeCategory.accessibilityExtraLarge` for `AX3`).
    public var uiKitName: String {
        switch self {
        case .xSmall: "extraSmall"
        case .small: "small"
        case .medium: "medium"
        case .large: "large"
        case .xLarge: "extraLarge"
        case .xxLarge: "extraExtraLarge"
        case .xxxLarge: "extraExtraExtraLarge"
        case .ax1: "accessibilityMedium"
        case .ax2: "accessibilityLarge"
        case .ax3: "accessibilityExtraLarge"
        case .ax4: "accessibilityExtraExtraLarge"
        case .ax5: "accessibilityExtraExtraExtraLarge"
        }
    }

    /// Whether this is one of the larger accessibility sizes (`AX1` … `AX5`).
    public var isAccessibilitySize: Bool { self >= .ax1 }

    /// The category spelled `text`, whatever its case (`AX3`, `ax3`, `XXXLARGE`); nil for any
    /// other text.
    public init?(parsing text: String) {
        let lowered = text.lowercased()
        guard let match = Self.allCases.first(where: { $0.name.lowercased() == lowered }) else { return nil }
        self = match
    }

    /// Every spelling, in order, for usage text and messages: `xSmall, small, …, AX5`.
    public static var names: [String] { allCases.map(\.name) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A UIKit text style (`UIFont.TextStyle`): what a font scales with under Dynamic Type. Each
/// theme font of the catalog names the style it scales with (`ThemePropertySpec.textStyle`).
public enum DynamicTypeStyle: Int, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The Swift spelling of the `UIFont.TextStyle` constant, without the dot: `body`.
    public var swiftName: String {
        switch self {
        case .largeTitle: "largeTitle"
        case .title1: "title1"
        case .title2: "title2"
        case .title3: "title3"
        case .headline: "headline"
        case .body: "body"
        case .callout: "callout"
        case .subheadline: "subheadline"
        case .footnote: "footnote"
        case .caption1: "caption1"
        case .caption2: "caption2"
        }
    }

    public var description: String { swiftName }

    /// The style's point size at `category`, from Apple's table (the file's header names it).
    public func pointSize(at category: ContentSizeCategory) -> Double {
        let row = Self.pointSizes[rawValue]
        return row[category.rawValue]
    }

    /// The factor UIKit's `UIFontMetrics(forTextStyle:)` scales a font of this style by at
    /// `category`: the style's size there over its size at the default, `large`.
    public func scale(at category: ContentSizeCategory) -> Double {
        category == .default ? 1 : pointSize(at: category) / pointSize(at: .default)
    }

    /// `size`, a font of this style at the default text size, at `category`, as
    /// `UIFontMetrics(forTextStyle:).scaledFont(for:)` scales a custom font: proportionally to
    /// the style's own size. Exactly `size` at `large`.
    public func scaled(_ size: Double, at category: ContentSizeCategory) -> Double {
        category == .default ? size : size * pointSize(at: category) / pointSize(at: .default)
    }

    /// Point sizes by style (rows, in `DynamicTypeStyle` order) and category (columns, in
    /// `ContentSizeCategory` order: xSmall, small, medium, large, xLarge, xxLarge, xxxLarge,
    /// AX1 … AX5). Apple's published values; `DynamicTypeTests` pins every one.
    static let pointSizes: [[Double]] = [
        [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],  // largeTitle
        [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],  // title1
        [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],  // title2
        [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],  // title3
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],  // headline
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],  // body
        [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],  // callout
        [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],  // subheadline
        [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],  // footnote
        [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],  // caption1
        [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],  // caption2
    ]
}

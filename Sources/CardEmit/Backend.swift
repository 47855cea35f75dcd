import CardLayout
import CardModel

/// What every back end may need besides the checked deck.
public struct BackendOptions: Sendable {
    /// The screen the layout is computed for (`--viewport`).
    public var viewport: Viewport
    /// The kind of Swift `--emit swift` writes (`--swift-flavor`, default CardParts).
    public var swiftFlavor: SwiftNames.Flavor
    /// The access level of generated Swift declarations (`--access`, default internal).
    public var access: SwiftAccess
    /// The compiler's version, for generated files' headers (`cardc --version`); CardEmit cannot
    /// read it from the driver.
    public var toolVersion: String
    /// The gallery's column themes (`--theme`, repeatable), in order; empty: its default set.
    public var themes: [String]
    /// The gallery's column widths in points (`--width`, repeatable), in order; empty: the
    /// viewport's width and 320 points.
    public var widths: [Double]
    /// The text sizes (`--text-size`, repeatable), in order: the first is the one the layout
    /// runs at (the layout JSON, the preview, the gallery's theme × width columns), each further
    /// one a Dynamic Type column of the gallery; empty: `large`, and the gallery's one Dynamic
    /// Type column at `AX3`.
    public var textSizes: [ContentSizeCategory]

    /// The text size the layout runs at: the first of `textSizes`, else `large`.
    public var textSize: ContentSizeCategory { textSizes.first ?? .default }

    public init(viewport: Viewport = .standard, swiftFlavor: SwiftNames.Flavor = .cardParts,
                access: SwiftAccess = .internal, toolVersion: String = "", themes: [String] = [], widths: [Double] = [],
                textSizes: [ContentSizeCategory] = []) {
        self.viewport = viewport
        self.swiftFlavor = swiftFlavor
        self.access = access
        self.toolVersion = toolVersion
        self.themes = themes
        self.widths = widths
        self.textSizes = textSizes
    }
}

/// A back end: turns one checked deck (an input file and its imports) into one artifact.
///
/// Back ends read only the checked model (never syntax), run only when there are no errors, and
/// are deterministic: identical input gives byte-identical output (docs/language.md §11). `cardc build`
/// finds them by `name` in `Backends.all`, so a new back end plugs into `--emit` by adding one
/// entry there; the command itself does not change.
public protocol Backend: Sendable {
    /// The `--emit` name (`json`).
    var name: String { get }
    /// What follows `<name>.` in the output file name (`layout.json` → `deck.layout.json`).
    var fileExtension: String { get }
    /// One line for `cardc help build`.
    var summary: String { get }
    /// Writes the artifact for `deck` to `sink` in pieces, in order: a large artifact need not
    /// be held in memory whole. Pieces end between UTF-8 sequences.
    func emit(_ deck: CheckedUnit, options: BackendOptions, to sink: ([UInt8]) throws -> Void) rethrows
}

extension Backend {
    /// The whole artifact for `deck` as one byte array.
    public func emit(_ deck: CheckedUnit, options: BackendOptions) -> [UInt8] {
        var result: [UInt8] = []
        emit(deck, options: options, to: { piece in result.append(contentsOf: piece) })
        return result
    }
}

/// The registry of back ends `--emit` accepts.
public enum Backends {
    /// Every back end, in the order `--emit` lists them.
    public static let all: [any Backend] = [LayoutJSONEmitter(), SwiftEmitter(), PreviewEmitter(), HTMLEmitter()]

    /// The back end called `name`.
    public static func named(_ name: String) -> (any Backend)? { all.first { $0.name == name } }

    /// The names, for help and error messages.
    public static var names: [String] { all.map(\.name) }
}

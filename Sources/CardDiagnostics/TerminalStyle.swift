// Terminal styling: the `--color` choice, how many colours the terminal shows, and SGR escape
// sequences for bold, dim and RGB colours. The environment is always a parameter, never read
// here, so callers (and tests) decide what it is.

/// The `--color auto|always|never` option.
public enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never

    /// Whether to colour output. `auto` colours only a terminal, and not when `NO_COLOR` is set
    /// to a non-empty value (no-color.org) or `TERM` is `dumb`; `always`/`never` ignore both.
    public func resolved(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            guard isTerminal else { return false }
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return true
        }
    }
}

/// An sRGB colour with 8 bits per channel, as a theme or a named colour gives it.
public struct RGBColor: Hashable, Sendable {
    /// Red, 0…255.
    public var red: UInt8
    /// Green, 0…255.
    public var green: UInt8
    /// Blue, 0…255.
    public var blue: UInt8

    /// A colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour of an xterm 256-colour palette entry in 16…255 (the 6×6×6 cube and the gray
    /// ramp), or nil for 0…15, whose colours each terminal chooses, and for other numbers.
    public init?(xterm256Index index: Int) {
        switch index {
        case 16...231:
            let cube = index - 16
            self.init(red: Self.cubeLevels[cube / 36], green: Self.cubeLevels[cube / 6 % 6],
                      blue: Self.cubeLevels[cube % 6])
        case 232...255:
            let gray = UInt8(8 + 10 * (index - 232))
            self.init(red: gray, green: gray, blue: gray)
        default:
            return nil
        }
    }

    /// The index (16…255) of the xterm 256-colour palette entry nearest to this colour: the
    /// least Euclidean distance in RGB over the 216 cube colours and the 24 grays. The first 16
    /// entries are never chosen: terminals redefine them. On a tie the lower index wins (so the
    /// cube before the gray ramp).
    public var nearestXterm256Index: Int {
        // The cube is a grid, so its nearest point is the nearest level per channel.
        let r = Self.nearestCubeLevel(red), g = Self.nearestCubeLevel(green), b = Self.nearestCubeLevel(blue)
        var best = 16 + 36 * r + 6 * g + b
        var bestDistance = squaredDistance(to: RGBColor(xterm256Index: best) ?? self)
        for index in 232...255 {
            guard let gray = RGBColor(xterm256Index: index) else { continue }
            let distance = squaredDistance(to: gray)
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }

    /// The channel values of the cube's six levels.
    private static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    private static func nearestCubeLevel(_ value: UInt8) -> Int {
        var best = 0
        for level in 1..<cubeLevels.count
        where abs(Int(cubeLevels[level]) - Int(value)) < abs(Int(cubeLevels[best]) - Int(value)) {
            best = level
        }
        return best
    }

    private func squaredDistance(to other: RGBColor) -> Int {
        let dr = Int(red) - Int(other.red), dg = Int(green) - Int(other.green), db = Int(blue) - Int(other.blue)
        return dr * dr + dg * dg + db * db
    }
}

/// How a terminal is styled: not at all, with the xterm 256-colour palette, or with 24-bit colour.
public enum TerminalColorMode: Sendable, Hashable {
    /// No escape sequences at all: neither colour nor bold or dim.
    case off
    /// Colours as the nearest xterm 256-colour palette entry (`38;5;n`).
    case xterm256
    /// Colours as 24-bit RGB (`38;2;r;g;b`).
    case trueColor

    /// The mode for `choice` (see `ColorChoice.resolved`): off when colour is not wanted — so a
    /// non-empty `NO_COLOR` turns it off unless the choice is `always` — else 24-bit when
    /// `COLORTERM` is `truecolor` or `24bit` (in any case), else the 256-colour palette.
    public init(choice: ColorChoice, isTerminal: Bool, environment: [String: String]) {
        guard choice.resolved(isTerminal: isTerminal, environment: environment) else {
            self = .off
            return
        }
        switch environment["COLORTERM"]?.lowercased() {
        case "truecolor", "24bit": self = .trueColor
        default: self = .xterm256
        }
    }
}

/// A text style: bold, dim, and optional foreground and background colours, written as one SGR
/// (Select Graphic Rendition) escape sequence.
public struct TerminalStyle: Hashable, Sendable {
    /// Bold (SGR 1).
    public var isBold: Bool
    /// Dim, faint (SGR 2).
    public var isDim: Bool
    /// The text colour, or nil for the terminal's own.
    public var foreground: RGBColor?
    /// The background colour, or nil for the terminal's own.
    public var background: RGBColor?

    /// A style; the default is plain text.
    public init(isBold: Bool = false, isDim: Bool = false, foreground: RGBColor? = nil,
                background: RGBColor? = nil) {
        self.isBold = isBold
        self.isDim = isDim
        self.foreground = foreground
        self.background = background
    }

    /// No styling.
    public static let plain = TerminalStyle()
    /// Bold text.
    public static let bold = TerminalStyle(isBold: true)
    /// Dim text.
    public static let dim = TerminalStyle(isDim: true)

    /// The sequence that ends any style: `ESC [ 0 m`.
    public static let resetSequence = "\u{1B}[0m"

    /// The SGR sequence that selects this style in `mode`, e.g. `ESC [ 1 ; 38;5;196 m`; empty
    /// for a plain style or when `mode` is `.off`.
    public func startSequence(in mode: TerminalColorMode) -> String {
        if mode == .off { return "" }
        var parameters: [String] = []
        if isBold { parameters.append("1") }
        if isDim { parameters.append("2") }
        if let foreground { parameters.append(Self.colorParameter(38, foreground, mode)) }
        if let background { parameters.append(Self.colorParameter(48, background, mode)) }
        if parameters.isEmpty { return "" }
        var sequence = "\u{1B}["
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { sequence += ";" }
            sequence += parameter
        }
        return sequence + "m"
    }

    /// `text` in this style: escaped (see `TerminalText.escaped`, so it cannot carry escape
    /// sequences of its own), between this style's start sequence and a reset; only escaped for
    /// a plain style or when `mode` is `.off`.
    public func styled(_ text: String, in mode: TerminalColorMode) -> String {
        let safe = TerminalText.escaped(text)
        let start = startSequence(in: mode)
        return start.isEmpty ? safe : start + safe + Self.resetSequence
    }

    private static func colorParameter(_ selector: Int, _ color: RGBColor, _ mode: TerminalColorMode) -> String {
        if mode == .trueColor { return "\(selector);2;\(color.red);\(color.green);\(color.blue)" }
        return "\(selector);5;\(color.nearestXterm256Index)"
    }
}

import CardDiagnostics
import CardLayout
import CardModel
import CardTestSupport
import CardPipeline
import CardSources
import Testing

/// The WCAG 2 contrast arithmetic behind W1001 (docs/language.md §7.4), against WCAG's
/// published values, and its properties over random colours.
@Suite struct ContrastTests {
    static func color(_ hex: String) -> ColorValue {
        ColorValue(hex: hex) ?? ColorValue(red: 255, green: 0, blue: 255)
    }

    /// Values WCAG's documents and its reference tools give: black on white is the maximum 21:1;
    /// `#777777` on white is about 4.48:1 (the classic near miss), `#767676` about 4.54:1 (the
    /// lightest grey that passes), `#595959` 7:1 (the AAA level); `#FF0000` on white is 4:1.
    @Test(arguments: [
        ("#000000", "#FFFFFF", 21.0),
        ("#FFFFFF", "#FFFFFF", 1.0),
        ("#777777", "#FFFFFF", 4.48),
        ("#767676", "#FFFFFF", 4.54),
        ("#595959", "#FFFFFF", 7.0),
        ("#FF0000", "#FFFFFF", 4.0),
        ("#0000FF", "#FFFFFF", 8.59),
        ("#888888", "#FFFFFF", 3.54),
    ])
    func publishedRatios(_ foreground: String, _ background: String, _ expected: Double) {
        let ratio = Contrast.ratio(Self.color(foreground), Self.color(background))
        #expect(abs(ratio - expected) < 0.006, "\(foreground) on \(background): \(ratio), WCAG gives \(expected)")
    }

    @Test func luminanceEnds() {
        #expect(Contrast.luminance(Self.color("#000000")) == 0)
        #expect(abs(Contrast.luminance(Self.color("#FFFFFF")) - 1) < 1e-12)
        // sRGB's linear segment: 10/255 is below 0.04045, so L = c / 12.92 for a grey.
        #expect(abs(Contrast.luminance(Self.color("#0A0A0A")) - (10.0 / 255) / 12.92) < 1e-12)
    }

    /// A ratio is printed cut, never rounded up to the minimum it fails.
    @Test func formatCutsToHundredths() {
        #expect(Contrast.format(21) == "21:1")
        #expect(Contrast.format(4.4999) == "4.49:1")
        #expect(Contrast.format(Contrast.ratio(Self.color("#777777"), Self.color("#FFFFFF"))) == "4.47:1")
        #expect(Contrast.format(3) == "3:1")
    }

    @Test func largeText() {
        #expect(Contrast.minimumRatio(size: 17, weight: .regular) == 4.5)
        #expect(Contrast.minimumRatio(size: 18, weight: .regular) == 3)
        #expect(Contrast.minimumRatio(size: 14, weight: .bold) == 3)
        #expect(Contrast.minimumRatio(size: 14, weight: .semibold) == 4.5)
        #expect(Contrast.minimumRatio(size: 13.5, weight: .black) == 4.5)
    }

    @Test func blendingTranslucentText() {
        let half = ColorValue(red: 255, green: 255, blue: 255, alpha: 128)
        let blended = Contrast.blend(half, over: Self.color("#000000"))
        #expect(blended == ColorValue(red: 128, green: 128, blue: 128))
        #expect(Contrast.blend(Self.color("#123456"), over: Self.color("#FFFFFF")) == Self.color("#123456"))
    }

    /// Over random pairs: the ratio is symmetric, within 1…21, 1 for equal colours; the nearest
    /// passing colour passes, and a colour that already passes is its own nearest.
    @Test func propertiesOverRandomColours() {
        var generator = SplitMix64(seed: 0xC0_1A_57)
        func random() -> ColorValue {
            let bits = generator.next()
            return ColorValue(red: UInt8(truncatingIfNeeded: bits), green: UInt8(truncatingIfNeeded: bits >> 8),
                              blue: UInt8(truncatingIfNeeded: bits >> 16))
        }
        for _ in 0..<500 {
            let a = random(), b = random()
            let ratio = Contrast.ratio(a, b)
            #expect(ratio == Contrast.ratio(b, a))
            #expect(ratio >= 1 && ratio <= 21)
            #expect(Contrast.ratio(a, a) == 1)
            let nearest = Contrast.nearest(to: a) { Contrast.ratio($0, b) >= 4.5 }
            if let nearest {
                #expect(Contrast.ratio(nearest, b) >= 4.5)
                if ratio >= 4.5 { #expect(nearest == a) }
            }
            // Black or white always reaches 4.5:1 against a single colour: some colour passes.
            #expect(nearest != nil)
        }
    }
}

/// The marks the drawing back ends put on parts (`ContrastAudit`) are the diagnostics: for each
/// card in each theme a stack shows it in, the failures it calls reported are exactly the W1001
/// and W1004 `cardc check` gives that card and theme, text for text; the built-in themes' own
/// pairs are failures it does not call reported.
@Suite struct ContrastAuditTests {
    static let deck = """
    theme Night: Turbo { cardBackgroundColor: #1C1C1E }
    card Balance {
      title("Balance")
      text("Pending", color: #A0A0A0)
      titleDescription(leftTitle: "In", leftDescription: "Out")
      bar(percent: 0.5, color: #B2EBF2)
      state loading { text("Loading", color: #3A3A3C) }
    }
    card Stop: gradient(colors: [#FFFFFF, #F2F2F7]) {
      title: "Central"
      subtitle: "Platform 4"
      text("Soon", color: #EEEEEE)
    }
    card Plain {
      text("Mint's own grey", style: .detail)
    }
    stack Home: list {
      theme: Night
      Balance
    }
    stack Trip: sheet { Stop }
    stack Other: list { Plain }
    """

    @Test func reportedFailuresAreTheDiagnostics() throws {
        let result = Pipeline.check(paths: ["deck.cards"], root: ".", provider: MemoryFileProvider(["deck.cards": Self.deck]))
        let deck = try #require(result.decks.first)
        let diagnostics = result.diagnostics.filter { $0.code == .w1001 || $0.code == .w1004 }
        let audit = ContrastAudit(deck: deck)
        var reported = 0
        for (card, theme) in [("Balance", "Night"), ("Stop", "Mint"), ("Plain", "Mint")] {
            let view = try #require(deck.card(named: card))
            let (parts, header) = audit.failures(of: view, inTheme: theme)
            let failures = parts.values.flatMap { $0 } + header
            reported += failures.filter(\.isReported).count
            for failure in failures where failure.isReported {
                let code = failure.code
                #expect(diagnostics.contains { $0.code == code && $0.message.contains("\(failure.foreground.hex) on \(failure.background.hex)")
                    && $0.message.contains("theme `\(theme)`") }, "\(card): \(failure)")
            }
        }
        #expect(reported == diagnostics.count, "\(diagnostics.map(\.message))")
        // Mint's #888888 detail text on white fails 4.5:1 but is the built-in theme's own pair.
        let plain = try #require(deck.card(named: "Plain"))
        let own = audit.failures(of: plain, inTheme: "Mint").parts.values.flatMap { $0 }
        #expect(own.count == 1 && own.first?.isReported == false)
    }
}

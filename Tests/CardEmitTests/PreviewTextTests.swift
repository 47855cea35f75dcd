import CardPipeline
import CardDiagnostics
import CardDriver
import CardEmit
import CardLayout
import CardModel
import CardSources
import CardSema
import Testing

/// Hostile and wide text in the preview: nothing raw reaches the output, no line is wider than
/// its width, and widths count grapheme clusters as `TerminalText` does.
@Suite struct PreviewTextTests {
    /// Widths the preview's line check relies on, by the one display-width function.
    static let knownWidths: [(String, Int)] = [
        ("abc", 3), ("漢字", 4), ("👨‍👩‍👧‍👦", 2), ("🇫🇷", 2), ("👍🏽", 2), ("e\u{301}", 1), ("\t", TerminalText.tabWidth),
        ("\u{1B}", 6), ("\u{202E}", 8), ("…", 1), ("─", 1), ("█", 1),
    ]

    @Test(arguments: knownWidths)
    func knownWidth(_ text: String, _ width: Int) {
        #expect(TerminalText.displayWidth(of: text) == width, "\(Array(text.unicodeScalars))")
    }

    /// Text with every kind of trouble, in every place text shows.
    static let hostile = [
        "ESC\u{1B}[2J\u{1B}]0;title\u{07}clear", "C1\u{85}next\u{9B}31m", "bidi\u{202E}desrever\u{202C} \u{2066}iso\u{2069}",
        "漢字かな交じり文 全角", "family 👨‍👩‍👧‍👦 ok", "flags 🇫🇷🇯🇵", "skin 👍🏽", "cafe\u{301} n\u{303}", "tab\there\tand\tthere",
        "line\nbreak\r\nand\rreturn", "zero\u{200B}width\u{2060}joiner", "del\u{7F}bell\u{07}null\u{0}",
    ]

    static func deck(_ text: String) -> String {
        // Raw in the source, except what would end the literal or the line: those as escapes.
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        let literal = "\"" + escaped + "\""
        return """
        card Hostile: rounded(radius: 4), shadow(color: .black, radius: 2, opacity: 0.5, offset: size(1, 1)) {
          model {
            value: \(literal)
            rows: [(leftTitle: \(literal), leftDescription: \(literal), rightTitle: \(literal), rightDescription: "d")]
            state: .hasData
          }
          title: \(literal)
          subtitle: \(literal)
          title(\(literal), menu: [\(literal)], onMenu: pick)
          state hasData {
            text($value)
            text(\(literal), style: .title, alignment: .center)
            button(\(literal), action: go)
            pill(\(literal))
            iconLabel(\(literal), icon: \(literal))
            image(\(literal), height: 48)
            hstack { text(\(literal)) verticalSeparator text(\(literal), alignment: .right) }
            titleDescription(leftTitle: \(literal), rightDescription: \(literal))
            table(rows: $rows)
            textField(placeholder: \(literal))
            progressBar(values: [0, 1], colors: [.red, .blue], current: 0.5, marker: \(literal))
          }
          state empty { attributedText(\(literal)) }
        }
        stack Sheet: sheet { Hostile }
        """
    }

    @Test(arguments: hostile)
    func nothingRawReachesTheOutput(_ text: String) throws {
        let deck = try emitDeck(Self.deck(text))
        for (width, mode) in [(20, TerminalColorMode.off), (33, .trueColor), (80, .off)] {
            do {
                for request in [PreviewRequest(), PreviewRequest(card: "Hostile", allStates: true)] {
                    let output = try previewText(deck, request, width: width, colorMode: mode)
                    let problems = PreviewOutput.problems(in: output, width: width)
                    #expect(problems.isEmpty, "\(width) \(mode): \(problems.prefix(3))")
                }
            }
        }
        if text.unicodeScalars.contains(where: TerminalText.needsEscaping) {
            #expect(try previewText(deck, width: 200).contains("\\u{"), "controls are shown as escapes")
        }
    }

    /// Random strings of hostile scalars never break a line's width or leak a control.
    @Test(arguments: 0..<3)
    func randomText(seed: UInt64) throws {
        var state = 0x9E37_79B9_7F4A_7C15 &+ seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let pool: [Unicode.Scalar] = ["a", "Z", " ", " ", "\t", "\n", "\u{1B}", "\u{85}", "\u{9B}", "\u{202E}", "\u{2067}", "\u{200D}",
                                      "\u{301}", "\u{FE0F}", "漢", "😀", "👩", "🏽", "\u{1F1EB}", "\u{1F1F7}", "…", "\u{200B}", "\u{7F}"]
        for _ in 0..<6 {
            var text = ""
            for _ in 0..<(Int(next() % 40) + 1) { text.unicodeScalars.append(pool[Int(next() % UInt64(pool.count))]) }
            let width = 20 + Int(next() % 60)
            let output = try previewText(Self.deck(text), PreviewRequest(card: "Hostile", allStates: true), width: width,
                                         colorMode: .trueColor)
            let problems = PreviewOutput.problems(in: output, width: width)
            #expect(problems.isEmpty, "\(Array(text.unicodeScalars)) at \(width): \(problems.prefix(3))")
        }
    }

    /// Rows full of long clusters (25 bytes in 2 columns) between box edges, plain and coloured.
    @Test func rowsOfLongClusters() throws {
        let family = "👨‍👩‍👧‍👦", flag = "🏳️‍🌈"
        let source = "card F: border(width: 1, color: .red) { text(\"\(String(repeating: family, count: 60))\")\n"
            + "text(\"\(String(repeating: family + flag, count: 30))\", lines: 1) }"
        for width in [20, 41, 80] {
            for mode in [TerminalColorMode.off, .trueColor] {
                let output = try previewText(source, width: width, colorMode: mode)
                #expect(PreviewOutput.problems(in: output, width: width).isEmpty)
                #expect(output.contains(family))
            }
        }
    }

    /// Wide clusters are whole or absent: a CJK text cut at an odd column leaves no half.
    @Test func wideTextIsNeverSplit() throws {
        let output = try previewText("card W { text(\"漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字\", lines: 1) }", width: 21)
        let line = try #require(output.split(separator: "\n").first { $0.contains("漢") })
        #expect(line.contains("…"))
        #expect(TerminalText.displayWidth(of: line) <= 21)
        #expect(line.unicodeScalars.allSatisfy { $0 != "\u{FFFD}" })
    }
}

/// Colour: theme colours for text and backgrounds, named colours with their UIKit values,
/// 24-bit only for truecolor terminals.
@Suite struct PreviewColorTests {
    let source = """
    card C { text("red words", color: .red)
      text("plain words")
      bar(percent: 0.5, color: #2E7D32) }
    """

    @Test func namedColoursUseTheirUIKitValues() throws {
        let text = try previewText(source, width: 40, colorMode: .trueColor)
        #expect(text.contains("38;2;255;0;0"), "UIColor.red")
        #expect(text.contains("38;2;46;125;50"), "#2E7D32")
        // Mint's normal text colour (#888888) on its card background (#FFFFFF).
        #expect(text.contains("38;2;136;136;136") && text.contains("48;2;255;255;255"))
        let palette = try previewText(source, width: 40, colorMode: .xterm256)
        #expect(palette.contains("38;5;\(RGBColor(red: 255, green: 0, blue: 0).nearestXterm256Index)"))
        #expect(!palette.contains("38;2;"))
    }

    @Test func themesColourText() throws {
        let themed = """
        theme Ink: Mint { normalTextColor: #123456  cardBackgroundColor: #FEDCBA }
        card C { text("inked") }
        stack S: list { theme: Ink  C }
        """
        let text = try previewText(themed, width: 40, colorMode: .trueColor)
        #expect(text.contains("38;2;18;52;86") && text.contains("48;2;254;220;186"))
    }
}

/// Absurd sizes stay bounded: a panel is cut at `PreviewScale.maximumPanelRows`, loops stop at
/// the canvas, and every line still fits.
@Suite struct PreviewLimitTests {
    /// Every sample with some numbers replaced by extremes (0, 10³⁰⁰, 10⁻⁶…), on the standard screen and a
    /// 1 × 1 point one: whenever it checks clean, the preview fits its width.
    @Test(arguments: EmitTestPaths.cardsFiles(in: EmitTestPaths.samples))
    func mutatedSamples(_ name: String) throws {
        let extremes = ["0", "1e300", "999999999999", "0.000001"]
        var files: [String: String] = [:]
        for file in EmitTestPaths.cardsFiles(in: EmitTestPaths.samples) {
            files[file] = EmitTestPaths.text(of: EmitTestPaths.samples.appendingPathComponent(file))
        }
        let original = files[name] ?? ""
        var drawn = 0
        for seed in 1...3 {
            // Every ninth number literal (a digit run after a space, `(` or `:`) becomes an extreme.
            var out = "", count = 0
            var previous: Character = " "
            var characters = original[...]
            while let character = characters.first {
                if character.isASCII, character.isNumber, previous == " " || previous == "(" || previous == ":" {
                    let run = characters.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
                    characters = characters.dropFirst(run.count)
                    count += 1
                    out += count % 9 == seed ? extremes[(count / 9 + seed) % extremes.count] : String(run)
                    previous = "0"
                    continue
                }
                out.append(character)
                previous = character
                characters = characters.dropFirst()
            }
            files[name] = out
            for viewport in [Viewport.standard, Viewport(width: 1, height: 1)] {
                let result = Pipeline.check(paths: [name], root: ".", provider: MemoryFileProvider(files), viewport: viewport)
                guard !result.hasErrors, let deck = result.decks.first else { continue }
                drawn += 1
                let text = String(decoding: PreviewEmitter(width: 40).emit(deck, options: BackendOptions(viewport: viewport)), as: UTF8.self)
                #expect(PreviewOutput.problems(in: text, width: 40).isEmpty, "\(name) seed \(seed) \(viewport)")
            }
        }
        #expect(drawn > 0, "no mutation of \(name) checked clean")
    }

    @Test func hugeFramesAreCut() throws {
        let source = """
        card Huge: shadow(color: .black, radius: 1, opacity: 1, offset: size(-1, -1)) {
          hstack {
            spacer(height: 1000000000)
            verticalSeparator
            image("tall", height: 1000000000)
          }
          map(latitude: 0, longitude: 0, height: 1000000000)
          text("after")
        }
        card Wide { collection(items: $items, itemSize: size(1000000000, 1000000000), spacing: 1000000000) { cell { text($item.t) } } 
          model { items: [(t: "a"), (t: "b")] } }
        stack S: collapsible(cardOffset: 1000000000, collapsedHeight: 1, expandedHeight: 1000000000, cardHeight: 1000000000) { Huge Wide }
        stack T: swipe(visibleCards: 1000) { Huge Wide Huge }
        """
        for request in [PreviewRequest(), PreviewRequest(card: "Huge", allStates: true), PreviewRequest(stack: "S", position: "expanded")] {
            let output = try previewText(source, request, width: 30)
            #expect(PreviewOutput.problems(in: output, width: 30).isEmpty)
            #expect(output.split(separator: "\n", omittingEmptySubsequences: false).count < 3 * (PreviewScale.maximumPanelRows + 10))
        }
    }
}

import Testing
@testable import CardDiagnostics

// MARK: - Helpers

/// A small deterministic generator (SplitMix64), so random cases are the same on every run.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Pieces random strings are made of: every kind of cluster the width rules distinguish, and
/// hostile ones. No `…`, so an ellipsis in the output is always one the functions added.
private let pieces: [String] = [
    "a", "Z", "word", "x1", " ", "  ", "\t", "\n", "\r\n", "-",
    "漢", "字", "Ａ", "한", "ｶ", "α", "\u{1112}\u{1161}\u{11AB}",
    "😀", "👨‍👩‍👧‍👦", "🇫🇷", "🇫", "👍🏽", "1️⃣", "#⃣", "🏳️‍🌈", "👩🏽‍💻", "😀🏽", "🏴󠁧󠁢󠁳󠁣󠁴󠁿",
    "e\u{301}", "\u{301}", "☺︎", "☺️", "❤", "\u{FE0F}", "\u{1F3FD}", "\u{200B}", "\u{200D}", "\u{AD}",
    "क्ष", "\u{1B}[31m", "\u{1B}", "\u{7}", "\u{7F}", "\u{85}", "\u{9B}", "\u{202E}", "\u{2066}",
    "\u{200F}", "\u{61C}", "\u{FEFF}", "\u{2028}",
]

private func randomString(_ rng: inout SplitMix64) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 0...14, using: &rng) {
        text += pieces[Int.random(in: 0..<pieces.count, using: &rng)]
    }
    return text
}

/// Whether printing `text` raw is safe: nothing that needs escaping, no tab, no line break.
private func isSafe(_ text: String) -> Bool {
    !text.unicodeScalars.contains { TerminalText.needsEscaping($0) || $0 == "\t" || $0 == "\n" }
}

/// What `wrap` must keep of `text`: every cluster but spaces and line breaks, escaped.
private func visibleContent(_ text: String) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    for character in text where ![" ", "\t", "\n", "\r\n", "\r"].contains(character) {
        result += TerminalText.escaped(String(character)).unicodeScalars
    }
    return result
}

// MARK: - Widths

@Suite("Terminal text: widths")
struct TerminalTextWidthTests {
    static let known: [(String, Int)] = [
        ("a", 1), ("hello", 5), ("漢字", 4), ("ＡＢ", 4), ("한글", 4),
        ("\u{1112}\u{1161}\u{11AB}", 2),  // 한 as conjoining jamo
        ("😀", 2), ("👨‍👩‍👧‍👦", 2), ("🇫🇷", 2), ("🇫", 2), ("🇫🇷🇺", 4), ("👍🏽", 2), ("👩🏽‍💻", 2),
        ("1️⃣", 2), ("#⃣", 2), ("🏳️‍🌈", 2), ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", 2),
        ("😀🏽", 4),  // 😀 takes no skin tone: the modifier shows as its own swatch
        ("e\u{301}", 1), ("é", 1), ("\u{301}", 0),
        ("☺︎", 1), ("☺️", 2), ("☺", 1), ("❤", 1), ("❤️", 2), ("a\u{FE0F}", 1), ("漢\u{FE0F}", 2),
        ("\u{200B}", 0), ("\u{200D}", 0), ("\u{2060}", 0), ("\u{FE0F}", 0),
        ("\u{AD}", 1),  // soft hyphen: drawn as a hyphen by wcwidth terminals
        ("α", 1), ("①", 1), ("ｶ", 1),  // ambiguous and halfwidth: narrow
        ("\t", 4), ("a\tb", 6),
        ("\u{1B}", 6), ("\u{1B}[31m", 10), ("\u{7F}", 6), ("\u{85}", 6), ("\u{202E}", 8),
        ("\u{200F}", 8), ("\u{61C}", 7), ("\u{FEFF}", 8), ("\n", 5), ("\r\n", 10),
    ]

    @Test("known widths of grapheme clusters and strings", arguments: known)
    func knownWidths(text: String, width: Int) {
        #expect(TerminalText.displayWidth(of: text) == width)
        if text.count == 1, let character = text.first {
            #expect(TerminalText.displayWidth(of: character) == width)
        }
    }

    @Test("scalar widths come from the table, escapes and tabs as printed")
    func scalarWidths() {
        let cases: [(Unicode.Scalar, Int)] = [
            ("a", 1), ("é", 1), ("\u{AD}", 1), ("\u{301}", 0), ("\u{FE0F}", 0), ("\u{200D}", 0),
            ("\u{200B}", 0), ("\u{2064}", 0), ("\u{1160}", 0), ("\u{D7B0}", 0), ("漢", 2), ("Ａ", 2),
            ("한", 2), ("😀", 2), ("\u{1F1EB}", 2), ("\u{1F3FD}", 2), ("\u{20000}", 2), ("\u{3FFFD}", 2),
            ("☺", 1), ("α", 1), ("\u{E000}", 1), ("\u{600}", 1), ("\u{1B}", 6), ("\u{9B}", 6),
            ("\u{2066}", 8), ("\t", 4),
        ]
        for (scalar, width) in cases {
            #expect(TerminalText.displayWidth(of: scalar) == width, "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test("the generated table is sorted, non-overlapping and holds only widths 0 and 2")
    func tableShape() {
        let firsts = TerminalText.widthRangeFirsts, lasts = TerminalText.widthRangeLasts
        #expect(firsts.count == lasts.count && firsts.count == TerminalText.widthRangeWidths.count)
        #expect(firsts.first.map { $0 >= 0x300 } ?? false)
        for i in firsts.indices {
            #expect(firsts[i] <= lasts[i])
            if i > 0 { #expect(lasts[i - 1] < firsts[i]) }
        }
        #expect(TerminalText.widthRangeWidths.allSatisfy { $0 == 0 || $0 == 2 })
        #expect(TerminalText.widthTableUnicodeVersion.split(separator: ".").count == 3)
    }

    /// The table (Python's data) agrees with the standard library's own Unicode data on the
    /// properties both have, for code points both versions know.
    @Test("the table agrees with the standard library's emoji and mark properties")
    func tableAgreesWithStandardLibrary() {
        let version = TerminalText.widthTableUnicodeVersion.split(separator: ".").compactMap { Int($0) }
        let major = version.first ?? 0, minor = version.dropFirst().first ?? 0
        var checked = 0
        for v in UInt32(0x300)..<0x20000 {
            guard let scalar = Unicode.Scalar(v), let age = scalar.properties.age,
                  age.major < major || (age.major == major && age.minor <= minor) else { continue }
            let width = TerminalText.tableWidth(v)
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark:
                #expect(width == 0, "U+\(String(v, radix: 16)) is a mark")
            default:
                break
            }
            if scalar.properties.isEmojiPresentation {
                #expect(width == 2, "U+\(String(v, radix: 16)) has emoji presentation")
            }
            checked += 1
        }
        #expect(checked > 50_000)
    }

    @Test("a run measured scalar by scalar, as the renderer does, matches the cluster sum")
    func measureAgreesWithClusters() {
        // Where grapheme rules break but a careless measure would carry emoji context across.
        let edges = ["😀\u{200B}\u{200D}😀", "😀\u{2060}\u{200D}😀", "😀\u{1161}\u{200D}😀", "🇫\u{301}🇷",
                     "🇫\u{FE0F}🇷", "🇫🇷🇺🇸🇩", "a\u{200D}😀", "1\u{200D}😀", "☺\u{200D}😀", "\u{1B}\u{FE0F}",
                     "\u{1B}\u{1F3FD}", "👍\u{200B}\u{1F3FD}", "1\u{200B}\u{20E3}"]
        var rng = SplitMix64(state: 0x5EED_0001)
        for round in 0..<(2_000 + edges.count) {
            let text = round < edges.count ? edges[round] : randomString(&rng)
            var measure = ScalarWidthMeasure()
            let run = text.unicodeScalars.reduce(0) { $0 + measure.width(of: $1) }
            #expect(run == TerminalText.displayWidth(of: text), "\(Array(text.unicodeScalars))")
        }
    }

    @Test("emoji sequences in source keep the renderer's carets aligned")
    func rendererCarets() {
        var files = FileSet()
        let text = "x(\"👨‍👩‍👧‍👦🇫🇷👍🏽1️⃣\") y\n"
        let file = files.add(path: "deck.cards", bytes: Array(text.utf8))
        let offset = Array("x(\"👨‍👩‍👧‍👦🇫🇷👍🏽1️⃣\") ".utf8).count
        let out = TextRenderer().render(Diagnostic(.e201, "m", at: SourceSpan(file: file.id, start: offset, end: offset + 1)),
                                        in: files)
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
        // `x("` 3 + four 2-column emoji 8 + `") ` 3 = 14 columns before `y`.
        #expect(lines[3] == "  |" + String(repeating: " ", count: 15) + "^")
        let flag = Array("x(\"👨‍👩‍👧‍👦".utf8).count
        let under = TextRenderer().render(
            Diagnostic(.e201, "m", at: SourceSpan(file: file.id, start: flag, end: flag + Array("🇫🇷".utf8).count)), in: files)
        #expect(under.split(separator: "\n")[3] == "  |" + String(repeating: " ", count: 6) + "^^")
    }

    @Test("a window cut inside an emoji sequence begins at a whole emoji")
    func rendererWindowStart() {
        var files = FileSet()
        let unit = "🇫🇷👨‍👩‍👧‍👦a"
        let text = String(repeating: unit, count: 200) + "\n"
        let file = files.add(path: "deck.cards", bytes: Array(text.utf8))
        for shift in 0..<4 {
            let offset = Array(String(repeating: unit, count: 100).utf8).count + shift * 4
            let out = TextRenderer().render(Diagnostic(.e201, "m", at: SourceSpan(file: file.id, start: offset, end: offset)),
                                            in: files)
            let lines = out.split(separator: "\n")
            let source = lines[2].dropFirst(4)
            #expect(source.hasPrefix("…"))
            #expect(TerminalText.displayWidth(of: source) <= 120)
            // The window's first cell after `…` starts a cluster of its own in the original.
            let afterEllipsis = source.dropFirst()
            #expect(afterEllipsis.hasPrefix("🇫🇷") || afterEllipsis.hasPrefix("👨‍👩‍👧‍👦") || afterEllipsis.hasPrefix("a"))
        }
    }
}

// MARK: - Escaping

@Suite("Terminal text: escaping")
struct TerminalTextEscapingTests {
    @Test("ESC, C0, DEL, C1 and bidirectional controls are escaped; tabs are kept")
    func escapes() {
        #expect(TerminalText.escaped("a\u{1B}[31mred\u{1B}[0m") == "a\\u{1B}[31mred\\u{1B}[0m")
        #expect(TerminalText.escaped("\u{0}\u{7}\u{7F}\u{80}\u{85}\u{9B}\u{9F}") ==
                "\\u{0}\\u{7}\\u{7F}\\u{80}\\u{85}\\u{9B}\\u{9F}")
        #expect(TerminalText.escaped("abc\u{202E}fed\u{202C}") == "abc\\u{202E}fed\\u{202C}")
        for v: UInt32 in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
                          0x200E, 0x200F, 0x061C, 0x2028, 0x2029, 0xFEFF] {
            let scalar = Unicode.Scalar(v) ?? "?"
            #expect(TerminalText.needsEscaping(scalar))
            #expect(TerminalText.escaped(String(scalar)) == "\\u{\(String(v, radix: 16, uppercase: true))}")
        }
        #expect(TerminalText.escaped("a\tb") == "a\tb")
        #expect(TerminalText.escaped("漢字 😀 e\u{301} \u{200B}") == "漢字 😀 e\u{301} \u{200B}")
    }

    @Test("escaping is idempotent and leaves nothing raw", arguments: 0..<4)
    func idempotent(seed: UInt64) {
        var rng = SplitMix64(state: seed)
        for _ in 0..<500 {
            let once = TerminalText.escaped(randomString(&rng))
            #expect(TerminalText.escaped(once) == once)
            #expect(!once.unicodeScalars.contains(where: TerminalText.needsEscaping))
        }
    }

    @Test("styled text cannot smuggle escape sequences")
    func styledIsEscaped() {
        let hostile = "ok\u{1B}]0;title\u{7}\u{1B}[2J\u{202E}"
        for mode in [TerminalColorMode.off, .xterm256, .trueColor] {
            let out = TerminalStyle.bold.styled(hostile, in: mode)
            let start = TerminalStyle.bold.startSequence(in: mode)
            let body = out.dropFirst(start.count).dropLast(mode == .off ? 0 : TerminalStyle.resetSequence.count)
            #expect(String(body) == "ok\\u{1B}]0;title\\u{7}\\u{1B}[2J\\u{202E}")
        }
    }
}

// MARK: - Wrapping, truncating, padding

@Suite("Terminal text: wrap, truncate, pad")
struct TerminalTextLayoutTests {
    @Test("wraps at spaces, collapsing runs, keeping paragraphs")
    func wrapWords() {
        #expect(TerminalText.wrap("the quick brown fox", width: 10) == ["the quick", "brown fox"])
        #expect(TerminalText.wrap("  the   quick\tbrown  ", width: 9) == ["the quick", "brown"])
        #expect(TerminalText.wrap("one\ntwo three\r\n\nfour", width: 20) == ["one", "two three", "", "four"])
        #expect(TerminalText.wrap("", width: 5) == [""])
        #expect(TerminalText.wrap("   ", width: 5) == [""])
        #expect(TerminalText.wrap("a\n", width: 5) == ["a", ""])
        #expect(TerminalText.wrap("漢字 漢字 漢字", width: 9) == ["漢字 漢字", "漢字"])
        #expect(TerminalText.wrap("hi 👨‍👩‍👧‍👦 🇫🇷", width: 5) == ["hi 👨‍👩‍👧‍👦", "🇫🇷"])
        #expect(TerminalText.wrap("any", width: 0) == TerminalText.wrap("any", width: 1))
    }

    @Test("ASCII that fits on one line wraps as the general rule wraps it")
    func oneLineShortcut() {
        var rng = SplitMix64(state: 0x0F17)
        let alphabet = Array("ab  c".utf8)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...12, using: &rng)
            let text = String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &rng) ?? 0x61 }, as: UTF8.self)
            let width = Int.random(in: 1...12, using: &rng)
            let general = TerminalText.wrapSingleColumn(Array(text.utf8), width: width, space: 0x20) {
                String(decoding: $0, as: UTF8.self)
            }
            #expect(TerminalText.wrap(text, width: width) == general, "\(text.debugDescription) at \(width)")
        }
        #expect(TerminalText.fitsAsOneLine("a b".utf8, width: 3))
        #expect(!TerminalText.fitsAsOneLine("a  b".utf8, width: 9) && !TerminalText.fitsAsOneLine(" a".utf8, width: 9)
                && !TerminalText.fitsAsOneLine("a ".utf8, width: 9) && !TerminalText.fitsAsOneLine("abcd".utf8, width: 3))
    }

    @Test("an overlong word is broken with … and no cluster is split")
    func overlongWords() {
        #expect(TerminalText.wrap("abcdefghij", width: 4) == ["abc…", "def…", "ghij"])
        #expect(TerminalText.wrap("x abcdefghij y", width: 4) == ["x", "abc…", "def…", "ghij", "y"])
        #expect(TerminalText.wrap("漢字漢字", width: 3) == ["漢…", "字…", "漢…", "字"])
        #expect(TerminalText.wrap("e\u{301}e\u{301}e\u{301}", width: 2) == ["e\u{301}…", "e\u{301}e\u{301}"])
        // An escape is ASCII and may be broken like any word.
        #expect(TerminalText.wrap("\u{202E}", width: 5) == ["\\u{2…", "02E}"])
    }

    @Test("a line limit ends the last kept line with …, within the width")
    func maximumLines() {
        #expect(TerminalText.wrap("the quick brown fox", width: 10, maximumLines: 2) == ["the quick", "brown fox"])
        #expect(TerminalText.wrap("the quick brown fox", width: 10, maximumLines: 1) == ["the quick…"])
        #expect(TerminalText.wrap("the quick brown fox", width: 9, maximumLines: 1) == ["the quic…"])
        #expect(TerminalText.wrap("one\ntwo", width: 9, maximumLines: 1) == ["one…"])
        #expect(TerminalText.wrap("漢字 漢字 漢字", width: 5, maximumLines: 1) == ["漢字…"])
        #expect(TerminalText.wrap("漢字漢 字", width: 6, maximumLines: 1) == ["漢字…"])
        #expect(TerminalText.wrap("ab cd", width: 1, maximumLines: 1) == ["…"])
        #expect(TerminalText.wrap("anything", width: 5, maximumLines: 0) == [])
        for width in 1...8 {
            for line in TerminalText.wrap("hi 👨‍👩‍👧‍👦 🇫🇷 e\u{301}t\u{E9} 漢字 \u{1B}[2J", width: width, maximumLines: 2) {
                #expect(TerminalText.displayWidth(of: line) <= width)
            }
        }
    }

    @Test("width 1 and 2: single clusters, and … for a cluster wider than the line")
    func narrowWidths() {
        #expect(TerminalText.wrap("abc", width: 1) == ["a", "b", "c"])
        #expect(TerminalText.wrap("😀", width: 1) == ["…"])
        #expect(TerminalText.wrap("a😀b", width: 1) == ["a", "…", "b"])
        #expect(TerminalText.wrap("ab c", width: 1) == ["a", "b", "c"])
        #expect(TerminalText.wrap("😀", width: 2) == ["😀"])
        #expect(TerminalText.wrap("abc", width: 2) == ["a…", "bc"])
        #expect(TerminalText.wrap("a😀b", width: 2) == ["a…", "😀", "b"])
        #expect(TerminalText.wrap("\u{301}abc", width: 1) == ["\u{301}a", "b", "c"])
        #expect(TerminalText.wrap("😀🏽", width: 3) == ["…"])  // one 4-column cluster
    }

    @Test("truncate cuts with … and escapes; pad fills to exactly the width")
    func truncateAndPad() {
        #expect(TerminalText.truncate("hello", to: 5) == "hello")
        #expect(TerminalText.truncate("hello!", to: 5) == "hell…")
        #expect(TerminalText.truncate("漢字漢字", to: 4) == "漢…")
        #expect(TerminalText.truncate("漢字漢字", to: 5) == "漢字…")
        #expect(TerminalText.truncate("漢字漢字", to: 6) == "漢字…")
        #expect(TerminalText.truncate("😀", to: 1) == "…")
        #expect(TerminalText.truncate("ab", to: 1) == "…")
        #expect(TerminalText.truncate("a", to: 1) == "a")
        #expect(TerminalText.truncate("abc", to: 0) == "")
        #expect(TerminalText.truncate("a\tb\nc", to: 20) == "a    b\\u{A}c")
        #expect(TerminalText.truncate("\u{1B}[31mred", to: 8) == "\\u{1B}[…")
        #expect(TerminalText.pad("ab", to: 5) == "ab   ")
        #expect(TerminalText.pad("ab", to: 5, alignment: .trailing) == "   ab")
        #expect(TerminalText.pad("ab", to: 5, alignment: .center) == " ab  ")
        #expect(TerminalText.pad("漢字漢字", to: 5) == "漢字…")
        #expect(TerminalText.pad("漢字漢字", to: 6) == "漢字… ")
        #expect(TerminalText.pad("😀", to: 1) == "…")
        #expect(TerminalText.pad("x", to: -3) == "")
    }

    @Test("wrap, truncate and pad never exceed the width on random hostile text", arguments: 0..<4)
    func randomStrings(seed: UInt64) {
        var rng = SplitMix64(state: 0xC0FFEE &+ seed)
        for _ in 0..<1_000 {
            let text = randomString(&rng)
            let total = TerminalText.displayWidth(of: text)
            let widest = text.filter { !$0.unicodeScalars.contains(where: TerminalText.needsEscaping) }
                .map { TerminalText.displayWidth(of: $0) }.max() ?? 0
            for width in [1, 2, 3, 4, 5, 7, 10, 16, 40] {
                let lines = TerminalText.wrap(text, width: width)
                #expect(!lines.isEmpty)
                for line in lines {
                    #expect(TerminalText.displayWidth(of: line) <= width, "\(Array(text.unicodeScalars)) at \(width)")
                    #expect(isSafe(line))
                }
                // With room for the widest cluster, nothing is lost: the lines hold every visible
                // cluster in order, plus the … of broken words.
                if width >= widest {
                    let kept = lines.joined().unicodeScalars.filter { $0 != "…" && $0 != " " }
                    #expect(Array(kept) == visibleContent(text).filter { $0 != " " })
                }

                let truncated = TerminalText.truncate(text, to: width)
                #expect(isSafe(truncated))
                if total <= width {
                    #expect(TerminalText.displayWidth(of: truncated) == total)
                    #expect(!truncated.contains("…"))
                } else {
                    #expect(TerminalText.displayWidth(of: truncated) <= width)
                    #expect(truncated.hasSuffix("…"))
                }
                for alignment in [TerminalText.Alignment.leading, .center, .trailing] {
                    let padded = TerminalText.pad(text, to: width, alignment: alignment)
                    #expect(TerminalText.displayWidth(of: padded) == width)
                    #expect(isSafe(padded))
                }
            }
        }
    }
}

// MARK: - Colour

@Suite("Terminal style")
struct TerminalStyleTests {
    @Test("colour mode: truecolor only from COLORTERM, NO_COLOR unless always")
    func modes() {
        func mode(_ choice: ColorChoice, tty: Bool = true, _ environment: [String: String]) -> TerminalColorMode {
            TerminalColorMode(choice: choice, isTerminal: tty, environment: environment)
        }
        #expect(mode(.auto, [:]) == .xterm256)
        #expect(mode(.auto, ["COLORTERM": "truecolor"]) == .trueColor)
        #expect(mode(.auto, ["COLORTERM": "24bit"]) == .trueColor)
        #expect(mode(.auto, ["COLORTERM": "TrueColor"]) == .trueColor)
        #expect(mode(.auto, ["COLORTERM": "yes"]) == .xterm256)
        #expect(mode(.auto, tty: false, ["COLORTERM": "truecolor"]) == .off)
        #expect(mode(.auto, ["NO_COLOR": "1", "COLORTERM": "truecolor"]) == .off)
        #expect(mode(.auto, ["NO_COLOR": ""]) == .xterm256)
        #expect(mode(.auto, ["TERM": "dumb"]) == .off)
        #expect(mode(.always, tty: false, ["NO_COLOR": "1"]) == .xterm256)
        #expect(mode(.always, ["NO_COLOR": "1", "COLORTERM": "24bit"]) == .trueColor)
        #expect(mode(.never, ["COLORTERM": "truecolor"]) == .off)
    }

    /// UIKit's named colours (sRGB, 8 bits) and their nearest xterm 256-colour entries.
    static let namedColors: [(String, RGBColor, Int)] = [
        ("black", RGBColor(red: 0, green: 0, blue: 0), 16),
        ("darkGray", RGBColor(red: 85, green: 85, blue: 85), 240),
        ("lightGray", RGBColor(red: 170, green: 170, blue: 170), 248),
        ("white", RGBColor(red: 255, green: 255, blue: 255), 231),
        ("gray", RGBColor(red: 128, green: 128, blue: 128), 244),
        ("red", RGBColor(red: 255, green: 0, blue: 0), 196),
        ("green", RGBColor(red: 0, green: 255, blue: 0), 46),
        ("blue", RGBColor(red: 0, green: 0, blue: 255), 21),
        ("cyan", RGBColor(red: 0, green: 255, blue: 255), 51),
        ("yellow", RGBColor(red: 255, green: 255, blue: 0), 226),
        ("magenta", RGBColor(red: 255, green: 0, blue: 255), 201),
        ("orange", RGBColor(red: 255, green: 128, blue: 0), 208),
        ("purple", RGBColor(red: 128, green: 0, blue: 128), 90),
        ("brown", RGBColor(red: 153, green: 102, blue: 51), 95),
    ]

    @Test("named colours map to their nearest 256-colour entries", arguments: namedColors)
    func namedColorMapping(name: String, color: RGBColor, index: Int) {
        #expect(color.nearestXterm256Index == index, "\(name)")
    }

    @Test("palette entries map to themselves; the cube shortcut equals a full search")
    func paletteSearch() {
        for index in 16...255 {
            #expect(RGBColor(xterm256Index: index)?.nearestXterm256Index == index)
        }
        #expect(RGBColor(xterm256Index: 15) == nil && RGBColor(xterm256Index: 256) == nil)
        #expect(RGBColor(xterm256Index: 232) == RGBColor(red: 8, green: 8, blue: 8))
        #expect(RGBColor(xterm256Index: 255) == RGBColor(red: 238, green: 238, blue: 238))
        var rng = SplitMix64(state: 256)
        for _ in 0..<2_000 {
            let color = RGBColor(red: .random(in: 0...255, using: &rng), green: .random(in: 0...255, using: &rng),
                                 blue: .random(in: 0...255, using: &rng))
            func distance(_ index: Int) -> Int {
                guard let p = RGBColor(xterm256Index: index) else { return .max }
                let dr = Int(p.red) - Int(color.red), dg = Int(p.green) - Int(color.green)
                let db = Int(p.blue) - Int(color.blue)
                return dr * dr + dg * dg + db * db
            }
            let best = (16...255).min { distance($0) < distance($1) } ?? 16
            #expect(distance(color.nearestXterm256Index) == distance(best))
        }
    }

    @Test("SGR sequences for bold, dim and colours in each mode")
    func sequences() {
        let red = RGBColor(red: 255, green: 0, blue: 0)
        let brown = RGBColor(red: 153, green: 102, blue: 51)
        let style = TerminalStyle(isBold: true, foreground: red, background: brown)
        #expect(style.startSequence(in: .xterm256) == "\u{1B}[1;38;5;196;48;5;95m")
        #expect(style.startSequence(in: .trueColor) == "\u{1B}[1;38;2;255;0;0;48;2;153;102;51m")
        #expect(style.startSequence(in: .off) == "")
        #expect(TerminalStyle.dim.startSequence(in: .xterm256) == "\u{1B}[2m")
        #expect(TerminalStyle.plain.startSequence(in: .trueColor) == "")
        #expect(TerminalStyle.bold.styled("Hi", in: .xterm256) == "\u{1B}[1mHi\u{1B}[0m")
        #expect(TerminalStyle.bold.styled("Hi", in: .off) == "Hi")
        #expect(TerminalStyle.plain.styled("Hi", in: .trueColor) == "Hi")
    }
}

@Suite("Terminal text: single-column text takes a shortcut with the same results")
struct TerminalTextASCIITests {
    @Test("wrapping and cutting unit by unit equals cluster by cluster", arguments: 0..<4)
    func wrapShortcut(seed: UInt64) {
        var rng = SplitMix64(state: 0xA5C11 &+ seed)
        let pieces = ["a", "bc", "word", "longerword", "supercalifragilistic", " ", "  ", "   ", "x!", "~", "é", "·", "ñandú",
                      "\u{A0}", "ß", "\u{AD}", "ʃʒ", "Ünïcödé", "—", "“quoted”", "•", "…", "│┼╭╯", "█▓░"]
        for _ in 0..<60 {
            var text = ""
            for _ in 0..<Int(rng.next() % 12) { text += pieces[Int(rng.next() % UInt64(pieces.count))] }
            #expect(TerminalText.isSingleColumnText(text))
            for width in [1, 2, 3, 4, 7, 10, 25] {
                #expect(TerminalText.wrap(text, width: width) == TerminalText.wrapClusters(text, width: width), "`\(text)` at \(width)")
                #expect(TerminalText.truncate(text, to: width) == TerminalText.truncateClusters(text, to: width), "`\(text)` at \(width)")
            }
            #expect(TerminalText.displayWidth(of: text) == text.reduce(0) { $0 + TerminalText.displayWidth(of: $1) })
            #expect(text.count == text.unicodeScalars.count, "one cluster a scalar")
        }
    }

    @Test("every scalar the shortcut accepts is a one-column cluster of its own")
    func singleColumnScalars() {
        var values = Array(0x20...0x7E) + Array(0xA0...0x2FF)
        for range in TerminalText.singleColumnRangesAboveLatin { values += range.map { Int($0) } }
        for value in values {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
            #expect(TerminalText.isSingleColumn(scalar))
            #expect(TerminalText.displayWidth(of: scalar) == 1, "U+\(String(value, radix: 16))")
            #expect(!TerminalText.needsEscaping(scalar) && !scalar.properties.isGraphemeExtend
                    && !scalar.properties.isEmojiPresentation && !scalar.properties.isJoinControl, "U+\(String(value, radix: 16))")
            // It does not join the scalar before it, nor the one after it.
            #expect(Array("a\(Character(scalar))b").count == 3, "U+\(String(value, radix: 16))")
        }
    }

    @Test("not single-column: marks, joiners, wide and control characters")
    func notSingleColumn() {
        for text in ["e\u{301}", "漢", "a\tb", "a\nb", "\u{1B}", "\u{85}", "👍", "a\u{200D}b", "\u{300}", "\u{2028}", "\u{202E}", "◽"] {
            #expect(!TerminalText.isSingleColumnText(text), "\(Array(text.unicodeScalars))")
        }
    }

    @Test("truncating ASCII by bytes")
    func truncateShortcut() {
        #expect(TerminalText.truncate("hello", to: 5) == "hello")
        #expect(TerminalText.truncate("hello!", to: 5) == "hell…")
        #expect(TerminalText.truncate("ab", to: 1) == "…")
        #expect(TerminalText.truncate("", to: 3) == "")
        #expect(TerminalText.wrap("", width: 3) == [""])
        #expect(TerminalText.wrap("   ", width: 3) == [""])
    }
}

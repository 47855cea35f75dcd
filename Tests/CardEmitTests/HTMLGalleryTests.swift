import CardDiagnostics
import CardDriver
@testable import CardEmit
import CardJSON
import CardLayout
import CardModel
import CardSema
import Foundation
import Testing

/// The HTML gallery (`--emit html`): well-formed, complete, at the layout JSON's frames, inert
/// with hostile text. The browser half of the checks is Tests/EndToEnd/gallery.sh.
@Suite struct HTMLGalleryTests {
    static let fixtures = EmitTestPaths.testsDirectory.appendingPathComponent("Fixtures")
    static let layoutFixtures = EmitTestPaths.packageRoot.appendingPathComponent("Tests/CardLayoutTests/Fixtures")

    static func gallery(_ deck: CheckedUnit, emitter: HTMLEmitter = HTMLEmitter()) -> String {
        String(decoding: emitter.emit(deck, options: BackendOptions()), as: UTF8.self)
    }

    static func sampleDeck(_ name: String) throws -> CheckedUnit {
        let result = checkInMemory(name, in: EmitTestPaths.samples)
        #expect(!result.hasErrors)
        return try #require(result.decks.first)
    }

    // MARK: Structure

    @Test(arguments: EmitTestPaths.cardsFiles(in: EmitTestPaths.samples))
    func everySampleIsWellFormedWithEveryCellAtTheLayoutFrames(_ sample: String) throws {
        let deck = try Self.sampleDeck(sample)
        let html = Self.gallery(deck)
        let (root, problems) = HTMLReader.parse(html)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        let json = try JSONParser.parse(LayoutJSONEmitter().emit(deck, options: BackendOptions()))
        let gallery = Gallery(deck: deck, viewport: .standard, drawnCards: deck.cards.count)
        // Theme × width, then the Dynamic Type column (AX3 by default).
        let columns = gallery.columnThemes.count * 2 + gallery.dynamicTypeColumns.count
        #expect(gallery.dynamicTypeColumns.map(\.size) == [.ax3])

        for (index, card) in (json["cards"]?.array ?? []).enumerated() {
            let section = try #require(root.element(id: "c\(index)"), "no section for card \(index)")
            #expect(section.descendants.first { $0.name == "h2" }?.allText == card["name"]?.string)
            let rows = section.descendants.filter { $0.name == "tr" }
            let header = try #require(rows.first)
            #expect(header.elements.filter { $0.name == "th" }.count == columns + 1)
            let states = card["states"]?.array ?? []
            let overlays = card["overlays"]?.array ?? []
            #expect(rows.count == 1 + states.count + overlays.count)
            for (stateIndex, state) in states.enumerated() {
                let row = rows[1 + stateIndex]
                #expect(row.elements.first?.text == state["name"]?.string)
                let cells = row.elements.filter { $0.name == "td" }
                #expect(cells.count == columns, "\(card["name"]?.string ?? "") \(state["name"]?.string ?? "")")
                #expect(cells.allSatisfy { cell in cell.elements.filter { $0.hasClass("c") }.count == 1 })
                // The first column is the card's primary context: the layout JSON's numbers.
                let drawn = try #require(cells.first?.elements.first)
                let footer = card["footer"]?["height"]?.double ?? 0
                #expect(drawn.attribute("style")?.contains("height:\(Self.css((state["height"]?.double ?? 0) + footer))") == true)
                #expect(drawn.attribute("style")?.contains("width:\(Self.css(card["layout"]?["width"]?.double ?? 0))") == true)
                let content = try #require(drawn.elements.first { $0.hasClass("b") })
                let titles = content.descendants.filter { $0.hasClass("p") }.compactMap { $0.attribute("title").flatMap(PartTitle.init) }
                let expected = Self.partFrames(state["parts"]?.array ?? [])
                #expect(titles == expected, "\(card["name"]?.string ?? "") · \(state["name"]?.string ?? "")")
            }
        }
        // Every stack in every position.
        for (index, stack) in (json["stacks"]?.array ?? []).enumerated() {
            let section = try #require(root.element(id: "s\(index)"))
            let all = section.descendants.filter { $0.name == "figure" }
            let figures = all.filter { !$0.hasClass("push") }
            var positions: [String] = []
            if case .object(let members)? = stack["positions"] { positions = members.filter { $0.1["frames"] != nil }.map(\.0) }
            #expect(figures.map { $0.elements.first?.text.trimmingCharacters(in: .whitespaces) } == positions)
            // A sheet's pushed cards (every card after the root), each drawn once more, alone on the sheet.
            let names = (stack["cards"]?.array ?? []).compactMap { $0["name"]?.string ?? $0.string }
            let pushed = stack["kind"]?.string == "sheet" ? Array(names.dropFirst()) : []
            #expect(all.filter { $0.hasClass("push") }.map { $0.attribute("data-card") ?? "" } == pushed)
            for (figure, position) in zip(figures, positions) {
                let screen = try #require(figure.elements.first { $0.hasClass("scr") })
                let frames = stack["positions"]?[position]?["frames"]?.array ?? []
                let cards = screen.elements.filter { $0.hasClass("c") }
                if stack["kind"]?.string == "sheet" {
                    #expect(cards.count == 1)
                } else {
                    #expect(cards.count == frames.count)
                }
                if let frame = frames.first, let card = stack["kind"]?.string == "swipe" ? cards.last : cards.first {
                    #expect(card.attribute("style")?.contains("left:\(Self.css(frame["x"]?.double ?? 0));top:\(Self.css(frame["y"]?.double ?? 0))") == true)
                }
            }
        }
    }

    /// The layout JSON's parts, depth first, as the hover titles give them.
    static func partFrames(_ parts: [JSONValue]) -> [PartTitle] {
        parts.flatMap { part -> [PartTitle] in
            let frame = part["frame"]
            func rounded(_ key: String) -> Double { ((frame?[key]?.double ?? 0) * 100).rounded() / 100 }
            let title = PartTitle("\(part["part"]?.string ?? "") · \(rounded("x")), \(rounded("y")) · \(rounded("width")) × \(rounded("height"))")
            return [title].compactMap { $0 } + partFrames(part["children"]?.array ?? [])
        }
    }

    /// A length as the gallery's CSS writes it.
    static func css(_ value: Double) -> String {
        var writer = HTMLWriter()
        writer.px(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func everyPartOfTheCatalogIsDrawn() throws {
        let source = EmitTestPaths.text(of: Self.layoutFixtures.appendingPathComponent("layout-every-part.cards"))
        let html = Self.gallery(try emitDeck(source))
        let (root, problems) = HTMLReader.parse(html)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        let drawn = Set(root.descendants.filter { $0.hasClass("p") }.compactMap { $0.attribute("title")?.components(separatedBy: " · ").first })
        for spec in Catalog.nodes where spec.category == .part {
            #expect(drawn.contains(spec.name), "part \(spec.name) is not drawn")
        }
    }

    /// A transparent card is cleared and then decorated, as `CardsViewController` does: its
    /// border and gradient are drawn (the gradient over the screen behind it, a card's over its
    /// background), and its shadow with nothing filling it falls from the parts: a drop shadow
    /// of the content box, not a box shadow of the frame (W501).
    @Test func transparentCardsAreDecoratedAsTheAppDecoratesThem() throws {
        let deck = try emitDeck("""
        card Outline: transparent, border(width: 1, color: #2E7D32) { text("a", color: .black) }
        card Glow: transparent, gradient(colors: [#2E7D3280, #1B5E2080]) { text("b", color: .black) }
        card Floating: transparent, shadow(color: .black, radius: 3, opacity: 0.4, offset: size(0, 2)) { text("c", color: .black) }
        card Filled: transparent, gradient(colors: [#E8F5E9, #C8E6C9]), shadow(color: .black, radius: 3, opacity: 0.4, offset: size(0, 2)) {
          text("d", color: .black)
        }
        card Promo: gradient(colors: [#E8F5E9, #C8E6C9]) { text("e", color: .black) }
        """)
        let (root, problems) = HTMLReader.parse(Self.gallery(deck))
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        func card(_ name: String) throws -> HTMLNode {
            try #require(root.descendants.first { $0.hasClass("c") && $0.attribute("title")?.hasPrefix(name + " · ") == true })
        }
        let outline = try card("Outline"), glow = try card("Glow"), floating = try card("Floating")
        let filled = try card("Filled"), promo = try card("Promo")
        let style = { (node: HTMLNode) in node.attribute("style") ?? "" }
        #expect(outline.hasClass("tr") && style(outline).contains("outline:1px solid #2E7D32"), "\(style(outline))")
        #expect(!glow.hasClass("tr"), "a gradient fills the card")
        #expect(style(glow).contains("linear-gradient(") && style(glow).hasSuffix(",#F2F2F7"), "\(style(glow))")
        #expect(style(promo).hasSuffix(",var(--bg)"), "a gradient over the card's background: \(style(promo))")
        #expect(floating.hasClass("tr") && !style(floating).contains("box-shadow"), "\(style(floating))")
        let box = try #require(floating.elements.first { $0.hasClass("b") })
        #expect(style(box).contains("filter:drop-shadow(0 2px 6px #00000066)"), "\(style(box))")
        #expect(style(filled).contains("box-shadow:0 2px 6px"), "a filled card's frame casts it: \(style(filled))")
        #expect(filled.elements.allSatisfy { !style($0).contains("drop-shadow") })
    }

    @Test func themesAreTheStacksThenTheBuiltInsThenDarkOnes() throws {
        let deck = try emitDeck("""
        theme Night: Mint {
          cardBackgroundColor: #1C1C1E
          normalTextColor: #FFFFFF
        }
        theme Pale: Turbo {
          cardBackgroundColor: #FAFAFA
        }
        card A {
          text("a")
        }
        stack S: list {
          theme: Pale
          A
        }
        """)
        let gallery = Gallery(deck: deck, viewport: .standard, drawnCards: deck.cards.count)
        #expect(gallery.columnThemes == ["Pale", "Mint", "Turbo", "Night"])
        let html = Self.gallery(deck)
        #expect(html.contains(".T3{--bg:#1C1C1E;"))
        // A narrow column per theme, and none when the viewport is already narrow.
        #expect(html.components(separatedBy: "<th>Night · 320 pt").count == 2)
        let narrow = String(decoding: HTMLEmitter().emit(deck, options: BackendOptions(viewport: Viewport(width: 300, height: 600))),
                            as: UTF8.self)
        #expect(!narrow.contains(" · 320 pt"))
    }

    /// A column's heading names the stack that shows the card in the column's theme — the first
    /// of them — not the card's first stack; where no stack of the card uses the theme (a
    /// built-in column, `--theme`), the card is laid out as its first stack lays it out, and the
    /// heading says "as in" it.
    @Test func aColumnHeadingNamesTheStackShowingTheCardInItsTheme() throws {
        let deck = try emitDeck("""
        theme Daylight: Mint { titleColor: #0B3D91 }
        theme Night: Turbo {
          cardBackgroundColor: #121212
          titleColor: #FFFFFF
        }
        card Fare { title("Fare") }
        card Alerts { text("Tram 3 diverted") }
        stack Home: list {
          theme: Daylight
          margins: insets(0, 20)
          Fare
        }
        stack HomeNight: list {
          theme: Night
          Fare
          Alerts
        }
        stack LateNight: list {
          theme: Night
          Fare
        }
        """)
        let html = Self.gallery(deck)
        func headings(_ card: Int, of html: String = html) throws -> [String] {
            let (root, problems) = HTMLReader.parse(html)
            #expect(problems.isEmpty, "\(problems.prefix(5))")
            let section = try #require(root.element(id: "c\(card)"))
            let row = try #require(section.descendants.first { $0.name == "tr" })
            return row.elements.filter { $0.name == "th" }.dropFirst().map(\.allText)
        }
        // Fare: Daylight in Home (its 20-point margins), Night in HomeNight, the first of the
        // two stacks showing it in Night (Turbo's zero margins: the full width).
        #expect(try headings(0) == [
            "Daylight · 390 ptin Home, card 350 pt", "Daylight · 320 ptin Home, card 280 pt",
            "Night · 390 ptin HomeNight, card 390 pt", "Night · 320 ptin HomeNight, card 320 pt",
            "Mint · 390 ptas in Home, card 350 pt", "Mint · 320 ptas in Home, card 280 pt",
            "Turbo · 390 ptas in Home, card 350 pt", "Turbo · 320 ptas in Home, card 280 pt",
            "Daylight · 390 pt · AX3in Home, card 350 pt",
        ])
        // Alerts is only in HomeNight: shown there in Night, laid out as there in the others.
        #expect(try headings(1).prefix(3) == ["Daylight · 390 ptas in HomeNight, card 366 pt", "Daylight · 320 ptas in HomeNight, card 296 pt",
                                               "Night · 390 ptin HomeNight, card 390 pt"])
        #expect(html.contains("<small title=\"No stack shows Fare in Mint: laid out as Home lays it out, in Mint\">as in Home, card 350 pt</small>"))
        // `--theme` alone: the column's theme is Night, which HomeNight shows Fare in.
        let night = String(decoding: HTMLEmitter().emit(deck, options: BackendOptions(themes: ["Night"], widths: [390])), as: UTF8.self)
        #expect(try headings(0, of: night) == ["Night · 390 ptin HomeNight, card 390 pt", "Night · 390 pt · AX3in HomeNight, card 390 pt"])
    }

    /// `--theme` and `--width` choose the columns, in order; the headings row is a sticky `thead`.
    @Test func optionsChooseTheColumnsAndTheHeadingsStick() throws {
        let deck = try emitDeck("""
        theme Night: Turbo { cardBackgroundColor: #1C1C1E }
        card A { text("a") }
        stack S: list { theme: Night  A }
        """)
        let gallery = Gallery(deck: deck, viewport: .standard, drawnCards: 1, themes: ["Turbo", "Night"], widths: [428, 320, 428])
        #expect(gallery.columnThemes == ["Turbo", "Night"])
        #expect(gallery.columnSources.map { gallery.sources[$0].layouter.viewport.width } == [428, 320])
        let html = String(decoding: HTMLEmitter().emit(deck, options: BackendOptions(themes: ["Turbo"], widths: [390])), as: UTF8.self)
        #expect(html.contains("<table class=\"g\"><thead><tr><th></th><th>Turbo · 390 pt"))
        #expect(!html.contains("<th>Mint") && !html.contains(" · 320 pt"))
        #expect(html.contains(".g thead th{position:sticky;top:0"))
        #expect(html.contains(".T1{"), "the stack's own theme is still styled")
    }

    /// The Dynamic Type column: the card in the first column's theme at the viewport, laid out
    /// at AX3 (by default) with its fonts scaled; `--text-size` values choose the columns.
    @Test func aDynamicTypeColumnShowsTheCardAtALargerTextSize() throws {
        let deck = try emitDeck("""
        card Note {
          text("Statement", style: .title)
          text("A balance of $1,284.56 is due on June 3, minimum payment $35.")
        }
        stack S: list { Note }
        """)
        let html = Self.gallery(deck)
        let (root, problems) = HTMLReader.parse(html)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        let section = try #require(root.element(id: "c0"))
        let header = try #require(section.descendants.first { $0.name == "tr" })
        let headings = header.elements.filter { $0.name == "th" }.map(\.allText)
        #expect(headings.last?.hasPrefix("Mint · 390 pt · AX3") == true, "\(headings)")
        let cells = try #require(section.descendants.first { $0.name == "tr" && $0.elements.first?.name == "th" && $0.elements.contains { $0.name == "td" } })
            .elements.filter { $0.name == "td" }
        let large = try #require(cells.first?.elements.first)
        let ax3 = try #require(cells.last?.elements.first)
        #expect(ax3.hasClass("Z1") && !large.hasClass("Z1"))
        // Heights from the layout engine at each size, independently of the gallery.
        let context = LayoutContext(stack: "S", theme: "Mint", width: 366)
        let expectedLarge = CardLayoutEngine(theme: nil).layout(deck.cards[0], in: context).initialHeight
        let expectedAX3 = CardLayoutEngine(theme: nil, textSize: .ax3).layout(deck.cards[0], in: context).initialHeight
        #expect(expectedAX3 > expectedLarge)
        #expect(large.attribute("style")?.contains("height:\(Self.css(expectedLarge))") == true, "\(large.attribute("style") ?? "")")
        #expect(ax3.attribute("style")?.contains("height:\(Self.css(expectedAX3))") == true, "\(ax3.attribute("style") ?? "")")
        // The column's fonts: the theme's, scaled (normalTextFont 14 pt as body: × 40/17).
        #expect(html.contains(".T0.Z1{--fs:"))
        #expect(html.contains("--fn:400 \(Self.css(14.0 * 40 / 17))/1.2 var(--hel)"), "the scaled normal font")
        #expect(html.contains("Dynamic Type: at text size AX3 in Mint"))

        // `--text-size large`: no Dynamic Type column; `AX3 AX5`: everything at AX3, a column at AX5.
        let plain = String(decoding: HTMLEmitter().emit(deck, options: BackendOptions(textSizes: [.large])), as: UTF8.self)
        #expect(!plain.contains(" Z1") && !plain.contains("Dynamic Type:"))
        let options = BackendOptions(textSizes: [.ax3, .ax5])
        let gallery = Gallery(deck: deck, viewport: .standard, drawnCards: 1, textSizes: options.textSizes)
        #expect(gallery.textSize == .ax3)
        #expect(gallery.dynamicTypeColumns.map(\.size) == [.ax5])
        let big = String(decoding: HTMLEmitter().emit(deck, options: options), as: UTF8.self)
        #expect(big.contains("<th>Mint · 390 pt · AX3<small>") && big.contains("<th>Mint · 390 pt · AX5<small>"))
        #expect(big.contains("at text size AX3; Dynamic Type: at text size AX5 in Mint"))
    }

    @Test func aLargeDeckGetsTheLeanGallery() throws {
        let deck = try emitDeck("""
        card A {
          text("a")
        }
        card B {
          state loading {
            text("…")
          }
          state hasData {
            text("b")
          }
        }
        card C {
          text("c")
        }
        card D {
          text("d")
        }
        stack First: list {
          A
          B
        }
        stack Second: list {
          B
          C
        }
        """)
        let html = Self.gallery(deck, emitter: HTMLEmitter(fullGalleryLimit: 2))
        let (root, problems) = HTMLReader.parse(html)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        // The first two cards, one column each (where each is first laid out), every state.
        for index in 0..<2 {
            let section = try #require(root.element(id: "c\(index)"))
            let rows = section.descendants.filter { $0.name == "tr" }
            #expect(rows.count == 1 + (index == 1 ? 2 : 1))
            for row in rows { #expect(row.elements.filter { $0.name == "td" || $0.name == "th" }.count == 2) }
        }
        #expect(root.element(id: "c2") == nil)
        // The stack of drawn cards only; the rest named in the index.
        #expect(root.element(id: "s0") != nil)
        #expect(root.element(id: "s1") == nil)
        let index = try #require(root.element(id: "index"))
        #expect(index.allText.contains("C, D"))
        #expect(index.allText.contains("Second (list)"))
    }

    // MARK: Hostile text

    @Test func hostileTextIsInert() throws {
        let result = checkInMemory("gallery-hostile.cards", in: Self.fixtures)
        #expect(!result.hasErrors)
        let html = Self.gallery(try #require(result.decks.first))
        let (root, problems) = HTMLReader.parse(html)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        // The policy forbids every load and every script, handler included.
        let policy = root.descendants.first { $0.attribute("http-equiv") == "Content-Security-Policy" }?.attribute("content")
        #expect(policy == "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'")
        #expect(root.descendants.allSatisfy { node in node.attribute("href").map { $0.hasPrefix("#") } ?? true })
        // No raw bidirectional control or other escaped scalar reaches the page.
        #expect(!html.unicodeScalars.contains { $0 != "\n" && TerminalText.needsEscaping($0) })
        // The payloads are there, as text.
        let text = root.allText
        for payload in ["<script>alert('title')</script>", "\"><img src=x onerror=alert(1)>",
                        "</style><style>body{display:none}</style>", "<img src=x onerror=alert(5)>",
                        "</style><script>alert(2)</script>", "<b onmouseover=alert(4)>Ada</b>",
                        "user\\u{202E}gnp.exe\\u{202C}", "<h1>big</h1>", "</body></html><script>alert(11)</script>"] {
            #expect(text.contains(payload), "\(payload)")
        }
        #expect(root.descendants.contains { $0.hasClass("e") && $0.text == "\\u{202E}" })
        // A hostile font family is a CSS string of escapes.
        #expect(html.contains("'Evil\\22 \\3c \\2f style\\3e "))
    }

    /// Found by the fuzz target: string escapes put a tab, a carriage return and a NUL in the
    /// text. A tab and a line feed stay (white space to a browser, as in the terminal's text);
    /// every other control character is shown as an escape.
    @Test func controlCharactersFromStringEscapesAreShownEscaped() throws {
        let fixtures = EmitTestPaths.packageRoot.appendingPathComponent("Tests/CardSyntaxTests/Fixtures")
        let result = checkInMemory("clean-strings.cards", in: fixtures)
        #expect(!result.hasErrors)
        let html = Self.gallery(try #require(result.decks.first))
        #expect(html.contains("\t"))
        #expect(html.contains("<span class=\"e\">\\u{D}</span>") && html.contains("<span class=\"e\">\\u{0}</span>"))
        #expect(!html.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || (0x7F...0x9F).contains($0.value) })
    }

    // MARK: Writer

    @Test func theWriterEscapesTextAndAttributes() {
        var writer = HTMLWriter()
        writer.text("a<b>&\"c'\u{202E}d\ne")
        writer.raw("|")
        writer.attribute("a<b>&\"c'\u{202E}d\ne")
        #expect(String(decoding: writer.bytes, as: UTF8.self)
                == "a&lt;b&gt;&amp;&quot;c&#39;<span class=\"e\">\\u{202E}</span>d\ne|a&lt;b&gt;&amp;&quot;c&#39;\\u{202E}d\\u{A}e")
    }

    @Test func theWriterWritesNumbersAsCSSDoes() {
        var writer = HTMLWriter()
        for value in [0, 12, -4.5, 103.333333, 0.004, 1e300, .infinity, 2.005] {
            writer.px(value)
            writer.raw(" ")
        }
        writer.color(ColorValue(red: 0, green: 168, blue: 107))
        writer.raw(" ")
        writer.color(ColorValue(red: 255, green: 255, blue: 255, alpha: 204))
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "0 12px -4.5px 103.33px 0 0 0 2.01px #00A86B #FFFFFFCC")
    }

    // MARK: The build command

    @Test func buildWritesTheGalleryOnceAndOnlyWhenChanged() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cardc-gallery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("deck.cards")
        try "card A {\n  text(\"Hello\")\n}\n".write(to: input, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("out")
        let first = CapturedOutput.run(["build", input.path, "--emit", "html", "-o", output.path])
        #expect(first.code == 0, "\(first.err)")
        #expect(first.err.contains("wrote 1 file"))
        let page = output.appendingPathComponent("deck.cards.html")
        #expect(EmitTestPaths.text(of: page).hasPrefix("<!DOCTYPE html>"))
        let second = CapturedOutput.run(["build", input.path, "--emit", "html", "-o", output.path])
        #expect(second.err.contains("(1 file unchanged)"), "\(second.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == ["deck.cards.html"])
    }
}

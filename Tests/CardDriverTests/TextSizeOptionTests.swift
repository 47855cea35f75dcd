import CardDriver
import Foundation
import Testing

/// `--text-size` (issue 34 item 5, 7): one option read the same way by `check`, `build` and
/// `preview` (`CommonOptions.textSizes`), the size the layout runs at; repeated in `build`, the
/// HTML gallery's Dynamic Type columns.
@Suite struct TextSizeOptionTests {
    /// A card that fits its 120-point collapsible stack at `large` and overflows at AX3.
    static let deck = """
    card Statement {
      text("Statement", style: .title)
      text("Due Jun 3")
      text("Minimum $35")
    }
    stack Wallet: collapsible(cardHeight: 120) { Statement }
    """

    @Test func buildLaysOutAtTheTextSize() throws {
        let directory = try temporaryDirectory(["deck.cards": Self.deck])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/deck.cards"
        let json = runCardc(["build", path, "--emit", "json", "-o", "-", "--text-size", "ax3"])
        #expect(json.code == 0)
        #expect(json.out.contains("\"textSize\": \"AX3\""), "the layout JSON says which size it is")
        #expect(json.err.contains("warning[W104]: card `Statement` is 156 pt tall in state `none` at text size AX3"), "\(json.err)")
        let plain = runCardc(["build", path, "--emit", "json", "-o", "-"])
        #expect(plain.out.contains("\"textSize\": \"large\"") && !plain.err.contains("W104"))
        // Several sizes are the gallery's columns: without --emit html they are a usage error.
        let several = runCardc(["build", path, "--emit", "json", "-o", "-", "--text-size", "large", "--text-size", "AX3"])
        #expect(several.code == 2 && several.err.contains("Dynamic Type columns"), "\(several.err)")
        let out = directory + "/out"
        let gallery = runCardc(["build", path, "--emit", "html", "-o", out, "--quiet", "--text-size", "large",
                                "--text-size", "xxxLarge", "--text-size", "AX5"])
        #expect(gallery.code == 0, "\(gallery.err)")
        let page = try String(contentsOfFile: out + "/deck.cards.html", encoding: .utf8)
        #expect(page.contains("<th>Mint · 390 pt · xxxLarge<small>") && page.contains("<th>Mint · 390 pt · AX5<small>"))
        #expect(!page.contains("· AX3<small>"), "the given sizes replace the default column")
        #expect(runCardc(["build", path, "--emit", "json", "-o", "-", "--text-size", "big"]).code == 2)
    }

    @Test func previewDrawsAtTheTextSize() throws {
        let directory = try temporaryDirectory(["deck.cards": Self.deck])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/deck.cards"
        let large = runCardc(["preview", path, "--card", "Statement", "--width", "60"])
        let ax3 = runCardc(["preview", path, "--card", "Statement", "--width", "60", "--text-size", "AX3"])
        #expect(large.code == 0 && ax3.code == 0)
        #expect(ax3.out.hasPrefix("── AX3 · Statement "), "\(ax3.out)")
        #expect(!large.out.contains("AX3"))
        // 156 pt at AX3 against 84 at large: more rows, at 16 points a row.
        #expect(ax3.out.split(separator: "\n").count > large.out.split(separator: "\n").count + 3)
        // The preview's check runs at the size too.
        #expect(ax3.err.contains("at text size AX3"))
        let twice = runCardc(["preview", path, "--text-size", "AX3", "--text-size", "AX5"])
        #expect(twice.code == 2 && twice.err.contains("one text size"))
        #expect(runCardc(["preview", "--help"]).out.contains("--text-size"))
    }
}

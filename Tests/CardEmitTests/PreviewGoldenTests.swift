import CardDiagnostics
import CardEmit
import CardLayout
import CardModel
import CardSema
import Foundation
import Testing
import CardTestSupport

/// Golden files: the `--emit preview` document of every sample (every card in every state,
/// every stack in every position) at 40, 80 and 120 columns, plain and in 24-bit colour,
/// compared byte for byte with `Golden/preview/<sample>.w<width>[.color].txt`, and at 80 plain
/// columns at the Dynamic Type size AX3 (`<sample>.w80.AX3.txt`). Every line of every one fits
/// its width. Re-bless with `CARDC_UPDATE=1 swift test`, then review the diff.
@Suite struct PreviewGoldenTests {
    static let samples = EmitTestPaths.cardsFiles(in: EmitTestPaths.samples)
    static let widths = [40, 80, 120]

    static func goldenURL(_ sample: String, width: Int, color: Bool, textSize: ContentSizeCategory = .default) -> URL {
        let base = sample.replacingOccurrences(of: ".cards", with: "")
        let size = textSize == .default ? "" : "." + textSize.name
        return EmitTestPaths.previewGolden.appendingPathComponent("\(base).w\(width)\(size)\(color ? ".color" : "").txt")
    }

    /// The preview at `--text-size AX3`: text laid out and wrapped at its scaled sizes, every
    /// panel's rule naming the size. Taller than at `large`, never wider than the columns.
    @Test(arguments: samples)
    func goldenAtAX3(_ sample: String) throws {
        let deck = try #require(checkInMemory(sample, in: EmitTestPaths.samples).decks.first)
        let bytes = PreviewEmitter(width: 80).emit(deck, options: BackendOptions(textSizes: [.ax3]))
        let text = try #require(String(validating: bytes, as: UTF8.self))
        #expect(PreviewOutput.problems(in: text, width: 80).isEmpty, "\(sample) at AX3")
        #expect(text.replacingOccurrences(of: "\n", with: " ").contains("one row per 16 points; text size AX3."))
        let large = String(decoding: PreviewEmitter(width: 80).emit(deck, options: BackendOptions()), as: UTF8.self)
        let rules = text.split(separator: "\n").filter { $0.hasPrefix("── ") }
        #expect(rules.allSatisfy { $0.hasPrefix("── AX3 · ") }, "\(sample): every rule names the size")
        #expect(!large.contains("text size") && !large.contains("AX3"))
        if !deck.cards.isEmpty {
            #expect(!rules.isEmpty)
            #expect(text.split(separator: "\n").count > large.split(separator: "\n").count, "\(sample): taller at AX3")
        }
        try compare(bytes, with: Self.goldenURL(sample, width: 80, color: false, textSize: .ax3), label: "\(sample) at AX3")
    }

    @Test func samplesAreFound() {
        #expect(Self.samples.count >= 5, "samples not found in \(EmitTestPaths.samples.path)")
    }

    @Test(arguments: samples)
    func golden(_ sample: String) throws {
        let result = checkInMemory(sample, in: EmitTestPaths.samples)
        #expect(result.diagnostics.isEmpty, "\(sample) must be clean")
        let deck = try #require(result.decks.first)
        for width in Self.widths {
            var plain = ""
            for color in [false, true] {
                let emitter = PreviewEmitter(width: width, colorMode: color ? .trueColor : .off)
                let bytes = emitter.emit(deck, options: BackendOptions())
                let text = try #require(String(validating: bytes, as: UTF8.self), "\(sample): invalid UTF-8")
                let problems = PreviewOutput.problems(in: text, width: width)
                #expect(problems.isEmpty, "\(sample) at \(width)\(color ? " in colour" : ""): \(problems.prefix(5))")
                if color {
                    #expect(deck.cards.isEmpty || text.contains("\u{1B}["), "\(sample): colour output has no styles")
                    // The same drawing: colour only adds styles.
                    #expect(Self.trimmingLineEnds(PreviewOutput.visible(text).text) == Self.trimmingLineEnds(plain),
                            "\(sample) at \(width): colour changes the characters")
                } else {
                    #expect(!text.contains("\u{1B}"), "\(sample): plain output has an escape")
                    plain = text
                }
                try compare(bytes, with: Self.goldenURL(sample, width: width, color: color), label: "\(sample) at \(width)")
            }
        }
    }

    /// Every golden file belongs to a sample, width and mode.
    @Test func noStaleGoldens() {
        var expected = Set<String>()
        for sample in Self.samples {
            for width in Self.widths {
                for color in [false, true] { expected.insert(Self.goldenURL(sample, width: width, color: color).lastPathComponent) }
            }
            expected.insert(Self.goldenURL(sample, width: 80, color: false, textSize: .ax3).lastPathComponent)
        }
        let present = (try? FileManager.default.contentsOfDirectory(atPath: EmitTestPaths.previewGolden.path)) ?? []
        for name in present { #expect(expected.contains(name), "stale golden \(name)") }
    }

    /// Backgrounds may run to the end of a coloured line where the plain line stops early.
    static func trimmingLineEnds(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = Substring(line)
            while line.last == " " { line.removeLast() }
            return String(line)
        }.joined(separator: "\n")
    }

    func compare(_ bytes: [UInt8], with url: URL, label: String) throws {
        if let mismatch = try Golden.mismatch(bytes, golden: url) { Issue.record("\(label): \(mismatch)") }
    }
}

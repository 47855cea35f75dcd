import CardJSON
import CardTestSupport
import CardDiagnostics
import CardDriver
import CardEmit
import CardLayout
import CardModel
import CardSema
import Foundation
import Testing

/// The layout pass and the JSON back end on odd but valid input: every sample with its numbers
/// replaced by seeded random picks among extremes (0, 10³⁰⁰, tiny fractions…). Whenever the
/// mutated deck checks without errors, layout and emission must not trap and must produce a
/// document that parses and validates (in particular: no infinite or NaN numbers).
@Suite struct LayoutRobustnessTests {
    static let replacements = ["0", "1", "0.5", "3", "1e300", "999999999999", "0.000001", "12", "180", "-5"]

    /// Replaces about one number literal in five (a digit run not inside an identifier or a
    /// color literal, with an optional fraction).
    static func mutate(_ text: String, seed: UInt64) -> String {
        var generator = SplitMix64(seed: seed)
        let characters = Array(text)
        var out = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let previous: Character = index > 0 ? characters[index - 1] : " "
            let startsNumber = character.isASCII && character.isNumber
                && !(previous.isLetter || previous.isNumber || previous == "_" || previous == "#" || previous == ".")
            guard startsNumber else {
                out.append(character)
                index += 1
                continue
            }
            var end = index
            while end < characters.count, characters[end].isASCII, characters[end].isNumber || characters[end] == "." { end += 1 }
            // A digit run glued to letters (`2x`, hex) is not a number literal.
            if end < characters.count, characters[end].isLetter {
                out += String(characters[index..<end])
            } else if generator.below(5) == 0 {
                out += replacements[generator.below(replacements.count)]
            } else {
                out += String(characters[index..<end])
            }
            index = end
        }
        return out
    }

    @Test(arguments: LayoutTestPaths.cardsFiles(in: LayoutTestPaths.samples))
    func mutatedSamples(_ name: String) throws {
        var files: [String: String] = [:]
        for file in LayoutTestPaths.cardsFiles(in: LayoutTestPaths.samples) {
            files[file] = LayoutTestPaths.text(of: LayoutTestPaths.samples.appendingPathComponent(file))
        }
        let original = files[name] ?? ""
        var laidOut = 0
        for seed in UInt64(1)...16 {
            files[name] = Self.mutate(original, seed: seed &* 7919)
            for viewport in [Viewport.standard, Viewport(width: 1, height: 1)] {
                let result = compileWithLayout(paths: [name], files: files, viewport: viewport)
                guard !result.hasErrors, let deck = result.decks.first else { continue }
                laidOut += 1
                let bytes = LayoutJSONEmitter().emit(deck, options: BackendOptions(viewport: viewport))
                let document = try JSONParser.parse(bytes)
                let violations = schemaViolations(document)
                #expect(violations.isEmpty, "\(name) seed \(seed) \(viewport): \(violations.prefix(3))")
            }
        }
        #expect(laidOut > 0, "no mutation of \(name) checked clean")
    }
}

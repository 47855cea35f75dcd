import CardPipeline
import CardDiagnostics
import Foundation
import Testing
import CardModel
import CardSources
@testable import CardSema

/// The examples of `cardc explain` are run through the real checker: every `wrong` deck must
/// report its code (and nothing else: it is a minimal example of that one problem), every
/// `corrected` deck must report nothing at all.
///
/// They run through `Pipeline.check`, what `cardc check` runs, so W104 (from the layout pass)
/// is covered too. Skipped: E107 (invalid UTF-8 cannot be written in a Swift string; the lexer
/// tests cover it).
@Suite struct ExplanationTests {
    static let codes: [DiagnosticCode] = DiagnosticCode.allCases.filter { $0 != .e107 }

    /// A root that does not exist on disk: the in-memory provider serves only the entry file,
    /// so imports of other files are missing (E306) and `../` leaves the root (E308).
    static let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("cardc-explanations-\(UUID().uuidString)").path

    static func check(_ text: String, code: DiagnosticCode) -> Pipeline.Result {
        let path = root + "/\(code.rawValue.lowercased())-example.cards"
        return Pipeline.check(paths: [path], root: root, provider: MemoryFileProvider([:]),
                              sources: [path: Array(text.utf8)])
    }

    static func describe(_ result: Pipeline.Result) -> String {
        result.diagnostics.map { d in
            "\(result.fileSet[d.span.file].location(of: d.span.start)) \(d.code.rawValue) \(d.message)"
        }.joined(separator: "\n")
    }

    @Test(arguments: codes)
    func wrongExampleReportsItsCode(_ code: DiagnosticCode) {
        let example = code.explanation.wrong
        let result = Self.check(example, code: code)
        #expect(result.diagnostics.contains { $0.code == code },
                "\(code.rawValue): the wrong example does not report it\n\(example)\n--\n\(Self.describe(result))")
        let others = Set(result.diagnostics.map(\.code)).subtracting([code])
        #expect(others.isEmpty,
                "\(code.rawValue): the wrong example also reports \(others.map(\.rawValue).sorted())\n\(example)\n--\n\(Self.describe(result))")
    }

    @Test(arguments: codes)
    func correctedExampleIsClean(_ code: DiagnosticCode) {
        let example = code.explanation.corrected
        let result = Self.check(example, code: code)
        #expect(result.diagnostics.isEmpty,
                "\(code.rawValue): the corrected example is not clean\n\(example)\n--\n\(Self.describe(result))")
    }

    @Test(arguments: DiagnosticCode.allCases)
    func everyCodeHasAnExplanation(_ code: DiagnosticCode) {
        let explanation = code.explanation
        #expect(!explanation.summary.isEmpty)
        #expect(!explanation.wrong.isEmpty)
        #expect(!explanation.corrected.isEmpty)
        #expect(explanation.wrong != explanation.corrected, "\(code.rawValue)")
    }
}

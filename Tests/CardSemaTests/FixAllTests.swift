import CardPipeline
import CardDiagnostics
import Foundation
import Testing
import CardModel
@testable import CardSema

/// "Fix all", as an editor's quick fix for every diagnostic or `cargo fix` applies them: for every
/// fixture and sample, the fix-its of one run never overlap, and once all are applied the
/// diagnostics they fixed are gone and no new error appears.
@Suite struct FixAllTests {
    /// Every single-file fixture of the checker and of the syntax tests, and every sample.
    static let inputs: [String] = {
        let syntaxFixtures = SemaTestPaths.packageRoot.appendingPathComponent("Tests/CardSyntaxTests/Fixtures")
        var paths = SemaTestPaths.cardsFiles(in: SemaTestPaths.fixtures).map { SemaTestPaths.fixtures.appendingPathComponent($0).path }
        paths += SemaTestPaths.cardsFiles(in: syntaxFixtures).map { syntaxFixtures.appendingPathComponent($0).path }
        paths += SemaTestPaths.cardsFiles(in: SemaTestPaths.samples).map { SemaTestPaths.samples.appendingPathComponent($0).path }
        return paths
    }()

    /// The diagnostics of `source` checked as `path` (imports read from the file's directory).
    static func check(_ source: [UInt8], path: String) -> Pipeline.Result {
        Pipeline.check(paths: [path], root: (path as NSString).deletingLastPathComponent, sources: [path: source])
    }

    /// How many diagnostics of each code a run reported in the entry file.
    static func counts(_ diagnostics: [Diagnostic]) -> [DiagnosticCode: Int] {
        diagnostics.reduce(into: [:]) { $0[$1.code, default: 0] += 1 }
    }

    @Test(arguments: inputs)
    func fixAll(_ path: String) throws {
        let name = (path as NSString).lastPathComponent
        let source = SemaTestPaths.bytes(of: URL(fileURLWithPath: path))
        let before = Self.check(source, path: path)
        let entry = FileID(0)
        let inEntry = before.diagnostics.filter { $0.span.file == entry }
        // Identical fix-its (a diagnostic reported twice) count once.
        var fixIts: [FixIt] = []
        for diagnostic in inEntry {
            for fixIt in diagnostic.fixIts where fixIt.span.file == entry && !fixIts.contains(fixIt) { fixIts.append(fixIt) }
        }
        guard !fixIts.isEmpty else { return }
        fixIts.sort { ($0.span.start, $0.span.end) < ($1.span.start, $1.span.end) }
        for (a, b) in zip(fixIts, fixIts.dropFirst()) {
            // Two edits at one point, or one inside another, have no order that means both.
            #expect(a.span.end <= b.span.start && !(a.span.start == b.span.start && a.span.end == b.span.end),
                    "\(name): fix-its overlap: \(a) and \(b)")
        }
        var fixed = source
        for fixIt in fixIts.reversed() where fixIt.span.end <= fixed.count && fixIt.span.start <= fixIt.span.end {
            fixed.replaceSubrange(fixIt.span.start..<fixIt.span.end, with: Array(fixIt.replacement.utf8))
        }
        let after = Self.check(fixed, path: path).diagnostics.filter { $0.span.file == entry }
        let (was, now) = (Self.counts(inEntry), Self.counts(after))
        let fixedCounts = Self.counts(inEntry.filter { !$0.fixIts.isEmpty })
        let text = String(decoding: fixed, as: UTF8.self)
        for (code, count) in fixedCounts {
            #expect((now[code] ?? 0) <= (was[code] ?? 0) - count,
                    "\(name): \(code.rawValue) still reported after its fix-its were applied:\n\(text)")
        }
        for (code, count) in now where code.severity == .error {
            #expect(count <= (was[code] ?? 0), "\(name): fixing introduced \(code.rawValue):\n\(after.filter { $0.code == code }.map(\.message))\n\(text)")
        }
    }
}

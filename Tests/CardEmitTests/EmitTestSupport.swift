import CardPipeline
import CardDiagnostics
import CardDriver
import CardEmit
import CardLayout
import CardModel
import CardSources
import CardSema
import Foundation
import Testing

/// Paths of the package files back-end tests read.
enum EmitTestPaths {
    /// `Tests/CardEmitTests`.
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let samples = packageRoot.appendingPathComponent("Samples")

    /// The `.cards` file names directly in `directory`, sorted.
    static func cardsFiles(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".cards") }.sorted()
    }

    static func text(of url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
}

/// Checks `name` from `directory` through an in-memory provider holding every `.cards` file of
/// that directory under its bare name, so paths in the output do not depend on where the package
/// is checked out; W104 is added as `cardc check` adds it.
func checkInMemory(_ name: String, in directory: URL) -> Pipeline.Result {
    var files: [String: String] = [:]
    for file in EmitTestPaths.cardsFiles(in: directory) {
        files[file] = EmitTestPaths.text(of: directory.appendingPathComponent(file))
    }
    return Pipeline.check(paths: [name], root: ".", provider: MemoryFileProvider(files))
}

/// The checked deck of one source text, as `deck.cards` (failing the test on errors).
func emitDeck(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> CheckedUnit {
    let result = Pipeline.check(paths: ["deck.cards"], root: ".", provider: MemoryFileProvider(["deck.cards": source]))
    let errors = result.diagnostics.filter { $0.severity == .error }.map(\.message)
    #expect(errors.isEmpty, "unexpected errors: \(errors)", sourceLocation: sourceLocation)
    return try #require(result.decks.first, sourceLocation: sourceLocation)
}

// MARK: - Preview

extension EmitTestPaths {
    /// `Tests/CardEmitTests/Golden/preview`.
    static let previewGolden = testsDirectory.appendingPathComponent("Golden").appendingPathComponent("preview")
}

/// Reading preview output as a terminal would show it.
enum PreviewOutput {
    /// The text without its SGR sequences (`ESC [ digits/; m`), or nil with a description when
    /// it holds any other escape, control or bidirectional character: nothing but the preview's
    /// own styling may reach a terminal raw.
    static func visible(_ text: String) -> (text: String, problem: String?) {
        var result = ""
        let scalars = text.unicodeScalars
        var runStart = scalars.startIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\u{1B}" {
                // Copy the run before the sequence, then skip `ESC [ digits/; m`.
                result.unicodeScalars.append(contentsOf: scalars[runStart..<index])
                var next = scalars.index(after: index)
                guard next < scalars.endIndex, scalars[next] == "[" else { return (result, "ESC not starting an SGR sequence") }
                next = scalars.index(after: next)
                while next < scalars.endIndex, scalars[next] == ";" || ("0"..."9").contains(scalars[next]) { next = scalars.index(after: next) }
                guard next < scalars.endIndex, scalars[next] == "m" else { return (result, "an escape sequence other than SGR") }
                index = scalars.index(after: next)
                runStart = index
                continue
            }
            if scalar != "\n" && TerminalText.needsEscaping(scalar) {
                return (result, "raw U+\(String(scalar.value, radix: 16, uppercase: true))")
            }
            if scalar == "\t" { return (result, "a raw tab") }
            index = scalars.index(after: index)
        }
        result.unicodeScalars.append(contentsOf: scalars[runStart..<index])
        return (result, nil)
    }

    /// Problems with preview output for `width` columns: raw escapes or controls, lines wider
    /// than the width by `TerminalText.displayWidth`, output not ending in a line feed.
    static func problems(in text: String, width: Int) -> [String] {
        let (visible, problem) = visible(text)
        var problems: [String] = []
        if let problem { problems.append(problem) }
        if !text.isEmpty && !text.hasSuffix("\n") { problems.append("no final line feed") }
        for (number, line) in visible.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let columns = TerminalText.displayWidth(of: line)
            if columns > width { problems.append("line \(number + 1) is \(columns) columns wide: \(line)") }
        }
        return problems
    }
}

/// The preview of a deck from one source text, as `cardc preview` draws it for `request`.
func previewText(_ source: String, _ request: PreviewRequest = PreviewRequest(), width: Int = 80,
                 colorMode: TerminalColorMode = .off, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
    try previewText(emitDeck(source, sourceLocation: sourceLocation), request, width: width, colorMode: colorMode)
}

/// The preview of a checked deck, as `cardc preview` draws it for `request`.
func previewText(_ deck: CheckedUnit, _ request: PreviewRequest = PreviewRequest(), width: Int = 80,
                 colorMode: TerminalColorMode = .off) throws -> String {
    var renderer = PreviewRenderer(deck: deck, width: width, colorMode: colorMode)
    var bytes: [UInt8] = []
    try renderer.render(request, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

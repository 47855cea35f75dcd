import CardIDE
import Foundation
import CardModel
import CardSources
import CardSema

/// A source with a cursor: `‸` marks the offset (and is removed).
struct Marked {
    let text: String
    let offset: Int

    init(_ source: String) {
        let marker = "‸"
        guard let range = source.range(of: marker) else {
            text = source
            offset = 0
            return
        }
        offset = source.utf8.distance(from: source.startIndex, to: range.lowerBound)
        text = source.replacingCharacters(in: range, with: "")
    }
}

/// A workspace over in-memory files under `/p`, with `main` open as `/p/main.cards`.
func snapshot(_ main: String, files: [String: String] = [:]) -> Snapshot {
    let workspace = memoryWorkspace(files: files)
    workspace.open(path: "/p/main.cards", bytes: Array(main.utf8), version: 1)
    return workspace.snapshot(of: "/p/main.cards")!
}

func memoryWorkspace(files: [String: String] = [:]) -> Workspace {
    var all: [String: String] = [:]
    for (path, text) in files { all[path.hasPrefix("/") ? path : "/p/" + path] = text }
    return Workspace(roots: ["/p"], base: MemoryFileProvider(all))
}

/// The completion labels at the marked cursor.
func completionLabels(_ source: String, files: [String: String] = [:]) -> [String] {
    let marked = Marked(source)
    return snapshot(marked.text, files: files).completions(at: marked.offset).map(\.label)
}

/// The byte offset of the first `needle` in `text` (plus `plus`).
func offset(of needle: String, in text: String, plus: Int = 0) -> Int {
    guard let range = text.range(of: needle) else { return -1 }
    return text.utf8.distance(from: text.startIndex, to: range.lowerBound) + plus
}

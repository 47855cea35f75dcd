import Foundation
import Testing

/// `ARCHITECTURE.md` against the repository: its code map names every module and only modules
/// that exist (planned ones excepted), its dependency table is `Package.swift`'s, no source file
/// imports a package module its target does not list, and every repository path written in
/// backticks in it and in `docs/*.md` exists. Also the invariants a text search can check: no
/// signal handlers and no global mutable state in `Sources/`.
@Suite struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// The directories under `Sources/`.
    static func sourceModules() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path)) ?? []
        return names.filter { !$0.hasPrefix(".") && isDirectory("Sources/" + $0) }.sorted()
    }

    // MARK: Code map

    /// One `### \`path/\`` heading of the code map.
    struct CodeMapEntry: Equatable {
        var path: String
        var planned: Bool
    }

    static func codeMap() throws -> [CodeMapEntry] {
        let text = try read("ARCHITECTURE.md")
        var entries: [CodeMapEntry] = []
        var inCodeMap = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("## ") { inCodeMap = line == "## Code map" }
            guard inCodeMap, line.hasPrefix("### ") else { continue }
            let spans = codeSpans(in: String(line))
            guard let path = spans.first else { continue }
            entries.append(CodeMapEntry(path: path, planned: line.contains("(planned)")))
        }
        return entries
    }

    @Test func codeMapNamesEveryModule() throws {
        let entries = try Self.codeMap()
        #expect(entries.count >= 10, "found \(entries.map(\.path)) in ARCHITECTURE.md's code map")
        let paths = Set(entries.map(\.path))
        for module in Self.sourceModules() {
            #expect(paths.contains("Sources/\(module)/"), "ARCHITECTURE.md's code map has no `### \\`Sources/\(module)/\\`` section")
        }
        for entry in entries where !entry.planned {
            #expect(entry.path.hasSuffix("/") && Self.isDirectory(entry.path),
                    "ARCHITECTURE.md's code map names `\(entry.path)`, which is not a directory (mark a module not written yet `(planned)`)")
        }
        for target in try Self.manifestTargets() where !target.isTest {
            #expect(paths.contains(target.path), "target \(target.name) (\(target.path)) is not in ARCHITECTURE.md's code map")
        }
    }

    // MARK: Dependencies

    struct ManifestTarget {
        var name: String
        var isTest: Bool
        var path: String
        var dependencies: [String]
    }

    /// The targets `Package.swift` declares, read from its text: each `.target(`,
    /// `.executableTarget(` or `.testTarget(` call up to the next one.
    static func manifestTargets() throws -> [ManifestTarget] {
        let text = try read("Package.swift")
        let openers = [".target(", ".executableTarget(", ".testTarget("]
        var starts: [(index: String.Index, isTest: Bool)] = []
        for opener in openers {
            var from = text.startIndex
            while let found = text.range(of: opener, range: from..<text.endIndex) {
                starts.append((found.lowerBound, opener == ".testTarget("))
                from = found.upperBound
            }
        }
        starts.sort { $0.index < $1.index }
        var targets: [ManifestTarget] = []
        for (offset, start) in starts.enumerated() {
            let end = offset + 1 < starts.count ? starts[offset + 1].index : text.endIndex
            let call = String(text[start.index..<end])
            guard let name = quoted(after: "name:", in: call).first else { continue }
            let path = quoted(after: "path:", in: call).first.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
                ?? (start.isTest ? "Tests/\(name)/" : "Sources/\(name)/")
            targets.append(ManifestTarget(name: name, isTest: start.isTest, path: path,
                                          dependencies: quoted(after: "dependencies:", in: call)))
        }
        return targets
    }

    /// The string literals of the value after `label` (one string, or a `[…]` list of them).
    static func quoted(after label: String, in text: String) -> [String] {
        guard let found = text.range(of: label) else { return [] }
        var rest = text[found.upperBound...].drop { $0 == " " }
        if rest.first == "[" {
            rest = rest.dropFirst().prefix { $0 != "]" }
        } else {
            rest = rest.prefix { $0 != "," && $0 != ")" && $0 != "\n" }
        }
        return rest.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The `| Module | May import |` table: module → modules.
    static func dependencyTable() throws -> [String: [String]] {
        let lines = try read("ARCHITECTURE.md").split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| Module | May import |") }) else { return [:] }
        var table: [String: [String]] = [:]
        for line in lines[(header + 2)...] {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst()
            guard cells.count >= 2, let module = codeSpans(in: String(cells[cells.startIndex])).first else { continue }
            table[module] = codeSpans(in: String(cells[cells.startIndex + 1]))
        }
        return table
    }

    @Test func dependencyTableIsTheManifests() throws {
        let table = try Self.dependencyTable()
        let targets = try Self.manifestTargets().filter { !$0.isTest }
        #expect(targets.count >= 10, "found \(targets.map(\.name)) in Package.swift")
        for target in targets {
            guard let listed = table[target.name] else {
                Issue.record("ARCHITECTURE.md's dependency table has no row for \(target.name)")
                continue
            }
            #expect(Set(listed) == Set(target.dependencies),
                    "\(target.name): ARCHITECTURE.md says it may import \(listed.sorted()), Package.swift lists \(target.dependencies.sorted())")
        }
        for module in table.keys where !targets.contains(where: { $0.name == module }) {
            Issue.record("ARCHITECTURE.md's dependency table names \(module), which Package.swift does not declare")
        }
    }

    /// SwiftPM lets a module import a dependency of a dependency; the architecture does not.
    @Test func sourcesImportOnlyTheirTargetsDependencies() throws {
        let targets = try Self.manifestTargets()
        let packageModules = Set(targets.map(\.name))
        for target in targets where !target.isTest {
            let directory = Self.root.appendingPathComponent(target.path)
            let files = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") } ?? []
            #expect(!files.isEmpty, "no Swift files in \(target.path)")
            for file in files {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                for module in Self.importedModules(in: text) where packageModules.contains(module) {
                    #expect(target.dependencies.contains(module),
                            "\(target.path)\(file) imports \(module), which \(target.name)'s dependencies in Package.swift do not list")
                }
            }
        }
        let emit = try #require(targets.first { $0.name == "CardEmit" })
        #expect(!emit.dependencies.contains("CardSyntax"), "back ends read only the checked model: CardEmit must not depend on CardSyntax")
    }

    /// Check once: layout, the back ends and the editor read the checked unit; none of them can
    /// run the checker, because none may import it. Only `CardPipeline` (and the tests and the
    /// benchmark above it) does.
    @Test func onlyThePipelineImportsTheChecker() throws {
        let targets = try Self.manifestTargets().filter { !$0.isTest }
        for target in targets where target.dependencies.contains("CardSema") {
            #expect(target.name == "CardPipeline", "\(target.name) depends on CardSema, the checker: read the CheckedUnit from CardPipeline instead")
        }
        for name in ["CardModel", "CardLayout", "CardEmit", "CardIDE", "CardServer", "CardProject", "CardDriver"] {
            #expect(targets.contains { $0.name == name }, "no target \(name)")
        }
    }

    /// The syntax and checker tests build neither the driver nor the language server: their
    /// fixture harness and golden helpers live in `CardTestSupport`, and nothing they depend
    /// on, directly or not, is `CardDriver` or `CardServer`. Their files import only what their
    /// targets list.
    @Test func syntaxAndCheckerTestsBuildNeitherTheDriverNorTheServer() throws {
        let targets = try Self.manifestTargets()
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for name in ["CardSyntaxTests", "CardSemaTests"] {
            let target = try #require(byName[name], "no test target \(name)")
            var reached: Set<String> = []
            var pending = target.dependencies
            while let next = pending.popLast() {
                guard reached.insert(next).inserted else { continue }
                pending += byName[next]?.dependencies ?? []
            }
            #expect(reached.isDisjoint(with: ["CardDriver", "CardServer"]),
                    "\(name) builds \(reached.intersection(["CardDriver", "CardServer"]).sorted())")
            let directory = Self.root.appendingPathComponent(target.path)
            let files = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") } ?? []
            for file in files {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                for module in Self.importedModules(in: text) where byName[module] != nil {
                    #expect(target.dependencies.contains(module), "\(target.path)\(file) imports \(module), which \(name) does not list")
                }
            }
        }
    }

    /// The modules `import`ed at the start of a line (`@testable` and attributes allowed).
    static func importedModules(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            var rest = line.drop { $0 == " " }
            while rest.hasPrefix("@") { rest = rest.drop { $0 != " " }.drop { $0 == " " } }
            guard rest.hasPrefix("import ") else { return nil }
            let words = rest.split(separator: " ")
            // `import struct Foo.Bar` names its module after the kind.
            let name = words.count > 2 && ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(String(words[1]))
                ? words[2] : words.count > 1 ? words[1] : ""
            return String(name.prefix { $0 != "." })
        }
    }

    // MARK: Paths in the documentation

    /// The contents of the inline code spans of `text`, outside fenced code blocks.
    static func codeSpans(in text: String) -> [String] {
        var spans: [String] = []
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.drop(while: { $0 == " " }).hasPrefix("```") { inFence.toggle(); continue }
            if inFence { continue }
            let parts = line.split(separator: "`", omittingEmptySubsequences: false)
            for (index, part) in parts.enumerated() where index % 2 == 1 && index < parts.count - 1 {
                spans.append(String(part))
            }
        }
        return spans
    }

    /// Whether a code span names a repository path: no spaces or placeholders, a `/`, and a file
    /// extension or a trailing `/`; not absolute, not a URL.
    static func looksLikePath(_ span: String) -> Bool {
        guard span.contains("/"), !span.hasPrefix("/"), !span.contains("://") else { return false }
        if span.contains(where: { " <>*…{}$|\"'(),:=".contains($0) }) { return false }
        if span.hasSuffix("/") { return true }
        let last = span.split(separator: "/").last ?? ""
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return false }
        let ext = last[last.index(after: dot)...]
        return !ext.isEmpty && ext.allSatisfy { $0.isLetter || $0.isNumber }
    }

    static func documentationFiles() -> [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["ARCHITECTURE.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    @Test func pathsInTheDocumentationExist() throws {
        let files = Self.documentationFiles()
        #expect(files.contains("docs/language.md"))
        let planned = try Self.codeMap().filter(\.planned).map(\.path)
        var checked = 0
        for file in files {
            for span in Self.codeSpans(in: try Self.read(file)) where Self.looksLikePath(span) {
                if planned.contains(where: { span.hasPrefix($0) }) { continue }
                checked += 1
                let path = span.hasSuffix("/") ? String(span.dropLast()) : span
                let exists = FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path)
                #expect(exists, "\(file) names `\(span)`, which does not exist in the repository")
            }
        }
        #expect(checked >= 30, "only \(checked) paths found in the documentation")
    }

    @Test func pathRecognition() {
        for path in ["Sources/CardModel/CatalogData.swift", "Tests/CardTestSupport/", "Grammar/cards.ebnf", "docs/language.md"] {
            #expect(Self.looksLikePath(path), "\(path)")
        }
        for text in ["a/b", "/tmp/deck.cards", "https://x.org/a.md", "Tests/EndToEnd/<name>/run.sh", "--format text|json",
                     "import \"x/y.cards\"", "$item.field", "W/H"] {
            #expect(!Self.looksLikePath(text), "\(text)")
        }
        #expect(Self.codeSpans(in: "a `x/y.md` b\n```\n`no/t.md`\n```\n`z/w.md`") == ["x/y.md", "z/w.md"])
    }

    // MARK: Invariants a search can check

    /// Every Swift file under `Sources/`, as (path, text), read once.
    static let sourceFiles: [(path: String, text: String)] = {
        let base = root.appendingPathComponent("Sources")
        let names = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return names.sorted().compactMap { name in
            (try? String(contentsOf: base.appendingPathComponent(name), encoding: .utf8)).map { ("Sources/" + name, $0) }
        }
    }()

    /// The lines of `text` whose code (the part before any `//`) holds one of `needles` not
    /// preceded by a letter, digit or `_`, each with its 1-based number, the whole line as written
    /// and the needle found. One
    /// pass over the bytes per file: the suite runs unoptimised, where Foundation's searches on a
    /// `String` cost far more.
    static func lines(containing needles: [String], in text: String) -> [(number: Int, line: String, needle: String)] {
        let patterns = needles.map { Array($0.utf8) }
        var result: [(Int, String, String)] = []
        var text = text
        text.withUTF8 { bytes in
            var lineStart = 0, number = 1
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
                var codeEnd = lineEnd
                var k = lineStart
                while k + 1 < lineEnd {
                    if bytes[k] == 0x2F && bytes[k + 1] == 0x2F { codeEnd = k; break }
                    k += 1
                }
                for (index, pattern) in patterns.enumerated() where !pattern.isEmpty {
                    var at = lineStart
                    let first = pattern[0]
                    while at + pattern.count <= codeEnd {
                        if bytes[at] != first { at += 1; continue }
                        var matched = 1
                        while matched < pattern.count && bytes[at + matched] == pattern[matched] { matched += 1 }
                        if matched < pattern.count { at += 1; continue }
                        let previous = at > lineStart ? bytes[at - 1] : 0x20
                        let isNameByte = (previous | 0x20) >= 0x61 && (previous | 0x20) <= 0x7A || (previous >= 0x30 && previous <= 0x39) || previous == 0x5F
                        if !isNameByte {
                            let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self)
                            result.append((number, line, needles[index]))
                            break
                        }
                        at += 1
                    }
                }
                lineStart = lineEnd + 1
                number += 1
            }
        }
        return result
    }

    @Test func noSignalHandlers() {
        #expect(Self.sourceFiles.count >= 40)
        for (path, text) in Self.sourceFiles {
            for (number, line, _) in Self.lines(containing: ["signal(", "sigaction("], in: text) {
                // Ignoring SIGPIPE in the executable's main installs no handler: EPIPE ends the output.
                if path.hasSuffix("cardc/main.swift"), line.trimmingCharacters(in: .whitespaces) == "signal(SIGPIPE, SIG_IGN)" { continue }
                Issue.record("\(path):\(number) installs a signal handler: \(line)")
            }
        }
    }

    /// Stored `static var`s, `nonisolated(unsafe)` and top-level `var`s (outside `main.swift`) are
    /// global mutable state.
    @Test func noGlobalMutableState() {
        for (path, text) in Self.sourceFiles {
            let isMain = path.hasSuffix("/main.swift")
            for (number, line, needle) in Self.lines(containing: ["nonisolated(unsafe)", "static var ", "var "], in: text) {
                switch needle {
                case "nonisolated(unsafe)":
                    Issue.record("global mutable state: \(path):\(number): \(line)")
                case "static var ":
                    // Computed (`static var x: T {`) is fine; stored (`= value`) is not.
                    let rest = line.split(separator: "static var ", maxSplits: 1).last ?? ""
                    if rest.prefix(while: { $0 != "{" }).contains("=") || !rest.contains("{") {
                        Issue.record("a stored static variable: \(path):\(number): \(line)")
                    }
                default:
                    // A `var` at the top level: declared at column 0, after its modifiers.
                    let modifiers = ["", "public ", "private ", "fileprivate ", "internal "]
                    if !isMain, modifiers.contains(where: { line.hasPrefix($0 + "var ") }) {
                        Issue.record("a global variable: \(path):\(number): \(line)")
                    }
                }
            }
        }
    }

    /// The searches find what they look for.
    @Test func searchesFindDeclarations() {
        let text = "let a = 1\nstatic var cache = [Int]()  // x\n    // signal(SIGBUS)\n    _ = mySignal(3)\nvar global = 0\n"
        #expect(Self.lines(containing: ["static var "], in: text).map(\.number) == [2])
        #expect(Self.lines(containing: ["signal("], in: text).isEmpty)
        #expect(Self.lines(containing: ["var "], in: text).map(\.number) == [2, 5])
    }
}

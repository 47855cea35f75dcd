import Foundation
import PackagePlugin

/// The SwiftPM build-tool plugin: every `.cards` file of a target becomes Swift at build time, as
/// `.proto` files do with swift-protobuf's plugin.
///
/// One build command per `.cards` file runs `cardc build FILE --emit swift` into the plugin's
/// work directory. Its declared inputs are the file, the files it imports (found by following
/// `import "…"` lines) and the target's `cardc.json`; its output is one Swift file, so SwiftPM
/// reruns it only when one of those changes, and `cardc` rewrites the file only when its content
/// changes. Output names stay unique when two folders hold files of the same name: a file
/// `Wallet/cards.cards` gives `Wallet_cards.cards.swift` (the Swift compiler rejects two source
/// files with the same name). The plugin chooses each name (`--output-name`) from letters,
/// digits and `_`, which every build system passes through unchanged (SwiftPM drops a `\`).
///
/// The project configuration — the nearest `cardc.json` in the target's folder or a folder
/// above it inside the package — is `cardc`'s to read (the flavor and access level of the
/// generated Swift, the viewport, the levels of diagnostics): the plugin only finds the file,
/// passes it (`--config`) and declares it as an input, so there is one reader of every key, and a
/// change to it, or a mistake in it, takes effect or fails on the next build. A target without
/// one builds with `--no-config`, the defaults (`cardparts`, `internal`), so no file the plugin
/// does not declare changes what it generates.
@main
struct CardcPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        let directory = target.directoryURL
        let configuration = Self.configuration(from: directory, upTo: context.package.directoryURL)
        let tool = try context.tool(named: "cardc")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("cards")
        let inputs = target.sourceFiles(withSuffix: "cards").map(\.url).sorted { $0.path < $1.path }

        // Output names: the folder as a prefix, and a number where two names still meet (a
        // top-level `Wallet_cards.cards` beside `Wallet/cards.cards`).
        var prefixes = PrefixTable()
        var taken: Set<String> = []
        var commands: [Command] = []
        for input in inputs {
            let base = PrefixTable.plain(input.deletingPathExtension().lastPathComponent)
            var prefix = prefixes.prefix(forDirectory: Self.relativeDirectory(of: input, in: directory))
            var number = 2
            while taken.contains(prefix + base) {
                prefix = prefixes.prefix(forDirectory: Self.relativeDirectory(of: input, in: directory)) + "\(number)_"
                number += 1
            }
            taken.insert(prefix + base)
            let name = prefix + base + ".cards.swift"
            var dependencies = [input] + Self.imports(of: input)
            if let configuration { dependencies.append(configuration) }
            commands.append(.buildCommand(
                displayName: "Generating \(name) from \(input.lastPathComponent)",
                executable: tool.url,
                arguments: ["build", input.path, "--emit", "swift", "--root", directory.path, "--output-name", name,
                            "--quiet", "-o", output.path] + (configuration.map { ["--config", $0.path] } ?? ["--no-config"]),
                inputFiles: dependencies,
                outputFiles: [output.appendingPathComponent(name)]))
        }
        return commands
    }

    /// The nearest `cardc.json` in `directory` or a folder above it, up to `top` (the package's
    /// folder): only found here, read and checked by `cardc`.
    static func configuration(from directory: URL, upTo top: URL) -> URL? {
        let top = top.standardizedFileURL.path
        var folder = directory.standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent("cardc.json")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            let parent = folder.deletingLastPathComponent()
            guard folder.path != top, folder.path.hasPrefix(top), parent.path != folder.path else { return nil }
            folder = parent
        }
    }

    /// The folder of `file` relative to the target's directory (`""` at its top).
    static func relativeDirectory(of file: URL, in directory: URL) -> String {
        let base = directory.standardizedFileURL.path
        let folder = file.deletingLastPathComponent().standardizedFileURL.path
        guard folder.hasPrefix(base) else { return folder }
        return String(folder.dropFirst(base.count)).split(separator: "/").joined(separator: "/")
    }

    /// The files `file` imports, transitively: `import "path"` lines, relative to the importing
    /// file. A rough reading (the compiler checks the real thing); it only decides when to rerun.
    static func imports(of file: URL) -> [URL] {
        var found: [URL] = []
        var pending = [file]
        var seen: Set<String> = [file.standardizedFileURL.path]
        while let next = pending.popLast() {
            guard let text = try? String(contentsOf: next, encoding: .utf8) else { continue }
            for line in text.split(whereSeparator: \.isNewline) {
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                guard trimmed.hasPrefix("import"), let open = trimmed.firstIndex(of: "\""),
                      let close = trimmed[trimmed.index(after: open)...].firstIndex(of: "\"") else { continue }
                let path = String(trimmed[trimmed.index(after: open)..<close])
                let url = next.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                guard seen.insert(url.path).inserted, FileManager.default.fileExists(atPath: url.path) else { continue }
                found.append(url)
                pending.append(url)
            }
        }
        return found
    }
}

/// A file-name prefix per folder of the target: `""` at its top, the folder's path with every
/// character other than a letter, digit or `_` turned into `_` plus `_` below it (`Wallet/Cards` →
/// `Wallet_Cards_`), and a number added when two folders would get the same prefix (`a-b` and `a_b`).
struct PrefixTable {
    private var byDirectory: [String: String] = [:]
    private var used: Set<String> = []

    mutating func prefix(forDirectory directory: String) -> String {
        if let known = byDirectory[directory] { return known }
        guard !directory.isEmpty else {
            byDirectory[directory] = ""
            return ""
        }
        let base = Self.plain(directory)
        var candidate = base + "_"
        var number = 2
        while used.contains(candidate) {
            candidate = base + "\(number)_"
            number += 1
        }
        used.insert(candidate)
        byDirectory[directory] = candidate
        return candidate
    }

    /// `text` with every character other than an ASCII letter, digit or `_` turned into `_`.
    static func plain(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_") ? Character(scalar) : "_"
        })
    }
}

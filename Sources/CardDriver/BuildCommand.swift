#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CardDiagnostics
import CardEmit
import CardLayout
import CardSema
import Foundation

/// `cardc build FILE… [--emit json] [-o DIR] [--viewport WxH] [--root DIR] [--color WHEN]
/// [--quiet] [--strict]` (CLI.md): check, then run the chosen back ends.
///
/// Each input file is one compilation unit and gives one artifact per back end,
/// `DIR/<name>.<extension>` (`deck.cards` → `deck.layout.json`). Nothing at all is written —
/// not even the output directory — when any input has errors (or warnings under `--strict`).
/// Files are written atomically (a temporary file in DIR, then a rename), only inside DIR, and
/// only when their content changed, so an unchanged output keeps its modification time.
enum BuildCommand {
    /// The back ends run without `--emit`. CLI.md's default is `json,swift`; until the Swift
    /// back end exists it is what the registry has.
    static var defaultBackends: [String] { Backends.names }

    static let options: [OptionSpec] = [
        OptionSpec(names: ["--emit"], value: "BACKENDS",
                   help: "comma-separated back ends: \(Backends.names.joined(separator: ", ")) (default: \(defaultBackends.joined(separator: ",")); CLI.md's default json,swift once the swift back end exists)"),
        OptionSpec(names: ["-o", "--output"], value: "DIR",
                   help: "output directory (default: .cardc-out beside the first input); `-` writes to stdout (one input, one back end)"),
        OptionSpec(names: ["--viewport"], value: "WxH", help: "screen size for the layout, in points (default: 390x844)"),
        OptionSpec(names: ["--root"], value: "DIR", help: "project root for imports (default: directory of the first input)"),
        OptionSpec(names: ["--color"], value: "WHEN", help: "colour text diagnostics (default: auto)", choices: ColorChoice.allCases.map(\.rawValue)),
        OptionSpec(names: ["--quiet", "-q"], value: nil, help: "omit the summary lines"),
        OptionSpec(names: ["--strict", "-W"], value: nil, help: "warnings fail the build (exit 1, nothing written); `-W error` is accepted too"),
        OptionSpec(names: ["--max-size"], value: "BYTES", help: "refuse input files larger than this (default: 268435456)"),
        OptionSpec(names: ["-h", "--help"], value: nil, help: "show this help"),
    ]

    static var usage: String {
        """
        USAGE: cardc build FILE... [options]

        Checks each .cards file (with its imports) and, when there are no errors, runs the
        chosen back ends on it, writing DIR/<name>.<ext> for an input <name>.cards:
        \(Backends.all.map { "  \($0.name.padding(toLength: 6, withPad: " ", startingAt: 0)) <name>.\($0.fileExtension)  \($0.summary)" }.joined(separator: "\n"))
        Nothing is written when any input has errors. Files are replaced atomically and only when
        their content changed. Diagnostics and summaries go to stderr; `-o -` writes the one
        artifact to stdout. Exit status: 0 success, 1 errors (or warnings with --strict),
        2 usage problem or unwritable output.

        OPTIONS:
        \(ArgumentParser.usage(options))

        """
    }

    static func run(_ arguments: [String], output: inout some DriverOutput) throws -> Int32 {
        var arguments = arguments
        if let w = arguments.firstIndex(of: "-W"), w + 1 < arguments.count, arguments[w + 1] == "error" {
            arguments.remove(at: w + 1)
        }
        let parsed = try ArgumentParser.parse(arguments, options: options, command: "build")
        if parsed.flag("-h") { output.writeOut(usage); return 0 }
        guard !parsed.operands.isEmpty else { throw UsageError("missing input: cardc build FILE...") }
        let backends = try selectBackends(parsed.value("--emit"))
        let viewport = try parsed.value("--viewport").map { text -> Viewport in
            guard let viewport = Viewport(parsing: text) else {
                throw UsageError("invalid value '\(text)' for '--viewport': expected WxH in points, e.g. 390x844")
            }
            return viewport
        } ?? .standard
        let sizeLimit = try parsed.value("--max-size").map { text -> Int in
            guard let limit = Int(text), limit > 0 else { throw UsageError("invalid value '\(text)' for '--max-size'") }
            return limit
        } ?? InputFiles.defaultSizeLimit
        // The same file named twice is one input.
        var seen = Set<String>()
        let files = try InputFiles.expand(parsed.operands, allowDirectories: false, sizeLimit: sizeLimit)
            .filter { seen.insert(PathUtilities.normalize($0)).inserted }
        if let root = parsed.value("--root"), !InputFiles.isDirectory(root) {
            throw UsageError("--root \(root) is not a directory")
        }
        let toStdout = parsed.value("-o") == "-"
        if toStdout && (backends.count != 1 || files.count != 1) {
            throw UsageError("'-o -' writes one artifact to stdout: give one input file and one --emit back end")
        }
        // Output names are fixed before anything runs, so a clash is a usage error up front.
        let names = try outputNames(for: files, backends: backends)

        var result = Compiler.check(paths: files, root: parsed.value("--root"), provider: DiskFileProvider(sizeLimit: sizeLimit))
        if let unreadable = result.unreadable.first { throw UsageError("cannot read \(unreadable)") }
        guard result.decks.count == files.count else { throw UsageError("cannot compile \(files.joined(separator: ", "))") }
        if !result.hasErrors {
            var diagnostics = result.diagnostics
            for deck in result.decks { diagnostics += layoutDiagnostics(for: deck, viewport: viewport) }
            result.diagnostics = diagnostics.sortedAndDeduplicated()
        }
        let strict = parsed.flag("--strict")
        let quiet = parsed.flag("--quiet")
        let status = DiagnosticOutput.emit(result, format: "text",
                                           color: ColorChoice(rawValue: parsed.value("--color") ?? "auto") ?? .auto,
                                           strict: strict, quiet: quiet, fileCount: result.fileSet.files.count, output: &output)
        guard status == 0 else { return status }

        let backendOptions = BackendOptions(viewport: viewport)
        if toStdout, let backend = backends.first, let deck = result.decks.first {
            output.writeOut(String(decoding: backend.emit(deck, options: backendOptions), as: UTF8.self))
            return 0
        }
        let directory = parsed.value("-o") ?? PathUtilities.join(PathUtilities.directory(of: files[0]), ".cardc-out")
        try ArtifactWriter.prepareDirectory(directory)
        var written = 0, unchanged = 0
        for (index, deck) in result.decks.enumerated() {
            for backend in backends {
                let bytes = backend.emit(deck, options: backendOptions)
                guard let name = names[index][backend.name] else { continue }
                if try ArtifactWriter.write(bytes, named: name, in: directory) { written += 1 } else { unchanged += 1 }
            }
        }
        if !quiet {
            func files(_ n: Int) -> String { "\(n) file\(n == 1 ? "" : "s")" }
            output.writeError("wrote \(files(written)) to \(TerminalText.escaped(directory))"
                              + (unchanged > 0 ? " (\(files(unchanged)) unchanged)" : "") + "\n")
        }
        return 0
    }

    /// The back ends named by `--emit` (comma-separated, duplicates ignored), or the default.
    static func selectBackends(_ value: String?) throws -> [any Backend] {
        let requested = value.map { $0.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0).trimmingCharacters(in: .whitespaces)
        } } ?? defaultBackends
        var result: [any Backend] = []
        for name in requested {
            guard let backend = Backends.named(name) else {
                let shown = name.isEmpty ? "an empty name" : "'\(name)'"
                throw UsageError("unknown back end \(shown) for '--emit' (available: \(Backends.names.joined(separator: ", ")))")
            }
            if !result.contains(where: { $0.name == backend.name }) { result.append(backend) }
        }
        return result
    }

    /// For each input, back-end name → output file name; a clash between two inputs is a usage
    /// error.
    static func outputNames(for files: [String], backends: [any Backend]) throws -> [[String: String]] {
        var owners: [String: String] = [:]
        var result: [[String: String]] = []
        for file in files {
            var names: [String: String] = [:]
            for backend in backends {
                let name = OutputNames.fileName(forInput: file, extension: backend.fileExtension)
                if let other = owners[name] {
                    throw UsageError("\(other) and \(file) would both write \(name); build them into different directories with -o")
                }
                owners[name] = file
                names[backend.name] = name
            }
            result.append(names)
        }
        return result
    }
}

/// Output file names derived from input paths.
enum OutputNames {
    /// `<name>.<extension>`, where `<name>` is the input's file name without `.cards`. The name
    /// is one path component: `/`, `\` and control characters become `_`, and an empty name is
    /// `_`, so the file always lands directly inside the output directory.
    static func fileName(forInput path: String, extension ext: String) -> String {
        var base = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? ""
        if base.hasSuffix(".cards") { base.removeLast(".cards".count) }
        var safe = ""
        for scalar in base.unicodeScalars {
            if scalar == "/" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F {
                safe.append("_")
            } else {
                safe.unicodeScalars.append(scalar)
            }
        }
        if safe.isEmpty { safe = "_" }
        return safe + "." + ext
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Musl)
private let systemWrite = Musl.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif

/// Writes artifacts into one directory: atomically, only when changed, never outside it.
enum ArtifactWriter {
    /// Creates `directory` (and its parents) if needed.
    static func prepareDirectory(_ directory: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw UsageError("cannot write to \(directory): not a directory") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw UsageError("cannot create output directory \(directory): \(error.localizedDescription)")
        }
    }

    /// Whether `name` is a single, ordinary path component.
    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.utf8.contains(0)
    }

    /// Writes `bytes` to `directory/name` unless the file already holds exactly them. Returns
    /// whether it wrote. A temporary file is created beside the target (exclusively, so an
    /// existing file or link is never followed) and renamed over it; a link at the target is
    /// replaced, not followed.
    @discardableResult
    static func write(_ bytes: [UInt8], named name: String, in directory: String) throws -> Bool {
        guard isSafeName(name) else { throw UsageError("refusing to write '\(name)': not a plain file name inside \(directory)") }
        let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
        if isUnchanged(path, bytes) { return false }
        var attempt = 0
        while true {
            let temporary = (directory.hasSuffix("/") ? directory : directory + "/")
                + ".\(name).tmp-\(getpid())-\(attempt)"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd < 0 {
                if errno == EEXIST && attempt < 100 { attempt += 1; continue }
                throw UsageError("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            let ok = writeAll(fd, bytes)
            let writeError = errno
            if close(fd) != 0 || !ok {
                let reason = String(cString: strerror(ok ? errno : writeError))
                unlink(temporary)
                throw UsageError("cannot write \(path): \(reason)")
            }
            if rename(temporary, path) != 0 {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw UsageError("cannot write \(path): \(reason)")
            }
            return true
        }
    }

    /// Whether a regular file at `path` already holds exactly `bytes`.
    static func isUnchanged(_ path: String, _ bytes: [UInt8]) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == bytes.count else { return false }
        guard let existing = FileManager.default.contents(atPath: path), existing.count == bytes.count else { return false }
        if bytes.isEmpty { return true }
        return existing.withUnsafeBytes { old in
            bytes.withUnsafeBytes { new in
                guard let a = old.baseAddress, let b = new.baseAddress else { return false }
                return memcmp(a, b, bytes.count) == 0
            }
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let n = systemWrite(fd, base + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CardPipeline
import CardDiagnostics
import CardEmit
import CardLayout
import CardModel
import CardProject
import CardSources

/// `cardc build FILE… [--emit json,swift] [-o DIR] [--swift-flavor cardparts|observation]
/// [--access internal|public|package] [--viewport WxH] [--root DIR] [--color WHEN] [--quiet]
/// [--strict]`: check, then run the chosen back ends.
///
/// Each input file is one compilation unit and gives one artifact per back end,
/// `DIR/<name>.<extension>` (`deck.cards` → `deck.layout.json`, `deck.cards.swift`). Nothing at all is written —
/// not even the output directory — when any input has errors (or warnings under `--strict`).
/// Files are written atomically (a temporary file in DIR, then a rename), only inside DIR, and
/// only when their content changed, so an unchanged output keeps its modification time.
enum BuildCommand {
    /// Thrown from the stdout sink to stop a back end once stdout has failed.
    private struct StoppedWriting: Error {}

    /// The back ends run without `--emit`: `json,swift`, those of them that are registered
    /// (`preview` and `html` only when asked for).
    static var defaultBackends: [String] { ["json", "swift"].filter { Backends.named($0) != nil } }

    static let options: [OptionSpec] = [
        OptionSpec(names: ["--emit"], value: "BACKENDS",
                   help: "comma-separated back ends: \(Backends.names.joined(separator: ", ")); repeatable (default: \(defaultBackends.joined(separator: ",")))"),
        OptionSpec(names: ["--swift-flavor"], value: "FLAVOR",
                   help: "the Swift --emit swift writes: CardParts controllers with RxSwift view models, or @Observable view models (Foundation and Observation only) (default: cardparts)",
                   choices: SwiftNames.Flavor.allCases.map(\.rawValue)),
        OptionSpec(names: ["--access"], value: "LEVEL", help: "access level of generated Swift declarations (default: internal)",
                   choices: SwiftAccess.allCases.map(\.rawValue)),
        OptionSpec(names: ["-o", "--output"], value: "DIR",
                   help: "output directory (default: .cardc-out beside the first input); `-` writes to stdout (one input, one back end)"),
        OptionSpec(names: ["--output-name"], value: "NAME",
                   help: "the output file's name, for one input and one back end (the build plugin names each file it declared)"),
        OptionSpec(names: ["--viewport"], value: "WxH", help: "screen size for the layout, in points (default: 390x844)"),
        OptionSpec(names: ["--theme"], value: "NAME",
                   help: "--emit html: a column of cards in this theme; repeat for more (default: the stacks' themes, Mint, Turbo and dark themes)"),
        OptionSpec(names: ["--width"], value: "POINTS",
                   help: "--emit html: a column of cards on a screen this wide, \(HTMLEmitter.widthRange.lowerBound)…\(HTMLEmitter.widthRange.upperBound); repeat for more (default: the viewport's width and 320)"),
        CommonOptions.textSizeOption(help: "Dynamic Type text size of the layout (W104, W1003, json, preview): \(CommonOptions.textSizeNames), any case (default: large); --emit html: repeat for a column at each further size (default: one at AX3)"),
        CommonOptions.configOption,
        CommonOptions.noConfigOption,
        OptionSpec(names: ["--root"], value: "DIR", help: "project root for imports (default: the folder of cardc.json, else the top of the Git work tree, else the input's directory)"),
        OptionSpec(names: ["--color"], value: "WHEN", help: "colour text diagnostics (default: auto)", choices: ColorChoice.allCases.map(\.rawValue)),
        OptionSpec(names: ["--quiet", "-q"], value: nil, help: "omit the summary lines"),
        OptionSpec(names: ["--strict", "-W"], value: nil, help: "warnings fail the build (exit 1, nothing written); `-W error` is accepted too"),
        CommonOptions.maxSizeOption,
        OptionSpec(names: ["-h", "--help"], value: nil, help: "show this help"),
    ]

    static var usage: String {
        """
        USAGE: cardc build FILE... [options]

        Checks each .cards file (with its imports) and, when there are no errors, runs the
        chosen back ends on it, writing DIR/<name>.<ext> for an input <name>.cards:
        \(backendTable)
        Settings (flavor, access, viewport, severities) come from the nearest cardc.json (or
        --config FILE); options override them.
        Nothing is written when any input has errors. Files are replaced atomically and only when
        their content changed. Diagnostics and summaries go to stderr; `-o -` writes the one
        artifact to stdout. Exit status: 0 success, 1 errors (or warnings with --strict),
        2 usage problem or unwritable output.

        OPTIONS:
        \(ArgumentParser.usage(options))

        """
    }

    /// One line per back end: name, file, summary, in aligned columns.
    static var backendTable: String {
        let nameWidth = (Backends.names.map(\.count).max() ?? 0) + 1
        let fileWidth = (Backends.all.map { "<name>.\($0.fileExtension)".count }.max() ?? 0) + 2
        return Backends.all.map { backend in
            "  " + backend.name.padded(to: nameWidth) + "<name>.\(backend.fileExtension)".padded(to: fileWidth) + backend.summary
        }.joined(separator: "\n")
    }

    /// Runs the command; `compiled` receives the checked decks (see `Driver.run(_:output:compiled:)`).
    static func run(_ arguments: [String], output: inout some DriverOutput, compiled: inout Pipeline.Result?) throws -> Int32 {
        let parsed = try ArgumentParser.parse(CommonOptions.normalizingStrict(arguments), options: options, command: "build")
        if parsed.flag("-h") { output.writeOut(usage); return 0 }
        guard !parsed.operands.isEmpty else { throw UsageError("missing input: cardc build FILE...") }
        // Repeated `--emit`s add up, as a comma-separated list does: `--emit html --emit swift`.
        let emitted = parsed.values("--emit")
        let backends = try selectBackends(emitted.isEmpty ? nil : emitted.joined(separator: ","))
        let galleryThemes = CommonOptions.themes(parsed)
        let galleryWidths = try CommonOptions.widths(parsed, range: HTMLEmitter.widthRange, unit: "points")
        if (!galleryThemes.isEmpty || !galleryWidths.isEmpty) && !backends.contains(where: { $0.name == "html" }) {
            throw UsageError("'--theme' and '--width' choose the columns of the HTML gallery: use them with '--emit html'")
        }
        let viewport = try CommonOptions.viewportOption(parsed)
        // The first size is the layout's; the gallery adds a column for each further one.
        let textSizes = try CommonOptions.textSizes(parsed)
        if textSizes.count > 1 && !backends.contains(where: { $0.name == "html" }) {
            throw UsageError("more than one '--text-size' adds the HTML gallery's Dynamic Type columns: use them with '--emit html'")
        }
        let sizeLimit = try CommonOptions.sizeLimit(parsed)
        // The same file named twice is one input.
        var seen = Set<String>()
        let files = try InputFiles.expand(parsed.operands, allowDirectories: false, sizeLimit: sizeLimit).files
            .filter { seen.insert(PathUtilities.normalize($0)).inserted }
        let provider = DiskFileProvider(sizeLimit: sizeLimit)
        let locator = try CommonOptions.locator(parsed, provider: provider)
        let toStdout = parsed.value("-o") == "-"
        if toStdout && (backends.count != 1 || files.count != 1) {
            throw UsageError("'-o -' writes one artifact to stdout: give one input file and one --emit back end")
        }
        // Output names are fixed before anything runs, so a clash is a usage error up front.
        let names = try outputNames(for: files, backends: backends, given: parsed.value("--output-name"))

        // `build` builds what it is told: a configuration's `exclude` is for `check` and `fmt`.
        var run = try ProjectRun(files: files, operands: parsed.operands, locator: locator, viewport: viewport,
                                 textSizes: textSizes, honoringExclude: false)
        let outcome = try run.check(provider: provider)
        compiled = outcome.groups.max { $0.inputs.count < $1.inputs.count }?.result
        if let unreadable = outcome.unreadable.first { throw UsageError("cannot read \(unreadable)") }
        // Each input's deck, in the order of `files`.
        var decks = [CheckedUnit?](repeating: nil, count: files.count)
        for group in outcome.groups where group.result.decks.count == group.inputs.count {
            for (index, deck) in zip(group.inputs, group.result.decks) { decks[index] = deck }
        }
        guard decks.allSatisfy({ $0 != nil }) else { throw UsageError("cannot compile \(files.joined(separator: ", "))") }
        let strict = parsed.flag("--strict")
        let quiet = parsed.flag("--quiet")
        let status = DiagnosticOutput.emit(outcome.diagnostics, in: outcome.fileSet, format: "text",
                                           color: CommonOptions.color(parsed),
                                           strict: strict, quiet: quiet, fileCount: outcome.fileSet.files.count, output: &output)
        guard status == 0 else { return status }
        // A --theme every deck must have: asked now the decks are checked, before anything is written.
        for (file, deck) in zip(files, decks) {
            guard let deck else { continue }
            for theme in galleryThemes {
                if let problem = ThemeChoice.problem(with: theme, in: deck) { throw UsageError(problem + " in \(file)") }
            }
        }

        // Options win over each input's configuration, which wins over the defaults.
        let flavor = parsed.value("--swift-flavor").flatMap(SwiftNames.Flavor.init(rawValue:))
        let access = parsed.value("--access").flatMap(SwiftAccess.init(rawValue:))
        func backendOptions(_ index: Int) -> BackendOptions {
            let input = run.inputs[index]
            return BackendOptions(viewport: input.viewport,
                                  swiftFlavor: flavor ?? input.settings.configuration.flavor ?? .cardParts,
                                  access: access ?? input.settings.configuration.access ?? .internal,
                                  toolVersion: Driver.version, themes: galleryThemes, widths: galleryWidths.map(Double.init),
                                  textSizes: input.textSizes)
        }
        if toStdout, let backend = backends.first, let deck = decks.first ?? nil {
            // Pieces end between UTF-8 sequences, so each decodes on its own. Once stdout fails
            // (the reader is gone, the disk is full) the rest is not even produced; `Driver.run`
            // then decides the exit status.
            do {
                try backend.emit(deck, options: backendOptions(0), to: { piece in
                    output.writeOut(String(decoding: piece, as: UTF8.self))
                    if output.failedWrite != nil { throw StoppedWriting() }
                })
            } catch is StoppedWriting {}
            return 0
        }
        let directory = parsed.value("-o") ?? PathUtilities.join(PathUtilities.directory(of: files[0]), ".cardc-out")
        try ArtifactWriter.prepareDirectory(directory)
        ArtifactWriter.removeStaleTemporaries(in: directory)
        var written = 0, unchanged = 0
        for (index, deck) in decks.enumerated() {
            guard let deck else { continue }
            let options = backendOptions(index)
            for backend in backends {
                guard let name = names[index][backend.name] else { continue }
                let wrote = try ArtifactWriter.write(named: name, in: directory, produce: { sink in
                    try backend.emit(deck, options: options, to: sink)
                })
                if wrote { written += 1 } else { unchanged += 1 }
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
            $0.trimmingSpaces()
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

    /// For each input, back-end name → output file name: `given` (`--output-name`) for the one
    /// artifact of one input and one back end, else derived from the input's name. A clash
    /// between two inputs, or a given name that is not one plain path component, is a usage
    /// error.
    static func outputNames(for files: [String], backends: [any Backend], given: String? = nil) throws -> [[String: String]] {
        if let given {
            guard files.count == 1, let backend = backends.first, backends.count == 1 else {
                throw UsageError("--output-name names one artifact: give one input file and one --emit back end")
            }
            guard ArtifactWriter.isSafeName(given), !given.unicodeScalars.contains(where: OutputNames.isControl) else {
                throw UsageError("--output-name '\(given)' is not a plain file name (no '/' or control characters, not '.' or '..')")
            }
            return [[backend.name: given]]
        }
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
    /// A C0 or C1 control character, or DEL: never part of a name `cardc` writes.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `<name>.<extension>`, where `<name>` is the input's file name without `.cards`. The name
    /// is one path component: `/`, `\` and control characters become `_`, and an empty name is
    /// `_`, so the file always lands directly inside the output directory.
    static func fileName(forInput path: String, extension ext: String) -> String {
        var base = PathUtilities.lastComponent(path) ?? ""
        if base.hasSuffix(".cards") { base.removeLast(".cards".count) }
        let safe = component(base)
        return (safe.isEmpty ? "_" : safe) + "." + ext
    }

    /// `text` as part of one path component: `/`, `\\` and control characters become `_`.
    static func component(_ text: String) -> String {
        var safe = ""
        for scalar in text.unicodeScalars {
            if scalar == "/" || scalar == "\\" || isControl(scalar) {
                safe.append("_")
            } else {
                safe.unicodeScalars.append(scalar)
            }
        }
        return safe
    }
}


/// Writes artifacts into one directory: atomically, only when changed, never outside it.
enum ArtifactWriter {
    /// Creates `directory` (and its parents) if needed.
    static func prepareDirectory(_ directory: String) throws {
        if let status = LocalFiles.status(of: directory) {
            guard status.kind == .directory else { throw UsageError("cannot write to \(directory): not a directory") }
            return
        }
        if let failure = LocalFiles.createDirectory(directory) {
            throw UsageError("cannot create output directory \(directory): \(failure)")
        }
    }

    /// The temporary file an artifact `name` is written to before it is renamed over `name`:
    /// `.NAME.tmp-PID-N`, hidden, beside it, named after the writing process.
    static func temporaryName(for name: String, process: pid_t, attempt: Int) -> String {
        ".\(name).tmp-\(process)-\(attempt)"
    }

    /// The process that wrote temporary file `entry`, when `entry` is named as
    /// `temporaryName(for:process:attempt:)` names one.
    static func temporaryWriter(of entry: String) -> pid_t? {
        // `.` NAME `.tmp-` digits `-` digits, read backwards from the end.
        let bytes = Array(entry.utf8)
        func digits(endingAt end: Int) -> Int {
            var start = end
            while start > 0 && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[start - 1]) { start -= 1 }
            return start
        }
        let attemptStart = digits(endingAt: bytes.count)
        guard attemptStart < bytes.count, attemptStart > 0, bytes[attemptStart - 1] == UInt8(ascii: "-") else { return nil }
        let processEnd = attemptStart - 1, processStart = digits(endingAt: processEnd)
        let marker = Array(".tmp-".utf8)
        guard processStart < processEnd, processStart - marker.count > 1, bytes.first == UInt8(ascii: "."),
              Array(bytes[(processStart - marker.count)..<processStart]) == marker,
              let process = pid_t(String(decoding: bytes[processStart..<processEnd], as: UTF8.self)), process > 0 else { return nil }
        return process
    }

    /// Removes the temporary files of runs that were killed while writing into `directory`
    /// (the rename never came): regular files named as `temporaryName` names them whose
    /// process no longer exists. Called before writing into a directory, so killed builds do
    /// not pile up copies of their artifacts. A process that still exists, of any user, keeps
    /// its files; failures are ignored (the files are only litter).
    static func removeStaleTemporaries(in directory: String) {
        guard let entries = LocalFiles.entries(of: directory) else { return }
        for entry in entries {
            guard let process = temporaryWriter(of: entry) else { continue }
            var info = stat()
            let path = PathUtilities.appending(entry, to: directory)
            guard PathBytes.withCString(path, { lstat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            // Signal 0 only asks whether the process exists; EPERM means it does.
            guard kill(process, 0) != 0, errno == ESRCH else { continue }
            _ = PathBytes.withCString(path) { unlink($0) }
        }
    }

    /// Whether `name` is a single, ordinary path component.
    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.utf8.contains(0)
    }

    /// Writes `bytes` to `directory/name` unless the file already holds exactly them. Returns
    /// whether it wrote.
    @discardableResult
    static func write(_ bytes: [UInt8], named name: String, in directory: String) throws -> Bool {
        try write(named: name, in: directory) { sink in try sink(bytes) }
    }

    /// Writes the pieces `produce` hands its sink to `directory/name`, unless the file already
    /// holds exactly that; returns whether it wrote.
    ///
    /// The pieces are compared with the existing file as they arrive; only at the first
    /// difference is a temporary file created beside the target (exclusively, so no existing
    /// file or link is followed), the matching prefix copied into it from the old file, and the
    /// rest written to it. It is then renamed over the target, which replaces a link rather than
    /// following it. An unchanged file is never written (its modification time stays), and
    /// neither the old nor the new content is ever held in memory whole.
    @discardableResult
    static func write(named name: String, in directory: String,
                      produce: (_ sink: ([UInt8]) throws -> Void) throws -> Void) throws -> Bool {
        try write(named: name, in: directory) { artifact in try produce { piece in try artifact.append(piece) } }
    }

    /// Runs `body` on the `StreamingArtifact` for `directory/name` and completes it.
    private static func write(named name: String, in directory: String,
                              _ body: (inout StreamingArtifact) throws -> Void) throws -> Bool {
        guard isSafeName(name) else { throw UsageError("refusing to write '\(name)': not a plain file name inside \(directory)") }
        let path = PathUtilities.appending(name, to: directory)
        var artifact = StreamingArtifact(path: path, directory: directory, name: name)
        defer { artifact.discard() }
        try body(&artifact)
        return try artifact.finish()
    }
}

/// One artifact being written by `ArtifactWriter.write(named:in:produce:)`: compared with the
/// existing file, piece by piece as the back end hands them over, while it matches; written to a
/// temporary file from the first difference.
struct StreamingArtifact {
    let path: String
    let directory: String
    let name: String
    /// The existing file, while everything so far matches it.
    private var old: Int32 = -1
    /// Bytes matched so far.
    private var matched = 0
    /// The temporary file, once the content differs.
    private var temporary: (fd: Int32, path: String)?
    /// Where the old file is read into for comparing, and its prefix copied from.
    private var scratch: [UInt8] = []

    init(path: String, directory: String, name: String) {
        self.path = path
        self.directory = directory
        self.name = name
        // Only a regular file is compared, not a link or a FIFO put there: anything else counts
        // as no old file, and is replaced.
        old = LocalFiles.openRegularFile(path, followingLinks: false)?.fd ?? -1
    }

    private func failure(_ reason: String? = nil) -> UsageError {
        UsageError("cannot write \(path): \(reason ?? String(cString: strerror(errno)))")
    }

    /// Reads up to `count` bytes of the old file into `scratch`; returns how many it read.
    private mutating func readOld(_ count: Int) -> Int {
        if scratch.count < count { scratch = [UInt8](repeating: 0, count: max(count, 1 << 16)) }
        let fd = old
        return scratch.withUnsafeMutableBytes { LocalFiles.readFully(fd, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<count])) } ?? -1
    }

    /// Whether the old file's next `piece.count` bytes are `piece`.
    private mutating func oldContinues(with piece: [UInt8]) -> Bool {
        guard !piece.isEmpty else { return true }
        guard readOld(piece.count) == piece.count else { return false }
        return scratch.withUnsafeBytes { old in
            piece.withUnsafeBytes { new in
                guard let a = old.baseAddress, let b = new.baseAddress else { return new.isEmpty }
                return memcmp(a, b, new.count) == 0
            }
        }
    }

    mutating func append(_ piece: [UInt8]) throws {
        if old >= 0 {
            if oldContinues(with: piece) {
                matched += piece.count
                return
            }
            try startTemporary()
        }
        if temporary == nil { try startTemporary() }
        guard let fd = temporary?.fd, piece.withUnsafeBytes({ LocalFiles.writeAll(fd, $0) }) else { throw failure() }
    }

    /// Lets the old file go.
    private mutating func closeOld() {
        if old >= 0 { close(old) }
        old = -1
    }

    /// Creates the temporary file and copies the `matched` prefix of the old file into it.
    private mutating func startTemporary() throws {
        var attempt = 0
        var fd: Int32 = -1
        var temporaryPath = ""
        while fd < 0 {
            temporaryPath = PathUtilities.appending(ArtifactWriter.temporaryName(for: name, process: getpid(), attempt: attempt),
                                                    to: directory)
            fd = PathBytes.withCString(temporaryPath) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
            if fd < 0 {
                guard errno == EEXIST, attempt < 100 else { throw failure() }
                attempt += 1
            }
        }
        temporary = (fd, temporaryPath)
        guard old >= 0 else { return }
        defer { closeOld() }
        guard lseek(old, 0, SEEK_SET) == 0 else { throw failure() }
        var remaining = matched
        while remaining > 0 {
            let n = readOld(min(1 << 20, remaining))
            guard n > 0, scratch.withUnsafeBytes({ LocalFiles.writeAll(fd, UnsafeRawBufferPointer(rebasing: $0[..<n])) }) else {
                throw failure("copying the unchanged start failed")
            }
            remaining -= n
        }
    }

    /// Completes the artifact: returns false when the existing file already held exactly this
    /// content, else renames the temporary file over the target and returns true.
    mutating func finish() throws -> Bool {
        if old >= 0 {
            if readOld(1) == 0 {
                closeOld()
                return false
            }
            try startTemporary()
        }
        if temporary == nil { try startTemporary() }
        guard let (fd, temporaryPath) = temporary else { throw failure("no output") }
        temporary = nil
        if close(fd) != 0 {
            let error = failure()
            _ = PathBytes.withCString(temporaryPath) { unlink($0) }
            throw error
        }
        if PathBytes.withCString(temporaryPath, { from in PathBytes.withCString(path) { rename(from, $0) } }) != 0 {
            let error = failure()
            _ = PathBytes.withCString(temporaryPath) { unlink($0) }
            throw error
        }
        return true
    }

    /// Closes and removes whatever is left after an error.
    mutating func discard() {
        closeOld()
        if let (fd, temporaryPath) = temporary {
            close(fd)
            _ = PathBytes.withCString(temporaryPath) { unlink($0) }
            temporary = nil
        }
    }
}

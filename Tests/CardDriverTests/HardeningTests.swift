import CardPipeline
import CardDiagnostics
import Foundation
import Testing
@testable import CardDriver
import CardModel
@testable import CardSema
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Inputs that are not regular files, on the command line.
@Suite struct SpecialFileTests {
    @Test("a FIFO named *.cards in a checked directory is a usage error, never opened")
    func fifoInADirectory() throws {
        let directory = try temporaryDirectory(["deck.cards": cleanDeck])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/pipe.cards"
        #expect(mkfifo(fifo, 0o644) == 0)
        let watch = OpenedForReading(fifo)
        let result = runCardc(["check", directory])
        #expect(!watch.stop(), "the FIFO was opened")
        #expect(result.code == 2)
        #expect(result.err == "cardc: error: \(fifo) is a FIFO, not a regular file\n")
        let named = runCardc(["build", fifo])
        #expect(named.code == 2)
        #expect(named.err == "cardc: error: \(fifo) is a FIFO, not a regular file\n")
    }

    @Test("a device named on the command line is a usage error")
    func device() {
        let result = runCardc(["check", "/dev/null"])
        #expect(result.code == 2)
        #expect(result.err == "cardc: error: /dev/null is a character device, not a regular file\n")
    }
}

/// The diagnostic limit as the command line shows it.
@Suite struct DiagnosticFloodTests {
    @Test("a flood of errors prints a thousand, one note counting the rest, and the summary of those shown")
    func flood() throws {
        let directory = try temporaryDirectory(["flood.cards": "card A { " + String(repeating: "zz ", count: 3000) + "}\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let text = runCardc(["check", directory + "/flood.cards"])
        #expect(text.code == 1)
        #expect(text.err.components(separatedBy: "error[E301]").count - 1 == 1000)
        #expect(text.err.components(separatedBy: "= note: 2000 more diagnostics in this file not shown").count - 1 == 1)
        #expect(text.err.hasSuffix("1000 errors, 0 warnings in 1 file\n"))
        let json = runCardc(["check", "--format", "json", directory + "/flood.cards"])
        #expect(json.code == 1)
        #expect(json.out.components(separatedBy: "\"code\": \"E301\"").count - 1 == 1000)
    }
}

/// Write errors on stdout and stderr, and a reader that goes away.
@Suite struct OutputFailureTests {
    static let badDeck = "card A { zz }\n"

    /// Runs `arguments` in-process with stdout on /dev/full (every write fails with ENOSPC);
    /// returns the exit code and what went to stderr.
    func runIntoFullDisk(_ arguments: [String]) throws -> (code: Int32, err: String) {
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0, "/dev/full is needed")
        defer { close(full) }
        let errorPipe = Pipe()
        var output = ProcessOutput(outputDescriptor: full, errorDescriptor: errorPipe.fileHandleForWriting.fileDescriptor)
        let code = Driver.run(arguments, output: &output)
        try errorPipe.fileHandleForWriting.close()
        let err = String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (code, err)
    }

    @Test("an unwritable stdout is exit 2 with one line, for every command and format")
    func fullDisk() throws {
        let directory = try temporaryDirectory(["deck.cards": cleanDeck, "bad.cards": Self.badDeck])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let deck = directory + "/deck.cards", bad = directory + "/bad.cards"
        let commands: [[String]] = [
            ["build", deck, "--emit", "json", "-o", "-"],
            ["check", deck, "--format", "json"], ["check", bad, "--format", "json"],
            ["check", bad, "--format", "sarif"], ["check", bad, "--format", "github"],
            ["--version"], ["--help"], ["help", "build"], ["check", "--help"], ["explain", "E301"], ["explain", "--list"],
        ]
        for arguments in commands {
            let (code, err) = try runIntoFullDisk(arguments)
            #expect(code == 2, "\(arguments)")
            #expect(err.hasSuffix("cardc: error: cannot write to standard output: \(String(cString: strerror(ENOSPC)))\n"), "\(arguments): \(err)")
            #expect(err.components(separatedBy: "cardc: error:").count == 2, "\(arguments): one line")
        }
        // Text diagnostics go to stderr: stdout's state does not matter to them.
        let text = try runIntoFullDisk(["check", bad])
        #expect(text.code == 1)
        #expect(!text.err.contains("cardc: error:"))
    }

    @Test("the real cardc: a closed pipe ends the output quietly, exit 0 unless errors were found")
    func closedPipe() throws {
        let directory = try temporaryDirectory(["deck.cards": cleanDeck, "bad.cards": Self.badDeck])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let binary = try #require(CardcProcess.binary, "the cardc executable beside the test bundle")
        let build = try CardcProcess.run(binary, ["build", directory + "/deck.cards", "--emit", "json", "-o", "-"], stdout: .closedPipe)
        #expect(build.status == .exited(0))
        #expect(build.err == "0 errors, 0 warnings in 1 file\n")
        let check = try CardcProcess.run(binary, ["check", directory + "/bad.cards", "--format", "json"], stdout: .closedPipe)
        #expect(check.status == .exited(1))
        #expect(check.err == "")
        let version = try CardcProcess.run(binary, ["--version"], stdout: .closedPipe)
        #expect(version.status == .exited(0))
        let preview = try CardcProcess.run(binary, ["preview", directory + "/deck.cards"], stdout: .closedPipe)
        #expect(preview.status == .exited(0))
        #expect(preview.err == "")
    }

    /// An output whose stdout fails from the first write on, as a closed pipe does.
    struct ClosedPipeOutput: DriverOutput {
        var writes = 0
        var failedWrite: FailedWrite?
        mutating func writeOut(_ text: String) {
            writes += 1
            failedWrite = FailedWrite(stream: .output, errorNumber: EPIPE)
        }
        mutating func writeError(_ text: String) {}
        var errorIsTerminal: Bool { false }
        var environment: [String: String] { [:] }
    }

    @Test("preview --watch stops once its frames cannot be written")
    func watchStops() throws {
        let directory = try temporaryDirectory(["deck.cards": cleanDeck])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Every poll sees a change: a watch that ignored the failure would draw a frame each time.
        final class Polls { var value = 0 }
        let polls = Polls()
        let watch = PreviewWatch(sleep: { _ in polls.value += 1 }, stamp: { _ in
            FileStamp(seconds: polls.value, nanoseconds: 0, size: 0, inode: 0)
        }, maximumPolls: 20)
        var output = ClosedPipeOutput()
        var compiled: Pipeline.Result?
        let code = try PreviewCommand.run([directory + "/deck.cards", "--watch"], output: &output, compiled: &compiled, watch: watch)
        #expect(code == 0)
        #expect(polls.value == 0, "stopped after the first frame")
        #expect(Driver.run(["preview", directory + "/deck.cards"], output: &output) == 0, "the reader went away: no error")
    }

    @Test("fmt --check stops listing once nobody reads the list, and keeps its status")
    func fmtStops() throws {
        let directory = try temporaryDirectory(["a.cards": "card   A {text(\"x\")}\n", "b.cards": "card   B {text(\"y\")}\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var output = ClosedPipeOutput()
        #expect(Driver.run(["fmt", "--check", directory], output: &output) == 1)
        #expect(output.writes == 1)
    }

    @Test("the real cardc: stdout on a full disk is exit 2 with one line")
    func fullDiskProcess() throws {
        let directory = try temporaryDirectory(["deck.cards": cleanDeck])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let binary = try #require(CardcProcess.binary, "the cardc executable beside the test bundle")
        let build = try CardcProcess.run(binary, ["build", directory + "/deck.cards", "--emit", "json", "-o", "-"], stdout: .fullDisk)
        #expect(build.status == .exited(2))
        #expect(build.err.hasSuffix("cardc: error: cannot write to standard output: \(String(cString: strerror(ENOSPC)))\n"))
    }
}

/// The deepest nesting the language accepts (256 levels, docs/language.md §12), run through
/// every command and back end by the real `cardc` — the build `swift run` makes, whose frames
/// are the largest — in a process of its own, so running out of stack is an exit by signal here
/// rather than the end of the test run.
@Suite struct DeepNestingTests {
    /// 256 levels: the card's block, 254 `vstack` blocks and the text's parentheses.
    static let deck = "card Deep {\n" + String(repeating: "vstack { ", count: 254) + "text(\"x\")"
        + String(repeating: " }", count: 254) + "\n}\nstack Deeply: list { Deep }\n"

    @Test("every back end, preview, check and fmt take the deepest nesting without running out of stack")
    func deepestNesting() throws {
        let directory = try temporaryDirectory(["deep.cards": Self.deck])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let binary = try #require(CardcProcess.binary, "the cardc executable beside the test bundle")
        let deck = directory + "/deep.cards"
        var runs: [[String]] = [["check", deck], ["fmt", "--check", deck], ["preview", deck, "--width", "60"]]
        for emit in ["json", "preview", "html"] { runs.append(["build", deck, "--emit", emit, "-o", directory + "/out"]) }
        for flavor in ["cardparts", "observation"] {
            runs.append(["build", deck, "--emit", "swift", "--swift-flavor", flavor, "-o", directory + "/out"])
        }
        for arguments in runs {
            let run = try CardcProcess.run(binary, arguments, stdout: .discarded)
            // `fmt --check` finds the one-line nesting unformatted: 1, not a crash.
            #expect(run.status == .exited(arguments[0] == "fmt" ? 1 : 0), "cardc \(arguments.joined(separator: " ")): \(run.err.prefix(500))")
        }
    }
}

/// Temporary files left by a build killed mid-write.
@Suite struct StaleTemporaryTests {
    /// The id of a process that has exited (and been reaped).
    static func deadProcess() throws -> pid_t {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { for pointer in argv { free(pointer) } }
        try #require(posix_spawn(&pid, "/bin/true", nil, nil, argv, environ) == 0)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return pid
    }

    @Test("names of temporary files are recognised exactly")
    func names() {
        #expect(ArtifactWriter.temporaryWriter(of: ArtifactWriter.temporaryName(for: "deck.layout.json", process: 4242, attempt: 3)) == 4242)
        #expect(ArtifactWriter.temporaryWriter(of: ".a.tmp-1-0") == 1)
        #expect(ArtifactWriter.temporaryWriter(of: ".x.tmp-12.tmp-34-5") == 34)
        for other in ["deck.layout.json.tmp-12-0", "..tmp-12-0", ".tmp-12-0", ".a.tmp-12-", ".a.tmp--0", ".a.tmp-12-x",
                      ".a.tmp-x-0", ".a.tmp-0-0", ".a.tmp-12", ".a.tmp-99999999999999999999-0", ".a.layout.json", ""] {
            #expect(ArtifactWriter.temporaryWriter(of: other) == nil, "\(other)")
        }
    }

    @Test("a build removes the temporaries of processes that are gone, and nothing else")
    func removedBeforeWriting() throws {
        let dead = try Self.deadProcess()
        let directory = try temporaryDirectory(["deck.cards": cleanDeck, "bad.cards": "card A { zz }\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let out = directory + "/out"
        let stale = [".deck.layout.json.tmp-\(dead)-0", ".deck.layout.json.tmp-\(dead)-17", ".other.layout.json.tmp-\(dead)-0"]
        let kept = [".deck.layout.json.tmp-\(getpid())-0", ".deck.layout.json.tmp-1-0", "deck.layout.json.tmp-\(dead)-0",
                    ".deck.layout.json.tmp-\(dead)-x", "notes.txt"]
        try FileManager.default.createDirectory(atPath: out + "/.dir.tmp-\(dead)-0", withIntermediateDirectories: true)
        for name in stale + kept { try Data("partial".utf8).write(to: URL(fileURLWithPath: out + "/" + name)) }
        try FileManager.default.createSymbolicLink(atPath: out + "/.link.tmp-\(dead)-0", withDestinationPath: out + "/notes.txt")
        // Nothing is written when there are errors: the directory is left as it is.
        #expect(runCardc(["build", directory + "/bad.cards", "-o", out]).code == 1)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: out)).isSuperset(of: stale))
        let build = runCardc(["build", directory + "/deck.cards", "-o", out])
        #expect(build.code == 0, "\(build.err)")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: out))
        #expect(left == Set(kept + ["deck.layout.json", "deck.cards.swift", ".dir.tmp-\(dead)-0", ".link.tmp-\(dead)-0"]))
    }

    @Test("fmt removes them too before rewriting a file in its directory")
    func removedByFmt() throws {
        let dead = try Self.deadProcess()
        let directory = try temporaryDirectory(["deck.cards": "card   A {text(\"x\")}\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let stale = ".deck.cards.tmp-\(dead)-0", live = ".deck.cards.tmp-\(getpid())-0"
        for name in [stale, live] { try Data("partial".utf8).write(to: URL(fileURLWithPath: directory + "/" + name)) }
        let result = runCardc(["fmt", directory + "/deck.cards"])
        #expect(result.code == 0, "\(result.err)")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory)) == ["deck.cards", live])
    }
}

/// Inputs from the fuzz target (Tests/EndToEnd/Fuzz), run through every command and format as
/// the target runs them: no raw control character in any output, check and build agreeing.
@Suite struct FuzzFindingTests {
    /// The first control character (C0 but the line feed, DEL, C1) in `text`; tabs are allowed
    /// in the line-oriented formats (text, GitHub), as in the fuzz target.
    func rawControl(in text: String, tabAllowed: Bool) -> UInt32? {
        text.unicodeScalars.first { scalar in
            let v = scalar.value
            if v == 0x0A || (v == 0x09 && tabAllowed) { return false }
            return v < 0x20 || (0x7F...0x9F).contains(v)
        }?.value
    }

    func checkEverything(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let deck = directory + "/deck.cards"
        try Data(bytes).write(to: URL(fileURLWithPath: deck))
        let text = runCardc(["check", deck])
        #expect(rawControl(in: text.err, tabAllowed: true) == nil, "text", sourceLocation: sourceLocation)
        for format in ["json", "sarif", "github"] {
            let result = runCardc(["check", deck, "--format", format])
            #expect(result.code == text.code, "\(format)", sourceLocation: sourceLocation)
            #expect(rawControl(in: result.out, tabAllowed: format == "github") == nil, "\(format)", sourceLocation: sourceLocation)
        }
        let build = runCardc(["build", deck, "--emit", "json", "-o", "-"])
        #expect(build.code == text.code, "check and build agree", sourceLocation: sourceLocation)
        #expect(rawControl(in: build.out, tabAllowed: false) == nil, "layout JSON", sourceLocation: sourceLocation)
    }

    @Test("a tab and NULs in an import path (the target's first finding: tabs stay raw in GitHub commands only)")
    func tabInAnImport() throws {
        try checkEverything([
        0x69, 0x6D, 0x70, 0x6F, 0x72, 0x74, 0x20, 0x22, 0x2E, 0x2E, 0x2F, 0x73, 0x68, 0x61, 0x09,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x72, 0x65, 0x64, 0x2E, 0x63, 0x2A, 0x61, 0x72,
        0x64, 0x73, 0x22, 0x0A, 0x65, 0x6D, 0x65, 0x20, 0x45, 0x76, 0x65, 0x72, 0x67, 0x72, 0x65,
        0x65, 0x6E, 0x3A, 0x20, 0x4D, 0x69, 0x6E, 0x74, 0x20, 0x7B, 0x0A, 0x20, 0x20, 0x74, 0x69,
        0x74, 0x6C, 0x65, 0x63, 0x61, 0x72, 0x64, 0x43, 0x6F, 0x6C, 0x6F, 0x72, 0x3A, 0x20, 0x23,
        0xCD, 0x30, 0x42, 0x33, 0x44, 0x32, 0x45, 0x0A, 0x7D, 0x0A,
        ])
    }

    @Test("C1 controls in an import path and in a card's text are escaped in JSON and SARIF")
    func c1Controls() throws {
        try checkEverything(Array("import \"a\u{85}b\u{9B}[31m.cards\"\n".utf8))
        try checkEverything(Array("card A { text(\"a\u{85}b\u{9B}[31mc\") }\nstack S: list { A }\n".utf8))
    }
}

/// The `cardc` executable run as a process, with SIGPIPE at its default action whatever the
/// test runner's is (an ignored signal would be inherited and hide the defect).
enum CardcProcess {
    enum Status: Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    enum Stdout { case closedPipe, fullDisk, discarded }

    /// `cardc` in the build directory: beside the test executable (Linux) or a few levels above
    /// it (a macOS test bundle).
    static var binary: String? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("cardc").path
            if access(candidate, X_OK) == 0 { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    static func run(_ binary: String, _ arguments: [String], stdout: Stdout) throws -> (status: Status, err: String) {
        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        try #require(pipe(&outPipe) == 0 && pipe(&errPipe) == 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch stdout {
        case .closedPipe:
            // No process keeps the read end: the child's first write to stdout meets a closed pipe.
            posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        case .fullDisk:
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/full", O_WRONLY, 0)
        case .discarded:
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary, &actions, &attributes, argv, environ)
        close(outPipe[0])
        close(outPipe[1])
        close(errPipe[1])
        try #require(spawned == 0, "posix_spawn: \(spawned)")
        let err = String(decoding: FileHandle(fileDescriptor: errPipe[0], closeOnDealloc: true).readDataToEndOfFile(), as: UTF8.self)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return (signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal), err)
    }
}

/// Watches a FIFO from another thread: whenever someone has it open for reading, a writer's
/// non-blocking open succeeds — which also releases a reader blocked in `open`, so a regression
/// fails the test instead of hanging it. `stop()` says whether that ever happened.
final class OpenedForReading: @unchecked Sendable {
    // @unchecked: `done` and `opened` are only touched under `lock`.
    private let lock = NSLock()
    private var done = false
    private var opened = false

    init(_ path: String) {
        Thread { [self] in
            while !lock.withLock({ done }) {
                let fd = open(path, O_WRONLY | O_NONBLOCK)
                if fd >= 0 {
                    close(fd)
                    lock.withLock { opened = true }
                }
                usleep(2_000)
            }
        }.start()
    }

    func stop() -> Bool {
        lock.withLock {
            done = true
            return opened
        }
    }
}

import CardDiagnostics
import Foundation
import Testing
@testable import CardDriver
@testable import CardSources
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A checkout built to attack `cardc check .` and `cardc fmt .` (issue 27): links out of it to
/// files with errors that hold a secret, to `/proc/self/environ`, to a directory outside, to `/`
/// and `..`; link loops (`.`, a link to itself); a broken link; a file whose name is not UTF-8
/// and one with a newline in its name. `outside/` beside it holds what must never be read or
/// written.
struct HostileCheckout {
    static let secret = "SECRET_TOKEN_27"
    let base: String
    var repo: String { base + "/repo" }
    var outside: String { base + "/outside" }
    /// `repo/bad\xFF.cards`, as `PathBytes` names it.
    var badName: String { PathBytes.path(fromBytes: Array("bad".utf8) + [0xFF] + Array(".cards".utf8)) }

    init() throws {
        base = (LocalFiles.realPath(NSTemporaryDirectory()) ?? "/tmp") + "/cardc-hostile-" + UUID().uuidString
        let files: [String: String] = [
            "outside/secret.cards": "card Secret { zz \(Self.secret) }\n",
            "outside/fmtme.cards": "card  Outside{text(\"\(Self.secret)\")}\n",
            "outside/dir/o.cards": "card Other { qq \(Self.secret) }\n",
            "repo/sub/inner.cards": "card   Inner{text(\"in\")}\n",
            "repo/main.cards": "import \"sub/inner.cards\"\ncard Main { text(\"m\") }\n",
            "repo/new\nline.cards": "card NewLine { nope }\n",
        ]
        for (path, text) in files {
            let full = base + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
        let links: [(String, String)] = [
            ("repo/link.cards", "../outside/secret.cards"), ("repo/env.cards", "/proc/self/environ"),
            ("repo/fmtlink.cards", "../outside/fmtme.cards"), ("repo/outdir", "../outside/dir"),
            ("repo/absolute.cards", base + "/outside/secret.cards"),
            ("repo/loop1", "."), ("repo/loop2", "."), ("repo/up", ".."), ("repo/sub/up", "../"),
            ("repo/rootlink", "/"), ("repo/selfloop.cards", "selfloop.cards"), ("repo/dangling.cards", "nothing.cards"),
            ("repo/alias", "sub"), ("repo/alias.cards", "sub/inner.cards"),
        ]
        for (path, target) in links {
            try FileManager.default.createSymbolicLink(atPath: base + "/" + path, withDestinationPath: target)
        }
        let fd = PathBytes.withCString(base + "/repo/" + badName) { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        try #require(fd >= 0)
        _ = "card Bad { qq }\n".utf8CString.withUnsafeBytes { write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
    }

    func remove() { try? FileManager.default.removeItem(atPath: base) }

    /// The bytes and modification time of every file in `outside/`.
    func outsideState() throws -> [String: (Data, Date)] {
        var state: [String: (Data, Date)] = [:]
        for name in ["secret.cards", "fmtme.cards", "dir/o.cards"] {
            let path = outside + "/" + name
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            state[name] = (try Data(contentsOf: URL(fileURLWithPath: path)), attributes[.modificationDate] as? Date ?? .distantPast)
        }
        return state
    }

    /// The warnings the walk gives for this checkout, in order, for a run in `repo` on `.`.
    static let expectedWarnings = """
        cardc: warning: skipped absolute.cards: a symbolic link leading outside .
        cardc: warning: skipped dangling.cards: a broken symbolic link
        cardc: warning: skipped env.cards: a symbolic link leading outside .
        cardc: warning: skipped fmtlink.cards: a symbolic link leading outside .
        cardc: warning: skipped link.cards: a symbolic link leading outside .
        cardc: warning: skipped outdir: a symbolic link leading outside .
        cardc: warning: skipped rootlink: a symbolic link leading outside .
        cardc: warning: skipped selfloop.cards: a symbolic link that cannot be followed: Too many levels of symbolic links
        cardc: warning: skipped up: a symbolic link leading outside .

        """
}

/// The real `cardc`, run as a user runs it: in a directory, with arguments given as bytes, with a
/// time limit (a walk that loops is killed and fails the test instead of hanging it).
enum CardcRun {
    struct Outcome {
        var status: Int32?
        var out: String
        var err: String
        var timedOut: Bool
    }

    static func run(_ arguments: [[UInt8]], in directory: String, seconds: Int = 30) throws -> Outcome {
        let binary = try #require(CardcProcess.binary, "the cardc executable beside the test bundle")
        let outPath = directory + "/../.out-\(UUID().uuidString)", errPath = directory + "/../.err-\(UUID().uuidString)"
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // `sh` changes directory (the child's, not ours) and passes the arguments on, bytes as they are.
        let shell: [[UInt8]] = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory].map { Array($0.utf8) }
        let argv: [UnsafeMutablePointer<CChar>?] = (shell + [Array(binary.utf8)] + arguments).map { bytes in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, byte) in bytes.enumerated() { pointer[i] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return pointer
        } + [nil]
        defer { for pointer in argv { pointer?.deallocate() } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ)
        try #require(spawned == 0, "posix_spawn: \(spawned)")
        var status: Int32 = 0
        var timedOut = false
        let deadline = Date().addingTimeInterval(TimeInterval(seconds))
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if Date() > deadline {
                timedOut = true
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                break
            }
            usleep(10_000)
        }
        let out = String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
        let err = String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
        let exited = status & 0x7f == 0
        return Outcome(status: exited && !timedOut ? (status >> 8) & 0xff : nil, out: out, err: err, timedOut: timedOut)
    }

    static func run(_ arguments: [String], in directory: String, seconds: Int = 30) throws -> Outcome {
        try run(arguments.map { PathBytes.bytes(of: $0) }, in: directory, seconds: seconds)
    }
}

/// `cardc check DIR` and `cardc fmt DIR` never leave DIR (docs/cli.md, "Inputs").
@Suite struct HostileCheckoutTests {
    @Test("`cardc check .` in a hostile checkout ends, reads nothing outside, reports what it skipped")
    func checkStaysInside() throws {
        let checkout = try HostileCheckout()
        defer { checkout.remove() }
        let before = try checkout.outsideState()
        let run = try CardcRun.run(["check", "."], in: checkout.repo)
        #expect(!run.timedOut, "the walk did not end")
        #expect(run.status == 1)
        #expect(!run.err.contains(HostileCheckout.secret) && !run.out.contains(HostileCheckout.secret))
        #expect(!run.err.contains("PATH="), "the environment was read")
        #expect(run.err.hasPrefix(HostileCheckout.expectedWarnings), "\(run.err)")
        // The file whose name is not UTF-8 is checked, named with its byte escaped; the newline
        // in the other name is escaped too. The linked file inside is one file, checked once.
        #expect(run.err.contains("bad\\xFF.cards:1:12: error[E301]: unknown part `qq`"))
        #expect(run.err.contains("new\\u{A}line.cards:1:16: error[E301]: unknown part `nope`"))
        #expect(run.err.hasSuffix("2 errors, 0 warnings in 4 files\n"), "\(run.err)")
        let after = try checkout.outsideState()
        for (name, state) in before { #expect(after[name]?.0 == state.0 && after[name]?.1 == state.1, "\(name)") }
        // Every format: nothing from outside.
        for format in ["json", "sarif", "github"] {
            let machine = try CardcRun.run(["check", ".", "--format", format], in: checkout.repo)
            #expect(machine.status == 1)
            #expect(!machine.out.contains(HostileCheckout.secret), "\(format)")
        }
    }

    @Test("`cardc fmt .` in a hostile checkout rewrites files inside only")
    func fmtStaysInside() throws {
        let checkout = try HostileCheckout()
        defer { checkout.remove() }
        let before = try checkout.outsideState()
        let run = try CardcRun.run(["fmt", "."], in: checkout.repo)
        #expect(!run.timedOut, "the walk did not end")
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err == HostileCheckout.expectedWarnings)
        let after = try checkout.outsideState()
        for (name, state) in before { #expect(after[name]?.0 == state.0 && after[name]?.1 == state.1, "\(name)") }
        let inner = try String(contentsOfFile: checkout.repo + "/sub/inner.cards", encoding: .utf8)
        #expect(inner == "card Inner {\n  text(\"in\")\n}\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: checkout.repo + "/alias.cards")) == "sub/inner.cards")
    }

    @Test("a file whose name is not UTF-8, named on the command line, is read and named as it is")
    func invalidUTF8Argument() throws {
        let checkout = try HostileCheckout()
        defer { checkout.remove() }
        let name = PathBytes.bytes(of: checkout.badName)
        let run = try CardcRun.run([Array("check".utf8), name], in: checkout.repo)
        #expect(run.status == 1, "\(run.err)")
        #expect(run.err.hasPrefix("bad\\xFF.cards:1:12: error[E301]: unknown part `qq`"), "\(run.err)")
        let sarif = try CardcRun.run([Array("check".utf8), name, Array("--format=sarif".utf8)], in: checkout.repo)
        #expect(sarif.out.contains("\"uri\": \"bad%FF.cards\""), "\(sarif.out)")
        // The same in-process, as `Driver.run` gets it.
        let inProcess = runCardc(["check", checkout.repo + "/" + checkout.badName])
        #expect(inProcess.code == 1)
        #expect(inProcess.err.contains("/repo/bad\\xFF.cards:1:12"))
    }

    @Test("`cardc fmt --check` and `--diff` name a file whose name is not UTF-8 with \\xFF, as diagnostics do")
    func invalidUTF8NameListed() throws {
        let checkout = try HostileCheckout()
        defer { checkout.remove() }
        let name = PathBytes.bytes(of: checkout.badName)
        let listed = try CardcRun.run([Array("fmt".utf8), Array("--check".utf8), name], in: checkout.repo)
        #expect(listed.out == "bad\\xFF.cards\n", "\(listed.out)")
        let diffed = try CardcRun.run([Array("fmt".utf8), Array("--diff".utf8), name], in: checkout.repo)
        #expect(diffed.out.hasPrefix("--- bad\\xFF.cards\n+++ bad\\xFF.cards\n"), "\(diffed.out)")
    }

    @Test("the walk lists each directory once however many links lead to it")
    func loopsAreWalkedOnce() throws {
        let checkout = try HostileCheckout()
        defer { checkout.remove() }
        let walk = try #require(DirectoryWalk(checkout.repo))
        // repo and repo/sub: the loops, `up` and the aliases add no listing.
        #expect(walk.directoriesListed == 2)
        #expect(walk.files.map { String($0.dropFirst(checkout.repo.count + 1)) }
            == [checkout.badName, "main.cards", "new\nline.cards", "sub/inner.cards"])
        #expect(walk.failures.isEmpty)
    }

    @Test("a link to a directory inside that the walk would not reach otherwise is followed, by its name")
    func linkedDirectoryInside() throws {
        let directory = try temporaryDirectory([".hidden/cards/x.cards": "card X { zz }\n", "a.cards": cleanDeck])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(atPath: directory + "/shared", withDestinationPath: ".hidden/cards")
        try FileManager.default.createSymbolicLink(atPath: directory + "/again", withDestinationPath: ".hidden/cards")
        let result = runCardc(["check", directory])
        #expect(result.code == 1)
        #expect(result.err.contains("/again/x.cards:1:10: error[E301]"), "\(result.err)")
        #expect(!result.err.contains("/shared/x.cards"), "one directory, walked once")
    }
}

/// The editor's walk of a workspace folder stops after a number of directories.
@Suite struct DirectoryLimitTests {
    @Test("a walk limited to N directories lists N, keeps what it found, and names the folder it did not finish")
    func limitedWalk() throws {
        let directory = try temporaryDirectory(["a/one.cards": cleanDeck, "b/two.cards": cleanDeck, "c/three.cards": cleanDeck, "top.cards": cleanDeck])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let whole = try #require(DirectoryWalk(directory))
        #expect(whole.files.count == 4 && whole.failures.isEmpty && whole.directoriesListed == 4)
        let limited = try #require(DirectoryWalk(directory, directoryLimit: 2))
        #expect(limited.directoriesListed == 2)
        #expect(limited.files == [directory + "/a/one.cards", directory + "/top.cards"])
        #expect(limited.failures == [DirectoryWalk.Failure(path: directory, reason: "cannot be walked past its first 2 directories")])
        let exact = try #require(DirectoryWalk(directory, directoryLimit: 4))
        #expect(exact.files.count == 4 && exact.failures.isEmpty)
    }
}

/// A directory deeper than the system's `PATH_MAX`, built and removed through descriptors.
@Suite struct DeepDirectoryTests {
    @Test("a directory deeper than PATH_MAX is a usage error naming it, never “no .cards files found”")
    func deeperThanPathMax() throws {
        let directory = try temporaryDirectory(["top.cards": cleanDeck])
        defer { Self.removeTree(directory) }
        var fd = open(directory, O_RDONLY | O_DIRECTORY)
        try #require(fd >= 0)
        let name = String(repeating: "d", count: 200)
        for _ in 0..<25 {
            #expect(mkdirat(fd, name, 0o755) == 0)
            let next = openat(fd, name, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
            try #require(fd >= 0)
        }
        let file = openat(fd, "deep.cards", O_WRONLY | O_CREAT, 0o644)
        _ = "card Deep { zz }\n".utf8CString.withUnsafeBytes { write(file, $0.baseAddress, $0.count - 1) }
        close(file)
        close(fd)
        let result = runCardc(["check", directory])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("cardc: error: \(directory)/ddd"), "\(result.err)")
        #expect(result.err.hasSuffix(": cannot read directory: File name too long\n") || result.err.hasSuffix(": cannot read: File name too long\n"),
                "\(result.err)")
    }

    /// Removes `path` and everything below it, however deep (`unlinkat` through descriptors).
    static func removeTree(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { return }
        removeContents(fd)
        close(fd)
        rmdir(path)
    }

    private static func removeContents(_ fd: Int32) {
        guard let stream = fdopendir(dup(fd)) else { return }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(stream)
        for name in names {
            if unlinkat(fd, name, 0) == 0 { continue }
            let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
            if child >= 0 {
                removeContents(child)
                close(child)
            }
            unlinkat(fd, name, AT_REMOVEDIR)
        }
    }
}

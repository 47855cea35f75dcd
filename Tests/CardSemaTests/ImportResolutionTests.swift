import CardPipeline
import CardDiagnostics
import Foundation
import Testing
import CardModel
import CardSources
@testable import CardSema
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Imports on disk: resolved by the file system from the importing file's real directory, the
/// real path checked against the real root before anything is read (E308), a missing target
/// E306 and never read by another spelling, and nothing but a regular file opened.
@Suite struct ImportResolutionTests {
    /// A fresh directory holding `files`, with `links` (path → target) made after them; `body`
    /// gets its real path. Removed afterwards.
    func withTree(_ files: [String: String], links: [String: String] = [:], _ body: (String) throws -> Void) throws {
        let base = NSTemporaryDirectory() + "cardc-imports-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let real = LocalFiles.realPath(base) ?? base
        for (path, text) in files {
            let full = real + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
        for (path, target) in links {
            let full = real + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: target)
        }
        try body(real)
    }

    /// Checks `proj/main.cards` with `proj` as the root.
    func check(_ base: String) -> Pipeline.Result {
        Pipeline.check(paths: [base + "/proj/main.cards"], root: base + "/proj", provider: DiskFileProvider())
    }

    /// Every text a run could show: the loaded files' bytes and the diagnostics' messages.
    func everything(_ result: Pipeline.Result) -> String {
        result.fileSet.files.map { String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: "\n")
            + result.diagnostics.map(\.message).joined(separator: "\n")
    }

    func codes(_ result: Pipeline.Result) -> [String] { result.diagnostics.map(\.code.rawValue) }

    static let secret = "card Secret { text(\"OUTSIDE THE ROOT\") }\n"

    @Test("a `..` chain from behind a directory link is resolved from the real directory (the reported escape)")
    func dotDotBehindALinkedDirectory() throws {
        // proj/l -> a/b/c; main imports l/inner.cards, which imports ../../x.cards. Resolved
        // from inner's real directory that is proj/a/x.cards, which does not exist: E306. The
        // shown path (proj/l/../../x.cards = x.cards, outside proj) must not be read instead.
        try withTree(["x.cards": Self.secret,
                      "proj/main.cards": "import \"l/inner.cards\"\ncard Main { text(\"hi\") }\n",
                      "proj/a/b/c/inner.cards": "import \"../../x.cards\"\n"],
                     links: ["proj/l": "a/b/c"]) { base in
            let result = check(base)
            #expect(!everything(result).contains("OUTSIDE THE ROOT"))
            #expect(codes(result) == ["E306"])
            #expect(result.fileSet.files.count == 2)
            // With the file where the file system finds it, that file is loaded.
            try Data("card Inside { text(\"inside\") }\n".utf8).write(to: URL(fileURLWithPath: base + "/proj/a/x.cards"))
            let found = check(base)
            #expect(codes(found) == [])
            #expect(found.fileSet.files.map { String(decoding: $0.bytes, as: UTF8.self) }.contains { $0.contains("inside") })
            #expect(!everything(found).contains("OUTSIDE THE ROOT"))
        }
    }

    @Test("a deeper link and `../` up to the file system's root never read a system file")
    func deepLinkToASystemFile() throws {
        // The shown path of inner.cards is proj/l/inner.cards; six `..` from there reach `/`
        // (and /etc/os-release), six from its real directory stay inside proj.
        try withTree(["proj/main.cards": "import \"l/inner.cards\"\n",
                      "proj/a/b/c/d/e/f/inner.cards": "import \"../../../../../../etc/os-release\"\n"],
                     links: ["proj/l": "a/b/c/d/e/f"]) { base in
            let result = check(base)
            #expect(codes(result) == ["E306"])
            #expect(result.fileSet.files.count == 2)
            #expect(result.fileSet.files.allSatisfy { $0.path.hasSuffix(".cards") })
        }
    }

    @Test("links inside the root: to a file or directory inside are followed, to outside are E308")
    func linksInAndOut() throws {
        try withTree(["x.cards": Self.secret,
                      "outdir/o.cards": Self.secret,
                      "proj/sub/real.cards": "card Real { text(\"r\") }\n",
                      "proj/main.cards": """
                        import "alias.cards"
                        import "sub/real.cards"
                        import "linkdir/real.cards"
                        import "evil.cards"
                        import "ext/o.cards"
                        import "dangling.cards"
                        card Main { text("m") }

                        """],
                     links: ["proj/alias.cards": "sub/real.cards", "proj/linkdir": "sub",
                             "proj/evil.cards": "../x.cards", "proj/ext": "../outdir",
                             "proj/dangling.cards": "sub/none.cards"]) { base in
            let result = check(base)
            #expect(!everything(result).contains("OUTSIDE THE ROOT"))
            #expect(result.summary == ["4 E308", "5 E308", "6 E306"])
            #expect(result.diagnostics.first?.message == "import `evil.cards` resolves outside the project root `\(base)/proj`")
            // The link, the file and the linked directory are one file, loaded once.
            #expect(result.fileSet.files.count == 2)
        }
    }

    @Test("`..` chains that stay inside load; leaving the root, or an absolute path, is E308")
    func dotDotChainsAndAbsolutePaths() throws {
        try withTree(["x.cards": Self.secret,
                      "proj/lib.cards": "card Lib { text(\"l\") }\n",
                      "proj/sub/deeper/d.cards": "import \"../../lib.cards\"\n",
                      "proj/main.cards": """
                        import "sub/../sub/../lib.cards"
                        import "sub/deeper/d.cards"
                        import "sub/../../x.cards"
                        import "../proj/../x.cards"
                        import "ABSOLUTE/proj/lib.cards"
                        import "ABSOLUTE/x.cards"
                        import ""

                        """]) { base in
            let main = base + "/proj/main.cards"
            let text = try String(contentsOfFile: main, encoding: .utf8).replacingOccurrences(of: "ABSOLUTE", with: base)
            try Data(text.utf8).write(to: URL(fileURLWithPath: main))
            let result = check(base)
            #expect(!everything(result).contains("OUTSIDE THE ROOT"))
            #expect(result.summary == ["3 E308", "4 E308", "5 E308", "6 E308", "7 E308"])
            #expect(result.fileSet.files.count == 3)
        }
    }

    @Test("a missing import is E306 even where another spelling of it exists")
    func missingTarget() throws {
        // proj/l -> a/b; from a/b/inner.cards, "../y.cards" is proj/a/y.cards (missing), though
        // proj/y.cards exists where the shown path (proj/l/../y.cards) points.
        try withTree(["proj/y.cards": "card Y { text(\"shown path\") }\n",
                      "proj/main.cards": "import \"l/inner.cards\"\nimport \"none.cards\"\n",
                      "proj/a/b/inner.cards": "import \"../y.cards\"\n"],
                     links: ["proj/l": "a/b"]) { base in
            let result = check(base)
            #expect(codes(result) == ["E306", "E306"])
            #expect(!everything(result).contains("shown path"))
        }
    }

    @Test("directories, FIFOs, devices and sockets are E306 as imports, and never opened")
    func nonRegularImports() throws {
        try withTree(["proj/dir/keep.cards": "", "proj/main.cards": """
            import "dir"
            import "pipe.cards"
            import "socket.cards"
            import "null.cards"

            """], links: ["proj/null.cards": "/dev/null"]) { base in
            let fifo = base + "/proj/pipe.cards"
            #expect(mkfifo(fifo, 0o644) == 0)
            let socketPath = base + "/proj/socket.cards"
            let socketFD = try #require(Self.bindSocket(at: socketPath))
            defer { close(socketFD) }
            let watch = FIFOWatch(path: fifo)
            let result = check(base)
            let opened = watch.stop()
            #expect(!opened, "the FIFO was opened")
            #expect(result.summary == ["1 E306", "2 E306", "3 E306", "4 E308"])
            #expect(result.diagnostics.map(\.message).prefix(3) == [
                "imported file `\(base)/proj/dir` is a directory, not a regular file",
                "imported file `\(base)/proj/pipe.cards` is a FIFO, not a regular file",
                "imported file `\(base)/proj/socket.cards` is a socket, not a regular file",
            ])
            // With the root at `/`, the device itself is reached and refused as one.
            let wide = Pipeline.check(paths: [base + "/proj/main.cards"], root: "/", provider: DiskFileProvider())
            #expect(wide.diagnostics.last?.message == "imported file `\(base)/proj/null.cards` is a character device, not a regular file")
        }
    }

    @Test("a link leaving the root is E308 whether or not its target exists: no existence oracle")
    func noExistenceOracle() throws {
        // Before issue 27 an existing target answered E308 and a missing one E306.
        try withTree(["x.cards": Self.secret, "outdir/o.cards": Self.secret,
                      "proj/main.cards": """
                        import "up/x.cards"
                        import "up/none.cards"
                        import "abs/o.cards"
                        import "abs/none.cards"
                        import "gone/o.cards"
                        import "up/outdir/../x.cards"

                        """],
                     links: ["proj/up": "..", "proj/gone": "../nowhere/deeper"]) { base in
            try FileManager.default.createSymbolicLink(atPath: base + "/proj/abs", withDestinationPath: base + "/outdir")
            let result = check(base)
            #expect(!everything(result).contains("OUTSIDE THE ROOT"))
            #expect(result.summary == ["1 E308", "2 E308", "3 E308", "4 E308", "5 E308", "6 E308"])
            let messages = result.diagnostics.map(\.message)
            #expect(messages[0] == "import `up/x.cards` resolves outside the project root `\(base)/proj`")
            #expect(messages[1] == "import `up/none.cards` resolves outside the project root `\(base)/proj`")
        }
    }

    @Test("a link that leaves the root's directory and comes back into it stays inside, as for the system")
    func outAndBackIn() throws {
        try withTree(["proj/sub/lib.cards": "card Lib { text(\"l\") }\n",
                      "proj/main.cards": "import \"back/lib.cards\"\nimport \"../proj/sub/lib.cards\"\nimport \"loop/x.cards\"\n"],
                     links: ["proj/back": "../proj/sub", "proj/loop": "loop"]) { base in
            let result = check(base)
            #expect(result.summary == ["3 E306"])
            #expect(result.diagnostics.first?.message == "cannot reach imported file `\(base)/proj/loop/x.cards`: Too many levels of symbolic links")
            #expect(result.fileSet.files.count == 2, "the library, loaded once")
        }
    }

    @Test("the confined resolver never looks outside the root")
    func resolverOutcomes() throws {
        try withTree(["proj/a/f.cards": "", "x.cards": ""],
                     links: ["proj/in": "a", "proj/out": "../x.cards", "proj/abs": "/", "proj/self": "self"]) { base in
            let resolver = ConfinedResolver(root: base + "/proj")
            let root = base + "/proj"
            #expect(resolver.resolve("in/f.cards", from: root) == .found(root + "/a/f.cards", .regular))
            #expect(resolver.resolve("in/../a", from: root) == .found(root + "/a", .directory))
            #expect(resolver.resolve("out", from: root) == .outside)
            #expect(resolver.resolve("abs/etc/passwd", from: root) == .outside)
            #expect(resolver.resolve("abs" + root + "/a/f.cards", from: root) == .found(root + "/a/f.cards", .regular))
            #expect(resolver.resolve("../x.cards", from: root) == .outside)
            #expect(resolver.resolve("in/none/../f.cards", from: root) == .missing(wouldBe: root + "/a/f.cards"))
            #expect(resolver.resolve("in/f.cards/x", from: root) == .missing(wouldBe: nil))
            #expect(resolver.resolve("self", from: root) == .failed(SystemError(ELOOP)))
            #expect(resolver.resolve("f.cards", from: base) == .outside, "a directory outside the root")
            #expect(resolver.resolve(".", from: root) == .found(root, .directory))
        }
    }

    @Test("reading a file never opens a FIFO")
    func contentsRefusesAFIFO() throws {
        try withTree([:]) { base in
            let fifo = base + "/pipe.cards"
            #expect(mkfifo(fifo, 0o644) == 0)
            let watch = FIFOWatch(path: fifo)
            let bytes = LocalFiles.contents(of: fifo, sizeLimit: 1 << 20)
            #expect(!watch.stop(), "the FIFO was opened")
            #expect(bytes == nil)
            // (kind check needs the fix)
        }
    }

    /// A listening Unix socket bound at `path`, or nil.
    static func bindSocket(at path: String) -> Int32? {
        #if canImport(Glibc)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { close(fd); return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in bytes.enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { close(fd); return nil }
        return fd
    }

    /// E306's did-you-mean lists the import's directory only inside the root: a link there to a
    /// directory outside gives no name of it away (the import is E308, nothing outside listed).
    @Test func missingImportSuggestsASiblingInsideTheRootOnly() throws {
        try withTree([
            "proj/main.cards": "import \"themes/paw-theme.cards\"\nimport \"out/paw-theme.cards\"\ncard A { text(\"a\") }\n",
            "proj/themes/pawtheme.cards": "theme Paw { titleColor: #111111 }\n",
            "secret/pawtheme.cards": "theme Secret { titleColor: #000000 }\n",
        ], links: ["proj/out": "../secret"]) { base in
            let result = check(base)
            let missing = result.diagnostics.filter { $0.code == .e306 }
            #expect(missing.count == 1)
            #expect(missing.first?.help == "did you mean `themes/pawtheme.cards`?")
            #expect(missing.first?.fixIts.map(\.replacement) == ["\"themes/pawtheme.cards\""])
            let outside = result.diagnostics.filter { $0.code == .e308 }
            #expect(outside.count == 1)
            #expect(outside.first?.help == nil)
            #expect(outside.first?.fixIts.isEmpty == true)
            #expect(!result.diagnostics.contains { $0.notes.contains { $0.message.contains("pawtheme") } && $0.code == .e308 })
        }
    }

}

/// Watches a FIFO from another thread: whenever someone has it open for reading, a writer's
/// non-blocking open succeeds — which also releases a reader blocked in `open`, so a regression
/// fails the test instead of hanging it. `stop()` says whether that ever happened.
final class FIFOWatch: @unchecked Sendable {
    // @unchecked: `done` and `opened` are only touched under `lock`.
    private let lock = NSLock()
    private var done = false
    private var opened = false

    init(path: String) {
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

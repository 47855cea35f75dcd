import CardDiagnostics
import Foundation
import Testing
@testable import CardDriver
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

import Testing
@testable import CardDiagnostics

/// `Threads.run`, `WorkLock`, and the `JSONOutput` hand-over that lets writers on several threads
/// produce one document.
@Suite struct ThreadsTests {
    @Test func helpersRunAlongsideTheCallerAndReturnInOrder() {
        let lock = WorkLock()
        let counter = Counter()
        var ranBody = false
        let results = Threads.run(helpers: 5, { index in
            for _ in 0..<1000 { lock.withLock { counter.value += 1 } }
            return index * 10
        }, while: {
            for _ in 0..<1000 { lock.withLock { counter.value += 1 } }
            ranBody = true
        })
        #expect(results == [0, 10, 20, 30, 40])
        #expect(ranBody)
        #expect(counter.value == 6000)
        #expect(Threads.run(helpers: 0, { $0 }, while: {}) == [])
        #expect(Threads.availableCPUs >= 1)
    }

    /// A helper waiting for the caller is woken by it; when the caller's body throws, the error
    /// comes out after the helpers have stopped.
    @Test func aThrowingBodyStopsTheHelpersFirst() {
        struct Failure: Error {}
        let lock = WorkLock()
        let state = Counter()  // 0: running, 1: stop
        let finished = Counter()
        #expect(throws: Failure.self) {
            _ = try Threads.run(helpers: 2, { _ in
                lock.withLock {
                    while state.value == 0 { lock.wait() }
                    finished.value += 1
                }
            }, while: {
                lock.withLock {
                    state.value = 1
                    lock.broadcast()
                }
                throw Failure()
            })
        }
        #expect(lock.withLock { finished.value } == 2, "both helpers ran to the end before the error came out")
    }

    /// A document written by one writer, and the same document with its array's members written
    /// by other writers resuming from a mark and handing their bytes over: byte for byte equal.
    @Test func resumedWritersContinueTheDocument() {
        for pretty in [true, false] {
            var whole = JSONOutput(pretty: pretty)
            whole.beginObject()
            whole.write("x", forKey: "name")
            whole.writeKey("items")
            whole.beginArray()
            for i in 0..<5 {
                whole.beginObject()
                whole.write(i, forKey: "i")
                whole.endObject()
            }
            whole.endArray()
            whole.endObject()

            var head = JSONOutput(pretty: pretty)
            head.beginObject()
            head.write("x", forKey: "name")
            head.writeKey("items")
            head.beginArray()
            var joined = head.bytes
            let open = head.mark
            var other = JSONOutput(pretty: pretty)
            let buffer = JSONBuffer()
            for i in 0..<5 {
                other.resume(at: open, hasMember: i > 0)
                other.beginObject()
                other.write(i, forKey: "i")
                other.endObject()
                other.exchangeBytes(with: buffer)
                #expect(other.count == 0)
                joined += Array(buffer.bytes)
            }
            head.resume(at: open, hasMember: true)
            head.endArray()
            head.endObject()
            joined += head.bytes
            #expect(joined == whole.bytes, "pretty: \(pretty)")
        }
    }
}

/// A mutable integer for the tests above, read and written under a `WorkLock` only.
private final class Counter: @unchecked Sendable {
    var value = 0
}

import CardDiagnostics

/// The items of an array of the layout JSON — a deck's cards or stacks — split into chunks for
/// the threads that write them (`LayoutJSONWriter.inChunks`): each thread claims the next
/// chunk, writes it into a `JSONBuffer` and delivers it; the caller's thread — one of the
/// workers, worker 0 — passes the delivered chunks on to the sink in order, and writes a chunk
/// itself whenever the one due next is not ready. Each worker has a few buffers; one that has
/// them all out waits until the caller has passed some on, so the pieces waiting in memory stay
/// few whatever the deck's size.
///
/// A worker claims a chunk only once it holds a buffer for it, and the caller waits only for a
/// chunk a worker has claimed (and is therefore writing), so no thread waits for one that waits
/// for it. With no helper thread at all, the caller writes every chunk itself.
final class WriterChunks: @unchecked Sendable {
    // @unchecked: every `var` below is read and written only inside `lock.withLock`, and a buffer
    // is used by the thread that took it out of this object until it gives it back.
    private let lock = WorkLock()
    let itemCount: Int
    let itemsPerChunk: Int
    let chunkCount: Int
    /// The buffers a worker may have out at once: being written, or delivered and not passed on.
    static let buffersPerWorker = 3

    private var nextUnclaimed = 0
    private var cancelled = false
    /// Per chunk: delivered, waiting to be passed on.
    private var delivered: [JSONBuffer?]
    /// Per chunk: the worker that claimed it (whose buffer it is in).
    private var claimedBy: [Int]
    /// Per worker: buffers it may reuse, and how many it has out.
    private var spare: [[JSONBuffer]]
    private var out: [Int]
    /// The largest chunk delivered so far: the capacity of new buffers, which then rarely grow.
    private var largestChunk = 1 << 16

    init(itemCount: Int, itemsPerChunk: Int, workers: Int) {
        self.itemCount = itemCount
        self.itemsPerChunk = max(1, itemsPerChunk)
        chunkCount = (itemCount + self.itemsPerChunk - 1) / self.itemsPerChunk
        delivered = Array(repeating: nil, count: chunkCount)
        claimedBy = Array(repeating: 0, count: chunkCount)
        spare = Array(repeating: [], count: max(1, workers))
        out = Array(repeating: 0, count: max(1, workers))
    }

    /// The items of chunk `chunk`, as indices in the array written.
    func items(ofChunk chunk: Int) -> Range<Int> {
        let start = min(chunk * itemsPerChunk, itemCount)
        return start..<min(start + itemsPerChunk, itemCount)
    }

    /// Claims the next chunk for `worker` with a buffer to write it into, then returns `chunk`;
    /// the lock must be held and the worker must have a buffer to spare.
    private func claimNext(for worker: Int) -> (chunk: Int, buffer: JSONBuffer) {
        let chunk = nextUnclaimed
        nextUnclaimed += 1
        claimedBy[chunk] = worker
        out[worker] += 1
        return (chunk, spare[worker].popLast() ?? JSONBuffer(capacity: largestChunk + largestChunk / 4))
    }

    /// For helper `worker` (1 and up): the next chunk to write and a buffer to write it into;
    /// waits while the worker has all its buffers out. Nil once every chunk is claimed or the
    /// run is cancelled.
    func claim(by worker: Int) -> (chunk: Int, buffer: JSONBuffer)? {
        lock.withLock {
            while !cancelled && nextUnclaimed < chunkCount {
                if out[worker] < Self.buffersPerWorker { return claimNext(for: worker) }
                lock.wait()
            }
            return nil
        }
    }

    /// Hands over chunk `chunk`, written into `buffer`.
    func deliver(_ chunk: Int, _ buffer: JSONBuffer) {
        lock.withLock {
            delivered[chunk] = buffer
            largestChunk = max(largestChunk, buffer.count)
            lock.broadcast()
        }
    }

    /// What the caller does next while chunk `next` is the one due.
    enum Step {
        /// Pass it on: here it is.
        case passOn(JSONBuffer)
        /// Write this chunk (claimed for it) into this buffer, then deliver it.
        case write(chunk: Int, buffer: JSONBuffer)
    }

    /// For the caller (worker 0): chunk `next` once it is delivered; until then, a chunk to
    /// write while one is unclaimed and it has a buffer to spare; else waits for a delivery. Nil
    /// once every chunk has been passed on (`next == chunkCount`) or the run is cancelled.
    func step(passingOn next: Int) -> Step? {
        lock.withLock {
            while !cancelled && next < chunkCount {
                if let buffer = delivered[next] {
                    delivered[next] = nil
                    return .passOn(buffer)
                }
                if nextUnclaimed < chunkCount && out[0] < Self.buffersPerWorker {
                    let (chunk, buffer) = claimNext(for: 0)
                    return .write(chunk: chunk, buffer: buffer)
                }
                lock.wait()
            }
            return nil
        }
    }

    /// Gives back the buffer chunk `chunk` was in, once passed on, to the worker that wrote it.
    func recycle(_ buffer: JSONBuffer, ofChunk chunk: Int) {
        lock.withLock {
            let worker = claimedBy[chunk]
            out[worker] -= 1
            spare[worker].append(buffer)
            lock.broadcast()
        }
    }

    /// Stops the run: workers claim nothing more.
    func cancel() {
        lock.withLock {
            cancelled = true
            lock.broadcast()
        }
    }
}

import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Independent pieces of work run across the machine's cores, their results in input order.
///
/// No more threads than the processors the process may use; one piece, or one processor, runs
/// on the caller's thread. `transform` must not touch shared mutable state: it is called on
/// several threads at once (the compiler holds it to `@Sendable`).
enum ParallelMap {
    /// The processors online (`sysconf`, as Foundation's `activeProcessorCount` reads them on
    /// Linux; Foundation itself is not linked into the libraries for this), at least 1.
    static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// `inputs.map(transform)`, the calls spread over up to `processorCount` threads, each
    /// taking the next input not yet taken (so one slow input does not hold back a whole share).
    static func map<Input: Sendable, Output: Sendable>(_ inputs: [Input], threads: Int = processorCount,
                                                     _ transform: @Sendable (Input) -> Output) -> [Output] {
        let workers = min(max(threads, 1), inputs.count)
        guard workers > 1 else { return inputs.map(transform) }
        let next = Atomic<Int>(0)
        let results = Mutex<[Output?]>(Array(repeating: nil, count: inputs.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard i < inputs.count else { return }
                let output = transform(inputs[i])
                results.withLock { $0[i] = output }
            }
        }
        return results.withLock { $0 }.compactMap { $0 }
    }
}

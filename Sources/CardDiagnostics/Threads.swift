#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// POSIX threads for the work `cardc build -j N` spreads over the CPUs: reading a large input,
/// checking the cards, W104's layouts, and laying out and writing the layout JSON. (The `cardc`
/// executable links neither Dispatch nor Foundation; `cardc check` starts no thread.)
///
/// The rule every user keeps: a thread mutates only what it owns — its checker, its writer,
/// its layouter — and reads values that no thread changes while it runs (the syntax trees, the
/// checked deck). What threads hand each other goes through a `WorkLock`, whose lock orders the
/// hand-over, and a helper's result reaches the caller only after the helper has been joined.
public enum Threads {
    /// How many CPUs this process may run on (its affinity mask, as `taskset` or a container's
    /// cpuset leaves it), at least 1.
    public static let availableCPUs: Int = {
        #if os(Linux)
        // `sched_getaffinity` needs `_GNU_SOURCE`, which the Glibc module does not define: looked
        // up by name, as glibc and musl both export it.
        typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer?) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_getaffinity") {
            var mask = [UInt64](repeating: 0, count: 16)  // room for 1,024 CPUs
            let status = mask.withUnsafeMutableBytes { unsafeBitCast(symbol, to: GetAffinity.self)(0, $0.count, $0.baseAddress) }
            let count = mask.reduce(0) { $0 + $1.nonzeroBitCount }
            if status == 0 && count > 0 { return count }
        }
        #endif
        return max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }()

    /// Runs `helper(0)`, `helper(1)`, … `helper(count - 1)` each on a thread of its own while the
    /// calling thread runs `body`, then waits for every helper and returns their results in
    /// order.
    ///
    /// A helper whose thread cannot be started runs on the calling thread after `body`, so
    /// `body` must never wait for a helper to make progress: work handed out through a shared
    /// queue must be work `body` can also do itself. When `body` throws, the helpers still
    /// running are waited for (`body` must first tell them to stop) and the error propagates;
    /// a helper that never started is not run.
    public static func run<Result: Sendable>(helpers count: Int, _ helper: @escaping @Sendable (Int) -> Result,
                                             while body: () throws -> Void) rethrows -> [Result] {
        let started = (0..<max(0, count)).map { HelperThread(index: $0, work: helper) }
        // On a throw too: no helper outlives the call.
        defer { for thread in started { thread.wait() } }
        try body()
        return started.map { $0.join() }
    }
}

/// One helper of `Threads.run`: a thread running `work(index)`, or, when no thread could be
/// started, `work(index)` run by `join()` on the caller's thread.
private final class HelperThread<Result: Sendable>: @unchecked Sendable {
    // @unchecked: `result` is written once, by the helper thread, before it exits, and read only
    // by `join()` after `pthread_join` returns, which orders the two; `thread` only by the
    // thread that made the helper. Nothing else is mutable.
    private let index: Int
    private let work: @Sendable (Int) -> Result
    private var result: Result?
    private var thread: pthread_t?

    init(index: Int, work: @escaping @Sendable (Int) -> Result) {
        self.index = index
        self.work = work
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        // The main thread's usual 8 MiB, whatever `ulimit -s` says: the checker and the writer
        // recurse as deep as the input nests (up to E204's limit) on any thread.
        pthread_attr_setstacksize(&attributes, 8 << 20)
        #if canImport(Darwin)
        var handle: pthread_t?  // an optional pointer there, a plain integer on Linux
        #else
        var handle = pthread_t()
        #endif
        let entry = Unmanaged.passRetained(ThreadEntry { [self] in result = work(index) }).toOpaque()
        if pthread_create(&handle, &attributes, threadEntryPoint, entry) == 0 {
            thread = handle
        } else {
            Unmanaged<ThreadEntry>.fromOpaque(entry).release()
        }
    }

    /// Waits for the thread, if it is running.
    func wait() {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
    }

    /// Waits for the thread (or runs the work here when it had none) and returns the result.
    func join() -> Result {
        wait()
        if let result { return result }
        let computed = work(index)
        result = computed
        return computed
    }
}

/// What a new thread runs, passed to it retained.
private final class ThreadEntry: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

/// A new thread's entry point: runs the `ThreadEntry` passed as `context` and releases it.
#if canImport(Darwin)
private func threadEntryPoint(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadEntry>.fromOpaque(context).takeRetainedValue().body()
    return nil
}
#else
private func threadEntryPoint(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<ThreadEntry>.fromOpaque(context).takeRetainedValue().body()
    return nil
}
#endif

/// A mutual-exclusion lock on pthreads (Foundation's `NSLock` without Foundation), for state
/// that threads only read and fill in, such as a value built once by whichever asks first.
public final class Lock: @unchecked Sendable {
    // @unchecked: the pthread mutex is used only through its own thread-safe calls.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    public init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A mutex and a condition variable, for threads that hand each other work and results: every
/// access to the state they share is made inside `withLock`, and a thread that needs another's
/// progress `wait()`s inside it until that thread `broadcast()`s.
public final class WorkLock: @unchecked Sendable {
    // @unchecked: the pthread objects are used only through their own thread-safe calls.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Inside `withLock`: releases the lock until another thread calls `broadcast()` (or
    /// spuriously), then takes it again. Callers wait in a loop on the condition they need.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every thread waiting in `wait()`. Call it inside `withLock`, after changing what
    /// they wait for.
    public func broadcast() { pthread_cond_broadcast(condition) }
}

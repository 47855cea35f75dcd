#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CardDiagnostics

/// Makes reading a mapped file safe against the file shrinking under us. A page of a mapping
/// that lies past the file's end — another process truncated the file in place while we read
/// it — raises SIGBUS when touched, which would end the run. While a mapping is guarded, a
/// SIGBUS inside it instead maps a page of zeros over the faulting page and marks the guard
/// (`wasTruncated`), and the read carries on; its reader then throws its result away. A SIGBUS
/// anywhere else keeps the action it had before the guard was installed.
///
/// A fixed table of slots, so that the handler reads only memory set up before it can run, and
/// threads (tests run in parallel) each guard a mapping of their own.
enum MappedFileGuard {
    /// One guarded mapping: its address range and whether a fault hit it.
    private struct Slot {
        var start: UInt
        var end: UInt
        var faulted: Int

        static let free = Slot(start: 0, end: 0, faulted: 0)
    }

    /// What the handler reads, in memory allocated once and never freed and reached through a
    /// constant: a signal handler must not allocate, lock, or run Swift's exclusivity checks on
    /// a variable.
    private struct State {
        /// `slotCount` slots.
        let slots: UnsafeMutablePointer<Slot>
        /// The SIGBUS action before ours, restored for a fault outside every slot.
        var previous: sigaction
        /// Whether our handler is the installed one.
        var active: Bool
        var pageSize: UInt
    }

    private static let slotCount = 16
    nonisolated(unsafe) private static let state: UnsafeMutablePointer<State> = {
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: slotCount)
        slots.initialize(repeating: Slot.free, count: slotCount)
        state.initialize(to: State(slots: slots, previous: sigaction(), active: false,
                                   pageSize: UInt(max(4096, sysconf(Int32(_SC_PAGESIZE))))))
        return state
    }()
    private static let lock = Lock()

    /// A guarded mapping, by slot: `release` it before unmapping.
    struct Token {
        fileprivate let slot: Int
    }

    /// Slot `index` of `state`.
    private static func slot(_ index: Int, of state: UnsafeMutablePointer<State>) -> UnsafeMutablePointer<Slot> {
        state.pointee.slots + index
    }

    /// Guards `mapping`; nil when every slot is taken (the mapping is then read unguarded, as
    /// before the guard existed).
    static func guarding(_ mapping: UnsafeRawBufferPointer) -> Token? {
        guard let base = mapping.baseAddress, mapping.count > 0 else { return nil }
        return lock.withLock { () -> Token? in
            let state = installed()
            for index in 0..<slotCount where slot(index, of: state).pointee.end == 0 {
                slot(index, of: state).pointee = Slot(start: UInt(bitPattern: base), end: UInt(bitPattern: base) + UInt(mapping.count),
                                                      faulted: 0)
                return Token(slot: index)
            }
            return nil
        }
    }

    /// Whether a fault hit the guarded mapping: the file shrank while it was read, and what was
    /// read of it since may be zeros rather than the file's bytes.
    static func wasTruncated(_ token: Token) -> Bool {
        slot(token.slot, of: state).pointee.faulted != 0
    }

    /// Stops guarding; the slot is free again.
    static func release(_ token: Token) {
        lock.withLock {
            slot(token.slot, of: state).pointee = Slot.free
        }
    }

    /// The state, with our handler installed (again, if a fault outside the slots restored the
    /// action before it); the lock must be held.
    private static func installed() -> UnsafeMutablePointer<State> {
        let current = state
        if !current.pointee.active {
            var action = sigaction()
            #if os(Linux)
            action.__sigaction_handler.sa_sigaction = handleBusError
            #else
            action.__sigaction_u.__sa_sigaction = handleBusError
            #endif
            action.sa_flags = SA_SIGINFO
            sigemptyset(&action.sa_mask)
            if sigaction(SIGBUS, &action, &current.pointee.previous) == 0 { current.pointee.active = true }
        }
        return current
    }

    /// The SIGBUS handler: only async-signal-safe work — reading the state, `mmap`, `sigaction`.
    private static let handleBusError: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = { _, info, _ in
        #if os(Linux)
        let address = UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr)
        #else
        let address = UInt(bitPattern: info?.pointee.si_addr)
        #endif
        let state = MappedFileGuard.state
        for index in 0..<MappedFileGuard.slotCount {
            let slot = MappedFileGuard.slot(index, of: state)
            guard slot.pointee.end != 0, address >= slot.pointee.start, address < slot.pointee.end else { continue }
            let pageSize = state.pointee.pageSize
            // Zeros over the vanished page (the mapping's other pages stay as they are); the
            // faulting read is then retried and succeeds.
            let page = UnsafeMutableRawPointer(bitPattern: address & ~(pageSize - 1))
            if mmap(page, Int(pageSize), PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED {
                slot.pointee.faulted = 1
                return
            }
        }
        // Not ours: the action from before, taken when the faulting access is retried.
        state.pointee.active = false
        sigaction(SIGBUS, &state.pointee.previous, nil)
    }
}

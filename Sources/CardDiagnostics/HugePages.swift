#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Backing large buffers with 2 MiB pages. A run first touches tens of megabytes (the source, the
/// syntax tree's arrays), and each 4 KiB page costs a fault of 2–3 µs the first time it is
/// written; one transparent huge page maps 512 of them in a single fault. Linux gives them to
/// anonymous memory only where asked when its policy is `madvise`, a common default.
public enum HugePages {
    /// The huge page size of x86-64 and of arm64 with 4 KiB pages. Elsewhere the advice is
    /// harmless and useless.
    static let size = 2 << 20

    /// Asks the kernel to back the whole 2 MiB pages inside `buffer` with huge pages (its first
    /// and last pieces stay small). Call it right after allocating, before the first write: pages
    /// already touched stay small. Advice only: a failure (an old kernel, huge pages disabled)
    /// changes nothing but the speed. A huge page partly written takes 2 MiB of memory all the
    /// same: one more per buffer at most, for a buffer written from its start.
    public static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        guard buffer.count >= size, let base = buffer.baseAddress else { return }
        // Only pages inside the buffer: advice on memory we do not own is never ours to give.
        let mask = UInt(size - 1)
        let start = (UInt(bitPattern: base) + mask) & ~mask
        let end = UInt(bitPattern: base + buffer.count) & ~mask
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, Int(end - start), MADV_HUGEPAGE)
        #endif
    }
}

extension Array {
    /// `init(unsafeUninitializedCapacity:initializingWith:)` for an array that may be large: its
    /// storage is advised to use huge pages (`HugePages`) before `initializer` writes it.
    @inlinable
    public init(largeUninitializedCapacity capacity: Int,
                initializingWith initializer: (_ buffer: inout UnsafeMutableBufferPointer<Element>, _ count: inout Int) throws -> Void) rethrows {
        try self.init(unsafeUninitializedCapacity: capacity) { buffer, count in
            HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
            try initializer(&buffer, &count)
        }
    }
}

extension Array {
    /// `reserveCapacity` for an array about to grow large, such as a deck-wide store: when the
    /// array is still empty its new storage is advised to use huge pages, so filling it costs a
    /// fault per 2 MiB instead of one per 4 KiB. A non-empty array is reserved as usual, since
    /// its pages are written already.
    @inlinable
    public mutating func reserveLargeCapacity(_ capacity: Int) {
        guard isEmpty, capacity > self.capacity else { return reserveCapacity(capacity) }
        self = Array(largeUninitializedCapacity: capacity) { _, count in count = 0 }
    }
}

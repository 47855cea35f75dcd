#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Backing large buffers with 2 MiB pages. A run first touches tens of megabytes (the source, the
/// syntax tree's arrays), and each 4 KiB page costs a fault of 2–3 µs the first time it is
/// written; one transparent huge page maps 512 of them in a single fault. Linux gives them to
/// anonymous memory only where asked when its policy is `madvise`, a common default.
///
/// A huge page must lie wholly inside one mapping. A buffer placed anywhere gets them only
/// between its first and last 2 MiB boundaries, and loses up to a huge page's worth of small
/// pages at each end (about 512 faults each); so large arrays are sized to fill whole huge pages
/// (`wholePagesCapacity`), which puts them on a boundary of their own, and `advise` covers them
/// from end to end.
public enum HugePages {
    /// The huge page size of x86-64 and of arm64 with 4 KiB pages. Elsewhere the advice is
    /// harmless and useless.
    static let size = 2 << 20
    static let smallPageSize = 4096

    /// What precedes an array's elements in its allocation: glibc's chunk header and the array
    /// object's header.
    static let mallocHeader = 16, arrayHeader = 32
    static let allocationHeader = mallocHeader + arrayHeader

    /// `MADV_COLLAPSE` (Linux 6.1): make a range a huge page now, small pages already there
    /// included. Glibc's headers do not all name it.
    static let collapse: Int32 = 25

    /// Asks the kernel to back `buffer` with huge pages: the whole 2 MiB pages inside it, or all
    /// of it when it fills its own mapping (`wholePagesCapacity`). Call it right after
    /// allocating, before the first write: pages already touched stay small. Advice only: a
    /// failure (an old kernel, huge pages disabled) changes nothing but the speed. A huge page
    /// partly written takes 2 MiB of memory all the same: one more per buffer at most, for a
    /// buffer written from its start.
    public static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        guard buffer.count >= size, let base = buffer.baseAddress else { return }
        let mask = UInt(size - 1)
        let first = UInt(bitPattern: base), last = first + UInt(buffer.count)
        // Only pages of this allocation: advice on memory we do not own is never ours to give.
        var start = (first + mask) & ~mask
        var end = last & ~mask
        // A buffer that starts just past a boundary, by no more than the headers, and ends less
        // than a small page before one, is a mapping of its own that starts and ends on them.
        // (A heap chunk that happened to sit so would get advice on its neighbours' bytes too:
        // harmless, as collapsing keeps every byte.)
        let ownMapping = first & mask <= UInt(allocationHeader) && last & mask != 0
            && (end + UInt(size)) - last < UInt(smallPageSize)
        if ownMapping {
            start = first & ~mask
            end += UInt(size)
        }
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, Int(end - start), MADV_HUGEPAGE)
        // The allocator and the array's header have written the first small page already, which
        // would keep the first 2 MiB small: collapse it into a huge page now.
        if ownMapping { _ = madvise(aligned, size, collapse) }
        #endif
    }

    /// A capacity of at least `count` elements of `stride` bytes whose array fills whole huge
    /// pages. The array asks malloc for its 32-byte header and the elements; when that comes to
    /// within a small page of a multiple of 2 MiB, but at least 24 bytes short of it, glibc maps
    /// exactly that multiple for it alone (it adds 8, rounds to 16, adds 8 and rounds to a
    /// page), and Linux (6.7 and later) places a mapping whose length is a multiple of the huge
    /// page size on a huge page boundary. Elsewhere the array merely has a little more room.
    /// Below half a huge page, `count` itself.
    public static func wholePagesCapacity(_ count: Int, stride: Int) -> Int {
        let stride = max(1, stride)
        let (elementBytes, overflow) = count.multipliedReportingOverflow(by: stride)
        guard !overflow, elementBytes >= size / 2, elementBytes <= Int.max / 4 else { return count }
        let allocated = elementBytes + arrayHeader + 24
        let pages = (allocated + size - 1) / size
        return max(count, (pages * size - 24 - arrayHeader) / stride)
    }
}

extension Array {
    /// `init(unsafeUninitializedCapacity:initializingWith:)` for an array that may be large: its
    /// storage is advised to use huge pages (`HugePages`) before `initializer` writes it.
    @inlinable
    public init(largeUninitializedCapacity capacity: Int,
                initializingWith initializer: (_ buffer: inout UnsafeMutableBufferPointer<Element>, _ count: inout Int) throws -> Void) rethrows {
        let whole = HugePages.wholePagesCapacity(capacity, stride: MemoryLayout<Element>.stride)
        try self.init(unsafeUninitializedCapacity: whole) { buffer, count in
            HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
            // The initializer sees the capacity it asked for; the rest is room to grow into.
            var requested = UnsafeMutableBufferPointer(rebasing: buffer[..<Swift.min(capacity, buffer.count)])
            try initializer(&requested, &count)
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

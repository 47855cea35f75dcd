#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import CardDiagnostics

/// Arrays whose storage is advised to use huge pages hold exactly what they are given.
@Suite struct HugePagesTests {
    @Test("large arrays, advised or too small to be, keep their elements")
    func largeArrays() {
        for count in [0, 1, 4096, (2 << 20) - 1, (5 << 20) + 3] {
            let bytes = [UInt8](largeUninitializedCapacity: count + 1) { buffer, written in
                #expect(buffer.count >= count + 1)
                for i in 0..<count { buffer[i] = UInt8(truncatingIfNeeded: i &* 31 &+ 7) }
                written = count
            }
            #expect(bytes.count == count)
            #expect(bytes.enumerated().allSatisfy { $0.element == UInt8(truncatingIfNeeded: $0.offset &* 31 &+ 7) })
        }
    }

    @Test("advice on any buffer, aligned or not, changes no byte")
    func adviceKeepsBytes() {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 6 << 20, alignment: 16)
        defer { buffer.deallocate() }
        for i in stride(from: 0, to: buffer.count, by: 4096) { buffer[i] = UInt8(truncatingIfNeeded: i >> 12) }
        for offset in [0, 1, 4095, 2 << 20] {
            HugePages.advise(UnsafeMutableRawBufferPointer(rebasing: buffer[offset...]))
        }
        HugePages.advise(UnsafeMutableRawBufferPointer(start: nil, count: 0))
        #expect(stride(from: 0, to: buffer.count, by: 4096).allSatisfy { buffer[$0] == UInt8(truncatingIfNeeded: $0 >> 12) })
    }

    /// What glibc maps for a request of `bytes` it serves with a mapping of its own.
    static func glibcMappingLength(_ bytes: Int) -> Int {
        let chunk = (bytes + 8 + 15) & ~15
        return (chunk + 8 + 4095) & ~4095
    }

    @Test("whole-page capacities make an array's allocation a multiple of 2 MiB, a little larger than asked")
    func wholePagesCapacity() {
        for stride in [1, 2, 4, 8, 12, 16, 24, 40, 136, 1000] {
            for count in [0, 1, 100, (1 << 20) / stride - 1, (1 << 20) / stride, (2 << 20) / stride - 5,
                          (2 << 20) / stride, (7 << 20) / stride + 3, (12_250_698 / 4) + 64] {
                let capacity = HugePages.wholePagesCapacity(count, stride: stride)
                #expect(capacity >= count)
                if count * stride < 1 << 20 {
                    #expect(capacity == count, "stride \(stride), count \(count)")
                    continue
                }
                let request = HugePages.arrayHeader + capacity * stride
                #expect(Self.glibcMappingLength(request) % (2 << 20) == 0, "stride \(stride), count \(count)")
                // No more than the rest of the last huge page.
                #expect(request <= HugePages.arrayHeader + count * stride + (2 << 20), "stride \(stride), count \(count)")
            }
        }
        #expect(HugePages.wholePagesCapacity(Int.max / 2, stride: 8) == Int.max / 2)
    }

    @Test("advice on a buffer that fills its own mapping, its first huge page collapsed, changes no byte")
    func adviceOnOwnMappingKeepsBytes() {
        var raw: UnsafeMutableRawPointer?
        #expect(posix_memalign(&raw, 2 << 20, 8 << 20) == 0)
        guard let base = raw else { return }
        defer { free(base) }
        let whole = UnsafeMutableRawBufferPointer(start: base, count: 8 << 20)
        for i in stride(from: 0, to: whole.count, by: 512) { whole[i] = UInt8(truncatingIfNeeded: i >> 9) }
        // Laid out as `wholePagesCapacity` lays an array out: just past a boundary, ending just
        // short of one.
        HugePages.advise(UnsafeMutableRawBufferPointer(rebasing: whole[HugePages.allocationHeader..<((6 << 20) - 8)]))
        #expect(stride(from: 0, to: whole.count, by: 512).allSatisfy { whole[$0] == UInt8(truncatingIfNeeded: $0 >> 9) })
    }
}

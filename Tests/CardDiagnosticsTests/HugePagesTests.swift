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
}

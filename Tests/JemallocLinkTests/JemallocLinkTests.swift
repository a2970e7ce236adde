import CJemalloc
import Testing

/// The `CJemalloc` system-library target links Debian's libjemalloc and exposes its statistics.
/// These tests prove the link is real: the version is jemalloc's, and the calling thread's
/// allocated-bytes counter moves by what this thread allocates.
@Suite("CJemalloc links the real allocator")
struct JemallocLinkTests {
    @Test("mallctl(\"version\") reports jemalloc 5")
    func version() throws {
        var pointer: UnsafePointer<CChar>? = nil
        var length = MemoryLayout<UnsafePointer<CChar>?>.size
        let status = mallctl("version", &pointer, &length, nil, 0)
        #expect(status == 0)
        let version = try #require(pointer.map { String(cString: $0) })
        #expect(version.hasPrefix("5."), "unexpected jemalloc version \(version)")
    }

    @Test("thread.allocatedp counts the bytes this thread allocates")
    func threadAllocatedCounter() throws {
        var counter: UnsafeMutablePointer<UInt64>? = nil
        var length = MemoryLayout<UnsafeMutablePointer<UInt64>?>.size
        let status = mallctl("thread.allocatedp", &counter, &length, nil, 0)
        #expect(status == 0)
        let allocated = try #require(counter)
        let before = allocated.pointee
        let block = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
        let after = allocated.pointee
        block.deallocate()
        #expect(after &- before >= 1 << 20, "1 MiB allocation counted as \(after &- before) bytes")
    }
}

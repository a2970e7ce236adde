#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// jemalloc's statistics, found at run time: `mallctl` is looked up with `dlsym`, so the same
/// binary reads real counters when jemalloc is linked or preloaded
/// (`LD_PRELOAD=libjemalloc.so.2`) and reports "unavailable" — never zero — under the system
/// allocator. The calling thread's counters are plain loads through `thread.allocatedp`;
/// process-wide request counts need a tcache flush and an `epoch` refresh, and miss requests
/// still cached by other live threads (jemalloc's `mallctl` manual, "thread.*" and "stats.*").
public final class JemallocStatistics: @unchecked Sendable {
    private typealias Mallctl =
        @convention(c) (
            UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int
        ) -> Int32

    private typealias NameToMIB = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<Int>?) -> Int32
    private typealias MallctlByMIB =
        @convention(c) (
            UnsafePointer<Int>?, Int, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int
        ) -> Int32

    private let mallctl: Mallctl
    private let byMIB: MallctlByMIB
    /// Management identifiers resolved once, so a measurement makes no allocation of its own.
    private let flushMIB: [Int], epochMIB: [Int], smallRequestsMIB: [Int], largeRequestsMIB: [Int], residentMIB: [Int]

    /// The statistics of the jemalloc in this process, or nil when the process does not run on
    /// jemalloc (or it was built without statistics).
    public static let current: JemallocStatistics? = JemallocStatistics()

    private init?() {
        let process = UnsafeMutableRawPointer(bitPattern: 0)
        guard let symbol = dlsym(process, "mallctl"), let nameToMIBSymbol = dlsym(process, "mallctlnametomib"),
            let byMIBSymbol = dlsym(process, "mallctlbymib")
        else { return nil }
        mallctl = unsafeBitCast(symbol, to: Mallctl.self)
        byMIB = unsafeBitCast(byMIBSymbol, to: MallctlByMIB.self)
        var enabled = false
        var size = MemoryLayout<Bool>.size
        guard mallctl("config.stats", &enabled, &size, nil, 0) == 0, enabled else { return nil }
        let nameToMIB = unsafeBitCast(nameToMIBSymbol, to: NameToMIB.self)
        func mib(_ name: String) -> [Int]? {
            var components = [Int](repeating: 0, count: 8)
            var count = components.count
            let status = nameToMIB(name, &components, &count)
            return status == 0 ? Array(components.prefix(count)) : nil
        }
        guard let flush = mib("thread.tcache.flush"), let epoch = mib("epoch"),
            let small = mib("stats.arenas.4096.small.nrequests"), let large = mib("stats.arenas.4096.large.nrequests"),
            let resident = mib("stats.resident")
        else { return nil }
        (flushMIB, epochMIB, smallRequestsMIB, largeRequestsMIB, residentMIB) = (flush, epoch, small, large, resident)
    }

    /// jemalloc's version string, such as "5.3.0-0-g54eaed1d…".
    public var version: String {
        var pointer: UnsafePointer<CChar>? = nil
        var size = MemoryLayout<UnsafePointer<CChar>?>.size
        guard mallctl("version", &pointer, &size, nil, 0) == 0, let pointer else { return "unknown" }
        return String(cString: pointer)
    }

    /// The calling thread's byte counters. Reading them afterwards is a plain load, so a
    /// measurement adds nothing to what it measures; use the counter on this thread only.
    public func threadCounter() -> ThreadAllocationCounter? {
        guard let allocated = threadCounterPointer("thread.allocatedp"),
            let deallocated = threadCounterPointer("thread.deallocatedp")
        else { return nil }
        return ThreadAllocationCounter(allocated: allocated, deallocated: deallocated)
    }

    private func threadCounterPointer(_ name: String) -> UnsafeMutablePointer<UInt64>? {
        var pointer: UnsafeMutablePointer<UInt64>? = nil
        var size = MemoryLayout<UnsafeMutablePointer<UInt64>?>.size
        let status = mallctl(name, &pointer, &size, nil, 0)
        return status == 0 ? pointer : nil
    }

    /// Allocation requests served so far, process-wide (small and large), after flushing the
    /// calling thread's cache and refreshing the statistics.
    public func allocationRequests() -> UInt64 {
        refresh()
        return read(UInt64.self, smallRequestsMIB) &+ read(UInt64.self, largeRequestsMIB)
    }

    /// Bytes in physically resident pages mapped by the allocator, process-wide.
    public func residentBytes() -> UInt64 {
        refresh()
        return UInt64(read(Int.self, residentMIB))
    }

    /// Flushes the calling thread's cache so its requests are counted, and refreshes the
    /// statistics (`epoch`).
    public func refresh() {
        _ = flushMIB.withUnsafeBufferPointer { byMIB($0.baseAddress, $0.count, nil, nil, nil, 0) }
        var one: UInt64 = 1
        _ = epochMIB.withUnsafeBufferPointer { byMIB($0.baseAddress, $0.count, nil, nil, &one, MemoryLayout<UInt64>.size) }
    }

    private func read<T: FixedWidthInteger>(_ type: T.Type, _ mib: [Int]) -> T {
        var value: T = 0
        var size = MemoryLayout<T>.size
        let status = mib.withUnsafeBufferPointer { byMIB($0.baseAddress, $0.count, &value, &size, nil, 0) }
        return status == 0 ? value : 0
    }
}

/// Bytes allocated and deallocated so far by one thread, read through jemalloc's per-thread
/// counters. Valid on the thread that made it, for that thread's life.
public struct ThreadAllocationCounter {
    let allocated: UnsafeMutablePointer<UInt64>
    let deallocated: UnsafeMutablePointer<UInt64>

    /// Bytes allocated by the thread so far (wrapping).
    public var allocatedBytes: UInt64 { allocated.pointee }
    /// Bytes deallocated by the thread so far (wrapping).
    public var deallocatedBytes: UInt64 { deallocated.pointee }
}

/// Counts what a piece of code allocates on the calling thread and process-wide.
public struct AllocationCount: Hashable, Sendable {
    /// Allocation requests, process-wide.
    public var requests: UInt64
    /// Bytes allocated by the calling thread.
    public var bytes: UInt64

    /// Runs `body` and returns what it allocated; nil without jemalloc. The byte count is exact
    /// for the calling thread; the request count is process-wide, so it includes whatever other
    /// threads allocate meanwhile (run alone, as the runner's counting pass does, it is exact).
    public static func measure(_ body: () throws -> Void) rethrows -> AllocationCount? {
        guard let stats = JemallocStatistics.current, let counter = stats.threadCounter() else {
            try body()
            return nil
        }
        let requestsBefore = stats.allocationRequests()
        let bytesBefore = counter.allocatedBytes
        try body()
        let bytesAfter = counter.allocatedBytes
        let requestsAfter = stats.allocationRequests()
        return AllocationCount(requests: requestsAfter &- requestsBefore, bytes: bytesAfter &- bytesBefore)
    }
}

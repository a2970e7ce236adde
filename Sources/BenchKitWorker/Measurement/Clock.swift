#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The monotonic clock, in nanoseconds.
public enum MonotonicClock {
    @inline(__always)
    public static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// The clock's resolution in nanoseconds.
    public static var resolution: UInt64 {
        var spec = timespec()
        clock_getres(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// The cost of reading the clock, in nanoseconds (median of 1000 back-to-back reads).
    public static func readCost() -> Double {
        var costs: [Double] = []
        for _ in 0..<1000 {
            let a = now(), b = now()
            costs.append(Double(b - a))
        }
        costs.sort()
        return costs[costs.count / 2]
    }
}

/// The peak resident set size of this process, in bytes (`VmHWM` of /proc/self/status); nil
/// where that file does not exist.
public func peakResidentBytes() -> UInt64? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let digits = line.split(separator: " ").dropFirst().first.flatMap { UInt64($0) }
        return digits.map { $0 * 1024 }
    }
    return nil
}

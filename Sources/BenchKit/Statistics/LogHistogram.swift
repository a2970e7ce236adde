import Foundation

/// A log-bucketed histogram of positive values, HDR-style: buckets are spaced so every value is
/// recorded to within `1/bucketsPerOctave` relative (3 significant digits with the default 1024
/// sub-buckets per power of two), it merges by adding counts, and its percentiles need no sort of
/// the raw samples. Non-positive and non-finite values are counted apart.
public struct LogHistogram: Codable, Hashable, Sendable {
    public let bucketsPerOctave: Int
    /// Counts keyed by bucket index; bucket i covers [2^(i/b), 2^((i+1)/b)).
    public private(set) var counts: [Int: Int] = [:]
    public private(set) var totalCount = 0
    public private(set) var minimum = Double.infinity
    public private(set) var maximum = -Double.infinity
    /// Values that could not be bucketed (zero, negative, NaN, infinite).
    public private(set) var unbucketed = 0

    public init(bucketsPerOctave: Int = 1024) {
        self.bucketsPerOctave = bucketsPerOctave
    }

    public mutating func record(_ value: Double) {
        guard value > 0, value.isFinite else {
            unbucketed += 1
            return
        }
        counts[Int((log2(value) * Double(bucketsPerOctave)).rounded(.down)), default: 0] += 1
        totalCount += 1
        minimum = Swift.min(minimum, value)
        maximum = Swift.max(maximum, value)
    }

    public mutating func merge(_ other: LogHistogram) {
        precondition(other.bucketsPerOctave == bucketsPerOctave, "histograms of different resolution")
        for (bucket, count) in other.counts { counts[bucket, default: 0] += count }
        totalCount += other.totalCount
        unbucketed += other.unbucketed
        minimum = Swift.min(minimum, other.minimum)
        maximum = Swift.max(maximum, other.maximum)
    }

    /// The value at the p-th percentile (0…100): the geometric midpoint of the bucket holding the
    /// ⌈p/100·n⌉-th smallest value, clamped to the recorded minimum and maximum (so p0 and p100
    /// are exact).
    public func percentile(_ p: Double) -> Double {
        guard totalCount > 0 else { return .nan }
        if p <= 0 { return minimum }
        if p >= 100 { return maximum }
        let rank = Swift.max(1, Int((p / 100 * Double(totalCount)).rounded(.up)))
        var seen = 0
        for bucket in counts.keys.sorted() {
            seen += counts[bucket]!
            if seen >= rank {
                let middle = exp2((Double(bucket) + 0.5) / Double(bucketsPerOctave))
                return Swift.min(Swift.max(middle, minimum), maximum)
            }
        }
        return maximum
    }

    /// The largest relative error of a bucketed value: half a bucket's width.
    public var relativeResolution: Double { exp2(0.5 / Double(bucketsPerOctave)) - 1 }
}

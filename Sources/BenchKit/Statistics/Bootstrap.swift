import Foundation
import HarnessSupport

/// Percentile bootstrap confidence intervals, with a seeded generator so that the same samples
/// always give the same interval.
public enum Bootstrap {
    /// The `confidence` interval of `statistic` over `resamples` resamples (with replacement).
    public static func interval(
        _ values: [Double], confidence: Double = 0.95, resamples: Int = 2000, seed: UInt64 = 0x5EED,
        statistic: ([Double]) -> Double = Descriptive.median
    ) -> ClosedRange<Double> {
        guard values.count > 1 else {
            let v = values.first ?? .nan
            return v...v
        }
        var generator = SplitMix64(seed: seed)
        var estimates: [Double] = []
        estimates.reserveCapacity(resamples)
        var resample = [Double](repeating: 0, count: values.count)
        for _ in 0..<resamples {
            for i in resample.indices { resample[i] = values[Int(generator.next() % UInt64(values.count))] }
            estimates.append(statistic(resample))
        }
        estimates.sort()
        let alpha = (1 - confidence) / 2
        return Descriptive.percentile(sorted: estimates, alpha * 100)...Descriptive.percentile(sorted: estimates, (1 - alpha) * 100)
    }

    /// The interval of the ratio `statistic(b) / statistic(a)` for two independent samples, each
    /// resampled separately.
    public static func ratio(
        _ a: [Double], _ b: [Double], confidence: Double = 0.95, resamples: Int = 2000, seed: UInt64 = 0x5EED,
        statistic: ([Double]) -> Double = Descriptive.median
    ) -> (estimate: Double, interval: ClosedRange<Double>) {
        let estimate = statistic(b) / statistic(a)
        guard a.count > 1, b.count > 1 else { return (estimate, estimate...estimate) }
        var generator = SplitMix64(seed: seed)
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        var ra = [Double](repeating: 0, count: a.count), rb = [Double](repeating: 0, count: b.count)
        for _ in 0..<resamples {
            for i in ra.indices { ra[i] = a[Int(generator.next() % UInt64(a.count))] }
            for i in rb.indices { rb[i] = b[Int(generator.next() % UInt64(b.count))] }
            ratios.append(statistic(rb) / statistic(ra))
        }
        ratios.sort()
        let alpha = (1 - confidence) / 2
        return (estimate, Descriptive.percentile(sorted: ratios, alpha * 100)...Descriptive.percentile(sorted: ratios, (1 - alpha) * 100))
    }
}

extension Bootstrap {
    /// The interval of `statistic(b) / statistic(a)` when each sample comes in groups (worker
    /// processes): each resample draws groups with replacement, then samples within each drawn
    /// group, and averages the groups' statistics. The interval thereby includes the variation
    /// between processes, which samples of one process cannot show.
    public static func hierarchicalRatio(
        _ a: [[Double]], _ b: [[Double]], confidence: Double = 0.95, resamples: Int = 1000, seed: UInt64 = 0x5EED,
        statistic: ([Double]) -> Double
    ) -> (estimate: Double, interval: ClosedRange<Double>) {
        func average(_ groups: [[Double]]) -> Double { groups.map(statistic).reduce(0, +) / Double(groups.count) }
        let estimate = average(b) / average(a)
        var generator = SplitMix64(seed: seed)
        func resample(_ groups: [[Double]]) -> Double {
            var total = 0.0
            for _ in groups.indices {
                let group = groups[Int(generator.next() % UInt64(groups.count))]
                var drawn = [Double](repeating: 0, count: group.count)
                for i in drawn.indices { drawn[i] = group[Int(generator.next() % UInt64(group.count))] }
                total += statistic(drawn)
            }
            return total / Double(groups.count)
        }
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        for _ in 0..<resamples { ratios.append(resample(b) / resample(a)) }
        ratios.sort()
        let alpha = (1 - confidence) / 2
        return (estimate, Descriptive.percentile(sorted: ratios, alpha * 100)...Descriptive.percentile(sorted: ratios, (1 - alpha) * 100))
    }
}

import Foundation

/// Each benchmark's own noise, from the runs of one machine's history: how much its time moves
/// from one run to the next when nothing is meant to have changed. A threshold for a comparison
/// of two runs of that machine, one per benchmark rather than one for all.
///
/// With cᵢ the trimmed mean of run i (oldest first), the changes are dᵢ = |ln(cᵢ₊₁ / cᵢ)|. The
/// threshold is the upper Tukey fence of those changes, Q₃ + 1.5·(Q₃ − Q₁): a change above it is
/// an outlier among the benchmark's ordinary run-to-run moves. The fence rests on the quartiles, so
/// a few real changes in the history (steps the change-point search finds) barely move it.
public struct HistoryNoise: Codable, Hashable, Sendable {
    /// The threshold, as a fraction: exp(fence) − 1.
    public var threshold: Double
    /// Consecutive pairs of runs it was measured over.
    public var pairs: Int
    /// The standard deviation of ln(cᵢ₊₁ / cᵢ) between consecutive runs, from their median
    /// absolute value (1.4826 × the median of the dᵢ, the normal distribution's ratio, so that a
    /// few real steps barely move it): how far apart two runs of unchanged code land on this
    /// machine, the spread between processes and between runs together. A comparison of two runs
    /// takes it as the least standard error its log-ratio can have.
    public var spread: Double?

    public init(threshold: Double, pairs: Int, spread: Double? = nil) {
        (self.threshold, self.pairs, self.spread) = (threshold, pairs, spread)
    }

    /// Fewer consecutive pairs than this give no threshold: quartiles of a handful say little.
    public static let minimumPairs = 10

    /// Per benchmark, its noise over `runs` (oldest first) — consecutive runs of one profile only;
    /// benchmarks with fewer than `minimumPairs` pairs are left out.
    public static func thresholds(_ runs: [HistoryRun]) -> [String: HistoryNoise] {
        var changes: [String: [Double]] = [:]
        for (before, after) in zip(runs, runs.dropFirst()) where before.profile == after.profile {
            for (name, measure) in after.measures {
                guard let x = before.measures[name]?.center, let y = measure.center, x > 0, y > 0 else { continue }
                changes[name, default: []].append(abs(log(y / x)))
            }
        }
        return changes.compactMapValues { d in
            guard d.count >= minimumPairs else { return nil }
            let q1 = Descriptive.percentile(d, 25), q3 = Descriptive.percentile(d, 75)
            return HistoryNoise(threshold: exp(q3 + 1.5 * (q3 - q1)) - 1, pairs: d.count, spread: 1.4826 * Descriptive.median(d))
        }
    }
}

import Foundation

/// Change-point detection on a benchmark's history: where its level shifted.
///
/// The series (log of each run's time, so effects are relative) is fitted with a piecewise-
/// constant function by PELT (Killick, Fearnhead & Eckley 2012): minimise the sum over segments of
/// the squared deviations from the segment mean, plus a penalty per change. The penalty is
/// `penaltyFactor · σ² · ln n`, with the noise σ estimated robustly from the median absolute
/// first difference (σ ≈ 1.4826 · MAD(Δy) / √2), so a quiet series needs a small step to show one
/// and a noisy series a large one. The default factor, 5, keeps pure noise quiet (at most 1 of 40
/// synthetic noise-only histories flagged in the tests) while finding a 25% step in 3% noise. Changes whose level shift is smaller than `minimumEffect`
/// (relative) are then merged away: a real but negligible shift is not a regression.
public struct ChangePointDetector: Sendable {
    public var penaltyFactor: Double = 5
    public var minimumEffect: Double = 0.05
    public var minimumSegmentLength: Int = 2

    public init() {}

    public struct ChangePoint: Hashable, Sendable {
        /// The index of the first point of the new level.
        public let index: Int
        /// The new level over the old: above 1 is slower.
        public let ratio: Double
    }

    /// The change points of `values` (positive, in time order).
    public func detect(_ values: [Double]) -> [ChangePoint] {
        let y = values.map { log(max($0, .leastNonzeroMagnitude)) }
        let n = y.count
        guard n >= 2 * minimumSegmentLength else { return [] }
        let sigma = Self.noise(y)
        guard sigma > 0 else {
            return merge(Self.exactChanges(y), y)
        }
        let penalty = penaltyFactor * sigma * sigma * log(Double(n))
        // Prefix sums give each segment's cost in constant time.
        var sum = [0.0], sumSquares = [0.0]
        for v in y {
            sum.append(sum.last! + v)
            sumSquares.append(sumSquares.last! + v * v)
        }
        func cost(_ a: Int, _ b: Int) -> Double {   // segment y[a..<b]
            let count = Double(b - a), s = sum[b] - sum[a]
            return (sumSquares[b] - sumSquares[a]) - s * s / count
        }
        var best = [Double](repeating: .infinity, count: n + 1)
        var previous = [Int](repeating: 0, count: n + 1)
        best[0] = -penalty
        var candidates = [0]
        for end in minimumSegmentLength...n {
            var bestValue = Double.infinity, bestStart = 0
            for start in candidates where end - start >= minimumSegmentLength {
                let value = best[start] + cost(start, end) + penalty
                if value < bestValue { (bestValue, bestStart) = (value, start) }
            }
            best[end] = bestValue
            previous[end] = bestStart
            // Pruning: a start that cannot beat the best now can never win later.
            candidates = candidates.filter { start in end - start < minimumSegmentLength || best[start] + cost(start, end) <= bestValue }
            if end + 1 - minimumSegmentLength >= minimumSegmentLength || end == minimumSegmentLength { candidates.append(end) }
        }
        var boundaries: [Int] = []
        var end = n
        while end > 0 {
            let start = previous[end]
            if start > 0 { boundaries.append(start) }
            end = start
        }
        return merge(boundaries.sorted(), y)
    }

    /// Drops changes smaller than the minimum effect, re-measuring each against its neighbours.
    func merge(_ boundaries: [Int], _ y: [Double]) -> [ChangePoint] {
        var kept = boundaries
        var changed = true
        while changed {
            changed = false
            let edges = [0] + kept + [y.count]
            var smallest: (position: Int, effect: Double)?
            for k in kept.indices {
                let left = mean(y[edges[k]..<edges[k + 1]]), right = mean(y[edges[k + 1]..<edges[k + 2]])
                let effect = abs(right - left)
                if effect < log(1 + minimumEffect), effect < (smallest?.effect ?? .infinity) { smallest = (k, effect) }
            }
            if let smallest {
                kept.remove(at: smallest.position)
                changed = true
            }
        }
        let edges = [0] + kept + [y.count]
        return kept.indices.map { k in
            ChangePoint(index: kept[k], ratio: exp(mean(y[edges[k + 1]..<edges[k + 2]]) - mean(y[edges[k]..<edges[k + 1]])))
        }
    }

    func mean(_ values: ArraySlice<Double>) -> Double { values.reduce(0, +) / Double(values.count) }

    /// σ from the median absolute first difference.
    static func noise(_ y: [Double]) -> Double {
        let differences = zip(y.dropFirst(), y).map { abs($0 - $1) }.sorted()
        guard !differences.isEmpty else { return 0 }
        let mad = differences[differences.count / 2]
        return 1.4826 * mad / 2.0.squareRoot()
    }

    /// For a noiseless series: every index where the value changes.
    static func exactChanges(_ y: [Double]) -> [Int] {
        (1..<y.count).filter { y[$0] != y[$0 - 1] }
    }
}

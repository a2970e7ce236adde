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
///
/// PELT needs two points on each side of a change, so on its own it would flag a step a night
/// late. The newest value is therefore judged alone first: against the mean m and length k of the
/// current level (the last segment PELT finds in the earlier values), it is a new level when
/// |yₙ − m| exceeds both ln(1 + minimumEffect) and `newestStepSigmas` · σ · √(1 + 1/k) — the
/// spread of one new value around an estimated mean. A one-night blip flagged this way is gone the
/// next night, when PELT sees it has no second point.
public struct ChangePointDetector: Sendable {
    public var penaltyFactor: Double = 5
    public var minimumEffect: Double = 0.05
    public var minimumSegmentLength: Int = 2
    /// How many noise σ the newest value must stand from the current level to be flagged alone.
    public var newestStepSigmas: Double = 4

    public init() {}

    /// The fewest values in which a change point can be found at all: a level of
    /// `minimumSegmentLength` values and one after it.
    public var minimumValues: Int { minimumSegmentLength + 1 }

    public struct ChangePoint: Hashable, Sendable {
        /// The index of the first point of the new level.
        public let index: Int
        /// The new level over the old: above 1 is slower.
        public let ratio: Double
    }

    /// The change points of `values` (positive, in time order).
    public func detect(_ values: [Double]) -> [ChangePoint] {
        let y = despiked(values.map { log(max($0, .leastNonzeroMagnitude)) })
        if let newest = newestStep(y) { return newest }
        return segments(y)
    }

    /// The earlier values' change points and one at the newest value, when it alone is a new level.
    func newestStep(_ y: [Double]) -> [ChangePoint]? {
        guard y.count >= minimumSegmentLength + 1 else { return nil }
        let earlier = Array(y.dropLast())
        // A new level last night that tonight confirms is PELT's to place, with its two points.
        if earlier.count >= minimumSegmentLength + 1, step(earlier, after: segments(Array(earlier.dropLast()))) != nil { return nil }
        let changes = segments(earlier)
        return step(y, after: changes).map { changes + [$0] }
    }

    /// The newest value of `y` as a change from the current level of `y` without it, whose
    /// change points are `changes`; nil when it is within the bar.
    func step(_ y: [Double], after changes: [ChangePoint]) -> ChangePoint? {
        let n = y.count
        let current = y[(changes.last?.index ?? 0)..<(n - 1)]
        guard current.count >= minimumSegmentLength else { return nil }
        let step = y[n - 1] - mean(current)
        guard abs(step) > bar(Self.noise(Array(y.dropLast())), levelCount: current.count) else { return nil }
        return ChangePoint(index: n - 1, ratio: exp(step))
    }

    /// How far (in log) one value must stand from a level estimated from `levelCount` values.
    func bar(_ sigma: Double, levelCount: Int) -> Double {
        max(log(1 + minimumEffect), newestStepSigmas * sigma * (1 + 1 / Double(levelCount)).squareRoot())
    }

    /// The series with each one-night blip inside it replaced by its neighbours' mean: a value
    /// beyond the bar from both neighbours while they agree with each other. (The first value
    /// has one neighbour and the newest is judged by `newestStep`; a step leaves its neighbours
    /// apart, so it is never taken for a blip.) Without this, PELT, which needs two points a
    /// segment, would pair a blip with a neighbour into a change that stays in the history.
    func despiked(_ y: [Double]) -> [Double] {
        guard y.count >= 3 else { return y }
        let limit = bar(Self.noise(y), levelCount: 2)
        var z = y
        for i in 1..<(y.count - 1) where abs(y[i - 1] - y[i + 1]) <= limit && abs(y[i] - y[i - 1]) > limit && abs(y[i] - y[i + 1]) > limit {
            z[i] = (y[i - 1] + y[i + 1]) / 2
        }
        return z
    }

    /// PELT's change points, small ones merged away.
    func segments(_ y: [Double]) -> [ChangePoint] {
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
        func cost(_ a: Int, _ b: Int) -> Double { // segment y[a..<b]
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

import Foundation

/// Rank-based significance tests: Mann–Whitney U for two independent samples, Wilcoxon
/// signed-rank for paired differences. Exact p-values for small samples without ties; the normal
/// approximation with tie and continuity corrections otherwise.
public enum RankTests {
    public struct Result: Hashable, Sendable {
        public let statistic: Double
        /// Two-sided p-value.
        public let pValue: Double
        public let isExact: Bool
    }

    /// Mann–Whitney U. `statistic` is U₁, the count of pairs (x, y) with x > y, ties counting ½.
    public static func mannWhitneyU(_ x: [Double], _ y: [Double]) -> Result {
        let n1 = x.count, n2 = y.count
        guard n1 > 0, n2 > 0 else { return Result(statistic: .nan, pValue: 1, isExact: false) }
        let (ranks, tieTerm) = rank(x + y)
        let r1 = ranks.prefix(n1).reduce(0, +)
        let u1 = r1 - Double(n1 * (n1 + 1)) / 2
        let u2 = Double(n1 * n2) - u1
        if tieTerm == 0 && n1 + n2 <= 40 && min(n1, n2) <= 20 {
            // Exact: the null distribution of U counts the arrangements of n1 x's among n1 + n2.
            let distribution = uDistribution(n1, n2)
            let total = distribution.reduce(0, +)
            let extreme = Int(min(u1, u2).rounded())
            let tail = distribution.prefix(extreme + 1).reduce(0, +) / total
            return Result(statistic: u1, pValue: min(1, 2 * tail), isExact: true)
        }
        let n = Double(n1 + n2)
        let mean = Double(n1 * n2) / 2
        let variance = Double(n1 * n2) / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
        guard variance > 0 else { return Result(statistic: u1, pValue: 1, isExact: false) }
        let z = (abs(u1 - mean) - 0.5) / variance.squareRoot()
        return Result(statistic: u1, pValue: min(1, 2 * normalUpperTail(max(z, 0))), isExact: false)
    }

    /// Wilcoxon signed-rank test of paired differences against zero. Zero differences are
    /// dropped (Wilcoxon's method). `statistic` is min(W⁺, W⁻).
    public static func wilcoxonSignedRank(_ differences: [Double]) -> Result {
        let d = differences.filter { $0 != 0 }
        let n = d.count
        guard n > 0 else { return Result(statistic: 0, pValue: 1, isExact: false) }
        let (ranks, tieTerm) = rank(d.map(abs))
        let plus = zip(d, ranks).filter { $0.0 > 0 }.reduce(0) { $0 + $1.1 }
        let minus = Double(n * (n + 1)) / 2 - plus
        let statistic = min(plus, minus)
        if tieTerm == 0 && n <= 50 {
            // Exact: each of the 2ⁿ sign assignments is equally likely under the null.
            let distribution = signedRankDistribution(n)
            let total = distribution.reduce(0, +)
            let tail = distribution.prefix(Int(statistic.rounded()) + 1).reduce(0, +) / total
            return Result(statistic: statistic, pValue: min(1, 2 * tail), isExact: true)
        }
        let mean = Double(n * (n + 1)) / 4
        let variance = Double(n * (n + 1) * (2 * n + 1)) / 24 - tieTerm / 48
        guard variance > 0 else { return Result(statistic: statistic, pValue: 1, isExact: false) }
        let z = (abs(plus - mean) - 0.5) / variance.squareRoot()
        return Result(statistic: statistic, pValue: min(1, 2 * normalUpperTail(max(z, 0))), isExact: false)
    }

    /// Mid-ranks (1-based, ties share the average rank) and Σ(t³ − t) over tie groups.
    static func rank(_ values: [Double]) -> (ranks: [Double], tieTerm: Double) {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var tieTerm = 0.0
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count && values[order[end + 1]] == values[order[start]] { end += 1 }
            let average = Double(start + end + 2) / 2
            for k in start...end { ranks[order[k]] = average }
            let t = Double(end - start + 1)
            tieTerm += t * t * t - t
            start = end + 1
        }
        return (ranks, tieTerm)
    }

    /// Counts of U = 0…n1·n2 over all arrangements, by the recurrence
    /// f(n1, n2, u) = f(n1 − 1, n2, u − n2) + f(n1, n2 − 1, u).
    static func uDistribution(_ n1: Int, _ n2: Int) -> [Double] {
        // table[j][u] for the current i, built row by row.
        var previous = [[Double]](repeating: [1], count: n2 + 1) // i = 0: only U = 0
        for i in 1...n1 {
            var current = [[Double]](repeating: [], count: n2 + 1)
            current[0] = [1]
            for j in 1...max(n2, 1) where n2 > 0 {
                var row = [Double](repeating: 0, count: i * j + 1)
                for u in 0...(i * j) {
                    let withX = u >= j && u - j < previous[j].count ? previous[j][u - j] : 0
                    let withY = u < current[j - 1].count ? current[j - 1][u] : 0
                    row[u] = withX + withY
                }
                current[j] = row
            }
            previous = current
        }
        return previous[n2]
    }

    /// Counts of W⁺ = 0…n(n+1)/2 over the 2ⁿ sign assignments.
    static func signedRankDistribution(_ n: Int) -> [Double] {
        var counts = [Double](repeating: 0, count: n * (n + 1) / 2 + 1)
        counts[0] = 1
        var top = 0
        for rank in 1...n {
            top += rank
            for w in stride(from: top, through: rank, by: -1) { counts[w] += counts[w - rank] }
        }
        return counts
    }

    /// P(Z > z) for a standard normal Z.
    public static func normalUpperTail(_ z: Double) -> Double { 0.5 * erfc(z / 2.0.squareRoot()) }
}

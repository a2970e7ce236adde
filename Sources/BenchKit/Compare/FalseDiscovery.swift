import Foundation

/// The false-discovery control over one comparison's benchmarks (Benjamini & Hochberg 1995).
///
/// Each benchmark's time verdict is a test at level α = (1 − confidence)/2 per direction. Over
/// m benchmarks, m such tests would call one of them regressed or improved by chance with a
/// probability near m·2α: fourteen benchmarks of an A/A comparison give a false verdict
/// somewhere one time in three. So a comparison keeps a time verdict of `regressed` or
/// `improved` only when its directional p-value p (the smaller one-sided p) passes the
/// step-up procedure over the directional p-values of every benchmark it compared on time:
/// with p₍₁₎ ≤ … ≤ p₍ₘ₎ and k the largest rank with p₍ₖ₎ ≤ k·α/m, the k smallest are kept.
/// That bounds the expected share of false verdicts among those kept by 2α, and — when no
/// benchmark changed, as in an A/A comparison — the probability of any false verdict by 2α
/// (α for `regressed`), for independent tests and for positively dependent ones such as
/// benchmarks that share a machine's drift. A real regression keeps its verdict as long as its
/// p-value is small against the number of benchmarks compared: the bound grows with the number
/// of benchmarks that changed.
public struct FalseDiscovery: Codable, Hashable, Sendable {
    /// This benchmark's rank among the directional p-values, 1 the smallest.
    public var rank: Int
    /// The benchmarks compared on time, m.
    public var of: Int
    /// The bound the procedure set for this comparison, k·α/m (α/m when it kept none):
    /// a directional p-value above it is not a discovery.
    public var bound: Double
    /// Whether the verdict was kept.
    public var kept: Bool

    /// Applies the control to `comparisons` at `level` (α, per direction): a time verdict of
    /// regressed or improved whose p-value fails it becomes inconclusive, saying why; a count's
    /// verdict (instructions, allocations) is exact and stays.
    static func control(_ comparisons: inout [BenchmarkComparison], level alpha: Double) {
        let tested = comparisons.indices.filter { comparisons[$0].directionalPValue != nil }
        let m = tested.count
        guard m > 0 else { return }
        let order = tested.sorted { comparisons[$0].directionalPValue! < comparisons[$1].directionalPValue! }
        let kept = order.indices.last { position in comparisons[order[position]].directionalPValue! <= Double(position + 1) * alpha / Double(m) }
        let bound = Double((kept ?? 0) + 1) * alpha / Double(m)
        for (position, index) in order.enumerated() {
            let comparison = comparisons[index]
            let time = comparison.timeVerdict ?? ((comparison.decidedBy ?? [.time]).contains(.time) ? comparison.verdict : nil)
            guard let time, [.regressed, .improved].contains(time) else { continue }
            let keep = kept.map { position <= $0 } ?? false
            comparisons[index].falseDiscovery = FalseDiscovery(rank: position + 1, of: m, bound: bound, kept: keep)
            if !keep {
                let p = comparisons[index].directionalPValue!
                comparisons[index].withholdTimeVerdict(
                    String(
                        format: "p = %.2g is above the false-discovery bound %.2g of this comparison (rank %d of %d benchmarks compared on time)",
                        p, bound, position + 1, m), .falseDiscovery)
            }
        }
    }
}

extension BenchmarkComparison {
    /// Takes back a time verdict that the comparison as a whole cannot stand behind: it becomes
    /// inconclusive, saying why; where a count also decided, the count's verdict stays and the
    /// time's own reading is kept beside it. Load takes back any time verdict, `unchanged` too —
    /// an interval measured beside other work may hold the neighbour's share on one side and so
    /// hide a change as well as make one; the other reasons concern a change shown, and take
    /// back only `regressed` and `improved`.
    mutating func withholdTimeVerdict(_ why: String, _ reason: Withheld) {
        let withdrawn: [Verdict] = reason.isLoad ? [.regressed, .improved, .unchanged] : [.regressed, .improved]
        let note = "would be \(timeVerdict?.rawValue ?? verdict.rawValue) on time" + (ratio.map { String(format: " (%.3f×)", $0) } ?? "") + ", but \(why)"
        if let time = timeVerdict {
            guard withdrawn.contains(time) else { return }
            timeVerdict = .inconclusive
            withheld = reason
        } else {
            let measures = decidedBy ?? [.time]
            guard measures.contains(.time), withdrawn.contains(verdict) else { return }
            if measures == [.time] {
                verdict = .inconclusive
            } else {
                decidedBy = measures.filter { $0 != .time }
                timeVerdict = .inconclusive
            }
            withheld = reason
        }
        message = [message, note].compactMap { $0 }.joined(separator: "; ")
    }
}

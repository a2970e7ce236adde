import Foundation
import HarnessSupport

/// The one-sided sign-flip (randomisation) test of paired differences: exact whatever their
/// distribution, as long as it is symmetric about zero under H₀.
///
/// For differences x₁ … xₙ the statistic is S = Σ xᵢ. Under H₀ each xᵢ is as likely to be −xᵢ,
/// so the 2ⁿ vectors of signs ε give S(ε) = Σ εᵢ|xᵢ| equal chances, and
///
///     p = #{ε : S(ε) ≥ S} / 2ⁿ.
///
/// Two builds of one source measured in alternating rounds are exchangeable, so the log-ratios of
/// an A/A comparison are symmetric about zero however the processes scatter — bimodal timings
/// included, where a t test on a few rounds calls one build slower far more often than its level
/// says. The smallest p-value n rounds can give is 2⁻ⁿ (every difference positive), so a level α
/// needs the smallest n with 2⁻ⁿ < α (`minimumUnits`: 6 at 2.5%).
///
/// Up to `exactLimit` differences every sign vector is counted (in Gray-code order, one flip a
/// step); beyond it, `randomDraws` sign vectors from a fixed-seed generator estimate the tail as
/// (1 + count)/(1 + draws), which is itself a valid p-value, and the same differences always get
/// the same one.
public enum SignFlip {
    public static let exactLimit = 18
    public static let randomDraws = 1 << 16

    /// p = P(S(ε) ≥ Σ xᵢ) over equally likely sign vectors ε; 1 for no differences.
    public static func upperTail(_ x: [Double]) -> Double {
        guard !x.isEmpty, x.allSatisfy(\.isFinite) else { return 1 }
        let magnitudes = x.map(abs)
        let observed = x.reduce(0, +)
        // Sums equal to the observed one in exact arithmetic may differ in the last bits.
        let tolerance = 1e-12 * max(magnitudes.reduce(0, +), .leastNormalMagnitude)
        let bar = observed - tolerance
        if x.count <= exactLimit {
            var sum = -magnitudes.reduce(0, +)
            var positive = [Bool](repeating: false, count: x.count)
            var count = sum >= bar ? 1 : 0
            let total = 1 << x.count
            for step in 1..<total {
                let i = step.trailingZeroBitCount
                positive[i].toggle()
                sum += positive[i] ? 2 * magnitudes[i] : -2 * magnitudes[i]
                if sum >= bar { count += 1 }
            }
            return Double(count) / Double(total)
        }
        var generator = SplitMix64(seed: 0x5EED_F11B)
        var count = 0
        for _ in 0..<randomDraws {
            var sum = 0.0
            var bits: UInt64 = 0
            for (i, m) in magnitudes.enumerated() {
                if i % 64 == 0 { bits = generator.next() }
                sum += bits & 1 == 1 ? m : -m
                bits >>= 1
            }
            if sum >= bar { count += 1 }
        }
        return Double(1 + count) / Double(1 + randomDraws)
    }

    /// The fewest differences whose smallest possible p-value, 2⁻ⁿ, is below `alpha`.
    public static func minimumUnits(alpha: Double) -> Int {
        precondition(alpha > 0 && alpha < 1, "a level is inside (0, 1)")
        var n = 1
        while pow(2, -Double(n)) >= alpha { n += 1 }
        return n
    }
}

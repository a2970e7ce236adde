import Foundation
import HarnessSupport
import Testing

@testable import BenchKit

/// The sign-flip test verdicts on paired rounds also need: its tails counted by hand, its level
/// under symmetric noise of any shape, and what it changes in a verdict.
@Suite("Sign-flip test")
struct SignFlipTests {
    @Test("exact tails match sign vectors counted by hand")
    func exactTails() {
        // Every difference positive: only the observed signs reach the observed sum.
        #expect(SignFlip.upperTail([0.1, 0.2, 0.3, 0.4, 0.5]) == 1.0 / 32)
        // [1, −1]: sums 2, 0, 0, −2; three reach 0.
        #expect(SignFlip.upperTail([1, -1]) == 3.0 / 4)
        // [3, 1, −1]: sums ±3 ±1 ±1 = 5, 3, 3, 1, −1, −3, −3, −5; three reach 3.
        #expect(SignFlip.upperTail([3, 1, -1]) == 3.0 / 8)
        // All negative: every sign vector reaches it.
        #expect(SignFlip.upperTail([-1, -2, -3]) == 1)
        #expect(SignFlip.upperTail([]) == 1 && SignFlip.upperTail([1, .nan]) == 1)
    }

    @Test("the fewest rounds that can reach a level: the smallest n with 2⁻ⁿ below it")
    func minimumUnits() {
        #expect(SignFlip.minimumUnits(alpha: 0.025) == 6) // 2⁻⁵ = 0.031, 2⁻⁶ = 0.016
        #expect(SignFlip.minimumUnits(alpha: 0.05) == 5) // 2⁻⁴ = 0.0625, 2⁻⁵ = 0.031
        #expect(SignFlip.minimumUnits(alpha: 0.5) == 2)
    }

    @Test("past the exact limit, sampled sign vectors: the same p-value every time, near the binomial tail")
    func sampledTail() {
        // 30 differences of ±1 summing to 0: P(Σεᵢ ≥ 0) = 1/2 + C(30, 15)/2³¹ = 0.57223.
        let alternating = (0..<30).map { $0 % 2 == 0 ? 1.0 : -1.0 }
        let p = SignFlip.upperTail(alternating)
        #expect(abs(p - (0.5 + 155_117_520.0 / 2_147_483_648.0)) < 0.01, "\(p)")
        #expect(SignFlip.upperTail(alternating) == p)
        // Thirty positive differences: no draw reaches them, so p = 1/(1 + draws).
        #expect(SignFlip.upperTail((1...30).map(Double.init)) == 1 / Double(1 + SignFlip.randomDraws))
    }

    /// Per-process log-times in two modes a factor 1.6 apart (measured of one debug build:
    /// a fifth of its processes fast), with 2% noise inside a mode.
    func bimodalProcess(_ generator: inout SplitMix64, _ gaussian: inout VerdictStatisticsTests.Gaussian) -> Double {
        (Double(generator.next() >> 11) / Double(1 << 53) < 0.8 ? 0.47 : 0) + 0.02 * gaussian.next()
    }

    @Test("A/A rounds of a bimodal build: the sign-flip test rejects in at most its level, and so does the verdict")
    func levelUnderModes() {
        var generator = SplitMix64(seed: 3)
        var gaussian = VerdictStatisticsTests.Gaussian(seed: 5)
        let trials = 3000, rounds = 8
        var rejected = 0, regressed = 0
        for _ in 0..<trials {
            let d = (0..<rounds).map { _ in bimodalProcess(&generator, &gaussian) - bimodalProcess(&generator, &gaussian) }
            if SignFlip.upperTail(d) < 0.025 { rejected += 1 }
            let decision = VerdictDecision(RatioEstimate.pairedRounds(logRatios: d)!, threshold: 0.05, confidence: 0.95, margin: 0.5)
            if decision.verdict == .regressed { regressed += 1 }
        }
        // The level is exact for symmetric differences: Binomial(3000, 0.025) lies below 0.035
        // with probability above 0.999.
        #expect(Double(rejected) / Double(trials) < 0.035, "\(rejected) of \(trials)")
        #expect(Double(regressed) / Double(trials) < 0.035, "\(regressed) of \(trials)")
    }

    @Test("a verdict on paired rounds needs the sign-flip test: five rounds never decide, six consistent ones do")
    func verdictNeedsSignFlip() {
        // Five rounds, each 20% slower: the t has no scatter to doubt, the signs give p = 2⁻⁵ > 2.5%.
        let five = RatioEstimate.pairedRounds(logRatios: [0.18, 0.19, 0.18, 0.185, 0.182])!
        let fiveDecision = VerdictDecision(five, threshold: 0.05, confidence: 0.95)
        #expect(fiveDecision.verdict == .inconclusive && fiveDecision.directionalPValue == 1.0 / 32)
        // Nor can five rounds detect any slowdown: no detectable effect is claimed for them.
        #expect(fiveDecision.detectableEffect.isNaN)
        let six = RatioEstimate.pairedRounds(logRatios: [0.18, 0.19, 0.18, 0.185, 0.182, 0.187])!
        let sixDecision = VerdictDecision(six, threshold: 0.05, confidence: 0.95)
        #expect(sixDecision.verdict == .regressed && sixDecision.detectableEffect.isFinite)
        // Two independent processes' estimate has no rounds to flip and is unchanged by it.
        let processes = RatioEstimate.processes(baseline: [100, 101, 99], candidate: [120, 121, 119])!
        #expect(processes.logRatios == nil && VerdictDecision(processes, threshold: 0.05, confidence: 0.95).verdict == .regressed)
        // Confirmation rounds are never fewer than the test can confirm with.
        #expect(RevisionComparison.confirmationRounds(after: 4, design: .blocks) == 6)
    }
}

import Foundation
import HarnessSupport
import Testing

@testable import BenchKit

/// The statistics verdicts rest on, against textbook values and simulations with known answers.
@Suite("Verdict statistics")
struct VerdictStatisticsTests {
    /// Standard normal draws (Box–Muller) from a seeded generator.
    struct Gaussian {
        var generator: SplitMix64
        init(seed: UInt64) { generator = SplitMix64(seed: seed) }
        mutating func next() -> Double {
            let u = max(Double(generator.next() >> 11) / Double(1 << 53), 1e-300), v = Double(generator.next() >> 11) / Double(1 << 53)
            return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
        }
    }

    @Test("Student t quantiles match the printed tables (e.g. NIST/SEMATECH e-Handbook 1.3.6.7.2) to 3 decimals")
    func tQuantiles() {
        let table: [(p: Double, df: Double, t: Double)] = [
            (0.975, 4, 2.776), (0.975, 10, 2.228), (0.975, 30, 2.042), (0.8, 5, 0.920),
            (0.95, 1, 6.314), (0.99, 20, 2.528), (0.9, 100, 1.290),
        ]
        for row in table {
            #expect(abs(StudentT.quantile(row.p, degreesOfFreedom: row.df) - row.t) < 0.0015, "t(\(row.p), \(row.df))")
            #expect(abs(StudentT.cdf(row.t, degreesOfFreedom: row.df) - row.p) < 0.0005, "F(\(row.t); \(row.df))")
            #expect(abs(StudentT.upperTail(row.t, degreesOfFreedom: row.df) - (1 - row.p)) < 0.0005)
        }
        #expect(StudentT.cdf(0, degreesOfFreedom: 7) == 0.5)
        // Symmetry, and the normal limit: t(0.975, ∞) = 1.960.
        #expect(abs(StudentT.quantile(0.025, degreesOfFreedom: 9) + StudentT.quantile(0.975, degreesOfFreedom: 9)) < 1e-9)
        #expect(abs(StudentT.quantile(0.975, degreesOfFreedom: 1e6) - 1.960) < 0.001)
    }

    /// Paired rounds: log-ratios ln(ratio) + σ·z.
    func roundEstimate(ratio: Double, sigma: Double, rounds: Int, _ gaussian: inout Gaussian) -> RatioEstimate {
        RatioEstimate.pairedRounds(logRatios: (0..<rounds).map { _ in log(ratio) + sigma * gaussian.next() })!
    }

    /// Processes: each side's per-process statistics, lognormal around its level.
    func processEstimate(ratio: Double, sigma: Double, processes: Int, _ gaussian: inout Gaussian) -> RatioEstimate {
        let a = (0..<processes).map { _ in 1000 * exp(sigma * gaussian.next()) }
        let b = (0..<processes).map { _ in 1000 * ratio * exp(sigma * gaussian.next()) }
        return RatioEstimate.processes(baseline: a, candidate: b)!
    }

    @Test("the 95% interval covers the true ratio in 95% of synthetic comparisons, in both designs")
    func coverage() {
        var gaussian = Gaussian(seed: 42)
        let trials = 4000
        var pairedHits = 0, processHits = 0
        for _ in 0..<trials {
            if roundEstimate(ratio: 1.07, sigma: 0.03, rounds: 6, &gaussian).interval(confidence: 0.95).contains(1.07) { pairedHits += 1 }
            if processEstimate(ratio: 1.07, sigma: 0.05, processes: 4, &gaussian).interval(confidence: 0.95).contains(1.07) { processHits += 1 }
        }
        // Binomial(4000, 0.95) has a standard deviation of 0.34%: ±1.2% is 3.5 of them. Welch's
        // approximation is slightly conservative with equal variances.
        #expect(abs(Double(pairedHits) / Double(trials) - 0.95) < 0.012, "paired coverage \(pairedHits) of \(trials)")
        #expect(Double(processHits) / Double(trials) > 0.938 && Double(processHits) / Double(trials) < 0.975, "process coverage \(processHits) of \(trials)")
    }

    @Test("the regressed test has its stated size: at a true ratio of exactly 1 + θ it fires in 2.5% of comparisons")
    func size() {
        var gaussian = Gaussian(seed: 7)
        let trials = 6000
        var regressed = 0
        for _ in 0..<trials
        where VerdictDecision(roundEstimate(ratio: 1.05, sigma: 0.04, rounds: 8, &gaussian), threshold: 0.05, confidence: 0.95).verdict == .regressed {
            regressed += 1
        }
        #expect(abs(Double(regressed) / Double(trials) - 0.025) < 0.007, "\(regressed) of \(trials)")
    }

    @Test("A/A: the whole verdict calls fewer than 0.5% regressed or improved at θ = 5%, in both designs")
    func falsePositives() {
        var gaussian = Gaussian(seed: 11)
        let trials = 4000
        var paired = 0, processes = 0, unchangedPaired = 0
        for _ in 0..<trials {
            let p = VerdictDecision(roundEstimate(ratio: 1, sigma: 0.03, rounds: 6, &gaussian), threshold: 0.05, confidence: 0.95)
            if [.regressed, .improved].contains(p.verdict) { paired += 1 }
            if p.verdict == .unchanged { unchangedPaired += 1 }
            let q = VerdictDecision(processEstimate(ratio: 1, sigma: 0.05, processes: 3, &gaussian), threshold: 0.05, confidence: 0.95)
            if [.regressed, .improved].contains(q.verdict) { processes += 1 }
        }
        #expect(Double(paired) / Double(trials) < 0.005 && Double(processes) / Double(trials) < 0.005, "\(paired), \(processes) of \(trials)")
        // With 3% round noise and six rounds, TOST calls most A/A pairs unchanged: the interval's
        // half-width t(0.975, 5)·s/√6 is 3.1% at s = σ, leaving |m| < 1.7% — m's σ is 1.2%, so about
        // 84% with s known; a low s widens the margin and a high one shrinks it.
        #expect(Double(unchangedPaired) / Double(trials) > 0.7, "\(unchangedPaired) of \(trials) unchanged")
    }

    @Test("power: a slowdown equal to the stated detectable effect is called regressed in about 80% of comparisons")
    func power() {
        var gaussian = Gaussian(seed: 99)
        let sigma = 0.02, rounds = 8, trials = 4000
        // The detectable effect the verdict states depends only on the noise and the rounds.
        let stated = VerdictDecision.detectableEffect(
            threshold: 0.05, standardError: sigma / Double(rounds).squareRoot(),
            degreesOfFreedom: Double(rounds - 1), confidence: 0.95)
        var regressed = 0
        for _ in 0..<trials
        where VerdictDecision(roundEstimate(ratio: 1 + stated, sigma: sigma, rounds: rounds, &gaussian), threshold: 0.05, confidence: 0.95).verdict
            == .regressed
        {
            regressed += 1
        }
        // The normal approximation (t₁₋α + t₀.₈)·s of the noncentral t is close at 7 degrees of freedom.
        #expect(Double(regressed) / Double(trials) > 0.72 && Double(regressed) / Double(trials) < 0.88, "\(regressed) of \(trials) at +\(stated)")
        // An 8% slowdown with this noise is found nearly always; 3% never.
        var eight = 0, three = 0
        for _ in 0..<1000 {
            if VerdictDecision(roundEstimate(ratio: 1.08, sigma: sigma, rounds: rounds, &gaussian), threshold: 0.05, confidence: 0.95).verdict == .regressed {
                eight += 1
            }
            if VerdictDecision(roundEstimate(ratio: 1.03, sigma: sigma, rounds: rounds, &gaussian), threshold: 0.05, confidence: 0.95).verdict == .regressed {
                three += 1
            }
        }
        #expect(eight >= 900 && three == 0, "8%: \(eight) of 1000, 3%: \(three) of 1000")
    }

    @Test("calibration: the threshold floor is zero when no A/A pair decided a change, and above the widest A/A interval otherwise")
    func calibrationFloor() {
        let quiet = [RatioEstimate.pairedRounds(logRatios: [0.01, -0.01, 0.0, 0.005])!]
        #expect(Calibration.DesignFigures(estimates: quiet, threshold: 0.05, confidence: 0.95, detectableEffect: 0.07).thresholdFloor == 0)
        // An A/A pair at 1.10 with a tight interval over six rounds (enough for the sign-flip
        // test): a false positive at 5%; the floor clears its lower end.
        let loud = RatioEstimate.pairedRounds(logRatios: [0.094, 0.096, 0.095, 0.097, 0.095, 0.096])!
        let figures = Calibration.DesignFigures(estimates: [loud], threshold: 0.05, confidence: 0.95, detectableEffect: 0.07)
        #expect(figures.falsePositives == 1)
        #expect(figures.thresholdFloor > loud.interval(confidence: 0.95).lowerBound - 1)
        #expect(VerdictDecision(loud, threshold: figures.thresholdFloor, confidence: 0.95).verdict != .regressed)
    }
}

import Foundation
import Testing

@testable import BenchKit

/// Thresholds from a benchmark's own noise: the run-to-run fence of the history, and what
/// `calibrate` says a `compare-revisions` job can reach.
@Suite("Noise thresholds")
struct NoiseThresholdTests {
    func run(_ centers: [String: Double], profile: String = "standard") -> HistoryRun {
        HistoryRun(
            startedAt: "", profile: profile, environment: ComparisonTests.environment, benchmarks: centers.keys.sorted(),
            measures: centers.mapValues { HistoryMeasure(center: $0, low: nil, high: nil, instructions: nil) })
    }

    @Test("the threshold is the upper Tukey fence of |ln(cᵢ₊₁/cᵢ)|: changes 1‰…12‰ give Q1 3.75‰, Q3 9.25‰, fence 17.5‰")
    func historyFence() throws {
        // Changes of 0.001·k, k = 1…12, alternating up and down: type-7 quartiles of 1…12 are
        // 3.75 and 9.25, so the fence is 9.25 + 1.5·5.5 = 17.5 (thousandths of a log unit).
        var level = 100.0
        var runs = [run(["x": level, "few": 5])]
        for k in 1...12 {
            level *= exp((k % 2 == 0 ? 1 : -1) * 0.001 * Double(k))
            runs.append(run(["x": level, "few": k < 5 ? 5 : 0]))
        }
        let noise = HistoryNoise.thresholds(runs)
        let x = try #require(noise["x"])
        #expect(x.pairs == 12)
        #expect(abs(x.threshold - (exp(0.0175) - 1)) < 1e-12)
        #expect(noise["few"] == nil, "4 pairs with a time are fewer than the 10 the quartiles need")
    }

    @Test("pairs across a change of profile are not noise; one real step barely moves the fence")
    func historyFenceIsRobust() throws {
        var runs: [HistoryRun] = []
        var level = 100.0
        for k in 0..<21 {
            level *= exp((k % 2 == 0 ? 1 : -1) * 0.005)
            runs.append(run(["x": k == 20 ? level * 1.3 : level], profile: k == 10 ? "quick" : "standard"))
        }
        let x = try #require(HistoryNoise.thresholds(runs)["x"])
        #expect(x.pairs == 18, "20 pairs less the two that touch the quick run")
        // 17 changes of 0.005 and one of ln 1.3 ≈ 0.26: the quartiles are 0.005, so is the fence.
        #expect(abs(x.threshold - (exp(0.005) - 1)) < 1e-12)
    }

    @Test("a history threshold replaces the global one for its benchmark, says so, and yields to --threshold-for")
    func historyPolicy() throws {
        var policy = ComparisonPolicy()
        policy.threshold = 0.05
        policy.historyThresholds = ["x": HistoryNoise(threshold: 0.015, pairs: 30)]
        #expect(policy.threshold(for: "x").value == 0.015)
        #expect(policy.threshold(for: "y").value == 0.05)
        #expect(policy.thresholdNote(for: "x") != nil && policy.thresholdNote(for: "y") == nil)
        let base = ComparisonTests().result([("x", 1000, 1), ("y", 1000, 1)])
        let slower = ComparisonTests().result([("x", 1040, 5), ("y", 1040, 5)])
        let report = try ComparisonReport.compare(baseline: base, candidate: slower, baselineName: "a", candidateName: "b", policy: policy)
        let verdicts = Dictionary(uniqueKeysWithValues: report.comparisons.map { ($0.name, $0.verdict) })
        #expect(verdicts["x"] == .regressed, "4% slower, above x's own 1.5% noise")
        #expect(verdicts["y"] != .regressed, "4% slower, short of the global 5%")
        #expect(report.comparisons.first { $0.name == "x" }?.threshold == 0.015)
        policy.thresholdOverrides = [("^x$", 0.1)]
        #expect(policy.threshold(for: "x").value == 0.1 && policy.thresholdNote(for: "x") == nil)
    }

    @Test("rounds to decide 3% at a 2% threshold with a round CV of 2%: 35, from t₀.₉₇₅,₃₄ = 2.032 and t₀.₈,₃₄ = 0.852")
    func roundsNeeded() throws {
        // n = ((t₀.₉₇₅ + t₀.₈)·cv / (ln 1.03 − ln 1.02))² = (2.884 · 0.02 / 0.009756)² = 34.96
        // with the quantiles of 34 degrees of freedom (published tables): 35 rounds.
        #expect(Calibration.roundsNeeded(effect: 0.03, threshold: 0.02, roundCV: 0.02, confidence: 0.95) == 35)
        #expect(Calibration.roundsNeeded(effect: 0.02, threshold: 0.02, roundCV: 0.02, confidence: 0.95) == nil, "a slowdown at the threshold")
        #expect(Calibration.roundsNeeded(effect: 0.03, threshold: 0.02, roundCV: 1, confidence: 0.95) == nil, "beyond 1,000 rounds")
        let quieter = try #require(Calibration.roundsNeeded(effect: 0.03, threshold: 0.02, roundCV: 0.01, confidence: 0.95))
        #expect(quieter < 35 && quieter >= 9, "a quarter of the variance: about a quarter of the rounds, t's tails aside")
    }

    @Test("with a margin of half the threshold, 11 rounds decide 3% at 2% with a round CV of 2% (t₀.₉₇₅,₁₀ = 2.228, t₀.₈,₁₀ = 0.879)")
    func roundsNeededWithMargin() throws {
        // ln 1.03 ≥ ln 1.01 + (t₀.₉₇₅ + t₀.₈)·0.02/√n: at n = 10 (9 degrees of freedom, 2.262 + 0.883)
        // the right side is 0.02984 > 0.02956; at n = 11 it is 0.00995 + 3.107 · 0.00603 = 0.02869.
        #expect(Calibration.roundsNeeded(effect: 0.03, threshold: 0.02, roundCV: 0.02, confidence: 0.95, margin: 0.5) == 11)
    }

    func estimate(ratio: Double, logStandardError: Double, rounds: Int = 30) -> RatioEstimate {
        RatioEstimate(
            design: .pairedRounds, ratio: ratio, logStandardError: logStandardError, degreesOfFreedom: Double(rounds - 1),
            baselineUnits: rounds, candidateUnits: rounds)
    }

    @Test("a margin: regressed needs the estimate past 1 + θ and the interval past 1 + μθ; unchanged stays the interval inside ±θ")
    func margin() {
        // t₀.₉₇₅,₂₉ = 2.045: with s = 0.004 the interval is the estimate ×/÷ e^0.00818.
        func verdict(_ ratio: Double, margin: Double) -> Verdict {
            VerdictDecision(estimate(ratio: ratio, logStandardError: 0.004), threshold: 0.02, confidence: 0.95, margin: margin).verdict
        }
        // 1.028: interval 1.0197–1.0365 — above 1.01, not wholly above 1.02.
        #expect(verdict(1.028, margin: 0.5) == .regressed)
        #expect(verdict(1.028, margin: 1) == .inconclusive)
        // 1.035: interval 1.0265–1.0435 — above 1.02: regressed either way.
        #expect(verdict(1.035, margin: 1) == .regressed && verdict(1.035, margin: 0.5) == .regressed)
        // 1.019: interval above 1.01 but the estimate short of 1.02: not a regression at 2%.
        #expect(verdict(1.019, margin: 0.5) == .inconclusive)
        // 1.008: interval 0.9998–1.0163, inside 0.980–1.02: unchanged, whatever the margin.
        #expect(verdict(1.008, margin: 0.5) == .unchanged && verdict(1.008, margin: 1) == .unchanged)
        // And faster alike.
        #expect(verdict(1 / 1.028, margin: 0.5) == .improved && verdict(1 / 1.028, margin: 1) == .inconclusive)
    }

    @Test("a confirmation gets as many rounds as the verdict, or the rounds its measured slowdown needs for 80% power")
    func confirmationRounds() {
        // Log-ratios 0.02 and 0.06: m̂ = 0.04, sd = 0.0283, so n needs √n ≥ 0.707·(t₀.₉₇₅ + t₀.₈):
        // at n = 6 (5 degrees of freedom, 2.571 + 0.920) √6 = 2.449 < 2.468; at n = 7 (2.447 + 0.906) 2.646 ≥ 2.371.
        #expect(RevisionComparison.confirmationRounds(after: 2, design: .blocks, logRatios: [0.02, 0.06]) == 7)
        #expect(RevisionComparison.confirmationRounds(after: 12, design: .blocks, logRatios: [0.02, 0.06]) == 12)
        #expect(RevisionComparison.confirmationRounds(after: 8, design: .blocks, logRatios: [0.5, 0.51, 0.5]) == 8, "a clear slowdown: as many again")
        // Never fewer than the sign-flip test can confirm with: 2⁻⁶ < 2.5% ≤ 2⁻⁵.
        #expect(RevisionComparison.confirmationRounds(after: 3, design: .blocks, logRatios: [0.5, 0.51, 0.5]) == 6)
        #expect(RevisionComparison.confirmationRounds(after: 3, design: .processes, logRatios: [0.5, 0.51, 0.5]) == 8)
    }

    @Test("a confirmation cut short is judged once on the further rounds it has, if they are at least the fewest a confirmation takes")
    func confirmationAtStop() {
        let comparison = RevisionComparison(
            options: .init(), repository: URL(fileURLWithPath: "/nonexistent"), workspace: URL(fileURLWithPath: "/nonexistent"))
        func rounds(_ logRatios: [Double]) -> [RevisionComparison.Round] {
            logRatios.map { .init(samples: [[1], [exp($0)]], loads: [nil, nil]) }
        }
        // 17 rounds of log-ratios 0.25 and 0.35 in turn called it regressed (1.35×, far past the
        // 10% threshold); the round limit of 30 leaves 13 of the 17 planned further rounds.
        let decided = Array(repeating: [0.25, 0.35], count: 9).flatMap { $0 }.prefix(17)
        let slower = rounds(Array(decided) + Array(repeating: [0.25, 0.35], count: 7).flatMap { $0 }.prefix(13))
        // 13 rounds all slower: the sign-flip test's p is 2⁻¹³, the t test's far smaller: confirmed.
        let judged = comparison.confirmationAtStop("x", slower, after: 17, planned: 17, looked: false, design: .processes, stopReason: "limit")
        #expect(judged.confirmed)
        // The same rounds after a look that fell short: a second look is not taken.
        #expect(!comparison.confirmationAtStop("x", slower, after: 17, planned: 34, looked: true, design: .processes, stopReason: "limit").confirmed)
        // 7 further rounds, one fewer than a one-process-a-side confirmation takes (8); with blocks, 6 are enough.
        let seven = Array(slower.prefix(24))
        #expect(!comparison.confirmationAtStop("x", seven, after: 17, planned: 17, looked: false, design: .processes, stopReason: "limit").confirmed)
        #expect(comparison.confirmationAtStop("x", seven, after: 17, planned: 17, looked: false, design: .blocks, stopReason: "limit").confirmed)
        // Further rounds at the baseline's level (log-ratios ±0.05, mean 0): not confirmed.
        let level = rounds(Array(decided) + Array(repeating: [0.05, -0.05], count: 7).flatMap { $0 }.prefix(13))
        #expect(!comparison.confirmationAtStop("x", level, after: 17, planned: 17, looked: false, design: .processes, stopReason: "limit").confirmed)
    }

    @Test("the budget holds the cheapest benchmarks first: each needs 2 × rounds × its round time")
    func reachWithinBudget() throws {
        func noise(_ name: String, cv: Double, seconds: Double) -> Calibration.BenchmarkNoise {
            let figures = Calibration.DesignFigures(falsePositives: 0, inconclusive: 0, pairs: 0, detectableEffect: 0, thresholdFloor: 0, ratios: [])
            return .init(
                name: name, processCV: 0, roundCV: cv, sampleCV: 0, roundSeconds: seconds, compare: figures, revisions: figures)
        }
        let calibration = Calibration(
            schemaVersion: 1, machineKey: "", seriesKey: "", profile: "quick", date: "", revision: nil, threshold: 0.02, pairs: 0,
            rounds: 0, processesPerRun: 0, machine: nil,
            benchmarks: [noise("quiet", cv: 0.02, seconds: 1), noise("slow", cv: 0.02, seconds: 2), noise("noisy", cv: 1, seconds: 0.1)])
        // 35 rounds each: quiet 70 s, slow 140 s; noisy needs more than 1,000.
        let reach = calibration.reach(effect: 0.03, threshold: 0.02, minutes: 3)
        #expect(reach.map(\.rounds) == [35, 35, nil])
        #expect(reach.map(\.seconds) == [70, 140, nil])
        #expect(reach.map(\.withinBudget) == [true, false, false], "70 s fit in 180 s; 70 + 140 do not")
        #expect(calibration.reach(effect: 0.03, threshold: 0.02, minutes: 3.5).map(\.withinBudget) == [true, true, false])
    }
}

import Foundation
import HarnessSupport
import Testing

@testable import BenchKit
@testable import BenchKitWorker

/// What keeps a comparison of many benchmarks from a false verdict: the false-discovery control
/// over the family, the spread between runs, the whole run's neighbours, and confirmation by a
/// further run. Expected values follow from the procedures' definitions, worked out by hand.
@Suite("Verdicts a comparison can stand behind")
struct VerdictSafetyTests {
    let family = ComparisonTests()

    /// A regressed time verdict with the directional p-value `p`.
    func regressed(_ name: String, p: Double) -> BenchmarkComparison {
        var comparison = BenchmarkComparison(name: name, verdict: .regressed, threshold: 0.1)
        (comparison.ratio, comparison.decidedBy, comparison.directionalPValue, comparison.pValue) = (1.2, [.time], p, p)
        return comparison
    }

    func unchanged(_ name: String, p: Double) -> BenchmarkComparison {
        var comparison = BenchmarkComparison(name: name, verdict: .unchanged, threshold: 0.1)
        (comparison.ratio, comparison.decidedBy, comparison.directionalPValue) = (1, [.time], p)
        return comparison
    }

    @Test("Benjamini–Hochberg at α = 2.5%: over 14 benchmarks, p = 0.001 ≤ 1·α/14 = 0.00179 is kept, p = 0.004 > 2·α/14 and 0.019 > 3·α/14 are withheld")
    func fourteen() {
        var comparisons = [regressed("a", p: 0.001), regressed("b", p: 0.004), regressed("c", p: 0.019)]
        comparisons += (0..<11).map { unchanged("u\($0)", p: 0.3 + 0.05 * Double($0)) }
        FalseDiscovery.control(&comparisons, level: 0.025)
        #expect(comparisons[0].verdict == .regressed && comparisons[0].falseDiscovery?.kept == true)
        #expect(comparisons[1].verdict == .inconclusive && comparisons[1].withheld == .falseDiscovery)
        #expect(comparisons[2].verdict == .inconclusive && comparisons[2].withheld == .falseDiscovery)
        #expect(comparisons[2].falseDiscovery?.rank == 3 && comparisons[2].falseDiscovery?.of == 14)
        #expect(abs((comparisons[2].falseDiscovery?.bound ?? 0) - 0.025 / 14) < 1e-12, "the bound is k·α/m with k = 1 kept")
        #expect(comparisons[3...].allSatisfy { $0.verdict == .unchanged && $0.falseDiscovery == nil })
    }

    @Test("step-up: eight regressions each at p = 0.02 are all kept, since p₍₈₎ = 0.02 ≤ 8·α/8 = 0.025; one alone at 0.02 among eight is not (0.02 > α/8)")
    func stepUp() {
        var all = (0..<8).map { regressed("r\($0)", p: 0.02) }
        FalseDiscovery.control(&all, level: 0.025)
        #expect(all.allSatisfy { $0.verdict == .regressed })
        var one = [regressed("r", p: 0.02)] + (0..<7).map { unchanged("u\($0)", p: 0.5) }
        FalseDiscovery.control(&one, level: 0.025)
        #expect(one[0].verdict == .inconclusive && one[0].withheld == .falseDiscovery)
    }

    @Test("a count's verdict is exact and stays when the time's is withheld; the time's reading is kept beside it")
    func countsStay() {
        var comparison = regressed("x", p: 0.02)
        comparison.decidedBy = [.time, .instructions]
        var comparisons = [comparison] + (0..<7).map { unchanged("u\($0)", p: 0.5) }
        FalseDiscovery.control(&comparisons, level: 0.025)
        #expect(comparisons[0].verdict == .regressed && comparisons[0].decidedBy == [.instructions])
        #expect(comparisons[0].timeVerdict == .inconclusive && comparisons[0].withheld == .falseDiscovery)
    }

    @Test(
        "the spread between runs from the history is the least standard error: 1.5× over ±1% processes is regressed alone, inconclusive with a spread of 0.2 (t = (ln 1.5 − ln 1.1)/0.2 = 1.55 < t₀.₉₇₅,₂₉ = 2.05)"
    )
    func spreadBetweenRuns() throws {
        let base = family.result([("x", 1000, 1)]), slower = family.result([("x", 1500, 3)])
        var policy = ComparisonPolicy()
        let alone = try ComparisonReport.compare(baseline: base, candidate: slower, baselineName: "a", candidateName: "b", policy: policy)
        #expect(alone.comparisons[0].verdict == .regressed)
        policy.betweenRunSpread = ["x": HistoryNoise(threshold: 0.3, pairs: 30, spread: 0.2)]
        let widened = try ComparisonReport.compare(baseline: base, candidate: slower, baselineName: "a", candidateName: "b", policy: policy)
        #expect(widened.comparisons[0].verdict == .inconclusive && widened.comparisons[0].spreadNote != nil)
        let t = (log(try #require(widened.comparisons[0].ratio)) - log(1.1)) / 0.2
        #expect(abs((widened.comparisons[0].pValue ?? 0) - StudentT.upperTail(t, degreesOfFreedom: 29)) < 1e-9)
    }

    @Test("the spread from the history: 1.4826 × the median |ln(cᵢ₊₁/cᵢ)|; changes of ±1%, ±2%, ±3% alternating give 1.4826·ln 1.02")
    func historySpread() {
        let levels = [1.0, 1.01, 1.0, 1.02, 1.0, 1.03, 1.0, 1.01, 1.0, 1.02, 1.0, 1.03, 1.0]
        let runs = levels.map { level in
            HistoryRun(
                startedAt: "", profile: "standard", environment: ComparisonTests.environment, benchmarks: ["x"],
                measures: ["x": HistoryMeasure(center: 1000 * level, low: nil, high: nil, instructions: nil)])
        }
        let noise = HistoryNoise.thresholds(runs)["x"]
        #expect(noise?.pairs == 12)
        #expect(abs((noise?.spread ?? 0) - 1.4826 * log(1.02)) < 1e-9)
    }

    @Test("a run measured beside a quarter CPU of other work over its whole span decides nothing on time: withheld as busyRun, exit 3")
    func busySpan() throws {
        let base = family.result([("x", 1000, 1)])
        var slower = family.result([("x", 1500, 3)])
        slower.machine = MachineState(
            capacity: 2, threads: 2, loadAverage: nil, loads: [], remeasured: 0,
            span: ProcessLoad(wallSeconds: 40, ownCPUSeconds: 40, othersCPU: 0.3))
        let report = try ComparisonReport.compare(baseline: base, candidate: slower, baselineName: "a", candidateName: "b")
        #expect(report.comparisons[0].verdict == .inconclusive && report.comparisons[0].withheld == .busyRun && report.exitCode == 3)
        slower.machine?.span?.othersCPU = 0.2
        let quiet = try ComparisonReport.compare(baseline: base, candidate: slower, baselineName: "a", candidateName: "b")
        #expect(quiet.comparisons[0].verdict == .regressed)
    }

    @Test(
        "a regression a busy baseline run hides is not called unchanged: the baseline slowed 10% by a neighbour against a candidate 10% slower measured quietly reads 1.00×, and decides nothing — busy over the span (busyRun) or in its processes (busyProcesses), exit 3; a count's verdict still stands"
    )
    func busyHidesNoRegression() throws {
        // The candidate's code is 10% slower than the baseline's (1000 → 1100), but the
        // baseline was measured beside a neighbour that took 10% of its time (1000 → 1100).
        var hidden = family.result([("x", 1100, 1)])
        let candidate = family.result([("x", 1100, 2)])
        let quiet = try ComparisonReport.compare(baseline: hidden, candidate: candidate, baselineName: "a", candidateName: "b")
        #expect(quiet.comparisons[0].verdict == .unchanged && quiet.exitCode == 0, "without the load figures the statistics say unchanged")
        hidden.machine = MachineState(
            capacity: 2, threads: 2, loadAverage: nil, loads: [], remeasured: 0,
            span: ProcessLoad(wallSeconds: 40, ownCPUSeconds: 40, othersCPU: 0.9))
        let overSpan = try ComparisonReport.compare(baseline: hidden, candidate: candidate, baselineName: "a", candidateName: "b")
        #expect(overSpan.comparisons[0].verdict == .inconclusive && overSpan.comparisons[0].withheld == .busyRun && overSpan.exitCode == 3)
        #expect(overSpan.comparisons[0].withheldForLoad && overSpan.comparisons[0].ratio.map { abs($0 - 1) < 0.02 } == true)

        hidden.machine = nil
        hidden.benchmarks[0].timing?.processLoads = Array(repeating: ProcessLoad(wallSeconds: 0.35, ownCPUSeconds: 0.35, othersCPU: 0.9), count: 6)
        let inProcesses = try ComparisonReport.compare(baseline: hidden, candidate: candidate, baselineName: "a", candidateName: "b")
        #expect(inProcesses.comparisons[0].verdict == .inconclusive && inProcesses.comparisons[0].withheld == .busyProcesses)
        #expect(inProcesses.exitCode == 3)

        // 2% more instructions is exact: it decides regressed whatever the load; the time's
        // unchanged is taken back beside it.
        var counted = candidate
        hidden.benchmarks[0].instructions = InstructionSummary(perIteration: 1_000_000, iterations: 8, unavailable: nil)
        counted.benchmarks[0].instructions = InstructionSummary(perIteration: 1_020_000, iterations: 8, unavailable: nil)
        let byCount = try ComparisonReport.compare(baseline: hidden, candidate: counted, baselineName: "a", candidateName: "b")
        #expect(byCount.comparisons[0].verdict == .regressed && byCount.comparisons[0].decidedBy == [.instructions])
        #expect(byCount.comparisons[0].timeVerdict == .inconclusive && byCount.comparisons[0].withheld == .busyProcesses)

        // The false-discovery control, which concerns a change shown, leaves an unchanged alone.
        var unchangedAmongRegressions = [unchanged("u", p: 0.5), regressed("r", p: 0.001)]
        FalseDiscovery.control(&unchangedAmongRegressions, level: 0.025)
        #expect(unchangedAmongRegressions[0].verdict == .unchanged && unchangedAmongRegressions[0].withheld == nil)
    }

    @Test(
        "further runs of both builds, back to back: a slower candidate is confirmed; one at the baseline's level is not; a baseline run that landed fast (the A/A case) is seen; without the baseline's build only a known spread between runs lets the candidate's further run decide"
    )
    func confirmation() throws {
        let base = family.result([("x", 1000, 1)]), slower = family.result([("x", 1500, 3)])
        let report = try ComparisonReport.compare(baseline: base, candidate: slower, baselineName: "a", candidateName: "b")
        #expect(report.suspects == ["x"])
        let policy = ComparisonPolicy()
        let baseAgain = family.result([("x", 1000, 7)])
        var confirmed = report
        confirmed.confirm(with: family.result([("x", 1490, 5)]), furtherBaseline: baseAgain, baseline: base, candidate: slower, policy: policy, source: "r")
        #expect(confirmed.comparisons[0].verdict == .regressed && confirmed.comparisons[0].confirmed == true)
        var refuted = report
        refuted.confirm(with: family.result([("x", 1000, 6)]), furtherBaseline: baseAgain, baseline: base, candidate: slower, policy: policy, source: "r")
        #expect(refuted.comparisons[0].verdict == .inconclusive && refuted.comparisons[0].withheld == .notConfirmed)
        #expect(refuted.comparisons[0].confirmed == nil, "no confirmation stands beside a verdict that is not regressed")
        // An A/A comparison whose baseline run landed 30% fast: its candidate's further run is as
        // slow as the candidate, but so is the baseline's.
        let lucky = family.result([("x", 700, 11)]), same = family.result([("x", 1000, 12)])
        let aa = try ComparisonReport.compare(baseline: lucky, candidate: same, baselineName: "a", candidateName: "b")
        #expect(aa.comparisons[0].verdict == .regressed)
        var seen = aa
        seen.confirm(
            with: family.result([("x", 1000, 13)]), furtherBaseline: family.result([("x", 1000, 14)]), baseline: lucky, candidate: same, policy: policy,
            source: "r")
        #expect(seen.comparisons[0].verdict == .inconclusive && seen.comparisons[0].withheld == .notConfirmed)
        var candidateOnly = aa
        candidateOnly.confirm(
            with: family.result([("x", 1000, 13)]), furtherBaseline: nil, baseline: lucky, candidate: same, policy: policy, source: "r",
            baselineUnavailable: "no build")
        #expect(candidateOnly.comparisons[0].verdict == .inconclusive && candidateOnly.comparisons[0].withheld == .unconfirmable)
        var busyFurther = family.result([("x", 1490, 5)])
        busyFurther.machine = MachineState(
            capacity: 2, threads: 2, loadAverage: nil, loads: [], remeasured: 0, span: ProcessLoad(wallSeconds: 9, ownCPUSeconds: 9, othersCPU: 1))
        var disturbed = report
        disturbed.confirm(with: busyFurther, furtherBaseline: baseAgain, baseline: base, candidate: slower, policy: policy, source: "r")
        #expect(disturbed.comparisons[0].withheld == .notConfirmed)
        var none = report
        none.leaveUnconfirmed("no build", policy: policy)
        #expect(none.comparisons[0].verdict == .inconclusive && none.comparisons[0].withheld == .unconfirmable)
        var known = report
        var spread = ComparisonPolicy()
        spread.betweenRunSpread = ["x": HistoryNoise(threshold: 0.05, pairs: 30, spread: 0.01)]
        known.leaveUnconfirmed("no build", policy: spread)
        #expect(known.comparisons[0].verdict == .regressed && known.comparisons[0].confirmed == nil)
        var judgedOnSpread = report
        judgedOnSpread.confirm(with: family.result([("x", 1490, 5)]), furtherBaseline: nil, baseline: base, candidate: slower, policy: spread, source: "r")
        #expect(judgedOnSpread.comparisons[0].verdict == .regressed && judgedOnSpread.comparisons[0].confirmed == true)
    }

    @Test("an improvement is confirmed the same way, in its own direction: further runs as fast confirm it; at the baseline's level they withhold it")
    func improvementConfirmed() throws {
        let base = family.result([("x", 1000, 1)]), faster = family.result([("x", 600, 4)])
        let report = try ComparisonReport.compare(baseline: base, candidate: faster, baselineName: "a", candidateName: "b")
        #expect(report.comparisons[0].verdict == .improved && report.suspects == ["x"])
        let baseAgain = family.result([("x", 1000, 7)])
        var confirmed = report
        confirmed.confirm(
            with: family.result([("x", 610, 8)]), furtherBaseline: baseAgain, baseline: base, candidate: faster, policy: ComparisonPolicy(), source: "r")
        #expect(confirmed.comparisons[0].verdict == .improved && confirmed.comparisons[0].confirmed == true)
        var refuted = report
        refuted.confirm(
            with: family.result([("x", 1000, 9)]), furtherBaseline: baseAgain, baseline: base, candidate: faster, policy: ComparisonPolicy(), source: "r")
        #expect(refuted.comparisons[0].verdict == .inconclusive && refuted.comparisons[0].withheld == .notConfirmed && refuted.exitCode == 3)
    }

    @Test(
        "every process measures for the profile's time: a 0.5 µs frame takes ⌈2 × 0.35 s / 1000 / 0.5 µs⌉ = 1400 frames a sample; a 1 ms frame one; a 1.5 µs operation ⌈2 ms / 1.5 µs⌉ = 1334; quick: a 0.3 µs frame ⌈2 × 0.15 s / 300 / 0.3 µs⌉ = 3334"
    )
    func samplesLastTheMeasuringTime() {
        #expect(Sampler.iterationsPerSample(iterationSeconds: 0.5e-6, unit: .frame, profile: .standard) == 1400)
        #expect(Sampler.iterationsPerSample(iterationSeconds: 1e-3, unit: .frame, profile: .standard) == 1)
        #expect(Sampler.iterationsPerSample(iterationSeconds: 1.5e-6, unit: .operation, profile: .standard) == 1334)
        #expect(Sampler.iterationsPerSample(iterationSeconds: 0.3e-6, unit: .frame, profile: .quick) == 3334)
    }
}

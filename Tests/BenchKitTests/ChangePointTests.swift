import Foundation
import Testing

@testable import BenchKit

/// PELT change-point detection on synthetic histories.
@Suite("Change points")
struct ChangePointTests {
    func noisy(_ levels: [(count: Int, level: Double)], noise: Double, seed: UInt64) -> [Double] {
        var gaussian = VerdictStatisticsTests.Gaussian(seed: seed)
        return levels.flatMap { part in (0..<part.count).map { _ in part.level * exp(noise * gaussian.next()) } }
    }

    /// How many of 40 noise-only histories of `length` runs (5% noise) get a change point.
    func flaggedNoiseHistories(length: Int, seeds: Range<UInt64>) -> Int {
        seeds.filter { !ChangePointDetector().detect(noisy([(length, 1000)], noise: 0.05, seed: $0)).isEmpty }.count
    }

    @Test("an injected 25% step in 3% noise is found at its index, with its ratio")
    func injectedStep() {
        for seed in 1...20 as ClosedRange<UInt64> {
            let series = noisy([(20, 1000), (15, 1250)], noise: 0.03, seed: seed)
            let changes = ChangePointDetector().detect(series)
            #expect(changes.count == 1, "seed \(seed): \(changes)")
            #expect(changes.first.map { abs($0.index - 20) <= 1 } ?? false, "seed \(seed): \(changes)")
            #expect(changes.first.map { abs($0.ratio - 1.25) < 0.05 } ?? false)
        }
    }

    @Test("two steps, up then back down, are both found")
    func twoSteps() {
        let changes = ChangePointDetector().detect(noisy([(15, 100), (10, 140), (15, 100)], noise: 0.02, seed: 7))
        #expect(changes.map(\.index) == [15, 25])
        #expect(changes[0].ratio > 1.3 && changes[1].ratio < 0.8)
    }

    @Test("pure noise is not flagged (at most 1 series in 40 with a false change)")
    func pureNoise() {
        let flagged = flaggedNoiseHistories(length: 40, seeds: 100..<140)
        #expect(flagged <= 1, "\(flagged) of 40 noise-only histories flagged")
    }

    @Test("a real shift below the minimum effect is not reported")
    func minimumEffect() {
        let changes = ChangePointDetector().detect(noisy([(20, 1000), (20, 1020)], noise: 0.001, seed: 3))
        #expect(changes.isEmpty, "a 2% shift is below the 5% minimum effect: \(changes)")
        var sensitive = ChangePointDetector()
        sensitive.minimumEffect = 0.01
        #expect(sensitive.detect(noisy([(20, 1000), (20, 1020)], noise: 0.001, seed: 3)).count == 1)
    }

    @Test("short and constant series have no change points; a noiseless step is exact")
    func edges() {
        #expect(ChangePointDetector().detect([]).isEmpty)
        #expect(ChangePointDetector().detect([1, 2, 3]).isEmpty)
        #expect(ChangePointDetector().detect(Array(repeating: 5, count: 20)).isEmpty)
        #expect(ChangePointDetector().detect(Array(repeating: 5, count: 10) + Array(repeating: 10, count: 10)).map(\.index) == [10])
    }

    @Test("a step is flagged on the night it appears, at the newest run, and stays at its index after")
    func newestStep() {
        var missedOnFirstNight = 0
        for seed in 1...20 as ClosedRange<UInt64> {
            let before = noisy([(20, 1000)], noise: 0.03, seed: seed)
            for (factor, later) in [(4.0, 0), (1.25, 0), (1.25, 1), (1.25, 2), (4.0, 3)] {
                let after = noisy([(1 + later, 1000 * factor)], noise: 0.03, seed: seed + 100)
                let changes = ChangePointDetector().detect(before + after)
                // A 25% step is 7σ of 3% noise, but one new value carries its own noise and the bar is
                // 4σ̂·√(1 + 1/20): the first night misses it when that value falls ~2.5σ low (about 1%).
                if factor == 1.25 && later == 0 && changes.isEmpty {
                    missedOnFirstNight += 1
                    continue
                }
                #expect(changes.map(\.index) == [20], "seed \(seed), ×\(factor) with \(later) runs after: \(changes)")
                // The ratio of one new value is off by its noise: within 4σ = 12%.
                let tolerance = later == 0 ? 0.12 : 0.08
                #expect(changes.first.map { abs($0.ratio / factor - 1) < tolerance } ?? false, "seed \(seed): \(changes)")
            }
        }
        #expect(missedOnFirstNight <= 2, "a 25% step missed on its first night in \(missedOnFirstNight) of 20 histories")
    }

    @Test("the newest value alone is judged against the noise: within 4σ of the level it is not a step; a blip is gone the next night")
    func newestAgainstNoise() {
        let flagged = flaggedNoiseHistories(length: 30, seeds: 200..<240)
        #expect(flagged <= 1, "\(flagged) of 40 noise-only histories flagged")
        // 20% noise: a 30% newest value is within 4σ·√(1+1/k) ≈ 0.82 in log, so not flagged.
        let noisySeries = noisy([(20, 1000)], noise: 0.2, seed: 9)
        #expect(ChangePointDetector().detect(noisySeries + [1300]).allSatisfy { $0.index != 20 })
        // A one-night ×2 blip is flagged that night and gone once the next night is back at the level.
        let quiet = noisy([(20, 1000)], noise: 0.02, seed: 11)
        #expect(ChangePointDetector().detect(quiet + [2000]).map(\.index) == [20])
        #expect(ChangePointDetector().detect(quiet + [2000, 1000]).isEmpty)
    }

    @Test("instruction counts: a 1% step in an exact series is found at the newest run")
    func exactNewest() {
        var exact = ChangePointDetector()
        exact.minimumEffect = 0.01
        let series = Array(repeating: 57_069_668.0, count: 6) + [57_069_668.0 * 1.012]
        #expect(exact.detect(series).map(\.index) == [6])
        #expect(exact.detect(Array(repeating: 57_069_668.0, count: 6) + [57_069_668.0 * 1.005]).isEmpty)
    }

    static func record(_ time: Double, instructions: Double?, revision: String, day: Int, kernel: String = "6.1") -> HistoryRecord {
        var run = ReportSiteTests.run(
            "t", elements: ["tick.fluid.100k.1": time], revision: revision,
            date: String(format: "2026-11-%02dT02:00:00Z", day))
        run.environment.kernel = kernel
        if let instructions { run.benchmarks[0].instructions = InstructionSummary(perIteration: instructions, iterations: 8) }
        return HistoryRecord(run: run, conformance: nil)
    }

    @Test("a history's change points name their runs; one revision on both sides is the machine's; new ones are tonight's")
    func suspectRanges() {
        let quiet = noisy([(10, 900_000)], noise: 0.02, seed: 5)
        var records = quiet.enumerated().map { Self.record($1, instructions: 5e7, revision: "r\($0)", day: $0 + 1) }
        // Tonight: the same revision as last night, on a new kernel, 40% slower, same instructions.
        records.append(Self.record(900_000 * 1.4, instructions: 5e7, revision: "r9", day: 11, kernel: "6.12"))
        let suspects = SuspectRange.find(in: records)
        #expect(suspects.count == 1, "\(suspects)")
        let machine = suspects[0]
        #expect(machine.metric == .time && machine.before == "r9" && machine.after == "r9" && machine.sameRevision && machine.atNewest)
        #expect(machine.environmentChanges == ["kernel: 6.1 → 6.12"])
        #expect(machine.summary.contains("the machine's change, not a commit's"))
        #expect(SuspectRange.new(in: records).count == 1)
        // A commit that adds 2% instructions and no visible time: an instruction change point only.
        records.append(Self.record(900_000 * 1.4, instructions: 5.1e7, revision: "r10", day: 12, kernel: "6.12"))
        let tonight = SuspectRange.new(in: records)
        #expect(tonight.map(\.metric) == [.instructions], "\(tonight)")
        #expect(tonight.first.map { $0.before == "r9" && $0.after == "r10" && !$0.sameRevision && abs($0.ratio - 1.02) < 1e-9 } ?? false)
        // The machine's step, now two nights old, is no longer new.
        #expect(!tonight.contains { $0.metric == .time })
    }
}

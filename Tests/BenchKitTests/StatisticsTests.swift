import Foundation
import HarnessSupport
import Testing

@testable import BenchKit

/// The statistics against published worked examples. Sources are named per test.
@Suite("Statistics against published examples")
struct StatisticsTests {
    @Test("percentile: the 40th percentile of {15, 20, 35, 40, 50} is 29 (Wikipedia 'Percentile', linear interpolation C = 1)")
    func percentileWorkedExample() {
        #expect(Descriptive.percentile([15, 20, 35, 40, 50], 40) == 29)
        #expect(Descriptive.percentile([15, 20, 35, 40, 50], 0) == 15)
        #expect(Descriptive.percentile([15, 20, 35, 40, 50], 100) == 50)
        #expect(Descriptive.median([15, 20, 35, 40, 50]) == 35)
        // NumPy's documented example: np.percentile([[10, 7, 4], [3, 2, 1]], 50) = 3.5.
        #expect(Descriptive.percentile([10, 7, 4, 3, 2, 1], 50) == 3.5)
    }

    @Test("Mann–Whitney U: males [19, 22, 16, 29, 24] vs females [20, 11, 17, 12] give U = 17, exact p = 0.1111 (SciPy docs, after Conover)")
    func mannWhitneyWorkedExample() {
        let result = RankTests.mannWhitneyU([19, 22, 16, 29, 24], [20, 11, 17, 12])
        #expect(result.statistic == 17)
        #expect(result.isExact)
        #expect(abs(result.pValue - 1.0 / 9) < 1e-12)
    }

    @Test("Mann–Whitney U, normal approximation with ties: identical samples give p = 1; separated ones tiny p")
    func mannWhitneyApproximation() {
        let same = RankTests.mannWhitneyU(Array(repeating: 1.0, count: 30), Array(repeating: 1.0, count: 30))
        #expect(same.pValue == 1)
        let a = (0..<50).map { Double($0) }, b = (0..<50).map { Double($0) + 100 }
        let apart = RankTests.mannWhitneyU(a, b)
        #expect(apart.statistic == 0 && apart.pValue < 1e-15)
    }

    @Test("Wilcoxon signed-rank: Fisher's Cucumis differences give W = 24, exact p = 0.041259765625 (SciPy docs)")
    func wilcoxonWorkedExample() {
        let d: [Double] = [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75]
        let result = RankTests.wilcoxonSignedRank(d)
        #expect(result.statistic == 24)
        #expect(result.isExact)
        #expect(abs(result.pValue - 0.041259765625) < 1e-12)
    }

    @Test("the exact null distributions have the right totals: C(n1+n2, n1) and 2ⁿ")
    func distributions() {
        #expect(RankTests.uDistribution(5, 4).reduce(0, +) == 126)
        #expect(RankTests.signedRankDistribution(15).reduce(0, +) == 32768)
    }

    @Test("a 95% bootstrap interval of the median covers the true median of a known distribution about 95% of the time")
    func bootstrapCoverage() {
        // Exponential(1): median ln 2. 200 data sets of 60 draws, seeded.
        var generator = SplitMix64(seed: 2026)
        var covered = 0
        let trials = 200
        for trial in 0..<trials {
            let sample = (0..<60).map { _ in -log(1 - Double(generator.next() >> 11) / Double(1 << 53)) }
            let interval = Bootstrap.interval(sample, resamples: 500, seed: UInt64(trial))
            if interval.contains(log(2)) { covered += 1 }
        }
        let coverage = Double(covered) / Double(trials)
        #expect(coverage > 0.90 && coverage < 0.99, "coverage \(coverage)")
    }

    @Test(
        "the trimmed mean's interval: Tukey–McLaughlin's standard error on 1…10, taken on the logarithm (never below zero), and about 95% coverage of a symmetric distribution's centre"
    )
    func trimmedMeanInterval() {
        // 1…10, 20% trimmed: g = 2, h = 6; winsorized 3,3,3,4,5,6,7,8,8,8 (variance 42.5/9); SE = √(9·(42.5/9)/30);
        // t(0.975, 5) = 2.5705818; the interval 5.5·exp(±t·SE/5.5).
        let interval = Descriptive.trimmedMeanInterval((1...10).map(Double.init))
        let relative = 2.5705818 * (42.5 / 30).squareRoot() / 5.5
        #expect(abs(interval.lowerBound - 5.5 * exp(-relative)) < 1e-6 && abs(interval.upperBound - 5.5 * exp(relative)) < 1e-6)
        // Two modes far apart (1.56 ms and 200 ms, as a benchmark that sometimes stalls): Yuen's
        // symmetric interval would reach below zero; this one stays above it.
        let bimodal = Array(repeating: 1.56e6, count: 6) + Array(repeating: 2e8, count: 4)
        #expect(Descriptive.trimmedMeanInterval(bimodal).lowerBound > 0)
        // Uniform(0, 1): centre 0.5. 400 data sets of 40 draws, seeded.
        var generator = SplitMix64(seed: 7)
        var covered = 0
        for _ in 0..<400 where Descriptive.trimmedMeanInterval((0..<40).map { _ in Double(generator.next() >> 11) / Double(1 << 53) }).contains(0.5) {
            covered += 1
        }
        #expect(covered > 360 && covered < 396, "coverage \(covered) of 400")
    }

    @Test("the log histogram's percentiles are within its resolution of the exact ones; p0 and p100 exact")
    func histogram() {
        var generator = SplitMix64(seed: 11)
        let values = (0..<20_000).map { _ in 1000 * exp(Double(generator.next() >> 11) / Double(1 << 53) * 3) }
        var histogram = LogHistogram()
        values.forEach { histogram.record($0) }
        for p in [25.0, 50, 75, 90, 99, 99.9] {
            let exact = Descriptive.percentile(values, p)
            #expect(abs(histogram.percentile(p) / exact - 1) < 2e-3, "p\(p)")
        }
        #expect(histogram.percentile(0) == values.min()! && histogram.percentile(100) == values.max()!)
        var split = LogHistogram(), other = LogHistogram()
        values.prefix(10_000).forEach { split.record($0) }
        values.dropFirst(10_000).forEach { other.record($0) }
        split.merge(other)
        #expect(split == histogram, "merging two halves gives the whole")
    }
}

/// The parallel-capacity probe reports only what a machine can give.
@Suite("Parallel-capacity probe")
struct ParallelProbeTests {
    @Test("a figure above N× one thread on N threads, or one thread's rates drifting by more than a fifth, is no figure; a plausible one is kept")
    func physics() {
        // 2 threads cannot do 5.12× one thread's work (a figure seen when the one-thread rate was disturbed).
        #expect(ParallelProbe.accepted(before: 100, many: 512, after: 100, threads: 2) == nil)
        // 1.96× on 2 threads: within physics.
        #expect(ParallelProbe.accepted(before: 100, many: 196, after: 100, threads: 2) == 1.96)
        // A little above N× allows for a clock still rising while one thread is measured; not more.
        #expect(ParallelProbe.accepted(before: 100, many: 219, after: 100, threads: 2) == 2.19)
        #expect(ParallelProbe.accepted(before: 100, many: 221, after: 100, threads: 2) == nil)
        // One thread's two rates 30% apart: the probe was disturbed, whatever the ratio.
        #expect(ParallelProbe.accepted(before: 100, many: 150, after: 70, threads: 2) == nil)
        #expect(ParallelProbe.capacity(threads: 1) == 1)
    }
}

@Suite("Ratios too wide to read")
struct UnreliableIntervalTests {
    @Test("an interval whose ends are more than 2× apart is said to be unreliable; a narrower one is not")
    func width() {
        #expect(unreliableIntervalCaveat([0.442, 1.296]) != nil, "1.296 / 0.442 = 2.93")
        #expect(unreliableIntervalCaveat([0.6, 1.19]) == nil, "1.19 / 0.6 = 1.98")
        #expect(unreliableIntervalCaveat(nil) == nil && unreliableIntervalCaveat([0, 1]) == nil)
    }
}

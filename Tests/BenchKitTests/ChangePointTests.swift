import Foundation
import Testing
@testable import BenchKit

/// PELT change-point detection on synthetic histories.
@Suite("Change points")
struct ChangePointTests {
    func noisy(_ levels: [(count: Int, level: Double)], noise: Double, seed: UInt64) -> [Double] {
        var generator = SplitMix64(seed: seed)
        func gaussian() -> Double {   // Box–Muller
            let u = max(Double(generator.next() >> 11) / Double(1 << 53), 1e-12), v = Double(generator.next() >> 11) / Double(1 << 53)
            return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
        }
        return levels.flatMap { part in (0..<part.count).map { _ in part.level * exp(noise * gaussian()) } }
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
        var flagged = 0
        for seed in 100..<140 as Range<UInt64> {
            if !ChangePointDetector().detect(noisy([(40, 1000)], noise: 0.05, seed: seed)).isEmpty { flagged += 1 }
        }
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
}

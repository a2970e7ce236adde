import Foundation
import MotionCore
import Testing

@testable import ConformanceReference

/// The S rows of docs/semantics.md §9: Apple's documentation (D) and measurements on Apple's
/// SwiftUI (A, from [PRISM]). Expected numbers are copied from the spec table, with its precision.
@Suite("§9 S rows: Spring, documented and Apple-measured")
struct DocumentedSpringNumbersTests {
    @Test("S01 Spring(duration: 0.5, bounce: 0.3) → mass 1.0, stiffness 157.9, damping 17.6 (D)")
    func s01() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        expectClose(spring.mass, 1.0, tolerance: 0.05, "mass")
        expectClose(spring.stiffness, 157.9, tolerance: 0.05, "stiffness")
        expectClose(spring.damping, 17.6, tolerance: 0.05, "damping")
    }

    @Test("S02 Spring(mass: 1, stiffness: 100, damping: 10) → duration 0.63, bounce 0.5 (D)")
    func s02() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        expectClose(spring.duration, 0.63, tolerance: 0.005, "duration")
        expectClose(spring.bounce, 0.5, tolerance: 0.005, "bounce")
    }

    @Test("S03 Spring(duration: 0.5, bounce: -0.2) → stiffness 335.57 (quirk), damping 31.42 (A)")
    func s03() {
        let spring = Spring(duration: 0.5, bounce: -0.2)
        expectClose(spring.stiffness, 335.57, tolerance: 0.005, "stiffness")
        expectClose(spring.damping, 31.42, tolerance: 0.005, "damping")
    }

    @Test("S04 Spring(duration: 0.5, bounce: -0.2).velocity(target: 1, time: 1) → 1.0156 (quirk) (A)")
    func s04() {
        let spring = Spring(duration: 0.5, bounce: -0.2)
        expectClose(spring.velocity(target: 1.0, time: 1), 1.0156, tolerance: 0.00005, "velocity")
    }

    static let probedSprings: [(duration: Double, bounce: Double, getter: Double, sampledSettleMilliseconds: Double)] = [
        (0.15, 0.00, 0.300, 220.4),
        (0.30, 0.20, 0.584, 404.5),
        (0.35, 0.15, 0.635, 487.6),
        (0.40, 0.00, 0.600, 587.8),
        (0.50, 0.30, 1.045, 818.7),
    ]

    @Test("S05 settlingDuration getter for five probed springs (A)", arguments: probedSprings)
    func s05(row: (duration: Double, bounce: Double, getter: Double, sampledSettleMilliseconds: Double)) {
        let spring = Spring(duration: row.duration, bounce: row.bounce)
        expectClose(spring.settlingDuration, row.getter, tolerance: 0.0005, "settlingDuration of (\(row.duration), \(row.bounce))")
    }

    @Test("S06 last time with |1 − value(t)| ≥ 0.001 for the same springs (A)", arguments: probedSprings)
    func s06(row: (duration: Double, bounce: Double, getter: Double, sampledSettleMilliseconds: Double)) {
        let spring = Spring(duration: row.duration, bounce: row.bounce)
        // Scan backwards from 3 s on a 0.01 ms grid for the last sample outside the band, then
        // bisect the crossing between it and the next sample (the conformance player's search, finer).
        let low = SettlingScan.lastCrossing(epsilon: 0.001, scanningBackFrom: 3, step: 1e-5) { times in times.map { spring.value(target: 1.0, time: $0) } }
        // [PRISM] reports the crossing in whole tenths of a millisecond, truncated: the true
        // crossing lies in [reported, reported + 0.1) ms.
        let milliseconds = low * 1000
        #expect(
            milliseconds >= row.sampledSettleMilliseconds && milliseconds < row.sampledSettleMilliseconds + 0.1,
            "sampled settle of (\(row.duration), \(row.bounce)) is \(milliseconds) ms; [PRISM] measured \(row.sampledSettleMilliseconds) ms"
        )
    }
}

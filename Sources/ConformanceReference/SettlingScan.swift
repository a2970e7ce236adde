import FixtureFormat

/// How the settling checks measure a spring (docs/protocol.md §4, `lastTimeOutside`): from its
/// values alone, so that MotionCore's, an engine's and the reference model's springs are measured
/// alike.
public enum SettlingScan {
    /// The last time the spring from 0 to 1 is at least `epsilon` from 1: a backward scan from
    /// `start` in steps of `step` for the last sample outside the band, then bisection of the
    /// crossing between it and the next sample.
    public static func lastCrossing(
        epsilon: Double, scanningBackFrom start: Double = 10, step: Double = 1e-4, values: ([Double]) throws -> [Double]
    ) rethrows -> Double {
        func outside(_ value: Double) -> Bool { abs(1 - value) >= epsilon }
        var t = start
        scan: while t > 0 {
            var batch: [Double] = []
            var next = t
            while next > 0 && batch.count < 2_000 {
                batch.append(next)
                next -= step
            }
            for (time, value) in zip(batch, try values(batch)) {
                if outside(value) { break scan }
                t = time - step
            }
        }
        var low = t, high = t + step
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if outside(try values([mid])[0]) { low = mid } else { high = mid }
        }
        // Still outside at the horizon: the crossing is the horizon itself (docs/protocol.md §4).
        return min(low, start)
    }
}

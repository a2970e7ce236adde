import Foundation

extension Spring {
    /// The time the spring takes to come within `epsilon` of `target`, by SwiftUI's algorithm
    /// (docs/semantics.md §1.5, decision 2):
    ///
    /// - undamped (ζ̂ = 0): +∞;
    /// - underdamped: the exponential envelope, `max(0, −ln(ε / (|ζ̂T − v0| + |T|)) / ζ̂)`;
    /// - critically and overdamped: a scan of the closed form on a 0.1 s grid, which returns the
    ///   first grid time after which the spring stayed within ε for more than a second. Results
    ///   are multiples of 0.1 s, as measured on Apple's SwiftUI (§9 S05).
    ///
    /// The rigid spring settles at once (0); the immovable one never (+∞).
    @inlinable
    public func settlingDuration<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, epsilon: Double) -> TimeInterval {
        if _isDegenerate {
            return _degenerateValue(rigid: 0, immovable: .infinity)
        }
        if _decayConstant == 0 { return .infinity }
        if _angularFrequency > 0 {
            let envelope = (target.scaled(by: _decayConstant) - initialVelocity)._magnitude + target._magnitude

            return max(0, -log(epsilon / envelope) / _decayConstant)
        }
        return _settlingTimeOnGrid(epsilon: epsilon) { time in
            (value(target: target, initialVelocity: initialVelocity, time: time) - target)._magnitude
        }
    }
}

/// SwiftUI's settling scan for non-oscillating motion (docs/semantics.md §1.5): samples
/// `distance(t)` — how far from rest the motion is at t — every 0.1 s for up to 1024 samples and
/// returns the grid time from which it stayed below `epsilon` for more than a second; 0 if it
/// never did, or if the distance stopped being finite.
///
/// Shared by `Spring.settlingDuration` and the interpolating spring's duration (§3.1), so both
/// scan the same grid.
@inlinable
internal func _settlingTimeOnGrid(epsilon: Double, distance: (Double) -> Double) -> Double {
    var bestTime = -1.0
    var best = Double.infinity
    var time = 0.0
    for _ in 0..<1024 {
        let d = distance(time)
        if !d.isFinite { break }
        if best >= epsilon {
            if d < best {
                bestTime = time
                best = d
            }
        } else if d >= epsilon {
            best = .infinity
        } else if time - bestTime > 1 {
            return bestTime
        }
        time += 0.1
    }
    return 0
}

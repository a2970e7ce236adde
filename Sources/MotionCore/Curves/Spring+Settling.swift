import Foundation

extension Spring {
    /// The time the spring takes to come within `epsilon` of `target`, by SwiftUI's algorithm
    /// (animation-semantics §1.5, decision 2):
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
        var bestTime = -1.0
        var best = Double.infinity
        var time = 0.0
        for _ in 0..<1024 {
            let distance = (value(target: target, initialVelocity: initialVelocity, time: time) - target)._magnitude
            if !distance.isFinite { break }
            if best >= epsilon {
                if distance < best {
                    bestTime = time
                    best = distance
                }
            } else if distance >= epsilon {
                best = .infinity
            } else if time - bestTime > 1 {
                return bestTime
            }
            time += 0.1
        }
        return 0
    }
}

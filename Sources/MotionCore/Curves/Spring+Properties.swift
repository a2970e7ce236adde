import Foundation

extension Spring {
    /// The perceptual duration: the period of the undamped spring, `2π / √(ζ̂² + ω·|ω|)`.
    /// Equal to `response`. Spec: docs/semantics.md §1.3.
    @inlinable
    public var duration: TimeInterval { response }

    /// The period of the undamped spring, `2π / √(ζ̂² + ω·|ω|)` (ω·|ω| is negative when
    /// overdamped). 0 for the rigid spring, NaN for the immovable one.
    @inlinable
    public var response: Double {
        if _isDegenerate { return _angularFrequency == 0 ? 0 : .nan }
        return _tau / (_decayConstant * _decayConstant + _angularFrequency * abs(_angularFrequency)).squareRoot()
    }

    /// The damping ratio ζ̂·response/2π: 1 critical, below 1 oscillating, above 1 overdamped.
    /// 1 for the rigid spring, +∞ for the immovable one.
    @inlinable
    public var dampingRatio: Double {
        if _isDegenerate { return _degenerateValue(rigid: 1, immovable: .infinity) }
        return _decayConstant * response / _tau
    }

    /// How much the spring overshoots: `1 − dampingRatio` when not overdamped, and
    /// `1/dampingRatio − 1` (negative) when overdamped. 0 for the rigid spring, −1 for the
    /// immovable one. Spec: docs/semantics.md §1.3.
    @inlinable
    public var bounce: Double {
        if _isDegenerate { return _degenerateValue(rigid: 0, immovable: -1) }
        if _angularFrequency >= 0 {
            return 1 - _decayConstant * (_tau / (_angularFrequency * _angularFrequency + _decayConstant * _decayConstant).squareRoot()) / (2 * .pi)
        }
        return 1 / ((_tau / (_decayConstant * _decayConstant - _angularFrequency * _angularFrequency).squareRoot()) * (_decayConstant / 2) / .pi) - 1
    }

    /// The mass m.
    @inlinable
    public var mass: Double { _mass }

    /// `m·(ω² + ζ̂²)`: the spring constant k for under- and critically damped springs.
    ///
    /// For overdamped springs this is **not** k, and that is Apple's behaviour, measured
    /// (decision 2, §1.3, §9 S03): `Spring(duration: 0.5, bounce: −0.2).stiffness` is 335.57,
    /// not 157.91.
    @inlinable
    public var stiffness: Double { _mass * (_angularFrequency * _angularFrequency + _decayConstant * _decayConstant) }

    /// The damping coefficient c = 2·m·ζ̂.
    @inlinable
    public var damping: Double { 2 * _mass * _decayConstant }

    /// The time the spring takes to settle within 0.001 of a target of 1, starting at rest:
    /// `settlingDuration(target: 1.0, initialVelocity: 0, epsilon: 0.001)`.
    @inlinable
    public var settlingDuration: TimeInterval {
        settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: 0.001)
    }

    @inlinable
    internal func _degenerateValue(rigid: Double, immovable: Double) -> Double {
        if _decayConstant.isNaN || _angularFrequency.isNaN { return .nan }
        return _angularFrequency == 0 ? rigid : immovable
    }
}

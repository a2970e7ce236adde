import Foundation

// The closed forms of the damped oscillator x'' = −k(x − T) − c·x' started at x = 0 with
// velocity v0, written as coefficients of T and v0 so that a scalar kernel and the generic vector
// form share one implementation. Spec: docs/semantics.md §1.4.

/// The coefficients (a, b) of a closed form `a·target + b·initialVelocity`.
@usableFromInline package typealias _SpringCoefficients = (target: Double, initialVelocity: Double)

extension Spring {
    /// Coefficients of the displacement at `time`:
    ///
    ///     underdamped:  x = T·(1 − e·(ζ̂·sin ωt/ω + cos ωt)) + v0·e·sin ωt/ω,     e = e^(−ζ̂t)
    ///     critical:     x = T·(1 − e·(1 + ζ̂t)) + v0·t·e
    ///     overdamped:   x = T·(((ζ̂ − ω)·e₁ + a·e₂)/(2ω) + 1) − v0·(e₁ − e₂)/(2ω),
    ///                   a = −ω − ζ̂, b = ω − ζ̂, e₁ = e^(a·t), e₂ = e^(b·t)
    ///
    /// At t = +∞ a damped spring has reached its target. Degenerate springs are described on the
    /// type.
    @inlinable
    package func _positionCoefficients(time t: Double) -> _SpringCoefficients {
        let omega = _angularFrequency, zeta = _decayConstant
        if _isDegenerate { return _degeneratePosition(time: t) }
        if t == .infinity && zeta > 0 { return (1, 0) }
        if omega > 0 {
            let e = exp(-zeta * t), s = sin(omega * t), c = cos(omega * t)
            return (1 - e * (zeta * s / omega + c), e * s / omega)
        }
        if omega == 0 {
            let e = exp(-zeta * t)
            return (1 - e * (1 + zeta * t), t * e)
        }
        let a = -omega - zeta, b = omega - zeta
        let e1 = exp(a * t), e2 = exp(b * t)
        return (((zeta - omega) * e1 + a * e2) / (2 * omega) + 1, -(e1 - e2) / (2 * omega))
    }

    /// Coefficients of the velocity at `time`:
    ///
    ///     underdamped:  v = T·e·sin ωt·(ζ̂² + ω²)/ω + v0·e·(cos ωt − ζ̂·sin ωt/ω)
    ///     critical:     v = T·e·ζ̂²·t + v0·e·(1 − ζ̂t)
    ///     overdamped:   v = T·(((ζ̂ − ω)·a·e₁ + a·b·e₂)/(2ω) + 1) − v0·(a·e₁ − b·e₂)/(2ω)
    ///
    /// The overdamped "+1" is Apple's quirk, measured (decision 2, §1.4, §9 S04): the velocity
    /// reported for an overdamped spring is the true velocity plus the target.
    @inlinable
    package func _velocityCoefficients(time t: Double) -> _SpringCoefficients {
        let omega = _angularFrequency, zeta = _decayConstant
        if _isDegenerate { return _degenerateVelocity(time: t) }
        if t == .infinity && zeta > 0 { return (omega < 0 ? 1 : 0, 0) }
        if omega > 0 {
            let e = exp(-zeta * t), s = sin(omega * t), c = cos(omega * t)
            return (e * s * (zeta * zeta + omega * omega) / omega, e * (c - zeta * s / omega))
        }
        if omega == 0 {
            let e = exp(-zeta * t)
            return (e * zeta * zeta * t, e * (1 - zeta * t))
        }
        let a = -omega - zeta, b = omega - zeta
        let e1 = exp(a * t), e2 = exp(b * t)
        return (((zeta - omega) * a * e1 + a * b * e2) / (2 * omega) + 1, -(a * e1 - b * e2) / (2 * omega))
    }

    @inlinable
    internal func _degeneratePosition(time t: Double) -> _SpringCoefficients {
        if _angularFrequency.isNaN || _decayConstant.isNaN || t.isNaN { return (.nan, .nan) }
        // Rigid: at the target as soon as time has passed. Immovable: never leaves the start.
        return (_angularFrequency == 0 && t > 0) ? (1, 0) : (0, 0)
    }

    @inlinable
    internal func _degenerateVelocity(time t: Double) -> _SpringCoefficients {
        if _angularFrequency.isNaN || _decayConstant.isNaN || t.isNaN { return (.nan, .nan) }
        return (0, 0)
    }

    /// The displacement from the start after `time`, moving towards `target` (the total change)
    /// from an initial velocity. Spec: docs/semantics.md §1.4.
    @inlinable
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let k = _positionCoefficients(time: time)
        return target.scaled(by: k.target) + initialVelocity.scaled(by: k.initialVelocity)
    }

    /// The velocity after `time`, in units of the vector per second. For overdamped springs this
    /// includes Apple's extra `+target` (decision 2). Spec: docs/semantics.md §1.4.
    @inlinable
    public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let k = _velocityCoefficients(time: time)
        return target.scaled(by: k.target) + initialVelocity.scaled(by: k.initialVelocity)
    }

    /// The force on a particle at `position` moving at `velocity` towards `target`:
    /// `(target − position)·m·(ω² + ζ̂²) − velocity·2mζ̂`, in units of the vector per second
    /// squared. It uses the `stiffness` getter, so it inherits the overdamped quirk (§1.4).
    @inlinable
    public func force<V: VectorArithmetic>(target: V, position: V, velocity: V) -> V {
        (target - position).scaled(by: stiffness) - velocity.scaled(by: damping)
    }

    /// Advances a particle at `value` moving at `velocity` towards `target` by `deltaTime`
    /// seconds, exactly: the closed form restarted from the current state. Two updates of `dt`
    /// therefore agree with one of `2·dt` up to rounding (§1.4).
    @inlinable
    public func update<V: VectorArithmetic>(value: inout V, velocity: inout V, target: V, deltaTime: TimeInterval) {
        let delta = target - value
        let p = _positionCoefficients(time: deltaTime)
        let v = _velocityCoefficients(time: deltaTime)
        let startVelocity = velocity
        velocity = delta.scaled(by: v.target) + startVelocity.scaled(by: v.initialVelocity)
        value += delta.scaled(by: p.target) + startVelocity.scaled(by: p.initialVelocity)
    }
}

import Foundation

/// The spring behind `interpolatingSpring`: a closed-form spring from a start to the target with
/// an initial velocity in fractions of the change per second. It does not merge; a retarget
/// combines with it, which "preserves velocity across overlapping animations by adding the
/// effects of each animation" (docs/semantics.md §3.1):
///
///     ω₀ = √(k/m),  ζ = c / (2√(mk))
///     ζ ≥ 1:  sample(t) = 1 − (1 + (ω₀ − v₀)·t)·e^(−ω₀t)      (the critical form, even when ζ > 1:
///                                                               Apple's behaviour, decision 2)
///     ζ < 1:  ω_d = ω₀√(1 − ζ²),  A = (ζω₀ − v₀)/ω_d,
///             sample(t) = 1 − e^(−ζω₀t)·(cos ω_d t + A·sin ω_d t)
///     animate(v, t) = t < D ? v·sample(t) : nil     (nil too when sample is not finite)
///
/// D is the duration to within ε = 0.001: +∞ undamped; `max(0, −ln(ε/(1 + |A|))/(ζω₀))`
/// underdamped; the 0.1 s grid scan of §1.5 otherwise. Logically complete once t ≥ 2π/√k (at once
/// when k is infinite). Infinite stiffness (a non-positive duration) finishes at once.
public struct InterpolatingSpringAnimation: CustomAnimation {
    public let mass: Double
    public let stiffness: Double
    public let damping: Double
    public let initialVelocity: Double
    /// The time after which the animation returns nil: within ε = 0.001 of the target (§3.1).
    /// Computed once, as the critical form's grid scan is not cheap.
    public private(set) var duration: TimeInterval

    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.duration = 0
        self.duration = _duration(epsilon: 0.001)
    }

    @inlinable
    internal var _naturalFrequency: Double { (stiffness / mass).squareRoot() }

    @inlinable
    internal var _dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }

    /// The fraction of the change covered at `time`.
    @inlinable
    package func _sample(time t: Double) -> Double {
        return _coefficients.sample(time: t)
    }

    /// The per-spring constants of `_sample`, computed once; the engine keeps them per channel.
    @inlinable
    package var _coefficients: _InterpolatingSpringCoefficients {
        let v0 = initialVelocity
        let w0 = _naturalFrequency, zeta = _dampingRatio
        if zeta >= 1 {
            return _InterpolatingSpringCoefficients(isCritical: true, linear: w0 - v0, exponent: -w0, frequency: 0, sineWeight: 0)
        }
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        return _InterpolatingSpringCoefficients(
            isCritical: false, linear: 0, exponent: -zeta * w0, frequency: wd,
            sineWeight: (zeta * w0 - v0) / wd)
    }

    /// d sample / dt at `time`.
    @inlinable
    package func _sampleVelocity(time t: Double) -> Double {
        let v0 = initialVelocity
        let w0 = _naturalFrequency, zeta = _dampingRatio
        if zeta >= 1 {
            let a = w0 - v0
            return exp(-w0 * t) * (w0 * (1 + a * t) - a)
        }
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        let a = (zeta * w0 - v0) / wd
        let decay = zeta * w0
        let e = exp(-decay * t), s = sin(wd * t), c = cos(wd * t)
        return e * (decay * (c + a * s) - (-wd * s + a * wd * c))
    }

    @inlinable
    package func _duration(epsilon: Double) -> TimeInterval {
        let epsilon = max(epsilon, 1e-6)
        let w0 = _naturalFrequency, zeta = _dampingRatio
        if !w0.isFinite { return 0 }
        if zeta == 0 { return .infinity }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let a = (zeta * w0 - initialVelocity) / wd
            return max(0, -log(epsilon / (1 + abs(a))) / (zeta * w0))
        }
        return _settlingTimeOnGrid(epsilon: epsilon) { abs(1 - _sample(time: $0)) }
    }

    /// When the animation is logically complete: 2π/√k (0 when k is not finite).
    @inlinable
    package var _logicalDuration: TimeInterval {
        stiffness.isFinite ? 2 * Double.pi / stiffness.squareRoot() : 0
    }

    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        if time >= _logicalDuration {
            context.isLogicallyComplete = true
        }
        guard time < duration else { return nil }
        let fraction = _sample(time: time)
        guard fraction.isFinite else { return nil }
        return value.scaled(by: fraction)
    }

    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        let rate = _sampleVelocity(time: time)
        return rate.isFinite ? value.scaled(by: rate) : nil
    }
}

/// The closed form of an interpolating spring, reduced to the constants it needs per frame:
///
///     critical:    sample(t) = 1 − (1 + linear·t)·e^(exponent·t)                 (linear = ω₀ − v₀, exponent = −ω₀)
///     underdamped: sample(t) = 1 − e^(exponent·t)·(cos(frequency·t) + sineWeight·sin(frequency·t))
///
/// with exponent = −ζω₀, frequency = ω_d, sineWeight = (ζω₀ − v₀)/ω_d (§3.1).
@frozen
@usableFromInline package struct _InterpolatingSpringCoefficients: Sendable {
    public let isCritical: Bool
    public let linear: Double
    public let exponent: Double
    public let frequency: Double
    public let sineWeight: Double

    @inlinable
    public init(isCritical: Bool, linear: Double, exponent: Double, frequency: Double, sineWeight: Double) {
        self.isCritical = isCritical
        self.linear = linear
        self.exponent = exponent
        self.frequency = frequency
        self.sineWeight = sineWeight
    }

    @inlinable
    public func sample(time t: Double) -> Double {
        if isCritical {
            return 1 - (1 + linear * t) * exp(exponent * t)
        }
        return 1 - exp(exponent * t) * (cos(frequency * t) + sineWeight * sin(frequency * t))
    }
}

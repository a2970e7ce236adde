import Foundation

extension Spring {
    /// A spring with a perceptual duration and a bounce.
    ///
    /// `duration` is the period of the undamped spring, `2π/√(k/m)`; `bounce` 0 is critically
    /// damped, (0, 1] adds oscillation, (−1, 0) is overdamped (docs/semantics.md §1.2):
    ///
    ///     r = bounce < 0 ? 1/(bounce + 1) : 1 − bounce   (bounce > 1 → r = 0, undamped)
    ///     ω = ±√|1 − r²| · 2π / duration   (negative when overdamped)
    ///     ζ̂ = r · 2π / duration,  m = 1
    ///
    /// A non-positive duration gives the rigid spring; bounce ≤ −1 the immovable one.
    @inlinable
    public init(duration: TimeInterval = 0.5, bounce: Double = 0.0) {
        if duration.isNaN || bounce.isNaN {
            self = ._nan
            return
        }
        if duration <= 0 {
            self = ._rigid
            return
        }
        if bounce <= -1 {
            self = ._immovable
            return
        }
        var ratio: Double
        let sign: Double
        if bounce < 0 {
            ratio = 1 / (bounce + 1)
            sign = -1
        } else if bounce <= 1 {
            ratio = 1 - bounce
            sign = 1
        } else {
            ratio = 0
            sign = 1
        }
        self.init(
            _angularFrequency: (abs(1 - ratio * ratio)).squareRoot() * (sign * _tau) / duration,
            decayConstant: ratio * _tau / duration,
            mass: 1
        )
    }

    /// A spring with a response (the undamped period, `2π/√(k/m)`) and a damping ratio
    /// (1 critical, below 1 oscillating, above 1 overdamped).
    ///
    ///     ω = ±√|1 − r²| · 2π / response   (negative when r > 1),  ζ̂ = 2π·r / response,  m = 1
    ///
    /// A non-positive response gives the rigid spring, an infinite ratio the immovable one, and a
    /// negative ratio is clamped to 0 (undamped). Spec: docs/semantics.md §1.2.
    @inlinable
    public init(response: Double, dampingRatio: Double) {
        if response.isNaN || dampingRatio.isNaN {
            self = ._nan
            return
        }
        if response <= 0 {
            self = ._rigid
            return
        }
        if dampingRatio == .infinity {
            self = ._immovable
            return
        }
        let ratio = max(dampingRatio, 0)
        let sign: Double = ratio > 1 ? -_tau : _tau
        self.init(
            _angularFrequency: sign * abs(1 - ratio * ratio).squareRoot() / response,
            decayConstant: _tau * ratio / response,
            mass: 1
        )
    }

    /// A spring from physical parameters: the force is `−stiffness·x − damping·v` on `mass`.
    ///
    /// Unless `allowOverDamping` is true, a spring whose damping exceeds the critical value is
    /// treated as critically damped (ζ̂ = ω₀), as SwiftUI does (§1.2). Infinite stiffness or a
    /// non-positive mass gives the rigid spring; infinite damping (when over-damping is allowed)
    /// the immovable one; negative stiffness and damping are clamped to 0.
    @inlinable
    public init(mass: Double = 1.0, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        if mass.isNaN || stiffness.isNaN || damping.isNaN {
            self = ._nan
            return
        }
        if mass <= 0 || stiffness == .infinity {
            self = ._rigid
            return
        }
        let stiffness = max(stiffness, 0), damping = max(damping, 0)
        let naturalFrequency = (stiffness / mass).squareRoot()
        let decay = damping / (2 * mass)
        if decay > naturalFrequency && !allowOverDamping {
            self.init(_angularFrequency: 0, decayConstant: naturalFrequency, mass: mass)
            return
        }
        if decay == .infinity {
            self = ._immovable
            return
        }
        let oscillation = abs(stiffness / mass - decay * decay).squareRoot()
        self.init(
            _angularFrequency: decay > naturalFrequency ? -oscillation : oscillation,
            decayConstant: decay,
            mass: mass
        )
    }

    /// A spring that settles to within `epsilon` of its target in `settlingDuration` seconds,
    /// started from rest with a target of 1.
    ///
    /// The damping ratio is clamped to [ε_machine, 1] and the duration to [0.01, 10] s. The
    /// undamped natural frequency x is the root of
    ///
    ///     r < 1:  ε = r/√(1 − r²) · e^(−r·T·x)       →  x = −ln(ε·√(1 − r²)/r) / (r·T)
    ///     r = 1:  ε = e^(−T·x)·(1 + T·x)              (Newton's method from 5/T, then 1/T)
    ///
    /// and the spring is ζ̂ = r·x, ω = √(x² − ζ̂²). As in SwiftUI this does not invert the
    /// `settlingDuration` getter (§1.2). If no positive root exists (a damping ratio so small that
    /// `ε·√(1 − r²)/r ≥ 1`), x falls back to 2π/T: the spring with that response.
    @inlinable
    public init(settlingDuration: TimeInterval, dampingRatio: Double, epsilon: Double = 0.001) {
        if settlingDuration.isNaN || dampingRatio.isNaN || epsilon.isNaN {
            self = ._nan
            return
        }
        let ratio = min(max(dampingRatio, .ulpOfOne), 1)
        let duration = min(max(settlingDuration, 0.01), 10)

        var frequency: Double
        if ratio < 1 {
            frequency = -log(epsilon * (1 - ratio * ratio).squareRoot() / ratio) / (ratio * duration)
        } else {
            frequency = Self._criticalSettlingFrequency(duration: duration, epsilon: epsilon)
        }
        if !(frequency > 0) || !frequency.isFinite {
            frequency = _tau / duration
        }
        let decay = ratio * frequency
        self.init(
            _angularFrequency: ratio == 1 ? 0 : (frequency * frequency - decay * decay).squareRoot(),
            decayConstant: decay,
            mass: 1
        )
    }

    /// The root x of `e^(−T·x)·(1 + T·x) = ε` by Newton's method: 12 steps from 5/T, then 20 from
    /// 1/T if the first run did not converge. NaN when neither converges.
    @usableFromInline
    internal static func _criticalSettlingFrequency(duration: Double, epsilon: Double) -> Double {
        func residual(_ x: Double) -> Double { exp(-duration * x) * (1 + duration * x) - epsilon }
        func slope(_ x: Double) -> Double { -duration * duration * x * exp(-duration * x) }
        for (guess, steps) in [(5 / duration, 12), (1 / duration, 20)] {
            var x = guess
            for _ in 0..<steps {
                let d = slope(x)
                guard d != 0, d.isFinite else { break }
                x -= residual(x) / d
            }
            if x.isFinite, x > 0, abs(residual(x)) <= 1e-9 * max(epsilon, 1e-300) + 1e-15 {
                return x
            }
        }
        return .nan
    }
}

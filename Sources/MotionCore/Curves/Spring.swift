/// A representation of a spring's motion, independent of what it moves.
///
/// A spring is stored as SwiftUI stores it (docs/semantics.md §1.1): a damped angular frequency
/// ω whose *sign encodes the regime* (ω > 0 underdamped, ω = 0 critically damped, ω < 0
/// overdamped with |ω| = √(ζ̂² − ω₀²)), a decay constant ζ̂ = c/(2m), and a mass m. Every
/// initializer converts to these three numbers; every getter and closed form reads them. That is
/// what makes Apple's quirks (§1.3, §1.4) come out exactly.
///
/// Degenerate inputs never trap; they produce one of two limiting springs:
/// - a **rigid** spring (non-positive duration or response, infinite stiffness, non-positive
///   mass): ζ̂ = +∞, ω = 0. It reaches its target at any t > 0 with zero velocity; its duration
///   and settling duration are 0.
/// - an **immovable** spring (bounce ≤ −1, infinite damping ratio or damping): ζ̂ = +∞, ω = −∞.
///   Infinite damping holds the value at its start: value 0, velocity 0, settling duration +∞.
/// NaN in any parameter gives NaN results. Negative damping and stiffness are clamped to 0.
@frozen
public struct Spring: Hashable, Sendable {
    /// ω, in rad/s. Positive: underdamped (the damped frequency). Zero: critically damped.
    /// Negative: overdamped.
    @usableFromInline
    internal var _angularFrequency: Double

    /// ζ̂ = c / (2m), in 1/s.
    @usableFromInline
    internal var _decayConstant: Double

    /// m.
    @usableFromInline
    internal var _mass: Double

    @inlinable
    internal init(_angularFrequency: Double, decayConstant: Double, mass: Double) {
        self._angularFrequency = _angularFrequency
        self._decayConstant = decayConstant
        self._mass = mass
    }

    /// The spring that reaches its target immediately (see the type's documentation).
    @usableFromInline
    internal static let _rigid = Spring(_angularFrequency: 0, decayConstant: .infinity, mass: 1)

    /// The spring so damped it never leaves its start (see the type's documentation).
    @usableFromInline
    internal static let _immovable = Spring(_angularFrequency: -.infinity, decayConstant: .infinity, mass: 1)

    @usableFromInline
    internal static let _nan = Spring(_angularFrequency: .nan, decayConstant: .nan, mass: .nan)

    /// True for the limiting springs with infinite decay (rigid and immovable) and for NaN ones:
    /// the closed forms do not apply to them.
    @inlinable
    internal var _isDegenerate: Bool { !_decayConstant.isFinite || _angularFrequency.isNaN }
}

/// 2π, written τ in the formulas.
@usableFromInline
internal let _tau: Double = 2 * Double.pi

/// The damping fraction (ratio) SwiftUI derives from a bounce:
/// `bounce < 0 ? 1 / (bounce + 1) : 1 − bounce` (§1.2, the SDK's `springDampingFraction`).
@inlinable
internal func _springDampingFraction(bounce: Double) -> Double {
    bounce < 0 ? 1 / (bounce + 1) : 1 - bounce
}

/// The stiffness of a unit-mass spring with the given response: `(2π / response)²`, or +∞ when
/// the response is not positive (§3.1, the SDK's `springStiffness`).
@inlinable
internal func _springStiffness(response: Double) -> Double {
    response <= 0 ? .infinity : (_tau / response) * (_tau / response)
}

/// A type that describes an animatable value as a vector: it can be added, subtracted and
/// scaled, and it has a squared magnitude.
///
/// This is the protocol every interpolation in MotionCore is generic over. An animation never sees
/// the value being animated; it sees the *difference* between the old and the new value as a
/// `VectorArithmetic` and returns how much of that difference has been covered.
///
/// Spec: docs/semantics.md §4.5.
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies each component of this value by `rhs`.
    mutating func scale(by rhs: Double)

    /// This value with each component multiplied by `rhs`. A requirement, with a default that
    /// scales a copy, so that generic code reaches a type's own version through its witness
    /// table: for `Double` a multiplication, where the default copies through value witnesses
    /// (a third of a frame of a custom animation run unspecialised in the engine's generic pool).
    func scaled(by rhs: Double) -> Self

    /// The dot product of this value with itself.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// Returns this value with each component multiplied by `rhs`.
    @inlinable
    public func scaled(by rhs: Double) -> Self { _scaled(by: rhs) }

    /// A copy, scaled by `scale(by:)`: the one body of `scaled(by:)`, which `Double`, `Float` and
    /// `CGFloat` also call from their own `scaled(by:)`, where it compiles to their `scale(by:)`.
    @inlinable
    package func _scaled(by rhs: Double) -> Self {
        var result = self
        result.scale(by: rhs)
        return result
    }

    /// Moves this value towards `other` by the fraction `amount`: `self + (other − self)·amount`.
    @inlinable
    public mutating func interpolate(towards other: Self, amount: Double) {
        self += (other - self).scaled(by: amount)
    }

    /// Returns `self + (other − self)·amount`.
    ///
    /// `amount` is not clamped: values outside 0…1 extrapolate.
    @inlinable
    public func interpolated(towards other: Self, amount: Double) -> Self {
        var result = self
        result.interpolate(towards: other, amount: amount)
        return result
    }

    /// The Euclidean length, `sqrt(magnitudeSquared)`.
    @inlinable
    internal var _magnitude: Double { magnitudeSquared.squareRoot() }
}

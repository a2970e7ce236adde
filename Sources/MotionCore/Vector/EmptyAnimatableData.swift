/// The zero-dimensional vector: the animatable data of a value that does not animate.
///
/// Every instance equals every other, its magnitude is zero, and scaling does nothing (§4.5).
@frozen
public struct EmptyAnimatableData: VectorArithmetic, Animatable, Hashable, Sendable {
    @inlinable
    public init() {}

    @inlinable
    public static var zero: Self { Self() }

    @inlinable
    public static func + (lhs: Self, rhs: Self) -> Self { Self() }

    @inlinable
    public static func - (lhs: Self, rhs: Self) -> Self { Self() }

    @inlinable
    public mutating func scale(by rhs: Double) {}

    @inlinable
    public var magnitudeSquared: Double { 0 }

    @inlinable
    public var animatableData: EmptyAnimatableData {
        get { self }
        set {}
    }
}

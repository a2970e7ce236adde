/// A type whose changes can be animated through a vector representation of itself.
///
/// The animation system works entirely on `animatableData`; a type exposes whatever vector makes
/// its interpolation meaningful (for example `Angle` exposes its radians scaled by 128, so that
/// the fluid spring's absolute rest thresholds behave for angles as they do for points).
///
/// Spec: docs/semantics.md §4.5.
public protocol Animatable {
    /// The vector type that represents this value to the animation system.
    associatedtype AnimatableData: VectorArithmetic

    /// This value as a vector. Setting it replaces the value with the one the vector describes.
    var animatableData: AnimatableData { get set }
}

extension Animatable where Self: VectorArithmetic {
    /// A vector is its own animatable data.
    @inlinable
    public var animatableData: Self {
        get { self }
        set { self = newValue }
    }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    /// A type with no animatable data does not animate.
    @inlinable
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

import Foundation

/// `Animation.default`: equal only to itself, behaving as its base (docs/semantics.md §3.1).
///
/// Decision 1: the base is `.smooth`, the fluid spring with response 0.5 and damping fraction 1.
/// Apple's reference page says response 0.55 (`.spring(response: 0.55, dampingFraction: 1)`);
/// `DefaultAnimation.base` is the one place to change should a probe on Apple hardware settle it.
public struct DefaultAnimation: CustomAnimation {
    /// What `.default` animates like.
    public static let base = Animation.smooth

    @inlinable
    public init() {}

    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        Self.base.animate(value: value, time: time, context: &context)
    }

    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        Self.base.velocity(value: value, time: time, context: context)
    }

    public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
        Self.base.shouldMerge(previous: previous, value: value, time: time, context: &context)
    }
}

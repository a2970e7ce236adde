import Foundation

/// A type that defines how an animated value changes over time.
///
/// An animation never sees absolute values. `value` is the *delta* the animation covers — for a
/// change from 1 to 1.5 it is 0.5 — and `animate` returns how much of it has been covered after
/// `time` seconds, or nil once the animation has finished (docs/semantics.md §4.1).
///
/// Only `animate` is required. `velocity` defaults to nil (unknown), and `shouldMerge` to false:
/// a new animation that arrives while this one runs is *combined* with it (§4.3 item 4) rather
/// than taking over its state.
public protocol CustomAnimation: Hashable, Sendable {
    /// The covered part of `value` after `time` seconds, or nil when finished.
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V?

    /// The rate of change of `animate` at `time`, if known.
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V?

    /// Whether this animation takes over from `previous`, which has been running on `value` for
    /// `time` seconds with `context`. Returning true, the animation may seed `context.state` from
    /// `previous`; it then continues on the same clock.
    func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool
}

extension CustomAnimation {
    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        nil
    }

    @inlinable
    public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
        false
    }
}

extension CustomAnimation {
    /// Type-and-value equality against an erased animation: false when the types differ.
    @inlinable
    internal func _isEqual(to other: any CustomAnimation) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

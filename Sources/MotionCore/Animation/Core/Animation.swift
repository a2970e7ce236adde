import Foundation

/// An animation: a type-erased `CustomAnimation`, compared by its type and value.
///
/// Built-ins are made with the static members (`.easeInOut`, `.spring(duration:bounce:)`,
/// `.smooth`, …), modifiers chain (`.delay(0.2).repeatCount(3)`), and any `CustomAnimation`
/// can be wrapped with `Animation(_:)`. `animate`, `velocity` and `shouldMerge` forward to the
/// wrapped animation (docs/semantics.md §4.1).
public struct Animation: Hashable, Sendable {
    /// The wrapped animation.
    public let base: any CustomAnimation

    /// Wraps a custom animation.
    @inlinable
    public init<A: CustomAnimation>(_ base: A) {
        self.base = base
    }

    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        base.animate(value: value, time: time, context: &context)
    }

    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        base.velocity(value: value, time: time, context: context)
    }

    @inlinable
    public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
        base.shouldMerge(previous: previous, value: value, time: time, context: &context)
    }

    /// The wrapped animation as `A`, if it is one.
    @inlinable
    package func _base<A: CustomAnimation>(as type: A.Type) -> A? { base as? A }

    public static func == (lhs: Animation, rhs: Animation) -> Bool {
        lhs.base._isEqual(to: rhs.base)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: base)))
        hasher.combine(base)
    }
}

extension Animation: CustomStringConvertible {
    public var description: String { String(describing: base) }
}

import Foundation

/// An animation that wraps another and runs it on a transformed clock: `delay`, `speed`,
/// `logicallyComplete(after:)`. Modifiers nest in the order they are written, so
/// `a.delay(d).speed(s)` is speed(delay(a)) and time flows outermost first: scaled, then delayed
/// (docs/semantics.md §3.2).
@usableFromInline package protocol _TimeTransformingAnimation: CustomAnimation {
    var base: Animation { get }

    /// The base animation's time at this animation's `time`.
    func _baseTime(_ time: TimeInterval) -> TimeInterval

    /// How fast the base's clock runs against this one's: the factor on the base's velocity.
    var _clockRate: Double { get }
}

extension _TimeTransformingAnimation {
    @inlinable
    package var _clockRate: Double { 1 }

    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        base.animate(value: value, time: _baseTime(time), context: &context)
    }

    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        let velocity = base.velocity(value: value, time: _baseTime(time), context: context)
        return _clockRate == 1 ? velocity : velocity.map { $0.scaled(by: _clockRate) }
    }

    /// A modifier merges only with an equal modifier, and then only if its base merges with the
    /// previous base at the transformed time (§3.2).
    @inlinable
    public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
        guard let previous = previous._base(as: Self.self), previous == self else { return false }
        return base.shouldMerge(previous: previous.base, value: value, time: _baseTime(time), context: &context)
    }
}

/// `delay(_:)`: the base runs on `max(0, t − delay)`, so during the delay it sits at its start.
/// A negative delay starts the base that far into its run; a NaN delay is 0.
public struct DelayAnimation: _TimeTransformingAnimation {
    public let base: Animation
    public let delay: TimeInterval

    @inlinable
    public init(base: Animation, delay: TimeInterval) {
        self.base = base
        self.delay = delay.isNaN ? 0 : delay
    }

    @inlinable
    package func _baseTime(_ time: TimeInterval) -> TimeInterval { max(0, time - delay) }
}

/// `speed(_:)`: the base runs on `t · speed`; "a one-second animation with a speed of 2.0
/// completes in half the time". Its velocity is the base's times the speed. A negative or NaN
/// speed is 0: the animation holds its start and never finishes, like a paused clock.
public struct SpeedAnimation: _TimeTransformingAnimation {
    public let base: Animation
    public let speed: Double

    @inlinable
    public init(base: Animation, speed: Double) {
        self.base = base
        self.speed = speed.isNaN ? 0 : max(speed, 0)
    }

    @inlinable
    package func _baseTime(_ time: TimeInterval) -> TimeInterval { time * speed }

    @inlinable
    package var _clockRate: Double { speed }
}

/// `logicallyComplete(after:)`: the base, reported logically complete once `t ≥ duration`. It
/// never extends the base: when the base finishes first, that is its logical completion too.
public struct LogicalCompletionAnimation: _TimeTransformingAnimation {
    public let base: Animation
    public let duration: TimeInterval

    @inlinable
    public init(base: Animation, duration: TimeInterval) {
        self.base = base
        self.duration = duration
    }

    @inlinable
    package func _baseTime(_ time: TimeInterval) -> TimeInterval { time }

    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        let result = base.animate(value: value, time: time, context: &context)
        if duration <= time {
            context.isLogicallyComplete = true
        }
        return result
    }
}

import Foundation

/// One animation in flight on one value: the animation, its context, the interval (delta) it
/// covers and the time it began. The single place where a new change meets a running animation,
/// shared by `AnimatedProperty` and the engine's generic path (docs/semantics.md §4.3).
///
/// Its offset at a time is what the animation has covered of `interval`; the presented value is
/// `model − interval + offset` (§4.3 item 2).
public struct RunningAnimation<Value: VectorArithmetic> {
    /// The animation in effect: the original, the one that merged into it, or their combination.
    public private(set) var animation: Animation
    /// The animation's context: its state, environment and logical-completion flag.
    public var context: AnimationContext<Value>
    /// The total change being animated.
    public private(set) var interval: Value
    /// The time the animation began. Merging keeps it: the new animation runs on the same clock.
    public let beginTime: TimeInterval

    /// How a change was taken in by `retarget`.
    public enum Retarget: Equatable, Sendable {
        /// The new animation merged: it took over the old one's state (springs keep position and
        /// velocity).
        case merged
        /// The new animation was combined with the old one (a chain of lerps).
        case combined
    }

    public init(animation: Animation, interval: Value, beginTime: TimeInterval, environment: EnvironmentValues = EnvironmentValues()) {
        self.animation = animation
        self.interval = interval
        self.beginTime = beginTime
        self.context = AnimationContext(state: AnimationState(), environment: environment)
    }

    /// The offset covered at `time`, advancing the animation's state; nil once it has finished.
    @inlinable
    public mutating func offset(at time: TimeInterval) -> Value? {
        animation.animate(value: interval, time: time - beginTime, context: &context)
    }

    /// The animation's velocity at `time`, if it reports one.
    @inlinable
    public func velocity(at time: TimeInterval) -> Value? {
        animation.velocity(value: interval, time: time - beginTime, context: context)
    }

    /// Whether the animation has reported logical completion.
    @inlinable
    public var isLogicallyComplete: Bool { context.isLogicallyComplete }

    /// Takes in a further change of `delta` animated by `next` at `time` (§4.3 item 3): `next`
    /// merges when its `shouldMerge` agrees — it then continues on this clock with the state it
    /// seeded, and its logical completion starts afresh — and is combined otherwise. Either way
    /// the interval grows by `delta`.
    @discardableResult
    public mutating func retarget(by delta: Value, with next: Animation, at time: TimeInterval) -> Retarget {
        let elapsed = time - beginTime
        let kind: Retarget
        if next.shouldMerge(previous: animation, value: interval, time: elapsed, context: &context) {
            animation = next
            context._isLogicallyComplete = false
            kind = .merged
        } else {
            if !CombiningAnimation._extend(&animation, context: &context, with: next, nextInterval: interval + delta, elapsed: elapsed) {
                (animation, context) = CombiningAnimation.combining(
                    previous: animation, previousContext: context, previousInterval: interval,
                    next: next, nextInterval: interval + delta, elapsed: elapsed)
            }
            kind = .combined
        }
        interval += delta
        return kind
    }
}

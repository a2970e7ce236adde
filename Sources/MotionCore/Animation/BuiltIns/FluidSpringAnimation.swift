import Foundation

/// The spring behind `spring`, `smooth`, `snappy`, `bouncy`, `interactiveSpring` and `default`: a
/// damped spring integrated with a fixed step, which merges with whatever runs before it and keeps
/// its position and velocity (docs/semantics.md §3.1).
///
/// Per frame, with the effective response r (blended after a merge, see below):
///
///     k = min(r > 0 ? (2π/r)² : 45000, 45000),  c = 2·dampingFraction·√k
///     repeat while state.time < t, with h = 1/300 s:
///         mid = force·h/2 + velocity;  offset += mid·h
///         force = −c·mid + k·(value − offset);  velocity = force·h/2 + mid;  state.time += h
///
/// so the result does not depend on the frame rate. The animation finishes (returns nil) when
/// `max(|velocity|², |force|²) ≤ 0.0036` and the offset is within 1% of the value (or the value is
/// zero). It is logically complete once `t − startTime ≥ r`. After more than a second without a
/// frame the integrator skips ahead to 1/60 s before the frame.
///
/// Merging (`shouldMerge` is always true) seeds offset and velocity from the previous animation
/// and restarts `startTime`; when the previous animation is a fluid spring with another response,
/// the response blends from the old to the new over `blendDuration` with a smoothstep.
public struct FluidSpringAnimation: CustomAnimation {
    public let response: Double
    public let dampingFraction: Double
    public let blendDuration: TimeInterval

    @inlinable
    public init(response: Double, dampingFraction: Double, blendDuration: TimeInterval) {
        self.response = response
        self.dampingFraction = dampingFraction
        self.blendDuration = blendDuration
    }

    /// The integration step, 1/300 s, and its half.
    public static let step: Double = 1.0 / 300
    public static let halfStep: Double = 1.0 / 600
    /// The largest stiffness; also the stiffness of a non-positive response.
    public static let maximumStiffness: Double = 45000
    /// Squared velocity and force below which the spring may come to rest.
    public static let restingThreshold: Double = 0.0036

    /// The response in effect at `time`: the merge blend from the previous response, if any.
    @inlinable
    package func _effectiveResponse<V>(time: TimeInterval, state: FluidSpringState<V>) -> Double {
        guard blendDuration > 0, state.blendInterval != 0 else { return response }
        let p = min(max((time - state.blendStart) / blendDuration, 0), 1)
        return response + state.blendInterval * (1 - p * p * (3 - 2 * p))
    }

    /// The stiffness for an effective response.
    @inlinable
    package static func _stiffness(response r: Double) -> Double {
        min(r > 0 ? (2 * Double.pi / r) * (2 * Double.pi / r) : maximumStiffness, maximumStiffness)
    }

    /// The damping for a damping fraction ζ at stiffness k: 2ζ√k (unit mass).
    @inlinable
    package static func _damping(fraction: Double, stiffness k: Double) -> Double {
        2 * fraction * k.squareRoot()
    }

    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        // Through a type-erased `Animation` this runs unspecialised, and for `Double` the lookups
        // of the generic metadata of `FluidSpringState<V>`, `V?` and the result tuple were 44% of
        // a frame of `AnimatedProperty<Double>` (callgrind); the same steps specialised for
        // `Double` make none. The arithmetic is the same, so the values are too.
        if V.self == Double.self {
            // Through a typed pointer first: an implicit inout-to-raw conversion of a value that holds
            // class references (the state's boxes) draws a warning, and `withUnsafeMutablePointer`'s
            // closure cost 12% more instructions a frame here.
            guard let offset = _animateDouble(_rawPointer(&context), value: unsafeBitCast(value, to: Double.self), time: time) else { return nil }
            return unsafeBitCast(offset, to: V.self)
        }
        return _animate(value: value, time: time, context: &context)
    }

    @inlinable @inline(__always)
    func _rawPointer<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

    /// `_animate` for a context that is an `AnimationContext<Double>`, reached through a raw
    /// pointer so that no generic function stands between (each would look up metadata again).
    @inlinable
    func _animateDouble(_ context: UnsafeMutableRawPointer, value: Double, time: TimeInterval) -> Double? {
        _animate(value: value, time: time, context: &context.assumingMemoryBound(to: AnimationContext<Double>.self).pointee)
    }

    @inlinable
    func _animate<W: VectorArithmetic>(value: W, time: TimeInterval, context: inout AnimationContext<W>) -> W? {
        let step = _advance(&context.state[FluidSpringStateKey<W>.self], value: value, time: time)
        if step.logicallyComplete {
            context.isLogicallyComplete = true
        }
        return step.offset
    }

    /// One frame of the spring: integrates `state` up to `time` towards `value` and returns the
    /// offset (nil once at rest) and whether the spring is logically complete. `animate` is this
    /// plus the context; the engine's fluid-spring kernel calls it directly.
    @inlinable
    package func _advance<V: VectorArithmetic>(_ state: inout FluidSpringState<V>, value: V, time: TimeInterval) -> (offset: V?, logicallyComplete: Bool) {
        let r = _effectiveResponse(time: time, state: state)
        let k = Self._stiffness(response: r)
        return _advance(&state, value: value, time: time, response: r, stiffness: k, damping: Self._damping(fraction: dampingFraction, stiffness: k))
    }

    /// `_advance` given the effective response at `time` and the stiffness and damping it implies
    /// (`_stiffness(response:)`, `_damping(fraction:stiffness:)`): for a kernel that keeps them per channel, a division and a
    /// square root fewer.
    @inlinable
    package func _advance<V: VectorArithmetic>(
        _ state: inout FluidSpringState<V>, value: V, time: TimeInterval, response r: Double,
        stiffness k: Double, damping c: Double
    ) -> (offset: V?, logicallyComplete: Bool) {
        let logicallyComplete = time - state.startTime >= r
        if time - state.time > 1 {
            state.time = time - 1.0 / 60
        }
        while state.time < time {
            let mid = state.force.scaled(by: Self.halfStep) + state.velocity
            state.offset += mid.scaled(by: Self.step)
            state.force = (value - state.offset).scaled(by: k) - mid.scaled(by: c)
            state.velocity = state.force.scaled(by: Self.halfStep) + mid
            state.time += Self.step
        }
        return (Self._isResting(value: value, state: state) ? nil : state.offset, logicallyComplete)
    }

    @inlinable
    package static func _isResting<V: VectorArithmetic>(value: V, state: FluidSpringState<V>) -> Bool {
        guard max(state.velocity.magnitudeSquared, state.force.magnitudeSquared) <= restingThreshold else { return false }
        let valueMagnitude = value.magnitudeSquared
        return valueMagnitude == 0 || (value - state.offset).magnitudeSquared <= valueMagnitude * 0.0001
    }

    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        context.state[FluidSpringStateKey<V>.self].velocity
    }

    @inlinable
    public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
        var state = context.state[FluidSpringStateKey<V>.self]
        if let velocity = previous.velocity(value: value, time: time, context: context) {
            state.velocity = velocity
        }
        // Where the running animation is at the merge; one that has finished by then is at its
        // target, the whole interval (§3.1) — not where its last frame or a fresh state left it.
        state.offset = previous.animate(value: value, time: time, context: &context) ?? value
        state.time = time
        state.startTime = time
        if let spring = previous._base(as: FluidSpringAnimation.self), spring.response != response {
            state.blendInterval = spring.response - response
            state.blendStart = time
        }
        context.state[FluidSpringStateKey<V>.self] = state
        return true
    }
}

/// The fluid spring's state between frames (§3.1). All fields start at zero.
public struct FluidSpringState<V: VectorArithmetic> {
    public var offset: V = .zero
    public var velocity: V = .zero
    public var force: V = .zero
    public var time: Double = 0
    public var startTime: Double = 0
    public var blendStart: Double = 0
    public var blendInterval: Double = 0

    @inlinable
    public init() {}
}

public struct FluidSpringStateKey<V: VectorArithmetic>: AnimationStateKey {
    @inlinable
    public static var defaultValue: FluidSpringState<V> { FluidSpringState() }
}

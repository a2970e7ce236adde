import Foundation

/// What a change runs with when its transaction tracks velocity but has no animation — a gesture's
/// updates (docs/semantics.md §4.4).
///
/// It follows the changes exactly (`animate` returns the whole value, so the presented value is
/// the model value) while sampling the interval over time, and reports the sampled velocity decayed
/// by 0.998 per millisecond since the last sample. It always merges, so successive gesture updates
/// are one tracking animation, and a spring that follows inherits the velocity through its own
/// `shouldMerge`. It finishes 2 s after the last sample, or as soon as two samples show no motion.
///
/// The velocity is the difference quotient of the two latest samples with distinct times
/// (inferred: SwiftUI's sampler is not documented).
public struct VelocityTrackingAnimation: CustomAnimation {
    @inlinable
    public init() {}

    /// How long the tracking holds after the last sample.
    @usableFromInline static let holdDuration: TimeInterval = 2
    /// The velocity's decay per millisecond since the last sample.
    @usableFromInline static let decayPerMillisecond = 0.998

    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        var sampler = context.state[VelocitySamplerKey<V>.self]
        sampler.record(value, at: time)
        context.state[VelocitySamplerKey<V>.self] = sampler
        if time - sampler.latestTime > Self.holdDuration { return nil }
        if sampler.count >= 2 && sampler.velocity.magnitudeSquared == 0 { return nil }
        return value
    }

    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        var sampler = context.state[VelocitySamplerKey<V>.self]
        sampler.record(value, at: time)
        let elapsedMilliseconds = max(0, time - sampler.latestTime) * 1000
        return sampler.velocity.scaled(by: pow(Self.decayPerMillisecond, elapsedMilliseconds))
    }

    @inlinable
    public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
        true
    }
}

/// The tracked samples: the two latest (value, time) pairs with distinct values.
public struct VelocitySampler<V: VectorArithmetic> {
    @usableFromInline var latest: (value: V, time: TimeInterval)?
    @usableFromInline var previous: (value: V, time: TimeInterval)?
    @usableFromInline var count = 0

    @inlinable
    public init() {}

    @inlinable
    var latestTime: TimeInterval { latest?.time ?? 0 }

    /// Records `value` at `time` when it differs from the latest sample.
    @inlinable
    mutating func record(_ value: V, at time: TimeInterval) {
        if let latest, latest.value == value { return }
        previous = latest
        latest = (value, time)
        count += 1
    }

    /// The difference quotient of the two latest samples, zero with fewer than two.
    @inlinable
    var velocity: V {
        guard let latest, let previous, latest.time > previous.time else { return .zero }
        return (latest.value - previous.value).scaled(by: 1 / (latest.time - previous.time))
    }
}

public struct VelocitySamplerKey<V: VectorArithmetic>: AnimationStateKey {
    @inlinable
    public static var defaultValue: VelocitySampler<V> { VelocitySampler() }
}

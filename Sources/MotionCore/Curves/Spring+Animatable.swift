import Foundation

extension Spring {
    // The `fromValue:toValue:` forms work on any `Animatable` value through its animatable data:
    // the target of the closed form is `to − from` (§1.4).

    /// The value after `time` of a spring moving from `fromValue` to `toValue`:
    /// `from + value(target: to − from, …)`.
    @inlinable
    public func value<V: Animatable>(fromValue: V, toValue: V, initialVelocity: V, time: TimeInterval) -> V {
        var result = fromValue
        result.animatableData += value(
            target: toValue.animatableData - fromValue.animatableData,
            initialVelocity: initialVelocity.animatableData,
            time: time
        )
        return result
    }

    /// The velocity after `time` of a spring moving from `fromValue` to `toValue`, as a value
    /// whose animatable data is the velocity.
    @inlinable
    public func velocity<V: Animatable>(fromValue: V, toValue: V, initialVelocity: V, time: TimeInterval) -> V {
        var result = fromValue
        result.animatableData = velocity(
            target: toValue.animatableData - fromValue.animatableData,
            initialVelocity: initialVelocity.animatableData,
            time: time
        )
        return result
    }

    /// The force at `position` moving at `velocity` on a spring from `fromValue` to `toValue`.
    @inlinable
    public func force<V: Animatable>(fromValue: V, toValue: V, position: V, velocity: V) -> V {
        var result = fromValue
        result.animatableData = force(
            target: toValue.animatableData - fromValue.animatableData,
            position: position.animatableData - fromValue.animatableData,
            velocity: velocity.animatableData
        )
        return result
    }

    /// The settling duration of a spring from `fromValue` to `toValue`.
    @inlinable
    public func settlingDuration<V: Animatable>(fromValue: V, toValue: V, initialVelocity: V, epsilon: Double) -> TimeInterval {
        settlingDuration(
            target: toValue.animatableData - fromValue.animatableData,
            initialVelocity: initialVelocity.animatableData,
            epsilon: epsilon
        )
    }
}

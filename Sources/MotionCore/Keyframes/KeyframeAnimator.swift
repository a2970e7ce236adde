import Foundation

/// `KeyframeAnimator`'s logic without views (docs/semantics.md §5.3): a value driven by
/// keyframes, either each time a trigger changes or repeating.
///
/// - Trigger form: each `trigger(at:)` builds a new timeline from the keyframes closure, starting
///   at the current value; it replaces the running one, and each track starts with the velocity
///   the replaced timeline had on the same key path, so cubic and spring keyframes without a
///   start velocity of their own continue smoothly. When a timeline finishes, the value stays at
///   its end, which is where the next one starts.
/// - Repeating form: the timeline plays over and over (`time mod duration`); with
///   `repeating: false` the value is the timeline's value at its start.
public final class KeyframeAnimator<Value> {
    public typealias Keyframes = (Value) -> KeyframeTracks<Value>

    private let keyframes: Keyframes
    private let repeating: Bool?
    private var timeline: KeyframeTimeline<Value>?
    private var startTime: TimeInterval
    private var restingValue: Value

    /// The trigger form: at rest on `initialValue` until the first `trigger(at:)`.
    public init(initialValue: Value, @KeyframesBuilder<Value> keyframes: @escaping Keyframes) {
        self.keyframes = keyframes
        self.repeating = nil
        self.restingValue = initialValue
        self.startTime = 0
    }

    /// The repeating form, starting at `startTime`.
    public init(initialValue: Value, repeating: Bool = true, startTime: TimeInterval = 0, @KeyframesBuilder<Value> keyframes: @escaping Keyframes) {
        self.keyframes = keyframes
        self.repeating = repeating
        self.restingValue = initialValue
        self.startTime = startTime
        self.timeline = KeyframeTimeline(initialValue: initialValue, tracks: keyframes(initialValue), initialVelocities: [:])
    }

    /// Whether a trigger-started timeline is still running at `time` (repeating animators always
    /// run while `repeating` is true).
    public func isAnimating(at time: TimeInterval) -> Bool {
        if let repeating { return repeating }
        guard let timeline else { return false }
        return time - startTime < timeline.duration
    }

    /// The trigger changed at `time`: start the keyframes again from the current value, keeping
    /// the current velocity.
    public func trigger(at time: TimeInterval) {
        let current = value(at: time)
        var velocities: [AnyKeyPath: Any] = [:]
        if let timeline, time - startTime < timeline.duration {
            velocities = timeline._velocities(time: time - startTime)
        }
        timeline = KeyframeTimeline(initialValue: current, tracks: keyframes(current), initialVelocities: velocities)
        startTime = time
    }

    /// The value at `time`.
    public func value(at time: TimeInterval) -> Value {
        guard let timeline else { return restingValue }
        let elapsed = time - startTime
        switch repeating {
        case true?:
            let duration = timeline.duration
            guard duration > 0, elapsed.isFinite else { return timeline.value(time: 0) }
            let wrapped = elapsed.truncatingRemainder(dividingBy: duration)
            return timeline.value(time: wrapped < 0 ? wrapped + duration : wrapped)
        case false?:
            return timeline.value(time: 0)
        case nil:
            if elapsed >= timeline.duration {
                restingValue = timeline.value(time: timeline.duration)
                return restingValue
            }
            return timeline.value(time: elapsed)
        }
    }
}

import Foundation

/// A description of how a value changes over time, defined by keyframes: tracks that each move
/// one property of the value (docs/semantics.md §5).
///
///     let timeline = KeyframeTimeline(initialValue: CGPoint.zero) {
///         CubicKeyframe(CGPoint(x: 0, y: 100), duration: 0.3)
///         CubicKeyframe(CGPoint.zero, duration: 0.7)
///     }
///     timeline.value(time: 0.3)   // (0, 100)
///
/// Tracks apply in declaration order; where two move the same property, the later one wins. A
/// track shorter than the timeline holds its end value. The timeline lasts as long as its longest
/// track.
public struct KeyframeTimeline<Value> {
    public let initialValue: Value
    let tracks: [_ResolvedKeyframeTrack<Value>]

    /// A timeline from `initialValue` through the keyframes of `content`.
    public init(initialValue: Value, @KeyframesBuilder<Value> content: () -> KeyframeTracks<Value>) {
        self.init(initialValue: initialValue, tracks: content(), initialVelocities: [:])
    }

    /// A timeline whose tracks start with the given velocities, keyed by the tracks' key paths —
    /// how a retriggered `KeyframeAnimator` keeps the velocity of the timeline it replaces.
    public init(initialValue: Value, tracks: KeyframeTracks<Value>, initialVelocities: [AnyKeyPath: Any]) {
        self.initialValue = initialValue
        self.tracks = tracks._tracks.map { $0.resolve(initialValue, initialVelocities) }
    }

    /// The duration of the content in seconds: that of the longest track.
    public var duration: TimeInterval { tracks.map(\.duration).max() ?? 0 }

    /// The value at `time` seconds. Before 0 the tracks hold their start, after the end their
    /// last value.
    public func value(time: TimeInterval) -> Value {
        var value = initialValue
        for track in tracks {
            track.apply(&value, time)
        }
        return value
    }

    /// The value at `progress` (0 to 1) of the duration: `value(time: progress · duration)`.
    public func value(progress: Double) -> Value {
        value(time: progress * duration)
    }

    /// Each track's velocity at `time`, keyed by its key path (animatable-data units per second).
    /// Where several tracks share a key path, the last one's.
    @usableFromInline package func _velocities(time: TimeInterval) -> [AnyKeyPath: Any] {
        var velocities: [AnyKeyPath: Any] = [:]
        for track in tracks {
            velocities[track.keyPath] = track.velocity(time)
        }
        return velocities
    }

    /// The resolved segments of every track whose value is `Double`, in declaration order — what
    /// the engine's keyframe channels run.
    @usableFromInline package var _scalarTracks: [(keyPath: AnyKeyPath, segments: _KeyframeSegments<Double>)] {
        tracks.compactMap { track in (track.segments as? _KeyframeSegments<Double>).map { (track.keyPath, $0) } }
    }
}

extension KeyframeTimeline where Value: Animatable {
    /// The velocity of the whole value at `time`, for a timeline whose tracks are all of the
    /// whole value (as when keyframes are written without `KeyframeTrack`).
    public func velocity(time: TimeInterval) -> Value.AnimatableData {
        (_velocities(time: time)[\Value.self] as? Value.AnimatableData) ?? .zero
    }
}

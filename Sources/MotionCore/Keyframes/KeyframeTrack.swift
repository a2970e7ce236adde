import Foundation

/// A sequence of keyframes for one property of `Root`, reached through a key path — or for the
/// whole value (`KeyframeTrack { … }`).
public struct KeyframeTrack<Root, Value: Animatable> {
    public let keyPath: WritableKeyPath<Root, Value>
    public let _elements: [_KeyframeElement<Value.AnimatableData>]

    public init(_ keyPath: WritableKeyPath<Root, Value>, @KeyframeTrackContentBuilder<Value> content: () -> KeyframeTrackContentGroup<Value>) {
        self.keyPath = keyPath
        self._elements = content()._elements
    }
}

extension KeyframeTrack where Root == Value {
    /// A track for the whole value.
    public init(@KeyframeTrackContentBuilder<Value> content: () -> KeyframeTrackContentGroup<Value>) {
        self.init(\.self, content: content)
    }
}

/// A track with its value type erased, resolved against the root value it starts from.
public struct _AnyKeyframeTrack<Root> {
    let keyPath: AnyKeyPath
    /// Resolves the track for a start value and, optionally, start velocities keyed by key path.
    let resolve: (Root, [AnyKeyPath: Any]) -> _ResolvedKeyframeTrack<Root>
    /// For keyframes written outside a track: their elements, and how to make the whole-value
    /// track that continues with more such keyframes.
    var _bare: (elements: Any, extended: (Any) -> _AnyKeyframeTrack<Root>)?

    init<Value: Animatable>(_ track: KeyframeTrack<Root, Value>) {
        keyPath = track.keyPath
        let elements = track._elements
        let keyPath = track.keyPath
        resolve = { root, velocities in
            let start = root[keyPath: keyPath]
            let velocity = velocities[keyPath] as? Value.AnimatableData ?? .zero
            let segments = _KeyframeSegments(initialValue: start.animatableData, initialVelocity: velocity, elements: elements)
            return _ResolvedKeyframeTrack(
                keyPath: keyPath, duration: segments.duration,
                apply: { root, time in root[keyPath: keyPath].animatableData = segments.value(at: time) },
                velocity: { time in segments.velocity(at: time) },
                segments: segments)
        }
    }
}

extension _AnyKeyframeTrack where Root: Animatable {
    /// The whole-value track of keyframes written outside a `KeyframeTrack`.
    static func _bare(_ elements: [_KeyframeElement<Root.AnimatableData>]) -> _AnyKeyframeTrack<Root> {
        var track = _AnyKeyframeTrack(KeyframeTrack<Root, Root>(\.self) { KeyframeTrackContentGroup(_elements: elements) })
        track._bare = (elements, { more in ._bare(elements + (more as! [_KeyframeElement<Root.AnimatableData>])) })
        return track
    }
}

/// A track ready to evaluate: writes its value into a root at a time.
public struct _ResolvedKeyframeTrack<Root> {
    public let keyPath: AnyKeyPath
    public let duration: TimeInterval
    let apply: (inout Root, TimeInterval) -> Void
    /// The track's velocity at a time, as its animatable data type.
    let velocity: (TimeInterval) -> Any
    /// The resolved segments, as `_KeyframeSegments<Value.AnimatableData>`.
    public let segments: Any
}

/// What a keyframes builder produces: tracks of the root value, in declaration order.
public struct KeyframeTracks<Root> {
    public let _tracks: [_AnyKeyframeTrack<Root>]
}

/// Builds the tracks of a timeline. Keyframes written directly, outside a `KeyframeTrack`,
/// form a track of the whole value.
@resultBuilder
public enum KeyframesBuilder<Root> {
    public static func buildExpression<Value: Animatable>(_ track: KeyframeTrack<Root, Value>) -> [_AnyKeyframeTrack<Root>] {
        [_AnyKeyframeTrack(track)]
    }

    public static func buildExpression<K: KeyframeTrackContent>(_ keyframe: K) -> [_AnyKeyframeTrack<Root>] where K.Value == Root {
        [._bare(keyframe._elements)]
    }

    public static func buildBlock(_ parts: [_AnyKeyframeTrack<Root>]...) -> [_AnyKeyframeTrack<Root>] {
        parts.flatMap { $0 }
    }

    public static func buildArray(_ parts: [[_AnyKeyframeTrack<Root>]]) -> [_AnyKeyframeTrack<Root>] { parts.flatMap { $0 } }

    public static func buildOptional(_ part: [_AnyKeyframeTrack<Root>]?) -> [_AnyKeyframeTrack<Root>] { part ?? [] }

    public static func buildEither(first: [_AnyKeyframeTrack<Root>]) -> [_AnyKeyframeTrack<Root>] { first }

    public static func buildEither(second: [_AnyKeyframeTrack<Root>]) -> [_AnyKeyframeTrack<Root>] { second }

    public static func buildFinalResult(_ tracks: [_AnyKeyframeTrack<Root>]) -> KeyframeTracks<Root> {
        KeyframeTracks(_tracks: _mergingAdjacentWholeValueTracks(tracks))
    }

    /// Consecutive bare keyframes are one whole-value track, not one track each.
    static func _mergingAdjacentWholeValueTracks(_ tracks: [_AnyKeyframeTrack<Root>]) -> [_AnyKeyframeTrack<Root>] {
        var merged: [_AnyKeyframeTrack<Root>] = []
        for track in tracks {
            if let previous = merged.last?._bare, let current = track._bare {
                merged[merged.count - 1] = previous.extended(current.elements)
            } else {
                merged.append(track)
            }
        }
        return merged
    }
}

import Foundation

/// One keyframe of a track, in the track's animatable data (docs/semantics.md §5.1).
public enum _KeyframeElement<Data: VectorArithmetic> {
    case move(to: Data)
    case linear(to: Data, duration: TimeInterval, curve: UnitCurve)
    case cubic(to: Data, duration: TimeInterval, startVelocity: Data?, endVelocity: Data?)
    case spring(to: Data, duration: TimeInterval?, spring: Spring, startVelocity: Data?)
}

/// A value a keyframe track builder accepts: one or more keyframes of `Value`.
public protocol KeyframeTrackContent<Value> {
    associatedtype Value: Animatable
    var _elements: [_KeyframeElement<Value.AnimatableData>] { get }
}

/// Moves to `to` along `timingCurve` in `duration` seconds:
/// `from + (to − from)·timingCurve.value(at: t/duration)`.
public struct LinearKeyframe<Value: Animatable>: KeyframeTrackContent {
    public var to: Value
    public var duration: TimeInterval
    public var timingCurve: UnitCurve

    public init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear) {
        self.to = to
        self.duration = duration
        self.timingCurve = timingCurve
    }

    public var _elements: [_KeyframeElement<Value.AnimatableData>] {
        [.linear(to: to.animatableData, duration: duration, curve: timingCurve)]
    }
}

/// Moves to `to` along a cubic Hermite curve in `duration` seconds. Without explicit velocities,
/// adjacent cubic keyframes form a Catmull-Rom spline, and a cubic keyframe next to another kind
/// takes its neighbour's velocity at the joint (§5.2).
public struct CubicKeyframe<Value: Animatable>: KeyframeTrackContent {
    public var to: Value
    public var duration: TimeInterval
    public var startVelocity: Value?
    public var endVelocity: Value?

    public init(_ to: Value, duration: TimeInterval, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        self.to = to
        self.duration = duration
        self.startVelocity = startVelocity
        self.endVelocity = endVelocity
    }

    public var _elements: [_KeyframeElement<Value.AnimatableData>] {
        [.cubic(to: to.animatableData, duration: duration, startVelocity: startVelocity?.animatableData, endVelocity: endVelocity?.animatableData)]
    }
}

/// Moves towards `to` as `spring` would, for `duration` seconds — or, when nil, for the spring's
/// settling duration with ε = 1e-4 (decision 4). The next keyframe starts where the spring actually
/// is then, with its velocity (§5.2).
public struct SpringKeyframe<Value: Animatable>: KeyframeTrackContent {
    public var to: Value
    public var duration: TimeInterval?
    public var spring: Spring
    public var startVelocity: Value?

    public init(_ to: Value, duration: TimeInterval? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) {
        self.to = to
        self.duration = duration
        self.spring = spring
        self.startVelocity = startVelocity
    }

    public var _elements: [_KeyframeElement<Value.AnimatableData>] {
        [.spring(to: to.animatableData, duration: duration, spring: spring, startVelocity: startVelocity?.animatableData)]
    }
}

/// Jumps to `to` without interpolating.
public struct MoveKeyframe<Value: Animatable>: KeyframeTrackContent {
    public var to: Value

    public init(_ to: Value) { self.to = to }

    public var _elements: [_KeyframeElement<Value.AnimatableData>] { [.move(to: to.animatableData)] }
}

/// Several keyframes, as the track builder produces them.
public struct KeyframeTrackContentGroup<Value: Animatable>: KeyframeTrackContent {
    public let _elements: [_KeyframeElement<Value.AnimatableData>]
}

/// Builds the keyframes of one track.
@resultBuilder
public enum KeyframeTrackContentBuilder<Value: Animatable> {
    public static func buildExpression<K: KeyframeTrackContent>(_ keyframe: K) -> [_KeyframeElement<Value.AnimatableData>] where K.Value == Value {
        keyframe._elements
    }

    public static func buildBlock(_ parts: [_KeyframeElement<Value.AnimatableData>]...) -> [_KeyframeElement<Value.AnimatableData>] {
        parts.flatMap { $0 }
    }

    public static func buildArray(_ parts: [[_KeyframeElement<Value.AnimatableData>]]) -> [_KeyframeElement<Value.AnimatableData>] {
        parts.flatMap { $0 }
    }

    public static func buildOptional(_ part: [_KeyframeElement<Value.AnimatableData>]?) -> [_KeyframeElement<Value.AnimatableData>] {
        part ?? []
    }

    public static func buildEither(first: [_KeyframeElement<Value.AnimatableData>]) -> [_KeyframeElement<Value.AnimatableData>] { first }

    public static func buildEither(second: [_KeyframeElement<Value.AnimatableData>]) -> [_KeyframeElement<Value.AnimatableData>] { second }

    public static func buildFinalResult(_ elements: [_KeyframeElement<Value.AnimatableData>]) -> KeyframeTrackContentGroup<Value> {
        KeyframeTrackContentGroup(_elements: elements)
    }
}

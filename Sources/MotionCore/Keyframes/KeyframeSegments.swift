import Foundation

/// A track's keyframes resolved against their start value into segments that can be evaluated
/// at any time — the evaluation model of docs/semantics.md §5.2 (decision 4):
///
/// - Move: no duration; jumps to its value; end velocity 0.
/// - Linear: `from + (to − from)·curve(t/d)`; end velocity `(to − from)/d · curve′(1)`.
/// - Cubic: a Hermite segment with tangents `velocity·d`. Its start velocity is its own, else the
///   previous element's end velocity (0 at the start of a track, or the track's initial
///   velocity); its end velocity is its own, else 0 at the end of the track or before a move,
///   the next cubic's start velocity or the Catmull-Rom tangent `(next.to − from)/(d + d_next)`,
///   a following spring's start velocity or `(spring.to − from)/(2d)`, or a following linear's
///   `(lin.to − to)/lin.d · curve′(0)`.
/// - Spring: `from + spring.value(target: to − from, initialVelocity: v0, time: t)` with v0 its
///   own start velocity or the previous element's end velocity, for its duration or its settling
///   duration (ε = 1e-4); it ends where the spring actually is then, with the spring's velocity.
///
/// Keyframes with a zero, negative or NaN duration take no time: they act as moves.
@usableFromInline package struct _KeyframeSegments<Data: VectorArithmetic> {
    public enum Kind {
        case move
        case linear(UnitCurve)
        /// Hermite tangents (velocity × duration) at the start and end.
        case cubic(startTangent: Data, endTangent: Data)
        case spring(Spring, initialVelocity: Data)
    }

    public struct Segment {
        public let kind: Kind
        public let from: Data
        public let to: Data
        public let duration: TimeInterval
        /// Where the segment ends (a spring's actual position) and its velocity there.
        public let end: Data
        public let endVelocity: Data
    }

    public let initialValue: Data
    public let segments: [Segment]
    /// The time each segment starts: the running sum of the durations before it.
    public let startTimes: [TimeInterval]
    public let duration: TimeInterval

    public init(initialValue: Data, initialVelocity: Data = .zero, elements: [_KeyframeElement<Data>]) {
        self.initialValue = initialValue
        let elements = elements.map { Self._normalized($0) }
        var segments: [Segment] = []
        var from = initialValue
        var previousEndVelocity = initialVelocity
        for (index, element) in elements.enumerated() {
            let next = index + 1 < elements.count ? elements[index + 1] : nil
            let segment = Self._segment(element, from: from, previousEndVelocity: previousEndVelocity, next: next)
            segments.append(segment)
            from = segment.end
            previousEndVelocity = segment.endVelocity
        }
        self.segments = segments
        var startTimes: [TimeInterval] = []
        var start = 0.0
        for segment in segments {
            startTimes.append(start)
            start += segment.duration
        }
        self.startTimes = startTimes
        self.duration = start
    }

    /// Keyframes that take no time become moves.
    static func _normalized(_ element: _KeyframeElement<Data>) -> _KeyframeElement<Data> {
        switch element {
        case let .linear(to, duration, _) where !(duration > 0), let .cubic(to, duration, _, _) where !(duration > 0):
            return .move(to: to)
        case let .spring(to, duration?, _, _) where !(duration > 0):
            return .move(to: to)
        default:
            return element
        }
    }

    static func _segment(_ element: _KeyframeElement<Data>, from: Data, previousEndVelocity: Data, next: _KeyframeElement<Data>?) -> Segment {
        switch element {
        case let .move(to):
            return Segment(kind: .move, from: from, to: to, duration: 0, end: to, endVelocity: .zero)
        case let .linear(to, d, curve):
            return Segment(
                kind: .linear(curve), from: from, to: to, duration: d, end: to,
                endVelocity: (to - from).scaled(by: curve.velocity(at: 1) / d))
        case let .cubic(to, d, startVelocity, endVelocity):
            let v0 = startVelocity ?? previousEndVelocity
            let v1 = endVelocity ?? _cubicEndVelocity(from: from, to: to, duration: d, next: next)

            return Segment(
                kind: .cubic(startTangent: v0.scaled(by: d), endTangent: v1.scaled(by: d)),
                from: from, to: to, duration: d, end: to, endVelocity: v1)
        case let .spring(to, d, spring, startVelocity):
            let v0 = startVelocity ?? previousEndVelocity
            let target = to - from
            let duration = d ?? spring.settlingDuration(target: target, initialVelocity: v0, epsilon: 1e-4)
            return Segment(
                kind: .spring(spring, initialVelocity: v0), from: from, to: to, duration: duration,
                end: from + spring.value(target: target, initialVelocity: v0, time: duration),
                endVelocity: spring.velocity(target: target, initialVelocity: v0, time: duration))
        }
    }

    /// The end velocity of a cubic keyframe with none of its own, from what follows it.
    static func _cubicEndVelocity(from: Data, to: Data, duration d: TimeInterval, next: _KeyframeElement<Data>?) -> Data {
        switch next {
        case nil, .move?:
            return .zero
        case let .cubic(nextTo, nextDuration, nextStart, _)?:
            return nextStart ?? (nextTo - from).scaled(by: 1 / (d + nextDuration))
        case let .spring(springTo, _, _, springStart)?:
            return springStart ?? (springTo - from).scaled(by: 1 / (2 * d))
        case let .linear(linearTo, linearDuration, curve)?:
            return (linearTo - to).scaled(by: curve.velocity(at: 0) / linearDuration)
        }
    }

    /// The index of the segment in effect at `time`: the first whose end is at or after `time`,
    /// so a boundary belongs to the earlier segment; `segments.count` past the end. The search
    /// starts at `hint`, which must not be past the answer — for times that only grow, the
    /// previous answer (how the engine keeps a cursor per channel).
    @inlinable
    package func _segmentIndex(at time: TimeInterval, from hint: Int = 0) -> Int {
        var index = hint
        while index < segments.count && !(time - startTimes[index] <= segments[index].duration) {
            index += 1
        }
        return index
    }

    func _locate(_ time: TimeInterval) -> (segment: Segment, time: TimeInterval)? {
        let index = _segmentIndex(at: time)
        guard index < segments.count else { return nil }
        return (segments[index], time - startTimes[index])
    }

    /// The value at `time`. Before the start curve segments hold their start; past the end the
    /// track holds its last value; an empty track holds its initial value.
    public func value(at time: TimeInterval) -> Data {
        guard let (segment, t) = _locate(time) else { return segments.last?.end ?? initialValue }
        return Self._value(of: segment, at: max(0, t))
    }

    /// The velocity at `time`: zero before the start, past the end and on moves.
    public func velocity(at time: TimeInterval) -> Data {
        guard time >= 0, let (segment, t) = _locate(time) else { return .zero }
        return Self._velocity(of: segment, at: t)
    }

    @usableFromInline package static func _value(of segment: Segment, at t: TimeInterval) -> Data {
        switch segment.kind {
        case .move:
            return segment.to
        case let .linear(curve):
            return segment.from + (segment.to - segment.from).scaled(by: curve.value(at: t / segment.duration))
        case let .cubic(m0, m1):
            let h = _hermiteBasis(t / segment.duration)
            return segment.from.scaled(by: h.h00) + m0.scaled(by: h.h10) + segment.to.scaled(by: h.h01) + m1.scaled(by: h.h11)
        case let .spring(spring, v0):
            return segment.from + spring.value(target: segment.to - segment.from, initialVelocity: v0, time: t)
        }
    }

    @usableFromInline package static func _velocity(of segment: Segment, at t: TimeInterval) -> Data {
        switch segment.kind {
        case .move:
            return .zero
        case let .linear(curve):
            return (segment.to - segment.from).scaled(by: curve.velocity(at: t / segment.duration) / segment.duration)
        case let .cubic(m0, m1):
            let s = t / segment.duration
            let s2 = s * s
            let derivative =
                segment.from.scaled(by: 6 * s2 - 6 * s) + m0.scaled(by: 3 * s2 - 4 * s + 1)
                + segment.to.scaled(by: -6 * s2 + 6 * s) + m1.scaled(by: 3 * s2 - 2 * s)
            return derivative.scaled(by: 1 / segment.duration)
        case let .spring(spring, v0):
            return spring.velocity(target: segment.to - segment.from, initialVelocity: v0, time: t)
        }
    }
}

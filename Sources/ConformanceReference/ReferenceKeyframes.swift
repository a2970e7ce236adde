import FixtureFormat
import Foundation

/// A keyframe timeline by docs/semantics.md §5, written apart from MotionCore's: each track a list
/// of segments with a start, a duration, an end value and end velocity, built in order (§5.2), and
/// tracks applied in order, the last to write a component winning (§5.1).
package struct ReferenceKeyframes {
    /// One keyframe as the fixture writes it; values are the track's components.
    package enum Keyframe {
        case linear(to: [Double], duration: Double, curve: ReferenceUnitCurve)
        case cubic(to: [Double], duration: Double, startVelocity: [Double]?, endVelocity: [Double]?)
        case spring(to: [Double], duration: Double?, spring: ReferenceSpring, startVelocity: [Double]?)
        case move(to: [Double])

        var to: [Double] {
            switch self {
            case let .linear(to, _, _), let .cubic(to, _, _, _), let .spring(to, _, _, _), let .move(to): return to
            }
        }
    }

    struct Segment {
        var keyframe: Keyframe
        var start: [Double]
        var duration: Double
        var startVelocity: [Double]
        var endValue: [Double]
        var endVelocity: [Double]

        func value(_ t: Double) -> [Double] {
            switch keyframe {
            case .move: return endValue
            case let .linear(to, d, curve):
                let y = curve.value(at: t / d)
                return zip(start, to).map { a, b in a + (b - a) * y }
            case let .cubic(to, d, _, _):
                let s = t / d
                let h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s
                let h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s
                return start.indices.map { i in
                    h00 * start[i] + h01 * to[i] + h10 * startVelocity[i] * d + h11 * endVelocity[i] * d
                }
            case let .spring(to, _, spring, _):
                return start.indices.map { i in start[i] + spring.value(target: to[i] - start[i], initialVelocity: startVelocity[i], time: t) }
            }
        }

        func velocity(_ t: Double) -> [Double] {
            switch keyframe {
            case .move: return start.map { _ in 0 }
            case let .linear(to, d, curve):
                let slope = curve.velocity(at: t / d)
                return zip(start, to).map { a, b in (b - a) / d * slope }
            case let .cubic(to, d, _, _):
                let s = t / d
                let d00 = 6 * s * s - 6 * s, d10 = 3 * s * s - 4 * s + 1, d01 = -6 * s * s + 6 * s, d11 = 3 * s * s - 2 * s
                return start.indices.map { i in
                    (d00 * start[i] + d01 * to[i]) / d + d10 * startVelocity[i] + d11 * endVelocity[i]
                }
            case let .spring(to, _, spring, _):
                return start.indices.map { i in spring.velocity(target: to[i] - start[i], initialVelocity: startVelocity[i], time: t) }
            }
        }
    }

    /// A track: the components it writes (nil: all) and its segments.
    struct Track {
        var component: Int?
        var segments: [Segment]
        var duration: Double { segments.reduce(0) { $0 + $1.duration } }
    }

    let initialValue: [Double]
    let tracks: [Track]
    package var duration: Double { tracks.map(\.duration).max() ?? 0 }

    package init(initialValue: [Double], tracks: [(component: Int?, keyframes: [Keyframe])]) {
        self.initialValue = initialValue
        self.tracks = tracks.map { track in
            let start = track.component.map { [initialValue[$0]] } ?? initialValue
            return Track(component: track.component, segments: Self.segments(track.keyframes, from: start))
        }
    }

    /// The segments of §5.2, each starting where the previous one ended.
    static func segments(_ keyframes: [Keyframe], from initial: [Double]) -> [Segment] {
        let zero = initial.map { _ in 0.0 }
        var result: [Segment] = []
        var start = initial
        let keyframes = keyframes.map(takingNoTime)
        for (index, keyframe) in keyframes.enumerated() {
            let previous = result.last
            let next = index + 1 < keyframes.count ? keyframes[index + 1] : nil
            var segment = Segment(keyframe: keyframe, start: start, duration: 0, startVelocity: zero, endValue: keyframe.to, endVelocity: zero)
            switch keyframe {
            case .move:
                break
            case let .linear(to, d, curve):
                segment.duration = d
                let slope = curve.velocity(at: 1)
                segment.endVelocity = zip(start, to).map { a, b in (b - a) / d * slope }
            case let .cubic(to, d, startVelocity, endVelocity):
                segment.duration = d
                segment.startVelocity = startVelocity ?? cubicStart(after: previous, start: start, to: to, duration: d, zero: zero)
                segment.endVelocity = endVelocity ?? cubicEnd(before: next, start: start, to: to, duration: d, zero: zero)
            case let .spring(to, duration, spring, startVelocity):
                let v0 = startVelocity ?? previous?.endVelocity ?? zero
                segment.startVelocity = v0
                let change = zip(to, start).map { $0 - $1 }
                segment.duration = duration ?? spring.settlingDuration(target: change, initialVelocity: v0, epsilon: 1e-4)
                segment.endValue = segment.value(segment.duration)
                segment.endVelocity = segment.velocity(segment.duration)
            }
            result.append(segment)
            start = segment.endValue
        }
        return result
    }

    /// A linear or cubic keyframe whose duration is not positive (zero, negative, NaN), and a spring
    /// given such a duration, take no time: they are moves (§5.2).
    static func takingNoTime(_ keyframe: Keyframe) -> Keyframe {
        switch keyframe {
        case let .linear(to, d, _) where !(d > 0), let .cubic(to, d, _, _) where !(d > 0): return .move(to: to)
        case let .spring(to, d?, _, _) where !(d > 0): return .move(to: to)
        default: return keyframe
        }
    }

    /// A cubic's start velocity without an explicit one: 0 first and after a move; after a cubic
    /// its explicit end velocity or the Catmull-Rom tangent; after anything else its end velocity.
    static func cubicStart(after previous: Segment?, start: [Double], to: [Double], duration: Double, zero: [Double]) -> [Double] {
        guard let previous else { return zero }
        switch previous.keyframe {
        case .move: return zero
        case let .cubic(_, d, _, explicit):
            return explicit ?? zip(to, previous.start).map { ($0 - $1) / (d + duration) }
        default: return previous.endVelocity
        }
    }

    /// A cubic's end velocity without an explicit one, from the keyframe after it (§5.2).
    static func cubicEnd(before next: Keyframe?, start: [Double], to: [Double], duration: Double, zero: [Double]) -> [Double] {
        switch next {
        case nil, .move?: return zero
        case let .cubic(end, d, explicit, _)?: return explicit ?? zip(end, start).map { ($0 - $1) / (duration + d) }
        case let .spring(end, _, _, explicit)?: return explicit ?? zip(end, start).map { ($0 - $1) / (2 * duration) }
        case let .linear(end, d, curve)?:
            let slope = curve.velocity(at: 0)
            return zip(end, to).map { ($0 - $1) / d * slope }
        }
    }

    /// The value at `time`: every track's, in order, on the components it writes.
    package func value(time: Double) -> [Double] {
        var result = initialValue
        for track in tracks {
            let v =
                Self.evaluate(track, time) { $0.value($1) } ?? (track.segments.last?.endValue ?? (track.component.map { [initialValue[$0]] } ?? initialValue))
            if let component = track.component { result[component] = v[0] } else { result = v }
        }
        return result
    }

    /// The velocity at `time`: 0 outside [0, duration] (§5.2); else the last track's that writes the value.
    package func velocity(time: Double) -> [Double] {
        var result = initialValue.map { _ in 0.0 }
        guard time >= 0 && time <= duration else { return result }
        for track in tracks {
            let v = Self.evaluate(track, time) { $0.velocity($1) } ?? result.map { _ in 0 }
            if let component = track.component { result[component] = v[0] } else { result = v }
        }
        return result
    }

    /// A segment's answer at the track's `time`: the first segment whose start s (the running sum of
    /// the durations before it, in order) has `time − s ≤ d`, so a boundary belongs to the earlier
    /// segment; before 0 the first segment at its own time 0; nil past the track's end.
    static func evaluate(_ track: Track, _ time: Double, _ answer: (Segment, Double) -> [Double]) -> [Double]? {
        var begin = 0.0
        for segment in track.segments {
            if time - begin <= segment.duration { return answer(segment, max(0, time - begin)) }
            begin += segment.duration
        }
        return nil
    }
}

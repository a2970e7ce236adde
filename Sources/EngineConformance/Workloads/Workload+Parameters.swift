import FixtureFormat
import Foundation
import MotionConformance
import MotionCore

/// The channels of the standard workloads, in one place: the protocol's workloads send them as
/// data, and MotionEngine's `tick.*` benchmarks (Benchmarks/MotionBenchmarks/EngineBenchmarks.swift)
/// build their channels from the same definitions, decoded by the fixture reader. Long-lived on
/// purpose: no channel settles during a measurement, so the work per frame does not fade.
extension Workload {
    /// The value variant v (0…7) animates to, from 0.
    public static func target(variant v: Int) -> Double { 100 + Double(v) }

    /// A fluid spring: response 1000 + v s, damping fraction 0.3 + 0.1·v.
    public static func fluidAnimation(variant v: Int) -> JSONValue {
        let v = Double(v)
        return .object([("spring", .object([("response", .number(1000 + v)), ("dampingFraction", .number(0.3 + 0.1 * v))]))])
    }

    /// An interpolating spring: mass 1, stiffness 0.01 + 0.002·v, damping 0.001.
    public static func closedAnimation(variant v: Int) -> JSONValue {
        let v = Double(v)
        return .object([
            ("interpolatingSpring", .object([("mass", .number(1)), ("stiffness", .number(0.01 + 0.002 * v)), ("damping", .number(0.001))]))
        ])
    }

    /// A timing curve of 10⁶ s: linear, easeInOut and timingCurve(0.68, −0.6, 0.32, 1.6) for
    /// v mod 3 = 0, 1, 2.
    public static func curveAnimation(variant v: Int) -> JSONValue {
        let duration: (String, JSONValue) = ("duration", .number(curveDuration))
        switch v % 3 {
        case 0: return .object([("linear", .object([duration]))])
        case 1: return .object([("easeInOut", .object([duration]))])
        default:
            let points: JSONValue = .array([.number(0.68), .number(-0.6), .number(0.32), .number(1.6)])
            return .object([("timingCurve", .object([("controlPoints", points), duration]))])
        }
    }

    public static let curveDuration = 1e6

    /// Curves start in the past so that their progress spreads over 0.1…0.8 of the curve (the
    /// Bézier solver's work depends on where on the curve it is): the batch whose first channel is
    /// variant v starts 10⁵·(1 + v) s before frame 0.
    public static func curveStart(firstVariant v: Int) -> Double { -curveDuration * (0.1 + 0.1 * Double(v)) }

    /// Seconds per segment of the keyframe track: long enough that no run reaches its end.
    public static let keyframeSegmentDuration = 200.0

    /// One track of 8 cubic keyframes to ((37·k) mod 11) − 5, k = 1…8, each `keyframeSegmentDuration`.
    public static let keyframeTrack: JSONValue = .object([
        (
            "keyframes",
            .array(
                (1...8).map { k in
                    .object([("cubic", .object([("to", .number(Double((k * 37) % 11) - 5)), ("duration", .number(keyframeSegmentDuration))]))])
                })
        )
    ])

    /// Keyframe variant v (0…63) starts 20·v s before frame 0.
    public static func keyframeStart(variant v: Int) -> Double { -Double(v) * 20 }

    /// An animation written as data, as MotionCore's `Animation` (the fixture reader's decoding).
    public static func animation(_ json: JSONValue) throws -> Animation {
        guard let spec = try FixtureLoader.animation(JSONCursor(root: json)) else { throw WorkloadError("\(json.compactSerialized()) is no animation") }
        return spec.animation
    }

    /// `keyframeTrack` as a keyframe timeline of scalars, from 0.
    public static func keyframeTimeline() throws -> KeyframeTimeline<Double> {
        Player.scalarTimeline(
            try FixtureLoader.keyframes(
                JSONCursor(
                    root: .object([("valueType", .string("scalar")), ("initialValue", .number(0)), ("tracks", .array([keyframeTrack])), ("checks", .array([]))])
                )
            ))
    }
}

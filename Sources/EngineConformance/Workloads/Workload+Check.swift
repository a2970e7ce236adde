import BenchKit
import FixtureFormat
import Foundation
import MotionConformance
import MotionCore

extension Workload {
    /// The tolerance an engine's final values are held to: the fixtures' usual one
    /// (docs/protocol.md §5), |actual − expected| ≤ 1e-9 + 1e-9·|expected|.
    public static let tolerance = (absolute: 1e-9, relative: 1e-9)

    /// The error recorded for a value that is not a number or not there (JSON has no infinity).
    static let unbounded = 1e300

    /// A variant's value at each of the given frame times, as MotionCore computes it: an
    /// `AnimatedProperty` set at the variant's start and sampled at every frame, as an engine's
    /// channel is ticked (a fluid spring's steps depend on the frames it was sampled at), or the
    /// keyframe timeline at the time since its start.
    func expectedValues(variant: Variant, frameTimes: [Double]) throws -> [Double] {
        switch variant {
        case let .animated(from, to, start, animation):
            guard let spec = try FixtureLoader.animation(JSONCursor(root: animation)) else { return frameTimes.map { _ in to } }
            let property = AnimatedProperty(from)
            property.set(to, at: start, transaction: Transaction(animation: spec.animation))
            return frameTimes.map { property.presentedValue(at: $0) }
        case let .keyframes(initialValue, track, start):
            let scenario = try FixtureLoader.keyframes(
                JSONCursor(
                    root: .object([
                        ("valueType", .string("scalar")), ("initialValue", .number(initialValue)), ("tracks", .array([track])), ("checks", .array([])),
                    ])))
            let timeline = Player.scalarTimeline(scenario)
            return frameTimes.map { timeline.value(time: $0 - start) }
        }
    }

    /// The reported channels' values after `frames` frames, as MotionCore computes them.
    public func expectedFinalValues(frames: Int) throws -> [Double] {
        let times = (0..<max(1, frames)).map { Double($0) / Self.frameRate }
        let finals = try variants.map { try expectedValues(variant: $0, frameTimes: times).last! }
        return reportedChannels.map { finals[$0 % variants.count] }
    }

    /// Checks an engine's final values after `frames` frames against MotionCore's.
    public func check(values: [Double], frames: Int) throws -> ValuesCheck {
        let channels = reportedChannels
        let expected = try expectedFinalValues(frames: frames)
        let (absolute, relative) = Self.tolerance
        guard values.count == channels.count else {
            return ValuesCheck(
                channels: 0, worstError: Self.unbounded, absolute: absolute, relative: relative,
                message: "the engine reported \(values.count) values for the \(channels.count) channels asked (`report`)")
        }
        var worst = 0.0
        var first: String?
        for (index, (actual, wanted)) in zip(values, expected).enumerated() {
            let allowed = absolute + relative * abs(wanted)
            let error = actual.isFinite ? min(abs(actual - wanted) / allowed, Self.unbounded) : Self.unbounded
            worst = max(worst, error)
            if error > 1, first == nil {
                let time = Double(frames - 1) / Self.frameRate
                first =
                    "values differ from MotionCore's: channel \(channels[index]) is \(actual) after frame \(frames - 1) (t = \(JSONValue.format(time)) s), "
                    + "MotionCore gives \(wanted) (off by \(String(format: "%.3g", abs(actual - wanted))), \(String(format: "%.3g", error))× the tolerance)"
            }
        }
        return ValuesCheck(channels: channels.count, worstError: worst, absolute: absolute, relative: relative, message: first)
    }
}

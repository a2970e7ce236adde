import BenchKit
import FixtureFormat
import Foundation
import MotionConformance
import MotionCore
import MotionEngine

extension MotionCoreAdapter {
    /// The clock the adapter times workload frames with (docs/protocol.md §8).
    static let clock: JSONValue = .object([
        ("name", .string("CLOCK_MONOTONIC (clock_gettime)")),
        ("resolution", .number(Double(MonotonicClock.resolution) / 1e9)),
    ])

    /// Runs a `workload` request on MotionEngine: channels set up untimed, then each frame's tick
    /// timed on its own — the work that brings every channel's presented value to that frame.
    func workload(_ request: JSONCursor) throws -> [(String, JSONValue)] {
        let channels = try request.field("channels").integer()
        let variants = try request.field("variants").array()
        guard channels > 0, !variants.isEmpty else { throw request.error("a workload needs channels > 0 and at least one variant") }
        let rate = try request.field("frameRate").number()
        let frames = try request.field("frames").integer()
        let minimumFrames = try request.optionalField("minimumFrames")?.integer() ?? frames
        let seconds = try request.optionalField("seconds")?.number() ?? .infinity
        let report = try request.field("report").array().map { try $0.integer() }
        guard report.allSatisfy({ (0..<channels).contains($0) }) else { throw request.error("`report` names a channel outside 0..<\(channels)") }
        let engine = MotionEngine(threadCount: max(1, try request.optionalField("threads")?.integer() ?? 1))
        var ids: [ChannelID] = []
        ids.reserveCapacity(channels)
        var batches = [[(ChannelID, Double)]](repeating: [], count: variants.count)
        var setups: [(start: Double, animation: Animation?, timeline: KeyframeTimeline<Double>?, from: Double)] = []
        for variant in variants {
            let start = try variant.field("start").number()
            if let keyframes = try variant.optionalField("keyframes") {
                let scenario = try FixtureLoader.keyframes(
                    JSONCursor(
                        root: .object([
                            ("valueType", .string("scalar")), ("initialValue", try keyframes.field("initialValue").value),
                            ("tracks", try keyframes.field("tracks").value), ("checks", .array([])),
                        ])))
                setups.append((start, nil, Player.scalarTimeline(scenario), 0))
            } else {
                let animation = try FixtureLoader.animation(try variant.optionalField("animation"))?.animation
                setups.append((start, animation, nil, try variant.field("from").number()))
            }
        }
        for k in 0..<channels {
            let v = k % variants.count
            if let timeline = setups[v].timeline {
                ids.append(try engine.addChannel(timeline: timeline, at: setups[v].start))
            } else {
                let id = try engine.addChannel(value: setups[v].from)
                ids.append(id)
                batches[v].append((id, try variants[v].field("to").number()))
            }
        }
        for (v, batch) in batches.enumerated() where !batch.isEmpty {
            try engine.animate(batch, with: setups[v].animation, at: setups[v].start)
        }
        let running = RunningWorkload(engine: engine, ids: ids, rate: rate)
        self.running = running
        let times = try running.run(frames: frames, minimumFrames: minimumFrames, seconds: seconds)
        let values = try report.map { try engine.value(of: ids[$0]) }
        return [("frameTimes", EngineProtocol.numbers(times)), ("values", EngineProtocol.numbers(values))]
    }

    /// The next frames of the last workload, for `seconds` at least one frame, or `frames`.
    func frames(_ request: JSONCursor) throws -> [(String, JSONValue)] {
        guard let running else { throw request.error("`frames` before `workload`") }
        let times = try running.run(
            frames: try request.optionalField("frames")?.integer() ?? 1_000_000, minimumFrames: 1,
            seconds: try request.field("seconds").number())
        return [("frameTimes", EngineProtocol.numbers(times))]
    }
}

/// A workload set up on MotionEngine, and the frame it has reached.
final class RunningWorkload {
    let engine: MotionEngine
    let ids: [ChannelID]
    let rate: Double
    var nextFrame = 0

    init(engine: MotionEngine, ids: [ChannelID], rate: Double) {
        self.engine = engine
        self.ids = ids
        self.rate = rate
    }

    /// Runs frames, each timed on its own: at most `frames`, stopping once at least
    /// `minimumFrames` have run and their times add up to `seconds`.
    func run(frames: Int, minimumFrames: Int, seconds: Double) throws -> [Double] {
        var times: [Double] = []
        var total = 0.0
        for frame in 0..<frames {
            if frame >= minimumFrames && total >= seconds * 1e9 { break }
            let start = MonotonicClock.now()
            try engine.tick(at: Double(nextFrame) / rate)
            let elapsed = Double(MonotonicClock.now() - start)
            nextFrame += 1
            times.append(elapsed)
            total += elapsed
        }
        return times
    }
}

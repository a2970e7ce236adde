import FixtureFormat
import Foundation
import MotionConformance
import MotionCore

/// The Swift adapter: MotionCore behind the engine protocol (docs/protocol.md), every capability
/// declared; its benchmark workloads run on MotionEngine (§8). `motion-bench adapter` runs it on standard input and output; it is also the example
/// to follow for an engine in Swift.
public final class MotionCoreAdapter {
    var value: AnimatedValue?
    var fired: [String] = []
    /// The last workload, kept for `frames` (docs/protocol.md §8).
    var running: RunningWorkload?
    /// A name for the handshake: MotionCore, or MotionCore with a deliberate bug.
    let engineName: String
    /// Speak the protocol as it was before the handshake (docs/protocol.md §3): no `hello`, scalar
    /// numbers instead of component arrays, answers without ids. For testing the harness's
    /// support of such engines.
    let legacy: Bool
    /// The version the handshake answers with. Animations are read in either form (modifiers as
    /// keys in order, or as version 2's array), so version 1 is only a different handshake.
    let protocolVersion: Int

    public init(engineName: String = "MotionCore", legacy: Bool = false, protocolVersion: Int = EngineProtocol.version) {
        self.engineName = engineName
        self.legacy = legacy
        self.protocolVersion = protocolVersion
    }

    /// Serves requests until standard input closes.
    public func serve(input: FileHandle = .standardInput, output: FileHandle = .standardOutput) {
        var pending = Data()
        while true {
            let chunk = input.availableData
            if chunk.isEmpty { return }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                output.write(Data((answer(line).compactSerialized() + "\n").utf8))
            }
        }
    }

    /// The answer to one request line.
    public func answer(_ line: String) -> JSONValue {
        var id: JSONValue = .null
        do {
            let request = JSONCursor(root: try JSONValue.parse(line))
            id = request.value["id"] ?? .null
            let op = try request.field("op").string()
            if legacy {
                guard ["reset", "set", "sample"].contains(op) else { return .object([("error", .string("unknown op"))]) }
                return .object(try handle(op, request))
            }
            return .object([("id", id)] + (try handle(op, request)))
        } catch {
            return .object([("id", id), ("error", .string("\(error)"))])
        }
    }

    /// Every capability: version 2's names, or version 1's coarse names where it had them.
    var capabilityNames: [String] {
        guard protocolVersion < 2 else { return EngineProtocol.Capability.allCases.map(\.rawValue) }
        let bundled = Set(EngineProtocol.bundles.flatMap(\.members))
        return EngineProtocol.bundles.map(\.name) + EngineProtocol.Capability.allCases.filter { !bundled.contains($0) }.map(\.rawValue)
    }

    func handle(_ op: String, _ request: JSONCursor) throws -> [(String, JSONValue)] {
        switch op {
        case "hello":
            return [
                ("protocol", .number(Double(protocolVersion))),
                ("engine", .object([("name", .string(engineName)), ("version", .string(MotionBenchVersion.string))])),
                ("capabilities", .array(capabilityNames.map { .string($0) })), ("clock", Self.clock),
            ]
        case "reset":
            let type = legacy ? .scalar : try FixtureLoader.valueType(try request.field("valueType"))
            let initial = legacy ? [try request.field("initialValue").number()] : try request.field("initialValue").numbers(count: type.componentNames.count)
            let merges = try request.optionalField("mergesCoincidentAnimations")?.bool() ?? true
            value = ValueCodecs.visit(type, MakeAnimatedValue(initial: initial, mergesCoincidentAnimations: merges))
            fired = []
            return [("ok", .bool(true))]
        case "set":
            guard let value else { throw request.error("`set` before `reset`") }
            var transaction = Transaction(animation: try FixtureLoader.animation(try request.optionalField("animation"))?.animation)
            transaction.tracksVelocity = try request.optionalField("tracksVelocity")?.bool() ?? false
            var listener: AnimationCompletionListener?
            if let completion = try request.optionalField("completion") {
                let name = try completion.field("name").string()
                let criteria: AnimationCompletionCriteria = try completion.optionalField("criteria")?.string() == "removed" ? .removed : .logicallyComplete
                listener = transaction.addAnimationCompletion(criteria: criteria) { [weak self] in self?.fired.append(name) }
            }
            value.set(
                legacy ? [try request.field("value").number()] : try request.field("value").numbers(), at: try request.field("time").number(),
                transaction: transaction)
            listener?._bodyFinished()
            return [("ok", .bool(true))]
        case "sample":
            guard let value else { throw request.error("`sample` before `reset`") }
            let sample = value.sample(at: try request.field("time").number())
            if legacy { return [("value", EngineProtocol.number(sample.value[0])), ("velocity", EngineProtocol.number(sample.velocity[0]))] }
            return [
                ("value", EngineProtocol.numbers(sample.value)), ("velocity", EngineProtocol.numbers(sample.velocity)),
                ("isAnimating", .bool(sample.isAnimating)), ("completed", .array(fired.map { .string($0) })),
            ]
        case "spring":
            let queries = try request.field("queries").array().map { query -> JSONValue in
                guard case let .object(members) = query.value else { throw query.error("expected an object") }
                return .object(members + [("expected", .number(0))])
            }
            let scenario = try FixtureLoader.spring(JSONCursor(root: .object([("init", try request.field("spring").value), ("checks", .array(queries))])))
            return [("results", .array(Player.answerSpring(scenario).map { EngineProtocol.number($0 ?? .nan) }))]
        case "curve":
            let curve = try AnimationSpec.curve(try request.field("curve"))
            let checks = try request.field("queries").array().map { query -> CurveScenario.Check in
                if let at = try query.optionalField("value") { return .value(at: try at.number(), expected: 0) }
                return .velocity(at: try query.field("velocity").number(), expected: 0)
            }
            return [("results", .array(Player.answerCurve(CurveScenario(curve: curve, checks: checks)).map { EngineProtocol.number($0 ?? .nan) }))]
        case "keyframes":
            var scenario = try FixtureLoader.keyframes(
                JSONCursor(
                    root: .object([
                        ("valueType", try request.field("valueType").value), ("initialValue", try request.field("initialValue").value),
                        ("tracks", try request.field("tracks").value), ("checks", .array([])),
                    ])))
            scenario.checks = try request.field("queries").array().map { query -> KeyframeScenario.Check in
                if try query.optionalField("duration") != nil { return .duration(expected: 0) }
                if let t = try query.optionalField("velocity") { return .velocity(time: try t.number(), expected: []) }
                if let p = try query.optionalField("progress") { return .progress(try p.number(), expected: []) }
                return .value(time: try query.field("value").number(), expected: [])
            }
            return [
                (
                    "results",
                    .array(
                        Player.answerKeyframes(scenario).map { values in
                            guard let values else { return .null }
                            return EngineProtocol.numbers(values)
                        })
                )
            ]
        case "phases":
            let samples = try request.field("sampleTimes").numbers().map { JSONValue.object([("time", .number($0))]) }
            let scenario = try FixtureLoader.phases(
                JSONCursor(
                    root: .object([
                        ("phases", try request.field("phases").value), ("mode", try request.field("mode").value),
                        ("frameRate", try request.field("frameRate").value), ("triggers", try request.field("triggers").value),
                        ("duration", try request.field("duration").value), ("samples", .array(samples)),
                    ])))
            let answers = Player.answerPhases(scenario)
            return [
                (
                    "samples",
                    .array(
                        answers.values.indices.map { i in
                            .object([("value", EngineProtocol.number(answers.values[i] ?? .nan)), ("phase", answers.phases[i].map { .string($0) } ?? .null)])
                        })
                ),
                ("transitions", .array((answers.transitions ?? []).map { .object([("time", .number($0.time)), ("phase", .string($0.phase))]) })),
            ]
        case "timeline":
            let scenario = try FixtureLoader.timeline(
                JSONCursor(
                    root: .object([
                        ("schedule", try request.field("schedule").value), ("from", try request.field("from").value),
                        ("mode", try request.field("mode").value), ("count", try request.field("count").value),
                    ])))
            return [("entries", EngineProtocol.numbers(Player.answerTimeline(scenario)))]
        case "workload":
            return try workload(request)
        case "frames":
            return try frames(request)
        default:
            throw request.error("unknown op \"\(op)\"; expected one of: \(EngineProtocol.operations.joined(separator: ", "))")
        }
    }
}

/// The package's version, as the tool and the adapter report it.
public enum MotionBenchVersion {
    public static let string = "0.2.0"
}

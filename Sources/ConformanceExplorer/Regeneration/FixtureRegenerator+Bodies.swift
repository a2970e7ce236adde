import ConformanceReference
import FixtureFormat
import Foundation
import MotionConformance

/// The expectations of spring, curve, keyframe, phase and timeline scenarios, from the reference
/// model's springs, curves, keyframes, phases and schedules (everything but the property player).
extension FixtureRegenerator {
    /// The fixture's scenario key and its body with every expected answer recomputed.
    static func body(_ fixture: Fixture, json: JSONValue) throws -> (key: String, body: JSONValue) {
        switch fixture.body {
        case .property: throw ReferenceModel.Unsupported(description: "property scenarios are played by ReferencePlayback")
        case .spring: return ("spring", try spring(json["spring"]))
        case .curve: return ("curve", try curve(json["curve"]))
        case let .keyframes(scenario): return ("keyframes", try keyframes(json["keyframes"], scenario))
        case let .phases(scenario): return ("phases", try phases(json["phases"], scenario))
        case let .timeline(scenario): return ("timeline", try timeline(json["timeline"], scenario))
        }
    }

    static func members(_ json: JSONValue?) throws -> [(String, JSONValue)] {
        guard let members = json?.object else { throw ReferenceModel.Unsupported(description: "a scenario must be an object") }
        return members
    }

    /// The scenario with these members' values replaced, in their places.
    static func with(_ json: JSONValue?, _ replacements: [String: JSONValue]) throws -> JSONValue {
        .object(try members(json).map { ($0.0, replacements[$0.0] ?? $0.1) })
    }

    static func numberIn(_ json: JSONValue?, _ key: String, _ fallback: Double) -> Double {
        if case let .number(v)? = json?[key] { return v }
        return fallback
    }

    /// Each check's `expected` from `ReferenceSpring`.
    static func spring(_ json: JSONValue?) throws -> JSONValue {
        let spring = try ReferenceSpring(json: json?["init"])
        guard case let .array(checks)? = json?["checks"] else { throw ReferenceModel.Unsupported(description: "spring checks") }
        let answered: [JSONValue] = try checks.map { check in
            guard let members = check.object, let (kind, args) = members.first else { throw ReferenceModel.Unsupported(description: "a check") }
            let target = numberIn(args, "target", 1), v0 = numberIn(args, "initialVelocity", 0)
            let expected: Double
            let definite: [JSONValue] = [.string("mass"), .string("damping"), .string("stiffness")]
            if !spring.decay.isFinite && !(kind == "property" && definite.contains(args)) {
                throw ReferenceModel.Unsupported(
                    description:
                        "\(kind) \(args) of a spring with infinite damping (a bounce at or below −1): ∞ − ∞, outside the document (docs/semantics.md §1.2)")
            }
            switch kind {
            case "property":
                guard case let .string(name) = args, let value = spring.property(name) else { throw ReferenceModel.Unsupported(description: "a property") }
                expected = value
            case "value": expected = spring.value(target: target, initialVelocity: v0, time: numberIn(args, "time", 0))
            case "velocity": expected = spring.velocity(target: target, initialVelocity: v0, time: numberIn(args, "time", 0))
            case "settlingDuration": expected = spring.settlingDuration(target: target, initialVelocity: v0, epsilon: numberIn(args, "epsilon", 0.001))
            case "lastTimeOutside":
                expected = spring.lastTimeOutside(epsilon: numberIn(args, "epsilon", 0.001), resolution: numberIn(args, "resolution", 0.001))
            default: throw ReferenceModel.Unsupported(description: "the reference model does not compute \(kind) checks")
            }
            return .object([(kind, args), ("expected", number(expected))])
        }
        return try with(json, ["checks": .array(answered)])
    }

    /// Each check's value or velocity from `ReferenceUnitCurve`.
    static func curve(_ json: JSONValue?) throws -> JSONValue {
        guard let curveJSON = json?["curve"], case let .array(checks)? = json?["checks"] else { throw ReferenceModel.Unsupported(description: "a curve") }
        let curve = try ReferenceUnitCurve(json: curveJSON)
        let answered: [JSONValue] = try checks.map { check in
            let at = numberIn(check, "at", 0)
            guard check["velocity"] != nil else { return .object([("at", .number(at)), ("value", extended(curve.value(at: at)))]) }
            let velocity = curve.velocity(at: at)
            if case .bezier = curve, at > 0, at < 1, !(abs(velocity) <= 1e6) {
                throw ReferenceModel.Unsupported(
                    description: "a Bézier slope of \(velocity) inside the curve: where X′ vanishes the solver decides it (docs/semantics.md §2.2)")
            }
            return .object([("at", .number(at)), ("velocity", extended(velocity))])
        }
        return try with(json, ["checks": .array(answered)])
    }

    /// A curve's answer: a NaN is written "nan" (a circular curve outside its domain).
    static func extended(_ value: Double) -> JSONValue { value.isNaN ? .string("nan") : number(value) }

    static func keyframes(_ json: JSONValue?, _ scenario: KeyframeScenario) throws -> JSONValue {
        let names = scenario.valueType.componentNames
        func components(_ value: JSONValue?, whole: Bool) throws -> [Double] {
            switch value {
            case let .number(n)?: return [n]
            case let .array(items)?: return items.compactMap { if case let .number(n) = $0 { return n } else { return nil } }
            case let .object(members)? where whole:
                return try names.map { name in
                    guard case let .number(n)? = members.first(where: { $0.0 == name })?.1 else { throw ReferenceModel.Unsupported(description: "a value") }
                    return n
                }
            default: throw ReferenceModel.Unsupported(description: "a keyframe value")
            }
        }
        guard case let .array(trackJSON)? = json?["tracks"] else { throw ReferenceModel.Unsupported(description: "tracks") }
        let tracks: [(component: Int?, keyframes: [ReferenceKeyframes.Keyframe])] = try trackJSON.map { track in
            var component: Int?
            if case let .string(name)? = track["property"] { component = names.firstIndex(of: name) }
            guard case let .array(keyframes)? = track["keyframes"] else { throw ReferenceModel.Unsupported(description: "keyframes") }
            return (
                component,
                try keyframes.map { keyframe in
                    guard let (kind, args) = keyframe.object?.first else { throw ReferenceModel.Unsupported(description: "a keyframe") }
                    let to = try components(args["to"], whole: component == nil)
                    let velocity = { (key: String) in try args[key].map { try components($0, whole: component == nil) } }
                    switch kind {
                    case "move": return .move(to: to)
                    case "linear":
                        return .linear(
                            to: to, duration: numberIn(args, "duration", 0), curve: try args["curve"].map(ReferenceUnitCurve.init(json:)) ?? .linear)
                    case "cubic":
                        return .cubic(
                            to: to, duration: numberIn(args, "duration", 0), startVelocity: try velocity("startVelocity"),
                            endVelocity: try velocity("endVelocity"))
                    default:
                        let duration: Double? = if case let .number(d)? = args["duration"] { d } else { nil }
                        return .spring(
                            to: to, duration: duration, spring: try ReferenceSpring(json: args["spring"]), startVelocity: try velocity("startVelocity"))
                    }
                }
            )
        }
        let timeline = ReferenceKeyframes(initialValue: scenario.initialValue, tracks: tracks)
        guard case let .array(checks)? = json?["checks"] else { throw ReferenceModel.Unsupported(description: "checks") }
        // An infinite velocity carried into the next keyframe (a curve vertical at its end), or a
        // spring that never settles, is outside §5.2: the reference answers none of it.
        func finite(_ v: [Double]) throws -> [Double] {
            guard v.allSatisfy(\.isFinite) else {
                throw ReferenceModel.Unsupported(description: "an answer that is not finite: outside docs/semantics.md §5.2")
            }
            return v
        }
        let answered: [JSONValue] = try checks.map { check in
            if check["duration"] != nil { return .object([("duration", number(try finite([timeline.duration])[0]))]) }
            if case let .number(p)? = check["progress"] {
                return .object([("progress", .number(p)), ("value", encoded(try finite(timeline.value(time: p * timeline.duration)), scenario.valueType))])
            }
            let t = numberIn(check, "time", 0)
            if check["velocity"] != nil {
                return .object([("time", .number(t)), ("velocity", encoded(try finite(timeline.velocity(time: t)), scenario.valueType))])
            }
            return .object([("time", .number(t)), ("value", encoded(try finite(timeline.value(time: t)), scenario.valueType))])
        }
        return try with(json, ["checks": .array(answered)])
    }

    static func phases(_ json: JSONValue?, _ scenario: PhaseScenario) throws -> JSONValue {
        guard case let .array(phaseJSON)? = json?["phases"] else { throw ReferenceModel.Unsupported(description: "phases") }
        let phases = zip(scenario.phases, phaseJSON).map { phase, json in
            ReferencePhases.Phase(name: phase.name, value: phase.value, animation: json["animation"].flatMap { $0 == .null ? nil : $0 })
        }
        let answers = try ReferencePhases.play(
            phases, triggerMode: scenario.mode == .trigger, frameRate: scenario.frameRate, triggers: scenario.triggers, duration: scenario.duration,
            sampleTimes: scenario.samples.map(\.time))
        guard answers.samples.count == scenario.samples.count else { throw ReferenceModel.Unsupported(description: "a sample after the last frame") }
        try requireBounded(answers.samples.map(\.value), scale: scenario.phases.map { abs($0.value) }.max() ?? 0)
        let samples: [JSONValue] = zip(scenario.samples, answers.samples).map { sample, answer in
            .object([("time", .number(sample.time)), ("value", number(answer.value)), ("phase", .string(answer.phase))])
        }
        let transitions: [JSONValue] = answers.transitions.map { .object([("time", .number($0.time)), ("phase", .string($0.phase))]) }
        return try with(json, ["samples": .array(samples), "transitions": .array(transitions)])
    }

    /// The first `count` entries, or all of them and `ends` when the schedule has fewer.
    static func timeline(_ json: JSONValue?, _ scenario: TimelineScenario) throws -> JSONValue {
        guard let schedule = json?["schedule"] else { throw ReferenceModel.Unsupported(description: "a schedule") }
        let entries = try ReferenceSchedule.entries(schedule, from: scenario.from, lowFrequency: scenario.mode == .lowFrequency, limit: scenario.count + 1)
        let ends = entries.count <= scenario.count
        let expected = Array(entries.prefix(scenario.count)).map { JSONValue.number($0) }
        return try with(json, ["expected": .array(expected), "ends": .bool(ends)])
    }
}

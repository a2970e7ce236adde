import FixtureFormat
import Foundation
import MotionCore

extension FixtureLoader {
    static func property(_ body: JSONCursor) throws -> PropertyScenario {
        try body.onlyKeys(["valueType", "initialValue", "mergesCoincidentAnimations", "events", "samples"])
        let type = try valueType(try body.field("valueType"))
        let initial = try value(try body.field("initialValue"), type)
        let eventCursors = try body.field("events").array()
        var events: [PropertyScenario.Event] = []
        for event in eventCursors {
            try event.onlyKeys(["time", "set", "animation", "transaction", "path", "completion"])
            var transaction = TransactionSpec(animation: nil, hasAnimation: false)
            if let animationCursor = try event.optionalField("animation") {
                transaction.animation = try animation(animationCursor)
                transaction.hasAnimation = true
            }
            if let flags = try event.optionalField("transaction") {
                try flags.onlyKeys(["disablesAnimations", "tracksVelocity"])
                transaction.disablesAnimations = try flags.optionalField("disablesAnimations")?.bool() ?? false
                transaction.tracksVelocity = try flags.optionalField("tracksVelocity")?.bool() ?? false
            }
            var completion: (String, AnimationCompletionCriteria)?
            if let c = try event.optionalField("completion") {
                try c.onlyKeys(["name", "criteria"])
                let criteria = try c.optionalField("criteria")?.string() ?? "logicallyComplete"
                guard ["logicallyComplete", "removed"].contains(criteria) else {
                    throw try c.field("criteria").error("expected \"logicallyComplete\" or \"removed\"")
                }
                completion = (try c.field("name").string(), criteria == "removed" ? .removed : .logicallyComplete)
            }
            events.append(
                PropertyScenario.Event(
                    time: try time(try event.field("time")), value: try value(try event.field("set"), type),
                    animation: transaction.animation, transaction: transaction,
                    path: try (try event.optionalField("path")?.array() ?? []).map(modifier), completion: completion))
        }
        try ordered(zip(events.map(\.time), eventCursors).map { ($0, try $1.field("time")) })
        let sampleCursors = try body.field("samples").array()
        var samples: [PropertyScenario.Sample] = []
        for sample in sampleCursors {
            try sample.onlyKeys(["time", "value", "velocity", "isAnimating", "completed"])
            samples.append(
                PropertyScenario.Sample(
                    time: try time(try sample.field("time")),
                    value: try sample.optionalField("value").map { try expectedValue($0, type) },
                    velocity: try sample.optionalField("velocity").map { try expectedValue($0, type) },
                    isAnimating: try sample.optionalField("isAnimating")?.bool(),
                    completed: try sample.optionalField("completed")?.array().map { try $0.string() }))
        }
        try ordered(zip(samples.map(\.time), sampleCursors).map { ($0, try $1.field("time")) })
        guard !samples.isEmpty else { throw try body.field("samples").error("at least one sample is needed") }
        return PropertyScenario(
            valueType: type, initialValue: initial,
            mergesCoincidentAnimations: try body.optionalField("mergesCoincidentAnimations")?.bool() ?? true,
            events: events, samples: samples)
    }

    static func modifier(_ cursor: JSONCursor) throws -> ModifierSpec {
        let members = try cursor.members().map(\.0)
        if members.contains("animationAlways") {
            try cursor.onlyKeys(["animationAlways"])
            return .animationAlways(try animation(try cursor.field("animationAlways")))
        }
        if members.contains("scopedAnimation") {
            try cursor.onlyKeys(["scopedAnimation", "bodyContainsValue"])
            return .scopedAnimation(try animation(try cursor.field("scopedAnimation")), bodyContainsValue: try cursor.field("bodyContainsValue").bool())
        }
        if members.contains("transactionAnimation") {
            try cursor.onlyKeys(["transactionAnimation", "valueChanged"])
            return .transactionAnimation(
                try animation(try cursor.field("transactionAnimation")), valueChanged: try cursor.optionalField("valueChanged")?.bool())
        }
        if members.contains("disableAnimations") {
            try cursor.onlyKeys(["disableAnimations", "valueChanged"])
            // `{}`: the modifier takes no arguments.
            try cursor.field("disableAnimations").onlyKeys([])
            return .disableAnimations(valueChanged: try cursor.optionalField("valueChanged")?.bool())
        }
        try cursor.onlyKeys(["animation", "valueChanged"])
        guard members.contains("animation") else {
            throw cursor.error("unknown modifier; expected one with animation, animationAlways, scopedAnimation, transactionAnimation or disableAnimations")
        }
        return .animation(try animation(try cursor.field("animation")), valueChanged: try cursor.field("valueChanged").bool())
    }

    /// The initializer form an `init` object names, by the key only that form has.
    static func springForm(_ cursor: JSONCursor) throws -> SpringScenario.Form {
        let members = Set(try cursor.members().map(\.0))
        if members.contains("settlingDuration") { return .settling }
        if members.contains("stiffness") { return .physical }
        if members.contains("response") { return .response }
        return .duration
    }

    static func springValue(_ cursor: JSONCursor) throws -> Spring {
        let members = Set(try cursor.members().map(\.0))
        func n(_ key: String) throws -> Double? { try cursor.optionalField(key)?.number() }
        if members.contains("settlingDuration") {
            try cursor.onlyKeys(["settlingDuration", "dampingRatio", "epsilon"])
            return Spring(
                settlingDuration: try n("settlingDuration")!, dampingRatio: try cursor.field("dampingRatio").number(), epsilon: try n("epsilon") ?? 0.001)
        }
        if members.contains("stiffness") {
            try cursor.onlyKeys(["mass", "stiffness", "damping", "allowOverDamping"])
            return Spring(
                mass: try n("mass") ?? 1, stiffness: try n("stiffness")!, damping: try cursor.field("damping").number(),
                allowOverDamping: try cursor.optionalField("allowOverDamping")?.bool() ?? false)
        }
        if members.contains("response") {
            try cursor.onlyKeys(["response", "dampingRatio"])
            return Spring(response: try n("response")!, dampingRatio: try cursor.field("dampingRatio").number())
        }
        try cursor.onlyKeys(["duration", "bounce"])
        return Spring(duration: try n("duration") ?? 0.5, bounce: try n("bounce") ?? 0)
    }

    package static func spring(_ body: JSONCursor) throws -> SpringScenario {
        try body.onlyKeys(["init", "checks"])
        let spring = try springValue(try body.field("init"))
        let checks = try body.field("checks").array().map { check -> SpringScenario.Check in
            let expected = try check.field("expected").extendedNumber()
            if let property = try check.optionalField("property") {
                try check.onlyKeys(["property", "expected"])
                let name = try property.string()
                guard ["duration", "bounce", "response", "dampingRatio", "mass", "stiffness", "damping", "settlingDuration"].contains(name) else {
                    throw property.error("unknown Spring property \"\(name)\"")
                }
                return .property(name, expected: expected)
            }
            for kind in ["value", "velocity"] {
                if let args = try check.optionalField(kind) {
                    try check.onlyKeys([kind, "expected"])
                    try args.onlyKeys(["target", "initialVelocity", "time"])
                    let target = try args.optionalField("target")?.number() ?? 1, v0 = try args.optionalField("initialVelocity")?.number() ?? 0
                    let t = try args.field("time").number()
                    return kind == "value"
                        ? .value(target: target, initialVelocity: v0, time: t, expected: expected)
                        : .velocity(target: target, initialVelocity: v0, time: t, expected: expected)
                }
            }
            if let args = try check.optionalField("settlingDuration") {
                try check.onlyKeys(["settlingDuration", "expected"])
                try args.onlyKeys(["target", "initialVelocity", "epsilon"])
                return .settlingDuration(
                    target: try args.optionalField("target")?.number() ?? 1, initialVelocity: try args.optionalField("initialVelocity")?.number() ?? 0,
                    epsilon: try args.optionalField("epsilon")?.number() ?? 0.001, expected: expected)
            }
            if let args = try check.optionalField("lastTimeOutside") {
                try check.onlyKeys(["lastTimeOutside", "expected"])
                try args.onlyKeys(["epsilon", "resolution"])
                return .lastTimeOutside(epsilon: try args.field("epsilon").number(), resolution: try args.field("resolution").number(), expected: expected)
            }
            throw check.error("unknown check; expected property, value, velocity, settlingDuration or lastTimeOutside")
        }
        // Each lastTimeOutside check scans 10 s of the spring in steps of 0.1 ms: 100,000 evaluations.
        let scans = checks.filter {
            if case .lastTimeOutside = $0 { return true }
            return false
        }.count
        guard scans <= Limits.scans else {
            throw try body.field("checks").error("has \(scans) lastTimeOutside checks, over the limit of \(Limits.scans) (each scans 100,000 spring values)")
        }
        return SpringScenario(spring: spring, form: try springForm(try body.field("init")), checks: checks)
    }

    static func curve(_ body: JSONCursor) throws -> CurveScenario {
        try body.onlyKeys(["curve", "checks"])
        let curve = try AnimationSpec.curve(try body.field("curve"))
        let checks = try body.field("checks").array().map { check -> CurveScenario.Check in
            try check.onlyKeys(["at", "value", "velocity"])
            let at = try check.field("at").number()
            if let v = try check.optionalField("value") { return .value(at: at, expected: try v.extendedNumber()) }
            return .velocity(at: at, expected: try check.field("velocity").extendedNumber())
        }
        return CurveScenario(curve: curve, checks: checks)
    }

    package static func keyframes(_ body: JSONCursor) throws -> KeyframeScenario {
        try body.onlyKeys(["valueType", "initialValue", "tracks", "checks"])
        let type = try valueType(try body.field("valueType"))
        guard type != .angle && type != .size && type != .rect else {
            throw try body.field("valueType").error("keyframe fixtures take scalar, point or struct values")
        }
        let tracks = try body.field("tracks").array().map { track -> KeyframeScenario.Track in
            try track.onlyKeys(["property", "keyframes"])
            let property = try track.optionalField("property")?.string()
            var trackType = type
            if let property {
                guard case let .structure(names) = type, names.contains(property) else {
                    throw try track.field("property").error("\"\(property)\" is not a property of the value", rule: .reference)
                }
                trackType = .scalar
            }
            let keyframes = try track.field("keyframes").array().map { keyframe -> KeyframeScenario.Keyframe in
                let (kind, args) = try keyframe.singleKey()
                let to = try value(try args.field("to"), trackType)
                switch kind {
                case "linear":
                    try args.onlyKeys(["to", "duration", "curve"])
                    return .linear(
                        to: to, duration: try args.field("duration").number(),
                        curve: try args.optionalField("curve").map(AnimationSpec.curve) ?? .linear)
                case "cubic":
                    try args.onlyKeys(["to", "duration", "startVelocity", "endVelocity"])
                    return .cubic(
                        to: to, duration: try args.field("duration").number(),
                        startVelocity: try args.optionalField("startVelocity").map { try value($0, trackType) },
                        endVelocity: try args.optionalField("endVelocity").map { try value($0, trackType) })
                case "spring":
                    try args.onlyKeys(["to", "duration", "spring", "startVelocity"])
                    return .spring(
                        to: to, duration: try args.optionalField("duration")?.number(),
                        spring: try args.optionalField("spring").map(springValue) ?? Spring(),
                        startVelocity: try args.optionalField("startVelocity").map { try value($0, trackType) })
                case "move":
                    try args.onlyKeys(["to"])
                    return .move(to: to)
                default:
                    throw keyframe.error("unknown keyframe \"\(kind)\"; expected linear, cubic, spring or move")
                }
            }
            return KeyframeScenario.Track(property: property, keyframes: keyframes)
        }
        let checks = try body.field("checks").array().map { check -> KeyframeScenario.Check in
            if let d = try check.optionalField("duration") {
                try check.onlyKeys(["duration"])
                return .duration(expected: try d.number())
            }
            if let velocity = try check.optionalField("velocity") {
                try check.onlyKeys(["time", "velocity"])
                guard type == .scalar || type == .point else { throw velocity.error("velocity checks take scalar or point values") }
                return .velocity(time: try check.field("time").number(), expected: try expectedValue(velocity, type))
            }
            try check.onlyKeys(["time", "progress", "value"])
            let expected = try expectedValue(try check.field("value"), type)
            if let p = try check.optionalField("progress") { return .progress(try p.number(), expected: expected) }
            return .value(time: try check.field("time").number(), expected: expected)
        }
        return KeyframeScenario(valueType: type, initialValue: try value(try body.field("initialValue"), type), tracks: tracks, checks: checks)
    }

    package static func phases(_ body: JSONCursor) throws -> PhaseScenario {
        try body.onlyKeys(["phases", "mode", "frameRate", "triggers", "duration", "samples", "transitions"])
        let phases = try body.field("phases").array().map { phase -> PhaseScenario.Phase in
            try phase.onlyKeys(["name", "value", "animation"])
            return PhaseScenario.Phase(
                name: try phase.field("name").string(), value: try phase.field("value").number(),
                animation: try animation(try phase.optionalField("animation")))
        }
        let names = Set(phases.map(\.name))
        let modeName = try body.optionalField("mode")?.string() ?? "continuous"
        guard modeName == "continuous" || modeName == "trigger" else { throw try body.field("mode").error("expected \"continuous\" or \"trigger\"") }
        let sampleCursors = try body.field("samples").array()
        let samples = try sampleCursors.map { sample -> PhaseScenario.Sample in
            try sample.onlyKeys(["time", "value", "phase"])
            let phase = try sample.optionalField("phase")?.string()
            if let phase, !names.contains(phase) { throw try sample.field("phase").error("no phase named \"\(phase)\"", rule: .reference) }
            return PhaseScenario.Sample(time: try time(try sample.field("time")), value: try sample.optionalField("value")?.number(), phase: phase)
        }
        try ordered(zip(samples.map(\.time), sampleCursors).map { ($0, try $1.field("time")) })
        let transitionCursors = try body.optionalField("transitions")?.array()
        let transitions = try transitionCursors?.map { t -> (Double, String) in
            try t.onlyKeys(["time", "phase"])
            let phase = try t.field("phase").string()
            guard names.contains(phase) else { throw try t.field("phase").error("no phase named \"\(phase)\"", rule: .reference) }
            return (try time(try t.field("time")), phase)
        }
        if let transitions, let transitionCursors {
            try ordered(zip(transitions.map(\.0), transitionCursors).map { ($0, try $1.field("time")) })
        }
        let triggerCursors = try body.optionalField("triggers")?.array() ?? []
        let triggers = try triggerCursors.map(time)
        try ordered(Array(zip(triggers, triggerCursors)))
        let frameRate = try body.optionalField("frameRate")?.number(atMost: Limits.frameRate, "phases frameRate", unit: "Hz", positive: true) ?? 60
        let duration = try body.field("duration").number(atMost: Limits.duration, "phases duration", unit: "s")
        // The player steps every frame: the frames are the work this fixture asks for.
        guard (duration * frameRate).rounded() <= Limits.frames else {
            throw try body.field("duration").error(
                "phases duration × frameRate is \(JSONValue.format((duration * frameRate).rounded())) frames, over the \(JSONValue.format(Limits.frames))-frame limit",
                rule: .limit)
        }
        return PhaseScenario(
            phases: phases, mode: modeName == "trigger" ? .trigger : .continuous, frameRate: frameRate,
            triggers: triggers,
            duration: duration, samples: samples,
            transitions: transitions.map { $0.map { (time: $0.0, phase: $0.1) } })
    }

    package static func timeline(_ body: JSONCursor) throws -> TimelineScenario {
        try body.onlyKeys(["schedule", "from", "mode", "expected", "ends", "minuteAligned", "spacing", "count"])
        let (kind, args) = try body.field("schedule").singleKey()
        let schedule: TimelineScenario.Schedule
        switch kind {
        case "periodic":
            try args.onlyKeys(["from", "by"])
            let by = try args.field("by")
            guard try by.number() > 0 else { throw by.error("a periodic schedule's interval must be positive, found \(JSONValue.format(try by.number()))") }
            schedule = .periodic(from: try args.field("from").number(), by: try by.number())
        case "everyMinute": schedule = .everyMinute
        case "explicit": schedule = .explicit(try args.numbers())
        case "animation":
            try args.onlyKeys(["minimumInterval", "paused"])
            schedule = .animation(
                minimumInterval: try args.optionalField("minimumInterval")?.number(), paused: try args.optionalField("paused")?.bool() ?? false)
        default: throw body.error("unknown schedule \"\(kind)\"; expected periodic, everyMinute, explicit or animation")
        }
        let modeName = try body.optionalField("mode")?.string() ?? "normal"
        guard modeName == "normal" || modeName == "lowFrequency" else { throw try body.field("mode").error("expected \"normal\" or \"lowFrequency\"") }
        let expected = try body.optionalField("expected")?.numbers()
        return TimelineScenario(
            schedule: schedule, from: try body.field("from").number(), mode: modeName == "normal" ? .normal : .lowFrequency,
            expected: expected, ends: try body.optionalField("ends")?.bool() ?? false,
            minuteAligned: try body.optionalField("minuteAligned")?.bool() ?? false,
            spacing: try body.optionalField("spacing")?.number(),
            count: try body.optionalField("count").map { cursor in
                let n = try cursor.number(atMost: Limits.entries, "timeline count", unit: "")
                return try JSONCursor.whole(n, cursor)
            } ?? max(expected?.count ?? 3, 1))
    }
}

/// The most work one fixture may ask for: far beyond what a behaviour needs to show, small enough
/// that a typo (a duration of 1e9) errors in the loader instead of running for hours.
enum Limits {
    /// Seconds a scenario may last.
    static let duration = 3600.0
    /// Frames per second a scenario may be stepped at.
    static let frameRate = 1000.0
    /// Frames one scenario may step.
    static let frames = 1_000_000.0
    /// Entries a timeline schedule may be asked for.
    static let entries = 100_000.0
    /// `lastTimeOutside` checks one spring fixture may ask for.
    static let scans = 10
    /// Bytes a fixture file may have: a thousand times the largest bundled fixture, and a bound
    /// on the time and memory that reading one takes before any budget applies.
    static let fileBytes = 16 << 20
}

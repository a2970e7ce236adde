import FixtureFormat
import Foundation
import MotionConformance

/// Draws spring, curve, keyframes, phases and timeline scenarios over the space docs/semantics.md
/// describes: every `Spring` initializer with parameters from every regime (mass ≠ 1, bounce below
/// 0 and above 1, over-damping allowed or not, settling durations and ratios outside their clamps),
/// every curve at progress inside, at the ends of and beyond [0, 1], keyframe tracks mixing every
/// kind with discontinuities and several tracks checked at their boundaries, phases with triggers
/// at any time, and schedules asked from any date, exact boundaries included.
///
/// The answers are left for the reference model. Scenario `index` of a seed and kind depends on
/// nothing else.
struct BodyGenerator {
    var random: SeededRandom

    init(seed: UInt64, kind: ScenarioKind, index: Int) {
        // Each kind has a stream of its own, so adding a kind never changes another's scenarios.
        let salt = kind.rawValue.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        random = SeededRandom(seed: seed ^ salt, index: index)
    }

    static func member(_ key: String, _ value: Double) -> (String, JSONValue) { (key, .number(value)) }

    mutating func body(_ kind: ScenarioKind) -> JSONValue {
        switch kind {
        case .property: fatalError("property scenarios come from ScenarioGenerator")
        case .spring: return spring()
        case .curve: return curve()
        case .keyframes: return keyframes()
        case .phases: return phases()
        case .timeline: return timeline()
        }
    }

    // MARK: Springs (§1)

    /// A `Spring` initializer's arguments; `tame` keeps it decaying (a keyframe spring without a
    /// duration lasts until it settles).
    mutating func springInit(tame: Bool = false) -> JSONValue {
        var members: [(String, JSONValue)] = []
        switch random.pick(["duration", "response", "physical", "settling"]) {
        case "duration":
            // Now and then a slow spring, whose settling reaches late into §1.5's scan or past its
            // end and whose last time outside reaches lastTimeOutside's 10 s horizon.
            let slow = !tame && random.chance(0.15)
            if slow {
                members.append(Self.member("duration", random.pick([8.5, 9, 9.5, 20, 40, 60, 90])))
            } else if random.chance(0.8) {
                members.append(Self.member("duration", random.grid(0.05...2, step: 0.05)))
            }
            // The bounces at the initializer's limits (0 above 1, +∞ at or below −1), often.
            let bounce = !tame && random.chance(0.3) ? random.pick([-1.2, -1, -0.95, 0.95, 1, 1.05]) : random.grid(tame ? -0.9...0.9 : -0.95...1.2, step: 0.05)
            if random.chance(0.9) { members.append(Self.member("bounce", slow ? min(bounce, 0) : bounce)) }
        case "response":
            members = [
                Self.member("response", random.grid(0.05...2, step: 0.05)), Self.member("dampingRatio", random.grid(tame ? 0.1...2 : 0...2, step: 0.05)),
            ]
        case "physical":
            if random.chance(0.6) { members.append(Self.member("mass", random.grid(0.25...5, step: 0.25))) }
            members.append(Self.member("stiffness", random.grid(1...500, step: 1)))
            members.append(Self.member("damping", random.grid(tame ? 0.5...60 : 0...60, step: 0.5)))
            if random.chance(0.5) { members.append(("allowOverDamping", .bool(random.chance(0.5)))) }
        default:
            // Durations and ratios outside the initializer's clamps, often: each clamp is a rule.
            let duration = random.chance(0.4) ? random.pick([0, 0.001, 0.005, 0.01, 0.02, 9.5, 10, 10.5, 12, 20]) : random.grid(0.05...5, step: 0.05)
            members.append(Self.member("settlingDuration", duration))
            let ratio = random.chance(0.4) ? random.pick([-0.1, 0, 0.02, 0.95, 1, 1.05, 1.2, 2]) : random.grid(0.05...1, step: 0.05)
            members.append(Self.member("dampingRatio", ratio))
            if random.chance(0.6) { members.append(Self.member("epsilon", random.pick([0.001, 0.01, 0.0001, 0.1, 0.5, 0.9]))) }
        }
        return .object(members)
    }

    mutating func spring() -> JSONValue {
        var checks: [JSONValue] = []
        let properties = ["duration", "bounce", "response", "dampingRatio", "mass", "stiffness", "damping", "settlingDuration"]
        for _ in 0..<random.pick([1, 2, 3]) {
            checks.append(.object([("property", .string(random.pick(properties))), ("expected", .number(0))]))
        }
        for _ in 0..<random.pick([2, 3, 4, 5]) {
            // The query's target and initial velocity are often left to their defaults (1 and 0).
            var args: [(String, JSONValue)] = []
            if random.chance(0.7) { args.append(Self.member("target", random.chance(0.3) ? 1 : random.grid(-2...2, step: 0.5))) }
            if random.chance(0.5) { args.append(Self.member("initialVelocity", random.grid(-5...5, step: 0.5))) }
            args.append(Self.member("time", random.chance(0.1) ? 0 : random.grid(0...3, step: 0.01)))
            checks.append(.object([(random.chance(0.5) ? "value" : "velocity", .object(args)), ("expected", .number(0))]))
        }
        for _ in 0..<random.pick([0, 0, 1, 2]) {
            var args = [Self.member("target", random.grid(-2...2, step: 0.5))]
            if random.chance(0.5) { args.append(Self.member("initialVelocity", random.grid(-5...5, step: 0.5))) }
            // A wide ε makes a candidate that the scan forgets when the value leaves it again (§1.5's 1 s hold).
            if random.chance(0.7) { args.append(Self.member("epsilon", random.pick([0.001, 0.01, 0.0001, 0.1]))) }
            checks.append(.object([("settlingDuration", .object(args)), ("expected", .number(0))]))
        }
        if random.chance(0.3) {
            let query = [Self.member("epsilon", random.pick([0.001, 0.01, 0.1])), Self.member("resolution", random.pick([0.001, 0.01]))]
            checks.append(.object([("lastTimeOutside", .object(query)), ("expected", .number(0))]))
        }
        let initializer = springInit()
        // A spring with infinite damping (a bounce at or below −1) is asked only what its formulas
        // give without ∞ − ∞: its mass, damping and stiffness (docs/semantics.md §1.2).
        if case let .number(bounce)? = initializer["bounce"], bounce <= -1 {
            checks = checks.filter { ["mass", "damping", "stiffness"].map(JSONValue.string).contains($0["property"] ?? .null) }
            if checks.isEmpty { checks = [.object([("property", .string("stiffness")), ("expected", .number(0))])] }
        }
        return .object([("init", initializer), ("checks", .array(checks))])
    }

    // MARK: Curves (§2)

    mutating func bezier(wide: Bool) -> JSONValue {
        let x = { (r: inout SeededRandom) in wide && r.chance(0.2) ? r.grid(-0.5...1.5, step: 0.05) : r.grid(0...1, step: 0.05) }
        let y = { (r: inout SeededRandom) in r.grid(-1...2, step: 0.05) }
        return .object([("bezier", .array([x(&random), y(&random), x(&random), y(&random)].map { .number($0) }))])
    }

    mutating func namedOrBezier() -> JSONValue {
        random.chance(0.5)
            ? .string(random.pick(["linear", "easeIn", "easeOut", "easeInOut", "circularEaseIn", "circularEaseOut", "circularEaseInOut"]))
            : bezier(wide: true)
    }

    mutating func curve() -> JSONValue {
        var checks: [JSONValue] = []
        for _ in 0..<random.pick([3, 4, 5, 6]) {
            let at = random.chance(0.25) ? random.pick([0, 0.5, 1]) : random.grid(-0.25...1.25, step: 0.01)
            checks.append(.object([("at", .number(at)), (random.chance(0.5) ? "value" : "velocity", .number(0))]))
        }
        return .object([("curve", namedOrBezier()), ("checks", .array(checks))])
    }

    // MARK: Keyframes (§5)

    mutating func keyframes() -> JSONValue {
        let type = random.pick(["scalar", "scalar", "point", "struct"])
        let width = type == "point" ? 2 : 1
        func value(_ r: inout SeededRandom) -> JSONValue {
            width == 1 ? .number(r.grid(-100...100, step: 10)) : .array((0..<2).map { _ in .number(r.grid(-100...100, step: 10)) })
        }
        let initial: JSONValue =
            type == "struct"
            ? .object([("a", .number(random.grid(-100...100, step: 10))), ("b", .number(random.grid(-100...100, step: 10)))])
            : value(&random)
        var tracks: [JSONValue] = []
        var longest = 0.0
        var boundaries: [Double] = []
        for _ in 0..<(type == "struct" ? random.pick([1, 2, 3]) : random.pick([1, 1, 1, 2])) {
            var keyframes: [JSONValue] = []
            var time = 0.0
            for _ in 0..<random.pick([1, 2, 3, 4, 5]) {
                // Sixteenths of a second add up exactly, so a boundary is the boundary; now and then
                // a keyframe that takes no time (a move, §5.2).
                let duration = random.chance(0.05) ? 0 : random.grid(0.125...1, step: 0.0625)
                var args: [(String, JSONValue)] = [("to", value(&random))]
                let kind = random.pick(["linear", "cubic", "spring", "move"])
                switch kind {
                case "linear":
                    args.append(Self.member("duration", duration))
                    if random.chance(0.6) { args.append(("curve", namedOrBezier())) }
                    time += duration
                case "cubic":
                    args.append(Self.member("duration", duration))
                    if random.chance(0.3) { args.append(("startVelocity", value(&random))) }
                    if random.chance(0.3) { args.append(("endVelocity", value(&random))) }
                    time += duration
                case "spring":
                    if random.chance(0.6) {
                        args.append(Self.member("duration", duration))
                        time += duration
                    } else {
                        time += 1
                    }
                    if random.chance(0.7) { args.append(("spring", springInit(tame: true))) }
                    if random.chance(0.3) { args.append(("startVelocity", value(&random))) }
                default: break
                }
                keyframes.append(.object([(kind, .object(args))]))
                boundaries.append(time)
            }
            var track: [(String, JSONValue)] = []
            if type == "struct" { track.append(("property", .string(random.pick(["a", "b"])))) }
            track.append(("keyframes", .array(keyframes)))
            tracks.append(.object(track))
            longest = max(longest, time)
        }
        var times = Set<Double>()
        for boundary in boundaries where random.chance(0.4) { times.insert((boundary * 1000).rounded() / 1000) }
        for _ in 0..<random.pick([3, 4, 5, 6]) { times.insert(random.grid(-0.25...(longest + 0.25), step: 0.015625)) }
        var checks: [JSONValue] = [.object([("duration", .number(0))])]
        let zero: JSONValue = type == "struct" ? .object([("a", .number(0)), ("b", .number(0))]) : width == 1 ? .number(0) : .array([.number(0), .number(0)])
        for t in times.sorted() {
            checks.append(.object([("time", .number(t)), ("value", zero)]))
            if type != "struct" && random.chance(0.5) { checks.append(.object([("time", .number(t)), ("velocity", zero)])) }
        }
        if random.chance(0.5) { checks.append(.object([("progress", .number(random.grid(0...1, step: 0.05))), ("value", zero)])) }
        let valueType: JSONValue = type == "struct" ? .object([("struct", .array([.string("a"), .string("b")]))]) : .string(type)
        return .object([("valueType", valueType), ("initialValue", initial), ("tracks", .array(tracks)), ("checks", .array(checks))])
    }

    // MARK: Phases (§6.1)

    mutating func phases() -> JSONValue {
        let count = random.pick([2, 2, 3, 3, 4])
        var phases: [JSONValue] = []
        var previous = Double.nan
        for index in 0..<count {
            var value = random.grid(-100...100, step: 10)
            if value == previous && random.chance(0.8) { value += 10 }
            previous = value
            let animation: JSONValue = random.chance(0.2) ? .null : ScenarioGenerator.animation(&random).json
            phases.append(.object([("name", .string("p\(index)")), ("value", .number(value)), ("animation", animation)]))
        }
        let trigger = random.chance(0.5)
        let frameRate = random.pick([30.0, 60, 120])
        let duration = random.grid(1...4, step: 0.5)
        var triggers: [Double] = []
        if trigger {
            var t = random.grid(0...1, step: 0.05)
            for _ in 0..<random.pick([1, 2, 3]) where t <= duration {
                triggers.append(t)
                t += random.grid(0.1...1.5, step: 0.05)
            }
        }
        var times = Set<Double>()
        for _ in 0..<random.pick([6, 8, 10]) { times.insert(random.grid(0...duration, step: 0.01)) }
        // A time at a frame reached by adding 1/frameRate k times (a few ulps off k/frameRate), or
        // just inside or beyond the 1e-9 allowance after a frame (docs/protocol.md §4 `phases`).
        if random.chance(0.4) {
            let k = random.pick(Array(1...Int(duration * frameRate)))
            let frame = Double(k) / frameRate
            let time = random.pick([FixtureFeatures.accumulated(k, rate: frameRate), frame + 5e-10, frame + 2e-9, frame])
            if trigger && random.chance(0.5) {
                triggers = (triggers + [time]).sorted()
            } else {
                times.insert(time)
            }
        }
        let samples: [JSONValue] = times.sorted().map { .object([("time", .number($0)), ("value", .number(0)), ("phase", .string("p0"))]) }
        return .object([
            ("phases", .array(phases)), ("mode", .string(trigger ? "trigger" : "continuous")), ("frameRate", .number(frameRate)),
            ("triggers", .array(triggers.map { .number($0) })), ("duration", .number(duration)), ("samples", .array(samples)),
            ("transitions", .array([])),
        ])
    }

    // MARK: Timeline schedules (§8.2)

    mutating func timeline() -> JSONValue {
        let schedule: JSONValue
        var from = random.chance(0.3) ? 800_000_000 + random.grid(0...100_000, step: 0.25) : random.grid(-1000...1000, step: 0.25)
        switch random.pick(["periodic", "periodic", "everyMinute", "explicit", "animation"]) {
        case "periodic":
            let start = random.grid(-1000...1000, step: 0.25), by = random.pick([0.25, 0.5, 1, 2.5, 60, 3600])
            // An exact boundary, or a date before the schedule's start.
            if random.chance(0.3) { from = start + Double(random.pick([-3, -1, 0, 1, 5])) * by }
            schedule = .object([("periodic", .object([Self.member("from", start), Self.member("by", by)]))])
        case "everyMinute":
            if random.chance(0.3) { from = (from / 60).rounded(.down) * 60 }
            schedule = .object([("everyMinute", .object([]))])
        case "explicit":
            let dates = (0..<random.pick([1, 2, 3, 5])).map { _ in JSONValue.number(from + random.grid(-100...100, step: 0.25)) }
            schedule = .object([("explicit", .array(dates))])
        default:
            var args: [(String, JSONValue)] = []
            if random.chance(0.5) { args.append(Self.member("minimumInterval", random.pick([0.5, 1, 2, 0.25]))) }
            if random.chance(0.3) { args.append(("paused", .bool(random.chance(0.5)))) }
            schedule = .object([("animation", .object(args))])
        }
        return .object([
            ("schedule", schedule), Self.member("from", from), ("mode", .string(random.chance(0.5) ? "lowFrequency" : "normal")),
            ("expected", .array([])), ("ends", .bool(false)), Self.member("count", Double(random.pick([1, 2, 3, 4, 6]))),
        ])
    }
}

extension GeneratedScenario.Animation {
    /// An animation as fixtures write it, read back: the first key its base, the rest modifiers.
    init?(json: JSONValue) {
        guard case let .object(members) = json, let (base, args) = members.first, case let .object(arguments) = args else { return nil }
        self.init(base: base, arguments: arguments.map { .init(key: $0.0, value: $0.1) }, modifiers: members.dropFirst().map { .init(key: $0.0, value: $0.1) })
    }
}

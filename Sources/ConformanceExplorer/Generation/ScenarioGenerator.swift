import FixtureFormat
import Foundation

/// Generates property scenarios over the whole space the protocol carries: every animation base
/// and spring form with parameters from their regions (zero, negative bounce, overdamped, mass ≠ 1,
/// control points outside [0, 1]), modifier chains in any order, changes at random times —
/// coincident, mid-delay, mid-repeat, after long gaps — with and without animations, velocity
/// tracking and completion handlers, and every value type the reference model can play (§4.5).
///
/// Scenario `index` of `seed` depends on nothing else, so exploration is deterministic.
public struct ScenarioGenerator: Sendable {
    public var seed: UInt64

    public init(seed: UInt64) { self.seed = seed }

    public func scenario(_ index: Int) -> GeneratedScenario {
        var random = SeededRandom(seed: seed, index: index)
        var edges = EdgeDraw(seed: seed, kind: .property, index: index)
        for _ in 0..<8 {
            let candidate = edges.apply(Self.draw(&random))
            if candidate.isPlayableByReference { return candidate }
        }
        var scalar = Self.draw(&random)
        scalar.valueType = .scalar
        scalar.initialValue = [scalar.initialValue[0]]
        for index in scalar.events.indices { scalar.events[index].value = [scalar.events[index].value[0]] }
        return scalar
    }

    /// Scenario `index` of a kind: property scenarios as above, the other kinds from `BodyGenerator`,
    /// each kind with a stream of its own.
    public func scenario(_ kind: ScenarioKind, _ index: Int) -> GeneratedCase {
        guard kind != .property else { return .property(scenario(index)) }
        var generator = BodyGenerator(seed: seed, kind: kind, index: index)
        var edges = EdgeDraw(seed: seed, kind: kind, index: index)
        return .body(kind, edges.apply(generator.body(kind), kind: kind))
    }

    /// Which scenario the `slot`-th of an exploration over `kinds` is: the kinds take turns, so
    /// over one kind slot i is scenario i.
    public static func slot(_ slot: Int, of kinds: [ScenarioKind]) -> (kind: ScenarioKind, index: Int) {
        (kinds[slot % kinds.count], slot / kinds.count)
    }

    static func draw(_ random: inout SeededRandom) -> GeneratedScenario {
        let types: [ValueType] = [.scalar, .scalar, .scalar, .angle, .point, .size, .rect, .structure(["a", "b"])]
        let type = random.pick(types)
        let width = type.componentNames.count
        func value() -> [Double] { (0..<width).map { _ in random.grid(-200...200, step: random.chance(0.5) ? 10 : 0.5) } }
        let initial = value()
        let eventCount = random.pick([1, 1, 2, 2, 2, 3, 3, 4])
        var events: [GeneratedScenario.Event] = []
        var time = random.chance(0.6) ? 0 : random.grid(0...1, step: 0.05)
        var previous = initial
        var completions = 0
        for index in 0..<eventCount {
            if index > 0 {
                switch random.pick(["coincident", "soon", "mid", "late", "gap"]) {
                case "coincident": break
                case "soon": time += random.grid(0.0001...0.02, step: 0.0001)
                case "mid": time += random.grid(0.05...0.6, step: 0.01)
                case "late": time += random.grid(0.6...2.5, step: 0.05)
                default: time += random.grid(2.5...6, step: 0.25)
                }
            }
            var next = value()
            for component in next.indices where next[component] == previous[component] { next[component] += 1 }
            var event = GeneratedScenario.Event(time: time, value: next, animation: nil)
            if random.chance(0.85) {
                event.animation = animation(&random)
            } else if random.chance(0.5) {
                event.tracksVelocity = true
            }
            if random.chance(0.25) {
                completions += 1
                event.completion = "c\(completions)"
                event.waitsForRemoval = random.chance(0.4)
            }
            events.append(event)
            previous = next
        }
        let end = time + random.pick([0.5, 1.0, 2.0, 3.0])
        var samples = Set<Double>()
        for event in events where random.chance(0.5) { samples.insert(event.time) }
        let count = random.pick([6, 8, 10, 12])
        let start = events[0].time
        for _ in 0..<count { samples.insert((random.grid(start...end, step: 0.001) * 1000).rounded() / 1000) }
        var scenario = GeneratedScenario(valueType: type, initialValue: initial, events: events, sampleTimes: samples.sorted())
        scenario.mergesCoincidentAnimations = !random.chance(0.15)
        // Drawn last, so every field above is what it was before transactions were generated.
        for index in scenario.events.indices where random.chance(0.15) {
            scenario.events[index].disablesAnimations = random.chance(0.3)
            scenario.events[index].path = (0..<random.pick([1, 1, 2])).map { _ in pathModifier(&random) }
        }
        if start > 0 && random.chance(0.15) { scenario.sampleTimes.insert((start / 2 * 1000).rounded() / 1000, at: 0) }
        limitSamples(&scenario, &random)
        return scenario
    }

    /// A transaction modifier of §7, as fixtures write it.
    static func pathModifier(_ random: inout SeededRandom) -> JSONValue {
        func spec(_ random: inout SeededRandom) -> JSONValue { random.chance(0.25) ? .null : animation(&random).json }
        switch random.pick(["animation", "animationAlways", "scopedAnimation", "transactionAnimation", "disableAnimations"]) {
        case "animation": return .object([("animation", spec(&random)), ("valueChanged", .bool(random.chance(0.7)))])
        case "animationAlways": return .object([("animationAlways", spec(&random))])
        case "scopedAnimation": return .object([("scopedAnimation", spec(&random)), ("bodyContainsValue", .bool(random.chance(0.7)))])
        case "transactionAnimation":
            var members = [("transactionAnimation", spec(&random))]
            if random.chance(0.5) { members.append(("valueChanged", .bool(random.chance(0.7)))) }
            return .object(members)
        default:
            var members: [(String, JSONValue)] = [("disableAnimations", .object([]))]
            if random.chance(0.5) { members.append(("valueChanged", .bool(random.chance(0.7)))) }
            return .object(members)
        }
    }

    static func member(_ key: String, _ value: Double) -> GeneratedScenario.Member { .init(key: key, value: .number(value)) }

    /// An animation: a base from §3.1 and up to three modifiers of §3.2 in a random order.
    static func animation(_ random: inout SeededRandom) -> GeneratedScenario.Animation {
        let bases = [
            "linear", "easeIn", "easeOut", "easeInOut", "timingCurve", "timingCurveNamed", "interpolatingSpring", "interpolatingSpringDuration", "custom",
            "spring", "springResponse", "smooth", "snappy", "bouncy", "interactiveSpring", "default", "spring", "springResponse",
        ]
        let duration = { (random: inout SeededRandom) in random.grid(0.1...1.5, step: 0.05) }
        var animation: GeneratedScenario.Animation
        switch random.pick(bases) {
        case let name where ["linear", "easeIn", "easeOut", "easeInOut"].contains(name):
            animation = .init(base: name, arguments: random.chance(0.2) ? [] : [member("duration", duration(&random))], modifiers: [])
        case "timingCurve":
            let points: [JSONValue] = [
                random.grid(0...1, step: 0.05), random.grid(-1...2, step: 0.05), random.grid(0...1, step: 0.05), random.grid(-1...2, step: 0.05),
            ].map { .number($0) }
            var arguments = [GeneratedScenario.Member(key: "controlPoints", value: .array(points))]
            if random.chance(0.7) { arguments.append(member("duration", duration(&random))) }
            animation = .init(base: "timingCurve", arguments: arguments, modifiers: [])
        case "timingCurveNamed":
            let curve: JSONValue =
                random.chance(0.5)
                ? .string(random.pick(["linear", "easeIn", "easeOut", "easeInOut"]))
                : .object([
                    (
                        "bezier",
                        .array(
                            [
                                random.grid(0...1, step: 0.05), random.grid(-0.5...1.5, step: 0.05), random.grid(0...1, step: 0.05),
                                random.grid(-0.5...1.5, step: 0.05),
                            ].map { .number($0) })
                    )
                ])
            var arguments = [GeneratedScenario.Member(key: "curve", value: curve)]
            if random.chance(0.7) { arguments.append(member("duration", duration(&random))) }
            animation = .init(base: "timingCurve", arguments: arguments, modifiers: [])
        case "interpolatingSpring":
            var arguments = [member("stiffness", random.grid(20...400, step: 10)), member("damping", random.grid(0.5...40, step: 0.5))]
            if random.chance(0.6) { arguments.insert(member("mass", random.grid(0.25...4, step: 0.25)), at: 0) }
            if random.chance(0.4) { arguments.append(member("initialVelocity", random.grid(-3...3, step: 0.5))) }
            animation = .init(base: "interpolatingSpring", arguments: arguments, modifiers: [])
        case "interpolatingSpringDuration":
            // Its duration formula has no floor: a bounce above 1 ends it at once (§3.1), drawn often.
            var arguments: [GeneratedScenario.Member] = []
            if random.chance(0.75) { arguments.append(member("duration", duration(&random))) }
            let bounce = random.chance(0.3) ? random.pick([0.9, 0.95, 1, 1.05, 1.2]) : random.grid(-0.5...0.9, step: 0.05)
            if random.chance(0.75) { arguments.append(member("bounce", bounce)) }
            if random.chance(0.4) { arguments.append(member("initialVelocity", random.grid(-3...3, step: 0.5))) }
            animation = .init(base: "interpolatingSpring", arguments: arguments, modifiers: [])
        case "custom":
            animation = .init(
                base: "custom",
                arguments: [
                    .init(key: "name", value: .string(random.pick(["MyLinearAnimation", "MergingLinearAnimation"]))), member("duration", duration(&random)),
                ],
                modifiers: [])
            if random.chance(0.3) { animation.arguments.removeLast() }
        case "spring":
            var arguments: [GeneratedScenario.Member] = []
            if random.chance(0.75) { arguments.append(member("duration", duration(&random))) }
            if random.chance(0.75) { arguments.append(member("bounce", random.grid(-0.6...0.9, step: 0.05))) }
            if random.chance(0.3) { arguments.append(member("blendDuration", random.grid(0...1, step: 0.1))) }
            animation = .init(base: "spring", arguments: arguments, modifiers: [])
        case "springResponse":
            // Responses at, just above and below τ/√45000 ≈ 0.0296 s, the stiffness cap of §3.1 item 2.
            let cap = 2 * Double.pi / 45_000.squareRoot()
            let response = random.chance(0.25) ? random.pick([0, 0.005, 0.01, 0.02, cap, 0.03, 0.04, 0.05]) : duration(&random)
            // One of the two may be left to its default (0.5, 0.825), not both: the form is the
            // response form only when one of its arguments is given.
            var arguments = [member("response", response), member("dampingFraction", random.grid(0.1...1.6, step: 0.05))]
            if random.chance(0.3) { arguments.remove(at: random.chance(0.5) ? 0 : 1) }
            if random.chance(0.3) { arguments.append(member("blendDuration", random.grid(0...1, step: 0.1))) }
            animation = .init(base: "spring", arguments: arguments, modifiers: [])
        case "interactiveSpring":
            var arguments: [GeneratedScenario.Member] = []
            if random.chance(0.5) {
                if random.chance(0.7) { arguments.append(member("response", random.grid(0.1...0.6, step: 0.05))) }
                if random.chance(0.4) { arguments.append(member("dampingFraction", random.grid(0.5...1.2, step: 0.05))) }
                if random.chance(0.4) || arguments.isEmpty { arguments.append(member("blendDuration", random.grid(0...1, step: 0.1))) }
            } else {
                if random.chance(0.4) { arguments.append(member("duration", random.grid(0.1...0.6, step: 0.05))) }
                if random.chance(0.4) { arguments.append(member("extraBounce", random.grid(-0.3...0.4, step: 0.05))) }
            }
            animation = .init(base: "interactiveSpring", arguments: arguments, modifiers: [])
        case "default":
            animation = .init(base: "default", arguments: [], modifiers: [])
        case let name:
            var arguments: [GeneratedScenario.Member] = []
            if random.chance(0.7) { arguments.append(member("duration", duration(&random))) }
            if random.chance(0.5) { arguments.append(member("extraBounce", random.grid(-0.3...0.4, step: 0.05))) }
            animation = .init(base: name, arguments: arguments, modifiers: [])
        }
        let modifierCount = random.pick([0, 0, 1, 1, 1, 2, 2, 3])
        var used = Set<String>()
        for _ in 0..<modifierCount {
            let key = random.pick(["delay", "speed", "repeatCount", "repeatForever", "logicallyCompleteAfter"])
            guard !used.contains(key), !(key.hasPrefix("repeat") && (used.contains("repeatCount") || used.contains("repeatForever"))) else { continue }
            used.insert(key)
            switch key {
            case "delay": animation.modifiers.append(member("delay", random.grid(0...0.8, step: 0.05)))
            case "speed": animation.modifiers.append(member("speed", random.pick([0.5, 0.75, 1.5, 2, 3])))
            case "repeatCount": animation.modifiers.append(member("repeatCount", Double(random.pick([1, 2, 3, 4]))))
            case "repeatForever": animation.modifiers.append(.init(key: "repeatForever", value: .bool(true)))
            default: animation.modifiers.append(member("logicallyCompleteAfter", random.grid(0...1.5, step: 0.05)))
            }
            if key.hasPrefix("repeat") && random.chance(0.4) { animation.modifiers.append(.init(key: "autoreverses", value: .bool(false))) }
        }
        return animation
    }

    /// Samples at the times a limit of docs/semantics.md is decided, drawn last: at, just before
    /// and just after a curve animation's end (§2.3) or a spring's blend (§3.1 item 1), and one
    /// 1 s (or just under or over) after the last, where a fluid spring's clock jumps (item 4), and
    /// 2 s (or just under or over) after a last change that tracks velocity, where tracking ends (§4.4).
    static func limitSamples(_ scenario: inout GeneratedScenario, _ random: inout SeededRandom) {
        var extra: [Double] = []
        for event in scenario.events {
            guard let animation = event.animation, animation.modifiers.isEmpty, random.chance(0.3) else { continue }
            let duration = animation.arguments.first { $0.key == "duration" }.flatMap { if case let .number(d) = $0.value { d } else { nil } }
            let blend = animation.arguments.first { $0.key == "blendDuration" }.flatMap { if case let .number(d) = $0.value { d } else { nil } }
            let end: Double? =
                ["linear", "easeIn", "easeOut", "easeInOut", "timingCurve"].contains(animation.base)
                ? duration ?? AnimationDefaults.curveDuration : blend ?? AnimationDefaults.blendDuration(base: animation.base)
            guard let end, end > 0 else { continue }
            extra.append(event.time + end + random.pick([-0.01, 0, 0, 0.01]))
        }
        if random.chance(0.2), let last = scenario.sampleTimes.last { extra.append(last + random.pick([0.95, 1, 1, 1.05])) }
        // Velocity tracking's 2 s hold after the last tracked change (§4.4), when no change follows it sooner.
        if let tracked = scenario.events.last, tracked.tracksVelocity, random.chance(0.5) {
            extra.append(tracked.time + random.pick([1.99, 2, 2, 2.01]))
        }
        scenario.sampleTimes = Set(scenario.sampleTimes + extra).sorted()
    }
}

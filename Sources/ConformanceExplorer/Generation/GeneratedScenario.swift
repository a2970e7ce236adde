import ConformanceReference
import FixtureFormat
import Foundation
import MotionConformance

/// A property scenario as the explorer builds and shrinks it: plain data, rendered to a fixture
/// whose expectations the reference model computes.
public struct GeneratedScenario: Sendable, Equatable {
    /// One JSON member, in order: animation arguments and modifiers keep the order they are written in.
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue
    }

    /// An animation as fixtures write it: a base with its arguments, then modifiers in order (§3.2).
    public struct Animation: Sendable, Equatable {
        public var base: String
        public var arguments: [Member]
        public var modifiers: [Member]

        var json: JSONValue {
            .object([(base, .object(arguments.map { ($0.key, $0.value) }))] + modifiers.map { ($0.key, $0.value) })
        }

        func number(_ key: String, in members: [Member]) -> Double? {
            members.first { $0.key == key }.flatMap { if case let .number(n) = $0.value { return n } else { return nil } }
        }

        /// How fast it moves, per second of its own clock times its speed: 1/duration for a curve or
        /// the harness animations, ω₀ = √(k/m) or 2π/duration for a spring.
        var fastestRate: Double {
            let tau = 2 * Double.pi
            let speed = max(number("speed", in: modifiers) ?? 1, 1)
            var rate: Double
            switch base {
            case "interpolatingSpring":
                if let k = number("stiffness", in: arguments) {
                    rate = (k / (number("mass", in: arguments) ?? 1)).squareRoot()
                } else {
                    rate = tau / max(number("duration", in: arguments) ?? 0.5, 1e-3)
                }
            case "spring", "interactiveSpring", "smooth", "snappy", "bouncy", "default":
                rate = tau / max(number("response", in: arguments) ?? number("duration", in: arguments) ?? 0.5, 0.0296)
            default:
                rate = 1 / max(number("duration", in: arguments) ?? 0.35, 1e-3)
            }
            return rate * speed
        }

        /// A Bézier timing curve, whose progress is rounded to 2⁻²⁰ (`UnitCurve.linear` is not).
        var roundsProgress: Bool {
            switch base {
            case "linear", "easeIn", "easeOut", "easeInOut": return true
            case "timingCurve": return !arguments.contains { $0.key == "curve" && $0.value == .string("linear") }
            default: return false
            }
        }
    }

    public struct Event: Sendable, Equatable {
        public var time: Double
        public var value: [Double]
        public var animation: Animation?
        public var tracksVelocity = false
        /// A completion handler's name and whether it waits for removal (else logical completion).
        public var completion: String?
        public var waitsForRemoval = false
        /// The transaction's `disablesAnimations` (§7).
        public var disablesAnimations = false
        /// Transaction modifiers between the change and the value, outermost first, as fixtures
        /// write them (§7).
        public var path: [JSONValue] = []

        /// Every animation the change names: the transaction's and those of its path.
        var animations: [Animation] {
            (animation.map { [$0] } ?? []) + path.compactMap { modifier in modifier.object?.first.flatMap { Animation(json: $0.1) } }
        }
    }

    public var valueType: ValueType
    public var initialValue: [Double]
    public var mergesCoincidentAnimations = true
    public var events: [Event]
    public var sampleTimes: [Double]

    /// The fixture's JSON with every sample asking for value, velocity and `isAnimating` (and
    /// completions where a change has a handler), the expectations left for the reference model.
    package func skeleton(id: String, title: String, source: String, generator: Fixture.Generator) -> JSONValue {
        let asksCompletions = events.contains { $0.completion != nil }
        let samples: [JSONValue] = sampleTimes.map { time in
            let zero = encoded(initialValue.map { _ in 0 })
            var members: [(String, JSONValue)] = [("time", .number(time)), ("value", zero), ("velocity", zero), ("isAnimating", .bool(false))]
            if asksCompletions { members.append(("completed", .array([]))) }
            return .object(members)
        }
        let eventJSON: [JSONValue] = events.map { event in
            var members: [(String, JSONValue)] = [("time", .number(event.time)), ("set", encoded(event.value)), ("animation", event.animation?.json ?? .null)]
            var flags: [(String, JSONValue)] = []
            if event.disablesAnimations { flags.append(("disablesAnimations", .bool(true))) }
            if event.tracksVelocity { flags.append(("tracksVelocity", .bool(true))) }
            if !flags.isEmpty { members.append(("transaction", .object(flags))) }
            if !event.path.isEmpty { members.append(("path", .array(event.path))) }
            if let name = event.completion {
                members.append(
                    ("completion", .object([("name", .string(name)), ("criteria", .string(event.waitsForRemoval ? "removed" : "logicallyComplete"))])))
            }
            return .object(members)
        }
        var property: [(String, JSONValue)] = [("valueType", valueTypeJSON), ("initialValue", encoded(initialValue))]
        if !mergesCoincidentAnimations { property.append(("mergesCoincidentAnimations", .bool(false))) }
        property += [("events", .array(eventJSON)), ("samples", .array(samples))]
        return .object(
            generator.header(id: id, title: title, source: source) + [
                ("tolerance", .object([("absolute", .number(absoluteTolerance)), ("relative", .number(1e-9))])),
                ("property", .object(property)),
            ])
    }

    /// 1e-9, widened where a Bézier timing curve animates: its progress is rounded to 2⁻²⁰ after
    /// solving X(s) = p to 2⁻²⁰ (§2.2), so two correct solvers may land one grid step apart — at
    /// most 2·2⁻²⁰ of the largest interval in value. In velocity that step is seen through the
    /// fastest rate of any animation of the scenario (a curve's 1/duration, a spring's ω₀, a later
    /// entry of a combination animating an interval that step moved, §4.3 item 4). No looser than
    /// that reading allows. The `UnitCurve` form reports the curve's slope, which the solver's
    /// step moves by how fast the slope changes (`BodyTolerance.slopeChange`).
    var absoluteTolerance: Double {
        var largest = 0.0, previous = initialValue
        var rounds = false
        var fastest = 1.0
        var slopeChange = 0.0
        for event in events {
            largest += zip(previous, event.value).map { abs($0 - $1) }.max() ?? 0
            previous = event.value
            for animation in event.animations {
                rounds = rounds || animation.roundsProgress
                fastest = max(fastest, animation.fastestRate)
                if animation.base == "timingCurve", let curve = animation.arguments.first(where: { $0.key == "curve" })?.value {
                    slopeChange = max(slopeChange, BodyTolerance.slopeChange(curve) ?? 0)
                }
            }
        }
        guard rounds else { return 1e-9 }
        return BodyTolerance.readable(2 * largest / 1_048_576 * fastest * (1 + slopeChange))
    }

    package var valueTypeJSON: JSONValue {
        switch valueType {
        case .scalar: return .string("scalar")
        case .angle: return .string("angle")
        case .point: return .string("point")
        case .size: return .string("size")
        case .rect: return .string("rect")
        case let .structure(names): return .object([("struct", .array(names.map { .string($0) }))])
        }
    }

    func encoded(_ value: [Double]) -> JSONValue { FixtureRegenerator.encoded(value, valueType) }

    /// Whether the reference model can play it (§4.5: every change moves every component or none).
    var isPlayableByReference: Bool {
        ReferencePlayback.separabilityProblem(valueType, initial: initialValue, changes: events.map(\.value)) == nil
    }
}

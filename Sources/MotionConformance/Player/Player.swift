import Foundation
import MotionCore

/// A second implementation a scalar property scenario is played through beside `AnimatedProperty`
/// — MotionEngine's channel, given by EngineConformance — whose values must agree with it.
public protocol ScalarMirror: AnyObject {
    func animate(to target: Double, with animation: Animation?, at time: TimeInterval)
    func value(at time: TimeInterval) -> Double
}

/// Makes a mirror starting at a value; nil: no mirror for it.
public typealias ScalarMirrorFactory = @Sendable (_ initialValue: Double) -> ScalarMirror?

/// Plays fixtures: property scenarios through `AnimatedProperty` and, for scalar values and a
/// `mirror`, through that mirror too — a disagreement between the two is itself a failure — and
/// the other kinds through MotionCore's API.
public enum Player {
    public static func run(_ fixture: Fixture, mirror: ScalarMirrorFactory? = nil) -> FixtureResult {
        check(fixture, answers(fixture, mirror: mirror))
    }

    /// MotionCore's answers to the fixture's questions (and, for scalar properties, the mirror's).
    public static func answers(_ fixture: Fixture, mirror: ScalarMirrorFactory? = nil) -> ScenarioAnswers {
        switch fixture.body {
        case let .property(scenario): return .property(observe(scenario, mirror: mirror))
        case let .spring(scenario): return .spring(answerSpring(scenario))
        case let .curve(scenario): return .curve(answerCurve(scenario))
        case let .keyframes(scenario): return .keyframes(answerKeyframes(scenario))
        case let .phases(scenario): return .phases(answerPhases(scenario))
        case let .timeline(scenario): return .timeline(answerTimeline(scenario))
        }
    }

    /// Judges answers against the fixture's expectations, whoever produced them. Checks that need
    /// a capability outside `available` (nil: all of them) are skipped.
    /// `completionDelay`: how long after they are due an engine may report completions (its
    /// handshake's `completionDelay`, docs/protocol.md §3).
    public static func check(
        _ fixture: Fixture, _ answers: ScenarioAnswers, available: Set<EngineProtocol.Capability>? = nil, completionDelay: Double = 0
    ) -> FixtureResult {
        check(fixture, answers, available: available, completionDelay: completionDelay, marking: true)
    }

    /// The answers of an engine that answered nothing, of the fixture's kind.
    package static func noAnswers(_ fixture: Fixture) -> ScenarioAnswers {
        switch fixture.body {
        case .property: return .property(Observation())
        case .spring: return .spring([])
        case .curve: return .curve([])
        case .keyframes: return .keyframes([])
        case .phases: return .phases(PhaseAnswers(values: [], phases: [], frameTimes: [], transitions: nil))
        case .timeline: return .timeline(nil)
        }
    }

    package static func check(
        _ fixture: Fixture, _ answers: ScenarioAnswers, available: Set<EngineProtocol.Capability>?, completionDelay: Double = 0, marking: Bool
    ) -> FixtureResult {
        var checker = Checker(fixture.tolerance, available: available)
        checker.completionDelay = completionDelay
        var series: [FixtureResult.Series] = []
        switch (fixture.body, answers) {
        case let (.property(scenario), .property(observed)): series = checkProperty(scenario, observed, &checker)
        case let (.spring(scenario), .spring(numbers)): checkSpring(scenario, numbers, &checker)
        case let (.curve(scenario), .curve(numbers)): checkCurve(scenario, numbers, &checker)
        case let (.keyframes(scenario), .keyframes(values)): series = checkKeyframes(scenario, values, &checker)
        case let (.phases(scenario), .phases(answered)): series = checkPhases(scenario, answered, &checker)
        case let (.timeline(scenario), .timeline(entries)): checkTimeline(scenario, entries, &checker)
        default:
            checker.fail(
                "answers", needs: .propertyScalar, expected: "answers to the fixture's questions", actual: "another kind",
                "the answers are of another kind than the fixture")
        }
        var result = checker.result(for: fixture, series: series)
        if marking { result.markBasis(fixture) }
        return result
    }

    // MARK: Properties

    /// What a completion check needs of the engine, and the handler names it compares (nil: all):
    /// an engine with completions of one criterion only (`property.completion.logical` or
    /// `.removed`) is held to that criterion's handlers; with neither, the check needs both.
    static func completionKind(_ scenario: PropertyScenario, _ checker: Checker) -> (EngineProtocol.Capability, Set<String>?) {
        if checker.declares(.propertyCompletion) { return (.propertyCompletion, nil) }
        let completions = scenario.events.compactMap(\.completion)
        for (capability, removed) in [(EngineProtocol.Capability.propertyCompletionLogical, false), (.propertyCompletionRemoved, true)]
        where checker.declares(capability) {
            let names = Set(completions.filter { ($0.criteria == .removed) == removed }.map(\.name))
            if !names.isEmpty { return (capability, names) }
        }
        // Handlers of the criterion not declared only: the check needs that one.
        if let first = completions.first, completions.allSatisfy({ ($0.criteria == .removed) == (first.criteria == .removed) }) {
            return (first.criteria == .removed ? .propertyCompletionRemoved : .propertyCompletionLogical, nil)
        }
        return (.propertyCompletion, nil)
    }

    /// What a property scenario observed at its sample times.
    public struct Observation: Sendable {
        public var values: [[Double]?] = []
        public var velocities: [[Double]?] = []
        public var animating: [Bool?] = []
        public var completed: [[String]?] = []
        /// The mirror's values for a scalar scenario played in process (they must agree).
        public var engineValues: [Double]?

        public init() {}
    }

    static func checkProperty(_ scenario: PropertyScenario, _ observed: Observation, _ checker: inout Checker) -> [FixtureResult.Series] {
        let names = scenario.valueType.componentNames
        var values = names.map { FixtureResult.Series(label: $0, points: []) }
        var velocities = names.map { FixtureResult.Series(label: "velocity of \($0)", points: []) }
        var animating = FixtureResult.Series(label: "isAnimating (1 true, 0 false)", points: [])
        func answered<T>(_ list: [T?], _ index: Int) -> T? { index < list.count ? list[index] : nil }
        func plot(_ series: inout [FixtureResult.Series], _ t: Double, _ expected: [Double], _ actual: [Double]?) {
            for k in series.indices where k < expected.count && (actual?.count ?? 0) > k { series[k].points.append((t, expected[k], actual![k])) }
        }
        let changeTimes = Set(scenario.events.map(\.time))
        for (index, sample) in scenario.samples.enumerated() {
            let t = sample.time, at = "@" + sample.time.fixtureText
            let first = checker.checks.count
            defer { if changeTimes.contains(t) { checker.markAtChangeTime(from: first) } }
            if let expected = sample.value {
                let actual = answered(observed.values, index)
                checker.numbers("value" + at, needs: scenario.valueType.capability, actual, expected, components: names, field: "value")
                plot(&values, t, expected, actual)
            }
            if let expected = sample.velocity {
                let actual = answered(observed.velocities, index)
                checker.numbers("velocity" + at, needs: .propertyVelocity, actual, expected, components: names, field: "velocity")
                if checker.declares(.propertyVelocity) { plot(&velocities, t, expected, actual) }
            }
            if let expected = sample.isAnimating {
                let actual = answered(observed.animating, index)
                checker.exact("isAnimating" + at, needs: .propertyIsAnimating, actual, expected, field: "isAnimating") { "\($0)" }
                if checker.declares(.propertyIsAnimating), let actual { animating.points.append((t, expected ? 1 : 0, actual ? 1 : 0)) }
            }
            if let expected = sample.completed {
                // With a delay, what was due by t − delay must be reported by t (at the latest
                // sample stating it), and nothing not yet due, in the order due.
                let due =
                    checker.completionDelay > 0
                    ? scenario.samples[...index].last { $0.completed != nil && $0.time <= t - checker.completionDelay }?.completed ?? [] : expected
                let (needs, kept) = completionKind(scenario, checker)
                let only = { (list: [String]) in kept.map { names in list.filter(names.contains) } ?? list }
                checker.completions("completed" + at, needs: needs, answered(observed.completed, index).map(only), only(expected), due: only(due))
            }
        }
        // The engine must agree: bitwise, except its closed-form spring kernel, whose vector
        // exp/sin/cos are within a few ulp of glibc's (1e-12 relative allowed).
        if let engine = observed.engineValues {
            for (index, sample) in scenario.samples.enumerated() {
                let property = observed.values[index]?[0] ?? .nan
                if engine[index].bitPattern != property.bitPattern && !(abs(engine[index] - property) <= 1e-12 * max(1, abs(property))) {
                    checker.fail(
                        "MotionEngine@" + sample.time.fixtureText, needs: .propertyScalar, expected: property.fixtureText, actual: engine[index].fixtureText,
                        "MotionEngine disagrees with AnimatedProperty")
                    break
                }
            }
        }
        return values + velocities + (animating.points.isEmpty ? [] : [animating])
    }

    /// Runs a property scenario and returns what it observed (also used to regenerate nothing:
    /// expectations never come from here).
    public static func observe(_ scenario: PropertyScenario, mirror: ScalarMirrorFactory? = nil) -> Observation {
        ValueCodecs.visit(scenario.valueType, Observe(scenario: scenario, mirror: mirror))
    }

    struct Observe: ValueCodecVisitor {
        let scenario: PropertyScenario
        let mirror: ScalarMirrorFactory?
        func visit<V: Animatable>(_ codec: ValueCodec<V>) -> Observation {
            Player.observe(scenario, make: codec.make, read: codec.read, velocity: codec.velocity, mirror: mirror)
        }
    }

    static func observe<V: Animatable>(
        _ scenario: PropertyScenario, make: ([Double]) -> V, read: (V) -> [Double],
        velocity: (V.AnimatableData) -> [Double], mirror: ScalarMirrorFactory?
    ) -> Observation {
        let property = AnimatedProperty(
            make(scenario.initialValue),
            options: .init(mergesCoincidentAnimations: scenario.mergesCoincidentAnimations))
        let useEngine = (scenario.valueType == .scalar || scenario.valueType == .angle) && scenario.mergesCoincidentAnimations
        let engine = useEngine ? mirror?(make(scenario.initialValue).animatableData as? Double ?? 0) : nil
        var fired: [String] = []
        var observation = Observation()
        var engineValues: [Double] = []
        var nextEvent = 0
        for sample in scenario.samples {
            while nextEvent < scenario.events.count && scenario.events[nextEvent].time <= sample.time {
                let event = scenario.events[nextEvent]
                var transaction = Transaction()
                if event.transaction.hasAnimation { transaction.animation = event.transaction.animation?.animation }
                transaction.disablesAnimations = event.transaction.disablesAnimations
                transaction.tracksVelocity = event.transaction.tracksVelocity
                let listener = event.completion.map { name, criteria in
                    transaction.addAnimationCompletion(criteria: criteria) { fired.append(name) }
                }
                let path = event.path.map(\.modifier)
                let newValue = make(event.value)
                property.set(newValue, at: event.time, transaction: transaction, path: path)
                if let engine, let target = newValue.animatableData as? Double {
                    engine.animate(to: target, with: transaction.applying(path)._effectiveAnimation, at: event.time)
                }
                listener?._bodyFinished()
                nextEvent += 1
            }
            let value = property.presentedValue(at: sample.time)
            observation.values.append(read(value))
            observation.velocities.append(velocity(property.velocity(at: sample.time)))
            observation.animating.append(property.isAnimating)
            observation.completed.append(fired)
            if let engine {
                let data = engine.value(at: sample.time)
                var presented = make(scenario.initialValue)
                if var typed = presented.animatableData as? Double {
                    typed = data
                    presented.animatableData = typed as! V.AnimatableData
                }
                engineValues.append(read(presented)[0])
            }
        }
        if engine != nil { observation.engineValues = engineValues }
        return observation
    }
}

import Foundation
import MotionCore
import MotionEngine

/// Plays fixtures: property scenarios through `AnimatedProperty` and, for scalar values, through a
/// `MotionEngine` channel too — a disagreement between the two is itself a failure — and the
/// other kinds through MotionCore's API.
public enum Player {
    public static func run(_ fixture: Fixture) -> FixtureResult {
        var checker = Checker(fixture.tolerance)
        var series: [FixtureResult.Series] = []
        switch fixture.body {
        case let .property(scenario): series = playProperty(scenario, &checker)
        case let .spring(scenario): playSpring(scenario, &checker)
        case let .curve(scenario): playCurve(scenario, &checker)
        case let .keyframes(scenario): series = playKeyframes(scenario, &checker)
        case let .phases(scenario): series = playPhases(scenario, &checker)
        case let .timeline(scenario): playTimeline(scenario, &checker)
        }
        return checker.result(for: fixture, series: series)
    }

    // MARK: Properties

    /// What a property scenario observed at its sample times.
    public struct Observation: Sendable {
        public var values: [[Double]] = []
        public var velocities: [[Double]] = []
        public var animating: [Bool] = []
        public var completed: [[String]] = []
        public var engineValues: [Double]?
    }

    static func playProperty(_ scenario: PropertyScenario, _ checker: inout Checker) -> [FixtureResult.Series] {
        let observed = observe(scenario)
        var series = scenario.valueType.componentNames.map { FixtureResult.Series(label: $0, points: []) }
        for (index, sample) in scenario.samples.enumerated() {
            let t = sample.time
            if let expected = sample.value {
                for (k, name) in scenario.valueType.componentNames.enumerated() {
                    checker.check(observed.values[index][k], expected[k], "\(name) at \(t)")
                    series[k].points.append((t, expected[k], observed.values[index][k]))
                }
            }
            if let expected = sample.velocity {
                for (k, name) in scenario.valueType.componentNames.enumerated() {
                    checker.check(observed.velocities[index][k], expected[k], "velocity of \(name) at \(t)")
                }
            }
            if let expected = sample.isAnimating, expected != observed.animating[index] {
                checker.fail("isAnimating at \(t): got \(observed.animating[index]), expected \(expected)")
            }
            if let expected = sample.completed, expected != observed.completed[index] {
                checker.fail("completions fired by \(t): got \(observed.completed[index]), expected \(expected)")
            }
        }
        // The engine must agree: bitwise, except its closed-form spring kernel, whose vector
        // exp/sin/cos are within a few ulp of glibc's (1e-12 relative allowed).
        if let engine = observed.engineValues {
            for (index, sample) in scenario.samples.enumerated()
            where engine[index].bitPattern != observed.values[index][0].bitPattern
                && !(abs(engine[index] - observed.values[index][0]) <= 1e-12 * max(1, abs(observed.values[index][0]))) {
                checker.fail("MotionEngine disagrees with AnimatedProperty at \(sample.time): \(engine[index]) vs \(observed.values[index][0])")
                break
            }
        }
        return series
    }

    /// Runs a property scenario and returns what it observed (also used to regenerate nothing:
    /// expectations never come from here).
    public static func observe(_ scenario: PropertyScenario) -> Observation {
        switch scenario.valueType {
        case .scalar:
            return observe(scenario, make: { $0[0] }, read: { [$0] }, velocity: { [$0] })
        case .angle:
            return observe(scenario, make: { Angle.degrees($0[0]) }, read: { [$0.degrees] },
                           velocity: { [$0 / 128 * 180 / .pi] })
        case .point:
            return observe(scenario, make: { CGPoint(x: $0[0], y: $0[1]) }, read: { [Double($0.x), Double($0.y)] },
                           velocity: { [Double($0.first), Double($0.second)] })
        case .size:
            return observe(scenario, make: { CGSize(width: $0[0], height: $0[1]) }, read: { [Double($0.width), Double($0.height)] },
                           velocity: { [Double($0.first), Double($0.second)] })
        case .rect:
            return observe(scenario, make: rect, read: rectComponents, velocity: rectVelocity)
        case let .structure(names):
            return observe(scenario, make: { NamedValues($0) }, read: { $0.components },
                           velocity: { v in (0..<names.count).map { $0 < v.components.count ? v.components[$0] : 0 } })
        }
    }

    static func rect(_ v: [Double]) -> CGRect { CGRect(x: v[0], y: v[1], width: v[2], height: v[3]) }

    static func rectComponents(_ r: CGRect) -> [Double] {
        [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)]
    }

    static func rectVelocity(_ v: CGRect.AnimatableData) -> [Double] {
        let origin = v.first, size = v.second
        return [Double(origin.first), Double(origin.second), Double(size.first), Double(size.second)]
    }

    static func observe<V: Animatable>(_ scenario: PropertyScenario, make: ([Double]) -> V, read: (V) -> [Double],
                                       velocity: (V.AnimatableData) -> [Double]) -> Observation {
        let property = AnimatedProperty(make(scenario.initialValue),
                                        options: .init(mergesCoincidentAnimations: scenario.mergesCoincidentAnimations))
        let useEngine = (scenario.valueType == .scalar || scenario.valueType == .angle) && scenario.mergesCoincidentAnimations
        let engine = useEngine ? MotionEngine(threadCount: 1, chunkSize: 64) : nil
        let channel = try? engine?.addChannel(value: make(scenario.initialValue).animatableData as? Double ?? 0)
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
                if let engine, let channel, let target = newValue.animatableData as? Double {
                    try? engine.animate(channel, to: target, with: transaction.applying(path)._effectiveAnimation, at: event.time)
                }
                listener?._bodyFinished()
                nextEvent += 1
            }
            let value = property.presentedValue(at: sample.time)
            observation.values.append(read(value))
            observation.velocities.append(velocity(property.velocity(at: sample.time)))
            observation.animating.append(property.isAnimating)
            observation.completed.append(fired)
            if let engine, let channel {
                try? engine.tick(at: sample.time)
                let data = (try? engine.value(of: channel)) ?? .nan
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

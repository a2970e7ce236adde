import ConformanceReference
import FixtureFormat

extension ClockModel {
    /// How a fixture is judged on a clock.
    public enum Judgement: Sendable {
        /// Its expectations hold as written: it has no property scenario, or both clocks give the
        /// same answers.
        case asWritten
        /// The reference model's answers on this clock replace its expectations.
        case rederived(Fixture)
        /// The clocks give different answers and this one's cannot be computed: the fixture's
        /// numbers are measurements, or the reference model does not reproduce or cannot play it.
        case notRederivable(String)
    }

    /// How `fixture` is judged on this clock.
    public func judgement(of fixture: Fixture) -> Judgement {
        guard self != .changeTime, case let .property(scenario) = fixture.body, self != .nextFrame || !Self.independent(scenario) else {
            return .asWritten
        }
        let written: [ReferencePlayback.Answer], mine: [ReferencePlayback.Answer]
        do {
            written = try ReferencePlayback.answers(scenario.reference, clock: .changeTime)
            mine = try ReferencePlayback.answers(scenario.reference, clock: self)
        } catch {
            return .notRederivable("the reference model cannot play it on the \(rawValue) clock: \(error)")
        }
        guard written != mine else { return .asWritten }
        if Basis(fixture.provenance) == .appleMeasurement {
            return .notRederivable("its expected numbers are Apple's measurements, taken on the change-time clock; the \(rawValue) clock changes them")
        }
        guard Player.check(fixture, .property(Self.observation(written)), available: nil, marking: false).verdict == .pass else {
            return .notRederivable(
                "the reference model does not reproduce its expectations on the change-time clock, so cannot recompute them on the \(rawValue) clock")
        }
        return .rederived(replacing(fixture, scenario, with: mine))
    }

    /// Whether a change animates with a timing curve: the named curves, `linear` and `timingCurve`
    /// (the reference model's Béziers, §2.3).
    static func animatesBezier(_ scenario: PropertyScenario) -> Bool {
        let beziers = Set(ReferenceUnitCurve.named.keys).union(["linear", "timingCurve"])
        return scenario.events.contains { event in
            event.resolvedAnimation?.object?.contains { beziers.contains($0.0) } ?? false
        }
    }

    /// True when no change can read differently on the change-time and next-frame clocks: every
    /// change is at the first sample's time, so nothing runs before it and it applies where it
    /// happens. (On a frame-loop clock such a change still begins a frame later.)
    static func independent(_ scenario: PropertyScenario) -> Bool {
        guard let first = scenario.samples.first?.time else { return true }
        return scenario.events.allSatisfy { $0.time == first || $0.time > scenario.samples.last!.time }
    }

    /// Reference answers as an engine's observation, to judge them as one.
    package static func observation(_ answers: [ReferencePlayback.Answer]) -> Player.Observation {
        var observation = Player.Observation()
        observation.values = answers.map(\.value)
        observation.velocities = answers.map(\.velocity)
        observation.animating = answers.map(\.isAnimating)
        observation.completed = answers.map(\.completed)
        return observation
    }

    /// The fixture with every expectation its samples state replaced by `answers`.
    func replacing(_ fixture: Fixture, _ scenario: PropertyScenario, with answers: [ReferencePlayback.Answer]) -> Fixture {
        var scenario = scenario
        for (index, answer) in zip(scenario.samples.indices, answers) {
            if scenario.samples[index].value != nil { scenario.samples[index].value = answer.value }
            if scenario.samples[index].velocity != nil { scenario.samples[index].velocity = answer.velocity }
            if scenario.samples[index].isAnimating != nil { scenario.samples[index].isAnimating = answer.isAnimating }
            if scenario.samples[index].completed != nil { scenario.samples[index].completed = answer.completed }
        }
        var copy = fixture
        copy.body = .property(scenario)
        // A fixture pinning the 2⁻²⁰ rounding exactly chose times away from a rounding tie; its
        // times move here, so a Bézier's result holds to two steps of the interval (§2.2).
        if Self.animatesBezier(scenario) {
            let values = [scenario.initialValue] + scenario.events.map(\.value)
            let span = zip(values, values.dropFirst()).map { a, b in zip(a, b).map { abs($1 - $0) }.max() ?? 0 }.reduce(0, +)
            copy.tolerance.absolute = max(copy.tolerance.absolute, 2 * span / 1_048_576)
        }
        copy.provenance = .referenceModel
        copy.source = "the reference model on the \(rawValue) clock (docs/protocol.md §2); written for the change-time clock from " + fixture.source
        return copy
    }
}

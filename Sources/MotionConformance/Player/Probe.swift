import FixtureFormat

/// A convention of the fixtures changed, to see whether it explains an engine's failure: the
/// engine's answers judged again against the fixture as it reads under the changed convention.
/// The engine is not asked again — its answers do not depend on what the harness expects.
///
/// A probe *explains* a failing fixture when every check that ran passes under it.
public enum Probe: String, Sendable, CaseIterable, Codable, Comparable {
    /// The fixture judged on the change-time clock (for an engine that declared next-frame).
    case changeTimeClock = "clock:change-time"
    /// The fixture judged on the next-frame clock (for an engine that declared change-time, or
    /// nothing): the reference model's answers for it.
    case nextFrameClock = "clock:next-frame"
    /// The fixture judged on a frame-loop clock: an animation from rest beginning at the first
    /// frame after a change, or held for one more.
    case frameLoopClock = "clock:frame-loop"
    case frameLoopHeldClock = "clock:frame-loop-held"
    /// Every sample at a change's own time expected to show the previous sample's value and
    /// velocity: what an engine shows that answers the last frame there.
    case lastFrameAtChange = "change-time-sample:last-frame"

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// The probe that judges a fixture on `clock`.
    public init(_ clock: ClockModel) {
        switch clock {
        case .changeTime: self = .changeTimeClock
        case .nextFrame: self = .nextFrameClock
        case .frameLoop: self = .frameLoopClock
        case .frameLoopHeld: self = .frameLoopHeldClock
        }
    }

    /// What the probe changed, in a sentence, and the section that states the convention.
    public var meaning: (text: String, section: String) {
        switch self {
        case .changeTimeClock:
            return (
                "judged on the change-time clock these fixtures pass: the engine runs on it, not on the next-frame clock it declared",
                "docs/protocol.md §2, \"Time: the clock model\""
            )
        case .frameLoopClock, .frameLoopHeldClock:
            let clock = self == .frameLoopClock ? ClockModel.frameLoop : .frameLoopHeld
            return (
                "judged on the \(clock.rawValue) clock (the reference model's answers for it) these fixtures pass: the engine begins an animation "
                    + "from rest at the \(clock == .frameLoop ? "first frame" : "second frame") after a change and reads what runs at the change; "
                    + "declare \"clockModel\": \"\(clock.rawValue)\" in the handshake",
                "docs/protocol.md §2, \"Time: the clock model\""
            )
        case .nextFrameClock:
            return (
                "judged on the next-frame clock (the reference model's answers for it) these fixtures pass: the engine begins an animation "
                    + "at the first frame after a change; declare \"clockModel\": \"next-frame\" in the handshake",
                "docs/protocol.md §2, \"Time: the clock model\""
            )
        case .lastFrameAtChange:
            return (
                "with samples at a change's own time expected to show the previous sample's value these fixtures pass: the engine answers "
                    + "the last frame there, not the state at t",
                "docs/protocol.md §2, \"A sample at the change's own time\""
            )
        }
    }

    /// The probes that explain a failed fixture: `fixture` as written, judged on `clock` (as
    /// `judged`, the fixture that clock gave), with the engine's `answers` and declared capabilities.
    public static func explaining(
        _ fixture: Fixture, judged: Fixture, on clock: ClockModel, answers: ScenarioAnswers, available: Set<EngineProtocol.Capability>?,
        completionDelay: Double = 0
    ) -> [Probe] {
        guard case .property = fixture.body else { return [] }
        var probes: [(Probe, Fixture)] = []
        // Each other clock, where its expectations differ from this one's: re-derived for it, or
        // as written for the change-time clock.
        for other in clock.others {
            switch other.judgement(of: fixture) {
            case let .rederived(rederived): probes.append((Probe(other), rederived))
            case .asWritten where other == .changeTime: probes.append((.changeTimeClock, fixture))
            case .asWritten, .notRederivable: break
            }
        }
        if let moved = lastFrameAtChange(judged) { probes.append((.lastFrameAtChange, moved)) }
        return probes.filter {
            Player.check($0.1, answers, available: available, completionDelay: completionDelay, marking: false).verdict == .pass
        }.map(\.0)
    }

    /// The fixture with each sample at a change's own time expecting the value and velocity of
    /// the sample before it; nil when it has no such sample.
    static func lastFrameAtChange(_ fixture: Fixture) -> Fixture? {
        guard case let .property(written) = fixture.body else { return nil }
        var scenario = written
        let changes = Set(scenario.events.map(\.time))
        var moved = false
        for index in scenario.samples.indices.dropFirst() where changes.contains(scenario.samples[index].time) {
            let previous = written.samples[index - 1]
            if scenario.samples[index].value != nil, let value = previous.value {
                scenario.samples[index].value = value
                moved = true
            }
            if scenario.samples[index].velocity != nil, let velocity = previous.velocity { scenario.samples[index].velocity = velocity }
        }
        guard moved else { return nil }
        var copy = fixture
        copy.body = .property(scenario)
        return copy
    }
}

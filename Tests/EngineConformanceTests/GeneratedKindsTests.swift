import FixtureFormat
import Foundation
import TestSupport
import Testing

@testable import ConformanceExplorer
@testable import ConformanceReference
@testable import EngineConformance
@testable import MotionConformance

/// Generated scenarios of every kind the fixture format has — springs, curves, keyframes, phases
/// and schedules as well as properties — and the reference model's answers for them
/// (docs/semantics.md; Fixtures/README.md, "What the suites reach").
@Suite("generated scenarios of every kind")
struct GeneratedKindsTests {
    @Test("scenario i of a seed and kind is the same whatever else was generated, and property scenarios are unchanged")
    func deterministicPerKind() {
        let a = ScenarioGenerator(seed: 42), b = ScenarioGenerator(seed: 42)
        for kind in ScenarioKind.allCases {
            #expect((0..<20).map { a.scenario(kind, $0) } == (0..<20).map { b.scenario(kind, $0) })
            #expect((0..<20).allSatisfy { a.scenario(kind, $0).kind == kind })
        }
        #expect(a.scenario(.keyframes, 3) != ScenarioGenerator(seed: 43).scenario(.keyframes, 3))
        #expect((0..<20).allSatisfy { a.scenario(.property, $0) == .property(a.scenario($0)) })
        // The kinds take turns; over one kind, slot i is scenario i.
        #expect(ScenarioGenerator.slot(7, of: [.spring, .curve]) == (.curve, 3))
        #expect(ScenarioGenerator.slot(7, of: [.property]) == (.property, 7))
    }

    @Test("MotionCore and the reference model, written apart, answer generated scenarios of every kind alike")
    func motionCoreAgreesWithTheReference() {
        let outcome = Explorer(engine: nil, options: .init(seed: 11, count: 180)).explore()
        #expect(outcome.disagreements.map(\.fixtureID) == [])
        for kind in ScenarioKind.allCases { #expect(outcome.kindsPlayed[kind, default: 0] >= 25, "\(kind)") }
        #expect(outcome.played + outcome.unplayable == 180)
        #expect(outcome.exitCode == 0)
    }

    @Test("the reference spring reproduces Apple's measured quirks and the closed forms")
    func referenceSpring() throws {
        // Apple, via [PRISM] (docs/semantics.md §1.3, §1.4): the overdamped stiffness getter and velocity.
        let overdamped = try ReferenceSpring(json: .object([("duration", .number(0.5)), ("bounce", .number(-0.2))]))
        #expect(abs(overdamped.stiffness - 335.57) < 0.005)
        #expect(abs(overdamped.velocity(target: 1, initialVelocity: 0, time: 1) - 1.0156) < 0.00005)
        // Spring(): (2π/0.5)² and 2·(2π/0.5), closed form.
        let plain = try ReferenceSpring(json: nil)
        #expect(abs(plain.stiffness - pow(4 * Double.pi, 2)) < 1e-9)
        #expect(abs(plain.damping - 8 * Double.pi) < 1e-12)
        // Critically damped springs settle on the 0.1 s grid (§1.5, Apple: (0.4, 0) → 0.6).
        let critical = try ReferenceSpring(json: .object([("response", .number(0.4)), ("dampingRatio", .number(1))]))
        #expect(abs(critical.settlingDuration(target: 1, initialVelocity: 0, epsilon: 0.001) - 0.6) < 1e-9)
        // Nothing to settle: settled at once (IEEE: ε/0 = ∞, −ln ∞ = −∞).
        #expect(plain.settlingDuration(target: 0, initialVelocity: 0, epsilon: 0.001) == 0)
    }

    @Test("the reference curves: Apple's measured slopes, and NaN beyond a circular curve's domain")
    func referenceCurves() throws {
        // [OSUI-compat] (docs/semantics.md §2.2, §9): easeIn's slope at 1 is 0, circularEaseIn's is ∞.
        #expect(try ReferenceUnitCurve(json: .string("easeIn")).velocity(at: 1) == 0)
        #expect(try ReferenceUnitCurve(json: .string("easeOut")).velocity(at: 0) == 1)
        #expect(try ReferenceUnitCurve(json: .string("circularEaseIn")).velocity(at: 1) == .infinity)
        #expect(try ReferenceUnitCurve(json: .string("circularEaseIn")).value(at: 1.5).isNaN)
        // A Bézier clamps progress for its value: the ends exactly.
        let bezier = try ReferenceUnitCurve(json: .object([("bezier", .array([0.3, 1.4, 0.7, -0.2].map { .number($0) }))]))
        #expect(bezier.value(at: -0.5) == 0 && bezier.value(at: 1.5) == 1)
    }

    @Test("reference keyframes: a boundary belongs to the earlier segment, a move holds its value, a keyframe taking no time is a move")
    func referenceKeyframes() {
        // Linear 0 → 100 over 0.5 s, then a move to −100 (sixteenths add up exactly; §5.2).
        let timeline = ReferenceKeyframes(
            initialValue: [0],
            tracks: [
                (
                    nil,
                    [.linear(to: [100], duration: 0.5, curve: .linear), .move(to: [-100]), .cubic(to: [50], duration: 0, startVelocity: nil, endVelocity: nil)]
                )
            ])
        #expect(timeline.value(time: 0.25) == [50])
        #expect(timeline.value(time: 0.5) == [100])
        #expect(timeline.value(time: 0.75) == [50])
        #expect(timeline.duration == 0.5)
        #expect(timeline.velocity(time: 0.25) == [200])
        #expect(timeline.velocity(time: 0.75) == [0])
        let moveFirst = ReferenceKeyframes(initialValue: [0], tracks: [(nil, [.move(to: [30]), .linear(to: [60], duration: 1, curve: .linear)])])
        #expect(moveFirst.value(time: -0.5) == [30])
        #expect(moveFirst.value(time: 0.5) == [45])
    }

    @Test("reference schedules follow §8.2 and Apple's periodic measurement")
    func referenceSchedules() throws {
        // §9 T01: periodic(0, 5) from 12 → 10, 15, 20.
        let periodic = JSONValue.object([("periodic", .object([("from", .number(0)), ("by", .number(5))]))])
        #expect(try ReferenceSchedule.entries(periodic, from: 12, lowFrequency: false, limit: 3) == [10, 15, 20])
        let minute = JSONValue.object([("everyMinute", .object([]))])
        #expect(try ReferenceSchedule.entries(minute, from: 125, lowFrequency: false, limit: 2) == [120, 180])
        let animation = JSONValue.object([("animation", .object([]))])
        #expect(try ReferenceSchedule.entries(animation, from: 0, lowFrequency: true, limit: 5) == [])
    }

    @Test("a diverging spring scenario shrinks to a smaller fixture the reader accepts, answers recomputed")
    func bodyShrinks() throws {
        var generator = BodyGenerator(seed: 3, kind: .keyframes, index: 0)
        var body = generator.body(.keyframes)
        for index in 1..<40 where GeneratedCase.leaves(body) < 30 {
            var next = BodyGenerator(seed: 3, kind: .keyframes, index: index)
            body = next.body(.keyframes)
        }
        let original = GeneratedCase.body(.keyframes, body)
        // The "failure": any keyframe track at all, with a check after 0.
        let shrunk = ScenarioShrinker.shrink(original) { candidate in
            guard case let .body(_, json) = candidate, case let .array(checks)? = json["checks"] else { return false }
            return checks.contains { if case let .number(t)? = $0["time"] { return t > 0 } else { return false } }
        }
        #expect(shrunk.size < original.size)
        guard case let .body(_, json) = shrunk else {
            Issue.record("not a body")
            return
        }
        if case let .array(tracks)? = json["tracks"] { #expect(tracks.count == 1) }
        if case let .array(checks)? = json["checks"] { #expect(checks.count == 1) }
        let fixture = try Explorer.fixture(shrunk, seed: 3, index: 0)
        #expect(FixtureRegenerator.regenerate(fixture).changes == [])
    }

    @Test("exploring phases finds the broken Python engine's interpolating spring, and the fixture it writes passes the correct engines")
    func exploresBrokenEnginePhases() throws {
        let broken = ExternalEngine(.init(command: "python3 \(EngineDoubles.python) --wrong"))
        try broken.start()
        defer { broken.close() }
        var options = Explorer.Options(seed: 1, count: 60, kinds: [.phases])
        options.shrinkAttempts = 150
        let outcome = Explorer(engine: broken, options: options).explore()
        #expect(outcome.divergences.count > 0)
        let correct = ExternalEngine(.init(command: "python3 \(EngineDoubles.python)"))
        try correct.start()
        defer { correct.close() }
        for divergence in outcome.divergences {
            let fixture = try FixtureLoader.decode(divergence.fixtureText)
            #expect(ScenarioKind(fixture.body) == .phases)
            #expect([.fail, .error].contains(broken.run(fixture).verdict))
            #expect(Player.run(fixture, mirror: MotionEngineMirror.factory).verdict == .pass)
            #expect(correct.run(fixture).verdict == .pass)
            #expect(FixtureRegenerator.regenerate(fixture).changes == [])
        }
    }
}

import FixtureFormat
import Foundation
import MotionCore
import TestSupport
import Testing

@testable import MotionConformance

/// Completions an engine reports late, within the delay its handshake declares
/// (docs/protocol.md §3, `completionDelay`), and curve scenarios by shape (`curve.named`,
/// `curve.bezier`, `curve.extended`).
@Suite("completion delay and curve shapes")
struct CompletionDelayTests {
    static let deferred = Repository.root.appendingPathComponent("Examples/partial-engines/deferred_completions.py").path

    /// Completions due: "a" at 0.1, "b" at 0.2; samples every 0.02 s from 0.
    func fixture() throws -> Fixture {
        let samples = (0...15).map { index -> String in
            let t = Double(index) / 50
            let due = (t >= 0.1 ? ["\"a\""] : []) + (t >= 0.2 ? ["\"b\""] : [])
            return "{\"time\": \(JSONValue.format(t)), \"completed\": [\(due.joined(separator: ", "))]}"
        }
        return try FixtureLoader.decode(
            """
            {"id": "delay/probe", "title": "t", "suite": "delay", "provenance": "analytic", "source": "by construction",
             "tolerance": {"absolute": 0}, "property": {"valueType": "scalar", "initialValue": 0,
             "events": [{"time": 0, "set": 1, "animation": {"linear": {"duration": 0.1}}, "completion": {"name": "a", "criteria": "removed"}},
                        {"time": 0.1, "set": 2, "animation": {"linear": {"duration": 0.1}}, "completion": {"name": "b", "criteria": "removed"}}],
             "samples": [\(samples.joined(separator: ", "))]}}
            """)
    }

    /// An engine's completions: each name reported from `lag` seconds after it is due.
    func answers(lag: Double, early: Bool = false) -> ScenarioAnswers {
        var observation = Player.Observation()
        observation.completed = (0...15).map { index in
            let t = Double(index) / 50
            if early && t >= 0.04 { return ["a"] + (t >= 0.2 ? ["b"] : []) }
            return (t >= 0.1 + lag - 1e-9 ? ["a"] : []) + (t >= 0.2 + lag - 1e-9 ? ["b"] : [])
        }
        return .property(observation)
    }

    @Test("a completion reported within the declared delay passes; one later than it, or one before it is due, fails")
    func window() throws {
        let fixture = try fixture()
        #expect(Player.check(fixture, answers(lag: 0)).verdict == .pass)
        #expect(Player.check(fixture, answers(lag: 0.04)).verdict == .fail)
        #expect(Player.check(fixture, answers(lag: 0.04), completionDelay: 0.05).verdict == .pass)
        let late = Player.check(fixture, answers(lag: 0.08), completionDelay: 0.05)
        #expect(late.verdict == .fail && late.checks.filter { $0.outcome == .fail }.allSatisfy { $0.needs == "property.completion" })
        #expect(Player.check(fixture, answers(lag: 0, early: true), completionDelay: 0.05).verdict == .fail)
    }

    @Test("an engine that delivers completions on a later turn: every fixture passes when it declares the delay; undeclared, only completion checks fail")
    func deferredEngine() throws {
        let python = "python3 \(EngineDoubles.python)"
        func run(_ engine: String) throws -> (Int32, [String: Any]) {
            let outcome = try Tool.watch(
                ["conform", "--no-reduce", "--format", "json", "--suite", "velocity", "--engine", engine], limit: 300)
            return (outcome.status, try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any]))
        }
        let (declared, report) = try run("python3 \(Self.deferred) \(python)")
        #expect(declared == 0 && report["failed"] as? Int == 0 && (report["passed"] as? Int ?? 0) > 0)
        let (undeclared, missed) = try run("python3 \(Self.deferred) --undeclared \(python)")
        let failing = (missed["fixtures"] as? [[String: Any]] ?? []).flatMap {
            ($0["checks"] as? [[String: Any]] ?? []).filter { $0["outcome"] as? String == "fail" }
        }
        #expect(undeclared == 1 && !failing.isEmpty && failing.allSatisfy { $0["needs"] as? String == "property.completion" })
    }

    @Test("curve shapes: an engine of Béziers in [0, 1] is not asked named curves or the extended domain; one declaring none is asked all")
    func curveShapes() throws {
        let loaded = FixtureLoader.load(root: Repository.root.appendingPathComponent("Fixtures"), suite: "curves")
        let curves = loaded.fixtures.filter { if case .curve = $0.body { true } else { false } }
        let needs = curves.map { EngineProtocol.needs($0) }
        #expect(needs.contains { $0.contains(.curveExtended) } && needs.contains { $0.contains(.curveNamed) } && needs.contains { $0.contains(.curveBezier) })
        // A Bézier whose control points leave [0, 1] needs the extended domain.
        let outside = try #require(curves.first { $0.id == "curves/region-bezier-x-outside" })
        #expect(EngineProtocol.needs(outside) == [.curveBezier, .curveExtended])
        let linear = try #require(curves.first { $0.id == "curves/region-linear" })
        #expect(EngineProtocol.needs(linear) == [.curveNamed])
        let declaredNone = EngineProtocol.capabilities(declared: ["curve.value"]).known
        #expect(EngineProtocol.curveShapes.isSubset(of: declaredNone))
        let beziersOnly = EngineProtocol.capabilities(declared: ["curve.value", "curve.bezier"]).known
        #expect(beziersOnly.contains(.curveBezier) && !beziersOnly.contains(.curveNamed) && !beziersOnly.contains(.curveExtended))
    }

    @Test("lastTimeOutside for an engine of spring values without settling times: computed by the harness from its values, and judged")
    func lastTimeOutsideByScan() throws {
        let engine = "python3 " + Repository.root.appendingPathComponent("Examples/partial-engines/spring_values.py").path
        let outcome = try Tool.watch(["conform", "--no-reduce", "--format", "json", "--filter", "s06-sampled-settle|last-time-outside", "--engine", engine])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let fixtures = report["fixtures"] as? [[String: Any]] ?? []
        let asked = FixtureLoader.load(root: Repository.root.appendingPathComponent("Fixtures")).fixtures.filter {
            $0.id.contains("s06-sampled-settle") || $0.id.contains("last-time-outside")
        }
        #expect(asked.count >= 7)
        #expect(fixtures.count == asked.count && fixtures.allSatisfy { $0["verdict"] as? String == "pass" }, "\(fixtures.map { $0["message"] ?? "" })")
        // The MotionCore scan and the batched one over an engine's answers are one computation.
        let spring = Spring(duration: 0.5, bounce: 0.3)
        let batched = Player.lastTimeOutside(epsilon: 0.01, resolution: 1e-4) { times in times.map { spring.value(target: 1.0, time: $0) } }
        #expect(batched == Player.lastTimeOutside(spring, epsilon: 0.01, resolution: 1e-4) && batched > 0.3 && batched < 1)
        let check = SpringScenario.Check.lastTimeOutside(epsilon: 0.01, resolution: 0.001, expected: 0.5)
        #expect(
            check.needs([.springValue]) == .springValue && check.needs([.springValue, .springSettling]) == .springSettling
                && check.needs(nil) == .springSettling)
    }

    @Test("completions of one criterion: an engine with logical completions only is held to those handlers, and never asked for removal ones")
    func oneCriterion() throws {
        let capabilities =
            "property.scalar,property.point,property.size,property.rect,property.struct,property.angle,property.velocity,"
            + "property.isAnimating,property.completion.logical,tracksVelocity,mergesCoincidentAnimations,customAnimations"
        let outcome = try Tool.watch([
            "conform", "--no-reduce", "--format", "json", "--filter", "completion", "--engine",
            "python3 \(EngineDoubles.python) --capabilities \(capabilities)",
        ])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        #expect(outcome.status == 0 && report["failed"] as? Int == 0 && (report["passed"] as? Int ?? 0) > 0)
        let skipped = (report["fixtures"] as? [[String: Any]] ?? []).flatMap { ($0["checks"] as? [[String: Any]] ?? []) }
            .filter { ($0["name"] as? String ?? "").hasPrefix("completed") }
        #expect(skipped.allSatisfy { $0["outcome"] as? String == "skipped" && $0["needs"] as? String == "property.completion.removed" })
        // Both criteria declared are `property.completion`, and the other way round.
        let both = EngineProtocol.capabilities(declared: ["property.completion.logical", "property.completion.removed"]).known
        #expect(both.contains(.propertyCompletion) && EngineProtocol.capabilities(declared: ["property.completion"]).known.contains(.propertyCompletionRemoved))
    }
}

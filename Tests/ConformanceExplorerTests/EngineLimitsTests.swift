import FixtureFormat
import Foundation
import MotionCore
import TestSupport
import Testing

@testable import ConformanceExplorer
@testable import MotionConformance

/// What a library says it does only in part (docs/protocol.md §3, "Limits"), and the fixtures the
/// capability sets of real libraries are asked.
@Suite("engine limits and capability sets")
struct EngineLimitsTests {
    static let springEngine = "python3 " + Repository.root.appendingPathComponent("Examples/partial-engines/spring_values.py").path
    static let fixtures = FixtureLoader.load(root: Repository.root.appendingPathComponent("Fixtures")).fixtures

    func springFixture(_ initializer: String, checks: String) throws -> Fixture {
        try FixtureLoader.decode(
            """
            {"id": "limits/probe", "title": "t", "suite": "limits", "provenance": "analytic", "source": "by construction",
             "tolerance": {"absolute": 1e-9}, "spring": {"init": \(initializer), "checks": [\(checks)]}}
            """)
    }

    @Test("limits are read with their shapes checked; unknown keys are listed apart")
    func reading() throws {
        let (limits, unknown) = try EngineLimits.read(
            .object([
                ("initialVelocityIgnoredBy", .array([.string("duration"), .string("settling")])), ("dampingRatio", .array([.number(0), .string("inf")])),
                ("bounceRange", .array([])),
            ]))
        #expect(limits.initialVelocityIgnored == [.duration, .settling] && limits.dampingRatio == 0...Double.infinity && unknown == ["bounceRange"])
        let wrong: [JSONValue] = [
            .object([("initialVelocityIgnoredBy", .array([.string("durations")]))]), .object([("initialVelocityIgnoredBy", .string("duration"))]),
            .object([("dampingRatio", .array([.number(1), .number(0)]))]), .object([("dampingRatio", .array([.number(-0.5), .number(1)]))]),
            .object([("dampingRatio", .array([.number(0)]))]), .object([("dampingRatio", .array([.string("nan"), .number(1)]))]), .array([]),
        ]
        for value in wrong {
            #expect(throws: EngineLimits.Problem.self, "\(value.compactSerialized())") { try EngineLimits.read(value) }
        }
    }

    @Test("a limited form's checks of a nonzero initial velocity are skipped, needing spring.initialVelocity; other forms and checks are asked")
    func initialVelocity() throws {
        let checks = """
            {"value": {"target": 1, "initialVelocity": 2, "time": 0.3}, "expected": 0}, {"value": {"time": 0.3}, "expected": 0},
            {"velocity": {"initialVelocity": -1, "time": 0.3}, "expected": 0}
            """
        let duration = try springFixture("{\"duration\": 0.5, \"bounce\": 0.2}", checks: checks)
        let response = try springFixture("{\"response\": 0.5, \"dampingRatio\": 0.8}", checks: checks)
        let limits = EngineLimits(initialVelocityIgnored: [.duration])
        let declared = EngineProtocol.capabilities(declared: ["spring.value", "spring.form.duration", "spring.form.response"]).known
        #expect(declared.contains(.springInitialVelocity))
        let needs = Player.check(duration, Player.noAnswers(duration), available: limits.available(declared, for: duration), marking: false).checks
        #expect(needs.map(\.needs) == ["spring.initialVelocity", "spring.value", "spring.velocity"])
        #expect(needs.map(\.outcome) == [.skipped, .fail, .skipped], "a check of a capability not declared says that capability, not the limit")
        let other = Player.check(response, Player.noAnswers(response), available: limits.available(declared, for: response), marking: false).checks
        #expect(other.map(\.needs) == ["spring.value", "spring.value", "spring.velocity"])
        // Without limits, or for MotionCore (every capability), nothing changes.
        #expect(EngineLimits().available(declared, for: duration) == declared)
    }

    @Test("a spring scenario whose damping ratio lies outside the clamped range is skipped whole; the range's ends are inside")
    func dampingRatio() throws {
        let limits = EngineLimits(dampingRatio: 0...1)
        let over = try springFixture("{\"duration\": 0.5, \"bounce\": -0.5}", checks: "{\"value\": {\"time\": 0.3}, \"expected\": 0}")
        let critical = try springFixture("{\"response\": 0.5, \"dampingRatio\": 1}", checks: "{\"value\": {\"time\": 0.3}, \"expected\": 0}")
        let undamped = try springFixture("{\"duration\": 0.5, \"bounce\": 1}", checks: "{\"value\": {\"time\": 0.3}, \"expected\": 0}")
        #expect(limits.excludes(over) != nil && limits.excludes(critical) == nil && limits.excludes(undamped) == nil)
        #expect(EngineLimits(dampingRatio: 0...Double.infinity).excludes(over) == nil)
    }

    @Test("every capability set real libraries present is asked at least 30 bundled fixtures")
    func capabilitySets() {
        let map = CoverageMap(fixtures: Self.fixtures)
        #expect(map.capabilitySets.count == CapabilitySet.real.count)
        for entry in map.capabilitySets {
            #expect(!entry.isThin && entry.checks >= entry.fixtures, "\(entry.set.name): \(entry.fixtures) fixtures")
        }
    }

    /// The JSON report of `conform` on the two-form spring library.
    func conform(_ option: String) throws -> [String: Any] {
        let outcome = try Tool.watch(["conform", "--no-reduce", "--format", "json", "--engine", "\(Self.springEngine) \(option)"])
        return try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any], "\(outcome.output.suffix(1500))")
    }

    @Test(
        "a two-form spring library that clamps its damping ratio and ignores initial velocity: saying so in its limits, it passes every fixture it is asked, as many as the coverage map counts; not saying so, those fail"
    )
    func twoFormLibrary() throws {
        let set = try #require(CapabilitySet.real.first { !$0.limits.isEmpty })
        let expected = set.asked(Self.fixtures)
        let declared = try conform("--two-forms")
        #expect(declared["failed"] as? Int == 0 && declared["passed"] as? Int == expected.fixtures, "\(expected)")
        let fixtures = declared["fixtures"] as? [[String: Any]] ?? []
        #expect(fixtures.map { $0["checksPassed"] as? Int ?? 0 }.reduce(0, +) == expected.checks)
        let checks = fixtures.flatMap { $0["checks"] as? [[String: Any]] ?? [] }
        #expect(checks.contains { $0["outcome"] as? String == "skipped" && $0["needs"] as? String == "spring.initialVelocity" })
        let undeclared = try conform("--two-forms-undeclared")
        #expect((undeclared["failed"] as? Int ?? 0) > 0)
    }
}

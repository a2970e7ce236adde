import ConformanceReports
import Foundation
import TestSupport
import Testing

@testable import MotionConformance

/// Failing checks grouped by cause: one convention an engine reads otherwise is one group that
/// explains its failures, whatever else those fixtures exercise.
@Suite("diagnosis")
struct DiagnosisTests {
    static let lastFrame = EngineDoubles.lastFrameAtChange

    func check(_ name: String, _ outcome: CheckResult.Outcome, needs: String = "property.scalar", rules: [String] = [], atChange: Bool = false)
        -> CheckResult
    {
        var check = CheckResult(name: name, outcome: outcome, needs: needs, expected: "1", actual: "2", residual: 2, note: "")
        (check.inferredRules, check.atChangeTime, check.basis) = (rules, atChange, rules.isEmpty ? .appleDocument : .inferred)
        return check
    }

    func fixture(_ id: String, _ checks: [CheckResult]) -> FixtureResult {
        FixtureResult(
            id: id, suite: "x", provenance: "reference-model", file: nil, verdict: checks.contains { $0.outcome == .fail } ? .fail : .pass, maxError: 2,
            message: "", checks: checks)
    }

    @Test("a check counts in every group it shares; a group explains only the fixtures whose failing checks are all in it")
    func grouping() {
        let diagnosis = Diagnosis([
            fixture("a", [check("value@0.2", .fail, atChange: true), check("value@0.3", .pass)]),
            fixture("b", [check("value@0.2", .fail, atChange: true), check("velocity@0.5", .fail, needs: "property.velocity", rules: ["modifier-velocity"])]),
            fixture("c", [check("velocity@0.5", .fail, needs: "property.velocity", rules: ["modifier-velocity"])]),
            fixture("d", [check("value@0.1", .pass)]),
        ])
        #expect(diagnosis.failingFixtures == 3 && diagnosis.failingChecks == 4)
        let groups = Dictionary(uniqueKeysWithValues: diagnosis.groups.map { ($0.cause, $0) })
        #expect(groups[.changeTime]?.fixtures == ["a", "b"] && groups[.changeTime]?.explained == ["a"] && groups[.changeTime]?.checks == 2)
        #expect(groups[.rule("modifier-velocity")]?.explained == ["c"] && groups[.rule("modifier-velocity")]?.checks == 2)
        #expect(groups[.capability("property.scalar")]?.explained == ["a"])
        #expect(groups[.basis("inferred")]?.fixtures == ["b", "c"])
        #expect(groups[.capability("property.scalar")]?.section.hasPrefix("docs/protocol.md") == true)
        // Largest first: by fixtures explained, then by checks.
        let order: [[Int]] = diagnosis.groups.map { [$0.explained.count, $0.checks] }
        let descending = zip(order, order.dropFirst()).allSatisfy { pair in !pair.0.lexicographicallyPrecedes(pair.1) }
        #expect(descending)
        #expect(Diagnosis([fixture("d", [check("value@0.1", .pass)])]).groups.isEmpty)
    }

    @Test("facets: the failure rate of each thing fixtures exercise, among the fixtures that ran with it, highest first")
    func facets() {
        func with(_ id: String, _ facets: [String], failing: Bool) -> FixtureResult {
            var result = fixture(id, [check("value@0.1", failing ? .fail : .pass)])
            result.facets = facets
            return result
        }
        let report = ConformanceReport(
            results: [
                with("a", ["base:spring", "valueType:point"], failing: true), with("b", ["base:spring"], failing: true),
                with("c", ["base:spring", "valueType:point"], failing: true), with("d", ["base:spring", "valueType:point"], failing: false),
                with("e", ["valueType:point"], failing: false), with("f", ["base:linear"], failing: true),
            ], loadErrors: [])
        let rates = report.facetRates(minimum: 2)
        #expect(rates.map(\.facet) == ["base:spring", "valueType:point"])
        #expect(rates[0].failed == 3 && rates[0].ran == 4 && rates[1].failed == 2 && rates[1].ran == 4)
        #expect(report.facetRates(minimum: 1).last?.facet == "valueType:point" && report.facetRates(minimum: 1).first?.facet == "base:linear")
    }

    @Test("an engine that shows the last frame's value at a change's own time: one group, the change time, explains every failure")
    func lastFrameAtChange() throws {
        let engine = "python3 \(Self.lastFrame) python3 \(EngineDoubles.python)"
        let outcome = try Tool.watch(["conform", "--no-reduce", "--format", "json", "--engine", engine], limit: 600)
        #expect(outcome.status == 1, "\(outcome.errors.suffix(600))")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let failed = try #require(report["failed"] as? Int)
        let groups = try #require(report["diagnosis"] as? [[String: Any]])
        #expect(failed > 0 && groups.first?["cause"] as? String == "change-time")
        #expect((groups.first?["explained"] as? [String])?.count == failed)
        // Every failing check of the run was a sample at a change's own time.
        let fixtures = try #require(report["fixtures"] as? [[String: Any]])
        let failing = fixtures.flatMap { ($0["checks"] as? [[String: Any]] ?? []).filter { $0["outcome"] as? String == "fail" } }
        #expect(!failing.isEmpty && failing.allSatisfy { $0["atChangeTime"] as? Bool == true })
        // The probe that expects the sample before at a change's own time explains every failure.
        let probe = try #require(groups.first { $0["cause"] as? String == "probe:" + Probe.lastFrameAtChange.rawValue })
        #expect((probe["explained"] as? [String])?.count == failed)
    }

    /// The breakdown and the clock, not the causes (CauseTests reduces): no reduction.
    func report(_ engine: String) throws -> (status: Int32, report: [String: Any], text: String) {
        let outcome = try Tool.watch(["conform", "--no-reduce", "--format", "json", "--engine", engine], limit: 600)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any], "\(outcome.errors.suffix(600))")
        return (outcome.status, report, outcome.output)
    }

    @Test("the Python example on the next-frame clock: it passes every fixture it is judged on when it declares the clock")
    func nextFrameDeclared() throws {
        let (status, report, _) = try report("python3 \(EngineDoubles.python) --next-frame")
        #expect(status == 0 && report["failed"] as? Int == 0 && report["errors"] as? Int == 0)
        let fixtures = try #require(report["fixtures"] as? [[String: Any]])
        let rederived = fixtures.filter { $0["clock"] as? String == ClockRederivation.rederived.rawValue }
        let apart = fixtures.filter { $0["clock"] as? String == ClockRederivation.notRederivable.rawValue }
        #expect(!rederived.isEmpty && rederived.allSatisfy { $0["verdict"] as? String == "pass" })
        #expect(apart.allSatisfy { $0["verdict"] as? String == "skipped" })
    }

    @Test(
        "the Python example on the next-frame clock, declaring change-time: the mismatch is said, and the largest group is the probe that names the clock, with at least 90% of the failures"
    )
    func nextFrameMislabelled() throws {
        let (status, report, text) = try report("python3 \(EngineDoubles.python) --next-frame-undeclared --declare change-time")
        #expect(status == 1)
        let clock = try #require(report["clock"] as? [String: Any])
        #expect(clock["model"] as? String == "change-time" && clock["source"] as? String == "declared" && clock["fits"] as? [String] == ["next-frame"])
        let failed = try #require(report["failed"] as? Int)
        let groups = try #require(report["diagnosis"] as? [[String: Any]])
        #expect(failed > 0 && groups.first?["cause"] as? String == "probe:" + Probe.nextFrameClock.rawValue)
        let explained = (groups.first?["explained"] as? [String])?.count ?? 0
        #expect(Double(explained) >= 0.9 * Double(failed), "\(explained) of \(failed)")
        // Read back, the report keeps each fixture's probes: the same diagnosis in any format.
        let reread = try ConformanceReport(json: text)
        #expect(reread.diagnosis.groups.first?.cause == .probe(.nextFrameClock) && reread.diagnosis.groups.first?.explained.count == explained)
        #expect(!reread.facetRates().isEmpty && reread.facetRates().allSatisfy { $0.failed <= $0.ran })
    }

    @Test(
        "an engine on any clock of the protocol that declares none is found on it from the calibration scenarios, judged on it, and passes",
        arguments: ["next-frame", "frame-loop", "frame-loop-held"])
    func clockDetected(_ clock: String) throws {
        let (status, report, _) = try report("python3 \(EngineDoubles.python) --\(clock)-undeclared")
        let found = try #require(report["clock"] as? [String: Any])
        #expect(found["model"] as? String == clock && found["source"] as? String == "detected" && found["fits"] as? [String] == [clock])
        #expect(status == 0 && report["failed"] as? Int == 0 && report["errors"] as? Int == 0)
    }
}

import ConformanceReports
import Foundation
import TestSupport
import Testing

@testable import ConformanceDiagnosis
@testable import MotionConformance

/// Expectation entries that cover a group — a cause of the diagnosis or a fixture-id pattern —
/// with one reason, gating as single entries do, and proposed by `--update-expectations`.
@Suite("grouped expectations")
struct GroupedExpectationsTests {
    func check(_ name: String, _ outcome: CheckResult.Outcome, rules: [String] = [], atChange: Bool = false) -> CheckResult {
        var check = CheckResult(name: name, outcome: outcome, needs: "property.scalar", expected: "1", actual: "2", residual: 2, note: "")
        (check.inferredRules, check.atChangeTime, check.basis) = (rules, atChange, rules.isEmpty ? .appleDocument : .inferred)
        return check
    }

    func result(_ id: String, _ checks: [CheckResult], verdict: FixtureResult.Verdict? = nil, probes: [Probe] = []) -> FixtureResult {
        var result = FixtureResult(
            id: id, suite: "x", provenance: "reference-model", file: nil,
            verdict: verdict ?? (checks.contains { $0.outcome == .fail } ? .fail : .pass), maxError: 2, message: "m", checks: checks)
        result.probes = probes
        return result
    }

    func parse(_ text: String) throws -> Expectations { try Expectations(parsing: text, file: "x.expectations") }

    @Test("a group entry covers the failing checks of its cause; one it does not cover is unexpected; a group covering nothing passes now")
    func gate() throws {
        let file = try parse(
            """
            [group: change-time]
            category = by-design
            reason = we show the last frame

            [group: fixtures:errors/*]
            expected = error
            category = bug
            reason = not written yet

            [group: rule:modifier-order]
            category = bug
            reason = not yet
            """)
        let results = [
            result("a", [check("value@0.2", .fail, atChange: true), check("value@0.3", .pass)]),
            result("b", [check("value@0.2", .fail, atChange: true), check("value@0.5", .fail)]),
            result("errors/c", [], verdict: .error),
            result("d", [], verdict: .error),
        ]
        let gate = ExpectationsGate(results, file, file: "x.expectations")
        #expect(gate.expected.map(\.fixture) == ["a", "errors/c"] && gate.expected[0].group == "group: change-time")
        #expect(gate.unexpected.map(\.fixture) == ["b", "d"] && gate.unexpected[0].checks == ["value@0.5"])
        #expect(gate.nowPassing.map(\.fixture) == ["group: rule:modifier-order"])
        let report = ConformanceReport(results: results, loadErrors: [], expectations: gate)
        #expect(report.exitCode == 2)
        let failOnly = ExpectationsGate(Array(results.prefix(2)), file, file: "x.expectations")
        #expect(ConformanceReport(results: Array(results.prefix(2)), loadErrors: [], expectations: failOnly).exitCode == 1)
        let expectedOnly = ExpectationsGate([results[0], results[2]], file, file: "x.expectations")
        #expect(ConformanceReport(results: [results[0], results[2]], loadErrors: [], expectations: expectedOnly).exitCode == 0)
    }

    @Test("a probe group covers every failing check of the fixtures that pass under that probe")
    func probeGroup() throws {
        let file = try parse("[group: probe:clock:next-frame]\ncategory = by-design\nreason = a frame loop\n")
        let results = [
            result("a", [check("value@0.2", .fail), check("value@0.4", .fail, rules: ["modifier-order"])], probes: [.nextFrameClock]),
            result("b", [check("value@0.2", .fail)]),
        ]
        let gate = ExpectationsGate(results, file, file: "x")
        #expect(gate.expected.map(\.fixture) == ["a"] && gate.unexpected.map(\.fixture) == ["b"])
    }

    @Test("a group section that names nothing, a check in a group, and a cause group expecting an error are refused with the line")
    func refused() {
        do {
            _ = try Expectations(parsing: "# a comment\n[group: rule:no-such-rule]\ncategory = bug\nreason = r\n", file: "x.expectations")
            Issue.record("a group naming no rule was accepted")
        } catch {
            #expect(error.file == "x.expectations" && error.line == 2)
        }
        #expect(throws: ExpectationsError.self) { try parse("[group: change-time]\ncheck = value@0.2\ncategory = bug\nreason = r\n") }
        #expect(throws: ExpectationsError.self) { try parse("[group: change-time]\nexpected = error\ncategory = bug\nreason = r\n") }
        #expect(throws: Never.self) { try parse("[group: fixtures:curves/*]\nexpected = error\ncategory = bug\nreason = r\n") }
    }

    @Test("--update-expectations proposes one group per shared cause, entries of their own for the rest, and keeps groups that still cover")
    func proposals() throws {
        let results = [
            result("a", [check("value@0.2", .fail, atChange: true)]),
            result("b", [check("value@0.3", .fail, atChange: true), check("value@0.5", .pass)]),
            result("c", [check("value@0.1", .fail, rules: ["modifier-order"])]),
            result("d", [check("value@0.1", .fail, rules: ["modifier-order"]), check("value@0.7", .fail, rules: ["modifier-order"])]),
            result("e", [check("velocity@1", .fail)]),
        ]
        let proposed = Expectations().updated(with: results, newReason: "not yet examined")
        #expect(proposed.groups.map(\.fixture).sorted() == ["group: change-time", "group: rule:modifier-order"])
        #expect(proposed.entries.filter { $0.group == nil }.map(\.fixture) == ["e"])
        #expect(proposed.groups.allSatisfy { $0.reason.hasPrefix("not yet examined: ") })
        // Written and read back, it gates the same run as expected.
        let reread = try parse(proposed.rendered())
        #expect(reread == proposed)
        let gate = ExpectationsGate(results, reread, file: "x")
        #expect(gate.unexpected.isEmpty && gate.expected.count == 5 && gate.nowPassing.isEmpty)
        // A later run where the change-time failures are gone: that group goes, its reason with it.
        var kept = reread
        kept.entries = kept.entries.map { entry in
            var entry = entry
            if entry.group != nil { entry.reason = "examined: " + entry.fixture }
            return entry
        }
        let later = kept.updated(with: Array(results.dropFirst(2)), newReason: "not yet examined")
        #expect(later.groups.map(\.fixture) == ["group: rule:modifier-order"] && later.groups[0].reason == "examined: group: rule:modifier-order")
    }

    @Test(
        "end to end: a next-frame engine's file is one group; it gates that engine at exit 0, another reading at exit 1, and lists the group as passing now for a change-time engine"
    )
    func endToEnd() throws {
        let file = TemporaryFolder.name("grouped").path + ".expectations"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let python = "python3 \(EngineDoubles.python)"
        func run(_ engine: String, _ options: [String]) throws -> (status: Int32, gate: [String: Any]) {
            let outcome = try Tool.watch(["conform", "--suite", "retarget", "--format", "json", "--engine", engine] + options, limit: 300)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any], "\(outcome.errors.suffix(400))")
            #expect(report["exitCode"] as? Int == Int(outcome.status))
            return (outcome.status, report["expectations"] as? [String: Any] ?? [:])
        }
        // Without causes, the proposal is the breakdown's probe group.
        // An engine on the next-frame clock that declares change-time: judged on what it declared.
        let mislabelled = python + " --next-frame-undeclared --declare change-time"
        let written = try run(mislabelled, ["--no-reduce", "--update-expectations", file])
        let expectations = try parse(try String(contentsOfFile: file, encoding: .utf8))
        #expect(written.status == 0 && expectations.groups.map(\.group) == [.cause(.probe(.nextFrameClock))])
        #expect(expectations.entries.count < (written.gate["expected"] as? [Any])?.count ?? 0)
        let again = try run(mislabelled, ["--expectations", file])
        #expect(again.status == 0 && (again.gate["unexpected"] as? [Any])?.isEmpty == true)
        // The gate reads no cause here; reducing the other engine's failures would take seconds.
        let other = try run("python3 \(EngineDoubles.lastFrameAtChange) \(python)", ["--no-reduce", "--expectations", file])
        #expect(other.status == 1 && (other.gate["unexpected"] as? [Any])?.isEmpty == false)
        let fixed = try run(python, ["--expectations", file])
        let passing = (fixed.gate["nowPassing"] as? [[String: Any]] ?? []).compactMap { $0["fixture"] as? String }
        #expect(fixed.status == 0 && passing.contains("group: probe:clock:next-frame"))
    }

    @Test("a group another group covered first, whose fixtures still fail, does not pass now; one whose fixtures all pass does")
    func passesNowOnlyWhenNothingFails() throws {
        let file = try parse(
            """
            [group: change-time]
            category = by-design
            reason = we show the last frame

            [group: fixtures:generated/*]
            category = bug
            reason = not yet

            [group: fixtures:merge/*]
            category = bug
            reason = not yet
            """)
        let results = [result("generated/a", [check("value@0.2", .fail, atChange: true)]), result("merge/b", [check("value@0.2", .pass)])]
        let gate = ExpectationsGate(results, file, file: "x.expectations")
        #expect(gate.unexpected.isEmpty && gate.expected.map(\.group) == ["group: change-time"])
        #expect(gate.nowPassing.map(\.fixture) == ["group: fixtures:merge/*"])
    }

    @Test("a cause group covers the failing checks of the quantity its id names, of fixtures whose reduction found it; the update proposes one per cause")
    func causeGroups() throws {
        let cause = "property:velocity:zero:running:spring.delay"
        func velocity(_ name: String, _ outcome: CheckResult.Outcome) -> CheckResult {
            CheckResult(name: name, outcome: outcome, needs: "property.velocity", expected: "1", actual: "0", residual: 9, note: "")
        }
        var a = result("a", [velocity("velocity@0.5", .fail), check("value@0.5", .fail)])
        var b = result("b", [velocity("velocity@0.7", .fail)])
        let c = result("c", [velocity("velocity@0.7", .fail)])
        (a.causes, b.causes) = ([cause], [cause])
        let file = try parse("[group: cause:\(cause)]\ncategory = bug\nreason = delay reports no velocity\n")
        let gate = ExpectationsGate([a, b, c], file, file: "x.expectations")
        // a's value check and all of c (no cause found) are nobody's.
        #expect(gate.expected.map(\.fixture) == ["b"] && gate.unexpected.map(\.fixture) == ["a", "c"] && gate.unexpected[0].checks == ["value@0.5"])
        var found = Causes()
        found.causes = [Causes.Cause(id: cause, name: "the velocity is 0 while it animates", sections: [], fixtures: ["a", "b"])]
        found.causes[0].smallest = .init(
            from: "b", scenario: "scalar from 0; set 1 at 0 s with spring().delay(0.5)", check: "velocity@0.7", size: 2, fixture: "")
        let updated = Expectations().updated(with: [a, b, c], newReason: "not yet examined", causes: found)
        #expect(updated.groups.map(\.group) == [.cause(.reduced(cause))])
        #expect(updated.groups[0].reason.contains("spring().delay(0.5)"))
        // What the cause does not cover gets an entry of its own: a's value check, and c.
        #expect(updated.entries.filter { $0.group == nil }.map(\.fixture) == ["a", "c"])
    }
}

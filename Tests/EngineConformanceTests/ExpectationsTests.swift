import ConformanceReports
import Foundation
import TestSupport
import Testing

@testable import ConformanceDiagnosis
@testable import EngineConformance
@testable import MotionConformance

/// Expectation files, skipped checks and protocol 2, with the partial example engines
/// (Examples/partial-engines) as the engines an outside team would bring.
@Suite("expectations and partial engines", .serialized)
struct ExpectationsTests {
    static let curveEngine = "python3 " + Repository.root.appendingPathComponent("Examples/partial-engines/curve_values.py").path
    static let curveExpectations = Repository.root.appendingPathComponent("Examples/partial-engines/curve_values.expectations").path
    static let springEngine = "python3 " + Repository.root.appendingPathComponent("Examples/partial-engines/spring_values.py").path
    static let springExpectations = Repository.root.appendingPathComponent("Examples/partial-engines/spring_values.expectations").path

    /// No test here reads the causes (CauseTests does): no reduction.
    func json(_ arguments: [String]) throws -> (status: Int32, report: [String: Any]) {
        let outcome = try Tool.watch(arguments + ["--format", "json", "--no-reduce"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any], "\(outcome.errors)")
        #expect(report["exitCode"] as? Int == Int(outcome.status), "the report's exit code is the process's")
        return (outcome.status, report)
    }

    func temporary(_ name: String) -> String {
        TemporaryFolder.name("expectations").path + "-\(name)"
    }

    static func fixtures(_ report: [String: Any]) -> [[String: Any]] { report["fixtures"] as? [[String: Any]] ?? [] }
    static func checks(_ report: [String: Any]) -> [[String: Any]] { fixtures(report).flatMap { $0["checks"] as? [[String: Any]] ?? [] } }
    static func group(_ report: [String: Any], _ name: String) -> [[String: Any]] {
        (report["expectations"] as? [String: Any])?[name] as? [[String: Any]] ?? []
    }

    @Test("a value-only curve engine: its velocity checks are skipped checks, not failures, and the section scores count only what ran")
    func valueOnlyEngine() throws {
        let (_, report) = try json(["conform", "--suite", "curves", "--engine", Self.curveEngine])
        let checks = Self.checks(report)
        let velocity = checks.filter { ($0["name"] as? String ?? "").hasPrefix("velocity(") }
        // Skipped as velocity checks, or, at a progress outside [0, 1], as the extended domain it does not declare.
        #expect(
            !velocity.isEmpty
                && velocity.allSatisfy { $0["outcome"] as? String == "skipped" && ["curve.velocity", "curve.extended"].contains($0["needs"] as? String) })
        #expect(velocity.contains { $0["needs"] as? String == "curve.velocity" })
        #expect(!checks.contains { $0["outcome"] as? String == "fail" && $0["needs"] as? String != "curve.value" })
        let curves = try #require((report["sections"] as? [[String: Any]])?.first { $0["suite"] as? String == "curves" })
        let passed = curves["checksPassed"] as? Int ?? 0, failed = curves["checksFailed"] as? Int ?? 0
        #expect((curves["checksSkipped"] as? Int ?? 0) >= velocity.count && passed > 0)
        #expect(abs((curves["score"] as? Double ?? 0) - Double(passed) / Double(passed + failed)) < 1e-12)
        // Fixtures of circular curves need `curve.circular`: skipped whole, never asked.
        let circular = Self.fixtures(report).filter { ($0["id"] as? String ?? "").contains("circular") && $0["suite"] as? String == "curves" }
        #expect(!circular.isEmpty && circular.allSatisfy { $0["verdict"] as? String == "skipped" })
    }

    @Test("a spring engine with three of the four initializer forms: the fourth's scenarios are skipped whole, never asked, and the others run")
    func springForms() throws {
        let (_, report) = try json(["conform", "--engine", Self.springEngine])
        // The form is read here from each fixture's own file: the key only that initializer has.
        func initializer(_ fixture: [String: Any]) -> [String: Any]? {
            guard let file = fixture["file"] as? String,
                let data = FileManager.default.contents(atPath: Repository.root.appendingPathComponent("Fixtures/\(file)").path),
                let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { return nil }
            return (json["spring"] as? [String: Any])?["init"] as? [String: Any]
        }
        let springs = Self.fixtures(report).compactMap { fixture in initializer(fixture).map { (fixture, $0) } }
        let settling = springs.filter { $0.1["settlingDuration"] != nil }.map(\.0)
        let others = springs.filter { $0.1["settlingDuration"] == nil }.map(\.0)
        #expect(!settling.isEmpty && settling.allSatisfy { $0["verdict"] as? String == "skipped" })
        #expect(!Self.fixtures(report).contains { $0["verdict"] as? String == "error" }, "a form the engine lacks is never asked")
        #expect(others.contains { ($0["checksPassed"] as? Int ?? 0) > 0 })
    }

    @Test("an expectation file gates the run: only expected failures exit 0; one new failure exits 1 and is named; a stale entry is reported")
    func gate() throws {
        let shipped = try Expectations(parsing: String(contentsOfFile: Self.curveExpectations, encoding: .utf8), file: "curve")
        let green = try json(["conform", "--engine", Self.curveEngine, "--expectations", Self.curveExpectations])
        #expect(green.status == 0 && (green.report["failed"] as? Int ?? 0) > 0, "failures, all of them expected")
        #expect(Self.group(green.report, "unexpected").isEmpty)
        #expect(Set(Self.group(green.report, "expected").compactMap { $0["fixture"] as? String }) == Set(shipped.entries.map(\.fixture)))

        // Drop one entry: its fixture is a new failure.
        var missing = shipped
        let dropped = missing.entries.removeFirst()
        let missingFile = temporary("missing")
        try missing.rendered().write(toFile: missingFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: missingFile) }
        let red = try json(["conform", "--engine", Self.curveEngine, "--expectations", missingFile])
        #expect(red.status == 1)
        #expect(Self.group(red.report, "unexpected").compactMap { $0["fixture"] as? String } == [dropped.fixture])

        // An entry for a fixture that passes, and a listed check that passes: reported, exit 0.
        var stale = shipped
        stale.entries.append(.init(fixture: "documented/c02-ease-in-value", category: .bug, reason: "fixed since"))
        stale.entries[0].checks.append("value(at: 1)")
        let staleFile = temporary("stale")
        try stale.rendered().write(toFile: staleFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: staleFile) }
        let shrinking = try json(["conform", "--engine", Self.curveEngine, "--expectations", staleFile])
        #expect(shrinking.status == 0)
        let now = Self.group(shrinking.report, "nowPassing")
        #expect(now.contains { $0["fixture"] as? String == "documented/c02-ease-in-value" })
        #expect(now.contains { $0["fixture"] as? String == stale.entries[0].fixture && ($0["checks"] as? [String]) == ["value(at: 1)"] })
    }

    @Test("--update-expectations round-trips: the reasons, categories and comments are kept, new failures added, fixed ones removed")
    func update() throws {
        let text = try String(contentsOfFile: Self.springExpectations, encoding: .utf8)
        let shipped = try Expectations(parsing: text, file: "spring")
        let file = temporary("update")
        defer { try? FileManager.default.removeItem(atPath: file) }
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let outcome = try Tool.watch(["conform", "--no-reduce", "--engine", Self.springEngine, "--update-expectations", file])
        #expect(outcome.status == 0)
        #expect(try Expectations(parsing: String(contentsOfFile: file, encoding: .utf8), file: "updated") == shipped)
        // From nothing, without causes: every failure and error is listed, as not yet examined
        // bugs, and the run then gates green.
        let fresh = temporary("fresh")
        defer { try? FileManager.default.removeItem(atPath: fresh) }
        let first = try Tool.watch(["conform", "--no-reduce", "--engine", Self.springEngine, "--update-expectations", fresh])
        #expect(first.status == 0)
        let written = try Expectations(parsing: String(contentsOfFile: fresh, encoding: .utf8), file: "fresh")
        #expect(Set(written.entries.map(\.fixture)) == Set(shipped.entries.map(\.fixture)))
        #expect(written.entries.allSatisfy { $0.category == .bug && $0.reason == "not yet examined" })
        #expect(written.entries.filter { $0.expected == .error }.count == shipped.entries.filter { $0.expected == .error }.count)
    }

    @Test("a file that cannot be read says where and what was expected")
    func parseErrors() {
        func error(_ text: String) -> ExpectationsError? {
            do {
                _ = try Expectations(parsing: text, file: "f")
                return nil
            } catch { return error }
        }
        #expect(error("[a]\ncategory = bug\n")?.line == 1, "no reason")
        #expect(error("[a]\ncategory = maybe\nreason = x\n")?.line == 2)
        #expect(error("[a]\ncategory = bug\nreason = x\ncolour = red\n")?.line == 4)
        #expect(error("reason = x\n")?.line == 1, "a key before any section")
        #expect(error("[a]\ncategory = bug\nreason = x\n[a]\ncategory = bug\nreason = y\n")?.line == 4, "listed twice")
        #expect(error("[a]\nexpected = pass\ncategory = bug\nreason = x\n")?.line == 2)
        let parsed = try? Expectations(
            parsing: "# head\n\n# about a\n[a]  # trailing\ncheck = value(at: 0.5)\ncategory = by-design\nreason = r\nlink = https://x.org/i#3\n", file: "f")
        #expect(parsed?.entries.first?.link == "https://x.org/i#3" && parsed?.entries.first?.comments == ["# about a"] && parsed?.header == ["# head"])
        #expect(parsed.map { try? Expectations(parsing: $0.rendered(), file: "again") } == parsed)
    }

    @Test("protocol 2 sends modifiers as an ordered array, version 1 as keys; a version 1 engine still passes every fixture")
    func protocolVersions() throws {
        func sentAnimations(_ engine: String) throws -> [[String: Any]] {
            let outcome = try Tool.watch(["conform", "--no-reduce", "--fixture", "modifiers/delay-then-speed", "--transcript", "--engine", engine])
            #expect(outcome.status == 0)
            return outcome.output.split(separator: "\n").filter { $0.hasPrefix("→ ") }.compactMap { line in
                let request = try? JSONSerialization.jsonObject(with: Data(line.dropFirst(2).utf8)) as? [String: Any]
                return request?["animation"] as? [String: Any]
            }
        }
        // The fixture's change comes last: the clock's calibration scenarios are played first.
        let v2 = try sentAnimations("motion-bench adapter")
        let modifiers = try #require(v2.last?["modifiers"] as? [[String: Any]])
        #expect(modifiers.map { $0.keys.sorted() } == [["delay"], ["speed"]])
        let v1 = try sentAnimations("motion-bench adapter --protocol 1")
        #expect(v1.last?["modifiers"] == nil && v1.last?["delay"] as? Double == 0.5)
        let all = try json(["conform", "--engine", "motion-bench adapter --protocol 1"])
        #expect(all.status == 0 && all.report["passed"] as? Int == FixtureSuiteTests.loaded.fixtures.count)
    }

    @Test("engines side by side: one report, each engine's section scores and verdicts, the worst exit code")
    func sideBySide() throws {
        let outcome = try Tool.watch([
            "conform", "--no-reduce", "--suite", "curves", "--format", "json", "--engine", Self.curveEngine, "--engine", "motion-bench adapter",
        ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let engines = object["engines"] as? [[String: Any]] ?? []
        #expect(engines.count == 2)
        #expect(engines.map { $0["exitCode"] as? Int } == [1, 0] && object["exitCode"] as? Int == 1 && outcome.status == 1)
        #expect(engines.allSatisfy { ($0["sections"] as? [[String: Any]])?.first?["suite"] as? String == "curves" })
    }

    @Test("--transcript shows every request and answer, and every check with expected, actual and residual, for a failing fixture")
    func transcript() throws {
        let outcome = try Tool.watch([
            "conform", "--no-reduce", "--fixture", "curves/easeInOut-rounded-to-2^-20", "--transcript", "--engine", Self.curveEngine,
        ])
        #expect(outcome.status == 1)
        let lines = outcome.output.split(separator: "\n")
        let exchanged = lines.filter { $0.hasPrefix("→ ") || $0.hasPrefix("← ") }
        #expect(exchanged.count == 4, "hello and curve, each asked and answered")
        #expect(exchanged.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.dropFirst(2).utf8))) != nil })
        let fixture = try #require(FixtureSuiteTests.loaded.fixtures.first { $0.id == "curves/easeInOut-rounded-to-2^-20" })
        guard case let .curve(scenario) = fixture.body else { return }
        #expect(lines.filter { $0.hasPrefix("  fail") || $0.hasPrefix("  pass") || $0.hasPrefix("  skipped") }.count == scenario.checks.count)
    }

    @Test("a fixture failing only on velocity: every failing check is listed, and the velocity is plotted beside the value")
    func velocityOnlyFailure() throws {
        let fixture = try #require(FixtureSuiteTests.loaded.fixtures.first { $0.id == "modifiers/delay-velocity" })
        guard case var .property(observed) = Player.answers(fixture, mirror: MotionEngineMirror.factory) else { return }
        observed.velocities = observed.velocities.map { $0.map { $0.map { $0 + 1 } } }
        observed.engineValues = nil
        let result = Player.check(fixture, .property(observed))
        #expect(result.verdict == .fail)
        let failing = result.checks.filter { $0.outcome == .fail }
        #expect(!failing.isEmpty && failing.allSatisfy { $0.needs == "property.velocity" })
        #expect(failing.count == result.checks.filter { $0.needs == "property.velocity" }.count, "all of them, not the first three")
        #expect(result.series.contains { $0.label.hasPrefix("velocity") && $0.points.contains { $0.expected != $0.actual } })
        let html = try ConformanceReport(results: [result], loadErrors: []).render(.html)
        #expect(html.components(separatedBy: "<svg").count - 1 >= 2 * result.series.filter { $0.points.count > 1 }.count - 1)
        let json = try ConformanceReport(results: [result], loadErrors: []).render(.json)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(Self.checks(parsed).filter { $0["outcome"] as? String == "fail" }.count == failing.count)
    }
}

/// Where each expectation comes from: docs/semantics.md marks every inferred rule the fixtures are
/// tagged with, and the tags follow the fixtures' features.
@Suite("basis of expectations")
struct BasisTests {
    static let semantics = (try? String(contentsOf: Repository.root.appendingPathComponent("docs/semantics.md"), encoding: .utf8)) ?? ""

    /// The text of a numbered section, up to the next heading.
    static func section(_ number: String) -> String {
        let lines = semantics.split(separator: "\n", omittingEmptySubsequences: false)
        let wanted = String(number.dropFirst())
        guard
            let start = lines.firstIndex(where: { line in
                let words = line.split(separator: " ")
                return line.hasPrefix("#") && words.count > 1 && (words[1] == wanted || words[1] == wanted + ".")
            })
        else { return "" }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("#") } ?? lines.endIndex
        return lines[start..<end].joined(separator: "\n")
    }

    @Test("every inferred rule is in a section of docs/semantics.md that marks a rule inferred or decided by the project")
    func rulesAreMarked() {
        for rule in InferredRule.all {
            let text = Self.section(rule.section)
            #expect(!text.isEmpty, "\(rule.id): no section \(rule.section)")
            #expect(text.contains("(inferred") || text.contains("decided by the project"), "\(rule.id) in \(rule.section)")
        }
        #expect(Set(InferredRule.all.map(\.id)).count == InferredRule.all.count)
    }

    @Test("a fluid spring's response at or below 0 rests on the project's decision (the stiffest spring), and nothing else does")
    func responseZeroIsDecided() throws {
        for id in ["modifiers/edge-spring-response-zero", "modifiers/edge-spring-response-negative"] {
            let fixture = try #require(FixtureSuiteTests.loaded.fixtures.first { $0.id == id })
            let result = Player.run(fixture, mirror: MotionEngineMirror.factory)
            #expect(result.basis == .inferred && result.inferredRules.contains("response-zero-stiffest"), "\(id): \(result.inferredRules)")
        }
        let ordinary = try #require(FixtureSuiteTests.loaded.fixtures.first { $0.id == "modifiers/delay-velocity" })
        #expect(!Player.run(ordinary, mirror: MotionEngineMirror.factory).inferredRules.contains("response-zero-stiffest"))
    }

    @Test("Apple's measurements are never inferred; a velocity-only rule marks the velocity checks alone")
    func marks() throws {
        for fixture in FixtureSuiteTests.loaded.fixtures where fixture.provenance == .apple {
            #expect(Player.run(fixture, mirror: MotionEngineMirror.factory).basis == .appleMeasurement, "\(fixture.id)")
        }
        let delayed = try #require(FixtureSuiteTests.loaded.fixtures.first { $0.id == "modifiers/delay-velocity" })
        let result = Player.run(delayed, mirror: MotionEngineMirror.factory)
        #expect(result.basis == .appleDocument)
        let velocity = result.checks.filter { $0.name.hasPrefix("velocity") }, others = result.checks.filter { !$0.name.hasPrefix("velocity") }
        #expect(!velocity.isEmpty && velocity.allSatisfy { $0.basis == .inferred && $0.inferredRules.contains("modifier-velocity") })
        #expect(others.allSatisfy { $0.basis == .appleDocument })
    }
}

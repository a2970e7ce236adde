import Foundation
import TestSupport
import Testing

@testable import ConformanceExplorer
@testable import EngineConformance
@testable import MotionConformance

let fixturesRoot = Repository.fixtures

/// Every bundled fixture, as a test: a conformance regression fails `make test`.
@Suite("Bundled fixtures")
struct FixtureSuiteTests {
    static let loaded = FixtureLoader.load(root: fixturesRoot)

    @Test("every bundled fixture loads")
    func loads() {
        #expect(Self.loaded.errors.isEmpty, "\(Self.loaded.errors.map(\.description))")
        #expect(Self.loaded.fixtures.count >= 150)
    }

    @Test("every suite is present", arguments: ["documented", "merge", "retarget", "velocity", "keyframes", "phases", "timeline"])
    func suites(suite: String) {
        #expect(Self.loaded.fixtures.contains { $0.suite == suite })
    }

    @Test("every fixture passes, through AnimatedProperty and MotionEngine alike", arguments: loaded.fixtures.map(\.id))
    func fixture(id: String) throws {
        let fixture = try #require(Self.loaded.fixtures.first { $0.id == id })
        let result = Player.run(fixture, mirror: MotionEngineMirror.factory)
        #expect(result.verdict == .pass, "\(result.message)")
    }

    @Test("every §9 row is covered by a documented fixture")
    func section9() {
        let ids = Set(Self.loaded.fixtures.filter { $0.suite == "documented" }.map(\.id))
        for row in [
            "s01", "s02", "s03", "s04", "s05", "s06", "c01", "c02", "c03", "c04", "c05", "c06", "c07", "c08", "c09", "c10", "c11",
            "a01", "t01", "t02", "t03", "t04", "t05", "t06", "t07", "e01",
        ] {
            #expect(ids.contains { $0.hasPrefix("documented/\(row)") }, "\(row)")
        }
        #expect(Self.loaded.fixtures.contains { $0.id == "keyframes/point-cubic" }, "E02's shape")
    }

    @Test("no fixture's expectations come from the engine: provenances are apple, documented, analytic, reference-model or generated")
    func provenance() {
        let counts = Dictionary(grouping: Self.loaded.fixtures, by: \.provenance).mapValues(\.count)
        #expect(counts[.referenceModel, default: 0] > 0 && counts[.apple, default: 0] > 0 && counts[.documented, default: 0] > 0)
    }

    @Test("regenerating reference-model and generated fixtures changes nothing (they are current), and never touches other provenances")
    func regeneration() {
        for fixture in Self.loaded.fixtures {
            let outcome = FixtureRegenerator.regenerate(fixture)
            if fixture.provenance.isComputedByReference {
                #expect(outcome.changes.isEmpty, "\(fixture.id): \(outcome.changes.prefix(2))")
            } else {
                #expect(outcome.newText == nil, "\(fixture.id) must never be rewritten")
            }
        }
    }
}

/// `motion-bench conform` end to end, including another process validated through the
/// line-delimited JSON engine protocol with the example adapter.
@Suite("conform command", .serialized)
struct ConformCommandTests {
    static let tool = BuiltProducts.tool

    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try runProcess(Self.tool, arguments)
    }

    @Test("the engine protocol end to end: the example adapter passes the retarget suite")
    func engineProtocol() throws {
        let result = try run(["conform", "--suite", "retarget", "--engine", "\(Self.tool.path) adapter"])
        #expect(result.status == 0, "\(result.output.suffix(500))")
        #expect(result.output.contains(" passed, 0 failed"))
    }

    @Test("an engine without a handshake that answers wrongly fails the scalar fixtures it is sent; JSON output has the fields the issue names")
    func wrongEngine() throws {
        let script = "while read line; do case \"$line\" in *sample*) echo '{\"value\": 12345}';; *) echo '{\"ok\": true}';; esac; done"
        let result = try run(["conform", "--no-reduce", "--format", "json", "--legacy-engine", "--engine-shell", "--engine", script])
        #expect(result.status == 1)
        let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let fixtures = json?["fixtures"] as? [[String: Any]] ?? []
        let played = fixtures.filter { $0["verdict"] as? String != "skipped" }
        #expect(!played.isEmpty && played.allSatisfy { $0["verdict"] as? String == "fail" })
        #expect(Set((fixtures.first ?? [:]).keys).isSuperset(of: ["id", "suite", "provenance", "verdict", "maxError", "message"]))
    }

    @Test("a broken fixture folder exits 2 and names the file and path; the others still run")
    func brokenFolder() throws {
        let root = TemporaryFolder.name("conform")
        let suite = root.appendingPathComponent("retarget")
        try FileManager.default.createDirectory(at: suite, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: fixturesRoot.appendingPathComponent("retarget/zero-delta-linear.json"), to: suite.appendingPathComponent("ok.json"))
        try "{\"id\": 3}".write(to: suite.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let result = try run(["conform", "--fixtures", root.path])
        #expect(result.status == 2)
        #expect(result.output.contains("bad.json") && result.output.contains("1 passed, 0 failed, 1 errors"))
    }
}

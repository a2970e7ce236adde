import BenchKit
import Foundation
import TestSupport
import Testing

@testable import MotionBenchApp

/// `nightly` called as a function: the history it appends to, the change points it finds in it,
/// and the exit code it decides.
@Suite("nightly job", .serialized)
struct NightlyJobTests {
    @Test("a quiet history exits 0; a step in tonight's run, between two revisions, is a new regression and exits 2")
    func nightly() throws {
        let reports = TemporaryFolder.name("nightly-job")
        defer { try? FileManager.default.removeItem(at: reports) }
        var request = NightlyRequest(selection: ApplicationJobTests.selection, reports: reports)
        // One small suite: the history is the subject, not the fixtures.
        request.fixtures = ApplicationJobTests.root.appendingPathComponent("Fixtures/phases").path
        request.store = StoreChoice(database: reports.appendingPathComponent("motionbench.sqlite").path, machine: "nightly-test")

        let first = try ApplicationJobTests.app.nightly(request)
        #expect(first.exitCode == 0 && first.storeProblem == nil)
        #expect(first.historyRuns == 1 && first.suspects.isEmpty && first.regressions.isEmpty)
        #expect(first.tooFewRuns && first.runsLookedAt == 1, "one run is too few to look for a change point in")
        #expect(first.conformances.count == 1 && first.conformances[0].exitCode == 0 && first.conformances[0].passed > 0)

        // Make the history nine fast nights of other revisions: the first night's record, its
        // times halved, dated and attributed to revisions of its own.
        let folder = first.historyFile.deletingLastPathComponent()
        let record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: first.historyFile)) as? [String: Any])
        try FileManager.default.removeItem(at: first.historyFile)
        // The store keeps what it was given: without it, the next nightly stores the files afresh.
        for file in try FileManager.default.contentsOfDirectory(atPath: reports.path) where file.hasPrefix("motionbench.sqlite") {
            try FileManager.default.removeItem(at: reports.appendingPathComponent(file))
        }
        for night in 1...9 {
            var run = try #require(record["run"] as? [String: Any])
            run["startedAt"] = "2026-01-0\(night)T02:00:00Z"
            var environment = try #require(run["environment"] as? [String: Any])
            // Built from that revision, in a checkout of it.
            environment["gitRevision"] = String(repeating: "\(night)", count: 40)
            environment["build"] = ["revision": String(repeating: "\(night)", count: 40), "dirty": false]
            run["environment"] = environment
            var benchmarks = try #require(run["benchmarks"] as? [[String: Any]])
            var timing = try #require(benchmarks[0]["timing"] as? [String: Any])
            timing["samples"] = (try #require(timing["samples"] as? [Double])).map { $0 / 2 }
            benchmarks[0]["timing"] = timing
            run["benchmarks"] = benchmarks
            var copy = record
            copy["run"] = run
            try JSONSerialization.data(withJSONObject: copy).write(to: folder.appendingPathComponent("2026010\(night)T020000Z-old.json"))
        }

        let second = try ApplicationJobTests.app.nightly(request)
        #expect(second.exitCode == 2 && second.historyRuns == 10 && !second.tooFewRuns)
        let regression = try #require(second.regressions.first)
        #expect(second.regressions.count == 1 && second.new.contains(regression))
        #expect(regression.benchmark == "test.allocate.7" && regression.atNewest && !regression.sameRevision)
        #expect(regression.before == String(repeating: "9", count: 40) && regression.beforeDate == "2026-01-09T02:00:00Z")
    }
}

import Foundation
import TestSupport
import Testing

@testable import MotionBenchApp

/// `enqueue` and `db status` called as functions: what they answer is the application's own
/// types, whatever store holds the jobs.
@Suite("store jobs")
struct StoreJobTests {
    /// The commit `reference` names in this repository, as git says.
    static func commit(_ reference: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", Repository.root.path, "rev-parse", "--verify", reference]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("enqueue answers each revision's job as queued, and db status lists the same jobs with the store's kind, version and rows")
    func enqueueThenStatus() throws {
        let reports = TemporaryFolder.make("store-jobs")
        var request = EnqueueRequest()
        (request.reports, request.repository, request.revisions, request.filter) = (reports, Repository.root, ["HEAD"], "^tick\\.")
        let jobs = try ApplicationJobTests.app.enqueue(request)
        #expect(jobs.count == 1)
        #expect(
            jobs.first.map { ($0.state, $0.revision, $0.filter, $0.profile) } ?? (.failed, "", "", "") == (
                .queued, try Self.commit("HEAD"), "^tick\\.", "standard"
            ))
        let outcome = try ApplicationJobTests.app.database(.status, store: StoreChoice(), reports: reports, reportsGiven: true)
        guard case let .status(store, version, tables, machines, listed) = outcome else {
            Issue.record("db status answered \(outcome)")
            return
        }
        #expect(store.kind == "sqlite" && store.description == reports.appendingPathComponent("motionbench.sqlite").path)
        #expect(version == DatabaseOutcome.schemaVersion && machines.isEmpty)
        #expect(listed == jobs && tables.first { $0.table == "jobs" }?.rows == 1)
    }

    @Test("enqueue with no revision is refused as its revisions, and nothing is stored")
    func noRevision() throws {
        let reports = TemporaryFolder.make("store-jobs")
        var request = EnqueueRequest()
        (request.reports, request.repository) = (reports, Repository.root)
        #expect(#expect(throws: RequestError.self) { try ApplicationJobTests.app.enqueue(request) }?.field == .revisions)
        #expect(!FileManager.default.fileExists(atPath: reports.appendingPathComponent("motionbench.sqlite").path))
    }
}

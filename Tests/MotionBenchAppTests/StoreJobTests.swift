import Foundation
import TestSupport
import Testing

@testable import BenchKit
@testable import BenchStore
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

    @Test("a store path that names no file is refused by db status and db migrate, naming the path, with nothing created; so is a stored-run reference")
    func absentStore() throws {
        let missing = TemporaryFolder.name("absent-store").appendingPathComponent("dir/x.sqlite")
        let choice = StoreChoice(database: missing.path)
        for request in [DatabaseRequest.status, .migrate] {
            let error = #expect(throws: ToolError.self) {
                try ApplicationJobTests.app.database(request, store: choice, reports: TemporaryFolder.make("absent-store"), reportsGiven: true)
            }
            #expect(error?.remedy == .existingStore)
        }
        #expect(throws: ToolError.self) {
            try ApplicationJobTests.app.storedRunFile("revision:0123", store: choice, reports: TemporaryFolder.make("absent-store"))
        }
        #expect(!FileManager.default.fileExists(atPath: missing.deletingLastPathComponent().path), "neither the file nor its folders were made")
    }

    @Test("db import that stores nothing into a store it would create leaves no store; main's run kept after a failed store is imported as a main run")
    func importLeavesNothingOrStores() throws {
        let folder = TemporaryFolder.make("import-kept")
        let unstored = folder.appendingPathComponent("unstored")
        try FileManager.default.createDirectory(at: unstored, withIntermediateDirectories: true)
        try Data("{".utf8).write(to: unstored.appendingPathComponent("20261206T000000Z-garbled.json"))
        let target = TemporaryFolder.make("import-target").appendingPathComponent("new.sqlite")
        let choice = StoreChoice(database: target.path, machine: "kept")
        let failed = try ApplicationJobTests.app.database(.importReports(folder), store: choice, reports: folder, reportsGiven: false)
        guard case let .imported(_, summary) = failed else {
            Issue.record("db import answered \(failed)")
            return
        }
        #expect(summary.runs == 0 && summary.problems.count == 1 && failed.exitCode == 1)
        #expect(!FileManager.default.fileExists(atPath: target.path), "a store made for an import that stored nothing is removed")
        try FileManager.default.removeItem(at: unstored.appendingPathComponent("20261206T000000Z-garbled.json"))
        var record = HistoryRecord(run: CompareJobTests.run(1000), conformance: nil)
        record.machine = "kept"
        try ResultFiles.encoder.encode(record).write(to: unstored.appendingPathComponent("20261206T000000Z-0123456789.json"))
        let imported = try ApplicationJobTests.app.database(.importReports(folder), store: choice, reports: folder, reportsGiven: false)
        guard case let .imported(_, stored) = imported else {
            Issue.record("db import answered \(imported)")
            return
        }
        #expect(stored.runs == 1 && stored.problems.isEmpty && imported.exitCode == 0)
        let store = try ResultsStore(StoreLocation(target.path))
        let rows = try store.connection.query("SELECT kind, source FROM runs")
        #expect(rows.map { [$0[0].string, $0[1].string] } == [["main", "runs/20261206T000000Z-0123456789.json"]])
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

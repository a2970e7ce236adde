import Foundation
import TestSupport
import Testing

@testable import BenchKit
@testable import BenchStore

/// The store on both backends: a real SQLite file and a real PostgreSQL server (a throw-away
/// cluster, `TestServer`).
@Suite("Results store", .serialized)
struct StoreTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgresql
        var testDescription: String { rawValue }

        /// A new, empty store of this kind.
        func location() throws -> StoreLocation {
            switch self {
            case .sqlite: return StoreLocation(TemporaryFolder.make("motion-bench-store").appendingPathComponent("store.sqlite").path)
            case .postgresql: return try TestServer.shared.get().database()
            }
        }
    }

    @Test(
        "a run is stored once: one row per benchmark with its statistics, its conformance verdicts; storing it again adds nothing", arguments: Backend.allCases)
    func storedOnce(_ backend: Backend) throws {
        let store = try ResultsStore(try backend.location())
        let record = Records.record(["a.one", "a.two"], scale: 2)
        let first = try store.store(record, source: "series/one.json", kind: .nightly, machine: "m1")
        #expect(first != nil)
        #expect(try store.store(record, source: "series/one.json", kind: .nightly, machine: "m1") == nil)
        let counts = Dictionary(uniqueKeysWithValues: try store.counts().map { ($0.table, $0.rows) })
        #expect(counts["runs"] == 1 && counts["results"] == 2 && counts["conformance_runs"] == 1 && counts["conformance_verdicts"] == 2)
        let machines = try store.machines()
        #expect(machines.map(\.name) == ["m1"] && machines.first?.historyRuns == 1)
        let runs = try store.history(of: machines[0].id, window: 10)
        #expect(runs.count == 1 && runs[0].benchmarks == ["a.one", "a.two"])
        // Samples 2, 4, …, 200: symmetric, so the trimmed mean is their mean, 101.
        #expect(abs((runs[0].measures["a.one"]?.center ?? 0) - 101) < 1e-9)
        #expect(runs[0].measures["a.one"]?.instructions == 1000)
        #expect(runs[0].conformance.map(\.passed) == [1] && runs[0].conformance.first?.engine == nil)
        let median = try store.connection.query("SELECT median FROM results WHERE benchmark = ?", .text("a.two")).first?[0].double
        #expect(median == record.run.benchmarks[1].timing?.median)
    }

    @Test("names with quotes and semicolons are stored and read back verbatim", arguments: Backend.allCases)
    func hostileNames(_ backend: Backend) throws {
        let store = try ResultsStore(try backend.location())
        let benchmark = "x'); DROP TABLE runs; --", fixture = "f\"o'o;\\ bar", engine = "e' OR '1'='1", machine = "m\"; DELETE FROM machines; --"
        let record = Records.record([benchmark], engine: engine, fixture: fixture)
        #expect(try store.store(record, source: "s'; --/r.json", kind: .nightly, machine: machine) != nil)
        let stored = try #require(try store.machines().first)
        #expect(stored.name == machine)
        let run = try #require(try store.history(of: stored.id, window: 5).first)
        #expect(run.benchmarks == [benchmark] && run.source == "s'; --/r.json" && run.conformance.first?.engine == engine)
        let fixtures = try store.connection.query("SELECT fixture FROM conformance_verdicts WHERE engine = ? ORDER BY fixture", .text(engine)).compactMap {
            $0[0].string
        }
        #expect(fixtures == [fixture, fixture + "-2"])
        #expect(try store.counts().first { $0.table == "runs" }?.rows == 1)
    }

    @Test("a store whose schema is newer than the tool is refused, and nothing is written to it", arguments: Backend.allCases)
    func newerRefused(_ backend: Backend) throws {
        let location = try backend.location()
        let store = try ResultsStore(location)
        try store.store(Records.record(["a"]), source: "s/1.json", kind: .nightly, machine: "m")
        try store.connection.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", .text(String(Schema.version + 1)))
        #expect(#expect(throws: StoreError.self) { try ResultsStore(location) }?.remedy == nil, "no setting of this tool mends a newer store")
        #expect(throws: StoreError.self) { try ResultsStore(location, migration: .always) }
        #expect(try store.counts().first { $0.table == "runs" }?.rows == 1)
    }

    @Test("a server store older than the tool is refused until migrated; an empty one is created", arguments: [Backend.postgresql])
    func olderServerNeedsMigrate(_ backend: Backend) throws {
        let location = try backend.location()
        let store = try ResultsStore(location)
        #expect(try store.version() == Schema.version)
        try store.connection.execute("UPDATE meta SET value = '0' WHERE key = 'schema_version'")
        try store.connection.script("DROP TABLE jobs; DROP TABLE change_points; DROP TABLE comparison_results; DROP TABLE comparisons")
        try store.connection.script(
            "DROP TABLE conformance_verdicts; DROP TABLE conformance_runs; DROP TABLE results; DROP TABLE runs; DROP TABLE revisions; DROP TABLE machines")
        // Version 0 with a meta table: an old store, not an empty one.
        try store.connection.execute("UPDATE meta SET value = '0' WHERE key = 'schema_version'")
        let refused = #expect(throws: StoreError.self) { try ResultsStore(location, migration: .never) }
        #expect(refused?.remedy == .migrateStore, "migrating is the way past it")
        let migrated = try ResultsStore(location, migration: .always)
        #expect(try migrated.version() == Schema.version)
    }

    @Test("an empty server store opened by four sessions at once, all waiting on a migration: it is created once and every open succeeds")
    func simultaneousFirstOpens() throws {
        let location = try StoreTests.Backend.postgresql.location()
        // Another migrator holds the lock while the four look at the empty store and queue behind it.
        let holder = try location.connect()
        _ = try holder.query("SELECT pg_advisory_lock(\(ResultsStore.migrationLock))")
        let outcomes = Mutex<[Result<Int, any Error>]>([])
        let group = DispatchGroup()
        for _ in 0..<4 {
            DispatchQueue.global().async(group: group) {
                let outcome = Result { try ResultsStore(location).version() }
                outcomes.withLock { $0.append(outcome) }
            }
        }
        Thread.sleep(forTimeInterval: 1.5)
        _ = try holder.query("SELECT pg_advisory_unlock(\(ResultsStore.migrationLock))")
        group.wait()
        let versions = outcomes.withLock { $0 }
        #expect(versions.count == 4)
        for outcome in versions { #expect(try outcome.get() == Schema.version) }
        #expect(try ResultsStore(location).connection.query("SELECT count(*) FROM meta").first?[0].int == 1)
    }

    @Test("the job queue: each job claimed by one collector; a stale claim is handed on and the first holder's results refused", arguments: Backend.allCases)
    func queue(_ backend: Backend) throws {
        let location = try backend.location()
        let store = try ResultsStore(location), other = try ResultsStore(location)
        let ids = try (0..<3).map { _ in try store.enqueue(revision: "abc", filter: ".", profile: "quick") }
        let a = try #require(try store.claim(collector: "a#1", staleAfter: 60))
        let b = try #require(try other.claim(collector: "b#2", staleAfter: 60))
        #expect(a.id == ids[0] && b.id == ids[1] && a.attempt == 1)
        // a stops beating: with a zero grace, its job is the next claim's.
        let c = try #require(try other.claim(collector: "c#3", staleAfter: -1))
        #expect(c.id == ids[0] && c.attempt == 2)
        #expect(try store.heartbeat(a, collector: "a#1") == false)
        #expect(try store.finish(a, collector: "a#1", machine: "a", record: Records.record(["j"]), source: "a/1.json") == nil)
        #expect(try other.finish(c, collector: "c#3", machine: "c", record: Records.record(["j"]), source: "c/1.json") != nil)
        let jobs = try store.jobs()
        #expect(jobs.map(\.state) == [.done, .running, .queued])
        #expect(try jobs[0].runID.flatMap { try store.machineName(ofRun: $0) } == "c")
        #expect(try store.counts().first { $0.table == "runs" }?.rows == 1)
    }

    @Test("a URL's password is never shown: redacted, and scrubbed from messages")
    func password() {
        let location = StoreLocation("postgresql://bench:s3cr%21t@db.example:5432/results")
        #expect(location.kind == .postgresql)
        #expect(location.redacted == "postgresql://bench:***@db.example:5432/results")
        #expect(!location.scrub("failed for postgresql://bench:s3cr%21t@db.example:5432/results (s3cr!t)").contains("s3cr"))
        let query = StoreLocation("postgres://db.example/results?user=bench&password=hunter2")
        #expect(!query.redacted.contains("hunter2") && query.redacted.contains("password=***"))
        #expect(StoreLocation("reports/store.sqlite").kind == .sqlite && StoreLocation("sqlite:x.db").raw == "x.db")
    }

    @Test("a server that cannot be reached is a StoreError that names it without its password")
    func unreachable() throws {
        let location = StoreLocation("postgresql://bench:topsecret@127.0.0.1:9/none?connect_timeout=2")
        do {
            _ = try ResultsStore(location)
            Issue.record("a store on a closed port opened")
        } catch let error as StoreError {
            #expect(!error.description.contains("topsecret") && error.description.contains("127.0.0.1"))
        }
    }
}

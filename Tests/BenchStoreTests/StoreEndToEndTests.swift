import Foundation
import TestSupport
import Testing

@testable import BenchKit
@testable import BenchStore

/// The store through the real tool: nightly and report on the embedded default, an import killed
/// mid-write, a server that goes down mid-run, and a fleet of collectors on a real PostgreSQL
/// server, one of them killed mid-job.
@Suite("Store end to end", .serialized)
struct StoreEndToEndTests {
    /// Rows of an SQLite store, read by Debian's `sqlite3` — another program than the tool.
    func sqlite3(_ file: URL, _ query: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [file.path, query]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("nightly twice with no store option: the embedded store holds both runs and the site is drawn from it; db import of the history gives the same site")
    func nightlyOnTheEmbeddedStore() throws {
        let reports = TemporaryFolder.make("motion-bench-store")
        for _ in 0..<2 {
            // One small suite: the store is the subject, not the fixtures.
            let run = try Tool.run([
                "nightly", "--quick", "--filter", "^test\\.allocate\\.7$", "--no-instructions", "--reports", reports.path, "--machine", "box-1",
                "--fixtures", Repository.root.appendingPathComponent("Fixtures/phases").path,
            ])
            #expect(run.status == 0, "\(run.output)")
        }
        let file = reports.appendingPathComponent("motionbench.sqlite")
        #expect(try sqlite3(file, "SELECT kind, revision FROM runs").count == 2)
        #expect(try sqlite3(file, "SELECT DISTINCT m.name FROM runs r JOIN machines m ON m.id = r.machine_id") == ["box-1"])
        #expect(try sqlite3(file, "SELECT benchmark FROM results") == ["test.allocate.7", "test.allocate.7"])
        // A stored run named by revision or date: its record, found through the store.
        let revision = try #require(try sqlite3(file, "SELECT revision FROM runs ORDER BY started_at DESC LIMIT 1").first)
        let newest = try #require(try sqlite3(file, "SELECT started_at FROM runs ORDER BY started_at DESC LIMIT 1").first)
        for reference in ["revision:" + revision.prefix(8), "date:" + newest.prefix(10)] {
            let shown = try Tool.run(["show", reference, "--format", "json", "--reports", reports.path, "--machine", "box-1"])
            #expect(shown.status == 0, "\(shown.output)")
            #expect(try JSONDecoder().decode(RunResult.self, from: Data(shown.stdout.utf8)).startedAt == newest)
        }
        #expect(try Tool.run(["show", "revision:ffffffffff", "--reports", reports.path, "--machine", "box-1"]).status == 1)
        #expect(try Tool.run(["show", "date:2026", "--reports", reports.path, "--machine", "another-box"]).status == 1)
        // The history files hold the same two runs: copied to a second folder, then removed here,
        // so this folder's site can only come from the store.
        let history = reports.appendingPathComponent("history")
        #expect(HistoryStore(root: history).files().count == 2)
        let again = TemporaryFolder.make("motion-bench-store")
        try FileManager.default.copyItem(at: history, to: again.appendingPathComponent("history"))
        try FileManager.default.removeItem(at: history)
        #expect(try Tool.run(["report", "--reports", reports.path, "--machine", "box-1"]).status == 0)
        let drawn = try String(contentsOf: reports.appendingPathComponent("site/history.html"), encoding: .utf8)
        #expect(drawn.components(separatedBy: "<circle").count - 1 == 2, "two points, from the store alone")

        // The second folder holds only the history files: db import (twice: the second stores
        // nothing), then report — the same page.
        // A folder with nothing to import is an error, and writes no store.
        let empty = TemporaryFolder.make("motion-bench-store")
        #expect(try Tool.run(["db", "import", empty.path, "--machine", "box-1"]).status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path).isEmpty)
        // Without --reports, the store written is the one of the folder given.
        let imported = try Tool.run(["db", "import", again.path, "--machine", "box-1"])
        #expect(imported.status == 0, "\(imported.output)")
        #expect(try sqlite3(again.appendingPathComponent("motionbench.sqlite"), "SELECT count(*) FROM runs") == ["2"])
        let twice = try Tool.run(["db", "import", again.path, "--reports", again.path, "--machine", "box-1"])
        #expect(twice.status == 0)
        #expect(try sqlite3(again.appendingPathComponent("motionbench.sqlite"), "SELECT count(*) FROM runs") == ["2"])
        #expect(try Tool.run(["report", "--reports", again.path, "--machine", "box-1"]).status == 0)
        let redrawn = try String(contentsOf: again.appendingPathComponent("site/history.html"), encoding: .utf8)
        #expect(redrawn == drawn)
    }

    @Test("db import killed with kill -9 mid-write: every stored run is whole, and the next import stores the rest once")
    func killedImport() throws {
        let source = TemporaryFolder.make("motion-bench-store")
        let history = HistoryStore(root: source.appendingPathComponent("history"))
        let names = (0..<111).map { "bench.\($0)" }
        let records = (0..<7).map { Records.record(names, scale: 1 + Double($0) / 100) }
        for night in 0..<240 {
            var record = records[night % 7]
            (record.run.startedAt, record.run.finishedAt) = (Records.date(night), Records.date(night))
            try history.append(record.run, conformance: record.conformance, machine: "importer")
        }
        let reports = TemporaryFolder.make("motion-bench-store")
        let file = reports.appendingPathComponent("motionbench.sqlite")
        let started = try Tool.start(["db", "import", source.path, "--reports", reports.path])
        // Killed once some runs are in, while others are still being written.
        let deadline = Date().addingTimeInterval(120)
        func stored() -> Int {
            guard FileManager.default.fileExists(atPath: file.path), let reader = try? SQLiteConnection(path: file.path, create: false) else { return 0 }
            return (try? reader.query("SELECT count(*) FROM runs", []).first?[0].int) ?? nil ?? 0
        }
        while Date() < deadline, stored() < 3 { usleep(20_000) }
        kill(started.processIdentifier, SIGKILL)
        let killed = started.finish()
        #expect(killed.status == SIGKILL || started.process.terminationReason == .uncaughtSignal)
        let kept = Int(try sqlite3(file, "SELECT count(*) FROM runs").first ?? "0") ?? 0
        #expect(kept >= 3 && kept < 240, "killed mid-import: \(kept) of 240 runs stored")
        #expect(try sqlite3(file, "PRAGMA integrity_check") == ["ok"])
        // Whole runs only: each with its 111 results and its conformance.
        #expect(try sqlite3(file, "SELECT count(*) FROM runs r WHERE (SELECT count(*) FROM results WHERE run_id = r.id) <> 111") == ["0"])
        #expect(try sqlite3(file, "SELECT count(*) FROM runs r WHERE (SELECT count(*) FROM conformance_runs WHERE run_id = r.id) <> 1") == ["0"])
        let resumed = try Tool.run(["db", "import", source.path, "--reports", reports.path])
        #expect(resumed.status == 0, "\(resumed.output)")
        #expect(try sqlite3(file, "SELECT count(*), count(DISTINCT source) FROM runs") == ["240|240"])
        #expect(try sqlite3(file, "SELECT count(*) FROM results") == ["\(240 * 111)"])
    }

    @Test("a server that goes down mid-run: nightly exits 1, keeps its JSON, never shows the password; db import catches up")
    func serverDownMidRun() throws {
        let doomed = try TestServer()
        let location = try doomed.database()
        let reports = TemporaryFolder.make("motion-bench-store")
        let started = try Tool.start([
            "nightly", "--quick", "--filter", "^test\\.allocate\\.7$", "--no-instructions", "--reports", reports.path, "--database", location.raw,
        ])
        // The conformance suites take seconds before anything is stored: the server goes then.
        usleep(500_000)
        doomed.stop()
        let run = started.finish()
        #expect(run.status == 1, "\(run.output)")
        #expect(!run.output.contains(doomed.password))
        #expect(HistoryStore(root: reports.appendingPathComponent("history")).files().count == 1, "the night's record is kept")
        let shared = try TestServer.shared.get()
        let target = try shared.database()
        let imported = try Tool.run(["db", "import", reports.path, "--reports", reports.path, "--database", target.raw])
        #expect(imported.status == 0 && !imported.output.contains(shared.password), "\(imported.output)")
        #expect(try ResultsStore(target).counts().first { $0.table == "runs" }?.rows == 1)
    }

    @Test(
        "a fleet: three collectors with different machine names drain a queue on PostgreSQL; one stopped (SIGSTOP) mid-job and ended, with what it started, by the collector that takes its job over; every job done once, under the machine that measured it"
    )
    func fleet() throws {
        let server = try TestServer.shared.get()
        let location = try server.database()
        var outputs: [String] = []
        let enqueue = try Tool.run(
            [
                // Jobs in the configuration of the tool under test are measured with its own worker, not a worktree build.
                "enqueue", "HEAD", "HEAD", "HEAD", "HEAD", "HEAD", "HEAD", "HEAD", "HEAD", "--filter", "^test\\.allocate\\.7$", "--profile", "standard",
                "--configuration", BuiltProducts.configuration,
                "--database", location.raw,
            ])
        outputs.append(enqueue.output)
        #expect(enqueue.status == 0, "\(enqueue.output)")
        let store = try ResultsStore(location)
        #expect(try store.jobs().count == 8)
        let machines = ["fleet-a", "fleet-b", "fleet-c"]
        func collector(_ name: String, environment: [String: String] = [:]) throws -> Tool.Started {
            try Tool.start(
                [
                    "collector", "--database", location.raw, "--machine", name, "--reports", TemporaryFolder.make("motion-bench-store").path, "--heartbeat",
                    "0.5", "--stale-after", "3", "--poll", "0.5",
                ], environment: environment)
        }
        // fleet-c starts alone and is stopped (SIGSTOP: alive, silent, its worker still running)
        // during its second job, once it has stored one; the other two start after, so the stop
        // never depends on how the queue was shared out. Its processes carry a tag of their own.
        let tag = UUID().uuidString
        let doomed = try collector("fleet-c", environment: [ChildLifetimeTests.variable: tag])
        let victim = doomed.processIdentifier
        let deadline = Date().addingTimeInterval(240)
        var killedJob: Int64?
        while Date() < deadline, killedJob == nil, doomed.process.isRunning {
            let mine = try store.jobs().filter { $0.claimedBy?.hasPrefix("fleet-c#\(victim)@") == true }
            if mine.contains(where: { $0.state == .done }), let running = mine.first(where: { $0.state == .running }) {
                kill(victim, SIGSTOP)
                killedJob = running.job.id
            } else {
                usleep(20_000)
            }
        }
        let collectors = try [collector("fleet-a"), collector("fleet-b")]
        let finished = collectors.map { $0.finish() }
        outputs += finished.map(\.output)
        // The collector that took fleet-c's job over, on this host, ended it and all it had started.
        let ended = ChildLifetimeTests.wait(10) { !doomed.process.isRunning && ChildLifetimeTests.carrying(tag).isEmpty }
        let left = ChildLifetimeTests.carrying(tag)
        if doomed.process.isRunning { kill(victim, SIGKILL) }
        let stopped = doomed.finish()
        outputs.append(stopped.output)
        let killed = try #require(killedJob, "fleet-c was not caught mid-job")
        #expect(ended && left.isEmpty, "the stopped collector or what it started outlived the takeover: \(left)")
        #expect(doomed.process.terminationReason == .uncaughtSignal && stopped.status == SIGKILL)
        #expect(finished[0].status == 0 && finished[1].status == 0, "\(finished[0].output) \(finished[1].output)")
        let jobs = try store.jobs()
        #expect(jobs.allSatisfy { $0.state == .done }, "\(jobs)")
        // Exactly once: one run per job, none twice, and no run without a job.
        let runIDs = jobs.compactMap(\.runID)
        #expect(Set(runIDs).count == 8)
        #expect(try store.connection.query("SELECT count(*) FROM runs WHERE kind = 'collector'").first?[0].int == 8)
        // The killed job went to another collector, on its next attempt.
        let handedOn = try #require(jobs.first { $0.job.id == killed })
        #expect(handedOn.job.attempt >= 2 && handedOn.claimedBy?.hasPrefix("fleet-c#") == false)
        // Each run is filed under the machine whose collector finished the job.
        for job in jobs {
            let machine = try job.runID.flatMap { try store.machineName(ofRun: $0) }
            #expect(machine != nil && job.claimedBy?.hasPrefix(machine! + "#") == true)
        }
        #expect(Set(try store.machines().map(\.name)) == Set(machines))
        let reports = TemporaryFolder.make("motion-bench-store")
        let report = try Tool.run(["report", "--reports", reports.path, "--database", location.raw])
        outputs.append(report.output)
        #expect(report.status == 0, "\(report.output)")
        let site = reports.appendingPathComponent("site")
        for page in ["history.html", "history-2.html", "history-3.html"] {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(page).path))
        }
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("history-4.html").path))
        let pages = try FileManager.default.contentsOfDirectory(atPath: site.path).map {
            try String(contentsOf: site.appendingPathComponent($0), encoding: .utf8)
        }
        for text in outputs + pages { #expect(!text.contains(server.password)) }
    }
}

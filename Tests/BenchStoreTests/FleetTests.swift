import Foundation
import TestSupport
import Testing

@testable import BenchKit
@testable import BenchStore
@testable import MotionBenchApp

/// The fleet and the provenance of its results on revisions that are not this checkout's: a small
/// package of its own (`TinyPackage`) with a commit per revision, built by the collectors in
/// worktrees, on a real PostgreSQL server; a server restarted mid-job; a worker that is older than
/// its checkout.
@Suite("Fleet and provenance", .serialized)
struct FleetTests {
    /// The run's filed, build and checkout revisions as the store holds them.
    func revisions(ofRun id: Int64, in store: ResultsStore) throws -> [String?] {
        let row = try #require(try store.connection.query("SELECT revision, build_revision, checkout_revision FROM runs WHERE id = ?", .integer(id)).first)
        return [row[0].string, row[1].string, row[2].string]
    }

    func elements(ofRun id: Int64, in store: ResultsStore) throws -> Int? {
        try store.connection.query("SELECT elements FROM results WHERE run_id = ?", .integer(id)).first?[0].int
    }

    func enqueue(_ revisions: [String], of tiny: TinyPackage, into location: StoreLocation) throws -> Tool.Run {
        try Tool.run(
            ["enqueue"] + revisions + [
                "--repository", tiny.folder.path, "--worker-product", TinyPackage.worker, "--configuration", "debug", "--profile", "quick",
                "--filter", "^tiny\\.sum$", "--database", location.raw,
            ])
    }

    func collector(
        _ machine: String, of tiny: TinyPackage, on location: StoreLocation, staleAfter: String, reports: URL = TemporaryFolder.make("motion-bench-store"),
        linger: Int = 0, environment: [String: String] = [:]
    ) throws -> Tool.Started {
        try Tool.start(
            [
                "collector", "--database", location.raw, "--machine", machine, "--repository", tiny.folder.path, "--reports", reports.path,
                "--heartbeat", "0.5", "--stale-after", staleAfter, "--poll", "0.5", "--reconnect-for", "90", "--linger", String(linger),
            ], environment: environment)
    }

    /// Polls the queue until `condition` holds of its jobs; false when `seconds` pass first.
    func wait(for seconds: Double, in store: ResultsStore, until condition: ([JobRecord]) -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(try store.jobs()) { return true }
            usleep(50_000)
        }
        return false
    }

    @Test(
        "two collectors drain three revisions of another package, none the checkout's, one collector killed with kill -9 mid-job: every job measured once, under the commit its worker was built from"
    )
    func fleetOfRevisions() throws {
        let tiny = try TinyPackage(revisions: 3)
        let location = try TestServer.shared.get().database()
        let enqueued = try enqueue(tiny.revisions, of: tiny, into: location)
        #expect(enqueued.status == 0, "\(enqueued.output)")
        let store = try ResultsStore(location)
        #expect(try store.jobs().map(\.job.revision) == tiny.revisions)
        // fleet-b's processes carry a variable of their own, so that what it started can be found.
        let tag = UUID().uuidString
        let collectors = try ["fleet-a", "fleet-b"].map {
            try collector($0, of: tiny, on: location, staleAfter: "4", environment: $0 == "fleet-b" ? [ChildLifetimeTests.variable: tag] : [:])
        }
        // fleet-b is killed as soon as it holds a job: mid-build or mid-measurement.
        let victim = collectors[1].processIdentifier
        var killedJob: Int64?
        var leftAfterKill: [String] = []
        _ = try wait(for: 240, in: store) { jobs in
            guard let held = jobs.first(where: { $0.state == .running && $0.claimedBy?.hasPrefix("fleet-b#\(victim)@") == true }) else {
                return !jobs.contains { $0.state == .queued }
            }
            kill(victim, SIGKILL)
            killedJob = held.job.id
            // Before the job is stale (4 s) and handed on, nothing fleet-b started still runs.
            _ = ChildLifetimeTests.wait(3) { ChildLifetimeTests.carrying(tag).isEmpty }
            leftAfterKill = ChildLifetimeTests.carrying(tag)
            return true
        }
        #expect(leftAfterKill.isEmpty, "fleet-b's build or worker outlived it, beside the collector taking its job over: \(leftAfterKill)")
        let survivor = collectors[0].finish()
        let victimOutput = collectors[1].finish().output
        let queue = (try? store.jobs()).map { "\($0)" } ?? "unreadable"
        let killed = try #require(killedJob, "fleet-b was not caught holding a job: \(queue)\n\(survivor.output.suffix(2000))\n\(victimOutput.suffix(2000))")
        #expect(survivor.status == 0, "\(survivor.output.suffix(3000))")
        let jobs = try store.jobs()
        #expect(jobs.allSatisfy { $0.state == .done }, "\(jobs)")
        #expect(Set(jobs.compactMap(\.runID)).count == 3)
        #expect(try store.connection.query("SELECT count(*) FROM runs").first?[0].int == 3, "each job stored once")
        for (index, job) in jobs.enumerated() {
            let run = try #require(job.runID)
            // Filed under the job's commit, which its worker said it was built from, in a
            // checkout of that commit; and it measured that commit's code (its element count).
            #expect(try revisions(ofRun: run, in: store) == [job.job.revision, job.job.revision, job.job.revision])
            #expect(try elements(ofRun: run, in: store) == 1000 * (index + 1))
        }
        let handedOn = try #require(jobs.first { $0.job.id == killed })
        #expect(handedOn.job.attempt >= 2 && handedOn.claimedBy?.hasPrefix("fleet-a#") == true)
    }

    @Test("a server restarted while a collector measures a job: the collector waits for it, and the finished run is stored once")
    func serverRestartMidJob() throws {
        let tiny = try TinyPackage(revisions: 1)
        let server = try TestServer()
        defer { server.stop() }
        let location = try server.database()
        #expect(try enqueue(tiny.revisions, of: tiny, into: location).status == 0)
        let store = try ResultsStore(location)
        // A fresh reports folder: the collector builds the revision first, which takes seconds.
        let started = try collector("restarted", of: tiny, on: location, staleAfter: "60")
        #expect(try wait(for: 120, in: store) { $0.contains { $0.state == .running } }, "the job was claimed")
        try server.restart(downFor: 2)
        let finished = started.finish()
        #expect(finished.status == 0, "\(finished.output.suffix(3000))")
        let after = try ResultsStore(location)
        let job = try #require(try after.jobs().first)
        #expect(job.state == .done && job.job.attempt == 1, "\(job)")
        let run = try #require(job.runID)
        #expect(try revisions(ofRun: run, in: after) == [tiny.revisions[0], tiny.revisions[0], tiny.revisions[0]])
        #expect(try after.connection.query("SELECT count(*) FROM runs").first?[0].int == 1)
        // Stored by the server that came back: after its start, by the same claim.
        let restartedAt = try #require(
            try after.connection.query("SELECT extract(epoch from pg_postmaster_start_time())::double precision").first?[0].double)
        let finishedAt = try #require(try after.connection.query("SELECT finished_at FROM jobs").first?[0].double)
        #expect(finishedAt > restartedAt)
    }

    @Test(
        "a bisection through the queue: two midpoints a step compared by two collectors on PostgreSQL, each on its own machine, find the commit that slowed the benchmark"
    )
    func bisectThroughQueue() throws {
        var tiny = try TinyPackage(revisions: 1)
        try tiny.commit("a comment", elements: 1000)
        try tiny.commit("another comment", elements: 1000)
        let culprit = try tiny.commit("the same sum four times", elements: 1000, repeats: 4)
        try tiny.commit("a comment after it", elements: 1000, repeats: 4)
        let location = try TestServer.shared.get().database()
        let store = StoreChoice(database: location.raw, machine: "bisector")
        // Started before anything is queued: they wait (--linger) for the bisection's jobs.
        let collectors = try ["bisect-a", "bisect-b"].map { try collector($0, of: tiny, on: location, staleAfter: "60", linger: 600) }
        defer {
            for started in collectors where started.process.isRunning {
                kill(started.processIdentifier, SIGKILL)
                _ = started.finish()
            }
        }
        let range = SuspectRange(
            benchmark: TinyPackage.benchmark, metric: .time, before: tiny.revisions[0], after: tiny.revisions[4], beforeDate: "2026-12-01T00:00:00Z",
            afterDate: "2026-12-02T00:00:00Z", ratio: 4, atNewest: true, environmentChanges: [])
        try ResultsStore(location).store(changePoints: [range], environment: Records.environment, machine: "bisector")
        var request = BisectRequest(range: range, reports: TemporaryFolder.make("motion-bench-store"))
        (request.repository, request.measured) = (tiny.folder, .init(workerProduct: TinyPackage.worker, configuration: "debug"))
        request.queue = .init(store: store, midpoints: 2)
        request.queue?.poll = 0.5
        request.queue?.stepTimeout = 400
        let app = Application(executable: BuiltProducts.directory.appendingPathComponent("motion-bench"), version: "test", quiet: true)
        let outcome: BisectOutcome
        do { outcome = try app.bisect(request) } catch {
            let said = collectors.map { "\($0.process.isRunning ? "running" : "exited \($0.process.terminationStatus)"):\n\($0.outputSoFar.suffix(2000))" }
            Issue.record(
                "the bisection failed: \(error)\nqueue: \((try? ResultsStore(location).jobs()).map { "\($0)" } ?? "unreadable")\n\(said.joined(separator: "\n"))"
            )
            return
        }
        // A wrong step says what its stored comparison rested on.
        let evidence = outcome.steps.map { step -> String in
            let report = step.comparisonID.flatMap { try? ResultsStore(location).comparison(id: $0) }
            let figures = report?.comparisons.map { c in
                "\(c.verdict.rawValue) by \((c.decidedBy ?? []).map(\.rawValue)) ratio \(c.ratio ?? .nan) \(c.interval ?? []) \(c.design ?? "")"
                    + " instructions \(c.baselineInstructions ?? .nan) → \(c.candidateInstructions ?? .nan) busy \(c.busy ?? "no")"
                    + " withheld \(c.withheld?.rawValue ?? "no") confirmed \(c.confirmed.map { "\($0)" } ?? "-") \(c.message ?? "")"
            }
            return "\(step.to.prefix(7)) \(step.regressed): \(figures ?? ["no stored comparison"]) \(report?.machine ?? "")"
        }
        #expect(outcome.culprit == culprit, "\(evidence.joined(separator: "\n"))")
        // Four commits after the range's start, two midpoints a step (the 2nd and 3rd): the 3rd
        // regressed and the 2nd did not, so one step of two comparisons ends it.
        #expect(outcome.commits == 4 && outcome.steps.map(\.regressed) == [false, true], "\(evidence.joined(separator: "\n"))")
        let jobs = try ResultsStore(location).jobs()
        #expect(jobs.count == 3 && jobs.allSatisfy { $0.state == .done && $0.comparisonID != nil })
        #expect(jobs.prefix(2).allSatisfy { $0.job.baseline == tiny.revisions[0] })
        // Then the culprit against its parent, by a collector, attributed there; the stored
        // change point names both.
        #expect(jobs.last?.job.baseline == tiny.revisions[2] && jobs.last?.job.revision == culprit)
        let verdict = try #require(outcome.culpritComparison, "\(outcome.culpritNote ?? "no note")")
        #expect(verdict.verdict == .regressed && verdict.attribution.map { $0.explained >= 0.8 } == true, "\(verdict.attributionNote ?? "")")
        #expect(outcome.linkedChangePoints == 1)
        let machines = Set(jobs.compactMap { job in job.claimedBy.flatMap { $0.split(separator: "#").first.map(String.init) } })
        #expect(machines.isSubset(of: ["bisect-a", "bisect-b"]) && !machines.isEmpty)

        // Lingering for more jobs, each stops when told to, although the thread that started it
        // (a Dispatch worker's) blocks SIGTERM and a child inherits that mask.
        for started in collectors { kill(started.processIdentifier, SIGTERM) }
        let deadline = Date().addingTimeInterval(10)
        while collectors.contains(where: { $0.process.isRunning }) && Date() < deadline { usleep(50_000) }
        for started in collectors {
            #expect(!started.process.isRunning && started.process.terminationReason == .uncaughtSignal && started.process.terminationStatus == SIGTERM)
        }
    }

    @Test("a commit without a rebuild: run and nightly refuse to measure the old worker and store nothing; rebuilt, the run is filed under the build's commit")
    func staleWorker() throws {
        var tiny = try TinyPackage(revisions: 1)
        let worker = try tiny.build()
        let newer = try tiny.commit("after the build", elements: 5000)
        let reports = TemporaryFolder.make("motion-bench-store")
        let common = ["--quick", "--worker", worker.path, "--filter", "^tiny\\.sum$", "--reports", reports.path]
        let run = try Tool.run(["run", "--format", "json"] + common)
        #expect(run.status == 1 && run.stdout.isEmpty, "\(run.output)")
        let nightly = try Tool.run(
            ["nightly", "--no-instructions", "--fixtures", Repository.root.appendingPathComponent("Fixtures/phases").path, "--machine", "stale"] + common)
        #expect(nightly.status == 1, "\(nightly.output)")
        // Nothing measured, so nothing written: no run, no history record, no store.
        for folder in ["runs", "history"] {
            #expect((try? FileManager.default.contentsOfDirectory(atPath: reports.appendingPathComponent(folder).path))?.isEmpty ?? true)
        }
        #expect(!FileManager.default.fileExists(atPath: reports.appendingPathComponent("motionbench.sqlite").path))

        _ = try tiny.build()
        let again = try Tool.run(["run", "--format", "json"] + common)
        #expect(again.status == 0, "\(again.stderr)")
        let result = try JSONDecoder().decode(RunResult.self, from: Data(again.stdout.utf8))
        #expect(result.environment.build?.revision == newer && result.environment.build?.dirty == false)
        #expect(result.environment.revision == newer, "filed under the build's commit, not the checkout's (\(result.environment.gitRevision ?? "none"))")
        #expect(result.benchmarks.first?.elements == 5000, "the newer commit's code was measured")
    }
}

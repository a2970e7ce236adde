import BenchKit
import BenchStore
import Foundation
import HarnessSupport

/// What a collector does: claim jobs one at a time from the store's queue until none is left.
package struct CollectorRequest: Sendable {
    /// The command that runs a collector, which its configuration declares with this constant; a
    /// stale collector's process is recognised by it.
    package static let command = "collector"
    package var store = StoreChoice()
    package var reports = URL(fileURLWithPath: "reports")
    package var repository = URL(fileURLWithPath: ".")
    /// Seconds between heartbeats, and after how many seconds without one a job is handed to
    /// another collector.
    package var heartbeat = 10.0
    package var staleAfter = 60.0
    /// Seconds between looks at the queue while jobs are still running elsewhere.
    package var poll = 5.0
    /// Seconds a store that went away (a server restarted) is waited for before the collector
    /// gives up; a finished job's run is kept in reports/history/ meanwhile and stored once it is back.
    package var reconnectFor = 120.0
    /// Stop after this many jobs.
    package var maximumJobs: Int?
    /// Seconds to keep looking for new jobs once none is queued or running, before stopping: a
    /// bisection enqueues its next midpoints only when the last are done.
    package var linger = 0.0
    package init() {}
}

/// One job a collector measured.
package struct CollectedJob: Sendable {
    /// The job as this collector left it: done, failed, or `running` when its heartbeats had
    /// stopped and another collector had claimed it by the time this one finished.
    package var job: QueuedJob
    /// The stored run; nil when the job was no longer this collector's when it finished (its
    /// heartbeats had stopped and another collector took it), or when it failed.
    package var runID: Int64?
    /// The stored comparison, for a comparison job.
    package var comparisonID: Int64?
    package var failure: String?
    /// The commit the measured worker was built from, as it said; nil for a worker that does not say.
    package var builtFrom: String?

    init(job: BenchmarkJob, runID: Int64?, comparisonID: Int64? = nil, failure: String? = nil, builtFrom: String? = nil) {
        let state: QueuedJob.State = failure != nil ? .failed : (runID ?? comparisonID) != nil ? .done : .running
        self.job = QueuedJob(job, state: state, error: failure)
        (self.runID, self.comparisonID, self.failure, self.builtFrom) = (runID, comparisonID, failure, builtFrom)
    }
}

package struct CollectorOutcome: Sendable {
    package var collector: String
    package var jobs: [CollectedJob]
    /// 1 when a job failed, else 0.
    package var exitCode: Int32 { jobs.contains { $0.failure != nil } ? 1 : 0 }
}

extension Application {
    /// Claims and measures jobs until the queue holds none that is queued or running. Each job's
    /// run is written as a history record under reports/history/ and stored with the job marked
    /// done in one transaction — only while the job is still this collector's, so a job handed to
    /// another collector is stored once. A store that goes away is waited for (`reconnectFor`).
    package func collect(_ request: CollectorRequest) throws -> CollectorOutcome {
        let link = StoreLink(store: try openStore(request.store, reports: request.reports), patience: request.reconnectFor, warn: warn)
        let machine = request.store.machineName
        let name = CollectorName.make(machine: machine)
        var outcome = CollectorOutcome(collector: name, jobs: [])
        var idleSince: Date?
        while request.maximumJobs.map({ outcome.jobs.count < $0 }) ?? true {
            guard let job = try link.run({ try $0.claim(collector: name, staleAfter: request.staleAfter) }) else {
                let open = try link.run { try $0.jobs().contains { $0.state == .queued || $0.state == .running } }
                if open {
                    idleSince = nil
                } else {
                    let since = idleSince ?? Date()
                    idleSince = since
                    if Date().timeIntervalSince(since) >= request.linger { break }
                }
                Thread.sleep(forTimeInterval: request.poll)
                continue
            }
            idleSince = nil
            log("collector \(name): job \(job.id), \(job.revision.prefix(10)) \(job.filter) (\(job.profile)), attempt \(job.attempt)")
            if let previous = job.takenFrom, let ended = endStaleCollector(previous) { log("collector \(name): \(ended)") }
            let beat = Heartbeat(location: link.location, job: job, collector: name, every: request.heartbeat)
            defer { beat.stop() }
            if job.baseline != nil {
                outcome.jobs.append(compare(job, request: request, link: link, collector: name, beat: beat))
                continue
            }
            do {
                let result = try measure(job, request: request)
                let history = HistoryStore(root: request.reports.appendingPathComponent("history"))
                let file = try history.append(result, conformance: nil, machine: machine)
                var record = HistoryRecord(run: result, conformance: nil)
                record.machine = machine
                let source = "\(file.deletingLastPathComponent().lastPathComponent)/\(file.lastPathComponent)"
                beat.stop()
                var run = try link.run { try $0.finish(job, collector: name, machine: machine, record: record, source: source) }
                if run == nil {
                    // A commit whose answer was lost with the connection: the job is done, by this claim.
                    run = try link.run { store in
                        try store.jobs().first { $0.job.id == job.id && $0.state == .done && $0.claimedBy == name && $0.job.attempt == job.attempt }?.runID
                    }
                }
                if run == nil { warn("collector \(name): job \(job.id) was handed to another collector; its results here are not stored") }
                outcome.jobs.append(CollectedJob(job: job, runID: run, builtFrom: result.environment.build?.revision))
            } catch {
                beat.stop()
                let reason = link.location.scrub(String(describing: error))
                try? link.run { try $0.fail(job, collector: name, reason: reason) }
                warn("collector \(name): job \(job.id) failed: \(reason)")
                outcome.jobs.append(CollectedJob(job: job, runID: nil, failure: reason))
            }
        }
        return outcome
    }

    /// A comparison job: `compare-revisions baseline revision` on this machine, both built in
    /// worktrees, its report stored with the job marked done while the job is still this
    /// collector's.
    func compare(_ job: BenchmarkJob, request: CollectorRequest, link: StoreLink, collector: String, beat: Heartbeat) -> CollectedJob {
        do {
            guard let baseline = job.baseline, let profile = MeasurementProfile.named(job.profile) else {
                throw ToolError("job \(job.id) asks for an unknown profile '\(job.profile)'")
            }
            var options = revisionOptions(job, profile: profile)
            options.rounds = max(2, options.rounds)
            let comparison = RevisionComparison(
                options: options, repository: request.repository, workspace: request.reports.appendingPathComponent("worktrees"))
            let (a, b) = (try comparison.resolve(baseline), try comparison.resolve(job.revision))
            let report: ComparisonReport
            do { report = try comparison.run(a, b).report } catch let error as DriverError { throw RequestError.from(error) }
            beat.stop()
            let id = try link.run { try $0.finish(job, collector: collector, comparison: report) }
            if id == nil { warn("collector \(collector): job \(job.id) was handed to another collector; its comparison here is not stored") }
            return CollectedJob(job: job, runID: nil, comparisonID: id)
        } catch {
            beat.stop()
            let reason = link.location.scrub(String(describing: error))
            try? link.run { try $0.fail(job, collector: collector, reason: reason) }
            warn("collector \(collector): job \(job.id) failed: \(reason)")
            return CollectedJob(job: job, runID: nil, failure: reason)
        }
    }

    /// The comparison options a job asks for: its profile, filter, package, worker and configuration.
    func revisionOptions(_ job: BenchmarkJob, profile: MeasurementProfile) -> RevisionComparison.Options {
        var options = RevisionComparison.Options()
        (options.profile, options.filter, options.suites) = (profile, job.filter, MotionBenchSuites(executable: executable))
        options.packagePath = job.build.packagePath
        options.workerProduct = job.build.workerProduct ?? options.workerProduct
        options.configuration = job.build.configuration ?? options.configuration
        if quiet { options.progress = nil }
        return options
    }

    /// The configuration this tool was compiled in.
    static var configuration: String {
        #if DEBUG
            return "debug"
        #else
            return "release"
        #endif
    }

    /// A job's run: with this tool's own worker when the job asks for this package's worker in
    /// this configuration and that worker was built from the job's commit; else with the
    /// revision built in a worktree under reports/worktrees/. Either way the worker must say it
    /// was built from the job's commit (or say nothing), or nothing is measured.
    func measure(_ job: BenchmarkJob, request: CollectorRequest) throws -> RunResult {
        guard let profile = MeasurementProfile.named(job.profile) else { throw ToolError("job \(job.id) asks for an unknown profile '\(job.profile)'") }
        let options = revisionOptions(job, profile: profile)
        do {
            if job.build.packagePath == nil, options.workerProduct == RevisionComparison.Options().workerProduct, options.configuration == Self.configuration {
                var selection = BenchmarkSelection()
                (selection.profile, selection.filter) = (profile, job.filter)
                var own = try selection.driverOptions(self)
                own.revision = job.revision
                if BenchmarkDriver(options: own).build().source?.revision == job.revision {
                    return try BenchmarkDriver(options: own).run()
                }
            }
            let comparison = RevisionComparison(
                options: options, repository: request.repository, workspace: request.reports.appendingPathComponent("worktrees"))
            let revision = try comparison.resolve(job.revision)
            try comparison.build(revision)
            return try comparison.measure(revision)
        } catch let error as DriverError {
            throw RequestError.from(error)
        }
    }
}

/// The collector's store, opened again when the connection is lost: a statement that fails on a
/// lost connection is tried again on a new one until `patience` seconds have passed.
final class StoreLink {
    private(set) var store: ResultsStore
    let patience: Double
    let warn: @Sendable (String) -> Void
    var location: StoreLocation { store.location }

    init(store: ResultsStore, patience: Double, warn: @escaping @Sendable (String) -> Void) {
        (self.store, self.patience, self.warn) = (store, patience, warn)
    }

    func run<T>(_ body: (ResultsStore) throws -> T) throws -> T {
        let deadline = Date().addingTimeInterval(patience)
        var said = false
        while true {
            do { return try body(store) } catch let error as StoreError {
                guard store.connection.isLost, Date() < deadline else { throw ToolError(location.scrub(error.description)) }
                if !said {
                    warn("the store \(location.redacted) went away; trying again for up to \(Int(patience)) s")
                    said = true
                }
                Thread.sleep(forTimeInterval: 1)
                if let fresh = try? ResultsStore(location, migration: .never) { store = fresh }
            }
        }
    }
}

/// A collector's heartbeats for one job, on a thread and a connection of their own while the
/// job is measured; a lost connection is opened again at the next beat.
final class Heartbeat: @unchecked Sendable {
    private let lock = NSLock()
    private var beating = true
    private var running: Bool { lock.withLock { beating } }

    init(location: StoreLocation, job: BenchmarkJob, collector: String, every seconds: Double) {
        Thread { [self] in
            var store = try? ResultsStore(location, migration: .never)
            while running {
                Thread.sleep(forTimeInterval: seconds)
                guard running else { break }
                if store == nil || store?.connection.isLost == true { store = try? ResultsStore(location, migration: .never) }
                _ = try? store?.heartbeat(job, collector: collector)
            }
        }.start()
    }

    func stop() { lock.withLock { beating = false } }
}

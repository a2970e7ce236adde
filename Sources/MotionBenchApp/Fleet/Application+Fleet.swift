import BenchKit
import BenchStore
import Foundation
import HarnessSupport

/// `enqueue`: jobs for the fleet's collectors.
public struct EnqueueRequest: Sendable {
    public var store = StoreChoice()
    public var reports = URL(fileURLWithPath: "reports")
    public var repository = URL(fileURLWithPath: ".")
    /// Revisions (anything git resolves to a commit), each one job.
    public var revisions: [String] = []
    public var filter = "."
    public var profile = "standard"
    public init() {}
}

/// What a collector does: claim jobs one at a time from the store's queue until none is left.
public struct CollectorRequest: Sendable {
    public var store = StoreChoice()
    public var reports = URL(fileURLWithPath: "reports")
    public var repository = URL(fileURLWithPath: ".")
    /// Seconds between heartbeats, and after how many seconds without one a job is handed to
    /// another collector.
    public var heartbeat = 10.0
    public var staleAfter = 60.0
    /// Seconds between looks at the queue while jobs are still running elsewhere.
    public var poll = 5.0
    /// Stop after this many jobs.
    public var maximumJobs: Int?
    public init() {}
}

/// One job a collector measured.
public struct CollectedJob: Sendable {
    public var job: BenchmarkJob
    /// The stored run; nil when the job was no longer this collector's when it finished (its
    /// heartbeats had stopped and another collector took it), or when it failed.
    public var runID: Int64?
    public var failure: String?
}

public struct CollectorOutcome: Sendable {
    public var collector: String
    public var jobs: [CollectedJob]
    /// 1 when a job failed, else 0.
    public var exitCode: Int32 { jobs.contains { $0.failure != nil } ? 1 : 0 }
}

extension Application {
    /// Adds one job per revision, each resolved to its commit first (a name git does not know is
    /// refused before anything is added).
    public func enqueue(_ request: EnqueueRequest) throws -> [BenchmarkJob] {
        guard MeasurementProfile.named(request.profile) != nil else {
            throw UsageError("--profile needs quick, standard or rigorous, got '\(request.profile)'", command: "enqueue")
        }
        guard !request.revisions.isEmpty else { throw UsageError("enqueue needs at least one revision", command: "enqueue") }
        let commits = try request.revisions.map { try Self.commit($0, in: request.repository) }
        let store = try openStore(request.store, reports: request.reports)
        return try Self.storeFailure(store) {
            try commits.map { commit in
                let id = try store.enqueue(revision: commit, filter: request.filter, profile: request.profile)
                return BenchmarkJob(id: id, revision: commit, filter: request.filter, profile: request.profile, attempt: 0)
            }
        }
    }

    /// The commit `reference` names in `repository`.
    static func commit(_ reference: String, in repository: URL) throws -> String {
        let git = WorkerProcess.onPath("git", ["-C", repository.path, "rev-parse", "--verify", "--quiet", "\(reference)^{commit}"], timeout: 60)
        guard case .finished(let output) = git.run() else { throw ToolError("'\(reference)' is not a revision of \(repository.path)") }
        let commit = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard commit.count == 40 else { throw ToolError("'\(reference)' is not a revision of \(repository.path)") }
        return commit
    }

    /// Claims and measures jobs until the queue holds none that is queued or running. Each job's
    /// run is written as a history record under reports/history/ and stored with the job marked
    /// done in one transaction — only while the job is still this collector's, so a job handed to
    /// another collector is stored once.
    public func collect(_ request: CollectorRequest) throws -> CollectorOutcome {
        let store = try openStore(request.store, reports: request.reports)
        let machine = request.store.machineName
        let name = "\(machine)#\(getpid())"
        var outcome = CollectorOutcome(collector: name, jobs: [])
        let own = try? Self.commit("HEAD", in: request.repository)
        while request.maximumJobs.map({ outcome.jobs.count < $0 }) ?? true {
            guard let job = try Self.storeFailure(store, { try store.claim(collector: name, staleAfter: request.staleAfter) }) else {
                let open = try Self.storeFailure(store) { try store.jobs().contains { $0.state == .queued || $0.state == .running } }
                if !open { break }
                Thread.sleep(forTimeInterval: request.poll)
                continue
            }
            log("collector \(name): job \(job.id), \(job.revision.prefix(10)) \(job.filter) (\(job.profile)), attempt \(job.attempt)")
            let beat = Heartbeat(location: store.location, job: job, collector: name, every: request.heartbeat)
            defer { beat.stop() }
            do {
                let result = try measure(job, own: own, request: request)
                let history = HistoryStore(root: request.reports.appendingPathComponent("history"))
                let file = try history.append(result, conformance: nil, machine: machine)
                var record = HistoryRecord(run: result, conformance: nil)
                record.machine = machine
                let source = "\(file.deletingLastPathComponent().lastPathComponent)/\(file.lastPathComponent)"
                beat.stop()
                let run = try Self.storeFailure(store) { try store.finish(job, collector: name, machine: machine, record: record, source: source) }
                if run == nil { warn("collector \(name): job \(job.id) was handed to another collector; its results here are not stored") }
                outcome.jobs.append(CollectedJob(job: job, runID: run))
            } catch {
                beat.stop()
                let reason = store.location.scrub(String(describing: error))
                try? store.fail(job, collector: name, reason: reason)
                warn("collector \(name): job \(job.id) failed: \(reason)")
                outcome.jobs.append(CollectedJob(job: job, runID: nil, failure: reason))
            }
        }
        return outcome
    }

    /// A job's run: with this tool's own build when the job is its checkout's commit, else with
    /// the revision built in a worktree under reports/worktrees/.
    func measure(_ job: BenchmarkJob, own: String?, request: CollectorRequest) throws -> RunResult {
        guard let profile = MeasurementProfile.named(job.profile) else { throw ToolError("job \(job.id) asks for an unknown profile '\(job.profile)'") }
        do {
            if job.revision == own {
                var selection = BenchmarkSelection()
                (selection.profile, selection.filter) = (profile, job.filter)
                return try BenchmarkDriver(options: try selection.driverOptions(self)).run()
            }
            var options = RevisionComparison.Options()
            (options.profile, options.filter, options.suites) = (profile, job.filter, MotionBenchSuites(executable: executable))
            if quiet { options.progress = nil }
            let comparison = RevisionComparison(
                options: options, repository: request.repository, workspace: request.reports.appendingPathComponent("worktrees"))
            let revision = try comparison.resolve(job.revision)
            try comparison.build(revision)
            return try comparison.measure(revision)
        } catch let error as DriverError {
            throw ToolError(error.description)
        }
    }
}

/// A collector's heartbeats for one job, on a thread and a connection of their own while the
/// job is measured.
final class Heartbeat: @unchecked Sendable {
    private let lock = NSLock()
    private var beating = true
    private var running: Bool { lock.withLock { beating } }

    init(location: StoreLocation, job: BenchmarkJob, collector: String, every seconds: Double) {
        Thread { [self] in
            let store = try? ResultsStore(location, migration: .never)
            while running {
                Thread.sleep(forTimeInterval: seconds)
                guard running else { break }
                _ = try? store?.heartbeat(job, collector: collector)
            }
        }.start()
    }

    func stop() { lock.withLock { beating = false } }
}

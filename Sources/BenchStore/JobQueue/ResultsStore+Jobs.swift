import BenchKit
import Foundation

/// A unit of a fleet's work: measure one revision's benchmarks (those matching `filter`) with
/// one profile, on whichever machine claims it.
public struct BenchmarkJob: Sendable, Hashable {
    public var id: Int64
    public var revision: String
    public var filter: String
    public var profile: String
    /// How many times it has been claimed: the claim's fencing token. A collector's heartbeat
    /// and its results count only while the job is still `running` under its name and attempt.
    public var attempt: Int
    /// What is built in the revision's checkout and measured: the package folder in it, its
    /// worker product and the build configuration (nil: the repository itself, its own worker,
    /// release).
    public var build = Build()
    /// For a comparison job, the revision `revision` is compared with (`compare-revisions
    /// baseline revision` on one machine, its report stored in `comparisons`); nil for a run.
    public var baseline: String?
    /// The collector whose claim went stale when this one took the job over; nil for a job
    /// claimed from the queue.
    public var takenFrom: String?

    public struct Build: Sendable, Hashable {
        public var packagePath: String?
        public var workerProduct: String?
        public var configuration: String?
        public init(packagePath: String? = nil, workerProduct: String? = nil, configuration: String? = nil) {
            (self.packagePath, self.workerProduct, self.configuration) = (packagePath, workerProduct, configuration)
        }
    }

    public enum State: String, Sendable, CaseIterable { case queued, running, done, failed }

    public init(id: Int64, revision: String, filter: String, profile: String, attempt: Int, build: Build = Build(), baseline: String? = nil) {
        (self.id, self.revision, self.filter, self.profile, self.attempt, self.build) = (id, revision, filter, profile, attempt, build)
        self.baseline = baseline
    }
}

/// A job as `db status` and the tests see it.
public struct JobRecord: Sendable, Hashable {
    public var job: BenchmarkJob
    public var state: BenchmarkJob.State
    public var claimedBy: String?
    /// The run its results are (or the comparison, for a comparison job), once done, and why it
    /// failed, if it did.
    public var runID: Int64?
    public var comparisonID: Int64?
    public var error: String?
}

extension ResultsStore {
    /// Adds a job; returns its id.
    @discardableResult
    public func enqueue(revision: String, filter: String, profile: String, build: BenchmarkJob.Build = .init(), baseline: String? = nil) throws -> Int64 {
        try connection.transaction {
            guard
                let id = try connection.query(
                    """
                    INSERT INTO jobs (revision, filter, profile, state, attempt, created_at, package_path, worker_product, configuration, baseline)
                    VALUES (?, ?, ?, 'queued', 0, \(connection.dialect.now), ?, ?, ?, ?) RETURNING id
                    """,
                    .text(revision), .text(filter), .text(profile), SQLValue(build.packagePath), SQLValue(build.workerProduct), SQLValue(build.configuration),
                    SQLValue(baseline)
                ).first?[0].int
            else { throw StoreError("\(location.redacted): the job was not added") }
            return Int64(id)
        }
    }

    /// Claims the oldest job nobody holds — queued, or running under a collector whose last
    /// heartbeat is older than `staleAfter` seconds — for `collector`: one transaction, with the
    /// row locked and rows other collectors are claiming passed over (`SKIP LOCKED`), so two
    /// collectors never hold one job. Nil when there is none.
    public func claim(collector: String, staleAfter: Double) throws -> BenchmarkJob? {
        try connection.transaction { () throws -> BenchmarkJob? in
            let now = connection.dialect.now
            guard
                let row = try connection.query(
                    """
                    SELECT id, revision, filter, profile, attempt, package_path, worker_product, configuration, baseline, state, claimed_by FROM jobs
                    WHERE state = 'queued' OR (state = 'running' AND heartbeat_at < \(now) - ?)
                    ORDER BY id LIMIT 1\(connection.dialect.skipLocked)
                    """, .real(staleAfter)
                ).first, let id = row[0].int
            else { return nil }
            let attempt = (row[4].int ?? 0) + 1
            try connection.execute(
                "UPDATE jobs SET state = 'running', claimed_by = ?, attempt = ?, heartbeat_at = \(now) WHERE id = ?", .text(collector), SQLValue(attempt),
                .integer(Int64(id)))
            var job = BenchmarkJob(
                id: Int64(id), revision: row[1].string ?? "", filter: row[2].string ?? "", profile: row[3].string ?? "", attempt: attempt,
                build: .init(packagePath: row[5].string, workerProduct: row[6].string, configuration: row[7].string), baseline: row[8].string)
            if row[9].string == "running" { job.takenFrom = row[10].string }
            return job
        }
    }

    /// Says the collector still works on the job; false when the job is no longer its own (it
    /// was handed to another collector after heartbeats stopped).
    public func heartbeat(_ job: BenchmarkJob, collector: String) throws -> Bool {
        try connection.execute(
            "UPDATE jobs SET heartbeat_at = \(connection.dialect.now) WHERE id = ? AND state = 'running' AND claimed_by = ? AND attempt = ?",
            .integer(job.id), .text(collector), SQLValue(job.attempt)) == 1
    }

    /// Stores the job's run and marks it done, in one transaction, if the job is still the
    /// collector's own; returns the run's id, or nil when it is not (another collector has it:
    /// nothing is stored, so every job is done exactly once).
    public func finish(_ job: BenchmarkJob, collector: String, machine: String, record: HistoryRecord, source: String) throws -> Int64? {
        try connection.transaction { () throws -> Int64? in
            let owned = try connection.query(
                "SELECT id FROM jobs WHERE id = ? AND state = 'running' AND claimed_by = ? AND attempt = ?\(connection.dialect == .postgresql ? " FOR UPDATE" : "")",
                .integer(job.id), .text(collector), SQLValue(job.attempt))
            guard !owned.isEmpty else { return nil }
            guard let run = try insert(record, source: source, kind: .collector, machine: machine) else {
                throw StoreError("\(location.redacted): a run from \(source) of \(machine) is already stored")
            }
            try connection.execute(
                "UPDATE jobs SET state = 'done', run_id = ?, finished_at = \(connection.dialect.now) WHERE id = ?", .integer(run), .integer(job.id))
            return run
        }
    }

    /// Stores a comparison job's report and marks the job done, in one transaction, if the job
    /// is still the collector's own; returns the comparison's id, or nil when it is not.
    public func finish(_ job: BenchmarkJob, collector: String, comparison report: ComparisonReport) throws -> Int64? {
        let text = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        return try connection.transaction { () throws -> Int64? in
            let owned = try connection.query(
                "SELECT id FROM jobs WHERE id = ? AND state = 'running' AND claimed_by = ? AND attempt = ?\(connection.dialect == .postgresql ? " FOR UPDATE" : "")",
                .integer(job.id), .text(collector), SQLValue(job.attempt))
            guard !owned.isEmpty else { return nil }
            guard
                let id = try connection.query(
                    "INSERT INTO comparisons (source, baseline, candidate, machine, report) VALUES (?, ?, ?, ?, ?) RETURNING id",
                    .text("jobs/\(job.id)/\(job.attempt)"), .text(report.baseline), .text(report.candidate), SQLValue(report.machine), .text(text)
                ).first?[0].int
            else { throw StoreError("\(location.redacted): the comparison of job \(job.id) was not stored") }
            try connection.execute(
                "UPDATE jobs SET state = 'done', comparison_id = ?, finished_at = \(connection.dialect.now) WHERE id = ?", .integer(Int64(id)), .integer(job.id)
            )
            return Int64(id)
        }
    }

    /// The comparison a comparison job stored.
    public func comparison(id: Int64) throws -> ComparisonReport? {
        guard let text = try connection.query("SELECT report FROM comparisons WHERE id = ?", .integer(id)).first?[0].string else { return nil }
        return try JSONDecoder().decode(ComparisonReport.self, from: Data(text.utf8))
    }

    /// Marks the job failed with the reason, if it is still the collector's own.
    public func fail(_ job: BenchmarkJob, collector: String, reason: String) throws {
        try connection.transaction {
            try connection.execute(
                "UPDATE jobs SET state = 'failed', error = ?, finished_at = \(connection.dialect.now) WHERE id = ? AND state = 'running' AND claimed_by = ? AND attempt = ?",
                .text(reason), .integer(job.id), .text(collector), SQLValue(job.attempt))
        }
    }

    /// Every job, oldest first.
    public func jobs() throws -> [JobRecord] {
        try connection.query(
            """
            SELECT id, revision, filter, profile, attempt, state, claimed_by, run_id, error, package_path, worker_product, configuration, baseline,
            comparison_id FROM jobs ORDER BY id
            """
        ).map { row in
            JobRecord(
                job: BenchmarkJob(
                    id: Int64(row[0].int ?? 0), revision: row[1].string ?? "", filter: row[2].string ?? "", profile: row[3].string ?? "",
                    attempt: row[4].int ?? 0, build: .init(packagePath: row[9].string, workerProduct: row[10].string, configuration: row[11].string),
                    baseline: row[12].string),
                state: BenchmarkJob.State(rawValue: row[5].string ?? "") ?? .failed, claimedBy: row[6].string, runID: row[7].int.map(Int64.init),
                comparisonID: row[13].int.map(Int64.init), error: row[8].string)
        }
    }

    /// The machine name a stored run was filed under.
    public func machineName(ofRun id: Int64) throws -> String? {
        try connection.query("SELECT m.name FROM runs r JOIN machines m ON m.id = r.machine_id WHERE r.id = ?", .integer(id)).first?[0].string
    }
}

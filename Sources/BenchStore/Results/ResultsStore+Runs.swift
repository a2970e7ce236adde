import BenchKit
import Foundation

extension ResultsStore {
    /// What kind of run a row is: history series are drawn from nightly and collector runs only.
    public enum RunKind: String, Sendable, CaseIterable {
        case nightly, collector, run, main
        static var history: [RunKind] { [.nightly, .collector] }
    }

    /// The machine's row: created on first sight, found after.
    func machineID(_ environment: EnvironmentFingerprint, name: String) throws -> Int64 {
        let key = environment.seriesKey
        try connection.execute(
            "INSERT INTO machines (name, series_key, cpu, cores, kernel, os, swift, build) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (name, series_key) DO NOTHING",
            .text(name), .text(key), .text(environment.cpuModel), SQLValue(environment.logicalCores), .text(environment.kernel),
            .text(environment.operatingSystem), .text(environment.swiftVersion), .text("\(environment.buildConfiguration) \(environment.buildFlags)"))
        guard let id = try connection.query("SELECT id FROM machines WHERE name = ? AND series_key = ?", .text(name), .text(key)).first?[0].int else {
            throw StoreError("\(location.redacted): the machine \(name) was not stored")
        }
        return Int64(id)
    }

    /// Stores a run with its conformance in one transaction: its machine (by `record.machine`,
    /// else `machine`), revision, one row per benchmark and each engine's verdicts. Returns the
    /// run's id, or nil when a run of that machine from that source is already stored (so
    /// storing a file twice stores it once).
    @discardableResult
    public func store(_ record: HistoryRecord, source: String, kind: RunKind, machine: String = MachineName.current()) throws -> Int64? {
        try connection.transaction { try insert(record, source: source, kind: kind, machine: machine) }
    }

    /// `store`'s statements, inside the caller's transaction.
    func insert(_ record: HistoryRecord, source: String, kind: RunKind, machine: String) throws -> Int64? {
        let run = record.run
        let measures = run.benchmarks.map { HistoryMeasure($0) }
        let environment = String(decoding: try JSONEncoder().encode(run.environment), as: UTF8.self)
        do {
            let machineID = try machineID(run.environment, name: record.machine ?? machine)
            guard
                let runID = try connection.query(
                    """
                    INSERT INTO runs (machine_id, kind, source, revision, dirty, started_at, profile, threads, environment,
                    build_revision, build_dirty, checkout_revision, checkout_dirty) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (machine_id, source) DO NOTHING RETURNING id
                    """,
                    .integer(machineID), .text(kind.rawValue), .text(source), .text(run.environment.revision ?? "unknown"),
                    SQLValue(run.environment.dirty),
                    .text(run.startedAt), .text(run.profile), SQLValue(run.threads), .text(environment),
                    SQLValue(run.environment.build?.revision), SQLValue(run.environment.build?.dirty), SQLValue(run.environment.gitRevision),
                    SQLValue(run.environment.gitDirty)
                ).first?[0].int
            else { return nil }
            if let revision = run.environment.revision {
                try connection.execute("INSERT INTO revisions (sha) VALUES (?) ON CONFLICT (sha) DO NOTHING", .text(revision))
            }
            for (position, (result, measure)) in zip(run.benchmarks, measures).enumerated() {
                let timing = result.timing
                let interval = timing?.medianInterval ?? []
                try connection.execute(
                    """
                    INSERT INTO results (run_id, position, benchmark, status, elements, median, median_low, median_high, trimmed_mean, trimmed_low, trimmed_high,
                    p90, p99, p999, allocations, allocated_bytes, instructions, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (run_id, benchmark) DO NOTHING
                    """,
                    .integer(Int64(runID)), SQLValue(position), .text(result.name), .text(result.status.rawValue), SQLValue(result.elements),
                    SQLValue(timing?.median), SQLValue(interval.first), SQLValue(interval.count == 2 ? interval[1] : nil),
                    SQLValue(measure.center), SQLValue(measure.low), SQLValue(measure.high),
                    SQLValue(timing?.percentiles["p90"]), SQLValue(timing?.percentiles["p99"]), SQLValue(timing?.percentiles["p99.9"]),
                    SQLValue(result.allocations?.perIteration), SQLValue(result.allocations?.bytesPerIteration), SQLValue(measure.instructions),
                    SQLValue(result.digest))
            }
            for (position, summary) in (record.engines ?? record.conformance.map { [$0] } ?? []).enumerated() {
                let engine = summary.engine ?? "MotionCore"
                try connection.execute(
                    """
                    INSERT INTO conformance_runs (run_id, position, engine, passed, failed, errors, skipped, checks_passed, checks_failed, checks_skipped, exit_code)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (run_id, engine) DO NOTHING
                    """,
                    .integer(Int64(runID)), SQLValue(position), .text(engine), SQLValue(summary.passed), SQLValue(summary.failed), SQLValue(summary.errors),
                    SQLValue(summary.skipped), SQLValue(summary.checksPassed), SQLValue(summary.checksFailed), SQLValue(summary.checksSkipped),
                    SQLValue(summary.exitCode))
                for (fixture, verdict) in summary.verdicts.sorted(by: { $0.key < $1.key }) {
                    try connection.execute(
                        "INSERT INTO conformance_verdicts (run_id, engine, fixture, verdict) VALUES (?, ?, ?, ?) ON CONFLICT (run_id, engine, fixture) DO NOTHING",
                        .integer(Int64(runID)), .text(engine), .text(fixture), .text(verdict))
                }
            }
            return Int64(runID)
        }
    }

    /// Keeps the change points found in a machine's series (a change point found again replaces
    /// the row it had).
    public func store(changePoints: [SuspectRange], environment: EnvironmentFingerprint, machine: String = MachineName.current()) throws {
        try connection.transaction {
            let machineID = try machineID(environment, name: machine)
            for c in changePoints {
                try connection.execute(
                    "DELETE FROM change_points WHERE machine_id = ? AND benchmark = ? AND metric = ? AND after_date = ?", .integer(machineID),
                    .text(c.benchmark), .text(c.metric.rawValue), .text(c.afterDate))
                try connection.execute(
                    "INSERT INTO change_points (machine_id, benchmark, metric, before_revision, after_revision, before_date, after_date, ratio) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    .integer(machineID), .text(c.benchmark), .text(c.metric.rawValue), .text(c.before), .text(c.after), .text(c.beforeDate),
                    .text(c.afterDate), .real(c.ratio))
            }
        }
    }

    /// Stores a revision comparison (once per source name).
    @discardableResult
    public func store(comparison report: ComparisonReport, source: String) throws -> Bool {
        let text = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        return try connection.transaction {
            guard
                let id = try connection.query(
                    "INSERT INTO comparisons (source, baseline, candidate, machine, report) VALUES (?, ?, ?, ?, ?) ON CONFLICT (source) DO NOTHING RETURNING id",
                    .text(source), .text(report.baseline), .text(report.candidate), SQLValue(report.machine), .text(text)
                ).first?[0].int
            else { return false }
            for c in report.comparisons {
                try connection.execute(
                    "INSERT INTO comparison_results (comparison_id, benchmark, verdict, ratio, ratio_low, ratio_high) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (comparison_id, benchmark) DO NOTHING",
                    .integer(Int64(id)), .text(c.name), .text(c.verdict.rawValue), SQLValue(c.ratio), SQLValue(c.interval?.first),
                    SQLValue(c.interval.map { $0.count == 2 ? $0[1] : nil } ?? nil))
            }
            return true
        }
    }
}

extension ResultsStore {
    /// The stored revisions whose commit date is not known yet.
    public func revisionsWithoutDates() throws -> [String] {
        try connection.query("SELECT sha FROM revisions WHERE commit_date IS NULL ORDER BY sha").compactMap { $0[0].string }
    }

    /// Records a revision's commit date (ISO 8601) and parents (hashes, space-separated).
    public func describe(revision: String, commitDate: String, parents: String) throws {
        try connection.transaction {
            try connection.execute("UPDATE revisions SET commit_date = ?, parents = ? WHERE sha = ?", .text(commitDate), .text(parents), .text(revision))
        }
    }
}

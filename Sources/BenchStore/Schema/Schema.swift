import Foundation

/// The store's schema, one for SQLite and PostgreSQL, as numbered migrations: migration n takes
/// a store from version n − 1 to n. A store records its version in `meta`; a tool refuses a
/// store newer than the last migration it knows.
///
/// Times the database keeps for itself (heartbeats) are seconds since 1970 on its own clock;
/// times of runs are the ISO 8601 text the runs carry, which sorts as time.
public enum Schema {
    public static let migrations: [String] = [
        // 1: results, conformance, comparisons, change points, the job queue.
        """
        CREATE TABLE machines (
            id {serial},
            name TEXT NOT NULL,
            series_key TEXT NOT NULL,
            cpu TEXT NOT NULL,
            cores {int} NOT NULL,
            kernel TEXT NOT NULL,
            os TEXT NOT NULL,
            swift TEXT NOT NULL,
            build TEXT NOT NULL,
            UNIQUE (name, series_key)
        );
        CREATE TABLE revisions (
            sha TEXT PRIMARY KEY,
            commit_date TEXT,
            parents TEXT
        );
        CREATE TABLE runs (
            id {serial},
            machine_id {int} NOT NULL REFERENCES machines(id),
            kind TEXT NOT NULL,
            source TEXT NOT NULL,
            revision TEXT NOT NULL,
            dirty {int},
            started_at TEXT NOT NULL,
            profile TEXT NOT NULL,
            threads {int} NOT NULL,
            environment TEXT NOT NULL,
            UNIQUE (machine_id, source)
        );
        CREATE INDEX runs_by_machine ON runs (machine_id, kind, started_at);
        CREATE TABLE results (
            run_id {int} NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            position {int} NOT NULL,
            benchmark TEXT NOT NULL,
            status TEXT NOT NULL,
            elements {int} NOT NULL,
            median {real}, median_low {real}, median_high {real},
            trimmed_mean {real}, trimmed_low {real}, trimmed_high {real},
            p90 {real}, p99 {real}, p999 {real},
            allocations {real}, allocated_bytes {real}, instructions {real},
            digest TEXT,
            PRIMARY KEY (run_id, benchmark)
        );
        CREATE INDEX results_by_benchmark ON results (benchmark, run_id);
        CREATE TABLE conformance_runs (
            run_id {int} NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            position {int} NOT NULL,
            engine TEXT NOT NULL,
            passed {int} NOT NULL, failed {int} NOT NULL, errors {int} NOT NULL, skipped {int},
            checks_passed {int}, checks_failed {int}, checks_skipped {int}, exit_code {int},
            PRIMARY KEY (run_id, engine)
        );
        CREATE TABLE conformance_verdicts (
            run_id {int} NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            engine TEXT NOT NULL,
            fixture TEXT NOT NULL,
            verdict TEXT NOT NULL,
            PRIMARY KEY (run_id, engine, fixture)
        );
        CREATE TABLE comparisons (
            id {serial},
            source TEXT NOT NULL UNIQUE,
            baseline TEXT NOT NULL,
            candidate TEXT NOT NULL,
            machine TEXT,
            report TEXT NOT NULL
        );
        CREATE TABLE comparison_results (
            comparison_id {int} NOT NULL REFERENCES comparisons(id) ON DELETE CASCADE,
            benchmark TEXT NOT NULL,
            verdict TEXT NOT NULL,
            ratio {real}, ratio_low {real}, ratio_high {real},
            PRIMARY KEY (comparison_id, benchmark)
        );
        CREATE TABLE change_points (
            machine_id {int} NOT NULL REFERENCES machines(id),
            benchmark TEXT NOT NULL,
            metric TEXT NOT NULL,
            before_revision TEXT NOT NULL,
            after_revision TEXT NOT NULL,
            before_date TEXT NOT NULL,
            after_date TEXT NOT NULL,
            ratio {real} NOT NULL,
            PRIMARY KEY (machine_id, benchmark, metric, after_date)
        );
        CREATE TABLE jobs (
            id {serial},
            revision TEXT NOT NULL,
            filter TEXT NOT NULL,
            profile TEXT NOT NULL,
            state TEXT NOT NULL,
            claimed_by TEXT,
            attempt {int} NOT NULL,
            heartbeat_at {real},
            created_at {real} NOT NULL,
            finished_at {real},
            run_id {int} REFERENCES runs(id),
            error TEXT
        );
        CREATE INDEX jobs_by_state ON jobs (state, id)
        """,
        // 2: provenance — a run is filed under its build's commit (`revision`) and keeps its
        // build's and its checkout's apart; a job names the package and worker it measures, and
        // a job with a baseline compares two revisions (a bisection's midpoint) into `comparisons`.
        """
        ALTER TABLE runs ADD COLUMN build_revision TEXT;
        ALTER TABLE runs ADD COLUMN build_dirty {int};
        ALTER TABLE runs ADD COLUMN checkout_revision TEXT;
        ALTER TABLE runs ADD COLUMN checkout_dirty {int};
        ALTER TABLE jobs ADD COLUMN package_path TEXT;
        ALTER TABLE jobs ADD COLUMN worker_product TEXT;
        ALTER TABLE jobs ADD COLUMN configuration TEXT;
        ALTER TABLE jobs ADD COLUMN baseline TEXT;
        ALTER TABLE jobs ADD COLUMN comparison_id {int} REFERENCES comparisons(id)
        """,
        // 3: a bisected change point names its culprit commit and the comparison of the culprit
        // against its parent, where the functions whose work changed are attributed.
        """
        ALTER TABLE change_points ADD COLUMN culprit TEXT;
        ALTER TABLE change_points ADD COLUMN comparison_id {int} REFERENCES comparisons(id)
        """,
    ]

    /// The version this tool writes and reads.
    public static var version: Int { migrations.count }
}

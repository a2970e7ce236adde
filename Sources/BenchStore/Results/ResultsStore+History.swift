import BenchKit
import Foundation

/// A machine the store has runs of.
public struct StoredMachine: Sendable, Hashable {
    public var id: Int64
    public var name: String
    public var seriesKey: String
    public var cpu: String
    /// Its history runs (nightly and collector), and the newest one's start.
    public var historyRuns: Int
    public var newest: String?
}

extension ResultsStore {
    private var historyKinds: String { RunKind.history.map { "'\($0.rawValue)'" }.joined(separator: ", ") }

    /// Every machine with a history run, the one with the newest run first.
    public func machines() throws -> [StoredMachine] {
        try connection.query(
            """
            SELECT m.id, m.name, m.series_key, m.cpu, count(r.id), max(r.started_at) FROM machines m
            JOIN runs r ON r.machine_id = m.id AND r.kind IN (\(historyKinds))
            GROUP BY m.id, m.name, m.series_key, m.cpu ORDER BY max(r.started_at) DESC, m.name
            """
        ).map { row in
            StoredMachine(
                id: Int64(row[0].int ?? 0), name: row[1].string ?? "", seriesKey: row[2].string ?? "", cpu: row[3].string ?? "",
                historyRuns: row[4].int ?? 0, newest: row[5].string)
        }
    }

    /// The machine of that name and series, if it has runs.
    public func machine(name: String, seriesKey: String) throws -> StoredMachine? {
        try machines().first { $0.name == name && $0.seriesKey == seriesKey }
    }

    /// The newest `window` history runs of a machine, oldest first, each with its measures and
    /// conformance: three queries whose cost follows the window, not the history.
    public func history(of machine: Int64, window: Int) throws -> [HistoryRun] {
        let chosen = "SELECT id FROM runs WHERE machine_id = ? AND kind IN (\(historyKinds)) ORDER BY started_at DESC, id DESC LIMIT ?"
        let parameters: [SQLValue] = [.integer(machine), SQLValue(window)]
        var runs: [Int64: HistoryRun] = [:], order: [Int64] = []
        let decoder = JSONDecoder()
        for row in try connection.query("SELECT id, started_at, profile, source, environment FROM runs WHERE id IN (\(chosen))", parameters) {
            guard let id = row[0].int, let text = row[4].string, let environment = try? decoder.decode(EnvironmentFingerprint.self, from: Data(text.utf8))
            else { throw StoreError("\(location.redacted): run \(row[0].string ?? "?") has no readable environment") }
            runs[Int64(id)] = HistoryRun(startedAt: row[1].string ?? "", profile: row[2].string ?? "", environment: environment, source: row[3].string)
            order.append(Int64(id))
        }
        for row in try connection.query(
            "SELECT run_id, benchmark, trimmed_mean, trimmed_low, trimmed_high, instructions FROM results WHERE run_id IN (\(chosen)) ORDER BY run_id, position",
            parameters)
        {
            guard let id = row[0].int.map(Int64.init), let name = row[1].string else { continue }
            runs[id]?.benchmarks.append(name)
            runs[id]?.measures[name] = HistoryMeasure(center: row[2].double, low: row[3].double, high: row[4].double, instructions: row[5].double)
        }
        for row in try connection.query(
            """
            SELECT run_id, engine, passed, failed, errors, skipped, checks_passed, checks_failed, checks_skipped, exit_code
            FROM conformance_runs WHERE run_id IN (\(chosen)) ORDER BY run_id, position
            """, parameters)
        {
            guard let id = row[0].int.map(Int64.init) else { continue }
            var summary = JSONConformanceSummary(passed: row[2].int ?? 0, failed: row[3].int ?? 0, errors: row[4].int ?? 0, verdicts: [:])
            summary.engine = row[1].string == "MotionCore" ? nil : row[1].string
            (summary.skipped, summary.checksPassed, summary.checksFailed) = (row[5].int, row[6].int, row[7].int)
            (summary.checksSkipped, summary.exitCode) = (row[8].int, row[9].int)
            runs[id]?.conformance.append(summary)
        }
        return order.compactMap { runs[$0] }.sorted { ($0.startedAt, $0.source ?? "") < ($1.startedAt, $1.source ?? "") }
    }

    /// The sources (history files, `series/file.json`) of a machine's stored runs.
    public func sources(machine name: String) throws -> Set<String> {
        Set(
            try connection.query("SELECT r.source FROM runs r JOIN machines m ON m.id = r.machine_id WHERE m.name = ?", .text(name)).compactMap {
                $0[0].string
            })
    }

    /// The newest `limit` revision comparisons (by source name, which starts with their date),
    /// oldest first.
    public func comparisons(limit: Int) throws -> [(name: String, report: ComparisonReport)] {
        try connection.query("SELECT source, report FROM comparisons ORDER BY source DESC LIMIT ?", SQLValue(limit)).reversed().compactMap { row in
            guard let name = row[0].string, let text = row[1].string, let report = try? JSONDecoder().decode(ComparisonReport.self, from: Data(text.utf8))
            else { return nil }
            return (name, report)
        }
    }

    /// How many rows each table holds (`db status`).
    public func counts() throws -> [(table: String, rows: Int)] {
        try ["machines", "revisions", "runs", "results", "conformance_runs", "conformance_verdicts", "comparisons", "change_points", "jobs"].map {
            ($0, try connection.query("SELECT count(*) FROM \($0)").first?[0].int ?? 0)
        }
    }
}

/// A stored run named on a command line: `revision:PREFIX` (the newest run of a revision whose
/// hash starts so) or `date:PREFIX` (the newest run whose start, `YYYY-MM-DDTHH:MM:SSZ`, starts so).
public struct StoredRunReference: Sendable, Hashable {
    public enum Field: String, Sendable { case revision, date }
    public var field: Field
    public var prefix: String

    /// Nil when `text` is not such a reference (a baseline name or a file path).
    public init?(_ text: String) {
        for field in [Field.revision, .date] where text.hasPrefix(field.rawValue + ":") {
            let prefix = String(text.dropFirst(field.rawValue.count + 1))
            guard !prefix.isEmpty else { return nil }
            (self.field, self.prefix) = (field, prefix)
            return
        }
        return nil
    }
}

/// A run found by a reference: its file (relative to the history folder for nightly and collector
/// runs, to the reports folder for others), kind, machine and start.
public struct StoredRun: Sendable, Hashable {
    public var source: String
    public var kind: ResultsStore.RunKind
    public var machine: String
    public var revision: String
    public var startedAt: String
}

extension ResultsStore {
    /// The newest run of `machine` (any machine when nil) that `reference` names.
    public func run(_ reference: StoredRunReference, machine: String?) throws -> StoredRun? {
        let column = reference.field == .revision ? "r.revision" : "r.started_at"
        // A prefix match without LIKE, so `%` and `_` in what the user typed mean themselves.
        var sql =
            "SELECT r.source, r.kind, m.name, r.revision, r.started_at FROM runs r JOIN machines m ON m.id = r.machine_id WHERE substr(\(column), 1, ?) = ?"
        var parameters: [SQLValue] = [SQLValue(reference.prefix.count), .text(reference.prefix)]
        if let machine {
            sql += " AND m.name = ?"
            parameters.append(.text(machine))
        }
        sql += " ORDER BY r.started_at DESC, r.id DESC LIMIT 1"
        return try connection.query(sql, parameters).first.map { row in
            StoredRun(
                source: row[0].string ?? "", kind: RunKind(rawValue: row[1].string ?? "") ?? .run, machine: row[2].string ?? "",
                revision: row[3].string ?? "", startedAt: row[4].string ?? "")
        }
    }
}

import BenchKit
import Foundation

/// What `db import` (or a nightly's catch-up) stored.
public struct ImportOutcome: Sendable, Equatable {
    /// History runs and comparisons newly stored, and those the store already had.
    public var runs = 0
    public var comparisons = 0
    public var alreadyStored = 0
    /// Files that could not be read (named, skipped).
    public var problems: [String] = []

    public init() {}
}

extension ResultsStore {
    /// Stores every history record under `reports/history/` and every revision comparison under
    /// `reports/revisions/` that the store lacks; each in its own transaction, so an interrupted
    /// import keeps what it stored and the next one carries on. A record without a machine name
    /// is filed under `machine`.
    /// The folder where `main` keeps its run as a history record when the store could not take
    /// it, under the run file's own name (`runs/NAME` is its source in the store).
    public static func unstoredFolder(in reports: URL) -> URL { reports.appendingPathComponent("unstored") }

    /// The records kept in `unstoredFolder`, by name.
    public static func unstoredRecords(in reports: URL) -> [URL] {
        let folder = unstoredFolder(in: reports)
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
            .map { folder.appendingPathComponent($0) }
    }

    public func importReports(_ reports: URL, machine: String = MachineName.current()) throws -> ImportOutcome {
        var outcome = ImportOutcome()
        let history = HistoryStore(root: reports.appendingPathComponent("history"))
        let stored = Set(try connection.query("SELECT source FROM runs").compactMap { $0[0].string })
        for source in history.files() {
            if stored.contains(source) {
                outcome.alreadyStored += 1
                continue
            }
            let record: HistoryRecord
            do { record = try history.record(source) } catch {
                outcome.problems.append("\(history.root.appendingPathComponent(source).path): not a history record (\(error))")
                continue
            }
            if try store(record, source: source, kind: .nightly, machine: machine) != nil { outcome.runs += 1 } else { outcome.alreadyStored += 1 }
        }
        for file in Self.unstoredRecords(in: reports) {
            let source = "runs/" + file.lastPathComponent
            if stored.contains(source) {
                outcome.alreadyStored += 1
                continue
            }
            guard let data = try? Data(contentsOf: file), let record = try? JSONDecoder().decode(HistoryRecord.self, from: data) else {
                outcome.problems.append("\(file.path): not a kept run (a history record)")
                continue
            }
            if try store(record, source: source, kind: .main, machine: record.machine ?? machine) != nil {
                outcome.runs += 1
            } else {
                outcome.alreadyStored += 1
            }
        }
        let revisions = reports.appendingPathComponent("revisions")
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: revisions.path)) ?? []).sorted() where name.hasSuffix(".json") {
            let url = revisions.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: url), let report = try? JSONDecoder().decode(ComparisonReport.self, from: data) else {
                outcome.problems.append("\(url.path): not a revision comparison")
                continue
            }
            if try store(comparison: report, source: name) { outcome.comparisons += 1 } else { outcome.alreadyStored += 1 }
        }
        return outcome
    }
}

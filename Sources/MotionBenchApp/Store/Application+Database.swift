import BenchKit
import BenchStore
import Foundation

/// What `db` does to the store: bring its schema up to this tool's version, store the records
/// of a reports folder it lacks, or say what it holds.
package enum DatabaseRequest: Sendable {
    case migrate
    /// The folder's history records and revision comparisons; nil: the reports folder.
    case importReports(URL?)
    case status
}

/// What the store answered, with where it is (its password never written).
package enum DatabaseOutcome {
    case migrated(store: StoreName, from: Int, to: Int)
    case imported(store: StoreName, ImportSummary)
    /// Its schema version; the rest only when that is this tool's.
    case status(store: StoreName, version: Int, tables: [(table: String, rows: Int)], machines: [MachineInStore], jobs: [QueuedJob])

    /// The schema version this tool writes.
    package static var schemaVersion: Int { Schema.version }

    package var exitCode: Int32 {
        if case let .imported(_, summary) = self, !summary.problems.isEmpty { return 1 }
        return 0
    }
}

extension Application {
    /// `request` on the store `choice` names; `reports` is where results are kept.
    /// `reportsGiven`: the reports folder was named, so an import of another folder still goes
    /// to its store rather than the imported folder's.
    package func database(_ request: DatabaseRequest, store choice: StoreChoice, reports: URL, reportsGiven: Bool) throws -> DatabaseOutcome {
        switch request {
        case .migrate:
            let location = choice.location(reports: reports)
            let store = try openStore(choice, reports: reports, migration: .never, allowOlder: true, existing: true)
            let (from, to) = try Self.scrubbed(location) { try store.migrate() }
            return .migrated(store: StoreName(location), from: from, to: to)
        case let .importReports(folder):
            let folder = folder ?? reports
            guard FileManager.default.fileExists(atPath: folder.path) else { throw ToolError("\(folder.path) does not exist: nothing to import") }
            // What there is to import: a folder without any is a mistyped one, not an empty success.
            let records =
                HistoryStore(root: folder.appendingPathComponent("history")).files().count + ResultsStore.unstoredRecords(in: folder).count
            let comparisons = ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("revisions").path)) ?? []).filter {
                $0.hasSuffix(".json")
            }.count
            guard records + comparisons > 0 else {
                throw ToolError(
                    "\(folder.path) holds no history record (history/MACHINE/*.json), no run kept when a store failed (unstored/*.json) and no revision comparison (revisions/*.json): nothing to import"
                )
            }
            // The store of the folder given, unless another is named.
            let target = reportsGiven ? reports : folder
            let location = choice.location(reports: target)
            // A store this import creates and then stores nothing in is removed: a failed import
            // leaves nothing behind.
            let created = location.kind == .sqlite && !FileManager.default.fileExists(atPath: location.raw)
            let outcome: ImportOutcome
            do {
                let store = try openStore(choice, reports: target)
                outcome = try Self.scrubbed(location) { try store.importReports(folder, machine: choice.machineName) }
            } catch {
                if created { Self.removeStoreFile(location) }
                throw error
            }
            if created && outcome.runs + outcome.comparisons == 0 { Self.removeStoreFile(location) }
            return .imported(store: StoreName(location), ImportSummary(outcome))
        case .status:
            let location = choice.location(reports: reports)
            let store = try openStore(choice, reports: reports, migration: .never, allowOlder: true, existing: true)
            let version = try Self.scrubbed(location) { try store.version() }
            guard version == Schema.version else { return .status(store: StoreName(location), version: version, tables: [], machines: [], jobs: []) }
            return .status(
                store: StoreName(location), version: version, tables: try Self.scrubbed(location) { try store.counts() },
                machines: try Self.scrubbed(location) { try store.machines() }.map(MachineInStore.init),
                jobs: try Self.scrubbed(location) { try store.jobs() }.map(QueuedJob.init))
        }
    }

    /// Removes an embedded store's file and SQLite's companions of it.
    static func removeStoreFile(_ location: StoreLocation) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: location.raw + suffix) }
    }

    /// A store's error as the tool's, its password scrubbed.
    static func scrubbed<T>(_ location: StoreLocation, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as StoreError { throw ToolError(location.scrub(error.description), remedy: error.remedy) }
    }
}

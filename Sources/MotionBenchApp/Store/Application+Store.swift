import BenchKit
import BenchStore
import Foundation
import HarnessSupport

/// Which store a job uses and under which machine name it files what it measures.
package struct StoreChoice: Sendable {
    /// `--database` (a file path or `postgresql://…`); nil: `MOTIONBENCH_DATABASE`, else
    /// `motionbench.sqlite` in the reports folder.
    package var database: String?
    /// The machine's readable name; nil: `MOTIONBENCH_MACHINE`, else the host name.
    package var machine: String?

    package init(database: String? = nil, machine: String? = nil) { (self.database, self.machine) = (database, machine) }

    package func location(reports: URL) -> StoreLocation { StoreLocation.resolve(option: database, reports: reports) }
    /// Whether the store was named (`--database` or the environment) rather than the embedded
    /// default: a named store that does not exist is a mistake, not a first use.
    package var isNamed: Bool {
        !(database ?? "").isEmpty || !(ProcessInfo.processInfo.environment[StoreLocation.environmentVariable] ?? "").isEmpty
    }
    package var machineName: String { machine.flatMap { $0.isEmpty ? nil : $0 } ?? MachineName.current() }
}

extension Application {
    /// The store, opened (an embedded file created and brought up to date on first use); a store
    /// that cannot be opened is a `ToolError` naming it (never its password) and why.
    /// `allowOlder` opens a store older than the tool as it is (to migrate it or say its version).
    /// `existing`: a command that only reads (or one that writes only into a store it was pointed
    /// at) refuses a file that is not there instead of creating it, and its folders.
    package func openStore(
        _ choice: StoreChoice, reports: URL, migration: ResultsStore.Migration = .automatic, allowOlder: Bool = false, existing: Bool = false
    ) throws -> ResultsStore {
        let location = choice.location(reports: reports)
        if existing, location.kind == .sqlite, !FileManager.default.fileExists(atPath: location.raw) {
            throw ToolError(
                "there is no store at \(location.raw): a file that does not exist is not opened as an empty store (nothing was created)",
                remedy: choice.isNamed ? .existingStore : .measureFirst)
        }
        do { return try ResultsStore(location, migration: migration, allowOlder: allowOlder) } catch let error as StoreError {
            throw ToolError(location.scrub(error.description), remedy: error.remedy)
        }
    }

    /// Runs `body` on the store; a failure becomes the line that says which store and why (the
    /// JSON files already written stay, and the next run or `db import` catches up).
    func withStore<T>(_ choice: StoreChoice, reports: URL, _ body: (ResultsStore) throws -> T) -> Result<T, ToolError> {
        let location = choice.location(reports: reports)
        do {
            let store = try openStore(choice, reports: reports)
            return .success(try body(store))
        } catch let error as ToolError {
            return .failure(
                ToolError(
                    "the results were not stored in \(location.redacted): \(location.scrub(error.description)); the JSON files are kept, and the next run or an import stores them",
                    remedy: error.remedy ?? .importResults))
        } catch {
            return .failure(
                ToolError(
                    "the results were not stored in \(location.redacted): \(location.scrub(String(describing: error))); the JSON files are kept, and the next run or an import stores them",
                    remedy: (error as? any RemediableError)?.remedy ?? .importResults))
        }
    }
}

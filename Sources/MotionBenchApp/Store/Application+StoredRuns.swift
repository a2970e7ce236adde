import BenchKit
import BenchStore
import Foundation
import HarnessSupport

extension Application {
    /// The JSON file of the stored run `text` names (`revision:PREFIX` or `date:PREFIX`, this
    /// machine's newest), or nil when `text` is not such a reference. A reference that names no
    /// stored run, or a run whose file is gone, is a `ToolError` saying so.
    package func storedRunFile(_ text: String, store choice: StoreChoice, reports: URL) throws -> URL? {
        guard let reference = StoredRunReference(text) else { return nil }
        let store = try openStore(choice, reports: reports, existing: true)
        guard let run = try Self.storeFailure(store, { try store.run(reference, machine: choice.machineName) }) else {
            throw ToolError(
                "no run of machine \(choice.machineName) in \(store.location.redacted) has a \(reference.field.rawValue) starting '\(reference.prefix)'",
                remedy: .otherMachine)
        }
        let file =
            run.kind == .nightly || run.kind == .collector
            ? reports.appendingPathComponent("history").appendingPathComponent(run.source) : reports.appendingPathComponent(run.source)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw ToolError(
                "\(text) is the run of \(run.startedAt) (revision \(run.revision.prefix(10))), whose samples were in \(file.path), which is gone; the store keeps its summary only"
            )
        }
        return file
    }

    /// The run in a file: a run result, or a history record's run.
    package func loadRun(_ url: URL, role: String) throws -> RunResult {
        if url.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent == "history",
            let record = try? JSONDecoder().decode(HistoryRecord.self, from: Data(contentsOf: url))
        {
            return record.run
        }
        do { return try ResultFiles(root: url.deletingLastPathComponent()).load(url, role: role) } catch let error as ResultFileError {
            throw ToolError(error.description, remedy: error.remedy)
        }
    }
}

extension Application {
    /// Each benchmark's own threshold from the newest `window` runs of this machine's series
    /// `seriesKey` in the store (`HistoryNoise`); a store that cannot be read, or a series it
    /// does not hold, is a `ToolError` — asked for, the thresholds are not silently left out.
    package func historyThresholds(seriesKey: String, store choice: StoreChoice, reports: URL, window: Int) throws -> [String: HistoryNoise] {
        let store = try openStore(choice, reports: reports, existing: true)
        guard let series = try Self.storeFailure(store, { try store.machine(name: choice.machineName, seriesKey: seriesKey) }) else {
            throw ToolError(
                "\(store.location.redacted) holds no history of machine \(choice.machineName) for this build (\(seriesKey)): a nightly job keeps one, or the history is another machine's",
                remedy: .otherMachine)
        }
        return HistoryNoise.thresholds(try Self.storeFailure(store, { try store.history(of: series.id, window: window) }))
    }
}

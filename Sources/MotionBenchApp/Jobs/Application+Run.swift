import BenchKit
import Foundation

/// What `run` is asked: the benchmarks and how to measure them, where results go.
package struct RunRequest: Sendable {
    package var selection: BenchmarkSelection
    package var reports: URL
    /// Also keep the run as this named baseline (reports/baselines/NAME.json).
    package var saveBaseline: String?

    package init(selection: BenchmarkSelection, reports: URL = URL(fileURLWithPath: "reports"), saveBaseline: String? = nil) {
        (self.selection, self.reports, self.saveBaseline) = (selection, reports, saveBaseline)
    }
}

/// What a `run` measured and wrote.
package struct RunOutcome: Sendable {
    package var result: RunResult
    /// The run's file under reports/runs/.
    package var file: URL
    package var baseline: URL?
    /// 0 when every benchmark measured, 1 when one failed.
    package var exitCode: Int32 { result.benchmarks.contains { $0.status != .ok } ? 1 : 0 }
}

extension Application {
    /// `run`: measures the selection with the driver (one worker process per benchmark and pass)
    /// and keeps the result. `measured` sees the result before any file is written, so what was
    /// measured is shown even when a file then cannot be.
    package func run(_ request: RunRequest, measured: (RunResult) throws -> Void = { _ in }) throws -> RunOutcome {
        if let baseline = request.saveBaseline {
            do { try ResultFiles.checkBaselineReference(baseline) } catch let error as ResultFileError {
                throw RequestError(.saveBaseline, nil, error.description)
            }
        }
        let options = try request.selection.driverOptions(self)
        try checkBuilds(options)
        let result = try BenchmarkDriver(options: options).run()
        try measured(result)
        let store = ResultFiles(root: request.reports)
        let file = try store.save(result)
        let baseline = try request.saveBaseline.map { try store.save(result, asBaseline: $0) }
        return RunOutcome(result: result, file: file, baseline: baseline)
    }
}

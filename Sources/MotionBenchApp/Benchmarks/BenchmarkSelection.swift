import BenchKit
import EngineConformance
import Foundation
import MotionConformance

/// What a job that runs benchmarks chooses (`run`, `main`, `nightly`, `calibrate`, `list`):
/// read once from a command line by the executable, or set by a job that runs benchmarks itself,
/// then turned into the driver's options. No job builds another command's argument list.
package struct BenchmarkSelection: Sendable {
    package var profile = MeasurementProfile.named("standard")!
    package var filter: String?
    package var threads: Int?
    /// The benchmark worker; nil: MotionBenchmarks beside this tool.
    package var worker: URL?
    /// Engines in other processes, measured on the standard workloads instead of the worker.
    package var engines: [EngineLaunch] = []
    package var timeout: Double?
    package var busyRetries: Int?
    package var instructions = false
    /// Variables for every worker, beside this process's own.
    package var workerEnvironment: [String: String] = [:]

    package init() {}

    /// The driver's options: the worker (or one workload worker per engine, with the C reference
    /// kernels from the benchmark worker when it is there) and the measurement settings.
    package func driverOptions(_ app: Application) throws -> BenchmarkDriver.Options {
        var options = BenchmarkDriver.Options(worker: app.executable)
        if engines.isEmpty {
            options.worker = try app.benchmarkWorker(worker)
        } else {
            let workers = engines.map { app.workloadWorker($0) }
            options.worker = workers[0].executable
            options.workerArguments = workers[0].arguments
            options.additionalWorkers = Array(workers.dropFirst())
            options.referenceWorker = (try? app.benchmarkWorker(worker)).map { BenchmarkDriver.WorkerCommand(executable: $0) }
        }
        options.profile = profile
        if let threads { options.threads = threads }
        options.filter = filter
        if let timeout { options.timeout = timeout }
        if let busyRetries { options.busyRetries = busyRetries }
        options.instructions = instructions
        options.environment = workerEnvironment
        if app.quiet { options.progress = nil }
        options.repository = FileManager.default.currentDirectoryPath
        #if DEBUG
            options.buildConfiguration = "debug"
        #endif
        options.toolVersion = "motion-bench \(app.version)"
        return options
    }
}

extension Application {
    /// The benchmark worker: `path`, or MotionBenchmarks beside this tool.
    package func benchmarkWorker(_ path: URL?) throws -> URL {
        if let path { return path }
        let sibling = executable.deletingLastPathComponent().appendingPathComponent("MotionBenchmarks")
        guard FileManager.default.isExecutableFile(atPath: sibling.path) else {
            throw RequestError(.worker, nil, "names none, and there is none beside the tool (\(sibling.path)); build it with `swift build -c release`")
        }
        return sibling
    }

    /// This tool's workload worker for an engine in another process (docs/protocol.md §8).
    package func workloadWorker(_ engine: EngineLaunch) -> BenchmarkDriver.WorkerCommand {
        BenchmarkDriver.WorkerCommand(executable: executable, arguments: [InternalCommand.workloadWorker.rawValue] + EngineOptions.arguments(for: engine))
    }
}

import BenchKit
import Foundation
import MotionConformance

/// What a command that runs benchmarks chooses (`run`, `main`, `nightly`, `calibrate`, `list`),
/// typed: read once from a command line, or set by a job that runs benchmarks itself, then
/// turned into the driver's options. No job builds another command's argument list.
struct BenchmarkSelection {
    var profile = MeasurementProfile.named("standard")!
    var filter: String?
    var threads: Int?
    /// The benchmark worker; nil: MotionBenchmarks beside this tool.
    var worker: URL?
    /// Engines in other processes, measured on the standard workloads instead of the worker.
    var engines: [ExternalEngine.Options] = []
    var timeout: Double?
    var busyRetries: Int?
    var instructions = false

    init() {}

    /// Every option a command line gives, validated: a bad value is a usage error naming it.
    init(_ arguments: Arguments) throws {
        profile = try BenchCommands.profile(arguments)
        filter = try arguments.pattern("--filter")
        threads = try arguments.threads()
        worker = arguments.value("--worker").map { URL(fileURLWithPath: $0) }
        let shell = arguments.has("--engine-shell")
        let engineTimeout = try arguments.double("--engine-timeout")
        if arguments.all("--engine").isEmpty {
            if shell || engineTimeout != nil { throw UsageError("--engine-shell and --engine-timeout go with --engine CMD") }
        } else if let engineTimeout, !(engineTimeout > 0 && engineTimeout <= 3600) {
            throw UsageError("--engine-timeout '\(engineTimeout)' is not a number of seconds between 0 and 3600")
        }
        engines = arguments.all("--engine").map { ExternalEngine.Options(command: $0, shell: shell, timeout: engineTimeout ?? 240) }
        timeout = try arguments.double("--timeout")
        if let retries = arguments.value("--busy-retries") {
            guard let n = Int(retries), n >= 0 else { throw UsageError("--busy-retries needs a whole number ≥ 0, got '\(retries)'") }
            busyRetries = n
        }
        instructions = arguments.has("--instructions")
    }

    /// The driver's options: the worker (or one workload worker per engine, with the C reference
    /// kernels from the benchmark worker when it is there) and the measurement settings.
    func driverOptions() throws -> BenchmarkDriver.Options {
        var options = BenchmarkDriver.Options(worker: URL(fileURLWithPath: selfExecutable))
        if engines.isEmpty {
            options.worker = try BenchCommands.worker(worker)
        } else {
            let workers = engines.map {
                BenchmarkDriver.WorkerCommand(
                    executable: URL(fileURLWithPath: selfExecutable), arguments: [InternalCommand.workloadWorker.rawValue] + WorkloadWorker.arguments(for: $0))
            }
            options.worker = workers[0].executable
            options.workerArguments = workers[0].arguments
            options.additionalWorkers = Array(workers.dropFirst())
            options.referenceWorker = (try? BenchCommands.worker(worker)).map { BenchmarkDriver.WorkerCommand(executable: $0) }
        }
        options.profile = profile
        if let threads { options.threads = threads }
        options.filter = filter
        if let timeout { options.timeout = timeout }
        if let busyRetries { options.busyRetries = busyRetries }
        options.instructions = instructions
        if quiet { options.progress = nil }
        options.repository = FileManager.default.currentDirectoryPath
        #if DEBUG
            options.buildConfiguration = "debug"
        #endif
        options.toolVersion = "motion-bench \(CommandLineTool.version)"
        return options
    }
}

import BenchKit
import Foundation
import HarnessSupport
import MotionConformance

extension WorkloadWorker {
    /// The engine a workload worker drives, as the words before its `WorkerRequest`:
    ///
    ///     --engine CMD [--engine-shell] [--engine-timeout S]
    ///
    /// the options of `EngineOptions`, written by the driver's side and read by the worker.
    public static func arguments(for engine: ExternalEngine.Options) -> [String] { EngineOptions.arguments(for: engine) }

    /// The engine options at the front of `words` and the request words after them.
    public static func parse(_ words: [String]) throws(WorkerRequestError) -> (engine: ExternalEngine.Options, request: [String]) {
        let options = EngineOptions(timeout: ExternalEngine.Options.workloadTimeout)
        let request: [String]
        do { request = try options.parsePrefix(words, command: "workload-worker") } catch { throw WorkerRequestError(error.message) }
        guard options.commands.count == 1, let engine = options.engines.first else {
            throw WorkerRequestError("--engine CMD is required, once, before the request")
        }
        return (engine, request)
    }
}

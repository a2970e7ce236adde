import BenchKit
import Foundation
import MotionConformance

extension WorkloadWorker {
    /// The engine a workload worker drives, as the words before its `WorkerRequest`:
    ///
    ///     --engine CMD [--engine-shell] [--engine-timeout S]
    ///
    /// written by the driver's side (`arguments(for:)`) and read by the worker (`parse`), so
    /// that one type states both.
    public static func arguments(for engine: ExternalEngine.Options) -> [String] {
        ["--engine", engine.command] + (engine.shell ? ["--engine-shell"] : []) + ["--engine-timeout", "\(engine.timeout)"]
    }

    /// The engine options at the front of `words` and the request words after them.
    public static func parse(_ words: [String]) throws(WorkerRequestError) -> (engine: ExternalEngine.Options, request: [String]) {
        var engine = ExternalEngine.Options(command: "", timeout: 240)
        var rest = words[...]
        while let option = rest.first, option.hasPrefix("--") {
            rest.removeFirst()
            switch option {
            case "--engine-shell": engine.shell = true
            case "--engine":
                guard let command = rest.popFirst(), !command.isEmpty else { throw WorkerRequestError("--engine needs a command") }
                engine.command = command
            case "--engine-timeout":
                let text = rest.popFirst() ?? ""
                guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                    throw WorkerRequestError("--engine-timeout '\(text)' is not a number of seconds between 0 and 3600")
                }
                engine.timeout = seconds
            default:
                throw WorkerRequestError("unknown option '\(option)'; expected --engine CMD, --engine-shell or --engine-timeout S before the request")
            }
        }
        guard !engine.command.isEmpty else { throw WorkerRequestError("--engine CMD is required") }
        return (engine, Array(rest))
    }
}

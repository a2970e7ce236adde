import Foundation

/// The entry point of a benchmark worker executable (`Benchmarks/MotionBenchmarks`):
///
///     MotionBenchmarks list
///     MotionBenchmarks run NAME --pass timing|counting [--profile P] [--threads N]
///
/// `list` prints the descriptors as JSON; `run` prints one `WorkerReport` as JSON on standard
/// output. Errors go to standard error with a non-zero exit status.
public enum BenchmarkWorker {
    public static func main(registry: BenchmarkRegistry, arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
        do {
            guard let command = arguments.first else { throw WorkerError("expected 'list' or 'run NAME'") }
            switch command {
            case "list":
                try emit(registry.benchmarks.map(\.descriptor))
                return 0
            case "run":
                guard arguments.count >= 2 else { throw WorkerError("'run' needs a benchmark name") }
                let name = arguments[1]
                guard let benchmark = registry.benchmark(named: name) else { throw WorkerError("no benchmark named '\(name)'") }
                var pass = "timing", profile = MeasurementProfile.quick
                var threads = ProcessInfo.processInfo.activeProcessorCount
                var rest = arguments.dropFirst(2)
                while let option = rest.popFirst() {
                    guard let value = rest.popFirst() else { throw WorkerError("\(option) needs a value") }
                    switch option {
                    case "--pass": pass = value
                    case "--profile":
                        guard let p = MeasurementProfile.named(value) else { throw WorkerError("unknown profile '\(value)'") }
                        profile = p
                    case "--threads":
                        guard let n = Int(value), n > 0 else { throw WorkerError("--threads needs a positive integer, got '\(value)'") }
                        threads = n
                    default: throw WorkerError("unknown option '\(option)'")
                    }
                }
                let context = BenchmarkContext(threads: threads)
                switch pass {
                case "timing": try emit(Sampler.timing(benchmark, context: context, profile: profile))
                case "counting": try emit(Sampler.counting(benchmark, context: context, profile: profile))
                default: throw WorkerError("unknown pass '\(pass)'; expected timing or counting")
                }
                return 0
            default:
                throw WorkerError("unknown command '\(command)'; expected 'list' or 'run'")
            }
        } catch {
            FileHandle.standardError.write(Data("benchmark worker: error: \(error)\n".utf8))
            return 1
        }
    }

    private static func emit<T: Encodable>(_ value: T) throws {
        let data = try JSONEncoder().encode(value)
        FileHandle.standardOutput.write(data)
        FileHandle.standardOutput.write(Data("\n".utf8))
    }
}

struct WorkerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

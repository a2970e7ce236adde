import Foundation

/// The entry point of a benchmark worker executable (`Benchmarks/MotionBenchmarks`):
///
///     MotionBenchmarks list
///     MotionBenchmarks build
///     MotionBenchmarks run NAME --pass timing|counting|instructions [--profile P] [--threads N] [--iterations K]
///     MotionBenchmarks serve NAME [--profile P] [--threads N] [--cpu C | --spread]
///
/// `list` prints the descriptors as JSON, `build` how the worker was compiled (`WorkerBuild`);
/// `run` prints one `WorkerReport` as JSON on standard output; `serve` measures blocks on request
/// (`WorkerServe`). Errors go to standard error with a
/// non-zero exit status. (Workers from before `build` existed answer it with an error, which the
/// driver reads as the default build.)
public enum BenchmarkWorker {
    public static func main(registry: BenchmarkRegistry, arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
        do {
            guard let command = arguments.first else { throw WorkerError("expected 'list' or 'run NAME'") }
            switch command {
            case "list":
                try emit(registry.benchmarks.map(\.descriptor))
                return 0
            case "build":
                try emit(WorkerBuild(targetCPU: registry.targetCPU))
                return 0
            case "run", "serve":
                guard arguments.count >= 2 else { throw WorkerError("'\(command)' needs a benchmark name") }
                let name = arguments[1]
                guard let benchmark = registry.benchmark(named: name) else { throw WorkerError("no benchmark named '\(name)'") }
                var pass = "timing", profile = MeasurementProfile.quick
                var threads = ProcessInfo.processInfo.activeProcessorCount, iterations = 8
                var cpu: Int?, spread = false
                var rest = arguments.dropFirst(2)
                while let option = rest.popFirst() {
                    if option == "--spread" {
                        spread = true
                        continue
                    }
                    guard let value = rest.popFirst() else { throw WorkerError("\(option) needs a value") }
                    switch option {
                    case "--pass": pass = value
                    case "--profile":
                        guard let p = MeasurementProfile.named(value) else { throw WorkerError("unknown profile '\(value)'") }
                        profile = p
                    case "--threads":
                        guard let n = Int(value), n > 0 else { throw WorkerError("--threads needs a positive integer, got '\(value)'") }
                        threads = n
                    case "--iterations":
                        guard let n = Int(value), n > 0 else { throw WorkerError("--iterations needs a positive integer, got '\(value)'") }
                        iterations = n
                    case "--cpu":
                        guard let n = Int(value), n >= 0 else { throw WorkerError("--cpu needs a CPU number, got '\(value)'") }
                        cpu = n
                    default: throw WorkerError("unknown option '\(option)'")
                    }
                }
                let context = BenchmarkContext(threads: threads)
                if command == "serve" {
                    try WorkerServe.serve(benchmark, context: context, profile: profile, cpu: cpu, spread: spread, emit: emit)
                    return 0
                }
                switch pass {
                case "timing": try emit(Sampler.timing(benchmark, context: context, profile: profile))
                case "counting": try emit(Sampler.counting(benchmark, context: context, profile: profile))
                case "instructions": try emit(Sampler.instructions(benchmark, context: context, iterations: iterations))
                default: throw WorkerError("unknown pass '\(pass)'; expected timing, counting or instructions")
                }
                return 0
            default:
                throw WorkerError("unknown command '\(command)'; expected 'list', 'build', 'run' or 'serve'")
            }
        } catch {
            FileHandle.standardError.write(Data("benchmark worker: error: \(error)\n".utf8))
            return 1
        }
    }

    private static func emit(_ value: any Encodable) throws {
        let data = try JSONEncoder().encode(value)
        FileHandle.standardOutput.write(data)
        FileHandle.standardOutput.write(Data("\n".utf8))
    }
}

struct WorkerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// How a worker was compiled, as far as its results depend on it.
public struct WorkerBuild: Codable, Hashable, Sendable {
    /// The CPU its Swift code was compiled for (`-target-cpu`); nil: the toolchain's default
    /// target (the x86-64 baseline).
    public var targetCPU: String?

    public init(targetCPU: String?) { self.targetCPU = targetCPU }

    /// The build flags a run records: the configuration's, then the target CPU if one was chosen.
    public func flags(configuration: String) -> String {
        "-c \(configuration)" + (targetCPU.map { " \(Self.targetCPUFlag) \($0)" } ?? "")
    }

    /// The target CPU that `flags(configuration:)` wrote into `flags`, if any.
    public static func targetCPU(inFlags flags: String) -> String? {
        let words = flags.split(separator: " ")
        guard let index = words.firstIndex(of: Substring(targetCPUFlag)), index + 1 < words.count else { return nil }
        return String(words[index + 1])
    }

    static let targetCPUFlag = "-target-cpu"
}

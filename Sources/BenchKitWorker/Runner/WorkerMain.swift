import Foundation

/// The entry point of a benchmark worker executable (`Benchmarks/MotionBenchmarks`): it reads one
/// `WorkerRequest` from its command line. `list` prints the descriptors as JSON, `build` how the
/// worker was compiled (`WorkerBuild`); `run` prints one `WorkerReport` as JSON on standard output;
/// `serve` measures blocks on request (`WorkerServe`). Errors go to standard error with a
/// non-zero exit status. (Workers from before `build` existed answer it with an error, which the
/// driver reads as the default build.)
public enum BenchmarkWorker {
    public static func main(registry: BenchmarkRegistry, arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
        do {
            try answer(try WorkerRequest(arguments: arguments), registry: registry)
            return 0
        } catch {
            FileHandle.standardError.write(Data("benchmark worker: error: \(error)\n".utf8))
            return 1
        }
    }

    static func answer(_ request: WorkerRequest, registry: BenchmarkRegistry) throws {
        func benchmark(_ name: String) throws -> Benchmark {
            guard let benchmark = registry.benchmark(named: name) else { throw WorkerError("no benchmark named '\(name)'") }
            return benchmark
        }
        func profile(_ name: String?) -> MeasurementProfile { name.flatMap(MeasurementProfile.named) ?? .quick }
        func context(_ threads: Int?) -> BenchmarkContext { BenchmarkContext(threads: threads ?? ProcessInfo.processInfo.activeProcessorCount) }
        switch request {
        case .list:
            try emit(registry.benchmarks.map(\.descriptor))
        case .build:
            try emit(WorkerBuild(targetCPU: registry.targetCPU, source: registry.source))
        case .servesBlocks:
            try emit(["serves": true])
        case let .serve(serve):
            try WorkerServe.serve(
                try benchmark(serve.name), context: context(serve.threads), profile: profile(serve.profile), cpu: serve.cpu, spread: serve.spread,
                emit: emit)
        case let .run(run):
            let benchmark = try benchmark(run.name), context = context(run.threads), profile = profile(run.profile)
            switch run.pass {
            case .timing: try emit(Sampler.timing(benchmark, context: context, profile: profile))
            case .counting: try emit(Sampler.counting(benchmark, context: context, profile: profile))
            case .instructions: try emit(Sampler.instructions(benchmark, context: context, iterations: run.iterations ?? 8))
            }
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
    /// The commit it was built from, where its target applies the `BuildStamp` plugin; nil for
    /// a worker that does not say (its runs are filed under the checkout's commit, as before).
    public var source: BuildSource?

    public init(targetCPU: String?, source: BuildSource? = nil) {
        self.targetCPU = targetCPU
        self.source = source
    }

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

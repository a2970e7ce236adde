import Foundation

/// The benchmarks a worker executable offers, in declaration order. Names are unique.
public struct BenchmarkRegistry: Sendable {
    public private(set) var benchmarks: [Benchmark] = []
    /// The CPU the benchmarked code was compiled for (`-target-cpu`), or nil for the toolchain's
    /// default target; the worker reports it, and every run records it with its build.
    public var targetCPU: String?
    /// The commit the worker was built from: `registry.source = buildSource` in a target that
    /// applies the `BuildStamp` plugin. The worker reports it; a run is filed under it.
    public var source: BuildSource?

    public init() {}

    public mutating func register(_ benchmark: Benchmark) {
        precondition(!benchmarks.contains { $0.name == benchmark.name }, "benchmark \(benchmark.name) registered twice")
        benchmarks.append(benchmark)
    }

    public mutating func register(
        _ name: String, unit: BenchmarkUnit = .operation, elements: Int = 1, tags: [String] = [],
        reference: String? = nil, usesAllThreads: Bool = false, oneThreadCounterpart: String? = nil,
        make: @escaping @Sendable (BenchmarkContext) throws -> BenchmarkBody
    ) {
        register(
            Benchmark(
                name, unit: unit, elements: elements, tags: tags, reference: reference, usesAllThreads: usesAllThreads,
                oneThreadCounterpart: oneThreadCounterpart, make: make))
    }

    public func benchmark(named name: String) -> Benchmark? { benchmarks.first { $0.name == name } }
}

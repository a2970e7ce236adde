import AllocationCounters
import BenchKit
import Foundation

/// What `env` shows: the environment a run records, and the clock the worker times with.
package struct MachineEnvironment: Sendable {
    package var fingerprint: EnvironmentFingerprint
    /// Nanoseconds between two readings that can differ.
    package var clockResolution: UInt64
    /// Nanoseconds one reading costs.
    package var clockReadCost: Double
}

extension Application {
    /// `list`: the benchmarks the selection would run, as the worker describes them. A filter
    /// that selects nothing is an error naming the nearest names, as it is for `run`.
    package func benchmarks(_ selection: BenchmarkSelection) throws -> [Benchmark.Descriptor] {
        do { return try BenchmarkDriver(options: try selection.driverOptions(self)).selectedBenchmarks() } catch let error as DriverError {
            throw RequestError.from(error)
        }
    }

    /// `env`: the fingerprint a run would record here — the worker beside this tool says what it
    /// was compiled for; without one, the default release build — and the clock's figures.
    package func environment(repository: String = FileManager.default.currentDirectoryPath) -> MachineEnvironment {
        let options = try? BenchmarkSelection().driverOptions(self)
        let configuration = options?.buildConfiguration ?? "release"
        let build = options.map { BenchmarkDriver(options: $0).build() } ?? WorkerBuild(targetCPU: nil)
        var fingerprint = EnvironmentFingerprint.current(
            repository: repository, buildConfiguration: configuration, buildFlags: build.flags(configuration: configuration))
        fingerprint.jemallocVersion = JemallocStatistics.current?.version ?? "not loaded (the counting pass preloads it)"
        return MachineEnvironment(fingerprint: fingerprint, clockResolution: MonotonicClock.resolution, clockReadCost: MonotonicClock.readCost())
    }
}

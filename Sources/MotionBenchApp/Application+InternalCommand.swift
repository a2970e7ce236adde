/// The entry points this tool starts in child processes of its own, which `help` does not list:
/// each is spawned with `[selfExecutable, rawValue] + words` by the one place that uses it.
package enum InternalCommand: String, CaseIterable, Sendable {
    /// `run --engine`'s worker: an engine's workloads as benchmarks (docs/protocol.md §8). Its words
    /// are `WorkloadWorker.arguments(for:)` and then a `WorkerRequest`.
    case workloadWorker = "workload-worker"
    /// `conform`'s isolated player: fixture files in on standard input, results out.
    case play
}

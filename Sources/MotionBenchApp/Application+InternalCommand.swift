import EngineConformance
import MotionConformance

/// The entry points this tool starts in child processes of its own, which `help` does not list:
/// each is spawned with `[selfExecutable, rawValue] + words` by the one place that uses it.
package enum InternalCommand: String, CaseIterable, Sendable {
    /// `run --engine`'s worker: an engine's workloads as benchmarks (docs/protocol.md §8). Its words
    /// are `EngineOptions.arguments(for:)` and then a `WorkerRequest`.
    case workloadWorker = "workload-worker"
    /// `conform`'s isolated player: fixture files in on standard input, results out.
    case play
}

extension Application {
    /// Runs an internal command with the words after its name; the status it exits with. Words
    /// it cannot read are thrown (`WorkerRequestError`, or a `UsageError` for words `play` never takes).
    package func serve(_ command: InternalCommand, _ words: [String]) throws -> Int32 {
        switch command {
        case .workloadWorker:
            // An engine's options, then a request of the runner's vocabulary, each read by its own type.
            let (engine, request) = try EngineOptions.workloadWorker(words)
            return WorkloadWorker.main(engine: engine.client, arguments: request)
        case .play:
            if let word = words.first { throw UsageError("'\(command.rawValue)' takes no options, got '\(word)'") }
            return IsolatedPlayer.serve(mirror: MotionEngineMirror.factory)
        }
    }

    /// `motion-bench adapter`: MotionCore behind the engine protocol on standard input and output
    /// until its input ends. `protocolVersion`: the version the handshake answers with (nil: the
    /// newest); `legacy`: speak as engines did before the handshake.
    package func serveAdapter(protocolVersion: Int?, legacy: Bool) {
        precondition(protocolVersion.map(Self.protocolVersions.contains) ?? true, "the adapter speaks protocol versions \(Self.protocolVersions)")
        MotionCoreAdapter(engineName: "MotionCore", legacy: legacy, protocolVersion: protocolVersion ?? EngineProtocol.version).serve()
    }

    /// The engine-protocol versions the adapter can answer the handshake with, oldest first.
    package static let protocolVersions = EngineProtocol.versions
}

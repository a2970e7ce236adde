import BenchKit
import EngineConformance
import Foundation
import MotionConformance

/// Generated scenarios played against an engine (or MotionCore), expected answers from the
/// reference model; each divergence shrunk and kept as a fixture in `output`.
package struct ExploreRequest: Sendable {
    package var explorer: Explorer.Options
    /// The engine explored; nil: the reference model against MotionCore.
    package var engine: ExternalEngine.Options?
    /// Where shrunk divergences and reference/MotionCore disagreements are written.
    package var output = URL(fileURLWithPath: "reports/explore")

    /// `count` scenarios of `seed`, of `kinds` in turn (nil: every kind), for at most `seconds`.
    package init(seed: UInt64, count: Int, kinds: [ScenarioKind]?, seconds: Double?, engine: ExternalEngine.Options?, output: URL) {
        var explorer = Explorer.Options(seed: seed, count: count, kinds: kinds ?? ScenarioKind.allCases)
        explorer.seconds = seconds
        (self.explorer, self.engine, self.output) = (explorer, engine, output)
    }
}

/// What the exploration found, with the file each divergence and disagreement was written to.
package struct ExploreOutcome: Sendable {
    package var explored: Explorer.Outcome
    /// What was explored: `engine NAME`, or MotionCore.
    package var target: String
    package var divergenceFiles: [URL]
    package var disagreementFiles: [URL]
    package var exitCode: Int32 { explored.exitCode }
}

extension Application {
    /// Explores `request.engine` (or MotionCore); `onStart` hears what is explored before the
    /// first scenario, `progress` each progress line.
    package func explore(_ request: ExploreRequest, onStart: (String) -> Void = { _ in }, progress: (String) -> Void = { _ in }) throws
        -> ExploreOutcome
    {
        var engine: ExternalEngine?
        if let options = request.engine {
            let started = ExternalEngine(options)
            do { try started.start() } catch { throw ToolError("the engine \(options.command) cannot be explored: \(error)") }
            engine = started
        }
        defer { engine?.close() }
        let target = engine.map { "engine \($0.label)" } ?? "MotionCore (no --engine: the reference model against MotionCore)"
        onStart(target)
        let explored = Explorer(engine: engine, options: request.explorer).explore(progress: progress)
        func write(_ text: String, _ name: String) throws -> URL {
            try FileManager.default.createDirectory(at: request.output, withIntermediateDirectories: true)
            let file = request.output.appendingPathComponent(name)
            try AtomicFile.write(text, to: file)
            return file
        }
        let generated = "generated/".count
        return ExploreOutcome(
            explored: explored, target: target,
            divergenceFiles: try explored.divergences.map { try write($0.fixtureText, String($0.fixtureID.dropFirst(generated)) + ".json") },
            disagreementFiles: try explored.disagreements.map {
                try write($0.fixtureText, "disagreement-" + String($0.fixtureID.dropFirst(generated)) + ".json")
            })
    }
}

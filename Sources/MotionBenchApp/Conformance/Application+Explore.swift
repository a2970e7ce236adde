import BenchKit
import EngineConformance
import Foundation
import HarnessSupport
import MotionConformance

/// Generated scenarios played against an engine (or MotionCore), expected answers from the
/// reference model; each divergence shrunk and kept as a fixture in `output`.
package struct ExploreRequest: Sendable {
    package var seed: UInt64
    package var count: Int
    /// The kinds of scenario by name (`Application.scenarioKinds`), taking turns; nil: every kind.
    package var kinds: [String]?
    /// Seconds the exploration may take at most; nil: until `count` are played.
    package var seconds: Double?
    /// The engine explored; nil: the reference model against MotionCore.
    package var engine: EngineLaunch?
    /// Where shrunk divergences and reference/MotionCore disagreements are written.
    package var output = URL(fileURLWithPath: "reports/explore")

    package init(seed: UInt64, count: Int, kinds: [String]?, seconds: Double?, engine: EngineLaunch?, output: URL) {
        (self.seed, self.count, self.kinds, self.seconds, self.engine, self.output) = (seed, count, kinds, seconds, engine, output)
    }
}

/// What the exploration found, with the file each divergence and disagreement was written to.
package struct ExploreOutcome: Sendable {
    package var explored: Explorer.Outcome
    /// The kinds explored, by name, in the order they took turns, each with the scenarios played.
    package var kindsPlayed: [(kind: String, played: Int)]
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
        let kinds = try Self.scenarioKinds(request.kinds, field: .exploreKinds)
        var options = Explorer.Options(seed: request.seed, count: request.count, kinds: kinds)
        options.seconds = request.seconds
        var engine: ExternalEngine?
        if let options = request.engine {
            let started = ExternalEngine(options.client)
            do { try started.start() } catch {
                throw ToolError("the engine \(options.command) cannot be explored: \(error)", remedy: (error as? any RemediableError)?.remedy)
            }
            engine = started
        }
        defer { engine?.close() }
        let target = engine.map { "engine \($0.label)" } ?? "MotionCore (no engine given: the reference model against MotionCore)"
        onStart(target)
        let explored = Explorer(engine: engine, options: options).explore(progress: progress)
        func write(_ text: String, _ name: String) throws -> URL {
            try FileManager.default.createDirectory(at: request.output, withIntermediateDirectories: true)
            let file = request.output.appendingPathComponent(name)
            try AtomicFile.write(text, to: file)
            return file
        }
        let generated = "generated/".count
        return ExploreOutcome(
            explored: explored, kindsPlayed: kinds.map { ($0.rawValue, explored.kindsPlayed[$0] ?? 0) }, target: target,
            divergenceFiles: try explored.divergences.map { try write($0.fixtureText, String($0.fixtureID.dropFirst(generated)) + ".json") },
            disagreementFiles: try explored.disagreements.map {
                try write($0.fixtureText, "disagreement-" + String($0.fixtureID.dropFirst(generated)) + ".json")
            })
    }
}

extension Application {
    /// The kinds of generated scenario by name, in the order they take turns.
    package static let scenarioKinds = ScenarioKind.allCases.map(\.rawValue)

    /// The kinds `names` names (nil: every kind); a name of no kind is refused as `field`.
    static func scenarioKinds(_ names: [String]?, field: RequestError.Field) throws(RequestError) -> [ScenarioKind] {
        guard let names else { return ScenarioKind.allCases }
        if names.isEmpty { throw RequestError(field, nil, "names no kind of scenario; expected some of \(scenarioKinds.joined(separator: ","))") }
        return try names.map { name throws(RequestError) in
            guard let kind = ScenarioKind(rawValue: name) else {
                throw RequestError(field, "'\(name)'", "is not a kind of scenario; expected some of \(scenarioKinds.joined(separator: ","))")
            }
            return kind
        }
    }
}

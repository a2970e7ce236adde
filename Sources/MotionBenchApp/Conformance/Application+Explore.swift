import BenchKit
import ConformanceExplorer
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
    /// Scenarios played unless told.
    package static let defaultCount = 1000

    package init(seed: UInt64, count: Int, kinds: [String]?, seconds: Double?, engine: EngineLaunch?, output: URL) {
        (self.seed, self.count, self.kinds, self.seconds, self.engine, self.output) = (seed, count, kinds, seconds, engine, output)
    }
}

/// What the exploration found, with the file each divergence and disagreement was written to.
package struct ExploreOutcome: Sendable {
    /// A distinct minimal fixture the engine answered differently: its id, the rules it
    /// exercises, and the file it was written to.
    package struct Divergence: Sendable {
        package var fixtureID: String
        package var rules: [String]
        package var file: URL
    }

    /// A scenario the reference model and MotionCore answer differently, and the file it was
    /// written to.
    package struct Disagreement: Sendable {
        package var index: Int
        package var message: String
        package var file: URL
    }

    /// Scenarios played, agreed with, skipped for capabilities the engine did not declare, and
    /// answered differently; not started when the time ran out; that the reference model cannot play.
    package var played: Int, agreed: Int, skippedByEngine: Int, divergedScenarios: Int, notStarted: Int, unplayable: Int
    /// Distinct minimal fixtures: scenarios that shrink to the same shape are one.
    package var divergences: [Divergence]
    package var disagreements: [Disagreement]
    /// How many scenarios reached each rule.
    package var rulesReached: [String: Int]
    /// The kinds explored, by name, in the order they took turns, each with the scenarios played.
    package var kindsPlayed: [(kind: String, played: Int)]
    /// What was explored: `engine NAME`, or MotionCore.
    package var target: String
    /// 0 when scenarios ran and all agreed; 1 when any diverged or disagreed, or none ran.
    package var exitCode: Int32
}

extension Application {
    /// Explores `request.engine` (or MotionCore); `onStart` hears what is explored before the
    /// first scenario, `progress` each progress line.
    package func explore(_ request: ExploreRequest, onStart: (String) -> Void = { _ in }, progress: (String) -> Void = { _ in }) throws
        -> ExploreOutcome
    {
        let kinds = try Self.scenarioKinds(request.kinds, field: .kinds)
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
        let divergences = try explored.divergences.map {
            ExploreOutcome.Divergence(
                fixtureID: $0.fixtureID, rules: $0.rules, file: try write($0.fixtureText, String($0.fixtureID.dropFirst(generated)) + ".json"))
        }
        let disagreements = try explored.disagreements.map {
            ExploreOutcome.Disagreement(
                index: $0.index, message: $0.message, file: try write($0.fixtureText, "disagreement-" + String($0.fixtureID.dropFirst(generated)) + ".json"))
        }
        return ExploreOutcome(
            played: explored.played, agreed: explored.agreed, skippedByEngine: explored.skippedByEngine, divergedScenarios: explored.divergedScenarios,
            notStarted: explored.notStarted, unplayable: explored.unplayable, divergences: divergences, disagreements: disagreements,
            rulesReached: explored.rulesReached, kindsPlayed: kinds.map { ($0.rawValue, explored.kindsPlayed[$0] ?? 0) }, target: target,
            exitCode: explored.exitCode)
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

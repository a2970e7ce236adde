import Foundation
import HarnessSupport
import MotionBenchApp

/// `motion-bench conform explore`: generated scenarios instead of the fixtures, each divergence
/// shrunk to a fixture.
struct ConformExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "conform explore",
        summary: """
            Play generated scenarios of every kind (--kinds chooses) against --engine CMD, or the reference model against
            MotionCore; expected answers from the reference model; each divergence shrunk to a fixture in --output DIR.
            """,
        exits: [.init(0, "all agreed"), .init(1, "any diverged, or none ran")])

    var engines = PlayedEngineOptions()
    @Option("--count", "N", .whole(1...10_000_000), default: ExploreRequest.defaultCount, fills: RequestError.Field.count, help: "scenarios to play")
    var count: Int
    @Option("--seed", "S", .seed, default: 1, help: "the generator's seed") var seed: UInt64
    @Option("--seconds", "T", .duration(max: 86_400), help: "stop after T seconds") var seconds: Double?
    @Option("--output", "DIR", default: "reports/explore", remedies: [.writableFolder], help: "where shrunk divergences go") var output: String
    @Option(
        "--kinds", "K,…", .scenarioKinds, fills: RequestError.Field.kinds,
        help: "the kinds of scenario, in turn (\(Application.scenarioKinds.joined(separator: ",")))")
    var kinds: [String]?

    func run() throws -> Int32 {
        let request = ExploreRequest(seed: seed, count: count, kinds: kinds, seconds: seconds, engine: engines.first, output: URL(fileURLWithPath: output))
        let outcome = try app.explore(request) { target in
            print(
                "explore: \(count) scenarios (\((kinds ?? Application.scenarioKinds).joined(separator: ", ")) in turn) of seed \(seed) against \(target)\(seconds.map { ", at most \($0) s" } ?? "")"
            )
        } progress: {
            print("explore: \($0)")
        }
        for divergence in outcome.divergences {
            print("diverged: \(divergence.fixtureID) (\(divergence.rules.joined(separator: ", "))) → \(divergence.file.path)")
        }
        for disagreement in outcome.disagreements {
            print("reference model and MotionCore disagree: scenario \(disagreement.index) → \(disagreement.file.path): \(disagreement.message)")
        }
        print("kinds played: " + outcome.kindsPlayed.map { "\($0.kind) \($0.played)" }.joined(separator: ", "))
        let reached = outcome.rulesReached.keys.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        print("rules reached: " + reached.map { "\($0) \(outcome.rulesReached[$0]!)" }.joined(separator: ", "))
        print(
            "explore: \(outcome.played) played, \(outcome.agreed) agreed, \(outcome.divergedScenarios) diverged (\(outcome.divergences.count) distinct minimal fixtures), \(outcome.skippedByEngine) skipped by the engine, "
                + "\(outcome.disagreements.count) reference/MotionCore disagreements"
                + (outcome.notStarted > 0 ? ", \(outcome.notStarted) not started (time budget)" : "")
                + (outcome.unplayable > 0 ? ", \(outcome.unplayable) the reference model cannot play" : ""))
        if outcome.played == 0 { writeToStandardError("explore: no scenario ran\n") }
        return outcome.exitCode
    }

}

import ConformanceExplorer
import Foundation
import HarnessSupport
import MotionBenchApp
import MotionConformance

/// `motion-bench fixtures regenerate`.
struct RegenerateFixturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "fixtures regenerate", summary: "Recompute the reference-model and generated fixtures with the reference model.",
        exits: [
            .init(0, "done (with --check: nothing would change)"), .init(1, "with --check: a fixture would change"), .init(2, "fixtures that do not load"),
        ])

    var fixtures = FixturesOption()
    @Flag("--check", help: "change nothing; exit 1 when a fixture would change") var check: Bool

    func run() throws -> Int32 {
        let outcome = try app.regenerateFixtures(in: fixtures.path, check: check)
        for error in outcome.loadErrors { writeToStandardError("error: \(error)\n") }
        for entry in outcome.entries {
            switch entry {
            case let .skipped(file, reason): print("skipped \(file): \(reason)")
            case let .changed(file, changes):
                print("\(check ? "would change" : "changed") \(file)")
                for change in changes.prefix(20) { print("  \(change)") }
            }
        }
        print("\(outcome.regenerated) reference-model and generated fixtures computed, \(outcome.changedFiles) \(check ? "would change" : "changed")")
        return outcome.exitCode
    }
}

/// `motion-bench fixtures coverage`.
struct FixtureCoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "fixtures coverage", summary: "The coverage map: every rule of docs/semantics.md with its fixtures and regions, thin and missing ones named.",
        exits: [.init(0, "every rule has a check"), .init(1, "a rule has none"), .init(2, "fixtures that do not load")])

    var fixtures = FixturesOption()

    func run() throws -> Int32 {
        let outcome = try app.coverage(of: fixtures.path)
        for error in outcome.loadErrors { writeToStandardError("error: \(error)\n") }
        print(outcome.map.text(), terminator: "")
        return outcome.exitCode
    }
}

/// `motion-bench fixtures generate`.
struct GenerateFixturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "fixtures generate", summary: "Generated scenarios that reach new regions, shrunk and written to Fixtures/generated/.",
        exits: [.init(0, "scenarios kept"), .init(1, "none was kept")])

    var fixtures = FixturesOption()
    @Option("--seed", "S", .seed, default: GenerateRequest().seed, help: "the explorer's seed") var seed: UInt64
    @Option("--count", "N", .whole(1...Int.max), default: GenerateRequest().count, fills: RequestError.Field.count, help: "scenarios to generate") var count:
        Int
    @Option(repeating: "--engine", "CMD", .text, fills: RequestError.Field.engine, help: "an engine the kept scenarios must tell apart; repeatable")
    var engines: [String]
    @Option("--limit", "N", .whole(1...Int.max), default: GenerateRequest().limit, fills: RequestError.Field.limit, help: "fixtures to keep at most") var limit:
        Int
    @Option("--kinds", "K,…", .scenarioKinds, fills: RequestError.Field.kinds, help: "the kinds of scenario, in turn (all)") var kinds: [String]?

    func run() throws -> Int32 {
        var request = GenerateRequest(fixtures: fixtures.path, seed: seed, count: count, limit: limit)
        request.kinds = kinds
        request.engines = engines.map { EngineLaunch(command: $0) }
        let outcome = try app.generateFixtures(request)
        print("\(outcome.written.count) generated fixtures written to \(outcome.folder.path) (seed \(seed), \(count) scenarios)")
        return outcome.exitCode
    }
}

/// `motion-bench fixtures fuzz`: a campaign of damaged fixtures through the real `conform`.
///
/// Fixtures made from the real ones by `FixtureMutator` go to `conform` in batches, each batch
/// with a few real fixtures copied unchanged as controls. The campaign holds when no batch loses
/// its verdicts, no fixture crashes the player or runs past its budget, every fixture the loader
/// rejects is named with its file and where in it, and every control passes in every batch.
struct FuzzFixturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "fixtures fuzz", summary: "Damaged fixtures through conform in batches, each with real ones as controls.",
        exits: [.init(0, "the campaign held: nothing crashed or ran over its budget, every control passed"), .init(1, "it did not")])

    var fixtures = FixturesOption()
    @Option("--count", "N", .whole(1...1_000_000), default: FuzzRequest().count, fills: RequestError.Field.count, help: "damaged fixtures") var count: Int
    @Option("--batch", "B", .whole(1...10_000), default: FuzzRequest().batch, fills: RequestError.Field.batch, help: "fixtures per batch") var batch: Int
    @Option("--seed", "S", .whole(1...Int.max), default: Int(FuzzRequest().seed), help: "the seed") var seed: Int
    @Option("--controls", "C", .whole(1...100), default: FuzzRequest().controls, fills: RequestError.Field.controls, help: "real fixtures per batch")
    var controls: Int
    @Option(
        "--fixture-timeout", "S", .duration(), default: FuzzRequest().fixtureTimeout, fills: RequestError.Field.fixtureTimeout, remedies: [.longerFixtureTime],
        help: "seconds a batch's fixture may take") var fixtureTimeout: Double

    func run() throws -> Int32 {
        var request = FuzzRequest(fixtures: fixtures.path, count: count, batch: batch, seed: UInt64(seed))
        (request.controls, request.fixtureTimeout) = (controls, fixtureTimeout)
        let outcome = try app.fuzz(request) { sources in
            print(
                "fuzz: \(request.count) fixtures made from \(sources) real ones (seed \(request.seed)), in batches of \(request.batch) with "
                    + "\(request.controls) unchanged fixtures as controls; per-fixture budget \(String(request.fixtureTimeout)) s")
        }
        print(Self.report(outcome.tally, seconds: outcome.seconds))
        if let kept = outcome.kept { print("the batches with problems are kept under \(kept.path)") }
        return outcome.exitCode
    }

    static func report(_ t: FuzzTally, seconds: Double) -> String {
        func listed(_ items: [String]) -> String {
            items.prefix(10).map { "\n    \($0)" }.joined() + (items.count > 10 ? "\n    … and \(items.count - 10) more" : "")
        }
        return """
              loaded and played:             \(t.passed + t.failed) (\(t.passed) pass, \(t.failed) fail: a changed expectation)
              rejected by the loader:        \(t.rejected), named with file and where: \(t.rejectedAndNamed)\(listed(t.unnamed))
              crashed the player:            \(t.crashed.count)\(listed(t.crashed))
              over the per-fixture budget:   \(t.overBudget.count)\(listed(t.overBudget))
              batches that lost verdicts:    \(t.lostBatches.count)\(listed(t.lostBatches))
              controls passing:              \(t.controlsPassed) of \(t.controls), every control in \(t.batchesWithEveryControl) of \(t.batches) batches
              time:                          \(String(format: "%.0f", seconds)) s, slowest batch \(String(format: "%.1f", t.slowestBatch)) s
            fuzz: \(t.holds ? "holds" : "FAILS")
            """
    }
}

extension ValueKind where Value == [String] {
    /// `property,spring,…`: kinds of generated scenario, by name.
    static var scenarioKinds: ValueKind<[String]> {
        let describe: @Sendable ([String]) -> String = { $0.joined(separator: ",") }
        return ValueKind(help: nil, describe: describe) { text, option throws(CommandLineError) in
            let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            for name in names where !Application.scenarioKinds.contains(name) {
                throw CommandLineError(
                    .invalidValue, option: option,
                    "\(option) '\(text)': '\(name)' is not a kind of scenario; expected some of \(Application.scenarioKinds.joined(separator: ","))")
            }
            return names
        }
    }
}

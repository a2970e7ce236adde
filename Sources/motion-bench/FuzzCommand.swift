import Foundation
import MotionBenchApp

/// `motion-bench fixtures fuzz`: a campaign of damaged fixtures through the real `conform`.
///
/// Fixtures made from the real ones by `FixtureMutator` go to `conform` in batches, each batch
/// with a few real fixtures copied unchanged as controls. The campaign holds when no batch loses
/// its verdicts, no fixture crashes the player or runs past its budget, every fixture the loader
/// rejects is named with its file and where in it, and every control passes in every batch.
enum FuzzCommand {
    static func run(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("fixtures fuzz"))
        var request = FuzzRequest(fixtures: arguments.string("--fixtures"))
        request.count = try arguments.int("--count") ?? request.count
        request.batch = try arguments.int("--batch") ?? request.batch
        request.seed = UInt64(try arguments.int("--seed") ?? Int(request.seed))
        request.controls = try arguments.int("--controls") ?? request.controls
        request.fixtureTimeout = try arguments.double("--fixture-timeout") ?? request.fixtureTimeout
        let outcome = try app.fuzz(request) { sources in
            print(
                "fuzz: \(request.count) fixtures made from \(sources) real ones (seed \(request.seed)), in batches of \(request.batch) with "
                    + "\(request.controls) unchanged fixtures as controls; per-fixture budget \(String(request.fixtureTimeout)) s")
        }
        print(report(outcome.tally, seconds: outcome.seconds))
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

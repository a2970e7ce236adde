import Foundation
import TestSupport
import Testing

@testable import BenchKit

extension RevisionComparisonTests {
    /// Each revision's worker, built in its worktree as compare-revisions builds it.
    func workers() throws -> [URL] {
        let tiny = try Self.package.get()
        var options = RevisionComparison.Options()
        (options.workerProduct, options.configuration, options.progress) = (TinyPackage.worker, "debug", nil)
        let comparison = RevisionComparison(options: options, repository: tiny.folder, workspace: Self.reports.appendingPathComponent("worktrees"))
        return try tiny.revisions.map { commit in
            let revision = try comparison.resolve(commit)
            try comparison.build(revision)
            return comparison.binary(revision, TinyPackage.worker)
        }
    }

    @Test(
        "compare of two quick runs, which cannot decide with one process a side: both builds measured again in paired rounds decide, five times the work in one function regressed and confirmed, the same build not regressed, each with the two runs' own verdict beside"
    )
    func pairedRounds() throws {
        let workers = try workers()
        #expect(workers.count == 3)
        let reports = TemporaryFolder.make("motion-bench-store")
        // The springs' kernel: five times the work in `damp`, the same allocations, so only the
        // time can tell.
        for (name, worker) in [("a", workers[0]), ("b", workers[2]), ("a2", workers[0])] {
            let run = try Tool.run(
                ["run", "--quick", "--worker", worker.path, "--filter", "^kernel\\.springs$", "--reports", reports.path, "--save-baseline", name, "--quiet"])
            #expect(run.status == 0, "\(run.output.suffix(1500))")
        }
        func compare(_ a: String, _ b: String, _ workerA: URL, _ workerB: URL, _ more: [String] = []) throws -> (ComparisonReport, Int32) {
            let run = try Tool.run(
                [
                    "compare", a, b, "--baseline-worker", workerA.path, "--worker", workerB.path, "--reports", reports.path, "--no-calibration",
                    "--format", "json",
                ] + more)
            let report = try #require(try? JSONDecoder().decode(ComparisonReport.self, from: Data(run.stdout.utf8)), "\(run.output.suffix(2000))")
            return (report, run.status)
        }
        let (slower, status) = try compare("a", "b", workers[0], workers[2])
        let sum = try #require(slower.comparisons.first { $0.name == TinyPackage.springsBenchmark })
        #expect(sum.runsVerdict != nil && slower.rounds != nil, "decided by paired rounds: \(sum)")
        // Beside the other tests' work the time verdict is withheld, never given: then the rounds'
        // ratio still shows the slowdown, and the exit code says nothing was decided.
        if sum.withheldForLoad {
            #expect(sum.verdict == .inconclusive && (sum.ratio ?? 0) > 2 && status == 3, "\(sum.message ?? "")")
        } else {
            #expect(sum.verdict == .regressed && sum.confirmed == true && (sum.ratio ?? 0) > 2, "\(sum.message ?? "")")
            #expect(status == 2)
        }
        #expect(slower.exitCode == status)

        // --max-rounds bounds the rounds; fewer than the quick profile's first rounds is refused
        // before any is measured, naming the option.
        let (same, sameStatus) = try compare("a", "a2", workers[0], workers[0], ["--max-rounds", "8"])
        let again = try #require(same.comparisons.first { $0.name == TinyPackage.springsBenchmark })
        #expect(again.runsVerdict != nil && again.verdict != .regressed && again.verdict != .improved, "\(again.message ?? "")")
        #expect(sameStatus == same.exitCode && (same.rounds?.count ?? 0) <= 8 && (same.rounds?.count ?? 0) >= 1)
        let fewer = try Tool.run(
            [
                "compare", "a", "a2", "--baseline-worker", workers[0].path, "--worker", workers[0].path, "--reports", reports.path, "--no-calibration",
                "--max-rounds", "1",
            ])
        #expect(
            fewer.status == 1 && fewer.stdout.isEmpty && fewer.stderr.hasPrefix("motion-bench: error: --max-rounds 1 "),
            "\(fewer.status) \(fewer.stdout) \(fewer.stderr)")
    }
}

import BenchKit
import Foundation

extension ComparisonReport {
    /// The benchmarks the two runs did not settle on time: called regressed or improved on time
    /// and not yet judged again, or left inconclusive.
    var undecidedOnTime: [String] {
        let suspects = Set(suspects)
        return comparisons.filter { suspects.contains($0.name) || $0.verdict == .inconclusive }.map(\.name)
    }
}

extension Application {
    /// Both builds' workers, when both runs can be measured again here.
    struct PairedWorkers {
        var baseline: (worker: URL, commit: String)
        var candidate: (worker: URL, commit: String)
    }

    /// What measures `run` again: the worker of its build (`worker`, else this package's), only
    /// when that worker says it was built from the run's commit from a clean checkout.
    func runAgain(_ run: RunResult, role: String, worker: URL?, names: [String]) -> Result<
        (selection: BenchmarkSelection, commit: String, worker: URL), NoFurtherRun
    > {
        guard run.benchmarks.allSatisfy({ $0.engine == nil }) else {
            return .failure(NoFurtherRun(description: "the \(role) measured an engine in another process"))
        }
        guard let built = run.environment.build?.revision, run.environment.build?.dirty != true else {
            return .failure(NoFurtherRun(description: "the \(role) run does not name a clean build"))
        }
        guard let profile = MeasurementProfile.named(run.profile) else {
            return .failure(NoFurtherRun(description: "the \(role)'s profile \(run.profile) is not one this tool has"))
        }
        var selection = BenchmarkSelection()
        (selection.worker, selection.profile, selection.threads) = (worker, profile, run.threads)
        selection.filter = "^(" + names.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|") + ")$"
        do {
            let options = try selection.driverOptions(self)
            let here = BenchmarkDriver(options: options).build().source
            guard here?.revision == built, here?.dirty != true else {
                return .failure(
                    NoFurtherRun(
                        description:
                            "the worker here was built from \(here?.revision?.prefix(10) ?? "an unknown commit")\(here?.dirty == true ? " (dirty)" : ""), not the \(role)'s \(built.prefix(10))"
                    ))
            }
            return .success((selection, built, options.worker))
        } catch {
            return .failure(NoFurtherRun(description: "\(error)"))
        }
    }

    func pairedWorkers(baseline: RunResult, candidate: RunResult, request: CompareRequest) -> Result<PairedWorkers, NoFurtherRun> {
        guard baseline.profile == candidate.profile, baseline.threads == candidate.threads else {
            return .failure(NoFurtherRun(description: "the two runs differ in profile or threads"))
        }
        switch (
            runAgain(baseline, role: "baseline", worker: request.baselineWorker, names: []),
            runAgain(candidate, role: "candidate", worker: request.worker, names: [])
        ) {
        case let (.success(a), .success(b)): return .success(PairedWorkers(baseline: (a.worker, a.commit), candidate: (b.worker, b.commit)))
        case let (.failure(why), _), let (_, .failure(why)): return .failure(why)
        }
    }

    /// Decides `names` again by paired rounds of both builds, taking turns as `compare-revisions`
    /// measures two revisions: two runs made apart differ by more than the processes of each can
    /// show, and rounds measured back to back cancel that drift in each pair. Each benchmark's
    /// verdict is then the rounds' (confirmed, and under their own false-discovery control and
    /// span), with the two runs' verdict kept beside it (`runsVerdict`).
    func decideByPairedRounds(
        _ report: inout ComparisonReport, _ names: [String], workers: PairedWorkers, candidate: RunResult, policy: ComparisonPolicy,
        request: CompareRequest
    ) throws {
        guard let profile = MeasurementProfile.named(candidate.profile) else { throw ToolError("unknown profile '\(candidate.profile)'") }
        var options = RevisionComparison.Options()
        (options.profile, options.threads) = (profile, candidate.threads)
        options.filter = "^(" + names.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|") + ")$"
        options.rounds = profile.pairedRounds
        options.maximumRounds = request.maximumRounds ?? RevisionComparison.defaultMaximumRounds(after: options.rounds)
        // The runs carry the counts; the rounds are for the time.
        (options.instructions, options.attribute, options.suites) = (false, false, nil)
        options.policy = policy
        options.policy.margin = RevisionComparison.policy.margin
        if quiet { options.progress = nil }
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let comparison = RevisionComparison(options: options, repository: here, workspace: request.reports.appendingPathComponent("worktrees"))
        log("deciding \(names.count) benchmark\(names.count == 1 ? "" : "s") the two runs left open by paired rounds of both builds")
        let outcome = try comparison.run(
            .init(name: "baseline's build", directory: here, commit: workers.baseline.commit, worker: workers.baseline.worker),
            .init(name: "candidate's build", directory: here, commit: workers.candidate.commit, worker: workers.candidate.worker))
        for var decided in outcome.report.comparisons {
            guard let index = report.comparisons.firstIndex(where: { $0.name == decided.name }) else { continue }
            let runs = report.comparisons[index]
            decided.runsVerdict = runs.verdict
            decided.message = [
                "the two runs: \(runs.verdictLabel)" + (runs.ratio.map { String(format: " (%.3f×)", $0) } ?? ""), decided.message,
            ]
            .compactMap { $0 }.joined(separator: "; ")
            (decided.baselineInstructions, decided.candidateInstructions) = (runs.baselineInstructions, runs.candidateInstructions)
            report.comparisons[index] = decided
        }
        report.geometricMeanRatio = ComparisonReport.geometricMeanRatio(of: report.comparisons)
        report.machine = [
            report.machine,
            "paired rounds of both builds: " + (outcome.machine.map { $0.summary + "; " } ?? "")
                + "\(outcome.rounds) rounds of \(outcome.design == .blocks ? "alternating blocks" : "one process a side"), \(outcome.stopReason)",
        ].compactMap { $0 }.joined(separator: "; ")
        report.rounds = outcome.report.rounds
    }
}

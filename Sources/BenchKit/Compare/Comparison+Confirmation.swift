import Foundation

/// Confirming `compare`'s time verdicts with further runs, as `compare-revisions` confirms its
/// regressions with further rounds: two runs made apart differ by more than the processes of each
/// can show, so a change seen between them is taken as real only when further runs show it too.
extension ComparisonReport {
    /// The benchmarks whose time alone, or with a count, says regressed or improved and that no
    /// further run has judged yet.
    public var suspects: [String] {
        comparisons.filter {
            [.regressed, .improved].contains($0.verdict) && ($0.decidedBy ?? [.time]).contains(.time) && $0.confirmed == nil
        }.map(\.name)
    }

    /// Judges each suspect on `further`, a run of the candidate's build made after it, and
    /// `furtherBaseline`, one of the baseline's build made just before it, when that build could
    /// be run again. With both, the further pair alone must show the candidate slower (its
    /// one-sided test of ratio ≤ 1 rejects at α; faster, for an improvement: ratio ≥ 1) and every
    /// run of both sides together must still give the same verdict: a baseline run that landed
    /// fast by chance is then seen for what it is.
    /// With the candidate's further run alone, it is judged against the original baseline only
    /// where this machine's spread between runs is known (`ComparisonPolicy.betweenRunSpread`);
    /// otherwise the verdict is withheld as unconfirmable, since the original baseline run may be
    /// the one that moved (`baselineUnavailable` says why it could not be run again). A further
    /// run measured beside other work confirms nothing. `source` names the further runs' files.
    public mutating func confirm(
        with further: RunResult, furtherBaseline: RunResult?, baseline: RunResult, candidate: RunResult, policy: ComparisonPolicy,
        source: String, baselineUnavailable: String? = nil
    ) {
        let byName = { (run: RunResult) in Dictionary(run.benchmarks.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }) }
        let (before, first, second) = (byName(baseline), byName(candidate), byName(further))
        let beforeAgain = furtherBaseline.map(byName) ?? [:]
        let alpha = (1 - policy.confidence) / 2
        let statistics = { (result: BenchmarkResult?) in result?.status == .ok ? result?.timing.map(Self.processStatistics) ?? [] : [] }
        for name in suspects {
            guard let index = comparisons.firstIndex(where: { $0.name == name }) else { continue }
            if let machine = [furtherBaseline?.machine, further.machine].compactMap({ $0 }).first(where: \.isBusy) {
                let busy = machine.spanNote ?? "busy in \(machine.busyProcesses) of \(machine.processes) processes"
                settle(index, confirmed: false, "the further runs (\(source)) were measured beside other work (\(busy)): not confirmed")
                continue
            }
            if furtherBaseline == nil, policy.betweenRunSpread[name]?.spread == nil {
                settle(
                    index, confirmed: nil, reason: .unconfirmable,
                    "a further run of the candidate (\(source)) cannot tell a changed candidate from a baseline run that landed apart: "
                        + "the baseline's build cannot be run again (\(baselineUnavailable ?? "not asked")) and this machine's stored history does not say how far apart two runs land"
                )
                continue
            }
            let baselineAgain = statistics(beforeAgain[name]), candidateAgain = statistics(second[name])
            let alonePair = furtherBaseline == nil ? statistics(before[name]) : baselineAgain
            guard let alone = RatioEstimate.processes(baseline: alonePair, candidate: candidateAgain),
                let together = RatioEstimate.processes(
                    baseline: statistics(before[name]) + baselineAgain, candidate: statistics(first[name]) + candidateAgain)
            else {
                settle(index, confirmed: false, "the further runs (\(source)) gave no estimate: not confirmed")
                continue
            }
            let (estimate, _) = policy.withSpreadBetweenRuns(alone, name: name)
            // The direction the verdict claims: slower for regressed, faster for improved.
            let verdict = comparisons[index].verdict
            let sign = verdict == .improved ? -1.0 : 1.0
            let p =
                estimate.logStandardError > 0
                ? StudentT.upperTail(sign * log(estimate.ratio) / estimate.logStandardError, degreesOfFreedom: estimate.degreesOfFreedom)
                : (sign * log(estimate.ratio) > 0 ? 0 : 1)
            let figures = String(
                format: "%@ (%@) gave %.3f (p = %.2g against ratio %@ 1)",
                furtherBaseline == nil ? "a further run of the candidate" : "further runs of both builds", source, estimate.ratio, p,
                verdict == .improved ? "≥" : "≤")
            let all = VerdictDecision(
                policy.withSpreadBetweenRuns(together, name: name).0, threshold: policy.thresholdValue(for: name), confidence: policy.confidence,
                margin: policy.margin)
            if p >= alpha {
                settle(index, confirmed: false, figures + ": not confirmed")
            } else if all.verdict != verdict {
                settle(index, confirmed: false, figures + ", but all the runs together no longer call it \(verdict.rawValue): not confirmed")
            } else {
                settle(index, confirmed: true, "confirmed: " + figures)
            }
        }
    }

    /// Settles the suspects no further run could judge (`why`): a verdict whose standard error
    /// already holds this machine's spread between runs stands, unconfirmed; any other is
    /// withheld, since nothing then bounds how far two runs land apart.
    public mutating func leaveUnconfirmed(_ why: String, policy: ComparisonPolicy) {
        for name in suspects {
            guard let index = comparisons.firstIndex(where: { $0.name == name }) else { continue }
            if policy.betweenRunSpread[name]?.spread != nil {
                comparisons[index].message = [
                    comparisons[index].message, "not confirmed by a further run (\(why)); its standard error holds the spread between runs",
                ]
                .compactMap { $0 }.joined(separator: "; ")
            } else {
                settle(
                    index, confirmed: nil, reason: .unconfirmable,
                    "no further run could confirm it (\(why)) and this machine's stored history does not say how far apart two runs land")
            }
        }
    }

    private mutating func settle(_ index: Int, confirmed: Bool?, reason: BenchmarkComparison.Withheld = .notConfirmed, _ note: String) {
        if confirmed == true {
            comparisons[index].confirmed = true
            comparisons[index].message = [comparisons[index].message, note].compactMap { $0 }.joined(separator: "; ")
        } else {
            comparisons[index].withholdTimeVerdict(note, reason)
            if [.regressed, .improved].contains(comparisons[index].verdict) { comparisons[index].confirmed = confirmed }
        }
    }
}

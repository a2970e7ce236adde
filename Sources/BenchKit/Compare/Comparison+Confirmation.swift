import Foundation

/// Confirming `compare`'s regressions with a further run, as `compare-revisions` confirms its own
/// with further rounds: two runs made apart differ by more than the processes of each can show,
/// so a slowdown seen between them is taken as real only when a third run shows it too.
extension ComparisonReport {
    /// The benchmarks whose time alone, or with a count, says regressed and that no further run
    /// has judged yet.
    public var suspects: [String] {
        comparisons.filter { $0.verdict == .regressed && ($0.decidedBy ?? [.time]).contains(.time) && $0.confirmed == nil }.map(\.name)
    }

    /// Judges each suspect on `further`, a run of the candidate's build made after it: the further
    /// run alone must show the candidate slower than the baseline (its one-sided test of
    /// ratio ≤ 1 rejects at α) and the candidate's processes of both runs together must still
    /// call it regressed; else the time's verdict is withheld. A further run measured beside
    /// other work confirms nothing. `source` names the further run's file in the notes.
    public mutating func confirm(
        with further: RunResult, baseline: RunResult, candidate: RunResult, policy: ComparisonPolicy, source: String
    ) {
        let byName = { (run: RunResult) in Dictionary(run.benchmarks.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }) }
        let (before, first, second) = (byName(baseline), byName(candidate), byName(further))
        let alpha = (1 - policy.confidence) / 2
        for name in suspects {
            guard let index = comparisons.firstIndex(where: { $0.name == name }) else { continue }
            if let machine = further.machine, machine.isBusy {
                let busy = machine.spanNote ?? "busy in \(machine.busyProcesses) of \(machine.processes) processes"
                settle(index, confirmed: false, "the further run (\(source)) was measured beside other work (\(busy)): not confirmed")
                continue
            }
            guard let a = before[name]?.timing, let b = first[name]?.timing, let c = second[name]?.timing, second[name]?.status == .ok,
                let alone = RatioEstimate.processes(baseline: Self.processStatistics(a), candidate: Self.processStatistics(c)),
                let together = RatioEstimate.processes(
                    baseline: Self.processStatistics(a), candidate: Self.processStatistics(b) + Self.processStatistics(c))
            else {
                settle(index, confirmed: false, "the further run (\(source)) gave no estimate: not confirmed")
                continue
            }
            let (estimate, _) = policy.withSpreadBetweenRuns(alone, name: name)
            let p =
                estimate.logStandardError > 0
                ? StudentT.upperTail(log(estimate.ratio) / estimate.logStandardError, degreesOfFreedom: estimate.degreesOfFreedom)
                : (estimate.ratio > 1 ? 0 : 1)
            let figures = String(format: "a further run (%@) gave %.3f (p = %.2g against ratio ≤ 1)", source, estimate.ratio, p)
            let all = VerdictDecision(
                policy.withSpreadBetweenRuns(together, name: name).0, threshold: policy.thresholdValue(for: name), confidence: policy.confidence,
                margin: policy.margin)
            if p >= alpha {
                settle(index, confirmed: false, figures + ": not confirmed")
            } else if all.verdict != .regressed {
                settle(index, confirmed: false, figures + ", but both runs together no longer call it regressed: not confirmed")
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
            if comparisons[index].verdict == .regressed { comparisons[index].confirmed = confirmed }
        }
    }
}

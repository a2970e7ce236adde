import Foundation

/// A verdict on one benchmark between a baseline and a candidate run.
public enum Verdict: String, Codable, Sendable, CaseIterable {
    case regressed, improved, unchanged, inconclusive
    /// The two runs computed different outputs: "faster but different".
    case digestMismatch
    /// The benchmark crashed, failed or timed out in the candidate.
    case failed
    /// The benchmark is in only one of the runs.
    case missing
}

/// How verdicts are reached.
public struct ComparisonPolicy: Sendable {
    /// The relative change below which a difference does not matter (both ways): a regression
    /// needs the estimate above 1 + threshold and the whole confidence interval of the ratio
    /// above 1 + margin × threshold.
    public var threshold: Double = 0.10
    /// Thresholds for benchmarks whose names match a regular expression (the last match wins).
    public var thresholdOverrides: [(pattern: String, threshold: Double)] = []
    /// Per benchmark, the smallest threshold this machine's noise allows (`Calibration`): a
    /// threshold below it is raised to it, and the verdict says so.
    public var calibratedThresholds: [String: Double] = [:]
    /// Where `calibratedThresholds` came from, for the verdicts' notes.
    public var calibrationSource: String?
    public var confidence: Double = 0.95
    /// The part of the threshold the interval must clear for `regressed` or `improved`; the
    /// estimate must clear all of it (`VerdictDecision`). 1: the whole interval past the threshold.
    public var margin: Double = 1
    /// Instruction counts are deterministic: a rise above this fraction is a regression.
    public var instructionThreshold: Double = 0.01
    /// Per benchmark, its own run-to-run noise over this machine's history (`HistoryNoise`):
    /// its threshold in place of `threshold`; `thresholdOverrides` and calibration floors still apply.
    public var historyThresholds: [String: HistoryNoise] = [:]
    /// Per benchmark, how far apart two runs of unchanged code land on this machine
    /// (`HistoryNoise.spread`): a comparison of two runs made apart takes it as the least
    /// standard error of its log-ratio, since the processes of one run cannot show how much runs
    /// differ. Not used by paired rounds, whose pairing cancels the drift between runs.
    public var betweenRunSpread: [String: HistoryNoise] = [:]

    public init() {}

    /// The threshold the verdict uses, and whether calibration raised it.
    func threshold(for name: String) -> (value: Double, raised: Bool) {
        var result = historyThresholds[name]?.threshold ?? threshold
        for (pattern, value) in thresholdOverrides where name.range(of: pattern, options: .regularExpression) != nil {
            result = value
        }
        if let floor = calibratedThresholds[name], floor > result { return (floor, true) }
        return (result, false)
    }

    /// `estimate` with the spread between runs of `name` as the least standard error of its
    /// log-ratio, for two runs made apart (`betweenRunSpread`), and the note saying so when the
    /// spread was the wider.
    public func withSpreadBetweenRuns(_ estimate: RatioEstimate, name: String) -> (RatioEstimate, note: String?) {
        guard estimate.design == .processes, let history = betweenRunSpread[name], let spread = history.spread,
            spread > estimate.logStandardError
        else { return (estimate, nil) }
        var widened = estimate
        widened.logStandardError = spread
        // The standard error is then the history's estimate, with its degrees of freedom.
        widened.degreesOfFreedom = Double(max(history.pairs - 1, 1))
        let note = String(
            format: "standard error from the spread between runs, %.1f%% over %d pairs of runs in this machine's history (wider than the processes')",
            (exp(spread) - 1) * 100, history.pairs)
        return (widened, note)
    }

    /// The threshold a verdict on `name` uses.
    public func thresholdValue(for name: String) -> Double { threshold(for: name).value }

    /// Why a benchmark's threshold is not the one asked for, when it is not.
    func thresholdNote(for name: String) -> String? {
        let (value, raised) = threshold(for: name)
        let percent = String(format: "%.1f%%", value * 100)
        if raised { return "raised to \(percent) by \(calibrationSource ?? "calibration")" }
        guard let noise = historyThresholds[name],
            !thresholdOverrides.contains(where: { name.range(of: $0.pattern, options: .regularExpression) != nil })
        else { return nil }
        return "\(percent): this benchmark's noise over \(noise.pairs) pairs of consecutive runs in the history"
    }
}

/// One benchmark compared.
public struct BenchmarkComparison: Codable, Sendable {
    public var name: String
    public var verdict: Verdict
    /// Candidate over baseline time per iteration, a ratio of geometric means of the units'
    /// statistics (20%-trimmed means per process): above 1 is slower.
    public var ratio: Double?
    public var interval: [Double]?
    /// The p-value the verdict rests on, and the null hypothesis it tests.
    public var pValue: Double?
    public var hypothesis: String?
    /// The units the statistics are over: "3 + 3 processes" or "8 paired rounds".
    public var design: String?
    /// The slowdown this comparison's noise would have called `regressed` with 80% probability
    /// (0.06 for 6%).
    public var detectableEffect: Double?
    public var threshold: Double
    /// Set when calibration raised the threshold above the one asked for.
    public var thresholdNote: String?
    public var baselineMedian: Double?
    public var candidateMedian: Double?
    public var baselineAllocations: Double?
    public var candidateAllocations: Double?
    /// Instructions per iteration (single-thread benchmarks measured under callgrind).
    public var baselineInstructions: Double?
    public var candidateInstructions: Double?
    /// Why the instructions were not counted (a benchmark on every thread, an engine in another
    /// process, valgrind missing), when they were asked for and not counted.
    public var instructionsNote: String?
    /// Where a regression's work changed, function by function (`compare-revisions`, `explain`).
    public var attribution: InstructionAttribution?
    /// Why a regression was not attributed: callgrind missing or failing, the budget spent.
    public var attributionNote: String?
    /// Which of those it was, when a regression was not attributed.
    public var attributionWithheld: AttributionWithheld?
    /// Processes measured while other work used the machine, "2 of 6".
    public var busy: String?
    /// Whether further rounds confirmed a regression (`compare-revisions`): false leaves it
    /// `inconclusive`; nil when no confirmation ran.
    public var confirmed: Bool?
    public var message: String?
    /// What the verdict rests on: the time's interval, a count (instructions or allocations per
    /// iteration, which are exact) or the outputs; both time and instructions when both say
    /// regressed. Nil in files from before it was recorded.
    public var decidedBy: [Measure]?
    /// The verdict the time alone gave, where a count decided instead (a rise in instructions
    /// while the time was inconclusive): shown beside it, labelled, never as the verdict's ratio.
    public var timeVerdict: Verdict?
    /// Why a time verdict was not kept, when it was not: load takes back any (`Withheld.isLoad`),
    /// the other reasons only regressed or improved.
    public var withheld: Withheld?
    /// The verdict the two runs alone gave, where paired rounds of both builds measured again
    /// decided instead (`compare`, when both builds can be run here).
    public var runsVerdict: Verdict?

    /// Whether other work on the machine kept the time verdict its statistics reached.
    public var withheldForLoad: Bool { withheld?.isLoad == true }

    /// What keeps a comparison from a time verdict its statistics reached.
    public enum Withheld: String, Codable, Sendable, CaseIterable {
        /// A process of either side was measured beside half a CPU of other work.
        case busyProcesses
        /// Other work ran beside the whole run or rounds (`MachineState.span`).
        case busyRun
        /// Its p-value failed the comparison's false-discovery control (`FalseDiscovery`).
        case falseDiscovery
        /// A further run or further rounds did not show it again.
        case notConfirmed
        /// No further run could be made, and nothing else bounds the spread between runs.
        case unconfirmable

        /// Whether other work on the machine is the reason: then any time verdict is taken back,
        /// `unchanged` too.
        public var isLoad: Bool { self == .busyProcesses || self == .busyRun }
    }

    /// Where the time's standard error came from when not from the processes of the two runs
    /// alone: the spread between runs in this machine's history, when that is wider.
    public var spreadNote: String?
    /// The smaller of the time's two one-sided p-values (slower, faster): what the comparison's
    /// false-discovery control ranks among the benchmarks it compared on time.
    public var directionalPValue: Double?
    /// For a time verdict of regressed or improved: its place in the false-discovery control
    /// over the comparison (`FalseDiscovery`), kept or not.
    public var falseDiscovery: FalseDiscovery?

    /// A measure a verdict can rest on.
    public enum Measure: String, Codable, Sendable, CaseIterable {
        case time, instructions, allocations, outputs
    }

    /// The ratio the verdict rests on, candidate over baseline: the time's, else the count's
    /// that decided it.
    public var decidingRatio: Double? {
        switch decidedBy ?? [.time] {
        case let measures where measures.contains(.time): return ratio
        case let measures where measures.contains(.instructions): return countRatio(baselineInstructions, candidateInstructions)
        case let measures where measures.contains(.allocations): return countRatio(baselineAllocations, candidateAllocations)
        default: return nil
        }
    }

    /// The deciding ratio's 95% interval: the time's, or none for an exact count.
    public var decidingInterval: [Double]? { (decidedBy ?? [.time]).contains(.time) ? interval : nil }

    /// "regressed (instructions)", "regressed (time and instructions)": the verdict with what
    /// decided it, where that is not the time alone.
    public var verdictLabel: String {
        let measures = decidedBy ?? [.time]
        guard measures != [.time], !measures.isEmpty, measures != [.outputs] else { return summary }
        return "\(verdict.rawValue) (\(measures.map(\.rawValue).joined(separator: " and ")))"
    }

    /// The time's own reading where a count decided the verdict: "time 0.757× (0.442–1.296): inconclusive".
    public var timeNote: String? {
        guard let timeVerdict, let ratio else { return nil }
        let range = interval.map { String(format: " (%.3f–%.3f)", $0[0], $0[1]) } ?? ""
        return String(format: "time %.3f×", ratio) + range + ": \(timeVerdict.rawValue)"
    }

    private func countRatio(_ a: Double?, _ b: Double?) -> Double? {
        guard let a, let b, a > 0 else { return nil }
        return b / a
    }

    /// "unchanged: could have detected ≥ 6%": the verdict with what it could have seen.
    public var summary: String {
        guard let detectableEffect, [.unchanged, .inconclusive].contains(verdict) else { return verdict.rawValue }
        return "\(verdict.rawValue): could have detected ≥ \(String(format: "%.1f", detectableEffect * 100))%"
    }
}

/// Two runs compared, benchmark by benchmark, with the exit code of the contract:
/// 0 pass (improvements never fail), 1 tool error or failed benchmark, 2 regression,
/// 3 inconclusive, 4 digest mismatch.
public struct ComparisonReport: Codable, Sendable {
    /// The JSON's version (docs/schemas/comparison.schema.json); absent in files from before it.
    public var schemaVersion: Int? = 1
    public var baseline: String
    public var candidate: String
    public var comparisons: [BenchmarkComparison]
    /// The geometric mean of the ratios of the benchmarks compared on time.
    public var geometricMeanRatio: Double?
    /// What the machine was like while the candidate (or the rounds) measured, when known.
    public var machine: String?
    /// The conformance suites of both revisions (`compare-revisions`); nil when not run.
    public var conformance: ConformanceDelta?
    /// How `compare-revisions` measured: its design, rounds and why they stopped.
    public var rounds: RoundsSummary?

    private enum StoredExitCode: String, CodingKey { case exitCode }

    /// Every field, and the exit code the comparison gives, so that a stored comparison says what
    /// the process exited with (it is recomputed, never read back).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(schemaVersion, forKey: .schemaVersion)
        try container.encode(baseline, forKey: .baseline)
        try container.encode(candidate, forKey: .candidate)
        try container.encode(comparisons, forKey: .comparisons)
        try container.encodeIfPresent(geometricMeanRatio, forKey: .geometricMeanRatio)
        try container.encodeIfPresent(machine, forKey: .machine)
        try container.encodeIfPresent(conformance, forKey: .conformance)
        try container.encodeIfPresent(rounds, forKey: .rounds)
        var extra = encoder.container(keyedBy: StoredExitCode.self)
        try extra.encode(exitCode, forKey: .exitCode)
    }

    /// Whether any benchmark was compared at all: two runs that share no benchmark with timings
    /// (an empty baseline, disjoint filters) are not a pass.
    public var comparedAnything: Bool {
        comparisons.contains { [.regressed, .improved, .unchanged, .inconclusive, .digestMismatch].contains($0.verdict) }
    }

    /// The exit code, computed here once and printed, stored and rendered from this value:
    /// 4 digest mismatch, 1 failed benchmark or nothing compared, 2 regression, 3 inconclusive,
    /// then 1 when a conformance verdict changed (or the suites could not be run), else 0.
    public var exitCode: Int32 {
        guard comparedAnything else { return 1 }
        let verdicts = Set(comparisons.map(\.verdict))
        if verdicts.contains(.digestMismatch) { return 4 }
        if verdicts.contains(.failed) { return 1 }
        if verdicts.contains(.regressed) { return 2 }
        if verdicts.contains(.inconclusive) { return 3 }
        if conformance?.fails == true { return 1 }
        return 0
    }

    public func count(_ verdict: Verdict) -> Int { comparisons.filter { $0.verdict == verdict }.count }

    /// The geometric mean of the time ratios of the benchmarks compared on time (exp of the mean
    /// log ratio); nil when none was.
    public static func geometricMeanRatio(of comparisons: [BenchmarkComparison]) -> Double? {
        let ratios = comparisons.compactMap { [.regressed, .improved, .unchanged, .inconclusive].contains($0.verdict) ? $0.ratio : nil }
        return ratios.isEmpty ? nil : exp(ratios.map(log).reduce(0, +) / Double(ratios.count))
    }

    /// Compares `candidate` with `baseline`. Runs from different machines are refused unless
    /// `force` (their times are not comparable).
    public static func compare(
        baseline: RunResult, candidate: RunResult, baselineName: String, candidateName: String,
        policy: ComparisonPolicy = ComparisonPolicy(), force: Bool = false,
        estimator: Estimator = processEstimator
    ) throws -> ComparisonReport {
        if baseline.environment.machineKey != candidate.environment.machineKey && !force {
            throw ResultFileError(
                """
                the baseline and the candidate come from different machines (\(baseline.environment.cpuModel), \
                \(baseline.environment.logicalCores) cores, \(baseline.environment.kernel) vs \(candidate.environment.cpuModel), \
                \(candidate.environment.logicalCores) cores, \(candidate.environment.kernel)); their times are not comparable. \
                Pass --force to compare them anyway
                """)
        }
        let baselineByName = Dictionary(baseline.benchmarks.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let candidateNames = Set(candidate.benchmarks.map(\.name))
        var comparisons = candidate.benchmarks.map { compare(baselineByName[$0.name], $0, policy: policy, estimator: estimator) }
        for old in baseline.benchmarks where !candidateNames.contains(old.name) {
            comparisons.append(
                BenchmarkComparison(
                    name: old.name, verdict: .missing, threshold: policy.threshold(for: old.name).value,
                    message: "not in the candidate run"))
        }
        let busy = [("baseline", baseline.machine), ("candidate", candidate.machine)].compactMap { role, machine in
            machine?.spanNote.map { "the \(role) run had \($0)" }
        }
        if !busy.isEmpty {
            let why = busy.joined(separator: " and ") + ": measure again on a quiet machine"
            for index in comparisons.indices { comparisons[index].withholdTimeVerdict(why, .busyRun) }
        }
        FalseDiscovery.control(&comparisons, level: (1 - policy.confidence) / 2)
        let geometricMean = geometricMeanRatio(of: comparisons)
        let machine = [baseline.machine.map { "baseline: \($0.summary)" }, candidate.machine.map { "candidate: \($0.summary)" }].compactMap { $0 }
        return ComparisonReport(
            baseline: baselineName, candidate: candidateName, comparisons: comparisons, geometricMeanRatio: geometricMean,
            machine: machine.isEmpty ? nil : machine.joined(separator: "; "))
    }

    /// Estimates a benchmark's ratio from the two results; the default uses worker processes.
    public typealias Estimator = @Sendable (_ baseline: BenchmarkResult, _ candidate: BenchmarkResult) -> RatioEstimate?

    /// Per-process statistics of a timing summary: the 20%-trimmed mean of each process's samples.
    public static func processStatistics(_ timing: TimingSummary) -> [Double] {
        timing.samplesByProcess.filter { !$0.isEmpty }.map { Descriptive.trimmedMean($0) }
    }

    public static let processEstimator: Estimator = { a, b in
        guard let x = a.timing, let y = b.timing else { return nil }
        return RatioEstimate.processes(baseline: processStatistics(x), candidate: processStatistics(y))
    }

    static func compare(
        _ baseline: BenchmarkResult?, _ candidate: BenchmarkResult, policy: ComparisonPolicy,
        estimator: Estimator = processEstimator
    ) -> BenchmarkComparison {
        let threshold = policy.threshold(for: candidate.name).value
        var comparison = BenchmarkComparison(name: candidate.name, verdict: .unchanged, threshold: threshold)
        comparison.thresholdNote = policy.thresholdNote(for: candidate.name)
        guard let baseline else {
            comparison.verdict = .missing
            comparison.message = "not in the baseline run"
            return comparison
        }
        if candidate.status == .different, let a = baseline.timing, let b = candidate.timing, a.nanosecondsPerElement > 0 {
            // Its speed is no verdict: it computed something else.
            let ratio = b.nanosecondsPerElement / a.nanosecondsPerElement
            comparison.verdict = .digestMismatch
            comparison.ratio = ratio
            comparison.message =
                "\(ratio < 1 ? "faster" : "not faster") but different (\(ratioDigits(ratio))× the baseline's time): "
                + (candidate.message ?? "its values are not MotionCore's")
            return comparison
        }
        guard candidate.status == .ok else {
            comparison.verdict = .failed
            comparison.message = "\(candidate.status.rawValue): \(candidate.message ?? "")"
            return comparison
        }
        guard baseline.status == .ok, let a = baseline.timing, let b = candidate.timing else {
            comparison.verdict = .missing
            comparison.message = "the baseline has no timing (\(baseline.status.rawValue))"
            return comparison
        }
        comparison.baselineAllocations = baseline.allocations?.perIteration
        comparison.candidateAllocations = candidate.allocations?.perIteration
        comparison.baselineInstructions = baseline.instructions?.perIteration
        comparison.candidateInstructions = candidate.instructions?.perIteration
        comparison.busy = MachineLoad.busyNote([a, b])
        if let x = baseline.digest, let y = candidate.digest, !x.isEmpty, !y.isEmpty, x != y {
            comparison.verdict = .digestMismatch
            comparison.decidedBy = [.outputs]
            comparison.message = "outputs differ: digest \(x) in the baseline, \(y) in the candidate"
            return comparison
        }
        comparison.baselineMedian = Descriptive.median(a.samples)
        comparison.candidateMedian = Descriptive.median(b.samples)
        if let measured = estimator(baseline, candidate) {
            let (estimate, spreadNote) = policy.withSpreadBetweenRuns(measured, name: candidate.name)
            comparison.spreadNote = spreadNote
            let decision = VerdictDecision(estimate, threshold: threshold, confidence: policy.confidence, margin: policy.margin)
            let interval = estimate.interval(confidence: policy.confidence)
            comparison.ratio = estimate.ratio
            comparison.interval = [interval.lowerBound, interval.upperBound]
            comparison.verdict = decision.verdict
            comparison.decidedBy = [.time]
            comparison.pValue = decision.pValue
            comparison.directionalPValue = decision.directionalPValue
            comparison.hypothesis = decision.hypothesis
            comparison.detectableEffect = decision.detectableEffect.isFinite ? decision.detectableEffect : nil
            comparison.design =
                estimate.design == .processes
                ? "\(estimate.baselineUnits) + \(estimate.candidateUnits) processes" : "\(estimate.baselineUnits) paired rounds"
            // Processes measured beside other work say what the neighbour did as much as what the
            // code did: no time verdict is drawn from them, `unchanged` neither.
            if let busy = comparison.busy {
                comparison.withholdTimeVerdict("the \(busy): measure again on a quiet machine", .busyProcesses)
            }
        } else {
            // One process per side: its samples cannot show how much processes differ, so no
            // interval over them can support a verdict.
            let statisticsA = processStatistics(a), statisticsB = processStatistics(b)
            if !statisticsA.isEmpty, !statisticsB.isEmpty, (statisticsA + statisticsB).allSatisfy({ $0 > 0 }) {
                comparison.ratio = exp(RatioEstimate.mean(statisticsB.map(log)) - RatioEstimate.mean(statisticsA.map(log)))
            }
            comparison.verdict = .inconclusive
            comparison.decidedBy = [.time]
            comparison.design = "\(statisticsA.count) + \(statisticsB.count) processes"
            comparison.message =
                "one worker process on a side cannot show the variation between processes: measure both runs with the standard profile (3 processes) or the rigorous one for a verdict"
        }
        // Allocation and instruction counts are deterministic: any rise past the threshold is a
        // regression, whatever the time says; the time's own verdict is kept beside it.
        let time = comparison.verdict
        func decided(by measure: BenchmarkComparison.Measure) {
            if time == .regressed {
                comparison.decidedBy = (comparison.decidedBy ?? []) + [measure]
            } else {
                comparison.decidedBy = (comparison.decidedBy ?? []).filter { $0 != .time } + [measure]
                comparison.timeVerdict = time
            }
            comparison.verdict = .regressed
        }
        if let x = comparison.baselineAllocations, let y = comparison.candidateAllocations, y > x + 0.5 {
            decided(by: .allocations)
            comparison.message = "allocations per iteration rose from \(x) to \(y)"
        }
        if let x = comparison.baselineInstructions, let y = comparison.candidateInstructions, x > 0 {
            let change = y / x - 1
            if change > policy.instructionThreshold {
                decided(by: .instructions)
                comparison.message = "instructions per iteration rose \(String(format: "%.2f", change * 100))% (\(formatCount(x)) → \(formatCount(y)))"
            } else if change < -policy.instructionThreshold, comparison.verdict != .regressed {
                comparison.message = "instructions per iteration fell \(String(format: "%.2f", -change * 100))% (\(formatCount(x)) → \(formatCount(y)))"
            }
        }
        return comparison
    }
}

/// A count with thousands separated: 1 234 567.
func formatCount(_ value: Double) -> String {
    let digits = String(Int64(value.rounded()))
    var out = ""
    for (i, c) in digits.reversed().enumerated() {
        if i > 0 && i % 3 == 0 && c != "-" { out.append(" ") }
        out.append(c)
    }
    return String(out.reversed())
}

/// How the rounds of a comparison of revisions went.
public struct RoundsSummary: Codable, Sendable, Equatable {
    /// `blocks` (two workers taking turns) or `processes` (one fresh process a side per round).
    public var design: String
    /// Rounds run, the most any benchmark got.
    public var count: Int
    public var stopReason: String

    public init(design: String, count: Int, stopReason: String) {
        (self.design, self.count, self.stopReason) = (design, count, stopReason)
    }
}

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
    /// needs the whole confidence interval of the ratio above 1 + threshold.
    public var threshold: Double = 0.10
    /// Thresholds for benchmarks whose names match a regular expression (the last match wins).
    public var thresholdOverrides: [(pattern: String, threshold: Double)] = []
    /// Significance level of the Mann–Whitney test.
    public var alpha: Double = 0.01
    public var confidence: Double = 0.95

    public init() {}

    func threshold(for name: String) -> Double {
        var result = threshold
        for (pattern, value) in thresholdOverrides where name.range(of: pattern, options: .regularExpression) != nil {
            result = value
        }
        return result
    }
}

/// One benchmark compared.
public struct BenchmarkComparison: Codable, Sendable {
    public var name: String
    public var verdict: Verdict
    /// Candidate over baseline time per iteration (20%-trimmed means): above 1 is slower.
    public var ratio: Double?
    public var interval: [Double]?
    public var pValue: Double?
    public var threshold: Double
    public var baselineMedian: Double?
    public var candidateMedian: Double?
    public var baselineAllocations: Double?
    public var candidateAllocations: Double?
    public var message: String?
}

/// Two runs compared, benchmark by benchmark, with the exit code of the contract:
/// 0 pass (improvements never fail), 1 tool error or failed benchmark, 2 regression,
/// 3 inconclusive, 4 digest mismatch.
public struct ComparisonReport: Codable, Sendable {
    public var baseline: String
    public var candidate: String
    public var comparisons: [BenchmarkComparison]
    /// The geometric mean of the ratios of the benchmarks compared on time.
    public var geometricMeanRatio: Double?

    public var exitCode: Int32 {
        let verdicts = Set(comparisons.map(\.verdict))
        if verdicts.contains(.digestMismatch) { return 4 }
        if verdicts.contains(.failed) { return 1 }
        if verdicts.contains(.regressed) { return 2 }
        if verdicts.contains(.inconclusive) { return 3 }
        return 0
    }

    public func count(_ verdict: Verdict) -> Int { comparisons.filter { $0.verdict == verdict }.count }

    /// Compares `candidate` with `baseline`. Runs from different machines are refused unless
    /// `force` (their times are not comparable).
    public static func compare(baseline: RunResult, candidate: RunResult, baselineName: String, candidateName: String,
                               policy: ComparisonPolicy = ComparisonPolicy(), force: Bool = false) throws -> ComparisonReport {
        if baseline.environment.machineKey != candidate.environment.machineKey && !force {
            throw ResultFileError("""
                the baseline and the candidate come from different machines (\(baseline.environment.cpuModel), \
                \(baseline.environment.logicalCores) cores, \(baseline.environment.kernel) vs \(candidate.environment.cpuModel), \
                \(candidate.environment.logicalCores) cores, \(candidate.environment.kernel)); their times are not comparable. \
                Pass --force to compare them anyway
                """)
        }
        let baselineByName = Dictionary(baseline.benchmarks.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let candidateNames = Set(candidate.benchmarks.map(\.name))
        var comparisons = candidate.benchmarks.map { compare(baselineByName[$0.name], $0, policy: policy) }
        for old in baseline.benchmarks where !candidateNames.contains(old.name) {
            comparisons.append(BenchmarkComparison(name: old.name, verdict: .missing, threshold: policy.threshold(for: old.name),
                                                   message: "not in the candidate run"))
        }
        let ratios = comparisons.compactMap { [.regressed, .improved, .unchanged, .inconclusive].contains($0.verdict) ? $0.ratio : nil }
        let geometricMean = ratios.isEmpty ? nil : exp(ratios.map(log).reduce(0, +) / Double(ratios.count))
        return ComparisonReport(baseline: baselineName, candidate: candidateName, comparisons: comparisons, geometricMeanRatio: geometricMean)
    }

    static func compare(_ baseline: BenchmarkResult?, _ candidate: BenchmarkResult, policy: ComparisonPolicy) -> BenchmarkComparison {
        let threshold = policy.threshold(for: candidate.name)
        var comparison = BenchmarkComparison(name: candidate.name, verdict: .unchanged, threshold: threshold)
        guard let baseline else {
            comparison.verdict = .missing
            comparison.message = "not in the baseline run"
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
        if let x = baseline.digest, let y = candidate.digest, !x.isEmpty, !y.isEmpty, x != y {
            comparison.verdict = .digestMismatch
            comparison.message = "outputs differ: digest \(x) in the baseline, \(y) in the candidate"
            return comparison
        }
        let groupsA = a.samplesByProcess.filter { !$0.isEmpty }, groupsB = b.samplesByProcess.filter { !$0.isEmpty }
        let (ratio, interval) = groupsA.count > 1 && groupsB.count > 1
            ? Bootstrap.hierarchicalRatio(groupsA, groupsB, confidence: policy.confidence, statistic: { Descriptive.trimmedMean($0) })
            : Bootstrap.ratio(a.samples, b.samples, confidence: policy.confidence, resamples: 1000, statistic: { Descriptive.trimmedMean($0) })
        let test = RankTests.mannWhitneyU(a.samples, b.samples)
        comparison.ratio = ratio
        comparison.interval = [interval.lowerBound, interval.upperBound]
        comparison.pValue = test.pValue
        comparison.baselineMedian = Descriptive.median(a.samples)
        comparison.candidateMedian = Descriptive.median(b.samples)
        let slower = 1 + threshold, faster = 1 / (1 + threshold)
        let significant = test.pValue < policy.alpha
        if interval.lowerBound > slower && significant {
            comparison.verdict = .regressed
        } else if interval.upperBound < faster && significant {
            comparison.verdict = .improved
        } else if interval.lowerBound >= faster && interval.upperBound <= slower {
            comparison.verdict = .unchanged
        } else if !significant && ratio > faster && ratio < slower {
            comparison.verdict = .unchanged
        } else {
            comparison.verdict = .inconclusive
        }
        // Allocation counts are deterministic: any increase is a regression, whatever the time.
        if let x = comparison.baselineAllocations, let y = comparison.candidateAllocations, y > x + 0.5 {
            comparison.verdict = .regressed
            comparison.message = "allocations per iteration rose from \(x) to \(y)"
        }
        return comparison
    }
}

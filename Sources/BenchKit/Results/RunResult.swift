import Foundation

/// One run of the benchmark suite: the canonical, versioned result every report is derived from.
/// The schema is documented in reports/README.md.
public struct RunResult: Codable, Sendable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var tool: String
    public var startedAt: String
    public var finishedAt: String
    public var profile: String
    public var threads: Int
    public var filter: String?
    public var environment: EnvironmentFingerprint
    public var benchmarks: [BenchmarkResult]
    /// How busy the machine was and what parallel capacity it gave (absent in older results).
    public var machine: MachineState?
}

/// One benchmark's results.
public struct BenchmarkResult: Codable, Sendable {
    public enum Status: String, Codable, Sendable {
        case ok, crashed, timedOut, failed
        /// It ran, but its values are not MotionCore's for the same workload (`valuesCheck`).
        case different
    }

    public var name: String
    public var unit: BenchmarkUnit
    public var elements: Int
    public var tags: [String]
    public var reference: String?
    /// The same work on one thread, by benchmark name (for benchmarks that use every thread).
    public var oneThreadCounterpart: String?
    public var status: Status
    /// What went wrong, for a benchmark that did not complete.
    public var message: String?
    public var timing: TimingSummary?
    public var allocations: AllocationSummary?
    /// Instructions per iteration, for one-thread benchmarks when the run counted them.
    public var instructions: InstructionSummary?
    public var digest: String?
    /// Median time per element of this benchmark over that of its C reference, when both ran.
    public var ratioToReference: Double?
    /// The one-thread counterpart's median time over this benchmark's, when both ran: how many
    /// times faster the threads made it.
    public var speedupOverOneThread: Double?
    /// 95% bootstrap intervals `[low, high]` of `ratioToReference` and `speedupOverOneThread`
    /// (`BenchmarkDriver.ratioInterval`): how far the two medians' ratio can be trusted on a
    /// noisy machine. Absent in results written before they existed.
    public var ratioToReferenceInterval: [Double]?
    public var speedupInterval: [Double]?
    /// For a workload run by an engine in another process: the engine, and its final values
    /// checked against MotionCore's.
    public var engine: EngineInfo?
    public var valuesCheck: ValuesCheck?
}

/// The timing pass, summarised, with the raw samples kept.
public struct TimingSummary: Codable, Sendable {
    /// Nanoseconds per iteration, as sampled.
    public var samples: [Double]
    /// How many of `samples` each worker process took, in order (absent: one process).
    public var processSampleCounts: [Int]?
    /// What the rest of the machine did during each worker process, in order.
    public var processLoads: [ProcessLoad]?
    public var iterationsPerSample: Int
    /// p0, p25, p50, p75, p90, p99, p99.9 and p100 in nanoseconds per iteration, from a log
    /// histogram of the samples (3 significant digits; p0 and p100 exact).
    public var percentiles: [String: Double]
    public var mean: Double
    public var standardDeviation: Double
    /// The median's 95% bootstrap confidence interval.
    public var medianInterval: [Double]
    /// Elements per second at the median.
    public var throughput: Double
    /// Median (p50) nanoseconds per element.
    public var nanosecondsPerElement: Double
    /// For frame benchmarks: the share of frames over the 60, 120 and 240 Hz budgets.
    public var framesOverBudget: [String: Double]?

    public static let reportedPercentiles: [(String, Double)] = [
        ("p0", 0), ("p25", 25), ("p50", 50), ("p75", 75), ("p90", 90), ("p99", 99), ("p99.9", 99.9), ("p100", 100),
    ]

    public init(
        samples: [Double], iterationsPerSample: Int, elements: Int, unit: BenchmarkUnit, processSampleCounts: [Int]? = nil,
        processLoads: [ProcessLoad]? = nil
    ) {
        self.samples = samples
        self.processSampleCounts = processSampleCounts
        self.processLoads = processLoads
        self.iterationsPerSample = iterationsPerSample
        var histogram = LogHistogram()
        samples.forEach { histogram.record($0) }
        var percentiles: [String: Double] = [:]
        for (label, p) in Self.reportedPercentiles { percentiles[label] = histogram.percentile(p) }
        self.percentiles = percentiles
        mean = Descriptive.mean(samples)
        standardDeviation = Descriptive.standardDeviation(samples)
        let interval = Bootstrap.interval(samples, resamples: 1000)
        medianInterval = [interval.lowerBound, interval.upperBound]
        // The reported p50, so that a report's median and per-element columns agree. (The exact
        // sample median averages the two middle samples of an even count, which for a bimodal
        // benchmark can lie between its two modes, 8% from p50 in one run seen.)
        let median = percentiles["p50"] ?? Descriptive.median(samples)
        nanosecondsPerElement = median / Double(max(elements, 1))
        throughput = median > 0 ? Double(elements) * 1e9 / median : 0
        if unit == .frame {
            var over: [String: Double] = [:]
            for hz in [60, 120, 240] {
                let budget = 1e9 / Double(hz)
                over["\(hz)Hz"] = Double(samples.filter { $0 > budget }.count) / Double(max(samples.count, 1))
            }
            framesOverBudget = over
        }
    }

    public var median: Double { percentiles["p50"] ?? .nan }

    /// The samples of each worker process.
    public var samplesByProcess: [[Double]] {
        guard let counts = processSampleCounts, counts.reduce(0, +) == samples.count else { return [samples] }
        var groups: [[Double]] = []
        var start = 0
        for count in counts {
            groups.append(Array(samples[start..<(start + count)]))
            start += count
        }
        return groups
    }
}

/// The counting pass.
public struct AllocationSummary: Codable, Sendable {
    /// Allocation requests per iteration; nil when jemalloc was not available ("unavailable").
    public var perIteration: Double?
    public var bytesPerIteration: Double?
    public var peakResidentBytes: UInt64?
}

/// The instruction pass: instructions retired per iteration inside the measured region, counted
/// by callgrind — deterministic for one-thread code, so compared exactly.
public struct InstructionSummary: Codable, Hashable, Sendable {
    /// nil when the count is unavailable (never 0 for "unknown").
    public var perIteration: Double?
    public var iterations: Int
    /// Why the count is unavailable: "valgrind is not installed", "valgrind stopped: …".
    public var unavailable: String?
}

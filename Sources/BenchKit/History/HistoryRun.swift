import Foundation

/// What a chart or a change point needs of one nightly run: its date, revision and environment,
/// and per benchmark the trimmed mean time with its 95% interval and the instructions counted —
/// a few numbers per benchmark instead of every sample. A store keeps these as rows; a history
/// record (`HistoryRecord`) reduces to one.
public struct HistoryRun: Sendable {
    public var startedAt: String
    public var profile: String
    public var environment: EnvironmentFingerprint
    /// The record's JSON file under the history folder (`series/file.json`), when there is one.
    public var source: String?
    /// Benchmark names in the run's order, and their measures.
    public var benchmarks: [String]
    public var measures: [String: HistoryMeasure]
    /// Each engine's conformance that night, in the order given (fixture verdicts left out).
    public var conformance: [JSONConformanceSummary]

    public init(
        startedAt: String, profile: String, environment: EnvironmentFingerprint, source: String? = nil, benchmarks: [String] = [],
        measures: [String: HistoryMeasure] = [:], conformance: [JSONConformanceSummary] = []
    ) {
        (self.startedAt, self.profile, self.environment, self.source) = (startedAt, profile, environment, source)
        (self.benchmarks, self.measures, self.conformance) = (benchmarks, measures, conformance)
    }

    /// A record reduced; `intervals: false` leaves out the bootstrap intervals (change points
    /// need only the centres).
    public init(_ record: HistoryRecord, intervals: Bool = true) {
        self.init(startedAt: record.run.startedAt, profile: record.run.profile, environment: record.run.environment, source: record.source)
        for result in record.run.benchmarks where measures[result.name] == nil {
            benchmarks.append(result.name)
            measures[result.name] = HistoryMeasure(result, interval: intervals)
        }
        conformance = (record.engines ?? record.conformance.map { [$0] } ?? []).map { summary in
            var s = summary
            s.verdicts = [:]
            return s
        }
    }
}

/// One benchmark in one run, as history charts and change points read it.
public struct HistoryMeasure: Sendable, Hashable {
    /// Trimmed mean time per iteration (ns) and its 95% bootstrap interval; nil without timing.
    public var center: Double?
    public var low: Double?
    public var high: Double?
    /// Instructions per iteration (callgrind), when counted.
    public var instructions: Double?

    public init(center: Double?, low: Double?, high: Double?, instructions: Double?) {
        (self.center, self.low, self.high, self.instructions) = (center, low, high, instructions)
    }

    /// The trimmed mean of the samples, its 95% interval (`Descriptive.trimmedMeanInterval`) and
    /// the instruction count.
    public init(_ result: BenchmarkResult, interval: Bool = true) {
        instructions = result.instructions?.perIteration
        guard let samples = result.timing?.samples, !samples.isEmpty else { return }
        center = Descriptive.trimmedMean(samples)
        if interval {
            let range = Descriptive.trimmedMeanInterval(samples)
            (low, high) = (range.lowerBound, range.upperBound)
        }
    }
}

/// How long and how often a run measures: `quick` for a smoke run or `make run`, `standard` for
/// nightly runs and comparisons, `rigorous` when a verdict must be sure (pyperf's --fast and
/// --rigorous, criterion's --quick).
public struct MeasurementProfile: Codable, Hashable, Sendable {
    public let name: String
    /// Seconds of warm-up before measuring.
    public let warmupSeconds: Double
    /// Seconds of measurement per worker process, at most.
    public let measureSeconds: Double
    /// Samples per worker process, at most.
    public let maximumSamples: Int
    /// Samples per worker process, at least (when the time allows one per iteration).
    public let minimumSamples: Int
    /// For operation benchmarks: each sample lasts at least this long (iterations are batched).
    public let minimumSampleSeconds: Double
    /// Worker processes per benchmark for the timing pass. Each process is a fresh draw of what
    /// varies between processes (memory layout, thread placement — pyperf's argument), so
    /// comparisons resample processes as well as samples.
    public let processes: Int
    /// Iterations measured in the counting pass.
    public let countingIterations: Int
    /// Iterations of warm-up, at most.
    public var maximumWarmupIterations: Int { 1024 }

    public static let quick = MeasurementProfile(
        name: "quick", warmupSeconds: 0.03, measureSeconds: 0.15, maximumSamples: 300,
        minimumSamples: 10, minimumSampleSeconds: 0.0005, processes: 1, countingIterations: 8)
    public static let standard = MeasurementProfile(
        name: "standard", warmupSeconds: 0.1, measureSeconds: 0.35, maximumSamples: 1000,
        minimumSamples: 30, minimumSampleSeconds: 0.002, processes: 3, countingIterations: 32)
    public static let rigorous = MeasurementProfile(
        name: "rigorous", warmupSeconds: 0.2, measureSeconds: 0.6, maximumSamples: 2000,
        minimumSamples: 50, minimumSampleSeconds: 0.005, processes: 6, countingIterations: 64)

    /// The profiles, shortest first.
    public static let all = [quick, standard, rigorous]

    public static func named(_ name: String) -> MeasurementProfile? {
        all.first { $0.name == name }
    }

    /// Paired rounds a comparison of two revisions (or a calibration) takes before its first
    /// decision: more for a profile that asks for more certainty.
    public var pairedRounds: Int {
        switch name {
        case "quick": 4
        case "rigorous": 10
        default: 6
        }
    }
}

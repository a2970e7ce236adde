import Foundation

/// What this machine's noise does to verdicts, measured by A/A comparisons of one build against
/// itself (`Calibrator`), stored per machine and profile and used by `compare` and
/// `compare-revisions`: a threshold below the noise floor of a benchmark is raised to it.
public struct Calibration: Codable, Sendable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var machineKey: String
    public var seriesKey: String
    public var profile: String
    public var date: String
    public var revision: String?
    /// The threshold the false-positive rates and detectable effects are stated at.
    public var threshold: Double
    /// A/A pairs of each design, and rounds per pair for the interleaved one.
    public var pairs: Int
    public var rounds: Int
    public var processesPerRun: Int
    public var machine: MachineState?
    public var benchmarks: [BenchmarkNoise]
    /// What a `compare-revisions` job at `threshold` can find here (`Calibration+Reach`); nil in
    /// calibrations from before it was kept.
    public var reachPlan: ReachPlan?
    public var reach: [Reach]?

    /// The slowdown a job is asked to find and the minutes its rounds may take: the budget less
    /// the two builds and the counting pass.
    public struct ReachPlan: Codable, Sendable {
        public var effect: Double
        public var budgetMinutes: Double
        public var overheadMinutes: Double
        public init(effect: Double, budgetMinutes: Double, overheadMinutes: Double) {
            (self.effect, self.budgetMinutes, self.overheadMinutes) = (effect, budgetMinutes, overheadMinutes)
        }
    }

    /// One benchmark's noise and what it costs the verdicts.
    public struct BenchmarkNoise: Codable, Sendable {
        public var name: String
        /// The standard deviation of log(per-process trimmed mean) over every process measured —
        /// the coefficient of variation between processes.
        public var processCV: Double
        /// The standard deviation of the per-round log-ratios of the interleaved design.
        public var roundCV: Double
        /// The median coefficient of variation of the samples within a process.
        public var sampleCV: Double
        /// The median wall time of one interleaved round (both workers started, set up and
        /// measured), in seconds; nil in calibrations from before it was kept.
        public var roundSeconds: Double?
        /// Per design: A/A verdicts over `pairs`.
        public var compare: DesignFigures
        public var revisions: DesignFigures
    }

    public struct DesignFigures: Codable, Sendable {
        public var falsePositives: Int
        public var inconclusive: Int
        public var pairs: Int
        /// The slowdown called `regressed` with 80% probability at the threshold, from the noise.
        public var detectableEffect: Double
        /// The smallest threshold at which none of the A/A pairs was called a change, plus half a
        /// point; 0 when the threshold already gave none.
        public var thresholdFloor: Double
        /// The A/A ratios, one per pair.
        public var ratios: [Double]
    }

    /// `reports/calibration/<series>-<profile>.json`.
    public static func file(reports: URL, seriesKey: String, profile: String) -> URL {
        reports.appendingPathComponent("calibration/\(seriesKey)-\(profile).json")
    }

    public enum Design { case compare, revisions }

    /// Per benchmark, the floor of one design's threshold.
    public func thresholdFloors(_ design: Design) -> [String: Double] {
        Dictionary(
            benchmarks.compactMap { b in
                let floor = design == .compare ? b.compare.thresholdFloor : b.revisions.thresholdFloor
                return floor > 0 ? (b.name, floor) : nil
            }, uniquingKeysWith: { x, _ in x })
    }
}

extension Calibration.DesignFigures {
    /// The figures of A/A pairs: their estimates and the detectable effect of the design.
    init(estimates: [RatioEstimate], threshold: Double, confidence: Double, margin: Double = 1, detectableEffect: Double) {
        var falsePositives = 0, inconclusive = 0, floor = 0.0
        for estimate in estimates {
            let decision = VerdictDecision(estimate, threshold: threshold, confidence: confidence, margin: margin)
            if [.regressed, .improved].contains(decision.verdict) { falsePositives += 1 }
            if decision.verdict == .inconclusive { inconclusive += 1 }
            let interval = estimate.interval(confidence: confidence)
            floor = max(floor, interval.lowerBound - 1, 1 / interval.upperBound - 1)
        }
        self.init(
            falsePositives: falsePositives, inconclusive: inconclusive, pairs: estimates.count, detectableEffect: detectableEffect,
            thresholdFloor: floor > threshold ? (floor + 0.005) : 0, ratios: estimates.map(\.ratio))
    }
}

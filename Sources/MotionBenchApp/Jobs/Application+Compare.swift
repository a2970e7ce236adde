import BenchKit
import Foundation
import HarnessSupport

/// Where a comparison's calibration comes from: this machine's for the profile, a file, or none.
package enum CalibrationChoice: Sendable, Equatable {
    case machine
    case file(URL)
    case none
}

/// What `compare` is asked: two runs and the rule they are compared by.
package struct CompareRequest: Sendable {
    /// A name under reports/baselines/, a path ending in .json, or a stored run (`revision:PREFIX`,
    /// `date:PREFIX`).
    package var baseline: String
    /// As `baseline`; nil: the newest run under reports/.
    package var candidate: String?
    package var reports = URL(fileURLWithPath: "reports")
    package var store = StoreChoice()
    /// The rule the verdicts are decided by; calibration floors and history noise are added here.
    package var rule = VerdictRule()
    /// Per-benchmark thresholds from the candidate machine's stored history over this many runs.
    package var historyWindow: Int?
    package var calibration = CalibrationChoice.machine
    /// Compare runs of different profiles or machines anyway.
    package var force = false

    package init(baseline: String, candidate: String? = nil) { (self.baseline, self.candidate) = (baseline, candidate) }
}

extension Application {
    /// `compare`: the verdict of every benchmark of two runs, and the exit code they make.
    package func compare(_ request: CompareRequest) throws -> ComparisonReport {
        let results = ResultFiles(root: request.reports)
        func file(_ reference: String) throws -> URL {
            try storedRunFile(reference, store: request.store, reports: request.reports) ?? results.resolve(reference)
        }
        let baseline = try loadRun(try file(request.baseline), role: "baseline")
        let candidate = try loadRun(try request.candidate.map(file) ?? results.latest, role: "candidate")
        var policy = request.rule.applied(to: ComparisonPolicy())
        if let window = request.historyWindow {
            guard window >= HistoryNoise.minimumPairs + 1 else {
                throw RequestError(.historyWindow, nil, "needs at least \(HistoryNoise.minimumPairs + 1) runs: the noise is measured over consecutive pairs")
            }
            policy.historyThresholds = try historyThresholds(
                seriesKey: candidate.environment.seriesKey, store: request.store, reports: request.reports, window: window)
        }
        try applyCalibration(
            request.calibration, reports: request.reports, profile: candidate.profile, seriesKey: candidate.environment.seriesKey,
            design: .compare, to: &policy)
        do {
            return try ComparisonReport.compare(
                baseline: baseline, candidate: candidate, baselineName: request.baseline, candidateName: request.candidate ?? "latest",
                policy: policy, force: request.force)
        } catch let error as ResultFileError {
            throw ToolError(error.description)
        }
    }

    /// Raises `policy`'s thresholds to the floors of the calibration for `seriesKey` (this
    /// machine's when nil) and `profile`, or of the chosen file. A calibration of another machine
    /// is refused: its noise says nothing of this one's.
    func applyCalibration(
        _ choice: CalibrationChoice, reports: URL, profile: String, seriesKey: String? = nil, design: Calibration.Design,
        to policy: inout ComparisonPolicy
    ) throws {
        if choice == .none { return }
        let key = seriesKey ?? EnvironmentFingerprint.current(buildConfiguration: "release", buildFlags: "").seriesKey
        let explicit: URL? = if case let .file(url) = choice { url } else { nil }
        let file = explicit ?? Calibration.file(reports: reports, seriesKey: key, profile: profile)
        guard FileManager.default.fileExists(atPath: file.path) else {
            if explicit != nil { throw RequestError(.calibration, file.path, "names no file") }
            return
        }
        let calibration: Calibration
        do { calibration = try JSONDecoder().decode(Calibration.self, from: Data(contentsOf: file)) } catch {
            throw ToolError("\(file.path) is not a calibration this tool wrote: \(error)", remedy: .calibrateHere)
        }
        guard calibration.seriesKey == key else {
            throw ToolError("\(file.path) calibrates \(calibration.seriesKey), not this machine (\(key))", remedy: .calibrateHere)
        }
        policy.calibratedThresholds = calibration.thresholdFloors(design)
        policy.calibrationSource = "the calibration of \(calibration.date.prefix(10))"
    }
}

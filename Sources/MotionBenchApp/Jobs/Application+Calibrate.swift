import BenchKit
import Foundation

/// What `calibrate` is asked: the benchmarks, how many A/A pairs and rounds, and the reach of a
/// `compare-revisions` job to state.
package struct CalibrateRequest: Sendable {
    package var selection: BenchmarkSelection
    package var reports: URL
    /// A/A pairs of runs (the calibrator's default when nil).
    package var pairs: Int?
    /// Rounds of a paired A/A comparison; nil: 4, 6 or 10 for the quick, standard or rigorous profile.
    package var rounds: Int?
    package var threshold: Double?
    /// The slowdown whose reach is stated (1.5 × the threshold when nil).
    package var effect: Double?
    package var budgetMinutes: Double?
    package var overheadMinutes: Double?

    package init(selection: BenchmarkSelection, reports: URL = URL(fileURLWithPath: "reports")) {
        (self.selection, self.reports) = (selection, reports)
    }
}

extension Application {
    /// `calibrate`: A/A comparisons of this build on this machine, kept under
    /// reports/calibration/ where `compare` and `compare-revisions` find them. Returns the
    /// calibration and its file.
    package func calibrate(_ request: CalibrateRequest) throws -> (calibration: Calibration, file: URL) {
        var options = try request.selection.driverOptions(self)
        options.progress = nil
        try checkBuilds(options)
        var calibrator = Calibrator(driver: BenchmarkDriver(options: options))
        calibrator.progress = quiet ? nil : ProgressReporter(handle: .standardError)
        if let pairs = request.pairs {
            guard pairs >= 2 else { throw RequestError(.pairs, nil, "needs at least 2") }
            calibrator.pairs = pairs
        }
        if let rounds = request.rounds {
            guard rounds >= 2 else { throw RequestError(.rounds, nil, "needs at least 2 (a paired test needs two rounds)") }
            calibrator.rounds = rounds
        } else {
            calibrator.rounds = options.profile.pairedRounds
        }
        if let threshold = request.threshold { calibrator.threshold = threshold }
        calibrator.reachEffect = request.effect
        if let effect = request.effect, effect <= calibrator.threshold {
            throw RequestError(
                .effect, "\(effect)", "must be above the threshold \(calibrator.threshold): a slowdown at the threshold is never decided")
        }
        if let budget = request.budgetMinutes {
            guard budget > 0 else { throw RequestError(.budgetMinutes, nil, "needs a positive number of minutes") }
            calibrator.budgetMinutes = budget
        }
        if let overhead = request.overheadMinutes { calibrator.overheadMinutes = overhead }
        let calibration: Calibration
        do { calibration = try calibrator.run() } catch let error as DriverError { throw RequestError.from(error) }
        let file = Calibration.file(reports: request.reports, seriesKey: calibration.seriesKey, profile: calibration.profile)
        try AtomicFile.write(try ResultFiles.encoder.encode(calibration), to: file)
        return (calibration, file)
    }
}

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
    /// Whether the benchmarks the two runs leave open (regressed or improved on time, or
    /// inconclusive) are measured again before a verdict: by paired rounds of both builds when
    /// both can run here, else by a further run (false: the two runs' statistics decide alone).
    package var confirm = true
    /// Paired rounds at most where the runs leave a verdict open; nil for
    /// `RevisionComparison.defaultMaximumRounds` of the profile's first rounds.
    package var maximumRounds: Int?
    /// The candidate's build, measured again; nil: MotionBenchmarks beside this tool.
    package var worker: URL?
    /// The baseline's build, measured again; nil: MotionBenchmarks beside this tool.
    package var baselineWorker: URL?

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
        if let maximum = request.maximumRounds, let profile = MeasurementProfile.named(candidate.profile), maximum < profile.pairedRounds {
            throw RequestError(
                .maximumRounds, "\(maximum)", "is fewer than the \(profile.pairedRounds) paired rounds of the \(profile.name) profile before the first decision"
            )
        }
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
        policy.betweenRunSpread = try storedSpread(
            seriesKey: candidate.environment.seriesKey, store: request.store, reports: request.reports, window: request.historyWindow ?? 60)
        var report: ComparisonReport
        do {
            report = try ComparisonReport.compare(
                baseline: baseline, candidate: candidate, baselineName: request.baseline, candidateName: request.candidate ?? "latest",
                policy: policy, force: request.force)
        } catch let error as ResultFileError {
            throw ToolError(error.description)
        }
        guard request.confirm else { return report }
        let undecided = report.undecidedOnTime
        if !undecided.isEmpty, case let .success(workers) = pairedWorkers(baseline: baseline, candidate: candidate, request: request) {
            do {
                try decideByPairedRounds(&report, undecided, workers: workers, candidate: candidate, policy: policy, request: request)
                return report
            } catch {
                warn("warning: the paired rounds of both builds failed (\(error)); the two runs are confirmed by further runs instead")
            }
        }
        guard !report.suspects.isEmpty else { return report }
        let suspects = report.suspects
        // Both builds measured again, back to back, where both can be: a run that landed apart
        // from its build's other runs — the baseline's as much as the candidate's — then shows.
        let furtherBaseline = furtherRun(of: baseline, role: "baseline", worker: request.baselineWorker, suspects: suspects, request: request)
        switch furtherRun(of: candidate, role: "candidate", worker: request.worker, suspects: suspects, request: request) {
        case let .success(further):
            let name = { (outcome: RunOutcome) in outcome.file.path.replacingOccurrences(of: request.reports.path + "/", with: "") }
            switch furtherBaseline {
            case let .success(again):
                report.confirm(
                    with: further.result, furtherBaseline: again.result, baseline: baseline, candidate: candidate, policy: policy,
                    source: "\(name(again)) and \(name(further))")
            case let .failure(why):
                report.confirm(
                    with: further.result, furtherBaseline: nil, baseline: baseline, candidate: candidate, policy: policy, source: name(further),
                    baselineUnavailable: why.description)
            }
        case let .failure(why):
            report.leaveUnconfirmed(why.description, policy: policy)
        }
        return report
    }

    /// Why a further run of one side cannot be made.
    struct NoFurtherRun: Error, CustomStringConvertible {
        let description: String
    }

    /// A further run of `suspects` with the build, profile and threads of `run` (the `role`
    /// side's): possible only when `worker` (else this package's) was built from that run's
    /// commit, from a clean checkout.
    func furtherRun(of run: RunResult, role: String, worker: URL?, suspects: [String], request: CompareRequest) -> Result<RunOutcome, NoFurtherRun> {
        let selection: BenchmarkSelection
        switch runAgain(run, role: role, worker: worker, names: suspects) {
        case let .success(found): selection = found.selection
        case let .failure(why): return .failure(why)
        }
        do {
            log("confirming \(suspects.count) verdict\(suspects.count == 1 ? "" : "s") with a further run of the \(role)'s build")
            return .success(try self.run(RunRequest(selection: selection, reports: request.reports)))
        } catch {
            return .failure(NoFurtherRun(description: "the further run failed: \(error)"))
        }
    }

    /// Each benchmark's spread between runs over this machine's newest `window` stored runs of
    /// the series (`HistoryNoise.spread`); none when the store holds no such history — the
    /// embedded default store not existing included. A store named and not readable is an error.
    func storedSpread(seriesKey: String, store choice: StoreChoice, reports: URL, window: Int) throws -> [String: HistoryNoise] {
        let location = choice.location(reports: reports)
        if !choice.isNamed, location.kind == .sqlite, !FileManager.default.fileExists(atPath: location.raw) { return [:] }
        let store = try openStore(choice, reports: reports, migration: .never, allowOlder: true, existing: true)
        guard let series = try Self.storeFailure(store, { try store.machine(name: choice.machineName, seriesKey: seriesKey) }) else { return [:] }
        return HistoryNoise.thresholds(try Self.storeFailure(store, { try store.history(of: series.id, window: window) }))
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

import BenchKit
import BenchStore
import ConformanceReports
import Foundation
import HarnessSupport
import MotionConformance

/// What `nightly` does: the benchmarks chosen and the conformance suites (of MotionCore, or of
/// each engine), appended to this machine's history.
package struct NightlyRequest: Sendable {
    package var selection: BenchmarkSelection
    package var reports: URL
    package var fixtures = "Fixtures"
    /// Narrow the worst new regression to one commit afterwards.
    package var bisect = false
    /// Compare the bisection's midpoints through the store's queue, this many at a time, for the
    /// fleet's collectors to measure in parallel; nil: here, one at a time.
    package var bisectThroughQueue: Int?
    /// The store the run goes to, beside its JSON file, and the machine's name there.
    package var store = StoreChoice()
    /// How many of the newest runs change points are looked for in.
    package var window = Self.defaultWindow
    package static let defaultWindow = 120

    package init(selection: BenchmarkSelection, reports: URL) {
        self.selection = selection
        self.reports = reports
    }
}

/// What a nightly found and wrote.
package struct NightlyOutcome: Sendable {
    package var conformances: [ConformanceReport]
    package var result: RunResult
    /// The history record written, and how many runs the machine's series now holds.
    package var historyFile: URL
    package var historyRuns: Int
    /// Records of the series that could not be read (named, skipped).
    package var historyProblems: [String]
    /// The store written (its location without a password), what it caught up with besides
    /// tonight's run, and why it could not be written, if it could not (the JSON files are kept).
    package var store: String
    package var imported: ImportSummary?
    package var storeProblem: ToolError?
    /// How many runs change points were looked for in (the newest `window`), and how many that
    /// takes at the least: below it, "no change points" would claim what was never looked at.
    package var runsLookedAt: Int
    package var runsNeeded = ChangePointDetector().minimumValues
    package var tooFewRuns: Bool { runsLookedAt < runsNeeded }
    /// Every change point in the series, and those tonight's run brought.
    package var suspects: [SuspectRange]
    package var new: Set<SuspectRange>
    /// New slowdowns between two revisions: what fails the night.
    package var regressions: [SuspectRange] { suspects.filter { new.contains($0) && $0.ratio > 1 && !$0.sameRevision } }
    /// The bisection of the worst one, when asked for.
    package var bisect: BisectOutcome?

    /// 1 when a conformance run failed or the store could not be written, 2 when a new
    /// regression between revisions appeared, else 0.
    package var exitCode: Int32 {
        if conformances.contains(where: { $0.exitCode != 0 }) || storeProblem != nil { return 1 }
        return regressions.isEmpty ? 0 : 2
    }
}

extension Application {
    /// Every option is checked, and the benchmarks chosen, before the conformance suites run;
    /// an engine that cannot start is a `ToolError`.
    package func nightly(_ request: NightlyRequest) throws -> NightlyOutcome {
        let options = try request.selection.driverOptions(self)
        try checkBuilds(options)
        do { _ = try BenchmarkDriver(options: options).selectedBenchmarks() } catch let error as DriverError { throw RequestError.from(error) }
        // The suites validate MotionCore, or every engine given; each engine's report is kept for
        // the site and its summary in the history.
        var conformances: [ConformanceReport] = []
        for engine in request.selection.engines.isEmpty ? [nil] : request.selection.engines.map(Optional.some) {
            // The suites wait for each answer as `conform` does; the workloads' longer timeout is
            // for frames, not for answers to fixtures.
            var suiteEngine = engine
            suiteEngine?.timeout = EngineLaunch.answerTimeout
            do {
                conformances.append(try conformance(ConformanceRequest(fixtures: request.fixtures, engine: suiteEngine)))
            } catch let error as EngineUnavailable {
                throw ToolError(error.description, remedy: error.remedy)
            }
        }
        let result = try BenchmarkDriver(options: options).run()
        try ResultFiles(root: request.reports).save(result)
        for report in conformances { try ConformanceStore.save(report, reports: request.reports) }
        let history = HistoryStore(root: request.reports.appendingPathComponent("history"))
        let summaries = conformances.map(JSONConformanceSummary.init)
        let machine = request.store.machineName
        let file = try history.append(result, conformance: summaries[0], engines: summaries.count > 1 ? summaries : nil, machine: machine)
        // The store catches up with every record it lacks (tonight's among them) and gives the
        // series' newest runs; without a store, the series' files are read instead.
        let stored = withStore(request.store, reports: request.reports) { store in
            let imported = try store.importReports(request.reports, machine: machine)
            try Self.describeRevisions(store, repository: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            guard let series = try store.machine(name: machine, seriesKey: result.environment.seriesKey) else {
                throw StoreError("tonight's run is not in the store")
            }
            let runs = try store.history(of: series.id, window: request.window)
            try store.store(changePoints: SuspectRange.find(in: runs), environment: result.environment, machine: machine)
            return (imported, runs, series.historyRuns)
        }
        var runs: [HistoryRun], total: Int, problems: [String] = [], imported: ImportSummary?, storeProblem: ToolError?
        switch stored {
        case .success(let found):
            (imported, runs, total) = (ImportSummary(found.0), found.1, found.2)
            problems = found.0.problems
        case .failure(let error):
            storeProblem = error
            let loaded = history.load(seriesKey: result.environment.seriesKey)
            runs = loaded.records.suffix(request.window).map { HistoryRun($0, intervals: false) }
            (total, problems) = (loaded.records.count, loaded.problems)
        }
        let suspects = SuspectRange.find(in: runs)
        var outcome = NightlyOutcome(
            conformances: conformances, result: result, historyFile: file, historyRuns: total, historyProblems: problems,
            store: request.store.location(reports: request.reports).redacted, imported: imported, storeProblem: storeProblem,
            runsLookedAt: runs.count, suspects: suspects, new: Set(SuspectRange.new(in: runs)))
        if request.bisect {
            let regressions = outcome.regressions
            let worst = (regressions.isEmpty ? suspects.filter { $0.ratio > 1 } : regressions).max { $0.ratio < $1.ratio }
            outcome.bisect =
                try worst.map { range in
                    var bisection = BisectRequest(range: range, reports: request.reports)
                    bisection.queue = request.bisectThroughQueue.map { BisectRequest.Queue(store: request.store, midpoints: $0) }
                    bisection.store = storeProblem == nil ? request.store : nil
                    return try bisect(bisection)
                } ?? BisectOutcome(range: nil, note: "no slower change point to bisect")
        }
        return outcome
    }
}

extension Application {
    /// Fills in the commit date and parents of stored revisions the repository knows.
    static func describeRevisions(_ store: ResultsStore, repository: URL) throws {
        for revision in try store.revisionsWithoutDates() where revision.count == 40 {
            let git = WorkerProcess.onPath("git", ["-C", repository.path, "show", "-s", "--format=%cI%n%P", revision, "--"], timeout: 30)
            guard case .finished(let output) = git.run() else { continue }
            let lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard lines.count >= 2, !lines[0].isEmpty else { continue }
            try store.describe(revision: revision, commitDate: lines[0], parents: lines[1])
        }
    }
}

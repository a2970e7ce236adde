import BenchKit
import BenchStore
import ConformanceReports
import Foundation
import MotionConformance

/// The main job (`make run`): every fixture, the quick benchmark profile and the report site.
package struct MainRequest: Sendable {
    package var fixtures = "Fixtures"
    package var reports = URL(fileURLWithPath: "reports")
    /// Only the benchmarks whose names match.
    package var filter: String?
    /// Variables for every benchmark worker, beside this process's own.
    package var workerEnvironment: [String: String] = [:]
    /// The store the run goes to, beside its JSON file.
    package var store = StoreChoice()

    package init() {}
}

/// What the main job found and wrote.
package struct MainOutcome: Sendable {
    package var conformance: ConformanceReport
    package var result: RunResult
    package var runFile: URL
    package var latestMarkdown: URL
    package var site: URL
    /// The store written (its location without a password), and why it could not be, if not.
    package var store: String
    package var storeProblem: ToolError?

    /// The benchmarks that did not complete.
    package var incomplete: [BenchmarkResult] { result.benchmarks.filter { $0.status != .ok } }

    /// The conformance run's exit code when it is not 0; else 1 when a benchmark did not
    /// complete or the store could not be written, 0 when everything passed.
    package var exitCode: Int32 { conformance.exitCode != 0 ? conformance.exitCode : (incomplete.isEmpty && storeProblem == nil ? 0 : 1) }
}

extension Application {
    /// `conformanceDone` sees the conformance report before the benchmarks start (they take
    /// minutes; a person wants the verdicts first).
    package func main(_ request: MainRequest, conformanceDone: (ConformanceReport) -> Void = { _ in }) throws -> MainOutcome {
        var selection = BenchmarkSelection()
        selection.profile = .quick
        selection.filter = request.filter
        selection.workerEnvironment = request.workerEnvironment
        let options = try selection.driverOptions(self)
        try checkBuilds(options)
        let conformance = try conformance(ConformanceRequest(fixtures: request.fixtures))
        try AtomicFile.write(conformance.render(.html), to: request.reports.appendingPathComponent("conformance.html"))
        try AtomicFile.write(conformance.render(.json), to: request.reports.appendingPathComponent("conformance.json"))
        conformanceDone(conformance)
        let result = try BenchmarkDriver(options: options).run()
        let runFile = try ResultFiles(root: request.reports).save(result)
        let markdown = request.reports.appendingPathComponent("latest.md")
        try AtomicFile.write(try result.render(.markdown), to: markdown)
        var record = HistoryRecord(run: result, conformance: JSONConformanceSummary(conformance))
        record.machine = request.store.machineName
        let stored = withStore(request.store, reports: request.reports) { store in
            try store.store(record, source: "runs/" + runFile.lastPathComponent, kind: .main, machine: request.store.machineName)
        }
        var siteRequest = ReportRequest(reports: request.reports)
        siteRequest.store = request.store
        var storeProblem: ToolError?
        if case .failure(let failure) = stored {
            // Kept where `db import` (and `report`) look, so that the command the message names
            // stores it.
            let kept = ResultsStore.unstoredFolder(in: request.reports).appendingPathComponent(runFile.lastPathComponent)
            do {
                try AtomicFile.write(try ResultFiles.encoder.encode(record), to: kept)
                storeProblem = ToolError(failure.description + " (the run is kept in \(kept.path))", remedy: failure.remedy)
            } catch {
                storeProblem = ToolError("\(failure.description); the run could not be kept for an import either: \(error)")
            }
        }
        // Without a store the site still shows tonight's run and the history files.
        siteRequest.fromFiles = storeProblem != nil
        let site = try writeSite(siteRequest, conformance: conformance)
        return MainOutcome(
            conformance: conformance, result: result, runFile: runFile, latestMarkdown: markdown, site: site,
            store: request.store.location(reports: request.reports).redacted, storeProblem: storeProblem)
    }
}

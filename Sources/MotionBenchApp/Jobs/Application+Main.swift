import BenchKit
import Foundation
import MotionConformance

/// The main job (`make run`): every fixture, the quick benchmark profile and the report site.
public struct MainRequest: Sendable {
    public var fixtures = "Fixtures"
    public var reports = URL(fileURLWithPath: "reports")
    /// Only the benchmarks whose names match.
    public var filter: String?
    /// Variables for every benchmark worker, beside this process's own.
    public var workerEnvironment: [String: String] = [:]

    public init() {}
}

/// What the main job found and wrote.
public struct MainOutcome: Sendable {
    public var conformance: ConformanceReport
    public var result: RunResult
    public var runFile: URL
    public var latestMarkdown: URL
    public var site: URL

    /// The benchmarks that did not complete.
    public var incomplete: [BenchmarkResult] { result.benchmarks.filter { $0.status != .ok } }

    /// The conformance run's exit code when it is not 0; else 1 when a benchmark did not
    /// complete, 0 when everything passed.
    public var exitCode: Int32 { conformance.exitCode != 0 ? conformance.exitCode : (incomplete.isEmpty ? 0 : 1) }
}

extension Application {
    /// `conformanceDone` sees the conformance report before the benchmarks start (they take
    /// minutes; a person wants the verdicts first).
    public func main(_ request: MainRequest, conformanceDone: (ConformanceReport) -> Void = { _ in }) throws -> MainOutcome {
        let conformance = try conformance(ConformanceRequest(fixtures: request.fixtures))
        try AtomicFile.write(conformance.render(.html), to: request.reports.appendingPathComponent("conformance.html"))
        try AtomicFile.write(conformance.render(.json), to: request.reports.appendingPathComponent("conformance.json"))
        conformanceDone(conformance)
        var selection = BenchmarkSelection()
        selection.profile = .quick
        selection.filter = request.filter
        selection.workerEnvironment = request.workerEnvironment
        let result = try BenchmarkDriver(options: try selection.driverOptions(self)).run()
        let runFile = try ResultStore(root: request.reports).save(result)
        let markdown = request.reports.appendingPathComponent("latest.md")
        try AtomicFile.write(try ReportFormat.markdown.render(result), to: markdown)
        let site = try writeSite(reports: request.reports, conformance: conformance)
        return MainOutcome(conformance: conformance, result: result, runFile: runFile, latestMarkdown: markdown, site: site)
    }
}

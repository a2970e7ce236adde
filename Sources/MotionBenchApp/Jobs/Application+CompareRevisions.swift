import BenchKit
import Foundation

/// Two revisions (or checkout directories) to build and measure taking turns.
package struct CompareRevisionsRequest {
    package var a: String
    package var b: String
    package var options: RevisionComparison.Options
    package var repository = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    /// Where the worktrees and the comparison's files go.
    package var reports = URL(fileURLWithPath: "reports")
    /// The calibration whose floors raise the policy's thresholds (this machine's unless told).
    package var calibration = CalibrationChoice.machine

    package init(a: String, b: String, options: RevisionComparison.Options) {
        (self.a, self.b, self.options) = (a, b, options)
    }
}

/// The comparison, as stored and as its formats render it, and where it was written.
package struct CompareRevisionsOutcome: Sendable {
    /// The verdicts, with the revisions' names, the machine and both sides' conformance.
    package var report: ComparisonReport
    /// How the rounds went (design, rounds, why they stopped, the builds).
    package var comparison: RevisionComparison.Outcome
    /// The stored JSON and Markdown.
    package var json: URL
    package var markdown: URL
    /// Why the conformance suites were not run, when they were not.
    package var conformanceNote: String?
    package var exitCode: Int32 { report.exitCode }
}

extension Application {
    package func compareRevisions(_ request: CompareRevisionsRequest) throws -> CompareRevisionsOutcome {
        var options = request.options
        try applyCalibration(request.calibration, reports: request.reports, profile: options.profile.name, design: .revisions, to: &options.policy)
        let comparison = RevisionComparison(
            options: options, repository: request.repository, workspace: request.reports.appendingPathComponent("worktrees"))
        let a: RevisionComparison.Revision, b: RevisionComparison.Revision, outcome: RevisionComparison.Outcome
        do {
            a = try comparison.resolve(request.a)
            b = try comparison.resolve(request.b)
            outcome = try comparison.run(a, b)
        } catch let error as DriverError {
            throw RequestError.from(error)
        }
        var report = outcome.report
        report.conformance = outcome.conformance
        report.baseline = "\(a.name) (\(a.commit?.prefix(10) ?? "directory"))"
        report.candidate = "\(b.name) (\(b.commit?.prefix(10) ?? "directory"))"
        report.machine =
            (outcome.machine.map { $0.summary + "; " } ?? "")
            + "\(outcome.rounds) rounds of \(outcome.design == .blocks ? "alternating blocks" : "one process a side"), \(outcome.stopReason)"
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let base = request.reports.appendingPathComponent("revisions/\(stamp)-\(a.commit?.prefix(10) ?? "A")-\(b.commit?.prefix(10) ?? "B")")
        let json = base.appendingPathExtension("json"), markdown = base.appendingPathExtension("md")
        try AtomicFile.write(try report.render(.json), to: json)
        try AtomicFile.write((outcome.buildWarning.map { "**\($0)**\n\n" } ?? "") + (try report.render(.markdown)), to: markdown)
        return CompareRevisionsOutcome(
            report: report, comparison: outcome, json: json, markdown: markdown,
            conformanceNote: outcome.conformance == nil
                ? "not run (the package measured is \(request.options.packagePath ?? "."), not this repository)" : nil)
    }
}

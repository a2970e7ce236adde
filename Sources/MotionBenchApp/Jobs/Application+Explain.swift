import BenchKit
import Foundation

/// Two revisions (or checkout directories) whose difference is attributed to functions,
/// benchmark by benchmark, without measuring a time.
package struct ExplainRequest: Sendable {
    package var a: String
    package var b: String
    package var repository = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    /// Where the worktrees go (their builds are shared with `compare-revisions`).
    package var reports = URL(fileURLWithPath: "reports")
    /// The benchmarks whose names match; nil for all.
    package var filter: String?
    package var measured = MeasuredPackage()
    /// Report progress on standard error.
    package var progress = true

    package init(a: String, b: String) { (self.a, self.b) = (a, b) }
}

extension Application {
    package func explain(_ request: ExplainRequest) throws -> ExplainReport {
        var comparison = CompareRevisionsRequest(a: request.a, b: request.b)
        (comparison.repository, comparison.reports, comparison.filter) = (request.repository, request.reports, request.filter)
        (comparison.measured, comparison.progress) = (request.measured, request.progress)
        let options = try revisionOptions(comparison)
        let revisions = RevisionComparison(
            options: options, repository: request.repository, workspace: request.reports.appendingPathComponent("worktrees"))
        do {
            try revisions.checkFilter([request.a, request.b])
            let a = try revisions.resolve(request.a), b = try revisions.resolve(request.b)
            return ExplainReport(
                baseline: "\(a.name) (\(a.commit?.prefix(10) ?? "directory"))", candidate: "\(b.name) (\(b.commit?.prefix(10) ?? "directory"))",
                benchmarks: try revisions.explain(a, b))
        } catch let error as DriverError {
            throw RequestError.from(error)
        }
    }
}

import BenchKit
import BenchStore
import Foundation

extension Application {
    /// The culprit against its parent, compared as `compare-revisions` compares (a regression
    /// attributed to the functions whose work changed): here, or through the queue when the
    /// bisection used it, reusing a step that already compared exactly these two. The comparison
    /// is kept in the store, when there is one, and the change point names it.
    func compareCulprit(_ outcome: inout BisectOutcome, parent: String, culprit: String, filter: String, request: BisectRequest) throws {
        let range = request.range
        let choice = request.queue?.store ?? request.store
        let store = try choice.map { try openStore($0, reports: request.reports) }
        var report: ComparisonReport, storedID: Int64?
        if let queue = request.queue, let store {
            if let step = outcome.steps.first(where: { $0.from == parent && $0.to == culprit }), let id = step.comparisonID {
                storedID = id
            } else {
                log("bisect: the culprit \(culprit.prefix(10)) against its parent \(parent.prefix(10)), through the queue")
                storedID = try compareThroughQueue(baseline: parent, candidates: [culprit], filter: filter, request: request, queue: queue).first?.comparisonID
            }
            guard let id = storedID, let found = try Self.storeFailure(store, { try store.comparison(id: id) }) else {
                throw ToolError("bisect: the comparison of the culprit against its parent is not in the store")
            }
            report = found
        } else {
            guard let profile = MeasurementProfile.named(request.profile) else { throw ToolError("unknown profile '\(request.profile)'") }
            var compare = CompareRevisionsRequest(a: parent, b: culprit)
            (compare.repository, compare.reports, compare.profile, compare.filter) = (request.repository, request.reports, profile, filter)
            (compare.measured, compare.progress) = (request.measured, !quiet)
            log("bisect: the culprit \(culprit.prefix(10)) against its parent \(parent.prefix(10))")
            let done = try compareRevisions(compare)
            report = done.report
            if let store {
                let name = done.json.lastPathComponent
                storedID = try Self.storeFailure(store) {
                    try store.store(comparison: report, source: name)
                    return try store.comparison(source: name)?.id
                }
            }
        }
        let verdict = report.comparisons.first { $0.name == range.benchmark }
        outcome.culpritComparison = verdict
        if let verdict, verdict.verdict != .regressed {
            outcome.culpritNote =
                "the culprit alone against its parent is \(verdict.verdict.rawValue): the change may be spread over several commits, or too small for one comparison to see; "
                + "`\(ToolName.current) explain \(parent.prefix(10)) \(culprit.prefix(10)) --filter '\(filter)'` attributes it on demand"
        } else if let verdict, verdict.attribution == nil {
            outcome.culpritNote = verdict.attributionNote ?? "not attributed"
        } else if verdict == nil {
            outcome.culpritNote = "the comparison of the culprit against its parent has no verdict on \(range.benchmark)"
        }
        if let store, let storedID {
            outcome.linkedChangePoints = try Self.storeFailure(store) { try store.link(range, culprit: culprit, comparison: storedID) }
        }
    }
}

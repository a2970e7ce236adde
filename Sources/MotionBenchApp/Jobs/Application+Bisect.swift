import BenchKit
import BenchStore
import Foundation

/// How a bisection of a suspect range went: each comparison of a midpoint, and the commit it
/// ends at — or why there was nothing to bisect.
package struct BisectOutcome: Sendable {
    package struct Step: Sendable {
        package var from: String
        package var to: String
        package var regressed: Bool
        /// The stored comparison, when the step was compared through the queue.
        package var comparisonID: Int64?
    }

    /// The range bisected; nil when there was none.
    package var range: SuspectRange?
    /// The commits between the range's ends, the first excluded.
    package var commits = 0
    package var steps: [Step] = []
    /// The commit the change is in, when the bisection ran to its end.
    package var culprit: String?
    /// Why nothing was bisected, when nothing was.
    package var note: String?
    /// The culprit against its parent (`compare-revisions` of the two): its verdict on the
    /// benchmark and, when it regressed, the functions whose work changed, or why they were not
    /// attributed. Kept in `reports/revisions/` and in the store, where the change point names it.
    package var culpritComparison: BenchmarkComparison?
    package var culpritNote: String?
    /// The store's rows of the change point that now name the culprit and its comparison.
    package var linkedChangePoints = 0

    package init(range: SuspectRange?, note: String? = nil) {
        self.range = range
        self.note = note
    }
}

/// What a bisection narrows and how: the suspect range, the repository and what to build in it,
/// and where the midpoints are compared — here, one `compare-revisions` a step, or through the
/// store's queue, several midpoints at a time, by the fleet's collectors.
package struct BisectRequest: Sendable {
    package var range: SuspectRange
    package var reports: URL
    package var repository = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    package var measured = MeasuredPackage()
    package var profile = "quick"
    /// Compare the midpoints through this store's queue instead of here; nil: here.
    package var queue: Queue?
    /// Where the culprit's comparison is kept and the change point linked to it (the queue's
    /// store when there is a queue); nil: only in `reports/revisions/`.
    package var store: StoreChoice?

    package struct Queue: Sendable {
        package var store: StoreChoice
        /// Midpoints enqueued at once: with k collectors, k makes each step take one comparison's time.
        package var midpoints: Int
        /// Seconds between looks at the queue, and how long the bisection waits for a step at most.
        package var poll = 2.0
        package var stepTimeout = 4 * 3600.0
        package init(store: StoreChoice, midpoints: Int) { (self.store, self.midpoints) = (store, midpoints) }
    }

    package init(range: SuspectRange, reports: URL) { (self.range, self.reports) = (range, reports) }
}

extension Application {
    /// Narrows a suspect range to one commit here, one `compare-revisions` a step.
    package func bisect(_ range: SuspectRange, reports: URL) throws -> BisectOutcome {
        try bisect(BisectRequest(range: range, reports: reports))
    }

    /// Narrows a suspect range to one commit with paired A/B comparisons of midpoints against the
    /// commit before the range (`compare-revisions` of the two, on one machine). With k midpoints
    /// a step the range shrinks to about 1/(k + 1): the first midpoint that regressed ends it, the
    /// last one before it that did not begins it (the change is taken to stay once made).
    package func bisect(_ request: BisectRequest) throws -> BisectOutcome {
        let range = request.range
        var outcome = BisectOutcome(range: range)
        guard !range.sameRevision else {
            let changes =
                range.environmentChanges.isEmpty
                ? "its recorded environment is the same; the host's load or hardware is not recorded"
                : "what changed: " + range.environmentChanges.joined(separator: "; ")
            outcome.note =
                "nothing to bisect for \(range.benchmark): both runs are of \(range.before.prefix(10)), so the machine changed, not the code (\(changes))"
            return outcome
        }
        guard let list = runCommand("git", ["-C", request.repository.path, "rev-list", "--reverse", "\(range.before)..\(range.after)"]) else {
            outcome.note = "cannot list the commits between \(range.before.prefix(10)) and \(range.after.prefix(10))"
            return outcome
        }
        var commits = [range.before] + list.split(separator: "\n").map(String.init)
        outcome.commits = commits.count - 1
        let filter = "^\(NSRegularExpression.escapedPattern(for: range.benchmark))$"
        let width = max(1, request.queue?.midpoints ?? 1)
        let decide: (String, [String]) throws -> [(regressed: Bool, comparisonID: Int64?)]
        if let queue = request.queue {
            decide = { try self.compareThroughQueue(baseline: $0, candidates: $1, filter: filter, request: request, queue: queue) }
            log("bisecting \(range.benchmark) over \(commits.count - 1) commits through the queue, \(width) midpoint\(width == 1 ? "" : "s") a step")
        } else {
            guard let profile = MeasurementProfile.named(request.profile) else { throw ToolError("unknown profile '\(request.profile)'") }
            var options = revisionOptions(
                BenchmarkJob(id: 0, revision: "", filter: filter, profile: request.profile, attempt: 0, build: request.measured.job), profile: profile)
            options.progress = quiet ? nil : options.progress
            // A midpoint's verdict is all a step needs; the culprit alone is attributed, at the end.
            options.attribute = false
            let comparison = RevisionComparison(
                options: options, repository: request.repository, workspace: request.reports.appendingPathComponent("worktrees"))
            decide = { baseline, candidates in
                try candidates.map { candidate in
                    let report = try comparison.run(try comparison.resolve(baseline), try comparison.resolve(candidate)).report
                    return (report.comparisons.contains { $0.verdict == .regressed }, nil)
                }
            }
            log("bisecting \(range.benchmark) over \(commits.count - 1) commits, one compare-revisions a step")
        }
        while commits.count > 2 {
            let inside = Array(1..<(commits.count - 1))
            let picks = Array(Set((1...min(width, inside.count)).map { inside[$0 * inside.count / (min(width, inside.count) + 1)] })).sorted()
            let decided = try decide(commits[0], picks.map { commits[$0] })
            for (pick, step) in zip(picks, decided) {
                outcome.steps.append(.init(from: commits[0], to: commits[pick], regressed: step.regressed, comparisonID: step.comparisonID))
            }
            let regressed = decided.map(\.regressed)
            if let first = zip(picks, regressed).first(where: { $0.1 })?.0 {
                let lastGood = picks.filter { $0 < first }.max() ?? 0
                commits = Array(commits[lastGood...first])
            } else {
                commits = Array(commits[picks.last!...])
            }
        }
        outcome.culprit = commits.last
        if commits.count == 2 { try compareCulprit(&outcome, parent: commits[0], culprit: commits[1], filter: filter, request: request) }
        return outcome
    }

    /// Enqueues one comparison job per candidate against `baseline`, waits until every one is
    /// done, and says for each whether its benchmark regressed; a failed job fails the bisection.
    func compareThroughQueue(baseline: String, candidates: [String], filter: String, request: BisectRequest, queue: BisectRequest.Queue) throws
        -> [(regressed: Bool, comparisonID: Int64?)]
    {
        let store = try openStore(queue.store, reports: request.reports)
        let ids = try Self.storeFailure(store) {
            try candidates.map { try store.enqueue(revision: $0, filter: filter, profile: request.profile, build: request.measured.job, baseline: baseline) }
        }
        log(
            "bisect: jobs \(ids.map(String.init).joined(separator: ", ")) enqueued (\(baseline.prefix(10)) against \(candidates.map { String($0.prefix(10)) }.joined(separator: ", ")))"
        )
        let deadline = Date().addingTimeInterval(queue.stepTimeout)
        while true {
            let jobs = try Self.storeFailure(store) { try store.jobs().filter { ids.contains($0.job.id) } }
            if let failed = jobs.first(where: { $0.state == .failed }) {
                throw ToolError("bisect: job \(failed.job.id) (\(failed.job.revision.prefix(10))) failed: \(failed.error ?? "no reason given")")
            }
            if jobs.count == ids.count, jobs.allSatisfy({ $0.state == .done }) {
                return try ids.map { id in
                    let job = jobs.first { $0.job.id == id }!
                    guard let comparisonID = job.comparisonID, let comparison = try store.comparison(id: comparisonID) else {
                        throw ToolError("bisect: job \(id) is done but its comparison is not in the store")
                    }
                    return (comparison.comparisons.contains { $0.verdict == .regressed }, comparisonID)
                }
            }
            guard Date() < deadline else {
                throw ToolError(
                    "bisect: jobs \(ids.map(String.init).joined(separator: ", ")) were not all done after \(Int(queue.stepTimeout)) s: are collectors running?")
            }
            Thread.sleep(forTimeInterval: queue.poll)
        }
    }
}

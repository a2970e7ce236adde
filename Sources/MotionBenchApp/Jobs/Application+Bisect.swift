import BenchKit
import Foundation

/// How a bisection of a suspect range went: each comparison of a midpoint, and the commit it
/// ends at — or why there was nothing to bisect.
public struct BisectOutcome: Sendable {
    public struct Step: Sendable {
        public var from: String
        public var to: String
        public var regressed: Bool
    }

    /// The range bisected; nil when there was none.
    public var range: SuspectRange?
    /// The commits between the range's ends, the first excluded.
    public var commits = 0
    public var steps: [Step] = []
    /// The commit the change is in, when the bisection ran to its end.
    public var culprit: String?
    /// Why nothing was bisected, when nothing was.
    public var note: String?

    public init(range: SuspectRange?, note: String? = nil) {
        self.range = range
        self.note = note
    }
}

extension Application {
    /// Narrows a suspect range to one commit with paired A/B comparisons of midpoints
    /// (`compare-revisions` of the commit before the range against each midpoint).
    public func bisect(_ range: SuspectRange, reports: URL) throws -> BisectOutcome {
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
        let repository = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        guard let list = runCommand("git", ["-C", repository.path, "rev-list", "--reverse", "\(range.before)..\(range.after)"]) else {
            outcome.note = "cannot list the commits between \(range.before.prefix(10)) and \(range.after.prefix(10))"
            return outcome
        }
        var commits = [range.before] + list.split(separator: "\n").map(String.init)
        outcome.commits = commits.count - 1
        var options = RevisionComparison.Options()
        options.suites = MotionBenchSuites(executable: executable)
        options.filter = "^\(NSRegularExpression.escapedPattern(for: range.benchmark))$"
        let comparison = RevisionComparison(options: options, repository: repository, workspace: reports.appendingPathComponent("worktrees"))
        log("bisecting \(range.benchmark) over \(commits.count - 1) commits, one compare-revisions a step")
        while commits.count > 2 {
            let middle = commits.count / 2
            let compared = try comparison.run(try comparison.resolve(commits[0]), try comparison.resolve(commits[middle]))
            let regressed = compared.report.comparisons.contains { $0.verdict == .regressed }
            outcome.steps.append(.init(from: commits[0], to: commits[middle], regressed: regressed))
            commits = regressed ? Array(commits[...middle]) : Array(commits[middle...])
        }
        outcome.culprit = commits.last
        return outcome
    }
}

import BenchKit
import ConformanceReports
import Foundation
import HarnessSupport
import MotionBenchApp

/// `motion-bench nightly`: the standard profile and the conformance suites, appended to the
/// machine's history; lists the suspect revision ranges of every change point.
struct NightlyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "nightly",
        summary: """
            The standard profile with instruction counts and the conformance suites (of MotionCore, or of each --engine),
            appended to reports/history/ and the store; change points of the newest --window runs listed, NEW where
            tonight's run brought them. Exit 0 nothing new, 1 conformance failures, a store that cannot be written (the
            JSON is kept) or a tool error, 2 a new regression between revisions.
            """,
        exits: [
            .init(0, "nothing new"), .init(1, "conformance failures, or the store was not written (the JSON is kept)"),
            .init(2, "a new regression between revisions"),
        ], remedies: [.measureFirst])

    var profile = ProfileOptions()
    var engine = EngineOptions(timeout: EngineLaunch.workloadTimeout)
    @Option("--filter", "REGEX", .pattern, fills: RequestError.Field.filter, help: "the benchmarks whose names match") var filter: String?
    var reports = ReportsOption()
    var fixtures = FixturesOption()
    @Option("--threads", "N", .threads, help: "threads for parallel benchmarks") var threads: Int?
    @Option("--worker", "PATH", fills: RequestError.Field.worker, help: "a BenchKit worker executable") var worker: String?
    @Flag("--bisect", help: "narrow the worst new regression to a commit") var bisect: Bool
    @Option("--bisect-jobs", "K", .whole(1...64), help: "with --bisect: compare K midpoints at a time through the store's queue, for the fleet's collectors")
    var bisectJobs: Int?
    @Flag("--no-instructions", help: "leave out instruction counts") var noInstructions: Bool
    @Option(
        "--window", "N", .whole(1...Int.max), default: NightlyRequest.defaultWindow, fills: RequestError.Field.historyWindow,
        help: "the newest runs change points are looked for in")
    var window: Int
    var store = StoreOptions()

    func validate() throws(CommandLineError) {
        if bisectJobs != nil, !bisect { throw CommandLineError.needs($bisectJobs, $bisect) }
    }

    func run() throws -> Int32 {
        var selection = BenchmarkSelection(profile: profile.profile, filter: filter, threads: threads, worker: worker, engines: engine.engines)
        // Instruction counts give the history change points without noise.
        selection.instructions = !noInstructions
        var request = NightlyRequest(selection: selection, reports: reports.url)
        (request.fixtures, request.bisect, request.bisectThroughQueue) = (fixtures.path, bisect, bisectJobs)
        (request.store, request.window) = (store.choice, window)
        let outcome = try app.nightly(request)
        for problem in outcome.historyProblems { writeToStandardError("warning: \(problem)\n") }
        if let problem = outcome.storeProblem { writeError(problem, for: Self.self) }
        for report in outcome.conformances { print("nightly: conformance of \(report.engine ?? "MotionCore"): \(report.summaryLine)") }
        let (benchmarks, runs) = (outcome.result.benchmarks.count, outcome.historyRuns)
        print(
            "nightly: \(benchmarks) benchmark\(benchmarks == 1 ? "" : "s"); history \(runs) run\(runs == 1 ? "" : "s") in \(outcome.historyFile.deletingLastPathComponent().path)"
                + (outcome.storeProblem == nil ? " and \(outcome.store)" : "")
        )
        if let machine = outcome.result.machine?.summary { print("machine: \(machine)") }
        if outcome.tooFewRuns {
            print("too few runs to look for change points (n = \(outcome.runsLookedAt); needs \(outcome.runsNeeded))")
        } else if outcome.suspects.isEmpty {
            print("no change points in the newest \(outcome.runsLookedAt) runs")
        } else {
            print("change points (suspect revision ranges):")
            for s in outcome.suspects { print("  \(outcome.new.contains(s) ? "NEW " : "")\(s.summary)") }
        }
        if let bisect = outcome.bisect { Self.render(bisect) }
        let regressions = outcome.regressions
        if outcome.storeProblem != nil { print("nightly: the store was not written (exit 1)") }
        if outcome.exitCode == 2 {
            print("nightly: \(regressions.count) new regression\(regressions.count == 1 ? "" : "s") between revisions (exit 2)")
        }
        return outcome.exitCode
    }

    static func render(_ bisect: BisectOutcome) {
        if let note = bisect.note {
            print("bisect: \(note)")
            return
        }
        if let range = bisect.range { print("bisect \(range.benchmark) over \(bisect.commits) commits") }
        for step in bisect.steps { print("  \(step.from.prefix(10))..\(step.to.prefix(10)): \(step.regressed ? "regressed" : "not regressed")") }
        if let culprit = bisect.culprit { print("bisect: the change is in \(culprit.prefix(10))") }
        if let verdict = bisect.culpritComparison {
            print("bisect: the culprit against its parent: \(verdict.verdictLabel)\(verdict.decidingRatio.map { String(format: " %.3f", $0) } ?? "")")
        }
        if let attribution = bisect.culpritComparison?.attribution {
            print("bisect: where it came from:")
            for line in attribution.lines(markdown: false) { print("  " + line) }
        }
        if let note = bisect.culpritNote { print("bisect: \(note)") }
        if bisect.linkedChangePoints > 0 { print("bisect: the stored change point names the culprit and its comparison (the history page links it)") }
    }
}

import BenchKit
import ConformanceReports
import Foundation
import HarnessSupport
import MotionBenchApp
import MotionConformance

/// The main job (`make run`): the conformance suites, the quick benchmark profile, and the
/// report site, on the bundled defaults. Prints a short summary and where the reports are; exits
/// non-zero if a fixture failed or a benchmark did not complete.
struct MainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "main",
        summary: "The main job on the bundled default suites (what `make run` runs): every fixture, the quick profile, reports/ and the site.",
        exits: [
            .init(0, "every fixture passed and every benchmark completed"),
            .init(1, "a fixture failed, a benchmark did not complete or the store was not written"), .init(2, "a fixture error"),
        ])

    var fixtures = FixturesOption()
    var reports = ReportsOption()
    @Option("--filter", "REGEX", .pattern, fills: RequestError.Field.filter, help: "the benchmarks whose names match") var filter: String?
    var store = StoreOptions()

    func run() throws -> Int32 {
        let started = Date()
        print("motion-bench \(CommandLineTool.version): main job")
        var request = MainRequest()
        (request.fixtures, request.reports, request.filter, request.store) = (fixtures.path, reports.url, filter, store.choice)
        let outcome = try app.main(request) { conformance in
            print("conformance: \(conformance.summaryLine) (\(fixtures.path)/)")
            for result in conformance.results where result.verdict != .pass { print("  \(result.verdict.rawValue): \(result.id): \(result.message)") }
            for error in conformance.loadErrors { print("  error: \(error)") }
        }
        let result = outcome.result
        print("benchmarks: \(result.benchmarks.count) run (quick profile), \(outcome.incomplete.count) did not complete")
        // What the machine was doing belongs beside every figure a person reads, here as in the reports.
        if let machine = result.machine?.summary { print("machine: \(machine)") }
        for benchmark in outcome.incomplete { print("  \(benchmark.status.rawValue): \(benchmark.name): \(benchmark.message ?? "")") }
        // The engine's figures against C and against one thread from 100k elements up, where a
        // second thread is used (the C kernels' own, and smaller sizes, are in the report).
        for benchmark in result.benchmarks
        where !benchmark.tags.contains("c") && benchmark.elements >= 100_000
            && (benchmark.ratioToReference != nil || benchmark.speedupOverOneThread != nil)
        {
            print(Self.figures(benchmark))
        }
        if let problem = outcome.storeProblem { writeError(problem, for: Self.self) }
        print(
            "reports: \(outcome.site.path) (open it in a browser), \(outcome.runFile.path), \(outcome.latestMarkdown.path)"
                + (outcome.storeProblem == nil ? ", \(outcome.store)" : ""))
        print(String(format: "finished in %.0f s", Date().timeIntervalSince(started)))
        return outcome.exitCode
    }

    /// One engine benchmark's line: its time per element, against C and against one thread.
    static func figures(_ benchmark: BenchmarkResult) -> String {
        var comparisons: [String] = []
        // An interval too wide to read says so inside its parentheses (formatRatio).
        if benchmark.ratioToReference != nil {
            comparisons.append(formatRatio(benchmark.ratioToReference, interval: benchmark.ratioToReferenceInterval) + " the C kernel's time")
        }
        if benchmark.speedupOverOneThread != nil {
            comparisons.append(formatRatio(benchmark.speedupOverOneThread, interval: benchmark.speedupInterval) + " as fast as on one thread")
        }
        let busy = benchmark.timing.flatMap { MachineLoad.busyNote([$0]) }.map { "; \($0)" } ?? ""
        return
            "  \(benchmark.name): \(formatNanoseconds(benchmark.timing?.nanosecondsPerElement)) per \(benchmark.unit == .frame ? "channel-frame" : "element"), "
            + comparisons.joined(separator: ", ") + busy
    }
}

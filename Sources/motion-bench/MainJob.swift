import BenchKit
import Foundation
import MotionBenchApp
import MotionConformance

/// The main job (`make run`): the conformance suites, the quick benchmark profile, and the
/// report site, on the bundled defaults. Prints a short summary and where the reports are; exits
/// non-zero if a fixture failed or a benchmark did not complete.
struct MainJob {
    var fixturesDirectory: String
    var reportsDirectory: String
    var filter: String?
    var store = StoreChoice()

    init(options: [String]) throws {
        let arguments = try Arguments(options, spec: .named("main"))
        fixturesDirectory = arguments.string("--fixtures")
        reportsDirectory = arguments.string("--reports")
        filter = try arguments.pattern("--filter")
        store = StoreChoice(arguments)
    }

    func run() throws -> Int32 {
        let started = Date()
        print("motion-bench \(CommandLineTool.version): main job")
        var request = MainRequest()
        request.fixtures = fixturesDirectory
        request.reports = URL(fileURLWithPath: reportsDirectory)
        request.filter = filter
        request.store = store
        let outcome = try app.main(request) { conformance in
            print("conformance: \(conformance.summaryLine) (\(fixturesDirectory)/)")
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
        if let problem = outcome.storeProblem { writeToStandardError("motion-bench: error: \(problem)\n") }
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

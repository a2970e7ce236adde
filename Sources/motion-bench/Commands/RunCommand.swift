import BenchKit
import Foundation
import HarnessSupport
import MotionBenchApp

/// `motion-bench run`: the benchmarks measured, each in worker processes of its own.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "run",
        summary: """
            Measure the benchmarks, each in worker processes of its own: a timing pass on the system allocator and a
            counting pass with jemalloc preloaded; the result goes to reports/runs/ and the format asked to stdout.
            Exit 0 when every benchmark completed (and every engine's values agreed).
            """,
        exits: [.init(0, "every benchmark completed (and every engine's values agreed)"), .init(1, "one did not")], remedies: [.measureFirst])

    var profile = ProfileOptions()
    var engine = EngineOptions(timeout: EngineLaunch.workloadTimeout)
    @Option("--filter", "REGEX", .pattern, fills: RequestError.Field.filter, help: "the benchmarks whose names match") var filter: String?
    @Option("--threads", "N", .threads, help: "threads for the engine's parallel benchmarks") var threads: Int?
    @Option("--format", "F", .format(of: RunResult.self), default: .text, help: "the output format") var format: OutputFormat
    @Option("--save-baseline", "NAME|PATH.json", fills: RequestError.Field.saveBaseline, help: "also keep the result as a baseline") var saveBaseline: String?
    var reports = ReportsOption()
    @Option("--worker", "PATH", fills: RequestError.Field.worker, help: "a BenchKit worker executable to measure instead of this package's") var worker: String?
    @Option("--timeout", "S", .duration(), default: BenchmarkDriver.Options.defaultTimeout, help: "seconds a worker may take per benchmark")
    var timeout: Double
    @Option("--output", "FILE", remedies: [.writableFolder], help: "write the formatted result to FILE") var output: String?
    @Option("--busy-retries", "N", .whole(0...Int.max), default: 1, help: "re-measure a process that ran beside ≥ 0.5 CPU of other work N times")
    var busyRetries: Int
    @Flag("--instructions", help: "count one-thread benchmarks' instructions under callgrind") var instructions: Bool

    func run() throws -> Int32 {
        var selection = BenchmarkSelection(profile: profile.profile, filter: filter, threads: threads, worker: worker, engines: engine.engines)
        (selection.timeout, selection.busyRetries, selection.instructions) = (timeout, busyRetries, instructions)
        let outcome = try app.run(RunRequest(selection: selection, reports: reports.url, saveBaseline: saveBaseline)) { result in
            try deliver(try result.render(format), to: output, keeping: "the report")
        }
        if let baseline = outcome.baseline { status("saved baseline \(baseline.path)\n") }
        status("wrote \(outcome.file.path)\n")
        return outcome.exitCode
    }
}

/// `motion-bench list`: the benchmarks a selection names.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "list", summary: "List the benchmarks (of the engines, with --engine); a filter that matches none is an error (exit 1).",
        exits: [.init(0, "benchmarks listed"), .init(1, "none matches the filter")], remedies: [.listBenchmarks])

    var engine = EngineOptions(timeout: EngineLaunch.workloadTimeout)
    @Option("--filter", "REGEX", .pattern, fills: RequestError.Field.filter, help: "the benchmarks whose names match") var filter: String?
    @Option("--worker", "PATH", fills: RequestError.Field.worker, help: "a BenchKit worker executable") var worker: String?

    func run() throws -> Int32 {
        for benchmark in try app.benchmarks(BenchmarkSelection(filter: filter, worker: worker, engines: engine.engines)) {
            let reference = benchmark.reference.map { "  (reference \($0))" } ?? ""
            print("\(benchmark.name)  [\(benchmark.unit.rawValue), \(benchmark.elements) element\(benchmark.elements == 1 ? "" : "s")]\(reference)")
        }
        return 0
    }
}

/// `motion-bench env`: the fingerprint runs are keyed by.
struct EnvCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "env", summary: "The environment fingerprint, the machine key and the clock.", exits: [.init(0, "printed")])

    func run() throws -> Int32 {
        let environment = app.environment()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try encoder.encode(environment.fingerprint), as: UTF8.self))
        print("machine key: \(environment.fingerprint.machineKey)")
        print("clock: resolution \(environment.clockResolution) ns, read cost \(environment.clockReadCost) ns")
        return 0
    }
}

extension BenchmarkSelection {
    init(profile: MeasurementProfile = .standard, filter: String?, threads: Int? = nil, worker: String?, engines: [EngineLaunch] = []) {
        self.init()
        (self.profile, self.filter, self.threads, self.engines) = (profile, filter, threads, engines)
        self.worker = worker.map { URL(fileURLWithPath: $0) }
    }
}

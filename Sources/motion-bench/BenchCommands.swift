import BenchKit
import EngineConformance
import Foundation
import MotionBenchApp

/// `run`, `list` and `env`: the benchmark runner's commands.
enum BenchCommands {
    static let profileFlags: Set<String> = ["--quick", "--standard", "--rigorous"]

    static func profile(_ arguments: Arguments) throws -> MeasurementProfile {
        let chosen = profileFlags.filter { arguments.has($0) }
        guard chosen.count <= 1 else { throw UsageError("choose one of --quick, --standard, --rigorous") }
        return MeasurementProfile.named(String(chosen.first?.dropFirst(2) ?? "standard"))!
    }

    /// `motion-bench workload-worker --engine CMD [--engine-shell] [--engine-timeout S] list|build|run …`:
    /// the runner's worker for an engine in another process (started by `run --engine`).
    static func workloadWorker(_ raw: [String]) -> Int32 {
        do {
            let (engine, request) = try WorkloadWorker.parse(raw)
            return WorkloadWorker.main(engine: engine, arguments: request)
        } catch {
            writeToStandardError("workload worker: error: \(error)\n")
            return 1
        }
    }

    static func run(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .run)
        let format = try arguments.format(for: RunResult.self)
        let request = RunRequest(
            selection: try BenchmarkSelection(arguments), reports: URL(fileURLWithPath: arguments.string("--reports")),
            saveBaseline: arguments.value("--save-baseline"))
        let outcome = try app.run(request) { result in
            let rendered = try result.render(format)
            if let output = arguments.value("--output") {
                try ResultStore.write(Data(rendered.utf8), to: URL(fileURLWithPath: output), keeping: "the report")
            } else {
                print(rendered, terminator: rendered.hasSuffix("\n") ? "" : "\n")
            }
        }
        if let baseline = outcome.baseline { status("saved baseline \(baseline.path)\n") }
        status("wrote \(outcome.file.path)\n")
        return outcome.exitCode
    }

    static func list(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("list"))
        for benchmark in try app.benchmarks(try BenchmarkSelection(arguments)) {
            let reference = benchmark.reference.map { "  (reference \($0))" } ?? ""
            print("\(benchmark.name)  [\(benchmark.unit.rawValue), \(benchmark.elements) element\(benchmark.elements == 1 ? "" : "s")]\(reference)")
        }
        return 0
    }

    static func env(_ raw: [String]) throws -> Int32 {
        _ = try Arguments(raw, spec: .named("env"))
        let environment = app.environment()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try encoder.encode(environment.fingerprint), as: UTF8.self))
        print("machine key: \(environment.fingerprint.machineKey)")
        print("clock: resolution \(environment.clockResolution) ns, read cost \(environment.clockReadCost) ns")
        return 0
    }
}

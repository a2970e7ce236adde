import BenchKit
import FixtureFormat
import Foundation
import MotionConformance

/// A benchmark worker whose benchmarks are the standard workloads an engine in another process
/// runs through the engine protocol (docs/protocol.md §8). It speaks the runner's worker commands
/// (`list`, `build`, `run NAME --pass timing|counting …`, as `BenchmarkWorker` does), so that an
/// engine in any language gets the runner's statistics, reports, history and comparisons:
///
///     motion-bench workload-worker --engine "python3 engine.py" list
///
/// Its benchmarks are named `workload.KIND.COUNT@ENGINE`, ENGINE being the name from the engine's
/// handshake, so that one run can hold several engines side by side. The timing pass reports the
/// engine's own frame times; the counting pass checks its final values against MotionCore's.
public enum WorkloadWorker {
    public static func main(engine options: ExternalEngine.Options, arguments: [String]) -> Int32 {
        let engine = ExternalEngine(options)
        defer { engine.close() }
        do {
            switch try WorkerRequest(arguments: arguments) {
            case .list:
                try emit(try descriptors(engine))
            case .build:
                try emit(WorkerBuild(targetCPU: nil))
            case .servesBlocks:
                // Blocks can be served only for an engine that declares workload.frames; "unknown
                // command" makes the driver fall back.
                try requireFrames(engine)
                try emit(JSONValue.object([("serves", .bool(true))]))
            case let .serve(serve):
                try requireFrames(engine)
                try self.serve(serve.name, profile: MeasurementProfile.named(serve.profile ?? "") ?? .quick, cpu: serve.cpu.map(Int32.init), engine: engine)
            case let .run(run):
                try emit(try self.run(run.name, pass: run.pass, profile: MeasurementProfile.named(run.profile ?? "") ?? .quick, engine: engine))
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("workload worker: error: \(error)\n".utf8))
            return 1
        }
    }

    static func requireFrames(_ engine: ExternalEngine) throws {
        try engine.start()
        guard engine.capabilities.contains(.workloadFrames) else {
            throw WorkloadError("unknown command 'serve' for this engine: it does not declare workload.frames")
        }
    }

    /// The engine as benchmark names carry it: its handshake name, lower case, with anything but
    /// letters, digits, `.` and `-` made `-`.
    static func slug(_ name: String) -> String {
        String(name.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") ? $0 : "-" })
    }

    static func info(_ engine: ExternalEngine) -> EngineInfo {
        EngineInfo(
            name: engine.name ?? engine.options.command, version: engine.engineVersion, clock: engine.clock,
            clockResolution: engine.clockResolution, command: engine.options.command)
    }

    /// The workloads of every kind the engine declares, at every channel count.
    static func descriptors(_ engine: ExternalEngine) throws -> [Benchmark.Descriptor] {
        try engine.start()
        let kinds = Workload.Kind.allCases.filter { engine.capabilities.contains($0.capability) }
        guard !kinds.isEmpty else {
            throw WorkloadError(
                "the engine `\(engine.options.command)` declares no workload capability (workload.fluid, workload.closed, workload.curve, "
                    + "workload.keyframe: docs/protocol.md §8), so it has no benchmarks to run")
        }
        guard engine.clock != nil else {
            throw WorkloadError("the engine `\(engine.options.command)` declares workloads but its handshake states no \"clock\" (docs/protocol.md §8)")
        }
        let suffix = "@" + slug(engine.name ?? "engine")
        return Workload.standard.filter { kinds.contains($0.kind) }.map { workload in
            Benchmark.Descriptor(
                name: workload.name + suffix, unit: .frame, elements: workload.channels, tags: ["workload", workload.kind.rawValue],
                reference: workload.reference, usesAllThreads: false, oneThreadCounterpart: nil, engine: info(engine))
        }
    }

    /// One pass: the timing pass's samples are the engine's frame times after its warm-up frames;
    /// both passes check the final values.
    static func run(_ name: String, pass: WorkerRequest.Pass, profile: MeasurementProfile, engine: ExternalEngine) throws -> WorkerReport {
        let base = String(name.split(separator: "@", maxSplits: 1).first ?? "")
        guard let workload = Workload.named(base) else {
            throw WorkloadError("no workload named '\(base)'; the workloads: \(Workload.standard.map(\.name).joined(separator: ", "))")
        }
        try engine.start()
        guard engine.capabilities.contains(workload.kind.capability) else {
            throw WorkloadError("the engine `\(engine.options.command)` does not declare \(workload.kind.capability.rawValue)")
        }
        let warmup = max(2, profile.minimumSamples / 5)
        let (frames, minimum, seconds): (Int, Int, Double)
        switch pass {
        case .timing:
            (frames, minimum, seconds) = (profile.maximumSamples + warmup, profile.minimumSamples + warmup, profile.warmupSeconds + profile.measureSeconds)
        case .counting: (frames, minimum, seconds) = (12, 12, 1e9)
        case .instructions: throw WorkloadError("an engine in another process has no instructions pass; expected timing or counting")
        }
        let before = MachineLoad.snapshot(alsoCounting: engine.pid.map { [$0] } ?? [])
        let answer = try engine.request("workload", workload.requestFields(frames: frames, minimumFrames: minimum, seconds: seconds))
        let load = before.flatMap { start in MachineLoad.snapshot(alsoCounting: engine.pid.map { [$0] } ?? []).map { MachineLoad.load(from: start, to: $0) } }
        let times = try frameTimes(answer, op: "workload", frames: frames)
        guard times.count >= min(minimum, frames) else {
            throw WorkloadError("the engine ran \(times.count) frames; the request asked for at least \(minimum) (\"minimumFrames\")")
        }
        guard let values = EngineProtocol.numbers(answer["values"]) else {
            throw WorkloadError(
                "the engine's answer to `workload` needs \"values\": the reported channels' values, got "
                    + String((answer["values"]?.compactSerialized() ?? "none").prefix(120)))
        }
        let check = try workload.check(values: values, frames: times.count)
        // Warm-up: the frames in the profile's warm-up time, at least two, never more than half.
        var elapsed = 0.0, skipped = 0
        while skipped < times.count / 2, skipped < 2 || elapsed < profile.warmupSeconds * 1e9 {
            elapsed += times[skipped]
            skipped += 1
        }
        let samples = pass == .timing ? Array(times.dropFirst(skipped)) : nil
        return WorkerReport(name: name, pass: pass.rawValue, samples: samples, iterationsPerSample: 1, load: pass == .timing ? load : nil, valuesCheck: check)
    }

    /// The answer's frame times: 1 to `frames` non-negative numbers of nanoseconds.
    static func frameTimes(_ answer: JSONValue, op: String, frames: Int) throws -> [Double] {
        guard let times = EngineProtocol.numbers(answer["frameTimes"]), !times.isEmpty, times.count <= frames,
            times.allSatisfy({ $0.isFinite && $0 >= 0 })
        else {
            throw WorkloadError(
                "the engine's answer to `\(op)` needs \"frameTimes\": 1 to \(frames) non-negative numbers of nanoseconds, got "
                    + String((answer["frameTimes"]?.compactSerialized() ?? "none").prefix(120)))
        }
        return times
    }

    /// Blocks on request, as `BenchmarkWorker`'s `serve` (docs/runner.md §3), for an engine that
    /// declares `workload.frames`: the workload is set up and warmed up once, then each
    /// `block S` runs its next frames for S seconds (`frames`, docs/protocol.md §8). Two
    /// revisions of an engine then take turns within a round instead of one process after the
    /// other. An engine without it is "unknown" to `serve`, and the comparison falls back.
    static func serve(_ name: String, profile: MeasurementProfile, cpu: Int32?, engine: ExternalEngine) throws {
        let base = String(name.split(separator: "@", maxSplits: 1).first ?? "")
        guard let workload = Workload.named(base), engine.capabilities.contains(workload.kind.capability) else {
            throw WorkloadError("the engine `\(engine.options.command)` does not run '\(base)'")
        }
        // One-thread engines share the CPU the driver gives both sides of a round.
        if let cpu, let pid = engine.pid { try? WorkerServe.pin([Int(cpu)], thread: pid) }
        _ = try engine.request("workload", workload.requestFields(frames: 1_000_000, minimumFrames: 2, seconds: profile.warmupSeconds))
        try emit(JSONValue.object([("ready", .bool(true)), ("iterationsPerSample", .number(1))]))
        let block: (Double) throws -> (nanoseconds: Double, iterations: Int) = { seconds in
            let answer = try engine.request("frames", [("seconds", .number(seconds)), ("frames", .number(1_000_000))])
            let times = try frameTimes(answer, op: "frames", frames: 1_000_000)
            return (times.reduce(0, +) / Double(times.count), times.count)
        }
        try WorkerServe.answerBlocks(child: engine.pid, emit: { try emit($0) }, measure: block)
    }

    private static func emit(_ value: any Encodable) throws {
        FileHandle.standardOutput.write(try JSONEncoder().encode(value) + Data("\n".utf8))
    }

    private static func emit(_ value: JSONValue) throws {
        FileHandle.standardOutput.write(Data((value.compactSerialized() + "\n").utf8))
    }
}

struct WorkloadError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

import Foundation
import HarnessSupport

/// Runs benchmarks in worker processes — one per benchmark and pass, so a crash or a hang takes
/// down only its own benchmark — and assembles the canonical result.
///
/// For each benchmark: the timing pass on the production allocator (`profile.processes` worker
/// processes, samples pooled), then the counting pass with jemalloc preloaded (allocations,
/// bytes, peak memory, and the digest of the outputs).
public struct BenchmarkDriver {
    public struct Options {
        public var worker: URL
        public var profile: MeasurementProfile = .quick
        public var threads: Int = ProcessInfo.processInfo.activeProcessorCount
        public var filter: String?
        /// Seconds a worker pass may take before it is stopped.
        public var timeout: Double = Self.defaultTimeout
        public static let defaultTimeout = 300.0
        /// The library preloaded for the counting pass; nil: look in the usual places.
        public var jemallocLibrary: String?
        public var repository: String?
        /// The commit the run is for: a worker that says it was built from another is refused
        /// before anything is measured (a fleet's job, a revision's worktree). Nil: the worker's
        /// own checkout must still be at the commit it was built from.
        public var revision: String?
        public var buildConfiguration = "release"
        public var toolVersion = ToolName.current
        /// Where progress goes; nil for none.
        public var progress: ProgressReporter? = ProgressReporter(handle: .standardError)
        /// Extra environment for the workers.
        public var environment: [String: String] = [:]
        /// Count instructions of one-thread benchmarks under callgrind (`InstructionCounter`).
        public var instructions = false
        /// How often a timing process measured while the machine was busy is measured again.
        /// Retries stop for the rest of the run once a retry finds the machine busy too: a
        /// neighbour that stays is a condition of the run, reported, not waited out.
        public var busyRetries = 1
        /// Words put before the worker's own (`list`, `run NAME …`): for a worker that is a
        /// subcommand of a larger tool (`motion-bench workload-worker --engine CMD`).
        public var workerArguments: [String] = []
        /// More workers whose benchmarks the run holds beside the first's, side by side (one per
        /// engine). Benchmark names must differ between workers.
        public var additionalWorkers: [WorkerCommand] = []
        /// A worker whose benchmarks run only when a selected benchmark names one of them as its
        /// C reference: the C kernels beside an engine's workloads.
        public var referenceWorker: WorkerCommand?

        public init(worker: URL) { self.worker = worker }

        /// The workers a run lists benchmarks from, the first one first.
        var workers: [WorkerCommand] { [WorkerCommand(executable: worker, arguments: workerArguments)] + additionalWorkers }
    }

    /// A worker as the driver starts it: the executable and the words before the worker's own.
    public struct WorkerCommand: Hashable, Sendable {
        public var executable: URL
        public var arguments: [String]

        public init(executable: URL, arguments: [String] = []) {
            self.executable = executable
            self.arguments = arguments
        }

        var label: String { ([executable.path] + arguments).joined(separator: " ") }
    }

    /// Which worker runs each benchmark, filled when the benchmarks are listed.
    final class Routes: @unchecked Sendable {
        var workers: [String: WorkerCommand] = [:]
    }
    let routes = Routes()

    public let options: Options

    /// A benchmark's instructions per iteration under callgrind, or why it is not counted: a
    /// benchmark on every thread (callgrind runs threads one at a time, so the count would be
    /// the serialised program's) or of an engine in another process (not the worker's code).
    public func instructions(_ descriptor: Benchmark.Descriptor) -> InstructionSummary {
        if descriptor.usesAllThreads {
            return InstructionSummary(
                perIteration: nil, iterations: 0, unavailable: "not counted: it runs on every thread, which callgrind runs one at a time")
        }
        if descriptor.engine != nil {
            return InstructionSummary(perIteration: nil, iterations: 0, unavailable: "not counted: the engine runs in another process")
        }
        return instructionCounter.count(descriptor.name)
    }

    /// Callgrind over this driver's worker, in the environment its passes run in.
    public var instructionCounter: InstructionCounter {
        InstructionCounter(worker: options.worker, environment: workerEnvironment(), timeout: options.timeout)
    }
    /// Busy processes re-measured so far, and whether the machine stayed busy through a retry.
    final class BusyLog: @unchecked Sendable {
        var remeasured = 0
        var persistent = false
    }
    let busyLog = BusyLog()

    public init(options: Options) { self.options = options }

    /// The benchmarks the workers offer, filtered by the options' regular expression, and the
    /// reference worker's benchmarks that a selected one names as its C reference.
    public func benchmarks() throws -> [Benchmark.Descriptor] {
        let regex: NSRegularExpression?
        do { regex = try options.filter.map { try NSRegularExpression(pattern: $0) } } catch {
            throw DriverError(.filter, "'\(options.filter ?? "")'", "is not a valid regular expression")
        }
        var selected: [Benchmark.Descriptor] = []
        for worker in options.workers {
            for descriptor in try list(worker) {
                guard regex.map({ $0.firstMatch(in: descriptor.name, range: NSRange(descriptor.name.startIndex..., in: descriptor.name)) != nil }) ?? true
                else { continue }
                if let other = routes.workers[descriptor.name], other != worker {
                    throw DriverError("two workers offer a benchmark named '\(descriptor.name)': \(other.label) and \(worker.label)")
                }
                routes.workers[descriptor.name] = worker
                selected.append(descriptor)
            }
        }
        if let referenceWorker = options.referenceWorker {
            let wanted = Set(selected.compactMap(\.reference))
            for descriptor in try list(referenceWorker) where wanted.contains(descriptor.name) && routes.workers[descriptor.name] == nil {
                routes.workers[descriptor.name] = referenceWorker
                selected.append(descriptor)
            }
        }
        return selected
    }

    /// Every benchmark one worker offers.
    func list(_ worker: WorkerCommand) throws -> [Benchmark.Descriptor] {
        let outcome = WorkerProcess(
            executable: worker.executable, arguments: worker.arguments + WorkerRequest.list.arguments, environment: workerEnvironment(), timeout: 60
        ).run()
        guard case let .finished(data) = outcome else {
            throw DriverError("cannot list benchmarks with \(worker.label): \(describe(outcome))")
        }
        do { return try JSONDecoder().decode([Benchmark.Descriptor].self, from: data) } catch {
            throw DriverError("the worker \(worker.label) printed an unreadable benchmark list: \(error)")
        }
    }

    /// The benchmarks to run; an error naming the nearest names when the filter matches none (a
    /// run of nothing is not a pass).
    public func selectedBenchmarks() throws -> [Benchmark.Descriptor] {
        let selected = try benchmarks()
        guard selected.isEmpty else { return selected }
        var unfiltered = options
        unfiltered.filter = nil
        let names = try BenchmarkDriver(options: unfiltered).benchmarks().map(\.name)
        guard let filter = options.filter else { throw DriverError("the worker \(options.worker.path) offers no benchmarks") }
        let nearest = nearestNames(names, to: filter)
        throw DriverError(
            .filter, "'\(filter)'",
            "matches no benchmark of the \(names.count); the nearest names: \(nearest.joined(separator: ", "))", remedy: .listBenchmarks)
    }

    /// How the worker was compiled. A worker that cannot say (one from before the `build`
    /// command) was built for the default target.
    public func build() -> WorkerBuild {
        let outcome = WorkerProcess(
            executable: options.worker, arguments: options.workerArguments + WorkerRequest.build.arguments, environment: workerEnvironment(),
            timeout: 60
        ).run()
        guard case let .finished(data) = outcome, let build = try? JSONDecoder().decode(WorkerBuild.self, from: data) else {
            return WorkerBuild(targetCPU: nil)
        }
        return build
    }

    /// How the worker was built, once it is known that its results may be filed under its
    /// revision: refused when its checkout has moved to another commit since the build, or when
    /// it was built from another commit than `options.revision`.
    public func checkedBuild() throws -> WorkerBuild {
        let workerBuild = build()
        guard let source = workerBuild.source else { return workerBuild }
        var stale = source.staleness()
        if stale == nil, let wanted = options.revision, let built = source.revision, built != wanted {
            stale = StaleBuild(built: source, checkout: BuildSource(revision: wanted, dirty: nil, repository: source.repository))
        }
        guard var stale else { return workerBuild }
        stale.what = "the benchmark worker \(options.worker.path)"
        // `PACKAGE/.build/CONFIGURATION/NAME`, as SwiftPM lays a build out.
        let path = options.worker.path
        if let range = path.range(of: "/.build/") {
            let configuration = path[range.upperBound...].split(separator: "/").first.map(String.init)
            let chosen = ["debug", "release"].contains(configuration ?? "") ? configuration! : options.buildConfiguration
            stale.rebuild = ["swift build -c \(chosen) --package-path \(path[..<range.lowerBound])"]
        }
        throw stale
    }

    /// Runs the selected benchmarks and returns the result; benchmarks that crash, fail or time
    /// out are recorded as such while the rest complete.
    public func run() throws -> RunResult {
        let started = Self.timestamp()
        let workerBuild = try checkedBuild()
        let selected = try selectedBenchmarks()
        let capacity = ParallelProbe.capacity(threads: options.threads)
        let loadAverage = MachineState.loadAverageNow()
        var results: [BenchmarkResult] = []
        var jemallocVersion: String?
        let clockStart = MonotonicClock.now()
        // The timing processes go in sweeps, one process of every benchmark per sweep, so that a
        // benchmark's processes are spread over the run and sample the machine's drift over it:
        // back to back, they would agree with each other more than with a run made later, and a
        // comparison of two runs would take that drift for a change.
        let sweeps = max(1, options.profile.processes)
        var timings = [ProcessTimings](repeating: ProcessTimings(), count: selected.count)
        let spanStart = MachineLoad.spanStart()
        for sweep in 0..<sweeps {
            for (index, descriptor) in selected.enumerated() where timings[index].failure == nil {
                options.progress?.update(
                    index: sweep * selected.count + index, of: sweeps * selected.count, name: descriptor.name,
                    elapsed: Double(MonotonicClock.now() - clockStart) / 1e9)
                timings[index].add(timingProcess(descriptor.name))
            }
        }
        let span = MachineLoad.spanLoad(since: spanStart)
        for (index, descriptor) in selected.enumerated() {
            var result = measure(descriptor, timings[index])
            if jemallocVersion == nil { jemallocVersion = result.1 }
            // An engine in another process is not counted: its instructions are not the worker's.
            if options.instructions, !descriptor.usesAllThreads, descriptor.engine == nil, result.0.status == .ok,
                routes.workers[descriptor.name]?.executable == options.worker
            {
                result.0.instructions = instructions(descriptor)
            }
            (result.0.ratioToReference, result.0.speedupOverOneThread) = (nil, nil)
            results.append(result.0)
        }
        options.progress?.finish(count: selected.count, sweeps: sweeps, elapsed: Double(MonotonicClock.now() - clockStart) / 1e9)
        Self.fillReferenceRatios(&results)
        var environment = EnvironmentFingerprint.current(
            repository: options.repository, buildConfiguration: options.buildConfiguration,
            buildFlags: workerBuild.flags(configuration: options.buildConfiguration))
        environment.jemallocVersion = jemallocVersion
        environment.build = workerBuild.source
        return RunResult(
            schemaVersion: RunResult.currentSchemaVersion, tool: options.toolVersion, startedAt: started,
            finishedAt: Self.timestamp(), profile: options.profile.name, threads: options.threads,
            filter: options.filter, environment: environment, benchmarks: results,
            machine: MachineState(
                capacity: capacity, threads: options.threads, loadAverage: loadAverage,
                loads: results.compactMap(\.timing).flatMap { $0.processLoads ?? [] }, remeasured: busyLog.remeasured, span: span))
    }

    /// One timing process, measured again (up to `busyRetries` times) when the rest of the machine
    /// was busy during it; of the tries, the one with the least other work is kept.
    func timingProcess(_ name: String) -> Result<WorkerReport, PassFailure> {
        var best = pass(.timing, name, preload: false)
        var retries = options.busyRetries
        while retries > 0, !busyLog.persistent, case let .success(report) = best, report.load?.isBusy == true {
            retries -= 1
            busyLog.remeasured += 1
            let again = pass(.timing, name, preload: false)
            guard case let .success(second) = again else { return again }
            if second.load?.isBusy == true { busyLog.persistent = true }
            if (second.load?.othersCPU ?? 0) < (report.load?.othersCPU ?? 0) { best = again }
        }
        return best
    }

    /// A benchmark's timing processes as the sweeps of a run measure them.
    struct ProcessTimings {
        var samples: [Double] = []
        var counts: [Int] = []
        var loads: [ProcessLoad] = []
        var iterationsPerSample = 1
        var failure: PassFailure?

        mutating func add(_ outcome: Result<WorkerReport, PassFailure>) {
            switch outcome {
            case let .success(report):
                samples += report.samples ?? []
                counts.append(report.samples?.count ?? 0)
                if let load = report.load { loads.append(load) }
                iterationsPerSample = report.iterationsPerSample ?? 1
            case let .failure(failure):
                self.failure = failure
            }
        }
    }

    /// A benchmark's result from its timing processes and its counting pass; returns it and the
    /// jemalloc version seen.
    func measure(_ descriptor: Benchmark.Descriptor, _ timings: ProcessTimings) -> (BenchmarkResult, String?) {
        var result = BenchmarkResult(
            name: descriptor.name, unit: descriptor.unit, elements: descriptor.elements, tags: descriptor.tags,
            reference: descriptor.reference, oneThreadCounterpart: descriptor.oneThreadCounterpart, status: .ok)
        result.engine = descriptor.engine
        if let failure = timings.failure {
            (result.status, result.message) = (failure.status, failure.message)
            return (result, nil)
        }
        let (samples, counts, loads, iterationsPerSample) = (timings.samples, timings.counts, timings.loads, timings.iterationsPerSample)
        result.timing = TimingSummary(
            samples: samples, iterationsPerSample: iterationsPerSample, elements: descriptor.elements,
            unit: descriptor.unit, processSampleCounts: counts, processLoads: loads.count == counts.count ? loads : nil)
        switch pass(.counting, descriptor.name, preload: true) {
        case let .success(report) where descriptor.engine != nil:
            // An engine's workload: its counting pass checks its values (its allocations are its own).
            result.valuesCheck = report.valuesCheck
            if report.valuesCheck?.agrees != true {
                result.status = .different
                result.message = report.valuesCheck?.message ?? "the engine's values were not checked"
            }
            return (result, nil)
        case let .success(report):
            result.allocations = AllocationSummary(
                perIteration: report.allocationsPerIteration, bytesPerIteration: report.bytesPerIteration,
                peakResidentBytes: report.peakResidentBytes)
            result.digest = report.digest
            return (result, report.jemallocVersion)
        case let .failure(failure):
            (result.status, result.message) = (failure.status, "counting pass: " + failure.message)
            return (result, nil)
        }
    }

    struct PassFailure: Error {
        let status: BenchmarkResult.Status
        let message: String
    }

    func pass(_ pass: WorkerRequest.Pass, _ name: String, preload: Bool) -> Result<WorkerReport, PassFailure> {
        var environment = workerEnvironment()
        if preload, let library = jemallocLibrary() { environment["LD_PRELOAD"] = library }
        let request = WorkerRequest.run(.init(name: name, pass: pass, profile: options.profile.name, threads: options.threads))
        let worker = routes.workers[name] ?? options.workers[0]
        let outcome = WorkerProcess(
            executable: worker.executable, arguments: worker.arguments + request.arguments, environment: environment,
            timeout: options.timeout
        ).run()
        switch outcome {
        case let .finished(data):
            do { return .success(try JSONDecoder().decode(WorkerReport.self, from: data)) } catch {
                return .failure(PassFailure(status: .failed, message: "the worker's \(pass.rawValue) report is unreadable: \(error)"))
            }
        case .crashed:
            return .failure(PassFailure(status: .crashed, message: describe(outcome)))
        case .timedOut:
            return .failure(PassFailure(status: .timedOut, message: describe(outcome)))
        case .failed, .couldNotStart:
            return .failure(PassFailure(status: .failed, message: describe(outcome)))
        }
    }

    func describe(_ outcome: WorkerProcess.Outcome) -> String {
        func tail(_ text: String) -> String {
            let lines = text.split(separator: "\n").suffix(5).joined(separator: " | ")
            return lines.isEmpty ? "" : ": " + lines
        }
        switch outcome {
        case .finished: return "finished"
        case let .failed(status, _, stderr): return "exited with status \(status)\(tail(stderr))"
        case let .crashed(signal, _, true):
            return "ran out of memory: the kernel's out-of-memory killer ended it (signal \(signal)); give the job more memory or measure fewer elements"
        case let .crashed(signal, stderr, false):
            // A backtrace's own last lines say little: its "Fatal error" or "Program crashed" line says why.
            let lines = stderr.split(separator: "\n")
            let why = lines.first { $0.contains("Fatal error") } ?? lines.first { $0.contains("Program crashed") }
            return "crashed with signal \(signal)\(signalMeaning(signal).map { " (\($0))" } ?? "")"
                + (why.map { ": " + $0.trimmingCharacters(in: CharacterSet(charactersIn: "* ")) } ?? tail(stderr))
        case let .timedOut(seconds): return "timed out after \(Int(seconds)) s"
        case let .couldNotStart(message): return message
        }
    }

    func workerEnvironment() -> [String: String] {
        ProcessInfo.processInfo.environment.merging(options.environment) { _, new in new }
    }

    func jemallocLibrary() -> String? {
        if let library = options.jemallocLibrary { return library }
        let candidates = [
            "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2", "/usr/lib/aarch64-linux-gnu/libjemalloc.so.2",
            "/usr/lib/libjemalloc.so.2", "/usr/local/lib/libjemalloc.so.2",
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Sets each benchmark's ratio of median time per element to its C reference's, and each
    /// all-threads benchmark's speedup over its one-thread counterpart, where both ran, each with
    /// its 95% interval.
    static func fillReferenceRatios(_ results: inout [BenchmarkResult]) {
        let byName = Dictionary(results.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for index in results.indices {
            guard let own = results[index].timing, own.nanosecondsPerElement > 0 else { continue }
            if let reference = results[index].reference, let other = byName[reference]?.timing, other.nanosecondsPerElement > 0 {
                results[index].ratioToReference = own.nanosecondsPerElement / other.nanosecondsPerElement
                results[index].ratioToReferenceInterval = ratioInterval(own, over: other)
            }
            if let counterpart = results[index].oneThreadCounterpart, let one = byName[counterpart]?.timing, one.nanosecondsPerElement > 0 {
                results[index].speedupOverOneThread = one.nanosecondsPerElement / own.nanosecondsPerElement
                results[index].speedupInterval = ratioInterval(one, over: own)
            }
        }
    }

    /// The 95% interval of `numerator`'s time per element over `denominator`'s: a bootstrap of
    /// the ratio of medians, resampling each benchmark's worker processes and then the samples
    /// within them (`Bootstrap.hierarchicalRatio`), so that a spread between processes widens it.
    /// Seeded, so the same samples give the same interval. The interval is scaled to the reported
    /// ratio, of the histogram medians per element, from the samples' ratio per iteration (the
    /// two medians may differ in the third digit).
    static func ratioInterval(_ numerator: TimingSummary, over denominator: TimingSummary) -> [Double] {
        // Per iteration: the scaling below turns the ratio into one per element.
        func groups(_ timing: TimingSummary) -> [[Double]] {
            var groups: [[Double]] = [], start = 0
            for count in timing.processSampleCounts ?? [timing.samples.count] where count > 0 && start + count <= timing.samples.count {
                groups.append(Array(timing.samples[start..<start + count]))
                start += count
            }
            return groups.isEmpty ? [timing.samples] : groups
        }
        let reported = numerator.nanosecondsPerElement / denominator.nanosecondsPerElement
        let (estimate, interval) = Bootstrap.hierarchicalRatio(
            groups(denominator), groups(numerator), resamples: 500,
            statistic: Descriptive.median)
        guard estimate.isFinite, estimate > 0 else { return [reported, reported] }
        let scale = reported / estimate
        return [interval.lowerBound * scale, interval.upperBound * scale]
    }

    static func timestamp() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }
}

/// A run that cannot be done. When an option of the run is at fault, `subject` says which one and
/// `problem` what is wrong with its value, so a caller names the option in its own terms (a
/// command line by its flag); the description names it by the options' field.
public struct DriverError: RemediableError, CustomStringConvertible {
    /// The options' fields an error can be about.
    public enum Subject: String, Sendable {
        case filter, repository
    }

    public let description: String
    public let subject: Subject?
    /// The value given, as it is shown (quoted when it is a pattern).
    public let value: String?
    public let problem: String?
    /// The change that gets past it, when a setting does.
    public let remedy: Remedy?

    public init(_ description: String) { (self.description, subject, value, problem, remedy) = (description, nil, nil, nil, nil) }

    public init(_ subject: Subject, _ value: String, _ problem: String, remedy: Remedy? = nil) {
        (self.subject, self.value, self.problem, self.remedy) = (subject, value, problem, remedy)
        description = "\(subject.rawValue) \(value) \(problem)"
    }
}

/// Progress of a run: a line rewritten in place on a terminal (benchmark k of n, elapsed,
/// estimate), plain lines otherwise.
public final class ProgressReporter: Sendable {
    let handle: FileHandle
    let isTerminal: Bool

    public init(handle: FileHandle) {
        self.handle = handle
        isTerminal = isatty(handle.fileDescriptor) != 0
    }

    func update(index: Int, of count: Int, name: String, elapsed: Double) {
        let estimate = index > 0 ? elapsed / Double(index) * Double(count - index) : 0
        let line = "[\(index + 1)/\(count)] \(name)  elapsed \(Int(elapsed)) s" + (index > 0 ? ", about \(Int(estimate.rounded())) s left" : "")
        if isTerminal {
            handle.write(Data("\r\u{1B}[K\(line)".utf8))
        } else {
            handle.write(Data("\(line)\n".utf8))
        }
    }

    func finish(count: Int, sweeps: Int, elapsed: Double) {
        let line =
            "ran \(count) benchmark\(count == 1 ? "" : "s")" + (sweeps > 1 ? " in \(sweeps) sweeps of worker processes" : "")
            + " in \(Int(elapsed.rounded())) s"
        handle.write(Data(((isTerminal ? "\r\u{1B}[K" : "") + line + "\n").utf8))
    }
}

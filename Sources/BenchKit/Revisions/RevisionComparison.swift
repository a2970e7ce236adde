import Foundation

/// Compares two engine revisions on this machine, in one job (benchmark-runner notes §5, P0 1):
/// builds each in its own worktree, then runs their benchmark workers interleaved — A B, then B A,
/// in fresh processes, the benchmark order shuffled every round — so that drift over the job
/// affects both alike. Each round is one group of samples per revision: the verdicts use the
/// hierarchical bootstrap over rounds and samples, and the paired per-round log-ratios give the
/// median ratio and a Wilcoxon signed-rank test. Inconclusive benchmarks get extra rounds.
public struct RevisionComparison {
    public struct Revision: Sendable {
        public var name: String
        /// The checkout: a worktree made for a git revision, or a directory given as is.
        public var directory: URL
        public var commit: String?
    }

    public struct Options {
        public var profile: MeasurementProfile = .quick
        public var filter: String?
        public var rounds = 4
        public var maximumRounds = 8
        public var policy = ComparisonPolicy()
        public var configuration = "release"
        public var threads = ProcessInfo.processInfo.activeProcessorCount
        public var timeout = 600.0
        public var progress: ProgressReporter? = ProgressReporter(handle: .standardError)
        public init() {}
    }

    public struct Outcome: Sendable {
        public var report: ComparisonReport
        /// Per benchmark: the median of the paired per-round ratios and the Wilcoxon p-value.
        public var paired: [String: (ratio: Double, pValue: Double, rounds: Int)]
        /// Fixtures whose verdict differs between the revisions.
        public var conformanceChanges: [String]
        /// How each revision's worker was compiled, A then B. Both are built in the same
        /// environment, but a revision from before `MOTIONBENCH_TARGET_CPU` ignores it.
        public var builds: [WorkerBuild]

        /// A warning when the revisions were compiled for different CPUs, which the ratios then
        /// measure along with the change; nil when they were compiled alike.
        public var buildWarning: String? {
            guard builds.count == 2, builds[0] != builds[1] else { return nil }
            func describe(_ build: WorkerBuild) -> String { build.targetCPU.map { "for \($0)" } ?? "for the default target" }
            return "warning: A was compiled \(describe(builds[0])) and B \(describe(builds[1])): the ratios measure that difference too"
        }
    }

    public let options: Options
    public let repository: URL
    /// Where worktrees are made and kept (built revisions are reused).
    public let workspace: URL

    public init(options: Options, repository: URL, workspace: URL) {
        self.options = options
        self.repository = repository
        self.workspace = workspace
    }

    // MARK: Revisions

    /// A revision of `repository`, or a directory holding a checkout.
    public func resolve(_ reference: String) throws -> Revision {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: reference, isDirectory: &isDirectory), isDirectory.boolValue,
           FileManager.default.fileExists(atPath: URL(fileURLWithPath: reference).appendingPathComponent("Package.swift").path) {
            return Revision(name: reference, directory: URL(fileURLWithPath: reference), commit: nil)
        }
        guard let commit = git(["rev-parse", "--verify", "\(reference)^{commit}"])?.trimmingCharacters(in: .whitespacesAndNewlines), !commit.isEmpty else {
            throw DriverError("'\(reference)' is neither a revision of \(repository.path) nor a directory with a Package.swift")
        }
        let directory = workspace.appendingPathComponent(String(commit.prefix(12)))
        if !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
            _ = git(["worktree", "prune"])
            guard git(["worktree", "add", "--detach", "--force", directory.path, commit]) != nil else {
                throw DriverError("cannot make a worktree of \(commit) at \(directory.path)")
            }
        }
        return Revision(name: reference, directory: directory, commit: commit)
    }

    /// Builds a revision's tool and worker.
    public func build(_ revision: Revision) throws {
        options.progress?.note("building \(revision.name) (\(options.configuration)) in \(revision.directory.path)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "-c", options.configuration, "--package-path", revision.directory.path]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let tail = String(decoding: message, as: UTF8.self).split(separator: "\n").suffix(8).joined(separator: "\n")
            throw DriverError("building \(revision.name) failed:\n\(tail)")
        }
    }

    func binary(_ revision: Revision, _ name: String) -> URL {
        revision.directory.appendingPathComponent(".build/\(options.configuration)/\(name)")
    }

    func driver(for revision: Revision) -> BenchmarkDriver {
        var driverOptions = BenchmarkDriver.Options(worker: binary(revision, "MotionBenchmarks"))
        driverOptions.profile = options.profile
        driverOptions.filter = options.filter
        driverOptions.threads = options.threads
        driverOptions.timeout = options.timeout
        driverOptions.progress = nil
        driverOptions.repository = revision.directory.path
        driverOptions.environment = ["MOTIONBENCH_FIXTURES": revision.directory.appendingPathComponent("Fixtures").path]
        return BenchmarkDriver(options: driverOptions)
    }

    // MARK: Running

    /// Builds both revisions, runs the interleaved rounds and returns the verdicts.
    public func run(_ a: Revision, _ b: Revision) throws -> Outcome {
        try build(a)
        if a.directory != b.directory { try build(b) }
        let drivers = [driver(for: a), driver(for: b)]
        let builds = drivers.map { $0.build() }
        let namesA = try drivers[0].benchmarks(), namesB = Set(try drivers[1].benchmarks().map(\.name))
        let descriptors = namesA.filter { namesB.contains($0.name) }
        guard !descriptors.isEmpty else { throw DriverError("the two revisions share no benchmark matching the filter") }

        // Correctness and allocations once per revision: digests must agree.
        var counting: [[String: WorkerReport]] = [[:], [:]]
        for (side, driver) in drivers.enumerated() {
            for descriptor in descriptors {
                if case let .success(report) = driver.pass("counting", descriptor.name, preload: true) { counting[side][descriptor.name] = report }
            }
        }
        var samples: [[String: [[Double]]]] = [[:], [:]]
        var failures: [String: String] = [:]
        var generator = SplitMix64(seed: 0xAB_BA)
        var round = 0
        var pending = descriptors
        while !pending.isEmpty && round < options.maximumRounds {
            pending.shuffle(using: &generator)
            let order = round % 2 == 0 ? [0, 1] : [1, 0]
            options.progress?.note("round \(round + 1): \(pending.count) benchmark\(pending.count == 1 ? "" : "s"), order \(order == [0, 1] ? "A B" : "B A")")
            for descriptor in pending where failures[descriptor.name] == nil {
                for side in order {
                    switch drivers[side].pass("timing", descriptor.name, preload: false) {
                    case let .success(report): samples[side][descriptor.name, default: []].append(report.samples ?? [])
                    case let .failure(failure): failures[descriptor.name] = "\(side == 0 ? "A" : "B"): \(failure.message)"
                    }
                }
            }
            round += 1
            if round >= options.rounds {
                let report = compare(descriptors, samples, counting, failures, builds)
                let inconclusive = Set(report.comparisons.filter { $0.verdict == .inconclusive }.map(\.name))
                pending = descriptors.filter { inconclusive.contains($0.name) }
            }
        }
        let report = compare(descriptors, samples, counting, failures, builds)
        var paired: [String: (Double, Double, Int)] = [:]
        for descriptor in descriptors {
            let roundsA = samples[0][descriptor.name] ?? [], roundsB = samples[1][descriptor.name] ?? []
            let logs = zip(roundsA, roundsB).compactMap { x, y -> Double? in
                guard !x.isEmpty, !y.isEmpty else { return nil }
                return log(Descriptive.trimmedMean(y) / Descriptive.trimmedMean(x))
            }
            guard !logs.isEmpty else { continue }
            paired[descriptor.name] = (exp(Descriptive.median(logs)), RankTests.wilcoxonSignedRank(logs).pValue, logs.count)
        }
        return Outcome(report: report, paired: paired, conformanceChanges: conformanceChanges(a, b), builds: builds)
    }

    func compare(_ descriptors: [Benchmark.Descriptor], _ samples: [[String: [[Double]]]], _ counting: [[String: WorkerReport]],
                 _ failures: [String: String], _ builds: [WorkerBuild]) -> ComparisonReport {
        func result(_ side: Int) -> RunResult {
            let benchmarks = descriptors.map { d -> BenchmarkResult in
                var b = BenchmarkResult(name: d.name, unit: d.unit, elements: d.elements, tags: d.tags, reference: d.reference,
                                        oneThreadCounterpart: d.oneThreadCounterpart, status: .ok)
                if let failure = failures[d.name] {
                    b.status = .failed
                    b.message = failure
                    return b
                }
                let groups = samples[side][d.name] ?? []
                b.timing = TimingSummary(samples: groups.flatMap { $0 }, iterationsPerSample: 1, elements: d.elements, unit: d.unit,
                                         processSampleCounts: groups.map(\.count))
                let report = counting[side][d.name]
                b.allocations = AllocationSummary(perIteration: report?.allocationsPerIteration, bytesPerIteration: report?.bytesPerIteration,
                                                  peakResidentBytes: report?.peakResidentBytes)
                b.digest = report?.digest
                return b
            }
            let environment = EnvironmentFingerprint.current(buildConfiguration: options.configuration,
                                                             buildFlags: builds[side].flags(configuration: options.configuration))
            return RunResult(schemaVersion: RunResult.currentSchemaVersion, tool: "motion-bench compare-revisions", startedAt: "", finishedAt: "",
                             profile: options.profile.name, threads: options.threads, filter: options.filter, environment: environment, benchmarks: benchmarks)
        }
        return (try? ComparisonReport.compare(baseline: result(0), candidate: result(1), baselineName: "A", candidateName: "B", policy: options.policy))
            ?? ComparisonReport(baseline: "A", candidate: "B", comparisons: [], geometricMeanRatio: nil)
    }

    /// Runs each revision's own conformance suites and lists the fixtures whose verdict changed.
    func conformanceChanges(_ a: Revision, _ b: Revision) -> [String] {
        func verdicts(_ revision: Revision) -> [String: String]? {
            let fixtures = revision.directory.appendingPathComponent("Fixtures").path
            let outcome = WorkerProcess(executable: binary(revision, "motion-bench"), arguments: ["conform", "--fixtures", fixtures, "--format", "json"],
                                        timeout: options.timeout).run()
            let data: Data
            switch outcome {
            case let .finished(output): data = output
            // Exit 1: some fixtures fail — a verdict like any other, with the report on stdout.
            case let .failed(status, output, _) where status == 1: data = output
            default: return nil
            }
            guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let fixtures = json["fixtures"] as? [[String: Any]] else { return nil }
            return Dictionary(fixtures.compactMap { f in (f["id"] as? String).map { ($0, f["verdict"] as? String ?? "?") } }, uniquingKeysWith: { x, _ in x })
        }
        let before = verdicts(a), after = verdicts(b)
        guard let before, let after else { return ["conformance could not be run on \(before == nil ? a.name : b.name)"] }
        var changes: [String] = []
        for id in Set(before.keys).union(after.keys).sorted() where before[id] != after[id] {
            changes.append("\(id): \(before[id] ?? "absent") → \(after[id] ?? "absent")")
        }
        return changes
    }

    func git(_ arguments: [String]) -> String? {
        runCommand("git", ["-C", repository.path] + arguments)
    }
}

extension ProgressReporter {
    /// A line of progress that is not a benchmark count.
    public func note(_ line: String) {
        handle.write(Data(((isTerminal ? "\r\u{1B}[K" : "") + line + "\n").utf8))
    }
}

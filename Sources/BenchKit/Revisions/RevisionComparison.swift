import Foundation
import HarnessSupport

/// Compares two engine revisions on this machine, in one job (docs/runner.md): builds each
/// in its own worktree, then runs their benchmark workers interleaved — A B, then B A, in fresh
/// processes, the benchmark order shuffled every round — so that drift over the job affects both
/// alike. The unit of the statistics is the round: each gives one log-ratio log(Bᵢ / Aᵢ) of the
/// two processes' trimmed means, and the verdict is a paired t test over rounds
/// (`RatioEstimate.pairedRounds`, `VerdictDecision`).
///
/// Power comes from rounds, spent where they are needed: after the first `rounds`, only the
/// benchmarks still `inconclusive` get more, until their interval decides or the budget (rounds or
/// minutes) runs out. Before a benchmark is called `regressed` it is confirmed: as many further
/// rounds as the verdict rested on (at least 8 with one process a side) must, on their own, show it slower (their interval above 1), and
/// all the rounds together must still call it regressed. A false-positive rate p thus becomes
/// about p·α, while a real regression passes both with little loss.
public struct RevisionComparison {
    public struct Revision: Sendable {
        public var name: String
        /// The checkout: a worktree made for a git revision, or a directory given as is.
        public var directory: URL
        public var commit: String?
        /// A worker already built (the builds of two stored runs, which `compare` measures
        /// again): nothing is built, and this worker is measured as it is.
        public var worker: URL?

        public init(name: String, directory: URL, commit: String?, worker: URL? = nil) {
            (self.name, self.directory, self.commit, self.worker) = (name, directory, commit, worker)
        }
    }

    public struct Options {
        public var profile: MeasurementProfile = .quick
        public var filter: String?
        /// Rounds every benchmark gets before the first verdict.
        public var rounds = 4
        /// Rounds at most, confirmation included (`defaultMaximumRounds`).
        public var maximumRounds = RevisionComparison.defaultMaximumRounds(after: 4)
        /// Minutes the timing rounds may take at most; nil for no limit but `maximumRounds`.
        public var budgetMinutes: Double?
        /// Re-measure before calling a benchmark regressed.
        public var confirm = true
        /// Count each one-thread benchmark's instructions once per revision under callgrind.
        public var instructions = true
        /// Attribute each regression to the functions whose work changed (`Attributor`).
        public var attribute = true
        /// How a round measures: alternating blocks in two served workers, or one fresh process
        /// a side (what workers from before `serve` allow; chosen then whatever this says).
        public var design = Design.blocks
        public var policy = RevisionComparison.policy
        public var configuration = "release"
        /// The package to build and measure, as a path inside each revision's checkout: nil for
        /// the checkout itself (this repository), `Examples/swift-engine` for a package in a folder.
        public var packagePath: String?
        /// The executable product that is the benchmark worker: this package's own unless told.
        public var workerProduct = "MotionBenchmarks"
        public var threads = ProcessInfo.processInfo.activeProcessorCount
        public var timeout = 600.0
        public var progress: ProgressReporter? = ProgressReporter(handle: .standardError)
        /// An engine in another process, in any language, measured on the engine protocol's
        /// workloads instead of a Swift package's benchmarks; nil for a Swift package.
        public var engine: EngineCommands?
        /// The application's part: its workers' environment, its engine workers and its own
        /// suites' verdicts. Without it, an engine in another process cannot be measured and no
        /// verdicts are compared.
        public var suites: (any RevisionSuites)?
        public init() {}
    }

    /// How the revisions of an engine in another process are built and started: shell commands
    /// run in each revision's checkout (the worker that speaks to the engine is the application's:
    /// `RevisionSuites.engineWorker`).
    public struct EngineCommands: Sendable {
        /// Starts the engine, run by /bin/sh in the checkout: `./build/engine --serve`.
        public var command: String
        /// Builds the checkout, run by /bin/sh in it first; nil when there is nothing to build.
        public var build: String?

        public init(command: String, build: String?) {
            self.command = command
            self.build = build
        }

        /// The engine command of one checkout, for `--engine-shell`; `exec`, so that the process
        /// the harness pins and whose CPU time it counts is the engine itself, not a shell.
        func command(in directory: URL) -> String {
            "cd '\(directory.path.replacingOccurrences(of: "'", with: "'\\''"))' && exec \(command)"
        }
    }

    public enum Design: String, CaseIterable, Sendable { case blocks, processes }

    public struct Outcome: Sendable {
        /// The design the rounds used.
        public var design: Design
        public var report: ComparisonReport
        /// Rounds run (the most any benchmark got), and why the rounds stopped.
        public var rounds: Int
        public var stopReason: String
        /// How the revisions' conformance verdicts differ; nil when another package is measured
        /// (its conformance is its own affair: `conform --engine`), or a worker of its own is
        /// measured and neither checkout has the application's suites.
        public var conformance: ConformanceDelta?
        /// How each revision's worker was compiled, A then B. Both are built in the same
        /// environment, but a revision from before `MOTIONBENCH_TARGET_CPU` ignores it.
        public var builds: [WorkerBuild]
        /// The machine over the timing rounds.
        public var machine: MachineState?

        /// A warning when the revisions were compiled for different CPUs, which the ratios then
        /// measure along with the change; nil when they were compiled alike.
        public var buildWarning: String? {
            guard builds.count == 2, builds[0].targetCPU != builds[1].targetCPU else { return nil }
            func describe(_ build: WorkerBuild) -> String { build.targetCPU.map { "for \($0)" } ?? "for the default target" }
            return "warning: A was compiled \(describe(builds[0])) and B \(describe(builds[1])): the ratios measure that difference too"
        }
    }

    /// The policy of a job unless told otherwise: the interval must clear half the threshold
    /// (`ComparisonPolicy.margin`) — the evidence of a confirmed regression measured in one job,
    /// drift cancelled, where `compare` of two runs made apart asks the whole threshold.
    public static var policy: ComparisonPolicy {
        var policy = ComparisonPolicy()
        policy.margin = 0.5
        return policy
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
        // A checkout of a Swift package has its Package.swift; an engine's may hold anything.
        let marker = options.engine == nil ? "Package.swift" : ""
        if FileManager.default.fileExists(atPath: reference, isDirectory: &isDirectory), isDirectory.boolValue,
            FileManager.default.fileExists(atPath: URL(fileURLWithPath: reference).appendingPathComponent(marker).path)
        {
            return Revision(name: reference, directory: URL(fileURLWithPath: reference), commit: nil)
        }
        var repositoryIsDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: repository.path, isDirectory: &repositoryIsDirectory), repositoryIsDirectory.boolValue else {
            throw DriverError(.repository, repository.path, "does not exist or is not a folder")
        }
        guard git(["rev-parse", "--git-dir"]) != nil else { throw DriverError(.repository, repository.path, "is not a git repository") }
        guard let commit = git(["rev-parse", "--verify", "\(reference)^{commit}"])?.trimmingCharacters(in: .whitespacesAndNewlines), !commit.isEmpty else {
            throw DriverError("'\(reference)' is neither a revision of \(repository.path) nor a directory" + (marker.isEmpty ? "" : " with a Package.swift"))
        }
        let directory = workspace.appendingPathComponent(String(commit.prefix(12)))
        if !FileManager.default.fileExists(atPath: directory.appendingPathComponent(options.engine == nil ? "Package.swift" : ".git").path) {
            try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
            // Collectors on one machine share the repository: the prune and the add hold a lock
            // of the repository's, so that one process's prune never runs beside another's add.
            let added = try withWorktreeLock {
                _ = git(["worktree", "prune"])
                return git(["worktree", "add", "--detach", "--force", directory.path, commit]) != nil
            }
            guard added else { throw DriverError("cannot make a worktree of \(commit) at \(directory.path)") }
        }
        return Revision(name: reference, directory: directory, commit: commit)
    }

    /// Builds a revision's tool and worker.
    public func build(_ revision: Revision) throws {
        if let engine = options.engine, engine.build == nil { return }
        if revision.worker != nil { return }
        options.progress?.note(
            "building \(revision.name) (\(options.engine == nil ? options.configuration : "the engine's build command")) in \(revision.directory.path)")
        let builder =
            options.engine?.build.map {
                WorkerProcess(executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", $0], timeout: 3600, directory: revision.directory)
            }
            ?? WorkerProcess.onPath(
                "swift", ["build", "-c", options.configuration, "--package-path", package(revision).path] + Self.buildArguments(), timeout: 3600)
        // A release build takes a minute or more: say it is still going, and how long it took.
        let started = MonotonicClock.now()
        let seconds = { Int(Double(MonotonicClock.now() - started) / 1e9) }
        let ticker = DispatchSource.makeTimerSource(queue: .global())
        ticker.schedule(deadline: .now() + 20, repeating: 20)
        ticker.setEventHandler { [progress = options.progress, name = revision.name] in progress?.note("building \(name): \(seconds()) s so far") }
        ticker.resume()
        defer { ticker.cancel() }
        var outcome = builder.run()
        if case let .crashed(signal, _, false) = outcome {
            // A build tool that crashes (a SIGSEGV in SwiftPM or the compiler) seldom crashes
            // twice on the same sources; a failed build, which is the revision's own, is not retried.
            options.progress?.note("building \(revision.name) ended by \(signalMeaning(signal) ?? "signal \(signal)"); building it once more")
            outcome = builder.run()
        }
        switch outcome {
        case .finished: break
        case let .failed(_, stdout, stderr):
            // SwiftPM writes its errors on standard output.
            let text = stderr.isEmpty ? String(decoding: stdout, as: UTF8.self) : stderr
            throw DriverError("building \(revision.name) failed:\n\(WorkerProcess.tail(text))")
        case let .crashed(signal, stderr, outOfMemory):
            throw DriverError(
                "building \(revision.name) ended by \(signalMeaning(signal) ?? "signal \(signal)")\(outOfMemory ? "" : ", twice"):\n\(WorkerProcess.tail(stderr))"
            )
        case let .timedOut(seconds):
            throw DriverError("building \(revision.name) ran past \(Int(seconds)) s and was stopped")
        case let .couldNotStart(reason):
            throw DriverError("building \(revision.name): \(reason)")
        }
        options.progress?.note("built \(revision.name) in \(seconds()) s")
    }

    /// The compiler's cache of the C and Swift modules a build imports (Foundation, Glibc,
    /// Dispatch and the like), shared by every revision this user builds: SwiftPM keeps one per
    /// build folder, and each new worktree would otherwise compile the same system modules again
    /// — about five seconds of a small package's twelve here. The cache is content-addressed
    /// (each entry keyed by its module and the flags that built it) and locked per entry by the
    /// compiler, so concurrent builds and builds of other flags share it safely; it holds no
    /// code of the package. Empty when no cache folder can be made: the build then keeps its own.
    static func sharedModuleCacheArguments(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let home = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? environment["HOME"].map { $0 + "/.cache" }
        guard let home else { return [] }
        let folder = URL(fileURLWithPath: home).appendingPathComponent("motion-bench/module-cache")
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return [] }
        return ["-Xswiftc", "-module-cache-path", "-Xswiftc", folder.path]
    }

    /// What every build of a revision adds to `swift build`: no index store (a worktree is never
    /// opened in an editor, and a debug build writes one by default: a tenth of its time) and the
    /// shared module cache.
    static func buildArguments() -> [String] { ["--disable-index-store"] + sharedModuleCacheArguments() }

    /// Refuses, before minutes of building, a filter that is not a regular expression, or one that
    /// matches no benchmark of either revision where that can be told from the sources: a package
    /// whose worker writes every benchmark's name whole in `Benchmarks/` (this one: its names test
    /// holds it to that), read with `git grep` at each commit. `references` are the revisions as
    /// given; a checkout given as a folder is not looked into. Call it before `resolve`, which
    /// makes worktrees.
    public func checkFilter(_ references: [String]) throws {
        guard let filter = options.filter else { return }
        let regex: NSRegularExpression
        do { regex = try NSRegularExpression(pattern: filter) } catch {
            throw DriverError(.filter, "'\(filter)'", "is not a valid regular expression")
        }
        guard options.packagePath == nil, options.engine == nil else { return }
        let commits = references.map { git(["rev-parse", "--verify", "--quiet", "\($0)^{commit}"])?.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard commits.allSatisfy({ $0?.isEmpty == false }) else { return }
        var names: Set<String> = []
        for commit in commits.compactMap({ $0 }) {
            guard let text = git(["grep", "-h", "-o", "-E", "\"[A-Za-z0-9_.@-]+\"", commit, "--", "Benchmarks"]) else { return }
            names.formUnion(text.split(separator: "\n").map { String($0.dropFirst().dropLast()) })
        }
        guard !names.isEmpty else { return }
        let matches = names.contains { regex.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
        guard !matches else { return }
        throw DriverError(
            .filter, "'\(filter)'",
            "matches no benchmark name in the sources of either revision (Benchmarks/); nothing was built; the nearest names: "
                + nearestNames(Array(names.filter { $0.contains(".") }).sorted(), to: filter).joined(separator: ", "), remedy: .listBenchmarks)
    }

    /// The package measured in `revision`'s checkout.
    func package(_ revision: Revision) -> URL {
        options.packagePath.map { revision.directory.appendingPathComponent($0) } ?? revision.directory
    }

    /// The folder of a revision's build products.
    func products(_ revision: Revision) -> URL {
        package(revision).appendingPathComponent(".build/\(options.configuration)")
    }

    func binary(_ revision: Revision, _ name: String) -> URL {
        products(revision).appendingPathComponent(name)
    }

    func driver(for revision: Revision) -> BenchmarkDriver {
        var driverOptions = BenchmarkDriver.Options(worker: revision.worker ?? binary(revision, options.workerProduct))
        driverOptions.profile = options.profile
        driverOptions.filter = options.filter
        driverOptions.threads = options.threads
        driverOptions.timeout = options.timeout
        driverOptions.progress = nil
        driverOptions.repository = revision.directory.path
        driverOptions.revision = revision.commit
        driverOptions.buildConfiguration = options.configuration
        driverOptions.environment = options.suites?.workerEnvironment(checkout: revision.directory) ?? [:]
        if let engine = options.engine, let suites = options.suites {
            let worker = suites.engineWorker(engineCommand: engine.command(in: revision.directory))
            driverOptions.worker = worker.executable
            driverOptions.workerArguments = worker.arguments
        }
        return BenchmarkDriver(options: driverOptions)
    }

    /// One run of a built revision's benchmarks (the options' profile and filter), as `run`
    /// would measure it in that checkout.
    public func measure(_ revision: Revision) throws -> RunResult {
        try driver(for: revision).run()
    }

    // MARK: Running

    /// One round of one benchmark: each side's process, its statistic and load.
    struct Round {
        var samples: [[Double]]
        var loads: [ProcessLoad?]
        var logRatio: Double? {
            guard samples.allSatisfy({ !$0.isEmpty }) else { return nil }
            let a = Descriptive.trimmedMean(samples[0]), b = Descriptive.trimmedMean(samples[1])
            return a > 0 && b > 0 ? log(b / a) : nil
        }
    }

    /// Where a benchmark stands between rounds.
    enum Progress {
        case measuring
        /// Called regressed after `after` rounds; confirming with `rounds` more.
        case confirming(after: Int, rounds: Int)
        case decided
    }

    /// Builds both revisions, runs the interleaved rounds and returns the verdicts.
    public func run(_ a: Revision, _ b: Revision) throws -> Outcome {
        // The budget counts from here: builds and the counting pass are part of the job's time.
        let start = MonotonicClock.now()
        func minutes() -> Double { Double(MonotonicClock.now() - start) / 60e9 }
        if options.engine != nil && options.suites == nil {
            throw DriverError("an engine in another process needs the application's worker for it (Options.suites); none was given")
        }
        try build(a)
        if a.directory != b.directory { try build(b) }
        let drivers = [driver(for: a), driver(for: b)]
        // Each side's worker must be its revision's (where it says what it was built from).
        let builds = try drivers.map { try $0.checkedBuild() }
        let namesA = try drivers[0].benchmarks(), namesB = Set(try drivers[1].benchmarks().map(\.name))
        let descriptors = namesA.filter { namesB.contains($0.name) }
        guard !descriptors.isEmpty else { throw DriverError("the two revisions share no benchmark matching the filter") }

        // Correctness and allocations once per revision: digests must agree.
        var counting: [[String: WorkerReport]] = [[:], [:]]
        for (side, driver) in drivers.enumerated() {
            for descriptor in descriptors {
                if case let .success(report) = driver.pass(.counting, descriptor.name, preload: true) { counting[side][descriptor.name] = report }
            }
        }
        // Instructions once per revision: exact, so one count a side is the whole measurement; a
        // change past the policy's instruction threshold is flagged whatever the times say.
        var instructions: [[String: InstructionSummary]] = [[:], [:]]
        if options.instructions {
            for (side, driver) in drivers.enumerated() {
                for descriptor in descriptors {
                    if !descriptor.usesAllThreads && descriptor.engine == nil {
                        options.progress?.note("counting instructions of \(descriptor.name) in \(side == 0 ? a.name : b.name)")
                    }
                    instructions[side][descriptor.name] = driver.instructions(descriptor)
                }
            }
        }
        let design = options.design == .blocks && drivers.allSatisfy(Self.servesBlocks) ? Design.blocks : .processes
        if design != options.design { options.progress?.note("a worker cannot serve blocks: each round runs one process a side") }
        let capacity = ParallelProbe.capacity(threads: options.threads)
        let loadAverage = MachineState.loadAverageNow()
        let spanStart = MachineLoad.spanStart()
        var rounds: [String: [Round]] = [:]
        var failures: [String: String] = [:]
        var progress = Dictionary(descriptors.map { ($0.name, Progress.measuring) }, uniquingKeysWith: { x, _ in x })
        var confirmations: [String: (confirmed: Bool, note: String)] = [:]
        var generator = SplitMix64(seed: 0xAB_BA)
        var round = 0
        var stopReason = Self.allDecided
        var lastRound: (minutes: Double, benchmarks: Int)?
        while true {
            var pending = descriptors.filter { failures[$0.name] == nil && !(progress[$0.name].map { if case .decided = $0 { true } else { false } } ?? true) }
            if pending.isEmpty { break }
            if round >= options.maximumRounds {
                stopReason = "stopped at the limit of \(options.maximumRounds) rounds"
                break
            }
            // A benchmark's round takes about as long as in the last round; stop before a round
            // that would overrun.
            if let budget = options.budgetMinutes, let last = lastRound,
                minutes() + last.minutes * Double(pending.count) / Double(last.benchmarks) > budget
            {
                stopReason = "stopped by the budget of \(String(format: "%g", budget)) minutes after \(round) rounds"
                break
            }
            let roundStart = minutes()
            defer { lastRound = (minutes() - roundStart, pending.count) }
            pending.shuffle(using: &generator)
            let order = round % 2 == 0 ? [0, 1] : [1, 0]
            // The estimate: every further round as long as the last, up to the round limit or
            // the budget, whichever comes first.
            let estimate =
                lastRound.map { last -> String in
                    var left = last.minutes * Double(options.maximumRounds - round)
                    if let budget = options.budgetMinutes { left = min(left, budget - minutes()) }
                    return "; the last round took \(Int((last.minutes * 60).rounded())) s, so at most about \(Int(left.rounded(.up))) min more"
                } ?? ""
            options.progress?.note(
                "round \(round + 1) of at most \(options.maximumRounds): \(pending.count) benchmark\(pending.count == 1 ? "" : "s"), order \(order == [0, 1] ? "A B" : "B A")"
                    + estimate)
            for descriptor in pending where design == .blocks {
                switch Self.blockRound(descriptor, drivers, round: round) {
                case let .success(measured): rounds[descriptor.name, default: []].append(measured)
                case let .failure(error): failures[descriptor.name] = error.description
                }
            }
            for descriptor in pending where design == .processes {
                var measured = Round(samples: [[], []], loads: [nil, nil])
                for side in order {
                    switch drivers[side].timingProcess(descriptor.name) {
                    case let .success(report): (measured.samples[side], measured.loads[side]) = (report.samples ?? [], report.load)
                    case let .failure(failure): failures[descriptor.name] = "\(side == 0 ? "A" : "B"): \(failure.message)"
                    }
                }
                if failures[descriptor.name] == nil { rounds[descriptor.name, default: []].append(measured) }
            }
            round += 1
            guard round >= options.rounds else { continue }
            for descriptor in pending where failures[descriptor.name] == nil {
                // Values that differ decide the verdict ("faster but different"): the first
                // rounds give its ratio, more would not change it.
                if counting.contains(where: { $0[descriptor.name]?.valuesCheck?.agrees == false }) {
                    progress[descriptor.name] = .decided
                    continue
                }
                let measured = rounds[descriptor.name] ?? []
                let decision = decide(descriptor.name, measured)
                switch progress[descriptor.name]! {
                case .measuring:
                    guard let decision, decision.verdict != .inconclusive else { break }
                    if decision.verdict == .regressed && options.confirm {
                        progress[descriptor.name] = .confirming(
                            after: measured.count,
                            rounds: Self.confirmationRounds(
                                after: measured.count, design: design, logRatios: measured.compactMap(\.logRatio),
                                confidence: options.policy.confidence))
                    } else {
                        progress[descriptor.name] = .decided
                    }
                case let .confirming(after, further):
                    guard measured.count >= after + further else { break }
                    let outcome = confirmation(Array(measured[after...]), all: decision)
                    confirmations[descriptor.name] = outcome
                    // Evidence that falls short is not evidence against: while all the rounds
                    // still call it regressed, the confirmation goes on with as many rounds again;
                    // when they no longer decide, the benchmark is measured again, and a new
                    // regressed verdict needs a confirmation of its own. Only a confirmation, or
                    // all the rounds calling it unchanged or improved, or the budget, ends it.
                    switch (outcome.confirmed, decision?.verdict) {
                    case (true, _): progress[descriptor.name] = .decided
                    case (false, .regressed): progress[descriptor.name] = .confirming(after: after, rounds: 2 * further)
                    case (false, .inconclusive), (false, nil):
                        progress[descriptor.name] = .measuring
                        confirmations[descriptor.name] = nil
                    default: progress[descriptor.name] = .decided
                    }
                case .decided: break
                }
            }
        }
        for (name, state) in progress {
            guard case let .confirming(after, planned) = state else { continue }
            confirmations[name] = confirmationAtStop(
                name, rounds[name] ?? [], after: after, planned: planned, looked: confirmations[name] != nil, design: design,
                stopReason: stopReason)
        }
        let span = MachineLoad.spanLoad(since: spanStart)
        let loads = rounds.values.flatMap { $0.flatMap { $0.loads.compactMap { $0 } } }
        let machine = MachineState(
            capacity: capacity, threads: options.threads, loadAverage: loadAverage, loads: loads,
            remeasured: drivers.map(\.busyLog.remeasured).reduce(0, +), span: span)
        var report = compare(descriptors, rounds, counting, failures, builds, instructions: instructions, machine: machine)
        for index in report.comparisons.indices {
            let name = report.comparisons[index].name
            guard let (confirmed, note) = confirmations[name] else { continue }
            report.comparisons[index].message = [report.comparisons[index].message, note].compactMap { $0 }.joined(separator: "; ")
            guard report.comparisons[index].verdict == .regressed else { continue }
            // A confirmation is of a regression: beside a verdict the report did not keep (the
            // machine was busy, the false-discovery bound was not met) it says nothing.
            report.comparisons[index].confirmed = confirmed
            if !confirmed, report.comparisons[index].decidedBy == [.time] {
                report.comparisons[index].verdict = .inconclusive
            }
        }
        if options.attribute {
            attribute(&report, descriptors, drivers, elapsed: minutes)
        }
        // The reason the rounds stopped is the report's own, so that it never says every
        // benchmark decided beside one the report leaves undecided.
        let undecided = report.count(.inconclusive)
        if stopReason == Self.allDecided, undecided > 0 {
            stopReason = "the rounds decided every benchmark, but \(undecided) \(undecided == 1 ? "is" : "are") left inconclusive by the report (see each)"
        }
        report.rounds = RoundsSummary(design: design.rawValue, count: round, stopReason: stopReason)
        return Outcome(
            design: design, report: report, rounds: round, stopReason: stopReason, conformance: conformanceDelta(a, b),
            builds: builds, machine: machine)
    }

    static let allDecided = "every benchmark decided"

    /// Rounds that confirm a regression found after `after` rounds: as many again, and more when
    /// the slowdown those rounds measured, against their own scatter, needs more for the
    /// confirmation's test to pass with 80% probability — the smallest n with
    /// m̂·√n / sd ≥ t₁₋α,ₙ₋₁ + t₀.₈,ₙ₋₁ (m̂ the mean log-ratio, sd the rounds' standard deviation).
    /// With one fresh process a side, at least 8: each such round carries the whole difference
    /// between processes, and a one-sided test on 4 rounds (3 degrees of freedom, critical t
    /// 3.18 at 2.5%) leaves even a 1.7× regression unconfirmed about as often as not. Never fewer
    /// than the sign-flip test needs to reach its level at all (6 at 2.5%).
    /// Rounds at most when none are asked for: three times the larger of the first decision's
    /// rounds and the fewest the sign-flip test decides with at 2.5% (6), so that a regression
    /// decided there has room for its confirmation and one more try.
    public static func defaultMaximumRounds(after rounds: Int) -> Int {
        3 * max(rounds, SignFlip.minimumUnits(alpha: (1 - ComparisonPolicy().confidence) / 2))
    }

    static func confirmationRounds(after: Int, design: Design, logRatios: [Double] = [], confidence: Double = 0.95) -> Int {
        let signFlip = SignFlip.minimumUnits(alpha: (1 - confidence) / 2)
        var rounds = max(design == .processes ? max(after, 8) : after, signFlip)
        if logRatios.count >= 2 {
            let m = RatioEstimate.mean(logRatios), sd = RatioEstimate.variance(logRatios).squareRoot()
            if m > 0, sd > 0 {
                let alpha = (1 - confidence) / 2
                let needed = (2...Calibration.maximumRounds).first { n in
                    let nu = Double(n - 1)
                    return m * Double(n).squareRoot() / sd
                        >= StudentT.quantile(1 - alpha, degreesOfFreedom: nu) + StudentT.quantile(VerdictDecision.power, degreesOfFreedom: nu)
                }
                rounds = max(rounds, needed ?? Calibration.maximumRounds)
            }
        }
        return rounds
    }

    /// The time verdict over some rounds; nil with too few.
    func decide(_ name: String, _ measured: [Round]) -> VerdictDecision? {
        guard let estimate = RatioEstimate.pairedRounds(logRatios: measured.compactMap(\.logRatio)) else { return nil }
        return VerdictDecision(
            estimate, threshold: options.policy.threshold(for: name).value, confidence: options.policy.confidence, margin: options.policy.margin)
    }

    /// The confirmation's note: the further rounds alone must show the candidate slower (their
    /// one-sided t and sign-flip tests of ratio ≤ 1 both reject), and all rounds together must
    /// still call it regressed.
    func confirmation(_ further: [Round], all: VerdictDecision?) -> (confirmed: Bool, note: String) {
        guard let estimate = RatioEstimate.pairedRounds(logRatios: further.compactMap(\.logRatio)) else {
            return (false, "the confirmation rounds gave no ratio: not confirmed")
        }
        let alpha = (1 - options.policy.confidence) / 2
        let t =
            estimate.logStandardError > 0
            ? StudentT.upperTail(log(estimate.ratio) / estimate.logStandardError, degreesOfFreedom: estimate.degreesOfFreedom)
            : (estimate.ratio > 1 ? 0 : 1)
        let p = max(t, SignFlip.upperTail(estimate.logRatios ?? []))
        let figures = "\(further.count) further rounds gave \(String(format: "%.3f", estimate.ratio)) (p = \(String(format: "%.2g", p)) against ratio ≤ 1)"
        guard p < alpha else { return (false, figures + ": not confirmed") }
        guard all?.verdict == .regressed else { return (false, figures + ", but all rounds together no longer call it regressed: not confirmed") }
        return (true, "confirmed: " + figures)
    }

    /// A confirmation the round limit or the budget cut short. Not judged yet and with at least
    /// the fewest further rounds any confirmation takes (`confirmationRounds` of none: 6, or 8
    /// with one process a side), it is judged once on the rounds it has: they all came after the
    /// decision and this is their only look, so its level holds — fewer rounds than planned
    /// lower only its power. A confirmation already judged short once, or with fewer rounds,
    /// stays unconfirmed: one more look at its rounds would raise its false-positive rate.
    func confirmationAtStop(
        _ name: String, _ measured: [Round], after: Int, planned: Int, looked: Bool, design: Design, stopReason: String
    ) -> (confirmed: Bool, note: String) {
        let further = measured.count - after
        let cut = "regressed after \(after) rounds, but the confirmation was cut short (\(stopReason))"
        guard !looked, further >= Self.confirmationRounds(after: 0, design: design, confidence: options.policy.confidence) else {
            return (false, "\(cut) with \(max(further, 0)) of \(planned) further rounds: not confirmed")
        }
        let outcome = confirmation(Array(measured[after...]), all: decide(name, measured))
        return (outcome.confirmed, "\(cut) and judged on \(further) of \(planned) further rounds; " + outcome.note)
    }

    func compare(
        _ descriptors: [Benchmark.Descriptor], _ rounds: [String: [Round]], _ counting: [[String: WorkerReport]],
        _ failures: [String: String], _ builds: [WorkerBuild], instructions: [[String: InstructionSummary]] = [[:], [:]],
        machine: MachineState? = nil
    ) -> ComparisonReport {
        func result(_ side: Int) -> RunResult {
            let benchmarks = descriptors.map { d -> BenchmarkResult in
                var b = BenchmarkResult(
                    name: d.name, unit: d.unit, elements: d.elements, tags: d.tags, reference: d.reference,
                    oneThreadCounterpart: d.oneThreadCounterpart, status: .ok)
                if let failure = failures[d.name] {
                    b.status = .failed
                    b.message = failure
                    return b
                }
                let groups = (rounds[d.name] ?? []).map { $0.samples[side] }
                let loads = (rounds[d.name] ?? []).compactMap { $0.loads[side] }
                b.timing = TimingSummary(
                    samples: groups.flatMap { $0 }, iterationsPerSample: 1, elements: d.elements, unit: d.unit,
                    processSampleCounts: groups.map(\.count), processLoads: loads.count == groups.count ? loads : nil)
                let report = counting[side][d.name]
                b.allocations = AllocationSummary(
                    perIteration: report?.allocationsPerIteration, bytesPerIteration: report?.bytesPerIteration,
                    peakResidentBytes: report?.peakResidentBytes)
                b.digest = report?.digest
                b.instructions = instructions[side][d.name]
                // An engine's workload: its values checked against MotionCore's.
                if let check = report?.valuesCheck, !check.agrees {
                    (b.status, b.message, b.valuesCheck) = (.different, check.message, check)
                }
                return b
            }
            let environment = EnvironmentFingerprint.current(
                buildConfiguration: options.configuration,
                buildFlags: builds[side].flags(configuration: options.configuration))
            return RunResult(
                schemaVersion: RunResult.currentSchemaVersion, tool: "\(ToolName.current) compare-revisions", startedAt: "", finishedAt: "",
                profile: options.profile.name, threads: options.threads, filter: options.filter, environment: environment, benchmarks: benchmarks,
                machine: side == 1 ? machine : nil)
        }
        var report =
            (try? ComparisonReport.compare(
                baseline: result(0), candidate: result(1), baselineName: "A", candidateName: "B",
                policy: options.policy, estimator: Self.pairedEstimator))
            ?? ComparisonReport(baseline: "A", candidate: "B", comparisons: [], geometricMeanRatio: nil)
        // Why a benchmark has no counts, when it has none.
        for index in report.comparisons.indices {
            let name = report.comparisons[index].name
            report.comparisons[index].instructionsNote = [instructions[0][name], instructions[1][name]].compactMap { $0?.unavailable }.first
        }
        return report
    }

    /// The paired-rounds estimate: the i-th process of A with the i-th of B.
    static let pairedEstimator: ComparisonReport.Estimator = { a, b in
        guard let x = a.timing?.samplesByProcess, let y = b.timing?.samplesByProcess else { return nil }
        let logs = zip(x, y).compactMap { p, q -> Double? in
            guard !p.isEmpty, !q.isEmpty else { return nil }
            let u = Descriptive.trimmedMean(p), v = Descriptive.trimmedMean(q)
            return u > 0 && v > 0 ? log(v / u) : nil
        }
        return RatioEstimate.pairedRounds(logRatios: logs)
    }

    /// Runs each revision's own suites (the application's) and compares their verdicts.
    func conformanceDelta(_ a: Revision, _ b: Revision) -> ConformanceDelta? {
        // An engine in another process plays the application's suites; a package's own worker
        // has them only when its checkout is the application's.
        guard options.packagePath == nil, let suites = options.suites,
            options.engine != nil || suites.hasSuites(checkout: a.directory) || suites.hasSuites(checkout: b.directory)
        else { return nil }
        func verdicts(_ revision: Revision) -> [String: String]? {
            let engine = options.engine?.command(in: revision.directory)
            return suites.verdicts(
                checkout: revision.directory, binaries: engine == nil ? products(revision) : nil,
                engineCommand: engine, timeout: options.timeout)
        }
        let before = verdicts(a), after = verdicts(b)
        guard let before, let after else { return ConformanceDelta(failure: "the suites could not be run on \(before == nil ? a.name : b.name)") }
        return ConformanceDelta(before: before, after: after)
    }

    func git(_ arguments: [String]) -> String? {
        runCommand("git", ["-C", repository.path] + arguments)
    }

    /// `body` while holding an exclusive lock (`flock`) on a file in the repository's git folder,
    /// which every process making worktrees of it takes.
    func withWorktreeLock<T>(_ body: () throws -> T) throws -> T {
        guard let common = git(["rev-parse", "--git-common-dir"])?.trimmingCharacters(in: .whitespacesAndNewlines), !common.isEmpty else {
            return try body()
        }
        let folder = common.hasPrefix("/") ? URL(fileURLWithPath: common) : repository.appendingPathComponent(common)
        let descriptor = open(folder.appendingPathComponent("benchkit-worktrees.lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}

extension ProgressReporter {
    /// A line of progress that is not a benchmark count.
    public func note(_ line: String) {
        handle.write(Data(((isTerminal ? "\r\u{1B}[K" : "") + line + "\n").utf8))
    }
}

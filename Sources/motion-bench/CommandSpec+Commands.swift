import BenchKit
import ConformanceReports
import EngineConformance
import MotionBenchApp
import MotionConformance

/// Every command's declaration: what `COMMAND --help` prints and what its parser accepts.
extension CommandSpec {
    static let profiles = [
        flag("--quick", "the quick profile: one worker process a side, short"),
        flag("--standard", "the standard profile: three worker processes (the default)"),
        flag("--rigorous", "the rigorous profile: more processes and samples"),
    ]
    /// The engine options; `timeout` is how long the command awaits an answer unless told.
    static func engineOptions(timeout: Double) -> [Option] {
        [
            option("--engine", "CMD", "an engine in another process (docs/protocol.md); repeatable"),
            flag("--engine-shell", "run CMD through /bin/sh -c (words are split, not interpreted, without it)"),
            duration(
                "--engine-timeout", "S", "seconds to await each answer of the engine, the handshake's included", max: ExternalEngine.Options.maximumTimeout,
                default: timeout),
        ]
    }
    static let workloadEngineOptions = engineOptions(timeout: ExternalEngine.Options.workloadTimeout)
    static let threshold = option("--threshold", "F", "the smallest change that counts", .threshold, default: "\(Int(ComparisonPolicy().threshold * 100))%")

    /// What is built in each revision's checkout and measured: `compare-revisions` and `enqueue`.
    static let buildOptions = [
        option("--package-path", "DIR", "measure the package in DIR of each checkout (the checkout itself)"),
        option("--worker-product", "NAME", "the package's worker executable", default: RevisionComparison.Options().workerProduct),
        option(
            "--configuration", "release|debug", "the build configuration", .choice(["release", "debug"]), default: RevisionComparison.Options().configuration),
    ]

    static let storeOptions = [
        option("--database", "URL|FILE", "the store: an SQLite file or postgresql://… (MOTIONBENCH_DATABASE; reports/motionbench.sqlite)"),
        option("--machine", "NAME", "this machine's name in the store (MOTIONBENCH_MACHINE; the host name)"),
    ]

    static let run = CommandSpec(
        name: "run",
        summary: """
            Measure the benchmarks, each in worker processes of its own: a timing pass on the system allocator and a
            counting pass with jemalloc preloaded; the result goes to reports/runs/ and the format asked to stdout.
            Exit 0 when every benchmark completed (and every engine's values agreed).
            """,
        options: profiles + workloadEngineOptions + [
            pattern("--filter", "the benchmarks whose names match"),
            whole("--threads", "N", "threads for the engine's parallel benchmarks", to: Arguments.maximumThreads),
            format(of: RunResult.self),
            option("--save-baseline", "NAME|PATH.json", "also keep the result as a baseline"),
            reports,
            option("--worker", "PATH", "a BenchKit worker executable to measure instead of this package's"),
            duration("--timeout", "S", "seconds a worker may take per benchmark", default: BenchmarkDriver.Options.defaultTimeout),
            option("--output", "FILE", "write the formatted result to FILE"),
            whole("--busy-retries", "N", "re-measure a process that ran beside ≥ 0.5 CPU of other work N times", from: 0, default: 1),
            flag("--instructions", "count one-thread benchmarks' instructions under callgrind"),
        ])

    static let all: [CommandSpec] = [
        CommandSpec(
            name: "main",
            summary: "The main job on the bundled default suites (what `make run` runs): every fixture, the quick profile, reports/ and the site.",
            options: [
                fixtures, reports,
                pattern("--filter", "the benchmarks whose names match"),
            ] + storeOptions),
        run,
        CommandSpec(
            name: "list", summary: "List the benchmarks (of the engines, with --engine); a filter that matches none is an error (exit 1).",
            options: workloadEngineOptions + [
                pattern("--filter", "the benchmarks whose names match"), option("--worker", "PATH", "a BenchKit worker executable"),
            ]),
        CommandSpec(
            name: "compare", positional: "BASELINE [CANDIDATE]", maximumPositional: 2,
            summary: """
                Compare two results (names under reports/baselines/, .json paths, or stored runs: revision:PREFIX, date:PREFIX;
                the candidate defaults to the latest run) over their worker processes. Exit 0 pass, 1 tool error,
                2 regression, 3 inconclusive, 4 outputs differ.
                """,
            options: [
                threshold,
                option("--threshold-for", "REGEX=F", "another threshold for the benchmarks matching REGEX; repeatable"),
                option("--margin", "F", "the part of the threshold the 95% interval must clear for regressed or improved (1)"),
                flag("--threshold-from-history", "each benchmark's threshold from its own run-to-run noise in this machine's stored history"),
                whole("--window", "N", "the newest runs of the history that noise is measured over", default: 60),
                format(of: ComparisonReport.self), reports,
                option("--output", "FILE", "write the comparison to FILE"), option("--calibration", "FILE", "the calibration to apply"),
                flag("--force", "compare results of different machines or builds"), flag("--no-calibration", "apply no calibration"),
            ] + storeOptions),
        CommandSpec(
            name: "compare-revisions", positional: "A B", maximumPositional: 2,
            summary: """
                Build two git revisions (or checkout directories) in worktrees and measure them taking turns, blocks A B B A …;
                a paired test over rounds, more rounds for inconclusive benchmarks, regressions confirmed. Exit codes as
                compare; 1 also when a fixture present in both revisions changed its verdict.
                """,
            options: profiles + [
                pattern("--filter", "the benchmarks whose names match"),
                whole("--rounds", "K", "rounds before the first decision (quick 4, standard 6, rigorous 10)", from: 2),
                whole("--max-rounds", "M", "rounds at most"), duration("--budget-minutes", "T", "minutes at most, builds included"),
                threshold,
                whole("--threads", "N", "threads for parallel benchmarks", to: Arguments.maximumThreads),
                option("--margin", "F", "the part of the threshold the 95% interval must clear for regressed or improved (0.5)"),
                reports,
                option("--repository", "DIR", "the git repository of A and B (the current one)"),
                format(of: ComparisonReport.self), option("--calibration", "FILE", "the calibration to apply"),
                option("--design", "blocks|processes", "alternate blocks in one worker a side, or a fresh process a side", .choice(["blocks", "processes"])),
                option("--engine", "CMD", "measure an engine's workloads, built in each checkout"),
                option("--build", "CMD", "the command that builds each checkout (for --engine)"),
                flag("--no-confirm", "do not confirm a regression with more rounds"), flag("--no-calibration", "apply no calibration"),
                flag("--no-instructions", "leave out the instruction counts of one-thread benchmarks (callgrind, once a side)"),
                option("--instruction-threshold", "F", "the rise in instructions per iteration that is a regression (1%)", .threshold),
            ] + buildOptions),
        CommandSpec(
            name: "calibrate",
            summary: "A/A comparisons of this build on this machine: per benchmark the noise and the threshold that holds false positives down.",
            options: profiles + [
                pattern("--filter", "the benchmarks whose names match"),
                whole("--threads", "N", "threads for parallel benchmarks", to: Arguments.maximumThreads),
                reports, option("--worker", "PATH", "a BenchKit worker executable"),
                duration("--timeout", "S", "seconds a worker may take per benchmark", default: BenchmarkDriver.Options.defaultTimeout),
                whole("--pairs", "N", "A/A pairs"),
                whole("--rounds", "K", "rounds per pair"), option("--threshold", "F", "the threshold to test", .threshold),
                format(of: Calibration.self),
                option("--effect", "F", "the slowdown compare-revisions should find (1.5 × the threshold)"),
                duration("--budget-minutes", "T", "the compare-revisions budget the reach is stated for", default: Calibrator.defaultBudgetMinutes),
                duration("--overhead-minutes", "T", "minutes of that budget the builds and the counting pass take", default: Calibrator.defaultOverheadMinutes),
            ]),
        CommandSpec(
            name: "nightly",
            summary: """
                The standard profile with instruction counts and the conformance suites (of MotionCore, or of each --engine),
                appended to reports/history/ and the store; change points of the newest --window runs listed, NEW where
                tonight's run brought them. Exit 0 nothing new, 1 conformance failures, a store that cannot be written (the
                JSON is kept) or a tool error, 2 a new regression between revisions.
                """,
            options: profiles + workloadEngineOptions + [
                pattern("--filter", "the benchmarks whose names match"), reports,
                fixtures, whole("--threads", "N", "threads for parallel benchmarks", to: Arguments.maximumThreads),
                option("--worker", "PATH", "a BenchKit worker executable"), flag("--bisect", "narrow the worst new regression to a commit"),
                whole("--bisect-jobs", "K", "with --bisect: compare K midpoints at a time through the store's queue, for the fleet's collectors", to: 64),
                flag("--no-instructions", "leave out instruction counts"),
                whole("--window", "N", "the newest runs change points are looked for in", default: NightlyRequest.defaultWindow),
            ] + storeOptions),
        CommandSpec(
            name: "report",
            summary: """
                The static HTML site under reports/site/, from the store (which first stores history files it lacks), the
                latest run and the conformance reports; a history page per machine; exit 1 when there is nothing to report.
                """,
            options: [
                reports,
                whole("--window", "N", "the newest runs of each machine the history charts draw", default: ReportRequest.defaultWindow),
                flag("--from-files", "draw the history from the JSON files, decoding every one, not from the store"),
            ] + storeOptions),
        CommandSpec(
            name: "db", positional: "migrate|import [DIR]|status", maximumPositional: 2,
            summary: """
                The store: `migrate` brings its schema up to this tool's version; `import [DIR]` stores the history records
                and revision comparisons under DIR (reports) it lacks, idempotently; `status` prints its version, its tables'
                rows and its jobs.
                """,
            options: [reports] + storeOptions),
        CommandSpec(
            name: "enqueue", positional: "REVISION…", maximumPositional: 64,
            summary: """
                Add one job per revision to the store's queue, for the fleet's collectors (a shared PostgreSQL store): each
                names the package and worker to build in the revision's checkout, as compare-revisions does.
                """,
            options: [
                pattern("--filter", "the benchmarks each job measures (all)"),
                option("--profile", "P", "the profile", .choice(["quick", "standard", "rigorous"]), default: "standard"),
                option("--repository", "DIR", "the git repository the revisions are of", default: "."),
                reports,
            ] + buildOptions + storeOptions),
        CommandSpec(
            name: "collector",
            summary: """
                Claim jobs from the store's queue one at a time, measure each (with this build when the job is this
                checkout's commit and this build was made from it, else built in a worktree) and store its run under this
                machine and the revision its worker was built from, until no job is queued or running. A job whose collector
                stops sending heartbeats is handed to another; a store that goes away is waited for. Exit 1 when a job failed.
                """,
            options: [
                duration("--heartbeat", "S", "seconds between heartbeats", default: CollectorRequest().heartbeat),
                duration("--stale-after", "S", "seconds without a heartbeat before a job is handed on", default: CollectorRequest().staleAfter),
                duration("--poll", "S", "seconds between looks at the queue while others still run jobs", default: CollectorRequest().poll),
                whole("--jobs", "N", "stop after N jobs"),
                whole("--linger", "S", "seconds to keep looking for new jobs once the queue is empty", from: 0, default: Int(CollectorRequest().linger)),
                duration("--reconnect-for", "S", "seconds to wait for a store that went away before giving up", default: CollectorRequest().reconnectFor),
                option("--repository", "DIR", "the git repository of the revisions", default: "."),
                reports,
            ] + storeOptions),
        CommandSpec(
            name: "conform",
            summary: """
                Run the conformance fixtures through MotionCore (in a child process) or --engine CMD (several: side by side).
                Checks an engine did not declare are skipped; each section gets a score. Exit 0 all passed (or only expected
                failures, with --expectations), 1 failures or nothing ran, 2 errors or an engine that cannot start.
                """,
            options: engineOptions(timeout: ExternalEngine.Options.defaultTimeout) + [
                fixtures, option("--suite", "S", "one suite (a folder of fixtures)"),
                pattern("--filter", "the fixtures whose ids match"), option("--fixture", "ID", "one fixture"),
                format(of: ConformanceReport.self), option("--output", "FILE", "write the report to FILE"),
                duration(
                    "--fixture-timeout", "S", "seconds a fixture may take in process", max: IsolatedPlayer.Budget.maximumSeconds,
                    default: IsolatedPlayer.Budget().seconds),
                whole(
                    "--fixture-memory", "MIB", "memory a fixture may take in process", from: IsolatedPlayer.Budget.mebibytes.lowerBound,
                    to: IsolatedPlayer.Budget.mebibytes.upperBound, default: IsolatedPlayer.Budget().memoryBytes >> 20),
                option("--expectations", "FILE", "gate on results the file does not expect"),
                option("--update-expectations", "FILE", "write the expectation file from this run, keeping reasons"),
                whole("--explore", "N", "play N generated scenarios instead of the fixtures", to: 10_000_000),
                option("--seed", "S", "the explorer's seed", default: "1"),
                duration("--explore-seconds", "T", "stop exploring after T seconds", max: 86_400),
                option("--explore-output", "DIR", "where shrunk divergences go", default: "reports/explore"),
                option("--explore-kinds", "K,…", "the kinds of scenario, in turn (property,spring,curve,keyframes,phases,timeline)"),
                flag("--plot-all", "plot every fixture in HTML, not only failures"), flag("--transcript", "with --fixture: every request, answer and check"),
                flag("--legacy-engine", "play an engine without a handshake (scalar properties only)"),
            ]),
        CommandSpec(
            name: "fixtures regenerate", summary: "Recompute the reference-model and generated fixtures with the reference model.",
            options: [fixtures, flag("--check", "change nothing; exit 1 when a fixture would change")]),
        CommandSpec(
            name: "fixtures coverage", summary: "The coverage map: every rule of docs/semantics.md with its fixtures and regions, thin and missing ones named.",
            options: [fixtures]),
        CommandSpec(
            name: "fixtures generate", summary: "Generated scenarios that reach new regions, shrunk and written to Fixtures/generated/.",
            options: [
                fixtures, option("--seed", "S", "the explorer's seed", default: String(GenerateRequest().seed)),
                whole("--count", "N", "scenarios to generate", default: GenerateRequest().count),
                option("--engine", "CMD", "an engine the kept scenarios must tell apart; repeatable"),
                whole("--limit", "N", "fixtures to keep at most", default: GenerateRequest().limit),
                option("--kinds", "K,…", "the kinds of scenario, in turn (all)"),
            ]),
        CommandSpec(
            name: "fixtures fuzz", summary: "Damaged fixtures through conform in batches, each with real ones as controls.",
            options: [
                fixtures, whole("--count", "N", "damaged fixtures", to: 1_000_000, default: FuzzRequest().count),
                whole("--batch", "B", "fixtures per batch", to: 10_000, default: FuzzRequest().batch),
                whole("--seed", "S", "the seed", default: Int(FuzzRequest().seed)),
                whole("--controls", "C", "real fixtures per batch", to: 100, default: FuzzRequest().controls),
                duration("--fixture-timeout", "S", "seconds a batch's fixture may take", default: FuzzRequest().fixtureTimeout),
            ]),
        CommandSpec(
            name: "adapter", summary: "MotionCore behind the engine protocol on standard input and output (docs/protocol.md).",
            options: [
                option("--protocol", "V", "answer the handshake as protocol version V", .choice(["1", "2"])),
                flag("--legacy", "speak as engines did before the handshake"),
            ]),
        CommandSpec(
            name: "show", positional: "RESULT.json", maximumPositional: 1,
            summary:
                "A stored run, comparison, conformance result or history record in another format, measuring nothing; revision:PREFIX or date:PREFIX names a run in the store.",
            options: [
                option("--format", "F", "the format (per kind of result)"), option("--output", "FILE", "write it to FILE"),
                option("--reports", "DIR", "where results are kept, for revision: and date:", default: "reports"),
            ] + storeOptions),
        CommandSpec(name: "env", summary: "The environment fingerprint, the machine key and the clock.", options: []),
    ]

    static func named(_ name: String) -> CommandSpec {
        guard let spec = all.first(where: { $0.name == name }) else { preconditionFailure("no command spec named \(name)") }
        return spec
    }
}

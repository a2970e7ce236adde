import BenchKit
import EngineConformance
import Foundation
import MotionBenchApp
import MotionConformance

/// Dispatches `motion-bench COMMAND [OPTIONS]` to the command's implementation and maps failures to
/// the exit-code contract: 0 success, 1 tool error (including bad usage), other codes per command.
enum CommandLineTool {
    static let version = "0.1.0"

    static let usage = """
        usage: motion-bench COMMAND [OPTIONS] [--quiet]

        --quiet leaves out progress and status lines; thresholds (F) are written 5% or 0.05 alike.

        commands:
          main [--fixtures DIR]   the main job on the bundled default suites (what `make run` runs)
          run [--filter REGEX] [--quick|--standard|--rigorous] [--threads N (1–256)] [--format F]
              [--save-baseline NAME|PATH.json] [--reports DIR] [--output FILE] [--timeout S]
              [--instructions] [--busy-retries N] [--engine CMD … [--engine-shell] [--engine-timeout S]]
                                  run the benchmarks; F: text, markdown, json, junit, csv, github;
                                  --instructions counts one-thread benchmarks' instructions under callgrind;
                                  a process measured while other work used ≥ 0.5 CPU is re-measured N times (1);
                                  --engine (repeatable) measures the standard workloads of engines in other
                                  processes (docs/protocol.md §8), their values checked, side by side and
                                  beside the C kernels; S: seconds to await a workload's answer (240)
          list [--filter REGEX] [--engine CMD]
                                  list the benchmarks (of the engines, with --engine)
          compare BASELINE [CANDIDATE] [--threshold F] [--threshold-for REGEX=F] [--margin F] [--force]
              [--threshold-from-history [--window N]] [--format text|markdown|json] [--reports DIR]
              [--calibration FILE|--no-calibration]
                                  compare two results (names under reports/baselines/ or .json
                                  paths; the candidate defaults to the latest run) over their worker
                                  processes: runs of one process a side (--quick) are inconclusive. Exit codes:
                                  0 pass, 1 tool error, 2 regression, 3 inconclusive, 4 digest mismatch;
                                  --threshold-from-history: each benchmark's threshold is its own run-to-run
                                  noise in this machine's stored history
          conform [--fixtures DIR] [--suite S] [--filter F | --fixture ID [--transcript]]
              [--format text|json|junit|markdown|html] [--output FILE] [--plot-all]
              [--engine CMD … [--engine-shell] [--engine-timeout S] [--legacy-engine]]
              [--expectations FILE] [--update-expectations FILE] [--fixture-timeout S] [--fixture-memory MIB]
                                  run the conformance fixtures (exit 0 pass, 1 failures or nothing ran, 2 errors),
                                  with checks an engine did not declare skipped and a score per section;
                                  --expectations FILE gates on unexpected results only, --update-expectations
                                  FILE writes it from the run; several --engine: side by side;
                                  in a child process: a fixture that traps, or runs past S seconds (60) or MIB MiB
                                  (2048), is that fixture's error and the others still run;
                                  --engine validates another process through the engine protocol
                                  (docs/protocol.md); CMD is split into words, run through /bin/sh -c only
                                  with --engine-shell; each answer is awaited S seconds (default 5)
          fixtures regenerate [--fixtures DIR] [--check]
                                  recompute reference-model fixtures with the reference model
          fixtures fuzz [--fixtures DIR] [--count N] [--batch B] [--seed S] [--controls C] [--fixture-timeout S]
                                  N damaged fixtures (10000) made from the real ones through conform in batches of B
                                  (250), each with C real ones (6) as controls; exit 0 when nothing crashed or ran past
                                  its budget, every rejected fixture was named with file and place, every control passed
          adapter [--legacy] [--protocol V]
                                  the Swift engine adapter: MotionCore behind the engine protocol (docs/protocol.md);
                                  --legacy speaks it as engines did before the handshake
          compare-revisions A B [--quick|--standard|--rigorous] [--filter REGEX] [--rounds K] [--max-rounds M]
              [--budget-minutes T] [--no-confirm] [--no-instructions] [--instruction-threshold F] [--threshold F] [--margin F]
              [--configuration release|debug] [--reports DIR]
              [--calibration FILE|--no-calibration] [--design blocks|processes] [--package-path DIR --worker-product NAME]
                                  build two git revisions (or checkout directories) in worktrees; each round
                                  starts a worker of each for a benchmark and they take turns measuring short
                                  blocks A B B A … (blocks; processes: one fresh process a side); a paired test
                                  over rounds; regressed when the estimate is past the threshold and the
                                  interval past half of it (--margin 0.5); inconclusive benchmarks get more
                                  rounds (to M, or until T minutes from the start, builds included), a
                                  regression is confirmed by rounds of its own; exit codes as compare; reports fixtures whose conformance verdict changed;
                                  --package-path measures the package in DIR of each checkout, through its
                                  executable NAME (a BenchKit worker), e.g. Examples/swift-engine
          calibrate [--quick|--standard|--rigorous] [--filter REGEX] [--pairs N] [--rounds K] [--threshold F]
              [--effect F] [--budget-minutes T] [--overhead-minutes T] [--format text|json] [--reports DIR]
                                  A/A comparisons of this build on this machine: per benchmark the noise between
                                  processes and rounds, the false positives seen, the effect detectable at the
                                  threshold and the threshold floor, and the rounds a compare-revisions job
                                  needs to find a slowdown of F within T minutes; stored in
                                  reports/calibration/ and applied by compare and compare-revisions
          nightly [--standard|…] [--filter REGEX] [--bisect] [--no-instructions] [--worker PATH] [--engine CMD …]
                                  the standard profile (with instruction counts) and the conformance suites,
                                  appended to reports/history/<machine>/; lists change points in time and
                                  instructions, NEW where tonight's run brought them; --bisect narrows the
                                  worst new one; --engine: the engines' workloads, and the suites through each,
                                  each engine's report kept in reports/conformance/.
                                  Exit codes: 0 nothing new, 1 conformance failures or a tool error, 2 a new
                                  regression between revisions
          report [--reports DIR] [--window N] [--from-files]
                                  the static HTML site under reports/site/, from the store, the latest run and the
                                  conformance reports (never playing the fixtures again); a history page per machine;
                                  exit 1 when there is nothing to report
          db migrate | db import [DIR] | db status
                                  the store's schema brought up to date; history files and comparisons under DIR
                                  stored (idempotent); its version, rows and jobs
          enqueue REVISION… [--filter REGEX] [--profile P]
                                  one job per revision in the store's queue, for the fleet's collectors
          collector [--heartbeat S] [--stale-after S] [--jobs N]
                                  claim jobs one at a time, measure each and store its run under this machine
                                  (main, nightly, report, db, enqueue and collector take --database URL|FILE, else
                                  MOTIONBENCH_DATABASE, else reports/motionbench.sqlite, and --machine NAME)
          show RESULT.json [--format F] [--output FILE]
                                  a stored run, comparison or conformance result in any of its formats
                                  (run: text, markdown, json, junit, csv, github; comparison: text, markdown,
                                  json, junit; conformance: text, json, junit, markdown, html), measuring nothing
          env                     print the environment fingerprint
          version                 print the version
          help                    print this help
        """

    static let commands = [
        "main", "run", "list", "compare", "compare-revisions", "calibrate", "nightly", "report", "db", "enqueue", "collector", "conform",
        "fixtures", "adapter", "show", "env", "version", "help",
    ]

    static func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            // Nothing asked is not success: a script that lost its arguments must notice.
            writeToStandardError(usage + "\nmotion-bench: error: no command given\n")
            return 1
        }
        quiet = arguments.contains("--quiet")
        let options = Array(arguments.dropFirst()).filter { $0 != "--quiet" }
        if options.contains("--help") || options.contains("-h") {
            // The command's own options, from the declaration its parser uses.
            let name = command == "fixtures" && !(options.first?.hasPrefix("-") ?? true) ? "fixtures \(options[0])" : command
            if let spec = CommandSpec.all.first(where: { $0.name == name }) { print(spec.help) } else { print(usage) }
            return 0
        }
        do {
            switch command {
            case "main":
                return try MainJob(options: options).run()
            case "run":
                return try BenchCommands.run(options)
            case "list":
                return try BenchCommands.list(options)
            case "env":
                return try BenchCommands.env(options)
            case "compare":
                return try CompareCommand.run(options)
            case "conform":
                return try ConformCommand.run(options)
            case "compare-revisions":
                return try RevisionCommands.compareRevisions(options)
            case "nightly":
                return try RevisionCommands.nightly(options)
            case "calibrate":
                return try CalibrationCommand.run(options)
            case "report":
                return try ReportCommand.run(options)
            case "db":
                return try StoreCommands.db(options)
            case "enqueue":
                return try StoreCommands.enqueue(options)
            case "collector":
                return try StoreCommands.collector(options)
            case "fixtures":
                return try FixturesCommand.run(options)
            case "adapter":
                return try AdapterCommand.run(options)
            case "show":
                return try ShowCommand.run(options)
            case InternalCommand.workloadWorker.rawValue:
                return BenchCommands.workloadWorker(options)
            case InternalCommand.play.rawValue:
                try expectNoOptions(options, command: command)
                return IsolatedPlayer.serve(mirror: MotionEngineMirror.factory)
            case "version", "--version":
                try expectNoOptions(options, command: command)
                print("motion-bench \(version)")
                return 0
            case "help", "--help", "-h":
                print(usage)
                return 0
            default:
                let hint = likelyName(commands, for: command).map { "did you mean '\($0)'?" } ?? "the commands are \(commands.joined(separator: ", "))"
                throw UsageError("unknown command '\(command)'; \(hint)")
            }
        } catch let error as UsageError {
            let help = error.command.map { "motion-bench \($0) --help" } ?? "motion-bench help"
            writeToStandardError("motion-bench: error: \(error.message)\n(\(help) shows the usage)\n")
            return 1
        } catch let error as ToolError {
            writeToStandardError("motion-bench: error: \(error.description)\n")
            return 1
        } catch {
            writeToStandardError("motion-bench: error: \(Application.describe(error))\n")
            return 1
        }
    }

    static func expectNoOptions(_ options: [String], command: String) throws {
        if let first = options.first {
            throw UsageError("'\(command)' takes no options, got '\(first)'")
        }
    }
}

/// The application the commands run: this executable, its version, and status lines on standard
/// error unless `--quiet`.
var app: Application {
    Application(
        executable: Application.currentExecutable, version: CommandLineTool.version, quiet: quiet, log: { status($0 + "\n") },
        warn: { writeToStandardError($0 + "\n") })
}

/// This executable, to start again as a child.
var selfExecutable: String { Application.currentExecutable.path }

/// Whether `--quiet` was given: status lines (progress, "wrote …") are left out; results and
/// errors never are.
nonisolated(unsafe) var quiet = false

/// A status line on standard error, unless `--quiet`.
func status(_ line: String) {
    if !quiet { writeToStandardError(line) }
}

/// Writes a status or error line to standard error after whatever standard output still holds
/// (print buffers it when it is a pipe), so that when both go to one pipe a line such as the path
/// of the report just written follows the table printed before it rather than landing inside it.
func writeToStandardError(_ line: String) {
    fflush(nil)
    FileHandle.standardError.write(Data(line.utf8))
}

import BenchKit
import Foundation
import HarnessSupport
import MotionBenchApp

/// `motion-bench compare-revisions A B`: exit codes as `compare`.
struct CompareRevisionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "compare-revisions",
        summary: """
            Build two git revisions (or checkout directories) in worktrees and measure them taking turns, blocks A B B A …;
            a paired test over rounds, more rounds for inconclusive benchmarks, regressions confirmed. Exit codes as
            compare; 1 also when a fixture present in both revisions changed its verdict.
            """,
        exits: CompareCommand.comparisonExits.map {
            $0.code == 1 ? .init(1, "a failed benchmark, or a fixture present in both revisions changed its verdict") : $0
        })

    @Positionals("A B", maximum: 2) var revisions: [String]
    var profile = ProfileOptions()
    @Option("--filter", "REGEX", .pattern, help: "the benchmarks whose names match") var filter: String?
    @Option("--rounds", "K", .whole(2...Int.max), help: "rounds before the first decision (quick 4, standard 6, rigorous 10)") var rounds: Int?
    @Option("--max-rounds", "M", .whole(1...Int.max), help: "rounds at most") var maximumRounds: Int?
    @Option("--budget-minutes", "T", .duration(), help: "minutes at most, builds included") var budgetMinutes: Double?
    @Option("--threshold", "F", .threshold, default: ComparisonPolicy().threshold, help: "the smallest change that counts") var threshold: Double
    @Option("--threads", "N", .threads, help: "threads for parallel benchmarks") var threads: Int?
    @Option(
        "--margin", "F", .part("a part of the threshold"), help: "the part of the threshold the 95% interval must clear for regressed or improved (0.5)")
    var margin: Double?
    var reports = ReportsOption()
    @Option("--repository", "DIR", help: "the git repository of A and B (the current one)") var repository: String?
    @Option("--format", "F", .format(of: ComparisonReport.self), default: .text, help: "the output format") var format: OutputFormat
    var calibration = CalibrationOptions()
    @Option("--design", "blocks|processes", .cases, help: "alternate blocks in one worker a side, or a fresh process a side")
    var design: RevisionComparison.Design?
    @Option("--engine", "CMD", help: "measure an engine's workloads, built in each checkout") var engine: String?
    @Option("--build", "CMD", help: "the command that builds each checkout (for --engine)") var build: String?
    @Flag("--no-confirm", help: "do not confirm a regression with more rounds") var noConfirm: Bool
    @Flag("--no-instructions", help: "leave out the instruction counts of one-thread benchmarks (callgrind, once a side)") var noInstructions: Bool
    @Option("--instruction-threshold", "F", .threshold, help: "the rise in instructions per iteration that is a regression (1%)")
    var instructionThreshold: Double?
    var buildOptions = BuildOptions()

    func validate() throws(CommandLineError) {
        guard revisions.count == 2 else { throw CommandLineError(.missingArgument, "'compare-revisions' needs two revisions (or checkout directories): A B") }
        if options.maximumRounds < options.rounds {
            throw CommandLineError(
                .conflict, option: "--max-rounds", "--rounds needs at least 2 (a paired test needs two rounds) and --max-rounds at least --rounds")
        }
        if engine != nil, buildOptions.packagePath != nil {
            throw CommandLineError(.conflict, option: "--engine", "--engine and --package-path measure different things; give one")
        }
        if engine == nil, build != nil {
            throw CommandLineError(.conflict, option: "--build", "--build goes with --engine CMD (a Swift package is built with swift build)")
        }
    }

    var options: RevisionComparison.Options {
        var options = RevisionComparison.Options()
        options.suites = MotionBenchSuites(executable: app.executable)
        options.profile = profile.chosen ?? .quick
        options.filter = filter
        options.rounds = rounds ?? ["quick": 4, "standard": 6, "rigorous": 10][options.profile.name]!
        options.budgetMinutes = budgetMinutes
        // A budget in minutes is the limit when one is given; otherwise three times the first rounds.
        options.maximumRounds = maximumRounds ?? (budgetMinutes == nil ? options.rounds * 3 : 1000)
        (options.confirm, options.instructions) = (!noConfirm, !noInstructions)
        if quiet { options.progress = nil }
        if let design { options.design = design }
        options.policy.threshold = threshold
        if let instructionThreshold { options.policy.instructionThreshold = instructionThreshold }
        if let margin { options.policy.margin = margin }
        if let threads { options.threads = threads }
        (options.packagePath, options.workerProduct, options.configuration) = (buildOptions.packagePath, buildOptions.workerProduct, buildOptions.configuration)
        if let engine { options.engine = .init(command: engine, build: build) }
        return options
    }

    func run() throws -> Int32 {
        var request = CompareRevisionsRequest(a: revisions[0], b: revisions[1], options: options)
        request.calibration = calibration.choice
        request.repository = URL(fileURLWithPath: repository ?? FileManager.default.currentDirectoryPath)
        request.reports = reports.url
        let outcome = try app.compareRevisions(request)
        var text = try outcome.report.render(.text)
        if let warning = outcome.comparison.buildWarning { text = warning + "\n" + text }
        if let note = outcome.conformanceNote { text += "conformance: \(note)\n" }
        switch format {
        case .text: print(text, terminator: "")
        case .markdown: print(try String(contentsOf: outcome.markdown, encoding: .utf8), terminator: "")
        default: print(try outcome.report.render(format), terminator: "")
        }
        status("wrote \(outcome.json.deletingPathExtension().path).json and .md\n")
        return outcome.exitCode
    }
}

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
    @Option("--filter", "REGEX", .pattern, fills: RequestError.Field.filter, help: "the benchmarks whose names match") var filter: String?
    @Option(
        "--rounds", "K", .whole(2...Int.max),
        fills: RequestError.Field.rounds,
        help: "rounds before the first decision (\(MeasurementProfile.all.map { "\($0.name) \($0.pairedRounds)" }.joined(separator: ", ")))") var rounds: Int?
    @Option("--max-rounds", "M", .whole(1...Int.max), fills: RequestError.Field.maximumRounds, help: "rounds at most") var maximumRounds: Int?
    @Option("--budget-minutes", "T", .duration(), fills: RequestError.Field.budgetMinutes, help: "minutes at most, builds included") var budgetMinutes: Double?
    @Option("--threshold", "F", .threshold, default: VerdictRule.defaultThreshold, help: "the smallest change that counts") var threshold: Double
    @Option("--threads", "N", .threads, help: "threads for parallel benchmarks") var threads: Int?
    @Option(
        "--margin", "F", .part("a part of the threshold"), help: "the part of the threshold the 95% interval must clear for regressed or improved (0.5)")
    var margin: Double?
    var reports = ReportsOption()
    @Option("--repository", "DIR", fills: RequestError.Field.repository, help: "the git repository of A and B (the current one)") var repository: String?
    @Option("--format", "F", .format(of: ComparisonReport.self), default: .text, help: "the output format") var format: OutputFormat
    var calibration = CalibrationOptions()
    @Option("--design", "blocks|processes", .cases, help: "alternate blocks in one worker a side, or a fresh process a side")
    var design: RevisionComparison.Design?
    @Option("--engine", "CMD", fills: RequestError.Field.engine, help: "measure an engine's workloads, built in each checkout") var engine: String?
    @Option("--build", "CMD", help: "the command that builds each checkout (for --engine)") var build: String?
    @Flag("--no-confirm", help: "do not confirm a regression with more rounds") var noConfirm: Bool
    @Flag("--no-instructions", help: "leave out the instruction counts of one-thread benchmarks (callgrind, once a side)") var noInstructions: Bool
    @Flag("--no-attribution", help: "leave out where each regression came from (callgrind, both revisions, per regression)")
    var noAttribution: Bool
    @Option("--instruction-threshold", "F", .threshold, help: "the rise in instructions per iteration that is a regression (1%)")
    var instructionThreshold: Double?
    var buildOptions = BuildOptions()

    func validate() throws(CommandLineError) {
        guard revisions.count == 2 else { throw CommandLineError(.missingArgument, "'compare-revisions' needs two revisions (or checkout directories): A B") }
        if engine == nil, build != nil {
            throw CommandLineError.needs($build, $engine, because: "a Swift package is built with swift build")
        }
    }

    var request: CompareRevisionsRequest {
        var request = CompareRevisionsRequest(a: revisions[0], b: revisions[1])
        (request.calibration, request.reports) = (calibration.choice, reports.url)
        if let repository { request.repository = URL(fileURLWithPath: repository) }
        if let chosen = profile.chosen { request.profile = chosen }
        (request.filter, request.threads) = (filter, threads)
        (request.rounds, request.maximumRounds, request.budgetMinutes) = (rounds, maximumRounds, budgetMinutes)
        (request.confirm, request.instructions, request.design, request.progress) = (!noConfirm, !noInstructions, design, !quiet)
        request.attribute = !noAttribution
        (request.rule.threshold, request.rule.margin, request.rule.instructionThreshold) = (threshold, margin, instructionThreshold)
        request.measured = buildOptions.measured
        request.engine = engine.map { .init(command: $0, build: build) }
        return request
    }

    func run() throws -> Int32 {
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

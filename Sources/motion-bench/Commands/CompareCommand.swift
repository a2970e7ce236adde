import BenchKit
import Foundation
import HarnessSupport
import MotionBenchApp

/// `motion-bench compare BASELINE [CANDIDATE]`.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "compare",
        summary: """
            Compare two results (names under reports/baselines/, .json paths, or stored runs: revision:PREFIX, date:PREFIX;
            the candidate defaults to the latest run) over their worker processes. Exit 0 pass, 1 tool error,
            2 regression, 3 inconclusive, 4 outputs differ.
            """,
        exits: comparisonExits)

    static let comparisonExits: [CommandConfiguration.Exit] = [
        .init(0, "pass (improvements never fail)"), .init(1, "a failed benchmark, or nothing compared"), .init(2, "a regression"),
        .init(3, "inconclusive"), .init(4, "outputs differ"),
    ]

    @Positionals("BASELINE [CANDIDATE]", maximum: 2) var results: [String]
    @Option("--threshold", "F", .threshold, default: VerdictRule.defaultThreshold, help: "the smallest change that counts") var threshold: Double
    @Option(repeating: "--threshold-for", "REGEX=F", .thresholdFor, help: "another threshold for the benchmarks matching REGEX; repeatable")
    var thresholdsFor: [(pattern: String, threshold: Double)]
    @Option("--margin", "F", .part("a part of the threshold"), help: "the part of the threshold the 95% interval must clear for regressed or improved (1)")
    var margin: Double?
    @Flag("--threshold-from-history", help: "each benchmark's threshold from its own run-to-run noise in this machine's stored history")
    var thresholdFromHistory: Bool
    @Option(
        "--window", "N", .whole(1...Int.max), default: 60, fills: RequestError.Field.historyWindow,
        help: "the newest runs of the history that noise is measured over") var window: Int
    @Option("--format", "F", .format(of: ComparisonReport.self), default: .text, help: "the output format") var format: OutputFormat
    var reports = ReportsOption()
    @Option("--output", "FILE", remedies: [.writableFolder], help: "write the comparison to FILE") var output: String?
    var calibration = CalibrationOptions()
    @Flag("--force", help: "compare results of different machines or builds") var force: Bool
    @Flag(
        "--no-confirm",
        help: "decide from the two runs alone, without measuring both builds again (paired rounds, or further runs) where the runs leave a verdict open")
    var noConfirm: Bool
    @Option(
        "--worker", "PATH", fills: RequestError.Field.worker,
        help: "the candidate's build, measured again where the runs leave a verdict open; default: this package's")
    var worker: String?
    @Option(
        "--max-rounds", "M", .whole(1...Int.max), fills: RequestError.Field.maximumRounds,
        help: "paired rounds at most, confirmation included, where the runs leave a verdict open (3 × the larger of the profile's first rounds and 6)")
    var maximumRounds: Int?
    @Option("--baseline-worker", "PATH", help: "the baseline's build, measured again where the runs leave a verdict open; default: this package's")
    var baselineWorker: String?
    var store = StoreOptions()

    func validate() throws(CommandLineError) {
        if results.isEmpty {
            throw CommandLineError(
                .missingArgument,
                "'compare' needs a baseline: a name under reports/baselines/, a path ending in .json, or a stored run (revision:PREFIX, date:PREFIX)")
        }
    }

    func run() throws -> Int32 {
        var request = CompareRequest(baseline: results[0], candidate: results.count > 1 ? results[1] : nil)
        (request.reports, request.store) = (reports.url, store.choice)
        (request.rule.threshold, request.rule.margin, request.rule.thresholdOverrides) = (threshold, margin, thresholdsFor)
        if thresholdFromHistory { request.historyWindow = window }
        (request.calibration, request.force, request.confirm, request.maximumRounds) = (calibration.choice, force, !noConfirm, maximumRounds)
        request.worker = worker.map { URL(fileURLWithPath: $0) }
        request.baselineWorker = baselineWorker.map { URL(fileURLWithPath: $0) }
        let report = try app.compare(request)
        let rendered = try report.render(format)
        if let output {
            try AtomicFile.write(rendered, to: URL(fileURLWithPath: output))
        } else {
            print(rendered, terminator: "")
        }
        return report.exitCode
    }
}

extension ValueKind where Value == (pattern: String, threshold: Double) {
    /// `REGEX=F`: a pattern and its threshold.
    static var thresholdFor: ValueKind<(pattern: String, threshold: Double)> {
        let describe: @Sendable ((pattern: String, threshold: Double)) -> String = { "\($0.pattern)=\($0.threshold)" }
        return ValueKind(help: nil, describe: describe) { text, option throws(CommandLineError) in
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw CommandLineError(.invalidValue, option: option, "\(option) needs REGEX=THRESHOLD (10% or 0.1), got '\(text)'") }
            return (try ValueKind<String>.pattern.value(of: parts[0], for: option), try ValueKind<Double>.threshold(parts[1], for: "\(option) \(parts[0])"))
        }
    }
}

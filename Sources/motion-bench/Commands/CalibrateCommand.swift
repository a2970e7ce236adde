import BenchKit
import Foundation
import HarnessSupport
import MotionBenchApp

/// `motion-bench calibrate`: A/A comparisons of this build on this machine, stored under
/// reports/calibration/ and used by `compare` and `compare-revisions`.
struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "calibrate",
        summary: "A/A comparisons of this build on this machine: per benchmark the noise and the threshold that holds false positives down.",
        exits: [.init(0, "the calibration is written"), .init(1, "it could not be measured")], remedies: [.calibrateHere])

    var profile = ProfileOptions()
    @Option("--filter", "REGEX", .pattern, fills: RequestError.Field.filter, help: "the benchmarks whose names match") var filter: String?
    @Option("--threads", "N", .threads, help: "threads for parallel benchmarks") var threads: Int?
    var reports = ReportsOption()
    @Option("--worker", "PATH", fills: RequestError.Field.worker, help: "a BenchKit worker executable") var worker: String?
    @Option("--timeout", "S", .duration(), default: BenchmarkDriver.Options.defaultTimeout, help: "seconds a worker may take per benchmark")
    var timeout: Double
    @Option("--pairs", "N", .whole(1...Int.max), fills: RequestError.Field.pairs, help: "A/A pairs") var pairs: Int?
    @Option("--rounds", "K", .whole(1...Int.max), fills: RequestError.Field.rounds, help: "rounds per pair") var rounds: Int?
    @Option("--threshold", "F", .threshold, help: "the threshold to test") var threshold: Double?
    @Option("--format", "F", .format(of: Calibration.self), default: .text, help: "the output format") var format: OutputFormat
    @Option("--effect", "F", .threshold, fills: RequestError.Field.effect, help: "the slowdown compare-revisions should find (1.5 × the threshold)") var effect:
        Double?
    @Option(
        "--budget-minutes", "T", .duration(), default: Calibrator.defaultBudgetMinutes, fills: RequestError.Field.budgetMinutes,
        help: "the compare-revisions budget the reach is stated for")
    var budgetMinutes: Double
    @Option(
        "--overhead-minutes", "T", .duration(), default: Calibrator.defaultOverheadMinutes, help: "minutes of that budget the builds and the counting pass take"
    )
    var overheadMinutes: Double

    func run() throws -> Int32 {
        var selection = BenchmarkSelection(profile: profile.profile, filter: filter, threads: threads, worker: worker)
        selection.timeout = timeout
        var request = CalibrateRequest(selection: selection, reports: reports.url)
        (request.pairs, request.rounds, request.threshold, request.effect) = (pairs, rounds, threshold, effect)
        (request.budgetMinutes, request.overheadMinutes) = (budgetMinutes, overheadMinutes)
        let (calibration, file) = try app.calibrate(request)
        let rendered = try calibration.render(format)
        print(rendered, terminator: rendered.hasSuffix("\n") ? "" : "\n")
        status("wrote \(file.path)\n")
        return 0
    }
}

import BenchKit
import Foundation
import MotionBenchApp

/// `motion-bench compare BASELINE [CANDIDATE]`.
enum CompareCommand {
    static func run(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("compare"))
        guard let baselineName = arguments.positional.first else {
            throw UsageError(
                "'compare' needs a baseline: a name under reports/baselines/, a path ending in .json, or a stored run (revision:PREFIX, date:PREFIX)")
        }
        var request = CompareRequest(baseline: baselineName, candidate: arguments.positional.count > 1 ? arguments.positional[1] : nil)
        request.reports = URL(fileURLWithPath: arguments.string("--reports"))
        request.store = StoreChoice(arguments)
        if let threshold = try arguments.threshold("--threshold") { request.policy.threshold = threshold }
        if let margin = try arguments.margin() { request.policy.margin = margin }
        for entry in arguments.all("--threshold-for") {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw UsageError("--threshold-for needs REGEX=THRESHOLD (10% or 0.1), got '\(entry)'") }
            try Arguments.check(pattern: parts[0], for: "--threshold-for")
            request.policy.thresholdOverrides.append((parts[0], try Arguments.threshold(parts[1], for: "--threshold-for \(parts[0])")))
        }
        if arguments.has("--threshold-from-history") { request.historyWindow = try arguments.int("--window") }
        request.calibration = CalibrationCommand.choice(arguments)
        request.force = arguments.has("--force")
        let format = try arguments.format(for: ComparisonReport.self)
        let report = try app.compare(request)
        let rendered = try report.render(format)
        if let output = arguments.value("--output") {
            try AtomicFile.write(rendered, to: URL(fileURLWithPath: output))
        } else {
            print(rendered, terminator: "")
        }
        return report.exitCode
    }
}

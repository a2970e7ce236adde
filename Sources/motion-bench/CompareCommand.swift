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
        let store = ResultStore(root: URL(fileURLWithPath: arguments.value("--reports") ?? "reports"))
        // A stored run (revision:…, date:…) is its JSON file, found through the store.
        func file(_ reference: String) throws -> URL {
            try app.storedRunFile(reference, store: StoreChoice(arguments), reports: store.root) ?? store.resolve(reference)
        }
        let candidateURL = arguments.positional.count > 1 ? try file(arguments.positional[1]) : store.latest
        var policy = ComparisonPolicy()
        if let threshold = try arguments.threshold("--threshold") { policy.threshold = threshold }
        if let margin = try arguments.margin() { policy.margin = margin }
        for entry in arguments.all("--threshold-for") {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw UsageError("--threshold-for needs REGEX=THRESHOLD (10% or 0.1), got '\(entry)'") }
            try Arguments.check(pattern: parts[0], for: "--threshold-for")
            policy.thresholdOverrides.append((parts[0], try Arguments.threshold(parts[1], for: "--threshold-for \(parts[0])")))
        }
        let format = try ComparisonFormat.parse(arguments.value("--format") ?? "text")
        let baseline: RunResult, candidate: RunResult
        baseline = try app.loadRun(try file(baselineName), role: "baseline")
        candidate = try app.loadRun(candidateURL, role: "candidate")
        if arguments.has("--threshold-from-history") {
            let window = try arguments.int("--window") ?? 60
            guard window >= HistoryNoise.minimumPairs + 1 else {
                throw UsageError("--window needs at least \(HistoryNoise.minimumPairs + 1) runs: the noise is measured over consecutive pairs")
            }
            policy.historyThresholds = try app.historyThresholds(
                seriesKey: candidate.environment.seriesKey, store: StoreChoice(arguments), reports: store.root, window: window)
        }
        try CalibrationCommand.apply(
            arguments, reports: store.root, profile: candidate.profile, seriesKey: candidate.environment.seriesKey,
            design: .compare, to: &policy)
        let report: ComparisonReport
        do {
            report = try ComparisonReport.compare(
                baseline: baseline, candidate: candidate, baselineName: baselineName,
                candidateName: arguments.positional.count > 1 ? arguments.positional[1] : "latest",
                policy: policy, force: arguments.has("--force"))
        } catch let error as ResultFileError {
            throw ToolError(error.description)
        }
        let rendered = try format.render(report)
        if let output = arguments.value("--output") {
            try AtomicFile.write(rendered, to: URL(fileURLWithPath: output))
        } else {
            print(rendered, terminator: "")
        }
        return report.exitCode
    }
}

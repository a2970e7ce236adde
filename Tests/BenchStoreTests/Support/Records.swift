import Foundation

@testable import BenchKit
@testable import BenchStore

/// Runs made for the store tests: samples whose statistics are known in closed form.
enum Records {
    static let environment = EnvironmentFingerprint(
        cpuModel: "Test CPU", logicalCores: 2, kernel: "6.1", operatingSystem: "Debian 12",
        swiftVersion: "6.3.1", buildConfiguration: "release", buildFlags: "-c release")

    /// The samples 1…100 scaled by `scale`: symmetric, so every trimmed mean is their mean, 50.5·scale.
    static func samples(_ scale: Double) -> [Double] { (1...100).map { Double($0) * scale } }

    /// A nightly record of `names`, each timed as `samples(scale)`, with a conformance summary.
    static func record(
        _ names: [String], scale: Double = 1, date: String = "2026-11-01T02:00:00Z", revision: String = "0123456789abcdef0123456789abcdef01234567",
        engine: String? = nil, fixture: String = "curve.linear"
    ) -> HistoryRecord {
        var environment = environment
        environment.gitRevision = revision
        // One summary for all: its bootstrap interval is the costly part.
        let timing = TimingSummary(samples: samples(scale), iterationsPerSample: 1, elements: 1, unit: .operation)
        let benchmarks = names.map { name -> BenchmarkResult in
            var b = BenchmarkResult(name: name, unit: .operation, elements: 1, tags: [], status: .ok)
            b.timing = timing
            b.instructions = InstructionSummary(perIteration: 1000, iterations: 10)
            return b
        }
        let run = RunResult(
            schemaVersion: 1, tool: "t", startedAt: date, finishedAt: date, profile: "standard", threads: 2, filter: nil,
            environment: environment, benchmarks: benchmarks)
        var summary = JSONConformanceSummary(passed: 1, failed: 1, errors: 0, verdicts: [fixture: "pass", "\(fixture)-2": "fail"])
        summary.engine = engine
        return HistoryRecord(run: run, conformance: summary)
    }

    /// A date `day` days after 2026-01-01, as runs write it.
    static func date(_ day: Int) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: Date(timeIntervalSince1970: 1_767_225_600 + Double(day) * 86_400))
    }
}

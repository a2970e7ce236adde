import Foundation
import TestSupport
import Testing

@testable import BenchKit
@testable import BenchStore

/// `compare --threshold-from-history` through the real tool on a real SQLite store.
@Suite("Thresholds from the stored history")
struct HistoryThresholdTests {
    func timing(_ scale: Double) -> TimingSummary {
        TimingSummary(samples: Records.samples(scale), iterationsPerSample: 1, elements: 1, unit: .operation)
    }

    /// A run of `quiet` and `loud` at `level`, five processes a side, each process's level off
    /// by −0.2…+0.2% (in `order`), its 20 samples by ±0.1%.
    func run(level: Double, order: [Int]) -> RunResult {
        var samples: [Double] = []
        for p in order {
            let processLevel: Double = level * (1 + 0.001 * Double(p - 2))
            for k in 0..<20 { samples.append(processLevel * (1 + 0.0001 * Double(k - 10))) }
        }
        let benchmarks = ["quiet", "loud"].map { name -> BenchmarkResult in
            var b = BenchmarkResult(name: name, unit: .operation, elements: 1, tags: [], status: .ok)
            b.timing = TimingSummary(
                samples: samples, iterationsPerSample: 1, elements: 1, unit: .operation, processSampleCounts: Array(repeating: 20, count: 5))
            return b
        }
        return RunResult(
            schemaVersion: RunResult.currentSchemaVersion, tool: "t", startedAt: Records.date(40), finishedAt: Records.date(40),
            profile: "standard", threads: 2, filter: nil, environment: Records.environment, benchmarks: benchmarks)
    }

    @Test("each benchmark's threshold is its own run-to-run noise: 3% slower is regressed where nights move 0.5%, not where they move 5%")
    func thresholdsFromHistory() throws {
        // Twelve nights of machine "noisy": quiet alternates between 1 and 1.005, loud between 1
        // and 1.05, so every change is ln 1.005 or ln 1.05 and each fence is that change.
        let source = TemporaryFolder.make("motion-bench-store")
        let history = HistoryStore(root: source.appendingPathComponent("history"))
        for night in 0..<12 {
            var record = Records.record(["quiet", "loud"], date: Records.date(night))
            record.run.benchmarks[0].timing = timing(night % 2 == 1 ? 1.005 : 1)
            record.run.benchmarks[1].timing = timing(night % 2 == 1 ? 1.05 : 1)
            try history.append(record.run, conformance: record.conformance, machine: "noisy")
        }
        let reports = TemporaryFolder.make("motion-bench-store")
        let imported = try Tool.run(["db", "import", source.path, "--reports", reports.path])
        #expect(imported.status == 0, "\(imported.output)")
        let baseline = reports.appendingPathComponent("baseline.json"), candidate = reports.appendingPathComponent("candidate.json")
        try ResultFiles.encoder.encode(run(level: 1000, order: [0, 1, 2, 3, 4])).write(to: baseline)
        try ResultFiles.encoder.encode(run(level: 1030, order: [4, 2, 0, 3, 1])).write(to: candidate)

        let compared = try Tool.run([
            "compare", baseline.path, candidate.path, "--threshold-from-history", "--machine", "noisy", "--reports", reports.path,
            "--format", "json", "--no-calibration",
        ])
        let report = try JSONDecoder().decode(ComparisonReport.self, from: Data(compared.stdout.utf8))
        let byName = Dictionary(uniqueKeysWithValues: report.comparisons.map { ($0.name, $0) })
        let quiet = try #require(byName["quiet"]), loud = try #require(byName["loud"])
        #expect(abs(quiet.threshold - 0.005) < 1e-9 && abs(loud.threshold - 0.05) < 1e-9)
        // Regressed where nights move 0.5%: t = (ln 1.03 − ln 1.005)/s = 3.3 with s = 1.4826·ln 1.005, the
        // history's spread between runs, p ≈ 0.004 on 10 degrees of freedom. Where nights move 5%,
        // the spread 1.4826·ln 1.05 = 7.2% is the standard error: 3% can be shown neither past
        // nor within 5% (TOST t = (ln 1.05 − ln 1.03)/0.072 = 0.27).
        #expect(quiet.verdict == .regressed && loud.verdict == .inconclusive)
        #expect(quiet.spreadNote != nil && loud.spreadNote != nil, "both standard errors are the history's spread between runs")
        #expect(quiet.thresholdNote != nil && loud.thresholdNote != nil, "each verdict says where its threshold came from")
        #expect(compared.status == report.exitCode && report.exitCode == 2)
        #expect(quiet.withheld == nil && quiet.confirmed == nil, "no further run can be made of these files: the history's spread lets it stand, unconfirmed")

        // Without the flag, both have the global threshold; a machine with no history is refused.
        let plain = try Tool.run([
            "compare", baseline.path, candidate.path, "--threshold", "5%", "--reports", reports.path, "--format", "json", "--no-calibration",
        ])
        let plainReport = try JSONDecoder().decode(ComparisonReport.self, from: Data(plain.stdout.utf8))
        #expect(plainReport.comparisons.allSatisfy { $0.threshold == 0.05 && $0.verdict == .unchanged })
        let stranger = try Tool.run([
            "compare", baseline.path, candidate.path, "--threshold-from-history", "--machine", "stranger", "--reports", reports.path, "--no-calibration",
        ])
        #expect(stranger.status == 1 && stranger.stdout.isEmpty, "refused, nothing compared: \(stranger.output)")
    }
}

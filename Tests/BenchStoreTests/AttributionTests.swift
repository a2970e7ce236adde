import Foundation
import TestSupport
import Testing

@testable import BenchKit

/// Regressions attributed to functions, end to end on revisions of the engine double in
/// `TinyPackage`: one that does three times the work in `damp` and reads the gather's table with
/// another stride (the same instructions, more memory traffic), and one that changes nothing but
/// a comment. `explain` attributes without timing (the suite runs beside the others);
/// `compare-revisions` attributes the regressions it confirms with the same `Attributor`
/// (RevisionComparisonTests, which times).
@Suite("regressions attributed to functions", .serialized)
struct AttributionTests {
    /// Revisions: 0 the baseline; 1 `damp` three times the work and a gather stride of 4099; 2 a
    /// comment.
    static let package = Result { () throws -> TinyPackage in
        var tiny = try TinyPackage(revisions: 1)
        try tiny.commit("damp passes five times; the gather strides 4099 elements", elements: 1000, dampPasses: 5, stride: 4099)
        try tiny.commit("a comment, nothing else", elements: 1000)
        return tiny
    }
    static let reports = TemporaryFolder.make("motion-bench-store")

    func explain(_ a: Int, _ b: Int) throws -> (ExplainReport, Tool.Run) {
        let tiny = try Self.package.get()
        let run = try Tool.run(
            [
                "explain", tiny.revisions[a], tiny.revisions[b], "--configuration", "debug", "--worker-product", TinyPackage.worker, "--filter", "^kernel\\.",
                "--repository", tiny.folder.path, "--reports", Self.reports.path, "--format", "json",
            ])
        let report = try #require(try? JSONDecoder().decode(ExplainReport.self, from: Data(run.stdout.utf8)), "exit \(run.status): \(run.stderr.suffix(2000))")
        return (report, run)
    }

    /// The listed functions' changes and the rest add up to the total's change.
    func expectBalanced(_ attribution: InstructionAttribution, sourceLocation: SourceLocation = #_sourceLocation) {
        let listed = attribution.functions.map(\.selfChange).reduce(0, +)
        #expect(abs(listed + attribution.elsewhere - attribution.change) <= 1e-6 * max(abs(attribution.change), 1), sourceLocation: sourceLocation)
    }

    @Test(
        "a revision that slows one function: that function first, with at least 80% of the change, placed in its source; the same instructions with more memory traffic: no function, the cache misses instead"
    )
    func slowedFunction() throws {
        let (report, run) = try explain(0, 1)
        #expect(run.status == 0 && report.exitCode == run.status, "\(run.stderr.suffix(1500))")
        let springs = try #require(report.benchmarks.first { $0.name == TinyPackage.springsBenchmark }?.attribution, "\(report.benchmarks)")
        expectBalanced(springs)
        let top = try #require(springs.functions.first)
        #expect(top.name.hasPrefix("damp("), "\(springs.functions.map(\.name))")
        #expect(top.selfChange >= 0.8 * springs.change, "damp holds \(top.selfChange) of \(springs.change)")
        // damp's loops: one pass of 256 reads and one of 256 updates before, five passes after.
        #expect(top.candidateSelf > 2.5 * top.baselineSelf, "\(top)")
        #expect(top.file.map { $0.hasSuffix("main.swift") } == true && (top.line ?? 0) > 0, "\(top)")
        #expect(!springs.fromOneThread)
        // On every thread: attributed from a one-thread run of the same workload, and says so.
        let all = try #require(report.benchmarks.first { $0.name == TinyPackage.springsBenchmark + ".all" }?.attribution)
        expectBalanced(all)
        #expect(all.fromOneThread && all.functions.first?.name.hasPrefix("damp(") == true && all.explained >= 0.8, "\(all.functions)")

        // The gather: the same instructions and more memory traffic. No function list; the
        // simulated cache misses that rose instead.
        let gather = try #require(report.benchmarks.first { $0.name == TinyPackage.gatherBenchmark }?.attribution)
        #expect(gather.instructionsUnchanged && gather.functions.isEmpty, "\(gather)")
        let misses = try #require(gather.cache?.first { $0.event == "D1mr" }, "\(gather.cache ?? [])")
        // 65,536 reads a frame: one line in eight missed in order, nearly every one 32 KiB apart.
        #expect(misses.candidate > 4 * misses.baseline && misses.candidate > 30_000, "\(misses)")
    }

    @Test("a revision that changes no code: no function above the noise, for any benchmark")
    func unchangedCode() throws {
        let (report, run) = try explain(0, 2)
        #expect(run.status == 0, "\(run.stderr.suffix(1500))")
        #expect(report.benchmarks.count == 3)
        for benchmark in report.benchmarks {
            let attribution = try #require(benchmark.attribution, "\(benchmark)")
            #expect(attribution.functions.isEmpty && attribution.instructionsUnchanged, "\(attribution)")
        }
    }
}

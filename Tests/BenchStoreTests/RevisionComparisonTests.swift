import Foundation
import TestSupport
import Testing

@testable import BenchKit
@testable import MotionBenchApp

/// `compare-revisions` end to end on real revisions of a small package of its own
/// (`TinyPackage`): a commit that does its sum four times (slower, same outputs) and gives its
/// second benchmark other outputs, built in worktrees (debug: the comparison is relative) and
/// compared with the commit before it — one build a side for every test. Three rounds decide; a
/// regression is confirmed by three more, so six are allowed.
@Suite("compare-revisions end to end", .serialized)
struct RevisionComparisonTests {
    static let package = Result { () throws -> TinyPackage in
        var tiny = try TinyPackage(revisions: 1)
        try tiny.commit("the sum four times; other outputs", elements: 1000, repeats: 4, outputs: 1)
        try tiny.commit("damp passes five times, nothing else", elements: 1000, dampPasses: 5)
        return tiny
    }
    /// One reports folder, so the worktrees built by one test serve the next.
    static let reports = TemporaryFolder.make("motion-bench-store")

    /// The comparison a run stored, read from the `wrote ….json` line it printed.
    func storedReport(in run: Tool.Run) throws -> ComparisonReport {
        let line = try #require(run.output.split(separator: "\n").last { $0.hasPrefix("wrote ") && $0.hasSuffix(".json and .md") })
        let path = String(line.dropFirst("wrote ".count).dropLast(" and .md".count))
        return try JSONDecoder().decode(ComparisonReport.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Instruction counts (callgrind, once a side) only where a test reads them: they take seconds.
    func compare(_ a: Int, _ b: Int, filter: String = "^tiny\\.sum$", options: [String] = ["--rounds", "3", "--max-rounds", "6", "--no-instructions"])
        throws -> Tool.Run
    {
        let tiny = try Self.package.get()
        return try Tool.run(
            ["compare-revisions", tiny.revisions[a], tiny.revisions[b], "--quick", "--configuration", "debug", "--worker-product", TinyPackage.worker]
                + ["--filter", filter, "--repository", tiny.folder.path, "--reports", Self.reports.path] + options)
    }

    @Test(
        "a slowed benchmark is a confirmed regression with its instruction counts risen; another whose outputs differ is a digest mismatch: exit 4, the one stored"
    )
    func changedRevision() throws {
        let run = try compare(0, 1, filter: "^tiny\\.", options: ["--rounds", "3", "--max-rounds", "12"])
        #expect(run.status == 4, "\(run.output.suffix(1500))")
        let report = try storedReport(in: run)
        let sum = try #require(report.comparisons.first { $0.name == TinyPackage.benchmark })
        #expect(sum.verdict == .regressed && sum.confirmed == true, "a regression is confirmed before it is reported")
        // Counted once a side under callgrind: the sum done four times instead of once.
        let (a, b) = (try #require(sum.baselineInstructions), try #require(sum.candidateInstructions))
        #expect(b > a * 2, "instructions \(a) → \(b)")
        #expect(sum.decidedBy != nil)
        let outputs = try #require(report.comparisons.first { $0.name == TinyPackage.outputsBenchmark })
        #expect(outputs.verdict == .digestMismatch)
        #expect(report.conformance == nil, "another package's conformance is its own affair: no section, not a failed one")
        #expect(report.rounds?.design == "blocks", "both workers serve blocks, so the rounds take turns")
        #expect(report.exitCode == run.status, "the stored exit code is the one the process exited with")

        // The regression says where it came from: the functions whose work changed, adding up to
        // the total's change with the rest; the site draws it on a page of its own.
        let attribution = try #require(sum.attribution, "\(sum.attributionNote ?? "no note")")
        let listed = attribution.functions.map(\.selfChange).reduce(0, +)
        #expect(abs(listed + attribution.elsewhere - attribution.change) <= 1e-6 * attribution.change && attribution.explained >= 0.8)
        #expect(attribution.candidateInstructions > 2 * attribution.baselineInstructions)
        #expect(outputs.attribution == nil, "a digest mismatch is not a regression to attribute")
        let made = try Tool.run(["report", "--reports", Self.reports.path])
        #expect(made.status == 0, "\(made.output)")
        let site = Self.reports.appendingPathComponent("site")
        let comparisons = try String(contentsOf: site.appendingPathComponent("comparisons.html"), encoding: .utf8)
        let link = try #require(comparisons.firstMatch(of: /href="(regression-[0-9]+-tiny\.sum\.html)"/)?.output.1, "the comparison links its regression")
        let page = try String(contentsOf: site.appendingPathComponent(String(link)), encoding: .utf8)
        // One bar per function listed and one for the rest.
        #expect(page.matches(of: /<g class="bar">/).count == attribution.functions.count + 1)
    }

    @Test("a revision compared with itself shows no regression and no mismatch")
    func sameRevision() throws {
        let run = try compare(0, 0)
        #expect(run.status != 2 && run.status != 4 && run.status != 1, "\(run.output.suffix(1500))")
        let report = try storedReport(in: run)
        #expect(!report.comparisons.isEmpty && !report.comparisons.contains { $0.verdict == .regressed })
        #expect(!run.output.contains("was compiled"), "both sides built alike: no build warning")
    }

    @Test("--format json prints the comparison as JSON; an unknown format is refused before anything is built")
    func formats() throws {
        let refused = try compare(0, 1, options: ["--format", "xml"])
        #expect(refused.status == 1 && refused.stdout.isEmpty && !refused.output.contains("building"), "\(refused.output)")
        let run = try compare(0, 0, options: ["--quiet", "--rounds", "2", "--max-rounds", "2", "--no-confirm", "--no-instructions", "--format", "json"])
        let report = try JSONDecoder().decode(ComparisonReport.self, from: Data(run.stdout.utf8))
        #expect(report.schemaVersion == 1 && report.comparisons.map(\.name) == [TinyPackage.benchmark], "\(run.stderr.suffix(1500))")
        // Two rounds may leave it inconclusive (3); whatever it is, the printed report says so.
        #expect(report.exitCode == run.status && report.comparisons.allSatisfy { $0.verdict != .regressed && $0.verdict != .digestMismatch })
    }
}

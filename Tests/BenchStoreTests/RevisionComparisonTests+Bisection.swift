import Foundation
import TestSupport
import Testing

@testable import BenchKit
@testable import BenchStore
@testable import MotionBenchApp

extension RevisionComparisonTests {
    @Test(
        "a change point bisected here: its culprit compared with its parent and attributed, the comparison stored and named by the change point, whose marker on the history page links the culprit's page"
    )
    func bisectedChangePoint() throws {
        let tiny = try Self.package.get()
        let database = TemporaryFolder.make("motion-bench-store").appendingPathComponent("store.sqlite")
        let store = try ResultsStore(StoreLocation(database.path))
        // A nightly history of the sum: four nights of the first commit, four of the slow one.
        for night in 1...8 {
            let slow = night > 4
            let record = Records.record(
                [TinyPackage.benchmark], scale: slow ? 4 : 1, date: Records.date(night), revision: tiny.revisions[slow ? 1 : 0])
            try store.store(record, source: "m1/night-\(night).json", kind: .nightly, machine: "m1")
        }
        let machine = try #require(try store.machines().first { $0.name == "m1" })
        let range = try #require(
            SuspectRange.find(in: try store.history(of: machine.id, window: 100)).first { $0.benchmark == TinyPackage.benchmark && $0.metric == .time })
        #expect(range.before == tiny.revisions[0] && range.after == tiny.revisions[1])
        try store.store(changePoints: [range], environment: Records.environment, machine: "m1")

        var request = BisectRequest(range: range, reports: Self.reports)
        (request.repository, request.measured) = (tiny.folder, .init(workerProduct: TinyPackage.worker, configuration: "debug"))
        request.store = StoreChoice(database: database.path, machine: "m1")
        let app = Application(executable: BuiltProducts.directory.appendingPathComponent("motion-bench"), version: "test", quiet: true)
        let outcome = try app.bisect(request)
        #expect(outcome.culprit == tiny.revisions[1] && outcome.steps.isEmpty)
        let verdict = try #require(outcome.culpritComparison, "\(outcome.culpritNote ?? "no note")")
        #expect(verdict.verdict == .regressed, "\(verdict.verdictLabel)")
        let attribution = try #require(verdict.attribution, "\(verdict.attributionNote ?? "no note")")
        #expect(attribution.explained >= 0.8 && attribution.candidateInstructions > 2 * attribution.baselineInstructions, "\(attribution.functions)")
        #expect(outcome.linkedChangePoints == 1)

        // Stored: the change point names its culprit and the comparison that attributes it.
        let bisected = try store.bisectedChangePoints(of: machine.id)
        #expect(bisected.count == 1 && bisected.first?.culprit == tiny.revisions[1] && bisected.first?.range.sameChange(as: range) == true)
        #expect(bisected.first?.benchmarkComparison?.attribution?.functions.map(\.name) == attribution.functions.map(\.name))

        // Drawn: the history's marker of that change point links the culprit's page, which draws
        // the functions (one bar each and one for the rest).
        var report = ReportRequest(reports: Self.reports)
        report.store = request.store!
        let index = try app.writeSite(report)
        let site = index.deletingLastPathComponent()
        let history = try String(contentsOf: site.appendingPathComponent("history.html"), encoding: .utf8)
        let page = SiteGenerator.culpritFile(try #require(bisected.first))
        #expect(history.contains("<a href=\"\(page)\"><g>"), "the change point's marker links its culprit")
        let culprit = try String(contentsOf: site.appendingPathComponent(page), encoding: .utf8)
        #expect(culprit.matches(of: /<g class="bar">/).count == attribution.functions.count + 1)
    }
}

import BenchKit
import Foundation
import MotionConformance

extension Application {
    /// The static site under `reports/site/` from what is stored: the latest run, the history of
    /// its machine, the last five revision comparisons and the stored conformance results (never
    /// the fixtures played again). `conformance`, when given, is shown instead of the stored
    /// MotionCore report. Returns the index page.
    public func writeSite(reports: URL, conformance: ConformanceReport? = nil) throws -> URL {
        let store = ResultStore(root: reports)
        var site = SiteGenerator()
        site.scaling = MotionBenchSuites.scaling
        site.title = "MotionBench report"
        if FileManager.default.fileExists(atPath: store.latest.path) { site.latest = try? store.load(store.latest, role: "latest run") }
        let history = HistoryStore(root: reports.appendingPathComponent("history")).load()
        site.history = history.records.filter { $0.run.environment.seriesKey == site.latest?.environment.seriesKey ?? $0.run.environment.seriesKey }
        let revisions = reports.appendingPathComponent("revisions")
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: revisions.path)) ?? []).sorted().suffix(5) where name.hasSuffix(".json") {
            if let data = try? Data(contentsOf: revisions.appendingPathComponent(name)),
                let report = try? JSONDecoder().decode(ComparisonReport.self, from: data)
            {
                site.comparisons.append((name, report))
            }
        }
        let stored = ConformanceStore.load(reports)
        for problem in stored.problems { warn("warning: \(problem)") }
        var shown = stored.reports
        if let conformance { shown = [conformance] + shown.filter { $0.engine != nil } }
        if let page = ConformanceStore.sitePage(shown) { (site.conformanceHTML, site.conformanceSummary) = page }
        return try site.write(to: reports.appendingPathComponent("site"))
    }

    /// `report`: the site, refused (nothing written) when the folder holds nothing to report.
    public func report(reports: URL) throws -> URL {
        let store = ResultStore(root: reports)
        let stored = ConformanceStore.load(reports)
        let history = HistoryStore(root: reports.appendingPathComponent("history")).load()
        guard FileManager.default.fileExists(atPath: store.latest.path) || !history.records.isEmpty || !stored.reports.isEmpty else {
            throw ToolError(
                "\(reports.path) holds no run, history or conformance result to report (make run, motion-bench run or nightly write them); nothing was written")
        }
        return try writeSite(reports: reports)
    }
}

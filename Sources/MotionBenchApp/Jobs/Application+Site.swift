import BenchKit
import BenchStore
import ConformanceReports
import Foundation
import MotionConformance

/// What `report` draws and from where.
package struct ReportRequest: Sendable {
    package var reports: URL
    package var store = StoreChoice()
    /// How many of each machine's newest runs the history charts draw.
    package var window = Self.defaultWindow
    package static let defaultWindow = 100
    /// Draw the history from the JSON files under reports/history/, not the store: every record
    /// decoded whole (the way before there was a store; kept to measure against).
    package var fromFiles = false

    package init(reports: URL) { self.reports = reports }
}

extension Application {
    /// The static site under `reports/site/` from what is stored: the latest run, each machine's
    /// history (from the store, which first catches up with history files it lacks), the last
    /// five revision comparisons and the stored conformance results (never the fixtures played
    /// again). `conformance`, when given, is shown instead of the stored MotionCore report.
    /// Returns the index page.
    package func writeSite(_ request: ReportRequest, conformance: ConformanceReport? = nil) throws -> URL {
        let reports = request.reports
        let results = ResultFiles(root: reports)
        var site = SiteGenerator()
        site.scaling = MotionBenchSuites.scaling
        site.title = "MotionBench report"
        if FileManager.default.fileExists(atPath: results.latest.path) { site.latest = try? results.load(results.latest, role: "latest run") }
        let here = site.latest?.environment.seriesKey
        if request.fromFiles {
            let history = HistoryStore(root: reports.appendingPathComponent("history")).load()
            for problem in history.problems { warn("warning: \(problem)") }
            let series = Dictionary(grouping: history.records, by: { $0.run.environment.seriesKey })
            func rank(_ key: String) -> Int { key == here ? 0 : 1 }
            site.machines = series.keys.sorted { (rank($0), $0) < (rank($1), $1) }.map { key in
                let runs = series[key]!
                return MachineHistory(
                    name: runs.last?.machine ?? key, seriesKey: key, runs: runs.suffix(request.window).map { HistoryRun($0) }, totalRuns: runs.count)
            }
            site.comparisons = Self.comparisonFiles(reports)
        } else {
            // The embedded store is made on first use; a store named that is not there is a mistake.
            let store = try openStore(request.store, reports: reports, existing: request.store.isNamed)
            let imported = try Self.storeFailure(store) { try store.importReports(reports, machine: request.store.machineName) }
            for problem in imported.problems { warn("warning: \(problem)") }
            let name = request.store.machineName
            // This machine's series first, then the others as the store orders them (newest first).
            func rank(_ m: StoredMachine) -> Int { m.seriesKey == here ? (m.name == name ? 0 : 1) : 2 }
            let machines = try Self.storeFailure(store) { try store.machines() }.enumerated().sorted { (rank($0.1), $0.0) < (rank($1.1), $1.0) }.map(\.1)
            site.machines = try machines.map { m in
                var history = MachineHistory(
                    name: m.name, seriesKey: m.seriesKey, runs: try Self.storeFailure(store) { try store.history(of: m.id, window: request.window) },
                    totalRuns: m.historyRuns)
                history.bisected = try Self.storeFailure(store) { try store.bisectedChangePoints(of: m.id) }
                return history
            }
            site.comparisons = try Self.storeFailure(store) { try store.comparisons(limit: 5) }
        }
        let stored = ConformanceStore.load(reports)
        for problem in stored.problems { warn("warning: \(problem)") }
        var shown = stored.reports
        if let conformance { shown = [conformance] + shown.filter { $0.engine != nil } }
        if let page = ConformanceStore.sitePage(shown) { (site.conformanceHTML, site.conformanceSummary) = page }
        return try site.write(to: reports.appendingPathComponent("site"))
    }

    /// The newest five revision comparison files.
    static func comparisonFiles(_ reports: URL) -> [(name: String, report: ComparisonReport)] {
        let revisions = reports.appendingPathComponent("revisions")
        return ((try? FileManager.default.contentsOfDirectory(atPath: revisions.path)) ?? []).sorted().suffix(5).filter { $0.hasSuffix(".json") }.compactMap {
            name in
            guard let data = try? Data(contentsOf: revisions.appendingPathComponent(name)),
                let report = try? JSONDecoder().decode(ComparisonReport.self, from: data)
            else { return nil }
            return (name, report)
        }
    }

    /// A store's error as the tool's, its password scrubbed.
    static func storeFailure<T>(_ store: ResultsStore, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as StoreError { throw ToolError(store.location.scrub(error.description)) }
    }

    /// `report`: the site, refused (nothing written) when there is nothing to report.
    package func report(_ request: ReportRequest) throws -> URL {
        let reports = request.reports
        let results = ResultFiles(root: reports)
        let stored = ConformanceStore.load(reports)
        let historyFiles = HistoryStore(root: reports.appendingPathComponent("history")).files()
        var anything =
            FileManager.default.fileExists(atPath: results.latest.path) || !historyFiles.isEmpty || !stored.reports.isEmpty
            || !Self.comparisonFiles(reports).isEmpty
        let location = request.store.location(reports: reports)
        // An embedded store that does not exist holds nothing; it is not created to find that out.
        if !anything && !request.fromFiles && (location.kind == .postgresql || FileManager.default.fileExists(atPath: location.raw) || request.store.isNamed) {
            let store = try openStore(request.store, reports: reports, existing: true)
            anything = try Self.storeFailure(store) { try !store.machines().isEmpty || !store.comparisons(limit: 1).isEmpty }
        }
        guard anything else {
            throw ToolError(
                "\(reports.path) and the store hold no run, history, comparison or conformance result to report; nothing was written", remedy: .measureFirst)
        }
        return try writeSite(request)
    }
}

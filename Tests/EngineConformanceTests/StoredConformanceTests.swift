import ConformanceReports
import Foundation
import TestSupport
import Testing

@testable import EngineConformance
@testable import MotionConformance

/// The conformance the site shows is what was stored, per engine — never the fixtures played
/// again by whichever revision renders the site.
@Suite("stored conformance", .serialized)
struct StoredConformanceTests {

    @Test("nightly with two engines keeps each one's conformance, in the history and for the site, which shows both")
    func nightlyKeepsEachEngine() throws {
        let reports = TemporaryFolder.name("stored")
        defer { try? FileManager.default.removeItem(at: reports) }
        let python = "python3 \(EngineDoubles.python)"
        let nightly = try Tool.watch(
            [
                "nightly", "--quick", "--no-instructions", "--filter", "^workload\\.curve\\.1k@", "--reports", reports.path,
                "--engine", "motion-bench adapter", "--engine", python,
            ], limit: 600)
        #expect(nightly.status == 0, "\(nightly.output)\(nightly.errors)")
        let stored = try FileManager.default.contentsOfDirectory(atPath: reports.appendingPathComponent("conformance").path).sorted()
        #expect(stored == ["motioncore-\(MotionBenchVersion.string.replacingOccurrences(of: ".", with: "-")).json", "python-example-2-0.json"], "\(stored)")
        let history = reports.appendingPathComponent("history")
        let series = try #require(try FileManager.default.contentsOfDirectory(atPath: history.path).first)
        let inSeries = try FileManager.default.contentsOfDirectory(atPath: history.appendingPathComponent(series).path)
        #expect(inSeries.contains("MACHINE.txt"), "the series folder says which machine it is")
        let file = try #require(inSeries.first { $0.hasSuffix(".json") })
        let record = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: history.appendingPathComponent(series).appendingPathComponent(file))) as? [String: Any])
        let engines = record["engines"] as? [[String: Any]] ?? []
        #expect(engines.compactMap { $0["engine"] as? String }.count == 2)
        #expect(engines.allSatisfy { $0["exitCode"] as? Int == 0 && ($0["checksPassed"] as? Int ?? 0) > 0 })

        // The site is made from what is stored: run from another folder, with no fixtures there.
        let report = try Tool.watch(["report", "--reports", reports.path])
        #expect(report.status == 0, "\(report.errors)")
        let page = try String(contentsOf: reports.appendingPathComponent("site/conformance.html"), encoding: .utf8)
        let loaded = try stored.map { try ConformanceReport(json: String(contentsOf: reports.appendingPathComponent("conformance/\($0)"), encoding: .utf8)) }
        for engine in loaded.compactMap(\.engine) { #expect(page.contains(markupText(engine)), "the page names \(engine)") }
        // The night's row in the history table has a cell per engine: both engines' names appear
        // twice, once in the side-by-side scores and once as a column of the history table.
        for engine in loaded.compactMap(\.engine) { #expect(page.components(separatedBy: "<th>\(markupText(engine))</th>").count - 1 >= 2, "\(engine)") }

        // `show` reads the history record the History page links to.
        let shown = try Tool.watch(["show", history.appendingPathComponent(series).appendingPathComponent(file).path, "--format", "json"])
        #expect(shown.status == 0, "\(shown.errors)")
        let run = try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any])
        #expect((run["benchmarks"] as? [Any])?.isEmpty == false)
    }

    @Test("show reads a calibration as calibrate writes it, in text and JSON")
    func showCalibration() throws {
        let file = TemporaryFolder.name("calibration").path + ".json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let written: [String: Any] = [
            "schemaVersion": 1, "machineKey": "m", "seriesKey": "s-123", "profile": "quick", "date": "2026-12-02T00:00:00Z",
            "threshold": 0.05, "pairs": 2, "rounds": 4, "processesPerRun": 1, "benchmarks": [],
        ]
        try JSONSerialization.data(withJSONObject: written).write(to: URL(fileURLWithPath: file))
        let text = try Tool.watch(["show", file])
        #expect(text.status == 0, "\(text.errors)")
        let json = try Tool.watch(["show", file, "--format", "json"])
        let read = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(read["seriesKey"] as? String == "s-123" && read["pairs"] as? Int == 2)
    }

    @Test("report on a folder with nothing to report is an error that writes nothing")
    func emptyReports() throws {
        let reports = TemporaryFolder.name("empty")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: reports) }
        let outcome = try Tool.watch(["report", "--reports", reports.path])
        #expect(outcome.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: reports.path).isEmpty)
    }

    func markupText(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}

import BenchKit
import ConformanceReports
import Foundation
import MotionConformance

/// Conformance results kept beside the runs: `reports/conformance.json` (the main job's, MotionCore
/// in process) and `reports/conformance/ENGINE.json` (one per engine `nightly --engine` validated).
/// The site shows what is stored; it never plays the fixtures again.
package enum ConformanceStore {
    package static func folder(_ reports: URL) -> URL { reports.appendingPathComponent("conformance") }

    /// The file an engine's latest report is kept in: its label in lower case, letters and digits.
    package static func file(_ reports: URL, engine: String?) -> URL {
        guard let engine else { return reports.appendingPathComponent("conformance.json") }
        let slug = String(engine.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }).split(separator: "-").joined(separator: "-")
        return folder(reports).appendingPathComponent((slug.isEmpty ? "engine" : slug) + ".json")
    }

    package static func save(_ report: ConformanceReport, reports: URL) throws {
        try AtomicFile.write(Data(report.render(.json).utf8), to: file(reports, engine: report.engine))
    }

    /// Every stored report, MotionCore's first; files that cannot be read are named in `problems`.
    package static func load(_ reports: URL) -> (reports: [ConformanceReport], problems: [String]) {
        var files = [reports.appendingPathComponent("conformance.json")]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder(reports).path)) ?? []
        files += names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { folder(reports).appendingPathComponent($0) }
        var loaded: [ConformanceReport] = [], problems: [String] = []
        for file in files where FileManager.default.fileExists(atPath: file.path) {
            do {
                loaded.append(try ConformanceReport(json: String(decoding: try Data(contentsOf: file), as: UTF8.self)))
            } catch {
                problems.append("\(file.path): \(error)")
            }
        }
        return (loaded, problems)
    }

    /// The site's conformance page and one-line summary: one engine's report, or several side by
    /// side with each one's details below.
    package static func sitePage(_ reports: [ConformanceReport]) -> (html: String, summary: String)? {
        guard let first = reports.first else { return nil }
        guard reports.count > 1 else { return (first.htmlBody(plotAll: false), first.summaryLine) }
        var html = ConformanceSideBySide(reports: reports).htmlBody()
        for report in reports {
            html += "<h2>\(markupEscape(report.engine ?? "MotionCore (in process)"))</h2>" + report.htmlBody(plotAll: false)
        }
        let summary = reports.map { "\($0.engine ?? "MotionCore"): \($0.summaryLine)" }.joined(separator: "; ")
        return (html, summary)
    }
}

extension JSONConformanceSummary {
    /// What history keeps of a conformance run.
    package init(_ report: ConformanceReport) {
        self.init(
            passed: report.passed, failed: report.failed, errors: report.errors,
            verdicts: Dictionary(report.results.map { ($0.id, $0.verdict.rawValue) }, uniquingKeysWith: { a, _ in a }))
        engine = report.engine
        checksPassed = report.checksPassed
        checksFailed = report.checksFailed
        checksSkipped = report.checksSkipped
        skipped = report.skipped
        exitCode = Int(report.exitCode)
    }
}

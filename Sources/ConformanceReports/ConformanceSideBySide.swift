import BenchKit
import FixtureFormat
import Foundation
import MotionConformance

/// Several engines' conformance runs side by side, as the Web Platform Tests show browsers: per
/// fixture each engine's verdict and checks, per section each engine's score.
public struct ConformanceSideBySide: Sendable, RenderableResult {
    public static let formats = ConformanceReport.formats
    public static let kind = "conformance results side by side"

    public var reports: [ConformanceReport]

    public init(reports: [ConformanceReport]) { self.reports = reports }

    var names: [String] { reports.map { $0.engine ?? "MotionCore (in process)" } }

    /// The worst of the engines' exit codes: 2 if any erred, else 1 if any failed or ran nothing.
    public var exitCode: Int32 { reports.map(\.exitCode).max() ?? 1 }

    /// Every fixture id any engine played, in order.
    var fixtureIDs: [String] {
        var seen = Set<String>(), ids: [String] = []
        for report in reports { for r in report.results where seen.insert(r.id).inserted { ids.append(r.id) } }
        return ids.sorted()
    }

    var suites: [String] { Array(Set(reports.flatMap { $0.sections.map(\.suite) })).sorted() }

    func cell(_ report: ConformanceReport, _ id: String) -> String {
        guard let r = report.results.first(where: { $0.id == id }) else { return "—" }
        return r.verdict.rawValue + (r.checks.isEmpty ? "" : " \(r.checksPassed)/\(r.checksPassed + r.checksFailed)")
    }

    func score(_ report: ConformanceReport, _ suite: String) -> String {
        guard let s = report.sections.first(where: { $0.suite == suite }) else { return "—" }
        return ConformanceReport.formatScore(s.score) + (s.checksSkipped > 0 ? " (\(s.checksSkipped) skipped)" : "")
    }

    public func render(_ format: OutputFormat) throws -> String {
        switch format {
        case .text: return text()
        case .markdown: return markdown()
        case .json: return json()
        case .html: return html()
        case .junit: return try reports.map { try $0.render(.junit) }.joined()
        case .csv, .github: throw Self.unrendered(format)
        }
    }

    func table(_ header: [String], _ rows: [[String]]) -> [String] {
        let widths = header.indices.map { k in ([header] + rows).map { $0[k].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
        }
        return [line(header)] + rows.map(line)
    }

    func text() -> String {
        var lines = ["engines: " + names.enumerated().map { "[\($0 + 1)] \($1)" }.joined(separator: ", "), "", "section scores (checks passed of those run):"]
        lines += table(["section"] + names.indices.map { "[\($0 + 1)]" }, suites.map { suite in [suite] + reports.map { score($0, suite) } })
        lines += ["", "fixtures where the engines differ (all \(fixtureIDs.count) in the JSON, Markdown and HTML renderings):"]
        let differing = fixtureIDs.filter { id in Set(reports.map { cell($0, id).split(separator: " ").first ?? "" }).count > 1 }
        lines += table(["fixture"] + names.indices.map { "[\($0 + 1)]" }, differing.map { id in [id] + reports.map { cell($0, id) } })
        lines += [""] + reports.enumerated().map { "[\($0 + 1)] \($1.summaryLine)" }
        return lines.joined(separator: "\n") + "\n"
    }

    func markdown() -> String {
        func escape(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }
        var lines = ["## Conformance of \(reports.count) engines", ""]
        lines += reports.map { "- **\(escape($0.engine ?? "MotionCore (in process)"))**: \(escape($0.summaryLine))" }
        lines += ["", "| section | " + names.map(escape).joined(separator: " | ") + " |", "|---|" + names.map { _ in "---|" }.joined()]
        lines += suites.map { suite in "| \(suite) | " + reports.map { score($0, suite) }.joined(separator: " | ") + " |" }
        lines += ["", "| fixture | " + names.map(escape).joined(separator: " | ") + " |", "|---|" + names.map { _ in "---|" }.joined()]
        lines += fixtureIDs.map { id in "| `\(id)` | " + reports.map { cell($0, id) }.joined(separator: " | ") + " |" }
        return lines.joined(separator: "\n") + "\n"
    }

    func json() -> String {
        let engines = JSONValue.array(
            reports.map { report in
                (try? JSONValue.parse(report.json())) ?? .null
            })
        return JSONValue.object([("schemaVersion", .number(2)), ("exitCode", .number(Double(exitCode))), ("engines", engines)]).serialized() + "\n"
    }

    func html() -> String {
        """
        <!doctype html><html><head><meta charset="utf-8"><title>motion-bench conformance, side by side</title><style>
        body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:6px 0}td,th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:left}
        td.fail,td.error{color:#b00}td.skipped{color:#888}td.pass{color:#070}
        </style></head><body><h1>Conformance of \(reports.count) engines</h1>\(htmlBody())</body></html>
        """
    }

    /// The tables without the page around them, for the report site.
    public func htmlBody() -> String {
        var body = "<h2>Section scores</h2><table><tr><th>section</th>" + names.map { "<th>\(markupEscape($0))</th>" }.joined() + "</tr>"
        for suite in suites { body += "<tr><td>\(markupEscape(suite))</td>" + reports.map { "<td>\(score($0, suite))</td>" }.joined() + "</tr>" }
        body += "</table><h2>Fixtures</h2><table><tr><th>fixture</th>" + names.map { "<th>\(markupEscape($0))</th>" }.joined() + "</tr>"
        for id in fixtureIDs {
            body +=
                "<tr><td>\(markupEscape(id))</td>"
                + reports.map { report in
                    let verdict = report.results.first { $0.id == id }?.verdict.rawValue ?? ""
                    return "<td class=\"\(verdict)\">\(markupEscape(cell(report, id)))</td>"
                }.joined() + "</tr>"
        }
        return body + "</table>" + reports.map { "<p>\(markupEscape(($0.engine ?? "MotionCore") + ": " + $0.summaryLine))</p>" }.joined()
    }
}

import BenchKit
import Foundation

/// A self-contained HTML page of conformance results: a table, and for each failing fixture (or
/// every fixture, on request) expected-against-actual curves drawn as inline SVG by BenchKit's
/// `SVGChart`. No scripts, fonts or styles from outside.
enum HTMLConformanceReport {
    static func render(_ report: ConformanceReport, plotAll: Bool) -> String {
        """
        <!doctype html><html><head><meta charset="utf-8"><title>motion-bench conformance</title><style>
        body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}td,th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:left}
        tr.fail td,tr.error td{color:#b00}tr.skipped td{color:#888}.error{color:#b00}svg{margin:4px;border:1px solid #ddd}
        </style></head><body><h1>Conformance</h1>\(body(report, plotAll: plotAll))</body></html>
        """
    }

    /// The page body: the summary, the table, load errors, and the curves.
    static func body(_ report: ConformanceReport, plotAll: Bool) -> String {
        var body = "<p>\(escape(report.summaryLine))</p><table><tr><th>fixture</th><th>provenance</th><th>error/tol</th><th>verdict</th><th>why</th></tr>"
        for r in report.results {
            body += "<tr class=\"\(r.verdict.rawValue)\"><td>\(escape(r.id))</td><td>\(escape(r.provenance))</td><td>\(ConformanceReport.formatError(r.maxError))</td><td>\(r.verdict.rawValue)</td><td>\(r.verdict == .pass ? "" : escape(r.message))</td></tr>"
        }
        body += "</table>"
        for e in report.loadErrors { body += "<p class=\"error\">\(escape(e.description))</p>" }
        for r in report.results where (plotAll || r.verdict != .pass) && !r.series.isEmpty {
            body += "<h2>\(escape(r.id))</h2><p>\(escape(r.message))</p>"
            for series in r.series where series.points.count > 1 {
                let finite = series.points.filter { $0.expected.isFinite && $0.actual.isFinite }
                var chart = SVGChart(title: "\(series.label): expected (blue) and actual (red, dashed)", series: [
                    SVGChart.Series(label: "expected", points: finite.map { ($0.time, $0.expected) }, color: SVGChart.palette[0]),
                    SVGChart.Series(label: "actual", points: finite.map { ($0.time, $0.actual) }, color: SVGChart.palette[1], dashed: true),
                ])
                (chart.width, chart.height, chart.xLabel) = (480, 200, "time (s)")
                body += chart.render()
            }
        }
        return body
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

extension ConformanceReport {
    /// The HTML body of the report, for embedding in the report site.
    public func htmlBody(plotAll: Bool) -> String { HTMLConformanceReport.body(self, plotAll: plotAll) }
}

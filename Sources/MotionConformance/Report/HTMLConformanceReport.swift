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
        var body = "<p>\(markupEscape(report.summaryLine))</p><table><tr><th>fixture</th><th>provenance</th><th>error/tol</th><th>verdict</th><th>why</th></tr>"
        for r in report.results {
            body +=
                "<tr class=\"\(r.verdict.rawValue)\"><td>\(markupEscape(r.id))</td><td>\(markupEscape(r.provenance))</td><td>\(ConformanceReport.formatError(r.maxError))</td><td>\(r.verdict.rawValue)</td><td>\(r.verdict == .pass ? "" : markupEscape(r.message))</td></tr>"
        }
        body += "</table>"
        for e in report.loadErrors { body += "<p class=\"error\">\(markupEscape(e.description))</p>" }
        for r in report.results where (plotAll || r.verdict != .pass) && !r.series.isEmpty {
            body +=
                "<h2>\(markupEscape(r.id)) — \(r.verdict.rawValue)</h2><p>"
                + [
                    r.verdict == .pass ? nil : r.message,
                    "provenance: \(r.provenance)", r.source.map { "source: \($0)" },
                    r.tolerance.map { "tolerance: ±(\($0.absolute) + \($0.relative)·|expected|)" },
                    r.file.map { "fixture: \($0)" },
                ].compactMap { $0 }.map(markupEscape).joined(separator: "<br>") + "</p><div>"
            for series in r.series where series.points.count > 1 {
                body += charts(series, tolerance: r.tolerance).joined()
            }
            body += "</div>"
        }
        return body
    }

    /// Expected and actual over time with the tolerance band around the expected values, and
    /// below it the residual (actual − expected) against the same tolerance.
    static func charts(_ series: FixtureResult.Series, tolerance: Fixture.Tolerance?) -> [String] {
        let finite = series.points.filter { $0.time.isFinite && $0.expected.isFinite && $0.actual.isFinite }
        func allowed(_ expected: Double) -> Double { tolerance.map { $0.absolute + $0.relative * abs(expected) } ?? 0 }
        func point(_ x: Double, _ y: Double, _ what: String) -> SVGChart.Point {
            SVGChart.Point(x: x, y: y, note: "\(series.label) \(what) at \(x) s: \(y)")
        }
        var values = SVGChart(
            title: "\(series.label): expected and actual",
            series: [
                SVGChart.Series(label: "expected", points: finite.map { point($0.time, $0.expected, "expected") }, color: SVGChart.palette[0]),
                SVGChart.Series(label: "actual", points: finite.map { point($0.time, $0.actual, "actual") }, color: SVGChart.palette[1], dashed: true),
            ], x: ChartAxis(.linear(fromZero: true), unit: .plain), y: ChartAxis(.linear(fromZero: false), unit: .plain))
        values.band = finite.map { ($0.time, $0.expected - allowed($0.expected), $0.expected + allowed($0.expected)) }
        values.bandLabel = "tolerance"
        (values.width, values.height, values.xLabel) = (520, 230, "time (s)")
        var residual = SVGChart(
            title: "\(series.label): actual − expected",
            series: [
                SVGChart.Series(label: "residual", points: finite.map { point($0.time, $0.actual - $0.expected, "residual") }, color: SVGChart.palette[1])
            ], x: ChartAxis(.linear(fromZero: true), unit: .plain), y: ChartAxis(.linear(fromZero: true), unit: .plain))
        residual.band = finite.map { ($0.time, -allowed($0.expected), allowed($0.expected)) }
        residual.bandLabel = "tolerance"
        (residual.width, residual.height, residual.xLabel) = (520, 170, "time (s)")
        return [values.render(), residual.render()]
    }

}

extension ConformanceReport {
    /// The HTML body of the report, for embedding in the report site.
    public func htmlBody(plotAll: Bool) -> String { HTMLConformanceReport.body(self, plotAll: plotAll) }
}

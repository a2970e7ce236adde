import BenchKit
import ConformanceDiagnosis
import Foundation
import MotionConformance

/// A self-contained HTML page of conformance results: the causes of the failures, the section scores, the expectation
/// groups, a table with failures first, and for each failing fixture (or every fixture, on
/// request) every failing check and expected-against-actual curves — value, velocity and
/// `isAnimating` — drawn as inline SVG by BenchKit's `SVGChart`. No scripts, fonts or styles from
/// outside.
enum HTMLConformanceReport {
    static func render(_ report: ConformanceReport, plotAll: Bool) -> String {
        """
        <!doctype html><html><head><meta charset="utf-8"><title>motion-bench conformance</title><style>
        body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:6px 0}td,th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:left}
        tr.fail td,tr.error td{color:#b00}tr.skipped td{color:#888}.error{color:#b00}svg{margin:4px;border:1px solid #ddd}td.n{text-align:right}
        </style></head><body><h1>Conformance\(report.engine.map { ": " + markupEscape($0) } ?? "")</h1>\(body(report, plotAll: plotAll))</body></html>
        """
    }

    /// The causes first: each with how many fixtures it accounts for, its smallest scenario and
    /// failing check, the rules it exercises, the probes that confirm it, and its fixtures (linked
    /// to their checks and plots below).
    static func causes(_ causes: Causes?, failing: Int) -> String {
        guard let causes, !causes.causes.isEmpty else { return "" }
        func links(_ ids: [String]) -> String { ids.map { "<a href=\"#\(markupEscape($0))\">\(markupEscape($0))</a>" }.joined(separator: " ") }
        var html =
            "<h2>Causes</h2><p>\(failing) failing fixtures reduced to their smallest failing scenarios and grouped by what those show, "
            + "largest first; a fixture counts under its first cause.</p>"
            + "<table id=\"causes\"><tr><th>fixtures</th><th>cause</th><th>smallest scenario</th><th>rules</th></tr>"
        for cause in causes.causes {
            let smallest = cause.smallest.map { "<code>\(markupEscape($0.scenario))</code><br>\(markupEscape($0.check))" } ?? ""
            html +=
                "<tr><td class=\"n\">\(cause.fixtures.count)\(cause.also.isEmpty ? "" : " (+\(cause.also.count) later)")</td>"
                + "<td>\(markupEscape(cause.name))\(cause.probes.isEmpty ? "" : "<br>confirmed by " + markupEscape(cause.probes.map { "probe:" + $0.rawValue }.joined(separator: ", ")))"
                + "<details><summary>fixtures</summary>\(links(cause.fixtures + cause.also))</details></td>"
                + "<td>\(smallest)</td><td>\(markupEscape(cause.sections.joined(separator: "; ")))</td></tr>"
        }
        return html + "</table>"
    }

    /// What the failing checks rest on (basis, rule, capability, probe): a breakdown beside the
    /// causes, expandable to its fixtures.
    static func breakdown(_ diagnosis: Diagnosis) -> String {
        guard diagnosis.failingFixtures > 0 else { return "" }
        var html =
            "<h2>Breakdown</h2><p>\(diagnosis.failingChecks) failing checks in \(diagnosis.failingFixtures) fixtures by what they rest on; "
            + "a check is in every group it shares.</p>"
            + "<table id=\"breakdown\"><tr><th>group</th><th>fixtures</th><th>checks</th><th>meaning</th><th>rule</th></tr>"
        for group in diagnosis.groups {
            let links = group.fixtures.map { "<a href=\"#\(markupEscape($0))\">\(markupEscape($0))</a>" }.joined(separator: " ")
            html +=
                "<tr><td>\(markupEscape(group.cause.id))</td><td class=\"n\">\(group.fixtures.count)</td>"
                + "<td class=\"n\">\(group.checks)</td><td>\(markupEscape(group.meaning))"
                + "<details><summary>fixtures</summary>\(links)</details></td><td>\(markupEscape(group.section))</td></tr>"
        }
        return html + "</table>"
    }

    /// Where failures concentrate: each facet of what fixtures exercise with its failure rate.
    static func facets(_ rates: [ConformanceReport.FacetRate]) -> String {
        guard !rates.isEmpty else { return "" }
        return "<h2>Failures by what the fixtures exercise</h2><table id=\"facets\"><tr><th>facet</th><th>failed</th><th>of those run</th></tr>"
            + rates.map { "<tr><td>\(markupEscape($0.facet))</td><td class=\"n\">\($0.failed)</td><td class=\"n\">\($0.ran)</td></tr>" }.joined()
            + "</table>"
    }

    /// Failures first, then errors, then the rest, each by id.
    static func ordered(_ results: [FixtureResult]) -> [FixtureResult] {
        let rank: [FixtureResult.Verdict: Int] = [.fail: 0, .error: 1, .pass: 2, .skipped: 3]
        return results.sorted { (rank[$0.verdict]!, $0.id) < (rank[$1.verdict]!, $1.id) }
    }

    /// The page body: the summary, the scores, the expectations, the table, load errors, and the
    /// failing fixtures' checks and curves.
    static func body(_ report: ConformanceReport, plotAll: Bool) -> String {
        var body =
            "<p>\(markupEscape(report.summaryLine))</p>" + (report.clock.map { "<p id=\"clock\">\(markupEscape($0.line))</p>" } ?? "")
            + causes(report.causes, failing: report.failed) + breakdown(report.diagnosis)
            + facets(report.facetRates())
        body += "<h2>Section scores</h2><table><tr><th>section</th><th>score</th><th>checks passed</th><th>checks skipped</th></tr>"
        for s in report.sections {
            body +=
                "<tr><td>\(markupEscape(s.suite))</td><td class=\"n\">\(ConformanceReport.formatScore(s.score))</td><td class=\"n\">\(s.checksPassed) of \(s.checksPassed + s.checksFailed)</td><td class=\"n\">\(s.checksSkipped)</td></tr>"
        }
        body += "</table>"
        if let line = report.basisLine { body += "<p>\(markupEscape(line))</p>" }
        if let gate = report.expectations {
            body += "<h2>Expectations</h2><p>\(markupEscape(gate.summaryLine))</p><ul>"
            for line in gate.lines.dropFirst() { body += "<li>\(markupEscape(line.trimmingCharacters(in: .whitespaces)))</li>" }
            body += "</ul>"
        }
        body += "<h2>Fixtures</h2><table><tr><th>fixture</th><th>provenance</th><th>error/tol</th><th>checks</th><th>verdict</th><th>why</th></tr>"
        for r in ordered(report.results) {
            body +=
                "<tr class=\"\(r.verdict.rawValue)\"><td>\(markupEscape(r.id))</td><td>\(markupEscape(r.provenance))</td><td class=\"n\">\(ConformanceReport.errorCell(r))</td><td>\(markupEscape(ConformanceReport.checksCell(r)))</td><td>\(r.verdict.rawValue)</td><td>\(r.verdict == .pass ? "" : markupEscape(r.message))</td></tr>"
        }
        body += "</table>"
        for e in report.loadErrors { body += "<p class=\"error\">\(markupEscape(e.description))</p>" }
        for r in ordered(report.results) where plotAll || r.verdict == .fail || r.verdict == .error {
            body +=
                "<h2 id=\"\(markupEscape(r.id))\">\(markupEscape(r.id)) — \(r.verdict.rawValue)</h2><p>"
                + [
                    "provenance: \(r.provenance)", r.source.map { "source: \($0)" },
                    r.tolerance.map { "tolerance: ±(\($0.absolute) + \($0.relative)·|expected|)" },
                    r.file.map { "fixture: \($0)" },
                ].compactMap { $0 }.map(markupEscape).joined(separator: "<br>") + "</p>"
            if r.verdict == .error { body += "<p class=\"error\">\(markupEscape(r.message))</p>" }
            let failing = r.checks.filter { $0.outcome == .fail }
            if !failing.isEmpty {
                body += "<table><tr><th>check</th><th>needs</th><th>expected</th><th>actual</th><th>residual (× tolerance)</th><th>note</th></tr>"
                for c in failing {
                    body +=
                        "<tr class=\"fail\"><td>\(markupEscape(c.name))</td><td>\(markupEscape(c.needs))</td><td>\(markupEscape(c.expected))</td><td>\(markupEscape(c.actual.isEmpty ? "(no answer)" : c.actual))</td><td class=\"n\">\(c.residual.map(CheckResult.residualText) ?? "—")</td><td>\(markupEscape(c.note))</td></tr>"
                }
                body += "</table>"
            }
            body += "<div>"
            for series in r.series where series.points.count > 1 {
                body += charts(series, tolerance: series.label.hasPrefix("isAnimating") ? nil : r.tolerance).joined()
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
            SVGChart.Point(x: x, y: y, note: "\(series.label) \(what) at \(x.fixtureText) s: \(y.fixtureText)")
        }
        var values = SVGChart(
            title: "\(series.label): expected and actual",
            series: [
                SVGChart.Series(label: "expected", points: finite.map { point($0.time, $0.expected, "expected") }, color: SVGChart.palette[0]),
                SVGChart.Series(label: "actual", points: finite.map { point($0.time, $0.actual, "actual") }, color: SVGChart.palette[1], dashed: true),
            ], x: ChartAxis(.linear(fromZero: true), unit: .plain), y: ChartAxis(.linear(fromZero: false), unit: .scientific))
        if tolerance != nil {
            values.band = finite.map { ($0.time, $0.expected - allowed($0.expected), $0.expected + allowed($0.expected)) }
            values.bandLabel = "tolerance"
        }
        (values.width, values.height, values.xLabel) = (520, 230, "time (s)")
        guard tolerance != nil else { return [values.render()] }
        var residual = SVGChart(
            title: "\(series.label): actual − expected",
            series: [
                SVGChart.Series(label: "residual", points: finite.map { point($0.time, $0.actual - $0.expected, "residual") }, color: SVGChart.palette[1])
            ], x: ChartAxis(.linear(fromZero: true), unit: .plain), y: ChartAxis(.linear(fromZero: true), unit: .scientific))
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

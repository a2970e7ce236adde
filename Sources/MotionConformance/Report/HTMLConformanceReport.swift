import Foundation

/// A self-contained HTML page of conformance results: a table, and for each failing fixture (or
/// every fixture, on request) expected-against-actual curves drawn as inline SVG. No scripts,
/// fonts or styles from outside.
enum HTMLConformanceReport {
    static func render(_ report: ConformanceReport, plotAll: Bool) -> String {
        var body = "<h1>Conformance</h1><p>\(escape(report.summaryLine))</p><table><tr><th>fixture</th><th>provenance</th><th>error/tol</th><th>verdict</th></tr>"
        for r in report.results {
            body += "<tr class=\"\(r.verdict.rawValue)\"><td>\(escape(r.id))</td><td>\(escape(r.provenance))</td><td>\(ConformanceReport.formatError(r.maxError))</td><td>\(r.verdict.rawValue)</td></tr>"
        }
        body += "</table>"
        for e in report.loadErrors { body += "<p class=\"error\">\(escape(e.description))</p>" }
        for r in report.results where (plotAll || r.verdict != .pass) && !r.series.isEmpty {
            body += "<h2>\(escape(r.id))</h2><p>\(escape(r.message))</p>"
            for series in r.series where series.points.count > 1 { body += plot(series) }
        }
        return """
            <!doctype html><html><head><meta charset="utf-8"><title>motion-bench conformance</title><style>
            body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}td,th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:left}
            tr.fail td,tr.error td{color:#b00}.error{color:#b00}svg{background:#fafafa;border:1px solid #ddd;margin:4px}
            </style></head><body>\(body)</body></html>
            """
    }

    /// Expected (blue) and actual (red, dashed) against time.
    static func plot(_ series: FixtureResult.Series, width: Double = 480, height: Double = 200) -> String {
        let finite = series.points.filter { $0.expected.isFinite && $0.actual.isFinite }
        guard let first = finite.first else { return "" }
        let t0 = first.time, t1 = finite.last!.time
        let values = finite.flatMap { [$0.expected, $0.actual] }
        var low = values.min()!, high = values.max()!
        if high - low < 1e-12 { low -= 1; high += 1 }
        func x(_ t: Double) -> Double { 40 + (t1 > t0 ? (t - t0) / (t1 - t0) : 0) * (width - 50) }
        func y(_ v: Double) -> Double { height - 20 - (v - low) / (high - low) * (height - 30) }
        func path(_ expected: Bool) -> String {
            finite.enumerated().map { index, point in
                "\(index == 0 ? "M" : "L")\(String(format: "%.1f", x(point.time))),\(String(format: "%.1f", y(expected ? point.expected : point.actual)))"
            }.joined(separator: " ")
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))">\
            <text x="4" y="14" font-size="11">\(escape(series.label)): expected (blue), actual (red)</text>\
            <text x="4" y="\(Int(height) - 4)" font-size="10">t = \(String(format: "%.3g", t0))…\(String(format: "%.3g", t1)) s; \(String(format: "%.4g", low))…\(String(format: "%.4g", high))</text>\
            <path d="\(path(true))" fill="none" stroke="#1f5fbf" stroke-width="2"/>\
            <path d="\(path(false))" fill="none" stroke="#c0392b" stroke-width="1.5" stroke-dasharray="4 3"/></svg>
            """
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

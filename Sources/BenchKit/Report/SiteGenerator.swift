import Foundation

/// The static report site under `reports/site/`: self-contained HTML pages (no scripts, fonts or
/// styles from outside) with SVG charts drawn by `SVGChart`.
///
/// - index.html: summary of the latest run, conformance, suspect change points, links;
/// - history.html: each benchmark's history with change-point markers and confidence bands;
/// - comparisons.html: revision comparisons, ratios with their intervals;
/// - percentiles.html: the latest run's percentile curves;
/// - scaling.html: time per channel-frame against channel count, one thread and all threads;
/// - conformance.html: the conformance results with expected-against-actual curves.
public struct SiteGenerator {
    public var latest: RunResult?
    public var history: [HistoryRecord] = []
    public var comparisons: [(name: String, report: ComparisonReport)] = []
    /// The conformance page's body and its one-line summary, rendered by the conformance module.
    public var conformanceHTML: String?
    public var conformanceSummary: String?
    public var detector = ChangePointDetector()

    public init() {}

    /// Writes the site into `folder`; returns the index page.
    @discardableResult
    public func write(to folder: URL) throws -> URL {
        let pages: [(String, String, String)] = [
            ("index.html", "MotionBench report", index()),
            ("history.html", "History", historyPage()),
            ("comparisons.html", "Revision comparisons", comparisonsPage()),
            ("percentiles.html", "Percentiles", percentilesPage()),
            ("scaling.html", "Scaling", scalingPage()),
            ("conformance.html", "Conformance", conformanceHTML ?? "<p>No conformance results.</p>"),
        ]
        for (file, title, body) in pages {
            try AtomicFile.write(Self.page(title: title, body: body), to: folder.appendingPathComponent(file))
        }
        return folder.appendingPathComponent("index.html")
    }

    static func page(title: String, body: String) -> String {
        let nav = [("index.html", "Summary"), ("history.html", "History"), ("comparisons.html", "Comparisons"), ("percentiles.html", "Percentiles"),
                   ("scaling.html", "Scaling"), ("conformance.html", "Conformance")].map { "<a href=\"\($0.0)\">\($0.1)</a>" }.joined(separator: " · ")
        return """
            <!doctype html><html><head><meta charset="utf-8"><title>\(escape(title))</title><style>
            body{font-family:sans-serif;margin:1.5em;color:#222}nav{margin-bottom:1em}table{border-collapse:collapse;margin:0.5em 0}
            td,th{padding:2px 10px;border-bottom:1px solid #ddd;text-align:right}td:first-child,th:first-child{text-align:left}
            .bad{color:#b00;font-weight:bold}.good{color:#1a7f37}.charts svg{margin:6px;border:1px solid #ddd;vertical-align:top}
            </style></head><body><nav>\(nav)</nav><h1>\(escape(title))</h1>\(body)</body></html>
            """
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    func index() -> String {
        var body = ""
        if let latest {
            let env = latest.environment
            body += "<p>Latest run: \(Self.escape(latest.startedAt)), \(latest.profile) profile, \(latest.threads) threads, \(Self.escape(env.cpuModel)), revision \(Self.escape(String((env.gitRevision ?? "unknown").prefix(10))))\(env.gitDirty == true ? " (dirty)" : "").</p>"
            let incomplete = latest.benchmarks.filter { $0.status != .ok }
            body += "<p>\(latest.benchmarks.count) benchmarks, <span class=\"\(incomplete.isEmpty ? "good" : "bad")\">\(incomplete.count) did not complete</span>.</p>"
            if let machine = latest.machine {
                let busy = machine.busyProcesses > 0 ? " class=\"bad\"" : ""
                body += "<p\(busy)>Machine: \(Self.escape(machine.summary)).</p>"
            }
        }
        if let conformanceSummary { body += "<p>Conformance: \(Self.escape(conformanceSummary)) — <a href=\"conformance.html\">details</a>.</p>" }
        let suspects = SuspectRange.find(in: history, detector: detector)
        if !suspects.isEmpty {
            body += "<h2>Change points in the history</h2><table><tr><th>benchmark</th><th>metric</th><th>ratio</th><th>between</th><th>dates</th><th>cause</th></tr>"
            for s in suspects {
                let cause = s.sameRevision ? "the machine (one revision)" : "a commit in the range"
                body += "<tr><td>\(Self.escape(s.benchmark))</td><td>\(s.metric.rawValue)</td><td class=\"\(s.ratio > 1 ? "bad" : "good")\">\(String(format: "%.2f×", s.ratio))</td>"
                    + "<td>\(Self.escape(String(s.before.prefix(10))))…\(Self.escape(String(s.after.prefix(10))))</td><td>\(Self.escape(s.beforeDate)) → \(Self.escape(s.afterDate))</td>"
                    + "<td>\(Self.escape(cause + (s.environmentChanges.isEmpty ? "" : "; " + s.environmentChanges.joined(separator: "; "))))</td></tr>"
            }
            body += "</table>"
        }
        if let latest {
            body += "<h2>Engine ticks per channel-frame</h2><div class=\"charts\">" + scalingCharts(latest, onlyThreads: nil).prefix(2).joined() + "</div>"
            body += "<h2>Latest run</h2><table><tr>" + ReportRow.header.cells.map { "<th>\(Self.escape($0))</th>" }.joined() + "</tr>"
            for b in latest.benchmarks {
                body += "<tr>" + ReportRow(b).cells.map { "<td>\(Self.escape($0))</td>" }.joined() + "</tr>"
            }
            body += "</table>"
        }
        return body
    }

    func historyPage() -> String {
        guard !history.isEmpty else { return "<p>No history yet: run <code>motion-bench nightly</code>.</p>" }
        var names: [String] = []
        for record in history { for b in record.run.benchmarks where !names.contains(b.name) { names.append(b.name) } }
        var body = "<p>\(history.count) runs. Each chart: the trimmed mean per run (line), its 95% interval (band), change points (dashed).</p><div class=\"charts\">"
        for name in names {
            var points: [(Double, Double)] = [], band: [(Double, Double, Double)] = []
            for (index, record) in history.enumerated() {
                guard let timing = record.run.benchmarks.first(where: { $0.name == name })?.timing, !timing.samples.isEmpty else { continue }
                let center = Descriptive.trimmedMean(timing.samples)
                let interval = Bootstrap.interval(timing.samples, resamples: 300, statistic: { Descriptive.trimmedMean($0) })
                points.append((Double(index), center))
                band.append((Double(index), interval.lowerBound, interval.upperBound))
            }
            var chart = SVGChart(title: name, series: [SVGChart.Series(label: "time per iteration (ns)", points: points, color: SVGChart.palette[0])])
            chart.band = band
            chart.markers = detector.detect(points.map(\.1)).map { points[$0.index].0 - 0.5 }
            chart.xLabel = "run"
            body += chart.render()
        }
        return body + "</div>"
    }

    func comparisonsPage() -> String {
        guard !comparisons.isEmpty else { return "<p>No revision comparisons yet: run <code>motion-bench compare-revisions A B</code>.</p>" }
        var body = ""
        for (name, report) in comparisons {
            body += "<h2>\(Self.escape(name))</h2><p>" + Verdict.allCases.map { "\(report.count($0)) \($0.rawValue)" }.filter { !$0.hasPrefix("0 ") }.joined(separator: ", ") + "</p>"
            let compared = report.comparisons.filter { $0.ratio != nil }
            var chart = SVGChart(title: "candidate / baseline (1 = no change)", series: [
                SVGChart.Series(label: "ratio", points: compared.enumerated().map { (Double($0.offset), $0.element.ratio!) }, color: SVGChart.palette[1]),
                SVGChart.Series(label: "no change", points: [(0, 1), (Double(max(compared.count - 1, 1)), 1)], color: "#999999", dashed: true),
            ])
            chart.band = compared.enumerated().compactMap { i, c in c.interval.map { (Double(i), $0[0], $0[1]) } }
            chart.xLabel = "benchmark (table order)"
            body += (report.machine.map { "<p>Machine: \(Self.escape($0)).</p>" } ?? "")
                + "<div class=\"charts\">\(chart.render())</div><table><tr><th>benchmark</th><th>verdict</th><th>ratio</th><th>interval</th></tr>"
            for c in compared {
                let cls = c.verdict == .regressed || c.verdict == .digestMismatch ? "bad" : (c.verdict == .improved ? "good" : "")
                body += "<tr><td>\(Self.escape(c.name))</td><td class=\"\(cls)\">\(Self.escape(c.summary))</td><td>\(String(format: "%.3f", c.ratio!))</td><td>\(c.interval.map { String(format: "%.3f–%.3f", $0[0], $0[1]) } ?? "")</td></tr>"
            }
            body += "</table>"
        }
        return body
    }

    func percentilesPage() -> String {
        guard let latest else { return "<p>No run yet.</p>" }
        var body = "<p>Each chart: time per iteration against percentile, from the run's log histogram.</p><div class=\"charts\">"
        for b in latest.benchmarks {
            guard let timing = b.timing else { continue }
            let points = TimingSummary.reportedPercentiles.compactMap { label, p in timing.percentiles[label].map { (p, $0) } }
            var chart = SVGChart(title: b.name, series: [SVGChart.Series(label: "ns", points: points, color: SVGChart.palette[2])])
            (chart.width, chart.height, chart.xLabel, chart.logY) = (360, 180, "percentile", true)
            body += chart.render()
        }
        return body + "</div>"
    }

    func scalingPage() -> String {
        guard let latest else { return "<p>No run yet.</p>" }
        return "<p>Nanoseconds per channel-frame against channels (log–log), one thread (solid) and all threads (dashed), with the C kernels where they exist.</p><div class=\"charts\">"
            + scalingCharts(latest, onlyThreads: nil).joined() + "</div>"
    }

    /// One chart per engine kind: ns per channel-frame against channel count.
    func scalingCharts(_ run: RunResult, onlyThreads: String?) -> [String] {
        let counts: [String: Double] = ["1k": 1e3, "10k": 1e4, "100k": 1e5, "1M": 1e6]
        var kinds: [String] = []
        for b in run.benchmarks where b.name.hasPrefix("tick.") {
            let kind = b.name.split(separator: ".")[1]
            if !kinds.contains(String(kind)) { kinds.append(String(kind)) }
        }
        return kinds.map { kind in
            func series(_ threads: String, color: String, dashed: Bool) -> SVGChart.Series {
                let points = run.benchmarks.compactMap { b -> (Double, Double)? in
                    let parts = b.name.split(separator: ".").map(String.init)
                    guard parts.count == 4, parts[0] == "tick", parts[1] == kind, parts[3] == threads, let n = counts[parts[2]], let t = b.timing else { return nil }
                    return (n, t.nanosecondsPerElement)
                }.sorted { $0.0 < $1.0 }
                return SVGChart.Series(label: threads == "1" ? "1 thread" : "all threads", points: points, color: color, dashed: dashed)
            }
            var all = [series("1", color: SVGChart.palette[0], dashed: false), series("all", color: SVGChart.palette[1], dashed: true)]
            let reference = ["fluid": "fluid", "closed": "closed", "keyframe": "cubic"][kind]
            if let reference {
                let points = run.benchmarks.compactMap { b -> (Double, Double)? in
                    let parts = b.name.split(separator: ".").map(String.init)
                    guard parts.count == 3, parts[0] == "c", parts[1] == reference, let n = counts[parts[2]], let t = b.timing else { return nil }
                    return (n, t.nanosecondsPerElement)
                }.sorted { $0.0 < $1.0 }
                all.append(SVGChart.Series(label: "C kernel", points: points, color: SVGChart.palette[2]))
            }
            var chart = SVGChart(title: "tick.\(kind): ns per channel-frame", series: all)
            (chart.logX, chart.logY, chart.xLabel, chart.width, chart.height) = (true, true, "channels", 420, 220)
            return chart.render()
        }
    }
}

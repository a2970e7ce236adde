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
            (
                "conformance.html", "Conformance",
                (conformanceHTML
                    ?? "<p>No conformance results are stored: <code>make run</code>, <code>motion-bench nightly</code> or <code>motion-bench conform --format json --output reports/conformance.json</code> store them.</p>")
                    + conformanceHistory()
            ),
        ]
        for (file, title, body) in pages {
            try AtomicFile.write(Self.page(title: title, body: body), to: folder.appendingPathComponent(file))
        }
        return folder.appendingPathComponent("index.html")
    }

    /// Each night's conformance, engine by engine: fixtures passed, failed and in error, and the
    /// checks passed of those run.
    func conformanceHistory() -> String {
        let nights = history.filter { $0.conformance != nil || !($0.engines ?? []).isEmpty }
        guard !nights.isEmpty else { return "" }
        func all(_ record: HistoryRecord) -> [JSONConformanceSummary] { record.engines ?? record.conformance.map { [$0] } ?? [] }
        var names: [String] = []
        for record in nights {
            for summary in all(record) where !names.contains(summary.engine ?? "MotionCore") { names.append(summary.engine ?? "MotionCore") }
        }
        var html = "<h2>Conformance by night</h2><table><tr><th>date</th><th>revision</th>" + names.map { "<th>\(markupEscape($0))</th>" }.joined() + "</tr>"
        for record in nights.suffix(30).reversed() {
            let summaries = all(record)
            html +=
                "<tr><td>\(markupEscape(record.run.startedAt))</td><td>\(markupEscape(String((record.run.environment.gitRevision ?? "unknown").prefix(10))))</td>"
            for name in names {
                guard let s = summaries.first(where: { ($0.engine ?? "MotionCore") == name }) else {
                    html += "<td>—</td>"
                    continue
                }
                let checks = s.checksPassed.map { passed in "; checks \(passed)/\(passed + (s.checksFailed ?? 0))" } ?? ""
                let bad = s.failed + s.errors > 0
                html += "<td\(bad ? " class=\"bad\"" : "")>\(s.passed) passed, \(s.failed) failed, \(s.errors) errors\(checks)</td>"
            }
            html += "</tr>"
        }
        return html + "</table>"
    }

    static func page(title: String, body: String) -> String {
        let nav = [
            ("index.html", "Summary"), ("history.html", "History"), ("comparisons.html", "Comparisons"), ("percentiles.html", "Percentiles"),
            ("scaling.html", "Scaling"), ("conformance.html", "Conformance"),
        ].map { "<a href=\"\($0.0)\">\($0.1)</a>" }.joined(separator: " · ")
        return """
            <!doctype html><html><head><meta charset="utf-8"><title>\(markupEscape(title))</title><style>
            body{font-family:sans-serif;margin:1.5em;color:#222}nav{margin-bottom:1em}table{border-collapse:collapse;margin:0.5em 0}
            td,th{padding:2px 10px;border-bottom:1px solid #ddd;text-align:right}td:first-child,th:first-child{text-align:left}
            .bad{color:#b00;font-weight:bold}.good{color:#1a7f37}.charts svg{margin:6px;border:1px solid #ddd;vertical-align:top}
            </style></head><body><nav>\(nav)</nav><h1>\(markupEscape(title))</h1>\(body)</body></html>
            """
    }

    func index() -> String {
        var body = ""
        if let latest {
            let env = latest.environment
            body +=
                "<p>Latest run: \(markupEscape(latest.startedAt)), \(latest.profile) profile, \(latest.threads) threads, \(markupEscape(env.cpuModel)), revision \(markupEscape(String((env.gitRevision ?? "unknown").prefix(10))))\(env.gitDirty == true ? " (dirty)" : "").</p>"
            let incomplete = latest.benchmarks.filter { $0.status != .ok }
            body +=
                "<p>\(latest.benchmarks.count) benchmarks, <span class=\"\(incomplete.isEmpty ? "good" : "bad")\">\(incomplete.count) did not complete</span>.</p>"
            if let machine = latest.machine {
                let busy = machine.busyProcesses > 0 ? " class=\"bad\"" : ""
                body += "<p\(busy)>Machine: \(markupEscape(machine.summary)).</p>"
            }
        }
        if let conformanceSummary { body += "<p>Conformance: \(markupEscape(conformanceSummary)) — <a href=\"conformance.html\">details</a>.</p>" }
        let suspects = SuspectRange.find(in: history, detector: detector)
        if !suspects.isEmpty {
            body +=
                "<h2>Change points in the history</h2><table><tr><th>benchmark</th><th>metric</th><th>ratio</th><th>between</th><th>dates</th><th>cause</th></tr>"
            for s in suspects {
                let cause = s.sameRevision ? "the machine (one revision)" : "a commit in the range"
                body +=
                    "<tr><td>\(markupEscape(s.benchmark))</td><td>\(s.metric.rawValue)</td><td class=\"\(s.ratio > 1 ? "bad" : "good")\">\(String(format: "%.2f×", s.ratio))</td>"
                    + "<td>\(markupEscape(String(s.before.prefix(10))))…\(markupEscape(String(s.after.prefix(10))))</td><td>\(markupEscape(s.beforeDate)) → \(markupEscape(s.afterDate))</td>"
                    + "<td>\(markupEscape(cause + (s.environmentChanges.isEmpty ? "" : "; " + s.environmentChanges.joined(separator: "; "))))</td></tr>"
            }
            body += "</table>"
        }
        if let latest {
            body += "<h2>Engine ticks per channel-frame</h2><div class=\"charts\">" + scalingCharts(latest, onlyThreads: nil).prefix(2).joined() + "</div>"
            if let sideBySide = SideBySide(latest) { body += sideBySide.html() }
            body += "<h2>Latest run</h2><table><tr>" + ReportRow.header.cells.map { "<th>\(markupEscape($0))</th>" }.joined() + "</tr>"
            for b in latest.benchmarks {
                body += "<tr>" + ReportRow(b).cells.map { "<td>\(markupEscape($0))</td>" }.joined() + "</tr>"
            }
            body += "</table>"
        }
        return body
    }

    /// Seconds since 1970 of an ISO 8601 time, if it is one.
    static func seconds(_ iso: String) -> Double? {
        ISO8601DateFormatter().date(from: iso)?.timeIntervalSince1970
    }

    func historyPage() -> String {
        guard !history.isEmpty else { return "<p>No history yet: run <code>motion-bench nightly</code>.</p>" }
        var names: [String] = []
        for record in history { for b in record.run.benchmarks where !names.contains(b.name) { names.append(b.name) } }
        let suspects = SuspectRange.find(in: history, detector: detector).filter { $0.metric == .time }
        let body =
            "<p>\(history.count) runs, \(markupEscape(history.first?.run.startedAt ?? "")) to \(markupEscape(history.last?.run.startedAt ?? "")). "
            + "Each chart: the trimmed mean time per iteration of each run (a point; hover for its interval, revision, date and machine; "
            + "click for the run's record) with its 95% interval (whisker), on an axis from zero. A change point is an orange dashed line "
            + "between the two runs it lies between, with the level before and after it; benchmarks with one come first.</p>"
        let stepped = Set(suspects.map(\.benchmark))
        var charts: [String] = []
        for name in names.sorted(by: { (stepped.contains($0) ? 0 : 1, names.firstIndex(of: $0)!) < (stepped.contains($1) ? 0 : 1, names.firstIndex(of: $1)!) })
        {
            var points: [SVGChart.Point] = []
            for record in history {
                guard let timing = record.run.benchmarks.first(where: { $0.name == name })?.timing, !timing.samples.isEmpty,
                    let x = Self.seconds(record.run.startedAt)
                else { continue }
                let center = Descriptive.trimmedMean(timing.samples)
                let interval = Bootstrap.interval(timing.samples, resamples: 300, statistic: { Descriptive.trimmedMean($0) })
                let environment = record.run.environment
                let note =
                    "\(name)\n\(ChartAxis.duration(center)) (95%: \(ChartAxis.duration(interval.lowerBound))–\(ChartAxis.duration(interval.upperBound)))\n"
                    + "revision \((environment.gitRevision ?? "unknown").prefix(10))\(environment.gitDirty == true ? " (dirty)" : "")\n"
                    + "\(record.run.startedAt), \(record.run.profile) profile\n\(environment.cpuModel), \(environment.logicalCores) CPUs, \(environment.kernel)"
                points.append(
                    SVGChart.Point(
                        x: x, y: center, low: interval.lowerBound, high: interval.upperBound, note: note,
                        link: record.source.map { "../history/" + $0 }))
            }
            var chart = SVGChart(
                title: name, series: [SVGChart.Series(label: "time per iteration", points: points, color: SVGChart.palette[0])],
                x: ChartAxis(.dates, unit: .plain), y: ChartAxis(.linear(fromZero: true), unit: .nanoseconds))
            let changes = detector.detect(points.map(\.y))
            let bounds = [0] + changes.map(\.index) + [points.count]
            chart.levels =
                changes.isEmpty
                ? []
                : zip(bounds, bounds.dropFirst()).compactMap { start, end in
                    guard end > start else { return nil }
                    let level = points[start..<end].map(\.y).reduce(0, +) / Double(end - start)
                    return SVGChart.Level(from: points[start].x, to: points[end - 1].x, y: level)
                }
            chart.markers = changes.map { change in
                let before = points[change.index - 1], after = points[change.index]
                let range = suspects.first {
                    $0.benchmark == name && $0.afterDate == history.first { Self.seconds($0.run.startedAt) == after.x }?.run.startedAt
                }
                let revisions = range.map { "\($0.before.prefix(7))..\($0.after.prefix(7))" } ?? ""
                return SVGChart.Marker(
                    x: (before.x + after.x) / 2, label: "\(ChartAxis.format(change.ratio, unit: .ratio)) \(revisions)",
                    note: range?.summary ?? "change point: \(ChartAxis.format(change.ratio, unit: .ratio))")
            }
            (chart.xLabel, chart.yLabel, chart.width) = ("date of the run (UTC)", "time per iteration", 580)
            charts.append(chart.render())
        }
        return body + "<div class=\"charts\">" + charts.joined() + "</div>"
    }

    func comparisonsPage() -> String {
        guard !comparisons.isEmpty else { return "<p>No revision comparisons yet: run <code>motion-bench compare-revisions A B</code>.</p>" }
        var body = "<p>Newest first. Each chart: one bar per benchmark, sorted by the size of its change.</p>"
        for (name, report) in comparisons.reversed() {
            body +=
                "<h2>\(markupEscape(report.candidate)) against \(markupEscape(report.baseline))</h2><p>"
                + Verdict.allCases.map { "\(report.count($0)) \($0.rawValue)" }.filter { !$0.hasPrefix("0 ") }.joined(separator: ", ")
                + (report.geometricMeanRatio.map { "; geometric mean ratio " + ChartAxis.ratio($0) } ?? "")
                + ". <small>\(markupEscape(name))</small></p>"
            let compared = report.comparisons.filter { $0.ratio != nil }
            let rows = compared.map { c in
                SVGRatioChart.Row(
                    name: c.name, ratio: c.ratio!, interval: c.interval, verdict: c.verdict,
                    note: "\(c.name): \(c.summary)\nratio \(ChartAxis.ratio(c.ratio!))"
                        + (c.interval.map { " (95%: \(ChartAxis.ratio($0[0]))–\(ChartAxis.ratio($0[1])))" } ?? "")
                        + "\nbaseline \(ChartAxis.duration(c.baselineMedian ?? .nan)), candidate \(ChartAxis.duration(c.candidateMedian ?? .nan))")
            }
            let threshold = compared.map(\.threshold).max() ?? 0.1
            body +=
                (report.machine.map { "<p>Machine: \(markupEscape($0)).</p>" } ?? "")
                + "<div class=\"charts\">\(SVGRatioChart(title: "candidate / baseline", rows: rows, threshold: threshold).render())</div>"
                + "<table><tr><th>benchmark</th><th>verdict</th><th>ratio</th><th>95% interval</th><th>baseline</th><th>candidate</th></tr>"
            for c in compared.sorted(by: { abs(log($0.ratio!)) > abs(log($1.ratio!)) }) {
                let cls = c.verdict == .regressed || c.verdict == .digestMismatch ? "bad" : (c.verdict == .improved ? "good" : "")
                body +=
                    "<tr><td>\(markupEscape(c.name))</td><td class=\"\(cls)\">\(markupEscape(c.summary))</td><td>\(ChartAxis.ratio(c.ratio!))</td>"
                    + "<td>\(c.interval.map { "\(ChartAxis.ratio($0[0]))–\(ChartAxis.ratio($0[1]))" } ?? "")</td>"
                    + "<td>\(ChartAxis.duration(c.baselineMedian ?? .nan))</td><td>\(ChartAxis.duration(c.candidateMedian ?? .nan))</td></tr>"
            }
            body += "</table>"
        }
        return body
    }

    func percentilesPage() -> String {
        guard let latest else { return "<p>No run yet.</p>" }
        var body =
            "<p>Each chart: time per iteration at each percentile of the latest run's samples, from the median to p99.9, on a "
            + "\"nines\" axis (p50, p90, p99 and p99.9 equally spaced) and a logarithmic time axis, so the tail is as visible as the middle.</p><div class=\"charts\">"
        for b in latest.benchmarks {
            guard let timing = b.timing else { continue }
            let points = TimingSummary.reportedPercentiles.compactMap { label, p -> SVGChart.Point? in
                guard p >= 50, p < 100, let value = timing.percentiles[label] else { return nil }
                return SVGChart.Point(x: p, y: value, note: "\(b.name) \(label): \(ChartAxis.duration(value))")
            }
            var chart = SVGChart(
                title: b.name, series: [SVGChart.Series(label: "time per iteration", points: points, color: SVGChart.palette[2])],
                x: ChartAxis(.nines, unit: .percentile), y: ChartAxis(.log, unit: .nanoseconds))
            (chart.width, chart.height, chart.xLabel) = (380, 220, "percentile")
            body += chart.render()
        }
        return body + "</div>"
    }

    func scalingPage() -> String {
        guard let latest else { return "<p>No run yet.</p>" }
        return "<p>Time per channel-frame against the channels measured (both axes logarithmic), one thread and all threads, with the C "
            + "kernel where there is one; whiskers are the medians' 95% intervals. Flat is linear scaling; lower is faster.</p><div class=\"charts\">"
            + scalingCharts(latest, onlyThreads: nil).joined() + "</div>"
    }

    /// One chart per engine kind: time per channel-frame against channel count.
    func scalingCharts(_ run: RunResult, onlyThreads: String?) -> [String] {
        let counts: [String: Double] = ["1k": 1e3, "10k": 1e4, "100k": 1e5, "1M": 1e6]
        var kinds: [String] = []
        for b in run.benchmarks where b.name.hasPrefix("tick.") {
            let kind = b.name.split(separator: ".")[1]
            if !kinds.contains(String(kind)) { kinds.append(String(kind)) }
        }
        func point(_ b: BenchmarkResult, _ n: Double, _ t: TimingSummary) -> SVGChart.Point {
            let perElement = t.nanosecondsPerElement, scale = Double(b.elements)
            let interval = t.medianInterval.count == 2 ? (t.medianInterval[0] / scale, t.medianInterval[1] / scale) : (perElement, perElement)
            return SVGChart.Point(
                x: n, y: perElement, low: interval.0, high: interval.1,
                note:
                    "\(b.name): \(ChartAxis.duration(perElement)) per channel-frame (95%: \(ChartAxis.duration(interval.0))–\(ChartAxis.duration(interval.1)))")
        }
        return kinds.map { kind in
            var measured: Set<Double> = []
            func series(_ threads: String, color: String, dashed: Bool) -> SVGChart.Series {
                let points = run.benchmarks.compactMap { b -> SVGChart.Point? in
                    let parts = b.name.split(separator: ".").map(String.init)
                    guard parts.count == 4, parts[0] == "tick", parts[1] == kind, parts[3] == threads, let n = counts[parts[2]], let t = b.timing else {
                        return nil
                    }
                    measured.insert(n)
                    return point(b, n, t)
                }.sorted { $0.x < $1.x }
                return SVGChart.Series(label: threads == "1" ? "1 thread" : "all threads", points: points, color: color, dashed: dashed)
            }
            var all = [series("1", color: SVGChart.palette[0], dashed: false), series("all", color: SVGChart.palette[1], dashed: true)]
            if let reference = ["fluid": "fluid", "closed": "closed", "keyframe": "cubic"][kind] {
                let points = run.benchmarks.compactMap { b -> SVGChart.Point? in
                    let parts = b.name.split(separator: ".").map(String.init)
                    guard parts.count == 3, parts[0] == "c", parts[1] == reference, let n = counts[parts[2]], let t = b.timing else { return nil }
                    measured.insert(n)
                    return point(b, n, t)
                }.sorted { $0.x < $1.x }
                all.append(SVGChart.Series(label: "C kernel", points: points, color: SVGChart.palette[2]))
            }
            var chart = SVGChart(
                title: "tick.\(kind): time per channel-frame", series: all,
                x: ChartAxis(.log, unit: .count, ticks: measured.sorted()), y: ChartAxis(.log, unit: .nanoseconds))
            (chart.xLabel, chart.yLabel, chart.width, chart.height) = ("channels", "per channel-frame", 440, 250)
            return chart.render()
        }
    }
}

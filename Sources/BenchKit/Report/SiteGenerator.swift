import Foundation

/// The static report site under `reports/site/`: self-contained HTML pages (no scripts, fonts or
/// styles from outside) with SVG charts drawn by `SVGChart`.
///
/// - index.html: summary of the latest run, conformance, suspect change points, links;
/// - history.html: each benchmark's history with change-point markers and confidence bands, for
///   the first machine; history-2.html, … for each other machine, with a picker between them;
/// - machines.html: each benchmark's newest time on every machine, side by side;
/// - comparisons.html: revision comparisons, ratios with their intervals;
/// - regression-N-NAME.html: where each attributed regression came from, function by function;
/// - percentiles.html: the latest run's percentile curves;
/// - scaling.html: time per channel-frame against channel count, one thread and all threads;
/// - conformance.html: the conformance results with expected-against-actual curves.
public struct SiteGenerator {
    public var latest: RunResult?
    /// Each machine's history (the first is the latest run's), as much of it as is drawn.
    public var machines: [MachineHistory] = []
    public var comparisons: [(name: String, report: ComparisonReport)] = []
    /// The conformance page's body and its one-line summary, rendered by the conformance module.
    public var conformanceHTML: String?
    public var conformanceSummary: String?
    public var detector = ChangePointDetector()
    /// The scaling charts' grouping; nil: no scaling charts.
    public var scaling: ScalingCharts?
    /// The index page's title.
    public var title = "Benchmark report"

    public init() {}

    /// Writes the site into `folder`; returns the index page.
    @discardableResult
    public func write(to folder: URL) throws -> URL {
        let pages: [(String, String, String)] = [
            ("index.html", title, index()),
            ("machines.html", "Machines", machinesPage()),
            ("comparisons.html", "Revision comparisons", comparisonsPage()),
            ("percentiles.html", "Percentiles", percentilesPage()),
            ("scaling.html", "Scaling", scalingPage()),
            (
                "conformance.html", "Conformance",
                (conformanceHTML
                    ?? "<p>No conformance results are stored in this reports folder: a nightly job stores them, and so does a conformance report written as JSON to <code>conformance.json</code> in it.</p>")
                    + conformanceHistory()
            ),
        ]
        var all = pages
        for (index, machine) in (machines.isEmpty ? [nil] : machines.map(Optional.some)).enumerated() {
            let title = machine.map { "History: \($0.name)" } ?? "History"
            all.insert((Self.historyFile(index), title, machinePicker(index) + historyPage(machine)), at: 1 + index)
        }
        all += attributionPages().map { ($0.file, $0.title, $0.body) }
        for (file, title, body) in all {
            try AtomicFile.write(Self.page(title: title, body: body), to: folder.appendingPathComponent(file))
        }
        return folder.appendingPathComponent("index.html")
    }

    /// Each night's conformance, engine by engine: fixtures passed, failed and in error, and the
    /// checks passed of those run.
    func conformanceHistory() -> String {
        let nights = (machines.first?.runs ?? []).filter { !$0.conformance.isEmpty }
        guard !nights.isEmpty else { return "" }
        func all(_ run: HistoryRun) -> [JSONConformanceSummary] { run.conformance }
        var names: [String] = []
        for record in nights {
            for summary in all(record) where !names.contains(summary.engine ?? "MotionCore") { names.append(summary.engine ?? "MotionCore") }
        }
        var html = "<h2>Conformance by night</h2><table><tr><th>date</th><th>revision</th>" + names.map { "<th>\(markupEscape($0))</th>" }.joined() + "</tr>"
        for record in nights.suffix(30).reversed() {
            let summaries = all(record)
            html +=
                "<tr><td>\(markupEscape(record.startedAt))</td><td>\(markupEscape(String((record.environment.revision ?? "unknown").prefix(10))))</td>"
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
            ("index.html", "Summary"), ("history.html", "History"), ("machines.html", "Machines"), ("comparisons.html", "Comparisons"),
            ("percentiles.html", "Percentiles"),
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
                "<p>Latest run: \(markupEscape(latest.startedAt)), \(latest.profile) profile, \(latest.threads) threads, \(markupEscape(env.cpuModel)), revision \(markupEscape(String((env.revision ?? "unknown").prefix(10))))\(env.dirty == true ? " (dirty)" : "").</p>"
            let incomplete = latest.benchmarks.filter { $0.status != .ok }
            body +=
                "<p>\(latest.benchmarks.count) benchmarks, <span class=\"\(incomplete.isEmpty ? "good" : "bad")\">\(incomplete.count) did not complete</span>.</p>"
            if let machine = latest.machine {
                let busy = machine.busyProcesses > 0 ? " class=\"bad\"" : ""
                body += "<p\(busy)>Machine: \(markupEscape(machine.summary)).</p>"
            }
        }
        if let conformanceSummary { body += "<p>Conformance: \(markupEscape(conformanceSummary)) — <a href=\"conformance.html\">details</a>.</p>" }
        let suspects = machines.first.map(changePoints) ?? []
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
            // One headline time on every page: the trimmed mean, which the history, the machines
            // page, change points and verdicts use; the run table's median and percentiles follow it, labelled.
            body +=
                "<h2>Latest run</h2><p>Time per iteration: the trimmed mean (20% trimmed, as on the History and Machines pages) is the headline; "
                + "the median and percentiles are the samples' distribution, for reference.</p><table><tr><th>benchmark</th><th>trimmed mean</th>"
                + ReportRow.header.cells.dropFirst().map { "<th>\(markupEscape($0 == "median" ? "median (reference)" : $0))</th>" }.joined() + "</tr>"
            for b in latest.benchmarks {
                let cells = ReportRow(b).cells
                let headline = b.timing.map { formatNanoseconds(Descriptive.trimmedMean($0.samples)) } ?? ""
                body += "<tr><td>\(markupEscape(cells[0]))</td><td>\(markupEscape(headline))</td>"
                body += cells.dropFirst().map { "<td>\(markupEscape($0))</td>" }.joined() + "</tr>"
            }
            body += "</table>"
        }
        return body
    }

    /// Seconds since 1970 of an ISO 8601 time, if it is one.
    /// The runs' own form, `YYYY-MM-DDTHH:MM:SSZ`, is read directly (making a formatter costs
    /// more than reading hundreds of dates); any other form goes to Foundation's parser.
    static func seconds(_ iso: String) -> Double? {
        let digits = Array(iso.utf8)
        guard digits.count == 20, digits[4] == 45, digits[7] == 45, digits[10] == 84, digits[13] == 58, digits[16] == 58, digits[19] == 90 else {
            return ISO8601DateFormatter().date(from: iso)?.timeIntervalSince1970
        }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard (48...57).contains(digits[i]) else { return nil }
                value = value * 10 + Int(digits[i] - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13), let minute = number(14..<16),
            let second = number(17..<19), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        // Days since 1970-01-01 of a proleptic Gregorian date (the civil-from-days inverse).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second)
    }

    /// The history page of the `index`th machine: history.html, then history-2.html, ….
    static func historyFile(_ index: Int) -> String { index == 0 ? "history.html" : "history-\(index + 1).html" }

    /// Links to every machine's history page, the current one in bold.
    func machinePicker(_ current: Int) -> String {
        guard machines.count > 1 else { return "" }
        return "<p>Machine: "
            + machines.enumerated().map { index, m in
                index == current ? "<b>\(markupEscape(m.name))</b>" : "<a href=\"\(Self.historyFile(index))\">\(markupEscape(m.name))</a>"
            }.joined(separator: " · ") + "</p>"
    }

    /// A machine's change points: those the store keeps, else those of the runs drawn.
    func changePoints(_ machine: MachineHistory) -> [SuspectRange] {
        machine.changePoints ?? SuspectRange.find(in: machine.runs, detector: detector)
    }

    /// Each benchmark's newest trimmed mean on every machine: the same benchmark side by side
    /// (each machine's own series; nothing is compared across machines).
    func machinesPage() -> String {
        guard !machines.isEmpty else { return "<p>No history yet: run <code>\(ToolName.current) nightly</code>.</p>" }
        var names: [String] = [], seen: Set<String> = []
        for m in machines { for run in m.runs { for name in run.benchmarks where seen.insert(name).inserted { names.append(name) } } }
        var body =
            "<p>\(machines.count) machine\(machines.count == 1 ? "" : "s"). Each cell: the benchmark's trimmed mean time per iteration in the machine's newest run "
            + "that measured it, with its 95% interval; each machine's history is on its own page.</p><table><tr><th>machine</th><th>runs</th><th>newest</th><th>CPU</th></tr>"
        for (index, m) in machines.enumerated() {
            let newest = m.runs.last
            body +=
                "<tr><td><a href=\"\(Self.historyFile(index))\">\(markupEscape(m.name))</a></td><td>\(m.totalRuns)</td><td>\(markupEscape(newest?.startedAt ?? "—"))</td>"
                + "<td>\(markupEscape(newest.map { "\($0.environment.cpuModel), \($0.environment.logicalCores) CPUs" } ?? "—"))</td></tr>"
        }
        body += "</table><table><tr><th>benchmark</th>" + machines.map { "<th>\(markupEscape($0.name))</th>" }.joined() + "</tr>"
        for name in names {
            body += "<tr><td>\(markupEscape(name))</td>"
            for m in machines {
                guard let measure = m.runs.last(where: { $0.measures[name]?.center != nil })?.measures[name], let center = measure.center else {
                    body += "<td>—</td>"
                    continue
                }
                let interval = measure.low.flatMap { low in measure.high.map { " (\(ChartAxis.duration(low))–\(ChartAxis.duration($0)))" } } ?? ""
                body += "<td>\(ChartAxis.duration(center))<small>\(interval)</small></td>"
            }
            body += "</tr>"
        }
        return body + "</table>"
    }

    func historyPage(_ machine: MachineHistory?) -> String {
        guard let machine, !machine.runs.isEmpty else { return "<p>No history yet: run <code>\(ToolName.current) nightly</code>.</p>" }
        let history = machine.runs
        var names: [String] = [], seen: Set<String> = []
        for run in history { for name in run.benchmarks where seen.insert(name).inserted { names.append(name) } }
        let position = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let suspects = changePoints(machine).filter { $0.metric == .time }
        let instructionSuspects = changePoints(machine).filter { $0.metric == .instructions }
        let earlier = machine.totalRuns - history.count
        let body =
            "<p>\(markupEscape(machine.name)): \(history.count) runs, \(markupEscape(history.first?.startedAt ?? "")) to \(markupEscape(history.last?.startedAt ?? ""))"
            + (earlier > 0 ? " (the newest of \(machine.totalRuns); the store keeps the \(earlier) before them)" : "") + ". "
            + "Each chart: the trimmed mean time per iteration of each run (a point; hover for its interval, revision, date and machine; "
            + "click for the run's record) with its 95% interval (whisker), on an axis from zero. A change point is an orange dashed line "
            + "between the two runs it lies between, with the level before and after it; benchmarks with one come first. "
            + "A benchmark whose instructions per iteration changed has a second chart of them, with that change point.</p>"
        let stepped = Set((suspects + instructionSuspects).map(\.benchmark))
        var charts: [String] = []
        // Each run's date once: where the run sits on every chart, and which run a point is.
        let dates = history.map { Self.seconds($0.startedAt) }
        var runAt: [Double: String] = [:]
        for (run, x) in zip(history, dates) { if let x, runAt[x] == nil { runAt[x] = run.startedAt } }
        for name in names.sorted(by: { (stepped.contains($0) ? 0 : 1, position[$0]!) < (stepped.contains($1) ? 0 : 1, position[$1]!) }) {
            var points: [SVGChart.Point] = []
            for (record, x) in zip(history, dates) {
                guard let measure = record.measures[name], let center = measure.center, let x else { continue }
                let (low, high) = (measure.low ?? center, measure.high ?? center)
                let environment = record.environment
                let note =
                    "\(name)\n\(ChartAxis.duration(center)) (95%: \(ChartAxis.duration(low))–\(ChartAxis.duration(high)))\n"
                    + "revision \((environment.revision ?? "unknown").prefix(10))\(environment.dirty == true ? " (dirty)" : "")\n"
                    + "\(record.startedAt), \(record.profile) profile\n\(environment.cpuModel), \(environment.logicalCores) CPUs, \(environment.kernel)"
                points.append(SVGChart.Point(x: x, y: center, low: low, high: high, note: note, link: record.source.map { "../history/" + $0 }))
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
                    $0.benchmark == name && $0.afterDate == runAt[after.x]
                }
                let culprit = range.flatMap { range in machine.bisected.first { $0.range.sameChange(as: range) } }
                let revisions = range.map { "\($0.before.prefix(7))..\($0.after.prefix(7))" } ?? ""
                return SVGChart.Marker(
                    x: (before.x + after.x) / 2,
                    label: "\(ChartAxis.format(change.ratio, unit: .ratio)) \(culprit.map { "culprit \($0.culprit.prefix(7))" } ?? revisions)",
                    note: (range?.summary ?? "change point: \(ChartAxis.format(change.ratio, unit: .ratio))")
                        + (culprit.map { "\nbisected to \($0.culprit.prefix(10)): click for where its work changed" } ?? ""),
                    link: culprit.map(Self.culpritFile))
            }
            (chart.xLabel, chart.yLabel, chart.width) = ("date of the run (UTC)", "time per iteration", 580)
            charts.append(chart.render())
            if let counted = instructionChart(
                name, history: history, dates: dates, changes: instructionSuspects.filter { $0.benchmark == name }, bisected: machine.bisected)
            {
                charts.append(counted)
            }
        }
        return body + bisectedTable(machine) + "<div class=\"charts\">" + charts.joined() + "</div>"
    }

    /// A benchmark's instructions per iteration over the runs, with the change points found in
    /// them as dashed lines between the two runs each lies between: drawn for the benchmarks
    /// whose instructions changed, so that a change announced on the summary is seen here too.
    func instructionChart(_ name: String, history: [HistoryRun], dates: [Double?], changes: [SuspectRange], bisected: [BisectedChangePoint] = [])
        -> String?
    {
        guard !changes.isEmpty else { return nil }
        var points: [SVGChart.Point] = []
        for (record, x) in zip(history, dates) {
            guard let count = record.measures[name]?.instructions, let x else { continue }
            points.append(
                SVGChart.Point(
                    x: x, y: count,
                    note: "\(name)\n\(ChartAxis.format(count, unit: .count)) instructions per iteration\n"
                        + "revision \((record.environment.revision ?? "unknown").prefix(10))\n\(record.startedAt)"))
        }
        guard points.count >= 2 else { return nil }
        var chart = SVGChart(
            title: "\(name): instructions", series: [SVGChart.Series(label: "instructions per iteration", points: points, color: SVGChart.palette[1])],
            x: ChartAxis(.dates, unit: .plain), y: ChartAxis(.linear(fromZero: true), unit: .count))
        chart.markers = changes.compactMap { change in
            guard let before = Self.seconds(change.beforeDate), let after = Self.seconds(change.afterDate) else { return nil }
            let culprit = bisected.first { $0.range.sameChange(as: change) }
            let label =
                "\(ChartAxis.format(change.ratio, unit: .ratio)) "
                + (culprit.map { "culprit \($0.culprit.prefix(7))" } ?? "\(change.before.prefix(7))..\(change.after.prefix(7))")
            return SVGChart.Marker(
                x: (before + after) / 2, label: label,
                note: change.summary + (culprit.map { "\nbisected to \($0.culprit.prefix(10)): click for where its work changed" } ?? ""),
                link: culprit.map(Self.culpritFile))
        }
        (chart.xLabel, chart.yLabel, chart.width) = ("date of the run (UTC)", "instructions per iteration", 580)
        return chart.render()
    }

    /// The change points bisected to a commit, newest first, each linked to its page.
    func bisectedTable(_ machine: MachineHistory) -> String {
        guard !machine.bisected.isEmpty else { return "" }
        var html =
            "<h2>Change points bisected to a commit</h2><table><tr><th>benchmark</th><th>range</th><th>change</th><th>culprit</th><th>culprit against its parent</th></tr>"
        for point in machine.bisected {
            let range = point.range
            html +=
                "<tr><td>\(markupEscape(range.benchmark))</td><td>\(markupEscape("\(range.before.prefix(7))..\(range.after.prefix(7))")) (\(markupEscape(range.afterDate)))</td>"
                + "<td>\(ChartAxis.ratio(range.ratio))\(range.metric == .instructions ? " instructions" : "")</td>"
                + "<td><a href=\"\(Self.culpritFile(point))\">\(markupEscape(String(point.culprit.prefix(10))))</a></td>"
                + "<td>\(markupEscape(point.benchmarkComparison?.verdictLabel ?? "no verdict"))\(point.benchmarkComparison?.attribution != nil ? ", attributed" : "")</td></tr>"
        }
        return html + "</table>"
    }

    func comparisonsPage() -> String {
        guard !comparisons.isEmpty else { return "<p>No revision comparisons yet: run <code>\(ToolName.current) compare-revisions A B</code>.</p>" }
        var body = "<p>Newest first. Each chart: one bar per benchmark, sorted by the size of its change.</p>"
        for (position, (name, report)) in comparisons.enumerated().reversed() {
            body +=
                "<h2>\(markupEscape(report.candidate)) against \(markupEscape(report.baseline))</h2><p>"
                + Verdict.allCases.map { "\(report.count($0)) \($0.rawValue)" }.filter { !$0.hasPrefix("0 ") }.joined(separator: ", ")
                + (report.geometricMeanRatio.map { "; geometric mean time ratio " + ChartAxis.ratio($0) } ?? "")
                + ". <small>\(markupEscape(name))</small></p>"
            // Each bar and row shows the ratio that decided its verdict (an exact count's where a
            // count did), the other measure in the notes.
            let compared = report.comparisons.filter { $0.decidingRatio != nil }
            func notes(_ c: BenchmarkComparison) -> String {
                [unreliableIntervalCaveat(c.decidingInterval), c.timeNote, c.thresholdNote.map { "threshold \($0)" }, c.busy, c.message].compactMap { $0 }
                    .joined(separator: "; ")
            }
            let rows = compared.map { c in
                SVGRatioChart.Row(
                    name: c.name + ((c.decidedBy ?? [.time]).contains(.time) ? "" : " (" + (c.decidedBy ?? []).map(\.rawValue).joined(separator: ", ") + ")"),
                    ratio: c.decidingRatio!, interval: c.decidingInterval, verdict: c.verdict,
                    note: "\(c.name): \(c.verdictLabel)\nratio \(ChartAxis.ratio(c.decidingRatio!))"
                        + (c.decidingInterval.map { " (95%: \(ChartAxis.ratio($0[0]))–\(ChartAxis.ratio($0[1])))" } ?? "")
                        + "\nbaseline \(ChartAxis.duration(c.baselineMedian ?? .nan)), candidate \(ChartAxis.duration(c.candidateMedian ?? .nan))"
                        + (notes(c).isEmpty ? "" : "\n" + notes(c)))
            }
            let threshold = compared.map(\.threshold).max() ?? 0.1
            body +=
                (report.machine.map { "<p>Machine: \(markupEscape($0)).</p>" } ?? "")
                + "<div class=\"charts\">\(SVGRatioChart(title: "candidate / baseline", rows: rows, threshold: threshold).render())</div>"
                + "<table><tr><th>benchmark</th><th>verdict</th><th>decided by</th><th>ratio</th><th>95% interval</th><th>baseline</th><th>candidate</th>"
                + "<th>notes</th></tr>"
            for c in compared.sorted(by: { abs(log($0.decidingRatio!)) > abs(log($1.decidingRatio!)) }) {
                let cls = c.verdict == .regressed || c.verdict == .digestMismatch ? "bad" : (c.verdict == .improved ? "good" : "")
                body +=
                    "<tr><td>\(markupEscape(c.name))</td><td class=\"\(cls)\">\(markupEscape(c.summary))</td>"
                    + "<td>\((c.decidedBy ?? [.time]).map(\.rawValue).joined(separator: " and "))</td><td>\(ChartAxis.ratio(c.decidingRatio!))</td>"
                    + "<td>\(c.decidingInterval.map { "\(ChartAxis.ratio($0[0]))–\(ChartAxis.ratio($0[1]))" } ?? "exact (counted)")</td>"
                    + "<td>\(ChartAxis.duration(c.baselineMedian ?? .nan))</td><td>\(ChartAxis.duration(c.candidateMedian ?? .nan))</td>"
                    + "<td>\(markupEscape(notes(c)))"
                    + (c.attribution != nil
                        ? " <a href=\"\(Self.attributionFile(comparison: position, benchmark: c.name))\">where it came from</a>" : "")
                    + "</td></tr>"
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

    /// One chart per group the application's `scaling` places benchmarks in: time per element
    /// against the element count, a line per series, whiskers the medians' 95% intervals.
    func scalingCharts(_ run: RunResult, onlyThreads: String?) -> [String] {
        guard let scaling else { return [] }
        var charts: [String] = []
        var placed: [String: [(series: Int, point: SVGChart.Point)]] = [:]
        for b in run.benchmarks {
            guard let place = scaling.place(b.name), let t = b.timing, scaling.series.indices.contains(place.series) else { continue }
            if !charts.contains(place.chart) { charts.append(place.chart) }
            let perElement = t.nanosecondsPerElement, scale = Double(b.elements)
            let interval = t.medianInterval.count == 2 ? (t.medianInterval[0] / scale, t.medianInterval[1] / scale) : (perElement, perElement)
            let point = SVGChart.Point(
                x: Double(b.elements), y: perElement, low: interval.0, high: interval.1,
                note:
                    "\(b.name): \(ChartAxis.duration(perElement)) per \(scaling.element) (95%: \(ChartAxis.duration(interval.0))–\(ChartAxis.duration(interval.1)))"
            )
            placed[place.chart, default: []].append((place.series, point))
        }
        return charts.map { name in
            let points = placed[name] ?? []
            let series = scaling.series.enumerated().compactMap { index, label -> SVGChart.Series? in
                let mine = points.filter { $0.series == index }.map(\.point).sorted { $0.x < $1.x }
                return mine.isEmpty && index > 1
                    ? nil : SVGChart.Series(label: label, points: mine, color: SVGChart.palette[index % SVGChart.palette.count], dashed: index == 1)
            }
            var chart = SVGChart(
                title: "\(name): time per \(scaling.element)", series: series,
                x: ChartAxis(.log, unit: .count, ticks: Array(Set(points.map(\.point.x))).sorted()), y: ChartAxis(.log, unit: .nanoseconds))
            (chart.xLabel, chart.yLabel, chart.width, chart.height) = (scaling.elements, "per \(scaling.element)", 440, 250)
            return chart.render()
        }
    }
}

/// One machine's history as the site draws it.
public struct MachineHistory: Sendable {
    /// The machine's readable name, and its series key (machine and build).
    public var name: String
    public var seriesKey: String
    /// The runs drawn, oldest first: the newest of the series.
    public var runs: [HistoryRun]
    /// How many runs the series holds in all.
    public var totalRuns: Int
    /// The change points the store keeps for the series; nil: found in `runs`.
    public var changePoints: [SuspectRange]?
    /// The change points a bisection narrowed to a commit, each with its page.
    public var bisected: [BisectedChangePoint] = []

    public init(name: String, seriesKey: String, runs: [HistoryRun], totalRuns: Int? = nil, changePoints: [SuspectRange]? = nil) {
        (self.name, self.seriesKey, self.runs, self.totalRuns, self.changePoints) = (name, seriesKey, runs, totalRuns ?? runs.count, changePoints)
    }
}

/// How the site groups benchmarks into scaling charts — which chart and which line of it each
/// benchmark belongs to — given by the application that names its benchmarks.
public struct ScalingCharts: Sendable {
    public struct Place: Sendable, Equatable {
        /// The chart's name (its title starts with it).
        public var chart: String
        /// The index of its line in `series`.
        public var series: Int
        public init(chart: String, series: Int) { (self.chart, self.series) = (chart, series) }
    }

    /// The lines of every chart, in drawing order: the first solid, the second dashed.
    public var series: [String]
    /// What one element is, and the axis of their count: "channel-frame", "channels".
    public var element: String
    public var elements: String
    /// Each benchmark's chart and line; nil leaves the benchmark out.
    public var place: @Sendable (String) -> Place?

    public init(series: [String], element: String, elements: String, place: @escaping @Sendable (String) -> Place?) {
        (self.series, self.element, self.elements, self.place) = (series, element, elements, place)
    }
}

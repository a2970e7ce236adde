import Foundation

extension SiteGenerator {
    /// The page of each attributed regression in the comparisons, and of each bisected change
    /// point in the machines' histories: its file name, title and body.
    func attributionPages() -> [(file: String, title: String, body: String)] {
        let regressions = comparisons.enumerated().flatMap { index, entry in
            entry.report.comparisons.compactMap { c -> (String, String, String)? in
                guard let attribution = c.attribution else { return nil }
                let body =
                    "<p>\(markupEscape(entry.report.candidate)) against \(markupEscape(entry.report.baseline)): \(markupEscape(c.verdictLabel))"
                    + (c.decidingRatio.map { ", ratio \(ChartAxis.ratio($0))" } ?? "") + ". <small>\(markupEscape(entry.name))</small></p>"
                return (Self.attributionFile(comparison: index, benchmark: c.name), "Where \(c.name) regressed", body + Self.attributionBody(attribution))
            }
        }
        return regressions + machines.flatMap(\.bisected).map(culpritPage)
    }

    /// A bisected change point: the range, the culprit, the culprit's comparison against its
    /// parent and, when it regressed, where its work changed.
    func culpritPage(_ point: BisectedChangePoint) -> (file: String, title: String, body: String) {
        let range = point.range
        var body =
            "<p>The change point of \(markupEscape(range.benchmark)) between \(markupEscape(String(range.before.prefix(10)))) (\(markupEscape(range.beforeDate))) "
            + "and \(markupEscape(String(range.after.prefix(10)))) (\(markupEscape(range.afterDate))), \(ChartAxis.ratio(range.ratio))"
            + "\(range.metric == .instructions ? " in instructions" : ""), was bisected to <b>\(markupEscape(String(point.culprit.prefix(10))))</b>.</p>"
        guard let c = point.benchmarkComparison else {
            return (
                Self.culpritFile(point), "Where \(range.benchmark) changed", body + "<p>Its comparison against its parent has no verdict on this benchmark.</p>"
            )
        }
        body +=
            "<p>The culprit against its parent (\(markupEscape(point.comparison.baseline)) → \(markupEscape(point.comparison.candidate))): "
            + "\(markupEscape(c.verdictLabel))\(c.decidingRatio.map { ", ratio \(ChartAxis.ratio($0))" } ?? ""). <small>\(markupEscape(point.comparisonName))</small></p>"
        if let attribution = c.attribution {
            body += Self.attributionBody(attribution)
        } else {
            body += "<p>\(markupEscape(c.attributionNote ?? "No function is named: the culprit alone did not regress against its parent."))</p>"
        }
        return (Self.culpritFile(point), "Where \(range.benchmark) changed", body)
    }

    /// The functions whose work changed, drawn and tabled; or, with the instructions unchanged,
    /// the simulated cache events that did.
    static func attributionBody(_ attribution: InstructionAttribution) -> String {
        var body = ""
        if attribution.instructionsUnchanged {
            body +=
                "<p>The instructions did not change (\(formatCount(attribution.baselineInstructions)) → "
                + "\(formatCount(attribution.candidateInstructions)) an iteration): no function did more work, so none is named.</p>"
            if let cache = attribution.cache, !cache.isEmpty {
                body += "<h2>Simulated caches, per iteration</h2><table><tr><th>event</th><th>baseline</th><th>candidate</th><th>change</th></tr>"
                for event in cache {
                    body +=
                        "<tr><td>\(markupEscape(event.meaning)) (\(event.event))</td><td>\(formatCount(event.baseline))</td>"
                        + "<td>\(formatCount(event.candidate))</td>"
                        + "<td class=\"bad\">\(event.baseline > 0 ? String(format: "×%.2f", event.candidate / event.baseline) : "from 0")</td></tr>"
                }
                body += "</table>"
            }
        } else {
            body += "<div class=\"charts\">\(SVGAttributionChart(attribution).render())</div>"
            body += "<table><tr><th>function</th><th>where</th><th>self change</th><th>share</th><th>self</th><th>inclusive</th></tr>"
            for function in attribution.functions {
                let place = function.file.map { "\(URL(fileURLWithPath: $0).lastPathComponent)\(function.line.map { ":\($0)" } ?? "")" } ?? ""
                body +=
                    "<tr><td>\(markupEscape(function.name))</td><td>\(markupEscape(place))</td>"
                    + "<td class=\"\(function.selfChange > 0 ? "bad" : "good")\">\(InstructionAttribution.signed(function.selfChange))</td>"
                    + "<td>\(attribution.sharePercent(function.selfChange).map { String(format: "%.1f%%", $0) } ?? "")</td>"
                    + "<td>\(formatCount(function.baselineSelf)) → \(formatCount(function.candidateSelf))</td>"
                    + "<td>\(formatCount(function.baselineInclusive)) → \(formatCount(function.candidateInclusive))</td></tr>"
            }
            body += "<tr><td>elsewhere</td><td></td><td>\(InstructionAttribution.signed(attribution.elsewhere))</td><td></td><td></td><td></td></tr></table>"
        }
        if attribution.fromOneThread {
            body += "<p>Attributed from a one-thread run of the same workload: callgrind runs a program's threads one at a time.</p>"
        }
        return body + attribution.notes.map { "<p>\(markupEscape($0))</p>" }.joined()
    }

    /// `regression-3-tiny.step.html`: the comparison's place in the list and the benchmark.
    static func attributionFile(comparison: Int, benchmark: String) -> String {
        "regression-\(comparison + 1)-\(safeName(benchmark)).html"
    }

    /// `culprit-tiny.step-0123abcd45.html`: the benchmark and the culprit commit.
    static func culpritFile(_ point: BisectedChangePoint) -> String {
        "culprit-\(safeName(point.range.benchmark))-\(safeName(String(point.culprit.prefix(10))))-\(point.range.metric.rawValue).html"
    }

    static func safeName(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
    }
}

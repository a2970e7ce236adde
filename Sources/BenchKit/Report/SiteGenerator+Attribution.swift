import Foundation

extension SiteGenerator {
    /// The page of each attributed regression in the comparisons: its file name, title and body.
    func attributionPages() -> [(file: String, title: String, body: String)] {
        comparisons.enumerated().flatMap { index, entry in
            entry.report.comparisons.compactMap { c -> (String, String, String)? in
                guard let attribution = c.attribution else { return nil }
                let title = "Where \(c.name) regressed"
                var body =
                    "<p>\(markupEscape(entry.report.candidate)) against \(markupEscape(entry.report.baseline)): \(markupEscape(c.verdictLabel))"
                    + (c.decidingRatio.map { ", ratio \(ChartAxis.ratio($0))" } ?? "") + ". <small>\(markupEscape(entry.name))</small></p>"
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
                    body +=
                        "<table><tr><th>function</th><th>where</th><th>self change</th><th>share</th><th>self</th><th>inclusive</th></tr>"
                    for function in attribution.functions {
                        let place = function.file.map { "\(URL(fileURLWithPath: $0).lastPathComponent)\(function.line.map { ":\($0)" } ?? "")" } ?? ""
                        body +=
                            "<tr><td>\(markupEscape(function.name))</td><td>\(markupEscape(place))</td>"
                            + "<td class=\"\(function.selfChange > 0 ? "bad" : "good")\">\(InstructionAttribution.signed(function.selfChange))</td>"
                            + "<td>\(attribution.sharePercent(function.selfChange).map { String(format: "%.1f%%", $0) } ?? "")</td>"
                            + "<td>\(formatCount(function.baselineSelf)) → \(formatCount(function.candidateSelf))</td>"
                            + "<td>\(formatCount(function.baselineInclusive)) → \(formatCount(function.candidateInclusive))</td></tr>"
                    }
                    body +=
                        "<tr><td>elsewhere</td><td></td><td>\(InstructionAttribution.signed(attribution.elsewhere))</td><td></td><td></td><td></td></tr></table>"
                }
                if attribution.fromOneThread {
                    body += "<p>Attributed from a one-thread run of the same workload: callgrind runs a program's threads one at a time.</p>"
                }
                body += attribution.notes.map { "<p>\(markupEscape($0))</p>" }.joined()
                return (Self.attributionFile(comparison: index, benchmark: c.name), title, body)
            }
        }
    }

    /// `regression-3-tiny.step.html`: the comparison's place in the list and the benchmark.
    static func attributionFile(comparison: Int, benchmark: String) -> String {
        let safe = String(benchmark.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        return "regression-\(comparison + 1)-\(safe).html"
    }
}

import Foundation

/// A comparison is written as text, Markdown (sorted by impact, for a CI step summary or a pull
/// request comment), JSON or JUnit.
extension ComparisonReport: RenderableResult {
    public static let formats: [OutputFormat] = [.text, .markdown, .json, .junit]
    public static let kind = "a comparison"

    public func render(_ format: OutputFormat) throws -> String {
        let report = self
        switch format {
        case .json: return String(decoding: try ResultFiles.encoder.encode(report), as: UTF8.self) + "\n"
        case .junit: return JUnitReport.render(report)
        case .csv, .github, .html: throw Self.unrendered(format)
        case .text, .markdown:
            let markdown = format == .markdown
            let sorted = report.comparisons.sorted { impact($0) > impact($1) }
            var lines: [String] = []
            // Markdown: every part its own paragraph (a line break alone would join them).
            let gap = markdown ? [""] : []
            lines.append((markdown ? "## " : "") + "\(ToolName.current) compare: \(report.candidate) against \(report.baseline)")
            let counts = Verdict.allCases.map { "\(report.count($0)) \($0.rawValue)" }.filter { !$0.hasPrefix("0 ") }
            lines += gap + [counts.joined(separator: ", ") + (report.geometricMeanRatio.map { String(format: "; geometric mean time ratio %.3f", $0) } ?? "")]
            if !report.comparedAnything {
                lines += gap + ["nothing was compared: the two runs share no benchmark with timings (exit 1)"]
            }
            if let machine = report.machine { lines += gap + ["machine: " + machine] }
            // The ratio beside a verdict is the one that decided it: the time's, with its
            // interval, or an exact count's ("1.011 instructions"), the time's then in the notes.
            let header = ["benchmark", "verdict", "ratio", "95% interval", "p (null hypothesis)", "over", "baseline", "candidate", "notes"]
            if markdown {
                lines += ["", "| " + header.joined(separator: " | ") + " |", "|" + String(repeating: "---|", count: header.count)]
            }
            var rows = [header]
            for c in sorted {
                let byTime = (c.decidedBy ?? [.time]).contains(.time)
                let interval = c.decidingInterval.map { String(format: "%.3f–%.3f", $0[0], $0[1]) } ?? (byTime ? "" : "exact (counted)")
                let p = byTime ? c.pValue.map { String(format: "p = %.2g", $0) + (c.hypothesis.map { " (\($0))" } ?? "") } ?? "" : ""
                let ratio =
                    c.decidingRatio.map { String(format: "%.3f", $0) + (byTime ? "" : " " + (c.decidedBy ?? []).map(\.rawValue).joined(separator: ", ")) } ?? ""
                let notes = [
                    unreliableIntervalCaveat(c.decidingInterval), c.timeNote, c.thresholdNote.map { "threshold \($0)" },
                    instructionNote(c) ?? c.instructionsNote.map { "instructions \($0)" }, c.busy,
                    c.message,
                ].compactMap { $0 }.joined(separator: "; ")
                let cells = [
                    c.name, c.verdictLabel, ratio, interval, p, c.design ?? "",
                    formatNanoseconds(c.baselineMedian), formatNanoseconds(c.candidateMedian),
                ]
                if markdown {
                    lines.append("| " + (cells + [notes]).joined(separator: " | ") + " |")
                } else {
                    rows.append(cells + [notes])
                }
            }
            if !markdown && !sorted.isEmpty { lines += textTable(rows, leftAligned: [0, 1, 3, 4, 5, 8]) }
            // Each regression's cause, where its work changed, under the table.
            let attributed = sorted.filter { $0.attribution != nil || $0.attributionNote != nil }
            if !attributed.isEmpty {
                lines += gap + [(markdown ? "### " : "") + "Where the regressions came from"]
                for c in attributed {
                    if let attribution = c.attribution {
                        lines += gap + attribution.lines(markdown: markdown)
                    } else if let note = c.attributionNote {
                        lines += gap + ["\(markdown ? "**\(c.name)**" : c.name): \(note)"]
                    }
                }
            }
            if let conformance = report.conformance {
                // In Markdown a list under its heading line; indented lines become list items.
                lines += gap + conformance.lines.map { markdown && $0.hasPrefix("  ") ? "- `" + $0.dropFirst(2) + "`" : $0 }
            }
            lines += gap + ["exit code \(report.exitCode)"]
            return lines.joined(separator: "\n") + "\n"
        }
    }

    private func instructionNote(_ c: BenchmarkComparison) -> String? {
        guard let x = c.baselineInstructions, let y = c.candidateInstructions, x > 0, c.message?.contains("instructions") != true else { return nil }
        return String(format: "instructions %+.2f%%", (y / x - 1) * 100)
    }

    private func impact(_ comparison: BenchmarkComparison) -> Double {
        let severity: [Verdict: Double] = [.digestMismatch: 6, .failed: 5, .regressed: 4, .inconclusive: 3, .improved: 2, .unchanged: 1, .missing: 0]
        return severity[comparison.verdict]! * 100 + abs(log(comparison.ratio ?? 1))
    }
}

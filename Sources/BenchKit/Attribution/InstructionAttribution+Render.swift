import Foundation

extension InstructionAttribution {
    /// The attribution as lines of text or Markdown: the total's change, then each function's
    /// self change with its share of the total's, then the rest; or, when the instructions did
    /// not change, the simulated cache events that did.
    public func lines(markdown: Bool) -> [String] {
        let totalChange = String(format: "%+.2f%%", baselineInstructions > 0 ? (candidateInstructions / baselineInstructions - 1) * 100 : 0)
        let totals = "\(formatCount(baselineInstructions)) → \(formatCount(candidateInstructions)) instructions an iteration (\(totalChange))"
        var out: [String] = []
        if instructionsUnchanged {
            out.append(
                (markdown ? "**\(benchmark)**: " : "\(benchmark): ")
                    + "\(totals): the same work, so no function is named")
            if let cache {
                if cache.isEmpty {
                    out.append((markdown ? "" : "  ") + "the simulated caches saw no change of 1% or more either")
                } else {
                    out.append((markdown ? "" : "  ") + "simulated caches, per iteration:")
                    if markdown { out += ["", "| event | baseline | candidate | change |", "|---|---|---|---|"] }
                    for event in cache {
                        let change = event.baseline > 0 ? String(format: "×%.2f", event.candidate / event.baseline) : "from 0"
                        let cells = ["\(event.meaning) (\(event.event))", formatCount(event.baseline), formatCount(event.candidate), change]
                        out.append(markdown ? "| " + cells.joined(separator: " | ") + " |" : "  " + cells.joined(separator: "  "))
                    }
                }
            }
        } else {
            out.append((markdown ? "**\(benchmark)**: " : "\(benchmark): ") + totals + ", by function (self instructions):")
            var rows: [[String]] = [["change", "share", "function", "where", "self", "inclusive"]]
            for function in functions {
                let place = function.file.map { URL(fileURLWithPath: $0).lastPathComponent + (function.line.map { ":\($0)" } ?? "") } ?? ""
                rows.append([
                    Self.signed(function.selfChange), share(function.selfChange), function.name, place,
                    "\(formatCount(function.baselineSelf)) → \(formatCount(function.candidateSelf))",
                    "\(formatCount(function.baselineInclusive)) → \(formatCount(function.candidateInclusive))",
                ])
            }
            rows.append([Self.signed(elsewhere), share(elsewhere), "elsewhere (each function under \(formatCount(max(floor, 1))))", "", "", ""])
            if markdown {
                out += ["", "| " + rows[0].joined(separator: " | ") + " |", "|" + String(repeating: "---|", count: rows[0].count)]
                out += rows.dropFirst().map { "| " + $0.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |" }
            } else {
                out += textTable(rows, leftAligned: [2, 3, 4, 5]).map { "  " + $0 }
            }
        }
        let oneThread = "attributed from a one-thread run of the same workload: callgrind runs a program's threads one at a time"
        out += ((fromOneThread ? [oneThread] : []) + notes).map { (markdown ? "" : "  ") + $0 }
        return out
    }

    private func share(_ part: Double) -> String { sharePercent(part).map { String(format: "%.1f%%", $0) } ?? "" }

    static func signed(_ value: Double) -> String { (value >= 0 ? "+" : "−") + formatCount(abs(value)) }
}

import Foundation

extension InstructionAttribution {
    /// The attribution as lines of text or Markdown: the total's change, then each function's
    /// self change with its share of the total's, then the rest; or, when the instructions did
    /// not change, the simulated cache events that did.
    public func lines(markdown: Bool) -> [String] {
        let totalChange = String(format: "%+.2f%%", baselineInstructions > 0 ? (candidateInstructions / baselineInstructions - 1) * 100 : 0)
        let totals = "\(Self.count(baselineInstructions)) → \(Self.count(candidateInstructions)) instructions an iteration (\(totalChange))"
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
                        let cells = ["\(event.meaning) (\(event.event))", Self.count(event.baseline), Self.count(event.candidate), change]
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
                    "\(Self.count(function.baselineSelf)) → \(Self.count(function.candidateSelf))",
                    "\(Self.count(function.baselineInclusive)) → \(Self.count(function.candidateInclusive))",
                ])
            }
            rows.append([Self.signed(elsewhere), share(elsewhere), "elsewhere (each function under \(Self.count(max(floor, 1))))", "", "", ""])
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

    private func share(_ part: Double) -> String {
        change != 0 ? String(format: "%.1f%%", part / change * 100) : ""
    }

    /// 1234.5 → "1,234.5"; whole counts without decimals.
    static func count(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = rounded == rounded.rounded() ? 0 : 1
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.usesGroupingSeparator = true
        formatter.groupingSeparator = ","
        formatter.groupingSize = 3
        return formatter.string(from: NSNumber(value: rounded)) ?? "\(rounded)"
    }

    static func signed(_ value: Double) -> String { (value >= 0 ? "+" : "−") + count(abs(value)) }
}

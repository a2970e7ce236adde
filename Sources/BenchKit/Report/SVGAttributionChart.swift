import Foundation

/// A regression's attribution as horizontal bars: one row per function listed and one for
/// everything else, a bar from zero to the change of its self instructions per iteration — right
/// is more work, red; left less, green — so the rows read as the parts of the total's change.
public struct SVGAttributionChart: Sendable {
    public var attribution: InstructionAttribution
    public var width = 860.0

    public init(_ attribution: InstructionAttribution) { self.attribution = attribution }

    public func render() -> String {
        let rows: [(name: String, change: Double, note: String)] =
            attribution.functions.map { function in
                let place = function.file.map { " (\(URL(fileURLWithPath: $0).lastPathComponent)\(function.line.map { ":\($0)" } ?? ""))" } ?? ""
                return (
                    function.name, function.selfChange,
                    "\(function.name)\(place)\nself \(formatCount(function.baselineSelf)) → \(formatCount(function.candidateSelf)); "
                        + "inclusive \(formatCount(function.baselineInclusive)) → \(formatCount(function.candidateInclusive))"
                )
            } + [("elsewhere", attribution.elsewhere, "every function not listed")]
        let extent = max(rows.map { abs($0.change) }.max() ?? 1, 1)
        let left = 360.0, right = 110.0, top = 44.0, rowHeight = 22.0
        let plotWidth = width - left - right, height = top + Double(rows.count) * rowHeight + 24
        let low = rows.contains { $0.change < 0 } ? -extent : 0
        func px(_ v: Double) -> Double { left + (v - low) / (extent - low) * plotWidth }
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        func label(_ name: String) -> String { name.count > 56 ? String(name.prefix(55)) + "…" : name }
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"sans-serif\">"
        svg += "<rect width=\"\(Int(width))\" height=\"\(Int(height))\" fill=\"#ffffff\"/>"
        svg +=
            "<text x=\"8\" y=\"16\" font-size=\"13\" font-weight=\"bold\">\(markupEscape(attribution.benchmark)): change of self instructions per iteration</text>"
        svg +=
            "<text x=\"8\" y=\"32\" font-size=\"11\" fill=\"#555555\">total \(formatCount(attribution.baselineInstructions)) → "
            + "\(formatCount(attribution.candidateInstructions)); the bars add up to the total's change</text>"
        svg += "<line x1=\"\(f(px(0)))\" x2=\"\(f(px(0)))\" y1=\"\(f(top))\" y2=\"\(f(top + Double(rows.count) * rowHeight))\" stroke=\"#333333\"/>"
        for (index, row) in rows.enumerated() {
            let middle = top + (Double(index) + 0.5) * rowHeight
            let color = row.change > 0 ? "#c0392b" : "#27ae60"
            var mark = "<text x=\"\(f(left - 8))\" y=\"\(f(middle + 4))\" font-size=\"11\" text-anchor=\"end\">\(markupEscape(label(row.name)))</text>"
            mark +=
                "<rect x=\"\(f(min(px(0), px(row.change))))\" y=\"\(f(middle - 6))\" width=\"\(f(max(abs(px(row.change) - px(0)), 1)))\" height=\"12\" fill=\"\(color)\" fill-opacity=\"0.8\"/>"
            mark +=
                "<text x=\"\(f(left + plotWidth + 6))\" y=\"\(f(middle + 4))\" font-size=\"11\">\(markupEscape(InstructionAttribution.signed(row.change)))</text>"
            svg += "<g class=\"bar\"><title>\(markupEscape(row.note))</title>\(mark)</g>"
        }
        return svg + "</svg>"
    }
}

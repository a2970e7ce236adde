import Foundation

/// A comparison as horizontal bars: one row per benchmark, sorted by the size of its change, a
/// bar from 1× to the ratio (candidate over baseline) coloured by verdict, its 95% interval as a
/// whisker, and the threshold band — the ratios the verdict treats as no change — shaded.
public struct SVGRatioChart: Sendable {
    public struct Row: Sendable {
        public var name: String
        public var ratio: Double
        public var interval: [Double]?
        public var verdict: Verdict
        public var note: String

        public init(name: String, ratio: Double, interval: [Double]?, verdict: Verdict, note: String) {
            (self.name, self.ratio, self.interval, self.verdict, self.note) = (name, ratio, interval, verdict, note)
        }
    }

    public var title: String
    public var rows: [Row]
    /// The relative threshold: the band is 1/(1+t) … 1+t.
    public var threshold: Double
    public var width = 760.0

    public init(title: String, rows: [Row], threshold: Double) {
        self.title = title
        self.rows = rows.sorted { abs(log($0.ratio)) > abs(log($1.ratio)) }
        self.threshold = threshold
    }

    static func color(_ verdict: Verdict) -> String {
        switch verdict {
        case .regressed, .digestMismatch, .failed: return "#c0392b"
        case .improved: return "#27ae60"
        case .inconclusive: return "#d68910"
        case .unchanged, .missing: return "#7f8c8d"
        }
    }

    public func render() -> String {
        let band: (Double, Double) = (1 / (1 + threshold), 1 + threshold)
        let values: [Double] = rows.flatMap { [$0.ratio] + ($0.interval ?? []) } + [band.0, band.1, 1.0]
        let axis = ChartAxis(.linear(fromZero: false), unit: .ratio)
        let (x0, x1, ticks) = axis.layout(values.filter { $0.isFinite })
        let left = 250.0, right = 70.0, top = 44.0, rowHeight = 22.0
        let height = top + Double(max(rows.count, 1)) * rowHeight + 40
        let plotWidth = width - left - right, plotHeight = Double(max(rows.count, 1)) * rowHeight
        func px(_ v: Double) -> Double { left + (v - x0) / (x1 - x0) * plotWidth }
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"sans-serif\">"
        svg += "<rect width=\"\(Int(width))\" height=\"\(Int(height))\" fill=\"#ffffff\"/>"
        svg += "<text x=\"8\" y=\"16\" font-size=\"13\" font-weight=\"bold\">\(markupEscape(title))</text>"
        svg +=
            "<text x=\"8\" y=\"32\" font-size=\"11\" fill=\"#555555\">candidate / baseline of what decided each verdict: right of 1× is slower; "
            + "shaded: ±\(ChartAxis.trimmed(threshold * 100, digits: 1))% time threshold; whiskers: 95% intervals</text>"
        svg += "<rect x=\"\(f(px(band.0)))\" y=\"\(f(top))\" width=\"\(f(px(band.1) - px(band.0)))\" height=\"\(f(plotHeight))\" fill=\"#dfe8f5\"/>"
        for tick in ticks where tick >= x0 && tick <= x1 {
            svg += "<line x1=\"\(f(px(tick)))\" x2=\"\(f(px(tick)))\" y1=\"\(f(top))\" y2=\"\(f(top + plotHeight))\" stroke=\"#e4e4e4\"/>"
            svg +=
                "<text class=\"tick\" x=\"\(f(px(tick)))\" y=\"\(f(top + plotHeight + 16))\" font-size=\"11\" text-anchor=\"middle\">\(markupEscape(axis.label(tick)))</text>"
        }
        svg += "<line x1=\"\(f(px(1)))\" x2=\"\(f(px(1)))\" y1=\"\(f(top))\" y2=\"\(f(top + plotHeight))\" stroke=\"#333333\"/>"
        for (index, row) in rows.enumerated() {
            let middle = top + (Double(index) + 0.5) * rowHeight
            let color = Self.color(row.verdict)
            var mark = "<text x=\"\(f(left - 8))\" y=\"\(f(middle + 4))\" font-size=\"11\" text-anchor=\"end\">\(markupEscape(row.name))</text>"
            mark +=
                "<rect x=\"\(f(min(px(1), px(row.ratio))))\" y=\"\(f(middle - 6))\" width=\"\(f(max(abs(px(row.ratio) - px(1)), 1)))\" height=\"12\" fill=\"\(color)\" fill-opacity=\"0.75\"/>"
            if let interval = row.interval, interval.count == 2 {
                mark +=
                    "<path d=\"M\(f(px(interval[0]))),\(f(middle)) L\(f(px(interval[1]))),\(f(middle)) M\(f(px(interval[0]))),\(f(middle - 5)) L\(f(px(interval[0]))),\(f(middle + 5)) "
                    + "M\(f(px(interval[1]))),\(f(middle - 5)) L\(f(px(interval[1]))),\(f(middle + 5))\" stroke=\"#222222\" stroke-width=\"1.2\" fill=\"none\"/>"
            }
            mark +=
                "<text x=\"\(f(left + plotWidth + 6))\" y=\"\(f(middle + 4))\" font-size=\"11\" fill=\"\(color)\">\(markupEscape(ChartAxis.ratio(row.ratio)))</text>"
            svg += "<g class=\"bar\"><title>\(markupEscape(row.note))</title>\(mark)</g>"
        }
        return svg + "</svg>"
    }
}

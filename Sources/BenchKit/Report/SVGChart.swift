import Foundation

/// Charts as self-contained SVG, drawn by our own code: series of points with their intervals
/// (whiskers), levels and change-point markers, on axes that say what they show (`ChartAxis`).
/// Every point carries a tooltip (an SVG `<title>`, which browsers show on hover without any
/// script) and may link to the result it comes from.
public struct SVGChart: Sendable {
    public struct Point: Sendable {
        public var x: Double
        public var y: Double
        /// The 95% interval, drawn as a whisker.
        public var low: Double?
        public var high: Double?
        /// What hovering over the point shows.
        public var note: String?
        /// Where clicking the point goes.
        public var link: String?

        public init(x: Double, y: Double, low: Double? = nil, high: Double? = nil, note: String? = nil, link: String? = nil) {
            (self.x, self.y, self.low, self.high, self.note, self.link) = (x, y, low, high, note, link)
        }
    }

    public struct Series: Sendable {
        public var label: String
        public var points: [Point]
        public var color: String
        public var dashed = false

        public init(label: String, points: [Point], color: String, dashed: Bool = false) {
            (self.label, self.points, self.color, self.dashed) = (label, points, color, dashed)
        }
    }

    /// A level held from `from` to `to` (the mean of a segment between change points).
    public struct Level: Sendable {
        public var from: Double, to: Double, y: Double
        public init(from: Double, to: Double, y: Double) { (self.from, self.to, self.y) = (from, to, y) }
    }

    /// A vertical marker with a label: a change point, between the two runs it lies between.
    public struct Marker: Sendable {
        public var x: Double, label: String, note: String
        /// Where clicking the marker goes.
        public var link: String?
        public init(x: Double, label: String, note: String, link: String? = nil) { (self.x, self.label, self.note, self.link) = (x, label, note, link) }
    }

    public var title: String
    public var series: [Series]
    public var x: ChartAxis
    public var y: ChartAxis
    public var xLabel = ""
    public var yLabel = ""
    /// A shaded band (x, low, high): a tolerance around the expected values.
    public var band: [(x: Double, low: Double, high: Double)] = []
    public var bandLabel = ""
    public var levels: [Level] = []
    public var markers: [Marker] = []
    public var width = 560.0
    public var height = 260.0

    public init(title: String, series: [Series], x: ChartAxis, y: ChartAxis) {
        (self.title, self.series, self.x, self.y) = (title, series, x, y)
    }

    public static let palette = ["#1f5fbf", "#c0392b", "#27ae60", "#8e44ad", "#d68910", "#16a085", "#7f8c8d"]
    static let stepColor = "#e67e22"

    public func render() -> String {
        let points = series.flatMap(\.points)
        let xs = points.map(\.x) + markers.map(\.x) + levels.flatMap { [$0.from, $0.to] }
        let ys = points.flatMap { [$0.y] + [$0.low, $0.high].compactMap { $0 } } + levels.map(\.y) + band.flatMap { [$0.low, $0.high] }
        guard points.contains(where: { x.transform($0.x).isFinite && y.transform($0.y).isFinite }) else {
            return
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"40\" font-family=\"sans-serif\"><text x=\"4\" y=\"24\" font-size=\"12\">"
                + "\(markupEscape(title)): no data</text></svg>"
        }
        let (x0, x1, xTicks) = x.layout(xs), (y0, y1, yTicks) = y.layout(ys)
        let left = 74.0, right = 16.0, top = 40.0, bottom = 46.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func px(_ v: Double) -> Double { left + (x.transform(v) - x0) / (x1 - x0) * plotWidth }
        func py(_ v: Double) -> Double { top + plotHeight - (y.transform(v) - y0) / (y1 - y0) * plotHeight }
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"sans-serif\">"
        svg += "<rect width=\"\(Int(width))\" height=\"\(Int(height))\" fill=\"#ffffff\"/>"
        svg += "<text x=\"\(f(left))\" y=\"16\" font-size=\"13\" font-weight=\"bold\">\(markupEscape(title))</text>"
        svg += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotWidth))\" height=\"\(f(plotHeight))\" fill=\"#fafafa\" stroke=\"#cccccc\"/>"
        let shownY = yTicks.filter { y.transform($0) >= y0 - 1e-9 && y.transform($0) <= y1 + 1e-9 }
        for (tick, label) in zip(shownY, y.labels(shownY)) {
            svg += "<line x1=\"\(f(left))\" x2=\"\(f(left + plotWidth))\" y1=\"\(f(py(tick)))\" y2=\"\(f(py(tick)))\" stroke=\"#e4e4e4\"/>"
            svg +=
                "<text class=\"tick\" x=\"\(f(left - 5))\" y=\"\(f(py(tick) + 4))\" font-size=\"11\" text-anchor=\"end\">\(markupEscape(label))</text>"
        }
        let shownX = xTicks.filter { x.transform($0) >= x0 - 1e-9 && x.transform($0) <= x1 + 1e-9 }
        for (tick, label) in zip(shownX, x.labels(shownX)) {
            // Labels near an edge are anchored inside the chart rather than cut off.
            let half = Double(label.count) * 3.2, position = px(tick)
            let anchor = position + half > width - 2 ? "end" : position - half < 2 ? "start" : "middle"
            svg += "<line x1=\"\(f(position))\" x2=\"\(f(position))\" y1=\"\(f(top + plotHeight))\" y2=\"\(f(top + plotHeight + 4))\" stroke=\"#999999\"/>"
            svg +=
                "<text class=\"tick\" x=\"\(f(position))\" y=\"\(f(top + plotHeight + 16))\" font-size=\"11\" text-anchor=\"\(anchor)\">\(markupEscape(label))</text>"
        }
        let yNote: String
        switch y.scale {
        case .linear: yNote = y0 > 1e-12 || y1 < -1e-12 ? " (axis does not start at 0)" : ""
        case .log: yNote = " (log scale)"
        default: yNote = ""
        }
        if !xLabel.isEmpty {
            svg += "<text x=\"\(f(left + plotWidth / 2))\" y=\"\(f(height - 6))\" font-size=\"11\" text-anchor=\"middle\">\(markupEscape(xLabel))</text>"
        }
        if !yLabel.isEmpty || !yNote.isEmpty {
            let middle = top + plotHeight / 2
            svg +=
                "<text x=\"13\" y=\"\(f(middle))\" font-size=\"11\" transform=\"rotate(-90 13 \(f(middle)))\" text-anchor=\"middle\">\(markupEscape(yLabel + yNote))</text>"
        }
        let shownBand = band.filter { x.transform($0.x).isFinite && y.transform($0.low).isFinite && y.transform($0.high).isFinite }
        if shownBand.count > 1 {
            let upper = shownBand.map { "\(f(px($0.x))),\(f(py($0.high)))" }, lower = shownBand.reversed().map { "\(f(px($0.x))),\(f(py($0.low)))" }
            svg +=
                "<polygon points=\"\((upper + lower).joined(separator: " "))\" fill=\"#9db7e0\" fill-opacity=\"0.35\" stroke=\"none\"><title>\(markupEscape(bandLabel))</title></polygon>"
        }
        for level in levels {
            svg +=
                "<line x1=\"\(f(px(level.from)))\" x2=\"\(f(px(level.to)))\" y1=\"\(f(py(level.y)))\" y2=\"\(f(py(level.y)))\" stroke=\"\(Self.stepColor)\" stroke-width=\"3\" stroke-opacity=\"0.6\"/>"
        }
        for marker in markers {
            let drawn =
                "<g><title>\(markupEscape(marker.note))</title><line x1=\"\(f(px(marker.x)))\" x2=\"\(f(px(marker.x)))\" y1=\"\(f(top))\" y2=\"\(f(top + plotHeight))\" "
                + "stroke=\"\(Self.stepColor)\" stroke-width=\"2\" stroke-dasharray=\"5 3\"/>"
                + "<text x=\"\(f(px(marker.x) + 3))\" y=\"\(f(top + plotHeight - 6))\" font-size=\"11\" fill=\"#a04000\"\(marker.link == nil ? "" : " text-decoration=\"underline\"")>"
                + "\(markupEscape(marker.label))</text></g>"
            svg += marker.link.map { "<a href=\"\(markupEscape($0))\">\(drawn)</a>" } ?? drawn
        }
        var legend = left
        if shownBand.count > 1 && !bandLabel.isEmpty {
            svg +=
                "<rect x=\"\(f(legend))\" y=\"21\" width=\"14\" height=\"9\" fill=\"#9db7e0\" fill-opacity=\"0.6\"/><text x=\"\(f(legend + 18))\" y=\"29\" font-size=\"11\">\(markupEscape(bandLabel))</text>"
            legend += 28 + Double(bandLabel.count) * 6.2
        }
        for s in series {
            let shown = s.points.filter { x.transform($0.x).isFinite && y.transform($0.y).isFinite }
            guard !shown.isEmpty else { continue }
            let path = shown.enumerated().map { "\($0.offset == 0 ? "M" : "L")\(f(px($0.element.x))),\(f(py($0.element.y)))" }.joined(separator: " ")
            svg +=
                "<path d=\"\(path)\" fill=\"none\" stroke=\"\(s.color)\" stroke-width=\"2\"\(s.dashed ? " stroke-dasharray=\"6 3\"" : "")><title>\(markupEscape(s.label))</title></path>"
            // Dense series (a fixture's frames) are a line alone; sparse ones (runs, sizes) get a mark per point.
            for point in shown where shown.count <= 60 {
                var mark = ""
                if let low = point.low, let high = point.high, y.transform(low).isFinite, y.transform(high).isFinite {
                    let cx = px(point.x)
                    mark +=
                        "<path d=\"M\(f(cx)),\(f(py(low))) L\(f(cx)),\(f(py(high))) M\(f(cx - 3)),\(f(py(low))) L\(f(cx + 3)),\(f(py(low))) "
                        + "M\(f(cx - 3)),\(f(py(high))) L\(f(cx + 3)),\(f(py(high)))\" stroke=\"\(s.color)\" stroke-width=\"1.2\" fill=\"none\"/>"
                }
                mark += "<circle cx=\"\(f(px(point.x)))\" cy=\"\(f(py(point.y)))\" r=\"3.5\" fill=\"\(s.color)\"/>"
                let titled = "<g class=\"point\"><title>\(markupEscape(point.note ?? "\(s.label): \(y.label(point.y))"))</title>\(mark)</g>"
                svg += point.link.map { "<a href=\"\(markupEscape($0))\">\(titled)</a>" } ?? titled
            }
            svg +=
                "<rect x=\"\(f(legend))\" y=\"24\" width=\"14\" height=\"3\" fill=\"\(s.color)\"/>"
                + "<text x=\"\(f(legend + 18))\" y=\"29\" font-size=\"11\">\(markupEscape(s.label))</text>"
            legend += 28 + Double(s.label.count) * 6.2
        }
        return svg + "</svg>"
    }

}

import Foundation

/// Line charts as self-contained SVG, drawn by our own code: series of points, an optional
/// shaded band (a confidence interval), vertical markers (change points), linear or log axes.
public struct SVGChart: Sendable {
    public struct Series: Sendable {
        public var label: String
        public var points: [(x: Double, y: Double)]
        public var color: String
        public var dashed = false

        public init(label: String, points: [(x: Double, y: Double)], color: String, dashed: Bool = false) {
            (self.label, self.points, self.color, self.dashed) = (label, points, color, dashed)
        }
    }

    public var title: String
    public var series: [Series]
    /// A band around the first series: (x, low, high).
    public var band: [(x: Double, low: Double, high: Double)] = []
    /// x positions to mark with a vertical line.
    public var markers: [Double] = []
    public var logX = false
    public var logY = false
    public var xLabel = ""
    public var yLabel = ""
    public var width = 560.0
    public var height = 240.0

    public init(title: String, series: [Series]) {
        self.title = title
        self.series = series
    }

    public static let palette = ["#1f5fbf", "#c0392b", "#27ae60", "#8e44ad", "#d68910", "#16a085", "#7f8c8d"]

    public func render() -> String {
        let left = 64.0, right = 12.0, top = 26.0, bottom = 36.0
        func tx(_ v: Double) -> Double { logX ? log10(max(v, 1e-300)) : v }
        func ty(_ v: Double) -> Double { logY ? log10(max(v, 1e-300)) : v }
        let xs = series.flatMap { $0.points.map { tx($0.x) } } + band.map { tx($0.x) }
        let ys = series.flatMap { $0.points.map { ty($0.y) } } + band.flatMap { [ty($0.low), ty($0.high)] }
        let finiteX = xs.filter(\.isFinite), finiteY = ys.filter(\.isFinite)
        guard let x0 = finiteX.min(), let x1 = finiteX.max(), var y0 = finiteY.min(), var y1 = finiteY.max() else {
            return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"40\"><text x=\"4\" y=\"20\" font-size=\"12\">\(escape(title)): no data</text></svg>"
        }
        if y1 - y0 < 1e-12 { y0 -= 1; y1 += 1 }
        let pad = (y1 - y0) * 0.05
        y0 -= pad
        y1 += pad
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func px(_ v: Double) -> Double { left + (x1 > x0 ? (tx(v) - x0) / (x1 - x0) : 0.5) * plotWidth }
        func py(_ v: Double) -> Double { top + plotHeight - (ty(v) - y0) / (y1 - y0) * plotHeight }
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"sans-serif\">"
        svg += "<rect x=\"0\" y=\"0\" width=\"\(Int(width))\" height=\"\(Int(height))\" fill=\"#ffffff\"/>"
        svg += "<text x=\"\(f(left))\" y=\"16\" font-size=\"12\" font-weight=\"bold\">\(escape(title))</text>"
        svg += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotWidth))\" height=\"\(f(plotHeight))\" fill=\"#fafafa\" stroke=\"#cccccc\"/>"
        for k in 0...4 {
            let v = y0 + (y1 - y0) * Double(k) / 4
            let label = logY ? pow(10, v) : v
            svg += "<line x1=\"\(f(left))\" x2=\"\(f(left + plotWidth))\" y1=\"\(f(top + plotHeight - plotHeight * Double(k) / 4))\" y2=\"\(f(top + plotHeight - plotHeight * Double(k) / 4))\" stroke=\"#eeeeee\"/>"
            svg += "<text x=\"\(f(left - 4))\" y=\"\(f(top + plotHeight - plotHeight * Double(k) / 4 + 4))\" font-size=\"10\" text-anchor=\"end\">\(Self.short(label))</text>"
        }
        for k in 0...4 {
            let v = x0 + (x1 - x0) * Double(k) / 4
            svg += "<text x=\"\(f(left + plotWidth * Double(k) / 4))\" y=\"\(f(top + plotHeight + 14))\" font-size=\"10\" text-anchor=\"middle\">\(Self.short(logX ? pow(10, v) : v))</text>"
        }
        if !xLabel.isEmpty { svg += "<text x=\"\(f(left + plotWidth / 2))\" y=\"\(f(height - 4))\" font-size=\"10\" text-anchor=\"middle\">\(escape(xLabel))</text>" }
        if !yLabel.isEmpty { svg += "<text x=\"10\" y=\"\(f(top + plotHeight / 2))\" font-size=\"10\" transform=\"rotate(-90 10 \(f(top + plotHeight / 2)))\" text-anchor=\"middle\">\(escape(yLabel))</text>" }
        if band.count > 1 {
            let upper = band.map { "\(f(px($0.x))),\(f(py($0.high)))" }, lower = band.reversed().map { "\(f(px($0.x))),\(f(py($0.low)))" }
            svg += "<polygon points=\"\((upper + lower).joined(separator: " "))\" fill=\"\(series.first?.color ?? "#1f5fbf")\" fill-opacity=\"0.15\" stroke=\"none\"/>"
        }
        for marker in markers {
            svg += "<line x1=\"\(f(px(marker)))\" x2=\"\(f(px(marker)))\" y1=\"\(f(top))\" y2=\"\(f(top + plotHeight))\" stroke=\"#e67e22\" stroke-width=\"2\" stroke-dasharray=\"5 3\"/>"
        }
        for (index, s) in series.enumerated() {
            let points = s.points.filter { tx($0.x).isFinite && ty($0.y).isFinite }
            guard !points.isEmpty else { continue }
            let path = points.enumerated().map { "\($0.offset == 0 ? "M" : "L")\(f(px($0.element.x))),\(f(py($0.element.y)))" }.joined(separator: " ")
            svg += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(s.color)\" stroke-width=\"2\"\(s.dashed ? " stroke-dasharray=\"5 3\"" : "")/>"
            if points.count < 40 {
                for p in points { svg += "<circle cx=\"\(f(px(p.x)))\" cy=\"\(f(py(p.y)))\" r=\"2.5\" fill=\"\(s.color)\"/>" }
            }
            svg += "<text x=\"\(f(left + 8 + Double(index) * 120))\" y=\"\(f(top + 12))\" font-size=\"10\" fill=\"\(s.color)\">\(escape(s.label))</text>"
        }
        return svg + "</svg>"
    }

    static func short(_ v: Double) -> String {
        if v == 0 { return "0" }
        if abs(v) >= 1e4 || abs(v) < 1e-2 { return String(format: "%.2g", v) }
        return String(format: "%.3g", v)
    }

    func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

import Foundation

/// Several engines' results for the same workloads (docs/protocol.md §8), each against the run's
/// first engine and against the C reference kernel of the same math: where an engine stands.
///
/// A row per workload and engine: the median frame, its time per channel over the first engine's
/// and over C's (each with its 95% bootstrap interval, `BenchmarkDriver.ratioInterval`), and
/// whether its final values agreed with MotionCore's. An engine whose values differ keeps its
/// times on show but is marked: faster and different is no result.
public struct SideBySide {
    public struct Row {
        public var workload: String
        public var engine: String
        public var median: Double?
        public var ratioToFirst: Double?
        public var ratioToFirstInterval: [Double]?
        public var ratioToReference: Double?
        public var ratioToReferenceInterval: [Double]?
        public var values: String
    }

    /// The engines in the order the run lists them; the first is the one the others are measured against.
    public let engines: [String]
    public let rows: [Row]

    /// nil when the run holds no engine's workloads.
    public init?(_ result: RunResult) {
        let workloads = result.benchmarks.filter { $0.engine != nil }
        guard !workloads.isEmpty else { return nil }
        func split(_ name: String) -> (workload: String, engine: String) {
            let parts = name.split(separator: "@", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
        var engines: [String] = []
        for benchmark in workloads where !engines.contains(split(benchmark.name).engine) { engines.append(split(benchmark.name).engine) }
        let byName = Dictionary(result.benchmarks.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var order: [String] = []
        for benchmark in workloads where !order.contains(split(benchmark.name).workload) { order.append(split(benchmark.name).workload) }
        var rows: [Row] = []
        for workload in order {
            let first = engines.lazy.compactMap { byName[workload + "@" + $0] }.first { $0.timing != nil }
            for engine in engines {
                guard let benchmark = byName[workload + "@" + engine] else { continue }
                var row = Row(
                    workload: workload, engine: engine, median: benchmark.timing?.median,
                    ratioToReference: benchmark.ratioToReference, ratioToReferenceInterval: benchmark.ratioToReferenceInterval,
                    values: Self.values(benchmark))
                if let own = benchmark.timing, let base = first?.timing, base.nanosecondsPerElement > 0 {
                    row.ratioToFirst = own.nanosecondsPerElement / base.nanosecondsPerElement
                    row.ratioToFirstInterval = first?.name == benchmark.name ? nil : BenchmarkDriver.ratioInterval(own, over: base)
                }
                rows.append(row)
            }
        }
        self.engines = engines
        self.rows = rows
    }

    static func values(_ benchmark: BenchmarkResult) -> String {
        guard let check = benchmark.valuesCheck else { return benchmark.status == .ok ? "not checked" : benchmark.status.rawValue }
        if check.agrees { return "same (\(check.channels) channels, worst \(String(format: "%.2g", check.worstError)) of the tolerance)" }
        return "DIFFERENT (worst \(String(format: "%.3g", check.worstError))× the tolerance)"
    }

    var header: [String] {
        ["workload", "engine", "median frame", "vs \(engines.first ?? "first")", "vs C", "values"]
    }

    func cells(_ row: Row, repeatWorkload: Bool) -> [String] {
        [
            repeatWorkload ? row.workload : "", row.engine, formatNanoseconds(row.median),
            row.ratioToFirstInterval == nil && row.ratioToFirst != nil ? "1" : Self.ratio(row.ratioToFirst, row.ratioToFirstInterval),
            Self.ratio(row.ratioToReference, row.ratioToReferenceInterval), row.values,
        ]
    }

    /// A ratio with its interval, written as every other table writes ratios.
    static func ratio(_ value: Double?, _ interval: [Double]?) -> String { formatRatio(value, interval: interval) }

    /// The table as plain text, under a line that says how to read it.
    public func textLines() -> [String] {
        var table = [header]
        for (index, row) in rows.enumerated() { table.append(cells(row, repeatWorkload: index == 0 || rows[index - 1].workload != row.workload)) }
        return ["side by side: time per frame; ratios are times over \(engines.first ?? "the first engine")'s and over the C kernel's (95% intervals)"]
            + textTable(table, leftAligned: [0, 1, 5])
    }

    /// The table as HTML, for the report site's summary.
    public func html() -> String {
        var body =
            "<h2>Side by side</h2><p>Time per frame; ratios are times over \(markupEscape(engines.first ?? "the first engine"))'s and over the C kernel's (95% intervals).</p><table><tr>"
            + header.map { "<th>\(markupEscape($0))</th>" }.joined() + "</tr>"
        for (index, row) in rows.enumerated() {
            let cells = cells(row, repeatWorkload: index == 0 || rows[index - 1].workload != row.workload)
            body +=
                "<tr>"
                + cells.enumerated().map { column, cell in
                    column == 5 && cell.hasPrefix("DIFFERENT") ? "<td class=\"bad\">\(markupEscape(cell))</td>" : "<td>\(markupEscape(cell))</td>"
                }.joined() + "</tr>"
        }
        return body + "</table>"
    }

    /// The table as GitHub-flavoured Markdown.
    public func markdownLines() -> [String] {
        var lines = [
            "### Side by side", "",
            "Time per frame; ratios are times over \(engines.first ?? "the first engine")'s and over the C kernel's (95% intervals).", "",
            "| " + header.joined(separator: " | ") + " |", "|" + String(repeating: "---|", count: header.count),
        ]
        for (index, row) in rows.enumerated() {
            lines.append(
                "| "
                    + cells(row, repeatWorkload: index == 0 || rows[index - 1].workload != row.workload)
                    .map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        return lines
    }
}

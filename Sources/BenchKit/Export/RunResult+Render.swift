import Foundation

/// A run is written as text, Markdown, JSON (canonical: every other form is derived from what it
/// holds), JUnit, CSV, or the `github-action-benchmark` format.
extension RunResult: RenderableResult {
    public static let formats: [OutputFormat] = [.text, .markdown, .json, .junit, .csv, .github]
    public static let kind = "a run"

    public func render(_ format: OutputFormat) throws -> String {
        switch format {
        case .text: return TextReport.render(self)
        case .markdown: return MarkdownReport.render(self)
        case .json: return String(decoding: try ResultFiles.encoder.encode(self), as: UTF8.self)
        case .junit: return JUnitReport.render(self)
        case .csv: return CSVReport.render(self)
        case .github: return try GitHubBenchmarkReport.render(self)
        case .html: throw Self.unrendered(format)
        }
    }
}

/// Human-readable durations: 812 ns, 4.31 µs, 12.5 ms.
public func formatNanoseconds(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "–" }
    switch value {
    case ..<1_000: return String(format: "%.3g ns", value)
    case ..<1_000_000: return String(format: "%.3g µs", value / 1_000)
    case ..<1_000_000_000: return String(format: "%.3g ms", value / 1_000_000)
    default: return String(format: "%.3g s", value / 1_000_000_000)
    }
}

func formatAllocations(_ summary: AllocationSummary?) -> String {
    guard let value = summary?.perIteration else { return "n/a" }
    return value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
}

func formatRatio(_ value: Double?) -> String { value.map { ratioDigits($0) + "×" } ?? "" }

/// A ratio's number, the same way in every table: two decimals below 10 (1.61), one below 100
/// (41.5), none above (4152) — never an exponent.
public func ratioDigits(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    let magnitude = abs(value)
    return String(format: magnitude >= 100 ? "%.0f" : magnitude >= 10 ? "%.1f" : "%.2f", value)
}

/// A ratio with its 95% interval, "1.61× (1.45–1.78)"; the ratio alone when there is no interval;
/// an interval too wide to read a ratio from is said to be (`unreliableIntervalCaveat`).
public func formatRatio(_ value: Double?, interval: [Double]?) -> String {
    guard let value else { return "" }
    guard let interval, interval.count == 2 else { return formatRatio(value) }
    return ratioDigits(value) + "× (" + ratioDigits(interval[0]) + "–" + ratioDigits(interval[1])
        + (unreliableIntervalCaveat(interval).map { "; " + $0 } ?? "") + ")"
}

/// An interval whose ends are more than this factor apart says little about the ratio in it.
public let unreliableIntervalWidth = 2.0

/// "unreliable: the interval spans 2.9×" for an interval wider than `unreliableIntervalWidth`;
/// nil for a narrower one. Every surface that prints a ratio with its interval says it.
public func unreliableIntervalCaveat(_ interval: [Double]?) -> String? {
    guard let interval, interval.count == 2, interval[0] > 0, interval[1] / interval[0] > unreliableIntervalWidth else { return nil }
    return "unreliable: the interval spans \(String(format: "%.1f", interval[1] / interval[0]))×"
}

/// Instructions per iteration, "7.13 M"; "unavailable" where they could not be counted (never 0),
/// empty where they were not asked for.
func formatInstructions(_ summary: InstructionSummary?) -> String {
    guard let summary else { return "" }
    guard let value = summary.perIteration else { return "unavailable" }
    switch value {
    case ..<10_000: return String(format: "%.0f", value)
    case ..<1_000_000: return String(format: "%.1f k", value / 1e3)
    default: return String(format: "%.2f M", value / 1e6)
    }
}

/// One row per benchmark, as every table format shows it.
///
/// `vs C` is the benchmark's time over its C reference's (below 1: faster than C); `speedup` is
/// its one-thread counterpart's time over its own (how many times faster the threads made it);
/// `instr/iter` counts instructions (callgrind, `--instructions`). A status "ok, busy 1/3" says
/// that other work used half a CPU or more in one of its three processes.
struct ReportRow {
    let cells: [String]

    static let header = ReportRow(cells: ["benchmark", "median", "p90", "p99", "per element", "allocs/iter", "instr/iter", "vs C", "speedup", "status"])

    init(cells: [String]) { self.cells = cells }

    init(_ benchmark: BenchmarkResult) {
        let timing = benchmark.timing
        var status = benchmark.status == .ok ? "ok" : benchmark.status.rawValue
        if let loads = timing?.processLoads, case let busy = loads.filter(\.isBusy).count, busy > 0 { status += ", busy \(busy)/\(loads.count)" }
        cells = [
            benchmark.name, formatNanoseconds(timing?.median), formatNanoseconds(timing?.percentiles["p90"]),
            formatNanoseconds(timing?.percentiles["p99"]), formatNanoseconds(timing?.nanosecondsPerElement),
            formatAllocations(benchmark.allocations), formatInstructions(benchmark.instructions),
            formatRatio(benchmark.ratioToReference, interval: benchmark.ratioToReferenceInterval),
            formatRatio(benchmark.speedupOverOneThread, interval: benchmark.speedupInterval), status,
        ]
    }
}

enum TextReport {
    static func render(_ result: RunResult) -> String {
        let rows = [ReportRow.header] + result.benchmarks.map(ReportRow.init)
        var lines = [
            "\(ToolName.current) \(result.profile) run, \(result.threads) thread\(result.threads == 1 ? "" : "s"), "
                + "\(result.environment.cpuModel), \(result.environment.provenance)"
        ]
        if let machine = result.machine { lines.append("machine: " + machine.summary) }
        lines += textTable(rows.map(\.cells))
        if let sideBySide = SideBySide(result) { lines += [""] + sideBySide.textLines() + [""] }
        for benchmark in result.benchmarks where benchmark.status != .ok {
            lines.append("\(benchmark.name): \(benchmark.status.rawValue) — \(benchmark.message ?? "")")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

enum MarkdownReport {
    static func render(_ result: RunResult) -> String {
        var lines = ["## \(ToolName.current): \(result.benchmarks.count) benchmarks (\(result.profile))", ""]
        let failed = result.benchmarks.filter { $0.status != .ok }
        if !failed.isEmpty {
            lines.append("**\(failed.count) did not complete:** " + failed.map { "`\($0.name)` (\($0.status.rawValue))" }.joined(separator: ", "))
            lines.append("")
        }
        if let machine = result.machine { lines += ["machine: " + machine.summary, ""] }
        lines.append("| " + ReportRow.header.cells.joined(separator: " | ") + " |")
        lines.append("|" + String(repeating: "---|", count: ReportRow.header.cells.count))
        for benchmark in result.benchmarks {
            lines.append("| " + ReportRow(benchmark).cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        if let sideBySide = SideBySide(result) { lines += [""] + sideBySide.markdownLines() }
        let env = result.environment
        lines += [
            "", "<details><summary>Environment</summary>", "",
            "- CPU: \(env.cpuModel), \(env.logicalCores) logical cores", "- OS: \(env.operatingSystem), kernel \(env.kernel)",
            "- Swift: \(env.swiftVersion); build \(env.buildConfiguration) (\(env.buildFlags))",
            "- jemalloc: \(env.jemallocVersion ?? "unavailable")",
            "- \(env.provenance)", "", "</details>",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}

enum JUnitReport {
    static func render(_ result: RunResult) -> String {
        JUnitDocument(
            name: ToolName.current, properties: JUnitDocument.properties(result.environment) + [("profile", result.profile)],
            cases: result.benchmarks.map { benchmark in
                JUnitDocument.TestCase(
                    classname: ToolName.current, name: benchmark.name, seconds: (benchmark.timing?.median ?? 0) / 1e9,
                    outcome: benchmark.status == .ok ? .passed : .failure(type: benchmark.status.rawValue, message: benchmark.message ?? ""))
            }
        ).render()
    }

    /// A comparison as JUnit: regressions and mismatches are failed test cases.
    static func render(_ report: ComparisonReport) -> String {
        let bad: Set<Verdict> = [.regressed, .digestMismatch, .failed]
        var properties = [("baseline", report.baseline), ("candidate", report.candidate)]
        if let machine = report.machine { properties.append(("machine", machine)) }
        return JUnitDocument(
            name: "\(ToolName.current) compare", properties: properties,
            cases: report.comparisons.map { comparison in
                JUnitDocument.TestCase(
                    classname: "\(ToolName.current).compare", name: comparison.name,
                    outcome: bad.contains(comparison.verdict)
                        ? .failure(
                            type: comparison.verdict.rawValue,
                            message: [comparison.verdictLabel, comparison.message ?? formatRatio(comparison.decidingRatio), comparison.timeNote]
                                .compactMap { $0 }.joined(separator: "; ")) : .passed)
            }
        ).render()
    }
}

enum CSVReport {
    static func render(_ result: RunResult) -> String {
        // Columns are only ever appended, so that readers by position keep working.
        var lines = [
            "name,status,unit,elements,median_ns,p90_ns,p99_ns,ns_per_element,allocations_per_iteration,bytes_per_iteration,ratio_to_reference,digest,speedup_over_one_thread,"
                + "ratio_to_reference_low,ratio_to_reference_high,speedup_low,speedup_high,instructions_per_iteration,busy_processes"
        ]
        for b in result.benchmarks {
            let t = b.timing
            let intervals: [String] = [b.ratioToReferenceInterval, b.speedupInterval].flatMap { (interval: [Double]?) -> [String] in
                guard let interval, interval.count == 2 else { return ["", ""] }
                return interval.map { "\($0)" }
            }
            let fields: [String] =
                [
                    b.name, b.status.rawValue, b.unit.rawValue, "\(b.elements)", t.map { "\($0.median)" } ?? "",
                    t?.percentiles["p90"].map { "\($0)" } ?? "", t?.percentiles["p99"].map { "\($0)" } ?? "",
                    t.map { "\($0.nanosecondsPerElement)" } ?? "", b.allocations?.perIteration.map { "\($0)" } ?? "",
                    b.allocations?.bytesPerIteration.map { "\($0)" } ?? "", b.ratioToReference.map { "\($0)" } ?? "", b.digest ?? "",
                    b.speedupOverOneThread.map { "\($0)" } ?? "",
                ] + intervals
                + [b.instructions?.perIteration.map { "\($0)" } ?? "", t?.processLoads.map { "\($0.filter(\.isBusy).count)" } ?? ""]
            lines.append(fields.map { $0.contains(",") ? "\"\($0)\"" : $0 }.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The JSON github-action-benchmark reads with `tool: customSmallerIsBetter`.
enum GitHubBenchmarkReport {
    struct Entry: Codable {
        let name: String
        let unit: String
        let value: Double
        let extra: String
    }

    static func render(_ result: RunResult) throws -> String {
        let entries = result.benchmarks.compactMap { b -> Entry? in
            guard let t = b.timing else { return nil }
            return Entry(
                name: b.name, unit: "ns", value: t.median,
                extra: "p90 \(formatNanoseconds(t.percentiles["p90"])), \(t.samples.count) samples, allocs/iter \(formatAllocations(b.allocations))")
        }
        return String(decoding: try ResultFiles.encoder.encode(entries), as: UTF8.self) + "\n"
    }
}

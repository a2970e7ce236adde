import Foundation

/// `explain`: the difference between two builds attributed benchmark by benchmark, whatever a
/// comparison's verdict would be. Exit 0 when every benchmark was attributed, 1 when one could
/// not be (each says why).
public struct ExplainReport: Codable, Sendable {
    /// The JSON's version (docs/schemas/explain.schema.json).
    public var schemaVersion = 1
    public var baseline: String
    public var candidate: String
    public var benchmarks: [ExplainedBenchmark]

    public init(baseline: String, candidate: String, benchmarks: [ExplainedBenchmark]) {
        (self.baseline, self.candidate, self.benchmarks) = (baseline, candidate, benchmarks)
    }

    public var exitCode: Int32 { !benchmarks.isEmpty && benchmarks.allSatisfy { $0.attribution != nil } ? 0 : 1 }
}

extension ExplainReport: RenderableResult {
    public static let formats: [OutputFormat] = [.text, .markdown, .json]
    public static let kind = "an explanation"

    public func render(_ format: OutputFormat) throws -> String {
        switch format {
        case .json: return String(decoding: try ResultFiles.encoder.encode(self), as: UTF8.self) + "\n"
        case .text, .markdown:
            let markdown = format == .markdown
            let gap = markdown ? [""] : []
            var lines = [(markdown ? "## " : "") + "\(ToolName.current) explain: \(candidate) against \(baseline)"]
            lines += gap + ["instructions per iteration in the measured region, from callgrind on one thread; the largest changes of each function's own first"]
            for benchmark in benchmarks {
                if let attribution = benchmark.attribution {
                    lines += gap + attribution.lines(markdown: markdown)
                } else {
                    lines += gap + ["\(markdown ? "**\(benchmark.name)**" : benchmark.name): \(benchmark.note ?? "not attributed")"]
                }
            }
            lines += gap + ["exit code \(exitCode)"]
            return lines.joined(separator: "\n") + "\n"
        default: throw Self.unrendered(format)
        }
    }
}

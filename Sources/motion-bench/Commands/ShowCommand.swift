import BenchKit
import ConformanceReports
import Foundation
import HarnessSupport
import MotionBenchApp

/// `motion-bench show RESULT.json [--format F] [--output FILE]`: a stored run, comparison,
/// conformance result or nightly history record rendered in any of its formats, without measuring
/// or playing anything again.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "show",
        summary:
            "A stored run, comparison, conformance result or history record in another format, measuring nothing; revision:PREFIX or date:PREFIX names a run in the store.",
        exits: [.init(0, "shown"), .init(1, "not a stored result")])

    @Positionals("RESULT.json", maximum: 1) var results: [String]
    // Which formats there are depends on the kind of result, known once it is read.
    @Option("--format", "F", help: "the format (per kind of result)") var format: String?
    @Option("--output", "FILE", remedies: [.writableFolder], help: "write it to FILE") var output: String?
    @Option("--reports", "DIR", default: "reports", remedies: [.writableFolder], help: "where results are kept, for revision: and date:") var reportsPath:
        String
    var store = StoreOptions()

    var reports: URL { URL(fileURLWithPath: reportsPath) }

    func validate() throws(CommandLineError) {
        if results.isEmpty {
            throw CommandLineError(
                .missingArgument,
                "'show' needs a result file: a run (reports/runs/*.json), a comparison (reports/revisions/*.json), a conformance JSON, a history record (reports/history/*/*.json) or a calibration (reports/calibration/)"
            )
        }
    }

    /// `--format` (text when not given) as a format `R` renders.
    static func format<R: RenderableResult>(_ name: String?, for _: R.Type) throws -> OutputFormat {
        do { return try R.format(named: name ?? "text") } catch { throw UsageError(error.description, command: "show") }
    }

    func run() throws -> Int32 {
        let rendered: String
        switch try app.show(results[0], reports: reports, store: store.choice) {
        case let .run(result):
            rendered = try result.render(try Self.format(self.format, for: RunResult.self))
        case let .history(record):
            // The night's run in the format asked, then each engine's conformance that night.
            var lines: [String] = []
            for summary in record.engines ?? record.conformance.map({ [$0] }) ?? [] {
                lines.append(
                    "conformance of \(summary.engine ?? "MotionCore"): \(summary.passed) passed, \(summary.failed) failed, \(summary.errors) errors"
                        + (summary.checksPassed.map { "; checks \($0) of \($0 + (summary.checksFailed ?? 0)) passed" } ?? "")
                        + (summary.exitCode.map { "; exit \($0)" } ?? ""))
            }
            let format = try Self.format(self.format, for: RunResult.self)
            let run = try record.run.render(format)
            rendered =
                [.text, .markdown].contains(format) && !lines.isEmpty
                ? run + (run.hasSuffix("\n") ? "" : "\n") + "\n" + lines.joined(separator: "\n") + "\n" : run
        case let .calibration(calibration):
            rendered = try calibration.render(try Self.format(self.format, for: Calibration.self))
        case let .comparison(report):
            rendered = try report.render(try Self.format(self.format, for: ComparisonReport.self))
        case let .conformance(report):
            rendered = try report.render(try Self.format(self.format, for: ConformanceReport.self))
        }
        try deliver(rendered, to: output, keeping: "the rendering")
        if let output { status("wrote \(output)\n") }
        return 0
    }
}

import BenchKit
import ConformanceReports
import Foundation
import MotionBenchApp
import MotionConformance

/// `motion-bench show RESULT.json [--format F] [--output FILE]`: a stored run, comparison,
/// conformance result or nightly history record rendered in any of its formats, without measuring
/// or playing anything again.
enum ShowCommand {
    static func run(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("show"))
        guard let path = arguments.positional.first else {
            throw UsageError(
                "'show' needs a result file: a run (reports/runs/*.json), a comparison (reports/revisions/*.json), a conformance JSON, a history record (reports/history/*/*.json) or a calibration (reports/calibration/)",
                command: "show")
        }
        let reports = URL(fileURLWithPath: arguments.value("--reports") ?? "reports")
        let format = arguments.value("--format") ?? "text"
        let rendered: String
        switch try app.show(path, reports: reports, store: StoreChoice(arguments)) {
        case let .run(result):
            rendered = try ReportFormat.parse(format).render(result)
        case let .history(record):
            // The night's run in the format asked, then each engine's conformance that night.
            var lines: [String] = []
            for summary in record.engines ?? record.conformance.map({ [$0] }) ?? [] {
                lines.append(
                    "conformance of \(summary.engine ?? "MotionCore"): \(summary.passed) passed, \(summary.failed) failed, \(summary.errors) errors"
                        + (summary.checksPassed.map { "; checks \($0) of \($0 + (summary.checksFailed ?? 0)) passed" } ?? "")
                        + (summary.exitCode.map { "; exit \($0)" } ?? ""))
            }
            let run = try ReportFormat.parse(format).render(record.run)
            rendered =
                ["text", "markdown"].contains(format) && !lines.isEmpty
                ? run + (run.hasSuffix("\n") ? "" : "\n") + "\n" + lines.joined(separator: "\n") + "\n" : run
        case let .calibration(calibration):
            switch format {
            case "text": rendered = calibration.text()
            case "json": rendered = String(decoding: try ResultStore.encoder.encode(calibration), as: UTF8.self)
            default: throw UsageError("unknown format '\(format)' for a calibration; expected text or json", command: "show")
            }
        case let .comparison(report):
            do { rendered = try ComparisonFormat.parse(format).render(report) } catch let error as ResultFileError {
                throw UsageError(error.description, command: "show")
            }
        case let .conformance(report):
            guard let chosen = ConformanceReport.Format(rawValue: format) else {
                throw UsageError(
                    "unknown format '\(format)' for a conformance result; expected one of: "
                        + ConformanceReport.Format.allCases.map(\.rawValue).joined(separator: ", "), command: "show")
            }
            rendered = report.render(chosen)
        }
        if let output = arguments.value("--output") {
            try ResultStore.write(Data(rendered.utf8), to: URL(fileURLWithPath: output), keeping: "the rendering")
            status("wrote \(output)\n")
        } else {
            print(rendered, terminator: rendered.hasSuffix("\n") ? "" : "\n")
        }
        return 0
    }
}

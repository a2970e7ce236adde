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
        let reports = URL(fileURLWithPath: arguments.string("--reports"))
        let rendered: String
        switch try app.show(path, reports: reports, store: StoreChoice(arguments)) {
        case let .run(result):
            rendered = try result.render(try arguments.format(for: RunResult.self))
        case let .history(record):
            // The night's run in the format asked, then each engine's conformance that night.
            var lines: [String] = []
            for summary in record.engines ?? record.conformance.map({ [$0] }) ?? [] {
                lines.append(
                    "conformance of \(summary.engine ?? "MotionCore"): \(summary.passed) passed, \(summary.failed) failed, \(summary.errors) errors"
                        + (summary.checksPassed.map { "; checks \($0) of \($0 + (summary.checksFailed ?? 0)) passed" } ?? "")
                        + (summary.exitCode.map { "; exit \($0)" } ?? ""))
            }
            let format = try arguments.format(for: RunResult.self)
            let run = try record.run.render(format)
            rendered =
                [.text, .markdown].contains(format) && !lines.isEmpty
                ? run + (run.hasSuffix("\n") ? "" : "\n") + "\n" + lines.joined(separator: "\n") + "\n" : run
        case let .calibration(calibration):
            rendered = try calibration.render(try arguments.format(for: Calibration.self))
        case let .comparison(report):
            rendered = try report.render(try arguments.format(for: ComparisonReport.self))
        case let .conformance(report):
            rendered = try report.render(try arguments.format(for: ConformanceReport.self))
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

import BenchKit
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
        let url = try app.storedRunFile(path, store: StoreChoice(arguments), reports: reports) ?? URL(fileURLWithPath: path)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw ToolError("\(path) does not exist or cannot be read") }
        let format = arguments.value("--format") ?? "text"
        let text = String(decoding: data, as: UTF8.self)
        let rendered: String
        switch try kind(of: text, path: path) {
        case "run":
            let result: RunResult
            do { result = try ResultStore(root: url.deletingLastPathComponent()).load(url, role: "result") } catch let error as ResultFileError {
                throw ToolError(error.description)
            }
            rendered = try ReportFormat.parse(format).render(result)
        case "history":
            // A nightly record: its run in the format asked, then each engine's conformance that night.
            let record: HistoryRecord
            do { record = try JSONDecoder().decode(HistoryRecord.self, from: data) } catch {
                throw ToolError("\(path) is not a history record motion-bench can read: \(CommandLineTool.describe(error))")
            }
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
        case "calibration":
            let calibration: Calibration
            do { calibration = try JSONDecoder().decode(Calibration.self, from: data) } catch {
                throw ToolError("\(path) is not a calibration motion-bench can read: \(CommandLineTool.describe(error))")
            }
            switch format {
            case "text": rendered = calibration.text()
            case "json": rendered = String(decoding: try ResultStore.encoder.encode(calibration), as: UTF8.self)
            default: throw UsageError("unknown format '\(format)' for a calibration; expected text or json", command: "show")
            }
        case "comparison":
            let report: ComparisonReport
            do { report = try JSONDecoder().decode(ComparisonReport.self, from: data) } catch {
                throw ToolError("\(path) is not a comparison motion-bench can read: \(CommandLineTool.describe(error))")
            }
            do { rendered = try ComparisonFormat.parse(format).render(report) } catch let error as ResultFileError {
                throw UsageError(error.description, command: "show")
            }
        default:
            let report: ConformanceReport
            do { report = try ConformanceReport(json: text) } catch { throw ToolError("\(path): \(error)") }
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

    /// Which result `text` holds, by the keys only that kind has.
    static func kind(of text: String, path: String) throws -> String {
        guard let json = try? JSONValue.parse(text), json["schemaVersion"] != nil || json["comparisons"] != nil || json["run"] != nil else {
            throw ToolError("\(path) is not a motion-bench result: expected a JSON object with schemaVersion")
        }
        if json["run"]?["benchmarks"] != nil { return "history" }
        if json["seriesKey"] != nil && json["pairs"] != nil { return "calibration" }
        if json["comparisons"] != nil { return "comparison" }
        if json["fixtures"] != nil { return "conformance" }
        if json["benchmarks"] != nil { return "run" }
        throw ToolError(
            "\(path) is neither a run (benchmarks), a comparison (comparisons), a conformance result (fixtures), a history record (run) nor a calibration (seriesKey, pairs)"
        )
    }
}

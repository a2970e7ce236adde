import BenchKit
import ConformanceReports
import FixtureFormat
import Foundation
import MotionConformance

/// A result the tool wrote, read back: what `show` renders.
package enum StoredResult: Sendable {
    case run(RunResult)
    /// A nightly record: its run, and each engine's conformance that night.
    case history(HistoryRecord)
    case calibration(Calibration)
    case comparison(ComparisonReport)
    case conformance(ConformanceReport)
}

extension Application {
    /// `show`: the result in a file — or a stored run named `revision:PREFIX` / `date:PREFIX` —
    /// read and decoded, its kind told by the keys only that kind has. Nothing is measured or
    /// played again.
    package func show(_ path: String, reports: URL, store: StoreChoice) throws -> StoredResult {
        let url = try storedRunFile(path, store: store, reports: reports) ?? URL(fileURLWithPath: path)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw ToolError("\(path) does not exist or cannot be read") }
        let text = String(decoding: data, as: UTF8.self)
        func decoded<T: Decodable>(_ type: T.Type, _ what: String) throws -> T {
            do { return try JSONDecoder().decode(type, from: data) } catch {
                throw ToolError("\(path) is not \(what) motion-bench can read: \(Self.describe(error))")
            }
        }
        switch try Self.kind(of: text, path: path) {
        case "run":
            do { return .run(try ResultFiles(root: url.deletingLastPathComponent()).load(url, role: "result")) } catch let error as ResultFileError {
                throw ToolError(error.description)
            }
        case "history": return .history(try decoded(HistoryRecord.self, "a history record"))
        case "calibration": return .calibration(try decoded(Calibration.self, "a calibration"))
        case "comparison": return .comparison(try decoded(ComparisonReport.self, "a comparison"))
        default:
            do { return .conformance(try ConformanceReport(json: text)) } catch { throw ToolError("\(path): \(error)") }
        }
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

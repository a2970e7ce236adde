import BenchKit
import Foundation

/// The results of a conformance run, and its formats.
public struct ConformanceReport: Sendable {
    public var results: [FixtureResult]
    /// Fixtures that could not be loaded: each is reported as an error result.
    public var loadErrors: [FixtureError]

    /// The engine that played the fixtures, when it was not MotionBench's own.
    public var engine: String?

    public init(results: [FixtureResult], loadErrors: [FixtureError], engine: String? = nil) {
        self.results = results
        self.loadErrors = loadErrors
        self.engine = engine
    }

    public var passed: Int { results.filter { $0.verdict == .pass }.count }
    public var failed: Int { results.filter { $0.verdict == .fail }.count }
    public var errors: Int { loadErrors.count + results.filter { $0.verdict == .error }.count }
    public var skipped: Int { results.filter { $0.verdict == .skipped }.count }

    /// 0 all pass, 1 failures (or nothing ran: no fixture passed or failed), 2 errors.
    public var exitCode: Int32 { errors > 0 ? 2 : (failed > 0 || passed == 0 ? 1 : 0) }

    /// The closing line test runners and CI read.
    public var summaryLine: String {
        "\(passed) passed, \(failed) failed" + (errors > 0 ? ", \(errors) errors" : "") + (skipped > 0 ? ", \(skipped) skipped" : "")
            + (passed + failed == 0 && errors == 0 ? " (no fixture ran)" : "")
    }

    public enum Format: String, CaseIterable, Sendable { case text, json, junit, markdown, html }

    public func render(_ format: Format, plotAll: Bool = false) -> String {
        switch format {
        case .text: return text()
        case .json: return json()
        case .junit: return junit()
        case .markdown: return markdown()
        case .html: return HTMLConformanceReport.render(self, plotAll: plotAll)
        }
    }

    static func formatError(_ value: Double) -> String {
        value.isFinite ? String(format: "%.3g", value) : "∞"
    }

    func text() -> String {
        var lines = [Self.textHeader]
        for r in results { lines += Self.textLines(r) }
        lines += textFooter
        return lines.joined(separator: "\n") + "\n"
    }

    /// The text report's first line; with `textLines` for each result as it finishes and
    /// `textFooter` at the end, the text report can be written as the fixtures run.
    public static let textHeader = row("fixture", "provenance", "error/tol", "verdict")

    /// One line in fixed columns (fixed, so that lines written as fixtures finish line up): the id
    /// in 58 characters, the provenance in 15, the error right-aligned in 10; longer cells push
    /// the rest along rather than being cut.
    static func row(_ id: String, _ provenance: String, _ error: String, _ verdict: String) -> String {
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        return pad(id, 58) + "  " + pad(provenance, 15) + "  " + String(repeating: " ", count: max(0, 10 - error.count)) + error + "  " + verdict
    }

    public static func textLines(_ r: FixtureResult) -> [String] {
        var lines = [row(r.id, r.provenance, Self.formatError(r.maxError), r.verdict.rawValue)]
        if r.verdict != .pass { lines.append("    \(r.message)") }
        if r.verdict == .fail || r.verdict == .error, let file = r.file { lines.append("    fixture: \(file)") }
        return lines
    }

    public var textFooter: [String] { loadErrors.map { "error: \($0)" } + [summaryLine] }

    func json() -> String {
        var fixtures: [JSONValue] = results.map { r in
            .object([
                ("id", .string(r.id)), ("suite", .string(r.suite)), ("provenance", .string(r.provenance)), ("verdict", .string(r.verdict.rawValue)),
                ("maxError", r.maxError.isFinite ? .number(r.maxError) : .string("inf")), ("message", .string(r.message)),
                ("file", r.file.map { .string($0) } ?? .null),
            ])
        }
        fixtures += loadErrors.map { e in
            .object([
                ("id", .string(e.file ?? "")), ("suite", .string("")), ("provenance", .string("")), ("verdict", .string("error")),
                ("maxError", .null), ("message", .string(e.description)), ("file", e.file.map { .string($0) } ?? .null),
            ])
        }
        return JSONValue.object([
            ("schemaVersion", .number(1)), ("engine", engine.map { .string($0) } ?? .null),
            ("passed", .number(Double(passed))), ("failed", .number(Double(failed))), ("errors", .number(Double(errors))),
            ("skipped", .number(Double(skipped))), ("fixtures", .array(fixtures)),
        ]).serialized() + "\n"
    }

    func junit() -> String {
        var cases = results.map { r -> JUnitDocument.TestCase in
            let outcome: JUnitDocument.Outcome
            switch r.verdict {
            case .pass: outcome = .passed
            case .fail: outcome = .failure(type: "fail", message: r.message)
            case .error: outcome = .error(type: "error", message: r.message)
            case .skipped: outcome = .skipped(message: r.message)
            }
            return JUnitDocument.TestCase(classname: "conformance.\(r.suite)", name: r.id, outcome: outcome)
        }
        cases += loadErrors.map {
            JUnitDocument.TestCase(classname: "conformance.load", name: $0.file ?? "fixture", outcome: .error(type: "load", message: $0.description))
        }
        return JUnitDocument(name: "motion-bench conform", properties: [("engine", engine ?? "MotionCore and MotionEngine (in process)")], cases: cases)
            .render()
    }

    func markdown() -> String {
        var lines = ["## Conformance: \(summaryLine)", "", "| fixture | provenance | error/tol | verdict |", "|---|---|---|---|"]
        for r in results.sorted(by: { ($0.verdict == .pass ? 1 : 0, $0.id) < ($1.verdict == .pass ? 1 : 0, $1.id) }) {
            lines.append(
                "| `\(r.id)` | \(r.provenance) | \(Self.formatError(r.maxError)) | \(r.verdict == .pass ? "pass" : "**\(r.verdict.rawValue)**")"
                    + (r.verdict == .pass ? "" : ": " + r.message.replacingOccurrences(of: "|", with: "\\|")) + " |")
        }
        for e in loadErrors { lines.append("| `\(e.file ?? "")` | | | **error**: \(e.message.replacingOccurrences(of: "|", with: "\\|")) |") }
        return lines.joined(separator: "\n") + "\n"
    }
}

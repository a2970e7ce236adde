import Foundation
import MotionConformance

/// `motion-bench conform`: runs the fixtures and reports; exit 0 all pass, 1 failures,
/// 2 fixture errors.
enum ConformCommand {
    static func run(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, command: "conform", options: ["--fixtures", "--suite", "--filter", "--format", "--output", "--engine"],
                                      flags: ["--plot-all"])
        let formatName = arguments.value("--format") ?? "text"
        guard let format = ConformanceReport.Format(rawValue: formatName) else {
            throw UsageError("unknown format '\(formatName)'; expected one of: \(ConformanceReport.Format.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let report = try conformance(fixtures: arguments.value("--fixtures") ?? "Fixtures", suite: arguments.value("--suite"),
                                     filter: arguments.value("--filter"), engine: arguments.value("--engine"))
        let rendered = report.render(format, plotAll: arguments.has("--plot-all"))
        if let output = arguments.value("--output") {
            try AtomicWrite.write(rendered, to: output)
            print(report.summaryLine)
        } else {
            print(rendered, terminator: "")
        }
        return report.exitCode
    }

    static func conformance(fixtures: String, suite: String?, filter: String?, engine: String?) throws -> ConformanceReport {
        let root = URL(fileURLWithPath: fixtures)
        guard FileManager.default.fileExists(atPath: root.path) else { throw ToolError("no fixtures folder at \(root.path)") }
        var loaded = FixtureLoader.load(root: root, suite: suite)
        if let filter {
            guard let regex = try? NSRegularExpression(pattern: filter) else { throw UsageError("--filter '\(filter)' is not a valid regular expression") }
            loaded.fixtures = loaded.fixtures.filter { regex.firstMatch(in: $0.id, range: NSRange($0.id.startIndex..., in: $0.id)) != nil }
        }
        if let engine {
            let adapter = try ExternalEngine(command: engine)
            defer { adapter.close() }
            let carried = loaded.fixtures.filter(ExternalEngine.supports)
            if carried.count < loaded.fixtures.count {
                writeToStandardError("conform: \(loaded.fixtures.count - carried.count) fixtures skipped: the engine protocol carries property scenarios of scalar values\n")
            }
            return ConformanceReport(results: carried.map { adapter.run($0) }, loadErrors: loaded.errors)
        }
        return ConformanceReport(results: loaded.fixtures.map(Player.run), loadErrors: loaded.errors)
    }
}

/// Atomic file writes for the tool's outputs.
enum AtomicWrite {
    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else { throw ToolError("cannot write \(path)") }
    }
}

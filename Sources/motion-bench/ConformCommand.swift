import BenchKit
import Foundation
import MotionConformance

/// `motion-bench conform`: runs the fixtures and reports; exit 0 all pass, 1 failures,
/// 2 fixture errors.
enum ConformCommand {
    static func run(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(
            raw, command: "conform",
            options: [
                "--fixtures", "--suite", "--filter", "--format", "--output", "--engine",
                "--engine-timeout", "--fixture-timeout", "--fixture-memory",
            ],
            flags: ["--plot-all", "--engine-shell"])
        let formatName = arguments.value("--format") ?? "text"
        guard let format = ConformanceReport.Format(rawValue: formatName) else {
            throw UsageError("unknown format '\(formatName)'; expected one of: \(ConformanceReport.Format.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var engine: ExternalEngine.Options?
        if let command = arguments.value("--engine") {
            engine = ExternalEngine.Options(command: command, shell: arguments.has("--engine-shell"))
            if let text = arguments.value("--engine-timeout") {
                guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                    throw UsageError("--engine-timeout '\(text)' is not a number of seconds between 0 and 3600")
                }
                engine?.timeout = seconds
            }
        } else if arguments.has("--engine-shell") || arguments.value("--engine-timeout") != nil {
            throw UsageError("--engine-shell and --engine-timeout go with --engine CMD")
        }
        var budget = IsolatedPlayer.Budget()
        if let text = arguments.value("--fixture-timeout") {
            guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
                throw UsageError("--fixture-timeout '\(text)' is not a number of seconds between 0 and 86400")
            }
            budget.seconds = seconds
        }
        if let text = arguments.value("--fixture-memory") {
            guard let mebibytes = Int(text), mebibytes >= 64, mebibytes <= 1 << 20 else {
                throw UsageError("--fixture-memory '\(text)' is not a whole number of MiB between 64 and 1048576")
            }
            budget.memoryBytes = mebibytes << 20
        }
        // Text to the terminal goes out a fixture at a time, flushed: whatever happens later, the
        // verdicts reached so far are not lost. Other formats are written whole at the end.
        let streaming = format == .text && arguments.value("--output") == nil
        if streaming { emit([ConformanceReport.textHeader]) }
        let report = try conformance(
            fixtures: arguments.value("--fixtures") ?? "Fixtures", suite: arguments.value("--suite"),
            filter: try arguments.pattern("--filter"), engine: engine, budget: budget,
            onResult: streaming ? { emit(ConformanceReport.textLines($0)) } : nil)
        if streaming {
            emit(report.textFooter)
            return report.exitCode
        }
        let rendered = report.render(format, plotAll: arguments.has("--plot-all"))
        if let output = arguments.value("--output") {
            print(report.summaryLine)
            try ResultStore.write(Data(rendered.utf8), to: URL(fileURLWithPath: output), keeping: "the report")
        } else {
            print(rendered, terminator: "")
        }
        return report.exitCode
    }

    /// Written straight to the file descriptor, unbuffered.
    static func emit(_ lines: [String]) {
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    static func conformance(
        fixtures: String, suite: String?, filter: String?, engine: ExternalEngine.Options?,
        budget: IsolatedPlayer.Budget = .init(), onResult: ((FixtureResult) -> Void)? = nil
    ) throws -> ConformanceReport {
        func reported(_ result: FixtureResult) -> FixtureResult {
            onResult?(result)
            return result
        }
        let root = try fixturesFolder(fixtures)
        var loaded = FixtureLoader.load(root: root, suite: suite)
        // Nothing to run is an error that names what there is, never a pass.
        if let suite, loaded.fixtures.isEmpty, loaded.errors.isEmpty {
            let suites = Set(FixtureLoader.load(root: root).fixtures.map(\.suite)).sorted()
            throw UsageError("--suite '\(suite)' has no fixtures under \(root.path); the suites are: \(suites.joined(separator: ", "))")
        }
        if let filter {
            guard let regex = try? NSRegularExpression(pattern: filter) else { throw UsageError("--filter '\(filter)' is not a valid regular expression") }
            let all = loaded.fixtures
            loaded.fixtures = all.filter { regex.firstMatch(in: $0.id, range: NSRange($0.id.startIndex..., in: $0.id)) != nil }
            if loaded.fixtures.isEmpty && !all.isEmpty {
                let nearest = nearestNames(all.map(\.id), to: filter)
                throw UsageError("--filter '\(filter)' matches no fixture id; the nearest: \(nearest.joined(separator: ", "))")
            }
        }
        if loaded.fixtures.isEmpty && loaded.errors.isEmpty { throw ToolError("no fixtures (*.json) under \(root.path)") }
        if let engine {
            let adapter = ExternalEngine(engine)
            defer { adapter.close() }
            do {
                try adapter.start()
                status(
                    "conform: engine \(adapter.label)"
                        + (adapter.legacy
                            ? " (no handshake: scalar property scenarios only)"
                            : ", protocol \(EngineProtocol.version), capabilities: \(adapter.capabilities.sorted().map(\.rawValue).joined(separator: " "))")
                        + (adapter.unknownCapabilities.isEmpty ? "" : "; unknown capabilities ignored: \(adapter.unknownCapabilities.joined(separator: " "))")
                        + "\n")
            } catch {
                writeToStandardError("conform: \(error)\n")
            }
            return ConformanceReport(results: loaded.fixtures.map { reported(adapter.run($0)) }, loadErrors: loaded.errors, engine: adapter.label)
        }
        let player = IsolatedPlayer(command: [selfExecutable, "play"], budget: budget)
        return ConformanceReport(results: player.run(loaded.fixtures) { onResult?($0) }, loadErrors: loaded.errors)
    }
}

/// This executable, to start again as a child (`/proc/self/exe` where there is one).
var selfExecutable: String {
    let link = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    return link == "/proc/self/exe" ? CommandLine.arguments[0] : link
}

/// The fixtures folder, which must exist and be a folder.
func fixturesFolder(_ path: String) throws -> URL {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw ToolError("no fixtures folder at \(path)") }
    guard isDirectory.boolValue else { throw ToolError("--fixtures \(path) is a file, not a folder of fixtures") }
    return URL(fileURLWithPath: path)
}

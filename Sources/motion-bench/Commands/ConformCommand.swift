import BenchKit
import ConformanceReports
import Foundation
import HarnessSupport
import MotionBenchApp
import MotionConformance

/// `motion-bench conform`: runs the fixtures and reports; exit 0 all pass, 1 failures,
/// 2 fixture errors.
struct ConformCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: ConformInvocation.command,
        summary: """
            Run the conformance fixtures through MotionCore (in a child process) or --engine CMD (several: side by side).
            Checks an engine did not declare are skipped; each section gets a score. Exit 0 all passed (or only expected
            failures, with --expectations), 1 failures or nothing ran, 2 errors or an engine that cannot start.
            """,
        exits: [
            .init(0, "all passed (or only expected failures)"), .init(1, "failures, or nothing ran"), .init(2, "fixture errors or an engine that cannot start"),
        ], remedies: [.legacyEngine, .longerFixtureTime, .moreFixtureMemory])

    var engines = PlayedEngineOptions()
    /// `--fixtures`, `--format`, `--fixture-timeout`: the options this tool also writes when it
    /// starts a `conform` (`ConformInvocation`).
    var words = ConformWords()
    var fixtures: FixturesOption { words.fixtures }
    var format: OutputFormat { words.format }
    var fixtureTimeout: Double { words.fixtureTimeout }
    @Option("--suite", "S", fills: RequestError.Field.suite, help: "one suite (a folder of fixtures)") var suite: String?
    @Option("--filter", "REGEX", .pattern, fills: RequestError.Field.filter, help: "the fixtures whose ids match") var filter: String?
    @Option("--fixture", "ID", fills: RequestError.Field.fixtureID, help: "one fixture") var fixture: String?
    @Option("--output", "FILE", remedies: [.writableFolder], help: "write the report to FILE") var output: String?
    @Option(
        "--fixture-memory", "MIB", .whole(ConformanceRequest.fixtureMebibytesRange), default: ConformanceRequest.defaultFixtureMebibytes,
        fills: RequestError.Field.fixtureMemory, remedies: [.moreFixtureMemory], help: "memory a fixture may take in process")
    var fixtureMemory: Int
    @Option("--expectations", "FILE", fills: RequestError.Field.expectations, help: "gate on results the file does not expect") var expectations: String?
    @Option("--update-expectations", "FILE", fills: RequestError.Field.updateExpectations, help: "write the expectation file from this run, keeping reasons")
    var updateExpectations: String?
    @Option(
        "--diagnosis-seconds", "S", .duration(max: ConformanceRequest.maximumReduceSeconds), default: ConformanceRequest.defaultReduceSeconds,
        help: "seconds an engine's failing fixtures may be reduced to their causes for")
    var diagnosisSeconds: Double
    @Flag("--no-reduce", help: "group an engine's failures without reducing them (no causes)") var noReduce: Bool
    @Flag("--plot-all", help: "plot every fixture in HTML, not only failures") var plotAll: Bool
    @Flag("--transcript", help: "with --fixture: every request, answer and check") var transcript: Bool

    func validate() throws(CommandLineError) {
        if noReduce, $diagnosisSeconds.isGiven {
            throw CommandLineError.excludes($noReduce, $diagnosisSeconds, because: "disagree")
        }
        if fixture != nil, filter != nil {
            throw CommandLineError.excludes($fixture, $filter, because: "both choose fixtures")
        }
        if transcript, fixture == nil {
            throw CommandLineError.needs($transcript, $fixture, because: "one fixture's every request, answer and check")
        }
        if engines.count > 1, expectations != nil || updateExpectations != nil {
            let given = expectations != nil ? $expectations : $updateExpectations
            throw CommandLineError(
                .conflict, option: given.name, "\(given.name) belongs to one engine; give one \(engines.engine.$commands.usage) with it")
        }
    }

    /// An engine that could not be played, and what gets past it: where it only answered too
    /// slowly, the option that waits longer; where its failure names a remedy, that remedy's options.
    static func engineUnavailable(_ error: EngineUnavailable) -> Int32 {
        writeError(error, for: ConformCommand.self)
        if let waited = error.waited {
            writeToStandardError(
                "(it was given \(String(format: "%g", waited)) s to answer; \(EngineOptions().$timeout.usage) gives it longer, as a loaded machine may need)\n")
        }
        return 2
    }

    var request: ConformanceRequest {
        var request = ConformanceRequest(fixtures: fixtures.path, suite: suite, filter: filter, engine: engines.first)
        (request.fixtureSeconds, request.fixtureMebibytes, request.fixtureID) = (fixtureTimeout, fixtureMemory, fixture)
        (request.expectations, request.updateExpectations) = (expectations, updateExpectations)
        request.reduceSeconds = noReduce ? nil : diagnosisSeconds
        return request
    }

    func run() throws -> Int32 {
        if transcript, let fixture { return try self.transcript(fixture) }
        if engines.count > 1 { return try sideBySide() }
        // Text to the terminal goes out a fixture at a time, flushed: whatever happens later, the
        // verdicts reached so far are not lost. Other formats are written whole at the end.
        let streaming = format == .text && output == nil
        // The header goes out with the first result: an engine that cannot start leaves one error, no table.
        var headed = false
        func header() {
            if streaming && !headed { Self.emit([ConformanceReport.textHeader]) }
            headed = true
        }
        var report: ConformanceReport
        do {
            report = try app.conformance(
                request,
                onResult: streaming
                    ? {
                        header()
                        Self.emit(ConformanceReport.textLines($0))
                    } : nil)
            header()
        } catch let error as EngineUnavailable {
            return Self.engineUnavailable(error)
        }
        defer { Self.adviseStopped(report.results.compactMap(\.stopped)) }
        if streaming {
            Self.emit(report.textFooter)
            return report.exitCode
        }
        let rendered = try report.render(format, plotAll: plotAll)
        if let output {
            print(report.summaryLine)
            try ResultFiles.write(Data(rendered.utf8), to: URL(fileURLWithPath: output), keeping: "the report")
        } else {
            print(rendered, terminator: "")
        }
        return report.exitCode
    }

    /// For fixtures the isolated player stopped at a budget, how to raise that budget, once per budget.
    static func adviseStopped(_ stops: [FixtureResult.Stop]) {
        for remedy in Remedy.allCases {
            let count = stops.count { $0.remedy == remedy }
            if count > 0 {
                writeToStandardError("(\(count) fixture\(count == 1 ? " was" : "s were") stopped at a per-fixture budget: \(remedy.advice(for: Self.self)))\n")
            }
        }
    }

    /// Written straight to the file descriptor, unbuffered.
    static func emit(_ lines: [String]) {
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// `conform --engine A --engine B …`: each engine's run, then one report of them side by side.
    func sideBySide() throws -> Int32 {
        let sideBySide: ConformanceSideBySide
        do {
            sideBySide = try app.conformance(request, engines: engines.launches)
        } catch let error as EngineUnavailable {
            return Self.engineUnavailable(error)
        }
        let reports = sideBySide.reports
        let rendered = try sideBySide.render(format)
        if let output {
            try ResultFiles.write(Data(rendered.utf8), to: URL(fileURLWithPath: output), keeping: "the report")
            for report in reports { print("\(report.engine ?? "?"): \(report.summaryLine)") }
        } else {
            print(rendered, terminator: "")
        }
        return sideBySide.exitCode
    }
}

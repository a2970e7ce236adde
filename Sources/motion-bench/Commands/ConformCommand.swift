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
        name: "conform",
        summary: """
            Run the conformance fixtures through MotionCore (in a child process) or --engine CMD (several: side by side).
            Checks an engine did not declare are skipped; each section gets a score. Exit 0 all passed (or only expected
            failures, with --expectations), 1 failures or nothing ran, 2 errors or an engine that cannot start.
            """,
        exits: [
            .init(0, "all passed (or only expected failures)"), .init(1, "failures, or nothing ran"), .init(2, "fixture errors or an engine that cannot start"),
        ])

    var engine = EngineOptions(timeout: EngineLaunch.answerTimeout)
    @Flag("--legacy-engine", help: "play an engine without a handshake (scalar properties only)") var legacyEngine: Bool
    var fixtures = FixturesOption()
    @Option("--suite", "S", help: "one suite (a folder of fixtures)") var suite: String?
    @Option("--filter", "REGEX", .pattern, help: "the fixtures whose ids match") var filter: String?
    @Option("--fixture", "ID", help: "one fixture") var fixture: String?
    @Option("--format", "F", .format(of: ConformanceReport.self), default: .text, help: "the output format") var format: OutputFormat
    @Option("--output", "FILE", help: "write the report to FILE") var output: String?
    @Option(
        "--fixture-timeout", "S", .duration(max: ConformanceRequest.maximumFixtureSeconds), default: ConformanceRequest.defaultFixtureSeconds,
        help: "seconds a fixture may take in process")
    var fixtureTimeout: Double
    @Option(
        "--fixture-memory", "MIB", .whole(ConformanceRequest.fixtureMebibytesRange), default: ConformanceRequest.defaultFixtureMebibytes,
        help: "memory a fixture may take in process")
    var fixtureMemory: Int
    @Option("--expectations", "FILE", help: "gate on results the file does not expect") var expectations: String?
    @Option("--update-expectations", "FILE", help: "write the expectation file from this run, keeping reasons") var updateExpectations: String?
    @Option("--explore", "N", .whole(1...10_000_000), help: "play N generated scenarios instead of the fixtures") var explore: Int?
    @Option("--seed", "S", .seed, default: 1, help: "the explorer's seed") var seed: UInt64
    @Option("--explore-seconds", "T", .duration(max: 86_400), help: "stop exploring after T seconds") var exploreSeconds: Double?
    @Option("--explore-output", "DIR", default: "reports/explore", help: "where shrunk divergences go") var exploreOutput: String
    @Option("--explore-kinds", "K,…", .scenarioKinds, help: "the kinds of scenario, in turn (\(Application.scenarioKinds.joined(separator: ",")))")
    var exploreKinds: [String]?
    @Option(
        "--diagnosis-seconds", "S", .duration(max: ConformanceRequest.maximumReduceSeconds), default: ConformanceRequest.defaultReduceSeconds,
        help: "seconds an engine's failing fixtures may be reduced to their causes for")
    var diagnosisSeconds: Double
    @Flag("--no-reduce", help: "group an engine's failures without reducing them (no causes)") var noReduce: Bool
    @Flag("--plot-all", help: "plot every fixture in HTML, not only failures") var plotAll: Bool
    @Flag("--transcript", help: "with --fixture: every request, answer and check") var transcript: Bool

    func validate() throws(CommandLineError) {
        if engine.commands.isEmpty, legacyEngine {
            throw CommandLineError(.conflict, option: "--legacy-engine", "--engine-shell, --engine-timeout and --legacy-engine go with --engine CMD")
        }
        if explore != nil {
            for option in [
                $format.isGiven ? "--format" : nil, suite.map { _ in "--suite" }, filter.map { _ in "--filter" }, output.map { _ in "--output" },
                fixtures.$path.isGiven ? "--fixtures" : nil,
            ].compactMap({ $0 }) {
                throw CommandLineError(
                    .conflict, option: option, "\(option) does not go with --explore (exploration plays generated scenarios and writes fixtures)")
            }
        } else {
            for (option, given) in [
                ("--seed", $seed.isGiven), ("--explore-seconds", exploreSeconds != nil), ("--explore-output", $exploreOutput.isGiven),
                ("--explore-kinds", exploreKinds != nil),
            ] where given {
                throw CommandLineError(.conflict, option: option, "\(option) goes with --explore N")
            }
        }
        if noReduce, $diagnosisSeconds.isGiven {
            throw CommandLineError(.conflict, option: "--no-reduce", "--no-reduce and --diagnosis-seconds S disagree; give one")
        }
        if fixture != nil, filter != nil {
            throw CommandLineError(.conflict, option: "--fixture", "--fixture ID and --filter REGEX both choose fixtures; give one")
        }
        if transcript, fixture == nil {
            throw CommandLineError(.conflict, option: "--transcript", "--transcript goes with --fixture ID (one fixture's every request, answer and check)")
        }
        if engine.commands.count > 1, expectations != nil || updateExpectations != nil {
            throw CommandLineError(
                .conflict, option: "--expectations", "--expectations and --update-expectations belong to one engine; give one --engine with them")
        }
    }

    /// An engine that could not be played, and what gets past it: where it only answered too
    /// slowly, the option that waits longer; where its failure names a remedy, that remedy's options.
    static func engineUnavailable(_ error: EngineUnavailable) -> Int32 {
        writeError(error, for: ConformCommand.self)
        if let waited = error.waited {
            writeToStandardError(
                "(it was given \(String(format: "%g", waited)) s to answer; --engine-timeout S gives it longer, as a loaded machine may need)\n")
        }
        return 2
    }

    /// The engine the options name (the first, when several are played side by side).
    var engineOptions: EngineLaunch? {
        engine.engines.first.map {
            var options = $0
            options.legacy = legacyEngine
            return options
        }
    }

    var request: ConformanceRequest {
        var request = ConformanceRequest(fixtures: fixtures.path, suite: suite, filter: filter, engine: engineOptions)
        (request.fixtureSeconds, request.fixtureMebibytes, request.fixtureID) = (fixtureTimeout, fixtureMemory, fixture)
        (request.expectations, request.updateExpectations) = (expectations, updateExpectations)
        request.reduceSeconds = noReduce ? nil : diagnosisSeconds
        return request
    }

    func run() throws -> Int32 {
        if let explore {
            return try Self.explore(count: explore, seed: seed, seconds: exploreSeconds, kinds: exploreKinds, output: exploreOutput, engine: engineOptions)
        }
        if transcript, let fixture { return try self.transcript(fixture) }
        if engine.commands.count > 1 { return try sideBySide() }
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

    /// `conform --explore N [--seed S] [--explore-seconds T] [--explore-output DIR] [--engine CMD]`:
    /// N generated scenarios, expected answers from the reference model (checked against MotionCore),
    /// played against the engine; each divergence shrunk and written to DIR as a fixture. Exit 0
    /// when all agreed, 1 when any diverged (or nothing ran), 2 on bad arguments.
    static func explore(count: Int, seed: UInt64, seconds: Double?, kinds: [String]?, output: String, engine: EngineLaunch?) throws
        -> Int32
    {
        let request = ExploreRequest(seed: seed, count: count, kinds: kinds, seconds: seconds, engine: engine, output: URL(fileURLWithPath: output))
        let outcome = try app.explore(request) { target in
            print(
                "explore: \(count) scenarios (\((kinds ?? Application.scenarioKinds).joined(separator: ", ")) in turn) of seed \(seed) against \(target)\(seconds.map { ", at most \($0) s" } ?? "")"
            )
        } progress: {
            print("explore: \($0)")
        }
        for divergence in outcome.divergences {
            print("diverged: \(divergence.fixtureID) (\(divergence.rules.joined(separator: ", "))) → \(divergence.file.path)")
        }
        for disagreement in outcome.disagreements {
            print("reference model and MotionCore disagree: scenario \(disagreement.index) → \(disagreement.file.path): \(disagreement.message)")
        }
        print("kinds played: " + outcome.kindsPlayed.map { "\($0.kind) \($0.played)" }.joined(separator: ", "))
        let reached = outcome.rulesReached.keys.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        print("rules reached: " + reached.map { "\($0) \(outcome.rulesReached[$0]!)" }.joined(separator: ", "))
        print(
            "explore: \(outcome.played) played, \(outcome.agreed) agreed, \(outcome.divergedScenarios) diverged (\(outcome.divergences.count) distinct minimal fixtures), \(outcome.skippedByEngine) skipped by the engine, "
                + "\(outcome.disagreements.count) reference/MotionCore disagreements"
                + (outcome.notStarted > 0 ? ", \(outcome.notStarted) not started (time budget)" : "")
                + (outcome.unplayable > 0 ? ", \(outcome.unplayable) the reference model cannot play" : ""))
        if outcome.played == 0 { writeToStandardError("explore: no scenario ran\n") }
        return outcome.exitCode
    }

    /// Written straight to the file descriptor, unbuffered.
    static func emit(_ lines: [String]) {
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// `conform --engine A --engine B …`: each engine's run, then one report of them side by side.
    func sideBySide() throws -> Int32 {
        let sideBySide: ConformanceSideBySide
        do {
            sideBySide = try app.conformance(
                request,
                engines: engine.engines.map {
                    var engine = $0
                    engine.legacy = legacyEngine
                    return engine
                })
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

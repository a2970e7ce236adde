import BenchKit
import ConformanceReports
import EngineConformance
import Foundation
import MotionBenchApp
import MotionConformance

/// `motion-bench conform`: runs the fixtures and reports; exit 0 all pass, 1 failures,
/// 2 fixture errors.
enum ConformCommand {
    /// Where an engine only answered too slowly, the option that waits longer.
    static func slowEngineHint(_ error: EngineUnavailable) -> String {
        error.waited.map { "(it was given \(String(format: "%g", $0)) s to answer; --engine-timeout S gives it longer, as a loaded machine may need)\n" } ?? ""
    }

    static func run(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("conform"))
        let format = try arguments.format(for: ConformanceReport.self)
        var engine: ExternalEngine.Options?
        if let command = arguments.value("--engine") {
            engine = ExternalEngine.Options(command: command, shell: arguments.has("--engine-shell"), legacy: arguments.has("--legacy-engine"))
            engine?.timeout = try arguments.seconds("--engine-timeout") ?? ExternalEngine.Options.defaultTimeout
        } else if arguments.has("--engine-shell") || arguments.given("--engine-timeout") || arguments.has("--legacy-engine") {
            throw UsageError("--engine-shell, --engine-timeout and --legacy-engine go with --engine CMD")
        }
        if arguments.given("--explore") {
            return try explore(arguments, engine: engine)
        }
        for option in ["--seed", "--explore-seconds", "--explore-output", "--explore-kinds"] where arguments.given(option) {
            throw UsageError("\(option) goes with --explore N")
        }
        var budget = IsolatedPlayer.Budget()
        // Their ranges are the declarations' (the parser has checked them).
        budget.seconds = try arguments.seconds("--fixture-timeout") ?? budget.seconds
        budget.memoryBytes = try arguments.int("--fixture-memory").map { $0 << 20 } ?? budget.memoryBytes
        let filter = try arguments.pattern("--filter")
        let fixtureID = arguments.value("--fixture")
        if fixtureID != nil, filter != nil { throw UsageError("--fixture ID and --filter REGEX both choose fixtures; give one") }
        if arguments.has("--transcript") {
            guard let id = arguments.value("--fixture") else {
                throw UsageError("--transcript goes with --fixture ID (one fixture's every request, answer and check)")
            }
            return try transcript(id, fixtures: arguments.string("--fixtures"), engine: engine)
        }
        let engines = arguments.all("--engine")
        if engines.count > 1 {
            guard !arguments.given("--expectations") && !arguments.given("--update-expectations") else {
                throw UsageError("--expectations and --update-expectations belong to one engine; give one --engine with them")
            }
            return try sideBySide(engines, template: engine!, format: format, arguments: arguments, filter: filter, budget: budget)
        }
        let expectations = try readExpectations(arguments)
        // Text to the terminal goes out a fixture at a time, flushed: whatever happens later, the
        // verdicts reached so far are not lost. Other formats are written whole at the end.
        let streaming = format == .text && !arguments.given("--output")
        // The header goes out with the first result: an engine that cannot start leaves one error, no table.
        var headed = false
        func header() {
            if streaming && !headed { emit([ConformanceReport.textHeader]) }
            headed = true
        }
        var report: ConformanceReport
        do {
            var request = ConformanceRequest(
                fixtures: arguments.string("--fixtures"), suite: arguments.value("--suite"), filter: filter, engine: engine)
            (request.budget, request.fixtureID) = (budget, fixtureID)
            report = try app.conformance(
                request,
                onResult: streaming
                    ? {
                        header()
                        emit(ConformanceReport.textLines($0))
                    } : nil)
            header()
        } catch let error as EngineUnavailable {
            writeToStandardError("motion-bench: error: \(error.description)\n" + slowEngineHint(error))
            return 2
        }
        if let (file, read) = expectations { report.expectations = ExpectationsGate(report.results, read, file: file) }
        if let file = arguments.value("--update-expectations") {
            try updateExpectations(file, read: expectations, report: &report)
        }
        if streaming {
            emit(report.textFooter)
            return report.exitCode
        }
        let rendered = try report.render(format, plotAll: arguments.has("--plot-all"))
        if let output = arguments.value("--output") {
            print(report.summaryLine)
            try ResultStore.write(Data(rendered.utf8), to: URL(fileURLWithPath: output), keeping: "the report")
        } else {
            print(rendered, terminator: "")
        }
        return report.exitCode
    }

    /// `conform --explore N [--seed S] [--explore-seconds T] [--explore-output DIR] [--engine CMD]`:
    /// N generated scenarios, expected answers from the reference model (checked against MotionCore),
    /// played against the engine; each divergence shrunk and written to DIR as a fixture. Exit 0
    /// when all agreed, 1 when any diverged (or nothing ran), 2 on bad arguments.
    static func explore(_ arguments: Arguments, engine options: ExternalEngine.Options?) throws -> Int32 {
        let countText = arguments.value("--explore") ?? ""
        guard let count = Int(countText), count > 0, count <= 10_000_000 else {
            throw UsageError("--explore '\(countText)' is not a number of scenarios between 1 and 10000000")
        }
        let seedText = arguments.string("--seed")
        guard let seed = UInt64(seedText) else { throw UsageError("--seed '\(seedText)' is not a whole number from 0 to 2^64 - 1") }
        var exploreOptions = Explorer.Options(seed: seed, count: count, kinds: try scenarioKinds(arguments.value("--explore-kinds"), option: "--explore-kinds"))
        if let text = arguments.value("--explore-seconds") {
            guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
                throw UsageError("--explore-seconds '\(text)' is not a number of seconds between 0 and 86400")
            }
            exploreOptions.seconds = seconds
        }
        for option in ["--format", "--suite", "--filter", "--output", "--fixtures"] where arguments.given(option) {
            throw UsageError("\(option) does not go with --explore (exploration plays generated scenarios and writes fixtures)")
        }
        let output = URL(fileURLWithPath: arguments.string("--explore-output"))
        var adapter: ExternalEngine?
        if let options {
            let engine = ExternalEngine(options)
            do { try engine.start() } catch { throw ToolError("the engine \(options.command) cannot be explored: \(error)") }
            adapter = engine
        }
        defer { adapter?.close() }
        let target = adapter.map { "engine \($0.label)" } ?? "MotionCore (no --engine: the reference model against MotionCore)"
        print(
            "explore: \(count) scenarios (\(exploreOptions.kinds.map(\.rawValue).joined(separator: ", ")) in turn) of seed \(seed) against \(target)\(exploreOptions.seconds.map { ", at most \($0) s" } ?? "")"
        )
        let outcome = Explorer(engine: adapter, options: exploreOptions).explore { print("explore: \($0)") }
        var written: [String] = []
        for divergence in outcome.divergences {
            let name = String(divergence.fixtureID.dropFirst("generated/".count)) + ".json"
            let file = output.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            try AtomicFile.write(divergence.fixtureText, to: file)
            written.append(file.path)
            print("diverged: \(divergence.fixtureID) (\(divergence.rules.joined(separator: ", "))) → \(file.path)")
        }
        for disagreement in outcome.disagreements {
            let file = output.appendingPathComponent("disagreement-" + String(disagreement.fixtureID.dropFirst("generated/".count)) + ".json")
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            try AtomicFile.write(disagreement.fixtureText, to: file)
            print("reference model and MotionCore disagree: scenario \(disagreement.index) → \(file.path): \(disagreement.message)")
        }
        print("kinds played: " + exploreOptions.kinds.map { "\($0.rawValue) \(outcome.kindsPlayed[$0] ?? 0)" }.joined(separator: ", "))
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

    /// The kinds a comma-separated list names; every kind when nil.
    static func scenarioKinds(_ text: String?, option: String) throws -> [ScenarioKind] {
        guard let text else { return ScenarioKind.allCases }
        return try text.split(separator: ",", omittingEmptySubsequences: false).map { name in
            guard let kind = ScenarioKind(rawValue: String(name)) else {
                throw UsageError(
                    "\(option) '\(text)': '\(name)' is not a kind of scenario; expected some of \(ScenarioKind.allCases.map(\.rawValue).joined(separator: ","))"
                )
            }
            return kind
        }
    }

    /// Written straight to the file descriptor, unbuffered.
    static func emit(_ lines: [String]) {
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// `conform --engine A --engine B …`: each engine's run, then one report of them side by side.
    static func sideBySide(
        _ commands: [String], template: ExternalEngine.Options, format: OutputFormat, arguments: Arguments, filter: String?,
        budget: IsolatedPlayer.Budget
    ) throws -> Int32 {
        var reports: [ConformanceReport] = []
        for command in commands {
            var options = template
            options.command = command
            do {
                reports.append(
                    try app.conformance(
                        {
                            var request = ConformanceRequest(
                                fixtures: arguments.string("--fixtures"), suite: arguments.value("--suite"), filter: filter, engine: options)
                            (request.budget, request.fixtureID) = (budget, arguments.value("--fixture"))
                            return request
                        }()))
            } catch let error as EngineUnavailable {
                writeToStandardError("motion-bench: error: \(error.description)\n" + slowEngineHint(error))
                return 2
            }
        }
        let rendered = try ConformanceSideBySide(reports: reports).render(format)
        if let output = arguments.value("--output") {
            try ResultStore.write(Data(rendered.utf8), to: URL(fileURLWithPath: output), keeping: "the report")
            for report in reports { print("\(report.engine ?? "?"): \(report.summaryLine)") }
        } else {
            print(rendered, terminator: "")
        }
        return ConformanceSideBySide(reports: reports).exitCode
    }
}

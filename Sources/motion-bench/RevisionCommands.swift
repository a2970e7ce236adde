import BenchKit
import Foundation
import MotionBenchApp
import MotionConformance

/// `compare-revisions` and `nightly`.
enum RevisionCommands {
    static func revisionOptions(_ arguments: Arguments) throws -> RevisionComparison.Options {
        var options = RevisionComparison.Options()
        options.suites = MotionBenchSuites(executable: app.executable)
        options.profile = try BenchCommands.profile(arguments)
        if !BenchCommands.profileFlags.contains(where: arguments.has) { options.profile = .quick }
        options.filter = try arguments.pattern("--filter")
        options.rounds = try arguments.int("--rounds") ?? ["quick": 4, "standard": 6, "rigorous": 10][options.profile.name]!
        if let budget = try arguments.double("--budget-minutes") {
            guard budget > 0 else { throw UsageError("--budget-minutes needs a positive number of minutes") }
            options.budgetMinutes = budget
        }
        // A budget in minutes is the limit when one is given; otherwise three times the first rounds.
        options.maximumRounds = try arguments.int("--max-rounds") ?? (options.budgetMinutes == nil ? options.rounds * 3 : 1000)
        guard options.rounds >= 2, options.maximumRounds >= options.rounds else {
            throw UsageError("--rounds needs at least 2 (a paired test needs two rounds) and --max-rounds at least --rounds")
        }
        options.confirm = !arguments.has("--no-confirm")
        options.instructions = !arguments.has("--no-instructions")
        if quiet { options.progress = nil }
        if let design = arguments.value("--design") {
            guard let chosen = RevisionComparison.Design(rawValue: design) else { throw UsageError("--design takes blocks or processes, got '\(design)'") }
            options.design = chosen
        }
        if let threshold = try arguments.threshold("--threshold") { options.policy.threshold = threshold }
        if let threshold = try arguments.threshold("--instruction-threshold") { options.policy.instructionThreshold = threshold }
        if let margin = try arguments.margin() { options.policy.margin = margin }
        if let threads = try arguments.threads() { options.threads = threads }
        options.packagePath = arguments.value("--package-path")
        options.workerProduct = arguments.string("--worker-product")
        options.configuration = arguments.string("--configuration")
        return options
    }

    /// `motion-bench compare-revisions REV_A REV_B`: exit codes as `compare`.
    static func compareRevisions(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("compare-revisions"))
        guard arguments.positional.count == 2 else { throw UsageError("'compare-revisions' needs two revisions (or checkout directories): A B") }
        let format = try arguments.format(for: ComparisonReport.self)
        let reports = URL(fileURLWithPath: arguments.string("--reports"))
        let repository = URL(fileURLWithPath: arguments.value("--repository") ?? FileManager.default.currentDirectoryPath)
        var revisionOptions = try revisionOptions(arguments)
        if let engine = arguments.value("--engine") {
            guard !arguments.given("--package-path") else { throw UsageError("--engine and --package-path measure different things; give one") }
            revisionOptions.engine = .init(command: engine, build: arguments.value("--build"))
        } else if arguments.given("--build") {
            throw UsageError("--build goes with --engine CMD (a Swift package is built with swift build)")
        }
        try app.applyCalibration(
            CalibrationCommand.choice(arguments), reports: reports, profile: revisionOptions.profile.name, design: .revisions,
            to: &revisionOptions.policy)
        var request = CompareRevisionsRequest(a: arguments.positional[0], b: arguments.positional[1], options: revisionOptions)
        (request.repository, request.reports) = (repository, reports)
        let outcome = try app.compareRevisions(request)
        var text = try outcome.report.render(.text)
        if let warning = outcome.comparison.buildWarning { text = warning + "\n" + text }
        if let note = outcome.conformanceNote { text += "conformance: \(note)\n" }
        switch format {
        case .text: print(text, terminator: "")
        case .markdown: print(try String(contentsOf: outcome.markdown, encoding: .utf8), terminator: "")
        default: print(try outcome.report.render(format), terminator: "")
        }
        status("wrote \(outcome.json.deletingPathExtension().path).json and .md\n")
        return outcome.exitCode
    }

    /// `motion-bench nightly`: the standard profile and the conformance suites, appended to the
    /// machine's history; lists the suspect revision ranges of every change point.
    static func nightly(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("nightly"))
        var request = NightlyRequest(selection: try BenchmarkSelection(arguments), reports: URL(fileURLWithPath: arguments.string("--reports")))
        // Instruction counts give the history change points without noise.
        request.selection.instructions = !arguments.has("--no-instructions")
        request.fixtures = arguments.string("--fixtures")
        request.bisect = arguments.has("--bisect")
        request.bisectThroughQueue = try arguments.int("--bisect-jobs")
        if request.bisectThroughQueue != nil && !request.bisect { throw UsageError("--bisect-jobs goes with --bisect", command: "nightly") }
        request.store = StoreChoice(arguments)
        request.window = try arguments.int("--window") ?? request.window
        let outcome = try app.nightly(request)
        for problem in outcome.historyProblems { writeToStandardError("warning: \(problem)\n") }
        if let problem = outcome.storeProblem { writeToStandardError("motion-bench: error: \(problem)\n") }
        for report in outcome.conformances { print("nightly: conformance of \(report.engine ?? "MotionCore"): \(report.summaryLine)") }
        let (benchmarks, runs) = (outcome.result.benchmarks.count, outcome.historyRuns)
        print(
            "nightly: \(benchmarks) benchmark\(benchmarks == 1 ? "" : "s"); history \(runs) run\(runs == 1 ? "" : "s") in \(outcome.historyFile.deletingLastPathComponent().path)"
                + (outcome.storeProblem == nil ? " and \(outcome.store)" : "")
        )
        if let machine = outcome.result.machine?.summary { print("machine: \(machine)") }
        if outcome.tooFewRuns {
            print("too few runs to look for change points (n = \(outcome.runsLookedAt); needs \(outcome.runsNeeded))")
        } else if outcome.suspects.isEmpty {
            print("no change points in the newest \(outcome.runsLookedAt) runs")
        } else {
            print("change points (suspect revision ranges):")
            for s in outcome.suspects { print("  \(outcome.new.contains(s) ? "NEW " : "")\(s.summary)") }
        }
        if let bisect = outcome.bisect { render(bisect) }
        let regressions = outcome.regressions
        if outcome.storeProblem != nil { print("nightly: the store was not written (exit 1)") }
        if outcome.exitCode == 2 {
            print("nightly: \(regressions.count) new regression\(regressions.count == 1 ? "" : "s") between revisions (exit 2)")
        }
        return outcome.exitCode
    }

    static func render(_ bisect: BisectOutcome) {
        if let note = bisect.note {
            print("bisect: \(note)")
            return
        }
        if let range = bisect.range { print("bisect \(range.benchmark) over \(bisect.commits) commits") }
        for step in bisect.steps { print("  \(step.from.prefix(10))..\(step.to.prefix(10)): \(step.regressed ? "regressed" : "not regressed")") }
        if let culprit = bisect.culprit { print("bisect: the change is in \(culprit.prefix(10))") }
    }
}

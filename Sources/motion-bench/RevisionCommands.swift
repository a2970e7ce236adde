import BenchKit
import Foundation
import MotionConformance

/// `compare-revisions`, `nightly` and `report`.
enum RevisionCommands {
    static func revisionOptions(_ arguments: Arguments) throws -> RevisionComparison.Options {
        var options = RevisionComparison.Options()
        options.suites = MotionBenchSuites()
        options.workerProduct = "MotionBenchmarks"
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
        if quiet { options.progress = nil }
        if let design = arguments.value("--design") {
            guard let chosen = RevisionComparison.Design(rawValue: design) else { throw UsageError("--design takes blocks or processes, got '\(design)'") }
            options.design = chosen
        }
        if let threshold = try arguments.threshold("--threshold") { options.policy.threshold = threshold }
        if let threads = try arguments.threads() { options.threads = threads }
        options.packagePath = arguments.value("--package-path")
        if let product = arguments.value("--worker-product") { options.workerProduct = product }
        if let configuration = arguments.value("--configuration") {
            guard ["release", "debug"].contains(configuration) else { throw UsageError("--configuration takes release or debug") }
            options.configuration = configuration
        }
        return options
    }

    /// `motion-bench compare-revisions REV_A REV_B`: exit codes as `compare`.
    static func compareRevisions(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("compare-revisions"))
        guard arguments.positional.count == 2 else { throw UsageError("'compare-revisions' needs two revisions (or checkout directories): A B") }
        let format = try ComparisonFormat.parse(arguments.value("--format") ?? "text")
        let reports = URL(fileURLWithPath: arguments.value("--reports") ?? "reports")
        let repository = URL(fileURLWithPath: arguments.value("--repository") ?? FileManager.default.currentDirectoryPath)
        var revisionOptions = try revisionOptions(arguments)
        if let engine = arguments.value("--engine") {
            guard arguments.value("--package-path") == nil else { throw UsageError("--engine and --package-path measure different things; give one") }
            revisionOptions.engine = .init(command: engine, build: arguments.value("--build"))
        } else if arguments.value("--build") != nil {
            throw UsageError("--build goes with --engine CMD (a Swift package is built with swift build)")
        }
        try CalibrationCommand.apply(
            arguments, reports: reports, profile: revisionOptions.profile.name, design: .revisions,
            to: &revisionOptions.policy)
        let comparison = RevisionComparison(
            options: revisionOptions, repository: repository,
            workspace: reports.appendingPathComponent("worktrees"))
        let a: RevisionComparison.Revision, b: RevisionComparison.Revision, outcome: RevisionComparison.Outcome
        do {
            a = try comparison.resolve(arguments.positional[0])
            b = try comparison.resolve(arguments.positional[1])
            outcome = try comparison.run(a, b)
        } catch let error as DriverError {
            throw ToolError(error.description)
        }
        var report = outcome.report
        report.conformance = outcome.conformance
        report.baseline = "\(a.name) (\(a.commit?.prefix(10) ?? "directory"))"
        report.candidate = "\(b.name) (\(b.commit?.prefix(10) ?? "directory"))"
        report.machine =
            (outcome.machine.map { $0.summary + "; " } ?? "")
            + "\(outcome.rounds) rounds of \(outcome.design == .blocks ? "alternating blocks" : "one process a side"), \(outcome.stopReason)"
        var text = try ComparisonFormat.text.render(report)
        if let warning = outcome.buildWarning { text = warning + "\n" + text }
        if outcome.conformance == nil {
            text += "conformance: not run (the package measured is \(revisionOptions.packagePath ?? "."), not this repository)\n"
        }
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let base = reports.appendingPathComponent("revisions/\(stamp)-\(a.commit?.prefix(10) ?? "A")-\(b.commit?.prefix(10) ?? "B")")
        try AtomicFile.write(try ComparisonFormat.json.render(report), to: base.appendingPathExtension("json"))
        let markdown = (outcome.buildWarning.map { "**\($0)**\n\n" } ?? "") + (try ComparisonFormat.markdown.render(report))
        try AtomicFile.write(markdown, to: base.appendingPathExtension("md"))
        switch format {
        case .text: print(text, terminator: "")
        case .markdown: print(markdown, terminator: "")
        case .json, .junit: print(try format.render(report), terminator: "")
        }
        status("wrote \(base.path).json and .md\n")
        return report.exitCode
    }

    /// `motion-bench nightly`: the standard profile and the conformance suites, appended to the
    /// machine's history; lists the suspect revision ranges of every change point.
    static func nightly(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("nightly"))
        let reports = URL(fileURLWithPath: arguments.value("--reports") ?? "reports")
        // Every option is checked, and the benchmarks chosen, before the conformance suites run.
        // An engine in another process: its workloads are the benchmarks, and the conformance
        // suites validate it.
        var selection = try BenchmarkSelection(arguments)
        // Instruction counts give the history change points without noise.
        selection.instructions = !arguments.has("--no-instructions")
        let engines = arguments.all("--engine").map { ExternalEngine.Options(command: $0, shell: arguments.has("--engine-shell")) }
        let options = try selection.driverOptions()
        do { _ = try BenchmarkDriver(options: options).selectedBenchmarks() } catch let error as DriverError { throw ToolError(error.description) }
        // The suites validate MotionCore, or every engine given; each engine's report is kept for
        // the site and its summary in the history.
        var conformances: [ConformanceReport] = []
        for engine in engines.isEmpty ? [nil] : engines.map(Optional.some) {
            do {
                conformances.append(
                    try ConformCommand.conformance(fixtures: arguments.value("--fixtures") ?? "Fixtures", suite: nil, filter: nil, engine: engine))
            } catch let error as EngineUnavailable {
                throw ToolError(error.description)
            }
        }
        let result = try BenchmarkDriver(options: options).run()
        try ResultStore(root: reports).save(result)
        for report in conformances { try ConformanceStore.save(report, reports: reports) }
        let history = HistoryStore(root: reports.appendingPathComponent("history"))
        let summaries = conformances.map(JSONConformanceSummary.init)
        let file = try history.append(result, conformance: summaries[0], engines: summaries.count > 1 ? summaries : nil)
        let loaded = history.load(seriesKey: result.environment.seriesKey)
        for problem in loaded.problems { writeToStandardError("warning: \(problem)\n") }
        let suspects = SuspectRange.find(in: loaded.records)
        let new = Set(SuspectRange.new(in: loaded.records))
        for report in conformances { print("nightly: conformance of \(report.engine ?? "MotionCore"): \(report.summaryLine)") }
        let (benchmarks, runs) = (result.benchmarks.count, loaded.records.count)
        print(
            "nightly: \(benchmarks) benchmark\(benchmarks == 1 ? "" : "s"); history \(runs) run\(runs == 1 ? "" : "s") in \(file.deletingLastPathComponent().path)"
        )
        if let machine = result.machine?.summary { print("machine: \(machine)") }
        if suspects.isEmpty {
            print("no change points in the history")
        } else {
            print("change points (suspect revision ranges):")
            for s in suspects { print("  \(new.contains(s) ? "NEW " : "")\(s.summary)") }
        }
        let regressions = new.filter { $0.ratio > 1 && !$0.sameRevision }
        if arguments.has("--bisect") {
            let worst = (regressions.isEmpty ? suspects.filter { $0.ratio > 1 } : Array(regressions)).max { $0.ratio < $1.ratio }
            if let worst { try bisect(worst, reports: reports) } else { print("bisect: no slower change point to bisect") }
        }
        if conformances.contains(where: { $0.exitCode != 0 }) { return 1 }
        if !regressions.isEmpty {
            print("nightly: \(regressions.count) new regression\(regressions.count == 1 ? "" : "s") between revisions (exit 2)")
            return 2
        }
        return 0
    }

    /// Narrows a suspect range to one commit with paired A/B comparisons of midpoints.
    static func bisect(_ range: SuspectRange, reports: URL) throws {
        guard !range.sameRevision else {
            let changes =
                range.environmentChanges.isEmpty
                ? "its recorded environment is the same; the host's load or hardware is not recorded"
                : "what changed: " + range.environmentChanges.joined(separator: "; ")
            print(
                "bisect: nothing to bisect for \(range.benchmark): both runs are of \(range.before.prefix(10)), so the machine changed, not the code (\(changes))"
            )
            return
        }
        let repository = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        guard let list = runGit(repository, ["rev-list", "--reverse", "\(range.before)..\(range.after)"]) else {
            print("bisect: cannot list the commits between \(range.before.prefix(10)) and \(range.after.prefix(10))")
            return
        }
        var commits = [range.before] + list.split(separator: "\n").map(String.init)
        var options = RevisionComparison.Options()
        options.suites = MotionBenchSuites()
        options.workerProduct = "MotionBenchmarks"
        options.filter = "^\(NSRegularExpression.escapedPattern(for: range.benchmark))$"
        let comparison = RevisionComparison(options: options, repository: repository, workspace: reports.appendingPathComponent("worktrees"))
        print("bisect \(range.benchmark) over \(commits.count - 1) commits")
        while commits.count > 2 {
            let middle = commits.count / 2
            let outcome = try comparison.run(try comparison.resolve(commits[0]), try comparison.resolve(commits[middle]))
            let regressed = outcome.report.comparisons.contains { $0.verdict == .regressed }
            print("  \(commits[0].prefix(10))..\(commits[middle].prefix(10)): \(regressed ? "regressed" : "not regressed")")
            commits = regressed ? Array(commits[...middle]) : Array(commits[middle...])
        }
        print("bisect: the change is in \(commits.last!.prefix(10))")
    }

    static func runGit(_ repository: URL, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", repository.path] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    /// `motion-bench report`: the static site under reports/site/.
    static func report(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("report"))
        let reports = URL(fileURLWithPath: arguments.value("--reports") ?? "reports")
        let store = ResultStore(root: reports)
        let stored = ConformanceStore.load(reports)
        let history = HistoryStore(root: reports.appendingPathComponent("history")).load()
        guard FileManager.default.fileExists(atPath: store.latest.path) || !history.records.isEmpty || !stored.reports.isEmpty else {
            throw ToolError(
                "\(reports.path) holds no run, history or conformance result to report (make run, motion-bench run or nightly write them); nothing was written")
        }
        let index = try writeSite(reports: reports, conformance: nil)
        print("report: \(index.path)")
        return 0
    }

    static func writeSite(reports: URL, conformance: ConformanceReport?) throws -> URL {
        let store = ResultStore(root: reports)
        var site = SiteGenerator()
        site.scaling = MotionBenchSuites.scaling
        site.title = "MotionBench report"
        if FileManager.default.fileExists(atPath: store.latest.path) { site.latest = try? store.load(store.latest, role: "latest run") }
        let history = HistoryStore(root: reports.appendingPathComponent("history")).load()
        site.history = history.records.filter { $0.run.environment.seriesKey == site.latest?.environment.seriesKey ?? $0.run.environment.seriesKey }
        let revisions = reports.appendingPathComponent("revisions")
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: revisions.path)) ?? []).sorted().suffix(5) where name.hasSuffix(".json") {
            if let data = try? Data(contentsOf: revisions.appendingPathComponent(name)),
                let report = try? JSONDecoder().decode(ComparisonReport.self, from: data)
            {
                site.comparisons.append((name, report))
            }
        }
        // What is stored, never the fixtures played again: the report must show the results of the
        // revision and engines that produced them.
        let stored = ConformanceStore.load(reports)
        for problem in stored.problems { writeToStandardError("warning: \(problem)\n") }
        var shown = stored.reports
        if let conformance { shown = [conformance] + shown.filter { $0.engine != nil } }
        if let page = ConformanceStore.sitePage(shown) { (site.conformanceHTML, site.conformanceSummary) = page }
        return try site.write(to: reports.appendingPathComponent("site"))
    }
}

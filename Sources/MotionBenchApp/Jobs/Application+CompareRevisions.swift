import BenchKit
import Foundation

/// Two revisions (or checkout directories) to build and measure taking turns, in the
/// application's terms; the job turns them into the runner's options.
package struct CompareRevisionsRequest: Sendable {
    package var a: String
    package var b: String
    package var repository = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    /// Where the worktrees and the comparison's files go.
    package var reports = URL(fileURLWithPath: "reports")
    /// The calibration whose floors raise the rule's thresholds (this machine's unless told).
    package var calibration = CalibrationChoice.machine
    package var profile = MeasurementProfile.quick
    /// The benchmarks whose names match; nil for all.
    package var filter: String?
    /// Rounds before the first decision; nil: the profile's (`MeasurementProfile.pairedRounds`).
    package var rounds: Int?
    /// Rounds at most; nil: three times `rounds`, or no limit but the budget when one is given.
    package var maximumRounds: Int?
    /// Minutes the job may take at most, builds included.
    package var budgetMinutes: Double?
    /// Re-measure before calling a benchmark regressed.
    package var confirm = true
    /// Count each one-thread benchmark's instructions once a side.
    package var instructions = true
    /// Attribute each regression to the functions whose work changed.
    package var attribute = true
    /// Alternating blocks in one worker a side (nil, the default) or a fresh process a side.
    package var design: RevisionComparison.Design?
    package var rule = VerdictRule()
    /// Threads for parallel benchmarks; nil: this machine's processors.
    package var threads: Int?
    /// What each checkout builds and measures: a package in it (with its worker product and
    /// configuration), or an engine started by a shell command after an optional build command.
    package var measured = MeasuredPackage()
    package var engine: EngineChoice?
    /// Report progress on standard error.
    package var progress = true

    /// An engine in another process, started in each checkout by `command` after `build`.
    package struct EngineChoice: Sendable {
        package var command: String
        package var build: String?
        package init(command: String, build: String?) { (self.command, self.build) = (command, build) }
    }

    package init(a: String, b: String) { (self.a, self.b) = (a, b) }
}

/// The comparison, as stored and as its formats render it, and where it was written.
package struct CompareRevisionsOutcome: Sendable {
    /// The verdicts, with the revisions' names, the machine and both sides' conformance.
    package var report: ComparisonReport
    /// How the rounds went (design, rounds, why they stopped, the builds).
    package var comparison: RevisionComparison.Outcome
    /// The stored JSON and Markdown.
    package var json: URL
    package var markdown: URL
    /// Why the conformance suites were not run, when they were not.
    package var conformanceNote: String?
    package var exitCode: Int32 { report.exitCode }
}

extension Application {
    package func compareRevisions(_ request: CompareRevisionsRequest) throws -> CompareRevisionsOutcome {
        var options = try revisionOptions(request)
        try applyCalibration(request.calibration, reports: request.reports, profile: options.profile.name, design: .revisions, to: &options.policy)
        let comparison = RevisionComparison(
            options: options, repository: request.repository, workspace: request.reports.appendingPathComponent("worktrees"))
        let a: RevisionComparison.Revision, b: RevisionComparison.Revision, outcome: RevisionComparison.Outcome
        do {
            try comparison.checkFilter([request.a, request.b])
            a = try comparison.resolve(request.a)
            b = try comparison.resolve(request.b)
            outcome = try comparison.run(a, b)
        } catch let error as DriverError {
            throw RequestError.from(error)
        }
        var report = outcome.report
        report.conformance = outcome.conformance
        report.baseline = "\(a.name) (\(a.commit?.prefix(10) ?? "directory"))"
        report.candidate = "\(b.name) (\(b.commit?.prefix(10) ?? "directory"))"
        report.machine =
            (outcome.machine.map { $0.summary + "; " } ?? "")
            + "\(outcome.rounds) rounds of \(outcome.design == .blocks ? "alternating blocks" : "one process a side"), \(outcome.stopReason)"
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let base = request.reports.appendingPathComponent("revisions/\(stamp)-\(a.commit?.prefix(10) ?? "A")-\(b.commit?.prefix(10) ?? "B")")
        let json = base.appendingPathExtension("json"), markdown = base.appendingPathExtension("md")
        try AtomicFile.write(try report.render(.json), to: json)
        try AtomicFile.write((outcome.buildWarning.map { "**\($0)**\n\n" } ?? "") + (try report.render(.markdown)), to: markdown)
        return CompareRevisionsOutcome(
            report: report, comparison: outcome, json: json, markdown: markdown,
            conformanceNote: outcome.conformance == nil
                ? "not run (the package measured is \(request.measured.path ?? "."), not this repository)" : nil)
    }
}

extension Application {
    /// The runner's options for `request`, with its defaults and its refusals.
    func revisionOptions(_ request: CompareRevisionsRequest) throws -> RevisionComparison.Options {
        if request.engine != nil, request.measured.path != nil {
            throw RequestError(.engine, request.engine.map { "'\($0.command)'" }, "and a package path measure different things; give one")
        }
        var options = RevisionComparison.Options()
        options.suites = MotionBenchSuites(executable: executable)
        options.profile = request.profile
        options.filter = request.filter
        options.rounds = request.rounds ?? request.profile.pairedRounds
        guard options.rounds >= 2 else { throw RequestError(.rounds, "\(options.rounds)", "needs at least 2 (a paired test needs two rounds)") }
        options.budgetMinutes = request.budgetMinutes
        options.maximumRounds = request.maximumRounds ?? (request.budgetMinutes == nil ? RevisionComparison.defaultMaximumRounds(after: options.rounds) : 1000)
        guard options.maximumRounds >= options.rounds else {
            throw RequestError(.maximumRounds, "\(options.maximumRounds)", "is fewer than the \(options.rounds) rounds before the first decision")
        }
        (options.confirm, options.instructions, options.attribute) = (request.confirm, request.instructions, request.attribute)
        if !request.progress { options.progress = nil }
        if let design = request.design { options.design = design }
        options.policy = request.rule.applied(to: RevisionComparison.policy)
        if let threads = request.threads { options.threads = threads }
        options.packagePath = request.measured.path
        if let product = request.measured.workerProduct { options.workerProduct = product }
        if let configuration = request.measured.configuration { options.configuration = configuration }
        options.engine = request.engine.map { .init(command: $0.command, build: $0.build) }
        return options
    }
}

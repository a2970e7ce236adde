import Foundation
import HarnessSupport

/// Runs A/A comparisons of one build on this machine, in the two shapes verdicts are reached in:
///
/// - `compare`: two runs one after the other, each measuring `processes` worker processes of every
///   benchmark in sweeps, as two `motion-bench run`s would; `pairs` such pairs;
/// - `compare-revisions`: `pairs` jobs of `rounds` rounds of two workers taking turns in blocks
///   (`RevisionComparison.blockRound`), as `compare-revisions` measures.
///
/// Every verdict these pairs get is a false positive or an inconclusive one by construction (both
/// sides are the same binary), so their counts are the machine's error rates, and the spread of
/// the processes and rounds is its noise.
public struct Calibrator {
    public var driver: BenchmarkDriver
    public var pairs = Self.defaultPairs
    public static let defaultPairs = 5
    public var rounds = 6
    public var threshold = 0.05
    /// The slowdown, budget and overhead the reach of `compare-revisions` is stated for; nil
    /// effect for 1.5 × the threshold.
    public var reachEffect: Double?
    public var budgetMinutes = Self.defaultBudgetMinutes
    public var overheadMinutes = Self.defaultOverheadMinutes
    public static let defaultBudgetMinutes = 10.0, defaultOverheadMinutes = 4.0
    public var confidence = 0.95
    public var progress: ProgressReporter?

    public init(driver: BenchmarkDriver) { self.driver = driver }

    public func run() throws -> Calibration {
        let descriptors = try driver.benchmarks()
        guard !descriptors.isEmpty else { throw DriverError("no benchmark matches the filter") }
        let capacity = ParallelProbe.capacity(threads: driver.options.threads)
        let loadAverage = MachineState.loadAverageNow()
        // Other work over the whole calibration, not only inside each process's window: a floor
        // measured beside a neighbour is that neighbour's, and the file says so.
        let spanStart = MachineLoad.spanStart()
        let processes = max(2, driver.options.profile.processes)
        var statistics: [String: [Double]] = [:] // every process's statistic
        var sampleCVs: [String: [Double]] = [:]
        var loads: [ProcessLoad] = []
        func measure(_ name: String) throws -> Double {
            switch driver.timingProcess(name) {
            case let .success(report):
                let samples = report.samples ?? []
                guard !samples.isEmpty else { throw DriverError("\(name): the worker took no samples") }
                let value = Descriptive.trimmedMean(samples)
                statistics[name, default: []].append(value)
                sampleCVs[name, default: []].append(Descriptive.standardDeviation(samples) / Descriptive.mean(samples))
                if let load = report.load { loads.append(load) }
                return value
            case let .failure(failure):
                throw DriverError("\(name): \(failure.message)")
            }
        }
        var generator = SplitMix64(seed: 0xCA11B)
        // compare: per pair, run A then run B, each a benchmark's processes back to back.
        var runPairs: [String: [[[Double]]]] = [:] // name → pair → side → process statistics
        for pair in 0..<pairs {
            var sides: [String: [[Double]]] = [:]
            for side in 0..<2 {
                progress?.note("calibrate: compare pair \(pair + 1) of \(pairs), run \(side == 0 ? "A" : "B")")
                // In sweeps, one process of every benchmark at a time, as `run` measures.
                var values: [String: [Double]] = [:]
                for _ in 0..<processes {
                    for descriptor in descriptors { values[descriptor.name, default: []].append(try measure(descriptor.name)) }
                }
                for (name, measured) in values { sides[name, default: []].append(measured) }
            }
            for (name, values) in sides { runPairs[name, default: []].append(values) }
        }
        // compare-revisions: per pair, rounds of A B / B A in a shuffled order.
        var roundPairs: [String: [[Double]]] = [:] // name → pair → per-round log-ratios
        var roundSeconds: [String: [Double]] = [:]
        for pair in 0..<pairs {
            var logs: [String: [Double]] = [:]
            for round in 0..<rounds {
                progress?.note("calibrate: compare-revisions pair \(pair + 1) of \(pairs), round \(round + 1) of \(rounds)")
                for descriptor in descriptors.shuffled(using: &generator) {
                    let started = MonotonicClock.now()
                    switch RevisionComparison.blockRound(descriptor, [driver, driver], round: round) {
                    case let .success(measured):
                        roundSeconds[descriptor.name, default: []].append(Double(MonotonicClock.now() - started) / 1e9)
                        guard let logRatio = measured.logRatio else { throw DriverError("\(descriptor.name): a round gave no ratio") }
                        logs[descriptor.name, default: []].append(logRatio)
                        loads += measured.loads.compactMap { $0 }
                    case let .failure(error):
                        throw DriverError("\(descriptor.name): \(error.description)")
                    }
                }
            }
            for (name, values) in logs { roundPairs[name, default: []].append(values) }
        }
        let noise = descriptors.map { d -> Calibration.BenchmarkNoise in
            let logStatistics = (statistics[d.name] ?? []).map(log)
            let allLogs = (roundPairs[d.name] ?? []).flatMap { $0 }
            let processCV = Descriptive.standardDeviation(logStatistics), roundCV = Descriptive.standardDeviation(allLogs)
            let compareEstimates = (runPairs[d.name] ?? []).compactMap { RatioEstimate.processes(baseline: $0[0], candidate: $0[1]) }
            let roundEstimates = (roundPairs[d.name] ?? []).compactMap { RatioEstimate.pairedRounds(logRatios: $0) }
            let n = Double(processes)
            let compareEffect = VerdictDecision.detectableEffect(
                threshold: threshold, standardError: processCV * (2 / n).squareRoot(),
                degreesOfFreedom: 2 * n - 2, confidence: confidence)
            let margin = RevisionComparison.policy.margin
            let roundEffect = VerdictDecision.detectableEffect(
                threshold: threshold, standardError: roundCV / Double(rounds).squareRoot(),
                degreesOfFreedom: Double(rounds - 1), confidence: confidence, margin: margin)
            let compare = Calibration.DesignFigures(
                estimates: compareEstimates, threshold: threshold, confidence: confidence,
                detectableEffect: compareEffect)
            let revisions = Calibration.DesignFigures(
                estimates: roundEstimates, threshold: threshold, confidence: confidence, margin: margin,
                detectableEffect: roundEffect)
            let sampleCV = Descriptive.median(sampleCVs[d.name] ?? [])
            return Calibration.BenchmarkNoise(
                name: d.name, processCV: processCV, roundCV: roundCV, sampleCV: sampleCV,
                roundSeconds: roundSeconds[d.name].map(Descriptive.median),
                compare: compare, revisions: revisions)
        }
        var environment = EnvironmentFingerprint.current(
            repository: driver.options.repository, buildConfiguration: driver.options.buildConfiguration,
            buildFlags: driver.build().flags(configuration: driver.options.buildConfiguration))
        environment.jemallocVersion = nil
        let machine = MachineState(
            capacity: capacity, threads: driver.options.threads, loadAverage: loadAverage, loads: loads,
            remeasured: driver.busyLog.remeasured, span: MachineLoad.spanLoad(since: spanStart))
        var calibration = Calibration(
            schemaVersion: Calibration.currentSchemaVersion, machineKey: environment.machineKey, seriesKey: environment.seriesKey,
            profile: driver.options.profile.name, date: BenchmarkDriver.timestamp(), revision: environment.revision,
            threshold: threshold, pairs: pairs, rounds: rounds, processesPerRun: processes, machine: machine, benchmarks: noise)
        let plan = Calibration.ReachPlan(effect: reachEffect ?? 1.5 * threshold, budgetMinutes: budgetMinutes, overheadMinutes: overheadMinutes)
        calibration.reachPlan = plan
        calibration.reach = calibration.reach(
            effect: plan.effect, threshold: threshold, minutes: max(0, plan.budgetMinutes - plan.overheadMinutes), confidence: confidence,
            margin: RevisionComparison.policy.margin)
        return calibration
    }
}

extension Calibration {
    /// The table `calibrate` prints.
    public func text() -> String {
        func percent(_ x: Double) -> String { x.isFinite ? String(format: "%.1f%%", x * 100) : "n/a" }
        var lines = [
            "calibration of \(seriesKey), profile \(profile), \(date)\(revision.map { " at \($0.prefix(10))" } ?? "")",
            "A/A: \(pairs) pairs of runs (compare, \(processesPerRun) processes a side) and \(pairs) jobs of \(rounds) rounds of alternating blocks (compare-revisions), threshold \(percent(threshold))",
        ]
        if let machine { lines.append("machine: \(machine.summary)") }
        if let note = machine?.spanNote {
            lines.append("warning: measured beside other work (\(note)): its noise and floors are that work's too; calibrate again on a quiet machine")
        }
        lines.append("")
        let header = [
            "benchmark", "process CV", "round CV", "sample CV", "compare: FP", "detectable", "floor", "revisions: FP", "inconcl.", "detectable", "floor",
        ]
        var rows = [header]
        for b in benchmarks {
            rows.append([
                b.name, percent(b.processCV), percent(b.roundCV), percent(b.sampleCV),
                "\(b.compare.falsePositives)/\(b.compare.pairs)", percent(b.compare.detectableEffect),
                b.compare.thresholdFloor > 0 ? percent(b.compare.thresholdFloor) : "-",
                "\(b.revisions.falsePositives)/\(b.revisions.pairs)", "\(b.revisions.inconclusive)/\(b.revisions.pairs)",
                percent(b.revisions.detectableEffect), b.revisions.thresholdFloor > 0 ? percent(b.revisions.thresholdFloor) : "-",
            ])
        }
        lines += textTable(rows)
        let falsePositives = benchmarks.map { $0.compare.falsePositives + $0.revisions.falsePositives }.reduce(0, +)
        let verdicts = benchmarks.map { $0.compare.pairs + $0.revisions.pairs }.reduce(0, +)
        lines.append("")
        lines.append("false positives: \(falsePositives) of \(verdicts) A/A verdicts; detectable: the slowdown called regressed with 80% probability")
        lines.append("floor: the threshold this machine needs for that benchmark (none of its A/A pairs called a change), applied when higher than asked")
        if let plan = reachPlan, let reach, !reach.isEmpty {
            lines.append("")
            let rounds = max(0, plan.budgetMinutes - plan.overheadMinutes)
            lines.append(
                "revisions compared at a \(percent(threshold)) threshold within \(String(format: "%g", plan.budgetMinutes)) min: "
                    + "rounds to call a \(percent(plan.effect)) slowdown regressed (80% power), confirmation as many again; "
                    + "\(String(format: "%g", rounds)) min of rounds after \(String(format: "%g", plan.overheadMinutes)) min for builds and counting")
            var table = [["benchmark", "round CV", "rounds", "round time", "with confirmation", "within budget"]]
            for (b, r) in zip(benchmarks, reach) {
                table.append([
                    r.name, percent(b.roundCV), r.rounds.map(String.init) ?? "out of reach",
                    b.roundSeconds.map { String(format: "%.2f s", $0) } ?? "-", r.seconds.map { String(format: "%.0f s", $0) } ?? "-",
                    r.withinBudget ? "yes" : "no",
                ])
            }
            lines += textTable(table)
            let total = reach.compactMap(\.seconds).reduce(0, +)
            let reached = reach.filter(\.withinBudget).count
            lines.append(
                "\(reached) of \(reach.count) within the budget; all of them need about \(String(format: "%.1f", total / 60)) min of rounds")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A calibration is written as its table or as JSON.
extension Calibration: RenderableResult {
    public static let formats: [OutputFormat] = [.text, .json]
    public static let kind = "a calibration"

    public func render(_ format: OutputFormat) throws -> String {
        switch format {
        case .text: return text()
        case .json: return String(decoding: try ResultFiles.encoder.encode(self), as: UTF8.self)
        default: throw Self.unrendered(format)
        }
    }
}

import Foundation

/// Nightly history: one result per run under `reports/history/<series key>/` — the machine, and the
/// target CPU of builds compiled for one (`EnvironmentFingerprint.seriesKey`) — named by date and
/// revision, so a machine's runs of one build form a series per benchmark.
public struct HistoryStore: Sendable {
    public let root: URL

    public init(root: URL) { self.root = root }

    public func folder(for environment: EnvironmentFingerprint) -> URL {
        root.appendingPathComponent(environment.seriesKey)
    }

    /// Appends a run; returns its file.
    @discardableResult
    public func append(
        _ result: RunResult, conformance: JSONConformanceSummary?, engines: [JSONConformanceSummary]? = nil, machine: String? = nil
    ) throws -> URL {
        let stamp = result.startedAt.replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
        let revision = result.environment.revision.map { String($0.prefix(10)) } ?? "unknown"
        let folder = folder(for: result.environment)
        var file = folder.appendingPathComponent("\(stamp)-\(revision).json")
        var attempt = 2
        while FileManager.default.fileExists(atPath: file.path) {
            file = folder.appendingPathComponent("\(stamp)-\(revision)-\(attempt).json")
            attempt += 1
        }
        var record = HistoryRecord(run: result, conformance: conformance, engines: engines)
        record.machine = machine
        try ResultFiles.write(try ResultFiles.encoder.encode(record), to: file, keeping: "the history record")
        // The folder's name is a hash; a file beside the records says which machine and build it is.
        let about = folder.appendingPathComponent("MACHINE.txt")
        if !FileManager.default.fileExists(atPath: about.path) { try AtomicFile.write(Data(Self.about(result.environment).utf8), to: about) }
        return file
    }

    /// What a series folder holds, in words.
    static func about(_ e: EnvironmentFingerprint) -> String {
        [
            "The nightly history of one machine and build (series \(e.seriesKey)):",
            "cpu: \(e.cpuModel), \(e.logicalCores) logical cores", "kernel: \(e.kernel)", "os: \(e.operatingSystem)",
            "swift: \(e.swiftVersion)", "build: \(e.buildConfiguration) \(e.buildFlags)",
        ].joined(separator: "\n") + "\n"
    }

    /// Every record file (`series/file.json`) of every series, or of one.
    public func files(seriesKey: String? = nil) -> [String] {
        let manager = FileManager.default
        let series = seriesKey.map { [$0] } ?? ((try? manager.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
        return series.flatMap { key in
            ((try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(key).path)) ?? []).sorted().filter { $0.hasSuffix(".json") }.map {
                "\(key)/\($0)"
            }
        }
    }

    /// The record of one file (`series/file.json`).
    public func record(_ source: String) throws -> HistoryRecord {
        var record = try JSONDecoder().decode(HistoryRecord.self, from: Data(contentsOf: root.appendingPathComponent(source)))
        record.source = source
        return record
    }

    /// Every record of every series (or one series), oldest first; unreadable files are skipped
    /// and reported.
    public func load(seriesKey: String? = nil) -> (records: [HistoryRecord], problems: [String]) {
        let manager = FileManager.default
        var records: [HistoryRecord] = [], problems: [String] = []
        let machines = seriesKey.map { [$0] } ?? ((try? manager.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
        for machine in machines {
            let folder = root.appendingPathComponent(machine)
            for name in ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() where name.hasSuffix(".json") {
                let url = folder.appendingPathComponent(name)
                do {
                    var record = try JSONDecoder().decode(HistoryRecord.self, from: Data(contentsOf: url))
                    record.source = "\(machine)/\(name)"
                    records.append(record)
                } catch {
                    problems.append("\(url.path): not a history record (\(error))")
                }
            }
        }
        records.sort { $0.run.startedAt < $1.run.startedAt }
        return (records, problems)
    }
}

/// One nightly run: the benchmark result and the conformance summary — of MotionCore, or of the
/// first engine — and, with several engines, each engine's.
public struct HistoryRecord: Codable, Sendable {
    public var run: RunResult
    public var conformance: JSONConformanceSummary?
    /// Every engine's conformance that night, in the order given (absent in older records).
    public var engines: [JSONConformanceSummary]? = nil
    /// The readable name of the machine that measured it (absent in older records: the store
    /// then files it under the importing machine's name).
    public var machine: String? = nil
    /// The record's file under the history folder (`machine/file.json`), when it was loaded from one.
    public var source: String? = nil

    enum CodingKeys: String, CodingKey { case run, conformance, engines, machine }

    public init(run: RunResult, conformance: JSONConformanceSummary?, engines: [JSONConformanceSummary]? = nil) {
        self.run = run
        self.conformance = conformance
        self.engines = engines
    }
}

/// The conformance outcome of a run, as history keeps it.
public struct JSONConformanceSummary: Codable, Sendable {
    public var passed: Int
    public var failed: Int
    public var errors: Int
    /// Verdict by fixture id.
    public var verdicts: [String: String]
    /// The engine validated (nil: MotionCore in process), the fixtures skipped, the checks, and
    /// the exit code `conform` gave (absent in records written before checks were counted).
    public var engine: String? = nil
    public var skipped: Int? = nil
    public var checksPassed: Int? = nil
    public var checksFailed: Int? = nil
    public var checksSkipped: Int? = nil
    public var exitCode: Int? = nil

    public init(passed: Int, failed: Int, errors: Int, verdicts: [String: String]) {
        (self.passed, self.failed, self.errors, self.verdicts) = (passed, failed, errors, verdicts)
    }
}

/// Change points found in a history, with the runs between which each happened.
public struct SuspectRange: Codable, Hashable, Sendable {
    public enum Metric: String, Codable, Sendable {
        /// The trimmed mean time of each run.
        case time
        /// Instructions per iteration (callgrind): without noise, so a 1% step is a change.
        case instructions
    }

    public var benchmark: String
    public var metric: Metric
    /// The last revision before the change and the first after it.
    public var before: String
    public var after: String
    public var beforeDate: String
    public var afterDate: String
    public var ratio: Double
    /// The change is at the newest run: flagged the night it appeared.
    public var atNewest: Bool
    /// What differs between the two runs' environments besides the revision ("kernel: 6.1 → 6.12").
    public var environmentChanges: [String]

    public init(
        benchmark: String, metric: Metric, before: String, after: String, beforeDate: String, afterDate: String, ratio: Double, atNewest: Bool,
        environmentChanges: [String]
    ) {
        (self.benchmark, self.metric, self.before, self.after) = (benchmark, metric, before, after)
        (self.beforeDate, self.afterDate, self.ratio, self.atNewest, self.environmentChanges) = (beforeDate, afterDate, ratio, atNewest, environmentChanges)
    }

    /// The same change: one benchmark and metric, between the same two runs' revisions.
    public func sameChange(as other: SuspectRange) -> Bool {
        (benchmark, metric, before, after, afterDate) == (other.benchmark, other.metric, other.before, other.after, other.afterDate)
    }

    /// Both runs are of one revision: the machine changed, not the code, and there is nothing to
    /// bisect.
    public var sameRevision: Bool { before == after && before != "unknown" }

    /// The line `nightly` prints.
    public var summary: String {
        let what = metric == .time ? "" : " in instructions"
        let dates = "\(before.prefix(10)) (\(beforeDate)) and \(after.prefix(10)) (\(afterDate))"
        var line = "\(benchmark): \(String(format: "%.3f×", ratio))\(what) between \(dates)"
        if atNewest { line += ", new in the newest run" }
        if sameRevision {
            line += "; one revision on both sides: the machine's change, not a commit's"
        }
        if !environmentChanges.isEmpty { line += " (\(environmentChanges.joined(separator: "; ")))" }
        return line
    }

    /// Every change point of every benchmark in the records: in time, and in instructions where
    /// the runs counted them (change points of at least `instructionEffect`, relative).
    public static func find(
        in records: [HistoryRecord], detector: ChangePointDetector = ChangePointDetector(), instructionEffect: Double = 0.01
    ) -> [SuspectRange] {
        find(in: records.map { HistoryRun($0, intervals: false) }, detector: detector, instructionEffect: instructionEffect)
    }

    /// Every change point of every benchmark in the runs (oldest first).
    public static func find(
        in runs: [HistoryRun], detector: ChangePointDetector = ChangePointDetector(), instructionEffect: Double = 0.01
    ) -> [SuspectRange] {
        var names: [String] = [], seen: Set<String> = []
        for run in runs { for name in run.benchmarks where seen.insert(name).inserted { names.append(name) } }
        var exact = detector
        exact.minimumEffect = instructionEffect
        var ranges: [SuspectRange] = []
        for name in names {
            let measured = runs.compactMap { run in run.measures[name].map { (run, $0) } }
            let times = measured.compactMap { run, m in m.center.map { (run, $0) } }
            let counts = measured.compactMap { run, m in m.instructions.map { (run, $0) } }
            for (metric, points, detector) in [(Metric.time, times, detector), (.instructions, counts, exact)] {
                for change in detector.detect(points.map(\.1)) {
                    let before = points[change.index - 1].0, after = points[change.index].0
                    ranges.append(
                        SuspectRange(
                            benchmark: name, metric: metric, before: before.environment.revision ?? "unknown",
                            after: after.environment.revision ?? "unknown", beforeDate: before.startedAt,
                            afterDate: after.startedAt, ratio: change.ratio,
                            atNewest: change.index == points.count - 1 && after.startedAt == runs.last?.startedAt,
                            environmentChanges: before.environment.differences(to: after.environment)))
                }
            }
        }
        return ranges
    }

    /// The change points that the newest record brought: found with it and not without it (a
    /// step first seen tonight, whether at the newest run or, with its second point, the one
    /// before).
    public static func new(in records: [HistoryRecord], detector: ChangePointDetector = ChangePointDetector()) -> [SuspectRange] {
        new(in: records.map { HistoryRun($0, intervals: false) }, detector: detector)
    }

    /// The change points that the newest run brought.
    public static func new(in runs: [HistoryRun], detector: ChangePointDetector = ChangePointDetector()) -> [SuspectRange] {
        let now = find(in: runs, detector: detector)
        let before = Set(find(in: Array(runs.dropLast()), detector: detector).map { [$0.benchmark, $0.metric.rawValue, $0.afterDate] })
        return now.filter { !before.contains([$0.benchmark, $0.metric.rawValue, $0.afterDate]) }
    }
}

extension EnvironmentFingerprint {
    /// What differs from `other`, besides the revision: "kernel: A → B".
    func differences(to other: EnvironmentFingerprint) -> [String] {
        var lines: [String] = []
        func note(_ field: String, _ a: String?, _ b: String?) { if a != b { lines.append("\(field): \(a ?? "none") → \(b ?? "none")") } }
        note("CPU", cpuModel, other.cpuModel)
        note("cores", "\(logicalCores)", "\(other.logicalCores)")
        note("kernel", kernel, other.kernel)
        note("system", operatingSystem, other.operatingSystem)
        note("Swift", swiftVersion, other.swiftVersion)
        note("build", buildFlags, other.buildFlags)
        note("jemalloc", jemallocVersion, other.jemallocVersion)
        return lines
    }
}

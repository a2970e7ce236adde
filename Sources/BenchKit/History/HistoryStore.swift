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
    public func append(_ result: RunResult, conformance: JSONConformanceSummary?) throws -> URL {
        let stamp = result.startedAt.replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
        let revision = result.environment.gitRevision.map { String($0.prefix(10)) } ?? "unknown"
        let folder = folder(for: result.environment)
        var file = folder.appendingPathComponent("\(stamp)-\(revision).json")
        var attempt = 2
        while FileManager.default.fileExists(atPath: file.path) {
            file = folder.appendingPathComponent("\(stamp)-\(revision)-\(attempt).json")
            attempt += 1
        }
        let record = HistoryRecord(run: result, conformance: conformance)
        try AtomicFile.write(try ResultStore.encoder.encode(record), to: file)
        return file
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
                    records.append(try JSONDecoder().decode(HistoryRecord.self, from: Data(contentsOf: url)))
                } catch {
                    problems.append("\(url.path): not a history record (\(error))")
                }
            }
        }
        records.sort { $0.run.startedAt < $1.run.startedAt }
        return (records, problems)
    }
}

/// One nightly run: the benchmark result and the conformance summary.
public struct HistoryRecord: Codable, Sendable {
    public var run: RunResult
    public var conformance: JSONConformanceSummary?
}

/// The conformance outcome of a run, as history keeps it.
public struct JSONConformanceSummary: Codable, Sendable {
    public var passed: Int
    public var failed: Int
    public var errors: Int
    /// Verdict by fixture id.
    public var verdicts: [String: String]

    public init(passed: Int, failed: Int, errors: Int, verdicts: [String: String]) {
        (self.passed, self.failed, self.errors, self.verdicts) = (passed, failed, errors, verdicts)
    }
}

/// Change points found in a history, with the revisions between which each happened.
public struct SuspectRange: Codable, Sendable {
    public var benchmark: String
    /// The last revision before the change and the first after it.
    public var before: String
    public var after: String
    public var beforeDate: String
    public var afterDate: String
    public var ratio: Double

    /// Every change point of every benchmark in the records.
    public static func find(in records: [HistoryRecord], detector: ChangePointDetector = ChangePointDetector()) -> [SuspectRange] {
        var names: [String] = []
        for record in records { for b in record.run.benchmarks where !names.contains(b.name) { names.append(b.name) } }
        var ranges: [SuspectRange] = []
        for name in names {
            let points = records.compactMap { record -> (HistoryRecord, Double)? in
                guard let timing = record.run.benchmarks.first(where: { $0.name == name })?.timing else { return nil }
                return (record, Descriptive.trimmedMean(timing.samples))
            }
            for change in detector.detect(points.map(\.1)) {
                let before = points[change.index - 1].0.run, after = points[change.index].0.run
                ranges.append(SuspectRange(benchmark: name, before: before.environment.gitRevision ?? "unknown",
                                           after: after.environment.gitRevision ?? "unknown", beforeDate: before.startedAt,
                                           afterDate: after.startedAt, ratio: change.ratio))
            }
        }
        return ranges
    }
}

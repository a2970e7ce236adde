import ConformanceDiagnosis
import Foundation
import MotionConformance
import TestSupport
import Testing

@testable import BenchKit
@testable import MotionBenchApp

/// The jobs called as functions, asserting on what they return: exit codes, files written,
/// verdicts, the history's runs. The executable only renders these outcomes.
@Suite("application jobs", .serialized)
struct ApplicationJobTests {
    static let root = Repository.root
    /// The debug build's tool: its isolated player plays the fixtures, and MotionBenchmarks
    /// beside it is the benchmark worker.
    static let app = Application(executable: BuiltProducts.tool, version: "test", quiet: true)

    /// A scratch folder with two real fixtures copied in, and an empty reports folder.
    static func scratch() throws -> (fixtures: URL, reports: URL) {
        let folder = TemporaryFolder.name("app-jobs")
        let fixtures = folder.appendingPathComponent("Fixtures/curves")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        for name in ["easeInOut-rounded-to-2^-20.json", "region-bezier-overshoot.json"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent("Fixtures/curves/\(name)"), to: fixtures.appendingPathComponent(name))
        }
        return (folder.appendingPathComponent("Fixtures"), folder.appendingPathComponent("reports"))
    }

    static var selection: BenchmarkSelection {
        var selection = BenchmarkSelection()
        selection.profile = .quick
        selection.filter = "^test\\.allocate\\.7$"
        // The worker's benchmarks for the runner's own tests.
        selection.workerEnvironment = ["MOTIONBENCH_TEST_BENCHMARKS": "1"]
        return selection
    }

    @Test("run measures the selection, shows the result before writing it, keeps it and its baseline; a bad baseline name measures nothing")
    func runJob() throws {
        let (_, reports) = try Self.scratch()
        var shown: [String] = []
        let outcome = try Self.app.run(RunRequest(selection: Self.selection, reports: reports, saveBaseline: "job-test")) { result in
            shown = result.benchmarks.map(\.name)
            #expect(!FileManager.default.fileExists(atPath: reports.appendingPathComponent("runs").path))
        }
        #expect(shown == ["test.allocate.7"])
        #expect(outcome.result.benchmarks.map(\.name) == ["test.allocate.7"] && outcome.exitCode == 0)
        #expect(FileManager.default.fileExists(atPath: outcome.file.path))
        #expect(outcome.baseline?.lastPathComponent == "job-test.json")
        let refused = #expect(throws: RequestError.self) {
            try Self.app.run(RunRequest(selection: Self.selection, reports: reports, saveBaseline: "../elsewhere")) { _ in Issue.record("measured") }
        }
        #expect(refused?.field == .saveBaseline)
    }

    @Test("calibrate keeps an A/A calibration where compare finds it; bad counts and an effect at the threshold measure nothing")
    func calibrateJob() throws {
        let (_, reports) = try Self.scratch()
        var request = CalibrateRequest(selection: Self.selection, reports: reports)
        request.pairs = 1
        #expect(#expect(throws: RequestError.self) { try Self.app.calibrate(request) }?.field == .pairs)
        request.pairs = 2
        request.rounds = 2
        request.threshold = 0.05
        request.effect = 0.05
        #expect(#expect(throws: RequestError.self) { try Self.app.calibrate(request) }?.field == .effect)
        request.effect = nil
        let (calibration, file) = try Self.app.calibrate(request)
        #expect(calibration.profile == "quick")
        #expect(file == Calibration.file(reports: reports, seriesKey: calibration.seriesKey, profile: "quick"))
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test("an engine that does not shake hands within its timeout is unavailable, with the wait it was given; one that exits at once is, without")
    func slowHandshake() throws {
        var slow = ConformanceRequest(fixtures: Self.root.appendingPathComponent("Fixtures").path, suite: "springs")
        slow.engine = EngineLaunch(command: "sleep 30", timeout: 0.5)
        do {
            _ = try Self.app.conformance(slow)
            Issue.record("a silent engine was played")
        } catch let error as EngineUnavailable {
            #expect(error.waited == 0.5)
        }
        var gone = slow
        gone.engine = EngineLaunch(command: "true", timeout: 5)
        do {
            _ = try Self.app.conformance(gone)
            Issue.record("an engine that exited was played")
        } catch let error as EngineUnavailable {
            #expect(error.waited == nil, "it did not time out: \(error.description)")
        }
    }

    @Test("nightly twice: the second run finds the first in the history; both pass their fixtures; exit 0")
    func nightlyTwice() throws {
        let (fixtures, reports) = try Self.scratch()
        var request = NightlyRequest(selection: Self.selection, reports: reports)
        request.fixtures = fixtures.path
        let first = try Self.app.nightly(request)
        let second = try Self.app.nightly(request)
        #expect(first.historyRuns == 1 && second.historyRuns == 2)
        #expect(second.conformances.count == 1 && second.conformances[0].passed == 2 && second.conformances[0].exitCode == 0)
        #expect(second.result.benchmarks.map(\.name) == ["test.allocate.7"] && second.result.benchmarks[0].status == .ok)
        #expect(FileManager.default.fileExists(atPath: second.historyFile.path))
        #expect(second.regressions.isEmpty && second.exitCode == 0 && second.bisect == nil)
    }

    @Test("the main job: conformance seen before the benchmarks, every file it names written, exit 0")
    func mainJob() throws {
        let (fixtures, reports) = try Self.scratch()
        var request = MainRequest()
        (request.fixtures, request.reports, request.filter) = (fixtures.path, reports, Self.selection.filter)
        request.workerEnvironment = Self.selection.workerEnvironment
        var seen: Int?
        let outcome = try Self.app.main(request) { seen = $0.passed }
        #expect(seen == 2)
        #expect(outcome.incomplete.isEmpty && outcome.exitCode == 0)
        for file in [outcome.runFile, outcome.latestMarkdown, outcome.site, reports.appendingPathComponent("conformance.json")] {
            #expect(FileManager.default.fileExists(atPath: file.path), "\(file.path)")
        }
    }

    @Test("a fixture that fails makes the main job's exit code the conformance run's")
    func failingFixture() throws {
        let (fixtures, reports) = try Self.scratch()
        // The same scenario with an expected value no engine gives.
        let file = fixtures.appendingPathComponent("curves/region-bezier-overshoot.json")
        var text = try String(contentsOf: file, encoding: .utf8)
        guard let range = text.range(of: #""value": 0.0"#) else {
            Issue.record("the fixture has no value to change")
            return
        }
        text.replaceSubrange(range, with: #""value": 0.5"#)
        try text.write(to: file, atomically: true, encoding: .utf8)
        var request = MainRequest()
        (request.fixtures, request.reports, request.filter) = (fixtures.path, reports, Self.selection.filter)
        request.workerEnvironment = Self.selection.workerEnvironment
        let outcome = try Self.app.main(request)
        #expect(outcome.conformance.failed == 1 && outcome.conformance.exitCode == 1)
        #expect(outcome.exitCode == 1)
    }

    @Test("report over a folder with nothing stored is a ToolError that writes nothing")
    func emptyReport() throws {
        let (_, reports) = try Self.scratch()
        #expect(#expect(throws: ToolError.self) { try Self.app.report(ReportRequest(reports: reports)) }?.remedy == .measureFirst)
        #expect(!FileManager.default.fileExists(atPath: reports.appendingPathComponent("site").path))
        #expect(!FileManager.default.fileExists(atPath: reports.appendingPathComponent("motionbench.sqlite").path))
    }

    @Test("conformance holds a run against an expectation file and writes one; a file that is not there is refused before any fixture plays")
    func expectationsJob() throws {
        let (fixtures, reports) = try Self.scratch()
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        var request = ConformanceRequest(fixtures: fixtures.path)
        request.expectations = reports.appendingPathComponent("absent.expectations").path
        nonisolated(unsafe) var played = 0
        let refused = #expect(throws: RequestError.self) { try Self.app.conformance(request) { _ in played += 1 } }
        #expect(refused?.field == .expectations && played == 0)
        // MotionCore passes every bundled fixture, so the file written from its run expects no failure.
        let file = reports.appendingPathComponent("motioncore.expectations").path
        (request.expectations, request.updateExpectations) = (nil, file)
        let written = try Self.app.conformance(request)
        let expectations = try Expectations(parsing: String(contentsOfFile: file, encoding: .utf8), file: file)
        #expect(expectations.entries.isEmpty && written.expectations != nil && written.exitCode == 0)
        (request.expectations, request.updateExpectations) = (file, nil)
        let held = try Self.app.conformance(request)
        #expect(held.expectations != nil && held.exitCode == 0 && held.results.count == 2)
    }

    @Test("conformance: a filter that matches no fixture is a refusal naming the filter, never a pass")
    func filterMatchingNothing() throws {
        let (fixtures, _) = try Self.scratch()
        let unmatched = #expect(throws: RequestError.self) { try Self.app.conformance(ConformanceRequest(fixtures: fixtures.path, filter: "^nothing$")) }
        #expect(unmatched?.field == .filter && unmatched?.value == "'^nothing$'")
        #expect(throws: ToolError.self) { try Self.app.conformance(ConformanceRequest(fixtures: fixtures.path + "/missing")) }
    }
}

/// `compare` as a job: two run files in, a typed report out.
@Suite("the compare job")
struct CompareJobTests {
    static let environment = EnvironmentFingerprint(
        cpuModel: "Test CPU", logicalCores: 2, kernel: "6.1", operatingSystem: "Debian 12",
        swiftVersion: "6.3.1", buildConfiguration: "release", buildFlags: "-c release")

    /// Six processes of 40 samples around `median`, each process's level and each sample off by a
    /// fixed pattern of at most ±1%.
    static func run(_ median: Double) -> RunResult {
        var benchmark = BenchmarkResult(name: "x", unit: .frame, elements: 100, tags: [], status: .ok)
        let samples: [Double] = (0..<240).map { (i: Int) -> Double in
            let level = 0.01 * Double(i % 6 - 3) / 3
            let jitter = 0.005 * Double(i % 7 - 3) / 3
            return median * (1 + level + jitter)
        }
        benchmark.timing = TimingSummary(
            samples: samples, iterationsPerSample: 1, elements: 100, unit: .frame, processSampleCounts: Array(repeating: 40, count: 6))
        benchmark.digest = "d"
        return RunResult(
            schemaVersion: 1, tool: "test", startedAt: "2026-11-30T00:00:00Z", finishedAt: "2026-11-30T00:01:00Z", profile: "standard",
            threads: 2, filter: nil, environment: environment, benchmarks: [benchmark])
    }

    static let app = Application(executable: URL(fileURLWithPath: "/bin/false"), version: "test", quiet: true)

    /// Two run files in a scratch reports folder, and a request comparing them without calibration.
    static func request(_ baseline: Double, _ candidate: Double) throws -> (folder: URL, request: CompareRequest) {
        let folder = TemporaryFolder.name("compare-job")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let a = folder.appendingPathComponent("a.json"), b = folder.appendingPathComponent("b.json")
        try ResultFiles.encoder.encode(run(baseline)).write(to: a)
        try ResultFiles.encoder.encode(run(candidate)).write(to: b)
        var request = CompareRequest(baseline: a.path, candidate: b.path)
        request.reports = folder
        request.calibration = .none
        // Synthetic runs have no build to run again: the two runs decide alone.
        request.confirm = false
        return (folder, request)
    }

    @Test("1.5× slower is regressed and the job's exit code is 2; the same run is unchanged, exit 0")
    func verdicts() throws {
        var (folder, request) = try Self.request(1000, 1500)
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try Self.app.compare(request)
        #expect(report.comparisons.map(\.verdict) == [.regressed])
        #expect(report.exitCode == 2)
        #expect(abs((report.comparisons[0].ratio ?? 0) - 1.5) < 0.01)
        request.candidate = request.baseline
        let same = try Self.app.compare(request)
        #expect(same.comparisons.map(\.verdict) == [.unchanged] && same.exitCode == 0)
    }

    @Test("a calibration file that is not there or unreadable, and a history window too short or not stored, are errors before any verdict")
    func refusals() throws {
        var (folder, request) = try Self.request(1000, 1000)
        defer { try? FileManager.default.removeItem(at: folder) }
        request.calibration = .file(folder.appendingPathComponent("absent.json"))
        #expect(#expect(throws: RequestError.self) { try Self.app.compare(request) }?.field == .calibration)
        let garbled = folder.appendingPathComponent("garbled.json")
        try Data("{".utf8).write(to: garbled)
        request.calibration = .file(garbled)
        #expect(#expect(throws: ToolError.self) { try Self.app.compare(request) }?.remedy == .calibrateHere)
        request.calibration = .none
        request.historyWindow = 3
        #expect(#expect(throws: RequestError.self) { try Self.app.compare(request) }?.field == .historyWindow)
        // A window asked of the embedded store, which does not exist: refused, and not created to find that out.
        request.historyWindow = 11
        #expect(#expect(throws: ToolError.self) { try Self.app.compare(request) }?.remedy == .measureFirst)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("motionbench.sqlite").path))
    }

    @Test(
        "asked to confirm, a regression between two runs of no build that can run again, with no stored history of the spread between runs, is withheld: inconclusive, exit 3"
    )
    func unconfirmable() throws {
        var (folder, request) = try Self.request(1000, 1500)
        defer { try? FileManager.default.removeItem(at: folder) }
        request.confirm = true
        let report = try Self.app.compare(request)
        #expect(report.comparisons.map(\.verdict) == [.inconclusive] && report.comparisons[0].withheld == .unconfirmable)
        #expect(report.exitCode == 3)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("motionbench.sqlite").path), "no store was made to look for history")
    }

    @Test("the request's rule decides: 1.5× is no regression under a 60% threshold, and a pattern's own threshold wins for its benchmark")
    func rule() throws {
        var (folder, request) = try Self.request(1000, 1500)
        defer { try? FileManager.default.removeItem(at: folder) }
        request.rule.threshold = 0.6
        #expect(try Self.app.compare(request).comparisons.map(\.verdict) == [.unchanged])
        request.rule.thresholdOverrides = [(pattern: "^x$", threshold: 0.2)]
        #expect(try Self.app.compare(request).comparisons.map(\.verdict) == [.regressed])
    }

    @Test("compare-revisions refuses rounds a paired test cannot use, and an engine with a package path, before building anything")
    func revisionRefusals() throws {
        var request = CompareRevisionsRequest(a: "HEAD", b: "HEAD")
        request.reports = TemporaryFolder.name("revisions-refused")
        request.calibration = .none
        (request.rounds, request.maximumRounds) = (6, 4)
        #expect(#expect(throws: RequestError.self) { try Self.app.compareRevisions(request) }?.field == .maximumRounds)
        // The profile's own rounds (standard: 6) against a maximum below them.
        (request.profile, request.rounds, request.maximumRounds) = (.standard, nil, 5)
        #expect(#expect(throws: RequestError.self) { try Self.app.compareRevisions(request) }?.field == .maximumRounds)
        (request.rounds, request.maximumRounds) = (1, nil)
        #expect(#expect(throws: RequestError.self) { try Self.app.compareRevisions(request) }?.field == .rounds)
        (request.rounds, request.measured.path, request.engine) = (nil, "Examples/swift-engine", .init(command: "./engine", build: nil))
        #expect(#expect(throws: RequestError.self) { try Self.app.compareRevisions(request) }?.field == .engine)
        // A filter no benchmark name in either revision's sources matches, before any build.
        (request.measured.path, request.engine, request.filter) = (nil, nil, "^zzz$")
        let started = Date()
        #expect(#expect(throws: RequestError.self) { try Self.app.compareRevisions(request) }?.field == .filter)
        #expect(Date().timeIntervalSince(started) < 30, "refused before building")
        #expect(!FileManager.default.fileExists(atPath: request.reports.path))
    }
}

/// `show` as a job: a stored result read back, typed by its kind.
@Suite("the show job")
struct ShowJobTests {
    @Test("a run and a comparison are read back as their kinds; a file of no kind, or none, is an error")
    func kinds() throws {
        let (folder, request) = try CompareJobTests.request(1000, 1500)
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = CompareJobTests.app
        guard case let .run(run) = try app.show(request.baseline, reports: folder, store: StoreChoice()) else {
            Issue.record("a run file was not read as a run")
            return
        }
        #expect(run.benchmarks.map(\.name) == ["x"])
        let comparison = folder.appendingPathComponent("comparison.json")
        try JSONEncoder().encode(try app.compare(request)).write(to: comparison)
        guard case let .comparison(report) = try app.show(comparison.path, reports: folder, store: StoreChoice()) else {
            Issue.record("a comparison file was not read as a comparison")
            return
        }
        #expect(report.comparisons.map(\.verdict) == [.regressed] && report.exitCode == 2)
        let other = folder.appendingPathComponent("other.json")
        try Data(#"{"schemaVersion": 1, "something": []}"#.utf8).write(to: other)
        #expect(throws: ToolError.self) { try app.show(other.path, reports: folder, store: StoreChoice()) }
        #expect(throws: ToolError.self) { try app.show(folder.appendingPathComponent("absent.json").path, reports: folder, store: StoreChoice()) }
    }
}

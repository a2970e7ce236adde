import ConformanceReports
import Foundation
import MotionConformance
import TestSupport
import Testing

@testable import MotionBenchApp

/// `conform` plays fixtures in a child process: a fixture that crashes it, runs past its time
/// budget or grows past its memory budget is that fixture's error, and the others' verdicts
/// stand. The budgets through the conformance job; the crash end to end, on this build's
/// `motion-bench`, killing its player from outside.
@Suite("conform isolation", .serialized)
struct ConformIsolationTests {

    /// A folder with a quick fixture before and after one that takes a while and ~100 MB: 100,000
    /// changes at one time.
    func folder() throws -> URL {
        let root = TemporaryFolder.name("isolation")
        let suite = root.appendingPathComponent("retarget")
        try FileManager.default.createDirectory(at: suite, withIntermediateDirectories: true)
        func fixture(_ name: String, events: String, value: String) -> String {
            """
            {"id": "retarget/\(name)", "title": "t", "suite": "retarget", "provenance": "analytic", "source": "closed form: linear",
             "tolerance": {"absolute": 1e-9}, "property": {"valueType": "scalar", "initialValue": 0, "events": [\(events)],
             "samples": [{"time": 0.5, "value": \(value)}]}}
            """
        }
        let one = "{\"time\": 0, \"set\": 1, \"animation\": {\"linear\": {\"duration\": 1}}}"
        try fixture("a-quick", events: one, value: "0.5").write(to: suite.appendingPathComponent("a-quick.json"), atomically: true, encoding: .utf8)
        try fixture("c-quick", events: one, value: "0.5").write(to: suite.appendingPathComponent("c-quick.json"), atomically: true, encoding: .utf8)
        // 100,000 linear changes at 0, each to k: half way, the chain of lerps is at … whatever it
        // is; the verdict does not matter here, only that the fixture is slow and large.
        let many = (1...100_000).map { "{\"time\": 0, \"set\": \($0), \"animation\": {\"linear\": {\"duration\": 1}}}" }.joined(separator: ",")
        try fixture("b-slow", events: many, value: "0").write(to: suite.appendingPathComponent("b-slow.json"), atomically: true, encoding: .utf8)
        return root
    }

    func verdicts(_ output: String) -> [String: String] {
        var verdicts: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if let id = words.first, id.hasPrefix("retarget/"), let verdict = words.last { verdicts[String(id)] = String(verdict) }
        }
        return verdicts
    }

    /// The conformance job on the folder with the given budget: each fixture's verdict and the
    /// report.
    func played(seconds: Double = ConformanceRequest.defaultFixtureSeconds, mebibytes: Int = ConformanceRequest.defaultFixtureMebibytes) throws -> (
        verdicts: [String: FixtureResult.Verdict], report: ConformanceReport
    ) {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        var request = ConformanceRequest(fixtures: root.path)
        (request.fixtureSeconds, request.fixtureMebibytes) = (seconds, mebibytes)
        let report = try ApplicationJobTests.app.conformance(request)
        return (Dictionary(uniqueKeysWithValues: report.results.map { ($0.id, $0.verdict) }), report)
    }

    static let oneSlow: [String: FixtureResult.Verdict] = ["retarget/a-quick": .pass, "retarget/b-slow": .error, "retarget/c-quick": .pass]

    @Test("a fixture that runs past --fixture-timeout is stopped and is that fixture's error; the others pass")
    func timeBudget() throws {
        // Half a second: the slow fixture takes a minute, a quick one milliseconds, and the player's
        // start (slow in a loaded CI) is not counted.
        let (verdicts, report) = try played(seconds: 0.5)
        #expect(verdicts == Self.oneSlow)
        #expect(report.passed == 2 && report.failed == 0 && report.errors == 1 && report.exitCode == 2)
        let slow = try #require(report.results.first { $0.id == "retarget/b-slow" })
        #expect(slow.stopped == .timeBudget && slow.stopped?.remedy == .longerFixtureTime && slow.message.contains("0.5 s"), "\(slow.message)")
        #expect(report.results.filter { $0.id != slow.id }.allSatisfy { $0.stopped == nil })
        // A JSON report keeps why, for a reader that tells a budget from a crash.
        let reread = try ConformanceReport(json: report.render(.json))
        #expect(reread.results.map(\.stopped) == report.results.map(\.stopped))
    }

    @Test("a fixture that grows past --fixture-memory is stopped and is that fixture's error; the others pass")
    func memoryBudget() throws {
        let (verdicts, report) = try played(mebibytes: 64)
        #expect(verdicts == Self.oneSlow)
        #expect(report.errors == 1 && report.exitCode == 2)
        let slow = try #require(report.results.first { $0.id == "retarget/b-slow" })
        #expect(slow.stopped == .memoryBudget && slow.stopped?.remedy == .moreFixtureMemory && slow.message.contains("64 MiB"), "\(slow.message)")
    }

    @Test("a player's start is not the first fixture's time: one that takes a second to be ready passes quick fixtures under a half-second budget")
    func slowStart() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let quick = try ["a-quick", "c-quick"].map { try FixtureLoader.load(file: root.appendingPathComponent("retarget/\($0).json")) }
        let play = "\(ApplicationJobTests.app.executable.path) \(InternalCommand.play.rawValue)"
        let slow = IsolatedPlayer(command: ["/bin/sh", "-c", "sleep 1; exec \(play)"], budget: .init(seconds: 0.5))
        #expect(slow.run(quick).map(\.verdict) == [.pass, .pass])
        // A child that says anything else is not a player: each fixture is an error, and nothing hangs.
        let stranger = IsolatedPlayer(command: ["/bin/sh", "-c", "echo hello; cat"], budget: .init(seconds: 0.5))
        let results = stranger.run(quick)
        #expect(results.map(\.verdict) == [.error, .error] && results.allSatisfy { $0.stopped == .unreadableAnswer })
    }

    @Test("a budget out of the player's range is refused as its field before any fixture plays")
    func budgetRefused() throws {
        #expect(#expect(throws: RequestError.self) { try played(seconds: 0) }?.field == .fixtureTimeout)
        #expect(#expect(throws: RequestError.self) { try played(mebibytes: 63) }?.field == .fixtureMemory)
    }

    @Test("a player killed by a signal in the middle of a fixture: that fixture's error names the signal; a new player runs the rest")
    func crashIsolation() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let process = Process()
        process.executableURL = ApplicationJobTests.app.executable
        process.arguments = ["conform", "--fixtures", root.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first verdict is out, so the player is on the slow fixture now: kill it as the
        // kernel's out-of-memory killer would. (Not SIGSEGV: a SIGSEGV sent by kill() is only
        // reported by Swift's backtracer, and the process goes on.)
        var text = ""
        while !text.contains("retarget/a-quick") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let player = try #require(children(of: process.processIdentifier).first, "conform runs its fixtures in a child process")
        #expect(kill(player, SIGKILL) == 0)
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(verdicts(text) == ["retarget/a-quick": "pass", "retarget/b-slow": "error", "retarget/c-quick": "pass"], "\(text)")
        #expect(
            text.contains(
                "the player crashed on this fixture: it was killed by signal 9 (SIGKILL: killed from outside — by another process, or by an out-of-memory killer)"
            ), "\(text)")
    }

    /// The processes whose parent is `pid`, from `/proc`.
    func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { candidate in
            guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid
        }
    }
}

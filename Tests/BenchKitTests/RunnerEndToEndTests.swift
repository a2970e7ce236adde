import Foundation
import TestSupport
import Testing

@testable import BenchKit

/// The runner end to end: the real `motion-bench` and worker executables of this build, run on
/// the test-only benchmarks (MOTIONBENCH_TEST_BENCHMARKS=1).
@Suite("Runner end to end", .serialized)
struct RunnerEndToEndTests {
    static let buildDirectory = BuiltProducts.directory

    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    func motionBench(_ arguments: [String]) throws -> Run {
        let run = try Tool.run(arguments)
        return Run(status: run.status, stdout: run.stdout, stderr: run.stderr)
    }

    /// `executable` with `arguments`, the test-only benchmarks registered; its output and status.
    func run(_ executable: String, _ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["MOTIONBENCH_TEST_BENCHMARKS"] = "1"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    func temporaryReports() -> URL {
        TemporaryFolder.name("motion-bench-tests")
    }

    @Test("a crashing benchmark is reported as crashed while the rest complete; a hang is stopped by the timeout")
    func crashIsolation() throws {
        let reports = temporaryReports()
        let run = try motionBench([
            "run", "--quick", "--filter", "^test\\.(crash|sleep|allocate)", "--reports", reports.path, "--format", "json", "--timeout", "3",
        ])
        #expect(run.status == 1, "a benchmark that did not complete makes the run exit 1: \(run.stderr)")
        let result = try JSONDecoder().decode(RunResult.self, from: Data(run.stdout.utf8))
        let byName = Dictionary(uniqueKeysWithValues: result.benchmarks.map { ($0.name, $0) })
        #expect(byName["test.crash"]?.status == .crashed)
        #expect(byName["test.crash"]?.message?.contains("signal") == true)
        #expect(byName["test.sleep"]?.status == .timedOut)
        #expect(byName["test.allocate.7"]?.status == .ok)
        #expect(FileManager.default.fileExists(atPath: reports.appendingPathComponent("latest.json").path))
    }

    @Test("the allocation counts are real: a benchmark allocating 7 objects per iteration reports 7")
    func allocationCountsAreReal() throws {
        let reports = temporaryReports()
        let run = try motionBench(["run", "--quick", "--filter", "^test\\.allocate\\.7$", "--reports", reports.path, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let result = try JSONDecoder().decode(RunResult.self, from: Data(run.stdout.utf8))
        let allocations = try #require(result.benchmarks.first?.allocations)
        #expect(allocations.perIteration == 7, "counted with jemalloc preloaded into the counting worker")
        #expect((allocations.bytesPerIteration ?? 0) >= 7 * 32)
        #expect(result.environment.jemallocVersion?.hasPrefix("5.") == true)
        // The worker says what it was compiled for; `make test` builds for the CPU in
        // MOTIONBENCH_TARGET_CPU (Package.swift), the default target when it is empty.
        let configuration = BuiltProducts.configuration
        let targetCPU = ProcessInfo.processInfo.environment["MOTIONBENCH_TARGET_CPU"].flatMap { $0.isEmpty ? nil : $0 }
        #expect(result.environment.buildFlags == "-c \(configuration)" + (targetCPU.map { " -target-cpu \($0)" } ?? ""))
    }

    @Test("a worker that cannot say how it was built (one from before `build`) counts as built for the default target")
    func workerWithoutBuildCommand() throws {
        let directory = temporaryReports()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let old = directory.appendingPathComponent("old-worker")
        try Data("#!/bin/sh\necho \"benchmark worker: error: unknown command '$1'\" >&2\nexit 1\n".utf8).write(to: old)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: old.path)
        #expect(BenchmarkDriver(options: .init(worker: old)).build() == WorkerBuild(targetCPU: nil))
        let garbled = directory.appendingPathComponent("garbled-worker")
        try Data("#!/bin/sh\necho '{\"targetCPU\": 3'\n".utf8).write(to: garbled)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: garbled.path)
        #expect(BenchmarkDriver(options: .init(worker: garbled)).build() == WorkerBuild(targetCPU: nil))
        let real = BenchmarkDriver(options: .init(worker: Self.buildDirectory.appendingPathComponent("MotionBenchmarks"))).build()
        #expect(real.flags(configuration: "release").hasPrefix("-c release"))
    }

    @Test("a corrupt or truncated baseline gives a clear error naming the file; exit 1")
    func corruptBaseline() throws {
        let reports = temporaryReports()
        let baselines = reports.appendingPathComponent("baselines")
        try FileManager.default.createDirectory(at: baselines, withIntermediateDirectories: true)
        try Data("{\"schemaVersion\": 1, \"tool\": \"x\"".utf8).write(to: baselines.appendingPathComponent("truncated.json"))
        let truncated = try motionBench(["compare", "truncated", "--reports", reports.path])
        #expect(truncated.status == 1)
        #expect(truncated.stderr.contains("truncated.json") && truncated.stderr.contains("not valid JSON"))
        try Data("{\"schemaVersion\": 1}".utf8).write(to: baselines.appendingPathComponent("partial.json"))
        let partial = try motionBench(["compare", "partial", "--reports", reports.path])
        #expect(partial.status == 1 && partial.stderr.contains("partial.json") && partial.stderr.contains("missing"))
        let missing = try motionBench(["compare", "nowhere", "--reports", reports.path])
        #expect(missing.status == 1 && missing.stderr.contains("does not exist"))
    }

    @Test("unknown commands and flags are usage errors with exit 1 and say what was expected")
    func usage() throws {
        let flag = try motionBench(["run", "--fast"])
        #expect(flag.status == 1 && flag.stderr.contains("unknown option '--fast'") && flag.stderr.contains("--quick"))
        let command = try motionBench(["bench"])
        #expect(command.status == 1 && command.stderr.contains("unknown command 'bench'; the commands are main, run,"))
        // A near miss gets one suggestion and a pointer to the usage, not the whole usage.
        let typo = try motionBench(["rnu"])
        #expect(
            typo.status == 1 && typo.stderr == "motion-bench: error: unknown command 'rnu'; did you mean 'run'?\n(motion-bench help shows the usage)\n",
            "\(typo.stderr)")
        let option = try motionBench(["compare", "a", "--treshold", "5%"])
        #expect(
            option.status == 1 && option.stderr.contains("unknown option '--treshold' for 'compare'; did you mean --threshold?")
                && option.stderr.contains("(motion-bench compare --help shows the usage)"), "\(option.stderr)")
        // Thresholds: 10% and 0.1 alike; a bare 10 is ambiguous and refused before anything is read.
        let ambiguous = try motionBench(["compare", "a", "--threshold", "10"])
        #expect(ambiguous.status == 1 && ambiguous.stderr.contains("--threshold 10 is ambiguous: write 10% for 10 percent"), "\(ambiguous.stderr)")
        let percent = try motionBench(["compare", "nowhere", "--threshold", "10%", "--threshold-for", "^tick=2.5%"])
        #expect(percent.status == 1 && percent.stderr.contains("does not exist"), "10% is accepted; the missing baseline is the error: \(percent.stderr)")
        let filter = try motionBench(["list", "--filter", "(["])
        #expect(filter.status == 1 && filter.stderr.contains("not a valid regular expression"))
        let help = try motionBench(["compare", "--help"])
        #expect(help.status == 0 && help.stdout.contains("compare BASELINE") && help.stderr.isEmpty)
    }

    @Test("list names the benchmarks with stable dotted names")
    func list() throws {
        let run = try motionBench(["list", "--filter", "^tick\\.fluid\\."])
        #expect(run.status == 0)
        let names = run.stdout.split(separator: "\n").map { String($0.split(separator: " ").first ?? "") }
        #expect(
            names == [
                "tick.fluid.1k.1", "tick.fluid.1k.all", "tick.fluid.10k.1", "tick.fluid.10k.all",
                "tick.fluid.100k.1", "tick.fluid.100k.all", "tick.fluid.1M.1", "tick.fluid.1M.all",
                "tick.fluid.staggered.100k.1", "tick.fluid.staggered.100k.all",
            ])
    }

    @Test("nothing to run is an error naming the nearest names, never a pass; contradictory or unsafe options are refused before any work")
    func nothingRanAndOptionsCheckedTogether() throws {
        let reports = temporaryReports()
        defer { try? FileManager.default.removeItem(at: reports) }
        let fixtures = Repository.fixtures.path
        func expectRefused(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let writes = ["run", "nightly", "compare", "compare-revisions"].contains(arguments[0])
            let run = try motionBench(arguments + (writes ? ["--reports", reports.path] : []))
            #expect(run.status == 1, "\(arguments): exit \(run.status)", sourceLocation: sourceLocation)
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr.prefix(600))", sourceLocation: sourceLocation)
        }
        try expectRefused(["run", "--quick", "--filter", "^tick\\.fluid\\.10k\\.2$"], "matches no benchmark of the")
        try expectRefused(["run", "--quick", "--filter", "tick.fluid.10k.2"], "the nearest names: tick.fluid.10k.1")
        try expectRefused(["run", "--quick", "--threads", "100000"], "--threads needs a whole number 1–256, got '100000'")
        try expectRefused(["run", "--quick", "--rigorous"], "choose one of --quick, --standard, --rigorous")
        try expectRefused(["nightly", "--quick", "--rigorous"], "choose one of --quick, --standard, --rigorous")
        try expectRefused(["nightly", "--quick", "--filter", "zzzz"], "--filter 'zzzz' matches no benchmark")
        try expectRefused(["run", "--quick", "--filter", "^test\\.allocate", "--save-baseline", "../../escape"], "is not a baseline name")
        try expectRefused(["run", "--quick", "--filter", "^test\\.allocate", "--save-baseline", ""], "is not a baseline name")
        try expectRefused(["compare", "x", "--threshold-for", "(=0.1"], "--threshold-for '(' is not a valid regular expression")
        try expectRefused(["compare-revisions", "HEAD", "HEAD", "--filter", "("], "--filter '(' is not a valid regular expression")
        // None of these measured or wrote anything.
        #expect(!FileManager.default.fileExists(atPath: reports.appendingPathComponent("runs").path))
        #expect(!FileManager.default.fileExists(atPath: reports.appendingPathComponent("history").path))

        let empty = reports.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try expectRefused(["conform", "--fixtures", empty.path], "no fixtures (*.json) under")
        try expectRefused(["conform", "--fixtures", Repository.url("README.md").path], "is a file, not a folder of fixtures")
        try expectRefused(["conform", "--fixtures", fixtures, "--suite", "documnted"], "the suites are: ")
        try expectRefused(["conform", "--fixtures", fixtures, "--filter", "zzzz-no-such-fixture"], "matches no fixture id; the nearest: ")
        try expectRefused(["fixtures", "regenerate", "--check", "--fixtures", "/nonexistent"], "no fixtures folder at /nonexistent")

        // A baseline without benchmarks compares nothing: exit 1, and it says so.
        let run = try motionBench(["run", "--quick", "--filter", "^test\\.allocate\\.7$", "--reports", reports.path, "--save-baseline", "one"])
        #expect(run.status == 0, "\(run.stderr)")
        let saved = reports.appendingPathComponent("baselines/one.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: saved)) as? [String: Any])
        json["benchmarks"] = []
        let hollow = reports.appendingPathComponent("hollow.json")
        try JSONSerialization.data(withJSONObject: json).write(to: hollow)
        let compared = try motionBench(["compare", hollow.path, saved.path, "--reports", reports.path, "--no-calibration"])
        #expect(compared.status == 1 && compared.stdout.contains("nothing was compared"), "\(compared.stdout)\n\(compared.stderr)")
    }
}

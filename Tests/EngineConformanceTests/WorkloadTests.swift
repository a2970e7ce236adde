import BenchKit
import Foundation
import TestSupport
import Testing

@testable import EngineConformance
@testable import MotionConformance

/// The engine protocol's benchmark workloads (docs/protocol.md §8): their definitions, the check
/// of an engine's values, and engines in other processes measured end to end — the Python example,
/// the Swift adapter on MotionEngine, and the Python example made wrong on purpose.
@Suite("benchmark workloads", .serialized)
struct WorkloadTests {
    static let python = "python3 " + EngineDoubles.python

    @Test("sixteen standard workloads whose reported channels cover every variant and the last channels")
    func definitions() throws {
        #expect(Workload.standard.count == 16)
        #expect(Set(Workload.standard.map(\.name)).count == 16)
        for workload in Workload.standard {
            let reported = workload.reportedChannels
            #expect(reported.first == 0 && reported.last == workload.channels - 1, "\(workload.name)")
            #expect(Set(reported.map { $0 % workload.variants.count }).count == workload.variants.count, "\(workload.name) reports every variant")
            #expect(reported.count < 300, "\(workload.name): \(reported.count) values a frame is too many to send")
        }
    }

    /// docs/semantics.md §3.1, from rest: s(t) = 1 − e^(−ζω₀t)(cos ω_d t + (ζω₀/ω_d) sin ω_d t).
    @Test("MotionCore's values for the closed-spring workload are the damped oscillator's closed form")
    func closedFormExpectation() throws {
        let workload = try #require(Workload.named("workload.closed.1k"))
        let frames = 240
        let expected = try workload.expectedFinalValues(frames: frames)
        let t = Double(frames - 1) / 120
        for (index, channel) in workload.reportedChannels.enumerated() {
            let v = Double(channel % 8)
            let k = 0.01 + 0.002 * v, c = 0.001
            let w0 = k.squareRoot(), zeta = c / (2 * k.squareRoot())
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let s = 1 - exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
            #expect(abs(expected[index] - (100 + v) * s) <= 1e-12 * (100 + v), "channel \(channel)")
        }
    }

    @Test("an engine's values agree within the fixtures' tolerance, and one value off by twice it is named")
    func valuesCheck() throws {
        let workload = try #require(Workload.named("workload.curve.10k"))
        let expected = try workload.expectedFinalValues(frames: 12)
        let same = try workload.check(values: expected, frames: 12)
        #expect(same.agrees && same.worstError == 0 && same.channels == expected.count)
        var nudged = expected
        nudged[nudged.count - 1] += 0.9 * (1e-9 + 1e-9 * abs(expected[expected.count - 1]))
        #expect(try workload.check(values: nudged, frames: 12).agrees, "within the tolerance")
        var off = expected
        let last = off.count - 1
        off[last] += 2 * (1e-9 + 1e-9 * abs(expected[last]))
        let different = try workload.check(values: off, frames: 12)
        #expect(!different.agrees)
        #expect(different.message?.contains("channel \(workload.channels - 1)") == true, "\(different.message ?? "")")
        #expect(abs(different.worstError - 2) < 1e-6)
        var missing = expected
        missing[3] = .nan
        let notANumber = try workload.check(values: missing, frames: 12)
        #expect(!notANumber.agrees && notANumber.worstError.isFinite, "a NaN is an error that JSON can still record")
        #expect(try !workload.check(values: Array(expected.dropLast()), frames: 12).agrees, "a value left out")
    }

    func tool(_ arguments: [String]) throws -> Tool.Watched {
        try Tool.watch(arguments, limit: 300)
    }

    @Test("engines side by side: the Python example and MotionEngine agree with MotionCore, the broken Python engine is 'different'")
    func sideBySide() throws {
        let reports = TemporaryFolder.name("workloads")
        defer { try? FileManager.default.removeItem(at: reports) }
        let outcome = try tool([
            "run", "--quick", "--filter", "^workload\\.(closed|curve)\\.1k@", "--reports", reports.path, "--format", "json",
            "--engine", Self.python, "--engine", "motion-bench adapter", "--engine", Self.python + " --wrong",
        ])
        #expect(outcome.status == 1, "a benchmark whose values differ makes the run exit 1: \(outcome.errors)")
        let result = try JSONDecoder().decode(RunResult.self, from: Data(outcome.output.utf8))
        let byName = Dictionary(uniqueKeysWithValues: result.benchmarks.map { ($0.name, $0) })
        for engine in ["python-example", "motioncore"] {
            for kind in ["closed", "curve"] {
                let benchmark = try #require(byName["workload.\(kind).1k@\(engine)"], "\(byName.keys.sorted())")
                #expect(benchmark.status == .ok, "\(benchmark.name): \(benchmark.message ?? "")")
                #expect(benchmark.valuesCheck?.agrees == true)
                #expect((benchmark.timing?.samples.count ?? 0) >= 10, "the engine's frame times are the samples")
                #expect(benchmark.engine?.clock != nil)
            }
        }
        #expect(byName["workload.closed.1k@python-example"]?.engine?.clock == "time.perf_counter_ns")
        for kind in ["closed", "curve"] {
            let wrong = try #require(byName["workload.\(kind).1k@python-example-wrong"])
            #expect(wrong.status == .different)
            #expect(wrong.message?.contains("values differ from MotionCore's: channel") == true, "\(wrong.message ?? "")")
            #expect(wrong.timing != nil, "its times stay on show")
        }
        // The C kernel of the closed spring ran beside them, and each engine's ratio to it is filled.
        #expect(byName["c.closed.1k"]?.status == .ok)
        #expect(byName["workload.closed.1k@python-example"]?.ratioToReference != nil)
        #expect(byName["workload.closed.1k@python-example"]?.ratioToReferenceInterval?.count == 2)
        let side = try #require(SideBySide(result))
        #expect(side.engines == ["python-example", "motioncore", "python-example-wrong"])
        #expect(side.rows.count == 6)
        #expect(side.rows.filter { $0.engine == "motioncore" }.allSatisfy { $0.ratioToFirstInterval?.count == 2 })
        let text = try result.render(.text)
        #expect(text.contains("side by side") && text.contains("DIFFERENT"))
    }

    @Test("MotionEngine through the protocol: every kind of workload agrees with MotionCore, the C kernels beside it")
    func everyKindThroughTheAdapter() throws {
        let reports = TemporaryFolder.name("workloads")
        defer { try? FileManager.default.removeItem(at: reports) }
        let outcome = try tool([
            "run", "--quick", "--filter", "^workload\\.[a-z]+\\.1k@", "--reports", reports.path, "--format", "json", "--engine", "motion-bench adapter",
        ])
        #expect(outcome.status == 0, "\(outcome.errors)")
        let result = try JSONDecoder().decode(RunResult.self, from: Data(outcome.output.utf8))
        for kind in Workload.Kind.allCases {
            let benchmark = try #require(result.benchmarks.first { $0.name == "workload.\(kind.rawValue).1k@motioncore" })
            #expect(benchmark.status == .ok && benchmark.valuesCheck?.agrees == true, "\(benchmark.name): \(benchmark.message ?? "")")
            #expect(benchmark.valuesCheck?.worstError == 0, "MotionEngine gives MotionCore's values to the bit")
        }
        #expect(Set(result.benchmarks.map(\.name)).isSuperset(of: ["c.fluid.1k", "c.closed.1k", "c.cubic.1k"]))
    }

    @Test("a comparison with a broken revision of an engine says 'but different' and exits 4")
    func fasterButDifferent() throws {
        let reports = TemporaryFolder.name("workloads")
        defer { try? FileManager.default.removeItem(at: reports) }
        let base = try tool([
            "run", "--quick", "--filter", "^workload\\.curve\\.1k@", "--reports", reports.path, "--quiet",
            "--save-baseline", "right", "--engine", Self.python,
        ])
        #expect(base.status == 0, "\(base.errors)")
        let broken = try tool([
            "run", "--quick", "--filter", "^workload\\.curve\\.1k@", "--reports", reports.path, "--quiet",
            "--engine", Self.python + " --wrong --name python-example",
        ])
        #expect(broken.status == 1)
        let compare = try tool(["compare", "right", "--reports", reports.path])
        #expect(compare.status == 4, "\(compare.output)\(compare.errors)")
        #expect(compare.output.contains("but different"), "\(compare.output)")
    }

    @Test("two revisions of an engine in a git repository: a slower one is a confirmed regression, exit 2")
    func engineRevisions() throws {
        let repository = TemporaryFolder.name("engine-repo")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: repository) }
        func git(_ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", repository.path, "-c", "user.name=test", "-c", "user.email=test@example.com"] + arguments
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "git \(arguments)")
        }
        // The engine is a folder of modules: all of it goes into the repository.
        let folder = URL(fileURLWithPath: EngineDoubles.python).deletingLastPathComponent()
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".py") {
            try FileManager.default.copyItem(at: folder.appendingPathComponent(file), to: repository.appendingPathComponent(file))
        }
        try git(["init", "-q"])
        try git(["add", "."])
        try git(["commit", "-qm", "base"])
        // The slower revision spins 3 ms more in every frame it times: about three times the frame.
        let workloads = repository.appendingPathComponent("workloads.py")
        let source = try String(contentsOf: workloads, encoding: .utf8)
        let indent = "            "
        let slowed = source.replacingOccurrences(
            of: indent + "elapsed = time.perf_counter_ns() - start\n",
            with: indent + "spin = time.perf_counter_ns() + 3_000_000\n" + indent + "while time.perf_counter_ns() < spin:\n"
                + indent + "    pass\n" + indent + "elapsed = time.perf_counter_ns() - start\n")
        #expect(slowed != source, "the frame loop the slowdown goes into")
        try slowed.write(to: workloads, atomically: true, encoding: .utf8)
        try git(["commit", "-qam", "slow"])
        let reports = repository.appendingPathComponent("reports")
        let outcome = try tool([
            "compare-revisions", "HEAD~1", "HEAD", "--repository", repository.path, "--engine", "python3 engine.py",
            "--filter", "^workload\\.curve\\.1k@", "--reports", reports.path, "--quiet", "--format", "json",
        ])
        let report = try JSONDecoder().decode(ComparisonReport.self, from: Data(outcome.output.utf8))
        let curve = try #require(report.comparisons.first { $0.name == "workload.curve.1k@python-example" }, "\(outcome.output)")
        // Beside other tests' work the time verdict is withheld, never given: the ratio still shows.
        if curve.withheldForLoad {
            #expect(curve.verdict == .inconclusive && (curve.ratio ?? 0) > 1.2 && outcome.status == 3, "\(outcome.output)")
        } else {
            #expect(curve.verdict == .regressed && curve.confirmed == true && outcome.status == 2, "\(outcome.output)\(outcome.errors)")
        }
        #expect(report.conformance?.changed.isEmpty == true && report.conformance?.failure == nil, "the suites ran through both revisions")
        #expect(report.rounds?.design == "blocks", "the engine declares workload.frames: its revisions take turns in blocks")
        // Without workload.frames, one fresh engine process a side per round, and the same verdict.
        // That design is noisier (docs/runner.md §9): rounds enough to decide and then confirm, even
        // beside other tests, where the decision can take half the limit.
        let processes = try tool([
            "compare-revisions", "HEAD~1", "HEAD", "--repository", repository.path, "--engine",
            "python3 engine.py --capabilities workload.curve", "--filter", "^workload\\.curve\\.1k@", "--reports", reports.path, "--quiet",
            "--max-rounds", "40", "--format", "json",
        ])
        let byProcess = try JSONDecoder().decode(ComparisonReport.self, from: Data(processes.output.utf8))
        let slower = try #require(byProcess.comparisons.first, "\(processes.output)\(processes.errors)")
        #expect(byProcess.rounds?.design == "processes", "\(processes.output)")
        if slower.withheldForLoad {
            #expect(slower.verdict == .inconclusive && (slower.ratio ?? 0) > 1.2 && processes.status == 3, "\(processes.output)")
        } else {
            #expect(slower.verdict == .regressed && processes.status == 2, "\(processes.output)\(processes.errors)")
        }
    }

    @Test("an engine that declares workloads without a clock, declares none, or answers too few frames is told what is wrong")
    func malformedEngines() throws {
        let folder = TemporaryFolder.name("workloads")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func engine(_ name: String, hello: String, workload: String) throws -> String {
            let script = folder.appendingPathComponent(name)
            try """
            import json, sys
            for line in sys.stdin:
                r = json.loads(line)
                a = \(hello) if r["op"] == "hello" else \(workload)
                a["id"] = r["id"]
                print(json.dumps(a), flush=True)
            """.write(to: script, atomically: true, encoding: .utf8)
            return "python3 " + script.path
        }
        let noClock = try engine(
            "noclock.py", hello: #"{"protocol": 1, "engine": {"name": "noclock"}, "capabilities": ["workload.curve"]}"#,
            workload: "{}")
        let listed = try tool(["list", "--engine", noClock])
        #expect(listed.status == 1)
        #expect(listed.errors.contains("states no \"clock\""), "\(listed.errors)")
        let none = try tool(["list", "--engine", "python3 \(EngineDoubles.python) --capabilities curve"])
        #expect(none.status == 1)
        #expect(none.errors.contains("declares no workload capability"), "\(none.errors)")
        let short = try engine(
            "short.py", hello: #"{"protocol": 1, "engine": {"name": "short"}, "capabilities": ["workload.curve"], "clock": {"name": "c", "resolution": 1e-9}}"#,
            workload: #"{"frameTimes": [1000], "values": []}"#)
        let run = try tool(["run", "--quick", "--filter", "^workload\\.curve\\.1k@", "--reports", folder.path, "--format", "json", "--engine", short])
        #expect(run.status == 1)
        let result = try JSONDecoder().decode(RunResult.self, from: Data(run.output.utf8))
        let benchmark = try #require(result.benchmarks.first { $0.name == "workload.curve.1k@short" })
        #expect(benchmark.status == .failed)
        #expect(benchmark.message?.contains("the engine ran 1 frames; the request asked for at least") == true, "\(benchmark.message ?? "")")
    }
}

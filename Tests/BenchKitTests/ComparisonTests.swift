import Foundation
import HarnessSupport
import TestSupport
import Testing

@testable import BenchKit

/// Verdicts and exit codes on synthetic results with known differences.
@Suite("Comparison verdicts")
struct ComparisonTests {
    static let environment = EnvironmentFingerprint(
        cpuModel: "Test CPU", logicalCores: 2, kernel: "6.1", operatingSystem: "Debian 12",
        swiftVersion: "6.3.1", buildConfiguration: "release", buildFlags: "-c release")

    func samples(_ median: Double, seed: UInt64, count: Int = 200) -> [Double] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in median * (1 + 0.04 * (Double(generator.next() >> 11) / Double(1 << 53) - 0.5)) }
    }

    /// Six processes of 40 samples each; every process's level is off by up to ±1% (the
    /// between-process variation the verdicts are computed over), the samples within it by ±2%.
    func processSamples(_ median: Double, seed: UInt64, processes: Int) -> [Double] {
        var generator = SplitMix64(seed: seed &+ 1000)
        return (0..<processes).flatMap { process in
            let level = median * (1 + 0.02 * (Double(generator.next() >> 11) / Double(1 << 53) - 0.5))
            return samples(level, seed: seed &* 31 &+ UInt64(process), count: 40)
        }
    }

    func result(
        _ benchmarks: [(String, Double, UInt64)], digest: String = "d", allocations: Double = 0, environment: EnvironmentFingerprint = environment,
        processes: Int = 6
    ) -> RunResult {
        RunResult(
            schemaVersion: 1, tool: "test", startedAt: "2026-11-30T00:00:00Z", finishedAt: "2026-11-30T00:01:00Z", profile: "standard",
            threads: 2, filter: nil, environment: environment,
            benchmarks: benchmarks.map { name, median, seed in
                var b = BenchmarkResult(name: name, unit: .frame, elements: 100, tags: [], status: .ok)
                b.timing = TimingSummary(
                    samples: processSamples(median, seed: seed, processes: processes), iterationsPerSample: 1, elements: 100,
                    unit: .frame, processSampleCounts: Array(repeating: 40, count: processes))
                b.allocations = AllocationSummary(perIteration: allocations, bytesPerIteration: 0, peakResidentBytes: nil)
                b.digest = digest
                return b
            })
    }

    func compare(_ a: RunResult, _ b: RunResult, force: Bool = false) throws -> ComparisonReport {
        try ComparisonReport.compare(baseline: a, candidate: b, baselineName: "a", candidateName: "b", force: force)
    }

    @Test("the same distribution is unchanged; 1.5× slower is a regression (exit 2); 1.5× faster an improvement (exit 0)")
    func verdicts() throws {
        let base = result([("x", 1000, 1)])
        #expect(try compare(base, result([("x", 1000, 2)])).comparisons[0].verdict == .unchanged)
        let slower = try compare(base, result([("x", 1500, 3)]))
        #expect(slower.comparisons[0].verdict == .regressed && slower.exitCode == 2)
        let faster = try compare(base, result([("x", 600, 4)]))
        #expect(faster.comparisons[0].verdict == .improved && faster.exitCode == 0, "improvements never fail")
        #expect(abs(slower.comparisons[0].ratio! - 1.5) < 0.02)
    }

    @Test(
        "a rise in instructions decides regressed whatever the time says: the verdict says so, its ratio is the count's, the time's verdict is kept beside it; both rising: decided by both"
    )
    func decidedByInstructions() throws {
        func counted(_ run: RunResult, _ instructions: Double) -> RunResult {
            var run = run
            run.benchmarks[0].instructions = InstructionSummary(perIteration: instructions, iterations: 8, unavailable: nil)
            return run
        }
        let base = counted(result([("x", 1000, 1)]), 2_000_000)
        // Faster in time (an improvement on its own), 1.05% more instructions.
        let faster = try compare(base, counted(result([("x", 760, 5)]), 2_021_000)).comparisons[0]
        #expect(faster.verdict == .regressed && faster.decidedBy == [.instructions] && faster.timeVerdict == .improved)
        #expect(faster.decidingRatio == 2_021_000 / 2_000_000.0 && faster.decidingInterval == nil)
        #expect(abs(try #require(faster.ratio) - 0.76) < 0.02, "the time's ratio is kept as the time's")
        // The stored comparison says the same.
        let decoded = try JSONDecoder().decode(BenchmarkComparison.self, from: JSONEncoder().encode(faster))
        #expect(decoded.decidedBy == [.instructions] && decoded.timeVerdict == .improved && decoded.decidingRatio == faster.decidingRatio)
        // Slower in time and in instructions: decided by both, the time's ratio with its interval.
        let slower = try compare(base, counted(result([("x", 1500, 3)]), 2_100_000)).comparisons[0]
        #expect(slower.verdict == .regressed && slower.decidedBy == [.time, .instructions] && slower.timeVerdict == nil)
        #expect(slower.decidingRatio == slower.ratio && slower.decidingInterval == slower.interval)
        // Unchanged instructions: the time alone decides.
        let same = try compare(base, counted(result([("x", 1000, 2)]), 2_000_000)).comparisons[0]
        #expect(same.verdict == .unchanged && same.decidedBy == [.time] && same.timeVerdict == nil)
    }

    @Test("processes measured on a busy machine give no regressed or improved verdict: inconclusive (exit 3), saying why")
    func busyMachine() throws {
        func busy(_ run: RunResult) -> RunResult {
            var run = run
            run.benchmarks[0].timing?.processLoads = (0..<6).map {
                $0 == 0 ? ProcessLoad(wallSeconds: 1, ownCPUSeconds: 1, othersCPU: 0.9) : ProcessLoad(wallSeconds: 1, ownCPUSeconds: 1, othersCPU: 0)
            }
            return run
        }
        let base = result([("x", 1000, 1)])
        for candidate in [result([("x", 1500, 3)]), result([("x", 600, 4)])] {
            let quiet = try compare(base, candidate)
            #expect(quiet.comparisons[0].verdict != .inconclusive, "on a quiet machine the change is decided")
            let report = try compare(base, busy(candidate))
            #expect(report.comparisons[0].verdict == .inconclusive && report.exitCode == 3)
            let stored = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
            #expect(stored["exitCode"] as? Int == 3, "the stored comparison says what the process exits with")
            #expect(report.comparisons[0].busy != nil)
        }
        // Loads are never more CPUs than the machine has, however short the window.
        let start = try #require(MachineLoad.snapshot())
        let load = MachineLoad.load(from: start, to: try #require(MachineLoad.snapshot()))
        #expect(load.othersCPU <= Double(ProcessInfo.processInfo.activeProcessorCount))
    }

    @Test("a change inside the threshold is not a regression; a change straddling it is inconclusive (exit 3)")
    func threshold() throws {
        let base = result([("x", 1000, 1)])
        #expect(try compare(base, result([("x", 1050, 5)])).comparisons[0].verdict == .unchanged)
        var policy = ComparisonPolicy()
        policy.thresholdOverrides = [("^x$", 0.02)]
        let strict = try ComparisonReport.compare(baseline: base, candidate: result([("x", 1050, 5)]), baselineName: "a", candidateName: "b", policy: policy)
        #expect(strict.comparisons[0].verdict == .regressed, "a per-benchmark threshold of 2%")
        let straddling = try compare(base, result([("x", 1100, 6)]))
        #expect(straddling.comparisons[0].verdict == .inconclusive && straddling.exitCode == 3)
    }

    @Test("one process per side cannot be regressed or improved, however large the difference: inconclusive, saying the design")
    func singleProcess() throws {
        let report = try compare(result([("x", 1000, 1)], processes: 1), result([("x", 2000, 2)], processes: 1))
        #expect(report.comparisons[0].verdict == .inconclusive && report.exitCode == 3)
        #expect(report.comparisons[0].design == "1 + 1 processes" && report.comparisons[0].decidedBy == [.time])
        #expect(report.comparisons[0].pValue == nil, "no p-value is printed when there is nothing to test over")
    }

    @Test("different outputs are a digest mismatch (exit 4), whatever the times")
    func digestMismatch() throws {
        let report = try compare(result([("x", 1000, 1)]), result([("x", 600, 2)], digest: "other"))
        #expect(report.comparisons[0].verdict == .digestMismatch && report.exitCode == 4)
    }

    @Test("more allocations per iteration is a regression even at equal speed")
    func allocations() throws {
        let report = try compare(result([("x", 1000, 1)]), result([("x", 1000, 2)], allocations: 3))
        #expect(report.comparisons[0].verdict == .regressed && report.comparisons[0].message?.contains("allocations") == true)
    }

    @Test("results from different machines are refused unless forced")
    func machines() throws {
        var other = Self.environment
        other.cpuModel = "Other CPU"
        #expect(throws: ResultFileError.self) { try compare(result([("x", 1000, 1)]), result([("x", 1000, 2)], environment: other)) }
        #expect(try compare(result([("x", 1000, 1)]), result([("x", 1000, 2)], environment: other), force: true).exitCode == 0)
        var revision = Self.environment
        revision.gitRevision = "abc"
        revision.swiftVersion = "other"
        #expect(
            try compare(result([("x", 1000, 1)]), result([("x", 1000, 2)], environment: revision)).exitCode == 0,
            "a different revision or toolchain is what comparisons are for")
    }

    @Test("benchmarks in only one run are listed as missing and do not fail the comparison")
    func missing() throws {
        let report = try compare(result([("x", 1000, 1), ("gone", 5, 2)]), result([("x", 1000, 3), ("new", 5, 4)]))
        #expect(report.count(.missing) == 2 && report.exitCode == 0)
    }
}

/// The canonical result round-trips, files are written atomically, and the derived formats hold
/// what they should.
@Suite("Result files and formats")
struct ResultFormatTests {
    func sample() -> RunResult {
        var crashed = BenchmarkResult(name: "b.crash", unit: .operation, elements: 1, tags: [], status: .crashed)
        crashed.message = "crashed with signal 4 <oops>"
        var ok = BenchmarkResult(name: "a.ok|pipe", unit: .frame, elements: 10, tags: [], status: .ok)
        ok.timing = TimingSummary(samples: [100, 110, 120, 130], iterationsPerSample: 1, elements: 10, unit: .frame)
        return RunResult(
            schemaVersion: 1, tool: "t", startedAt: "2026-11-30T00:00:00Z", finishedAt: "2026-11-30T00:00:01Z", profile: "quick",
            threads: 1, filter: nil, environment: ComparisonTests.environment, benchmarks: [ok, crashed])
    }

    @Test("save writes the run and latest.json atomically, leaving no temporary files; load reads it back")
    func saveAndLoad() throws {
        let root = TemporaryFolder.name("results")
        let store = ResultFiles(root: root)
        let first = try store.save(sample())
        let second = try store.save(sample())
        #expect(first != second, "runs in the same second get distinct files")
        let loaded = try store.load(store.latest, role: "candidate")
        #expect(loaded.benchmarks.map(\.name) == ["a.ok|pipe", "b.crash"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test("400 damaged baselines: each is refused with an error naming the file, or loads, compares and renders; none traps")
    func damagedBaselines() throws {
        var healthy = sample()
        healthy.benchmarks[0].timing = TimingSummary(
            samples: [100, 110, 120, 130, 105, 115], iterationsPerSample: 1, elements: 10, unit: .frame,
            processSampleCounts: [2, 2, 2])
        let original = try JSONSerialization.jsonObject(with: try ResultFiles.encoder.encode(healthy))
        let folder = TemporaryFolder.name("damaged")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = ResultFiles(root: folder)
        var random = SplitMix64(seed: 400)
        let replacements: [Any] = [
            [Any](), [String: Any](), "", 0, -1, 1e300, -1e300, NSNull(), [0], [-1.0], "x", true, Double.leastNonzeroMagnitude, [[Any]()],
        ]
        /// One node somewhere in the document replaced: the deeper ones as often as the shallow.
        func damage(_ node: Any) -> Any {
            if random.next() % 4 == 0 { return replacements[Int(random.next() % UInt64(replacements.count))] }
            if var object = node as? [String: Any], !object.isEmpty {
                let key = object.keys.sorted()[Int(random.next() % UInt64(object.count))]
                object[key] = random.next() % 8 == 0 ? nil : damage(object[key]!)
                return object
            }
            if var array = node as? [Any], !array.isEmpty {
                let index = Int(random.next() % UInt64(array.count))
                if random.next() % 8 == 0 { array.removeAll() } else { array[index] = damage(array[index]) }
                return array
            }
            return replacements[Int(random.next() % UInt64(replacements.count))]
        }
        var refused = 0, compared = 0
        for round in 0..<400 {
            let url = folder.appendingPathComponent("baseline-\(round).json")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try JSONSerialization.data(withJSONObject: damage(original), options: .fragmentsAllowed).write(to: url)
            do {
                let baseline = try store.load(url, role: "baseline")
                compared += 1
                for format in OutputFormat.allCases { _ = try? baseline.render(format) }
                if let report = try? ComparisonReport.compare(baseline: baseline, candidate: healthy, baselineName: "b", candidateName: "c", force: true) {
                    for format in OutputFormat.allCases { _ = try? report.render(format) }
                }
            } catch let error as ResultFileError {
                refused += 1
                #expect(error.description.contains(url.path) && !error.description.contains("Expected to decode"), "\(error)")
            }
        }
        #expect(refused > 0 && compared > 0, "\(refused) refused, \(compared) compared")
    }

    @Test("text, Markdown, JUnit, CSV and github-action-benchmark formats")
    func formats() throws {
        let result = sample()
        let junit = try result.render(.junit)
        #expect(junit.contains("failures=\"1\"") && junit.contains("&lt;oops&gt;"))
        let markdown = try result.render(.markdown)
        #expect(markdown.contains("a.ok\\|pipe") && markdown.contains("did not complete"))
        let csv = try result.render(.csv).split(separator: "\n")
        #expect(csv.count == 3 && csv[0].hasPrefix("name,status"))
        let github = try JSONSerialization.jsonObject(with: Data(try result.render(.github).utf8)) as? [[String: Any]]
        #expect(github?.count == 1 && github?.first?["unit"] as? String == "ns")
        #expect(try result.render(.text).contains("b.crash: crashed"))
        #expect(throws: UnknownFormat.self) { try RunResult.format(named: "yaml") }
        #expect(throws: UnknownFormat.self) { try RunResult.format(named: "html") }
        #expect(try RunResult.formats.allSatisfy { try RunResult.format(named: $0.rawValue) == $0 })
    }

    @Test("ratios to the C reference and speedups over one thread come from the medians; a missing or crashed counterpart leaves them empty")
    func referenceRatiosAndSpeedups() throws {
        func bench(_ name: String, median: Double?, reference: String? = nil, oneThread: String? = nil) -> BenchmarkResult {
            var b = BenchmarkResult(
                name: name, unit: .frame, elements: 100, tags: [], reference: reference,
                oneThreadCounterpart: oneThread, status: median == nil ? .crashed : .ok)
            b.timing = median.map { TimingSummary(samples: [$0, $0 * 0.9, $0 * 1.2], iterationsPerSample: 1, elements: 100, unit: .frame) }
            return b
        }
        var results = [
            bench("k.1", median: 1000, reference: "c"), bench("k.all", median: 400, reference: "c.all", oneThread: "k.1"),
            bench("c", median: 500), bench("c.all", median: 250, oneThread: "c"),
            bench("orphan.all", median: 300, oneThread: "gone.1"), bench("dead.1", median: nil),
            bench("dead.all", median: 100, oneThread: "dead.1"),
        ]
        BenchmarkDriver.fillReferenceRatios(&results)
        // From the reported medians (p50 of the 3-significant-digit histogram), so within 0.2%.
        func close(_ actual: [Double?], _ expected: [Double?]) -> Bool {
            zip(actual, expected).allSatisfy { a, e in a == nil ? e == nil : e.map { abs(a! / $0 - 1) < 0.002 } ?? false }
        }
        #expect(close(results.map(\.ratioToReference), [2.0, 1.6, nil, nil, nil, nil, nil]))
        #expect(close(results.map(\.speedupOverOneThread), [nil, 2.5, nil, 2.0, nil, nil, nil]))
        // Each ratio comes with its interval, around it; none where there is no ratio.
        for result in results {
            #expect((result.ratioToReferenceInterval == nil) == (result.ratioToReference == nil), "\(result.name)")
            #expect((result.speedupInterval == nil) == (result.speedupOverOneThread == nil), "\(result.name)")
            for (value, interval) in [(result.ratioToReference, result.ratioToReferenceInterval), (result.speedupOverOneThread, result.speedupInterval)] {
                guard let value, let interval else { continue }
                #expect(interval.count == 2 && interval[0] <= value && value <= interval[1] && interval[0] < interval[1], "\(result.name): \(interval)")
            }
        }
        let run = RunResult(
            schemaVersion: 1, tool: "t", startedAt: "2026-11-30T00:00:00Z", finishedAt: "2026-11-30T00:00:01Z", profile: "quick",
            threads: 2, filter: nil, environment: ComparisonTests.environment, benchmarks: results)
        let text = try run.render(.text).split(separator: "\n")
        #expect(text[1].contains("vs C") && text[1].contains("speedup"))
        #expect(text.first { $0.hasPrefix("k.all ") }.map { $0.contains("1.60× (") && $0.contains("2.50× (") } == true)
        let csv = try run.render(.csv).split(separator: "\n", omittingEmptySubsequences: false)
        let speedupLow = results[1].speedupInterval![0], speedupHigh = results[1].speedupInterval![1]
        #expect(
            csv[0].hasSuffix(
                ",speedup_over_one_thread,ratio_to_reference_low,ratio_to_reference_high,speedup_low,speedup_high,instructions_per_iteration,busy_processes"))
        #expect(
            csv[2].hasSuffix(
                ",\(results[1].speedupOverOneThread!),\(results[1].ratioToReferenceInterval![0]),\(results[1].ratioToReferenceInterval![1]),\(speedupLow),\(speedupHigh),,"
            ), "no instructions counted, no process loads")
        #expect(csv[3].hasSuffix(",,,,,,,"), "no ratio, no interval")
        let decoded = try JSONDecoder().decode(RunResult.self, from: try JSONEncoder().encode(run))
        #expect(decoded.benchmarks[1].oneThreadCounterpart == "k.1" && decoded.benchmarks[1].speedupOverOneThread == results[1].speedupOverOneThread)
        #expect(decoded.benchmarks[1].speedupInterval == results[1].speedupInterval)
    }

    /// The interval is a bootstrap of the ratio of medians, as criterion bootstraps its medians
    /// (docs/runner.md §2): a point without noise, within what the noise
    /// allows with it, and wider when worker processes disagree.
    @Test("a ratio's interval: a point without noise, around the ratio with it, wider when worker processes disagree")
    func ratioIntervals() {
        func timing(_ samples: [Double], processes: [Int]? = nil) -> TimingSummary {
            TimingSummary(samples: samples, iterationsPerSample: 1, elements: 10, unit: .frame, processSampleCounts: processes)
        }
        // Without noise the ratio is exact: 1000 over 400 ns.
        #expect(BenchmarkDriver.ratioInterval(timing(Array(repeating: 1000, count: 40)), over: timing(Array(repeating: 400, count: 40))) == [2.5, 2.5])
        // Noise of ±10% in each: the ratio's interval holds 2.5 and lies within (0.9 / 1.1 … 1.1 / 0.9) × 2.5.
        var generator = SplitMix64(seed: 42)
        func noisy(_ base: Double, _ count: Int) -> [Double] {
            (0..<count).map { _ in base * (0.9 + 0.2 * Double(generator.next() % 1001) / 1000) }
        }
        let one = noisy(1000, 60), all = noisy(400, 60)
        let interval = BenchmarkDriver.ratioInterval(timing(one), over: timing(all))
        let reported = timing(one).nanosecondsPerElement / timing(all).nanosecondsPerElement
        #expect(interval[0] < reported && reported < interval[1])
        #expect(interval[0] > 2.5 * 0.9 / 1.1 && interval[1] < 2.5 * 1.1 / 0.9)
        // The same samples from two processes that disagree (the second 30% slower): the spread
        // between processes widens the interval.
        let split = one.prefix(30) + one.suffix(30).map { $0 * 1.3 }
        let pooled = BenchmarkDriver.ratioInterval(timing(Array(split)), over: timing(all))
        let byProcess = BenchmarkDriver.ratioInterval(timing(Array(split), processes: [30, 30]), over: timing(all))
        #expect(byProcess[1] - byProcess[0] > pooled[1] - pooled[0])
    }

    @Test("frame benchmarks report the share of frames over the 60, 120 and 240 Hz budgets")
    func frameBudgets() {
        let timing = TimingSummary(samples: [1e6, 5e6, 10e6, 20e6], iterationsPerSample: 1, elements: 1, unit: .frame)
        #expect(timing.framesOverBudget?["60Hz"] == 0.25)
        #expect(timing.framesOverBudget?["120Hz"] == 0.5)
        #expect(timing.framesOverBudget?["240Hz"] == 0.75)
    }

    @Test("conformance across revisions: an added fixture is listed, a changed verdict fails; one exit code in every format")
    func conformanceDelta() throws {
        let delta = ConformanceDelta(before: ["a": "pass", "b": "pass", "gone": "fail"], after: ["a": "pass", "b": "fail", "new": "pass"])
        #expect(delta.changed == [.init(id: "b", before: "pass", after: "fail")])
        #expect(delta.added == [.init(id: "new", verdict: "pass")])
        #expect(delta.removed == [.init(id: "gone", verdict: "fail")])
        var report = ComparisonReport(
            baseline: "A", candidate: "B", comparisons: [BenchmarkComparison(name: "tick.fluid.10k.1", verdict: .unchanged, threshold: 0.05)],
            geometricMeanRatio: 1)
        report.conformance = ConformanceDelta(before: ["a": "pass"], after: ["a": "pass", "new": "pass"])
        #expect(report.exitCode == 0, "a new passing fixture does not fail the gate")
        report.conformance = delta
        #expect(report.exitCode == 1)
        report.conformance = ConformanceDelta(failure: "the suites could not be run on B")
        #expect(report.exitCode == 1)
        report.comparisons[0].verdict = .regressed
        #expect(report.exitCode == 2, "a regression decides first")
        report.comparisons[0].verdict = .unchanged
        report.conformance = delta
        let json = try report.render(.json)
        let decoded = try JSONDecoder().decode(ComparisonReport.self, from: Data(json.utf8))
        #expect(decoded.conformance == delta && decoded.exitCode == report.exitCode)
        if formatCheckerReady {
            try FormatParserTests().check("comparison", json)
            try FormatParserTests().check("markdown", try report.render(.markdown))
        }
    }

    @Test("a run records the target CPU with its build flags, and revisions compiled for different CPUs are flagged")
    func targetCPUs() {
        let portable = WorkerBuild(targetCPU: nil), native = WorkerBuild(targetCPU: "native")
        #expect(portable.flags(configuration: "release") == "-c release")
        #expect(native.flags(configuration: "debug") == "-c debug -target-cpu native")
        func outcome(_ builds: [WorkerBuild]) -> RevisionComparison.Outcome {
            RevisionComparison.Outcome(
                design: .blocks, report: ComparisonReport(baseline: "A", candidate: "B", comparisons: [], geometricMeanRatio: nil),
                rounds: 2, stopReason: "decided", conformance: ConformanceDelta(), builds: builds)
        }
        #expect(outcome([portable, portable]).buildWarning == nil)
        #expect(outcome([native, native]).buildWarning == nil)
        let warning = outcome([portable, native]).buildWarning
        #expect(warning?.contains("A was compiled for the default target and B for native") == true, "\(warning ?? "none")")
    }

    @Test("the nightly history keeps a build for a chosen CPU as a series of its own; the default build keeps the machine's")
    func historySeries() throws {
        var nativeEnvironment = ComparisonTests.environment
        nativeEnvironment.buildFlags = WorkerBuild(targetCPU: "native").flags(configuration: "release")
        #expect(ComparisonTests.environment.targetCPU == nil && ComparisonTests.environment.seriesKey == ComparisonTests.environment.machineKey)
        #expect(nativeEnvironment.targetCPU == "native" && nativeEnvironment.seriesKey == ComparisonTests.environment.machineKey + "-native")
        var odd = ComparisonTests.environment
        odd.buildFlags = "-c release -target-cpu x86-64/v3"
        #expect(odd.seriesKey == ComparisonTests.environment.machineKey + "-x86-64_v3", "a CPU name is a path component only after sanitising")

        let root = TemporaryFolder.name("history")
        defer { try? FileManager.default.removeItem(at: root) }
        let store = HistoryStore(root: root)
        let portableFile = try store.append(ComparisonTests().result([("tick.a", 100, 1)]), conformance: nil)
        let nativeFile = try store.append(ComparisonTests().result([("tick.a", 60, 2)], environment: nativeEnvironment), conformance: nil)
        #expect(portableFile.deletingLastPathComponent() != nativeFile.deletingLastPathComponent())
        #expect(store.load(seriesKey: ComparisonTests.environment.seriesKey).records.map(\.run.environment.buildFlags) == ["-c release"])
        #expect(store.load(seriesKey: nativeEnvironment.seriesKey).records.map(\.run.environment.buildFlags) == ["-c release -target-cpu native"])
        #expect(store.load().records.count == 2)
    }
}

import Foundation
import TestSupport
import Testing

@testable import BenchKit

/// The measuring processes: the `serve` worker's blocks, the block round of compare-revisions and
/// callgrind's instruction counts, on this build's real worker.
@Suite("Measurement processes", .serialized)
struct MeasurementProcessTests {
    static var worker: URL { RunnerEndToEndTests.buildDirectory.appendingPathComponent("MotionBenchmarks") }

    @Test("a served worker answers ready, then a block per request with its mean time, then its load; bad requests are errors")
    func serve() throws {
        let served = try BlockWorkerConnection(
            executable: Self.worker, arguments: ["serve", "tick.fluid.1k.1", "--profile", "quick", "--threads", "1", "--cpu", "0"],
            environment: ProcessInfo.processInfo.environment, timeout: 60)
        let first = try served.request("block 0.01", as: WorkerServe.Block.self)
        let second = try served.request("block 0.02", as: WorkerServe.Block.self)
        #expect(first.iterations >= 1 && first.nanoseconds > 0)
        // A block lasts at least its length: iterations × mean ≥ 20 ms.
        #expect(Double(second.iterations) * second.nanoseconds >= 0.02e9)
        let load = try served.request("done", as: ProcessLoad.self)
        #expect(load.wallSeconds >= 0.03 && load.wallSeconds < 5, "the load covers the blocks only: \(load)")
        served.close()

        let confused = try BlockWorkerConnection(
            executable: Self.worker, arguments: ["serve", "tick.fluid.1k.1", "--profile", "quick"],
            environment: ProcessInfo.processInfo.environment, timeout: 60)
        #expect(throws: DriverError.self) { try confused.request("measure please", as: WorkerServe.Block.self) }
        confused.close()
        #expect(throws: DriverError.self) {
            try BlockWorkerConnection(executable: Self.worker, arguments: ["serve", "no.such.benchmark"], environment: [:], timeout: 60)
        }
    }

    @Test("a block round alternates A B B A, gives each side its blocks and a log-ratio near 1 for one binary")
    func blockRound() throws {
        var options = BenchmarkDriver.Options(worker: Self.worker)
        options.profile = .quick
        options.threads = 1
        options.timeout = 60
        let driver = BenchmarkDriver(options: options)
        #expect(RevisionComparison.servesBlocks(driver))
        let descriptor = try #require(try driver.benchmarks().first { $0.name == "tick.fluid.10k.1" })
        let round = try RevisionComparison.blockRound(descriptor, [driver, driver], round: 1).get()
        let plan = RevisionComparison.blockPlan(.quick)
        #expect(round.samples.map(\.count) == [plan.blocks, plan.blocks])
        #expect(round.loads.allSatisfy { $0 != nil })
        // One binary on both sides: the ratio is 1 up to the machine's noise (generous for CI).
        let ratio = exp(try #require(round.logRatio))
        #expect(ratio > 0.5 && ratio < 2, "A/A ratio \(ratio)")
        // A worker from before `serve` is recognised, and the comparison falls back to processes.
        let old = TemporaryFolder.name("old-worker")
        try Data("#!/bin/sh\necho \"benchmark worker: error: unknown command '$1'; expected 'list', 'build' or 'run'\" >&2\nexit 1\n".utf8).write(to: old)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: old.path)
        defer { try? FileManager.default.removeItem(at: old) }
        #expect(!RevisionComparison.servesBlocks(BenchmarkDriver(options: .init(worker: old))))
    }

    @Test("callgrind's totals line is read; without it, the summary line")
    func callgrindParse() {
        #expect(InstructionCounter.total(callgrindOutput: "version: 1\nevents: Ir\nfn=x\n12 345\ntotals: 57069668\n") == 57_069_668)
        #expect(InstructionCounter.total(callgrindOutput: "events: Ir\nsummary: 812\n") == 812)
        #expect(InstructionCounter.total(callgrindOutput: "events: Ir\n") == nil)
    }

    @Test("instruction counts of a one-thread tick are identical in two runs, or unavailable with a reason, never 0")
    func instructionsAreDeterministic() {
        let counter = InstructionCounter(worker: Self.worker, environment: ProcessInfo.processInfo.environment, timeout: 300)
        let first = counter.count("tick.fluid.1k.1"), second = counter.count("tick.fluid.1k.1")
        guard InstructionCounter.valgrind != nil else {
            #expect(first.perIteration == nil && first.unavailable == "valgrind is not installed")
            return
        }
        #expect(first.unavailable == nil, "\(first.unavailable ?? "")")
        #expect((first.perIteration ?? 0) > 1000, "a frame of 1000 springs takes thousands of instructions: \(first)")
        #expect(first.perIteration == second.perIteration)
    }
}

import Foundation
import HarnessSupport

/// The block design of `compare-revisions`: in each round, one worker of each revision is started
/// for the benchmark (`MotionBenchmarks serve`), both set up and warm, and they take turns
/// measuring short blocks in the order A B B A A B B A … (B first in odd rounds), each block
/// after a tenth of its length of untimed iterations that wake the worker's helper threads. The round's
/// log-ratio is that of the two sides' trimmed block means; the rounds are the unit of the paired
/// test as in the process design. Adjacent blocks see the same state of the host, which on a
/// shared virtual machine drifts by tens of percent within a second, so the ratio cancels what
/// two processes run one after the other would each see differently (docs/runner.md).
extension RevisionComparison {
    /// Blocks each side measures per round, and a block's length in seconds.
    static func blockPlan(_ profile: MeasurementProfile) -> (blocks: Int, seconds: Double) {
        switch profile.name {
        case "quick": return (6, 0.02)
        case "rigorous": return (24, 0.025)
        default: return (12, 0.025)
        }
    }

    /// Whether both revisions' workers can serve blocks: workers from before `serve` answer that
    /// the command is unknown, and the comparison then falls back to the process design.
    static func servesBlocks(_ driver: BenchmarkDriver) -> Bool {
        let outcome = WorkerProcess(
            executable: driver.options.worker, arguments: driver.options.workerArguments + WorkerRequest.servesBlocks.arguments,
            environment: driver.workerEnvironment(), timeout: 60
        ).run()
        switch outcome {
        case .finished: return true
        // Workers from before the question was a request fail it, saying "needs a benchmark name".
        case let .failed(_, _, stderr): return !stderr.contains("unknown command")
        default: return false
        }
    }

    /// One round of one benchmark in the block design. One-thread benchmarks have both workers
    /// pinned to the same CPU, the other one each round, so that the pair shares a CPU's state;
    /// multi-thread ones have each worker's measuring thread on CPU 0 and its helpers on the
    /// others (`WorkerServe.spreadThreads`).
    static func blockRound(_ descriptor: Benchmark.Descriptor, _ drivers: [BenchmarkDriver], round: Int) -> Result<Round, DriverError> {
        let options = drivers[0].options
        let plan = Self.blockPlan(options.profile)
        let cpus = ProcessInfo.processInfo.activeProcessorCount
        let first = round % 2 == 0 ? 0 : 1
        var workers: [BlockWorkerConnection?] = [nil, nil]
        defer { workers.forEach { $0?.close() } }
        var measured = Round(samples: [[], []], loads: [nil, nil])
        do {
            for side in [first, 1 - first] {
                let request = WorkerRequest.serve(
                    .init(
                        name: descriptor.name, profile: options.profile.name, threads: options.threads,
                        cpu: cpus > 1 && !descriptor.usesAllThreads ? round % cpus : nil, spread: cpus > 1 && descriptor.usesAllThreads))
                do {
                    workers[side] = try BlockWorkerConnection(
                        executable: drivers[side].options.worker, arguments: drivers[side].options.workerArguments + request.arguments,
                        environment: drivers[side].workerEnvironment(), timeout: options.timeout)
                } catch let error as DriverError {
                    throw DriverError("\(side == 0 ? "A" : "B"): \(error.description)")
                }
            }
            for block in 0..<(2 * plan.blocks) {
                // A B B A …: the side that goes first alternates every two blocks.
                let side = (block / 2 + block) % 2 == 0 ? first : 1 - first
                let answer = try workers[side]!.request(BlockRequest.block(seconds: plan.seconds).line, as: WorkerServe.Block.self)
                measured.samples[side].append(answer.nanoseconds)
            }
            for side in 0...1 {
                measured.loads[side] = try workers[side]!.request(BlockRequest.done.line, as: ProcessLoad.self)
                workers[side]!.close()
                workers[side] = nil
            }
        } catch let error as DriverError {
            return .failure(error)
        } catch {
            return .failure(DriverError("\(error)"))
        }
        return .success(measured)
    }
}

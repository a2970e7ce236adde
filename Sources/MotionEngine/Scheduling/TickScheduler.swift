import Dispatch
import Foundation
import Synchronization

/// How a tick's chunks are spread over threads.
public enum TickScheduler: Sendable {
    /// `DispatchQueue.concurrentPerform`, one iteration per worker. libdispatch allocates a few
    /// small blocks per call on Linux (about 4 measured), so a multi-threaded tick is not
    /// allocation-free with it; the engine's own code is.
    case concurrentPerform
    /// Threads that live as long as the engine: they claim chunks by advancing one shared word,
    /// watch for the next tick for 50 µs, then park on a `DispatchSemaphore`
    /// (`PersistentWorkerRunner`). No allocation per tick at any thread count.
    case persistentWorkers
}

/// Work split into chunks that may run on different threads: a tick, a batch of fluid-spring
/// merges, or a caller's ranges of elements. (An enum, not an existential: a tick plan does not
/// fit an existential's inline buffer, and boxing it would allocate on every tick.)
enum ParallelJob: @unchecked Sendable {
    case tick(TickPlan)
    case merges(FluidMergeBatch)
    case ranges(ParallelRanges)

    func run(chunk: Int) {
        switch self {
        case .tick(let plan): plan.run(chunk: chunk)
        case .merges(let batch): batch.run(chunk: chunk)
        case .ranges(let work): work.run(chunk: chunk)
        }
    }

    /// Runs chunks until none is left, each worker claiming the next unclaimed one (the
    /// `concurrentPerform` runner's claim; the persistent workers' also names the run). Claiming
    /// rather than a fixed share: a worker that wakes late leaves its share to the others instead
    /// of finishing last. Which thread runs a chunk does not change its result.
    func runClaiming(_ next: borrowing Atomic<Int>, chunks: Int) {
        while true {
            let chunk = next.wrappingAdd(1, ordering: .relaxed).oldValue
            if chunk >= chunks { return }
            run(chunk: chunk)
        }
    }
}

/// Runs the chunks of a job on `workers` workers, the calling thread being one of them. Returns
/// when all chunks have run.
protocol ParallelRunner: AnyObject {
    func run(_ job: ParallelJob, chunks: Int, workers: Int)
}

final class ConcurrentPerformRunner: ParallelRunner, @unchecked Sendable {
    private let next = Atomic<Int>(0)

    func run(_ job: ParallelJob, chunks: Int, workers: Int) {
        next.store(0, ordering: .relaxed)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            job.runClaiming(next, chunks: chunks)
        }
    }
}

import Dispatch
import Foundation
import Synchronization

/// How a tick's chunks are spread over threads.
public enum TickScheduler: Sendable {
    /// `DispatchQueue.concurrentPerform`, one iteration per worker. libdispatch allocates a few
    /// small blocks per call on Linux (about 4 measured), so a multi-threaded tick is not
    /// allocation-free with it; the engine's own code is.
    case concurrentPerform
    /// Threads that live as long as the engine and wait on `DispatchSemaphore`s between ticks:
    /// no allocation per tick at any thread count.
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

    /// Runs chunks until none is left, each worker claiming the next unclaimed one. Claiming
    /// rather than a fixed share: a worker that wakes late (a parked thread took 5 µs to wake here
    /// at the median, 8 µs at p90, more in the tail) leaves its share to the others instead of
    /// finishing last. Which thread runs a chunk does not change its result.
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

/// Worker threads parked on semaphores. A run publishes the job, wakes `workers − 1` of them,
/// claims chunks itself, then waits for each to signal completion; the semaphores order the
/// job's memory before and after the run. Nothing is allocated per run.
final class PersistentWorkerRunner: ParallelRunner, @unchecked Sendable {
    private let wake: [DispatchSemaphore]
    private let finished = DispatchSemaphore(value: 0)
    private var job: ParallelJob?
    private var chunks = 0
    private let next = Atomic<Int>(0)
    private let done = Atomic<Int>(0)
    private var stopping = false
    /// How long the calling thread watches for helpers to finish before it parks.
    static let spinNanoseconds: UInt64 = 100_000

    init(threads count: Int) {
        wake = (0..<max(0, count - 1)).map { _ in DispatchSemaphore(value: 0) }
        for index in wake.indices {
            let thread = Thread { [unowned self] in self.workerLoop(index) }
            thread.name = "MotionEngine worker \(index + 1)"
            thread.start()
        }
    }

    /// Stops the worker threads and waits for them to leave.
    func shutdown() {
        stopping = true
        for semaphore in wake { semaphore.signal() }
        for _ in wake { finished.wait() }
    }

    func run(_ job: ParallelJob, chunks: Int, workers: Int) {
        let helpers = min(workers - 1, wake.count)
        self.job = job
        self.chunks = chunks
        next.store(0, ordering: .relaxed)
        done.store(0, ordering: .relaxed)
        for index in 0..<helpers { wake[index].signal() }
        job.runClaiming(next, chunks: chunks)
        awaitHelpers(helpers)
        self.job = nil
    }

    /// Helpers usually finish within a chunk of the calling thread, so it watches their count for
    /// a bounded while before parking: waking a parked thread costs microseconds (5 at the
    /// median here), often longer than the wait. The semaphore waits that follow keep its count
    /// balanced and return at once for helpers already counted.
    private func awaitHelpers(_ helpers: Int) {
        let deadline = DispatchTime.now().uptimeNanoseconds + Self.spinNanoseconds
        while done.load(ordering: .acquiring) < helpers && DispatchTime.now().uptimeNanoseconds < deadline {}
        for _ in 0..<helpers { finished.wait() }
    }

    private func workerLoop(_ index: Int) {
        while true {
            wake[index].wait()
            if stopping {
                finished.signal()
                return
            }
            job?.runClaiming(next, chunks: chunks)
            // Signal, then count: the calling thread stops watching the count when it reaches the
            // helpers, and its semaphore wait must then find the signal already there — counted
            // first, the wait could park it (a futex wait, microseconds) just before the signal.
            finished.signal()
            done.add(1, ordering: .releasing)
        }
    }
}

import Dispatch
import Foundation
import Synchronization

/// Worker threads that live as long as the engine. A run publishes its job and a new generation,
/// claims chunks itself, then waits for its helpers to count themselves done. Nothing is
/// allocated per run.
///
/// Between runs a worker first watches the generation for `workerSpinNanoseconds`, then parks on
/// its semaphore. Waking a parked thread is the expensive part of a run on a virtual machine:
/// measured here, the futex wake cost the calling thread 1–14 µs (10 typically) and the helper
/// started 16–33 µs after it, of a 60 µs two-thread frame of 100k keyframe channels. Ticks that
/// follow each other closely (a batch of retargets and the tick after it; a benchmark) find the
/// workers watching; a frame-paced app finds them parked, as before, having spent the spin
/// window (under 1% of a core at 120 Hz) per frame.
final class PersistentWorkerRunner: ParallelRunner, @unchecked Sendable {
    /// A worker's semaphore and whether it is parked on it, or about to be.
    private final class Slot: @unchecked Sendable {
        let wake = DispatchSemaphore(value: 0)
        let parked = Atomic<Bool>(false)
    }

    private let slots: [Slot]
    private let finished = DispatchSemaphore(value: 0)
    /// The current run: its sequence number times `helperLimit`, plus how many helpers take part
    /// (the first that many workers). One word, so a worker reads both at once.
    private let generation = Atomic<Int>(0)
    private static let helperLimit = 1 << 16
    // Written by the calling thread before it publishes a generation; read by the run's helpers
    // only after they see it, and not written again until all of them have counted themselves done.
    private var job: ParallelJob?
    private var chunks = 0
    private let next = Atomic<Int>(0)
    private let done = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    /// How long the calling thread watches for helpers to finish before it parks.
    static let spinNanoseconds: UInt64 = 100_000
    /// How long a worker watches for the next run before it parks.
    static let workerSpinNanoseconds: UInt64 = 50_000

    init(threads count: Int) {
        slots = (0..<min(max(0, count - 1), Self.helperLimit - 1)).map { _ in Slot() }
        for (index, slot) in slots.enumerated() {
            let thread = Thread { [unowned self] in self.workerLoop(index, slot) }
            thread.name = "MotionEngine worker \(index + 1)"
            thread.start()
        }
    }

    /// Stops the worker threads and waits for them to leave.
    func shutdown() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        publish(helpers: slots.count)
        for slot in slots { slot.wake.signal() }
        for _ in slots { finished.wait() }
    }

    func run(_ job: ParallelJob, chunks: Int, workers: Int) {
        let helpers = min(workers - 1, slots.count)
        self.job = job
        self.chunks = chunks
        next.store(0, ordering: .relaxed)
        done.store(0, ordering: .relaxed)
        publish(helpers: helpers)
        for slot in slots.prefix(helpers) where slot.parked.exchange(false, ordering: .sequentiallyConsistent) {
            slot.wake.signal()
        }
        job.runClaiming(next, chunks: chunks)
        awaitHelpers(helpers)
        self.job = nil
    }

    private func publish(helpers: Int) {
        let sequence = generation.load(ordering: .relaxed) / Self.helperLimit + 1
        generation.store(sequence * Self.helperLimit + helpers, ordering: .sequentiallyConsistent)
    }

    /// Helpers usually finish within a chunk of the calling thread, so it watches their count for
    /// a bounded while before parking: waking a parked thread costs microseconds, often longer
    /// than the wait. The semaphore waits that follow keep its count balanced and return at once
    /// for helpers already counted.
    private func awaitHelpers(_ helpers: Int) {
        let deadline = DispatchTime.now().uptimeNanoseconds + Self.spinNanoseconds
        while done.load(ordering: .acquiring) < helpers && DispatchTime.now().uptimeNanoseconds < deadline {}
        for _ in 0..<helpers { finished.wait() }
    }

    /// Returns the first generation after `seen`: watched for a while, then parked for.
    ///
    /// Parking races with `run`'s wake-up, and neither side takes a lock: the worker marks itself
    /// parked, then reads the generation; the caller writes the generation, then takes the mark.
    /// Both sequentially consistent, so at least one sees the other's write — the worker finds the
    /// new generation and does not wait, or the caller finds the mark and signals. (Both can
    /// happen: the signal is then left on the semaphore, and a later wait that returns at once
    /// finds the generation unchanged and waits again.)
    private func awaitGeneration(after seen: Int, _ slot: Slot) -> Int {
        let deadline = DispatchTime.now().uptimeNanoseconds + Self.workerSpinNanoseconds
        while true {
            let current = generation.load(ordering: .acquiring)
            if current != seen || DispatchTime.now().uptimeNanoseconds >= deadline { break }
        }
        while true {
            let current = generation.load(ordering: .acquiring)
            if current != seen { return current }
            slot.parked.store(true, ordering: .sequentiallyConsistent)
            if generation.load(ordering: .sequentiallyConsistent) == seen { slot.wake.wait() }
            slot.parked.store(false, ordering: .relaxed)
        }
    }

    private func workerLoop(_ index: Int, _ slot: Slot) {
        var seen = 0
        while true {
            seen = awaitGeneration(after: seen, slot)
            if stopping.load(ordering: .acquiring) {
                finished.signal()
                return
            }
            // Workers beyond the run's helpers sit it out (a run on fewer threads than the engine has).
            guard index < seen % Self.helperLimit else { continue }
            job?.runClaiming(next, chunks: chunks)
            // Signal, then count: the calling thread stops watching the count when it reaches the
            // helpers, and its semaphore wait must then find the signal already there — counted
            // first, the wait could park it (a futex wait, microseconds) just before the signal.
            finished.signal()
            done.add(1, ordering: .releasing)
        }
    }
}

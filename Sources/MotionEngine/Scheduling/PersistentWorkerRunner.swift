import Dispatch
import Foundation
import Synchronization

/// Worker threads that live as long as the engine. A run publishes its job as one word — which
/// run it is, how many helpers may take part, how many chunks it has and how many are claimed —
/// and every thread, the calling one included, claims chunks by advancing that word with a
/// compare-and-exchange. The calling thread then waits only for chunks that were claimed and
/// have not finished: never for a helper that has not started. Nothing is allocated per run.
///
/// Between runs a worker first watches the word for `workerSpinNanoseconds`, then parks on its
/// semaphore. Waking a parked thread is the expensive part of a run on a virtual machine:
/// measured here, the futex wake cost the calling thread 1–14 µs (10 typically) and the helper
/// started 16–33 µs after it, of a 60 µs two-thread frame of 100k keyframe channels. Ticks that
/// follow each other closely (a batch of retargets and the tick after it; a benchmark) find the
/// workers watching; a frame-paced app finds them parked, as before, having spent the watch
/// (under 1% of a core at 120 Hz) per frame.
///
/// Chunks are claimed by word, so the calling thread never waits for a helper that has not
/// started: when the system runs a helper on the calling thread's CPU, the helper cannot start
/// until the calling thread stops, and the calling thread then runs every chunk itself and returns
/// in about one thread's time, where waiting for the helpers would cost its watch and theirs.
final class PersistentWorkerRunner: ParallelRunner, @unchecked Sendable {
    /// A thread's semaphore and whether it is parked on it, or about to be.
    private final class Slot: @unchecked Sendable {
        let wake = DispatchSemaphore(value: 0)
        let parked = Atomic<Bool>(false)
    }

    /// The run word's fields: a run number (so that consecutive runs differ), the helpers that
    /// may take part (the first that many workers), the chunks, and the chunks claimed.
    private struct RunWord {
        static let countBits = 24, helperBits = 8
        static let countMask = (1 << countBits) - 1, helperMask = (1 << helperBits) - 1
        /// The most chunks a run can have; a larger job runs on the calling thread alone.
        static let chunkLimit = countMask

        let raw: Int
        init(raw: Int) { self.raw = raw }
        init(run: Int, helpers: Int, chunks: Int) {
            raw = (((run & 0xff) << Self.helperBits | helpers) << Self.countBits | chunks) << Self.countBits
        }
        var claimed: Int { raw & Self.countMask }
        var chunks: Int { (raw >> Self.countBits) & Self.countMask }
        var helpers: Int { (raw >> (2 * Self.countBits)) & Self.helperMask }
        var isClaimable: Bool { claimed < chunks }
        /// The word once one more chunk is claimed.
        var claimingNext: RunWord { RunWord(raw: raw + 1) }
    }

    private let slots: [Slot]
    private let caller = Slot()
    private let finished = DispatchSemaphore(value: 0)
    private let word = Atomic<Int>(0)
    private let completed = Atomic<Int>(0)
    private var runNumber = 0
    // Written by the calling thread before it publishes a run; read by a helper only after it has
    // claimed one of that run's chunks, and not written again until every claimed chunk has finished.
    private var job: ParallelJob?
    private let stopping = Atomic<Bool>(false)
    /// How long the calling thread watches for claimed chunks to finish before it parks.
    static let spinNanoseconds: UInt64 = 100_000
    /// How long a worker watches for the next run before it parks.
    static let workerSpinNanoseconds: UInt64 = 50_000

    init(threads count: Int) {
        slots = (0..<min(max(0, count - 1), RunWord.helperMask)).map { _ in Slot() }
        for (index, slot) in slots.enumerated() {
            let thread = Thread { [unowned self] in self.workerLoop(index, slot) }
            thread.name = "MotionEngine worker \(index + 1)"
            thread.start()
        }
    }

    /// Stops the worker threads and waits for them to leave.
    func shutdown() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        runNumber += 1
        word.store(RunWord(run: runNumber, helpers: 0, chunks: 0).raw, ordering: .sequentiallyConsistent)
        for slot in slots { slot.wake.signal() }
        for _ in slots { finished.wait() }
    }

    func run(_ job: ParallelJob, chunks: Int, workers: Int) {
        guard chunks <= RunWord.chunkLimit else {
            for chunk in 0..<chunks { job.run(chunk: chunk) }
            return
        }
        let helpers = min(workers - 1, slots.count)
        self.job = job
        completed.store(0, ordering: .relaxed)
        runNumber += 1
        word.store(RunWord(run: runNumber, helpers: helpers, chunks: chunks).raw, ordering: .sequentiallyConsistent)
        for slot in slots.prefix(helpers) where slot.parked.exchange(false, ordering: .sequentiallyConsistent) {
            slot.wake.signal()
        }
        _ = claimChunks(from: RunWord(raw: word.load(ordering: .relaxed)))
        awaitClaimedChunks(chunks)
        self.job = nil
    }

    /// Claims chunks of the run `start` belongs to and runs them until none is left, then counts
    /// them finished all at once; returns the last word seen. While a thread holds chunks it has
    /// run but not counted, the run cannot end, so the job it read at its first claim stays the
    /// run's job: the shared word is the only memory the threads write per chunk.
    private func claimChunks(from start: RunWord) -> RunWord {
        var current = start
        var job: ParallelJob?
        var ran = 0, chunks = 0
        while current.isClaimable {
            let next = current.claimingNext
            guard word.compareExchange(expected: current.raw, desired: next.raw, ordering: .acquiringAndReleasing).exchanged else {
                current = RunWord(raw: word.load(ordering: .acquiring))
                continue
            }
            if ran == 0 { (job, chunks) = (self.job, current.chunks) }
            job?.run(chunk: current.claimed)
            ran += 1
            current = next
        }
        if ran > 0, completed.add(ran, ordering: .acquiringAndReleasing).newValue == chunks,
            caller.parked.exchange(false, ordering: .sequentiallyConsistent)
        {
            caller.wake.signal()
        }
        return current
    }

    /// Chunks still running on helpers usually finish within a chunk's time, so the calling
    /// thread watches the count for a bounded while before it parks.
    private func awaitClaimedChunks(_ chunks: Int) {
        let deadline = DispatchTime.now().uptimeNanoseconds + Self.spinNanoseconds
        while completed.load(ordering: .acquiring) < chunks {
            if DispatchTime.now().uptimeNanoseconds < deadline { continue }
            caller.parked.store(true, ordering: .sequentiallyConsistent)
            if completed.load(ordering: .sequentiallyConsistent) < chunks { caller.wake.wait() }
            caller.parked.store(false, ordering: .relaxed)
        }
    }

    /// Returns the word once it differs from `seen`: watched for a while, then parked for.
    ///
    /// Parking races with `run`'s wake-up, and neither side takes a lock: the worker marks itself
    /// parked, then reads the word; the caller writes the word, then takes the mark. Both
    /// sequentially consistent, so at least one sees the other's write — the worker finds the new
    /// word and does not wait, or the caller finds the mark and signals. (Both can happen: the
    /// signal is then left on the semaphore, and a later wait that returns at once finds the word
    /// unchanged and waits again.) The calling thread's wait for the last chunk works the same way.
    private func awaitChange(from seen: Int, _ slot: Slot) -> RunWord {
        let deadline = DispatchTime.now().uptimeNanoseconds + Self.workerSpinNanoseconds
        while true {
            let current = word.load(ordering: .acquiring)
            if current != seen || DispatchTime.now().uptimeNanoseconds >= deadline { break }
        }
        while true {
            let current = word.load(ordering: .acquiring)
            if current != seen { return RunWord(raw: current) }
            slot.parked.store(true, ordering: .sequentiallyConsistent)
            if word.load(ordering: .sequentiallyConsistent) == seen { slot.wake.wait() }
            slot.parked.store(false, ordering: .relaxed)
        }
    }

    private func workerLoop(_ index: Int, _ slot: Slot) {
        var current = RunWord(raw: word.load(ordering: .acquiring))
        while true {
            if stopping.load(ordering: .acquiring) {
                finished.signal()
                return
            }
            // Workers beyond the run's helpers sit it out (a run on fewer threads than the engine has).
            if current.isClaimable && index < current.helpers {
                current = claimChunks(from: current)
            } else {
                current = awaitChange(from: current.raw, slot)
            }
        }
    }
}

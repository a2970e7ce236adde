import Foundation
import Synchronization
import Testing

@_spi(Benchmarking) @testable import MotionEngine

/// `MotionEngine.run(_:)`: other work on an engine's threads, as a tick's chunks run — how the
/// benchmarks run their C reference kernels on the tick's scheduler (Scheduling/ParallelRanges.swift).
@Suite("ParallelRanges")
struct ParallelRangesTests {
    /// How many times each element was visited, and the ranges seen, over one run.
    final class Visits: @unchecked Sendable {
        let counts: UnsafeMutablePointer<Atomic<Int>>
        let count: Int
        let lock = Locked<[Range<Int>]>([])
        init(_ count: Int) {
            self.count = count
            counts = .allocate(capacity: max(count, 1))
            for i in 0..<count { (counts + i).initialize(to: Atomic(0)) }
        }
        deinit { counts.deallocate() }
        func visit(_ range: Range<Int>) {
            lock.withLock { $0.append(range) }
            for i in range { counts[i].add(1, ordering: .relaxed) }
        }
        var ranges: [Range<Int>] { lock.withLock { $0 }.sorted { $0.lowerBound < $1.lowerBound } }
        var everyElementOnce: Bool { (0..<count).allSatisfy { counts[$0].load(ordering: .relaxed) == 1 } }
    }

    @Test(
        "every element is in exactly one range, the ranges are the chunks in order, at any thread count and scheduler",
        arguments: [1, 2, 8], [TickScheduler.persistentWorkers, .concurrentPerform])
    func coverage(threads: Int, scheduler: TickScheduler) {
        let engine = MotionEngine(threadCount: threads, chunkSize: 100, scheduler: scheduler, minimumChannelsPerWorker: 1)
        for elements in [0, 1, 99, 100, 101, 1_000, 12_345] {
            let visits = Visits(elements)
            engine.run(ParallelRanges(elements: elements, chunkSize: 100) { visits.visit($0) })
            #expect(visits.everyElementOnce, "\(elements) elements on \(threads) threads")
            let expected = stride(from: 0, to: elements, by: 100).map { $0..<min(elements, $0 + 100) }
            #expect(visits.ranges == expected, "\(elements) elements on \(threads) threads")
        }
    }

    /// The threads that ran a run's ranges, each range taking `microseconds` (a millisecond is
    /// long enough for a parked worker, microseconds to wake, to claim some when it may).
    func threads(elements: Int, on engine: MotionEngine, microseconds: UInt32 = 1_000) -> Set<String> {
        let seen = Locked<Set<String>>([])
        engine.run(
            ParallelRanges(elements: elements, chunkSize: 100) { _ in
                if microseconds > 0 { usleep(microseconds) }
                seen.withLock { _ = $0.insert("\(pthread_self())") }
            })
        return seen.withLock { $0 }
    }

    /// Runs `body` on a thread of its own and expects it to return within a minute, so that a run
    /// that never returns fails the test instead of hanging the suite.
    func withinAMinute(_ body: @escaping @Sendable () -> Void) {
        let finished = DispatchSemaphore(value: 0)
        Thread {
            body()
            finished.signal()
        }.start()
        #expect(finished.wait(timeout: .now() + 60) == .success, "did not finish in a minute: a lost wake-up")
    }

    @Test("a run uses as many threads as a tick of as many channels would, its helpers woken or watching")
    func workerRule() {
        let engine = MotionEngine(threadCount: 3, chunkSize: 100, minimumChannelsPerWorker: 1_000)
        let results = Locked<[Int]>([])
        withinAMinute {
            // 999 elements: one worker, as for a tick of 999 channels — every range on the calling thread.
            let alone = self.threads(elements: 999, on: engine)
            // 4 000: three workers; both helpers, parked since the engine started, are woken and claim some.
            let woken = self.threads(elements: 4_000, on: engine)
            // Quick ranges, then at once 2 500: two workers, so one helper — the first — takes part
            // and the second, still watching for a run, must sit it out.
            _ = self.threads(elements: 4_000, on: engine, microseconds: 0)
            let watching = self.threads(elements: 2_500, on: engine)
            // After a pause longer than the watch both are parked again, and are woken again.
            usleep(UInt32(PersistentWorkerRunner.workerSpinNanoseconds / 1_000) * 4)
            let wokenAgain = self.threads(elements: 4_000, on: engine)
            results.withLock { $0 = [alone.count, woken.count, watching.count, wokenAgain.count] }
        }
        #expect(results.withLock { $0 } == [1, 3, 2, 3])
    }

    /// The persistent workers watch for the next run for a while (`workerSpinNanoseconds`), then
    /// park: every run must cover its elements once whichever way it finds them, on any number of
    /// helpers. A run that waited for a helper that never comes would hang here.
    @Test("runs find the workers watching or parked, on every number of helpers")
    func watchingAndParked() {
        let engine = MotionEngine(threadCount: 4, chunkSize: 10, scheduler: .persistentWorkers, minimumChannelsPerWorker: 10)
        let pause = Int(PersistentWorkerRunner.workerSpinNanoseconds / 1_000) * 3
        let failures = Locked<[String]>([])
        withinAMinute {
            for run in 0..<300 {
                // 1 to 4 workers (10 elements each), back to back or after a pause that outlasts the watch.
                let elements = 10 * (1 + run % 4) + run % 7
                if run % 3 == 0 { usleep(UInt32(pause)) }
                let visits = Visits(elements)
                engine.run(ParallelRanges(elements: elements, chunkSize: 10) { visits.visit($0) })
                if !visits.everyElementOnce { failures.withLock { $0.append("run \(run): \(elements) elements") } }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
    }

    @Test("runs between ticks leave the engine's channels as they were")
    func betweenTicks() throws {
        let engine = MotionEngine(threadCount: 2, chunkSize: 64, minimumChannelsPerWorker: 1)
        let reference = MotionEngine(threadCount: 1)
        var ids: [ChannelID] = []
        for e in [engine, reference] {
            ids = try (0..<500).map { _ in try e.addChannel(value: 0) }
            try e.animate(ids.map { ($0, 10.0) }, with: .bouncy, at: 0)
        }
        let sink = UnsafeMutablePointer<Double>.allocate(capacity: 5_000)
        defer { sink.deallocate() }
        for frame in 1...30 {
            engine.run(ParallelRanges(elements: 5_000, chunkSize: 64) { for i in $0 { sink[i] = Double(i * frame) } })
            try engine.tick(at: Double(frame) / 60)
            try reference.tick(at: Double(frame) / 60)
        }
        #expect(ids.allSatisfy { (try? engine.value(of: $0).bitPattern) == (try? reference.value(of: $0).bitPattern) })
        #expect(sink[4_999] == 4_999 * 30)
    }
}

/// A value behind an `NSLock` — a pthread mutex, which the thread sanitizer understands (it does
/// not see the futex under `Synchronization.Mutex`, and reports its accesses as races).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

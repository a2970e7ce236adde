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

    @Test("every element is in exactly one range, the ranges are the chunks in order, at any thread count and scheduler",
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

    /// The threads that ran a run's ranges, each range taking a millisecond: long enough for a
    /// parked worker (microseconds to wake) to claim some when it is allowed to.
    func threads(elements: Int, on engine: MotionEngine) -> Set<String> {
        let seen = Locked<Set<String>>([])
        engine.run(ParallelRanges(elements: elements, chunkSize: 100) { _ in
            usleep(1_000)
            seen.withLock { _ = $0.insert("\(pthread_self())") }
        })
        return seen.withLock { $0 }
    }

    @Test("a run uses more than the calling thread only where a tick of as many channels would")
    func workerRule() {
        let engine = MotionEngine(threadCount: 2, chunkSize: 100, minimumChannelsPerWorker: 1_000)
        // 1 999 elements: one worker, as for a tick of 1 999 channels — every range on this thread.
        #expect(threads(elements: 1_999, on: engine) == ["\(pthread_self())"])
        // 4 000: two workers; twenty ranges of a millisecond leave the helper time to claim some.
        #expect(threads(elements: 4_000, on: engine).count == 2)
    }

    /// The persistent workers watch for the next run for a while (`workerSpinNanoseconds`), then
    /// park: a run must find its helpers either way, and a worker that sat a run out (a run on
    /// fewer threads) must still join the next that needs it. A lost wake-up would hang here.
    @Test("runs find the workers watching or parked, on every number of helpers")
    func watchingAndParked() {
        let engine = MotionEngine(threadCount: 4, chunkSize: 10, scheduler: .persistentWorkers, minimumChannelsPerWorker: 10)
        let pause = Int(PersistentWorkerRunner.workerSpinNanoseconds / 1_000) * 3
        let failures = Locked<[String]>([])
        let finished = DispatchSemaphore(value: 0)
        // On a thread of its own, so that a run that never returns fails the test instead of hanging it.
        Thread {
            for run in 0..<300 {
                // 1 to 4 workers (10 elements each), back to back or after a pause that outlasts the watch.
                let elements = 10 * (1 + run % 4) + run % 7
                if run % 3 == 0 { usleep(UInt32(pause)) }
                let visits = Visits(elements)
                engine.run(ParallelRanges(elements: elements, chunkSize: 10) { visits.visit($0) })
                if !visits.everyElementOnce { failures.withLock { $0.append("run \(run): \(elements) elements") } }
            }
            finished.signal()
        }.start()
        #expect(finished.wait(timeout: .now() + 60) == .success, "300 runs did not finish in a minute: a lost wake-up")
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

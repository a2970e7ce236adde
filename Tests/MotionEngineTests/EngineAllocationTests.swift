import AllocationCounters
import Dispatch
import Foundation
import MotionCore
import Testing

@_spi(Benchmarking) @testable import MotionEngine

#if canImport(CJemalloc)
    import CJemalloc
#endif

/// Zero heap allocations per tick in steady state, counted with jemalloc's statistics.
///
/// Debug builds allocate in unspecialised generic code, so these run in the release test pass
/// (`make test` runs it: `swift test -c release --filter Allocation`); in a debug build they are
/// skipped with that note.
@Suite(
    "Allocation counts", .serialized,
    .enabled(if: isOptimizedBuild, "allocation counts are checked in the release test pass"),
    .enabled(if: JemallocStatistics.current != nil, "the test bundle was linked without jemalloc (make tsan)"))
struct EngineAllocationTests {
    /// An engine with every kind of channel, animating, with one tick run after the changes.
    func steadyEngine(threads: Int, scheduler: TickScheduler = .concurrentPerform) throws -> MotionEngine {
        let engine = MotionEngine(threadCount: threads, chunkSize: 256, scheduler: scheduler, minimumChannelsPerWorker: 1)
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(5.0, duration: 10)
            CubicKeyframe(-5.0, duration: 10)
        }
        let long: [Animation] = [
            .spring(response: 30, dampingFraction: 0.5), .linear(duration: 30), .interpolatingSpring(mass: 1, stiffness: 0.05, damping: 0.01),
            Animation(EaseBackAnimation(duration: 30)), .easeIn(duration: 30).delay(1), .linear(duration: 20).repeatForever(),
        ]
        for k in 0..<3000 {
            let id = try engine.addChannel(value: 0)
            try engine.animate(id, to: Double(k % 97) + 1, with: long[k % long.count], at: 0)
            if k % 3 == 0 { try engine.animate(id, to: -5, with: long[(k + 1) % long.count], at: 0) }
            _ = try engine.addChannel(timeline: timeline, at: 0)
        }
        try engine.tick(at: 0)
        try engine.tick(at: 1.0 / 60)
        return engine
    }

    @Test("a steady-state tick allocates nothing, on one thread (exact per-thread count)")
    func zeroAllocationsOneThread() throws {
        let engine = try steadyEngine(threads: 1)
        let counter = try #require(JemallocStatistics.current?.threadCounter(), "the test process runs on jemalloc")
        var frame = 2
        let before = counter.allocatedBytes
        for _ in 0..<60 {
            try engine.tick(at: Double(frame) / 60)
            frame += 1
        }
        #expect(counter.allocatedBytes - before == 0, "bytes allocated by the ticking thread over 60 ticks of 6000 channels")
    }

    /// Process-wide allocation requests over 60 frames (after 5 to warm up). A thread's requests
    /// reach the process-wide count only when its cache is flushed, so every thread that could
    /// have allocated is flushed before and after the window: Dispatch's, and `engine`'s own
    /// persistent workers, each of which runs chunks of a flushing job. Without the workers'
    /// flush, requests they made before the window were sometimes merged into it (1 request in
    /// about 1 run of 8 on a loaded machine), and requests made in it could be missed.
    func requestsOver60Frames(on engine: MotionEngine? = nil, _ frame: (Int) throws -> Void) throws -> UInt64 {
        let stats = try #require(JemallocStatistics.current)
        for k in 2..<7 { try frame(k) }
        let flushEveryThread = ParallelRanges(elements: 64, chunkSize: 1) { _ in
            stats.refresh()
            usleep(100)
        }
        // Only before the window: concurrentPerform allocates a few blocks itself.
        DispatchQueue.concurrentPerform(iterations: 8) { _ in stats.refresh() }
        engine?.run(flushEveryThread)
        let before = stats.allocationRequests()
        for k in 7..<67 { try frame(k) }
        engine?.run(flushEveryThread)
        let after = stats.allocationRequests()
        return after - before
    }

    /// The engine's persistent workers, to be flushed; nil for an engine on concurrentPerform,
    /// whose runs allocate libdispatch's blocks.
    func workers(_ engine: MotionEngine) -> MotionEngine? { engine.scheduler == .persistentWorkers ? engine : nil }

    func requestsOver60Ticks(_ engine: MotionEngine) throws -> UInt64 {
        try requestsOver60Frames(on: workers(engine)) { try engine.tick(at: Double($0) / 60) }
    }

    @Test("a steady-state tick on two persistent workers allocates nothing (process-wide request count)")
    func zeroAllocationsPersistentWorkers() throws {
        let engine = try steadyEngine(threads: 2, scheduler: .persistentWorkers)
        let requests = try requestsOver60Ticks(engine)
        #expect(requests == 0, "\(requests) allocation requests over 60 two-thread ticks")
    }

    /// 12,000 channels whose curves all end at 0.5 s: the tick of frame 30 reports logical completion
    /// and finishing for every one of them, inside the counted window.
    func burstEngine(threads: Int, scheduler: TickScheduler) throws -> MotionEngine {
        let engine = MotionEngine(threadCount: threads, chunkSize: 256, scheduler: scheduler, minimumChannelsPerWorker: 1)
        for k in 0..<12_000 {
            let id = try engine.addChannel(value: 0)
            try engine.animate(id, to: Double(k % 50) + 1, with: k % 2 == 0 ? .linear(duration: 0.5) : .easeIn(duration: 0.5), at: 0)
        }
        try engine.tick(at: 0)
        try engine.tick(at: 1.0 / 60)
        return engine
    }

    @Test("a tick in which 12,000 channels complete at once allocates nothing, on one thread and on two persistent workers")
    func zeroAllocationsCompletionBurst() throws {
        for (threads, scheduler) in [(1, TickScheduler.concurrentPerform), (2, .persistentWorkers)] {
            let engine = try burstEngine(threads: threads, scheduler: scheduler)
            var reported = 0
            let requests = try requestsOver60Frames(on: workers(engine)) { frame in
                try engine.tick(at: Double(frame) / 60)
                reported += engine.lastTickEvents.count
            }
            #expect(reported >= 2 * 12_000, "every channel reported completion and finishing: \(reported) events")
            #expect(requests == 0, "\(requests) allocation requests over 60 ticks with a completion burst of 12,000 channels on \(threads) thread(s)")
        }
    }

    @Test("with concurrentPerform, a two-thread tick allocates only what libdispatch allocates per call")
    func concurrentPerformAllocations() throws {
        let engine = try steadyEngine(threads: 2, scheduler: .concurrentPerform)
        let requests = try requestsOver60Ticks(engine)
        // libdispatch's own bookkeeping: a handful of small blocks per concurrentPerform call
        // (about 4 measured). The engine's code adds nothing, so the total stays at that level
        // whatever the channel count (6000 here).
        #expect(requests <= 60 * 8, "\(requests) requests over 60 ticks")
    }

    @Test("a batch retarget of fluid springs, merged on two persistent workers, allocates nothing once a batch of its size has run")
    func zeroAllocationsParallelRetargets() throws {
        let engine = MotionEngine(threadCount: 2, chunkSize: 256, scheduler: .persistentWorkers, minimumChannelsPerWorker: 1)
        let ids = try (0..<6000).map { _ in try engine.addChannel(value: 0) }
        let batches = [ids.enumerated().map { ($1, Double($0 % 50)) }, ids.enumerated().map { ($1, -Double($0 % 30)) }]
        try engine.animate(batches[1], with: .bouncy, at: 0)
        let requests = try requestsOver60Frames(on: engine) { frame in
            try engine.animate(batches[frame % 2], with: frame % 2 == 0 ? .bouncy : .snappy, at: Double(frame) / 60)
            try engine.tick(at: Double(frame) / 60)
        }
        #expect(requests == 0, "\(requests) allocation requests over 60 frames of 6000 retargets and a tick")
    }

    @Test("ranges run on two persistent workers (the C reference kernels' scheduler) allocate nothing per run")
    func zeroAllocationsParallelRanges() throws {
        let engine = MotionEngine(threadCount: 2, chunkSize: 256, scheduler: .persistentWorkers, minimumChannelsPerWorker: 1)
        let output = UnsafeMutablePointer<Double>.allocate(capacity: 6000)
        defer { output.deallocate() }
        let work = ParallelRanges(elements: 6000, chunkSize: engine.chunkSize) { range in
            for i in range { output[i] = Double(i) }
        }
        let requests = try requestsOver60Frames(on: engine) { _ in engine.run(work) }
        #expect(requests == 0, "\(requests) allocation requests over 60 runs of 6000 elements")
        #expect(output[5999] == 5999)
    }

    /// The single-property path, for comparison with the engine: once an animation runs, a frame
    /// of `AnimatedProperty` allocates nothing either (it used to copy the running animation's
    /// state every frame).
    @Test(
        "AnimatedProperty: a frame of a running spring, curve or interpolating spring allocates nothing (exact per-thread count)",
        arguments: [
            Animation.smooth, .bouncy, .easeInOut(duration: 2), .interpolatingSpring(stiffness: 170, damping: 15),
            Animation(EaseBackAnimation(duration: 2)),
        ])
    func propertyFrames(animation: Animation) throws {
        let property = AnimatedProperty(0.0)
        property.set(100, at: 0, transaction: Transaction(animation: animation))
        for frame in 1...5 { _ = property.presentedValue(at: Double(frame) / 120) }
        let counter = try #require(JemallocStatistics.current?.threadCounter())
        let before = counter.allocatedBytes
        var sum = 0.0
        for frame in 6...45 { sum += property.presentedValue(at: Double(frame) / 120) }
        #expect(counter.allocatedBytes - before == 0, "bytes allocated over 40 frames of \(animation)")
        #expect(sum != 0 && property.isAnimating)
    }

    /// Bytes the calling thread allocates for `n` linear changes of one value at time 0, each
    /// combined with the ones before, through `AnimatedProperty` and a MotionEngine channel.
    func bytesForCoincidentChanges(_ n: Int) throws -> (property: UInt64, engine: UInt64) {
        let counter = try #require(JemallocStatistics.current?.threadCounter())
        let transaction = Transaction(animation: .linear(duration: 1))
        var before = counter.allocatedBytes
        let property = AnimatedProperty(0.0)
        for k in 1...n { property.set(Double(k), at: 0, transaction: transaction) }
        let propertyBytes = counter.allocatedBytes - before
        #expect(abs(property.presentedValue(at: 2) - Double(n)) < 1e-9)
        let engine = MotionEngine(threadCount: 1, chunkSize: 64)
        let channel = try engine.addChannel(value: 0)
        before = counter.allocatedBytes
        for k in 1...n { try engine.animate(channel, to: Double(k), with: .linear(duration: 1), at: 0) }
        let engineBytes = counter.allocatedBytes - before
        try engine.tick(at: 2)
        #expect(try abs(engine.value(of: channel) - Double(n)) < 1e-9)
        return (propertyBytes, engineBytes)
    }

    @Test("n changes at one time cost in proportion to n, not n²: four times the changes allocate about four times the bytes")
    func coincidentChangesAreLinear() throws {
        // Each change appends one entry to the combination. Copying the entries on each change
        // (what made 8,000 coincident changes take seconds) allocates ~n²/2 entries: 16× for 4×.
        let small = try bytesForCoincidentChanges(2000), large = try bytesForCoincidentChanges(8000)
        let propertyRatio = Double(large.property) / Double(small.property), engineRatio = Double(large.engine) / Double(small.engine)
        #expect(propertyRatio < 6, "AnimatedProperty: \(small.property) → \(large.property) bytes for 2,000 → 8,000 changes (×\(propertyRatio))")
        #expect(engineRatio < 6, "MotionEngine: \(small.engine) → \(large.engine) bytes for 2,000 → 8,000 changes (×\(engineRatio))")
    }

    @Test("the allocation counter is real: N objects allocated per iteration are counted as N")
    func counterIsReal() throws {
        final class Box { var value = 0 }
        var keep: [Box] = []
        keep.reserveCapacity(1000)
        let counter = try #require(JemallocStatistics.current?.threadCounter())
        let before = counter.allocatedBytes
        for _ in 0..<1000 { keep.append(Box()) }
        // A Box is a 16-byte object header and an 8-byte Int: 24 bytes, jemalloc's 32-byte class.
        #expect(counter.allocatedBytes - before == 1000 * 32)
        #expect(keep.count == 1000)
    }

}

#if DEBUG
    let isOptimizedBuild = false
#else
    let isOptimizedBuild = true
#endif

import Dispatch
import Foundation
import MotionCore

/// Many animated scalar values — channels — advanced together, a frame at a time, on Dispatch
/// queues. Each channel behaves exactly as an `AnimatedProperty<Double>` would (merge, combine,
/// retarget, completion), and gives the same values to the bit.
///
/// Channels are stored by animation kind, each kind in its own contiguous pool with a kernel
/// specialised for it: the fluid spring family, closed-form interpolating springs, Bézier timing
/// curves, keyframe tracks, and a generic path for everything else (custom animations, modifiers,
/// combinations). A channel moves between pools as its animation changes.
///
/// `tick(at:)` cuts every pool into chunks and runs them on `threadCount` workers — with
/// `DispatchQueue.concurrentPerform`, or on persistent workers parked on Dispatch semaphores
/// (`TickScheduler`). Channels never depend on each other, so the results — values and the order
/// of events — are the same whatever the number of threads. Once the first tick after a change
/// has run, the engine allocates nothing in a tick (libdispatch's `concurrentPerform` does, a few
/// small blocks per call; the persistent workers do not).
///
/// All methods may be called from any thread. Changes take effect between ticks: a tick sees all
/// the changes made before it began and none made while it runs.
///
/// Bad input throws `MotionEngineError` and changes nothing: an unknown or removed channel, a
/// non-finite value or target, a NaN time. A time earlier than the last tick is taken as the time
/// of the last tick (as `AnimatedProperty` does).
public final class MotionEngine: @unchecked Sendable {
    public let threadCount: Int
    /// Channels per chunk: a chunk of any pool's channel data stays within the L2 cache.
    public let chunkSize: Int

    enum Kind: UInt8 { case idle, fluid, curve, spring, keyframe, generic }

    struct DirectoryEntry {
        var kind: Kind
        var slot: Int32
        var generation: UInt32
        var isLive: Bool
    }

    private let lock = NSLock()
    /// Unchecked for the same reason as `Column.base`: every change reads it; the lock serialises.
    @exclusivity(unchecked) private var directory: [DirectoryEntry] = []
    private var freeIndices: [UInt32] = []
    /// Presented values by channel index; NaN for indices without a live channel.
    private let values = Column<Double>(capacity: 256)
    private var lastTickTime = -Double.infinity

    private let fluid = FluidPool()
    private let curves = CurvePool()
    private let springs = ClosedSpringPool()
    private let keyframes = KeyframePool()
    private let generic = Pool<GenericChannel>()
    private var sinks: [EventSink] = []
    private lazy var mergeBatch = FluidMergeBatch(pool: fluid, chunkSize: chunkSize)
    /// Per channel index, the last batch that named it (`isRepeated`).
    private let batchStamps = Column<UInt32>(capacity: 256)
    private var batchNumber: UInt32 = 0
    private var events: [ChannelEvent] = []

    public let scheduler: TickScheduler
    /// Fewer channels than this per worker are ticked on fewer threads. At 4096, 10k channels on
    /// two threads ran 1.45–1.97× as fast as on one at the median of standard runs, but some
    /// worker processes were far slower — `compare-revisions` measured 75.9 µs a frame of 10k
    /// fluid springs on two threads against 33.5 on one (quick, three rounds): a frame that short
    /// has no room for a stall. At 8192, 10k channels run on one thread.
    public let minimumChannelsPerWorker: Int
    private let runner: ParallelRunner

    /// An engine that ticks on `threadCount` threads (at least 1), `chunkSize` channels at a time.
    public init(threadCount: Int = ProcessInfo.processInfo.activeProcessorCount, chunkSize: Int = 4096,
                scheduler: TickScheduler = .persistentWorkers, minimumChannelsPerWorker: Int = 8192) {
        self.threadCount = max(1, threadCount)
        self.chunkSize = max(1, chunkSize)
        self.minimumChannelsPerWorker = max(1, minimumChannelsPerWorker)
        self.scheduler = scheduler
        switch scheduler {
        case .concurrentPerform: runner = ConcurrentPerformRunner()
        case .persistentWorkers: runner = PersistentWorkerRunner(threads: self.threadCount)
        }
    }

    deinit {
        (runner as? PersistentWorkerRunner)?.shutdown()
    }

    /// The number of live channels.
    public var channelCount: Int { locked { directory.count - freeIndices.count } }

    /// The events of the last tick, in channel-pool and slot order.
    public var lastTickEvents: [ChannelEvent] { locked { events } }

    // MARK: Channels

    /// Adds a channel at rest at `value`.
    public func addChannel(value: Double) throws -> ChannelID {
        guard value.isFinite else { throw MotionEngineError.nonFiniteValue(value, nil) }
        return locked { allocate(value: value) }
    }

    /// Adds a channel that plays `timeline` from `time`, then rests at its end value.
    public func addChannel(timeline: KeyframeTimeline<Double>, at time: TimeInterval) throws -> ChannelID {
        guard !time.isNaN else { throw MotionEngineError.invalidTime(time) }
        let start = timeline.initialValue
        guard start.isFinite else { throw MotionEngineError.nonFiniteValue(start, nil) }
        let segments = timeline._scalarTracks.last?.segments ?? _KeyframeSegments(initialValue: start, elements: [])
        return locked {
            let id = allocate(value: start)
            let slot = keyframes.append(channel: id.index, segments: segments, startTime: time)
            place(id.index, kind: .keyframe, slot: slot)
            values[Int(id.index)] = keyframes.value(slot: slot, at: max(time, lastTickTime))
            return id
        }
    }

    /// Removes a channel. Its identifier becomes unknown to the engine.
    public func removeChannel(_ id: ChannelID) throws {
        try locked {
            let entry = try live(id)
            detach(id.index, entry)
            directory[Int(id.index)].isLive = false
            directory[Int(id.index)].generation &+= 1
            values[Int(id.index)] = .nan
            freeIndices.append(id.index)
        }
    }

    /// Changes the channel's value to `target` at `time`, animated by `animation` — or at once
    /// when it is nil, while a running animation continues on its own change. A change while an
    /// animation runs merges or combines exactly as `AnimatedProperty.set` does. A change to the
    /// current model value does nothing. On a keyframe channel the timeline stops where it is at
    /// `time`, and the change starts from there.
    public func animate(_ id: ChannelID, to target: Double, with animation: Animation?, at time: TimeInterval) throws {
        guard target.isFinite else { throw MotionEngineError.nonFiniteValue(target, id) }
        guard !time.isNaN else { throw MotionEngineError.invalidTime(time) }
        try locked {
            let entry = try live(id)
            retarget(id.index, entry, to: target, with: animation, fluid: animation?._base(as: FluidSpringAnimation.self),
                     at: max(time, lastTickTime))
        }
    }

    /// Changes many channels at `time` with one animation, under one lock: as `animate(_:to:with:at:)`
    /// for each (channel, target) in order. Every change is checked first; if any is invalid,
    /// none is made. (An array, not any sequence: a generic entry point called across modules
    /// runs unspecialised and boxes every element.)
    ///
    /// With a fluid spring, more than one thread and channels each named once, the merges onto
    /// running fluid springs are shared between the workers; the result is the same.
    public func animate(_ changes: [(ChannelID, Double)], with animation: Animation?, at time: TimeInterval) throws {
        guard !time.isNaN else { throw MotionEngineError.invalidTime(time) }
        try locked {
            // One dynamic cast for the batch, not one per channel.
            let fluidSpring = animation?._base(as: FluidSpringAnimation.self)
            let parallel = fluidSpring != nil && threadCount > 1 && changes.count >= 2 * minimumChannelsPerWorker
            if parallel { beginRepeatCheck() }
            var repeated = false
            for (id, target) in changes {
                guard target.isFinite else { throw MotionEngineError.nonFiniteValue(target, id) }
                _ = try live(id)
                if parallel && isRepeated(id.index) { repeated = true }
            }
            let time = max(time, lastTickTime)
            if let next = fluidSpring, parallel && !repeated {
                retargetInParallel(changes, with: next, animation: animation, at: time)
                return
            }
            var position = 0
            while position < changes.count {
                // A fluid spring on a fluid spring (the retarget-storm case) goes straight to the
                // merge on the pool's columns, without copying the animation per channel, until a
                // change that is not one — which may move the pool's storage.
                if let next = fluidSpring {
                    let columns = FluidColumns(fluid)
                    while position < changes.count {
                        let (id, target) = changes[position]
                        let entry = directory[Int(id.index)]
                        guard entry.kind == .fluid else { break }
                        columns.change(slot: Int(entry.slot), to: target, with: next, at: time)
                        position += 1
                    }
                    if position == changes.count { break }
                }
                let (id, target) = changes[position]
                retarget(id.index, directory[Int(id.index)], to: target, with: animation, fluid: fluidSpring, at: time)
                position += 1
            }
        }
    }

    /// A batch of distinct channels with a fluid spring: the merges onto fluid springs run in
    /// chunks on the workers (`FluidMergeBatch`), then the other changes run in order, as the
    /// one-by-one loop would run them. A merge moves no channel and the other changes only
    /// append to the fluid pool, so doing the merges first changes nothing.
    private func retargetInParallel(_ changes: [(ChannelID, Double)], with next: FluidSpringAnimation,
                                    animation: Animation?, at time: Double) {
        changes.withUnsafeBufferPointer { buffer in
            let chunks = directory.withUnsafeBufferPointer { entries in
                mergeBatch.prepare(buffer, directory: entries.baseAddress!, spring: next, time: time)
                let chunks = mergeBatch.chunks
                run(.merges(mergeBatch), chunks: chunks, elements: changes.count)
                return chunks
            }
            for chunk in 0..<chunks where mergeBatch.deferred[chunk] > 0 {
                for position in mergeBatch.positions(of: chunk) {
                    let (id, target) = buffer[position]
                    let entry = directory[Int(id.index)]
                    // Kinds are as the chunk saw them: no change so far was to this channel.
                    if entry.kind != .fluid { retarget(id.index, entry, to: target, with: animation, fluid: next, at: time) }
                }
            }
        }
    }

    /// Starts a check for channels named twice in one batch (whose changes must then run in order).
    private func beginRepeatCheck() {
        batchNumber &+= 1
        if batchNumber == 0 {
            for index in 0..<batchStamps.count { batchStamps[index] = 0 }
            batchNumber = 1
        }
        while batchStamps.count < directory.count { batchStamps.append(0) }
    }

    /// Whether `index` was named before in this batch; marks it as named.
    @inline(__always)
    private func isRepeated(_ index: UInt32) -> Bool {
        let stamps = batchStamps.base + Int(index)
        if stamps.pointee == batchNumber { return true }
        stamps.pointee = batchNumber
        return false
    }

    /// The presented value as of the last tick (or the value set since, for resting channels).
    public func value(of id: ChannelID) throws -> Double {
        try locked {
            _ = try live(id)
            return values[Int(id.index)]
        }
    }

    /// The velocity as of the last tick, in value units per second; zero at rest or when the
    /// animation reports none (as `AnimatedProperty.velocity(at:)`).
    public func velocity(of id: ChannelID) throws -> Double {
        try locked {
            let entry = try live(id)
            guard let pool = pool(entry.kind) else { return 0 }
            return pool.velocity(slot: Int(entry.slot), time: lastTickTime)
        }
    }

    /// Calls `body` with the presented values of all channels, indexed by `ChannelID.index`
    /// (NaN where no channel lives). The buffer is valid only inside `body`.
    public func withValues<Result>(_ body: (UnsafeBufferPointer<Double>) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(UnsafeBufferPointer(start: values.base, count: values.count))
    }

    // MARK: Tick

    /// Advances every animating channel to `time`.
    public func tick(at time: TimeInterval) throws {
        guard !time.isNaN else { throw MotionEngineError.invalidTime(time) }
        lock.lock()
        defer { lock.unlock() }
        let time = max(time, lastTickTime)
        lastTickTime = time
        runKernels(at: time)
        gatherEvents()
    }

    private lazy var pools: [any PoolProtocol] = [fluid, curves, springs, keyframes, generic]
    private var chunkCount = 0

    private func runKernels(at time: Double) {
        var total = 0
        for pool in pools { total += (pool.count + chunkSize - 1) / chunkSize }
        let chunkCount = total
        while sinks.count < chunkCount { sinks.append(EventSink(chunkSize: chunkSize)) }
        self.chunkCount = chunkCount
        let plan = TickPlan(pools: pools, sinks: sinks, chunkSize: chunkSize, values: values.base, time: time)
        var channels = 0
        for pool in pools { channels += pool.count }
        // Room for every channel's two events: a tick in which all of them complete allocates
        // nothing (this grows only in the first tick after channels were added).
        if events.capacity < 2 * channels { events.reserveCapacity(2 * channels) }
        run(.tick(plan), chunks: chunkCount, elements: channels)
    }

    /// Runs a job's chunks on as many threads as `elements` warrant (`minimumChannelsPerWorker`),
    /// on the calling thread alone when that is one.
    func run(_ job: ParallelJob, chunks: Int, elements: Int) {
        let workers = min(threadCount, chunks, max(1, elements / minimumChannelsPerWorker))
        if workers <= 1 {
            for chunk in 0..<chunks { job.run(chunk: chunk) }
        } else {
            runner.run(job, chunks: chunks, workers: workers)
        }
    }

    private func gatherEvents() {
        events.removeAll(keepingCapacity: true)
        for chunk in 0..<chunkCount {
            let sink = sinks[chunk]
            for index in 0..<sink.channels.count {
                let channel = sink.channels[index]
                events.append(ChannelEvent(channel: ChannelID(index: channel, generation: directory[Int(channel)].generation), kind: sink.kinds[index]))
            }
        }
        for event in events where event.kind == .finished {
            let index = event.channel.index
            let entry = directory[Int(index)]
            detach(index, entry)
            place(index, kind: .idle, slot: -1)
        }
    }

    // MARK: Changes

    /// `fluidSpring` is `animation` as a fluid spring, if it is one.
    private func retarget(_ index: UInt32, _ entry: DirectoryEntry, to target: Double, with animation: Animation?,
                          fluid fluidSpring: FluidSpringAnimation?, at time: Double) {
        let i = Int(index)
        var model = self.model(index, entry)
        if entry.kind == .keyframe {
            // The timeline stops where it is; the channel continues from there at rest.
            model = keyframes.value(slot: Int(entry.slot), at: time)
            detach(index, entry)
            place(index, kind: .idle, slot: -1)
            values[i] = model
        }
        let entry = directory[i]
        let delta = target - model
        guard delta * delta > 0 else { return }
        guard let animation else {
            setModel(index, entry, target)
            return
        }
        if entry.kind == .fluid, let next = fluidSpring {
            fluid.merge(slot: Int(entry.slot), with: next, delta: delta, target: target, at: time)
            return
        }
        // Detached before the change: the pool's copy released, a combination is extended in
        // place rather than copied, which keeps a burst of changes at one time linear. The
        // animation now running is a new instance (merged or combined): its logical completion
        // is reported afresh, as AnimatedProperty's listeners are.
        var running = runningAnimation(index, entry)
        detach(index, entry)
        if running == nil {
            running = RunningAnimation(animation: animation, interval: delta, beginTime: time)
        } else {
            running!.retarget(by: delta, with: animation, at: time)
        }
        start(index, running!, model: target)
    }

    /// Places a running animation in the pool of its kind.
    private func start(_ index: UInt32, _ running: RunningAnimation<Double>, model: Double) {
        let base = running.animation.base
        if let spring = base as? FluidSpringAnimation {
            var channel = FluidChannel(channel: index, model: model, interval: running.interval, beginTime: running.beginTime, spring: spring)
            channel.state = running.context.state[FluidSpringStateKey<Double>.self]
            place(index, kind: .fluid, slot: fluid.append(channel))
        } else if let curve = base as? BezierAnimation {
            let channel = CurveChannel(channel: index, model: model, interval: running.interval, beginTime: running.beginTime, curve: curve)
            place(index, kind: .curve, slot: curves.append(channel))
        } else if let spring = base as? InterpolatingSpringAnimation {
            let channel = SpringChannel(channel: index, model: model, interval: running.interval, beginTime: running.beginTime, spring: spring)
            place(index, kind: .spring, slot: springs.append(channel))
        } else {
            let channel = GenericChannel(channel: index, model: model, running: running)
            place(index, kind: .generic, slot: generic.append(channel))
        }
    }

    /// The channel's animation as a `RunningAnimation`, for the general retarget path.
    private func runningAnimation(_ index: UInt32, _ entry: DirectoryEntry) -> RunningAnimation<Double>? {
        let slot = Int(entry.slot)
        switch entry.kind {
        case .idle, .keyframe:
            return nil
        case .fluid:
            let channel = fluid.read(slot)
            var running = RunningAnimation<Double>(animation: Animation(channel.spring), interval: channel.interval, beginTime: channel.beginTime)
            running.context.state[FluidSpringStateKey<Double>.self] = channel.state
            running.context.isLogicallyComplete = fluid.reported[slot]
            return running
        case .curve:
            let channel = curves.read(slot)
            return RunningAnimation(animation: Animation(channel.curve), interval: channel.interval, beginTime: channel.beginTime)
        case .spring:
            let channel = springs.read(slot)
            var running = RunningAnimation<Double>(animation: Animation(channel.spring), interval: channel.interval, beginTime: channel.beginTime)
            running.context.isLogicallyComplete = springs.reported[slot]
            return running
        case .generic:
            return generic.items[slot].running
        }
    }

    private func model(_ index: UInt32, _ entry: DirectoryEntry) -> Double {
        let slot = Int(entry.slot)
        switch entry.kind {
        case .idle: return values[Int(index)]
        case .fluid: return fluid.model[slot]
        case .curve: return curves.model[slot]
        case .spring: return springs.model[slot]
        case .keyframe: return keyframes.endValue[slot]
        case .generic: return generic.items[slot].model
        }
    }

    /// An unanimated change: the model moves, a running animation keeps its own change.
    private func setModel(_ index: UInt32, _ entry: DirectoryEntry, _ target: Double) {
        let slot = Int(entry.slot)
        let shift = target - model(index, entry)
        switch entry.kind {
        case .idle, .keyframe: values[Int(index)] = target
        case .fluid: fluid.model[slot] = target
        case .curve: curves.model[slot] = target
        case .spring: springs.model[slot] = target
        case .generic: generic.items[slot].model = target
        }
        if entry.kind != .idle && entry.kind != .keyframe {
            values[Int(index)] += shift
        }
    }

    // MARK: Directory

    private func allocate(value: Double) -> ChannelID {
        if let index = freeIndices.popLast() {
            directory[Int(index)] = DirectoryEntry(kind: .idle, slot: -1, generation: directory[Int(index)].generation, isLive: true)
            values[Int(index)] = value
            return ChannelID(index: index, generation: directory[Int(index)].generation)
        }
        let index = UInt32(directory.count)
        directory.append(DirectoryEntry(kind: .idle, slot: -1, generation: 0, isLive: true))
        values.append(value)
        return ChannelID(index: index, generation: 0)
    }

    private func live(_ id: ChannelID) throws -> DirectoryEntry {
        guard Int(id.index) < directory.count else { throw MotionEngineError.unknownChannel(id) }
        let entry = directory[Int(id.index)]
        guard entry.isLive, entry.generation == id.generation else { throw MotionEngineError.unknownChannel(id) }
        return entry
    }

    private func place(_ index: UInt32, kind: Kind, slot: Int) {
        directory[Int(index)].kind = kind
        directory[Int(index)].slot = Int32(slot)
    }

    private func pool(_ kind: Kind) -> (any PoolProtocol)? {
        switch kind {
        case .idle: return nil
        case .fluid: return fluid
        case .curve: return curves
        case .spring: return springs
        case .keyframe: return keyframes
        case .generic: return generic
        }
    }

    /// Takes the channel out of its pool, fixing up the channel moved into its slot.
    private func detach(_ index: UInt32, _ entry: DirectoryEntry) {
        guard let pool = pool(entry.kind) else { return }
        if let moved = pool.remove(slot: Int(entry.slot)) {
            directory[Int(moved)].slot = entry.slot
        }
        place(index, kind: .idle, slot: -1)
    }

    func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// What one tick runs: chunk k is the k-th run of `chunkSize` channels through the pools in
/// order. Workers claim chunks one at a time; each chunk writes only its own channels' values and
/// its own event sink, so no two workers touch the same memory, and which worker ran a chunk
/// changes nothing.
struct TickPlan: @unchecked Sendable {
    let pools: [any PoolProtocol]
    let sinks: [EventSink]
    let chunkSize: Int
    let values: UnsafeMutablePointer<Double>
    let time: Double

    func run(chunk: Int) {
        var first = chunk * chunkSize
        for pool in pools {
            let count = pool.count
            let span = ((count + chunkSize - 1) / chunkSize) * chunkSize
            if first < span {
                let sink = sinks[chunk]
                sink.removeAll()
                pool.tick(first..<min(first + chunkSize, count), time: time, values: values, sink: sink)
                return
            }
            first -= span
        }
    }
}

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

    let lock = NSLock()
    /// Unchecked for the same reason as `Column.base`: every change reads it; the lock serialises.
    @exclusivity(unchecked) var directory: [DirectoryEntry] = []
    var freeIndices: [UInt32] = []
    /// Presented values by channel index; NaN for indices without a live channel.
    let values = Column<Double>(capacity: 256)
    var lastTickTime = -Double.infinity

    let fluid = FluidPool()
    let curves = CurvePool()
    let springs = ClosedSpringPool()
    let keyframes = KeyframePool()
    let generic = Pool<GenericChannel>()
    var sinks: [EventSink] = []
    lazy var mergeBatch = FluidMergeBatch(pool: fluid, chunkSize: chunkSize)
    /// Per channel index, the last batch that named it (`isRepeated`).
    let batchStamps = Column<UInt32>(capacity: 256)
    var batchNumber: UInt32 = 0
    var events: [ChannelEvent] = []

    public let scheduler: TickScheduler
    /// Fewer channels than this per worker are ticked on fewer threads: a frame of a few thousand
    /// channels is too short to absorb a helper thread's wake-up or a stall, so splitting it can
    /// make it slower than one thread (docs/performance.md has the measurement). At the default
    /// 8192, 10k channels run on one thread.
    public let minimumChannelsPerWorker: Int
    let runner: ParallelRunner

    /// An engine that ticks on `threadCount` threads (at least 1), `chunkSize` channels at a time.
    public init(
        threadCount: Int = ProcessInfo.processInfo.activeProcessorCount, chunkSize: Int = 4096,
        scheduler: TickScheduler = .persistentWorkers, minimumChannelsPerWorker: Int = 8192
    ) {
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
            retarget(
                id.index, entry, to: target, with: animation, fluid: animation?._base(as: FluidSpringAnimation.self),
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

    /// Chunks in the last tick, and the pools in the order a tick runs them.
    var chunkCount = 0
    lazy var pools: [any PoolProtocol] = [fluid, curves, springs, keyframes, generic]
}

import Dispatch
import Foundation
import MotionCore

// Changes: a new target for a channel — started, merged or combined exactly as AnimatedProperty
// does — alone or in batches shared between the workers.
extension MotionEngine {
    /// A batch of distinct channels with a fluid spring: the merges onto fluid springs run in
    /// chunks on the workers (`FluidMergeBatch`), then the other changes run in order, as the
    /// one-by-one loop would run them. A merge moves no channel and the other changes only
    /// append to the fluid pool, so doing the merges first changes nothing.
    func retargetInParallel(
        _ changes: [(ChannelID, Double)], with next: FluidSpringAnimation,
        animation: Animation?, at time: Double
    ) {
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
    func beginRepeatCheck() {
        batchNumber &+= 1
        if batchNumber == 0 {
            for index in 0..<batchStamps.count { batchStamps[index] = 0 }
            batchNumber = 1
        }
        while batchStamps.count < directory.count { batchStamps.append(0) }
    }

    /// Whether `index` was named before in this batch; marks it as named.
    @inline(__always)
    func isRepeated(_ index: UInt32) -> Bool {
        let stamps = batchStamps.base + Int(index)
        if stamps.pointee == batchNumber { return true }
        stamps.pointee = batchNumber
        return false
    }

    /// `fluidSpring` is `animation` as a fluid spring, if it is one.
    func retarget(
        _ index: UInt32, _ entry: DirectoryEntry, to target: Double, with animation: Animation?,
        fluid fluidSpring: FluidSpringAnimation?, at time: Double
    ) {
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
    func start(_ index: UInt32, _ running: RunningAnimation<Double>, model: Double) {
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
    func runningAnimation(_ index: UInt32, _ entry: DirectoryEntry) -> RunningAnimation<Double>? {
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

    func model(_ index: UInt32, _ entry: DirectoryEntry) -> Double {
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
    func setModel(_ index: UInt32, _ entry: DirectoryEntry, _ target: Double) {
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
}

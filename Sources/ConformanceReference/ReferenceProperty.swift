import FixtureFormat
import Foundation

/// The reference model's animated value: model value, one running animation with its interval and
/// begin time, forks for `.logicallyComplete` callbacks, and completion bookkeeping (§4.3, §6.2).
final class ReferenceProperty {
    final class Listener {
        let name: String
        /// `.removed` criteria rather than `.logicallyComplete`.
        let waitsForRemoval: Bool
        var pending = 0
        var fired = false
        var bodyDone = false
        let onFire: (String) -> Void

        init(name: String, waitsForRemoval: Bool, onFire: @escaping (String) -> Void) {
            self.name = name
            self.waitsForRemoval = waitsForRemoval
            self.onFire = onFire
        }

        func done() {
            pending -= 1
            check()
        }

        func check() {
            if bodyDone && pending <= 0 && !fired {
                fired = true
                onFire(name)
            }
        }
    }

    var model: Double
    var running: (animation: ReferenceAnimation, begin: Double, interval: Double)?
    var logical: [Listener] = []
    var removed: [Listener] = []
    var forks: [(animation: ReferenceAnimation, begin: Double, listeners: [Listener])] = []
    var rendered = false
    /// On a frame-loop clock, the frames the animation that began from rest still waits for
    /// before its clock starts (docs/protocol.md §2): each frame it waits for moves its begin there.
    var waitingFrames = 0
    /// Velocity tracking's samples in the running animation's context (§4.4), as the last
    /// tracking animation to run left them.
    var trackingSamples: [(value: Double, time: Double)] = []
    let mergesCoincident: Bool

    init(_ value: Double, mergesCoincident: Bool) {
        model = value
        self.mergesCoincident = mergesCoincident
    }

    /// Applies a change at `t`. `lastFrame` is nil on the change-time clock; on the next-frame
    /// clock (docs/protocol.md §2) it is the last sample before the change (−∞ before any) and
    /// `t` the frame that applies it: the running animation's time stands still from `lastFrame`
    /// to `t`, so the change reads its state as of the last frame.
    func set(
        _ value: Double, at t: Double, lastFrame: Double? = nil, waitsFrames: Int = 0, animation json: JSONValue?, tracksVelocity: Bool, listener: Listener?
    ) throws {
        let delta = value - model
        model = value
        guard delta * delta > 0, delta.isFinite else { return }
        let incoming: ReferenceAnimation
        if let json {
            incoming = try ReferenceModel.animation(json, change: delta)
        } else if tracksVelocity {
            incoming = ReferenceVelocityTracking(change: delta)
        } else {
            return
        }
        listener?.pending += 1
        let newListeners = listener.map { [$0] } ?? []
        let isRemoved = listener?.waitsForRemoval ?? false
        let newLogical = isRemoved ? [] : newListeners
        guard var current = running else {
            trackingSamples = []
            running = (incoming, t, delta)
            waitingFrames = waitsFrames
            rendered = false
            logical = newLogical
            removed = isRemoved ? newListeners : []
            return
        }
        if !rendered && !mergesCoincident {
            (logical + removed).forEach { $0.done() }
            // Still waiting for its first frame on a frame-loop clock, it waits from the first
            // change's time: a frame loop replaces the animation and leaves its clock alone.
            running = (incoming, waitingFrames > 0 ? current.begin : t, delta)
            logical = newLogical
            removed = isRemoved ? newListeners : []
            return
        }
        if let lastFrame {
            let still = t - max(lastFrame, current.begin)
            current.begin += still
            forks = forks.map { (animation: $0.animation, begin: $0.begin + still, listeners: $0.listeners) }
        }
        if !logical.isEmpty { forks.append((current.animation.copy(), current.begin, logical)) }
        let elapsed = t - current.begin
        let previousTracking = current.animation as? ReferenceVelocityTracking
        if incoming.takesOver(current.animation, at: elapsed) {
            // Read after the takeover: a spring merging evaluates the running animation at the
            // merge, which for velocity tracking is a frame and takes a sample (§3.1, §4.4).
            if let previousTracking { trackingSamples = previousTracking.samples }
            incoming.change = current.interval + delta
            // The samples live in the context, which every merge keeps (§4.4).
            if let tracking = incoming as? ReferenceVelocityTracking { tracking.samples = trackingSamples }
            current.animation = incoming
        } else {
            // A combination runs in a context of its own: no samples go with it.
            trackingSamples = []
            incoming.change = current.interval + delta
            if let combination = current.animation as? ReferenceCombination {
                combination.entries.append((incoming, elapsed, current.interval + delta, false))
                combination.change = current.interval + delta
                combination.logicallyDone = false // its new last entry is not yet (§4.3 item 4)
            } else {
                current.animation = ReferenceCombination(entries: [(current.animation, 0, current.interval), (incoming, elapsed, current.interval + delta)])
            }
        }
        current.interval += delta
        running = current
        logical = newLogical
        if isRemoved { removed += newListeners }
    }

    /// A frame at `t` on a frame-loop clock: an animation begun from rest and still waiting
    /// begins here (its clock, its combined entries' and its forks' move to `t`); after the last
    /// frame it waited for, a frame more than `catchUp` after that begin moves the begin to
    /// `t − catchUp`, as a frame loop caps how far one late frame can jump. Returns whether the
    /// frame is **held**: the second frame of a held begin (a `catchUp` is given), which moves the
    /// clock but draws nothing new — it shows what the first frame showed.
    func frame(at t: Double, catchUp: Double?) -> Bool {
        guard var current = running else { return false }
        var held = false
        if waitingFrames > 0, t > current.begin {
            held = waitingFrames == 1 && catchUp != nil
            shift(&current, by: t - current.begin)
            waitingFrames -= 1
            if waitingFrames == 0, catchUp != nil { waitingFrames = -1 }
        } else if waitingFrames == -1, let catchUp {
            if t - current.begin > catchUp { shift(&current, by: t - catchUp - current.begin) }
            waitingFrames = 0
        }
        running = current
        return held
    }

    private func shift(_ current: inout (animation: ReferenceAnimation, begin: Double, interval: Double), by still: Double) {
        current.begin += still
        forks = forks.map { (animation: $0.animation, begin: $0.begin + still, listeners: $0.listeners) }
    }

    /// The presented value at `t`, completing what came due.
    func value(at t: Double) -> Double {
        rendered = true
        var result = model
        if let current = running {
            if let x = current.animation.offset(t - current.begin) {
                result = model - current.interval + x
                if current.animation.logicallyDone { completeLogical() }
            } else {
                running = nil
                completeLogical()
                let done = removed
                removed = []
                done.forEach { $0.done() }
            }
        }
        var kept: [(ReferenceAnimation, Double, [Listener])] = []
        for fork in forks {
            let finished = fork.animation.offset(t - fork.begin) == nil
            if finished || fork.animation.logicallyDone || running == nil { fork.listeners.forEach { $0.done() } } else { kept.append(fork) }
        }
        forks = kept.map { (animation: $0.0, begin: $0.1, listeners: $0.2) }
        return result
    }

    package func velocity(at t: Double) -> Double {
        guard let current = running else { return 0 }
        return current.animation.speed(t - current.begin) ?? 0
    }

    func completeLogical() {
        let done = logical
        logical = []
        done.forEach { $0.done() }
    }
}

/// Velocity tracking (§4.4): holds the target, samples it, decays the velocity 0.998 per ms,
/// ends 2 s after the last sample or when two samples show no motion, and always takes over.
final class ReferenceVelocityTracking: ReferenceAnimation {
    var samples: [(value: Double, time: Double)] = []

    func record(_ t: Double) {
        if samples.last?.value != change { samples.append((change, t)) }
    }

    var sampledVelocity: Double {
        guard samples.count >= 2 else { return 0 }
        let a = samples[samples.count - 2], b = samples[samples.count - 1]
        return b.time > a.time ? (b.value - a.value) / (b.time - a.time) : 0
    }

    override func offset(_ t: Double) -> Double? {
        record(t)
        if t - (samples.last?.time ?? 0) > 2 { return nil }
        if samples.count >= 2 && sampledVelocity == 0 { return nil }
        return change
    }

    override func speed(_ t: Double) -> Double? {
        let saved = samples
        record(t)
        let v = sampledVelocity * pow(0.998, max(0, t - (samples.last?.time ?? 0)) * 1000)
        samples = saved
        return v
    }

    override func takesOver(_ previous: ReferenceAnimation, at t: Double) -> Bool {
        if let tracking = previous as? ReferenceVelocityTracking { samples = tracking.samples }
        return true
    }

    override func copy() -> ReferenceAnimation {
        let c = ReferenceVelocityTracking(change: change)
        c.samples = samples
        return c
    }
}

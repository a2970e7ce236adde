import FixtureFormat
import Foundation

/// `delay`, `speed` and `logicallyComplete(after:)` (§3.2): the base on a transformed clock.
final class ReferenceClock: ReferenceAnimation {
    enum Transform {
        case delay(Double)
        case speed(Double)
        case logical(Double)
        case passThrough
    }
    let base: ReferenceAnimation
    let transform: Transform

    init(base: ReferenceAnimation, transform: Transform) {
        self.base = base
        self.transform = transform
        super.init(change: base.change)
    }

    func baseTime(_ t: Double) -> Double {
        switch transform {
        case let .delay(d): return max(0, t - d)
        case let .speed(s): return t * s
        case .logical, .passThrough: return t
        }
    }

    override func changeDidSet() { base.change = change }

    override func offset(_ t: Double) -> Double? {
        let x = base.offset(baseTime(t))
        if base.logicallyDone { logicallyDone = true }
        if case let .logical(d) = transform, d <= t { logicallyDone = true }
        return x
    }

    override func speed(_ t: Double) -> Double? {
        let v = base.speed(baseTime(t))
        if case let .speed(s) = transform { return v.map { $0 * s } }
        return v
    }

    override var stateSpring: ReferenceFluidSpring? { base.stateSpring }

    override func takesOver(_ previous: ReferenceAnimation, at t: Double) -> Bool {
        // `.default` is its base in everything, merging included.
        if case .passThrough = transform { return base.takesOver(previous, at: t) }
        guard let previous = previous as? ReferenceClock, previous.identity == identity else { return false }
        return base.takesOver(previous.base, at: baseTime(t))
    }

    override func copy() -> ReferenceAnimation {
        let c = ReferenceClock(base: base.copy(), transform: transform)
        c.identity = identity
        c.logicallyDone = logicallyDone
        return c
    }
}

/// `repeatCount` / `repeatForever` (§3.2): cycles restart the base at the frame that detects the
/// end; odd cycles run backwards when autoreversing; the count is checked when a cycle ends.
final class ReferenceRepeat: ReferenceAnimation {
    let make: () -> ReferenceAnimation
    var base: ReferenceAnimation
    let count: Int?
    let autoreverses: Bool
    var cycle = 0
    var cycleStart = 0.0

    init(make: @escaping () -> ReferenceAnimation, count: Int?, autoreverses: Bool) {
        self.make = make
        self.base = make()
        self.count = count
        self.autoreverses = autoreverses
        super.init(change: base.change)
    }

    override func changeDidSet() { base.change = change }

    override func offset(_ t: Double) -> Double? {
        let backwards = autoreverses && cycle % 2 == 1
        if let x = base.offset(t - cycleStart) {
            if base.logicallyDone { logicallyDone = true }
            return backwards ? change - x : x
        }
        if base.logicallyDone { logicallyDone = true }
        cycle += 1
        cycleStart = t
        base = make()
        base.change = change
        if let count, cycle >= count { return nil }
        return backwards ? 0 : change
    }

    override func speed(_ t: Double) -> Double? {
        let v = base.speed(t - cycleStart)
        return autoreverses && cycle % 2 == 1 ? v.map { -$0 } : v
    }

    /// The current cycle's: the repeat hands its base the context, state and all (§3.1, "the
    /// force carried in the state").
    override var stateSpring: ReferenceFluidSpring? { base.stateSpring }

    override func takesOver(_ previous: ReferenceAnimation, at t: Double) -> Bool {
        guard let previous = previous as? ReferenceRepeat, previous.identity == identity else { return false }
        guard base.takesOver(previous.base, at: t - previous.cycleStart) else { return false }
        // The cycle index and offset are the value's state, not the animation's: a repeat that
        // merges goes on with the running one's (§3.2).
        (cycle, cycleStart) = (previous.cycle, previous.cycleStart)
        return true
    }

    override func copy() -> ReferenceAnimation {
        let c = ReferenceRepeat(make: make, count: count, autoreverses: autoreverses)
        c.base = base.copy()
        (c.cycle, c.cycleStart, c.identity, c.logicallyDone) = (cycle, cycleStart, identity, logicallyDone)
        return c
    }
}

/// A non-merging arrival: a chain of lerps by definition (§4.3 item 4). Each entry moves from the
/// current value of the entries before it to its own cumulative target; the whole finishes when
/// the last entry does.
final class ReferenceCombination: ReferenceAnimation {
    var entries: [(animation: ReferenceAnimation, start: Double, target: Double, done: Bool)] {
        didSet { if entries.count > oldValue.count { framed = false } }
    }
    /// Whether a frame has been computed since the newest entry joined: until then there are no
    /// rebased intervals of a frame to read velocities on.
    var framed = false

    init(entries: [(ReferenceAnimation, Double, Double)]) {
        self.entries = entries.map { ($0.0, $0.1, $0.2, false) }
        super.init(change: entries.last?.2 ?? 0)
    }

    override func offset(_ t: Double) -> Double? {
        framed = true
        var result = 0.0
        for i in entries.indices {
            if entries[i].done {
                result = entries[i].target
                continue
            }
            entries[i].animation.change = entries[i].target - result
            if let x = entries[i].animation.offset(t - entries[i].start) {
                result += x
            } else {
                entries[i].done = true
                result = entries[i].target
            }
            if i == entries.count - 1 {
                if entries[i].animation.logicallyDone || entries[i].done { logicallyDone = true }
                return entries[i].done ? nil : result
            }
        }
        return nil
    }

    /// The sum of the entries' velocities on the rebased intervals of the last frame; when no frame
    /// has been computed since the newest entry joined, on the intervals at `t`, found by
    /// animating copies of the entries in order (§4.3 item 4).
    override func speed(_ t: Double) -> Double? {
        var total = 0.0
        var result = 0.0
        for (i, entry) in entries.enumerated() {
            if entry.done {
                result = entry.target
                continue
            }
            let animation = framed ? entry.animation : entry.animation.copy()
            if !framed { animation.change = entry.target - result }
            let v = animation.speed(t - entry.start)
            if i == entries.count - 1 && v == nil { return nil }
            total += v ?? 0
            if !framed { result += animation.offset(t - entry.start) ?? animation.change }
        }
        return total
    }

    override func copy() -> ReferenceAnimation {
        let c = ReferenceCombination(entries: [])
        c.entries = entries.map { ($0.animation.copy(), $0.start, $0.target, $0.done) }
        (c.change, c.logicallyDone, c.framed) = (change, logicallyDone, framed)
        return c
    }
}

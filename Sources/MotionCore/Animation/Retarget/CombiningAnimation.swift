import Foundation

/// What runs when an animation that does not merge arrives while another runs: SwiftUI's
/// `DefaultCombiningAnimation` (docs/semantics.md §4.3 item 4).
///
/// Each entry is an animation, the elapsed time at which it joined, and its cumulative target —
/// the whole interval as of that change. At time t, going through the entries in order:
///
///     result = 0
///     entry i finished earlier:  result = cumulative_i
///     otherwise:                 x_i = animate_i(value: cumulative_i − result, time: t − start_i)
///                                result = x_i == nil ? cumulative_i : result + x_i
///
/// For curve-like animations (`animate(v) = p(t)·v`) this is a chain of lerps:
/// `result_i = lerp(result_{i−1}, cumulative_i, p_i(t))` — each newer animation moves from the
/// current, still moving, value of all earlier ones to its own target. It is *not* the sum of the
/// deltas' independent animations, which agrees with it only at entry starts and once earlier
/// entries finish. The combination finishes when its last entry does, exactly at the target, and
/// is logically complete when its last entry is.
///
/// Its velocity is the sum of the entries' velocities on their rebased values (inferred: SwiftUI
/// documents interpolating springs as "adding the effects of each animation"); nil when the
/// newest entry reports none.
public struct CombiningAnimation: CustomAnimation {
    public struct Entry: Hashable, Sendable {
        public let animation: Animation
        /// The elapsed time of the combination at which this entry joined.
        public let startTime: TimeInterval

        @inlinable
        public init(animation: Animation, startTime: TimeInterval) {
            self.animation = animation
            self.startTime = startTime
        }
    }

    @usableFromInline
    internal var _entries: [Entry]

    /// The combined animations, oldest first.
    @inlinable
    public var entries: [Entry] { _entries }

    @inlinable
    internal init(entries: [Entry]) { self._entries = entries }

    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        _evaluate(time: time, states: &context.state[CombiningStateKey<V>.self], logicallyComplete: &context._isLogicallyComplete)
    }

    @inlinable
    internal func _evaluate<V: VectorArithmetic>(time: TimeInterval, states: inout [CombiningEntryState<V>], logicallyComplete: inout Bool) -> V? {
        assert(states.count == entries.count, "combining state out of step with its entries")
        var result = V.zero
        let last = entries.count - 1
        for index in entries.indices {
            guard states[index].context != nil else {
                result = states[index].cumulativeValue
                continue
            }
            let entry = entries[index]
            let rebased = states[index].cumulativeValue - result
            let x = entry.animation.animate(value: rebased, time: time - entry.startTime, context: &states[index].context!)
            let entryLogicallyComplete = states[index].context!.isLogicallyComplete
            if let x {
                states[index].frameInterval = rebased
                result += x
            } else {
                states[index].context = nil
                result = states[index].cumulativeValue
            }
            if index == last {
                logicallyComplete = logicallyComplete || entryLogicallyComplete || x == nil
                return x == nil ? nil : result
            }
        }
        return nil
    }

    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        let states = context.state[CombiningStateKey<V>.self]
        guard states.count == entries.count, !entries.isEmpty else { return nil }
        // Each running entry's interval of the last frame. Entries are only appended, so only the
        // last can have joined since that frame; then the intervals are rebuilt by animating copies
        // of the entries' states.
        let framed = states[states.count - 1].context == nil || states[states.count - 1].frameInterval != nil
        var result = V.zero
        var velocity = V.zero
        for index in entries.indices {
            guard let entryContext = states[index].context else {
                result = states[index].cumulativeValue
                continue
            }
            let entry = entries[index]
            let rebased = framed ? states[index].frameInterval! : states[index].cumulativeValue - result
            let entryVelocity = entry.animation.velocity(value: rebased, time: time - entry.startTime, context: entryContext)
            if index == entries.count - 1, entryVelocity == nil { return nil }
            velocity += entryVelocity ?? .zero

            if !framed {
                var probe = entryContext
                result += entry.animation.animate(value: rebased, time: time - entry.startTime, context: &probe) ?? rebased
            }
        }
        return velocity
    }

    /// The combination of `previous` — running on `previousInterval` with `previousContext` — and
    /// `next`, which joins at `elapsed` towards `nextInterval` (the old interval plus the new
    /// change). A previous combination is extended rather than nested.
    @inlinable
    public static func combining<V: VectorArithmetic>(
        previous: Animation, previousContext: AnimationContext<V>, previousInterval: V,
        next: Animation, nextInterval: V, elapsed: TimeInterval
    ) -> (animation: Animation, context: AnimationContext<V>) {
        var context = previousContext
        var extended = previous
        if _extend(&extended, context: &context, with: next, nextInterval: nextInterval, elapsed: elapsed) { return (extended, context) }
        let freshEntryContext = AnimationContext<V>(state: AnimationState(), environment: previousContext.environment)
        let combined = CombiningAnimation(entries: [Entry(animation: previous, startTime: 0), Entry(animation: next, startTime: elapsed)])
        var combinedContext = AnimationContext<V>(state: AnimationState(), environment: previousContext.environment)
        context._isLogicallyComplete = previousContext._isLogicallyComplete
        combinedContext.state[CombiningStateKey<V>.self] = [
            CombiningEntryState(cumulativeValue: previousInterval, context: context),
            CombiningEntryState(cumulativeValue: nextInterval, context: freshEntryContext),
        ]
        return (Animation(combined), combinedContext)
    }
}

extension CombiningAnimation {
    /// Appends `next` to `animation` in place when it already is a combination, and says whether
    /// it did. In place matters: a copy of the entries (in the animation or in the context's
    /// state) would make each further change cost as much as all before it, and a burst of n
    /// changes at one time n² (8,000 coincident changes took seconds).
    @usableFromInline
    internal static func _extend<V: VectorArithmetic>(
        _ animation: inout Animation, context: inout AnimationContext<V>, with next: Animation,
        nextInterval: V, elapsed: TimeInterval
    ) -> Bool {
        guard var combined = animation._base(as: CombiningAnimation.self) else { return false }
        // Drops the existential's reference to the entries, so that appending does not copy them.
        animation = Animation(CombiningAnimation(entries: []))
        combined._entries.append(Entry(animation: next, startTime: elapsed))
        let fresh = AnimationContext<V>(state: AnimationState(), environment: context.environment)
        context.state[CombiningStateKey<V>.self].append(CombiningEntryState(cumulativeValue: nextInterval, context: fresh))
        // Logically complete when its last entry is (docs/semantics.md §4.3 item 4): the new one is not yet.
        context._isLogicallyComplete = false
        animation = Animation(combined)
        return true
    }
}

/// One entry's running state: its cumulative target, and its context while it runs (nil once it
/// has finished).
public struct CombiningEntryState<V: VectorArithmetic> {
    public var cumulativeValue: V
    public var context: AnimationContext<V>?
    /// The interval the entry animated at the last frame (its target less the value of the entries
    /// before it); nil before its first frame. The combination's velocity is read on these, the
    /// frame's own, never on a state that frame already moved on (a repeat whose cycle ended there
    /// shows its whole interval, though its next cycle starts at 0).
    public var frameInterval: V? = nil

    @inlinable
    public init(cumulativeValue: V, context: AnimationContext<V>?) {
        self.cumulativeValue = cumulativeValue
        self.context = context
    }
}

public struct CombiningStateKey<V: VectorArithmetic>: AnimationStateKey {
    @inlinable
    public static var defaultValue: [CombiningEntryState<V>] { [] }
}

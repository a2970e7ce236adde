import Foundation

/// `repeatCount(_:autoreverses:)` and `repeatForever(autoreverses:)` (docs/semantics.md §3.2).
///
/// Each frame the base runs on the time since the current cycle began. When it finishes, its
/// state is reset, the cycle index advances and the next cycle begins *at the frame that
/// detected the end* — so each cycle is stretched by up to one frame, as in SwiftUI. With
/// `autoreverses`, odd cycles run backwards (`value − x`); an autoreversing animation that ends
/// after an even number of cycles therefore snaps to the model value when it finishes.
///
/// The count is checked when a cycle ends, so a count of 0 or less plays once, like 1.
/// `repeatForever` never finishes by itself.
public struct RepeatAnimation: CustomAnimation {
    public let base: Animation
    /// The number of cycles, nil for forever. Autoreversed cycles count.
    public let repeatCount: Int?
    public let autoreverses: Bool

    @inlinable
    public init(base: Animation, repeatCount: Int?, autoreverses: Bool) {
        self.base = base
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
    }

    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        var cycle = context.state[RepeatStateKey.self]
        let reversed = autoreverses && cycle.index % 2 == 1
        guard let x = base.animate(value: value, time: time - cycle.timeOffset, context: &context) else {
            cycle.index += 1
            cycle.timeOffset = time
            context.state = AnimationState()
            context.state[RepeatStateKey.self] = cycle
            if let count = repeatCount, cycle.index >= count { return nil }
            return reversed ? .zero : value
        }
        return reversed ? value - x : x
    }

    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        let cycle = context.state[RepeatStateKey.self]
        let velocity = base.velocity(value: value, time: time - cycle.timeOffset, context: context)
        return autoreverses && cycle.index % 2 == 1 ? velocity.map { .zero - $0 } : velocity
    }

    @inlinable
    public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
        guard let previous = previous._base(as: Self.self), previous == self else { return false }
        let cycle = context.state[RepeatStateKey.self]
        return base.shouldMerge(previous: previous.base, value: value, time: time - cycle.timeOffset, context: &context)
    }
}

/// The repeat's cycle: which one, and when it began.
public struct RepeatState: Sendable {
    public var index: Int = 0
    public var timeOffset: TimeInterval = 0

    @inlinable
    public init() {}
}

public enum RepeatStateKey: AnimationStateKey {
    @inlinable
    public static var defaultValue: RepeatState { RepeatState() }
}

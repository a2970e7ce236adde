import Foundation

/// One animatable value over time: a model value that changes in transactions, and a presented
/// value that animates towards it — SwiftUI's animatable attribute without views
/// (docs/semantics.md §4.3, §6.2).
///
///     let offset = AnimatedProperty(0.0)
///     withAnimation(.bouncy) { offset.set(100, at: 0) }
///     offset.presentedValue(at: 0.25)
///
/// - A change with an animation animates the delta from the old model value to the new one.
///   A change without one applies at once, while running animations continue on their own deltas.
/// - A new animated change while an animation runs merges into it when the new animation's
///   `shouldMerge` says so (springs keep position and velocity), and otherwise combines with it as
///   a chain of lerps (§4.3 item 3).
/// - Completion callbacks fire exactly once, by their criteria (§6.2). `.logicallyComplete`
///   callbacks of a change follow that change's animation even after a later change merges or
///   combines; `.removed` callbacks wait until every animation on the value has finished.
/// - A change that leaves the value as it was does nothing, as an unchanged state does nothing
///   in SwiftUI. A change to a value that is not finite (NaN, ±∞) applies at once, unanimated.
///
/// Time is an argument. Times must not go backwards: an earlier (or NaN) time is treated as the
/// latest time seen. A property belongs to one thread at a time.
public final class AnimatedProperty<Value: Animatable> {
    public typealias Data = Value.AnimatableData

    /// Options of the runtime.
    public struct Options: Sendable {
        /// Decision 6: changes that coincide before the first frame merge or combine as usual
        /// (true, the default). False reproduces the older behaviour: the second change replaces
        /// the first's animation, which is dropped, so the value jumps to the intermediate target.
        public var mergesCoincidentAnimations: Bool

        public init(mergesCoincidentAnimations: Bool = true) {
            self.mergesCoincidentAnimations = mergesCoincidentAnimations
        }
    }

    /// The value as last set.
    public private(set) var modelValue: Value
    public let options: Options

    private var animator: Animator?
    /// Earlier animations kept only to report their own logical completion (§6.2 "Fork").
    private var forks: [Fork] = []
    private var latestTime = -Double.infinity

    public init(_ value: Value, options: Options = Options()) {
        self.modelValue = value
        self.options = options
    }

    /// Whether an animation is running (it may already be logically complete).
    public var isAnimating: Bool {
        // Unspecialised, the comparison copied the optional animator through value witnesses
        // (a third of a frame of `property.*`, which asks every frame).
        @_specialize(exported:true,where Value == Double)
        get { animator != nil }
    }

    /// The animation in effect, if any: the original, the one merged into it, or a combination.
    public var runningAnimation: Animation? { animator?.running.animation }

    /// Sets the model value at `time` in `transaction`, after the transaction has passed through
    /// `path` — the modifiers between the change and this value, outermost first (§7).
    @_specialize(exported:true,where Value == Double)
    public func set(_ newValue: Value, at time: TimeInterval, transaction: Transaction = .current, path: [TransactionModifier] = []) {
        let time = _monotonic(time)
        let transaction = transaction.applying(path)
        let delta = newValue.animatableData - modelValue.animatableData
        modelValue = newValue
        let size = delta.magnitudeSquared
        let changed = size > 0
        guard changed, size.isFinite, let animation = transaction._effectiveAnimation else { return }
        let listeners = transaction._completionListeners
        listeners.forEach { $0._animationAdded() }
        let logical = listeners.filter { $0.criteria == .logicallyComplete }
        let removed = listeners.filter { $0.criteria == .removed }
        let started = RunningAnimation(animation: animation, interval: delta, beginTime: time)

        // Taken out, not copied, so that the running animation is extended in place (both paths
        // below put an animator back).
        guard var current = animator.take() else {
            animator = Animator(running: started, logicalListeners: logical, removedListeners: removed)
            return
        }
        let merges = options.mergesCoincidentAnimations
        if !current.hasRendered && !merges {
            // Decision 6, old behaviour: the first change's animation is dropped, which completes
            // its callbacks, and the second runs on its own delta from the intermediate value.
            animator = Animator(running: started, logicalListeners: logical, removedListeners: removed)
            (current.logicalListeners + current.removedListeners).forEach { $0._animationCompleted() }
            return
        }
        if !current.logicalListeners.isEmpty {
            forks.append(Fork(running: current.running, listeners: current.logicalListeners))
        }
        current.running.retarget(by: delta, with: animation, at: time)
        current.logicalListeners = logical
        current.removedListeners += removed
        animator = current
    }

    /// The presented value at `time`, advancing the animations to it and firing the completion
    /// callbacks that came due.
    // A generic class's methods run unspecialised when called from another module, looking up
    // the metadata of its private types every frame; for `Double` (as for `set`, `velocity` and
    // `isAnimating`) an exported specialisation, which callers in other modules use (the figures
    // are in docs/performance.md).
    @_specialize(exported:true,where Value == Double)
    public func presentedValue(at time: TimeInterval) -> Value {
        let time = _monotonic(time)
        latestTime = time
        var result = modelValue
        // Taken out, not copied: with `animator` still holding it, the first write into the
        // running animation's state would copy that state (an allocation every frame).
        if var current = animator.take() {
            current.hasRendered = true
            if let offset = current.running.offset(at: time) {
                result.animatableData = modelValue.animatableData - current.running.interval + offset
                if current.running.isLogicallyComplete {
                    current.completeLogicalListeners()
                }
                animator = current
            } else {
                animator = nil
                current.completeLogicalListeners()
                current.removedListeners.forEach { $0._animationCompleted() }
            }
        }
        advanceForks(to: time)
        return result
    }

    /// The presented value's velocity at `time`, in animatable-data units per second: the running
    /// animation's, zero when nothing runs or the animation reports none. Call it after
    /// `presentedValue(at:)` for the same time: stateful animations report the velocity of their
    /// last step.
    @_specialize(exported:true,where Value == Double)
    public func velocity(at time: TimeInterval) -> Data {
        animator?.running.velocity(at: _monotonic(time)) ?? .zero
    }

    /// `time`, or the latest time seen if it is earlier or NaN (0 before any time was seen).
    private func _monotonic(_ time: TimeInterval) -> TimeInterval {
        if time.isNaN { return latestTime.isFinite ? latestTime : 0 }
        return max(time, latestTime)
    }

    /// Advances the forks and completes the callbacks of those that finished or logically
    /// completed; when the value stopped animating, every fork is done.
    private func advanceForks(to time: TimeInterval) {
        let animatorRemoved = animator == nil
        var index = 0
        while index < forks.count {
            let finished = forks[index].running.offset(at: time) == nil
            if finished || forks[index].running.isLogicallyComplete || animatorRemoved {
                forks.remove(at: index).listeners.forEach { $0._animationCompleted() }
            } else {
                index += 1
            }
        }
    }

    private struct Animator {
        var running: RunningAnimation<Data>
        var logicalListeners: [AnimationCompletionListener]
        var removedListeners: [AnimationCompletionListener]
        var hasRendered = false

        mutating func completeLogicalListeners() {
            let listeners = logicalListeners
            logicalListeners = []
            listeners.forEach { $0._animationCompleted() }
        }
    }

    private struct Fork {
        var running: RunningAnimation<Data>
        var listeners: [AnimationCompletionListener]
    }
}

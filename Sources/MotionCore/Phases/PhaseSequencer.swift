import Foundation

/// `PhaseAnimator`'s logic without views (docs/semantics.md §6.1, decision 5): a sequence of
/// phases, each animated to with the animation the closure returns for it, driving values
/// derived from the phase.
///
/// - Continuous form: shows the first phase, then immediately animates to the second, and so on;
///   after the last it loops back to the first, forever.
/// - Trigger form: rests on the first phase; each `trigger(at:)` animates through the second, the
///   third, … the last, and back to the first, where it rests again. A trigger arriving mid-cycle
///   restarts the cycle from the current values towards the second phase (inferred).
/// - The closure receives the phase being animated *to*. A phase advances when its animation is
///   logically complete. A nil animation applies the phase at once; it advances on the next
///   `update(at:)`, so a sequence of nil phases moves one phase per frame rather than spinning.
///
/// Drive it with `update(at:)` every frame; bind values with `bind(_:)`.
public final class PhaseSequencer<Phase> {
    public enum Mode: Sendable { case continuous, trigger }

    public let phases: [Phase]
    public let mode: Mode
    private let animation: (Phase) -> Animation?
    private var bindings: [(set: (Phase, TimeInterval, Transaction) -> Void, advance: (TimeInterval) -> Void)] = []
    private var startTime: TimeInterval
    private var started = false
    private var isCycling = false
    private var advanceIsDue = false
    /// When the current phase was entered: it is left at a later frame only.
    private var enteredAt = -Double.infinity
    /// Counts transitions, so that the completion of a phase that was interrupted is ignored.
    private var generation = 0

    /// The index of the phase shown or being animated to.
    public private(set) var currentIndex = 0

    /// Every phase change: when it began and which phase it went to.
    public private(set) var transitions: [(time: TimeInterval, index: Int)] = []

    /// The phase shown or being animated to.
    public var currentPhase: Phase { phases[currentIndex] }

    /// Fails with `PhaseSequencerError.emptyPhases` when there are no phases (SwiftUI logs a
    /// runtime warning and shows a placeholder).
    public init(
        _ phases: [Phase], mode: Mode = .continuous, startTime: TimeInterval = 0,
        animation: @escaping (Phase) -> Animation? = { _ in .default }
    ) throws {
        guard !phases.isEmpty else { throw PhaseSequencerError.emptyPhases }
        self.phases = phases
        self.mode = mode
        self.animation = animation
        self.startTime = startTime
    }

    /// A value derived from the phase, animated as the phases change.
    public func bind<Value: Animatable>(_ value: @escaping (Phase) -> Value) -> AnimatedProperty<Value> {
        let property = AnimatedProperty(value(currentPhase))
        bindings.append(
            (
                set: { phase, time, transaction in property.set(value(phase), at: time, transaction: transaction) },
                advance: { time in _ = property.presentedValue(at: time) }
            ))
        return property
    }

    /// The trigger value changed at `time`.
    public func trigger(at time: TimeInterval) {
        guard mode == .trigger else { return }
        started = true
        isCycling = true
        transition(to: 1 % phases.count, at: time)
    }

    /// Advances the bound values to `time` and starts the next phase when the current one is done.
    public func update(at time: TimeInterval) {
        for binding in bindings { binding.advance(time) }
        if !started {
            // The first update shows the first phase and, in the continuous form, starts the
            // animation to the second; one phase change per update.
            started = true
            if mode == .continuous {
                isCycling = true
                transition(to: 1 % phases.count, at: startTime)
                for binding in bindings { binding.advance(time) }
            }
            return
        }
        // A phase is left at a frame after the one it was entered at (§6.1), even when its change
        // made no animation and completed at once — as a trigger's restart can.
        guard advanceIsDue, isCycling, time > enteredAt else { return }
        advanceIsDue = false
        if mode == .trigger && currentIndex == 0 {
            isCycling = false
            return
        }
        transition(to: (currentIndex + 1) % phases.count, at: time)
    }

    private func transition(to index: Int, at time: TimeInterval) {
        currentIndex = index
        enteredAt = time
        transitions.append((time, index))
        advanceIsDue = false
        generation += 1
        let thisGeneration = generation
        var transaction = Transaction(animation: animation(phases[index]))
        let listener = transaction.addAnimationCompletion(criteria: .logicallyComplete) { [weak self] in
            guard let self, self.generation == thisGeneration else { return }
            self.advanceIsDue = true
        }
        for binding in bindings { binding.set(phases[index], time, transaction) }
        listener._bodyFinished()
    }
}

/// Why a phase sequencer could not be made.
public enum PhaseSequencerError: Error, Equatable, CustomStringConvertible {
    case emptyPhases

    public var description: String {
        switch self {
        case .emptyPhases: return "a phase sequencer needs at least one phase; the phase list was empty"
        }
    }
}

/// When an animation counts as complete for a completion callback (§6.2).
public struct AnimationCompletionCriteria: Hashable, Sendable {
    @usableFromInline
    internal enum _Kind: Hashable, Sendable { case logicallyComplete, removed }

    @usableFromInline
    internal let _kind: _Kind

    /// "The animation has logically completed, but may still be in its long tail." A later
    /// change that merges or combines does not delay it: the callback fires when the animations
    /// of its own change logically complete.
    public static let logicallyComplete = AnimationCompletionCriteria(_kind: .logicallyComplete)

    /// "The entire animation is finished and will now be removed." A later change that adds
    /// animations on the same values delays it until all of them are done.
    public static let removed = AnimationCompletionCriteria(_kind: .removed)
}

/// A completion callback waiting for the animations of one transaction: it counts the animations
/// it was attached to and fires exactly once, when the count returns to zero after the body that
/// made the changes has finished.
public final class AnimationCompletionListener {
    public let criteria: AnimationCompletionCriteria
    private var callback: (() -> Void)?
    private var pending = 0
    private var bodyFinished = false

    init(criteria: AnimationCompletionCriteria, callback: @escaping () -> Void) {
        self.criteria = criteria
        self.callback = callback
    }

    /// Whether the callback has run.
    public var hasFired: Bool { callback == nil }

    /// An animation this listener waits for was created.
    func _animationAdded() { pending += 1 }

    /// An animation this listener waited for met its criteria.
    func _animationCompleted() {
        pending -= 1
        _fireIfDone()
    }

    /// The body of the transaction has returned; with nothing animated, fire now.
    @usableFromInline package func _bodyFinished() {
        bodyFinished = true
        _fireIfDone()
    }

    private func _fireIfDone() {
        guard bodyFinished, pending <= 0, let callback else { return }
        self.callback = nil
        callback()
    }
}

extension Transaction {
    private enum CompletionListenersKey: TransactionKey {
        static var defaultValue: [AnimationCompletionListener] { [] }
    }

    /// The completion listeners the changes of this transaction report to.
    @usableFromInline package var _completionListeners: [AnimationCompletionListener] {
        get { self[CompletionListenersKey.self] }
        set { self[CompletionListenersKey.self] = newValue }
    }

    /// Adds a completion callback for the animations this transaction creates. The callback fires
    /// once the transaction's body has run (`_bodyFinished`) and its animations are complete.
    @discardableResult
    public mutating func addAnimationCompletion(
        criteria: AnimationCompletionCriteria = .logicallyComplete, _ completion: @escaping () -> Void
    ) -> AnimationCompletionListener {
        let listener = AnimationCompletionListener(criteria: criteria, callback: completion)
        _completionListeners.append(listener)
        return listener
    }
}

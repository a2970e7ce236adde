/// What an animation sees besides its value and time: its state, its environment, and whether it
/// has logically completed (docs/semantics.md §4.2).
///
/// A harness drives an animation directly with one context per animation run:
///
///     var context = AnimationContext<Double>()
///     while let x = animation.animate(value: 100, time: t, context: &context) { … }
public struct AnimationContext<Value: VectorArithmetic> {
    /// The animation's state, kept between frames.
    public var state: AnimationState<Value>

    /// Values from where the animation runs.
    public var environment: EnvironmentValues

    @usableFromInline
    internal var _isLogicallyComplete: Bool

    /// Whether the animation has reached its logical end, though it may still be moving in a long
    /// tail. Set once: setting it back to false is ignored. An animation that never sets it is
    /// logically complete when it finishes (returns nil).
    @inlinable
    public var isLogicallyComplete: Bool {
        get { _isLogicallyComplete }
        set { _isLogicallyComplete = _isLogicallyComplete || newValue }
    }

    /// A context with empty state and environment.
    @inlinable
    public init() {
        self.init(state: AnimationState(), environment: EnvironmentValues())
    }

    @inlinable
    public init(state: AnimationState<Value>, environment: EnvironmentValues = EnvironmentValues(), isLogicallyComplete: Bool = false) {
        self.state = state
        self.environment = environment
        self._isLogicallyComplete = isLogicallyComplete
    }

    /// A context for another value type with the given state, carrying over the environment and
    /// the logical-completion flag.
    @inlinable
    public func withState<T: VectorArithmetic>(_ state: AnimationState<T>) -> AnimationContext<T> {
        AnimationContext<T>(state: state, environment: environment, isLogicallyComplete: _isLogicallyComplete)
    }
}

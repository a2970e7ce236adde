/// A key into a `Transaction`, with the value it reads as when not set.
public protocol TransactionKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// The context of a change: which animation it runs with, and anything else the code making the
/// change wants the animated values to know (docs/semantics.md §7).
///
/// A transaction is a property list keyed by `TransactionKey` types. A key that was set — even to
/// nil — overrides the same key of an outer transaction when the two are merged; a key never set
/// reads as its default.
public struct Transaction {
    @usableFromInline
    internal var _values: [ObjectIdentifier: Any] = [:]

    /// An empty transaction: no animation.
    @inlinable
    public init() {}

    /// A transaction that animates its changes with `animation` (nil: explicitly none).
    @inlinable
    public init(animation: Animation?) {
        self.animation = animation
    }

    @inlinable
    public subscript<K: TransactionKey>(key: K.Type) -> K.Value {
        get { (_values[ObjectIdentifier(key)] as? K.Value) ?? K.defaultValue }
        set { _values[ObjectIdentifier(key)] = newValue }
    }

    /// This transaction's keys laid over `base`'s: where both set a key, this one wins.
    @inlinable
    public func merged(over base: Transaction) -> Transaction {
        var result = base
        result._values.merge(_values) { _, new in new }
        return result
    }
}

extension Transaction {
    /// The animation the change runs with; nil for none.
    public var animation: Animation? {
        get { self[AnimationKey.self] }
        set { self[AnimationKey.self] = newValue }
    }

    /// Set during the first half of a two-part update so that animation modifiers do not insert
    /// their animations. Only the animation modifiers honour it; an animation already in the
    /// transaction still runs (§7).
    public var disablesAnimations: Bool {
        get { self[DisablesAnimationsKey.self] }
        set { self[DisablesAnimationsKey.self] = newValue }
    }

    /// Whether changes come from a continuous interaction (a gesture); with no animation, such
    /// changes are tracked so that a following spring inherits their velocity (§4.4).
    public var tracksVelocity: Bool {
        get { self[TracksVelocityKey.self] }
        set { self[TracksVelocityKey.self] = newValue }
    }

    /// Whether the change is part of a continuous stream of changes, such as a drag.
    public var isContinuous: Bool {
        get { self[IsContinuousKey.self] }
        set { self[IsContinuousKey.self] = newValue }
    }

    /// `animation != nil && !disablesAnimations`.
    public var isAnimated: Bool { animation != nil && !disablesAnimations }

    /// Removes the animation and disables animation modifiers.
    public mutating func disableAnimations() {
        animation = nil
        disablesAnimations = true
    }

    /// The animation a changed value actually starts: the transaction's animation, or velocity
    /// tracking when `tracksVelocity` is set and there is none. `disablesAnimations` is not
    /// consulted here (§4.3 item 1, §7).
    @usableFromInline package var _effectiveAnimation: Animation? {
        return animation ?? (tracksVelocity ? Animation(VelocityTrackingAnimation()) : nil)
    }

    private enum AnimationKey: TransactionKey { static var defaultValue: Animation? { nil } }
    private enum DisablesAnimationsKey: TransactionKey { static var defaultValue: Bool { false } }
    private enum TracksVelocityKey: TransactionKey { static var defaultValue: Bool { false } }
    private enum IsContinuousKey: TransactionKey { static var defaultValue: Bool { false } }
}

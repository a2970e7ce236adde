/// A key into `EnvironmentValues`, with its default.
public protocol EnvironmentKey {
    associatedtype Value: Sendable
    static var defaultValue: Value { get }
}

/// Values an animation can read from where it runs, keyed by `EnvironmentKey` types. Without
/// views this is a plain keyed store that a harness fills; a key never set reads as its default.
public struct EnvironmentValues: Sendable {
    @usableFromInline
    internal var _values: [ObjectIdentifier: any Sendable] = [:]

    @inlinable
    public init() {}

    @inlinable
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { (_values[ObjectIdentifier(key)] as? K.Value) ?? K.defaultValue }
        set { _values[ObjectIdentifier(key)] = newValue }
    }
}

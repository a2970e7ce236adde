/// A key into an animation's per-run state (`AnimationState`), with the value it starts from.
public protocol AnimationStateKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// The state an animation keeps between frames, keyed by `AnimationStateKey` types.
///
/// A key that was never written reads as its `defaultValue`. Values are held in boxes that are
/// mutated in place while the state is uniquely owned, so an animation that rewrites its state
/// every frame does not allocate once its keys exist (docs/semantics.md §4.2).
public struct AnimationState<Value: VectorArithmetic> {
    @usableFromInline
    internal var _entries: [(key: ObjectIdentifier, box: _AnimationStateBox)] = []

    @inlinable
    public init() {}

    @inlinable
    public subscript<K: AnimationStateKey>(key: K.Type) -> K.Value {
        get {
            let id = ObjectIdentifier(key)
            for entry in _entries where entry.key == id {
                return unsafeDowncast(entry.box, to: _TypedAnimationStateBox<K.Value>.self).value
            }
            return K.defaultValue
        }
        set {
            let id = ObjectIdentifier(key)
            for index in _entries.indices where _entries[index].key == id {
                if isKnownUniquelyReferenced(&_entries[index].box) {
                    unsafeDowncast(_entries[index].box, to: _TypedAnimationStateBox<K.Value>.self).value = newValue
                } else {
                    _entries[index].box = _TypedAnimationStateBox(newValue)
                }
                return
            }
            _entries.append((id, _TypedAnimationStateBox(newValue)))
        }
        _modify {
            let box = _uniqueBox(for: key)
            yield &box.value
        }
    }

    /// The box holding `key`'s value, created with the default if absent and copied if shared,
    /// so that it can be mutated in place.
    @inlinable
    internal mutating func _uniqueBox<K: AnimationStateKey>(for key: K.Type) -> _TypedAnimationStateBox<K.Value> {
        let id = ObjectIdentifier(key)
        for index in _entries.indices where _entries[index].key == id {
            if !isKnownUniquelyReferenced(&_entries[index].box) {
                let value = unsafeDowncast(_entries[index].box, to: _TypedAnimationStateBox<K.Value>.self).value
                _entries[index].box = _TypedAnimationStateBox(value)
            }
            return unsafeDowncast(_entries[index].box, to: _TypedAnimationStateBox<K.Value>.self)
        }
        let box = _TypedAnimationStateBox(K.defaultValue)
        _entries.append((id, box))
        return box
    }

    /// Whether nothing has been stored.
    @inlinable
    public var isEmpty: Bool { _entries.isEmpty }
}

/// Storage for one state value. A class so a value can be updated in place without boxing it
/// into a fresh existential on every write.
@usableFromInline
internal class _AnimationStateBox {
    @usableFromInline init() {}
}

@usableFromInline
internal final class _TypedAnimationStateBox<T>: _AnimationStateBox {
    @usableFromInline var value: T

    @usableFromInline
    init(_ value: T) {
        self.value = value
        super.init()
    }
}

/// A view modifier that rewrites the transaction on its way to the values it wraps — the headless
/// form of `.animation(_:value:)`, `.animation(_:)`, `.transaction(_:)`,
/// `.transaction(value:_:)` and `.animation(_:body:)` (docs/semantics.md §7).
///
/// A value sits inside some of these modifiers; listing them from the outermost (nearest the
/// change) to the innermost (nearest the value) gives the *path* the transaction takes. Each
/// rewrites what the previous one passed down, so the innermost wins — which is why modifier order
/// matters, and why an implicit animation is not overridden by an explicit `withAnimation`.
public struct TransactionModifier {
    @usableFromInline
    internal let _transform: (inout Transaction) -> Void

    @inlinable
    internal init(_ transform: @escaping (inout Transaction) -> Void) {
        self._transform = transform
    }

    /// `.animation(animation, value: v)`: in a transaction in which `v` changed, and unless the
    /// transaction disables animations, the wrapped values animate with `animation` — nil
    /// included, which turns animation off. Otherwise it passes the transaction through.
    public static func animation(_ animation: Animation?, valueChanged: Bool) -> TransactionModifier {
        TransactionModifier { transaction in
            guard valueChanged, !transaction.disablesAnimations else { return }
            transaction.animation = animation
        }
    }

    /// `.animation(animation, value: value)` given the value before and after the transaction.
    public static func animation<Value: Equatable>(_ animation: Animation?, value: Value, previousValue: Value) -> TransactionModifier {
        .animation(animation, valueChanged: value != previousValue)
    }

    /// The deprecated `.animation(animation)`: applies on every transaction unless it disables
    /// animations.
    public static func animation(_ animation: Animation?) -> TransactionModifier {
        TransactionModifier { transaction in
            if !transaction.disablesAnimations { transaction.animation = animation }
        }
    }

    /// `.animation(animation) { content in … }`: the animation applies to what is inside `body`
    /// only. Pass whether the value is inside the body: outside, the transaction passes through.
    public static func animation(_ animation: Animation?, bodyContainsValue: Bool) -> TransactionModifier {
        bodyContainsValue ? .animation(animation) : TransactionModifier { _ in }
    }

    /// `.transaction(transform)`: rewrites every transaction, whatever it disables.
    public static func transaction(_ transform: @escaping (inout Transaction) -> Void) -> TransactionModifier {
        TransactionModifier(transform)
    }

    /// `.transaction(value: v, transform)`: rewrites only transactions in which `v` changed.
    public static func transaction(valueChanged: Bool, _ transform: @escaping (inout Transaction) -> Void) -> TransactionModifier {
        TransactionModifier { transaction in
            if valueChanged { transform(&transaction) }
        }
    }
}

extension Transaction {
    /// This transaction after passing down `path`, outermost modifier first.
    public func applying(_ path: [TransactionModifier]) -> Transaction {
        var transaction = self
        for modifier in path {
            modifier._transform(&transaction)
        }
        return transaction
    }
}

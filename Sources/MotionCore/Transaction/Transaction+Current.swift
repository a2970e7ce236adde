#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Each thread has its own stack of transactions: `withTransaction` pushes for the duration of its
// body, so nested calls see the merged transaction and other threads see nothing of it.

private final class _TransactionStack {
    var transactions: [Transaction] = []
}

private let _transactionStackKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
        let pointer: UnsafeMutableRawPointer? = pointer
        guard let pointer else { return }
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
}()

private func _currentThreadStack() -> _TransactionStack {
    if let pointer = pthread_getspecific(_transactionStackKey) {
        return Unmanaged<_TransactionStack>.fromOpaque(pointer).takeUnretainedValue()
    }
    let stack = _TransactionStack()
    pthread_setspecific(_transactionStackKey, Unmanaged.passRetained(stack as AnyObject).toOpaque())
    return stack
}

extension Transaction {
    /// The transaction in effect on this thread: the merge of every enclosing `withTransaction`,
    /// or an empty transaction outside them.
    public static var current: Transaction {
        _currentThreadStack().transactions.last ?? Transaction()
    }
}

/// Runs `body` with `transaction` laid over the current one (SwiftUI's behaviour since iOS 17:
/// the keys it sets override, the rest are inherited — §7), and returns what it returns.
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    let stack = _currentThreadStack()
    stack.transactions.append(transaction.merged(over: stack.transactions.last ?? Transaction()))
    defer { stack.transactions.removeLast() }
    return try body()
}

/// Runs `body` with one key of the transaction set.
public func withTransaction<Result, Value>(
    _ keyPath: WritableKeyPath<Transaction, Value>, _ value: Value, _ body: () throws -> Result
) rethrows -> Result {
    var transaction = Transaction()
    transaction[keyPath: keyPath] = value
    return try withTransaction(transaction, body)
}

/// Runs `body` with its changes animated by `animation` (nil: explicitly not animated).
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try withTransaction(Transaction(animation: animation), body)
}

/// Runs `body` with its changes animated by `animation`, and calls `completion` exactly once: when
/// the animations the body created meet `completionCriteria`, or straight after the body if it
/// created none (§6.2).
public func withAnimation<Result>(
    _ animation: Animation? = .default, completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
    _ body: () throws -> Result, completion: @escaping () -> Void
) rethrows -> Result {
    var transaction = Transaction(animation: animation)
    let listener = transaction.addAnimationCompletion(criteria: completionCriteria, completion)
    defer { listener._bodyFinished() }
    return try withTransaction(transaction, body)
}

/// The work of an operation. The body receives its own operation so that it can read
/// `isCancelled` and, when asynchronous, report `finish()`.
public enum OperationBody<Operation: QueueOperation>: Sendable {
    /// NSOperation's "non-concurrent" kind (override `main`): finished when the closure returns.
    case synchronous(@Sendable (Operation) -> Void)
    /// NSOperation's "concurrent" kind (override `start`): the closure starts work and returns;
    /// the operation stays executing, holding its width slot, until someone calls
    /// ``QueueOperation/finish()`` from any thread.
    case asynchronous(@Sendable (Operation) -> Void)

    /// Whether the body is ``asynchronous(_:)``: the operation finishes on `finish()`, not on return.
    public var isAsynchronous: Bool {
        if case .asynchronous = self { return true }
        return false
    }
}

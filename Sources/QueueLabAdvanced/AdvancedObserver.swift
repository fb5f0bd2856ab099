import QueueLabCore

/// Watches an ``AdvancedOperation``: start, produced operations, finish with errors.
///
/// Calls never arrive while the layer holds a lock. `operationDidFinish` arrives exactly once per
/// operation, after its work is done (after the body returned, or reported `finish`, even when it
/// was cancelled while running), and before dependents of the operation may start.
public protocol AdvancedObserver<Queue>: Sendable {
    associatedtype Queue: OperationQueueing
    /// The body is about to run (conditions passed, exclusivity granted).
    func operationDidStart(_ operation: AdvancedOperation<Queue>)
    /// `operation` produced `produced`, which its queue adds next.
    func operation(_ operation: AdvancedOperation<Queue>, didProduce produced: AdvancedOperation<Queue>)
    /// The operation's work is over: after its body, or without it (cancelled, failed condition).
    func operationDidFinish(_ operation: AdvancedOperation<Queue>, errors: [any Error])
}

extension AdvancedObserver {
    /// Does nothing: an observer need not watch starts.
    public func operationDidStart(_ operation: AdvancedOperation<Queue>) {}
    /// Does nothing: an observer need not watch produced operations.
    public func operation(_ operation: AdvancedOperation<Queue>, didProduce produced: AdvancedOperation<Queue>) {}
}

/// An observer made of closures (the talk's `BlockObserver`).
public struct BlockObserver<Queue: OperationQueueing>: AdvancedObserver {
    private let start: (@Sendable (AdvancedOperation<Queue>) -> Void)?
    private let produce: (@Sendable (AdvancedOperation<Queue>, AdvancedOperation<Queue>) -> Void)?
    private let finish: (@Sendable (AdvancedOperation<Queue>, [any Error]) -> Void)?

    /// An observer that calls `didStart`, `didProduce` and `didFinish` on the corresponding events;
    /// a nil closure ignores its event.
    public init(
        didStart: (@Sendable (AdvancedOperation<Queue>) -> Void)? = nil,
        didProduce: (@Sendable (AdvancedOperation<Queue>, AdvancedOperation<Queue>) -> Void)? = nil,
        didFinish: (@Sendable (AdvancedOperation<Queue>, [any Error]) -> Void)? = nil
    ) {
        start = didStart
        produce = didProduce
        finish = didFinish
    }

    /// Calls the `didStart` closure, if any.
    public func operationDidStart(_ operation: AdvancedOperation<Queue>) { start?(operation) }

    /// Calls the `didProduce` closure, if any.
    public func operation(_ operation: AdvancedOperation<Queue>, didProduce produced: AdvancedOperation<Queue>) {
        produce?(operation, produced)
    }

    /// Calls the `didFinish` closure, if any.
    public func operationDidFinish(_ operation: AdvancedOperation<Queue>, errors: [any Error]) {
        finish?(operation, errors)
    }
}

import QueueLabCore

/// What a transition made under ``PoolLock`` leaves to do once the lock is released: tell observers,
/// start workers, run completion handlers. None of it may run under the lock (an observer or a
/// handler could block, or call back into the queue).
///
/// Empty arrays do not allocate, so a transition with no observer, no handler and no new worker
/// costs nothing here; transitions wait in ``ObserverOutbox``, not here.
struct Aftermath {
    private var reported = false
    private var workers: [(queue: FifoPoolQueue, count: Int)] = []
    private var completions: [@Sendable () -> Void] = []

    /// Records a transition of `operation` for its observer; the transition is stamped now, under the
    /// lock, so its sequence number orders it as it happened.
    mutating func report(_ event: OperationEvent, of operation: FifoPoolOperation) {
        guard let observer = operation.observer else { return }
        let transition = StateTransition(
            operation: operation.id, name: operation.name, event: event, priority: operation.lockedPriority)
        ObserverOutbox.append(transition, for: observer)
        reported = true
    }

    mutating func startWorkers(_ count: Int, for queue: FifoPoolQueue) {
        if count > 0 { workers.append((queue, count)) }
    }

    mutating func complete(_ handler: (@Sendable () -> Void)?) {
        if let handler { completions.append(handler) }
    }

    /// Observers first (through ``ObserverOutbox``, in the order transitions were made), then
    /// workers (so that a handler that blocks holds up nothing else), then handlers.
    func perform() {
        if reported { ObserverOutbox.deliver() }
        for (queue, count) in workers { queue.startWorkers(count) }
        for handler in completions { handler() }
    }
}

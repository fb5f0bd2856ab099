import QueueLabCore

/// What a transition made under ``PoolLock`` leaves to do once the lock is released: tell observers,
/// start workers, run completion handlers. None of it may run under the lock (an observer or a
/// handler could block, or call back into the queue).
///
/// Empty arrays do not allocate, so a transition with no observer, no handler and no new worker
/// costs nothing here.
struct Aftermath {
    private var transitions: [(observer: any StateObserver, transition: StateTransition)] = []
    private var workers: [(queue: FifoPoolQueue, count: Int)] = []
    private var completions: [@Sendable () -> Void] = []

    /// Records a transition of `operation` for its observer; the transition is stamped now, under the
    /// lock, so its sequence number orders it as it happened.
    mutating func report(_ event: OperationEvent, of operation: FifoPoolOperation) {
        guard let observer = operation.observer else { return }
        let transition = StateTransition(
            operation: operation.id, name: operation.name, event: event, priority: operation.lockedPriority)
        transitions.append((observer, transition))
    }

    mutating func startWorkers(_ count: Int, for queue: FifoPoolQueue) {
        if count > 0 { workers.append((queue, count)) }
    }

    mutating func complete(_ handler: (@Sendable () -> Void)?) {
        if let handler { completions.append(handler) }
    }

    /// Observers first (a finished event precedes the handler), then workers (so that a handler that
    /// blocks holds up nothing else), then handlers.
    func perform() {
        for (observer, transition) in transitions { observer.operationDidTransition(transition) }
        for (queue, count) in workers { queue.startWorkers(count) }
        for handler in completions { handler() }
    }
}

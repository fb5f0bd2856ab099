extension OperationQueueing {
    /// ``addOperations(_:waitUntilFinished:)`` with `true`, bounded: adds the batch as one unit,
    /// then waits at most `timeout` for its members to finish.
    ///
    /// The members are added exactly as the unbounded form adds them (validated first, none added
    /// when one is refused, admitted together), so the bound changes only how long the call may
    /// block. One deadline covers the whole batch, not each member: the call returns within about
    /// `timeout` however many members are stuck.
    ///
    /// Like every wait, it covers the members, not their completion handlers (see
    /// <doc:LifetimeAndWaiting>). It does not wait for other operations of the queue: for those,
    /// use ``waitUntilAllOperationsAreFinished(timeout:)``.
    ///
    /// ```swift
    /// switch try queue.addOperations([download, resize], waitUntilFinishedWithin: .seconds(5)) {
    /// case .finished: break
    /// case .timedOut(let report): print(report)  // the members still unfinished, and on what they wait
    /// }
    /// ```
    ///
    /// Built on the members' own ``QueueOperation/waitUntilFinished(timeout:)``, so every queue that
    /// conforms to the protocol has it.
    ///
    /// - Returns: ``WaitOutcome/finished`` when every member finished in time; otherwise
    ///   ``WaitOutcome/timedOut(_:)`` with a ``StallReport`` that lists only the members of this
    ///   batch still unfinished (with their unfinished dependencies, which may be anywhere).
    /// - Throws: what ``addOperations(_:waitUntilFinished:)`` throws, before waiting; then no member
    ///   was added.
    public func addOperations(
        _ operations: [Operation], waitUntilFinishedWithin timeout: Duration
    ) throws(QueueError) -> WaitOutcome {
        // Taken before adding, so that the bound is that of the whole call.
        let (sum, overflow) = MonotonicClock.now().addingReportingOverflow(timeout.nanoseconds)
        let deadline = overflow ? UInt64.max : sum
        try addOperations(operations, waitUntilFinished: false)
        var allFinished = true
        for operation in operations {
            let now = MonotonicClock.now()
            let remaining = deadline > now ? deadline - now : 0
            // Once one member outlasted the deadline there is no time left to wait for the rest;
            // the report below reads their states instead.
            guard operation.waitUntilFinished(timeout: .nanoseconds(Int64(clamping: remaining))) else {
                allFinished = false
                break
            }
        }
        if allFinished { return .finished }
        // Read after the wait: a member that finished since its wait gave up is left out, and
        // when that leaves nothing, the batch did finish.
        let report = StallReport(queueName: name, isSuspended: isSuspended, operations: operations)
        return report.entries.isEmpty ? .finished : .timedOut(report)
    }
}

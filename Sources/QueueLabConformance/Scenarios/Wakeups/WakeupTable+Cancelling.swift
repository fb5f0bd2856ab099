import QueueLabCore

extension WakeupTable {
    /// Cancelling makes a waiting operation ready at once (its unfinished dependencies no longer
    /// count): it must finish, without its body, and what depends on it must run. The blocker it
    /// waits for is held until the harness closes, so only the cancel can let anything move.
    static func cancelling<Q: OperationQueueing>() -> [WakeupRow<Q>] {
        let needs: QueueCapabilities = [.cancellation, .dependencies, .crossQueueDependencies]
        var rows: [WakeupRow<Q>] = []
        for width in [1, -1] {
            for otherQueue in [false, true] {
                let place = "\(otherQueue ? "dependent in another queue" : "same queue"), width \(width)"
                rows.append(
                    WakeupRow("cancel() of its waiting dependency", place, needs: needs) { s in
                        let (queue, cancelled) = try waitingOnBlocker(s, width: width)
                        let watched = s.watched()
                        try s.depend(watched.op, on: cancelled)
                        try s.add(watched.op, to: otherQueue ? s.queue("dependents", width: width) : queue)
                        return WakeupCall(proof: .starts(watched)) { cancelled.cancel() }
                    })
                rows.append(
                    WakeupRow("cancelAllOperations() of its dependency's queue", place, needs: needs) { s in
                        let (queue, cancelled) = try waitingOnBlocker(s, width: width)
                        // The watched one must be elsewhere: cancelAll would cancel it too.
                        let watched = s.watched()
                        try s.depend(watched.op, on: cancelled)
                        try s.add(watched.op, to: s.queue("dependents", width: width))
                        return WakeupCall(proof: .starts(watched)) { queue.cancelAllOperations() }
                    })
            }
            rows.append(
                WakeupRow(
                    "cancel() of a waiting operation", "waiting on a held operation, width \(width)", needs: needs
                ) {
                    s in
                    let (_, cancelled) = try waitingOnBlocker(s, width: width)
                    return WakeupCall(proof: .finishes(cancelled)) { cancelled.cancel() }
                })
            rows.append(
                WakeupRow(
                    "cancelAllOperations()", "one waiting on a held operation, width \(width)", needs: needs
                ) { s in
                    let (queue, cancelled) = try waitingOnBlocker(s, width: width)
                    return WakeupCall(proof: .finishes(cancelled)) { queue.cancelAllOperations() }
                })
        }
        return rows
    }

    /// A queue of `width` holding an operation that waits on one held in another queue (so that
    /// the slots of the first stay free): returns the queue and the waiting operation.
    private static func waitingOnBlocker<Q: OperationQueueing>(_ s: WakeupStage<Q>, width: Int) throws -> (
        Q, Q.Operation
    ) {
        let queue = s.queue("q", width: width)
        let blocker = try s.running(1, in: s.queue("blockers", width: -1))[0]
        let waiting = s.harness.makeOperation("waiting")
        s.harness.expect(waiting, runs: .mustNot)
        try s.depend(waiting, on: blocker.op)
        try s.add(waiting, to: queue)
        return (queue, waiting)
    }
}

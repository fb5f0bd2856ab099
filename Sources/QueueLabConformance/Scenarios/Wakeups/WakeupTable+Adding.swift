import QueueLabCore

extension WakeupTable {
    /// Every way of adding: one operation, a batch (not waiting, waiting, waiting with a bound), a
    /// block, and an operation whose only dependency already finished.
    static func adding<Q: OperationQueueing>() -> [WakeupRow<Q>] {
        Start.all.flatMap { start -> [WakeupRow<Q>] in
            func row(
                _ call: String, needs: QueueCapabilities = [],
                _ add: @escaping (WakeupStage<Q>, Q, WatchedOperation<Q.Operation>) throws -> Void
            ) -> WakeupRow<Q> {
                WakeupRow(call, start.state, needs: needs, pause: start.pause) { s in
                    let queue = try start.queue(s)
                    let watched = s.watched()
                    return WakeupCall(proof: .starts(watched)) { try add(s, queue, watched) }
                }
            }
            return [
                row("addOperation") { s, queue, watched in try s.add(watched.op, to: queue) },
                row("addOperations(waitUntilFinished: false)") { s, queue, watched in
                    try s.harness.addBatch([watched.op, s.harness.makeOperation("member")], to: queue)
                },
                row("addOperations(waitUntilFinished: true)") { s, queue, watched in
                    let op = watched.op
                    s.detached("batch") { try? queue.addOperations([op], waitUntilFinished: true) }
                },
                row("addOperations(waitUntilFinishedWithin:)") { s, queue, watched in
                    let (op, bound) = (watched.op, s.harness.context.timeBound)
                    s.detached("batch") { _ = try? queue.addOperations([op], waitUntilFinishedWithin: bound) }
                },
                row("addOperation(block)") { _, queue, watched in
                    // The block stands for the watched body: it opens the same gate.
                    let started = watched.started
                    try queue.addOperation { started.open() }
                },
                row("addOperation with a finished dependency", needs: .dependencies) { s, queue, watched in
                    let done = s.harness.makeOperation("done")
                    try s.add(done, to: queue)
                    try s.harness.waitForFinish(done)
                    try s.depend(watched.op, on: done)
                    try s.add(watched.op, to: queue)
                },
            ]
        }
    }
}

import QueueLabCore

extension WakeupTable {
    /// `isSuspended = false` on a suspended queue holding a ready operation.
    static func resuming<Q: OperationQueueing>() -> [WakeupRow<Q>] {
        let ready = Start.all.map { start in
            WakeupRow<Q>("resume", "suspended, " + start.state, pause: start.pause) { s in
                let queue = try start.queue(s)
                queue.isSuspended = true
                let watched = s.watched()
                try s.add(watched.op, to: queue)
                return WakeupCall(proof: .starts(watched)) { queue.isSuspended = false }
            }
        }
        // Cancelled while suspended: Foundation finishes it at resume, so the resume must reach
        // a queue whose only work is cancelled (and what depends on it, elsewhere).
        let cancelled = [1, -1].flatMap { width in
            [false, true].map { all in
                WakeupRow<Q>(
                    "resume",
                    "suspended, its one operation \(all ? "cancelled by cancelAll" : "cancelled"), width \(width)",
                    needs: [.cancellation, .dependencies, .crossQueueDependencies], mayEndBeforeTheCall: true
                ) { s in
                    let queue = s.queue("q", width: width)
                    queue.isSuspended = true
                    let cancelled = s.harness.makeOperation("cancelled")
                    s.harness.expect(cancelled, runs: .mustNot)
                    try s.add(cancelled, to: queue)
                    let watched = s.watched()
                    try s.depend(watched.op, on: cancelled)
                    try s.add(watched.op, to: s.queue("dependents", width: width))
                    if all { queue.cancelAllOperations() } else { cancelled.cancel() }
                    return WakeupCall(proof: .starts(watched)) { queue.isSuspended = false }
                }
            }
        }
        return ready + cancelled
    }

    /// Raising `maxConcurrentOperationCount` of a full queue with a ready operation waiting.
    static func widening<Q: OperationQueueing>() -> [WakeupRow<Q>] {
        [(1, 2), (2, 3), (1, -1)].map { from, to in
            WakeupRow("maxConcurrentOperationCount = \(to)", "full at width \(from)") { s in
                let queue = s.queue("q", width: from)
                _ = try s.running(from, in: queue)
                let watched = s.watched()
                try s.add(watched.op, to: queue)
                return WakeupCall(proof: .starts(watched)) { queue.maxConcurrentOperationCount = to }
            }
        }
    }

    /// An operation of a full queue finishes (its body returns, or it calls `finish()`), freeing
    /// the slot a ready operation waits for.
    static func slotFreeing<Q: OperationQueueing>() -> [WakeupRow<Q>] {
        [(1, false), (2, false), (1, true), (2, true)].map { width, asynchronous in
            WakeupRow(
                asynchronous ? "finish() of an asynchronous operation" : "a body returns",
                "full at width \(width)", needs: asynchronous ? .asynchronousOperations : []
            ) { s in
                let queue = s.queue("q", width: width)
                let running = try s.running(width, in: queue, asynchronous: asynchronous)
                let watched = s.watched()
                try s.add(watched.op, to: queue)
                return WakeupCall(proof: .starts(watched)) { running[0].release.open() }
            }
        }
    }

    /// A barrier between a running operation and the watched one: the running one finishing lets
    /// the barrier run, and the barrier finishing lets the watched one run.
    static func barriers<Q: OperationQueueing>() -> [WakeupRow<Q>] {
        [1, 2, -1].map { width in
            WakeupRow("a barrier finishes", "a barrier behind a running operation, width \(width)", needs: .barriers) {
                s in
                let queue = s.queue("q", width: width)
                let running = try s.running(1, in: queue)
                try queue.addBarrierBlock {}
                let watched = s.watched()
                try s.add(watched.op, to: queue)
                return WakeupCall(proof: .starts(watched)) { running[0].release.open() }
            }
        }
    }

    /// A waiting operation's priority changes, then the call that lets it run: a queue that files
    /// operations by priority must not lose one it moves.
    static func priorityChanges<Q: OperationQueueing>() -> [WakeupRow<Q>] {
        let full = [QueuePriority.veryHigh, .veryLow].map { priority in
            WakeupRow<Q>(
                "a body returns after a priority change", "full at width 1, the waiting one moved to \(priority)",
                needs: .priorities
            ) { s in
                let queue = s.queue("q", width: 1)
                let running = try s.running(1, in: queue)
                let watched = s.watched()
                try s.add(watched.op, s.harness.makeOperation("other"), to: queue)
                watched.op.queuePriority = priority
                return WakeupCall(proof: .starts(watched)) { running[0].release.open() }
            }
        }
        let suspended = WakeupRow<Q>(
            "resume after a priority change", "suspended, idle, width 1, the waiting one moved to high",
            needs: .priorities
        ) { s in
            let queue = s.queue("q", width: 1)
            queue.isSuspended = true
            let watched = s.watched()
            try s.add(watched.op, to: queue)
            watched.op.queuePriority = .high
            return WakeupCall(proof: .starts(watched)) { queue.isSuspended = false }
        }
        return full + [suspended]
    }
}

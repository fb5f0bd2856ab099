import QueueLabCore

/// Every protocol call that can make work runnable, each in the states where it is the only thing
/// that can (an idle queue, one with a running worker, a full width, a suspended one; width 1 and
/// wider). Built from the contract, call by call, so that a lost wake-up anywhere shows, not only
/// the last one found.
enum WakeupTable {
    /// The rows of `liveness.wakeups`: every call but `removeDependency` (see ``dependencyRemoved``).
    static func rows<Q: OperationQueueing>(_: Q.Type) -> [WakeupRow<Q>] {
        adding() + resuming() + widening() + slotFreeing() + dependencyFinishing() + cancelling() + barriers()
            + priorityChanges()
    }

    /// Where a queue is before the call, for the rows that add to it or resume it.
    struct Start {
        let state: String
        let width: Int
        /// Held operations executing before the call (workers busy, slots left when below the width).
        let running: Int
        let pause: WakeupPause
        /// Whether the queue ran an operation to the end first: its workers are parked, not unborn.
        var drained = false

        static let all: [Start] = [
            Start(state: "idle, width 1", width: 1, running: 0, pause: .brief),
            Start(state: "idle, default width", width: -1, running: 0, pause: .brief),
            Start(state: "drained, width 1", width: 1, running: 0, pause: .brief, drained: true),
            Start(state: "drained, default width", width: -1, running: 0, pause: .brief, drained: true),
            Start(state: "idle with its workers retired, width 1", width: 1, running: 0, pause: .workersRetired),
            Start(state: "one worker running, width 2", width: 2, running: 1, pause: .brief),
            Start(state: "one worker running, default width", width: -1, running: 1, pause: .brief),
        ]

        /// A queue in this state (before the pause).
        func queue<Q: OperationQueueing>(_ s: WakeupStage<Q>) throws -> Q {
            let queue = s.queue("q", width: width)
            if drained {
                let first = s.harness.makeOperation("first")
                try s.add(first, to: queue)
                try s.harness.waitForFinish(first)
            }
            _ = try s.running(running, in: queue)
            return queue
        }
    }
}

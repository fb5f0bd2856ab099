import QueueLabCore

/// Every state of the contract that keeps an operation unfinished, and the one (a completion
/// handler still running) that must not hold a wait.
enum HoldingStates {
    static func all<Q: OperationQueueing>(_: Q.Type) -> [HoldingState<Q>] {
        [
            HoldingState("pending on a dependency in its queue", needs: .dependencies) { s in
                let queue = s.queue("q", width: -1)
                let dependency = try s.running(1, in: queue)[0]
                let target = s.harness.makeOperation("target")
                try s.depend(target, on: dependency.op)
                return Holding(queue: queue, covered: [target], target: target) { dependency.release.open() }
            },
            HoldingState("pending on a dependency in another queue", needs: [.dependencies, .crossQueueDependencies]) {
                s in
                let queue = s.queue("q", width: -1)
                let dependency = try s.running(1, in: s.queue("other", width: -1))[0]
                let target = s.harness.makeOperation("target")
                try s.depend(target, on: dependency.op)
                return Holding(queue: queue, covered: [target], target: target) { dependency.release.open() }
            },
            HoldingState("ready on a suspended queue") { s in
                let queue = s.queue("q", width: 1)
                queue.isSuspended = true
                let target = s.harness.makeOperation("target")
                return Holding(queue: queue, covered: [target], target: target) { queue.isSuspended = false }
            },
            HoldingState("ready, width full") { s in
                let queue = s.queue("q", width: 1)
                let running = try s.running(1, in: queue)[0]
                let target = s.harness.makeOperation("target")
                return Holding(queue: queue, covered: [target], target: target) { running.release.open() }
            },
            executing("executing its synchronous body", asynchronous: false),
            executing("executing its asynchronous body, finish() not called yet", asynchronous: true),
            HoldingState("cancelled on a suspended queue", needs: .cancellation) { s in
                let queue = s.queue("q", width: 1)
                queue.isSuspended = true
                let target = s.harness.makeOperation("target")
                s.harness.expect(target, runs: .mustNot)
                var holding = Holding(queue: queue, covered: [target], target: target) { queue.isSuspended = false }
                holding.afterAdd = { target.cancel() }
                return holding
            },
            HoldingState("a batch member executing, the others finished") { s in
                let queue = s.queue("q", width: -1)
                let target = s.held("target")
                let others = (1...3).map { s.harness.makeOperation("member\($0)") }
                var holding = Holding(queue: queue, covered: [target.op] + others, target: target.op) {
                    target.release.open()
                }
                holding.afterAdd = { try s.awaitStart(target) }
                return holding
            },
            addedWhileWaiting(),
            completionRunning(),
        ]
    }

    private static func executing<Q: OperationQueueing>(_ name: String, asynchronous: Bool) -> HoldingState<Q> {
        HoldingState(name, needs: asynchronous ? .asynchronousOperations : []) { s in
            let queue = s.queue("q", width: -1)
            let target = s.held("target", asynchronous: asynchronous)
            var holding = Holding(queue: queue, covered: [target.op], target: target.op) { target.release.open() }
            holding.afterAdd = { try s.awaitStart(target) }
            return holding
        }
    }

    /// An operation whose body adds the target a little after it starts: while the wait, made
    /// right after the add, is under way (or, on a slow machine, just before: covered either way).
    private static func addedWhileWaiting<Q: OperationQueueing>() -> HoldingState<Q> {
        HoldingState("added while waiting, by a running body", queueWideOnly: true) { s in
            let queue = s.queue("q", width: -1)
            let target = s.held("target")
            let delay = s.harness.makeGate()
            let pause = s.harness.context.observationWindow / 2
            let deadline = s.harness.deadline
            // Weakly: an operation holding its queue may drop the last reference on the queue's
            // own worker, under its lock, which some queues (the tests' own) cannot survive.
            let adder = s.harness.makeOperation("adder") { [weak queue] _ in
                // Never opened: a short bounded wait, so that the add lands inside the caller's wait.
                delay.wait(until: deadline.capped(pause))
                try? queue?.addOperation(target.op)
            }
            return Holding(queue: queue, covered: [adder], target: target.op) { target.release.open() }
        }
    }

    /// The target finished, its completion handler is held: the wait must return all the same.
    private static func completionRunning<Q: OperationQueueing>() -> HoldingState<Q> {
        HoldingState("finished, its completion handler still running") { s in
            let queue = s.queue("q", width: -1)
            let target = s.harness.makeOperation("target")
            let handler = s.harness.makeGate()
            let returned = Counter()
            let (deadline, patience) = (s.harness.deadline, s.harness.context.patience(atLeast: .seconds(2)))
            let recorder = s.harness.recorder
            let (id, name) = (target.id, target.name)
            target.completionHandler = {
                handler.wait(until: deadline.capped(patience))
                returned.increment()
                recorder.record(.completion(observed: .finished), operation: id, name: name)
            }
            var holding = Holding(queue: queue, covered: [target], target: target) { handler.open() }
            holding.handlerReturned = returned
            return holding
        }
    }
}

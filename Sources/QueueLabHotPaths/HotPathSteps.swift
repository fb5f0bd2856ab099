import QueueLabCore

/// The unmeasured building blocks of the scenarios. A refusal stops the process: a hot-path
/// benchmark of a queue that refuses plain operations has nothing to measure.
enum HotPathSteps<Queue: OperationQueueing> {
    static func suspendedQueue() -> Queue {
        let queue = Queue(name: "hot-path")
        queue.isSuspended = true
        return queue
    }

    /// A synchronous body that captures nothing, so making the operation allocates only what the
    /// queue's own operation type allocates.
    static func emptyOperation() -> Queue.Operation {
        Queue.Operation(name: nil, priority: .normal, body: .synchronous { _ in })
    }

    static func add(_ operation: Queue.Operation, to queue: Queue) {
        do {
            try queue.addOperation(operation)
        } catch {
            fatalError("\(Queue.implementationName) refused an operation: \(error)")
        }
    }

    static func depend(_ operation: Queue.Operation, on dependency: Queue.Operation) {
        do {
            try operation.addDependency(dependency)
        } catch {
            fatalError("\(Queue.implementationName) refused a dependency: \(error)")
        }
    }

    /// Resumes the queue and waits, bounded, until it is empty; a stall stops the run with the report.
    static func drain(_ queue: Queue) {
        queue.isSuspended = false
        if case .timedOut(let report) = queue.waitUntilAllOperationsAreFinished(timeout: HotPath.drainLimit) {
            fatalError("\(Queue.implementationName) did not drain within \(HotPath.drainLimit):\n\(report)")
        }
    }
}

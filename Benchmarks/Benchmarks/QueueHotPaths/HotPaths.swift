import Benchmark
import QueueLabCore

/// The hot paths of one implementation: add, start and finish, dependency release, cancel.
/// Everything a measurement does not mean to count (creating the queue and its operations, draining
/// what is left) happens outside `startMeasurement()`/`stopMeasurement()`.
enum HotPaths<Queue: OperationQueueing> {
    static var prefix: String { Queue.implementationName }
    static var batch: Int { HotPathConfiguration.batch }
    static func configuration(_ name: String) -> Benchmark.Configuration {
        HotPathConfiguration.configuration(for: prefix, name: name)
    }
    static var drainLimit: Duration { .seconds(30) }

    static func register() {
        Benchmark("\(prefix)-add", configuration: configuration("\(prefix)-add")) { benchmark in
            for _ in benchmark.scaledIterations {
                let queue = suspendedQueue()
                let operations = (0..<batch).map { _ in emptyOperation() }
                benchmark.startMeasurement()
                for operation in operations { add(operation, to: queue) }
                benchmark.stopMeasurement()
                drain(queue)
            }
        }

        Benchmark("\(prefix)-start-finish", configuration: configuration("\(prefix)-start-finish")) { benchmark in
            for _ in benchmark.scaledIterations {
                let queue = suspendedQueue()
                for _ in 0..<batch { add(emptyOperation(), to: queue) }
                benchmark.startMeasurement()
                drain(queue)
                benchmark.stopMeasurement()
            }
        }

        Benchmark("\(prefix)-dependency-release", configuration: configuration("\(prefix)-dependency-release")) {
            benchmark in
            for _ in benchmark.scaledIterations {
                let queue = suspendedQueue()
                let chain = (0..<batch).map { _ in emptyOperation() }
                for (earlier, later) in zip(chain, chain.dropFirst()) { depend(later, on: earlier) }
                for operation in chain { add(operation, to: queue) }
                benchmark.startMeasurement()
                drain(queue)
                benchmark.stopMeasurement()
            }
        }

        Benchmark("\(prefix)-cancel", configuration: configuration("\(prefix)-cancel")) { benchmark in
            for _ in benchmark.scaledIterations {
                let queue = suspendedQueue()
                for _ in 0..<batch { add(emptyOperation(), to: queue) }
                benchmark.startMeasurement()
                queue.cancelAllOperations()
                drain(queue)
                benchmark.stopMeasurement()
            }
        }
    }

    static func suspendedQueue() -> Queue {
        let queue = Queue(name: "hot-path")
        queue.isSuspended = true
        return queue
    }

    static func emptyOperation() -> Queue.Operation {
        Queue.Operation(name: nil, priority: .normal, body: .synchronous { operation in blackHole(operation) })
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
        if case .timedOut(let report) = queue.waitUntilAllOperationsAreFinished(timeout: drainLimit) {
            fatalError("\(Queue.implementationName) did not drain:\n\(report)")
        }
    }
}

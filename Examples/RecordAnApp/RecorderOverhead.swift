import LockBasedQueue
import QueueLabCore
import QueueLabRecorder

/// `noop` through a lock queue with and without a recorder installed: the recorder's cost as
/// throughput lost. A third round with an observer that does nothing separates what any observer
/// costs the queue (it builds and delivers each transition) from what the recorder adds.
enum RecorderOverhead {
    /// Named on the command line by its raw value (`round ROUND N PATH`).
    enum Round: String, CaseIterable {
        case without, recorder
        case emptyObserver = "empty-observer"
    }

    /// Operations a second of `count` empty operations added one by one and drained.
    static func throughput(count: Int, _ round: Round, recorder: QueueRecorder?) -> Double {
        let queue = LockQueue(name: "noop")
        switch round {
        case .without: break
        case .recorder: recorder?.install(on: queue)
        case .emptyObserver: queue.setStateObserver(EmptyObserver())
        }
        let operations = (0..<count).map { _ in
            LockOperation(name: nil, priority: .normal, body: .synchronous { _ in })
        }
        let start = MonotonicClock.now()
        for operation in operations { try? queue.addOperation(operation) }
        _ = queue.waitUntilAllOperationsAreFinished(timeout: .seconds(60))
        return Double(count) / (Double(MonotonicClock.now() - start) / 1e9)
    }
}

final class EmptyObserver: StateObserver {
    func operationDidTransition(_ transition: StateTransition) {}
}

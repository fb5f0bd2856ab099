import LockBasedQueue
import QueueLabCore
import QueueLabRecorder

/// `noop` through a lock queue with and without a recorder installed: the recorder's cost as
/// throughput lost, the rounds interleaved so that a drift of the machine hits both alike.
enum RecorderOverhead {
    /// Operations a second of `count` empty operations added one by one and drained.
    static func throughput(count: Int, recorder: QueueRecorder?) -> Double {
        let queue = LockQueue(name: "noop")
        if let recorder { recorder.install(on: queue) }
        let operations = (0..<count).map { _ in LockOperation(name: nil, priority: .normal, body: .synchronous { _ in })
        }
        let start = MonotonicClock.now()
        for operation in operations { try? queue.addOperation(operation) }
        _ = queue.waitUntilAllOperationsAreFinished(timeout: .seconds(60))
        return Double(count) / (Double(MonotonicClock.now() - start) / 1e9)
    }
}

import QueueLabCore
import QueueLabScheduling

/// A bare scheduled operation: the state machine and the graph never run bodies.
final class TestOperation: ScheduledOperation, @unchecked Sendable {
    // @unchecked: adds no stored state; the superclass documents its guarding domains.
    init(_ name: String, _ priority: QueuePriority = .normal) {
        super.init(name: name, priority: priority, isAsynchronous: false)
    }
}

enum ScheduledOperationForTesting {
    static func asynchronous(_ name: String) -> ScheduledOperation {
        ScheduledOperation(name: name, priority: .normal, isAsynchronous: true)
    }
}

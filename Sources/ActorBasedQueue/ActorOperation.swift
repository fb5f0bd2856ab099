import QueueLabCore
import QueueLabScheduling

/// An operation for ``ActorQueue``.
public final class ActorOperation: ScheduledOperation, ScheduledQueueOperation, @unchecked Sendable {
    // @unchecked: the only stored property added here is an immutable Sendable enum; the
    // superclass documents the domains that guard its state.
    private let body: OperationBody<ActorOperation>

    public init(name: String?, priority: QueuePriority, body: OperationBody<ActorOperation>) {
        self.body = body
        super.init(name: name, priority: priority, isAsynchronous: body.isAsynchronous)
    }

    override public func runBody() {
        switch body {
        case .synchronous(let work), .asynchronous(let work): work(self)
        }
    }
}

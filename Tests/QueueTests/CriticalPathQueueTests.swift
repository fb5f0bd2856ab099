import ActorBasedQueue
import LockBasedQueue
import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// `critical-path` inside both queues: a serial queue, suspended while operations are added, starts
/// the head of a chain first though it was added after a backlog of independent work; `strict`
/// starts it after the backlog. Bodies record their names.
@Suite(.onBlockingThreads) struct CriticalPathQueueTests {
    enum Kind: String, CaseIterable { case lock, actor }

    static let backlog = (0..<20).map { "i\($0)" }
    static let chain = (0..<5).map { "c\($0)" }

    /// Adds the backlog, then the chain's head, then the rest of the chain (each waiting for the
    /// one before): the head is ready and listed when the operations behind it arrive, so its
    /// rank rises while it is listed, through the queue's relisting.
    static func order<Q: PolicyScheduledQueue>(_: Q.Type, _ policy: some SchedulingPolicy) throws -> [String]
    where Q.Operation: ScheduledQueueOperation {
        let queue = Q(name: "critical-path", policy: policy)
        let order = ProbeLog<String>()
        func operation(_ name: String) -> Q.Operation {
            Q.Operation(name: name, priority: .normal, body: .synchronous { [order] _ in order.append(name) })
        }
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        for name in backlog { try queue.addOperation(operation(name)) }
        var previous = operation(chain[0])
        try queue.addOperation(previous)
        for name in chain.dropFirst() {
            let next = operation(name)
            try next.addDependency(previous)
            try queue.addOperation(next)
            previous = next
        }
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        return order.snapshot
    }

    @Test(arguments: Kind.allCases)
    func aChainsHeadAddedLastStartsFirst(_ kind: Kind) throws {
        let (critical, strict) =
            switch kind {
            case .lock: (try Self.order(LockQueue.self, .criticalPath), try Self.order(LockQueue.self, .strict))
            case .actor: (try Self.order(ActorQueue.self, .criticalPath), try Self.order(ActorQueue.self, .strict))
            }
        // The chain's last operation has nothing behind it: rank 0 like the backlog, which was
        // ready before it.
        #expect(critical == Self.chain.dropLast() + Self.backlog + Self.chain.suffix(1))
        #expect(strict == Self.backlog + Self.chain)
    }

    /// The rank crosses queues: an operation of another queue waiting for the head raises it.
    @Test func aDependentInAnotherQueueRaisesTheHead() throws {
        let other = LockQueue(name: "other", policy: .strict)
        other.isSuspended = true
        let queue = LockQueue(name: "critical-path", policy: .criticalPath)
        let order = ProbeLog<String>()
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        for name in Self.backlog {
            try queue.addOperation(
                LockOperation(name: name, priority: .normal, body: .synchronous { _ in order.append(name) }))
        }
        let head = LockOperation(name: "head", priority: .normal, body: .synchronous { _ in order.append("head") })
        try queue.addOperation(head)
        let waiter = LockOperation(name: "waiter", priority: .normal, body: .synchronous { _ in })
        try waiter.addDependency(head)
        try other.addOperation(waiter)
        #expect(head.chainHeight == 1)
        queue.isSuspended = false
        other.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(other.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(order.snapshot.first == "head")
    }
}

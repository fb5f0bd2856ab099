import QueueLabCore
import QueueLabScheduling

/// The queue side of the simulated operations: the real `QueueStateMachine` with the real policy,
/// reached by the real `DependencyGraph` as it reaches the lock queue. Wakeups are collected, not
/// carried out: the simulator turns each into a worker event at a later virtual time.
final class SimulatedHost: OperationHost, @unchecked Sendable {
    // @unchecked Sendable: a simulation runs on one thread from its start to its end. The graph
    // calls a host back only on the thread that called the graph, which for a simulated operation
    // is always the simulation's (nothing else holds these operations), and the host is dropped
    // when the run returns.
    //
    // Unchecked exclusivity, as the queues' host fields: the dynamic check costs a runtime call per
    // access, and no access to these is ever held open across a call that reaches them again (the
    // graph calls back only between the simulator's own accesses).
    @exclusivity(unchecked) var machine: QueueStateMachine
    @exclusivity(unchecked) var wakeups: [Wakeup] = []
    private let inheritsPriority: Bool
    private let ranksByHeight: Bool

    init(policy: any SchedulingPolicy, width: Int) {
        machine = QueueStateMachine(defaultWidth: width, policy: policy)
        _ = machine.setMaxConcurrentOperationCount(width)
        inheritsPriority = policy.promises.contains(.priorityInheritance)
        ranksByHeight = policy.ranksByHeight
    }

    func dependenciesReleased(_ operation: ScheduledOperation) -> Wakeup { machine.release(operation) }

    func dependencyBlocked(_ operation: ScheduledOperation) { _ = machine.block(operation) }

    func readinessDecided(_ operation: ScheduledOperation, isReady: Bool) -> Wakeup {
        guard operation.placement == .unplaced else { return .none }
        return machine.enqueue(operation, isReady: isReady)
    }

    func priorityChanged(_ operation: ScheduledOperation) { machine.reprioritize(operation) }

    func effectivePriorityChanged(_ operation: ScheduledOperation) {
        if inheritsPriority { machine.reprioritize(operation) }
    }

    func heightRaised(_ operation: ScheduledOperation) {
        if ranksByHeight { machine.reprioritize(operation) }
    }

    /// Simulated operations are synchronous.
    func asynchronousOperationFinished(_ operation: ScheduledOperation) -> Bool { false }

    func perform(_ wakeup: Wakeup) {
        if wakeup != .none { wakeups.append(wakeup) }
    }
}

/// A simulated operation: its index in the shape, its body's duration and its times so far besides
/// the scheduling state; the figures take its times when it finishes, and nothing of it stays.
final class SimulatedOperation: ScheduledOperation, @unchecked Sendable {
    // @unchecked Sendable: as its superclass's; a run reads and writes the times on its one thread.
    let index: Int
    let duration: UInt64
    var enqueued: UInt64 = 0
    /// `notStarted` until a worker takes it to run its body (one taken cancelled never is).
    var started = notStarted
    static let notStarted = UInt64.max

    init(index: Int, priority: QueuePriority, duration: UInt64) {
        self.index = index
        self.duration = duration
        super.init(name: nil, priority: priority, isAsynchronous: false)
    }
}

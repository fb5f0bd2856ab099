import QueueLabCore
@_spi(QueueInternals) import QueueLabScheduling

/// The scheduling state of an ``ActorQueue``, isolated in an actor: the same ``QueueStateMachine``
/// the lock queue keeps behind its mutex. Workers are long-lived tasks that pull from it: each hop
/// retires the previous operation and takes the next one, so there is no task per operation.
actor QueueScheduler {
    /// Isolated to the actor; unchecked for the reason given on `ScheduledOperation`'s fields.
    @exclusivity(unchecked) private var machine: QueueStateMachine
    private let inbox: Inbox
    /// The machine's log of policy faults (a thread-safe object), readable off the actor.
    nonisolated let policyFaultLog: PolicyFaultLog?

    init(inbox: Inbox, defaultWidth: Int, policy: some SchedulingPolicy) {
        self.inbox = inbox
        self.machine = QueueStateMachine(defaultWidth: defaultWidth, policy: policy)
        self.policyFaultLog = machine.policyFaultLog
    }

    /// What a worker does next.
    struct Step: Sendable {
        /// Deliveries recorded into on the actor, to run off it.
        var transitions = PendingDeliveries()
        /// The operation to run (or, when `runsBody` is false, to finish unrun); nil: the worker ends.
        var operation: ScheduledOperation?
        var runsBody = false
    }

    /// Applies the inbox; returns the deliveries to run.
    func drain() -> PendingDeliveries {
        var transitions = PendingDeliveries()
        apply(inbox.take(byDrainTask: true), &transitions)
        return transitions
    }

    /// Retires what the worker ran (a synchronous body that returned, or a cancelled operation it
    /// finished unrun) or notes that an asynchronous body returned, then hands it the next operation.
    func next(after previous: ScheduledOperation?, retiring: Bool) -> Step {
        var step = Step()
        var retired: ScheduledOperation?
        if let previous {
            if retiring {
                // The slot it freed is this worker's to fill: nobody is woken for it. (`finished`
                // would count a worker to start for it, never started, and the next wake-up of
                // this queue, an asynchronous `finish()`, would find the width already full of
                // workers.)
                machine.finishedOnWorker(previous)
                step.transitions.note(previous.enter(.finished))
                retired = previous
                // Its dependents enter the inbox now, so the pick below weighs them against the
                // work already ready (a veryHigh dependent goes before a normal backlog, as on the
                // lock queue); released after the pick, one operation of the backlog went first.
                // The graph takes its lock and posts to inboxes: it never waits for this actor.
                previous.releaseDependents()
            } else {
                start(machine.asynchronousBodyReturned(previous))
            }
        }
        apply(inbox.take(retiring: retired), &step.transitions)
        guard let taken = machine.next() else {
            machine.workerExits()
            return step
        }
        step.operation = taken.operation
        step.runsBody = taken.runsBody
        if taken.runsBody { step.transitions.note(taken.operation.enter(.executing)) }
        return step
    }

    private func apply(_ events: [InboxEvent], _ transitions: inout PendingDeliveries) {
        for event in events {
            switch event {
            case .enqueue(let operation):
                guard operation.placement == .unplaced else { continue }
                start(machine.enqueue(operation, isReady: true))
                note(operation, entering: .ready, &transitions)
            case .decide(let operation, let isReady):
                // A release or a cancel may have placed the operation already (it may even be running).
                guard operation.placement == .unplaced else { continue }
                start(machine.enqueue(operation, isReady: isReady))
                note(operation, entering: isReady ? .ready : .pending, &transitions)
            case .release(let operation):
                let wasWaiting = operation.placement == .waiting || operation.placement == .unplaced
                start(machine.release(operation))
                if wasWaiting { note(operation, entering: .ready, &transitions) }
            case .block(let operation):
                if machine.block(operation) { note(operation, entering: .pending, &transitions) }
            case .reprioritize(let operation):
                machine.reprioritize(operation)
            case .asynchronousFinish(let operation):
                start(machine.finished(operation))
                inbox.remove(operation)
            case .beginAdmission:
                machine.beginAdmission()
            case .endAdmission:
                machine.endAdmission().forEach(start)
            case .setWidth(let width):
                machine.setMaxConcurrentOperationCount(width).forEach(start)
            case .setSuspended(let suspended):
                machine.setSuspended(suspended).forEach(start)
            }
        }
    }

    private func note(
        _ operation: ScheduledOperation, entering state: OperationState, _ transitions: inout PendingDeliveries
    ) {
        transitions.note(operation.enter(state))
    }

    /// Workers never park: one with nothing to take ends, and new work starts a new one, so no
    /// continuation can be left waiting.
    private func start(_ wakeup: Wakeup) {
        guard wakeup == .spawn else { return }
        Task.detached(executorPreference: WorkerExecutor.shared) { [self, inbox] in
            await Self.work(scheduler: self, inbox: inbox)
        }
    }

    /// A worker's loop, off the actor: bodies, observers and completion handlers never run on it.
    private static func work(scheduler: QueueScheduler, inbox: Inbox) async {
        var previous: ScheduledOperation?
        var retiring = false
        while true {
            let step = await scheduler.next(after: previous, retiring: retiring)
            deliverBeforeStarting(step.transitions)
            if retiring, let handler = previous?.completeFinishTakingHandler() { runAside(handler) }
            guard let operation = step.operation else { return }
            if step.runsBody { WorkerExecutor.shared.runBody(operation.runBody) }
            previous = operation
            // An asynchronous operation that ran stays executing; `finish()` retires it.
            retiring = !(step.runsBody && operation.isAsynchronous)
        }
    }

    /// A completion handler may block: it runs in a task of its own, outside any worker, so ready
    /// work never waits for it (and, like a body, it does not count as the executor's capacity).
    private static func runAside(_ handler: @escaping @Sendable () -> Void) {
        Task.detached(executorPreference: WorkerExecutor.shared) { WorkerExecutor.shared.runBody(handler) }
    }

    static func deliver(_ transitions: PendingDeliveries) {
        guard !transitions.isEmpty else { return }
        // An observer is code the queue does not own: it runs as a body does (it may block).
        WorkerExecutor.shared.runBody { transitions.deliver() }
    }

    /// As ``deliver(_:)``, for a worker about to start a body: returns once the observer received
    /// the step's transitions (its `executing` among them), whichever thread delivered them.
    private static func deliverBeforeStarting(_ transitions: PendingDeliveries) {
        guard !transitions.isEmpty else { return }
        WorkerExecutor.shared.runBody { transitions.deliverBeforeStarting() }
    }
}

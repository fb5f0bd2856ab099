import HeapModule
import QueueLabCore
import QueueLabRecorder
import QueueLabScheduling

/// A deterministic discrete-event simulation of one queue in virtual time: the real
/// `QueueStateMachine` and policy decide every start, the real `DependencyGraph` releases
/// dependents (and keeps the inherited priorities and chain heights the policies read), bodies take
/// their drawn durations, and the queue's own costs come from a ``SimulationCalibration``.
///
/// The model of the lock queue: a worker that finishes an operation looks for the next itself; one
/// that finds nothing parks, and new work wakes a parked worker (or starts one, up to the width)
/// after `wakeup_ns`; an operation with dependents costs its worker `handoff_ns` before they are
/// ready and it looks again; every operation costs `overhead_ns` on its core besides its body.
/// With more width than cores, operations that hold a slot wait for a core in the order they were
/// taken (no time slicing).
///
/// - Complexity: O(log e) per event for e events pending (at most one per worker, plus one
///   arrival); the machine's and policy's costs per transition as in the queues.
public struct Simulator {
    public let shape: SimulationShape
    public let calibration: SimulationCalibration
    public let width: Int
    public let cores: Int

    /// - Precondition: `width` and `cores` are at least 1.
    public init(shape: SimulationShape, calibration: SimulationCalibration, width: Int, cores: Int) {
        precondition(width >= 1 && cores >= 1, "width and cores are at least 1")
        self.shape = shape
        self.calibration = calibration
        self.width = width
        self.cores = cores
    }

    /// Runs the shape under `policy` (an empty policy value, as a queue takes it).
    ///
    /// - Parameters:
    ///   - policy: the policy's value; each queue of the shape runs its own copy.
    ///   - keepingTimeline: also keep every operation's times and the start order
    ///     (``SimulationResult/timeline``), which costs memory in every operation of the run; without
    ///     it a finished operation is freed whole and the figures come from the tally.
    public func run(policy: any SchedulingPolicy, keepingTimeline: Bool = false) throws(QueueError)
        -> SimulationResult
    {
        var run = SimulationRun(self, policy: policy, keepingTimeline: keepingTimeline)
        try run.start()
        try run.loop()
        return run.result
    }
}

/// The state of one run; see ``Simulator``.
struct SimulationRun {
    let shape: SimulationShape
    let costs: SimulationCalibration
    /// One per queue of the shape (a recording has several), each with its own machine and copy
    /// of the policy, as each replayed queue has.
    let hosts: [SimulatedHost]
    let links: [HostLink]
    /// Held while the run lasts when the policy ranks by chain height: the graph keeps heights only
    /// while someone asks.
    let heights: DependencyGraph.HeightTracking?
    var events = Heap<SimulationEvent>()
    var sequence: UInt64 = 0
    var now: UInt64 = 0
    /// Operations alive (added, not finished); nil before and after.
    var operations: [SimulatedOperation?]
    /// Each worker's queue, by worker number.
    var workerQueue: [Int32] = []
    /// Each queue's parked workers, the longest parked first from `parkedHead`.
    var parked: [[Int32]]
    var parkedHead: [Int]
    var freeCores: Int
    var waitingForCore: [(worker: Int32, operation: Int32)] = []
    var waitingHead = 0
    var running = 0
    var result: SimulationResult
    /// Workloads with arrivals: each arriving operation's dependencies (edges added as it arrives).
    let arrivingEdges: [Int: [Int]]

    init(_ simulator: Simulator, policy: any SchedulingPolicy, keepingTimeline: Bool) {
        shape = simulator.shape
        costs = simulator.calibration
        hosts = simulator.shape.queueWidths.map { width in
            SimulatedHost(policy: policy, width: width < 1 ? simulator.width : width)
        }
        links = hosts.map { host in
            let link = HostLink()
            link.connect(host)
            return link
        }
        parked = Array(repeating: [], count: hosts.count)
        parkedHead = Array(repeating: 0, count: hosts.count)
        heights = policy.ranksByHeight ? DependencyGraph.HeightTracking(cap: policy.heightCap) : nil
        freeCores = simulator.cores
        operations = Array(repeating: nil, count: shape.count)
        var timeline: SimulationTimeline?
        if keepingTimeline {
            let zeros = [UInt64](repeating: 0, count: shape.count)
            timeline = SimulationTimeline(
                priorities: shape.priorities, durations: shape.durations, enqueued: zeros, started: zeros,
                finished: zeros)
            timeline?.startOrder.reserveCapacity(shape.count)
        }
        result = SimulationResult(tally: SimulationTally(), timeline: timeline, peakConcurrency: 0, events: 0)
        arrivingEdges =
            shape.arrivals == nil ? [:] : Dictionary(grouping: shape.edges, by: \.0).mapValues { $0.map(\.1) }
    }

    mutating func schedule(_ kind: SimulationEvent.Kind, at time: UInt64, worker: Int32 = -1, operation: Int = -1) {
        sequence &+= 1
        events.insert(
            SimulationEvent(
                time: time, sequence: sequence, kind: kind, worker: worker,
                operation: Int32(truncatingIfNeeded: operation)
            ))
    }

    /// Closed workloads: every operation and edge in place on a suspended queue, then released at
    /// time 0. Open ones: the first arrival.
    mutating func start() throws(QueueError) {
        // Before the first arrival: a change at the time of an add comes first, as in a replay.
        for index in shape.queueChanges.indices {
            schedule(.queueChange, at: shape.queueChanges[index].at, operation: index)
        }
        if let arrivals = shape.arrivals {
            if let first = arrivals.first { schedule(.arrival, at: first, operation: 0) }
            return
        }
        for index in 0..<shape.count { operations[index] = made(index) }
        for (dependent, dependency) in shape.edges {
            try DependencyGraph.addDependency(operations[dependency]!, to: operations[dependent]!)
        }
        for host in hosts {
            host.machine.virtualTime = 0
            _ = host.machine.setSuspended(true)
        }
        for index in shape.addOrder { add(index) }
        for host in hosts { host.wakeups += host.machine.setSuspended(false) }
        carryOutWakeups()
    }

    /// The queue's add: claim, then readiness (decided by the graph for an operation with edges).
    mutating func add(_ index: Int) {
        let operation = operations[index]!
        operation.enqueued = now
        result.timeline?.enqueued[index] = now
        let queue = queue(of: index)
        _ = operation.claim(by: links[queue], delivery: nil)
        if operation.needsGraphDecision {
            DependencyGraph.decideReadiness(of: operation)
        } else {
            hosts[queue].perform(hosts[queue].machine.enqueue(operation, isReady: true))
        }
    }

    /// The shape's operation `index`, made.
    func made(_ index: Int) -> SimulatedOperation {
        SimulatedOperation(index: index, priority: shape.priorities[index], duration: shape.durations[index])
    }

    /// The queue an operation is added to: its recorded one, else the only one (operations an
    /// `overload` producer adds during the run have no index in the shape).
    func queue(of index: Int) -> Int {
        guard let queues = shape.queues, index < queues.count else { return 0 }
        return queues[index]
    }

    mutating func loop() throws(QueueError) {
        while let event = events.popMin() {
            now = event.time
            // A policy that reads the time (aging) reads the virtual one.
            for host in hosts { host.machine.virtualTime = now }
            result.events += 1
            switch event.kind {
            case .arrival: try arrive(Int(event.operation))
            case .workerStarts: look(event.worker)
            case .workerWakes:
                hosts[Int(workerQueue[Int(event.worker)])].machine.workerWakes()
                look(event.worker)
            case .bodyEnds: bodyEnds(worker: event.worker, operation: Int(event.operation))
            case .cancel:
                // Freed already: it finished before its cancel came, which then changes nothing.
                operations[Int(event.operation)]?.requestCancel()
                carryOutWakeups()
            case .cancelledEnds:
                finish(worker: event.worker, operation: Int(event.operation))
            case .queueChange: changeQueue(shape.queueChanges[Int(event.operation)])
            case .handOffEnds:
                operations[Int(event.operation)]!.releaseDependents()
                operations[Int(event.operation)] = nil
                carryOutWakeups()
                look(event.worker)
            }
        }
    }

    /// The operations that arrive at this time, from `first` on: made, their edges added, then added
    /// in order, as a producer adds a batch. The next arrival is scheduled from here, so one arrival
    /// at a time is pending.
    mutating func arrive(_ first: Int) throws(QueueError) {
        guard let arrivals = shape.arrivals else { return }
        var last = first
        while last + 1 < arrivals.count, arrivals[last + 1] <= arrivals[first] { last += 1 }
        for index in first...last where operations[index] == nil { operations[index] = made(index) }
        for index in first...last {
            for dependency in arrivingEdges[index] ?? [] {
                // A dependency added later (a recording's may be) is made now, to be added when
                // it arrives; one that finished (and was freed) no longer holds anything back.
                if dependency > last, operations[dependency] == nil { operations[dependency] = made(dependency) }
                guard let waitedFor = operations[dependency] else { continue }
                try DependencyGraph.addDependency(waitedFor, to: operations[index]!)
            }
        }
        for index in first...last {
            add(index)
            if let after = shape.cancelAfter?[index] { schedule(.cancel, at: now &+ after, operation: index) }
        }
        carryOutWakeups()
        if last + 1 < arrivals.count {
            schedule(.arrival, at: max(now, arrivals[last + 1]), operation: last + 1)
        }
    }

    /// `overload`'s producer, in the body that ends: the next operation of its class, added while
    /// the operation still holds its slot (so it wakes nobody unless a slot is free).
    mutating func refill(after index: Int) {
        let added = operations.count
        let finishing = operations[index]!
        operations.append(
            SimulatedOperation(index: added, priority: finishing.priority, duration: finishing.duration))
        if result.timeline != nil {
            result.timeline!.priorities.append(finishing.priority)
            result.timeline!.durations.append(finishing.duration)
            result.timeline!.enqueued.append(0)
            result.timeline!.started.append(0)
            result.timeline!.finished.append(0)
        }
        add(added)
        carryOutWakeups()
    }

    /// The wakeups the machine decided become workers looking for work after the wake-up cost.
    mutating func carryOutWakeups() {
        for (queue, host) in hosts.enumerated() where !host.wakeups.isEmpty {
            for wakeup in host.wakeups {
                switch wakeup {
                case .spawn:
                    workerQueue.append(Int32(queue))
                    schedule(
                        .workerStarts, at: now &+ costs.wakeupNanoseconds, worker: Int32(workerQueue.count - 1))
                case .signal:
                    let worker = parked[queue][parkedHead[queue]]
                    parkedHead[queue] += 1
                    schedule(.workerWakes, at: now &+ costs.wakeupNanoseconds, worker: worker)
                case .nudge, .none: break
                }
            }
            host.wakeups.removeAll(keepingCapacity: true)
            if parkedHead[queue] > 1_024, parkedHead[queue] * 2 > parked[queue].count {
                parked[queue].removeFirst(parkedHead[queue])
                parkedHead[queue] = 0
            }
        }
    }

    /// A worker takes the next operation or parks.
    mutating func look(_ worker: Int32) {
        let queue = Int(workerQueue[Int(worker)])
        guard let taken = hosts[queue].machine.next() else {
            hosts[queue].machine.workerParks()
            parked[queue].append(worker)
            return
        }
        // Safe: this host holds only the operations this run made, all SimulatedOperation.
        let operation = unsafeDowncast(taken.operation, to: SimulatedOperation.self)
        guard taken.runsBody else {
            // Cancelled before it started: the worker retires it without a body or a core, at the
            // cost of its overhead, as the queue's worker retires one it takes cancelled.
            result.timeline?.skipped.append(operation.index)
            schedule(.cancelledEnds, at: now &+ costs.overheadNanoseconds, worker: worker, operation: operation.index)
            return
        }
        _ = operation.enter(.executing)
        operation.started = now
        result.tally.started(
            level: operation.priority.level, wait: now - operation.enqueued, at: now, window: shape.refillUntil)
        result.timeline?.started[operation.index] = now
        result.timeline?.startOrder.append(operation.index)
        if freeCores > 0 {
            freeCores -= 1
            beginBody(worker: worker, operation: operation.index)
        } else {
            waitingForCore.append((worker, Int32(operation.index)))
        }
    }

    mutating func beginBody(worker: Int32, operation index: Int) {
        running += 1
        result.peakConcurrency = max(result.peakConcurrency, running)
        schedule(
            .bodyEnds, at: now &+ operations[index]!.duration &+ costs.overheadNanoseconds, worker: worker,
            operation: index)
    }

    mutating func bodyEnds(worker: Int32, operation index: Int) {
        running -= 1
        if waitingHead < waitingForCore.count {
            let next = waitingForCore[waitingHead]
            waitingHead += 1
            beginBody(worker: next.worker, operation: Int(next.operation))
            if waitingHead == waitingForCore.count {
                waitingForCore.removeAll(keepingCapacity: true)
                waitingHead = 0
            }
        } else {
            freeCores += 1
        }
        if let until = shape.refillUntil, now < until { refill(after: index) }
        finish(worker: worker, operation: index)
    }

    /// The operation leaves its queue (its body ended, or it was taken cancelled); its worker
    /// looks for the next one at once, or after handing off to its dependents.
    mutating func finish(worker: Int32, operation index: Int) {
        let operation = operations[index]!
        let alone = operation.finishesAlone
        hosts[Int(workerQueue[Int(worker)])].machine.finishedOnWorker(operation)
        _ = operation.enter(.finished)
        result.tally.finished(
            at: now, enqueued: operation.enqueued,
            started: operation.started == SimulatedOperation.notStarted ? nil : operation.started)
        result.timeline?.finished[index] = now
        if alone {
            operations[index] = nil
            look(worker)
        } else {
            schedule(.handOffEnds, at: now &+ costs.handOffNanoseconds, worker: worker, operation: index)
        }
    }
}

import QueueLabCore
import QueueLabRecorder
import QueueLabScheduling

/// How operations enter the run's queues: all at once on a suspended queue (closed workloads), as
/// they arrive (workloads with arrivals), or from `overload`'s producer.
extension SimulationRun {
    /// Closed workloads: every operation and edge in place on a suspended queue, then released at
    /// time 0. Open ones: the first arrival.
    mutating func start() throws(QueueError) {
        // Before the first arrival: a change at the time of an add comes first, as in a replay.
        for index in shape.queueChanges.indices {
            schedule(.queueChange, at: shape.queueChanges[index].at, operation: index)
        }
        if shape.hasArrivals {
            if let first = arrivals.upcoming { schedule(.arrival, at: first.time, operation: first.index) }
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

    /// The operations that arrive at this time, from the upcoming one on: made, their edges added,
    /// then added in order, as a producer adds a batch. The next arrival is scheduled from here, so
    /// one arrival at a time is pending.
    mutating func arrive() throws(QueueError) {
        guard let upcoming = arrivals.upcoming else { return }
        let first = upcoming.index
        var last = first
        while let arrival = arrivals.upcoming, arrival.time <= upcoming.time {
            last = arrival.index
            if shape.drawn != nil {
                operations.append(
                    SimulatedOperation(index: last, priority: arrival.priority, duration: arrival.duration))
                extendTimeline(priority: arrival.priority, duration: arrival.duration)
            } else if operations[last] == nil {
                operations[last] = made(last)
            }
            arrivals.advance()
        }
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
        if let next = arrivals.upcoming { schedule(.arrival, at: max(now, next.time), operation: next.index) }
    }

    /// `overload`'s producer, in the body that ends: the next operation of its class, added while
    /// the operation still holds its slot (so it wakes nobody unless a slot is free).
    mutating func refill(after index: Int) {
        let added = operations.endIndex
        let finishing = operations[index]!
        operations.append(
            SimulatedOperation(index: added, priority: finishing.priority, duration: finishing.duration))
        extendTimeline(priority: finishing.priority, duration: finishing.duration)
        add(added)
        carryOutWakeups()
    }

    /// A kept timeline's slots for an operation made during the run (one the shape does not list).
    mutating func extendTimeline(priority: QueuePriority, duration: UInt64) {
        guard result.timeline != nil else { return }
        result.timeline!.priorities.append(priority)
        result.timeline!.durations.append(duration)
        result.timeline!.enqueued.append(0)
        result.timeline!.started.append(0)
        result.timeline!.finished.append(0)
    }
}

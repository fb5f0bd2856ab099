import QueueLabCore
import QueueLabScheduling

/// How operations enter the run's queues: all at once on a suspended queue (closed workloads), as
/// they arrive (workloads with arrivals), or from `overload`'s producer.
extension SimulationRun {
    /// Closed workloads: every operation and edge in place on a suspended queue, then released at
    /// time 0. Open ones: the first arrival.
    mutating func start() throws(QueueError) {
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
}

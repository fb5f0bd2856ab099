import QueueLabCore

/// One operation's milestones, from a run's transitions, made monotonic: a later milestone is never
/// before an earlier one, and all lie between added and finished. Timestamps come from the threads
/// that made the transitions, whose clocks are read in a causal order that two threads can tie or
/// (by a few nanoseconds) invert; clamping keeps the phases non-negative and summing to the life.
struct OperationLife: Sendable {
    var id: OperationID
    var name: String?
    var priority: QueuePriority
    /// Index into the run's queues, or -1.
    var queue: Int
    /// Where its life starts: entering the add call that added it when that was stamped, else its
    /// first transition.
    var added: Int
    /// Its first transition (`pending` or `ready`): the queue had it.
    var recorded: Int
    var ready: Int
    /// nil: never executed (cancelled before it started).
    var executing: Int?
    var bodyStart: Int?
    var bodyEnd: Int?
    var finished: Int
    var wasCancelled: Bool

    var label: String { name.map { "\($0) \(id)" } ?? "op \(id)" }
    /// When it left the ready state: started, or finished without starting.
    var leftReady: Int { executing ?? finished }
}

/// The lives of a run's finished operations, and what the transitions did not let it build.
struct RunLives: Sendable {
    var lives: [OperationLife]
    /// Operation id to index in ``lives``.
    var index: [OperationID: Int]
    var unfinished: Int
    var bodiesStamped: Int

    init(_ run: RecordedRun) {
        struct Raw {
            var name: String?
            var priority: QueuePriority = .normal
            var added: UInt64?
            var ready: UInt64?
            var executing: UInt64?
            var finished: UInt64?
            var cancelled = false
        }
        var raws: [Raw] = []
        var position: [OperationID: Int] = [:]
        var ids: [OperationID] = []
        raws.reserveCapacity(run.transitions.count / 3)
        for transition in run.transitions {
            let slot: Int
            if let known = position[transition.operation] {
                slot = known
            } else {
                slot = raws.count
                position[transition.operation] = slot
                raws.append(Raw(name: transition.name, priority: transition.priority))
                ids.append(transition.operation)
            }
            let time = transition.timestamp
            switch transition.event {
            case .pending: if raws[slot].added == nil { raws[slot].added = time }
            case .ready:
                if raws[slot].ready == nil { raws[slot].ready = time }
                if raws[slot].added == nil { raws[slot].added = time }
            case .executing: if raws[slot].executing == nil { raws[slot].executing = time }
            case .finished: if raws[slot].finished == nil { raws[slot].finished = time }
            case .cancelled: raws[slot].cancelled = true
            }
            if raws[slot].name == nil { raws[slot].name = transition.name }
        }
        var lives: [OperationLife] = []
        lives.reserveCapacity(raws.count)
        // Unfinished operations are rare (a stalled run); until one is met, positions are indices.
        var index: [OperationID: Int]? = nil
        var unfinished = 0
        var stamped = 0
        for (slot, raw) in raws.enumerated() {
            guard let finishedStamp = raw.finished, let addedStamp = raw.added ?? raw.executing else {
                if index == nil { index = position.filter { $0.value < slot } }
                unfinished += 1
                continue
            }
            let id = ids[slot]
            // Threads' clocks may invert by a few nanoseconds: an add call stamped after the first
            // transition starts the life at that transition.
            let added = Int(Swift.min(run.addCalls[id]?.entered ?? addedStamp, addedStamp))
            let finished = Swift.max(added, Int(finishedStamp))
            var previous = added
            func next(_ stamp: UInt64?) -> Int? {
                guard let stamp else { return nil }
                previous = Swift.min(Swift.max(Int(stamp), previous), finished)
                return previous
            }
            // An operation cancelled while pending may finish without a `ready`: it waited on nothing but
            // its dependencies, so its ready is its finish.
            let recorded = next(addedStamp)!
            let ready = next(raw.ready ?? raw.executing ?? finishedStamp)!
            let executing = next(raw.executing)
            var bodyStart: Int?
            var bodyEnd: Int?
            if executing != nil, let body = run.bodies[id] {
                bodyStart = next(body.start)
                bodyEnd = next(body.end)
                stamped += 1
            }
            index?[id] = lives.count
            lives.append(
                OperationLife(
                    id: id, name: raw.name, priority: raw.priority, queue: run.queueOf[id] ?? -1, added: added,
                    recorded: recorded, ready: ready, executing: executing, bodyStart: bodyStart, bodyEnd: bodyEnd,
                    finished: finished,
                    wasCancelled: raw.cancelled))
        }
        self.lives = lives
        self.index = index ?? position
        self.unfinished = unfinished
        bodiesStamped = stamped
    }
}

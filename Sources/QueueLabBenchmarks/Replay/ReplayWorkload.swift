import QueueLabCore
import QueueLabRecorder

/// `replay`: a recording (QueueLabRecorder) run again on any implementation and policy. Open loop:
/// each operation is added at its recorded time from the first add (divided by `speed`), whatever
/// the queue is doing, to a queue made for its recorded queue (name and width); dependencies are
/// added before the timed phase, cancellations happen at their recorded time after the add, the
/// queues are suspended, resumed and resized when the recorded ones were (a change recorded before
/// the first add happens at the start), and each body spins or sleeps its recorded duration. A
/// queue the recording leaves suspended is resumed at the end: every recorded operation ran.
///
/// Figures: `makespan_ns` (first intended add to the last body's end); the latencies of every
/// operation whose body ran, from its actual add as every workload's `e2s` counts (and as the
/// recording's `wait` does), per priority class (`prio_CLASS_e2s_p50_ns`...); and how late the
/// generator added behind the recorded times (`generator_late_p50_ns`, `_p99_ns`, `_max_ns`), which
/// a wait from the add leaves out. Counted from the intended add instead, `open`'s replayed waits
/// read several times the recorded ones at p50 where the generator, spinning between arrivals
/// 100 us apart, shares the cores with the workers and is preempted by them (the figures:
/// `results/README.md`, "Figures the documentation used to show").
extension WorkloadExecution {
    func replay() throws -> WorkloadOutcome {
        let spec = try ReplaySpec(workload)
        if let reason = spec.unsupportedReason(for: Queue.capabilities) { throw SampleError.unsupported(reason) }
        let recorded = spec.recording.operations
        let count = recorded.count
        let firstAdd = recorded.first?.added ?? 0
        let arrivals = recorded.map { spec.scaled($0.added &- firstAdd) }
        let timeline = ArrivalTimeline(count: count)
        let queues = spec.recording.queues.map { makeQueue(named: $0.name, width: $0.width) }
        let operations = (0..<count).map { index in
            // Spinning replays the work (the CPU time, when recorded); sleeping, the time taken.
            let duration = spec.body == .spin ? recorded[index].work : recorded[index].body
            return Queue.Operation(
                name: recorded[index].name, priority: recorded[index].priority,
                body: replayBody(index, nanoseconds: spec.scaled(duration), spec.body, timeline))
        }
        var position: [UInt64: Int] = [:]
        for (index, operation) in recorded.enumerated() { position[operation.id] = index }
        for (index, operation) in recorded.enumerated() {
            for dependency in operation.dependencies {
                try operations[index].addDependency(operations[position[dependency]!])
            }
        }
        let events = ReplayEvents(spec: spec)
        let start = timedPhaseStarts()
        let origin = start + 50_000
        for event in events.list {
            let now = ArrivalPacer.wait(until: origin + event.time)
            switch event.action {
            case .add(let index):
                timeline.enqueued[index] = now
                try queues[recorded[index].queue].addOperation(operations[index])
            case .cancel(let index): operations[index].cancel()
            case .change(let queue, .suspended(let suspended)): queues[queue].isSuspended = suspended
            case .change(let queue, .width(let width)): queues[queue].maxConcurrentOperationCount = width
            }
        }
        for queue in queues {
            if queue.isSuspended { queue.isSuspended = false }
            try drain(queue)
        }
        let wall = timedPhaseEnds(since: start, keepingAlive: operations)
        var lastFinish = origin
        var lateness: [UInt64] = []
        lateness.reserveCapacity(count)
        for index in 0..<count where timeline.enqueued[index] != 0 {
            lateness.append(timeline.enqueued[index] &- (origin + arrivals[index]))
        }
        lateness.sort()
        for index in 0..<count where timeline.started[index] != 0 {
            lastFinish = Swift.max(lastFinish, timeline.finished[index])
            harness.recorder.record(
                enqueued: timeline.enqueued[index], started: timeline.started[index],
                finished: timeline.finished[index], priorityLevel: recorded[index].priority.level)
        }
        var figures = ["makespan_ns": Double(lastFinish - origin)]
        if !lateness.isEmpty {
            figures["generator_late_p50_ns"] = Double(lateness[(lateness.count - 1) / 2])
            figures["generator_late_p99_ns"] = Double(lateness[(lateness.count - 1) * 99 / 100])
            figures["generator_late_max_ns"] = Double(lateness[lateness.count - 1])
        }
        return WorkloadOutcome(operations: count, wallNanoseconds: wall, extraFigures: figures)
    }

    private func replayBody(
        _ index: Int, nanoseconds: UInt64, _ kind: ReplayBody, _ timeline: ArrivalTimeline
    ) -> OperationBody<Queue.Operation> {
        // The body holds the run's harness, as every workload's does: that is how `LeftoverWatch`
        // knows when the run's operations are freed.
        let harness = harness
        return .synchronous { operation in
            harness.meter.enter()
            let started = MonotonicClock.now()
            timeline.started[index] = started
            switch kind {
            case .spin: MonotonicClock.spin(nanoseconds: nanoseconds)
            // The generator's own pacing: sleep, then spin the last stretch (the timer slack).
            case .sleep: _ = ArrivalPacer.wait(until: started &+ nanoseconds, pacing: .sleep)
            }
            let finished = MonotonicClock.now()
            timeline.finished[index] = finished
            harness.meter.leave()
            harness.bodyLog?.noteBody(operation.id, start: started, end: finished)
        }
    }
}

/// A replay's adds, cancellations and queue changes in the recorded order, each at its time from
/// the first add at the replay's speed (a change recorded before the first add: at 0, still before
/// it). At the same recorded time a change comes first, then adds, then cancellations, so that a
/// cancellation never precedes its operation's add.
struct ReplayEvents {
    enum Action {
        case add(Int)
        case cancel(Int)
        case change(queue: Int, RecordedQueueChange.Kind)

        var rank: Int {
            switch self {
            case .change: 0
            case .add: 1
            case .cancel: 2
            }
        }
    }

    struct Event {
        var time: UInt64
        var action: Action
    }

    let list: [Event]

    init(spec: ReplaySpec) {
        let recorded = spec.recording.operations
        let firstAdd = recorded.first?.added ?? 0
        var timed: [(recordedAt: UInt64, action: Action)] = recorded.enumerated().map { ($1.added, .add($0)) }
        for (index, operation) in recorded.enumerated() {
            guard let after = operation.cancelledAfter else { continue }
            timed.append((operation.added &+ after, .cancel(index)))
        }
        for change in spec.recording.changes { timed.append((change.at, .change(queue: change.queue, change.kind))) }
        list = timed.enumerated().sorted {
            ($0.element.recordedAt, $0.element.action.rank, $0.offset) < (
                $1.element.recordedAt, $1.element.action.rank, $1.offset
            )
        }.map {
            Event(time: spec.scaled(Swift.max($0.element.recordedAt, firstAdd) &- firstAdd), action: $0.element.action)
        }
    }
}

import Foundation
import QueueLabCore

extension WorkloadExecution {
    /// `open`: operations added on a schedule drawn before the timed phase, whatever the queue is
    /// doing; the generator never waits for the queue, so a queue that falls behind builds a
    /// backlog that the latencies (from the intended arrival) show.
    func openLoop() throws -> WorkloadOutcome {
        let spec = try OpenLoopSpec(workload)
        if !spec.mix.isAllNormal && !Queue.capabilities.contains(.priorities) {
            throw SampleError.unsupported("open with mix=\(spec.mix.text) needs priorities")
        }
        let schedule = OpenLoopSchedule(spec)
        let count = schedule.arrivals.count
        let timeline = ArrivalTimeline(count: count)
        let queue = makeQueue(width: spec.width)
        let servers =
            spec.width == defaultMaxConcurrentOperationCount ? ProcessInfo.processInfo.activeProcessorCount : spec.width
        let warmAfter = try warmWorkers(of: queue, width: servers)
        var next = openOperation(0, schedule, timeline)
        let start = timedPhaseStarts()
        // A little lead, so the first arrival is not already late by the time the loop begins.
        let origin = start + 50_000
        for index in 0..<count {
            timeline.enqueued[index] = ArrivalPacer.wait(until: origin + schedule.arrivals[index], pacing: spec.pacing)
            try queue.addOperation(next)
            // Made after the add, in the gap before the next arrival: the add is all that is timed.
            if index + 1 < count { next = openOperation(index + 1, schedule, timeline) }
        }
        try drain(queue)
        _ = timedPhaseEnds(since: start)
        let figures = OpenLoopFigures(
            spec: spec, schedule: schedule, timeline: timeline, origin: origin, servers: servers
        ).compute(recordingInto: harness.recorder)
        var outcome = WorkloadOutcome(operations: count, wallNanoseconds: figures.wall, extraFigures: figures.values)
        outcome.extraFigures["warm_after_ns"] = warmAfter
        return outcome
    }

    private func openOperation(
        _ index: Int, _ schedule: OpenLoopSchedule, _ timeline: ArrivalTimeline
    ) -> Queue.Operation {
        let cost = schedule.services[index]
        // The body holds the run's harness, as every workload's does: that is how `LeftoverWatch`
        // knows when the run's operations are freed.
        let harness = harness
        return Queue.Operation(
            name: nil, priority: schedule.priorities[index],
            body: .synchronous { _ in
                harness.meter.enter()
                let started = MonotonicClock.now()
                timeline.started[index] = started
                MonotonicClock.spin(nanoseconds: cost)
                timeline.finished[index] = MonotonicClock.now()
                harness.meter.leave()
            })
    }
}

import Foundation
import Histogram
import QueueLabCore

/// The figures of an `open` sample, computed from its timeline after the queue drained.
///
/// `a2s` and `a2f` count from the intended arrival (wrk2's rule against coordinated omission: an
/// operation the generator added late still waited from when it was meant to arrive); `e2s`, `s2f`
/// and `e2f` (from the actual add) go through the harness's recorder like every workload's.
struct OpenLoopFigures {
    let spec: OpenLoopSpec
    let schedule: OpenLoopSchedule
    let timeline: ArrivalTimeline
    /// Clock reading of the first intended arrival.
    let origin: UInt64
    let servers: Int

    /// Figures, and whether the generator kept its schedule (within the spec's tolerance at p99).
    func compute(recordingInto recorder: LatencyRecorder) -> (values: [String: Double], wall: UInt64) {
        let count = timeline.count
        var values: [String: Double] = [:]
        var lateness = LatencyHistograms.empty()
        var lastFinish = origin
        var serviceTotal = 0.0
        var measuredServices: [UInt64] = []
        measuredServices.reserveCapacity(count)
        for index in 0..<count {
            lateness.record(Swift.max(1, timeline.enqueued[index] &- (origin + schedule.arrivals[index])))
            lastFinish = Swift.max(lastFinish, timeline.finished[index])
            let service = timeline.finished[index] &- timeline.started[index]
            serviceTotal += Double(service)
            measuredServices.append(service)
        }
        let lateP99 = lateness.valueAtPercentile(99)
        let late = lateP99 > spec.lateToleranceNanoseconds
        values["generator_late_p50_ns"] = Double(lateness.valueAtPercentile(50))
        values["generator_late_p99_ns"] = Double(lateP99)
        values["generator_late_max_ns"] = Double(lateness.max)
        values["generator_late"] = late ? 1 : 0
        let span = Double(schedule.arrivals.last ?? 0) / 1e9
        let offered = count > 1 && span > 0 ? Double(count - 1) / span : Double(spec.rate)
        values["offered_ops_per_s"] = offered
        let meanService = serviceTotal / Double(count)
        values["s2f_mean_ns"] = meanService
        let lastAdd = timeline.enqueued[count - 1]
        values["backlog_end"] = Double((0..<count).filter { timeline.started[$0] > lastAdd }.count)
        if spec.mix.isAllNormal {
            values["model_wait_ns"] = QueueingTheory.fcfsMeanWait(
                arrivals: schedule.arrivals, services: measuredServices, servers: servers)
        }
        if spec.arrivals == .poisson, case .exponential = spec.service,
            let wait = QueueingTheory.meanWait(arrivalRate: offered / 1e9, meanService: meanService, servers: servers)
        {
            values["theory_wait_ns"] = wait
        }
        // A late generator's latencies describe the generator as much as the queue: not reported.
        if !late { addLatencies(to: &values, recordingInto: recorder) }
        return (values, lastFinish &- origin)
    }

    private func addLatencies(to values: inout [String: Double], recordingInto recorder: LatencyRecorder) {
        var toStart = LatencyHistograms.empty()
        var toFinish = LatencyHistograms.empty()
        var waitTotal = 0.0
        let byClass = !spec.mix.isAllNormal
        for index in 0..<timeline.count {
            let intended = origin + schedule.arrivals[index]
            let wait = timeline.started[index] &- intended
            waitTotal += Double(wait)
            toStart.record(Swift.max(1, wait))
            toFinish.record(Swift.max(1, timeline.finished[index] &- intended))
            recorder.record(
                enqueued: timeline.enqueued[index], started: timeline.started[index],
                finished: timeline.finished[index], priorityLevel: byClass ? schedule.priorities[index].level : -1)
        }
        values["a2s_mean_ns"] = waitTotal / Double(timeline.count)
        for (kind, histogram) in [("a2s", toStart), ("a2f", toFinish)] {
            for (name, percentile) in Figure.percentiles {
                values["\(kind)_\(name)_ns"] = Double(histogram.valueAtPercentile(percentile))
            }
            values["\(kind)_max_ns"] = Double(histogram.max)
        }
    }
}
